#include "engine/game.h"

#include "dice/dicesource.h"

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

// Replays recorded faces, counting them.
class RecordedDice final : public DiceSource
{
public:
    explicit RecordedDice(DiceSource &next)
        : m_next(next)
    { }
    int rollD6() override
    {
        const int f = m_next.rollD6();
        m_drawn.push_back(f);
        return f;
    }
    std::vector<int> m_drawn;

private:
    DiceSource &m_next;
};
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

Game::Game(GameSetup setup, DiceSource *dice)
    : m_engine(std::move(setup))
    , m_external(dice)
{
    CounterDiceSource seeded(m_engine.setup().seed, 0);
    DiceSource &src = m_external ? *m_external : static_cast<DiceSource &>(seeded);
    RecordedDice rec(src);
    ApplyResult r = m_engine.start(rec);
    m_startDice = rec.m_drawn;
    m_position = m_external ? 0 : seeded.position();
    m_positions.push_back(m_position);
    m_states.push_back(r.state);
    m_log.push_back(r.events);
}

ApplyResult Game::apply(const Command &command)
{
    CounterDiceSource seeded(m_engine.setup().seed, m_position);
    DiceSource &src = m_external ? *m_external : static_cast<DiceSource &>(seeded);
    RecordedDice rec(src);
    ApplyResult r = m_engine.apply(state(), command, rec);
    if (!r.ok())
        return r;
    if (!m_external)
        m_position = seeded.position();
    m_history.push_back(GameRecordEntry {command, state().toAct, rec.m_drawn});
    m_positions.push_back(m_position);
    m_states.push_back(r.state);
    m_log.push_back(r.events);
    return r;
}

bool Game::canUndo() const
{
    if (m_history.empty())
        return false;
    // Dice rolled (or an attack waiting on them) cannot be taken back; nor can
    // anything that happened while a decision was pending.
    const GameRecordEntry &last = m_history.back();
    return last.dice.empty() && !m_states[m_states.size() - 2].pending && !state().pending;
}

bool Game::undo()
{
    if (!canUndo())
        return false;
    m_history.pop_back();
    m_states.pop_back();
    m_log.pop_back();
    m_positions.pop_back();
    m_position = m_positions.back();
    return true;
}

std::optional<QString> Game::replay(const std::vector<GameRecordEntry> &history)
{
    for (std::size_t i = 0; i < history.size(); ++i) {
        const GameRecordEntry &e = history[i];
        for (std::size_t k = 0; k < e.dice.size(); ++k)
            if (e.dice[k] < 1 || e.dice[k] > 6)
                return QStringLiteral(
                           "command %1 (%2) records die %3 showing %4: a die shows 1 to 6")
                    .arg(i + 1)
                    .arg(commandId(e.command))
                    .arg(k + 1)
                    .arg(e.dice[k]);
        ScriptedDiceSource recorded(e.dice);
        CounterDiceSource seeded(m_engine.setup().seed, m_position);
        DiceSource &src
            = m_external ? static_cast<DiceSource &>(recorded) : static_cast<DiceSource &>(seeded);
        RecordedDice rec(src);
        ApplyResult r = m_engine.apply(state(), e.command, rec);
        if (!r.ok())
            return QStringLiteral("command %1 (%2) is refused: %3")
                .arg(i + 1)
                .arg(commandId(e.command), r.rejection->toString());
        if (rec.m_drawn != e.dice)
            return QStringLiteral("command %1 (%2) rolled other dice than recorded: the rules or "
                                  "the units changed since the game was saved")
                .arg(i + 1)
                .arg(commandId(e.command));
        if (!m_external)
            m_position = seeded.position();
        m_history.push_back(GameRecordEntry {e.command, e.player, rec.m_drawn});
        m_positions.push_back(m_position);
        m_states.push_back(r.state);
        m_log.push_back(r.events);
    }
    return std::nullopt;
}

} // namespace jw
