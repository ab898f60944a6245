// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/clubserver.h"

#include "net/maskedresume.h"
#include "net/netlobby.h"
#include "net/spectatorboard.h"

#include "campaign/battleimport.h"
#include "dice/fairdice.h"
#include "dice/recordingdice.h"
#include "engine/gamefile.h"
#include "fleet/fleetfile.h"
#include "io/outputfile.h"
#include "io/textcheck.h"

#include <QDate>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <QtEndian>

#include <algorithm>
#include <cmath>
#include <set>
#include <utility>

namespace jw::net {

namespace {

QByteArray frameOf(const QByteArray &payload)
{
    QByteArray frame(4, '\0');
    qToBigEndian(quint32(payload.size()), frame.data());
    return frame + payload;
}

// Written atomically and readable by the server's user only (a seat's token, a masked game's
// hidden fleets). The file is made owner-only while still empty; the atomic write keeps the
// permissions of the file it replaces, so it is never readable by others, not even for a
// moment. Empty, or why not.
QString writeOwnerOnly(const QString &path, const QByteArray &bytes)
{
    const auto ownerOnly = QFileDevice::ReadOwner | QFileDevice::WriteOwner;
    if (!QFileInfo::exists(path)) {
        QFile empty(path);
        if (empty.open(QIODevice::WriteOnly))
            empty.setPermissions(ownerOnly);
    }
    const QString error = io::writeFile(path, bytes);
    QFile::setPermissions(path, ownerOnly);
    return error;
}

} // namespace

Message publicEvent(int seq, const GameEvent &event)
{
    const bool secret = event.secretFrom >= 0;
    // Within what a spectator's decoder accepts (never a refused message for a long sentence).
    QString text = event.textFor(secret ? event.secretFrom : -1);
    if (text.size() > kMaxChatChars) {
        text.truncate(kMaxChatChars - 1);
        if (!text.isEmpty() && text.back().isHighSurrogate())
            text.chop(1);
        text += QChar(0x2026);
    }
    if (!io::textProblem(text, kMaxChatChars).isEmpty())
        text = QStringLiteral("(an event whose sentence cannot be sent)");
    QString kind = secret ? QStringLiteral("secret") : event.kind;
    if (!io::nameProblem(kind, kMaxNameChars).isEmpty())
        kind = QStringLiteral("event");
    return Message::clubEvent(seq, kind, text, event.player);
}

ClubServer::ClubServer(UnitDatabase db, QObject *parent)
    : QObject(parent)
    , m_db(std::move(db))
    , m_saveTimer(new QTimer(this))
{
    m_clock.start();
    m_writer.setMaxThreadCount(1);
    m_saveTimer->setSingleShot(true);
    m_saveTimer->setInterval(kSaveDelayMs);
    m_lobbyTimer = new QTimer(this);
    m_lobbyTimer->setSingleShot(true);
    m_lobbyTimer->setTimerType(Qt::PreciseTimer); // a coarse timer may fire 5% early
    connect(m_lobbyTimer, &QTimer::timeout, this, &ClubServer::pushLobby);
    connect(m_saveTimer, &QTimer::timeout, this, [this] {
        const std::set<int> ids = std::exchange(m_unsaved, {});
        for (int id : ids) {
            const auto it = m_games.find(id);
            if (it == m_games.end() || !it->second->game)
                continue;
            const QByteArray bytes = GameFile::serialize(*it->second->game);
            const QString path = gamePath(id);
            m_writer.start([this, id, bytes, path] {
                const QString error = io::writeFile(path, bytes);
                if (!error.isEmpty())
                    QMetaObject::invokeMethod(
                        this,
                        [this, id, error] {
                            log(QStringLiteral("game %1: cannot save: %2").arg(id).arg(error));
                        },
                        Qt::QueuedConnection);
            });
        }
    });
}

ClubServer::~ClubServer()
{
    m_writer.waitForDone();
    for (auto &[socket, conn] : m_conns)
        if (conn->socket)
            conn->socket->disconnect(this);
}

bool ClubServer::listen(const QHostAddress &address, quint16 port, QString *error)
{
    m_server = new QTcpServer(this);
    if (!m_server->listen(address, port)) {
        if (error)
            *error = QStringLiteral("cannot listen on %1 port %2: %3")
                         .arg(address.toString())
                         .arg(port)
                         .arg(m_server->errorString());
        delete m_server;
        m_server = nullptr;
        return false;
    }
    connect(m_server, &QTcpServer::newConnection, this, &ClubServer::onNewConnection);
    log(QStringLiteral("listening on %1 port %2")
            .arg(address.toString())
            .arg(m_server->serverPort()));
    return true;
}

quint16 ClubServer::port() const
{
    return m_server ? m_server->serverPort() : 0;
}

void ClubServer::setGamesDir(const QString &dir)
{
    m_gamesDir = dir;
    if (dir.isEmpty())
        return;
    // After the saved games, and the seats of games whose start was not saved (or no
    // longer: a game open at a shutdown, joined since).
    for (const QString &suffix :
         {QString(QLatin1Char('.') + GameFile::kSuffix), QStringLiteral(".seats.json")})
        for (const QString &name :
             QDir(dir).entryList({QStringLiteral("game-*") + suffix}, QDir::Files)) {
            bool ok = false;
            const int n = name.mid(5, name.size() - 5 - suffix.size()).toInt(&ok);
            if (ok && n >= m_nextId && n < kMaxSeq)
                m_nextId = n + 1;
        }
}

QString ClubServer::gamePath(int id) const
{
    if (m_gamesDir.isEmpty())
        return {};
    return QDir(m_gamesDir).filePath(QStringLiteral("game-%1.%2").arg(id).arg(GameFile::kSuffix));
}

QString ClubServer::seatsPath(int id) const
{
    if (m_gamesDir.isEmpty())
        return {};
    return QDir(m_gamesDir).filePath(QStringLiteral("game-%1.seats.json").arg(id));
}

void ClubServer::saveSeats(const ClubGame &g, bool ended)
{
    saveSeats(g, ended ? QStringLiteral("ended") : QStringLiteral("playing"));
}

void ClubServer::saveSeats(const ClubGame &g, const QString &status)
{
    const QString path = seatsPath(g.id);
    if (path.isEmpty())
        return;
    QJsonObject o {{QStringLiteral("status"), status},
                   {QStringLiteral("tokens"),
                    QJsonArray {QString::fromLatin1(g.tokens[0].toHex()),
                                QString::fromLatin1(g.tokens[1].toHex())}}};
    // A masked lobby's commitments (public: hashes), for a server started again.
    if (!g.lobbyCommitments[0].isEmpty() || !g.lobbyCommitments[1].isEmpty())
        o.insert(QStringLiteral("lobby_commitments"),
                 QJsonArray {QJsonArray::fromStringList(g.lobbyCommitments[0]),
                             QJsonArray::fromStringList(g.lobbyCommitments[1])});
    // The tokens take a seat: for the server's eyes only.
    const QString error = writeOwnerOnly(path, QJsonDocument(o).toJson());
    if (!error.isEmpty())
        log(QStringLiteral("game %1: cannot save its seats: %2").arg(g.id).arg(error));
}

QString ClubServer::fleetsPath(int id) const
{
    if (m_gamesDir.isEmpty())
        return {};
    return QDir(m_gamesDir).filePath(QStringLiteral("game-%1.fleets.json").arg(id));
}

QString ClubServer::saveFleets(const ClubGame &g)
{
    if (m_gamesDir.isEmpty())
        return {};
    // The hidden fleets: for the server's eyes only (as the seats).
    const QString error = writeOwnerOnly(fleetsPath(g.id), GameFile::serialize(Game(g.setup)));
    if (!error.isEmpty())
        log(QStringLiteral("game %1: cannot save its fleets: %2").arg(g.id).arg(error));
    return error;
}

QString ClubServer::saveOpen(const ClubGame &g)
{
    if (m_gamesDir.isEmpty())
        return {};
    // The game first, then its seats: a seats file `open` always has its game beside it.
    const QString error = io::writeFile(gamePath(g.id), GameFile::serialize(Game(g.setup)));
    if (!error.isEmpty()) {
        log(QStringLiteral("game %1: cannot save it open: %2").arg(g.id).arg(error));
        return error;
    }
    saveSeats(g, QStringLiteral("open"));
    return {};
}

void ClubServer::forgetOpen(const ClubGame &g)
{
    if (m_gamesDir.isEmpty() || !QFileInfo::exists(seatsPath(g.id)))
        return;
    // Its seats say ended (the number stays taken), then its game of no commands goes.
    saveSeats(g, true);
    QFile::remove(gamePath(g.id));
}

int ClubServer::takeUpSavedGames()
{
    if (m_gamesDir.isEmpty())
        return 0;
    int taken = 0;
    const QString suffix = QStringLiteral(".seats.json");
    for (const QString &name :
         QDir(m_gamesDir).entryList({QStringLiteral("game-*") + suffix}, QDir::Files)) {
        bool ok = false;
        const int id = name.mid(5, name.size() - 5 - suffix.size()).toInt(&ok);
        if (!ok || id < 1 || id >= kMaxSeq || m_games.count(id))
            continue;
        auto skip = [&](const QString &why) {
            log(QStringLiteral("game %1: not taken up: %2").arg(id).arg(why));
        };
        QFile f(seatsPath(id));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        QJsonParseError perr;
        const QJsonDocument doc = QJsonDocument::fromJson(f.read(64 * 1024), &perr);
        const QJsonObject o = doc.object();
        const QString status = o.value(QStringLiteral("status")).toString();
        if (status == QLatin1String("ended"))
            continue;
        const QJsonArray tokens = o.value(QStringLiteral("tokens")).toArray();
        std::array<QByteArray, 2> seat;
        for (int i = 0; i < 2 && i < tokens.size(); ++i)
            seat[std::size_t(i)] = QByteArray::fromHex(tokens[i].toString().toLatin1());
        // A masked lobby's commitments (saveSeats): each side's, empty when it came in clear.
        std::array<QStringList, 2> lobbyCommitments;
        const QJsonArray lobby = o.value(QStringLiteral("lobby_commitments")).toArray();
        for (int i = 0; i < 2 && i < lobby.size(); ++i)
            for (const QJsonValue &h : lobby[i].toArray())
                lobbyCommitments[std::size_t(i)] << h.toString();
        if (perr.error == QJsonParseError::NoError && status == QLatin1String("open")
            && tokens.size() == 2 && seat[0].size() == 32 && seat[1].isEmpty()) {
            // A game no one had joined when the server shut down: open again, once its
            // creator takes it back (club-rejoin with its token).
            const GameFile::Loaded loaded = GameFile::read(gamePath(id));
            if (!loaded.game) {
                skip(loaded.error);
                continue;
            }
            if (!loaded.game->history().empty() || loaded.game->setup().physical()) {
                skip(QStringLiteral("%1 is not an open game").arg(gamePath(id)));
                continue;
            }
            auto g = std::make_unique<ClubGame>();
            g->id = id;
            g->setup = loaded.game->setup();
            g->tokens = seat;
            g->lobbyCommitments = lobbyCommitments;
            m_nextId = std::max(m_nextId, id + 1);
            log(QStringLiteral("game %1 taken up: open, waiting for its creator %2 to take it "
                               "back")
                    .arg(id)
                    .arg(g->setup.players[0].name));
            m_games.emplace(id, std::move(g));
            ++taken;
            continue;
        }
        if (perr.error != QJsonParseError::NoError || status != QLatin1String("playing")
            || tokens.size() != 2 || seat[0].size() != 32 || seat[1].size() != 32) {
            skip(QStringLiteral("%1 is not a seats file of this server").arg(seatsPath(id)));
            continue;
        }
        if (!QFileInfo::exists(gamePath(id))) {
            // Its start was never agreed (or never saved): nothing to take up, ever.
            ClubGame none;
            none.id = id;
            none.tokens = seat;
            saveSeats(none, true);
            skip(QStringLiteral("it has no saved game (its start was not agreed)"));
            continue;
        }
        const GameFile::Loaded loaded = GameFile::read(gamePath(id));
        if (!loaded.game) {
            skip(loaded.error);
            continue;
        }
        auto g = std::make_unique<ClubGame>();
        g->id = id;
        QString why;
        g->game
            = rebuildExchangeGame(*loaded.game, int(loaded.game->history().size()), g->dice, &why);
        if (!g->game) {
            skip(why);
            continue;
        }
        if (g->game->state().phase == jw::Phase::Over) {
            saveSeats(*g, true); // over, its end not written: nothing to take up
            continue;
        }
        if (isMaskedUnderWay(*loaded.game)) {
            // A masked game (v1.2.4 hidden models): its saved game is the third party's, its
            // record and no secrets; the fleets its players came with are beside it (the
            // game-setup each is sent when it takes its seat again, and the end's check).
            const GameFile::Loaded fleets = GameFile::read(fleetsPath(id));
            if (!fleets.game) {
                skip(QStringLiteral("a masked game (v1.2.4 hidden models) whose fleets do not "
                                    "read: %1")
                         .arg(fleets.error));
                continue;
            }
            if (setupHash(thirdPartySetup(fleets.game->setup()))
                != setupHash(thirdPartySetup(loaded.game->setup()))) {
                skip(QStringLiteral("%1 is not the fleets of this game").arg(fleetsPath(id)));
                continue;
            }
            g->masked = true;
            g->setup = fleets.game->setup();
            g->game->setMaskedRecord(loaded.game->maskedRecord()); // (not kept by the rebuild)
            QString maskedWhy;
            if (!restoreMasked(*g, int(g->game->history().size()), &maskedWhy)) {
                skip(maskedWhy);
                continue;
            }
            g->setupHash = setupHash(g->setup);
            g->lobbyCommitments = lobbyCommitments;
            g->seatHash = {setupHash(seatSetup(*g, 0)), setupHash(seatSetup(*g, 1))};
        } else {
            g->setup = g->game->setup();
            g->setupHash = setupHash(g->setup);
            g->seatHash = {g->setupHash, g->setupHash};
        }
        g->tokens = seat;
        g->phase = Phase::Paused;
        publish(*g, int(g->game->history().size())); // what a spectator is sent at once
        m_nextId = std::max(m_nextId, id + 1);
        log(QStringLiteral("game %1 taken up: paused after command %2, waiting for %3 and %4 to "
                           "take their seats again")
                .arg(id)
                .arg(g->game->history().size())
                .arg(g->setup.players[0].name, g->setup.players[1].name));
        ClubGame &added = *m_games.emplace(id, std::move(g)).first->second;
        armPauseTimeout(added, -1, RevealDue::None);
        ++taken;
    }
    return taken;
}

int ClubServer::openGames() const
{
    int n = 0;
    for (const auto &[id, g] : m_games)
        n += g->phase == Phase::Open ? 1 : 0;
    return n;
}

int ClubServer::runningGames() const
{
    return int(m_games.size()) - openGames();
}

void ClubServer::onNewConnection()
{
    while (QTcpSocket *s = m_server->nextPendingConnection()) {
        if (m_closing) {
            s->abort();
            s->deleteLater();
            continue;
        }
        // Small frames both ways in lockstep: without this, Nagle's algorithm and delayed
        // acknowledgements hold each frame about 40 ms.
        s->setSocketOption(QAbstractSocket::LowDelayOption, 1);
        auto conn = std::make_unique<Conn>();
        conn->socket = s;
        conn->peer = QStringLiteral("%1:%2").arg(s->peerAddress().toString()).arg(s->peerPort());
        Conn *c = conn.get();
        c->idle = new QTimer(s);
        c->idle->setSingleShot(true);
        connect(c->idle, &QTimer::timeout, this, [this, c] {
            if (c->gone || c->game != 0 || c->watching != 0 || c->lobbyWatch || !c->socket)
                return;
            log(QStringLiteral("%1 said nothing for %2 ms in the lobby: closed")
                    .arg(c->peer)
                    .arg(m_lobbyTimeoutMs));
            c->socket->disconnectFromHost();
        });
        c->idle->start(m_lobbyTimeoutMs);
        c->tokens = m_limits.messageRate;
        c->refilledAt = m_clock.elapsed();
        c->throttle = new QTimer(s);
        c->throttle->setSingleShot(true);
        connect(c->throttle, &QTimer::timeout, this, [this, c] {
            if (!c->gone)
                handleWaiting(c);
        });
        m_conns.emplace(s, std::move(conn));
        connect(s, &QTcpSocket::readyRead, this, [this, c] { onReadyRead(c); });
        connect(s, &QTcpSocket::disconnected, this, [this, c] { onDisconnected(c); });
        log(QStringLiteral("connection from %1").arg(c->peer));
        if (s->bytesAvailable() > 0)
            onReadyRead(c);
    }
}

void ClubServer::sendTo(Conn *c, const Message &m)
{
    if (c && c->socket && c->socket->state() == QAbstractSocket::ConnectedState)
        c->socket->write(encodeFrame(m));
}

void ClubServer::refuse(Conn *c, const DataText &why)
{
    ++m_refused;
    log(QStringLiteral("refused a message of %1%2: %3")
            .arg(c->peer,
                 c->game ? QStringLiteral(" (game %1, player %2)").arg(c->game).arg(c->side)
                         : QString(),
                 why.english()));
    // The English as before; the sentence too for a client that reads it (kFeatureErrorWhy).
    const Message error = Message::error(why);
    sendTo(c, c->errorWhy ? error : Message::withText(MessageType::Error, error.text));
    if (c->leaving || c->gone)
        return;
    // A refused message weighs more: a client that keeps sending them is slowed down, then
    // closed.
    if (m_limits.messageRate > 0)
        c->tokens -= kRefusedCost - 1;
    if (m_limits.refusedLimit > 0) {
        const qint64 now = m_clock.elapsed();
        c->refusedAt.push_back(now);
        while (!c->refusedAt.empty() && c->refusedAt.front() <= now - kRefusedWindowMs)
            c->refusedAt.pop_front();
        if (int(c->refusedAt.size()) >= m_limits.refusedLimit)
            closeForAbuse(c,
                          QStringLiteral("%1 refused messages within %2 s")
                              .arg(c->refusedAt.size())
                              .arg(kRefusedWindowMs / 1000));
    }
}

void ClubServer::closeForAbuse(Conn *c, const QString &why)
{
    if (c->leaving || c->gone)
        return;
    ++m_closedForAbuse;
    log(QStringLiteral("%1%2: %3: connection closed")
            .arg(c->peer,
                 c->game ? QStringLiteral(" (game %1, player %2)").arg(c->game).arg(c->side)
                         : QString(),
                 why));
    sendTo(c,
           Message::withText(MessageType::Error,
                             QStringLiteral("%1: the server closes this connection").arg(why)));
    c->leaving = true; // nothing more of it is read
    c->waiting.clear();
    c->waitingBytes = 0;
    if (c->throttle)
        c->throttle->stop();
    // Queued: the caller up the stack may still use the connection. Its disconnection is an
    // ordinary drop (a player's game pauses).
    if (c->socket)
        QMetaObject::invokeMethod(c->socket, &QTcpSocket::disconnectFromHost, Qt::QueuedConnection);
}

void ClubServer::relay(ClubGame &g, int fromSide, const QByteArray &payload)
{
    Conn *to = g.players[std::size_t(1 - fromSide)];
    if (to && to->socket && to->socket->state() == QAbstractSocket::ConnectedState)
        to->socket->write(frameOf(payload));
}

void ClubServer::onReadyRead(Conn *c)
{
    if (!c->socket || c->gone)
        return;
    if (c->leaving) {
        c->socket->readAll();
        return;
    }
    for (FrameReader::Item &item : c->reader.feed(c->socket->readAll())) {
        c->waitingBytes += item.payload.size();
        c->waiting.push_back(std::move(item));
    }
    if (m_limits.floodLimit > 0 && int(c->waiting.size()) > m_limits.floodLimit)
        return closeForAbuse(c,
                             QStringLiteral("more than %1 messages waiting (%2 a second at "
                                            "most): flooding")
                                 .arg(m_limits.floodLimit)
                                 .arg(m_limits.messageRate));
    if (c->waitingBytes > kMaxWaitingBytes)
        return closeForAbuse(
            c, QStringLiteral("more than %1 MiB waiting: flooding").arg(kMaxWaitingBytes >> 20));
    handleWaiting(c);
}

void ClubServer::handleWaiting(Conn *c)
{
    while (!c->waiting.empty() && !c->gone && !c->leaving) {
        if (m_limits.messageRate > 0 && !c->draining) {
            const qint64 now = m_clock.elapsed();
            c->tokens
                = std::min(double(m_limits.messageRate),
                           c->tokens + double(now - c->refilledAt) * m_limits.messageRate / 1000.0);
            c->refilledAt = now;
            if (c->tokens < 1) { // throttled: the rest waits for the bucket to refill
                if (!c->throttled) {
                    c->throttled = true;
                    // A client at full speed (club-load's bots) is throttled many times a
                    // second: a line a minute at most, with the spells not logged since.
                    if (c->throttleLoggedAt >= 0
                        && now - c->throttleLoggedAt < kThrottleLogIntervalMs) {
                        ++c->throttleUnlogged;
                    } else {
                        QString line = QStringLiteral("%1: throttled (more than %2 messages a "
                                                      "second, refused ones counting %3)")
                                           .arg(c->peer)
                                           .arg(m_limits.messageRate)
                                           .arg(kRefusedCost);
                        if (c->throttleUnlogged > 0)
                            line += QStringLiteral("; %1 more times since the last line")
                                        .arg(c->throttleUnlogged);
                        log(line);
                        c->throttleLoggedAt = now;
                        c->throttleUnlogged = 0;
                    }
                }
                const int ms = int(std::ceil((1 - c->tokens) * 1000.0 / m_limits.messageRate));
                if (c->throttle && !c->throttle->isActive())
                    c->throttle->start(std::max(1, ms));
                return;
            }
            c->tokens -= 1;
        }
        FrameReader::Item item = std::move(c->waiting.front());
        c->waiting.pop_front();
        c->waitingBytes -= item.payload.size();
        handleItem(c, item);
    }
    if (c->waiting.empty())
        c->throttled = false;
}

void ClubServer::handleItem(Conn *c, const FrameReader::Item &item)
{
    if (!item.error.isEmpty())
        return refuse(c, item.why);
    const Decoded d = decodePayload(item.payload);
    if (!d.message)
        return refuse(c, d.why);
    if (d.message->features.contains(kFeatureErrorWhy))
        c->errorWhy = true;
    if (c->watching != 0) {
        if (d.message->type == MessageType::Bye) {
            if (c->socket)
                c->socket->disconnectFromHost();
            return;
        }
        return refuse(c, DataText::of(QT_TRANSLATE_NOOP("jw::Data", "a spectator only watches")));
    }
    if (c->game == 0) {
        if (c->lobbyWatch && d.message->type != MessageType::ClubList
            && d.message->type != MessageType::Bye)
            return refuse(c,
                          DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                         "this connection watches the lobby: "
                                                         "only club-list or bye, not %1"),
                                       {messageTypeId(d.message->type)}));
        lobby(c, *d.message);
        lobbyChanged(); // a game created, joined or watched: the lobby's watchers are told
        if (c->gone || !c->idle)
            return;
        if (c->game == 0 && c->watching == 0 && !c->lobbyWatch)
            c->idle->start(m_lobbyTimeoutMs); // still in the lobby: its time again
        else
            c->idle->stop();
        return;
    }
    const auto it = m_games.find(c->game);
    if (it == m_games.end()) { // the game ended under this message
        c->game = 0;
        c->side = -1;
        lobby(c, *d.message);
        return lobbyChanged();
    }
    referee(*it->second, c, *d.message, item.payload);
    lobbyChanged(); // a command agreed (its turn, commands), a game resumed or ended
}

