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

[[nodiscard]] int modelPoints(const Engine &engine, const ModelState &m);

void afterCommand(Context &ctx, const Command &command, std::optional<ActionId> declared);

// The hooks of the scenario modules in play (scenarios/scenariomodule.h).
void scenarioScriptedStart(Context &ctx);

void scenarioEndPhase(Context &ctx);

void scenarioLaunched(Context &ctx, int squadron, int carrier);

void scenarioLanded(Context &ctx, int squadron, int carrier);

[[nodiscard]] std::optional<Rejection> scenarioWithdrawRefusal(const Engine &engine,
                                                               const GameState &s,
                                                               const ModelState &m,
                                                               const BaseShape &base);

// Water Raid (enginewater.cpp).
[[nodiscard]] QString waterRule(const Engine &engine, const QString &part);

[[nodiscard]] bool cometPending(const Engine &engine, const GameState &s);

[[nodiscard]] std::vector<PlaceCometCommand> cometSpots(const Engine &engine, const GameState &s);

void placeComet(Context &ctx, const PlaceCometCommand &c);

void waterAtDeployment(Context &ctx, int model, std::optional<int> water);

void checkWaterReserves(const Engine &engine, const GameState &s, int player);

void mineComet(Context &ctx, int piece);

[[nodiscard]] bool mayMineComet(const Engine &engine, const GameState &s, int model, int piece);

void waterForFuelPods(Context &ctx, int model);

void waterOnLand(Context &ctx, int model, int carrier);

void waterOnLaunch(Context &ctx, int model, int carrier);

void placeUios(Context &ctx);

[[nodiscard]] const UioSearch *uioSearch(const GameState &s, int model);

void checkLandOnUio(const Engine &engine, const GameState &s, int squadron, int uio);

void boardUio(Context &ctx, int uio, int player, int marines);

} // namespace jw::rules
