// SPDX-License-Identifier: GPL-3.0-or-later
// GameWindow's attack flow: the preview before the roll, the dice after it (issue 16,
// "Attack preview, then roll"). In a file of its own so that the rest of the window can
// change beside it.
#include "table/attackpreview.h"
#include "table/dicewidget.h"
#include "table/gamecontroller.h"
#include "table/gamewindow.h"

#include "engine/engine.h"

#include <QBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QShortcut>
#include <QTreeWidget>

namespace jw {

void GameWindow::buildAttackPanels(QBoxLayout *layout)
{
    m_attackPreview = new AttackPreviewPanel;
    m_attackPreview->hide();
    layout->addWidget(m_attackPreview);
    connect(m_attackPreview, &AttackPreviewPanel::rollRequested, this,
            [this] { (void)confirmAttack(); });
    connect(m_attackPreview, &AttackPreviewPanel::cancelled, this, &GameWindow::cancelAttack);
    // Enter rolls, Esc cancels, wherever the focus is in the window (the table view after a
    // click on the target); the shortcuts live only while the preview is shown.
    for (const QKeySequence &key : {QKeySequence(Qt::Key_Return), QKeySequence(Qt::Key_Enter)}) {
        auto *roll = new QShortcut(key, m_attackPreview);
        roll->setContext(Qt::WindowShortcut);
        connect(roll, &QShortcut::activated, this, [this] { (void)confirmAttack(); });
    }
    auto *escape = new QShortcut(QKeySequence(Qt::Key_Escape), m_attackPreview);
    escape->setContext(Qt::WindowShortcut);
    connect(escape, &QShortcut::activated, this, &GameWindow::cancelAttack);

    // The dice of the last attack scroll in an area of their own, so that the panel never
    // asks the window for more height than it had (issue 16.2: it must fit 1280x720).
    auto *area = new QScrollArea;
    area->setObjectName(QStringLiteral("attackArea"));
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_attackResult = new AttackResultView;
    m_attackResult->setObjectName(QStringLiteral("attackResult"));
    area->setWidget(m_attackResult);
    area->hide();
    m_attackArea = area;
    // It shares the room with the weapon list (the Attack group's stretch).
    layout->addWidget(area, 1);
}

bool GameWindow::attackPreviewShowing() const
{
    return m_attackPreview && !m_attackPreview->isHidden();
}

bool GameWindow::previewAttack(int weapon, int target)
{
    if (!m_controller->hasGame())
        return false;
    const GameState &s = m_controller->state();
    const AttackPreview p = m_controller->engine().previewAttack(s, AttackCommand {weapon, target});
    if (!p.ok()) {
        // The engine's refusal, as a refused command shows it; nothing is previewed.
        cancelAttack();
        showRejection(p.check.rejection->rule, p.check.rejection->translatedMessage());
        return false;
    }
    m_message->clear();
    m_attackPreview->setPreview(p, m_controller->engine(), s);
    m_attackPreview->show();
    // While the preview is open it is the panel: the move controls and the weapon list
    // come back after Roll or Cancel.
    m_commitMove->parentWidget()->hide();
    m_weapons->parentWidget()->hide();
    m_attackResult->hide();
    m_lastRoll->hide();
    m_attackArea->hide();
    m_attackPreview->rollButton()->setFocus();
    return true;
}

bool GameWindow::confirmAttack()
{
    if (!attackPreviewShowing() || !m_controller->hasGame())
        return false;
    const AttackPreview p = m_attackPreview->preview();
    // Only the attack previewed in this very state is rolled.
    if (!(m_attackPreview->state() == m_controller->state())) {
        cancelAttack();
        return false;
    }
    m_attackPreview->hide();
    m_commitMove->parentWidget()->show();
    m_weapons->parentWidget()->show();
    const bool ok = send(AttackCommand {p.weapon, p.target});
    refreshAttackPanels();
    return ok;
}

void GameWindow::cancelAttack()
{
    if (!m_attackPreview || m_attackPreview->isHidden())
        return;
    m_attackPreview->hide();
    m_commitMove->parentWidget()->show();
    m_weapons->parentWidget()->show();
    if (m_controller->hasGame())
        refreshAttackPanels();
}

void GameWindow::refreshAttackPanels()
{
    const GameState &s = m_controller->state();
    // A preview made in another state (undo, a replay, a new game) is stale.
    if (attackPreviewShowing() && !(m_attackPreview->state() == s)) {
        m_attackPreview->hide();
        m_commitMove->parentWidget()->show();
        m_weapons->parentWidget()->show();
    }
    // The last command's attack, as dice: it replaces the roll lines.
    const Game *game = m_controller->game();
    const bool attackShown = !attackPreviewShowing() && !game->log().empty()
        && !game->history().empty()
        && m_attackResult->setEvents(game->log().back(), m_controller->engine(), s);
    if (!attackShown)
        m_attackResult->clear();
    m_attackResult->setVisible(attackShown);
    m_attackArea->setVisible(attackShown);
    if (attackShown || attackPreviewShowing())
        m_lastRoll->hide();
}

} // namespace jw