void ClubServer::onDisconnected(Conn *c)
{
    if (c->throttleUnlogged > 0) // the spells since its last throttled line
        log(QStringLiteral("%1: throttled %2 more times since the last line")
                .arg(c->peer)
                .arg(c->throttleUnlogged));
    c->throttleUnlogged = 0;
    if (c->idle)
        c->idle->stop(); // it may outlive c a moment (the socket's child)
    if (c->throttle)
        c->throttle->stop();
    if (c->gone)
        return;
    // What it sent before it left is handled first, however fast it came (a bye, the last
    // state hash): the limits delay a connection's messages, never drop them.
    if (!c->leaving && c->socket) {
        for (FrameReader::Item &item : c->reader.feed(c->socket->readAll()))
            c->waiting.push_back(std::move(item));
        c->draining = true;
        handleWaiting(c);
        if (c->gone)
            return;
    }
    log(QStringLiteral("%1 disconnected").arg(c->peer));
    c->lobbyWatch = false;
    lobbyChanged(); // a spectator or a player gone, a game withdrawn, paused or ended
    if (c->watching != 0) {
        if (const auto it = m_games.find(c->watching); it != m_games.end())
            std::erase(it->second->spectators, c);
        c->watching = 0;
    }
    if (c->game != 0) {
        if (const auto it = m_games.find(c->game); it != m_games.end()) {
            ClubGame &g = *it->second;
            g.players[std::size_t(c->side)] = nullptr;
            if (g.phase == Phase::Open) {
                log(QStringLiteral("game %1 withdrawn: its creator left").arg(g.id));
                forgetOpen(g); // saved open: not taken up again
                m_games.erase(it);
            } else if (g.phase == Phase::Paused) {
                log(QStringLiteral("game %1: player %2 left again before it resumed")
                        .arg(g.id)
                        .arg(c->side));
                g.hello[std::size_t(c->side)] = false;
            } else if (g.game && g.phase != Phase::Ended) {
                pause(g, c->side);
            } else {
                end(g,
                    QStringLiteral("player %1 disconnected before the game started").arg(c->side),
                    QStringLiteral("the other player disconnected"));
            }
        }
    }
    for (auto it = m_conns.begin(); it != m_conns.end(); ++it) {
        if (it->second.get() != c)
            continue;
        // Kept until the event loop runs again: a caller up the stack may still hold it.
        std::shared_ptr<Conn> gone(std::move(it->second));
        m_conns.erase(it);
        gone->gone = true;
        if (gone->socket) {
            gone->socket->disconnect(this);
            gone->socket->deleteLater();
        }
        QTimer::singleShot(0, this, [gone] {});
        break;
    }
    if (m_closing && m_conns.empty() && !m_closedEmitted) {
        m_closedEmitted = true;
        m_writer.waitForDone(); // every game on disk
        Q_EMIT closed();
    }
}

