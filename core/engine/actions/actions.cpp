// SPDX-License-Identifier: GPL-3.0-or-later
// Engine, Actions: declaring an Action (requirements, Skill Tests) and resolving
// those that are not a special procedure; Repair.
#include "engine/engine.h"
#include "engine/rules/rules.h"

#include "dice/dicesource.h"
#include "dice/roll.h"
#include "engine/attack.h"
#include "engine/damage.h"
#include "engine/rounding.h"
#include "fleet/upgrade.h"
#include "geometry/arcs.h"
#include "geometry/geometry.h"
#include "geometry/measure.h"
#include "geometry/movement.h"
#include "geometry/overlapresolution.h"
#include "geometry/sensorrange.h"
#include "geometry/zones.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <deque>

namespace jw {

using namespace detail;
using namespace rules;

// The Skill Test of an Action (Dice System › Skill Test), logged. Fast adds a
// Flex die to Withdraw (Traits › Fast).
DiceResult detail::actionSkillTest(const Engine &engine, GameState &s, int model,
                                   const Message &what, DiceSource &dice,
                                   std::vector<GameEvent> &events, Chooser *chooser, int flex)
{
    TableQuestions table(s, chooser);
    const DicePool pool
        = skillTestPool(rules::skillForTest(engine.setup(), s, model, &table), flex);
    const RollOutcome r = rollBest(pool, dice);
    const Message m(MsgId::ActionSkillTest,
                    {s.models[std::size_t(model)].name, what, shownFaces(r.faces.dice).text,
                     r.result.toString()});
    GameEvent e {QStringLiteral("roll"),
                 m,
                 {{QStringLiteral("model"), model},
                  {QStringLiteral("pool"), r.rolled.toString()},
                  {QStringLiteral("result"), r.result.toString()}},
                 s.models[std::size_t(model)].controller};
    events.push_back(std::move(e));
    return r.result;
}

// Actions resolved when they are declared (house ruling: an Action whose Skill
// Test changes the rest of the activation rolls it at once).
void rules::declareAction(Context &ctx, int id, ActionId action)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    ModelState &m = s.models[std::size_t(id)];
    const Unit &u = engine.unitOf(m);
    Activation &a = *s.activation;
    auto note = [&](const Message &text) {
        ctx.event(QStringLiteral("action"), text,
                  {{QStringLiteral("model"), id}, {QStringLiteral("action"), actionKey(action)}},
                  ctx.player);
    };
    switch (action) {
    // The states these actions enter (States chapter); they last until the End Phase.
    case ActionId::Evade:
        m.set(FlagEvading);
        a.actionResolved = true;
        ctx.event(QStringLiteral("state"), Message(MsgId::IsEvading, {m.name}),
                  {{QStringLiteral("model"), m.id},
                   {QStringLiteral("state"), QStringLiteral("evading")}});
        break;
    case ActionId::StationKeep:
        m.set(FlagStationKeeping);
        a.actionResolved = true;
        ctx.event(QStringLiteral("state"), Message(MsgId::IsStationKeeping, {m.name}),
                  {{QStringLiteral("model"), m.id},
                   {QStringLiteral("state"), QStringLiteral("station-keeping")}});
        break;
    case ActionId::ConcentratedFire:
    case ActionId::LongRangeSensors: {
        // Concentrated Fire: N +1 Flex to non-Missile attacks, [D+] also re-roll an
        // [N]; Long Range Sensors: N diminishes every result (attack.cpp reads it).
        const DiceResult r = actionSkillTest(engine, s, id,
                                             Message(action == ActionId::ConcentratedFire
                                                         ? MsgId::ActionConcentratedFire
                                                         : MsgId::ActionLongRangeSensors),
                                             ctx.dice, ctx.events, &ctx.chooser);
        a.actionTest = r.best();
        a.actionResolved = true;
        break;
    }
    case ActionId::SilentRunning: {
        const DiceResult r = actionSkillTest(engine, s, id, Message(MsgId::ActionSilentRunning),
                                             ctx.dice, ctx.events, &ctx.chooser);
        a.actionResolved = true;
        if (r.isSuccess()) {
            m.set(FlagStealthed);
            ctx.event(QStringLiteral("state"), Message(MsgId::IsStealthed, {m.name}),
                      {{QStringLiteral("model"), id},
                       {QStringLiteral("state"), QStringLiteral("stealthed")}});
        } else {
            note(Message(MsgId::FailsToGoSilent, {m.name}));
        }
        break;
    }
    case ActionId::Reorient: {
        // N: one turn more than the Turns rating; [D+]: turn to face any direction.
        const DiceResult r = actionSkillTest(engine, s, id, Message(MsgId::ActionReorient),
                                             ctx.dice, ctx.events, &ctx.chooser);
        a.actionResolved = true;
        if (u.hasTrait(QStringLiteral("Sluggish"))) {
            // Sluggish: "makes two turns instead of one at the end of its move,
            // regardless of the Test result": never the any-direction turn.
            a.extraTurns = 2;
            note(Message(MsgId::SluggishReorient, {m.name}));
        } else if (r.isSuccess()) {
            a.anyFacing = true;
            note(Message(MsgId::ReorientAnyDirection, {m.name}));
        } else {
            a.extraTurns = 1;
            note(Message(MsgId::ReorientOneMoreTurn, {m.name}));
        }
        break;
    }
    case ActionId::Boost: {
        // Double the Speed for 1 Fuel, triple it for 2 (the player's choice).
        const ModelView v(u, m);
        std::vector<Message> options {Message(MsgId::BoostDouble, {u.speed * 2})};
        if (v.fuel() >= 2)
            options.push_back(Message(MsgId::BoostTriple, {u.speed * 3}));
        const int choice = ctx.chooser.ask(DecisionRequest::typed(
            ctx.player, QStringLiteral("boost"), Message(MsgId::BoostQuestion, {m.name}),
            std::move(options), 0, {{QStringLiteral("model"), id}}));
        m.fuelSpent += choice + 1;
        a.speedFactor *= choice + 2;
        a.actionResolved = true;
        note(Message(MsgId::Boosts, {m.name, a.speedFactor, choice + 1}));
        break;
    }
    case ActionId::PurgeAirlocks: {
        // N: Marines and Boarders both lose half; [D]: the Boarders lose half;
        // [T+]: the Boarders are all lost. Halves round up (RULINGS.md 1).
        const DiceResult r = actionSkillTest(engine, s, id, Message(MsgId::ActionPurgeAirlocks),
                                             ctx.dice, ctx.events, &ctx.chooser);
        a.actionResolved = true;
        const int before = m.boarders;
        if (r.best() >= Magnitude::T) {
            m.boarders = 0;
        } else {
            m.boarders -= half(m.boarders);
            if (!r.isSuccess()) {
                const ModelView v(u, m);
                const int marines = v.rating(Rating::Marines);
                const int target = marines - half(marines);
                while (m.marinesLost < u.marines.size()
                       && u.marines.valueAfter(m.marinesLost) > target)
                    ++m.marinesLost;
            }
        }
        note(Message(MsgId::PurgesAirlocks, {m.name, before, m.boarders}));
        if (m.boarders == 0 && m.has(FlagBoarded)) {
            m.set(FlagBoarded, false);
            ctx.event(QStringLiteral("state-ended"), Message(MsgId::NoLongerBoarded, {m.name}),
                      {{QStringLiteral("model"), id}});
        }
        break;
    }
    case ActionId::DamageControl: {
        a.actionResolved = true;
        repair(ctx, id);
        break;
    }
    case ActionId::VectorAttack: {
        a.actionResolved = true;
        resolveVectorAttack(ctx, id);
        break;
    }
    case ActionId::SearchEscapePods: {
        // Break the Truce › Search for Escape Pods: a Skill Test; N none, [D] one,
        // [T+] two, loaded onto the searching model at the end of the action.
        const DiceResult r = actionSkillTest(engine, s, id, Message(MsgId::ActionSearchEscapePods),
                                             ctx.dice, ctx.events, &ctx.chooser);
        a.actionResolved = true;
        const int found = r.best() >= Magnitude::T ? 2 : r.best() == Magnitude::D ? 1 : 0;
        m.escapePods += found;
        ctx.event(QStringLiteral("escape-pods"),
                  found == 0 ? Message(MsgId::FindsNoEscapePods, {m.name})
                             : Message(MsgId::FindsEscapePods, {m.name, found, m.escapePods}),
                  {{QStringLiteral("model"), id},
                   {QStringLiteral("found"), found},
                   {QStringLiteral("pods"), m.escapePods}},
                  ctx.player);
        break;
    }
    // Lock On is read by the attacks; Withdraw and the others are resolved by
    // ResolveActionCommand; Land and Launch by their own commands.
    case ActionId::LockOn:
    case ActionId::Withdraw:
    case ActionId::InitiateBoarding:
    case ActionId::Land:
    case ActionId::Launch:
    case ActionId::RammingSpeed:
    case ActionId::InitiateAssault:
    case ActionId::InitiateBombing:
    case ActionId::Interception:
    case ActionId::EngagePointDefense:
    case ActionId::LayMines:
    case ActionId::Tug:
    case ActionId::TenderTransfer:
        break;
    }
}

