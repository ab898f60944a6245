// SPDX-License-Identifier: GPL-3.0-or-later
#include "geometry/measure.h"

#include "geometry/convex.h"
#include "geometry/geometry.h"

#include "geometrytestutil.h"

#include <QPainterPath>
#include <QRandomGenerator>
#include <QTest>

#include <cstring>
#include <limits>

using namespace jw;
using namespace jw::test;

Q_DECLARE_METATYPE(jw::BaseContact)

class TestGeometryMeasure : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void distance_data();
    void distance();
    void closestSegment_data();
    void closestSegment();
    void contact_data();
    void contact();
    void overlapDepth();
    void within();
    void distanceToPoint_data();
    void distanceToPoint();
    void agreesWithSampling();
    void sameBitsAsEveryPair();
    void surelyFurther();
};

void TestGeometryMeasure::distance_data()
{
    QTest::addColumn<BaseShape>("a");
    QTest::addColumn<BaseShape>("b");
    QTest::addColumn<double>("expected");

    const double r = kHexR;
    // Hex to hex. Flat-topped hexes: corners point along x, flats face along y.
    QTest::newRow("hex/hex corner to corner") << hexAt(0, 0) << hexAt(3, 0) << 3 - 2 * r;
    QTest::newRow("hex/hex flat to flat") << hexAt(0, 0) << hexAt(0, 3) << 2.0;
    // Along 30 degrees below the x axis the slanted flats face each other.
    QTest::newRow("hex/hex slanted flats")
        << hexAt(0, 0) << hexAt(3 * std::cos(kPi / 6), 3 * std::sin(kPi / 6)) << 2.0;
    QTest::newRow("hex/hex touching flats") << hexAt(0, 0) << hexAt(0, 1) << 0.0;
    QTest::newRow("hex/hex overlapping") << hexAt(0, 0) << hexAt(0.2, 0.3) << 0.0;

    // Hex to ship.
    QTest::newRow("hex/2x2 f0 below") << hexAt(0, 0) << shipAt(2, 2, 0, 5, 0) << 3.5;
    // The diamond's left corner and the hex's right corner both lie on y = 0.
    QTest::newRow("hex/2x2 f45 corner to corner")
        << hexAt(0, 0) << shipAt(2, 2, 5, 0, 45) << 5 - kSqrt2 - r;
    QTest::newRow("hex/2x4 f90 side") << hexAt(0, 0) << shipAt(2, 4, 0, 4, 90) << 2.5;
    // A hex 6" straight ahead of a 2x4 ship facing 200: from the Fore edge (2" ahead of the
    // centre) to the hex corner nearest it. Looking back from the hex (facing 20, i.e. 290
    // degrees on screen from +x) the nearest corner is the one at 300 degrees, 10 degrees
    // off: it reaches r cos 10 toward the ship.
    QTest::newRow("hex/2x4 f200 ahead")
        << shipAt(2, 4, 20, 20, 200)
        << hexAt(20 + 6 * std::sin(200 * kPi / 180), 20 - 6 * std::cos(200 * kPi / 180))
        << 6 - 2 - r * std::cos(10 * kPi / 180);

    // Ship to ship.
    QTest::newRow("2x4 f0/2x4 f90") << shipAt(2, 4, 10, 10, 0) << shipAt(2, 4, 20, 10, 90) << 7.0;
    QTest::newRow("2x2/2x2 diagonal corners")
        << shipAt(2, 2, 0, 0) << shipAt(2, 2, 5, 5) << 3 * kSqrt2;
    QTest::newRow("2x2 f45/2x2 f0")
        << shipAt(2, 2, 0, 0, 45) << shipAt(2, 2, 5, 0, 0) << 4 - kSqrt2;
    QTest::newRow("2x4 f180/2x4 f0 stern to stern")
        << shipAt(2, 4, 10, 10, 180) << shipAt(2, 4, 10, 20, 0) << 6.0;
    // A ship facing 200 and one facing 20 on the same axis, bow to bow 5" apart.
    QTest::newRow("2x4 f200/1.5x3 f20 bow to bow")
        << shipAt(2, 4, 0, 0, 200)
        << shipAt(1.5, 3, 8.5 * std::sin(200 * kPi / 180), -8.5 * std::cos(200 * kPi / 180), 20)
        << 5.0;
    QTest::newRow("2x2 touching") << shipAt(2, 2, 0, 0) << shipAt(2, 2, 2, 0.5) << 0.0;
    QTest::newRow("2x2 overlapping") << shipAt(2, 2, 0, 0) << shipAt(2, 2, 1, 1) << 0.0;
    QTest::newRow("2x2 inside 3x5") << shipAt(2, 2, 0, 0) << shipAt(3, 5, 0, 0, 30) << 0.0;
}

