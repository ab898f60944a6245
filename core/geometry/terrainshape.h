// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "geometry/baseshape.h"
#include "geometry/zones.h"

#include <QPainterPath>
#include <QPointF>
#include <QPolygonF>
#include <QRectF>

// The shapes of terrain (Terrain): Model terrain and tokens are discs (Large Asteroid,
// Comet Body and Wreck 2-4" across, Mines 40 mm), Area terrain is any simple polygon (an
// irregular template; Atmosphere a band along a table edge). Edge terrain (Planet) is a
// table edge: see tableEdgeLine() and isLineWhollyInArc().

namespace jw {

inline constexpr double kMineTokenDiameter = 40.0 / 25.4; // 40 mm

class TerrainShape
{
public:
    enum class Kind {
        Circle,
        Polygon
    };

    TerrainShape() = default; // an empty polygon
    [[nodiscard]] static TerrainShape circle(QPointF centre, double diameter);
    [[nodiscard]] static TerrainShape polygon(const QPolygonF &outline);
    [[nodiscard]] static TerrainShape rectangle(const QRectF &rect);

    [[nodiscard]] Kind kind() const { return m_kind; }
    [[nodiscard]] QPointF centre() const { return m_centre; } // Circle
    [[nodiscard]] double radius() const { return m_radius; } // Circle
    [[nodiscard]] QPolygonF outline() const { return m_outline; } // Polygon, clockwise

    [[nodiscard]] QRectF boundingRect() const;
    [[nodiscard]] QPainterPath path() const; // for drawing
    // The outline counts as inside.
    [[nodiscard]] bool contains(QPointF point) const;
    // A convex polygon covering the terrain, for nearestClearCentre() when a model avoids
    // terrain "by treating it as an overlapping model" (a circle's circumscribed polygon,
    // a template's convex hull).
    [[nodiscard]] QPolygonF obstacleOutline() const;
    // Translated (a Comet moving).
    [[nodiscard]] TerrainShape translated(QPointF offset) const;

    friend bool operator==(const TerrainShape &, const TerrainShape &) = default;

private:
    Kind m_kind = Kind::Polygon;
    QPointF m_centre;
    double m_radius = 0.0;
    QPolygonF m_outline;
};

// Atmosphere: "a rectangular band extending 3-6" out from the table edge".
[[nodiscard]] TerrainShape atmosphereBand(TableEdge edge, double depth,
                                          const QRectF &table = tableRect());

// Base to terrain, as between models: 0 when touching or overlapping.
[[nodiscard]] double distance(const BaseShape &base, const TerrainShape &terrain);
// Where `base` stands after moving straight into contact with `terrain` (a
// circle, or a convex polygon), by the shortest way: the translation from the
// base's closest point to the terrain's. Its centre; the base's own centre when
// it touches or overlaps the terrain already.
[[nodiscard]] QPointF contactCentre(const BaseShape &base, const TerrainShape &terrain);
// "Within 3" of a Large Asteroid": distance <= inches (within kContactTolerance).
[[nodiscard]] bool isWithin(const BaseShape &base, const TerrainShape &terrain, double inches);
// The interiors overlap (touching is not overlapping).
[[nodiscard]] bool overlaps(const BaseShape &base, const TerrainShape &terrain);
// The same for a convex area, e.g. a piece of sweptArea(): moving through terrain.
[[nodiscard]] bool overlaps(const QPolygonF &convexArea, const TerrainShape &terrain);
// Every part of the base inside the terrain (the outline counts as inside).
[[nodiscard]] bool isWhollyWithin(const BaseShape &base, const TerrainShape &terrain);

} // namespace jw
