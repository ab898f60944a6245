// SPDX-License-Identifier: GPL-3.0-or-later
#include "geometry/measure.h"
#include "geometry/overlapresolution.h"

#include "geometrytestutil.h"

#include <QTest>

using namespace jw;
using namespace jw::test;

Q_DECLARE_METATYPE(jw::CapitalOverlapReading)

class TestGeometryOverlap : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void moverRepositioned_data();
    void moverRepositioned();
    void capitalOverlap_data();
    void capitalOverlap();
    void clearanceThroughSeveral();
    void squadronOverlap_data();
    void squadronOverlap();
    void nearestClearCentre();
    void squeezedBetweenShips();
    void contactCentre();
};

void TestGeometryOverlap::moverRepositioned_data()
{
    QTest::addColumn<double>("moverWidth");
    QTest::addColumn<double>("moverLength");
    QTest::addColumn<double>("otherWidth");
    QTest::addColumn<double>("otherLength");
    QTest::addColumn<bool>("moverRepositioned");
    QTest::newRow("smaller mover") << 2.0 << 2.0 << 2.0 << 4.0 << true;
    QTest::newRow("larger mover") << 2.0 << 4.0 << 2.0 << 2.0 << false;
    QTest::newRow("same size") << 2.0 << 2.0 << 2.0 << 2.0 << true;
    QTest::newRow("same area") << 2.0 << 3.0 << 1.5 << 4.0 << true;
    QTest::newRow("battleship moving") << 3.0 << 5.0 << 2.0 << 4.0 << false;
}

void TestGeometryOverlap::moverRepositioned()
{
    QFETCH(double, moverWidth);
    QFETCH(double, moverLength);
    QFETCH(double, otherWidth);
    QFETCH(double, otherLength);
    QFETCH(bool, moverRepositioned);
    QCOMPARE(isMoverRepositioned(BaseSize {false, moverWidth, moverLength},
                                 BaseSize {false, otherWidth, otherLength}),
             moverRepositioned);
}

void TestGeometryOverlap::capitalOverlap_data()
{
    QTest::addColumn<BaseShape>("repositioned");
    QTest::addColumn<BaseShape>("other");
    QTest::addColumn<CapitalOverlapReading>("reading");
    QTest::addColumn<QPointF>("centre");

    const auto through = CapitalOverlapReading::PassThrough;
    const auto back = CapitalOverlapReading::BackOff;
    // A 2x4 facing 0 at (24, 24) (y 22 to 26) ran into a 2x2 at (24, 21.5) (y 20.5 to 22.5).
    const BaseShape longShip = shipAt(2, 4, 24, 24, 0);
    const BaseShape square = shipAt(2, 2, 24, 21.5, 0);
    // Through: on up the table until its back (y = cy + 2) meets the other's front, 20.5.
    QTest::newRow("2x4 through") << longShip << square << through << QPointF(24, 18.5);
    // Back off: down until its front (cy - 2) meets the other's back, 22.5.
    QTest::newRow("2x4 back off") << longShip << square << back << QPointF(24, 24.5);
    // The smaller one repositioned, facing 90: its back (x = cx - 1) to the other's
    // Starboard side x = 25; backing off, its front (cx + 1) to the Port side x = 23.
    const BaseShape across = shipAt(2, 2, 24, 21.5, 90);
    QTest::newRow("2x2 f90 through") << across << longShip << through << QPointF(26, 21.5);
    QTest::newRow("2x2 f90 back off") << across << longShip << back << QPointF(22, 21.5);
    // A square facing 0 at (1.5, 0) (x 0.5 to 2.5) on a 2x2 diamond at the origin
    // (|x| + |y| <= sqrt 2): it goes up until its back edge clears the diamond's top right
    // side y = x - sqrt 2 at x = 0.5, i.e. cy + 1 = 0.5 - sqrt 2.
    QTest::newRow("square off a diamond") << shipAt(2, 2, 1.5, 0, 0) << shipAt(2, 2, 0, 0, 45)
                                          << through << QPointF(1.5, -0.5 - kSqrt2);
    QTest::newRow("not overlapping")
        << shipAt(2, 2, 10, 10) << longShip << through << QPointF(10, 10);
    QTest::newRow("touching only")
        << shipAt(2, 2, 24, 21) << longShip << through << QPointF(24, 21);
}

void TestGeometryOverlap::capitalOverlap()
{
    QFETCH(BaseShape, repositioned);
    QFETCH(BaseShape, other);
    QFETCH(CapitalOverlapReading, reading);
    QFETCH(QPointF, centre);
    const Placement p = capitalOverlapPlacement(repositioned, other, reading);
    QVERIFY2(near(p.centre(), centre), qPrintable(show(p.centre())));
    QCOMPARE(p.facing(), repositioned.facing()); // "it remains in the same orientation"
    const BaseShape placed = repositioned.placedAt(p);
    QVERIFY(!overlaps(placed, other));
    QVERIFY(touching(placed, other) || !overlaps(repositioned, other));
}

