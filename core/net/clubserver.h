// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "campaign/campaignstore.h"
#include "engine/game.h"
#include "engine/maskedview.h"
#include "net/netsession.h"
#include "net/protocol.h"
#include "units/unitdatabase.h"

#include <QElapsedTimer>
#include <QHostAddress>
#include <QObject>
#include <QPointer>
#include <QThreadPool>
#include <QTimer>

#include <array>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <set>

class QTcpServer;
class QTcpSocket;

namespace jw::net {

// What a spectator is sent of one event of agreed command `seq` (0: the start): its kind and
// English sentence, the public one when the event is secret from a player (v1.2.4 secret
// information: GameEvent::publicMessage, the kind "secret"), never its data.
[[nodiscard]] Message publicEvent(int seq, const GameEvent &event);

// The club server (jwfleet-server, docs/network.md): a lobby of open games, and a referee
// for each game between its two players. A client creates a game (club-create: a saved game
// of no commands; the creator plays player 0), another lists the open games (club-list) and
// joins one with its name and fleet (club-join: player 1). The server answers both with the
// game (game-setup), and each client then plays an ordinary NetSession over its connection:
// the server relays hello, commands, the dice commit-reveal exchanges, state hashes and chat
// between them. The faces come from the two players' nonces, so the server can neither bias
// nor predict them. The server checks every message as a peer does (checkPeerCommand, the
// commitments, its own state hash after each command): a malformed, out-of-turn, illegal or
// forged message is refused (an error back to its sender), logged, not relayed, and changes
// nothing. Each game is saved (GameFile, with its dice exchanges) after every agreed command.
class ClubServer : public QObject
{
    Q_OBJECT
public:
    explicit ClubServer(UnitDatabase db, QObject *parent = nullptr);
    ~ClubServer() override;

    // Listens on `address`:`port` (0: any free port; port() says which). False, with why.
    bool listen(const QHostAddress &address, quint16 port, QString *error);
    [[nodiscard]] quint16 port() const;
    // Where games are saved (game-N.jwgame; empty: not saved). The folder must exist. Game
    // numbers go on after the highest saved there (a restarted server overwrites nothing).
    void setGamesDir(const QString &dir);
    [[nodiscard]] QString gamePath(int id) const;
    // Beside each saved game, its seats: game-N.seats.json, {status: "playing" or "ended",
    // tokens: [two seats' tokens, hex]}, written when the game begins and when it ends; and
    // {status: "open", tokens: [the creator's, ""]} for a game open whose creator can take it
    // back (written at its creation: it survives a shutdown or a crash).
    [[nodiscard]] QString seatsPath(int id) const;
    // Beside a masked game under way (v1.2.4 hidden models masked: docs/network.md, "Masked
    // games through the club server"), the fleets its players came with (game-N.fleets.json, a
    // saved game of no commands on the whole setup, readable by the server's user only):
    // the game-setup a player taking its seat again is sent is built from it, and at the end
    // the fleets revealed are checked against it; never used to referee. Written when the game
    // begins, removed when it ends.
    [[nodiscard]] QString fleetsPath(int id) const;
    // Takes up the games saved in the games folder that did not end (the server stopped, or
    // crashed, while they were under way): each is a paused game (listed by club-list with
    // `paused`), its players take their seats again with their tokens (club-rejoin) and
    // resume. A game still open when the server shut down or crashed (its creator's client can
    // take it back: kFeatureOpenSeat) is open again, but not listed nor joined until its creator
    // takes it back (club-rejoin, side 0, its token). A masked game is taken up from its third
    // party's saved game and its fleets (fleetsPath). A game that does not load or replay is
    // logged and left alone. After
    // setGamesDir (and setPauseTimeout: a taken-up game's pause starts now). How many.
    int takeUpSavedGames();
    // The club's campaign: each game played to its end (the engine's phase Over) is added as
    // a battle (battleFromGame; its players are the campaign's players of the same names).
    void setCampaign(std::unique_ptr<CampaignStore> store) { m_campaign = std::move(store); }
    // Spectators see each command's events only once `commands` more are agreed (all of
    // them when the game ends); 0: at once.
    void setSpectatorDelay(int commands) { m_spectatorDelay = commands; }
    // A spectator who comes during a game is first sent the public events published so far
    // (the spectator delay and secrecy as for live events), then the board as it stands after
    // them: its log is the game so far. Bounded: at most `events` of them (default
    // kMaxCatchUpEvents) and kMaxCatchUpBytes, the latest; when more were published, one event
    // of kind `omitted` first says how many are left out.
    static constexpr int kMaxCatchUpEvents = 5000;
    static constexpr qint64 kMaxCatchUpBytes = 2 * 1024 * 1024;
    void setSpectatorCatchUpLimit(int events) { m_catchUpEvents = events; }
    // A paused game not resumed within `ms` ends (0: it waits until the server stops): as a
    // forfeit by the player who did not take its seat again when the other did, or, when
    // neither did, by the player who dropped with its dice reveal due (it had seen the roll);
    // otherwise as abandoned. A forfeit is written into the campaign, the other player its
    // winner (battleFromForfeit); an abandoned game is not, nor a masked game's forfeit while
    // one of its models is still hidden (the battle would show what the rules keep secret).
    void setPauseTimeout(int ms) { m_pauseTimeoutMs = ms; }
    // A connection that is in no game (not creating, playing or watching one) and says
    // nothing for `ms` is closed (default 60 s): idle sockets do not pile up.
    void setLobbyTimeout(int ms) { m_lobbyTimeoutMs = ms; }

