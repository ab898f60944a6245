// SPDX-License-Identifier: GPL-3.0-or-later
#include "geometry/arcs.h"
#include "geometry/convex.h"
#include "geometry/measure.h"
#include "geometry/zones.h"

#include "geometrytestutil.h"

#include <QTest>

#include <utility>

using namespace jw;
using namespace jw::test;

class TestGeometryArcs : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void arcOfPointOnTable_data();
    void arcOfPointOnTable();
    void arcOfPointAnyFacing_data();
    void arcOfPointAnyFacing();
    void pointOnArcLineIsInBoth();
    void targetInArcs_data();
    void targetInArcs();
    void targetInArcsAnyFacing_data();
    void targetInArcsAnyFacing();
    void squadronsHaveNoArcs();
    void attackerArc_data();
    void attackerArc();
    void tableEdgeInArc();
    void arcRegion_data();
    void arcRegion();
    void arcRegionShape();
    void arcLines();
};

static QString arcName(int arc)
{
    return arcsToString(quint8(arc));
}

void TestGeometryArcs::arcOfPointOnTable_data()
{
    QTest::addColumn<BaseShape>("ship");
    QTest::addColumn<QPointF>("point");
    QTest::addColumn<int>("arc");

    // A 2x2 ship at (24, 24) facing 0 (toward the top edge): corners (23, 23) to (25, 25).
    const BaseShape up = shipAt(2, 2, 24, 24, 0);
    QTest::newRow("f0 ahead") << up << QPointF(24, 20) << int(ArcFore);
    QTest::newRow("f0 right") << up << QPointF(28, 24) << int(ArcStarboard);
    QTest::newRow("f0 left") << up << QPointF(20, 24) << int(ArcPort);
    QTest::newRow("f0 behind") << up << QPointF(24, 28) << int(ArcAft);
    // The Fore-Starboard line runs from (25, 23) up and right: (27, 21) is on it.
    QTest::newRow("f0 on fore-starboard line") << up << QPointF(27, 21) << int(ArcFore);
    QTest::newRow("f0 below that line") << up << QPointF(27, 21.01) << int(ArcStarboard);
    QTest::newRow("f0 on aft-port line") << up << QPointF(21, 27) << int(ArcAft);
    QTest::newRow("f0 above that line") << up << QPointF(21, 26.99) << int(ArcPort);
    QTest::newRow("f0 wide ahead") << up << QPointF(10, 9) << int(ArcFore);

    // Facing 90 (toward +x): Port is up the table.
    const BaseShape right = shipAt(2, 2, 24, 24, 90);
    QTest::newRow("f90 right of table") << right << QPointF(28, 24) << int(ArcFore);
    QTest::newRow("f90 up") << right << QPointF(24, 20) << int(ArcPort);
    QTest::newRow("f90 down") << right << QPointF(24, 28) << int(ArcStarboard);
    QTest::newRow("f90 left") << right << QPointF(20, 24) << int(ArcAft);

    // A 2x4 ship facing 0 at (24, 24): Fore edge y = 22 from x = 23 to 25.
    const BaseShape longShip = shipAt(2, 4, 24, 24, 0);
    QTest::newRow("2x4 on fore-starboard line") << longShip << QPointF(26, 21) << int(ArcFore);
    QTest::newRow("2x4 beside the bow") << longShip << QPointF(26, 21.5) << int(ArcStarboard);
    QTest::newRow("2x4 beside the stern") << longShip << QPointF(22, 26.5) << int(ArcPort);
    QTest::newRow("2x4 on aft-port line") << longShip << QPointF(22, 27) << int(ArcAft);
}

void TestGeometryArcs::arcOfPointOnTable()
{
    QFETCH(BaseShape, ship);
    QFETCH(QPointF, point);
    QFETCH(int, arc);
    QCOMPARE(arcName(arcOfPoint(ship, point)), arcName(arc));
}

