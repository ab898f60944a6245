// SPDX-License-Identifier: GPL-3.0-or-later
#include "geometry/convex.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>

namespace jw::convex {

namespace {

constexpr double kEpsilon = 1e-12;
// Two vertices closer than this are the same vertex.
constexpr double kSamePoint = 1e-9;

QPointF rotatedClockwise(QPointF v, double radians)
{
    const double c = std::cos(radians);
    const double s = std::sin(radians);
    return {v.x() * c - v.y() * s, v.x() * s + v.y() * c};
}

// The angle Qt's arcTo() uses: counter-clockwise on screen from 3 o'clock, degrees.
double qtAngle(QPointF v)
{
    return std::atan2(-v.y(), v.x()) * 180.0 / std::numbers::pi;
}

struct Range
{
    double min = std::numeric_limits<double>::infinity();
    double max = -std::numeric_limits<double>::infinity();
};

Range project(const QPolygonF &polygon, QPointF axis)
{
    Range r;
    for (const QPointF &p : polygon) {
        const double d = p.x() * axis.x() + p.y() * axis.y();
        r.min = std::min(r.min, d);
        r.max = std::max(r.max, d);
    }
    return r;
}

struct ClosestPair
{
    double distance = std::numeric_limits<double>::infinity();
    QPointF onA;
    QPointF onB;
};

// Inlined here (the exported closestPointOnSegment() is the same code): the kernel's inner
// loops call it thousands of times a decision.
inline QPointF closestOnSegment(QPointF p, QPointF a, QPointF b)
{
    const QPointF d = b - a;
    const double len2 = d.x() * d.x() + d.y() * d.y();
    if (len2 < kEpsilon * kEpsilon)
        return a;
    const QPointF pa = p - a;
    const double t = std::clamp((pa.x() * d.x() + pa.y() * d.y()) / len2, 0.0, 1.0);
    return a + t * d;
}

// The outward normal of the edge a -> b, as outwardNormal().
inline QPointF edgeNormal(QPointF a, QPointF b)
{
    const QPointF d = b - a;
    const double len = std::hypot(d.x(), d.y());
    if (len < kEpsilon)
        return {};
    return {d.y() / len, -d.x() / len};
}

// Vertices of one polygon against the edges of the other: for disjoint convex polygons
// one of these pairs is a closest pair.
//
// The length (hypot) of a pair is only taken when its squared length, cheaper, does not
// already show it longer than the best so far: a pair skipped that way is longer by far
// more than the rounding of either (a relative margin of 1e-9 against a few 1e-16), so it
// would not have been taken; the result is the same, to the last bit, as measuring every
// pair. Below 1e-100 (squares near underflow) every pair is measured.
void closestVertexEdge(const QPolygonF &vertices, const QPolygonF &edges, bool swap,
                       ClosestPair &best)
{
    const qsizetype n = edges.size();
    const QPointF *e = edges.constData();
    double bound = best.distance > 1e-100 ? best.distance * best.distance * (1.0 + 1e-9)
                                          : std::numeric_limits<double>::infinity();
    for (const QPointF &v : vertices) {
        for (qsizetype i = 0; i < n; ++i) {
            const QPointF q = closestOnSegment(v, e[i], e[i + 1 < n ? i + 1 : 0]);
            const QPointF w = q - v;
            if (w.x() * w.x() + w.y() * w.y() > bound)
                continue;
            const double d = std::hypot(w.x(), w.y());
            if (d < best.distance) {
                best.distance = d;
                best.onA = swap ? q : v;
                best.onB = swap ? v : q;
                bound = d > 1e-100 ? d * d * (1.0 + 1e-9) : std::numeric_limits<double>::infinity();
            }
        }
    }
}

// For bases (at most 2 x 6 x 6 pairs): every pair's squared length first, then the length
// (hypot) only of the pairs within a relative 1e-9 of the shortest square, in the order
// closestVertexEdge() takes them, the first shortest kept as there. A pair left out is
// longer than the shortest by far more than the rounding of either, so it would not have
// been kept: the same pair and distance, to the last bit, with one or two square roots
// instead of one a pair. Near 0 (squares below 1e-200) every pair is measured.
constexpr qsizetype kMaxPairs = 128;

ClosestPair closestPair(const QPolygonF &a, const QPolygonF &b)
{
    const qsizetype na = a.size();
    const qsizetype nb = b.size();
    if (2 * na * nb > kMaxPairs) {
        ClosestPair best;
        closestVertexEdge(a, b, false, best);
        closestVertexEdge(b, a, true, best);
        return best;
    }
    struct Pair
    {
        QPointF v; // the vertex
        QPointF q; // the closest point of the edge
        double d2;
    };
    std::array<Pair, kMaxPairs> pairs;
    qsizetype count = 0;
    double shortest = std::numeric_limits<double>::infinity();
    const auto collect = [&](const QPolygonF &vertices, const QPolygonF &edges) {
        const qsizetype n = edges.size();
        const QPointF *e = edges.constData();
        for (const QPointF &v : vertices) {
            for (qsizetype i = 0; i < n; ++i) {
                const QPointF q = closestOnSegment(v, e[i], e[i + 1 < n ? i + 1 : 0]);
                const QPointF w = q - v;
                const double d2 = w.x() * w.x() + w.y() * w.y();
                pairs[std::size_t(count++)] = {v, q, d2};
                if (d2 < shortest)
                    shortest = d2;
            }
        }
    };
    collect(a, b);
    const qsizetype fromB = count; // the pairs after this one are b's vertices (swapped)
    collect(b, a);
    const double bound
        = shortest >= 1e-200 ? shortest * (1.0 + 1e-9) : std::numeric_limits<double>::infinity();
    ClosestPair best;
    for (qsizetype k = 0; k < count; ++k) {
        const Pair &p = pairs[std::size_t(k)];
        if (p.d2 > bound)
            continue;
        const QPointF w = p.q - p.v;
        const double d = std::hypot(w.x(), w.y());
        if (d < best.distance) {
            best.distance = d;
            best.onA = k < fromB ? p.v : p.q;
            best.onB = k < fromB ? p.q : p.v;
        }
    }
    return best;
}

// The vertices of a convex polygon furthest along direction n (a vertex or an edge).
QPolygonF supportFace(const QPolygonF &convex, QPointF n)
{
    const Range r = project(convex, n);
    QPolygonF face;
    for (const QPointF &p : convex) {
        if (dot(p, n) >= r.max - kSamePoint)
            face.append(p);
    }
    return face;
}

} // namespace

double HalfPlane::signedDistance(QPointF p) const
{
    return dot(normal, p) - offset;
}

double dot(QPointF a, QPointF b)
{
    return a.x() * b.x() + a.y() * b.y();
}

double cross(QPointF a, QPointF b)
{
    return a.x() * b.y() - a.y() * b.x();
}

double length(QPointF v)
{
    return std::hypot(v.x(), v.y());
}

double signedArea(const QPolygonF &polygon)
{
    const qsizetype n = polygon.size();
    double sum = 0.0;
    for (qsizetype i = 0; i < n; ++i)
        sum += cross(polygon[i], polygon[(i + 1) % n]);
    return sum / 2.0;
}

double area(const QPolygonF &polygon)
{
    return std::abs(signedArea(polygon));
}

double perimeter(const QPolygonF &polygon)
{
    const qsizetype n = polygon.size();
    double sum = 0.0;
    for (qsizetype i = 0; i < n; ++i)
        sum += length(polygon[(i + 1) % n] - polygon[i]);
    return sum;
}

QPolygonF oriented(QPolygonF polygon)
{
    if (polygon.size() > 1 && polygon.isClosed())
        polygon.removeLast();
    if (signedArea(polygon) < 0.0)
        std::reverse(polygon.begin(), polygon.end());
    return polygon;
}

QPointF outwardNormal(QPointF a, QPointF b)
{
    const QPointF d = b - a;
    const double len = length(d);
    if (len < kEpsilon)
        return {};
    return {d.y() / len, -d.x() / len};
}

std::vector<HalfPlane> halfPlanes(const QPolygonF &convex)
{
    std::vector<HalfPlane> planes;
    const qsizetype n = convex.size();
    planes.reserve(size_t(n));
    for (qsizetype i = 0; i < n; ++i) {
        const QPointF a = convex[i];
        const QPointF normal = outwardNormal(a, convex[(i + 1) % n]);
        if (normal.isNull())
            continue;
        planes.push_back({normal, dot(normal, a)});
    }
    return planes;
}

QPointF closestPointOnSegment(QPointF p, QPointF a, QPointF b)
{
    const QPointF d = b - a;
    const double len2 = dot(d, d);
    if (len2 < kEpsilon * kEpsilon)
        return a;
    const double t = std::clamp(dot(p - a, d) / len2, 0.0, 1.0);
    return a + t * d;
}

double segmentDistance(QPointF a, QPointF b, QPointF c, QPointF d)
{
    if (segmentsIntersect(a, b, c, d, 0.0))
        return 0.0;
    return std::min(
        {length(closestPointOnSegment(a, c, d) - a), length(closestPointOnSegment(b, c, d) - b),
         length(closestPointOnSegment(c, a, b) - c), length(closestPointOnSegment(d, a, b) - d)});
}

bool segmentsIntersect(QPointF a, QPointF b, QPointF c, QPointF d, double tolerance)
{
    const double d1 = cross(b - a, c - a);
    const double d2 = cross(b - a, d - a);
    const double d3 = cross(d - c, a - c);
    const double d4 = cross(d - c, b - c);
    if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)))
        return true;
    // Collinear or touching cases: an endpoint on (or within tolerance of) the other segment.
    const double reach = std::max(tolerance, kEpsilon);
    return length(closestPointOnSegment(a, c, d) - a) <= reach
        || length(closestPointOnSegment(b, c, d) - b) <= reach
        || length(closestPointOnSegment(c, a, b) - c) <= reach
        || length(closestPointOnSegment(d, a, b) - d) <= reach;
}

