// SPDX-License-Identifier: GPL-3.0-or-later
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

std::optional<quint8> arcsFromString(const QString &text)
{
    quint8 arcs = ArcNone;
    for (const QString &raw : text.split(QLatin1Char('/'))) {
        const QString p = raw.trimmed().toUpper();
        if (p == QLatin1String("F"))
            arcs |= ArcFore;
        else if (p == QLatin1String("P"))
            arcs |= ArcPort;
        else if (p == QLatin1String("S"))
            arcs |= ArcStarboard;
        else if (p == QLatin1String("A"))
            arcs |= ArcAft;
        else if (p == QLatin1String("T"))
            arcs |= ArcTurret;
        else
            return std::nullopt;
    }
    return arcs;
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

QString ValueSource::kindId() const
{
    switch (kind) {
    case Kind::Rules:
        return QStringLiteral("rules");
    case Kind::Card:
        return QStringLiteral("card");
    case Kind::Estimate:
        return QStringLiteral("estimate");
    }
    return {};
}

std::optional<ValueSource::Kind> ValueSource::kindFromId(const QString &id)
{
    for (Kind k : {Kind::Rules, Kind::Card, Kind::Estimate}) {
        if (ValueSource {k, {}}.kindId() == id)
            return k;
    }
    return std::nullopt;
}

QString ValueSource::toString() const
{
    QString s;
    switch (kind) {
    case Kind::Rules:
        s = QStringLiteral("rules");
        break;
    case Kind::Card:
        s = QStringLiteral("printed card");
        break;
    case Kind::Estimate:
        s = QStringLiteral("jwfleet's estimate");
        break;
    }
    if (!where.isEmpty())
        s = QStringLiteral("%1 (%2)").arg(s, where);
    return userEntered ? s + QStringLiteral(", entered by the user") : s;
}

const QStringList &sourceFields()
{
    static const QStringList fields {
        QStringLiteral("type"),        QStringLiteral("tv"),        QStringLiteral("uc"),
        QStringLiteral("speed"),       QStringLiteral("turns"),     QStringLiteral("fire_control"),
        QStringLiteral("skill"),       QStringLiteral("armor"),     QStringLiteral("armor.fore"),
        QStringLiteral("armor.sides"), QStringLiteral("armor.aft"), QStringLiteral("structure"),
        QStringLiteral("defense"),     QStringLiteral("sensors"),   QStringLiteral("thrusters"),
        QStringLiteral("marines"),     QStringLiteral("fuel"),      QStringLiteral("weapons"),
        QStringLiteral("traits"),      QStringLiteral("base"),
    };
    return fields;
}

ValueSource Unit::sourceOf(const QString &field) const
{
    if (auto it = sources.find(field); it != sources.end())
        return it->second;
    const qsizetype dot = field.indexOf(QLatin1Char('.'));
    if (dot > 0) {
        if (auto it = sources.find(field.left(dot)); it != sources.end())
            return it->second;
    }
    return defaultSource;
}

QStringList Unit::valueFields() const
{
    QStringList out {QStringLiteral("type"), QStringLiteral("tv")};
    if (unitCap > 0)
        out << QStringLiteral("uc");
    out << QStringLiteral("speed");
    if (isCapital())
        out << QStringLiteral("turns");
    out << QStringLiteral("fire_control") << QStringLiteral("skill");
    if (isCapital())
        out << QStringLiteral("armor.fore") << QStringLiteral("armor.sides")
            << QStringLiteral("armor.aft");
    out << QStringLiteral("structure") << QStringLiteral("defense") << QStringLiteral("sensors");
    if (isCapital()) {
        out << QStringLiteral("thrusters");
        if (!marines.isEmpty())
            out << QStringLiteral("marines");
    } else {
        out << QStringLiteral("fuel");
    }
    for (const Weapon &w : weapons)
        out << QStringLiteral("weapons.") + w.name;
    if (!traits.empty())
        out << QStringLiteral("traits");
    out << QStringLiteral("base");
    return out;
}

QStringList Unit::estimatedFields() const
{
    QStringList out;
    for (const QString &f : valueFields()) {
        if (!sourceOf(f).isPublished())
            out << f;
    }
    return out;
}

QStringList Unit::userEnteredFields() const
{
    QStringList out;
    for (const QString &f : valueFields()) {
        if (sourceOf(f).userEntered)
            out << f;
    }
    return out;
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
