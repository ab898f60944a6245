// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace jw {

// Catch-All Rules › Rounding: "All fractions will be rounded up to the nearest
// whole number." Every halving and every share of a rating goes through here.
[[nodiscard]] constexpr int roundUpDivide(int value, int divisor)
{
    return divisor <= 0 ? value
                        : (value >= 0 ? (value + divisor - 1) / divisor : -((-value) / divisor));
}
[[nodiscard]] constexpr int half(int value)
{
    return roundUpDivide(value, 2);
}

// The rulebook's example: "A ship boosts and must halve its Fire Control rating
// of 3. It divides the rating to 1.5 then rounds up to 2."
static_assert(half(3) == 2);

} // namespace jw
