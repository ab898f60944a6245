// SPDX-License-Identifier: GPL-3.0-or-later
// `jwfleet-cli validate` and `export` as scripts and tournament organisers see
// them: output, JSON shape and exit codes (0 legal, 1 not legal, 2 unreadable).
#include "fleettestdata.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace jw::test;

namespace {

struct Run
{
    int code = -1;
    QString out;
    QString err;
    [[nodiscard]] QJsonDocument json() const { return QJsonDocument::fromJson(out.toUtf8()); }
};

QString fixture(const char *name)
{
    return QStringLiteral(JW_FLEET_TEST_DATA "/") + QString::fromLatin1(name);
}

} // namespace

class TestFleetCli : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;

    // jwfleet-cli with the test database (--data); never the tester's own user
    // data file, unless `userData` names a folder with one (JW_USER_DATA).
    Run cli(const QStringList &args, bool testData = true, const QString &userData = {}) const
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("JW_USER_DATA"));
        if (userData.isEmpty())
            env.insert(QStringLiteral("JW_NO_USER_DATA"), QStringLiteral("1"));
        else
            env.insert(QStringLiteral("JW_USER_DATA"), userData);
        p.setProcessEnvironment(env);
        QStringList all = args;
        if (testData)
            all = QStringList {QStringLiteral("--data"), m_dir.filePath(QStringLiteral("factions"))}
                + args;
        p.start(QStringLiteral(JW_CLI_PATH), all);
        if (!p.waitForFinished(60000))
            qFatal("jwfleet-cli did not finish");
        return Run {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
                    QString::fromUtf8(p.readAllStandardOutput()),
                    QString::fromUtf8(p.readAllStandardError())};
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(QDir(m_dir.path()).mkdir(QStringLiteral("factions")));
        for (const auto &[name, yaml] :
             {std::pair {"testers.yaml", testersYaml()}, std::pair {"others.yaml", othersYaml()}}) {
            QFile f(m_dir.filePath(QStringLiteral("factions/") + QString::fromLatin1(name)));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(yaml);
        }
    }

    void help()
    {
        const Run r = cli({QStringLiteral("--help")}, false);
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains(QStringLiteral("validate FILE...")));
        QVERIFY(r.out.contains(QStringLiteral("export FILE")));
        const Run sub = cli({QStringLiteral("validate"), QStringLiteral("--help")}, false);
        QCOMPARE(sub.code, 0);
        QVERIFY(sub.out.startsWith(QStringLiteral("Usage: jwfleet-cli validate FILE...")));
    }

    void validateExitCodes_data()
    {
        QTest::addColumn<QStringList>("files");
        QTest::addColumn<int>("code");
        QTest::newRow("legal") << QStringList {fixture("legal.jwfleet")} << 0;
        QTest::newRow("not legal") << QStringList {fixture("illegal.jwfleet")} << 1;
        QTest::newRow("not yaml") << QStringList {fixture("not-yaml.jwfleet")} << 2;
        QTest::newRow("missing points") << QStringList {fixture("missing-points.jwfleet")} << 2;
        QTest::newRow("newer schema") << QStringList {fixture("newer-schema.jwfleet")} << 2;
        QTest::newRow("no such file") << QStringList {fixture("nope.jwfleet")} << 2;
        QTest::newRow("legal and not")
            << QStringList {fixture("legal.jwfleet"), fixture("illegal.jwfleet")} << 1;
        QTest::newRow("worst wins")
            << QStringList {fixture("not-yaml.jwfleet"), fixture("illegal.jwfleet"),
                            fixture("legal.jwfleet")}
            << 2;
        QTest::newRow("no files") << QStringList {} << 2;
    }
    void validateExitCodes()
    {
        QFETCH(QStringList, files);
        QFETCH(int, code);
        QCOMPARE(cli(QStringList {QStringLiteral("validate")} + files).code, code);
        QCOMPARE(
            cli(QStringList {QStringLiteral("validate"), QStringLiteral("--json")} + files).code,
            code);
    }

    void validateText()
    {
        const Run r = cli({QStringLiteral("validate"), fixture("not-yaml.jwfleet"),
                           fixture("illegal.jwfleet"), fixture("legal.jwfleet")});
        QCOMPARE(r.code, 2);
        const QStringList lines = r.out.split(QLatin1Char('\n'));
        // Unreadable: where, with line and column.
        QVERIFY(r.out.contains(fixture("not-yaml.jwfleet") + QStringLiteral(": CANNOT READ\n  ")
                               + fixture("not-yaml.jwfleet") + QStringLiteral(":3:")));
        // The others are still checked.
        QVERIFY(r.out.contains(fixture("illegal.jwfleet")
                               + QStringLiteral(": NOT LEGAL (101/250 points, rules v1.2.2, 3 "
                                                "errors, 1 warning)\n")));
        QVERIFY(r.out.contains(QStringLiteral(
            "  error [squadron-share] Squadrons: 1 of 250 points (0.4%), at least 63 "
            "needed: 62 more\n")));
        QVERIFY(r.out.contains(QStringLiteral("  error [unknown-unit] unit 3: no unit "
                                              "'no-such-unit' in the unit database\n"
                                              "    fix: remove it, or name a unit of the "
                                              "database\n")));
        QVERIFY(!r.out.contains(QStringLiteral("units[")));
        QVERIFY(r.out.contains(QStringLiteral("  error [not-a-carrier] ")));
        QVERIFY(r.out.contains(fixture("legal.jwfleet")
                               + QStringLiteral(": legal (100/100 points, rules v1.2.2)\n")));
        // Headroom of the rules that hold.
        QVERIFY(r.out.contains(QStringLiteral(
            "  ok [squadron-share] Squadrons: 25 of 100 points (25%), at least 25 needed: 0 to "
            "spare\n")));
        QCOMPARE(lines.at(lines.size() - 2),
                 QStringLiteral("3 fleets: 1 legal, 1 not legal, 1 unreadable"));

        const Run quiet
            = cli({QStringLiteral("validate"), QStringLiteral("-q"), fixture("legal.jwfleet")});
        QCOMPARE(quiet.code, 0);
        QCOMPARE(quiet.out,
                 fixture("legal.jwfleet")
                     + QStringLiteral(": legal (100/100 points, rules v1.2.2)\n"));
    }

    void validateJson()
    {
        const Run r
            = cli({QStringLiteral("validate"), QStringLiteral("--json"), fixture("legal.jwfleet"),
                   fixture("illegal.jwfleet"), fixture("missing-points.jwfleet")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.json().isArray());
        const QJsonArray a = r.json().array();
        QCOMPARE(a.size(), 3);

        const QJsonObject legal = a.at(0).toObject();
        QCOMPARE(legal.value(QStringLiteral("file")).toString(), fixture("legal.jwfleet"));
        QCOMPARE(legal.value(QStringLiteral("legal")).toBool(), true);
        QCOMPARE(legal.value(QStringLiteral("points")).toInt(), 100);
        QCOMPARE(legal.value(QStringLiteral("limit")).toInt(), 100);
        QCOMPARE(legal.value(QStringLiteral("rules")).toString(), QStringLiteral("v1.2.2"));
        QCOMPARE(legal.value(QStringLiteral("problems")).toArray().size(), 0);
        QVERIFY(!legal.contains(QStringLiteral("error")));

        const QJsonObject illegal = a.at(1).toObject();
        QCOMPARE(illegal.value(QStringLiteral("legal")).toBool(), false);
        const QJsonArray problems = illegal.value(QStringLiteral("problems")).toArray();
        QCOMPARE(problems.size(), 4);
        const QJsonObject unknown = problems.at(0).toObject();
        QCOMPARE(unknown.value(QStringLiteral("rule")).toString(), QStringLiteral("unknown-unit"));
        QCOMPARE(unknown.value(QStringLiteral("severity")).toString(), QStringLiteral("error"));
        QCOMPARE(unknown.value(QStringLiteral("units")).toArray(), QJsonArray {2});
        QVERIFY(unknown.value(QStringLiteral("message"))
                    .toString()
                    .contains(QStringLiteral("no-such-unit")));

        const QJsonObject unreadable = a.at(2).toObject();
        QCOMPARE(unreadable.value(QStringLiteral("legal")).toBool(), false);
        QVERIFY(
            unreadable.value(QStringLiteral("error"))
                .toString()
                .startsWith(fixture("missing-points.jwfleet") + QStringLiteral(":1:1: error: ")));
        QCOMPARE(unreadable.value(QStringLiteral("issues")).toArray().size(), 1);
    }

    // A tournament organiser's folder of lists.
    void validateFolder()
    {
        QTemporaryDir dir;
        for (const char *name : {"legal.jwfleet", "illegal.jwfleet"})
            QVERIFY(QFile::copy(fixture(name), dir.filePath(QString::fromLatin1(name))));
        QFile other(dir.filePath(QStringLiteral("notes.txt")));
        QVERIFY(other.open(QIODevice::WriteOnly));
        other.write("not a fleet");
        other.close();
        const Run r = cli({QStringLiteral("validate"), QStringLiteral("--json"), dir.path()});
        QCOMPARE(r.code, 1);
        const QJsonArray a = r.json().array();
        QCOMPARE(a.size(), 2); // *.jwfleet only, by name
        QVERIFY(a.at(0)
                    .toObject()
                    .value(QStringLiteral("file"))
                    .toString()
                    .endsWith(QStringLiteral("illegal.jwfleet")));

        QTemporaryDir empty;
        QCOMPARE(cli({QStringLiteral("validate"), empty.path()}).code, 2);
    }

    // The organiser's one-page summary: a row per file, in the order validated.
    void validateSummary()
    {
        const Run csv = cli({QStringLiteral("validate"), QStringLiteral("--format"),
                             QStringLiteral("csv"), fixture("legal.jwfleet"),
                             fixture("illegal.jwfleet"), fixture("not-yaml.jwfleet")});
        QCOMPARE(csv.code, 2);
        const QStringList rows = csv.out.split(QLatin1Char('\n'));
        QCOMPARE(rows.size(), 5); // header, three rows, the final newline
        QCOMPARE(rows.at(0),
                 QStringLiteral("file,player,faction,points,rules,verdict,errors,"
                                "warnings,unpublished_values,first_problem"));
        QCOMPARE(rows.at(1),
                 fixture("legal.jwfleet")
                     + QStringLiteral(",Test Patrol,Test Fleet,100/100,v1.2.2,legal,0,"
                                      "0,no,"));
        QVERIFY2(rows.at(2).startsWith(fixture("illegal.jwfleet")
                                       + QStringLiteral(",,Test Fleet,101/250,v1.2.2,NOT LEGAL,3,"
                                                        "1,no,error [unknown-unit] unit 3: ")),
                 qPrintable(rows.at(2)));
        QVERIFY(rows.at(3).contains(QStringLiteral(",CANNOT READ,1,0,no,")));

        const Run md = cli({QStringLiteral("validate"), QStringLiteral("--format"),
                            QStringLiteral("markdown"), fixture("legal.jwfleet")});
        QCOMPARE(md.code, 0);
        QVERIFY2(md.out.startsWith(QStringLiteral("| File | Player | Faction | Points | Rules | "
                                                  "Verdict | Errors | Warnings | Estimated values "
                                                  "| First problem |\n|---|")),
                 qPrintable(md.out));
        QVERIFY(md.out.contains(QStringLiteral(" | Test Patrol | Test Fleet | 100/100 | v1.2.2 | "
                                               "legal | 0 | 0 | no |  |\n")));
        QVERIFY(md.out.endsWith(QStringLiteral("\n1 fleet: 1 legal, 0 not legal, 0 unreadable; "
                                               "0 rest on jwfleet's estimated values (not "
                                               "published Threat Values or Unit Caps).\n")));

        const Run bad = cli({QStringLiteral("validate"), QStringLiteral("--format"),
                             QStringLiteral("pdf"), fixture("legal.jwfleet")});
        QCOMPARE(bad.code, 2);
        QVERIFY(bad.err.contains(QStringLiteral("unknown format 'pdf'")));
    }

    // --json is written as it goes; the bytes are still those of one indented document.
    void validateJsonStreamed()
    {
        const Run r = cli({QStringLiteral("validate"), QStringLiteral("--json"),
                           fixture("legal.jwfleet"), fixture("illegal.jwfleet")});
        QCOMPARE(r.code, 1);
        QCOMPARE(r.out, QString::fromUtf8(r.json().toJson(QJsonDocument::Indented)));
        QCOMPARE(r.json().array().size(), 2);
        QTemporaryDir empty;
        QFile none(empty.filePath(QStringLiteral("x.jwfleet")));
        QVERIFY(none.open(QIODevice::WriteOnly));
        none.close();
        const Run one
            = cli({QStringLiteral("validate"), QStringLiteral("--json"), none.fileName()});
        QCOMPARE(one.out, QString::fromUtf8(one.json().toJson(QJsonDocument::Indented)));
    }

    // With the shipped data, a verdict says it rests on jwfleet's estimates, in
    // the text and per unit in --json; the unit details give each value's source.
    // Values entered from a printed card (the user data file) are used, and said.
    void validateSaysUserEnteredValues()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("p.jwfleet"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("faction: jovian\npoints: 250\nunits:\n  - unit: alexander\n");
        f.close();
        QFile u(dir.filePath(QStringLiteral("units.yaml")));
        QVERIFY(u.open(QIODevice::WriteOnly));
        u.write("schema_version: 1\nunits:\n  alexander:\n    card: v1.2.3 card\n    tv: 85\n");
        u.close();
        const Run shipped = cli({QStringLiteral("validate"), file}, false);
        QVERIFY2(shipped.out.contains(QStringLiteral("(80/250 points")), qPrintable(shipped.out));
        QVERIFY(!shipped.out.contains(QStringLiteral("user-entered-values")));
        const Run text = cli({QStringLiteral("validate"), file}, false, dir.path());
        QVERIFY2(text.out.contains(QStringLiteral("(85/250 points")), qPrintable(text.out));
        QVERIFY2(text.out.contains(QStringLiteral(
                     "  warning [user-entered-values] this verdict uses values entered by the "
                     "user from a printed card, not shipped with jwfleet: Alexander (tv; v1.2.3 "
                     "card)\n")),
                 qPrintable(text.out));
        const Run json
            = cli({QStringLiteral("validate"), QStringLiteral("--json"), file}, false, dir.path());
        const QJsonObject unit = json.json()
                                     .array()
                                     .at(0)
                                     .toObject()
                                     .value(QStringLiteral("units"))
                                     .toArray()
                                     .at(0)
                                     .toObject();
        QCOMPARE(unit.value(QStringLiteral("tv")).toInt(), 85);
        QCOMPARE(unit.value(QStringLiteral("tv_source")).toString(), QStringLiteral("card"));
        QCOMPARE(unit.value(QStringLiteral("user_entered_values")).toArray(),
                 QJsonArray {QStringLiteral("tv")});
        // A bad file: said on stderr, and the shipped values are used.
        QVERIFY(u.open(QIODevice::WriteOnly | QIODevice::Truncate));
        u.write("schema_version: 1\nunits:\n  alexander:\n    tv: lots\n");
        u.close();
        const Run bad = cli({QStringLiteral("validate"), file}, false, dir.path());
        QVERIFY2(bad.out.contains(QStringLiteral("(80/250 points")), qPrintable(bad.out));
        QVERIFY2(bad.err.contains(u.fileName()
                                  + QStringLiteral(":4:9: error: 'tv' must be a "
                                                   "whole number")),
                 qPrintable(bad.err));
    }

    void validateSaysWhatItTrusts()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("p.jwfleet"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("faction: venusian\npoints: 250\nrules: v1.2.3\nunits:\n"
                "  - unit: shan-yu\n  - unit: corsair\n  - unit: hachi\n  - unit: hachi\n"
                "  - unit: ryu\n");
        f.close();
        const Run text = cli({QStringLiteral("validate"), file}, false);
        QVERIFY2(text.out.startsWith(file
                                     + QStringLiteral(": legal on jwfleet's estimated values "
                                                      "(245/250 points, rules v1.2.3, 2 "
                                                      "warnings)\n")),
                 qPrintable(text.out));
        QVERIFY2(text.out.contains(QStringLiteral(
                     "  warning [unpublished-values] this verdict rests on values that are not "
                     "published: the Threat Value of Corsair, Hachi x2, Ryu and the Unit Cap of "
                     "Hachi x2 are jwfleet's estimates, not the printed card's\n"
                     "    fix: check these values against the printed cards (`jwfleet-cli unit "
                     "ID` says where each value comes from)\n")),
                 qPrintable(text.out));
        const Run json = cli({QStringLiteral("validate"), QStringLiteral("--json"), file}, false);
        const QJsonObject o = json.json().array().at(0).toObject();
        QCOMPARE(o.value(QStringLiteral("unpublished_values")).toBool(), true);
        QCOMPARE(o.value(QStringLiteral("faction_name")).toString(),
                 QStringLiteral("Venusian Republic"));
        const QJsonArray units = o.value(QStringLiteral("units")).toArray();
        QCOMPARE(units.size(), 5);
        const QJsonObject shanyu = units.at(0).toObject();
        QCOMPARE(shanyu.value(QStringLiteral("tv_source")).toString(), QStringLiteral("card"));
        QCOMPARE(shanyu.value(QStringLiteral("verdict_uses_estimate")).toBool(), false);
        const QJsonObject corsair = units.at(1).toObject();
        QCOMPARE(corsair.value(QStringLiteral("tv_estimate")).toBool(), true);
        QCOMPARE(corsair.value(QStringLiteral("uc_source")).toString(), QStringLiteral("card"));
        QCOMPARE(corsair.value(QStringLiteral("uc_estimate")).toBool(), false);
        QCOMPARE(corsair.value(QStringLiteral("verdict_uses_estimate")).toBool(), true);
        QCOMPARE(corsair.value(QStringLiteral("position")).toInt(), 2);

        const Run unit = cli({QStringLiteral("unit"), QStringLiteral("alexander")}, false);
        QVERIFY2(unit.out.contains(QStringLiteral(
                     "Where the values come from:\n  jwfleet's estimate: Type, TV, UC, Speed,")),
                 qPrintable(unit.out));
        QVERIFY(unit.out.contains(
            QStringLiteral("  rules (UNITS.md: v1.2.2 worked examples): Skill, Fore Armor\n")));
    }

    void exportFormats_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("start");
        QTest::newRow("default")
            << QString()
            << "Test Patrol\nTest Fleet - 100/100 points (Skirmish) - rules v1.2.2 - legal\n";
        QTest::newRow("text") << "text"
                              << "Test Patrol\n";
        QTest::newRow("markdown")
            << "markdown"
            << "## Test Patrol\n\n**Test Fleet** | 100/100 points (Skirmish) | rules v1.2.2 | "
               "**legal**\n";
        QTest::newRow("json") << "json"
                              << "{\n";
    }
    void exportFormats()
    {
        QFETCH(QString, format);
        QFETCH(QString, start);
        QStringList args {QStringLiteral("export"), fixture("legal.jwfleet")};
        if (!format.isEmpty())
            args << QStringLiteral("--format") << format;
        const Run r = cli(args);
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.startsWith(start), qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("Ark Royal")));
        if (format == QLatin1String("json")) {
            const QJsonObject o = r.json().object();
            QCOMPARE(o.value(QStringLiteral("report"))
                         .toObject()
                         .value(QStringLiteral("legal"))
                         .toBool(),
                     true);
            QCOMPARE(
                o.value(QStringLiteral("totals")).toObject().value(QStringLiteral("total")).toInt(),
                100);
        } else {
            QVERIFY(r.out.contains(QStringLiteral("embarked on Ark Royal")));
        }
        // Exporting a list that is not legal still works; it says so.
        const Run bad = cli({QStringLiteral("export"), fixture("illegal.jwfleet")});
        QCOMPARE(bad.code, 0);
        QVERIFY(bad.out.contains(QStringLiteral("NOT LEGAL")));
    }

    void exportErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("err");
        QTest::newRow("unknown format")
            << QStringList {QStringLiteral("export"), fixture("legal.jwfleet"),
                            QStringLiteral("--format"), QStringLiteral("pdf")}
            << "unknown format 'pdf'";
        QTest::newRow("unreadable")
            << QStringList {QStringLiteral("export"), fixture("not-yaml.jwfleet")}
            << fixture("not-yaml.jwfleet") + QStringLiteral(":3:");
        QTest::newRow("no file") << QStringList {QStringLiteral("export")} << "exactly one";
        QTest::newRow("two files")
            << QStringList {QStringLiteral("export"), fixture("legal.jwfleet"),
                            fixture("legal.jwfleet")}
            << "exactly one";
    }
    void exportErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, err);
        const Run r = cli(args);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(err), qPrintable(r.err));
    }

    void exportToFile()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("list.md"));
        const Run r
            = cli({QStringLiteral("export"), fixture("legal.jwfleet"), QStringLiteral("--format"),
                   QStringLiteral("markdown"), QStringLiteral("-o"), out});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.isEmpty());
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().startsWith("## Test Patrol\n"));
    }

    // The sample lists in data/fleets read and use units of the shipped database.
    void shippedSamples()
    {
        const Run r = cli({QStringLiteral("validate"), QStringLiteral("--json"),
                           QStringLiteral(JW_SAMPLE_FLEETS)},
                          false);
        QVERIFY2(r.code == 0 || r.code == 1, qPrintable(r.err));
        const QJsonArray a = r.json().array();
        QVERIFY(a.size() >= 3);
        for (const QJsonValue &v : a) {
            const QJsonObject o = v.toObject();
            QVERIFY(!o.contains(QStringLiteral("error")));
            for (const QJsonValue &p : o.value(QStringLiteral("problems")).toArray()) {
                const QString rule = p.toObject().value(QStringLiteral("rule")).toString();
                QVERIFY2(rule != QLatin1String("unknown-unit") && rule != QLatin1String("faction"),
                         qPrintable(o.value(QStringLiteral("file")).toString() + QLatin1Char(' ')
                                    + p.toObject().value(QStringLiteral("message")).toString()));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestFleetCli)
#include "tst_fleetcli.moc"
