// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/aiplayer.h"

#include "dice/dicesource.h"
#include "engine/action.h"
#include "engine/attack.h"
#include "engine/rules/rules.h"
#include "geometry/geometry.h"
#include "geometry/movement.h"
#include "geometry/sensorrange.h"
#include "io/cputime.h"

#include <QLineF>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace jw {

QString aiLevelId(AiLevel level)
{
    switch (level) {
    case AiLevel::Random:
        return QStringLiteral("random");
    case AiLevel::Greedy:
        return QStringLiteral("greedy");
    case AiLevel::Careful:
        return QStringLiteral("careful");
    case AiLevel::Expert:
        break;
    }
    return QStringLiteral("expert");
}

std::optional<AiLevel> aiLevelFromId(const QString &id)
{
    for (AiLevel l : {AiLevel::Random, AiLevel::Greedy, AiLevel::Careful, AiLevel::Expert})
        if (aiLevelId(l) == id)
            return l;
    return std::nullopt;
}

int aiPlayerToDecide(const GameState &state)
{
    return state.pending ? state.pending->request.player : state.toAct;
}

AiPlayer::AiPlayer(AiLevel level, std::uint64_t seed)
    : m_level(level)
    , m_random(seed ^ 0x9e3779b97f4a7c15ULL)
    , m_rng(seed)
{ }

GameState AiPlayer::knownState(const Engine &engine, const GameState &state, int player)
{
    GameState known = state;
    for (ModelState &m : known.models)
        if (engine.isHidden(state, m.id, player)) {
            m.location = Location::Reserve;
            m.carrier = -1;
        }
    return known;
}

AiPlayer::Known AiPlayer::known(const Engine &engine, const GameState &s, int player)
{
    Known k;
    k.hidden.resize(s.models.size());
    for (const ModelState &m : s.models)
        k.hidden[std::size_t(m.id)] = m.terrain < 0 && engine.isHidden(s, m.id, player);
    k.anyHidden = std::find(k.hidden.begin(), k.hidden.end(), true) != k.hidden.end();
    k.objectivePoints = s.objectivePoints;
    return k;
}

double AiPlayer::evaluate(const Engine &engine, const GameState &s, int player)
{
    return score(engine, s, player, known(engine, s, player));
}

