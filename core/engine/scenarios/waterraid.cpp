// SPDX-License-Identifier: GPL-3.0-or-later
// Water Raid (Scenarios › Advanced Scenarios › Water Raid; scenario switches `water` and
// `defender_capital_withdraw_from_turn`): the Stationary Comet the Defender places, the Water
// Reserves declared at deployment, Mine the Comet (an Assault against it), Fuel Pods for a
// unit of water, Transfer Water on Land and Launch, water lost with its model, Surprise
// Attack!, and the water objectives. docs/scenarios.md has the house rulings. The water is
// per model (ModelState::water, ModelState::waterFuelPods), as the Escape Pods are; the
// Comet's step is DeploymentStep::Comet.
#include "dice/roll.h"
#include "engine/attackpool.h"
#include "engine/damage.h"
#include "engine/decision.h"
#include "engine/engine.h"
#include "engine/engineinternal.h"
#include "engine/messageids.h"
#include "engine/scenarios/modules.h"
#include "engine/scenarios/scenariomodule.h"
#include "engine/table/tablequestions.h"
#include "engine/waterreserves.h"
#include "fleet/upgrade.h"
#include "geometry/convex.h"
#include "geometry/geometry.h"
#include "geometry/measure.h"
#include "geometry/terrainshape.h"
#include "geometry/zones.h"

#include <QJsonArray>
#include <QLineF>

#include <algorithm>
#include <cmath>

