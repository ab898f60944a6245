// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "geometry/baseshape.h"

#include <QLineF>
#include <QPointF>

// Measuring between models (Catch-All Rules: Measurement; ARCHITECTURE.md, Geometry):
// the distance between two models is the shortest distance between their base outlines.

namespace jw {

// 0 when the bases touch or overlap.
[[nodiscard]] double distance(const BaseShape &a, const BaseShape &b);

// The measured segment, from a's outline to b's, between the closest points: what the
// measure tool and the range displays draw. Where facing parallel edges give many shortest
// segments, the one through the middle of the stretch they share. Touching or overlapping
// bases give a null-length line at the middle of the shared part.
[[nodiscard]] QLineF closestSegment(const BaseShape &a, const BaseShape &b);

enum class BaseContact {
    Apart, // distance > kContactTolerance
    Touching, // base to base contact (an overlap up to kContactTolerance counts as touching)
    Overlapping // interiors overlap by more than kContactTolerance
};
[[nodiscard]] BaseContact contact(const BaseShape &a, const BaseShape &b);

// The interiors intersect (deeper than kContactTolerance): touching is not overlapping.
[[nodiscard]] bool overlaps(const BaseShape &a, const BaseShape &b);
// Base to base contact: distance <= kContactTolerance. True for overlapping bases too (the
// movement rules forbid ending in contact, and an overlap is contact as well).
[[nodiscard]] bool touching(const BaseShape &a, const BaseShape &b);
// How far one base would have to move to stop overlapping the other (0 when apart).
[[nodiscard]] double overlapDepth(const BaseShape &a, const BaseShape &b);

// A cheap test before distance(): true only when the bases are certainly further apart than
// `inches` (their centres further apart than the circles around them and `inches`, by a
// margin far above rounding), so that distance(a, b) > inches. False says nothing: measure.
[[nodiscard]] bool surelyFurtherThan(const BaseShape &a, const BaseShape &b, double inches);

// "Within X inches": distance <= inches (within kContactTolerance).
[[nodiscard]] bool isWithin(const BaseShape &a, const BaseShape &b, double inches);

// From a base to a point (a marker, the centre of a token): 0 inside.
[[nodiscard]] double distance(const BaseShape &base, QPointF point);
[[nodiscard]] bool isWithin(const BaseShape &base, QPointF point, double inches);
// The point of the base closest to `point` (the point itself when inside).
[[nodiscard]] QPointF closestPoint(const BaseShape &base, QPointF point);

} // namespace jw
