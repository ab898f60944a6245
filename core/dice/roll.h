// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "dice/dicepool.h"
#include "dice/diceresult.h"

#include <vector>

namespace jw {

class DiceSource;

// The faces of one roll of a pool: base and flex dice together (Flex dice are
// not told apart from base dice once rolled), and the macro dice apart.
struct RolledDice
{
    std::vector<int> dice; // base + flex faces, as rolled
    std::vector<int> macroDice; // macro faces, as rolled
};

// One way to remove the flex dice, with the result it gives.
struct FlexChoice
{
    std::vector<int> removed; // faces removed (sorted ascending), size = flex
    std::vector<int> kept; // faces kept (sorted ascending), size = base
    DiceResult result; // after macro
};

// A resolved unopposed roll.
struct RollOutcome
{
    DicePool pool; // as asked
    DicePool rolled; // effective pool (Base Pool of 1 rule applied)
    RolledDice faces;
    std::vector<int> removed; // flex dice removed
    DiceResult result; // final, after macro
};

// Every distinct choice of flex dice to remove (distinct by multiset of faces
// removed), best first under the "best result" order (DiceResult::compare).
// The engine offers these to the player; index 0 is the default.
[[nodiscard]] std::vector<FlexChoice> flexChoices(const DicePool &pool, const RolledDice &faces);

// Resolves with the player's choice of removed faces; throws std::invalid_argument
// when `removed` is not a sub-multiset of the rolled dice of size flex.
[[nodiscard]] RollOutcome resolveRoll(const DicePool &pool, const RolledDice &faces,
                                      const std::vector<int> &removed);
// Resolves choosing the best result for the player (CLI, AI, UI default).
[[nodiscard]] RollOutcome resolveRollBest(const DicePool &pool, const RolledDice &faces);

// Rolls the effective pool from `source` and resolves it with the best choice.
[[nodiscard]] RolledDice rollFaces(const DicePool &pool, DiceSource &source);
[[nodiscard]] RollOutcome rollBest(const DicePool &pool, DiceSource &source);

// Skill Test: an unopposed roll with Skill as the Base Pool; [D+] passes.
[[nodiscard]] inline DicePool skillTestPool(int skill, int flex = 0)
{
    return DicePool {skill, flex, 0};
}

// Opposed Roll (RULINGS.md 1): the secondary player's successes diminish the
// primary player's. Each secondary [D] gives one diminish step, [T] two (on
// one result or two), [Q+] negates every primary result.
struct OpposedStep
{
    int primaryIndex; // index into the primary result's successes at that moment
};

// How many diminish steps a secondary result grants, or -1 for "negate all".
[[nodiscard]] int opposedSteps(const DiceResult &secondary);

// Applies the secondary player's chosen steps in order (each diminishes the
// success at primaryIndex of the current primary result by one level; a
// success that falls to [N] is removed). Throws std::invalid_argument on a
// bad index or more steps than granted. A [Q+] secondary negates all: steps ignored.
[[nodiscard]] DiceResult applyOpposition(const DiceResult &primary, const DiceResult &secondary,
                                         const std::vector<OpposedStep> &steps);
// The choice that leaves the primary player the worst result (default for the
// secondary player when a choice is made for them).
[[nodiscard]] std::vector<OpposedStep> worstForPrimary(const DiceResult &primary,
                                                       const DiceResult &secondary);
// Every distinct result the secondary player can leave the primary with (all
// steps spent, on one result or several), worst for the primary first. A [Q+]
// secondary leaves only the empty result.
[[nodiscard]] std::vector<DiceResult> opposedOutcomes(const DiceResult &primary,
                                                      const DiceResult &secondary);

} // namespace jw
