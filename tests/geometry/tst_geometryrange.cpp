// SPDX-License-Identifier: GPL-3.0-or-later
#include "geometry/convex.h"
#include "geometry/measure.h"
#include "geometry/sensorrange.h"
#include "units/unitdatabase.h"
#include "units/weaponodds.h" // must compile together with sensorrange.h (no clash)

#include "geometrytestutil.h"

#include <QTest>

using namespace jw;
using namespace jw::test;

Q_DECLARE_METATYPE(jw::SensorRange)
Q_DECLARE_METATYPE(jw::AttackKind)

class TestGeometryRange : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void ranges_data();
    void ranges();
    void attackKind();
    void sensorRangeAtLimits_data();
    void sensorRangeAtLimits();
    void sensorRangeBetweenBases_data();
    void sensorRangeBetweenBases();
    void alexanderExample();
    void rangeOutlinePath();
    void rangeOutlinePolygon_data();
    void rangeOutlinePolygon();
};

void TestGeometryRange::ranges_data()
{
    QTest::addColumn<AttackKind>("kind");
    QTest::addColumn<int>("sensors");
    QTest::addColumn<double>("shortRange");
    QTest::addColumn<double>("maxRange");
    // Range table: Short 6" / 3"; Long 6" + 3" x Sensor / 3" + 3" x Sensor.
    QTest::newRow("AC sensors 0") << AttackKind::AntiCapital << 0 << 6.0 << 6.0;
    QTest::newRow("AC sensors 1") << AttackKind::AntiCapital << 1 << 6.0 << 9.0;
    QTest::newRow("AC sensors 3") << AttackKind::AntiCapital << 3 << 6.0 << 15.0;
    QTest::newRow("AS sensors 0") << AttackKind::AntiSquadron << 0 << 3.0 << 3.0;
    QTest::newRow("AS sensors 3") << AttackKind::AntiSquadron << 3 << 3.0 << 12.0;
    QTest::newRow("AS sensors 5") << AttackKind::AntiSquadron << 5 << 3.0 << 18.0;
    QTest::newRow("AC negative sensors") << AttackKind::AntiCapital << -1 << 6.0 << 6.0;
}

void TestGeometryRange::ranges()
{
    QFETCH(AttackKind, kind);
    QFETCH(int, sensors);
    QFETCH(double, shortRange);
    QFETCH(double, maxRange);
    QCOMPARE(jw::shortRange(kind), shortRange);
    QCOMPARE(jw::maxRange(kind, sensors), maxRange);
}

void TestGeometryRange::attackKind()
{
    QCOMPARE(attackKindAgainst(UnitType::Capital), AttackKind::AntiCapital);
    QCOMPARE(attackKindAgainst(UnitType::ExoArmor), AttackKind::AntiSquadron);
    QCOMPARE(attackKindAgainst(UnitType::Fighter), AttackKind::AntiSquadron);
    QCOMPARE(sensorRangeName(SensorRange::Short), QStringLiteral("Short"));
    QCOMPARE(sensorRangeName(SensorRange::OutOfRange), QStringLiteral("Out of range"));
}

void TestGeometryRange::sensorRangeAtLimits_data()
{
    QTest::addColumn<double>("distance");
    QTest::addColumn<AttackKind>("kind");
    QTest::addColumn<int>("sensors");
    QTest::addColumn<SensorRange>("band");
    const auto AC = AttackKind::AntiCapital;
    const auto AS = AttackKind::AntiSquadron;
    QTest::newRow("AC 0") << 0.0 << AC << 3 << SensorRange::Short;
    QTest::newRow("AC 6 is short") << 6.0 << AC << 3 << SensorRange::Short;
    QTest::newRow("AC 6.0001 is long") << 6.0001 << AC << 3 << SensorRange::Long;
    QTest::newRow("AC 15 is long") << 15.0 << AC << 3 << SensorRange::Long;
    QTest::newRow("AC 15.0001 is out") << 15.0001 << AC << 3 << SensorRange::OutOfRange;
    QTest::newRow("AS 3 is short") << 3.0 << AS << 3 << SensorRange::Short;
    QTest::newRow("AS 3.0001 is long") << 3.0001 << AS << 3 << SensorRange::Long;
    QTest::newRow("AS 12 is long") << 12.0 << AS << 3 << SensorRange::Long;
    QTest::newRow("AS 12.0001 is out") << 12.0001 << AS << 3 << SensorRange::OutOfRange;
    QTest::newRow("sensors 0: no long range") << 6.0001 << AC << 0 << SensorRange::OutOfRange;
    QTest::newRow("sensors 0: short still") << 6.0 << AC << 0 << SensorRange::Short;
}

