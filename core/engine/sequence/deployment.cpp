// SPDX-License-Identifier: GPL-3.0-or-later
// Engine, Deployment Phase: placing, embarking, declining, the order of deployment.
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
#include <limits>

namespace jw {

using namespace detail;
using namespace rules;

// ---- Deployment Phase -------------------------------------------------------

// Traits › Escort: "This model is considered a Squadron for purposes of
// determining eligibility for deployment or being held In Reserve with regards
// to the various Deployment Types." An Escort Capital Ship deploys in the
// Squadrons' step (Fleet Deployment: it may be held In Reserve; Escalating: it
// is one of the two Squadrons of the first phase). It stays a Capital Ship for
// everything else (it never deploys Embarked without a Dock).
bool rules::deploysAsSquadron(const Unit &u)
{
    return u.isSquadron() || u.hasTrait(QStringLiteral("Escort"));
}

std::vector<int> rules::deployableModels(const Engine &engine, const GameState &s, int player)
{
    std::vector<int> out;
    if (s.phase != Phase::Deployment || s.declined[std::size_t(player)]
        || s.deploymentStep == DeploymentStep::Setup || s.deploymentStep == DeploymentStep::Beacons
        || s.deploymentStep == DeploymentStep::Comet)
        return out;
    const bool escalating = engine.scenario().deployment == DeploymentTypeKind::Escalating;
    const bool capitalStep = s.deploymentStep == DeploymentStep::CapitalShips;
    // Escalating Deployment, first Deployment Phase: one Capital Ship each, then
    // two Squadrons each.
    if (escalating && s.turn == 1
        && s.deployedThisStep[std::size_t(player)] >= (capitalStep ? 1 : 2))
        return out;
    for (const ModelState &m : s.models) {
        if (m.owner != player || m.location != Location::Reserve)
            continue;
        const Unit &u = engine.unitOf(m);
        // Fleet Deployment, first Deployment Phase, and every phase of Escalating
        // Deployment: Capital Ships first, then Squadrons.
        if ((s.turn == 1 || escalating) && capitalStep == deploysAsSquadron(u))
            continue;
        out.push_back(m.id);
    }
    return out;
}

std::optional<Rejection> rules::checkPlacement(const Engine &engine, const GameState &s, int model,
                                               const Placement &p, bool deploying)
{
    const ModelState &m = s.models[std::size_t(model)];
    const Unit &u = engine.unitOf(m);
    const BaseShape base(u.base, p);
    const QString owner = engine.setup().players[std::size_t(m.owner)].name;
    if (deploying && engine.scenario().zone == DeploymentZoneKind::Beacon) {
        const auto &mine = s.beacons[std::size_t(m.owner)];
        if (!isWithinBeaconZones(base, QList<QPointF>(mine.begin(), mine.end())))
            return Rejection(QStringLiteral("Deployment Zone › Beacon Deployment Zone"),
                             Message(MsgId::WithinBeaconMarkers, {m.name, owner}));
    } else if (deploying && engine.scenario().zone == DeploymentZoneKind::Corner) {
        if (!isWhollyWithin(base, engine.deploymentZone(s, m.owner)))
            return Rejection(QStringLiteral("Deployment Zone › Corner Deployment Zone"),
                             Message(MsgId::WhollyWithinQuadrant, {m.name, owner}));
    } else if (deploying && !isWhollyWithin(base, engine.deploymentZone(m.owner))) {
        return Rejection(
            QStringLiteral("Deployment Phase"),
            Message(MsgId::WhollyWithinDeploymentZone,
                    {m.name, owner,
                     Message(engine.tableEdge(m.owner) == TableEdge::Bottom ? MsgId::EdgeBottom
                                                                            : MsgId::EdgeTop)}));
    }
    if (!isWithinTable(base))
        return Rejection(QStringLiteral("Movement"), Message(MsgId::WouldLeaveTable, {m.name}));
    for (const ModelState &o : s.models) {
        if (o.id == model || !o.onTable())
            continue;
        const BaseShape other(engine.unitOf(o).base, o.placement);
        if (overlaps(base, other)
            || (touching(base, other) && (deploying || !engine.mayEndInContact(s, model, o.id))))
            return Rejection(u.isCapital() ? QStringLiteral("Movement › Capital Ship Movement")
                                           : QStringLiteral("Movement › Squadron Movement"),
                             Message(MsgId::NoContactOrOverlap, {m.name, o.name}));
    }
    return std::nullopt;
}

void rules::deploy(Context &ctx, const DeployCommand &c)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    if (s.phase != Phase::Deployment)
        refuse(QStringLiteral("Structure of a Game"), Message(MsgId::DeployInDeploymentPhase));
    const ModelState *m = s.model(c.model);
    if (!m)
        refuse(QStringLiteral("Deployment Phase"), Message(MsgId::NoModelNumber, {c.model}));
    if (m->owner != ctx.player)
        refuse(QStringLiteral("Deployment Phase"),
               Message(MsgId::NotYoursToDeploy,
                       {m->name, engine.setup().players[std::size_t(ctx.player)].name}));
    checkScenarioSetUpStep(engine, s); // a scenario module's step before any model
    const auto eligible = deployableModels(engine, s, ctx.player);
    if (std::find(eligible.begin(), eligible.end(), c.model) == eligible.end())
        refuse(deploymentTypeRule(engine),
               m->location != Location::Reserve ? Message(MsgId::NotInReserve, {m->name})
                                                : whyNotDeployable(engine, s, *m));
    // A physical table: the players place the model in the zone; the engine keeps it apart
    // (tablequestions.h) and ignores the command's coordinates.
    const bool physical = engine.setup().physical();
    if (!physical)
        if (auto r = checkPlacement(engine, s, c.model, c.placement, true))
            refuse(*r);
    const int uncoveredBefore = uncoveredBeacons(engine, s, ctx.player);
    ModelState &mm = *s.model(c.model);
    mm.location = Location::Table;
    mm.placement = physical ? physicalSpot(c.model) : c.placement;
    mm.deployedTurn = s.turn;
    ++s.deployedThisStep[std::size_t(ctx.player)];
    const QString who = engine.setup().players[std::size_t(ctx.player)].name;
    if (physical && beaconCoverageApplies(engine, s) && uncoveredBefore > 0) {
        // The players say how many of the player's markers without a model it covers; an
        // answer that leaves too many uncovered ends the command with nothing done.
        TableQuestions table(s, &ctx.chooser);
        s.beaconsCovered[std::size_t(ctx.player)]
            += table.beaconsCovered(ctx.player, who, c.model, uncoveredBefore);
        if (auto why = beaconCoverageRefusal(engine, s, ctx.player, uncoveredBefore))
            throw TableForbids {*why};
    } else {
        checkBeaconCoverage(engine, s, ctx.player, uncoveredBefore);
    }
    ctx.event(QStringLiteral("deployed"),
              physical ? Message(MsgId::DeploysOnTable, {who, mm.name})
                       : Message(MsgId::Deploys,
                                 {who, mm.name, QStringLiteral("%1").arg(c.placement.centre().x()),
                                  QStringLiteral("%1").arg(c.placement.centre().y()),
                                  QStringLiteral("%1").arg(c.placement.facing())}),
              {{QStringLiteral("model"), mm.id}}, ctx.player);
    // Scenario modules (Water Raid › Water Reserves: the water it carries, and room left).
    scenarioDeployed(ctx, c);
    checkScenarioDeployment(engine, s, ctx.player);
    advanceDeployment(ctx, true);
}

