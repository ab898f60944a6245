// SPDX-License-Identifier: GPL-3.0-or-later
// A fleet made ready to print: the roster's data from the fleet and its
// validation, and one card per model.
#include "fleet/fleetvalidator.h"
#include "render/cardsheet.h"
#include "render/fleetprint.h"
#include "units/unitdatabase.h"

#include "rendertesthelpers.h"

#include <QTemporaryDir>
#include <QTest>

using namespace jw;

class TestFleetPrint : public QObject
{
    Q_OBJECT
private:
    UnitDatabase m_db;

    static Fleet strikeGroup()
    {
        Fleet f;
        f.name = QStringLiteral("Second Venusian Strike Group");
        f.faction = QStringLiteral("venusian");
        f.points = 500;
        f.rules = QStringLiteral("v1.2.3");
        f.entries = {{QStringLiteral("shan-yu"), QStringLiteral("VRS Jade Lotus"), {}, {}},
                     {QStringLiteral("corsair"), {}, {}, {}},
                     {QStringLiteral("ryu"), {}, 0, {QStringLiteral("ace-pilot")}},
                     {QStringLiteral("ryu"), {}, 0, {}},
                     {QStringLiteral("kirin"), {}, {}, {}}};
        return f;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_db = UnitDatabase::loadShipped();
        QVERIFY(!m_db.hasErrors());
    }

    void roster()
    {
        const Fleet f = strikeGroup();
        const FleetReport report = validateFleet(f, m_db);
        const RosterData r = FleetPrint::roster(f, report, m_db);
        QCOMPARE(r.fleetName, f.name);
        QCOMPARE(r.factionName, QStringLiteral("Venusian Republic"));
        QCOMPARE(r.points, report.totals.total);
        QCOMPARE(r.limit, 500);
        QVERIFY(r.rules.contains(QStringLiteral("v1.2.3")));
        QCOMPARE(r.legal, report.legal());
        QCOMPARE(r.problems.size(), qsizetype(report.problems.size()));
        QCOMPARE(int(r.rows.size()), f.size());
        QCOMPARE(r.rows[0].name, QStringLiteral("VRS Jade Lotus"));
        QCOMPARE(r.rows[0].unitName, QStringLiteral("Shan-Yu"));
        QCOMPARE(r.rows[0].tv, 111);
        QVERIFY(!r.rows[0].provisional);
        QCOMPARE(r.rows[2].embarkedOn, QStringLiteral("VRS Jade Lotus"));
        QVERIFY(r.rows[2].unitName.contains(QStringLiteral("Ace Pilot")));
        QCOMPARE(r.rows[2].tv, r.rows[3].tv + 5); // the upgrade's TV
        QCOMPARE(r.rows[2].upgradeTv, 5);
        QVERIFY(r.rows[2].unitName.endsWith(QStringLiteral(" + Ace Pilot (5 TV)")));
        // Estimates marked per value: the Shan-Yu's TV is the printed card's, the Ryu's
        // TV jwfleet's; its Unit Cap is from the v1.2.4 card.
        QVERIFY(!r.rows[0].tvEstimate);
        QCOMPARE(r.rows[0].unitCap, 0);
        QVERIFY(r.rows[2].tvEstimate);
        QCOMPARE(r.rows[2].unitCap, 4);
        QVERIFY(!r.rows[2].unitCapEstimate);
        QVERIFY(r.verdict.endsWith(QStringLiteral(" on jwfleet's estimated values")));
        // Errors and warnings labelled; subtotals per percentage rule.
        for (const QString &p : r.problems)
            QVERIFY2(p.startsWith(QStringLiteral("error: "))
                         || p.startsWith(QStringLiteral("warning: ")),
                     qPrintable(p));
        QCOMPARE(r.subtotals.size(), qsizetype(report.gauges.size()));
        QVERIFY(r.subtotals.at(1).startsWith(QStringLiteral("Squadrons: ")));
        QCOMPARE(r.rows[3].type, QStringLiteral("Exo-Armor Squadron"));
        QVERIFY(r.rows[1].embarkedOn.isEmpty());
        int sum = 0;
        for (const RosterRow &row : r.rows)
            sum += row.tv;
        QCOMPARE(sum, r.points);
    }

