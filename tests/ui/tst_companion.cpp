// SPDX-License-Identifier: GPL-3.0-or-later
// The companion (issue 17): a game played with miniatures tracked through the
// companion's widgets as a player uses them: Track a Game's dialog, the choices
// the engine offers as large buttons (mouse and keys 1-9), the cards with their
// damage, the log, undo, autosave and resume, save and reopen, and the layout at
// landscape and portrait sizes. Screenshots go to JW_SCREENSHOT_DIR when set.
#include "modaldriver.h"
#include "tabletestutil.h"

#include "campaign/campaignwindow.h"
#include "companion/companioncard.h"
#include "companion/companionscreen.h"
#include "companion/dicekeypad.h"
#include "companion/luckreportdialog.h"
#include "companion/touchbutton.h"
#include "companion/trackgamedialog.h"
#include "mainwindow.h"
#include "table/gamecontroller.h"
#include "table/modelcard.h"
#include "theme.h"

#include "dice/odds.h"
#include "engine/game.h"
#include "engine/gamefile.h"
#include "engine/luckreport.h"
#include "table/attackpreview.h"

#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <random>

using namespace jw;
using jw::test::db;
using jw::test::duelSetup;
using jw::test::shot;

namespace {

QString fleetPath(const QString &name)
{
    const QString dir = qEnvironmentVariable("JW_SOURCE_DIR");
    return (dir.isEmpty() ? QStringLiteral(".") : dir) + QStringLiteral("/data/fleets/") + name;
}

GameSetup physicalDuel()
{
    GameSetup s = duelSetup();
    s.table = TableKind::Physical;
    return s;
}

// Two models a side: the Alexander and a Pathfinder squadron against the Uller and a Wyvern.
GameSetup physicalSkirmish()
{
    GameSetup s = physicalDuel();
    s.players[0].fleet.entries.push_back(FleetEntry {QStringLiteral("pathfinder"), {}, {}});
    s.players[1].fleet.faction = QStringLiteral("cega");
    s.players[1].fleet.entries = {FleetEntry {QStringLiteral("uller"), {}, {}},
                                  FleetEntry {QStringLiteral("wyvern"), {}, {}}};
    s.starts.clear();
    const struct
    {
        int player, entry;
        double x, y, facing;
    } places[] = {{0, 0, 24, 40, 0}, {0, 1, 30, 40, 0}, {1, 0, 24, 20, 180}, {1, 1, 30, 16, 0}};
    for (const auto &p : places) {
        ModelStart m;
        m.player = p.player;
        m.entry = p.entry;
        m.x = p.x;
        m.y = p.y;
        m.facing = p.facing;
        s.starts.push_back(m);
    }
    s.units.clear();
    if (const auto e = GameSetup::fillUnits(s, db()))
        qFatal("%s", qPrintable(*e));
    return s;
}

QAction *findAction(QMenuBar *bar, const QString &objectName)
{
    for (QAction *menu : bar->actions())
        if (menu->menu())
            for (QAction *a : menu->menu()->actions())
                if (a->objectName() == objectName)
                    return a;
    return nullptr;
}

QStringList logLines(const CompanionScreen &c)
{
    QStringList lines;
    for (int i = 0; i < c.log()->count(); ++i)
        lines << c.log()->item(i)->text();
    return lines;
}

// Answers every pending decision with its suggested option, clicking its button as a
// player would; returns how many were answered.
int answerDecisions(CompanionScreen &c)
{
    int answered = 0;
    while (c.controller()->state().pending && answered < 50) {
        const DecisionRequest &r = c.controller()->state().pending->request;
        const int option = r.defaultOption;
        if (option >= int(c.choices().size()))
            break;
        c.choices()[std::size_t(option)]->click();
        ++answered;
    }
    return answered;
}

// The boxes of a model's Structure track, as its card prints them.
int engineBoxes(const CompanionScreen &c, int model)
{
    const CardLayout *l = c.card(model)->cardLayout();
    for (const CardField &f : l->fields())
        if (f.kind == CardFieldKind::Box && f.owner == CardBoxOwner::Track
            && f.ownerIndex == int(CardTrack::Structure))
            return f.boxCount;
    return 0;
}

} // namespace

