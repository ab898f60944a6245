// SPDX-License-Identifier: GPL-3.0-or-later
// Fleet lists for chat (text), forums (Markdown) and programs (JSON): stable output.
#include "fleet/fleetexport.h"
#include "fleet/fleetvalidator.h"

#include "fleettestdata.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace jw;
using namespace jw::test;

class TestFleetExport : public QObject
{
    Q_OBJECT
private:
    UnitDatabase m_db;

    // 100-point v1.2.3 list: a named carrier with an upgraded squadron aboard.
    Fleet sample() const
    {
        Fleet f = fleet(100, QStringLiteral("v1.2.3"),
                        QStringLiteral("carrier=Ark_Royal cap-10 cap-10 cap-10 sq-10>0+ace-pilot "
                                       "sq-10 static-10"));
        f.name = QStringLiteral("Test *Patrol*");
        return f;
    }

private Q_SLOTS:
    void initTestCase() { m_db = testDatabase(); }

    void formats()
    {
        QCOMPARE(exportFormatFromId(QStringLiteral("text")), std::optional(ExportFormat::Text));
        QCOMPARE(exportFormatFromId(QStringLiteral("markdown")),
                 std::optional(ExportFormat::Markdown));
        QCOMPARE(exportFormatFromId(QStringLiteral("json")), std::optional(ExportFormat::Json));
        QVERIFY(!exportFormatFromId(QStringLiteral("pdf")));
        QCOMPARE(exportFormatId(ExportFormat::Markdown), QStringLiteral("markdown"));
    }

    void text()
    {
        QCOMPARE(exportFleet(sample(), m_db, ExportFormat::Text),
                 QStringLiteral("Test *Patrol*\n"
                                "Test Fleet - 66/100 points - rules v1.2.3 - NOT LEGAL (1 error, "
                                "1 warning)\n"
                                "\n"
                                "Capital Ships: 31 points\n"
                                "     1  Ark_Royal (CARRIER)\n"
                                "    10  CAP-10\n"
                                "    10  CAP-10\n"
                                "    10  CAP-10\n"
                                "\n"
                                "Squadrons: 20 points\n"
                                "    10  SQ-10, with Ace Pilot, embarked on Ark_Royal\n"
                                "    10  SQ-10\n"
                                "\n"
                                "Upgrades: 5 points\n"
                                "     5  Ace Pilot on SQ-10\n"
                                "\n"
                                "Static defenses: 10 points\n"
                                "    10  STATIC-10\n"
                                "\n"
                                "Problems:\n"
                                "  error [squadron-share] Squadrons: 20 of 100 points (20%), at "
                                "least 25 needed: 5 more\n"
                                "    fix: add at least 5 points of Squadrons (34 points are left "
                                "under the limit)\n"
                                "  warning [points-unspent] Total: 66 of 100 points: 34 unspent "
                                "(under 90% of the limit)\n"));
    }

    void markdown()
    {
        Fleet f = sample();
        f.entries.push_back(FleetEntry {QStringLiteral("zzz"), {}, {}, {}});
        QCOMPARE(exportFleet(f, m_db, ExportFormat::Markdown),
                 QStringLiteral("## Test \\*Patrol\\*\n"
                                "\n"
                                "**Test Fleet** | 66/100 points | rules v1.2.3 | **NOT LEGAL (2 "
                                "errors, 1 warning)**\n"
                                "\n"
                                "### Capital Ships (31 points)\n"
                                "\n"
                                "- **Ark\\_Royal** (CARRIER): 1\n"
                                "- **CAP-10**: 10\n"
                                "- **CAP-10**: 10\n"
                                "- **CAP-10**: 10\n"
                                "\n"
                                "### Squadrons (20 points)\n"
                                "\n"
                                "- **SQ-10**: 10, with Ace Pilot, embarked on Ark\\_Royal\n"
                                "- **SQ-10**: 10\n"
                                "\n"
                                "### Upgrades (5 points)\n"
                                "\n"
                                "- **Ace Pilot on SQ-10**: 5\n"
                                "\n"
                                "### Static defenses (10 points)\n"
                                "\n"
                                "- **STATIC-10**: 10\n"
                                "\n"
                                "### Unknown units (0 points)\n"
                                "\n"
                                "- **zzz**: ?\n"
                                "\n"
                                "### Problems\n"
                                "\n"
                                "- error `unknown-unit`: unit 8: no unit 'zzz' in the unit "
                                "database (fix: remove it, or name a unit of the database)\n"
                                "- error `squadron-share`: Squadrons: 20 of 100 points (20%), at "
                                "least 25 needed: 5 more (fix: add at least 5 points of Squadrons "
                                "(34 points are left under the limit))\n"
                                "- warning `points-unspent`: Total: 66 of 100 points: 34 unspent "
                                "(under 90% of the limit)\n"));
    }

