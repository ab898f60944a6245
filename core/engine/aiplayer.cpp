// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/aiplayer.h"

#include "dice/dicesource.h"
#include "engine/action.h"
#include "engine/attack.h"
#include "engine/rules/rules.h"
#include "geometry/geometry.h"
#include "io/cputime.h"

#include <QLineF>

#include <algorithm>
#include <cmath>
#include <limits>

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
        for (const QPointF &q : theirs)
            nearest = std::min(nearest, QLineF(p, q).length());
        score -= 0.3 * nearest;
    }
    score -= 0.3 * far * offTable;
    return score;
}

double AiPlayer::judge(const Engine &engine, const GameState &state, const Command &c, int player,
                       int samples, bool withReply)
{
    double total = 0;
    int accepted = 0;
    for (int i = 0; i < samples; ++i) {
        // Its own dice: never the game's source or seed. The same dice for every candidate
        // of one decision (common random numbers): two attacks are compared on equal luck.
        SeededDiceSource dice(i < int(m_sampleSeeds.size()) ? m_sampleSeeds[std::size_t(i)]
                                                            : m_rng());
        ApplyResult r = engine.apply(state, c, dice);
        if (!r.ok())
            continue;
        if (m_level != AiLevel::Random)
            r.state = rollout(engine, std::move(r.state), player, dice);
        if (withReply)
            r.state = reply(engine, std::move(r.state), player, dice);
        total += score(engine, r.state, player, m_known);
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
        ApplyResult r = engine.apply(s, *c, dice);
        if (!r.ok())
            break;
        s = std::move(r.state);
    }
    return s;
}