void TestGeometryMeasure::distance()
{
    QFETCH(BaseShape, a);
    QFETCH(BaseShape, b);
    QFETCH(double, expected);
    JW_COMPARE_CLOSE(jw::distance(a, b), expected);
    JW_COMPARE_CLOSE(jw::distance(b, a), expected);
    // The measured segment is as long as the distance.
    JW_COMPARE_CLOSE(jw::closestSegment(a, b).length(), expected);
}

void TestGeometryMeasure::closestSegment_data()
{
    QTest::addColumn<BaseShape>("a");
    QTest::addColumn<BaseShape>("b");
    QTest::addColumn<QLineF>("expected");

    const double r = kHexR;
    QTest::newRow("hex flats") << hexAt(0, 0) << hexAt(0, 3) << QLineF(0, 0.5, 0, 2.5);
    // Facing flats offset sideways: through the middle of the stretch they share,
    // [0.3 - r/2, r/2].
    QTest::newRow("hex flats offset")
        << hexAt(0, 0) << hexAt(0.3, 3) << QLineF(0.15, 0.5, 0.15, 2.5);
    QTest::newRow("hex corners") << hexAt(0, 0) << hexAt(3, 0) << QLineF(r, 0, 3 - r, 0);
    // The Starboard side x = 11 (y 8..12) faces the other's Aft edge x = 18 (y 9..11).
    QTest::newRow("side to stern")
        << shipAt(2, 4, 10, 10, 0) << shipAt(2, 4, 20, 10, 90) << QLineF(11, 10, 18, 10);
    QTest::newRow("corner to corner")
        << shipAt(2, 2, 0, 0) << shipAt(2, 2, 5, 5) << QLineF(1, 1, 4, 4);
    QTest::newRow("corner to edge")
        << shipAt(2, 2, 0, 0, 45) << shipAt(2, 2, 5, 0.3, 0) << QLineF(kSqrt2, 0, 4, 0);
    // Touching along x = 1 from y = -0.5 to y = 1: a null line at the middle.
    QTest::newRow("touching") << shipAt(2, 2, 0, 0) << shipAt(2, 2, 2, 0.5)
                              << QLineF(1, 0.25, 1, 0.25);
}

void TestGeometryMeasure::closestSegment()
{
    QFETCH(BaseShape, a);
    QFETCH(BaseShape, b);
    QFETCH(QLineF, expected);
    const QLineF s = jw::closestSegment(a, b);
    QVERIFY2(near(s.p1(), expected.p1()), qPrintable(show(s.p1())));
    QVERIFY2(near(s.p2(), expected.p2()), qPrintable(show(s.p2())));
    // Measured the other way round: the same segment reversed.
    const QLineF back = jw::closestSegment(b, a);
    QVERIFY2(near(back.p1(), expected.p2()), qPrintable(show(back.p1())));
    QVERIFY2(near(back.p2(), expected.p1()), qPrintable(show(back.p2())));
}