void TestGeometryRange::sensorRangeAtLimits()
{
    QFETCH(double, distance);
    QFETCH(AttackKind, kind);
    QFETCH(int, sensors);
    QFETCH(SensorRange, band);
    QCOMPARE(sensorRange(distance, kind, sensors), band);
}

void TestGeometryRange::sensorRangeBetweenBases_data()
{
    QTest::addColumn<BaseShape>("target");
    QTest::addColumn<AttackKind>("kind");
    QTest::addColumn<SensorRange>("band");
    // The attacker: 2x4 facing 0 at (24, 40), bow edge y = 38 from x = 23 to 25. Targets
    // straight ahead, their near edge d inches beyond: a 2x2 at y = 38 - d - 1, a hex at
    // y = 38 - d - 0.5 (flat side toward the attacker).
    const auto capital = [](double d) {
        return shipAt(2, 2, 24, 38 - d - 1, 0);
    };
    const auto squadron = [](double d) {
        return hexAt(24, 38 - d - 0.5);
    };
    const auto AC = AttackKind::AntiCapital;
    const auto AS = AttackKind::AntiSquadron;
    QTest::newRow("capital at 6") << capital(6) << AC << SensorRange::Short;
    QTest::newRow("capital at 6.0001") << capital(6.0001) << AC << SensorRange::Long;
    QTest::newRow("capital at 15") << capital(15) << AC << SensorRange::Long;
    QTest::newRow("capital at 15.0001") << capital(15.0001) << AC << SensorRange::OutOfRange;
    QTest::newRow("squadron at 3") << squadron(3) << AS << SensorRange::Short;
    QTest::newRow("squadron at 3.0001") << squadron(3.0001) << AS << SensorRange::Long;
    QTest::newRow("squadron at 12") << squadron(12) << AS << SensorRange::Long;
    QTest::newRow("squadron at 12.0001") << squadron(12.0001) << AS << SensorRange::OutOfRange;
    // Off to the side, 9" from the bow corner (25, 38) along 45 degrees up and right. Seen
    // from the hex the ship lies at 135 degrees on screen (clockwise from +x), 15 degrees
    // from the hex's corner at 120: that corner reaches r cos 15 toward the ship.
    const double d = 9.0;
    const double reach = kHexR * std::cos(15 * kPi / 180);
    const double away = (d + reach) / kSqrt2;
    QTest::newRow("squadron diagonal at 9")
        << hexAt(25 + away, 38 - away) << AS << SensorRange::Long;
    QTest::newRow("squadron diagonal at 12.0001")
        << hexAt(25 + (12.0001 + reach) / kSqrt2, 38 - (12.0001 + reach) / kSqrt2) << AS
        << SensorRange::OutOfRange;
}

void TestGeometryRange::sensorRangeBetweenBases()
{
    QFETCH(BaseShape, target);
    QFETCH(AttackKind, kind);
    QFETCH(SensorRange, band);
    QCOMPARE(sensorRange(shipAt(2, 4, 24, 40, 0), target, kind, 3), band);
}

void TestGeometryRange::alexanderExample()
{
    // "The maximum Sensors Range of the Alexander is 15" for Capital Ship targets and 12"
    // for Squadron targets." With the shipped card: Sensors 3 and its own base.
    const UnitDatabase db = UnitDatabase::loadShipped();
    const Unit *alexander = db.unit(QStringLiteral("alexander"));
    QVERIFY(alexander);
    const int sensors = alexander->sensors.start();
    QCOMPARE(sensors, 3);
    QCOMPARE(maxRange(AttackKind::AntiCapital, sensors), 15.0);
    QCOMPARE(maxRange(AttackKind::AntiSquadron, sensors), 12.0);

    // On the table: the Alexander facing 90 with its bow at x = 10 + length / 2.
    const BaseShape ship(alexander->base, Placement(QPointF(10, 24), 90));
    const double bow = 10 + alexander->base.length / 2;
    const BaseShape capitalAt15 = shipAt(2, 2, bow + 15 + 1, 24, 0);
    const BaseShape capitalBeyond = shipAt(2, 2, bow + 15.01 + 1, 24, 0);
    const BaseShape squadronAt12 = hexAt(bow + 12 + kHexR, 24); // hex corner toward it
    const BaseShape squadronBeyond = hexAt(bow + 12.01 + kHexR, 24);
    JW_COMPARE_CLOSE(jw::distance(ship, capitalAt15), 15.0);
    QCOMPARE(sensorRange(ship, capitalAt15, AttackKind::AntiCapital, sensors), SensorRange::Long);
    QCOMPARE(sensorRange(ship, capitalBeyond, AttackKind::AntiCapital, sensors),
             SensorRange::OutOfRange);
    JW_COMPARE_CLOSE(jw::distance(ship, squadronAt12), 12.0);
    QCOMPARE(sensorRange(ship, squadronAt12, AttackKind::AntiSquadron, sensors), SensorRange::Long);
    QCOMPARE(sensorRange(ship, squadronBeyond, AttackKind::AntiSquadron, sensors),
             SensorRange::OutOfRange);
    // "It is therefore possible for a Model to attack a Capital Ship but not a Squadron that
    // are equidistant from the firing Model": both at 13".
    QCOMPARE(sensorRange(13, AttackKind::AntiCapital, sensors), SensorRange::Long);
    QCOMPARE(sensorRange(13, AttackKind::AntiSquadron, sensors), SensorRange::OutOfRange);
}

