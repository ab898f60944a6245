// SPDX-License-Identifier: GPL-3.0-or-later
// The club server (docs/network.md): its lobby; complete games refereed between two
// clients, in this process and between processes (jwfleet-server, jwfleet-cli club-host and
// club-join), whose saved games (both clients' and the server's) are the same and verify;
// forged, out-of-turn, illegal and malformed messages refused by the server, changing
// nothing; a clean stop on SIGTERM.
#include "../engine/samplefleets.h"
#include "campaign/campaignstore.h"
#include "campaigntestutil.h"
#include "dice/fairdice.h"
#include "engine/gamefile.h"
#include "engine/gamescript.h"
#include "engine/randomplayer.h"
#include "engine/scenario.h"
#include "fakepeer.h"
#include "fleet/fleetfile.h"
#include "net/clubclient.h"
#include "net/clubserver.h"
#include "net/netsession.h"
#include "net/protocol.h"
#include "net/spectatorboard.h"
#include "units/unitdatabase.h"

#include <QDate>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPointer>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSet>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <QtEndian>

#include <array>
#include <deque>
#include <functional>
#include <map>
#include <set>

#include <csignal>

using namespace jw;
using namespace jw::net;
using NetMessage = jw::net::Message;
using jw::net::test::FakePeer;
using jw::net::test::Tap;
using jw::net::test::waitUntil;

namespace {

using jw::test::db; // the shipped unit database (samplefleets.h)

const GameScript &script()
{
    static const GameScript s = GameScriptReader::read(QStringLiteral(JW_NET_SCRIPT), db());
    if (!s.ok())
        qFatal("the test script does not load");
    return s;
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// A session driven by random legal commands, ending the game (a bye) after `limit` commands;
// each command `delayMs` after its turn (a player who thinks).
void drive(NetSession &s, RandomPlayer &r, std::size_t limit, int delayMs = 0)
{
    QObject::connect(&s, &NetSession::turn, &s, [&s, &r, limit, delayMs] {
        QTimer::singleShot(delayMs, &s, [&s, &r, limit] {
            if (!s.myTurn())
                return;
            if (s.game()->history().size() >= limit)
                return s.finish(QStringLiteral("enough"));
            const auto c = r.choose(s.game()->engine(), s.game()->state());
            if (!c || !s.submit(*c))
                s.finish(QStringLiteral("no command"));
        });
    });
}

} // namespace

class TestClubServer : public QObject
{
    Q_OBJECT

private:
    static QString cli() { return QStringLiteral(JW_CLI_PATH); }
    // A seats file's status ("open", "playing", "ended"; empty: none).
    static QString seatsStatus(const QString &path)
    {
        return QJsonDocument::fromJson(readFile(path))
            .object()
            .value(QStringLiteral("status"))
            .toString();
    }
    static QString serverPath() { return QStringLiteral(JW_SERVER_PATH); }
    static QString scriptPath() { return QStringLiteral(JW_NET_SCRIPT); }

    // Starts jwfleet-server with `args` and returns its port (0: it did not start). `rest`:
    // what it wrote after its first line, read with it (a line logged at once, such as a game
    // taken up, is not lost).
    static quint16 startServer(QProcess &server, const QStringList &args,
                               QByteArray *rest = nullptr)
    {
        server.start(serverPath(),
                     QStringList {QStringLiteral("--port"), QStringLiteral("0")} + args);
        QByteArray out;
        if (!QTest::qWaitFor(
                [&] {
                    server.waitForReadyRead(100);
                    out += server.readAllStandardOutput();
                    return out.contains('\n') || server.state() == QProcess::NotRunning;
                },
                20000))
            return 0;
        const QByteArray first = out.left(out.indexOf('\n'));
        if (rest)
            *rest = out.mid(out.indexOf('\n') + 1);
        const int at = first.lastIndexOf("port ");
        return at < 0 ? 0 : quint16(first.mid(at + 5).trimmed().toUInt());
    }

    // Waits for `p` to end while reading `server`'s log into `log`. A server whose standard
    // output nobody reads blocks on its next line once the pipe is full (64 KiB: a few masked
    // games at full speed, with their throttling lines), and its games stall with it:
    // QProcess::waitForFinished runs no event loop, so the server's QProcess does not read.
    static bool finishesWhileLogging(QProcess &p, int ms, QProcess &server, QByteArray *log)
    {
        return QTest::qWaitFor(
            [&] {
                server.waitForReadyRead(0);
                *log += server.readAllStandardOutput();
                return p.state() == QProcess::NotRunning || p.waitForFinished(50);
            },
            ms);
    }

private Q_SLOTS:
    // The lobby: an open game listed; a join of a game that is not open, or with a unit the
    // club does not have, refused; a message that is not the lobby's refused.
    void lobby()
    {
        ClubServer server(db());
        QString error;
        QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        FakePeer creator(server.port());
        QVERIFY(creator.connected());
        creator.send(NetMessage::clubCreate(GameFile::serialize(Game(script().setup))));
        const auto created = creator.expect(MessageType::ClubCreated);
        QVERIFY(created);
        QCOMPARE(created->id, 1);
        QCOMPARE(server.openGames(), 1);

        FakePeer other(server.port());
        QVERIFY(other.connected());
        other.send(NetMessage::clubList());
        const auto list = other.expect(MessageType::ClubGames);
        QVERIFY(list);
        QCOMPARE(list->games.size(), std::size_t(1));
        QCOMPARE(list->games[0].id, 1);
        QCOMPARE(list->games[0].name, QStringLiteral("Dave"));
        QCOMPARE(list->games[0].scenario, script().setup.scenario);
        QCOMPARE(list->games[0].rules, QStringLiteral("v1.2.2"));

        const QString fleet
            = QString::fromUtf8(FleetFile::serialize(script().setup.players[1].fleet));
        other.send(NetMessage::clubJoin(7, QStringLiteral("Eve"), fleet));
        const auto noGame = other.expect(MessageType::Error);
        QVERIFY(noGame);
        QVERIFY2(noGame->text.contains(QStringLiteral("no open game 7")), qPrintable(noGame->text));
        QString unknown = fleet;
        unknown.replace(QStringLiteral("shan-yu"), QStringLiteral("no-such-ship"));
        other.send(NetMessage::clubJoin(1, QStringLiteral("Eve"), unknown));
        QVERIFY(other.expect(MessageType::Error));
        other.send(NetMessage::commandMessage(1, DeclineCommand {}));
        const auto notLobby = other.expect(MessageType::Error);
        QVERIFY(notLobby);
        QVERIFY2(notLobby->text.contains(QStringLiteral("club-list")), qPrintable(notLobby->text));
        QCOMPARE(server.openGames(), 1);
        QCOMPARE(server.refusedMessages(), 3);

        // A game of a physical table (its dice typed in) is not the club's.
        GameSetup physical = script().setup;
        physical.table = TableKind::Physical;
        other.send(NetMessage::clubCreate(GameFile::serialize(Game(physical))));
        const auto notDigital = other.expect(MessageType::Error);
        QVERIFY(notDigital);
        QVERIFY2(notDigital->text.contains(QStringLiteral("physical table")),
                 qPrintable(notDigital->text));
        QCOMPARE(server.openGames(), 1);

        // The lobby does not keep a connection that says nothing.
        server.setLobbyTimeout(300);
        FakePeer silent(server.port());
        QVERIFY(silent.connected());
        QVERIFY(QTest::qWaitFor(
            [&] { return silent.m_socket.state() == QAbstractSocket::UnconnectedState; }, 5000));
        QCOMPARE(server.openGames(), 1); // the creator, in its game, is not idle

        // The creator leaves: the game is withdrawn.
        creator.m_socket.disconnectFromHost();
        QVERIFY(QTest::qWaitFor([&] { return server.openGames() == 0; }, 5000));
    }

    // Two clients in this process play a game through the server: ClubClient's lobby, then
    // an ordinary NetSession each. The same history on both sides and in the server's saved
    // game, byte for byte; every die verifies.
    void gameThroughServer()
    {
        QTemporaryDir dir;
        ClubServer server(db());
        server.setGamesDir(dir.path());
        QString error;
        QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        QSignalSpy ended(&server, &ClubServer::gameEnded);

        std::unique_ptr<NetSession> sessions[2];
        RandomPlayer players[2] {RandomPlayer(5), RandomPlayer(6)};
        ClubClient creator, joiner;
        for (ClubClient *c : {&creator, &joiner})
            QObject::connect(c, &ClubClient::ready, c,
                             [&](const GameSetup &setup, int side, QTcpSocket *socket) {
                                 sessions[side] = std::make_unique<NetSession>(setup, side);
                                 drive(*sessions[side], players[side], 40);
                                 sessions[side]->attach(socket);
                             });
        QSignalSpy created(&creator, &ClubClient::created);
        creator.create(QStringLiteral("127.0.0.1"), server.port(), script().setup);
        QVERIFY(created.wait(5000));
        joiner.join(QStringLiteral("127.0.0.1"), server.port(), 0, script().setup.players[1].name,
                    script().setup.players[1].fleet);
        // A spectator comes once a few commands are played: it is sent what was agreed so
        // far, then each agreed command's public events, and nothing else.
        QVERIFY(QTest::qWaitFor(
            [&] {
                return sessions[0] && sessions[0]->game()
                    && sessions[0]->game()->history().size() >= 3;
            },
            20000));
        FakePeer spectator(server.port());
        QVERIFY(spectator.connected());
        spectator.send(NetMessage::clubWatch(1));
        QVERIFY(waitUntil(
            [&] {
                return sessions[0] && sessions[1]
                    && sessions[0]->status() == NetSession::Status::Over
                    && sessions[1]->status() == NetSession::Status::Over;
            },
            60000));
        QVERIFY(ended.count() == 1 || ended.wait(5000));
        QCOMPARE(server.refusedMessages(), 0);
        const Game &g0 = *sessions[0]->game();
        const Game &g1 = *sessions[1]->game();
        QVERIFY(g0.history().size() > 2);
        QCOMPARE(g0.history(), g1.history());
        QCOMPARE(GameFile::serialize(g0), GameFile::serialize(g1));
        const QString path = ended.first().at(1).toString();
        QCOMPARE(path, server.gamePath(1));
        QCOMPARE(readFile(path), GameFile::serialize(g0));
        const GameFile::Loaded loaded = GameFile::read(path);
        QVERIFY2(loaded.game, qPrintable(loaded.error));
        const GameFile::DiceCheck check = GameFile::verifyDice(*loaded.game);
        QVERIFY2(check.ok(), qPrintable(check.problems.join(QLatin1Char('\n'))));
        QVERIFY(check.exchanges >= 2);
        QCOMPARE(server.runningGames(), 0);
        int lastSeq = -1;
        std::size_t events = 0;
        for (;;) {
            const auto m = spectator.next();
            QVERIFY(m);
            if (m->type == MessageType::Bye)
                break;
            QCOMPARE(int(m->type), int(MessageType::ClubEvent));
            QVERIFY(m->seq >= lastSeq);
            lastSeq = m->seq;
            QVERIFY(!m->text.isEmpty());
            ++events;
        }
        QCOMPARE(lastSeq, int(g0.history().size()));
        std::size_t all = 0;
        for (const auto &e : g0.log())
            all += e.size();
        QCOMPARE(events, all);
    }

    // The lobby with `all` (club-list's optional field): the open game with its creator's fleet,
    // the game under way with both players, their fleets, its turn, commands and spectators;
    // an older client (no `all`) reads the open games only, without the new fields. A
    // spectator who asks for the board (club-watch's `board`) gets it after each published
    // command: the models where the players' games have them, moving as they play.
    void listingAndBoard()
    {
        ClubServer server(db());
        QString error;
        QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        GameSetup setup = script().setup;
        setup.players[0].fleet.name = QStringLiteral("Callisto Guard");
        setup.players[1].fleet.name = QStringLiteral("Venus Raiders");

        std::unique_ptr<NetSession> sessions[2];
        RandomPlayer players[2] {RandomPlayer(11), RandomPlayer(12)};
        ClubClient creator, joiner;
        // Slow enough that a lister and a spectator see the game under way.
        for (ClubClient *c : {&creator, &joiner})
            QObject::connect(c, &ClubClient::ready, c,
                             [&](const GameSetup &setup, int side, QTcpSocket *socket) {
                                 sessions[side] = std::make_unique<NetSession>(setup, side);
                                 drive(*sessions[side], players[side], 40, 30);
                                 sessions[side]->attach(socket);
                             });
        QSignalSpy created(&creator, &ClubClient::created);
        creator.create(QStringLiteral("127.0.0.1"), server.port(), setup);
        QVERIFY(created.wait(5000));

        FakePeer lister(server.port());
        QVERIFY(lister.connected());
        lister.send(NetMessage::clubList(false, true));
        auto open = lister.expect(MessageType::ClubGames);
        QVERIFY(open);
        QCOMPARE(open->games.size(), std::size_t(1));
        QVERIFY(!open->games[0].playing && !open->games[0].paused);
        QCOMPARE(open->games[0].fleets,
                 (std::vector<ClubFleetInfo> {{QStringLiteral("Callisto Guard"), 250}}));

        joiner.join(QStringLiteral("127.0.0.1"), server.port(), 1, setup.players[1].name,
                    setup.players[1].fleet);
        QVERIFY(QTest::qWaitFor(
            [&] {
                return sessions[0] && sessions[0]->game()
                    && sessions[0]->game()->history().size() >= 2;
            },
            20000));
        FakePeer spectator(server.port());
        QVERIFY(spectator.connected());
        spectator.send(NetMessage::clubWatch(1, true));
        std::deque<NetMessage> watched; // read before the listing: the spectator counts
        {
            const auto first = spectator.next();
            QVERIFY(first);
            watched.push_back(*first);
        }

        // An older client's question: the open games only, and no field it does not know.
        lister.send(NetMessage::clubList());
        const auto old = lister.expect(MessageType::ClubGames);
        QVERIFY(old && old->games.empty());
        lister.send(NetMessage::clubList(true));
        const auto oldPaused = lister.expect(MessageType::ClubGames);
        QVERIFY(oldPaused && oldPaused->games.empty()); // under way, not paused
        lister.send(NetMessage::clubList(false, true));
        const auto all = lister.expect(MessageType::ClubGames);
        QVERIFY(all);
        QCOMPARE(all->games.size(), std::size_t(1));
        const ClubGameInfo &g = all->games[0];
        QCOMPARE(g.id, 1);
        QVERIFY(g.playing);
        QVERIFY(!g.paused);
        QCOMPARE(g.name, QStringLiteral("Dave"));
        QCOMPARE(g.opponent, QStringLiteral("Eve"));
        QCOMPARE(g.fleets,
                 (std::vector<ClubFleetInfo> {{QStringLiteral("Callisto Guard"), 250},
                                              {QStringLiteral("Venus Raiders"), 250}}));
        QCOMPARE(g.spectators, 1);
        QVERIFY(g.turn >= 1);
        QVERIFY(g.commands >= 2);
        // The encoded entry carries the new fields only because they were asked for.
        QVERIFY(encodePayload(*all).contains("\"spectators\":1"));
        QVERIFY(!encodePayload(NetMessage::clubGames(
                                   {ClubGameInfo {1, QStringLiteral("Dave"), QStringLiteral("x"),
                                                  QStringLiteral("v1.2.2")}}))
                     .contains("playing"));

        QVERIFY(waitUntil(
            [&] {
                return sessions[0] && sessions[1]
                    && sessions[0]->status() == NetSession::Status::Over
                    && sessions[1]->status() == NetSession::Status::Over;
            },
            60000));
        const Game &game = *sessions[0]->game();
        int boards = 0;
        int lastSeq = -1;
        std::optional<QPointF> firstUller, lastUller;
        for (;;) {
            std::optional<NetMessage> m;
            if (!watched.empty()) {
                m = watched.front();
                watched.pop_front();
            } else {
                m = spectator.next();
            }
            QVERIFY(m);
            if (m->type == MessageType::Bye)
                break;
            if (m->type == MessageType::ClubEvent)
                continue;
            QCOMPARE(int(m->type), int(MessageType::ClubBoard));
            QVERIFY(m->seq >= lastSeq);
            lastSeq = m->seq;
            ++boards;
            QString why;
            const auto b = boardFromJson(m->board, &why);
            QVERIFY2(b, qPrintable(why));
            QCOMPARE(b->setup.players[0].name, QStringLiteral("Dave"));
            // The board is the players' game after that command, model by model.
            const GameState &truth = game.stateAt(m->seq);
            QCOMPARE(b->state.models.size(), truth.models.size());
            QCOMPARE(b->state.turn, truth.turn);
            for (std::size_t i = 0; i < truth.models.size(); ++i) {
                const ModelState &shown = b->state.models[i];
                const ModelState &real = truth.models[i];
                QCOMPARE(shown.location, real.location);
                QCOMPARE(shown.structureLost, real.structureLost);
                QCOMPARE(shown.flags, real.flags);
                if (real.onTable()) {
                    QCOMPARE(shown.placement.centre(), real.placement.centre());
                    QCOMPARE(shown.placement.facing(), real.placement.facing());
                }
            }
            if (truth.models[0].onTable()) {
                if (!firstUller)
                    firstUller = truth.models[0].placement.centre();
                lastUller = truth.models[0].placement.centre();
            }
            // Nothing a spectator may not see: no commands, dice, seed or fleets.
            const QByteArray payload = encodePayload(*m);
            QVERIFY(!payload.contains("\"seed\":"));
            QVERIFY(!payload.contains("\"fleet\":"));
            QVERIFY(!payload.contains("\"commands\":"));
        }
        QVERIFY(boards >= 2);
        QCOMPARE(lastSeq, int(game.history().size()));
        QVERIFY(firstUller && lastUller);
        QVERIFY2(*firstUller != *lastUller, "the spectator's board shows the models moving");
    }

    // v1.2.4 secret information: a model a player may not know yet is on a spectator's board
    // only as {id, owner, hidden}, its unit card not sent; once on the table it is shown.
    void boardHidesSecretModels()
    {
        GameSetup setup = script().setup;
        setup.rules = QStringLiteral("v1.2.4");
        setup.starts.clear();
        setup.startPhase = QStringLiteral("deployment");
        Game game(setup);
        const QJsonObject start = publicBoard(game.engine(), game.state());
        const QByteArray startBytes = QJsonDocument(start).toJson(QJsonDocument::Compact);
        QVERIFY2(!startBytes.contains("uller") && !startBytes.contains("shan-yu"),
                 startBytes.constData());
        const auto hidden = boardFromJson(start);
        QVERIFY(hidden);
        QCOMPARE(hidden->hidden[0] + hidden->hidden[1], 2);
        QVERIFY(hidden->setup.units.empty());
        // Play until one model is on the table: it is shown, the other still hidden.
        RandomPlayer random(3);
        int guard = 0;
        const auto onTable = [&] {
            int n = 0;
            for (const ModelState &m : game.state().models)
                n += m.onTable() ? 1 : 0;
            return n;
        };
        while (onTable() == 0 && guard++ < 50) {
            const auto c = random.choose(game.engine(), game.state());
            QVERIFY(c);
            QVERIFY(game.apply(*c).ok());
        }
        QCOMPARE(onTable(), 1);
        const int shownId = game.state().models[0].onTable() ? 0 : 1;
        const QString secretUnit = game.state().models[std::size_t(1 - shownId)].unitId;
        const QJsonObject later = publicBoard(game.engine(), game.state());
        QVERIFY(!QJsonDocument(later).toJson().contains(secretUnit.toUtf8()));
        const auto b = boardFromJson(later);
        QVERIFY(b);
        QCOMPARE(b->hidden[std::size_t(1 - shownId)], 1);
        QVERIFY(b->state.models[std::size_t(shownId)].onTable());
        QVERIFY(b->setup.unit(game.state().models[std::size_t(shownId)].unitId));
        QCOMPARE(b->state.models[std::size_t(shownId)].placement.centre(),
                 game.state().models[std::size_t(shownId)].placement.centre());
        // A malformed board is refused with a reason, never a crash.
        QJsonObject bad = later;
        bad.insert(QStringLiteral("players"), QJsonArray {QStringLiteral("one")});
        QString why;
        QVERIFY(!boardFromJson(bad, &why));
        QVERIFY(!why.isEmpty());
        QVERIFY(!boardFromJson(QJsonObject {}, &why));
    }

