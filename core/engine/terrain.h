// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/message.h"
#include "geometry/terrainshape.h"
#include "geometry/zones.h"
#include "units/datatext.h"
#include "units/unit.h"

#include <QJsonObject>
#include <QString>

#include <optional>
#include <vector>

// The Terrain chapter's pieces as data: what is on the table besides the fleets. A setup
// places them before the game (GameSetup::terrain); the game state holds them as they are
// now (GameState::terrain: the Comet moves, Mines are laid). The rules they carry are the
// engine's (engineterrain.cpp); the shapes and distances are geometry/terrainshape.h.
//
// Space Stations, Unidentified Objects and Mine tokens are also models: the engine gives
// each a ModelState (TerrainPiece::model) with a unit card made from the piece
// (terrainUnit()), so they can be attacked, boarded and carry squadrons like any model.

namespace jw {

class DiceSource;

enum class TerrainKind {
    AsteroidField, // Area: moving through AC:2 (capital ships); in it Defense +1
    Atmosphere, // Area band 3-6" along a table edge: moving in it AC/AS:2, Speed -1; ECM +1
    Comet, // Body (Model 2-4": ending a move on it AC:6) and Tail (Area: AC/AS:2, Defense +1)
    LargeAsteroid, // Model 2-4": Stealth +1 within 3"; a capital ship ending on it AC:6
    Mines, // Token 40 mm: AC:3 Missile attack on an enemy capital ship moving within 3"
    ParticleCloud, // Area: moving through AC/AS:2; Defense +1; Beam/Particle -1d6
    Planet, // Edge: Speed +2 / -1 by arc; may not be overlapped
    SmallMoon, // Area 4-18": as a Large Asteroid, no damage; starting a move on it Speed +2
    SpaceStation, // Model with rolled ratings
    Wreck, // Model 2-4": as a Large Asteroid
    Uio // Unidentified Object: a model that can be boarded, 1d6 Structure
};
[[nodiscard]] QString terrainKindId(TerrainKind k); // "asteroid-field", "small-moon", "uio", ...
[[nodiscard]] QString terrainKindName(TerrainKind k); // "Asteroid Field", ...
[[nodiscard]] Message terrainKindMessage(TerrainKind k); // the same, typed (translated)
[[nodiscard]] std::optional<TerrainKind> terrainKindFromId(const QString &id);
[[nodiscard]] const std::vector<TerrainKind> &allTerrainKinds();

[[nodiscard]] QString tableEdgeId(TableEdge e); // "top", "right", "bottom", "left"
[[nodiscard]] std::optional<TableEdge> tableEdgeFromId(const QString &id);

// Space Station weapons, "selected using Random Selection".
enum class StationWeapons {
    KineticCannons, // 2x Kinetic Cannon T: AC:4/AS:3 Ma:1
    BeamProjectors // 2x Beam Projector T: AC:3, AS:3 Ma:2
};

struct TerrainPiece
{
    TerrainKind kind = TerrainKind::LargeAsteroid;
    // The piece: a disc (Model terrain, tokens), a template (Area terrain; Atmosphere: an
    // atmosphereBand()), the Comet's Body. Planet: unused (its edge is `edge`).
    TerrainShape shape;
    TerrainShape tail; // Comet: the Tail, touching the Body; it moves with it
    TableEdge edge = TableEdge::Top; // Planet, Atmosphere: the table edge
    QString name; // for the log; empty: the kind's name
    // Mines: the player who laid them (enemy capital ships are attacked); Space Station: the
    // player who controls it (house ruling: the scenario or players assign it; 0 or 1).
    int owner = -1;
    bool stationary = false; // Comet: does not move (Water Raid's "Stationary Comet")
    QString of; // Wreck: the ship it was
    // Rolled before the game (Space Station: Structure 2d6, Hangers 1 + 1d3, weapons by
    // Random Selection; UIO: Structure 1d6). nullopt: rolled when the engine is built.
    std::optional<int> structure;
    std::optional<int> hangers;
    std::optional<StationWeapons> weapons;
    // Set by the engine: the model standing for a Space Station, UIO or Mine token
    // (GameState::models), -1 for the others.
    int model = -1;

