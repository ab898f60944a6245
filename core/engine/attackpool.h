// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "dice/dicepool.h"
#include "engine/message.h"
#include "units/unit.h"

#include <QString>
#include <QStringList>

#include <vector>

// The pool of an attack from what the cards say: the weapon, the attacking unit and its
// fleet entry's upgrades, the target type, range band, arc and armor. No GameState: the
// engine (attack.cpp) calls these with what it measured on the table, the fleet
// builder's odds (units/weaponodds.h) with a typical situation, so both roll one pool.

namespace jw {

enum class AttackWindow {
    Activation, // a model's activation in the Activation Phase
    Assault, // an Exo-Armor's Assault action
    Bombing, // a Bombing Run
    Dogfight // an Engage in a Dogfight
};

// One modifier of a pool as data (the attack preview shows them; PoolBuilder::mods has the
// same steps as sentences): the dice it adds to one part of the pool, or the Base Pool it
// sets, and why.
struct PoolStep
{
    enum Part : quint8 {
        Base,
        Flex,
        Macro
    };
    Part part = Base;
    int dice = 0; // added (negative: removed); the Base Pool itself when `sets`
    bool sets = false; // the weapon's rating (or Skill) that starts the Base Pool
    bool bonus = false; // an Attack Bonus (what ECM may remove)
    QString why; // "short range", "Fore armor"
    Message whyMessage = {}; // `why` typed: `why` is `whyMessage.english()`

    // `why` in the application's language (the attack preview shows it).
    [[nodiscard]] QString translatedWhy() const
    {
        return whyMessage.isEmpty() ? why : whyMessage.translated();
    }

    friend bool operator==(const PoolStep &, const PoolStep &) = default;
};

// The pool of an attack, built step by step with each modifier written down.
struct PoolBuilder
{
    DicePool pool;
    QStringList mods;
    std::vector<PoolStep> steps; // `mods` as data, one step (or two: Evasive) per line
    int bonusFlex = 0; // Flex Dice from the Attack Bonus table (what ECM removes)

    void setBase(int n, const Message &why);
    void addBase(int n, const Message &why);
    void addBonus(int n, const Message &why);
    void addFlex(int n, const Message &why);
    void addMacro(int n, const Message &why);
    // Evasive: the Base Pool lowered to `base`, the difference added to the Macro Pool.
    void moveBaseToMacro(int base, const Message &why);
};

[[nodiscard]] QString arcName(quint8 arc); // "Fore", "Port", ...
[[nodiscard]] int armorOfArc(const Unit &u, quint8 arc);

// Ace: the weapon's trait, the model's, or the Ace Pilot upgrade of its fleet entry.
[[nodiscard]] bool hasAce(const Unit &u, const Weapon *w, const QStringList &upgrades);

// Weapon Attributes: AC against Capital Ships, AS against Squadrons; a Lance rolls the
// attacker's Skill; in an Assault "the attacker may use the AS rating of weapons as if they
// were AC". Returns the rating used; 0 or less: the weapon rolls nothing (house ruling,
// rather than the 2d6 of the Base Pool of 1 rule), the caller refuses the attack.
int setWeaponBase(PoolBuilder &pb, const Weapon &w, int skill, const QString &attackerName,
                  bool capitalTarget, AttackWindow window);

// What the Attack Bonus table reads.
struct AttackBonusCase
{
    AttackWindow window = AttackWindow::Activation;
    bool shortRange = false;
    quint8 arc = 0; // the target's arc the attacker is in, for its bonus (0: none)
    QString targetName;
    bool stationKeeping = false; // the target
    bool ace = false; // hasAce()
    bool sniper = false; // a Sniper weapon
};

// The Attack Bonus table (Flex Dice, each in its windows): short range, the target's arc
// (P/S +1F, Aft +2F), Station Keeping, Ace, Sniper, Dogfight, Assault, Bombing. The target's
// ECM against them is the engine's (attack.cpp addAttackBonuses: it reads the table).
void addAttackBonusTable(PoolBuilder &pb, const AttackBonusCase &c);

// Attack Bonus for the target's arc (Activation window only): P/S +1F, Aft +2F.
void addArcBonus(PoolBuilder &pb, const QString &targetName, quint8 arc);

// Armor: "apply that rating as a negative Macro Rating" (`arc` names it).
void addArmor(PoolBuilder &pb, int armor, quint8 arc);
void addArmor(PoolBuilder &pb, const Unit &target, quint8 arc);

// The weapon's Macro Rating, then the target's Armor ("does not apply to Assault or
// Bombing actions"; not against squadrons).
void addMacroAndArmor(PoolBuilder &pb, const Weapon &w, bool capitalTarget, AttackWindow window,
                      int armor, quint8 arc);

} // namespace jw