void rules::embark(Context &ctx, const EmbarkCommand &c)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    if (s.phase != Phase::Deployment)
        refuse(QStringLiteral("Deployment Phase"), Message(MsgId::EmbarkInDeploymentPhase));
    const ModelState *m = s.model(c.model);
    // A masked game (maskedview.h): the other player's hidden model embarked on a carrier
    // the viewer is not told. Its owner's engine checked the carrier; the viewer's checks it
    // at the end of the game, when the sealed command is revealed.
    if (m && c.carrier == kSealedCarrier && engine.setup().masked && isStandInUnit(m->unitId))
        return embarkSealed(ctx, c);
    const ModelState *carrier = s.model(c.carrier);
    if (!m || !carrier)
        refuse(QStringLiteral("Deployment Phase"), Message(MsgId::NoSuchModel));
    checkScenarioSetUpStep(engine, s); // a scenario module's step before any model
    const auto eligible = deployableModels(engine, s, ctx.player);
    if (m->owner != ctx.player
        || std::find(eligible.begin(), eligible.end(), c.model) == eligible.end())
        refuse(QStringLiteral("Deployment Phase"), Message(MsgId::MayNotDeployNow, {m->name}));
    const Unit &u = engine.unitOf(*m);
    if (!u.isSquadron())
        refuse(deploymentTypeRule(engine), Message(MsgId::CapitalNotEmbarked));
    if (engine.scenario().deployment == DeploymentTypeKind::Escalating) {
        if (s.turn == 1)
            refuse(deploymentTypeRule(engine), Message(MsgId::NoEmbarkInFirstPhase));
        if (carrier->deployedTurn != s.turn)
            refuse(deploymentTypeRule(engine),
                   Message(MsgId::EmbarkOnNewCapitalShips, {carrier->name}));
    }
    if (carrier->owner != ctx.player || !carrier->onTable())
        refuse(QStringLiteral("States › Embarked"), Message(MsgId::EmbarkOnFriendly, {m->name}));
    const ModelView cv = engine.view(s, c.carrier);
    if (!cv.traitWorks(QStringLiteral("Hangers")))
        refuse(QStringLiteral("Traits › Hangers"),
               Message(MsgId::NoWorkingTrait, {carrier->name, QStringLiteral("Hangers")}));
    // Capacity: the Hangers rating left (a damaged hangar holds fewer).
    int capacity = 0;
    const Unit &cu = engine.unitOf(*carrier);
    for (int i = 0; i < int(cu.traits.size()); ++i) {
        const TraitRef &t = cu.traits[std::size_t(i)];
        if (t.name == QLatin1String("Hangers"))
            capacity += t.value.value_or(0) - carrier->traitsDamaged[std::size_t(i)];
    }
    int aboard = 0;
    for (const ModelState &o : s.models)
        aboard += o.location == Location::Embarked && o.carrier == c.carrier ? 1 : 0;
    if (aboard >= capacity)
        refuse(QStringLiteral("Traits › Hangers"),
               Message(MsgId::HangersFull, {carrier->name, aboard, capacity}));
    const int uncoveredBefore = uncoveredBeacons(engine, s, ctx.player);
    ModelState &mm = *s.model(c.model);
    mm.location = Location::Embarked;
    mm.carrier = c.carrier;
    mm.deployedTurn = s.turn;
    ++s.deployedThisStep[std::size_t(ctx.player)];
    checkBeaconCoverage(engine, s, ctx.player, uncoveredBefore);
    checkScenarioDeployment(engine, s,
                            ctx.player); // scenario modules (Water Raid › Water Reserves)
    ctx.event(
        QStringLiteral("embarked"),
        Message(MsgId::DeploysEmbarked,
                {engine.setup().players[std::size_t(ctx.player)].name, mm.name, carrier->name}),
        {{QStringLiteral("model"), mm.id}, {QStringLiteral("carrier"), c.carrier}}, ctx.player);
    advanceDeployment(ctx, true);
}

