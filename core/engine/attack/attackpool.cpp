// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/attackpool.h"
#include "engine/messageids.h"
#include "engine/poolsteprule.h"

#include "fleet/upgrade.h"

#include <array>
#include <cstdlib>
#include <utility>

namespace jw {

namespace {

QString signedDice(int n, char16_t kind)
{
    return (n >= 0 ? QStringLiteral("+") : QStringLiteral("-")) + QString::number(std::abs(n))
        + QChar(kind);
}

} // namespace

QString poolStepRule(const PoolStep &step)
{
    // One line per kind of reason PoolBuilder is given (attackpool.cpp, attack.cpp).
    static const std::array<std::pair<MsgId, const char *>, 33> rules {{
        {MsgId::PoolLanceSkill, "Weapons › Lance"},
        {MsgId::PoolAsAsAc, "Assault"},
        {MsgId::PoolWeaponAc, "Attack › Weapon Attributes"},
        {MsgId::PoolWeaponAs, "Attack › Weapon Attributes"},
        {MsgId::PoolShortRange, "Attack › Attack Bonus"},
        {MsgId::PoolStationKeeping, "Attack › Attack Bonus"},
        {MsgId::PoolAce, "Attack › Attack Bonus"},
        {MsgId::PoolSniper, "Attack › Attack Bonus"},
        {MsgId::PoolDogfight, "Attack › Attack Bonus"},
        {MsgId::PoolAssault, "Attack › Attack Bonus"},
        {MsgId::PoolBombing, "Attack › Attack Bonus"},
        {MsgId::PoolInPortArc, "Attack › Attack Bonus"},
        {MsgId::PoolInStarboardArc, "Attack › Attack Bonus"},
        {MsgId::PoolInAftArc, "Attack › Attack Bonus"},
        {MsgId::PoolForeArmor, "Attack › Armor"},
        {MsgId::PoolPortArmor, "Attack › Armor"},
        {MsgId::PoolStarboardArmor, "Attack › Armor"},
        {MsgId::PoolAftArmor, "Attack › Armor"},
        {MsgId::PoolArmor, "Attack › Armor"},
        {MsgId::PoolWeaponMacro, "Attack › Weapon Attributes"},
        {MsgId::PoolEcm, "Traits › ECM"},
        {MsgId::PoolKineticSecondary, "Weapons › Kinetic Cannon"},
        {MsgId::PoolMineSweeper, "Traits › Mine Sweeper Array"},
        {MsgId::PoolTender, "Traits › Tender"},
        {MsgId::PoolEvasive, "Traits › Evasive"},
        {MsgId::PoolDrones, "Traits › Drones"},
        {MsgId::PoolExplosionInner, "Explosion"},
        {MsgId::PoolExplosionOuter, "Explosion"},
        {MsgId::PoolStartingStructure, "Explosion"},
        {MsgId::PoolWithin3, "Explosion"},
        // The defence rolls' (defenceStepRule: a Barrier's Base Pool is its own).
        {MsgId::PoolDefense, "Attack › Point Defense"},
        {MsgId::PoolFriendWithin3, "Attack › Point Defense"},
        {MsgId::PoolDefenseTerrain, "Terrain"},
    }};
    if (step.whyMessage.isEmpty())
        return {};
    for (const auto &[id, rule] : rules)
        if (step.whyMessage.id() == id)
            return QString::fromUtf8(rule);
    return {};
}

QString defenceStepRule(const AttackDefence &defence, const PoolStep &step)
{
    if (defence.kind == AttackDefence::Barrier && !step.whyMessage.isEmpty()
        && step.whyMessage.id() == MsgId::PoolDefense)
        return QStringLiteral("Traits › Barrier");
    return poolStepRule(step);
}

QString resultRuleSection(const ResultRule &rule)
{
    // One line per kind of rule previewAttack() lists (attack.cpp).
    static const std::array<std::pair<MsgId, const char *>, 14> sections {{
        {MsgId::BeamProjector, "Weapons › Beam Projector"},
        {MsgId::ActionConcentratedFire, "Actions › Concentrated Fire"},
        {MsgId::RerollTd, "Traits › TD"},
        {MsgId::ActionLockOn, "Action › Lock On"},
        {MsgId::Swarm, "Traits › Swarm"},
        {MsgId::TargetIsAssaulting, "States › Assaulting"},
        {MsgId::LongRangeSensorsTestN, "Action › Long Range Sensors"},
        {MsgId::EnergyArmorOf, "Traits › Energy Armor"},
        {MsgId::ReactiveArmorOf, "Traits › Reactive Armor"},
        {MsgId::Nuke, "Traits › Nuke"},
        {MsgId::ShieldOf, "Traits › Shield"},
        {MsgId::Precise, "Traits › Precise"},
        {MsgId::ParticleCannon, "Weapons › Particle Cannon"},
        {MsgId::MassDriver, "Weapons › Mass Driver"},
    }};
    if (!rule.ruleMessage.isEmpty())
        for (const auto &[id, section] : sections)
            if (rule.ruleMessage.id() == id)
                return QString::fromUtf8(section);
    return rule.rule;
}

void PoolBuilder::setBase(int n, const Message &why)
{
    const QString text = why.english();
    pool.base = n;
    mods << QStringLiteral("%1B %2").arg(n).arg(text);
    steps.push_back({PoolStep::Base, n, true, false, text, why});
}

void PoolBuilder::addBase(int n, const Message &why)
{
    const QString text = why.english();
    pool.base += n;
    mods << signedDice(n, u'B') + u' ' + text;
    steps.push_back({PoolStep::Base, n, false, false, text, why});
}

void PoolBuilder::addBonus(int n, const Message &why)
{
    const QString text = why.english();
    pool.flex += n;
    bonusFlex += n;
    mods << signedDice(n, u'F') + u' ' + text;
    steps.push_back({PoolStep::Flex, n, false, true, text, why});
}

void PoolBuilder::addFlex(int n, const Message &why)
{
    const QString text = why.english();
    pool.flex += n;
    mods << signedDice(n, u'F') + u' ' + text;
    steps.push_back({PoolStep::Flex, n, false, false, text, why});
}

void PoolBuilder::addMacro(int n, const Message &why)
{
    const QString text = why.english();
    pool.macro += n;
    mods << signedDice(n, u'M') + u' ' + text;
    steps.push_back({PoolStep::Macro, n, false, false, text, why});
}

void PoolBuilder::moveBaseToMacro(int base, const Message &why)
{
    const QString text = why.english();
    const int diff = pool.base - base;
    mods << QStringLiteral("%1: Base Pool %2B -> %3B, +%4M")
                .arg(text)
                .arg(pool.base)
                .arg(base)
                .arg(diff);
    pool.base = base;
    pool.macro += diff;
    steps.push_back({PoolStep::Base, -diff, false, false, text, why});
    steps.push_back({PoolStep::Macro, diff, false, false, text, why});
}

QString arcName(quint8 arc)
{
    switch (arc) {
    case ArcFore:
        return QStringLiteral("Fore");
    case ArcPort:
        return QStringLiteral("Port");
    case ArcStarboard:
        return QStringLiteral("Starboard");
    case ArcAft:
        return QStringLiteral("Aft");
    default:
        return arcsToString(arc);
    }
}

int armorOfArc(const Unit &u, quint8 arc)
{
    switch (arc) {
    case ArcFore:
        return u.armor.fore;
    case ArcPort:
    case ArcStarboard:
        return u.armor.sides;
    case ArcAft:
        return u.armor.aft;
    default:
        return 0;
    }
}

bool hasAce(const Unit &u, const Weapon *w, const QStringList &upgrades)
{
    return (w && w->hasTrait(QStringLiteral("Ace"))) || u.hasTrait(QStringLiteral("Ace"))
        || upgrades.contains(Upgrade::kAcePilot);
}

int setWeaponBase(PoolBuilder &pb, const Weapon &w, int skill, const QString &attackerName,
                  bool capitalTarget, AttackWindow window)
{
    if (w.weaponClass == WeaponClass::Lance) {
        pb.setBase(skill, Message(MsgId::PoolLanceSkill, {w.name, attackerName}));
        return skill;
    }
    int rating = (capitalTarget ? w.ac : w.as).value_or(0);
    if (window == AttackWindow::Assault && capitalTarget && w.as.value_or(0) > rating) {
        rating = w.as.value_or(0);
        pb.setBase(rating, Message(MsgId::PoolAsAsAc, {w.name}));
    } else {
        pb.setBase(rating,
                   Message(capitalTarget ? MsgId::PoolWeaponAc : MsgId::PoolWeaponAs, {w.name}));
    }
    return rating;
}

void addAttackBonusTable(PoolBuilder &pb, const AttackBonusCase &c)
{
    const bool activation = c.window == AttackWindow::Activation;
    if (activation && c.shortRange)
        pb.addBonus(1, Message(MsgId::PoolShortRange));
    if (activation)
        addArcBonus(pb, c.targetName, c.arc);
    if (c.stationKeeping)
        pb.addBonus(1, Message(MsgId::PoolStationKeeping, {c.targetName}));
    if (c.ace)
        pb.addBonus(1, Message(MsgId::PoolAce));
    if (activation && c.sniper)
        pb.addBonus(1, Message(MsgId::PoolSniper));
    if (c.window == AttackWindow::Dogfight)
        pb.addBonus(1, Message(MsgId::PoolDogfight));
    if (c.window == AttackWindow::Assault)
        pb.addBonus(2, Message(MsgId::PoolAssault));
    if (c.window == AttackWindow::Bombing)
        pb.addBonus(1, Message(MsgId::PoolBombing));
}

void addArcBonus(PoolBuilder &pb, const QString &targetName, quint8 arc)
{
    if (arc == ArcPort || arc == ArcStarboard)
        pb.addBonus(1,
                    Message(arc == ArcPort ? MsgId::PoolInPortArc : MsgId::PoolInStarboardArc,
                            {targetName}));
    else if (arc == ArcAft)
        pb.addBonus(2, Message(MsgId::PoolInAftArc, {targetName}));
}

void addArmor(PoolBuilder &pb, int armor, quint8 arc)
{
    if (armor <= 0)
        return;
    switch (arc) {
    case ArcFore:
        return pb.addMacro(-armor, Message(MsgId::PoolForeArmor));
    case ArcPort:
        return pb.addMacro(-armor, Message(MsgId::PoolPortArmor));
    case ArcStarboard:
        return pb.addMacro(-armor, Message(MsgId::PoolStarboardArmor));
    case ArcAft:
        return pb.addMacro(-armor, Message(MsgId::PoolAftArmor));
    default:
        return pb.addMacro(-armor, Message(MsgId::PoolArmor, {arcName(arc)}));
    }
}

void addArmor(PoolBuilder &pb, const Unit &target, quint8 arc)
{
    addArmor(pb, armorOfArc(target, arc), arc);
}

void addMacroAndArmor(PoolBuilder &pb, const Weapon &w, bool capitalTarget, AttackWindow window,
                      int armor, quint8 arc)
{
    if (w.macro != 0)
        pb.addMacro(w.macro, Message(MsgId::PoolWeaponMacro, {w.name}));
    if (capitalTarget && window != AttackWindow::Assault && window != AttackWindow::Bombing)
        addArmor(pb, armor, arc);
}

} // namespace jw
