// SPDX-License-Identifier: GPL-3.0-or-later
#include "geometry/sensorrange.h"

#include "geometry/convex.h"
#include "geometry/geometry.h"
#include "geometry/measure.h"

#include <algorithm>

namespace jw {

AttackKind attackKindAgainst(UnitType targetType)
{
    return targetType == UnitType::Capital ? AttackKind::AntiCapital : AttackKind::AntiSquadron;
}

QString sensorRangeName(SensorRange band)
{
    switch (band) {
    case SensorRange::Short:
        return QStringLiteral("Short");
    case SensorRange::Long:
        return QStringLiteral("Long");
    case SensorRange::OutOfRange:
        break;
    }
    return QStringLiteral("Out of range");
}

double shortRange(AttackKind kind)
{
    return kind == AttackKind::AntiCapital ? kShortRangeAntiCapital : kShortRangeAntiSquadron;
}

double maxRange(AttackKind kind, int sensors)
{
    return shortRange(kind) + kLongRangePerSensor * std::max(sensors, 0);
}

SensorRange sensorRange(double distance, double shortRange, double maxRange)
{
    if (distance <= shortRange + kContactTolerance)
        return SensorRange::Short;
    if (distance <= maxRange + kContactTolerance)
        return SensorRange::Long;
    return SensorRange::OutOfRange;
}

SensorRange sensorRange(double distance, AttackKind kind, int sensors)
{
    return sensorRange(distance, shortRange(kind), maxRange(kind, sensors));
}

SensorRange sensorRange(const BaseShape &attacker, const BaseShape &target, AttackKind kind,
                        int sensors)
{
    return sensorRange(distance(attacker, target), kind, sensors);
}

QPainterPath rangeOutline(const BaseShape &base, double radius)
{
    return convex::roundedOffsetPath(base.outline(), radius);
}

QPolygonF rangeOutlinePolygon(const BaseShape &base, double radius, double maxError)
{
    return convex::roundedOffset(base.outline(), radius, maxError);
}

} // namespace jw
