// SPDX-License-Identifier: GPL-3.0-or-later
#include "geometry/zones.h"

#include "geometry/convex.h"
#include "geometry/measure.h"

#include <algorithm>

namespace jw {

TableEdge oppositeEdge(TableEdge edge)
{
    switch (edge) {
    case TableEdge::Top:
        return TableEdge::Bottom;
    case TableEdge::Right:
        return TableEdge::Left;
    case TableEdge::Bottom:
        return TableEdge::Top;
    case TableEdge::Left:
        break;
    }
    return TableEdge::Right;
}

TableCorner oppositeCorner(TableCorner corner)
{
    switch (corner) {
    case TableCorner::TopLeft:
        return TableCorner::BottomRight;
    case TableCorner::TopRight:
        return TableCorner::BottomLeft;
    case TableCorner::BottomRight:
        return TableCorner::TopLeft;
    case TableCorner::BottomLeft:
        break;
    }
    return TableCorner::TopRight;
}

QLineF tableEdgeLine(TableEdge edge, const QRectF &table)
{
    switch (edge) {
    case TableEdge::Top:
        return {table.topLeft(), table.topRight()};
    case TableEdge::Right:
        return {table.topRight(), table.bottomRight()};
    case TableEdge::Bottom:
        return {table.bottomRight(), table.bottomLeft()};
    case TableEdge::Left:
        break;
    }
    return {table.bottomLeft(), table.topLeft()};
}

QRectF standardDeploymentZone(TableEdge edge, double depth, const QRectF &table)
{
    switch (edge) {
    case TableEdge::Top:
        return {table.left(), table.top(), table.width(), depth};
    case TableEdge::Right:
        return {table.right() - depth, table.top(), depth, table.height()};
    case TableEdge::Bottom:
        return {table.left(), table.bottom() - depth, table.width(), depth};
    case TableEdge::Left:
        break;
    }
    return {table.left(), table.top(), depth, table.height()};
}

QRectF cornerDeploymentZone(TableCorner corner, const QRectF &table)
{
    const double w = table.width() / 2.0;
    const double h = table.height() / 2.0;
    switch (corner) {
    case TableCorner::TopLeft:
        return {table.left(), table.top(), w, h};
    case TableCorner::TopRight:
        return {table.left() + w, table.top(), w, h};
    case TableCorner::BottomRight:
        return {table.left() + w, table.top() + h, w, h};
    case TableCorner::BottomLeft:
        break;
    }
    return {table.left(), table.top() + h, w, h};
}

bool isWhollyWithin(const BaseShape &base, const QRectF &zone)
{
    const double t = kContactTolerance;
    const QPolygonF outline = base.outline();
    return std::all_of(outline.cbegin(), outline.cend(), [&](QPointF p) {
        return p.x() >= zone.left() - t && p.x() <= zone.right() + t && p.y() >= zone.top() - t
            && p.y() <= zone.bottom() + t;
    });
}

bool isWhollyWithin(const BaseShape &base, const QPolygonF &zone)
{
    const QPolygonF z = convex::oriented(zone);
    if (z.size() < 3)
        return false;
    const QPolygonF outline = base.outline();
    // Every corner of the base inside (or on) the zone...
    for (const QPointF &p : outline) {
        if (!z.containsPoint(p, Qt::OddEvenFill)
            && convex::distanceToOutline(z, p) > kContactTolerance)
            return false;
    }
    // ...no corner of the zone poking into the base...
    for (const QPointF &p : z) {
        if (convex::depthOf(outline, p) > kContactTolerance)
            return false;
    }
    // ...and nothing of the base outside: the part of the zone inside the base is all of it.
    const double missing = base.area() - convex::area(convex::intersection(z, outline));
    return missing <= kContactTolerance * convex::perimeter(outline);
}

bool isWithinTable(const BaseShape &base, const QRectF &table)
{
    return isWhollyWithin(base, table);
}

bool isWithinBeaconZone(const BaseShape &base, QPointF marker, double radius)
{
    return isWithin(base, marker, radius);
}

bool isWithinBeaconZones(const BaseShape &base, const QList<QPointF> &markers, double radius)
{
    return std::any_of(markers.cbegin(), markers.cend(),
                       [&](QPointF m) { return isWithinBeaconZone(base, m, radius); });
}

bool isBeaconPlacementLegal(QPointF marker, const QList<QPointF> &otherMarkers, double spacing)
{
    return std::all_of(otherMarkers.cbegin(), otherMarkers.cend(), [&](QPointF m) {
        return convex::length(m - marker) >= spacing - kContactTolerance;
    });
}

QPainterPath beaconZonePath(QPointF marker, double radius)
{
    QPainterPath path;
    path.addEllipse(marker, radius, radius);
    return path;
}

} // namespace jw
