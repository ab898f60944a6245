// SPDX-License-Identifier: GPL-3.0-or-later
// The Attack chapter and the weapon classes (v1.2.2 core rules): each worked example is a
// test, with the legality rules at their limits.
#include "attacktestutil.h"

#include "fleet/upgrade.h"
#include "geometry/measure.h"
#include "units/weaponodds.h"

#include <QJsonArray>
#include <QTest>

using namespace jw;
using namespace jw::test;

Q_DECLARE_METATYPE(jw::SensorRange)

namespace {

int weaponIndex(const Unit &u, const QString &name)
{
    for (int i = 0; i < int(u.weapons.size()); ++i)
        if (u.weapons[std::size_t(i)].name == name)
            return i;
    qFatal("no weapon %s on %s", qPrintable(name), qPrintable(u.name));
    return -1;
}

QString eventData(const GameEvent *e, const char *key)
{
    return e ? e->data.value(QLatin1String(key)).toVariant().toString() : QString();
}

} // namespace

class TestAttack : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void armorExample();
    void kineticCannonExamples_data();
    void kineticCannonExamples();
    void kineticCannonFarthestFirst();
    void missilePreciseAndPointDefense_data();
    void missilePreciseAndPointDefense();
    void evasiveExample();
    void evasiveLimits();
    void particleCannonDisrupts();
    void sensorRangeLimits_data();
    void sensorRangeLimits();
    void sensorRangeMessage();
    void stealthAndEmissions();
    void longRangeSensors();
    void cloakAndEcm();
    void modelArcs();
    void fireControl();
    void weaponOncePerWindow();
    void linkAndArray();
    void lanceWindows();
    void targets();
    void concentratedFireSingleTarget();
    void resultModifiers_data();
    void resultModifiers();
    void barrier();
    void lockOn();
    void beamProjectorReroll();
    void attackOptionsList();
    void pointDefenseAttack();
    void builderOddsUseEnginePool_data();
    void builderOddsUseEnginePool();
};

// Attack › Armor: "A Jovian Alexander is being attacked by a CEGA Wyvern from the front at
// Long Range ... The Alexander's Fore Armor of 1 reduces the Mass Driver's Macro Pool to 0
// ... the CEGA player only rolls 2d6 for the Base Pool. In contrast, the Missiles: AC attack
// is reduced to a negative Macro Pool of -1".
void TestAttack::armorExample()
{
    Table t;
    const int alexander = t.add(QStringLiteral("alexander"), 1, {24, 24});
    const int wyvern = t.add(QStringLiteral("wyvern"), 0, {24, 12}); // 10" ahead of the fore
    t.activate(wyvern);
    const Unit &wu = t.unitOf(wyvern);
    const int massDriver = weaponIndex(wu, QStringLiteral("Mass Driver"));
    const int missiles = weaponIndex(wu, QStringLiteral("Missiles: AC"));

    const AttackCheck md = checkAttack(t.setup, t.state, wyvern, massDriver, alexander);
    QVERIFY2(md.ok(), qPrintable(md.rejection ? md.rejection->toString() : QString()));
    QCOMPARE(md.band, SensorRange::Long);
    QCOMPARE(md.arcs, quint8(ArcFore));
    QCOMPARE(md.pool, (DicePool {2, 0, 0}));
    QVERIFY(md.modifiers.contains(QStringLiteral("+1M Mass Driver Macro")));
    QVERIFY(md.modifiers.contains(QStringLiteral("-1M Fore armor")));

    const AttackCheck ms = checkAttack(t.setup, t.state, wyvern, missiles, alexander);
    QVERIFY(ms.ok());
    QCOMPARE(ms.pool, (DicePool {3, 0, -1}));
    QCOMPARE(ms.modifiers.last(), QStringLiteral("-1M Fore armor"));

    // The negative Macro Pool: the macro die (a 4) downgrades the [D4] to [N].
    const Run missed = attack(t, wyvern, missiles, alexander, {4, 4, 1, 4});
    QCOMPARE(missed.diceLeft, 0u);
    QCOMPARE(eventData(missed.eventsOf(QStringLiteral("hit")).front(), "result"),
             QStringLiteral("[N]"));
    QCOMPARE(missed.state.models[std::size_t(alexander)].defenseLost, 0);

    // 2d6, no macro die: [2, 2] is a [D2].
    const Run hit = attack(t, wyvern, massDriver, alexander, {2, 2});
    QCOMPARE(hit.diceLeft, 0u);
    QCOMPARE(eventData(hit.eventsOf(QStringLiteral("hit")).front(), "result"),
             QStringLiteral("[D2]"));
    QCOMPARE(hit.state.models[std::size_t(alexander)].defenseLost, 1);
    QCOMPARE(hit.state.models[std::size_t(wyvern)].fireControlSpent, 1);
}

void TestAttack::kineticCannonExamples_data()
{
    QTest::addColumn<QString>("attacker");
    QTest::addColumn<int>("primaryBase");
    QTest::addColumn<int>("secondaryBase");
    // "A Javelin has Kinetic Cannon: AC:3, AS:3. It attacks a target Uller Capital Ship with
    // a 3d6 attack. One Syreen ... is attacked with a 2d6 attack."
    QTest::newRow("Javelin") << QStringLiteral("javelin") << 3 << 2;
    // "A Godfire has Kinetic Cannon: AC:3, AS:4 ... The Base Pool for attacking a Squadron
    // would ordinarily be 4d6, is reduced to 3d6."
    QTest::newRow("Godfire") << QStringLiteral("godfire") << 3 << 3;
}

void TestAttack::kineticCannonExamples()
{
    QFETCH(QString, attacker);
    QFETCH(int, primaryBase);
    QFETCH(int, secondaryBase);
    Table t;
    const int shooter = t.add(attacker, 0, {24, 10});
    const int uller = t.add(QStringLiteral("uller"), 1, {24, 20}); // fore edge 8.5" away
    const int syreen = t.add(QStringLiteral("syreen"), 1, {24, 12.5}); // on the line, 1.5" away
    t.activate(shooter);
    const int kc = weaponIndex(t.unitOf(shooter), QStringLiteral("Kinetic Cannon"));

    const AttackCheck c = checkAttack(t.setup, t.state, shooter, kc, uller);
    QVERIFY(c.ok());
    QCOMPARE(c.pool.base, primaryBase);

    // Primary 3B-1M (Fore armor) misses, the secondary target's 1 flex die (short range)
    // rolls too.
    std::vector<int> dice {1, 2, 3, 4};
    for (int i = 0; i < secondaryBase + 1; ++i)
        dice.push_back(i + 1);
    const Run r = attack(t, shooter, kc, uller, dice);
    QCOMPARE(r.diceLeft, 0u);
    const auto attacks = r.eventsOf(QStringLiteral("attack"));
    QCOMPARE(attacks.size(), 2u);
    QCOMPARE(attacks[0]->data.value(QLatin1String("target")).toInt(), uller);
    QCOMPARE(attacks[1]->data.value(QLatin1String("target")).toInt(), syreen);
    QVERIFY(attacks[1]->data.value(QLatin1String("secondary")).toBool());
    QCOMPARE(eventData(attacks[1], "pool"), DicePool({secondaryBase, 1, 0}).toString());
    QVERIFY(attacks[1]
                ->data.value(QLatin1String("modifiers"))
                .toArray()
                .contains(QStringLiteral("-1B Kinetic Cannon secondary target")));
}

