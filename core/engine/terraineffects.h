// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/gamestate.h"
#include "engine/message.h"
#include "geometry/baseshape.h"

#include <QPolygonF>
#include <QString>
#include <QStringList>

#include <functional>
#include <vector>

// What terrain does to a model where it stands or moves (Terrain chapter, the Overlap and
// Move columns), as queries on the state. The engine's resolution (terrain/terrainrules.cpp) and
// the attack rules (attack.cpp) ask these; nothing here rolls dice.
//
// House rulings (docs/rules-coverage.md, Terrain):
// - A model is "in" an Area (Asteroid Field, Particle Cloud, Comet Tail, Atmosphere, Small
//   Moon) when its base overlaps it (any part of the base).
// - Wrecks left by Dead ships (GameState::wrecks) count as Wreck terrain.

namespace jw {

// Every piece of terrain now, the Wrecks of Dead ships included (as TerrainKind::Wreck;
// their `model` is -1). Mine tokens whose model is no longer on the table are left out.
[[nodiscard]] std::vector<TerrainPiece> currentTerrain(const GameState &state);

// The base overlaps the piece (its disc, its template, a Comet's Body; not the Tail).
[[nodiscard]] bool isIn(const BaseShape &base, const TerrainPiece &piece);
// The base overlaps the Comet's Tail.
[[nodiscard]] bool isInTail(const BaseShape &base, const TerrainPiece &comet);

// "Defense +1" of an Asteroid Field, a Particle Cloud or a Comet Tail the base is in (one,
// however many overlap); `why` names it. Asteroid Field: "gain a Defense rating when
// defending against Attacks, including Assault and Bombing attempts": house ruling, +1 to
// every roll of the model's Defense rating against an attack (Point Defense against
// Missiles, Point Defense attacks on Assaulting, Bombing or ramming squadrons), and a model
// with Defense 0 rolls 1.
[[nodiscard]] int terrainDefenseBonus(const GameState &state, const BaseShape &base,
                                      Message *why = nullptr);
// The kinds of piece behind each effect (one place: the measuring functions here and a
// physical table's questions both read them). Defense +1: an Asteroid Field, a Particle
// Cloud, a Comet's Tail. Beam and Particle attacks -1d6: a Particle Cloud, a Comet's Tail.
// ECM +1: an Atmosphere.
[[nodiscard]] bool givesDefense(const TerrainPiece &piece);
[[nodiscard]] bool hindersBeams(const TerrainPiece &piece);
[[nodiscard]] bool givesEcm(const TerrainPiece &piece);
// "ECM +1" in an Atmosphere.
[[nodiscard]] int terrainEcmBonus(const GameState &state, const BaseShape &base);
// "Stealth:1 or +1" within 3" of a Large Asteroid, Wreck, Small Moon or Comet Body (one,
// however many); `why` names it.
[[nodiscard]] int terrainStealthBonus(const GameState &state, const BaseShape &base,
                                      Message *why = nullptr);
// Particle Cloud: "Beam or Particle attacks that target a model in a Dust/Ice Cloud, or that
// pass through a Dust/Ice Cloud, suffer -1d6". A Comet's Tail "is essentially a Particle
// Cloud": the same. House ruling: the attack passes through a cloud when the line between
// the two base centres crosses it; -1d6 once however many.
[[nodiscard]] bool particleCloudHinders(const GameState &state, const BaseShape &attacker,
                                        const BaseShape &target, Message *why = nullptr);

// Speed changes at the start of a model's Movement: Small Moon +2 (overlapping one),
// Atmosphere -1 (house ruling: overlapping it at the start of the Movement), Planet +2
// when its table edge is wholly in a Capital Ship's Fore arc, -1 in its Aft arc. Each
// change is listed in `why`.
[[nodiscard]] int terrainSpeedBonus(const GameState &state, const BaseShape &base, bool capital,
                                    std::vector<Message> *why = nullptr);
// The same rule, the table's geometry replaced by `met` (a physical table asks the players):
// for the piece `index` of GameState::terrain, is the model in it (In: a Small Moon, an
// Atmosphere), is the Planet's table edge wholly in its Fore arc (PlanetAhead), its Aft arc
// (PlanetBehind, asked when not ahead)?
enum class SpeedTerrainTest {
    In,
    PlanetAhead,
    PlanetBehind
};
[[nodiscard]] int
terrainSpeedBonus(const GameState &state, bool capital,
                  const std::function<bool(int index, const TerrainPiece &, SpeedTerrainTest)> &met,
                  std::vector<Message> *why = nullptr);

// The swept area (convex pieces) crosses the Planet's table edge: "A planet may not be
// overlapped or moved through." Returns the planet's piece or nullptr.
[[nodiscard]] const TerrainPiece *planetCrossed(const GameState &state,
                                                const std::vector<QPolygonF> &swept);

// The convex pieces cover any part of the shape.
[[nodiscard]] bool sweptOverlaps(const std::vector<QPolygonF> &swept, const TerrainShape &shape);

} // namespace jw
