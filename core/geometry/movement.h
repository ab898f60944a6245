// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "geometry/baseshape.h"
#include "geometry/placement.h"

#include <QPolygonF>

#include <vector>

// Movement (Movement: Capital Ship Movement, Squadron Movement). The geometry only: the
// engine checks the distances (Speed -/+ Thrusters), the number of turns
// (min(Turns, Thrusters)), Sluggish and the Skill Test at Thrusters 0.

namespace jw {

// "Each turn enables the ship to change its direction by up to 45 degrees."
inline constexpr double kMaxTurnDegrees = 45.0;

// |degrees| <= 45 (within a millionth of a degree).
[[nodiscard]] bool isLegalTurn(double degrees);

// Capital Ships "Move by advancing directly forward" (Placement::advanced()).
[[nodiscard]] Placement advance(const Placement &placement, double inches);
// A turn in place, clockwise (to Starboard) when positive (Placement::turned()). House
// ruling: the ship pivots about the centre of its base (v1.2.2 does not say where; v1.2.1
// pivoted on a front corner).
[[nodiscard]] Placement turned(const Placement &placement, double degrees);

// One straight stretch of a capital ship's move, then an optional turn.
struct MoveLeg
{
    double distance = 0.0; // inches straight ahead (>= 0)
    double turn = 0.0; // degrees after the stretch, clockwise positive; 0 = no turn

    friend bool operator==(const MoveLeg &, const MoveLeg &) = default;
};

struct CapitalMoveResult
{
    QPolygonF path; // the base centre: the start, then the end of every leg that moved
    std::vector<Placement> placements; // the start, then after every leg (turn included)
    Placement finalPlacement;
    double distance = 0.0; // total inches moved
    int turns = 0; // legs with a turn
    bool turnsLegal = true; // every turn within 45 degrees
    bool forwardOnly = true; // no leg with a negative distance
    int firstIllegalLeg = -1; // the first leg breaking one of the two above, or -1

    [[nodiscard]] bool isValid() const { return turnsLegal && forwardOnly; }
};

// A capital ship's move as the player gives it: forward, turn, forward, ... A turn may be
// taken at any point, the very start included (a first leg of distance 0).
struct CapitalMovePlan
{
    std::vector<MoveLeg> legs;

    [[nodiscard]] double totalDistance() const;
    [[nodiscard]] int turnCount() const;
    [[nodiscard]] CapitalMoveResult evaluate(const Placement &start) const;

    friend bool operator==(const CapitalMovePlan &, const CapitalMovePlan &) = default;
};

// The area the base passes over during the move, as convex pieces (one per stretch, one
// per turn): for Terrain crossed on the way. Turns are sampled every 5 degrees (the pieces
// fall short of the true swept area by less than 0.1% of the half-diagonal).
[[nodiscard]] std::vector<QPolygonF> sweptArea(const BaseShape &start, const CapitalMovePlan &plan);

// Squadron Movement: any path ("they may trace any path"), a polyline of base centres
// starting where the squadron stands. Its length is the sum of its segments.
[[nodiscard]] double pathLength(const QPolygonF &path);
// The point `distance` inches along the path (clamped to its ends).
[[nodiscard]] QPointF pointAlong(const QPolygonF &path, double distance);
// The path cut at `maxLength` inches (whole when shorter): dragging a squadron further
// than its Speed stops at the Speed.
[[nodiscard]] QPolygonF truncatedPath(const QPolygonF &path, double maxLength);
// The area a squadron's base passes over along the path, one convex piece per segment.
[[nodiscard]] std::vector<QPolygonF> sweptArea(const BaseShape &squadron, const QPolygonF &path);

} // namespace jw
