// SPDX-License-Identifier: GPL-3.0-or-later
#include "geometry/kineticcorridor.h"

#include "geometry/convex.h"
#include "geometry/geometry.h"
#include "geometry/measure.h"

#include <algorithm>

namespace jw {

QLineF corridorAxis(const BaseShape &attacker, const BaseShape &primary)
{
    return closestSegment(attacker, primary);
}

QPolygonF corridor(const BaseShape &attacker, const BaseShape &primary, double width)
{
    const QLineF axis = corridorAxis(attacker, primary);
    const double len = axis.length();
    if (len <= kContactTolerance || width <= 0.0)
        return {};
    const QPointF along = (axis.p2() - axis.p1()) / len;
    const QPointF side = QPointF(-along.y(), along.x()) * (width / 2.0);
    return convex::oriented(
        QPolygonF({axis.p1() + side, axis.p2() + side, axis.p2() - side, axis.p1() - side}));
}

std::vector<int> basesTouchingCorridor(const BaseShape &attacker, const BaseShape &primary,
                                       const std::vector<BaseShape> &others, double width)
{
    const QPolygonF line = corridor(attacker, primary, width);
    if (line.isEmpty())
        return {};
    struct Hit
    {
        int index;
        double distance;
    };
    std::vector<Hit> hits;
    // A base whose box is further from the corridor's than the tolerance (and a margin) is
    // further from the corridor too: not measured.
    constexpr double margin = 2 * kContactTolerance + 1e-6;
    const QRectF lineBox = line.boundingRect().adjusted(-margin, -margin, margin, margin);
    for (size_t i = 0; i < others.size(); ++i) {
        const BaseShape &other = others[i];
        if (other == attacker || other == primary)
            continue;
        const QPolygonF outline = other.outline();
        if (!lineBox.intersects(outline.boundingRect()))
            continue;
        if (convex::distance(line, outline) <= kContactTolerance)
            hits.push_back({int(i), distance(attacker, other)});
    }
    std::stable_sort(hits.begin(), hits.end(),
                     [](const Hit &a, const Hit &b) { return a.distance > b.distance; });
    std::vector<int> result;
    result.reserve(hits.size());
    for (const Hit &h : hits)
        result.push_back(h.index);
    return result;
}

} // namespace jw
