// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <optional>

namespace jw {

// A dice pool: Base, Flex and (signed) Macro dice, written "3B+1F+2M", "4B-2M", "2B".
struct DicePool
{
    int base = 0;
    int flex = 0;
    int macro = 0; // negative: armor and other penalties

    // "3B+1F+2M", "4B-2M", "2B"; whitespace allowed; order of terms free;
    // terms of one kind add up. On failure returns nullopt and sets *error.
    [[nodiscard]] static std::optional<DicePool> parse(const QString &text,
                                                       QString *error = nullptr);
    // Canonical form: "3B+1F+2M", "4B-2M", "2B" (zero terms other than B omitted).
    [[nodiscard]] QString toString() const;

    // The pool actually rolled (Dice System: Base Pool of 1): fewer than 2
    // base dice roll 2 base dice with no flex and no macro. Negative flex counts as 0.
    [[nodiscard]] DicePool effective() const;

    [[nodiscard]] int rolledDice() const { return base + flex; } // of the effective pool
    [[nodiscard]] int macroDice() const { return macro < 0 ? -macro : macro; }

    friend bool operator==(const DicePool &, const DicePool &) = default;
};

} // namespace jw
