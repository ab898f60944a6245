// SPDX-License-Identifier: GPL-3.0-or-later
#include "geometry/zones.h"

#include "geometrytestutil.h"

#include <QTest>

using namespace jw;
using namespace jw::test;

Q_DECLARE_METATYPE(jw::TableEdge)
Q_DECLARE_METATYPE(jw::TableCorner)

class TestGeometryZones : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void standardZones_data();
    void standardZones();
    void cornerZones_data();
    void cornerZones();
    void tableEdges();
    void whollyWithinRect_data();
    void whollyWithinRect();
    void withinTable();
    void whollyWithinPolygon_data();
    void whollyWithinPolygon();
    void beaconZone_data();
    void beaconZone();
    void beaconPlacement();
};

void TestGeometryZones::standardZones_data()
{
    QTest::addColumn<TableEdge>("edge");
    QTest::addColumn<QRectF>("zone");
    QTest::addColumn<TableEdge>("opposite");
    // "Players may deploy in a 12" strip extending from their table edge."
    QTest::newRow("top") << TableEdge::Top << QRectF(0, 0, 48, 12) << TableEdge::Bottom;
    QTest::newRow("bottom") << TableEdge::Bottom << QRectF(0, 36, 48, 12) << TableEdge::Top;
    QTest::newRow("left") << TableEdge::Left << QRectF(0, 0, 12, 48) << TableEdge::Right;
    QTest::newRow("right") << TableEdge::Right << QRectF(36, 0, 12, 48) << TableEdge::Left;
}

void TestGeometryZones::standardZones()
{
    QFETCH(TableEdge, edge);
    QFETCH(QRectF, zone);
    QFETCH(TableEdge, opposite);
    QCOMPARE(standardDeploymentZone(edge), zone);
    QCOMPARE(oppositeEdge(edge), opposite);
}

void TestGeometryZones::cornerZones_data()
{
    QTest::addColumn<TableCorner>("corner");
    QTest::addColumn<QRectF>("zone");
    QTest::addColumn<TableCorner>("opposite");
    // "Divide the table into equal 2' x 2' quadrants ... the diagonally opposite quadrant."
    QTest::newRow("top left") << TableCorner::TopLeft << QRectF(0, 0, 24, 24)
                              << TableCorner::BottomRight;
    QTest::newRow("top right") << TableCorner::TopRight << QRectF(24, 0, 24, 24)
                               << TableCorner::BottomLeft;
    QTest::newRow("bottom right") << TableCorner::BottomRight << QRectF(24, 24, 24, 24)
                                  << TableCorner::TopLeft;
    QTest::newRow("bottom left") << TableCorner::BottomLeft << QRectF(0, 24, 24, 24)
                                 << TableCorner::TopRight;
}

void TestGeometryZones::cornerZones()
{
    QFETCH(TableCorner, corner);
    QFETCH(QRectF, zone);
    QFETCH(TableCorner, opposite);
    QCOMPARE(cornerDeploymentZone(corner), zone);
    QCOMPARE(oppositeCorner(corner), opposite);
}

void TestGeometryZones::tableEdges()
{
    QCOMPARE(tableRect(), QRectF(0, 0, 48, 48));
    QCOMPARE(tableEdgeLine(TableEdge::Top), QLineF(0, 0, 48, 0));
    QCOMPARE(tableEdgeLine(TableEdge::Right), QLineF(48, 0, 48, 48));
    QCOMPARE(tableEdgeLine(TableEdge::Bottom), QLineF(48, 48, 0, 48));
    QCOMPARE(tableEdgeLine(TableEdge::Left), QLineF(0, 48, 0, 0));
}

void TestGeometryZones::whollyWithinRect_data()
{
    QTest::addColumn<BaseShape>("base");
    QTest::addColumn<bool>("within");
    // The top zone: y 0 to 12. "The model must be wholly contained within the Deployment Zone."
    QTest::newRow("2x4 flush with the 12\" line") << shipAt(2, 4, 24, 10, 0) << true;
    QTest::newRow("2x4 over the line by 0.001") << shipAt(2, 4, 24, 10.001, 0) << false;
    QTest::newRow("2x4 across, well in") << shipAt(2, 4, 24, 6, 90) << true;
    QTest::newRow("hex flat on the line") << hexAt(24, 11.5) << true;
    QTest::newRow("hex over the line") << hexAt(24, 11.6) << false;
    QTest::newRow("hex corner on the table edge") << hexAt(kHexR, 5) << true;
    QTest::newRow("hex corner off the table") << hexAt(kHexR - 0.001, 5) << false;
    // A diamond's bottom corner sqrt 2 below its centre.
    QTest::newRow("diamond corner on the line") << shipAt(2, 2, 24, 12 - kSqrt2, 45) << true;
    QTest::newRow("diamond corner over") << shipAt(2, 2, 24, 12.001 - kSqrt2, 45) << false;
    QTest::newRow("square just inside") << shipAt(2, 2, 24, 11 - 0.01, 0) << true;
    QTest::newRow("straddling the line") << shipAt(2, 2, 24, 12, 0) << false;
    QTest::newRow("in the other zone") << shipAt(2, 2, 24, 40, 0) << false;
}

void TestGeometryZones::whollyWithinRect()
{
    QFETCH(BaseShape, base);
    QFETCH(bool, within);
    QCOMPARE(isWhollyWithin(base, standardDeploymentZone(TableEdge::Top)), within);
}

void TestGeometryZones::withinTable()
{
    QVERIFY(isWithinTable(shipAt(2, 2, 1, 24)));
    QVERIFY(!isWithinTable(shipAt(2, 2, 0.999, 24)));
    QVERIFY(isWithinTable(shipAt(2, 4, 46, 47, 90)));
    QVERIFY(!isWithinTable(shipAt(2, 4, 46, 47, 0)));
    QVERIFY(isWithinTable(hexAt(48 - kHexR, 47.5)));
    QVERIFY(!isWithinTable(hexAt(48 - kHexR + 0.001, 24)));
}

