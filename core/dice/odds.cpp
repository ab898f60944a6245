// SPDX-License-Identifier: GPL-3.0-or-later
#include "dice/odds.h"

#include "dice/roll.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

// How computeOdds works
//
// The result of a roll depends only on how many dice show each face, and the
// flex choice only on which faces show two dice or more. For such a face, the
// kept dice can make a [D] (2 dice), a [T] (3) or a [Q+] (4) at most, as
// allowed by its count: its "type" is the highest of these levels. Faces with
// fewer than two dice never make a success and only fill the kept dice.
//
// 1. The base and flex dice: enumerate the partitions of the dice over the six
//    faces (sorted count vectors, weighted by the number of rolls giving them)
//    and gather their probabilities by the types they give.
// 2. The macro dice: for each set of types, walk the macro dice landing on each
//    typed face (a binomial per face, the rest landing on the other faces),
//    counting no more per face than can change anything (macroCap).
// 3. The flex choice: the "best result" order on magnitudes is (Q, T, D)
//    lexicographically, i.e. the sum of per-face weights 64, 8, 1, so the
//    best choice is a knapsack over the typed faces: keep 0, 2, 3 or 4 dice of
//    each, at most `base` dice in all (any die left over fills the kept dice
//    without lowering anything). The knapsack table is extended face by face
//    down the walk, so each macro outcome costs one lookup at the last face.

namespace jw {

namespace {

constexpr int kFaces = 6;
constexpr int kMaxLevel = 3; // [Q+]

// Magnitude counts packed as Q*64 + T*8 + D: at most six successes, no carry.
constexpr std::array<int, kMaxLevel + 1> kWeight {0, 1, 8, 64};
constexpr int kMaxWeight = kFaces * 64;
constexpr int kMaxBudget = kFaces * (kMaxLevel + 1);

// Best packed (Q, T, D) for each budget of kept dice (at most that many).
using Knapsack = std::array<int, kMaxBudget + 1>;

int finalLevel(int level, int macro, int sign)
{
    if (level == 0)
        return 0;
    return sign > 0 ? std::min(level + macro, kMaxLevel) : std::max(level - macro, 0);
}

// Macro dice on one face beyond this change nothing: two escalations take a
// [D] to [Q+], three diminishings take a [Q+] to nothing.
int macroCap(int macroDice, int sign)
{
    if (macroDice == 0)
        return 0;
    return sign > 0 ? 2 : 3;
}

int costOf(int level)
{
    return level + 1; // a [D] keeps two dice, a [T] three, a [Q+] four
}

DiceOdds oddsFromWeights(const std::array<double, kMaxWeight + 1> &probability)
{
    DiceOdds odds;
    for (int w = 0; w <= kMaxWeight; ++w) {
        const double p = probability[std::size_t(w)];
        if (p == 0)
            continue;
        const int q = w / 64;
        const int t = w / 8 % 8;
        const int d = w % 8;
        odds.pAtLeast[0] += w > 0 ? p : 0;
        odds.pAtLeast[1] += q + t > 0 ? p : 0;
        odds.pAtLeast[2] += q > 0 ? p : 0;
        odds.expected[0] += p * d;
        odds.expected[1] += p * t;
        odds.expected[2] += p * q;
        odds.outcomes.push_back(DiceOdds::Outcome {d, t, q, p});
    }
    return odds;
}

// Steps 2 and 3 for one pool: the probability of each best packed result.
class MacroWalk
{
public:
    MacroWalk(int keep, int macroDice, int sign, ResultModifier modifier)
        : m_keep(keep)
        , m_macroDice(macroDice)
        , m_sign(sign)
        , m_modifier(modifier)
        , m_cap(macroCap(macroDice, sign))
        , m_binomial(std::size_t(kFaces * (macroDice + 1) * (macroDice + 1)), 0.0)
    {
        // The i-th typed face gets Binomial(R, 1 / (6 - i)) of the R macro dice
        // not on the faces before it (faces are exchangeable).
        for (int i = 0; i < kFaces; ++i) {
            const double p = 1.0 / (kFaces - i);
            for (int r = 0; r <= macroDice; ++r) {
                double choose = 1; // C(r, j)
                for (int j = 0; j <= r; ++j) {
                    binomial(i, r)[j] = choose * power(p, j) * power(1 - p, r - j);
                    choose = choose * (r - j) / (j + 1);
                }
            }
        }
    }

