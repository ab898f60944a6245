// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "dice/diceresult.h"
#include "engine/message.h"
#include "engine/modelstate.h"
#include "units/unit.h"

#include <QString>

#include <optional>
#include <vector>

// The Damage chapter on one model (v1.2.2 core rules: Damage, Critical Hit; States:
// Crippled, Catastrophic Damage Table, Destroyed, Disrupted; RULINGS.md 1 for the tables the
// text extraction lost). Pure rules: used by attacks, explosions, ramming, terrain...
//
// Written straight through like the rest of the engine (decision.h): every choice is
// asked through the Chooser, every die comes from the DiceSource, and nothing outside
// `state` is changed, so a resolution can be run again from the start when an answer
// arrives.

namespace jw {

class Chooser;
class DiceSource;
struct GameEvent;
struct GameSetup;
struct GameState;

// What the damage rules work on: the game, where dice come from, who answers, the log.
struct DamageContext
{
    const GameSetup &setup;
    GameState &state;
    DiceSource &dice;
    Chooser &chooser;
    std::vector<GameEvent> &events;
};

// Who deals the damage and how, for the choices the rules give "the attacker".
struct DamageSource
{
    // The player who makes the attacker's choices (Precise, Mass Driver, Critical Hits).
    // -1: damage that is nobody's attack (an explosion, terrain): house ruling, the
    // damaged model's opponent makes those choices, as an attacker would.
    int player = -1;
    QString by; // for the log: "Wyvern's Mass Driver", "the explosion of Uller"
    std::optional<WeaponClass> weaponClass; // Mass Driver and Particle Cannon rules
    bool precise = false; // Precise trait, Missiles, Sniper, Assault, Sabotage
    // `by` typed (message.h) where the caller has it, so that the log translates it.
    Message byMessage = {};
};

// Catastrophic Damage Table (States: Crippled).
enum class Catastrophe {
    NoEffect, // 1-5
    Dead, // 6-7: Destroyed, replaced with a Wreck
    Explode // 8+: Destroyed, resolve an Explosion
};

// Applies one attack's final Result to `target` (RULINGS.md 1):
// - a Squadron takes each success separately: [D] -1 Structure, [T] -2, [Q+] Destroyed
//   (v1.2.2) or -3 (v1.2.4, the profile's squadronQPlus); at 0 it is Destroyed. A hit by a
//   Particle Cannon makes it Disrupted.
// - a Capital Ship resolves its successes lowest Magnitude first, then lowest Value: [D] one
//   Rating Damage by Value (1-2 Defense, 3-4 Sensors, 5-6 Thrusters), [T] -1 Structure and
//   a Critical Hit, [Q+] -2 Structure and two Critical Hits; with Precise each [D] goes
//   where the attacker chooses ("precise"); a Mass Driver's [D]s add one Critical Hit
//   ("mass-driver" picks the [D] it comes from); a Particle Cannon's [T+] adds one Rating
//   Damage by Value, and its [D] on a redundant box marks two boxes. Shield takes one
//   damage off each [D+] with Value 1 or 2.
void applyAttackResult(DamageContext &ctx, int target, const DiceResult &result,
                       const DamageSource &source);

// `points` of Structure damage (terrain, ramming, a Critical Hit with no option left):
// a Squadron at 0 is Destroyed; a Capital Ship at 0 is Crippled and rolls on the
// Catastrophic Damage Table, and rolls again for every point it would lose below 0.
void applyStructureDamage(DamageContext &ctx, int target, int points, const DamageSource &source);

// One Rating Damage to Defense, Sensors or Thrusters of a Capital Ship. A rating at 0 sends
// the damage to a remaining rating by Random Selection, none left to Structure.
// `twiceIfRedundant`: a Particle Cannon [D] marks two boxes when the box hit is redundant.
void applyRatingDamage(DamageContext &ctx, int target, Rating rating, const DamageSource &source,
                       bool twiceIfRedundant = false);

// One Critical Hit on a Capital Ship: the attacker's choice ("critical") of one Rating
// Damage (not a rating at 0), one System Trait Damage, one Weapon Damage or one Marine;
// with none possible, one more Structure damage.
void applyCriticalHit(DamageContext &ctx, int target, const DamageSource &source);

// Rolls 1d6 + the systems at 0 on the Catastrophic Damage Table for a Crippled ship and
// applies the outcome (also called by the engine at the start of each Deployment Phase).
Catastrophe rollCatastrophicDamage(DamageContext &ctx, int ship);
Catastrophe rollCatastrophicDamage(const GameSetup &setup, GameState &state, int ship,
                                   DiceSource &dice, Chooser &chooser,
                                   std::vector<GameEvent> &events);

// Takes a model out of the game (States: Destroyed), with its event.
void destroyModel(DamageContext &ctx, int model, const Message &why);

// The Wreck a Dead ship leaves: house ruling, a circle as wide as the longer side of the
// ship's base, 2" to 4" (Terrain: Wreck, "2-4\""; the Uller's 2" x 2" base leaves the
// example's 2" Wreck).
[[nodiscard]] double wreckDiameter(const Unit &ship);

// The current rating for Defense, Sensors or Thrusters by Value (1-2, 3-4, 5-6).
[[nodiscard]] Rating ratingForValue(int value);

} // namespace jw