double AiPlayer::score(const Engine &engine, const GameState &s, int player, const Known &k)
{
    const int other = 1 - player;
    const auto isHidden = [&](int id) {
        return std::size_t(id) < k.hidden.size() && k.hidden[std::size_t(id)];
    };
    // A game that ends with enemy models still hidden: who won depends on their secret
    // cards (their points count for their owner): not known, so not counted.
    const bool verdictHidden = s.phase == Phase::Over && k.anyHidden;
    if (s.phase == Phase::Over && !verdictHidden) {
        const int w = s.winner.value_or(-1);
        if (w == player)
            return 1e6;
        if (w == other)
            return -1e6;
    }
    std::array<int, 2> vp = engine.victoryPoints(s);
    if (k.anyHidden) {
        // The hidden models' Victory Points (their owner's, or the enemy's if they came to
        // harm meanwhile) are what their secret cards say: left out. The engine counts them
        // alone in a copy where every other model is skipped as terrain is.
        GameState only = s;
        for (ModelState &m : only.models)
            if (!isHidden(m.id))
                m.terrain = 0;
        const std::array<int, 2> theirs = engine.victoryPoints(only);
        vp[0] -= theirs[0];
        vp[1] -= theirs[1];
    }
    // Objective Points may be awarded on the Victory Points, the hidden models' included (the
    // most Victory Points at an End Phase): while enemy models are hidden, those of the state
    // it thought from.
    const std::array<int, 2> &op = k.anyHidden ? k.objectivePoints : s.objectivePoints;
    double score = double(vp[std::size_t(player)] - vp[std::size_t(other)])
        + 3.0 * double(op[std::size_t(player)] - op[std::size_t(other)]);
    // The "most ..." objectives still to score (Break the Truce's Escape Pods): how far ahead
    // it is on each, not only whether (the Objective Points come at the end, which its
    // look-ahead does not reach): half the points one ahead, three quarters two ahead ...
    if (s.phase != Phase::Over) {
        const std::vector<Objective> &objectives = engine.scenario().objectives;
        for (std::size_t i = 0; i < objectives.size(); ++i) {
            if (i < s.objectivesSettled.size() && s.objectivesSettled[i])
                continue;
            const std::optional<std::array<int, 2>> n
                = rules::objectiveTally(engine, s, objectives[i]);
            if (!n)
                continue;
            const int ahead = (*n)[std::size_t(player)] - (*n)[std::size_t(other)];
            const double share = 1.0 - std::pow(0.5, std::abs(ahead));
            score += kTallyWeight * objectives[i].points * (ahead < 0 ? -share : share);
        }
    }
    std::vector<QPointF> mine, theirs;
    int offTable = 0; // its own models in play not on the table (in reserve, embarked)
    for (const ModelState &m : s.models) {
        if (m.terrain >= 0 || !m.inPlay() || isHidden(m.id))
            continue;
        const Unit &u = engine.unitOf(m);
        const ModelView v = engine.view(s, m.id);
        const int structure = std::max(1, v.starting(Rating::Structure));
        // Damage counts before the model is gone: most of its points, by the Structure lost.
        const double hurt = 0.6 * u.tv * double(m.structureLost) / structure;
        score += m.controller == player ? -hurt : hurt;
        if (m.onTable())
            (m.controller == player ? mine : theirs).push_back(m.placement.centre());
        else if (m.controller == player)
            ++offTable;
    }
    // A little for closing in: weapons reach the enemy only from near enough. A model of its
    // own still off the table (in reserve, embarked) counts as far as the table's diagonal
    // from the enemy: it fires at nothing from there (before, it counted for nothing, so the
    // term made declining to deploy and never launching look best: stop 32's lost games).
    // With no enemy on the table yet, one of its own on the table counts half as far.
    const QRectF table = tableRect();
    const double far = std::hypot(table.width(), table.height());
    for (const QPointF &p : mine) {
        double nearest = theirs.empty() ? far / 2 : far;
        // The least of the lengths (QLineF::length, a hypot each), taken only of the centres
        // whose squared distance is within a relative 1e-9 of the least square: any other is
        // longer by far more than the rounding of either, so the same bits come out. Below
        // 1e-100 (squares near underflow) every centre is measured.
        double least = std::numeric_limits<double>::infinity();
        for (const QPointF &q : theirs) {
            const QPointF d = q - p;
            least = std::min(least, d.x() * d.x() + d.y() * d.y());
        }
        const double within
            = least < 1e-100 ? std::numeric_limits<double>::infinity() : least * (1.0 + 1e-9);
        for (const QPointF &q : theirs) {
            const QPointF d = q - p;
            if (d.x() * d.x() + d.y() * d.y() <= within)
                nearest = std::min(nearest, QLineF(p, q).length());
        }
        score -= 0.3 * nearest;
    }
    score -= 0.3 * far * offTable;
    return score;
}

