// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "dice/dicepool.h"
#include "dice/diceresult.h"

#include <QList>
#include <QString>
#include <QtGlobal>

#include <vector>

// Test data written as the rulebook writes it: pools, results, dice.
namespace jw::test {

inline std::vector<int> faces(const QList<int> &list)
{
    return {list.begin(), list.end()};
}

// A mistake in the test data stops the test rather than testing something else.
inline DicePool parsePool(const QString &text)
{
    const auto p = DicePool::parse(text);
    if (!p)
        qFatal("bad pool in test data: %s", qPrintable(text));
    return *p;
}

inline DiceResult parseResult(const QString &text)
{
    const auto r = DiceResult::parse(text);
    if (!r)
        qFatal("bad result in test data: %s", qPrintable(text));
    return *r;
}

} // namespace jw::test
