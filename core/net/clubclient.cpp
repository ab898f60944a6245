// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/clubclient.h"

#include "engine/gamefile.h"
#include "fleet/fleetfile.h"
#include "net/netlobby.h"

#include <QElapsedTimer>
#include <QTcpSocket>

namespace jw::net {

ClubClient::ClubClient(QObject *parent)
    : QObject(parent)
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        fail(m_mode == Mode::Join && m_id == 0
                 ? QStringLiteral("no open game on the server within %1 ms").arg(m_timeoutMs)
                 : QStringLiteral("the server did not answer within %1 ms").arg(m_timeoutMs));
    });
}

ClubClient::~ClubClient() = default;

void ClubClient::create(const QString &host, quint16 port, const GameSetup &setup)
{
    m_mode = Mode::Create;
    m_setup = setup;
    connectTo(host, port);
}

void ClubClient::join(const QString &host, quint16 port, int id, const QString &name,
                      const Fleet &fleet)
{
    m_mode = Mode::Join;
    m_id = id;
    m_name = name;
    m_fleet = fleet;
    connectTo(host, port);
}

void ClubClient::rejoin(const QString &host, quint16 port, int id, int side,
                        const QByteArray &token)
{
    m_mode = Mode::Rejoin;
    m_id = id;
    m_side = side;
    m_token = token;
    connectTo(host, port);
}

void ClubClient::watch(const QString &host, quint16 port, int id, bool board)
{
    m_mode = Mode::Watch;
    m_id = id;
    m_board = board;
    connectTo(host, port);
}

void ClubClient::list(const QString &host, quint16 port, bool all)
{
    m_mode = Mode::List;
    m_all = all;
    connectTo(host, port);
}

void ClubClient::send(const Message &m)
{
    if (m_socket)
        m_socket->write(encodeFrame(m));
}

void ClubClient::connectTo(const QString &host, quint16 port)
{
    auto *s = new QTcpSocket(this);
    m_socket = s;
    connect(s, &QTcpSocket::connected, this, [this] {
        switch (m_mode) {
        case Mode::Create:
            send(Message::clubCreate(GameFile::serialize(Game(m_setup))));
            break;
        case Mode::Join:
            if (m_id > 0)
                send(Message::clubJoin(m_id, m_name,
                                       QString::fromUtf8(FleetFile::serialize(m_fleet))));
            else
                send(Message::clubList());
            break;
        case Mode::Rejoin:
            send(Message::clubRejoin(m_id, m_side, m_token));
            break;
        case Mode::Watch:
            send(Message::clubWatch(m_id, m_board));
            m_timer.stop(); // a game lasts as long as it lasts
            break;
        case Mode::List:
            send(Message::clubList(m_all, m_all));
            break;
        }
    });
    connect(s, &QTcpSocket::readyRead, this, &ClubClient::onReadyRead);
    connect(s, &QTcpSocket::errorOccurred, this, [this, s](QAbstractSocket::SocketError) {
        if (m_socket == s)
            fail(QStringLiteral("cannot connect to the club server: %1").arg(s->errorString()));
    });
    connect(s, &QTcpSocket::disconnected, this, [this, s] {
        if (m_socket == s)
            fail(QStringLiteral("the club server closed the connection"));
    });
    s->connectToHost(host, port);
    m_timer.start(m_timeoutMs);
}

void ClubClient::fail(const QString &why)
{
    m_timer.stop();
    if (QTcpSocket *s = m_socket) {
        m_socket = nullptr;
        s->disconnect(this);
        s->abort();
        s->deleteLater();
    }
    Q_EMIT failed(why);
}

