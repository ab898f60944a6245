// SPDX-License-Identifier: GPL-3.0-or-later
#include "dice/diceresult.h"
#include "dicetestdata.h"

#include <QTest>

#include <stdexcept>

using jw::DiceResult;
using jw::Magnitude;
using jw::Success;
using jw::test::faces;
using jw::test::parseResult;

namespace {

Success success(const QString &text)
{
    const DiceResult r = parseResult(text);
    if (r.successes().size() != 1)
        qFatal("not one success in test data: %s", qPrintable(text));
    return r.successes().front();
}

QString str(Success s)
{
    return s.magnitude == Magnitude::N ? QStringLiteral("[N]") : DiceResult({s}).toString();
}

} // namespace

class TestDiceResult : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void magnitudeLetters();
    void fromFaces_data();
    void fromFaces();
    void fromFacesRejectsBadFaces();
    void constructorSortsAndDropsN();
    void constructorRejectsBadValues();
    void parse_data();
    void parse();
    void parseInvalid_data();
    void parseInvalid();
    void escalate_data();
    void escalate();
    void diminish_data();
    void diminish();
    void withMacro_data();
    void withMacro();
    void compare_data();
    void compare();
};

void TestDiceResult::magnitudeLetters()
{
    QCOMPARE(jw::magnitudeLetter(Magnitude::N), QStringLiteral("N"));
    QCOMPARE(jw::magnitudeLetter(Magnitude::D), QStringLiteral("D"));
    QCOMPARE(jw::magnitudeLetter(Magnitude::T), QStringLiteral("T"));
    QCOMPARE(jw::magnitudeLetter(Magnitude::Q), QStringLiteral("Q"));
}

void TestDiceResult::fromFaces_data()
{
    QTest::addColumn<QList<int>>("faces");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<int>("best"); // Magnitude as int
    QTest::addColumn<int>("doubles");
    QTest::addColumn<int>("triples");
    QTest::addColumn<int>("quads");

    // Dice System, Value: the rulebook's table.
    QTest::newRow("3d6 1,4,5") << QList<int> {1, 4, 5} << "[N]" << 0 << 0 << 0 << 0;
    QTest::newRow("3d6 2,2,4") << QList<int> {2, 2, 4} << "[D2]" << 1 << 1 << 0 << 0;
    QTest::newRow("5d6 1,1,3,3,3") << QList<int> {1, 1, 3, 3, 3} << "[D1,T3]" << 2 << 1 << 1 << 0;
    // Dice System, Result: 2,2 succeeds, 2,3 fails.
    QTest::newRow("2d6 2,2") << QList<int> {2, 2} << "[D2]" << 1 << 1 << 0 << 0;
    QTest::newRow("2d6 2,3") << QList<int> {2, 3} << "[N]" << 0 << 0 << 0 << 0;
    // Dice System, Value: "[D2,D4] means you rolled two 2's, two 4's".
    QTest::newRow("two doubles") << QList<int> {4, 2, 4, 2, 6} << "[D2,D4]" << 1 << 2 << 0 << 0;
    // Magnitude: five or more matching dice are still [Q+].
    QTest::newRow("four") << QList<int> {6, 6, 6, 6} << "[Q6]" << 3 << 0 << 0 << 1;
    QTest::newRow("five") << QList<int> {5, 5, 5, 5, 5} << "[Q5]" << 3 << 0 << 0 << 1;
    QTest::newRow("six 2s") << QList<int> {2, 2, 2, 2, 2, 2} << "[Q2]" << 3 << 0 << 0 << 1;
    QTest::newRow("sorted by magnitude")
        << QList<int> {6, 6, 1, 1, 1, 1, 3, 3, 3} << "[D6,T3,Q1]" << 3 << 1 << 1 << 1;
    QTest::newRow("no dice") << QList<int> {} << "[N]" << 0 << 0 << 0 << 0;
}

void TestDiceResult::fromFaces()
{
    QFETCH(QList<int>, faces);
    QFETCH(QString, expected);
    QFETCH(int, best);
    QFETCH(int, doubles);
    QFETCH(int, triples);
    QFETCH(int, quads);
    const DiceResult r = DiceResult::fromFaces(jw::test::faces(faces));
    QCOMPARE(r.toString(), expected);
    QCOMPARE(int(r.best()), best);
    QCOMPARE(r.isSuccess(), best > 0);
    QCOMPARE(r.count(Magnitude::D), doubles);
    QCOMPARE(r.count(Magnitude::T), triples);
    QCOMPARE(r.count(Magnitude::Q), quads);
    QCOMPARE(r, parseResult(expected));
}

void TestDiceResult::fromFacesRejectsBadFaces()
{
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, (void)DiceResult::fromFaces({1, 0}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, (void)DiceResult::fromFaces({7, 7}));
}

