// SPDX-License-Identifier: GPL-3.0-or-later
#include "geometry/convex.h"
#include "geometry/movement.h"
#include "geometry/overlapresolution.h"
#include "geometry/terrainshape.h"

#include "geometrytestutil.h"

#include <QTest>

using namespace jw;
using namespace jw::test;

Q_DECLARE_METATYPE(jw::TerrainShape)

class TestGeometryTerrain : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void circleShape();
    void measureToTerrain_data();
    void measureToTerrain();
    void atmosphere();
    void movingThrough();
    void avoidingTerrain();
};

// A Large Asteroid 4" across at (20, 20).
static const TerrainShape kAsteroid = TerrainShape::circle(QPointF(20, 20), 4);
// An Asteroid Field template: an L, the square (30, 30)-(40, 40) less x > 35, y > 35.
static const TerrainShape kField = TerrainShape::polygon(
    QPolygonF(QList<QPointF> {{30, 30}, {40, 30}, {40, 35}, {35, 35}, {35, 40}, {30, 40}}));

void TestGeometryTerrain::circleShape()
{
    QCOMPARE(kAsteroid.kind(), TerrainShape::Kind::Circle);
    QCOMPARE(kAsteroid.radius(), 2.0);
    QCOMPARE(kAsteroid.boundingRect(), QRectF(18, 18, 4, 4));
    QVERIFY(kAsteroid.contains(QPointF(22, 20)));
    QVERIFY(!kAsteroid.contains(QPointF(21.5, 21.5)));
    QVERIFY(kAsteroid.path().contains(QPointF(21.4, 21.4)));
    JW_COMPARE_CLOSE(kMineTokenDiameter, 1.5748031496062993); // 40 mm
    // The circumscribed polygon: every side tangent to the circle.
    const QPolygonF o = kAsteroid.obstacleOutline();
    for (int i = 0; i < o.size(); ++i) {
        const QLineF side(o[i], o[(i + 1) % o.size()]);
        JW_COMPARE_CLOSE(
            convex::length(convex::closestPointOnSegment(QPointF(20, 20), side.p1(), side.p2())
                           - QPointF(20, 20)),
            2.0);
    }
    QCOMPARE(kAsteroid.translated(QPointF(1, 2)).centre(), QPointF(21, 22));
    QVERIFY(kField.contains(QPointF(32, 38)));
    QVERIFY(kField.contains(QPointF(35, 37))); // on the inner side
    QVERIFY(!kField.contains(QPointF(37, 37)));
}

void TestGeometryTerrain::measureToTerrain_data()
{
    QTest::addColumn<TerrainShape>("terrain");
    QTest::addColumn<BaseShape>("base");
    QTest::addColumn<double>("distance");
    QTest::addColumn<bool>("overlapping");
    QTest::addColumn<bool>("whollyWithin");
    const TerrainShape a = kAsteroid;
    // "Any model within 3" of a Large Asteroid gains the Stealth:1 trait."
    QTest::newRow("asteroid: bow 2\" below") << a << shipAt(2, 2, 20, 25) << 2.0 << false << false;
    QTest::newRow("asteroid: 3.0001 below")
        << a << shipAt(2, 2, 20, 26.0001) << 3.0001 << false << false;
    // The ship's corner (24, 24) is sqrt(32) from the centre.
    QTest::newRow("asteroid: off a corner")
        << a << shipAt(2, 2, 25, 25) << std::sqrt(32.0) - 2 << false << false;
    QTest::newRow("asteroid: touching") << a << shipAt(2, 2, 20, 23) << 0.0 << false << false;
    QTest::newRow("asteroid: overlapping") << a << shipAt(2, 2, 20, 22.9) << 0.0 << true << false;
    QTest::newRow("asteroid: hex on it") << a << hexAt(20, 20) << 0.0 << true << true;
    QTest::newRow("asteroid: hex off a flat") << a << hexAt(20, 15) << 2.5 << false << false;

    const TerrainShape f = kField;
    QTest::newRow("field: inside") << f << hexAt(32, 32) << 0.0 << true << true;
    QTest::newRow("field: in the missing corner")
        << f << hexAt(38, 38) << 3 - kHexR << false << false;
    QTest::newRow("field: touching the inner side")
        << f << shipAt(2, 2, 36, 37) << 0.0 << false << false;
    QTest::newRow("field: across the inner corner")
        << f << shipAt(2, 2, 35.5, 35.5) << 0.0 << true << false;
    QTest::newRow("field: left of it") << f << shipAt(2, 4, 25, 35) << 4.0 << false << false;
    QTest::newRow("field: covering it") << f << shipAt(14, 14, 35, 35) << 0.0 << true << false;
}