void TestGeometryMeasure::contact_data()
{
    QTest::addColumn<BaseShape>("a");
    QTest::addColumn<BaseShape>("b");
    QTest::addColumn<BaseContact>("expected");

    const BaseShape a = shipAt(2, 2, 0, 0);
    QTest::newRow("apart") << a << shipAt(2, 2, 2.5, 0) << BaseContact::Apart;
    QTest::newRow("just apart (2e-6)") << a << shipAt(2, 2, 2 + 2e-6, 0) << BaseContact::Apart;
    QTest::newRow("touching exactly") << a << shipAt(2, 2, 2, 0) << BaseContact::Touching;
    QTest::newRow("gap within tolerance")
        << a << shipAt(2, 2, 2 + 5e-7, 0) << BaseContact::Touching;
    QTest::newRow("overlap within tolerance")
        << a << shipAt(2, 2, 2 - 5e-7, 0) << BaseContact::Touching;
    QTest::newRow("just overlapping (2e-6)")
        << a << shipAt(2, 2, 2 - 2e-6, 0) << BaseContact::Overlapping;
    QTest::newRow("corner to corner") << a << shipAt(2, 2, 2, 2) << BaseContact::Touching;
    QTest::newRow("inside") << shipAt(3, 5, 0, 0, 10) << hexAt(0.2, 0.1)
                            << BaseContact::Overlapping;
    QTest::newRow("hex flats touching") << hexAt(0, 0) << hexAt(0, 1) << BaseContact::Touching;
    QTest::newRow("hex corners touching")
        << hexAt(0, 0) << hexAt(2 * kHexR, 0) << BaseContact::Touching;
    QTest::newRow("hex slanted flats touching")
        << hexAt(0, 0) << hexAt(std::cos(kPi / 6), std::sin(kPi / 6)) << BaseContact::Touching;
    QTest::newRow("hex corners overlapping")
        << hexAt(0, 0) << hexAt(2 * kHexR - 0.001, 0) << BaseContact::Overlapping;
    // The diamond's right corner (sqrt 2, 0) on the left edge of a square.
    QTest::newRow("corner on edge")
        << shipAt(2, 2, 0, 0, 45) << shipAt(2, 2, 1 + kSqrt2, 0.4) << BaseContact::Touching;
    QTest::newRow("corner into edge")
        << shipAt(2, 2, 0, 0, 45) << shipAt(2, 2, 1 + kSqrt2 - 0.01, 0.4)
        << BaseContact::Overlapping;
    QTest::newRow("hex on ship's side")
        << shipAt(2, 4, 0, 0, 90) << hexAt(0.7, 1.5) << BaseContact::Touching;
}

void TestGeometryMeasure::contact()
{
    QFETCH(BaseShape, a);
    QFETCH(BaseShape, b);
    QFETCH(BaseContact, expected);
    QCOMPARE(jw::contact(a, b), expected);
    QCOMPARE(jw::contact(b, a), expected);
    QCOMPARE(overlaps(a, b), expected == BaseContact::Overlapping);
    QCOMPARE(touching(a, b), expected != BaseContact::Apart);
}

void TestGeometryMeasure::overlapDepth()
{
    JW_COMPARE_CLOSE(jw::overlapDepth(shipAt(2, 2, 0, 0), shipAt(2, 2, 1.5, 0.2)), 0.5);
    JW_COMPARE_CLOSE(jw::overlapDepth(hexAt(0, 0), hexAt(0, 0.75)), 0.25);
    JW_COMPARE_CLOSE(jw::overlapDepth(shipAt(2, 2, 0, 0), shipAt(2, 2, 3, 0)), 0.0);
}

void TestGeometryMeasure::within()
{
    const BaseShape a = shipAt(2, 2, 0, 0);
    QVERIFY(isWithin(a, shipAt(2, 2, 5, 0), 3)); // exactly 3"
    QVERIFY(!isWithin(a, shipAt(2, 2, 5.0001, 0), 3));
    QVERIFY(isWithin(a, hexAt(0, 4.5), 3));
    QVERIFY(!isWithin(a, hexAt(0, 4.5001), 3));
    QVERIFY(isWithin(a, shipAt(2, 2, 1, 1), 0)); // overlapping: 0"
}

