// SPDX-License-Identifier: GPL-3.0-or-later
#include "dice/dicesource.h"
#include "dice/odds.h"
#include "dice/roll.h"
#include "dicetestdata.h"

#include <QTest>

#include <array>
#include <cmath>
#include <functional>
#include <stdexcept>
#include <thread>

using namespace jw;
using jw::test::parsePool;

namespace {

QString describe(const DiceOdds &o)
{
    return QStringLiteral("P(D+) %1 P(T+) %2 P(Q+) %3, E[D] %4 E[T] %5 E[Q] %6")
        .arg(o.pAtLeast[0], 0, 'g', 17)
        .arg(o.pAtLeast[1], 0, 'g', 17)
        .arg(o.pAtLeast[2], 0, 'g', 17)
        .arg(o.expected[0], 0, 'g', 17)
        .arg(o.expected[1], 0, 'g', 17)
        .arg(o.expected[2], 0, 'g', 17);
}

bool near(const DiceOdds &a, const DiceOdds &b, double tolerance)
{
    for (std::size_t k = 0; k < 3; ++k) {
        if (std::abs(a.pAtLeast[k] - b.pAtLeast[k]) > tolerance
            || std::abs(a.expected[k] - b.expected[k]) > tolerance)
            return false;
    }
    return true;
}

// Every sorted multiset of `count` faces with the number of rolls giving it.
void multisets(int count, const std::function<void(const std::vector<int> &, double)> &visit)
{
    std::vector<int> faces;
    const auto walk = [&](const auto &self, int from, int left) -> void {
        if (left == 0) {
            // Orders of the dice: count! / prod(k_v!).
            double orders = 1;
            int n = 0;
            std::array<int, 7> per {};
            for (int f : faces) {
                orders *= ++n;
                orders /= ++per[std::size_t(f)];
            }
            visit(faces, orders);
            return;
        }
        for (int f = from; f <= 6; ++f) {
            faces.push_back(f);
            self(self, f, left - 1);
            faces.pop_back();
        }
    };
    walk(walk, 1, count);
}

// Exact odds by a method independent of computeOdds: every multiset of the
// base and flex dice and of the macro dice, resolved by resolveRollBest.
// Slower than computeOdds, much faster than 6^n: reaches pools of ~12 dice.
DiceOdds oddsByMultisets(const DicePool &asked)
{
    const DicePool p = asked.effective();
    DiceOdds odds;
    double total = 0;
    multisets(p.rolledDice(), [&](const std::vector<int> &dice, double diceWeight) {
        multisets(p.macroDice(), [&](const std::vector<int> &macro, double macroWeight) {
            const double w = diceWeight * macroWeight;
            const DiceResult r = resolveRollBest(asked, {dice, macro}).result;
            for (int k = 0; k < 3; ++k) {
                const auto m = Magnitude(k + 1);
                odds.pAtLeast[std::size_t(k)] += r.best() >= m ? w : 0;
                odds.expected[std::size_t(k)] += w * r.count(m);
            }
            total += w;
        });
    });
    for (std::size_t k = 0; k < 3; ++k) {
        odds.pAtLeast[k] /= total;
        odds.expected[k] /= total;
    }
    return odds;
}

} // namespace

class TestDiceOdds : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void closedForms_data();
    void closedForms();
    void matchesBruteForce_data();
    void matchesBruteForce();
    void matchesMultisetEnumeration_data();
    void matchesMultisetEnumeration();
    void matchesSampling_data();
    void matchesSampling();
    void basePoolOfOne();
    void monotone();
    void largePools_data();
    void largePools();
    void limits();
    void threads();
    void modifiersMatchEnumeration_data();
    void modifiersMatchEnumeration();
    void distributionSumsToOne();
};

void TestDiceOdds::closedForms_data()
{
    QTest::addColumn<QString>("pool");
    QTest::addColumn<double>("pD");
    QTest::addColumn<double>("pT");
    QTest::addColumn<double>("pQ");
    QTest::addColumn<double>("eD");
    QTest::addColumn<double>("eT");
    QTest::addColumn<double>("eQ");

    // 2d6: a double 1 time in 6.
    QTest::newRow("2B") << "2B" << 1.0 / 6 << 0.0 << 0.0 << 1.0 / 6 << 0.0 << 0.0;
    // 3d6: 120 of 216 all different, 90 exactly one pair, 6 triples.
    QTest::newRow("3B") << "3B" << 96.0 / 216 << 6.0 / 216 << 0.0 << 90.0 / 216 << 6.0 / 216 << 0.0;
    // 4d6 of 1296: 720 one pair, 90 two pairs, 120 triples, 6 quadruples.
    QTest::newRow("4B") << "4B" << 936.0 / 1296 << 126.0 / 1296 << 6.0 / 1296
                        << (720.0 + 2 * 90) / 1296 << 120.0 / 1296 << 6.0 / 1296;
    // Roll 3, keep 2: a double unless all three differ; never more than [D].
    QTest::newRow("2B+1F") << "2B+1F" << 96.0 / 216 << 0.0 << 0.0 << 96.0 / 216 << 0.0 << 0.0;
    // 2d6 and 1 macro die: the double is a [T] when the macro die matches it.
    QTest::newRow("2B+1M") << "2B+1M" << 1.0 / 6 << 1.0 / 36 << 0.0 << 5.0 / 36 << 1.0 / 36 << 0.0;
    QTest::newRow("2B-1M") << "2B-1M" << 5.0 / 36 << 0.0 << 0.0 << 5.0 / 36 << 0.0 << 0.0;
}

