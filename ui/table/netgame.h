// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fleet/fleet.h"
#include "net/clubclient.h"
#include "net/netlobby.h"
#include "net/netsession.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>

#include <optional>

namespace jw {

class GameController;

// A game with a person at another computer (Game › Host / Join Network Game…;
// docs/network.md), played on the ordinary table: the lobby agrees on the game (the
// joiner's name and fleet, the host's scenario and rules), then a NetSession plays it.
// The local player's commands go through the GameController to the session (setSubmit:
// nothing changes until both peers agreed); every agreed command, either side's, is
// brought to the table by GameController::followGame. Decides no rule: the engine does,
// on both sides. Chat and what happens on the connection come out as signals.
class NetGame : public QObject
{
    Q_OBJECT
public:
    enum class Stage {
        None, // no network game
        Hosting, // listening, waiting for a joiner
        Joining, // connecting to the host, offering our fleet
        Offered, // the joiner: the host's game shown, to accept or decline (offeredSetup())
        Starting, // connected: hello and the start's dice
        Playing,
        Paused, // the connection dropped
        Stopped, // desync, a peer that stopped answering, refused: the game cannot go on
        Over
    };

    explicit NetGame(GameController *controller, QObject *parent = nullptr);
    ~NetGame() override;

    // Listens on `port` (0: any free one: port() says which); `make` builds the game for
    // the joiner's name and fleet (nullopt, with why: they are refused, and we listen on).
    bool host(quint16 port, net::NetLobby::MakeSetup make, QString *error);
    [[nodiscard]] quint16 port() const { return m_port; }
    // `db`: the joiner's cards, for a masked lobby (v1.2.4: commitments, not cards; null: the
    // fleet in clear).
    void join(const QString &address, quint16 port, const QString &name, const Fleet &fleet,
              const UnitDatabase *db = nullptr);
    // A game between two computers resumed another day (Game › Resume Network Game…): each
    // player opens the game its program saved (the autosave, or Save Game's file), one
    // hosts, the other joins; no lobby (as `jwfleet-cli net-host/net-join --resume`). We play
    // `side` of the saved game; both go back to the last command both agreed on.
    bool resumeHost(const QString &savedPath, int side, quint16 port, QString *error);
    void resumeJoin(const QString &savedPath, int side, const QString &address, quint16 port);
    // A club server's game (Game › Connect to Club Server…): creates `setup` there (we play
    // player 1; the server's next joiner plays player 2), or joins its open game `id` with
    // our name and fleet (we play player 2). Then the same session as between two computers,
    // relayed by the server; after a drop either player takes its seat again (its token).
    void clubCreate(const QString &server, quint16 port, const GameSetup &setup);
    void clubJoin(const QString &server, quint16 port, int id, const QString &name,
                  const Fleet &fleet);
    [[nodiscard]] bool club() const { return m_club; }
    // A seat in a club game, kept in the settings (club/seat) while the game goes on, so that
    // the player can take it again after quitting the program (or a crash): with the game
    // this computer autosaved (kAutosaveName), clubResume().
    struct ClubSeat
    {
        QString address;
        quint16 port = 0;
        int id = 0;
        int side = 0;
        QByteArray token;
        QString peer; // the other player's name
    };
    [[nodiscard]] static std::optional<ClubSeat> savedClubSeat();
    static void forgetClubSeat();
    // Takes `seat` again and resumes the game saved at `savedPath` (this computer's, the
    // autosave): the server gives the game, both players go back to the last command both
    // agreed on.
    void clubResume(const ClubSeat &seat, const QString &savedPath);
    // The club's number of the game (0: not a club game, or not created yet).
    [[nodiscard]] int clubGameId() const { return m_clubId; }
    // The joiner (Stage::Offered): the host's game, shown before it begins.
    [[nodiscard]] const std::optional<GameSetup> &offeredSetup() const { return m_offered; }
    // Begins the offered game, or declines it (a bye: the host listens on for another player).
    void acceptOffer();
    void declineOffer();
    // The joiner, paused: connects to the host again; the game resumes from the last
    // command both agreed on.
    void reconnect();
    [[nodiscard]] bool canReconnect() const;
    // The game masks v1.2.4 hidden models (both programs can; docs/network.md, "Masked games"):
    // the table's game holds the other side's hidden models as stand-ins until revealed. After
    // a drop it resumes masked, as a game in clear resumes (Reconnect), from the game the
    // session kept with its secrets.
    [[nodiscard]] bool masked() const { return m_session && m_session->masksSecrets(); }
    // Ends the network game (a bye to the peer); the game stays on the table.
    void leave();
    // How long a reply of the peer may take (tests shorten it).
    void setReplyTimeout(int ms);