    // The lobby announced (club-list with `watch`): the connection is kept, and its listing
    // is sent again when it changes (a game created, joined, paused, resumed or ended, its
    // turn, commands or spectators), at most once every kLobbyPushIntervalMs for the whole
    // server, kLobbyPushDelayMs after the first change (the changes of that time in one
    // listing), and only to a watcher whose listing changed. At most kMaxLobbyWatchers watch
    // at once (then a club-list with `watch` is answered once, without `watch`: that client
    // asks again itself); a watcher that does not read (more than kMaxLobbyBacklogBytes not
    // yet sent to it) is skipped until it has read.
    static constexpr int kLobbyPushDelayMs = 250;
    static constexpr int kLobbyPushIntervalMs = 1000;
    static constexpr int kMaxLobbyWatchers = 1000;
    static constexpr qint64 kMaxLobbyBacklogBytes = 1024 * 1024;
    void setLobbyPushTiming(int delayMs, int intervalMs)
    {
        m_lobbyPushDelayMs = delayMs;
        m_lobbyPushIntervalMs = intervalMs;
    }
    void setMaxLobbyWatchers(int n) { m_maxLobbyWatchers = n; }
    [[nodiscard]] int lobbyWatchers() const;
    [[nodiscard]] int lobbyPushes() const { return m_lobbyPushes; } // listings sent again

    // What a connection may send (docs/network.md, "Rate limits"). Each connection has a
    // bucket of `messageRate` messages (refilled at `messageRate` a second); a message takes
    // one, a refused one kRefusedCost. An empty bucket throttles the connection: its messages
    // wait (read, not yet handled) until the bucket refills. More than `floodLimit` messages
    // waiting (or kMaxWaitingBytes), or `refusedLimit` refused messages within a minute:
    // the connection is closed (a player's game pauses, as after any drop: its seat can be
    // taken again with its token). 0: no limit.
    struct Limits
    {
        int messageRate = 200; // messages a second
        int floodLimit = 500; // messages waiting
        int refusedLimit = 20; // refused messages within kRefusedWindowMs
    };
    static constexpr int kRefusedCost = 10;
    // A connection's "throttled" line: at most one in this time (Conn::throttleLoggedAt).
    static constexpr qint64 kThrottleLogIntervalMs = 60'000;
    static constexpr int kRefusedWindowMs = 60'000;
    static constexpr qint64 kMaxWaitingBytes = 8 * 1024 * 1024;
    void setLimits(const Limits &limits) { m_limits = limits; }
    [[nodiscard]] const Limits &limits() const { return m_limits; }
    [[nodiscard]] int closedForAbuse() const { return m_closedForAbuse; }

    // Stops cleanly: no new connection, every game under way saved, a bye to every client,
    // the sockets flushed and closed. closed() follows when every socket is closed (or after
    // `graceMs`).
    void shutdown(int graceMs = 2000);

