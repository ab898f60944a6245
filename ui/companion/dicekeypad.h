// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "help/keyhelp.h"

#include "dice/dicepool.h"

#include <QWidget>

#include <array>
#include <optional>
#include <vector>

class QLabel;
class QPushButton;

namespace jw {

class OddsBar;

// The dice of one roll on the physical table, typed in: the pool to roll (how many
// Base, Flex and Macro dice), the exact odds of each result before the roll
// (dice/odds.h), one slot per die filled from a 1-6 keypad (or the keys 1-6;
// Backspace takes the last back; Enter enters the roll), and "Roll for me".
class DiceKeypad : public QWidget
{
    Q_OBJECT
public:
    explicit DiceKeypad(QWidget *parent = nullptr);

    // A new roll: `what` says what it is for ("Attack of JCS Vigilant on Shan-Yu").
    void setPool(const DicePool &pool, const QString &what);
    // A roll of `count` dice, of `pool` when it is one (its exact odds shown), plain dice
    // otherwise (a Skill Test, Initiative).
    void setRoll(const std::optional<DicePool> &pool, int count, const QString &what);
    [[nodiscard]] const DicePool &pool() const { return m_pool; }
    [[nodiscard]] bool hasPool() const { return m_hasPool; }
    // The dice to type: the effective pool's Base and Flex dice, then its Macro dice.
    [[nodiscard]] int diceCount() const { return m_count; }
    [[nodiscard]] const std::vector<int> &faces() const { return m_faces; }
    [[nodiscard]] bool complete() const { return int(m_faces.size()) == diceCount(); }

    void type(int face);
    void erase();
    void enter();

    [[nodiscard]] QPushButton *faceButton(int face) const { return m_keys[std::size_t(face - 1)]; }
    [[nodiscard]] QPushButton *enterButton() const { return m_enter; }
    [[nodiscard]] QPushButton *rollForMeButton() const { return m_rollForMe; }
    [[nodiscard]] QLabel *poolLabel() const { return m_poolLabel; }
    [[nodiscard]] QLabel *oddsLabel() const { return m_oddsLabel; }
    [[nodiscard]] OddsBar *oddsBar() const { return m_bar; }

    // The keys its keyPressEvent handles (Help › Keyboard Shortcuts).
    [[nodiscard]] static QList<KeyHelp> keyHelp();

Q_SIGNALS:
    // Every die typed: base and flex faces in the order typed, then the macro faces.
    void entered(const std::vector<int> &faces);
    void rollForMe();

protected:
    void keyPressEvent(QKeyEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;

private:
    class Slots;
    void updateState();

    DicePool m_pool;
    bool m_hasPool = true;
    int m_count = 0;
    std::vector<int> m_faces;
    QLabel *m_what = nullptr;
    QLabel *m_poolLabel = nullptr;
    OddsBar *m_bar = nullptr;
    QLabel *m_oddsLabel = nullptr;
    Slots *m_slots = nullptr;
    std::array<QPushButton *, 6> m_keys {};
    QPushButton *m_erase = nullptr;
    QPushButton *m_enter = nullptr;
    QPushButton *m_rollForMe = nullptr;
};

} // namespace jw