void TestDiceResult::constructorSortsAndDropsN()
{
    const DiceResult r(
        {{Magnitude::T, 3}, {Magnitude::N, 5}, {Magnitude::D, 6}, {Magnitude::D, 1}});
    QCOMPARE(r.toString(), QStringLiteral("[D1,D6,T3]"));
    QCOMPARE(r.successes().size(), std::size_t(3));
    QCOMPARE(DiceResult({{Magnitude::N, 2}}).toString(), QStringLiteral("[N]"));
    QVERIFY(!DiceResult().isSuccess());
    QCOMPARE(DiceResult().best(), Magnitude::N);
}

void TestDiceResult::constructorRejectsBadValues()
{
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, DiceResult({{Magnitude::D, 0}}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, DiceResult({{Magnitude::Q, 7}}));
}

void TestDiceResult::parse_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("canonical");

    QTest::newRow("[N]") << "[N]"
                         << "[N]";
    QTest::newRow("[D4]") << "[D4]"
                          << "[D4]";
    QTest::newRow("[D1,T3]") << "[D1,T3]"
                             << "[D1,T3]";
    QTest::newRow("[Q4]") << "[Q4]"
                          << "[Q4]";
    QTest::newRow("[Q2+]") << "[Q2+]"
                           << "[Q2]"; // Dice System, Diminish
    QTest::newRow("Q4+ bare") << "Q4+"
                              << "[Q4]";
    QTest::newRow("bare") << "D1,T3"
                          << "[D1,T3]";
    QTest::newRow("lower case") << "[d2,q5+]"
                                << "[D2,Q5]";
    QTest::newRow("spaces") << "  [ D1 , T3 ] "
                            << "[D1,T3]";
    QTest::newRow("unsorted") << "[T3,D1]"
                              << "[D1,T3]";
    QTest::newRow("[D2,D4]") << "[D4,D2]"
                             << "[D2,D4]";
    QTest::newRow("n") << "[n]"
                       << "[N]";
}

void TestDiceResult::parse()
{
    QFETCH(QString, text);
    QFETCH(QString, canonical);
    const auto r = DiceResult::parse(text);
    QVERIFY(r);
    QCOMPARE(r->toString(), canonical);
    const auto again = DiceResult::parse(r->toString());
    QVERIFY(again);
    QCOMPARE(*again, *r);
}

void TestDiceResult::parseInvalid_data()
{
    QTest::addColumn<QString>("text");

    QTest::newRow("empty") << "";
    QTest::newRow("[]") << "[]";
    QTest::newRow("no value") << "[D]"; // values are part of a result
    QTest::newRow("[D,T]") << "[D,T]";
    QTest::newRow("bad letter") << "[X4]";
    QTest::newRow("value 0") << "[D0]";
    QTest::newRow("value 7") << "[D7]";
    QTest::newRow("two digits") << "[D44]";
    QTest::newRow("open only") << "[D4";
    QTest::newRow("close only") << "D4]";
    QTest::newRow("empty item") << "[D4,,T3]";
    QTest::newRow("trailing comma") << "[D4,]";
    QTest::newRow("N with successes") << "[N,D4]";
    QTest::newRow("N with value") << "[N4]";
    QTest::newRow("plus on D") << "[D4+]"; // a minimum, not a result
    QTest::newRow("same value twice") << "[D4,T4]";
    QTest::newRow("garbage") << "hello";
}

void TestDiceResult::parseInvalid()
{
    QFETCH(QString, text);
    QVERIFY(!DiceResult::parse(text));
}

void TestDiceResult::escalate_data()
{
    QTest::addColumn<QString>("before");
    QTest::addColumn<QString>("after");

    // Dice System, Escalate: Dave's Nuke turns [D2] into [T2].
    QTest::newRow("Nuke [D2]") << "[D2]"
                               << "[T2]";
    QTest::newRow("[T5]") << "[T5]"
                          << "[Q5]";
    QTest::newRow("[Q+] stays") << "[Q3]"
                                << "[Q3]";
}

void TestDiceResult::escalate()
{
    QFETCH(QString, before);
    QFETCH(QString, after);
    const Success s = jw::escalated(success(before));
    QCOMPARE(str(s), after);
    QCOMPARE(s.value, success(before).value);
}

void TestDiceResult::diminish_data()
{
    QTest::addColumn<QString>("before");
    QTest::addColumn<bool>("floorAtD");
    QTest::addColumn<QString>("after");

    // Dice System, Diminish: [Q2+] becomes [T2]; [D] may become [N].
    QTest::newRow("[Q2+]") << "[Q2+]" << false << "[T2]";
    QTest::newRow("[T4]") << "[T4]" << false << "[D4]";
    QTest::newRow("[D4]") << "[D4]" << false << "[N]";
    // Swarm: Dave's [T4] becomes [D4]; never below [D].
    QTest::newRow("Swarm [T4]") << "[T4]" << true << "[D4]";
    QTest::newRow("Swarm [D4]") << "[D4]" << true << "[D4]";
    QTest::newRow("Swarm [Q1]") << "[Q1]" << true << "[T1]";
}

