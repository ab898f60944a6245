// SPDX-License-Identifier: GPL-3.0-or-later
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

// Tender Transfer: why the active `model` may not transfer to `target` now, or nullopt.
[[nodiscard]] std::optional<Rejection> tenderRefusal(const Engine &engine, const GameState &s,
                                                     int model, int target);
void resolveTenderTransfer(Context &ctx, int target);

// Initiate Assault, Initiate Bombing and Initiate Boarding are resolved against an enemy
// Capital Ship on the table: why `target` is not one (by the rule "Action › <its name>").
[[nodiscard]] std::optional<Rejection> enemyCapitalRefusal(const Engine &engine, const GameState &s,
                                                           int model, int target, ActionId action);
// Why the active `model` may not resolve `action` (declared, resolved against a model)
// against `target` now, or nullopt: the check of its procedure (tugRefusal,
// rammingRefusal, ...), which its resolution makes first and legalCommands() offers by.
[[nodiscard]] std::optional<Rejection> targetRefusal(const Engine &engine, const GameState &s,
                                                     int model, ActionId action, int target);

void checkLand(const Engine &engine, const GameState &s, const LandCommand &c);

void land(Context &ctx, const LandCommand &c);

[[nodiscard]] int carrierRoom(const Engine &engine, const GameState &s, int carrier, bool squadron);

void declareAction(Context &ctx, int model, ActionId action);

void resolveDeclaredAction(Context &ctx, const ResolveActionCommand &c);

void resolveWithdraw(Context &ctx);

} // namespace jw::rules
