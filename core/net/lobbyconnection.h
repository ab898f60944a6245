// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "net/protocol.h"

#include <QObject>
#include <QPointer>
#include <QTcpSocket>

#include <optional>

namespace jw::net {

// The asking side of a lobby (NetLobby::join, ClubClient): connects to a host, reads its
// answers one message at a time and never past the lobby's last (what follows on the socket
// is a NetSession's: take() hands the socket on), and fails once, with why: it cannot connect,
// the other side closed the connection, or an answer is not the protocol. The reply timeout
// stays with the owner (what it waits for is the owner's to say).
class LobbyConnection : public QObject
{
    Q_OBJECT
public:
    // `peer` names the other side in the reasons: "the club server", "the host".
    explicit LobbyConnection(const DataText &peer, QObject *parent = nullptr);
    ~LobbyConnection() override;

    void connectTo(const QString &host, quint16 port);
    [[nodiscard]] bool isOpen() const { return m_socket != nullptr; }
    void send(const Message &message);
    // Hands the socket on (to a NetSession): nothing more is read or signalled here, it has no
    // parent, and what already came after the last message read is announced again
    // (readyRead, queued) to its new reader. Null when there is no connection.
    [[nodiscard]] QTcpSocket *take();
    // Closes the connection at once (nothing more is signalled).
    void abort();
    // Closes it after what was sent is written (nothing more is signalled).
    void finish();

    // The next whole frame on `socket` (its length prefix read too), or nullopt while
    // incomplete; `error` set for a frame over the cap. Reads one frame only: what follows
    // stays on the socket. (NetLobby's host side reads its joiner with it too.)
    [[nodiscard]] static std::optional<QByteArray> nextFrame(QTcpSocket *socket, DataText *error);

Q_SIGNALS:
    void connected();
    // One message of the other side; a receiver may take(), abort() or finish() at once: no
    // message after it is read then.
    void message(const jw::net::Message &message);
    // Once; the connection is closed by then. Why, in English (the CLI, logs) and in the
    // user's language (the GUI).
    void failed(const QString &why, const QString &localWhy);

private:
    void onReadyRead();
    void fail(const DataText &why);
    QTcpSocket *release(); // forgets the socket: no more signals from it

    DataText m_peer;
    QPointer<QTcpSocket> m_socket;
};

} // namespace jw::net
