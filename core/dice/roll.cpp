// SPDX-License-Identifier: GPL-3.0-or-later
#include "dice/roll.h"

#include "dice/dicesource.h"

#include <algorithm>
#include <array>
#include <optional>
#include <stdexcept>
#include <string>

namespace jw {

namespace {

using FaceCounts = std::array<int, 7>; // index 1..6

void checkFaces(const DicePool &rolled, const RolledDice &faces)
{
    if (int(faces.dice.size()) != rolled.rolledDice())
        throw std::invalid_argument(std::to_string(faces.dice.size())
                                    + " base and flex dice given, "
                                    + std::to_string(rolled.rolledDice()) + " rolled");
    if (int(faces.macroDice.size()) != rolled.macroDice())
        throw std::invalid_argument(std::to_string(faces.macroDice.size()) + " macro dice given, "
                                    + std::to_string(rolled.macroDice()) + " rolled");
    for (const auto *list : {&faces.dice, &faces.macroDice}) {
        for (int f : *list) {
            if (f < 1 || f > 6)
                throw std::invalid_argument("die face " + std::to_string(f) + " is not 1..6");
        }
    }
}

FaceCounts countFaces(const std::vector<int> &faces)
{
    FaceCounts counts {};
    for (int f : faces)
        ++counts[std::size_t(f)];
    return counts;
}

std::vector<int> expand(const FaceCounts &counts)
{
    std::vector<int> faces;
    for (int v = 1; v <= 6; ++v)
        faces.insert(faces.end(), std::size_t(counts[std::size_t(v)]), v);
    return faces;
}

int macroSign(const DicePool &rolled)
{
    return rolled.macro > 0 ? 1 : rolled.macro < 0 ? -1 : 0;
}

// The choice removing `removed` (a sub-multiset of `all`, given as counts).
FlexChoice makeChoice(const DicePool &rolled, const RolledDice &faces, const FaceCounts &all,
                      const FaceCounts &removed)
{
    FaceCounts kept {};
    for (std::size_t v = 1; v <= 6; ++v)
        kept[v] = all[v] - removed[v];
    FlexChoice choice;
    choice.removed = expand(removed);
    choice.kept = expand(kept);
    choice.result
        = DiceResult::fromFaces(choice.kept).withMacro(faces.macroDice, macroSign(rolled));
    return choice;
}

// Best result first; among equal results, removing the higher faces first (the
// rulebook's Dave drops the 6 of 4,4,5,6), so that the default is stable.
bool betterChoice(const FlexChoice &a, const FlexChoice &b)
{
    if (const auto c = DiceResult::compare(a.result, b.result); c != 0)
        return c > 0;
    return std::lexicographical_compare(b.removed.rbegin(), b.removed.rend(), a.removed.rbegin(),
                                        a.removed.rend());
}

RollOutcome makeOutcome(const DicePool &pool, const DicePool &rolled, const RolledDice &faces,
                        FlexChoice choice)
{
    return RollOutcome {pool, rolled, faces, std::move(choice.removed), std::move(choice.result)};
}

} // namespace

std::vector<FlexChoice> flexChoices(const DicePool &pool, const RolledDice &faces)
{
    const DicePool rolled = pool.effective();
    checkFaces(rolled, faces);
    const FaceCounts all = countFaces(faces.dice);

    std::vector<FlexChoice> choices;
    FaceCounts removed {};
    // Every way to take `left` dice from faces v..6, by count per face.
    const auto visit = [&](const auto &self, int v, int left) -> void {
        if (v > 6) {
            if (left == 0)
                choices.push_back(makeChoice(rolled, faces, all, removed));
            return;
        }
        for (int r = std::min(left, all[std::size_t(v)]); r >= 0; --r) {
            removed[std::size_t(v)] = r;
            self(self, v + 1, left - r);
        }
        removed[std::size_t(v)] = 0;
    };
    visit(visit, 1, rolled.flex);
    std::sort(choices.begin(), choices.end(), betterChoice);
    return choices;
}

RollOutcome resolveRoll(const DicePool &pool, const RolledDice &faces,
                        const std::vector<int> &removed)
{
    const DicePool rolled = pool.effective();
    checkFaces(rolled, faces);
    if (int(removed.size()) != rolled.flex)
        throw std::invalid_argument(std::to_string(removed.size()) + " dice removed, the pool has "
                                    + std::to_string(rolled.flex) + " flex dice");
    const FaceCounts all = countFaces(faces.dice);
    FaceCounts removedCounts {};
    for (int f : removed) {
        if (f < 1 || f > 6 || ++removedCounts[std::size_t(f)] > all[std::size_t(f)])
            throw std::invalid_argument("cannot remove a " + std::to_string(f)
                                        + ": not among the rolled dice");
    }
    return makeOutcome(pool, rolled, faces, makeChoice(rolled, faces, all, removedCounts));
}

RollOutcome resolveRollBest(const DicePool &pool, const RolledDice &faces)
{
    auto choices = flexChoices(pool, faces);
    return makeOutcome(pool, pool.effective(), faces, std::move(choices.front()));
}

RolledDice rollFaces(const DicePool &pool, DiceSource &source)
{
    // Base and flex dice first, then the macro dice: scripts rely on this order.
    const DicePool rolled = pool.effective();
    source.expectPool(rolled);
    RolledDice faces;
    faces.dice = source.roll(rolled.rolledDice());
    faces.macroDice = source.roll(rolled.macroDice());
    return faces;
}

RollOutcome rollBest(const DicePool &pool, DiceSource &source)
{
    return resolveRollBest(pool, rollFaces(pool, source));
}

int opposedSteps(const DiceResult &secondary)
{
    if (secondary.count(Magnitude::Q) > 0)
        return -1;
    return secondary.count(Magnitude::D) + 2 * secondary.count(Magnitude::T);
}

DiceResult applyOpposition(const DiceResult &primary, const DiceResult &secondary,
                           const std::vector<OpposedStep> &steps)
{
    const int granted = opposedSteps(secondary);
    if (granted < 0)
        return DiceResult();
    if (int(steps.size()) > granted)
        throw std::invalid_argument(std::to_string(steps.size()) + " diminish steps chosen, "
                                    + std::to_string(granted) + " granted");
    std::vector<Success> successes = primary.successes();
    for (const OpposedStep &step : steps) {
        if (step.primaryIndex < 0 || step.primaryIndex >= int(successes.size()))
            throw std::invalid_argument("no primary result at index "
                                        + std::to_string(step.primaryIndex));
        Success &s = successes[std::size_t(step.primaryIndex)];
        s = diminished(s);
        // Re-sort and drop [N] so that the next index refers to the result as it now stands.
        successes = DiceResult(std::move(successes)).successes();
    }
    return DiceResult(std::move(successes));
}

namespace {

// Calls fn(split, result) for every way to spend `granted` diminish steps over
// the primary successes (split[k] levels off success k). Each step strictly
// worsens the primary result, so every step that has a target is spent: at most
// six successes of at most three levels each.
template<class Fn>
void forEachOpposition(const std::vector<Success> &successes, int granted, Fn &&fn)
{
    const std::size_t count = successes.size();
    int levels = 0;
    for (const Success &s : successes)
        levels += int(s.magnitude);
    std::vector<int> split(count, 0);
    const auto visit = [&](const auto &self, std::size_t i, int left) -> void {
        if (i == count) {
            if (left != 0)
                return;
            std::vector<Success> after = successes;
            for (std::size_t k = 0; k < count; ++k) {
                for (int n = 0; n < split[k]; ++n)
                    after[k] = diminished(after[k]);
            }
            fn(split, DiceResult(std::move(after)));
            return;
        }
        for (int n = std::min(left, int(successes[i].magnitude)); n >= 0; --n) {
            split[i] = n;
            self(self, i + 1, left - n);
        }
        split[i] = 0;
    };
    visit(visit, 0, std::min(granted, levels));
}

} // namespace

std::vector<DiceResult> opposedOutcomes(const DiceResult &primary, const DiceResult &secondary)
{
    const int granted = opposedSteps(secondary);
    if (granted < 0)
        return {DiceResult()};
    std::vector<DiceResult> out;
    forEachOpposition(primary.successes(), granted,
                      [&](const std::vector<int> &, DiceResult result) {
                          if (std::find(out.begin(), out.end(), result) == out.end())
                              out.push_back(std::move(result));
                      });
    std::stable_sort(out.begin(), out.end(), [](const DiceResult &a, const DiceResult &b) {
        return DiceResult::compare(a, b) < 0;
    });
    return out;
}

std::vector<OpposedStep> worstForPrimary(const DiceResult &primary, const DiceResult &secondary)
{
    const int granted = opposedSteps(secondary);
    if (granted <= 0)
        return {};
    const std::vector<Success> &successes = primary.successes();
    const std::size_t count = successes.size();
    std::vector<int> worstSplit(count, 0);
    std::optional<DiceResult> worst;
    forEachOpposition(successes, granted, [&](const std::vector<int> &split, DiceResult result) {
        if (!worst || DiceResult::compare(result, *worst) < 0) {
            worst = std::move(result);
            worstSplit = split;
        }
    });

    // Turn the split into steps whose indices are valid when applied in order.
    std::vector<OpposedStep> chosen;
    std::vector<Success> current = successes;
    for (std::size_t k = 0; k < count; ++k) {
        Success target = successes[k];
        for (int n = 0; n < worstSplit[k]; ++n) {
            const auto at = std::find(current.begin(), current.end(), target);
            chosen.push_back({int(at - current.begin())});
            *at = diminished(*at);
            target = *at;
            current = DiceResult(std::move(current)).successes();
        }
    }
    return chosen;
}

} // namespace jw
