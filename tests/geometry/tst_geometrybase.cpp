// SPDX-License-Identifier: GPL-3.0-or-later
#include "geometry/baseshape.h"
#include "geometry/convex.h"
#include "geometry/geometry.h"
#include "geometry/placement.h"

#include "geometrytestutil.h"

#include <QTest>

using namespace jw;
using namespace jw::test;

class TestGeometryBase : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void normalizedFacing_data();
    void normalizedFacing();
    void facingVector_data();
    void facingVector();
    void turnBetween_data();
    void turnBetween();
    void placementMoves();
    void placementFrames();
    void hexOutline();
    void rectangleOutline_data();
    void rectangleOutline();
    void rectangleAtAnyFacing_data();
    void rectangleAtAnyFacing();
    void boundingRect();
    void area();
    void contains_data();
    void contains();
    void edges();
    void transform();
};

void TestGeometryBase::normalizedFacing_data()
{
    QTest::addColumn<double>("in");
    QTest::addColumn<double>("out");
    QTest::newRow("0") << 0.0 << 0.0;
    QTest::newRow("45") << 45.0 << 45.0;
    QTest::newRow("360") << 360.0 << 0.0;
    QTest::newRow("-90") << -90.0 << 270.0;
    QTest::newRow("725") << 725.0 << 5.0;
    QTest::newRow("-720") << -720.0 << 0.0;
    QTest::newRow("tiny negative") << -1e-17 << 0.0;
}

void TestGeometryBase::normalizedFacing()
{
    QFETCH(double, in);
    QFETCH(double, out);
    JW_COMPARE_CLOSE(jw::normalizedFacing(in), out);
    QVERIFY(jw::normalizedFacing(in) < 360.0);
    QCOMPARE(Placement(QPointF(), in).facing(), jw::normalizedFacing(in));
}

void TestGeometryBase::facingVector_data()
{
    QTest::addColumn<double>("facing");
    QTest::addColumn<QPointF>("vector");
    const double h = std::sqrt(0.5);
    QTest::newRow("0 up") << 0.0 << QPointF(0, -1);
    QTest::newRow("90 right") << 90.0 << QPointF(1, 0);
    QTest::newRow("180 down") << 180.0 << QPointF(0, 1);
    QTest::newRow("270 left") << 270.0 << QPointF(-1, 0);
    QTest::newRow("45 up right") << 45.0 << QPointF(h, -h);
    QTest::newRow("315 up left") << 315.0 << QPointF(-h, -h);
}

void TestGeometryBase::facingVector()
{
    QFETCH(double, facing);
    QFETCH(QPointF, vector);
    QVERIFY2(near(jw::facingVector(facing), vector), qPrintable(show(jw::facingVector(facing))));
    JW_COMPARE_CLOSE(facingOfVector(vector), facing);
    JW_COMPARE_CLOSE(facingOfVector(vector * 7.5), facing);
}

void TestGeometryBase::turnBetween_data()
{
    QTest::addColumn<double>("from");
    QTest::addColumn<double>("to");
    QTest::addColumn<double>("turn");
    QTest::newRow("350 -> 10") << 350.0 << 10.0 << 20.0;
    QTest::newRow("10 -> 350") << 10.0 << 350.0 << -20.0;
    QTest::newRow("0 -> 180") << 0.0 << 180.0 << 180.0;
    QTest::newRow("90 -> 45") << 90.0 << 45.0 << -45.0;
    QTest::newRow("same") << 200.0 << 200.0 << 0.0;
}

void TestGeometryBase::turnBetween()
{
    QFETCH(double, from);
    QFETCH(double, to);
    QFETCH(double, turn);
    JW_COMPARE_CLOSE(jw::turnBetween(from, to), turn);
}

void TestGeometryBase::placementMoves()
{
    // Facing 90 (toward +x): 3" ahead is 3" to the right.
    Placement p(QPointF(10, 10), 90);
    QVERIFY(near(p.advanced(3).centre(), QPointF(13, 10)));
    QCOMPARE(p.advanced(3).facing(), 90.0);
    QVERIFY(near(p.advanced(-2).centre(), QPointF(8, 10)));
    // Facing 45: 2*sqrt(2)" ahead is 2" right and 2" up.
    QVERIFY(near(Placement(QPointF(10, 10), 45).advanced(2 * kSqrt2).centre(), QPointF(12, 8)));
    // Turning keeps the centre and wraps the facing.
    const Placement t = Placement(QPointF(5, 6), 350).turned(20);
    QCOMPARE(t.centre(), QPointF(5, 6));
    JW_COMPARE_CLOSE(t.facing(), 10.0);
    JW_COMPARE_CLOSE(Placement(QPointF(), 10).turned(-45).facing(), 325.0);
    QCOMPARE(p.translated(QPointF(1, -1)).centre(), QPointF(11, 9));
}