namespace jw {

namespace {

using namespace detail;

QString waterRule(const Engine &engine, const QString &part)
{
    return QStringLiteral("%1 › %2").arg(engine.scenario().name, part);
}

// "Capital Ships may be issued a max of 5 water units total during deployment."
constexpr int kCapitalStartWater = 5;
// "Exo-Armor Squadrons may be issued 1 water unit total during deployment if *not* Embarked."
constexpr int kExoArmorStartWater = 1;
// "Exo-Armor Squadrons may carry a max of 3 water units at any time"; Launch takes "up to 3".
constexpr int kExoArmorCarry = 3;
// Mine the Comet: "The Comet is considered to have a Defense rating of 4".
constexpr int kCometDefense = 4;
// Attack Bonus: Assault, 2 Flex Dice.
constexpr int kAssaultFlex = 2;
// The default Tail of a placed Comet: a triangle this long and wide.
constexpr double kDefaultTailLength = 6.0;
constexpr double kDefaultTailWidth = 3.0;

// Mine the Comet: [D] mines 1 unit of water, [T] 2, [Q+] 3, per success.
int waterUnits(const DiceResult &r)
{
    int n = 0;
    for (const Success &s : r.successes())
        n += s.magnitude == Magnitude::Q ? 3 : s.magnitude == Magnitude::T ? 2 : 1;
    return n;
}

// The water a model may be issued at deployment: Capital Ships 5, Exo-Armor 1, others none.
int startWaterCap(const Unit &u)
{
    if (u.isCapital())
        return kCapitalStartWater;
    return u.type == UnitType::ExoArmor ? kExoArmorStartWater : 0;
}

bool cometPending(const Engine &engine, const GameState &s)
{
    if (!engine.scenario().switches.water || s.turn != 1 || s.phase != Phase::Deployment
        || s.attacker < 0)
        return false;
    return std::none_of(s.terrain.begin(), s.terrain.end(), [](const TerrainPiece &p) {
        return p.kind == TerrainKind::Comet && p.stationary;
    });
}

// A few legal placements (the middle and both sides of the Defender's zone) for the
// players who pick from a list (any other legal one is accepted).
std::vector<Command> cometSpots(const Engine &engine, const GameState &s)
{
    std::vector<Command> out;
    if (s.attacker < 0)
        return out;
    if (engine.setup().physical()) // the players place it: one command, the default Body
        return {PlaceCometCommand {QPointF(), 3.0, {}}};
    const QRectF z = engine.deploymentZone(s, 1 - s.attacker);
    for (const double f : {0.25, 0.5, 0.75})
        out.push_back(
            PlaceCometCommand {QPointF(z.left() + z.width() * f, z.center().y()), 3.0, {}});
    return out;
}

// Water Reserves: "During the first Deployment Phase, the Defender deploys a single
// [Stationary] [Comet] in their deployment zone before players deploy any models."
// House ruling: the Body (2-4", Terrain › Comets) is wholly within the Defender's
// Deployment Zone; the Tail touches it and stays on the table.
void placeComet(ScenarioContext &ctx, const PlaceCometCommand &c)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    const QString rule = waterRule(engine, QStringLiteral("Water Reserves"));
    if (!engine.scenario().switches.water)
        refuse(QStringLiteral("Scenarios"),
               Message(MsgId::NoCometToPlace, {engine.scenario().name}));
    if (s.phase != Phase::Deployment || s.deploymentStep != DeploymentStep::Comet)
        refuse(rule, Message(MsgId::CometFirstDeployment));
    const int defender = 1 - s.attacker;
    if (ctx.player != defender)
        refuse(rule,
               Message(MsgId::DefenderPlacesComet,
                       {engine.setup().players[std::size_t(defender)].name}));
    if (c.diameter < 2.0 - kContactTolerance || c.diameter > 4.0 + kContactTolerance)
        refuse(QStringLiteral("Terrain › Comets"),
               Message(MsgId::CometBodySize, {inches(c.diameter)}));
    if (engine.setup().physical()) {
        // The players place it in the Defender's zone (vouched for; the command's coordinates
        // and Tail are ignored); the engine keeps a Stationary Comet off the table, whose Body
        // and Tail the physical table's questions name (cover, the line of fire) and Mine the
        // Comet targets.
        const QPointF at = rules::physicalCometSpot();
        const double r = c.diameter / 2;
        QPolygonF tail;
        tail << at + QPointF(r, 0) << at + QPointF(r + kDefaultTailLength, kDefaultTailWidth / 2)
             << at + QPointF(r + kDefaultTailLength, -kDefaultTailWidth / 2);
        TerrainPiece comet = TerrainPiece::comet(at, c.diameter, tail);
        comet.stationary = true;
        s.terrain.push_back(comet);
        ctx.event(
            QStringLiteral("comet"),
            Message(MsgId::PlacesStationaryCometOnTable,
                    {engine.setup().players[std::size_t(defender)].name, inches(c.diameter), rule}),
            {{QStringLiteral("terrain"), int(s.terrain.size()) - 1}}, ctx.player);
        s.deploymentStep = DeploymentStep::CapitalShips;
        s.declined = {false, false};
        s.deployedThisStep = {0, 0};
        s.toAct = s.initiative;
        ctx.advanceDeployment();
        return;
    }
    const QRectF zone = engine.deploymentZone(s, defender);
    const double r = c.diameter / 2;
    const QRectF body(c.at - QPointF(r, r), QSizeF(c.diameter, c.diameter));
    if (!zone.adjusted(-kContactTolerance, -kContactTolerance, kContactTolerance, kContactTolerance)
             .contains(body))
        refuse(
            rule,
            Message(MsgId::CometInDeploymentZone,
                    {QStringLiteral("%1").arg(c.at.x()), QStringLiteral("%1").arg(c.at.y()),
                     engine.setup().players[std::size_t(defender)].name,
                     Message(engine.tableEdge(defender) == TableEdge::Bottom ? MsgId::EdgeBottom
                                                                             : MsgId::EdgeTop)}));
    QPolygonF tail;
    if (c.tail.empty()) {
        // Along the zone, toward its middle.
        const QPointF dir(c.at.x() <= zone.center().x() ? 1.0 : -1.0, 0.0);
        const QPointF across(0.0, kDefaultTailWidth / 2);
        tail << c.at + dir * r << c.at + dir * (r + kDefaultTailLength) + across
             << c.at + dir * (r + kDefaultTailLength) - across;
    } else {
        for (const QPointF &p : c.tail)
            tail << p;
    }
    if (tail.size() < 3)
        refuse(QStringLiteral("Terrain › Comets"), Message(MsgId::TailPolygon));
    if (!tail.containsPoint(c.at, Qt::OddEvenFill)
        && convex::distanceToOutline(tail, c.at) > r + 0.01)
        refuse(QStringLiteral("Terrain › Comets"), Message(MsgId::TailTouchesBody));
    const QRectF table = tableRect().adjusted(-kContactTolerance, -kContactTolerance,
                                              kContactTolerance, kContactTolerance);
    for (const QPointF &p : tail)
        if (!table.contains(p))
            refuse(QStringLiteral("Terrain › Comets"), Message(MsgId::TailOnTable));
    TerrainPiece comet = TerrainPiece::comet(c.at, c.diameter, tail);
    comet.stationary = true;
    s.terrain.push_back(comet);
    ctx.event(QStringLiteral("comet"),
              Message(MsgId::PlacesStationaryComet,
                      {engine.setup().players[std::size_t(defender)].name,
                       QStringLiteral("%1").arg(c.at.x()), QStringLiteral("%1").arg(c.at.y()),
                       inches(c.diameter), rule}),
              {{QStringLiteral("terrain"), int(s.terrain.size()) - 1},
               {QStringLiteral("x"), c.at.x()},
               {QStringLiteral("y"), c.at.y()}},
              ctx.player);
    s.deploymentStep = DeploymentStep::CapitalShips;
    s.declined = {false, false};
    s.deployedThisStep = {0, 0};
    s.toAct = s.initiative;
    ctx.advanceDeployment();
}

// "When deploying each model, the Defender must declare how many units of water it is
// carrying": Capital Ships at most 5, Exo-Armor squadrons (not Embarked) 1, the others
// none, 10 in all. Not declared (the default): as much as the model may take of what is
// left, so that models deployed in order carry all 10 (Capital Ships first).
void waterAtDeployment(ScenarioContext &ctx, int model, std::optional<int> declared)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    ModelState &m = s.models[std::size_t(model)];
    int water = declared.value_or(0);
    if (!declared && engine.scenario().switches.water && s.turn == 1 && s.attacker >= 0
        && m.owner == 1 - s.attacker) {
        int issued = 0;
        for (const ModelState &o : s.models)
            issued += o.owner == m.owner ? o.water : 0;
        water = std::max(0, std::min(startWaterCap(engine.unitOf(m)), kWaterReserves - issued));
    }
    if (water == 0)
        return;
    const QString rule = waterRule(engine, QStringLiteral("Water Reserves"));
    if (!engine.scenario().switches.water)
        refuse(QStringLiteral("Scenarios"),
               Message(MsgId::NoWaterToCarry, {engine.scenario().name}));
    if (water < 0)
        refuse(rule, Message(MsgId::WaterCountedFrom0));
    if (s.turn != 1)
        refuse(rule, Message(MsgId::WaterFirstDeployment, {m.name, s.turn}));
    if (s.attacker < 0 || m.owner != 1 - s.attacker)
        refuse(rule, Message(MsgId::OnlyDefenderDistributesWater));
    const Unit &u = engine.unitOf(m);
    const int cap = startWaterCap(u);
    if (water > cap)
        refuse(rule,
               cap == 0            ? Message(MsgId::NoWaterForModel, {m.name})
                   : u.isCapital() ? Message(MsgId::CapitalWaterMax, {m.name, water})
                                   : Message(MsgId::ExoArmorWaterMax, {m.name, water}));
    int issued = 0;
    for (const ModelState &o : s.models)
        issued += o.owner == m.owner ? o.water : 0;
    if (issued + water > kWaterReserves)
        refuse(rule, Message(MsgId::WaterTenUnits, {issued, water, issued + water}));
    m.water = water;
    ctx.event(QStringLiteral("water"), Message(MsgId::CarriesWater, {m.name, water}),
              {{QStringLiteral("model"), m.id}, {QStringLiteral("water"), m.water}}, m.owner);
}