// "Attacks on the Secondary Targets are resolved from farthest to nearest from the
// perspective of the attacking model."
void TestAttack::kineticCannonFarthestFirst()
{
    Table t;
    const int javelin = t.add(QStringLiteral("javelin"), 0, {24, 10});
    const int uller = t.add(QStringLiteral("uller"), 1, {24, 20});
    const int nearer
        = t.add(QStringLiteral("syreen"), 1, {24, 12.5}, 0, QStringLiteral("Syreen A"));
    const int farther = t.add(QStringLiteral("syreen"), 1, {24, 16}, 0, QStringLiteral("Syreen B"));
    const int aside = t.add(QStringLiteral("syreen"), 1, {30, 15}, 0, QStringLiteral("Syreen C"));
    t.activate(javelin);
    const int kc = weaponIndex(t.unitOf(javelin), QStringLiteral("Kinetic Cannon"));
    // Primary 3B-1M; Syreen B at 5" (long: 2B); Syreen A at 1.5" (short: 2B+1F).
    const Run r = attack(t, javelin, kc, uller, {1, 2, 3, 4, 1, 2, 3, 4, 5});
    QCOMPARE(r.diceLeft, 0u);
    const auto attacks = r.eventsOf(QStringLiteral("attack"));
    QCOMPARE(attacks.size(), 3u);
    QCOMPARE(attacks[1]->data.value(QLatin1String("target")).toInt(), farther);
    QCOMPARE(eventData(attacks[1], "pool"), QStringLiteral("2B"));
    QCOMPARE(attacks[2]->data.value(QLatin1String("target")).toInt(), nearer);
    QCOMPARE(eventData(attacks[2], "pool"), QStringLiteral("2B+1F"));
    Q_UNUSED(aside);
}

void TestAttack::missilePreciseAndPointDefense_data()
{
    QTest::addColumn<int>("diminish"); // answer to "diminish"; -1: default
    QTest::addColumn<int>("precise"); // answer to "precise"; -1: default
    QTest::addColumn<QString>("hit");
    QTest::addColumn<int>("sensorsLost");
    QTest::addColumn<int>("thrustersLost");
    QTest::addColumn<int>("hangersMarked");
    // The defender's default leaves the attacker the worst: [D3] (a [D5] would be better);
    // with Precise the attacker sends the [D3] where it wants (the Missile example: "[D2]
    // ... to any system or system trait").
    QTest::newRow("default: [D3] to Sensors") << -1 << -1 << "[D3]" << 1 << 0 << 0;
    QTest::newRow("[D3] to Hangers") << -1 << 3 << "[D3]" << 0 << 0 << 1;
    QTest::newRow("defender keeps [D5]: Thrusters") << 1 << -1 << "[D5]" << 0 << 1 << 0;
}

// Weapons › Missile: an Opposed Roll against the target's Point Defense (its Defense, +1
// Flex Die per friendly ship within 3"), Countermeasures re-roll, the Secondary Player
// choosing what to diminish; Missiles are Precise.
void TestAttack::missilePreciseAndPointDefense()
{
    QFETCH(int, diminish);
    QFETCH(int, precise);
    QFETCH(QString, hit);
    QFETCH(int, sensorsLost);
    QFETCH(int, thrustersLost);
    QFETCH(int, hangersMarked);

    Unit frigate = capitalCard(QStringLiteral("frigate"), 4, 4, 3, 3, 2);
    frigate.traits = {systemTrait(QStringLiteral("Hangers"), 2),
                      systemTrait(QStringLiteral("Countermeasures"))};
    Unit striker = squadronCard(QStringLiteral("striker"));
    striker.weapons = {weapon(QStringLiteral("Missiles: AC"), WeaponClass::Missile, 4, 0, 0)};
    Table t;
    const int target = t.add(frigate, 1, {24, 24});
    const int escort = t.add(squadronCard(QStringLiteral("escort")), 1, {27.5, 24});
    const int attacker = t.add(striker, 0, {24, 33}); // 7.5" behind: long range, Aft arc
    t.activate(attacker);

    const AttackCheck c = checkAttack(t.setup, t.state, attacker, 0, target);
    QVERIFY(c.ok());
    QCOMPARE(c.pool, (DicePool {4, 2, 0}));
    QVERIFY(c.modifiers.contains(QStringLiteral("+2F in frigate's Aft arc")));
    QStringList pdMods;
    QCOMPARE(pointDefensePool(t.setup, t.state, target, &pdMods), (DicePool {4, 1, 0}));
    QVERIFY(pdMods.contains(QStringLiteral("+1F escort within 3\"")));
    Q_UNUSED(escort);

    // Attack 3 3 5 5 1 6: [D3,D5]. Point Defense 1 1 2 3 6: [D1], one diminish step.
    const Run r = attack(t, attacker, 0, target, {3, 3, 5, 5, 1, 6, 1, 1, 2, 3, 6},
                         {-1, -1, -1, diminish, precise});
    QCOMPARE(r.diceLeft, 0u);
    QStringList kinds;
    for (const DecisionRequest &q : r.asked)
        kinds << q.kind;
    QCOMPARE(kinds, (QStringList {"flex", "flex", "reroll", "diminish", "precise"}));
    QCOMPARE(r.asked[1].player, 1); // the defender drops its own flex die
    QCOMPARE(r.asked[2].player, 1); // Countermeasures: the defender's re-roll
    QCOMPARE(r.asked[2].defaultOption, 0); // keep a success
    const DecisionRequest *d = r.question(QStringLiteral("diminish"));
    QCOMPARE(d->player, 1);
    QCOMPARE(d->options(), (QStringList {"[D3,D5] becomes [D3]", "[D3,D5] becomes [D5]"}));
    QCOMPARE(eventData(r.eventsOf(QStringLiteral("hit")).front(), "result"), hit);
    const ModelState &m = r.state.models[std::size_t(target)];
    QCOMPARE(m.sensorsLost, sensorsLost);
    QCOMPARE(m.thrustersLost, thrustersLost);
    QCOMPARE(m.traitsDamaged.empty() ? 0 : m.traitsDamaged[0], hangersMarked);
}