// The declared Action resolved by ResolveActionCommand: Withdraw (after moving
// clear of the enemy), and the Actions resolved against a model (against `target`).
void rules::resolveDeclaredAction(Context &ctx, const ResolveActionCommand &c)
{
    GameState &s = ctx.state;
    ModelState &m = activeModel(s, ctx.player, QStringLiteral("Action"));
    const Activation &a = *s.activation;
    const ActionResolve resolve
        = a.action ? actionRules(*a.action).resolve : ActionResolve::Nothing;
    const bool targeted = resolve == ActionResolve::Target;
    // A field the Action does not take is refused, not ignored: the game record
    // must say what was played (and legalCommands offers it without).
    const bool untargeted = resolve == ActionResolve::NoTarget;
    const bool layMines = resolve == ActionResolve::Point;
    const bool assault = a.action == ActionId::InitiateAssault;
    if (((untargeted || layMines) && (c.target || c.terrain)) || (untargeted && c.at)
        || (targeted && c.at) || (c.terrain && !assault))
        refuse(QStringLiteral("Action"),
               Message(MsgId::TakesNoField,
                       {!a.action ? MessageArg(Message(MsgId::ThisActivation))
                                  : MessageArg(actionName(*a.action)),
                        Message(c.at           ? MsgId::FieldPoint
                                    : c.target ? MsgId::FieldTarget
                                               : MsgId::FieldTerrain)}));
    // "Models that are Embarked are considered to be off the table until they are
    // placed on the table with a Launch action": no Interception or Bombing from
    // the hangar.
    if (targeted && !m.onTable())
        refuse(QStringLiteral("States › Embarked"), Message(MsgId::OffTableUntilLaunch, {m.name}));
    if (a.action == ActionId::EngagePointDefense && !a.actionResolved)
        return resolveEngagePointDefense(ctx);
    if (layMines) {
        if (!c.at)
            refuse(QStringLiteral("Action › Lay Mines"), Message(MsgId::LayMinesWhere));
        return layMine(ctx, *c.at);
    }
    if (a.action != ActionId::Withdraw && !targeted)
        refuse(QStringLiteral("Action"),
               !a.action ? Message(MsgId::DeclaredNoAction, {m.name})
                         : Message(MsgId::ResolvedWhenDeclared, {actionName(*a.action)}));
    const ActionId id = *a.action;
    const QString name = actionName(id);
    if (a.actionResolved)
        refuse(QStringLiteral("Action › %1").arg(name),
               Message(MsgId::ActionResolvedAlready, {name}));
    if (!targeted)
        return resolveWithdraw(ctx);
    // An Action against terrain by a scenario's rules (Water Raid › Mine the Comet).
    if (c.terrain && assault)
        return scenarioResolveOnTerrain(ctx, id, *c.terrain);
    if (!c.target)
        refuse(QStringLiteral("Action › %1").arg(name), Message(MsgId::NeedsTargetCapital, {name}));
    // Each resolution checks its target first (targetRefusal: what legalCommands offers).
    switch (id) {
    case ActionId::Interception:
        return resolveInterception(ctx, *c.target);
    case ActionId::Tug:
        return resolveTug(ctx, *c.target);
    case ActionId::TenderTransfer:
        return resolveTenderTransfer(ctx, *c.target);
    case ActionId::RammingSpeed:
        return resolveRamming(ctx, *c.target);
    case ActionId::InitiateAssault:
        return resolveAssault(ctx, *c.target);
    case ActionId::InitiateBombing:
        return resolveBombing(ctx, *c.target);
    case ActionId::InitiateBoarding:
        return resolveBoarding(ctx, *c.target);
    default:
        Q_UNREACHABLE();
    }
}

