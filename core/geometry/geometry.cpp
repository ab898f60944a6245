// SPDX-License-Identifier: GPL-3.0-or-later
#include "geometry/geometry.h"

#include <cmath>
#include <numbers>

namespace jw {

namespace {
constexpr double kDegree = std::numbers::pi / 180.0;
}

QRectF tableRect()
{
    return {0.0, 0.0, kTableSize, kTableSize};
}

double normalizedFacing(double degrees)
{
    double f = std::fmod(degrees, 360.0);
    if (f < 0.0)
        f += 360.0;
    if (f >= 360.0) // -1e-17 + 360 rounds to 360
        f = 0.0;
    return f;
}

QPointF facingVector(double facing)
{
    const double a = facing * kDegree;
    return {std::sin(a), -std::cos(a)};
}

double facingOfVector(QPointF vector)
{
    if (vector.x() == 0.0 && vector.y() == 0.0)
        return 0.0;
    return normalizedFacing(std::atan2(vector.x(), -vector.y()) / kDegree);
}

double turnBetween(double fromFacing, double toFacing)
{
    double d = normalizedFacing(toFacing - fromFacing);
    if (d > 180.0)
        d -= 360.0;
    return d;
}

} // namespace jw