// Traits › Evasive: "A Ship with 2 Structure rating and the Evasive trait is attacked by a
// Beam Projector with AC:5 ... the Base Pool is reduced to 2d6 ... add 3d6 to the Macro Pool."
void TestAttack::evasiveExample()
{
    Unit evader = capitalCard(QStringLiteral("evader"), 2);
    evader.traits = {trait(QStringLiteral("Evasive"))};
    Unit laser = capitalCard(QStringLiteral("laser"));
    laser.weapons = {weapon(QStringLiteral("Beam Projector"), WeaponClass::BeamProjector, 5, 3, 0)};
    Table t;
    const int target = t.add(evader, 1, {24, 24});
    const int attacker = t.add(laser, 0, {24, 10}, 180); // 12" apart
    t.activate(attacker);
    const AttackCheck c = checkAttack(t.setup, t.state, attacker, 0, target);
    QVERIFY(c.ok());
    QCOMPARE(c.band, SensorRange::Long);
    QCOMPARE(c.pool, (DicePool {2, 0, 3}));
    QCOMPARE(c.modifiers.last(), QStringLiteral("Evasive evader: Base Pool 5B -> 2B, +3M"));
}

void TestAttack::evasiveLimits()
{
    Unit evader = capitalCard(QStringLiteral("evader"), 2);
    evader.traits = {trait(QStringLiteral("Evasive"))};
    Unit laser = capitalCard(QStringLiteral("laser"));
    laser.weapons = {weapon(QStringLiteral("Beam Projector"), WeaponClass::BeamProjector, 5, 3, 0),
                     weapon(QStringLiteral("Missiles"), WeaponClass::Missile, 5, 3, 0)};
    Table t;
    const int target = t.add(evader, 1, {24, 24});
    const int attacker = t.add(laser, 0, {24, 10}, 180);
    t.activate(attacker);
    // "Evasive has no effect on Missile attacks".
    QCOMPARE(checkAttack(t.setup, t.state, attacker, 1, target).pool, (DicePool {5, 0, 0}));
    // "... does not function if the targeted model has Thrusters 0".
    t.model(target).thrustersLost = 3;
    QCOMPARE(checkAttack(t.setup, t.state, attacker, 0, target).pool, (DicePool {5, 0, 0}));
    t.model(target).thrustersLost = 0;
    // At short range it does not work, unless the model is also Evading.
    t.model(target).placement = Placement({24, 16});
    QCOMPARE(checkAttack(t.setup, t.state, attacker, 0, target).pool, (DicePool {5, 1, 0}));
    t.model(target).set(FlagEvading);
    QCOMPARE(checkAttack(t.setup, t.state, attacker, 0, target).pool, (DicePool {2, 1, 3}));
    // Overthrust: X while Evading.
    t.setup.units[QStringLiteral("evader")].traits.push_back(
        trait(QStringLiteral("Overthrust"), 4));
    QCOMPARE(checkAttack(t.setup, t.state, attacker, 0, target).pool, (DicePool {4, 1, 1}));
}

// Weapons › Particle Cannon, States › Disrupted: a squadron hit loses a Fire Control.
void TestAttack::particleCannonDisrupts()
{
    Table t;
    const int shanyu = t.add(QStringLiteral("shan-yu"), 1, {24, 24});
    const int pathfinder = t.add(QStringLiteral("pathfinder"), 0, {24, 18}); // 4.5" ahead
    t.activate(shanyu);
    const int pc = weaponIndex(t.unitOf(shanyu), QStringLiteral("Particle Cannon"));
    const AttackCheck c = checkAttack(t.setup, t.state, shanyu, pc, pathfinder);
    QVERIFY(c.ok());
    QCOMPARE(c.pool, (DicePool {3, 0, 2}));
    const Run r = attack(t, shanyu, pc, pathfinder, {4, 4, 1, 2, 3});
    QCOMPARE(r.diceLeft, 0u);
    const ModelState &p = r.state.models[std::size_t(pathfinder)];
    QCOMPARE(p.structureLost, 1);
    QVERIFY(p.has(FlagDisrupted));
    QCOMPARE(ModelView(t.unitOf(pathfinder), p).fireControl(), 1);
    QCOMPARE(r.eventsOf(QStringLiteral("state")).size(), 1u);
}

void TestAttack::sensorRangeLimits_data()
{
    QTest::addColumn<bool>("capital");
    QTest::addColumn<double>("distance");
    QTest::addColumn<SensorRange>("band");
    // The Alexander, Sensors 3: 15" against capital ships, 12" against squadrons.
    QTest::newRow("capital 6: short") << true << 6.0 << SensorRange::Short;
    QTest::newRow("capital 6.01: long") << true << 6.01 << SensorRange::Long;
    QTest::newRow("capital 15: long") << true << 15.0 << SensorRange::Long;
    QTest::newRow("capital 15.01: out") << true << 15.01 << SensorRange::OutOfRange;
    QTest::newRow("squadron 3: short") << false << 3.0 << SensorRange::Short;
    QTest::newRow("squadron 3.01: long") << false << 3.01 << SensorRange::Long;
    QTest::newRow("squadron 12: long") << false << 12.0 << SensorRange::Long;
    QTest::newRow("squadron 12.01: out") << false << 12.01 << SensorRange::OutOfRange;
}

void TestAttack::sensorRangeLimits()
{
    QFETCH(bool, capital);
    QFETCH(double, distance);
    QFETCH(SensorRange, band);
    Table t;
    const int alexander = t.add(QStringLiteral("alexander"), 0, {24, 40}); // fore edge y 38.5
    // The Uller faces the Alexander: Fore arc, no arc bonus.
    const int target = capital
        ? t.add(QStringLiteral("uller"), 1, {24, 38.5 - distance - 1.0}, 180)
        : t.add(QStringLiteral("pathfinder"), 1, {24, 38.5 - distance - 0.5});
    t.activate(alexander);
    const AttackCheck c = checkAttack(t.setup, t.state, alexander, 0, target);
    QCOMPARE(c.band, band);
    QVERIFY(qAbs(c.distance - distance) < 1e-6);
    if (band == SensorRange::OutOfRange) {
        QVERIFY(c.rejection);
        QCOMPARE(c.rejection->rule, QStringLiteral("Attack › Sensor Range"));
    } else {
        QVERIFY2(c.ok(), qPrintable(c.rejection ? c.rejection->toString() : QString()));
        QCOMPARE(c.pool.flex, band == SensorRange::Short ? 1 : 0);
    }
}

void TestAttack::sensorRangeMessage()
{
    Table t;
    const int alexander = t.add(QStringLiteral("alexander"), 0, {24, 40});
    const int uller = t.add(QStringLiteral("uller"), 1, {24, 38.5 - 16.2 - 1.0});
    t.activate(alexander);
    const AttackCheck c = checkAttack(t.setup, t.state, alexander, 0, uller);
    QVERIFY(c.rejection);
    QCOMPARE(c.rejection->message(),
             QStringLiteral("Uller is 16.2\" away; Alexander reaches 15\" against capital ships"));
    // Sensors damage: 3" less per rating lost (only the Long Range).
    t.model(alexander).sensorsLost = 4; // Sensors 1 2 2 3: 4 boxes -> 0
    t.model(uller).placement = Placement({24, 38.5 - 6.5 - 1.0});
    const AttackCheck d = checkAttack(t.setup, t.state, alexander, 0, uller);
    QVERIFY(d.rejection);
    QCOMPARE(d.rejection->message(),
             QStringLiteral("Uller is 6.5\" away; Alexander reaches 6\" against capital ships "
                            "(Sensors damaged to 0)"));
}

