// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "geometry/placement.h"
#include "units/unit.h"

#include <QLineF>
#include <QPolygonF>
#include <QRectF>
#include <QTransform>

namespace jw {

// The base of a model on the table: its size (units/unit.h) where it stands.
//
// Squadron bases are regular hexagons 1" across the flats (inradius 0.5"), flat side up:
// two edges run parallel to the x axis, the corners point left and right (circumradius
// 1/sqrt(3)"). The hexagon never rotates (squadrons have no facing).
//
// Capital ship bases are rectangles `width` (Port-Starboard) by `length` (Fore-Aft, along
// the facing), rotated by the facing about the centre.
class BaseShape
{
public:
    BaseShape() = default; // a squadron hex at the origin
    BaseShape(const BaseSize &size, const Placement &placement);

    [[nodiscard]] static BaseShape hex(QPointF centre);
    [[nodiscard]] static BaseShape rectangle(double width, double length, QPointF centre,
                                             double facing = 0.0);

    [[nodiscard]] const BaseSize &size() const { return m_size; }
    void setSize(const BaseSize &size) { m_size = size; }
    [[nodiscard]] const Placement &placement() const { return m_placement; }
    void setPlacement(const Placement &placement) { m_placement = placement; }
    [[nodiscard]] BaseShape placedAt(const Placement &placement) const;

    [[nodiscard]] QPointF centre() const { return m_placement.centre(); }
    [[nodiscard]] double facing() const { return m_placement.facing(); }
    [[nodiscard]] bool isHex() const { return m_size.hex; }
    [[nodiscard]] bool isRectangle() const { return !m_size.hex; }

    // Half the size across (to the Port or Starboard side) and along (to the Fore or Aft
    // edge); a hex: 1/sqrt(3) (corner) and 0.5 (flat).
    [[nodiscard]] double halfWidth() const;
    [[nodiscard]] double halfLength() const;

    // The corners, clockwise on screen, not closed. A rectangle: Fore-Port, Fore-Starboard,
    // Aft-Starboard, Aft-Port. A hex: left corner, then clockwise (upper left, upper right,
    // right, lower right, lower left).
    [[nodiscard]] QPolygonF outline() const;
    [[nodiscard]] QRectF boundingRect() const;
    [[nodiscard]] double area() const;

    // Points on the outline count as inside (within kContactTolerance).
    [[nodiscard]] bool contains(QPointF point) const;

    // The edges of a rectangle, from Port to Starboard (Fore, Aft) and from Fore to Aft
    // (Port, Starboard). Null lines for a hex.
    [[nodiscard]] QLineF foreEdge() const;
    [[nodiscard]] QLineF aftEdge() const;
    [[nodiscard]] QLineF portEdge() const;
    [[nodiscard]] QLineF starboardEdge() const;

    // Maps the model's own frame (origin at the base centre, x to Starboard, y toward the
    // Aft) to the table: what a graphics item needs to draw the model at facing 0 upright.
    [[nodiscard]] QTransform transform() const;

    [[nodiscard]] QString toString() const; // "2\" x 3\" at (12, 30) facing 45"

    friend bool operator==(const BaseShape &, const BaseShape &) = default;

private:
    BaseSize m_size;
    Placement m_placement;
};

} // namespace jw