bool contains(const QPolygonF &convex, QPointF p, double tolerance)
{
    if (convex.isEmpty())
        return false;
    return depthOf(convex, p) >= -tolerance;
}

double depthOf(const QPolygonF &convex, QPointF p)
{
    // halfPlanes(convex), without building them.
    double depth = std::numeric_limits<double>::infinity();
    const qsizetype n = convex.size();
    const QPointF *o = convex.constData();
    for (qsizetype i = 0; i < n; ++i) {
        const QPointF a = o[i];
        const QPointF normal = edgeNormal(a, o[i + 1 < n ? i + 1 : 0]);
        if (normal.isNull())
            continue;
        const HalfPlane h {normal, dot(normal, a)};
        depth = std::min(depth, -h.signedDistance(p));
    }
    return depth;
}

double distanceToPoint(const QPolygonF &convex, QPointF p)
{
    return length(closestPoint(convex, p) - p);
}

QPointF closestPoint(const QPolygonF &convex, QPointF p)
{
    if (convex.isEmpty())
        return p;
    if (depthOf(convex, p) >= 0.0)
        return p;
    const qsizetype n = convex.size();
    QPointF best = convex.first();
    double bestDistance = std::numeric_limits<double>::infinity();
    for (qsizetype i = 0; i < n; ++i) {
        const QPointF q = closestPointOnSegment(p, convex[i], convex[(i + 1) % n]);
        const double d = length(q - p);
        if (d < bestDistance) {
            bestDistance = d;
            best = q;
        }
    }
    return best;
}