// Traits › Stealth (-X Sensors), Emissions (+X), Stealthed (+1 Stealth), Snooper, and a
// Wreck (a Large Asteroid: Stealth +1 within 3").
void TestAttack::stealthAndEmissions()
{
    Unit shadow = capitalCard(QStringLiteral("shadow"));
    shadow.traits = {trait(QStringLiteral("Stealth"), 1)};
    Table t;
    const int alexander = t.add(QStringLiteral("alexander"), 0, {24, 40});
    const int target = t.add(shadow, 1, {24, 38.5 - 13.0 - 1.0}); // 13": beyond 12"
    t.activate(alexander);
    const AttackCheck c = checkAttack(t.setup, t.state, alexander, 0, target);
    QVERIFY(c.rejection);
    QCOMPARE(c.rejection->message(),
             QStringLiteral("shadow is 13\" away; Alexander reaches 12\" against capital ships "
                            "(Stealth 1)"));
    t.model(target).placement = Placement({24, 38.5 - 12.0 - 1.0});
    QVERIFY(checkAttack(t.setup, t.state, alexander, 0, target).ok());
    t.model(target).set(FlagStealthed); // Stealth 2: 9"
    QVERIFY(!checkAttack(t.setup, t.state, alexander, 0, target).ok());
    // Emissions 1: Sensors 3 + 1 - 2, 12" again.
    t.setup.units[QStringLiteral("shadow")].traits.push_back(trait(QStringLiteral("Emissions"), 1));
    QVERIFY(checkAttack(t.setup, t.state, alexander, 0, target).ok());
    // A Wreck within 3" of the target: one more Stealth.
    t.state.wrecks.push_back(Wreck {QPointF(28, 25.5), 2.0, QStringLiteral("old")});
    QVERIFY(!checkAttack(t.setup, t.state, alexander, 0, target).ok());
    // Snooper ignores the Stealth of the model it attacks.
    t.setup.units[QStringLiteral("alexander")].traits.push_back(
        systemTrait(QStringLiteral("Snooper")));
    QVERIFY(checkAttack(t.setup, t.state, alexander, 0, target).ok());
}

// Actions › Long Range Sensors: Short Range 12", Long Range to 12" + 6" x Sensors, no flank
// or rear bonus, one Capital Ship target; a Skill Test of [N] Diminishes every result.
void TestAttack::longRangeSensors()
{
    Table t;
    const int alexander = t.add(QStringLiteral("alexander"), 0, {24, 46});
    const int uller = t.add(QStringLiteral("uller"), 1, {24, 44.5 - 30.0 - 1.0}); // 30": its Aft
    const int pathfinder = t.add(QStringLiteral("pathfinder"), 1, {30, 40});
    t.activate(alexander, ActionId::LongRangeSensors, Magnitude::N);
    const int kc = weaponIndex(t.unitOf(alexander), QStringLiteral("Kinetic Cannon"));
    const AttackCheck far = checkAttack(t.setup, t.state, alexander, 0, uller);
    QVERIFY2(far.ok(), qPrintable(far.rejection ? far.rejection->toString() : QString()));
    QCOMPARE(far.band, SensorRange::Long);
    QCOMPARE(far.pool, (DicePool {3, 0, 1})); // no +2F for the Aft arc
    QCOMPARE(checkAttack(t.setup, t.state, alexander, 0, pathfinder).rejection->rule,
             QStringLiteral("Actions › Long Range Sensors"));
    t.model(uller).placement = Placement({24, 44.5 - 30.01 - 1.0});
    QCOMPARE(checkAttack(t.setup, t.state, alexander, 0, uller).band, SensorRange::OutOfRange);
    t.model(uller).placement = Placement({24, 44.5 - 12.0 - 1.0});
    QCOMPARE(checkAttack(t.setup, t.state, alexander, 0, uller).band, SensorRange::Short);
    // The test rolled [N]: the [D3] is Diminished.
    const Run r = attack(t, alexander, kc, uller, {3, 3});
    QCOMPARE(r.diceLeft, 0u);
    QCOMPARE(eventData(r.eventsOf(QStringLiteral("hit")).front(), "result"), QStringLiteral("[N]"));
}

// Traits › Cloak: a [D+] Skill Test to target it at Long Sensor Range, one per target, a
// failure keeps the Fire Control but forbids the target this turn. ECM removes Flex Dice
// from Attack Bonuses.
void TestAttack::cloakAndEcm()
{
    Table t;
    const int alexander = t.add(QStringLiteral("alexander"), 0, {24, 40});
    // Kitsune (Cloak, Stealth 1, ECM 2) facing the Alexander, 5" away: short range.
    const int kitsune = t.add(QStringLiteral("kitsune"), 1, {24, 38.5 - 5.0 - 1.5}, 180);
    t.activate(alexander);
    const int kc = weaponIndex(t.unitOf(alexander), QStringLiteral("Kinetic Cannon"));
    const AttackCheck near = checkAttack(t.setup, t.state, alexander, 0, kitsune);
    QVERIFY(near.ok());
    QCOMPARE(near.pool, (DicePool {3, 0, 1}));
    QVERIFY(near.modifiers.contains(QStringLiteral("+1F short range")));
    QVERIFY(near.modifiers.contains(QStringLiteral("-1F Kitsune's ECM")));

    // 8": Long range (Sensors 3 - Stealth 1 reach 12").
    t.model(kitsune).placement = Placement({24, 38.5 - 8.0 - 1.5}, 180);
    const Run failed = attack(t, alexander, kc, kitsune, {1, 2});
    QCOMPARE(failed.diceLeft, 0u);
    QCOMPARE(failed.state.models[std::size_t(alexander)].fireControlSpent, 0);
    QCOMPARE(failed.state.activation->cloakFailed, std::vector<int> {kitsune});
    QVERIFY(failed.state.activation->weaponsUsed.empty());
    const AttackCheck after = checkAttack(t.setup, failed.state, alexander, 0, kitsune);
    QVERIFY(after.rejection);
    QCOMPARE(after.rejection->rule, QStringLiteral("Traits › Cloak"));

    // Passed (a [D4]): the attack goes on; the next weapon needs no test.
    const Run passed = attack(t, alexander, kc, kitsune, {4, 4, 1, 2});
    QCOMPARE(passed.diceLeft, 0u);
    QCOMPARE(passed.state.activation->cloakPassed, std::vector<int> {kitsune});
    QCOMPARE(passed.state.models[std::size_t(alexander)].fireControlSpent, 1);
    Table next = t;
    next.state = passed.state;
    const Run again = attack(next, alexander, 1, kitsune, {1, 2, 3, 4, 6});
    QCOMPARE(again.diceLeft, 0u);
    QCOMPARE(again.eventsOf(QStringLiteral("roll")).size(), 1u);
}