void TestGeometryTerrain::measureToTerrain()
{
    QFETCH(TerrainShape, terrain);
    QFETCH(BaseShape, base);
    QFETCH(double, distance);
    QFETCH(bool, overlapping);
    QFETCH(bool, whollyWithin);
    JW_COMPARE_CLOSE(jw::distance(base, terrain), distance);
    QCOMPARE(overlaps(base, terrain), overlapping);
    QCOMPARE(isWhollyWithin(base, terrain), whollyWithin);
    QVERIFY(isWithin(base, terrain, distance));
    QVERIFY(!isWithin(base, terrain, distance - 0.0001) || distance == 0.0);
}

void TestGeometryTerrain::atmosphere()
{
    // "an area terrain region extending 3-6" out from the table edge in a rectangular band"
    const TerrainShape band = atmosphereBand(TableEdge::Top, 3);
    QCOMPARE(band.boundingRect(), QRectF(0, 0, 48, 3));
    QVERIFY(overlaps(shipAt(2, 2, 24, 3.9), band));
    QVERIFY(!overlaps(shipAt(2, 2, 24, 4), band)); // touching
    QCOMPARE(atmosphereBand(TableEdge::Right, 6).boundingRect(), QRectF(42, 0, 6, 48));
}

void TestGeometryTerrain::movingThrough()
{
    // A 2x2 ship facing 90 at (24, 32) moving 8" sweeps x 23 to 33, y 31 to 33: into the
    // field's upper part (x from 30, y 30 to 35).
    const BaseShape ship = shipAt(2, 2, 24, 32, 90);
    const auto pieces = sweptArea(ship, CapitalMovePlan {{{8, 0}}});
    QCOMPARE(pieces.size(), size_t(1));
    QVERIFY(overlaps(pieces[0], kField));
    // Stopping 5" on, its bow reaches x = 30: touching the field, not in it.
    QVERIFY(!overlaps(sweptArea(ship, CapitalMovePlan {{{5, 0}}})[0], kField));
    // A squadron's path past the asteroid, 0.1" clear of it: not through.
    const auto past
        = sweptArea(hexAt(10, 22.6), QPolygonF(QList<QPointF> {{10, 22.6}, {30, 22.6}}));
    QVERIFY(!overlaps(past[0], kAsteroid));
    QVERIFY(
        overlaps(sweptArea(hexAt(10, 22.4), QPolygonF(QList<QPointF> {{10, 22.4}, {30, 22.4}}))[0],
                 kAsteroid));
}

void TestGeometryTerrain::avoidingTerrain()
{
    // "Any model may choose to avoid terrain by treating it as an overlapping model which is
    // larger": a hex on the asteroid's edge pushed out, clear of its circumscribed polygon.
    const auto out = jw::nearestClearCentre(hexAt(20, 21.8), {kAsteroid.obstacleOutline()}, 0.0);
    QVERIFY(out);
    // Straight down: the polygon's bottom side is tangent at y = 22, the hex's top flat
    // goes there.
    QVERIFY2(near(*out, QPointF(20, 22.5)), qPrintable(show(*out)));
}

QTEST_GUILESS_MAIN(TestGeometryTerrain)
#include "tst_geometryterrain.moc"