    [[nodiscard]] int openGames() const; // created, waiting for a second player
    [[nodiscard]] int runningGames() const;
    [[nodiscard]] int finishedGames() const { return m_finished; }
    [[nodiscard]] int refusedMessages() const { return m_refused; }

Q_SIGNALS:
    void logLine(const QString &line); // one line per event
    // A game paused: a player dropped (both may take their seats again: club-rejoin).
    void gamePaused(int id, int commands);
    // A game ended (over, a bye, stopped); `path` its saved game (empty: not saved).
    void gameEnded(int id, const QString &path, const QString &why);
    void closed(); // after shutdown()

private:
    struct Conn
    {
        QPointer<QTcpSocket> socket;
        FrameReader reader;
        int game = 0; // 0: in the lobby
        int side = -1; // 0 or 1 once in a game
        QString peer; // address:port, for the log
        bool gone = false; // disconnected: kept only until the event loop runs again
        bool leaving = false; // being closed by the server: its messages are ignored
        int watching = 0; // a spectator of this game
        bool board = false; // a spectator who asked for the board (club-watch's `board`)
        bool errorWhy = false; // reads an error's `why` (a club request's kFeatureErrorWhy)
        bool openSeat = false; // its club-create's kFeatureOpenSeat: takes an open game back
        // Its club-create's or club-join's kFeatureMaskedSecrets: its program plays a v1.2.4
        // game masked, given the other side's hidden models as stand-ins.
        bool masks = false;
        // Watching the lobby (club-list with `watch`): its options, and the listing last sent.
        bool lobbyWatch = false;
        bool lobbyPaused = false;
        bool lobbyAll = false;
        QByteArray lobbySent;
        QTimer *idle = nullptr; // in the lobby: closes the connection when it runs out
        // Rate limits (Limits): the bucket, the messages read and not yet handled, the times
        // of its refused messages within the window.
        double tokens = 0;
        qint64 refilledAt = 0;
        std::deque<FrameReader::Item> waiting;
        qint64 waitingBytes = 0;
        QTimer *throttle = nullptr;
        bool throttled = false; // logged once per spell
        // The spells' log lines: at most one a minute (kThrottleLogIntervalMs); the spells in
        // between are counted and told with the next line, or at the disconnection.
        qint64 throttleLoggedAt = -1;
        int throttleUnlogged = 0;
        bool draining = false; // disconnected: what it sent is handled without waiting
        std::deque<qint64> refusedAt;
    };
    enum class Phase {
        Open, // created, waiting for a joiner
        Hello,
        StartCommit,
        StartNonce,
        StartReveal,
        Command,
        Commit,
        Nonce,
        Reveal,
        Hash,
        Commitments, // a masked game: both players' commitments, after the hellos
        MaskedReveal, // a masked game: the three reveals of the command under way
        SealedAnswer, // a secret choice sealed (choice-commit): the other player's answer
        ChoiceReveal, // then the sealer's choice-reveal
        Paused, // a player dropped: both take their seats again (club-rejoin), then resume
        Resume, // after the hellos of a resumed game: both players' resume
        Ended
    };
    struct ClubGame
    {
        int id = 0;
        GameSetup setup; // the creator's until joined, then the game's
        QByteArray setupHash;
        std::array<Conn *, 2> players {nullptr, nullptr};
        std::array<QByteArray, 2> tokens; // each seat's (club-seat), asked back by club-rejoin
        Phase phase = Phase::Open;
        std::array<bool, 2> hello {false, false};
        // Each hello's features: secret choices are sealed when both players' programs can
        // (each hello is relayed once both came, with the features both have).
        std::array<bool, 2> canSeal {false, false};
        // A player whose program reads an error's `why` (kFeatureErrorWhy), and one whose hello
        // had features (it reads a hello with features): the other's hello tells it so.
        std::array<bool, 2> readsWhy {false, false};
        std::array<bool, 2> hasFeatures {false, false};
        bool seals = false;
        // A sealed choice under way (the game's sealedPending(): its hash): the question of
        // the other answer, and that answer once relayed.
        std::optional<SealedFollowUp> followUp;
        std::optional<Command> sealedAnswer;
        // A masked game (docs/network.md, "Masked games through the club server"): both
        // players' programs said kFeatureMaskedSecrets (club-create, club-join, hello) in a
        // v1.2.4 game. Each player was sent its masked setup (the other's hidden models as
        // stand-ins: seatHash, its hash), and the server referees as a third party: `game` is
        // played on a setup where both sides' hidden models are stand-ins (`third`'s), filled
        // in as the players reveal them (each reveal checked against its commitment), and the
        // whole game is replayed at the end from the cards revealed.
        bool masked = false;
        std::array<QByteArray, 2> seatHash; // the setup each player was sent: its hash
        std::array<bool, 2> canMaskSealed {false, false}; // kFeatureMaskedSealedChoices
        std::array<bool, 2> committed {false, false};
        std::vector<QString> commitments; // both players', by model id
        // A masked lobby (kFeatureMaskedLobby): the commitments a player sent with club-create or
        // club-join, its fleet then stand-ins in `setup` (empty: its fleet came in clear).
        std::array<QStringList, 2> lobbyCommitments;
        std::optional<MaskedView> third;
        MaskedRecord record;
        std::vector<std::pair<int, Command>> sealedReal; // sealed Embarks revealed
        // The command under way: its commitment (a sealed Embark), the reveals that came with
        // it and in each of the three rounds after its dice, and its dice.
        QByteArray sealedHash;
        std::vector<HiddenReveal> withCommand;
        std::vector<SealedReveal> withCommandSealed;
        std::array<std::vector<HiddenReveal>, 3> roundReveals;
        std::array<std::vector<SealedReveal>, 3> roundSealed;
        int revealRound = 0;
        bool pdice = false;
        QByteArray pa, pb;
        std::array<std::optional<Message>, 2> resume; // Resume: each player's
        std::array<bool, 2> hashed {false, false};
        ExchangeDice dice; // the game's DiceSource (its address stays: the game is on the heap)
        std::unique_ptr<Game> game;
        std::optional<Command> pending;
        int pendingPlayer = -1;
        QByteArray commit, nonceB; // the exchange under way (nonceB: the responder's)
        QByteArray hash; // the server's state hash after command hashSeq
        int hashSeq = 0;
        int agreed = -1; // the last command both players agreed on (0: the start)
        int published = -1; // the last command whose events spectators were sent
        int pauses = 0; // how many times it paused (a pause's timeout checks it is its own)
        std::vector<Conn *> spectators;
    };

