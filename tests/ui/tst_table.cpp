// SPDX-License-Identifier: GPL-3.0-or-later
// The match table driven through its controls, as two players at one computer
// would: deploy, activate, move, attack, answer the dice, end the turn; then
// the autosave, the saved game and the replay viewer. Screenshots of each step
// go to JW_SCREENSHOT_DIR when it is set.
#include "mainwindow.h"
#include "print/cardview.h"
#include "table/attackpreview.h"
#include "table/flexpicker.h"
#include "table/gamecontroller.h"
#include "table/gametable.h"
#include "table/gamewindow.h"
#include "table/gamewindowroles.h"
#include "table/modelitem.h"
#include "table/newgamedialog.h"
#include "table/replayviewer.h"
#include "table/tablescene.h"
#include "table/tableview.h"
#include "tabletestutil.h"
#include "theme.h"

#include "engine/attack.h"
#include "engine/gamefile.h"
#include "engine/gamescript.h"
#include "engine/terrain.h"
#include "fleet/fleetfile.h"
#include "geometry/measure.h"
#include "units/unitdatabase.h"

#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QJsonArray>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QScopeGuard>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <QTextBrowser>
#include <QTranslator>
#include <functional>

using namespace jw;
using jw::test::db;
using jw::test::duelSetup;
using jw::test::DuelSide;
using jw::test::shot;

namespace {

// Why the last command was refused, or nothing: the message of a QVERIFY2 is
// evaluated even when the check passes, so it must not dereference an empty
// optional (AddressSanitizer found it).
QString rejectionText(const jw::GameController &c)
{
    return c.lastRejection() ? c.lastRejection()->toString() : QString();
}

QString sourceDir()
{
    const QString dir = qEnvironmentVariable("JW_SOURCE_DIR");
    return dir.isEmpty() ? QStringLiteral(".") : dir;
}

Fleet fleetFile(const QString &name)
{
    const FleetFileResult r = FleetFile::read(sourceDir() + QStringLiteral("/data/fleets/") + name);
    if (!r.ok())
        qFatal("%s", qPrintable(r.errorText()));
    return *r.fleet;
}

std::unique_ptr<DiceSource> manyDice()
{
    std::vector<int> faces;
    const int cycle[] = {6, 5, 2, 4, 6, 1, 3, 5, 6, 2};
    for (int i = 0; i < 2000; ++i)
        faces.push_back(cycle[i % 10]);
    return std::make_unique<ScriptedDiceSource>(faces);
}

// A Shan-Yu (Eve, with Initiative) 8" from an Uller (Dave), in the Activation
// Phase, with the dice given: its Particle Cannon rolls five dice, one of them
// flex, and a macro die.
GameSetup ullerSetup()
{
    GameSetup s;
    s.rules = QStringLiteral("v1.2.2");
    s.players[0].name = QStringLiteral("Dave");
    s.players[0].fleet.faction = QStringLiteral("cega");
    s.players[0].fleet.points = 250;
    s.players[0].fleet.entries = {FleetEntry {QStringLiteral("uller"), {}, {}}};
    s.players[1].name = QStringLiteral("Eve");
    s.players[1].fleet.faction = QStringLiteral("venusian");
    s.players[1].fleet.points = 250;
    s.players[1].fleet.entries = {FleetEntry {QStringLiteral("shan-yu"), {}, {}}};
    s.initiative = 1;
    ModelStart a;
    a.player = 0;
    a.x = 24;
    a.y = 30;
    ModelStart b;
    b.player = 1;
    b.x = 24;
    b.y = 22;
    b.facing = 180;
    s.starts = {a, b};
    s.startPhase = QStringLiteral("activation");
    if (const auto e = GameSetup::fillUnits(s, db()))
        qFatal("%s", qPrintable(*e));
    return s;
}

// The last roll event of the game, or an empty object.
QJsonObject lastRoll(const Game &game)
{
    for (auto it = game.log().rbegin(); it != game.log().rend(); ++it)
        for (auto e = it->rbegin(); e != it->rend(); ++e)
            if (e->kind == QLatin1String("roll"))
                return e->data;
    return {};
}

std::vector<int> ints(const QJsonValue &v)
{
    std::vector<int> out;
    for (const QJsonValue &x : v.toArray())
        out.push_back(x.toInt());
    return out;
}

// Answers every pending decision with the suggested option, handing over the
// computer when the table asks for it.
void answerAll(GameWindow &w, const char *shotName = nullptr)
{
    for (int guard = 0; guard < 20 && w.controller()->state().pending; ++guard) {
        if (w.handOverShowing()) {
            if (shotName)
                shot(&w, QString::fromLatin1(shotName) + QStringLiteral("-handover"));
            w.confirmHandOver();
        }
        QVERIFY(!w.handOverShowing());
        QVERIFY(w.answerButton()->isEnabled());
        // Preselected: the engine's default (the best flex dice, the suggested option).
        QCOMPARE(w.selectedOption(), w.controller()->state().pending->request.defaultOption);
        if (shotName && guard == 0)
            shot(&w, QString::fromLatin1(shotName));
        const GameState before = w.controller()->state();
        QTest::mouseClick(w.answerButton(), Qt::LeftButton);
        QVERIFY2(!(w.controller()->state() == before), "the answer was refused");
    }
}

// The id of the model called `name` (-1: none).
int modelNamed(const GameController &c, const QString &name)
{
    for (const ModelState &m : c.state().models)
        if (m.name == name)
            return m.id;
    return -1;
}

// A scripted game of tests/engine/scripts (its setup, dice and commands).
GameScript engineScript(const QString &name)
{
    return GameScriptReader::read(sourceDir() + QStringLiteral("/tests/engine/scripts/") + name,
                                  db());
}

// Plays the script's commands through the controller, from `next` on, while `more()`
// holds; `next` ends at the first command not played. Empty when every command was
// accepted, else the refusal.
QString replayWhile(GameController &c, const GameScript &script, std::size_t &next,
                    const std::function<bool()> &more)
{
    for (; next < script.commands.size() && more(); ++next)
        if (!c.apply(script.commands[next].command))
            return c.lastRejection() ? c.lastRejection()->toString() : QStringLiteral("refused");
    return {};
}

} // namespace