    // Convenience constructors, for scenarios and tests.
    [[nodiscard]] static TerrainPiece area(TerrainKind kind, const QPolygonF &outline);
    [[nodiscard]] static TerrainPiece disc(TerrainKind kind, QPointF centre, double diameter);
    [[nodiscard]] static TerrainPiece comet(QPointF centre, double diameter, const QPolygonF &tail);
    [[nodiscard]] static TerrainPiece planet(TableEdge edge);
    [[nodiscard]] static TerrainPiece atmosphere(TableEdge edge, double depth);
    [[nodiscard]] static TerrainPiece mines(QPointF centre, int owner);

    [[nodiscard]] QString displayName() const; // name, or the kind's name
    // The same typed, for a sentence: the kind's name and a Dead ship's Wreck
    // (currentTerrain()) are translated, a name of the setup's is not.
    [[nodiscard]] Message displayMessage() const;
    // A model stands for it (Space Station, UIO, Mines).
    [[nodiscard]] bool isModel() const;
    // Stealth +1 within 3" (Large Asteroid, Wreck, Small Moon; a Comet's Body "is
    // essentially a Large Asteroid").
    [[nodiscard]] bool givesCover() const;
    // A capital ship ending its move overlapping it suffers AC:6 (Large Asteroid, Wreck,
    // Comet Body).
    [[nodiscard]] bool crushes() const;

    friend bool operator==(const TerrainPiece &, const TerrainPiece &) = default;
};

// The unit card of a Space Station, UIO or Mine token (`index`: the piece's index in the
// setup, for the id "terrain-<index>"; mines share "terrain-mines"). The piece's rolled
// values must be set (rollTerrain()).
//  - Space Station: Structure as rolled; Defense and Marines half of it (rounded up);
//    Sensors 3, Speed 0, Turns 0, Skill 2, Hangers as rolled, Fire Control 2, 2x Kinetic
//    Cannon T AC:4/AS:3 Ma:1 or 2x Beam Projector T AC:3/AS:3 Ma:2. House ruling: a capital
//    ship on a square base as wide as its disc, with Static (it does not move).
//  - UIO: Structure as rolled, nothing else but Hangers (Scavenger Hunt: 2); a capital
//    ship (it can be boarded) on a square base as wide as its disc.
//  - Mines: "considered Squadrons for the purposes of being attacked", Structure 2.
[[nodiscard]] Unit terrainUnit(const TerrainPiece &piece, int index);
[[nodiscard]] QString terrainUnitId(const TerrainPiece &piece, int index);
inline constexpr int kMineStructure = 2;

// Rolls what the rules roll before a game and the piece does not give yet: Space Station
// Structure 2d6, Hangers 1 + 1d3, weapons (1-3 Kinetic Cannons, 4-6 Beam Projectors); UIO
// Structure 1d6. Returns one line per roll, for the log.
QStringList rollTerrain(std::vector<TerrainPiece> &terrain, DiceSource &dice);

// JSON (game files, snapshots): {"kind": "comet", "shape": {...}, "tail": {...}, ...}.
[[nodiscard]] QJsonObject terrainToJson(const TerrainPiece &piece);
// `error`: why not, in English; `why`: the same as a sentence to translate. Either may be null.
[[nodiscard]] std::optional<TerrainPiece>
terrainFromJson(const QJsonObject &o, QString *error = nullptr, DataText *why = nullptr);
[[nodiscard]] QJsonObject shapeToJson(const TerrainShape &shape);
[[nodiscard]] std::optional<TerrainShape> shapeFromJson(const QJsonObject &o);

} // namespace jw