void TestGeometryArcs::arcOfPointAnyFacing_data()
{
    QTest::addColumn<double>("width");
    QTest::addColumn<double>("length");
    QTest::addColumn<double>("facing");
    QTest::addColumn<double>("u"); // inches toward the Fore
    QTest::addColumn<double>("v"); // inches toward Starboard
    QTest::addColumn<int>("arc");

    struct Case
    {
        const char *name;
        double width, length, u, v;
        Arc arc;
    };
    // By hand in the ship's terms: with half-width W and half-length L, the Fore arc is
    // u - L >= |v| - W in front of the Fore edge, the Aft arc -u - L >= |v| - W.
    const Case cases[] = {
        {"2x2 ahead", 2, 2, 5, 0, ArcFore},
        {"2x2 behind", 2, 2, -5, 0, ArcAft},
        {"2x2 starboard", 2, 2, 0, 5, ArcStarboard},
        {"2x2 port", 2, 2, 0, -5, ArcPort},
        {"2x2 on fore-starboard line", 2, 2, 3, 3, ArcFore},
        {"2x2 just starboard of it", 2, 2, 3, 3.001, ArcStarboard},
        {"2x2 just fore of it", 2, 2, 3.001, 3, ArcFore},
        {"2x2 on aft-port line", 2, 2, -3, -3, ArcAft},
        {"2x2 just port of it", 2, 2, -3, -3.001, ArcPort},
        {"2x2 on fore-port line", 2, 2, 1.5, -1.5, ArcFore},
        {"2x2 on aft-starboard line", 2, 2, -2, 2, ArcAft},
        {"2x2 near the bow corner", 2, 2, 1.5, 1.2, ArcFore},
        {"2x2 near the side", 2, 2, 0.9, 1.5, ArcStarboard},
        {"2x4 on fore-starboard line", 2, 4, 3, 2, ArcFore},
        {"2x4 beside the bow", 2, 4, 2.5, 2, ArcStarboard},
        {"2x4 ahead of the bow line", 2, 4, 3.5, 2, ArcFore},
        {"2x4 on aft-port line", 2, 4, -3, -2, ArcAft},
        {"2x4 beside the stern", 2, 4, -2.5, -2, ArcPort},
        {"2x4 astern off centre", 2, 4, -2.5, 1.2, ArcAft},
        {"2x4 far to port", 2, 4, 10, -12, ArcPort},
        {"2x4 far ahead", 2, 4, 12, -10, ArcFore},
    };
    for (double facing : {0.0, 90.0, 45.0, 200.0}) {
        for (const Case &c : cases) {
            QTest::newRow(qPrintable(QStringLiteral("%1 f%2").arg(c.name).arg(facing)))
                << c.width << c.length << facing << c.u << c.v << int(c.arc);
        }
    }
}

void TestGeometryArcs::arcOfPointAnyFacing()
{
    QFETCH(double, width);
    QFETCH(double, length);
    QFETCH(double, facing);
    QFETCH(double, u);
    QFETCH(double, v);
    QFETCH(int, arc);
    const QPointF c(24, 24);
    const BaseShape ship = shipAt(width, length, c.x(), c.y(), facing);
    QCOMPARE(arcName(arcOfPoint(ship, shipPoint(c, facing, u, v))), arcName(arc));
}

void TestGeometryArcs::pointOnArcLineIsInBoth()
{
    const BaseShape ship = shipAt(2, 2, 24, 24, 0);
    const QPointF onLine(27, 21);
    QVERIFY(isInArc(ship, ArcFore, onLine));
    QVERIFY(isInArc(ship, ArcStarboard, onLine));
    QVERIFY(!isInArc(ship, ArcPort, onLine));
    QVERIFY(!isInArc(ship, ArcAft, onLine));
    QVERIFY(!isInArc(ship, ArcStarboard, QPointF(27, 20.99)));
}

