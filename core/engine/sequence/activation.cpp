// SPDX-License-Identifier: GPL-3.0-or-later
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

// Models on the table that have not activated; with `embarked`, also those
// Embarked on a carrier on the table, which may activate to Launch. The phase
// goes on until those have had their activation too ("players alternate
// activating Models until all eligible Models in their Fleets have been
// activated"); a player who does not want to Launch one activates it and ends
// the activation aboard.
std::vector<int> rules::activatableModels(const GameState &s, int player, bool embarked)
{
    std::vector<int> out;
    for (const ModelState &m : s.models)
        if (m.controller == player && !m.activated && activatesAsModel(s, m)
            && (m.onTable()
                || (embarked && m.location == Location::Embarked
                    && (m.carrier == kSealedCarrier // masked game: its owner knows where
                        || (s.model(m.carrier) && s.model(m.carrier)->onTable())))))
            out.push_back(m.id);
    return out;
}

void rules::startActivationPhase(Context &ctx)
{
    GameState &s = ctx.state;
    s.phase = Phase::Activation;
    s.toAct = s.initiative;
    ctx.event(QStringLiteral("phase"), Message(MsgId::ActivationPhaseOfTurn, {s.turn}),
              {{QStringLiteral("phase"), QStringLiteral("activation")}});
    if (activatableModels(s, s.toAct, true).empty())
        s.toAct = 1 - s.toAct;
    if (activatableModels(s, s.toAct, true).empty())
        endPhase(ctx);
}

// Why `player` may not activate the model declaring the Action (Activation
// Phase, the Action's requirements, the states and the scenario), or nullopt:
// everything activate() checks before it changes anything. legalCommands()
// asks the same function (no state copy), so what it offers is what apply()
// accepts: nothing after these checks refuses an activation.
std::optional<Rejection> rules::activationRefusal(const Engine &engine, const GameState &s,
                                                  int player, const ActivateCommand &c)
{
    if (s.phase != Phase::Activation)
        return Rejection(QStringLiteral("Structure of a Game"),
                         Message(MsgId::ActivateInActivationPhase));
    if (s.activation)
        return Rejection(
            QStringLiteral("Activation Phase"),
            Message(MsgId::CompleteActivationFirst, {engine.modelMessage(s, s.activation->model)}));
    const ModelState *m = s.model(c.model);
    if (!m)
        return Rejection(QStringLiteral("Activation Phase"),
                         Message(MsgId::NoModelNumber, {c.model}));
    if (m->controller != player)
        return Rejection(QStringLiteral("Activation Phase"),
                         Message(MsgId::NotUnderCommand,
                                 {m->name, engine.setup().players[std::size_t(player)].name}));
    // "all eligible Models in their Fleets": a Mine token (or UIO) is terrain.
    if (!activatesAsModel(s, *m))
        return Rejection(QStringLiteral("Activation Phase"),
                         Message(MsgId::TerrainDoesNotActivate, {m->name}));
    if (!m->onTable()
        && !(m->location == Location::Embarked && s.model(m->carrier)
             && s.model(m->carrier)->onTable()))
        return Rejection(QStringLiteral("States › In Reserve"),
                         Message(MsgId::NotOnTable, {m->name}));
    if (m->activated)
        return Rejection(QStringLiteral("Activation Phase"),
                         Message(MsgId::AlreadyActivated, {m->name}));
    // The Action's own check (action.cpp), the one engine.legalCommands() offers by.
    if (c.action)
        return declareRefusal(engine, s, c.model, *c.action);
    if (!c.unknownAction.isEmpty())
        return Rejection(QStringLiteral("Action"), Message(MsgId::NoSuchAction, {c.unknownAction}));
    return std::nullopt;
}

