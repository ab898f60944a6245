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

void checkReach(const Engine &engine, const GameState &s, int model, int target,
                const QString &rule);

void moveIntoContact(Context &ctx, int model, int target, const QString &rule);

} // namespace jw::rules
