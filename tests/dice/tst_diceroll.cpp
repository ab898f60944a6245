// SPDX-License-Identifier: GPL-3.0-or-later
#include "dice/dicesource.h"
#include "dice/roll.h"
#include "dicetestdata.h"

#include <QTest>

#include <stdexcept>

using namespace jw;
using jw::test::faces;
using jw::test::parsePool;
using jw::test::parseResult;

namespace {

QStringList choiceTexts(const std::vector<FlexChoice> &choices)
{
    QStringList texts;
    for (const FlexChoice &c : choices) {
        QStringList removed;
        for (int f : c.removed)
            removed << QString::number(f);
        texts << QStringLiteral("-%1 %2").arg(removed.join(u','), c.result.toString());
    }
    return texts;
}

// Every sequence of at most `steps` diminish steps, applied: the results the
// secondary player can reach.
void reachable(const DiceResult &primary, int steps, std::vector<DiceResult> &out)
{
    out.push_back(primary);
    if (steps == 0)
        return;
    for (std::size_t i = 0; i < primary.successes().size(); ++i) {
        std::vector<Success> s = primary.successes();
        s[i] = diminished(s[i]);
        reachable(DiceResult(std::move(s)), steps - 1, out);
    }
}

} // namespace

class TestDiceRoll : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void resolveBest_data();
    void resolveBest();
    void daveFlexChoices();
    void daveFlexChoicesTwoPairs();
    void flexChoicesAreDistinct();
    void resolveRollWithPlayerChoice();
    void resolveRollRejectsBadInput();
    void basePoolOfOne();
    void rollOrderAndReroll();
    void skillTest_data();
    void skillTest();
    void opposedSteps_data();
    void opposedSteps();
    void opposedExample();
    void opposedApply_data();
    void opposedApply();
    void opposedRejectsBadSteps();
    void worstForPrimary_data();
    void worstForPrimary();
    void opposedOutcomes_data();
    void opposedOutcomes();
};

void TestDiceRoll::resolveBest_data()
{
    QTest::addColumn<QString>("pool");
    QTest::addColumn<QList<int>>("dice");
    QTest::addColumn<QList<int>>("macro");
    QTest::addColumn<QList<int>>("removed");
    QTest::addColumn<QString>("expected");

    // Dice System, Flex Pool: Dave's Pathfinders roll 3B+1F: 4,4,5,6, drop the 6: [D4].
    QTest::newRow("Dave 4,4,5,6") << "3B+1F" << QList<int> {4, 4, 5, 6} << QList<int> {}
                                  << QList<int> {6} << "[D4]";
    // ... and with 4,4,6,6: [D4] or [D6]; the best is [D6] (drop a 4).
    QTest::newRow("Dave 4,4,6,6") << "3B+1F" << QList<int> {4, 4, 6, 6} << QList<int> {}
                                  << QList<int> {4} << "[D6]";
    // Dice System, Macro Pool.
    QTest::newRow("3B+2M 4,4,6 / 4,6")
        << "3B+2M" << QList<int> {4, 4, 6} << QList<int> {4, 6} << QList<int> {} << "[T4]";
    QTest::newRow("3B+2M 4,4,6 / 4,4")
        << "3B+2M" << QList<int> {4, 4, 6} << QList<int> {4, 4} << QList<int> {} << "[Q4]";
    QTest::newRow("3B-2M 4,4,6 / 4,6")
        << "3B-2M" << QList<int> {4, 4, 6} << QList<int> {4, 6} << QList<int> {} << "[N]";
    // Dice System, Value: the table's rolls as plain pools.
    QTest::newRow("3B 1,4,5") << "3B" << QList<int> {1, 4, 5} << QList<int> {} << QList<int> {}
                              << "[N]";
    QTest::newRow("3B 2,2,4") << "3B" << QList<int> {2, 2, 4} << QList<int> {} << QList<int> {}
                              << "[D2]";
    QTest::newRow("5B 1,1,3,3,3") << "5B" << QList<int> {1, 1, 3, 3, 3} << QList<int> {}
                                  << QList<int> {} << "[D1,T3]";
    // Flex is chosen after seeing the macro dice.
    QTest::newRow("2B+2F+1M macro 2")
        << "2B+2F+1M" << QList<int> {2, 2, 5, 5} << QList<int> {2} << QList<int> {5, 5} << "[T2]";
    QTest::newRow("2B+2F no macro")
        << "2B+2F" << QList<int> {2, 2, 5, 5} << QList<int> {} << QList<int> {2, 2} << "[D5]";
    QTest::newRow("2B+2F-1M macro 5")
        << "2B+2F-1M" << QList<int> {2, 2, 5, 5} << QList<int> {5} << QList<int> {5, 5} << "[D2]";
    // Flex keeps the magnitude at most the base dice allow ([T] needs 3 base dice).
    QTest::newRow("2B+1F 3,3,3") << "2B+1F" << QList<int> {3, 3, 3} << QList<int> {}
                                 << QList<int> {3} << "[D3]";
    // A triple beats two doubles.
    QTest::newRow("4B+2F") << "4B+2F" << QList<int> {1, 1, 2, 2, 6, 6} << QList<int> {}
                           << QList<int> {1, 1} << "[D2,D6]";
    QTest::newRow("3B+2F T beats D")
        << "3B+2F" << QList<int> {1, 1, 1, 6, 6} << QList<int> {} << QList<int> {6, 6} << "[T1]";
    // ... but a macro die can make the doubles the better keep.
    QTest::newRow("4B+1F+2M") << "4B+1F+2M" << QList<int> {3, 3, 3, 5, 5} << QList<int> {5, 5}
                              << QList<int> {3} << "[D3,Q5]";
}

