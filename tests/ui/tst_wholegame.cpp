// SPDX-License-Identifier: GPL-3.0-or-later
// Whole games through the controls (issue 16, "A whole game through the controls in a
// test"): seeded games played from deployment to the last turn by clicking what a person
// clicks — models on the table and cards in the fleet strip, the Action list and
// Activate, drags on the table and the turn buttons, the weapon list, the attack preview
// and Roll, the decision panel (its options, the flex dice, the hand-over screen), End
// Activation. What to do is a seeded random choice among the commands the engine accepts
// (RandomPlayer); it is carried out only through the widgets, never by Engine::apply or
// GameController::apply. After every step the table and the engine must agree: the
// command went through with no refusal shown, the panel offers what legalCommands offers,
// and after End Activation the model the panel has selected can be activated (issue 16.1).
//
// Two scenarios run in the ordinary suite (wholeGames); every scenario runs under the
// ctest label "slow" (tst_wholegame_slow).
#include "table/attackpreview.h"
#include "table/fleetstrip.h"
#include "table/flexpicker.h"
#include "table/gamecontroller.h"
#include "table/gamewindow.h"
#include "table/gamewindowroles.h"
#include "table/modelitem.h"
#include "table/tablescene.h"
#include "table/tableterms.h"
#include "table/tableview.h"
#include "tabletestutil.h"
#include "theme.h"

#include "dice/dicesource.h"
#include "engine/gamejson.h"
#include "engine/randomplayer.h"
#include "engine/scenario.h"
#include "fleet/fleetfile.h"

#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QPainter>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTest>
#include <QTreeWidget>

#include <random>
#include <set>

using namespace jw;
using jw::test::db;
using jw::test::sample;
using jw::test::scenarios;
using jw::test::shot;

namespace {

// The item roles of the game window's lists: which model, weapon, target or option a row is.
constexpr int kModelRole = GameWindowRole::Model;
constexpr int kWeaponRole = GameWindowRole::Weapon;
constexpr int kTargetRole = GameWindowRole::Target;
constexpr int kOptionRole = GameWindowRole::Option;
constexpr int kTerrainRole = GameWindowRole::Terrain;

QString json(const Command &c)
{
    return QString::fromUtf8(QJsonDocument(commandToJson(c)).toJson(QJsonDocument::Compact));
}

// One game played through the window's controls.
class Player
{
public:
    Player(GameWindow &w, std::uint64_t seed)
        : m_w(w)
        , m_c(*w.controller())
        , m_random(seed * 7919)
        , m_rng(seed)
    { }

    // Plays until the game is over (or `maxSteps` commands); empty when every step went
    // through the controls and the table agreed with the engine, else what went wrong.
    QString playToTheEnd(int maxSteps, const QString &shotPrefix)
    {
        m_shotPrefix = shotPrefix;
        if (QString e = agreement(); !e.isEmpty())
            return QStringLiteral("at the start: ") + e;
        int skipped = 0;
        for (m_step = 0; m_step < maxSteps && m_c.state().phase != Phase::Over; ++m_step) {
            const std::optional<Command> choice = m_random.choose(m_c.engine(), m_c.state());
            if (!choice)
                return where() + QStringLiteral("the engine offers nothing, the game not over");
            const std::size_t before = m_c.game()->history().size();
            m_diceDecided = false;
            if (trace())
                qInfo("%s%s", qPrintable(where()), qPrintable(json(*choice)));
            QString e = perform(*choice);
            if (e == skip()) {
                // A choice the mouse cannot make exactly (a move a pixel too long, a point
                // under another base): another choice, as a person would.
                if (++skipped > 40)
                    return where() + QStringLiteral("40 choices in a row not playable: last ")
                        + json(*choice);
                --m_step;
                continue;
            }
            skipped = 0;
            if (!e.isEmpty())
                return where() + e + QStringLiteral(" (choice ") + json(*choice) + QLatin1Char(')');
            if (m_c.game()->history().size() != before + 1 && m_diceDecided) {
                // The move was legal with some dice (a Skill Test to turn) and the game's
                // failed it: refused, and shown; a person plans another.
                m_diceDecided = false;
                if (++skipped > 40)
                    return where() + QStringLiteral("40 choices in a row not playable");
                --m_step;
                continue;
            }
            if (m_c.game()->history().size() != before + 1)
                return where()
                    + QStringLiteral("the controls did not send %1 (history %2 -> %3; %4; "
                                     "message \"%5\")")
                          .arg(json(*choice))
                          .arg(before)
                          .arg(m_c.game()->history().size())
                          .arg(m_c.lastRejection() ? m_c.lastRejection()->toString()
                                                   : QStringLiteral("no refusal"),
                               m_w.messageLabel()->text());
            const Command &sent = m_c.game()->history().back().command;
            if (commandId(sent) != commandId(*choice))
                return where()
                    + QStringLiteral("the controls sent %1 for %2").arg(json(sent), json(*choice));
            ++m_sent[commandId(sent)];
            if (m_w.messageLabel()->text().startsWith(QStringLiteral("Refused")))
                return where() + QStringLiteral("a refusal is shown after an accepted ")
                    + json(sent) + QStringLiteral(": ") + m_w.messageLabel()->text();
            if (QString a = agreement(); !a.isEmpty())
                return where() + QStringLiteral("after ") + json(sent) + QStringLiteral(": ") + a;
        }
        if (m_c.state().phase != Phase::Over)
            return QStringLiteral("not over after %1 steps").arg(maxSteps);
        if (!m_w.turnLabel()->text().startsWith(QStringLiteral("Game over")))
            return QStringLiteral("the game is over, the table says \"%1\"")
                .arg(m_w.turnLabel()->text());
        shot(&m_w, m_shotPrefix + QStringLiteral("-over"));
        return {};
    }