void TestGeometryZones::whollyWithinPolygon_data()
{
    QTest::addColumn<QPolygonF>("zone");
    QTest::addColumn<BaseShape>("base");
    QTest::addColumn<bool>("within");

    // An L: the square 0..10 without the corner x > 4, y > 4.
    const QPolygonF ell({{0, 0}, {10, 0}, {10, 4}, {4, 4}, {4, 10}, {0, 10}});
    QTest::newRow("L: hex in the corner") << ell << hexAt(2, 2) << true;
    QTest::newRow("L: ship in the top arm") << ell << shipAt(2, 2, 7, 2) << true;
    QTest::newRow("L: ship touching the inner corner") << ell << shipAt(2, 2, 3, 3) << true;
    QTest::newRow("L: ship over the missing corner") << ell << shipAt(2, 2, 5, 5) << false;
    QTest::newRow("L: diamond at the inner corner") << ell << shipAt(2, 2, 4, 4, 45) << false;
    QTest::newRow("L: long ship along the top arm") << ell << shipAt(2, 8, 5, 2, 90) << true;
    QTest::newRow("L: clockwise or not")
        << QPolygonF(QList<QPointF>(ell.rbegin(), ell.rend())) << shipAt(2, 2, 7, 2) << true;

    // A V notch cut down from the top edge to (5, 2).
    const QPolygonF notch({{0, 0}, {4.9, 0}, {5, 2}, {5.1, 0}, {10, 0}, {10, 4}, {0, 4}});
    // A 2x2 at (5, 3) spans y 2 to 4: the notch's tip only touches its bow edge.
    QTest::newRow("notch: tip on the edge") << notch << shipAt(2, 2, 5, 3) << true;
    // At (5, 2.5) every corner of the base is in the zone, but the tip pokes into it.
    QTest::newRow("notch: tip inside") << notch << shipAt(2, 2, 5, 2.5) << false;

    // A notch down to (5, 6), through a 2x2 at (5, 3): no corner of either in the other,
    // only the notch's sliver of base missing.
    const QPolygonF slit({{0, 0}, {4.9, 0}, {5, 6}, {5.1, 0}, {10, 0}, {10, 8}, {0, 8}});
    QTest::newRow("slit through the base") << slit << shipAt(2, 2, 5, 3) << false;
    QTest::newRow("beside the slit") << slit << shipAt(2, 2, 7, 3) << true;
    QTest::newRow("degenerate zone")
        << QPolygonF(QList<QPointF> {{0, 0}, {10, 0}}) << hexAt(2, 0) << false;
}

void TestGeometryZones::whollyWithinPolygon()
{
    QFETCH(QPolygonF, zone);
    QFETCH(BaseShape, base);
    QFETCH(bool, within);
    QCOMPARE(isWhollyWithin(base, zone), within);
}

void TestGeometryZones::beaconZone_data()
{
    QTest::addColumn<BaseShape>("base");
    QTest::addColumn<bool>("within");
    // Beacon marker at (10, 10): "within 3"" of it, measured to the closest point of the base.
    QTest::newRow("hex 2.9 away") << hexAt(10, 13.4) << true;
    QTest::newRow("hex exactly 3 away") << hexAt(10, 13.5) << true;
    QTest::newRow("hex 3.0001 away") << hexAt(10, 13.5001) << false;
    // The centre 5" away, the Port side (x = 13) 3" away: within.
    QTest::newRow("ship reaching in") << shipAt(2, 4, 15, 10, 90) << true;
    QTest::newRow("ship corner 3 away")
        << shipAt(2, 2, 11 + 3 / kSqrt2, 11 + 3 / kSqrt2, 0) << true;
    QTest::newRow("ship corner beyond")
        << shipAt(2, 2, 11.001 + 3 / kSqrt2, 11 + 3 / kSqrt2, 0) << false;
    QTest::newRow("on the marker") << shipAt(2, 2, 10, 10) << true;
}

void TestGeometryZones::beaconZone()
{
    QFETCH(BaseShape, base);
    QFETCH(bool, within);
    QCOMPARE(isWithinBeaconZone(base, QPointF(10, 10)), within);
    QCOMPARE(isWithinBeaconZones(base, {QPointF(40, 40), QPointF(10, 10)}), within);
    QVERIFY(!isWithinBeaconZones(base, {QPointF(40, 40)}));
}

void TestGeometryZones::beaconPlacement()
{
    // "Markers must be at least 12" from any other Beacon marker."
    QVERIFY(isBeaconPlacementLegal(QPointF(12, 0), {QPointF(0, 0)}));
    QVERIFY(!isBeaconPlacementLegal(QPointF(11.99, 0), {QPointF(0, 0)}));
    QVERIFY(isBeaconPlacementLegal(QPointF(20, 20), {QPointF(0, 0), QPointF(40, 40)}));
    QVERIFY(!isBeaconPlacementLegal(QPointF(32, 32), {QPointF(0, 0), QPointF(40, 40)}));
    QVERIFY(isBeaconPlacementLegal(QPointF(30, 30), {}));
    const QPainterPath circle = beaconZonePath(QPointF(10, 10));
    QVERIFY(circle.contains(QPointF(10, 12.9)));
    QVERIFY(!circle.contains(QPointF(10, 13.1)));
    QVERIFY(!circle.contains(QPointF(12.2, 12.2))); // 3.1" off diagonally
}

QTEST_GUILESS_MAIN(TestGeometryZones)
#include "tst_geometryzones.moc"
