// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/game.h"
#include "net/protocol.h"
#include "units/datatext.h"

#include <QObject>
#include <QPointer>
#include <QTimer>

#include <memory>
#include <optional>

class QTcpServer;
class QTcpSocket;

namespace jw::net {

// A stream of dice that is empty except while one agreed exchange is being used:
// the game's DiceSource in a network game. Empty, it throws ScriptedDiceExhausted
// (the engine then refuses with rule "Dice": the command needs dice).
class ExchangeDice final : public DiceSource
{
public:
    int rollD6() override;
    void use(const QByteArray &a, const QByteArray &b) { m_stream.emplace(a, b); }
    void clear() { m_stream.reset(); }

private:
    std::optional<FairDiceSource> m_stream;
};

// SHA-256 of the game's setup as a saved game writes it (both peers must agree on it).
[[nodiscard]] QByteArray setupHash(const GameSetup &setup);
// SHA-256 of the whole state (stateToJson, compact): the peers compare it after each command.
[[nodiscard]] QByteArray stateHash(const Engine &engine, const GameState &state);

// The rules of lockstep play, shared by a peer (NetSession) and the club server's referee
// (ClubServer), so that both check and apply a command in one way.
//
// Whether `command` needs dice (the engine refuses it with no dice for "Dice" only);
// nullopt: refused, with why ("rule: sentence").
// `why` is English (QString) or in both languages (DataText: the table shows its translated()).
[[nodiscard]] std::optional<bool> commandNeedsDice(const Game &game, const Command &command,
                                                   QString *why);
[[nodiscard]] std::optional<bool> commandNeedsDice(const Game &game, const Command &command,
                                                   DataText *why);
// The same in `state` of the game's engine (a state that is not the game's: see below).
[[nodiscard]] std::optional<bool> commandNeedsDiceAt(const Engine &engine, const GameState &state,
                                                     const Command &command, QString *why);
[[nodiscard]] std::optional<bool> commandNeedsDiceAt(const Engine &engine, const GameState &state,
                                                     const Command &command, DataText *why);

// Sealed secret choices (docs/network.md, "Secret choices"): when the player to act is asked
// a secret question (DecisionRequest::secret: the Boarded firefight's defender) and each of
// its answers leads, without dice, to the same secret question of the other player (the
// boarders'), its answer may be sealed: the other player answers the next question without
// knowing it. Then: that question, and a state in which it is asked (the first option's
// answer applied; the real one is sealed). nullopt when the question is not such a pair.
struct SealedFollowUp
{
    GameState state;
    DecisionRequest request;
};
[[nodiscard]] std::optional<SealedFollowUp> sealedFollowUp(const Game &game);
// Whether `sender` (0 or 1) may play `command` as command number `seq` (1-based) of `game`:
// nullopt, with the refusal, when it is out of turn, not the next command or refused by a
// rule; otherwise whether it needs dice (then a commit-reveal exchange comes first).
[[nodiscard]] std::optional<bool> checkPeerCommand(const Game &game, int sender, int seq,
                                                   const Command &command, QString *why);
[[nodiscard]] std::optional<bool> checkPeerCommand(const Game &game, int sender, int seq,
                                                   const Command &command, DataText *why);
// The game of `setup` started with the dice of the start's exchange (a, b; `dice` is the
// game's source from now on), the exchange recorded; null, with why, when it cannot start.
[[nodiscard]] std::unique_ptr<Game> startExchangeGame(const GameSetup &setup, ExchangeDice &dice,
                                                      const QByteArray &a, const QByteArray &b,
                                                      QString *why);
[[nodiscard]] std::unique_ptr<Game> startExchangeGame(const GameSetup &setup, ExchangeDice &dice,
                                                      const QByteArray &a, const QByteArray &b,
                                                      DataText *why);
// Applies an agreed command with the dice of (a, b) (null: none), the exchange recorded
// (`committer`, `commit`) when the command is played.
ApplyResult applyExchangeCommand(Game &game, ExchangeDice &dice, const Command &command,
                                 const QByteArray *a, const QByteArray *b, int committer,
                                 const QByteArray &commit);
// `from` (a network game: it has a start exchange) rebuilt on `dice`, cut to its first
// `commands` commands; null, with why.
[[nodiscard]] std::unique_ptr<Game> rebuildExchangeGame(const Game &from, int commands,
                                                        ExchangeDice &dice, QString *why);
[[nodiscard]] std::unique_ptr<Game> rebuildExchangeGame(const Game &from, int commands,
                                                        ExchangeDice &dice, DataText *why);

// What a masked lobby agreed on before the game (NetLobby::setMaskSecrets; docs/network.md,
// "A masked lobby"), for NetSession::setMaskedLobby.
struct MaskedLobby
{
    // The lobby sent the fleets in clear (the other program cannot commit in the lobby, or the
    // game is not masked): the session plays as before, and says so when it masks.
    bool clear = false;
    // Not clear: this side's secrets when it committed in the lobby (the joiner: the game's
    // commitments are those), and the other side's commitments by model id when they came in
    // the lobby (the host; empty otherwise): its `commitments` after hello must be those.
    std::optional<ModelSecrets> mine;
    std::vector<QString> theirs;
};

// One game between the local player (`side`, 0 or 1) and a peer over TCP
// (docs/network.md). Event-loop driven: host() listens and takes the first peer,
// join() connects; then both say hello, agree on the start's dice, and play in
// lockstep: a command, its dice by commit-reveal when it needs any, then both
// states' hashes. Every message of the peer is checked by the decoder and the
// Engine: a malformed, oversized, out-of-turn, illegal or forged one is refused
// (refused(), an error message to the peer) and changes nothing.
class NetSession : public QObject
{
    Q_OBJECT
public:
    enum class Status {
        Connecting,
        Starting, // hello and the start's dice
        Playing,
        Over, // the game is over (the engine's phase Over) or ended by a bye
        Stopped, // desync, timeout, a protocol error the game cannot go past
        Paused // the connection dropped
    };

