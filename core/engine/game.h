// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "dice/dicesource.h"
#include "dice/fairdice.h"
#include "engine/engine.h"
#include "units/datatext.h"

#include <QString>

#include <deque>
#include <memory>
#include <optional>
#include <vector>

namespace jw {

// Dice for digital games: the i-th die of a game is a pure function of the
// seed and i. A refused command consumes nothing, so a game replays exactly
// from (setup, seed, accepted commands).
class CounterDiceSource final : public DiceSource
{
public:
    CounterDiceSource(std::uint64_t seed, std::uint64_t position)
        : m_seed(seed)
        , m_position(position)
    { }
    int rollD6() override;
    [[nodiscard]] std::uint64_t position() const { return m_position; }

private:
    std::uint64_t m_seed;
    std::uint64_t m_position;
};

// One accepted command of a game's history, with the dice it consumed (new dice
// only; an answer's re-resolution replays the dice its command already had).
struct GameRecordEntry
{
    Command command;
    int player = 0;
    std::vector<int> dice;
    // Why the computer opponent chose it (docs/ai.md), typed (a saved game's English reads
    // back as Message::plain); empty: a person's.
    Message reason = {};
    // The same command, dice and reason as the saved game keeps them (the reason's English).
    friend bool operator==(const GameRecordEntry &a, const GameRecordEntry &b)
    {
        return a.command == b.command && a.player == b.player && a.dice == b.dice
            && a.reason.english() == b.reason.english();
    }
};

// A game being played: the engine, the current state, the history (for undo,
// saving, replays) and the log. The table view, the CLI and tests drive it.
//
// The history keeps a full state only every `snapshotInterval` commands, or
// sooner after commands that took long to resolve (so that no rebuild replays
// much more than kSnapshotBudgetNs of work, and never a slow command), and the
// current one: any other state is rebuilt by replaying the recorded commands
// with their recorded dice from the nearest snapshot before it. A small
// cache of consecutive states makes the usual walks cheap: undo, and a replay
// stepping forwards (one command applied) or backwards (a block rebuilt once).
// A masked game's record (v1.2.4 secret information between two computers,
// docs/network.md "Masked games"): the commitment of every model, each reveal and each sealed
// Embark. Saved as the optional `masked`; GameFile::verifyMasked checks it against the game.
struct MaskedRecord
{
    std::vector<QString> commitments; // by model id, 64 hex digits
    struct Reveal
    {
        int command = 0; // revealed with command `command` (0-based)
        int model = 0;
        QByteArray nonce; // 32 bytes
        friend bool operator==(const Reveal &, const Reveal &) = default;
    };
    std::vector<Reveal> reveals;
    struct Sealed
    {
        int command = 0; // the sealed Embark's index
        QByteArray hash; // 32 bytes: SHA-256(nonce ‖ the command's compact JSON)
        QByteArray nonce; // 32 bytes
        friend bool operator==(const Sealed &, const Sealed &) = default;
    };
    std::vector<Sealed> sealed;
    friend bool operator==(const MaskedRecord &, const MaskedRecord &) = default;
};

// One player's own secrets in a masked game (docs/network.md, "Masked games": a drop and a
// resume): the nonce of each model of its fleet and its sealed Embarks not yet revealed. Kept
// in that player's saved game only (the optional `masked_secrets`), so that a masked game
// resumes from it; never sent.
struct MaskedSecrets
{
    int player = 0;
    std::vector<QByteArray> nonces; // by the player's fleet entry, 32 bytes each
    struct Seal
    {
        int command = 0; // the sealed Embark's index
        QByteArray nonce; // 32 bytes
        Command play; // the Embark itself
        friend bool operator==(const Seal &, const Seal &) = default;
    };
    std::vector<Seal> seals;
    friend bool operator==(const MaskedSecrets &, const MaskedSecrets &) = default;
};

class Game
{
public:
    // The interval chosen by measurement (docs/performance.md, "Game history").
    static constexpr int defaultSnapshotInterval = 16;

    // Dice from the seed (digital play), or from `dice` (a physical table: the
    // faces typed in; the game then records them).
    explicit Game(GameSetup setup, DiceSource *dice = nullptr,
                  int snapshotInterval = defaultSnapshotInterval);