void TestDiceRoll::resolveBest()
{
    QFETCH(QString, pool);
    QFETCH(QList<int>, dice);
    QFETCH(QList<int>, macro);
    QFETCH(QList<int>, removed);
    QFETCH(QString, expected);
    const RolledDice rolled {faces(dice), faces(macro)};
    const RollOutcome outcome = resolveRollBest(parsePool(pool), rolled);
    QCOMPARE(outcome.result.toString(), expected);
    QCOMPARE(outcome.removed, faces(removed));
    QCOMPARE(outcome.pool, parsePool(pool));
    QCOMPARE(outcome.rolled, parsePool(pool).effective());
    QCOMPARE(outcome.faces.dice, rolled.dice);
    QCOMPARE(outcome.faces.macroDice, rolled.macroDice);
    // The same choice made by the player gives the same outcome.
    QCOMPARE(resolveRoll(parsePool(pool), rolled, faces(removed)).result, outcome.result);
}

void TestDiceRoll::daveFlexChoices()
{
    const auto choices = flexChoices(parsePool(QStringLiteral("3B+1F")), {{4, 4, 5, 6}, {}});
    // Removing the 6 or the 5 both leave [D4] (the 6 first: as Dave did);
    // removing a 4 leaves [N].
    QCOMPARE(choiceTexts(choices),
             (QStringList {QStringLiteral("-6 [D4]"), QStringLiteral("-5 [D4]"),
                           QStringLiteral("-4 [N]")}));
    QCOMPARE(choices.front().kept, (std::vector<int> {4, 4, 5}));
}

void TestDiceRoll::daveFlexChoicesTwoPairs()
{
    // "he would have to choose between either a [D4] or a [D6] result".
    const auto choices = flexChoices(parsePool(QStringLiteral("3B+1F")), {{6, 4, 6, 4}, {}});
    QCOMPARE(choiceTexts(choices),
             (QStringList {QStringLiteral("-4 [D6]"), QStringLiteral("-6 [D4]")}));
    QCOMPARE(choices[0].kept, (std::vector<int> {4, 6, 6}));
    QCOMPARE(choices[1].kept, (std::vector<int> {4, 4, 6}));
}

void TestDiceRoll::flexChoicesAreDistinct()
{
    // 6 dice, remove 2: multisets {1,1}, {1,2}, {1,3}, {2,3}, {3,3}, {2,2} are impossible
    // (one 2): {1,1}, {1,2}, {1,3}, {2,3}, {3,3} = 5 distinct choices.
    const auto choices = flexChoices(parsePool(QStringLiteral("4B+2F")), {{1, 1, 2, 3, 3, 3}, {}});
    QCOMPARE(choices.size(), std::size_t(5));
    // [T3] (drop 1,2 or 1,1) beats [D1,D3] (drop 2,3); between equal results
    // the higher faces are dropped first.
    QCOMPARE(choices[0].result.toString(), QStringLiteral("[T3]"));
    QCOMPARE(choices[0].removed, (std::vector<int> {1, 2}));
    QCOMPARE(choices[1].result.toString(), QStringLiteral("[T3]"));
    QCOMPARE(choices[1].removed, (std::vector<int> {1, 1}));
    QCOMPARE(choices[2].result.toString(), QStringLiteral("[D1,D3]"));
    for (std::size_t i = 1; i < choices.size(); ++i)
        QVERIFY(DiceResult::compare(choices[i - 1].result, choices[i].result) >= 0);
    for (const FlexChoice &c : choices) {
        QCOMPARE(c.removed.size(), std::size_t(2));
        QCOMPARE(c.kept.size(), std::size_t(4));
    }
}