// "During the first Deployment Phase, the Defender must distribute 10 units of water across
// their Fleet": a deployment, embarkation or decline of the Defender that leaves too little
// room for the rest is refused. House ruling: a Fleet that cannot carry 10 distributes what
// it can carry.
namespace {

// The Defender's water as it deploys: issued so far, what its models In Reserve could still
// carry, and what it must distribute (all 10, or what the fleet can carry).
struct ReserveCount
{
    int issued = 0, left = 0, required = 0;
};

ReserveCount reserveCount(const Engine &engine, const GameState &s, int player)
{
    ReserveCount c;
    int fleetCap = 0;
    for (const ModelState &m : s.models) {
        if (m.owner != player || m.terrain >= 0)
            continue;
        const int cap = startWaterCap(engine.unitOf(m));
        c.issued += m.water;
        fleetCap += cap;
        if (m.location == Location::Reserve && !s.declined[std::size_t(player)])
            c.left += cap;
    }
    c.required = std::min(kWaterReserves, fleetCap);
    return c;
}

} // namespace

std::optional<Rejection> waterReservesRefusal(const Engine &engine, const GameState &s, int player)
{
    if (!engine.scenario().switches.water || s.turn != 1 || s.phase != Phase::Deployment
        || s.attacker < 0 || player != 1 - s.attacker)
        return std::nullopt;
    const auto [issued, left, required] = reserveCount(engine, s, player);
    if (issued + left >= required)
        return std::nullopt;
    const Message why(MsgId::WaterReservesRequired, {required, issued, left});
    return Rejection {waterRule(engine, QStringLiteral("Water Reserves")), why};
}

