// SPDX-License-Identifier: GPL-3.0-or-later
// Private to core/engine: the rule modules of Movement (capital ship and squadron moves,
// overlapping, base contact).
#pragma once

#include "engine/rules/context.h"

#include "geometry/movement.h"

namespace jw::rules {

void moveCapital(Context &ctx, const MoveCapitalCommand &c);

void moveSquadron(Context &ctx, const MoveSquadronCommand &c);

[[nodiscard]] bool minimumMoveForced(const Engine &engine, const GameState &s, int model,
                                     double need);

[[nodiscard]] CapitalMovePlan stopShortOfPlanet(const Engine &engine, const GameState &s, int model,
                                                const CapitalMovePlan &plan);

bool placeAfterCapitalMove(Context &ctx, int model, const Placement &to, bool mandatory);

void completeOverlappingMove(Context &ctx, int model);

[[nodiscard]] std::optional<Placement> clearCapitalSpot(const Engine &engine, const GameState &s,
                                                        int model, const BaseShape &from);

void freeMovement(Context &ctx, int model, const std::vector<QPointF> &path, double limit,
                  const QString &rule);

void placeAwayFrom(Context &ctx, int model, int ship);

[[nodiscard]] std::optional<QPointF> contactSpot(const Engine &engine, const GameState &s,
                                                 int mover, int target);

// The active `model`'s remaining movement reaches `target` (refused by `rule` if not).
[[nodiscard]] std::optional<Rejection> reachRefusal(const Engine &engine, const GameState &s,
                                                    int model, int target, const QString &rule);
void checkReach(const Engine &engine, const GameState &s, int model, int target,
                const QString &rule);

// Why moveIntoContact() would refuse to bring `model` into base contact with `target`
// (not in contact, and out of reach or no room next to it); nullopt: it may.
[[nodiscard]] std::optional<Rejection> contactRefusal(const Engine &engine, const GameState &s,
                                                      int model, int target, const QString &rule);

void moveIntoContact(Context &ctx, int model, int target, const QString &rule);

} // namespace jw::rules