// Attack › Model Arcs: a Fore weapon cannot fire aft; a squadron fires in any direction.
void TestAttack::modelArcs()
{
    Table t;
    const int alexander = t.add(QStringLiteral("alexander"), 0, {24, 24});
    const int ahead = t.add(QStringLiteral("uller"), 1, {24, 15});
    const int behind = t.add(QStringLiteral("uller"), 1, {24, 33});
    t.activate(alexander);
    const int missiles = weaponIndex(t.unitOf(alexander), QStringLiteral("Missiles: AC"));
    QVERIFY(checkAttack(t.setup, t.state, alexander, missiles, ahead).ok());
    const AttackCheck c = checkAttack(t.setup, t.state, alexander, missiles, behind);
    QVERIFY(c.rejection);
    QCOMPARE(c.rejection->rule, QStringLiteral("Attack › Model Arcs"));
    QCOMPARE(c.rejection->message(),
             QStringLiteral("Uller is not in the F arc of Alexander's Missiles: AC"));
    // The Turret Beam Projector fires aft; the attacker is in the Uller's Fore arc (its
    // armor) - the Uller faces 0 and the Alexander is behind it... ahead: in its Aft arc.
    const AttackCheck aft = checkAttack(t.setup, t.state, alexander, 0, ahead);
    QCOMPARE(aft.arcs, quint8(ArcAft));
    QVERIFY(aft.modifiers.contains(QStringLiteral("+2F in Uller's Aft arc")));
    const AttackCheck fore = checkAttack(t.setup, t.state, alexander, 0, behind);
    QCOMPARE(fore.arcs, quint8(ArcFore));
    QVERIFY(fore.modifiers.contains(QStringLiteral("-1M Fore armor")));
    // Port/Starboard: +1F and the side armor.
    const int side = t.add(QStringLiteral("uller"), 1, {33, 24}, 0);
    const AttackCheck s = checkAttack(t.setup, t.state, alexander, 0, side);
    QCOMPARE(s.arcs, quint8(ArcPort));
    QVERIFY(s.modifiers.contains(QStringLiteral("+1F in Uller's Port arc")));
    QVERIFY(s.modifiers.contains(QStringLiteral("-1M Port armor")));
}

void TestAttack::fireControl()
{
    Table t;
    const int alexander = t.add(QStringLiteral("alexander"), 0, {24, 24});
    const int uller = t.add(QStringLiteral("uller"), 1, {24, 15});
    t.activate(alexander);
    t.model(alexander).fireControlSpent = 3;
    const AttackCheck c = checkAttack(t.setup, t.state, alexander, 0, uller);
    QVERIFY(c.rejection);
    QCOMPARE(c.rejection->rule, QStringLiteral("Attack › Fire Control"));
    // Crippled: Fire Control 1.
    t.model(alexander).fireControlSpent = 1;
    QVERIFY(checkAttack(t.setup, t.state, alexander, 0, uller).ok());
    t.model(alexander).set(FlagCrippled);
    QVERIFY(!checkAttack(t.setup, t.state, alexander, 0, uller).ok());
}

// "Weapons may not be used more than one time per Attack Window."
void TestAttack::weaponOncePerWindow()
{
    Table t;
    const int alexander = t.add(QStringLiteral("alexander"), 0, {24, 24});
    const int uller = t.add(QStringLiteral("uller"), 1, {24, 15});
    t.activate(alexander);
    const int kc = weaponIndex(t.unitOf(alexander), QStringLiteral("Kinetic Cannon"));
    // Kinetic Cannon AC 1: the Base Pool of 1 rule rolls 2d6, no flex, no macro.
    const Run r = attack(t, alexander, kc, uller, {1, 2});
    QCOMPARE(r.diceLeft, 0u);
    Table after = t;
    after.state = r.state;
    const AttackCheck c = checkAttack(after.setup, after.state, alexander, kc, uller);
    QVERIFY(c.rejection);
    QCOMPARE(c.rejection->rule, QStringLiteral("Attack › Attack Window"));
    // A damaged weapon cannot be used.
    t.model(alexander).weaponsDamaged = {0, 0, 1};
    QCOMPARE(checkAttack(t.setup, t.state, alexander, kc, uller).rejection->rule,
             QStringLiteral("Damage › Weapon Damage"));
    // Not activating: no Activation window.
    t.state.activation.reset();
    QCOMPARE(checkAttack(t.setup, t.state, alexander, 0, uller).rejection->rule,
             QStringLiteral("Attack › Attack Window"));
}

// Link: every weapon of the entry attacks the target for one Fire Control, rolled
// separately. Array: two attacks, each a Fire Control.
void TestAttack::linkAndArray()
{
    Table t;
    const int alexander = t.add(QStringLiteral("alexander"), 0, {24, 24});
    const int uller = t.add(QStringLiteral("uller"), 1, {24, 15.5}); // 6": short; Aft arc
    t.activate(alexander);
    // Beam Projector x2 Link: 3B+1F(short)+2F(aft)+1M each; a success is kept (no re-roll).
    const Run r = attack(t, alexander, 0, uller, {1, 1, 2, 3, 4, 6, 2, 3, 3, 4, 5, 6, 1, 5});
    QCOMPARE(r.diceLeft, 0u);
    QCOMPARE(r.eventsOf(QStringLiteral("attack")).size(), 2u);
    QCOMPARE(r.state.models[std::size_t(alexander)].fireControlSpent, 1);
    QCOMPARE(r.state.activation->weaponsUsed, (std::vector<int> {0, 0}));

    Unit gunship = capitalCard(QStringLiteral("gunship"));
    gunship.weapons = {weapon(QStringLiteral("Battery"), WeaponClass::KineticCannon, 1, 1, 0,
                              ArcTurret, {QStringLiteral("Array")})};
    Table a;
    const int g = a.add(gunship, 0, {24, 24});
    const int u = a.add(QStringLiteral("uller"), 1, {24, 15});
    a.activate(g);
    a.state.activation->weaponsUsed = {0};
    QVERIFY(checkAttack(a.setup, a.state, g, 0, u).ok());
    a.state.activation->weaponsUsed = {0, 0};
    QCOMPARE(checkAttack(a.setup, a.state, g, 0, u).rejection->rule,
             QStringLiteral("Attack › Attack Window"));
}

