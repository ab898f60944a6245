// SPDX-License-Identifier: GPL-3.0-or-later
#include "geometry/overlapresolution.h"

#include "geometry/convex.h"
#include "geometry/measure.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace jw {

namespace {

constexpr double kOnBoundary = 1e-9;

// The centres at which `mover` would overlap `obstacle`: the interior of the obstacle
// grown by the mover's shape mirrored about its centre.
QPolygonF forbiddenCentres(const BaseShape &mover, const QPolygonF &obstacle)
{
    QPolygonF mirrored;
    const QPointF c = mover.centre();
    for (const QPointF &p : mover.outline())
        mirrored.append(c - p);
    return convex::minkowskiSum(convex::oriented(obstacle), mirrored);
}

QPolygonF rectPolygon(const QRectF &r)
{
    return QPolygonF(
        {r.topLeft(), r.topRight(), r.bottomRight(), r.bottomLeft()}); // clockwise on screen
}

struct Interval
{
    double lo;
    double hi;
};

// The open interval of t for which p + t d is strictly inside the convex polygon.
std::optional<Interval> insideInterval(const QPolygonF &convexPolygon, QPointF p, QPointF d)
{
    double lo = -std::numeric_limits<double>::infinity();
    double hi = std::numeric_limits<double>::infinity();
    for (const convex::HalfPlane &h : convex::halfPlanes(convexPolygon)) {
        const double denom = convex::dot(h.normal, d);
        const double num = h.offset - convex::dot(h.normal, p);
        if (std::abs(denom) < 1e-12) {
            if (num <= 0.0)
                return std::nullopt;
        } else if (denom > 0.0) {
            hi = std::min(hi, num / denom);
        } else {
            lo = std::max(lo, num / denom);
        }
    }
    if (lo >= hi)
        return std::nullopt;
    return Interval {lo, hi};
}

std::optional<QPointF> segmentIntersection(QPointF a, QPointF b, QPointF c, QPointF d)
{
    const QPointF r = b - a;
    const QPointF s = d - c;
    const double denom = convex::cross(r, s);
    if (std::abs(denom) < 1e-15)
        return std::nullopt;
    const double t = convex::cross(c - a, s) / denom;
    const double u = convex::cross(c - a, r) / denom;
    if (t < -kOnBoundary || t > 1.0 + kOnBoundary || u < -kOnBoundary || u > 1.0 + kOnBoundary)
        return std::nullopt;
    return a + t * r;
}

// Every point where the boundaries of two polygons cross.
void addCrossings(const QPolygonF &a, const QPolygonF &b, QPolygonF &out)
{
    const qsizetype na = a.size();
    const qsizetype nb = b.size();
    for (qsizetype i = 0; i < na; ++i) {
        for (qsizetype j = 0; j < nb; ++j) {
            if (const auto x = segmentIntersection(a[i], a[(i + 1) % na], b[j], b[(j + 1) % nb]))
                out.append(*x);
        }
    }
}

// Points of the polygon's outline closest to p, edge by edge, and its corners.
void addOutlineCandidates(const QPolygonF &polygon, QPointF p, QPolygonF &out)
{
    const qsizetype n = polygon.size();
    for (qsizetype i = 0; i < n; ++i) {
        out.append(convex::closestPointOnSegment(p, polygon[i], polygon[(i + 1) % n]));
        out.append(polygon[i]);
    }
}

// Convex regions, with their boxes and half-planes computed once: a table of
// many bases tests many points against many regions. A point outside a region's
// box is not inside it, and outlines whose boxes do not meet cannot cross (the
// margin is wider than the tolerances).
class Regions
{
public:
    explicit Regions(std::vector<QPolygonF> polygons)
        : m_polygons(std::move(polygons))
    {
        constexpr double kMargin = 1e-6;
        m_boxes.reserve(m_polygons.size());
        m_planes.reserve(m_polygons.size());
        for (const QPolygonF &f : m_polygons) {
            m_boxes.push_back(f.boundingRect().adjusted(-kMargin, -kMargin, kMargin, kMargin));
            m_planes.push_back(convex::halfPlanes(f));
        }
    }
    [[nodiscard]] std::size_t size() const { return m_polygons.size(); }
    [[nodiscard]] const QPolygonF &operator[](std::size_t i) const { return m_polygons[i]; }
    [[nodiscard]] const QRectF &box(std::size_t i) const { return m_boxes[i]; }

    // As convex::depthOf(region, p) > kOnBoundary for any region.
    [[nodiscard]] bool strictlyInside(QPointF p) const
    {
        for (std::size_t i = 0; i < m_polygons.size(); ++i) {
            if (!m_planes[i].empty() && !m_boxes[i].contains(p))
                continue;
            double depth = std::numeric_limits<double>::infinity();
            for (const convex::HalfPlane &h : m_planes[i])
                depth = std::min(depth, -h.signedDistance(p));
            if (depth > kOnBoundary)
                return true;
        }
        return false;
    }

private:
    std::vector<QPolygonF> m_polygons;
    std::vector<QRectF> m_boxes;
    std::vector<std::vector<convex::HalfPlane>> m_planes;
};

// The candidate nearest to `from` that is in no region (and within `allowed`);
// of equally near ones the first. Tried nearest first: the first free one wins.
std::optional<QPointF> nearestFree(const QPolygonF &candidates, QPointF from,
                                   const Regions &regions, const std::optional<QPolygonF> &allowed)
{
    std::vector<std::pair<double, qsizetype>> byDistance;
    byDistance.reserve(std::size_t(candidates.size()));
    for (qsizetype i = 0; i < candidates.size(); ++i)
        byDistance.emplace_back(convex::length(candidates[i] - from), i);
    std::sort(byDistance.begin(), byDistance.end());
    for (const auto &[d, i] : byDistance) {
        const QPointF p = candidates[i];
        if (regions.strictlyInside(p))
            continue;
        if (allowed && !convex::contains(*allowed, p, kOnBoundary))
            continue;
        return p;
    }
    return std::nullopt;
}

std::vector<QPolygonF> outlines(const std::vector<BaseShape> &bases)
{
    std::vector<QPolygonF> out;
    out.reserve(bases.size());
    for (const BaseShape &b : bases)
        out.push_back(b.outline());
    return out;
}

} // namespace