    NetSession(GameSetup setup, int side, QObject *parent = nullptr);
    ~NetSession() override;

    // Listens on `port` (0: any; serverPort() says which) and plays with the first
    // peer that connects. False, with why, when it cannot listen.
    bool host(quint16 port, QString *error);
    [[nodiscard]] quint16 serverPort() const;
    void join(const QString &host, quint16 port);
    // Plays over a socket already connected (or connecting); the session owns it.
    void attach(QTcpSocket *socket);

    // Resumes `saved` (the game this side saved, or kept when the connection dropped),
    // cut to its first `commands` commands (-1: all): after hello both peers say how
    // many commands they have and their state's hash; the side ahead goes back to the
    // other's (the last agreed command) when its state there has the peer's hash.
    // False, with why, when `saved` is not this session's game or has no start exchange.
    bool resume(const Game &saved, QString *why, int commands = -1);
    bool resume(const Game &saved, DataText *why, int commands = -1);

    [[nodiscard]] Status status() const { return m_status; }
    // Why the game stopped or ended: English (the CLI, logs) and in the user's language.
    [[nodiscard]] QString statusText() const { return m_statusText.english(); }
    [[nodiscard]] QString localStatusText() const { return m_statusText.translated(); }
    [[nodiscard]] int side() const { return m_side; }
    [[nodiscard]] const Game *game() const { return m_game.get(); }
    // The local player's turn: the game waits for their command (submit()).
    [[nodiscard]] bool myTurn() const;
    // The question the local player answers now (myTurn()): the game's, or while the other
    // player's secret answer is sealed, the next secret question, asked in a state that is
    // not the game's (the game stays at the last agreed command until the reveal). The
    // table, the CLI and the AI ask this, not the game's state; nullopt: no question.
    [[nodiscard]] std::optional<DecisionRequest> pendingQuestion() const;
    // The state the local player's command is judged in (legal commands, the AI): the game's
    // state, or while the other player's answer is sealed, the state of pendingQuestion().
    [[nodiscard]] const GameState &stateToAnswer() const;
    // Whether secret choices are sealed in this game (both programs can); false until the
    // peer's hello, and with a peer that cannot (they are then sent in clear, as before).
    [[nodiscard]] bool sealsChoices() const { return m_sealsChoices; }
    // Whether to offer sealing in hello (true by default; false plays as a program without
    // the feature: for tests of an older peer).
    void setSealChoices(bool offer) { m_offerSealing = offer; }
    // Whether v1.2.4 hidden models are masked in this game (both programs offered
    // kFeatureMaskedSecrets and the rules are v1.2.4; docs/network.md, "Masked games"): game()
    // then holds the other side's hidden models as stand-ins until they are revealed (its
    // setup grows as they are), and is the whole game once it is over.
    [[nodiscard]] bool masksSecrets() const { return m_masks; }
    // Whether to offer masking in hello (false by default: the game table does not yet follow
    // a game whose setup changes as models are revealed; the CLI's headless peers offer it).
    // When resuming: offered for a masked game (which resumes only masked), not for a game in
    // clear.
    void setMaskSecrets(bool offer) { m_offerMasking = offer; }
    // The game comes from a masked lobby (NetLobby::maskedLobby): unless `lobby.clear`, the
    // setup holds the other side's models as stand-ins, hello's setup hash is taken over the
    // setup both sides know (thirdPartySetup: both sides' hidden models stand-ins), the game is
    // masked or stops, and the commitments are the lobby's. `lobby.clear`: the fleets went in
    // clear; a masked game says so in its log (and lobbyInClear()).
    void setMaskedLobby(const MaskedLobby &lobby);
    [[nodiscard]] bool lobbyInClear() const { return m_lobby && m_lobby->clear; }
    // The session's setup is the saved game's own (Game › Resume Network Game…: no script, no
    // lobby): a masked game's saved setup holds the other side's hidden models as stand-ins,
    // so resume() says hello with the hash of the setup both sides know (thirdPartySetup), as a
    // masked lobby does; the peer's must be that one, or come from a peer that holds the whole
    // setup and checks ours (kFeatureThirdPartySetup). Call before resume(). A game in clear
    // says hello as before.
    void setSetupFromSavedGame(bool fromSaved) { m_fromSaved = fromSaved; }
    // Plays the local player's command: false, with why, when it is not their
    // turn or the engine refuses it (nothing is sent then).
    bool submit(const Command &command, QString *why = nullptr);
    bool submit(const Command &command, DataText *why);
    void sendChat(const QString &text);
    // Ends the game (a bye to the peer, then the connection is closed).
    void finish(const QString &why = {});
    // How long a reply of the peer may take (hello, dice, state hash): then the
    // session stops ("the peer stopped answering"). Waiting for the peer's command has
    // no limit (a person thinks).
    void setReplyTimeout(int ms) { m_timeoutMs = ms; }
    // A game relayed by a club server: the peer's hello comes when the peer takes its seat
    // (after a drop, maybe minutes later), so waiting for it has no time limit. The other
    // replies keep the reply timeout.
    void setPatientHello(bool patient) { m_patientHello = patient; }

Q_SIGNALS:
    void started(); // the start agreed: game() is set
    void turn(); // the local player's turn (myTurn())
    void applied(int index, int player); // command `index` (0-based) agreed by both
    // The dice exchange of the next command opened, became binding or closed
    // (Game::dicePending): a side that saves its game saves it now, so that a drop and a
    // resume from the file complete the exchange with the same nonces.
    void exchangeChanged();
    // Both states' hashes agree (or the game resumed): the game waits for the next command,
    // the local player's (turn() follows) or the peer's.
    void agreed();
    // Each sentence twice: English (the CLI, logs: byte for byte as before; what the peer is
    // sent stays English) and in the user's language (the table shows it). A slot may take
    // the first only.
    void refused(const QString &why, const QString &localWhy); // a message of the peer refused
    void chatReceived(const QString &text);
    void logMessage(const QString &text, const QString &localText);
    void over(const QString &why, const QString &localWhy); // status() Over
    void stopped(const QString &why, const QString &localWhy); // status() Stopped or Paused

private:
    enum class Wait {
        Hello,
        StartCommit, // side 1: the start's commitment
        StartNonce, // side 0: side 1's nonce for the start
        StartReveal, // side 1: side 0's nonce
        Command, // the peer's command (or, on our turn, nothing)
        Commit, // the commitment for the peer's command
        Nonce, // the peer's nonce for our command
        Reveal, // the peer's nonce revealed for its command
        Hash, // the peer's state hash
        Resume, // the peer's resume (commands, state hash)
        SealedAnswer, // a secret choice sealed: the second answer (ours or the peer's)
        ChoiceReveal, // the peer's sealed choice revealed, after our answer
        Commitments, // a masked game: the peer's commitments, after hello
        PeerReveal, // a masked game: the peer's reveals for the command under way
        Nothing
    };