// Weapons › Lance: "A Lance can only be used in an Assault, Bombing, or Dogfight"; it rolls
// the attacker's Skill; Fuel adds +1B each.
void TestAttack::lanceWindows()
{
    Table t;
    const int pathfinder = t.add(QStringLiteral("pathfinder"), 0, {24, 22.5}); // in contact
    const int alexander = t.add(QStringLiteral("alexander"), 1, {24, 24.5});
    t.activate(pathfinder);
    const int lance = weaponIndex(t.unitOf(pathfinder), QStringLiteral("Plasma Lance"));
    const AttackCheck c = checkAttack(t.setup, t.state, pathfinder, lance, alexander);
    QVERIFY(c.rejection);
    QCOMPARE(c.rejection->rule, QStringLiteral("Weapons › Lance"));
    QCOMPARE(c.rejection->message(),
             QStringLiteral("a Lance can only be used in an Assault, Bombing, or Dogfight"));
    // Assault: Skill 2, +2F, no Armor.
    const AttackCheck a
        = checkAttack(t.setup, t.state, pathfinder, lance, alexander, AttackWindow::Assault);
    QVERIFY(a.ok());
    QCOMPARE(a.pool, (DicePool {2, 2, 0}));
    // Spending 1 Fuel: 3B+2F. Answers: lance-fuel 1, then the flex choice (default).
    const Run r
        = attack(t, pathfinder, lance, alexander, {5, 5, 5, 1, 2}, {1}, AttackWindow::Assault);
    QCOMPARE(r.diceLeft, 0u);
    QCOMPARE(r.asked.front().kind, QStringLiteral("lance-fuel"));
    QCOMPARE(r.state.models[std::size_t(pathfinder)].fuelSpent, 1);
    QCOMPARE(eventData(r.eventsOf(QStringLiteral("hit")).front(), "result"),
             QStringLiteral("[T5]"));
    // [T5]: -1 Structure and a Critical Hit.
    QCOMPARE(r.state.models[std::size_t(alexander)].structureLost, 1);
    QCOMPARE(r.eventsOf(QStringLiteral("critical")).size(), 1u);
    // Outside an Assault or Bombing Run a squadron attacks squadrons in a Dogfight only.
    QCOMPARE(checkAttack(t.setup, t.state, pathfinder, lance, alexander, AttackWindow::Dogfight)
                 .rejection->rule,
             QStringLiteral("Dogfight"));
}

void TestAttack::targets()
{
    Table t;
    const int alexander = t.add(QStringLiteral("alexander"), 0, {24, 24});
    const int friendOnTable = t.add(QStringLiteral("valiant"), 0, {24, 15});
    const int reserve = t.add(QStringLiteral("uller"), 1, {10, 10});
    t.model(reserve).location = Location::Reserve;
    t.activate(alexander);
    QCOMPARE(checkAttack(t.setup, t.state, alexander, 0, friendOnTable).rejection->message(),
             QStringLiteral("Valiant is a friendly model"));
    QCOMPARE(checkAttack(t.setup, t.state, alexander, 0, reserve).rejection->message(),
             QStringLiteral("Uller is not on the table (reserve)"));
    // A rating of 0 rolls nothing: the Wyvern's Missiles: AC (AS 0) at a squadron.
    Table s;
    const int wyvern = s.add(QStringLiteral("wyvern"), 0, {24, 24});
    const int pathfinder = s.add(QStringLiteral("pathfinder"), 1, {24, 20});
    s.activate(wyvern);
    const int missiles = weaponIndex(s.unitOf(wyvern), QStringLiteral("Missiles: AC"));
    const AttackCheck c = checkAttack(s.setup, s.state, wyvern, missiles, pathfinder);
    QCOMPARE(c.rejection->rule, QStringLiteral("Weapons › Weapon Attributes"));
    // An Assaulting squadron: only Macro 0 weapons, results Diminished.
    s.model(pathfinder).set(FlagAssaulting);
    const int massDriver = weaponIndex(s.unitOf(wyvern), QStringLiteral("Mass Driver"));
    QCOMPARE(checkAttack(s.setup, s.state, wyvern, massDriver, pathfinder).rejection->rule,
             QStringLiteral("States › Assaulting"));
    const int beam = weaponIndex(s.unitOf(wyvern), QStringLiteral("Beam Projector"));
    const Run r = attack(s, wyvern, beam, pathfinder, {3, 3, 1}); // [D3] -> [N]
    QCOMPARE(r.diceLeft, 0u);
    QCOMPARE(eventData(r.eventsOf(QStringLiteral("hit")).front(), "result"), QStringLiteral("[N]"));
    // v1.2.3 keeps the Macro 0 restriction but not the Diminish: the same roll is [D3].
    Table v123(QStringLiteral("v1.2.3"));
    const int wyvern3 = v123.add(QStringLiteral("wyvern"), 0, {24, 24});
    const int pathfinder3 = v123.add(QStringLiteral("pathfinder"), 1, {24, 20});
    v123.activate(wyvern3);
    v123.model(pathfinder3).set(FlagAssaulting);
    QCOMPARE(checkAttack(v123.setup, v123.state, wyvern3, massDriver, pathfinder3).rejection->rule,
             QStringLiteral("States › Assaulting"));
    const Run r3 = attack(v123, wyvern3, beam, pathfinder3, {3, 3, 1});
    QCOMPARE(eventData(r3.eventsOf(QStringLiteral("hit")).front(), "result"),
             QStringLiteral("[D3]"));
}

// Concentrated Fire: a single Capital Ship target, +1F for non-Missile attacks; [D+]
// re-rolls an [N].
void TestAttack::concentratedFireSingleTarget()
{
    Table t;
    const int alexander = t.add(QStringLiteral("alexander"), 0, {24, 24});
    const int first = t.add(QStringLiteral("uller"), 1, {24, 15});
    const int second = t.add(QStringLiteral("uller"), 1, {33, 24});
    const int squadron = t.add(QStringLiteral("wyvern"), 1, {24, 30});
    t.activate(alexander, ActionId::ConcentratedFire, Magnitude::D);
    const int kc = weaponIndex(t.unitOf(alexander), QStringLiteral("Kinetic Cannon"));
    QCOMPARE(checkAttack(t.setup, t.state, alexander, kc, squadron).rejection->rule,
             QStringLiteral("Actions › Concentrated Fire"));
    const AttackCheck c = checkAttack(t.setup, t.state, alexander, 0, first);
    QVERIFY(c.modifiers.contains(QStringLiteral("+1F Concentrated Fire")));
    // The Kinetic Cannon (AC 1: 2d6) rolls [N], re-rolled by Concentrated Fire.
    const Run r = attack(t, alexander, kc, first, {1, 2, 4, 4});
    QCOMPARE(r.diceLeft, 0u);
    QCOMPARE(r.question(QStringLiteral("reroll"))->defaultOption, 1);
    Table after = t;
    after.state = r.state;
    QCOMPARE(checkAttack(after.setup, after.state, alexander, 0, second).rejection->message(),
             QStringLiteral("Alexander has chosen Uller as its single target"));
    QVERIFY(checkAttack(after.setup, after.state, alexander, 0, first).ok());
}

