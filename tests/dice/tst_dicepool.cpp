// SPDX-License-Identifier: GPL-3.0-or-later
#include "dice/dicepool.h"

#include <QTest>

using jw::DicePool;

class TestDicePool : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parse_data();
    void parse();
    void parseErrors_data();
    void parseErrors();
    void parseErrorWithoutMessageTarget();
    void toString_data();
    void toString();
    void roundTrip_data();
    void roundTrip();
    void effective_data();
    void effective();
};

void TestDicePool::parse_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("base");
    QTest::addColumn<int>("flex");
    QTest::addColumn<int>("macro");

    // The rulebook's notation (Dice System: Dice Pools).
    QTest::newRow("3B+1F+2M") << "3B+1F+2M" << 3 << 1 << 2;
    QTest::newRow("4B-2M") << "4B-2M" << 4 << 0 << -2;
    QTest::newRow("2B") << "2B" << 2 << 0 << 0;
    QTest::newRow("1B+2F+3M") << "1B+2F+3M" << 1 << 2 << 3;
    QTest::newRow("3B-1F") << "3B-1F" << 3 << -1 << 0;
    // Robustness: whitespace, case, order, repeated terms, signs.
    QTest::newRow("spaces") << "  3B + 1F +2M " << 3 << 1 << 2;
    QTest::newRow("space in term") << "3 B+1 F" << 3 << 1 << 0;
    QTest::newRow("lower case") << "3b+1f-2m" << 3 << 1 << -2;
    QTest::newRow("order free") << "2M+1F+3B" << 3 << 1 << 2;
    QTest::newRow("terms add up") << "3B+1B+2M-1M" << 4 << 0 << 1;
    QTest::newRow("+1B modifier") << "3B+1B" << 4 << 0 << 0;
    QTest::newRow("-1B modifier") << "3B-1B" << 2 << 0 << 0;
    QTest::newRow("leading sign") << "+2B" << 2 << 0 << 0;
    QTest::newRow("negative base") << "-1B+2F" << -1 << 2 << 0;
    QTest::newRow("zero base") << "0B" << 0 << 0 << 0;
    QTest::newRow("no base term") << "2F+1M" << 0 << 2 << 1;
    QTest::newRow("macro cancels") << "4B+2M-2M" << 4 << 0 << 0;
    QTest::newRow("multi-digit") << "12B+6F-6M" << 12 << 6 << -6;
}

void TestDicePool::parse()
{
    QFETCH(QString, text);
    QFETCH(int, base);
    QFETCH(int, flex);
    QFETCH(int, macro);
    QString error = QStringLiteral("untouched");
    const auto pool = DicePool::parse(text, &error);
    QVERIFY2(pool, qPrintable(error));
    QCOMPARE(pool->base, base);
    QCOMPARE(pool->flex, flex);
    QCOMPARE(pool->macro, macro);
}

void TestDicePool::parseErrors_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("errorPart"); // the message must name the problem

    QTest::newRow("empty") << ""
                           << "empty";
    QTest::newRow("blank") << "   "
                           << "empty";
    QTest::newRow("3X") << "3X"
                        << "unknown dice kind 'X' at column 2";
    QTest::newRow("B") << "B"
                       << "missing number before 'B' at column 1";
    QTest::newRow("number only") << "3"
                                 << "missing dice kind after '3'";
    QTest::newRow("no operator") << "3B2F"
                                 << "expected '+' or '-' before '2' at column 3";
    QTest::newRow("trailing plus") << "3B+"
                                   << "missing term after '+'";
    QTest::newRow("double plus") << "3B++1F"
                                 << "unexpected '+' at column 4";
    QTest::newRow("F without count") << "3B+F"
                                     << "missing number before 'F' at column 4";
    QTest::newRow("word") << "abc"
                          << "unexpected 'a' at column 1";
    QTest::newRow("decimal") << "3.5B"
                             << "unknown dice kind '.' at column 2";
    QTest::newRow("huge") << "1000B"
                          << "too many dice";
    QTest::newRow("huge sum") << "999B+999B"
                              << "too many B dice";
    QTest::newRow("non-ASCII digit") << QStringLiteral("\u0663B") << "unexpected";
}