std::vector<ClubGameInfo> ClubServer::listing(bool paused, bool all) const
{
    std::vector<ClubGameInfo> listed;
    for (const auto &[id, g] : m_games) {
        if (int(listed.size()) >= kMaxClubGames)
            break;
        const bool isPaused = g->phase == Phase::Paused && g->game;
        if (g->phase != Phase::Open && !isPaused && !(all && g->phase != Phase::Ended))
            continue;
        if (g->phase == Phase::Open && !g->players[0])
            continue; // taken up after a restart: offered once its creator takes it back
        if (isPaused && !paused && !all)
            continue;
        ClubGameInfo info {id, g->setup.players[0].name, g->setup.scenario, g->setup.rules};
        if (isPaused) {
            info.paused = true;
            info.commands = int(g->game->history().size());
            info.opponent = g->setup.players[1].name;
        }
        // The details only for a client that asked (an older one refuses fields it does
        // not know): the games under way, their fleets, turn and spectators.
        if (all) {
            for (int side = 0; side < (g->phase == Phase::Open ? 1 : 2); ++side) {
                const Fleet &f = g->setup.players[std::size_t(side)].fleet;
                info.fleets.push_back(ClubFleetInfo {f.name.left(kMaxNameChars), f.points});
            }
            if (g->phase != Phase::Open) {
                info.playing = true;
                info.opponent = g->setup.players[1].name;
                info.commands = g->game ? int(g->game->history().size()) : 0;
                info.turn = g->game ? g->game->state().turn : 0;
                info.spectators = int(g->spectators.size());
            }
        }
        listed.push_back(std::move(info));
    }
    return listed;
}

int ClubServer::lobbyWatchers() const
{
    int n = 0;
    for (const auto &[socket, c] : m_conns)
        n += c->lobbyWatch && !c->gone ? 1 : 0;
    return n;
}

void ClubServer::lobbyChanged()
{
    if (!m_lobbyTimer || m_lobbyTimer->isActive() || m_closing)
        return;
    if (std::none_of(m_conns.begin(), m_conns.end(),
                     [](const auto &conn) { return conn.second->lobbyWatch; }))
        return;
    // The changes of the next kLobbyPushDelayMs in one listing, and at most one listing per
    // kLobbyPushIntervalMs: a club of many games under way is not one listing per command.
    qint64 wait = m_lobbyPushDelayMs;
    if (m_lastLobbyPush >= 0)
        wait = std::max(wait, m_lastLobbyPush + m_lobbyPushIntervalMs - m_clock.elapsed());
    m_lobbyTimer->start(int(std::max<qint64>(0, wait)));
}

void ClubServer::pushLobby()
{
    // Never sooner than the interval after the last round (whatever woke the timer).
    if (m_lastLobbyPush >= 0 && m_clock.elapsed() < m_lastLobbyPush + m_lobbyPushIntervalMs) {
        m_lobbyTimer->start(int(m_lastLobbyPush + m_lobbyPushIntervalMs - m_clock.elapsed()));
        return;
    }
    std::map<std::pair<bool, bool>, QByteArray> payloads; // by the options: one listing each
    bool sent = false;
    bool behind = false;
    for (auto &[socket, conn] : m_conns) {
        Conn *c = conn.get();
        if (!c->lobbyWatch || c->gone || c->leaving || !c->socket
            || c->socket->state() != QAbstractSocket::ConnectedState)
            continue;
        const std::pair<bool, bool> options {c->lobbyPaused, c->lobbyAll};
        auto it = payloads.find(options);
        if (it == payloads.end())
            it = payloads
                     .emplace(options,
                              encodePayload(
                                  Message::clubGames(listing(c->lobbyPaused, c->lobbyAll), true)))
                     .first;
        if (it->second == c->lobbySent)
            continue; // nothing it lists changed
        if (c->socket->bytesToWrite() > kMaxLobbyBacklogBytes) {
            behind = true; // it does not read: sent once it has
            continue;
        }
        c->socket->write(frameOf(it->second));
        c->lobbySent = it->second;
        sent = true;
        ++m_lobbyPushes;
    }
    if (sent)
        m_lastLobbyPush = m_clock.elapsed();
    if (behind)
        lobbyChanged();
}

