// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/netlobby.h"

#include "engine/gamefile.h"
#include "fleet/fleetfile.h"
#include "net/lobbyconnection.h"
#include "net/protocol.h"

#include <QTcpServer>
#include <QTcpSocket>

namespace jw::net {

NetLobby::NetLobby(QObject *parent)
    : QObject(parent)
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        if (m_server)
            refusePeer(
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the joiner said nothing within %1 ms"),
                             {m_timeoutMs}));
        else
            fail(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the host did not answer within %1 ms"),
                              {m_timeoutMs}));
    });
}

NetLobby::~NetLobby() = default;

bool NetLobby::host(quint16 port, MakeSetup make, QString *error)
{
    DataText why;
    const bool ok = host(port, std::move(make), &why);
    if (!ok && error)
        *error = why.english();
    return ok;
}

bool NetLobby::host(quint16 port, MakeSetup make, DataText *error)
{
    m_make = std::move(make);
    m_server = new QTcpServer(this);
    if (!m_server->listen(QHostAddress::Any, port)) {
        if (error)
            *error = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "cannot listen on port %1: %2"),
                                  {port, m_server->errorString()});
        delete m_server;
        m_server = nullptr;
        return false;
    }
    connect(m_server, &QTcpServer::newConnection, this, [this] {
        while (QTcpSocket *s = m_server->nextPendingConnection()) {
            if (m_started) { // the game is under way: the peer coming back
                s->setParent(nullptr);
                Q_EMIT reconnected(s);
                continue;
            }
            if (m_saved) { // a saved game: no lobby, the peer's session speaks first (hello)
                m_started = true;
                s->setParent(nullptr);
                s->setSocketOption(QAbstractSocket::LowDelayOption, 1);
                Q_EMIT ready(m_saved->first, m_saved->second, s);
                continue;
            }
            if (m_socket) { // one joiner at a time
                s->write(encodeFrame(Message::withText(
                    MessageType::Bye, QStringLiteral("another player is joining this game"))));
                s->disconnectFromHost();
                connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
                continue;
            }
            m_socket = s;
            connect(s, &QTcpSocket::readyRead, this, &NetLobby::onHostReadyRead);
            connect(s, &QTcpSocket::disconnected, this, [this, s] {
                if (m_socket == s) {
                    m_timer.stop();
                    m_socket = nullptr;
                    s->deleteLater();
                }
            });
            m_timer.start(m_timeoutMs);
            if (s->bytesAvailable() > 0)
                onHostReadyRead();
        }
    });
    return true;
}

bool NetLobby::hostSaved(quint16 port, const GameSetup &setup, int side, QString *error)
{
    m_saved = std::make_pair(setup, side);
    return host(port, {}, error);
}

void NetLobby::joinSaved(const QString &host, quint16 port, const GameSetup &setup, int side)
{
    auto *s = new QTcpSocket(this);
    m_savedLink = s;
    connect(s, &QTcpSocket::connected, this, [this, s, setup, side] {
        m_timer.stop();
        m_savedLink = nullptr;
        s->disconnect(this);
        s->setParent(nullptr);
        s->setSocketOption(QAbstractSocket::LowDelayOption, 1);
        Q_EMIT ready(setup, side, s);
    });
    connect(s, &QTcpSocket::errorOccurred, this, [this, s] {
        fail(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "cannot connect to the host: %1"),
                          {s->errorString()}));
    });
    m_timer.start(m_timeoutMs);
    s->connectToHost(host, port);
}

quint16 NetLobby::serverPort() const
{
    return m_server ? m_server->serverPort() : 0;
}

void NetLobby::close()
{
    m_timer.stop();
    if (QTcpSocket *s = m_savedLink) {
        m_savedLink = nullptr;
        s->disconnect(this);
        s->abort();
        s->deleteLater();
    }
    if (m_link)
        m_link->abort();
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->abort();
        m_socket->deleteLater();
        m_socket = nullptr;
    }
    if (m_server) {
        m_server->close();
        m_server->deleteLater();
        m_server = nullptr;
    }
}