double distanceToOutline(const QPolygonF &polygon, QPointF p)
{
    const qsizetype n = polygon.size();
    double best = std::numeric_limits<double>::infinity();
    for (qsizetype i = 0; i < n; ++i)
        best = std::min(best,
                        length(closestPointOnSegment(p, polygon[i], polygon[(i + 1) % n]) - p));
    return best;
}

Penetration penetration(const QPolygonF &a, const QPolygonF &b)
{
    // halfPlanes() of each polygon in turn, without building them.
    Penetration result {std::numeric_limits<double>::infinity(), {}};
    const auto test = [&](const QPolygonF &owner) {
        const qsizetype n = owner.size();
        const QPointF *o = owner.constData();
        for (qsizetype i = 0; i < n; ++i) {
            const QPointF normal = edgeNormal(o[i], o[i + 1 < n ? i + 1 : 0]);
            if (normal.isNull())
                continue;
            const Range ra = project(a, normal);
            const Range rb = project(b, normal);
            const double overlap = std::min(ra.max - rb.min, rb.max - ra.min);
            if (overlap < result.depth)
                result = {overlap, normal};
        }
    };
    test(a);
    test(b);
    return result;
}

double distance(const QPolygonF &a, const QPolygonF &b)
{
    if (a.isEmpty() || b.isEmpty())
        return std::numeric_limits<double>::infinity();
    if (penetration(a, b).depth >= 0.0)
        return 0.0;
    return closestPair(a, b).distance;
}

