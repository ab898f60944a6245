#pragma once

#include "dice/dicesource.h"
#include "engine/engine.h"

#include <QString>

#include <memory>
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
    friend bool operator==(const GameRecordEntry &, const GameRecordEntry &) = default;
};

// A game being played: the engine, the current state, the history (for undo,
// saving, replays) and the log. The table view, the CLI and tests drive it.
class Game
{
public:
    // Dice from the seed (digital play), or from `dice` (a physical table: the
    // faces typed in; the game then records them).
    explicit Game(GameSetup setup, DiceSource *dice = nullptr);

    [[nodiscard]] const Engine &engine() const { return m_engine; }
    [[nodiscard]] const GameSetup &setup() const { return m_engine.setup(); }
    [[nodiscard]] const GameState &state() const { return m_states.back(); }
    [[nodiscard]] const std::vector<GameRecordEntry> &history() const { return m_history; }
    // The events of the start (index 0) and of each command (index i + 1).
    [[nodiscard]] const std::vector<std::vector<GameEvent>> &log() const { return m_log; }
    [[nodiscard]] const GameState &stateAfter(int commands) const
    {
        return m_states[std::size_t(commands)];
    }
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

    ApplyResult apply(const Command &command);

    // Undo the last command while it rolled no dice and revealed nothing
    // (ARCHITECTURE.md: undo is a replay to an earlier command).
    [[nodiscard]] bool canUndo() const;
    bool undo();

    // Replays a recorded history (loading a game file): stops at the first
    // command that is refused or whose dice differ, and says why.
    [[nodiscard]] std::optional<QString> replay(const std::vector<GameRecordEntry> &history);

private:
    Engine m_engine;
    DiceSource *m_external = nullptr;
    std::uint64_t m_position = 0; // dice drawn from the seed by accepted commands
    std::vector<std::uint64_t> m_positions;
    std::vector<GameState> m_states;
    std::vector<GameRecordEntry> m_history;
    std::vector<int> m_startDice;
    std::optional<Rejection> m_startRejection;
    std::vector<std::vector<GameEvent>> m_log;
};

} // namespace jw
