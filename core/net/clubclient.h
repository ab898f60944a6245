// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/gamesetup.h"
#include "fleet/fleet.h"
#include "net/lobbyconnection.h"
#include "net/netlobby.h"
#include "net/protocol.h"

#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <optional>

class QTcpSocket;

namespace jw::net {

// A client of a club server's lobby (ClubServer, docs/network.md): creates a game, or
// lists the open games and joins one, then hands the connection to a NetSession (ready()).
// Frames are read one at a time and never past the game-setup: what follows on the socket
// (the other player's hello, relayed) is the session's.
class ClubClient : public QObject
{
    Q_OBJECT
public:
    explicit ClubClient(QObject *parent = nullptr);
    ~ClubClient() override;

    // Creates a game of `setup` (its player 0 is ours; player 1's name and fleet are the
    // joiner's): created(id), then ready() when someone joins (no time limit).
    void create(const QString &host, quint16 port, const GameSetup &setup);
    // Joins open game `id` (0: the first open game, waiting for one up to the reply
    // timeout) with `name` and `fleet`: ready() as player 1.
    void join(const QString &host, quint16 port, int id, const QString &name, const Fleet &fleet);
    // Takes seat `side` of game `id` again after a drop (the game paused): ready(), then the
    // session resumes (NetSession::resume). Seat 0 of a game still open when the server
    // restarted (its token: the club-seat that came after club-created): created(id) again,
    // then ready() when someone joins, as after create().
    void rejoin(const QString &host, quint16 port, int id, int side, const QByteArray &token);
    // The game's number (created, joined or rejoined; 0 before).
    [[nodiscard]] int id() const { return m_id; }
    // The seat's token the server gave (club-seat; 32 bytes): club-rejoin asks for it. A
    // creator's from its game's creation on, when the server sends it then (kFeatureOpenSeat).
    [[nodiscard]] QByteArray token() const { return m_token; }
    // Spectates game `id`: publicEvent() for each public event of its agreed commands (those
    // so far first), then watchEnded() when the game ends. With `board`, also board() after
    // each (club-watch's optional `board`); a server that does not send boards (an older one
    // refuses the field) is asked again without it: noBoard().
    void watch(const QString &host, quint16 port, int id, bool board = false);
    // Lists the open games: games(). With `all`, the games under way and paused too, with
    // their fleets, turn and spectators (club-list's optional `paused` and `all`); a server
    // that does not know them (an older one refuses the fields) is asked again without them:
    // listedAll() says which answer came.
    void list(const QString &host, quint16 port, bool all = false);
    [[nodiscard]] bool listedAll() const { return m_all; }
    // Lists the games as list() does, and asks the server to send the listing again whenever
    // it changes (club-list's optional `watch`): games() then comes again on each change, the
    // connection kept, until failed() (the server gone, or it stopped: a bye). A server that
    // does not announce changes (an older one refuses the field; a busy one answers without
    // `watch`) is asked once: games() once, watchingLobby() false, and the caller asks again
    // itself, as before.
    void watchLobby(const QString &host, quint16 port, bool all = true);
    [[nodiscard]] bool watchingLobby() const { return m_watchingLobby; }
    // create() says the caller takes its open game back after the server restarts
    // (kFeatureOpenSeat; default false): the server then sends the creator's token at once
    // (token()) and keeps the game over a shutdown; rejoin(id, 0, token) takes it back.
    void setTakeBackOpenGame(bool takeBack) { m_openSeat = takeBack; }
    // create() and join() say the caller's program plays a v1.2.4 game masked
    // (kFeatureMaskedSecrets; default false): when both players' programs say it, the server
    // sends each the game with the other side's hidden models as stand-ins (ready()'s setup),
    // and the game is played masked (NetSession::setMaskSecrets; docs/network.md, "Masked
    // games through the club server"). An older server ignores it (both fleets, in clear).
    void setMaskSecrets(bool mask) { m_masks = mask; }
    // Masking (setMaskSecrets), create() and join() send the fleet's public part (stand-ins) and
    // a commitment a model, not the cards (kFeatureMaskedLobby; docs/network.md, "Masked games
    // through the club server"): the server never holds a hidden card. The joiner's cards come
    // from `db` (a unit it lacks: in clear); the creator's from its setup. A server that does not
    // take it (an older one; a game not masked) is asked again in clear, as before.
    void setMaskedLobby(bool on, const UnitDatabase *db = nullptr)
    {
        m_lobby = on;
        m_db = db;
    }
    // What the lobby agreed on (give it to NetSession::setMaskedLobby): our secrets when our
    // fleet went as commitments; nullopt when it went in clear (as before).
    [[nodiscard]] std::optional<MaskedLobby> maskedLobby() const { return m_maskedLobby; }
    // How long the server's answers may take (and the connection; join(0) waits this long
    // for an open game): then failed().
    void setReplyTimeout(int ms) { m_timeoutMs = ms; }

Q_SIGNALS:
    void created(int id);
    void games(const std::vector<jw::net::ClubGameInfo> &games);
    // The game begins: play `setup` as `side` over `socket` (now the receiver's).
    void ready(const jw::GameSetup &setup, int side, QTcpSocket *socket);
    // Why, in English (the CLI, logs) and in the user's language (the GUI). What the server
    // says (its refusal's text) stays as sent: English.
    void failed(const QString &why, const QString &localWhy);
    void publicEvent(int seq, const QString &kind, const QString &text, int player);
    // The public board after agreed command `seq` (spectatorboard.h: boardFromJson).
    void board(int seq, const QJsonObject &board);
    // The server sends no board (an older server): only the events come.
    void noBoard(const QString &why);
    void watchEnded(const QString &why);

private:
    enum class Mode {
        Create,
        Join,
        Rejoin,
        Watch,
        List
    };
    void connectTo(const QString &host, quint16 port);
    // club-create and club-join: as commitments when the lobby masks (setMaskedLobby) and the
    // game can be masked, else in clear.
    [[nodiscard]] Message createRequest();
    [[nodiscard]] Message joinRequest();
    void onMessage(const Message &m);
    void fail(const DataText &why);
    void send(const Message &m);
    // Forgets the connection: closed at once, closed once written, or its socket taken (for
    // a NetSession: returned).
    enum class LinkEnd {
        Abort,
        Finish,
        Take
    };
    QTcpSocket *closeLink(LinkEnd end);

