// SPDX-License-Identifier: GPL-3.0-or-later
#include "geometry/terrainshape.h"

#include "geometry/convex.h"
#include "geometry/geometry.h"

#include <algorithm>
#include <limits>

namespace jw {

namespace {

// Overlaps thinner than this (square inches) are touching.
constexpr double kAreaTolerance = 1e-9;

} // namespace

TerrainShape TerrainShape::circle(QPointF centre, double diameter)
{
    TerrainShape t;
    t.m_kind = Kind::Circle;
    t.m_centre = centre;
    t.m_radius = diameter / 2.0;
    return t;
}

TerrainShape TerrainShape::polygon(const QPolygonF &outline)
{
    TerrainShape t;
    t.m_kind = Kind::Polygon;
    t.m_outline = convex::oriented(outline);
    return t;
}

TerrainShape TerrainShape::rectangle(const QRectF &rect)
{
    return polygon(
        QPolygonF({rect.topLeft(), rect.topRight(), rect.bottomRight(), rect.bottomLeft()}));
}

QRectF TerrainShape::boundingRect() const
{
    if (m_kind == Kind::Circle)
        return {m_centre.x() - m_radius, m_centre.y() - m_radius, 2 * m_radius, 2 * m_radius};
    return m_outline.boundingRect();
}

QPainterPath TerrainShape::path() const
{
    QPainterPath p;
    if (m_kind == Kind::Circle) {
        p.addEllipse(m_centre, m_radius, m_radius);
    } else {
        p.addPolygon(m_outline);
        p.closeSubpath();
    }
    return p;
}

bool TerrainShape::contains(QPointF point) const
{
    if (m_kind == Kind::Circle)
        return convex::length(point - m_centre) <= m_radius + kContactTolerance;
    if (m_outline.size() < 3)
        return false;
    return m_outline.containsPoint(point, Qt::OddEvenFill)
        || convex::distanceToOutline(m_outline, point) <= kContactTolerance;
}

QPolygonF TerrainShape::obstacleOutline() const
{
    if (m_kind == Kind::Circle)
        return convex::circumscribedPolygon(m_centre, m_radius);
    return convex::hull(m_outline);
}

TerrainShape TerrainShape::translated(QPointF offset) const
{
    TerrainShape t = *this;
    t.m_centre += offset;
    t.m_outline.translate(offset);
    return t;
}

TerrainShape atmosphereBand(TableEdge edge, double depth, const QRectF &table)
{
    return TerrainShape::rectangle(standardDeploymentZone(edge, depth, table));
}

QPointF contactCentre(const BaseShape &base, const TerrainShape &terrain)
{
    const QPointF centre = base.centre();
    if (distance(base, terrain) <= kContactTolerance)
        return centre;
    const QPolygonF b = base.outline();
    if (terrain.kind() == TerrainShape::Kind::Circle) {
        const QPointF p = convex::closestPoint(b, terrain.centre());
        const QPointF towards = terrain.centre() - p;
        const double length = convex::length(towards);
        const double gap = length - terrain.radius();
        return centre + towards / length * gap;
    }
    const QLineF between = convex::closestSegment(b, terrain.outline());
    return centre + (between.p2() - between.p1());
}

double distance(const BaseShape &base, const TerrainShape &terrain)
{
    const QPolygonF b = base.outline();
    if (terrain.kind() == TerrainShape::Kind::Circle)
        return std::max(0.0, convex::distanceToPoint(b, terrain.centre()) - terrain.radius());
    const QPolygonF t = terrain.outline();
    if (t.size() < 3)
        return std::numeric_limits<double>::infinity();
    if (std::any_of(b.cbegin(), b.cend(),
                    [&](QPointF p) { return t.containsPoint(p, Qt::OddEvenFill); })
        || std::any_of(t.cbegin(), t.cend(), [&](QPointF p) { return convex::contains(b, p, 0); }))
        return 0.0;
    double best = std::numeric_limits<double>::infinity();
    for (qsizetype i = 0; i < b.size(); ++i) {
        for (qsizetype j = 0; j < t.size(); ++j) {
            best = std::min(
                best,
                convex::segmentDistance(b[i], b[(i + 1) % b.size()], t[j], t[(j + 1) % t.size()]));
        }
    }
    return best;
}

bool isWithin(const BaseShape &base, const TerrainShape &terrain, double inches)
{
    return distance(base, terrain) <= inches + kContactTolerance;
}

bool overlaps(const BaseShape &base, const TerrainShape &terrain)
{
    return overlaps(base.outline(), terrain);
}

bool overlaps(const QPolygonF &convexArea, const TerrainShape &terrain)
{
    const QPolygonF area = convex::oriented(convexArea);
    if (terrain.kind() == TerrainShape::Kind::Circle) {
        if (convex::depthOf(area, terrain.centre()) >= 0.0)
            return terrain.radius() > 0.0 || convex::depthOf(area, terrain.centre()) > 0.0;
        return convex::distanceToPoint(area, terrain.centre())
            < terrain.radius() - kContactTolerance;
    }
    return convex::area(convex::intersection(terrain.outline(), area)) > kAreaTolerance;
}

bool isWhollyWithin(const BaseShape &base, const TerrainShape &terrain)
{
    if (terrain.kind() == TerrainShape::Kind::Circle) {
        const QPolygonF b = base.outline();
        return std::all_of(b.cbegin(), b.cend(), [&](QPointF p) {
            return convex::length(p - terrain.centre()) <= terrain.radius() + kContactTolerance;
        });
    }
    return isWhollyWithin(base, terrain.outline());
}

} // namespace jw
