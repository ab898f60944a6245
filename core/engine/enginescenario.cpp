// SPDX-License-Identifier: GPL-3.0-or-later
// Engine, Scenarios: the scenario's set-up (Corner quadrant, Beacon markers), Objective
// Points, the first to attack, and the calls of the scenario modules' hooks
// (scenarios/scenariomodule.h: each scenario's special rules and their state).
#include "engine/engine.h"
#include "engine/rules/rules.h"
#include "engine/scenarios/scenariomodule.h"

#include "fleet/upgrade.h"
#include "geometry/measure.h"
#include "geometry/zones.h"

#include <QJsonArray>

#include <algorithm>
#include <map>

namespace jw {

using namespace detail;
using namespace rules;

namespace {

constexpr MsgId kCornerNames[] = {MsgId::QuadrantTopLeft, MsgId::QuadrantTopRight,
                                  MsgId::QuadrantBottomRight, MsgId::QuadrantBottomLeft};

} // namespace

QString Engine::scenarioRule(const QString &switchKey) const
{
    for (const SpecialRule &r : scenario().specialRules)
        if (r.switches.contains(switchKey))
            return QStringLiteral("%1 › %2").arg(scenario().name, r.name);
    return QStringLiteral("Scenarios › %1").arg(scenario().name);
}

int rules::modelPoints(const Engine &engine, const ModelState &m)
{
    // The model's TV with its upgrades ("Use a model's full point value").
    if (m.owner < 0 || m.owner > 1)
        return 0; // terrain
    int tv = engine.unitOf(m).tv;
    const Fleet &fleet = engine.setup().players[std::size_t(m.owner)].fleet;
    if (m.entry < fleet.size())
        for (const QString &up : fleet.entries[std::size_t(m.entry)].upgrades)
            if (const Upgrade *g = Upgrade::byId(up))
                tv += g->tv;
    return tv;
}

// ---- Set-up ----------------------------------------------------------------

// Corner Deployment Zone: "The player with Initiative chooses a quadrant to
// deploy in first, and their opponent deploys in the diagonally opposite
// quadrant." Then the Beacons (if any) and the models.
void rules::scenarioSetup(Context &ctx)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    if (s.phase != Phase::Deployment || s.deploymentStep != DeploymentStep::Setup)
        refuse(QStringLiteral("Scenarios"), Message(MsgId::ScenarioSetUpAlready));
    if (engine.scenario().zone == DeploymentZoneKind::Corner) {
        const int ini = s.initiative;
        TableCorner corner = ini == 0 ? TableCorner::BottomLeft : TableCorner::TopRight;
        if (engine.setup().corner) {
            corner = *engine.setup().corner;
        } else {
            std::vector<Message> options;
            for (const MsgId n : kCornerNames)
                options.push_back(Message(MsgId::DeployInQuadrant, {Message(n)}));
            corner = TableCorner(ctx.chooser.ask(DecisionRequest::typed(
                ini, QStringLiteral("quadrant"),
                Message(MsgId::WhichQuadrant, {engine.setup().players[std::size_t(ini)].name}),
                std::move(options), int(corner),
                {{QStringLiteral("rule"), QStringLiteral("Corner Deployment Zone")}})));
        }
        s.corners[std::size_t(ini)] = int(corner);
        s.corners[std::size_t(1 - ini)] = int(oppositeCorner(corner));
        ctx.event(QStringLiteral("quadrant"),
                  Message(MsgId::DeploysInQuadrants,
                          {engine.setup().players[std::size_t(ini)].name,
                           Message(kCornerNames[int(corner)]),
                           engine.setup().players[std::size_t(1 - ini)].name,
                           Message(kCornerNames[int(oppositeCorner(corner))])}),
                  {{QStringLiteral("corners"), QJsonArray {s.corners[0], s.corners[1]}}}, ini);
    }
    scenarioPlacePieces(ctx); // a module's own pieces, after the quadrants
    s.deploymentStep = engine.scenario().zone == DeploymentZoneKind::Beacon
        ? DeploymentStep::Beacons
        : DeploymentStep::CapitalShips;
    s.toAct = s.initiative;
    advanceDeployment(ctx, false);
}

