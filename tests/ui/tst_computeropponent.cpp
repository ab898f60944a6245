// SPDX-License-Identifier: GPL-3.0-or-later
// The computer opponent at the game table (issue 18): New Game's "Played by", the computer
// playing a whole game through the GameController (deployment included) with a reason for
// each command in the log and in the saved game, a person against the computer (no
// hand-over, the computer's turn shown as such), Undo while it thinks, and Hint.
#include "tabletestutil.h"

#include "companion/trackgamedialog.h"
#include "engine/game.h"
#include "engine/gamefile.h"
#include "table/computeropponent.h"
#include "table/gamecontroller.h"
#include "table/gamewindow.h"
#include "table/newgamedialog.h"

#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTest>

using namespace jw;

namespace {

// Two ships from the Deployment Phase on: the duel's fleets without its placed models.
GameSetup fromDeployment(const QString &first, const QString &second)
{
    GameSetup s = test::duelSetup();
    s.starts.clear();
    s.startPhase = QStringLiteral("deployment");
    s.initiative.reset();
    s.players[0].computer = first;
    s.players[1].computer = second;
    return s;
}

// A game table with its computer players, as GameTable puts them together; no pause between
// the computer's commands.
struct Table
{
    Table()
    {
        controller.setAutosaveEnabled(false);
        window.setComputer(&computer);
        computer.setPace(0);
    }
    GameController controller;
    GameWindow window {&controller};
    ComputerOpponent computer {&controller};
};

QWidget *currentPage(const GameWindow &w)
{
    return qobject_cast<QStackedWidget *>(w.computerPanel()->parentWidget())->currentWidget();
}

QStringList logLines(const GameWindow &w)
{
    QStringList out;
    for (int r = 0; r < w.logModel()->rowCount(); ++r)
        out << w.logModel()->item(r)->text();
    return out;
}

} // namespace

