#pragma once

#include "dice/dicepool.h"

#include <array>

namespace jw {

// Exact odds of a pool, computed (not sampled) under the "best result" flex
// choice: the probability that the best success reaches at least D, T, Q+, and
// the expected number of successes of each magnitude (index 0 = D, 1 = T, 2 = Q).
struct DiceOdds
{
    std::array<double, 3> pAtLeast {};
    std::array<double, 3> expected {};
};

// Largest effective pools computeOdds accepts (it throws std::invalid_argument
// beyond): base + flex dice, and macro dice of either sign.
inline constexpr int kMaxOddsDice = 60;
inline constexpr int kMaxOddsMacroDice = 12;

// Thread-safe (no shared state, nothing kept between calls). The time grows
// with the macro dice and the faces that can match, not with 6^dice: about
// 0.05 ms for 8B+4F+/-6M and 0.25 ms for 12B+6F+/-6M (bench/benchdice.cpp).
[[nodiscard]] DiceOdds computeOdds(const DicePool &pool);

// Same, by enumerating every face combination (6^(dice + macro dice)) and
// resolving each with resolveRollBest: slow, for tests only. Throws
// std::invalid_argument above kMaxBruteForceDice dice in all.
inline constexpr int kMaxBruteForceDice = 9;
[[nodiscard]] DiceOdds computeOddsBruteForce(const DicePool &pool);

} // namespace jw