void ClubClient::onReadyRead()
{
    while (m_socket) {
        QString error;
        const std::optional<QByteArray> payload = NetLobby::nextFrame(m_socket, &error);
        if (!error.isEmpty())
            return fail(QStringLiteral("the club server's answer: %1").arg(error));
        if (!payload)
            return;
        const Decoded d = decodePayload(*payload);
        if (!d.message)
            return fail(QStringLiteral("the club server's answer: %1").arg(d.error));
        const Message &m = *d.message;
        if (m_mode == Mode::Watch && m.type == MessageType::ClubEvent) {
            Q_EMIT publicEvent(m.seq, m.name, m.text, m.player);
            continue;
        }
        if (m_mode == Mode::Watch && m.type == MessageType::ClubBoard && m_board) {
            Q_EMIT board(m.seq, m.board);
            continue;
        }
        // An older server refuses the optional fields it does not know: asked again without.
        if (m.type == MessageType::Error && m_mode == Mode::List && m_all
            && m.text.contains(QLatin1String("unknown field"))) {
            m_all = false;
            send(Message::clubList());
            continue;
        }
        if (m.type == MessageType::Error && m_mode == Mode::Watch && m_board
            && m.text.contains(QLatin1String("unknown field 'board'"))) {
            m_board = false;
            send(Message::clubWatch(m_id));
            Q_EMIT noBoard(m.text);
            continue;
        }
        if (m_mode == Mode::Watch && m.type == MessageType::Bye) {
            QTcpSocket *s = m_socket;
            m_socket = nullptr;
            s->disconnect(this);
            s->deleteLater();
            Q_EMIT watchEnded(m.text);
            return;
        }
        if (m.type == MessageType::Error || m.type == MessageType::Bye)
            return fail(QStringLiteral("the club server refused: %1").arg(m.text));
        switch (m.type) {
        case MessageType::ClubCreated:
            if (m_mode != Mode::Create)
                return fail(QStringLiteral("the club server answered club-created unasked"));
            m_id = m.id;
            m_timer.stop(); // waiting for a joiner takes as long as it takes
            Q_EMIT created(m.id);
            continue;
        case MessageType::ClubGames:
            if (m_mode == Mode::List) {
                m_timer.stop();
                QTcpSocket *s = m_socket;
                m_socket = nullptr;
                s->disconnect(this);
                s->disconnectFromHost();
                s->deleteLater();
                Q_EMIT games(m.games);
                return;
            }
            if (m_mode == Mode::Join && m_id == 0) {
                if (m.games.empty()) { // none yet: ask again soon, until the timeout
                    QTimer::singleShot(100, this, [this] {
                        if (m_socket)
                            send(Message::clubList());
                    });
                    continue;
                }
                m_id = m.games.front().id;
                send(Message::clubJoin(m_id, m_name,
                                       QString::fromUtf8(FleetFile::serialize(m_fleet))));
                continue;
            }
            return fail(QStringLiteral("the club server answered club-games unasked"));
        case MessageType::ClubSeat:
            if (m_mode == Mode::List || m_mode == Mode::Watch)
                return fail(QStringLiteral("the club server sent a seat unasked"));
            m_id = m.id;
            m_token = m.bytes;
            continue;
        case MessageType::GameSetup: {
            if (m_mode == Mode::List || (m_mode == Mode::Create && m_id == 0))
                return fail(QStringLiteral("the club server sent a game unasked"));
            const GameFile::Loaded loaded
                = GameFile::parse(m.game, QStringLiteral("the club server's game"));
            if (!loaded.game)
                return fail(loaded.error);
            if (!loaded.game->history().empty())
                return fail(QStringLiteral("the club server's game has commands already"));
            m_timer.stop();
            QTcpSocket *s = m_socket;
            m_socket = nullptr;
            s->disconnect(this);
            s->setParent(nullptr);
            const GameSetup setup = loaded.game->setup();
            Q_EMIT ready(setup,
                         m_mode == Mode::Create       ? 0
                             : m_mode == Mode::Rejoin ? m_side
                                                      : 1,
                         s);
            // What followed the answer (the other player's hello) is the session's.
            if (s->bytesAvailable() > 0)
                QMetaObject::invokeMethod(s, &QTcpSocket::readyRead, Qt::QueuedConnection);
            return;
        }
        default:
            return fail(QStringLiteral("the club server answered %1").arg(messageTypeId(m.type)));
        }
    }
}

} // namespace jw::net