// Engage Point Defense (Action): one Fire Control for the whole Action, then a
// separate Point Defense attack on every enemy Squadron within short range
// (3", the anti-squadron Short Range), nearest first.
void rules::resolveEngagePointDefense(Context &ctx)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    ModelState &m = *s.model(s.activation->model);
    const ModelView v = engine.view(s, m.id);
    if (v.fireControlLeft() < 1)
        refuse(QStringLiteral("Action › Engage Point Defense"),
               Message(MsgId::NoFireControlLeft, {m.name}));
    m.fireControlSpent += 1;
    if (m.has(FlagStealthed)) {
        m.set(FlagStealthed, false); // cancelled by spending Fire Control
        ctx.event(QStringLiteral("state-ended"), Message(MsgId::NoLongerStealthed, {m.name}),
                  {{QStringLiteral("model"), m.id}}, ctx.player);
    }
    s.activation->actionResolved = true;
    std::vector<std::pair<double, int>> targets;
    const BaseShape base = v.base();
    const bool physical = engine.setup().physical();
    std::vector<int> enemies;
    for (const ModelState &o : s.models) {
        if (!o.onTable() || o.controller == m.controller || !engine.unitOf(o).isSquadron())
            continue;
        if (physical) {
            enemies.push_back(o.id);
            continue;
        }
        const double d = distance(base, engine.view(s, o.id).base());
        if (d <= shortRange(AttackKind::AntiSquadron) + kContactTolerance)
            targets.push_back({d, o.id});
    }
    if (physical) {
        // A physical table: the players say which are within Short Range, in that order
        // (nearest first).
        TableQuestions table(s, &ctx.chooser);
        const std::vector<int> near
            = table.whoNear(ctx.player, m.id, shortRange(AttackKind::AntiSquadron), enemies,
                            Message(MsgId::ActionEngagePointDefense));
        for (std::size_t i = 0; i < near.size(); ++i)
            targets.push_back({double(i), near[i]});
    }
    std::sort(targets.begin(), targets.end());
    ctx.event(QStringLiteral("action"),
              Message(MsgId::EngagesPointDefense, {m.name, targets.size()}),
              {{QStringLiteral("model"), m.id}}, ctx.player);
    for (const auto &[d, target] : targets) {
        Q_UNUSED(d);
        if (s.models[std::size_t(target)].onTable())
            resolvePointDefenseAttack(engine.setup(), s, m.id, target, ctx.dice, ctx.chooser,
                                      ctx.events, true);
    }
}