// Legal spots for the next Beacon marker on a grid (the UI's hints, and
// whether any spot is left at all).
std::vector<QPointF> rules::beaconSpots(const GameState &s, double step)
{
    QList<QPointF> all;
    for (const auto &mine : s.beacons)
        for (const QPointF &p : mine)
            all << p;
    std::vector<QPointF> out;
    const QRectF table = tableRect();
    for (double y = table.top() + step / 2; y < table.bottom(); y += step)
        for (double x = table.left() + step / 2; x < table.right(); x += step)
            if (isBeaconPlacementLegal(QPointF(x, y), all))
                out.push_back(QPointF(x, y));
    return out;
}

// Beacon Deployment Zone: "Starting with the player with Initiative, players
// alternate placing four Beacon markers each anywhere on the table. Markers must
// be at least 12" from any other Beacon marker."
void rules::placeBeacon(Context &ctx, const PlaceBeaconCommand &c)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    const QString rule = QStringLiteral("Deployment Zone › Beacon Deployment Zone");
    if (s.phase != Phase::Deployment || s.deploymentStep != DeploymentStep::Beacons)
        refuse(rule,
               engine.scenario().zone == DeploymentZoneKind::Beacon
                   ? Message(MsgId::BeaconsPlacedFirst)
                   : Message(MsgId::NoBeaconMarkers, {engine.scenario().name}));
    auto &mine = s.beacons[std::size_t(ctx.player)];
    const QString who = engine.setup().players[std::size_t(ctx.player)].name;
    if (mine.size() >= 4)
        refuse(rule, Message(MsgId::AllBeaconsPlaced, {who}));
    if (engine.setup().physical()) {
        // The players place the marker (on the table, 12" from the others: theirs to measure,
        // the command's coordinates are ignored); the engine keeps the count and the order.
        mine.push_back(physicalBeaconSpot(ctx.player, int(mine.size())));
        ctx.event(QStringLiteral("beacon"), Message(MsgId::PlacesBeaconOnTable, {who, mine.size()}),
                  {{QStringLiteral("marker"), int(mine.size())}}, ctx.player);
        advanceBeacons(ctx);
        return;
    }
    const QRectF table = tableRect();
    if (c.at.x() < table.left() || c.at.x() > table.right() || c.at.y() < table.top()
        || c.at.y() > table.bottom())
        refuse(rule, Message(MsgId::BeaconOnTable));
    for (int p = 0; p < 2; ++p)
        for (const QPointF &o : s.beacons[std::size_t(p)])
            if (!isBeaconPlacementLegal(c.at, {o}))
                refuse(rule,
                       Message(MsgId::BeaconsApart,
                               {engine.setup().players[std::size_t(p)].name,
                                QStringLiteral("%1").arg(o.x()), QStringLiteral("%1").arg(o.y()),
                                inches(QLineF(o, c.at).length())}));
    mine.push_back(c.at);
    ctx.event(QStringLiteral("beacon"),
              Message(MsgId::PlacesBeacon,
                      {who, mine.size(), QStringLiteral("%1").arg(c.at.x()),
                       QStringLiteral("%1").arg(c.at.y())}),
              {{QStringLiteral("x"), c.at.x()}, {QStringLiteral("y"), c.at.y()}}, ctx.player);
    advanceBeacons(ctx);
}

// Who places the next Beacon (alternating from the Initiative player), or, once
// all eight are down (or no legal spot is left), the Capital Ships.
void rules::advanceBeacons(Context &ctx)
{
    GameState &s = ctx.state;
    const bool room = !beaconSpots(s, 1.0).empty();
    auto canPlace = [&](int p) {
        return room && s.beacons[std::size_t(p)].size() < 4;
    };
    const int ini = s.initiative;
    int next = s.beacons[std::size_t(ini)].size() <= s.beacons[std::size_t(1 - ini)].size()
        ? ini
        : 1 - ini;
    if (!canPlace(next))
        next = 1 - next;
    if (canPlace(next)) {
        s.toAct = next;
        return;
    }
    if (s.beacons[0].size() < 4 || s.beacons[1].size() < 4)
        ctx.event(QStringLiteral("beacon"), Message(MsgId::NoBeaconSpotLeft));
    s.deploymentStep = DeploymentStep::CapitalShips;
    s.declined = {false, false};
    s.deployedThisStep = {0, 0};
    s.toAct = ini;
    advanceDeployment(ctx, false);
}

