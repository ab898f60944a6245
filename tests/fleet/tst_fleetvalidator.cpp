// SPDX-License-Identifier: GPL-3.0-or-later
// The fleet rules: every percentage rule at, just inside and just outside its
// limit in every profile; Unit Cap; upgrades; carrier plans; factions and ids.
#include "fleet/fleetvalidator.h"
#include "fleet/rulesprofile.h"
#include "fleet/upgrade.h"

#include "fleettestdata.h"

#include <QCoreApplication>
#include <QScopeGuard>
#include <QTest>
#include <QTranslator>

#include <algorithm>

using namespace jw;
using namespace jw::test;

namespace {

const QStringList kProfiles {QStringLiteral("v1.2.2"), QStringLiteral("v1.2.3"),
                             QStringLiteral("v1.2.4")};

// The rules that a tiny test fleet breaks anyway; carrier and upgrade tests ignore them.
const QStringList kPointRules {QStringLiteral("points-limit"), QStringLiteral("points-unspent"),
                               QStringLiteral("squadron-share"), QStringLiteral("capital-share"),
                               QStringLiteral("upgrade-share")};

// "rule:severity" for each problem, except the point rules.
QStringList otherProblems(const FleetReport &r)
{
    QStringList out;
    for (const FleetProblem &p : r.problems) {
        if (!kPointRules.contains(p.rule))
            out << p.rule + QLatin1Char(':') + p.severityText();
    }
    return out;
}

QString dump(const FleetReport &r)
{
    QStringList out;
    for (const FleetProblem &p : r.problems)
        out << p.toString();
    return out.join(QLatin1Char('\n'));
}

} // namespace

class TestFleetValidator : public QObject
{
    Q_OBJECT
private:
    UnitDatabase m_db;

private Q_SLOTS:
    void initTestCase() { m_db = testDatabase(); }

    void profiles()
    {
        QCOMPARE(RulesProfile::ids(), kProfiles);
        QCOMPARE(RulesProfile::defaultId(), QStringLiteral("v1.2.2"));
        QVERIFY(!RulesProfile::byId(QStringLiteral("v1.3")));
        const RulesProfile v122 = *RulesProfile::byId(QStringLiteral("v1.2.2"));
        const RulesProfile v123 = *RulesProfile::byId(QStringLiteral("v1.2.3"));
        const RulesProfile v124 = *RulesProfile::byId(QStringLiteral("v1.2.4"));
        QCOMPARE(v122.gameSize(100)->name, QStringLiteral("Skirmish"));
        QVERIFY(!v122.gameSize(150));
        QCOMPARE(v123.gameSize(150)->name, QStringLiteral("Skirmish"));
        QCOMPARE(v124.gameSize(150)->name, QStringLiteral("Skirmish"));
        for (const RulesProfile &p : {v122, v123, v124}) {
            QCOMPARE(p.gameSize(250)->name, QStringLiteral("Engagement"));
            QCOMPARE(p.gameSize(500)->name, QStringLiteral("Fleet Battle"));
            QCOMPARE(p.gameSizes.size(), std::size_t(3));
        }
        QVERIFY(!v122.unitCap);
        QVERIFY(v123.unitCap);
        QVERIFY(v124.unitCap);
        QVERIFY(v122.upgrades.isEmpty());
        QCOMPARE(v123.upgrades,
                 (QStringList {QStringLiteral("ace-pilot"), QStringLiteral("fuel-pods")}));
        QVERIFY(v124.upgrades.isEmpty());
        // The engine's switches (RULINGS.md 2).
        QCOMPARE(v122.explosion, ExplosionRule::StructurePools);
        QCOMPARE(v123.explosion, ExplosionRule::ParticleCannon);
        QCOMPARE(v122.assaulting, AssaultingRule::AssaultAction);
        QCOMPARE(v124.assaulting, AssaultingRule::BombingRun);
        QVERIFY(v122.boardedMayBoard && !v123.boardedMayBoard && !v124.boardedMayBoard);
        QVERIFY(!v122.withdrawnByLeavingPlay && v123.withdrawnByLeavingPlay);
        QVERIFY(!v123.secretDeployment && v124.secretDeployment);
        QCOMPARE(v123.squadronQPlus, SquadronQPlusRule::Destroyed);
        QCOMPARE(v124.squadronQPlus, SquadronQPlusRule::MinusThreeStructure);
    }

    void ruleCatalog()
    {
        QStringList ids;
        for (const FleetRule &r : FleetRule::all()) {
            QVERIFY2(!ids.contains(r.id), qPrintable(r.id));
            ids << r.id;
            QVERIFY2(!r.title.isEmpty() && !r.source.isEmpty(), qPrintable(r.id));
            QCOMPARE(r.houseRuling, r.source.startsWith(QStringLiteral("House ruling")));
        }
        QVERIFY(FleetRule::byId(QStringLiteral("squadron-share"))
                    ->source.contains(
                        QStringLiteral("\"At least 25% of points must be spent on Squadrons.\"")));
    }

