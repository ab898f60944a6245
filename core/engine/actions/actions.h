// Private to core/engine: the rule modules of Action (declaring an Action, resolving it; Launch and
// Land).
#pragma once

#include "engine/rules/context.h"

#include "geometry/movement.h"

namespace jw::rules {

void launch(Context &ctx, const LaunchCommand &c);

void resolveEngagePointDefense(Context &ctx);

void resolveVectorAttack(Context &ctx, int model);

// Traits › Tug: why the active `model` may not tow `target` now; nullopt: it may (what
// legalCommands() offers by and resolveTug() checks).
[[nodiscard]] std::optional<Rejection> tugRefusal(const Engine &engine, const GameState &s,
                                                  int model, int target);
void resolveTug(Context &ctx, int target);

// Tender Transfer: what the Tender `model` could give `target` now: (-1: a
// Marine, else the Tender's trait index, the target's trait index).
[[nodiscard]] std::vector<std::pair<int, int>>
tenderTransfers(const Engine &engine, const GameState &s, int model, int target);

void resolveTenderTransfer(Context &ctx, int target);

void checkLand(const Engine &engine, const GameState &s, const LandCommand &c);

void land(Context &ctx, const LandCommand &c);

[[nodiscard]] int carrierRoom(const Engine &engine, const GameState &s, int carrier, bool squadron);

void declareAction(Context &ctx, int model, ActionId action);

void resolveDeclaredAction(Context &ctx, const ResolveActionCommand &c);

void resolveWithdraw(Context &ctx);

} // namespace jw::rules