QLineF closestSegment(const QPolygonF &a, const QPolygonF &b)
{
    if (a.isEmpty() || b.isEmpty())
        return {};
    if (penetration(a, b).depth < 0.0) {
        const ClosestPair pair = closestPair(a, b);
        const QPointF v = pair.onB - pair.onA;
        const double len = length(v);
        if (len > kSamePoint) {
            // The closest vector of two disjoint convex sets is unique; the closest points
            // on A are the stretch of A's face toward B that B's face covers, shifted by v.
            const QPointF n = v / len;
            const QPointF t(-n.y(), n.x());
            Range onA;
            for (const QPointF &p : supportFace(a, n)) {
                onA.min = std::min(onA.min, dot(p - pair.onA, t));
                onA.max = std::max(onA.max, dot(p - pair.onA, t));
            }
            Range onB;
            for (const QPointF &q : supportFace(b, -n)) {
                onB.min = std::min(onB.min, dot(q - v - pair.onA, t));
                onB.max = std::max(onB.max, dot(q - v - pair.onA, t));
            }
            const double lo = std::max(onA.min, onB.min);
            const double hi = std::min(onA.max, onB.max);
            const QPointF p = lo <= hi ? pair.onA + ((lo + hi) / 2.0) * t : pair.onA;
            return {p, p + v};
        }
    }
    const QPointF c = centreOf(intersection(a, b, kSamePoint));
    return {c, c};
}

QPolygonF clipped(const QPolygonF &subject, const HalfPlane &plane, double tolerance)
{
    QPolygonF out;
    const qsizetype n = subject.size();
    if (n == 0)
        return out;
    out.reserve(n + 2);
    const auto side = [&](QPointF p) {
        return plane.signedDistance(p) - tolerance;
    };
    for (qsizetype i = 0; i < n; ++i) {
        const QPointF s = subject[(i + n - 1) % n];
        const QPointF e = subject[i];
        const double ds = side(s);
        const double de = side(e);
        if (de <= 0.0) {
            if (ds > 0.0)
                out.append(s + (ds / (ds - de)) * (e - s));
            out.append(e);
        } else if (ds <= 0.0) {
            if (ds < 0.0)
                out.append(s + (ds / (ds - de)) * (e - s));
        }
    }
    return out;
}

QPolygonF clipped(const QPolygonF &subject, const std::vector<HalfPlane> &planes, double tolerance)
{
    QPolygonF out = subject;
    for (const HalfPlane &h : planes) {
        out = clipped(out, h, tolerance);
        if (out.isEmpty())
            break;
    }
    return out;
}

QPolygonF intersection(const QPolygonF &subject, const QPolygonF &convex, double tolerance)
{
    return clipped(subject, halfPlanes(convex), tolerance);
}

QPointF centreOf(const QPolygonF &polygon)
{
    const qsizetype n = polygon.size();
    if (n == 0)
        return {};
    const double a = signedArea(polygon);
    // A sliver thinner than a few millionths (bases touching within the tolerance) has no
    // reliable centroid: treat it as a segment.
    if (std::abs(a) > 1e-6 * perimeter(polygon)) {
        QPointF sum;
        for (qsizetype i = 0; i < n; ++i) {
            const QPointF p = polygon[i];
            const QPointF q = polygon[(i + 1) % n];
            sum += (p + q) * cross(p, q);
        }
        return sum / (6.0 * a);
    }
    QPointF first = polygon.first();
    QPointF second = first;
    double furthest = -1.0;
    for (qsizetype i = 0; i < n; ++i) {
        for (qsizetype j = i + 1; j < n; ++j) {
            const double d = length(polygon[j] - polygon[i]);
            if (d > furthest) {
                furthest = d;
                first = polygon[i];
                second = polygon[j];
            }
        }
    }
    return (first + second) / 2.0;
}