// Withdraw (Action): at least 6" from every enemy model, a [D+] Skill Test
// (Fast: +1 Flex) and the model and those Embarked on it are Withdrawn.
void rules::resolveWithdraw(Context &ctx)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    ModelState &m = *s.model(s.activation->model);
    Activation &a = *s.activation;
    const BaseShape base = engine.view(s, m.id).base();
    for (const ModelState &o : s.models) {
        // A UIO is nobody's (controller -1): not an enemy model.
        if (!o.onTable() || o.controller == m.controller || o.controller < 0
            || engine.setup().physical()) // the players vouch for it
            continue;
        const double d = distance(base, engine.view(s, o.id).base());
        if (d < 6.0 - kContactTolerance)
            refuse(QStringLiteral("Action › Withdraw"),
                   Message(MsgId::WithdrawTooClose, {m.name, o.name, inches(d)}));
    }
    // A scenario's own limits on Withdraw (scenario modules), with the 6" from the enemy; on
    // a physical table, asked of the players (an answer that forbids it: nothing done).
    TableQuestions table(s, &ctx.chooser);
    if (const auto why = scenarioWithdrawRefusal(engine, s, m, base, table)) {
        if (engine.setup().physical())
            throw TableForbids {*why};
        refuse(*why);
    }
    const int fast = engine.unitOf(m).hasTrait(QStringLiteral("Fast")) ? 1 : 0;
    const DiceResult r = actionSkillTest(engine, s, m.id, Message(MsgId::ActionWithdraw), ctx.dice,
                                         ctx.events, &ctx.chooser, fast);
    a.actionResolved = true;
    if (!r.isSuccess()) {
        ctx.event(QStringLiteral("action"), Message(MsgId::FailsToWithdraw, {m.name}),
                  {{QStringLiteral("model"), m.id}}, ctx.player);
        return;
    }
    withdrawModel(ctx, m.id, Message(MsgId::Withdraws, {m.name}));
}