    [[nodiscard]] Stage stage() const;
    [[nodiscard]] bool active() const { return m_stage != Stage::None; }
    [[nodiscard]] int side() const { return m_side; }
    [[nodiscard]] QString peerName() const;
    // The table waits on the network (the peer is to act or to answer, the connection is
    // being made, paused or stopped): it is locked for the local player (GameWindow shows
    // statusText() where the commands are, as on the computer's turn).
    [[nodiscard]] bool waiting() const;
    // While the other player's secret choice is sealed and this side answers the next
    // question: the state it is asked in (not the game's, which stays at the last agreed
    // command); null otherwise. The table shows and judges this side's answer in it.
    [[nodiscard]] const GameState *sealedQuestionState() const;
    // The peer is to act or to answer.
    [[nodiscard]] bool peerToDecide() const;
    // One or two sentences for the table's banner: connecting, whose turn, paused (with the
    // last agreed command), stopped (with why).
    [[nodiscard]] QString statusText() const;
    // "command 12 (Dave: attack)"; empty before the first.
    [[nodiscard]] QString lastAgreed() const;
    [[nodiscard]] net::NetSession *session() const { return m_session; }

    void sendChat(const QString &text);

    // The autosave of a network game (GameController::autosavePath()).
    static inline const QString kAutosaveName = QStringLiteral("network");
    // A paused club game: the first try to take our seat again, and the wait between tries.
    static constexpr int kFirstRejoinMs = 200;
    static constexpr int kRejoinIntervalMs = 3000;

    // This computer's addresses a friend may connect to (not loopback), IPv4 first.
    [[nodiscard]] static QStringList localAddresses();

Q_SIGNALS:
    void changed(); // stage(), statusText() or peerToDecide() changed
    void chat(const QString &who, const QString &text, bool mine);
    // What happened on the connection (connected, refused a message, paused, resumed): the
    // game log and the chat show it.
    void note(const QString &text);

private:
    void onReady(const GameSetup &setup, int side, QTcpSocket *socket);
    void onReconnected(QTcpSocket *socket);
    void startClub(const QString &server, quint16 port);
    void connectClubClient(); // m_clubClient's ready() and failed()
    void connectCreated(); // m_clubClient's created(): our game open (again)
    // Our open club game (created, no one joined yet) kept by a server that went away (its
    // shutdown's bye, or a crash: `englishWhy`, the ClubClient's failure).
    [[nodiscard]] bool keepsOpenGame(const QString &englishWhy) const;
    // The server that kept our open game: take it back (club-rejoin with its token).
    void takeOpenGameBack();
    void rejoinClub();
    void saveClubSeat() const;
    void follow();
    void setStage(Stage stage);
    void clearSession();

    QPointer<GameController> m_controller; // may go first when the window closes
    net::NetLobby *m_lobby = nullptr;
    QPointer<net::NetSession> m_session;
    Stage m_stage = Stage::None;
    int m_side = 0;
    quint16 m_port = 0;
    QString m_address; // the joiner: the host's
    QString m_why; // Stopped, Over: why
    int m_timeoutMs = 10'000;
    QString m_ownAutosave; // the controller's autosave name before the network game
    bool m_following = false;
    bool m_club = false;
    bool m_joiner = false; // joined (not hosted) a game between two computers: reconnects
    QString m_resumeFrom; // clubResume, resumeHost/Join: the saved game's path, until it plays
    QString m_resumePeer; // resumeHost: the other player's name (before the session knows)
    net::ClubClient *m_clubClient = nullptr; // the lobby, then each rejoin
    int m_clubId = 0;
    QByteArray m_clubToken;
    QTimer *m_rejoinTimer = nullptr; // a paused club game: take our seat again, and again
    // Our open game, kept by a club server that went away: taken back when it is back.
    bool m_openGameAway = false;
    int m_openGameRetrySeconds = 0; // the last wait (net::nextRetrySeconds)
    QTimer *m_takeBackTimer = nullptr;
    QString m_rejoinError; // the last try's
    // The club server shut down with the game under way (its bye): the session ended, but the
    // server saved the game; the seat is taken again when it is back (a pause, for the table).
    bool m_serverDown = false;
    std::optional<GameSetup> m_offered; // the joiner: the host's game, not yet accepted
    bool m_begun = false; // the session started once (a second start is a resume) // our own
                          // followGame(): not another game
};

} // namespace jw
