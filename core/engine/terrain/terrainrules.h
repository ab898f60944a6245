// Private to core/engine: the rule modules of Terrain (pieces placed, activating, crossed, at the
// end of a move).
#pragma once

#include "engine/rules/context.h"

#include "geometry/movement.h"

namespace jw::rules {

void placeTerrain(Context &ctx);

[[nodiscard]] bool activatesAsModel(const GameState &s, const ModelState &m);

int addTerrainModel(const Engine &engine, GameState &s, int piece);

void terrainAtActivation(Context &ctx);

[[nodiscard]] std::vector<QPolygonF> sweptCapital(const Engine &engine, const GameState &s,
                                                  int model, const CapitalMovePlan &plan);

void checkTerrainMove(const Engine &engine, const GameState &s, int model,
                      const std::vector<QPolygonF> &swept);

void terrainAfterMove(Context &ctx, int model, const std::vector<QPolygonF> &swept);

void terrainAtEndOfMovement(Context &ctx, int model);

bool avoidTerrain(Context &ctx, int model, const Message &pieceName,
                  const std::vector<std::pair<int, TerrainPiece>> &pieces);

void moveComets(Context &ctx);

void layMine(Context &ctx, QPointF at);

} // namespace jw::rules