void TestDiceResult::diminish()
{
    QFETCH(QString, before);
    QFETCH(bool, floorAtD);
    QFETCH(QString, after);
    const Success s = jw::diminished(success(before), floorAtD);
    QCOMPARE(str(s), after);
    QCOMPARE(s.value, success(before).value);
}

void TestDiceResult::withMacro_data()
{
    QTest::addColumn<QList<int>>("kept");
    QTest::addColumn<QList<int>>("macro");
    QTest::addColumn<int>("sign");
    QTest::addColumn<QString>("expected");

    // Dice System, Macro Pool: base 4,4,6 with macro 4,6 -> [T4] (the 6 is no success).
    QTest::newRow("3B+2M 4,4,6 / 4,6") << QList<int> {4, 4, 6} << QList<int> {4, 6} << 1 << "[T4]";
    QTest::newRow("3B+2M 4,4,6 / 4,4") << QList<int> {4, 4, 6} << QList<int> {4, 4} << 1 << "[Q4]";
    QTest::newRow("3B-2M 4,4,6 / 4,6") << QList<int> {4, 4, 6} << QList<int> {4, 6} << -1 << "[N]";
    QTest::newRow("capped at Q") << QList<int> {2, 2, 2} << QList<int> {2, 2, 2} << 1 << "[Q2]";
    QTest::newRow("no match") << QList<int> {3, 3, 1} << QList<int> {1, 5} << 1 << "[D3]";
    QTest::newRow("each success") << QList<int> {3, 3, 5, 5, 5} << QList<int> {3, 5} << 1
                                  << "[T3,Q5]";
    QTest::newRow("negative Q") << QList<int> {1, 1, 1, 1, 1} << QList<int> {1} << -1 << "[T1]";
    QTest::newRow("negative one of two")
        << QList<int> {2, 2, 6, 6} << QList<int> {6, 6} << -1 << "[D2]";
    QTest::newRow("sign 0") << QList<int> {4, 4} << QList<int> {} << 0 << "[D4]";
}

void TestDiceResult::withMacro()
{
    QFETCH(QList<int>, kept);
    QFETCH(QList<int>, macro);
    QFETCH(int, sign);
    QFETCH(QString, expected);
    const DiceResult r = DiceResult::fromFaces(faces(kept)).withMacro(faces(macro), sign);
    QCOMPARE(r.toString(), expected);
}

void TestDiceResult::compare_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<int>("order"); // sign of compare(a, b)

    // Dice System, Flex Pool: Dave's [D6] beats [D4]; [D4] beats [N].
    QTest::newRow("D6 > D4") << "[D6]"
                             << "[D4]" << 1;
    QTest::newRow("D4 > N") << "[D4]"
                            << "[N]" << 1;
    QTest::newRow("N = N") << "[N]"
                           << "[N]" << 0;
    QTest::newRow("equal") << "[D1,T3]"
                           << "[T3,D1]" << 0;
    // Most [Q+] first, then most [T], then most [D].
    QTest::newRow("Q1 > T6,T5") << "[Q1]"
                                << "[T5,T6]" << 1;
    QTest::newRow("T1 > D5,D6") << "[T1]"
                                << "[D5,D6]" << 1;
    QTest::newRow("D1,D2 > D6") << "[D1,D2]"
                                << "[D6]" << 1;
    QTest::newRow("D2,T1 < Q1") << "[D2,T1]"
                                << "[Q1]" << -1;
    // Ties go to higher values, highest success first.
    QTest::newRow("D2,D5 > D3,D4") << "[D2,D5]"
                                   << "[D3,D4]" << 1;
    QTest::newRow("D3,T2 < D1,T3") << "[D3,T2]"
                                   << "[D1,T3]" << -1;
    QTest::newRow("D1,T3 < D2,T3") << "[D1,T3]"
                                   << "[D2,T3]" << -1;
}

void TestDiceResult::compare()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(int, order);
    const auto sign = [](std::strong_ordering o) {
        return o < 0 ? -1 : o > 0 ? 1 : 0;
    };
    QCOMPARE(sign(DiceResult::compare(parseResult(a), parseResult(b))), order);
    QCOMPARE(sign(DiceResult::compare(parseResult(b), parseResult(a))), -order);
}

QTEST_GUILESS_MAIN(TestDiceResult)
#include "tst_diceresult.moc"
