// SPDX-License-Identifier: GPL-3.0-or-later
#include "geometry/convex.h"
#include "geometry/movement.h"

#include "geometrytestutil.h"

#include <QTest>

using namespace jw;
using namespace jw::test;

Q_DECLARE_METATYPE(jw::CapitalMovePlan)

class TestGeometryMovement : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void legalTurn_data();
    void legalTurn();
    void advanceAndTurn();
    void capitalMove_data();
    void capitalMove();
    void illegalPlans();
    void sweptByCapitalShip();
    void squadronPath();
    void sweptBySquadron();
};

void TestGeometryMovement::legalTurn_data()
{
    QTest::addColumn<double>("degrees");
    QTest::addColumn<bool>("legal");
    QTest::newRow("0") << 0.0 << true;
    QTest::newRow("45") << 45.0 << true;
    QTest::newRow("-45") << -45.0 << true;
    QTest::newRow("30") << 30.0 << true;
    QTest::newRow("45.0001") << 45.0001 << false;
    QTest::newRow("-46") << -46.0 << false;
    QTest::newRow("90") << 90.0 << false;
}

void TestGeometryMovement::legalTurn()
{
    QFETCH(double, degrees);
    QFETCH(bool, legal);
    QCOMPARE(isLegalTurn(degrees), legal);
}

void TestGeometryMovement::advanceAndTurn()
{
    // "Capital Ships Move by advancing directly forward."
    QVERIFY(near(advance(Placement(QPointF(24, 40), 0), 6).centre(), QPointF(24, 34)));
    QVERIFY(near(advance(Placement(QPointF(24, 40), 45), 3 * kSqrt2).centre(), QPointF(27, 37)));
    QVERIFY(near(advance(Placement(QPointF(24, 40), 270), 4).centre(), QPointF(20, 40)));
    const Placement t = turned(Placement(QPointF(24, 40), 10), -45);
    QCOMPARE(t.centre(), QPointF(24, 40));
    JW_COMPARE_CLOSE(t.facing(), 325.0);
}

void TestGeometryMovement::capitalMove_data()
{
    QTest::addColumn<CapitalMovePlan>("plan");
    QTest::addColumn<QPolygonF>("path");
    QTest::addColumn<double>("facing");
    QTest::addColumn<double>("distance");
    QTest::addColumn<int>("turns");

    // From (24, 40) facing 0 (up the table). s = sin 45 = cos 45.
    const double s = std::sqrt(0.5);
    QTest::newRow("straight 6") << CapitalMovePlan {{{6, 0}}}
                                << QPolygonF(QList<QPointF> {{24, 40}, {24, 34}}) << 0.0 << 6.0
                                << 0;
    // The turning example (Shan-Yu, Turns 1, Thrusters 4, Speed 6: 2" to 10"): "it may turn
    // at any time during its movement up to 45 degrees": halfway...
    QTest::newRow("turn 45 halfway")
        << CapitalMovePlan {{{3, 45}, {3, 0}}}
        << QPolygonF(QList<QPointF> {{24, 40}, {24, 37}, {24 + 3 * s, 37 - 3 * s}}) << 45.0 << 6.0
        << 1;
    // ...at the very start...
    QTest::newRow("turn -45 at the start")
        << CapitalMovePlan {{{0, -45}, {6, 0}}}
        << QPolygonF(QList<QPointF> {{24, 40}, {24 - 6 * s, 40 - 6 * s}}) << 315.0 << 6.0 << 1;
    // ...or at the very end, by less than 45.
    QTest::newRow("turn 30 at the end")
        << CapitalMovePlan {{{6, 30}}} << QPolygonF(QList<QPointF> {{24, 40}, {24, 34}}) << 30.0
        << 6.0 << 1;
    // The minimum and maximum moves of the example: 2" and 10".
    QTest::newRow("minimum 2") << CapitalMovePlan {{{2, 0}}}
                               << QPolygonF(QList<QPointF> {{24, 40}, {24, 38}}) << 0.0 << 2.0 << 0;
    QTest::newRow("maximum 10, turn after 4")
        << CapitalMovePlan {{{4, 45}, {6, 0}}}
        << QPolygonF(QList<QPointF> {{24, 40}, {24, 36}, {24 + 6 * s, 36 - 6 * s}}) << 45.0 << 10.0
        << 1;
    // Two turns (a ship with Turns 2 and Thrusters 2 or more): 45 then 45 makes 90.
    QTest::newRow("two turns") << CapitalMovePlan {{{2, 45}, {2, 45}, {2, 0}}}
                               << QPolygonF(QList<QPointF> {{24, 40},
                                                            {24, 38},
                                                            {24 + 2 * s, 38 - 2 * s},
                                                            {26 + 2 * s, 38 - 2 * s}})
                               << 90.0 << 6.0 << 2;
    QTest::newRow("no move") << CapitalMovePlan {} << QPolygonF(QList<QPointF> {{24, 40}}) << 0.0
                             << 0.0 << 0;
}