    // A TV that is jwfleet's estimate is marked on its line, explained once, and
    // the verdict says what it rests on; the JSON carries it per unit.
    void estimatedValuesMarked()
    {
        const Fleet f = fleet(100, QStringLiteral("v1.2.3"), QStringLiteral("guess sq-10"));
        const QString text = exportFleet(f, m_db, ExportFormat::Text);
        QVERIFY2(text.contains(QStringLiteral("     7* GUESS\n")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("    10  SQ-10\n")));
        QVERIFY(text.contains(QStringLiteral("\n* Threat Value estimated by jwfleet, not "
                                             "published: check it against the printed card.\n")));
        QVERIFY(text.contains(QStringLiteral("NOT LEGAL on jwfleet's estimated values (")));
        QVERIFY(text.contains(QStringLiteral("warning [unpublished-values] ")));
        const QString md = exportFleet(f, m_db, ExportFormat::Markdown);
        QVERIFY2(md.contains(QStringLiteral("- **GUESS**: 7\\*\n")), qPrintable(md));

        const QJsonObject o
            = QJsonDocument::fromJson(exportFleet(f, m_db, ExportFormat::Json).toUtf8()).object();
        const QJsonArray units
            = o.value(QStringLiteral("fleet")).toObject().value(QStringLiteral("units")).toArray();
        const QJsonObject guess = units.at(0).toObject();
        QCOMPARE(guess.value(QStringLiteral("tv_source")).toString(), QStringLiteral("estimate"));
        QCOMPARE(guess.value(QStringLiteral("tv_estimate")).toBool(), true);
        QCOMPARE(guess.value(QStringLiteral("uc_estimate")).toBool(), true);
        const QJsonObject sq = units.at(1).toObject();
        QCOMPARE(sq.value(QStringLiteral("tv_source")).toString(), QStringLiteral("card"));
        QCOMPARE(sq.value(QStringLiteral("tv_estimate")).toBool(), false);
        const QJsonObject r = o.value(QStringLiteral("report")).toObject();
        QCOMPARE(r.value(QStringLiteral("unpublished_values")).toBool(), true);
        QCOMPARE(r.value(QStringLiteral("estimated")).toArray(),
                 (QJsonArray {QJsonObject {{QStringLiteral("unit"), 0},
                                           {QStringLiteral("tv"), true},
                                           {QStringLiteral("uc"), true}}}));
    }

    void gameSizeNamed()
    {
        const Fleet f = fleet(250, QStringLiteral("v1.2.2"), QStringLiteral("cap-100"));
        QVERIFY(exportFleet(f, m_db, ExportFormat::Text)
                    .contains(QStringLiteral("100/250 points (Engagement)")));
        const Fleet g = fleet(150, QStringLiteral("v1.2.3"), QStringLiteral("cap-100"));
        QVERIFY(exportFleet(g, m_db, ExportFormat::Text)
                    .contains(QStringLiteral("100/150 points (Skirmish)")));
        const Fleet h = fleet(150, QStringLiteral("v1.2.2"), QStringLiteral("cap-100"));
        QVERIFY(
            exportFleet(h, m_db, ExportFormat::Text).contains(QStringLiteral("100/150 points - ")));
    }

