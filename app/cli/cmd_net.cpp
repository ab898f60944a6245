// SPDX-License-Identifier: GPL-3.0-or-later
// net-host / net-join: headless network peers (docs/network.md). Each plays its
// side's commands of a scripted game against the other process, then saves the game.
#include "cli/clicontext.h"

#include "engine/gamefile.h"
#include "engine/gamescript.h"
#include "engine/randomplayer.h"
#include "fleet/fleetfile.h"
#include "net/clubclient.h"
#include "net/netlobby.h"
#include "net/netsession.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTcpSocket>
#include <QTimer>

#include <functional>
#include <limits>

namespace jw::cli {

namespace {

constexpr qint64 kMaxSeqForCli = net::kMaxSeq;

enum class NetMode {
    Host, // net-host
    Join, // net-join
    ClubHost, // club-host: creates a game on a club server
    ClubJoin // club-join: joins a game on a club server
};

int runNet(Context &ctx, const Command &cmd, const QStringList &args, NetMode mode)
{
    const bool hosting = mode == NetMode::Host;
    const bool club = mode == NetMode::ClubHost || mode == NetMode::ClubJoin;
    QCommandLineParser p;
    const QCommandLineOption port(QStringLiteral("port"),
                                  hosting    ? QStringLiteral("Listen on PORT (0: any free port; "
                                                                 "the one chosen is printed).")
                                      : club ? QStringLiteral("The club server's PORT.")
                                             : QStringLiteral("The host's PORT."),
                                  QStringLiteral("PORT"));
    const QCommandLineOption server(
        QStringLiteral("server"),
        QStringLiteral("The club server's address (jwfleet-server; default 127.0.0.1)."),
        QStringLiteral("ADDRESS"), QStringLiteral("127.0.0.1"));
    const QCommandLineOption gameId(
        QStringLiteral("game"),
        mode == NetMode::ClubJoin
            ? QStringLiteral("Join the club's open game ID (default: the first open game; waits "
                             "up to --timeout for one); with --resume: the game to take this "
                             "side's seat in again.")
            : QStringLiteral("With --resume: the club's game ID to take this side's seat in "
                             "again (the number club-host printed)."),
        QStringLiteral("ID"));
    const QCommandLineOption host(QStringLiteral("host"),
                                  QStringLiteral("The host's address (default 127.0.0.1)."),
                                  QStringLiteral("ADDRESS"), QStringLiteral("127.0.0.1"));
    const QCommandLineOption side(
        QStringLiteral("side"),
        QStringLiteral("The player this peer plays, 0 or 1 (default: the host 0, the joiner 1)."),
        QStringLiteral("PLAYER"));
    const QCommandLineOption save(
        QStringLiteral("save"),
        QStringLiteral("Save the game (.jwgame) to FILE after every command and at the end."),
        QStringLiteral("FILE"));
    const QCommandLineOption random(
        QStringLiteral("random"),
        QStringLiteral("When the script has no more commands for this side, play random legal "
                       "commands (seeded by SEED) instead of ending the game."),
        QStringLiteral("SEED"));
    const QCommandLineOption maxCommands(
        QStringLiteral("max-commands"),
        QStringLiteral("End the game (a bye) on this side's turn once it has N commands."),
        QStringLiteral("N"));
    const QCommandLineOption timeout(
        QStringLiteral("timeout"),
        QStringLiteral("Stop when the peer does not answer within MS milliseconds (default "
                       "10000; the connection and every reply but a command)."),
        QStringLiteral("MS"));
    const QCommandLineOption resume(
        QStringLiteral("resume"),
        QStringLiteral("Resume the game saved in FILE (this side's, after a dropped connection): "
                       "both sides go back to the last command both agreed on."),
        QStringLiteral("FILE"));
    const QCommandLineOption delay(
        QStringLiteral("delay"),
        QStringLiteral("Wait MS milliseconds before each command of this side (a thinking "
                       "player; tests)."),
        QStringLiteral("MS"));
    const QCommandLineOption quiet(QStringLiteral("quiet"),
                                   QStringLiteral("Print only the outcome."));
    const QCommandLineOption fleet(
        QStringLiteral("fleet"),
        QStringLiteral("Join a game hosted in the GUI (Game > Host Network Game) with the fleet "
                       "of FILE, instead of a script: the host makes the game; this side plays "
                       "random legal commands (--random, default seed 1)."),
        QStringLiteral("FILE"));
    const QCommandLineOption name(QStringLiteral("name"),
                                  QStringLiteral("With --fleet: the player's name (default "
                                                 "\"jwfleet-cli\")."),
                                  QStringLiteral("NAME"), QStringLiteral("jwfleet-cli"));
    const QCommandLineOption chat(QStringLiteral("chat"),
                                  QStringLiteral("Send TEXT to the peer's chat when the game "
                                                 "begins."),
                                  QStringLiteral("TEXT"));
    p.addOptions({port, save, random, maxCommands, timeout, delay, quiet, chat});
    p.addOption(resume);
    if (!club)
        p.addOption(side);
    if (club)
        p.addOptions({server, gameId});
    if (mode == NetMode::Join)
        p.addOptions({host, fleet, name});
    p.addPositionalArgument(QStringLiteral("SCRIPT"),
                            QStringLiteral("A game script (YAML; docs/scripted-games.md), the "
                                           "same on both sides: its setup is the game's."));
    bool help = false;
    if (!parseArgs(ctx, cmd, p, args, &help))
        return help ? ExitOk : ExitBadInput;
    const bool lobby = mode == NetMode::Join && p.isSet(fleet);
    if (lobby && !p.positionalArguments().isEmpty())
        return ctx.usageError(cmd.name, QStringLiteral("give a script or --fleet, not both"));
    if (!lobby && p.positionalArguments().size() != 1)
        return ctx.usageError(cmd.name, QStringLiteral("give exactly one script"));
    auto number = [&](const QCommandLineOption &o, qint64 min, qint64 max,
                      qint64 fallback) -> std::optional<qint64> {
        if (!p.isSet(o))
            return fallback;
        bool ok = false;
        const qint64 v = p.value(o).toLongLong(&ok);
        if (!ok || v < min || v > max) {
            ctx.usageError(cmd.name,
                           QStringLiteral("--%1 takes a whole number from %2 to %3")
                               .arg(o.names().first())
                               .arg(min)
                               .arg(max));
            return std::nullopt;
        }
        return v;
    };
    if (!p.isSet(port))
        return ctx.usageError(cmd.name, QStringLiteral("give --port"));
    if (club && p.isSet(resume) && !p.isSet(gameId))
        return ctx.usageError(cmd.name,
                              QStringLiteral("--resume on a club server needs --game ID"));
    if (mode == NetMode::ClubHost && p.isSet(gameId) && !p.isSet(resume))
        return ctx.usageError(cmd.name, QStringLiteral("--game goes with --resume"));
    const auto portNumber = number(port, hosting ? 0 : 1, 65535, 0);
    const auto gameNumber = number(gameId, 1, kMaxSeqForCli, 0);
    const auto sideNumber = number(side, 0, 1, hosting ? 0 : 1);
    const auto maxNumber = number(maxCommands, 0, 1'000'000, 1'000'000);
    const auto timeoutMs = number(timeout, 10, 3'600'000, 10'000);
    const auto seed = number(random, 0, std::numeric_limits<qint64>::max(), 0);
    const auto delayMs = number(delay, 0, 60'000, 0);
    if (!portNumber || !gameNumber || !sideNumber || !maxNumber || !timeoutMs || !seed || !delayMs)
        return ExitBadInput;
    auto db = ctx.database();
    if (!db)
        return ExitBadInput;
    GameScript script;
    QTcpSocket *lobbySocket = nullptr;
    if (lobby) {
        // The GUI's lobby (docs/network.md): our name and fleet, the host's game back.
        const FleetFileResult f = FleetFile::read(p.value(fleet));
        if (!f.ok()) {
            ctx.err << f.errorText() << Qt::endl;
            return ExitBadInput;
        }
        net::NetLobby joiner;
        joiner.setReplyTimeout(int(*timeoutMs));
        QEventLoop wait;
        QString failure;
        QObject::connect(&joiner, &net::NetLobby::ready, &wait,
                         [&](const GameSetup &setup, int, QTcpSocket *socket) {
                             script.setup = setup;
                             lobbySocket = socket;
                             wait.quit();
                         });
        QObject::connect(&joiner, &net::NetLobby::failed, &wait, [&](const QString &why) {
            failure = why;
            wait.quit();
        });
        joiner.join(p.value(host), quint16(*portNumber), p.value(name), *f.fleet);
        wait.exec();
        if (!lobbySocket) {
            ctx.err << "jwfleet-cli " << cmd.name << ": " << failure << Qt::endl;
            return ExitCheckFailed;
        }
    } else {
        script = GameScriptReader::read(p.positionalArguments().first(), *db);
        if (!script.ok()) {
            for (const DataIssue &i : script.issues)
                ctx.err << i.toString() << '\n';
            return ExitBadInput;
        }
    }
    int clubSide = -1;
    int clubId = 0;
    if (club) {
        // The club's lobby (docs/network.md): create the script's game (we play player 0),
        // or join an open one with the script's player 1 (name and fleet).
        net::ClubClient client;
        client.setReplyTimeout(int(*timeoutMs));
        QEventLoop wait;
        QString failure;
        GameSetup clubSetup;
        QObject::connect(&client, &net::ClubClient::created, &wait, [&](int id) {
            ctx.out << "created game " << id << Qt::endl; // always printed
        });
        QObject::connect(&client, &net::ClubClient::ready, &wait,
                         [&](const GameSetup &setup, int side, QTcpSocket *socket) {
                             clubSetup = setup;
                             clubSide = side;
                             lobbySocket = socket;
                             wait.quit();
                         });
        QObject::connect(&client, &net::ClubClient::failed, &wait, [&](const QString &why) {
            failure = why;
            wait.quit();
        });
        if (p.isSet(resume)) // our seat again, in a game that paused
            client.rejoin(p.value(server), quint16(*portNumber), int(*gameNumber),
                          mode == NetMode::ClubHost ? 0 : 1);
        else if (mode == NetMode::ClubHost)
            client.create(p.value(server), quint16(*portNumber), script.setup);
        else
            client.join(p.value(server), quint16(*portNumber), int(*gameNumber),
                        script.setup.players[1].name, script.setup.players[1].fleet);
        wait.exec();
        if (!lobbySocket) {
            ctx.err << "jwfleet-cli " << cmd.name << ": " << failure << Qt::endl;
            return ExitCheckFailed;
        }
        clubId = client.id();
        if (net::setupHash(clubSetup) != net::setupHash(script.setup)) {
            lobbySocket->deleteLater();
            ctx.err << "jwfleet-cli " << cmd.name
                    << ": the club's game is not the script's (the fleets, units or scenario "
                       "differ): its commands would not be this game's"
                    << Qt::endl;
            return ExitCheckFailed;
        }
    }
    if (script.dice && !p.isSet(quiet))
        ctx.out << "note: the script's forced dice are not used: dice come from commit-reveal\n";

    const int me = lobby ? 1 : club ? clubSide : int(*sideNumber);
    net::NetSession session(script.setup, me);
    session.setReplyTimeout(int(*timeoutMs));
    std::size_t cursor = 0; // the next script command (both sides walk the same list)
    if (p.isSet(resume)) {
        const GameFile::Loaded loaded = GameFile::read(p.value(resume));
        if (!loaded.game) {
            ctx.err << loaded.error << Qt::endl;
            return ExitBadInput;
        }
        QString why;
        if (!session.resume(*loaded.game, &why)) {
            ctx.err << "jwfleet-cli " << cmd.name << ": " << p.value(resume) << ": " << why
                    << Qt::endl;
            return ExitBadInput;
        }
        // The script's commands already played (by either side) are behind us.
        for (const GameRecordEntry &e : loaded.game->history())
            if (cursor < script.commands.size() && script.commands[cursor].command == e.command)
                ++cursor;
    }
    std::optional<RandomPlayer> randomPlayer;
    if (p.isSet(random) || lobby)
        randomPlayer.emplace(p.isSet(random) ? std::uint64_t(*seed) : 1);
    QEventLoop loop;
    int exitCode = ExitOk;
    auto say = [&](const QString &line) {
        if (!p.isSet(quiet)) {
            ctx.out << line << '\n';
            ctx.out.flush();
        }
    };
    QObject::connect(&session, &net::NetSession::logMessage, &loop, say);
    if (p.isSet(chat))
        QObject::connect(&session, &net::NetSession::started, &loop,
                         [&] { session.sendChat(p.value(chat)); });
    QObject::connect(&session, &net::NetSession::chatReceived, &loop,
                     [&](const QString &text) { say(QStringLiteral("chat: %1").arg(text)); });
    QObject::connect(&session, &net::NetSession::refused, &loop, [&](const QString &why) {
        ctx.err << "jwfleet-cli " << cmd.name << ": refused: " << why << Qt::endl;
    });
    QObject::connect(&session, &net::NetSession::applied, &loop, [&](int index, int player) {
        const jw::Command &c = session.game()->history()[std::size_t(index)].command;
        if (player != me && cursor < script.commands.size() && script.commands[cursor].command == c)
            ++cursor; // the peer's command of the script
        // Saved after every command (atomically): a process that dies can --resume.
        if (p.isSet(save))
            (void)GameFile::write(*session.game(), p.value(save));
        say(QStringLiteral("command %1 (player %2): %3")
                .arg(index + 1)
                .arg(player)
                .arg(commandId(c)));
    });
    // The local turn: the script's next command, a default answer, or random play.
    auto play = [&] {
        if (!session.myTurn())
            return;
        const Game &game = *session.game();
        if (int(game.history().size()) >= *maxNumber)
            return session.finish(QStringLiteral("the command limit is reached"));
        std::optional<jw::Command> c;
        if (game.state().pending && script.autoAnswer)
            c = AnswerCommand {};
        else if (cursor < script.commands.size())
            c = script.commands[cursor++].command;
        else if (randomPlayer)
            c = randomPlayer->choose(game.engine(), game.state());
        if (!c)
            return session.finish(QStringLiteral("player %1 has no more commands").arg(me));
        QString why;
        if (!session.submit(*c, &why)) {
            ctx.err << "jwfleet-cli " << cmd.name << ": our command " << commandId(*c)
                    << " is refused: " << why << Qt::endl;
            exitCode = ExitCheckFailed;
            session.finish(QStringLiteral("player %1's command was refused").arg(me));
        }
    };
    QObject::connect(
        &session, &net::NetSession::turn, &loop,
        [&] { QTimer::singleShot(int(*delayMs), &loop, play); }, Qt::QueuedConnection);
    QObject::connect(&session, &net::NetSession::over, &loop, [&](const QString &why) {
        say(QStringLiteral("over: %1").arg(why));
        QTimer::singleShot(50, &loop, &QEventLoop::quit);
    });
    // A club game that paused (either player dropped): take our seat again, until --timeout.
    QElapsedTimer pausedFor;
    std::function<void()> rejoin = [&] {
        auto *client = new net::ClubClient(&loop);
        client->setReplyTimeout(int(*timeoutMs));
        QObject::connect(client, &net::ClubClient::ready, &loop,
                         [&, client](const GameSetup &, int, QTcpSocket *socket) {
                             client->deleteLater();
                             QString why;
                             if (!session.resume(*session.game(), &why)) {
                                 ctx.err << "jwfleet-cli " << cmd.name << ": " << why << Qt::endl;
                                 exitCode = ExitCheckFailed;
                                 loop.quit();
                                 return;
                             }
                             say(QStringLiteral("back in game %1").arg(clubId));
                             session.attach(socket);
                         });
        QObject::connect(client, &net::ClubClient::failed, &loop, [&, client](const QString &why) {
            client->deleteLater();
            if (pausedFor.elapsed() > *timeoutMs) {
                ctx.err << "jwfleet-cli " << cmd.name << ": " << why << Qt::endl;
                exitCode = ExitCheckFailed;
                loop.quit();
                return;
            }
            QTimer::singleShot(250, &loop, rejoin);
        });
        client->rejoin(p.value(server), quint16(*portNumber), clubId, me);
    };
    QObject::connect(&session, &net::NetSession::stopped, &loop, [&](const QString &why) {
        ctx.err << "jwfleet-cli " << cmd.name << ": " << why << Qt::endl;
        if (club && session.game() && session.status() == net::NetSession::Status::Paused) {
            say(QStringLiteral("taking our seat in game %1 again (up to %2 ms)")
                    .arg(clubId)
                    .arg(*timeoutMs));
            pausedFor.start();
            QTimer::singleShot(100, &loop, rejoin);
            return;
        }
        if (hosting && session.status() == net::NetSession::Status::Paused) {
            // The host listens again: the peer may resume (net-join --resume).
            say(QStringLiteral("waiting %1 ms for the peer to come back").arg(*timeoutMs));
            QTimer::singleShot(int(*timeoutMs), &loop, [&] {
                if (session.status() == net::NetSession::Status::Paused) {
                    exitCode = ExitCheckFailed;
                    loop.quit();
                }
            });
            return;
        }
        exitCode = ExitCheckFailed;
        QTimer::singleShot(50, &loop, &QEventLoop::quit);
    });
    if (hosting) {
        QString error;
        if (!session.host(quint16(*portNumber), &error)) {
            ctx.err << "jwfleet-cli " << cmd.name << ": " << error << Qt::endl;
            return ExitBadInput;
        }
        // Always printed: a caller that asked for any port reads it here.
        ctx.out << "listening on port " << session.serverPort() << Qt::endl;
    } else if (lobbySocket) { // the GUI's lobby or the club's
        session.attach(lobbySocket);
    } else {
        session.join(p.value(host), quint16(*portNumber));
    }
    loop.exec();

    if (const Game *game = session.game(); game && p.isSet(save)) {
        const QString error = GameFile::write(*game, p.value(save));
        if (!error.isEmpty()) {
            ctx.err << "jwfleet-cli " << cmd.name << ": " << error << Qt::endl;
            return ExitBadInput;
        }
    }
    if (const Game *game = session.game())
        say(QStringLiteral("%1 commands, %2 dice exchanges")
                .arg(game->history().size())
                .arg(game->diceExchanges().size()));
    return exitCode;
}

// club-watch: a spectator of a club game; prints each public event as it comes.
int runWatch(Context &ctx, const Command &cmd, const QStringList &args)
{
    QCommandLineParser p;
    const QCommandLineOption server(QStringLiteral("server"),
                                    QStringLiteral("The club server's address (default "
                                                   "127.0.0.1)."),
                                    QStringLiteral("ADDRESS"), QStringLiteral("127.0.0.1"));
    const QCommandLineOption port(QStringLiteral("port"), QStringLiteral("The club server's PORT."),
                                  QStringLiteral("PORT"));
    const QCommandLineOption game(QStringLiteral("game"), QStringLiteral("The game ID to watch."),
                                  QStringLiteral("ID"));
    p.addOptions({server, port, game});
    bool help = false;
    if (!parseArgs(ctx, cmd, p, args, &help))
        return help ? ExitOk : ExitBadInput;
    bool okPort = false, okGame = false;
    const int portNumber = p.value(port).toInt(&okPort);
    const int id = p.value(game).toInt(&okGame);
    if (!okPort || portNumber < 1 || portNumber > 65535)
        return ctx.usageError(cmd.name, QStringLiteral("give --port, from 1 to 65535"));
    if (!okGame || id < 1)
        return ctx.usageError(cmd.name, QStringLiteral("give --game, the game's number"));
    net::ClubClient client;
    QEventLoop loop;
    int exitCode = ExitOk;
    QObject::connect(&client, &net::ClubClient::publicEvent, &loop,
                     [&](int seq, const QString &, const QString &text, int) {
                         ctx.out << seq << ": " << text << Qt::endl;
                     });
    QObject::connect(&client, &net::ClubClient::watchEnded, &loop, [&](const QString &why) {
        ctx.out << "over: " << why << Qt::endl;
        loop.quit();
    });
    QObject::connect(&client, &net::ClubClient::failed, &loop, [&](const QString &why) {
        ctx.err << "jwfleet-cli " << cmd.name << ": " << why << Qt::endl;
        exitCode = ExitCheckFailed;
        loop.quit();
    });
    client.watch(p.value(server), quint16(portNumber), id);
    loop.exec();
    return exitCode;
}

} // namespace

void registerNetCommands(std::vector<Command> &commands)
{
    commands.push_back(
        {QStringLiteral("net-host"),
         QStringLiteral("net-host SCRIPT --port N [--save FILE] [--random SEED] [--resume FILE]"),
         QStringLiteral("Host a network game and play one side of a script."), nullptr});
    commands.back().run = [c = commands.back()](Context &ctx, const QStringList &a) {
        return runNet(ctx, c, a, NetMode::Host);
    };
    commands.push_back(
        {QStringLiteral("net-join"),
         QStringLiteral("net-join SCRIPT --host ADDRESS --port N [--save FILE] [--random SEED] "
                        "[--resume FILE] | net-join --fleet FILE [--name NAME] --host ADDRESS "
                        "--port N"),
         QStringLiteral("Join a network game and play the other side of the script."), nullptr});
    commands.back().run = [c = commands.back()](Context &ctx, const QStringList &a) {
        return runNet(ctx, c, a, NetMode::Join);
    };
    commands.push_back(
        {QStringLiteral("club-host"),
         QStringLiteral("club-host SCRIPT --server ADDRESS --port N [--save FILE] [--random SEED] "
                        "[--resume FILE --game ID]"),
         QStringLiteral("Create a game on a club server (jwfleet-server) and play player 1 of a "
                        "script."),
         nullptr});
    commands.back().run = [c = commands.back()](Context &ctx, const QStringList &a) {
        return runNet(ctx, c, a, NetMode::ClubHost);
    };
    commands.push_back(
        {QStringLiteral("club-join"),
         QStringLiteral("club-join SCRIPT --server ADDRESS --port N [--game ID] [--save FILE] "
                        "[--random SEED] [--resume FILE]"),
         QStringLiteral("Join a game on a club server and play player 2 of the script."), nullptr});
    commands.back().run = [c = commands.back()](Context &ctx, const QStringList &a) {
        return runNet(ctx, c, a, NetMode::ClubJoin);
    };
    commands.push_back(
        {QStringLiteral("club-watch"),
         QStringLiteral("club-watch --server ADDRESS --port N --game ID"),
         QStringLiteral("Spectate a game on a club server: its public events as they are "
                        "agreed."),
         nullptr});
    commands.back().run = [c = commands.back()](Context &ctx, const QStringList &a) {
        return runWatch(ctx, c, a);
    };
}

} // namespace jw::cli
