// SPDX-License-Identifier: GPL-3.0-or-later
#include "table/netgame.h"

#include "engine/aiplayer.h"
#include "engine/game.h"
#include "engine/gamefile.h"
#include "engine/scenario.h"
#include "net/netsession.h"
#include "table/gamecontroller.h"

#include <QNetworkInterface>
#include <QSettings>
#include <QTcpSocket>

#include <utility>

namespace jw {

using net::NetSession;

namespace {

QString scenarioTitle(const QString &id)
{
    static const ScenarioLibrary shipped = ScenarioLibrary::loadShipped();
    const Scenario *sc = shipped.byId(id);
    return sc ? sc->name : id;
}

} // namespace

NetGame::NetGame(GameController *controller, QObject *parent)
    : QObject(parent)
    , m_controller(controller)
{
    // Another game on the table (New Game, Open Game, closed): this one is left.
    connect(m_controller, &GameController::gameStarted, this, [this] {
        if (!m_following && m_session)
            leave();
    });
}

NetGame::~NetGame()
{
    if (m_session && m_controller)
        m_controller->setSubmit({});
}

NetGame::Stage NetGame::stage() const
{
    if (!m_session)
        return m_stage;
    switch (m_session->status()) {
    case NetSession::Status::Connecting:
    case NetSession::Status::Starting:
        return Stage::Starting;
    case NetSession::Status::Playing:
        return Stage::Playing;
    case NetSession::Status::Over:
        return m_serverDown ? Stage::Paused : Stage::Over;
    case NetSession::Status::Stopped:
        return Stage::Stopped;
    case NetSession::Status::Paused:
        return Stage::Paused;
    }
    return Stage::Stopped;
}

void NetGame::setStage(Stage stage)
{
    m_stage = stage;
    Q_EMIT changed();
}

void NetGame::setReplyTimeout(int ms)
{
    m_timeoutMs = ms;
    if (m_lobby)
        m_lobby->setReplyTimeout(ms);
    if (m_clubClient)
        m_clubClient->setReplyTimeout(ms);
    if (m_session)
        m_session->setReplyTimeout(ms);
}

bool NetGame::host(quint16 port, net::NetLobby::MakeSetup make, QString *error)
{
    leave();
    clearSession();
    m_lobby = new net::NetLobby(this);
    m_lobby->setReplyTimeout(m_timeoutMs);
    DataText why;
    if (!m_lobby->host(port, std::move(make), &why)) {
        if (error)
            *error = why.translated();
        delete m_lobby;
        m_lobby = nullptr;
        return false;
    }
    m_port = m_lobby->serverPort();
    m_side = 0;
    m_joiner = false;
    m_lobby->setMaskSecrets(true); // a v1.2.4 game: a joiner's commitments, not its cards
    connect(m_lobby, &net::NetLobby::ready, this, &NetGame::onReady);
    connect(m_lobby, &net::NetLobby::reconnected, this, &NetGame::onReconnected);
    connect(m_lobby, &net::NetLobby::peerRefused, this,
            [this](const QString &, const QString &why) {
                Q_EMIT note(tr("A player who tried to join was refused: %1").arg(why));
            });
    connect(
        m_lobby, &net::NetLobby::peerDeclined, this,
        [this](const QString &name, const QString &why) {
            Q_EMIT note(
                why.isEmpty()
                    ? tr("%1 declined the game. Waiting for another player…").arg(name)
                    : tr("%1 declined the game (%2). Waiting for another player…").arg(name, why));
        });
    setStage(Stage::Hosting);
    return true;
}

void NetGame::join(const QString &address, quint16 port, const QString &name, const Fleet &fleet,
                   const UnitDatabase *db)
{
    leave();
    clearSession();
    m_lobby = new net::NetLobby(this);
    m_lobby->setReplyTimeout(m_timeoutMs);
    m_address = address;
    m_port = port;
    m_side = 1;
    m_joiner = true;
    connect(m_lobby, &net::NetLobby::ready, this, &NetGame::onReady);
    connect(m_lobby, &net::NetLobby::failed, this, [this](const QString &, const QString &why) {
        m_why = why;
        Q_EMIT note(tr("Could not join: %1").arg(why));
        setStage(Stage::Stopped);
    });
    // The host's game is shown before it begins (a host that cannot offer it, an older
    // program, begins it at once as before).
    m_lobby->setAskBeforeStart(true);
    connect(m_lobby, &net::NetLobby::offered, this, [this](const GameSetup &setup) {
        m_offered = setup;
        setStage(Stage::Offered);
    });
    m_lobby->setMaskSecrets(db != nullptr, db);
    setStage(Stage::Joining);
    m_lobby->join(address, port, name, fleet);
}

void NetGame::acceptOffer()
{
    if (m_stage != Stage::Offered || !m_lobby)
        return;
    m_offered.reset();
    m_lobby->acceptOffer(); // ready(): onReady
}

void NetGame::declineOffer()
{
    if (m_stage != Stage::Offered || !m_lobby)
        return;
    const GameSetup setup = *m_offered;
    m_lobby->declineOffer(tr("%1 declined it").arg(setup.players[1].name));
    Q_EMIT note(tr("You declined %1's game.").arg(setup.players[0].name));
    clearSession();
    Q_EMIT changed();
}

bool NetGame::resumeHost(const QString &savedPath, int side, quint16 port, QString *error)
{
    leave();
    clearSession();
    const GameFile::Loaded saved = GameFile::read(savedPath);
    if (!saved.game) {
        if (error)
            *error = saved.localError();
        return false;
    }
    m_lobby = new net::NetLobby(this);
    m_lobby->setReplyTimeout(m_timeoutMs);
    if (!m_lobby->hostSaved(port, saved.game->setup(), side, error)) {
        delete m_lobby;
        m_lobby = nullptr;
        return false;
    }
    m_port = m_lobby->serverPort();
    m_side = side;
    m_joiner = false;
    m_resumeFrom = savedPath;
    m_resumePeer = saved.game->setup().players[std::size_t(1 - side)].name;
    connect(m_lobby, &net::NetLobby::ready, this, &NetGame::onReady);
    connect(m_lobby, &net::NetLobby::reconnected, this, &NetGame::onReconnected);
    setStage(Stage::Hosting);
    return true;
}

void NetGame::resumeJoin(const QString &savedPath, int side, const QString &address, quint16 port)
{
    leave();
    clearSession();
    m_address = address;
    m_port = port;
    m_side = side;
    m_joiner = true;
    const GameFile::Loaded saved = GameFile::read(savedPath);
    if (!saved.game) {
        m_why = saved.localError();
        Q_EMIT note(tr("Could not resume: %1").arg(m_why));
        setStage(Stage::Stopped);
        return;
    }
    m_resumeFrom = savedPath;
    m_lobby = new net::NetLobby(this);
    m_lobby->setReplyTimeout(m_timeoutMs);
    connect(m_lobby, &net::NetLobby::ready, this, &NetGame::onReady);
    connect(m_lobby, &net::NetLobby::failed, this, [this](const QString &, const QString &why) {
        m_why = why;
        Q_EMIT note(tr("Could not join: %1").arg(why));
        setStage(Stage::Stopped);
    });
    setStage(Stage::Joining);
    m_lobby->joinSaved(address, port, saved.game->setup(), side);
}

void NetGame::clubCreate(const QString &server, quint16 port, const GameSetup &setup)
{
    leave();
    clearSession();
    m_side = 0;
    startClub(server, port);
    // The server keeps our open game over its restart (kFeatureOpenSeat: it gives us the
    // game's token at once), and we take it back by ourselves (takeOpenGameBack).
    m_clubClient->setTakeBackOpenGame(true);
    connectCreated();
    setStage(Stage::Hosting);
    m_clubClient->create(server, port, setup);
}

void NetGame::connectCreated()
{
    connect(m_clubClient, &net::ClubClient::created, this, [this](int id) {
        m_clubId = id;
        if (m_clubClient && m_clubClient->token().size() == 32)
            m_clubToken = m_clubClient->token();
        if (std::exchange(m_openGameAway, false)) {
            m_openGameRetrySeconds = 0;
            m_rejoinError.clear();
            Q_EMIT note(tr("The club server %1 is back: game %2 is open again, waiting for a "
                           "player to join.")
                            .arg(m_address)
                            .arg(id));
        } else {
            Q_EMIT note(tr("Game %1 is open on the club server %2: waiting for a player to join.")
                            .arg(id)
                            .arg(m_address));
        }
        Q_EMIT changed();
    });
}

bool NetGame::keepsOpenGame(const QString &englishWhy) const
{
    // Our game, created and open (no one joined yet), its token ours: the server keeps it over
    // a shutdown (its bye says so) or a crash (the connection lost, no refusal).
    return m_club && m_stage == Stage::Hosting && !m_session && m_clubId > 0
        && m_clubToken.size() == 32
        && (net::isShutdownBye(englishWhy)
            || !englishWhy.startsWith(QLatin1String("the club server refused:")));
}

void NetGame::takeOpenGameBack()
{
    if (!m_openGameAway || m_clubClient)
        return;
    m_clubClient = new net::ClubClient(this);
    m_clubClient->setReplyTimeout(m_timeoutMs);
    m_clubClient->setTakeBackOpenGame(true);
    m_clubClient->setMaskSecrets(true); // as Create Game… said
    connectClubClient();
    connectCreated();
    m_clubClient->rejoin(m_address, m_port, m_clubId, 0, m_clubToken);
    Q_EMIT changed();
}

void NetGame::clubJoin(const QString &server, quint16 port, int id, const QString &name,
                       const Fleet &fleet)
{
    leave();
    clearSession();
    m_side = 1;
    startClub(server, port);
    m_clubId = id;
    setStage(Stage::Joining);
    m_clubClient->join(server, port, id, name, fleet);
}

void NetGame::startClub(const QString &server, quint16 port)
{
    m_club = true;
    m_address = server;
    m_port = port;
    m_clubClient = new net::ClubClient(this);
    m_clubClient->setReplyTimeout(m_timeoutMs);
    // v1.2.4: the game masked when the other player's program and the server can
    // (docs/network.md, "Masked games through the club server").
    m_clubClient->setMaskSecrets(true);
    connectClubClient();
    if (!m_rejoinTimer) {
        m_rejoinTimer = new QTimer(this);
        m_rejoinTimer->setSingleShot(true);
        connect(m_rejoinTimer, &QTimer::timeout, this, &NetGame::rejoinClub);
    }
    if (!m_takeBackTimer) {
        m_takeBackTimer = new QTimer(this);
        m_takeBackTimer->setSingleShot(true);
        connect(m_takeBackTimer, &QTimer::timeout, this, &NetGame::takeOpenGameBack);
    }
}

void NetGame::connectClubClient()
{
    connect(m_clubClient, &net::ClubClient::ready, this,
            [this](const GameSetup &setup, int side, QTcpSocket *socket) {
                m_clubId = m_clubClient->id();
                if (!m_clubClient->token().isEmpty())
                    m_clubToken = m_clubClient->token();
                m_clubClient->deleteLater();
                m_clubClient = nullptr;
                onReady(setup, side, socket);
            });
    connect(m_clubClient, &net::ClubClient::failed, this,
            [this](const QString &english, const QString &why) {
                if (m_clubClient->token().size() == 32 && m_clubToken.isEmpty())
                    m_clubToken = m_clubClient->token();
                m_clubClient->deleteLater();
                m_clubClient = nullptr;
                // Our open game, kept by the server: taken back when the server is back (1 s,
                // then twice the last wait, at most 30 s: net::nextRetrySeconds).
                if (keepsOpenGame(english)) {
                    const bool first = !std::exchange(m_openGameAway, true);
                    m_openGameRetrySeconds = first ? net::kFirstRetrySeconds
                                                   : net::nextRetrySeconds(m_openGameRetrySeconds);
                    if (first)
                        Q_EMIT note(tr("The club server %1 went away (%2). It keeps game %3 "
                                       "open: this computer takes it back when the server is "
                                       "back.")
                                        .arg(m_address,
                                             net::isShutdownBye(english) ? tr("it shut down") : why)
                                        .arg(m_clubId));
                    else
                        m_rejoinError = why;
                    m_takeBackTimer->start(m_openGameRetrySeconds * 1000);
                    Q_EMIT changed();
                    return;
                }
                m_openGameAway = false;
                m_why = why;
                Q_EMIT note(tr("The club server: %1").arg(why));
                setStage(Stage::Stopped);
            });
}

namespace {
const QString kSeatGroup = QStringLiteral("club/seat");
} // namespace

void NetGame::saveClubSeat() const
{
    QSettings s;
    s.beginGroup(kSeatGroup);
    s.setValue(QStringLiteral("address"), m_address);
    s.setValue(QStringLiteral("port"), m_port);
    s.setValue(QStringLiteral("game"), m_clubId);
    s.setValue(QStringLiteral("side"), m_side);
    s.setValue(QStringLiteral("token"), QString::fromLatin1(m_clubToken.toHex()));
    s.setValue(QStringLiteral("peer"), peerName());
}

std::optional<NetGame::ClubSeat> NetGame::savedClubSeat()
{
    QSettings s;
    s.beginGroup(kSeatGroup);
    ClubSeat seat;
    seat.address = s.value(QStringLiteral("address")).toString();
    seat.port = quint16(s.value(QStringLiteral("port")).toUInt());
    seat.id = s.value(QStringLiteral("game")).toInt();
    seat.side = s.value(QStringLiteral("side"), -1).toInt();
    seat.token = QByteArray::fromHex(s.value(QStringLiteral("token")).toString().toLatin1());
    seat.peer = s.value(QStringLiteral("peer")).toString();
    if (seat.address.isEmpty() || seat.port == 0 || seat.id <= 0 || seat.side < 0 || seat.side > 1
        || seat.token.size() != 32)
        return std::nullopt; // none, or not ours to read
    return seat;
}

void NetGame::forgetClubSeat()
{
    QSettings().remove(kSeatGroup);
}

void NetGame::clubResume(const ClubSeat &seat, const QString &savedPath)
{
    leave();
    clearSession();
    m_side = seat.side;
    startClub(seat.address, seat.port);
    m_clubId = seat.id;
    m_clubToken = seat.token;
    m_resumeFrom = savedPath;
    setStage(Stage::Joining);
    m_clubClient->rejoin(seat.address, seat.port, seat.id, seat.side, seat.token);
}

void NetGame::rejoinClub()
{
    if (!m_club || !canReconnect() || m_clubClient)
        return;
    m_rejoinTimer->stop();
    m_clubClient = new net::ClubClient(this);
    m_clubClient->setReplyTimeout(m_timeoutMs);
    connect(m_clubClient, &net::ClubClient::ready, this,
            [this](const GameSetup &, int, QTcpSocket *socket) {
                m_clubClient->deleteLater();
                m_clubClient = nullptr;
                m_rejoinError.clear();
                DataText why;
                if (!canReconnect() || !m_session->resume(*m_session->game(), &why)) {
                    socket->abort();
                    socket->deleteLater();
                    if (!why.isEmpty())
                        Q_EMIT note(tr("Could not reconnect: %1").arg(why.translated()));
                    Q_EMIT changed();
                    return;
                }
                Q_EMIT note(tr("Back in game %1 on the club server: it resumes from the last "
                               "agreed command when both players are there.")
                                .arg(m_clubId));
                m_serverDown = false; // the session goes on (attach: connecting again)
                m_session->attach(socket);
                Q_EMIT changed();
            });
    connect(m_clubClient, &net::ClubClient::failed, this,
            [this](const QString &, const QString &why) {
                m_clubClient->deleteLater();
                m_clubClient = nullptr;
                m_rejoinError = why;
                if (canReconnect())
                    m_rejoinTimer->start(kRejoinIntervalMs);
                Q_EMIT changed();
            });
    m_clubClient->rejoin(m_address, m_port, m_clubId, m_side, m_clubToken);
    Q_EMIT changed();
}

void NetGame::clearSession()
{
    if (m_session) {
        m_session->disconnect(this);
        m_session->deleteLater();
        m_session = nullptr;
    }
    if (m_lobby) {
        m_lobby->close();
        m_lobby->deleteLater();
        m_lobby = nullptr;
    }
    m_resumeFrom.clear();
    if (m_clubClient) { // its socket goes with it: the server withdraws an open game
        m_clubClient->disconnect(this);
        delete m_clubClient;
        m_clubClient = nullptr;
    }
    if (m_rejoinTimer)
        m_rejoinTimer->stop();
    if (m_takeBackTimer)
        m_takeBackTimer->stop();
    m_openGameAway = false;
    m_openGameRetrySeconds = 0;
    m_club = false;
    m_clubId = 0;
    m_clubToken.clear();
    m_rejoinError.clear();
    m_serverDown = false;
    m_offered.reset();
    m_why.clear();
    m_stage = Stage::None;
}

void NetGame::onReady(const GameSetup &setup, int side, QTcpSocket *socket)
{
    m_side = side;
    // A network game autosaves apart: it never replaces the table's own unfinished game,
    // and is kept for resuming it with the peer.
    if (m_controller->autosaveName() != kAutosaveName) {
        m_ownAutosave = m_controller->autosaveName();
        m_controller->setAutosaveName(kAutosaveName);
    }
    auto *session = new NetSession(setup, side, this);
    m_session = session;
    session->setReplyTimeout(m_timeoutMs);
    session->setPatientHello(m_club);
    // v1.2.4 hidden models masked when both programs can (docs/network.md, "Masked games"; a
    // club game: the other player's program and the server, which then sent the game with the
    // other side's hidden models as stand-ins): the table follows the game as its setup grows.
    session->setMaskSecrets(true);
    if (const auto lobby = m_lobby ? m_lobby->maskedLobby() : std::nullopt)
        session->setMaskedLobby(*lobby); // the lobby's commitments (or: the fleets went in clear)
    m_controller->setSubmit([this](const Command &command, QString *why) {
        if (!m_session || m_session->status() != NetSession::Status::Playing) {
            *why = statusText();
            return false;
        }
        if (!m_session->myTurn()) {
            *why = tr("It is %1's turn (over the network).").arg(peerName());
            return false;
        }
        DataText refusal;
        const bool ok = m_session->submit(command, &refusal);
        if (!ok && why)
            *why = refusal.translated();
        if (ok) // a sealed choice applies nothing yet: the table shows the wait (and saves it)
            QMetaObject::invokeMethod(this, &NetGame::follow, Qt::QueuedConnection);
        return ok;
    });
    m_begun = false;
    connect(session, &NetSession::started, this, [this] {
        follow();
        if (m_club) // from now on the seat can be taken again, even after a restart
            saveClubSeat();
        if (m_begun) { // resumed after a drop
            Q_EMIT note(tr("The game with %1 goes on after command %2.")
                            .arg(peerName())
                            .arg(m_session->game()->history().size()));
            return;
        }
        m_begun = true;
        Q_EMIT note(tr("The game with %1 has begun (side %2: %3).")
                        .arg(peerName())
                        .arg(m_side + 1)
                        .arg(m_session->game()->setup().players[std::size_t(m_side)].name));
        if (m_session->game()->setup().profile().secretDeployment)
            Q_EMIT note(m_session->masksSecrets()
                            ? tr("Hidden models are masked: this computer knows %1's models In "
                                 "Reserve or Embarked only as commitments until the rules "
                                 "reveal them.")
                                  .arg(peerName())
                            : tr("Hidden models are not masked (%1's program or the club server "
                                 "cannot): both computers hold both fleets; each screen shows "
                                 "only what the rules let its player see.")
                                  .arg(peerName()));
        if (m_session->masksSecrets() && m_session->lobbyInClear()) // docs/network.md
            Q_EMIT note(tr("But the fleets were sent in clear before the game: both computers "
                           "have both fleets."));
    });
    connect(session, &NetSession::applied, this, [this] { follow(); });
    // An exchange opened or closed: in the table's game and its autosave at once.
    connect(session, &NetSession::exchangeChanged, this, [this] { follow(); });
    connect(session, &NetSession::agreed, this, &NetGame::changed);
    // Also the other player's sealed secret choice: this side's answer is asked next.
    connect(session, &NetSession::turn, this, [this] {
        if (m_session && m_session->game() && m_session->game()->sealedPending())
            follow();
    });
    connect(session, &NetSession::refused, this, [this](const QString &, const QString &why) {
        Q_EMIT note(tr("Refused a message of %1: %2").arg(peerName(), why));
    });
    connect(session, &NetSession::chatReceived, this,
            [this](const QString &text) { Q_EMIT chat(peerName(), text, false); });
    connect(session, &NetSession::over, this, [this](const QString &english, const QString &why) {
        m_why = why;
        // A masked game over is the whole game now (every model revealed): on the table too.
        if (m_session && m_session->masksSecrets())
            follow();
        // The club server shut down with our game under way: it saved the game and takes it
        // up when it starts again (docs/network.md). The seat is kept and taken again by
        // itself, as after a drop, once the server is back.
        if (m_club && net::isShutdownBye(english) && m_session && m_session->game()
            && m_session->game()->state().phase != Phase::Over) {
            m_serverDown = true;
            Q_EMIT note(tr("The club server shut down; it saved game %1. This computer takes "
                           "its seat again when the server is back.")
                            .arg(m_clubId));
            m_rejoinTimer->start(kRejoinIntervalMs);
            Q_EMIT changed();
            return;
        }
        if (m_club)
            forgetClubSeat();
        Q_EMIT note(tr("The network game ended: %1").arg(why));
        Q_EMIT changed();
    });
    connect(session, &NetSession::stopped, this, [this](const QString &, const QString &why) {
        m_why = why;
        Q_EMIT note(stage() == Stage::Paused ? statusText()
                                             : tr("The network game stopped: %1").arg(why));
        // A club game: the server paused it for both; take our seat again by ourselves.
        if (m_club && stage() == Stage::Paused)
            m_rejoinTimer->start(kFirstRejoinMs);
        else if (m_club) // a desync: the game cannot go on
            forgetClubSeat();
        Q_EMIT changed();
    });
    if (!m_resumeFrom.isEmpty()) { // resumed: our saved game, level with the other's
        DataText reason;
        const GameFile::Loaded saved = GameFile::read(m_resumeFrom);
        // Resume Network Game…: the session's setup is the file's (a masked game's: the other
        // side's hidden models stand-ins, so hello compares the setup both sides know). A club
        // game's is the server's, whose hello hash the server checks.
        session->setSetupFromSavedGame(!m_club);
        const bool ok = saved.game ? session->resume(*saved.game, &reason) : false;
        const QString why = saved.game ? reason.translated() : saved.localError();
        m_resumeFrom.clear();
        if (!ok) {
            socket->abort();
            socket->deleteLater();
            const bool club = m_club;
            clearSession();
            m_club = club;
            m_why = why;
            m_controller->setSubmit({});
            if (!m_ownAutosave.isEmpty()) {
                m_controller->setAutosaveName(m_ownAutosave);
                m_ownAutosave.clear();
            }
            Q_EMIT note(club ? tr("The club server: %1").arg(why)
                             : tr("Could not resume: %1").arg(why));
            setStage(Stage::Stopped);
            return;
        }
        m_begun = true;
    }
    session->attach(socket);
    Q_EMIT changed();
}

void NetGame::onReconnected(QTcpSocket *socket)
{
    // A masked game too: the session resumes it masked, from the game it kept (with its
    // secrets); the table follows the game it rebuilt.
    if (!m_session || m_session->status() != NetSession::Status::Paused) {
        socket->abort();
        socket->deleteLater();
        return;
    }
    Q_EMIT note(tr("%1 is back: resuming from the last agreed command.").arg(peerName()));
    m_session->attach(socket);
    Q_EMIT changed();
}

bool NetGame::canReconnect() const
{
    return m_session && (m_joiner || m_club)
        && (m_session->status() == NetSession::Status::Paused
            || (m_club && m_serverDown && m_session->status() == NetSession::Status::Over));
}

void NetGame::reconnect()
{
    if (!canReconnect())
        return;
    if (m_club)
        return rejoinClub();
    // Connected first, then given to the session: a failed try leaves the game paused.
    auto *s = new QTcpSocket(this);
    connect(s, &QTcpSocket::connected, this, [this, s] {
        s->disconnect(this);
        if (!canReconnect()) {
            s->abort();
            s->deleteLater();
            return;
        }
        Q_EMIT note(
            tr("Connected to %1 again: resuming from the last agreed command.").arg(peerName()));
        m_session->attach(s);
        Q_EMIT changed();
    });
    connect(s, &QTcpSocket::errorOccurred, this, [this, s](QAbstractSocket::SocketError) {
        s->disconnect(this);
        Q_EMIT note(tr("Could not reconnect: %1").arg(s->errorString()));
        s->deleteLater();
        Q_EMIT changed();
    });
    s->connectToHost(m_address, m_port);
}

void NetGame::leave()
{
    if (!active())
        return;
    if (m_session
        && (m_session->status() == NetSession::Status::Playing
            || m_session->status() == NetSession::Status::Starting))
        m_session->finish(
            tr("%1 left the game")
                .arg(m_session->game()
                         ? m_session->game()->setup().players[std::size_t(m_side)].name
                         : QString()));
    m_controller->setSubmit({});
    if (m_club && m_session)
        forgetClubSeat(); // left on purpose: not to be taken again
    if (!m_ownAutosave.isEmpty()) {
        m_controller->setAutosaveName(m_ownAutosave);
        m_ownAutosave.clear();
    }
    clearSession();
    Q_EMIT changed();
}

void NetGame::follow()
{
    if (!m_session || !m_session->game())
        return;
    m_following = true;
    std::optional<Game::NetworkSeat> seat;
    if (!m_club) // between two computers: the file says which side this table played
        seat = Game::NetworkSeat {m_side, !m_joiner, m_joiner ? m_address : QString(), m_port};
    m_controller->followGame(*m_session->game(), seat);
    m_following = false;
    Q_EMIT changed();
}

QString NetGame::peerName() const
{
    if (m_session && m_session->game()) {
        const QString name
            = m_session->game()->setup().players[std::size_t(1 - m_side)].name.trimmed();
        return name.isEmpty() ? tr("Player %1").arg(2 - m_side) : name;
    }
    return tr("the other player");
}

bool NetGame::peerToDecide() const
{
    if (stage() != Stage::Playing || !m_session->game())
        return false;
    const GameState &s = m_session->game()->state();
    return s.phase != Phase::Over && aiPlayerToDecide(s) != m_side;
}

const GameState *NetGame::sealedQuestionState() const
{
    if (!m_session || !m_session->game() || !m_session->myTurn())
        return nullptr;
    const GameState &s = m_session->stateToAnswer();
    return &s == &m_session->game()->state() ? nullptr : &s;
}

bool NetGame::waiting() const
{
    switch (stage()) {
    case Stage::None:
    case Stage::Over:
        return false;
    case Stage::Playing:
        return !m_session->myTurn();
    default:
        return m_controller->hasGame();
    }
}

QString NetGame::lastAgreed() const
{
    if (!m_session || !m_session->game() || m_session->game()->history().empty())
        return {};
    const auto &h = m_session->game()->history();
    const GameRecordEntry &e = h.back();
    return tr("command %1 (%2: %3)")
        .arg(h.size())
        .arg(m_controller->playerName(e.player), commandId(e.command));
}

QString NetGame::statusText() const
{
    switch (stage()) {
    case Stage::None:
        return {};
    case Stage::Hosting: {
        if (m_club && m_openGameAway) {
            QString text = tr("The club server %1 is away. It keeps game %2 open: this computer "
                              "takes it back by itself when the server is back (it tries every "
                              "few seconds).")
                               .arg(m_address)
                               .arg(m_clubId);
            if (m_clubClient)
                text += QLatin1Char(' ') + tr("Reconnecting…");
            else if (!m_rejoinError.isEmpty())
                text += QLatin1Char(' ') + tr("Last try: %1.").arg(m_rejoinError);
            return text;
        }
        if (m_club)
            return m_clubId == 0
                ? tr("Creating the game on the club server %1, port %2…").arg(m_address).arg(m_port)
                : tr("Game %1 is open on the club server %2: waiting for a player to join…")
                      .arg(m_clubId)
                      .arg(m_address);
        const QStringList addresses = localAddresses();
        if (!m_resumeFrom.isEmpty()) // resumeHost: a saved game, its other player known
            return tr("Resuming the saved game with %1 on port %2. Give them this computer's "
                      "address (%3) and the port: they join with the game their computer "
                      "saved. Waiting for them…")
                .arg(m_resumePeer)
                .arg(m_port)
                .arg(addresses.isEmpty() ? tr("none found: check the network")
                                         : addresses.join(tr(" or ")));
        return tr("Hosting a network game on port %1. Give your friend this computer's address "
                  "(%2) and the port. Waiting for them to join…")
            .arg(m_port)
            .arg(addresses.isEmpty() ? tr("none found: check the network")
                                     : addresses.join(tr(" or ")));
    }
    case Stage::Offered: {
        if (!m_offered)
            return {};
        const GameSetup &g = *m_offered;
        const Fleet &theirs = g.players[0].fleet;
        const Fleet &ours = g.players[1].fleet;
        if (theirs.name.isEmpty())
            return tr("%1 offers this game: %2, rules %3; their fleet (%4 points) against yours "
                      "(%5 points). Accept it to begin, or decline it.")
                .arg(g.players[0].name, scenarioTitle(g.scenario), g.rules)
                .arg(theirs.points)
                .arg(ours.points);
        return tr("%1 offers this game: %2, rules %3; their fleet %4 (%5 points) against yours "
                  "(%6 points). Accept it to begin, or decline it.")
            .arg(g.players[0].name, scenarioTitle(g.scenario), g.rules, theirs.name)
            .arg(theirs.points)
            .arg(ours.points);
    }
    case Stage::Joining:
        if (m_club && !m_resumeFrom.isEmpty())
            return tr("Taking your seat in game %1 on the club server %2 again…")
                .arg(m_clubId)
                .arg(m_address);
        if (m_club)
            return tr("Joining game %1 on the club server %2, port %3…")
                .arg(m_clubId)
                .arg(m_address)
                .arg(m_port);
        return tr("Connecting to %1, port %2…").arg(m_address).arg(m_port);
    case Stage::Starting:
        if (m_club && m_begun)
            return tr("Back at the club server: waiting for %1 to take their seat again…")
                .arg(peerName());
        if (m_begun)
            return tr("Connected to %1: going back to the last command both agreed on…")
                .arg(peerName());
        return tr("Connected to %1: agreeing on the game and the dice of the start…")
            .arg(peerName());
    case Stage::Playing:
        if (m_session->myTurn() && m_club)
            return tr("Your turn. Game %1 on the club server %2, with %3.")
                .arg(m_clubId)
                .arg(m_address, peerName());
        if (m_session->myTurn())
            return tr("Your turn. Network game with %1.").arg(peerName());
        if (peerToDecide())
            return tr("Waiting for %1 (over the network)…").arg(peerName());
        return tr("Waiting for %1 to agree on the command and its dice…").arg(peerName());
    case Stage::Paused: {
        const QString last = lastAgreed();
        const QString agreed = last.isEmpty() ? tr("No command was agreed yet.")
                                              : tr("The last agreed command is %1.").arg(last);
        if (m_club) {
            QString text
                = (m_serverDown ? tr("The game is paused: the club server shut down (it saved "
                                     "game %1). It resumes when the server is back and both "
                                     "players take their seats again. This computer tries every "
                                     "few seconds; Reconnect tries at once.")
                                      .arg(m_clubId)
                                : tr("The game is paused (the club server lost a player's "
                                     "connection); it resumes when both players are back. This "
                                     "computer takes its seat again by itself; Reconnect tries "
                                     "at once."))
                + QLatin1Char(' ') + agreed;
            if (m_clubClient)
                text += QLatin1Char(' ') + tr("Reconnecting…");
            else if (!m_rejoinError.isEmpty())
                text += QLatin1Char(' ') + tr("Last try: %1.").arg(m_rejoinError);
            return text;
        }
        return (!m_joiner ? tr("The connection to %1 was lost: the game is paused; it resumes "
                               "when %1 reconnects.")
                                .arg(peerName())
                          : tr("The connection to %1 was lost: the game is paused; it resumes "
                               "when you reconnect (Reconnect).")
                                .arg(peerName()))
            + QLatin1Char(' ') + agreed;
    }
    case Stage::Stopped:
        if (!m_session && m_club)
            return tr("The club game did not begin: %1").arg(m_why);
        if (!m_session)
            return tr("Could not join the network game: %1").arg(m_why);
        return tr("The network game stopped: %1. Save the game (Game › Save Game As…) to keep it.")
            .arg(m_why);
    case Stage::Over:
        if (m_session->game() && m_session->game()->state().phase == Phase::Over)
            return tr("The network game is over.");
        return tr("The network game ended: %1.").arg(m_why);
    }
    return {};
}

void NetGame::sendChat(const QString &text)
{
    const QString t = text.trimmed();
    if (t.isEmpty())
        return;
    if (!m_session
        || (m_session->status() != NetSession::Status::Playing
            && m_session->status() != NetSession::Status::Starting)) {
        Q_EMIT note(tr("Not connected: the message was not sent."));
        return;
    }
    m_session->sendChat(t.left(net::kMaxChatChars));
    const QString me = m_session->game() ? m_controller->playerName(m_side) : tr("You");
    Q_EMIT chat(me, t.left(net::kMaxChatChars), true);
}

QStringList NetGame::localAddresses()
{
    QStringList v4, v6;
    for (const QHostAddress &a : QNetworkInterface::allAddresses()) {
        if (a.isLoopback() || a.isLinkLocal())
            continue;
        if (a.protocol() == QAbstractSocket::IPv4Protocol)
            v4 << a.toString();
        else if (a.protocol() == QAbstractSocket::IPv6Protocol)
            v6 << a.toString();
    }
    return v4 + v6;
}

} // namespace jw