void TestDiceOdds::closedForms()
{
    QFETCH(QString, pool);
    QFETCH(double, pD);
    QFETCH(double, pT);
    QFETCH(double, pQ);
    QFETCH(double, eD);
    QFETCH(double, eT);
    QFETCH(double, eQ);
    DiceOdds expected;
    expected.pAtLeast = {pD, pT, pQ};
    expected.expected = {eD, eT, eQ};
    const DiceOdds odds = computeOdds(parsePool(pool));
    QVERIFY2(near(odds, expected, 1e-15), qPrintable(describe(odds)));
    QVERIFY2(near(computeOddsBruteForce(parsePool(pool)), expected, 1e-15), qPrintable(pool));
}

void TestDiceOdds::matchesBruteForce_data()
{
    QTest::addColumn<QString>("pool");

    for (const char *p :
         {"2B",    "3B",       "4B",       "5B",       "2B+1F",    "3B+1F",    "2B+2F", "3B+1F+1M",
          "3B-1M", "2B+2F-2M", "4B+1F+2M", "1B+3F+2M", "3B+2F+1M", "2B+1F+3M", "3B-3M", "4B+2F",
          "2B+4F", "3B+3F",    "5B+1F-1M", "4B-3M",    "4B+1F-2M", "2B+2F+3M", "3B+4M", "2B-5M"})
        QTest::newRow(p) << QString::fromLatin1(p);
}

void TestDiceOdds::matchesBruteForce()
{
    QFETCH(QString, pool);
    const DiceOdds odds = computeOdds(parsePool(pool));
    const DiceOdds brute = computeOddsBruteForce(parsePool(pool));
    QVERIFY2(near(odds, brute, 1e-12),
             qPrintable(describe(odds) + QStringLiteral("\nbrute force: ") + describe(brute)));
}

void TestDiceOdds::matchesMultisetEnumeration_data()
{
    QTest::addColumn<QString>("pool");

    // Beyond brute force: the multiset of faces with its weight, still resolved
    // by resolveRollBest, so the flex choice is the real one.
    for (const char *p : {"8B+2F+2M", "6B+3F-3M", "5B+2F+4M", "10B+1F-2M", "4B+4F+3M"})
        QTest::newRow(p) << QString::fromLatin1(p);
}

void TestDiceOdds::matchesMultisetEnumeration()
{
    QFETCH(QString, pool);
    const DiceOdds odds = computeOdds(parsePool(pool));
    const DiceOdds exact = oddsByMultisets(parsePool(pool));
    QVERIFY2(near(odds, exact, 1e-12),
             qPrintable(describe(odds) + QStringLiteral("\nmultisets: ") + describe(exact)));
}

void TestDiceOdds::matchesSampling_data()
{
    QTest::addColumn<QString>("pool");

    // The largest pools, against rollBest on seeded dice.
    QTest::newRow("8B+4F+6M") << "8B+4F+6M";
    QTest::newRow("8B+4F-6M") << "8B+4F-6M";
    QTest::newRow("12B+6F-6M") << "12B+6F-6M";
}