QPolygonF hull(const QPolygonF &points)
{
    std::vector<QPointF> p(points.cbegin(), points.cend());
    std::sort(p.begin(), p.end(), [](QPointF a, QPointF b) {
        return a.x() < b.x() || (a.x() == b.x() && a.y() < b.y());
    });
    p.erase(std::unique(p.begin(), p.end(),
                        [](QPointF a, QPointF b) { return length(a - b) <= kSamePoint; }),
            p.end());
    if (p.size() < 3)
        return QPolygonF(QList<QPointF>(p.begin(), p.end()));
    // Andrew's monotone chain; cross > 0 keeps strict turns only (no collinear vertices).
    std::vector<QPointF> h(2 * p.size());
    size_t k = 0;
    for (size_t i = 0; i < p.size(); ++i) {
        while (k >= 2 && cross(h[k - 1] - h[k - 2], p[i] - h[k - 2]) <= kEpsilon)
            --k;
        h[k++] = p[i];
    }
    for (size_t i = p.size() - 1, lower = k + 1; i > 0; --i) {
        while (k >= lower && cross(h[k - 1] - h[k - 2], p[i - 1] - h[k - 2]) <= kEpsilon)
            --k;
        h[k++] = p[i - 1];
    }
    h.resize(k - 1);
    return oriented(QPolygonF(QList<QPointF>(h.begin(), h.end())));
}

QPolygonF minkowskiSum(const QPolygonF &a, const QPolygonF &b)
{
    QPolygonF sums;
    sums.reserve(a.size() * b.size());
    for (const QPointF &p : a) {
        for (const QPointF &q : b)
            sums.append(p + q);
    }
    return hull(sums);
}

QPolygonF grown(const QPolygonF &convex, double d)
{
    const qsizetype n = convex.size();
    if (n < 3 || d == 0.0)
        return convex;
    QPolygonF out;
    out.reserve(n);
    for (qsizetype i = 0; i < n; ++i) {
        const QPointF v = convex[i];
        const QPointF n1 = outwardNormal(convex[(i + n - 1) % n], v);
        const QPointF n2 = outwardNormal(v, convex[(i + 1) % n]);
        // The corner moves by m with m.n1 = m.n2 = d.
        out.append(v + (d / (1.0 + dot(n1, n2))) * (n1 + n2));
    }
    return out;
}

QPolygonF roundedOffset(const QPolygonF &convex, double radius, double maxError)
{
    const qsizetype n = convex.size();
    if (n < 3 || radius <= 0.0)
        return convex;
    const double step
        = maxError < radius ? 2.0 * std::acos(1.0 - maxError / radius) : std::numbers::pi / 2.0;
    QPolygonF out;
    for (qsizetype i = 0; i < n; ++i) {
        const QPointF v = convex[i];
        const QPointF nIn = outwardNormal(convex[(i + n - 1) % n], v);
        const QPointF nOut = outwardNormal(v, convex[(i + 1) % n]);
        const double turn = std::atan2(cross(nIn, nOut), dot(nIn, nOut));
        const int pieces = std::max(1, int(std::ceil(turn / step)));
        for (int k = 0; k <= pieces; ++k)
            out.append(v + radius * rotatedClockwise(nIn, turn * k / pieces));
    }
    return out;
}

QPainterPath roundedOffsetPath(const QPolygonF &convex, double radius)
{
    QPainterPath path;
    const qsizetype n = convex.size();
    if (n < 3 || radius <= 0.0) {
        path.addPolygon(convex);
        path.closeSubpath();
        return path;
    }
    for (qsizetype i = 0; i < n; ++i) {
        const QPointF v = convex[i];
        const QPointF nIn = outwardNormal(convex[(i + n - 1) % n], v);
        const QPointF nOut = outwardNormal(v, convex[(i + 1) % n]);
        const double turn = std::atan2(cross(nIn, nOut), dot(nIn, nOut));
        if (i == 0)
            path.moveTo(v + radius * nIn);
        const QRectF circle(v.x() - radius, v.y() - radius, 2.0 * radius, 2.0 * radius);
        // Clockwise on screen is a negative sweep for arcTo().
        path.arcTo(circle, qtAngle(nIn), -turn * 180.0 / std::numbers::pi);
        path.lineTo(convex[(i + 1) % n] + radius * nOut);
    }
    path.closeSubpath();
    return path;
}

QPolygonF circumscribedPolygon(QPointF centre, double radius, int sides)
{
    sides = std::max(sides, 3);
    const double corner = radius / std::cos(std::numbers::pi / sides);
    QPolygonF out;
    out.reserve(sides);
    for (int k = 0; k < sides; ++k) {
        const double a = 2.0 * std::numbers::pi * (k + 0.5) / sides;
        out.append(centre + corner * QPointF(std::cos(a), std::sin(a)));
    }
    return out;
}

} // namespace jw::convex
