// SPDX-License-Identifier: GPL-3.0-or-later
#include "units/weaponodds.h"

#include "engine/attackpool.h"

#include <QObject>

#include <algorithm>

namespace jw {

WeaponDamageOdds weaponDamageOdds(const Unit &attacker, const Weapon &weapon,
                                  const AttackContext &ctx)
{
    WeaponDamageOdds out;
    const bool capital = ctx.target == TargetKind::CapitalShip;
    // The engine's pool (engine/attackpool.h), in the situation described in weaponodds.h.
    PoolBuilder pb;
    const int rating = setWeaponBase(pb, weapon, attacker.skill, attacker.name, capital,
                                     AttackWindow::Activation);
    if (weapon.weaponClass != WeaponClass::Lance && rating <= 0) {
        out.usable = false;
        return out;
    }
    addAttackBonusTable(pb,
                        {AttackWindow::Activation, ctx.range == RangeBand::Short, ArcFore,
                         QString(), false, hasAce(attacker, &weapon, ctx.upgrades),
                         weapon.hasTrait(QStringLiteral("Sniper"))});
    addMacroAndArmor(pb, weapon, capital, AttackWindow::Activation, ctx.targetArmor, ArcFore);
    out.pool = pb.pool;
    // The exact odds take time in proportion to the dice (and refuse pools
    // beyond these); a faction file cannot reach them (units/unitlimits.h), a
    // caller's target armor might.
    if (const DicePool rolled = out.pool.effective();
        rolled.rolledDice() > kMaxOddsDice || rolled.macroDice() > kMaxOddsMacroDice) {
        out.usable = false;
        out.notes << QObject::tr("too many dice to compute the odds");
        return out;
    }

    ResultModifier modifier = ResultModifier::None;
    if (weapon.hasTrait(QStringLiteral("Nuke")))
        modifier = ResultModifier::EscalateAll;
    else if (weapon.hasTrait(QStringLiteral("Swarm")) && weapon.weaponClass == WeaponClass::Missile)
        modifier = ResultModifier::DiminishTPlus;
    const DiceOdds odds = computeOdds(out.pool, modifier);

    // Beam Projector: "may re-roll attacks". Re-rolling an [N] is never worse.
    const bool reroll = weapon.weaponClass == WeaponClass::BeamProjector;
    double pNone = 0;
    for (const DiceOdds::Outcome &o : odds.outcomes)
        pNone += (o.d + o.t + o.q) == 0 ? o.p : 0;
    const double weight = reroll ? 1.0 + pNone : 1.0; // E[X] after re-rolling [N]
    out.pSuccess = reroll ? 1.0 - pNone * pNone : 1.0 - pNone;

    for (const DiceOdds::Outcome &o : odds.outcomes) {
        if (capital) {
            out.rating += o.p * o.d;
            out.structure += o.p * (o.t + 2 * o.q);
            out.criticals += o.p * (o.t + 2 * o.q);
            if (weapon.weaponClass == WeaponClass::ParticleCannon)
                out.rating += o.p * (o.t + o.q); // one more damage on [T+]
            if (weapon.weaponClass == WeaponClass::MassDriver && o.d > 0)
                out.criticals += o.p; // one Critical Hit, whatever the number of [D]
        } else {
            out.structure += o.p * (o.d + 2 * o.t + (ctx.squadronQPlusDestroys ? 0 : 3 * o.q));
            if (ctx.squadronQPlusDestroys && o.q > 0)
                out.pDestroyed += o.p;
        }
    }
    out.rating *= weight;
    out.structure *= weight;
    out.criticals *= weight;
    if (reroll)
        out.pDestroyed *= weight;

    if (weapon.weaponClass == WeaponClass::Missile)
        out.notes << QObject::tr("before Point Defense");
    if (weapon.weaponClass == WeaponClass::Lance)
        out.notes << QObject::tr("Assault, Bombing or Dogfight only; +1B per Fuel spent");
    if (weapon.weaponClass == WeaponClass::KineticCannon)
        out.notes << QObject::tr("plus secondary targets on the 1\" line");
    if (weapon.count > 1)
        out.notes << (weapon.hasTrait(QStringLiteral("Link"))
                          ? QObject::tr("each of %1, all for one Fire Control").arg(weapon.count)
                          : QObject::tr("each of %1").arg(weapon.count));
    return out;
}

} // namespace jw
