// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/action.h"

#include "engine/engine.h"
#include "engine/messageids.h"
#include "engine/scenarios/scenariomodule.h"

namespace jw {

namespace {

struct ActionEntry
{
    QString key;
    ActionRules rules;
    MsgId name; // the English name, in the catalogue (messagelist.h)
};

using M = ActionModels;
using R = ActionResolve;
using T = ActionTarget;

// The one table: key, rules, name. In ActionId order (checked below).
const std::array<ActionEntry, kActionCount> &table()
{
    static const std::array<ActionEntry, kActionCount> entries {{
        {QStringLiteral("concentrated-fire"),
         {ActionId::ConcentratedFire},
         MsgId::ActionConcentratedFire},
        {QStringLiteral("evade"), {ActionId::Evade, M::Any, false, true}, MsgId::ActionEvade},
        {QStringLiteral("initiate-boarding"),
         {ActionId::InitiateBoarding, M::Any, false, false, false, R::Target, T::EnemyCapitalShip,
          true},
         MsgId::ActionInitiateBoarding},
        {QStringLiteral("land"), {ActionId::Land}, MsgId::ActionLand},
        {QStringLiteral("launch"), {ActionId::Launch}, MsgId::ActionLaunch},
        {QStringLiteral("lock-on"), {ActionId::LockOn}, MsgId::ActionLockOn},
        {QStringLiteral("ramming-speed"),
         {ActionId::RammingSpeed, M::Any, false, false, false, R::Target, T::EnemyModel, true},
         MsgId::ActionRammingSpeed},
        {QStringLiteral("vector-attack"),
         {ActionId::VectorAttack, M::Any, false, true},
         MsgId::ActionVectorAttack},
        {QStringLiteral("withdraw"),
         {ActionId::Withdraw, M::Any, true, true, false, R::NoTarget},
         MsgId::ActionWithdraw},
        {QStringLiteral("boost"), {ActionId::Boost, M::Squadrons, false, true}, MsgId::ActionBoost},
        {QStringLiteral("initiate-assault"),
         {ActionId::InitiateAssault, M::Squadrons, false, false, true, R::Target,
          T::EnemyCapitalShip, true},
         MsgId::ActionInitiateAssault},
        {QStringLiteral("initiate-bombing"),
         {ActionId::InitiateBombing, M::Squadrons, false, false, true, R::Target,
          T::EnemyCapitalShip, true},
         MsgId::ActionInitiateBombing},
        {QStringLiteral("interception"),
         {ActionId::Interception, M::Squadrons, false, false, true, R::Target, T::EnemySquadron,
          true},
         MsgId::ActionInterception},
        {QStringLiteral("damage-control"),
         {ActionId::DamageControl, M::CapitalShips, true},
         MsgId::ActionDamageControl},
        {QStringLiteral("engage-point-defense"),
         {ActionId::EngagePointDefense, M::CapitalShips, false, false, false, R::NoTarget, T::None,
          true},
         MsgId::ActionEngagePointDefense},
        {QStringLiteral("long-range-sensors"),
         {ActionId::LongRangeSensors, M::CapitalShips},
         MsgId::ActionLongRangeSensors},
        {QStringLiteral("lay-mines"),
         {ActionId::LayMines, M::CapitalShips, false, false, false, R::Point},
         MsgId::ActionLayMines},
        {QStringLiteral("purge-airlocks"),
         {ActionId::PurgeAirlocks, M::CapitalShips},
         MsgId::ActionPurgeAirlocks},
        {QStringLiteral("reorient"), {ActionId::Reorient, M::CapitalShips}, MsgId::ActionReorient},
        {QStringLiteral("silent-running"),
         {ActionId::SilentRunning, M::CapitalShips},
         MsgId::ActionSilentRunning},
        {QStringLiteral("station-keep"),
         {ActionId::StationKeep, M::CapitalShips},
         MsgId::ActionStationKeep},
        {QStringLiteral("tug"),
         {ActionId::Tug, M::Any, false, false, false, R::Target, T::Friendly},
         MsgId::ActionTug},
        {QStringLiteral("tender-transfer"),
         {ActionId::TenderTransfer, M::Any, false, false, false, R::Target, T::Friendly},
         MsgId::ActionTenderTransfer},
        {QStringLiteral("search-escape-pods"),
         {ActionId::SearchEscapePods, M::Any, false, false, false, R::Nothing, T::None, false,
          QStringLiteral("escape_pods")},
         MsgId::ActionSearchEscapePods},
    }};
    return entries;
}

const ActionEntry &entry(ActionId id)
{
    const ActionEntry &e = table()[std::size_t(id)];
    Q_ASSERT(e.rules.id == id);
    return e;
}

// What the whole check reads, once.
struct Declaring
{
    const Engine &engine;
    const GameState &s;
    const ModelState *m;
    const Unit &u;
    const ModelView &v;
};

// The Action's requirements of the model (its traits, ratings and Fuel), checked
// before the rules profile's Assaulting rule, as they always were.
std::optional<Rejection> requirements(ActionId id, const Declaring &d)
{
    const ModelState *m = d.m;
    const Unit &u = d.u;
    const ModelView &v = d.v;
    switch (id) {
    case ActionId::Tug:
        if (!u.hasTrait(QStringLiteral("Tug")))
            return Rejection(QStringLiteral("Traits › Tug"),
                             Message(MsgId::HasNoTrait, {m->name, QStringLiteral("Tug")}));
        break;
    case ActionId::TenderTransfer:
        if (!u.hasTrait(QStringLiteral("Tender")))
            return Rejection(QStringLiteral("Traits › Tender"),
                             Message(MsgId::HasNoTrait, {m->name, QStringLiteral("Tender")}));
        break;
    case ActionId::VectorAttack:
        if (u.isSquadron() && !u.hasTrait(QStringLiteral("Comms")))
            return Rejection(QStringLiteral("Action › Vector Attack"),
                             Message(MsgId::VectorAttackWho));
        if (v.rating(Rating::Sensors) < 1)
            return Rejection(QStringLiteral("Action › Vector Attack"),
                             Message(MsgId::RequiresSensors1));
        break;
    case ActionId::Evade:
        if (u.hasTrait(QStringLiteral("Sluggish")))
            return Rejection(QStringLiteral("Action › Evade"), Message(MsgId::SluggishMayNotEvade));
        if (!(u.isCapital() ? v.rating(Rating::Thrusters) >= 1 : v.fuel() >= 2))
            return Rejection(QStringLiteral("Action › Evade"),
                             Message(MsgId::RequiresThrustersOrFuel));
        break;
    case ActionId::StationKeep:
        if (v.rating(Rating::Thrusters) < 1)
            return Rejection(QStringLiteral("Action › Station Keep"),
                             Message(MsgId::RequiresThrusters1));
        break;
    case ActionId::RammingSpeed:
        // Ramming Requirements: only 1 Structure left (Fire Ship: any), and
        // no attacks declared this activation (checked by the attacks).
        if (v.structure() != 1 && !(u.hasTrait(QStringLiteral("Fire Ship")) && v.structure() > 1))
            return Rejection(QStringLiteral("Ramming › Ramming Requirements"),
                             Message(MsgId::RamOnlyOneStructure, {m->name, v.structure()}));
        break;
    case ActionId::EngagePointDefense:
        if (v.rating(Rating::Defense) < 1)
            return Rejection(QStringLiteral("Action › Engage Point Defense"),
                             Message(MsgId::RequiresDefense1));
        break;
    case ActionId::LayMines:
        // Lay Mines: "Minelaying Trait" (the Minelayer System Trait, working).
        if (!v.traitWorks(QStringLiteral("Minelayer")))
            return Rejection(QStringLiteral("Action › Lay Mines"),
                             Message(MsgId::RequiresMinelayer));
        break;
    case ActionId::LockOn:
        if (v.fireControl() < 2)
            return Rejection(QStringLiteral("Action › Lock On"),
                             Message(MsgId::RequiresFireControl2));
        break;
    case ActionId::Boost:
        if (v.fuel() < 1)
            return Rejection(QStringLiteral("Action › Boost"), Message(MsgId::RequiresFuel1));
        break;
    case ActionId::LongRangeSensors:
        if (v.rating(Rating::Sensors) < 1)
            return Rejection(QStringLiteral("Action › Long Range Sensors"),
                             Message(MsgId::RequiresSensors1));
        break;
    case ActionId::Reorient:
        if (v.rating(Rating::Thrusters) < 1)
            return Rejection(QStringLiteral("Action › Reorient"),
                             Message(MsgId::RequiresThrusters1));
        break;
    case ActionId::SilentRunning:
        if (v.rating(Rating::Defense) < 1 || v.rating(Rating::Sensors) < 1
            || v.rating(Rating::Thrusters) < 1)
            return Rejection(QStringLiteral("Action › Silent Running"),
                             Message(MsgId::RequiresDefenseSensorsThrusters));
        break;
    case ActionId::ConcentratedFire:
    case ActionId::InitiateBoarding:
    case ActionId::Land:
    case ActionId::Launch:
    case ActionId::Withdraw:
    case ActionId::InitiateAssault:
    case ActionId::InitiateBombing:
    case ActionId::Interception:
    case ActionId::DamageControl:
    case ActionId::PurgeAirlocks:
    case ActionId::SearchEscapePods:
        break;
    }
    return std::nullopt;
}

// The Action's restrictions after the Assaulting rule: the model's type and
// Marines, its states, the rules profile and the scenario's special rules.
std::optional<Rejection> restrictions(ActionId id, const Declaring &d)
{
    const Engine &engine = d.engine;
    const GameState &s = d.s;
    const ModelState *m = d.m;
    const Unit &u = d.u;
    const ModelView &v = d.v;
    const ScenarioSwitches &sw = engine.scenario().switches;
    switch (id) {
    case ActionId::InitiateAssault:
        // Initiate Assault: "Exo-Armor" (base contact with the target is checked
        // when it is resolved, after the move).
        if (u.type != UnitType::ExoArmor)
            return Rejection(QStringLiteral("Action › Initiate Assault"),
                             Message(MsgId::OnlyExoArmorAssaults));
        break;
    case ActionId::InitiateBoarding:
        // Initiate Boarding: "Marines: 1+" (within 1" of the target: when resolved).
        if (v.rating(Rating::Marines) < 1
            && !(u.isSquadron() && u.hasTrait(QStringLiteral("Exo-Suit")) && v.structure() >= 2))
            return Rejection(QStringLiteral("Action › Initiate Boarding"),
                             Message(MsgId::RequiresMarines1));
        // The scenario's refusals before States › Boarded's (Solar Storm's no Boarding).
        if (auto why = scenarioActionRefusal(engine, s, *m, id))
            return why;
        // v1.2.3 / v1.2.4 States › Boarded: "a Boarded ship may not Initiate Boarding!"
        if (m->has(FlagBoarded) && !engine.profile().boardedMayBoard)
            return Rejection(QStringLiteral("States › Boarded"),
                             Message(MsgId::BoardedMayNotBoard, {m->name, engine.profile().id}));
        return std::nullopt;
    case ActionId::SearchEscapePods:
        // The scenario's special rules.
        if (!sw.escapePods)
            return Rejection(QStringLiteral("Scenarios"),
                             Message(MsgId::ActionOfAnotherScenario,
                                     {actionMessage(id), engine.scenario().name}));
        if (!m->onTable())
            return Rejection(engine.scenarioRule(QStringLiteral("escape_pods")),
                             Message(MsgId::SearchesFromTable, {m->name}));
        break;
    case ActionId::Withdraw:
        break;
    case ActionId::PurgeAirlocks:
        if (!m->has(FlagBoarded))
            return Rejection(QStringLiteral("Action › Purge Airlocks"),
                             Message(MsgId::NotBoarded, {m->name}));
        break;
    case ActionId::ConcentratedFire:
    case ActionId::Evade:
    case ActionId::Land:
    case ActionId::Launch:
    case ActionId::LockOn:
    case ActionId::RammingSpeed:
    case ActionId::VectorAttack:
    case ActionId::Boost:
    case ActionId::InitiateBombing:
    case ActionId::Interception:
    case ActionId::DamageControl:
    case ActionId::EngagePointDefense:
    case ActionId::LongRangeSensors:
    case ActionId::LayMines:
    case ActionId::Reorient:
    case ActionId::SilentRunning:
    case ActionId::StationKeep:
    case ActionId::Tug:
    case ActionId::TenderTransfer:
        break;
    }
    // The scenario's special rules (scenarios/: Fleet Engagement, Water Raid's Withdraw).
    return scenarioActionRefusal(engine, s, *m, id);
}

} // namespace

const std::array<ActionId, kActionCount> &allActionIds()
{
    static const std::array<ActionId, kActionCount> ids = [] {
        std::array<ActionId, kActionCount> out {};
        for (int i = 0; i < kActionCount; ++i)
            out[std::size_t(i)] = ActionId(i);
        return out;
    }();
    return ids;
}

QString actionKey(ActionId id)
{
    return entry(id).key;
}

QString actionName(ActionId id)
{
    return actionMessage(id).english();
}

Message actionMessage(ActionId id)
{
    return Message(entry(id).name);
}

std::optional<ActionId> actionFromKey(QStringView key)
{
    if (key.isEmpty())
        return std::nullopt;
    for (const ActionEntry &e : table())
        if (e.key == key)
            return e.rules.id;
    return std::nullopt;
}

const ActionRules &actionRules(ActionId id)
{
    return entry(id).rules;
}

const std::vector<ActionInfo> &allActions()
{
    static const std::vector<ActionInfo> actions = [] {
        std::vector<ActionInfo> out;
        for (const ActionEntry &e : table())
            out.push_back(ActionInfo {e.key, Message(e.name).english(),
                                      e.rules.models == ActionModels::Squadrons,
                                      e.rules.models == ActionModels::CapitalShips, true,
                                      e.rules.scenarioSwitch, e.rules.id});
        return out;
    }();
    return actions;
}

std::optional<Rejection> declareRefusal(const Engine &engine, const GameState &s, int model,
                                        ActionId id)
{
    const ModelState *m = s.model(model);
    Q_ASSERT(m);
    const Unit &u = engine.unitOf(*m);
    const ModelView v(u, *m);
    const ActionRules &a = actionRules(id);
    if (a.models == ActionModels::Squadrons && !u.isSquadron())
        return Rejection(QStringLiteral("Action › Squadron Special Actions"),
                         Message(MsgId::OnlySquadronsMayDeclare, {actionMessage(id)}));
    if (a.models == ActionModels::CapitalShips && !u.isCapital())
        return Rejection(QStringLiteral("Action › Capital Ship Special Actions"),
                         Message(MsgId::OnlyCapitalShipsMayDeclare, {actionMessage(id)}));
    // Crippled and Captured ships may only Repair (Damage Control) or Withdraw.
    if ((m->has(FlagCrippled) || m->has(FlagCaptured)) && !a.whileCrippled)
        return Rejection(m->has(FlagCrippled) ? QStringLiteral("States › Crippled")
                                              : QStringLiteral("States › Captured"),
                         Message(MsgId::OnlyRepairOrWithdraw, {m->name}));
    // States › Return to Base: only Boost, Evade, Withdraw and Vector Attack.
    if (m->has(FlagReturnToBase) && !a.whileReturningToBase)
        return Rejection(QStringLiteral("States › Return to Base"),
                         Message(MsgId::ReturningToBaseDeclares, {m->name}));
    const Declaring d {engine, s, m, u, v};
    if (std::optional<Rejection> why = requirements(id, d))
        return why;
    // States › Assaulting (v1.2.3): "If the model chooses to remain in the
    // Assaulting state, it must declare an Bombing action on its next activation."
    if (engine.profile().assaulting == AssaultingRule::BombingRun && m->has(FlagAssaulting)
        && id != ActionId::InitiateBombing)
        return Rejection(QStringLiteral("States › Assaulting"),
                         Message(MsgId::AssaultingMustBomb, {m->name, engine.profile().id}));
    return restrictions(id, d);
}

} // namespace jw
