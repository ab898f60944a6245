// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLineF>
#include <QPainterPath>
#include <QPointF>
#include <QPolygonF>

#include <vector>

// The polygon kernel under the geometry module. Bases are convex polygons (hexagons and
// rectangles), so every query has an exact, small answer.
//
// Polygons are QPolygonF, not closed (the first vertex is not repeated), oriented clockwise
// on screen (y down), which is a positive shoelace area. Functions that take a "convex"
// polygon need that orientation (oriented() gives it); "polygon" means any simple polygon.

namespace jw::convex {

// {x : normal . x <= offset}, normal of unit length, pointing out of the kept side.
struct HalfPlane
{
    QPointF normal;
    double offset = 0.0;

    [[nodiscard]] double signedDistance(QPointF p) const; // > 0 outside
};

[[nodiscard]] double dot(QPointF a, QPointF b);
// > 0 when b is clockwise (on screen) from a.
[[nodiscard]] double cross(QPointF a, QPointF b);
[[nodiscard]] double length(QPointF v);

[[nodiscard]] double signedArea(const QPolygonF &polygon); // > 0: clockwise on screen
[[nodiscard]] double area(const QPolygonF &polygon);
[[nodiscard]] double perimeter(const QPolygonF &polygon);
// Clockwise on screen, without a closing vertex.
[[nodiscard]] QPolygonF oriented(QPolygonF polygon);

// The outward unit normal of the edge a -> b of a clockwise polygon.
[[nodiscard]] QPointF outwardNormal(QPointF a, QPointF b);
[[nodiscard]] std::vector<HalfPlane> halfPlanes(const QPolygonF &convex);

[[nodiscard]] QPointF closestPointOnSegment(QPointF p, QPointF a, QPointF b);
[[nodiscard]] double segmentDistance(QPointF a, QPointF b, QPointF c, QPointF d);
// Closed segments, within tolerance.
[[nodiscard]] bool segmentsIntersect(QPointF a, QPointF b, QPointF c, QPointF d, double tolerance);

// Points on the outline count as inside, within tolerance.
[[nodiscard]] bool contains(const QPolygonF &convex, QPointF p, double tolerance);
// How far p is inside: > 0 inside, < 0 outside (exact inside; outside only a lower bound
// of the distance, use distanceToPoint() there).
[[nodiscard]] double depthOf(const QPolygonF &convex, QPointF p);
// 0 inside.
[[nodiscard]] double distanceToPoint(const QPolygonF &convex, QPointF p);
// p itself when inside.
[[nodiscard]] QPointF closestPoint(const QPolygonF &convex, QPointF p);
// Distance to the outline of any polygon (inside or out).
[[nodiscard]] double distanceToOutline(const QPolygonF &polygon, QPointF p);

// Separating axis test. depth > 0: the interiors overlap and depth is the shortest
// translation that separates them (the penetration depth); depth <= 0: separated by at
// least -depth along axis.
struct Penetration
{
    double depth = 0.0;
    QPointF axis;
};
[[nodiscard]] Penetration penetration(const QPolygonF &a, const QPolygonF &b);

// 0 when the polygons touch or overlap.
[[nodiscard]] double distance(const QPolygonF &a, const QPolygonF &b);
// From a to b between their closest points. When several closest segments exist (facing
// parallel edges) the one through the middle of their common stretch. When the polygons
// touch or overlap, a null-length line at the middle of the common part.
[[nodiscard]] QLineF closestSegment(const QPolygonF &a, const QPolygonF &b);

// Sutherland-Hodgman. The subject may be any polygon; the area of the result is right
// even for a concave subject (bridges along the clip line have no area). tolerance
// widens the kept side, so a subject touching the clip line keeps the touching point.
[[nodiscard]] QPolygonF clipped(const QPolygonF &subject, const HalfPlane &plane,
                                double tolerance = 0.0);
[[nodiscard]] QPolygonF clipped(const QPolygonF &subject, const std::vector<HalfPlane> &planes,
                                double tolerance = 0.0);
// The part of subject inside a convex polygon.
[[nodiscard]] QPolygonF intersection(const QPolygonF &subject, const QPolygonF &convex,
                                     double tolerance = 0.0);

// The centroid of the area; for a polygon with no area to speak of (a segment, a point or a
// sliver, as where two bases touch), the middle of its two furthest vertices.
[[nodiscard]] QPointF centreOf(const QPolygonF &polygon);

[[nodiscard]] QPolygonF hull(const QPolygonF &points);
[[nodiscard]] QPolygonF minkowskiSum(const QPolygonF &a, const QPolygonF &b);
// Every edge pushed out by d, corners mitred (a superset of the rounded offset).
[[nodiscard]] QPolygonF grown(const QPolygonF &convex, double d);
// The outline at distance radius around a convex polygon (straight edges, circular
// corners), the corners as chords no further than maxError inside the true arc.
[[nodiscard]] QPolygonF roundedOffset(const QPolygonF &convex, double radius,
                                      double maxError = 0.005);
// The same with true circular arcs.
[[nodiscard]] QPainterPath roundedOffsetPath(const QPolygonF &convex, double radius);
// A regular polygon around a circle (circumscribed: the circle touches every edge).
[[nodiscard]] QPolygonF circumscribedPolygon(QPointF centre, double radius, int sides = 64);

} // namespace jw::convex