// The sealed Embark's effects as the viewer of a masked game sees them: the model is
// Embarked (on a carrier it does not know), and deployment goes on as after any Embark.
void rules::embarkSealed(Context &ctx, const EmbarkCommand &c)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    checkScenarioSetUpStep(engine, s);
    const auto eligible = deployableModels(engine, s, ctx.player);
    ModelState &mm = *s.model(c.model);
    if (mm.owner != ctx.player
        || std::find(eligible.begin(), eligible.end(), c.model) == eligible.end())
        refuse(QStringLiteral("Deployment Phase"), Message(MsgId::MayNotDeployNow, {mm.name}));
    const int uncoveredBefore = uncoveredBeacons(engine, s, ctx.player);
    mm.location = Location::Embarked;
    mm.carrier = kSealedCarrier;
    mm.deployedTurn = s.turn;
    ++s.deployedThisStep[std::size_t(ctx.player)];
    checkBeaconCoverage(engine, s, ctx.player, uncoveredBefore);
    checkScenarioDeployment(engine, s, ctx.player);
    const QString who = engine.setup().players[std::size_t(ctx.player)].name;
    ctx.event(QStringLiteral("embarked"), Message(MsgId::OutOfSight, {who}),
              {{QStringLiteral("model"), mm.id}}, ctx.player);
    advanceDeployment(ctx, true);
}