    // Every shipped scenario (its terrain, objectives and own pieces: UIOs, stations), under
    // v1.2.2 and v1.2.4: a board read back draws every model on the table with its unit and
    // where the game has it, after the start and after random play.
    void boardOfEveryScenario()
    {
        const ScenarioLibrary library = ScenarioLibrary::loadShipped();
        QVERIFY(!library.scenarios().empty());
        for (const Scenario &scenario : library.scenarios())
            for (const QString &rules : {QStringLiteral("v1.2.2"), QStringLiteral("v1.2.4")}) {
                GameSetup setup = script().setup;
                setup.rules = rules;
                setup.starts.clear();
                setup.startPhase = QStringLiteral("deployment");
                setup.setScenario(scenario);
                Game game(setup);
                RandomPlayer random(21);
                for (int step = 0; step <= 30; ++step) {
                    const QString where
                        = QStringLiteral("%1 %2 after %3").arg(scenario.id, rules).arg(step);
                    QString why;
                    const auto b = boardFromJson(publicBoard(game.engine(), game.state()), &why);
                    QVERIFY2(b, qPrintable(where + QStringLiteral(": ") + why));
                    const Engine engine(b->setup); // what the spectator's table draws with
                    QCOMPARE(b->state.models.size(), game.state().models.size());
                    for (const ModelState &m : game.state().models) {
                        const ModelState &shown = b->state.models[std::size_t(m.id)];
                        if (!m.onTable()) {
                            QVERIFY2(!shown.onTable(), qPrintable(where));
                            continue;
                        }
                        QVERIFY2(shown.onTable(), qPrintable(where));
                        QCOMPARE(shown.placement.centre(), m.placement.centre());
                        QVERIFY2(engine.setup().unit(shown.unitId), qPrintable(where));
                        QCOMPARE(engine.view(b->state, m.id).base().centre(),
                                 game.engine().view(game.state(), m.id).base().centre());
                    }
                    QCOMPARE(b->state.terrain.size(), game.state().terrain.size());
                    QCOMPARE(b->state.wrecks.size(), game.state().wrecks.size());
                    const auto c = random.choose(game.engine(), game.state());
                    if (!c || !game.apply(*c).ok())
                        break;
                }
            }
    }

    // An older server refuses the optional fields it does not know: the client asks again
    // without them (the open games; the events without a board).
    void clientFallsBackOnOlderServer()
    {
        QTcpServer old;
        QVERIFY(old.listen(QHostAddress::LocalHost, 0));
        QStringList asked;
        connect(&old, &QTcpServer::newConnection, &old, [&] {
            QTcpSocket *s = old.nextPendingConnection();
            auto *reader = new FrameReader;
            connect(s, &QObject::destroyed, s, [reader] { delete reader; });
            connect(s, &QTcpSocket::readyRead, s, [s, reader, &asked] {
                for (const auto &item : reader->feed(s->readAll())) {
                    const QJsonObject o = QJsonDocument::fromJson(item.payload).object();
                    asked << QString::fromUtf8(item.payload);
                    const QString type = o.value(QStringLiteral("type")).toString();
                    for (const char *f : {"features", "watch", "all", "paused", "board"})
                        if (o.contains(QLatin1String(f))) {
                            s->write(encodeFrame(NetMessage::withText(
                                MessageType::Error,
                                QStringLiteral("%1: unknown field '%2'").arg(type, f))));
                            return;
                        }
                    if (type == QLatin1String("club-list"))
                        s->write(encodeFrame(NetMessage::clubGames(
                            {ClubGameInfo {4, QStringLiteral("Ann"), QStringLiteral("skirmish"),
                                           QStringLiteral("v1.2.2")}})));
                    else if (type == QLatin1String("club-watch")) {
                        s->write(encodeFrame(NetMessage::clubEvent(
                            0, QStringLiteral("turn"), QStringLiteral("Turn 1 begins."), -1)));
                        s->write(encodeFrame(
                            NetMessage::withText(MessageType::Bye, QStringLiteral("over"))));
                    }
                }
            });
        });
        ClubClient lister;
        std::optional<std::vector<ClubGameInfo>> listed;
        connect(&lister, &ClubClient::games, &lister,
                [&listed](const std::vector<ClubGameInfo> &g) { listed = g; });
        QSignalSpy failed(&lister, &ClubClient::failed);
        lister.list(QStringLiteral("127.0.0.1"), old.serverPort(), true);
        QVERIFY(QTest::qWaitFor([&] { return listed.has_value() || !failed.isEmpty(); }, 5000));
        QVERIFY(failed.isEmpty());
        QVERIFY(listed);
        QVERIFY(!lister.listedAll());
        QCOMPARE(listed->size(), std::size_t(1));
        QCOMPARE(listed->at(0).id, 4);
        // Asked without the features first (its refusals in English only, as before).
        QCOMPARE(asked.size(), 3);
        QVERIFY(asked[0].contains(QLatin1String("\"features\":[\"error-why\"]")));
        QVERIFY(!asked[1].contains(QLatin1String("features")));

        // A client that asks to watch the lobby: asked again without `watch`, then without
        // `all`; listed once, not watching (the lobby then asks again itself).
        asked.clear();
        ClubClient lobbyWatcher;
        QSignalSpy watched(&lobbyWatcher, &ClubClient::games);
        std::size_t watchedGames = 0;
        connect(&lobbyWatcher, &ClubClient::games, &lobbyWatcher,
                [&watchedGames](const std::vector<ClubGameInfo> &g) { watchedGames = g.size(); });
        QSignalSpy watchFailed(&lobbyWatcher, &ClubClient::failed);
        lobbyWatcher.watchLobby(QStringLiteral("127.0.0.1"), old.serverPort());
        QVERIFY(watched.wait(5000));
        QVERIFY(watchFailed.isEmpty());
        QVERIFY(!lobbyWatcher.watchingLobby());
        QVERIFY(!lobbyWatcher.listedAll());
        QCOMPARE(asked.size(), 4);
        QVERIFY(asked[1].contains(QLatin1String("\"watch\":true")));
        QVERIFY(!asked[2].contains(QLatin1String("watch")));
        QVERIFY(asked[2].contains(QLatin1String("\"all\":true")));
        QCOMPARE(watchedGames, std::size_t(1));

        ClubClient watcher;
        QSignalSpy noBoard(&watcher, &ClubClient::noBoard);
        QSignalSpy events(&watcher, &ClubClient::publicEvent);
        QSignalSpy ended(&watcher, &ClubClient::watchEnded);
        watcher.watch(QStringLiteral("127.0.0.1"), old.serverPort(), 4, true);
        QVERIFY(ended.wait(5000));
        QCOMPARE(noBoard.count(), 1);
        QCOMPARE(events.count(), 1);
    }

    // The club server's refusals in the user's language: the sentence (`why`) goes to a
    // client that reads it (its request's kFeatureErrorWhy), the English text to every client
    // as before (an older client never gets a field it would refuse).
    void refusalsInGerman()
    {
        QTranslator de;
        QVERIFY2(de.load(QStringLiteral(JW_DE_QM)), JW_DE_QM);
        QCoreApplication::installTranslator(&de);
        const auto uninstall = qScopeGuard([&] { QCoreApplication::removeTranslator(&de); });
        ClubServer server(db());
        QString error;
        QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        const Fleet fleet = script().setup.players[1].fleet;
        const NetMessage join = NetMessage::clubJoin(
            7, QStringLiteral("Eve"), QString::fromUtf8(FleetFile::serialize(fleet)));
        const QString english = QStringLiteral("club-join: no open game 7");
        const QString german = QStringLiteral("club-join: kein offenes Spiel 7");

        FakePeer older(server.port());
        QVERIFY(older.connected());
        older.send(join);
        const auto plain = older.expect(MessageType::Error);
        QVERIFY(plain);
        QCOMPARE(plain->text, english);
        QVERIFY(plain->why.isEmpty());

        FakePeer newer(server.port());
        QVERIFY(newer.connected());
        NetMessage asking = join;
        asking.features = QStringList {kFeatureErrorWhy};
        newer.send(asking);
        const auto typed = newer.expect(MessageType::Error);
        QVERIFY(typed);
        QCOMPARE(typed->text, english);
        QVERIFY(!typed->why.isEmpty());
        QCOMPARE(typed->why.english(), english);
        QCOMPARE(typed->why.translated(), german);
        // On the wire: the English, and the sentence's English template and arguments.
        QVERIFY(encodePayload(*typed).contains(
            "\"why\":{\"args\":[\"7\"],\"key\":\"club-join: no open game %1\"}"));

        // A game file the server cannot read: the detail of the saved game in German too.
        QJsonObject game
            = QJsonDocument::fromJson(GameFile::serialize(Game(script().setup))).object();
        game.insert(QStringLiteral("format"), QStringLiteral("x"));
        NetMessage create
            = NetMessage::clubCreate(QJsonDocument(game).toJson(QJsonDocument::Compact));
        create.features = QStringList {kFeatureErrorWhy};
        newer.send(create);
        const auto notGame = newer.expect(MessageType::Error);
        QVERIFY(notGame);
        QCOMPARE(notGame->text, QStringLiteral("the created game: not a jwfleet game file"));
        QCOMPARE(notGame->why.translated(),
                 QStringLiteral("das angelegte Spiel: keine jwfleet-Partiedatei"));

        // A fleet the server cannot read: every problem, each in German with the fleet's name,
        // the English as before (one a line).
        FakePeer creator(server.port());
        QVERIFY(creator.connected());
        creator.send(NetMessage::clubCreate(GameFile::serialize(Game(script().setup))));
        const auto created = creator.expect(MessageType::ClubCreated);
        QVERIFY(created);
        QString badFleet = QString::fromUtf8(FleetFile::serialize(fleet));
        QVERIFY(badFleet.contains(QStringLiteral("points: ")));
        badFleet.replace(QRegularExpression(QStringLiteral("points: \\d+")),
                         QStringLiteral("points: lots"));
        badFleet += QStringLiteral("colour: red\n");
        const FleetFileResult parsed
            = FleetFile::parse(badFleet.toUtf8(), QStringLiteral("the joiner's fleet"));
        QCOMPARE(parsed.issues.size(), std::size_t(2));
        NetMessage badJoin = NetMessage::clubJoin(created->id, QStringLiteral("Eve"), badFleet);
        badJoin.features = QStringList {kFeatureErrorWhy};
        newer.send(badJoin);
        const auto badFleetError = newer.expect(MessageType::Error);
        QVERIFY(badFleetError);
        QCOMPARE(badFleetError->text, parsed.errorText());
        QVERIFY(!badFleetError->why.isEmpty());
        QCOMPARE(badFleetError->why.english(), parsed.errorText());
        const QStringList lines = badFleetError->why.translated().split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), 2);
        for (const QString &line : lines) {
            QVERIFY2(line.startsWith(QStringLiteral("die Flotte des Beitretenden:")),
                     qPrintable(line));
            QVERIFY2(line.contains(QStringLiteral(": Fehler: ")), qPrintable(line));
        }
        QVERIFY2(!badFleetError->why.translated().contains(QStringLiteral("must")),
                 qPrintable(badFleetError->why.translated()));
        // An older client: the English only, as before.
        FakePeer olderJoiner(server.port());
        QVERIFY(olderJoiner.connected());
        olderJoiner.send(NetMessage::clubJoin(created->id, QStringLiteral("Eve"), badFleet));
        const auto plainFleetError = olderJoiner.expect(MessageType::Error);
        QVERIFY(plainFleetError);
        QCOMPARE(plainFleetError->text, parsed.errorText());
        QVERIFY(plainFleetError->why.isEmpty());

