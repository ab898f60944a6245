// SPDX-License-Identifier: GPL-3.0-or-later
#include "geometry/convex.h"
#include "geometry/kineticcorridor.h"
#include "units/unitdatabase.h"

#include "geometrytestutil.h"

#include <QTest>

using namespace jw;
using namespace jw::test;

class TestGeometryCorridor : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void corridorShape();
    void secondaryTargets_data();
    void secondaryTargets();
    void javelinExample();
    void godfireExample();
    void resolutionOrder();
    void diagonalCorridor_data();
    void diagonalCorridor();
    void touchingBasesHaveNoLine();

private:
    BaseShape unitBase(const QString &id, QPointF centre, double facing = 0) const;
    UnitDatabase m_db;
};

void TestGeometryCorridor::initTestCase()
{
    m_db = UnitDatabase::loadShipped();
    QVERIFY(!m_db.hasErrors());
}

BaseShape TestGeometryCorridor::unitBase(const QString &id, QPointF centre, double facing) const
{
    const Unit *u = m_db.unit(id);
    if (!u)
        qFatal("no unit %s in the shipped data", qPrintable(id));
    return BaseShape(u->base, Placement(centre, facing));
}

// The scene of the rulebook's examples: a squadron (hex) at (10, 20) fires up the table at
// a 2x2 capital ship at (10, 10). The hex's top flat (y = 19.5) faces the ship's Aft edge
// (y = 11): the line runs x = 10 from y = 19.5 to 11, the corridor x 9.5 to 10.5.
static const BaseShape kAttacker = hexAt(10, 20);
static const BaseShape kPrimary = shipAt(2, 2, 10, 10, 0);

void TestGeometryCorridor::corridorShape()
{
    const QLineF axis = corridorAxis(kAttacker, kPrimary);
    QVERIFY(near(axis.p1(), QPointF(10, 19.5)));
    QVERIFY(near(axis.p2(), QPointF(10, 11)));
    const QPolygonF c = corridor(kAttacker, kPrimary);
    QCOMPARE(c.size(), 4);
    const QRectF box = c.boundingRect();
    JW_COMPARE_CLOSE(box.left(), 9.5);
    JW_COMPARE_CLOSE(box.right(), 10.5);
    JW_COMPARE_CLOSE(box.top(), 11.0);
    JW_COMPARE_CLOSE(box.bottom(), 19.5);
    JW_COMPARE_CLOSE(convex::area(c), 8.5);
    // A wider line for other uses.
    JW_COMPARE_CLOSE(corridor(kAttacker, kPrimary, 2.0).boundingRect().width(), 2.0);
}

void TestGeometryCorridor::secondaryTargets_data()
{
    QTest::addColumn<BaseShape>("other");
    QTest::addColumn<bool>("secondary");
    const double r = kHexR;
    QTest::newRow("on the line") << hexAt(10, 15) << true;
    // Its left corner at 10.9 - r = 10.32 reaches inside x = 10.5.
    QTest::newRow("partly inside") << hexAt(10.9, 15) << true;
    QTest::newRow("corner touching the right side") << hexAt(10.5 + r, 15) << true;
    QTest::newRow("just outside the right side") << hexAt(10.5 + r + 0.001, 15) << false;
    QTest::newRow("corner touching the left side") << hexAt(9.5 - r, 13) << true;
    QTest::newRow("just outside the left side") << hexAt(9.5 - r - 0.001, 13) << false;
    QTest::newRow("beyond the target") << hexAt(10, 7) << false;
    QTest::newRow("behind the attacker") << hexAt(10, 22) << false;
    // A 1x2 ship across the line: its Starboard side (x = 9.9 at facing 0) is inside.
    QTest::newRow("ship across the line") << shipAt(1, 2, 9.4, 16, 0) << true;
    QTest::newRow("ship beside the line") << shipAt(1, 2, 8.9, 16, 0) << false;
    // Rotated 45 degrees, its corner sqrt(2) from the centre reaches exactly x = 10.5.
    QTest::newRow("diamond touching") << shipAt(2, 2, 10.5 + kSqrt2, 15, 45) << true;
    QTest::newRow("diamond clear") << shipAt(2, 2, 10.5 + kSqrt2 + 0.001, 15, 45) << false;
}

void TestGeometryCorridor::secondaryTargets()
{
    QFETCH(BaseShape, other);
    QFETCH(bool, secondary);
    const std::vector<int> hits = basesTouchingCorridor(kAttacker, kPrimary, {other});
    QCOMPARE(hits.size(), size_t(secondary ? 1 : 0));
}

