// SPDX-License-Identifier: GPL-3.0-or-later
#include "dice/odds.h"

#include <QElapsedTimer>
#include <QTest>

#include <algorithm>

using jw::DicePool;

// computeOdds per call. Run by hand, e.g. `build/bin/bench_dice -median 5`.
// The goal (issue): under 1 ms per call for every pool up to 8B+4F+/-6M.
class BenchDice : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void computeOdds_data();
    void computeOdds();
    void sweepWorstCall();
};

void BenchDice::computeOdds_data()
{
    QTest::addColumn<QString>("pool");

    for (const char *p : {"2B", "4B+2F+2M", "8B+4F+6M", "8B+4F-6M", "12B+6F+6M", "12B+6F-6M"})
        QTest::newRow(p) << QString::fromLatin1(p);
}

void BenchDice::computeOdds()
{
    QFETCH(QString, pool);
    const auto p = DicePool::parse(pool);
    QVERIFY(p);
    jw::DiceOdds odds;
    QBENCHMARK
    {
        odds = jw::computeOdds(*p);
    }
    QVERIFY(odds.pAtLeast[0] > 0);
}

void BenchDice::sweepWorstCall()
{
    // Every pool base 2..8, flex 0..4, macro -6..6, each call timed alone
    // (computeOdds keeps nothing between calls, so every call is a cold one).
    // Each pool is called a few times: the worst raw call includes the odd
    // scheduler hiccup, the worst of the per-pool best calls does not.
    constexpr int callsPerPool = 3;
    qint64 worstRaw = 0;
    qint64 worstBest = 0;
    qint64 total = 0;
    int calls = 0;
    DicePool worstRawPool;
    DicePool worstBestPool;
    double sink = 0;
    QElapsedTimer timer;
    for (int base = 2; base <= 8; ++base) {
        for (int flex = 0; flex <= 4; ++flex) {
            for (int macro = -6; macro <= 6; ++macro) {
                const DicePool pool {base, flex, macro};
                qint64 best = std::numeric_limits<qint64>::max();
                for (int i = 0; i < callsPerPool; ++i) {
                    timer.start();
                    const jw::DiceOdds odds = jw::computeOdds(pool);
                    const qint64 ns = timer.nsecsElapsed();
                    sink += odds.expected[0];
                    total += ns;
                    ++calls;
                    best = std::min(best, ns);
                    if (ns > worstRaw) {
                        worstRaw = ns;
                        worstRawPool = pool;
                    }
                }
                if (best > worstBest) {
                    worstBest = best;
                    worstBestPool = pool;
                }
            }
        }
    }
    qInfo("sweep: %d pools x %d calls, mean %.1f us per call", calls / callsPerPool, callsPerPool,
          double(total) / calls / 1000);
    qInfo("worst pool (best of %d calls): %s %.1f us", callsPerPool,
          qPrintable(worstBestPool.toString()), double(worstBest) / 1000);
    qInfo("worst single call: %s %.1f us", qPrintable(worstRawPool.toString()),
          double(worstRaw) / 1000);
    QVERIFY(sink > 0);
}

QTEST_GUILESS_MAIN(BenchDice)
#include "benchdice.moc"