int rules::uncoveredBeacons(const Engine &engine, const GameState &s, int player)
{
    // A physical table: the markers the players have not said a model covers.
    if (engine.setup().physical())
        return int(s.beacons[std::size_t(player)].size()) - s.beaconsCovered[std::size_t(player)];
    int open = 0;
    for (const QPointF &b : s.beacons[std::size_t(player)]) {
        bool covered = false;
        for (const ModelState &m : s.models)
            if (m.owner == player && m.onTable()
                && isWithinBeaconZone(engine.view(s, m.id).base(), b))
                covered = true;
        open += covered ? 0 : 1;
    }
    return open;
}

bool rules::beaconCoverageApplies(const Engine &engine, const GameState &s)
{
    return engine.scenario().zone == DeploymentZoneKind::Beacon
        && engine.scenario().deployment == DeploymentTypeKind::Fleet && s.phase == Phase::Deployment
        && s.turn == 1
        && (s.deploymentStep == DeploymentStep::CapitalShips
            || s.deploymentStep == DeploymentStep::Squadrons);
}

// The end of a Deployment Phase: the scenario modules' choices, then the
// Activation Phase.
void rules::endDeploymentPhase(Context &ctx)
{
    const Engine &engine = ctx.engine;
    ScenarioContext sc {engine, ctx.state, ctx.events, ctx.chooser, ctx.dice, ctx.player, &ctx};
    for (const ScenarioModule *module : scenarioModulesFor(engine.scenario()))
        module->endOfDeploymentPhase(sc);
    startActivationPhase(ctx);
}

void rules::scenarioScriptedStart(Context &ctx)
{
    const Engine &engine = ctx.engine;
    ScenarioContext sc {engine, ctx.state, ctx.events, ctx.chooser, ctx.dice, ctx.player, &ctx};
    for (const ScenarioModule *module : scenarioModulesFor(engine.scenario()))
        module->scriptedStart(sc);
}

void rules::scenarioEndPhase(Context &ctx)
{
    const Engine &engine = ctx.engine;
    ScenarioContext sc {engine, ctx.state, ctx.events, ctx.chooser, ctx.dice, ctx.player, &ctx};
    for (const ScenarioModule *module : scenarioModulesFor(engine.scenario()))
        module->endPhase(sc);
}

void rules::scenarioLaunched(Context &ctx, int squadron, int carrier)
{
    const Engine &engine = ctx.engine;
    ScenarioContext sc {engine, ctx.state, ctx.events, ctx.chooser, ctx.dice, ctx.player, &ctx};
    for (const ScenarioModule *module : scenarioModulesFor(engine.scenario()))
        module->launched(sc, squadron, carrier);
}

void rules::scenarioLanded(Context &ctx, int squadron, int carrier)
{
    const Engine &engine = ctx.engine;
    ScenarioContext sc {engine, ctx.state, ctx.events, ctx.chooser, ctx.dice, ctx.player, &ctx};
    for (const ScenarioModule *module : scenarioModulesFor(engine.scenario()))
        module->landed(sc, squadron, carrier);
}

std::optional<Rejection> rules::scenarioWithdrawRefusal(const Engine &engine, const GameState &s,
                                                        const ModelState &m, const BaseShape &base,
                                                        TableQuestions &table)
{
    for (const ScenarioModule *module : scenarioModulesFor(engine.scenario()))
        if (auto why = module->withdrawRefusal(engine, s, m, base, table))
            return why;
    return std::nullopt;
}

void Engine::scenarioPrepare()
{
    for (const ScenarioModule *module : scenarioModulesFor(scenario()))
        module->prepare(m_setup);
}

void rules::scenarioPlacePieces(Context &ctx)
{
    const Engine &engine = ctx.engine;
    ScenarioContext sc {engine, ctx.state, ctx.events, ctx.chooser, ctx.dice, ctx.player, &ctx};
    for (const ScenarioModule *module : scenarioModulesFor(engine.scenario()))
        module->placePieces(sc);
}

bool rules::scenarioSetUpStep(Context &ctx)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    for (const ScenarioModule *module : scenarioModulesFor(engine.scenario()))
        if (const auto step = module->setUpStep(engine, s)) {
            s.deploymentStep = DeploymentStep::Comet;
            s.toAct = step->player;
            return true;
        }
    return false;
}

