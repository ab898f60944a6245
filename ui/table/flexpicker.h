// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "dice/dicepool.h"
#include "dice/roll.h"
#include "engine/decision.h"

#include <QAbstractButton>
#include <QWidget>

#include <vector>

class QLabel;
class QHBoxLayout;
class QPushButton;

namespace jw {

// One die face, drawn with pips: a rolled die the player may drop (dropped:
// dimmed and struck through), or a macro die (shown only).
class DieButton : public QAbstractButton
{
    Q_OBJECT
public:
    enum Kind {
        Rolled,
        MacroPlus,
        MacroMinus
    };
    DieButton(int face, Kind kind, QWidget *parent = nullptr);

    [[nodiscard]] int face() const { return m_face; }
    [[nodiscard]] Kind kind() const { return m_kind; }
    void setDropped(bool on);
    [[nodiscard]] bool isDropped() const { return m_dropped; }
    [[nodiscard]] QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    int m_face;
    Kind m_kind;
    bool m_dropped = false;
};

// The dice of a "flex" decision one by one: the base and flex dice as rolled
// (they are not told apart once rolled: the player drops as many as the pool
// has flex dice), the macro dice apart, and the result the selection gives in
// the rulebook's notation. The engine's best choice is preselected. The
// selection maps to the engine's option through core/dice (flexChoices), the
// same enumeration the engine numbered its options with; a decision it cannot
// map is left to the plain option list (setRequest() returns false).
class FlexPicker : public QWidget
{
    Q_OBJECT
public:
    explicit FlexPicker(QWidget *parent = nullptr);

    // Takes a "flex" decision; false when it does not understand it.
    bool setRequest(const DecisionRequest &request);

    // The engine's option that matches the dice dropped now; -1 while the
    // selection is incomplete.
    [[nodiscard]] int option() const { return m_option; }
    [[nodiscard]] int dieCount() const { return int(m_dice.size()); }
    [[nodiscard]] DieButton *die(int index) const { return m_dice[std::size_t(index)]; }
    [[nodiscard]] int macroCount() const { return int(m_macro.size()); }
    [[nodiscard]] int flexCount() const { return m_flex; }
    [[nodiscard]] std::vector<int> droppedFaces() const; // sorted
    [[nodiscard]] QLabel *resultLabel() const { return m_result; }

    void toggleDie(int index);
    void selectBest();

Q_SIGNALS:
    void optionChanged(int option);

private:
    void setDropped(int index, bool dropped);
    void refresh();

    DecisionRequest m_request;
    DicePool m_pool;
    std::vector<FlexChoice> m_choices;
    int m_default = 0;
    int m_flex = 0;
    int m_option = -1;
    std::vector<DieButton *> m_dice;
    std::vector<DieButton *> m_macro;
    std::vector<int> m_dropOrder; // indexes, oldest first (a new drop replaces the oldest)
    QLabel *m_poolLabel = nullptr;
    QLabel *m_rolledLabel = nullptr;
    QHBoxLayout *m_rolledRow = nullptr;
    QLabel *m_macroLabel = nullptr;
    QHBoxLayout *m_macroRow = nullptr;
    QLabel *m_result = nullptr;
    QPushButton *m_best = nullptr;
};

} // namespace jw
