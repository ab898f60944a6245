// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "geometry/baseshape.h"

#include <QMetaType>
#include <QPointF>
#include <QString>
#include <QTest>

#include <cmath>
#include <numbers>

Q_DECLARE_METATYPE(jw::BaseShape)

// Test data for the geometry tests: bases written as on the table, and comparisons of
// computed geometry with values worked out by hand.
namespace jw::test {

inline constexpr double kClose = 1e-9;
// The circumradius of a 1" (flat to flat) hex: the centre to a corner.
inline const double kHexR = 1.0 / std::sqrt(3.0);
inline const double kSqrt2 = std::sqrt(2.0);
inline constexpr double kPi = std::numbers::pi;

inline BaseShape hexAt(double x, double y)
{
    return BaseShape(BaseSize {true, 1.0, 1.0}, Placement(QPointF(x, y)));
}

inline BaseShape shipAt(double width, double length, double x, double y, double facing = 0.0)
{
    return BaseShape(BaseSize {false, width, length}, Placement(QPointF(x, y), facing));
}

// A point given in a ship's own terms (u inches toward the Fore, v toward Starboard),
// written with the rotation worked out independently of the code under test: facing f
// points along (sin f, -cos f); Starboard is 90 degrees clockwise, (cos f, sin f).
inline QPointF shipPoint(QPointF centre, double facing, double u, double v)
{
    const double a = facing * kPi / 180.0;
    return centre + QPointF(u * std::sin(a) + v * std::cos(a), -u * std::cos(a) + v * std::sin(a));
}

inline bool near(double a, double b, double tolerance = kClose)
{
    return std::abs(a - b) <= tolerance;
}

inline bool near(QPointF a, QPointF b, double tolerance = kClose)
{
    return std::hypot(a.x() - b.x(), a.y() - b.y()) <= tolerance;
}

inline QString show(double v)
{
    return QString::number(v, 'g', 12);
}

inline QString show(QPointF p)
{
    return QStringLiteral("(%1, %2)").arg(show(p.x()), show(p.y()));
}

} // namespace jw::test

// QCOMPARE for doubles is relative (useless near 0): compare absolutely, show both values.
#define JW_COMPARE_NEAR(actual, expected, tolerance) \
    QVERIFY2(jw::test::near((actual), (expected), (tolerance)), \
             qPrintable(QStringLiteral("actual %1, expected %2") \
                            .arg(jw::test::show(actual), jw::test::show(expected))))
#define JW_COMPARE_CLOSE(actual, expected) JW_COMPARE_NEAR(actual, expected, jw::test::kClose)
