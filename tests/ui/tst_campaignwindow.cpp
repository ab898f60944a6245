// SPDX-License-Identifier: GPL-3.0-or-later
// The campaign window (issue "Campaign manager"), offscreen: create a campaign,
// players, battles by report, by hand and from a finished game, standings,
// charts, undo and redo, a conflicting edit on a shared database, export and
// import, the main window's Campaign tab. Against SQLite always and
// PostgreSQL when JW_TEST_PG_URL is set (scripts/test starts a server).
#include "../campaign/campaigntestutil.h"
#include "campaign/battleentrydialog.h"
#include "campaign/campaigncharts.h"
#include "campaign/campaignwindow.h"
#include "mainwindow.h"
#include "table/gamecontroller.h"
#include "table/gametable.h"
#include "theme.h"

#include "campaign/campaignedit.h"
#include "dice/dicesource.h"
#include "engine/game.h"
#include "engine/gamefile.h"
#include "engine/gamescript.h"
#include "fleet/fleetfile.h"
#include "units/unitdatabase.h"

#include <QAction>
#include <QComboBox>
#include <QDateEdit>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>
#include <QTextBrowser>
#include <QUndoStack>

using namespace jw;

namespace {

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

const UnitDatabase &db()
{
    static const UnitDatabase d = UnitDatabase::loadShipped();
    return d;
}

void shot(QWidget *w, const QString &name)
{
    const QString dir = qEnvironmentVariable("JW_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QCoreApplication::processEvents();
    w->grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png"));
}

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    f.write(bytes);
}

QString cellText(const QTableWidget *t, int row, int col)
{
    const QTableWidgetItem *it = t->item(row, col);
    return it ? it->text() : QString();
}

Campaign jupiterCup()
{
    Campaign c;
    c.name = QStringLiteral("Jupiter Cup");
    c.points = 500;
    c.started = QDate(2026, 10, 1);
    return c;
}

// Ann beats Bob: Ann's second unit (the Tengu) ends with a box marked and a kill.
const QByteArray kReport = R"(date: 2026-10-03
scenario: fleet-engagement
notes: Ann held the moon.
sides:
  - player: Ann
    victory_points: 180
    objective_points: 10
    units:
      - entry: 1
        lost: {structure: 1}
        kills: 1
  - player: Bob
    victory_points: 90
    objective_points: 3
    units:
      - entry: 0
        fate: destroyed
)";

// The two players of tests/campaign/data/short-game.yaml, with its fleets.
bool addShortGamePlayers(CampaignWindow &w)
{
    Fleet ann;
    ann.faction = QStringLiteral("cega");
    ann.points = 250;
    ann.entries = {FleetEntry {QStringLiteral("uller"), {}, {}},
                   FleetEntry {QStringLiteral("uller"), QStringLiteral("CSS Resolute"), {}}};
    Fleet bob;
    bob.faction = QStringLiteral("venusian");
    bob.points = 250;
    bob.entries = {FleetEntry {QStringLiteral("shan-yu"), {}, {}}};
    return w.addPlayer(QStringLiteral("Ann"), ann) && w.addPlayer(QStringLiteral("Bob"), bob);
}

} // namespace