    // Adds the rolls of probability `p` whose faces of two dice or more have `types`.
    void add(const std::vector<int> &types, double p)
    {
        m_types = types;
        m_budget = 0;
        for (int t : types)
            m_budget += costOf(t);
        m_budget = std::min(m_budget, m_keep);
        if (types.empty())
            m_probability[0] += p;
        else
            walk(0, m_macroDice, Knapsack {}, p);
    }

    [[nodiscard]] DiceOdds odds() const { return oddsFromWeights(m_probability); }

private:
    static double power(double x, int n)
    {
        double r = 1;
        for (int i = 0; i < n; ++i)
            r *= x;
        return r;
    }

    double *binomial(int face, int remaining)
    {
        return &m_binomial[std::size_t((face * (m_macroDice + 1) + remaining) * (m_macroDice + 1))];
    }

    Knapsack withFace(const Knapsack &table, int type, int macro) const
    {
        Knapsack next = table; // this face kept for no success
        for (int level = 1; level <= type; ++level) {
            const int cost = costOf(level);
            const int weight = levelWeight(level, macro);
            for (int b = cost; b <= m_budget; ++b)
                next[std::size_t(b)]
                    = std::max(next[std::size_t(b)], table[std::size_t(b - cost)] + weight);
        }
        return next;
    }

    // The packed weight of a success of `level` with `macro` macro dice on its face.
    int levelWeight(int level, int macro) const
    {
        int final = finalLevel(level, macro, m_sign);
        if (final > 0 && m_modifier == ResultModifier::EscalateAll)
            final = std::min(final + 1, kMaxLevel);
        else if (final > 1 && m_modifier == ResultModifier::DiminishTPlus)
            final -= 1;
        return kWeight[std::size_t(final)];
    }

    int bestWithFace(const Knapsack &table, int type, int macro) const
    {
        int best = table[std::size_t(m_budget)];
        for (int level = 1; level <= type && costOf(level) <= m_budget; ++level) {
            const int weight = levelWeight(level, macro);
            best = std::max(best, table[std::size_t(m_budget - costOf(level))] + weight);
        }
        return best;
    }

    void walk(std::size_t face, int remaining, const Knapsack &table, double p)
    {
        const int type = m_types[face];
        const bool last = face + 1 == m_types.size();
        const double *bin = binomial(int(face), remaining);
        // x macro dice on this face; x == cap stands for "cap or more".
        for (int x = 0; x <= std::min(m_cap, remaining); ++x) {
            const int jEnd = x < m_cap ? x : remaining;
            if (last) {
                double px = 0;
                for (int j = x; j <= jEnd; ++j)
                    px += bin[j];
                if (px > 0)
                    m_probability[std::size_t(bestWithFace(table, type, x))] += p * px;
                continue;
            }
            const Knapsack next = withFace(table, type, x);
            for (int j = x; j <= jEnd; ++j) {
                if (bin[j] > 0)
                    walk(face + 1, remaining - j, next, p * bin[j]);
            }
        }
    }

