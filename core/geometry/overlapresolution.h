// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "geometry/baseshape.h"
#include "geometry/geometry.h"

#include <QPointF>
#include <QPolygonF>
#include <QRectF>

#include <optional>
#include <vector>

// Overlapping (Movement: Overlapping): where the rules put a model that mandatory movement
// left on top of another. The engine decides who moves; this computes where to.

namespace jw {

// Capital Ship Overlapping: "The ship with the smaller base size is repositioned. If the
// ships are the same base size, the move ship is repositioned." House ruling: base size is
// compared by area, and equal areas are the same size (2" x 3" and 1.5" x 4").
[[nodiscard]] bool isMoverRepositioned(const BaseSize &mover, const BaseSize &other);

// "Place the repositioned ship so that the back of its base is touching the other ship and
// it remains in the same orientation." The figure is lost, so two readings:
enum class CapitalOverlapReading {
    // The text as written (the default): the ship goes on along its facing until the back
    // of its base just touches the other ship. It agrees with "completing the overlapping
    // movement" and with the chapter's "ample room for models to pass by each other".
    PassThrough,
    // The ship backs off along its axis until its base just touches the other (its front
    // then touches it).
    BackOff
};

// The repositioned ship's placement: same facing, slid along its axis until its base just
// touches (no longer overlaps) the other. Unchanged when they do not overlap.
[[nodiscard]] Placement
capitalOverlapPlacement(const BaseShape &repositioned, const BaseShape &other,
                        CapitalOverlapReading reading = CapitalOverlapReading::PassThrough);

// How far the base must travel in the direction `facing` (degrees, as a model's facing)
// until it overlaps none of the obstacles (touching is allowed): 0 when it overlaps none.
// Travel stops at the first clear spot, even if the way on to it crosses other obstacles.
[[nodiscard]] double clearanceDistance(const BaseShape &base, double facing,
                                       const std::vector<BaseShape> &obstacles);

// Squadron Overlapping: "move the squadron the minimum distance required to break base to
// base contact with the Capital Ship". The squadron slides (no facing) the shortest way
// out to `gap` from the ship (house ruling: kBreakContactGap, see geometry.h). Unchanged
// when it is already that far.
[[nodiscard]] Placement squadronOverlapPlacement(const BaseShape &squadron, const BaseShape &ship,
                                                 double gap = kBreakContactGap);

// The nearest centre for `mover` (sliding, same facing) at least `gap` from every obstacle
// (convex polygons, e.g. BaseShape::outline()) and, given an area, wholly within it (the
// table). The current centre when it already qualifies; nullopt when nowhere does.
[[nodiscard]] std::optional<QPointF> nearestClearCentre(const BaseShape &mover,
                                                        const std::vector<QPolygonF> &obstacles,
                                                        double gap = kBreakContactGap,
                                                        std::optional<QRectF> area = {});
[[nodiscard]] std::optional<QPointF> nearestClearCentre(const BaseShape &mover,
                                                        const std::vector<BaseShape> &obstacles,
                                                        double gap = kBreakContactGap,
                                                        std::optional<QRectF> area = {});

// The centre nearest to `desired` where `mover` (same facing) is in base to base contact
// with `target` without overlapping any of `obstacles` (touching them is allowed): placing
// an assaulting squadron, snapping a dragged base to another. nullopt when there is none.
[[nodiscard]] std::optional<QPointF>
nearestContactCentre(const BaseShape &mover, const BaseShape &target, QPointF desired,
                     const std::vector<BaseShape> &obstacles = {});

} // namespace jw
