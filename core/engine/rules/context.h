// SPDX-License-Identifier: GPL-3.0-or-later
// Private to core/engine: what the rule modules share (the per-command Context, the refusal thrown
// from inside a resolution, the dice of one command, small helpers). Not installed, not included
// outside core/engine.
#pragma once

#include "engine/engine.h"
#include "engine/messageids.h"

#include "dice/dicepool.h"
#include "dice/diceresult.h"
#include "dice/dicesource.h"
#include "units/unit.h"

#include <QJsonArray>
#include <QString>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <deque>
#include <vector>

namespace jw {

namespace detail {

// A refusal thrown from deep inside a command's resolution; the state copy is dropped.
struct Refused
{
    Rejection rejection;
};

// A physical table: the players' answer to a question of the table (out of range, not in
// the arc) says the command cannot be done. Unlike a refusal, the answer is taken and the
// command is over with nothing of it done (Engine::apply): the question is not asked again.
struct TableForbids
{
    Rejection rejection;
};

// Engine::trial: the events of the command being resolved on this thread are dropped, so a
// rule may skip building them (a sentence, its JSON data); nothing else may depend on it.
// Set by DroppedEvents for the length of the trial (nested apply() calls set it again).
extern constinit thread_local bool t_eventsDropped;
[[nodiscard]] inline bool eventsDropped()
{
    return t_eventsDropped;
}
class DroppedEvents
{
public:
    explicit DroppedEvents(bool dropped)
        : m_before(t_eventsDropped)
    {
        t_eventsDropped = dropped;
    }
    ~DroppedEvents() { t_eventsDropped = m_before; }
    DroppedEvents(const DroppedEvents &) = delete;
    DroppedEvents &operator=(const DroppedEvents &) = delete;

private:
    bool m_before;
};

// A refusal found by a check (checkPlacement, checkAttack, ...), passed on whole.
[[noreturn]] inline void refuse(const Rejection &r)
{
    throw Refused {r};
}

[[noreturn]] inline void refuse(const QString &rule, const Message &why)
{
    throw Refused {Rejection(rule, why)};
}

// Thrown by CommandDice with typed dice (GameSetup::typedDice) when the faces recorded for the
// command run out: the engine waits for a RollCommand of `count` dice (a decision of kind
// "roll"). `pool`: the pool being rolled, when the roll is one (else plain dice).
struct RollNeeded
{
    int count = 1;
    std::optional<DicePool> pool;
};

// Dice for one command: first the faces recorded when the command was started
// (it waited for a decision or for a roll), then new ones from the live source (typed
// dice: none; RollNeeded asks for the roll instead); all recorded.
class CommandDice final : public DiceSource
{
public:
    CommandDice(DiceSource &live, std::vector<int> replay, bool typed = false)
        : m_live(live)
        , m_replay(replay.begin(), replay.end())
        , m_typed(typed)
    { }
    int rollD6() override
    {
        int f = 0;
        if (!m_replay.empty()) {
            f = m_replay.front();
            m_replay.pop_front();
        } else if (m_typed) {
            // The rest of the roll announced (all of it unless a roll was split), or one die.
            throw RollNeeded {std::max(1, m_left), m_left > 0 ? m_pool : std::nullopt};
        } else {
            f = m_live.rollD6();
        }
        if (m_left > 0 && --m_left == 0)
            m_pool.reset();
        m_record.push_back(f);
        return f;
    }
    void expectPool(const DicePool &pool) override
    {
        m_pool = pool;
        m_left = pool.rolledDice() + pool.macroDice();
        if (m_left == 0)
            m_pool.reset();
    }
    void expectDice(int count) override
    {
        if (m_left == 0) // not the part of a pool
            m_left = count;
    }
    [[nodiscard]] const std::vector<int> &record() const { return m_record; }

private:
    DiceSource &m_live;
    std::deque<int> m_replay;
    std::vector<int> m_record;
    bool m_typed = false;
    std::optional<DicePool> m_pool; // the pool being rolled
    int m_left = 0; // dice of the announced roll not drawn yet
};

// A length for a sentence: "6.5\"" (at most `places` decimals; the attacks' sentences use one,
// the others two). The decimal point follows the locale in a translated sentence.
inline Decimal inches(double d, int places = 2)
{
    return decimal(d, places, u"\"");
}

// How many more boxes of the Marines track to mark for `n` Marines lost (the
// rating falls by n; redundant boxes go with it).
inline int marinesLostBoxes(const Unit &u, const ModelState &m, int n)
{
    const Track &t = u.marines;
    const int target = std::max(0, t.valueAfter(m.marinesLost) - n);
    int lost = m.marinesLost;
    while (lost < t.size() && t.valueAfter(lost) > target)
        ++lost;
    return lost - m.marinesLost;
}

// The faces of a roll, for the log: as JSON (the event's "dice") and as text ("4 4 6").
struct ShownFaces
{
    QJsonArray json;
    QString text;
};
inline ShownFaces shownFaces(const std::vector<int> &dice)
{
    ShownFaces out;
    QStringList text;
    for (int f : dice) {
        out.json.append(f);
        text << QString::number(f);
    }
    out.text = text.join(QLatin1Char(' '));
    return out;
}

// Marines that an Engage result takes off an opposing Marines rating (Boarding ›
// Boarded: [D] 1, [T] 2, [Q+] all of them); never more than the rating.
inline int marineCasualties(const DiceResult &r, int rating)
{
    int n = 0;
    for (const Success &x : r.successes())
        n += x.magnitude == Magnitude::D ? 1 : x.magnitude == Magnitude::T ? 2 : rating;
    return std::min(n, rating);
}

inline const ModelState &activeModel(const GameState &s, const QString &rule)
{
    if (s.phase != Phase::Activation || !s.activation)
        refuse(rule, Message(MsgId::NoModelActivating));
    return *s.model(s.activation->model);
}

inline ModelState &activeModel(GameState &s, int player, const QString &rule)
{
    Q_UNUSED(player);
    return const_cast<ModelState &>(activeModel(std::as_const(s), rule));
}

// The Skill Test of an Action or a procedure (Dice System › Skill Test),
// logged; `flex` Flex dice more (Fast on Withdraw). `chooser`: who answers the table's
// questions on a physical table (the Command trait's Skill).
DiceResult actionSkillTest(const Engine &engine, GameState &s, int model, const Message &what,
                           DiceSource &dice, std::vector<GameEvent> &events, Chooser *chooser,
                           int flex = 0);

} // namespace detail

namespace rules {

// One command being resolved: the engine (its setup, profile and public helpers), the
// state it changes, the events it logs, its dice and the player's choices so far.
struct Context
{
    const Engine &engine;
    GameState state;
    std::vector<GameEvent> events;
    detail::CommandDice &dice;
    Chooser &chooser;
    int player = 0; // who gave the command

    void event(const QString &kind, Message m, QJsonObject data = {}, int who = -1)
    {
        if (detail::eventsDropped())
            return;
        events.push_back(GameEvent {kind, std::move(m), std::move(data), who});
    }
};

} // namespace rules

} // namespace jw