namespace {

// The value of the attack the active model `a` (in `t`) could make on `target` from where it
// stands in `t`: its Fire Control's best weapons, valued as the evaluation values damage.
double attackValue(const Engine &engine, const GameState &t, const Unit &au, const ModelState &a,
                   const Unit &tu, const ModelView &tv, int target, std::vector<double> &values)
{
    const int fireControl = std::max(1, ModelView(au, a).fireControl());
    const int structure = std::max(1, tv.starting(Rating::Structure));
    values.clear();
    for (int w = 0; w < int(au.weapons.size()); ++w) {
        const AttackPreview p = previewAttack(engine.setup(), t, a.id, w, target);
        if (!p.ok())
            continue;
        values.push_back(0.6 * tu.tv * p.structure / structure + 0.4 * tu.tv * p.pDestroyed);
    }
    // As many weapons as its Fire Control lets it fire, the best ones.
    std::sort(values.begin(), values.end(), std::greater<>());
    double sum = 0;
    for (std::size_t i = 0; i < values.size() && int(i) < fireControl; ++i)
        sum += values[i];
    return sum;
}

// Where `attacker` could stand when it fires at `target` after a move of its own (Expert's
// threats, AiPlayer::Reach::Moved): a Capital Ship turned toward the target (or to bring it
// onto a broadside) as far as its turns allow, then advanced by its least move or as far as
// needed to come within 3" (within its greatest), or not turned and advanced by its greatest
// move; a squadron (no facing) straight toward it, up to its Speed, stopping 2" short. Not
// checked against the table's edge, other models or Terrain: an estimate of its reach.
// The turn (clockwise positive, at most `most` degrees either way) that brings `target` before
// the fore of a ship at `p`, or onto the broadside it is on (`broadside`).
double turnToBring(const Placement &p, QPointF target, bool broadside, double most)
{
    const double bearing = turnBetween(p.facing(), facingOfVector(target - p.centre()));
    const double wanted = broadside ? bearing - (bearing < 0 ? -90.0 : 90.0) : bearing;
    return std::clamp(wanted, -most, most);
}

void movedPlacements(const ModelView &av, const Placement &from, QPointF target,
                     std::vector<Placement> &out)
{
    out.clear();
    const QPointF d = target - from.centre();
    const double dist = std::hypot(d.x(), d.y());
    if (av.unit().isSquadron()) {
        const double step = std::min<double>(av.maxMove(), std::max(0.0, dist - 2.0));
        if (step > 0 && dist > 0) {
            Placement p = from;
            p.setCentre(from.centre() + d * (step / dist));
            out.push_back(p);
        }
        return;
    }
    const double lo = av.minMove();
    const double hi = av.maxMove();
    const double reach = std::clamp(dist - 3.0, lo, hi);
    out.push_back(from.advanced(hi));
    const double most = kMaxTurnDegrees * av.maxTurns();
    if (most <= 0 || dist <= 0)
        return;
    for (const bool broadside : {false, true}) {
        const double turn = turnToBring(from, target, broadside, most);
        if (std::abs(turn) < 1e-6)
            continue;
        const Placement p = from.turned(turn);
        out.push_back(p.advanced(lo));
        out.push_back(p.advanced(reach));
    }
}

// The value of `attacker`'s best attack on `target` in `t` (threat()): its Fire Control's best
// weapons, valued as the evaluation values damage, at most the target's TV; `moved` (Expert),
// the best of that from where it stands and from where a move could take it
// (movedPlacements). `t` is a copy of the state with no decision pending; the attacker is
// made the active model there, its Attack Window fresh, and put back after.
double pairThreat(const Engine &engine, GameState &t, const ModelState &attacker,
                  const ModelState &target, std::vector<double> &values, bool moved)
{
    const Unit &au = engine.unitOf(attacker);
    const Unit &tu = engine.unitOf(target);
    ModelState &a = t.models[std::size_t(attacker.id)];
    const ModelView av(au, a);
    const double aRadius = std::hypot(au.base.width, au.base.length) / 2;
    const ModelView tv = engine.view(t, target.id);
    // Surely out of Sensor Range (the bases' nearest points no nearer than their centres less
    // the bases' half diagonals; the most Sensors it could have against it; a move's length
    // nearer when `moved`): not previewed (at 60 models most pairs are).
    const double move = moved ? std::max(0, av.maxMove()) : 0;
    const double apart = QLineF(attacker.placement.centre(), target.placement.centre()).length()
        - aRadius - std::hypot(tu.base.width, tu.base.length) / 2 - move;
    if (apart
        > maxRange(attackKindAgainst(tu.type),
                   av.rating(Rating::Sensors) + tv.traitValue(QStringLiteral("Emissions")) + 1)
            + 0.5)
        return 0;
    a.fireControlSpent = 0;
    a.weaponsUsed.clear();
    const std::optional<Activation> activation = t.activation;
    t.activation = Activation {};
    t.activation->model = attacker.id;
    double best = attackValue(engine, t, au, a, tu, tv, target.id, values);
    if (moved && best < tu.tv) {
        static thread_local std::vector<Placement> places;
        movedPlacements(av, attacker.placement, target.placement.centre(), places);
        for (const Placement &p : places) {
            a.placement = p;
            best = std::max(best, attackValue(engine, t, au, a, tu, tv, target.id, values));
        }
    }
    a = attacker;
    t.activation = activation;
    return std::min(best, double(tu.tv));
}

} // namespace

// What threat() measured in the state a decision begins from, pair by pair, to be taken again
// in a candidate's state where neither model of the pair, nor any model near either (within
// the 3" of a supporting friend, a Tender or a Barrier), changed.
struct AiPlayer::ThreatCache
{
    ThreatCache(const GameState &from, bool moved)
        : base(from)
        , moved(moved)
        , prepared(from)
        , n(from.models.size())
        , pairs(n * n, std::numeric_limits<double>::quiet_NaN())
    {
        prepared.pending.reset();
    }
    const GameState &base;
    bool moved; // the threats after a move (Expert)
    GameState prepared; // the base with no decision pending
    std::size_t n;
    std::vector<double> pairs; // attacker * n + target; NaN: not measured yet
    std::vector<double> values;
    std::vector<bool> dirty;