    void json()
    {
        const QString text = exportFleet(sample(), m_db, ExportFormat::Json);
        QCOMPARE(exportFleet(sample(), m_db, ExportFormat::Json), text); // stable
        const QJsonObject o = QJsonDocument::fromJson(text.toUtf8()).object();
        const QJsonObject f = o.value(QStringLiteral("fleet")).toObject();
        QCOMPARE(f.value(QStringLiteral("name")).toString(), QStringLiteral("Test *Patrol*"));
        QCOMPARE(f.value(QStringLiteral("faction")).toString(), QStringLiteral("testers"));
        QCOMPARE(f.value(QStringLiteral("faction_name")).toString(), QStringLiteral("Test Fleet"));
        QCOMPARE(f.value(QStringLiteral("points")).toInt(), 100);
        QCOMPARE(f.value(QStringLiteral("rules")).toString(), QStringLiteral("v1.2.3"));
        const QJsonArray units = f.value(QStringLiteral("units")).toArray();
        QCOMPARE(units.size(), 7);
        const QJsonObject sq = units.at(4).toObject();
        QCOMPARE(sq.value(QStringLiteral("unit")).toString(), QStringLiteral("sq-10"));
        QCOMPARE(sq.value(QStringLiteral("embarked_on")).toInt(), 0);
        QCOMPARE(sq.value(QStringLiteral("upgrades")).toArray().at(0).toString(),
                 QStringLiteral("ace-pilot"));
        QCOMPARE(sq.value(QStringLiteral("tv")).toInt(), 10);
        QCOMPARE(sq.value(QStringLiteral("type")).toString(), QStringLiteral("fighter"));
        QCOMPARE(units.at(0).toObject().value(QStringLiteral("name")).toString(),
                 QStringLiteral("Ark_Royal"));

        const QJsonObject t = o.value(QStringLiteral("totals")).toObject();
        QCOMPARE(t.value(QStringLiteral("total")).toInt(), 66);
        QCOMPARE(t.value(QStringLiteral("squadrons")).toInt(), 20);
        QCOMPARE(t.value(QStringLiteral("capital_ships")).toInt(), 31);
        QCOMPARE(t.value(QStringLiteral("static_defenses")).toInt(), 10);
        QCOMPARE(t.value(QStringLiteral("upgrades")).toInt(), 5);
        QCOMPARE(t.value(QStringLiteral("upgrades_and_static")).toInt(), 15);

        const QJsonObject r = o.value(QStringLiteral("report")).toObject();
        QCOMPARE(r.value(QStringLiteral("legal")).toBool(), false);
        QCOMPARE(r.value(QStringLiteral("errors")).toInt(), 1);
        QCOMPARE(r.value(QStringLiteral("warnings")).toInt(), 1);
        const QJsonArray problems = r.value(QStringLiteral("problems")).toArray();
        QCOMPARE(problems.size(), 2);
        const QJsonObject p = problems.at(0).toObject(); // errors first
        QCOMPARE(p.value(QStringLiteral("rule")).toString(), QStringLiteral("squadron-share"));
        QCOMPARE(p.value(QStringLiteral("severity")).toString(), QStringLiteral("error"));
        QCOMPARE(p.value(QStringLiteral("units")).toArray(), (QJsonArray {4, 5}));
        QVERIFY(p.value(QStringLiteral("source")).toString().contains(QStringLiteral("25%")));
        const QJsonArray gauges = r.value(QStringLiteral("gauges")).toArray();
        QCOMPARE(gauges.size(), 4);
        const QJsonObject g = gauges.at(1).toObject();
        QCOMPARE(g.value(QStringLiteral("rule")).toString(), QStringLiteral("squadron-share"));
        QCOMPARE(g.value(QStringLiteral("bound")).toString(), QStringLiteral("at-least"));
        QCOMPARE(g.value(QStringLiteral("threshold")).toInt(), 25);
        QCOMPARE(g.value(QStringLiteral("headroom")).toInt(), -5);
        QCOMPARE(g.value(QStringLiteral("holds")).toBool(), false);
        QCOMPARE(g.value(QStringLiteral("share")).toString(), QStringLiteral("20%"));
    }
};

QTEST_GUILESS_MAIN(TestFleetExport)
#include "tst_fleetexport.moc"