void TestGeometryRange::rangeOutlinePath()
{
    // 6" around a 2x4 ship facing 0 at (24, 24): a rounded rectangle.
    const BaseShape ship = shipAt(2, 4, 24, 24, 0);
    const QPainterPath path = rangeOutline(ship, 6);
    QVERIFY(path.contains(QPointF(24, 22 - 5.99)));
    QVERIFY(!path.contains(QPointF(24, 22 - 6.01)));
    QVERIFY(path.contains(QPointF(25 + 5.99, 24)));
    QVERIFY(!path.contains(QPointF(25 + 6.01, 24)));
    // Off the bow corner (25, 22) diagonally: round, not square.
    const QPointF out = QPointF(1, -1) / kSqrt2;
    QVERIFY(path.contains(QPointF(25, 22) + 5.99 * out));
    QVERIFY(!path.contains(QPointF(25, 22) + 6.01 * out));
    QVERIFY(QRectF(19, 16, 12, 16).contains(QPointF(25, 22) + 6.01 * out)); // the square would
    const QRectF box = path.boundingRect();
    JW_COMPARE_NEAR(box.left(), 17.0, 1e-6);
    JW_COMPARE_NEAR(box.top(), 16.0, 1e-6);
    JW_COMPARE_NEAR(box.width(), 14.0, 1e-6);
    JW_COMPARE_NEAR(box.height(), 16.0, 1e-6);
    // Radius 0: the base itself.
    QVERIFY(rangeOutline(ship, 0).contains(QPointF(24.9, 25.9)));
    QVERIFY(!rangeOutline(ship, 0).contains(QPointF(25.1, 24)));
}

void TestGeometryRange::rangeOutlinePolygon_data()
{
    QTest::addColumn<BaseShape>("base");
    QTest::addColumn<double>("radius");
    QTest::addColumn<double>("area");
    // Steiner: a convex shape pushed out by r has area A + P r + pi r^2.
    QTest::newRow("2x4 at 6") << shipAt(2, 4, 24, 24, 30) << 6.0 << 8 + 12 * 6 + kPi * 36;
    QTest::newRow("1.5x3 at 15") << shipAt(1.5, 3, 24, 24, 0) << 15.0 << 4.5 + 9 * 15 + kPi * 225;
    QTest::newRow("hex at 3") << hexAt(24, 24) << 3.0
                              << std::sqrt(3.0) / 2 + 6 * kHexR * 3 + kPi * 9;
}

void TestGeometryRange::rangeOutlinePolygon()
{
    QFETCH(BaseShape, base);
    QFETCH(double, radius);
    QFETCH(double, area);
    const double maxError = 0.005;
    const QPolygonF polygon = jw::rangeOutlinePolygon(base, radius, maxError);
    // Every corner of the polygon on the range line; the chords fall inside it by at most
    // maxError, so the area falls short by at most maxError x the length of the line.
    for (const QPointF &p : polygon)
        JW_COMPARE_NEAR(jw::distance(base, p), radius, 1e-9);
    const double perimeter = 2 * (base.halfWidth() + base.halfLength()) * 2 + 2 * kPi * radius;
    const double a = convex::area(polygon);
    QVERIFY2(a <= area + 1e-9 && a >= area - maxError * perimeter * 1.5,
             qPrintable(show(a) + " vs " + show(area)));
}

QTEST_GUILESS_MAIN(TestGeometryRange)
#include "tst_geometryrange.moc"
