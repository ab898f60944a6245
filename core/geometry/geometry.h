// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QPointF>
#include <QRectF>

// Conventions shared by everything in geometry/ (ARCHITECTURE.md, Geometry):
// - inches everywhere;
// - the table is 48" x 48", x to the right, y DOWN (as QGraphicsScene), origin at the
//   top-left corner;
// - a model's position is the centre of its base;
// - a facing is in degrees clockwise from "up" (0 = toward the top edge, 90 = toward +x),
//   normalised to [0, 360).
//
// What is where: placement.h and baseshape.h (where a model stands, its base outline),
// measure.h (distances, the measured segment, contact and overlap), arcs.h (capital ship
// arcs), sensorrange.h (Short/Long range, range outlines), kineticcorridor.h (the Kinetic
// Cannon line), movement.h (capital ship moves and turns, squadron paths, swept areas),
// overlapresolution.h (where overlapped models go), zones.h (table, deployment zones,
// beacons), terrainshape.h (terrain discs and templates). convex.h is the polygon kernel
// under them all. The table view draws what these compute and computes nothing itself.

namespace jw {

inline constexpr double kTableSize = 48.0;

// Two bases closer than this are in base to base contact; an overlap shallower than this
// is touching, not overlapping. Far below anything a tape measure tells apart, far above
// floating-point noise.
inline constexpr double kContactTolerance = 1e-6;

// How far apart a model is put when a rule says to break base to base contact (house
// ruling: the rules say "the minimum distance", whose infimum is still touching; 0.01"
// is invisible at the table and survives rounding in saved games).
inline constexpr double kBreakContactGap = 0.01;

// The standard 48" x 48" table.
[[nodiscard]] QRectF tableRect();

// degrees -> [0, 360)
[[nodiscard]] double normalizedFacing(double degrees);

// The unit vector pointing along a facing: 0 -> (0, -1), 90 -> (1, 0).
[[nodiscard]] QPointF facingVector(double facing);

// The facing of a direction vector (the inverse of facingVector()); 0 for a null vector.
[[nodiscard]] double facingOfVector(QPointF vector);

// The signed smallest turn from one facing to another, in (-180, 180]: positive is
// clockwise (to starboard).
[[nodiscard]] double turnBetween(double fromFacing, double toFacing);

} // namespace jw