    void onConnected();
    void onReadyRead();
    void onDisconnected();
    void onTimeout();
    void handle(const Message &m);
    void send(const Message &m);
    void refuse(const DataText &why);
    // An error to the peer: its English `text` as before, and `why` (the sentence to show in
    // its user's language) when the peer's hello announced kFeatureErrorWhy.
    void sendError(const DataText &why);
    void stop(Status status, const DataText &why);
    void log(const DataText &text);
    void expect(Wait wait);
    // Applies the command under way with the dice of (a, b) or none; both sides do the same.
    void applyPending(const QByteArray *a, const QByteArray *b, int committer,
                      const QByteArray &commit);
    void applyPendingNow(const QByteArray *a, const QByteArray *b, int committer,
                         const QByteArray &commit);
    // Masked games (docs/network.md, "Masked games").
    [[nodiscard]] bool offersMasking() const;
    void startDice(); // after hello (and a masked game's commitments): the start's dice
    // The command under way has its dice (a, b; null: none): the sender sends its reveals,
    // the receiver waits for them.
    void maskedDiceKnown(const QByteArray *a, const QByteArray *b, int committer,
                         const QByteArray &commit);
    void onPeerReveal(const Message &m);
    // The command under way applied to our masked game with the dice of the exchange (not
    // kept): for prepare().
    [[nodiscard]] ApplyResult tryPending(const Command &c, std::vector<int> *drawn) const;
    // m_game built again on the masked game's setup (after reveals), its history replayed.
    bool rebuildMasked(DataText *why);
    // A masked game over: the whole game, replayed from the agreed setup; false: stopped.
    bool finishMasked();
    // m_game, a masked game over, made the whole game replayed from the agreed setup (its
    // record kept, and its secrets until the peer agrees on the end: endAgreed()); false, why.
    bool wholeFromMasked(DataText *why);
    // Both sides have the end of a masked game (the last state hashes, or a resume level at
    // it): the secrets go; both sides' games are the same.
    void endAgreed();
    // A masked game over on this side whose end the peer has not agreed on (it dropped before
    // the last command reached it): we hold the whole game and our secrets, and go back to the
    // peer's count, masked, when it resumes behind us.
    [[nodiscard]] bool maskedEndHere() const;
    void stopMasked(const DataText &why); // a reveal that does not match: the game stops
    void recordReveals(int index, const std::vector<HiddenReveal> &reveals,
                       const std::vector<SealedReveal> &sealed);
    [[nodiscard]] QByteArray maskedHash() const;
    // Resuming a masked game (docs/network.md, "Masked games"): our game, both masked games,
    // secrets and record rebuilt from `from` cut to `commands` (maskedresume.h); false, why.
    bool restoreMasked(const Game &from, int commands, DataText *why);
    // The hash a resume compares after `commands` commands: a masked game's over the third
    // party's view (as in play), the whole state's otherwise.
    [[nodiscard]] QByteArray resumeHash(int commands) const;
    // The command message of a masked game (the sent form, the reveals it names), the command
    // under way's masked parts set: for submit() and a committer's exchange again.
    [[nodiscard]] Message maskedCommandMessage(int seq, const Command &command, bool dice);
    // The peer's command `seq` is not the one whose dice it saw before a drop: the game stops
    // (true).
    bool playsOtherThanBound(int seq, const Command &command);
    // A masked game's sealed choice applied: both masked games take it too; false: stopped.
    bool applySealedMasked(const Command &sealedCommand);
    void startGame(const QByteArray &a, const QByteArray &b);
    void afterApplied(); // sends our hash, waits for theirs
    void becomeIdle();
    void onResume(const Message &m);
    void sendHello(bool withFeatures);
    // A hello's features: whether both programs seal secret choices.
    void onPeerFeatures(const Message &hello);
    // The pair of a sealed choice is complete: applies the sealed command (no dice), then the
    // other answer (m_pending, its player) with its dice exchange as any command.
    void applySealedPair(const Command &sealedCommand, int sealer, const QByteArray &nonce);
    // After a resume, or when a sealed choice is under way: send it again / wait for it.
    void continueSealed();
    // Our command's dice: a fresh nonce, committed to (Game::dicePending kept first).
    void commitDice(int seq);
    // After a resume with our exchange open: the same command and commitment again.
    void continueExchange();
    // The peer's exchange for command `seq` open at a drop with our nonce sent (binding).
    [[nodiscard]] std::optional<Game::DicePending> bindingExchange(int seq) const;