    [[nodiscard]] const Engine &engine() const { return m_engine; }
    [[nodiscard]] const GameSetup &setup() const { return m_engine.setup(); }
    [[nodiscard]] const GameState &state() const { return m_current; }
    [[nodiscard]] const std::vector<GameRecordEntry> &history() const { return m_history; }
    // The events of the start (index 0) and of each command (index i + 1).
    [[nodiscard]] const std::vector<std::vector<GameEvent>> &log() const { return m_log; }
    // The state after the first `commands` commands (0: the start), rebuilt from
    // the nearest snapshot when it is not at hand.
    [[nodiscard]] GameState stateAfter(int commands) const;
    // The same without a copy: valid until the next call on this Game (a walk through
    // the history, the replay viewer's steps, reads it and lets it go).
    [[nodiscard]] const GameState &stateAt(int commands) const;
    // What the table's lists need of every state, without rebuilding it: the turn,
    // and the model activating (-1: none).
    [[nodiscard]] int turnAfter(int commands) const { return m_marks[std::size_t(commands)].turn; }
    [[nodiscard]] int activeModelAfter(int commands) const
    {
        return m_marks[std::size_t(commands)].activeModel;
    }
    [[nodiscard]] int snapshotInterval() const { return m_interval; }
    [[nodiscard]] LegalCommands legalCommands() const { return m_engine.legalCommands(state()); }
    // Dice from the seed; false: from the source given (typed in, forced by a script).
    [[nodiscard]] bool usesSeed() const { return m_external == nullptr; }
    // The dice the start rolled (Initiative by Random Selection).
    [[nodiscard]] const std::vector<int> &startDice() const { return m_startDice; }
    // Why the game could not start (typed-in or scripted dice ran out); then
    // state() is empty and no command is accepted.
    [[nodiscard]] const std::optional<Rejection> &startRejection() const
    {
        return m_startRejection;
    }

    // `reason`: why the computer opponent chose it (kept in the history, the log and the
    // saved game); empty for a person's command.
    ApplyResult apply(const Command &command, const Message &reason = {});

    // Undo the last command while it rolled no dice and revealed nothing
    // (ARCHITECTURE.md: undo is a replay to an earlier command). On a physical table any
    // command (the dice were rolled on the table: undoing re-rolls nothing).
    [[nodiscard]] bool canUndo() const;
    bool undo();
    // Re-apply the last command undone, with the dice it had (a command applied since, or a
    // replay, clears what may be redone).
    [[nodiscard]] bool canRedo() const { return !m_redo.empty(); }
    bool redo();

    // Network play (docs/network.md): the commit-reveal exchange each die came from, in
    // the order of the commands (the start's first). Kept with the game and its file;
    // undo does not apply to a network game.
    [[nodiscard]] const std::vector<DiceExchange> &diceExchanges() const { return m_exchanges; }
    void addDiceExchange(DiceExchange exchange) { m_exchanges.push_back(std::move(exchange)); }
    void setDiceExchanges(std::vector<DiceExchange> exchanges)
    {
        m_exchanges = std::move(exchanges);
    }

    // Network play: the secret choices answered sealed (their commitments and nonces), and
    // the one under way while the other player answers (its command index is the next
    // command's; its nonce and command known only to the side that sealed it, so that a
    // game resumed from its file reveals the choice it committed to).
    struct SealedPending
    {
        int command = 0;
        int sealer = 0;
        QByteArray hash;
        QByteArray nonce; // empty: the other side's
        std::optional<Command> choice; // the sealer's only
        friend bool operator==(const SealedPending &, const SealedPending &) = default;
    };
    // Network play: the dice exchange of the next command while it is open (docs/network.md,
    // "A drop with the dice exchange open"): its commitment, the command it rolls for, and
    // the nonces this side knows (the committer's own nonce: its file only; the responder's,
    // once sent). Once the responder has sent its nonce the exchange is binding: a game
    // resumed from either side's file completes it with the same nonces, never new ones.
    struct DicePending
    {
        int command = 0; // the index the command will have
        int committer = 0;
        QByteArray commit;
        Command play;
        QByteArray nonce; // the committer's; empty: not known to this side
        QByteArray responderNonce; // empty: not sent yet
        friend bool operator==(const DicePending &, const DicePending &) = default;
    };
    [[nodiscard]] const std::optional<DicePending> &dicePending() const { return m_dicePending; }
    void setDicePending(std::optional<DicePending> pending) { m_dicePending = std::move(pending); }