class TestTable : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        GameController::discardAutosave();
        theme::apply(QStringLiteral("dark"));
    }
    void cleanupTestCase() { GameController::discardAutosave(); }

    void newGameDialogBuildsTheSetup()
    {
        NewGameDialog d(db());
        QVERIFY(!d.setup());
        QVERIFY(d.setFleetFile(0, sourceDir() + QStringLiteral("/data/fleets/io-patrol.jwfleet")));
        QVERIFY(
            d.setFleetFile(1, sourceDir() + QStringLiteral("/data/fleets/europa-picket.jwfleet")));
        d.setSeed(42);
        d.setInitiative(1);
        QString error;
        const auto s = d.setup(&error);
        QVERIFY2(s, qPrintable(error));
        QCOMPARE(s->seed, quint64(42));
        QCOMPARE(s->initiative, std::optional<int>(1));
        QVERIFY(!s->units.empty());
        // Every scenario is offered, each shown with its rules; an unknown id is not.
        QCOMPARE(s->scenario, QStringLiteral("introductory"));
        QVERIFY(!d.setScenario(QStringLiteral("no-such-scenario")));
        for (const QString &id : {QStringLiteral("water-raid"), QStringLiteral("scavenger-hunt")}) {
            QVERIFY(d.setScenario(id));
            const auto chosen = d.setup();
            QVERIFY(chosen);
            QCOMPARE(chosen->scenarioRules.id, id);
        }
        QVERIFY(d.setScenario(QStringLiteral("break-the-truce")));
        QVERIFY(d.findChild<QTextBrowser *>(QStringLiteral("scenarioText"))
                    ->toPlainText()
                    .contains(QStringLiteral("Search for Escape Pods")));
        const auto truce = d.setup();
        QVERIFY(truce);
        QCOMPARE(truce->scenarioRules.id, QStringLiteral("break-the-truce"));
        QCOMPARE(truce->scenarioRules.zone, DeploymentZoneKind::Beacon);
    }

    void deploymentThroughTheTable()
    {
        GameController c;
        GameWindow w(&c);
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        GameSetup s;
        s.players[0]
            = PlayerSetup {QStringLiteral("Dave"), fleetFile(QStringLiteral("io-patrol.jwfleet"))};
        s.players[1] = PlayerSetup {QStringLiteral("Eve"),
                                    fleetFile(QStringLiteral("europa-picket.jwfleet"))};
        s.initiative = 0;
        s.seed = 3;
        QVERIFY(!GameSetup::fillUnits(s, db()));
        c.startGame(s);
        QCOMPARE(c.state().phase, Phase::Deployment);
        QVERIFY(w.turnLabel()->text().contains(QStringLiteral("to act")));

        // Outside the zone: refused, and the table says which rule.
        const LegalCommands first = c.game()->legalCommands();
        QVERIFY(!first.deployable.empty());
        w.setDeployModel(first.deployable.front());
        QVERIFY(!w.deployAt(QPointF(24, 24)));
        QVERIFY(c.lastRejection());
        QVERIFY(w.messageLabel()->text().contains(c.lastRejection()->rule));

        // Deploy everything, each player in turn, through the same calls the clicks make;
        // the preview is checked through the mouse on the view too.
        std::array<int, 2> placed {};
        bool shotTaken = false;
        for (int guard = 0; guard < 60 && c.state().phase == Phase::Deployment; ++guard) {
            const LegalCommands legal = c.game()->legalCommands();
            if (legal.deployable.empty()) {
                QVERIFY(w.decline());
                continue;
            }
            const int p = legal.player;
            const QRectF zone = legal.deploymentZone;
            w.setDeployModel(legal.deployable.front());
            w.rotatePreview((p == 0 ? 0 : 180) - w.deployFacing());
            bool ok = false;
            for (int attempt = 0; attempt < 20 && !ok; ++attempt) {
                const int n = placed[std::size_t(p)]++;
                const QPointF at(zone.left() + 5 + (n % 8) * 5,
                                 zone.center().y() + (n / 8) * 3 - 2);
                if (!shotTaken && n == 1) {
                    // Hover shows the ghost where the click will place it.
                    const QPoint vp = w.view()->mapFromScene(at);
                    QTest::mouseMove(w.view()->viewport(), vp);
                    shot(&w, QStringLiteral("01-deployment"));
                    shotTaken = true;
                }
                ok = w.deployAt(at);
            }
            QVERIFY2(ok, qPrintable(c.lastRejection() ? c.lastRejection()->toString() : QString()));
        }
        QCOMPARE(c.state().phase, Phase::Activation);
        int onTable = 0;
        for (const ModelState &m : c.state().models)
            onTable += m.onTable() ? 1 : 0;
        QCOMPARE(w.scene()->modelItemCount(), onTable);
        // The activatable models are highlighted, and the Action list explains refusals.
        int highlighted = 0;
        for (const ModelState &m : c.state().models) {
            if (ModelItem *it = w.scene()->modelItem(m.id))
                highlighted += it->highlight() == ModelItem::Activatable ? 1 : 0;
        }
        QVERIFY(highlighted > 0);
        QVERIFY(w.actionList()->count() > 1);
        bool someRefused = false;
        for (int i = 0; i < w.actionList()->count(); ++i)
            someRefused |= !(w.actionList()->item(i)->flags() & Qt::ItemIsEnabled);
        QVERIFY(someRefused);
        // An Action that rolls when declared is offered, not refused for want of dice.
        for (int i = 0; i < w.actionList()->count(); ++i)
            QVERIFY2(!w.actionList()->item(i)->text().contains(QStringLiteral("dice ran out")),
                     qPrintable(w.actionList()->item(i)->text()));
        w.view()->fitTable();
        shot(&w, QStringLiteral("02-deployed-low-zoom"));
        // Undo is allowed: deployments roll no dice.
        QVERIFY(c.canUndo());
    }

    // Issue 15.1: a squadron dragged near the ship its Assault is aimed at snaps
    // into base contact (the engine says where), and the move is accepted; far
    // from it, nothing snaps.
    void dragSnapsIntoContact()
    {
        const GameScript script = engineScript(QStringLiteral("action-assault-ordinary-move.yaml"));
        QVERIFY(script.ok());
        GameController c;
        c.setAutosaveEnabled(false);
        GameWindow w(&c);
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        c.startGame(script.setup, std::make_unique<ScriptedDiceSource>(*script.dice));
        QVERIFY(c.apply(script.commands.front().command)); // activate, Initiate Assault
        const int pathfinder = modelNamed(c, QStringLiteral("Pathfinder"));
        const int uller = modelNamed(c, QStringLiteral("Uller"));
        const Engine &e = c.game()->engine();
        // 1.9" short: no snap.
        w.dragMove(QPointF(27.5, 24.2));
        QCOMPARE(w.plannedPath().last(), QPointF(27.5, 24.2));
        // Overlapping the Uller's base a little: snapped into contact, clear of it.
        w.dragMove(QPointF(25.3, 24.2));
        const QPointF end = w.plannedPath().last();
        QVERIFY(end != QPointF(25.3, 24.2));
        const BaseShape at(e.unitOf(c.state().models[std::size_t(pathfinder)]).base,
                           Placement(end, 0));
        QVERIFY(touching(at, e.view(c.state(), uller).base()));
        QVERIFY(!overlaps(at, e.view(c.state(), uller).base()));
        w.view()->fitTable();
        w.view()->zoomBy(4);
        w.view()->centerOn(QPointF(26, 24));
        shot(&w, QStringLiteral("24-drag-snaps-into-contact"));
        QVERIFY(w.commitMove());
        QVERIFY(touching(e.view(c.state(), pathfinder).base(), e.view(c.state(), uller).base()));
        // The Assault goes on from there (no further move needed).
        QVERIFY(c.apply(ResolveActionCommand {uller}));
    }

    // Issue 16.4: the deployment facing is toward the enemy's edge for each
    // player (bottom: 0, up the table; top: 180), and each keeps their own choice.
    void deploymentFacingTowardTheEnemy()
    {
        GameController c;
        c.setAutosaveEnabled(false);
        GameWindow w(&c);
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        GameSetup setup = duelSetup();
        setup.starts.clear();
        setup.startPhase.clear();
        c.startGame(setup, manyDice());
        QCOMPARE(c.state().phase, Phase::Deployment);
        auto *box = w.findChild<QDoubleSpinBox *>(QStringLiteral("facingSpin"));
        QVERIFY(box);
        const Engine &e = c.game()->engine();
        const auto toward = [&](int player) {
            return e.tableEdge(player) == TableEdge::Top ? 180.0 : 0.0;
        };
        const int first = c.state().toAct;
        QCOMPARE(box->value(), toward(first));
        box->setValue(30); // this player's choice
        const LegalCommands legal = c.game()->legalCommands();
        QVERIFY(!legal.deployable.empty());
        const QRectF zone = legal.deploymentZone;
        QVERIFY(c.apply(DeployCommand {legal.deployable.front(), Placement(zone.center(), 30)}));
        if (c.state().toAct != first && c.state().phase == Phase::Deployment) {
            QCOMPARE(box->value(), toward(c.state().toAct)); // not the other player's 30
            shot(&w, QStringLiteral("26-deployment-facing"));
        }
    }

    // Issue 16.5: after Reorient [D+] the turn box goes to 180 degrees (the
    // engine's MoveLimits::maxTurnDegrees), and a 135-degree turn is accepted.
    void reorientTurnBox()
    {
        const GameScript script = engineScript(QStringLiteral("action-reorient.yaml"));
        QVERIFY(script.ok());
        GameController c;
        c.setAutosaveEnabled(false);
        GameWindow w(&c);
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        c.startGame(script.setup, std::make_unique<ScriptedDiceSource>(*script.dice));
        auto *box = w.findChild<QDoubleSpinBox *>(QStringLiteral("turnSpin"));
        QVERIFY(box);
        QVERIFY(c.apply(script.commands.front().command)); // Reorient: [D+]
        QCOMPARE(box->maximum(), 180.0);
        box->setValue(135);
        QCOMPARE(box->value(), 135.0);
        shot(&w, QStringLiteral("25-reorient-turn-box"));
        w.dragMove(c.state().models[1].placement.centre() + QPointF(0, 2));
        w.addTurn(box->value());
        QVERIFY2(w.commitMove(), qPrintable(rejectionText(c)));
        QCOMPARE(box->maximum(), 45.0); // the any-direction turn is used
    }

    void activationMoveAttackEndTurn()
    {
        GameController c;
        GameWindow w(&c);
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        c.startGame(duelSetup(), manyDice());
        QCOMPARE(c.state().phase, Phase::Activation);
        QCOMPARE(c.state().toAct, 0);
        // Click the Alexander on the view: it is selected, its actions listed.
        const QPoint alex = w.view()->mapFromScene(QPointF(24, 32));
        QTest::mouseClick(w.view()->viewport(), Qt::LeftButton, {}, alex);
        QCOMPARE(w.selectedModel(), 0);
        QVERIFY(w.activate(0, QString()));
        QVERIFY(c.state().activation);

        // Move: drag forward (the Alexander faces up, toward the Shan-Yu), with a turn point.
        const LegalCommands legal = c.game()->legalCommands();
        QVERIFY(legal.move);
        const double go = std::max(legal.move->minimum, 1.0);
        w.dragMove(QPointF(24, 32 - go / 2));
        w.addTurn(45);
        w.addTurn(-45);
        w.dragMove(QPointF(24 + 10, 32 - go - 10)); // projected on the leg's direction
        QCOMPARE(int(w.plannedLegs().size()), 3);
        w.view()->zoomBy(1.6);
        w.view()->centerOn(QPointF(24, 26));
        shot(&w, QStringLiteral("03-move-planned-high-zoom"));
        // Too far: the table asks the engine, which refuses with the rule; the
        // line goes once the plan is legal again (issue 16.5).
        w.clearMove();
        w.dragMove(QPointF(24, 32 - legal.move->maximum - 3));
        QVERIFY2(w.messageLabel()->text().contains(QStringLiteral("would be refused")),
                 qPrintable(w.messageLabel()->text()));
        w.dragMove(QPointF(24, 32 - go));
        QVERIFY2(w.messageLabel()->text().isEmpty(), qPrintable(w.messageLabel()->text()));
        w.dragMove(QPointF(24, 32 - legal.move->maximum - 3));
        QVERIFY(!w.commitMove());
        QVERIFY(c.lastRejection());
        w.clearMove();
        w.dragMove(QPointF(24, 32 - go));
        QVERIFY(w.commitMove());
        QCOMPARE(c.state().activation->moved, go);

        // Attack: the Shan-Yu is a highlighted target with its measured segment.
        w.selectWeapon(-1);
        QVERIFY(!w.scene()->targets().empty());
        ModelItem *target = w.scene()->modelItem(1);
        QVERIFY(target);
        QCOMPARE(target->highlight(), ModelItem::TargetAllowed);
        shot(&w, QStringLiteral("04-attack-targets"));
        const int before = c.state().models[1].structureLost + c.state().models[1].defenseLost
            + c.state().models[1].sensorsLost + c.state().models[1].thrustersLost;
        // Click the target on the view.
        const QPoint sy = w.view()->mapFromScene(c.state().models[1].placement.centre());
        QTest::mouseClick(w.view()->viewport(), Qt::LeftButton, {}, sy);
        // The preview first (issue 16): Roll sends the attack.
        QVERIFY(w.attackPreviewShowing());
        shot(&w, QStringLiteral("04-attack-preview"));
        QTest::mouseClick(w.attackPreviewPanel()->rollButton(), Qt::LeftButton);
        QVERIFY2(c.state().activation->targets.size() == 1 || c.state().pending,
                 qPrintable(c.lastRejection() ? c.lastRejection()->toString() : QString()));
        answerAll(w, "05-decision");
        QVERIFY(!c.state().pending);
        QVERIFY(!c.canUndo()); // dice were rolled
        const int after = c.state().models[1].structureLost + c.state().models[1].defenseLost
            + c.state().models[1].sensorsLost + c.state().models[1].thrustersLost;
        qInfo("damage marked on the Shan-Yu: %d box(es)", after - before);
        // The log has the roll with its dice.
        bool roll = false;
        for (int i = 0; i < w.logModel()->rowCount(); ++i)
            roll |= w.logModel()->item(i)->data(GameWindowRole::Kind).toString()
                == QLatin1String("roll");
        QVERIFY(roll);
        w.logKindFilter()->setCurrentIndex(w.logKindFilter()->findData(QStringLiteral("roll")));
        QVERIFY(w.logFilter()->rowCount() >= 1);
        QVERIFY(w.logFilter()->rowCount() < w.logModel()->rowCount());
        w.logKindFilter()->setCurrentIndex(0);
        // The card of the target shows its damage.
        w.selectModel(1);
        QVERIFY(w.cardView()->layout());
        shot(&w, QStringLiteral("06-after-attack"));

        QVERIFY(w.endActivation());
        // Issue 16.1: the next model to activate is selected, and Activate takes it
        // (the panel said "Selected: X" while Activate was refused "no model -1").
        QCOMPARE(c.state().toAct, 1);
        QVERIFY(w.selectedModel() >= 0);
        QCOMPARE(c.state().models[std::size_t(w.selectedModel())].controller, 1);
        {
            const GameState before = c.state();
            QVERIFY2(w.activate(w.selectedModel(), QString()), qPrintable(rejectionText(c)));
            QVERIFY(c.undo());
            QVERIFY(c.state() == before);
        }
        // Play the rest of the turn: every activation moves its minimum and ends.
        const int turn = c.state().turn;
        for (int guard = 0; guard < 40 && c.state().turn == turn && c.state().phase != Phase::Over;
             ++guard) {
            if (c.state().pending) {
                answerAll(w);
                continue;
            }
            const LegalCommands l = c.game()->legalCommands();
            if (!c.state().activation) {
                int id = -1;
                for (const Command &cmd : l.commands) {
                    if (const auto *a = std::get_if<ActivateCommand>(&cmd))
                        id = a->model;
                }
                if (id < 0) {
                    QVERIFY(c.apply(l.commands.front())); // whatever the phase asks
                    continue;
                }
                QVERIFY(w.activate(id, QString()));
                continue;
            }
            if (l.move && l.move->moved < l.move->minimum) {
                const Placement p = c.state().model(l.move->model)->placement;
                w.dragMove(p.centre() + p.forward() * (l.move->minimum - l.move->moved));
                QVERIFY2(w.commitMove(), qPrintable(rejectionText(c)));
            }
            QVERIFY2(w.endActivation(), qPrintable(rejectionText(c)));
        }
        QVERIFY(c.state().turn > turn || c.state().phase == Phase::Over);
        w.view()->fitTable();
        shot(&w, QStringLiteral("07-next-turn"));
    }

    // An Embarked squadron is picked in the Embarked list, activates, and is
    // launched by a click on the table (the engine checks the reach).
    void launchFromTheTable()
    {
        GameSetup s = duelSetup();
        s.players[0].fleet.entries = {FleetEntry {QStringLiteral("valiant"), {}, {}},
                                      FleetEntry {QStringLiteral("pathfinder"), {}, {}}};
        ModelStart valiant;
        valiant.player = 0;
        valiant.entry = 0;
        valiant.x = 24;
        valiant.y = 40;
        ModelStart pathfinder;
        pathfinder.player = 0;
        pathfinder.entry = 1;
        pathfinder.location = QStringLiteral("embarked");
        pathfinder.carrier = 0;
        ModelStart shanYu = s.starts[1];
        shanYu.entry = 0;
        s.starts = {valiant, pathfinder, shanYu};
        QVERIFY(!GameSetup::fillUnits(s, db()));
        GameController c;
        GameWindow w(&c);
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        c.startGame(s);
        auto *list = w.findChild<QListWidget *>(QStringLiteral("embarkedList"));
        QVERIFY(list && list->isVisible());
        QCOMPARE(list->count(), 1);
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {},
                          list->visualItemRect(list->item(0)).center());
        QCOMPARE(w.selectedModel(), 1);
        QVERIFY(w.activate(1, QString()));
        // Too far from the Valiant (Launchers: 3"): refused, nothing changes.
        QTest::mouseClick(w.view()->viewport(), Qt::LeftButton, {},
                          w.view()->mapFromScene(QPointF(24, 30)));
        QCOMPARE(c.state().models[1].location, Location::Embarked);
        // Within reach: launched.
        QTest::mouseClick(w.view()->viewport(), Qt::LeftButton, {},
                          w.view()->mapFromScene(QPointF(24, 37)));
        QCOMPARE(c.state().models[1].location, Location::Table);
        shot(&w, QStringLiteral("09-launched"));
    }

    // Land: the Land… button lists the carriers the engine accepts; its menu
    // entry embarks the squadron.
    void landFromTheTable()
    {
        GameSetup s = duelSetup();
        s.players[0].fleet.entries = {FleetEntry {QStringLiteral("valiant"), {}, {}},
                                      FleetEntry {QStringLiteral("pathfinder"), {}, {}}};
        ModelStart valiant;
        valiant.player = 0;
        valiant.x = 10;
        valiant.y = 40;
        ModelStart pathfinder;
        pathfinder.player = 0;
        pathfinder.entry = 1;
        pathfinder.x = 10;
        pathfinder.y = 33;
        ModelStart shanYu = s.starts[1];
        s.starts = {valiant, pathfinder, shanYu};
        QVERIFY(!GameSetup::fillUnits(s, db()));
        GameController c;
        c.setAutosaveEnabled(false);
        GameWindow w(&c);
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        c.startGame(s);
        QVERIFY(w.activate(1, QString()));
        QPushButton *land = w.landButton();
        QVERIFY(land->isVisible());
        const QList<QAction *> entries = land->menu()->actions();
        QCOMPARE(entries.size(), 1);
        QCOMPARE(entries.front()->text(), QStringLiteral("Land on Valiant"));
        shot(&w, QStringLiteral("17-land"));
        entries.front()->trigger();
        QCOMPARE(c.state().models[1].location, Location::Embarked);
        QCOMPARE(c.state().models[1].carrier, 0);
        QVERIFY(!w.landButton()->isVisible()); // landed: nothing more to land on
    }

    // Lay Mines: the Resolve button toggles laying; each click beside the Atlas
    // lays a token snapped into base contact; one too close to another is
    // refused with the rule.
    void layMinesFromTheTable()
    {
        GameSetup s = duelSetup();
        s.players[0].fleet.faction = QStringLiteral("cega");
        s.players[0].fleet.entries = {FleetEntry {QStringLiteral("atlas"), {}, {}}};
        s.starts[0].x = 20;
        s.starts[0].y = 40;
        QVERIFY(!GameSetup::fillUnits(s, db()));
        GameController c;
        c.setAutosaveEnabled(false);
        GameWindow w(&c);
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        c.startGame(s);
        QVERIFY(w.activate(0, QStringLiteral("lay-mines")));
        QVERIFY(w.layingMines());
        auto *resolve = w.findChild<QPushButton *>(QStringLiteral("resolveAction"));
        QVERIFY(resolve && resolve->isVisible());
        QTest::mouseClick(resolve, Qt::LeftButton);
        QVERIFY(w.pickingTarget());
        const auto mines = [&c] {
            int n = 0;
            for (const TerrainPiece &p : c.state().terrain)
                n += p.kind == TerrainKind::Mines;
            return n;
        };
        const int before = mines();
        // Beside the Atlas's starboard side, a little away from it: snapped into contact.
        const BaseShape base = c.engine().view(c.state(), 0).base();
        const QPointF right(base.boundingRect().right() + 0.6, base.centre().y());
        QTest::mouseClick(w.view()->viewport(), Qt::LeftButton, {}, w.view()->mapFromScene(right));
        QCOMPARE(mines(), before + 1);
        QVERIFY(w.pickingTarget()); // laying goes on
        // The same spot again: too close to the first token (2" apart).
        QTest::mouseClick(w.view()->viewport(), Qt::LeftButton, {},
                          w.view()->mapFromScene(right + QPointF(0, 0.3)));
        QCOMPARE(mines(), before + 1);
        // The other side: laid.
        const QPointF left(base.boundingRect().left() - 0.6, base.centre().y());
        QTest::mouseClick(w.view()->viewport(), Qt::LeftButton, {}, w.view()->mapFromScene(left));
        QCOMPARE(mines(), before + 2);
        shot(&w, QStringLiteral("18-lay-mines"));
    }

    // v1.2.4 secret information, hot-seat: Dave embarks his Pathfinder on the
    // Valiant; when Eve is at the screen the log's sentence names neither.
    void secretInformationInTheLog()
    {
        GameSetup s;
        s.rules = QStringLiteral("v1.2.4");
        s.players[0].name = QStringLiteral("Dave");
        s.players[0].fleet.faction = QStringLiteral("jovian");
        s.players[0].fleet.points = 250;
        s.players[0].fleet.entries = {FleetEntry {QStringLiteral("valiant"), {}, {}},
                                      FleetEntry {QStringLiteral("pathfinder"), {}, {}}};
        s.players[1].name = QStringLiteral("Eve");
        s.players[1].fleet.faction = QStringLiteral("venusian");
        s.players[1].fleet.points = 250;
        s.players[1].fleet.entries = {FleetEntry {QStringLiteral("shan-yu"), {}, {}},
                                      FleetEntry {QStringLiteral("kirin"), {}, {}}};
        s.initiative = 0;
        s.seed = 4;
        ModelStart valiant;
        valiant.player = 0;
        valiant.x = 28;
        valiant.y = 40;
        ModelStart shanYu;
        shanYu.player = 1;
        shanYu.x = 24;
        shanYu.y = 6;
        shanYu.facing = 180;
        s.starts = {valiant, shanYu};
        s.startPhase = QStringLiteral("deployment");
        QVERIFY(!GameSetup::fillUnits(s, db()));
        GameController c;
        c.setAutosaveEnabled(false);
        GameWindow w(&c);
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        c.startGame(s);
        QCOMPARE(c.state().phase, Phase::Deployment);
        QCOMPARE(c.state().toAct, 0);
        QVERIFY(w.embark(1, 0));
        QCOMPARE(c.state().models[1].location, Location::Embarked);
        QCOMPARE(c.state().toAct, 1); // Eve deploys next: she is at the screen
        QString last;
        for (int r = 0; r < w.logModel()->rowCount(); ++r)
            last += w.logModel()->item(r)->text() + QLatin1Char('\n');
        QVERIFY2(!last.contains(QStringLiteral("Pathfinder")), qPrintable(last));
        QVERIFY2(last.contains(QStringLiteral("out of sight")), qPrintable(last));
        shot(&w, QStringLiteral("19-secret-log"));
        // The replay of the game in progress keeps the secret too.
        std::unique_ptr<ReplayViewer> replay(ReplayViewer::fromGame(*c.game()));
        QVERIFY(!replay->positionLabel()->text().contains(QStringLiteral("Pathfinder")));
        QVERIFY(replay->positionLabel()->text().contains(QStringLiteral("out of sight")));
        for (int r = 0; r < replay->eventList()->count(); ++r)
            QVERIFY(!replay->eventList()->item(r)->text().contains(QStringLiteral("Pathfinder")));
    }

    void autosaveAndResume()
    {
        GameController::discardAutosave();
        GameState expected;
        {
            GameController c;
            c.startGame(duelSetup());
            QVERIFY(c.apply(ActivateCommand {0, {}}));
            expected = c.state();
            QVERIFY(GameController::hasAutosave());
        } // "killed": the autosave stays
        MainWindow mw {UnitDatabase(db())};
        GameTable *t = mw.gameTable();
        QVERIFY(t->resumeBanner()->isVisibleTo(&mw)); // above the tabs (issue 16.6)
        t->resume();
        QVERIFY(t->controller()->hasGame());
        QCOMPARE(t->controller()->state(), expected);
        QCOMPARE(mw.tabs()->currentWidget(), t->tab());
        // The Game menu is there.
        bool gameMenu = false;
        for (QAction *a : mw.menuBar()->actions())
            gameMenu |= a->text() == QStringLiteral("&Game");
        QVERIFY(gameMenu);
        t->discardAutosave();
        QVERIFY(!GameController::hasAutosave());
    }

    // The banners above the table (the resume banner, the network banner) in the theme's
    // colours, also after the theme is changed while the program runs (View › Theme): a style
    // sheet's palette() colours are resolved when it is set.
    void bannersFollowTheTheme()
    {
        MainWindow mw {UnitDatabase(db())};
        auto *net = mw.findChild<QWidget *>(QStringLiteral("netBanner"));
        QVERIFY(net);
        QWidget *resume = mw.gameTable()->resumeBanner();
        mw.resize(1280, 720);
        mw.show();
        mw.tabs()->setCurrentWidget(mw.gameTable()->tab());
        net->show();
        resume->show();
        const auto restore = qScopeGuard([] { theme::apply(QStringLiteral("dark")); });
        for (const QString &id : {QStringLiteral("light"), QStringLiteral("dark"),
                                  QStringLiteral("light"), QStringLiteral("dark")}) {
            theme::apply(id);
            QCoreApplication::processEvents();
            const QColor expected = QApplication::palette().color(QPalette::AlternateBase);
            for (QWidget *banner : {net, resume}) {
                // Inside the highlight's border on the left, above the text and buttons.
                const QColor seen = banner->grab().toImage().pixelColor(20, 2);
                QVERIFY2(
                    seen == expected,
                    qPrintable(QStringLiteral("%1 in %2: %3, not %4")
                                   .arg(banner->objectName(), id, seen.name(), expected.name())));
            }
        }
    }

    void saveOpenAndReplay()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("duel.jwgame"));
        GameController c;
        c.setAutosaveEnabled(false);
        c.startGame(duelSetup());
        QVERIFY(c.apply(ActivateCommand {0, {}}));
        QVERIFY(
            c.apply(MoveCapitalCommand {{MoveLeg {c.game()->legalCommands().move->minimum, 0}}}));
        QVERIFY(c.apply(EndActivationCommand {}));
        QVERIFY(c.apply(ActivateCommand {1, {}}));
        QCOMPARE(c.saveGame(path), QString());
        GameController d;
        d.setAutosaveEnabled(false);
        QCOMPARE(d.openGame(path), QString());
        QCOMPARE(d.state(), c.state());

        QString error;
        std::unique_ptr<ReplayViewer> v(ReplayViewer::fromFile(path, &error));
        QVERIFY2(v, qPrintable(error));
        QCOMPARE(v->commandCount(), 4);
        QCOMPARE(v->position(), 0);
        v->stepForward();
        v->stepForward();
        QCOMPARE(v->position(), 2);
        v->stepBack();
        QCOMPARE(v->position(), 1);
        v->setPosition(99);
        QCOMPARE(v->position(), 4);
        QVERIFY(v->jumpBox()->count() >= 3); // a turn and two activations
        QCOMPARE(v->turnStart(1), 0);
        v->resize(1000, 800);
        v->show();
        QVERIFY(QTest::qWaitForWindowExposed(v.get()));
        shot(v.get(), QStringLiteral("08-replay"));
    }

    // The flex dice one by one: the best drop is preselected, a click on a die
    // drops it instead, the result follows, and the engine gets those dice.
    void flexPickerDropsTheChosenDie()
    {
        GameController c;
        c.setAutosaveEnabled(false);
        GameWindow w(&c);
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        // 4 4 4 1 2 and a macro 3: dropping the 1 or the 2 leaves [T4], the 4 only [D4].
        c.startGame(ullerSetup(),
                    std::make_unique<ScriptedDiceSource>(
                        std::vector<int> {4, 4, 4, 1, 2, 3, 6, 6, 6, 6, 6, 6}));
        QVERIFY(w.activate(1, QString()));
        QVERIFY(w.attackWith(0, 0));
        QVERIFY(c.state().pending);
        QCOMPARE(c.state().pending->request.kind, QStringLiteral("flex"));
        FlexPicker *picker = w.flexPicker();
        QVERIFY(picker->isVisible());
        QVERIFY(!w.decisionOptions()->isVisible());
        QCOMPARE(picker->dieCount(), 5);
        QCOMPARE(picker->flexCount(), 1);
        QCOMPARE(picker->macroCount(), 1);
        // The best is preselected: one die dropped, [T4].
        QCOMPARE(w.selectedOption(), c.state().pending->request.defaultOption);
        QCOMPARE(int(picker->droppedFaces().size()), 1);
        QVERIFY(picker->resultLabel()->text().contains(QStringLiteral("[T4]")));
        shot(&w, QStringLiteral("10-flex-picker-best"));
        // Drop the first 4 instead: the other drop is kept again, [D4] shown.
        QCOMPARE(picker->die(0)->face(), 4);
        QTest::mouseClick(picker->die(0), Qt::LeftButton);
        QCOMPARE(picker->droppedFaces(), std::vector<int> {4});
        QVERIFY(picker->die(0)->isDropped());
        QVERIFY(picker->resultLabel()->text().contains(QStringLiteral("[D4]")));
        QVERIFY(w.selectedOption() != c.state().pending->request.defaultOption);
        shot(&w, QStringLiteral("10-flex-picker-chosen"));
        // Clicking it again keeps it: nothing dropped, no answer possible.
        QTest::mouseClick(picker->die(0), Qt::LeftButton);
        QVERIFY(picker->droppedFaces().empty());
        QCOMPARE(w.selectedOption(), -1);
        QVERIFY(!w.answerButton()->isEnabled());
        QTest::mouseClick(picker->die(1), Qt::LeftButton);
        QCOMPARE(picker->droppedFaces(), std::vector<int> {4});
        QTest::mouseClick(w.answerButton(), Qt::LeftButton);
        // The engine removed a 4 and got [D4].
        const QJsonObject roll = lastRoll(*c.game());
        QCOMPARE(ints(roll.value(QStringLiteral("removed"))), std::vector<int> {4});
        QCOMPARE(roll.value(QStringLiteral("result")).toString(), QStringLiteral("[D4]"));
        answerAll(w);
        QVERIFY(!c.state().pending);
    }

    // A [T] on a capital ship: the attacker chooses the Critical Hit in the
    // table's list, grouped under the rulebook's headings with rating names.
    void criticalHitChosenAtTheTable()
    {
        GameController c;
        c.setAutosaveEnabled(false);
        GameWindow w(&c);
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        c.startGame(ullerSetup(),
                    std::make_unique<ScriptedDiceSource>(
                        std::vector<int> {4, 4, 4, 1, 2, 3, 6, 6, 6, 6, 6, 6}));
        QVERIFY(w.activate(1, QString()));
        // Through the table: click the Uller (a green target).
        QTest::mouseClick(w.view()->viewport(), Qt::LeftButton, {},
                          w.view()->mapFromScene(c.state().models[0].placement.centre()));
        QTest::mouseClick(w.attackPreviewPanel()->rollButton(), Qt::LeftButton); // issue 16
        QVERIFY(c.state().pending);
        QCOMPARE(c.state().pending->request.kind, QStringLiteral("flex"));
        QTest::mouseClick(w.answerButton(), Qt::LeftButton); // the best: [T4]
        QVERIFY(c.state().pending);
        const DecisionRequest r = c.state().pending->request;
        QCOMPARE(r.kind, QStringLiteral("critical"));
        QCOMPARE(r.player, 1); // the attacker
        QVERIFY(!w.handOverShowing());
        QVERIFY(!w.flexPicker()->isVisible());
        QListWidget *list = w.decisionOptions();
        QVERIFY(list->isVisible());
        // Headings (not selectable) and one line per option, in words.
        QVERIFY(list->count() > r.optionCount());
        QCOMPARE(list->item(0)->text(), QStringLiteral("Rating Damage"));
        QVERIFY(!(list->item(0)->flags() & Qt::ItemIsSelectable));
        QListWidgetItem *thrusters = nullptr;
        for (int i = 0; i < list->count(); ++i) {
            const QString text = list->item(i)->text();
            QVERIFY2(!text.contains(QStringLiteral("->")), qPrintable(text));
            if (text.contains(QStringLiteral("Thrusters:")))
                thrusters = list->item(i);
        }
        QVERIFY(thrusters);
        QCOMPARE(w.selectedOption(), r.defaultOption);
        QCOMPARE(w.selectedModel(), 0); // the Uller's card beside the choice
        shot(&w, QStringLiteral("11-critical-hit"));
        const int thrustersBefore = c.state().models[0].thrustersLost;
        list->scrollToItem(thrusters);
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {},
                          list->visualItemRect(thrusters).center());
        QCOMPARE(list->currentItem(), thrusters);
        QTest::mouseClick(w.answerButton(), Qt::LeftButton);
        QVERIFY(!c.state().pending);
        QCOMPARE(c.state().models[0].thrustersLost, thrustersBefore + 1);
        bool logged = false;
        for (const GameEvent &e : c.game()->log().back())
            logged |= e.kind == QLatin1String("critical")
                && e.data.value(QStringLiteral("option"))
                       .toString()
                       .contains(QStringLiteral("Thrusters"));
        QVERIFY(logged);
    }

    // An option that is a movement (v1.2.3 Assaulting: Disengage, a 4" move):
    // Answer waits for a click on the table, a ghost follows the mouse, and the
    // click sends the answer with the path; Esc-free: another option cancels.
    void pathOptionAnsweredOnTheTable()
    {
        GameSetup s;
        s.rules = QStringLiteral("v1.2.3");
        s.players[0].name = QStringLiteral("Dave");
        s.players[0].fleet.faction = QStringLiteral("jovian");
        s.players[0].fleet.points = 250;
        s.players[0].fleet.entries = {FleetEntry {QStringLiteral("pathfinder"), {}, {}},
                                      FleetEntry {QStringLiteral("alexander"), {}, {}}};
        s.players[1].name = QStringLiteral("Eve");
        s.players[1].fleet.faction = QStringLiteral("cega");
        s.players[1].fleet.points = 250;
        s.players[1].fleet.entries = {FleetEntry {QStringLiteral("uller"), {}, {}}};
        s.initiative = 1;
        ModelStart sq;
        sq.player = 0;
        sq.x = 25.5774;
        sq.y = 24;
        sq.states = {QStringLiteral("assaulting")};
        sq.assaultTarget = 2;
        ModelStart alex;
        alex.player = 0;
        alex.entry = 1;
        alex.x = 40;
        alex.y = 44;
        ModelStart uller;
        uller.player = 1;
        uller.x = 24;
        uller.y = 24;
        s.starts = {sq, alex, uller};
        s.startPhase = QStringLiteral("activation");
        if (const auto e = GameSetup::fillUnits(s, db()))
            QFAIL(qPrintable(*e));
        GameController c;
        c.setAutosaveEnabled(false);
        GameWindow w(&c);
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        c.startGame(s, manyDice());
        QVERIFY(c.state().models[0].has(FlagAssaulting));
        QVERIFY(w.activate(2, QString()));
        QVERIFY(c.state().pending);
        QCOMPARE(c.state().pending->request.kind, QStringLiteral("assaulting"));
        QVERIFY(w.handOverShowing()); // Dave's choice during Eve's activation
        w.confirmHandOver();
        QListWidget *list = w.decisionOptions();
        QCOMPARE(list->count(), 2);
        QVERIFY(list->item(1)->text().contains(QStringLiteral("click on the table")));
        list->setCurrentRow(1);
        QTest::mouseClick(w.answerButton(), Qt::LeftButton);
        QCOMPARE(w.pathOption(), 1); // waiting for the click
        QVERIFY(c.state().pending);
        const QPointF to(29.0, 24.0);
        QTest::mouseMove(w.view()->viewport(), w.view()->mapFromScene(to));
        shot(&w, QStringLiteral("16-path-option"));
        QTest::mouseClick(w.view()->viewport(), Qt::LeftButton, {}, w.view()->mapFromScene(to));
        QVERIFY(!c.state().pending);
        QCOMPARE(w.pathOption(), -1);
        const ModelState &p = c.state().models[0];
        QVERIFY(!p.has(FlagAssaulting));
        // The click lands on the nearest scene point of a pixel: within a tenth of an inch.
        QVERIFY(std::abs(p.placement.centre().x() - to.x()) < 0.1);
        QVERIFY(std::abs(p.placement.centre().y() - to.y()) < 0.1);
    }

    // Initiate Boarding with two enemy ships within 1": the player picks the
    // target (Esc cancels; a click on a marked model or in the list resolves);
    // with one target the button resolves at once.
    void targetPickerForTheAction_data()
    {
        QTest::addColumn<int>("targets");
        QTest::addColumn<bool>("onTheTable");
        QTest::newRow("two, clicked on the table") << 2 << true;
        QTest::newRow("two, picked in the list") << 2 << false;
        QTest::newRow("one: one click") << 1 << false;
    }
    void targetPickerForTheAction()
    {
        QFETCH(int, targets);
        QFETCH(bool, onTheTable);
        GameSetup s = duelSetup();
        s.players[0].fleet.entries = {FleetEntry {QStringLiteral("valiant"), {}, {}}};
        s.players[1].fleet.faction = QStringLiteral("cega");
        s.players[1].fleet.entries = {FleetEntry {QStringLiteral("uller"), {}, {}},
                                      FleetEntry {QStringLiteral("uller"), {}, {}}};
        ModelStart valiant;
        valiant.player = 0;
        valiant.x = 24;
        valiant.y = 27;
        ModelStart ahead;
        ahead.player = 1;
        ahead.entry = 0;
        ahead.x = 24;
        ahead.y = 24;
        ModelStart behind = ahead;
        behind.entry = 1;
        behind.y = targets == 2 ? 30 : 44;
        s.starts = {valiant, ahead, behind};
        QVERIFY(!GameSetup::fillUnits(s, db()));
        GameController c;
        c.setAutosaveEnabled(false);
        GameWindow w(&c);
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        c.startGame(s, manyDice());
        QVERIFY(w.activate(0, QStringLiteral("initiate-boarding")));
        QPushButton *resolve = w.resolveButton();
        QVERIFY(resolve->isVisible());
        const auto sentTarget = [&c]() -> std::optional<int> {
            const Command &cmd = c.state().pending ? c.state().pending->command
                                                   : c.game()->history().back().command;
            if (const auto *r = std::get_if<ResolveActionCommand>(&cmd))
                return r->target;
            return std::nullopt;
        };
        if (targets == 1) {
            QVERIFY(resolve->text().contains(QStringLiteral("Uller")));
            QTest::mouseClick(resolve, Qt::LeftButton);
            QCOMPARE(sentTarget(), std::optional<int>(1));
            return;
        }
        QVERIFY(resolve->text().contains(QStringLiteral("choose")));
        QTest::mouseClick(resolve, Qt::LeftButton);
        QVERIFY(w.pickingTarget());
        QCOMPARE(c.game()->history().size(), std::size_t(1)); // nothing sent yet
        QListWidget *list = w.resolveTargetList();
        QVERIFY(list->isVisible());
        QCOMPARE(list->count(), 2);
        for (int i = 0; i < list->count(); ++i)
            QVERIFY(list->item(i)->text().contains(QLatin1Char('"')));
        for (int id : {1, 2})
            QCOMPARE(w.scene()->modelItem(id)->highlight(), ModelItem::ActionTarget);
        // Esc leaves the choice; the button starts it again.
        QTest::keyClick(w.view(), Qt::Key_Escape);
        QVERIFY(!w.pickingTarget());
        QVERIFY(!list->isVisible());
        QTest::mouseClick(resolve, Qt::LeftButton);
        QVERIFY(w.pickingTarget());
        w.view()->zoomBy(2);
        w.view()->centerOn(QPointF(24, 27));
        shot(&w, QStringLiteral("12-target-picker"));
        if (onTheTable) {
            // The ship behind (the engine's second target).
            QTest::mouseClick(w.view()->viewport(), Qt::LeftButton, {},
                              w.view()->mapFromScene(c.state().models[2].placement.centre()));
            QCOMPARE(sentTarget(), std::optional<int>(2));
        } else {
            QListWidgetItem *ahead = nullptr;
            for (int i = 0; i < list->count(); ++i)
                if (list->item(i)->data(GameWindowRole::Target).toInt() == 1)
                    ahead = list->item(i);
            QVERIFY(ahead);
            QTest::mouseClick(list->viewport(), Qt::LeftButton, {},
                              list->visualItemRect(ahead).center());
            QCOMPARE(sentTarget(), std::optional<int>(1));
        }
        QVERIFY(!w.pickingTarget());
        QCOMPARE(c.game()->history().size(), std::size_t(2));
    }

    // Game › Replay This Game: the viewer opens on a copy of the game at the
    // table, steps back and forth, jumps; the game at the table is untouched
    // and goes on.
    void replayTheGameInProgress()
    {
        GameController::discardAutosave();
        MainWindow mw {UnitDatabase(db())};
        mw.resize(1300, 900);
        GameTable *t = mw.gameTable();
        GameController *c = t->controller();
        c->setAutosaveEnabled(false);
        QVERIFY(!t->replayCurrentAction()->isEnabled());
        c->startGame(duelSetup());
        QVERIFY(t->replayCurrentAction()->isEnabled());
        QCOMPARE(t->replayCurrentAction()->shortcut(),
                 QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
        QVERIFY(t->menu()->actions().contains(t->replayCurrentAction()));
        QVERIFY(c->apply(ActivateCommand {0, {}}));
        const double go = c->game()->legalCommands().move->minimum;
        QVERIFY(c->apply(MoveCapitalCommand {{MoveLeg {go, 0}}}));
        QVERIFY(c->apply(EndActivationCommand {}));
        QVERIFY(c->apply(ActivateCommand {1, {}}));
        const GameState live = c->state();
        const std::size_t commands = c->game()->history().size();

        t->replayCurrentAction()->trigger();
        auto *v = mw.findChild<ReplayViewer *>();
        QVERIFY(v);
        QVERIFY(QTest::qWaitForWindowExposed(v));
        QCOMPARE(v->commandCount(), int(commands));
        QCOMPARE(v->position(), int(commands)); // opens where the game is
        QCOMPARE(v->shownState(), live);
        QVERIFY(v->positionLabel()->text().contains(QStringLiteral("Eve activates Shan-Yu")));
        // Back, through the button: the Alexander returns to where it started.
        auto *back = v->findChild<QPushButton *>(QStringLiteral("replayBack"));
        auto *forward = v->findChild<QPushButton *>(QStringLiteral("replayForward"));
        QVERIFY(back && forward);
        const QPointF moved = v->scene()->modelItem(0)->pos();
        QTest::mouseClick(back, Qt::LeftButton);
        QTest::mouseClick(back, Qt::LeftButton);
        QCOMPARE(v->position(), int(commands) - 2);
        QVERIFY(v->positionLabel()->text().contains(QStringLiteral("Dave moves Alexander")));
        QTest::mouseClick(back, Qt::LeftButton);
        QVERIFY(v->scene()->modelItem(0)->pos() != moved);
        QCOMPARE(v->shownState(), c->game()->stateAfter(v->position()));
        QTest::mouseClick(forward, Qt::LeftButton);
        QCOMPARE(v->scene()->modelItem(0)->pos(), moved);
        // Jump to the first entry (Turn 1).
        v->jumpBox()->setCurrentIndex(1);
        Q_EMIT v->jumpBox()->activated(1);
        QCOMPARE(v->position(), 0);
        shot(v, QStringLiteral("13-replay-current-game"));
        // The game at the table: as it was, and it goes on.
        QCOMPARE(c->state(), live);
        QCOMPARE(c->game()->history().size(), commands);
        const double go2 = std::max(c->game()->legalCommands().move->minimum, 1.0);
        QVERIFY2(c->apply(MoveCapitalCommand {{MoveLeg {go2, 0}}}),
                 qPrintable(c->lastRejection() ? c->lastRejection()->toString() : QString()));
        QCOMPARE(v->commandCount(), int(commands));
        v->setPosition(v->commandCount());
        QCOMPARE(v->shownState(), live);
        v->close();
    }

    // The table in German: the catalogue built into the program is used for
    // the table's own words and the engine's sentences (typed messages) in the
    // log and the refusals.
    void tableInGerman()
    {
        QTranslator german;
        QVERIFY(german.load(QStringLiteral(":/i18n/jwfleet_de.qm")));
        QVERIFY(QCoreApplication::installTranslator(&german));
        {
            GameController c;
            c.setAutosaveEnabled(false);
            GameWindow w(&c);
            w.resize(1500, 950);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            c.startGame(duelSetup());
            QVERIFY(w.turnLabel()->text().contains(QStringLiteral("ist am Zug")));
            QVERIFY(w.findChild<QLabel *>(QStringLiteral("activateTitle"))
                        ->text()
                        .contains(QStringLiteral("Gewählt")));
            bool evade = false;
            for (int i = 0; i < w.actionList()->count(); ++i)
                evade |= w.actionList()->item(i)->text().startsWith(QStringLiteral("Ausweichen"));
            QVERIFY(evade);
            QVERIFY(w.activate(0, QStringLiteral("evade")));
            const LegalCommands legal = c.game()->legalCommands();
            QVERIFY(legal.move);
            // Too far: the refusal is in German (the rule's name stays English).
            w.dragMove(QPointF(24, 32 - legal.move->maximum - 3));
            QVERIFY2(w.messageLabel()->text().contains(QStringLiteral("darf sich höchstens")),
                     qPrintable(w.messageLabel()->text()));
            w.clearMove();
            w.dragMove(QPointF(24, 32 - std::max(legal.move->minimum, 1.0)));
            QVERIFY(w.commitMove());
            bool moved = false;
            for (int i = 0; i < w.logModel()->rowCount(); ++i)
                moved |= w.logModel()->item(i)->text().contains(
                    QStringLiteral("Alexander bewegt sich"));
            QVERIFY(moved);
            shot(&w, QStringLiteral("14-german"));
        }
        QCoreApplication::removeTranslator(&german);
    }

    // Issue 15: a decision at the table reads in the application's language (the engine's
    // typed question and options), its answers as before.
    void decisionInGerman()
    {
        QTranslator german;
        QVERIFY(german.load(QStringLiteral(":/i18n/jwfleet_de.qm")));
        QVERIFY(QCoreApplication::installTranslator(&german));
        {
            const GameScript script
                = engineScript(QStringLiteral("action-assault-intercepted.yaml"));
            QVERIFY(script.ok());
            GameController c;
            c.setAutosaveEnabled(false);
            GameWindow w(&c);
            w.resize(1500, 950);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            c.startGame(script.setup, std::make_unique<ScriptedDiceSource>(*script.dice));
            QVERIFY(c.apply(script.commands[0].command)); // Pathfinder: Initiate Assault
            QVERIFY(c.apply(script.commands[1].command)); // on the Uller
            QVERIFY(c.state().pending);
            QCOMPARE(c.state().pending->request.kind, QStringLiteral("reactive-interception"));
            if (w.handOverShowing())
                w.confirmHandOver(); // Eve answers
            const auto *question = w.findChild<QLabel *>(QStringLiteral("decisionQuestion"));
            QVERIFY(question);
            QVERIFY2(question->text().contains(
                         QStringLiteral("Ihrer Staffeln) greift Uller im Sturm an: abfangen?")),
                     qPrintable(question->text()));
            QListWidget *options = w.decisionOptions();
            QCOMPARE(options->count(), 2);
            QVERIFY2(
                options->item(0)->text().startsWith(QStringLiteral("Mit Wyvern abfangen (1.77")),
                qPrintable(options->item(0)->text()));
            QVERIFY2(options->item(1)->text().startsWith(QStringLiteral("Nicht abfangen")),
                     qPrintable(options->item(1)->text()));
            // The English stays what files and the CLI carry.
            QCOMPARE(c.state().pending->request.options().back(),
                     QStringLiteral("No interception"));
            options->setCurrentRow(0);
            QCOMPARE(w.selectedOption(), 0);
            QTest::mouseClick(w.answerButton(), Qt::LeftButton);
            // The Dogfight that follows asks in German too.
            QVERIFY(c.state().pending);
            QCOMPARE(c.state().pending->request.kind, QStringLiteral("dogfight"));
            if (w.handOverShowing())
                w.confirmHandOver();
            QVERIFY2(question->text().contains(QStringLiteral("Luftkampf: Was tut Wyvern?")),
                     qPrintable(question->text()));
            QVERIFY2(options->item(0)->text().startsWith(
                         QStringLiteral("Kämpfen: Pathfinder angreifen (1 Treibstoff)")),
                     qPrintable(options->item(0)->text()));
            shot(&w, QStringLiteral("14-german-decision"));
            // The replay tells the answer in German as well.
            std::unique_ptr<ReplayViewer> replay(ReplayViewer::fromGame(*c.game()));
            replay->setPosition(3); // activate, resolve, answer
            const QString answered = replay->positionLabel()->text();
            QVERIFY2(answered.contains(QStringLiteral("greift Uller im Sturm an: abfangen?"))
                         && answered.contains(QStringLiteral("Mit Wyvern abfangen")),
                     qPrintable(answered));
        }
        QCoreApplication::removeTranslator(&german);
    }

    void measureTool()
    {
        GameController c;
        c.setAutosaveEnabled(false);
        GameWindow w(&c);
        c.startGame(duelSetup());
        w.measure(0, 1);
        QVERIFY(w.scene()->measuredDistance());
        // 14" between centres, the bases' half lengths off.
        QVERIFY(*w.scene()->measuredDistance() > 8 && *w.scene()->measuredDistance() < 14);
    }

    // Water Raid at the table: the phase says the Comet is to be placed, a click places it;
    // the Defender's deployment panel has a Water spin box filled with the engine's
    // default, what it shows is sent, a refusal names the rule; the status shows the water.
    void waterRaidDeployment()
    {
        const GameScript script = engineScript(QStringLiteral("scenario-water-raid.yaml"));
        QVERIFY(script.ok());
        GameController c;
        c.setAutosaveEnabled(false);
        GameWindow w(&c);
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        c.startGame(script.setup, manyDice());
        QCOMPARE(c.state().deploymentStep, DeploymentStep::Comet);
        QVERIFY2(w.turnLabel()->text().contains(QStringLiteral("Dave to place the Comet")),
                 qPrintable(w.turnLabel()->text()));
        shot(&w, QStringLiteral("20-water-raid-comet-step"));
        const auto comet = [&c]() -> const TerrainPiece * {
            for (const TerrainPiece &p : c.state().terrain)
                if (p.kind == TerrainKind::Comet && p.stationary)
                    return &p;
            return nullptr;
        };
        QVERIFY(!comet());
        // The Body's size is the Defender's choice (2" to 4").
        QVERIFY(w.cometSizeSpin()->isVisible());
        QCOMPARE(w.cometSizeSpin()->minimum(), 2.0);
        QCOMPARE(w.cometSizeSpin()->maximum(), 4.0);
        w.cometSizeSpin()->setValue(4.0);
        w.view()->fitTable();
        QTest::mouseClick(w.view()->viewport(), Qt::LeftButton, {},
                          w.view()->mapFromScene(QPointF(30, 42)));
        QVERIFY2(comet(), qPrintable(c.lastRejection() ? c.lastRejection()->toString() : ""));
        QCOMPARE(comet()->shape.radius(), 2.0);
        QVERIFY(!w.cometSizeSpin()->isVisible());
        QVERIFY(std::hypot(comet()->shape.centre().x() - 30, comet()->shape.centre().y() - 42)
                < 0.5);
        QVERIFY(!w.turnLabel()->text().contains(QStringLiteral("Comet")));

        const int shanYu = modelNamed(c, QStringLiteral("Shan-Yu"));
        const int valiant = modelNamed(c, QStringLiteral("Valiant"));
        const int alexander = modelNamed(c, QStringLiteral("Alexander"));
        const int pathfinder = modelNamed(c, QStringLiteral("Pathfinder"));
        // The Attacker (Eve) deploys first: no water for her.
        QCOMPARE(c.game()->legalCommands().player, 1);
        w.setDeployModel(shanYu);
        QVERIFY(w.waterSpin()->isHidden());
        w.rotatePreview(180 - w.deployFacing());
        QVERIFY(w.deployAt(QPointF(24, 4)));
        QCOMPARE(c.state().models[std::size_t(shanYu)].water, 0);

        // The Defender's Valiant: pre-filled with the default (5 of the 10).
        QCOMPARE(c.game()->legalCommands().player, 0);
        w.setDeployModel(valiant);
        QVERIFY(!w.waterSpin()->isHidden());
        QCOMPARE(w.waterSpin()->maximum(), 5);
        QCOMPARE(w.waterSpin()->value(), 5);
        auto *left = w.findChild<QLabel *>(QStringLiteral("waterLeft"));
        QVERIFY(left && left->text().contains(QStringLiteral("10 of 10")));
        // 3 would leave the Alexander (5) and the Pathfinder (1) too little room: refused,
        // with the engine's rule.
        w.waterSpin()->setValue(3);
        QVERIFY(!w.deployAt(QPointF(10, 44)));
        QVERIFY(c.lastRejection());
        QCOMPARE(c.lastRejection()->rule, QStringLiteral("Water Raid › Water Reserves"));
        QVERIFY(w.messageLabel()->text().contains(QStringLiteral("Water Raid › Water Reserves")));
        QCOMPARE(w.waterSpin()->value(), 3); // the player's choice kept after the refusal
        w.waterSpin()->setValue(4);
        QTest::mouseMove(w.view()->viewport(), w.view()->mapFromScene(QPointF(10, 44)));
        shot(&w, QStringLiteral("20-water-raid-deploy-water"));
        QVERIFY(w.deployAt(QPointF(10, 44)));
        QCOMPARE(c.state().models[std::size_t(valiant)].water, 4);
        ModelItem *valiantItem = w.scene()->modelItem(valiant);
        QVERIFY(valiantItem);
        QVERIFY2(valiantItem->status().contains(QStringLiteral("water 4")),
                 qPrintable(valiantItem->status()));
        QVERIFY(valiantItem->toolTip().contains(QStringLiteral("Water: 4 unit")));

        // The Alexander: the default now, 5 of the 6 left, sent untouched.
        w.setDeployModel(alexander);
        QCOMPARE(w.waterSpin()->value(), 5);
        QVERIFY(left->text().contains(QStringLiteral("6 of 10")));
        QVERIFY(w.deployAt(QPointF(40, 44)));
        QCOMPARE(c.state().models[std::size_t(alexander)].water, 5);
        // The Pathfinder, on the table: at most 1.
        w.setDeployModel(pathfinder);
        QCOMPARE(w.waterSpin()->maximum(), 1);
        QCOMPARE(w.waterSpin()->value(), 1);
        w.rotatePreview(0 - w.deployFacing());
        QVERIFY2(w.deployAt(QPointF(22, 40)),
                 qPrintable(c.lastRejection() ? c.lastRejection()->toString() : ""));
        QCOMPARE(c.state().models[std::size_t(pathfinder)].water, 1);
        QCOMPARE(c.state().phase, Phase::Activation);
        QVERIFY(w.waterSpin()->isHidden() || !w.waterSpin()->isVisible());
        QVERIFY(w.scene()->modelItem(pathfinder)->status().contains(QStringLiteral("water 1")));
        w.view()->fitTable();
        w.view()->zoomBy(1.6);
        w.view()->centerOn(QPointF(24, 40));
        shot(&w, QStringLiteral("20-water-raid"));
    }

    // Water Raid › Mine the Comet from the table: the Pathfinder (Initiate Assault) in
    // contact with the Comet; the Resolve button offers the Comet and mines it.
    void mineTheCometFromTheTable()
    {
        const GameScript script
            = engineScript(QStringLiteral("scenario-water-raid-mine-comet.yaml"));
        QVERIFY(script.ok());
        QVERIFY(script.dice);
        GameController c;
        c.setAutosaveEnabled(false);
        GameWindow w(&c);
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        c.startGame(script.setup, std::make_unique<ScriptedDiceSource>(*script.dice));
        // Every command but the last (the resolve), as the script gives them.
        QVERIFY(std::holds_alternative<ResolveActionCommand>(script.commands.back().command));
        std::size_t next = 0;
        const QString replayed
            = replayWhile(c, script, next, [&] { return next + 1 < script.commands.size(); });
        QVERIFY2(replayed.isEmpty(), qPrintable(replayed));
        const int pathfinder = modelNamed(c, QStringLiteral("Pathfinder"));
        QCOMPARE(c.state().activation->model, pathfinder);
        QCOMPARE(c.state().models[std::size_t(pathfinder)].water, 0);
        auto *resolve = w.resolveButton();
        QVERIFY(resolve->isVisible());
        QVERIFY2(resolve->text().contains(QStringLiteral("Comet")), qPrintable(resolve->text()));
        w.view()->fitTable();
        w.view()->zoomBy(3);
        w.view()->centerOn(QPointF(26, 32));
        shot(&w, QStringLiteral("21-mine-the-comet"));
        QTest::mouseClick(resolve, Qt::LeftButton);
        // The Lance's Fuel is asked in the generic decision panel, with the engine's options.
        QVERIFY(c.state().pending);
        QCOMPARE(c.state().pending->request.kind, QStringLiteral("lance-fuel"));
        if (w.handOverShowing())
            w.confirmHandOver();
        QCOMPARE(w.decisionOptions()->count(), int(c.state().pending->request.optionCount()));
        shot(&w, QStringLiteral("21-mine-the-comet-lance-fuel"));
        answerAll(w);
        QCOMPARE(c.state().models[std::size_t(pathfinder)].water, 1);
        QVERIFY(c.state().activation ? c.state().activation->actionResolved : true);
        QVERIFY2(w.scene()->modelItem(pathfinder)->status().contains(QStringLiteral("water 1")),
                 qPrintable(w.scene()->modelItem(pathfinder)->status()));
    }

    // Mine the Comet when the Assault has two targets (the Comet and an enemy Capital Ship in
    // base contact): Resolve lists both; a click on the Comet's Body resolves against it.
    void mineTheCometPickedOnTheTable()
    {
        GameScript script = engineScript(QStringLiteral("scenario-water-raid-mine-comet.yaml"));
        QVERIFY(script.ok());
        QVERIFY(script.dice);
        // The Pathfinder touches the Comet's Body (centre (24, 30), 3" across) on its left;
        // the Shan-Yu, already activated, touches the Pathfinder's left corner.
        const double hexCorner = 1 / std::sqrt(3.0);
        const QPointF contact(24 - 1.5 - hexCorner + 0.01, 30);
        for (ModelStart &m : script.setup.starts) {
            if (m.player == 1) {
                m.x = contact.x() - hexCorner - 1;
                m.y = 30;
                m.facing = 180;
                m.activated = true;
            } else if (m.entry == 1) { // the Pathfinder, set there (a move may not end so)
                m.x = contact.x();
                m.y = contact.y();
            }
        }
        GameController c;
        c.setAutosaveEnabled(false);
        GameWindow w(&c);
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        c.startGame(script.setup, std::make_unique<ScriptedDiceSource>(*script.dice));
        const int pathfinder = modelNamed(c, QStringLiteral("Pathfinder"));
        const int shanYu = modelNamed(c, QStringLiteral("Shan-Yu"));
        QVERIFY2(w.activate(pathfinder, QStringLiteral("initiate-assault")),
                 qPrintable(c.lastRejection() ? c.lastRejection()->toString() : ""));
        int resolves = 0;
        for (const Command &cmd : c.game()->legalCommands().commands)
            resolves += std::holds_alternative<ResolveActionCommand>(cmd);
        QCOMPARE(resolves, 2);
        QTest::mouseClick(w.resolveButton(), Qt::LeftButton);
        QVERIFY(w.pickingTarget());
        QCOMPARE(w.resolveTargetList()->count(), 2);
        QVERIFY(w.resolveTargetList()->item(0)->text().contains(QStringLiteral("Shan-Yu")));
        QVERIFY(w.resolveTargetList()->item(1)->text().contains(QStringLiteral("Comet")));
        QCOMPARE(w.scene()->modelItem(shanYu)->highlight(), ModelItem::ActionTarget);
        QVERIFY(w.scene()->terrainHighlighted(0)); // the Comet, ringed in orange
        w.view()->fitTable();
        w.view()->zoomBy(3);
        w.view()->centerOn(QPointF(23, 31));
        shot(&w, QStringLiteral("21-mine-the-comet-pick"));
        // A click on open space is not a target.
        QTest::mouseClick(w.view()->viewport(), Qt::LeftButton, {},
                          w.view()->mapFromScene(QPointF(30, 36)));
        QVERIFY(!c.state().pending);
        QVERIFY(w.messageLabel()->text().contains(QStringLiteral("Not a target")));
        QVERIFY(w.pickingTarget()); // still choosing
        // The Comet's Body, right of its centre (away from the Pathfinder).
        QTest::mouseClick(w.view()->viewport(), Qt::LeftButton, {},
                          w.view()->mapFromScene(QPointF(24.8, 30)));
        QVERIFY(c.state().pending);
        QCOMPARE(c.state().pending->request.kind, QStringLiteral("lance-fuel"));
        answerAll(w);
        QCOMPARE(c.state().models[std::size_t(pathfinder)].water, 1);
        bool minedTheComet = false;
        for (const auto &events : c.game()->log())
            for (const GameEvent &e : events)
                minedTheComet |= e.text().contains(QStringLiteral("Assaults the Comet"));
        QVERIFY(minedTheComet);
    }

    // Scavenger Hunt: a UIO's status shows each player's Marines aboard and Search tokens,
    // then who searched it.
    void scavengerHuntSearchTokens()
    {
        const GameScript script
            = engineScript(QStringLiteral("scenario-scavenger-hunt-search.yaml"));
        QVERIFY(script.ok());
        GameController c;
        c.setAutosaveEnabled(false);
        GameWindow w(&c);
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        c.startGame(script.setup);
        const int uio2 = modelNamed(c, QStringLiteral("UIO 2"));
        const int uio3 = modelNamed(c, QStringLiteral("UIO 3"));
        QVERIFY(uio2 >= 0 && uio3 >= 0);
        QVERIFY(w.scene()->modelItem(uio3));
        QVERIFY(!w.scene()->modelItem(uio3)->status().contains(QStringLiteral("Search")));
        std::size_t next = 0;
        QString replayed = replayWhile(c, script, next, [&] { return c.state().turn == 1; });
        QVERIFY2(replayed.isEmpty(), qPrintable(replayed));
        // After the first End Phase: Dave has 1 token on UIO 2, 2 on UIO 3.
        QCOMPARE(c.state().turn, 2);
        QString st = w.scene()->modelItem(uio2)->status();
        QVERIFY2(st.contains(QStringLiteral("Dave: Marines 1 · Search 1")), qPrintable(st));
        QVERIFY2(!st.contains(QStringLiteral("Eve")), qPrintable(st));
        st = w.scene()->modelItem(uio3)->status();
        QVERIFY2(st.contains(QStringLiteral("Dave: Marines 3 · Search 2")), qPrintable(st));
        QVERIFY(!st.contains(QStringLiteral("searched by")));
        QVERIFY(w.scene()->modelItem(uio3)->toolTip().contains(QStringLiteral("Not searched")));
        w.view()->fitTable();
        shot(&w, QStringLiteral("22-scavenger-hunt"));
        w.view()->zoomBy(3);
        w.view()->centerOn(QPointF(30, 32));
        shot(&w, QStringLiteral("22-scavenger-hunt-close"));
        replayed = replayWhile(c, script, next, [] { return true; });
        QVERIFY2(replayed.isEmpty(), qPrintable(replayed));
        QCOMPARE(c.state().phase, Phase::Over);
        st = w.scene()->modelItem(uio3)->status();
        QVERIFY2(st.contains(QStringLiteral("Dave: Marines 3 · Search 4")), qPrintable(st));
        QVERIFY2(st.contains(QStringLiteral("searched by Dave")), qPrintable(st));
        QVERIFY(w.scene()->modelItem(uio3)->toolTip().contains(QStringLiteral("Searched by Dave")));
        QVERIFY(!w.scene()->modelItem(uio2)->status().contains(QStringLiteral("searched by")));
        w.view()->centerOn(QPointF(30, 32));
        shot(&w, QStringLiteral("22-scavenger-hunt-over"));
    }

    // Scavenger Hunt › Retrieve Intelligence: the Pathfinder launched from the searched UIO
    // carries an Intelligence Token, shown under it and in its tooltip.
    void scavengerHuntIntelligenceToken()
    {
        const GameScript script
            = engineScript(QStringLiteral("scenario-scavenger-hunt-intelligence.yaml"));
        QVERIFY(script.ok());
        GameController c;
        c.setAutosaveEnabled(false);
        GameWindow w(&c);
        c.startGame(script.setup);
        const int pathfinder = modelNamed(c, QStringLiteral("Pathfinder"));
        std::size_t next = 0;
        const QString replayed = replayWhile(c, script, next, [&] {
            return c.state().models[std::size_t(pathfinder)].intelligence == 0;
        });
        QVERIFY2(replayed.isEmpty(), qPrintable(replayed));
        QCOMPARE(c.state().models[std::size_t(pathfinder)].intelligence, 1);
        ModelItem *item = w.scene()->modelItem(pathfinder);
        QVERIFY(item);
        QVERIFY2(item->status().contains(QStringLiteral("intel 1")), qPrintable(item->status()));
        QVERIFY(item->toolTip().contains(QStringLiteral("Intelligence Tokens: 1")));
    }
};

QTEST_MAIN(TestTable)
#include "tst_table.moc"
