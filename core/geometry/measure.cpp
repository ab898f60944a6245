// SPDX-License-Identifier: GPL-3.0-or-later
#include "geometry/measure.h"

#include "geometry/convex.h"
#include "geometry/geometry.h"

#include <algorithm>
#include <cmath>

namespace jw {

namespace {
// Wider than the contact tolerance: bases whose boxes are this far apart are apart.
constexpr double kBoxMargin = 2 * kContactTolerance + 1e-6;
} // namespace

double distance(const BaseShape &a, const BaseShape &b)
{
    return convex::distance(a.outline(), b.outline());
}

QLineF closestSegment(const BaseShape &a, const BaseShape &b)
{
    return convex::closestSegment(a.outline(), b.outline());
}

BaseContact contact(const BaseShape &a, const BaseShape &b)
{
    const QPolygonF pa = a.outline();
    const QPolygonF pb = b.outline();
    // Boxes further apart than the tolerance: the bases are too (the common case on
    // a full table, where every move is checked against every base).
    const QRectF ba = pa.boundingRect().adjusted(-kBoxMargin, -kBoxMargin, kBoxMargin, kBoxMargin);
    if (!ba.intersects(pb.boundingRect()))
        return BaseContact::Apart;
    const double depth = convex::penetration(pa, pb).depth;
    if (depth > kContactTolerance)
        return BaseContact::Overlapping;
    if (depth >= 0.0 || convex::distance(pa, pb) <= kContactTolerance)
        return BaseContact::Touching;
    return BaseContact::Apart;
}

bool overlaps(const BaseShape &a, const BaseShape &b)
{
    return contact(a, b) == BaseContact::Overlapping;
}

bool touching(const BaseShape &a, const BaseShape &b)
{
    return contact(a, b) != BaseContact::Apart;
}

double overlapDepth(const BaseShape &a, const BaseShape &b)
{
    return std::max(0.0, convex::penetration(a.outline(), b.outline()).depth);
}

bool surelyFurtherThan(const BaseShape &a, const BaseShape &b, double inches)
{
    // Every point of a base is within the circle through its corners (a hex: 1/sqrt(3)).
    const auto radius = [](const BaseShape &s) {
        return s.isHex() ? s.halfWidth() : std::hypot(s.halfWidth(), s.halfLength());
    };
    const QPointF d = a.centre() - b.centre();
    const double reach = radius(a) + radius(b) + inches + kBoxMargin;
    return d.x() * d.x() + d.y() * d.y() > reach * reach * (1.0 + 1e-9);
}

bool isWithin(const BaseShape &a, const BaseShape &b, double inches)
{
    // Bases surely further apart are not measured (the answer measuring gives).
    if (surelyFurtherThan(a, b, inches + kContactTolerance))
        return false;
    return distance(a, b) <= inches + kContactTolerance;
}

double distance(const BaseShape &base, QPointF point)
{
    return convex::distanceToPoint(base.outline(), point);
}

bool isWithin(const BaseShape &base, QPointF point, double inches)
{
    return distance(base, point) <= inches + kContactTolerance;
}

QPointF closestPoint(const BaseShape &base, QPointF point)
{
    return convex::closestPoint(base.outline(), point);
}

} // namespace jw
