// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>
#include <vector>

namespace jw {

// Whether two fleets make a fair game together (New Game, and the coming companion,
// computer opponent and network host): not a rule of the rulebook, which only says
// both players agree on the game size, but the doubts a player wants to hear before
// the first turn. Each is a warning; the players may play anyway.
struct MatchupDoubt
{
    enum class Kind {
        DifferentGameSizes, // the fleets were built for different point limits
        OverOtherLimit, // `side`'s total is over the limit the other fleet was built for
        FarApart, // the totals differ by more than kFarApartPercent of the larger
    };
    Kind kind = Kind::FarApart;
    int side = -1; // OverOtherLimit: whose fleet; else -1
    friend bool operator==(const MatchupDoubt &, const MatchupDoubt &) = default;
};

// How far apart two fleets' totals may be before a warning: a tenth of the larger
// (house choice: agreed games usually end a few points apart).
inline constexpr int kFarApartPercent = 10;

// The doubts about two fleets of `totals` points built for `limits` points, in the
// order a player reads them: game sizes, each side over the other's limit, far apart.
[[nodiscard]] std::vector<MatchupDoubt> matchupDoubts(std::array<int, 2> totals,
                                                      std::array<int, 2> limits);

} // namespace jw