    Mode m_mode = Mode::List;
    LobbyConnection *m_link = nullptr;
    GameSetup m_setup;
    int m_id = 0;
    int m_side = 0; // rejoin
    QByteArray m_token;
    QString m_name;
    Fleet m_fleet;
    QTimer m_timer;
    int m_timeoutMs = 10'000;
    bool m_waitingForJoiner = false;
    bool m_all = false; // list: the games under way too
    bool m_watchLobby = false; // list: asked the server to announce changes
    bool m_watchingLobby = false; // and it does
    bool m_board = false; // watch: the board too
    bool m_openSeat = false; // create: kFeatureOpenSeat
    bool m_masks = false; // create, join: kFeatureMaskedSecrets
    // The server reads a request's features (kFeatureErrorWhy: its refusals come in the user's
    // language too); false once it refused them (an older server): asked again without.
    bool m_features = true;
    std::optional<Message> m_lastRequest; // the request last sent with features
    // A masked lobby (setMaskedLobby): what our request committed to (our setup with our cards,
    // the commitments), until the server's game; m_clearLobby once the server refused it.
    bool m_lobby = false;
    const UnitDatabase *m_db = nullptr;
    bool m_clearLobby = false;
    std::optional<std::pair<GameSetup, LobbyCommitment>> m_committed;
    std::optional<MaskedLobby> m_maskedLobby;
    bool m_reopened = false; // rejoin: our open game taken back (club-created again)
};

} // namespace jw::net