void TestGeometryMeasure::distanceToPoint_data()
{
    QTest::addColumn<BaseShape>("base");
    QTest::addColumn<QPointF>("point");
    QTest::addColumn<double>("expected");
    QTest::addColumn<QPointF>("closest");
    const BaseShape s = shipAt(2, 2, 0, 0);
    QTest::newRow("off a corner") << s << QPointF(4, 5) << 5.0 << QPointF(1, 1);
    QTest::newRow("off an edge") << s << QPointF(0, 3) << 2.0 << QPointF(0, 1);
    QTest::newRow("inside") << s << QPointF(0.5, -0.5) << 0.0 << QPointF(0.5, -0.5);
    QTest::newRow("hex off a flat") << hexAt(0, 0) << QPointF(0, -3) << 2.5 << QPointF(0, -0.5);
    QTest::newRow("hex off a corner")
        << hexAt(0, 0) << QPointF(-3, 0) << 3 - kHexR << QPointF(-kHexR, 0);
}

void TestGeometryMeasure::distanceToPoint()
{
    QFETCH(BaseShape, base);
    QFETCH(QPointF, point);
    QFETCH(double, expected);
    QFETCH(QPointF, closest);
    JW_COMPARE_CLOSE(jw::distance(base, point), expected);
    QVERIFY(near(closestPoint(base, point), closest));
    QVERIFY(isWithin(base, point, expected));
    QVERIFY(!isWithin(base, point, expected - 0.0001));
}

// An independent check on many random pairs: the distance found by brute force over points
// spaced along both outlines, and an overlap seen by QPainterPath.
void TestGeometryMeasure::agreesWithSampling()
{
    QRandomGenerator rng(20240607);
    const auto randomBase = [&rng]() {
        const double x = rng.bounded(10.0);
        const double y = rng.bounded(10.0);
        switch (rng.bounded(4)) {
        case 0:
            return hexAt(x, y);
        case 1:
            return shipAt(2, 2, x, y, rng.bounded(360.0));
        case 2:
            return shipAt(1.5, 3, x, y, rng.bounded(360.0));
        default:
            return shipAt(3, 5, x, y, rng.bounded(360.0));
        }
    };
    const auto samples = [](const BaseShape &b) {
        const QPolygonF o = b.outline();
        QList<QPointF> points;
        for (int i = 0; i < o.size(); ++i) {
            for (int k = 0; k < 200; ++k)
                points.append(o[i] + (o[(i + 1) % o.size()] - o[i]) * (k / 200.0));
        }
        return points;
    };
    const auto pathOf = [](const BaseShape &b) {
        QPainterPath p;
        p.addPolygon(b.outline());
        p.closeSubpath();
        return p;
    };
    for (int n = 0; n < 300; ++n) {
        const BaseShape a = randomBase();
        const BaseShape b = randomBase();
        const double d = jw::distance(a, b);
        const QPainterPath pa = pathOf(a);
        const QPainterPath pb = pathOf(b);
        if (pa.intersects(pb)) {
            QCOMPARE(d, 0.0);
            continue;
        }
        double brute = 1e9;
        const QList<QPointF> sa = samples(a);
        const QList<QPointF> sb = samples(b);
        for (const QPointF &p : sa) {
            for (const QPointF &q : sb)
                brute = std::min(brute, std::hypot(p.x() - q.x(), p.y() - q.y()));
        }
        // Samples 5/200" apart at most: the brute force overshoots by less than that.
        QVERIFY2(d <= brute + 1e-9 && d >= brute - 0.03,
                 qPrintable(a.toString() + " / " + b.toString() + ": " + show(d) + " vs "
                            + show(brute)));
        const QLineF s = jw::closestSegment(a, b);
        JW_COMPARE_NEAR(s.length(), d, 1e-9);
        JW_COMPARE_NEAR(jw::distance(a, s.p1()), 0.0, 1e-9);
        JW_COMPARE_NEAR(jw::distance(b, s.p2()), 0.0, 1e-9);
    }
}