void TestDiceOdds::matchesSampling()
{
    QFETCH(QString, pool);
    const DicePool p = parsePool(pool);
    const DiceOdds odds = computeOdds(p);
    SeededDiceSource source(2024);
    constexpr int rolls = 3000;
    std::array<double, 3> atLeast {};
    std::array<double, 3> sum {};
    std::array<double, 3> sumSquares {};
    for (int i = 0; i < rolls; ++i) {
        const DiceResult r = rollBest(p, source).result;
        for (int k = 0; k < 3; ++k) {
            const auto m = Magnitude(k + 1);
            atLeast[std::size_t(k)] += r.best() >= m ? 1 : 0;
            sum[std::size_t(k)] += r.count(m);
            sumSquares[std::size_t(k)] += r.count(m) * r.count(m);
        }
    }
    // Within 5 standard errors (plus a floor for probabilities near 0 or 1).
    for (std::size_t k = 0; k < 3; ++k) {
        const double p = odds.pAtLeast[k];
        const double pError = 5 * std::sqrt(p * (1 - p) / rolls) + 2.0 / rolls;
        QVERIFY2(std::abs(atLeast[k] / rolls - p) <= pError,
                 qPrintable(QStringLiteral("P level %1: sampled %2, exact %3")
                                .arg(k)
                                .arg(atLeast[k] / rolls)
                                .arg(p)));
        const double mean = sum[k] / rolls;
        const double variance = sumSquares[k] / rolls - mean * mean;
        const double eError = 5 * std::sqrt(variance / rolls) + 2.0 / rolls;
        QVERIFY2(std::abs(mean - odds.expected[k]) <= eError,
                 qPrintable(QStringLiteral("E level %1: sampled %2, exact %3")
                                .arg(k)
                                .arg(mean)
                                .arg(odds.expected[k])));
    }
}

void TestDiceOdds::basePoolOfOne()
{
    // Dice System, Base Pool of 1: 1B+2F+3M is rolled as 2B.
    const DiceOdds two = computeOdds(parsePool(QStringLiteral("2B")));
    for (const char *p : {"1B+2F+3M", "0B-4M", "-2B+1F"})
        QVERIFY2(near(computeOdds(parsePool(QString::fromLatin1(p))), two, 0), p);
}

void TestDiceOdds::monotone()
{
    // More base dice, more flex dice or a higher macro never lower any odds
    // (each is a coupling: the extra die can only be kept / only escalate).
    const auto at = [](int b, int f, int m) {
        return computeOdds(DicePool {b, f, m});
    };
    const auto noLower = [](const DiceOdds &lower, const DiceOdds &higher) {
        for (std::size_t k = 0; k < 3; ++k) {
            if (higher.pAtLeast[k] < lower.pAtLeast[k] - 1e-12)
                return false;
        }
        return lower.pAtLeast[0] >= lower.pAtLeast[1] && lower.pAtLeast[1] >= lower.pAtLeast[2]
            && lower.pAtLeast[0] <= 1 + 1e-12 && lower.pAtLeast[2] >= 0;
    };
    for (int b = 2; b <= 8; ++b) {
        for (int f = 0; f <= 3; ++f) {
            for (int m = -4; m <= 4; ++m) {
                const DiceOdds here = at(b, f, m);
                const QByteArray where = DicePool {b, f, m}.toString().toLatin1();
                QVERIFY2(noLower(here, at(b + 1, f, m)), where.constData());
                QVERIFY2(noLower(here, at(b, f + 1, m)), where.constData());
                QVERIFY2(noLower(here, at(b, f, m + 1)), where.constData());
            }
        }
    }
    // Strictly, for the base dice without flex: 2B < 3B < 4B at [D+].
    QVERIFY(at(2, 0, 0).pAtLeast[0] < at(3, 0, 0).pAtLeast[0]);
    QVERIFY(at(3, 0, 0).pAtLeast[0] < at(4, 0, 0).pAtLeast[0]);
}

void TestDiceOdds::largePools_data()
{
    QTest::addColumn<QString>("pool");

    for (const char *p : {"12B+6F+6M", "12B+6F-6M", "18B", "30B+12M", "60B-12M"})
        QTest::newRow(p) << QString::fromLatin1(p);
}

void TestDiceOdds::largePools()
{
    QFETCH(QString, pool);
    const DiceOdds o = computeOdds(parsePool(pool));
    QVERIFY2(o.pAtLeast[0] >= o.pAtLeast[1] && o.pAtLeast[1] >= o.pAtLeast[2],
             qPrintable(describe(o)));
    QVERIFY2(o.pAtLeast[0] <= 1 + 1e-12 && o.pAtLeast[2] > 0, qPrintable(describe(o)));
    // At most six successes in all, the number of faces.
    QVERIFY2(o.expected[0] + o.expected[1] + o.expected[2] <= 6, qPrintable(describe(o)));
    // 12 or more base dice always match somewhere.
    QVERIFY2(std::abs(o.pAtLeast[0] - 1) < 1e-12 || parsePool(pool).macro < 0,
             qPrintable(describe(o)));
}

