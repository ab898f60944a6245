// SPDX-License-Identifier: GPL-3.0-or-later
// Private to core/engine: the rule modules of Sequence (the Deployment Phase, the Activation Phase,
// the End Phase, victory).
#pragma once

#include "engine/rules/context.h"

#include "geometry/movement.h"

namespace jw::rules {

void deploy(Context &ctx, const DeployCommand &c);

void embark(Context &ctx, const EmbarkCommand &c);

void decline(Context &ctx);

[[nodiscard]] std::optional<Rejection> activationRefusal(const Engine &engine, const GameState &s,
                                                         int player, const ActivateCommand &c);

void activate(Context &ctx, const ActivateCommand &c);

void endActivation(Context &ctx);

[[nodiscard]] bool hasFuelPods(const Engine &engine, const GameState &s, int model);

void fuelPods(Context &ctx, int model);

bool sparedReturnToBase(Context &ctx, int model);

// Traits › Escort: whether the unit deploys in the Squadrons' step.
[[nodiscard]] bool deploysAsSquadron(const Unit &u);

// A masked game (maskedview.h): the other player's sealed Embark.
void embarkSealed(Context &ctx, const EmbarkCommand &c);

[[nodiscard]] std::vector<int> deployableModels(const Engine &engine, const GameState &state,
                                                int player);

[[nodiscard]] std::vector<int> activatableModels(const GameState &state, int player,
                                                 bool embarked = false);

[[nodiscard]] std::optional<Rejection> checkPlacement(const Engine &engine, const GameState &state,
                                                      int model, const Placement &p,
                                                      bool deploying);

void advanceDeployment(Context &ctx, bool afterAction);

void startDeploymentPhase(Context &ctx);

void startActivationPhase(Context &ctx);

void nextActivation(Context &ctx);

void endPhase(Context &ctx);

void finishGame(Context &ctx);

void checkBeaconCoverage(const Engine &engine, const GameState &s, int player, int uncoveredBefore);
// The refusal checkBeaconCoverage throws; nullopt: the markers can still all be covered.
[[nodiscard]] std::optional<Rejection>
beaconCoverageRefusal(const Engine &engine, const GameState &s, int player, int uncoveredBefore);

[[nodiscard]] QString deploymentTypeRule(const Engine &engine);

[[nodiscard]] Message whyNotDeployable(const Engine &engine, const GameState &s,
                                       const ModelState &m);

} // namespace jw::rules