void ClubServer::lobby(Conn *c, const Message &m)
{
    switch (m.type) {
    case MessageType::ClubList: {
        // club-list again without `watch`: no longer watching the lobby.
        c->lobbyWatch = false;
        bool watch = m.watch;
        if (watch && lobbyWatchers() >= m_maxLobbyWatchers) {
            watch = false; // answered once: that client asks again itself
            log(QStringLiteral("%1: the lobby has %2 watchers: listed once")
                    .arg(c->peer)
                    .arg(m_maxLobbyWatchers));
        }
        const Message answer = Message::clubGames(listing(m.paused, m.all), watch);
        if (watch) {
            c->lobbyWatch = true;
            c->lobbyPaused = m.paused;
            c->lobbyAll = m.all;
            c->lobbySent = encodePayload(answer);
        }
        sendTo(c, answer);
        return;
    }
    case MessageType::ClubCreate: {
        // Named by a phrase (not a file): translated too where the client shows the problem.
        const GameFile::Loaded loaded = GameFile::parse(
            m.game, DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the created game")));
        if (!loaded.game)
            return refuse(c, loaded.why.isEmpty() ? DataText(loaded.error) : loaded.why);
        if (!loaded.game->history().empty())
            return refuse(c,
                          DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                         "club-create: the game has commands "
                                                         "already: not a new game")));
        if (loaded.game->setup().physical())
            return refuse(c,
                          DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                         "club-create: a game of a physical "
                                                         "table (dice typed in) cannot be "
                                                         "played on a club server")));
        // A masked lobby's game (commitments, the creator's fleet its public part): only a
        // masked game (v1.2.4, no scripted start, a program that masks); else created in clear.
        if (!m.hashes.isEmpty()) {
            const GameSetup &offered = loaded.game->setup();
            if (!offered.profile().secretDeployment || !offered.starts.empty()
                || !m.features.contains(kFeatureMaskedSecrets))
                return refuse(c, DataText(kMaskedLobbyRefusal));
            if (!isPublicPart(offered.players[0].fleet, int(m.hashes.size())))
                return refuse(
                    c,
                    DataText::of(
                        QT_TRANSLATE_NOOP("jw::Data",
                                          "club-create: a masked game's fleet must be %1 "
                                          "stand-ins (one a commitment) and nothing else of "
                                          "its models; it has %2 entries"),
                        {int(m.hashes.size()), offered.players[0].fleet.size()}));
        }
        auto g = std::make_unique<ClubGame>();
        g->id = m_nextId++;
        g->setup = loaded.game->setup();
        g->lobbyCommitments[0] = m.hashes;
        g->players[0] = c;
        // The creator's seat from now (kept when the game begins): a creator that can take
        // its open game back after a restart is told it.
        g->tokens[0] = fairdice::newNonce();
        c->game = g->id;
        c->side = 0;
        c->openSeat = m.features.contains(kFeatureOpenSeat);
        c->masks = m.features.contains(kFeatureMaskedSecrets);
        log(QStringLiteral("game %1 created by %2 (%3): scenario %4, rules %5")
                .arg(g->id)
                .arg(g->setup.players[0].name, c->peer, g->setup.scenario, g->setup.rules));
        sendTo(c, Message::clubCreated(g->id));
        if (c->openSeat)
            sendTo(c, Message::clubSeat(g->id, 0, g->tokens[0]));
        // Its creator can take it back: on disk from now on (not only at a shutdown), so a
        // server started again after a crash has it open again too.
        if (c->openSeat)
            saveOpen(*g);
        m_games.emplace(g->id, std::move(g));
        return;
    }
    case MessageType::ClubJoin: {
        const auto it = m_games.find(m.id);
        // (An open game whose creator is not back after a restart is not offered yet.)
        if (it == m_games.end() || it->second->phase != Phase::Open || !it->second->players[0])
            return refuse(
                c,
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "club-join: no open game %1"), {m.id}));
        ClubGame &g = *it->second;
        const DataText fleetName
            = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the joiner's fleet"));
        const FleetFileResult fleet = FleetFile::parse(m.text.toUtf8(), fleetName.english());
        if (!fleet.ok())
            return refuse(c, issuesSentence(fleet.issues, fleetName));
        const bool masks = m.features.contains(kFeatureMaskedSecrets);
        const bool maskable = g.setup.profile().secretDeployment && g.setup.starts.empty()
            && g.players[0]->masks && masks;
        // A game its creator offered as commitments is played masked only.
        if (!g.lobbyCommitments[0].isEmpty() && !masks)
            return refuse(
                c,
                DataText::of(QT_TRANSLATE_NOOP(
                                 "jw::Data",
                                 "club-join: game %1 is masked (its creator's fleet came as "
                                 "commitments): only a program that masks hidden models can join "
                                 "it"),
                             {m.id}));
        // A masked lobby's join (commitments, the fleet its public part): into a masked game
        // only; else joined again in clear. Its cards are checked by its reveals only.
        if (!m.hashes.isEmpty()) {
            if (!maskable)
                return refuse(c, DataText(kMaskedLobbyRefusal));
            if (!isPublicPart(*fleet.fleet, int(m.hashes.size())))
                return refuse(c,
                              DataText::of(QT_TRANSLATE_NOOP(
                                               "jw::Data",
                                               "club-join: a masked join's fleet must be %1 "
                                               "stand-ins (one a commitment) and nothing else of "
                                               "its models; it has %2 entries"),
                                           {int(m.hashes.size()), fleet.fleet->size()}));
        }
        GameSetup setup = g.setup;
        setup.players[1] = PlayerSetup {m.name, *fleet.fleet};
        for (const FleetEntry &e : setup.players[1].fleet.entries) {
            if (!m.hashes.isEmpty()) { // a stand-in: its card is the one the rules give it
                const Unit squadron = standInUnit(true);
                setup.units[e.unitId] = standInUnit(e.unitId == squadron.id);
                continue;
            }
            const Unit *u = m_db.unit(e.unitId);
            if (!u)
                return refuse(
                    c,
                    DataText::of(
                        QT_TRANSLATE_NOOP("jw::Data", "club-join: the club's units have no '%1'"),
                        {e.unitId}));
            setup.units[u->id] = *u;
        }
        if (!m.hashes.isEmpty()) {
            // Only the units the two fleets use (the creator's game may have carried the cards
            // of the joiner it expected): the game both sides know is the same for both.
            std::set<QString> used;
            for (const PlayerSetup &p : setup.players)
                for (const FleetEntry &e : p.fleet.entries)
                    used.insert(e.unitId);
            for (auto u = setup.units.begin(); u != setup.units.end();)
                u = used.count(u->first) ? std::next(u) : setup.units.erase(u);
        }
        if (const auto why = setup.checkText())
            return refuse(c, DataText::of(QT_TRANSLATE_NOOP("jw::Data", "club-join: %1"), {*why}));
        g.setup = setup;
        g.setupHash = setupHash(setup);
        g.lobbyCommitments[1] = m.hashes;
        g.players[1] = c;
        c->game = g.id;
        c->side = 1;
        c->masks = masks;
        g.phase = Phase::Hello;
        log(QStringLiteral("game %1: %2 (%3) joins %4")
                .arg(g.id)
                .arg(m.name, c->peer, setup.players[0].name));
        if (!g.lobbyCommitments[0].isEmpty() || !g.lobbyCommitments[1].isEmpty())
            log(QStringLiteral("game %1: %2 (a masked lobby): the server holds no hidden card "
                               "of %3")
                    .arg(g.id)
                    .arg(!g.lobbyCommitments[0].isEmpty() && !g.lobbyCommitments[1].isEmpty()
                             ? QStringLiteral("both fleets came as commitments")
                             : QStringLiteral("player %1's fleet came as commitments")
                                   .arg(g.lobbyCommitments[0].isEmpty() ? 1 : 0),
                         !g.lobbyCommitments[0].isEmpty() && !g.lobbyCommitments[1].isEmpty()
                             ? QStringLiteral("either")
                             : QStringLiteral("that player")));
        // v1.2.4, both programs mask hidden models: each is sent the game with the other
        // side's hidden models as stand-ins (docs/network.md, "Masked games through the club
        // server"); otherwise both are sent the whole setup, as before.
        g.masked = setup.profile().secretDeployment && g.players[0]->masks && c->masks;
        g.seatHash = {g.setupHash, g.setupHash};
        for (int side = 0; side < 2; ++side) {
            const GameSetup given = seatSetup(g, side);
            g.seatHash[std::size_t(side)] = setupHash(given);
            // A seat's token: only its player can take it again after a drop. The creator's
            // is the one it was given at the creation (club-create with kFeatureOpenSeat).
            if (side == 1 || g.tokens[0].isEmpty())
                g.tokens[std::size_t(side)] = fairdice::newNonce();
            sendTo(g.players[std::size_t(side)],
                   Message::clubSeat(g.id, side, g.tokens[std::size_t(side)]));
            sendTo(g.players[std::size_t(side)],
                   Message::gameSetup(GameFile::serialize(Game(given))));
        }
        // A game saved open (its creator can take it back): its start is not agreed yet (a server
        // started again must not take it up as a game under way).
        if (!m_gamesDir.isEmpty())
            QFile::remove(gamePath(g.id));
        // A masked game: the fleets its players came with, kept beside it (a server started
        // again sends its players their masked setups from them).
        if (g.masked)
            saveFleets(g);
        saveSeats(g, false);
        return;
    }
    case MessageType::ClubWatch: {
        const auto it = m_games.find(m.id);
        if (it == m_games.end() || it->second->phase == Phase::Open)
            return refuse(
                c,
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "club-watch: no game %1 under way"),
                             {m.id}));
        ClubGame &g = *it->second;
        c->watching = g.id;
        c->board = m.withBoard;
        g.spectators.push_back(c);
        log(QStringLiteral("game %1: a spectator (%2)%3")
                .arg(g.id)
                .arg(c->peer, c->board ? QStringLiteral(", with the board") : QString()));
        if (g.game) { // what was agreed so far (and is not held back)
            // A spectator who comes late catches up, within bounds: the last events that fit
            // m_catchUpEvents and kMaxCatchUpBytes, after one saying how many are left out.
            std::vector<Message> events;
            qint64 bytes = 0;
            int left = 0;
            for (int seq = std::min(g.published, int(g.game->log().size()) - 1);
                 seq >= 0 && left == 0; --seq) {
                const auto &log = g.game->log()[std::size_t(seq)];
                for (auto e = log.rbegin(); e != log.rend(); ++e) {
                    Message m = publicEvent(seq, *e);
                    const qint64 size = encodePayload(m).size() + 4;
                    if (left > 0 || int(events.size()) >= m_catchUpEvents
                        || bytes + size > kMaxCatchUpBytes) {
                        ++left;
                        continue;
                    }
                    bytes += size;
                    events.push_back(std::move(m));
                }
                if (left > 0)
                    for (int k = seq - 1; k >= 0; --k)
                        left += int(g.game->log()[std::size_t(k)].size());
            }
            if (left > 0)
                sendTo(c,
                       Message::clubEvent(events.empty() ? 0 : events.back().seq,
                                          QStringLiteral("omitted"),
                                          QStringLiteral("(%1 earlier events of this game are "
                                                         "not sent: a spectator who comes late "
                                                         "is sent the last %2.)")
                                              .arg(left)
                                              .arg(events.size()),
                                          -1));
            for (auto m = events.rbegin(); m != events.rend(); ++m)
                sendTo(c, *m);
            if (c->board && g.published >= 0)
                if (const auto board = boardMessage(g))
                    sendTo(c, *board);
        }
        return;
    }
    case MessageType::ClubRejoin: {
        const auto it = m_games.find(m.id);
        if (it != m_games.end() && it->second->phase == Phase::Open && !it->second->players[0]
            && m.side == 0 && !it->second->tokens[0].isEmpty()
            && m.bytes == it->second->tokens[0]) {
            // An open game taken up after a restart: its creator takes it back, and it is
            // offered again; club-created, as when it was created.
            ClubGame &g = *it->second;
            g.players[0] = c;
            c->game = g.id;
            c->side = 0;
            c->openSeat = true;
            c->masks = m.features.contains(kFeatureMaskedSecrets); // as its club-create said
            log(QStringLiteral("game %1: its creator is back (%2): open again")
                    .arg(g.id)
                    .arg(c->peer));
            sendTo(c, Message::clubCreated(g.id));
            return;
        }
        if (it == m_games.end() || it->second->phase != Phase::Paused)
            return refuse(c,
                          DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                         "club-rejoin: game %1 is "
                                                         "not waiting for its players"),
                                       {m.id}));
        ClubGame &g = *it->second;
        if (m.bytes != g.tokens[std::size_t(m.side)])
            return refuse(
                c,
                DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                               "club-rejoin: not the token of seat %1 of game %2"),
                             {m.side, m.id}));
        if (g.players[std::size_t(m.side)])
            return refuse(
                c,
                DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                               "club-rejoin: player %1 of game %2 is here already"),
                             {m.side, m.id}));
        g.players[std::size_t(m.side)] = c;
        c->game = g.id;
        c->side = m.side;
        log(QStringLiteral("game %1: player %2 is back (%3)").arg(g.id).arg(m.side).arg(c->peer));
        sendTo(c, Message::gameSetup(GameFile::serialize(Game(seatSetup(g, m.side)))));
        // The other player's hello, when it came back first, is relayed with this one's
        // (referee: hellos are relayed once both came).
        return;
    }
    case MessageType::Chat:
        return; // nobody to read it
    case MessageType::Bye:
        if (c->socket)
            c->socket->disconnectFromHost();
        return;
    default:
        return refuse(c,
                      DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                     "this club server expects club-list, "
                                                     "club-create or club-join first, not %1"),
                                   {messageTypeId(m.type)}));
    }
}

