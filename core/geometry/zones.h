// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "geometry/baseshape.h"
#include "geometry/geometry.h"

#include <QLineF>
#include <QList>
#include <QPainterPath>
#include <QPointF>
#include <QPolygonF>
#include <QRectF>

// Table areas (Scenarios: Deployment Zone; Deployment: "The model must be wholly contained
// within the Deployment Zone").

namespace jw {

enum class TableEdge {
    Top,
    Right,
    Bottom,
    Left
};
enum class TableCorner {
    TopLeft,
    TopRight,
    BottomRight,
    BottomLeft
};

[[nodiscard]] TableEdge oppositeEdge(TableEdge edge);
[[nodiscard]] TableCorner oppositeCorner(TableCorner corner); // diagonally opposite
// The edge as a segment, clockwise round the table (Top runs left to right).
[[nodiscard]] QLineF tableEdgeLine(TableEdge edge, const QRectF &table = tableRect());

inline constexpr double kStandardDeploymentDepth = 12.0;
inline constexpr double kBeaconZoneRadius = 3.0;
inline constexpr double kBeaconSpacing = 12.0;

// Standard Deployment Zone: "a 12" strip extending from their table edge".
[[nodiscard]] QRectF standardDeploymentZone(TableEdge edge, double depth = kStandardDeploymentDepth,
                                            const QRectF &table = tableRect());
// Corner Deployment Zone: the table divided into equal 2' x 2' quadrants.
[[nodiscard]] QRectF cornerDeploymentZone(TableCorner corner, const QRectF &table = tableRect());

// Every part of the base inside the zone; the zone's boundary counts as inside (a base
// flush with the 12" line is within), within kContactTolerance.
[[nodiscard]] bool isWhollyWithin(const BaseShape &base, const QRectF &zone);
// The same for any simple polygon (concave area templates included).
[[nodiscard]] bool isWhollyWithin(const BaseShape &base, const QPolygonF &zone);
[[nodiscard]] bool isWithinTable(const BaseShape &base, const QRectF &table = tableRect());

// Beacon Deployment Zone: "A model is considered to be within a player's Deployment Zone if
// it is within 3" of one of their Beacon markers". Measured as every distance in the game,
// from the closest point of the base: any part of the base within 3" of the marker. House
// ruling: the marker counts as a point (its centre); the rules give it no size.
[[nodiscard]] bool isWithinBeaconZone(const BaseShape &base, QPointF marker,
                                      double radius = kBeaconZoneRadius);
[[nodiscard]] bool isWithinBeaconZones(const BaseShape &base, const QList<QPointF> &markers,
                                       double radius = kBeaconZoneRadius);
// "Markers must be at least 12" from any other Beacon marker" (exactly 12" is allowed).
[[nodiscard]] bool isBeaconPlacementLegal(QPointF marker, const QList<QPointF> &otherMarkers,
                                          double spacing = kBeaconSpacing);
// For drawing: the circle of the marker's zone. A base's centre may stand outside it and
// still be within the zone (a part of the base reaching in is enough).
[[nodiscard]] QPainterPath beaconZonePath(QPointF marker, double radius = kBeaconZoneRadius);

} // namespace jw