    // Each percentage rule at its threshold, just inside and just outside it,
    // for each profile and game size (and an agreed odd limit).
    void shares_data()
    {
        QTest::addColumn<QString>("rules");
        QTest::addColumn<int>("limit");
        QTest::addColumn<QString>("rule");
        QTest::addColumn<int>("squadrons");
        QTest::addColumn<int>("capitals");
        QTest::addColumn<int>("statics");
        QTest::addColumn<int>("threshold");
        QTest::addColumn<int>("headroom");

        // 25% of the limit, rounded up.
        const QList<std::pair<int, int>> quarters {
            {100, 25}, {150, 38}, {250, 63}, {333, 84}, {500, 125}};
        for (const QString &rules : kProfiles) {
            const int skirmish = rules == QLatin1String("v1.2.2") ? 100 : 150;
            for (const auto &[limit, q] : quarters) {
                if ((limit == 100 || limit == 150) && limit != skirmish)
                    continue;
                auto row = [&](const char *rule, const char *where, int sq, int cap, int st,
                               int threshold, int headroom) {
                    QTest::addRow("%s %d %s %s", qPrintable(rules), limit, rule, where)
                        << rules << limit << QString::fromLatin1(rule) << sq << cap << st
                        << threshold << headroom;
                };
                row("squadron-share", "at", q, q, 0, q, 0);
                row("squadron-share", "inside", q + 1, q, 0, q, 1);
                row("squadron-share", "outside", q - 1, q, 0, q, -1);
                row("capital-share", "at", q, q, 0, q, 0);
                row("capital-share", "inside", q, q + 1, 0, q, 1);
                row("capital-share", "outside", q, q - 1, 0, q, -1);
                row("upgrade-share", "at", q, q, q, q, 0);
                row("upgrade-share", "inside", q, q, q - 1, q, 1);
                row("upgrade-share", "outside", q, q, q + 1, q, -1);
                row("points-limit", "at", q, limit - q, 0, limit, 0);
                row("points-limit", "inside", q, limit - q - 1, 0, limit, 1);
                row("points-limit", "outside", q, limit - q + 1, 0, limit, -1);
            }
        }
    }
    void shares()
    {
        QFETCH(QString, rules);
        QFETCH(int, limit);
        QFETCH(QString, rule);
        QFETCH(int, squadrons);
        QFETCH(int, capitals);
        QFETCH(int, statics);
        QFETCH(int, threshold);
        QFETCH(int, headroom);
        const Fleet f = fleet(limit, rules,
                              worth("sq", squadrons) + QLatin1Char(' ') + worth("cap", capitals)
                                  + QLatin1Char(' ') + worth("static", statics));
        const FleetReport r = validateFleet(f, m_db);
        QCOMPARE(r.totals.squadrons, squadrons);
        QCOMPARE(r.totals.capitalShips, capitals);
        QCOMPARE(r.totals.staticDefences, statics);
        QCOMPARE(r.totals.total, squadrons + capitals + statics);
        const RuleGauge *g = r.gauge(rule);
        QVERIFY(g);
        QCOMPARE(g->threshold, threshold);
        QCOMPARE(g->headroom(), headroom);
        QCOMPARE(g->holds(), headroom >= 0);
        QCOMPARE(r.has(rule), headroom < 0);
        // The other rules hold: the fleet is legal exactly when this one holds.
        QVERIFY2(r.legal() == (headroom >= 0), qPrintable(dump(r)));
        if (headroom < 0) {
            QCOMPARE(r.errorCount(), 1);
            const auto error = std::find_if(r.problems.begin(), r.problems.end(),
                                            [](const FleetProblem &p) { return p.isError(); });
            QCOMPARE(error->message(), g->message());
        }
    }

    void messages_data()
    {
        QTest::addColumn<QString>("rule");
        QTest::addColumn<int>("points");
        QTest::addColumn<int>("limit");
        QTest::addColumn<QString>("message");
        QTest::newRow("squadrons short")
            << "squadron-share" << 55 << 250
            << "Squadrons: 55 of 250 points (22%), at least 63 needed: 8 more";
        QTest::newRow("squadrons spare")
            << "squadron-share" << 80 << 250
            << "Squadrons: 80 of 250 points (32%), at least 63 needed: 17 to spare";
        // 62/250 is 24.8%: never shown as 25% while short.
        QTest::newRow("capital just short")
            << "capital-share" << 62 << 250
            << "Capital Ships: 62 of 250 points (24.8%), at least 63 needed (25% of 250 = 62.5, "
               "rounded up: 63): 1 more";
        // 63/250 is 25.2% and holds: 25% of 250 rounds up to 63.
        QTest::newRow("upgrades at")
            << "upgrade-share" << 63 << 250
            << "Upgrades and static defenses: 63 of 250 points (25.2%), at most 63 allowed (25% of "
               "250 = 62.5, rounded up: 63): 0 to spare";
        QTest::newRow("upgrades over")
            << "upgrade-share" << 64 << 250
            << "Upgrades and static defenses: 64 of 250 points (25.6%), at most 63 allowed (25% of "
               "250 = 62.5, rounded up: 63): 1 over";
        // A third: 33.3...% shown 33.3% for a minimum, 33.4% for a maximum.
        QTest::newRow("rounding down") << "squadron-share" << 111 << 333
                                       << "Squadrons: 111 of 333 points (33.3%), at least 84 "
                                          "needed: 27 to spare";
        QTest::newRow("rounding up") << "upgrade-share" << 111 << 333
                                     << "Upgrades and static defenses: 111 of 333 points (33.4%), "
                                        "at most 84 allowed: 27 over";
        QTest::newRow("total over")
            << "points-limit" << 260 << 250
            << "Total: 260 of 250 points (104%), at most 250 allowed: 10 over";
    }
    void messages()
    {
        QFETCH(QString, rule);
        QFETCH(int, points);
        QFETCH(int, limit);
        QFETCH(QString, message);
        QString spec;
        if (rule == QLatin1String("squadron-share"))
            spec = worth("sq", points);
        else if (rule == QLatin1String("capital-share"))
            spec = worth("cap", points);
        else if (rule == QLatin1String("upgrade-share"))
            spec = worth("static", points);
        else
            spec = worth("cap", points);
        const FleetReport r = validateFleet(fleet(limit, QStringLiteral("v1.2.2"), spec), m_db);
        QCOMPARE(r.gauge(rule)->message(), message);
    }

