// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/action.h"
#include "engine/command.h"
#include "engine/engine.h"
#include "engine/gameevent.h"
#include "engine/rejection.h"
#include "engine/scenario.h"

#include <QJsonObject>
#include <QString>

#include <array>
#include <optional>
#include <vector>

namespace jw {

namespace rules {
struct Context;
class TableQuestions;
} // namespace rules

class Chooser;
class DiceSource;
class Engine;
class BaseShape;
struct GameState;
struct ModelState;

// What a scenario module's hook may read and change while a command resolves: the engine
// (its setup and public helpers), the state, the events, the dice and the player's choices,
// and the few steps of the engine's own sequence a module's rules take part in (defined in
// enginescenario.cpp, the engine's side of the hooks).
struct ScenarioContext
{
    const Engine &engine;
    GameState &state;
    std::vector<GameEvent> &events;
    Chooser &chooser;
    DiceSource &dice;
    int player = 0; // who gave the command
    rules::Context *command = nullptr; // the engine's own, for the steps below

    void event(const QString &kind, const Message &m, QJsonObject data = {}, int who = -1);
    [[nodiscard]] QString playerName(int p) const;

    // The Deployment Phase goes on (who deploys next, or the Activation Phase).
    void advanceDeployment();
    // The active model's activation ends.
    void endActivation();
    // Enemy squadrons within 3" of `squadron` may intercept it (Assault procedure, step 1);
    // false: the procedure stops.
    bool reactiveInterception(int squadron, const Message &trigger);
    // Why `model` may not stand at `to` (overlaps, the table's edge); nullopt: it may.
    [[nodiscard]] std::optional<Rejection> checkPlacement(int model, const Placement &to) const;
    // A terrain piece that is a model (a UIO) joins the models; its id.
    int addTerrainModel(int piece);
    // Whether the squadron has the Fuel Pods trait (its unit, an upgrade, or bought).
    [[nodiscard]] bool hasFuelPods(int model) const;
};

// A step of a scenario's own before any model deploys in the first Deployment Phase (Water
// Raid: the Defender places the Stationary Comet); the state holds it as
// DeploymentStep::Comet.
struct ScenarioSetUpStep
{
    int player = -1; // who acts
    Rejection beforeModels; // the refusal of a deployment, embarkation or decline meanwhile
};

// One scenario's special rules (Scenarios chapter) as a unit: the hooks the engine calls at
// the points of the sequence where the rules act, and its own state in GameState's one
// generic slot (`GameState::scenarioStates`, scenariostate.h, under id()). The engine calls the
// hooks of the modules that apply to the game's scenario and names no scenario itself.
//
// Scenarios are data (data/scenarios/*.yaml, and a group's own), made of switches: a module
// applies to every scenario that sets its switch (or counts its objectives), so a group's
// scenario that reuses "water: true" gets the Water Raid rules. docs/scenarios.md says how
// to add one.
class ScenarioModule
{
public:
    virtual ~ScenarioModule() = default;

    // The id of the shipped scenario whose rules it plays ("ambush"); also its state key.
    [[nodiscard]] virtual QString id() const = 0;
    // Whether its rules are in play in `scenario` (a switch set, an objective it counts).
    [[nodiscard]] virtual bool appliesTo(const Scenario &scenario) const = 0;

    // A game that starts past the scenario's set-up (a script's start: turn and phase
    // given): the choices it would have made, as given by the setup or their defaults.
    virtual void scriptedStart(ScenarioContext &) const { }
    // The end of a Deployment Phase, before the Activation Phase starts.
    virtual void endOfDeploymentPhase(ScenarioContext &) const { }
    // The End Phase, after the squadrons Returning to Base and before the states that end.
    virtual void endPhase(ScenarioContext &) const { }
    // A squadron Launched from `carrier` (placed on the table), and one that Landed on
    // `carrier` (Embarked): what it carries off or hands over (Escape Pods, water,
    // Intelligence).
    virtual void launched(ScenarioContext &, int /*squadron*/, int /*carrier*/) const { }
    virtual void landed(ScenarioContext &, int /*squadron*/, int /*carrier*/) const { }

    // ---- Set-up and deployment ----
    // When the engine is built: units the scenario's own pieces need (Scavenger Hunt: the
    // UIOs, their size and Structure rolled from the seed).
    virtual void prepare(GameSetup &) const { }
    // Its pieces on the table: called when the terrain is placed, once the quadrants are
    // chosen and at a scripted start; places them once (Scavenger Hunt's UIOs).
    virtual void placePieces(ScenarioContext &) const { }
    // Its own step before any model deploys, while it waits; nullopt: none (done, or not
    // this game).
    [[nodiscard]] virtual std::optional<ScenarioSetUpStep> setUpStep(const Engine &,
                                                                     const GameState &) const
    {
        return std::nullopt;
    }
    // The commands its step offers (legalCommands; any other legal one is accepted too).
    [[nodiscard]] virtual std::vector<Command> setUpCommands(const Engine &,
                                                             const GameState &) const
    {
        return {};
    }
    // A command of its own (Water Raid: PlaceCometCommand): resolves it and returns true;
    // false: not its command. Asked of every module, in a game without its rules too,
    // where it refuses its command by naming the scenario.
    virtual bool command(ScenarioContext &, const Command &) const { return false; }
    // A model deployed on the table by `c` (Water Raid: the water it carries). Asked of
    // every module, as command() (water declared in another scenario is refused).
    virtual void deployed(ScenarioContext &, const DeployCommand & /*c*/) const { }
    // After `player`'s deployment, embarkation or decline: a refusal when it leaves the rest
    // of the deployment unable to meet the scenario's rules (Water Reserves: room for the
    // 10 units); nullopt: allowed.
    [[nodiscard]] virtual std::optional<Rejection>
    deploymentRefusal(const Engine &, const GameState &, int /*player*/) const
    {
        return std::nullopt;
    }