    void onNewConnection();
    void onReadyRead(Conn *c);
    // Handles the messages waiting, as far as the connection's bucket allows.
    void handleWaiting(Conn *c);
    void handleItem(Conn *c, const FrameReader::Item &item);
    // Closes a connection that broke a limit (after an error saying why).
    void closeForAbuse(Conn *c, const QString &why);
    void onDisconnected(Conn *c);
    void lobby(Conn *c, const Message &m);
    // The games a club-list lists (`paused`, `all`: its options).
    [[nodiscard]] std::vector<ClubGameInfo> listing(bool paused, bool all) const;
    // Something a listing shows may have changed: the lobby's watchers are sent theirs again
    // (debounced, rate-limited: kLobbyPushDelayMs, kLobbyPushIntervalMs).
    void lobbyChanged();
    void pushLobby();
    void referee(ClubGame &g, Conn *c, const Message &m, const QByteArray &payload);
    void refuse(Conn *c, const DataText &why);
    void sendTo(Conn *c, const Message &m);
    void relay(ClubGame &g, int fromSide, const QByteArray &payload);
    void applyPending(ClubGame &g, const QByteArray *a, const QByteArray *b);
    void applyPendingNow(ClubGame &g, const QByteArray *a, const QByteArray *b);
    // A masked game (ClubGame::masked): the game-setup each player is sent, the hellos'
    // features, a command with its reveals, the three rounds of reveals, the end.
    void startMasked(ClubGame &g, const QByteArray &a, const QByteArray &b);
    void maskedCommand(ClubGame &g, Conn *c, const Message &m);
    void maskedReveal(ClubGame &g, Conn *c, const Message &m);
    // `game` built again on `third`'s setup after reveals; false: ended.
    bool rebuildMasked(ClubGame &g);
    // The masked game over: the whole game, replayed from the cards revealed; false: ended.
    bool finishMasked(ClubGame &g);
    // Whether the fleets `revealed` at the end are the ones the players came with (a masked
    // lobby's: its commitments; docs/network.md, "Masked games through the club server").
    [[nodiscard]] static bool sameFleets(const ClubGame &g, const GameSetup &revealed);
    // The setup `side` is sent and says hello with (game-setup; its hash, seatHash).
    [[nodiscard]] static GameSetup seatSetup(const ClubGame &g, int side);
    // The third party's game rebuilt at its agreed command `commands` from its own game
    // (restoreThirdPartyGame): what a command not agreed revealed is forgotten. False: why.
    bool restoreMasked(ClubGame &g, int commands, QString *why);
    // A masked game paused or saved with a command under way (not applied): the reveals that
    // came with it forgotten (they come again when it is played again). False: ended.
    bool forgetUnderWay(ClubGame &g);
    // A masked game's fleets file (fleetsPath); empty, or why not.
    QString saveFleets(const ClubGame &g);
    void save(ClubGame &g);
    // Saved within kSaveDelayMs, written by a thread of its own (one atomic write, with its
    // fsync, per game then, not one per command, and not on the event loop: the fsyncs held
    // every game's commands; the players save every command). save() writes at once, after
    // the writes under way.
    void saveSoon(ClubGame &g);
    static constexpr int kSaveDelayMs = 500;
    // Ends the game (saved); `bye` to the players still connected; they are back in the lobby.
    // `forfeitBy`: the player who forfeits (the pause timeout): the game, not played to its
    // end, is written into the campaign with the other player as its winner.
    void end(ClubGame &g, const QString &why, const QString &bye = {},
             std::optional<int> forfeitBy = std::nullopt);
    // A player dropped: the game waits for both to take their seats again (the other
    // player's connection is closed too: its session pauses, as after any drop).
    void pause(ClubGame &g, int side);
    void onResumed(ClubGame &g);
    // Ends a paused game not resumed within the pause timeout (a forfeit or abandoned).
    // What the player who dropped still had to reveal: its nonce of a dice exchange (it knew
    // the faces), or its sealed secret choice (it had seen the other player's answer).
    enum class RevealDue {
        None,
        Dice,
        Choice
    };
    void armPauseTimeout(ClubGame &g, int side, RevealDue revealDue);
    // A game open whose creator can take it back (kFeatureOpenSeat): written when it is
    // created (game-N.jwgame, a game of no commands, then its seats `open`), so that a server
    // started again, after a shutdown or a crash, has it open again. Empty, or why not.
    QString saveOpen(const ClubGame &g);
    // Such a game withdrawn (its creator left, or did not come back): its seats `ended`, its
    // game file removed. Nothing when it was never saved open.
    void forgetOpen(const ClubGame &g);
    // Writes the game's seats file (seatsPath): `ended` or playing.
    void saveSeats(const ClubGame &g, bool ended);
    // Its status: "playing", "ended" or "open" (a game no one joined yet, kept by a shutdown).
    void saveSeats(const ClubGame &g, const QString &status);
    // Command `seq` agreed: sends spectators the events not sent yet, up to the delay (`all`:
    // every agreed command's, at the end).
    void publish(ClubGame &g, int seq, bool all = false);
    // The public board after the last command published (club-board; spectatorboard.h);
    // nullopt (logged) when it is too big for a message.
    [[nodiscard]] std::optional<Message> boardMessage(const ClubGame &g);
    void log(const QString &line) { Q_EMIT logLine(line); }