void TestGeometryArcs::targetInArcs_data()
{
    QTest::addColumn<BaseShape>("target");
    QTest::addColumn<int>("inArcs"); // the arcs with a part of the target in them

    // The ship: 2x4 facing 0 at (24, 24). Its Fore-Starboard line leaves (25, 22) up and
    // right along x + y = 47; Starboard lies where x + y > 47.
    QTest::newRow("ahead") << hexAt(24, 18) << int(ArcFore);
    QTest::newRow("astern") << hexAt(24, 30) << int(ArcAft);
    QTest::newRow("to starboard") << hexAt(28, 24) << int(ArcStarboard);
    QTest::newRow("to port") << hexAt(20, 24.5) << int(ArcPort);
    QTest::newRow("across the line") << hexAt(27, 20) << int(ArcFore | ArcStarboard);
    // A hex whose lowest x + y corner, (cx - r/2, cy - 0.5), lies on the line: it touches
    // the line, so it is in both arcs; a thousandth further it is Starboard only.
    const double cy = 47 - 28 + kHexR / 2 + 0.5;
    QTest::newRow("touching the line") << hexAt(28, cy) << int(ArcFore | ArcStarboard);
    QTest::newRow("clear of the line") << hexAt(28, cy + 0.001) << int(ArcStarboard);
    QTest::newRow("big ship across the bow and port")
        << shipAt(2, 4, 20, 18, 90) << int(ArcFore | ArcPort);
    // 1x6 alongside (y 21 to 27) stays between the lines: its bow corner (26.5, 21) has
    // u - L = 1 < |v| - W = 1.5. At 1x10 (y 19 to 29) it reaches past both.
    QTest::newRow("1x6 alongside to starboard") << shipAt(1, 6, 27, 24, 0) << int(ArcStarboard);
    QTest::newRow("1x10 alongside to starboard")
        << shipAt(1, 10, 27, 24, 0) << int(ArcStarboard | ArcFore | ArcAft);
}

void TestGeometryArcs::targetInArcs()
{
    QFETCH(BaseShape, target);
    QFETCH(int, inArcs);
    const BaseShape ship = shipAt(2, 4, 24, 24, 0);
    QCOMPARE(arcName(arcsOfTarget(ship, target)), arcName(inArcs));
    for (int mask : {int(ArcFore), int(ArcPort), int(ArcStarboard), int(ArcAft),
                     int(ArcFore | ArcPort), int(ArcAft | ArcStarboard)}) {
        QVERIFY2(jw::targetInArcs(ship, quint8(mask), target) == ((mask & inArcs) != 0),
                 qPrintable(arcName(mask)));
    }
    QVERIFY(jw::targetInArcs(ship, ArcTurret, target));
    QVERIFY(!jw::targetInArcs(ship, ArcNone, target));
}

void TestGeometryArcs::targetInArcsAnyFacing_data()
{
    QTest::addColumn<double>("width");
    QTest::addColumn<double>("length");
    QTest::addColumn<double>("facing");
    for (const auto &[w, l] : {std::pair {2.0, 2.0}, std::pair {2.0, 4.0}}) {
        for (double f : {0.0, 90.0, 45.0, 200.0})
            QTest::newRow(qPrintable(QStringLiteral("%1x%2 f%3").arg(w).arg(l).arg(f)))
                << w << l << f;
    }
}

void TestGeometryArcs::targetInArcsAnyFacing()
{
    QFETCH(double, width);
    QFETCH(double, length);
    QFETCH(double, facing);
    const QPointF c(24, 24);
    const BaseShape ship = shipAt(width, length, c.x(), c.y(), facing);
    const double w = width / 2;
    const double l = length / 2;
    // 2x2 targets square to the ship, centred at (u, v) in its terms (u toward the Fore,
    // v toward Starboard).
    const auto target = [&](double u, double v) {
        const QPointF p = shipPoint(c, facing, u, v);
        return shipAt(2, 2, p.x(), p.y(), facing);
    };
    QCOMPARE(arcName(arcsOfTarget(ship, target(l + 4, 0))), arcName(ArcFore));
    QCOMPARE(arcName(arcsOfTarget(ship, target(-l - 4, 0))), arcName(ArcAft));
    QCOMPARE(arcName(arcsOfTarget(ship, target(0, w + 3))), arcName(ArcStarboard));
    QCOMPARE(arcName(arcsOfTarget(ship, target(0, -w - 3))), arcName(ArcPort));
    // Centred on the Fore-Starboard line, 3" out from the corner (l, w) along (1, 1).
    QCOMPARE(arcName(arcsOfTarget(ship, target(l + 3, w + 3))), arcName(ArcFore | ArcStarboard));
    // The Aft-Port line leaves the corner (-l, -w) along (-1, -1): v - u = l - w, the Aft
    // side v - u >= l - w. Centred at (-l - 3, -1 - w), the target's corner (-l - 2, -2 - w)
    // lies on the line (2" out): in both arcs; 0.001 further astern, clear of it.
    QCOMPARE(arcName(arcsOfTarget(ship, target(-l - 3, -1 - w))), arcName(ArcAft | ArcPort));
    QCOMPARE(arcName(arcsOfTarget(ship, target(-l - 3.001, -1 - w))), arcName(ArcAft));
    // Masks: the straddling target can be shot by Fore or by Starboard weapons.
    QVERIFY(jw::targetInArcs(ship, ArcStarboard, target(l + 3, w + 3)));
    QVERIFY(jw::targetInArcs(ship, ArcFore | ArcPort, target(l + 3, w + 3)));
    QVERIFY(!jw::targetInArcs(ship, ArcPort | ArcAft, target(l + 3, w + 3)));
}