    // Which models of `s` may have other threats than in the base (dirty).
    bool compare(const Engine &engine, const GameState &s)
    {
        if (s.models.size() != n || s.turn != base.turn || s.phase != base.phase
            || s.terrain != base.terrain || s.wrecks != base.wrecks)
            return false;
        dirty.assign(n, false);
        std::vector<std::pair<QPointF, double>> near; // where a changed model is or was
        for (std::size_t i = 0; i < n; ++i) {
            const ModelState &now = s.models[i];
            const ModelState &was = base.models[i];
            if (now == was)
                continue;
            dirty[i] = true;
            const Unit &u = engine.unitOf(now);
            const double radius = std::hypot(u.base.width, u.base.length) / 2;
            if (now.onTable())
                near.emplace_back(now.placement.centre(), radius);
            if (was.onTable())
                near.emplace_back(was.placement.centre(), radius);
        }
        for (std::size_t i = 0; i < n; ++i) {
            const ModelState &m = s.models[i];
            if (dirty[i] || !m.onTable() || m.terrain >= 0)
                continue;
            const Unit &u = engine.unitOf(m);
            const double radius = std::hypot(u.base.width, u.base.length) / 2;
            for (const auto &[p, r] : near)
                if (QLineF(p, m.placement.centre()).length() <= 3.0 + r + radius + 0.01) {
                    dirty[i] = true;
                    break;
                }
        }
        return true;
    }

    double pair(const Engine &engine, int attacker, int target)
    {
        double &v = pairs[std::size_t(attacker) * n + std::size_t(target)];
        if (std::isnan(v))
            v = pairThreat(engine, prepared, base.models[std::size_t(attacker)],
                           base.models[std::size_t(target)], values, moved);
        return v;
    }
};

double AiPlayer::threat(const Engine &engine, const GameState &s, int by,
                        const std::vector<bool> &hidden, bool moved)
{
    return threatOf(engine, s, by, hidden, nullptr, moved);
}

double AiPlayer::threatOf(const Engine &engine, const GameState &s, int by,
                          const std::vector<bool> &hidden, ThreatCache *cache, bool moved)
{
    if (s.phase == Phase::Over)
        return 0;
    const auto isHidden = [&](int id) {
        return std::size_t(id) < hidden.size() && hidden[std::size_t(id)];
    };
    const auto counts = [&](const ModelState &m) {
        return m.terrain < 0 && m.onTable() && !isHidden(m.id);
    };
    const bool reuse = cache && cache->compare(engine, s);
    // Each model's attack previewed as if it were activating now, its Attack Window fresh: a
    // copy in which it is the active model, nothing declared (so no Action's bonus); made
    // only when a pair is measured in this state.
    std::optional<GameState> t;
    std::vector<double> values;
    double total = 0;
    for (const ModelState &attacker : s.models) {
        if (attacker.controller != by || !counts(attacker))
            continue;
        if (engine.unitOf(attacker).weapons.empty())
            continue;
        double best = 0;
        for (const ModelState &target : s.models) {
            if (target.controller == by || !counts(target))
                continue;
            double v = 0;
            if (reuse && !cache->dirty[std::size_t(attacker.id)]
                && !cache->dirty[std::size_t(target.id)]) {
                v = cache->pair(engine, attacker.id, target.id);
            } else {
                if (!t) {
                    t = s;
                    t->pending.reset();
                }
                v = pairThreat(engine, *t, attacker, target, values, moved);
            }
            best = std::max(best, v);
        }
        total += attacker.activated ? 0.5 * best : best;
    }
    return total;
}

namespace {

// Whether `after` is `before` but for the count of commands: a command that changes nothing (a
// squadron's 0" move, which the engine accepts) is no choice: after it the same decision comes
// back, judged the same (Expert against Expert once moved a squadron 0" for 5,700 commands).
bool changesNothing(const GameState &before, const GameState &after)
{
    return after.models == before.models && after.activation == before.activation
        && after.pending == before.pending && after.toAct == before.toAct
        && after.phase == before.phase && after.turn == before.turn && [&] {
               GameState a = after; // the rest, rarely reached
               a.commands = before.commands;
               return a == before;
           }();
}

} // namespace

double AiPlayer::judge(const Engine &engine, const GameState &state, const Command &c, int player,
                       int from, int to, bool withThreat)
{
    double total = 0;
    int accepted = 0;
    for (int i = from; i < to; ++i) {
        // Its own dice: never the game's source or seed. The same dice for every candidate
        // of one decision (common random numbers): two attacks are compared on equal luck.
        SeededDiceSource dice(i < int(m_sampleSeeds.size()) ? m_sampleSeeds[std::size_t(i)]
                                                            : m_rng());
        ApplyResult r = engine.trial(state, c, dice);
        if (!r.ok() || changesNothing(state, r.state))
            continue;
        if (m_level != AiLevel::Random)
            r.state = rollout(engine, std::move(r.state), player, dice);
        double v = score(engine, r.state, player, m_known);
        if (withThreat) {
            const bool moved = m_level == AiLevel::Expert;
            v += kOwnThreat
                    * threatOf(engine, r.state, player, m_known.hidden, m_threats.get(), moved)
                - kEnemyThreat
                    * threatOf(engine, r.state, 1 - player, m_known.hidden, m_threats.get(), moved);
        }
        total += v;
        ++accepted;
    }
    return accepted ? total / accepted : -std::numeric_limits<double>::infinity();
}

