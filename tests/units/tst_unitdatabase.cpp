// SPDX-License-Identifier: GPL-3.0-or-later
// The shipped unit database: loads cleanly, covers the rules, and carries
// every fact UNITS.md states about named units.
#include "dice/roll.h"
#include "fleet/upgrade.h"
#include "units/traitcatalog.h"
#include "units/unitdatabase.h"
#include "units/unitjson.h"
#include "units/unitlimits.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace jw;

class TestUnitDatabase : public QObject
{
    Q_OBJECT
private:
    UnitDatabase m_db;

    const Unit &unit(const char *id)
    {
        const Unit *u = m_db.unit(QString::fromLatin1(id));
        if (!u)
            qFatal("unit %s missing from the database", id);
        return *u;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_db = UnitDatabase::loadShipped();
        QStringList problems;
        for (const DataIssue &i : m_db.issues())
            problems << i.toString();
        QVERIFY2(m_db.issues().empty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

    void threeFactions()
    {
        QCOMPARE(m_db.factions().size(), std::size_t(3));
        for (const char *id : {"cega", "jovian", "venusian"})
            QVERIFY2(m_db.faction(QString::fromLatin1(id)), id);
    }

    void factionComposition_data()
    {
        QTest::addColumn<QString>("faction");
        QTest::newRow("cega") << "cega";
        QTest::newRow("jovian") << "jovian";
        QTest::newRow("venusian") << "venusian";
    }
    void factionComposition()
    {
        QFETCH(QString, faction);
        const auto units = m_db.unitsOf(faction);
        int capital = 0, exo = 0, fighter = 0;
        for (const Unit *u : units) {
            capital += u->type == UnitType::Capital;
            exo += u->type == UnitType::ExoArmor;
            fighter += u->type == UnitType::Fighter;
        }
        QVERIFY2(units.size() >= 8, qPrintable(QString::number(units.size())));
        QVERIFY(capital >= 3);
        QVERIFY(exo + fighter >= 3);
        QVERIFY(exo >= 1);
        QVERIFY(fighter >= 1);
    }

    void everyWeaponClassUsed()
    {
        QSet<int> used;
        for (const Unit &u : m_db.units())
            for (const Weapon &w : u.weapons)
                used.insert(int(w.weaponClass));
        for (WeaponClass c : allWeaponClasses())
            QVERIFY2(used.contains(int(c)), qPrintable(weaponClassName(c)));
    }

    void everyTraitUsed()
    {
        QSet<QString> used;
        for (const Unit &u : m_db.units()) {
            for (const TraitRef &t : u.traits)
                used.insert(t.name);
            for (const Weapon &w : u.weapons)
                for (const TraitRef &t : w.traits)
                    used.insert(t.name);
        }
        QStringList missing;
        for (const TraitInfo &t : TraitCatalog::rules().traits())
            if (!used.contains(t.name))
                missing << t.name;
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QStringLiteral(", "))));
    }

    void idsAreSlugsOfNames()
    {
        for (const Unit &u : m_db.units())
            QCOMPARE(u.id, slugify(u.name));
        QVERIFY(m_db.unit(QStringLiteral("shan-yu")));
        QVERIFY(m_db.unit(QStringLiteral("alexander")));
    }

    void provisionalUnitsSaySo()
    {
        for (const Unit &u : m_db.units())
            QVERIFY2(!u.provenance.isEmpty(), qPrintable(u.id));
        QVERIFY(!unit("shan-yu").provisional);
        QVERIFY(unit("alexander").provisional);
    }

    // UNITS.md, Figure 1: the Shan-Yu exactly as its card.
    void shanYuIsTheCard()
    {
        const Unit &s = unit("shan-yu");
        QCOMPARE(s.faction, QStringLiteral("venusian"));
        QCOMPARE(s.type, UnitType::Capital);
        QCOMPARE(s.tv, 111);
        QCOMPARE(s.speed, 6);
        QCOMPARE(s.fireControl, 4);
        QCOMPARE(s.turns, 1);
        QCOMPARE(s.skill, 2);
        QCOMPARE(s.armor, (Armor {1, 1, 0}));
        QCOMPARE(s.base, (BaseSize {false, 2.0, 2.0}));
        QCOMPARE(s.structure.boxes, (std::vector<int> {1, 2, 3, 4, 5}));
        QCOMPARE(s.defense.boxes, (std::vector<int> {1, 2, 3, 4, 4, 5, 5}));
        QCOMPARE(s.sensors.boxes, (std::vector<int> {1, 1, 2, 2, 3}));
        QCOMPARE(s.thrusters.boxes, (std::vector<int> {1, 2, 3, 3, 4}));
        QCOMPARE(s.marines.boxes, (std::vector<int> {1, 2, 3, 4, 5}));
        QCOMPARE(s.weapons.size(), std::size_t(4));
        struct W
        {
            const char *cls;
            quint8 arcs;
            int ac, as, ma, count;
        };
        const W expected[] = {{"particle-cannon", ArcFore, 4, 3, 2, 1},
                              {"beam-projector", ArcTurret, 3, 4, 1, 4},
                              {"missile", ArcFore, 6, 4, 3, 1},
                              {"missile", ArcTurret, 2, 4, 2, 1}};
        for (int i = 0; i < 4; ++i) {
            const Weapon &w = s.weapons[std::size_t(i)];
            QCOMPARE(weaponClassId(w.weaponClass), QString::fromLatin1(expected[i].cls));
            QCOMPARE(w.arcs, expected[i].arcs);
            QCOMPARE(w.ac, std::optional<int>(expected[i].ac));
            QCOMPARE(w.as, std::optional<int>(expected[i].as));
            QCOMPARE(w.macro, expected[i].ma);
            QCOMPARE(w.count, expected[i].count);
        }
        QVERIFY(s.weapons[1].hasTrait(QStringLiteral("Link")));
        QCOMPARE(s.weapons[2].name, QStringLiteral("Missiles: AC"));
        QCOMPARE(s.weapons[3].name, QStringLiteral("Missiles: AS"));
        QStringList traits;
        for (const TraitRef &t : s.traits)
            traits << t.toString();
        QCOMPARE(traits,
                 (QStringList {QStringLiteral("Countermeasures"), QStringLiteral("Drones"),
                               QStringLiteral("Hangers: 2"), QStringLiteral("Ring Module"),
                               QStringLiteral("Repair: 2"), QStringLiteral("Catapult")}));
        QVERIFY(s.trait(QStringLiteral("Hangers"))->system);
        QCOMPARE(s.trait(QStringLiteral("Hangers"))->boxes, 2);
    }

    // UNITS.md, facts from the worked examples.
    // Damage › Squadron Damage: "The Uller rolls a [D2,T3]" against Pathfinders, and
    // they suffer 3 damage ([D] 1 + [T] 2, RULINGS.md 1). The Uller's anti-squadron
    // missiles must be able to roll it: two 2s and three 3s, and no Swarm, which
    // would diminish the [T3] to a [D3] (Traits › Swarm).
    void ullerSquadronDamageExample()
    {
        const Unit &uller = unit("uller");
        const Weapon *missiles = nullptr;
        for (const Weapon &w : uller.weapons) {
            if (w.weaponClass == WeaponClass::Missile
                && (!missiles || w.as.value_or(0) > missiles->as.value_or(0)))
                missiles = &w;
        }
        QVERIFY(missiles);
        QVERIFY2(!missiles->hasTrait(QStringLiteral("Swarm")), "Swarm diminishes the [T3]");
        const DicePool pool {missiles->as.value_or(0), 0, missiles->macro};
        QVERIFY(pool.base + pool.macro >= 5);
        // The base dice show the two pairs; the macro dice (no armor on a squadron)
        // raise the 3s to a triple.
        RolledDice faces;
        faces.dice = {2, 2, 3, 3};
        for (int i = 4; i < pool.base; ++i)
            faces.dice.push_back(6 - (i - 4) % 2 * 5); // 6, 1, ...: no further match
        faces.macroDice = std::vector<int>(std::size_t(pool.macro), 3);
        faces.macroDice.resize(std::size_t(std::max(0, 5 - pool.base)), 3);
        const RollOutcome out = resolveRoll(pool, faces, {});
        QCOMPARE(out.result.toString(), QStringLiteral("[D2,T3]"));
    }

    // Issue 20, item 3: card versions, the Drone trait, the Shan-Yu's missing UC.
    void cardVersionsAndDrones()
    {
        QCOMPARE(unit("fury").rulesVersion, QStringLiteral("v1.2.3"));
        QCOMPARE(unit("corsair").rulesVersion, QStringLiteral("v1.2.3"));
        QCOMPARE(unit("ryu").rulesVersion, QStringLiteral("v1.2.4"));
        QCOMPARE(unit("fury").sourceOf(QStringLiteral("uc")).kind, ValueSource::Kind::Card);
        QVERIFY(unit("hachi").hasTrait(QStringLiteral("Drone")));
        const Upgrade *ace = Upgrade::byId(Upgrade::kAcePilot);
        QVERIFY(ace->refusal(unit("hachi")));
        QVERIFY(!ace->refusal(unit("pathfinder")));
        // The Figure 1 card prints no UC: none is invented for it.
        QCOMPARE(unit("shan-yu").unitCap, 0);
        QCOMPARE(unit("shan-yu").rulesVersion, QStringLiteral("v1.2.2"));
    }

    // Item 2: every value the rules or a card state has that source in the data;
    // the Alexander's Skill 2, Sensors 3 and Fore Armor 1 are the rules', its
    // TV, UC and Speed jwfleet's.
    void valuesHaveTheirSources()
    {
        const Unit &alexander = unit("alexander");
        for (const char *field : {"skill", "sensors", "armor.fore"})
            QCOMPARE(alexander.sourceOf(QLatin1String(field)).kind, ValueSource::Kind::Rules);
        for (const char *field : {"tv", "uc", "speed", "armor.aft"})
            QCOMPARE(alexander.sourceOf(QLatin1String(field)).kind, ValueSource::Kind::Estimate);
        QVERIFY(alexander.tvIsEstimate() && alexander.unitCapIsEstimate());
        const Unit &shanyu = unit("shan-yu");
        QVERIFY(shanyu.estimatedFields().isEmpty());
        QCOMPARE(shanyu.sourceOf(QStringLiteral("tv")).kind, ValueSource::Kind::Card);
        QCOMPARE(unit("corsair").sourceOf(QStringLiteral("fire_control")).kind,
                 ValueSource::Kind::Rules);
        QCOMPARE(unit("ryu").sourceOf(QStringLiteral("uc")),
                 (ValueSource {ValueSource::Kind::Card, QStringLiteral("v1.2.4")}));
        // 29 of 30 Threat Values are jwfleet's (issue 20): only the Shan-Yu's is printed.
        int estimated = 0;
        for (const Unit &u : m_db.units())
            estimated += u.tvIsEstimate() ? 1 : 0;
        QCOMPARE(estimated, int(m_db.units().size()) - 1);
        // `provisional` agrees with the sources.
        for (const Unit &u : m_db.units())
            QCOMPARE(u.provisional, !u.estimatedFields().isEmpty());
    }

    void statedFacts()
    {
        const Unit &alexander = unit("alexander");
        QCOMPARE(alexander.faction, QStringLiteral("jovian"));
        QCOMPARE(alexander.type, UnitType::Capital);
        QCOMPARE(alexander.skill, 2);
        QCOMPARE(alexander.sensors.start(), 3);
        QCOMPARE(alexander.armor.fore, 1);

        const Unit &valiant = unit("valiant");
        QCOMPARE(valiant.structure.start(), 4);
        QVERIFY(valiant.marines.start() >= 2);

        const Unit &thunderbolt = unit("thunderbolt");
        QCOMPARE(thunderbolt.type, UnitType::Capital);
        QVERIFY(thunderbolt.defense.start() >= 1);

        const Unit &pathfinder = unit("pathfinder");
        QCOMPARE(pathfinder.type, UnitType::ExoArmor);
        QCOMPARE(pathfinder.structure.start(), 6);
        QCOMPARE(pathfinder.skill, 2);
        bool beam = false;
        for (const Weapon &w : pathfinder.weapons)
            beam |= w.weaponClass == WeaponClass::BeamProjector && w.ac == 2 && w.as == 3;
        QVERIFY(beam);

        const Unit &uller = unit("uller");
        QCOMPARE(uller.faction, QStringLiteral("cega"));
        bool antiSquadronMissile = false;
        for (const Weapon &w : uller.weapons)
            antiSquadronMissile |= w.weaponClass == WeaponClass::Missile && w.as.value_or(0) > 0;
        QVERIFY(antiSquadronMissile);

        const Unit &tengu = unit("tengu");
        QCOMPARE(tengu.structure.start(), 3);
        QVERIFY(tengu.defense.start() >= 4);
        QVERIFY(tengu.sensors.start() >= 3);
        QVERIFY(tengu.thrusters.start() >= 1);

        QCOMPARE(unit("poseidon").type, UnitType::Capital);

        const Unit &wyvern = unit("wyvern");
        QCOMPARE(wyvern.type, UnitType::ExoArmor);
        bool md = false, bp = false, mi = false;
        for (const Weapon &w : wyvern.weapons) {
            md |= w.weaponClass == WeaponClass::MassDriver && w.ac == 2 && w.as == 2
                && w.macro == 1;
            bp |= w.weaponClass == WeaponClass::BeamProjector && w.as == 2;
            mi |= w.weaponClass == WeaponClass::Missile && w.macro == 0 && w.ac.value_or(0) > 0;
        }
        QVERIFY(md && bp && mi);

        const Unit &wraith = unit("wraith");
        QCOMPARE(wraith.type, UnitType::Fighter);
        QCOMPARE(wraith.fuel.start(), 2);
        QVERIFY(wraith.speed > thunderbolt.speed);

        for (const char *id : {"stormrider", "syreen", "fury", "dragon-striker", "hector"})
            QCOMPARE(unit(id).fuel.start(), 4);
        QCOMPARE(unit("syreen").type, UnitType::ExoArmor);
        QCOMPARE(unit("fury").unitCap, 5);
        QCOMPARE(unit("ryu").unitCap, 4);
        QCOMPARE(unit("ryu").faction, QStringLiteral("venusian"));

        auto kinetic = [&](const char *id, int ac, int as) {
            for (const Weapon &w : unit(id).weapons)
                if (w.weaponClass == WeaponClass::KineticCannon && w.ac == ac && w.as == as)
                    return true;
            return false;
        };
        QVERIFY(kinetic("javelin", 3, 3));
        QVERIFY(kinetic("godfire", 3, 4));

        const Unit &corsair = unit("corsair");
        QCOMPARE(corsair.type, UnitType::Capital);
        QCOMPARE(corsair.fireControl, 2);
        QCOMPARE(corsair.unitCap, 2);
        int missiles = 0, particle = 0;
        for (const Weapon &w : corsair.weapons) {
            missiles += w.weaponClass == WeaponClass::Missile;
            particle += w.weaponClass == WeaponClass::ParticleCannon;
        }
        QCOMPARE(missiles, 2);
        QVERIFY(particle >= 1);
    }

    void capitalAndSquadronFields()
    {
        for (const Unit &u : m_db.units()) {
            if (u.isCapital()) {
                QVERIFY2(!u.base.hex && !u.thrusters.isEmpty(), qPrintable(u.id));
                for (const Weapon &w : u.weapons)
                    QVERIFY2(w.arcs != ArcNone, qPrintable(u.id + QLatin1Char(' ') + w.name));
            } else {
                QVERIFY2(u.base.hex && !u.fuel.isEmpty(), qPrintable(u.id));
                for (const Weapon &w : u.weapons)
                    QVERIFY2(w.arcs == ArcNone, qPrintable(u.id));
            }
        }
    }

    // Every shipped unit keeps the card limits, and comes back from JSON (a
    // saved game) the same.
    void shippedUnitsKeepTheLimits()
    {
        for (const Unit &u : m_db.units()) {
            QVERIFY2(unitLimitProblem(u).isEmpty(),
                     qPrintable(u.id + QLatin1String(": ") + unitLimitProblem(u)));
            QString error;
            const std::optional<Unit> back = unitFromJson(unitToJson(u), &error);
            QVERIFY2(back, qPrintable(error));
            QCOMPARE(back->weapons, u.weapons);
            QCOMPARE(back->structure, u.structure);
        }
    }

    // A saved game's unit card is held to the limits of a faction file (issue
    // 14, item 9): a rating of 2147483647 is refused, not computed with.
    void jsonUnitOutOfLimits_data()
    {
        QTest::addColumn<QString>("path"); // key, or "weapons/0/key", "structure/2"
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QString>("message"); // empty: accepted
        QTest::addRow("skill max") << "skill" << QJsonValue(20) << QString();
        QTest::addRow("skill huge")
            << "skill" << QJsonValue(2147483647) << "'skill' must be from 0 to 20, not 2147483647";
        QTest::addRow("tv") << "tv" << QJsonValue(10000) << "'tv' must be from 0 to 9999";
        QTest::addRow("armor") << "armor/fore" << QJsonValue(11) << "'armor fore' must be";
        QTest::addRow("box") << "structure/2" << QJsonValue(99) << "'structure box' must be";
        QTest::addRow("ac") << "weapons/0/ac" << QJsonValue(21) << "'ac' must be from 0 to 20";
        QTest::addRow("count") << "weapons/0/count" << QJsonValue(0) << "'count' must be";
        QTest::addRow("name") << "name" << QJsonValue(QStringLiteral("Shan\x1bYu"))
                              << "'name' holds a control character";
        QTest::addRow("weapon name")
            << "weapons/0/name" << QJsonValue(QString(121, u'x')) << "is too long";
    }
    void jsonUnitOutOfLimits()
    {
        QFETCH(QString, path);
        QFETCH(QJsonValue, value);
        QFETCH(QString, message);
        QJsonObject o = unitToJson(unit("shan-yu"));
        const QStringList keys = path.split(QLatin1Char('/'));
        if (keys.size() == 1) {
            o[keys[0]] = value;
        } else if (keys[0] == QLatin1String("armor")) {
            QJsonObject a = o[keys[0]].toObject();
            a[keys[1]] = value;
            o[keys[0]] = a;
        } else if (keys[0] == QLatin1String("weapons")) {
            QJsonArray ws = o[keys[0]].toArray();
            QJsonObject w = ws[keys[1].toInt()].toObject();
            w[keys[2]] = value;
            ws[keys[1].toInt()] = w;
            o[keys[0]] = ws;
        } else {
            QJsonArray boxes = o[keys[0]].toArray();
            boxes[keys[1].toInt()] = value;
            o[keys[0]] = boxes;
        }
        QString error;
        const std::optional<Unit> u = unitFromJson(o, &error);
        if (message.isEmpty()) {
            QVERIFY2(u, qPrintable(error));
        } else {
            QVERIFY(!u);
            QVERIFY2(error.contains(message), qPrintable(error));
        }
    }

    // Ids are found through an index: it must stay right in copies and for
    // units added from several files.
    void lookupAfterCopy()
    {
        const UnitDatabase copy = m_db;
        for (const Unit &u : m_db.units()) {
            QCOMPARE(copy.unit(u.id), &copy.units()[std::size_t(&u - m_db.units().data())]);
            QCOMPARE(m_db.unit(u.id), &u);
        }
        QVERIFY(!copy.unit(QStringLiteral("no-such-unit")));
    }

    // A broken file in a folder is rejected whole; the good ones still load;
    // an id clash across files is an error naming both places.
    void directoryLoading()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile good(dir.filePath(QStringLiteral("a.yaml")));
        QVERIFY(good.open(QIODevice::WriteOnly));
        good.write("schema_version: 1\nfaction: {id: a, name: A}\nunits:\n"
                   "  - {name: Gnat, type: fighter, tv: 10, speed: 10, fire_control: 1, skill: 1,"
                   " structure: 3, defense: 1, sensors: 1, fuel: 2, weapons: [], provenance: t}\n");
        good.close();
        QFile clash(dir.filePath(QStringLiteral("b.yaml")));
        QVERIFY(clash.open(QIODevice::WriteOnly));
        clash.write(
            "schema_version: 1\nfaction: {id: b, name: B}\nunits:\n"
            "  - {name: Gnat, type: fighter, tv: 10, speed: 10, fire_control: 1, skill: 1,"
            " structure: 3, defense: 1, sensors: 1, fuel: 2, weapons: [], provenance: t}\n"
            "  - {name: Moth, type: fighter, tv: 10, speed: 10, fire_control: 1, skill: 1,"
            " structure: 3, defense: 1, sensors: 1, fuel: 2, weapons: [], provenance: t}\n");
        clash.close();
        const UnitDatabase db = UnitDatabase::loadDirectory(dir.path());
        QCOMPARE(db.factions().size(), std::size_t(1));
        QCOMPARE(db.units().size(), std::size_t(1));
        QVERIFY(!db.unit(QStringLiteral("moth"))); // not half-loaded
        QVERIFY(db.hasErrors());
        QCOMPARE(db.issues().size(), std::size_t(1));
        QVERIFY(db.issues()[0].file.endsWith(QStringLiteral("b.yaml")));
        QCOMPARE(db.issues()[0].line, 4);
        QVERIFY(db.issues()[0].message.contains(QStringLiteral("duplicate unit id 'gnat'")));
        QVERIFY(db.issues()[0].message.contains(QStringLiteral("a.yaml:4")));
    }
};

QTEST_GUILESS_MAIN(TestUnitDatabase)
#include "tst_unitdatabase.moc"