    int m_keep;
    int m_macroDice;
    int m_sign;
    ResultModifier m_modifier;
    int m_cap;
    int m_budget = 0;
    std::vector<double> m_binomial; // [face][remaining][j]
    std::vector<int> m_types;
    std::array<double, kMaxWeight + 1> m_probability {};
};

// Step 1: probability of each (faces of type D, T, Q) count, indexed d*49 + t*7 + q.
std::array<double, 7 * 7 * 7> typeCounts(int dice)
{
    std::vector<double> factorial(std::size_t(dice + 1), 1.0);
    for (int k = 1; k <= dice; ++k)
        factorial[std::size_t(k)] = factorial[std::size_t(k - 1)] * k;
    double outcomes = 1; // 6^dice
    for (int k = 0; k < dice; ++k)
        outcomes *= kFaces;
    constexpr std::array<double, 7> smallFactorial {1, 1, 2, 6, 24, 120, 720};

    std::array<double, 7 * 7 * 7> probability {};
    std::array<int, kFaces> counts {};
    // Sorted count vectors counts[0] >= counts[1] >= ... summing to `dice`.
    const auto visit = [&](const auto &self, int i, int left, int maxCount) -> void {
        if (i == kFaces) {
            if (left != 0)
                return;
            double rolls = factorial[std::size_t(dice)]; // orders of the dice
            for (int c : counts)
                rolls /= factorial[std::size_t(c)];
            double assignments = smallFactorial[kFaces]; // faces given these counts
            std::array<int, kMaxLevel + 1> types {};
            for (int k = 0; k < kFaces;) {
                int same = 1;
                while (k + same < kFaces && counts[std::size_t(k + same)] == counts[std::size_t(k)])
                    ++same;
                assignments /= smallFactorial[std::size_t(same)];
                k += same;
            }
            for (int c : counts) {
                if (c >= 2)
                    ++types[std::size_t(std::min(c - 1, kMaxLevel))];
            }
            probability[std::size_t(types[1] * 49 + types[2] * 7 + types[3])]
                += rolls * assignments / outcomes;
            return;
        }
        // The faces left must be able to hold the dice left.
        for (int c = std::min(left, maxCount); c * (kFaces - i) >= left && c >= 0; --c) {
            counts[std::size_t(i)] = c;
            self(self, i + 1, left - c, c);
        }
    };
    visit(visit, 0, dice, dice);
    return probability;
}

} // namespace

DiceOdds computeOdds(const DicePool &pool, ResultModifier modifier)
{
    const DicePool rolled = pool.effective();
    if (rolled.rolledDice() > kMaxOddsDice || rolled.macroDice() > kMaxOddsMacroDice)
        throw std::invalid_argument("exact odds are computed for up to "
                                    + std::to_string(kMaxOddsDice) + " base and flex dice and "
                                    + std::to_string(kMaxOddsMacroDice) + " macro dice");
    const auto types = typeCounts(rolled.rolledDice());
    MacroWalk walk(rolled.base, rolled.macroDice(), rolled.macro > 0 ? 1 : -1, modifier);
    std::vector<int> typed;
    for (int d = 0; d <= kFaces; ++d) {
        for (int t = 0; d + t <= kFaces; ++t) {
            for (int q = 0; d + t + q <= kFaces; ++q) {
                const double p = types[std::size_t(d * 49 + t * 7 + q)];
                if (p == 0)
                    continue;
                typed.assign(std::size_t(q), 3);
                typed.insert(typed.end(), std::size_t(t), 2);
                typed.insert(typed.end(), std::size_t(d), 1);
                walk.add(typed, p);
            }
        }
    }
    return walk.odds();
}

DiceOdds computeOddsBruteForce(const DicePool &pool)
{
    const DicePool rolled = pool.effective();
    const int dice = rolled.rolledDice();
    const int total = dice + rolled.macroDice();
    if (total > kMaxBruteForceDice)
        throw std::invalid_argument("brute force odds are for up to "
                                    + std::to_string(kMaxBruteForceDice) + " dice in all");
    RolledDice faces;
    faces.dice.assign(std::size_t(dice), 1);
    faces.macroDice.assign(std::size_t(rolled.macroDice()), 1);

    // Integer tallies: exact until the final division.
    std::array<std::uint64_t, 3> atLeast {};
    std::array<std::uint64_t, 3> successes {};
    std::uint64_t outcomes = 0;
    while (true) {
        const DiceResult result = resolveRollBest(pool, faces).result;
        ++outcomes;
        for (int k = 0; k < 3; ++k) {
            const auto m = Magnitude(k + 1);
            atLeast[std::size_t(k)] += result.best() >= m ? 1 : 0;
            successes[std::size_t(k)] += std::uint64_t(result.count(m));
        }
        // Next roll, odometer style over the base/flex dice then the macro dice.
        int i = 0;
        for (; i < total; ++i) {
            int &face
                = i < dice ? faces.dice[std::size_t(i)] : faces.macroDice[std::size_t(i - dice)];
            if (face < 6) {
                ++face;
                break;
            }
            face = 1;
        }
        if (i == total)
            break;
    }
    DiceOdds odds;
    for (std::size_t k = 0; k < 3; ++k) {
        odds.pAtLeast[k] = double(atLeast[k]) / double(outcomes);
        odds.expected[k] = double(successes[k]) / double(outcomes);
    }
    return odds;
}

} // namespace jw
