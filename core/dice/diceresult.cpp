// SPDX-License-Identifier: GPL-3.0-or-later
#include "dice/diceresult.h"

#include <QStringList>

#include <algorithm>
#include <array>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>

namespace jw {

namespace {

void checkFace(int face)
{
    if (face < 1 || face > 6)
        throw std::invalid_argument("die face " + std::to_string(face) + " is not 1..6");
}

// Magnitude of a set of `count` matching dice (Dice System: Magnitude).
Magnitude magnitudeOfCount(int count)
{
    if (count < 2)
        return Magnitude::N;
    return Magnitude(std::min(count - 1, 3));
}

std::optional<Magnitude> magnitudeFromLetter(QChar c)
{
    switch (c.toUpper().unicode()) {
    case u'N':
        return Magnitude::N;
    case u'D':
        return Magnitude::D;
    case u'T':
        return Magnitude::T;
    case u'Q':
        return Magnitude::Q;
    default:
        return std::nullopt;
    }
}

// One success "D4", "Q4+" (already trimmed); nullopt when malformed.
std::optional<Success> parseSuccess(QStringView text)
{
    if (text.size() < 2 || text.size() > 3)
        return std::nullopt;
    const auto magnitude = magnitudeFromLetter(text[0]);
    if (!magnitude || *magnitude == Magnitude::N)
        return std::nullopt;
    const int value = text[1].unicode() - u'0';
    if (value < 1 || value > 6)
        return std::nullopt;
    // "+" marks a minimum; only [Q+] is exact as written ("[Q2+]").
    if (text.size() == 3 && (text[2] != u'+' || *magnitude != Magnitude::Q))
        return std::nullopt;
    return Success {*magnitude, value};
}

} // namespace

QString magnitudeLetter(Magnitude m)
{
    switch (m) {
    case Magnitude::N:
        return QStringLiteral("N");
    case Magnitude::D:
        return QStringLiteral("D");
    case Magnitude::T:
        return QStringLiteral("T");
    case Magnitude::Q:
        return QStringLiteral("Q");
    }
    return QStringLiteral("?");
}

Success escalated(Success s)
{
    // [N] cannot become [D]; [Q+] stays [Q+].
    if (s.magnitude != Magnitude::N && s.magnitude != Magnitude::Q)
        s.magnitude = Magnitude(quint8(s.magnitude) + 1);
    return s;
}

Success diminished(Success s, bool floorAtD)
{
    // Whatever the number of matching dice, [Q+] diminishes to [T].
    const Magnitude floor = floorAtD ? Magnitude::D : Magnitude::N;
    if (s.magnitude > floor)
        s.magnitude = Magnitude(quint8(s.magnitude) - 1);
    return s;
}

DiceResult::DiceResult(std::vector<Success> successes)
    : m_successes(std::move(successes))
{
    for (const Success &s : m_successes)
        checkFace(s.value);
    normalize();
}

DiceResult DiceResult::fromFaces(const std::vector<int> &faces)
{
    std::array<int, 7> counts {};
    for (int f : faces) {
        checkFace(f);
        ++counts[std::size_t(f)];
    }
    std::vector<Success> successes;
    for (int v = 1; v <= 6; ++v) {
        const Magnitude m = magnitudeOfCount(counts[std::size_t(v)]);
        if (m != Magnitude::N)
            successes.push_back({m, v});
    }
    return DiceResult(std::move(successes));
}

std::optional<DiceResult> DiceResult::parse(const QString &text)
{
    QStringView s = QStringView(text).trimmed();
    // Brackets are the rulebook's notation; accept a bare "D1,T3" too, but not half a pair.
    const bool open = s.startsWith(u'[');
    const bool close = s.endsWith(u']');
    if (open != close || (open && s.size() < 2))
        return std::nullopt;
    if (open)
        s = s.mid(1, s.size() - 2).trimmed();
    if (s.compare(u"N", Qt::CaseInsensitive) == 0)
        return DiceResult();

    std::vector<Success> successes;
    std::array<bool, 7> seen {};
    for (QStringView part : s.split(u',')) {
        const auto success = parseSuccess(part.trimmed());
        // One face gives at most one matching set: a value cannot appear twice.
        if (!success || seen[std::size_t(success->value)])
            return std::nullopt;
        seen[std::size_t(success->value)] = true;
        successes.push_back(*success);
    }
    return DiceResult(std::move(successes));
}

Magnitude DiceResult::best() const
{
    return m_successes.empty() ? Magnitude::N : m_successes.back().magnitude;
}

int DiceResult::count(Magnitude m) const
{
    return int(std::count_if(m_successes.begin(), m_successes.end(),
                             [m](const Success &s) { return s.magnitude == m; }));
}

QString DiceResult::toString() const
{
    if (m_successes.empty())
        return QStringLiteral("[N]");
    QStringList parts;
    for (const Success &s : m_successes)
        parts << magnitudeLetter(s.magnitude) + QString::number(s.value);
    return u'[' + parts.join(u',') + u']';
}

DiceResult DiceResult::withMacro(const std::vector<int> &macroFaces, int sign) const
{
    for (int f : macroFaces)
        checkFace(f);
    if (sign == 0)
        return *this;
    std::vector<Success> successes = m_successes;
    for (Success &s : successes) {
        const auto matching = std::count(macroFaces.begin(), macroFaces.end(), s.value);
        for (std::ptrdiff_t i = 0; i < matching; ++i)
            s = sign > 0 ? escalated(s) : diminished(s);
    }
    return DiceResult(std::move(successes));
}

std::strong_ordering DiceResult::compare(const DiceResult &a, const DiceResult &b)
{
    for (Magnitude m : {Magnitude::Q, Magnitude::T, Magnitude::D}) {
        if (const auto c = a.count(m) <=> b.count(m); c != 0)
            return c;
    }
    // Same magnitudes: both lists hold the same magnitudes in the same sorted
    // places, so walking them from the top compares the values of the highest
    // successes first.
    const auto &sa = a.m_successes;
    const auto &sb = b.m_successes;
    for (auto ia = sa.rbegin(), ib = sb.rbegin(); ia != sa.rend(); ++ia, ++ib) {
        if (const auto c = ia->value <=> ib->value; c != 0)
            return c;
    }
    return std::strong_ordering::equal;
}

void DiceResult::normalize()
{
    std::erase_if(m_successes, [](const Success &s) { return s.magnitude == Magnitude::N; });
    std::sort(m_successes.begin(), m_successes.end(), [](const Success &x, const Success &y) {
        return std::pair(x.magnitude, x.value) < std::pair(y.magnitude, y.value);
    });
}

} // namespace jw
