// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/command.h"
#include "engine/maskedview.h"
#include "units/datatext.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace jw::net {

// The network protocol of jwfleet (docs/network.md): each message is a frame, a
// 4-byte big-endian length then that many bytes of one compact JSON object
// {"type": ..., fields}. The decoder is strict: a frame over kMaxFrameBytes, a
// type it does not know, a field it does not know or of the wrong type or range
// is refused with a sentence, never an exception, and nothing is changed.
inline constexpr int kProtocolVersion = 1;
inline constexpr qsizetype kMaxFrameBytes = 1024 * 1024;
inline constexpr int kMaxChatChars = 2000;
inline constexpr int kMaxNameChars = 120; // join: a player's name (io::kMaxNameLength)
inline constexpr int kMaxSeq = 100'000'000; // commands in one game: far beyond any
// The port a club server (jwfleet-server) listens on unless told otherwise.
inline constexpr quint16 kDefaultClubPort = 47475;
inline constexpr int kMaxClubGames = 1000; // club-games: open games in one list
inline constexpr int kMaxClubSpectators = 100'000; // club-games: a game's spectators
// A club server that went away is tried again after 1 s, then each wait twice the last, at
// most 30 s (the GUI's lobby, the CLI's club clients): the wait after `previous` seconds (0:
// the first).
inline constexpr int kFirstRetrySeconds = 1;
inline constexpr int kMaxRetrySeconds = 30;
[[nodiscard]] constexpr int nextRetrySeconds(int previous)
{
    return previous <= 0 ? kFirstRetrySeconds
                         : (2 * previous < kMaxRetrySeconds ? 2 * previous : kMaxRetrySeconds);
}

// A club server's bye when it shuts down with the game saved (ClubServer::shutdown: "the server
// is shutting down; game N is saved: ..."), also as a ClubClient's failure ("the club server
// refused: ..."): the server started again on its games folder has the game, and its players
// (or the creator of a game still open) take their seats again with their tokens.
[[nodiscard]] inline bool isShutdownBye(const QString &why)
{
    return why.contains(QLatin1String("the server is shutting down; game"));
}

enum class MessageType {
    Hello, // protocol, setup (SHA-256 of the game's setup, hex), side (the sender's player)
    Command, // seq (the command's number, 1-based), command (commandToJson)
    DiceCommit, // seq (0: the start's dice), hash: SHA-256 of the committer's nonce
    DiceReveal, // seq, nonce: the responder's nonce in clear, then the committer's
    StateHash, // seq, hash: SHA-256 of the state after command seq (0: the start)
    Chat, // text
    Bye, // text (why, may be empty)
    Error, // text: why the sender refused the last message[, why: the same as a sentence to
    // translate (DataText::toJson), optional, added later: its English is `text`]
    Resume, // seq (the commands the sender's game has), hash: its state's; after hello
    // Added for the GUI's lobby (NetLobby), before hello: a joiner's offer, and the host's
    // answer, the game both then play.
    Join, // name (the joiner's player name), fleet (its fleet file, YAML text)
    GameSetup, // game: a saved game of no commands (GameFile), its setup the game's
    // Added for the club server (jwfleet-server, ClubServer), before hello.
    ClubCreate, // game: a saved game of no commands; its creator plays player 0
    ClubCreated, // id: the server's number of the game just created (open until joined)
    ClubList, // (paused, all, watch: optional): which games are open? (watch: and tell me
    // again when that changes)
    ClubGames, // games: [{id, name, scenario, rules[, ...]}][, watch: sent again on changes]
    ClubJoin, // id, name, fleet: join open game `id` as player 1 with this fleet (YAML)
    ClubSeat, // id, side, token: the server to a player, before game-setup: its seat's token
    ClubRejoin, // id, side, token: take one's seat again in game `id` after a drop (then resume)
    ClubWatch, // id: spectate game `id` (public events only)
    ClubEvent, // seq, kind, text, player: one public event of agreed command seq (0: the start)
    // Added for sealed secret choices (feature "sealed-choices", announced in hello).
    ChoiceCommit, // seq, hash: SHA-256(nonce ‖ the command's compact JSON), the command unsent
    ChoiceReveal, // seq, nonce, command: the sealed command and its nonce, after the other answer
    // Added later: a spectator's board (asked for by club-watch's optional `board`).
    ClubBoard, // seq, board: the public board after agreed command seq (spectatorboard.h)
    // Added for masked games (feature "masked-secrets", v1.2.4 secret information).
    Commitments, // hashes: the commitments of the sender's models, in the order of its fleet
    Reveal // seq, models: [{model, nonce, entry}], sealed: [{command, nonce, play}]
};

// A player's fleet as the club's lobby lists it: its name and agreed points.
struct ClubFleetInfo
{
    QString name; // may be empty
    int points = 0; // the agreed points value of the game
    friend bool operator==(const ClubFleetInfo &, const ClubFleetInfo &) = default;
};