bool isMoverRepositioned(const BaseSize &mover, const BaseSize &other)
{
    const BaseShape a(mover, {});
    const BaseShape b(other, {});
    return a.area() <= b.area() + kContactTolerance;
}

Placement capitalOverlapPlacement(const BaseShape &repositioned, const BaseShape &other,
                                  CapitalOverlapReading reading)
{
    const double direction = reading == CapitalOverlapReading::PassThrough
        ? repositioned.facing()
        : repositioned.facing() + 180.0;
    const double travel = clearanceDistance(repositioned, direction, {other});
    return repositioned.placement().translated(travel * facingVector(direction));
}

double clearanceDistance(const BaseShape &base, double facing,
                         const std::vector<BaseShape> &obstacles)
{
    const QPointF d = facingVector(facing);
    std::vector<Interval> blocked;
    for (const BaseShape &o : obstacles) {
        if (const auto i = insideInterval(forbiddenCentres(base, o.outline()), base.centre(), d))
            blocked.push_back(*i);
    }
    // Overlapping by no more than kContactTolerance is touching.
    double t = 0.0;
    for (bool moved = true; moved;) {
        moved = false;
        for (const Interval &i : blocked) {
            if (i.lo + kContactTolerance < t && t < i.hi - kContactTolerance) {
                t = i.hi;
                moved = true;
            }
        }
    }
    return t;
}

Placement squadronOverlapPlacement(const BaseShape &squadron, const BaseShape &ship, double gap)
{
    const auto c = nearestClearCentre(squadron, std::vector<QPolygonF> {ship.outline()}, gap);
    Placement p = squadron.placement();
    if (c)
        p.setCentre(*c);
    return p;
}

std::optional<QPointF> nearestClearCentre(const BaseShape &mover,
                                          const std::vector<QPolygonF> &obstacles, double gap,
                                          std::optional<QRectF> area)
{
    const QPointF c0 = mover.centre();
    std::vector<QPolygonF> forbidden;
    forbidden.reserve(obstacles.size());
    for (const QPolygonF &o : obstacles)
        forbidden.push_back(convex::grown(forbiddenCentres(mover, o), std::max(gap, 0.0)));

    // Where the centre may go so that the base stays within the area.
    std::optional<QPolygonF> allowed;
    if (area) {
        const QRectF box = mover.boundingRect();
        const QRectF centres(
            QPointF(area->left() + (c0.x() - box.left()), area->top() + (c0.y() - box.top())),
            QPointF(area->right() - (box.right() - c0.x()),
                    area->bottom() - (box.bottom() - c0.y())));
        if (centres.width() < -kOnBoundary || centres.height() < -kOnBoundary)
            return std::nullopt;
        allowed = rectPolygon(centres);
    }

    // The nearest free point is c0 itself, or on the outline of the free region: the
    // nearest point of one edge, or a corner where two outlines cross.
    const Regions regions(std::move(forbidden));
    QPolygonF candidates {c0};
    for (size_t i = 0; i < regions.size(); ++i) {
        addOutlineCandidates(regions[i], c0, candidates);
        for (size_t j = i + 1; j < regions.size(); ++j)
            if (regions.box(i).intersects(regions.box(j)))
                addCrossings(regions[i], regions[j], candidates);
        if (allowed)
            addCrossings(regions[i], *allowed, candidates);
    }
    if (allowed)
        addOutlineCandidates(*allowed, c0, candidates);
    return nearestFree(candidates, c0, regions, allowed);
}

std::optional<QPointF> nearestClearCentre(const BaseShape &mover,
                                          const std::vector<BaseShape> &obstacles, double gap,
                                          std::optional<QRectF> area)
{
    return nearestClearCentre(mover, outlines(obstacles), gap, area);
}

std::optional<QPointF> nearestContactCentre(const BaseShape &mover, const BaseShape &target,
                                            QPointF desired,
                                            const std::vector<BaseShape> &obstacles)
{
    const QPolygonF contact = forbiddenCentres(mover, target.outline());
    std::vector<QPolygonF> forbidden;
    for (const BaseShape &o : obstacles)
        forbidden.push_back(forbiddenCentres(mover, o.outline()));

    const Regions regions(std::move(forbidden));
    const QRectF contactBox = contact.boundingRect().adjusted(-1e-6, -1e-6, 1e-6, 1e-6);
    QPolygonF candidates;
    addOutlineCandidates(contact, desired, candidates);
    for (size_t i = 0; i < regions.size(); ++i)
        if (contactBox.intersects(regions.box(i)))
            addCrossings(contact, regions[i], candidates);
    return nearestFree(candidates, desired, regions, std::nullopt);
}

} // namespace jw
