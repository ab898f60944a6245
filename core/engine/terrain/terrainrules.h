// SPDX-License-Identifier: GPL-3.0-or-later
// Private to core/engine: the rule modules of Terrain (pieces placed, activating, crossed, at the
// end of a move).
#pragma once

#include "engine/rules/context.h"

#include "geometry/movement.h"

#include <functional>

namespace jw::rules {

void placeTerrain(Context &ctx);

[[nodiscard]] bool activatesAsModel(const GameState &s, const ModelState &m);

int addTerrainModel(const Engine &engine, GameState &s, int piece);

void terrainAtActivation(Context &ctx);

[[nodiscard]] std::vector<QPolygonF> sweptCapital(const Engine &engine, const GameState &s,
                                                  int model, const CapitalMovePlan &plan);

void checkTerrainMove(const Engine &engine, const GameState &s, int model,
                      const std::vector<QPolygonF> &swept);

// Terrain met while moving (Asteroid Field, Atmosphere, Particle Cloud, a Comet's Tail, Mines):
// the attacks of the pieces `met` says the move met. `met(key, area, what, inches)`: did the
// move cross `area` (the piece `key`, named `what`) or end in it, or (`inches` > 0) come
// within `inches` of it? On jwfleet's table the area the move swept (`swept`); on a physical
// table the moving model's player is asked (TableQuestions::movedThrough).
using TerrainMet
    = std::function<bool(int key, const TerrainShape &area, const Message &what, double inches)>;
void terrainAfterMove(Context &ctx, int model, const TerrainMet &met);
void terrainAfterMove(Context &ctx, int model, const std::vector<QPolygonF> &swept);
void terrainAfterMove(Context &ctx, int model);

void terrainAtEndOfMovement(Context &ctx, int model);

bool avoidTerrain(Context &ctx, int model, const Message &pieceName,
                  const std::vector<std::pair<int, TerrainPiece>> &pieces);

void moveComets(Context &ctx);

void layMine(Context &ctx, QPointF at);

} // namespace jw::rules
