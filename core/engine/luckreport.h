// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "dice/dicepool.h"
#include "dice/diceresult.h"
#include "engine/message.h"

#include <QJsonObject>
#include <QString>

#include <array>
#include <optional>
#include <vector>

namespace jw {

class Game;

// The luck report (docs/physical-table.md, "After the game"): each player's dice against
// the exact expectation of the pools they rolled. Every roll of a pool the game log
// records (the roll events with a "pool" and a "result") is measured against
// computeOdds() of that pool: the expected number of successes, and for an attack roll
// the expected damage to its target. A roll is a sample of its pool whatever led to it
// (a re-roll too), so the sums are unbiased; a player who removes other flex dice than the
// best choice rolls below the odds, which assume the best one.
struct LuckRoll
{
    // The command whose events hold it, numbered from 1 as jwfleet-cli names them (history
    // index + 1); 0: the start of the game.
    int command = 0;
    int turn = 0;
    int player = -1; // who rolled
    QString purpose; // the roll event's "purpose" ("attack", "attack-reroll", "point-defense", ...)
    QString text; // the roll's sentence (English)
    // An attack roll: the attack event before it (a weapon's, a terrain piece's, an
    // explosion's). Otherwise attack is false and the names are empty.
    bool attack = false;
    int attacker = -1;
    QString attackerName; // the model, the terrain piece ("Mines 1") or the exploding ship
    int target = -1;
    QString targetName;
    QString weapon; // the weapon line's name, "its explosion"; empty for terrain
    DicePool pool; // as asked (the odds use its effective pool, as the roll did)
    DiceResult result; // as rolled: after the macro dice and the flex choice, before any rule
                       // that changes a result after the roll
    double expectedSuccesses = 0;
    int successes = 0;
    // The damage the result deals to the target as it was when rolled, by the attack
    // preview's table (attack.h: AttackPreview): a Capital Ship loses a Rating box per
    // [D] (a Particle Cannon's [T+] too) and Structure [T] 1, [Q+] 2; a Squadron loses
    // Structure [D] 1, [T] 2, [Q+] 3 or all (rules profile), capped at what it had left.
    // Before the defender's roll, armour and shields: those are not the attacker's dice.
    bool hasDamage = false; // an attack roll on a known target
    double expectedDamage = 0;
    int damage = 0;
    double pAtLeastOne = 0; // the chance of at least one success
};

struct LuckTotals
{
    int attacks = 0; // attack rolls
    double expectedSuccesses = 0; // of the attack rolls
    int successes = 0;
    double expectedDamage = 0; // of the attack rolls with a known target
    int damage = 0;
    int otherRolls = 0; // every other roll of a pool (defence, Skill Tests, firefights)
    double otherExpectedSuccesses = 0;
    int otherSuccesses = 0;
};

struct LuckReport
{
    std::array<QString, 2> players; // names ("Player 1" when the setup has none)
    std::vector<LuckRoll> rolls; // in the order rolled
    std::array<LuckTotals, 2> totals;

    // How far above (> 0) or below (< 0) the expectation `player`'s attack rolls' successes
    // are, as a fraction of the expectation (0.18: 18% above); nullopt without attack rolls.
    [[nodiscard]] std::optional<double> deviation(int player) const;
    // "Dave rolled 18% above expectation: 13 successes in 9 attack rolls, 11.02 expected;
    // damage 7, 5.61 expected."
    [[nodiscard]] QString verdict(int player) const; // English (the exports, the CLI)
    [[nodiscard]] Message verdictMessage(int player) const; // typed: the UI translates it
};

[[nodiscard]] LuckReport luckReport(const Game &game);

// The report as plain text: a line per attack roll, the totals and the verdicts.
[[nodiscard]] QString luckReportText(const LuckReport &report);
// The report as JSON (its shape: docs/physical-table.md, "The luck report").
[[nodiscard]] QJsonObject luckReportToJson(const LuckReport &report);

} // namespace jw