void rules::decline(Context &ctx)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    if (s.phase != Phase::Deployment)
        refuse(QStringLiteral("Deployment Phase"), Message(MsgId::NothingToDecline));
    if (s.deploymentStep == DeploymentStep::Setup || s.deploymentStep == DeploymentStep::Beacons)
        refuse(QStringLiteral("Deployment Zone › Beacon Deployment Zone"),
               Message(MsgId::BeaconMarkersFirst));
    checkScenarioSetUpStep(engine, s); // a scenario module's step before any model
    const bool escalating = engine.scenario().deployment == DeploymentTypeKind::Escalating;
    if (s.turn == 1 && s.deploymentStep == DeploymentStep::CapitalShips && !escalating)
        refuse(deploymentTypeRule(engine), Message(MsgId::AllCapitalShipsFirst));
    if (s.turn == 1 && s.deploymentStep == DeploymentStep::CapitalShips && escalating
        && !deployableModels(engine, s, ctx.player).empty())
        refuse(deploymentTypeRule(engine), Message(MsgId::OneCapitalShipEachFirst));
    if (beaconCoverageApplies(engine, s)) {
        const int open = uncoveredBeacons(engine, s, ctx.player);
        if (open > 0)
            refuse(QStringLiteral("Deployment Zone › Beacon Deployment Zone"),
                   Message(MsgId::BeaconsWithoutModel,
                           {open, engine.setup().players[std::size_t(ctx.player)].name}));
    }
    s.declined[std::size_t(ctx.player)] = true;
    checkScenarioDeployment(engine, s,
                            ctx.player); // scenario modules (Water Raid › Water Reserves)
    ctx.event(
        QStringLiteral("declined"),
        Message(MsgId::DeclinesToDeploy, {engine.setup().players[std::size_t(ctx.player)].name}),
        {}, ctx.player);
    advanceDeployment(ctx, true);
}

void rules::startDeploymentPhase(Context &ctx)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    s.phase = Phase::Deployment;
    s.declined = {false, false};
    s.deployedThisStep = {0, 0};
    s.deploymentStep = DeploymentStep::CapitalShips;
    // The first Deployment Phase starts with the scenario's set-up and Beacons.
    if (s.turn == 1 && engine.scenario().zone == DeploymentZoneKind::Corner && s.corners[0] < 0)
        s.deploymentStep = DeploymentStep::Setup;
    else if (s.turn == 1 && engine.scenario().zone == DeploymentZoneKind::Beacon
             && (s.beacons[0].size() < 4 || s.beacons[1].size() < 4))
        s.deploymentStep = DeploymentStep::Beacons;
    s.toAct = s.initiative;
    ctx.event(QStringLiteral("phase"), Message(MsgId::DeploymentPhaseOfTurn, {s.turn}),
              {{QStringLiteral("phase"), QStringLiteral("deployment")}});
    // Crippled ships roll on the Catastrophic Damage Table at the start of the
    // Deployment Phase (States › Crippled).
    if (s.turn > 1) {
        for (int id = 0; id < int(s.models.size()); ++id) {
            if (s.models[std::size_t(id)].onTable()
                && s.models[std::size_t(id)].has(FlagCrippled)) {
                DamageContext dc {engine.setup(), s, ctx.dice, ctx.chooser, ctx.events};
                rollCatastrophicDamage(dc, id);
            }
        }
    }
    advanceDeployment(ctx, false);
}

QString rules::deploymentTypeRule(const Engine &engine)
{
    return QStringLiteral("Deployment Type › %1")
        .arg(deploymentTypeName(engine.scenario().deployment));
}