void TestDiceOdds::limits()
{
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             (void)computeOdds(DicePool {kMaxOddsDice, 1, 0}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             (void)computeOdds(DicePool {2, 0, -kMaxOddsMacroDice - 1}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             (void)computeOddsBruteForce(DicePool {kMaxBruteForceDice, 1, 0}));
    // The edges themselves are accepted.
    QVERIFY(computeOdds(DicePool {kMaxOddsDice, 0, kMaxOddsMacroDice}).pAtLeast[0] > 0.99);
}

void TestDiceOdds::threads()
{
    const std::vector<DicePool> pools {{8, 4, 6}, {8, 4, -6}, {5, 2, 3}, {12, 6, -6}, {3, 1, 1}};
    std::vector<DiceOdds> serial;
    for (const DicePool &p : pools)
        serial.push_back(computeOdds(p));
    std::vector<std::vector<DiceOdds>> parallel(4);
    std::vector<std::thread> threads;
    for (auto &out : parallel) {
        threads.emplace_back([&pools, &out] {
            for (int round = 0; round < 5; ++round) {
                out.clear();
                for (const DicePool &p : pools)
                    out.push_back(computeOdds(p));
            }
        });
    }
    for (std::thread &t : threads)
        t.join();
    for (const auto &out : parallel) {
        QCOMPARE(out.size(), serial.size());
        for (std::size_t i = 0; i < out.size(); ++i)
            QVERIFY(near(out[i], serial[i], 0));
    }
}

void TestDiceOdds::modifiersMatchEnumeration_data()
{
    QTest::addColumn<QString>("pool");
    QTest::addColumn<int>("modifier");
    for (const char *pool : {"2B", "3B", "3B+1F", "4B+1F+1M", "3B+2F-1M", "4B+2M", "5B"}) {
        QTest::addRow("%s nuke", pool)
            << QString::fromLatin1(pool) << int(ResultModifier::EscalateAll);
        QTest::addRow("%s swarm", pool)
            << QString::fromLatin1(pool) << int(ResultModifier::DiminishTPlus);
    }
}

// Nuke and Swarm change the result after the macro dice; the player chooses the
// flex dice knowing it. Check against every roll, every flex choice, transformed.
void TestDiceOdds::modifiersMatchEnumeration()
{
    QFETCH(QString, pool);
    QFETCH(int, modifier);
    const DicePool p = test::parsePool(pool).effective();
    const auto mod = ResultModifier(modifier);
    const auto transform = [mod](const DiceResult &r) {
        std::vector<Success> out;
        for (const Success &s : r.successes())
            out.push_back(mod == ResultModifier::EscalateAll
                              ? escalated(s)
                              : (s.magnitude >= Magnitude::T ? diminished(s, true) : s));
        return DiceResult(out);
    };
    const int dice = p.rolledDice();
    const int total = dice + p.macroDice();
    RolledDice faces;
    faces.dice.assign(std::size_t(dice), 1);
    faces.macroDice.assign(std::size_t(p.macroDice()), 1);
    std::array<double, 3> atLeast {}, expected {};
    double outcomes = 0;
    while (true) {
        std::optional<DiceResult> best;
        for (const FlexChoice &c : flexChoices(p, faces)) {
            const DiceResult r = transform(c.result);
            if (!best || DiceResult::compare(r, *best) > 0)
                best = r;
        }
        outcomes += 1;
        for (int k = 0; k < 3; ++k) {
            const auto m = Magnitude(k + 1);
            atLeast[std::size_t(k)] += best->best() >= m ? 1 : 0;
            expected[std::size_t(k)] += best->count(m);
        }
        int i = 0;
        for (; i < total; ++i) {
            int &f = i < dice ? faces.dice[std::size_t(i)] : faces.macroDice[std::size_t(i - dice)];
            if (f < 6) {
                ++f;
                break;
            }
            f = 1;
        }
        if (i == total)
            break;
    }
    const DiceOdds odds = computeOdds(p, mod);
    for (std::size_t k = 0; k < 3; ++k) {
        QVERIFY(std::abs(odds.pAtLeast[k] - atLeast[k] / outcomes) < 1e-12);
        QVERIFY(std::abs(odds.expected[k] - expected[k] / outcomes) < 1e-12);
    }
}

void TestDiceOdds::distributionSumsToOne()
{
    for (const char *pool : {"2B", "4B+2F+2M", "8B+4F-6M"}) {
        const DiceOdds odds = computeOdds(test::parsePool(QString::fromLatin1(pool)));
        double sum = 0, d = 0;
        for (const DiceOdds::Outcome &o : odds.outcomes) {
            QVERIFY(o.p > 0);
            sum += o.p;
            d += o.p * o.d;
        }
        QVERIFY2(std::abs(sum - 1.0) < 1e-12, pool);
        QVERIFY(std::abs(d - odds.expected[0]) < 1e-12);
    }
}

QTEST_GUILESS_MAIN(TestDiceOdds)
#include "tst_diceodds.moc"