void TestAttack::resultModifiers_data()
{
    QTest::addColumn<int>("weaponClass");
    QTest::addColumn<QString>("weaponTrait");
    QTest::addColumn<QString>("targetTrait");
    QTest::addColumn<QList<int>>("dice");
    QTest::addColumn<QString>("result");
    const int beam = int(WeaponClass::BeamProjector);
    const int missile = int(WeaponClass::Missile);
    const int mass = int(WeaponClass::MassDriver);
    const int particle = int(WeaponClass::ParticleCannon);
    const int kinetic = int(WeaponClass::KineticCannon);
    // Energy Armor: Beam Projector or Particle Cannon results of Value 1, 3 or 5 diminished.
    QTest::newRow("energy armor [D3]") << beam << ""
                                       << "Energy Armor" << QList<int> {3, 3, 6} << "[N]";
    QTest::newRow("energy armor [D4]") << particle << ""
                                       << "Energy Armor" << QList<int> {4, 4, 6} << "[D4]";
    QTest::newRow("energy armor ignores KC") << kinetic << ""
                                             << "Energy Armor" << QList<int> {3, 3, 6} << "[D3]";
    // Reactive Armor: Mass Driver, Kinetic Cannon or Missile.
    QTest::newRow("reactive armor [T5]") << mass << ""
                                         << "Reactive Armor" << QList<int> {5, 5, 5} << "[D5]";
    QTest::newRow("reactive armor [D2]")
        << missile << ""
        << "Reactive Armor" << QList<int> {2, 2, 6, 1, 2} << "[D2]";
    // Nuke escalates, Swarm diminishes [T+].
    QTest::newRow("nuke [D2]") << missile << "Nuke"
                               << "" << QList<int> {2, 2, 6, 1, 2} << "[T2]";
    QTest::newRow("nuke and reactive [D3]")
        << missile << "Nuke"
        << "Reactive Armor" << QList<int> {3, 3, 6, 1, 2} << "[N]";
    QTest::newRow("swarm [T4]") << missile << "Swarm"
                                << "" << QList<int> {4, 4, 4, 1, 2} << "[D4]";
    QTest::newRow("swarm [D4]") << missile << "Swarm"
                                << "" << QList<int> {4, 4, 1, 1, 2} << "[D4]";
}

void TestAttack::resultModifiers()
{
    QFETCH(int, weaponClass);
    QFETCH(QString, weaponTrait);
    QFETCH(QString, targetTrait);
    QFETCH(QList<int>, dice);
    QFETCH(QString, result);
    // Defense 0: a Missile's Point Defense rolls 2d6 (Less than 2d6); the rows give it
    // [1, 2], an [N] that changes nothing.
    Unit target = capitalCard(QStringLiteral("target"), 6, 0);
    target.defense = Track {};
    if (!targetTrait.isEmpty())
        target.traits = {trait(targetTrait)};
    Unit shooter = squadronCard(QStringLiteral("shooter"));
    shooter.weapons = {weapon(QStringLiteral("Gun"), WeaponClass(weaponClass), 3, 3, 0, ArcNone,
                              weaponTrait.isEmpty() ? QStringList() : QStringList {weaponTrait})};
    Table t;
    const int tid = t.add(target, 1, {24, 24});
    const int sid = t.add(shooter, 0, {24, 15}); // 7.5" ahead: long range, Fore arc
    t.activate(sid);
    const Run r = attack(t, sid, 0, tid, std::vector<int>(dice.begin(), dice.end()));
    QVERIFY2(!r.rejection, qPrintable(r.rejection ? r.rejection->toString() : QString()));
    QCOMPARE(r.diceLeft, 0u);
    QCOMPARE(eventData(r.eventsOf(QStringLiteral("hit")).front(), "result"), result);
}

// Traits › Barrier: Kinetic Cannon, Mass Driver and Missile attacks on itself or friends
// within 3" are opposed by its Defense, with no help.
void TestAttack::barrier()
{
    Unit wall = capitalCard(QStringLiteral("wall"), 4, 3);
    wall.traits = {trait(QStringLiteral("Barrier"))};
    Unit target = capitalCard(QStringLiteral("target"));
    target.defense = Track {};
    Unit shooter = squadronCard(QStringLiteral("shooter"));
    shooter.weapons
        = {weapon(QStringLiteral("Cannon"), WeaponClass::KineticCannon, 3, 3, 0, ArcNone),
           weapon(QStringLiteral("Laser"), WeaponClass::BeamProjector, 3, 3, 0, ArcNone)};
    Table t;
    const int tid = t.add(target, 1, {24, 24});
    t.add(wall, 1, {28, 24}); // 2" away
    const int sid = t.add(shooter, 0, {24, 15});
    t.activate(sid);
    // Cannon [D2]; Barrier 3B rolls [D4]: the [D2] is diminished.
    const Run r = attack(t, sid, 0, tid, {2, 2, 6, 4, 4, 1});
    QCOMPARE(r.diceLeft, 0u);
    QCOMPARE(eventData(r.eventsOf(QStringLiteral("hit")).front(), "result"), QStringLiteral("[N]"));
    // A Beam Projector is not opposed.
    const Run b = attack(t, sid, 1, tid, {3, 3, 6});
    QCOMPARE(b.diceLeft, 0u);
    QCOMPARE(eventData(b.eventsOf(QStringLiteral("hit")).front(), "result"),
             QStringLiteral("[D3]"));
}

// Lock On: one more Fire Control; an [N] may be re-rolled and the Values of [D] and [T]
// results chosen.
void TestAttack::lockOn()
{
    Table t;
    const int alexander = t.add(QStringLiteral("alexander"), 0, {24, 24});
    Unit target = capitalCard(QStringLiteral("target"));
    const int tid = t.add(target, 1, {24, 15});
    t.activate(alexander, ActionId::LockOn);
    const int kc = weaponIndex(t.unitOf(alexander), QStringLiteral("Kinetic Cannon"));
    // lock-on: yes; [N] -> re-roll (default); [D1] -> Value 5 (answer 4): Thrusters.
    const Run r = attack(t, alexander, kc, tid, {1, 2, 1, 1}, {0, -1, 4});
    QCOMPARE(r.diceLeft, 0u);
    QStringList kinds;
    for (const DecisionRequest &q : r.asked)
        kinds << q.kind;
    QCOMPARE(kinds, (QStringList {"lock-on", "reroll", "lock-on-value"}));
    QCOMPARE(r.state.models[std::size_t(alexander)].fireControlSpent, 2);
    QCOMPARE(r.state.models[std::size_t(tid)].thrustersLost, 1);
    QCOMPARE(r.state.models[std::size_t(tid)].defenseLost, 0);
}

// Beam Projector: "may re-roll attacks" - the default re-rolls only an [N].
void TestAttack::beamProjectorReroll()
{
    Unit target = capitalCard(QStringLiteral("target"));
    Unit shooter = squadronCard(QStringLiteral("shooter"));
    shooter.weapons
        = {weapon(QStringLiteral("Laser"), WeaponClass::BeamProjector, 2, 2, 0, ArcNone)};
    Table t;
    const int tid = t.add(target, 1, {24, 24});
    const int sid = t.add(shooter, 0, {24, 15});
    t.activate(sid);
    const Run miss = attack(t, sid, 0, tid, {1, 2, 3, 3});
    QCOMPARE(miss.diceLeft, 0u);
    QCOMPARE(miss.state.models[std::size_t(tid)].sensorsLost, 1);
    // A success may be re-rolled too, if the attacker wants: only once.
    const Run again = attack(t, sid, 0, tid, {1, 1, 5, 5}, {1});
    QCOMPARE(again.diceLeft, 0u);
    QCOMPARE(again.asked.size(), 1u);
    QCOMPARE(again.state.models[std::size_t(tid)].thrustersLost, 1);
    QCOMPARE(again.state.models[std::size_t(tid)].defenseLost, 0);
}

