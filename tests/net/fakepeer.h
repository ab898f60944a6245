// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "net/protocol.h"

#include <QTcpSocket>
#include <QTest>

#include <deque>
#include <optional>

namespace jw::net::test {

using NetMessage = jw::net::Message;

// A peer or club client written by hand: speaks the protocol message by message, for
// the tests of the session (tst_net) and of the club server (tst_clubserver).
class FakePeer
{
public:
    explicit FakePeer(quint16 port)
    {
        QObject::connect(&m_socket, &QTcpSocket::readyRead, [this] {
            for (const FrameReader::Item &i : m_reader.feed(m_socket.readAll())) {
                const Decoded d = decodePayload(i.payload);
                if (d.message)
                    m_inbox.push_back(*d.message);
            }
        });
        m_socket.connectToHost(QStringLiteral("127.0.0.1"), port);
    }
    bool connected()
    {
        return QTest::qWaitFor([&] { return m_socket.state() == QAbstractSocket::ConnectedState; },
                               5000);
    }
    void send(const NetMessage &m) { sendRaw(encodeFrame(m)); }
    void sendRaw(const QByteArray &bytes)
    {
        m_socket.write(bytes);
        m_socket.flush();
    }
    std::optional<NetMessage> next(int ms = 5000)
    {
        if (!QTest::qWaitFor([&] { return !m_inbox.empty(); }, ms))
            return std::nullopt;
        NetMessage m = m_inbox.front();
        m_inbox.pop_front();
        return m;
    }
    // The next message of `type` (errors and the like before it are dropped).
    std::optional<NetMessage> nextOf(MessageType type)
    {
        while (auto m = next())
            if (m->type == type)
                return m;
        return std::nullopt;
    }
    // The next message, which must be of `type`.
    std::optional<NetMessage> expect(MessageType type)
    {
        auto m = next();
        if (!m || m->type != type) {
            qWarning("expected %s, got %s", qPrintable(messageTypeId(type)),
                     m ? qPrintable(messageTypeId(m->type) + QLatin1Char(' ') + m->text)
                       : "nothing");
            return std::nullopt;
        }
        return m;
    }
    bool quiet(int ms = 200)
    {
        return !QTest::qWaitFor([&] { return !m_inbox.empty(); }, ms);
    }
    QTcpSocket m_socket;

private:
    FrameReader m_reader;
    std::deque<NetMessage> m_inbox;
};

} // namespace jw::net::test