bool mayMineComet(const Engine &engine, const GameState &s, int model, int piece)
{
    const ModelState *m = s.model(model);
    if (!engine.scenario().switches.water || !m || !m->onTable() || s.attacker < 0
        || m->controller != 1 - s.attacker || engine.unitOf(*m).type != UnitType::ExoArmor
        || m->water >= kExoArmorCarry || piece < 0 || piece >= int(s.terrain.size()))
        return false;
    const TerrainPiece &p = s.terrain[std::size_t(piece)];
    // In contact, or the remaining movement reaches it (mineComet moves it there); on a
    // physical table the players vouch for it by giving the command.
    return p.kind == TerrainKind::Comet
        && (engine.setup().physical()
            || distance(engine.view(s, model).base(), p.shape)
                <= engine.moveLimits(s, model).left() + kContactTolerance);
}

// "The Defender may attempt to Mine the Comet with Exo-Armor Squadrons by resolving an
// Assault action against the Comet", the Assault procedure with the Comet as the target:
// 1. enemy squadrons within 3" may intercept; 2. the Comet's "Defense rating of 4" is the
// Point Defense attack (an unopposed 4d6 roll; [T+] drives the squadron off); 3. the
// squadron's Attack Window, with its Lance only (Skill dice, +2 Flex Dice, Fuel for +1d6
// each): "D mines 1 unit of water, T mines 2 units, and Q+ results mines 3 units".
// House rulings: each Lance line fires once (one Fire Control each) and every success of a
// roll mines (so [D1,D4] mines 2), up to the 3 units an Exo-Armor may carry; the squadron
// stays where it is and enters neither Assaulting nor Return to Base (those states are
// about a Capital Ship); its activation ends, as after an Assault.
void mineComet(ScenarioContext &ctx, int piece)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    const int id = s.activation->model;
    const QString rule = waterRule(engine, QStringLiteral("Mine the Comet"));
    {
        const ModelState &m = s.models[std::size_t(id)];
        if (!engine.scenario().switches.water)
            refuse(QStringLiteral("Assault"), Message(MsgId::OnlyCometMined));
        if (piece < 0 || piece >= int(s.terrain.size())
            || s.terrain[std::size_t(piece)].kind != TerrainKind::Comet)
            refuse(rule, Message(MsgId::TerrainNotComet, {piece}));
        if (s.attacker < 0 || m.controller != 1 - s.attacker)
            refuse(rule,
                   Message(MsgId::DefenderMinesComet,
                           {engine.setup().players[std::size_t(m.controller)].name}));
        if (!m.onTable())
            refuse(rule, Message(MsgId::NotOnTable, {m.name}));
        const TerrainPiece &p = s.terrain[std::size_t(piece)];
        // A physical table: in reach, as the players say by giving the command.
        const double d
            = engine.setup().physical() ? 0.0 : distance(engine.view(s, id).base(), p.shape);
        const double left = engine.moveLimits(s, id).left();
        if (d > left + kContactTolerance)
            refuse(QStringLiteral("Assault"),
                   Message(MsgId::CannotReachComet, {m.name, inches(d), inches(left)}));
        if (m.water >= kExoArmorCarry)
            refuse(rule, Message(MsgId::ExoArmorCarryMax, {m.name, m.water}));
        if (!s.activation->weaponsUsed.empty())
            refuse(QStringLiteral("Assault"), Message(MsgId::AssaultAfterAttack, {m.name}));
        const ModelView v = engine.view(s, id);
        bool lance = false;
        for (int w = 0; w < int(v.unit().weapons.size()); ++w)
            lance = lance
                || (v.unit().weapons[std::size_t(w)].weaponClass == WeaponClass::Lance
                    && v.weaponInstancesLeft(w) > 0);
        if (!lance)
            refuse(rule, Message(MsgId::OnlyLanceOnComet, {m.name}));
        if (v.fireControlLeft() < 1)
            refuse(rule, Message(MsgId::NoFireControlLeft, {m.name}));
    }
    // "After an Exo-Armor moves into base to base with a Capital Ship or Terrain
    // Model": one that stopped short moves into contact, straight to the Comet.
    {
        ModelState &m = s.models[std::size_t(id)];
        const BaseShape base = engine.view(s, id).base();
        const TerrainShape &body = s.terrain[std::size_t(piece)].shape;
        const double d = distance(base, body);
        if (d > kContactTolerance) {
            const Placement to(contactCentre(base, body), m.placement.facing());
            // A physical table: the players moved it there; its spot is put in contact (the
            // engine does not know how far it went).
            const bool physical = engine.setup().physical();
            if (auto rej = physical ? std::nullopt : ctx.checkPlacement(id, to))
                refuse(*rej);
            m.placement = to;
            s.activation->moved += physical ? 0.0 : d;
        }
    }
    s.activation->actionResolved = true;
    const QString name = s.models[std::size_t(id)].name;
    ctx.event(QStringLiteral("action"), Message(MsgId::AssaultsComet, {name}),
              {{QStringLiteral("model"), id}, {QStringLiteral("terrain"), piece}}, ctx.player);
    // 1. Interception.
    if (!ctx.reactiveInterception(id, Message(MsgId::TriggerMinesComet)))
        return ctx.endActivation();
    if (!s.models[std::size_t(id)].onTable()
        || distance(engine.view(s, id).base(), s.terrain[std::size_t(piece)].shape)
            > kContactTolerance) {
        ctx.event(QStringLiteral("action"), Message(MsgId::CometMiningBrokenUp, {name}),
                  {{QStringLiteral("model"), id}}, ctx.player);
        return ctx.endActivation();
    }
    // 2. The Comet's hazards, as a Point Defense attack of Defense 4.
    {
        const DicePool pool {kCometDefense, 0, 0};
        const RollOutcome out = rollBest(pool, ctx.dice);
        const ShownFaces faces = shownFaces(out.faces.dice);
        ctx.event(
            QStringLiteral("roll"),
            Message(MsgId::CometHazards, {kCometDefense, name, faces.text, out.result.toString()}),
            {{QStringLiteral("purpose"), QStringLiteral("point-defense")},
             {QStringLiteral("model"), id},
             {QStringLiteral("dice"), faces.json},
             {QStringLiteral("result"), out.result.toString()}});
        if (out.result.isSuccess()) {
            DamageContext dc {engine.setup(), s, ctx.dice, ctx.chooser, ctx.events};
            const Message by(MsgId::CometHazardsBy);
            applyAttackResult(dc, id, out.result,
                              DamageSource {-1, by.english(), std::nullopt, false, by});
        }
        if (!s.models[std::size_t(id)].onTable())
            return ctx.endActivation();
        if (out.result.best() >= Magnitude::T) {
            ctx.event(QStringLiteral("action"), Message(MsgId::DrivenOffByCometHazards, {name}),
                      {{QStringLiteral("model"), id}}, ctx.player);
            return ctx.endActivation();
        }
    }
    // 3. The Lance.
    const Unit &u = engine.unitOf(s.models[std::size_t(id)]);
    for (int w = 0; w < int(u.weapons.size()); ++w) {
        ModelState &m = s.models[std::size_t(id)];
        const Weapon &weapon = u.weapons[std::size_t(w)];
        const ModelView v = engine.view(s, id);
        if (weapon.weaponClass != WeaponClass::Lance || v.weaponInstancesLeft(w) < 1
            || v.fireControlLeft() < 1 || m.water >= kExoArmorCarry)
            continue;
        m.fireControlSpent += 1;
        s.activation->weaponsUsed.push_back(w);
        int fuel = 0;
        if (v.fuel() > 0) {
            std::vector<Message> options {Message(MsgId::SpendNoFuel)};
            for (int n = 1; n <= v.fuel(); ++n)
                options.push_back(Message(MsgId::LanceSpendFuel, {n}));
            fuel = ctx.chooser.ask(DecisionRequest::typed(
                m.controller, QStringLiteral("lance-fuel"),
                Message(MsgId::LanceFuelQuestion, {m.name, weapon.name}), std::move(options), 0,
                {{QStringLiteral("model"), id}, {QStringLiteral("weapon"), w}}));
            m.fuelSpent += fuel;
        }
        const auto &entries = engine.setup().players[std::size_t(m.owner)].fleet.entries;
        const bool ace = hasAce(u, &weapon,
                                m.entry >= 0 && m.entry < int(entries.size())
                                    ? entries[std::size_t(m.entry)].upgrades
                                    : QStringList());
        const DicePool pool {v.skill() + fuel, kAssaultFlex + (ace ? 1 : 0), 0};
        const RollOutcome out = rollBest(pool, ctx.dice);
        const ShownFaces faces = shownFaces(out.faces.dice);
        const int mined = std::min(waterUnits(out.result), kExoArmorCarry - m.water);
        ctx.event(
            QStringLiteral("attack"),
            Message(MsgId::MinesCometWith,
                    {m.name, weapon.name, pool.toString(), faces.text, out.result.toString()}),
            {{QStringLiteral("attacker"), id},
             {QStringLiteral("model"), id},
             {QStringLiteral("terrain"), piece},
             {QStringLiteral("weapon"), w},
             {QStringLiteral("pool"), pool.toString()},
             {QStringLiteral("dice"), faces.json},
             {QStringLiteral("result"), out.result.toString()}},
            ctx.player);
        m.water += mined;
        ctx.event(QStringLiteral("water"),
                  mined > 0 ? Message(MsgId::MinesWater, {m.name, mined, m.water})
                            : Message(MsgId::MinesNoWater, {m.name}),
                  {{QStringLiteral("model"), id}, {QStringLiteral("water"), m.water}}, ctx.player);
    }
    ctx.endActivation();
}