    // Issue 20.6: a static defense is typed as the validator counts it, under
    // "Upgrades and static defenses" and not Capital Ships, so the Type column and
    // the subtotals under the table agree.
    void staticDefenseTypedAsCounted()
    {
        Fleet f;
        f.faction = QStringLiteral("cega");
        f.points = 500;
        f.entries
            = {{QStringLiteral("bastion"), {}, {}, {}}, {QStringLiteral("atlas"), {}, {}, {}}};
        const FleetReport report = validateFleet(f, m_db);
        const RosterData r = FleetPrint::roster(f, report, m_db);
        QCOMPARE(r.rows[0].type, QStringLiteral("Capital Ship (static defense)"));
        QCOMPARE(r.rows[1].type, QStringLiteral("Capital Ship"));
        const int bastion = m_db.unit(QStringLiteral("bastion"))->tv;
        QCOMPARE(report.totals.staticDefences, bastion);
        QVERIFY2(
            r.subtotals
                    .filter(QStringLiteral("Upgrades and static defenses: %1 of 500").arg(bastion))
                    .size()
                == 1,
            qPrintable(r.subtotals.join(QLatin1Char('\n'))));
    }

    void illegalFleet()
    {
        Fleet f = strikeGroup();
        f.entries.push_back({QStringLiteral("no-such-unit"), {}, {}, {}});
        const RosterData r = FleetPrint::roster(f, validateFleet(f, m_db), m_db);
        QVERIFY(!r.legal);
        QVERIFY(!r.problems.isEmpty());
        QVERIFY(r.rows.back().unitName.contains(QStringLiteral("no-such-unit")));
        const FleetCards cards = FleetPrint::cards(f, m_db);
        QCOMPARE(int(cards.layouts.size()), f.size() - 1);
        QCOMPARE(cards.skipped,
                 QStringList {QStringLiteral("unit 6: unknown unit 'no-such-unit', no card")});
    }

    void oneCardPerModel()
    {
        const Fleet f = strikeGroup();
        CardOptions o;
        o.size = CardSize::Large;
        const FleetCards cards = FleetPrint::cards(f, m_db, o);
        QCOMPARE(int(cards.layouts.size()), f.size());
        QCOMPARE(cards.entries, (std::vector<int> {0, 1, 2, 3, 4}));
        // The upgraded Ryu's card shows its TV with the Ace Pilot; the plain one without.
        QCOMPARE(cards.layouts[2].field(QStringLiteral("tv"))->text, QStringLiteral("39* TV"));
        QCOMPARE(cards.layouts[3].field(QStringLiteral("tv"))->text, QStringLiteral("34* TV"));
        QCOMPARE(cards.layouts[0].field(QStringLiteral("tv"))->text, QStringLiteral("111 TV"));
        QCOMPARE(cards.layouts[0].cardSize(), CardSize::Large);
        QCOMPARE(cards.layouts[0].field(QStringLiteral("name"))->text,
                 QStringLiteral("VRS Jade Lotus"));
        QCOMPARE(cards.layouts[0].field(QStringLiteral("faction"))->text,
                 QStringLiteral("Venusian Republic"));
        QVERIFY(cards.layouts[2].field(QStringLiteral("upgrade.0")));
        QVERIFY(!cards.layouts[3].field(QStringLiteral("upgrade.0")));
        for (const CardLayout &l : cards.layouts) {
            QVERIFY(l.problems().isEmpty());
            QVERIFY(l.overlaps().isEmpty());
            QVERIFY(l.clipped().isEmpty());
        }
    }

    // Roster + ceil(5 / L) pages.
    void pdf_data()
    {
        QTest::addColumn<int>("perPage");
        QTest::addColumn<int>("pages");
        QTest::addRow("1") << 1 << 6;
        QTest::addRow("2") << 2 << 4;
        QTest::addRow("4") << 4 << 3;
    }
    void pdf()
    {
        QFETCH(int, perPage);
        QFETCH(int, pages);
        const Fleet f = strikeGroup();
        SheetOptions so;
        so.cardsPerPage = perPage;
        const CardSheet sheet(so);
        CardOptions o;
        o.size = sheet.cardSize();
        const RosterData r = FleetPrint::roster(f, validateFleet(f, m_db), m_db);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("fleet.pdf"));
        const RenderResult res = sheet.writePdf(path, FleetPrint::cards(f, m_db, o).layouts, &r);
        QVERIFY2(res.ok, qPrintable(res.error));
        QCOMPARE(test::pdfPageCount(path), pages);
    }
};

QTEST_MAIN(TestFleetPrint)
#include "tst_render_fleetprint.moc"