void TestDiceRoll::resolveRollWithPlayerChoice()
{
    // Dave could have removed a 4: [N], "decidedly worse".
    const RollOutcome o = resolveRoll(parsePool(QStringLiteral("3B+1F")), {{4, 4, 5, 6}, {}}, {4});
    QCOMPARE(o.result.toString(), QStringLiteral("[N]"));
    QCOMPARE(o.removed, std::vector<int> {4});
}

void TestDiceRoll::resolveRollRejectsBadInput()
{
    const DicePool p = parsePool(QStringLiteral("3B+1F+1M"));
    const RolledDice rolled {{4, 4, 5, 6}, {2}};
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, (void)resolveRoll(p, rolled, {3}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, (void)resolveRoll(p, rolled, {}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, (void)resolveRoll(p, rolled, {5, 6}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, (void)resolveRoll(p, rolled, {0}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             (void)resolveRoll(p, {{4, 4, 6}, {2}}, {6})); // too few dice
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             (void)resolveRoll(p, {{4, 4, 5, 6}, {}}, {6})); // macro missing
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, (void)resolveRollBest(p, {{4, 4, 5, 7}, {2}}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, (void)flexChoices(p, {{4, 4, 5, 6}, {0}}));
}

void TestDiceRoll::basePoolOfOne()
{
    // Dice System, Base Pool of 1: 1B+2F+3M rolls 2d6 only, no flex, no macro.
    ScriptedDiceSource source({3, 3, 6, 6, 6});
    const RollOutcome o = rollBest(parsePool(QStringLiteral("1B+2F+3M")), source);
    QCOMPARE(o.rolled, (DicePool {2, 0, 0}));
    QCOMPARE(o.pool, (DicePool {1, 2, 3}));
    QCOMPARE(o.faces.dice, (std::vector<int> {3, 3}));
    QVERIFY(o.faces.macroDice.empty());
    QVERIFY(o.removed.empty());
    QCOMPARE(o.result.toString(), QStringLiteral("[D3]")); // not escalated
    QCOMPARE(source.remaining(), std::size_t(3)); // only two dice drawn
    // Faces given by hand must be those of the effective pool.
    QVERIFY_THROWS_EXCEPTION(
        std::invalid_argument,
        (void)resolveRollBest(parsePool(QStringLiteral("1B+2F+3M")), {{3, 3, 6, 6}, {3, 3, 3}}));
}

void TestDiceRoll::rollOrderAndReroll()
{
    // Base and flex dice are drawn first, then the macro dice.
    ScriptedDiceSource source({4, 4, 6, 4, 4, 1, 2, 3, 5, 5});
    const DicePool p = parsePool(QStringLiteral("3B+2M"));
    const RollOutcome first = rollBest(p, source);
    QCOMPARE(first.faces.dice, (std::vector<int> {4, 4, 6}));
    QCOMPARE(first.faces.macroDice, (std::vector<int> {4, 4}));
    QCOMPARE(first.result.toString(), QStringLiteral("[Q4]"));
    // Re-Rolls: the whole roll again (the engine allows one).
    const RollOutcome again = rollBest(p, source);
    QCOMPARE(again.faces.dice, (std::vector<int> {1, 2, 3}));
    QCOMPARE(again.result.toString(), QStringLiteral("[N]"));
    QCOMPARE(source.remaining(), std::size_t(0));
    QVERIFY_THROWS_EXCEPTION(ScriptedDiceExhausted, (void)rollBest(p, source));
}

void TestDiceRoll::skillTest_data()
{
    QTest::addColumn<int>("skill");
    QTest::addColumn<QList<int>>("dice");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<bool>("passed");

    // Dice System, Skill Test: an Alexander (Skill 2) rolls 1,4: [N], failed.
    QTest::newRow("Alexander 1,4") << 2 << QList<int> {1, 4} << "[N]" << false;
    QTest::newRow("Skill 2 5,5") << 2 << QList<int> {5, 5} << "[D5]" << true;
    QTest::newRow("Skill 3 2,2,2") << 3 << QList<int> {2, 2, 2} << "[T2]" << true;
    QTest::newRow("Skill 1 rolls 2 dice") << 1 << QList<int> {6, 6} << "[D6]" << true;
}

void TestDiceRoll::skillTest()
{
    QFETCH(int, skill);
    QFETCH(QList<int>, dice);
    QFETCH(QString, expected);
    QFETCH(bool, passed);
    ScriptedDiceSource source(faces(dice));
    const RollOutcome o = rollBest(skillTestPool(skill), source);
    QCOMPARE(o.result.toString(), expected);
    QCOMPARE(o.result.isSuccess(), passed); // [D+] passes
    QCOMPARE(source.remaining(), std::size_t(0));
}

void TestDiceRoll::opposedSteps_data()
{
    QTest::addColumn<QString>("secondary");
    QTest::addColumn<int>("steps");

    QTest::newRow("[N]") << "[N]" << 0;
    QTest::newRow("[D]") << "[D4]" << 1;
    QTest::newRow("[T]") << "[T4]" << 2;
    QTest::newRow("two [D] add up") << "[D1,D2]" << 2;
    QTest::newRow("[D,T] add up") << "[D1,T3]" << 3;
    QTest::newRow("[Q+] negates") << "[Q1]" << -1;
    QTest::newRow("[D,Q+] negates") << "[D5,Q2]" << -1;
}

void TestDiceRoll::opposedSteps()
{
    QFETCH(QString, secondary);
    QFETCH(int, steps);
    QCOMPARE(jw::opposedSteps(parseResult(secondary)), steps);
}

void TestDiceRoll::opposedExample()
{
    // Dice System, Opposed Roll: primary [D2,D3], secondary [D]: [D2] or [D3].
    const DiceResult primary = parseResult(QStringLiteral("[D2,D3]"));
    const DiceResult secondary = parseResult(QStringLiteral("[D5]"));
    QCOMPARE(applyOpposition(primary, secondary, {{0}}).toString(), QStringLiteral("[D3]"));
    QCOMPARE(applyOpposition(primary, secondary, {{1}}).toString(), QStringLiteral("[D2]"));
    // Chosen for the secondary player: the primary keeps the lower value.
    const auto steps = jw::worstForPrimary(primary, secondary);
    QCOMPARE(steps.size(), std::size_t(1));
    QCOMPARE(steps.front().primaryIndex, 1);
    QCOMPARE(applyOpposition(primary, secondary, steps).toString(), QStringLiteral("[D2]"));
}

void TestDiceRoll::opposedApply_data()
{
    QTest::addColumn<QString>("primary");
    QTest::addColumn<QString>("secondary");
    QTest::addColumn<QList<int>>("steps");
    QTest::addColumn<QString>("expected");

    // RULINGS.md, Opposed Roll.
    QTest::newRow("[T]: one result twice") << "[T2]"
                                           << "[T5]" << QList<int> {0, 0} << "[N]";
    QTest::newRow("[T]: two results") << "[D2,D3]"
                                      << "[T5]" << QList<int> {0, 0} << "[N]";
    QTest::newRow("[T]: Q twice") << "[Q4]"
                                  << "[T1]" << QList<int> {0, 0} << "[D4]";
    // [D5,T1] -> [D1,D5] after the first step: index 1 is then the [D5].
    QTest::newRow("[T]: indices follow the result") << "[D5,T1]"
                                                    << "[T1]" << QList<int> {1, 1} << "[D1]";
    QTest::newRow("[T]: fewer steps") << "[T2]"
                                      << "[T5]" << QList<int> {0} << "[D2]";
    QTest::newRow("[Q+] negates all") << "[Q1,T2]"
                                      << "[Q6]" << QList<int> {} << "[N]";
    QTest::newRow("[Q+] ignores steps") << "[D1]"
                                        << "[Q6]" << QList<int> {0, 0, 0} << "[N]";
    QTest::newRow("[D,D] add up") << "[T6]"
                                  << "[D1,D2]" << QList<int> {0, 0} << "[N]";
    QTest::newRow("[N] changes nothing") << "[D3]"
                                         << "[N]" << QList<int> {} << "[D3]";
    QTest::newRow("Q+ diminishes to T") << "[Q5]"
                                        << "[D2]" << QList<int> {0} << "[T5]";
}

void TestDiceRoll::opposedApply()
{
    QFETCH(QString, primary);
    QFETCH(QString, secondary);
    QFETCH(QList<int>, steps);
    QFETCH(QString, expected);
    std::vector<OpposedStep> chosen;
    for (int i : steps)
        chosen.push_back({i});
    QCOMPARE(applyOpposition(parseResult(primary), parseResult(secondary), chosen).toString(),
             expected);
}

void TestDiceRoll::opposedRejectsBadSteps()
{
    const DiceResult primary = parseResult(QStringLiteral("[D2,D3]"));
    // More steps than granted.
    QVERIFY_THROWS_EXCEPTION(
        std::invalid_argument,
        (void)applyOpposition(primary, parseResult(QStringLiteral("[D1]")), {{0}, {0}}));
    // No such result.
    QVERIFY_THROWS_EXCEPTION(
        std::invalid_argument,
        (void)applyOpposition(primary, parseResult(QStringLiteral("[D1]")), {{2}}));
    QVERIFY_THROWS_EXCEPTION(
        std::invalid_argument,
        (void)applyOpposition(primary, parseResult(QStringLiteral("[D1]")), {{-1}}));
    // The first step removes [D2]: index 1 no longer exists.
    QVERIFY_THROWS_EXCEPTION(
        std::invalid_argument,
        (void)applyOpposition(primary, parseResult(QStringLiteral("[T1]")), {{0}, {1}}));
}

void TestDiceRoll::worstForPrimary_data()
{
    QTest::addColumn<QString>("primary");
    QTest::addColumn<QString>("secondary");
    QTest::addColumn<QString>("expected");

    QTest::newRow("example") << "[D2,D3]"
                             << "[D1]"
                             << "[D2]";
    QTest::newRow("T before D") << "[D2,T5]"
                                << "[D1]"
                                << "[D2,D5]";
    QTest::newRow("[T] on Q") << "[Q3]"
                              << "[T1]"
                              << "[D3]";
    QTest::newRow("[T] keeps the lower value") << "[D1,T6]"
                                               << "[T2]"
                                               << "[D1]";
    QTest::newRow("[T] spread") << "[T2,T4]"
                                << "[D1,D5]"
                                << "[D2,D4]";
    QTest::newRow("more steps than levels") << "[D4]"
                                            << "[D1,T2]"
                                            << "[N]";
    QTest::newRow("[Q+]") << "[Q1,Q2]"
                          << "[Q3]"
                          << "[N]";
    QTest::newRow("nothing to diminish") << "[N]"
                                         << "[T3]"
                                         << "[N]";
    QTest::newRow("[N] secondary") << "[T3]"
                                   << "[N]"
                                   << "[T3]";
    QTest::newRow("three successes") << "[D1,T2,Q6]"
                                     << "[D3,T4]"
                                     << "[D1,D2,D6]";
}

void TestDiceRoll::worstForPrimary()
{
    QFETCH(QString, primary);
    QFETCH(QString, secondary);
    QFETCH(QString, expected);
    const DiceResult p = parseResult(primary);
    const DiceResult s = parseResult(secondary);
    const auto steps = jw::worstForPrimary(p, s);
    const DiceResult after = applyOpposition(p, s, steps); // valid steps: no throw
    QCOMPARE(after.toString(), expected);
    // No other choice of the secondary player is worse for the primary.
    if (jw::opposedSteps(s) >= 0) {
        std::vector<DiceResult> all;
        reachable(p, jw::opposedSteps(s), all);
        for (const DiceResult &r : all)
            QVERIFY2(DiceResult::compare(r, after) >= 0, qPrintable(r.toString()));
    }
}

void TestDiceRoll::opposedOutcomes_data()
{
    QTest::addColumn<QString>("primary");
    QTest::addColumn<QString>("secondary");
    QTest::addColumn<QStringList>("expected"); // worst for the primary first

    QTest::newRow("one step, two targets") << "[D2,T5]"
                                           << "[D1]" << QStringList {"[D2,D5]", "[T5]"};
    QTest::newRow("two steps, spread or stacked")
        << "[T2,T4]"
        << "[D1,D5]" << QStringList {"[D2,D4]", "[T2]", "[T4]"};
    QTest::newRow("[Q+] negates all") << "[Q1,Q2]"
                                      << "[Q3]" << QStringList {"[N]"};
    QTest::newRow("[N] secondary") << "[T3]"
                                   << "[N]" << QStringList {"[T3]"};
}

void TestDiceRoll::opposedOutcomes()
{
    QFETCH(QString, primary);
    QFETCH(QString, secondary);
    QFETCH(QStringList, expected);
    const DiceResult p = parseResult(primary);
    const DiceResult s = parseResult(secondary);
    QStringList got;
    for (const DiceResult &r : jw::opposedOutcomes(p, s))
        got << r.toString();
    QCOMPARE(got, expected);
    // The first is the one worstForPrimary picks.
    QCOMPARE(got.front(), applyOpposition(p, s, jw::worstForPrimary(p, s)).toString());
}

QTEST_GUILESS_MAIN(TestDiceRoll)
#include "tst_diceroll.moc"
