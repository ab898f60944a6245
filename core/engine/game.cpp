// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/game.h"

#include "dice/recordingdice.h"

#include <QElapsedTimer>

#include <algorithm>

namespace jw {

namespace {
// SplitMix64: a well-mixed 64-bit hash of (seed, counter).
std::uint64_t mix(std::uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

} // namespace

int CounterDiceSource::rollD6()
{
    // Each die gets its own stream of 64-bit values; values in the last partial
    // block of six are redrawn (no modulo bias).
    const std::uint64_t limit
        = std::numeric_limits<std::uint64_t>::max() - std::numeric_limits<std::uint64_t>::max() % 6;
    const std::uint64_t die = m_position++;
    for (std::uint64_t attempt = 0;; ++attempt) {
        const std::uint64_t v = mix(mix(m_seed ^ mix(die)) + attempt);
        if (v < limit)
            return int(v % 6) + 1;
    }
}

Game::Game(GameSetup setup, DiceSource *dice, int snapshotInterval)
    : m_engine(std::move(setup))
    , m_external(dice)
    , m_interval(std::max(1, snapshotInterval))
{
    CounterDiceSource seeded(m_engine.setup().seed, 0);
    DiceSource &src = m_external ? *m_external : static_cast<DiceSource &>(seeded);
    RecordingDiceSource rec(src);
    ApplyResult r = m_engine.start(rec);
    m_startRejection = r.rejection;
    m_startDice = rec.drawn;
    m_position = m_external ? 0 : seeded.position();
    m_positions.push_back(m_position);
    m_current = std::move(r.state);
    m_snapshots.push_back(Snapshot {0, m_current});
    m_marks.push_back(markOf(m_current));
    m_cache.push_back(m_current);
    m_log.push_back(std::move(r.events));
}

Game::Mark Game::markOf(const GameState &state)
{
    return Mark {state.turn, state.activation ? state.activation->model : -1, false};
}

void Game::record(GameRecordEntry entry, const GameState &before, GameState after,
                  std::vector<GameEvent> events, qint64 costNs)
{
    // Whether this command may be taken back, decided now while both states are
    // at hand. Dice rolled (or an attack waiting on them) cannot be taken back;
    // nor can anything that happened while a decision was pending.
    Mark mark = markOf(after);
    mark.undoable = entry.dice.empty() && !before.pending && !after.pending;
    // On a physical table the dice were rolled there, and every secret is on the table:
    // any command may be taken back (docs/physical-table.md, "The table is the truth").
    if (setup().physical())
        mark.undoable = true;
    // Secret information (v1.2.4) the opponent has now seen cannot be unseen.
    if (mark.undoable && !setup().physical() && setup().profile().secretDeployment)
        for (std::size_t i = 0; i < after.models.size() && i < before.models.size(); ++i)
            if (after.models[i].revealed != before.models[i].revealed)
                mark.undoable = false;

    m_history.push_back(std::move(entry));
    m_positions.push_back(m_position);
    m_log.push_back(std::move(events));
    m_marks.push_back(mark);
    const int commands = int(m_history.size());
    m_costSinceSnapshot += costNs;
    if (commands - m_snapshots.back().commands >= m_interval
        || m_costSinceSnapshot >= kSnapshotBudgetNs) {
        m_snapshots.push_back(Snapshot {commands, after});
        m_costSinceSnapshot = 0;
    }
    // The cache keeps the last few states, so that undo rebuilds nothing (undo
    // takes the current state out of it: `before` is then put back).
    const int cacheEnd = m_cacheStart + int(m_cache.size());
    if (m_cache.empty() || (cacheEnd != commands && cacheEnd != commands - 1)) {
        m_cache.clear();
        m_cacheStart = commands - 1;
    }
    if (m_cacheStart + int(m_cache.size()) == commands - 1)
        m_cache.push_back(before);
    m_cache.push_back(after);
    const std::size_t keep = std::size_t(std::min(m_interval, kUndoStates)) + 1;
    while (m_cache.size() > keep) {
        m_cache.pop_front();
        ++m_cacheStart;
    }
    m_current = std::move(after);
}

GameState Game::replayed(const GameState &before, std::size_t index) const
{
    // The dice the command consumed when it was played, never new ones: the
    // game's source may be a person typing dice in.
    const GameRecordEntry &e = m_history[index];
    ScriptedDiceSource dice(e.dice);
    ApplyResult r = m_engine.apply(before, e.command, dice);
    Q_ASSERT(r.ok() && dice.remaining() == 0);
    return std::move(r.state);
}

const GameState &Game::cached(int commands) const
{
    const std::size_t limit = std::size_t(m_interval) + 1;
    const auto extend = [&] {
        const int next = m_cacheStart + int(m_cache.size());
        m_cache.push_back(replayed(m_cache.back(), std::size_t(next - 1)));
        if (m_cache.size() > limit) {
            m_cache.pop_front();
            ++m_cacheStart;
        }
    };
    const int end = m_cacheStart + int(m_cache.size()); // one past the last cached state
    if (commands >= m_cacheStart && commands < end)
        return m_cache[std::size_t(commands - m_cacheStart)];
    // The nearest snapshot at or before `commands`.
    const auto snapshot
        = std::prev(std::upper_bound(m_snapshots.begin(), m_snapshots.end(), commands,
                                     [](int c, const Snapshot &s) { return c < s.commands; }));
    const int base = snapshot->commands;
    // Forwards from the cache when it is at least as close as the snapshot.
    if (!m_cache.empty() && commands >= end && end - 1 >= base) {
        while (m_cacheStart + int(m_cache.size()) <= commands)
            extend();
        return m_cache.back();
    }
    std::deque<GameState> block;
    block.push_back(snapshot->state);
    for (int c = base; c < commands; ++c)
        block.push_back(replayed(block.back(), std::size_t(c)));
    // Stepping backwards: keep the states just after, the next steps back find
    // this block and the ones forward find those.
    if (!m_cache.empty() && m_cacheStart == commands + 1)
        for (std::size_t i = 0; i < m_cache.size() && block.size() < limit; ++i)
            block.push_back(std::move(m_cache[i]));
    m_cache = std::move(block);
    m_cacheStart = base;
    return m_cache[std::size_t(commands - base)];
}

GameState Game::stateAfter(int commands) const
{
    return stateAt(commands);
}

const GameState &Game::stateAt(int commands) const
{
    Q_ASSERT(commands >= 0 && commands <= int(m_history.size()));
    if (commands == int(m_history.size()))
        return m_current;
    return cached(commands);
}

ApplyResult Game::apply(const Command &command, const Message &reason)
{
    if (m_startRejection)
        return ApplyResult {state(), {}, m_startRejection, {}};
    CounterDiceSource seeded(m_engine.setup().seed, m_position);
    DiceSource &src = m_external ? *m_external : static_cast<DiceSource &>(seeded);
    RecordingDiceSource rec(src);
    QElapsedTimer cost;
    cost.start();
    ApplyResult r = m_engine.apply(state(), command, rec);
    if (!r.ok())
        return r;
    if (!m_external)
        m_position = seeded.position();
    m_redo.clear();
    record(GameRecordEntry {command, state().toAct, rec.drawn, reason}, state(), r.state, r.events,
           cost.nsecsElapsed());
    return r;
}

bool Game::redo()
{
    if (m_redo.empty() || m_startRejection)
        return false;
    GameRecordEntry e = m_redo.back();
    // The dice it had, never new ones (the seed's, from the same position, are the same).
    ScriptedDiceSource recorded(e.dice);
    QElapsedTimer cost;
    cost.start();
    ApplyResult r = m_engine.apply(state(), e.command, recorded);
    if (!r.ok() || recorded.remaining() != 0) {
        m_redo.clear(); // cannot happen: the state is the one it was applied to
        return false;
    }
    m_redo.pop_back();
    if (!m_external)
        m_position += e.dice.size();
    record(std::move(e), state(), std::move(r.state), std::move(r.events), cost.nsecsElapsed());
    return true;
}

bool Game::canUndo() const
{
    return !m_history.empty() && m_marks.back().undoable;
}

bool Game::undo()
{
    if (!canUndo())
        return false;
    m_redo.push_back(m_history.back());
    m_history.pop_back();
    m_log.pop_back();
    m_marks.pop_back();
    m_positions.pop_back();
    m_position = m_positions.back();
    const int commands = int(m_history.size());
    while (m_snapshots.back().commands > commands)
        m_snapshots.pop_back();
    m_costSinceSnapshot = 0; // unknown; the interval still bounds the rebuilds
    // Nothing after the new end may stay cached: another command may follow.
    while (!m_cache.empty() && m_cacheStart + int(m_cache.size()) - 1 > commands)
        m_cache.pop_back();
    if (!m_cache.empty() && m_cacheStart + int(m_cache.size()) - 1 == commands) {
        // The usual case: the state is at hand; take it rather than copy it.
        m_current = std::move(m_cache.back());
        m_cache.pop_back();
    } else {
        m_current = cached(commands);
    }
    return true;
}

std::optional<QString> Game::replay(const std::vector<GameRecordEntry> &history, DataText *why)
{
    const auto fail = [&](const DataText &problem) -> std::optional<QString> {
        if (why)
            *why = problem;
        return problem.english();
    };
    m_redo.clear();
    for (std::size_t i = 0; i < history.size(); ++i) {
        const GameRecordEntry &e = history[i];
        for (std::size_t k = 0; k < e.dice.size(); ++k)
            if (e.dice[k] < 1 || e.dice[k] > 6)
                return fail(DataText::of(
                    QT_TRANSLATE_NOOP("jw::Data",
                                      "command %1 (%2) records die %3 showing %4: a die shows 1 "
                                      "to 6"),
                    {int(i + 1), commandId(e.command), int(k + 1), e.dice[k]}));
        ScriptedDiceSource recorded(e.dice);
        CounterDiceSource seeded(m_engine.setup().seed, m_position);
        DiceSource &src
            = m_external ? static_cast<DiceSource &>(recorded) : static_cast<DiceSource &>(seeded);
        RecordingDiceSource rec(src);
        QElapsedTimer cost;
        cost.start();
        ApplyResult r = m_engine.apply(state(), e.command, rec);
        if (!r.ok())
            return fail(DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "command %1 (%2) is refused: %3"),
                {int(i + 1), commandId(e.command),
                 DataText::localized(r.rejection->toString(), r.rejection->translatedString())}));
        if (rec.drawn != e.dice)
            return fail(DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                       "command %1 (%2) rolled other dice than "
                                                       "recorded: the rules or the units changed "
                                                       "since the game was saved"),
                                     {int(i + 1), commandId(e.command)}));
        if (!m_external)
            m_position = seeded.position();
        record(GameRecordEntry {e.command, e.player, rec.drawn, e.reason}, state(),
               std::move(r.state), std::move(r.events), cost.nsecsElapsed());
    }
    return std::nullopt;
}

} // namespace jw
