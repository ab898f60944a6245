#include "engine/attackpool.h"

#include "fleet/upgrade.h"

#include <cstdlib>

namespace jw {

namespace {

QString signedDice(int n, char16_t kind)
{
    return (n >= 0 ? QStringLiteral("+") : QStringLiteral("-")) + QString::number(std::abs(n))
        + QChar(kind);
}

} // namespace

void PoolBuilder::setBase(int n, const QString &why)
{
    pool.base = n;
    mods << QStringLiteral("%1B %2").arg(n).arg(why);
    steps.push_back({PoolStep::Base, n, true, false, why});
}

void PoolBuilder::addBase(int n, const QString &why)
{
    pool.base += n;
    mods << signedDice(n, u'B') + u' ' + why;
    steps.push_back({PoolStep::Base, n, false, false, why});
}

void PoolBuilder::addBonus(int n, const QString &why)
{
    pool.flex += n;
    bonusFlex += n;
    mods << signedDice(n, u'F') + u' ' + why;
    steps.push_back({PoolStep::Flex, n, false, true, why});
}

void PoolBuilder::addFlex(int n, const QString &why)
{
    pool.flex += n;
    mods << signedDice(n, u'F') + u' ' + why;
    steps.push_back({PoolStep::Flex, n, false, false, why});
}

void PoolBuilder::addMacro(int n, const QString &why)
{
    pool.macro += n;
    mods << signedDice(n, u'M') + u' ' + why;
    steps.push_back({PoolStep::Macro, n, false, false, why});
}

void PoolBuilder::moveBaseToMacro(int base, const QString &why)
{
    const int diff = pool.base - base;
    mods << QStringLiteral("%1: Base Pool %2B -> %3B, +%4M")
                .arg(why)
                .arg(pool.base)
                .arg(base)
                .arg(diff);
    pool.base = base;
    pool.macro += diff;
    steps.push_back({PoolStep::Base, -diff, false, false, why});
    steps.push_back({PoolStep::Macro, diff, false, false, why});
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
        pb.setBase(skill, QStringLiteral("%1: %2's Skill").arg(w.name, attackerName));
        return skill;
    }
    int rating = (capitalTarget ? w.ac : w.as).value_or(0);
    if (window == AttackWindow::Assault && capitalTarget && w.as.value_or(0) > rating) {
        rating = w.as.value_or(0);
        pb.setBase(rating, QStringLiteral("%1 AS as AC (Assault)").arg(w.name));
    } else {
        pb.setBase(rating,
                   QStringLiteral("%1 %2").arg(
                       w.name, capitalTarget ? QStringLiteral("AC") : QStringLiteral("AS")));
    }
    return rating;
}

void addAttackBonusTable(PoolBuilder &pb, const AttackBonusCase &c)
{
    const bool activation = c.window == AttackWindow::Activation;
    if (activation && c.shortRange)
        pb.addBonus(1, QStringLiteral("short range"));
    if (activation)
        addArcBonus(pb, c.targetName, c.arc);
    if (c.stationKeeping)
        pb.addBonus(1, QStringLiteral("%1 is Station Keeping").arg(c.targetName));
    if (c.ace)
        pb.addBonus(1, QStringLiteral("Ace"));
    if (activation && c.sniper)
        pb.addBonus(1, QStringLiteral("Sniper"));
    if (c.window == AttackWindow::Dogfight)
        pb.addBonus(1, QStringLiteral("Dogfight"));
    if (c.window == AttackWindow::Assault)
        pb.addBonus(2, QStringLiteral("Assault"));
    if (c.window == AttackWindow::Bombing)
        pb.addBonus(1, QStringLiteral("Bombing"));
}

void addArcBonus(PoolBuilder &pb, const QString &targetName, quint8 arc)
{
    if (arc == ArcPort || arc == ArcStarboard)
        pb.addBonus(1, QStringLiteral("in %1's %2 arc").arg(targetName, arcName(arc)));
    else if (arc == ArcAft)
        pb.addBonus(2, QStringLiteral("in %1's Aft arc").arg(targetName));
}

void addArmor(PoolBuilder &pb, int armor, quint8 arc)
{
    if (armor > 0)
        pb.addMacro(-armor, QStringLiteral("%1 armor").arg(arcName(arc)));
}

void addArmor(PoolBuilder &pb, const Unit &target, quint8 arc)
{
    addArmor(pb, armorOfArc(target, arc), arc);
}

void addMacroAndArmor(PoolBuilder &pb, const Weapon &w, bool capitalTarget, AttackWindow window,
                      int armor, quint8 arc)
{
    if (w.macro != 0)
        pb.addMacro(w.macro, QStringLiteral("%1 Macro").arg(w.name));
    if (capitalTarget && window != AttackWindow::Assault && window != AttackWindow::Bombing)
        addArmor(pb, armor, arc);
}

} // namespace jw