class TestComputerOpponent : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // New Game: each side a person or the computer at a level; Track a Game has no such
    // choice (people at a real table).
    void newGameChoosesWhoPlays()
    {
        NewGameDialog d(test::db());
        d.setFleet(0, test::sample("jovian-battle-group.jwfleet"));
        d.setFleet(1, test::sample("cega-fortress.jwfleet"));
        QCOMPARE(d.playedBy(0)->currentData().toString(), QString());
        d.setComputer(1, QStringLiteral("careful"));
        QString error;
        const std::optional<GameSetup> s = d.setup(&error);
        QVERIFY2(s, qPrintable(error));
        QCOMPARE(s->players[0].computer, QString());
        QCOMPARE(s->players[1].computer, QStringLiteral("careful"));
        d.setComputer(0, QStringLiteral("greedy"));
        QCOMPARE(d.setup()->players[0].computer, QStringLiteral("greedy"));
        d.setComputer(0, QStringLiteral("expert"));
        QCOMPARE(d.setup()->players[0].computer, QStringLiteral("expert"));

        TrackGameDialog t(test::db());
        t.setFleet(0, test::sample("jovian-battle-group.jwfleet"));
        t.setFleet(1, test::sample("cega-fortress.jwfleet"));
        t.setComputer(1, QStringLiteral("careful"));
        QVERIFY(t.playedBy(1)->isHidden());
        QCOMPARE(t.setup()->players[1].computer, QString());
    }

    // Both sides the computer (a game watched): it deploys, activates, moves, fires and
    // answers until the game is over; every command carries its reason, which the log
    // shows; a saved game keeps who played and why, and opens to the same game.
    void computerPlaysAWholeGame()
    {
        Table t;
        GameController &controller = t.controller;
        GameWindow &window = t.window;
        ComputerOpponent &computer = t.computer;
        controller.startGame(fromDeployment(QStringLiteral("greedy"), QStringLiteral("random")));
        QVERIFY(computer.isComputer(0) && computer.isComputer(1));
        QCOMPARE(computer.person(), -1);
        QVERIFY(computer.thinking());
        QVERIFY(computer.waitIdle(120'000));
        const Game *game = controller.game();
        QVERIFY2(controller.state().phase == Phase::Over,
                 qPrintable(QStringLiteral("stopped at command %1: %2")
                                .arg(game->history().size())
                                .arg(computer.stuckReason())));
        QVERIFY(computer.stuckReason().isEmpty());
        QVERIFY(game->history().size() > 10);
        bool deployed = false, attacked = false;
        for (const GameRecordEntry &e : game->history()) {
            QVERIFY2(!e.reason.isEmpty(), qPrintable(commandId(e.command)));
            deployed = deployed || std::holds_alternative<DeployCommand>(e.command);
            attacked = attacked || std::holds_alternative<AttackCommand>(e.command);
        }
        QVERIFY(deployed);
        QVERIFY(attacked);
        const QStringList lines = logLines(window);
        QVERIFY(lines.filter(QStringLiteral("(the computer): ")).size()
                == int(game->history().size()));
        QVERIFY(!lines.filter(QStringLiteral("% for a hit")).isEmpty());

        const QByteArray saved = GameFile::serialize(*game);
        const GameFile::Loaded loaded = GameFile::parse(saved, QStringLiteral("watched.jwgame"));
        QVERIFY2(loaded.game, qPrintable(loaded.error));
        QCOMPARE(loaded.game->setup().players[0].computer, QStringLiteral("greedy"));
        QCOMPARE(loaded.game->setup().players[1].computer, QStringLiteral("random"));
        QCOMPARE(loaded.game->history(), game->history());
        QCOMPARE(GameFile::serialize(*loaded.game), saved);

        // A level the program does not know, or a reason that is not text, is refused.
        QByteArray bad = saved;
        bad.replace("\"computer\": \"greedy\"", "\"computer\": \"cheater\"");
        QVERIFY(bad != saved);
        const GameFile::Loaded refused = GameFile::parse(bad, QStringLiteral("bad.jwgame"));
        QVERIFY(!refused.game);
        QVERIFY2(refused.error.contains(QStringLiteral("'computer' must be")),
                 qPrintable(refused.error));
        bad = saved;
        const int at = int(bad.indexOf("\"reason\": \""));
        QVERIFY(at > 0);
        bad.insert(at + 10, "12, \"x\": ");
        const GameFile::Loaded noText = GameFile::parse(bad, QStringLiteral("bad.jwgame"));
        QVERIFY(!noText.game);
        QVERIFY2(noText.error.contains(QStringLiteral("the reason is not text")),
                 qPrintable(noText.error));
    }

    // A person against the computer: the person's panels on their turn, the computer's
    // panel on its turn and no hand-over; the log reads as the person sees it.
    void personAgainstTheComputer()
    {
        Table t;
        GameController &controller = t.controller;
        GameWindow &window = t.window;
        ComputerOpponent &computer = t.computer;
        GameSetup s = test::duelSetup(); // Dave (Initiative) and the computer's Eve
        s.players[1].computer = QStringLiteral("greedy");
        controller.startGame(s);
        QCOMPARE(computer.person(), 0);
        QCOMPARE(computer.toDecide(), -1);
        QVERIFY(!computer.thinking());
        QVERIFY(currentPage(window) != window.computerPanel());
        // Dave plays his activation (his commands chosen here as a person would, one by one,
        // until the computer is to answer).
        AiPlayer dave(AiLevel::Greedy, 11);
        int sent = 0;
        while (computer.toDecide() < 0 && controller.state().phase != Phase::Over && sent < 50) {
            const std::optional<AiChoice> c = dave.choose(controller.engine(), controller.state());
            QVERIFY(c);
            if (controller.apply(c->command))
                ++sent;
        }
        QVERIFY(sent > 0);
        QCOMPARE(computer.toDecide(), 1);
        QVERIFY(computer.thinking());
        QCOMPARE(currentPage(window), window.computerPanel());
        QVERIFY2(window.computerLabel()->text().startsWith(
                     QStringLiteral("Eve (the computer, Greedy) is thinking")),
                 qPrintable(window.computerLabel()->text()));
        QVERIFY(window.turnLabel()->text().startsWith(QStringLiteral("Eve (the computer) to")));
        const int before = int(controller.game()->history().size());
        QVERIFY(computer.waitIdle(60'000));
        QVERIFY(int(controller.game()->history().size()) > before);
        QVERIFY(computer.stuckReason().isEmpty());
        QVERIFY(!window.handOverShowing());
        // Dave's commands have no reason; the computer's each have one.
        for (int i = 0; i < int(controller.game()->history().size()); ++i)
            QCOMPARE(controller.game()->history()[std::size_t(i)].reason.isEmpty(), i < before);
        if (controller.state().phase != Phase::Over)
            QVERIFY(currentPage(window) != window.computerPanel());
        test::shot(&window, QStringLiteral("computer-opponent"));
    }

    // Undo while the computer thinks: the person's last command is taken back, and the
    // computer answers nothing of the state that is gone.
    void undoWhileTheComputerThinks()
    {
        Table t;
        GameController &controller = t.controller;
        GameWindow &window = t.window;
        ComputerOpponent &computer = t.computer;
        controller.startGame(fromDeployment(QString(), QStringLiteral("careful")));
        QVERIFY(computer.waitIdle(60'000));
        QCOMPARE(computer.toDecide(), -1);
        QVERIFY(controller.state().phase == Phase::Deployment);
        // The person deploys (a deployment rolls no dice: it may be undone).
        AiPlayer person(AiLevel::Greedy, 5);
        const std::optional<AiChoice> mine = person.choose(controller.engine(), controller.state());
        QVERIFY(mine);
        QVERIFY(std::holds_alternative<DeployCommand>(mine->command));
        computer.setPace(5'000); // it waits: the person has time to take the command back
        const int before = int(controller.game()->history().size());
        QVERIFY(controller.apply(mine->command));
        QCOMPARE(computer.toDecide(), 1);
        QVERIFY(computer.thinking());
        QVERIFY(window.undo());
        QCOMPARE(int(controller.game()->history().size()), before);
        QCOMPARE(computer.toDecide(), -1);
        QVERIFY(!computer.thinking());
        QTest::qWait(50);
        QCOMPARE(int(controller.game()->history().size()), before);

        // After the computer answered, Undo takes back its commands and the person's.
        computer.setPace(0);
        QVERIFY(controller.apply(mine->command));
        QVERIFY(computer.waitIdle(60'000));
        QVERIFY(int(controller.game()->history().size()) > before + 1);
        QVERIFY(window.undo());
        QCOMPARE(int(controller.game()->history().size()), before);
        QCOMPARE(computer.toDecide(), -1);
    }

    // Hint: the computer's advice for the person to answer now, which the rules accept.
    void hintForThePerson()
    {
        Table t;
        GameController &controller = t.controller;
        GameWindow &window = t.window;
        ComputerOpponent &computer = t.computer;
        GameSetup s = test::duelSetup();
        s.players[1].computer = QStringLiteral("random");
        controller.startGame(s);
        QVERIFY(window.hintButton()->isEnabled());
        QSignalSpy ready(&computer, &ComputerOpponent::hintReady);
        window.hint();
        QVERIFY(ready.wait(30'000));
        QVERIFY2(window.hintLabel()->text().startsWith(QStringLiteral("Hint: ")),
                 qPrintable(window.hintLabel()->text()));
        QVERIFY(computer.hint());
        QCOMPARE(int(controller.game()->history().size()), 0); // a hint plays nothing
        // Dave to activate: the hint is an activation (no dice), which the engine accepts.
        QVERIFY(std::holds_alternative<ActivateCommand>(computer.hint()->command));
        QVERIFY(computer.hint()->reason.english().startsWith(QStringLiteral("activates ")));
        QVERIFY(controller.apply(computer.hint()->command));
        QVERIFY(window.hintLabel()->text().isEmpty()); // advice for a state that is gone
    }
};

QTEST_MAIN(TestComputerOpponent)
#include "tst_computeropponent.moc"
