// SPDX-License-Identifier: GPL-3.0-or-later
// Standings of a campaign with 10,000 battles (20 players, 8 units a battle),
// on SQLite and, when JW_TEST_PG_URL is set, on PostgreSQL:
//   build/bin/bench_campaign            (JW_TEST_PG_URL=postgresql://... for both)
// The campaign is written with one import (one transaction); the benchmark is
// CampaignStore::standings(): the battle summaries read in one query and the
// table computed with the default tie-breakers (OP, VP, head-to-head).
#include "campaign/campaignstore.h"
#include "campaigntestutil.h"

#include <QElapsedTimer>
#include <QRandomGenerator>

using namespace jw;

namespace {

constexpr int kBattles = 10000;
constexpr int kPlayers = 20;

CampaignData bigCampaign()
{
    CampaignData d;
    d.campaign.name = QStringLiteral("Benchmark");
    d.campaign.started = QDate(2020, 1, 1);
    QRandomGenerator rng(42);
    qint64 rosterId = 0;
    for (int p = 1; p <= kPlayers; ++p) {
        Player pl;
        pl.id = p;
        pl.name = QStringLiteral("Player %1").arg(p, 2, 10, QLatin1Char('0'));
        pl.faction = QStringLiteral("jovian");
        for (int u = 0; u < 4; ++u) {
            RosterEntry e;
            e.id = ++rosterId;
            e.unitId = QStringLiteral("valiant");
            e.name = QStringLiteral("Ship %1").arg(e.id);
            pl.roster.push_back(e);
        }
        d.players.push_back(pl);
    }
    for (int i = 1; i <= kBattles; ++i) {
        Battle b;
        b.id = i;
        b.date = QDate(2020, 1, 1).addDays(i / 10);
        const int a = int(rng.bounded(kPlayers));
        const int c = (a + 1 + int(rng.bounded(kPlayers - 1))) % kPlayers;
        const int players[2] = {a, c};
        for (int s = 0; s < 2; ++s) {
            const Player &pl = d.players[std::size_t(players[s])];
            BattleSide &side = b.sides[std::size_t(s)];
            side.playerId = pl.id;
            side.playerName = pl.name;
            side.fleet = pl.fleet(250, QStringLiteral("v1.2.2"));
            side.victoryPoints = int(rng.bounded(300));
            side.objectivePoints = int(rng.bounded(3)) * 5;
            for (int u = 0; u < 4; ++u) {
                UnitOutcome o;
                o.side = s;
                o.entry = u;
                o.unitId = QStringLiteral("valiant");
                o.name = pl.roster[std::size_t(u)].name;
                o.rosterId = pl.roster[std::size_t(u)].id;
                o.tv = 100;
                o.fate = rng.bounded(4) == 0 ? UnitFate::Destroyed : UnitFate::Intact;
                b.outcomes.push_back(o);
            }
        }
        b.winner = Battle::winnerFrom({b.sides[0].objectivePoints, b.sides[1].objectivePoints},
                                      {b.sides[0].victoryPoints, b.sides[1].victoryPoints});
        d.battles.push_back(b);
    }
    return d;
}

} // namespace

class BenchCampaign : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void cleanupTestCase() { m_stores.clear(); }
    void standings_data()
    {
        QTest::addColumn<QString>("backend");
        for (const QString &b : jwtest::backends())
            QTest::newRow(qPrintable(b)) << b;
    }
    void standings()
    {
        QFETCH(QString, backend);
        // QBENCHMARK runs the function again to calibrate: import once per backend.
        if (!m_stores.count(backend)) {
            auto open = CampaignStore::open(m_dbs.fresh(backend));
            QVERIFY2(open.ok(), qPrintable(open.error.message));
            QElapsedTimer t;
            t.start();
            const CampaignError e = open.value->importData(bigCampaign(), false);
            QVERIFY2(e.ok(), qPrintable(e.message));
            qInfo("%s: imported %d battles in %lld ms", qPrintable(backend), kBattles, t.elapsed());
            m_stores[backend] = std::move(open.value);
        }
        CampaignStore &store = *m_stores[backend];
        QElapsedTimer t;
        std::vector<StandingRow> rows;
        QBENCHMARK
        {
            auto r = store.standings();
            QVERIFY(r.ok());
            rows = r.value;
        }
        QCOMPARE(rows.size(), std::size_t(kPlayers));
        int battles = 0;
        for (const StandingRow &r : rows)
            battles += r.battles;
        QCOMPARE(battles, 2 * kBattles);
        t.start();
        const auto series = standingsOverTime(store.players().value, store.battleSummaries().value,
                                              {}, store.campaign().value.rules);
        QCOMPARE(series.battleIds.size(), std::size_t(kBattles));
        qInfo("%s: standings over time (chart data, %d points) in %lld ms", qPrintable(backend),
              kBattles, t.elapsed());
    }

private:
    jwtest::Databases m_dbs;
    std::map<QString, std::unique_ptr<CampaignStore>> m_stores;
};

QTEST_GUILESS_MAIN(BenchCampaign)
#include "benchcampaign.moc"