// "Once per game, an Exo-Armor squadron may forfeit a single water unit it has mined to
// gain the Fuel Pods trait." House rulings: asked when it activates carrying water
// (default: keep it), before the Fuel Pods themselves; any unit it carries may go; once per
// squadron.
void waterForFuelPods(ScenarioContext &ctx, int id)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    ModelState &m = s.models[std::size_t(id)];
    if (!engine.scenario().switches.water || !m.onTable() || m.water < 1 || m.waterFuelPods
        || engine.unitOf(m).type != UnitType::ExoArmor || ctx.hasFuelPods(id))
        return;
    const int pick = ctx.chooser.ask(DecisionRequest::typed(
        m.controller, QStringLiteral("water-fuel-pods"),
        Message(MsgId::WaterForFuelPodsQuestion, {m.name}),
        {Message(MsgId::KeepTheWater), Message(MsgId::ForfeitWaterForFuelPods)}, 0,
        {{QStringLiteral("model"), id},
         {QStringLiteral("rule"), waterRule(engine, QStringLiteral("Mine the Comet"))}}));
    if (pick == 0)
        return;
    m.water -= 1;
    m.waterFuelPods = true;
    ctx.event(QStringLiteral("water"), Message(MsgId::ForfeitsWaterForFuelPods, {m.name, m.water}),
              {{QStringLiteral("model"), id}, {QStringLiteral("water"), m.water}}, ctx.player);
}