    [[nodiscard]] int steps() const { return m_step; }
    [[nodiscard]] const std::map<QString, int> &sent() const { return m_sent; }

private:
    static bool trace()
    {
        static const bool on = qEnvironmentVariableIsSet("JW_WHOLEGAME_TRACE");
        return on;
    }

    static QString skip() { return QStringLiteral("\x01skip"); }

    QString where() const
    {
        const GameState &s = m_c.state();
        return QStringLiteral("step %1 (turn %2, %3, player %4): ")
            .arg(m_step)
            .arg(s.turn)
            .arg(phaseId(s.phase))
            .arg(s.toAct);
    }

    int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(m_rng); }

    QPushButton *button(const QString &text) const
    {
        for (QPushButton *b : m_w.findChildren<QPushButton *>())
            if (b->text() == text && b->isVisible())
                return b;
        return nullptr;
    }

    // The visible list of the deployment panel (the models to place).
    QListWidget *deployList() const
    {
        for (QListWidget *l : m_w.findChildren<QListWidget *>())
            if (l->isVisible() && l != m_w.actionList() && l->count() > 0
                && l->item(0)->data(kModelRole).isValid())
                return l;
        return nullptr;
    }

    QComboBox *embarkCombo() const
    {
        for (QComboBox *b : m_w.findChildren<QComboBox *>())
            if (b->isVisible() && b->count() > 0 && b->itemData(0).toList().size() == 2)
                return b;
        return nullptr;
    }

    void mouseAt(QEvent::Type type, const QPoint &at, Qt::MouseButtons buttons)
    {
        QWidget *vp = m_w.view()->viewport();
        QMouseEvent e(type, QPointF(at), QPointF(vp->mapToGlobal(at)),
                      type == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton, buttons,
                      Qt::NoModifier);
        QApplication::sendEvent(vp, &e);
    }

    QPoint toView(const QPointF &scenePos)
    {
        m_w.view()->ensureVisible(QRectF(scenePos - QPointF(0.5, 0.5), QSizeF(1, 1)), 20, 20);
        return m_w.view()->mapFromScene(scenePos);
    }

    // A click on the table where a person's pointer would be: it moves there first.
    void clickScene(const QPointF &scenePos)
    {
        const QPoint p = toView(scenePos);
        mouseAt(QEvent::MouseMove, p, Qt::NoButton);
        mouseAt(QEvent::MouseButtonPress, p, Qt::LeftButton);
        mouseAt(QEvent::MouseButtonRelease, p, Qt::NoButton);
        QCoreApplication::processEvents();
    }

    void dragScene(const QPointF &from, const QPointF &to)
    {
        const QPoint a = toView(from);
        const QPoint b = m_w.view()->mapFromScene(to);
        mouseAt(QEvent::MouseMove, a, Qt::NoButton);
        mouseAt(QEvent::MouseButtonPress, a, Qt::LeftButton);
        // Out to the side and back: a drag shorter than the drag threshold still counts.
        mouseAt(QEvent::MouseMove, a + QPoint(12, 12), Qt::LeftButton);
        for (int i = 1; i <= 4; ++i)
            mouseAt(QEvent::MouseMove, a + (b - a) * i / 4, Qt::LeftButton);
        mouseAt(QEvent::MouseButtonRelease, b, Qt::NoButton);
        QCoreApplication::processEvents();
    }

    // A point of the model's base where a click finds it (not a base above it), in view
    // pixels; nullopt when none.
    std::optional<QPointF> clickPointOf(int model)
    {
        const ModelItem *item = m_w.scene()->modelItem(model);
        const GameState &s = m_c.state();
        if (!item || !s.model(model) || !s.model(model)->onTable())
            return std::nullopt;
        const BaseShape base = m_c.engine().view(s, model).base();
        const QRectF r = base.outline().boundingRect();
        for (int i = 0; i <= 4; ++i)
            for (int j = 0; j <= 4; ++j) {
                const QPointF p = i == 0 && j == 0
                    ? base.centre()
                    : QPointF(r.left() + r.width() * (0.1 + 0.2 * i),
                              r.top() + r.height() * (0.1 + 0.2 * j));
                if (!base.contains(p))
                    continue;
                // Where the pixel lands back in the scene.
                const QPointF back = m_w.view()->mapToScene(toView(p));
                if (m_w.scene()->modelAt(back) == model)
                    return back;
            }
        return std::nullopt;
    }

    // Chooses `model` as a person would: its base on the table, or its card in the fleet
    // strip (when it has none on the table, or one time in three).
    bool clickModel(int model)
    {
        const std::optional<QPointF> at = clickPointOf(model);
        if (at && pick(3) > 0) {
            clickScene(*at);
            return true;
        }
        FleetStrip *strip = m_w.fleetStrip();
        QListWidgetItem *card = strip->itemOf(model);
        if (!card || !strip->isVisible()) {
            if (!at)
                return false;
            clickScene(*at);
            return true;
        }
        strip->scrollToItem(card);
        QTest::mouseClick(strip->viewport(), Qt::LeftButton, {},
                          strip->visualItemRect(card).center());
        return true;
    }