// Vector Attack (Action): a Skill Test; N lets the player choose one Squadron
// within the model's Sensor Range (not the model itself), [D] two, [T+] three;
// each chosen Squadron may make a free Movement of up to 3". It is not
// activated by it and may not be intercepted. House ruling: the chosen
// Squadrons are the player's own (vectoring friendly fighters), on the table;
// "within Sensor Range" is the model's anti-squadron range (its Long Range).
void rules::resolveVectorAttack(Context &ctx, int id)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    const DiceResult r = actionSkillTest(engine, s, id, Message(MsgId::ActionVectorAttack),
                                         ctx.dice, ctx.events, &ctx.chooser);
    const Magnitude best = r.best();
    int count = best >= Magnitude::T ? 3 : best >= Magnitude::D ? 2 : 1;
    const ModelState &m = s.models[std::size_t(id)];
    const ModelView v = engine.view(s, id);
    std::vector<int> eligible;
    const bool physical = engine.setup().physical();
    for (const ModelState &q : s.models)
        if (q.onTable() && q.id != id && q.controller == m.controller
            && engine.unitOf(q).isSquadron()
            && (physical
                || sensorRange(v.base(), engine.view(s, q.id).base(), AttackKind::AntiSquadron,
                               v.rating(Rating::Sensors))
                    != SensorRange::OutOfRange))
            eligible.push_back(q.id);
    if (physical) {
        // A physical table: the players say which are within its Sensor Range.
        TableQuestions table(s, &ctx.chooser);
        eligible = table.whoNear(ctx.player, id,
                                 maxRange(AttackKind::AntiSquadron, v.rating(Rating::Sensors)),
                                 eligible, Message(MsgId::ActionVectorAttack));
        std::sort(eligible.begin(), eligible.end()); // offered in the order of the fleets
    }
    ctx.event(QStringLiteral("action"), Message(MsgId::Vectors, {m.name, count, eligible.size()}),
              {{QStringLiteral("model"), id}, {QStringLiteral("count"), count}}, ctx.player);
    while (count > 0 && !eligible.empty()) {
        std::vector<Message> options;
        for (int e : eligible)
            options.push_back(Message(MsgId::MoveModelOption, {s.models[std::size_t(e)].name}));
        options.push_back(Message(MsgId::DoneOption));
        const int done = int(options.size()) - 1;
        DecisionRequest q = DecisionRequest::typed(
            m.controller, QStringLiteral("vector-attack"), Message(MsgId::VectorQuestion, {count}),
            std::move(options), done, {{QStringLiteral("model"), id}});
        for (std::size_t i = 0; i < eligible.size(); ++i)
            q.paths.push_back({int(i), eligible[i], 3.0});
        const int pick = ctx.chooser.ask(q);
        if (pick >= int(eligible.size()))
            break;
        const int chosen = eligible[std::size_t(pick)];
        freeMovement(ctx, chosen, ctx.chooser.lastPath(), 3.0,
                     QStringLiteral("Action › Vector Attack"));
        eligible.erase(eligible.begin() + pick);
        --count;
    }
}

// Tug (Traits): the model moves a friendly model with the Static trait within
// 3" of it, towards itself, at most 3" a turn for the Static model. House
// rulings: the Static model is the player's own; it moves straight towards the
// Tug by as much as it may (3" less what it was towed this turn), stopping at
// base contact or where it would overlap another model.
std::optional<Rejection> rules::tugRefusal(const Engine &engine, const GameState &s, int id,
                                           int target)
{
    const QString rule = QStringLiteral("Traits › Tug");
    const ModelState &m = s.models[std::size_t(id)];
    const ModelState *t = s.model(target);
    if (!t || !t->onTable() || t->controller != m.controller
        || !engine.unitOf(*t).hasTrait(QStringLiteral("Static")))
        return Rejection(rule, Message(MsgId::TugMovesStatic));
    const double gap = reachDistance(engine, s, id, target);
    if (gap > 3.0 + kContactTolerance)
        return Rejection(rule, Message(MsgId::TugTooFar, {t->name, m.name, inches(gap)}));
    if (std::max(0.0, 3.0 - t->towed) <= kContactTolerance)
        return Rejection(rule, Message(MsgId::TowedAlready, {t->name}));
    return std::nullopt;
}

