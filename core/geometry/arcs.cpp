// SPDX-License-Identifier: GPL-3.0-or-later
#include "geometry/arcs.h"

#include "geometry/convex.h"
#include "geometry/geometry.h"
#include "geometry/sensorrange.h"

#include <cmath>
#include <vector>

namespace jw {

namespace {

using convex::HalfPlane;

// a*u + b*v <= k in the ship's frame (u toward the Fore, v toward Starboard, origin at
// the base centre), as a half-plane of the table.
HalfPlane localHalfPlane(const BaseShape &ship, double a, double b, double k)
{
    const Placement &p = ship.placement();
    QPointF n = a * p.forward() + b * p.starboard();
    const double len = convex::length(n);
    n /= len;
    return {n, k / len + convex::dot(n, p.centre())};
}

// The arc as half-planes (lines included). `outside` replaces the guard through the
// centre by the base edge, for drawing.
std::vector<HalfPlane> arcPlanes(const BaseShape &ship, Arc arc, bool outside = false)
{
    const double w = ship.halfWidth();
    const double l = ship.halfLength();
    switch (arc) {
    case ArcFore:
        return {localHalfPlane(ship, -1, 1, w - l), localHalfPlane(ship, -1, -1, w - l),
                localHalfPlane(ship, -1, 0, outside ? -l : 0.0)};
    case ArcAft:
        return {localHalfPlane(ship, 1, 1, w - l), localHalfPlane(ship, 1, -1, w - l),
                localHalfPlane(ship, 1, 0, outside ? -l : 0.0)};
    case ArcStarboard:
        return {localHalfPlane(ship, 1, -1, l - w), localHalfPlane(ship, -1, -1, l - w),
                localHalfPlane(ship, 0, -1, outside ? -w : 0.0)};
    case ArcPort:
        return {localHalfPlane(ship, 1, 1, l - w), localHalfPlane(ship, -1, 1, l - w),
                localHalfPlane(ship, 0, 1, outside ? -w : 0.0)};
    default:
        return {};
    }
}

bool inPlanes(const std::vector<HalfPlane> &planes, QPointF point)
{
    if (planes.empty())
        return false;
    for (const HalfPlane &h : planes) {
        if (h.signedDistance(point) > kContactTolerance)
            return false;
    }
    return true;
}

constexpr Arc kArcs[] = {ArcFore, ArcPort, ArcStarboard, ArcAft};

} // namespace

Arc arcOfPoint(const BaseShape &ship, QPointF point)
{
    if (ship.isHex())
        return ArcNone;
    if (isInArc(ship, ArcFore, point))
        return ArcFore;
    if (isInArc(ship, ArcAft, point))
        return ArcAft;
    const double v = convex::dot(point - ship.centre(), ship.placement().starboard());
    return v >= 0.0 ? ArcStarboard : ArcPort;
}

bool isInArc(const BaseShape &ship, Arc arc, QPointF point)
{
    if (ship.isHex())
        return false;
    return inPlanes(arcPlanes(ship, arc), point);
}

bool targetInArcs(const BaseShape &ship, quint8 arcs, const BaseShape &target)
{
    if (ship.isHex() || (arcs & ArcTurret) == ArcTurret)
        return true;
    return (arcsOfTarget(ship, target) & arcs) != 0;
}

quint8 arcsOfTarget(const BaseShape &ship, const BaseShape &target)
{
    if (ship.isHex())
        return ArcNone;
    const QPolygonF outline = target.outline();
    quint8 result = ArcNone;
    for (Arc arc : kArcs) {
        if (!convex::clipped(outline, arcPlanes(ship, arc), kContactTolerance).isEmpty())
            result |= arc;
    }
    return result;
}

Arc attackerArc(const BaseShape &target, const BaseShape &attacker)
{
    return arcOfPoint(target, attacker.centre());
}

bool isLineWhollyInArc(const BaseShape &ship, Arc arc, QLineF line)
{
    return isInArc(ship, arc, line.p1()) && isInArc(ship, arc, line.p2());
}

QPolygonF arcRegion(const BaseShape &ship, Arc arc, double radius)
{
    if (ship.isHex() || radius <= 0.0)
        return {};
    const std::vector<HalfPlane> planes = arcPlanes(ship, arc, true);
    if (planes.empty())
        return {};
    return convex::clipped(rangeOutlinePolygon(ship, radius), planes);
}

std::array<QLineF, 4> arcLines(const BaseShape &ship, double length)
{
    std::array<QLineF, 4> lines;
    if (ship.isHex())
        return lines;
    const QPolygonF corners = ship.outline();
    const QPointF f = ship.placement().forward();
    const QPointF s = ship.placement().starboard();
    const double d = length / std::sqrt(2.0);
    const QPointF out[4] = {d * (f - s), d * (f + s), d * (s - f), d * (-f - s)};
    for (int i = 0; i < 4; ++i)
        lines[size_t(i)] = QLineF(corners[i], corners[i] + out[i]);
    return lines;
}

} // namespace jw