    static void clickItem(QListWidget *list, QListWidgetItem *item, bool twice = false)
    {
        list->scrollToItem(item);
        const QPoint p = list->visualItemRect(item).center();
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, p);
        if (twice)
            QTest::mouseDClick(list->viewport(), Qt::LeftButton, {}, p);
    }

    static void clickItem(QTreeWidget *tree, QTreeWidgetItem *item, bool twice = false)
    {
        tree->scrollToItem(item);
        const QPoint p = tree->visualItemRect(item).center();
        QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, p);
        if (twice)
            QTest::mouseDClick(tree->viewport(), Qt::LeftButton, {}, p);
    }

    static bool click(QAbstractButton *b)
    {
        if (!b || !b->isVisible() || !b->isEnabled())
            return false;
        QTest::mouseClick(b, Qt::LeftButton);
        return true;
    }

    QString perform(const Command &c)
    {
        return std::visit([this](const auto &cmd) { return performOne(cmd); }, c);
    }

    QString performOne(const DeployCommand &d)
    {
        QListWidget *list = deployList();
        if (!list)
            return QStringLiteral("no list of the models to deploy");
        QListWidgetItem *item = nullptr;
        for (int i = 0; i < list->count(); ++i)
            if (list->item(i)->data(kModelRole).toInt() == d.model)
                item = list->item(i);
        if (!item)
            return QStringLiteral("model %1 is not in the deployment list").arg(d.model);
        clickItem(list, item);
        if (m_w.deployModel() != d.model)
            return QStringLiteral("clicked model %1 in the list, the table places %2")
                .arg(d.model)
                .arg(m_w.deployModel());
        if (auto *facing = m_w.findChild<QDoubleSpinBox *>(QStringLiteral("facingSpin")))
            facing->setValue(d.placement.facing());
        if (d.water && m_w.waterSpin()->isVisible())
            m_w.waterSpin()->setValue(*d.water);
        if (m_deployShots++ == 0)
            shot(&m_w, m_shotPrefix + QStringLiteral("-deploy"));
        clickScene(d.placement.centre());
        return {};
    }

    QString performOne(const EmbarkCommand &e)
    {
        QComboBox *combo = embarkCombo();
        if (!combo)
            return QStringLiteral("no Embark choice shown");
        const int i = combo->findData(QVariantList {e.model, e.carrier});
        if (i < 0)
            return QStringLiteral("Embark %1 on %2 is not offered").arg(e.model).arg(e.carrier);
        combo->setCurrentIndex(i);
        return click(button(QStringLiteral("Embark"))) ? QString()
                                                       : QStringLiteral("no Embark button");
    }

    QString performOne(const DeclineCommand &)
    {
        return click(button(QStringLiteral("Decline to deploy")))
            ? QString()
            : QStringLiteral("no Decline button");
    }

    QString performOne(const ActivateCommand &a)
    {
        const GameState &s = m_c.state();
        if (!m_w.actionList()->isVisible())
            return QStringLiteral("the Action list is not shown");
        if (m_w.selectedModel() != a.model) {
            if (s.model(a.model)->onTable()) {
                if (!clickModel(a.model))
                    return skip();
            } else {
                auto *embarked = m_w.findChild<QListWidget *>(QStringLiteral("embarkedList"));
                QListWidgetItem *it = nullptr;
                for (int i = 0; embarked && i < embarked->count(); ++i)
                    if (embarked->item(i)->data(kModelRole).toInt() == a.model)
                        it = embarked->item(i);
                if (!it)
                    return QStringLiteral("embarked model %1 is not listed").arg(a.model);
                clickItem(embarked, it);
            }
        }
        if (m_w.selectedModel() != a.model)
            return QStringLiteral("clicked model %1, selected %2")
                .arg(a.model)
                .arg(m_w.selectedModel());
        const QString name = TableTerms::actionName(a.action);
        QListWidgetItem *item = nullptr;
        for (int i = 0; i < m_w.actionList()->count(); ++i)
            if (m_w.actionList()->item(i)->text() == name)
                item = m_w.actionList()->item(i);
        if (!item)
            return QStringLiteral("the Action list has no \"%1\"").arg(name);
        if (!(item->flags() & Qt::ItemIsEnabled))
            return QStringLiteral("\"%1\" is greyed out").arg(name);
        if (pick(4) == 0) {
            clickItem(m_w.actionList(), item, true); // a double click activates
            return {};
        }
        clickItem(m_w.actionList(), item);
        if (m_activateShots++ == 0)
            shot(&m_w, m_shotPrefix + QStringLiteral("-activate"));
        return click(button(QStringLiteral("Activate"))) ? QString()
                                                         : QStringLiteral("Activate disabled");
    }

    QString performOne(const MoveCapitalCommand &m)
    {
        const GameState &s = m_c.state();
        const int id = s.activation->model;
        const Placement start = s.model(id)->placement;
        auto *spin = m_w.findChild<QDoubleSpinBox *>(QStringLiteral("turnSpin"));
        std::vector<MoveLeg> done;
        for (const MoveLeg &leg : m.legs) {
            const Placement from = CapitalMovePlan {done}.evaluate(start).finalPlacement;
            if (leg.distance > 0) {
                dragScene(from.centre(), from.centre() + from.forward() * leg.distance);
            }
            done.push_back({leg.distance, 0});
            if (leg.turn != 0) {
                if (!spin || !spin->isVisible())
                    return QStringLiteral("no turn angle box for a capital ship");
                spin->setValue(std::abs(leg.turn));
                if (!click(button(leg.turn < 0 ? QStringLiteral("Turn to Port")
                                               : QStringLiteral("Turn to Starboard"))))
                    return skip(); // no turn left in the plan the mouse made
                done.back().turn = leg.turn;
            }
        }
        return commitPlannedMove();
    }

    QString performOne(const MoveSquadronCommand &m)
    {
        for (const QPointF &p : m.path) {
            // A click on a base is a selection, not a waypoint: a person clicks beside it.
            if (m_w.scene()->modelAt(m_w.view()->mapToScene(toView(p))) >= 0) {
                clearPlan();
                return skip();
            }
            clickScene(p);
        }
        return commitPlannedMove();
    }

    void clearPlan() { click(button(QStringLiteral("Clear"))); }

    // The plan the mouse made: the table and the engine must agree whether it is legal;
    // then Move (when legal) or Clear.
    QString commitPlannedMove()
    {
        const GameState &s = m_c.state();
        std::optional<Command> planned;
        if (!m_w.plannedLegs().empty())
            planned = MoveCapitalCommand {m_w.plannedLegs()};
        else if (m_w.plannedPath().size() > 1)
            planned = MoveSquadronCommand {
                std::vector<QPointF>(m_w.plannedPath().begin() + 1, m_w.plannedPath().end())};
        if (!planned)
            return skip();
        if (auto *cap = std::get_if<MoveCapitalCommand>(&*planned)) {
            while (!cap->legs.empty() && cap->legs.back().distance == 0
                   && cap->legs.back().turn == 0)
                cap->legs.pop_back();
            if (cap->legs.empty()) { // the drag came to nothing: a move of no length
                clearPlan();
                return skip();
            }
        }
        CounterDiceSource none(0, 0);
        const ApplyResult r = m_c.engine().apply(s, *planned, none);
        const bool shownRefused
            = m_w.messageLabel()->text().startsWith(QStringLiteral("This move would be refused"));
        const bool diceOnly = !r.ok() && r.rejection->rule == QLatin1String("Dice");
        if (r.ok() == shownRefused && !diceOnly)
            return QStringLiteral("the engine %1 the planned move %2, the table shows \"%3\"")
                .arg(r.ok() ? QStringLiteral("accepts") : QStringLiteral("refuses"), json(*planned),
                     m_w.messageLabel()->text());
        if (!r.ok() && !diceOnly) {
            clearPlan();
            return skip();
        }
        if (diceOnly) {
            // A move that rolls a Skill Test (to turn): the table asks the engine without
            // dice, which stops at the test; asked again with dice, it may still be refused
            // for another reason (an overlap at the end), which the table cannot show yet.
            std::vector<int> faces(256, 6);
            ScriptedDiceSource dice(faces);
            if (!m_c.engine().apply(s, *planned, dice).ok()) {
                clearPlan();
                return skip();
            }
            m_diceDecided = true;
        }
        return click(button(QStringLiteral("Move"))) ? QString()
                                                     : QStringLiteral("Move is disabled");
    }

    QString performOne(const AttackCommand &a)
    {
        QTreeWidget *tree = m_w.weaponTree();
        if (!tree->isVisible())
            return QStringLiteral("no weapon list");
        QTreeWidgetItem *line = nullptr;
        QTreeWidgetItem *row = nullptr;
        for (int i = 0; i < tree->topLevelItemCount(); ++i) {
            QTreeWidgetItem *l = tree->topLevelItem(i);
            if (l->data(0, kWeaponRole).toInt() != a.weapon)
                continue;
            line = l;
            for (int j = 0; j < l->childCount(); ++j)
                if (l->child(j)->data(0, kTargetRole).toInt() == a.target)
                    row = l->child(j);
        }
        if (!line || !row)
            return QStringLiteral("weapon %1 at %2 is not in the weapon list")
                .arg(a.weapon)
                .arg(a.target);
        if (pick(3) == 0) {
            clickItem(tree, row, true); // a double click on the target's row previews
        } else {
            clickItem(tree, line);
            ModelItem *target = m_w.scene()->modelItem(a.target);
            if (!target || target->highlight() != ModelItem::TargetAllowed)
                return QStringLiteral("target %1 not marked as allowed on the table").arg(a.target);
            if (!clickModel(a.target))
                return skip();
        }
        if (!m_w.attackPreviewShowing())
            return QStringLiteral("no attack preview (message \"%1\")")
                .arg(m_w.messageLabel()->text());
        const AttackPreview p = m_w.attackPreviewPanel()->preview();
        if (p.weapon != a.weapon || p.target != a.target)
            return QStringLiteral("the preview shows weapon %1 at %2").arg(p.weapon).arg(p.target);
        if (m_attackShots++ == 0)
            shot(&m_w, m_shotPrefix + QStringLiteral("-attack-preview"));
        if (!click(m_w.attackPreviewPanel()->rollButton()))
            return QStringLiteral("no Roll button");
        if (m_attackShots == 1) {
            ++m_attackShots;
            shot(&m_w, m_shotPrefix + QStringLiteral("-attack-result"));
        }
        return {};
    }

    QString performOne(const AnswerCommand &a)
    {
        if (m_w.handOverShowing()) {
            if (!click(button(QStringLiteral("I am here: show me"))))
                return QStringLiteral("no hand-over button");
            if (m_w.handOverShowing())
                return QStringLiteral("still handing over");
        }
        const DecisionRequest r = m_c.state().pending->request; // a copy: answering ends it
        if (m_decisionShots++ < 2)
            shot(&m_w, m_shotPrefix + QStringLiteral("-decision-") + r.kind);
        FlexPicker *flex = m_w.flexPicker();
        if (flex->isVisible()) {
            // The dice dropped at random, one die at a time, until the picker names an
            // option (the engine's best is preselected; a person changes it or not).
            for (int i = pick(4); i > 0 && flex->dieCount() > 0; --i)
                QTest::mouseClick(flex->die(pick(flex->dieCount())), Qt::LeftButton);
            for (int guard = 0; flex->option() < 0 && guard < 50; ++guard)
                QTest::mouseClick(flex->die(pick(flex->dieCount())), Qt::LeftButton);
            if (flex->option() < 0)
                flex->selectBest();
            if (m_w.selectedOption() != flex->option())
                return QStringLiteral("the flex picker shows option %1, the panel %2")
                    .arg(flex->option())
                    .arg(m_w.selectedOption());
            return click(m_w.answerButton()) ? QString()
                                             : QStringLiteral("Answer disabled for flex dice");
        }
        QListWidget *options = m_w.decisionOptions();
        QListWidgetItem *item = nullptr;
        for (int i = 0; i < options->count(); ++i)
            if (options->item(i)->data(kOptionRole).toInt() == a.option.value_or(-1)
                && options->item(i)->data(kOptionRole).isValid())
                item = options->item(i);
        if (!item)
            return QStringLiteral("option %1 is not listed").arg(a.option.value_or(-1));
        clickItem(options, item);
        if (m_w.selectedOption() != *a.option)
            return QStringLiteral("clicked option %1, the panel has %2")
                .arg(*a.option)
                .arg(m_w.selectedOption());
        if (!click(m_w.answerButton()))
            return QStringLiteral("Answer disabled");
        if (r.pathOption(*a.option)) {
            if (m_w.pathOption() != *a.option)
                return QStringLiteral("a movement option does not wait for a click");
            if (a.path.empty())
                return QStringLiteral("a movement answer without a path");
            if (m_w.scene()->modelAt(m_w.view()->mapToScene(toView(a.path.front()))) >= 0)
                return skip();
            clickScene(a.path.front());
        }
        return {};
    }

    QString performOne(const ResolveActionCommand &r)
    {
        QPushButton *resolve = m_w.resolveButton();
        if (!resolve->isVisible())
            return QStringLiteral("no Resolve button");
        if (r.at) {
            if (!m_w.pickingTarget() && !click(resolve))
                return QStringLiteral("Resolve disabled");
            if (!m_w.layingMines())
                return QStringLiteral("not laying mines");
            clickScene(*r.at);
            // Laying another is offered until Esc: a person stops here.
            if (m_w.pickingTarget())
                m_w.cancelTargetPick();
            return {};
        }
        const std::size_t before = m_c.game()->history().size();
        if (!m_w.pickingTarget() && !click(resolve))
            return QStringLiteral("Resolve disabled");
        if (m_c.game()->history().size() != before)
            return {}; // one way to resolve: sent at once
        if (!m_w.pickingTarget())
            return QStringLiteral("Resolve neither resolved nor asks for a target");
        QListWidget *list = m_w.resolveTargetList();
        if (r.target && pick(2) == 0) {
            ModelItem *item = m_w.scene()->modelItem(*r.target);
            if (!item || item->highlight() != ModelItem::ActionTarget)
                return QStringLiteral("target %1 of the Action not marked").arg(*r.target);
            if (clickModel(*r.target))
                return {};
        }
        for (int i = 0; i < list->count(); ++i) {
            QListWidgetItem *it = list->item(i);
            const bool match = r.target
                ? it->data(kTargetRole).toInt() == *r.target && !it->data(kTerrainRole).isValid()
                : r.terrain && it->data(kTerrainRole).toInt() == *r.terrain;
            if (match) {
                clickItem(list, it);
                return {};
            }
        }
        return QStringLiteral("the target is not listed");
    }

    // Where a click aimed at `p` lands on the table: the pixel's point, not `p`.
    QPointF clicked(const QPointF &p) { return m_w.view()->mapToScene(toView(p)); }

    // Whether the engine accepts `c` now (placements: no dice).
    bool accepted(const Command &c)
    {
        CounterDiceSource none(0, 0);
        return m_c.engine().apply(m_c.state(), c, none).ok();
    }

    QString performOne(const LaunchCommand &l)
    {
        const QPointF at = clicked(l.placement.centre());
        if (m_w.scene()->modelAt(at) >= 0)
            return skip();
        // The table launches facing the enemy's edge, not the random facing: a spot within
        // reach for one facing may not be for the other (a person clicks closer); and the
        // click lands on a pixel, which may be a hair too close to another base.
        const bool bottom = m_c.engine().tableEdge(m_c.state().toAct) == TableEdge::Bottom;
        if (!accepted(LaunchCommand {Placement(at, bottom ? 0.0 : 180.0)}))
            return skip();
        clickScene(l.placement.centre());
        return {};
    }

    QString performOne(const LandCommand &l)
    {
        QPushButton *land = m_w.landButton();
        if (!land->isVisible())
            return QStringLiteral("no Land button");
        const QString text
            = QStringLiteral("Land on %1").arg(m_c.engine().modelName(m_c.state(), l.carrier));
        for (QAction *a : land->menu()->actions())
            if (a->text() == text) {
                a->trigger();
                return {};
            }
        return QStringLiteral("no \"%1\" in the Land menu").arg(text);
    }

    QString performOne(const EndActivationCommand &)
    {
        return click(button(QStringLiteral("End Activation")))
            ? QString()
            : QStringLiteral("no End Activation button");
    }

    QString performOne(const PlaceBeaconCommand &b)
    {
        // A marker exactly 12" from another one: the pixel under the pointer may be a hair
        // closer, and the table rightly refuses it; a person clicks a little further out.
        if (!accepted(PlaceBeaconCommand {clicked(b.at)}))
            return skip();
        clickScene(b.at);
        return {};
    }

    QString performOne(const PlaceCometCommand &c)
    {
        if (!m_w.cometSizeSpin()->isVisible())
            return QStringLiteral("no Comet size box");
        m_w.cometSizeSpin()->setValue(c.diameter);
        clickScene(c.at);
        return {};
    }

    // The physical table's commands are not played through the digital table's window.
    QString performOne(const RollCommand &) { return QStringLiteral("no roll on a digital table"); }
    QString performOne(const CorrectCommand &) { return QStringLiteral("no correction here"); }

    QString performOne(const ScenarioSetupCommand &)
    {
        return QStringLiteral("the engine offered a scenario set-up command");
    }

    // The table shows what the engine offers now.
    QString agreement()
    {
        // As the event loop between two clicks: the posted events, the deferred deletes too
        // (processEvents() alone leaves those, and the queue grows without end).
        QCoreApplication::processEvents();
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        const GameState &s = m_c.state();
        const Engine &engine = m_c.engine();
        const LegalCommands legal = m_c.game()->legalCommands();
        if (s.phase == Phase::Over)
            return m_w.turnLabel()->text().startsWith(QStringLiteral("Game over"))
                ? QString()
                : QStringLiteral("over, but the table says \"%1\"").arg(m_w.turnLabel()->text());
        const int who = legal.decision ? legal.decision->player : s.toAct;
        if (!m_w.turnLabel()->text().contains(m_c.playerName(who)))
            return QStringLiteral("the turn line \"%1\" does not name %2")
                .arg(m_w.turnLabel()->text(), m_c.playerName(who));
        if (legal.decision) {
            if (m_w.handOverShowing())
                return {};
            const bool flex = m_w.flexPicker()->isVisible();
            if (!flex) {
                int listed = 0;
                for (int i = 0; i < m_w.decisionOptions()->count(); ++i)
                    listed += m_w.decisionOptions()->item(i)->data(kOptionRole).isValid();
                if (listed != legal.decision->optionCount())
                    return QStringLiteral("the decision lists %1 options, the engine %2")
                        .arg(listed)
                        .arg(legal.decision->optionCount());
            }
            if (!m_w.answerButton()->isVisible())
                return QStringLiteral("no Answer button for a decision");
            return {};
        }
        if (s.phase == Phase::Deployment) {
            if ((s.deploymentStep == DeploymentStep::CapitalShips
                 || s.deploymentStep == DeploymentStep::Squadrons)
                && !legal.deployable.empty()) {
                QListWidget *list = deployList();
                if (!list || list->count() != int(legal.deployable.size()))
                    return QStringLiteral("the deployment list does not list the %1 models")
                        .arg(legal.deployable.size());
                if (std::find(legal.deployable.begin(), legal.deployable.end(), m_w.deployModel())
                    == legal.deployable.end())
                    return QStringLiteral("the model to place, %1, may not deploy")
                        .arg(m_w.deployModel());
            }
            int embarks = 0;
            bool decline = false;
            for (const Command &c : legal.commands) {
                embarks += std::holds_alternative<EmbarkCommand>(c);
                decline |= std::holds_alternative<DeclineCommand>(c);
            }
            QPushButton *d = button(QStringLiteral("Decline to deploy"));
            if ((s.deploymentStep == DeploymentStep::CapitalShips
                 || s.deploymentStep == DeploymentStep::Squadrons)
                && (!d || d->isEnabled() != decline))
                return QStringLiteral("Decline enabled %1, the engine %2")
                    .arg(d && d->isEnabled())
                    .arg(decline);
            if (embarks > 0 && (!embarkCombo() || embarkCombo()->count() != embarks))
                return QStringLiteral("%1 Embark choices, not shown").arg(embarks);
            return {};
        }
        if (s.phase == Phase::Activation && !s.activation) {
            std::set<int> activatable;
            for (const Command &c : legal.commands)
                if (const auto *a = std::get_if<ActivateCommand>(&c))
                    activatable.insert(a->model);
            if (!m_w.actionList()->isVisible())
                return QStringLiteral("no Action list to activate a model");
            // Issue 16.1: the model the panel has selected is one to activate, and the
            // Action the panel has chosen for it would be accepted.
            const int selected = m_w.selectedModel();
            if (!activatable.count(selected))
                return QStringLiteral("the panel has model %1 selected, which cannot activate")
                    .arg(selected);
            if (!m_w.findChild<QLabel *>(QStringLiteral("activateTitle"))
                     ->text()
                     .contains(engine.modelName(s, selected)))
                return QStringLiteral("the panel does not name the selected model");
            QListWidgetItem *current = m_w.actionList()->currentItem();
            if (!current)
                return QStringLiteral("no Action chosen for the selected model");
            QPushButton *activate = button(QStringLiteral("Activate"));
            if (!activate || !activate->isEnabled())
                return QStringLiteral("Activate disabled");
            int offered = 0;
            for (const Command &c : legal.commands)
                if (const auto *a = std::get_if<ActivateCommand>(&c); a && a->model == selected) {
                    ++offered;
                    bool listed = false;
                    for (int i = 0; i < m_w.actionList()->count(); ++i)
                        listed |= m_w.actionList()->item(i)->text()
                                == TableTerms::actionName(a->action)
                            && (m_w.actionList()->item(i)->flags() & Qt::ItemIsEnabled);
                    if (!listed)
                        return QStringLiteral("the engine offers %1, not listed").arg(json(c));
                }
            if (offered == 0)
                return QStringLiteral("the engine offers no Action to the selected model");
            return {};
        }
        if (s.activation) {
            if (!button(QStringLiteral("End Activation")))
                return QStringLiteral("no End Activation button");
            bool resolve = false, land = false;
            for (const Command &c : legal.commands) {
                resolve |= std::holds_alternative<ResolveActionCommand>(c);
                land |= std::holds_alternative<LandCommand>(c);
                if (const auto *a = std::get_if<AttackCommand>(&c)) {
                    bool listed = false;
                    QTreeWidget *tree = m_w.weaponTree();
                    for (int i = 0; i < tree->topLevelItemCount(); ++i)
                        for (int j = 0; j < tree->topLevelItem(i)->childCount(); ++j) {
                            const QTreeWidgetItem *t = tree->topLevelItem(i)->child(j);
                            listed |= t->data(0, kWeaponRole).toInt() == a->weapon
                                && t->data(0, kTargetRole).toInt() == a->target;
                        }
                    if (!listed)
                        return QStringLiteral("the weapon list lacks %1").arg(json(c));
                }
            }
            if (m_w.resolveButton()->isVisible() != resolve)
                return QStringLiteral("Resolve shown %1, the engine offers it %2")
                    .arg(m_w.resolveButton()->isVisible())
                    .arg(resolve);
            if (m_w.landButton()->isVisible() != land)
                return QStringLiteral("Land shown %1, the engine offers it %2")
                    .arg(m_w.landButton()->isVisible())
                    .arg(land);
        }
        return {};
    }

    GameWindow &m_w;
    GameController &m_c;
    RandomPlayer m_random;
    std::mt19937_64 m_rng;
    int m_step = 0;
    std::map<QString, int> m_sent;
    QString m_shotPrefix;
    int m_deployShots = 0;
    int m_activateShots = 0;
    int m_attackShots = 0;
    int m_decisionShots = 0;
    bool m_diceDecided = false; // the command sent may be refused by the dice it rolls
};

} // namespace

