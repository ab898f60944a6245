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

bool strictlyInsideAny(const std::vector<QPolygonF> &regions, QPointF p)
{
    return std::any_of(regions.cbegin(), regions.cend(), [&](const QPolygonF &region) {
        return convex::depthOf(region, p) > kOnBoundary;
    });
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
    // nearest point of one edge, or a corner where two outlines cross. Outlines far
    // apart cannot cross, and a point outside a region's box is not inside it: the
    // boxes (a margin wider than the tolerances) spare the pairs and the tests that
    // cannot matter, which makes a table of many bases affordable.
    constexpr double kMargin = 1e-6;
    std::vector<QRectF> boxes;
    std::vector<std::vector<convex::HalfPlane>> planes;
    boxes.reserve(forbidden.size());
    planes.reserve(forbidden.size());
    for (const QPolygonF &f : forbidden) {
        boxes.push_back(f.boundingRect().adjusted(-kMargin, -kMargin, kMargin, kMargin));
        planes.push_back(convex::halfPlanes(f));
    }
    QPolygonF candidates {c0};
    for (size_t i = 0; i < forbidden.size(); ++i) {
        addOutlineCandidates(forbidden[i], c0, candidates);
        for (size_t j = i + 1; j < forbidden.size(); ++j)
            if (boxes[i].intersects(boxes[j]))
                addCrossings(forbidden[i], forbidden[j], candidates);
        if (allowed)
            addCrossings(forbidden[i], *allowed, candidates);
    }
    if (allowed)
        addOutlineCandidates(*allowed, c0, candidates);

    // The nearest candidate that is free; of equally near ones the first found.
    const auto strictlyInside = [&](QPointF p) {
        for (size_t i = 0; i < forbidden.size(); ++i) {
            if (!planes[i].empty() && !boxes[i].contains(p))
                continue;
            double depth = std::numeric_limits<double>::infinity();
            for (const convex::HalfPlane &h : planes[i])
                depth = std::min(depth, -h.signedDistance(p));
            if (depth > kOnBoundary)
                return true;
        }
        return false;
    };
    std::vector<std::pair<double, qsizetype>> byDistance;
    byDistance.reserve(size_t(candidates.size()));
    for (qsizetype i = 0; i < candidates.size(); ++i)
        byDistance.emplace_back(convex::length(candidates[i] - c0), i);
    std::sort(byDistance.begin(), byDistance.end());
    for (const auto &[d, i] : byDistance) {
        const QPointF p = candidates[i];
        if (strictlyInside(p))
            continue;
        if (allowed && !convex::contains(*allowed, p, kOnBoundary))
            continue;
        return p;
    }
    return std::nullopt;
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

    QPolygonF candidates;
    addOutlineCandidates(contact, desired, candidates);
    for (const QPolygonF &f : forbidden)
        addCrossings(contact, f, candidates);

    std::optional<QPointF> best;
    double bestDistance = std::numeric_limits<double>::infinity();
    for (const QPointF &p : candidates) {
        if (strictlyInsideAny(forbidden, p))
            continue;
        const double d = convex::length(p - desired);
        if (d < bestDistance) {
            bestDistance = d;
            best = p;
        }
    }
    return best;
}

} // namespace jw
