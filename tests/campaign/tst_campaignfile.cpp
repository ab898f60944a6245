// SPDX-License-Identifier: GPL-3.0-or-later
// Campaign files and battle reports as untrusted input: alias bombs, unknown
// or missing keys at every level, names with control characters, unknown
// scenarios and units, each refused with file, line and column and nothing
// read (no database: CampaignFile::parse and battleFromReport).
#include "campaign/battleimport.h"
#include "campaign/campaignfile.h"
#include "units/unitdatabase.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace jw;

namespace {

// A campaign with one player, one battle and one repair: every level of the file.
CampaignData sample()
{
    CampaignData d;
    d.campaign.name = QStringLiteral("Io");
    d.campaign.started = QDate(2025, 1, 1);
    for (int i = 1; i <= 2; ++i) {
        Player p;
        p.id = i;
        p.name = i == 1 ? QStringLiteral("Ann") : QStringLiteral("Bob");
        p.faction = QStringLiteral("jovian");
        RosterEntry e;
        e.id = 10 * i;
        e.unitId = QStringLiteral("valiant");
        e.name = QStringLiteral("Vigilant %1").arg(i);
        e.damage = {{QStringLiteral("structure"), 1}};
        p.roster.push_back(e);
        d.players.push_back(p);
    }
    Battle b;
    b.id = 1;
    b.date = QDate(2025, 2, 1);
    b.winner = 0;
    for (int s = 0; s < 2; ++s) {
        BattleSide &side = b.sides[std::size_t(s)];
        side.playerId = s + 1;
        side.playerName = d.players[std::size_t(s)].name;
        side.fleet.faction = QStringLiteral("jovian");
        side.fleet.points = 250;
        side.fleet.rules = QStringLiteral("v1.2.2");
        side.fleet.entries.push_back(
            FleetEntry {QStringLiteral("valiant"), QStringLiteral("Vigilant"), {}, {}});
        UnitOutcome o;
        o.side = s;
        o.entry = 0;
        o.unitId = QStringLiteral("valiant");
        o.rosterId = 10 * (s + 1);
        o.lost = {{QStringLiteral("structure"), 1}};
        o.fate = UnitFate::Damaged;
        b.outcomes.push_back(o);
    }
    d.battles.push_back(b);
    RepairRecord r;
    r.id = 1;
    r.playerId = 1;
    r.rosterId = 10;
    r.date = QDate(2025, 2, 2);
    r.dice = {3};
    d.repairs.push_back(r);
    return d;
}

QByteArray sampleYaml()
{
    return CampaignFile::serialize(sample(), CampaignFile::Format::Yaml);
}

// `yaml` with the first "from" (whole line text) replaced by "to".
QByteArray replaced(const QByteArray &yaml, const QByteArray &from, const QByteArray &to)
{
    const qsizetype at = yaml.indexOf(from);
    if (at < 0)
        qFatal("'%s' is not in the sample", from.constData());
    QByteArray out = yaml;
    return out.replace(at, from.size(), to);
}

// ":line:column: error:" of offset `at` in `text`.
QString where(const QByteArray &text, qsizetype at)
{
    const QByteArray head = text.left(at);
    return QStringLiteral(":%1:%2: error:")
        .arg(head.count('\n') + 1)
        .arg(at - head.lastIndexOf('\n'));
}

QString where(const QByteArray &text, const QByteArray &needle)
{
    return where(text, text.indexOf(needle));
}

// The 1.4 KB "billion laughs": nine levels of nine aliases, 9^9 strings.
QByteArray billionLaughs(const QByteArray &head)
{
    QByteArray y = head
        + "lol0: &a0 [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n";
    for (int i = 1; i <= 9; ++i) {
        const QByteArray prev = "*a" + QByteArray::number(i - 1);
        y += "lol" + QByteArray::number(i) + ": &a" + QByteArray::number(i) + " [" + prev;
        for (int k = 1; k < 9; ++k)
            y += "," + prev;
        y += "]\n";
    }
    return y;
}

} // namespace