void ClubServer::referee(ClubGame &g, Conn *c, const Message &m, const QByteArray &payload)
{
    const int s = c->side;
    switch (m.type) {
    case MessageType::Chat:
        return relay(g, s, payload);
    case MessageType::Bye:
        relay(g, s, payload);
        return end(g,
                   m.text.isEmpty()
                       ? QStringLiteral("player %1 ended the game").arg(s)
                       : QStringLiteral("player %1 ended the game: %2").arg(s).arg(m.text));
    case MessageType::Error:
        // The player refused a message: an honest one only does when the games differ.
        relay(g, s, payload);
        return end(g, QStringLiteral("player %1 refused a message: %2").arg(s).arg(m.text));
    default:
        break;
    }
    if (g.phase == Phase::Open) // the creator speaks before anyone joined
        return refuse(
            c,
            DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "game %1 has no second player yet: unexpected %2"),
                {g.id, messageTypeId(m.type)}));
    if (m.type == MessageType::Hello && g.hello[std::size_t(s)] && m.features.isEmpty()
        && m.side == s && m.setupHash == g.seatHash[std::size_t(s)])
        return; // said again without features (NetSession, to a program without them)
    const int next = g.game ? int(g.game->history().size()) + 1 : 0;
    auto unexpected = [&] {
        refuse(
            c,
            DataText::of(QT_TRANSLATE_NOOP("jw::Data", "unexpected %1 (seq %2) from player %3 now"),
                         {messageTypeId(m.type), m.seq, s}));
    };
    switch (g.phase) {
    case Phase::Hello:
    case Phase::Paused:
        if (m.type != MessageType::Hello || g.hello[std::size_t(s)])
            return unexpected();
        if (m.side != s)
            return refuse(
                c,
                DataText::of(
                    QT_TRANSLATE_NOOP("jw::Data", "hello: this connection plays side %1, not %2"),
                    {s, m.side}));
        if (m.setupHash != g.seatHash[std::size_t(s)])
            return refuse(
                c, DataText::of(QT_TRANSLATE_NOOP("jw::Data", "hello: not this game's setup")));
        g.hello[std::size_t(s)] = true;
        g.canSeal[std::size_t(s)] = m.features.contains(kFeatureSealedChoices);
        g.readsWhy[std::size_t(s)] = m.features.contains(kFeatureErrorWhy);
        g.hasFeatures[std::size_t(s)] = !m.features.isEmpty();
        if (g.masked && !m.features.contains(kFeatureMaskedSecrets))
            // Its program was given the other's hidden models as stand-ins: it cannot play in
            // clear.
            return end(g,
                       QStringLiteral("player %1's hello does not mask hidden models, but its "
                                      "program asked for a masked game")
                           .arg(s),
                       QStringLiteral("a masked game's hello must mask hidden models"));
        g.canMaskSealed[std::size_t(s)] = m.features.contains(kFeatureMaskedSealedChoices);
        if (g.hello[0] && g.hello[1]) {
            // Relayed now, each with the features both have: a program without them never
            // reads a hello with features (it would refuse it). A player's kFeatureErrorWhy goes
            // to the other if that one reads features: its refusals, relayed, may carry `why`.
            // A masked game seals secret choices when both programs seal them there too.
            g.seals = g.canSeal[0] && g.canSeal[1]
                && (!g.masked || (g.canMaskSealed[0] && g.canMaskSealed[1]));
            QStringList features = g.seals ? QStringList {kFeatureSealedChoices} : QStringList {};
            if (g.masked) {
                features << kFeatureMaskedSecrets;
                if (g.seals)
                    features << kFeatureMaskedSealedChoices;
            }
            for (int from = 0; from < 2; ++from) {
                QStringList its = features;
                if (g.readsWhy[std::size_t(from)] && g.hasFeatures[std::size_t(1 - from)])
                    its << kFeatureErrorWhy;
                // With the setup hash of the player it goes to (a masked game's setups differ:
                // each player's has the other's hidden models as stand-ins).
                relay(g, from,
                      encodePayload(Message::hello(g.seatHash[std::size_t(1 - from)], from, its)));
            }
            if (!g.seals)
                log(QStringLiteral("game %1: secret choices are sent in clear (player %2's "
                                   "program does not seal them)")
                        .arg(g.id)
                        .arg(g.canSeal[0] ? 1 : 0));
            if (g.masked)
                log(QStringLiteral("game %1: hidden models are masked (v1.2.4 secret "
                                   "information): each player's program was sent the other's "
                                   "models In Reserve or Embarked as stand-ins and plays them as "
                                   "commitments, revealed when the rules make them public; the "
                                   "server referees with neither side's hidden cards; spectators "
                                   "are sent only the public board")
                        .arg(g.id));
            else if (g.setup.profile().secretDeployment)
                log(QStringLiteral("game %1: hidden models are not masked (v1.2.4 secret "
                                   "information): the server and both players' programs hold "
                                   "the whole state; spectators are sent only the public board")
                        .arg(g.id)
                    + (g.players[0] && g.players[1] && !(g.players[0]->masks && g.players[1]->masks)
                           ? QStringLiteral(" (player %1's program does not mask them)")
                                 .arg(g.players[0]->masks ? 1 : 0)
                           : QString()));
            if (g.game) { // resuming: both say how far they are
                g.phase = Phase::Resume;
                g.resume = {};
                return;
            }
            g.phase = Phase::StartCommit;
            if (g.masked) { // first both players' commitments (not their cards)
                g.phase = Phase::Commitments;
                g.committed = {false, false};
                g.commitments.assign(
                    std::size_t(g.setup.players[0].fleet.size() + g.setup.players[1].fleet.size()),
                    QString());
            }
            log(QStringLiteral("game %1 starts").arg(g.id));
        }
        return;
    case Phase::Resume:
        if (m.type != MessageType::Resume || g.resume[std::size_t(s)])
            return unexpected();
        g.resume[std::size_t(s)] = m;
        relay(g, s, payload);
        if (g.resume[0] && g.resume[1])
            onResumed(g);
        return;
    case Phase::Commitments: {
        if (m.type != MessageType::Commitments || g.committed[std::size_t(s)])
            return unexpected();
        const int count = g.setup.players[std::size_t(s)].fleet.size();
        if (m.hashes.size() != count)
            return refuse(
                c,
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "commitments: %1 hashes for %2 models"),
                             {m.hashes.size(), count}));
        // A player that committed in the lobby: the same commitments.
        if (!g.lobbyCommitments[std::size_t(s)].isEmpty()
            && m.hashes != g.lobbyCommitments[std::size_t(s)])
            return end(
                g, QStringLiteral("player %1's commitments are not the ones of the lobby").arg(s),
                QStringLiteral("commitments: not the ones of the lobby"));
        const int first = s == 0 ? 0 : g.setup.players[0].fleet.size();
        for (int i = 0; i < count; ++i)
            g.commitments[std::size_t(first + i)] = m.hashes[i];
        g.committed[std::size_t(s)] = true;
        relay(g, s, payload);
        if (g.committed[0] && g.committed[1])
            g.phase = Phase::StartCommit;
        return;
    }
    case Phase::StartCommit:
        if (s != 0 || m.type != MessageType::DiceCommit || m.seq != 0)
            return unexpected();
        g.commit = m.bytes;
        g.phase = Phase::StartNonce;
        return relay(g, s, payload);
    case Phase::StartNonce:
        if (s != 1 || m.type != MessageType::DiceReveal || m.seq != 0)
            return unexpected();
        g.nonceB = m.bytes;
        g.phase = Phase::StartReveal;
        return relay(g, s, payload);
    case Phase::StartReveal: {
        if (s != 0 || m.type != MessageType::DiceReveal || m.seq != 0)
            return unexpected();
        if (fairdice::commitment(m.bytes) != g.commit)
            return refuse(
                c,
                DataText::of(QT_TRANSLATE_NOOP(
                    "jw::Data", "dice-reveal 0: the nonce does not match its commitment")));
        relay(g, s, payload);
        if (g.masked)
            return startMasked(g, m.bytes, g.nonceB);
        QString why;
        g.game = startExchangeGame(g.setup, g.dice, m.bytes, g.nonceB, &why);
        if (!g.game)
            return end(g, why, why);
        g.hashSeq = 0;
        g.hash = stateHash(g.game->engine(), g.game->state());
        g.hashed = {false, false};
        g.phase = Phase::Hash;
        return;
    }
    case Phase::Command: {
        const auto &sealed = g.game->sealedPending();
        if (sealed && sealed->command != next - 1)
            g.game->setSealedPending(std::nullopt); // of a command not agreed (a resume)
        const bool sealedDue = sealed && sealed->command == next - 1;
        if (m.type == MessageType::ChoiceCommit) {
            if (!g.seals)
                return refuse(c,
                              DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                             "choice-commit %1: secret choices "
                                                             "are not sealed in this game"),
                                           {m.seq}));
            if (g.game->state().toAct != s || m.seq != next)
                return unexpected();
            if (sealedDue && (sealed->sealer != s || sealed->hash != m.bytes))
                return refuse(c,
                              DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                             "choice-commit %1: not the choice "
                                                             "committed before the pause"),
                                           {next}));
            auto followUp = sealedFollowUp(*g.game);
            if (!followUp)
                return refuse(c,
                              DataText::of(QT_TRANSLATE_NOOP(
                                               "jw::Data",
                                               "choice-commit %1: the question asked now is not "
                                               "a secret choice the other player answers next"),
                                           {next}));
            relay(g, s, payload);
            g.game->setSealedPending(Game::SealedPending {next - 1, s, m.bytes, {}, {}});
            g.followUp = std::move(followUp);
            g.sealedAnswer.reset();
            g.phase = Phase::SealedAnswer;
            return;
        }
        if (m.type != MessageType::Command)
            return unexpected();
        if (g.masked && !sealedDue)
            return maskedCommand(g, c, m);
        if (!g.masked
            && (!m.reveals.empty() || !m.sealedReveals.empty() || !m.sealedHash.isEmpty()))
            return refuse(c,
                          QStringLiteral("command %1: reveals or a sealed command: this "
                                         "server does not mask hidden models")
                              .arg(m.seq));
        if (sealedDue)
            return refuse(
                c,
                DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                               "command %1: a sealed choice was committed: it is "
                                               "committed again and revealed, not sent in clear"),
                             {next}));
        DataText why;
        const std::optional<bool> dice = checkPeerCommand(*g.game, s, m.seq, *m.command, &why);
        if (!dice)
            return refuse(c, why);
        relay(g, s, payload);
        g.pending = *m.command;
        g.pendingPlayer = s;
        if (*dice) {
            g.phase = Phase::Commit;
            return;
        }
        return applyPending(g, nullptr, nullptr);
    }
    case Phase::Commit:
        if (s != g.pendingPlayer || m.type != MessageType::DiceCommit || m.seq != next)
            return unexpected();
        g.commit = m.bytes;
        g.phase = Phase::Nonce;
        return relay(g, s, payload);
    case Phase::Nonce:
        if (s == g.pendingPlayer || m.type != MessageType::DiceReveal || m.seq != next)
            return unexpected();
        g.nonceB = m.bytes;
        g.phase = Phase::Reveal;
        return relay(g, s, payload);
    case Phase::Reveal: {
        if (s != g.pendingPlayer || m.type != MessageType::DiceReveal || m.seq != next)
            return unexpected();
        if (fairdice::commitment(m.bytes) != g.commit)
            return refuse(c,
                          DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                         "dice-reveal %1: the nonce does not "
                                                         "match its commitment"),
                                       {next}));
        relay(g, s, payload);
        const QByteArray a = m.bytes;
        const QByteArray b = g.nonceB;
        return applyPending(g, &a, &b);
    }
    case Phase::MaskedReveal:
        return maskedReveal(g, c, m);
    case Phase::SealedAnswer: {
        // The other answer, in clear, judged in its question's state (the choice is sealed).
        const int sealer = g.game->sealedPending()->sealer;
        if (s == sealer || m.type != MessageType::Command || m.seq != next + 1)
            return unexpected();
        DataText why;
        if (!commandNeedsDiceAt(g.game->engine(), g.followUp->state, *m.command, &why))
            return refuse(c,
                          DataText::of(QT_TRANSLATE_NOOP("jw::Data", "command %1 (%2) refused: %3"),
                                       {m.seq, commandId(*m.command), why}));
        relay(g, s, payload);
        g.sealedAnswer = *m.command;
        g.phase = Phase::ChoiceReveal;
        return;
    }
    case Phase::ChoiceReveal: {
        const Game::SealedPending sealed = *g.game->sealedPending();
        if (s != sealed.sealer || m.type != MessageType::ChoiceReveal || m.seq != next)
            return unexpected();
        DataText why;
        if (GameFile::sealedChoiceHash(m.bytes, *m.command) != sealed.hash)
            return refuse(c,
                          DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                         "choice-reveal %1: the revealed choice "
                                                         "does not match its commitment"),
                                       {next}));
        const std::optional<bool> dice = checkPeerCommand(*g.game, s, next, *m.command, &why);
        if (!dice || *dice)
            return refuse(c,
                          !dice ? why
                                : DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                                 "choice-reveal %1: a sealed "
                                                                 "choice rolls no dice"),
                                               {next}));
        relay(g, s, payload);
        const ApplyResult r
            = applyExchangeCommand(*g.game, g.dice, *m.command, nullptr, nullptr, s, {});
        g.game->setSealedPending(std::nullopt);
        g.followUp.reset();
        if (!r.ok())
            return end(g,
                       QStringLiteral("the sealed choice %1 is refused: %2")
                           .arg(next)
                           .arg(r.rejection->message()));
        if (g.masked) {
            // A masked game's sealed choice (an answer: it names no model and reveals
            // nothing): the third party's game takes it too; the other answer goes as any
            // command of a masked game.
            const auto refused = g.third->apply(MaskedMove {*m.command, {}, {}, {}, {}, false, {}});
            if (refused || !(g.game->state() == g.third->state()))
                return end(g,
                           QStringLiteral("the sealed choice %1 is refused by the masked game: %2")
                               .arg(next)
                               .arg(refused.value_or(QStringLiteral("another state"))));
            g.sealedHash.clear();
            g.withCommand.clear();
            g.withCommandSealed.clear();
        }
        g.game->addSealedChoice(SealedChoice {next - 1, sealed.hash, m.bytes});
        log(QStringLiteral("game %1: command %2 revealed (player %3's sealed choice)")
                .arg(g.id)
                .arg(next)
                .arg(s));
        // The other answer, with its dice exchange as any command.
        g.pending = *g.sealedAnswer;
        g.pendingPlayer = 1 - s;
        g.sealedAnswer.reset();
        QString answerWhy;
        const std::optional<bool> answerDice
            = checkPeerCommand(*g.game, g.pendingPlayer, next + 1, *g.pending, &answerWhy);
        if (!answerDice)
            return end(g,
                       QStringLiteral("the answer to sealed choice %1 is refused: %2")
                           .arg(next)
                           .arg(answerWhy),
                       answerWhy);
        if (*answerDice) {
            g.phase = Phase::Commit;
            return;
        }
        return applyPending(g, nullptr, nullptr);
    }
    case Phase::Hash:
        if (m.type != MessageType::StateHash || m.seq != g.hashSeq || g.hashed[std::size_t(s)])
            return unexpected();
        relay(g, s, payload);
        if (m.bytes != g.hash)
            return end(g,
                       QStringLiteral("desync after command %1: player %2's state (hash %3) is "
                                      "not the server's (hash %4)")
                           .arg(g.hashSeq)
                           .arg(s)
                           .arg(QString::fromLatin1(m.bytes.toHex().left(16)),
                                QString::fromLatin1(g.hash.toHex().left(16))),
                       QStringLiteral("desync after command %1").arg(g.hashSeq));
        g.hashed[std::size_t(s)] = true;
        if (!g.hashed[0] || !g.hashed[1])
            return;
        publish(g, g.hashSeq);
        if (g.hashSeq > 0)
            log(QStringLiteral("game %1: command %2 agreed (player %3): %4")
                    .arg(g.id)
                    .arg(g.hashSeq)
                    .arg(g.game->history().back().player)
                    .arg(commandId(g.game->history().back().command)));
        else
            log(QStringLiteral("game %1: the start agreed").arg(g.id));
        if (g.game->state().phase == jw::Phase::Over)
            return end(g, QStringLiteral("the game is over"));
        saveSoon(g);
        g.phase = Phase::Command;
        return;
    case Phase::Open:
    case Phase::Ended:
        return unexpected();
    }
}