void TestGeometryArcs::squadronsHaveNoArcs()
{
    const BaseShape squadron = hexAt(10, 10);
    const BaseShape behind = hexAt(10, 15);
    QVERIFY(jw::targetInArcs(squadron, ArcNone, behind));
    QVERIFY(jw::targetInArcs(squadron, ArcFore, behind));
    QCOMPARE(arcOfPoint(squadron, QPointF(10, 5)), ArcNone);
    QCOMPARE(jw::attackerArc(squadron, shipAt(2, 2, 10, 20)), ArcNone);
    QCOMPARE(arcsOfTarget(squadron, behind), quint8(ArcNone));
    QVERIFY(jw::arcRegion(squadron, ArcFore, 6).isEmpty());
}

void TestGeometryArcs::attackerArc_data()
{
    QTest::addColumn<BaseShape>("attacker");
    QTest::addColumn<int>("arc");
    // The target: 2x2 facing 0 at (24, 24); its Fore-Starboard line passes (27, 21).
    QTest::newRow("centre on the line") << hexAt(27, 21) << int(ArcFore);
    // The base straddles the line but its centre is Starboard of it: Starboard (house
    // ruling: the attacker's base centre decides).
    QTest::newRow("straddling, centre starboard") << hexAt(27.2, 21) << int(ArcStarboard);
    QTest::newRow("ship astern") << shipAt(2, 4, 24.5, 30, 0) << int(ArcAft);
    QTest::newRow("ship ahead, turned away") << shipAt(2, 4, 23, 15, 135) << int(ArcFore);
    QTest::newRow("to port") << hexAt(18, 25) << int(ArcPort);
}

void TestGeometryArcs::attackerArc()
{
    QFETCH(BaseShape, attacker);
    QFETCH(int, arc);
    QCOMPARE(arcName(jw::attackerArc(shipAt(2, 2, 24, 24, 0), attacker)), arcName(arc));
}

void TestGeometryArcs::tableEdgeInArc()
{
    // Planet or Large Moon: is the whole top edge in the Fore arc? From a 2x2 ship facing
    // 0 at (24, 30) the Fore arc at y = 0 spans |x - 24| - 1 <= 29: x from -6 to 54.
    const QLineF top = tableEdgeLine(TableEdge::Top);
    QVERIFY(isLineWhollyInArc(shipAt(2, 2, 24, 30, 0), ArcFore, top));
    // From (10, 10) it spans only x from 0 to 20.
    QVERIFY(!isLineWhollyInArc(shipAt(2, 2, 10, 10, 0), ArcFore, top));
    // Astern: from (24, 30) the Aft arc at y = 48 spans |x - 24| <= 18, not the whole
    // bottom edge; from (24, 10) it spans |x - 24| <= 38, all of it.
    const QLineF bottom = tableEdgeLine(TableEdge::Bottom);
    QVERIFY(!isLineWhollyInArc(shipAt(2, 2, 24, 30, 0), ArcAft, bottom));
    QVERIFY(isLineWhollyInArc(shipAt(2, 2, 24, 10, 0), ArcAft, bottom));
    QVERIFY(!isLineWhollyInArc(shipAt(2, 2, 24, 10, 0), ArcAft, top));
}