void TestDicePool::parseErrors()
{
    QFETCH(QString, text);
    QFETCH(QString, errorPart);
    QString error;
    QVERIFY(!DicePool::parse(text, &error));
    QVERIFY2(error.contains(errorPart), qPrintable(error));
}

void TestDicePool::parseErrorWithoutMessageTarget()
{
    QVERIFY(!DicePool::parse(QStringLiteral("3X")));
    QVERIFY(DicePool::parse(QStringLiteral("3B")));
}

void TestDicePool::toString_data()
{
    QTest::addColumn<int>("base");
    QTest::addColumn<int>("flex");
    QTest::addColumn<int>("macro");
    QTest::addColumn<QString>("text");

    QTest::newRow("3B+1F+2M") << 3 << 1 << 2 << "3B+1F+2M";
    QTest::newRow("4B-2M") << 4 << 0 << -2 << "4B-2M";
    QTest::newRow("2B") << 2 << 0 << 0 << "2B";
    QTest::newRow("3B-1F") << 3 << -1 << 0 << "3B-1F";
    QTest::newRow("0B+2F") << 0 << 2 << 0 << "0B+2F";
    QTest::newRow("-1B+1M") << -1 << 0 << 1 << "-1B+1M";
}

void TestDicePool::toString()
{
    QFETCH(int, base);
    QFETCH(int, flex);
    QFETCH(int, macro);
    QFETCH(QString, text);
    QCOMPARE((DicePool {base, flex, macro}.toString()), text);
}

void TestDicePool::roundTrip_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("canonical");

    QTest::newRow("canonical") << "3B+1F+2M"
                               << "3B+1F+2M";
    QTest::newRow("reordered") << " 2m + 3b "
                               << "3B+2M";
    QTest::newRow("summed") << "2B+2B-1F+3F"
                            << "4B+2F";
    QTest::newRow("negatives") << "-2B-3F-4M"
                               << "-2B-3F-4M";
    QTest::newRow("zero terms dropped") << "2B+0F+0M"
                                        << "2B";
}

void TestDicePool::roundTrip()
{
    QFETCH(QString, text);
    QFETCH(QString, canonical);
    const auto pool = DicePool::parse(text);
    QVERIFY(pool);
    QCOMPARE(pool->toString(), canonical);
    const auto again = DicePool::parse(pool->toString());
    QVERIFY(again);
    QCOMPARE(*again, *pool);
}

void TestDicePool::effective_data()
{
    QTest::addColumn<QString>("pool");
    QTest::addColumn<QString>("rolled");
    QTest::addColumn<int>("rolledDice");
    QTest::addColumn<int>("macroDice");

    QTest::newRow("unchanged") << "3B+1F+2M"
                               << "3B+1F+2M" << 4 << 2;
    QTest::newRow("negative macro") << "4B-2M"
                                    << "4B-2M" << 4 << 2;
    QTest::newRow("2B is enough") << "2B+1F-1M"
                                  << "2B+1F-1M" << 3 << 1;
    // Dice System, Base Pool of 1: roll 2d6, no Flex and no Macro dice.
    QTest::newRow("Base Pool of 1") << "1B+2F+3M"
                                    << "2B" << 2 << 0;
    QTest::newRow("zero base") << "0B+1F-2M"
                               << "2B" << 2 << 0;
    QTest::newRow("negative base") << "-3B+4F"
                                   << "2B" << 2 << 0;
    QTest::newRow("negative flex is none") << "3B-2F+1M"
                                           << "3B+1M" << 3 << 1;
}

void TestDicePool::effective()
{
    QFETCH(QString, pool);
    QFETCH(QString, rolled);
    QFETCH(int, rolledDice);
    QFETCH(int, macroDice);
    const auto asked = DicePool::parse(pool);
    QVERIFY(asked);
    const DicePool eff = asked->effective();
    QCOMPARE(eff.toString(), rolled);
    QCOMPARE(eff.rolledDice(), rolledDice);
    QCOMPARE(eff.macroDice(), macroDice);
    QCOMPARE(eff.effective(), eff);
}

QTEST_GUILESS_MAIN(TestDicePool)
#include "tst_dicepool.moc"