void ClubServer::publish(ClubGame &g, int seq, bool all)
{
    g.agreed = std::max(g.agreed, seq);
    // Spectators are m_spectatorDelay commands behind, until the game ends.
    const int upTo = all ? g.agreed : g.agreed - m_spectatorDelay;
    const bool boards = std::any_of(g.spectators.begin(), g.spectators.end(),
                                    [](const Conn *spectator) { return spectator->board; });
    for (int k = g.published + 1; k <= upTo && k < int(g.game->log().size()); ++k) {
        for (const GameEvent &e : g.game->log()[std::size_t(k)])
            for (Conn *spectator : g.spectators)
                sendTo(spectator, publicEvent(k, e));
        g.published = k;
        // The board as it stood after this command, to the spectators who asked: after each
        // command published, also when several are at once (those held back by the spectator
        // delay, at the game's end), so a spectator follows the game command by command.
        if (boards)
            if (const auto board = boardMessage(g))
                for (Conn *spectator : g.spectators)
                    if (spectator->board)
                        sendTo(spectator, *board);
    }
}

std::optional<Message> ClubServer::boardMessage(const ClubGame &g)
{
    const int seq = std::clamp(g.published, 0, int(g.game->history().size()));
    Message board = Message::clubBoard(seq, publicBoard(g.game->engine(), g.game->stateAt(seq)));
    // Within what a spectator's decoder reads (a fleet of thousands of models would not be).
    if (encodePayload(board).size() > kMaxFrameBytes) {
        log(QStringLiteral("game %1: the board after command %2 is too big for a message: not "
                           "sent to its spectators")
                .arg(g.id)
                .arg(seq));
        return std::nullopt;
    }
    return board;
}

void ClubServer::pause(ClubGame &g, int side)
{
    const int commands = int(g.game->history().size());
    // The committer gone while its reveal was due: it had seen the roll (docs/network.md,
    // "What it does not stop").
    // So is the player whose secret choice was sealed and who saw the other's answer.
    const RevealDue revealDue = g.phase == Phase::Reveal && g.pendingPlayer == side
        ? RevealDue::Dice
        : g.phase == Phase::ChoiceReveal && g.game->sealedPending()
            && g.game->sealedPending()->sealer == side
        ? RevealDue::Choice
        : RevealDue::None;
    g.sealedAnswer.reset();
    g.followUp.reset();
    g.players[std::size_t(side)] = nullptr;
    // A masked game: what the command under way revealed is forgotten (revealed again when it
    // is played again), in the game kept and saved.
    if (!forgetUnderWay(g))
        return;
    g.phase = Phase::Paused;
    g.pending.reset();
    g.hello = {false, false};
    g.hashed = {false, false};
    save(g);
    log(QStringLiteral("game %1 paused: player %2 disconnected after command %3; it resumes "
                       "when both players take their seats again")
            .arg(g.id)
            .arg(side)
            .arg(commands));
    // The other player's session pauses too (as after any drop), and comes back.
    if (Conn *other = g.players[std::size_t(1 - side)]) {
        g.players[std::size_t(1 - side)] = nullptr;
        other->game = 0;
        other->side = -1;
        other->leaving = true;
        if (other->socket)
            QMetaObject::invokeMethod(other->socket, &QTcpSocket::disconnectFromHost,
                                      Qt::QueuedConnection);
    }
    armPauseTimeout(g, side, revealDue);
    lobbyChanged();
    Q_EMIT gamePaused(g.id, commands);
}

void ClubServer::armPauseTimeout(ClubGame &g, int side, RevealDue revealDue)
{
    if (m_pauseTimeoutMs <= 0)
        return;
    {
        const int id = g.id;
        const int generation = ++g.pauses;
        QTimer::singleShot(m_pauseTimeoutMs, this, [this, id, generation, side, revealDue] {
            const auto it = m_games.find(id);
            if (it == m_games.end() || it->second->phase != Phase::Paused
                || it->second->pauses != generation)
                return; // resumed (or ended) since
            ClubGame &g = *it->second;
            const QString waited = QStringLiteral("%1 s").arg(m_pauseTimeoutMs / 1000.0);
            const bool back[2] = {g.players[0] != nullptr, g.players[1] != nullptr};
            // Who forfeits: a player who did not come back when the other did; when neither
            // did, the one who dropped with its dice reveal due (it had seen the roll).
            if (back[0] != back[1]) {
                const int gone = back[0] ? 1 : 0;
                return end(g,
                           QStringLiteral("player %1 forfeits: it did not come back within %2 "
                                          "(player %3 did)")
                               .arg(gone)
                               .arg(waited)
                               .arg(1 - gone),
                           QStringLiteral("player %1 forfeits: it did not come back").arg(gone),
                           gone);
            }
            if (revealDue == RevealDue::Choice && side >= 0 && !back[side])
                return end(g,
                           QStringLiteral("player %1 forfeits: it dropped with the reveal of its "
                                          "sealed secret choice due, after the other player's "
                                          "answer, and did not come back within %2")
                               .arg(side)
                               .arg(waited),
                           QStringLiteral("the game is abandoned"), side);
            if (revealDue == RevealDue::Dice && side >= 0 && !back[side])
                return end(g,
                           QStringLiteral("player %1 forfeits: it dropped with its dice reveal "
                                          "due and did not come back within %2")
                               .arg(side)
                               .arg(waited),
                           QStringLiteral("the game is abandoned"), side);
            end(g,
                QStringLiteral("abandoned: the players did not both come back within %1")
                    .arg(waited),
                QStringLiteral("the game is abandoned"));
        });
    }
}

void ClubServer::onResumed(ClubGame &g)
{
    // Each side goes back to the other's count (NetSession::onResume): the server too, when
    // its own state there has their hashes. It is never behind both (it applies a command
    // before the responder hears its reveal); it may be behind the committer, whose last
    // reveal was lost in the drop: that command was not agreed, and the committer goes back.
    const int have = int(g.game->history().size());
    const int to = std::min(g.resume[0]->seq, g.resume[1]->seq);
    if (to > have)
        return end(g,
                   QStringLiteral("cannot resume: both players have %1 commands, the server %2")
                       .arg(to)
                       .arg(have),
                   QStringLiteral("cannot resume"));
    for (int s = 0; s < 2; ++s) {
        const Message &r = *g.resume[std::size_t(s)];
        if (r.seq > have)
            continue; // ahead of the server: it goes back, and checks the other's hash itself
        // A masked game not over there: over the third party's view (as the players).
        const GameState &at = g.game->stateAt(r.seq);
        const QByteArray hash = g.game->maskedRecord() && at.phase != jw::Phase::Over
            ? maskedStateHash(g.game->engine(), at, g.game->maskedRecord()->commitments)
            : stateHash(g.game->engine(), at);
        if (hash != r.bytes)
            return end(g,
                       QStringLiteral("cannot resume: after command %1 player %2's state is not "
                                      "the server's (desync)")
                           .arg(r.seq)
                           .arg(s),
                       QStringLiteral("desync at command %1").arg(r.seq));
    }
    if (g.masked && (to < have || g.game->state().phase != jw::Phase::Over)) {
        // The third party's game at the last agreed command (from the whole game when the end
        // was not agreed by both): what a command not agreed revealed is forgotten.
        QString why;
        if (!restoreMasked(g, to, &why))
            return end(g, QStringLiteral("cannot resume: %1").arg(why), why);
    } else if (to < have) {
        QString why;
        auto game = rebuildExchangeGame(*g.game, to, g.dice, &why);
        if (!game)
            return end(g, QStringLiteral("cannot resume: %1").arg(why), why);
        g.game = std::move(game);
    }
    g.resume = {};
    publish(g, to);
    log(QStringLiteral("game %1 resumed after command %2").arg(g.id).arg(to));
    save(g);
    g.phase = g.game->state().phase == jw::Phase::Over ? Phase::Ended : Phase::Command;
    if (g.phase == Phase::Ended)
        end(g, QStringLiteral("the game is over"));
}