void TestGeometryBase::placementFrames()
{
    // Facing 90: Starboard (the right hand) is down the table, the Fore is +x.
    const Placement p(QPointF(10, 10), 90);
    QVERIFY(near(p.starboard(), QPointF(0, 1)));
    QVERIFY(near(p.mapToTable(QPointF(1, 0)), QPointF(10, 11))); // 1" to starboard
    QVERIFY(near(p.mapToTable(QPointF(0, -2)), QPointF(12, 10))); // 2" toward the fore
    QVERIFY(near(p.mapFromTable(QPointF(12, 10)), QPointF(0, -2)));
    // Facing 0: the frames are parallel.
    QVERIFY(near(Placement(QPointF(3, 4)).mapToTable(QPointF(1, 2)), QPointF(4, 6)));
    // Round trip at an odd facing.
    const Placement q(QPointF(-3, 7), 200);
    QVERIFY(near(q.mapFromTable(q.mapToTable(QPointF(0.3, -1.7))), QPointF(0.3, -1.7)));
}

void TestGeometryBase::hexOutline()
{
    const BaseShape hex = hexAt(5, 5);
    const double r = kHexR;
    const QPolygonF expected({{5 - r, 5},
                              {5 - r / 2, 4.5},
                              {5 + r / 2, 4.5},
                              {5 + r, 5},
                              {5 + r / 2, 5.5},
                              {5 - r / 2, 5.5}});
    const QPolygonF o = hex.outline();
    QCOMPARE(o.size(), 6);
    for (int i = 0; i < 6; ++i)
        QVERIFY2(near(o[i], expected[i]), qPrintable(QString::number(i) + show(o[i])));
    // A regular hexagon 1" across the flats: every side is the circumradius, every flat
    // 0.5" from the centre.
    for (int i = 0; i < 6; ++i) {
        const QPointF a = o[i];
        const QPointF b = o[(i + 1) % 6];
        JW_COMPARE_CLOSE(QLineF(a, b).length(), r);
        JW_COMPARE_CLOSE(QLineF(QPointF(5, 5), (a + b) / 2).length(), 0.5);
    }
    // A hex ignores the facing (squadrons have none).
    QCOMPARE(BaseShape(hex.size(), Placement(QPointF(5, 5), 30)).outline(), o);
    QVERIFY(hex.isHex());
    QCOMPARE(hex.halfLength(), 0.5);
    JW_COMPARE_CLOSE(hex.halfWidth(), r);
}

void TestGeometryBase::rectangleOutline_data()
{
    QTest::addColumn<BaseShape>("ship");
    QTest::addColumn<QPolygonF>("corners"); // Fore-Port, Fore-Starboard, Aft-Starboard, Aft-Port
    QTest::newRow("2x4 facing 0") << shipAt(2, 4, 10, 10, 0)
                                  << QPolygonF(QList<QPointF> {{9, 8}, {11, 8}, {11, 12}, {9, 12}});
    // Facing +x: Port is up the table, Starboard down.
    QTest::newRow("2x4 facing 90")
        << shipAt(2, 4, 10, 10, 90)
        << QPolygonF(QList<QPointF> {{12, 9}, {12, 11}, {8, 11}, {8, 9}});
    QTest::newRow("2x4 facing 180")
        << shipAt(2, 4, 10, 10, 180)
        << QPolygonF(QList<QPointF> {{11, 12}, {9, 12}, {9, 8}, {11, 8}});
    QTest::newRow("2x4 facing 270")
        << shipAt(2, 4, 10, 10, 270)
        << QPolygonF(QList<QPointF> {{8, 11}, {8, 9}, {12, 9}, {12, 11}});
    // Facing 45: the Fore-Port corner points straight up, the Fore-Starboard one right.
    QTest::newRow("2x2 facing 45")
        << shipAt(2, 2, 0, 0, 45)
        << QPolygonF(QList<QPointF> {{0, -kSqrt2}, {kSqrt2, 0}, {0, kSqrt2}, {-kSqrt2, 0}});
    QTest::newRow("1.5x3 facing 0")
        << shipAt(1.5, 3, 0, 0, 0)
        << QPolygonF(QList<QPointF> {{-0.75, -1.5}, {0.75, -1.5}, {0.75, 1.5}, {-0.75, 1.5}});
}

void TestGeometryBase::rectangleOutline()
{
    QFETCH(BaseShape, ship);
    QFETCH(QPolygonF, corners);
    const QPolygonF o = ship.outline();
    QCOMPARE(o.size(), 4);
    for (int i = 0; i < 4; ++i)
        QVERIFY2(near(o[i], corners[i]), qPrintable(QString::number(i) + show(o[i])));
}

void TestGeometryBase::rectangleAtAnyFacing_data()
{
    QTest::addColumn<double>("facing");
    for (double f : {0.0, 30.0, 45.0, 90.0, 135.0, 200.0, 333.0})
        QTest::newRow(qPrintable(QString::number(f))) << f;
}