void rules::checkScenarioSetUpStep(const Engine &engine, const GameState &s)
{
    if (s.deploymentStep != DeploymentStep::Comet)
        return;
    for (const ScenarioModule *module : scenarioModulesFor(engine.scenario()))
        if (const auto step = module->setUpStep(engine, s))
            refuse(step->beforeModels);
}

std::vector<Command> rules::scenarioSetUpCommands(const Engine &engine, const GameState &s)
{
    std::vector<Command> out;
    for (const ScenarioModule *module : scenarioModulesFor(engine.scenario()))
        for (Command &c : module->setUpCommands(engine, s))
            out.push_back(std::move(c));
    return out;
}

void rules::scenarioCommand(Context &ctx, const Command &command)
{
    const Engine &engine = ctx.engine;
    ScenarioContext sc {engine, ctx.state, ctx.events, ctx.chooser, ctx.dice, ctx.player, &ctx};
    for (const ScenarioModule *module : scenarioModules())
        if (module->command(sc, command))
            return;
    // (Every scenario command has its module, which refuses it in another scenario.)
    refuse(QStringLiteral("Scenarios"), Message(MsgId::NoScenarioPlaysIt));
}

void rules::scenarioDeployed(Context &ctx, const DeployCommand &c)
{
    const Engine &engine = ctx.engine;
    ScenarioContext sc {engine, ctx.state, ctx.events, ctx.chooser, ctx.dice, ctx.player, &ctx};
    for (const ScenarioModule *module : scenarioModules())
        module->deployed(sc, c);
}

void rules::checkScenarioDeployment(const Engine &engine, const GameState &s, int player)
{
    for (const ScenarioModule *module : scenarioModulesFor(engine.scenario()))
        if (auto why = module->deploymentRefusal(engine, s, player))
            refuse(*why);
}

void rules::scenarioActivated(Context &ctx, int model)
{
    const Engine &engine = ctx.engine;
    ScenarioContext sc {engine, ctx.state, ctx.events, ctx.chooser, ctx.dice, ctx.player, &ctx};
    for (const ScenarioModule *module : scenarioModulesFor(engine.scenario()))
        module->activated(sc, model);
}

bool rules::scenarioGivesTrait(const Engine &engine, const GameState &s, const ModelState &m,
                               const QString &trait)
{
    for (const ScenarioModule *module : scenarioModulesFor(engine.scenario()))
        if (module->givesTrait(engine, s, m, trait))
            return true;
    return false;
}

std::vector<int> rules::scenarioTerrainTargets(const Engine &engine, const GameState &s, int model,
                                               ActionId action)
{
    std::vector<int> out;
    for (const ScenarioModule *module : scenarioModulesFor(engine.scenario()))
        for (int piece : module->terrainTargets(engine, s, model, action))
            out.push_back(piece);
    return out;
}

void rules::scenarioResolveOnTerrain(Context &ctx, ActionId action, int piece)
{
    const Engine &engine = ctx.engine;
    ScenarioContext sc {engine, ctx.state, ctx.events, ctx.chooser, ctx.dice, ctx.player, &ctx};
    for (const ScenarioModule *module : scenarioModules())
        if (module->resolveOnTerrain(sc, action, piece))
            return;
    refuse(QStringLiteral("Action › %1").arg(actionName(action)),
           Message(MsgId::NeedsTargetCapital, {actionName(action)}));
}

bool rules::scenarioOpenCarrier(const Engine &engine, const GameState &s, int carrier)
{
    for (const ScenarioModule *module : scenarioModulesFor(engine.scenario()))
        if (module->openCarrier(engine, s, carrier))
            return true;
    return false;
}

void rules::checkScenarioLand(const Engine &engine, const GameState &s, int squadron, int carrier)
{
    for (const ScenarioModule *module : scenarioModulesFor(engine.scenario()))
        if (auto why = module->landRefusal(engine, s, squadron, carrier))
            refuse(*why);
}

bool rules::scenarioBoards(Context &ctx, int target, int player, int marines)
{
    const Engine &engine = ctx.engine;
    ScenarioContext sc {engine, ctx.state, ctx.events, ctx.chooser, ctx.dice, ctx.player, &ctx};
    for (const ScenarioModule *module : scenarioModulesFor(engine.scenario()))
        if (module->boards(sc, target, player, marines))
            return true;
    return false;
}