        // The club client shows it in the user's language, the CLI's English as before.
        ClubClient client;
        QSignalSpy failed(&client, &ClubClient::failed);
        client.join(QStringLiteral("127.0.0.1"), server.port(), 7, QStringLiteral("Eve"), fleet);
        QVERIFY(failed.wait(5000));
        QCOMPARE(failed.at(0).at(0).toString(),
                 QStringLiteral("the club server refused: ") + english);
        QCOMPARE(failed.at(0).at(1).toString(),
                 QStringLiteral("der Clubserver hat abgelehnt: ") + german);
    }

    // A v1.2.4 game through the server between a program that masks hidden models and one that
    // does not (an older one: no kFeatureMaskedSecrets in its club-join nor its hello) is
    // played unmasked, as before: both are sent the whole setup, the server's log and each
    // player's say so once, and the game plays out (the same saved game on both sides).
    void v124GameUnmasked()
    {
        ClubServer server(db());
        QStringList serverLog;
        QObject::connect(&server, &ClubServer::logLine, [&](const QString &l) { serverLog << l; });
        QString error;
        QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        GameSetup setup = script().setup;
        setup.rules = QStringLiteral("v1.2.4");
        std::unique_ptr<NetSession> sessions[2];
        QStringList logs[2];
        RandomPlayer players[2] {RandomPlayer(11), RandomPlayer(12)};
        ClubClient creator, joiner;
        creator.setMaskSecrets(true);
        std::array<GameSetup, 2> given;
        for (ClubClient *c : {&creator, &joiner})
            QObject::connect(
                c, &ClubClient::ready, c, [&](const GameSetup &s, int side, QTcpSocket *socket) {
                    given[std::size_t(side)] = s;
                    sessions[side] = std::make_unique<NetSession>(s, side);
                    sessions[side]->setMaskSecrets(side == 0);
                    sessions[side]->setReplyTimeout(20000);
                    QObject::connect(sessions[side].get(), &NetSession::logMessage,
                                     [&logs, side](const QString &t) { logs[side] << t; });
                    drive(*sessions[side], players[side], 16);
                    sessions[side]->attach(socket);
                });
        creator.create(QStringLiteral("127.0.0.1"), server.port(), setup);
        joiner.join(QStringLiteral("127.0.0.1"), server.port(), 0, setup.players[1].name,
                    setup.players[1].fleet);
        QVERIFY(waitUntil(
            [&] {
                return sessions[0] && sessions[1]
                    && sessions[0]->status() == NetSession::Status::Over
                    && sessions[1]->status() == NetSession::Status::Over;
            },
            60000));
        QCOMPARE(sessions[0]->game()->setup().rules, QStringLiteral("v1.2.4"));
        QVERIFY(!sessions[0]->game()->history().empty());
        QCOMPARE(GameFile::serialize(*sessions[0]->game()),
                 GameFile::serialize(*sessions[1]->game()));
        QCOMPARE(serverLog
                     .filter(QStringLiteral("game 1: hidden models are not masked (v1.2.4 "
                                            "secret information)"))
                     .size(),
                 1);
        QCOMPARE(serverLog.filter(QStringLiteral("(player 1's program does not mask them)")).size(),
                 1);
        for (const GameSetup &s : given) // the whole setup, as before
            QCOMPARE(setupHash(s), setupHash(setup));
        QVERIFY(!sessions[0]->masksSecrets());
        for (const QStringList &log : logs)
            QCOMPARE(log.filter(QStringLiteral("hidden models are not masked in this game")).size(),
                     1);
    }

    // A v1.2.4 game between two CLI club clients (club-host, club-join) through the server,
    // masked (docs/network.md, "Masked games through the club server"): every frame each client
    // is sent passes a tap. Neither is sent a card (unit id, unit name, model name) of the
    // other's hidden models before the frame that reveals it, not even in the lobby's game-setup
    // (the other fleet's hidden models are stand-ins there); each card is revealed at last. The
    // clients' saved games and the server's are the same whole game, whose dice and reveals
    // verify (jwfleet-cli game --verify), and the game is a battle in the club's campaign with
    // the fleets revealed. A spectator with the board sees hidden models as {id, owner, hidden}
    // only, and the game's public events to its end.
    void maskedGameThroughServer()
    {
        const GameScript v124 = GameScriptReader::read(QStringLiteral(JW_MASKED_SCRIPT), db());
        QVERIFY(v124.ok());
        const GameSetup &full = v124.setup;
        QTemporaryDir dir;
        ClubServer server(db());
        server.setGamesDir(dir.path());
        const QString campaignFile = dir.filePath(QStringLiteral("club.sqlite"));
        auto campaign = clubCampaign(campaignFile, full);
        QVERIFY(campaign);
        server.setCampaign(std::move(campaign));
        QStringList log;
        QObject::connect(&server, &ClubServer::logLine, [&](const QString &l) { log << l; });
        QString error;
        QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        QSignalSpy ended(&server, &ClubServer::gameEnded);
        Tap tap0(server.port()), tap1(server.port());
        const Tap *taps[2] = {&tap0, &tap1};
        const QString files[2] = {dir.filePath(QStringLiteral("host.jwgame")),
                                  dir.filePath(QStringLiteral("join.jwgame"))};
        auto args = [&](const char *mode, int side) {
            return QStringList {QString::fromLatin1(mode),   QStringLiteral(JW_MASKED_SCRIPT),
                                QStringLiteral("--port"),    QString::number(taps[side]->port()),
                                QStringLiteral("--random"),  QString::number(side + 7),
                                QStringLiteral("--save"),    files[side],
                                QStringLiteral("--timeout"), QStringLiteral("30000")};
        };
        // (The server is in this process: the test waits with its event loop running.)
        QProcess host, join;
        host.start(cli(), args("club-host", 0));
        QByteArray hostOut;
        QVERIFY(QTest::qWaitFor(
            [&] {
                hostOut += host.readAllStandardOutput();
                return hostOut.contains('\n') || host.state() == QProcess::NotRunning;
            },
            20000));
        QVERIFY2(hostOut.startsWith("created game 1"), hostOut.constData());
        join.start(cli(), args("club-join", 1));
        // A spectator with the board, from the start.
        QVERIFY(QTest::qWaitFor(
            [&] { return !log.filter(QStringLiteral("game 1 starts")).isEmpty(); }, 20000));
        FakePeer spectator(server.port());
        QVERIFY(spectator.connected());
        spectator.send(NetMessage::clubWatch(1, true));
        QVERIFY(waitUntil(
            [&] {
                return host.state() == QProcess::NotRunning && join.state() == QProcess::NotRunning;
            },
            180000));
        hostOut += host.readAllStandardOutput();
        const QByteArray joinOut = join.readAllStandardOutput();
        QVERIFY2(host.exitCode() == 0,
                 QByteArray(hostOut + host.readAllStandardError()).constData());
        QVERIFY2(join.exitCode() == 0,
                 QByteArray(joinOut + join.readAllStandardError()).constData());
        for (const QByteArray &out : {hostOut, joinOut}) {
            QVERIFY2(out.contains("hidden models are masked in this game"), out.constData());
            QVERIFY2(out.contains("over: the game is over"), out.constData());
        }
        QVERIFY(ended.count() == 1 || ended.wait(5000));
        QCOMPARE(ended.first().at(2).toString(), QStringLiteral("the game is over"));
        const QString all = log.join(QLatin1Char('\n'));
        QVERIFY2(all.contains(QStringLiteral("game 1: hidden models are masked (v1.2.4 secret "
                                             "information)")),
                 qPrintable(all));
        QVERIFY2(!all.contains(QStringLiteral("not masked")), qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("game 1: the masked game is over: every model "
                                             "revealed (4 reveals, 1 sealed Embarks)")),
                 qPrintable(all));
        QCOMPARE(server.refusedMessages(), 0);

        // What each client was sent: no card of the other's hidden models before its reveal.
        const int first1 = full.players[0].fleet.size();
        for (int c = 0; c < 2; ++c) {
            const int other = 1 - c;
            QStringList own;
            for (const FleetEntry &e : full.players[std::size_t(c)].fleet.entries)
                own << QStringLiteral("\"%1\"").arg(e.unitId)
                    << QStringLiteral("\"%1\"").arg(full.unit(e.unitId)->name)
                    << QStringLiteral("\"%1\"").arg(e.name);
            std::map<int, QStringList> secret; // by model id: its words no one else's card has
            const auto &entries = full.players[std::size_t(other)].fleet.entries;
            for (std::size_t i = 0; i < entries.size(); ++i) {
                const FleetEntry &e = entries[i];
                QStringList words {QStringLiteral("\"%1\"").arg(e.unitId),
                                   QStringLiteral("\"%1\"").arg(full.unit(e.unitId)->name)};
                if (!e.name.isEmpty())
                    words << QStringLiteral("\"%1\"").arg(e.name);
                for (const QString &w : words)
                    if (!own.contains(w))
                        secret[(other == 0 ? 0 : first1) + int(i)] << w;
            }
            QVERIFY(!secret.empty()); // the test means something
            std::set<int> revealed;
            std::set<QString> seen; // secret words seen once revealed
            int setups = 0;
            for (const Tap::Frame &f : taps[c]->frames) {
                if (f.from != 1)
                    continue;
                setups += f.message.type == MessageType::GameSetup ? 1 : 0;
                for (const HiddenReveal &r : f.message.reveals)
                    revealed.insert(r.model);
                for (const auto &[model, words] : secret)
                    for (const QString &w : words) {
                        if (!f.payload.contains(w.toUtf8()))
                            continue;
                        QVERIFY2(revealed.count(model),
                                 qPrintable(QStringLiteral("client %1 was sent %2 (model %3) "
                                                           "before its reveal: %4")
                                                .arg(c)
                                                .arg(w)
                                                .arg(model)
                                                .arg(QString::fromUtf8(f.payload.left(300)))));
                        seen.insert(w);
                    }
            }
            QCOMPARE(setups, 1);
            QStringList checked;
            for (const auto &[model, words] : secret) {
                QVERIFY2(revealed.count(model), qPrintable(QString::number(model)));
                for (const QString &w : words)
                    QVERIFY2(seen.count(w), qPrintable(w)); // sent, once revealed
                checked << words;
            }
            qInfo("client %d: %zu frames received; secret until revealed: %s", c,
                  taps[c]->frames.size(), qPrintable(checked.join(QLatin1Char(' '))));
        }

        // The same whole game on both sides and the server's; it verifies.
        const QByteArray saved = readFile(files[0]);
        QVERIFY(!saved.isEmpty());
        QCOMPARE(readFile(files[1]), saved);
        QVERIFY(QTest::qWaitFor([&] { return readFile(server.gamePath(1)) == saved; }, 5000));
        QVERIFY(!saved.contains("jw-hidden")); // no stand-in left
        const GameFile::Loaded loaded = GameFile::parse(saved, QStringLiteral("saved"));
        QVERIFY2(loaded.game, qPrintable(loaded.error));
        QCOMPARE(loaded.game->setup().players, full.players);
        QCOMPARE(loaded.game->state().phase, Phase::Over);
        for (const QString &file : {files[0], files[1], server.gamePath(1)}) {
            QProcess verify;
            verify.start(cli(), {QStringLiteral("game"), file, QStringLiteral("--verify")});
            QVERIFY(verify.waitForFinished(30000));
            const QByteArray out = verify.readAllStandardOutput();
            QVERIFY2(verify.exitCode() == 0, out.constData());
            QVERIFY2(out.contains("4 hidden models and 1 sealed Embarks verified against their "
                                  "commitments"),
                     out.constData());
        }

        // The club's campaign: a battle of the fleets revealed.
        QVERIFY2(all.contains(QStringLiteral("written into the campaign as battle")),
                 qPrintable(all));
        auto store = CampaignStore::open(campaignFile);
        QVERIFY(store.ok());
        const auto battles = store.value->battles();
        QVERIFY(battles.ok());
        QCOMPARE(battles.value.size(), std::size_t(1));
        for (std::size_t side = 0; side < 2; ++side) {
            const auto &got = battles.value[0].sides[side].fleet.entries;
            const auto &want = full.players[side].fleet.entries;
            QCOMPARE(got.size(), want.size());
            for (std::size_t i = 0; i < got.size(); ++i) {
                QCOMPARE(got[i].unitId, want[i].unitId);
                QCOMPARE(got[i].name, want[i].name);
            }
        }

        // The spectator: events and boards to the end; a hidden model is {id, owner, hidden}, and
        // no card (unit id, unit or model name) is in a frame before a model that has it is on
        // the table (hidden from neither player) after the command the frame is of.
        const Game &whole = *loaded.game;
        std::vector<std::pair<int, QStringList>> cards; // by model id: its words
        for (int side = 0; side < 2; ++side)
            for (const FleetEntry &e : full.players[std::size_t(side)].fleet.entries) {
                QStringList words {QStringLiteral("\"%1\"").arg(e.unitId),
                                   full.unit(e.unitId)->name};
                if (!e.name.isEmpty())
                    words << e.name;
                cards.emplace_back(int(cards.size()), words);
            }
        std::vector<QSet<QString>> publicAt; // after command k: the words of models seen
        QSet<QString> seenWords;
        for (int k = 0; k <= int(whole.history().size()); ++k) {
            const GameState &st = whole.stateAt(k);
            for (const auto &[model, words] : cards)
                if (!whole.engine().isHidden(st, model, 0)
                    && !whole.engine().isHidden(st, model, 1))
                    for (const QString &w : words)
                        seenWords.insert(w);
            publicAt.push_back(seenWords);
        }
        int boards = 0;
        int hiddenOnBoards = 0;
        int events = 0;
        int lastEvent = -1;
        int lastBoard = -1;
        for (;;) {
            const auto m = spectator.next();
            QVERIFY(m);
            if (m->type == MessageType::Bye)
                break;
            QVERIFY(m->seq >= 0 && m->seq < int(publicAt.size()));
            const QByteArray payload = encodePayload(*m);
            for (const auto &[model, words] : cards)
                for (const QString &w : words)
                    QVERIFY2(publicAt[std::size_t(m->seq)].contains(w)
                                 || !payload.contains(w.toUtf8()),
                             qPrintable(QStringLiteral("the spectator was sent %1 (model %2) "
                                                       "with command %3: %4")
                                            .arg(w)
                                            .arg(model)
                                            .arg(m->seq)
                                            .arg(QString::fromUtf8(payload.left(300)))));
            if (m->type == MessageType::ClubEvent) {
                ++events;
                lastEvent = m->seq;
                continue;
            }
            QCOMPARE(int(m->type), int(MessageType::ClubBoard));
            ++boards;
            QVERIFY(m->seq > lastBoard); // command by command
            lastBoard = m->seq;
            for (const QJsonValue &v : m->board.value(QStringLiteral("models")).toArray()) {
                const QJsonObject model = v.toObject();
                if (!model.value(QStringLiteral("hidden")).toBool())
                    continue;
                ++hiddenOnBoards;
                QCOMPARE(model.keys(),
                         (QStringList {QStringLiteral("hidden"), QStringLiteral("id"),
                                       QStringLiteral("owner")}));
            }
        }
        const int commands = int(loaded.game->history().size());
        QVERIFY(boards >= commands);
        QCOMPARE(lastBoard, commands);
        QCOMPARE(lastEvent, commands);
        QVERIFY(events >= commands);
        QVERIFY(hiddenOnBoards > 0);
    }

    // A masked game through the server whose creator's first reveal is forged on its way (a
    // relay changes its nonce): the server refuses it (its reveal does not match its
    // commitment), relays nothing of it, and the command is not played; the creator's session
    // stops at the refusal and leaves: the game pauses (as any club game; tst_clubmasked
    // resumes masked games), the joiner's session too. The joiner never reads the forged
    // reveal.
    void maskedForgedRevealRefused()
    {
        const GameScript v124 = GameScriptReader::read(QStringLiteral(JW_MASKED_SCRIPT), db());
        QVERIFY(v124.ok());
        ClubServer server(db());
        QStringList log;
        QObject::connect(&server, &ClubServer::logLine, [&](const QString &l) { log << l; });
        QString error;
        QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        QSignalSpy paused(&server, &ClubServer::gamePaused);
        // The relay between the creator and the server.
        QTcpServer relay;
        QVERIFY(relay.listen(QHostAddress::LocalHost));
        FrameReader reader;
        bool forged = false;
        int commandsBefore = -1;
        std::unique_ptr<NetSession> sessions[2];
        QObject::connect(&relay, &QTcpServer::newConnection, &relay, [&] {
            QTcpSocket *fromCreator = relay.nextPendingConnection();
            auto *toServer = new QTcpSocket(&relay);
            toServer->connectToHost(QHostAddress::LocalHost, server.port());
            QObject::connect(toServer, &QTcpSocket::readyRead, &relay,
                             [=] { fromCreator->write(toServer->readAll()); });
            QObject::connect(toServer, &QTcpSocket::disconnected, fromCreator,
                             &QTcpSocket::disconnectFromHost);
            QObject::connect(fromCreator, &QTcpSocket::disconnected, toServer,
                             &QTcpSocket::disconnectFromHost);
            QObject::connect(
                fromCreator, &QTcpSocket::readyRead, &relay, [&, fromCreator, toServer] {
                    for (const auto &item : reader.feed(fromCreator->readAll())) {
                        const Decoded d = decodePayload(item.payload);
                        QVERIFY(d.message);
                        NetMessage m = *d.message;
                        if (!forged && !m.reveals.empty()
                            && (m.type == MessageType::Reveal || m.type == MessageType::Command)) {
                            forged = true;
                            commandsBefore = int(sessions[0]->game()->history().size());
                            m.reveals.front().nonce[0] = char(m.reveals.front().nonce[0] ^ 1);
                        }
                        toServer->write(encodeFrame(m));
                    }
                });
        });
        RandomPlayer players[2] {RandomPlayer(21), RandomPlayer(22)};
        QStringList joinerLog;
        ClubClient creator, joiner;
        for (ClubClient *c : {&creator, &joiner}) {
            c->setMaskSecrets(true);
            QObject::connect(c, &ClubClient::ready, c,
                             [&](const GameSetup &s, int side, QTcpSocket *socket) {
                                 sessions[side] = std::make_unique<NetSession>(s, side);
                                 sessions[side]->setMaskSecrets(true);
                                 sessions[side]->setReplyTimeout(20000);
                                 if (side == 1)
                                     QObject::connect(sessions[side].get(), &NetSession::logMessage,
                                                      [&](const QString &t) { joinerLog << t; });
                                 drive(*sessions[side], players[side], 2000);
                                 sessions[side]->attach(socket);
                             });
        }
        creator.create(QStringLiteral("127.0.0.1"), relay.serverPort(), v124.setup);
        joiner.join(QStringLiteral("127.0.0.1"), server.port(), 0, v124.setup.players[1].name,
                    v124.setup.players[1].fleet);
        QVERIFY(paused.wait(60000));
        QVERIFY(forged);
        QVERIFY(commandsBefore >= 0);
        const QString all = log.join(QLatin1Char('\n'));
        QVERIFY2(all.contains(QStringLiteral("game 1: hidden models are masked")), qPrintable(all));
        // (And what the creator sent after it, before it read the refusal: out of turn now.)
        QVERIFY(server.refusedMessages() >= 1);
        QVERIFY2(all.contains(QStringLiteral("the entry does not match its commitment: refused")),
                 qPrintable(all));
        QVERIFY(QTest::qWaitFor(
            [&] {
                return sessions[0]->status() == NetSession::Status::Stopped
                    && sessions[1]->status() == NetSession::Status::Paused;
            },
            10000));
        QVERIFY2(
            sessions[0]->statusText().startsWith(QLatin1String("the peer refused our message")),
            qPrintable(sessions[0]->statusText()));
        // The forged command was not played, on the joiner's side either; the joiner never
        // read a reveal that does not match.
        QCOMPARE(int(sessions[1]->game()->history().size()), commandsBefore);
        QCOMPARE(server.runningGames(), 1); // paused: its players may take their seats again
        QVERIFY2(!joinerLog.join(QLatin1Char(' ')).contains(QLatin1String("commitment: refused")),
                 qPrintable(joinerLog.join(QLatin1Char('\n'))));
        qInfo("forged the reveal of command %d; %d messages refused; %s", commandsBefore + 1,
              server.refusedMessages(),
              qPrintable(
                  log.filter(QStringLiteral("refused a message")).join(QStringLiteral(" | "))));
        QVERIFY2(sessions[1]->statusText().contains(QLatin1String("the game is paused")),
                 qPrintable(sessions[1]->statusText()));
    }

    // Spectators delayed beyond the game's length see nothing until the game ends, then
    // every event.
    void spectatorDelay()
    {
        ClubServer server(db());
        server.setSpectatorDelay(1000);
        QString error;
        QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        std::unique_ptr<NetSession> sessions[2];
        RandomPlayer players[2] {RandomPlayer(9), RandomPlayer(10)};
        ClubClient creator, joiner;
        for (ClubClient *c : {&creator, &joiner})
            QObject::connect(c, &ClubClient::ready, c,
                             [&](const GameSetup &setup, int side, QTcpSocket *socket) {
                                 sessions[side] = std::make_unique<NetSession>(setup, side);
                                 sessions[side]->setReplyTimeout(20000);
                                 drive(*sessions[side], players[side], 30);
                                 sessions[side]->attach(socket);
                             });
        creator.create(QStringLiteral("127.0.0.1"), server.port(), script().setup);
        joiner.join(QStringLiteral("127.0.0.1"), server.port(), 0, script().setup.players[1].name,
                    script().setup.players[1].fleet);
        QVERIFY(QTest::qWaitFor([&] { return server.runningGames() == 1; }, 10000));
        FakePeer spectator(server.port());
        QVERIFY(spectator.connected());
        spectator.send(NetMessage::clubWatch(1));
        const auto first = spectator.next(60000);
        QVERIFY(first);
        QCOMPARE(server.runningGames(), 0); // sent only when the game ended
        QCOMPARE(int(first->type), int(MessageType::ClubEvent));
        QCOMPARE(first->seq, 0);
        int events = 1;
        for (;;) {
            const auto m = spectator.next();
            QVERIFY(m);
            if (m->type == MessageType::Bye)
                break;
            ++events;
        }
        QVERIFY(waitUntil(
            [&] {
                return sessions[0]->game() && sessions[0]->status() == NetSession::Status::Over;
            },
            10000));
        std::size_t all = 0;
        for (const auto &e : sessions[0]->game()->log())
            all += e.size();
        QCOMPARE(std::size_t(events), all);
    }

    // A spectator reads an event secret from a player (v1.2.4 secret information) as that
    // player does: its public sentence, no data.
    void spectatorSeesPublicEventsOnly()
    {
        GameEvent e;
        e.kind = QStringLiteral("deploy");
        e.message = jw::Message::plain(QStringLiteral("The JCS Vigilant is deployed In Reserve."));
        e.publicMessage = jw::Message::plain(QStringLiteral("A model is deployed."));
        e.data = QJsonObject {{QStringLiteral("model"), 3}};
        e.player = 0;
        e.secretFrom = 1;
        const NetMessage m = publicEvent(7, e);
        QCOMPARE(m.seq, 7);
        QCOMPARE(m.name, QStringLiteral("secret"));
        QCOMPARE(m.text, QStringLiteral("A model is deployed."));
        QCOMPARE(m.player, 0);
        QVERIFY(!encodePayload(m).contains("Vigilant"));
        QVERIFY(!encodePayload(m).contains("\"model\":")); // no data
        e.secretFrom = -1;
        QCOMPARE(publicEvent(7, e).text,
                 QStringLiteral("The JCS Vigilant is deployed In Reserve."));
        QCOMPARE(publicEvent(7, e).name, QStringLiteral("deploy"));
        // A sentence too long for a club-event is cut, and still decodes.
        e.message = jw::Message::plain(QString(kMaxChatChars + 50, QLatin1Char('x')));
        const Decoded long_ = decodePayload(encodePayload(publicEvent(8, e)));
        QVERIFY2(long_.message, qPrintable(long_.error));
        QCOMPARE(long_.message->text.size(), kMaxChatChars);
    }

    // A player's connection drops mid-game: the game pauses (the other player's session too),
    // both take their seats again (club-rejoin) and resume from the last agreed command, and
    // play the game out: the same saved game on both sides and on the server, verified.
    void dropAndRejoin()
    {
        QTemporaryDir dir;
        ClubServer server(db());
        server.setGamesDir(dir.path());
        QString error;
        QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        QSignalSpy paused(&server, &ClubServer::gamePaused);
        QSignalSpy ended(&server, &ClubServer::gameEnded);

        std::unique_ptr<NetSession> sessions[2];
        QPointer<QTcpSocket> sockets[2];
        RandomPlayer players[2] {RandomPlayer(7), RandomPlayer(8)};
        ClubClient creator, joiner;
        for (ClubClient *c : {&creator, &joiner})
            QObject::connect(c, &ClubClient::ready, c,
                             [&](const GameSetup &setup, int side, QTcpSocket *socket) {
                                 sessions[side] = std::make_unique<NetSession>(setup, side);
                                 drive(*sessions[side], players[side], 30);
                                 sockets[side] = socket;
                                 sessions[side]->attach(socket);
                             });
        creator.create(QStringLiteral("127.0.0.1"), server.port(), script().setup);
        joiner.join(QStringLiteral("127.0.0.1"), server.port(), 0, script().setup.players[1].name,
                    script().setup.players[1].fleet);
        QVERIFY(QTest::qWaitFor([&] { return sessions[1] && sessions[1]->game(); }, 10000));
        // The joiner's connection is cut after its 8th agreed command (once).
        bool cut = false;
        QObject::connect(sessions[1].get(), &NetSession::applied, sessions[1].get(),
                         [&](int index) {
                             if (index != 7 || cut)
                                 return;
                             cut = true;
                             QTimer::singleShot(0, sessions[1].get(), [&] {
                                 if (sockets[1])
                                     sockets[1]->abort();
                             });
                         });
        QVERIFY(paused.wait(20000));
        QVERIFY(QTest::qWaitFor(
            [&] {
                return sessions[0]->status() == NetSession::Status::Paused
                    && sessions[1]->status() == NetSession::Status::Paused;
            },
            10000));
        QCOMPARE(server.runningGames(), 1);
        // Nobody else takes a seat that is not empty, nor one of a game that is not paused.
        {
            FakePeer intruder(server.port());
            QVERIFY(intruder.connected());
            intruder.send(NetMessage::clubRejoin(2, 0, creator.token()));
            QVERIFY(intruder.expect(MessageType::Error)); // no game 2
            intruder.send(NetMessage::clubRejoin(1, 0, joiner.token()));
            const auto wrongToken = intruder.expect(MessageType::Error);
            QVERIFY(wrongToken);
            QVERIFY2(wrongToken->text.contains(QStringLiteral("not the token")),
                     qPrintable(wrongToken->text));
            QCOMPARE(creator.token().size(), 32);
            QVERIFY(creator.token() != joiner.token());
        }
        // Both take their seats again and resume their own games.
        ClubClient back[2];
        for (int side = 0; side < 2; ++side) {
            QObject::connect(&back[side], &ClubClient::ready, &back[side],
                             [&](const GameSetup &, int s, QTcpSocket *socket) {
                                 QString why;
                                 QVERIFY2(sessions[s]->resume(*sessions[s]->game(), &why),
                                          qPrintable(why));
                                 sessions[s]->attach(socket);
                             });
            back[side].rejoin(QStringLiteral("127.0.0.1"), server.port(), 1, side,
                              (side == 0 ? creator : joiner).token());
        }
        QVERIFY(waitUntil(
            [&] {
                return sessions[0]->status() == NetSession::Status::Over
                    && sessions[1]->status() == NetSession::Status::Over;
            },
            60000));
        QVERIFY(ended.count() == 1 || ended.wait(5000));
        const Game &g0 = *sessions[0]->game();
        QVERIFY2(g0.history().size() > 8,
                 qPrintable(sessions[0]->statusText() + QLatin1Char('/') + sessions[1]->statusText()
                            + QStringLiteral(" after %1 commands").arg(g0.history().size())));
        QCOMPARE(GameFile::serialize(g0), GameFile::serialize(*sessions[1]->game()));
        QCOMPARE(readFile(server.gamePath(1)), GameFile::serialize(g0));
        QVERIFY(GameFile::verifyDice(g0).ok());
    }

    // A spectator who comes during a game catches up: it is sent the public events published
    // so far (not those the spectator delay holds back), each as a live spectator got it, then
    // the board as it stands after them; with a catch-up bound, the latest events only, after
    // one saying how many are left out. Then the game's events go on as for any spectator.
    void lateSpectatorCatchesUp()
    {
        ClubServer server(db());
        server.setSpectatorDelay(2);
        QString error;
        QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        // A spectator from the start: what a live spectator is sent.
        std::unique_ptr<NetSession> sessions[2];
        RandomPlayer players[2] {RandomPlayer(21), RandomPlayer(22)};
        std::size_t stopAt = 10; // the players wait there (the game stays under way)
        std::function<void()> plays[2];
        ClubClient creator, joiner;
        for (ClubClient *c : {&creator, &joiner})
            QObject::connect(c, &ClubClient::ready, c,
                             [&](const GameSetup &setup, int side, QTcpSocket *socket) {
                                 sessions[side] = std::make_unique<NetSession>(setup, side);
                                 NetSession *s = sessions[side].get();
                                 RandomPlayer *r = &players[side];
                                 auto play = [s, r, &stopAt] {
                                     if (!s->myTurn() || s->game()->history().size() >= stopAt)
                                         return;
                                     if (s->game()->state().phase == jw::Phase::Over)
                                         return;
                                     const auto c
                                         = r->choose(s->game()->engine(), s->game()->state());
                                     if (!c || !s->submit(*c))
                                         s->finish(QStringLiteral("no command"));
                                 };
                                 plays[side] = play;
                                 QObject::connect(s, &NetSession::turn, s, play);
                                 QObject::connect(s, &NetSession::applied, s,
                                                  [s, play] { QTimer::singleShot(0, s, play); });
                                 s->attach(socket);
                             });
        creator.create(QStringLiteral("127.0.0.1"), server.port(), script().setup);
        QVERIFY(QTest::qWaitFor([&] { return server.openGames() == 1; }, 5000));
        FakePeer live(server.port());
        joiner.join(QStringLiteral("127.0.0.1"), server.port(), 1, script().setup.players[1].name,
                    script().setup.players[1].fleet);
        QVERIFY(QTest::qWaitFor([&] { return server.runningGames() == 1; }, 5000));
        QVERIFY(live.connected());
        live.send(NetMessage::clubWatch(1));
        QVERIFY(QTest::qWaitFor(
            [&] {
                return sessions[0] && sessions[1] && sessions[0]->game() && sessions[1]->game()
                    && sessions[0]->game()->history().size() == stopAt
                    && sessions[1]->game()->history().size() == stopAt
                    && sessions[0]->status() == NetSession::Status::Playing;
            },
            20000));
        QTest::qWait(300); // every event published so far has come
        std::vector<QByteArray> liveEvents;
        while (const auto m = live.next(100))
            liveEvents.push_back(encodePayload(*m));
        // What a live spectator got by now: the events of the start and commands 1 to 8 (the
        // delay holds back 9 and 10).
        const Game &game = *sessions[0]->game();
        std::vector<QByteArray> expected;
        for (int seq = 0; seq <= int(stopAt) - 2; ++seq)
            for (const GameEvent &e : game.log()[std::size_t(seq)])
                expected.push_back(encodePayload(publicEvent(seq, e)));
        QVERIFY(!expected.empty());

        // A late spectator with the board: the same events, then the board after command 8.
        FakePeer late(server.port());
        QVERIFY(late.connected());
        late.send(NetMessage::clubWatch(1, true));
        std::vector<QByteArray> caughtUp;
        std::optional<NetMessage> board;
        while (!board) {
            const auto m = late.next();
            QVERIFY(m);
            if (m->type == MessageType::ClubBoard)
                board = m;
            else
                caughtUp.push_back(encodePayload(*m));
        }
        QCOMPARE(caughtUp, expected);
        QCOMPARE(board->seq, int(stopAt) - 2);
        QString why;
        const auto b = boardFromJson(board->board, &why);
        QVERIFY2(b, qPrintable(why));
        const GameState &truth = game.stateAt(board->seq);
        QCOMPARE(b->state.turn, truth.turn);
        QCOMPARE(b->state.models.size(), truth.models.size());
        for (std::size_t i = 0; i < truth.models.size(); ++i)
            if (truth.models[i].onTable())
                QCOMPARE(b->state.models[i].placement.centre(), truth.models[i].placement.centre());
        QVERIFY(late.quiet(200));

        // Bounded: the latest 3 only, after one event saying how many are left out.
        server.setSpectatorCatchUpLimit(3);
        FakePeer bounded(server.port());
        QVERIFY(bounded.connected());
        bounded.send(NetMessage::clubWatch(1));
        const auto omitted = bounded.expect(MessageType::ClubEvent);
        QVERIFY(omitted);
        QCOMPARE(omitted->name, QStringLiteral("omitted"));
        QCOMPARE(omitted->player, -1);
        QVERIFY2(
            omitted->text.contains(QStringLiteral("%1 earlier events").arg(expected.size() - 3)),
            qPrintable(omitted->text));
        std::vector<QByteArray> tail;
        for (int i = 0; i < 3; ++i) {
            const auto m = bounded.expect(MessageType::ClubEvent);
            QVERIFY(m);
            tail.push_back(encodePayload(*m));
        }
        QCOMPARE(tail, std::vector<QByteArray>(expected.end() - 3, expected.end()));
        QVERIFY(bounded.quiet(200));

        // The game goes on: each later spectator is sent the same events as the live one.
        stopAt = 16;
        for (const auto &play : plays)
            play();
        QVERIFY(QTest::qWaitFor(
            [&] {
                return sessions[0]->game()->history().size() == stopAt
                    && sessions[1]->game()->history().size() == stopAt;
            },
            20000));
        QTest::qWait(300);
        while (const auto m = live.next(100))
            liveEvents.push_back(encodePayload(*m));
        std::vector<int> boards; // the late spectator's boards: one after each command published
        while (const auto m = late.next(100))
            if (m->type == MessageType::ClubEvent)
                caughtUp.push_back(encodePayload(*m));
            else if (m->type == MessageType::ClubBoard)
                boards.push_back(m->seq);
        QCOMPARE(caughtUp, liveEvents);
        QVERIFY(caughtUp.size() > expected.size());

        // The game ends: the commands the delay held back are published at once, each with
        // the board after it (a spectator follows command by command).
        sessions[0]->finish(QStringLiteral("enough"));
        QVERIFY(QTest::qWaitFor([&] { return server.runningGames() == 0; }, 5000));
        while (const auto m = late.next(300))
            if (m->type == MessageType::ClubBoard) {
                QString whyNot;
                const auto b = boardFromJson(m->board, &whyNot);
                QVERIFY2(b, qPrintable(whyNot));
                const GameState &at = game.stateAt(m->seq);
                for (std::size_t i = 0; i < at.models.size(); ++i)
                    if (at.models[i].onTable())
                        QCOMPARE(b->state.models[i].placement.centre(),
                                 at.models[i].placement.centre());
                boards.push_back(m->seq);
            }
        // After the catch-up's board (command 8): commands 9 to 16, each once and in order.
        std::vector<int> each;
        for (int seq = 9; seq <= int(stopAt); ++seq)
            each.push_back(seq);
        QCOMPARE(boards, each);
    }

    // The lobby announced: a client that asked (club-list with `watch`) is sent the listing
    // again when a game is created, joined, played (its turn and commands), watched, paused,
    // resumed and ended; at most one listing per interval (rate-limited), never the same
    // listing twice; the watcher is not closed as idle, may only ask again or leave, and a
    // full lobby answers once without `watch`.
    void lobbyAnnouncesChanges()
    {
        ClubServer server(db());
        const int interval = 200;
        server.setLobbyPushTiming(50, interval);
        server.setLobbyTimeout(300);
        server.setMaxLobbyWatchers(2);
        QString error;
        QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        QElapsedTimer clock;
        clock.start();

        // On the wire: the answer says the server will announce; the same listing is not sent
        // again (nothing changed: quiet).
        FakePeer wire(server.port());
        QVERIFY(wire.connected());
        wire.send(NetMessage::clubList(true, true, true));
        const auto first = wire.expect(MessageType::ClubGames);
        QVERIFY(first);
        QVERIFY(first->watch);
        QVERIFY(first->games.empty());
        QVERIFY(wire.quiet(500)); // past the lobby timeout: not closed, nothing pushed
        QCOMPARE(wire.m_socket.state(), QAbstractSocket::ConnectedState);
        // A watcher only asks again or leaves.
        wire.send(NetMessage::clubCreate(GameFile::serialize(Game(script().setup))));
        const auto refused = wire.expect(MessageType::Error);
        QVERIFY(refused);
        QVERIFY2(refused->text.contains(QLatin1String("watches the lobby")),
                 qPrintable(refused->text));
        QCOMPARE(server.openGames(), 0);

        ClubClient watcher;
        std::vector<std::vector<ClubGameInfo>> seen;
        QObject::connect(&watcher, &ClubClient::games, &watcher,
                         [&seen](const std::vector<ClubGameInfo> &g) { seen.push_back(g); });
        QSignalSpy watcherFailed(&watcher, &ClubClient::failed);
        watcher.watchLobby(QStringLiteral("127.0.0.1"), server.port());
        QVERIFY(QTest::qWaitFor([&] { return !seen.empty(); }, 5000));
        QVERIFY(watcher.watchingLobby());
        QVERIFY(watcher.listedAll());
        QCOMPARE(server.lobbyWatchers(), 2);
        // A third is answered once, without `watch`: it would ask again itself.
        {
            ClubClient third;
            QSignalSpy listed(&third, &ClubClient::games);
            third.watchLobby(QStringLiteral("127.0.0.1"), server.port());
            QVERIFY(listed.wait(5000));
            QVERIFY(!third.watchingLobby());
            QCOMPARE(server.lobbyWatchers(), 2);
        }
        auto lastSeen = [&]() -> const std::vector<ClubGameInfo> & {
            return seen.back();
        };
        auto waitFor = [&](const std::function<bool(const std::vector<ClubGameInfo> &)> &test) {
            return QTest::qWaitFor([&] { return !seen.empty() && test(lastSeen()); }, 20000);
        };

        std::unique_ptr<NetSession> sessions[2];
        QPointer<QTcpSocket> sockets[2];
        RandomPlayer players[2] {RandomPlayer(17), RandomPlayer(18)};
        ClubClient creator, joiner;
        for (ClubClient *c : {&creator, &joiner})
            QObject::connect(c, &ClubClient::ready, c,
                             [&](const GameSetup &setup, int side, QTcpSocket *socket) {
                                 sessions[side] = std::make_unique<NetSession>(setup, side);
                                 drive(*sessions[side], players[side], 24, 20);
                                 sockets[side] = socket;
                                 sessions[side]->attach(socket);
                             });
        creator.create(QStringLiteral("127.0.0.1"), server.port(), script().setup);
        // Created: the open game, announced.
        QVERIFY(waitFor([](const auto &g) { return g.size() == 1 && !g[0].playing; }));
        QCOMPARE(lastSeen()[0].name, QStringLiteral("Dave"));
        QCOMPARE(lastSeen()[0].fleets.size(), std::size_t(1));
        const auto wireCreated = wire.expect(MessageType::ClubGames);
        QVERIFY(wireCreated);
        QVERIFY(wireCreated->watch);
        QCOMPARE(wireCreated->games.size(), std::size_t(1));

        // Joined and played: under way, its commands and turn as they are agreed.
        joiner.join(QStringLiteral("127.0.0.1"), server.port(), 1, script().setup.players[1].name,
                    script().setup.players[1].fleet);
        QVERIFY(waitFor([](const auto &g) { return g.size() == 1 && g[0].playing; }));
        QCOMPARE(lastSeen()[0].opponent, script().setup.players[1].name);
        QVERIFY(waitFor([](const auto &g) { return g.size() == 1 && g[0].commands >= 4; }));
        QVERIFY(lastSeen()[0].turn >= 1);
        // Watched: its spectators.
        ClubClient spectator;
        spectator.watch(QStringLiteral("127.0.0.1"), server.port(), 1);
        QVERIFY(waitFor([](const auto &g) { return g.size() == 1 && g[0].spectators == 1; }));

        // Paused: the joiner's connection cut.
        QVERIFY(QTest::qWaitFor([&] { return sockets[1] != nullptr; }, 5000));
        sockets[1]->abort();
        QVERIFY(waitFor([](const auto &g) { return g.size() == 1 && g[0].paused; }));
        const int pausedAt = lastSeen()[0].commands;
        QVERIFY(QTest::qWaitFor(
            [&] {
                return sessions[0]->status() == NetSession::Status::Paused
                    && sessions[1]->status() == NetSession::Status::Paused;
            },
            10000));
        // Resumed: both take their seats again; the game goes on to its end.
        ClubClient back[2];
        for (int side = 0; side < 2; ++side) {
            QObject::connect(&back[side], &ClubClient::ready, &back[side],
                             [&](const GameSetup &, int s, QTcpSocket *socket) {
                                 QString why;
                                 QVERIFY2(sessions[s]->resume(*sessions[s]->game(), &why),
                                          qPrintable(why));
                                 sessions[s]->attach(socket);
                             });
            back[side].rejoin(QStringLiteral("127.0.0.1"), server.port(), 1, side,
                              (side == 0 ? creator : joiner).token());
        }
        QVERIFY(waitFor([&](const auto &g) {
            return g.size() == 1 && !g[0].paused && g[0].playing && g[0].commands > pausedAt;
        }));
        // Ended: no game listed.
        QVERIFY(waitFor([](const auto &g) { return g.empty(); }));
        QVERIFY(watcherFailed.isEmpty());
        QVERIFY(watcher.watchingLobby());

        // Never the same listing twice in a row; at most one push per interval (two watchers,
        // and the first answers are not pushes).
        for (std::size_t i = 1; i < seen.size(); ++i)
            QVERIFY2(seen[i] != seen[i - 1], qPrintable(QStringLiteral("listing %1").arg(i)));
        const qint64 elapsed = clock.elapsed();
        QVERIFY2(server.lobbyPushes() <= 2 * (elapsed / interval + 1),
                 qPrintable(
                     QStringLiteral("%1 pushes in %2 ms").arg(server.lobbyPushes()).arg(elapsed)));
        QVERIFY(int(seen.size()) - 1 <= elapsed / interval + 1);
        QVERIFY(sessions[0]->game()->history().size() > std::size_t(pausedAt));

        // A club-list without `watch` stops the announcements; the server shutting down ends
        // the watch with a bye.
        wire.send(NetMessage::clubList());
        QVERIFY(QTest::qWaitFor([&] { return server.lobbyWatchers() == 1; }, 5000));
        server.shutdown(500);
        QVERIFY(watcherFailed.wait(5000));
        QVERIFY2(watcherFailed.first().at(0).toString().contains(QLatin1String("stopped")),
                 qPrintable(watcherFailed.first().at(0).toString()));
        QVERIFY(!watcher.watchingLobby());
    }

    // A server stopped during a game saves it (and its seats); a new server started on the
    // same folder takes it up as paused (listed when club-list asks for paused games), the
    // players take their seats again with their tokens and play the game out; the three
    // saved games are the same and verify. An ended game is not taken up.
    void restartedServerTakesUpItsGames()
    {
        QTemporaryDir dir;
        std::unique_ptr<NetSession> sessions[2];
        RandomPlayer players[2] {RandomPlayer(11), RandomPlayer(12)};
        std::array<QByteArray, 2> tokens;
        std::size_t stoppedAt = 0;
        {
            ClubServer first(db());
            first.setGamesDir(dir.path());
            QString error;
            QVERIFY2(first.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
            ClubClient creator, joiner;
            for (ClubClient *c : {&creator, &joiner})
                QObject::connect(c, &ClubClient::ready, c,
                                 [&](const GameSetup &setup, int side, QTcpSocket *socket) {
                                     sessions[side] = std::make_unique<NetSession>(setup, side);
                                     drive(*sessions[side], players[side], 100'000);
                                     sessions[side]->attach(socket);
                                 });
            creator.create(QStringLiteral("127.0.0.1"), first.port(), script().setup);
            joiner.join(QStringLiteral("127.0.0.1"), first.port(), 0,
                        script().setup.players[1].name, script().setup.players[1].fleet);
            QVERIFY(QTest::qWaitFor(
                [&] {
                    return sessions[0] && sessions[0]->game()
                        && sessions[0]->game()->history().size() >= 6;
                },
                20000));
            QSignalSpy closed(&first, &ClubServer::closed);
            first.shutdown();
            QVERIFY(closed.count() == 1 || closed.wait(5000));
            QVERIFY(QTest::qWaitFor(
                [&] {
                    return sessions[0]->status() == NetSession::Status::Over
                        && sessions[1]->status() == NetSession::Status::Over;
                },
                10000));
            QVERIFY2(sessions[0]->statusText().contains(QStringLiteral("take your seat again")),
                     qPrintable(sessions[0]->statusText()));
            tokens = {creator.token(), joiner.token()};
            stoppedAt = GameFile::read(first.gamePath(1)).game->history().size();
        }
        QVERIFY(stoppedAt >= 6);
        QVERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("game-1.seats.json"))));
        // The seat tokens take a seat: the server's user alone may read them.
        QCOMPARE(QFileInfo(dir.filePath(QStringLiteral("game-1.seats.json"))).permissions()
                     & (QFileDevice::ReadGroup | QFileDevice::ReadOther),
                 QFileDevice::Permissions());

        // Beside it: the seats of a game whose start was never saved, and a damaged seats file.
        {
            QFile f(dir.filePath(QStringLiteral("game-7.seats.json")));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("{\"status\":\"playing\",\"tokens\":[\"" + QByteArray(64, 'a') + "\",\""
                    + QByteArray(64, 'b') + "\"]}");
        }
        {
            QFile f(dir.filePath(QStringLiteral("game-8.seats.json")));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("{\"status\":");
        }
        ClubServer second(db());
        second.setGamesDir(dir.path());
        QStringList log;
        QObject::connect(&second, &ClubServer::logLine, [&](const QString &l) { log << l; });
        QCOMPARE(second.takeUpSavedGames(), 1);
        QVERIFY2(log.join(QLatin1Char('\n'))
                     .contains(QStringLiteral("game 7: not taken up: it has no saved game")),
                 qPrintable(log.join(QLatin1Char('\n'))));
        QVERIFY2(log.join(QLatin1Char('\n')).contains(QStringLiteral("game 8: not taken up: ")),
                 qPrintable(log.join(QLatin1Char('\n'))));
        QVERIFY2(log.join(QLatin1Char('\n'))
                     .contains(
                         QStringLiteral("game 1 taken up: paused after command %1").arg(stoppedAt)),
                 qPrintable(log.join(QLatin1Char('\n'))));
        QString error;
        QVERIFY2(second.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        QCOMPARE(second.runningGames(), 1);
        QCOMPARE(second.openGames(), 0);
        {
            FakePeer lister(second.port());
            QVERIFY(lister.connected());
            lister.send(NetMessage::clubList());
            const auto open = lister.expect(MessageType::ClubGames);
            QVERIFY(open && open->games.empty()); // an old client sees what it saw
            lister.send(NetMessage::clubList(true));
            const auto all = lister.expect(MessageType::ClubGames);
            QVERIFY(all);
            QCOMPARE(all->games.size(), std::size_t(1));
            const ClubGameInfo &g = all->games[0];
            QCOMPARE(g.id, 1);
            QVERIFY(g.paused);
            QCOMPARE(g.commands, int(stoppedAt));
            QCOMPARE(g.name, script().setup.players[0].name);
            QCOMPARE(g.opponent, script().setup.players[1].name);
            QVERIFY(g.fleets.empty()); // not asked for
            // A newer client asks for all: the paused game with its details.
            lister.send(NetMessage::clubList(true, true));
            const auto details = lister.expect(MessageType::ClubGames);
            QVERIFY(details);
            QCOMPARE(details->games.size(), std::size_t(1));
            QVERIFY(details->games[0].paused && details->games[0].playing);
            QCOMPARE(details->games[0].commands, int(stoppedAt));
            QCOMPARE(details->games[0].fleets.size(), std::size_t(2));
            QCOMPARE(details->games[0].spectators, 0);
            QVERIFY(details->games[0].turn >= 1);
            // A wrong token is refused as before.
            lister.send(NetMessage::clubRejoin(1, 0, tokens[1]));
            QVERIFY(lister.expect(MessageType::Error));
        }
        QSignalSpy ended(&second, &ClubServer::gameEnded);
        std::unique_ptr<NetSession> resumed[2];
        ClubClient back[2];
        for (int side = 0; side < 2; ++side) {
            QObject::connect(&back[side], &ClubClient::ready, &back[side],
                             [&](const GameSetup &setup, int s, QTcpSocket *socket) {
                                 resumed[s] = std::make_unique<NetSession>(setup, s);
                                 drive(*resumed[s], players[s], 100'000);
                                 QString why;
                                 QVERIFY2(resumed[s]->resume(*sessions[s]->game(), &why),
                                          qPrintable(why));
                                 resumed[s]->attach(socket);
                             });
            back[side].rejoin(QStringLiteral("127.0.0.1"), second.port(), 1, side,
                              tokens[std::size_t(side)]);
        }
        QVERIFY(QTest::qWaitFor(
            [&] {
                return resumed[0] && resumed[1] && resumed[0]->status() == NetSession::Status::Over
                    && resumed[1]->status() == NetSession::Status::Over;
            },
            60000));
        QVERIFY(ended.count() == 1 || ended.wait(5000));
        QCOMPARE(ended.first().at(2).toString(), QStringLiteral("the game is over"));
        const Game &g0 = *resumed[0]->game();
        QVERIFY(g0.history().size() > stoppedAt);
        QCOMPARE(GameFile::serialize(g0), GameFile::serialize(*resumed[1]->game()));
        QCOMPARE(readFile(second.gamePath(1)), GameFile::serialize(g0));
        QVERIFY(GameFile::verifyDice(g0).ok());
        // Ended: a server started again does not take it up, and numbers new games after it.
        ClubServer third(db());
        third.setGamesDir(dir.path());
        QStringList log3;
        QObject::connect(&third, &ClubServer::logLine, [&](const QString &l) { log3 << l; });
        QCOMPARE(third.takeUpSavedGames(), 0);
        QVERIFY(!log3.join(QLatin1Char('\n')).contains(QStringLiteral("game 7")));
        QCOMPARE(third.runningGames(), 0);
    }

    // A game played to its end is written into the club's campaign as a battle between the
    // campaign's players of those names: SQLite, and PostgreSQL when JW_TEST_PG_URL is set
    // (scripts/test starts a server), as the campaign store's own tests.
    void finishedGameIntoCampaign_data()
    {
        QTest::addColumn<QString>("backend");
        for (const QString &b : jwtest::backends())
            QTest::newRow(qPrintable(b)) << b;
    }
    void finishedGameIntoCampaign()
    {
        QFETCH(QString, backend);
        jwtest::Databases dbs;
        const QString file = dbs.fresh(backend); // a SQLite file, or a PostgreSQL URL
        {
            auto opened = CampaignStore::open(file);
            QVERIFY2(opened.ok(), qPrintable(opened.error.message));
            Campaign c;
            c.name = QStringLiteral("Club");
            c.started = QDate(2026, 1, 1);
            QVERIFY(opened.value->create(c).ok());
            for (int side = 0; side < 2; ++side) {
                Player p;
                p.name = script().setup.players[std::size_t(side)].name;
                p.setFleet(script().setup.players[std::size_t(side)].fleet);
                const auto added = opened.value->addPlayer(p);
                QVERIFY2(added.ok(), qPrintable(added.error.message));
            }
        }
        ClubServer server(db());
        auto opened = CampaignStore::open(file);
        QVERIFY(opened.ok());
        server.setCampaign(std::move(opened.value));
        QStringList log;
        QObject::connect(&server, &ClubServer::logLine, [&](const QString &l) { log << l; });
        QString error;
        QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        QSignalSpy ended(&server, &ClubServer::gameEnded);
        std::unique_ptr<NetSession> sessions[2];
        RandomPlayer players[2] {RandomPlayer(3), RandomPlayer(4)};
        ClubClient creator, joiner;
        for (ClubClient *c : {&creator, &joiner})
            QObject::connect(c, &ClubClient::ready, c,
                             [&](const GameSetup &setup, int side, QTcpSocket *socket) {
                                 sessions[side] = std::make_unique<NetSession>(setup, side);
                                 drive(*sessions[side], players[side], 100'000);
                                 sessions[side]->attach(socket);
                             });
        creator.create(QStringLiteral("127.0.0.1"), server.port(), script().setup);
        joiner.join(QStringLiteral("127.0.0.1"), server.port(), 0, script().setup.players[1].name,
                    script().setup.players[1].fleet);
        QVERIFY(ended.wait(60000));
        QCOMPARE(ended.first().at(2).toString(), QStringLiteral("the game is over"));
        QVERIFY2(log.join(QLatin1Char('\n'))
                     .contains(QStringLiteral("written into the campaign as battle")),
                 qPrintable(log.join(QLatin1Char('\n'))));
        auto store = CampaignStore::open(file);
        QVERIFY(store.ok());
        const auto battles = store.value->battles();
        QVERIFY(battles.ok());
        QCOMPARE(battles.value.size(), std::size_t(1));
        for (const BattleSide &side : battles.value[0].sides)
            QVERIFY(side.playerId != 0); // the campaign's players
    }

    // A campaign (SQLite) with the script's two players, for a server to write battles into.
    static std::unique_ptr<CampaignStore> clubCampaign(const QString &file)
    {
        return clubCampaign(file, script().setup);
    }
    // ... with the two players of `setup`.
    static std::unique_ptr<CampaignStore> clubCampaign(const QString &file, const GameSetup &setup)
    {
        auto opened = CampaignStore::open(file);
        if (!opened.ok())
            return nullptr;
        Campaign c;
        c.name = QStringLiteral("Club");
        c.started = QDate(2026, 1, 1);
        if (!opened.value->create(c).ok())
            return nullptr;
        for (int side = 0; side < 2; ++side) {
            Player p;
            p.name = setup.players[std::size_t(side)].name;
            p.setFleet(setup.players[std::size_t(side)].fleet);
            if (!opened.value->addPlayer(p).ok())
                return nullptr;
        }
        return std::move(opened.value);
    }

    // Two hand-written players (p0 creates, p1 joins with the script's player 1) start game 1
    // of `server` and agree on its first command (the script's, player 1's). Each seat's
    // token into `tokens`; the game as the players have it into `game`.
    static bool startAndPlayOne(ClubServer &server, FakePeer &p0, FakePeer &p1,
                                std::array<QByteArray, 2> &tokens, std::unique_ptr<Game> &game,
                                ExchangeDice &dice)
    {
        if (!p0.connected() || !p1.connected())
            return false;
        p0.send(NetMessage::clubCreate(GameFile::serialize(Game(script().setup))));
        if (!p0.expect(MessageType::ClubCreated))
            return false;
        p1.send(NetMessage::clubJoin(
            1, script().setup.players[1].name,
            QString::fromUtf8(FleetFile::serialize(script().setup.players[1].fleet))));
        const auto seat0 = p0.expect(MessageType::ClubSeat);
        const auto seat1 = p1.expect(MessageType::ClubSeat);
        if (!seat0 || !seat1)
            return false;
        tokens = {seat0->bytes, seat1->bytes};
        const auto g = p0.expect(MessageType::GameSetup);
        if (!g || !p1.expect(MessageType::GameSetup))
            return false;
        const GameSetup setup = GameFile::parse(g->game, QStringLiteral("g")).game->setup();
        p0.send(NetMessage::hello(setupHash(setup), 0));
        p1.send(NetMessage::hello(setupHash(setup), 1));
        if (!p0.expect(MessageType::Hello) || !p1.expect(MessageType::Hello))
            return false;
        const QByteArray a = fairdice::newNonce(), b = fairdice::newNonce();
        p0.send(NetMessage::diceCommit(0, fairdice::commitment(a)));
        if (!p1.expect(MessageType::DiceCommit))
            return false;
        p1.send(NetMessage::diceReveal(0, b));
        if (!p0.expect(MessageType::DiceReveal))
            return false;
        p0.send(NetMessage::diceReveal(0, a));
        if (!p1.expect(MessageType::DiceReveal))
            return false;
        QString why;
        game = startExchangeGame(setup, dice, a, b, &why);
        if (!game)
            return false;
        const QByteArray h0 = stateHash(game->engine(), game->state());
        p0.send(NetMessage::stateHash(0, h0));
        p1.send(NetMessage::stateHash(0, h0));
        if (!p0.expect(MessageType::StateHash) || !p1.expect(MessageType::StateHash))
            return false;
        const Command activate = script().commands[0].command;
        p1.send(NetMessage::commandMessage(1, activate));
        if (!p0.expect(MessageType::Command) || !game->apply(activate).ok())
            return false;
        const QByteArray h1 = stateHash(game->engine(), game->state());
        p0.send(NetMessage::stateHash(1, h1));
        p1.send(NetMessage::stateHash(1, h1));
        return p0.expect(MessageType::StateHash) && p1.expect(MessageType::StateHash)
            && server.runningGames() == 1;
    }

    // The club's campaign has one battle, won by `winner`, a forfeit (its notes say so).
    static void checkForfeitBattle(const QString &file, int winner)
    {
        auto store = CampaignStore::open(file);
        QVERIFY(store.ok());
        const auto battles = store.value->battles();
        QVERIFY(battles.ok());
        QCOMPARE(battles.value.size(), std::size_t(1));
        const Battle &b = battles.value[0];
        QCOMPARE(b.winner, winner);
        QVERIFY2(b.notes.contains(QStringLiteral("Forfeit")), qPrintable(b.notes));
        QCOMPARE(b.source, QStringLiteral("game"));
        for (const BattleSide &side : b.sides)
            QVERIFY(side.playerId != 0); // the campaign's players
        QVERIFY(!b.outcomes.empty());
    }

    // A player who drops with its dice reveal due (it has seen the roll) and does not come
    // back within the pause timeout forfeits: the game ends, saved up to its last agreed
    // command, and is a battle in the club's campaign won by the other player.
    void droppedWithRevealDueForfeits()
    {
        QTemporaryDir dir;
        const QString campaignFile = dir.filePath(QStringLiteral("club.jwcampaign"));
        auto campaign = clubCampaign(campaignFile);
        QVERIFY(campaign);
        ClubServer server(db());
        server.setGamesDir(dir.path());
        server.setPauseTimeout(300);
        server.setCampaign(std::move(campaign));
        QStringList log;
        QObject::connect(&server, &ClubServer::logLine, [&](const QString &l) { log << l; });
        QString error;
        QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        QSignalSpy ended(&server, &ClubServer::gameEnded);
        FakePeer p0(server.port()), p1(server.port());
        std::array<QByteArray, 2> tokens;
        std::unique_ptr<Game> game;
        ExchangeDice dice;
        QVERIFY(startAndPlayOne(server, p0, p1, tokens, game, dice));
        // The attack: player 1 commits, player 0 reveals its nonce, and player 1 (who can now
        // compute the faces) walks away instead of revealing.
        p1.send(NetMessage::commandMessage(2, script().commands[1].command));
        QVERIFY(p0.expect(MessageType::Command));
        p1.send(NetMessage::diceCommit(2, fairdice::commitment(fairdice::newNonce())));
        QVERIFY(p0.expect(MessageType::DiceCommit));
        p0.send(NetMessage::diceReveal(2, fairdice::newNonce()));
        QVERIFY(p1.expect(MessageType::DiceReveal));
        p1.m_socket.abort();
        QVERIFY(ended.wait(5000));
        QVERIFY2(ended.first().at(2).toString().contains(
                     QStringLiteral("player 1 forfeits: it dropped with its dice reveal due")),
                 qPrintable(ended.first().at(2).toString()));
        const GameFile::Loaded saved = GameFile::read(server.gamePath(1));
        QVERIFY2(saved.game, qPrintable(saved.error));
        QCOMPARE(saved.game->history().size(), std::size_t(1)); // the attack was not agreed
        QCOMPARE(server.runningGames(), 0);
        QVERIFY2(log.join(QLatin1Char('\n'))
                     .contains(QStringLiteral("game 1 written into the campaign as battle")),
                 qPrintable(log.join(QLatin1Char('\n'))));
        checkForfeitBattle(campaignFile, 0);
    }

    // A paused game one player comes back to and the other does not: when the pause timeout
    // runs out, the one who did not come back forfeits (told to the one who did), and the
    // battle is written into the campaign won by the one who stayed.
    void playerWhoDoesNotComeBackForfeits()
    {
        QTemporaryDir dir;
        const QString campaignFile = dir.filePath(QStringLiteral("club.jwcampaign"));
        auto campaign = clubCampaign(campaignFile);
        QVERIFY(campaign);
        ClubServer server(db());
        server.setGamesDir(dir.path());
        server.setPauseTimeout(500);
        server.setCampaign(std::move(campaign));
        QString error;
        QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        QSignalSpy paused(&server, &ClubServer::gamePaused);
        QSignalSpy ended(&server, &ClubServer::gameEnded);
        std::array<QByteArray, 2> tokens;
        std::unique_ptr<Game> game;
        ExchangeDice dice;
        {
            FakePeer p0(server.port()), p1(server.port());
            QVERIFY(startAndPlayOne(server, p0, p1, tokens, game, dice));
            p0.m_socket.abort(); // player 0 drops; the server closes player 1's connection
            QVERIFY(paused.wait(5000));
        }
        FakePeer back(server.port());
        QVERIFY(back.connected());
        back.send(NetMessage::clubRejoin(1, 1, tokens[1]));
        QVERIFY(back.expect(MessageType::GameSetup));
        back.send(NetMessage::hello(setupHash(game->setup()), 1));
        const auto bye = back.nextOf(MessageType::Bye); // player 0 never comes back
        QVERIFY(bye);
        QCOMPARE(bye->text, QStringLiteral("player 0 forfeits: it did not come back"));
        QVERIFY(ended.count() == 1 || ended.wait(5000));
        QVERIFY2(ended.first().at(2).toString().startsWith(
                     QStringLiteral("player 0 forfeits: it did not come back within 0.5 s")),
                 qPrintable(ended.first().at(2).toString()));
        checkForfeitBattle(campaignFile, 1);
    }

    // Nobody comes back (no reveal due): abandoned, no battle.
    void abandonedGameIsNoBattle()
    {
        QTemporaryDir dir;
        const QString campaignFile = dir.filePath(QStringLiteral("club.jwcampaign"));
        auto campaign = clubCampaign(campaignFile);
        QVERIFY(campaign);
        ClubServer server(db());
        server.setPauseTimeout(300);
        server.setCampaign(std::move(campaign));
        QString error;
        QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        QSignalSpy ended(&server, &ClubServer::gameEnded);
        std::array<QByteArray, 2> tokens;
        std::unique_ptr<Game> game;
        ExchangeDice dice;
        FakePeer p0(server.port()), p1(server.port());
        QVERIFY(startAndPlayOne(server, p0, p1, tokens, game, dice));
        p1.m_socket.abort();
        QVERIFY(ended.wait(5000));
        QVERIFY2(ended.first().at(2).toString().startsWith(QStringLiteral("abandoned")),
                 qPrintable(ended.first().at(2).toString()));
        auto store = CampaignStore::open(campaignFile);
        QVERIFY(store.ok());
        QVERIFY(store.value->battles().ok());
        QVERIFY(store.value->battles().value.empty());
    }

    // Rate limits: a connection over its message rate is throttled (its messages wait, all
    // answered, later); one with too many messages waiting (a flood), or too many refused
    // messages within a minute, is closed with an error saying why. A player closed so
    // pauses its game, and takes its seat again with its token.
    void rateLimits()
    {
        ClubServer server(db());
        server.setLimits({10, 100, 5});
        QStringList log;
        QObject::connect(&server, &ClubServer::logLine, [&](const QString &l) { log << l; });
        QString error;
        QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        {
            // 25 at once at 10 a second: the first 10 at once, the rest over 1.5 s.
            FakePeer eager(server.port());
            QVERIFY(eager.connected());
            QByteArray burst;
            for (int i = 0; i < 25; ++i)
                burst += encodeFrame(NetMessage::clubList());
            QElapsedTimer clock;
            clock.start();
            eager.sendRaw(burst);
            for (int i = 0; i < 25; ++i)
                QVERIFY2(eager.expect(MessageType::ClubGames), qPrintable(QString::number(i)));
            QVERIFY2(clock.elapsed() >= 1200, qPrintable(QString::number(clock.elapsed())));
            QVERIFY(log.join(QLatin1Char('\n')).contains(QStringLiteral("throttled")));
            QCOMPARE(eager.m_socket.state(), QAbstractSocket::ConnectedState);
            QCOMPARE(server.closedForAbuse(), 0);
            // A second spell within the minute is not logged again (a client at full speed
            // is throttled many times a second): it is counted, and told at the disconnection.
            QByteArray again;
            for (int i = 0; i < 25; ++i)
                again += encodeFrame(NetMessage::clubList());
            eager.sendRaw(again);
            for (int i = 0; i < 25; ++i)
                QVERIFY2(eager.expect(MessageType::ClubGames), qPrintable(QString::number(i)));
            QCOMPARE(log.filter(QStringLiteral(": throttled (")).size(), 1);
        }
        QVERIFY2(QTest::qWaitFor(
                     [&] {
                         return !log.filter(QStringLiteral(": throttled 1 more times since the "
                                                           "last line"))
                                     .isEmpty();
                     },
                     5000),
                 qPrintable(log.join(QLatin1Char('\n'))));
        {
            // 300 at once: more than 100 waiting.
            FakePeer flood(server.port());
            QVERIFY(flood.connected());
            QByteArray burst;
            for (int i = 0; i < 300; ++i)
                burst += encodeFrame(NetMessage::clubList());
            flood.sendRaw(burst);
            QVERIFY(QTest::qWaitFor(
                [&] { return flood.m_socket.state() == QAbstractSocket::UnconnectedState; }, 5000));
            std::optional<NetMessage> last;
            while (auto m = flood.next(100))
                last = m;
            QVERIFY(last && last->type == MessageType::Error);
            QVERIFY2(last->text.contains(QStringLiteral("flooding")), qPrintable(last->text));
            QCOMPARE(server.closedForAbuse(), 1);
        }
        {
            // Refused messages: the fifth within a minute closes the connection.
            FakePeer bad(server.port());
            QVERIFY(bad.connected());
            for (int i = 0; i < 4; ++i) {
                bad.sendRaw(QByteArray("\0\0\0\x05hello", 9)); // not JSON
                QVERIFY(bad.expect(MessageType::Error));
            }
            QCOMPARE(bad.m_socket.state(), QAbstractSocket::ConnectedState);
            bad.sendRaw(QByteArray("\0\0\0\x05hello", 9));
            QVERIFY(bad.expect(MessageType::Error));
            const auto closing = bad.expect(MessageType::Error);
            QVERIFY(closing);
            QVERIFY2(closing->text.contains(QStringLiteral("5 refused messages within 60 s")),
                     qPrintable(closing->text));
            QVERIFY(QTest::qWaitFor(
                [&] { return bad.m_socket.state() == QAbstractSocket::UnconnectedState; }, 5000));
            QCOMPARE(server.closedForAbuse(), 2);
        }
        // A player who keeps sending commands out of turn: closed, its game paused; its seat
        // taken again with its token.
        QSignalSpy paused(&server, &ClubServer::gamePaused);
        std::array<QByteArray, 2> tokens;
        std::unique_ptr<Game> game;
        ExchangeDice dice;
        FakePeer p0(server.port()), p1(server.port());
        QVERIFY(startAndPlayOne(server, p0, p1, tokens, game, dice));
        const auto legal = game->engine().legalCommands(game->state());
        QVERIFY(!legal.commands.empty());
        const int toAct = game->state().toAct;
        FakePeer &other = toAct == 0 ? p1 : p0;
        for (int i = 0; i < 5; ++i)
            other.send(NetMessage::commandMessage(2, legal.commands.front()));
        QVERIFY(paused.wait(5000));
        QVERIFY(QTest::qWaitFor(
            [&] { return other.m_socket.state() == QAbstractSocket::UnconnectedState; }, 5000));
        QCOMPARE(server.closedForAbuse(), 3);
        FakePeer back(server.port());
        QVERIFY(back.connected());
        back.send(NetMessage::clubRejoin(1, 1 - toAct, tokens[std::size_t(1 - toAct)]));
        QVERIFY(back.expect(MessageType::GameSetup));
    }

    // Two hand-written clients: the server relays what is right and refuses (an error to the
    // sender, not relayed, nothing changed) a forged reveal, a command out of turn, an
    // illegal command, a command of the wrong number, garbage, an unknown type and an
    // oversized frame.
    void forgedAndBadMessagesRefused()
    {
        QTemporaryDir dir;
        ClubServer server(db());
        server.setGamesDir(dir.path());
        QString error;
        QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        FakePeer p0(server.port()), p1(server.port());
        QVERIFY(p0.connected() && p1.connected());
        p0.send(NetMessage::clubCreate(GameFile::serialize(Game(script().setup))));
        QVERIFY(p0.expect(MessageType::ClubCreated));
        p1.send(NetMessage::clubJoin(
            1, QStringLiteral("Eve"),
            QString::fromUtf8(FleetFile::serialize(script().setup.players[1].fleet))));
        const auto seat0 = p0.expect(MessageType::ClubSeat);
        const auto seat1 = p1.expect(MessageType::ClubSeat);
        QVERIFY(seat0 && seat1);
        QCOMPARE(seat0->side, 0);
        QCOMPARE(seat1->side, 1);
        QVERIFY(seat0->bytes != seat1->bytes);
        const auto setup0 = p0.expect(MessageType::GameSetup);
        const auto setup1 = p1.expect(MessageType::GameSetup);
        QVERIFY(setup0 && setup1);
        QCOMPARE(setup0->game, setup1->game);
        const GameSetup setup = GameFile::parse(setup0->game, QStringLiteral("g")).game->setup();
        QCOMPARE(setupHash(setup), setupHash(script().setup));

        // A hello for another game is refused; then both say hello, relayed.
        p0.send(NetMessage::hello(QByteArray(32, 'x'), 0));
        QVERIFY(p0.expect(MessageType::Error));
        p0.send(NetMessage::hello(setupHash(setup), 0));
        p1.send(NetMessage::hello(setupHash(setup), 1));
        QVERIFY(p1.expect(MessageType::Hello));
        QVERIFY(p0.expect(MessageType::Hello));

        // The start's exchange; a reveal that is not the committed nonce is refused.
        const QByteArray a = fairdice::newNonce(), b = fairdice::newNonce();
        p0.send(NetMessage::diceCommit(0, fairdice::commitment(a)));
        QVERIFY(p1.expect(MessageType::DiceCommit));
        p1.send(NetMessage::diceReveal(0, b));
        QVERIFY(p0.expect(MessageType::DiceReveal));
        p0.send(NetMessage::diceReveal(0, fairdice::newNonce()));
        QVERIFY(p0.expect(MessageType::Error));
        QVERIFY(p1.quiet()); // not relayed
        p0.send(NetMessage::diceReveal(0, a));
        QVERIFY(p1.expect(MessageType::DiceReveal));
        ExchangeDice dice;
        QString why;
        auto game = startExchangeGame(setup, dice, a, b, &why);
        QVERIFY2(game, qPrintable(why));
        const QByteArray h0 = stateHash(game->engine(), game->state());
        p0.send(NetMessage::stateHash(0, h0));
        p1.send(NetMessage::stateHash(0, h0));
        QVERIFY(p1.expect(MessageType::StateHash));
        QVERIFY(p0.expect(MessageType::StateHash));

        // Player 1 acts first (the script's initiative). Out of turn, of the wrong number,
        // illegal, garbage, an unknown type, oversized: each refused, none relayed.
        const Command activate = script().commands[0].command;
        const Command attack = script().commands[1].command;
        const int refusedBefore = server.refusedMessages();
        p0.send(NetMessage::commandMessage(1, activate));
        p1.send(NetMessage::commandMessage(2, activate));
        p1.send(NetMessage::commandMessage(1, attack)); // not activated yet
        p1.sendRaw(QByteArray("\0\0\0\x05hello", 9));
        p1.sendRaw(QByteArray("\0\0\0\x0f{\"type\":\"dice\"}", 19));
        QByteArray big(4, '\0');
        qToBigEndian(quint32(kMaxFrameBytes + 1), big.data());
        p1.sendRaw(big + QByteArray(kMaxFrameBytes + 1, ' '));
        QVERIFY(
            QTest::qWaitFor([&] { return server.refusedMessages() == refusedBefore + 6; }, 10000));
        QVERIFY(p0.expect(MessageType::Error));
        for (int i = 0; i < 5; ++i)
            QVERIFY(p1.expect(MessageType::Error));
        QVERIFY(p0.quiet());
        QCOMPARE(server.runningGames(), 1);
        // A masked game's command (a sealed Embark's commitment): the server masks nothing.
        NetMessage masked = NetMessage::commandMessage(1, activate);
        masked.sealedHash = QByteArray(32, 'd');
        p0.send(masked);
        const auto maskedRefused = p0.expect(MessageType::Error);
        QVERIFY(maskedRefused);
        QVERIFY2(maskedRefused->text.contains(QLatin1String("does not mask hidden models")),
                 qPrintable(maskedRefused->text));
        QVERIFY(p1.quiet());

        // The right command goes through, and the game goes on.
        p1.send(NetMessage::commandMessage(1, activate));
        const auto relayed = p0.expect(MessageType::Command);
        QVERIFY(relayed);
        QVERIFY(*relayed->command == activate);
        QVERIFY(game->apply(activate).ok());
        const QByteArray h1 = stateHash(game->engine(), game->state());
        p0.send(NetMessage::stateHash(1, h1));
        p1.send(NetMessage::stateHash(1, h1));
        QVERIFY(p1.expect(MessageType::StateHash));
        QVERIFY(p0.expect(MessageType::StateHash));

        // The attack needs dice: a forged reveal of the committer is refused.
        p1.send(NetMessage::commandMessage(2, attack));
        QVERIFY(p0.expect(MessageType::Command));
        const QByteArray c = fairdice::newNonce(), d = fairdice::newNonce();
        p1.send(NetMessage::diceCommit(2, fairdice::commitment(c)));
        QVERIFY(p0.expect(MessageType::DiceCommit));
        p1.send(NetMessage::diceReveal(2, fairdice::newNonce())); // not its turn to reveal
        QVERIFY(p1.expect(MessageType::Error));
        p0.send(NetMessage::diceReveal(2, d));
        QVERIFY(p1.expect(MessageType::DiceReveal));
        p1.send(NetMessage::diceReveal(2, d)); // not the nonce it committed to
        QVERIFY(p1.expect(MessageType::Error));
        QVERIFY(p0.quiet());
        p1.send(NetMessage::diceReveal(2, c));
        QVERIFY(p0.expect(MessageType::DiceReveal));
        QVERIFY(applyExchangeCommand(*game, dice, attack, &c, &d, 1, fairdice::commitment(c)).ok());
        const QByteArray h2 = stateHash(game->engine(), game->state());
        // A state hash that is not the server's: a desync, the game ends (saved).
        QSignalSpy ended(&server, &ClubServer::gameEnded);
        p0.send(NetMessage::stateHash(2, h2));
        p1.send(NetMessage::stateHash(2, QByteArray(32, 'z')));
        QVERIFY(ended.wait(5000));
        QVERIFY2(ended.first().at(2).toString().contains(QStringLiteral("desync after command 2")),
                 qPrintable(ended.first().at(2).toString()));
        const GameFile::Loaded saved = GameFile::read(server.gamePath(1));
        QVERIFY2(saved.game, qPrintable(saved.error));
        QCOMPARE(saved.game->history(), game->history());
        QCOMPARE(saved.game->diceExchanges(), game->diceExchanges());
        QVERIFY(GameFile::verifyDice(*saved.game).ok());
    }

    // Processes: jwfleet-server, and jwfleet-cli club-host and club-join playing the script
    // then random commands. The three saved games are the same and verify; SIGTERM stops the
    // server cleanly (exit 0, "stopped").
    void processesPlayThroughServer()
    {
        QTemporaryDir dir;
        QProcess server;
        const quint16 port = startServer(
            server, {QStringLiteral("--games"), dir.filePath(QStringLiteral("club"))});
        QVERIFY(port != 0);
        QByteArray log; // the server's, read while the clients play (finishesWhileLogging)
        const QString hostFile = dir.filePath(QStringLiteral("host.jwgame"));
        const QString joinFile = dir.filePath(QStringLiteral("join.jwgame"));
        const QStringList common {scriptPath(),          QStringLiteral("--port"),
                                  QString::number(port), QStringLiteral("--max-commands"),
                                  QStringLiteral("60"),  QStringLiteral("--quiet")};
        QProcess host, join;
        host.start(cli(),
                   QStringList {QStringLiteral("club-host")} + common
                       + QStringList {QStringLiteral("--random"), QStringLiteral("1"),
                                      QStringLiteral("--save"), hostFile});
        QVERIFY(host.waitForReadyRead(20000));
        QVERIFY(host.readLine().startsWith("created game 1"));
        join.start(cli(),
                   QStringList {QStringLiteral("club-join")} + common
                       + QStringList {QStringLiteral("--random"), QStringLiteral("2"),
                                      QStringLiteral("--save"), joinFile});
        QVERIFY(finishesWhileLogging(host, 60000, server, &log));
        QVERIFY(finishesWhileLogging(join, 60000, server, &log));
        QCOMPARE(host.exitCode(), 0);
        QVERIFY2(join.exitCode() == 0, join.readAllStandardError().constData());
        const QByteArray saved = readFile(hostFile);
        QVERIFY(!saved.isEmpty());
        QCOMPARE(readFile(joinFile), saved);
        const QString serverFile = dir.filePath(QStringLiteral("club/game-1.jwgame"));
        QVERIFY(QTest::qWaitFor([&] { return readFile(serverFile) == saved; }, 5000));
        // A server started again on the same folder numbers its games after the saved ones.
        {
            ClubServer again(db());
            again.setGamesDir(dir.filePath(QStringLiteral("club")));
            QString error;
            QVERIFY2(again.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
            FakePeer creator(again.port());
            QVERIFY(creator.connected());
            creator.send(NetMessage::clubCreate(GameFile::serialize(Game(script().setup))));
            const auto created = creator.expect(MessageType::ClubCreated);
            QVERIFY(created);
            QCOMPARE(created->id, 2);
        }
        QProcess verify;
        verify.start(cli(), {QStringLiteral("game"), serverFile, QStringLiteral("--verify")});
        QVERIFY(verify.waitForFinished(30000));
        QCOMPARE(verify.exitCode(), 0);
        QVERIFY(verify.readAllStandardOutput().contains("dice verified by"));

        // The load run, small (its checks, not its timing): 3 games at once.
        QProcess load;
        load.start(cli(),
                   {QStringLiteral("club-load"), scriptPath(), QStringLiteral("--port"),
                    QString::number(port), QStringLiteral("--games"), QStringLiteral("3"),
                    QStringLiteral("--max-commands"), QStringLiteral("20"),
                    QStringLiteral("--server-games"), dir.filePath(QStringLiteral("club"))});
        QVERIFY(finishesWhileLogging(load, 60000, server, &log));
        const QByteArray loadOut = load.readAllStandardOutput();
        QVERIFY2(load.exitCode() == 0,
                 QByteArray(loadOut + load.readAllStandardError()).constData());
        QVERIFY2(loadOut.contains("0 lost, 0 duplicated; 3 games verify (3 server files the same)"),
                 loadOut.constData());
        QVERIFY2(loadOut.contains("median"), loadOut.constData());
        QVERIFY2(!loadOut.contains("masked"), loadOut.constData()); // v1.2.2: nothing to mask

        // A v1.2.4 load run is masked (docs/network.md, "Masked games through the club
        // server"): 2 games played to their end (the whole game on both sides and the
        // server's, byte for byte) and 2 ended after 12 commands (each side's masked game and
        // the server's third party's: the same commands and view); --no-mask plays in clear.
        for (const QString &limit : {QStringLiteral("2000"), QStringLiteral("12")}) {
            QProcess masked;
            masked.start(cli(),
                         {QStringLiteral("club-load"), QStringLiteral(JW_MASKED_SCRIPT),
                          QStringLiteral("--port"), QString::number(port),
                          QStringLiteral("--games"), QStringLiteral("2"),
                          QStringLiteral("--max-commands"), limit, QStringLiteral("--server-games"),
                          dir.filePath(QStringLiteral("club"))});
            QVERIFY(finishesWhileLogging(masked, 120000, server, &log));
            const QByteArray out = masked.readAllStandardOutput();
            QVERIFY2(masked.exitCode() == 0,
                     QByteArray(out + masked.readAllStandardError()).constData());
            QVERIFY2(out.contains("0 lost, 0 duplicated; 2 games verify (2 server files the same)"),
                     out.constData());
            const bool toTheEnd = limit == QStringLiteral("2000");
            // Played out: each game's 4 hidden models revealed, its reveals verified.
            QVERIFY2(out.contains(toTheEnd ? QByteArray("; 2 masked (v1.2.4 hidden models: 8 "
                                                        "reveals verified; 0 ended before the "
                                                        "game's end")
                                           : QByteArray("; 2 masked (v1.2.4 hidden models: ")),
                     out.constData());
            QVERIFY2(toTheEnd || out.contains("; 2 ended before the game's end"), out.constData());
            qInfo("%s", out.trimmed().constData());
        }
        QProcess clear;
        clear.start(cli(),
                    {QStringLiteral("club-load"), QStringLiteral(JW_MASKED_SCRIPT),
                     QStringLiteral("--port"), QString::number(port), QStringLiteral("--games"),
                     QStringLiteral("1"), QStringLiteral("--max-commands"), QStringLiteral("12"),
                     QStringLiteral("--server-games"), dir.filePath(QStringLiteral("club")),
                     QStringLiteral("--no-mask")});
        QVERIFY(finishesWhileLogging(clear, 60000, server, &log));
        const QByteArray clearOut = clear.readAllStandardOutput();
        QVERIFY2(clear.exitCode() == 0,
                 QByteArray(clearOut + clear.readAllStandardError()).constData());
        QVERIFY2(clearOut.contains("0 lost, 0 duplicated; 1 games verify (1 server files the same)")
                     && !clearOut.contains("masked"),
                 clearOut.constData());

        ::kill(pid_t(server.processId()), SIGTERM);
        QVERIFY(server.waitForFinished(10000));
        QCOMPARE(server.exitStatus(), QProcess::NormalExit);
        QCOMPARE(server.exitCode(), 0);
        log += server.readAllStandardOutput();
        QVERIFY2(log.contains("game 1 ended after"), log.constData());
        QVERIFY2(log.trimmed().endsWith("stopped"), log.constData());
    }

    // A load run (club-load, 2 games) whose server goes away mid-game, by SIGTERM (its bye:
    // the games saved) or SIGKILL (no bye; each game saved within half a second of its last
    // agreed command), and is started again on the same folder and port: each bot takes its
    // seat again with its token (1 s, 2, 4 ... s after, as club-host and club-join), the games
    // resume from the last command both agreed on and play out; no command lost or
    // duplicated, every game verifies, and the server's files are the players'.
    void loadRunSurvivesServerRestart_data()
    {
        QTest::addColumn<bool>("crash");
        QTest::newRow("shutdown") << false;
        QTest::newRow("crash") << true;
    }
    void loadRunSurvivesServerRestart()
    {
        QFETCH(bool, crash);
        QTemporaryDir dir;
        QProcess server;
        const quint16 port = startServer(server, {QStringLiteral("--games"), dir.path()});
        QVERIFY(port != 0);
        // Slower than the server's save when it is killed: the players are not ahead of it.
        QProcess load;
        load.start(
            cli(),
            {QStringLiteral("club-load"), scriptPath(), QStringLiteral("--port"),
             QString::number(port), QStringLiteral("--games"), QStringLiteral("2"),
             QStringLiteral("--max-commands"), crash ? QStringLiteral("6") : QStringLiteral("12"),
             QStringLiteral("--delay"), crash ? QStringLiteral("1500") : QStringLiteral("150"),
             QStringLiteral("--reconnect-for"), QStringLiteral("60"), QStringLiteral("--timeout"),
             QStringLiteral("120000"), QStringLiteral("--server-games"), dir.path()});
        QByteArray log;
        QVERIFY2(QTest::qWaitFor(
                     [&] {
                         server.waitForReadyRead(100);
                         log += server.readAllStandardOutput();
                         return log.contains("game 1: command 3 agreed")
                             && log.contains("game 2: command 3 agreed");
                     },
                     60000),
                 log.constData());
        if (crash) {
            QTest::qWait(700); // saved (within half a second), the next commands not yet played
            server.kill();
            QVERIFY(server.waitForFinished(10000));
            log += server.readAllStandardOutput();
            QVERIFY2(!log.contains("command 4 agreed"), log.constData());
        } else {
            ::kill(pid_t(server.processId()), SIGTERM);
            QVERIFY(server.waitForFinished(10000));
            QCOMPARE(server.exitCode(), 0);
        }
        QCOMPARE(load.state(), QProcess::Running); // its bots wait for the server

        QProcess again;
        QByteArray log2;
        QVERIFY(startServer(again,
                            {QStringLiteral("--games"), dir.path(), QStringLiteral("--port"),
                             QString::number(port)},
                            &log2)
                == port);
        QVERIFY(load.waitForFinished(90000));
        const QByteArray out = load.readAllStandardOutput();
        QVERIFY2(load.exitCode() == 0, QByteArray(out + load.readAllStandardError()).constData());
        QVERIFY2(out.contains("0 lost, 0 duplicated; 2 games verify (2 server files the same); "
                              "4 seats taken again after the server went away"),
                 out.constData());
        ::kill(pid_t(again.processId()), SIGTERM);
        QVERIFY(again.waitForFinished(10000));
        QCOMPARE(again.exitCode(), 0);
        log2 += again.readAllStandardOutput();
        for (int id = 1; id <= 2; ++id) {
            QVERIFY2(log2.contains(
                         QStringLiteral("game %1 taken up: paused after command").arg(id).toUtf8()),
                     log2.constData());
            QVERIFY2(
                log2.contains(QStringLiteral("game %1 resumed after command").arg(id).toUtf8()),
                log2.constData());
            const GameFile::Loaded saved
                = GameFile::read(dir.filePath(QStringLiteral("game-%1.jwgame").arg(id)));
            QVERIFY2(saved.game, qPrintable(saved.error));
            QVERIFY(saved.game->history().size() > 3);
            QVERIFY(GameFile::verifyDice(*saved.game).ok());
        }
    }

    // The joiner's process is killed mid-game and run again with --resume on its saved game:
    // the host's process, paused, takes its seat again by itself; the game plays out, and the
    // three saved games are the same and verify.
    void killedClientResumes()
    {
        QTemporaryDir dir;
        QProcess server;
        const quint16 port = startServer(server, {QStringLiteral("--games"), dir.path()});
        QVERIFY(port != 0);
        const QString hostFile = dir.filePath(QStringLiteral("host.jwgame"));
        const QString joinFile = dir.filePath(QStringLiteral("join.jwgame"));
        const QStringList common {scriptPath(),           QStringLiteral("--port"),
                                  QString::number(port),  QStringLiteral("--max-commands"),
                                  QStringLiteral("40"),   QStringLiteral("--timeout"),
                                  QStringLiteral("20000")};
        QProcess host, join;
        host.start(cli(),
                   QStringList {QStringLiteral("club-host")} + common
                       + QStringList {QStringLiteral("--random"), QStringLiteral("1"),
                                      QStringLiteral("--save"), hostFile});
        QVERIFY(host.waitForReadyRead(20000));
        const QStringList joinArgs = QStringList {QStringLiteral("club-join")} + common
            + QStringList {QStringLiteral("--random"), QStringLiteral("2"),
                           QStringLiteral("--save"),   joinFile,
                           QStringLiteral("--delay"),  QStringLiteral("50")};
        join.start(cli(), joinArgs);
        QByteArray out;
        QVERIFY(QTest::qWaitFor(
            [&] {
                join.waitForReadyRead(100);
                out += join.readAllStandardOutput();
                return out.contains("command 6 ");
            },
            30000));
        join.kill();
        QVERIFY(join.waitForFinished(10000));
        const int at = out.indexOf("seat token: ");
        QVERIFY(at >= 0);
        const QString token = QString::fromLatin1(out.mid(at + 12, 64));
        join.start(cli(),
                   joinArgs
                       + QStringList {QStringLiteral("--resume"), joinFile,
                                      QStringLiteral("--game"), QStringLiteral("1"),
                                      QStringLiteral("--token"), token});
        QVERIFY(join.waitForFinished(60000));
        QVERIFY(host.waitForFinished(60000));
        const QByteArray hostOut = host.readAllStandardOutput();
        QVERIFY2(join.exitCode() == 0, join.readAllStandardError().constData());
        QVERIFY2(host.exitCode() == 0, hostOut.constData());
        QVERIFY2(hostOut.contains("back in game 1"), hostOut.constData());
        const QByteArray saved = readFile(hostFile);
        QVERIFY(!saved.isEmpty());
        QCOMPARE(readFile(joinFile), saved);
        QVERIFY(QTest::qWaitFor(
            [&] { return readFile(dir.filePath(QStringLiteral("game-1.jwgame"))) == saved; },
            5000));
        const GameFile::Loaded loaded = GameFile::parse(saved, QStringLiteral("host.jwgame"));
        QVERIFY2(loaded.game, qPrintable(loaded.error));
        // Past the kill (the dice differ each run: the game may end before the 40 commands).
        QVERIFY(loaded.game->history().size() > 6);
        QVERIFY(GameFile::verifyDice(*loaded.game).ok());
        ::kill(pid_t(server.processId()), SIGTERM);
        QVERIFY(server.waitForFinished(10000));
        QCOMPARE(server.exitCode(), 0);
    }

    // SIGTERM during a game: the server saves it (it verifies), tells both players, closes
    // the connections and exits 0; the players end their game. A server started again on
    // the folder takes it up; the players run again with --resume and their seat tokens and
    // play on (the three saved games the same, verified).
    void sigtermDuringGame()
    {
        QTemporaryDir dir;
        QProcess server;
        const quint16 port = startServer(server, {QStringLiteral("--games"), dir.path()});
        QVERIFY(port != 0);
        const QString hostFile = dir.filePath(QStringLiteral("host.jwgame"));
        const QString joinFile = dir.filePath(QStringLiteral("join.jwgame"));
        // --reconnect-for 0: the clients stop at the server's bye, as before it was added.
        const QStringList common {scriptPath(),          QStringLiteral("--port"),
                                  QString::number(port), QStringLiteral("--delay"),
                                  QStringLiteral("100"), QStringLiteral("--reconnect-for"),
                                  QStringLiteral("0")};
        QProcess host, join;
        host.start(cli(),
                   QStringList {QStringLiteral("club-host")} + common
                       + QStringList {QStringLiteral("--random"), QStringLiteral("3"),
                                      QStringLiteral("--save"), hostFile});
        QVERIFY(host.waitForReadyRead(20000));
        join.start(cli(),
                   QStringList {QStringLiteral("club-join")} + common
                       + QStringList {QStringLiteral("--random"), QStringLiteral("4"),
                                      QStringLiteral("--save"), joinFile});
        QByteArray log;
        QVERIFY(QTest::qWaitFor(
            [&] {
                server.waitForReadyRead(100);
                log += server.readAllStandardOutput();
                return log.contains(" joins ");
            },
            30000));
        // A spectator with the board (club-watch --board): each event, and the board after
        // each command published.
        QProcess watch;
        watch.start(cli(),
                    {QStringLiteral("club-watch"), QStringLiteral("--port"), QString::number(port),
                     QStringLiteral("--game"), QStringLiteral("1"), QStringLiteral("--board")});
        QVERIFY(QTest::qWaitFor(
            [&] {
                server.waitForReadyRead(100);
                log += server.readAllStandardOutput();
                return log.contains("command 3 agreed");
            },
            30000));
        ::kill(pid_t(server.processId()), SIGTERM);
        QVERIFY(server.waitForFinished(10000));
        QCOMPARE(server.exitCode(), 0);
        log += server.readAllStandardOutput();
        QVERIFY2(log.contains("the server shut down"), log.constData());
        QVERIFY(watch.waitForFinished(20000));
        const QByteArray watched = watch.readAllStandardOutput();
        QVERIFY2(watch.exitCode() == 0, watched.constData());
        for (const char *line : {"board after command 1: turn 1, ", "board after command 2: ",
                                 "board after command 3: ", " models on the table, 0 hidden",
                                 " (player 0): ", "over: the server shut down"})
            QVERIFY2(watched.contains(line), watched.constData());
        QVERIFY(host.waitForFinished(20000));
        QVERIFY(join.waitForFinished(20000));
        const QByteArray hostOut = host.readAllStandardOutput();
        const QByteArray joinOut = join.readAllStandardOutput();
        QVERIFY2(hostOut.contains("the server is shutting down"), "the host was told");
        const GameFile::Loaded saved
            = GameFile::read(dir.filePath(QStringLiteral("game-1.jwgame")));
        QVERIFY2(saved.game, qPrintable(saved.error));
        QVERIFY(saved.game->history().size() >= 3);
        QVERIFY(GameFile::verifyDice(*saved.game).ok());

        // A server started again on the folder takes the game up; the players come back with
        // their saved games and seat tokens and play it out.
        QProcess again;
        QByteArray log2;
        const quint16 port2 = startServer(again, {QStringLiteral("--games"), dir.path()}, &log2);
        QVERIFY(port2 != 0);
        QVERIFY(QTest::qWaitFor(
            [&] {
                again.waitForReadyRead(100);
                log2 += again.readAllStandardOutput();
                return log2.contains("game 1 taken up: paused after command");
            },
            10000));
        auto tokenIn = [](const QByteArray &out) {
            const int at = out.indexOf("seat token: ");
            return at < 0 ? QString() : QString::fromLatin1(out.mid(at + 12, 64));
        };
        QCOMPARE(tokenIn(hostOut).size(), 64);
        QCOMPARE(tokenIn(joinOut).size(), 64);
        const QStringList common2 {scriptPath(),           QStringLiteral("--port"),
                                   QString::number(port2), QStringLiteral("--max-commands"),
                                   QStringLiteral("30"),   QStringLiteral("--game"),
                                   QStringLiteral("1")};
        host.start(cli(),
                   QStringList {QStringLiteral("club-host")} + common2
                       + QStringList {QStringLiteral("--random"), QStringLiteral("5"),
                                      QStringLiteral("--save"), hostFile,
                                      QStringLiteral("--resume"), hostFile,
                                      QStringLiteral("--token"), tokenIn(hostOut)});
        join.start(cli(),
                   QStringList {QStringLiteral("club-join")} + common2
                       + QStringList {QStringLiteral("--random"), QStringLiteral("6"),
                                      QStringLiteral("--save"), joinFile,
                                      QStringLiteral("--resume"), joinFile,
                                      QStringLiteral("--token"), tokenIn(joinOut)});
        QVERIFY(host.waitForFinished(60000));
        QVERIFY(join.waitForFinished(60000));
        QVERIFY2(host.exitCode() == 0, host.readAllStandardError().constData());
        QVERIFY2(join.exitCode() == 0, join.readAllStandardError().constData());
        const QByteArray played = readFile(hostFile);
        QCOMPARE(readFile(joinFile), played);
        QVERIFY(QTest::qWaitFor(
            [&] { return readFile(dir.filePath(QStringLiteral("game-1.jwgame"))) == played; },
            5000));
        const GameFile::Loaded loaded = GameFile::parse(played, QStringLiteral("host.jwgame"));
        QVERIFY2(loaded.game, qPrintable(loaded.error));
        QVERIFY(loaded.game->history().size() > saved.game->history().size());
        QVERIFY(GameFile::verifyDice(*loaded.game).ok());
        ::kill(pid_t(again.processId()), SIGTERM);
        QVERIFY(again.waitForFinished(10000));
        QCOMPARE(again.exitCode(), 0);
    }

    // SIGTERM during a game, and the server started again on the same folder and port a few
    // seconds later: the players' processes wait for it (1, 2, 4 ... s between tries), take
    // their seats again with their tokens by themselves and play the game out; the three
    // saved games are the same and verify.
    void clientsWaitForRestartedServer()
    {
        QTemporaryDir dir;
        QProcess server;
        const quint16 port = startServer(server, {QStringLiteral("--games"), dir.path()});
        QVERIFY(port != 0);
        const QString hostFile = dir.filePath(QStringLiteral("host.jwgame"));
        const QString joinFile = dir.filePath(QStringLiteral("join.jwgame"));
        const QStringList common {scriptPath(),          QStringLiteral("--port"),
                                  QString::number(port), QStringLiteral("--delay"),
                                  QStringLiteral("50"),  QStringLiteral("--max-commands"),
                                  QStringLiteral("30"),  QStringLiteral("--reconnect-for"),
                                  QStringLiteral("60")};
        QProcess host, join;
        host.start(cli(),
                   QStringList {QStringLiteral("club-host")} + common
                       + QStringList {QStringLiteral("--random"), QStringLiteral("3"),
                                      QStringLiteral("--save"), hostFile});
        QVERIFY(host.waitForReadyRead(20000));
        join.start(cli(),
                   QStringList {QStringLiteral("club-join")} + common
                       + QStringList {QStringLiteral("--random"), QStringLiteral("4"),
                                      QStringLiteral("--save"), joinFile});
        QByteArray log;
        QVERIFY(QTest::qWaitFor(
            [&] {
                server.waitForReadyRead(100);
                log += server.readAllStandardOutput();
                return log.contains("command 3 agreed");
            },
            30000));
        ::kill(pid_t(server.processId()), SIGTERM);
        QVERIFY(server.waitForFinished(10000));
        QCOMPARE(server.exitCode(), 0);
        const GameFile::Loaded saved
            = GameFile::read(dir.filePath(QStringLiteral("game-1.jwgame")));
        QVERIFY2(saved.game, qPrintable(saved.error));
        // The clients wait (they have not stopped), and fail to reach it meanwhile.
        QByteArray hostOut;
        QVERIFY(QTest::qWaitFor(
            [&] {
                host.waitForReadyRead(100);
                hostOut += host.readAllStandardOutput();
                return hostOut.contains("the club server is not back");
            },
            10000));
        QCOMPARE(host.state(), QProcess::Running);
        QCOMPARE(join.state(), QProcess::Running);
        QVERIFY2(hostOut.contains("the server is shutting down; game 1 is saved"),
                 hostOut.constData());
        QVERIFY2(hostOut.contains("waiting up to 60 s for the club server to come back"),
                 hostOut.constData());

        QProcess again;
        QByteArray log2;
        QVERIFY(startServer(again,
                            {QStringLiteral("--games"), dir.path(), QStringLiteral("--port"),
                             QString::number(port)},
                            &log2)
                == port);
        QVERIFY(host.waitForFinished(90000));
        QVERIFY(join.waitForFinished(90000));
        hostOut += host.readAllStandardOutput();
        const QByteArray joinOut = join.readAllStandardOutput();
        QVERIFY2(host.exitCode() == 0,
                 QByteArray(hostOut + host.readAllStandardError()).constData());
        QVERIFY2(join.exitCode() == 0,
                 QByteArray(joinOut + join.readAllStandardError()).constData());
        QVERIFY2(hostOut.contains("back in game 1"), hostOut.constData());
        QVERIFY2(joinOut.contains("back in game 1"), joinOut.constData());
        const QByteArray played = readFile(hostFile);
        QCOMPARE(readFile(joinFile), played);
        QVERIFY(QTest::qWaitFor(
            [&] { return readFile(dir.filePath(QStringLiteral("game-1.jwgame"))) == played; },
            5000));
        const GameFile::Loaded loaded = GameFile::parse(played, QStringLiteral("host.jwgame"));
        QVERIFY2(loaded.game, qPrintable(loaded.error));
        QVERIFY(loaded.game->history().size() > saved.game->history().size());
        QVERIFY(GameFile::verifyDice(*loaded.game).ok());
        ::kill(pid_t(again.processId()), SIGTERM);
        QVERIFY(again.waitForFinished(10000));
        QCOMPARE(again.exitCode(), 0);
        log2 += again.readAllStandardOutput();
        QVERIFY2(log2.contains("game 1 taken up: paused after command"), log2.constData());
        QVERIFY2(log2.contains("game 1: player 0 is back"), log2.constData());
    }

    // A game still open (no one joined) when the server shuts down: kept when its creator
    // can take it back (club-create's feature open-seat: the server sends its seat's token at
    // once), withdrawn otherwise. The server started again has it open, but neither lists it
    // nor lets anyone join it until its creator takes it back (club-rejoin, side 0, its
    // token: answered club-created); then it is offered, and joined, as before, the creator's
    // token kept. A creator who leaves it then withdraws it for good.
    void openGameSurvivesRestart()
    {
        QTemporaryDir dir;
        QByteArray token;
        {
            ClubServer first(db());
            first.setGamesDir(dir.path());
            QString error;
            QVERIFY2(first.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
            FakePeer creator(first.port());
            QVERIFY(creator.connected());
            NetMessage create = NetMessage::clubCreate(GameFile::serialize(Game(script().setup)));
            create.features = QStringList {kFeatureOpenSeat};
            creator.send(create);
            QCOMPARE(creator.expect(MessageType::ClubCreated)->id, 1);
            const auto seat = creator.expect(MessageType::ClubSeat);
            QVERIFY(seat);
            QCOMPARE(seat->id, 1);
            QCOMPARE(seat->side, 0);
            QCOMPARE(seat->bytes.size(), 32);
            token = seat->bytes;
            // On disk from its creation (a crash keeps it too): the game, and its seats open.
            QVERIFY(QFileInfo::exists(first.gamePath(1)));
            QCOMPARE(seatsStatus(first.seatsPath(1)), QStringLiteral("open"));
            // An older client (no feature): no token, and its open game is withdrawn.
            FakePeer older(first.port());
            QVERIFY(older.connected());
            older.send(NetMessage::clubCreate(GameFile::serialize(Game(script().setup))));
            QCOMPARE(older.expect(MessageType::ClubCreated)->id, 2);
            QVERIFY(older.quiet());
            QSignalSpy closed(&first, &ClubServer::closed);
            first.shutdown(500);
            const auto bye = creator.nextOf(MessageType::Bye);
            QVERIFY(bye);
            QCOMPARE(bye->text,
                     QStringLiteral("the server is shutting down; game 1 is saved: "
                                    "take your seat again when it is back"));
            QVERIFY(closed.count() == 1 || closed.wait(5000));
        }
        QVERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("game-1.jwgame"))));
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("game-2.seats.json"))));
        QCOMPARE(QFileInfo(dir.filePath(QStringLiteral("game-1.seats.json"))).permissions()
                     & (QFileDevice::ReadGroup | QFileDevice::ReadOther),
                 QFileDevice::Permissions());

        ClubServer second(db());
        second.setGamesDir(dir.path());
        QStringList log;
        QObject::connect(&second, &ClubServer::logLine, [&](const QString &l) { log << l; });
        QCOMPARE(second.takeUpSavedGames(), 1);
        QVERIFY2(log.join(QLatin1Char('\n'))
                     .contains(QStringLiteral("game 1 taken up: open, waiting for its creator")),
                 qPrintable(log.join(QLatin1Char('\n'))));
        QString error;
        QVERIFY2(second.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        const Fleet &joinerFleet = script().setup.players[1].fleet;
        const QString fleetYaml = QString::fromUtf8(FleetFile::serialize(joinerFleet));
        FakePeer joiner(second.port());
        QVERIFY(joiner.connected());
        joiner.send(NetMessage::clubList());
        QVERIFY(joiner.expect(MessageType::ClubGames)->games.empty()); // its creator is away
        joiner.send(NetMessage::clubJoin(1, QStringLiteral("Eve"), fleetYaml));
        QVERIFY(joiner.expect(MessageType::Error));
        FakePeer creator(second.port());
        QVERIFY(creator.connected());
        creator.send(NetMessage::clubRejoin(1, 0, QByteArray(32, 'x')));
        QVERIFY(creator.expect(MessageType::Error)); // not its token
        creator.send(NetMessage::clubRejoin(1, 0, token));
        QCOMPARE(creator.expect(MessageType::ClubCreated)->id, 1);
        QCOMPARE(second.openGames(), 1);
        joiner.send(NetMessage::clubList());
        const auto listed = joiner.expect(MessageType::ClubGames);
        QVERIFY(listed);
        QCOMPARE(listed->games.size(), std::size_t(1));
        QCOMPARE(listed->games.front().id, 1);
        // A new game is numbered after it.
        FakePeer another(second.port());
        QVERIFY(another.connected());
        another.send(NetMessage::clubCreate(GameFile::serialize(Game(script().setup))));
        QCOMPARE(another.expect(MessageType::ClubCreated)->id, 2);
        joiner.send(NetMessage::clubJoin(1, QStringLiteral("Eve"), fleetYaml));
        const auto seat = creator.expect(MessageType::ClubSeat);
        QVERIFY(seat);
        QCOMPARE(seat->bytes, token); // the creator's seat is the one it had
        QVERIFY(creator.expect(MessageType::GameSetup));
        QVERIFY(joiner.expect(MessageType::ClubSeat));
        QVERIFY(joiner.expect(MessageType::GameSetup));

        // Joined: its start not agreed yet, the game open at the shutdown is not taken up as
        // a game under way.
        QVERIFY(!QFileInfo::exists(second.gamePath(1)));

        // Taken back, then withdrawn by its creator: its seats say so, and it is not taken up
        // again.
        ClubServer third(db());
        third.setGamesDir(dir.path());
        QVERIFY2(third.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        int id = 0;
        {
            FakePeer c(third.port());
            QVERIFY(c.connected());
            NetMessage create = NetMessage::clubCreate(GameFile::serialize(Game(script().setup)));
            create.features = QStringList {kFeatureOpenSeat};
            c.send(create);
            id = c.expect(MessageType::ClubCreated)->id;
            QCOMPARE(id, 2); // after game 1's seats (its game file is gone)
            token = c.expect(MessageType::ClubSeat)->bytes;
            QSignalSpy closed(&third, &ClubServer::closed);
            third.shutdown(500);
            QVERIFY(c.nextOf(MessageType::Bye));
            QVERIFY(closed.count() == 1 || closed.wait(5000));
        }
        {
            ClubServer fourth(db());
            fourth.setGamesDir(dir.path());
            QCOMPARE(fourth.takeUpSavedGames(), 1);
            QVERIFY2(fourth.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
            FakePeer c(fourth.port());
            QVERIFY(c.connected());
            c.send(NetMessage::clubRejoin(id, 0, token));
            QCOMPARE(c.expect(MessageType::ClubCreated)->id, id);
            c.send(NetMessage::withText(MessageType::Bye, QString()));
            QVERIFY(QTest::qWaitFor([&] { return fourth.openGames() == 0; }, 5000));
            // Withdrawn: its seats ended, its game of no commands gone.
            QCOMPARE(seatsStatus(fourth.seatsPath(id)), QStringLiteral("ended"));
            QVERIFY(!QFileInfo::exists(fourth.gamePath(id)));
        }
        ClubServer fifth(db());
        fifth.setGamesDir(dir.path());
        QCOMPARE(fifth.takeUpSavedGames(), 0);

        // Kept once: a server that shuts down again before its creator took it back
        // withdraws it.
        QVERIFY2(fifth.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        {
            FakePeer c(fifth.port());
            QVERIFY(c.connected());
            NetMessage create = NetMessage::clubCreate(GameFile::serialize(Game(script().setup)));
            create.features = QStringList {kFeatureOpenSeat};
            c.send(create);
            id = c.expect(MessageType::ClubCreated)->id;
            QSignalSpy closed(&fifth, &ClubServer::closed);
            fifth.shutdown(500);
            QVERIFY(closed.count() == 1 || closed.wait(5000));
        }
        {
            ClubServer sixth(db());
            sixth.setGamesDir(dir.path());
            QStringList log6;
            QObject::connect(&sixth, &ClubServer::logLine, [&](const QString &l) { log6 << l; });
            QCOMPARE(sixth.takeUpSavedGames(), 1);
            QSignalSpy closed(&sixth, &ClubServer::closed);
            sixth.shutdown(500);
            QVERIFY(closed.count() == 1 || closed.wait(5000));
            QVERIFY2(log6.join(QLatin1Char('\n'))
                         .contains(QStringLiteral("game %1 withdrawn: its creator did not take "
                                                  "it back")
                                       .arg(id)),
                     qPrintable(log6.join(QLatin1Char('\n'))));
        }
        ClubServer seventh(db());
        seventh.setGamesDir(dir.path());
        QCOMPARE(seventh.takeUpSavedGames(), 0);
    }

    // The server killed (SIGKILL: no bye) during a game, once the game is saved, and started
    // again on the same folder and port after the clients' --timeout: they keep trying (as
    // after a bye: 1, 2, 4 ... s), take their seats again and play the game out.
    void clientsWaitForCrashedServer()
    {
        QTemporaryDir dir;
        QProcess server;
        const quint16 port = startServer(server, {QStringLiteral("--games"), dir.path()});
        QVERIFY(port != 0);
        const QString hostFile = dir.filePath(QStringLiteral("host.jwgame"));
        const QString joinFile = dir.filePath(QStringLiteral("join.jwgame"));
        // Slower than the server's save (within half a second of each command): the server
        // killed has the last agreed command on disk.
        const QStringList common {scriptPath(),           QStringLiteral("--port"),
                                  QString::number(port),  QStringLiteral("--delay"),
                                  QStringLiteral("800"),  QStringLiteral("--max-commands"),
                                  QStringLiteral("7"),    QStringLiteral("--timeout"),
                                  QStringLiteral("1500"), QStringLiteral("--reconnect-for"),
                                  QStringLiteral("60")};
        QProcess host, join;
        host.start(cli(),
                   QStringList {QStringLiteral("club-host")} + common
                       + QStringList {QStringLiteral("--random"), QStringLiteral("5"),
                                      QStringLiteral("--save"), hostFile});
        QVERIFY(host.waitForReadyRead(20000));
        join.start(cli(),
                   QStringList {QStringLiteral("club-join")} + common
                       + QStringList {QStringLiteral("--random"), QStringLiteral("6"),
                                      QStringLiteral("--save"), joinFile});
        QByteArray log;
        QVERIFY(QTest::qWaitFor(
            [&] {
                server.waitForReadyRead(100);
                log += server.readAllStandardOutput();
                return log.contains("command 2 agreed");
            },
            30000));
        QTest::qWait(650); // saved
        server.kill();
        QVERIFY(server.waitForFinished(10000));
        QByteArray hostOut;
        QVERIFY(QTest::qWaitFor(
            [&] {
                host.waitForReadyRead(100);
                hostOut += host.readAllStandardOutput();
                return hostOut.contains("waiting up to 60 s for the club server to come back");
            },
            20000));
        QCOMPARE(join.state(), QProcess::Running);
        QProcess again;
        QVERIFY(startServer(again,
                            {QStringLiteral("--games"), dir.path(), QStringLiteral("--port"),
                             QString::number(port)})
                == port);
        QVERIFY(host.waitForFinished(90000));
        QVERIFY(join.waitForFinished(90000));
        hostOut += host.readAllStandardOutput();
        const QByteArray joinOut = join.readAllStandardOutput();
        QVERIFY2(host.exitCode() == 0,
                 QByteArray(hostOut + host.readAllStandardError()).constData());
        QVERIFY2(join.exitCode() == 0,
                 QByteArray(joinOut + join.readAllStandardError()).constData());
        QVERIFY2(joinOut.contains("back in game 1"), joinOut.constData());
        const QByteArray played = readFile(hostFile);
        QCOMPARE(readFile(joinFile), played);
        const GameFile::Loaded loaded = GameFile::parse(played, QStringLiteral("host.jwgame"));
        QVERIFY2(loaded.game, qPrintable(loaded.error));
        QVERIFY(loaded.game->history().size() > 2);
        QVERIFY(GameFile::verifyDice(*loaded.game).ok());
        ::kill(pid_t(again.processId()), SIGTERM);
        QVERIFY(again.waitForFinished(10000));
        QCOMPARE(again.exitCode(), 0);
    }

    // club-host's game still open when the server goes away, stopped by SIGTERM (it saves the
    // game then and says bye) or killed (SIGKILL: no bye, nothing saved at a shutdown; the
    // server wrote it when it was created): the process waits for the server started again on
    // the same folder and port, takes its game back with its token ("taken back"), and plays
    // it with the club-join that comes then; the three saved games are the same and verify.
    // Joined, the game's file of no commands is replaced by the game's. A v1.2.4 game taken
    // back is masked as it was created (club-rejoin says masked-secrets again), played to its
    // end.
    void hostTakesOpenGameBack_data()
    {
        QTest::addColumn<bool>("crash");
        QTest::addColumn<bool>("masked");
        QTest::newRow("shutdown") << false << false;
        QTest::newRow("crash") << true << false;
        QTest::newRow("masked") << false << true;
    }

    void hostTakesOpenGameBack()
    {
        QFETCH(bool, crash);
        QFETCH(bool, masked);
        QTemporaryDir dir;
        QProcess server;
        const quint16 port = startServer(server, {QStringLiteral("--games"), dir.path()});
        QVERIFY(port != 0);
        const QString hostFile = dir.filePath(QStringLiteral("host.jwgame"));
        const QString joinFile = dir.filePath(QStringLiteral("join.jwgame"));
        const QString game1 = dir.filePath(QStringLiteral("game-1.jwgame"));
        const QString seats1 = dir.filePath(QStringLiteral("game-1.seats.json"));
        const QStringList common {masked ? QStringLiteral(JW_MASKED_SCRIPT) : scriptPath(),
                                  QStringLiteral("--port"),
                                  QString::number(port),
                                  QStringLiteral("--max-commands"),
                                  masked ? QStringLiteral("2000") : QStringLiteral("20"),
                                  QStringLiteral("--reconnect-for"),
                                  QStringLiteral("60")};
        QProcess host;
        host.start(cli(),
                   QStringList {QStringLiteral("club-host")} + common
                       + QStringList {QStringLiteral("--random"), QString::number(crash ? 9 : 7),
                                      QStringLiteral("--save"), hostFile});
        QByteArray hostOut;
        auto hostSays = [&](const char *what, int ms) {
            return QTest::qWaitFor(
                [&] {
                    host.waitForReadyRead(100);
                    hostOut += host.readAllStandardOutput();
                    return hostOut.contains(what);
                },
                ms);
        };
        QVERIFY(hostSays("created game 1", 20000));
        if (crash) {
            // Written when it was created (the seats last, after the game).
            QVERIFY(QTest::qWaitFor([&] { return seatsStatus(seats1) == QLatin1String("open"); },
                                    5000));
            const GameFile::Loaded open = GameFile::read(game1);
            QVERIFY2(open.game, qPrintable(open.error));
            QVERIFY(open.game->history().empty());
            QCOMPARE(open.game->setup().players[0].name, script().setup.players[0].name);
            server.kill();
            QVERIFY(server.waitForFinished(10000));
            QCOMPARE(server.exitStatus(), QProcess::CrashExit);
        } else {
            ::kill(pid_t(server.processId()), SIGTERM);
            QVERIFY(server.waitForFinished(10000));
            QCOMPARE(server.exitCode(), 0);
            const QByteArray log = server.readAllStandardOutput();
            QVERIFY2(log.contains("game 1 saved, open: the server shut down"), log.constData());
        }
        QVERIFY2(hostSays("the club server is not back", 20000), hostOut.constData());
        QVERIFY2(hostOut.contains("waiting up to 60 s for the club server to come back, to take "
                                  "game 1 back"),
                 hostOut.constData());

        QProcess again;
        QByteArray log2;
        QVERIFY(startServer(again,
                            {QStringLiteral("--games"), dir.path(), QStringLiteral("--port"),
                             QString::number(port)},
                            &log2)
                == port);
        QVERIFY2(hostSays("game 1 taken back: open again", 40000), hostOut.constData());
        QProcess join;
        join.start(cli(),
                   QStringList {QStringLiteral("club-join")} + common
                       + QStringList {QStringLiteral("--random"), QString::number(crash ? 10 : 8),
                                      QStringLiteral("--save"), joinFile});
        QVERIFY(join.waitForFinished(120000));
        QVERIFY(host.waitForFinished(60000));
        hostOut += host.readAllStandardOutput();
        QVERIFY2(host.exitCode() == 0,
                 QByteArray(hostOut + host.readAllStandardError()).constData());
        QVERIFY2(join.exitCode() == 0, join.readAllStandardError().constData());
        if (masked) {
            QVERIFY2(hostOut.contains("hidden models are masked in this game"),
                     hostOut.constData());
            QVERIFY2(hostOut.contains("over: the game is over"), hostOut.constData());
        }
        const QByteArray played = readFile(hostFile);
        QVERIFY(!played.isEmpty());
        QCOMPARE(readFile(joinFile), played);
        // The server's game is the players' (its file of no commands was replaced).
        QVERIFY(QTest::qWaitFor([&] { return readFile(game1) == played; }, 5000));
        const GameFile::Loaded loaded = GameFile::parse(played, QStringLiteral("host.jwgame"));
        QVERIFY2(loaded.game, qPrintable(loaded.error));
        QVERIFY(!loaded.game->history().empty());
        QVERIFY(GameFile::verifyDice(*loaded.game).ok());
        ::kill(pid_t(again.processId()), SIGTERM);
        QVERIFY(again.waitForFinished(10000));
        QCOMPARE(again.exitCode(), 0);
        log2 += again.readAllStandardOutput();
        QVERIFY2(log2.contains("game 1 taken up: open, waiting for its creator"), log2.constData());
        QVERIFY2(log2.contains("game 1: its creator is back"), log2.constData());
        QCOMPARE(log2.contains("game 1: hidden models are masked (v1.2.4 secret information)"),
                 masked);
        if (crash)
            QCOMPARE(seatsStatus(seats1), QStringLiteral("ended"));
    }

    void usage()
    {
        QProcess p;
        p.start(serverPath(), {QStringLiteral("--port"), QStringLiteral("70000")});
        QVERIFY(p.waitForFinished(20000));
        QCOMPARE(p.exitCode(), 2);
        p.start(serverPath(), {QStringLiteral("--bogus")});
        QVERIFY(p.waitForFinished(20000));
        QCOMPARE(p.exitCode(), 2);
        // The configuration file: an unknown key is refused with file:line:column; the
        // command line wins over the file.
        QTemporaryDir dir;
        const QString bad = dir.filePath(QStringLiteral("bad.yaml"));
        {
            QFile f(bad);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("port: 0\ngames: club\nprot: 5\n");
        }
        p.start(serverPath(), {QStringLiteral("--config"), bad});
        QVERIFY(p.waitForFinished(20000));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY2(p.readAllStandardError().contains("bad.yaml:3:1: unknown key 'prot'"),
                 "file:line");
        // A bad value is refused where it is written.
        const QString badValue = dir.filePath(QStringLiteral("badvalue.yaml"));
        {
            QFile f(badValue);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("port: 0\nmessage-rate: -3\n");
        }
        p.start(serverPath(), {QStringLiteral("--config"), badValue});
        QVERIFY(p.waitForFinished(20000));
        QCOMPARE(p.exitCode(), 2);
        const QByteArray badValueErr = p.readAllStandardError();
        QVERIFY2(badValueErr.contains("badvalue.yaml:2:15: the message rate is a whole number"),
                 badValueErr.constData());
        p.start(serverPath(), {QStringLiteral("--refused-limit"), QStringLiteral("many")});
        QVERIFY(p.waitForFinished(20000));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY(p.readAllStandardError().contains(
            "jwfleet-server: the refused limit is a whole number"));
        // Read by the same safe reader as every file: an alias is refused, located.
        const QString bomb = dir.filePath(QStringLiteral("bomb.yaml"));
        {
            QFile f(bomb);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("port: &p 7000\nlisten: *p\n");
        }
        p.start(serverPath(), {QStringLiteral("--config"), bomb});
        QVERIFY(p.waitForFinished(20000));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY2(p.readAllStandardError().contains("bomb.yaml:1:7: error: anchors"), "alias");
        const QString good = dir.filePath(QStringLiteral("good.yaml"));
        {
            QFile f(good);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("# the club\nport: 1\ngames: "
                    + dir.filePath(QStringLiteral("fromfile")).toUtf8() + "\n");
        }
        QProcess configured;
        const quint16 port0
            = startServer(configured,
                          {QStringLiteral("--config"), good, QStringLiteral("--games"),
                           dir.filePath(QStringLiteral("fromline"))});
        QVERIFY(port0 > 1); // --port 0 (startServer's) over the file's 1
        QVERIFY(QFileInfo(dir.filePath(QStringLiteral("fromline"))).isDir());
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("fromfile"))));
        ::kill(pid_t(configured.processId()), SIGTERM);
        QVERIFY(configured.waitForFinished(10000));
        QCOMPARE(configured.exitCode(), 0);

        p.start(cli(), {QStringLiteral("club-join"), scriptPath()});
        QVERIFY(p.waitForFinished(20000));
        QCOMPARE(p.exitCode(), 2);
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost));
        const QString port = QString::number(probe.serverPort());
        probe.close();
        p.start(cli(),
                {QStringLiteral("club-join"), scriptPath(), QStringLiteral("--port"), port,
                 QStringLiteral("--timeout"), QStringLiteral("3000")});
        QVERIFY(p.waitForFinished(20000));
        QCOMPARE(p.exitCode(), 1);
        QVERIFY(p.readAllStandardError().contains("cannot connect to the club server"));
    }
};

QTEST_GUILESS_MAIN(TestClubServer)
#include "tst_clubserver.moc"