void TestGeometryBase::rectangleAtAnyFacing()
{
    QFETCH(double, facing);
    const QPointF c(20, 20);
    const BaseShape ship = shipAt(2, 4, c.x(), c.y(), facing);
    const QPolygonF o = ship.outline();
    // The corners from the ship's own frame (u toward Fore, v toward Starboard).
    const QPointF expected[4] = {shipPoint(c, facing, 2, -1), shipPoint(c, facing, 2, 1),
                                 shipPoint(c, facing, -2, 1), shipPoint(c, facing, -2, -1)};
    for (int i = 0; i < 4; ++i)
        QVERIFY2(near(o[i], expected[i]), qPrintable(QString::number(i) + show(o[i])));
    // Clockwise on screen (positive shoelace sum with y down), like every outline.
    double shoelace = 0;
    for (int i = 0; i < 4; ++i)
        shoelace += o[i].x() * o[(i + 1) % 4].y() - o[(i + 1) % 4].x() * o[i].y();
    JW_COMPARE_CLOSE(shoelace / 2, 8.0);
    // The Fore edge's middle is 2" along the facing.
    QVERIFY(near(ship.foreEdge().center(), shipPoint(c, facing, 2, 0)));
}

void TestGeometryBase::boundingRect()
{
    const double r = kHexR;
    const QRectF hex = hexAt(5, 5).boundingRect();
    JW_COMPARE_CLOSE(hex.left(), 5 - r);
    JW_COMPARE_CLOSE(hex.right(), 5 + r);
    JW_COMPARE_CLOSE(hex.top(), 4.5);
    JW_COMPARE_CLOSE(hex.bottom(), 5.5);
    const QRectF diamond = shipAt(2, 2, 0, 0, 45).boundingRect();
    JW_COMPARE_CLOSE(diamond.left(), -kSqrt2);
    JW_COMPARE_CLOSE(diamond.width(), 2 * kSqrt2);
    JW_COMPARE_CLOSE(diamond.height(), 2 * kSqrt2);
    QCOMPARE(shipAt(2, 4, 10, 10, 90).boundingRect(), QRectF(8, 9, 4, 2));
}

void TestGeometryBase::area()
{
    // A regular hexagon 1" across the flats: 6 triangles of base 1/sqrt(3) and height 1/2.
    JW_COMPARE_CLOSE(hexAt(0, 0).area(), 6 * (kHexR * 0.5 / 2));
    JW_COMPARE_CLOSE(shipAt(2, 4, 3, 3, 77).area(), 8.0);
}

void TestGeometryBase::contains_data()
{
    QTest::addColumn<BaseShape>("base");
    QTest::addColumn<QPointF>("point");
    QTest::addColumn<bool>("inside");
    const BaseShape hex = hexAt(5, 5);
    QTest::newRow("hex centre") << hex << QPointF(5, 5) << true;
    QTest::newRow("hex corner") << hex << QPointF(5 + kHexR, 5) << true;
    QTest::newRow("hex flat") << hex << QPointF(5, 5.5) << true;
    QTest::newRow("hex below flat") << hex << QPointF(5, 5.501) << false;
    QTest::newRow("hex beyond corner") << hex << QPointF(5 + kHexR + 0.001, 5) << false;
    // Near the upper right corner of the hex's bounding box, outside the slanted side.
    QTest::newRow("hex bbox corner") << hex << QPointF(5 + kHexR - 0.01, 4.51) << false;
    const BaseShape diamond = shipAt(2, 2, 0, 0, 45);
    QTest::newRow("diamond top corner") << diamond << QPointF(0, -1.41) << true;
    QTest::newRow("diamond inside side") << diamond << QPointF(0.7, 0.7) << true;
    QTest::newRow("diamond outside side") << diamond << QPointF(0.71, 0.71) << false;
    QTest::newRow("diamond bbox corner") << diamond << QPointF(1.3, 1.3) << false;
}

void TestGeometryBase::contains()
{
    QFETCH(BaseShape, base);
    QFETCH(QPointF, point);
    QFETCH(bool, inside);
    QCOMPARE(base.contains(point), inside);
}

void TestGeometryBase::edges()
{
    const BaseShape ship = shipAt(2, 4, 10, 10, 0);
    QCOMPARE(ship.foreEdge(), QLineF(QPointF(9, 8), QPointF(11, 8)));
    QCOMPARE(ship.aftEdge(), QLineF(QPointF(9, 12), QPointF(11, 12)));
    QCOMPARE(ship.portEdge(), QLineF(QPointF(9, 8), QPointF(9, 12)));
    QCOMPARE(ship.starboardEdge(), QLineF(QPointF(11, 8), QPointF(11, 12)));
    QVERIFY(hexAt(0, 0).foreEdge().isNull());
}

void TestGeometryBase::transform()
{
    // Drawing at facing 0 upright, placed by the transform: the bow (0, -2) lands ahead.
    const BaseShape ship = shipAt(2, 4, 10, 10, 90);
    QVERIFY(near(ship.transform().map(QPointF(0, -2)), QPointF(12, 10)));
    QVERIFY(near(ship.transform().map(QPointF(1, 0)), QPointF(10, 11)));
    QVERIFY(near(hexAt(3, 4).transform().map(QPointF(1, 0)), QPointF(4, 4)));
}

QTEST_GUILESS_MAIN(TestGeometryBase)
#include "tst_geometrybase.moc"
