// SPDX-License-Identifier: GPL-3.0-or-later
// The faction file loader: every kind of bad input is an error with file,
// line and column, and a file with errors is never half-loaded.
#include "io/textcheck.h"
#include "units/unitjson.h"
#include "units/unitlimits.h"
#include "units/unitloader.h"

#include <QTemporaryDir>
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

QByteArray patched(const QByteArray &from, const QByteArray &to)
{
    return patched(from.constData(), to.constData());
}

// "[1, 2, ..., n]", or n boxes of 1 when `flat`.
QByteArray boxes(int n, bool flat = false)
{
    QByteArrayList b;
    for (int i = 1; i <= n; ++i)
        b << QByteArray::number(flat ? 1 : i);
    return '[' + b.join(", ") + ']';
}

// A list of n copies of `item`, in flow style.
QByteArray flowList(const QByteArray &item, int n)
{
    QByteArrayList l;
    for (int i = 0; i < n; ++i)
        l << item;
    return '[' + l.join(", ") + ']';
}

QString issuesText(const FactionFile &f)
{
    QStringList all;
    for (const DataIssue &i : f.issues)
        all << i.toString();
    return all.join(QLatin1Char('\n'));
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
        QTest::newRow("negative") << patched("tv: 111", "tv: -3") << 9 << 9
                                  << "'tv' must be from 0 to 9999, not -3";
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
        QTest::newRow("sources: unknown value") << patched(
            "    provisional: true\n    provenance: test\n",
            "    provisional: true\n    sources: {spead: estimate}\n    provenance: test\n")
                                                << 51 << 15 << "'sources': unknown value 'spead'";
        QTest::newRow("sources: unknown kind")
            << patched("    provisional: true\n    provenance: test\n",
                       "    provisional: true\n    sources: {tv: guess}\n    provenance: test\n")
            << 51 << 19 << "must be rules, card or estimate, not 'guess'";
        QTest::newRow("sources: unknown weapon") << patched(
            "    provisional: true\n    provenance: test\n",
            "    provisional: true\n    sources: {weapons.Laser: card}\n    provenance: test\n")
                                                 << 51 << 15 << "Pathfinder has no weapon 'Laser'";
        QTest::newRow("sources: not a map")
            << patched("    provisional: true\n    provenance: test\n",
                       "    provisional: true\n    sources: estimate\n    provenance: test\n")
            << 51 << 14 << "'sources' must be a map";
        QTest::newRow("sources: where not a text") << patched(
            "    provisional: true\n    provenance: test\n",
            "    provisional: true\n    sources: {tv: {card: [1]}}\n    provenance: test\n")
                                                   << 51 << 26 << "must be a text";
        QTest::newRow("sources: twice") << patched(
            "    provisional: true\n    provenance: test\n",
            "    provisional: true\n    sources: {tv: card, tv: card}\n    provenance: test\n")
                                        << 51 << 25 << "names 'tv' twice";
        QTest::newRow("sources: every value published, yet provisional")
            << patched(
                   "    provisional: true\n    provenance: test\n",
                   "    provisional: true\n    sources: {default: card}\n    provenance: test\n")
            << 50 << 18
            << "Pathfinder is provisional, but 'sources' gives every value a published source";
        QTest::newRow("sources: an estimate, yet not provisional")
            << patched("    provenance: test\n  - name: Pathfinder",
                       "    sources: {tv: estimate}\n    provenance: test\n  - name: Pathfinder")
            << 34 << 14 << "Shan-Yu is not provisional, but 'sources' makes tv jwfleet's estimate";
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

    // Item 9 of issue 14: every number a card prints is bounded, so that no
    // value makes the loader, the layout or the odds work for minutes. A value
    // just inside its range loads; just outside it is an error at the value,
    // naming the key and the range.
    // `sources`: per value, its origin; the default follows `provisional`.
    void sources()
    {
        const FactionFile f = UnitLoader::parse(
            patched(
                "    provisional: true\n    provenance: test\n",
                "    provisional: true\n    sources:\n      skill: {rules: \"Attack example\"}\n"
                "      \"weapons.Plasma Lance\": card\n    provenance: test\n"),
            QStringLiteral("x.yaml"));
        QVERIFY2(!f.hasErrors(), qPrintable(issuesText(f)));
        const Unit &shanyu = f.units.at(0);
        QCOMPARE(shanyu.defaultSource.kind, ValueSource::Kind::Card);
        QVERIFY(!shanyu.tvIsEstimate());
        QVERIFY(shanyu.estimatedFields().isEmpty());
        const Unit &pf = f.units.at(1);
        QCOMPARE(pf.sourceOf(QStringLiteral("skill")),
                 (ValueSource {ValueSource::Kind::Rules, QStringLiteral("Attack example")}));
        QCOMPARE(pf.sourceOf(QStringLiteral("skill")).toString(),
                 QStringLiteral("rules (Attack example)"));
        QCOMPARE(pf.sourceOf(QStringLiteral("weapons.Plasma Lance")).kind, ValueSource::Kind::Card);
        QCOMPARE(pf.sourceOf(QStringLiteral("speed")).kind, ValueSource::Kind::Estimate);
        QVERIFY(pf.tvIsEstimate());
        QVERIFY(!pf.unitCapIsEstimate()); // it has no UC
        QCOMPARE(
            pf.estimatedFields(),
            (QStringList {QStringLiteral("type"), QStringLiteral("tv"), QStringLiteral("speed"),
                          QStringLiteral("fire_control"), QStringLiteral("structure"),
                          QStringLiteral("defense"), QStringLiteral("sensors"),
                          QStringLiteral("fuel"), QStringLiteral("base")}));
        // Saved games keep the sources: the unit comes back equal.
        QString error;
        const auto back = unitFromJson(unitToJson(pf), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->sources, pf.sources);
        QCOMPARE(back->defaultSource, pf.defaultSource);
        // A saved game from before `sources`: the default follows `provisional`.
        QJsonObject old = unitToJson(pf);
        old.remove(QStringLiteral("sources"));
        QCOMPARE(unitFromJson(old)->defaultSource.kind, ValueSource::Kind::Estimate);
    }

    void bounds_data()
    {
        QTest::addColumn<QByteArray>("from"); // in the valid fixture
        QTest::addColumn<QByteArray>("inside"); // replaces `from`: loads
        QTest::addColumn<QByteArray>("outside"); // replaces `from`: refused
        QTest::addColumn<QByteArray>("at"); // where in `outside` the error is
        QTest::addColumn<QString>("message");

        auto row = [](const char *name, const QByteArray &from, const QByteArray &inside,
                      const QByteArray &outside, const QByteArray &at, const QString &message) {
            QTest::newRow(name) << from << inside << outside << at << message;
        };
        row("tv max", "tv: 111", "tv: 9999", "tv: 10000", "10000",
            "'tv' must be from 0 to 9999, not 10000");
        row("tv min", "tv: 111", "tv: 0", "tv: -1", "-1", "'tv' must be from 0 to 9999, not -1");
        row("tv int max", "tv: 111", "tv: 9999", "tv: 2147483647", "2147483647",
            "'tv' must be from 0 to 9999, not 2147483647");
        row("tv beyond int", "tv: 111", "tv: 9999", "tv: 99999999999999999999", "9999999",
            "'tv' must be from 0 to 9999");
        row("uc max", "    tv: 111\n", "    tv: 111\n    uc: 99\n", "    tv: 111\n    uc: 100\n",
            "100", "'uc' must be from 1 to 99, not 100");
        row("uc min", "    tv: 111\n", "    tv: 111\n    uc: 1\n", "    tv: 111\n    uc: 0\n", "0",
            "'uc' must be from 1 to 99, not 0");
        row("speed", "speed: 6", "speed: 99", "speed: 100", "100",
            "'speed' must be from 0 to 99, not 100");
        row("turns", "turns: 1", "turns: 20", "turns: 21", "21",
            "'turns' must be from 0 to 20, not 21");
        row("fire control", "fire_control: 4", "fire_control: 20", "fire_control: 21", "21",
            "'fire_control' must be from 0 to 20, not 21");
        row("skill", "skill: 2\n    armor", "skill: 20\n    armor", "skill: 21\n    armor", "21",
            "'skill' must be from 0 to 20, not 21");
        row("armor fore", "fore: 1", "fore: 10", "fore: 11", "11",
            "'fore' must be from 0 to 10, not 11");
        row("armor sides", "sides: 1", "sides: 10", "sides: 11", "11",
            "'sides' must be from 0 to 10, not 11");
        row("armor aft", "aft: 0", "aft: 10", "aft: 11", "11",
            "'aft' must be from 0 to 10, not 11");
        row("rating", "structure: [1, 2, 3, 4, 5]", "structure: 20", "structure: 21", "21",
            "'structure' must be from 0 to 20, not 21");
        row("huge rating", "structure: [1, 2, 3, 4, 5]", "structure: 20", "structure: 2147483647",
            "2147483647", "'structure' must be from 0 to 20, not 2147483647");
        row("box value", "structure: [1, 2, 3, 4, 5]", "structure: " + boxes(20),
            "structure: " + boxes(21), "21]", "'structure box' must be from 1 to 20, not 21");
        row("boxes", "defense: [1, 2, 3, 4, 4, 5, 5]", "defense: " + boxes(30, true),
            "defense: " + boxes(31, true), "[1, 1", "'defense' has 31 entries, at most 30");
        row("fuel", "fuel: 3", "fuel: 20", "fuel: 21", "21", "'fuel' must be from 0 to 20, not 21");
        row("squadron defense", "defense: 2", "defense: 20", "defense: 21", "21",
            "'defense' must be from 0 to 20, not 21");
        row("ac", "ac: 3", "ac: 20", "ac: 21", "21", "'ac' must be from 0 to 20, not 21");
        row("as", "as: 4", "as: 20", "as: 21", "21", "'as' must be from 0 to 20, not 21");
        row("macro", "macro: 1", "macro: 10", "macro: 11", "11",
            "'macro' must be from 0 to 10, not 11");
        row("count max", "count: 4", "count: 20", "count: 21", "21",
            "'count' must be from 1 to 20, not 21");
        row("count min", "count: 4", "count: 1", "count: 0", "0",
            "'count' must be from 1 to 20, not 0");
        row("trait value", "Hanger: 2", "Hanger: 20", "Hanger: 21", "21",
            "'Hangers' must be from 1 to 20, not 21");
        row("trait boxes", "- Counters", "- {trait: Counters, boxes: 20}",
            "- {trait: Counters, boxes: 21}", "21", "'boxes' must be from 0 to 20, not 21");
        row("weapon traits", "traits: [Link]", "traits: " + flowList("Link", 10),
            "traits: " + flowList("Link", 11), "[Link", "'traits' has 11 entries, at most 10");
        row("unit traits", "      - Ring Module\n",
            "      - Ring Module\n" + QByteArray("      - Emissions: 1\n").repeated(17),
            "      - Ring Module\n" + QByteArray("      - Emissions: 1\n").repeated(18),
            "- Counters", "'traits' has 21 entries, at most 20");
        const QByteArray gun("      - {name: Gun, class: missile, ac: 1, as: 1}\n");
        row("weapons", "        as: skill\n", "        as: skill\n" + gun.repeated(19),
            "        as: skill\n" + gun.repeated(20), "- name: Plasma Lance",
            "'weapons' has 21 entries, at most 20");
        row("base", "base: 2x2", "base: 12x12", "base: 12.5x2", "12.5x2",
            "'base': a side of at most 12 inches, not 12.5");
        row("huge base", "base: 2x2", "base: 12x12", "base: 2x99999999999999999999", "2x9",
            "'base': a side of at most 12 inches");
    }
    void bounds()
    {
        QFETCH(QByteArray, from);
        QFETCH(QByteArray, inside);
        QFETCH(QByteArray, outside);
        QFETCH(QByteArray, at);
        QFETCH(QString, message);

        const FactionFile good = UnitLoader::parse(patched(from, inside), QStringLiteral("x.yaml"));
        QVERIFY2(!good.hasErrors(), qPrintable(issuesText(good)));
        QCOMPARE(int(good.units.size()), 2);

        const QByteArray yaml = patched(from, outside);
        const FactionFile bad = UnitLoader::parse(yaml, QStringLiteral("x.yaml"));
        QVERIFY(bad.units.empty());
        // At `at`, searched from the change on; a list's error is at its first
        // item, which may come before the change: then from the top.
        const qsizetype changed = QByteArray(kValid).indexOf(from);
        qsizetype pos = yaml.indexOf(at, changed);
        if (pos < 0)
            pos = yaml.indexOf(at);
        QVERIFY(pos >= 0);
        const int line = int(yaml.left(pos).count('\n')) + 1;
        const int column = int(pos - (yaml.lastIndexOf('\n', pos - 1) + 1)) + 1;
        bool found = false;
        for (const DataIssue &i : bad.issues)
            found |= i.line == line && i.column == column && i.message.contains(message);
        QVERIFY2(found,
                 qPrintable(QStringLiteral("expected %1:%2 '%3', got:\n%4")
                                .arg(line)
                                .arg(column)
                                .arg(message, issuesText(bad))));
    }

    // Item 11 of issue 14: names are printed on cards, in tables and on a
    // terminal: no control characters, no text-reordering characters, at most
    // io::kMaxNameLength; provenance and description are free text (line breaks
    // allowed). No message echoes the bad text.
    void names_data()
    {
        QTest::addColumn<QByteArray>("from");
        QTest::addColumn<QByteArray>("inside");
        QTest::addColumn<QByteArray>("outside");
        QTest::addColumn<QByteArray>("at");
        QTest::addColumn<QString>("message");

        auto row = [](const char *name, const QByteArray &from, const QByteArray &inside,
                      const QByteArray &outside, const QByteArray &at, const QString &message) {
            QTest::newRow(name) << from << inside << outside << at << message;
        };
        const QByteArray n120(120, 'A');
        row("unit name escape", "  - name: Shan-Yu", "  - name: Shan-Yu", "  - name: \"Shan\\eYu\"",
            "\"Shan", "'name' holds a control character (U+001B) at character 5");
        row("unit name length", "  - name: Shan-Yu", "  - name: " + n120, "  - name: A" + n120,
            "AAA", "'name' is too long: 121 characters, at most 120");
        row("unit id", "  - name: Pathfinder\n", "  - name: Pathfinder\n    id: path\n",
            "  - name: Pathfinder\n    id: \"pa\\e[31mth\"\n", "\"pa",
            "'id' holds a control character (U+001B)");
        row("class", "    type: capital\n", "    type: capital\n    class: Destroyer\n",
            "    type: capital\n    class: \"Destroyer\\u202E\"\n", "\"Dest",
            "'class' holds a character that reorders text (U+202E)");
        row("weapon name", "name: Beam Projector", "name: Beam Projector",
            "name: \"Beam\\tProjector\"", "\"Beam", "'name' holds a control character (U+0009)");
        row("weapon class", "class: beam-projector", "class: beam-projector",
            "class: \"beam\\e[2J\"", "\"beam", "'class' holds a control character (U+001B)");
        row("trait", "      - Ring Module", "      - Ring Module", "      - \"Ring\\eModule\"",
            "\"Ring", "'trait' holds a control character (U+001B)");
        row("faction name", "name: Test Fleet", "name: Test Fleet", "name: \"Test\\aFleet\"",
            "\"Test", "'name' holds a control character (U+0007)");
        row("faction id", "id: testers", "id: testers", "id: \"test\\ners\"", "\"test",
            "'id' holds a control character (U+000A)");
        row("rules version", "  rules_version: v1.2.2", "  rules_version: v1.2.2",
            "  rules_version: \"v1.2.2\\e\"", "\"v1", "'rules_version' holds a control character");
        row("provenance", "    provenance: test\n  - name: Pathfinder",
            "    provenance: \"line one\\nline two\\ttabbed\"\n  - name: Pathfinder",
            "    provenance: \"te\\est\"\n  - name: Pathfinder", "\"te\\e",
            "'provenance' holds a control character (U+001B)");
        row("provenance length", "    provenance: test\n  - name: Pathfinder",
            "    provenance: " + QByteArray(2000, 'p') + "\n  - name: Pathfinder",
            "    provenance: " + QByteArray(2001, 'p') + "\n  - name: Pathfinder", "ppp",
            "'provenance' is too long: 2001 characters, at most 2000");
        row("description", "    provisional: true\n",
            "    provisional: true\n    description: \"one\\ntwo\"\n",
            "    provisional: true\n    description: \"one\\x7ftwo\"\n", "\"one",
            "'description' holds a control character (U+007F)");
        row("key not echoed", "    speed: 6", "    speed: 6", "    speed: 6\n    \"sp\\eed\": 6",
            "\"sp", "a key of unit holds a control character (U+001B) at character 3");
        row("trait value not echoed", "Hanger: 2", "Hanger: 2", "Hanger: \"\\e[0m\"", "\"\\e",
            "'Hangers' must be a whole number");
        row("number not echoed", "tv: 111", "tv: 111", "tv: \"\\e[31mred\"", "\"\\e",
            "'tv' must be a whole number");
    }
    void names()
    {
        QFETCH(QByteArray, from);
        QFETCH(QByteArray, inside);
        QFETCH(QByteArray, outside);
        QFETCH(QByteArray, at);
        QFETCH(QString, message);

        const FactionFile good = UnitLoader::parse(patched(from, inside), QStringLiteral("x.yaml"));
        QVERIFY2(!good.hasErrors(), qPrintable(issuesText(good)));

        const QByteArray yaml = patched(from, outside);
        const FactionFile bad = UnitLoader::parse(yaml, QStringLiteral("x.yaml"));
        QVERIFY(bad.hasErrors());
        QVERIFY(bad.units.empty());
        const qsizetype pos = yaml.indexOf(at, QByteArray(kValid).indexOf(from));
        QVERIFY(pos >= 0);
        const int line = int(yaml.left(pos).count('\n')) + 1;
        const int column = int(pos - (yaml.lastIndexOf('\n', pos - 1) + 1)) + 1;
        bool found = false;
        for (const DataIssue &i : bad.issues) {
            found |= i.line == line && i.column == column && i.message.contains(message);
            // What the user sees on a terminal holds nothing of the bad text.
            QVERIFY2(io::nameProblem(i.toString(), 100'000).isEmpty(), qPrintable(i.message));
        }
        QVERIFY2(found,
                 qPrintable(QStringLiteral("expected %1:%2 '%3', got:\n%4")
                                .arg(line)
                                .arg(column)
                                .arg(message, issuesText(bad))));
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

    // A file bigger than the YAML load accepts is refused before it is read
    // (a sparse file of 8 GB here would otherwise take 8 GB of memory).
    void hugeFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("huge.yaml"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QVERIFY(f.resize(qint64(8) << 30));
        f.close();
        const FactionFile out = UnitLoader::parseFile(path);
        QVERIFY(out.hasErrors());
        QCOMPARE(out.issues.size(), std::size_t(1));
        QCOMPARE(out.issues[0].message,
                 QStringLiteral("the file is too big: 8589934592 bytes, at most 8388608"));
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