// hello's optional `features`: what the sender's program can do beyond protocol 1.
inline const QString kFeatureSealedChoices = QStringLiteral("sealed-choices");
// join's optional `features`: the joiner shows the game to its player before it begins (the
// host answers game-setup with `offer` and waits for the joiner's hello, or its bye).
inline const QString kFeatureOffer = QStringLiteral("offer");
// A club request's optional `features` (club-create, club-join, club-rejoin, club-watch,
// club-list): the client reads an error's `why` (its refusal in the client's language); the
// server sends `why` to that connection only.
inline const QString kFeatureErrorWhy = QStringLiteral("error-why");
// club-create's optional `features`: the creator can take its open game back after the
// server restarts (the server sends it club-seat, side 0 and its token, after club-created;
// club-rejoin with that token takes the game back, answered club-created).
inline const QString kFeatureOpenSeat = QStringLiteral("open-seat");
// v1.2.4 secret information masked (docs/network.md, "Masked games"): the other side's hidden
// models are commitments, revealed when the rules make them public.
inline const QString kFeatureMaskedSecrets = QStringLiteral("masked-secrets");
// A masked game's secret choices sealed too (docs/network.md, "Secret choices"): offered with
// kFeatureSealedChoices and kFeatureMaskedSecrets by a program that seals them in a masked
// game (an older one that masks sends them in clear there).
inline const QString kFeatureMaskedSealedChoices = QStringLiteral("masked-sealed-choices");
// A lobby that sends commitments, not cards (docs/network.md, "A masked lobby"): join's
// optional `features` says it (with kFeatureMaskedSecrets), and the join then carries the
// fleet's public part (its models as stand-ins) and `commitments`; a host that takes it answers
// with the game masked for both sides (thirdPartySetup), one that does not (its game is not
// masked) refuses with kMaskedLobbyRefusal, and the joiner joins again with its fleet in clear.
inline const QString kFeatureMaskedLobby = QStringLiteral("masked-lobby");
// hello's optional `features`, resuming a masked game (docs/network.md, "Resume Network Game…
// from a masked game's files"): the sender holds the whole setup (a script's, as the CLI's
// peers), says hello with its hash, and checks a peer's hash over the third party's setup
// (thirdPartySetup) too: a peer resuming from its saved (masked) file, which says hello with
// that hash and cannot check the whole one, leaves the check to the sender.
inline const QString kFeatureThirdPartySetup = QStringLiteral("third-party-setup");
inline const QString kMaskedLobbyRefusal
    = QStringLiteral("this game is not masked: join with the fleet in clear");
inline constexpr int kMaxReveals = 1000; // commitments, reveal: models in one message
inline constexpr int kMaxFeatures = 16;

// One open game of a club server's lobby (club-games).
struct ClubGameInfo
{
    int id = 0;
    QString name; // the creator's player name
    QString scenario; // scenario id
    QString rules; // rules profile id
    // Optional, sent only for a paused game (a player dropped, or a game a restarted server
    // took up), listed only when club-list asks for them: its players take their seats
    // again with club-rejoin.
    bool paused = false;
    int commands = 0; // the commands agreed so far
    QString opponent; // player 1's name
    // Optional, sent only when club-list asks for `all` (the games under way too): a game
    // under way (or paused), its turn, its spectators, and the players' fleets (one for an
    // open game: its creator's). `opponent` and `commands` are then sent for it too.
    bool playing = false;
    int turn = 0;
    int spectators = 0;
    std::vector<ClubFleetInfo> fleets;
    friend bool operator==(const ClubGameInfo &, const ClubGameInfo &) = default;
};

[[nodiscard]] QString messageTypeId(MessageType t); // "hello", "command", "dice-commit", ...

struct Message
{
    MessageType type = MessageType::Hello;
    int protocol = kProtocolVersion; // hello
    QByteArray setupHash; // hello: 32 bytes
    int side = 0; // hello
    int seq = 0; // command, dice-commit, dice-reveal, state-hash
    std::optional<Command> command; // command
    QByteArray bytes; // dice-commit, state-hash: the hash; dice-reveal: the nonce (32 bytes);
                      // club-seat, club-rejoin: the seat's token (32 bytes)
    QString text; // chat, bye, error; join: the fleet file (YAML; a masked lobby's: stand-ins)
    // error (optional field `why`): `text` as a sentence the receiver shows in its user's
    // language; empty when not sent (an older program: `text` is shown). Its English is `text`.
    DataText why;
    QString name; // join: the player's name
    QByteArray game; // game-setup, club-create: the saved game (compact JSON of an object)
    int id = 0; // club-created, club-join, club-rejoin: the club's game number (from 1)
    std::vector<ClubGameInfo> games; // club-games
    int player = -1; // club-event: whose action (-1: none); kind in `name`, text in `text`
    bool paused = false; // club-list: list the paused games too (optional field)
    // hello (optional field): the sender's features (kFeatureSealedChoices); sent only when
    // not empty, so an older peer reads such a hello as before. join (optional field): the
    // joiner's (kFeatureOffer), likewise. club-create, club-join, club-rejoin, club-watch,
    // club-list (optional field): kFeatureErrorWhy.
    QStringList features;
    bool all = false; // club-list: the games under way too, with details (optional field)
    bool withBoard = false; // club-watch: send the board too (club-board; optional field)
    // club-list (optional field): keep the connection and send the listing again when it
    // changes; club-games: the server does (this connection watches the lobby).
    bool watch = false;
    QJsonObject board; // club-board: the public board (spectatorboard.h)
    // game-setup (optional field, only to a joiner whose join had the feature "offer"): the
    // host waits for the joiner's player to accept the game (its hello) or decline it (bye).
    bool offer = false;
    // Masked games: commitments' hashes (64 hex digits each; a masked lobby's join's too); a
    // reveal's models and sealed commands, also a command's optional `reveals` and `sealed_reveals`
    // (the hidden models it names, and their sealed Embarks) and `sealed` (the commitment of a
    // sealed Embark, in sealedHash; empty: none).
    QStringList hashes;
    std::vector<HiddenReveal> reveals;
    std::vector<SealedReveal> sealedReveals;
    QByteArray sealedHash;

