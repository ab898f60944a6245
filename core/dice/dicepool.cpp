// SPDX-License-Identifier: GPL-3.0-or-later
#include "dice/dicepool.h"

#include <QCoreApplication>

#include <algorithm>
#include <cstdlib>

namespace jw {

namespace {

// Counts above this are typing mistakes, not pools (and keep the sums far from overflow).
constexpr int kMaxCount = 999;

QString tr(const char *text)
{
    return QCoreApplication::translate("jw::DicePool", text);
}

bool isAsciiDigit(QChar c)
{
    return c >= u'0' && c <= u'9';
}

bool isKind(QChar c)
{
    const QChar k = c.toUpper();
    return k == u'B' || k == u'F' || k == u'M';
}

// One term "+2F" of a canonical pool; empty for a zero count.
QString signedTerm(int count, char16_t kind)
{
    if (count == 0)
        return {};
    return (count > 0 ? QStringLiteral("+") : QStringLiteral("-"))
        + QString::number(std::abs(count)) + QChar(kind);
}

} // namespace

std::optional<DicePool> DicePool::parse(const QString &text, QString *error)
{
    const auto fail = [error](const QString &message) -> std::optional<DicePool> {
        if (error)
            *error = message;
        return std::nullopt;
    };
    const QStringView s(text);
    qsizetype i = 0;
    const auto skipSpace = [&] {
        while (i < s.size() && s[i].isSpace())
            ++i;
    };
    // Positions in messages are 1-based columns of the text as given.
    const auto column = [&](qsizetype at) {
        return QString::number(at + 1);
    };

    DicePool pool;
    bool first = true;
    skipSpace();
    if (i == s.size())
        return fail(tr("empty dice pool (expected e.g. 3B+1F+2M)"));
    while (i < s.size()) {
        int sign = 1;
        if (s[i] == u'+' || s[i] == u'-') {
            sign = s[i] == u'-' ? -1 : 1;
            const qsizetype signAt = i;
            ++i;
            skipSpace();
            if (i == s.size())
                return fail(
                    tr("missing term after '%1' at column %2").arg(s[signAt], column(signAt)));
        } else if (!first) {
            return fail(tr("expected '+' or '-' before '%1' at column %2").arg(s[i], column(i)));
        }
        if (!isAsciiDigit(s[i])) {
            if (isKind(s[i]))
                return fail(tr("missing number before '%1' at column %2").arg(s[i], column(i)));
            return fail(tr("unexpected '%1' at column %2 (expected a number of dice, e.g. 3B)")
                            .arg(s[i], column(i)));
        }
        const qsizetype numberAt = i;
        int count = 0;
        while (i < s.size() && isAsciiDigit(s[i])) {
            count = count * 10 + (s[i].unicode() - u'0');
            if (count > kMaxCount)
                return fail(tr("too many dice at column %1 (at most %2)")
                                .arg(column(numberAt), QString::number(kMaxCount)));
            ++i;
        }
        const QStringView number = s.mid(numberAt, i - numberAt);
        skipSpace();
        if (i == s.size())
            return fail(tr("missing dice kind after '%1' at column %2 (expected B, F or M)")
                            .arg(number, column(numberAt)));
        if (!isKind(s[i]))
            return fail(tr("unknown dice kind '%1' at column %2 (expected B, F or M)")
                            .arg(s[i], column(i)));
        const char16_t kind = s[i].toUpper().unicode();
        int &total = kind == u'B' ? pool.base : kind == u'F' ? pool.flex : pool.macro;
        total += sign * count;
        if (std::abs(total) > kMaxCount)
            return fail(
                tr("too many %1 dice (at most %2)").arg(QChar(kind), QString::number(kMaxCount)));
        ++i;
        skipSpace();
        first = false;
    }
    return pool;
}

QString DicePool::toString() const
{
    return QString::number(base) + u'B' + signedTerm(flex, u'F') + signedTerm(macro, u'M');
}

DicePool DicePool::effective() const
{
    if (base < 2)
        return DicePool {2, 0, 0};
    return DicePool {base, std::max(flex, 0), macro};
}

} // namespace jw