class TestCompanion : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        GameController::discardAutosave();
        GameController::discardAutosave(QStringLiteral("companion"));
        theme::apply(QStringLiteral("dark"));
    }
    void cleanupTestCase()
    {
        GameController::discardAutosave();
        GameController::discardAutosave(QStringLiteral("companion"));
    }

    // Game › Track a Game…: the dialog's own widgets, then the Companion tab with both
    // fleets' cards, the header and the log; its autosave is its own.
    void trackGameThroughTheDialog()
    {
        MainWindow w(db());
        w.resize(1280, 800);
        w.show();
        QAction *track = findAction(w.menuBar(), QStringLiteral("trackGameAction"));
        QVERIFY(track);
        bool sawDialog = false;
        jwtest::ModalDriver driver([&](QWidget *dlg) {
            auto *d = qobject_cast<TrackGameDialog *>(dlg);
            if (!d)
                return false;
            sawDialog = true;
            if (!d->setFleetFile(0, fleetPath(QStringLiteral("cega-fortress.jwfleet")))
                || !d->setFleetFile(1, fleetPath(QStringLiteral("jovian-battle-group.jwfleet"))))
                return false;
            d->setPlayerName(0, QStringLiteral("Dave"));
            d->setPlayerName(1, QStringLiteral("Eve"));
            d->setInitiative(1);
            // A physical table tracks every shipped scenario: all are offered, none named
            // as untracked.
            auto *scenario = d->findChild<QComboBox *>(QStringLiteral("scenario"));
            auto *untracked = d->findChild<QLabel *>(QStringLiteral("untrackedScenarios"));
            if (!scenario || scenario->findData(QStringLiteral("scavenger-hunt")) < 0
                || scenario->findData(QStringLiteral("water-raid")) < 0
                || scenario->findData(QStringLiteral("ambush")) < 0
                || scenario->findData(QStringLiteral("fleet-engagement")) < 0 || untracked)
                return false;
            // "Rolled by the app", chosen in the combo box as a user would.
            d->diceChoice()->setCurrentIndex(d->diceChoice()->findData(false));
            shot(d, QStringLiteral("companion-track-dialog"));
            if (d->startButton()->text() != QLatin1String("Start Tracking"))
                return false;
            d->startButton()->click();
            return true;
        });
        track->trigger();
        QVERIFY(sawDialog);
        QVERIFY2(driver.unexpected().isEmpty(), qPrintable(driver.unexpected().join(u',')));
        CompanionScreen *c = w.companion();
        QCOMPARE(w.tabs()->currentWidget(), c);
        QVERIFY(c->controller()->hasGame());
        const Game &g = *c->controller()->game();
        QVERIFY(g.setup().physical());
        QVERIFY(!g.setup().typedDice);
        QCOMPARE(g.setup().players[0].name, QStringLiteral("Dave"));
        QCOMPARE(g.state().initiative, 1);
        // A card per model of both fleets.
        int models = 0;
        for (const ModelState &m : g.state().models)
            if (m.terrain < 0) {
                ++models;
                QVERIFY(c->card(m.id));
                QVERIFY2(c->card(m.id)->titleLabel()->text().startsWith(
                             g.engine().modelName(g.state(), m.id)),
                         qPrintable(c->card(m.id)->titleLabel()->text()));
            }
        QVERIFY(models > 4);
        QVERIFY2(c->header()->text().contains(QStringLiteral("Turn 1 of 7")),
                 qPrintable(c->header()->text()));
        QVERIFY2(c->header()->text().contains(QStringLiteral("Initiative: Eve")),
                 qPrintable(c->header()->text()));
        // Victory Points as the engine counts them (the surviving models' points).
        const std::array<int, 2> vp = g.engine().victoryPoints(g.state());
        QVERIFY2(c->score()->text().contains(
                     QStringLiteral("Victory Points: Dave %1, Eve %2").arg(vp[0]).arg(vp[1])),
                 qPrintable(c->score()->text()));
        QVERIFY(c->log()->count() > 0);
        // Its own autosave; the digital table's is untouched.
        QVERIFY(GameController::hasAutosave(QStringLiteral("companion")));
        QVERIFY(!GameController::hasAutosave());
        shot(&w, QStringLiteral("companion-deployment"));
        c->closeGame();
        QVERIFY(!GameController::hasAutosave(QStringLiteral("companion")));
    }

    // Activate with an Action, attack, answer what the engine asks, by buttons and keys;
    // the cards show the state's boxes, the log the events; Edit › Undo takes steps back.
    void activateAttackAndUndo()
    {
        MainWindow w(db());
        w.resize(1280, 800);
        w.show();
        CompanionScreen *c = w.companion();
        w.tabs()->setCurrentWidget(c);
        c->startTracking(physicalDuel());
        QVERIFY(c->controller()->state().activation == std::nullopt);
        // Every button is a touch target.
        QCoreApplication::processEvents();
        QVERIFY(!c->choices().empty());
        for (const TouchButton *b : c->choices())
            QVERIFY2(b->height() >= 40 || !b->isVisible(), qPrintable(b->text()));
        QVERIFY2(c->prompt()->text().contains(QStringLiteral("Dave")),
                 qPrintable(c->prompt()->text()));
        const QStringList offered = c->choiceTexts();
        QVERIFY2(offered.join(u'\n').contains(QStringLiteral("No Action")),
                 qPrintable(offered.join(u'\n')));
        const int logBefore = c->log()->count();
        QVERIFY(c->choose(QStringLiteral("No Action")));
        const GameState &s = c->controller()->state();
        QVERIFY(s.activation);
        QCOMPARE(s.activation->model, 0);
        QVERIFY(c->log()->count() > logBefore);
        QVERIFY2(c->prompt()->text().contains(QStringLiteral("Dave's activation")),
                 qPrintable(c->prompt()->text()));
        // Attack the Shan-Yu with every weapon offered, answering each question.
        const QString target = c->controller()->engine().modelName(s, 1);
        // The first attack: the engine asks what only the table shows, the range band first,
        // as buttons with the inches for this weapon and target.
        QVERIFY(c->choose(QStringLiteral("Attack %1 with").arg(target)));
        QVERIFY(s.pending);
        QCOMPARE(s.pending->request.kind, QStringLiteral("table-range"));
        // The cards of the models the question is about say so (and are outlined).
        QVERIFY2(c->card(1)->statusLabel()->text().contains(QStringLiteral("In the question")),
                 qPrintable(c->card(1)->statusLabel()->text()));
        QVERIFY2(c->choiceTexts().value(0).contains(QStringLiteral("Short")),
                 qPrintable(c->choiceTexts().join(u'\n')));
        shot(&w, QStringLiteral("companion-range-question"));
        answerDecisions(*c);
        int attacks = 1;
        while (c->choose(QStringLiteral("Attack %1 with").arg(target)) && attacks < 10) {
            ++attacks;
            answerDecisions(*c);
        }
        QVERIFY(attacks > 0);
        const ModelState &shanYu = c->controller()->state().models[1];
        const CardMarks marks = c->card(1)->marks();
        QCOMPARE(marks, modelCardMarks(shanYu));
        QVERIFY2(!c->controller()->state().pending, "a decision left unanswered");
        QVERIFY2(shanYu.structureLost + shanYu.defenseLost + shanYu.sensorsLost
                         + shanYu.thrustersLost
                     > 0,
                 "the attacks did no damage with this seed");
        QVERIFY(c->card(0)->statusLabel()->text().contains(QStringLiteral("Fire Control")));
        const QStringList lines = logLines(*c);
        QVERIFY2(lines.join(u'\n').contains(target), qPrintable(lines.join(u'\n')));
        shot(&w, QStringLiteral("companion-attack"));

        // Edit › Undo (Ctrl+Z) on the Companion tab takes back the last step.
        const int commands = int(c->controller()->game()->history().size());
        const GameState before = c->controller()->game()->stateAfter(commands - 1);
        if (c->canUndo()) {
            QVERIFY(w.undoAction()->isEnabled());
            QVERIFY2(w.undoAction()->text().startsWith(QStringLiteral("&Undo")),
                     qPrintable(w.undoAction()->text()));
            w.undoAction()->trigger();
            QCOMPARE(int(c->controller()->game()->history().size()), commands - 1);
            QCOMPARE(c->controller()->state(), before);
            QCOMPARE(c->card(1)->marks(), modelCardMarks(before.models[1]));
        }
        // Ctrl+E ends the activation.
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        c->setFocus();
        QVERIFY(!c->controller()->lastRejection());
        const std::size_t steps = c->controller()->game()->history().size();
        QTest::keyClick(c, Qt::Key_E, Qt::ControlModifier);
        // The engine ended the activation, or said why not (until the lead's coordinate-free
        // moves land, a Capital Ship must first make its mandatory move): the key sent it.
        if (c->controller()->lastRejection()) {
            QVERIFY(c->refusal()->isVisible());
            QCOMPARE(c->controller()->game()->history().size(), steps);
        } else {
            QCOMPARE(c->controller()->game()->history().size(), steps + 1);
            QVERIFY(c->controller()->state().models[0].activated);
        }
    }

    // The keypad: the pool and its exact odds before the roll, a slot per die filled by
    // the buttons or the keys 1-6, Backspace, and Enter once every die is typed.
    void keypadTypesFacesAndShowsOdds()
    {
        DiceKeypad pad;
        pad.resize(480, 480);
        pad.show();
        const DicePool pool {3, 1, 2};
        pad.setPool(pool, QStringLiteral("Attack"));
        QCOMPARE(pad.diceCount(), 6);
        QVERIFY2(pad.poolLabel()->text().contains(QStringLiteral("3B+1F+2M")),
                 qPrintable(pad.poolLabel()->text()));
        const DiceOdds odds = computeOdds(pool);
        const double miss = 1.0 - odds.pAtLeast[0];
        QVERIFY(std::abs(pad.oddsBar()->shares()[0] - miss) < 1e-9);
        QVERIFY2(pad.oddsLabel()->text().contains(
                     QStringLiteral("%1%").arg(miss * 100.0, 0, 'f', miss < 0.1 ? 1 : 0)),
                 qPrintable(pad.oddsLabel()->text()));
        std::vector<int> entered;
        connect(&pad, &DiceKeypad::entered, &pad,
                [&](const std::vector<int> &faces) { entered = faces; });
        pad.faceButton(6)->click();
        pad.setFocus();
        QTest::keyClick(&pad, Qt::Key_6);
        QTest::keyClick(&pad, Qt::Key_2);
        QTest::keyClick(&pad, Qt::Key_Backspace);
        QTest::keyClick(&pad, Qt::Key_3);
        QTest::keyClick(&pad, Qt::Key_Return); // not every die typed yet: nothing
        QVERIFY(entered.empty());
        QVERIFY(!pad.enterButton()->isEnabled());
        for (int f : {1, 4, 5})
            pad.faceButton(f)->click();
        QVERIFY(pad.complete());
        QVERIFY(!pad.faceButton(1)->isEnabled()); // no seventh die
        shot(&pad, QStringLiteral("companion-keypad"));
        QTest::keyClick(&pad, Qt::Key_Return);
        QCOMPARE(entered, (std::vector<int> {6, 6, 3, 1, 4, 5}));
        // A new roll starts empty.
        pad.setPool(DicePool {1, 0, 0}, QString());
        QCOMPARE(pad.diceCount(), 2); // a Base Pool of 1 rolls 2 dice
        QVERIFY(pad.faces().empty());
    }

    // A click on a box marks it and those before it in the marking order, or clears it
    // and those after: a track of 4 marked from the top, a weapon line from the first box.
    void boxClickMarksInOrder_data()
    {
        QTest::addColumn<int>("owner");
        QTest::addColumn<int>("box");
        QTest::addColumn<int>("count");
        QTest::addColumn<bool>("marked");
        QTest::addColumn<int>("boxes");
        const int track = int(CardBoxOwner::Track), weapon = int(CardBoxOwner::Weapon),
                  trait = int(CardBoxOwner::Trait);
        QTest::newRow("track: the top box") << track << 3 << 4 << false << 1;
        QTest::newRow("track: the lowest box") << track << 0 << 4 << false << 4;
        QTest::newRow("track: clear the top box") << track << 3 << 4 << true << 0;
        QTest::newRow("track: clear from box 2 up") << track << 1 << 4 << true << 2;
        QTest::newRow("trait: its only box") << trait << 0 << 1 << false << 1;
        QTest::newRow("weapon: the first box") << weapon << 0 << 2 << false << 1;
        QTest::newRow("weapon: the second box") << weapon << 1 << 2 << false << 2;
        QTest::newRow("weapon: clear the first") << weapon << 0 << 2 << true << 0;
    }
    void boxClickMarksInOrder()
    {
        QFETCH(int, owner);
        QFETCH(int, box);
        QFETCH(int, count);
        QFETCH(bool, marked);
        QFETCH(int, boxes);
        QCOMPARE(boxesAfterClick(CardBoxOwner(owner), box, count, marked), boxes);
    }

    // Dice rolled on the table: the keypad shows the pool the engine waits for and takes
    // the faces by key; a box clicked on a card, a state and the score are corrections;
    // Edit › Undo and Redo take each step back and do it again.
    void typedDiceCorrectionsUndoRedo()
    {
        MainWindow w(db());
        w.resize(1280, 800);
        w.show();
        CompanionScreen *c = w.companion();
        w.tabs()->setCurrentWidget(c);
        GameSetup setup = physicalDuel();
        setup.typedDice = true;
        c->startTracking(setup);
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(c->choose(QStringLiteral("No Action")));
        const QString target = c->controller()->engine().modelName(c->controller()->state(), 1);
        QVERIFY(c->choose(QStringLiteral("Attack %1 with Beam Projector").arg(target)));
        const GameState &s = c->controller()->state();
        // The table's questions first (range, arc: the suggested answers), then the roll.
        for (int guard = 0;
             s.pending && s.pending->request.kind != QLatin1String("roll") && guard < 10; ++guard)
            c->choices()[std::size_t(s.pending->request.defaultOption)]->click();
        QVERIFY(s.pending);
        QCOMPARE(s.pending->request.kind, QStringLiteral("roll"));
        QVERIFY(c->keypad()->isVisible());
        QVERIFY(c->choices().empty());
        const int count = s.pending->request.data.value(QStringLiteral("count")).toInt();
        QCOMPARE(c->keypad()->diceCount(), count);
        const QString pool = s.pending->request.data.value(QStringLiteral("pool")).toString();
        QVERIFY2(c->keypad()->poolLabel()->text().contains(pool),
                 qPrintable(c->keypad()->poolLabel()->text()));
        QVERIFY(!c->keypad()->oddsLabel()->text().isEmpty());
        shot(&w, QStringLiteral("companion-keypad-roll"));
        // The faces on the keys, a slip taken back with Backspace, then Enter.
        c->setFocus();
        QTest::keyClick(c, Qt::Key_2);
        QTest::keyClick(c, Qt::Key_Backspace);
        QVERIFY(c->keypad()->faces().empty());
        for (int i = 0; i < count; ++i)
            QTest::keyClick(c, Qt::Key_6);
        QTest::keyClick(c, Qt::Key_Return);
        QString sixes = QStringLiteral("6");
        for (int i = 1; i < count; ++i)
            sixes += QStringLiteral(" 6");
        // Whatever else is asked: the app rolls, the suggested answers.
        for (int guard = 0; s.pending && guard < 20; ++guard) {
            if (c->keypad()->isVisible())
                c->keypad()->rollForMeButton()->click();
            else
                answerDecisions(*c);
        }
        QVERIFY(!s.pending);
        // The faces typed are the roll's, in the log.
        QVERIFY2(logLines(*c).join(u'\n').contains(sixes), qPrintable(logLines(*c).join(u'\n')));

        // A box of the Shan-Yu's Structure clicked: marked, in the log, undone, redone.
        const int before = s.models[1].structureLost;
        CompanionCard *card = c->card(1);
        c->selectModel(1);
        QCoreApplication::processEvents();
        const int boxes = engineBoxes(*c, 1);
        const QRect top
            = card->boxRect(CardBoxOwner::Track, int(CardTrack::Structure), boxes - 1 - before);
        QVERIFY(!top.isEmpty());
        const int logBefore = c->log()->count();
        // The click goes to the widget under the finger: the card's face.
        QWidget *face = card->childAt(top.center());
        QVERIFY(face);
        QTest::mouseClick(face, Qt::LeftButton, {}, face->mapFrom(card, top.center()));
        QVERIFY2(!c->refusal()->isVisible(), qPrintable(c->refusal()->text()));
        QCOMPARE(s.models[1].structureLost, before + 1);
        QCOMPARE(card->marks().structure, before + 1);
        QVERIFY(c->log()->count() > logBefore);
        QVERIFY(w.undoAction()->isEnabled());
        w.undoAction()->trigger();
        QCOMPARE(c->controller()->state().models[1].structureLost, before);
        QCOMPARE(card->marks().structure, before);
        QVERIFY(w.redoAction()->isEnabled());
        w.redoAction()->trigger();
        QCOMPARE(c->controller()->state().models[1].structureLost, before + 1);

        // A state set from the card's States menu.
        QMenu *states = card->statesButton()->menu();
        Q_EMIT states->aboutToShow();
        QAction *evading = nullptr;
        for (QAction *a : states->actions())
            if (a->text() == QLatin1String("Evading"))
                evading = a;
        QVERIFY(evading);
        evading->trigger();
        QVERIFY(c->controller()->state().models[1].has(FlagEvading));
        QVERIFY(card->statusLabel()->text().contains(QStringLiteral("Evading")));

        // The score corrected.
        QVERIFY(c->scoreButton()->isVisible());
        QMenu *score = c->scoreButton()->menu();
        Q_EMIT score->aboutToShow();
        QVERIFY(!score->actions().isEmpty());
        score->actions().first()->trigger();
        QCOMPARE(c->controller()->state().objectivePoints[0], 1);
        QVERIFY2(c->score()->text().contains(QStringLiteral("Objective Points: Dave 1")),
                 qPrintable(c->score()->text()));
        shot(&w, QStringLiteral("companion-corrected"));

        // Saved and reopened: the typed dice and the corrections replay exactly.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("typed.jwgame"));
        QCOMPARE(c->controller()->saveGame(path), QString());
        CompanionScreen other(db());
        QCOMPARE(other.openGameFile(path), QString());
        QCOMPARE(other.controller()->state(), c->controller()->state());

        // After the game: the log as a Markdown battle report (with the luck report's
        // verdicts) and as JSON; the luck report names the roll typed in.
        const QString md = dir.filePath(QStringLiteral("report.md"));
        QCOMPARE(c->exportLog(md), QString());
        QFile mdFile(md);
        QVERIFY(mdFile.open(QIODevice::ReadOnly));
        const QString report = QString::fromUtf8(mdFile.readAll());
        QVERIFY2(report.contains(QStringLiteral("Dave"))
                     && report.contains(QStringLiteral("## Turn 1")),
                 qPrintable(report.left(400)));
        const QString json = dir.filePath(QStringLiteral("report.json"));
        QCOMPARE(c->exportLog(json), QString());
        QFile jsonFile(json);
        QVERIFY(jsonFile.open(QIODevice::ReadOnly));
        QCOMPARE(QJsonDocument::fromJson(jsonFile.readAll())
                     .object()
                     .value(QStringLiteral("format"))
                     .toString(),
                 QStringLiteral("jwfleet-game-log"));
        QVERIFY2(c->luckText().contains(QStringLiteral("Dave")), qPrintable(c->luckText()));
        // The report in a dialog: each player's verdict, the totals, a row per attack roll.
        c->showLuckReport();
        auto *luck = c->findChild<LuckReportDialog *>(QStringLiteral("luckReportDialog"));
        QVERIFY(luck);
        const LuckReport lr = luckReport(*c->controller()->game());
        const auto attackRolls = std::count_if(lr.rolls.begin(), lr.rolls.end(),
                                               [](const LuckRoll &r) { return r.attack; });
        QVERIFY(attackRolls > 0);
        QCOMPARE(luck->rollsTable()->rowCount(), int(attackRolls));
        QCOMPARE(luck->totalsTable()->rowCount(), 2);
        QCOMPARE(luck->totalsTable()->item(0, 1)->text(), QString::number(lr.totals[0].attacks));
        QStringList labels;
        for (const QLabel *l : luck->findChildren<QLabel *>())
            labels << l->text();
        QVERIFY2(labels.contains(lr.verdict(0)), qPrintable(labels.join(QLatin1Char('\n'))));
        luck->close();
        c->closeGame();
        QVERIFY(!c->exportLog(md).isEmpty()); // no game: refused with the reason
    }

    // Keys 1-9 press the choices shown, in order.
    void keysPressChoices()
    {
        CompanionScreen c(db());
        c.resize(1280, 800);
        c.show();
        c.startTracking(physicalDuel());
        c.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&c));
        const QStringList offered = c.choiceTexts();
        QVERIFY(offered.size() >= 2);
        QVERIFY2(offered[0].startsWith(QStringLiteral("1 · ")), qPrintable(offered[0]));
        c.setFocus();
        QTest::keyClick(&c, Qt::Key_1);
        QVERIFY(c.controller()->state().activation);
        QCOMPARE(int(c.controller()->game()->history().size()), 1);
    }

    // With several models to activate: a click on a card (or its button) chooses the model,
    // then its Actions are offered.
    void cardClickSelectsTheModel()
    {
        CompanionScreen c(db());
        c.resize(1280, 800);
        c.show();
        c.startTracking(physicalSkirmish());
        QVERIFY(QTest::qWaitForWindowExposed(&c));
        const GameState &s = c.controller()->state();
        QCOMPARE(int(s.models.size()), 4);
        // The models to choose from first, then the chosen one's Actions.
        QVERIFY2(c.choiceTexts().value(0).endsWith(QStringLiteral("Alexander")),
                 qPrintable(c.choiceTexts().join(u'\n')));
        QVERIFY2(c.choiceTexts().value(1).endsWith(QStringLiteral("Pathfinder")),
                 qPrintable(c.choiceTexts().join(u'\n')));
        QCOMPARE(c.selectedModel(), 0);
        CompanionCard *pathfinder = c.card(1);
        QVERIFY(pathfinder);
        // A click on the card's heading, not on a box.
        QTest::mouseClick(pathfinder->titleLabel(), Qt::LeftButton);
        QCOMPARE(c.selectedModel(), 1);
        QVERIFY(c.choose(QStringLiteral("No Action")));
        QVERIFY(c.controller()->state().activation);
        QCOMPARE(c.controller()->state().activation->model, 1);
        QVERIFY2(c.card(1)->statusLabel()->text().contains(QStringLiteral("Activating")),
                 qPrintable(c.card(1)->statusLabel()->text()));
        QVERIFY2(c.card(1)->statusLabel()->text().contains(QStringLiteral("Fuel")),
                 qPrintable(c.card(1)->statusLabel()->text()));
    }

    // A refusal is shown, and changes nothing.
    void refusalIsShown()
    {
        CompanionScreen c(db());
        c.show();
        c.startTracking(physicalDuel());
        QVERIFY(!c.controller()->apply(AttackCommand {0, 1})); // no model activating
        QVERIFY(c.refusal()->isVisible());
        QVERIFY(!c.refusal()->text().isEmpty());
        QVERIFY(c.controller()->game()->history().empty());
    }

    // Autosave after every step and resume after a crash; save and reopen.
    void autosaveResumeSaveAndOpen()
    {
        GameState played;
        {
            auto *c = new CompanionScreen(db());
            c->startTracking(physicalDuel());
            QVERIFY(c->choose(QStringLiteral("No Action")));
            played = c->controller()->state();
            // A crash: the screen goes without closing its game.
            c->controller()->disconnect();
            delete c;
        }
        QVERIFY(CompanionScreen::hasAutosave());
        CompanionScreen c(db());
        c.resize(1280, 800);
        c.show();
        QCOMPARE(c.findChild<QWidget *>(QStringLiteral("companionResume"))->isVisible(), true);
        shot(&c, QStringLiteral("companion-resume"));
        QVERIFY(c.resume());
        QCOMPARE(c.controller()->state(), played);
        QVERIFY(c.controller()->game()->setup().physical());

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("tracked.jwgame"));
        QCOMPARE(c.controller()->saveGame(path), QString());
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().contains("\"table\": \"physical\""));
        CompanionScreen other(db());
        QCOMPARE(other.openGameFile(path), QString());
        QCOMPARE(other.controller()->state(), played);
        QVERIFY(other.log()->count() == c.log()->count());

        // A game of the digital table is not opened here.
        GameController digital;
        digital.setAutosaveEnabled(false);
        digital.startGame(duelSetup());
        const QString dpath = dir.filePath(QStringLiteral("digital.jwgame"));
        QCOMPARE(digital.saveGame(dpath), QString());
        QVERIFY(other.openGameFile(dpath).contains(QStringLiteral("digital table")));
        QCOMPARE(other.controller()->state(), played);
        c.closeGame();
    }

    // A whole game tracked through the companion's widgets (issue 17): the two sides are
    // the rosters of the open campaign, chosen in Track a Game (From Campaign); every step
    // is a click on a button the companion offers (a seeded choice among them) or faces
    // typed on the dice keypad (sometimes Roll for Me), to the end of the game, and no
    // step is refused; then "Add the Battle to the Campaign" puts the game into the
    // campaign with both players, every unit's fate and the score.
    void wholeTrackedGameIntoTheCampaign()
    {
        QTemporaryDir dir;
        MainWindow w(db());
        w.resize(1280, 800);
        w.show();
        CampaignWindow *cw = w.campaignWindow();
        Campaign league;
        league.name = QStringLiteral("Ganymede League");
        league.points = 250;
        league.started = QDate(2026, 11, 1);
        QVERIFY2(cw->createCampaign(dir.filePath(QStringLiteral("league.sqlite")), league),
                 qPrintable(cw->lastError()));
        Fleet dave;
        dave.faction = QStringLiteral("jovian");
        dave.points = 250;
        dave.entries = {FleetEntry {QStringLiteral("valiant"), {}, {}},
                        FleetEntry {QStringLiteral("pathfinder"), {}, {}}};
        Fleet eve;
        eve.faction = QStringLiteral("cega");
        eve.points = 250;
        eve.entries = {FleetEntry {QStringLiteral("uller"), {}, {}},
                       FleetEntry {QStringLiteral("wyvern"), {}, {}}};
        QVERIFY2(cw->addPlayer(QStringLiteral("Dave"), dave), qPrintable(cw->lastError()));
        QVERIFY2(cw->addPlayer(QStringLiteral("Eve"), eve), qPrintable(cw->lastError()));

        // Track a Game: both sides from the campaign's rosters, through the button's menu.
        bool sawDialog = false;
        jwtest::ModalDriver driver([&](QWidget *dlg) {
            auto *d = qobject_cast<TrackGameDialog *>(dlg);
            if (!d)
                return false;
            sawDialog = true;
            for (int p = 0; p < 2; ++p) {
                QPushButton *from = d->campaignButton(p);
                if (!from || !from->isVisibleTo(d) || !from->menu()
                    || from->menu()->actions().size() != 2) {
                    qWarning("From Campaign: %d %d", from && from->isVisibleTo(d),
                             from && from->menu() ? int(from->menu()->actions().size()) : -1);
                    return false;
                }
                from->menu()->actions().at(p)->trigger();
            }
            d->setInitiative(0);
            d->setSeed(17);
            shot(d, QStringLiteral("companion-track-from-campaign"));
            // Two small rosters (a quick game): below the Squadrons minimum, which the
            // dialog says; starting is an explicit click.
            if (d->startButton()->text() != QLatin1String("Play Anyway")
                || !d->checksLabel()->text().contains(QStringLiteral("not legal"))) {
                qWarning("start: %s / %s", qPrintable(d->startButton()->text()),
                         qPrintable(d->checksLabel()->text()));
                return false;
            }
            d->startButton()->click();
            return true;
        });
        findAction(w.menuBar(), QStringLiteral("trackGameAction"))->trigger();
        QVERIFY(sawDialog);
        QVERIFY2(driver.unexpected().isEmpty(), qPrintable(driver.unexpected().join(u',')));
        CompanionScreen *c = w.companion();
        QVERIFY(c->controller()->hasGame());
        const Game &g = *c->controller()->game();
        QCOMPARE(g.setup().players[0].name, QStringLiteral("Dave"));
        QCOMPARE(g.setup().players[1].name, QStringLiteral("Eve"));
        QCOMPARE(g.setup().players[1].fleet.entries.size(), std::size_t(2));
        QVERIFY(g.setup().typedDice);
        QVERIFY(!c->findChild<TouchButton *>(QStringLiteral("addToCampaign")));

        // JW_TRACK_SEED plays another game (the choices and the faces typed).
        const int seed = qEnvironmentVariableIsSet("JW_TRACK_SEED")
            ? qEnvironmentVariableIntValue("JW_TRACK_SEED")
            : 2026;
        std::mt19937 rng {std::uint32_t(seed)};
        int steps = 0, typedRolls = 0, appRolls = 0, answers = 0, moves = 0;
        while (g.state().phase != Phase::Over && steps < 4000) {
            ++steps;
            QCoreApplication::processEvents();
            // The last step's buttons and fields, gone (deleteLater) before looking again.
            QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
            const GameState &s = g.state();
            const std::size_t before = g.history().size();
            if (s.pending && s.pending->request.kind == QLatin1String("roll")) {
                DiceKeypad *k = c->keypad();
                QVERIFY2(k->isVisible(), "a roll waits but the keypad is hidden");
                QVERIFY(k->diceCount() > 0);
                if (rng() % 4 == 0) {
                    k->rollForMeButton()->click();
                    ++appRolls;
                } else {
                    for (int i = 0; i < k->diceCount(); ++i)
                        k->faceButton(int(rng() % 6) + 1)->click();
                    QVERIFY(k->enterButton()->isEnabled());
                    k->enterButton()->click();
                    ++typedRolls;
                }
            } else {
                QVERIFY2(
                    !c->choices().empty(),
                    qPrintable(
                        QStringLiteral("step %1: nothing offered, the game not over").arg(steps)));
                if (s.pending)
                    ++answers;
                TouchButton *b = c->choices()[rng() % c->choices().size()];
                QVERIFY2(b->isEnabled() && b->isVisible(), qPrintable(b->text()));
                const QString text = b->text();
                if (b->objectName() == QLatin1String("enterMove")) {
                    // The inches and turns made on the table, typed in first.
                    auto *inches = c->findChild<QDoubleSpinBox *>(QStringLiteral("moveInches"));
                    QVERIFY(inches && inches->isVisible());
                    inches->setValue(inches->maximum() * double(rng() % 5) / 4.0);
                    if (auto *turns = c->findChild<QSpinBox *>(QStringLiteral("moveTurns")))
                        turns->setValue(int(rng() % std::uint32_t(turns->maximum() + 1)));
                    if (++moves == 3)
                        shot(&w, QStringLiteral("companion-move-entry"));
                }
                b->click();
                // A button that sends a command: the engine took it (none is refused).
                QVERIFY2(!c->controller()->lastRejection() || g.history().size() != before,
                         qPrintable(QStringLiteral("step %1: “%2” refused: %3")
                                        .arg(steps)
                                        .arg(text, c->refusal()->text())));
            }
        }
        QCOMPARE(g.state().phase, Phase::Over);
        QVERIFY(typedRolls > 0);
        QVERIFY(answers > 0);
        QVERIFY(moves > 0);
        qInfo("tracked game: %d steps, %d rolls typed, %d rolled by the app, %d answers, %d moves",
              steps, typedRolls, appRolls, answers, moves);
        QVERIFY2(c->prompt()->text().startsWith(QStringLiteral("The game is over")),
                 qPrintable(c->prompt()->text()));
        shot(&w, QStringLiteral("companion-game-over"));

        // After the game: into the campaign, once.
        QAction *menuAdd = findAction(w.menuBar(), QStringLiteral("addTrackedToCampaign"));
        QVERIFY(menuAdd);
        QVERIFY(menuAdd->isEnabled());
        auto *add = c->findChild<TouchButton *>(QStringLiteral("addToCampaign"));
        QVERIFY(add);
        QVERIFY(add->isEnabled());
        QCOMPARE(cw->battles().size(), std::size_t(0));
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        add = c->findChild<TouchButton *>(QStringLiteral("addToCampaign"));
        add->click();
        QVERIFY2(cw->lastError().isEmpty(), qPrintable(cw->lastError()));
        QVERIFY(c->addedToCampaign());
        QCOMPARE(cw->battles().size(), std::size_t(1));
        const Battle &b = cw->battles().front();
        QCOMPARE(b.source, QStringLiteral("game"));
        QCOMPARE(b.sides[0].playerName, QStringLiteral("Dave"));
        QCOMPARE(b.sides[1].playerName, QStringLiteral("Eve"));
        const std::array<int, 2> vp = g.engine().victoryPoints(g.state());
        QCOMPARE(b.sides[0].victoryPoints, vp[0]);
        QCOMPARE(b.sides[1].victoryPoints, vp[1]);
        QCOMPARE(b.sides[0].objectivePoints, g.state().objectivePoints[0]);
        QCOMPARE(b.winner, g.state().winner.value_or(-1));
        QCOMPARE(b.outcomes.size(), std::size_t(4));
        // The button says so and is spent; the menu's action too.
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        add = c->findChild<TouchButton *>(QStringLiteral("addToCampaign"));
        QVERIFY(add && !add->isEnabled());
        QVERIFY(!menuAdd->isEnabled());
        QVERIFY(!c->addToCampaign());
        QCOMPARE(cw->battles().size(), std::size_t(1));
        c->closeGame();
    }

    // Water Raid on a physical table: the Defender says how much water each model carries
    // as it deploys (at most the engine's allowance), with a field beside its Deploy button.
    void waterRaidDefenderDeclaresWater()
    {
        GameSetup setup;
        setup.setScenario(*jw::test::scenarios().byId(QStringLiteral("water-raid")));
        setup.table = TableKind::Physical;
        setup.initiative = 1; // Eve attacks; Dave defends
        setup.players[0].name = QStringLiteral("Dave");
        setup.players[0].fleet.faction = QStringLiteral("jovian");
        setup.players[0].fleet.points = 300;
        setup.players[0].fleet.entries = {FleetEntry {QStringLiteral("valiant"), {}, {}},
                                          FleetEntry {QStringLiteral("valiant"), {}, {}},
                                          FleetEntry {QStringLiteral("pathfinder"), {}, {}}};
        setup.players[1].name = QStringLiteral("Eve");
        setup.players[1].fleet.faction = QStringLiteral("venusian");
        setup.players[1].fleet.points = 250;
        setup.players[1].fleet.entries = {FleetEntry {QStringLiteral("shan-yu"), {}, {}}};
        QVERIFY(!GameSetup::fillUnits(setup, db()));
        CompanionScreen c(db());
        c.resize(1280, 800);
        c.show();
        c.startTracking(setup);
        QVERIFY(c.controller()->hasGame());
        const GameState &s = c.controller()->state();
        QSpinBox *water = nullptr;
        for (int step = 0; step < 20 && !water; ++step) {
            QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
            water = c.findChild<QSpinBox *>(QStringLiteral("deployWater0"));
            if (water)
                break;
            QVERIFY2(!c.choices().empty(), "nothing offered before the Valiant deploys");
            // The Comet first, then the Attacker's model; the first choice does it.
            c.choices().front()->click();
        }
        QVERIFY2(water, "no water field for the Valiant");
        shot(&c, QStringLiteral("companion-water-raid-deploy"));
        // A Capital Ship carries at most 5 of the 10, an Exo-Armor squadron 1: this fleet can
        // carry 11 and must distribute all 10, so the first Valiant takes 4 or 5.
        QCOMPARE(water->maximum(), 5);
        QCOMPARE(water->minimum(), 4);
        QCOMPARE(water->value(), 5); // the engine's default: as much as it may take
        water->setValue(4);
        QVERIFY(c.choose(QStringLiteral("Deploy Valiant")));
        QVERIFY2(!c.controller()->lastRejection(), qPrintable(c.refusal()->text()));
        QCOMPARE(s.models[0].water, 4);
        QCOMPARE(s.models[0].location, Location::Table);
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        // Then the other Valiant must take 5 (the Pathfinder may take the last 1); the
        // Shan-Yu's player declares none.
        QSpinBox *second = c.findChild<QSpinBox *>(QStringLiteral("deployWater1"));
        QVERIFY(second);
        QCOMPARE(second->minimum(), 5);
        QCOMPARE(second->maximum(), 5);
        QVERIFY(!c.findChild<QSpinBox *>(QStringLiteral("deployWater3")));
        c.closeGame();
    }

    // Two models of a fleet with the same name: their cards are numbered, in fleet order;
    // a model with a name of its own is not.
    void sameNamesAreNumbered()
    {
        GameSetup setup = physicalSkirmish();
        setup.players[1].fleet.entries.push_back(FleetEntry {QStringLiteral("wyvern"), {}, {}});
        setup.units.clear();
        QVERIFY(!GameSetup::fillUnits(setup, db()));
        CompanionScreen c(db());
        c.resize(1280, 800);
        c.show();
        c.startTracking(setup);
        QVERIFY(c.controller()->hasGame());
        const GameState &s = c.controller()->state();
        QStringList wyverns;
        for (const ModelState &m : s.models)
            if (m.name == QLatin1String("Wyvern"))
                wyverns << c.card(m.id)->titleLabel()->text();
        QCOMPARE(
            wyverns,
            QStringList({QStringLiteral("Wyvern (1 of 2)"), QStringLiteral("Wyvern (2 of 2)")}));
        QCOMPARE(c.card(0)->titleLabel()->text(), c.controller()->engine().modelName(s, 0));
        c.closeGame();
    }

    // Landscape: the cards beside the controls; portrait: above them; two fleet
    // columns only where both stay readable.
    void reflowsWithTheScreen()
    {
        for (const QString &themeId : {QStringLiteral("dark"), QStringLiteral("light")}) {
            theme::apply(themeId);
            MainWindow w(db());
            CompanionScreen *c = w.companion();
            w.tabs()->setCurrentWidget(c);
            c->startTracking(physicalDuel());
            for (const QSize size : {QSize(1280, 800), QSize(800, 1280), QSize(1920, 1080)}) {
                w.resize(size);
                w.show();
                QTest::qWait(50);
                const bool portrait = size.width() < size.height();
                QCOMPARE(c->splitter()->orientation(), portrait ? Qt::Vertical : Qt::Horizontal);
                QCOMPARE(c->twoFleetColumns(), size.width() >= 1920);
                for (const TouchButton *b : c->choices())
                    QVERIFY2(b->height() >= 40, qPrintable(b->text()));
                shot(&w,
                     QStringLiteral("companion-%1x%2-%3")
                         .arg(size.width())
                         .arg(size.height())
                         .arg(themeId));
            }
            // View › Companion in Its Own Window: portrait on a tablet, whatever the other
            // tabs need; closing the window puts it back into its tab, the game going on.
            w.companionWindowAction()->trigger();
            QVERIFY(c->isWindow());
            QCOMPARE(w.tabs()->indexOf(c), -1);
            c->resize(800, 1280);
            QTest::qWait(50);
            QCOMPARE(c->size(), QSize(800, 1280));
            QCOMPARE(c->splitter()->orientation(), Qt::Vertical);
            for (const TouchButton *b : c->choices())
                QVERIFY2(b->height() >= 40 && b->width() <= 800, qPrintable(b->text()));
            shot(c, QStringLiteral("companion-window-800x1280-%1").arg(themeId));
            const GameState before = c->controller()->state();
            c->close();
            QTRY_VERIFY(!c->isWindow());
            QVERIFY(w.tabs()->indexOf(c) >= 0);
            QVERIFY(!w.companionWindowAction()->isChecked());
            QCOMPARE(c->controller()->state(), before);
            c->closeGame();
        }
        theme::apply(QStringLiteral("dark"));
    }
};

QTEST_MAIN(TestCompanion)
#include "tst_companion.moc"