// The kernel measures the length of only the pairs that may be the shortest, and a
// rectangle's corners with one sine and cosine (for speed, issue 18): its answers must be
// those of measuring every vertex-edge pair and mapping every corner, to the last bit (the
// engine's states are compared between network peers).
void TestGeometryMeasure::sameBitsAsEveryPair()
{
    QRandomGenerator rng(20261129);
    const auto randomBase = [&rng](double spread) {
        const double x = rng.bounded(spread);
        const double y = rng.bounded(spread);
        switch (rng.bounded(4)) {
        case 0:
            return hexAt(x, y);
        case 1:
            return shipAt(2, 2, x, y,
                          rng.bounded(4) == 0 ? 90.0 * rng.bounded(4) : rng.bounded(360.0));
        case 2:
            return shipAt(1.5, 3, x, y, rng.bounded(360.0));
        default:
            return shipAt(3, 5, x, y, rng.bounded(360.0));
        }
    };
    // convex::distance as it was: every pair, in order, the first shortest kept.
    const auto everyPair = [](const QPolygonF &a, const QPolygonF &b) {
        double best = std::numeric_limits<double>::infinity();
        const auto pass = [&](const QPolygonF &vertices, const QPolygonF &edges) {
            for (const QPointF &v : vertices)
                for (qsizetype i = 0; i < edges.size(); ++i) {
                    const QPointF q
                        = convex::closestPointOnSegment(v, edges[i], edges[(i + 1) % edges.size()]);
                    const double d = convex::length(q - v);
                    if (d < best)
                        best = d;
                }
        };
        pass(a, b);
        pass(b, a);
        return best;
    };
    int apart = 0;
    for (int n = 0; n < 3000; ++n) {
        // Some far apart, most within a few inches.
        const BaseShape a = randomBase(n % 3 == 0 ? 40.0 : 8.0);
        const BaseShape b = randomBase(n % 3 == 0 ? 40.0 : 8.0);
        const Placement &pl = a.placement();
        if (a.isRectangle()) {
            const double w = a.halfWidth();
            const double l = a.halfLength();
            const QPolygonF corners({pl.mapToTable({-w, -l}), pl.mapToTable({w, -l}),
                                     pl.mapToTable({w, l}), pl.mapToTable({-w, l})});
            QCOMPARE(a.outline(), corners);
        }
        const QPolygonF pa = a.outline();
        const QPolygonF pb = b.outline();
        if (convex::penetration(pa, pb).depth >= 0.0)
            continue;
        ++apart;
        const double d = everyPair(pa, pb);
        const double got = convex::distance(pa, pb);
        QVERIFY2(std::memcmp(&got, &d, sizeof d) == 0,
                 qPrintable(a.toString() + " / " + b.toString() + ": "
                            + QString::number(got, 'g', 17) + " vs "
                            + QString::number(d, 'g', 17)));
        const QLineF s = convex::closestSegment(pa, pb);
        // Its ends move along the common stretch, but never off the pair's line of length d.
        QVERIFY(std::abs(s.length() - d) <= 1e-12);
    }
    QVERIFY(apart > 1500);
}

// surelyFurtherThan() skips a measurement: it may say true only where distance() is further.
void TestGeometryMeasure::surelyFurther()
{
    QRandomGenerator rng(4242);
    int sure = 0;
    for (int n = 0; n < 5000; ++n) {
        const auto base = [&rng]() {
            const double x = rng.bounded(12.0);
            const double y = rng.bounded(12.0);
            return rng.bounded(2)
                ? hexAt(x, y)
                : shipAt(1 + rng.bounded(3.0), 1 + rng.bounded(5.0), x, y, rng.bounded(360.0));
        };
        const BaseShape a = base();
        const BaseShape b = base();
        const double inches = rng.bounded(6.0);
        // isWithin() skips measuring such pairs: its answer is measuring's.
        QCOMPARE(isWithin(a, b, inches), jw::distance(a, b) <= inches + kContactTolerance);
        if (!surelyFurtherThan(a, b, inches))
            continue;
        ++sure;
        QVERIFY2(jw::distance(a, b) > inches,
                 qPrintable(a.toString() + " / " + b.toString() + " " + show(inches)));
    }
    QVERIFY(sure > 1000);
    // Just beyond the circles: not sure (a hex's corner circle is 1/sqrt(3)).
    QVERIFY(!surelyFurtherThan(hexAt(0, 0), hexAt(3, 0), 3 - 2 / std::sqrt(3.0)));
    QVERIFY(surelyFurtherThan(hexAt(0, 0), hexAt(3, 0), 3 - 2 / std::sqrt(3.0) - 1e-3));
}

QTEST_GUILESS_MAIN(TestGeometryMeasure)
#include "tst_geometrymeasure.moc"