GameState AiPlayer::rollout(const Engine &engine, GameState s, int player, DiceSource &dice)
{
    // The activation the command began or went on with, played to its end as the Greedy
    // level would play it (what the move lets it fire at, what the Action leads to). A
    // question the enemy must answer meanwhile (a defence) is answered as the enemy's best
    // one-ply answer, so that an attack is judged by its damage, not stopped at the question.
    const int model = s.activation ? s.activation->model : -1;
    for (int step = 0; step < kRolloutSteps; ++step) {
        if (s.phase == Phase::Over || !s.activation || s.activation->model != model)
            break;
        const int who = aiPlayerToDecide(s);
        if (who != player && !s.pending)
            break;
        const std::optional<Command> c = greedyStep(engine, s, who);
        if (!c)
            break;
        ApplyResult r = engine.trial(s, *c, dice);
        if (!r.ok())
            break;
        s = std::move(r.state);
    }
    return s;
}

std::vector<Command> AiPlayer::candidates(const Engine &engine, const GameState &s,
                                          const LegalCommands &legal, int sampled)
{
    std::vector<Command> out;
    if (s.pending) {
        const DecisionRequest &r = s.pending->request;
        for (int i = 0; i < r.optionCount(); ++i)
            if (!r.pathOption(i))
                out.push_back(AnswerCommand {i, {}});
    } else {
        out = legal.commands;
    }
    // Moves, deployments and a free Movement's path: sampled within the engine's limits.
    // Only the continuous ones: every discrete command is a candidate already, and a sample is
    // not probed (trying it is judging it).
    for (int i = 0; i < sampled; ++i)
        if (const std::optional<Command> c = m_random.sampleContinuous(engine, s, legal, 10))
            if (std::find(out.begin(), out.end(), *c) == out.end())
                out.push_back(*c);
    return out;
}