void TestGeometryArcs::arcRegion_data()
{
    QTest::addColumn<BaseShape>("ship");
    QTest::addColumn<int>("arc");
    QTest::addColumn<double>("radius");
    QTest::addColumn<double>("area");
    // Fore of a 2x2 ship within 3": the 2" x 3" strip ahead of the bow, and on each side a
    // 45 degree sector of radius 3 about the bow corner (between the line and straight ahead).
    const double sectors = 2 * (kPi * 9 / 8);
    QTest::newRow("2x2 f0 Fore 3") << shipAt(2, 2, 24, 24, 0) << int(ArcFore) << 3.0 << 6 + sectors;
    QTest::newRow("2x2 f45 Fore 3")
        << shipAt(2, 2, 24, 24, 45) << int(ArcFore) << 3.0 << 6 + sectors;
    QTest::newRow("2x2 f200 Aft 3")
        << shipAt(2, 2, 24, 24, 200) << int(ArcAft) << 3.0 << 6 + sectors;
    QTest::newRow("2x4 f90 Starboard 3")
        << shipAt(2, 4, 24, 24, 90) << int(ArcStarboard) << 3.0 << 12 + sectors;
    QTest::newRow("2x4 f0 Port 3")
        << shipAt(2, 4, 24, 24, 0) << int(ArcPort) << 3.0 << 12 + sectors;
    // 15" (an Alexander's reach against capital ships) from a 1.5x3 ship's bow.
    QTest::newRow("1.5x3 Fore 15")
        << shipAt(1.5, 3, 24, 24, 0) << int(ArcFore) << 15.0 << 1.5 * 15 + 2 * (kPi * 225 / 8);
}

void TestGeometryArcs::arcRegion()
{
    QFETCH(BaseShape, ship);
    QFETCH(int, arc);
    QFETCH(double, radius);
    QFETCH(double, area);
    const QPolygonF region = jw::arcRegion(ship, Arc(arc), radius);
    QVERIFY(region.size() >= 4);
    // The corners are chords of the true arcs: a little short of the exact area.
    JW_COMPARE_NEAR(convex::area(region), area, 0.02 * radius);
    for (const QPointF &p : region) {
        QVERIFY2(isInArc(ship, Arc(arc), p), qPrintable(show(p)));
        QVERIFY2(jw::distance(ship, p) <= radius + 1e-9, qPrintable(show(p)));
    }
}

void TestGeometryArcs::arcRegionShape()
{
    const BaseShape ship = shipAt(2, 2, 24, 24, 0);
    const QPolygonF region = jw::arcRegion(ship, ArcFore, 3);
    QVERIFY(region.containsPoint(QPointF(24, 21), Qt::OddEvenFill));
    QVERIFY(!region.containsPoint(QPointF(24, 19.9), Qt::OddEvenFill));
    // In the Fore arc and 2.76" from the corner (25, 23): inside.
    QVERIFY(region.containsPoint(QPointF(26.9, 21), Qt::OddEvenFill));
    // Starboard of the line: outside.
    QVERIFY(!region.containsPoint(QPointF(27, 21.2), Qt::OddEvenFill));
    QVERIFY(!region.containsPoint(QPointF(24, 23.5), Qt::OddEvenFill)); // the base itself
    QVERIFY(jw::arcRegion(ship, ArcFore, 0).isEmpty());
    QVERIFY(jw::arcRegion(ship, ArcTurret, 3).isEmpty());
}

void TestGeometryArcs::arcLines()
{
    const auto lines = jw::arcLines(shipAt(2, 2, 24, 24, 0), kSqrt2);
    QVERIFY(near(lines[0].p1(), QPointF(23, 23)) && near(lines[0].p2(), QPointF(22, 22)));
    QVERIFY(near(lines[1].p1(), QPointF(25, 23)) && near(lines[1].p2(), QPointF(26, 22)));
    QVERIFY(near(lines[2].p1(), QPointF(25, 25)) && near(lines[2].p2(), QPointF(26, 26)));
    QVERIFY(near(lines[3].p1(), QPointF(23, 25)) && near(lines[3].p2(), QPointF(22, 26)));
    QVERIFY(jw::arcLines(hexAt(0, 0), 5)[0].isNull());
}

QTEST_GUILESS_MAIN(TestGeometryArcs)
#include "tst_geometryarcs.moc"
