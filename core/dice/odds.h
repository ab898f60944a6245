// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "dice/dicepool.h"

#include <array>
#include <vector>

namespace jw {

// Exact odds of a pool, computed (not sampled) under the "best result" flex
// choice: the probability that the best success reaches at least D, T, Q+, and
// the expected number of successes of each magnitude (index 0 = D, 1 = T, 2 = Q).
struct DiceOdds
{
    // The final result's successes by magnitude, with their probability: the
    // whole distribution, for whoever needs more than the summaries (damage
    // tables, "at least one [D]"). Non-zero probabilities only; they sum to 1.
    struct Outcome
    {
        int d = 0;
        int t = 0;
        int q = 0;
        double p = 0;
    };

    std::array<double, 3> pAtLeast {};
    std::array<double, 3> expected {};
    std::vector<Outcome> outcomes;
};

// A rule that changes every success of the result after the macro dice, which
// the player knows when choosing the flex dice: Nuke escalates [D+] one level,
// Swarm diminishes [T+] one level (never below [D]).
enum class ResultModifier {
    None,
    EscalateAll,
    DiminishTPlus
};

// Largest effective pools computeOdds accepts (it throws std::invalid_argument
// beyond): base + flex dice, and macro dice of either sign.
inline constexpr int kMaxOddsDice = 60;
inline constexpr int kMaxOddsMacroDice = 12;

// Thread-safe (no shared state, nothing kept between calls). The time grows
// with the macro dice and the faces that can match, not with 6^dice: about
// 0.05 ms for 8B+4F+/-6M and 0.25 ms for 12B+6F+/-6M (bench/benchdice.cpp).
[[nodiscard]] DiceOdds computeOdds(const DicePool &pool,
                                   ResultModifier modifier = ResultModifier::None);

// Same, by enumerating every face combination (6^(dice + macro dice)) and
// resolving each with resolveRollBest: slow, for tests only. Throws
// std::invalid_argument above kMaxBruteForceDice dice in all.
inline constexpr int kMaxBruteForceDice = 9;
[[nodiscard]] DiceOdds computeOddsBruteForce(const DicePool &pool);

} // namespace jw