class TestCampaignWindow : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        theme::apply(QStringLiteral("dark"));
    }

    void campaignThroughTheWindow_data()
    {
        QTest::addColumn<QString>("backend");
        for (const QString &b : jwtest::backends())
            QTest::newRow(qPrintable(b)) << b;
    }
    void campaignThroughTheWindow()
    {
        QFETCH(QString, backend);
        jwtest::Databases dbs;
        const QString url = dbs.fresh(backend);
        CampaignWindow w(db());
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        // Nothing open: the empty page says what to do.
        QCOMPARE(w.pages()->isVisible(), false);
        QVERIFY(w.emptyPage()->isVisible());
        if (backend == QLatin1String("sqlite"))
            shot(&w, QStringLiteral("campaign-01-empty"));

        QVERIFY2(w.createCampaign(url, jupiterCup()), qPrintable(w.lastError()));
        QVERIFY(w.pages()->isVisible());
        QVERIFY(w.header()->text().contains(QStringLiteral("Jupiter Cup")));
        // A database holds one campaign.
        QVERIFY(!w.createCampaign(url, jupiterCup()));
        QVERIFY(w.lastError().contains(QStringLiteral("one campaign")));
        QVERIFY(w.hasCampaign());

        QVERIFY2(w.addPlayer(QStringLiteral("Ann"),
                             fleetFile(QStringLiteral("cega-carrier-group.jwfleet"))),
                 qPrintable(w.lastError()));
        QVERIFY(
            w.addPlayer(QStringLiteral("Bob"), fleetFile(QStringLiteral("venus-strike.jwfleet"))));
        QCOMPARE(w.playerList()->count(), 2);
        // The same name twice: refused, shown, nothing pushed.
        const int commands = w.undoStack()->count();
        QVERIFY(!w.addPlayer(QStringLiteral("Ann"), Fleet {}));
        QVERIFY(w.banner()->isVisible());
        QCOMPARE(w.undoStack()->count(), commands);
        QCOMPARE(w.playerList()->count(), 2);

        // A player added by mistake is removed (undoable); one with battles is refused below.
        QVERIFY(w.addPlayer(QStringLiteral("Zed"), Fleet {}));
        QCOMPARE(w.playerList()->count(), 3);
        const qint64 zed = w.players().back().id;
        w.selectPlayer(zed);
        QTest::mouseClick(w.findChild<QPushButton *>(QStringLiteral("campaignRemovePlayer")),
                          Qt::LeftButton);
        QCOMPARE(w.playerList()->count(), 2);
        w.undoStack()->undo();
        QCOMPARE(w.playerList()->count(), 3);
        QCOMPARE(w.players().back().id, zed);
        w.undoStack()->redo();
        QCOMPARE(w.playerList()->count(), 2);

        // A battle report.
        QTemporaryDir dir;
        const QString report = dir.filePath(QStringLiteral("r.yaml"));
        writeFile(report, kReport);
        QVERIFY2(w.importReport(report), qPrintable(w.lastError()));
        QCOMPARE(w.battles().size(), 1u);
        QCOMPARE(w.battleTable()->rowCount(), 1);
        QCOMPARE(cellText(w.battleTable(), 0, 2), QStringLiteral("Ann"));
        QCOMPARE(cellText(w.battleTable(), 0, 6), QStringLiteral("Ann")); // the winner
        QVERIFY(w.battleDetail()->toPlainText().contains(QStringLiteral("Ann won")));
        QVERIFY(w.battleDetail()->toPlainText().contains(QStringLiteral("Ann held the moon.")));
        QVERIFY(w.battleDetail()->toPlainText().contains(QStringLiteral("Destroyed")));
        // What the house rules did, shown.
        QVERIFY(!w.lastNotes().isEmpty());
        // Standings: Ann first with a win (3 points).
        QCOMPARE(w.standingsTable()->rowCount(), 2);
        QCOMPARE(cellText(w.standingsTable(), 0, 1), QStringLiteral("Ann"));
        QCOMPARE(cellText(w.standingsTable(), 0, 3), QStringLiteral("1")); // won
        QCOMPARE(cellText(w.standingsTable(), 0, 6), QStringLiteral("3")); // points
        QCOMPARE(cellText(w.standingsTable(), 1, 5), QStringLiteral("1")); // Bob lost
        // Bob's destroyed Morning Star left his roster (house rule), still in the history.
        const qint64 bob = w.players()[1].id;
        QVERIFY(!w.removePlayer(bob));
        QVERIFY2(w.lastError().contains(QStringLiteral("has played battles")),
                 qPrintable(w.lastError()));
        QCOMPARE(w.playerList()->count(), 2);
        w.selectPlayer(bob);
        QCOMPARE(cellText(w.rosterTable(), 0, 2), QStringLiteral("Left the roster"));
        QCOMPARE(w.playerBattlesTable()->rowCount(), 1);
        QCOMPARE(cellText(w.playerBattlesTable(), 0, 3), QStringLiteral("Lost"));

        // Undo removes the battle and restores the rosters; redo brings it back.
        w.undoStack()->undo();
        QCOMPARE(w.battles().size(), 0u);
        QCOMPARE(w.battleTable()->rowCount(), 0);
        QCOMPARE(cellText(w.standingsTable(), 0, 3), QStringLiteral("0"));
        w.selectPlayer(bob);
        QCOMPARE(cellText(w.rosterTable(), 0, 2), QStringLiteral("Active"));
        w.undoStack()->redo();
        QCOMPARE(w.battles().size(), 1u);
        QCOMPARE(cellText(w.standingsTable(), 0, 1), QStringLiteral("Ann"));

        // A battle entered by hand: Bob beats Ann; the Tengu (Ann's second unit) is
        // Crippled with 2 Structure boxes marked.
        const std::vector<Player> players = w.players();
        BattleEntryDialog form(*w.campaign(), players, db(), &w);
        form.dateEdit()->setDate(QDate(2026, 10, 10));
        form.scenarioBox()->setCurrentIndex(form.scenarioBox()->findData(QStringLiteral("ambush")));
        form.playerBox(0)->setCurrentIndex(1); // Bob
        form.playerBox(1)->setCurrentIndex(1); // Bob as well: refused
        QVERIFY(!form.tryAccept());
        QVERIFY(form.errorLabel()->text().contains(QStringLiteral("two different players")));
        form.playerBox(1)->setCurrentIndex(0); // Ann
        form.vpBox(0)->setValue(150);
        form.opBox(0)->setValue(8);
        form.vpBox(1)->setValue(100);
        form.opBox(1)->setValue(5);
        const int tengu = form.rowOf(1, 1);
        QVERIFY(tengu >= 0);
        auto *fate = qobject_cast<QComboBox *>(
            form.unitsTable()->cellWidget(tengu, BattleEntryDialog::ColFate));
        fate->setCurrentIndex(fate->findData(QStringLiteral("crippled")));
        qobject_cast<QSpinBox *>(
            form.unitsTable()->cellWidget(tengu, BattleEntryDialog::ColFirstTrack))
            ->setValue(2);
        form.notesEdit()->setPlainText(QStringLiteral("Bob's ambush."));
        form.resize(1000, 640);
        if (backend == QLatin1String("sqlite"))
            shot(&form, QStringLiteral("campaign-02-enter-battle"));
        QVERIFY2(form.tryAccept(), qPrintable(form.errorLabel()->text()));
        QVERIFY(form.battle());
        QCOMPARE(form.battle()->winner, 0);
        QVERIFY(w.addBattle(*form.battle()));
        QCOMPARE(w.battles().size(), 2u);
        QCOMPARE(w.battles().back().scenario, QStringLiteral("ambush"));
        QCOMPARE(w.battles().back().notes, QStringLiteral("Bob's ambush."));
        // Each has a win now: 3 points each, ranked by the tie-breakers.
        QCOMPARE(cellText(w.standingsTable(), 0, 6), QStringLiteral("3"));
        QCOMPARE(cellText(w.standingsTable(), 1, 6), QStringLiteral("3"));
        // The Tengu carries its damage (house rule) and may be repaired: a 6 repairs a box.
        const qint64 ann = w.players()[0].id;
        w.selectPlayer(ann);
        const Player &annNow = w.players()[0];
        qint64 tenguId = 0;
        for (const RosterEntry &e : annNow.roster)
            if (e.unitId == QLatin1String("tengu") && !e.damage.empty())
                tenguId = e.id;
        QVERIFY(tenguId != 0);
        const int marked = boxesMarked(annNow.entry(tenguId)->damage);
        w.setDice(std::make_unique<ScriptedDiceSource>(std::vector<int> {6, 6, 6, 6, 6, 6}));
        QVERIFY2(w.repairUnit(ann, tenguId), qPrintable(w.lastError()));
        QVERIFY(boxesMarked(w.players()[0].entry(tenguId)->damage) < marked);
        w.undoStack()->undo(); // the repair
        QCOMPARE(boxesMarked(w.players()[0].entry(tenguId)->damage), marked);

        // Charts have data.
        QVERIFY(!w.standingsChart()->isEmpty());
        QVERIFY(!w.destroyedChart()->isEmpty());

        // Settings: rename the campaign; undo restores it.
        w.nameEdit()->setText(QStringLiteral("Jupiter Cup 2026"));
        QTest::mouseClick(w.findChild<QPushButton *>(QStringLiteral("campaignApplySettings")),
                          Qt::LeftButton);
        QCOMPARE(w.campaign()->name, QStringLiteral("Jupiter Cup 2026"));
        QVERIFY(w.header()->text().contains(QStringLiteral("Jupiter Cup 2026")));
        QVERIFY(w.undoStack()->undoText().contains(QStringLiteral("settings")));
        w.undoStack()->undo();
        QCOMPARE(w.campaign()->name, QStringLiteral("Jupiter Cup"));
        QCOMPARE(w.nameEdit()->text(), QStringLiteral("Jupiter Cup"));

        // Someone else renames Ann meanwhile (a second connection): the window's
        // rename is refused with what they changed; nothing is overwritten.
        {
            auto other = CampaignStore::open(url);
            QVERIFY(other.ok());
            Player before = other.value->playerByName(QStringLiteral("Ann")).value;
            Player after = before;
            after.name = QStringLiteral("Annie");
            QVERIFY(other.value->updatePlayer(before, after).ok());
        }
        QVERIFY(!w.renamePlayer(ann, QStringLiteral("Annabel")));
        QVERIFY2(w.lastError().contains(QStringLiteral("someone else")), qPrintable(w.lastError()));
        QVERIFY(w.banner()->isVisible());
        QCOMPARE(w.players()[0].name, QStringLiteral("Annie")); // reloaded, theirs kept
        if (backend == QLatin1String("sqlite")) {
            w.pages()->setCurrentIndex(1);
            shot(&w, QStringLiteral("campaign-03-conflict"));
        }

        // Export, then import into another database: the same campaign.
        const QString file = dir.filePath(QStringLiteral("jupiter.yaml"));
        QVERIFY2(w.exportCampaign(file), qPrintable(w.lastError()));
        CampaignWindow copy(db());
        QVERIFY(copy.openDatabase(dbs.fresh(backend)));
        QVERIFY(!copy.hasCampaign());
        QVERIFY(copy.emptyPage()->isVisibleTo(&copy));
        QVERIFY2(copy.importCampaign(file), qPrintable(copy.lastError()));
        QCOMPARE(copy.campaign()->name, w.campaign()->name);
        QCOMPARE(copy.players().size(), w.players().size());
        QCOMPARE(copy.battles().size(), w.battles().size());
        QCOMPARE(copy.standingsTable()->rowCount(), 2);
        // A file that is not a campaign: refused with the file and line; nothing changes.
        const QString bad = dir.filePath(QStringLiteral("bad.yaml"));
        writeFile(bad, "schema_version: 1\ncampaign: [\n");
        QVERIFY(!copy.importCampaign(bad));
        QVERIFY(copy.lastError().contains(QStringLiteral("bad.yaml")));
        QCOMPARE(copy.battles().size(), w.battles().size());
    }

    // A finished game of the engine, imported: the players are matched by name.
    void importAFinishedGame()
    {
        jwtest::Databases dbs;
        CampaignWindow w(db());
        QVERIFY(w.createCampaign(dbs.fresh(QStringLiteral("sqlite")), jupiterCup()));
        QVERIFY(addShortGamePlayers(w));
        // The short game of the campaign tests, played and saved.
        const GameScript script = GameScriptReader::read(
            sourceDir() + QStringLiteral("/tests/campaign/data/short-game.yaml"), db());
        QVERIFY(script.ok());
        QVERIFY(script.dice);
        ScriptedDiceSource dice(*script.dice);
        Game game(script.setup, &dice);
        for (const ScriptCommand &c : script.commands) {
            QVERIFY(game.apply(c.command).ok());
            while (script.autoAnswer && game.state().pending)
                QVERIFY(game.apply(AnswerCommand {}).ok());
        }
        QCOMPARE(game.state().phase, Phase::Over);
        QTemporaryDir dir;
        const QString saved = dir.filePath(QStringLiteral("g.jwgame"));
        QVERIFY(GameFile::write(game, saved).isEmpty());
        QVERIFY2(w.importGame(saved, QDate(2026, 11, 1)), qPrintable(w.lastError()));
        QCOMPARE(w.battles().size(), 1u);
        QCOMPARE(w.battles().front().source, QStringLiteral("game"));
        QCOMPARE(cellText(w.battleTable(), 0, 7), QStringLiteral("from a game"));
        // Not a game: refused with why.
        const QString bad = dir.filePath(QStringLiteral("bad.jwgame"));
        writeFile(bad, "{");
        QVERIFY(!w.importGame(bad, QDate(2026, 11, 2)));
        QVERIFY(w.lastError().contains(QStringLiteral("bad.jwgame")));
        QCOMPARE(w.battles().size(), 1u);
    }

    // Game › Add Battle to Campaign: the game just finished on the table goes into
    // the open campaign, once; the action waits for the game's end.
    void addTheGameOnTheTable()
    {
        jwtest::Databases dbs;
        const QString url = dbs.fresh(QStringLiteral("sqlite"));
        MainWindow main(UnitDatabase::loadShipped());
        GameController *controller = main.gameTable()->controller();
        controller->setAutosaveEnabled(false);
        QAction *add = main.addToCampaignAction();
        QVERIFY(add);
        QVERIFY(!add->isEnabled()); // no game
        const GameScript script = GameScriptReader::read(
            sourceDir() + QStringLiteral("/tests/campaign/data/short-game.yaml"), db());
        QVERIFY(script.ok());
        QVERIFY(script.dice);
        controller->startGame(script.setup, std::make_unique<ScriptedDiceSource>(*script.dice));
        QVERIFY(!add->isEnabled()); // not over yet
        for (const ScriptCommand &c : script.commands) {
            QVERIFY(controller->apply(c.command));
            while (script.autoAnswer && controller->state().pending)
                QVERIFY(controller->apply(AnswerCommand {}));
        }
        QCOMPARE(controller->state().phase, Phase::Over);
        QVERIFY(add->isEnabled());
        // No campaign open: refused, and the campaign's banner says what to do.
        QVERIFY(!main.addFinishedGameToCampaign());
        QVERIFY(main.campaignWindow()->lastError().contains(QStringLiteral("No campaign")));
        QVERIFY(add->isEnabled());
        CampaignWindow *w = main.campaignWindow();
        QVERIFY(w->createCampaign(url, jupiterCup()));
        QVERIFY(addShortGamePlayers(*w));
        add->trigger();
        QCOMPARE(main.tabs()->currentWidget(), w);
        QCOMPARE(w->battles().size(), 1u);
        QCOMPARE(w->battles().front().source, QStringLiteral("game"));
        QCOMPARE(w->battles().front().date, QDate::currentDate());
        QVERIFY(!add->isEnabled()); // once per game
        QVERIFY(w->undoStack()->canUndo());
        w->undoStack()->undo();
        QCOMPARE(w->battles().size(), 0u);
    }

    // Issue 16.9: the banner takes the look of its latest message (an error after
    // a success is not green); what the house rules did names each model as the
    // players know it ("Uller", not the unit id "uller"), and the status bar tells
    // it for a while on the Campaign tab only, never as a tip of the whole window.
    void campaignMessagesFollowTheLatestAndStayOnTheirTab()
    {
        jwtest::Databases dbs;
        const QString url = dbs.fresh(QStringLiteral("sqlite"));
        MainWindow main(UnitDatabase::loadShipped());
        main.show();
        QVERIFY(QTest::qWaitForWindowExposed(&main));
        GameController *controller = main.gameTable()->controller();
        controller->setAutosaveEnabled(false);
        const GameScript script = GameScriptReader::read(
            sourceDir() + QStringLiteral("/tests/campaign/data/short-game.yaml"), db());
        QVERIFY(script.ok());
        QVERIFY(script.dice);
        controller->startGame(script.setup, std::make_unique<ScriptedDiceSource>(*script.dice));
        for (const ScriptCommand &c : script.commands) {
            QVERIFY(controller->apply(c.command));
            while (script.autoAnswer && controller->state().pending)
                QVERIFY(controller->apply(AnswerCommand {}));
        }
        CampaignWindow *w = main.campaignWindow();
        QVERIFY(w->createCampaign(url, jupiterCup()));
        QVERIFY(addShortGamePlayers(*w));
        QVERIFY2(main.addFinishedGameToCampaign(), qPrintable(w->lastError()));
        QCOMPARE(main.tabs()->currentWidget(), w);

        // The success: green, with the notes, each model by its name.
        QVERIFY(w->banner()->isVisible());
        QCOMPARE(w->banner()->property("kind").toString(), QStringLiteral("success"));
        const QString notes = w->banner()->text();
        QVERIFY2(notes.contains(QStringLiteral("Uller was Destroyed")), qPrintable(notes));
        QVERIFY2(!notes.contains(QStringLiteral("uller was")), qPrintable(notes));
        QVERIFY(w->lastNotes().join(u' ').contains(QStringLiteral("Uller was Destroyed")));
        // In the status bar for a while, not as the window's status tip (that one
        // came back over every widget without a tip of its own, on every tab).
        QVERIFY2(main.statusBar()->currentMessage().contains(QStringLiteral("Uller was Destroyed")),
                 qPrintable(main.statusBar()->currentMessage()));
        QVERIFY(main.statusTip().isEmpty());
        shot(&main, QStringLiteral("campaign-banner-success"));

        // A later error takes the banner, in the error's look.
        QVERIFY(!w->addPlayer(QStringLiteral("Ann"), Fleet {}));
        QVERIFY(w->banner()->isVisible());
        QCOMPARE(w->banner()->property("kind").toString(), QStringLiteral("error"));
        QCOMPARE(w->banner()->text(), w->lastError());
        QVERIFY(w->banner()->styleSheet().contains(QStringLiteral("#7f1d1d")));
        QVERIFY(!w->banner()->styleSheet().contains(QStringLiteral("#14532d")));
        QVERIFY2(w->banner()->text().startsWith(QStringLiteral("There is already")),
                 qPrintable(w->banner()->text()));
        // The success's status message is taken back with it.
        QVERIFY2(!main.statusBar()->currentMessage().contains(QStringLiteral("Destroyed")),
                 qPrintable(main.statusBar()->currentMessage()));
        shot(&main, QStringLiteral("campaign-banner-error"));

        // The battle again (undone, added anew): then another tab, and the
        // campaign's message goes with it.
        w->undoStack()->undo();
        QVERIFY(w->battles().empty());
        QVERIFY2(w->addFinishedGame(*controller->game(), QDate::currentDate()),
                 qPrintable(w->lastError()));
        QCOMPARE(w->banner()->property("kind").toString(), QStringLiteral("success"));
        QVERIFY(main.statusBar()->currentMessage().contains(QStringLiteral("Uller was Destroyed")));
        main.tabs()->setCurrentIndex(0); // the Fleet Builder
        QVERIFY2(!main.statusBar()->currentMessage().contains(QStringLiteral("Destroyed")),
                 qPrintable(main.statusBar()->currentMessage()));
        QVERIFY(main.statusTip().isEmpty());
    }

    // The main window: the Campaign tab and menu, --db's showCampaign, screenshots of
    // every page of a campaign with a few battles.
    void mainWindowCampaignTab()
    {
        jwtest::Databases dbs;
        const QString url = dbs.fresh(QStringLiteral("sqlite"));
        {
            CampaignWindow setup(db());
            QVERIFY(setup.createCampaign(url, jupiterCup()));
            QVERIFY(setup.addPlayer(QStringLiteral("Ann"),
                                    fleetFile(QStringLiteral("cega-carrier-group.jwfleet"))));
            QVERIFY(setup.addPlayer(QStringLiteral("Bob"),
                                    fleetFile(QStringLiteral("venus-strike.jwfleet"))));
            QVERIFY(setup.addPlayer(QStringLiteral("Cleo"),
                                    fleetFile(QStringLiteral("io-patrol.jwfleet"))));
            QTemporaryDir dir;
            const QString report = dir.filePath(QStringLiteral("r.yaml"));
            const std::vector<std::array<QString, 7>> battles {
                {QStringLiteral("2026-10-03"), QStringLiteral("Ann"), QStringLiteral("Bob"),
                 QStringLiteral("180"), QStringLiteral("90"), QStringLiteral("10"),
                 QStringLiteral("3")},
                {QStringLiteral("2026-10-10"), QStringLiteral("Bob"), QStringLiteral("Cleo"),
                 QStringLiteral("120"), QStringLiteral("140"), QStringLiteral("4"),
                 QStringLiteral("7")},
                {QStringLiteral("2026-10-17"), QStringLiteral("Cleo"), QStringLiteral("Ann"),
                 QStringLiteral("60"), QStringLiteral("200"), QStringLiteral("2"),
                 QStringLiteral("10")},
                {QStringLiteral("2026-10-24"), QStringLiteral("Ann"), QStringLiteral("Bob"),
                 QStringLiteral("100"), QStringLiteral("150"), QStringLiteral("5"),
                 QStringLiteral("8")}};
            for (const auto &b : battles) {
                writeFile(
                    report,
                    QStringLiteral("date: %1\nsides:\n  - player: %2\n    victory_points: %4\n"
                                   "    objective_points: %6\n    units:\n      - entry: 0\n"
                                   "        fate: destroyed\n  - player: %3\n"
                                   "    victory_points: %5\n    objective_points: %7\n")
                        .arg(b[0], b[1], b[2], b[3], b[4], b[5], b[6])
                        .toUtf8());
                QVERIFY2(setup.importReport(report), qPrintable(setup.lastError()));
            }
        }
        MainWindow main(UnitDatabase::loadShipped());
        main.resize(1280, 820);
        main.show();
        QVERIFY(QTest::qWaitForWindowExposed(&main));
        main.showCampaign(url);
        CampaignWindow *w = main.campaignWindow();
        QCOMPARE(main.tabs()->currentWidget(), w);
        QVERIFY(w->hasCampaign());
        QCOMPARE(w->standingsTable()->rowCount(), 3);
        QCOMPARE(w->battleTable()->rowCount(), 4);
        const QStringList names {QStringLiteral("standings"), QStringLiteral("players"),
                                 QStringLiteral("battles"), QStringLiteral("charts"),
                                 QStringLiteral("settings")};
        for (int i = 0; i < w->pages()->count(); ++i) {
            w->pages()->setCurrentIndex(i);
            shot(&main, QStringLiteral("campaign-1%1-%2").arg(i).arg(names.value(i)));
        }
        theme::apply(QStringLiteral("light"));
        w->pages()->setCurrentIndex(3);
        shot(&main, QStringLiteral("campaign-20-charts-light"));
        theme::apply(QStringLiteral("dark"));
    }

    // The charts: hovering a point tells its exact value and battle; a legend
    // entry hides and shows its player's series (mouse and keyboard); a chart
    // exports as a PNG of its size, and a failed export is shown. The luck chart
    // counts the dice of the battle imported from a game and says the battle
    // entered from a report has none.
    void chartsHoverToggleExportAndLuck()
    {
        jwtest::Databases dbs;
        CampaignWindow w(db());
        QVERIFY(w.createCampaign(dbs.fresh(QStringLiteral("sqlite")), jupiterCup()));
        QVERIFY(addShortGamePlayers(w));
        QTemporaryDir dir;
        const QString report = dir.filePath(QStringLiteral("r.yaml"));
        writeFile(report, kReport);
        QVERIFY2(w.importReport(report), qPrintable(w.lastError()));
        const GameScript script = GameScriptReader::read(
            sourceDir() + QStringLiteral("/tests/campaign/data/short-game.yaml"), db());
        QVERIFY(script.ok());
        ScriptedDiceSource dice(*script.dice);
        Game game(script.setup, &dice);
        for (const ScriptCommand &c : script.commands) {
            QVERIFY(game.apply(c.command).ok());
            while (script.autoAnswer && game.state().pending)
                QVERIFY(game.apply(AnswerCommand {}).ok());
        }
        QVERIFY2(w.addFinishedGame(game, QDate(2026, 11, 1)), qPrintable(w.lastError()));
        QCOMPARE(w.battles().size(), 2u);
        QVERIFY(!w.battles()[0].luck); // the report: no dice
        QVERIFY(w.battles()[1].luck); // the game: its rolls
        // The battle's detail says so too.
        w.selectBattle(w.battles()[0].id);
        QVERIFY2(w.battleDetail()->toPlainText().contains(QStringLiteral("No dice recorded")),
                 qPrintable(w.battleDetail()->toPlainText()));
        w.selectBattle(w.battles()[1].id);
        const SideLuck gameLuck = (*w.battles()[1].luck)[0];
        QVERIFY2(w.battleDetail()->toPlainText().contains(
                     QStringLiteral("Attack dice: %1 successes in %2 rolls")
                         .arg(gameLuck.successes)
                         .arg(gameLuck.attacks)),
                 qPrintable(w.battleDetail()->toPlainText()));

        w.resize(1100, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.pages()->setCurrentIndex(3);
        QCoreApplication::processEvents();
        for (CampaignChart *chart : std::initializer_list<CampaignChart *> {
                 w.standingsChart(), w.destroyedChart(), w.luckChart()}) {
            QVERIFY(chart->isVisible());
            chart->repaint();
            QVERIFY(!chart->accessibleName().isEmpty());
            QCOMPARE(chart->focusPolicy(), Qt::StrongFocus);
        }

        // Hover: Ann's and Bob's points after each of the two battles.
        StandingsChart *standings = w.standingsChart();
        QCOMPARE(standings->legend().size(), 2u);
        QCOMPARE(standings->hotSpots().size(), 4u);
        const qint64 ann = standings->legend()[0].id;
        const qint64 bob = standings->legend()[1].id;
        QCOMPARE(standings->legend()[0].name, QStringLiteral("Ann"));
        const auto spotWith = [](const CampaignChart *chart, const QString &text) {
            for (const CampaignChart::HotSpot &s : chart->hotSpots())
                if (s.text.contains(text))
                    return s;
            return CampaignChart::HotSpot {};
        };
        // Ann won the report's battle (3 points, battle 1).
        const CampaignChart::HotSpot first = spotWith(standings, QStringLiteral("Ann: 3 campaign"));
        QVERIFY2(!first.rect.isEmpty(), qPrintable(standings->hotSpots()[0].text));
        QVERIFY(first.text.contains(QStringLiteral("after battle 1")));
        QVERIFY(standings->valueAt(first.rect.center()).contains(first.text));
        QVERIFY(standings->valueAt(QPointF(-10, -10)).isEmpty());

        // A click on Bob's legend entry hides his line (and its tooltips); again shows it.
        const QRectF bobEntry = standings->legendRect(bob);
        QVERIFY(!bobEntry.isEmpty());
        QSignalSpy toggled(standings, &CampaignChart::seriesVisibilityChanged);
        QTest::mouseClick(standings, Qt::LeftButton, {}, bobEntry.center().toPoint());
        QVERIFY(!standings->isSeriesVisible(bob));
        QCOMPARE(toggled.size(), 1);
        standings->repaint();
        QCOMPARE(standings->hotSpots().size(), 2u);
        for (const CampaignChart::HotSpot &s : standings->hotSpots())
            QVERIFY(s.text.startsWith(QStringLiteral("Ann:")));
        // The hidden line is not drawn: its pixels are gone from the image.
        const QColor bobColour = standings->legend()[1].colour;
        const auto countColour = [](const QImage &image, const QColor &c) {
            int n = 0;
            for (int y = 0; y < image.height(); ++y)
                for (int x = 0; x < image.width(); ++x)
                    n += image.pixelColor(x, y).rgb() == c.rgb() ? 1 : 0;
            return n;
        };
        const QImage hidden = standings->toImage(QSize(500, 260), 1);
        QTest::mouseClick(standings, Qt::LeftButton, {}, bobEntry.center().toPoint());
        QVERIFY(standings->isSeriesVisible(bob));
        const QImage shown = standings->toImage(QSize(500, 260), 1);
        QVERIFY2(countColour(shown, bobColour) > countColour(hidden, bobColour) + 100,
                 qPrintable(QStringLiteral("%1 %2")
                                .arg(countColour(shown, bobColour))
                                .arg(countColour(hidden, bobColour))));
        // The keyboard is on the entry clicked last; Left and Right move it (and
        // wrap), Space hides the entry's series, Space shows it.
        QCOMPARE(standings->currentLegendEntry(), 1);
        standings->setFocus();
        QTest::keyClick(standings, Qt::Key_Left);
        QCOMPARE(standings->currentLegendEntry(), 0);
        QTest::keyClick(standings, Qt::Key_Right);
        QTest::keyClick(standings, Qt::Key_Right);
        QCOMPARE(standings->currentLegendEntry(), 0);
        QTest::keyClick(standings, Qt::Key_Right);
        QCOMPARE(standings->currentLegendEntry(), 1);
        QTest::keyClick(standings, Qt::Key_Space);
        QVERIFY(!standings->isSeriesVisible(bob));
        QVERIFY(standings->isSeriesVisible(ann));
        QTest::keyClick(standings, Qt::Key_Space);
        QVERIFY(standings->isSeriesVisible(bob));

        // A screen reader gets the latest figures with the chart.
        QVERIFY2(standings->accessibleDescription().startsWith(
                     QStringLiteral("Campaign points after battle 2: Ann ")),
                 qPrintable(standings->accessibleDescription()));
        QVERIFY2(w.luckChart()->accessibleDescription().contains(QStringLiteral("attack rolls")),
                 qPrintable(w.luckChart()->accessibleDescription()));

        // Points destroyed: each bar says who destroyed how much of whom.
        w.destroyedChart()->repaint();
        QVERIFY(!spotWith(w.destroyedChart(), QStringLiteral("Ann destroyed")).text.isEmpty());

        // Luck: the game's rolls count; the report's battle is listed as not recorded.
        LuckChart *luck = w.luckChart();
        QVERIFY(!luck->hasNoDice());
        QCOMPARE(luck->hotSpots().size(), 4u);
        const CampaignChart::HotSpot unrecorded = spotWith(luck, QStringLiteral("Ann, battle 1"));
        QVERIFY2(unrecorded.text.contains(QStringLiteral("no dice recorded (from a battle "
                                                         "report)")),
                 qPrintable(unrecorded.text));
        const SideLuck annLuck = (*w.battles()[1].luck)[0];
        const CampaignChart::HotSpot recorded = spotWith(luck, QStringLiteral("Ann, battle 2"));
        QVERIFY2(recorded.text.contains(QStringLiteral("%1 successes in %2 attack rolls")
                                            .arg(annLuck.successes)
                                            .arg(annLuck.attacks)),
                 qPrintable(recorded.text));

        // Export: a PNG of the chart's size; a folder that does not exist is an error
        // in the banner and leaves nothing behind.
        const QString png = dir.filePath(QStringLiteral("luck.png"));
        QVERIFY2(w.exportChart(luck, png), qPrintable(w.lastError()));
        QImage image(png);
        QCOMPARE(image.size(), luck->size() * luck->devicePixelRatio());
        QVERIFY(image.size().width() > 500);
        // At scale 2 the image has twice the pixels (the screen's density).
        const QImage dense = luck->toImage(QSize(300, 200), 2);
        QCOMPARE(dense.size(), QSize(600, 400));
        QCOMPARE(dense.devicePixelRatio(), 2.0);
        const QString bad = dir.filePath(QStringLiteral("no/such/folder/c.png"));
        QVERIFY(!w.exportChart(luck, bad));
        QVERIFY(w.banner()->isVisible());
        QVERIFY2(w.lastError().contains(QStringLiteral("not exported")), qPrintable(w.lastError()));
        QVERIFY(!QFile::exists(bad));
        // The Campaign menu has the export of each chart.
        std::unique_ptr<QMenu> menu(w.createMenu(nullptr));
        QStringList exports;
        for (QAction *a : menu->actions())
            if (a->menu())
                for (QAction *c : a->menu()->actions())
                    exports << c->text();
        QCOMPARE(exports,
                 (QStringList {standings->title() + QStringLiteral("…"),
                               w.destroyedChart()->title() + QStringLiteral("…"),
                               luck->title() + QStringLiteral("…")}));
    }
};

QTEST_MAIN(TestCampaignWindow)
#include "tst_campaignwindow.moc"