void ClubServer::applyPending(ClubGame &g, const QByteArray *a, const QByteArray *b)
{
    if (!g.masked)
        return applyPendingNow(g, a, b);
    // A masked game: its dice are known; the three rounds of reveals (the player who played
    // it, the other, the first again: NetSession::maskedDiceKnown) come before it is applied.
    g.pdice = a != nullptr;
    g.pa = a ? *a : QByteArray();
    g.pb = b ? *b : QByteArray();
    g.revealRound = 0;
    g.roundReveals = {};
    g.roundSealed = {};
    g.phase = Phase::MaskedReveal;
}

void ClubServer::applyPendingNow(ClubGame &g, const QByteArray *a, const QByteArray *b)
{
    const ApplyResult r = applyExchangeCommand(*g.game, g.dice, *g.pending, a, b, g.pendingPlayer,
                                               a ? g.commit : QByteArray());
    g.pending.reset();
    if (!r.ok()) { // refused by its dice: both players saw the same, the game waits again
        log(QStringLiteral("game %1: command refused by its dice: %2: %3")
                .arg(g.id)
                .arg(r.rejection->rule, r.rejection->message()));
        g.phase = Phase::Command;
        return;
    }
    g.hashSeq = int(g.game->history().size());
    if (g.masked) {
        if (!(g.game->state() == g.third->state()))
            return end(g,
                       QStringLiteral("after command %1 the masked game is not the third "
                                      "party's (a fault of this server)")
                           .arg(g.hashSeq));
        if (g.game->state().phase == jw::Phase::Over && !finishMasked(g))
            return;
    }
    g.hash = g.masked && g.game->state().phase != jw::Phase::Over
        ? maskedStateHash(g.game->engine(), g.game->state(), g.commitments)
        : stateHash(g.game->engine(), g.game->state());
    g.hashed = {false, false};
    g.phase = Phase::Hash;
}

// ---- Masked games (docs/network.md, "Masked games through the club server") -----

void ClubServer::startMasked(ClubGame &g, const QByteArray &a, const QByteArray &b)
{
    // The third party's game: both sides' hidden models stand-ins (the model either player
    // keeps of the other's game, MaskedView::opponentModel, with the other's cards masked
    // too), each filled in as its owner reveals it.
    g.third = MaskedView::opponentModel(MaskedView::maskedSetup(g.setup, 0), 0, g.commitments);
    QString why;
    g.game = startExchangeGame(g.third->givenSetup(), g.dice, a, b, &why);
    if (!g.game)
        return end(g, why, why);
    g.dice.use(a, b);
    const auto refused = g.third->start(g.dice);
    g.dice.clear();
    if (refused)
        return end(g, QStringLiteral("the game cannot start: %1").arg(*refused),
                   QStringLiteral("the game cannot start"));
    g.record = MaskedRecord {g.commitments, {}, {}};
    g.game->setMaskedRecord(g.record);
    g.sealedReal.clear();
    g.hashSeq = 0;
    g.hash = maskedStateHash(g.game->engine(), g.game->state(), g.commitments);
    g.hashed = {false, false};
    g.phase = Phase::Hash;
}

bool ClubServer::rebuildMasked(ClubGame &g)
{
    DataText why;
    auto rebuilt = rebuildMaskedGame(g.third->givenSetup(), *g.game, g.sealedReal, g.dice, &why);
    if (!rebuilt) {
        end(g, why.english(), why.english());
        return false;
    }
    g.game = std::move(rebuilt);
    return true;
}

bool ClubServer::restoreMasked(ClubGame &g, int commands, QString *why)
{
    DataText w;
    auto r = restoreThirdPartyGame(*g.game, commands, g.dice, &w);
    if (!r) {
        *why = w.english();
        return false;
    }
    g.game = std::move(r->game);
    g.third = std::move(r->third);
    g.record = std::move(r->record);
    g.sealedReal = std::move(r->sealedReal);
    g.commitments = g.record.commitments;
    // Nothing of a command under way is kept.
    g.pending.reset();
    g.sealedHash.clear();
    g.withCommand.clear();
    g.withCommandSealed.clear();
    g.roundReveals = {};
    g.roundSealed = {};
    g.revealRound = 0;
    g.pdice = false;
    return true;
}

bool ClubServer::forgetUnderWay(ClubGame &g)
{
    const bool underWay = g.phase == Phase::Commit || g.phase == Phase::Nonce
        || g.phase == Phase::Reveal || g.phase == Phase::MaskedReveal;
    if (!g.masked || !g.game || !g.third || !underWay)
        return true;
    QString why;
    if (restoreMasked(g, int(g.game->history().size()), &why))
        return true;
    end(g, QStringLiteral("the masked game cannot be kept at its last command: %1").arg(why),
        QStringLiteral("the masked game cannot be kept"));
    return false;
}

void ClubServer::maskedCommand(ClubGame &g, Conn *c, const Message &m)
{
    // The hidden models the command names come with it (checked against their commitments):
    // the third party's game takes them, then judges the command as a player does. Refused:
    // nothing changes.
    const int s = c->side;
    const MaskedView before = *g.third;
    const std::size_t sealedBefore = g.sealedReal.size();
    const bool reveals = !m.reveals.empty() || !m.sealedReveals.empty();
    if (reveals) {
        const MaskedMove with {*m.command, {}, m.reveals, m.sealedReveals, {}, false, {}};
        if (const auto bad = g.third->applyReveals(with))
            return refuse(
                c, DataText::of(QT_TRANSLATE_NOOP("jw::Data", "command %1: %2"), {m.seq, *bad}));
        for (const SealedReveal &r : m.sealedReveals)
            g.sealedReal.emplace_back(r.command, r.sealed);
        if (!rebuildMasked(g))
            return;
    }
    const auto *embark = std::get_if<EmbarkCommand>(&*m.command);
    DataText why;
    std::optional<bool> dice;
    if (!m.sealedHash.isEmpty() && (!embark || embark->carrier != kSealedCarrier))
        why = DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                             "command %1: a commitment with a command that is "
                                             "not a sealed Embark"),
                           {m.seq});
    else
        dice = checkPeerCommand(*g.game, s, m.seq, *m.command, &why);
    if (!dice) {
        if (reveals) {
            *g.third = before;
            g.sealedReal.resize(sealedBefore);
            if (!rebuildMasked(g))
                return;
        }
        return refuse(c, why);
    }
    relay(g, s, encodePayload(m));
    g.pending = *m.command; // as the other player's game takes it (a sealed Embark)
    g.pendingPlayer = s;
    g.sealedHash = m.sealedHash;
    g.withCommand = m.reveals;
    g.withCommandSealed = m.sealedReveals;
    if (*dice) {
        g.phase = Phase::Commit;
        return;
    }
    applyPending(g, nullptr, nullptr);
}

void ClubServer::maskedReveal(ClubGame &g, Conn *c, const Message &m)
{
    const int s = c->side;
    const int next = int(g.game->history().size()) + 1;
    const int from = g.revealRound == 1 ? 1 - g.pendingPlayer : g.pendingPlayer;
    if (s != from || m.type != MessageType::Reveal || m.seq != next)
        return refuse(
            c,
            DataText::of(QT_TRANSLATE_NOOP("jw::Data", "unexpected %1 (seq %2) from player %3 now"),
                         {messageTypeId(m.type), m.seq, s}));
    const MaskedMove theirs {*g.pending, {}, m.reveals, m.sealedReveals, {}, false, {}};
    if (const auto bad = g.third->applyReveals(theirs))
        return refuse(c,
                      DataText::of(QT_TRANSLATE_NOOP("jw::Data", "reveal %1: %2"), {m.seq, *bad}));
    for (const SealedReveal &r : m.sealedReveals)
        g.sealedReal.emplace_back(r.command, r.sealed);
    if ((!m.reveals.empty() || !m.sealedReveals.empty()) && !rebuildMasked(g))
        return;
    relay(g, s, encodePayload(m));
    g.roundReveals[std::size_t(g.revealRound)] = m.reveals;
    g.roundSealed[std::size_t(g.revealRound)] = m.sealedReveals;
    if (++g.revealRound < 3)
        return;
    // The three rounds are in: the command, on the third party's game and the server's.
    const int index = next - 1;
    std::optional<FairDiceSource> fair;
    ScriptedDiceSource none;
    if (g.pdice)
        fair.emplace(g.pa, g.pb);
    RecordingDiceSource drawn(fair ? static_cast<DiceSource &>(*fair) : none);
    if (g.game->engine().apply(g.game->state(), *g.pending, drawn).ok())
        if (const auto refused
            = g.third->apply(MaskedMove {*g.pending, drawn.drawn, {}, {}, g.sealedHash, false, {}}))
            return end(
                g,
                QStringLiteral("command %1 refused by the masked game: %2").arg(next).arg(*refused),
                QStringLiteral("command %1 refused by the masked game").arg(next));
    recordMaskedReveals(g.record, index, g.withCommand, g.withCommandSealed);
    for (std::size_t k = 0; k < 3; ++k)
        recordMaskedReveals(g.record, index, g.roundReveals[k], g.roundSealed[k]);
    if (!g.sealedHash.isEmpty())
        g.record.sealed.push_back(MaskedRecord::Sealed {index, g.sealedHash, {}});
    g.game->setMaskedRecord(g.record);
    if (const auto n
        = std::count_if(g.record.reveals.begin(), g.record.reveals.end(),
                        [&](const MaskedRecord::Reveal &r) { return r.command == index; });
        n > 0)
        log(QStringLiteral("game %1: command %2 revealed %3 hidden models")
                .arg(g.id)
                .arg(next)
                .arg(n));
    g.withCommand.clear();
    g.withCommandSealed.clear();
    const QByteArray a = g.pa, b = g.pb;
    applyPendingNow(g, g.pdice ? &a : nullptr, g.pdice ? &b : nullptr);
}

GameSetup ClubServer::seatSetup(const ClubGame &g, int side)
{
    // A player that committed in the lobby is sent the game both sides know (every hidden model
    // a stand-in) and puts its own cards back; its hello's hash is over it. A masked game's
    // other player: the other side's hidden models stand-ins. Else the whole game.
    if (!g.lobbyCommitments[std::size_t(side)].isEmpty())
        return thirdPartySetup(g.setup);
    return g.masked ? MaskedView::maskedSetup(g.setup, side) : g.setup;
}

bool ClubServer::sameFleets(const ClubGame &g, const GameSetup &revealed)
{
    // A fleet that came as commitments (a masked lobby) is the one revealed when every model's
    // reveal matched its commitment (checked as each came), the lobby's (checked after hello):
    // the same players and number of models. One that came in clear: the same fleet.
    for (std::size_t side = 0; side < 2; ++side) {
        const PlayerSetup &came = g.setup.players[side];
        const PlayerSetup &shown = revealed.players[side];
        const bool same = g.lobbyCommitments[side].isEmpty()
            ? shown == came
            : shown.name == came.name && shown.fleet.size() == came.fleet.size()
                && g.lobbyCommitments[side].size() == came.fleet.size();
        if (!same)
            return false;
    }
    return true;
}

