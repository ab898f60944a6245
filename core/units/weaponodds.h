// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "dice/dicepool.h"
#include "dice/odds.h"
#include "units/unit.h"

#include <QString>
#include <QStringList>

namespace jw {

enum class TargetKind {
    CapitalShip,
    Squadron
};
enum class RangeBand {
    Short,
    Long
};

// What one attack of a weapon is expected to do to a typical target, from the
// exact dice odds: for comparing units while building a fleet. Activation
// Attack Window, a target that is not Station Keeping, in its Fore arc, no ECM,
// no Evasive. The pool is the engine's (engine/attackpool.h: the Attack Bonus
// for short range, Ace from the weapon, the model or the Ace Pilot upgrade,
// Sniper, Macro and Armor); the traits Nuke and Swarm are applied, as are the class rules that
// change the odds (Beam Projector re-roll of an [N], Particle Cannon rating
// damage on [T+], Mass Driver critical hit on a [D]). Missiles are shown before
// Point Defense; a Lance before the Fuel it may spend.
struct WeaponDamageOdds
{
    bool usable = true; // false: the weapon rolls no dice against this target
    DicePool pool; // the pool rolled
    double pSuccess = 0; // P(at least one success), after any re-roll
    // Capital ship target (Damage: Capital Ship Damage, RULINGS.md 1).
    double structure = 0; // expected Structure damage
    double rating = 0; // expected Rating Damage ([D] results, Particle Cannon [T+])
    double criticals = 0; // expected Critical Hits
    // Squadron target: expected Structure damage from [D] and [T] (and [Q+]
    // when it does -3 Structure), and the chance of a [Q+] that destroys it.
    double pDestroyed = 0;
    QStringList notes; // what the numbers leave out ("before Point Defense")

    // All damage boxes marked, the one number to compare weapons by.
    [[nodiscard]] double total() const { return structure + rating + criticals; }
};

struct AttackContext
{
    TargetKind target = TargetKind::CapitalShip;
    RangeBand range = RangeBand::Long;
    int targetArmor = 0; // capital ship target: Armor of the arc hit
    bool squadronQPlusDestroys = true; // rules profile: v1.2.4 makes it -3 Structure
    QStringList upgrades; // the fleet entry's upgrade ids ("ace-pilot": Ace)
};

[[nodiscard]] WeaponDamageOdds weaponDamageOdds(const Unit &attacker, const Weapon &weapon,
                                                const AttackContext &context);

} // namespace jw
