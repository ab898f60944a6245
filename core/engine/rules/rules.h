// SPDX-License-Identifier: GPL-3.0-or-later
// Private to core/engine: the rule modules, free functions of the per-command Context
// (rules/context.h) or, for queries, of the engine and a state. Engine (engine.h) is
// their facade.
#pragma once

#include "engine/actions/actions.h"
#include "engine/attack/attackcommand.h"
#include "engine/movement/movement.h"
#include "engine/procedures/procedures.h"
#include "engine/rules/context.h"
#include "engine/sequence/sequence.h"
#include "engine/states/states.h"
#include "engine/table/corrections.h"
#include "engine/table/tablequestions.h"
#include "engine/terrain/terrainrules.h"

#include "geometry/movement.h"

namespace jw::rules {

// The facade's dispatch of one command to its module (engine.cpp).
void applyCommand(Context &ctx, const Command &command);

// Scenarios (enginescenario.cpp).
void scenarioSetup(Context &ctx);

void placeBeacon(Context &ctx, const PlaceBeaconCommand &c);

void advanceBeacons(Context &ctx);

void endDeploymentPhase(Context &ctx);

[[nodiscard]] std::vector<QPointF> beaconSpots(const GameState &s, double step);

[[nodiscard]] int uncoveredBeacons(const Engine &engine, const GameState &s, int player);

[[nodiscard]] bool beaconCoverageApplies(const Engine &engine, const GameState &s);

void scoreObjectives(Context &ctx, bool final);

[[nodiscard]] std::array<int, 2> objectiveNow(const Engine &engine, const GameState &s,
                                              const Objective &o, bool final = false);
// What a scenario module's "the most ..." objective compares, each player's count now
// (ScenarioModule::objectiveTally); nullopt for the other objectives.
[[nodiscard]] std::optional<std::array<int, 2>>
objectiveTally(const Engine &engine, const GameState &s, const Objective &o);

[[nodiscard]] int modelPoints(const Engine &engine, const ModelState &m);

void afterCommand(Context &ctx, const Command &command, std::optional<ActionId> declared);

// The hooks of the scenario modules in play (scenarios/scenariomodule.h).
void scenarioScriptedStart(Context &ctx);

void scenarioEndPhase(Context &ctx);

void scenarioLaunched(Context &ctx, int squadron, int carrier);

void scenarioLanded(Context &ctx, int squadron, int carrier);

[[nodiscard]] std::optional<Rejection>
scenarioWithdrawRefusal(const Engine &engine, const GameState &s, const ModelState &m,
                        const BaseShape &base, TableQuestions &table);

// The hooks of the scenario modules in play (scenarios/scenariomodule.h): each special
// rule set is a module with its own state; the rule modules name no scenario.
void scenarioPlacePieces(Context &ctx);
// Enters a module's own set-up step (DeploymentStep::Comet) when one waits: true.
bool scenarioSetUpStep(Context &ctx);
// Refuses a deployment, embarkation or decline while that step waits.
void checkScenarioSetUpStep(const Engine &engine, const GameState &s);
[[nodiscard]] std::vector<Command> scenarioSetUpCommands(const Engine &engine, const GameState &s);
void scenarioCommand(Context &ctx, const Command &command);
void scenarioDeployed(Context &ctx, const DeployCommand &c);
void checkScenarioDeployment(const Engine &engine, const GameState &s, int player);
void scenarioActivated(Context &ctx, int model);
[[nodiscard]] bool scenarioGivesTrait(const Engine &engine, const GameState &s, const ModelState &m,
                                      const QString &trait);
[[nodiscard]] std::vector<int> scenarioTerrainTargets(const Engine &engine, const GameState &s,
                                                      int model, ActionId action);
void scenarioResolveOnTerrain(Context &ctx, ActionId action, int piece);
[[nodiscard]] bool scenarioOpenCarrier(const Engine &engine, const GameState &s, int carrier);
void checkScenarioLand(const Engine &engine, const GameState &s, int squadron, int carrier);
bool scenarioBoards(Context &ctx, int target, int player, int marines);

} // namespace jw::rules