void TestGeometryOverlap::clearanceThroughSeveral()
{
    // A 2x2 at the origin facing 0 overlaps B (y -2.5 to -0.5); C (y -4.5 to -2.5) sits
    // right behind B. Going up it clears B at cy = -3.5, where it would overlap C: on to
    // cy + 1 = -4.5.
    const BaseShape mover = shipAt(2, 2, 0, 0);
    const BaseShape b = shipAt(2, 2, 0, -1.5);
    const BaseShape c = shipAt(2, 2, 0, -3.5);
    const BaseShape far = shipAt(2, 2, 0, -10);
    JW_COMPARE_CLOSE(clearanceDistance(mover, 0, {b}), 3.5);
    JW_COMPARE_CLOSE(clearanceDistance(mover, 0, {c, b}), 5.5);
    JW_COMPARE_CLOSE(clearanceDistance(mover, 0, {b, far}), 3.5);
    // Sideways (facing 90): it clears B at x = 2 (and C is never in the way).
    JW_COMPARE_CLOSE(clearanceDistance(mover, 90, {b, c}), 2.0);
    JW_COMPARE_CLOSE(clearanceDistance(mover, 0, {far}), 0.0);
}

void TestGeometryOverlap::squadronOverlap_data()
{
    QTest::addColumn<BaseShape>("squadron");
    QTest::addColumn<BaseShape>("ship");
    QTest::addColumn<QPointF>("centre");
    const double gap = kBreakContactGap;
    // A 2x4 ship facing 0 at (24, 24): x 23 to 25, y 22 to 26.
    const BaseShape ship = shipAt(2, 4, 24, 24, 0);
    // The hex (y 22.3 to 23.3) is shortest out over the bow: its bottom flat to y = 22.
    QTest::newRow("over the bow") << hexAt(24, 22.8) << ship << QPointF(24, 21.5 - gap);
    // Near the Starboard side: out sideways until its left corner clears x = 25.
    QTest::newRow("out to starboard") << hexAt(24.8, 24) << ship << QPointF(25 + kHexR + gap, 24);
    QTest::newRow("out to port") << hexAt(23.1, 25) << ship << QPointF(23 - kHexR - gap, 25);
    // A diamond (2x2 facing 45 at the origin, |x| + |y| <= sqrt 2). The hex at (0.4, -0.9)
    // goes out square to the upper right side (normal n = (1, -1)/sqrt 2, the side at
    // n.p = 1). Along -n the hex reaches r cos 15 (its corner at 120 degrees on screen is
    // 15 degrees off 135): its centre must end at n.c = 1 + r cos 15 + gap.
    const QPointF n = QPointF(1, -1) / kSqrt2;
    const QPointF c(0.4, -0.9);
    const double needed = 1 + kHexR * std::cos(15 * kPi / 180) + gap;
    const double now = (c.x() * n.x() + c.y() * n.y());
    QTest::newRow("off a diamond's side")
        << hexAt(c.x(), c.y()) << shipAt(2, 2, 0, 0, 45) << QPointF(c + (needed - now) * n);
    QTest::newRow("already clear") << hexAt(24, 20) << ship << QPointF(24, 20);
}

void TestGeometryOverlap::squadronOverlap()
{
    QFETCH(BaseShape, squadron);
    QFETCH(BaseShape, ship);
    QFETCH(QPointF, centre);
    const Placement p = squadronOverlapPlacement(squadron, ship);
    QVERIFY2(near(p.centre(), centre), qPrintable(show(p.centre()) + " vs " + show(centre)));
    const BaseShape placed = squadron.placedAt(p);
    // Out of base to base contact, not just out of the overlap.
    QVERIFY(!touching(placed, ship));
    if (overlaps(squadron, ship))
        JW_COMPARE_CLOSE(jw::distance(placed, ship), kBreakContactGap);
}