// ---- The engine's steps a module's rules take part in (ScenarioContext) ----------

void ScenarioContext::advanceDeployment()
{
    rules::advanceDeployment(*command, false);
}

void ScenarioContext::endActivation()
{
    rules::endActivation(*command);
}

bool ScenarioContext::reactiveInterception(int squadron, const Message &trigger)
{
    return rules::reactiveInterception(*command, squadron, trigger);
}

std::optional<Rejection> ScenarioContext::checkPlacement(int model, const Placement &to) const
{
    return rules::checkPlacement(engine, state, model, to, false);
}

int ScenarioContext::addTerrainModel(int piece)
{
    return rules::addTerrainModel(engine, state, piece);
}

bool ScenarioContext::hasFuelPods(int model) const
{
    return rules::hasFuelPods(engine, state, model);
}

// ---- Objective Points ------------------------------------------------------

std::array<int, 2> rules::objectiveNow(const Engine &engine, const GameState &s, const Objective &o,
                                       bool final)
{
    std::array<int, 2> out {0, 0};
    // "Having the most": the strictly better player scores; a tie scores nobody
    // (house ruling: the rulebook gives no tie rule for objectives).
    auto most = [&](double a, double b, bool fewest = false) {
        if (a != b)
            out[(fewest ? a < b : a > b) ? 0 : 1] = o.points;
    };
    auto scores = [&](int p) {
        switch (o.side) {
        case ObjectiveSide::Each:
            return true;
        case ObjectiveSide::Attacker:
            return p == s.attacker;
        case ObjectiveSide::Defender:
            break;
        }
        return s.attacker >= 0 && p == 1 - s.attacker;
    };
    switch (o.kind) {
    case ObjectiveKind::MostVictoryPoints: {
        const auto vp = engine.victoryPoints(s);
        most(vp[0], vp[1]);
        break;
    }
    case ObjectiveKind::FewestWithdrawnModels: {
        std::array<int, 2> n {0, 0};
        for (const ModelState &m : s.models)
            if (m.controller >= 0 && m.terrain < 0)
                n[std::size_t(m.controller)] += m.location == Location::Withdrawn ? 1 : 0;
        most(n[0], n[1], true);
        break;
    }
    case ObjectiveKind::FirstToAttack:
        if (s.firstAttacker >= 0)
            out[std::size_t(s.firstAttacker)] = o.points;
        break;
    case ObjectiveKind::ForcesWithdrawn:
    case ObjectiveKind::EnemyForcesLost:
        // "Use a model's full point value for calculating force percentages."
        for (int p = 0; p < 2; ++p) {
            if (!scores(p))
                continue;
            const bool own = o.kind == ObjectiveKind::ForcesWithdrawn;
            const int fleet = own ? p : 1 - p;
            int total = 0, part = 0;
            for (const ModelState &m : s.models) {
                if (m.owner != fleet || m.terrain >= 0)
                    continue;
                const int tv = modelPoints(engine, m);
                total += tv;
                const bool captured = m.controller != m.owner || m.has(FlagCaptured);
                if (own ? m.location == Location::Withdrawn && !captured
                        : m.location == Location::Destroyed || m.has(FlagCrippled) || captured)
                    part += tv;
            }
            if (total > 0 && part * 100 >= o.percent * total)
                out[std::size_t(p)] = o.points;
        }
        break;
    default:
        // A scenario module's own objective (Escape Pods, water, UIOs).
        for (const ScenarioModule *module : scenarioModules())
            if (const auto points = module->objective(engine, s, o, final))
                return *points;
        break;
    }
    return out;
}

std::optional<std::array<int, 2>> rules::objectiveTally(const Engine &engine, const GameState &s,
                                                        const Objective &o)
{
    for (const ScenarioModule *module : scenarioModules())
        if (const auto tally = module->objectiveTally(engine, s, o))
            return tally;
    return std::nullopt;
}

