// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "net/protocol.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QTimer>

#include <array>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace jw::net::test {

using NetMessage = jw::net::Message;

// Waits for `done` with the event loop running (QTest::qWaitFor sleeps 10 ms between its
// rounds of events: with the server and players in the process, a command of a masked game
// is some thirty hops, and so about 400 ms instead of a few). Unlike qWaitFor it does not
// deliver deferred deletes between rounds: a wait for an object's deletion needs qWaitFor.
inline bool waitUntil(const std::function<bool()> &done, int ms)
{
    if (done())
        return true;
    QElapsedTimer clock;
    clock.start();
    QEventLoop loop;
    QTimer poll;
    poll.setInterval(20);
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (done() || clock.elapsed() > ms)
            loop.quit();
    });
    poll.start();
    loop.exec();
    return done();
}

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

// A TCP relay between a client and a listening peer that records every frame, in the order
// it passed, with its direction (0: from the client, 1: to it).
class Tap : public QObject
{
public:
    struct Frame
    {
        int from = 0;
        NetMessage message;
        QByteArray payload; // as it passed
    };
    explicit Tap(quint16 target)
        : m_target(target)
    {
        m_server.listen(QHostAddress::LocalHost, 0);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            QTcpSocket *in = m_server.nextPendingConnection();
            auto *out = new QTcpSocket(this);
            // Small frames in lockstep, as the programs it sits between send them: without
            // this, Nagle's algorithm and delayed acknowledgements hold each frame ~40 ms.
            in->setSocketOption(QAbstractSocket::LowDelayOption, 1);
            connect(out, &QTcpSocket::connected, this,
                    [out] { out->setSocketOption(QAbstractSocket::LowDelayOption, 1); });
            auto readers = std::make_shared<std::array<FrameReader, 2>>();
            auto pass = [this, readers](QTcpSocket *from, QTcpSocket *to, int dir) {
                const QByteArray bytes = from->readAll();
                for (const FrameReader::Item &i : (*readers)[std::size_t(dir)].feed(bytes))
                    if (const Decoded d = decodePayload(i.payload); d.message)
                        frames.push_back(Frame {dir, *d.message, i.payload});
                to->write(bytes);
            };
            connect(in, &QTcpSocket::readyRead, this, [=] { pass(in, out, 0); });
            connect(out, &QTcpSocket::readyRead, this, [=] { pass(out, in, 1); });
            connect(out, &QTcpSocket::connected, this, [=] { pass(in, out, 0); });
            connect(in, &QTcpSocket::disconnected, out, &QTcpSocket::disconnectFromHost);
            connect(out, &QTcpSocket::disconnected, in, &QTcpSocket::disconnectFromHost);
            out->connectToHost(QHostAddress::LocalHost, m_target);
        });
    }
    [[nodiscard]] quint16 port() const { return m_server.serverPort(); }
    // The index of the first frame of `type` with `seq` sent by `from`; -1: none.
    [[nodiscard]] int indexOf(int from, MessageType type, int seq) const
    {
        for (std::size_t i = 0; i < frames.size(); ++i)
            if (frames[i].from == from && frames[i].message.type == type
                && frames[i].message.seq == seq)
                return int(i);
        return -1;
    }
    std::vector<Frame> frames;

private:
    QTcpServer m_server;
    quint16 m_target = 0;
};

} // namespace jw::net::test