void TestGeometryOverlap::nearestClearCentre()
{
    // A hex hanging over the left table edge (its corner at 0.3 - r < 0) comes in until
    // that corner is on the edge.
    const auto inside
        = jw::nearestClearCentre(hexAt(0.3, 24), std::vector<BaseShape> {}, 0.0, tableRect());
    QVERIFY(inside);
    QVERIFY(near(*inside, QPointF(kHexR, 24)));
    // Already clear and on the table: stays.
    const auto stays = jw::nearestClearCentre(hexAt(10, 10), {shipAt(2, 2, 20, 20)},
                                              kBreakContactGap, tableRect());
    QVERIFY(stays && near(*stays, QPointF(10, 10)));
    // Nowhere to go: the area is smaller than the base.
    QVERIFY(!jw::nearestClearCentre(hexAt(0.25, 0.25), std::vector<BaseShape> {}, 0.0,
                                    QRectF(0, 0, 0.5, 0.5)));
    // Pushed off a ship standing at the table edge: ship 2x2 at (1, 24) (x 0 to 2, y 23 to
    // 25), hex at (0.6, 24.2). The shortest way out is over the edge (right corner to x = 0,
    // 1.18 away); on the table it is out over the ship's stern (top flat to y = 25, 1.3),
    // before the bow (bottom flat to y = 23, 1.7) and the Starboard side (left corner to
    // x = 2, 1.98).
    const std::vector<BaseShape> ship {shipAt(2, 2, 1, 24)};
    const auto anywhere = jw::nearestClearCentre(hexAt(0.6, 24.2), ship, 0.0);
    QVERIFY(anywhere);
    QVERIFY2(near(*anywhere, QPointF(-kHexR, 24.2)), qPrintable(show(*anywhere)));
    const auto onTable = jw::nearestClearCentre(hexAt(0.6, 24.2), ship, 0.0, tableRect());
    QVERIFY(onTable);
    QVERIFY2(near(*onTable, QPointF(0.6, 25.5)), qPrintable(show(*onTable)));
}

void TestGeometryOverlap::squeezedBetweenShips()
{
    // Two 2x2 ships at (20, 24) and (23, 24) leave a 1" channel (x 21 to 22) between them;
    // a hex is 2r = 1.15" corner to corner, so it cannot sit in the channel, but it can sink
    // into its mouth: its slanted lower sides rest (at the gap) on the corners (21, 23) and
    // (22, 23). The lower right side faces n = (cos 30, sin 30) and passes through the
    // hex's right corner (cx + r, cy): n.((22, 23) - (21.5 + r, cy)) = gap.
    const double gap = kBreakContactGap;
    const double c30 = std::cos(kPi / 6);
    const double s30 = std::sin(kPi / 6);
    const double cy = 23 - (gap - c30 * (22 - 21.5 - kHexR)) / s30;
    const std::vector<BaseShape> ships {shipAt(2, 2, 20, 24), shipAt(2, 2, 23, 24)};
    const auto out = jw::nearestClearCentre(hexAt(21.5, 24), ships, gap);
    QVERIFY(out);
    QVERIFY2(near(out->x(), 21.5), qPrintable(show(*out)));
    // Up or down the channel, the same distance either way.
    JW_COMPARE_CLOSE(std::abs(out->y() - 24), 24 - cy);
    const BaseShape placed = hexAt(out->x(), out->y());
    for (const BaseShape &s : ships)
        JW_COMPARE_CLOSE(jw::distance(placed, s), gap);
}

void TestGeometryOverlap::contactCentre()
{
    // Assaulting: a hex put in base to base with a 2x2 ship at (10, 10) nearest to (10, 5):
    // on the ship's bow edge, y = 9 - 0.5.
    const BaseShape ship = shipAt(2, 2, 10, 10);
    const auto c = nearestContactCentre(hexAt(0, 0), ship, QPointF(10, 5));
    QVERIFY(c);
    QVERIFY2(near(*c, QPointF(10, 8.5)), qPrintable(show(*c)));
    const BaseShape placed = hexAt(c->x(), c->y());
    QVERIFY(touching(placed, ship));
    QVERIFY(!overlaps(placed, ship));
    // That spot taken by another hex: slide along the bow edge until corner meets corner.
    const auto beside = nearestContactCentre(hexAt(0, 0), ship, QPointF(10, 5), {placed});
    QVERIFY(beside);
    JW_COMPARE_CLOSE(std::abs(beside->x() - 10), 2 * kHexR);
    JW_COMPARE_CLOSE(beside->y(), 8.5);
    // Wanted near a corner of the ship: the hex's flat on the bow edge's end or its corner
    // on the side; from (12, 7), the nearest contact spot lies on the ship's bow corner
    // round (11, 9).
    const auto corner = nearestContactCentre(hexAt(0, 0), ship, QPointF(12, 7));
    QVERIFY(corner);
    QVERIFY(touching(hexAt(corner->x(), corner->y()), ship));
    QVERIFY(!overlaps(hexAt(corner->x(), corner->y()), ship));
}

QTEST_GUILESS_MAIN(TestGeometryOverlap)
#include "tst_geometryoverlap.moc"
