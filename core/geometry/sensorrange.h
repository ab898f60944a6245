// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "geometry/baseshape.h"
#include "units/unit.h"

#include <QPainterPath>
#include <QPolygonF>

// Attack ranges (Attack: Sensor Range). There are no weapon ranges: Anti-Capital (AC)
// attacks reach 6" at Short Range and Anti-Squadron (AS) attacks 3"; every point of Sensors
// adds 3" of Long Range beyond that. Distances are between bases (measure.h).

namespace jw {

enum class AttackKind {
    AntiCapital, // AC: the target is a capital ship
    AntiSquadron // AS: the target is a squadron
};

// AntiCapital against capital ships, AntiSquadron against exo-armor and fighters.
[[nodiscard]] AttackKind attackKindAgainst(UnitType targetType);

// Where a target stands for an attack. (Not units/weaponodds.h's RangeBand, which only
// knows the two bands the odds are shown for.)
enum class SensorRange {
    Short,
    Long,
    OutOfRange
};
[[nodiscard]] QString sensorRangeName(SensorRange band); // "Short", "Long", "Out of range"

inline constexpr double kShortRangeAntiCapital = 6.0;
inline constexpr double kShortRangeAntiSquadron = 3.0;
inline constexpr double kLongRangePerSensor = 3.0;

// 6" (AC) or 3" (AS).
[[nodiscard]] double shortRange(AttackKind kind);
// The end of Long Range: shortRange + 3" per Sensors point (Sensors 0 or less: no Long
// Range). An Alexander (Sensors 3) reaches 15" against capital ships, 12" against squadrons.
[[nodiscard]] double maxRange(AttackKind kind, int sensors);

// Short when the distance is at most the short range (the boundary is Short), Long up to
// and including the maximum, beyond that out of range. Boundaries within kContactTolerance.
[[nodiscard]] SensorRange sensorRange(double distance, double shortRange, double maxRange);
[[nodiscard]] SensorRange sensorRange(double distance, AttackKind kind, int sensors);
[[nodiscard]] SensorRange sensorRange(const BaseShape &attacker, const BaseShape &target,
                                      AttackKind kind, int sensors);

// For drawing: every point within `radius` of the base, i.e. the base outline pushed out by
// the radius (a rounded rectangle for a capital ship, a rounded hexagon for a squadron).
// A target is within that range when any part of its base reaches into this area.
[[nodiscard]] QPainterPath rangeOutline(const BaseShape &base, double radius);
// The same as a polygon, the rounded corners as chords at most maxError inside the arcs.
[[nodiscard]] QPolygonF rangeOutlinePolygon(const BaseShape &base, double radius,
                                            double maxError = 0.005);

} // namespace jw