    void statedExample()
    {
        // The example: 55 of 250 points on Squadrons.
        const Fleet f = fleet(250, QStringLiteral("v1.2.2"),
                              worth("cap", 185) + QLatin1Char(' ') + worth("sq", 55));
        const FleetReport r = validateFleet(f, m_db);
        QVERIFY(!r.legal());
        QCOMPARE(r.problems.size(), std::size_t(1));
        const FleetProblem &p = r.problems.front();
        QCOMPARE(p.rule, QStringLiteral("squadron-share"));
        QCOMPARE(p.severity, FleetProblem::Severity::Error);
        QCOMPARE(
            p.toString(),
            QStringLiteral("error [squadron-share] Squadrons: 55 of 250 points (22%), at least "
                           "63 needed: 8 more"));
        QVERIFY(p.source.contains(QStringLiteral("Fleet › Point Restrictions")));
        QCOMPARE(p.title, QStringLiteral("Squadron share"));
        // The units counted: the squadrons.
        QCOMPARE(p.entries.size(), std::size_t(10)); // 5 x 10 + 5 x 1
    }

    void staticAndEscort()
    {
        // Static counts toward upgrades/static only; Escort is a Capital Ship.
        const Fleet f = fleet(100, QStringLiteral("v1.2.2"),
                              QStringLiteral("static-10 static-10 escort cap-10 cap-10 cap-1 "
                                             "cap-1 cap-1 cap-1 sq-10 sq-10 sq-10"));
        const FleetReport r = validateFleet(f, m_db);
        QCOMPARE(r.totals.staticDefences, 20);
        QCOMPARE(r.totals.capitalShips, 25);
        QCOMPARE(r.totals.squadrons, 30);
        QCOMPARE(r.totals.upgradesAndStatic(), 20);
        QVERIFY2(r.legal(), qPrintable(dump(r)));
        const std::vector<const FleetProblem *> none = r.problemsOf(0);
        QVERIFY(none.empty());
    }

    void unspent_data()
    {
        QTest::addColumn<int>("total");
        QTest::addColumn<bool>("warned");
        QTest::newRow("at 90%") << 225 << false;
        QTest::newRow("under 90%") << 224 << true;
    }
    void unspent()
    {
        QFETCH(int, total);
        QFETCH(bool, warned);
        const Fleet f = fleet(250, QStringLiteral("v1.2.2"),
                              worth("sq", 63) + QLatin1Char(' ') + worth("cap", total - 63));
        const FleetReport r = validateFleet(f, m_db);
        QCOMPARE(r.has(QStringLiteral("points-unspent")), warned);
        QVERIFY(r.legal()); // a warning only
        if (warned)
            QCOMPARE(
                r.problems.front().message(),
                QStringLiteral("Total: 224 of 250 points: 26 unspent (under 90% of the limit)"));
    }

    void badLimit_data()
    {
        QTest::addColumn<int>("limit");
        QTest::newRow("zero") << 0;
        QTest::newRow("negative") << -5;
    }
    void badLimit()
    {
        QFETCH(int, limit);
        const FleetReport r = validateFleet(
            fleet(limit, QStringLiteral("v1.2.3"), QStringLiteral("capped capped capped")), m_db);
        QVERIFY(!r.legal());
        QVERIFY(r.gauges.empty());
        QCOMPARE(otherProblems(r), QStringList {});
        QCOMPARE(r.problems.front().message(),
                 QStringLiteral("the points limit must be a positive number, not %1").arg(limit));
    }

    // Unit Cap: copies <= UC x ceil(limit / 250), in v1.2.3 and later only.
    void unitCap_data()
    {
        QTest::addColumn<QString>("rules");
        QTest::addColumn<int>("limit");
        QTest::addColumn<int>("copies");
        QTest::addColumn<bool>("capped");
        for (const QString &rules : kProfiles) {
            const bool applies = rules != QLatin1String("v1.2.2");
            for (const auto &[limit, allowed] :
                 QList<std::pair<int, int>> {{250, 2}, {251, 4}, {500, 4}}) {
                QTest::addRow("%s %d at", qPrintable(rules), limit)
                    << rules << limit << allowed << false;
                QTest::addRow("%s %d inside", qPrintable(rules), limit)
                    << rules << limit << allowed - 1 << false;
                QTest::addRow("%s %d outside", qPrintable(rules), limit)
                    << rules << limit << allowed + 1 << applies;
            }
        }
    }
    void unitCap()
    {
        QFETCH(QString, rules);
        QFETCH(int, limit);
        QFETCH(int, copies);
        QFETCH(bool, capped);
        QStringList spec;
        for (int i = 0; i < copies; ++i)
            spec << QStringLiteral("capped");
        const FleetReport r = validateFleet(fleet(limit, rules, spec.join(QLatin1Char(' '))), m_db);
        QCOMPARE(otherProblems(r),
                 capped ? QStringList {QStringLiteral("unit-cap:error")} : QStringList {});
        if (capped) {
            const int blocks = limit > 250 ? 2 : 1;
            const auto it
                = std::find_if(r.problems.begin(), r.problems.end(),
                               [](const FleetProblem &p) { return p.rule == "unit-cap"; });
            QVERIFY(it != r.problems.end());
            const FleetProblem &cap = *it;
            QCOMPARE(
                cap.message(),
                QStringLiteral("CAPPED: %1 copies, at most %2 allowed (UC 2 x %3 of 250 "
                               "points): 1 too many")
                    .arg(copies)
                    .arg(copies - 1)
                    .arg(blocks == 1 ? QStringLiteral("1 block") : QStringLiteral("2 blocks")));
            QCOMPARE(int(cap.entries.size()), copies);
            // The fix: remove the one too many, or raise the limit to the block that allows it.
            QCOMPARE(cap.fix(),
                     QStringLiteral("remove 1 CAPPED (-1), or raise the limit to %1 for %2")
                         .arg(limit == 250 ? 251 : 501)
                         .arg(limit == 250 ? QStringLiteral("2 Unit Cap blocks")
                                           : QStringLiteral("3 Unit Cap blocks")));
        }
    }

