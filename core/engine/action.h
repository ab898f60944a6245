// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/rejection.h"

#include <QString>
#include <QStringView>

#include <array>
#include <optional>

// The Actions (Action chapter, the Traits that give one, the scenarios' own): one
// id each, and in one table (action.cpp) its public key, its English name and the
// rules that say who may declare it and how it is resolved. The engine switches on
// ActionId; the keys are the wire format (scripts, game files, `play --json`,
// `--legal`) and are compared in one place only: actionFromKey().

namespace jw {

class Engine;
struct GameState;

// In the order legalCommands() offers them (and allActions() lists them).
enum class ActionId : quint8 {
    ConcentratedFire,
    Evade,
    InitiateBoarding,
    Land,
    Launch,
    LockOn,
    RammingSpeed,
    VectorAttack,
    Withdraw,
    Boost,
    InitiateAssault,
    InitiateBombing,
    Interception,
    DamageControl,
    EngagePointDefense,
    LongRangeSensors,
    LayMines,
    PurgeAirlocks,
    Reorient,
    SilentRunning,
    StationKeep,
    // Traits › Tug: "may move a model with the Static trait within 3\" as an Action".
    Tug,
    // Traits › Tender: "may use its action to mark off any number of traits with
    // boxes, or marine rating, to transfer an equal number of that rating to a
    // target friendly ship within 1\"".
    TenderTransfer,
    // Break the Truce (scenario switch escape_pods).
    SearchEscapePods,
};
inline constexpr int kActionCount = int(ActionId::SearchEscapePods) + 1;

[[nodiscard]] const std::array<ActionId, kActionCount> &allActionIds();
[[nodiscard]] QString actionKey(ActionId id); // "initiate-boarding"
[[nodiscard]] QString actionName(ActionId id); // "Initiate Boarding" (English, for events)
// The name as sentences name it: translatable (its english() is actionName()).
[[nodiscard]] Message actionMessage(ActionId id);
// The Action a key names; nullopt for an empty or unknown key.
[[nodiscard]] std::optional<ActionId> actionFromKey(QStringView key);

// Which models may declare it, by type.
enum class ActionModels : quint8 {
    Any,
    Squadrons,
    CapitalShips
};
// What a ResolveActionCommand for the declared Action names.
enum class ActionResolve : quint8 {
    Nothing, // none is taken: resolved when declared, by the attacks it changes (Lock On,
             // Concentrated Fire, ...) or by a command of its own (Land, Launch)
    NoTarget, // resolved on demand with no target (Withdraw, Engage Point Defense)
    Target, // against a model (`target`)
    Point, // at a point (`at`: Lay Mines)
};
// The model an ActionResolve::Target Action is resolved against.
enum class ActionTarget : quint8 {
    None,
    EnemyCapitalShip,
    EnemySquadron,
    EnemyModel,
    Friendly
};

// One Action's rules as data; its checks and resolution are switches on `id`
// (declareRefusal() below, Engine::declareAction(), Engine::resolveDeclaredAction()).
struct ActionRules
{
    ActionId id;
    ActionModels models = ActionModels::Any;
    bool whileCrippled = false; // Crippled and Captured ships may declare it (Repair, Withdraw)
    bool whileReturningToBase = false; // States › Return to Base: Boost, Evade, Withdraw, Vector
    // A Squadron declaring it is intercepted when it is resolved (Assault, Bombing, its own
    // Interception), as their procedures say, not when it is declared.
    bool interceptedWhenResolved = false;
    ActionResolve resolve = ActionResolve::Nothing;
    ActionTarget target = ActionTarget::None;
    bool attacks = false; // an attack on the target's player (Break the Truce: the first attack)
    // A scenario's action: the ScenarioSwitches key that offers it; empty otherwise.
    QString scenarioSwitch = {};
};
[[nodiscard]] const ActionRules &actionRules(ActionId id);

// Why the model `model` may not declare `id` now (its type, states, traits,
// ratings, Fuel, the rules profile and the scenario), or nullopt. The one check:
// Engine::activate() refuses with it and Engine::legalCommands() offers what it
// allows; the model's own eligibility to activate is checked before it.
[[nodiscard]] std::optional<Rejection> declareRefusal(const Engine &engine, const GameState &s,
                                                      int model, ActionId id);

} // namespace jw
