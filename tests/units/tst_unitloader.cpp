// The faction file loader: every kind of bad input is an error with file,
// line and column, and a file with errors is never half-loaded.
#include "units/unitloader.h"

#include <QTest>

using namespace jw;

namespace {

// A valid file with one capital ship and one squadron; tests patch it.
const char *const kValid = R"(schema_version: 1
faction:
  id: testers
  name: Test Fleet
  rules_version: v1.2.2
units:
  - name: Shan-Yu
    type: capital
    tv: 111
    speed: 6
    turns: 1
    fire_control: 4
    skill: 2
    armor: {fore: 1, sides: 1, aft: 0}
    structure: [1, 2, 3, 4, 5]
    defense: [1, 2, 3, 4, 4, 5, 5]
    sensors: [1, 1, 2, 2, 3]
    thrusters: [1, 2, 3, 3, 4]
    marines: [1, 2, 3, 4, 5]
    base: 2x2
    weapons:
      - name: Beam Projector
        class: beam-projector
        arcs: T
        ac: 3
        as: 4
        macro: 1
        count: 4
        traits: [Link]
    traits:
      - Counters
      - Hanger: 2
      - Ring Module
    provenance: test
  - name: Pathfinder
    type: exo-armor
    tv: 30
    speed: 10
    fire_control: 2
    skill: 2
    structure: 6
    defense: 2
    sensors: 2
    fuel: 3
    weapons:
      - name: Plasma Lance
        class: lance
        ac: skill
        as: skill
    provisional: true
    provenance: test
)";

QByteArray patched(const char *from, const char *to)
{
    QByteArray s(kValid);
    const int at = int(s.indexOf(from));
    if (at < 0)
        qFatal("test fixture does not contain '%s'", from);
    s.replace(at, int(qstrlen(from)), to);
    return s;
}

} // namespace