bool ClubServer::finishMasked(ClubGame &g)
{
    // Every model is revealed at the end: the whole game, replayed from the cards revealed
    // (the setup the players agreed on as commitments), must be the masked game's; the fleets
    // revealed are the ones the players came with.
    GameSetup agreed = g.third->givenSetup();
    agreed.masked = false;
    if (hasStandIns(agreed, 0) || hasStandIns(agreed, 1) || !sameFleets(g, agreed)) {
        end(g, QStringLiteral("the fleets revealed at the end are not the players' fleets"),
            QStringLiteral("the fleets revealed at the end are not the agreed ones"));
        return false;
    }
    QString why;
    auto whole = wholeMaskedGame(agreed, *g.game, g.sealedReal, g.record, g.dice, &why);
    if (!whole) {
        end(g,
            QStringLiteral("the masked game does not end as the whole game replayed from the "
                           "cards revealed (%1)")
                .arg(why),
            QStringLiteral("the masked game does not end as the whole game"));
        return false;
    }
    g.game = std::move(whole);
    log(QStringLiteral("game %1: the masked game is over: every model revealed (%2 reveals, "
                       "%3 sealed Embarks), the whole game replayed and the same")
            .arg(g.id)
            .arg(g.record.reveals.size())
            .arg(g.record.sealed.size()));
    return true;
}

void ClubServer::saveSoon(ClubGame &g)
{
    if (!g.game || m_gamesDir.isEmpty())
        return;
    m_unsaved.insert(g.id);
    if (!m_saveTimer->isActive())
        m_saveTimer->start();
}

void ClubServer::save(ClubGame &g)
{
    m_unsaved.erase(g.id);
    if (!g.game || m_gamesDir.isEmpty())
        return;
    m_writer.waitForDone(); // an older write of this game must not come after this one
    const QString error = GameFile::write(*g.game, gamePath(g.id));
    if (!error.isEmpty())
        log(QStringLiteral("game %1: cannot save: %2").arg(g.id).arg(error));
}

void ClubServer::end(ClubGame &g, const QString &why, const QString &bye,
                     std::optional<int> forfeitBy)
{
    const int id = g.id;
    g.phase = Phase::Ended;
    // The last write of the game, after any under way (one writer thread, in order);
    // gameEnded() when it is on disk.
    m_unsaved.erase(id);
    const QString path = g.game ? gamePath(id) : QString();
    const QByteArray bytes
        = g.game && !path.isEmpty() ? GameFile::serialize(*g.game) : QByteArray();
    ++m_finished;
    if (!g.tokens[0].isEmpty()) // seats given: not taken up again
        saveSeats(g, true);
    if (!g.game && !m_gamesDir.isEmpty())
        QFile::remove(gamePath(id)); // saved open (saveOpen), withdrawn before it began
    log(QStringLiteral("game %1 ended after %2 commands: %3")
            .arg(id)
            .arg(g.game ? g.game->history().size() : 0)
            .arg(why));
    if (g.masked && !m_gamesDir.isEmpty())
        QFile::remove(fleetsPath(id)); // the hidden fleets: nothing to take up any more
    // A forfeit of a masked game: the battle needs both fleets' cards (and the Victory Points
    // they count), which the server has only when every model was revealed by then; a battle
    // with fleets the rules kept secret, or with stand-ins, is not written.
    const Game *battleGame = g.game.get();
    std::unique_ptr<Game> wholeAtForfeit;
    if (m_campaign && g.game && forfeitBy && g.masked && g.third
        && g.game->state().phase != jw::Phase::Over) {
        GameSetup agreed = g.third->givenSetup();
        agreed.masked = false;
        const bool sealedHidden
            = std::any_of(g.record.sealed.begin(), g.record.sealed.end(),
                          [](const MaskedRecord::Sealed &x) { return x.nonce.isEmpty(); });
        QString whyNot = QStringLiteral("some were still hidden");
        if (!hasStandIns(agreed, 0) && !hasStandIns(agreed, 1) && !sealedHidden
            && sameFleets(g, agreed))
            wholeAtForfeit
                = wholeMaskedGame(agreed, *g.game, g.sealedReal, g.record, g.dice, &whyNot);
        battleGame = wholeAtForfeit.get();
        if (!battleGame)
            log(QStringLiteral("game %1: the forfeit is not written into the campaign: in a "
                               "masked game (v1.2.4 hidden models) a battle needs every hidden "
                               "model revealed, and %2 (it would show what the rules keep "
                               "secret)")
                    .arg(id)
                    .arg(whyNot));
    }
    if (m_campaign && battleGame
        && (battleGame->state().phase == jw::Phase::Over || forfeitBy.has_value())) {
        // A forfeit is a battle too: the player who stayed wins, where the game stopped.
        const QString name = QStringLiteral("club game %1").arg(id);
        const BattleImport imported = battleGame->state().phase == jw::Phase::Over
            ? battleFromGame(*battleGame, QDate::currentDate(), name)
            : battleFromForfeit(*battleGame, QDate::currentDate(), name, 1 - *forfeitBy,
                                QStringLiteral("Forfeit (club game %1, after %2 commands): %3")
                                    .arg(id)
                                    .arg(g.game->history().size())
                                    .arg(why));
        if (!imported.ok()) {
            log(QStringLiteral("game %1: not written into the campaign: %2")
                    .arg(id)
                    .arg(imported.errorText()));
        } else {
            const auto added = m_campaign->addBattle(*imported.battle);
            if (added.ok())
                log(QStringLiteral("game %1 written into the campaign as battle %2")
                        .arg(id)
                        .arg(added.value.battle.id));
            else
                log(QStringLiteral("game %1: not written into the campaign: %2")
                        .arg(id)
                        .arg(added.error.message));
        }
    }
    for (Conn *p : g.players) {
        if (!p)
            continue;
        if (!bye.isEmpty())
            sendTo(p, Message::withText(MessageType::Bye, bye.left(kMaxChatChars)));
        p->game = 0;
        p->side = -1;
    }
    if (g.game)
        publish(g, g.agreed, true); // what was held back
    for (Conn *spectator : g.spectators) {
        sendTo(spectator, Message::withText(MessageType::Bye, why.left(kMaxChatChars)));
        spectator->watching = 0;
        if (spectator->socket)
            spectator->socket->disconnectFromHost();
    }
    m_games.erase(id); // g is gone
    lobbyChanged();
    if (bytes.isEmpty()) {
        Q_EMIT gameEnded(id, path, why);
        return;
    }
    m_writer.start([this, id, bytes, path, why] {
        const QString error = io::writeFile(path, bytes);
        QMetaObject::invokeMethod(
            this,
            [this, id, path, why, error] {
                if (!error.isEmpty())
                    log(QStringLiteral("game %1: cannot save: %2").arg(id).arg(error));
                Q_EMIT gameEnded(id, error.isEmpty() ? path : QString(), why);
            },
            Qt::QueuedConnection);
    });
}

void ClubServer::shutdown(int graceMs)
{
    m_closing = true;
    if (m_server)
        m_server->close();
    log(QStringLiteral("shutting down: %1 games under way, %2 open")
            .arg(runningGames())
            .arg(openGames()));
    std::vector<int> ids;
    for (const auto &[id, g] : m_games)
        ids.push_back(id);
    for (int id : ids) {
        ClubGame &g = *m_games.at(id);
        if (g.phase == Phase::Open) {
            Conn *creator = g.players[0];
            if (!creator) {
                // Taken up at the start, its creator not back since: withdrawn now (a game
                // whose creator does not come back is not kept for ever).
                log(QStringLiteral("game %1 withdrawn: its creator did not take it back").arg(id));
                forgetOpen(g);
                m_games.erase(id);
                continue;
            }
            // Kept (saved, a seats file `open`) when its creator can take it back after the
            // restart (kFeatureOpenSeat).
            if (!m_gamesDir.isEmpty() && creator->openSeat) {
                const QString error = saveOpen(g); // saved at its creation: again, to be sure
                if (error.isEmpty()) {
                    log(QStringLiteral("game %1 saved, open: the server shut down; it is open "
                                       "again when the server starts again on %2 and its "
                                       "creator takes it back")
                            .arg(id)
                            .arg(m_gamesDir));
                    sendTo(creator,
                           Message::withText(MessageType::Bye,
                                             QStringLiteral("the server is shutting down; game "
                                                            "%1 is saved: take your seat again "
                                                            "when it is back")
                                                 .arg(id)));
                    creator->game = 0;
                    creator->side = -1;
                    m_games.erase(id);
                    continue;
                }
                log(QStringLiteral("game %1: cannot save: %2").arg(id).arg(error));
            }
            m_games.erase(id);
            continue;
        }
        if (g.game && !m_gamesDir.isEmpty()) {
            // Under way, and saved: taken up by the server started again on this folder
            // (takeUpSavedGames); its players take their seats again with their tokens. A
            // masked game is saved as its third party's game at its last command (what a
            // command under way revealed forgotten), its fleets beside it.
            if (!forgetUnderWay(g))
                continue;
            save(g);
            log(QStringLiteral("game %1 saved after command %2: the server shut down; it is "
                               "taken up when the server starts again on %3")
                    .arg(id)
                    .arg(g.game->history().size())
                    .arg(m_gamesDir));
            for (Conn *p : g.players)
                if (p) {
                    sendTo(p,
                           Message::withText(MessageType::Bye,
                                             QStringLiteral("the server is shutting down; game "
                                                            "%1 is saved: take your seat again "
                                                            "when it is back")
                                                 .arg(id)));
                    p->game = 0;
                    p->side = -1;
                }
            for (Conn *spectator : g.spectators) {
                sendTo(spectator,
                       Message::withText(MessageType::Bye, QStringLiteral("the server shut down")));
                spectator->watching = 0;
            }
            m_games.erase(id);
            continue;
        }
        end(g, QStringLiteral("the server shut down"),
            QStringLiteral("the server is shutting down"));
    }
    for (auto &[socket, c] : m_conns)
        if (c->lobbyWatch)
            sendTo(c.get(),
                   Message::withText(MessageType::Bye, QStringLiteral("the server shut down")));
    if (m_conns.empty()) {
        m_closedEmitted = true;
        m_writer.waitForDone(); // every game on disk
        QTimer::singleShot(0, this, &ClubServer::closed);
        return;
    }
    // A socket may close at once (its disconnected() erases its connection): a copy first.
    std::vector<QPointer<QTcpSocket>> sockets;
    for (auto &[socket, conn] : m_conns)
        sockets.push_back(conn->socket);
    for (const QPointer<QTcpSocket> &socket : sockets)
        if (socket) {
            socket->flush();
            socket->disconnectFromHost();
        }
    QTimer::singleShot(graceMs, this, [this] {
        if (m_closedEmitted)
            return;
        for (auto &[socket, conn] : m_conns)
            if (conn->socket) {
                conn->idle->stop();
                conn->throttle->stop();
                conn->socket->disconnect(this);
                conn->socket->abort();
                conn->socket->deleteLater();
            }
        m_conns.clear(); // after the loop: abort() emits nothing here (disconnected first)
        m_closedEmitted = true;
        m_writer.waitForDone(); // every game on disk
        Q_EMIT closed();
    });
}

} // namespace jw::net