    void unitCapMissing_data()
    {
        QTest::addColumn<QString>("rules");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("v1.2.2") << "v1.2.2" << QStringList {};
        QTest::newRow("v1.2.3") << "v1.2.3"
                                << QStringList {QStringLiteral("unit-cap-missing:warning")};
        QTest::newRow("v1.2.4") << "v1.2.4"
                                << QStringList {QStringLiteral("unit-cap-missing:warning")};
    }
    void unitCapMissing()
    {
        QFETCH(QString, rules);
        QFETCH(QStringList, expected);
        const FleetReport r = validateFleet(
            fleet(250, rules, QStringLiteral("uncapped uncapped uncapped uncapped")), m_db);
        QCOMPARE(otherProblems(r), expected); // once for the unit, not per copy
        if (!expected.isEmpty()) {
            // The test units are v1.2.2 cards: the newer card's Unit Cap is what is missing.
            QCOMPARE(r.problems.back().message(),
                     QStringLiteral("UNCAPPED: its v1.2.2 card prints no Unit Cap and the Unit Cap "
                                    "of its %1 card is not published: its copies are not limited "
                                    "(check the printed card)")
                         .arg(rules));
        }
    }

    // A verdict that rests on jwfleet's estimates says so, per entry and in words.
    void unpublishedValues_data()
    {
        QTest::addColumn<QString>("rules");
        QTest::addColumn<QString>("units");
        QTest::addColumn<QString>("estimates"); // "entry:tv/uc ..."
        QTest::addColumn<QString>("message");
        QTest::newRow("published") << "v1.2.3"
                                   << "cap-10 sq-10"
                                   << ""
                                   << "";
        QTest::newRow("estimated tv, no unit cap rule")
            << "v1.2.2"
            << "cap-10 guess guess"
            << "1:tv 2:tv"
            << "this verdict rests on values that are not published: the Threat Value of GUESS "
               "x2 are jwfleet's estimates, not the printed card's";
        QTest::newRow("estimated tv and uc")
            << "v1.2.3"
            << "guess cap-10"
            << "0:tv/uc"
            << "this verdict rests on values that are not published: the Threat Value of GUESS "
               "and the Unit Cap of GUESS are jwfleet's estimates, not the printed card's";
        QTest::newRow("card tv, estimated uc, v1.2.2") << "v1.2.2"
                                                       << "guess-uc"
                                                       << ""
                                                       << "";
        QTest::newRow("card tv, estimated uc, v1.2.4")
            << "v1.2.4"
            << "guess-uc"
            << "0:uc"
            << "this verdict rests on values that are not published: the Unit Cap of GUESS-UC is "
               "jwfleet's estimate, not the printed card's";
    }
    void unpublishedValues()
    {
        QFETCH(QString, rules);
        QFETCH(QString, units);
        QFETCH(QString, estimates);
        QFETCH(QString, message);
        const FleetReport r = validateFleet(fleet(100, rules, units), m_db);
        QStringList got;
        for (const EstimatedEntry &e : r.estimates) {
            QStringList what;
            if (e.tv)
                what << QStringLiteral("tv");
            if (e.unitCap)
                what << QStringLiteral("uc");
            got << QStringLiteral("%1:%2").arg(e.entry).arg(what.join(QLatin1Char('/')));
        }
        QCOMPARE(got.join(QLatin1Char(' ')), estimates);
        QCOMPARE(r.restsOnEstimates(), !estimates.isEmpty());
        QString said;
        for (const FleetProblem &p : r.problems) {
            if (p.rule == QLatin1String("unpublished-values")) {
                QVERIFY(!p.isError()); // never changes the verdict
                said = p.message();
            }
        }
        QCOMPARE(said, message);
        QCOMPARE(r.verdictText().endsWith(QStringLiteral(" on jwfleet's estimated values")),
                 !estimates.isEmpty());
    }

    void errorsBeforeWarnings()
    {
        // points-unspent (a warning) comes before squadron-share in the rule order.
        const FleetReport r
            = validateFleet(fleet(250, QStringLiteral("v1.2.2"), QStringLiteral("cap-100")), m_db);
        QVERIFY(r.errorCount() > 0 && r.warningCount() > 0);
        bool warningSeen = false;
        for (const FleetProblem &p : r.problems) {
            QVERIFY2(!(warningSeen && p.isError()), qPrintable(dump(r)));
            warningSeen |= !p.isError();
        }
        // Every error says how to put it right.
        for (const FleetProblem &p : r.problems)
            QVERIFY2(!p.isError() || !p.fix().isEmpty(), qPrintable(p.rule));
        QCOMPARE(r.problems.front().fix(),
                 QStringLiteral("add at least 63 points of Squadrons (150 points are left under "
                                "the limit)"));
    }