// The standing of every objective (final with `final`, or once a by_turn
// objective's End Phase has come), and the total: objectives of one group are
// tiers, a player counting only the best one reached.
void rules::scoreObjectives(Context &ctx, bool final)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    const std::vector<Objective> &objectives = engine.scenario().objectives;
    s.objectiveScores.resize(objectives.size(), {0, 0});
    s.objectivesSettled.resize(objectives.size(), false);
    for (std::size_t i = 0; i < objectives.size(); ++i) {
        if (s.objectivesSettled[i])
            continue;
        const Objective &o = objectives[i];
        s.objectiveScores[i] = objectiveNow(engine, s, o, final);
        if (o.byTurn > 0 && (final || s.turn >= o.byTurn))
            s.objectivesSettled[i] = true;
        else if (final)
            s.objectivesSettled[i] = true;
    }
    std::array<int, 2> total {0, 0};
    std::map<QString, std::array<std::optional<int>, 2>> best;
    for (std::size_t i = 0; i < objectives.size(); ++i)
        for (std::size_t p = 0; p < 2; ++p) {
            const int v = s.objectiveScores[i][p];
            if (objectives[i].group.isEmpty())
                total[p] += v;
            else if (v != 0)
                best[objectives[i].group][p]
                    = std::max(best[objectives[i].group][p].value_or(v), v);
        }
    for (const auto &[group, b] : best)
        for (std::size_t p = 0; p < 2; ++p)
            total[p] += b[p].value_or(0);
    if (!final && total == s.objectivePoints)
        return;
    s.objectivePoints = total;
    std::optional<Message> parts; // "A 10 (...); B 3 (...)"
    QJsonArray details;
    for (std::size_t i = 0; i < objectives.size(); ++i) {
        const auto &v = s.objectiveScores[i];
        details.append(QJsonObject {{QStringLiteral("objective"), int(i)},
                                    {QStringLiteral("points"), QJsonArray {v[0], v[1]}}});
        for (std::size_t p = 0; p < 2; ++p)
            if (v[p] != 0) {
                const Message part(MsgId::ObjectiveScored,
                                   {engine.setup().players[p].name, v[p], objectives[i].text});
                parts = parts ? Message(MsgId::ObjectivesList, {*parts, part}) : part;
            }
    }
    ctx.event(QStringLiteral("objectives"),
              parts ? Message(final ? MsgId::FinalObjectivePointsScored
                                    : MsgId::StandingObjectivePointsScored,
                              {engine.setup().players[0].name, total[0],
                               engine.setup().players[1].name, total[1], *parts})
                    : Message(final ? MsgId::FinalObjectivePoints : MsgId::StandingObjectivePoints,
                              {engine.setup().players[0].name, total[0],
                               engine.setup().players[1].name, total[1]}),
              {{QStringLiteral("op"), QJsonArray {total[0], total[1]}},
               {QStringLiteral("objectives"), details}});
}

// ---- After every command ----------------------------------------------------

void rules::afterCommand(Context &ctx, const Command &command, std::optional<ActionId> declared)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    // The first player to attack (Break the Truce: "-2 points for being the first
    // player to attack!"): an attack with a weapon, or an Action that attacks.
    if (s.firstAttacker < 0) {
        bool attacked = std::holds_alternative<AttackCommand>(command);
        // (Mining the Comet is an Assault on no player.)
        const auto *resolved = std::get_if<ResolveActionCommand>(&command);
        if (resolved && !resolved->terrain && declared)
            attacked = attacked || actionRules(*declared).attacks;
        if (attacked) {
            s.firstAttacker = ctx.player;
            const bool counts = std::any_of(
                engine.scenario().objectives.begin(), engine.scenario().objectives.end(),
                [](const Objective &o) { return o.kind == ObjectiveKind::FirstToAttack; });
            if (counts)
                ctx.event(QStringLiteral("first-attack"),
                          Message(MsgId::FirstPlayerToAttack,
                                  {engine.setup().players[std::size_t(ctx.player)].name}),
                          {{QStringLiteral("player"), ctx.player}}, ctx.player);
        }
    }
    // The scenario's own bookkeeping (Escape Pods, water, Intelligence lost with their model).
    ScenarioContext sc {engine, ctx.state, ctx.events, ctx.chooser, ctx.dice, ctx.player, &ctx};
    for (const ScenarioModule *module : scenarioModulesFor(engine.scenario()))
        module->afterCommand(sc, command, declared);
}

} // namespace jw
