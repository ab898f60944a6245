// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "geometry/baseshape.h"
#include "units/unit.h"

#include <QLineF>
#include <QPointF>
#include <QPolygonF>

#include <array>

// Capital ship arcs (Attack: Model Arcs; the Arc bitmask of units/unit.h).
//
// The arc lines start at the corners of the base and run outward at 45 degrees to the
// ship's axis: the Fore arc lies on or between the two lines from the front corners (a
// 90 degree arc in front of the front edge), the Aft arc on or between the two lines from
// the back corners, Port and Starboard between a front and a back line on each side. The
// four arcs cover the whole table around the base.
//
// The rulebook's figure of the arc markings is lost; 45 degree lines from the corners are
// our reading of "normally a 90 degree arc" for Fore and Aft, with Port and Starboard
// between them (house ruling).
//
// Squadrons (hex bases) have no arcs: their weapons fire in any direction, and an attacker
// is never "in their arc" for Armor or the Attack Bonus.

namespace jw {

// The one arc a point is in. A point on an arc line belongs to Fore or Aft: those arcs
// include their lines ("on or between the arc lines"). Points inside the base get the arc
// of the same rule; ArcNone for a hex.
[[nodiscard]] Arc arcOfPoint(const BaseShape &ship, QPointF point);

// Whether the point is in the arc, lines included (a point on a line between Fore and
// Starboard is in both). False for a hex.
[[nodiscard]] bool isInArc(const BaseShape &ship, Arc arc, QPointF point);

// Whether any part of the target's base lies in one of the arcs (lines included: a base
// touching an arc line is in both arcs it separates). ArcTurret always; a hex ship's
// weapons (squadrons have no arcs) always.
[[nodiscard]] bool targetInArcs(const BaseShape &ship, quint8 arcs, const BaseShape &target);
// Every arc the target has a part in (ArcNone for a hex ship).
[[nodiscard]] quint8 arcsOfTarget(const BaseShape &ship, const BaseShape &target);

// The target's arc the attacker is in, for Armor and the Attack Bonus. House ruling: the
// rules do not say how to judge an attacker straddling an arc line; we take the arc of the
// attacker's base centre (one answer, as arcOfPoint() gives it). ArcNone for a hex target.
[[nodiscard]] Arc attackerArc(const BaseShape &target, const BaseShape &attacker);

// Whether the whole segment lies in the arc (Terrain: Planet or Large Moon, "the table
// edge is entirely within the Front Arc").
[[nodiscard]] bool isLineWhollyInArc(const BaseShape &ship, Arc arc, QLineF line);

// For drawing: the part of the arc outside the base and within `radius` of it (a polygon
// between the arc lines, closed by the rounded range outline). Empty for a hex, for a
// radius <= 0 or for an Arc that is not one of the four.
[[nodiscard]] QPolygonF arcRegion(const BaseShape &ship, Arc arc, double radius);

// For drawing: the four arc lines, `length` inches from the corners, in the order of
// BaseShape::outline(): Fore-Port, Fore-Starboard, Aft-Starboard, Aft-Port corner. Null
// lines for a hex.
[[nodiscard]] std::array<QLineF, 4> arcLines(const BaseShape &ship, double length);

} // namespace jw
