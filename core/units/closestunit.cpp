// SPDX-License-Identifier: GPL-3.0-or-later
#include "units/closestunit.h"

#include "units/unitdatabase.h"

#include <algorithm>
#include <limits>
#include <vector>

namespace jw {

namespace {

QString squash(const QString &t)
{
    QString out;
    for (const QChar c : t.toLower())
        if (c.isLetterOrNumber())
            out += c;
    return out;
}

int editDistance(const QString &a, const QString &b)
{
    if (a.size() > 64 || b.size() > 64) // names are short; a long typo matches nothing
        return std::numeric_limits<int>::max() / 4;
    std::vector<int> row(std::size_t(b.size()) + 1);
    for (std::size_t j = 0; j < row.size(); ++j)
        row[j] = int(j);
    for (qsizetype i = 1; i <= a.size(); ++i) {
        int diag = row[0];
        row[0] = int(i);
        for (qsizetype j = 1; j <= b.size(); ++j) {
            const int up = row[std::size_t(j)];
            row[std::size_t(j)] = std::min(
                {up + 1, row[std::size_t(j - 1)] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diag = up;
        }
    }
    return row.back();
}

} // namespace

const Unit *closestUnit(const UnitDatabase &db, const QString &typed, const QString &faction)
{
    if (const Unit *u = db.unit(slugify(typed)))
        return u; // "Shan Yu" is shan-yu
    const QString want = squash(typed);
    if (want.isEmpty())
        return nullptr;
    const Unit *best = nullptr;
    int bestScore = std::numeric_limits<int>::max();
    for (const Unit &u : db.units()) {
        // Units of the fleet's own faction first, at equal distance.
        const int d
            = std::min(editDistance(want, squash(u.name)), editDistance(want, squash(u.id)));
        const int score = d * 2 + (faction.isEmpty() || u.faction == faction ? 0 : 1);
        if (score < bestScore) {
            bestScore = score;
            best = &u;
        }
    }
    if (!best || bestScore / 2 > std::max<qsizetype>(1, want.size() / 3))
        return nullptr;
    return best;
}

} // namespace jw
