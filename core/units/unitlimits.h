// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "units/datatext.h"

#include "units/unit.h"

#include <QString>

namespace jw {

// A range of whole numbers, both ends included.
struct IntRange
{
    int min = 0;
    int max = 0;

    [[nodiscard]] constexpr bool contains(long long n) const { return n >= min && n <= max; }
};

// What a unit card may hold. Every bound is generously above the largest value
// of the rules and of the shipped cards (data/factions: TV 160, UC 5, Speed 14,
// Turns 2, Fire Control 5, Skill 3, Armor 2, Structure 8 in 8 boxes, tracks of
// at most 8 boxes, 6 dice, Macro 3, 4 instances of a weapon, 5 weapons and 7
// traits on a card, trait values of 2). The card prints each of them, and the
// card layout, the dice odds and the engine take time and memory in proportion
// to them: a rating of 2147483647 must be an error, not minutes of work.
namespace unitlimits {

inline constexpr IntRange kTv {0, 9999};
inline constexpr IntRange kUnitCap {1, 99};
inline constexpr IntRange kSpeed {0, 99}; // inches
inline constexpr IntRange kTurns {0, 20};
inline constexpr IntRange kFireControl {0, 20};
inline constexpr IntRange kSkill {0, 20};
inline constexpr IntRange kArmor {0, 10};
// A track written as a plain rating (boxes 1..N), and every box of a track.
inline constexpr IntRange kRating {0, 20};
inline constexpr IntRange kBox {1, 20};
inline constexpr int kMaxTrackBoxes = 30; // with the redundant boxes
// Weapon dice: AC and AS base dice, Macro dice. With Armor at most 10 the macro
// dice of an attack stay within what the exact odds compute (dice/odds.h).
inline constexpr IntRange kDice {0, 20};
inline constexpr IntRange kMacro {0, 10};
inline constexpr IntRange kWeaponCount {1, 20}; // instances, one damage box each
// The card layout tries each text size and track column width, and measures
// every weapon's traits in each try: a card at all of these limits takes
// seconds, not minutes.
inline constexpr int kMaxWeapons = 20; // weapon rows of one unit
inline constexpr int kMaxTraits = 20; // traits of one unit
inline constexpr int kMaxWeaponTraits = 10; // traits of one weapon
inline constexpr IntRange kTraitValue {1, 20}; // the X of "Hangers: X"
inline constexpr IntRange kTraitBoxes {0, 20}; // a System Trait's damage boxes
inline constexpr double kMaxBaseInches = 12; // either side of a capital ship's base
// Names (unit, weapon, class, faction) are io::kMaxNameLength; provenance and
// description, free text that cards do not print, at most this:
inline constexpr int kMaxNoteLength = 2000;
// Entries of a unit's `sources` (its card values, one per weapon, and a default).
inline constexpr int kMaxSources = 60;

} // namespace unitlimits

// The first way `unit` breaks the limits above (a value out of range, a track
// that is not a track, a name with control characters or too long), as
// "'speed' must be from 0 to 99, not 100"; empty when it keeps them all. For
// units that do not come from a faction file (saved games): the faction loader
// checks each value where it reads it, with its line and column.
[[nodiscard]] QString unitLimitProblem(const Unit &unit);
// The same as a sentence to translate (empty when the unit keeps them all).
[[nodiscard]] DataText unitLimitProblemText(const Unit &unit);

} // namespace jw