std::vector<Command> AiPlayer::aimedMoves(const Engine &engine, const GameState &s,
                                          const LegalCommands &legal) const
{
    std::vector<Command> out;
    if (!legal.move || !s.activation || s.pending || engine.setup().physical())
        return out;
    const MoveLimits &m = *legal.move;
    const ModelState *model = s.model(m.model);
    if (!model || !model->onTable())
        return out;
    const double left = m.left();
    const double need = std::max(0.0, m.minimum - m.moved);
    if (left < 0.01)
        return out;
    const QPointF from = model->placement.centre();
    std::vector<std::pair<double, const ModelState *>> enemies;
    for (const ModelState &o : s.models) {
        if (o.terrain >= 0 || !o.onTable() || o.controller == model->controller
            || (std::size_t(o.id) < m_known.hidden.size() && m_known.hidden[std::size_t(o.id)]))
            continue;
        enemies.emplace_back(QLineF(from, o.placement.centre()).length(), &o);
    }
    std::sort(enemies.begin(), enemies.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
    if (enemies.size() > kAimedTargets)
        enemies.resize(kAimedTargets);
    const bool capital = engine.unitOf(*model).isCapital();
    const double most = m.turnsLeft > 0 && !m.needsSkillTestToTurn ? m.maxTurnDegrees : 0.0;
    for (const auto &[dist, enemy] : enemies) {
        const QPointF v = enemy->placement.centre() - from;
        if (!capital) {
            // Straight toward it, stopping short of contact.
            const BaseShape b = engine.view(s, enemy->id).base();
            const double gap = std::max(b.halfWidth(), b.halfLength()) + 0.8;
            const double d = std::clamp(dist - gap, 0.0, left);
            if (d > 0.01 && dist > 0)
                out.push_back(MoveSquadronCommand {{from + v * (d / dist)}});
            continue;
        }
        const auto move = [&](double turn, double d) {
            MoveCapitalCommand c;
            c.legs.push_back(MoveLeg {0.0, turn});
            c.legs.push_back(MoveLeg {std::clamp(d, need, left), 0.0});
            out.push_back(c);
        };
        // Its fore toward the target, closing to 12" and to 6"; or the target brought onto the
        // broadside it is already on, moving as little as it must.
        const Placement &at = model->placement;
        const QPointF to = enemy->placement.centre();
        move(turnToBring(at, to, false, most), dist - 12.0);
        move(turnToBring(at, to, false, most), dist - 6.0);
        move(turnToBring(at, to, true, most), need);
    }
    return out;
}

std::optional<Command> AiPlayer::greedyStep(const Engine &engine, const GameState &s, int player)
{
    const std::vector<Command> candidates = this->candidates(engine, s, engine.legalCommands(s), 4);
    std::optional<Command> best;
    double bestScore = -std::numeric_limits<double>::infinity();
    for (const Command &c : candidates) {
        SeededDiceSource dice(m_rng());
        const ApplyResult r = engine.trial(s, c, dice);
        if (!r.ok() || changesNothing(s, r.state))
            continue;
        const double v = score(engine, r.state, player, m_known);
        if (v > bestScore) {
            bestScore = v;
            best = c;
        }
    }
    return best;
}

namespace {

// The enemy model on the table nearest to `model` and the distance between their centres.
std::optional<std::pair<int, double>> nearestEnemy(const GameState &s, int model)
{
    const ModelState *m = s.model(model);
    if (!m || !m->onTable())
        return std::nullopt;
    std::optional<std::pair<int, double>> best;
    for (const ModelState &o : s.models) {
        if (o.terrain >= 0 || !o.onTable() || o.controller == m->controller)
            continue;
        const double d = QLineF(m->placement.centre(), o.placement.centre()).length();
        if (!best || d < best->second)
            best = std::pair {o.id, d};
    }
    return best;
}

} // namespace

Message AiPlayer::describe(const Engine &engine, const GameState &s, const Command &command)
{
    const auto name = [&](int model) {
        return engine.modelMessage(s, model);
    };
    const auto inchesText = [](double inches) {
        return decimal(inches, 1, {}, true);
    };
    const int active = s.activation ? s.activation->model : -1;
    const bool secret = engine.setup().profile().secretDeployment;
    return std::visit(
        Overloaded {
            [&](const DeployCommand &c) {
                return secret ? Message(MsgId::AiDeploysModel)
                              : Message(MsgId::AiDeploys, {name(c.model)});
            },
            [&](const EmbarkCommand &c) {
                return secret ? Message(MsgId::AiEmbarksSquadron)
                              : Message(MsgId::AiEmbarks, {name(c.model), name(c.carrier)});
            },
            [&](const DeclineCommand &) { return Message(MsgId::AiDeploysNothingMore); },
            [&](const ActivateCommand &c) {
                return c.action
                    ? Message(MsgId::AiActivatesTo, {name(c.model), actionMessage(*c.action)})
                    : Message(MsgId::AiActivates, {name(c.model)});
            },
            [&](const MoveCapitalCommand &c) {
                double inches = 0;
                for (const MoveLeg &l : c.legs)
                    inches += l.distance;
                return Message(MsgId::AiMoves, {name(active), inchesText(inches)});
            },
            [&](const MoveSquadronCommand &c) {
                // The path's points are where it goes, from where it stands.
                const ModelState *m = s.model(active);
                double inches = 0;
                for (std::size_t i = 0; i < c.path.size(); ++i)
                    if (i > 0 || m)
                        inches += QLineF(i > 0 ? c.path[i - 1] : m->placement.centre(), c.path[i])
                                      .length();
                return Message(MsgId::AiMoves, {name(active), inchesText(inches)});
            },
            [&](const AttackCommand &c) {
                const ModelState *m = s.model(active);
                const Unit *u = m ? &engine.unitOf(*m) : nullptr;
                const Message weapon = u && c.weapon >= 0 && c.weapon < int(u->weapons.size())
                    ? Message::plain(u->weapons[std::size_t(c.weapon)].name)
                    : Message(MsgId::AiAWeapon);
                return Message(MsgId::AiFires, {name(active), weapon, name(c.target)});
            },
            [&](const AnswerCommand &c) {
                if (!s.pending || !c.option || *c.option < 0
                    || *c.option >= s.pending->request.optionCount())
                    return Message(MsgId::AiAnswers);
                return Message(MsgId::AiAnswersWith,
                               {s.pending->request.questionMessage,
                                s.pending->request.optionMessage(*c.option)});
            },
            [&](const LaunchCommand &) { return Message(MsgId::AiLaunches); },
            [&](const LandCommand &c) {
                return Message(MsgId::AiLands, {name(active), name(c.carrier)});
            },
            [&](const ResolveActionCommand &c) {
                return c.target ? Message(MsgId::AiResolvesOn, {name(active), name(*c.target)})
                                : Message(MsgId::AiResolves, {name(active)});
            },
            [&](const EndActivationCommand &) {
                return Message(MsgId::AiEndsActivation, {name(active)});
            },
            [&](const PlaceBeaconCommand &) { return Message(MsgId::AiPlacesBeacon); },
            [&](const ScenarioSetupCommand &) { return Message(MsgId::AiSetsUpScenario); },
            [&](const PlaceCometCommand &) { return Message(MsgId::AiPlacesComet); },
            [&](const RollCommand &) { return Message(MsgId::AiRolls); },
            [&](const CorrectCommand &) { return Message(MsgId::AiCorrects); },
        },
        command);
}

void AiPlayer::refused(const std::optional<Command> &command)
{
    if (command)
        m_refused.push_back(*command);
    else
        m_refused.clear();
}

std::optional<AiChoice> AiPlayer::choose(const Engine &engine, const GameState &table)
{
    if (table.phase == Phase::Over)
        return std::nullopt;
    // Only what its player may know (secret information): never the enemy's hidden models.
    const GameState state = knownState(engine, table, aiPlayerToDecide(table));
    m_known = known(engine, state, aiPlayerToDecide(table));
    if (m_level == AiLevel::Random) {
        const std::optional<Command> c = m_random.choose(engine, state);
        if (!c)
            return std::nullopt;
        return AiChoice {*c, Message(MsgId::AiRandomChoice, {describe(engine, state, *c)}), 1, 0};
    }
    const int samples = m_level == AiLevel::Expert ? kExpertTries
        : m_level == AiLevel::Careful              ? kCarefulTries
                                                   : 1;
    const std::size_t finalistCount
        = m_level == AiLevel::Expert ? kExpertFinalists : kCarefulFinalists;
    m_sampleSeeds.clear();
    for (int i = 0; i < samples; ++i)
        m_sampleSeeds.push_back(m_rng());
    const int sampled = m_level == AiLevel::Expert ? 12 : m_level == AiLevel::Careful ? 8 : 6;
    const LegalCommands legal = engine.legalCommands(state);
    const int player = aiPlayerToDecide(state);

    std::vector<Command> candidates = this->candidates(engine, state, legal, sampled);
    if (m_level == AiLevel::Expert)
        for (Command &c : aimedMoves(engine, state, legal))
            if (std::find(candidates.begin(), candidates.end(), c) == candidates.end())
                candidates.push_back(std::move(c));
    std::erase_if(candidates, [this](const Command &c) {
        return std::find(m_refused.begin(), m_refused.end(), c) != m_refused.end();
    });
    if (candidates.empty())
        return std::nullopt;

    // States › Boarded: the Boarders' choice is made in secret after the defender's, whose
    // answer is the last one the pending command holds. It is not the computer's to know:
    // its choice is judged alike against each answer the defender could have given.
    std::vector<GameState> worlds {state};
    if (state.pending && state.pending->request.kind == QLatin1String("boarding-boarder")
        && !state.pending->answers.empty()) {
        worlds.clear();
        for (int defender : {0, 1}) { // Engage, Defend
            GameState w = state;
            w.pending->answers.back() = defender;
            worlds.push_back(std::move(w));
        }
    }
    // Greedy judges every candidate by the state after its activation; Careful and Expert also
    // by what the two sides' models threaten from where they then stand (threat()): an attack
    // that leaves a threat standing, or a move into an enemy's arcs, costs what the enemy's
    // models could do from there; a move onto a target's arcs counts for what it could do.
    // Expert tries its best few candidates again with two more sets of its own dice and takes
    // the best mean of three (before stop 35 it tried every candidate three times: most of its
    // work went to candidates one try already showed poor). (Before stop 33, Careful and
    // Expert looked at the best few with the enemy's next activation instead: not stronger
    // than Greedy in the games measured, 15 to 15 and 2 to 2.) Since stop 37 Expert's threats
    // see where each model's own move could take it first, and it weighs moves aimed at the
    // nearest enemies besides the sampled ones.
    const bool withThreat = m_level == AiLevel::Careful || m_level == AiLevel::Expert;
    // The threats of the state it decides in, pair by pair, taken again after each candidate
    // where nothing near the pair changed (most pairs: a candidate moves one model).
    struct Forget
    {
        std::shared_ptr<ThreatCache> &cache;
        ~Forget() { cache.reset(); }
    } forget {m_threats};
    if (withThreat)
        m_threats = std::make_shared<ThreatCache>(state, m_level == AiLevel::Expert);
    const double started = io::threadCpuMs();
    std::vector<double> shallow;
    double slowest = 0; // the longest one candidate took so far
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        // Thinking is bounded (the 1 s a decision): the best so far when the next
        // candidate, as long as the slowest yet, would end past its budget.
        const double before = io::threadCpuMs();
        if (i > 0 && before - started + slowest > m_budgetMs)
            break;
        double v = 0;
        for (const GameState &w : worlds)
            v += judge(engine, w, candidates[i], player, 0, 1, withThreat) / double(worlds.size());
        slowest = std::max(slowest, io::threadCpuMs() - before);
        shallow.push_back(v);
    }
    const std::size_t judged = shallow.size();
    if (samples > 1 && judged > 1) {
        // The finalists: the best few by one try (those tied with the last one
        // too), each tried again with the other dice; the rest are out.
        std::vector<std::size_t> order(judged);
        for (std::size_t i = 0; i < judged; ++i)
            order[i] = i;
        std::stable_sort(order.begin(), order.end(),
                         [&](std::size_t a, std::size_t b) { return shallow[a] > shallow[b]; });
        std::size_t finalists = std::min<std::size_t>(finalistCount, judged);
        while (finalists < judged
               && shallow[order[finalists]] > shallow[order[finalists - 1]] - 1e-9)
            ++finalists;
        std::vector<double> deep(judged, -std::numeric_limits<double>::infinity());
        for (std::size_t k = 0; k < finalists; ++k) {
            const std::size_t i = order[k];
            if (shallow[i] == -std::numeric_limits<double>::infinity())
                break;
            const double before = io::threadCpuMs();
            if (k > 0 && before - started + slowest * (samples - 1) > m_budgetMs)
                break; // its time ran out: the finalists tried so far (one at least)
            double v = 0;
            for (const GameState &w : worlds)
                v += judge(engine, w, candidates[i], player, 1, samples, withThreat)
                    / double(worlds.size());
            deep[i] = (shallow[i] + v * (samples - 1)) / samples;
        }
        shallow = std::move(deep);
    }
    double best = -std::numeric_limits<double>::infinity();
    std::vector<std::size_t> bests;
    const auto consider = [&](std::size_t i, double v) {
        if (v > best + 1e-9) {
            best = v;
            bests = {i};
        } else if (v > best - 1e-9) {
            bests.push_back(i);
        }
    };
    for (std::size_t i = 0; i < judged; ++i)
        consider(i, shallow[i]);
    if (bests.empty() || best == -std::numeric_limits<double>::infinity()) {
        // Nothing its own dice let through (a Skill Test to turn failed in every try):
        // any command the engine accepts now.
        const std::optional<Command> c = m_random.choose(engine, state);
        if (!c)
            return std::nullopt;
        return AiChoice {*c, Message(MsgId::AiNoBetterChoice, {describe(engine, state, *c)}),
                         int(candidates.size()), best};
    }
    const Command &chosen
        = candidates[bests[std::uniform_int_distribution<std::size_t>(0, bests.size() - 1)(m_rng)]];

    AiChoice choice {chosen, {}, int(judged), best};
    if (judged < candidates.size()) // its time ran out: the choices it weighed
        candidates.resize(judged);
    const Message what = describe(engine, state, chosen);
    const int weighed = int(candidates.size());
    if (const auto *a = std::get_if<AttackCommand>(&chosen)) {
        const AttackPreview p = engine.previewAttack(state, *a);
        choice.reason = Message(
            MsgId::AiAttackReason,
            {what, qRound((1.0 - p.pNone) * 100), decimal(p.structure, 1, {}, true), weighed});
    } else if (std::holds_alternative<MoveCapitalCommand>(chosen)
               || std::holds_alternative<MoveSquadronCommand>(chosen)) {
        // Where the move leaves it: the enemy nearest after it (dice of its own, apart from
        // those of its choices: a move rolls only for a Skill Test).
        SeededDiceSource dice(0x6a77ULL);
        const ApplyResult r = engine.trial(state, chosen, dice);
        const int active = state.activation ? state.activation->model : -1;
        const auto near = r.ok() ? nearestEnemy(r.state, active) : std::nullopt;
        choice.reason = near ? Message(MsgId::AiMoveReason,
                                       {what, decimal(near->second, 1, {}, true),
                                        engine.modelMessage(r.state, near->first), weighed})
                             : Message(MsgId::AiBestOf, {what, weighed});
    } else {
        choice.reason = Message(MsgId::AiBestWeighed, {what, weighed});
    }
    return choice;
}

} // namespace jw