    // Network play between two computers: which side this program played and how it was
    // connected, so that a game resumed another day need not ask (the optional `network` of
    // the saved game; docs/network.md). Not part of the game: the two players' files differ
    // in it only.
    struct NetworkSeat
    {
        int localPlayer = 0; // 0 or 1: the player this program played
        bool host = true; // hosted (listened), or joined the other computer
        QString address; // the host's address, as the joiner typed it; empty for the host
        quint16 port = 0; // the port listened on or connected to; 0: not recorded
        friend bool operator==(const NetworkSeat &, const NetworkSeat &) = default;
    };
    [[nodiscard]] const std::optional<NetworkSeat> &network() const { return m_network; }
    void setNetwork(std::optional<NetworkSeat> seat) { m_network = std::move(seat); }

    [[nodiscard]] const std::vector<SealedChoice> &sealedChoices() const { return m_sealed; }
    void addSealedChoice(SealedChoice choice) { m_sealed.push_back(std::move(choice)); }
    void setSealedChoices(std::vector<SealedChoice> choices) { m_sealed = std::move(choices); }
    [[nodiscard]] const std::optional<MaskedRecord> &maskedRecord() const { return m_masked; }
    void setMaskedRecord(std::optional<MaskedRecord> record) { m_masked = std::move(record); }
    // This player's own secrets in a masked game (its saved game only).
    [[nodiscard]] const std::optional<MaskedSecrets> &maskedSecrets() const
    {
        return m_maskedSecrets;
    }
    void setMaskedSecrets(std::optional<MaskedSecrets> secrets)
    {
        m_maskedSecrets = std::move(secrets);
    }

    [[nodiscard]] const std::optional<SealedPending> &sealedPending() const
    {
        return m_sealedPending;
    }
    void setSealedPending(std::optional<SealedPending> pending)
    {
        m_sealedPending = std::move(pending);
    }

    // Replays a recorded history (loading a game file): stops at the first
    // command that is refused or whose dice differ, and says why.
    // `why`: the same as a sentence to translate (may be null).
    [[nodiscard]] std::optional<QString> replay(const std::vector<GameRecordEntry> &history,
                                                DataText *why = nullptr);

private:
    // Per state (index: commands applied), what is kept when the state is not.
    struct Mark
    {
        int turn = 0;
        int activeModel = -1;
        bool undoable = false; // the command that led here may be taken back (canUndo)
    };

    // Appends an accepted command and the state it led to.
    // `costNs`: how long the engine took to resolve it.
    void record(GameRecordEntry entry, const GameState &before, GameState after,
                std::vector<GameEvent> events, qint64 costNs);
    // Makes the cache hold state `commands` (and returns it), replaying from the
    // nearest snapshot or from the cache's last state.
    const GameState &cached(int commands) const;
    // The state after command `index` (0-based) applied to `before`, with its recorded dice.
    [[nodiscard]] GameState replayed(const GameState &before, std::size_t index) const;
    [[nodiscard]] static Mark markOf(const GameState &state);

    // States play keeps at hand for undo (more undos in a row rebuild from a snapshot).
    static constexpr int kUndoStates = 4;
    // Engine time after which a snapshot is kept, even before the interval is over.
    static constexpr qint64 kSnapshotBudgetNs = 10'000'000;

    struct Snapshot
    {
        int commands = 0; // the state after this many commands
        GameState state;
    };

    Engine m_engine;
    DiceSource *m_external = nullptr;
    int m_interval = defaultSnapshotInterval;
    std::uint64_t m_position = 0; // dice drawn from the seed by accepted commands
    std::vector<std::uint64_t> m_positions;
    GameState m_current;
    std::vector<Snapshot> m_snapshots; // by commands, the first at 0
    qint64 m_costSinceSnapshot = 0; // engine time of the commands after the last snapshot
    std::vector<Mark> m_marks;
    // Consecutive states m_cacheStart, m_cacheStart + 1, ...: at most m_interval + 1 of
    // them. Filled by play (the recent states, for undo) and by stateAfter();
    // a cache only, so const queries may change it.
    mutable std::deque<GameState> m_cache;
    mutable int m_cacheStart = 0;
    std::vector<GameRecordEntry> m_history;
    std::vector<GameRecordEntry> m_redo; // undone, the next to redo last
    std::vector<int> m_startDice;
    std::optional<Rejection> m_startRejection;
    std::vector<std::vector<GameEvent>> m_log;
    std::vector<DiceExchange> m_exchanges;
    std::vector<SealedChoice> m_sealed;
    std::optional<SealedPending> m_sealedPending;
    std::optional<MaskedRecord> m_masked;
    std::optional<MaskedSecrets> m_maskedSecrets;
    std::optional<DicePending> m_dicePending;
    std::optional<NetworkSeat> m_network;
};

} // namespace jw