    void overLimitFix()
    {
        const FleetReport r = validateFleet(
            fleet(100, QStringLiteral("v1.2.2"), QStringLiteral("cap-100 sq-10 sq-10 sq-1")), m_db);
        QCOMPARE(r.problems.front().rule, QStringLiteral("points-limit"));
        // 21 over: the cheapest single unit that covers it is the CAP-100.
        QCOMPARE(r.problems.front().fix(),
                 QStringLiteral("remove CAP-100 (unit 1) (-100), or raise the limit to 121"));
    }

    void closestUnitSuggested_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("suggested");
        QTest::newRow("capitals and underscore") << "Sq_10"
                                                 << "sq-10";
        QTest::newRow("a letter missing") << "carier"
                                          << "carrier";
        QTest::newRow("two letters swapped") << "fulleed"
                                             << "fuelled";
        QTest::newRow("nothing close") << "battlestar"
                                       << "";
    }
    void closestUnitSuggested()
    {
        QFETCH(QString, typed);
        QFETCH(QString, suggested);
        const FleetReport r = validateFleet(fleet(100, QStringLiteral("v1.2.2"), typed), m_db);
        QCOMPARE(r.problems.front().rule, QStringLiteral("unknown-unit"));
        const QString hint = QStringLiteral(" (did you mean '%1'?)").arg(suggested);
        QCOMPARE(r.problems.front().message().endsWith(hint), !suggested.isEmpty());
    }

    void v124UpgradeCardsMissing()
    {
        const FleetReport r = validateFleet(
            fleet(100, QStringLiteral("v1.2.4"), QStringLiteral("sq-10+ace-pilot")), m_db);
        QStringList messages;
        for (const FleetProblem &p : r.problems) {
            if (p.rule == QLatin1String("upgrade-card-missing"))
                messages << p.message();
        }
        QCOMPARE(messages,
                 QStringList {QStringLiteral(
                     "Ace Pilot on SQ-10 (unit 1): jwfleet does not have the v1.2.4 upgrade "
                     "cards, so it cannot check this upgrade (its 5 TV is the v1.2.3 card's): "
                     "check the printed v1.2.4 card")});
        QCOMPARE(r.totals.upgrades, 5);
    }

    void droneRefusesAcePilot()
    {
        const FleetReport r = validateFleet(
            fleet(100, QStringLiteral("v1.2.3"), QStringLiteral("drone+ace-pilot")), m_db);
        QCOMPARE(otherProblems(r), QStringList {QStringLiteral("upgrade-target:error")});
    }

    void upgrades_data()
    {
        QTest::addColumn<QString>("rules");
        QTest::addColumn<QString>("units");
        QTest::addColumn<QStringList>("expected");
        QTest::addColumn<int>("upgradePoints");
        const QStringList none;
        for (const QString &rules : kProfiles) {
            const bool offered = rules == QLatin1String("v1.2.3");
            // v1.2.4 has upgrade cards jwfleet does not have: a warning, not an error.
            const QStringList notAllowed {rules == QLatin1String("v1.2.4")
                                              ? QStringLiteral("upgrade-card-missing:warning")
                                              : QStringLiteral("upgrade-not-allowed:error")};
            QTest::addRow("%s ace pilot", qPrintable(rules))
                << rules << "sq-10+ace-pilot" << (offered ? none : notAllowed) << 5;
            QTest::addRow("%s fuel pods", qPrintable(rules))
                << rules << "sq-10+fuel-pods" << (offered ? none : notAllowed) << 1;
        }
        const QString v123 = QStringLiteral("v1.2.3");
        QTest::newRow("both on one squadron") << v123 << "sq-10+ace-pilot+fuel-pods" << none << 6;
        QTest::newRow("ace pilot on a capital ship")
            << v123 << "cap-10+ace-pilot" << QStringList {QStringLiteral("upgrade-target:error")}
            << 5;
        QTest::newRow("fuel pods on a static defense")
            << v123 << "static-10+fuel-pods" << QStringList {QStringLiteral("upgrade-target:error")}
            << 1;
        QTest::newRow("fuel pods twice in the fleet")
            << v123 << "sq-10+fuel-pods sq-10+fuel-pods"
            << QStringList {QStringLiteral("upgrade-limit:error")} << 2;
        QTest::newRow("ace pilot on two squadrons")
            << v123 << "sq-10+ace-pilot sq-10+ace-pilot" << none << 10;
        QTest::newRow("ace pilot twice on one squadron")
            << v123 << "sq-10+ace-pilot+ace-pilot"
            << QStringList {QStringLiteral("upgrade-duplicate:error")} << 10;
        QTest::newRow("fuel pods on a squadron that has them")
            << v123 << "fuelled+fuel-pods"
            << QStringList {QStringLiteral("upgrade-redundant:warning")} << 1;
        QTest::newRow("unknown upgrade")
            << v123 << "sq-10+laser" << QStringList {QStringLiteral("unknown-upgrade:error")} << 0;
    }
    void upgrades()
    {
        QFETCH(QString, rules);
        QFETCH(QString, units);
        QFETCH(QStringList, expected);
        QFETCH(int, upgradePoints);
        const FleetReport r = validateFleet(fleet(100, rules, units), m_db);
        QCOMPARE(otherProblems(r), expected);
        QCOMPARE(r.totals.upgrades, upgradePoints);
        QCOMPARE(r.totals.squadrons + r.totals.capitalShips + r.totals.staticDefences
                     + upgradePoints,
                 r.totals.total);
    }

    void upgradeNotAllowedNamesTheProfile()
    {
        const FleetReport r = validateFleet(
            fleet(100, QStringLiteral("v1.2.2"), QStringLiteral("sq-10+ace-pilot")), m_db);
        QStringList messages;
        for (const FleetProblem &p : r.problems) {
            if (p.rule == QLatin1String("upgrade-not-allowed"))
                messages << p.message();
        }
        QCOMPARE(messages,
                 QStringList {QStringLiteral("Ace Pilot on SQ-10 (unit 1): not in rules v1.2.2 "
                                             "(it has no upgrades)")});
    }

    // Upgrades count toward "at most 25% on Upgrades and static defenses".
    void upgradesCountTowardTheirShare_data()
    {
        QTest::addColumn<int>("aces");
        QTest::addColumn<bool>("holds");
        QTest::newRow("at") << 5 << true; // 25 of 100
        QTest::newRow("outside") << 6 << false; // 30 of 100
    }
    void upgradesCountTowardTheirShare()
    {
        QFETCH(int, aces);
        QFETCH(bool, holds);
        QStringList spec {worth("cap", 25)};
        for (int i = 0; i < aces; ++i)
            spec << QStringLiteral("sq-1+ace-pilot");
        spec << worth("sq", 25 - aces);
        const FleetReport r = validateFleet(
            fleet(100, QStringLiteral("v1.2.3"), spec.join(QLatin1Char(' '))), m_db);
        QCOMPARE(r.totals.squadrons, 25);
        QCOMPARE(r.totals.upgrades, aces * 5);
        QCOMPARE(r.gauge(QStringLiteral("upgrade-share"))->holds(), holds);
        QCOMPARE(r.gauge(QStringLiteral("squadron-share"))->holds(),
                 true); // upgrades not counted there
        QVERIFY2(r.legal() == holds, qPrintable(dump(r)));
    }

    void upgradeCatalog()
    {
        const Upgrade *ace = Upgrade::byId(QStringLiteral("ace-pilot"));
        const Upgrade *pods = Upgrade::byId(QStringLiteral("fuel-pods"));
        QVERIFY(ace && pods);
        QCOMPARE(ace->tv, 5);
        QCOMPARE(ace->grantsTrait, QStringLiteral("Ace"));
        QVERIFY(ace->notOnDrones && !ace->oncePerFleet);
        QCOMPARE(pods->tv, 1);
        QVERIFY(pods->oncePerFleet);
        QCOMPARE(pods->grantsTrait, QStringLiteral("Fuel Pods"));
        QVERIFY(!Upgrade::byId(QStringLiteral("laser")));
        QVERIFY(!ace->refusal(*m_db.unit(QStringLiteral("sq-10"))));
        QVERIFY(ace->refusal(*m_db.unit(QStringLiteral("cap-10"))));
    }

    // Carrier plans (States › Embarked, Traits › Hangers and Dock).
    void carriers_data()
    {
        QTest::addColumn<QString>("units");
        QTest::addColumn<QStringList>("expected");
        QTest::addColumn<QList<int>>("involved"); // of the first problem
        const QStringList none;
        auto p = [](const char *s) {
            return QString::fromLatin1(s);
        };
        QTest::newRow("hangers at capacity") << "carrier sq-1>0 sq-1>0" << none << QList<int> {};
        QTest::newRow("hangers within capacity") << "carrier sq-1>0 sq-1" << none << QList<int> {};
        QTest::newRow("hangers over capacity")
            << "carrier sq-1>0 sq-1>0 sq-10>0" << QStringList {p("carrier-capacity:error")}
            << QList<int> {0, 1, 2, 3};
        QTest::newRow("two carriers each full")
            << "carrier sq-1>0 sq-1>0 static-hangar sq-1>3" << none << QList<int> {};
        QTest::newRow("static defense with hangers over")
            << "static-hangar sq-1>0 sq-1>0" << QStringList {p("carrier-capacity:error")}
            << QList<int> {0, 1, 2};
        QTest::newRow("squadron on a ship without hangers")
            << "cap-10 sq-1>0" << QStringList {p("not-a-carrier:error")} << QList<int> {1, 0};
        QTest::newRow("squadron on a dock only")
            << "dock sq-1>0" << QStringList {p("not-a-carrier:error")} << QList<int> {1, 0};
        QTest::newRow("capital ship in hangers")
            << "carrier cap-10>0" << QStringList {p("not-a-carrier:error")} << QList<int> {1, 0};
        QTest::newRow("escort ship in hangers")
            << "carrier escort>0" << QStringList {p("not-a-carrier:error")} << QList<int> {1, 0};
        QTest::newRow("capital ship docked")
            << "dock cap-10>0" << QStringList {p("docked-capital:warning")} << QList<int> {1, 0};
        QTest::newRow("two capital ships docked")
            << "dock cap-10>0 cap-1>0"
            << QStringList {p("dock-capacity:error"), p("docked-capital:warning"),
                            p("docked-capital:warning")}
            << QList<int> {0, 1, 2};
        QTest::newRow("dock and hangers used together")
            << "dock-carrier cap-10>0 sq-1>0" << QStringList {p("docked-capital:warning")}
            << QList<int> {1, 0};
        QTest::newRow("dock ship embarked")
            << "dock-carrier dock>0"
            << QStringList {p("dock-embarked:error"), p("docked-capital:warning")}
            << QList<int> {1, 0};
        QTest::newRow("dock ship in hangers")
            << "carrier dock>0" << QStringList {p("not-a-carrier:error"), p("dock-embarked:error")}
            << QList<int> {1, 0};
        QTest::newRow("squadrons on a docked carrier")
            << "dock carrier>0 sq-1>1"
            << QStringList {p("docked-capital:warning"), p("carrier-nested:warning")}
            << QList<int> {1, 0};
        QTest::newRow("squadron on an embarked squadron")
            << "carrier sq-carrier>0 sq-1>1" << QStringList {p("carrier-nested:error")}
            << QList<int> {2, 1, 0};
        QTest::newRow("index past the end")
            << "carrier sq-1>5" << QStringList {p("carrier-index:error")} << QList<int> {1};
        QTest::newRow("negative index")
            << "carrier sq-1>-1" << QStringList {p("carrier-index:error")} << QList<int> {1};
        QTest::newRow("embarked on itself")
            << "carrier>0" << QStringList {p("carrier-index:error")} << QList<int> {0};
        QTest::newRow("embarked on an unknown unit")
            << "nope sq-1>0" << QStringList {p("unknown-unit:error")} << QList<int> {0};
    }
    void carriers()
    {
        QFETCH(QString, units);
        QFETCH(QStringList, expected);
        QFETCH(QList<int>, involved);
        const FleetReport r = validateFleet(fleet(100, QStringLiteral("v1.2.2"), units), m_db);
        QCOMPARE(otherProblems(r), expected);
        if (!involved.isEmpty()) {
            const FleetProblem *first = nullptr;
            for (const FleetProblem &pr : r.problems) {
                if (!kPointRules.contains(pr.rule)) {
                    first = &pr;
                    break;
                }
            }
            QCOMPARE(QList<int>(first->entries.begin(), first->entries.end()), involved);
        }
    }

    void carrierMessages()
    {
        const FleetReport r = validateFleet(
            fleet(100, QStringLiteral("v1.2.2"),
                  QStringLiteral("carrier=Ark sq-1>0 sq-1>0 sq-10>0 cap-10 sq-1>4")),
            m_db);
        QStringList messages;
        for (const FleetProblem &p : r.problems) {
            if (!kPointRules.contains(p.rule))
                messages << p.message();
        }
        QCOMPARE(messages,
                 (QStringList {
                     QStringLiteral("SQ-1 (unit 6) cannot embark on CAP-10 (unit 5): a "
                                    "Squadron embarks only on a model with Hangers, and CAP-10 "
                                    "has none"),
                     QStringLiteral("Ark (CARRIER, unit 1) carries 3 Squadrons, Hangers: 2 "
                                    "allows 2: 1 too many (SQ-1 (unit 2), SQ-1 (unit 3), "
                                    "SQ-10 (unit 4))"),
                 }));
    }

    // Issue 21: the problems, their fixes and the rule lines are typed; with the German
    // or French catalogue loaded the interface's text is translated (unit names and
    // numbers as they are), and the English of the CLI, --json and the exports is unchanged.
    void translatedInTheInterfaceLanguage_data()
    {
        QTest::addColumn<QString>("qm");
        QTest::addColumn<QString>("share");
        QTest::addColumn<QString>("shareFix");
        QTest::addColumn<QString>("hangers");
        QTest::addColumn<QString>("total");
        QTest::newRow("de") << QStringLiteral(JW_DE_QM)
                            << QStringLiteral("Staffeln: 0 von 250 Punkten (0%), mindestens 63 "
                                              "nötig: 63 fehlen")
                            << QStringLiteral("mindestens 63 Punkte an Staffeln hinzufügen (bis "
                                              "zum Limit sind 250 Punkte frei)")
                            << QStringLiteral("Ark (CARRIER, Einheit 1) trägt 3 Staffeln, "
                                              "Hangers: 2 erlaubt 2: 1 zu viel (SQ-1 (Einheit "
                                              "2), SQ-1 (Einheit 3), SQ-10 (Einheit 4))")
                            << QStringLiteral("Gesamt: 0 von 250 Punkten (0%), höchstens 250 "
                                              "erlaubt: 250 Spielraum");
        QTest::newRow("fr") << QStringLiteral(JW_FR_QM)
                            << QStringLiteral("Escadrilles : 0 sur 250 points (0%), au moins 63 "
                                              "requis : 63 manquants")
                            << QStringLiteral("ajouter au moins 63 points en Escadrilles (il "
                                              "reste 250 points sous la limite)")
                            << QStringLiteral("Ark (CARRIER, unité 1) transporte 3 Escadrilles, "
                                              "Hangars : 2 en autorise 2 : 1 de trop (SQ-1 "
                                              "(unité 2), SQ-1 (unité 3), SQ-10 (unité 4))")
                            << QStringLiteral("Total : 0 sur 250 points (0%), au plus 250 "
                                              "autorisés : 250 de marge");
    }
    void translatedInTheInterfaceLanguage()
    {
        QFETCH(QString, qm);
        QTranslator translator;
        QVERIFY2(translator.load(qm), qPrintable(qm));
        QCoreApplication::installTranslator(&translator);
        const auto uninstall
            = qScopeGuard([&] { QCoreApplication::removeTranslator(&translator); });

        const FleetReport empty
            = validateFleet(fleet(250, QStringLiteral("v1.2.2"), QString()), m_db);
        const auto it
            = std::find_if(empty.problems.begin(), empty.problems.end(),
                           [](const FleetProblem &p) { return p.rule == "squadron-share"; });
        QVERIFY(it != empty.problems.end());
        QTEST(it->text.translated(), "share");
        QTEST(it->fixMessage.translated(), "shareFix");
        QCOMPARE(it->message(),
                 QStringLiteral("Squadrons: 0 of 250 points (0%), at least 63 needed: 63 more"));
        QCOMPARE(it->fix(),
                 QStringLiteral("add at least 63 points of Squadrons (250 points are "
                                "left under the limit)"));
        const RuleGauge *total = empty.gauge(QStringLiteral("points-limit"));
        QVERIFY(total);
        QTEST(total->text().translated(), "total");
        QCOMPARE(total->message(),
                 QStringLiteral("Total: 0 of 250 points (0%), at most 250 allowed: 250 to spare"));
        QCOMPARE(total->label, QStringLiteral("Total"));

        const FleetReport carried = validateFleet(
            fleet(100, QStringLiteral("v1.2.2"),
                  QStringLiteral("carrier=Ark sq-1>0 sq-1>0 sq-10>0 cap-10 sq-1>4")),
            m_db);
        const auto full
            = std::find_if(carried.problems.begin(), carried.problems.end(),
                           [](const FleetProblem &p) { return p.rule == "carrier-capacity"; });
        QVERIFY(full != carried.problems.end());
        QTEST(full->text.translated(), "hangers");
        QCOMPARE(full->message(),
                 QStringLiteral("Ark (CARRIER, unit 1) carries 3 Squadrons, Hangers: 2 allows 2: "
                                "1 too many (SQ-1 (unit 2), SQ-1 (unit 3), SQ-10 (unit 4))"));
        QCOMPARE(full->toString(), QStringLiteral("error [carrier-capacity] ") + full->message());
    }

    void factions()
    {
        const FleetReport mixed = validateFleet(
            fleet(100, QStringLiteral("v1.2.2"), QStringLiteral("cap-10 alien")), m_db);
        QCOMPARE(otherProblems(mixed), QStringList {QStringLiteral("faction:error")});
        QCOMPARE(mixed.problems.front().message(),
                 QStringLiteral("ALIEN (unit 2) is a unit of the Other Fleet, not of this Test "
                                "Fleet fleet"));
        QCOMPARE(mixed.problems.front().fix(), QStringLiteral("remove ALIEN (unit 2) (-1)"));
        QCOMPARE(mixed.problems.front().entries, std::vector<int> {1});

        const FleetReport unknown
            = validateFleet(fleet(100, QStringLiteral("v1.2.2"), QStringLiteral("cap-10"),
                                  QStringLiteral("martians")),
                            m_db);
        QCOMPARE(otherProblems(unknown), QStringList {QStringLiteral("faction:error")});
        QCOMPARE(unknown.problems.front().message(),
                 QStringLiteral("no faction 'martians' in the unit database (known: Test Fleet "
                                "(testers), Other Fleet (others))"));
    }

    void unknownUnitAndProfile()
    {
        const FleetReport r = validateFleet(
            fleet(100, QStringLiteral("v2"), QStringLiteral("cap-10 Cap-10 zzz")), m_db);
        QCOMPARE(otherProblems(r),
                 (QStringList {QStringLiteral("rules-profile:error"),
                               QStringLiteral("unknown-unit:error"),
                               QStringLiteral("unknown-unit:error")}));
        QCOMPARE(r.problems[0].message(),
                 QStringLiteral("unknown rules profile 'v2' (known: v1.2.2, v1.2.3, v1.2.4)"));
        QCOMPARE(r.problems[1].message(),
                 QStringLiteral(
                     "unit 2: no unit 'Cap-10' in the unit database (did you mean 'cap-10'?)"));
        QCOMPARE(r.problems[1].fix(), QStringLiteral("write 'cap-10' (CAP-10, Test Fleet)"));
        QCOMPARE(r.problems[2].entries, std::vector<int> {2});
        QCOMPARE(r.totals.total, 10); // unknown units count nothing
    }

    void problemsOfAnEntry()
    {
        const FleetReport r = validateFleet(
            fleet(100, QStringLiteral("v1.2.3"), QStringLiteral("cap-10 sq-1>0+laser")), m_db);
        QStringList rules;
        for (const FleetProblem *p : r.problemsOf(1))
            rules << p->rule;
        QVERIFY(rules.contains(QStringLiteral("unknown-upgrade")));
        QVERIFY(rules.contains(QStringLiteral("not-a-carrier")));
        QVERIFY(rules.contains(QStringLiteral("squadron-share")));
    }

    // Edits keep embarked_on pointing at the same model.
    void edits()
    {
        Fleet f
            = fleet(100, QStringLiteral("v1.2.2"), QStringLiteral("sq-1>2 cap-1 carrier sq-10>2"));
        Fleet g = f;
        g.insertEntry(0, FleetEntry {QStringLiteral("cap-10"), {}, {}, {}});
        QCOMPARE(g.entries[1].embarkedOn, std::optional<int>(3));
        QCOMPARE(g.entries[4].embarkedOn, std::optional<int>(3));
        QCOMPARE(g.entries[3].unitId, QStringLiteral("carrier"));
        g.removeEntry(0);
        QCOMPARE(g, f);

        g.moveEntry(2, 0); // carrier first
        QCOMPARE(g.entries[0].unitId, QStringLiteral("carrier"));
        QCOMPARE(g.entries[1].embarkedOn, std::optional<int>(0));
        QCOMPARE(g.entries[3].embarkedOn, std::optional<int>(0));
        QCOMPARE(g.embarkedOn(0), (std::vector<int> {1, 3}));
        g.moveEntry(0, 2);
        QCOMPARE(g, f);

        g.removeEntry(2); // the carrier: its squadrons go back on the table
        QCOMPARE(g.size(), 3);
        QVERIFY(!g.entries[0].embarkedOn);
        QVERIFY(!g.entries[2].embarkedOn);
        QCOMPARE(g.entryName(2, m_db), QStringLiteral("SQ-10"));
    }
};

QTEST_GUILESS_MAIN(TestFleetValidator)
#include "tst_fleetvalidator.moc"
