// SPDX-License-Identifier: GPL-3.0-or-later
#include "geometry/movement.h"

#include "geometry/convex.h"

#include <algorithm>
#include <cmath>

namespace jw {

namespace {

constexpr double kTurnTolerance = 1e-6; // degrees
constexpr double kSweepStep = 5.0; // degrees

QPolygonF hullOf(const QPolygonF &a, const QPolygonF &b)
{
    QPolygonF both = a;
    both += b;
    return convex::hull(both);
}

} // namespace

bool isLegalTurn(double degrees)
{
    return std::abs(degrees) <= kMaxTurnDegrees + kTurnTolerance;
}

Placement advance(const Placement &placement, double inches)
{
    return placement.advanced(inches);
}

Placement turned(const Placement &placement, double degrees)
{
    return placement.turned(degrees);
}

double CapitalMovePlan::totalDistance() const
{
    double sum = 0.0;
    for (const MoveLeg &leg : legs)
        sum += leg.distance;
    return sum;
}

int CapitalMovePlan::turnCount() const
{
    return int(std::count_if(legs.cbegin(), legs.cend(),
                             [](const MoveLeg &leg) { return leg.turn != 0.0; }));
}

CapitalMoveResult CapitalMovePlan::evaluate(const Placement &start) const
{
    CapitalMoveResult r;
    Placement p = start;
    r.path.append(p.centre());
    r.placements.push_back(p);
    for (size_t i = 0; i < legs.size(); ++i) {
        const MoveLeg &leg = legs[i];
        const bool forward = leg.distance >= 0.0;
        const bool legalTurn = isLegalTurn(leg.turn);
        if ((!forward || !legalTurn) && r.firstIllegalLeg < 0)
            r.firstIllegalLeg = int(i);
        r.forwardOnly = r.forwardOnly && forward;
        r.turnsLegal = r.turnsLegal && legalTurn;
        if (leg.distance != 0.0) {
            p = p.advanced(leg.distance);
            r.path.append(p.centre());
            r.distance += leg.distance;
        }
        if (leg.turn != 0.0) {
            p = p.turned(leg.turn);
            ++r.turns;
        }
        r.placements.push_back(p);
    }
    r.finalPlacement = p;
    return r;
}

std::vector<QPolygonF> sweptArea(const BaseShape &start, const CapitalMovePlan &plan)
{
    std::vector<QPolygonF> pieces;
    BaseShape base = start;
    for (const MoveLeg &leg : plan.legs) {
        if (leg.distance != 0.0) {
            const BaseShape moved = base.placedAt(base.placement().advanced(leg.distance));
            pieces.push_back(hullOf(base.outline(), moved.outline()));
            base = moved;
        }
        if (leg.turn != 0.0) {
            const int steps = std::max(1, int(std::ceil(std::abs(leg.turn) / kSweepStep)));
            QPolygonF points = base.outline();
            for (int k = 1; k <= steps; ++k)
                points += base.placedAt(base.placement().turned(leg.turn * k / steps)).outline();
            pieces.push_back(convex::hull(points));
            base = base.placedAt(base.placement().turned(leg.turn));
        }
    }
    return pieces;
}

double pathLength(const QPolygonF &path)
{
    double sum = 0.0;
    for (qsizetype i = 1; i < path.size(); ++i)
        sum += convex::length(path[i] - path[i - 1]);
    return sum;
}

QPointF pointAlong(const QPolygonF &path, double distance)
{
    if (path.isEmpty())
        return {};
    double left = std::max(distance, 0.0);
    for (qsizetype i = 1; i < path.size(); ++i) {
        const QPointF d = path[i] - path[i - 1];
        const double len = convex::length(d);
        if (left <= len)
            return len > 0.0 ? path[i - 1] + (left / len) * d : path[i];
        left -= len;
    }
    return path.last();
}

QPolygonF truncatedPath(const QPolygonF &path, double maxLength)
{
    if (path.isEmpty())
        return path;
    QPolygonF out {path.first()};
    double left = std::max(maxLength, 0.0);
    for (qsizetype i = 1; i < path.size(); ++i) {
        const QPointF d = path[i] - path[i - 1];
        const double len = convex::length(d);
        if (len >= left) {
            if (left > 0.0)
                out.append(path[i - 1] + (left / len) * d);
            return out;
        }
        out.append(path[i]);
        left -= len;
    }
    return out;
}

std::vector<QPolygonF> sweptArea(const BaseShape &squadron, const QPolygonF &path)
{
    std::vector<QPolygonF> pieces;
    for (qsizetype i = 1; i < path.size(); ++i) {
        pieces.push_back(hullOf(squadron.placedAt(Placement(path[i - 1])).outline(),
                                squadron.placedAt(Placement(path[i])).outline()));
    }
    return pieces;
}

} // namespace jw