GameState AiPlayer::reply(const Engine &engine, GameState s, int player, DiceSource &dice)
{
    // The enemy's answer: its next activation, begun and played to its end. The enemy
    // activates its model on the table nearest to one of the player's (the likeliest threat),
    // with the Action whose activation, rolled out as the Greedy level plays it, is best for
    // the enemy. Not when the player acts again first, nor when the enemy's next command is
    // not an activation (deployment, its reserves: their cards may be hidden from the player).
    const int other = 1 - player;
    // A question still open in the activation the rollout played (its steps ran out).
    for (int step = 0; step < kReplySteps && s.phase != Phase::Over && s.pending; ++step) {
        const std::optional<Command> c = greedyStep(engine, s, aiPlayerToDecide(s));
        if (!c)
            return s;
        ApplyResult r = engine.apply(s, *c, dice);
        if (!r.ok())
            return s;
        s = std::move(r.state);
    }
    if (s.phase == Phase::Over || s.activation || s.pending || aiPlayerToDecide(s) != other)
        return s;
    const LegalCommands legal = engine.legalCommands(s);
    int threat = -1;
    double nearest = std::numeric_limits<double>::max();
    for (const Command &c : legal.commands) {
        const auto *a = std::get_if<ActivateCommand>(&c);
        const ModelState *m = a ? s.model(a->model) : nullptr;
        if (!m || !m->onTable())
            continue;
        for (const ModelState &o : s.models)
            if (o.terrain < 0 && o.onTable() && o.controller == player) {
                const double d = QLineF(m->placement.centre(), o.placement.centre()).length();
                if (d < nearest) {
                    nearest = d;
                    threat = m->id;
                }
            }
    }
    if (threat < 0)
        return s;
    std::optional<GameState> best;
    double bestScore = -std::numeric_limits<double>::infinity();
    for (const Command &c : legal.commands) {
        const auto *a = std::get_if<ActivateCommand>(&c);
        if (!a || a->model != threat)
            continue;
        if (io::threadCpuMs() > m_deadlineMs) { // its budget ran out: this answer is not whole
            m_cutShort = true;
            break;
        }
        ApplyResult r = engine.apply(s, c, dice);
        if (!r.ok())
            continue;
        GameState after = rollout(engine, std::move(r.state), other, dice);
        const double v = score(engine, after, other, m_known);
        if (v > bestScore) {
            bestScore = v;
            best = std::move(after);
        }
    }
    return best ? std::move(*best) : s;
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

std::optional<Command> AiPlayer::greedyStep(const Engine &engine, const GameState &s, int player)
{
    const std::vector<Command> candidates = this->candidates(engine, s, engine.legalCommands(s), 4);
    std::optional<Command> best;
    double bestScore = -std::numeric_limits<double>::infinity();
    for (const Command &c : candidates) {
        SeededDiceSource dice(m_rng());
        const ApplyResult r = engine.apply(s, c, dice);
        if (!r.ok())
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
                double inches = 0;
                for (std::size_t i = 1; i < c.path.size(); ++i)
                    inches += QLineF(c.path[i - 1], c.path[i]).length();
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
    const int samples = m_level == AiLevel::Expert ? 2 : 1;
    m_sampleSeeds.clear();
    for (int i = 0; i < samples; ++i)
        m_sampleSeeds.push_back(m_rng());
    const int sampled = m_level == AiLevel::Expert ? 12 : m_level == AiLevel::Careful ? 8 : 6;
    const LegalCommands legal = engine.legalCommands(state);
    const int player = aiPlayerToDecide(state);

    std::vector<Command> candidates = this->candidates(engine, state, legal, sampled);
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
    // First every candidate as the Greedy level judges it (its own activation played on); then
    // Careful and Expert look deeper at the best few of them (the enemy's answer): judged by
    // that, and only the best of the first look, so that a candidate late in the list is not
    // left out when the budget runs out (before, Careful judged every candidate with the
    // enemy's answer, in the engine's order, and at 26 models its budget often ended before the
    // last models' activations and every sampled move were judged).
    const bool deep = m_level == AiLevel::Careful || m_level == AiLevel::Expert;
    const std::size_t beam = m_level == AiLevel::Expert ? 8 : 5;
    const double started = io::threadCpuMs();
    // The first look's share of the budget: Careful and Expert keep some for the second.
    const double firstBudget = deep ? m_budgetMs * 0.5 : m_budgetMs;
    std::vector<double> shallow;
    double slowest = 0; // the longest one candidate took so far
    std::vector<double> firstMs; // each candidate's first look, in CPU ms
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        // Thinking is bounded (the 1 s a decision): the best so far when the next
        // candidate, as long as the slowest yet, would end past its budget.
        const double before = io::threadCpuMs();
        if (i > 0 && before - started + slowest > firstBudget)
            break;
        double v = 0;
        for (const GameState &w : worlds)
            v += judge(engine, w, candidates[i], player, 1, false) / double(worlds.size());
        const double took = io::threadCpuMs() - before;
        slowest = std::max(slowest, took);
        firstMs.push_back(took);
        shallow.push_back(v);
    }
    const std::size_t judged = shallow.size();
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
    if (deep) {
        std::vector<std::size_t> order;
        for (std::size_t i = 0; i < judged; ++i)
            if (shallow[i] > -std::numeric_limits<double>::infinity())
                order.push_back(i);
        std::stable_sort(order.begin(), order.end(),
                         [&](std::size_t x, std::size_t y) { return shallow[x] > shallow[y]; });
        if (order.size() > beam)
            order.resize(beam);
        double slowestDeep = 0;
        // A second look still under way when the budget runs out stops (the enemy's answer
        // is then not whole) and is not counted.
        m_deadlineMs = started + m_budgetMs;
        m_cutShort = false;
        for (std::size_t n = 0; n < order.size(); ++n) {
            const double before = io::threadCpuMs();
            // Begun only when, as long as its own first look times the enemy's answers it tries
            // (an activation with each Action of one model, about a dozen) for each try, or as
            // the slowest of them so far, it would end within the budget (at 60 models an
            // Expert decision took 1,131 ms when the first was begun whenever a quarter of the
            // budget was left).
            const double expected = double(samples) * 13.0 * firstMs[order[n]];
            if (before - started + std::max(expected, slowestDeep) > m_budgetMs)
                break;
            double v = 0;
            for (const GameState &w : worlds)
                v += judge(engine, w, candidates[order[n]], player, samples, true)
                    / double(worlds.size());
            slowestDeep = std::max(slowestDeep, io::threadCpuMs() - before);
            if (m_cutShort)
                break;
            consider(order[n], v);
        }
        m_deadlineMs = std::numeric_limits<double>::infinity();
    }
    if (bests.empty()) // Greedy, or no time left for a second look: the first look's best
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
        const ApplyResult r = engine.apply(state, chosen, dice);
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