void TestGeometryMovement::capitalMove()
{
    QFETCH(CapitalMovePlan, plan);
    QFETCH(QPolygonF, path);
    QFETCH(double, facing);
    QFETCH(double, distance);
    QFETCH(int, turns);
    const Placement start(QPointF(24, 40), 0);
    const CapitalMoveResult r = plan.evaluate(start);
    QCOMPARE(r.path.size(), path.size());
    for (int i = 0; i < path.size(); ++i)
        QVERIFY2(near(r.path[i], path[i]), qPrintable(QString::number(i) + show(r.path[i])));
    QVERIFY(near(r.finalPlacement.centre(), path.last()));
    JW_COMPARE_CLOSE(r.finalPlacement.facing(), facing);
    JW_COMPARE_CLOSE(r.distance, distance);
    JW_COMPARE_CLOSE(plan.totalDistance(), distance);
    QCOMPARE(r.turns, turns);
    QCOMPARE(plan.turnCount(), turns);
    QVERIFY(r.isValid());
    QCOMPARE(r.firstIllegalLeg, -1);
    QCOMPARE(r.placements.size(), plan.legs.size() + 1);
    QCOMPARE(r.placements.front(), start);
    QCOMPARE(r.placements.back(), r.finalPlacement);
    // The path's length is the distance moved.
    JW_COMPARE_CLOSE(pathLength(r.path), distance);
}

void TestGeometryMovement::illegalPlans()
{
    const Placement start(QPointF(24, 40), 0);
    const CapitalMoveResult tooSharp = CapitalMovePlan {{{2, 10}, {2, 50}, {2, 0}}}.evaluate(start);
    QVERIFY(!tooSharp.turnsLegal);
    QVERIFY(tooSharp.forwardOnly);
    QVERIFY(!tooSharp.isValid());
    QCOMPARE(tooSharp.firstIllegalLeg, 1);
    // The geometry still follows the plan, for the view to show what was asked.
    JW_COMPARE_CLOSE(tooSharp.finalPlacement.facing(), 60.0);

    const CapitalMoveResult backwards = CapitalMovePlan {{{-2, 0}}}.evaluate(start);
    QVERIFY(!backwards.forwardOnly);
    QCOMPARE(backwards.firstIllegalLeg, 0);
    QVERIFY(near(backwards.finalPlacement.centre(), QPointF(24, 42)));
}

void TestGeometryMovement::sweptByCapitalShip()
{
    // A 2x2 ship moving 5" up: the 2" x 7" strip from its start to its end.
    const BaseShape ship = shipAt(2, 2, 0, 0, 0);
    const auto straight = sweptArea(ship, CapitalMovePlan {{{5, 0}}});
    QCOMPARE(straight.size(), size_t(1));
    JW_COMPARE_CLOSE(convex::area(straight[0]), 14.0);
    QCOMPARE(straight[0].boundingRect(), QRectF(-1, -6, 2, 7));
    // Turning 90 in place, a square's corners sweep the whole circle through them
    // (radius sqrt 2); the pieces are sampled every 5 degrees, a little inside it.
    const auto turn = sweptArea(ship, CapitalMovePlan {{{0, 90}}});
    QCOMPARE(turn.size(), size_t(1));
    const double a = convex::area(turn[0]);
    QVERIFY2(a <= 2 * kPi + 1e-9 && a >= 2 * kPi - 0.01, qPrintable(show(a)));
    // Move, turn, move: three pieces.
    QCOMPARE(sweptArea(ship, CapitalMovePlan {{{2, 45}, {2, 0}}}).size(), size_t(3));
}

void TestGeometryMovement::squadronPath()
{
    // "They may trace any path whose length does not exceed their speed."
    const QPolygonF path({{0, 0}, {3, 4}, {3, 10}});
    JW_COMPARE_CLOSE(pathLength(path), 11.0);
    JW_COMPARE_CLOSE(pathLength(QPolygonF(QList<QPointF> {{1, 1}})), 0.0);
    QVERIFY(near(pointAlong(path, 7), QPointF(3, 6)));
    QVERIFY(near(pointAlong(path, 2.5), QPointF(1.5, 2)));
    QVERIFY(near(pointAlong(path, 50), QPointF(3, 10)));
    QVERIFY(near(pointAlong(path, -1), QPointF(0, 0)));
    QCOMPARE(truncatedPath(path, 20), path);
    const QPolygonF seven = truncatedPath(path, 7);
    QCOMPARE(seven.size(), 3);
    QVERIFY(near(seven.last(), QPointF(3, 6)));
    JW_COMPARE_CLOSE(pathLength(seven), 7.0);
    const QPolygonF shortPath = truncatedPath(path, 2.5);
    QCOMPARE(shortPath.size(), 2);
    QVERIFY(near(shortPath.last(), QPointF(1.5, 2)));
    QCOMPARE(truncatedPath(path, 5).size(), 2); // exactly at a corner
    QCOMPARE(truncatedPath(path, 0), QPolygonF(QList<QPointF> {{0, 0}}));
}

void TestGeometryMovement::sweptBySquadron()
{
    // A hex sliding 5" along x sweeps its own area plus 5" x its 1" height.
    const auto pieces = sweptArea(hexAt(0, 0), QPolygonF(QList<QPointF> {{0, 0}, {5, 0}, {5, 3}}));
    QCOMPARE(pieces.size(), size_t(2));
    JW_COMPARE_CLOSE(convex::area(pieces[0]), std::sqrt(3.0) / 2 + 5 * 1.0);
    // Along y its width is 2 / sqrt(3) (corner to corner).
    JW_COMPARE_CLOSE(convex::area(pieces[1]), std::sqrt(3.0) / 2 + 3 * 2 * kHexR);
}

QTEST_GUILESS_MAIN(TestGeometryMovement)
#include "tst_geometrymovement.moc"