// "Squadrons making a Land action automatically transfer their water units to the Capital
// Ship on which they are Embarked."
void waterOnLand(ScenarioContext &ctx, int id, int carrier)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    ModelState &m = s.models[std::size_t(id)];
    if (m.water <= 0 || !engine.unitOf(m).isSquadron())
        return;
    ModelState &to = s.models[std::size_t(carrier)];
    to.water += m.water;
    ctx.event(QStringLiteral("water"),
              Message(MsgId::TransfersWater, {m.name, m.water, to.name, to.water}),
              {{QStringLiteral("model"), to.id}, {QStringLiteral("water"), to.water}}, ctx.player);
    m.water = 0;
}

// "Squadrons making a Launch action may take with them up to 3 water units from the Capital
// Ship on which they are Embarked" (asked, default none). House ruling: Exo-Armor only (the
// rules give Fighters no water to carry), and never above its 3.
void waterOnLaunch(ScenarioContext &ctx, int id, int carrier)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    ModelState &m = s.models[std::size_t(id)];
    ModelState &from = s.models[std::size_t(carrier)];
    if (!engine.scenario().switches.water || engine.unitOf(m).type != UnitType::ExoArmor
        || from.water <= 0)
        return;
    const int most = std::min({kExoArmorCarry, kExoArmorCarry - m.water, from.water});
    if (most <= 0)
        return;
    std::vector<Message> options {Message(MsgId::LeaveWaterAboard, {from.name})};
    for (int n = 1; n <= most; ++n)
        options.push_back(Message(MsgId::TakeWaterUnits, {n}));
    const int take = ctx.chooser.ask(DecisionRequest::typed(
        m.controller, QStringLiteral("take-water"),
        Message(MsgId::HowMuchWaterTaken, {from.name, from.water, m.name}), std::move(options), 0,
        {{QStringLiteral("model"), id}, {QStringLiteral("carrier"), carrier}}));
    if (take == 0)
        return;
    from.water -= take;
    m.water += take;
    ctx.event(QStringLiteral("water"),
              Message(MsgId::TakesWater, {m.name, take, from.name, m.water, from.water}),
              {{QStringLiteral("model"), id}, {QStringLiteral("water"), m.water}}, ctx.player);
}