void rules::resolveTug(Context &ctx, int target)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    const int id = s.activation->model;
    if (const std::optional<Rejection> why = tugRefusal(engine, s, id, target))
        refuse(*why);
    const ModelState &m = s.models[std::size_t(id)];
    const ModelState *t = s.model(target);
    const BaseShape tb = engine.view(s, target).base();
    const BaseShape mb = engine.view(s, id).base();
    const double gap = distance(mb, tb);
    const double allowance = std::max(0.0, 3.0 - t->towed);
    s.activation->actionResolved = true;
    if (engine.setup().physical()) {
        // A physical table: the players tow it; the engine counts its 3".
        ModelState &tm = s.models[std::size_t(target)];
        tm.towed += allowance;
        ctx.event(QStringLiteral("moved"),
                  Message(MsgId::Tows, {m.name, tm.name, inches(allowance)}),
                  {{QStringLiteral("model"), target}, {QStringLiteral("by"), id}}, ctx.player);
        return;
    }
    const QPointF from = t->placement.centre();
    QPointF dir = mb.placement().centre() - from;
    const double len = std::hypot(dir.x(), dir.y());
    dir = len > 1e-9 ? dir / len : QPointF(0, 0);
    std::vector<BaseShape> others;
    for (const ModelState &o : s.models)
        if (o.onTable() && o.id != target)
            others.push_back(engine.view(s, o.id).base());
    // The farthest clear point along the way, in steps of 0.05".
    double moved = 0;
    const double limit = std::min(allowance, gap);
    for (double d = 0.05; d <= limit + kContactTolerance; d += 0.05) {
        const BaseShape at(tb.size(), Placement(from + dir * d, t->placement.facing()));
        bool clear = isWithinTable(at);
        for (const BaseShape &o : others)
            clear = clear && !overlaps(at, o);
        if (!clear)
            break;
        moved = d;
    }
    ModelState &tm = s.models[std::size_t(target)];
    tm.placement = Placement(from + dir * moved, tm.placement.facing());
    tm.towed += moved;
    ctx.event(QStringLiteral("moved"), Message(MsgId::Tows, {m.name, tm.name, inches(moved)}),
              {{QStringLiteral("model"), target}, {QStringLiteral("by"), id}}, ctx.player);
}

// Traits › Tender: "A model with the Tender trait may use its action to mark off
// any number of traits with boxes, or marine rating, to transfer an equal
// number of that rating to a target friendly ship within 1". No rating on the
// target ship may increase to more than its initial rating." House rulings: a
// "ship" is a Capital Ship; a trait box goes to the same trait on the target
// (one damaged box of it is cleared), a Marine to the target's Marines; the
// player gives one box at a time and says when to stop (default: stop).
std::vector<std::pair<int, int>> rules::tenderTransfers(const Engine &engine, const GameState &s,
                                                        int id, int target)
{
    std::vector<std::pair<int, int>> out;
    const ModelView tender = engine.view(s, id);
    const ModelView to = engine.view(s, target);
    if (!to.unit().isCapital() || reachDistance(engine, s, id, target) > 1.0 + kContactTolerance)
        return out;
    if (tender.rating(Rating::Marines) > 0 && to.lost(Rating::Marines) > 0)
        out.push_back({-1, -1});
    const Unit &tu = tender.unit();
    const Unit &ou = to.unit();
    for (int i = 0; i < int(tu.traits.size()); ++i) {
        const TraitRef &t = tu.traits[std::size_t(i)];
        const int marked = i < int(tender.model().traitsDamaged.size())
            ? tender.model().traitsDamaged[std::size_t(i)]
            : 0;
        if (t.boxes <= 0 || marked >= t.boxes)
            continue;
        for (int j = 0; j < int(ou.traits.size()); ++j)
            if (ou.traits[std::size_t(j)].name == t.name && j < int(to.model().traitsDamaged.size())
                && to.model().traitsDamaged[std::size_t(j)] > 0) {
                out.push_back({i, j});
                break;
            }
    }
    return out;
}

