// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleet/matchup.h"

#include <algorithm>
#include <cstdlib>

namespace jw {

std::vector<MatchupDoubt> matchupDoubts(std::array<int, 2> totals, std::array<int, 2> limits)
{
    std::vector<MatchupDoubt> out;
    if (limits[0] != limits[1]) {
        out.push_back({MatchupDoubt::Kind::DifferentGameSizes, -1});
        for (int p = 0; p < 2; ++p)
            if (totals[std::size_t(p)] > limits[std::size_t(1 - p)])
                out.push_back({MatchupDoubt::Kind::OverOtherLimit, p});
    }
    const int high = std::max(totals[0], totals[1]);
    const int gap = std::abs(totals[0] - totals[1]);
    // In whole numbers: gap / high > 10% without rounding.
    if (high > 0 && gap * 100 > high * kFarApartPercent)
        out.push_back({MatchupDoubt::Kind::FarApart, -1});
    return out;
}

} // namespace jw
