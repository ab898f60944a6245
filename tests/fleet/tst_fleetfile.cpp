// SPDX-License-Identifier: GPL-3.0-or-later
// Fleet files: the documented form reads, writing round-trips exactly and
// atomically, and every malformed file is refused with file, line and column.
#include "fleet/fleetfile.h"
#include "fleet/fleetvalidator.h"
#include "units/unitdatabase.h"

#include "fleettestdata.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace jw;
using namespace jw::test;

Q_DECLARE_METATYPE(jw::Fleet)

namespace {

QString fixture(const char *name)
{
    return QStringLiteral(JW_FLEET_TEST_DATA "/") + QString::fromLatin1(name);
}

QString issues(const FleetFileResult &r)
{
    return r.errorText();
}

} // namespace

class TestFleetFile : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // The form of the issue, which scripts and tests rely on.
    void documentedForm()
    {
        const FleetFileResult r = FleetFile::read(fixture("minimal.jwfleet"));
        QVERIFY2(r.ok(), qPrintable(issues(r)));
        const Fleet &f = *r.fleet;
        QCOMPARE(f.faction, QStringLiteral("jovian"));
        QCOMPARE(f.points, 250);
        QCOMPARE(f.rules, QStringLiteral("v1.2.2"));
        QCOMPARE(f.name, QStringLiteral("Io Patrol"));
        QCOMPARE(f.size(), 2);
        QCOMPARE(f.entries[0].unitId, QStringLiteral("alexander"));
        QCOMPARE(f.entries[0].name, QStringLiteral("JCS Vigilant"));
        QVERIFY(!f.entries[0].embarkedOn);
        QCOMPARE(f.entries[1].unitId, QStringLiteral("pathfinder"));
        QVERIFY(f.entries[1].name.isEmpty());
        QCOMPARE(f.entries[1].embarkedOn, std::optional<int>(0));
        QVERIFY(f.entries[1].upgrades.isEmpty());
    }

    void defaults()
    {
        const FleetFileResult r = FleetFile::parse("faction: testers\npoints: 100\nunits:\n",
                                                   QStringLiteral("d.jwfleet"));
        QVERIFY2(r.ok(), qPrintable(issues(r)));
        QCOMPARE(r.fleet->rules, QStringLiteral("v1.2.2")); // rules: optional
        QVERIFY(r.fleet->name.isEmpty());
        QCOMPARE(r.fleet->size(), 0); // "units:" with nothing: no units yet
        const FleetFileResult v1 = FleetFile::parse(
            "schema_version: 1\nfaction: testers\npoints: 100\nunits: []\n", QString());
        QVERIFY(v1.ok());
        QCOMPARE(*v1.fleet, *r.fleet);
    }

    // Values of the right type that name nothing known are read; validation
    // reports them (the CLI's exit 1, not 2).
    void validationIsNotReading()
    {
        const FleetFileResult r = FleetFile::read(fixture("illegal.jwfleet"));
        QVERIFY2(r.ok(), qPrintable(issues(r)));
        const FleetReport report = validateFleet(*r.fleet, testDatabase());
        QVERIFY(!report.legal());
        QVERIFY(report.has(QStringLiteral("unknown-unit")));
        QVERIFY(report.has(QStringLiteral("not-a-carrier")));
        QVERIFY(report.has(QStringLiteral("squadron-share")));

        const FleetFileResult odd = FleetFile::parse(
            "faction: martians\npoints: -5\nrules: v9\nunits:\n  - unit: x\n    embarked_on: -3\n",
            QString());
        QVERIFY2(odd.ok(), qPrintable(issues(odd)));
        QCOMPARE(odd.fleet->points, -5);
        QCOMPARE(odd.fleet->rules, QStringLiteral("v9"));
        QCOMPARE(odd.fleet->entries[0].embarkedOn, std::optional<int>(-3));
    }

    void legalFixture()
    {
        const FleetFileResult r = FleetFile::read(fixture("legal.jwfleet"));
        QVERIFY2(r.ok(), qPrintable(issues(r)));
        const FleetReport report = validateFleet(*r.fleet, testDatabase());
        QVERIFY(report.legal());
        QCOMPARE(report.totals.total, 100);
        QCOMPARE(report.totals.squadrons, 25);
    }

    void roundTrip_data()
    {
        QTest::addColumn<Fleet>("fleet");
        Fleet empty;
        empty.faction = QStringLiteral("jovian");
        empty.points = 250;
        QTest::newRow("no units") << empty;

        Fleet plain
            = fleet(250, QStringLiteral("v1.2.3"),
                    QStringLiteral("carrier=Ark sq-1>0+ace-pilot sq-1>0+ace-pilot+fuel-pods "
                                   "cap-10 sq-1>7 sq-1>-1"));
        plain.name = QStringLiteral("Io Patrol");
        QTest::newRow("carriers and upgrades") << plain;

        // Names that YAML would misread if written plain.
        const QStringList tricky {QStringLiteral("JCS Vigilant: the Second"),
                                  QStringLiteral("# not a comment"),
                                  QStringLiteral(" leading space"),
                                  QStringLiteral("trailing space "),
                                  QStringLiteral("null"),
                                  QStringLiteral("~"),
                                  QStringLiteral("yes"),
                                  QStringLiteral("- dash"),
                                  QStringLiteral("\"quoted\""),
                                  QStringLiteral("back\\slash"),
                                  QStringLiteral("[flow]"),
                                  QStringLiteral("{map}"),
                                  QStringLiteral("&anchor"),
                                  QStringLiteral("*alias"),
                                  QStringLiteral("!tag"),
                                  QStringLiteral("%directive"),
                                  QStringLiteral("@at"),
                                  QStringLiteral("`tick`"),
                                  QStringLiteral("L'Étoile du Nord"),
                                  QStringLiteral("金星"),
                                  QStringLiteral("42"),
                                  QStringLiteral("1e3"),
                                  QStringLiteral("O'Neill's \"Pride\""),
                                  QStringLiteral("a, b")};
        Fleet names = fleet(500, QStringLiteral("v1.2.4"), QString());
        names.name = QStringLiteral("Fleet: \"Names\" # test");
        for (const QString &n : tricky)
            names.entries.push_back(FleetEntry {QStringLiteral("cap-10"), n, {}, {}});
        names.entries.push_back(
            FleetEntry {QStringLiteral("odd: id"), {}, 0, {QStringLiteral("odd, upgrade")}});
        QTest::newRow("tricky names") << names;
    }
    void roundTrip()
    {
        QFETCH(Fleet, fleet);
        const QByteArray text = FleetFile::serialize(fleet);
        const FleetFileResult r = FleetFile::parse(text, QStringLiteral("rt.jwfleet"));
        QVERIFY2(r.ok(), qPrintable(issues(r) + QLatin1Char('\n') + QString::fromUtf8(text)));
        QCOMPARE(*r.fleet, fleet);
        QCOMPARE(FleetFile::serialize(*r.fleet), text); // stable

        // Through a file, atomically.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("f.jwfleet"));
        QVERIFY(FleetFile::write(fleet, path).ok());
        const FleetFileResult back = FleetFile::read(path);
        QVERIFY2(back.ok(), qPrintable(issues(back)));
        QCOMPARE(*back.fleet, fleet);
    }

    // Control characters in names are refused where they are (issue 14: they
    // broke tables and coloured the terminal), as are absurd sizes.
    void badNamesAndSizes_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<QString>("error");
        QTest::newRow("line break")
            << QByteArray("faction: jovian\npoints: 250\nunits:\n  - {unit: valiant, name: "
                          "\"two\\nlines\"}\n")
            << "f.jwfleet:4:27: error: 'name' holds a control character (U+000A) at character 4";
        QTest::newRow("escape in the fleet name")
            << QByteArray("name: \"Io\\e[31m\"\nfaction: jovian\npoints: 250\nunits: []\n")
            << "f.jwfleet:1:7: error: 'name' holds a control character (U+001B) at character 3";
        QTest::newRow("long name")
            << (QByteArray("name: ") + QByteArray(121, 'x')
                + "\nfaction: jovian\npoints: 250\nunits: []\n")
            << "f.jwfleet:1:7: error: 'name' is too long: 121 characters, at most 120";
        QTest::newRow("points") << QByteArray("faction: jovian\npoints: 2147483647\nunits: []\n")
                                << "f.jwfleet:2:9: error: 'points' must be at most 1000000";
        QByteArray many = "faction: jovian\npoints: 250\nunits:\n";
        for (int i = 0; i < 10'001; ++i)
            many += "  - {unit: valiant}\n";
        QTest::newRow("units") << many
                               << "f.jwfleet:4:3: error: 'units' lists 10001 units, at most 10000";
        QTest::newRow("upgrades")
            << QByteArray("faction: jovian\npoints: 250\nunits:\n  - {unit: valiant, upgrades: "
                          "[a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q]}\n")
            << "f.jwfleet:4:31: error: 'upgrades' lists 17 upgrades, at most 16";
    }

    void badNamesAndSizes()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(QString, error);
        const FleetFileResult r = FleetFile::parse(yaml, QStringLiteral("f.jwfleet"));
        QVERIFY(!r.ok());
        QVERIFY2(issues(r).contains(error), qPrintable(issues(r)));
    }

    // What a person sees in a diff.
    void writtenText()
    {
        Fleet f = fleet(250, QStringLiteral("v1.2.3"),
                        QStringLiteral("carrier=JCS_Vigilant sq-1>0+ace-pilot cap-10"));
        f.name = QStringLiteral("Io Patrol");
        f.faction = QStringLiteral("jovian");
        QCOMPARE(QString::fromUtf8(FleetFile::serialize(f)),
                 QStringLiteral("# Jovian Wars fleet list (jwfleet)\n"
                                "schema_version: 1\n"
                                "name: Io Patrol\n"
                                "faction: jovian\n"
                                "points: 250\n"
                                "rules: v1.2.3\n"
                                "units:\n"
                                "  - unit: carrier\n"
                                "    name: JCS_Vigilant\n"
                                "  - unit: sq-1\n"
                                "    embarked_on: 0 # JCS_Vigilant\n"
                                "    upgrades: [ace-pilot]\n"
                                "  - unit: cap-10\n"));
    }

    void samplesRoundTrip()
    {
        const QDir dir(QStringLiteral(JW_SAMPLE_FLEETS));
        const QStringList names = dir.entryList({QStringLiteral("*.jwfleet")}, QDir::Files);
        QVERIFY(names.size() >= 3);
        for (const QString &n : names) {
            const FleetFileResult r = FleetFile::read(dir.filePath(n));
            QVERIFY2(r.ok(), qPrintable(issues(r)));
            const FleetFileResult again
                = FleetFile::parse(FleetFile::serialize(*r.fleet), dir.filePath(n));
            QVERIFY(again.ok());
            QCOMPARE(*again.fleet, *r.fleet);
        }
    }

    void atomicWrite()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("f.jwfleet"));
        Fleet a = fleet(100, QStringLiteral("v1.2.2"), QStringLiteral("cap-10"));
        Fleet b = fleet(250, QStringLiteral("v1.2.2"), QStringLiteral("sq-10 sq-10"));
        QVERIFY(FleetFile::write(a, path).ok());
        QVERIFY(FleetFile::write(b, path).ok()); // replaces
        QCOMPARE(*FleetFile::read(path).fleet, b);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files),
                 QStringList {QStringLiteral("f.jwfleet")});

        const FleetWriteResult bad
            = FleetFile::write(a, dir.filePath(QStringLiteral("no/such/folder/f.jwfleet")));
        QVERIFY(!bad.ok());
        QVERIFY(bad.error.contains(QStringLiteral("cannot write")));
    }

    void malformed_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("message");
        const QByteArray head = "faction: testers\npoints: 100\n";
        QTest::newRow("not yaml") << QByteArray("faction: testers\npoints: [100\nunits: []\n") << 3
                                  << 6 << "not valid YAML";
        QTest::newRow("empty file") << QByteArray() << 0 << 0 << "the file is empty";
        QTest::newRow("a list, not a map")
            << QByteArray("- unit: cap-10\n") << 1 << 1 << "a fleet file must be a map";
        QTest::newRow("a scalar, not a map")
            << QByteArray("hello\n") << 1 << 1 << "a fleet file must be a map";
        QTest::newRow("missing faction") << QByteArray("points: 100\nunits: []\n") << 1 << 1
                                         << "lacks the required key 'faction'";
        QTest::newRow("missing points") << QByteArray("faction: testers\nunits: []\n") << 1 << 1
                                        << "lacks the required key 'points'";
        QTest::newRow("missing units") << head << 1 << 1 << "lacks the required key 'units'";
        QTest::newRow("unknown key") << head + "units: []\ncolour: red\n"
                                     << 4 << 1 << "unknown key 'colour' in a fleet file";
        QTest::newRow("duplicate key")
            << QByteArray("faction: testers\npoints: 100\npoints: 150\nunits: []\n") << 3 << 1
            << "duplicate key 'points'";
        QTest::newRow("points not a number")
            << QByteArray("faction: testers\npoints: lots\nunits: []\n") << 2 << 9
            << "'points' must be a whole number, not 'lots'";
        QTest::newRow("points a fraction")
            << QByteArray("faction: testers\npoints: 99.5\nunits: []\n") << 2 << 9
            << "'points' must be a whole number";
        QTest::newRow("points a list") << QByteArray("faction: testers\npoints: [1]\nunits: []\n")
                                       << 2 << 9 << "'points' must be a whole number";
        QTest::newRow("faction empty") << QByteArray("faction: \"\"\npoints: 100\nunits: []\n") << 1
                                       << 10 << "'faction' must be a non-empty text";
        QTest::newRow("faction a map")
            << QByteArray("faction: {id: testers}\npoints: 100\nunits: []\n") << 1 << 10
            << "'faction' must be a non-empty text";
        QTest::newRow("name a list") << head + "name: [a]\nunits: []\n"
                                     << 3 << 7 << "'name' must be a text";
        QTest::newRow("rules empty") << head + "rules: \"\"\nunits: []\n"
                                     << 3 << 8 << "'rules' must be a non-empty text";
        QTest::newRow("units not a list") << head + "units: cap-10\n"
                                          << 3 << 8 << "'units' must be a list";
        QTest::newRow("entry not a map") << head + "units:\n  - cap-10\n"
                                         << 4 << 5 << "units[0] must be a map";
        QTest::newRow("entry without unit") << head + "units:\n  - unit: cap-10\n  - name: Ark\n"
                                            << 5 << 5 << "units[1] lacks the required key 'unit'";
        QTest::newRow("unknown entry key (typo)")
            << head + "units:\n  - unit: cap-10\n    nmae: Ark\n"
            << 5 << 5 << "unknown key 'nmae' in units[0]";
        QTest::newRow("embarked_on not a number")
            << head + "units:\n  - unit: carrier\n  - unit: sq-1\n    embarked_on: carrier\n"
            << 6 << 18 << "'embarked_on' must be a whole number, not 'carrier'";
        QTest::newRow("upgrades not a list")
            << head + "units:\n  - unit: sq-1\n    upgrades: ace-pilot\n"
            << 5 << 15 << "'upgrades' must be a list";
        QTest::newRow("upgrade not an id")
            << head + "units:\n  - unit: sq-1\n    upgrades: [ace-pilot, [x]]\n"
            << 5 << 27 << "an upgrade must be an upgrade id";
        QTest::newRow("newer schema")
            << "schema_version: 2\n" + head + "units: []\n"
            << 1 << 17 << "schema_version 2 is newer than this program reads (1)";
        QTest::newRow("schema not a number") << "schema_version: one\n" + head
                + "units: []\n" << 1 << 17 << "'schema_version' must be a whole number";
        QTest::newRow("schema zero") << "schema_version: 0\n" + head + "units: []\n"
                                     << 1 << 17 << "'schema_version' must be at least 1";
    }
    void malformed()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, message);
        const FleetFileResult r = FleetFile::parse(yaml, QStringLiteral("lists/x.jwfleet"));
        QVERIFY(!r.ok());
        QStringList all;
        bool found = false;
        for (const DataIssue &i : r.issues) {
            all << i.toString();
            QVERIFY(i.isError());
            QCOMPARE(i.file, QStringLiteral("lists/x.jwfleet"));
            if (i.message.contains(message) && i.line == line && i.column == column)
                found = true;
        }
        QVERIFY2(
            found,
            qPrintable(
                QStringLiteral("expected %1:%2 '%3', got:\n").arg(line).arg(column).arg(message)
                + all.join(QLatin1Char('\n'))));
    }

    void malformedFixtures_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("where");
        QTest::newRow("not yaml") << fixture("not-yaml.jwfleet") << ":3:";
        QTest::newRow("missing points") << fixture("missing-points.jwfleet") << ":1:1: error: ";
        QTest::newRow("newer schema") << fixture("newer-schema.jwfleet") << ":1:17: error: ";
        QTest::newRow("no such file") << fixture("nope.jwfleet") << ": error: cannot read";
    }
    void malformedFixtures()
    {
        QFETCH(QString, file);
        QFETCH(QString, where);
        const FleetFileResult r = FleetFile::read(file);
        QVERIFY(!r.ok());
        QVERIFY2(r.errorText().startsWith(file + where), qPrintable(r.errorText()));
    }
};

QTEST_GUILESS_MAIN(TestFleetFile)
#include "tst_fleetfile.moc"
