// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "dice/diceresult.h"
#include "engine/command.h"
#include "engine/decision.h"
#include "engine/modelstate.h"
#include "engine/scenarios/scenariostate.h"
#include "engine/terrain.h"

#include <QPointF>

#include <array>
#include <optional>
#include <vector>

namespace jw {

enum class Phase {
    Deployment,
    Activation,
    End,
    Over
};
[[nodiscard]] QString phaseId(Phase p); // "deployment", "activation", "end", "over"
[[nodiscard]] std::optional<Phase> phaseFromId(const QString &id);

// The steps of a Deployment Phase (Scenarios › Deployment Zone, Deployment
// Type): the scenario's set-up (Corner: the quadrant) and the Beacon markers come
// before the first models; Fleet and Escalating Deployment deploy Capital Ships,
// then Squadrons.
enum class DeploymentStep {
    Setup,
    Beacons,
    Comet, // Water Raid: the Defender places the Stationary Comet (Water Reserves)
    CapitalShips,
    Squadrons
};
[[nodiscard]] QString deploymentStepId(DeploymentStep s); // "setup", "beacons", "comet", ...

// The model activating now and what it has done (Structure of a Game ›
// Activation Phase).
struct Activation
{
    int model = -1;
    std::optional<ActionId> action; // the declared Action; nullopt: none
    bool actionResolved = false;
    double moved = 0; // inches moved so far
    int turnsUsed = 0;
    bool thrustersTestPassed = false; // Thrusters 0: the [D+] Skill Test to turn
    ModelCounters weaponsUsed; // weapon lines fired this Attack Window (per instance: repeated)
    ModelCounters targets; // models attacked this activation
    std::vector<int> assaulters; // Assaulting squadrons staying on this ship (re-placed at its end)
    // The declared Action's Skill Test result, once rolled (Concentrated Fire, Long Range
    // Sensors: attack.cpp reads it).
    std::optional<Magnitude> actionTest;
    bool launched = false; // Launch and Land may not both be declared in one activation
    bool landed = false;
    int speedFactor = 1; // Boost: x2 or x3
    int extraTurns = 0; // Reorient N: one more turn
    bool anyFacing = false; // Reorient [D+]: one turn to any direction
    bool anyFacingUsed = false;
    // Cloak: the targets this model passed / failed the Skill Test against (one test per
    // target; after a failure it may not attack that target this turn).
    std::vector<int> cloakPassed;
    std::vector<int> cloakFailed;
    // Reactive Interception: the enemy squadrons that intercepted this model in
    // this activation ("Squadrons cannot declare more than one Interception in
    // one activation").
    std::vector<int> interceptors;
    // Sensor Drone: the arc whose weapons get Sensors +1 this activation (0: none).
    quint8 sensorDroneArc = 0;
    // Terrain: the Speed change at the start of the Movement (Small Moon, Atmosphere,
    // Planet), and the pieces whose Move effect has attacked the model this activation
    // (index in GameState::terrain; Wrecks of Dead ships: 1000 + index in `wrecks`).
    int speedBonus = 0;
    std::vector<int> terrainAttacks;
    // Movement › Overlapping: the ship's mandatory movement ended on a larger (or
    // as large) Capital Ship: it has stopped, and is repositioned when the
    // activation ends ("use all remaining Fire Control and make all Actions
    // before completing the overlapping movement").
    bool overlapPending = false;

    friend bool operator==(const Activation &, const Activation &) = default;
};

// A command waiting for a player's answer (decision.h): it is resolved again
// from the start with the same dice and the answers so far when the answer
// arrives; nothing of it has happened until then.
struct PendingCommand
{
    Command command;
    int player = 0; // who gave the command
    std::vector<int> dice; // faces consumed so far, in order
    std::vector<int> answers; // answers so far, in order asked
    std::vector<std::vector<QPointF>> paths; // with each answer, its path (usually none)
    DecisionRequest request; // the question waiting

    friend bool operator==(const PendingCommand &, const PendingCommand &) = default;
};

struct Wreck
{
    QPointF centre;
    double diameter = 2.0; // inches
    QString of; // the ship it was
    friend bool operator==(const Wreck &, const Wreck &) = default;
};

// Scavenger Hunt (scenario switch `uios`): one Unidentified Object's search.
// Each player's Marines aboard (they board it unopposed and fight each other in
// the End Phase), the Search tokens collected, and who searched it (the first
// to three tokens).
struct UioSearch
{
    int model = -1; // the UIO (GameState::models)
    std::array<int, 2> marines {}; // each player's Marines aboard
    std::array<int, 2> tokens {}; // each player's Search tokens
    int searchedBy = -1; // the player who searched it; -1: not yet

    friend bool operator==(const UioSearch &, const UioSearch &) = default;
};

// The whole game at one moment: a value (copy, compare, save). Rules live in
// the Engine; the state only holds facts.
struct GameState
{
    int turn = 1;
    Phase phase = Phase::Deployment;
    int initiative = 0; // the player with Initiative
    int toAct = 0; // the player whose decision the game waits for
    DeploymentStep deploymentStep = DeploymentStep::CapitalShips;
    std::array<bool, 2> declined {}; // Deployment: declined until the next phase
    std::vector<ModelState> models;
    std::optional<Activation> activation;
    std::optional<PendingCommand> pending;
    std::vector<Wreck> wrecks;
    // The terrain as it is now: the setup's, the Comet moved, Mine tokens laid (a Wreck left
    // by a Dead ship is in `wrecks`; the engine treats both alike).
    std::vector<TerrainPiece> terrain;
    std::array<int, 2> objectivePoints {}; // the standing (final once Over)
    // The scenario's state (scenario.h).
    int attacker = -1; // Attacker/Defender scenarios: the Attacker (who has Initiative)
    std::array<std::vector<QPointF>, 2> beacons; // Beacon Deployment Zone: each player's markers
    std::array<int, 2> corners {-1, -1}; // Corner Deployment Zone: each player's TableCorner
    // A physical table (the players place the Beacon markers; `beacons` holds stand-ins off the
    // table, rules::physicalBeaconSpot): how many of each player's markers have a model within
    // 3", as the players said when deploying (Fleet Deployment in a Beacon Deployment Zone).
    std::array<int, 2> beaconsCovered {};
    int firstAttacker = -1; // the first player to attack
    std::array<int, 2> deployedThisStep {}; // Escalating Deployment: models placed this step
    std::vector<UioSearch> uios; // Scavenger Hunt: the UIOs placed after the quadrants
    // The scenario modules' own state (scenarios/scenariomodule.h), each under its id.
    ScenarioStates scenarioStates;
    // Per objective of the scenario: the points it gives each player now, and
    // whether that is final (a by_turn objective whose End Phase has passed).
    std::vector<std::array<int, 2>> objectiveScores;
    std::vector<bool> objectivesSettled;
    std::optional<int> winner; // set when Over: 0, 1, or -1 for a draw
    int commands = 0; // commands applied so far

    [[nodiscard]] const ModelState *model(int id) const
    {
        return id >= 0 && id < int(models.size()) ? &models[std::size_t(id)] : nullptr;
    }
    [[nodiscard]] ModelState *model(int id)
    {
        return id >= 0 && id < int(models.size()) ? &models[std::size_t(id)] : nullptr;
    }

    friend bool operator==(const GameState &, const GameState &) = default;
};

} // namespace jw
