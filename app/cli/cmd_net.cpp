// SPDX-License-Identifier: GPL-3.0-or-later
// net-host / net-join: headless network peers (docs/network.md). Each plays its
// side's commands of a scripted game against the other process, then saves the game.
#include "cli/clicontext.h"

#include "engine/gamefile.h"
#include "engine/gamescript.h"
#include "engine/maskedview.h"
#include "engine/randomplayer.h"
#include "fleet/fleetfile.h"
#include "net/clubclient.h"
#include "net/maskedresume.h"
#include "net/netlobby.h"
#include "net/netsession.h"
#include "net/spectatorboard.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QTcpSocket>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <array>
#include <functional>
#include <limits>
#include <utility>

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
    const QCommandLineOption token(
        QStringLiteral("token"),
        QStringLiteral("With --resume: this seat's token (printed as 'seat token' when the game "
                       "began)."),
        QStringLiteral("TOKEN"));
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
    const QCommandLineOption noMask(
        QStringLiteral("no-mask"),
        QStringLiteral("A v1.2.4 game: play the hidden models in clear (both programs hold the "
                       "whole state), as an older program does; such a game can resume after a "
                       "drop. By default they are masked when the peer's program can."));
    const QCommandLineOption reconnectFor(
        QStringLiteral("reconnect-for"),
        QStringLiteral("When the club server shuts down (it saves the game), or cannot be "
                       "reached after a drop for longer than --timeout, wait up to SECONDS for "
                       "it to come back and take this seat (or this open game) again by itself "
                       "(tries after 1, 2, 4 ... 30 s; default 600; 0: stop at the server's bye, "
                       "as before)."),
        QStringLiteral("SECONDS"));
    p.addOptions({port, save, random, maxCommands, timeout, delay, quiet, chat});
    p.addOption(resume);
    p.addOption(noMask); // net-host/-join and club-host/-join alike
    if (!club)
        p.addOption(side);
    if (club)
        p.addOptions({server, gameId, token, reconnectFor});
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
    if (club && p.isSet(resume) && (!p.isSet(gameId) || !p.isSet(token)))
        return ctx.usageError(cmd.name,
                              QStringLiteral("--resume on a club server needs --game ID "
                                             "and --token TOKEN"));
    if (club && p.isSet(token)) {
        const QString t = p.value(token);
        bool hex = t.size() == 64;
        for (QChar ch : t)
            hex = hex && (ch.isDigit() || (ch >= QLatin1Char('a') && ch <= QLatin1Char('f')));
        if (!hex)
            return ctx.usageError(cmd.name,
                                  QStringLiteral("--token takes the 64 hex digits "
                                                 "printed as 'seat token'"));
    }
    if (mode == NetMode::ClubHost && p.isSet(gameId) && !p.isSet(resume))
        return ctx.usageError(cmd.name, QStringLiteral("--game goes with --resume"));
    const auto portNumber = number(port, hosting ? 0 : 1, 65535, 0);
    // (Only the options this command has: asking the parser of another warns.)
    const auto gameNumber = club ? number(gameId, 1, kMaxSeqForCli, 0) : std::optional<qint64>(0);
    const auto sideNumber = club ? std::optional<qint64>(0) : number(side, 0, 1, hosting ? 0 : 1);
    const auto maxNumber = number(maxCommands, 0, 1'000'000, 1'000'000);
    const auto timeoutMs = number(timeout, 10, 3'600'000, 10'000);
    const auto seed = number(random, 0, std::numeric_limits<qint64>::max(), 0);
    const auto delayMs = number(delay, 0, 60'000, 0);
    const auto reconnectSeconds
        = club ? number(reconnectFor, 0, 7 * 24 * 3600, 600) : std::optional<qint64>(0);
    if (!portNumber || !gameNumber || !sideNumber || !maxNumber || !timeoutMs || !seed || !delayMs
        || !reconnectSeconds)
        return ExitBadInput;
    auto db = ctx.database();
    if (!db)
        return ExitBadInput;
    GameScript script;
    QTcpSocket *lobbySocket = nullptr;
    std::optional<net::MaskedLobby> maskedLobby; // a masked lobby's commitments
    if (lobby) {
        // The GUI's lobby (docs/network.md): our name and fleet, the host's game back.
        const FleetFileResult f = FleetFile::read(p.value(fleet));
        if (!f.ok()) {
            ctx.err << f.errorText() << Qt::endl;
            return ExitBadInput;
        }
        net::NetLobby joiner;
        joiner.setReplyTimeout(int(*timeoutMs));
        // v1.2.4: commitments in the lobby, not the cards, when the host can (docs/network.md,
        // "A masked lobby"); --no-mask: the fleet in clear, as before.
        joiner.setMaskSecrets(!p.isSet(noMask), &*db);
        QEventLoop wait;
        QString failure;
        QObject::connect(&joiner, &net::NetLobby::ready, &wait,
                         [&](const GameSetup &setup, int, QTcpSocket *socket) {
                             script.setup = setup;
                             lobbySocket = socket;
                             maskedLobby = joiner.maskedLobby();
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
    QByteArray clubToken;
    // A masked club game: the game the server sent, the other side's hidden models stand-ins.
    std::optional<GameSetup> maskedClubSetup;
    if (club) {
        // The club's lobby (docs/network.md): create the script's game (we play player 0),
        // or join an open one with the script's player 1 (name and fleet).
        net::ClubClient client;
        client.setReplyTimeout(int(*timeoutMs));
        // Our open game is kept over the server's restart: we take it back (below).
        client.setTakeBackOpenGame(*reconnectSeconds > 0);
        // v1.2.4: the game masked when the other player's program and the server can.
        client.setMaskSecrets(!p.isSet(noMask));
        // And the lobby sends our fleet as commitments, not the cards, when the server can
        // (docs/network.md, "Masked games through the club server").
        client.setMaskedLobby(!p.isSet(noMask), &*db);
        QEventLoop wait;
        QString failure;
        GameSetup clubSetup;
        bool takingBack = false; // our open game, after the server restarted
        QObject::connect(&client, &net::ClubClient::created, &wait, [&](int id) {
            if (std::exchange(takingBack, false)) // a later loss waits again from then
                ctx.out << "game " << id << " taken back: open again" << Qt::endl;
            else
                ctx.out << "created game " << id << Qt::endl; // always printed
        });
        QObject::connect(&client, &net::ClubClient::ready, &wait,
                         [&](const GameSetup &setup, int side, QTcpSocket *socket) {
                             clubSetup = setup;
                             clubSide = side;
                             lobbySocket = socket;
                             wait.quit();
                         });
        // The server shut down (or crashed: the connection lost, no refusal) before anyone
        // joined our game, and kept it (a server that can): we wait for it as for a game under
        // way (below), and take the game back with our token (club-rejoin); then wait for a
        // joiner again.
        QElapsedTimer downFor;
        int retrySeconds = 0; // the last wait
        QTimer retry;
        retry.setSingleShot(true);
        QObject::connect(&retry, &QTimer::timeout, &wait, [&] {
            client.rejoin(p.value(server), quint16(*portNumber), client.id(), 0, client.token());
        });
        QObject::connect(&client, &net::ClubClient::failed, &wait, [&](const QString &why) {
            const bool down = net::isShutdownBye(why)
                || (!takingBack && !why.startsWith(QLatin1String("the club server refused:")));
            if (mode == NetMode::ClubHost && !p.isSet(resume) && *reconnectSeconds > 0
                && client.id() > 0 && client.token().size() == 32
                && (down
                    || (takingBack
                        && !why.startsWith(QLatin1String("the club server refused:"))))) {
                qint64 delay = net::kFirstRetrySeconds * 1000;
                if (down || !takingBack) {
                    takingBack = true;
                    downFor.start();
                    retrySeconds = net::kFirstRetrySeconds;
                    if (!p.isSet(quiet))
                        ctx.out << "waiting up to " << *reconnectSeconds
                                << " s for the club server to come back, to take game "
                                << client.id() << " back" << Qt::endl;
                } else {
                    const qint64 left = *reconnectSeconds * 1000 - downFor.elapsed();
                    if (left <= 0) {
                        failure
                            = QStringLiteral("the club server did not come back within %1 s: %2")
                                  .arg(*reconnectSeconds)
                                  .arg(why);
                        return wait.quit();
                    }
                    retrySeconds = net::nextRetrySeconds(retrySeconds);
                    delay = std::min<qint64>(retrySeconds * 1000, left);
                    if (!p.isSet(quiet))
                        ctx.out << "the club server is not back (" << why << "); trying again in "
                                << (delay + 999) / 1000 << " s" << Qt::endl;
                }
                retry.start(int(std::min<qint64>(delay, *reconnectSeconds * 1000)));
                return;
            }
            failure = why;
            wait.quit();
        });
        if (p.isSet(resume)) // our seat again, in a game that paused
            client.rejoin(p.value(server), quint16(*portNumber), int(*gameNumber),
                          mode == NetMode::ClubHost ? 0 : 1,
                          QByteArray::fromHex(p.value(token).toLatin1()));
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
        clubToken = client.token();
        maskedLobby = client.maskedLobby();
        // Always printed: a process run again with --resume needs it (--token).
        ctx.out << "seat token: " << clubToken.toHex() << Qt::endl;
        const bool maskedGiven = net::hasStandIns(clubSetup, 1 - clubSide);
        // Our seat taken again in a masked lobby's game (club-rejoin): the server sends the game
        // both sides know (our hidden models stand-ins too), our hello's hash is over it, and we
        // play it with our own cards (docs/network.md, "Masked games through the club server").
        const bool lobbyGiven
            = maskedGiven && !maskedLobby && net::hasStandIns(clubSetup, clubSide);
        const GameSetup given = clubSetup;
        if (lobbyGiven) {
            maskedLobby = net::MaskedLobby {false, std::nullopt, {}};
            clubSetup = MaskedView::maskedSetup(script.setup, clubSide);
        }
        if (maskedGiven)
            maskedClubSetup = clubSetup;
        if (lobbyGiven ? net::setupHash(given) != net::setupHash(net::thirdPartySetup(script.setup))
                       : net::setupHash(clubSetup)
                    != net::setupHash(maskedGiven ? MaskedView::maskedSetup(script.setup, clubSide)
                                                  : script.setup)) {
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
    // A masked club game is played on the setup the server sent (the other side's hidden models
    // stand-ins), not the script's.
    net::NetSession session(maskedClubSetup ? *maskedClubSetup : script.setup, me);
    session.setReplyTimeout(int(*timeoutMs));
    // v1.2.4 hidden models masked when both programs can (and, through a club server, the
    // server: an older one relays no such feature).
    session.setMaskSecrets(!p.isSet(noMask));
    if (maskedLobby)
        session.setMaskedLobby(*maskedLobby);
    std::size_t cursor = 0; // the next script command (both sides walk the same list)
    // Whether `c` is the script's next command (a masked game: the peer's sealed Embark reads
    // as one onto a carrier not told).
    auto scriptsNext = [&](const jw::Command &c) {
        if (cursor >= script.commands.size())
            return false;
        const auto *sealed = std::get_if<EmbarkCommand>(&c);
        const auto *scripted = std::get_if<EmbarkCommand>(&script.commands[cursor].command);
        return script.commands[cursor].command == c
            || (sealed && scripted && sealed->carrier == kSealedCarrier
                && scripted->model == sealed->model);
    };
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
        for (const GameRecordEntry &e : session.game()->history())
            if (scriptsNext(e.command))
                ++cursor;
    }
    // Between two computers the file says which side this process played and how it connected
    // (the GUI's Resume Network Game then asks nothing); a club game's seat is its token.
    auto saveTo = [&](const Game &game, const QString &path) {
        std::optional<Game::NetworkSeat> seat;
        if (!club)
            seat = Game::NetworkSeat {me, hosting, hosting ? QString() : p.value(host),
                                      hosting ? session.serverPort() : quint16(*portNumber)};
        return GameFile::write(game, path, seat);
    };
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
    // The game (re)started: after a resume that went back to the last agreed command, the
    // script's commands played are those of the game kept.
    QObject::connect(&session, &net::NetSession::started, &loop, [&] {
        cursor = 0;
        for (const GameRecordEntry &e : session.game()->history())
            if (scriptsNext(e.command))
                ++cursor;
    });
    if (p.isSet(chat))
        QObject::connect(&session, &net::NetSession::started, &loop,
                         [&] { session.sendChat(p.value(chat)); });
    QObject::connect(&session, &net::NetSession::chatReceived, &loop,
                     [&](const QString &text) { say(QStringLiteral("chat: %1").arg(text)); });
    QObject::connect(&session, &net::NetSession::refused, &loop, [&](const QString &why) {
        ctx.err << "jwfleet-cli " << cmd.name << ": refused: " << why << Qt::endl;
    });
    // An exchange opened or closed: saved at once (a drop then resumes it with the same dice).
    QObject::connect(&session, &net::NetSession::exchangeChanged, &loop, [&] {
        if (p.isSet(save) && session.game())
            (void)saveTo(*session.game(), p.value(save));
    });
    QObject::connect(&session, &net::NetSession::applied, &loop, [&](int index, int player) {
        const jw::Command &c = session.game()->history()[std::size_t(index)].command;
        if (player != me && scriptsNext(c))
            ++cursor; // the peer's command of the script
        // Saved after every command (atomically): a process that dies can --resume.
        if (p.isSet(save))
            (void)saveTo(*session.game(), p.value(save));
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
        // It is our turn (myTurn) while the game's player to act is the peer only when the
        // peer's secret choice is sealed: its command (the script's next) is not played yet,
        // ours is the one after it, taken first.
        const bool peersChoiceSealed = game.state().toAct != me;
        if (peersChoiceSealed && cursor + 1 < script.commands.size())
            std::swap(script.commands[cursor], script.commands[cursor + 1]);
        const GameState &state = session.stateToAnswer();
        if (state.pending && script.autoAnswer)
            c = AnswerCommand {};
        else if (cursor < script.commands.size())
            c = script.commands[cursor++].command;
        else if (randomPlayer)
            c = randomPlayer->choose(game.engine(), state);
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
    // The club server shut down with our game saved (its bye says so): it takes the game up
    // when it starts again on the same folder. We wait for it (1, 2, 4 ... 30 s between tries,
    // up to --reconnect-for), take our seat again with our token and resume, as after a drop.
    QElapsedTimer serverDownFor;
    int serverRetrySeconds = 0; // the last wait
    bool waitingForServer = false; // until the game plays again (or the wait gives up)
    int serverWaits = 0; // each shutdown's wait: its deadline is its own
    auto giveUp = [&](const QString &why) {
        ctx.err << "jwfleet-cli " << cmd.name << ": " << why << Qt::endl;
        exitCode = ExitCheckFailed;
        QTimer::singleShot(50, &loop, &QEventLoop::quit);
    };
    std::function<void()> takeSeatAfterRestart = [&] {
        auto *client = new net::ClubClient(&loop);
        client->setReplyTimeout(int(*timeoutMs));
        QObject::connect(client, &net::ClubClient::ready, &loop,
                         [&, client](const GameSetup &, int, QTcpSocket *socket) {
                             client->deleteLater();
                             QString why;
                             if (!session.resume(*session.game(), &why)) {
                                 socket->deleteLater();
                                 return giveUp(why);
                             }
                             say(QStringLiteral("back in game %1").arg(clubId));
                             // The other player may come back a few seconds after us: its
                             // hello is awaited up to the end of --reconnect-for.
                             session.setPatientHello(true);
                             session.attach(socket);
                         });
        QObject::connect(client, &net::ClubClient::failed, &loop, [&, client](const QString &why) {
            client->deleteLater();
            // The server is back and refuses the seat (the game ended, or was not taken up):
            // it will not take it later either.
            if (why.startsWith(QLatin1String("the club server refused:"))
                && !net::isShutdownBye(why))
                return giveUp(why);
            const qint64 left = *reconnectSeconds * 1000 - serverDownFor.elapsed();
            if (left <= 0)
                return giveUp(QStringLiteral("the club server did not come back within %1 s: %2")
                                  .arg(*reconnectSeconds)
                                  .arg(why));
            serverRetrySeconds = net::nextRetrySeconds(serverRetrySeconds);
            const int wait = int(std::min<qint64>(serverRetrySeconds * 1000, left));
            say(QStringLiteral("the club server is not back (%1); trying again in %2 s")
                    .arg(why)
                    .arg((wait + 999) / 1000));
            QTimer::singleShot(wait, &loop, takeSeatAfterRestart);
        });
        client->rejoin(p.value(server), quint16(*portNumber), clubId, me, clubToken);
    };
    // The game plays again after the restart: the next wait for a hello has its usual bound.
    auto playingAgain = [&] {
        if (waitingForServer && session.status() == net::NetSession::Status::Playing) {
            waitingForServer = false;
            session.setPatientHello(false);
        }
    };
    QObject::connect(&session, &net::NetSession::turn, &loop, playingAgain);
    QObject::connect(&session, &net::NetSession::applied, &loop, playingAgain);
    // Waits for the server (`since`: when it went away), up to --reconnect-for from then.
    auto waitForServer = [&](const QElapsedTimer &since) {
        say(QStringLiteral("waiting up to %1 s for the club server to come back, to take our "
                           "seat in game %2 again")
                .arg(*reconnectSeconds)
                .arg(clubId));
        waitingForServer = true;
        serverDownFor = since;
        serverRetrySeconds = net::kFirstRetrySeconds;
        QTimer::singleShot(serverRetrySeconds * 1000, &loop, takeSeatAfterRestart);
        // Bounded as a whole: the server back, and the other player too.
        const int wait = ++serverWaits;
        const qint64 left = std::max<qint64>(0, *reconnectSeconds * 1000 - since.elapsed());
        QTimer::singleShot(int(left), &loop, [&, wait] {
            if (wait == serverWaits && waitingForServer
                && session.status() != net::NetSession::Status::Playing)
                giveUp(QStringLiteral("game %1 did not resume within %2 s")
                           .arg(clubId)
                           .arg(*reconnectSeconds));
        });
    };
    QObject::connect(&session, &net::NetSession::over, &loop, [&](const QString &why) {
        if (club && *reconnectSeconds > 0 && net::isShutdownBye(why) && session.game()
            && session.game()->state().phase != Phase::Over) {
            QElapsedTimer now;
            now.start();
            waitForServer(now);
            return;
        }
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
                // The server itself is gone (it crashed, or is restarting without having said
                // so): waited for as after its bye, up to --reconnect-for from the drop.
                if (*reconnectSeconds > 0 && pausedFor.elapsed() < *reconnectSeconds * 1000
                    && !why.startsWith(QLatin1String("the club server refused:")))
                    return waitForServer(pausedFor);
                ctx.err << "jwfleet-cli " << cmd.name << ": " << why << Qt::endl;
                exitCode = ExitCheckFailed;
                loop.quit();
                return;
            }
            QTimer::singleShot(250, &loop, rejoin);
        });
        client->rejoin(p.value(server), quint16(*portNumber), clubId, me, clubToken);
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
        const QString error = saveTo(*game, p.value(save));
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
    const QCommandLineOption board(
        QStringLiteral("board"),
        QStringLiteral("Also print the public board after each command published: the turn, "
                       "phase and who acts, then each model on the table (its position and "
                       "facing, its Structure lost), and how many are hidden."));
    p.addOptions({server, port, game, board});
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
    // The board after each command published (club-board): one line, then a line a model.
    QObject::connect(
        &client, &net::ClubClient::board, &loop, [&](int seq, const QJsonObject &json) {
            QString why;
            const auto b = net::boardFromJson(json, &why);
            if (!b) {
                ctx.out << "board after command " << seq << ": not read: " << why << Qt::endl;
                return;
            }
            const GameState &st = b->state;
            int onTable = 0;
            for (const ModelState &m : st.models)
                onTable += m.location == Location::Table ? 1 : 0;
            ctx.out << "board after command " << seq << ": turn " << st.turn << ", "
                    << phaseId(st.phase) << ", player " << st.toAct << " to act, objective points "
                    << st.objectivePoints[0] << "-" << st.objectivePoints[1] << ", " << onTable
                    << " models on the table, " << (b->hidden[0] + b->hidden[1]) << " hidden"
                    << Qt::endl;
            for (const ModelState &m : st.models)
                if (m.location == Location::Table)
                    ctx.out << "  " << m.id << " " << m.name << " (player " << m.owner
                            << "): " << QString::number(m.placement.centre().x(), 'f', 2) << ", "
                            << QString::number(m.placement.centre().y(), 'f', 2) << ", facing "
                            << QString::number(m.placement.facing(), 'f', 1) << ", structure lost "
                            << m.structureLost << Qt::endl;
        });
    QObject::connect(&client, &net::ClubClient::noBoard, &loop,
                     [&](const QString &why) { ctx.out << "no board: " << why << Qt::endl; });
    QObject::connect(&client, &net::ClubClient::watchEnded, &loop, [&](const QString &why) {
        ctx.out << "over: " << why << Qt::endl;
        loop.quit();
    });
    QObject::connect(&client, &net::ClubClient::failed, &loop, [&](const QString &why) {
        ctx.err << "jwfleet-cli " << cmd.name << ": " << why << Qt::endl;
        exitCode = ExitCheckFailed;
        loop.quit();
    });
    client.watch(p.value(server), quint16(portNumber), id, p.isSet(board));
    loop.exec();
    return exitCode;
}

// club-load: N bot games at once against one club server (docs/network.md): random legal
// play on both sides of each game, in this process; checks that no command is lost or
// duplicated and that every game verifies, and prints the latency per command (from a
// player's submit to both players' agreement through the server).
int runLoad(Context &ctx, const Command &cmd, const QStringList &args)
{
    QCommandLineParser p;
    const QCommandLineOption server(QStringLiteral("server"),
                                    QStringLiteral("The club server's address (default "
                                                   "127.0.0.1)."),
                                    QStringLiteral("ADDRESS"), QStringLiteral("127.0.0.1"));
    const QCommandLineOption port(QStringLiteral("port"), QStringLiteral("The club server's PORT."),
                                  QStringLiteral("PORT"));
    const QCommandLineOption games(QStringLiteral("games"),
                                   QStringLiteral("How many games at once (default 50)."),
                                   QStringLiteral("N"), QStringLiteral("50"));
    const QCommandLineOption maxCommands(
        QStringLiteral("max-commands"),
        QStringLiteral("End each game (a bye) after N commands (default 60)."), QStringLiteral("N"),
        QStringLiteral("60"));
    const QCommandLineOption serverGames(
        QStringLiteral("server-games"),
        QStringLiteral("The server's games folder (its --games): each game the server saved must "
                       "be the players' own, byte for byte, and verify."),
        QStringLiteral("DIR"));
    const QCommandLineOption timeout(QStringLiteral("timeout"),
                                     QStringLiteral("Give up after MS milliseconds (default "
                                                    "600000)."),
                                     QStringLiteral("MS"), QStringLiteral("600000"));
    const QCommandLineOption delay(QStringLiteral("delay"),
                                   QStringLiteral("Wait MS milliseconds before each command "
                                                  "(default 0: full speed)."),
                                   QStringLiteral("MS"), QStringLiteral("0"));
    const QCommandLineOption reconnectFor(
        QStringLiteral("reconnect-for"),
        QStringLiteral("When the club server shuts down (it saves the games) or cannot be "
                       "reached, each bot waits up to SECONDS for it to come back and takes its "
                       "seat again (default 600; 0: its game ends there)."),
        QStringLiteral("SECONDS"), QStringLiteral("600"));
    const QCommandLineOption noMask(
        QStringLiteral("no-mask"),
        QStringLiteral("Play a v1.2.4 game in clear (both fleets sent to both bots), as an "
                       "older client does; by default its hidden models are masked when the "
                       "server can."));
    p.addOptions(
        {server, port, games, maxCommands, serverGames, timeout, delay, reconnectFor, noMask});
    p.addPositionalArgument(QStringLiteral("SCRIPT"),
                            QStringLiteral("A game script (YAML): every game's setup."));
    bool help = false;
    if (!parseArgs(ctx, cmd, p, args, &help))
        return help ? ExitOk : ExitBadInput;
    if (p.positionalArguments().size() != 1)
        return ctx.usageError(cmd.name, QStringLiteral("give exactly one script"));
    bool ok1 = false, ok2 = false, ok3 = false, ok4 = false, ok5 = false, ok6 = false;
    const int portNumber = p.value(port).toInt(&ok1);
    const int count = p.value(games).toInt(&ok2);
    const int limit = p.value(maxCommands).toInt(&ok3);
    const int timeoutMs = p.value(timeout).toInt(&ok4);
    const int delayMs = p.value(delay).toInt(&ok5);
    const int reconnectSeconds = p.value(reconnectFor).toInt(&ok6);
    if (!ok1 || portNumber < 1 || portNumber > 65535)
        return ctx.usageError(cmd.name, QStringLiteral("give --port, from 1 to 65535"));
    if (!ok2 || count < 1 || count > 1000)
        return ctx.usageError(cmd.name, QStringLiteral("--games takes 1 to 1000"));
    if (!ok3 || limit < 1 || limit > 100'000)
        return ctx.usageError(cmd.name, QStringLiteral("--max-commands takes 1 to 100000"));
    if (!ok4 || timeoutMs < 1000)
        return ctx.usageError(cmd.name, QStringLiteral("--timeout takes at least 1000"));
    if (!ok5 || delayMs < 0 || delayMs > 60'000)
        return ctx.usageError(cmd.name, QStringLiteral("--delay takes 0 to 60000"));
    if (!ok6 || reconnectSeconds < 0 || reconnectSeconds > 7 * 24 * 3600)
        return ctx.usageError(cmd.name, QStringLiteral("--reconnect-for takes 0 to 604800"));
    auto db = ctx.database();
    if (!db)
        return ExitBadInput;
    const GameScript script = GameScriptReader::read(p.positionalArguments().first(), *db);
    if (!script.ok()) {
        for (const DataIssue &i : script.issues)
            ctx.err << i.toString() << '\n';
        return ExitBadInput;
    }

    struct Player
    {
        std::unique_ptr<net::ClubClient> client;
        std::unique_ptr<net::NetSession> session;
        std::unique_ptr<RandomPlayer> random;
        int applied = 0; // applied() signals
        int lastIndex = -1;
        bool outOfOrder = false; // an index twice or skipped
        qint64 submittedAt = -1; // ns, on the run's clock
        // The server went away (its shutdown's bye, or the connection lost): the bot takes its
        // seat again with its token (club-rejoin), 1 s, 2, 4 ... 30 s after
        // (net::nextRetrySeconds), up to --reconnect-for from when it went away.
        bool away = false;
        QElapsedTimer awayFor;
        int retrySeconds = 0; // the last wait
    };
    struct LoadGame
    {
        int id = 0;
        std::array<Player, 2> players;
        QString problem;
        bool counted = false; // in `finished`
    };
    std::vector<std::unique_ptr<LoadGame>> all;
    QElapsedTimer clock;
    clock.start();
    std::vector<double> latencyMs;
    QEventLoop loop;
    int finished = 0;
    int seatsTakenAgain = 0;
    auto done = [&](LoadGame &g) {
        for (const Player &pl : g.players)
            if (!pl.session || pl.away
                || pl.session->status() == net::NetSession::Status::Connecting
                || pl.session->status() == net::NetSession::Status::Starting
                || pl.session->status() == net::NetSession::Status::Playing)
                return;
        if (std::exchange(g.counted, true))
            return;
        if (++finished == count)
            loop.quit();
    };
    // A bot whose server went away takes its seat again (as club-host and club-join do).
    std::function<void(LoadGame &, int)> takeSeat = [&](LoadGame &g, int side) {
        Player &me = g.players[std::size_t(side)];
        auto *client = new net::ClubClient(&loop);
        client->setReplyTimeout(std::min(timeoutMs, 10'000));
        QObject::connect(
            client, &net::ClubClient::ready, &loop,
            [&, client, side](const GameSetup &, int, QTcpSocket *socket) {
                client->deleteLater();
                QString why;
                if (!me.session->resume(*me.session->game(), &why)) {
                    socket->deleteLater();
                    g.problem = QStringLiteral("player %1 could not resume: %2").arg(side).arg(why);
                    me.away = false;
                    return done(g);
                }
                ++seatsTakenAgain;
                me.away = false;
                // The other bot may take its seat a try later.
                me.session->setPatientHello(true);
                me.session->attach(socket);
            });
        QObject::connect(
            client, &net::ClubClient::failed, &loop, [&, client, side](const QString &why) {
                client->deleteLater();
                const qint64 left = qint64(reconnectSeconds) * 1000 - me.awayFor.elapsed();
                // Back, and refusing the seat (the game ended, or was not taken
                // up): it will not take it later either.
                if ((why.startsWith(QLatin1String("the club server refused:"))
                     && !net::isShutdownBye(why))
                    || left <= 0) {
                    g.problem = QStringLiteral("player %1 did not take its seat "
                                               "again: %2")
                                    .arg(side)
                                    .arg(why);
                    me.away = false;
                    return done(g);
                }
                me.retrySeconds = net::nextRetrySeconds(me.retrySeconds);
                QTimer::singleShot(int(std::min<qint64>(me.retrySeconds * 1000, left)), &loop,
                                   [&, side] { takeSeat(g, side); });
            });
        client->rejoin(p.value(server), quint16(portNumber), g.id, side,
                       g.players[std::size_t(side)].client->token());
    };
    auto serverAway = [&](LoadGame &g, int side) {
        Player &me = g.players[std::size_t(side)];
        if (reconnectSeconds <= 0 || me.away || !me.session || !me.session->game()
            || me.session->game()->state().phase == Phase::Over || me.client->token().size() != 32)
            return false;
        me.away = true;
        me.awayFor.start();
        me.retrySeconds = net::kFirstRetrySeconds;
        QTimer::singleShot(me.retrySeconds * 1000, &loop, [&, side] { takeSeat(g, side); });
        return true;
    };
    auto startSession = [&](LoadGame &g, int side, const GameSetup &setup, QTcpSocket *socket) {
        Player &me = g.players[std::size_t(side)];
        me.session = std::make_unique<net::NetSession>(setup, side);
        me.session->setReplyTimeout(timeoutMs);
        // v1.2.4: masked when the server sent the game masked (the other side's hidden models
        // stand-ins in `setup`), as club-host and club-join play it.
        me.session->setMaskSecrets(!p.isSet(noMask));
        net::NetSession *s = me.session.get();
        QObject::connect(s, &net::NetSession::applied, &loop, [&me](int index, int) {
            ++me.applied;
            if (index != me.lastIndex + 1)
                me.outOfOrder = true;
            me.lastIndex = index;
        });
        // Begun, or resumed after the server came back: from the last command both agreed on
        // (a command under way then was not agreed, and is played again).
        QObject::connect(s, &net::NetSession::started, &loop, [&me, s] {
            me.applied = int(s->game()->history().size());
            me.lastIndex = me.applied - 1;
        });
        QObject::connect(s, &net::NetSession::agreed, &loop, [&me, &clock, &latencyMs] {
            if (me.submittedAt >= 0) {
                latencyMs.push_back(double(clock.nsecsElapsed() - me.submittedAt) / 1e6);
                me.submittedAt = -1;
            }
        });
        // Our turn: a random legal command (after --delay), until --max-commands.
        auto play = [&me, s, limit, &clock] {
            if (!s->myTurn())
                return;
            const Game &game = *s->game();
            if (int(game.history().size()) >= limit)
                return s->finish(QStringLiteral("the command limit is reached"));
            const auto c = me.random->choose(game.engine(), s->stateToAnswer());
            if (!c)
                return s->finish(QStringLiteral("no command"));
            me.submittedAt = clock.nsecsElapsed();
            if (!s->submit(*c)) {
                me.submittedAt = -1;
                s->finish(QStringLiteral("a random command was refused"));
            }
        };
        QObject::connect(
            s, &net::NetSession::turn, &loop,
            [play, delayMs, &loop] {
                if (delayMs > 0)
                    QTimer::singleShot(delayMs, &loop, play);
                else
                    play();
            },
            Qt::QueuedConnection);
        QObject::connect(s, &net::NetSession::over, &loop,
                         [&g, &done, &serverAway, side](const QString &why) {
                             // The server shut down with the game saved: its seat again later.
                             if (net::isShutdownBye(why) && serverAway(g, side))
                                 return;
                             done(g);
                         });
        QObject::connect(s, &net::NetSession::stopped, &loop,
                         [&g, &done, &serverAway, s, side](const QString &why) {
                             // The connection lost (the server crashed, or dropped us): paused, its
                             // seat again.
                             if (s->status() == net::NetSession::Status::Paused
                                 && serverAway(g, side))
                                 return;
                             if (g.problem.isEmpty())
                                 g.problem = why;
                             done(g);
                         });
        s->attach(socket);
    };
    int failures = 0;
    for (int i = 0; i < count; ++i) {
        auto g = std::make_unique<LoadGame>();
        LoadGame *gp = g.get();
        for (int side = 0; side < 2; ++side) {
            Player &pl = gp->players[std::size_t(side)];
            pl.random = std::make_unique<RandomPlayer>(std::uint64_t(2 * i + side + 1));
            pl.client = std::make_unique<net::ClubClient>();
            pl.client->setReplyTimeout(timeoutMs);
            pl.client->setMaskSecrets(!p.isSet(noMask));
            QObject::connect(pl.client.get(), &net::ClubClient::ready, &loop,
                             [&, gp, side](const GameSetup &setup, int, QTcpSocket *socket) {
                                 startSession(*gp, side, setup, socket);
                             });
            QObject::connect(pl.client.get(), &net::ClubClient::failed, &loop,
                             [&, gp](const QString &why) {
                                 gp->problem = why;
                                 ++failures;
                                 if (++finished == count)
                                     loop.quit();
                             });
        }
        QObject::connect(gp->players[0].client.get(), &net::ClubClient::created, &loop,
                         [&, gp](int id) {
                             gp->id = id;
                             gp->players[1].client->join(p.value(server), quint16(portNumber), id,
                                                         script.setup.players[1].name,
                                                         script.setup.players[1].fleet);
                         });
        gp->players[0].client->create(p.value(server), quint16(portNumber), script.setup);
        all.push_back(std::move(g));
    }
    QTimer::singleShot(timeoutMs, &loop, [&] {
        ctx.err << "jwfleet-cli " << cmd.name << ": not every game ended within " << timeoutMs
                << " ms" << Qt::endl;
        ++failures;
        loop.quit();
    });
    loop.exec();
    const double seconds = double(clock.nsecsElapsed()) / 1e9;

    // The checks: each game the same on both sides (and on the server), every command once.
    // A masked game (v1.2.4 hidden models) played to its end is the whole game on both sides
    // and the server, as any game; one ended before (--max-commands: a bye) is each side's
    // masked game (the other's hidden models stand-ins), and the server's the third party's:
    // the same commands (a sealed Embark one side has not seen revealed aside), the same third
    // party's view, and each verifies (its dice, its reveals against their commitments).
    auto sameCommands
        = [](const std::vector<GameRecordEntry> &x, const std::vector<GameRecordEntry> &y) {
              if (x.size() != y.size())
                  return false;
              for (std::size_t i = 0; i < x.size(); ++i) {
                  if (x[i] == y[i])
                      continue;
                  const auto *ex = std::get_if<EmbarkCommand>(&x[i].command);
                  const auto *ey = std::get_if<EmbarkCommand>(&y[i].command);
                  if (!ex || !ey || x[i].player != y[i].player || x[i].dice != y[i].dice
                      || ex->model != ey->model
                      || (ex->carrier != kSealedCarrier && ey->carrier != kSealedCarrier))
                      return false;
              }
              return true;
          };
    auto thirdParty = [](const Game &game) {
        const auto &record = game.maskedRecord();
        return net::maskedStateHash(game.engine(), game.state(),
                                    record ? record->commitments : std::vector<QString>());
    };
    int commands = 0, lost = 0, duplicated = 0, unverified = 0, serverChecked = 0;
    int maskedGames = 0, maskedEndedEarly = 0, reveals = 0;
    for (const auto &g : all) {
        const net::NetSession *s0 = g->players[0].session.get();
        const net::NetSession *s1 = g->players[1].session.get();
        if (!s0 || !s1 || !s0->game() || !s1->game()) {
            ctx.err << "game " << g->id << ": did not start: " << g->problem << Qt::endl;
            ++failures;
            continue;
        }
        const Game &a = *s0->game();
        const Game &b = *s1->game();
        commands += int(a.history().size());
        const int n = int(std::max(a.history().size(), b.history().size()));
        for (const Player &pl : g->players) {
            if (pl.outOfOrder || pl.applied > n)
                ++duplicated;
            if (pl.applied < n)
                ++lost;
        }
        // Masked and not over on both sides: each side's own masked game.
        const bool maskedEarly = s0->masksSecrets()
            && (a.state().phase != Phase::Over || b.state().phase != Phase::Over);
        if (s0->masksSecrets()) {
            ++maskedGames;
            maskedEndedEarly += maskedEarly ? 1 : 0;
            reveals += GameFile::verifyDice(a).maskedModels;
        }
        if (maskedEarly ? !sameCommands(a.history(), b.history()) : a.history() != b.history()) {
            ctx.err << "game " << g->id << ": the players' histories differ" << Qt::endl;
            ++lost;
        }
        const QByteArray bytes = GameFile::serialize(a);
        if (maskedEarly) {
            const GameFile::DiceCheck ca = GameFile::verifyDice(a);
            const GameFile::DiceCheck cb = GameFile::verifyDice(b);
            if (thirdParty(a) != thirdParty(b) || !ca.ok() || !cb.ok()) {
                ctx.err << "game " << g->id
                        << ": the players' masked games are not the same third party's game or "
                           "do not verify: "
                        << (ca.problems + cb.problems).join(QStringLiteral("; ")) << Qt::endl;
                ++unverified;
            }
        } else if (bytes != GameFile::serialize(b) || !GameFile::verifyDice(a).ok()) {
            ++unverified;
        }
        if (p.isSet(serverGames)) {
            // The server writes a game's last state just after the game ends: a moment's wait.
            // A masked game ended early: its file is the third party's masked game (both sides'
            // hidden models stand-ins), not the players' bytes.
            const QString path
                = QDir(p.value(serverGames)).filePath(QStringLiteral("game-%1.jwgame").arg(g->id));
            auto agrees = [&] {
                if (!maskedEarly) {
                    QFile f(path);
                    if (!f.open(QIODevice::ReadOnly) || f.readAll() != bytes)
                        return false;
                }
                const GameFile::Loaded loaded = GameFile::read(path);
                return loaded.game && GameFile::verifyDice(*loaded.game).ok()
                    && (!maskedEarly
                        || (sameCommands(loaded.game->history(), a.history())
                            && thirdParty(*loaded.game) == thirdParty(a)));
            };
            QElapsedTimer waited;
            waited.start();
            while (!agrees() && waited.elapsed() < 10'000)
                QThread::msleep(50);
            if (!agrees()) {
                ctx.err << "game " << g->id << ": the server's saved game " << path
                        << (maskedEarly ? " is not the players' third party's game or does not "
                                          "verify"
                                        : " is not the players' or does not verify")
                        << Qt::endl;
                ++unverified;
            } else {
                ++serverChecked;
            }
        }
        if (!g->problem.isEmpty() && s0->status() != net::NetSession::Status::Over) {
            ctx.err << "game " << g->id << ": " << g->problem << Qt::endl;
            ++failures;
        }
    }
    std::sort(latencyMs.begin(), latencyMs.end());
    auto percentile = [&](double q) {
        if (latencyMs.empty())
            return 0.0;
        const std::size_t k
            = std::min(latencyMs.size() - 1, std::size_t(q * double(latencyMs.size() - 1) + 0.5));
        return latencyMs[k];
    };
    ctx.out << count << " games, " << commands << " commands in "
            << QString::number(seconds, 'f', 1) << " s: " << lost << " lost, " << duplicated
            << " duplicated; " << (count - unverified) << " games verify";
    if (p.isSet(serverGames))
        ctx.out << " (" << serverChecked << " server files the same)";
    if (seatsTakenAgain > 0)
        ctx.out << "; " << seatsTakenAgain << " seats taken again after the server went away";
    if (maskedGames > 0)
        ctx.out << "; " << maskedGames << " masked (v1.2.4 hidden models: " << reveals
                << " reveals verified; " << maskedEndedEarly
                << " ended before the game's end, compared as the third party sees them)";
    ctx.out << "\nlatency per command (submit to agreement, " << latencyMs.size()
            << " commands): median " << QString::number(percentile(0.5), 'f', 2)
            << " ms, 99th percentile " << QString::number(percentile(0.99), 'f', 2) << " ms, max "
            << QString::number(latencyMs.empty() ? 0.0 : latencyMs.back(), 'f', 2) << " ms"
            << Qt::endl;
    return failures == 0 && lost == 0 && duplicated == 0 && unverified == 0 ? ExitOk
                                                                            : ExitCheckFailed;
}

} // namespace

void registerNetCommands(std::vector<Command> &commands)
{
    commands.push_back(
        {QStringLiteral("net-host"),
         QStringLiteral("net-host SCRIPT --port N [--save FILE] [--random SEED] [--resume FILE] "
                        "[--no-mask]"),
         QStringLiteral("Host a network game and play one side of a script."), nullptr});
    commands.back().run = [c = commands.back()](Context &ctx, const QStringList &a) {
        return runNet(ctx, c, a, NetMode::Host);
    };
    commands.push_back(
        {QStringLiteral("net-join"),
         QStringLiteral("net-join SCRIPT --host ADDRESS --port N [--save FILE] [--random SEED] "
                        "[--resume FILE] [--no-mask] | net-join --fleet FILE [--name NAME] "
                        "--host ADDRESS --port N"),
         QStringLiteral("Join a network game and play the other side of the script."), nullptr});
    commands.back().run = [c = commands.back()](Context &ctx, const QStringList &a) {
        return runNet(ctx, c, a, NetMode::Join);
    };
    commands.push_back(
        {QStringLiteral("club-host"),
         QStringLiteral("club-host SCRIPT --server ADDRESS --port N [--save FILE] [--random SEED] "
                        "[--resume FILE --game ID] [--reconnect-for SECONDS] [--no-mask]"),
         QStringLiteral(
             "Create a game on a club server (jwfleet-server) and play the first player of a "
             "script."),
         nullptr});
    commands.back().run = [c = commands.back()](Context &ctx, const QStringList &a) {
        return runNet(ctx, c, a, NetMode::ClubHost);
    };
    commands.push_back(
        {QStringLiteral("club-join"),
         QStringLiteral("club-join SCRIPT --server ADDRESS --port N [--game ID] [--save FILE] "
                        "[--random SEED] [--resume FILE] [--reconnect-for SECONDS] [--no-mask]"),
         QStringLiteral("Join a game on a club server and play the second player of the script."),
         nullptr});
    commands.back().run = [c = commands.back()](Context &ctx, const QStringList &a) {
        return runNet(ctx, c, a, NetMode::ClubJoin);
    };
    commands.push_back(
        {QStringLiteral("club-load"),
         QStringLiteral("club-load SCRIPT --server ADDRESS --port N [--games 50] "
                        "[--max-commands 60] [--server-games DIR] [--delay MS] "
                        "[--reconnect-for SECONDS] [--no-mask]"),
         QStringLiteral("Load a club server with bot games at once; check them; print the "
                        "latency per command."),
         nullptr});
    commands.back().run = [c = commands.back()](Context &ctx, const QStringList &a) {
        return runLoad(ctx, c, a);
    };
    commands.push_back(
        {QStringLiteral("club-watch"),
         QStringLiteral("club-watch --server ADDRESS --port N --game ID [--board]"),
         QStringLiteral("Spectate a game on a club server: its public events as they are "
                        "agreed."),
         nullptr});
    commands.back().run = [c = commands.back()](Context &ctx, const QStringList &a) {
        return runWatch(ctx, c, a);
    };
}

} // namespace jw::cli
