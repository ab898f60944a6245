// SPDX-License-Identifier: GPL-3.0-or-later
// Expected damage per weapon (the fleet builder's comparison figures).
#include "units/weaponodds.h"

#include <QTest>

#include <cmath>

using namespace jw;

namespace {

Weapon weapon(WeaponClass c, int ac, int as, int macro, QStringList traits = {})
{
    Weapon w;
    w.name = QStringLiteral("test");
    w.weaponClass = c;
    w.ac = ac;
    w.as = as;
    w.macro = macro;
    for (const QString &t : traits)
        w.traits.push_back(TraitRef {t, std::nullopt, false, 0});
    return w;
}

bool near(double a, double b)
{
    return std::abs(a - b) < 1e-12;
}

} // namespace

class TestWeaponOdds : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void poolFromRangeAndArmor()
    {
        Unit u;
        u.skill = 3;
        const Weapon w = weapon(WeaponClass::MassDriver, 4, 2, 2);
        AttackContext c {TargetKind::CapitalShip, RangeBand::Short, 1, true};
        QCOMPARE(weaponDamageOdds(u, w, c).pool, (DicePool {4, 1, 1}));
        c.range = RangeBand::Long;
        c.targetArmor = 3;
        QCOMPARE(weaponDamageOdds(u, w, c).pool, (DicePool {4, 0, -1}));
        c.target = TargetKind::Squadron; // squadrons have no armor
        QCOMPARE(weaponDamageOdds(u, w, c).pool, (DicePool {2, 0, 2}));
        // Ace and Sniper each add a flex die; a Lance rolls the Skill.
        const Weapon lance = [] {
            Weapon l = weapon(WeaponClass::Lance, 0, 0, 0, {QStringLiteral("Ace")});
            l.ac.reset();
            l.as.reset();
            return l;
        }();
        QCOMPARE(weaponDamageOdds(u, lance, c).pool, (DicePool {3, 1, 0}));
        // A weapon with AS 0 does nothing to squadrons.
        QVERIFY(!weaponDamageOdds(u, weapon(WeaponClass::Missile, 6, 0, 3), c).usable);
    }

    // The Ace Pilot upgrade of the fleet entry gives Ace (+1 Flex), as in the engine
    // (tst_attack's builderOddsUseEnginePool compares with its pool); Fuel Pods do not.
    void acePilotUpgrade()
    {
        Unit u;
        u.skill = 3;
        const Weapon w = weapon(WeaponClass::MassDriver, 4, 2, 2);
        AttackContext c {TargetKind::Squadron, RangeBand::Long, 0, true};
        QCOMPARE(weaponDamageOdds(u, w, c).pool, (DicePool {2, 0, 2}));
        c.upgrades = {QStringLiteral("fuel-pods")};
        QCOMPARE(weaponDamageOdds(u, w, c).pool, (DicePool {2, 0, 2}));
        c.upgrades << QStringLiteral("ace-pilot");
        const WeaponDamageOdds ace = weaponDamageOdds(u, w, c);
        QCOMPARE(ace.pool, (DicePool {2, 1, 2}));
        QVERIFY(
            ace.structure
            > weaponDamageOdds(u, w, {TargetKind::Squadron, RangeBand::Long, 0, true}).structure);
        // Ace from a trait and from the upgrade is one Ace, not two.
        u.traits = {TraitRef {QStringLiteral("Ace"), std::nullopt, false, 0}};
        QCOMPARE(weaponDamageOdds(u, w, c).pool, (DicePool {2, 1, 2}));
    }

    // More dice than the exact odds compute (a target's armor given by the
    // caller): not usable, said so, never an exception.
    void tooManyDice()
    {
        Unit u;
        const Weapon w = weapon(WeaponClass::MassDriver, 6, 2, 3);
        AttackContext c {TargetKind::CapitalShip, RangeBand::Long, 16, true};
        const WeaponDamageOdds o = weaponDamageOdds(u, w, c);
        QVERIFY(!o.usable);
        QCOMPARE(o.pool, (DicePool {6, 0, -13}));
        QVERIFY(o.notes.contains(QStringLiteral("too many dice to compute the odds")));
        c.targetArmor = 15; // 3 - 15 = -12: within the limit
        QVERIFY(weaponDamageOdds(u, w, c).usable);
        c.targetArmor = 0;
        QVERIFY(!weaponDamageOdds(u, weapon(WeaponClass::Missile, 61, 0, 0), c).usable);
        QVERIFY(weaponDamageOdds(u, weapon(WeaponClass::Missile, 60, 0, 0), c).usable);
    }

    // 2B: P([D]) = 1/6. A Beam Projector re-rolls the [N]: 1 - (5/6)^2.
    void beamReroll()
    {
        Unit u;
        const AttackContext c {TargetKind::CapitalShip, RangeBand::Long, 0, true};
        const auto plain = weaponDamageOdds(u, weapon(WeaponClass::MassDriver, 2, 2, 0), c);
        QVERIFY(near(plain.pSuccess, 1.0 / 6));
        QVERIFY(near(plain.rating, 1.0 / 6));
        QVERIFY(near(plain.structure, 0));
        QVERIFY(near(plain.criticals, 1.0 / 6)); // Mass Driver: [D] is a Critical Hit
        const auto beam = weaponDamageOdds(u, weapon(WeaponClass::BeamProjector, 2, 2, 0), c);
        QVERIFY(near(beam.pSuccess, 11.0 / 36));
        QVERIFY(near(beam.rating, 11.0 / 36));
        QVERIFY(near(beam.criticals, 0));
    }

    // Capital ship damage: [D] rating, [T] 1 Structure + 1 crit, [Q+] 2 + 2;
    // a Particle Cannon adds one rating damage on [T+].
    void capitalDamageTable()
    {
        Unit u;
        const AttackContext c {TargetKind::CapitalShip, RangeBand::Long, 0, true};
        const DiceOdds o = computeOdds(DicePool {5, 0, 0});
        const auto md = weaponDamageOdds(u, weapon(WeaponClass::KineticCannon, 5, 1, 0), c);
        QVERIFY(near(md.rating, o.expected[0]));
        QVERIFY(near(md.structure, o.expected[1] + 2 * o.expected[2]));
        QVERIFY(near(md.criticals, o.expected[1] + 2 * o.expected[2]));
        const auto pc = weaponDamageOdds(u, weapon(WeaponClass::ParticleCannon, 5, 1, 0), c);
        QVERIFY(near(pc.rating, o.expected[0] + o.expected[1] + o.expected[2]));
    }

    // Squadrons: [D] 1, [T] 2; [Q+] destroys (v1.2.2) or does 3 (v1.2.4).
    void squadronDamageTable()
    {
        Unit u;
        AttackContext c {TargetKind::Squadron, RangeBand::Long, 0, true};
        const DiceOdds o = computeOdds(DicePool {6, 0, 0});
        const auto k = weaponDamageOdds(u, weapon(WeaponClass::KineticCannon, 1, 6, 0), c);
        QVERIFY(near(k.structure, o.expected[0] + 2 * o.expected[1]));
        QVERIFY(near(k.pDestroyed, o.pAtLeast[2]));
        c.squadronQPlusDestroys = false;
        const auto k4 = weaponDamageOdds(u, weapon(WeaponClass::KineticCannon, 1, 6, 0), c);
        QVERIFY(near(k4.structure, o.expected[0] + 2 * o.expected[1] + 3 * o.expected[2]));
        QVERIFY(near(k4.pDestroyed, 0));
    }

    // Nuke escalates, Swarm diminishes: the flex choice sees it (odds modifiers).
    void nukeAndSwarm()
    {
        Unit u;
        const AttackContext c {TargetKind::CapitalShip, RangeBand::Long, 0, true};
        const DiceOdds nuke = computeOdds(DicePool {3, 0, 0}, ResultModifier::EscalateAll);
        const auto n = weaponDamageOdds(
            u, weapon(WeaponClass::Missile, 3, 1, 0, {QStringLiteral("Nuke")}), c);
        QVERIFY(near(n.rating, 0)); // no [D] survives escalation
        QVERIFY(near(n.structure, nuke.expected[1] + 2 * nuke.expected[2]));
        QVERIFY(n.notes.contains(QStringLiteral("before Point Defense")));
        const auto s = weaponDamageOdds(
            u, weapon(WeaponClass::Missile, 4, 1, 0, {QStringLiteral("Swarm")}), c);
        QVERIFY(s.structure
                < weaponDamageOdds(u, weapon(WeaponClass::Missile, 4, 1, 0), c).structure);
    }
};

QTEST_GUILESS_MAIN(TestWeaponOdds)
#include "tst_weaponodds.moc"