void rules::activate(Context &ctx, const ActivateCommand &c)
{
    const Engine &engine = ctx.engine;
    if (const std::optional<Rejection> why = activationRefusal(engine, ctx.state, ctx.player, c))
        throw Refused {*why};
    GameState &s = ctx.state;
    const Unit &u = engine.unitOf(*s.model(c.model));
    s.activation = Activation {};
    s.activation->model = c.model;
    s.activation->action = c.action;
    ModelState &mm = *s.model(c.model);
    mm.fireControlSpent = 0;
    const QString who = engine.setup().players[std::size_t(ctx.player)].name;
    ctx.event(
        QStringLiteral("activated"),
        !c.action ? Message(MsgId::Activates, {who, mm.name})
                  : Message(MsgId::ActivatesAndDeclares, {who, mm.name, actionMessage(*c.action)}),
        {{QStringLiteral("model"), mm.id}, {QStringLiteral("action"), c.actionKey()}}, ctx.player);
    // States that act at the start of an activation.
    assaultingAtActivation(ctx, mm.id);
    if (s.model(c.model)->has(FlagBoarded))
        boardedFirefight(ctx, c.model);
    fuelPods(ctx, c.model);
    // Sensor Drone: "may increase its Sensor rating for weapons in one arc by 1
    // when it activates" (the default: the Fore arc).
    if (mm.onTable() && engine.view(s, c.model).traitWorks(QStringLiteral("Sensor Drone"))) {
        static const quint8 arcs[] = {ArcFore, ArcPort, ArcStarboard, ArcAft};
        static const MsgId arcNames[]
            = {MsgId::ArcFore, MsgId::ArcPort, MsgId::ArcStarboard, MsgId::ArcAft};
        const int pick = ctx.chooser.ask(DecisionRequest::typed(
            ctx.player, QStringLiteral("sensor-drone"),
            Message(MsgId::SensorDroneQuestion, {mm.name}),
            {Message(arcNames[0]), Message(arcNames[1]), Message(arcNames[2]), Message(arcNames[3]),
             Message(MsgId::NoArc)},
            0, {{QStringLiteral("model"), c.model}}));
        if (pick < 4) {
            s.activation->sensorDroneArc = arcs[pick];
            ctx.event(QStringLiteral("action"),
                      Message(MsgId::SensorDroneArc, {mm.name, Message(arcNames[pick])}),
                      {{QStringLiteral("model"), c.model}}, ctx.player);
        }
    }
    // A Squadron declaring an Action may be intercepted (Reactive Interception)
    // before it takes effect; Assault, Bombing and an Interception of its own
    // are intercepted when they are resolved, as their procedures say. If the
    // squadron does not carry on, the Action is lost.
    if (c.action && u.isSquadron() && !actionRules(*c.action).interceptedWhenResolved
        && !reactiveInterception(ctx, c.model,
                                 Message(MsgId::TriggerDeclaresAction, {actionName(*c.action)}))) {
        s.activation->actionResolved = true;
        ctx.event(QStringLiteral("action"),
                  Message(MsgId::ActionLostToInterception,
                          {engine.modelMessage(s, c.model), actionMessage(*c.action)}),
                  {{QStringLiteral("model"), c.model}}, ctx.player);
        return;
    }
    if (c.action)
        declareAction(ctx, mm.id, *c.action);
    terrainAtActivation(ctx);
}

// Fuel Pods (Traits, or the Fuel Pods upgrade): once per game a Squadron may
// start its activation with +2 Fuel and either resolve a Boost one more time
// or avoid entering the Return to Base state once. House rulings: asked when it
// activates (default: not now); "a Boost one more time" is a Boost resolved
// at once, besides the declared Action (Speed factors multiply when that
// Action is a Boost too); the avoided Return to Base is kept until needed.
bool rules::hasFuelPods(const Engine &engine, const GameState &s, int id)
{
    const ModelState &m = s.models[std::size_t(id)];
    if (engine.unitOf(m).hasTrait(QStringLiteral("Fuel Pods"))
        || scenarioGivesTrait(engine, s, m, QStringLiteral("Fuel Pods")))
        return true;
    const auto &entries = engine.setup().players[std::size_t(m.owner)].fleet.entries;
    return m.entry >= 0 && m.entry < int(entries.size())
        && entries[std::size_t(m.entry)].upgrades.contains(Upgrade::kFuelPods);
}

void rules::fuelPods(Context &ctx, int id)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    scenarioActivated(ctx, id); // scenario modules (Water Raid: water for Fuel Pods)
    ModelState &m = s.models[std::size_t(id)];
    if (m.fuelPodsUsed || !m.onTable() || !engine.unitOf(m).isSquadron()
        || !hasFuelPods(engine, s, id))
        return;
    const int pick = ctx.chooser.ask(DecisionRequest::typed(
        m.controller, QStringLiteral("fuel-pods"), Message(MsgId::FuelPodsQuestion, {m.name}),
        {Message(MsgId::FuelPodsNotNow), Message(MsgId::FuelPodsBoost),
         Message(MsgId::FuelPodsAvoidReturn)},
        0, {{QStringLiteral("model"), id}}));
    if (pick == 0)
        return;
    m.fuelPodsUsed = true;
    m.fuelSpent -= 2;
    ctx.event(QStringLiteral("action"), Message(MsgId::UsesFuelPods, {m.name}),
              {{QStringLiteral("model"), id}}, ctx.player);
    if (pick == 2) {
        m.fuelPodsAvoidReturn = true;
        return;
    }
    const ModelView v = engine.view(s, id);
    std::vector<Message> options {Message(MsgId::FuelPodsDoubleSpeed)};
    if (v.fuel() >= 2)
        options.emplace_back(MsgId::FuelPodsTripleSpeed);
    const int boost = ctx.chooser.ask(DecisionRequest::typed(
        ctx.player, QStringLiteral("boost"), Message(MsgId::BoostQuestion, {m.name}),
        std::move(options), 0, {{QStringLiteral("model"), id}}));
    m.fuelSpent += boost + 1;
    s.activation->speedFactor *= boost + 2;
    ctx.event(QStringLiteral("action"),
              Message(MsgId::BoostsSpeed, {m.name, s.activation->speedFactor}),
              {{QStringLiteral("model"), id}}, ctx.player);
}

