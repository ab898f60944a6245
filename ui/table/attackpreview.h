// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/attack.h"
#include "engine/gamestate.h"

#include <QFrame>
#include <QWidget>

class QLabel;
class QPushButton;

namespace jw {

class Engine;
struct GameState;

// The exact odds of an attack's best result as one bar: [N], [D], [T], [Q+] side by side,
// each as wide as its probability, with its percentage.
class OddsBar : public QWidget
{
    Q_OBJECT
public:
    explicit OddsBar(QWidget *parent = nullptr);
    // P(best result is N, D, T, Q+).
    void setShares(const std::array<double, 4> &shares);
    [[nodiscard]] const std::array<double, 4> &shares() const { return m_shares; }
    [[nodiscard]] QSize sizeHint() const override;
    [[nodiscard]] QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    std::array<double, 4> m_shares {1, 0, 0, 0};
};

// The attack about to be made, before any die is rolled (Engine::previewAttack): the pool
// with its Base, Flex and Macro dice apart and each modifier with its reason, the defences
// of the target, what changes the result, the exact odds of each result, the expected
// damage to the target as it is now, and Roll (Enter) / Cancel (Esc). Cancelling changes
// nothing.
class AttackPreviewPanel : public QFrame
{
    Q_OBJECT
public:
    explicit AttackPreviewPanel(QWidget *parent = nullptr);

    void setPreview(const AttackPreview &preview, const Engine &engine, const GameState &state);
    [[nodiscard]] const AttackPreview &preview() const { return m_preview; }
    // The state the preview was made in (a preview of another state is stale).
    [[nodiscard]] const GameState &state() const { return m_state; }

    [[nodiscard]] QPushButton *rollButton() const { return m_roll; }
    [[nodiscard]] QPushButton *cancelButton() const { return m_cancel; }
    [[nodiscard]] QLabel *poolLabel() const { return m_pool; }
    [[nodiscard]] QLabel *modifiersLabel() const { return m_modifiers; }
    [[nodiscard]] QLabel *defencesLabel() const { return m_defences; }
    [[nodiscard]] QLabel *oddsLabel() const { return m_odds; }
    [[nodiscard]] QLabel *damageLabel() const { return m_damage; }
    [[nodiscard]] OddsBar *oddsBar() const { return m_bar; }

Q_SIGNALS:
    void rollRequested();
    void cancelled();

private:
    AttackPreview m_preview;
    GameState m_state;
    QLabel *m_title = nullptr;
    QLabel *m_where = nullptr;
    QLabel *m_pool = nullptr;
    QLabel *m_modifiers = nullptr;
    QLabel *m_defences = nullptr;
    QLabel *m_rules = nullptr;
    OddsBar *m_bar = nullptr;
    QLabel *m_odds = nullptr;
    QLabel *m_damage = nullptr;
    QPushButton *m_roll = nullptr;
    QPushButton *m_cancel = nullptr;
};

} // namespace jw
