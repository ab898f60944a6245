// SPDX-License-Identifier: GPL-3.0-or-later
// Private to core/engine: the rule modules of the procedures: Assault, Boarding, Bombing, Dogfight
// (and Interception), Ramming, Repair.
#pragma once

#include "engine/rules/context.h"

#include "geometry/movement.h"

namespace jw::rules {

void repair(Context &ctx, int model);

// Why the active `model` may not resolve its declared Action against `target` now, or
// nullopt: the one check of each, which its resolution makes first (refusing with it)
// and legalCommands() offers the targets by (actions.h: targetRefusal). Whatever is
// refused after it depends on the dice or a player's answer.
[[nodiscard]] std::optional<Rejection> bombingRefusal(const Engine &engine, const GameState &s,
                                                      int model, int target);
[[nodiscard]] std::optional<Rejection> rammingRefusal(const Engine &engine, const GameState &s,
                                                      int model, int target);
[[nodiscard]] std::optional<Rejection> interceptionRefusal(const Engine &engine, const GameState &s,
                                                           int model, int target);
[[nodiscard]] std::optional<Rejection> assaultRefusal(const Engine &engine, const GameState &s,
                                                      int model, int target);
[[nodiscard]] std::optional<Rejection> boardingRefusal(const Engine &engine, const GameState &s,
                                                       int model, int target);

void resolveBombing(Context &ctx, int target);

void resolveRamming(Context &ctx, int target);

void resolveInterception(Context &ctx, int target);

std::vector<int> dogfight(Context &ctx, int first, int second, const Message &carryOn);

[[nodiscard]] std::vector<int> reactiveInterceptors(const Engine &engine, const GameState &s,
                                                    int squadron, int exclude);

bool reactiveInterception(Context &ctx, int squadron, const Message &trigger, int exclude = -1);

void assaultingIntercepted(Context &ctx, int squadron);

void attackWindow(Context &ctx, int attacker, int target, AttackWindow window, const QString &kind,
                  const Message &what);

void resolveAssault(Context &ctx, int target);

void resolveBoarding(Context &ctx, int target);

} // namespace jw::rules
