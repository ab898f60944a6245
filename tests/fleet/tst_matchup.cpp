// SPDX-License-Identifier: GPL-3.0-or-later
// Two fleets for one game (core/fleet/matchup.h): the doubts New Game words as
// warnings, at their boundaries.
#include "fleet/matchup.h"

#include <QTest>

using namespace jw;
using K = MatchupDoubt::Kind;

Q_DECLARE_METATYPE(std::vector<jw::MatchupDoubt>)

class TestMatchup : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void doubts_data()
    {
        QTest::addColumn<int>("total0");
        QTest::addColumn<int>("total1");
        QTest::addColumn<int>("limit0");
        QTest::addColumn<int>("limit1");
        QTest::addColumn<std::vector<MatchupDoubt>>("expected");
        using V = std::vector<MatchupDoubt>;
        QTest::newRow("equal") << 250 << 250 << 250 << 250 << V {};
        // A tenth of the larger apart is still fine; one point more is not.
        QTest::newRow("exactly 10%") << 200 << 180 << 200 << 200 << V {};
        QTest::newRow("just over 10%") << 200 << 179 << 200 << 200 << V {{K::FarApart, -1}};
        QTest::newRow("other side over 10%") << 179 << 200 << 200 << 200 << V {{K::FarApart, -1}};
        QTest::newRow("empty against empty") << 0 << 0 << 250 << 250 << V {};
        QTest::newRow("empty against 249") << 0 << 249 << 250 << 250 << V {{K::FarApart, -1}};
        QTest::newRow("sizes differ, within both")
            << 240 << 245 << 250 << 300 << V {{K::DifferentGameSizes, -1}};
        QTest::newRow("sizes differ, one over the other's")
            << 248 << 299 << 250 << 300
            << V {{K::DifferentGameSizes, -1}, {K::OverOtherLimit, 1}, {K::FarApart, -1}};
        QTest::newRow("exactly the other's limit")
            << 250 << 250 << 300 << 250 << V {{K::DifferentGameSizes, -1}};
    }
    void doubts()
    {
        QFETCH(int, total0);
        QFETCH(int, total1);
        QFETCH(int, limit0);
        QFETCH(int, limit1);
        QFETCH(std::vector<MatchupDoubt>, expected);
        const std::vector<MatchupDoubt> got = matchupDoubts({total0, total1}, {limit0, limit1});
        QCOMPARE(got.size(), expected.size());
        QVERIFY(got == expected);
    }
};

QTEST_GUILESS_MAIN(TestMatchup)
#include "tst_matchup.moc"