std::optional<Rejection> rules::tenderRefusal(const Engine &engine, const GameState &s, int id,
                                              int target)
{
    const QString rule = QStringLiteral("Traits › Tender");
    const ModelState &m = s.models[std::size_t(id)];
    const ModelState *t = s.model(target);
    if (!t || !t->onTable() || t->controller != m.controller || t->id == id
        || !engine.unitOf(*t).isCapital())
        return Rejection(rule, Message(MsgId::TenderTransfersToShip));
    const double gap = reachDistance(engine, s, id, target);
    if (gap > 1.0 + kContactTolerance)
        return Rejection(rule, Message(MsgId::BoardingWithin1, {t->name, m.name, inches(gap)}));
    if (tenderTransfers(engine, s, id, target).empty())
        return Rejection(rule, Message(MsgId::TenderNothing, {t->name, m.name}));
    return std::nullopt;
}

void rules::resolveTenderTransfer(Context &ctx, int target)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    const int id = s.activation->model;
    if (const std::optional<Rejection> why = tenderRefusal(engine, s, id, target))
        refuse(*why);
    const ModelState &m = s.models[std::size_t(id)];
    const ModelState *t = s.model(target);
    s.activation->actionResolved = true;
    const Unit &tu = engine.unitOf(m);
    const Unit &ou = engine.unitOf(*t);
    for (;;) {
        const auto options = tenderTransfers(engine, s, id, target);
        if (options.empty())
            break;
        std::vector<Message> labels;
        for (const auto &[from, to] : options)
            labels.push_back(
                from < 0 ? Message(MsgId::TenderMarineOption,
                                   {m.name, engine.view(s, id).rating(Rating::Marines), t->name,
                                    engine.view(s, target).rating(Rating::Marines),
                                    engine.view(s, target).starting(Rating::Marines)})
                         : Message(MsgId::TenderBoxOption, {tu.traits[std::size_t(from)].name}));
        labels.push_back(Message(MsgId::DoneOption));
        const int pick = ctx.chooser.ask(DecisionRequest::typed(
            ctx.player, QStringLiteral("tender-transfer"),
            Message(MsgId::TenderQuestion, {m.name, t->name}), std::move(labels),
            int(options.size()),
            {{QStringLiteral("model"), id}, {QStringLiteral("target"), target}}));
        if (pick >= int(options.size()))
            break;
        const auto [from, to] = options[std::size_t(pick)];
        ModelState &giver = s.models[std::size_t(id)];
        ModelState &taker = s.models[std::size_t(target)];
        Message what;
        if (from < 0) {
            ++giver.marinesLost;
            --taker.marinesLost;
            what = Message(MsgId::AMarine);
        } else {
            ++giver.traitsDamaged[std::size_t(from)];
            --taker.traitsDamaged[std::size_t(to)];
            what = Message(MsgId::ATraitBox, {ou.traits[std::size_t(to)].name});
        }
        ctx.event(QStringLiteral("transfer"),
                  Message(MsgId::Transfers, {giver.name, what, taker.name}),
                  {{QStringLiteral("model"), id}, {QStringLiteral("target"), target}}, ctx.player);
    }
}

std::optional<Rejection> rules::enemyCapitalRefusal(const Engine &engine, const GameState &s,
                                                    int id, int target, ActionId action)
{
    const ModelState &m = s.models[std::size_t(id)];
    const ModelState *t = s.model(target);
    if (!t || !t->onTable() || t->controller == m.controller || !engine.unitOf(*t).isCapital())
        return Rejection(QStringLiteral("Action › %1").arg(actionName(action)),
                         Message(MsgId::TargetEnemyCapital));
    return std::nullopt;
}

std::optional<Rejection> rules::targetRefusal(const Engine &engine, const GameState &s, int id,
                                              ActionId action, int target)
{
    switch (action) {
    case ActionId::Interception:
        return interceptionRefusal(engine, s, id, target);
    case ActionId::Tug:
        return tugRefusal(engine, s, id, target);
    case ActionId::TenderTransfer:
        return tenderRefusal(engine, s, id, target);
    case ActionId::RammingSpeed:
        return rammingRefusal(engine, s, id, target);
    case ActionId::InitiateAssault:
        return assaultRefusal(engine, s, id, target);
    case ActionId::InitiateBombing:
        return bombingRefusal(engine, s, id, target);
    case ActionId::InitiateBoarding:
        return boardingRefusal(engine, s, id, target);
    default: // not resolved against a model
        return Rejection(QStringLiteral("Action"),
                         Message(MsgId::ResolvedWhenDeclared, {actionName(action)}));
    }
}

} // namespace jw