void TestGeometryCorridor::javelinExample()
{
    // "A Javelin ... attacks a target Uller Capital Ship ... One Syreen Squadron Model's
    // base is touched by the line": with the shipped bases.
    const BaseShape javelin = unitBase(QStringLiteral("javelin"), QPointF(10, 20));
    const BaseShape uller = unitBase(QStringLiteral("uller"), QPointF(10, 10), 0);
    QVERIFY(javelin.isHex());
    QCOMPARE(uller.size().width, 2.0);
    const BaseShape syreenTouched = unitBase(QStringLiteral("syreen"), QPointF(10.8, 15));
    const BaseShape syreenOutside
        = unitBase(QStringLiteral("syreen"), QPointF(10.5 + kHexR + 0.01, 16.5));
    const std::vector<BaseShape> models {javelin, uller, syreenTouched, syreenOutside};
    QCOMPARE(basesTouchingCorridor(javelin, uller, models), std::vector<int> {2});
}

void TestGeometryCorridor::godfireExample()
{
    // The second example: a Godfire firing at an Uller, a Syreen touched by the line; here
    // the Syreen's corner just touches the line's edge.
    const BaseShape godfire = unitBase(QStringLiteral("godfire"), QPointF(30, 30));
    const BaseShape uller = unitBase(QStringLiteral("uller"), QPointF(30, 40), 180);
    // The line: x = 30 +- 0.5 from y = 30.5 to 39.
    const BaseShape syreen = unitBase(QStringLiteral("syreen"), QPointF(29.5 - kHexR, 35));
    QCOMPARE(basesTouchingCorridor(godfire, uller, {syreen}), std::vector<int> {0});
    QVERIFY(
        basesTouchingCorridor(
            godfire, uller, {unitBase(QStringLiteral("syreen"), QPointF(29.5 - kHexR - 0.001, 35))})
            .empty());
}

void TestGeometryCorridor::resolutionOrder()
{
    // "Attacks on the Secondary Targets are resolved from farthest to nearest from the
    // perspective of the attacking model." Hexes on the line at y = 17, 15 and 13 are 2", 4"
    // and 6" from the attacker's top flat (y = 19.5), flat to flat.
    const std::vector<BaseShape> models {
        hexAt(10.3, 17), // 2"
        kAttacker, // skipped
        hexAt(10, 13), // 6"
        hexAt(20, 15), // outside
        kPrimary, // skipped
        hexAt(9.8, 15), // 4"
    };
    QCOMPARE(basesTouchingCorridor(kAttacker, kPrimary, models), (std::vector<int> {2, 5, 0}));
}

void TestGeometryCorridor::diagonalCorridor_data()
{
    QTest::addColumn<double>("offset"); // from the line's centre, square to it
    QTest::addColumn<bool>("secondary");
    // Two 2x2 ships facing 0 at (0, 0) and (5, 5): the line runs from corner (1, 1) to
    // corner (4, 4). A hex pushed off the line toward the upper right: looking back at the
    // line (135 degrees on screen) its nearest corner (120 degrees) is 15 degrees off and
    // reaches r cos 15; it touches the 0.5" half width at offset 0.5 + r cos 15.
    const double touch = 0.5 + kHexR * std::cos(15 * kPi / 180);
    QTest::newRow("on the line") << 0.0 << true;
    QTest::newRow("overlapping the edge") << touch - 0.001 << true;
    QTest::newRow("touching the edge") << touch << true;
    QTest::newRow("clear of the edge") << touch + 0.001 << false;
}

void TestGeometryCorridor::diagonalCorridor()
{
    QFETCH(double, offset);
    QFETCH(bool, secondary);
    const BaseShape a = shipAt(2, 2, 0, 0);
    const BaseShape b = shipAt(2, 2, 5, 5);
    const QPointF centre = QPointF(2.5, 2.5) + offset * QPointF(1, -1) / kSqrt2;
    QCOMPARE(!basesTouchingCorridor(a, b, {hexAt(centre.x(), centre.y())}).empty(), secondary);
}

void TestGeometryCorridor::touchingBasesHaveNoLine()
{
    const BaseShape a = shipAt(2, 2, 0, 0);
    const BaseShape b = shipAt(2, 2, 2, 0);
    QVERIFY(corridor(a, b).isEmpty());
    QVERIFY(basesTouchingCorridor(a, b, {hexAt(1, 1.2)}).empty());
}

QTEST_GUILESS_MAIN(TestGeometryCorridor)
#include "tst_geometrycorridor.moc"