class TestWholeGame : public QObject
{
    Q_OBJECT
private:
    static void addRows(bool every)
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("rules");
        QTest::addColumn<QString>("fleet0");
        QTest::addColumn<QString>("fleet1");
        QTest::addColumn<int>("seed");
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QString>("theme");
        if (!every) {
            // Small fleets: a whole game in a few seconds.
            QTest::newRow("introductory")
                << QStringLiteral("introductory") << QStringLiteral("v1.2.2")
                << QStringLiteral("io-patrol.jwfleet") << QStringLiteral("europa-picket.jwfleet")
                << 3 << QSize(1280, 720) << QStringLiteral("light");
            QTest::newRow("water-raid")
                << QStringLiteral("water-raid") << QStringLiteral("v1.2.2")
                << QStringLiteral("europa-picket.jwfleet") << QStringLiteral("io-patrol.jwfleet")
                << 5 << QSize(1920, 1080) << QStringLiteral("dark");
            return;
        }
        const QString rules[]
            = {QStringLiteral("v1.2.2"), QStringLiteral("v1.2.3"), QStringLiteral("v1.2.4")};
        const std::pair<const char *, const char *> pairs[]
            = {{"io-patrol.jwfleet", "venus-strike.jwfleet"},
               {"jovian-battle-group.jwfleet", "cega-fortress.jwfleet"},
               {"europa-picket.jwfleet", "cega-carrier-group.jwfleet"}};
        int seed = 11;
        for (const Scenario &sc : scenarios().scenarios()) {
            for (int i = 0; i < 2; ++i, ++seed) {
                const auto &p = pairs[std::size_t(seed) % std::size(pairs)];
                QTest::newRow(qPrintable(QStringLiteral("%1 %2").arg(sc.id).arg(seed)))
                    << sc.id
                    << (sc.id == QLatin1String("introductory")
                            ? rules[std::size_t(seed) % std::size(rules)]
                            : QStringLiteral("v1.2.2"))
                    << QString::fromLatin1(p.first) << QString::fromLatin1(p.second) << seed
                    << (i == 0 ? QSize(1280, 720) : QSize(1920, 1080))
                    << (seed % 2 ? QStringLiteral("dark") : QStringLiteral("light"));
            }
        }
    }

    static void play()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, rules);
        QFETCH(QString, fleet0);
        QFETCH(QString, fleet1);
        QFETCH(int, seed);
        QFETCH(QSize, size);
        QFETCH(QString, theme);
        theme::apply(theme);
        GameSetup setup;
        setup.setScenario(*scenarios().byId(scenario));
        setup.rules = rules;
        setup.seed = std::uint64_t(seed);
        setup.players[0] = PlayerSetup {QStringLiteral("Dave"), sample(fleet0)};
        setup.players[1] = PlayerSetup {QStringLiteral("Eve"), sample(fleet1)};
        QVERIFY(!GameSetup::fillUnits(setup, db()));
        GameController c;
        c.setAutosaveEnabled(false);
        GameWindow w(&c);
        w.resize(size);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        c.startGame(setup);
        QVERIFY(c.hasGame());
        QElapsedTimer timer;
        timer.start();
        Player player(w, std::uint64_t(seed));
        const QString failure
            = player.playToTheEnd(3000, QStringLiteral("wholegame-%1-%2").arg(scenario).arg(seed));
        QStringList sent;
        for (const auto &[id, n] : player.sent())
            sent << QStringLiteral("%1 %2").arg(id).arg(n);
        qInfo("%s: %d steps in %lld ms (%s)", qPrintable(scenario), player.steps(), timer.elapsed(),
              qPrintable(sent.join(QStringLiteral(", "))));
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        QCOMPARE(c.state().phase, Phase::Over);
        // The end: who won, and the Victory Points model by model, each player's total on
        // its line (the engine's), every model of its fleet under it.
        QVERIFY(w.gameOverPanel()->isVisible());
        const QTreeWidget *tree = w.victoryPointsTree();
        QCOMPARE(tree->topLevelItemCount(), 2);
        const Engine &engine = c.game()->engine();
        const std::array<int, 2> vp = engine.victoryPoints(c.state());
        for (int p = 0; p < 2; ++p) {
            const QTreeWidgetItem *top = tree->topLevelItem(p);
            QCOMPARE(top->text(0),
                     QStringLiteral("%1: %2 Victory Points, %3 Objective Points")
                         .arg(setup.players[std::size_t(p)].name)
                         .arg(vp[std::size_t(p)])
                         .arg(c.state().objectivePoints[std::size_t(p)]));
            int models = 0;
            for (const ModelState &m : c.state().models)
                models += m.terrain < 0 && m.owner == p ? 1 : 0;
            QCOMPARE(top->childCount(), models);
            for (int i = 0; i < top->childCount(); ++i) {
                const ModelState &m = c.state().models[std::size_t(
                    top->child(i)->data(0, GameWindowRole::Model).toInt())];
                QCOMPARE(m.owner, p);
                QVERIFY(!top->child(i)->text(1).isEmpty());
                if (m.location == Location::Destroyed)
                    QCOMPARE(top->child(i)->text(1), QStringLiteral("Destroyed"));
            }
        }
        // A model's line selects it: its card is shown.
        QTreeWidgetItem *last
            = tree->topLevelItem(1)->child(tree->topLevelItem(1)->childCount() - 1);
        w.victoryPointsTree()->setCurrentItem(last);
        QCOMPARE(w.selectedModel(), last->data(0, GameWindowRole::Model).toInt());
        // The table refreshing (nothing changed) keeps the line chosen: the tree stays.
        Q_EMIT c.stateChanged();
        QCOMPARE(w.victoryPointsTree()->currentItem(), last);
        // Every kind of control was used.
        for (const char *id : {"deploy", "activate", "end-activation"})
            QVERIFY2(player.sent().count(QLatin1String(id)), id);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        // The offscreen platform says so for every dock; it is no finding of this test.
        static const QtMessageHandler previous = qInstallMessageHandler(nullptr);
        qInstallMessageHandler(
            [](QtMsgType type, const QMessageLogContext &context, const QString &text) {
                if (!text.contains(QLatin1String("propagateSizeHints")))
                    previous(type, context, text);
            });
    }

    // A closed game leaves nothing on the table: no models, no cards, no selection.
    void closedGameLeavesAnEmptyTable()
    {
        GameController c;
        c.setAutosaveEnabled(false);
        GameWindow w(&c);
        w.resize(1280, 720);
        w.show();
        c.startGame(jw::test::duelSetup());
        w.selectModel(1);
        QCOMPARE(w.scene()->modelItemCount(), 2);
        QVERIFY(w.fleetStrip()->itemOf(1));
        c.closeGame();
        QCoreApplication::processEvents();
        QCOMPARE(w.scene()->modelItemCount(), 0);
        QCOMPARE(w.scene()->selectedModel(), -1);
        QCOMPARE(w.selectedModel(), -1);
        QCOMPARE(w.fleetStrip()->count(), 0);
        shot(&w, QStringLiteral("wholegame-closed"));
        // The scene draws without the closed game's engine.
        QImage image(400, 400, QImage::Format_ARGB32);
        QPainter painter(&image);
        w.scene()->render(&painter);
    }

    // The enemy's cards in the fleet strip: a click selects the model to look at it, and
    // chooses it as the target while a weapon's target is chosen.
    void enemyCardsSelectAndTarget()
    {
        GameController c;
        c.setAutosaveEnabled(false);
        GameWindow w(&c);
        w.resize(1280, 720);
        w.show();
        c.startGame(jw::test::duelSetup());
        FleetStrip *strip = w.fleetStrip();
        const auto clickCard = [strip](int model) {
            QListWidgetItem *card = strip->itemOf(model);
            QVERIFY(card);
            strip->scrollToItem(card);
            QTest::mouseClick(strip->viewport(), Qt::LeftButton, {},
                              strip->visualItemRect(card).center());
        };
        QCOMPARE(w.selectedModel(), 0); // Dave's Alexander, to activate
        clickCard(1); // Eve's Shan-Yu
        QCOMPARE(w.selectedModel(), 1);
        QCOMPARE(w.scene()->selectedModel(), 1);
        QVERIFY(w.findChild<QLabel *>(QStringLiteral("activateTitle"))
                    ->text()
                    .contains(c.engine().modelName(c.state(), 1)));
        shot(&w, QStringLiteral("wholegame-enemy-card"));
        clickCard(0);
        QCOMPARE(w.selectedModel(), 0);
        QVERIFY(w.activate(0, QString()));
        QVERIFY(w.scene()->modelItem(1)->highlight() == ModelItem::TargetAllowed);
        clickCard(1);
        QVERIFY2(w.attackPreviewShowing(), qPrintable(w.messageLabel()->text()));
        QCOMPARE(w.attackPreviewPanel()->preview().target, 1);
        shot(&w, QStringLiteral("wholegame-enemy-card-target"));
    }

    void wholeGames_data() { addRows(false); }
    void wholeGames() { play(); }

    void everyScenario_data() { addRows(true); }
    void everyScenario() { play(); }
};

QTEST_MAIN(TestWholeGame)
#include "tst_wholegame.moc"