    [[nodiscard]] static Message hello(const QByteArray &setupHash, int side,
                                       const QStringList &features = {});
    [[nodiscard]] static Message commandMessage(int seq, const Command &command);
    [[nodiscard]] static Message diceCommit(int seq, const QByteArray &hash);
    [[nodiscard]] static Message diceReveal(int seq, const QByteArray &nonce);
    [[nodiscard]] static Message stateHash(int seq, const QByteArray &hash);
    [[nodiscard]] static Message resume(int seq, const QByteArray &hash);
    [[nodiscard]] static Message withText(MessageType type, const QString &text);
    // An error whose text is `why`'s English (cut to kMaxChatChars), with `why` itself when it
    // is a sentence to translate and is not cut.
    [[nodiscard]] static Message error(const DataText &why);
    // `commitments` (a masked lobby's join, with kFeatureMaskedLobby): the joiner's models'
    // commitments, in its fleet's order; `fleetYaml` then the fleet's public part (stand-ins).
    [[nodiscard]] static Message join(const QString &name, const QString &fleetYaml,
                                      const QStringList &features = {},
                                      const QStringList &commitments = {});
    [[nodiscard]] static Message gameSetup(const QByteArray &savedGame, bool offer = false);
    // `commitments` (a masked lobby's, with kFeatureMaskedLobby): the creator's models'
    // commitments, in its fleet's order; `savedGame`'s player 0 then its fleet's public part.
    [[nodiscard]] static Message clubCreate(const QByteArray &savedGame,
                                            const QStringList &commitments = {});
    [[nodiscard]] static Message clubCreated(int id);
    [[nodiscard]] static Message clubList(bool paused = false, bool all = false,
                                          bool watch = false);
    [[nodiscard]] static Message clubGames(std::vector<ClubGameInfo> games, bool watch = false);
    // `commitments`: as join's (a masked lobby's, with kFeatureMaskedLobby).
    [[nodiscard]] static Message clubJoin(int id, const QString &name, const QString &fleetYaml,
                                          const QStringList &commitments = {});
    [[nodiscard]] static Message clubSeat(int id, int side, const QByteArray &token);
    [[nodiscard]] static Message clubRejoin(int id, int side, const QByteArray &token);
    [[nodiscard]] static Message clubWatch(int id, bool board = false);
    [[nodiscard]] static Message clubBoard(int seq, const QJsonObject &board);
    // bytes: the commitment (choice-commit) or the nonce (choice-reveal).
    [[nodiscard]] static Message choiceCommit(int seq, const QByteArray &hash);
    [[nodiscard]] static Message choiceReveal(int seq, const QByteArray &nonce,
                                              const Command &command);
    [[nodiscard]] static Message commitments(const QStringList &hashes);
    [[nodiscard]] static Message reveal(int seq, std::vector<HiddenReveal> models,
                                        std::vector<SealedReveal> sealed);
    [[nodiscard]] static Message clubEvent(int seq, const QString &kind, const QString &text,
                                           int player);
};

// The JSON payload of a message (no length prefix) and the whole frame.
[[nodiscard]] QByteArray encodePayload(const Message &message);
[[nodiscard]] QByteArray encodeFrame(const Message &message);

struct Decoded
{
    std::optional<Message> message;
    QString error; // why the payload was refused (message empty), in English (the wire, logs)
    DataText why; // the same, also in the user's language (why.translated())
};
// Never throws; every field's type and range is checked.
[[nodiscard]] Decoded decodePayload(const QByteArray &payload);

// Cuts a byte stream into frames. A frame over the cap is skipped (its bytes are
// read and dropped as they come) and reported once as an error.
class FrameReader
{
public:
    struct Item
    {
        QByteArray payload;
        QString error; // an oversized frame; payload empty (English)
        DataText why; // the same, also in the user's language
    };
    // Appends `bytes` and returns the frames (or errors) complete so far.
    [[nodiscard]] std::vector<Item> feed(const QByteArray &bytes);
    [[nodiscard]] qsizetype buffered() const { return m_buffer.size(); }

private:
    QByteArray m_buffer;
    quint64 m_skip = 0; // bytes of an oversized frame still to drop
};

} // namespace jw::net