class WaterRaid final : public ScenarioModule
{
public:
    QString id() const override { return QStringLiteral("water-raid"); }
    bool appliesTo(const Scenario &scenario) const override
    {
        return scenario.switches.water || scenario.switches.defenderCapitalWithdrawFromTurn > 0
            || std::any_of(scenario.objectives.begin(), scenario.objectives.end(),
                           [](const Objective &o) {
                               return o.kind == ObjectiveKind::WaterWithdrawn
                                   || o.kind == ObjectiveKind::WaterKept;
                           });
    }

    // ---- The Stationary Comet and the Water Reserves ----
    std::optional<ScenarioSetUpStep> setUpStep(const Engine &engine,
                                               const GameState &s) const override
    {
        if (!cometPending(engine, s))
            return std::nullopt;
        const Message why(MsgId::CometBeforeAnyModel);
        return ScenarioSetUpStep {1 - s.attacker,
                                  {waterRule(engine, QStringLiteral("Water Reserves")), why}};
    }
    std::vector<Command> setUpCommands(const Engine &engine, const GameState &s) const override
    {
        return cometSpots(engine, s);
    }
    bool command(ScenarioContext &ctx, const Command &c) const override
    {
        const auto *comet = std::get_if<PlaceCometCommand>(&c);
        if (!comet)
            return false;
        placeComet(ctx, *comet);
        return true;
    }
    void deployed(ScenarioContext &ctx, const DeployCommand &c) const override
    {
        waterAtDeployment(ctx, c.model, c.water);
    }
    std::optional<Rejection> deploymentRefusal(const Engine &engine, const GameState &s,
                                               int player) const override
    {
        return waterReservesRefusal(engine, s, player);
    }

    // ---- Mine the Comet, Fuel Pods, Transfer Water ----
    void activated(ScenarioContext &ctx, int model) const override { waterForFuelPods(ctx, model); }
    bool givesTrait(const Engine &, const GameState &, const ModelState &m,
                    const QString &trait) const override
    {
        return m.waterFuelPods && trait == QLatin1String("Fuel Pods");
    }
    std::vector<int> terrainTargets(const Engine &engine, const GameState &s, int model,
                                    ActionId action) const override
    {
        std::vector<int> out;
        if (action == ActionId::InitiateAssault)
            for (int i = 0; i < int(s.terrain.size()); ++i)
                if (mayMineComet(engine, s, model, i))
                    out.push_back(i);
        return out;
    }
    bool resolveOnTerrain(ScenarioContext &ctx, ActionId action, int piece) const override
    {
        if (action != ActionId::InitiateAssault)
            return false;
        mineComet(ctx, piece);
        return true;
    }
    void launched(ScenarioContext &ctx, int squadron, int carrier) const override
    {
        waterOnLaunch(ctx, squadron, carrier);
    }
    void landed(ScenarioContext &ctx, int squadron, int carrier) const override
    {
        if (ctx.engine.unitOf(ctx.state.models[std::size_t(squadron)]).isSquadron())
            waterOnLand(ctx, squadron, carrier);
    }