    GameSetup m_setup;
    int m_side = 0;
    QByteArray m_setupHash;
    QTcpServer *m_server = nullptr;
    QPointer<QTcpSocket> m_socket;
    FrameReader m_reader;
    QTimer m_timer;
    int m_timeoutMs = 10'000;
    bool m_patientHello = false;
    Status m_status = Status::Connecting;
    DataText m_statusText;
    Wait m_wait = Wait::Nothing;
    ExchangeDice m_dice;
    std::unique_ptr<Game> m_game;
    // The exchange under way.
    std::optional<Command> m_pending;
    int m_pendingPlayer = -1;
    QByteArray m_myNonce;
    QByteArray m_theirNonce;
    QByteArray m_commit;
    QByteArray m_myHash;
    int m_hashSeq = 0;
    // Sealed secret choices (feature kFeatureSealedChoices).
    bool m_offerSealing = true;
    bool m_sealsChoices = false;
    bool m_sentFeatures = false; // our hello offered them
    bool m_plainHelloSent = false; // and we said hello again without (an older peer)
    bool m_featureErrorSeen = false; // the older program's refusal of our first hello
    bool m_peerErrorWhy = false; // the peer's hello announced kFeatureErrorWhy
    bool m_clearLogged = false;
    bool m_unmaskedLogged = false; // v1.2.4: hidden models not masked (said once)
    std::optional<Message> m_peerHello; // the peer's hello on this connection
    // The sealed choice under way: the game's sealedPending() holds it (saved with the game);
    // here the second answer once given (ours, or the peer's), and its state.
    std::optional<Command> m_sealedAnswer;
    std::optional<SealedFollowUp> m_followUp;
    // A masked game (kFeatureMaskedSecrets).
    bool m_offerMasking = false;
    bool m_masks = false;
    // The game in hand is masked (it resumes only masked), or a masked game over whose end the
    // peer has not agreed on yet (maskedEndHere()).
    bool m_maskedGame = false;
    std::optional<ModelSecrets> m_secrets; // ours
    std::vector<QString> m_peerCommitments; // by model id (ours empty)
    std::optional<MaskedView> m_view; // our masked game (the engine's side of game())
    std::optional<MaskedView> m_model; // our model of the peer's masked game
    // The command under way: as the peer's game applies it (a sealed Embark), its commitment,
    // the reveals that came with it, its dice and our reveals for it.
    std::optional<Command> m_sentForm;
    QByteArray m_sentSealed;
    std::vector<HiddenReveal> m_withCommand;
    std::vector<SealedReveal> m_withCommandSealed;
    QByteArray m_pa, m_pb, m_pcommit;
    bool m_pdice = false;
    int m_pcommitter = 0;
    std::vector<int> m_pdrawn;
    std::optional<MaskedMove> m_myMove;
    // The reveals for one command come in three: the player's who played it, the other's,
    // then the player's again (what the other's made public of its own in turn).
    int m_revealRound = 0;
    std::optional<MaskedMove> m_theirFirst;
    std::vector<std::pair<int, Command>> m_peerSealedReal; // the peer's sealed Embarks revealed
    MaskedRecord m_record;
    std::optional<MaskedLobby> m_lobby; // setMaskedLobby
    // Resuming a masked game: the session's setup is the saved game's (setSetupFromSavedGame),
    // and the hash of the third party's setup, which a peer may say hello with (a peer that
    // resumes from its file: checked by a side holding the whole setup).
    bool m_fromSaved = false;
    QByteArray m_thirdSetupHash;
    // This side holds the whole setup of a masked game it resumes: it says so in hello
    // (kFeatureThirdPartySetup) and takes the third party's setup hash too.
    [[nodiscard]] bool checksThirdPartySetup() const;
};

} // namespace jw::net