class TestCampaignFile : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void sampleReadsBack()
    {
        for (auto format : {CampaignFile::Format::Yaml, CampaignFile::Format::Json}) {
            const auto r = CampaignFile::parse(CampaignFile::serialize(sample(), format),
                                               QStringLiteral("c"), format);
            QVERIFY2(r.ok(), qPrintable(r.errorText()));
            QCOMPARE(*r.data, sample());
        }
    }

    // A battle's dice against the odds (Battle::luck) read back; a file with
    // them is schema version 2, one without stays 1 (older programs read it).
    void luckReadsBackAndVersions()
    {
        CampaignData d = sample();
        QVERIFY(CampaignFile::serialize(d, CampaignFile::Format::Yaml)
                    .contains("\nschema_version: 1\n"));
        d.battles[0].source = QStringLiteral("game");
        d.battles[0].luck = std::array {SideLuck {9, 13, 11020}, SideLuck {2, 0, 667}};
        for (auto format : {CampaignFile::Format::Yaml, CampaignFile::Format::Json}) {
            const QByteArray text = CampaignFile::serialize(d, format);
            QVERIFY(text.contains(format == CampaignFile::Format::Yaml
                                      ? QByteArray("\nschema_version: 2\n")
                                      : QByteArray("\"schema_version\": 2")));
            const auto r = CampaignFile::parse(text, QStringLiteral("c"), format);
            QVERIFY2(r.ok(), qPrintable(r.errorText()));
            QCOMPARE(*r.data, d);
        }
    }

    void billionLaughsIsRefusedAtOnce()
    {
        const QByteArray bomb = billionLaughs("format: jwfleet-campaign\nschema_version: 1\n");
        QVERIFY(bomb.size() < 1500);
        QElapsedTimer t;
        t.start();
        const auto r
            = CampaignFile::parse(bomb, QStringLiteral("bomb.yaml"), CampaignFile::Format::Yaml);
        QVERIFY(t.elapsed() < 1000);
        QVERIFY(!r.ok());
        QVERIFY2(r.errorText().startsWith(QStringLiteral("bomb.yaml") + where(bomb, "&a0")
                                          + QStringLiteral(" anchors")),
                 qPrintable(r.errorText()));

        // The same in a battle report.
        const QByteArray report = billionLaughs("date: 2025-01-01\n");
        t.restart();
        const BattleImport b = battleFromReport(report, QStringLiteral("r.yaml"), {}, nullptr);
        QVERIFY(t.elapsed() < 1000);
        QVERIFY(!b.ok());
        QVERIFY2(b.errorText().startsWith(QStringLiteral("r.yaml") + where(report, "&a0")),
                 qPrintable(b.errorText()));
    }

    void unknownKeysAtEveryLevel_data()
    {
        QTest::addColumn<QByteArray>("from");
        QTest::addColumn<QByteArray>("to");
        QTest::addColumn<QString>("what");
        // Each row misspells one key of one level of the sample.
        QTest::newRow("top level") << QByteArray("battles:") << QByteArray("batles:")
                                   << QStringLiteral("unknown key 'batles' in a campaign file "
                                                     "(allowed: format, schema_version, campaign, "
                                                     "players, battles, repairs)");
        QTest::newRow("campaign") << QByteArray("\n  points:") << QByteArray("\n  pionts:")
                                  << QStringLiteral("unknown key 'pionts' in campaign");
        QTest::newRow("player") << QByteArray("    fleet_name:") << QByteArray("    flet_name:")
                                << QStringLiteral("unknown key 'flet_name' in a player");
        QTest::newRow("roster entry")
            << QByteArray("        survived:") << QByteArray("        survivd:")
            << QStringLiteral("unknown key 'survivd' in a roster entry");
        QTest::newRow("battle") << QByteArray("    notes:") << QByteArray("    note:")
                                << QStringLiteral("unknown key 'note' in a battle");
        QTest::newRow("side") << QByteArray("victory_points:") << QByteArray("victory_point:")
                              << QStringLiteral("unknown key 'victory_point' in a battle's side");
        QTest::newRow("fleet") << QByteArray("          faction:")
                               << QByteArray("          fraction:")
                               << QStringLiteral("unknown key 'fraction' in a fleet");
        QTest::newRow("fleet unit") << QByteArray("            - name: Vigilant")
                                    << QByteArray("            - nam: Vigilant")
                                    << QStringLiteral("unknown key 'nam' in a fleet's unit");
        QTest::newRow("outcome") << QByteArray("        remaining:")
                                 << QByteArray("        remainig:")
                                 << QStringLiteral("unknown key 'remainig' in a unit's outcome");
        QTest::newRow("repair") << QByteArray("    op_cost:") << QByteArray("    opcost:")
                                << QStringLiteral("unknown key 'opcost' in a repair");
        QTest::newRow("house rules")
            << QByteArray("    renown:") << QByteArray("    renwn:")
            << QStringLiteral("campaign.house_rules: unknown campaign rule 'renwn'");
        QTest::newRow("ratings") << QByteArray("          structure: 1")
                                 << QByteArray("          structur: 1")
                                 << QStringLiteral("unknown rating");
    }
    void unknownKeysAtEveryLevel()
    {
        QFETCH(QByteArray, from);
        QFETCH(QByteArray, to);
        QFETCH(QString, what);
        const QByteArray yaml = replaced(sampleYaml(), from, to);
        const auto r
            = CampaignFile::parse(yaml, QStringLiteral("c.yaml"), CampaignFile::Format::Yaml);
        QVERIFY(!r.ok());
        QVERIFY2(r.errorText().contains(what), qPrintable(r.errorText()));
        // Located at the misspelt key (the house rules: at their map).
        const QByteArray key = to.trimmed().split(':').first().replace("- ", "");
        const qsizetype at = yaml.indexOf(to) + to.indexOf(key);
        if (what.startsWith(QLatin1String("unknown")))
            QVERIFY2(
                r.errorText().startsWith(QStringLiteral("c.yaml") + where(yaml, at)),
                qPrintable(r.errorText() + QStringLiteral(" / expected at ") + where(yaml, at)));
        else
            QVERIFY2(r.errorText().startsWith(QStringLiteral("c.yaml:")),
                     qPrintable(r.errorText()));

        // JSON: the same, located too (JSON is read as YAML for the positions).
        QByteArray json = CampaignFile::serialize(sample(), CampaignFile::Format::Json);
        const QByteArray jsonFrom = '"' + from.trimmed().split(':').first().replace("- ", "") + '"';
        const QByteArray jsonTo = '"' + key + '"';
        if (json.count(jsonFrom) != 1)
            return; // the key is at several levels: the YAML case above tells them apart
        json = replaced(json, jsonFrom, jsonTo);
        const auto j
            = CampaignFile::parse(json, QStringLiteral("c.json"), CampaignFile::Format::Json);
        QVERIFY(!j.ok());
        QVERIFY2(j.errorText().contains(what), qPrintable(j.errorText()));
        QVERIFY2(j.errorText().startsWith(QStringLiteral("c.json:")), qPrintable(j.errorText()));
    }

    void listsAreRequired_data()
    {
        QTest::addColumn<QByteArray>("key");
        QTest::newRow("players") << QByteArray("players");
        QTest::newRow("battles") << QByteArray("battles");
        QTest::newRow("repairs") << QByteArray("repairs");
    }
    void listsAreRequired()
    {
        QFETCH(QByteArray, key);
        CampaignData d = sample();
        QJsonObject o = CampaignFile::toJson(d);
        o.remove(QString::fromLatin1(key));
        const auto r = CampaignFile::parse(QJsonDocument(o).toJson(), QStringLiteral("c.json"),
                                           CampaignFile::Format::Json);
        QVERIFY(!r.ok());
        QVERIFY2(r.errorText().contains(QString::fromLatin1(key + ": missing")),
                 qPrintable(r.errorText()));
        // An empty list is fine.
        o.insert(QString::fromLatin1(key), QJsonArray());
        if (key == "players")
            return; // the battles name players: the store refuses that (tst_campaignstore)
        const auto empty = CampaignFile::parse(QJsonDocument(o).toJson(), QStringLiteral("c.json"),
                                               CampaignFile::Format::Json);
        QVERIFY2(empty.ok(), qPrintable(empty.errorText()));
    }

    void valuesAreChecked_data()
    {
        QTest::addColumn<QByteArray>("from");
        QTest::addColumn<QByteArray>("to");
        QTest::addColumn<QString>("what");
        QTest::newRow("control character in a name")
            << QByteArray("name: Ann") << QByteArray("name: \"A\\enn\"")
            << QStringLiteral("players[0].name: holds a control character (U+001B)");
        QTest::newRow("overlong campaign name")
            << QByteArray("  name: Io") << QByteArray("  name: " + QByteArray(200, 'o'))
            << QStringLiteral("campaign.name: is too long: 200 characters, at most 120");
        QTest::newRow("control character in a unit's name")
            << QByteArray("name: Vigilant 1") << QByteArray("name: \"Vigi\\x07lant\"")
            << QStringLiteral("players[0].roster[0].name: holds a control character (U+0007)");
        QTest::newRow("winner") << QByteArray("    winner: 0") << QByteArray("    winner: 7")
                                << QStringLiteral("battles[0].winner: must be from -1 to 1, not 7");
        QTest::newRow("outcome entry past the fleet")
            << QByteArray("- entry: 0") << QByteArray("- entry: 5")
            << QStringLiteral("battles[0].outcomes[0].entry: side 0's fleet has 1 units");
        QTest::newRow("victory points")
            << QByteArray("victory_points: 0") << QByteArray("victory_points: 2147483647")
            << QStringLiteral("must be from 0 to 1000000");
        QTest::newRow("source") << QByteArray("source: manual") << QByteArray("source: fax")
                                << QStringLiteral("battles[0].source: manual, report, game");
        QTest::newRow("die") << QByteArray("      - 3") << QByteArray("      - 9")
                             << QStringLiteral("repairs[0].dice[0]: a die shows 1 to 6");
        QTest::newRow("luck of one side")
            << QByteArray("    source: manual")
            << QByteArray("    source: game\n    luck:\n      - {attacks: 1, successes: 1, "
                          "expected_milli: 500}")
            << QStringLiteral("battles[0].luck: must be a list of the two sides' attack dice");
        QTest::newRow("luck below zero")
            << QByteArray("    source: manual")
            << QByteArray("    source: game\n    luck:\n      - {attacks: 1, successes: 1, "
                          "expected_milli: 500}\n      - {attacks: 1, successes: -2, "
                          "expected_milli: 500}")
            << QStringLiteral("battles[0].luck: side 1: successes must be a whole number from 0");
    }
    void valuesAreChecked()
    {
        QFETCH(QByteArray, from);
        QFETCH(QByteArray, to);
        QFETCH(QString, what);
        const QByteArray yaml = replaced(sampleYaml(), from, to);
        const auto r
            = CampaignFile::parse(yaml, QStringLiteral("c.yaml"), CampaignFile::Format::Yaml);
        QVERIFY(!r.ok());
        QVERIFY2(r.errorText().contains(what), qPrintable(r.errorText()));
        QVERIFY2(r.errorText().startsWith(QStringLiteral("c.yaml:")), qPrintable(r.errorText()));
    }

    void tooBigIsRefusedUnread()
    {
        QByteArray big(CampaignFile::limits().maxBytes + 1, ' ');
        const auto r
            = CampaignFile::parse(big, QStringLiteral("big.yaml"), CampaignFile::Format::Yaml);
        QVERIFY(!r.ok());
        QVERIFY2(r.errorText().contains(QStringLiteral("too big")), qPrintable(r.errorText()));
    }

    void writeGoesThroughOutputFile()
    {
        // A folder is refused (io::writeFile), not replaced by a file.
        QTemporaryDir dir;
        const QString error = CampaignFile::write(sample(), dir.path());
        QVERIFY(!error.isEmpty());
        QVERIFY(QFileInfo(dir.path()).isDir());
        const QString file = dir.filePath(QStringLiteral("c.yaml"));
        QCOMPARE(CampaignFile::write(sample(), file), QString());
        QCOMPARE(*CampaignFile::read(file).data, sample());
    }

    void reportsAreLocated_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<QString>("error");
        const QByteArray sides = "sides:\n  - player: Ann\n    victory_points: 1\n"
                                 "  - player: Bob\n    victory_points: 2\n";
        QTest::newRow("unknown scenario")
            << QByteArray("date: 2025-01-01\nscenario: pillow-fight\n" + sides)
            << QStringLiteral("r.yaml:2:11: error: unknown scenario 'pillow-fight' (");
        QTest::newRow("control character in a player")
            << QByteArray("date: 2025-01-01\nsides:\n  - player: \"A\\e[31mnn\"\n"
                          "    victory_points: 1\n  - player: Bob\n    victory_points: 2\n")
            << QStringLiteral("r.yaml:3:13: error: 'player' holds a control character (U+001B)");
        QTest::newRow("control character in a unit's name")
            << QByteArray("date: 2025-01-01\nsides:\n  - player: Ann\n    victory_points: 1\n"
                          "    units:\n      - name: \"V\\a\"\n        fate: destroyed\n"
                          "  - player: Bob\n    victory_points: 2\n")
            << QStringLiteral("r.yaml:6:15: error: 'name' holds a control character (U+0007)");
        QTest::newRow("overlong notes")
            << QByteArray("date: 2025-01-01\nnotes: " + QByteArray(20'001, 'x') + "\n" + sides)
            << QStringLiteral("r.yaml:2:8: error: 'notes' is too long");
        QTest::newRow("huge victory points")
            << QByteArray("date: 2025-01-01\nsides:\n  - player: Ann\n    victory_points: "
                          "2000000000\n  - player: Bob\n    victory_points: 2\n")
            << QStringLiteral("r.yaml:4:21: error: 'victory_points' must be at most 1000000");
    }
    void reportsAreLocated()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(QString, error);
        auto lookup = [](const QString &) -> std::optional<Fleet> {
            Fleet f;
            f.faction = QStringLiteral("jovian");
            f.entries.push_back(FleetEntry {QStringLiteral("valiant"), {}, {}, {}});
            return f;
        };
        const BattleImport r = battleFromReport(yaml, QStringLiteral("r.yaml"), lookup, nullptr);
        QVERIFY(!r.ok());
        QVERIFY2(r.errorText().startsWith(error), qPrintable(r.errorText()));
    }

    void reportUnknownUnitIsLocated()
    {
        const UnitDatabase db = UnitDatabase::loadShipped();
        // Ann's fleet (from her roster) holds a unit the database does not know;
        // Bob's listed unit is unknown too.
        auto lookup = [](const QString &name) -> std::optional<Fleet> {
            Fleet f;
            f.faction = QStringLiteral("jovian");
            f.entries.push_back(FleetEntry {name == QLatin1String("Ann")
                                                ? QStringLiteral("flying-teapot")
                                                : QStringLiteral("space-kettle"),
                                            {},
                                            {},
                                            {}});
            return f;
        };
        const QByteArray yaml = "date: 2025-01-01\n"
                                "sides:\n"
                                "  - player: Ann\n"
                                "    victory_points: 1\n"
                                "  - player: Bob\n"
                                "    victory_points: 2\n"
                                "    units:\n"
                                "      - entry: 0\n"
                                "        fate: destroyed\n";
        const BattleImport r = battleFromReport(yaml, QStringLiteral("r.yaml"), lookup, &db);
        QVERIFY(!r.ok());
        QCOMPARE(r.issues.size(), std::size_t(2));
        QVERIFY2(r.issues[0].toString().startsWith(
                     QStringLiteral("r.yaml:3:13: error: unit 'flying-teapot'")),
                 qPrintable(r.errorText()));
        QVERIFY2(r.issues[1].toString().startsWith(
                     QStringLiteral("r.yaml:8:9: error: unit 'space-kettle'")),
                 qPrintable(r.errorText()));
    }
};

QTEST_GUILESS_MAIN(TestCampaignFile)
#include "tst_campaignfile.moc"