// A squadron would enter Return to Base: Fuel Pods may spare it once.
bool rules::sparedReturnToBase(Context &ctx, int id)
{
    ModelState &m = ctx.state.models[std::size_t(id)];
    if (!m.fuelPodsAvoidReturn)
        return false;
    m.fuelPodsAvoidReturn = false;
    ctx.event(QStringLiteral("state"), Message(MsgId::FuelPodsSpareReturn, {m.name}),
              {{QStringLiteral("model"), id}}, m.controller);
    return true;
}

void rules::endActivation(Context &ctx)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    ModelState &m = activeModel(s, ctx.player, QStringLiteral("Activation Phase"));
    const Unit &u = engine.unitOf(m);
    const ModelView v(u, m);
    const MoveLimits limits = engine.moveLimits(s, m.id);
    const double minMove = limits.minimum;
    // A physical table: the players measure the move; the engine does not see it.
    const bool physical = engine.setup().physical();
    // A ship whose mandatory move stopped on another base (Movement › Overlapping: "it
    // must stop") has made its move: it is repositioned below, whatever it had left.
    if (!physical && m.onTable() && !s.activation->landed && u.isCapital()
        && !s.activation->overlapPending && s.activation->moved + kContactTolerance < minMove)
        refuse(QStringLiteral("Movement › Capital Ship Movement"),
               Message(MsgId::MustMoveAtLeast,
                       {m.name, inches(minMove), limits.speed, v.rating(Rating::Thrusters),
                        inches(s.activation->moved)}));
    if (s.activation->overlapPending)
        completeOverlappingMove(ctx, m.id);
    terrainAtEndOfMovement(ctx, m.id);
    // Assaulting squadrons that stayed: placed anywhere in base contact again
    // (States › Assaulting), as near as possible to where they were.
    for (int sq : s.activation->assaulters) {
        ModelState &q = s.models[std::size_t(sq)];
        if (physical || !q.onTable() || !q.has(FlagAssaulting))
            continue; // a physical table: the players keep them in contact
        std::vector<BaseShape> others;
        for (const ModelState &o : s.models)
            if (o.onTable() && o.id != sq && o.id != m.id)
                others.push_back(engine.view(s, o.id).base());
        const auto at = nearestContactCentre(engine.view(s, sq).base(), engine.view(s, m.id).base(),
                                             q.placement.centre(), others);
        if (at) {
            q.placement = Placement(*at, q.placement.facing());
            ctx.event(QStringLiteral("placed"), Message(MsgId::KeepsAssaulting, {q.name, m.name}),
                      {{QStringLiteral("model"), sq}});
        } else {
            q.set(FlagAssaulting, false);
            q.assaultTarget = -1;
            q.set(FlagReturnToBase);
            ctx.event(QStringLiteral("state"),
                      Message(MsgId::NoRoomReturnsToBase, {q.name, m.name}),
                      {{QStringLiteral("model"), sq}});
        }
    }
    m.activated = true;
    // Fire Control refreshes at the end of the Attack Window; Fuel at the end of
    // the activation (Fuel Refresh).
    m.fireControlSpent = 0;
    for (ModelState &o : s.models) {
        o.fuelSpent = 0;
        o.weaponsUsed.clear(); // the Attack Window of this activation is over
        o.fireControlSpent = 0;
    }
    ctx.event(QStringLiteral("activation-ended"), Message(MsgId::EndsActivation, {m.name}),
              {{QStringLiteral("model"), m.id}}, ctx.player);
    s.activation.reset();
    nextActivation(ctx);
}

void rules::nextActivation(Context &ctx)
{
    GameState &s = ctx.state;
    const int other = 1 - ctx.player;
    if (!activatableModels(s, other, true).empty())
        s.toAct = other;
    else if (!activatableModels(s, ctx.player, true).empty())
        s.toAct = ctx.player; // consecutive activations
    else
        endPhase(ctx);
}

} // namespace jw