    // Water is lost with a Destroyed model (as Break the Truce's Escape Pods).
    void afterCommand(ScenarioContext &ctx, const Command &, std::optional<ActionId>) const override
    {
        for (ModelState &m : ctx.state.models)
            if (m.location == Location::Destroyed && m.water > 0) {
                ctx.event(QStringLiteral("water"), Message(MsgId::WaterLost, {m.name, m.water}),
                          {{QStringLiteral("model"), m.id}, {QStringLiteral("water"), 0}});
                m.water = 0;
            }
    }

    // Surprise Attack!: "The Defending Player may not withdraw Capital Ships until Turn 4."
    std::optional<Rejection> actionRefusal(const Engine &engine, const GameState &s,
                                           const ModelState &m, ActionId action) const override
    {
        const int from = engine.scenario().switches.defenderCapitalWithdrawFromTurn;
        if (action != ActionId::Withdraw || !engine.unitOf(m).isCapital() || s.attacker < 0
            || m.controller != 1 - s.attacker || s.turn >= from)
            return std::nullopt;
        const Message why(MsgId::DefenderWithdrawFromTurn, {from});
        return Rejection {
            engine.scenarioRule(QStringLiteral("defender_capital_withdraw_from_turn")), why};
    }

    // "at least N water units Withdrawn on non-Crippled Capital Ships"; "kept from
    // Withdrawing": of the 10, those not Withdrawn by the Defender and (until the end) not
    // still in play with the Defender.
    std::optional<std::array<int, 2>> objective(const Engine &engine, const GameState &s,
                                                const Objective &o, bool final) const override
    {
        if (o.kind != ObjectiveKind::WaterWithdrawn && o.kind != ObjectiveKind::WaterKept)
            return std::nullopt;
        std::array<int, 2> out {0, 0};
        if (s.attacker < 0)
            return out;
        const int defender = 1 - s.attacker;
        std::array<int, 2> withdrawn {0, 0};
        int inReach = 0;
        for (const ModelState &m : s.models) {
            if (m.controller < 0 || m.controller > 1 || m.terrain >= 0)
                continue;
            if (m.location == Location::Withdrawn && engine.unitOf(m).isCapital()
                && !m.has(FlagCrippled))
                withdrawn[std::size_t(m.controller)] += m.water;
            if (m.inPlay() && m.controller == defender)
                inReach += m.water;
        }
        auto scores = [&](int p) {
            return o.side == ObjectiveSide::Each
                || (o.side == ObjectiveSide::Attacker ? p == s.attacker : p == defender);
        };
        for (int p = 0; p < 2; ++p) {
            if (!scores(p))
                continue;
            int n = 0;
            if (o.kind == ObjectiveKind::WaterWithdrawn)
                n = withdrawn[std::size_t(p)];
            else if (p != defender)
                n = std::max(
                    0, kWaterReserves - withdrawn[std::size_t(defender)] - (final ? 0 : inReach));
            if (n > 0 && n >= o.atLeast)
                out[std::size_t(p)] = o.points;
        }
        return out;
    }
};

} // namespace

std::optional<WaterAllowance> waterAllowance(const Engine &engine, const GameState &s, int model)
{
    const ModelState *m = s.model(model);
    if (!engine.scenario().switches.water || !m || s.turn != 1 || s.phase != Phase::Deployment
        || s.attacker < 0 || m->owner != 1 - s.attacker || m->location != Location::Reserve
        || m->terrain >= 0)
        return std::nullopt;
    int issued = 0;
    for (const ModelState &o : s.models)
        issued += o.owner == m->owner ? o.water : 0;
    WaterAllowance a;
    a.reserves = kWaterReserves;
    a.left = std::max(0, kWaterReserves - issued);
    const int cap = startWaterCap(engine.unitOf(*m));
    a.most = std::min(cap, a.left);
    a.byDefault = a.most; // waterAtDeployment(): "as much as it may take of what is left"
    // The least that leaves room enough in the models still In Reserve (waterReservesRefusal).
    const ReserveCount c = reserveCount(engine, s, m->owner);
    a.least = std::clamp(c.required - c.issued - (c.left - cap), 0, a.most);
    return a;
}

const ScenarioModule &waterRaidModule()
{
    static const WaterRaid module;
    return module;
}

} // namespace jw
