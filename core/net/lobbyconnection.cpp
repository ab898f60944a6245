// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/lobbyconnection.h"

#include <QTcpSocket>
#include <QtEndian>

namespace jw::net {

LobbyConnection::LobbyConnection(const DataText &peer, QObject *parent)
    : QObject(parent)
    , m_peer(peer)
{ }

LobbyConnection::~LobbyConnection()
{
    abort();
}

void LobbyConnection::connectTo(const QString &host, quint16 port)
{
    abort();
    auto *s = new QTcpSocket(this);
    m_socket = s;
    connect(s, &QTcpSocket::connected, this, &LobbyConnection::connected);
    connect(s, &QTcpSocket::readyRead, this, &LobbyConnection::onReadyRead);
    connect(s, &QTcpSocket::errorOccurred, this, [this, s](QAbstractSocket::SocketError) {
        if (m_socket == s)
            fail(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "cannot connect to %1: %2"),
                              {m_peer, s->errorString()}));
    });
    connect(s, &QTcpSocket::disconnected, this, [this, s] {
        if (m_socket == s)
            fail(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1 closed the connection"), {m_peer}));
    });
    s->connectToHost(host, port);
}

void LobbyConnection::send(const Message &message)
{
    if (m_socket)
        m_socket->write(encodeFrame(message));
}

QTcpSocket *LobbyConnection::release()
{
    QTcpSocket *s = m_socket;
    m_socket = nullptr;
    if (s)
        s->disconnect(this);
    return s;
}

QTcpSocket *LobbyConnection::take()
{
    QTcpSocket *s = release();
    if (!s)
        return nullptr;
    s->setParent(nullptr);
    // What followed the last message read (the other side's hello) is its new reader's.
    if (s->bytesAvailable() > 0)
        QMetaObject::invokeMethod(s, &QTcpSocket::readyRead, Qt::QueuedConnection);
    return s;
}

void LobbyConnection::abort()
{
    if (QTcpSocket *s = release()) {
        s->abort();
        s->deleteLater();
    }
}

void LobbyConnection::finish()
{
    if (QTcpSocket *s = release()) {
        s->disconnectFromHost();
        s->deleteLater();
    }
}

void LobbyConnection::fail(const DataText &why)
{
    abort();
    Q_EMIT failed(why.english(), why.translated());
}

void LobbyConnection::onReadyRead()
{
    while (m_socket) {
        DataText error;
        const std::optional<QByteArray> payload = nextFrame(m_socket, &error);
        if (!error.isEmpty())
            return fail(
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1's answer: %2"), {m_peer, error}));
        if (!payload)
            return;
        const Decoded d = decodePayload(*payload);
        if (!d.message)
            return fail(
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1's answer: %2"), {m_peer, d.why}));
        Q_EMIT message(*d.message); // may take, abort or finish: the loop then stops
    }
}

std::optional<QByteArray> LobbyConnection::nextFrame(QTcpSocket *socket, DataText *error)
{
    if (socket->bytesAvailable() < 4)
        return std::nullopt;
    const QByteArray head = socket->peek(4);
    if (head.size() < 4)
        return std::nullopt;
    const quint32 length = qFromBigEndian<quint32>(head.constData());
    if (length > quint32(kMaxFrameBytes)) {
        *error = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "a message of %1 bytes: at most %2"),
                              {length, kMaxFrameBytes});
        return std::nullopt;
    }
    if (socket->bytesAvailable() < 4 + qint64(length))
        return std::nullopt;
    (void)socket->read(4);
    return socket->read(qint64(length));
}

} // namespace jw::net