class TestUnitLoader : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void validFileLoads()
    {
        const FactionFile f = UnitLoader::parse(kValid, QStringLiteral("t.yaml"));
        QVERIFY2(!f.hasErrors(), qPrintable(f.issues.empty() ? QString() : f.issues[0].toString()));
        QCOMPARE(f.faction.id, QStringLiteral("testers"));
        QCOMPARE(f.units.size(), std::size_t(2));
        const Unit &s = f.units[0];
        QCOMPARE(s.id, QStringLiteral("shan-yu"));
        QCOMPARE(s.faction, QStringLiteral("testers"));
        QCOMPARE(s.defense.boxes, (std::vector<int> {1, 2, 3, 4, 4, 5, 5}));
        QCOMPARE(s.defense.start(), 5);
        QVERIFY(s.defense.isRedundant(3));
        QVERIFY(!s.defense.isRedundant(2));
        QCOMPARE(s.defense.valueAfter(1), 5); // a redundant 5 is left
        QCOMPARE(s.defense.valueAfter(2), 4);
        QCOMPARE(s.base.width, 2.0);
        QVERIFY(!s.base.hex);
        QCOMPARE(s.weapons.size(), std::size_t(1));
        QCOMPARE(s.weapons[0].arcs, quint8(ArcTurret));
        QCOMPARE(s.weapons[0].count, 4);
        QVERIFY(s.weapons[0].hasTrait(QStringLiteral("Link")));
        // Card spellings are stored under the rules' names.
        QCOMPARE(s.traits[0].name, QStringLiteral("Countermeasures"));
        QVERIFY(s.traits[0].system);
        QCOMPARE(s.traits[0].boxes, 1);
        QCOMPARE(s.traits[1].name, QStringLiteral("Hangers"));
        QCOMPARE(s.traits[1].value, std::optional<int>(2));
        QCOMPARE(s.traits[1].boxes, 2);
        QVERIFY(!s.traits[2].system);
        QCOMPARE(s.rulesVersion, QStringLiteral("v1.2.2"));
        QCOMPARE(s.source.line, 7);

        const Unit &p = f.units[1];
        QCOMPARE(p.type, UnitType::ExoArmor);
        QCOMPARE(p.structure, Track::ofRating(6));
        QCOMPARE(p.fuel.start(), 3);
        QVERIFY(p.base.hex);
        QVERIFY(!p.weapons[0].ac.has_value()); // Lance: Skill
        QVERIFY(p.provisional);
    }

    void errors_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("message");

        QTest::newRow("not yaml") << QByteArray("units: [1, 2\nfoo: bar\n") << 2 << 4
                                  << "not valid YAML";
        QTest::newRow("unknown top key")
            << patched("units:", "unitz:") << 6 << 1 << "unknown key 'unitz'";
        QTest::newRow("newer schema") << patched("schema_version: 1", "schema_version: 9") << 1
                                      << 17 << "newer than this program";
        QTest::newRow("unknown unit key (typo)")
            << patched("    speed: 6", "    sped: 6") << 10 << 5 << "unknown key 'sped'";
        QTest::newRow("wrong type") << patched("tv: 111", "tv: lots") << 9 << 9
                                    << "'tv' must be a whole number, not 'lots'";
        QTest::newRow("negative") << patched("tv: 111", "tv: -3") << 9 << 9 << "at least 0";
        QTest::newRow("missing field") << patched("    skill: 2\n    armor", "    armor") << 7 << 5
                                       << "lacks the required key 'skill'";
        QTest::newRow("unknown type") << patched("type: capital", "type: frigate") << 8 << 11
                                      << "capital, exo-armor or fighter";
        QTest::newRow("unknown weapon class") << patched("class: beam-projector", "class: laser")
                                              << 23 << 16 << "unknown weapon class 'laser'";
        QTest::newRow("unknown trait") << patched("      - Ring Module", "      - Ring Modul") << 33
                                       << 9 << "unknown trait 'Ring Modul'";
        QTest::newRow("weapon trait on model")
            << patched("      - Ring Module", "      - Swarm") << 33 << 9 << "weapon trait";
        QTest::newRow("model trait on weapon")
            << patched("traits: [Link]", "traits: [Stealth: 1]") << 29 << 18 << "model trait";
        QTest::newRow("missing trait value")
            << patched("Hanger: 2", "Hangers") << 32 << 9 << "needs a value";
        QTest::newRow("unwanted trait value")
            << patched("Ring Module", "Ring Module: 2") << 33 << 22 << "takes no value";
        QTest::newRow("track skips")
            << patched("[1, 2, 3, 4, 5]", "[1, 3, 4, 5]") << 15 << 20 << "go up by 0 or 1";
        QTest::newRow("track bad start")
            << patched("[1, 2, 3, 4, 5]", "[2, 3]") << 15 << 17 << "start at box 1";
        QTest::newRow("bad arcs") << patched("arcs: T", "arcs: X") << 24 << 15 << "'arcs'";
        QTest::newRow("squadron with arcs")
            << patched("class: lance", "class: lance\n        arcs: F") << 48 << 15
            << "squadron weapons have no arcs";
        QTest::newRow("squadron with armor")
            << patched("    fuel: 3", "    fuel: 3\n    armor: {fore: 1, sides: 1, aft: 0}") << 45
            << 12 << "'armor' is for capital ships";
        QTest::newRow("capital without base")
            << patched("    base: 2x2\n", "") << 7 << 5 << "lacks the required key 'base'";
        QTest::newRow("skill on non-lance")
            << patched("ac: 3", "ac: skill") << 25 << 13 << "only a Lance";
        QTest::newRow("duplicate ids")
            << patched("  - name: Pathfinder\n", "  - name: Pathfinder\n    id: shan-yu\n") << 35
            << 5 << "duplicate unit id 'shan-yu'";
        QTest::newRow("duplicate key") << patched("    tv: 111\n", "    tv: 111\n    tv: 112\n")
                                       << 10 << 5 << "duplicate key 'tv'";
        QTest::newRow("bad rules version")
            << patched("  - name: Pathfinder\n", "  - name: Pathfinder\n    rules_version: v9\n")
            << 36 << 20 << "unknown rules version 'v9'";
        QTest::newRow("bad id") << patched("  - name: Pathfinder\n",
                                           "  - name: Pathfinder\n    id: Path Finder\n")
                                << 36 << 9 << "must be a slug";
    }

    void errors()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, message);
        const FactionFile f = UnitLoader::parse(yaml, QStringLiteral("data/x.yaml"));
        QVERIFY(f.hasErrors());
        // Never half-loaded.
        QVERIFY(f.units.empty());
        bool found = false;
        QStringList all;
        for (const DataIssue &i : f.issues) {
            all << i.toString();
            if (i.message.contains(message) && i.line == line && i.column == column) {
                found = true;
                QCOMPARE(i.file, QStringLiteral("data/x.yaml"));
                QVERIFY(i.toString().startsWith(
                    QStringLiteral("data/x.yaml:%1:%2: ").arg(line).arg(column)));
            }
        }
        QVERIFY2(found,
                 qPrintable(QStringLiteral("expected %1:%2 '%3', got:\n%4")
                                .arg(line)
                                .arg(column)
                                .arg(message, all.join(QLatin1Char('\n')))));
    }

    void slugs_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("slug");
        QTest::newRow("simple") << "Alexander"
                                << "alexander";
        QTest::newRow("hyphen") << "Shan-Yu"
                                << "shan-yu";
        QTest::newRow("space") << "Dragon Striker"
                               << "dragon-striker";
        QTest::newRow("punct") << "Missiles: AC"
                               << "missiles-ac";
        QTest::newRow("accent") << "Ryū"
                                << "ryu";
    }
    void slugs()
    {
        QFETCH(QString, name);
        QFETCH(QString, slug);
        QCOMPARE(slugify(name), slug);
    }

    void unreadableFile()
    {
        const FactionFile f = UnitLoader::parseFile(QStringLiteral("/nonexistent/none.yaml"));
        QVERIFY(f.hasErrors());
        QVERIFY(f.issues[0].message.startsWith(QStringLiteral("cannot read")));
    }
};

QTEST_GUILESS_MAIN(TestUnitLoader)
#include "tst_unitloader.moc"