    UnitDatabase m_db;
    std::unique_ptr<CampaignStore> m_campaign;
    QTcpServer *m_server = nullptr;
    QString m_gamesDir;
    std::map<QTcpSocket *, std::unique_ptr<Conn>> m_conns;
    std::map<int, std::unique_ptr<ClubGame>> m_games;
    int m_nextId = 1;
    int m_spectatorDelay = 0;
    int m_catchUpEvents = kMaxCatchUpEvents;
    int m_pauseTimeoutMs = 0;
    int m_lobbyTimeoutMs = 60'000;
    int m_lobbyPushDelayMs = kLobbyPushDelayMs;
    int m_lobbyPushIntervalMs = kLobbyPushIntervalMs;
    int m_maxLobbyWatchers = kMaxLobbyWatchers;
    QTimer *m_lobbyTimer = nullptr;
    qint64 m_lastLobbyPush = -1; // m_clock's time of the last listing sent again (-1: none)
    int m_lobbyPushes = 0;
    Limits m_limits;
    QElapsedTimer m_clock;
    int m_closedForAbuse = 0;
    std::set<int> m_unsaved; // games to save when m_saveTimer fires
    QTimer *m_saveTimer = nullptr;
    QThreadPool m_writer; // one thread: the writes in order
    int m_finished = 0;
    int m_refused = 0;
    bool m_closing = false;
    bool m_closedEmitted = false;
};

} // namespace jw::net