void NetLobby::refusePeer(const DataText &why)
{
    m_timer.stop();
    if (QTcpSocket *s = m_socket) {
        m_socket = nullptr;
        s->disconnect(this);
        s->write(
            encodeFrame(Message::withText(MessageType::Error, why.english().left(kMaxChatChars))));
        s->disconnectFromHost();
        connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
        if (s->state() == QAbstractSocket::UnconnectedState)
            s->deleteLater();
    }
    Q_EMIT peerRefused(why.english(), why.translated());
}

void NetLobby::onHostReadyRead()
{
    if (!m_socket)
        return;
    DataText error;
    const std::optional<QByteArray> payload = LobbyConnection::nextFrame(m_socket, &error);
    if (!error.isEmpty())
        return refusePeer(error);
    if (!payload)
        return;
    const Decoded d = decodePayload(*payload);
    if (!d.message)
        return refusePeer(d.why);
    if (d.message->type != MessageType::Join)
        return refusePeer(DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                         "this host expects a join (a player's "
                                                         "name and fleet) first, not %1"),
                                       {messageTypeId(d.message->type)}));
    const FleetFileResult fleet
        = FleetFile::parse(d.message->text.toUtf8(), QStringLiteral("the joiner's fleet"));
    if (!fleet.ok())
        return refusePeer(DataText::localized(fleet.errorText(), fleet.localErrorText()));
    QString why;
    const std::optional<GameSetup> setup = m_make(d.message->name, *fleet.fleet, &why);
    if (!setup)
        return refusePeer(why.isEmpty() ? DataText::of(
                              QT_TRANSLATE_NOOP("jw::Data", "the host refused the fleet"))
                                        : DataText(why));
    m_timer.stop();
    QTcpSocket *s = m_socket;
    m_socket = nullptr;
    s->disconnect(this);
    s->write(encodeFrame(Message::gameSetup(GameFile::serialize(Game(*setup)))));
    m_started = true;
    s->setParent(nullptr);
    Q_EMIT ready(*setup, 0, s);
}

void NetLobby::join(const QString &host, quint16 port, const QString &name, const Fleet &fleet)
{
    m_name = name;
    m_fleet = fleet;
    if (m_link) { // a second try: the first connection goes
        m_link->disconnect(this);
        m_link->abort();
        m_link->deleteLater();
    }
    m_link = new LobbyConnection(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the host")), this);
    connect(m_link, &LobbyConnection::connected, this, [this] {
        m_link->send(Message::join(m_name, QString::fromUtf8(FleetFile::serialize(m_fleet))));
        m_timer.start(m_timeoutMs);
    });
    connect(m_link, &LobbyConnection::message, this, &NetLobby::onJoinMessage);
    connect(m_link, &LobbyConnection::failed, this,
            [this](const QString &why, const QString &local) {
                fail(DataText::localized(why, local));
            });
    m_link->connectTo(host, port);
    m_timer.start(m_timeoutMs);
}

void NetLobby::fail(const DataText &why)
{
    m_timer.stop();
    if (m_link)
        m_link->abort();
    if (QTcpSocket *s = m_savedLink) {
        m_savedLink = nullptr;
        s->disconnect(this);
        s->abort();
        s->deleteLater();
    }
    Q_EMIT failed(why.english(), why.translated());
}

void NetLobby::onJoinMessage(const Message &m)
{
    if (m.type == MessageType::Error || m.type == MessageType::Bye)
        return fail(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the host refused: %1"), {m.text}));
    if (m.type != MessageType::GameSetup)
        return fail(
            DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the host answered %1, not the game"),
                         {messageTypeId(m.type)}));
    const GameFile::Loaded loaded = GameFile::parse(m.game, QStringLiteral("the host's game"));
    if (!loaded.game)
        return fail(DataText::localized(loaded.error, loaded.localError()));
    if (!loaded.game->history().empty())
        return fail(DataText::of(
            QT_TRANSLATE_NOOP("jw::Data", "the host's game has commands already: not a new game")));
    m_timer.stop();
    // What the host sent after its answer (its hello) is the session's.
    QTcpSocket *s = m_link->take();
    const GameSetup setup = loaded.game->setup();
    Q_EMIT ready(setup, 1, s);
}

} // namespace jw::net
