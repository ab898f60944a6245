// SPDX-License-Identifier: GPL-3.0-or-later
// The GUI's club client (issue 19, docs/network.md): a ClubServer in this process on
// loopback; the lobby dialog lists its open games and shows errors; a game table creates a
// game there, a headless ClubClient joins it and both play, a spectator watches; a drop
// pauses the game and both take their seats again; a table joins a headless creator's game.
#include "../net/fakepeer.h"
#include "modaldriver.h"
#include "netsides.h"
#include "tabletestutil.h"

#include "engine/gamefile.h"
#include "engine/gamescript.h"
#include "engine/maskedview.h"
#include "engine/randomplayer.h"
#include "net/clubclient.h"
#include "net/clubserver.h"
#include "net/netsession.h"
#include "table/chatpanel.h"
#include "table/clublobby.h"
#include "table/gamecontroller.h"
#include "table/gametable.h"
#include "table/gamewindow.h"
#include "table/modelitem.h"
#include "table/netdialogs.h"
#include "table/netgame.h"
#include "table/nettable.h"
#include "table/tablescene.h"

#include <QAction>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMainWindow>
#include <QMenu>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>

#include <map>
#include <memory>
#include <optional>
#include <set>

using namespace jw;

namespace {

const QString kLoopback = QStringLiteral("127.0.0.1");

using Side = jwtest::NetSide;
using jwtest::fleetOf;

// Fills the lobby (this server, this name), connects and, once the server answered, clicks
// `next` (Create Game… or Join Game…). The lobby may have asked the last server in the
// settings already: only an answer after the connection counts.
void connectThenClick(ClubLobbyDialog *lobby, quint16 port, const QString &name,
                      QPushButton *(ClubLobbyDialog::*next)() const)
{
    lobby->setServer(kLoopback, port);
    lobby->setPlayerName(name);
    auto once = std::make_shared<QMetaObject::Connection>();
    *once = QObject::connect(lobby, &ClubLobbyDialog::listed, lobby, [lobby, once, next] {
        if (!lobby->connected())
            return;
        QObject::disconnect(*once);
        (lobby->*next)()->click();
    });
    lobby->findChild<QPushButton *>(QStringLiteral("clubConnect"))->click();
}

// A player without a screen: the lobby's ClubClient, then a NetSession playing random legal
// commands on its turns.
struct Headless
{
    net::ClubClient client;
    std::unique_ptr<net::NetSession> session;
    RandomPlayer random {21};
    int side = -1;
    int commands = 0;
    // Its program masks v1.2.4 hidden models (setMasked before it joins).
    bool masks = false;
    // The commands it plays first, each when the game has that many agreed and it is its turn
    // (a script's; then random ones).
    std::vector<Command> script;
    explicit Headless()
    {
        client.setReplyTimeout(20000);
        QObject::connect(&client, &net::ClubClient::ready, &client,
                         [this](const GameSetup &setup, int s, QTcpSocket *socket) {
                             side = s;
                             session = std::make_unique<net::NetSession>(setup, s);
                             session->setReplyTimeout(20000);
                             session->setPatientHello(true);
                             session->setMaskSecrets(masks);
                             for (auto signal : {&net::NetSession::turn, &net::NetSession::agreed,
                                                 &net::NetSession::started})
                                 QObject::connect(
                                     session.get(), signal, session.get(), [this] { play(); },
                                     Qt::QueuedConnection);
                             session->attach(socket);
                         });
    }
    void setMasked()
    {
        masks = true;
        client.setMaskSecrets(true);
    }
    void play()
    {
        if (!session || !session->myTurn())
            return;
        // The state its answer is judged in (a sealed secret choice of the other player's: the
        // next question's).
        const std::size_t agreed = session->game()->history().size();
        const auto c = agreed < script.size()
            ? std::optional<Command>(script[agreed])
            : random.choose(session->game()->engine(), session->stateToAnswer());
        if (c && session->submit(*c))
            ++commands;
    }
    // Takes its seat again after a drop (its token), then the session resumes.
    void rejoin(quint16 port)
    {
        auto *again = new net::ClubClient(session.get());
        again->setReplyTimeout(20000);
        QObject::connect(again, &net::ClubClient::ready, session.get(),
                         [this, again](const GameSetup &, int, QTcpSocket *socket) {
                             again->deleteLater();
                             QString why;
                             QVERIFY2(session->resume(*session->game(), &why), qPrintable(why));
                             session->attach(socket);
                         });
        again->rejoin(kLoopback, port, client.id(), side, client.token());
    }
};

// An event-loop wait (fakepeer.h): with the table, the server and a headless player in this
// process, a command of a masked game is some thirty hops, which qWaitFor's 10 ms sleeps make
// about 300 ms instead of a few.
using jw::net::test::waitUntil;

// The table's session and the headless one are level, waiting for the next command.
bool level(const Side &gui, const Headless &h)
{
    const auto *a = gui.net()->session();
    const auto *b = h.session.get();
    if (!a || !b || !a->game() || !b->game())
        return false;
    const bool over = a->status() == net::NetSession::Status::Over;
    return (over
            || (a->status() == net::NetSession::Status::Playing
                && b->status() == net::NetSession::Status::Playing && (a->myTurn() || b->myTurn())))
        && a->game()->history().size() == b->game()->history().size()
        && gui.controller()->game()->history().size() == a->game()->history().size();
}

// The table plays random legal commands on its turns (as its clicks do) until `n` of the
// game's commands are agreed or the game is over; the headless side plays its own turns.
void playUntil(Side &gui, Headless &h, RandomPlayer &r, std::size_t n)
{
    for (int step = 0; step < 200; ++step) {
        QTRY_VERIFY_WITH_TIMEOUT(level(gui, h), 20000);
        const GameState &s = gui.controller()->state();
        if (s.phase == Phase::Over || gui.controller()->game()->history().size() >= n)
            return;
        if (!gui.net()->session()->myTurn()) { // the headless side's turn: it plays by itself
            const auto before = gui.controller()->game()->history().size();
            QTRY_VERIFY_WITH_TIMEOUT(gui.controller()->game()->history().size() > before
                                         || gui.net()->session()->myTurn()
                                         || gui.controller()->state().phase == Phase::Over,
                                     20000);
            continue;
        }
        QVERIFY(gui.net()->waiting() == false);
        const auto c = r.choose(gui.controller()->engine(), s);
        QVERIFY(c);
        const auto before = gui.controller()->game()->history().size();
        QVERIFY(gui.controller()->apply(*c));
        QTRY_VERIFY_WITH_TIMEOUT(gui.controller()->game()->history().size() > before
                                     || (level(gui, h) && gui.net()->session()->myTurn()),
                                 20000);
    }
}

} // namespace