    // ---- Activation ----
    // A model's activation, after the states that act at its start and before its Fuel
    // Pods (Water Raid: a unit of water forfeited for the Fuel Pods trait).
    virtual void activated(ScenarioContext &, int /*model*/) const { }
    // A trait its rules give `model` (Water Raid: Fuel Pods for a forfeited unit of water).
    [[nodiscard]] virtual bool givesTrait(const Engine &, const GameState &, const ModelState &,
                                          const QString & /*trait*/) const
    {
        return false;
    }
    // The terrain pieces `model` may resolve its declared `action` against (Water Raid:
    // the Comet, for an Assault); legalCommands offers them.
    [[nodiscard]] virtual std::vector<int> terrainTargets(const Engine &, const GameState &,
                                                          int /*model*/, ActionId) const
    {
        return {};
    }
    // The active model's `action` resolved against terrain `piece` (Mine the Comet): true
    // when it was its rule. Asked of every module, as command().
    virtual bool resolveOnTerrain(ScenarioContext &, ActionId, int /*piece*/) const
    {
        return false;
    }
    // A carrier of no fleet that squadrons of either player may Land on (a UIO).
    [[nodiscard]] virtual bool openCarrier(const Engine &, const GameState &, int /*carrier*/) const
    {
        return false;
    }
    // A Land on `carrier` its rules forbid (a UIO without the player's Marines aboard).
    [[nodiscard]] virtual std::optional<Rejection>
    landRefusal(const Engine &, const GameState &, int /*squadron*/, int /*carrier*/) const
    {
        return std::nullopt;
    }
    // `marines` of `player` that reached `target` in a Boarding: true when its rules board
    // it (a UIO: unopposed, each player's counted apart); false: not its model.
    virtual bool boards(ScenarioContext &, int /*target*/, int /*player*/, int /*marines*/) const
    {
        return false;
    }
    // After every command the engine accepted (`declared`: the active model's Action).
    virtual void afterCommand(ScenarioContext &, const Command &,
                              std::optional<ActionId> /*declared*/) const
    { }
    // An objective this module counts (scenario.h, ObjectiveKind): the points of each
    // player now; nullopt when the kind is not its own.
    [[nodiscard]] virtual std::optional<std::array<int, 2>>
    objective(const Engine &, const GameState &, const Objective &, bool /*final*/) const
    {
        return std::nullopt;
    }
    // What one of its "the most ..." objectives compares: each player's count now (Break the
    // Truce: the Escape Pods on the objective's models); nullopt when it has none. The
    // objective itself goes to the player strictly ahead; the computer opponent weighs how
    // far ahead (AiPlayer::score).
    [[nodiscard]] virtual std::optional<std::array<int, 2>>
    objectiveTally(const Engine &, const GameState &, const Objective &) const
    {
        return std::nullopt;
    }
    // A Withdraw the rules forbid from where the model stands (`base`); nullopt: allowed. On a
    // physical table `table` asks the players what the rule would measure (tablequestions.h),
    // and a refusal is their answer: the command ends with nothing done.
    [[nodiscard]] virtual std::optional<Rejection>
    withdrawRefusal(const Engine &, const GameState &, const ModelState &, const BaseShape &,
                    rules::TableQuestions & /*table*/) const
    {
        return std::nullopt;
    }
    // An Action the scenario's rules forbid `model` to declare now, checked with the Action's
    // own restrictions (action.cpp: legalCommands and the declaration ask the same question):
    // Solar Storm's "no Boarding until turn 3", Fleet Engagement's "Withdraw only at
    // Structure 1", Water Raid's "the Defender may not withdraw Capital Ships until Turn 4".
    // nullopt: allowed.
    [[nodiscard]] virtual std::optional<Rejection> actionRefusal(const Engine &, const GameState &,
                                                                 const ModelState &, ActionId) const
    {
        return std::nullopt;
    }
    // Sensor Range (Attack chapter) capped at Short (Solar Storm › Blinded by the Light: "All
    // models are reduced to Short [Sensors Range] only until the third turn"): the refusal of
    // an attack on `target`, `distance` inches away, beyond `shortRange`; nullopt: no cap now.
    [[nodiscard]] virtual std::optional<Rejection>
    shortSensorRangeOnly(const Scenario &, const GameState &, const QString & /*target*/,
                         double /*distance*/, double /*shortRange*/) const
    {
        return std::nullopt;
    }
    // Its state in the state's JSON (`play --json`, the table's inspector), under the keys
    // it has always had there.
    virtual void writeJson(const GameState &, QJsonObject &) const { }
};

// The refusal hooks of the modules in play, for the rule code outside the Engine class.
[[nodiscard]] std::optional<Rejection> scenarioActionRefusal(const Engine &engine,
                                                             const GameState &state,
                                                             const ModelState &model, ActionId id);
[[nodiscard]] std::optional<Rejection>
scenarioShortSensorRangeOnly(const Scenario &scenario, const GameState &state,
                             const QString &target, double distance, double shortRange);

// Every module, in the order their hooks run.
[[nodiscard]] const std::vector<const ScenarioModule *> &scenarioModules();
// The module of a shipped scenario id; nullptr: none (no special rules, or unknown).
[[nodiscard]] const ScenarioModule *scenarioModule(const QString &id);
// The modules whose rules are in play in `scenario`, in hook order.
[[nodiscard]] std::vector<const ScenarioModule *> scenarioModulesFor(const Scenario &scenario);

} // namespace jw