void TestAttack::attackOptionsList()
{
    Table t;
    const int alexander = t.add(QStringLiteral("alexander"), 0, {24, 24});
    t.add(QStringLiteral("uller"), 1, {24, 15});
    t.add(QStringLiteral("uller"), 1, {24, 45}); // 19.5" behind: out of range
    t.add(QStringLiteral("valiant"), 0, {34, 24}); // friendly: not listed
    t.activate(alexander);
    const auto options = attackOptions(t.setup, t.state, alexander);
    QCOMPARE(options.size(), 3u * 2u);
    int ok = 0;
    for (const AttackOption &o : options)
        ok += o.check.ok() ? 1 : 0;
    QCOMPARE(ok, 3); // every weapon at the Uller ahead (Missiles: AC is Fore)
}

// Attack › Point Defense (Assault, Bombing Run, Engage Point Defense): Defense as the Base
// Pool, +1 Flex Die per friendly ship within 3" (and Drones), an unopposed roll, damage.
void TestAttack::pointDefenseAttack()
{
    Table t;
    const int shanyu = t.add(QStringLiteral("shan-yu"), 1, {24, 24});
    t.add(QStringLiteral("ryu"), 1, {27, 24}); // a friend within 3"
    const int pathfinder = t.add(QStringLiteral("pathfinder"), 0, {24, 22.5}); // assaulting
    QStringList mods;
    QCOMPARE(pointDefensePool(t.setup, t.state, shanyu, &mods), (DicePool {5, 2, 0}));
    QCOMPARE(mods, (QStringList {"5B Shan-Yu's Defense", "+1F Ryu within 3\"", "+1F Drones"}));
    DiceResult result;
    const Run r = run(t,
                      [&](GameState &s, DiceSource &d, Chooser &c, std::vector<GameEvent> &e) {
                          result
                              = resolvePointDefenseAttack(t.setup, s, shanyu, pathfinder, d, c, e);
                          return std::optional<Rejection>();
                      },
                      {6, 6, 6, 1, 2, 3, 4});
    QCOMPARE(r.diceLeft, 0u);
    QCOMPARE(result.toString(), QStringLiteral("[T6]")); // an Assault is driven off
    QCOMPARE(r.state.models[std::size_t(pathfinder)].structureLost, 2);
}

QTEST_GUILESS_MAIN(TestAttack)
// Issue 15, "one rule, one place": the fleet builder's odds (units/weaponodds.h) roll the
// pool the engine builds for the same weapon in the same situation (the target's Fore arc,
// not Station Keeping, no ECM nor Evasive), Ace Pilot included (the builder ignored it).
void TestAttack::builderOddsUseEnginePool_data()
{
    QTest::addColumn<bool>("capitalTarget");
    QTest::addColumn<bool>("shortRange");
    QTest::addColumn<QStringList>("upgrades");
    QTest::addColumn<QStringList>("traits");
    QTest::addColumn<int>("aceFlex"); // the Flex die that Ace adds, 0 or 1

    const QStringList ace {Upgrade::kAcePilot};
    const QStringList none;
    QTest::newRow("Ace Pilot, capital ship, short") << true << true << ace << none << 1;
    QTest::newRow("Ace Pilot, capital ship, long") << true << false << ace << none << 1;
    QTest::newRow("Ace Pilot, squadron, short") << false << true << ace << none << 1;
    QTest::newRow("Ace Pilot, squadron, long") << false << false << ace << none << 1;
    QTest::newRow("Ace Pilot and Sniper") << true << false << ace << QStringList {"Sniper"} << 1;
    QTest::newRow("Fuel Pods only")
        << true << true << QStringList {Upgrade::kFuelPods} << none << 0;
    QTest::newRow("no upgrade") << false << false << none << none << 0;
}

void TestAttack::builderOddsUseEnginePool()
{
    QFETCH(bool, capitalTarget);
    QFETCH(bool, shortRange);
    QFETCH(QStringList, upgrades);
    QFETCH(QStringList, traits);
    QFETCH(int, aceFlex);

    Unit striker = squadronCard(QStringLiteral("striker"));
    striker.weapons = {
        weapon(QStringLiteral("Mass Driver"), WeaponClass::MassDriver, 3, 2, 1, ArcTurret, traits)};
    Unit frigate = capitalCard(QStringLiteral("frigate"));
    frigate.armor.fore = 1;
    const Unit target = capitalTarget ? frigate : squadronCard(QStringLiteral("target"));

    Table t(QStringLiteral("v1.2.3"));
    const int defender = t.add(target, 1, {24, 24});
    // Ahead of the target (its Fore arc): 2" (short) or 7" (long) base to base.
    const int attacker = t.add(striker, 0, {24, shortRange ? 20.5 : 15.5});
    t.setup.players[0].fleet.entries.push_back(FleetEntry {striker.id, {}, {}, upgrades});
    t.model(attacker).entry = 0;
    t.activate(attacker);

    const AttackCheck c = checkAttack(t.setup, t.state, attacker, 0, defender);
    QVERIFY2(c.ok(), qPrintable(c.rejection ? c.rejection->message() : QString()));
    QCOMPARE(c.band, shortRange ? SensorRange::Short : SensorRange::Long);

    const AttackContext ctx {capitalTarget ? TargetKind::CapitalShip : TargetKind::Squadron,
                             shortRange ? RangeBand::Short : RangeBand::Long,
                             capitalTarget ? frigate.armor.fore : 0, true, upgrades};
    const WeaponDamageOdds o = weaponDamageOdds(striker, striker.weapons[0], ctx);
    QVERIFY(o.usable);
    QCOMPARE(o.pool, c.pool);
    // The Ace Flex die is there (the old builder's pool lacked it).
    const int sniper = traits.contains(QStringLiteral("Sniper")) ? 1 : 0;
    QCOMPARE(o.pool.flex, (shortRange ? 1 : 0) + aceFlex + sniper);
    QCOMPARE(c.modifiers.contains(QStringLiteral("+1F Ace")), aceFlex == 1);
    // The same exact odds: P(at least one success) of the engine's pool.
    double pNone = 0;
    for (const DiceOdds::Outcome &out : computeOdds(c.pool).outcomes)
        pNone += (out.d + out.t + out.q) == 0 ? out.p : 0;
    QCOMPARE(o.pSuccess, 1.0 - pNone);
}

#include "tst_attack.moc"