class TestClubGui : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // The menu item; the lobby lists the server's open games (creator, scenario, rules, a
    // free seat) and remembers the server and the name.
    void lobbyLists()
    {
        Side side;
        QVERIFY(side.table->network()->clubAction());
        QVERIFY(side.table->menu()->actions().contains(side.table->network()->clubAction()));

        net::ClubServer server(test::db());
        QString error;
        QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));

        ClubLobbyDialog lobby(test::db());
        lobby.setServer(kLoopback, server.port());
        lobby.setPlayerName(QStringLiteral("Dave"));
        QVERIFY(!lobby.createButton()->isEnabled());
        QSignalSpy listed(&lobby, &ClubLobbyDialog::listed);
        lobby.refresh();
        QTRY_VERIFY_WITH_TIMEOUT(!listed.isEmpty(), 20000);
        QVERIFY2(lobby.connected(), qPrintable(lobby.statusLabel()->text()));
        QCOMPARE(lobby.gameList()->topLevelItemCount(), 0);
        QVERIFY(lobby.statusLabel()->text().contains(QStringLiteral("no open game")));
        QVERIFY(lobby.createButton()->isEnabled());
        QVERIFY(!lobby.joinButton()->isEnabled()); // nothing selected
        {
            QSettings s;
            QCOMPARE(s.value(QStringLiteral("club/address")).toString(), kLoopback);
            QCOMPARE(s.value(QStringLiteral("club/port")).toUInt(), uint(server.port()));
            QCOMPARE(s.value(QStringLiteral("club/name")).toString(), QStringLiteral("Dave"));
        }
        ClubLobbyDialog again(test::db());
        again.loadSettings();
        QCOMPARE(again.address(), kLoopback);
        QCOMPARE(again.port(), server.port());
        QCOMPARE(again.playerName(), QStringLiteral("Dave"));

        // The server announces its changes: the lobby does not ask again.
        QVERIFY(lobby.pushed());
        QVERIFY2(lobby.statusLabel()->text().contains(
                     QStringLiteral("the server announces every change")),
                 qPrintable(lobby.statusLabel()->text()));
        QCOMPARE(server.lobbyWatchers(), 1);

        // Someone creates a game: announced, the lobby lists it without asking.
        net::ClubClient creator;
        QSignalSpy created(&creator, &net::ClubClient::created);
        listed.clear();
        creator.create(kLoopback, server.port(), test::duelSetup());
        QTRY_VERIFY_WITH_TIMEOUT(!created.isEmpty(), 20000);
        QTRY_VERIFY_WITH_TIMEOUT(!listed.isEmpty(), 20000);
        QCOMPARE(lobby.gameList()->topLevelItemCount(), 1);
        QVERIFY(lobby.statusLabel()->text().contains(QStringLiteral("one open game")));
        QTreeWidgetItem *item = lobby.gameList()->topLevelItem(0);
        QCOMPARE(item->text(0), QString::number(creator.id()));
        QCOMPARE(item->text(ClubLobbyDialog::kPlayersColumn), QStringLiteral("Dave"));
        QCOMPARE(item->text(ClubLobbyDialog::kRulesColumn), QStringLiteral("v1.2.2"));
        QVERIFY(item->text(ClubLobbyDialog::kStatusColumn).contains(QStringLiteral("1 of 2")));
        QVERIFY2(item->text(ClubLobbyDialog::kFleetsColumn).contains(QStringLiteral("250")),
                 qPrintable(item->text(ClubLobbyDialog::kFleetsColumn)));
        QVERIFY(lobby.listedAll());
        QCOMPARE(lobby.gameList()->currentItem(), item); // the oldest, for Join
        QVERIFY(lobby.joinButton()->isEnabled());
        // Another game created, then withdrawn (its creator gone): each announced, the
        // selection kept.
        {
            net::ClubClient second;
            second.create(kLoopback, server.port(), test::duelSetup());
            QTRY_COMPARE_WITH_TIMEOUT(lobby.gameList()->topLevelItemCount(), 2, 20000);
            QCOMPARE(lobby.gameList()->currentItem()->text(0), QString::number(creator.id()));
        }
        QTRY_COMPARE_WITH_TIMEOUT(lobby.gameList()->topLevelItemCount(), 1, 20000);
        QVERIFY(lobby.connected());
        QVERIFY(lobby.pushed());
        item = lobby.gameList()->topLevelItem(0);
        QCOMPARE(item->text(0), QString::number(creator.id()));
        test::shot(&lobby, QStringLiteral("clublobby"));
        // Closed, the lobby no longer watches.
        lobby.reject();
        QTRY_COMPARE_WITH_TIMEOUT(server.lobbyWatchers(), 0, 20000);

        // The join dialog shows the creator's game and checks the fleet against its rules.
        ClubJoinDialog join(test::db(), lobby.games().front());
        join.setPlayerName(1, QStringLiteral("Eve"));
        join.setFleet(1, fleetOf(QStringLiteral("venusian"), QStringLiteral("shan-yu")));
        QVERIFY(join.refusals().isEmpty());
        QCOMPARE(join.playerName(1), QStringLiteral("Eve"));

        // The create dialog gives a whole setup: the joiner's seat stood in for.
        ClubCreateDialog create(test::db());
        QString why;
        QVERIFY(!create.clubSetup(&why));
        QVERIFY(!why.isEmpty());
        create.setPlayerName(0, QStringLiteral("Dave"));
        create.setFleet(0, fleetOf(QStringLiteral("jovian"), QStringLiteral("alexander")));
        const auto setup = create.clubSetup(&why);
        QVERIFY2(setup, qPrintable(why));
        QCOMPARE(setup->players[0].name, QStringLiteral("Dave"));
        QVERIFY(!setup->players[1].fleet.entries.empty());
    }

    // The server stops and starts again on the same port: the lobby says so, tries again by
    // itself (1 s, then 2 s, ...) and lists the games again without a click; Stop gives up.
    void lobbyReconnects()
    {
        QString error;
        auto server = std::make_unique<net::ClubServer>(test::db());
        QVERIFY2(server->listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        const quint16 port = server->port();
        ClubLobbyDialog lobby(test::db());
        lobby.setServer(kLoopback, port);
        lobby.setPlayerName(QStringLiteral("Dave"));
        lobby.show();
        lobby.refresh();
        QTRY_VERIFY_WITH_TIMEOUT(lobby.connected(), 20000);
        QVERIFY(!lobby.retrying());
        QVERIFY(!lobby.retryNowButton()->isVisibleTo(&lobby));

        // The server stops: the lobby waits 1 s, tries, then waits 2 s.
        QSignalSpy closed(server.get(), &net::ClubServer::closed);
        server->shutdown(500);
        QTRY_VERIFY_WITH_TIMEOUT(!closed.isEmpty(), 20000);
        server.reset();
        QTRY_VERIFY_WITH_TIMEOUT(lobby.retrying(), 20000);
        QVERIFY(!lobby.connected());
        QCOMPARE(lobby.retryDelay(), ClubLobbyDialog::kFirstRetrySeconds);
        QVERIFY2(lobby.statusLabel()->text().contains(QStringLiteral("lost"))
                     && lobby.statusLabel()->text().contains(QStringLiteral("trying again in")),
                 qPrintable(lobby.statusLabel()->text()));
        QVERIFY(lobby.retryNowButton()->isVisibleTo(&lobby));
        QVERIFY(lobby.retryStopButton()->isVisibleTo(&lobby));
        QVERIFY(!lobby.createButton()->isEnabled());
        QTRY_COMPARE_WITH_TIMEOUT(lobby.retryDelay(), 2, 20000);
        test::shot(&lobby, QStringLiteral("clublobby-retrying"));

        // Started again on the same port, with a game open: back without a click.
        server = std::make_unique<net::ClubServer>(test::db());
        QVERIFY2(server->listen(QHostAddress::LocalHost, port, &error), qPrintable(error));
        net::ClubClient creator;
        QSignalSpy created(&creator, &net::ClubClient::created);
        creator.create(kLoopback, port, test::duelSetup());
        QTRY_VERIFY_WITH_TIMEOUT(!created.isEmpty(), 20000);
        QTRY_VERIFY_WITH_TIMEOUT(lobby.connected(), 20000);
        QTRY_COMPARE_WITH_TIMEOUT(lobby.gameList()->topLevelItemCount(), 1, 20000);
        QVERIFY(!lobby.retrying());
        QVERIFY(!lobby.retryNowButton()->isVisibleTo(&lobby));
        QVERIFY(lobby.gameList()->isEnabled());
        QVERIFY(lobby.createButton()->isEnabled());
        QVERIFY2(lobby.statusLabel()->text().contains(QStringLiteral("one open game")),
                 qPrintable(lobby.statusLabel()->text()));

        // Lost again: the wait starts at 1 s again; Connect Now tries at once; Stop gives up.
        closed.clear();
        QSignalSpy closed2(server.get(), &net::ClubServer::closed);
        server->shutdown(500);
        QTRY_VERIFY_WITH_TIMEOUT(!closed2.isEmpty(), 20000);
        server.reset();
        QTRY_VERIFY_WITH_TIMEOUT(lobby.retrying(), 20000);
        QCOMPARE(lobby.retryDelay(), ClubLobbyDialog::kFirstRetrySeconds);
        QTRY_COMPARE_WITH_TIMEOUT(lobby.retryDelay(), 2, 20000);
        QVERIFY(lobby.retryIn() > 0);
        lobby.retryNowButton()->click(); // fails at once (nobody listens): waits 4 s next
        QTRY_COMPARE_WITH_TIMEOUT(lobby.retryDelay(), 4, 20000);
        lobby.retryStopButton()->click();
        QVERIFY(!lobby.retrying());
        QVERIFY(!lobby.retryNowButton()->isVisibleTo(&lobby));
        QVERIFY2(lobby.statusLabel()->text().startsWith(QStringLiteral("Not connected:")),
                 qPrintable(lobby.statusLabel()->text()));
        QTest::qWait(1500); // no try after Stop
        QVERIFY(!lobby.retrying());
        QVERIFY(lobby.statusLabel()->text().startsWith(QStringLiteral("Not connected:")));
        // A first Connect that fails is shown, not tried again (the address may be wrong).
        lobby.findChild<QPushButton *>(QStringLiteral("clubConnect"))->click();
        QTRY_VERIFY_WITH_TIMEOUT(
            lobby.statusLabel()->text().startsWith(QStringLiteral("Not connected:")), 20000);
        QVERIFY(!lobby.retrying());
    }

    // The club server shuts down (SIGTERM) during a game on the table and starts again on
    // the same games folder: the table keeps its seat (paused, not ended) and takes it again
    // by itself when the server is back; the game goes on from the last agreed command.
    void tableSeatAfterServerRestart()
    {
        NetGame::forgetClubSeat();
        GameController::discardAutosave(NetGame::kAutosaveName);
        QTemporaryDir games;
        QString error;
        auto server = std::make_unique<net::ClubServer>(test::db());
        server->setGamesDir(games.path());
        QVERIFY2(server->listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        const quint16 port = server->port();
        Headless dave;
        QSignalSpy created(&dave.client, &net::ClubClient::created);
        dave.client.create(kLoopback, port, test::duelSetup());
        QTRY_VERIFY_WITH_TIMEOUT(!created.isEmpty(), 20000);
        Side eve;
        eve.window.show();
        eve.controller()->setAutosaveEnabled(true);
        eve.net()->setReplyTimeout(20000);
        eve.net()->clubJoin(kLoopback, port, dave.client.id(), QStringLiteral("Eve"),
                            fleetOf(QStringLiteral("venusian"), QStringLiteral("shan-yu")));
        QTRY_COMPARE_WITH_TIMEOUT(eve.net()->stage(), NetGame::Stage::Playing, 20000);
        RandomPlayer r(13);
        playUntil(eve, dave, r, 4);
        const auto history = eve.controller()->game()->history();
        QVERIFY(history.size() >= 4);

        QSignalSpy closed(server.get(), &net::ClubServer::closed);
        server->shutdown(500);
        QTRY_VERIFY_WITH_TIMEOUT(!closed.isEmpty(), 20000);
        server.reset();
        QTRY_COMPARE_WITH_TIMEOUT(eve.net()->stage(), NetGame::Stage::Paused, 20000);
        QVERIFY(eve.net()->canReconnect());
        QVERIFY(NetGame::savedClubSeat()); // kept: the server saved the game
        QVERIFY2(eve.banner().contains(QStringLiteral("the club server shut down")),
                 qPrintable(eve.banner()));
        QVERIFY(eve.table->network()->reconnectButton()->isVisibleTo(&eve.window));
        eve.window.resize(1280, 720);
        test::shot(&eve.window, QStringLiteral("clubgui-server-down"));
        eve.window.resize(1920, 1080);
        test::shot(&eve.window, QStringLiteral("clubgui-server-down-1920"));
        QTRY_COMPARE_WITH_TIMEOUT(dave.session->status(), net::NetSession::Status::Over, 20000);

        // Started again on the same folder and port: it takes up the game; Dave's client takes
        // its seat again, and the table takes its own without a click.
        server = std::make_unique<net::ClubServer>(test::db());
        server->setGamesDir(games.path());
        QCOMPARE(server->takeUpSavedGames(), 1);
        QVERIFY2(server->listen(QHostAddress::LocalHost, port, &error), qPrintable(error));
        dave.rejoin(port);
        QTRY_VERIFY2_WITH_TIMEOUT(eve.net()->stage() == NetGame::Stage::Playing,
                                  qPrintable(eve.banner() + QLatin1Char('\n')
                                             + eve.table->network()->chat()->transcript()),
                                  30000);
        QCOMPARE(eve.controller()->game()->history(), history);
        playUntil(eve, dave, r, history.size() + 3);
        QCOMPARE(eve.controller()->game()->history(), dave.session->game()->history());
        QVERIFY(eve.controller()->game()->history().size() > history.size());
        eve.net()->leave();
        QVERIFY(!NetGame::savedClubSeat());
        GameController::discardAutosave(NetGame::kAutosaveName);
    }

    // The table's game still open on the club server (no one joined yet) when the server
    // shuts down (SIGTERM: its bye) or crashes (gone without a word): the table created it with
    // the feature open-seat, so the server wrote it at its creation and the server started
    // again on the same games folder has it. The table keeps it (Hosting, the banner says the
    // server is away and keeps the game), takes it back by itself with its token once the
    // server is back (no click), and a player who joins then plays it with the table.
    void openGameTakenBackAfterRestart_data()
    {
        QTest::addColumn<bool>("crash");
        QTest::newRow("shutdown") << false;
        QTest::newRow("crash") << true;
    }
    void openGameTakenBackAfterRestart()
    {
        QFETCH(bool, crash);
        NetGame::forgetClubSeat();
        QTemporaryDir games;
        QString error;
        auto server = std::make_unique<net::ClubServer>(test::db());
        server->setGamesDir(games.path());
        QVERIFY2(server->listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        const quint16 port = server->port();
        Side dave;
        dave.window.show();
        dave.net()->setReplyTimeout(20000);
        dave.net()->clubCreate(kLoopback, port, test::duelSetup());
        QTRY_VERIFY_WITH_TIMEOUT(dave.net()->clubGameId() > 0, 20000);
        const int id = dave.net()->clubGameId();
        // Saved at its creation: its seats say open (the table said open-seat).
        QTRY_VERIFY_WITH_TIMEOUT(QFile(server->seatsPath(id)).exists(), 5000);
        QVERIFY(QFile(server->gamePath(id)).exists());

        if (crash) {
            server.reset(); // its sockets closed at once: no bye, nothing saved now
        } else {
            QSignalSpy closed(server.get(), &net::ClubServer::closed);
            server->shutdown(500);
            QTRY_VERIFY_WITH_TIMEOUT(!closed.isEmpty(), 20000);
            server.reset();
        }
        const QString away = QStringLiteral("It keeps game %1 open: this computer takes it back "
                                            "by itself when the server is back")
                                 .arg(id);
        QTRY_VERIFY2_WITH_TIMEOUT(dave.banner().contains(away), qPrintable(dave.banner()), 20000);
        QCOMPARE(dave.net()->stage(), NetGame::Stage::Hosting);
        QCOMPARE(dave.net()->clubGameId(), id);
        QVERIFY2(dave.table->network()->chat()->transcript().contains(
                     QStringLiteral("It keeps game %1 open").arg(id)),
                 qPrintable(dave.table->network()->chat()->transcript()));
        if (!crash) {
            dave.window.resize(1280, 720);
            test::shot(&dave.window, QStringLiteral("clubgui-open-game-away"));
        }
        // A try or two while the server is away: the banner says why the last one failed.
        QTRY_VERIFY2_WITH_TIMEOUT(dave.banner().contains(QStringLiteral("Last try:")),
                                  qPrintable(dave.banner()), 20000);
        QCOMPARE(dave.net()->stage(), NetGame::Stage::Hosting);

        server = std::make_unique<net::ClubServer>(test::db());
        server->setGamesDir(games.path());
        QCOMPARE(server->takeUpSavedGames(), 1);
        QVERIFY2(server->listen(QHostAddress::LocalHost, port, &error), qPrintable(error));
        QCOMPARE(server->openGames(), 1);
        // Taken back without a click: open again, offered to the club.
        QTRY_VERIFY2_WITH_TIMEOUT(
            dave.banner().contains(QStringLiteral("Game %1 is open on the club server").arg(id)),
            qPrintable(dave.banner()), 40000);
        QVERIFY2(dave.table->network()->chat()->transcript().contains(
                     QStringLiteral("is back: game %1 is open again").arg(id)),
                 qPrintable(dave.table->network()->chat()->transcript()));
        Headless eve;
        std::optional<std::vector<net::ClubGameInfo>> open;
        net::ClubClient lister;
        QObject::connect(&lister, &net::ClubClient::games,
                         [&](const std::vector<net::ClubGameInfo> &g) { open = g; });
        lister.list(kLoopback, port);
        QTRY_VERIFY_WITH_TIMEOUT(open.has_value(), 20000);
        QCOMPARE(open->size(), std::size_t(1));
        QCOMPARE(open->front().id, id);
        eve.client.join(kLoopback, port, id, QStringLiteral("Eve"),
                        fleetOf(QStringLiteral("venusian"), QStringLiteral("shan-yu")));
        QTRY_COMPARE_WITH_TIMEOUT(dave.net()->stage(), NetGame::Stage::Playing, 20000);
        QCOMPARE(dave.net()->clubGameId(), id);
        QCOMPARE(dave.net()->side(), 0);
        RandomPlayer r(17);
        playUntil(dave, eve, r, 4);
        QVERIFY(dave.controller()->game()->history().size() >= 4);
        QCOMPARE(dave.controller()->game()->history(), eve.session->game()->history());
        dave.net()->leave();
        GameController::discardAutosave(NetGame::kAutosaveName);
    }

    // Errors are shown in the dialog: nobody listening, a program that is not a club server,
    // a server that refuses; never an exception.
    void lobbyErrors()
    {
        quint16 freePort = 0;
        {
            QTcpServer probe;
            QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
            freePort = probe.serverPort();
        }
        ClubLobbyDialog lobby(test::db());
        QSignalSpy listed(&lobby, &ClubLobbyDialog::listed);
        lobby.setServer(QString(), 1);
        lobby.refresh();
        QVERIFY(lobby.statusLabel()->text().contains(QStringLiteral("address")));
        lobby.setServer(kLoopback, freePort);
        listed.clear();
        lobby.refresh();
        QTRY_VERIFY_WITH_TIMEOUT(!listed.isEmpty(), 20000);
        QVERIFY(!lobby.connected());
        QVERIFY2(lobby.statusLabel()->text().startsWith(QStringLiteral("Not connected: cannot "
                                                                       "connect")),
                 qPrintable(lobby.statusLabel()->text()));
        QVERIFY(!lobby.createButton()->isEnabled());

        // Another program on the port: it answers with something that is not the protocol.
        QTcpServer other;
        QVERIFY(other.listen(QHostAddress::LocalHost, 0));
        connect(&other, &QTcpServer::newConnection, &other, [&other] {
            QTcpSocket *s = other.nextPendingConnection();
            s->write(QByteArray("\0\0\0\x05hello", 9));
        });
        lobby.setServer(kLoopback, other.serverPort());
        listed.clear();
        lobby.refresh();
        QTRY_VERIFY_WITH_TIMEOUT(!listed.isEmpty(), 20000);
        QVERIFY(!lobby.connected());
        QVERIFY2(lobby.statusLabel()->text().contains(QStringLiteral("the club server's answer")),
                 qPrintable(lobby.statusLabel()->text()));

        // A server of another version refuses the question (an error message).
        QTcpServer newer;
        QVERIFY(newer.listen(QHostAddress::LocalHost, 0));
        connect(&newer, &QTcpServer::newConnection, &newer, [&newer] {
            QTcpSocket *s = newer.nextPendingConnection();
            s->write(net::encodeFrame(net::Message::withText(
                net::MessageType::Error, QStringLiteral("protocol 2 required"))));
        });
        lobby.setServer(kLoopback, newer.serverPort());
        listed.clear();
        lobby.refresh();
        QTRY_VERIFY_WITH_TIMEOUT(!listed.isEmpty(), 20000);
        QVERIFY2(lobby.statusLabel()->text().contains(QStringLiteral("protocol 2 required")),
                 qPrintable(lobby.statusLabel()->text()));

        // An older server refuses the fields it does not know: asked again without them, its
        // open games are listed, and the lobby says it lists only those.
        QTcpServer older;
        QVERIFY(older.listen(QHostAddress::LocalHost, 0));
        connect(&older, &QTcpServer::newConnection, &older, [&older] {
            QTcpSocket *s = older.nextPendingConnection();
            auto reader = std::make_shared<net::FrameReader>();
            connect(s, &QTcpSocket::readyRead, s, [s, reader] {
                for (const auto &item : reader->feed(s->readAll()))
                    s->write(net::encodeFrame(
                        item.payload.contains("\"all\"")
                            ? net::Message::withText(net::MessageType::Error,
                                                     QStringLiteral("club-list: unknown field "
                                                                    "'all'"))
                            : net::Message::clubGames({net::ClubGameInfo {
                                4, QStringLiteral("Ann"), QStringLiteral("skirmish"),
                                QStringLiteral("v1.2.2")}})));
            });
        });
        lobby.setServer(kLoopback, older.serverPort());
        listed.clear();
        lobby.refresh();
        QTRY_VERIFY_WITH_TIMEOUT(!listed.isEmpty(), 20000);
        QVERIFY2(lobby.connected(), qPrintable(lobby.statusLabel()->text()));
        QVERIFY(!lobby.listedAll());
        QCOMPARE(lobby.gameList()->topLevelItemCount(), 1);
        QCOMPARE(lobby.gameList()->topLevelItem(0)->text(ClubLobbyDialog::kPlayersColumn),
                 QStringLiteral("Ann"));
        QVERIFY2(lobby.statusLabel()->text().contains(QStringLiteral("lists only its open games")),
                 qPrintable(lobby.statusLabel()->text()));
        // It announces nothing: asked again every few seconds, as before.
        QVERIFY(!lobby.pushed());
        QVERIFY2(lobby.statusLabel()->text().contains(QStringLiteral("asked again every few")),
                 qPrintable(lobby.statusLabel()->text()));
        listed.clear();
        QTRY_VERIFY_WITH_TIMEOUT(!listed.isEmpty(), ClubLobbyDialog::kRefreshMs + 10000);
        QVERIFY(lobby.connected());
    }

    // The table creates a game on the server, a headless client joins and both play; a
    // spectator watches; a drop pauses both and each takes its seat again; Leave ends it.
    void tableCreatesAndPlays()
    {
        net::ClubServer server(test::db());
        QString error;
        QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));

        Side gui;
        gui.window.show();
        gui.net()->setReplyTimeout(20000);
        ClubLobbyDialog lobby(test::db());
        lobby.setServer(kLoopback, server.port());
        lobby.chooseCreate(test::duelSetup());
        QCOMPARE(lobby.result(), int(QDialog::Accepted));
        QCOMPARE(lobby.choice(), ClubLobbyDialog::Choice::Create);
        gui.net()->clubCreate(lobby.address(), lobby.port(), *lobby.createdSetup());
        QCOMPARE(gui.net()->stage(), NetGame::Stage::Hosting);
        QTRY_VERIFY_WITH_TIMEOUT(gui.net()->clubGameId() > 0, 20000);
        QCOMPARE(server.openGames(), 1);
        QVERIFY2(
            gui.banner().contains(
                QStringLiteral("Game %1 is open on the club server").arg(gui.net()->clubGameId())),
            qPrintable(gui.banner()));
        QVERIFY(gui.table->network()->banner()->isVisibleTo(&gui.window));

        Headless eve;
        eve.client.join(kLoopback, server.port(), gui.net()->clubGameId(), QStringLiteral("Eve"),
                        fleetOf(QStringLiteral("venusian"), QStringLiteral("shan-yu")));
        QTRY_COMPARE_WITH_TIMEOUT(gui.net()->stage(), NetGame::Stage::Playing, 20000);
        QCOMPARE(gui.net()->side(), 0);
        QCOMPARE(eve.side, 1);
        QVERIFY(gui.controller()->isNetworkGame());
        QCOMPARE(gui.controller()->playerName(1), QStringLiteral("Eve"));
        QCOMPARE(gui.net()->peerName(), QStringLiteral("Eve"));
        QCOMPARE(server.runningGames(), 1);

        RandomPlayer r(11);
        playUntil(gui, eve, r, 4);
        // A spectator: the table, read-only, and the public events of the agreed commands.
        auto *watcher = new ClubWatchWindow(kLoopback, server.port(), gui.net()->clubGameId());
        watcher->setAttribute(Qt::WA_DeleteOnClose, false);
        std::unique_ptr<ClubWatchWindow> watch(watcher);
        watch->show();
        QTRY_VERIFY_WITH_TIMEOUT(watch->events()->count() > 0, 20000);
        QVERIFY(watch->events()->item(0)->text().startsWith(QStringLiteral("Start · ")));
        QTRY_VERIFY_WITH_TIMEOUT(watch->boardSeq() >= 0, 20000);
        QCOMPARE(watch->scene()->modelItemCount(), 2);
        QVERIFY2(watch->boardLabel()->text().contains(QStringLiteral("Dave vs Eve")),
                 qPrintable(watch->boardLabel()->text()));
        QVERIFY(watch->boardLabel()->text().contains(QStringLiteral("read-only")));
        const int firstSeq = watch->boardSeq();
        std::vector<QPointF> before;
        for (const ModelState &m : watch->boardState().models)
            before.push_back(watch->scene()->modelItem(m.id)->pos());
        // No command can be sent from it: no button but Close, and a click on a model only
        // selects it.
        const auto buttons = watch->findChildren<QPushButton *>();
        QCOMPARE(buttons.size(), qsizetype(1));
        const auto historyBefore = gui.controller()->game()->history().size();
        Q_EMIT watch->scene()->modelClicked(0, Qt::NoModifier);
        QCOMPARE(watch->scene()->selectedModel(), 0);
        QCOMPARE(gui.controller()->game()->history().size(), historyBefore);

        // The lobby lists the game under way: its players, fleets, turn and spectator.
        {
            ClubLobbyDialog lister(test::db());
            lister.setServer(kLoopback, server.port());
            lister.setPlayerName(QStringLiteral("Zoe"));
            QSignalSpy listed(&lister, &ClubLobbyDialog::listed);
            lister.refresh();
            QTRY_VERIFY_WITH_TIMEOUT(!listed.isEmpty(), 20000);
            QVERIFY(lister.connected());
            QCOMPARE(lister.gameList()->topLevelItemCount(), 1);
            QTreeWidgetItem *item = lister.gameList()->topLevelItem(0);
            QCOMPARE(item->text(0), QString::number(gui.net()->clubGameId()));
            QCOMPARE(item->text(ClubLobbyDialog::kStatusColumn), QStringLiteral("Under way"));
            QCOMPARE(item->text(ClubLobbyDialog::kPlayersColumn), QStringLiteral("Dave vs Eve"));
            QVERIFY2(item->text(ClubLobbyDialog::kFleetsColumn).count(QStringLiteral("250")) == 2,
                     qPrintable(item->text(ClubLobbyDialog::kFleetsColumn)));
            QCOMPARE(item->text(ClubLobbyDialog::kSpectatorsColumn), QStringLiteral("1"));
            QVERIFY(!item->text(ClubLobbyDialog::kTurnColumn).isEmpty());
            QVERIFY(lister.statusLabel()->text().contains(QStringLiteral("no open game")));
            lister.gameList()->setCurrentItem(item);
            QVERIFY(!lister.joinButton()->isEnabled()); // under way: not to join
            QVERIFY(lister.watchButton()->isEnabled());
            QCOMPARE(lister.watchNumber()->value(), gui.net()->clubGameId());
            lister.show();
            test::shot(&lister, QStringLiteral("clublobby-underway"));
            lister.watchButton()->click();
            QCOMPARE(lister.choice(), ClubLobbyDialog::Choice::Watch);
            QCOMPARE(lister.gameId(), gui.net()->clubGameId());
        }

        playUntil(gui, eve, r, 10);
        const auto agreed = gui.controller()->game()->history().size();
        // The spectator's board follows the game: the models where the players' tables have
        // them, moved since the first board.
        QTRY_COMPARE_WITH_TIMEOUT(watch->boardSeq(), int(agreed), 20000);
        QVERIFY(watch->boardSeq() > firstSeq);
        bool moved = false;
        for (const ModelState &m : gui.controller()->game()->state().models) {
            const ModelState &shown = watch->boardState().models[std::size_t(m.id)];
            QCOMPARE(shown.location, m.location);
            QCOMPARE(shown.structureLost, m.structureLost);
            if (!m.onTable())
                continue;
            QCOMPARE(shown.placement.centre(), m.placement.centre());
            QVERIFY(watch->scene()->modelItem(m.id));
            moved = moved || watch->scene()->modelItem(m.id)->pos() != before[std::size_t(m.id)];
        }
        QVERIFY2(moved, "the spectator's table shows the models moving");
        test::shot(watch.get(), QStringLiteral("clubwatch"));
        QVERIFY(agreed >= 6);
        bool both[2] = {false, false};
        for (const GameRecordEntry &e : gui.controller()->game()->history())
            both[e.player] = true;
        QVERIFY(both[0] && both[1]);
        QCOMPARE(gui.controller()->game()->history(), eve.session->game()->history());
        // The spectator saw every agreed command's events (no delay on this server).
        QTRY_VERIFY_WITH_TIMEOUT(watch->events()
                                         ->item(watch->events()->count() - 1)
                                         ->text()
                                         .startsWith(QStringLiteral("Command %1 · ").arg(agreed))
                                     || gui.controller()->game()->log().back().empty(),
                                 20000);
        QVERIFY(!watch->ended());

        // A spectator who comes late catches up: the game so far, line for line what the first
        // window shows, and the table of now; with a bound, the latest lines only, after one
        // (in italics) saying how many are left out.
        {
            std::unique_ptr<ClubWatchWindow> late(
                new ClubWatchWindow(kLoopback, server.port(), gui.net()->clubGameId()));
            late->setAttribute(Qt::WA_DeleteOnClose, false);
            QTRY_COMPARE_WITH_TIMEOUT(late->boardSeq(), int(agreed), 20000);
            QTRY_COMPARE_WITH_TIMEOUT(late->events()->count(), watch->events()->count(), 20000);
            for (int i = 0; i < watch->events()->count(); ++i)
                QCOMPARE(late->events()->item(i)->text(), watch->events()->item(i)->text());
            QCOMPARE(late->scene()->modelItemCount(), 2);
            server.setSpectatorCatchUpLimit(3);
            std::unique_ptr<ClubWatchWindow> bounded(
                new ClubWatchWindow(kLoopback, server.port(), gui.net()->clubGameId()));
            bounded->setAttribute(Qt::WA_DeleteOnClose, false);
            QTRY_COMPARE_WITH_TIMEOUT(bounded->boardSeq(), int(agreed), 20000);
            QCOMPARE(bounded->events()->count(), 4);
            QVERIFY2(bounded->events()->item(0)->text().contains(
                         QStringLiteral("%1 earlier events").arg(watch->events()->count() - 3)),
                     qPrintable(bounded->events()->item(0)->text()));
            QVERIFY(bounded->events()->item(0)->font().italic());
            for (int i = 1; i < 4; ++i)
                QCOMPARE(bounded->events()->item(i)->text(),
                         watch->events()->item(watch->events()->count() - 4 + i)->text());
            server.setSpectatorCatchUpLimit(net::ClubServer::kMaxCatchUpEvents);
        }

        // Chat through the server.
        ChatPanel *chat = gui.table->network()->chat();
        QSignalSpy heard(eve.session.get(), &net::NetSession::chatReceived);
        chat->input()->setText(QStringLiteral("good luck, Eve"));
        QTest::mouseClick(chat->sendButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!heard.isEmpty(), 20000);
        QCOMPARE(heard.front().front().toString(), QStringLiteral("good luck, Eve"));

        // Eve's connection drops: the server pauses the game for both; the table takes its
        // seat again by itself and waits for Eve, who comes back with her token.
        QTcpSocket *socket = eve.session->findChild<QTcpSocket *>();
        QVERIFY(socket);
        QSignalSpy paused(&server, &net::ClubServer::gamePaused);
        socket->abort();
        QTRY_VERIFY_WITH_TIMEOUT(!paused.isEmpty(), 20000);
        QTRY_VERIFY_WITH_TIMEOUT(gui.banner().contains(QStringLiteral("waiting for Eve to take "
                                                                      "their seat again")),
                                 20000);
        QVERIFY(gui.net()->waiting());
        // Longer than the reply timeout: the table still waits.
        gui.net()->setReplyTimeout(300);
        QTest::qWait(800);
        QCOMPARE(gui.net()->stage(), NetGame::Stage::Starting);
        gui.net()->setReplyTimeout(20000);
        eve.rejoin(server.port());
        QTRY_COMPARE_WITH_TIMEOUT(gui.net()->stage(), NetGame::Stage::Playing, 20000);
        QCOMPARE(gui.controller()->game()->history().size(), agreed);
        playUntil(gui, eve, r, agreed + 3);
        QCOMPARE(gui.controller()->game()->history(), eve.session->game()->history());
        test::shot(&gui.window, QStringLiteral("clubgui-table"));

        // The saved game's dice verify.
        const GameFile::DiceCheck check = GameFile::verifyDice(*gui.controller()->game());
        QVERIFY2(check.ok(), qPrintable(check.problems.join(QLatin1Char('\n'))));

        // Leave: the game ends for Eve and the spectator.
        gui.net()->leave();
        QCOMPARE(gui.net()->stage(), NetGame::Stage::None);
        QVERIFY(gui.controller()->hasGame());
        QTRY_COMPARE_WITH_TIMEOUT(eve.session->status(), net::NetSession::Status::Over, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(watch->ended(), 20000);
    }

    // Through the menu, as a player does: one table's Connect to Club Server… creates a game
    // (the lobby, then Create Game…'s dialog), another's joins it (the lobby lists it, Join
    // Game…'s dialog); the two tables play each other through the server.
    void menuCreatesAndJoins()
    {
        net::ClubServer server(test::db());
        QString error;
        QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        const quint16 port = server.port();
        Side dave, eve;
        dave.window.show();
        eve.window.show();
        dave.net()->setReplyTimeout(20000);
        eve.net()->setReplyTimeout(20000);
        {
            jwtest::ModalDriver driver([&](QWidget *w) {
                if (auto *lobby = qobject_cast<ClubLobbyDialog *>(w)) {
                    connectThenClick(lobby, port, QStringLiteral("Dave"),
                                     &ClubLobbyDialog::createButton);
                    return true;
                }
                if (auto *create = qobject_cast<ClubCreateDialog *>(w)) {
                    if (create->playerName(0) != QStringLiteral("Dave"))
                        return false;
                    create->setFleet(
                        0, fleetOf(QStringLiteral("jovian"), QStringLiteral("alexander")));
                    QTimer::singleShot(0, create, &QDialog::accept);
                    return true;
                }
                return false;
            });
            dave.table->network()->clubAction()->trigger();
            QVERIFY2(driver.unexpected().isEmpty(), qPrintable(driver.unexpected().join(u',')));
            QVERIFY2(driver.seen().first() == QStringLiteral("jw::ClubLobbyDialog")
                         && driver.seen().count(QStringLiteral("jw::ClubCreateDialog")) == 1
                         && driver.seen().count(QStringLiteral("jw::ClubLobbyDialog"))
                             == driver.seen().size() - 1,
                     qPrintable(driver.seen().join(u',')));
        }
        QCOMPARE(dave.net()->stage(), NetGame::Stage::Hosting);
        QVERIFY(dave.net()->club());
        QTRY_VERIFY_WITH_TIMEOUT(dave.net()->clubGameId() > 0, 20000);
        {
            jwtest::ModalDriver driver([&](QWidget *w) {
                if (auto *lobby = qobject_cast<ClubLobbyDialog *>(w)) {
                    connectThenClick(lobby, port, QStringLiteral("Eve"),
                                     &ClubLobbyDialog::joinButton);
                    return true;
                }
                if (auto *join = qobject_cast<ClubJoinDialog *>(w)) {
                    // The creator's game: its name and rules shown, ours to choose.
                    if (join->playerName(0) != QStringLiteral("Dave")
                        || join->playerName(1) != QStringLiteral("Eve"))
                        return false;
                    join->setFleet(1,
                                   fleetOf(QStringLiteral("venusian"), QStringLiteral("shan-yu")));
                    QTimer::singleShot(0, join, &QDialog::accept);
                    return true;
                }
                return false;
            });
            eve.table->network()->clubAction()->trigger();
            QVERIFY2(driver.unexpected().isEmpty(), qPrintable(driver.unexpected().join(u',')));
            // The lobby (seen again when it is active once more, under load), one join dialog.
            QVERIFY2(driver.seen().first() == QStringLiteral("jw::ClubLobbyDialog")
                         && driver.seen().count(QStringLiteral("jw::ClubJoinDialog")) == 1
                         && driver.seen().count(QStringLiteral("jw::ClubLobbyDialog"))
                             == driver.seen().size() - 1,
                     qPrintable(driver.seen().join(u',')));
        }
        QTRY_COMPARE_WITH_TIMEOUT(dave.net()->stage(), NetGame::Stage::Playing, 20000);
        QTRY_COMPARE_WITH_TIMEOUT(eve.net()->stage(), NetGame::Stage::Playing, 20000);
        QCOMPARE(dave.net()->clubGameId(), eve.net()->clubGameId());
        QCOMPARE(dave.controller()->playerName(1), QStringLiteral("Eve"));
        QCOMPARE(eve.controller()->playerName(0), QStringLiteral("Dave"));
        QCOMPARE(eve.net()->side(), 1);

        // Each table plays on its turns; the other waits.
        RandomPlayer r0(5), r1(6);
        for (int step = 0; step < 10; ++step) {
            const GameState &s = dave.controller()->state();
            if (s.phase == Phase::Over)
                break;
            const int who = s.pending ? s.pending->request.player : s.toAct;
            Side &mine = who == 0 ? dave : eve;
            QTRY_VERIFY_WITH_TIMEOUT(mine.net()->session()->myTurn(), 20000);
            QVERIFY((who == 0 ? eve : dave).net()->waiting());
            const auto c = (who == 0 ? r0 : r1)
                               .choose(mine.controller()->engine(), mine.controller()->state());
            QVERIFY(c);
            QVERIFY(mine.controller()->apply(*c));
            QTRY_VERIFY_WITH_TIMEOUT(dave.net()->session()->game()->history().size()
                                             == eve.net()->session()->game()->history().size()
                                         && dave.controller()->game()->history().size()
                                             == dave.net()->session()->game()->history().size()
                                         && eve.controller()->game()->history().size()
                                             == eve.net()->session()->game()->history().size()
                                         && (dave.net()->session()->myTurn()
                                             || eve.net()->session()->myTurn()
                                             || dave.controller()->state().phase == Phase::Over),
                                     20000);
        }
        QVERIFY(dave.controller()->game()->history().size() >= 5);
        QCOMPARE(dave.controller()->game()->history(), eve.controller()->game()->history());
        QCOMPARE(GameFile::serialize(*dave.controller()->game()),
                 GameFile::serialize(*eve.controller()->game()));
    }

    // The program quits in the middle of a club game (or crashes): its seat and its autosaved
    // game are kept; started again, the lobby offers the seat, and the game goes on from the
    // last command both agreed on. Leaving forgets the seat.
    void resumeAfterRestart()
    {
        NetGame::forgetClubSeat();
        GameController::discardAutosave(NetGame::kAutosaveName);
        net::ClubServer server(test::db());
        QString error;
        QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        Headless dave;
        QSignalSpy created(&dave.client, &net::ClubClient::created);
        dave.client.create(kLoopback, server.port(), test::duelSetup());
        QTRY_VERIFY_WITH_TIMEOUT(!created.isEmpty(), 20000);

        auto eve = std::make_unique<Side>();
        eve->controller()->setAutosaveEnabled(true);
        eve->net()->setReplyTimeout(20000);
        eve->net()->clubJoin(kLoopback, server.port(), dave.client.id(), QStringLiteral("Eve"),
                             fleetOf(QStringLiteral("venusian"), QStringLiteral("shan-yu")));
        QTRY_COMPARE_WITH_TIMEOUT(eve->net()->stage(), NetGame::Stage::Playing, 20000);
        RandomPlayer r(12);
        playUntil(*eve, dave, r, 4);
        const auto history = eve->controller()->game()->history();
        QVERIFY(history.size() >= 4);
        const auto seat = NetGame::savedClubSeat();
        QVERIFY(seat);
        QCOMPARE(seat->id, dave.client.id());
        QCOMPARE(seat->side, 1);
        QCOMPARE(seat->port, server.port());
        QCOMPARE(seat->peer, QStringLiteral("Dave"));
        QVERIFY(GameController::hasAutosave(NetGame::kAutosaveName));

        // The program goes: its connection drops, the server pauses the game, Dave's client
        // takes its seat again.
        QSignalSpy paused(&server, &net::ClubServer::gamePaused);
        eve.reset();
        QTRY_VERIFY_WITH_TIMEOUT(!paused.isEmpty(), 20000);
        QTRY_COMPARE_WITH_TIMEOUT(dave.session->status(), net::NetSession::Status::Paused, 20000);
        dave.rejoin(server.port());

        // Started again: the lobby offers the seat.
        Side again;
        again.controller()->setAutosaveEnabled(true);
        again.net()->setReplyTimeout(20000);
        ClubLobbyDialog lobby(test::db());
        QVERIFY(!lobby.resumeButton()->isVisibleTo(&lobby));
        lobby.setSavedSeat(NetGame::savedClubSeat());
        QVERIFY(lobby.resumeButton()->isVisibleTo(&lobby));
        QVERIFY(lobby.findChild<QLabel *>(QStringLiteral("clubSeat"))
                    ->text()
                    .contains(QStringLiteral("game %1").arg(seat->id)));
        // The lobby lists the paused game, and says the seat's game waits for its players.
        lobby.setServer(kLoopback, server.port());
        QSignalSpy listed(&lobby, &ClubLobbyDialog::listed);
        lobby.refresh();
        QTRY_VERIFY_WITH_TIMEOUT(!listed.isEmpty(), 20000);
        QCOMPARE(lobby.gameList()->topLevelItemCount(), 1);
        QCOMPARE(lobby.gameList()->topLevelItem(0)->text(ClubLobbyDialog::kStatusColumn),
                 QStringLiteral("Paused"));
        QVERIFY2(lobby.findChild<QLabel *>(QStringLiteral("clubSeat"))
                     ->text()
                     .contains(QStringLiteral("paused after command %1").arg(history.size())),
                 qPrintable(lobby.findChild<QLabel *>(QStringLiteral("clubSeat"))->text()));
        lobby.resumeButton()->click();
        QCOMPARE(lobby.choice(), ClubLobbyDialog::Choice::Resume);
        again.net()->clubResume(*lobby.savedSeat(),
                                GameController::autosavePath(NetGame::kAutosaveName));
        QVERIFY2(again.banner().contains(QStringLiteral("Taking your seat in game")),
                 qPrintable(again.banner()));
        QTRY_COMPARE_WITH_TIMEOUT(again.net()->stage(), NetGame::Stage::Playing, 20000);
        QCOMPARE(again.net()->side(), 1);
        QCOMPARE(again.controller()->game()->history(), history);
        QCOMPARE(dave.session->game()->history(), history);
        playUntil(again, dave, r, history.size() + 3);
        QCOMPARE(again.controller()->game()->history(), dave.session->game()->history());
        QVERIFY(again.controller()->game()->history().size() > history.size());

        again.net()->leave();
        QVERIFY(!NetGame::savedClubSeat());
        QTRY_COMPARE_WITH_TIMEOUT(dave.session->status(), net::NetSession::Status::Over, 20000);
        GameController::discardAutosave(NetGame::kAutosaveName);
    }

    // A v1.2.4 club game between a table and jwfleet-cli (club-join joining the table's game,
    // or the table joining club-host's), masked (docs/network.md, "Masked games through the
    // club server"): the table's game holds the other side's hidden models as stand-ins, kept
    // from its player, until the rules reveal them; every frame the table is sent passes a tap,
    // and none names a card (unit id, unit or model name) of the other's hidden models before
    // the frame that reveals it. At the end the table holds the whole game, the one the CLI and
    // the server saved, byte for byte, whose dice and reveals verify.
    void maskedGameWithCli_data()
    {
        QTest::addColumn<bool>("tableCreates");
        QTest::newRow("table creates, club-join joins") << true;
        QTest::newRow("club-host creates, table joins") << false;
    }
    void maskedGameWithCli()
    {
        QFETCH(bool, tableCreates);
        const GameScript script
            = GameScriptReader::read(QStringLiteral(JW_MASKED_SCRIPT), test::db());
        QVERIFY(script.ok());
        const GameSetup &full = script.setup;
        QTemporaryDir dir;
        net::ClubServer server(test::db());
        server.setGamesDir(dir.path());
        QStringList log;
        QObject::connect(&server, &net::ClubServer::logLine, [&](const QString &l) { log << l; });
        QString error;
        QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        net::test::Tap tap(server.port()); // the table's connection to the server

        Side gui;
        gui.window.show();
        gui.net()->setReplyTimeout(20000);
        const QString cliFile = dir.filePath(QStringLiteral("cli.jwgame"));
        QProcess cli;
        cli.setProcessChannelMode(QProcess::MergedChannels);
        auto cliArgs = [&](const char *mode) {
            return QStringList {QString::fromLatin1(mode),   QStringLiteral(JW_MASKED_SCRIPT),
                                QStringLiteral("--port"),    QString::number(server.port()),
                                QStringLiteral("--random"),  QStringLiteral("7"),
                                QStringLiteral("--save"),    cliFile,
                                QStringLiteral("--timeout"), QStringLiteral("30000")};
        };
        if (tableCreates) {
            gui.net()->clubCreate(kLoopback, tap.port(), full);
            QTRY_VERIFY_WITH_TIMEOUT(gui.net()->clubGameId() > 0, 20000);
            cli.start(QStringLiteral(JW_CLI_PATH),
                      cliArgs("club-join")
                          << QStringLiteral("--game") << QString::number(gui.net()->clubGameId()));
        } else {
            cli.start(QStringLiteral(JW_CLI_PATH), cliArgs("club-host"));
            QTRY_COMPARE_WITH_TIMEOUT(server.openGames(), 1, 20000);
            gui.net()->clubJoin(kLoopback, tap.port(), 1, full.players[1].name,
                                full.players[1].fleet);
        }
        QTRY_COMPARE_WITH_TIMEOUT(gui.net()->stage(), NetGame::Stage::Playing, 30000);
        const int me = gui.net()->side();
        const int other = 1 - me;
        QCOMPARE(me, tableCreates ? 0 : 1);
        QVERIFY(gui.net()->masked());
        QVERIFY(gui.controller()->game()->setup().masked);
        const QString peer = full.players[std::size_t(other)].name;
        QVERIFY2(gui.table->network()->chat()->transcript().contains(
                     QStringLiteral("Hidden models are masked: this computer knows %1's models In "
                                    "Reserve or Embarked only as commitments")
                         .arg(peer)),
                 qPrintable(gui.table->network()->chat()->transcript()));

        // The table plays its turns of the script's commands, as the CLI does its own (the
        // Pathfinder's Embark sealed, the Far Scout In Reserve), then random legal commands, the
        // CLI its own, to the end.
        RandomPlayer r(31);
        int standIns = 0; // the other's models seen as stand-ins, kept from this player
        for (int step = 0; step < 3000; ++step) {
            QTRY_VERIFY_WITH_TIMEOUT(gui.net()->session()->myTurn()
                                         || gui.net()->session()->status()
                                             != net::NetSession::Status::Playing,
                                     30000);
            const Game &g = *gui.controller()->game();
            for (const ModelState &m : g.state().models)
                if (m.owner == other && isStandInUnit(m.unitId)) {
                    QVERIFY(isKeptFrom(g.engine(), g.state(), m.id, me));
                    ++standIns;
                }
            if (g.history().size() == script.commands.size() - 1)
                test::shot(&gui.window, QStringLiteral("clubgui-masked-side%1").arg(me + 1));
            if (!gui.net()->session()->myTurn())
                break;
            QCOMPARE(g.history().size(), gui.net()->session()->game()->history().size());
            const auto c = g.history().size() < script.commands.size()
                ? std::optional<Command>(script.commands[g.history().size()].command)
                : r.choose(g.engine(), gui.net()->session()->stateToAnswer());
            QVERIFY(c);
            const auto before = g.history().size();
            if (!gui.controller()->apply(*c))
                continue;
            QTRY_VERIFY_WITH_TIMEOUT(
                gui.controller()->game()->history().size() > before
                    || gui.net()->session()->status() != net::NetSession::Status::Playing
                    || (gui.net()->session()->myTurn()
                        && gui.net()->session()->game()->history().size() == before),
                30000);
        }
        QVERIFY(standIns > 0);
        QTRY_COMPARE_WITH_TIMEOUT(gui.net()->session()->status(), net::NetSession::Status::Over,
                                  30000);
        // (The server is in this process: the test waits with its event loop running.)
        QTRY_COMPARE_WITH_TIMEOUT(cli.state(), QProcess::NotRunning, 60000);
        const QByteArray cliOut = cli.readAll();
        QVERIFY2(cli.exitCode() == 0, cliOut.right(600).constData());
        QVERIFY2(cliOut.contains("hidden models are masked in this game"), cliOut.constData());
        QVERIFY2(cliOut.contains("over: the game is over"), cliOut.constData());
        QCOMPARE(gui.controller()->state().phase, Phase::Over);
        const QString all = log.join(QLatin1Char('\n'));
        QVERIFY2(all.contains(QStringLiteral("game 1: hidden models are masked (v1.2.4 secret "
                                             "information)")),
                 qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("game 1: the masked game is over: every model "
                                             "revealed")),
                 qPrintable(all));
        QCOMPARE(server.refusedMessages(), 0);

        // The whole game on the table: the CLI's and the server's saved game, byte for byte.
        const Game &whole = *gui.controller()->game();
        QVERIFY(!whole.setup().masked);
        QCOMPARE(whole.setup().players, full.players);
        const QByteArray saved = GameFile::serialize(whole, std::nullopt);
        QFile cliSaved(cliFile);
        QVERIFY(cliSaved.open(QIODevice::ReadOnly));
        QCOMPARE(cliSaved.readAll(), saved);
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                QFile f(server.gamePath(1));
                return f.open(QIODevice::ReadOnly) && f.readAll() == saved;
            }(),
            10000);
        const GameFile::DiceCheck verified = GameFile::verifyDice(whole);
        QVERIFY2(verified.ok(), qPrintable(verified.problems.join(QLatin1Char('\n'))));
        QVERIFY(verified.masked);
        QCOMPARE(verified.maskedModels, 4);

        // What the table was sent: no card of the other's hidden models before its reveal.
        QStringList own;
        for (const FleetEntry &e : full.players[std::size_t(me)].fleet.entries)
            own << QStringLiteral("\"%1\"").arg(e.unitId)
                << QStringLiteral("\"%1\"").arg(full.unit(e.unitId)->name)
                << QStringLiteral("\"%1\"").arg(e.name);
        std::map<int, QStringList> secret; // by model id: words no card of ours has
        const int first = other == 0 ? 0 : int(full.players[0].fleet.entries.size());
        const auto &entries = full.players[std::size_t(other)].fleet.entries;
        for (std::size_t i = 0; i < entries.size(); ++i) {
            QStringList words {QStringLiteral("\"%1\"").arg(entries[i].unitId),
                               QStringLiteral("\"%1\"").arg(full.unit(entries[i].unitId)->name)};
            if (!entries[i].name.isEmpty())
                words << QStringLiteral("\"%1\"").arg(entries[i].name);
            for (const QString &w : words)
                if (!own.contains(w))
                    secret[first + int(i)] << w;
        }
        QVERIFY(!secret.empty());
        std::set<int> revealed;
        std::set<QString> seen;
        int setups = 0;
        for (const net::test::Tap::Frame &f : tap.frames) {
            if (f.from != 1) // the server's frames to the table
                continue;
            setups += f.message.type == net::MessageType::GameSetup ? 1 : 0;
            for (const HiddenReveal &rv : f.message.reveals)
                revealed.insert(rv.model);
            for (const auto &[model, words] : secret)
                for (const QString &w : words) {
                    if (!f.payload.contains(w.toUtf8()))
                        continue;
                    QVERIFY2(revealed.count(model),
                             qPrintable(QStringLiteral("the table was sent %1 (model %2) before "
                                                       "its reveal: %3")
                                            .arg(w)
                                            .arg(model)
                                            .arg(QString::fromUtf8(f.payload.left(300)))));
                    seen.insert(w);
                }
        }
        QCOMPARE(setups, 1);
        for (const auto &[model, words] : secret) {
            QVERIFY2(revealed.count(model), qPrintable(QString::number(model)));
            for (const QString &w : words)
                QVERIFY2(seen.count(w), qPrintable(w)); // sent, once revealed
        }
        qInfo("%zu commands, %zu frames to the table, %d stand-ins seen", whole.history().size(),
              tap.frames.size(), standIns);
    }

    // A masked v1.2.4 club game whose table's connection drops (docs/network.md, "Masked games
    // through the club server"): the server pauses the game for both; the table takes its seat
    // again by itself, Eve (a headless client) hers with her token, and the game resumes masked
    // at the last agreed command. Before the drop, paused and after, the table neither shows nor
    // holds a card of Eve's it may not know yet (her Far Scout In Reserve), nor is it sent one
    // before its reveal. Played on to the end: the whole game on both and on the server, whose
    // dice and reveals verify.
    void maskedTableTakesItsSeatAgain()
    {
        const GameScript script
            = GameScriptReader::read(QStringLiteral(JW_MASKED_SCRIPT), test::db());
        QVERIFY(script.ok());
        const GameSetup &full = script.setup;
        QTemporaryDir dir;
        net::ClubServer server(test::db());
        server.setGamesDir(dir.path());
        QStringList log;
        QObject::connect(&server, &net::ClubServer::logLine, [&](const QString &l) { log << l; });
        QString error;
        QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        net::test::Tap tap(server.port()); // the table's connections to the server

        Side gui;
        gui.window.show();
        gui.net()->setReplyTimeout(20000);
        gui.net()->clubCreate(kLoopback, tap.port(), full);
        QTRY_VERIFY_WITH_TIMEOUT(gui.net()->clubGameId() > 0, 20000);
        Headless eve;
        eve.setMasked();
        for (const ScriptCommand &c : script.commands)
            eve.script.push_back(c.command);
        eve.client.join(kLoopback, server.port(), gui.net()->clubGameId(), full.players[1].name,
                        full.players[1].fleet);
        QTRY_COMPARE_WITH_TIMEOUT(gui.net()->stage(), NetGame::Stage::Playing, 30000);
        QCOMPARE(gui.net()->side(), 0);
        QVERIFY(gui.net()->masked());
        QVERIFY(eve.session && eve.session->masksSecrets());

        QStringList leaks;
        int withSecrets = 0;
        RandomPlayer r(17);
        // The table plays its turns (the script's commands, then random legal ones, as its
        // clicks do), Eve hers, until `n` commands are agreed or the game is over; the table is
        // checked at each of its steps (before each of its commands, and between Eve's).
        const auto playTo = [&](std::size_t n) {
            for (int step = 0; step < 3000; ++step) {
                QVERIFY2(waitUntil([&] { return level(gui, eve); }, 60000),
                         qPrintable(gui.net()->statusText()));
                const Game &g = *gui.controller()->game();
                const std::size_t before = g.history().size();
                if (g.state().phase == Phase::Over || before >= n)
                    return;
                leaks << jwtest::leaksOn(gui, full, QStringLiteral("command %1").arg(before),
                                         &withSecrets);
                const net::NetSession *s = gui.net()->session();
                const auto moved = [&] {
                    return gui.controller()->game()->history().size() > before
                        || s->status() != net::NetSession::Status::Playing;
                };
                if (!s->myTurn()) { // Eve's turn: her command, or her sealed choice (ours next)
                    QVERIFY(waitUntil([&] { return moved() || s->myTurn(); }, 60000));
                    continue;
                }
                const auto c = before < script.commands.size()
                    ? std::optional<Command>(script.commands[before].command)
                    : r.choose(g.engine(), s->stateToAnswer());
                QVERIFY(c);
                QVERIFY(gui.controller()->apply(*c));
                // Agreed, or refused by its dice, or our sealed choice (Eve answers next).
                QVERIFY(waitUntil([&] { return moved() || level(gui, eve); }, 60000));
            }
        };
        // The Deployment Phase and the first activations: Dave's Pathfinder Embarked (sealed),
        // Eve's Far Scout In Reserve, neither revealed yet.
        playTo(10);
        if (QTest::currentTestFailed())
            return;
        const std::size_t agreed = gui.controller()->game()->history().size();
        QCOMPARE(agreed, std::size_t(10));
        const int farScout = 3;
        QVERIFY(isStandInUnit(gui.controller()->state().model(farScout)->unitId));
        QVERIFY(withSecrets > 0);

        // The table's connection drops: the server pauses the game for both; the table takes
        // its seat again by itself and waits for Eve.
        QSignalSpy paused(&server, &net::ClubServer::gamePaused);
        QTcpSocket *socket = gui.net()->session()->findChild<QTcpSocket *>();
        QVERIFY(socket);
        socket->abort();
        QTRY_VERIFY_WITH_TIMEOUT(!paused.isEmpty(), 20000);
        QCOMPARE(paused.front().at(1).toInt(), int(agreed));
        QTRY_COMPARE_WITH_TIMEOUT(eve.session->status(), net::NetSession::Status::Paused, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(
            gui.table->network()->chat()->transcript().contains(
                QStringLiteral("Back in game %1 on the club server").arg(gui.net()->clubGameId())),
            20000);
        QTRY_VERIFY_WITH_TIMEOUT(gui.banner().contains(QStringLiteral("waiting for Eve to take "
                                                                      "their seat again")),
                                 20000);
        QVERIFY(gui.net()->waiting());
        QVERIFY(gui.locked());
        QVERIFY(gui.controller()->game()->setup().masked);
        QCOMPARE(gui.controller()->game()->history().size(), agreed);
        const int before = withSecrets;
        leaks << jwtest::leaksOn(gui, full, QStringLiteral("paused"), &withSecrets);
        QCOMPARE(withSecrets, before + 1); // Eve's Far Scout still to hide
        test::shot(&gui.window, QStringLiteral("clubgui-masked-seat-again"));

        // Eve takes her seat again: the masked game resumes at the last agreed command.
        eve.rejoin(server.port());
        QTRY_COMPARE_WITH_TIMEOUT(gui.net()->stage(), NetGame::Stage::Playing, 30000);
        QVERIFY(waitUntil([&] { return level(gui, eve); }, 60000));
        QCOMPARE(gui.controller()->game()->history().size(), agreed);
        QVERIFY(gui.net()->masked() && eve.session->masksSecrets());
        QVERIFY(gui.controller()->game()->setup().masked);
        QVERIFY(isStandInUnit(gui.controller()->state().model(farScout)->unitId));
        QCOMPARE(GameFile::serialize(*gui.controller()->game(), std::nullopt),
                 GameFile::serialize(*gui.net()->session()->game(), std::nullopt));
        QVERIFY2(gui.table->network()->chat()->transcript().contains(
                     QStringLiteral("The game with Eve goes on after command %1.").arg(agreed)),
                 qPrintable(gui.table->network()->chat()->transcript()));

        // Played on to the end.
        playTo(3000);
        if (QTest::currentTestFailed())
            return;
        QVERIFY2(leaks.isEmpty(), qPrintable(leaks.mid(0, 20).join(QLatin1Char('\n'))));
        QTRY_COMPARE_WITH_TIMEOUT(gui.net()->session()->status(), net::NetSession::Status::Over,
                                  30000);
        QTRY_COMPARE_WITH_TIMEOUT(eve.session->status(), net::NetSession::Status::Over, 30000);
        const Game &whole = *gui.controller()->game();
        QCOMPARE(whole.state().phase, Phase::Over);
        QVERIFY(!whole.setup().masked);
        QCOMPARE(whole.setup().players, full.players);
        const QByteArray saved = GameFile::serialize(whole, std::nullopt);
        QCOMPARE(GameFile::serialize(*eve.session->game(), std::nullopt), saved);
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                QFile f(server.gamePath(1));
                return f.open(QIODevice::ReadOnly) && f.readAll() == saved;
            }(),
            10000);
        const GameFile::DiceCheck verified = GameFile::verifyDice(whole);
        QVERIFY2(verified.ok(), qPrintable(verified.problems.join(QLatin1Char('\n'))));
        QVERIFY(verified.masked);
        QCOMPARE(verified.maskedModels, 4);
        QCOMPARE(server.refusedMessages(), 0);
        const QString all = log.join(QLatin1Char('\n'));
        QVERIFY2(all.contains(QStringLiteral("game 1: the masked game is over: every model "
                                             "revealed")),
                 qPrintable(all));

        // What the table was sent, on both its connections: no card of Eve's hidden models
        // before its reveal.
        const QString secretName = full.players[1].fleet.entries[1].name; // "Far Scout"
        QVERIFY(!secretName.isEmpty());
        bool revealed = false, sentAfter = false;
        int setups = 0;
        for (const net::test::Tap::Frame &f : tap.frames) {
            if (f.from != 1) // the server's frames to the table
                continue;
            setups += f.message.type == net::MessageType::GameSetup ? 1 : 0;
            for (const HiddenReveal &rv : f.message.reveals)
                revealed = revealed || rv.model == farScout;
            if (f.payload.contains(secretName.toUtf8())) {
                QVERIFY2(revealed,
                         qPrintable(QStringLiteral("the table was sent %1 before its "
                                                   "reveal: %2")
                                        .arg(secretName, QString::fromUtf8(f.payload.left(300)))));
                sentAfter = true;
            }
        }
        QVERIFY(revealed && sentAfter);
        QVERIFY(setups >= 2); // the game sent again when the table took its seat again
        qInfo("%zu commands, dropped after command %zu, %d tables with a card to hide",
              whole.history().size(), agreed, withSecrets);
    }

    // A v1.2.4 club game created by a table and joined by an older program (a headless client
    // that does not mask: no masked-secrets in its club-join nor its hello) is played in clear,
    // as before: both are sent the whole setup, the table's Chat dock and the server's log say
    // the hidden models are not masked, and the game goes on (the same history on both).
    void v124ClubGameWithOlderClientInClear()
    {
        const GameScript script
            = GameScriptReader::read(QStringLiteral(JW_MASKED_SCRIPT), test::db());
        QVERIFY(script.ok());
        const GameSetup &full = script.setup;
        net::ClubServer server(test::db());
        QStringList log;
        QObject::connect(&server, &net::ClubServer::logLine, [&](const QString &l) { log << l; });
        QString error;
        QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        Side gui;
        gui.window.show();
        gui.net()->setReplyTimeout(20000);
        gui.net()->clubCreate(kLoopback, server.port(), full);
        QTRY_VERIFY_WITH_TIMEOUT(gui.net()->clubGameId() > 0, 20000);
        Headless eve; // no setMaskSecrets: an older program
        eve.client.join(kLoopback, server.port(), gui.net()->clubGameId(), full.players[1].name,
                        full.players[1].fleet);
        QTRY_COMPARE_WITH_TIMEOUT(gui.net()->stage(), NetGame::Stage::Playing, 20000);
        QVERIFY(!gui.net()->masked());
        QVERIFY(!gui.controller()->game()->setup().masked);
        for (const ModelState &m : gui.controller()->state().models) // the whole setup
            QVERIFY(!isStandInUnit(m.unitId));
        QVERIFY2(gui.table->network()->chat()->transcript().contains(
                     QStringLiteral("Hidden models are not masked (Eve's program or the club "
                                    "server cannot)")),
                 qPrintable(gui.table->network()->chat()->transcript()));
        const QString all = log.join(QLatin1Char('\n'));
        QVERIFY2(all.contains(QStringLiteral("game 1: hidden models are not masked (v1.2.4 secret "
                                             "information)"))
                     && all.contains(QStringLiteral("(player 1's program does not mask them)")),
                 qPrintable(all));
        RandomPlayer r(13);
        playUntil(gui, eve, r, 8);
        QVERIFY(gui.controller()->game()->history().size() >= 8);
        QCOMPARE(gui.controller()->game()->history(), eve.session->game()->history());
    }

    // The table joins a game a headless client created; a game that is not open is refused
    // with the server's reason on the banner.
    void tableJoins()
    {
        net::ClubServer server(test::db());
        QString error;
        QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        Side gui;
        gui.window.show();
        gui.net()->setReplyTimeout(20000);

        gui.net()->clubJoin(kLoopback, server.port(), 7, QStringLiteral("Eve"),
                            fleetOf(QStringLiteral("venusian"), QStringLiteral("shan-yu")));
        QCOMPARE(gui.net()->stage(), NetGame::Stage::Joining);
        QTRY_COMPARE_WITH_TIMEOUT(gui.net()->stage(), NetGame::Stage::Stopped, 20000);
        QVERIFY2(gui.banner().contains(QStringLiteral("no open game 7")), qPrintable(gui.banner()));

        Headless dave;
        QSignalSpy created(&dave.client, &net::ClubClient::created);
        dave.client.create(kLoopback, server.port(), test::duelSetup());
        QTRY_VERIFY_WITH_TIMEOUT(!created.isEmpty(), 20000);
        gui.net()->clubJoin(kLoopback, server.port(), dave.client.id(), QStringLiteral("Eve"),
                            fleetOf(QStringLiteral("venusian"), QStringLiteral("shan-yu")));
        QTRY_COMPARE_WITH_TIMEOUT(gui.net()->stage(), NetGame::Stage::Playing, 20000);
        QCOMPARE(gui.net()->side(), 1);
        QCOMPARE(gui.net()->peerName(), QStringLiteral("Dave"));
        RandomPlayer r(12);
        playUntil(gui, dave, r, 6);
        QCOMPARE(gui.controller()->game()->history(), dave.session->game()->history());
        QVERIFY(gui.controller()->game()->history().size() >= 6);
    }
};

QTEST_MAIN(TestClubGui)
#include "tst_clubgui.moc"
