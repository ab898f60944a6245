#include "units/unit.h"

#include <QRegularExpression>

#include <algorithm>

namespace jw {

QString unitTypeId(UnitType t)
{
    switch (t) {
    case UnitType::Capital:
        return QStringLiteral("capital");
    case UnitType::ExoArmor:
        return QStringLiteral("exo-armor");
    case UnitType::Fighter:
        return QStringLiteral("fighter");
    }
    return {};
}

QString unitTypeName(UnitType t)
{
    switch (t) {
    case UnitType::Capital:
        return QStringLiteral("Capital Ship");
    case UnitType::ExoArmor:
        return QStringLiteral("Exo-Armor");
    case UnitType::Fighter:
        return QStringLiteral("Fighter");
    }
    return {};
}

std::optional<UnitType> unitTypeFromId(const QString &id)
{
    for (UnitType t : {UnitType::Capital, UnitType::ExoArmor, UnitType::Fighter}) {
        if (unitTypeId(t) == id)
            return t;
    }
    return std::nullopt;
}

const std::vector<WeaponClass> &allWeaponClasses()
{
    static const std::vector<WeaponClass> all {
        WeaponClass::BeamProjector, WeaponClass::KineticCannon, WeaponClass::Lance,
        WeaponClass::MassDriver,    WeaponClass::Missile,       WeaponClass::ParticleCannon};
    return all;
}

QString weaponClassName(WeaponClass c)
{
    switch (c) {
    case WeaponClass::BeamProjector:
        return QStringLiteral("Beam Projector");
    case WeaponClass::KineticCannon:
        return QStringLiteral("Kinetic Cannon");
    case WeaponClass::Lance:
        return QStringLiteral("Lance");
    case WeaponClass::MassDriver:
        return QStringLiteral("Mass Driver");
    case WeaponClass::Missile:
        return QStringLiteral("Missile");
    case WeaponClass::ParticleCannon:
        return QStringLiteral("Particle Cannon");
    }
    return {};
}

QString weaponClassId(WeaponClass c)
{
    return slugify(weaponClassName(c));
}

std::optional<WeaponClass> weaponClassFromId(const QString &id)
{
    for (WeaponClass c : allWeaponClasses()) {
        if (weaponClassId(c) == id)
            return c;
    }
    return std::nullopt;
}

QString arcsToString(quint8 arcs)
{
    if (arcs == ArcTurret)
        return QStringLiteral("T");
    QStringList parts;
    if (arcs & ArcFore)
        parts << QStringLiteral("F");
    if (arcs & ArcPort)
        parts << QStringLiteral("P");
    if (arcs & ArcStarboard)
        parts << QStringLiteral("S");
    if (arcs & ArcAft)
        parts << QStringLiteral("A");
    return parts.join(QLatin1Char('/'));
}

int Track::valueAfter(int marked) const
{
    const int left = size() - std::max(0, marked);
    return left <= 0 ? 0 : boxes[std::size_t(left - 1)];
}

bool Track::isRedundant(int index) const
{
    if (index < 0 || index >= size())
        return false;
    const int v = boxes[std::size_t(index)];
    return std::count(boxes.begin(), boxes.end(), v) > 1;
}

QString Track::toString() const
{
    QStringList parts;
    for (int b : boxes)
        parts << QString::number(b);
    return parts.join(QLatin1Char(' '));
}

Track Track::ofRating(int n)
{
    Track t;
    for (int i = 1; i <= n; ++i)
        t.boxes.push_back(i);
    return t;
}

QString TraitRef::toString() const
{
    return value ? name + QStringLiteral(": ") + QString::number(*value) : name;
}

bool Weapon::hasTrait(const QString &traitName) const
{
    return std::any_of(traits.begin(), traits.end(),
                       [&](const TraitRef &t) { return t.name == traitName; });
}

QString Weapon::ratingText(std::optional<int> r) const
{
    return r ? QString::number(*r) : QStringLiteral("Skill");
}

QString BaseSize::toString() const
{
    if (hex)
        return QStringLiteral("1\" hex");
    return QStringLiteral("%1\" x %2\"").arg(width).arg(length);
}

const TraitRef *Unit::trait(const QString &traitName) const
{
    for (const TraitRef &t : traits) {
        if (t.name == traitName)
            return &t;
    }
    return nullptr;
}

int Unit::weaponInstances() const
{
    int n = 0;
    for (const Weapon &w : weapons)
        n += w.count;
    return n;
}

QString slugify(const QString &name)
{
    static const QRegularExpression nonAlnum(QStringLiteral("[^a-z0-9]+"));
    QString s = name.normalized(QString::NormalizationForm_KD).toLower();
    s.replace(nonAlnum, QStringLiteral("-"));
    while (s.startsWith(QLatin1Char('-')))
        s.remove(0, 1);
    while (s.endsWith(QLatin1Char('-')))
        s.chop(1);
    return s;
}

} // namespace jw