// Why an In Reserve model may not deploy now (the order of the deployment type).
Message rules::whyNotDeployable(const Engine &engine, const GameState &s, const ModelState &m)
{
    const bool capital = !deploysAsSquadron(engine.unitOf(m));
    if (engine.unitOf(m).isCapital() && !capital && s.deploymentStep == DeploymentStep::CapitalShips
        && (s.turn == 1 || engine.scenario().deployment == DeploymentTypeKind::Escalating))
        return Message(MsgId::EscortDeploysWithSquadrons, {m.name});
    if (s.deploymentStep == DeploymentStep::Setup || s.deploymentStep == DeploymentStep::Beacons)
        return Message(MsgId::SetupAndBeaconsFirst);
    if (s.declined[std::size_t(m.owner)])
        return Message(MsgId::DeclinedUntilNextPhase,
                       {engine.setup().players[std::size_t(m.owner)].name});
    if (engine.scenario().deployment == DeploymentTypeKind::Escalating && s.turn == 1)
        return s.deploymentStep == DeploymentStep::CapitalShips
            ? (capital ? Message(MsgId::OneCapitalShipEachFirstPhase)
                       : Message(MsgId::NotNowOneCapitalThenSquadrons, {m.name}))
            : (capital ? Message(MsgId::NotNowCapitalShipsDeployed, {m.name})
                       : Message(MsgId::TwoSquadronsEachFirstPhase));
    return Message(MsgId::NotNowCapitalShipsFirst, {m.name});
}

// Fleet Deployment in a Beacon Deployment Zone: "at least one model must be
// deployed within 3\" of each player's Beacon markers". A placement that leaves
// more markers without a model than the player has models left to deploy is
// refused, unless it covered one.
std::optional<Rejection> rules::beaconCoverageRefusal(const Engine &engine, const GameState &s,
                                                      int player, int uncoveredBefore)
{
    if (!beaconCoverageApplies(engine, s))
        return std::nullopt;
    const int open = uncoveredBeacons(engine, s, player);
    int left = 0;
    for (const ModelState &m : s.models)
        left += m.owner == player && m.location == Location::Reserve ? 1 : 0;
    if (open > left && open >= uncoveredBefore)
        return Rejection(QStringLiteral("Deployment Zone › Beacon Deployment Zone"),
                         Message(MsgId::BeaconsWouldHaveNone, {open, left}));
    return std::nullopt;
}

void rules::checkBeaconCoverage(const Engine &engine, const GameState &s, int player,
                                int uncoveredBefore)
{
    if (auto why = beaconCoverageRefusal(engine, s, player, uncoveredBefore))
        refuse(*why);
}

// Who deploys next, or the Activation Phase when nobody can. After a player's
// deployment or decline, the other player goes next if they still may; a player
// with more to deploy goes on alone once the other is done.
void rules::advanceDeployment(Context &ctx, bool afterAction)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    if (s.deploymentStep == DeploymentStep::Setup)
        return; // the scenario's set-up command moves on
    if (s.deploymentStep == DeploymentStep::Beacons)
        return advanceBeacons(ctx);
    // A scenario module's own step before any model (Water Raid: the Stationary Comet).
    if (s.deploymentStep == DeploymentStep::Comet)
        return;
    if (s.deploymentStep == DeploymentStep::CapitalShips && scenarioSetUpStep(ctx))
        return;
    auto canDeploy = [&](int p) {
        return !deployableModels(engine, s, p).empty();
    };
    // Capital Ships, then Squadrons: in the first phase, and in every phase of
    // Escalating Deployment (where either step ends when both players decline).
    const bool stepped
        = s.turn == 1 || engine.scenario().deployment == DeploymentTypeKind::Escalating;
    if (stepped && s.deploymentStep == DeploymentStep::CapitalShips
        && (s.declined[0] || !canDeploy(0)) && (s.declined[1] || !canDeploy(1))) {
        s.deploymentStep = DeploymentStep::Squadrons;
        s.declined = {false, false};
        s.deployedThisStep = {0, 0};
        s.toAct = s.initiative;
        afterAction = false;
        if (canDeploy(0) || canDeploy(1))
            ctx.event(QStringLiteral("deployment-step"),
                      Message(MsgId::CapitalShipsDeployedNowSquadrons),
                      {{QStringLiteral("step"), deploymentStepId(s.deploymentStep)}});
    }
    // Players with nothing to deploy are obliged to decline.
    for (int p = 0; p < 2; ++p)
        if (!canDeploy(p))
            s.declined[std::size_t(p)] = true;
    if (s.declined[0] && s.declined[1]) {
        // Terrain › Comets: "At the end of each Deployment Phase, resolve a Movement of the
        // Comet."
        moveComets(ctx);
        endDeploymentPhase(ctx);
        return;
    }
    if (afterAction)
        s.toAct = 1 - ctx.player;
    if (s.declined[std::size_t(s.toAct)])
        s.toAct = 1 - s.toAct;
}

} // namespace jw
