#include "engine/action.h"

#include "engine/engine.h"

namespace jw {

namespace {

struct ActionEntry
{
    QString key;
    QString name;
    ActionRules rules;
};

using M = ActionModels;
using R = ActionResolve;
using T = ActionTarget;

// The one table: key, English name, rules. In ActionId order (checked below).
const std::array<ActionEntry, kActionCount> &table()
{
    static const std::array<ActionEntry, kActionCount> entries {{
        {QStringLiteral("concentrated-fire"),
         QStringLiteral("Concentrated Fire"),
         {ActionId::ConcentratedFire}},
        {QStringLiteral("evade"), QStringLiteral("Evade"), {ActionId::Evade, M::Any, false, true}},
        {QStringLiteral("initiate-boarding"),
         QStringLiteral("Initiate Boarding"),
         {ActionId::InitiateBoarding, M::Any, false, false, false, R::Target, T::EnemyCapitalShip,
          true}},
        {QStringLiteral("land"), QStringLiteral("Land"), {ActionId::Land}},
        {QStringLiteral("launch"), QStringLiteral("Launch"), {ActionId::Launch}},
        {QStringLiteral("lock-on"), QStringLiteral("Lock On"), {ActionId::LockOn}},
        {QStringLiteral("ramming-speed"),
         QStringLiteral("Ramming Speed"),
         {ActionId::RammingSpeed, M::Any, false, false, false, R::Target, T::EnemyModel, true}},
        {QStringLiteral("vector-attack"),
         QStringLiteral("Vector Attack"),
         {ActionId::VectorAttack, M::Any, false, true}},
        {QStringLiteral("withdraw"),
         QStringLiteral("Withdraw"),
         {ActionId::Withdraw, M::Any, true, true, false, R::NoTarget}},
        {QStringLiteral("boost"),
         QStringLiteral("Boost"),
         {ActionId::Boost, M::Squadrons, false, true}},
        {QStringLiteral("initiate-assault"),
         QStringLiteral("Initiate Assault"),
         {ActionId::InitiateAssault, M::Squadrons, false, false, true, R::Target,
          T::EnemyCapitalShip, true}},
        {QStringLiteral("initiate-bombing"),
         QStringLiteral("Initiate Bombing"),
         {ActionId::InitiateBombing, M::Squadrons, false, false, true, R::Target,
          T::EnemyCapitalShip, true}},
        {QStringLiteral("interception"),
         QStringLiteral("Interception"),
         {ActionId::Interception, M::Squadrons, false, false, true, R::Target, T::EnemySquadron,
          true}},
        {QStringLiteral("damage-control"),
         QStringLiteral("Damage Control"),
         {ActionId::DamageControl, M::CapitalShips, true}},
        {QStringLiteral("engage-point-defense"),
         QStringLiteral("Engage Point Defense"),
         {ActionId::EngagePointDefense, M::CapitalShips, false, false, false, R::NoTarget, T::None,
          true}},
        {QStringLiteral("long-range-sensors"),
         QStringLiteral("Long Range Sensors"),
         {ActionId::LongRangeSensors, M::CapitalShips}},
        {QStringLiteral("lay-mines"),
         QStringLiteral("Lay Mines"),
         {ActionId::LayMines, M::CapitalShips, false, false, false, R::Point}},
        {QStringLiteral("purge-airlocks"),
         QStringLiteral("Purge Airlocks"),
         {ActionId::PurgeAirlocks, M::CapitalShips}},
        {QStringLiteral("reorient"),
         QStringLiteral("Reorient"),
         {ActionId::Reorient, M::CapitalShips}},
        {QStringLiteral("silent-running"),
         QStringLiteral("Silent Running"),
         {ActionId::SilentRunning, M::CapitalShips}},
        {QStringLiteral("station-keep"),
         QStringLiteral("Station Keep"),
         {ActionId::StationKeep, M::CapitalShips}},
        {QStringLiteral("tug"),
         QStringLiteral("Tug"),
         {ActionId::Tug, M::Any, false, false, false, R::Target, T::Friendly}},
        {QStringLiteral("tender-transfer"),
         QStringLiteral("Tender Transfer"),
         {ActionId::TenderTransfer, M::Any, false, false, false, R::Target, T::Friendly}},
        {QStringLiteral("search-escape-pods"),
         QStringLiteral("Search for Escape Pods"),
         {ActionId::SearchEscapePods, M::Any, false, false, false, R::Nothing, T::None, false,
          QStringLiteral("escape_pods")}},
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
            return Rejection {QStringLiteral("Traits › Tug"),
                              QStringLiteral("%1 has no Tug trait").arg(m->name)};
        break;
    case ActionId::TenderTransfer:
        if (!u.hasTrait(QStringLiteral("Tender")))
            return Rejection {QStringLiteral("Traits › Tender"),
                              QStringLiteral("%1 has no Tender trait").arg(m->name)};
        break;
    case ActionId::VectorAttack:
        if (u.isSquadron() && !u.hasTrait(QStringLiteral("Comms")))
            return Rejection {
                QStringLiteral("Action › Vector Attack"),
                QStringLiteral("only Capital Ships or Squadrons with the Comms trait may "
                               "declare Vector Attack")};
        if (v.rating(Rating::Sensors) < 1)
            return Rejection {QStringLiteral("Action › Vector Attack"),
                              QStringLiteral("requires Sensors 1+")};
        break;
    case ActionId::Evade:
        if (u.hasTrait(QStringLiteral("Sluggish")))
            return Rejection {QStringLiteral("Action › Evade"),
                              QStringLiteral("a model with the Sluggish trait may not Evade")};
        if (!(u.isCapital() ? v.rating(Rating::Thrusters) >= 1 : v.fuel() >= 2))
            return Rejection {QStringLiteral("Action › Evade"),
                              QStringLiteral("requires Thrusters 1+ or Fuel 2+")};
        break;
    case ActionId::StationKeep:
        if (v.rating(Rating::Thrusters) < 1)
            return Rejection {QStringLiteral("Action › Station Keep"),
                              QStringLiteral("requires Thrusters 1+")};
        break;
    case ActionId::RammingSpeed:
        // Ramming Requirements: only 1 Structure left (Fire Ship: any), and
        // no attacks declared this activation (checked by the attacks).
        if (v.structure() != 1 && !(u.hasTrait(QStringLiteral("Fire Ship")) && v.structure() > 1))
            return Rejection {
                QStringLiteral("Ramming › Ramming Requirements"),
                QStringLiteral("%1 must have only 1 Structure left to ram (it has %2)")
                    .arg(m->name)
                    .arg(v.structure())};
        break;
    case ActionId::EngagePointDefense:
        if (v.rating(Rating::Defense) < 1)
            return Rejection {QStringLiteral("Action › Engage Point Defense"),
                              QStringLiteral("requires Defense 1+")};
        break;
    case ActionId::LayMines:
        // Lay Mines: "Minelaying Trait" (the Minelayer System Trait, working).
        if (!v.traitWorks(QStringLiteral("Minelayer")))
            return Rejection {QStringLiteral("Action › Lay Mines"),
                              QStringLiteral("requires a working Minelayer trait")};
        break;
    case ActionId::LockOn:
        if (v.fireControl() < 2)
            return Rejection {QStringLiteral("Action › Lock On"),
                              QStringLiteral("requires Fire Control 2+")};
        break;
    case ActionId::Boost:
        if (v.fuel() < 1)
            return Rejection {QStringLiteral("Action › Boost"), QStringLiteral("requires Fuel 1+")};
        break;
    case ActionId::LongRangeSensors:
        if (v.rating(Rating::Sensors) < 1)
            return Rejection {QStringLiteral("Action › Long Range Sensors"),
                              QStringLiteral("requires Sensors 1+")};
        break;
    case ActionId::Reorient:
        if (v.rating(Rating::Thrusters) < 1)
            return Rejection {QStringLiteral("Action › Reorient"),
                              QStringLiteral("requires Thrusters 1+")};
        break;
    case ActionId::SilentRunning:
        if (v.rating(Rating::Defense) < 1 || v.rating(Rating::Sensors) < 1
            || v.rating(Rating::Thrusters) < 1)
            return Rejection {QStringLiteral("Action › Silent Running"),
                              QStringLiteral("requires Defense 1+, Sensors 1+ and Thrusters 1+")};
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
            return Rejection {QStringLiteral("Action › Initiate Assault"),
                              QStringLiteral("only an Exo-Armor may Assault")};
        break;
    case ActionId::InitiateBoarding:
        // Initiate Boarding: "Marines: 1+" (within 1" of the target: when resolved).
        if (v.rating(Rating::Marines) < 1
            && !(u.isSquadron() && u.hasTrait(QStringLiteral("Exo-Suit")) && v.structure() >= 2))
            return Rejection {QStringLiteral("Action › Initiate Boarding"),
                              QStringLiteral("requires Marines 1+")};
        if (s.turn < sw.noBoardingUntilTurn)
            return Rejection {engine.scenarioRule(QStringLiteral("no_boarding_until_turn")),
                              QStringLiteral("Boarding actions may not be attempted until turn %1")
                                  .arg(sw.noBoardingUntilTurn)};
        // v1.2.3 / v1.2.4 States › Boarded: "a Boarded ship may not Initiate Boarding!"
        if (m->has(FlagBoarded) && !engine.profile().boardedMayBoard)
            return Rejection {
                QStringLiteral("States › Boarded"),
                QStringLiteral("%1 is Boarded: a Boarded ship may not Initiate Boarding (%2)")
                    .arg(m->name, engine.profile().id)};
        break;
    case ActionId::SearchEscapePods:
        // The scenario's special rules.
        if (!sw.escapePods)
            return Rejection {QStringLiteral("Scenarios"),
                              QStringLiteral("%1 is an action of another scenario, not of %2")
                                  .arg(actionName(id), engine.scenario().name)};
        if (!m->onTable())
            return Rejection {
                engine.scenarioRule(QStringLiteral("escape_pods")),
                QStringLiteral("%1 searches from the table, not Embarked").arg(m->name)};
        break;
    case ActionId::Withdraw:
        if (sw.withdrawAtStructure >= 0 && v.structure() > sw.withdrawAtStructure)
            return Rejection {
                engine.scenarioRule(QStringLiteral("withdraw_at_structure")),
                QStringLiteral("%1 may not Withdraw until reduced to Structure %2 or less (it "
                               "has %3)")
                    .arg(m->name)
                    .arg(sw.withdrawAtStructure)
                    .arg(v.structure())};
        if (u.isCapital() && s.attacker >= 0 && m->controller == 1 - s.attacker
            && s.turn < sw.defenderCapitalWithdrawFromTurn)
            return Rejection {
                engine.scenarioRule(QStringLiteral("defender_capital_withdraw_from_turn")),
                QStringLiteral("the Defender may not withdraw Capital Ships until turn %1")
                    .arg(sw.defenderCapitalWithdrawFromTurn)};
        break;
    case ActionId::PurgeAirlocks:
        if (!m->has(FlagBoarded))
            return Rejection {QStringLiteral("Action › Purge Airlocks"),
                              QStringLiteral("%1 is not Boarded").arg(m->name)};
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
    return std::nullopt;
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
    return entry(id).name;
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
            out.push_back(ActionInfo {e.key, e.name, e.rules.models == ActionModels::Squadrons,
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
    const QString name = actionName(id);
    if (a.models == ActionModels::Squadrons && !u.isSquadron())
        return Rejection {QStringLiteral("Action › Squadron Special Actions"),
                          QStringLiteral("only Squadrons may declare %1").arg(name)};
    if (a.models == ActionModels::CapitalShips && !u.isCapital())
        return Rejection {QStringLiteral("Action › Capital Ship Special Actions"),
                          QStringLiteral("only Capital Ships may declare %1").arg(name)};
    // Crippled and Captured ships may only Repair (Damage Control) or Withdraw.
    if ((m->has(FlagCrippled) || m->has(FlagCaptured)) && !a.whileCrippled)
        return Rejection {
            m->has(FlagCrippled) ? QStringLiteral("States › Crippled")
                                 : QStringLiteral("States › Captured"),
            QStringLiteral("%1 may only declare Damage Control (Repair) or Withdraw").arg(m->name)};
    // States › Return to Base: only Boost, Evade, Withdraw and Vector Attack.
    if (m->has(FlagReturnToBase) && !a.whileReturningToBase)
        return Rejection {
            QStringLiteral("States › Return to Base"),
            QStringLiteral("%1 is Returning to Base: it may only declare Boost, Evade, "
                           "Withdraw or Vector Attack")
                .arg(m->name)};
    const Declaring d {engine, s, m, u, v};
    if (std::optional<Rejection> why = requirements(id, d))
        return why;
    // States › Assaulting (v1.2.3): "If the model chooses to remain in the
    // Assaulting state, it must declare an Bombing action on its next activation."
    if (engine.profile().assaulting == AssaultingRule::BombingRun && m->has(FlagAssaulting)
        && id != ActionId::InitiateBombing)
        return Rejection {
            QStringLiteral("States › Assaulting"),
            QStringLiteral("%1 is Assaulting: it must declare Initiate Bombing (rules %2)")
                .arg(m->name, engine.profile().id)};
    return restrictions(id, d);
}

} // namespace jw
