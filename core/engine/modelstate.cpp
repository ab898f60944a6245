// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/modelstate.h"

#include <algorithm>

namespace jw {

namespace {
const std::array<std::pair<Location, const char *>, 5> kLocations {{
    {Location::Reserve, "reserve"},
    {Location::Embarked, "embarked"},
    {Location::Table, "table"},
    {Location::Destroyed, "destroyed"},
    {Location::Withdrawn, "withdrawn"},
}};
struct FlagInfo
{
    ModelFlag flag;
    const char *id;
    const char *name;
};
const std::array<FlagInfo, 9> kFlags {{
    {FlagCrippled, "crippled", "Crippled"},
    {FlagCaptured, "captured", "Captured"},
    {FlagDisrupted, "disrupted", "Disrupted"},
    {FlagEvading, "evading", "Evading"},
    {FlagStationKeeping, "station-keeping", "Station Keeping"},
    {FlagStealthed, "stealthed", "Stealthed"},
    {FlagReturnToBase, "return-to-base", "Return to Base"},
    {FlagAssaulting, "assaulting", "Assaulting"},
    {FlagBoarded, "boarded", "Boarded"},
}};
} // namespace

QString locationId(Location l)
{
    for (const auto &[loc, id] : kLocations)
        if (loc == l)
            return QString::fromLatin1(id);
    return {};
}

std::optional<Location> locationFromId(const QString &id)
{
    for (const auto &[loc, name] : kLocations)
        if (id == QLatin1String(name))
            return loc;
    return std::nullopt;
}

QStringList flagIds(quint32 flags)
{
    QStringList out;
    for (const FlagInfo &f : kFlags)
        if (flags & f.flag)
            out << QString::fromLatin1(f.id);
    return out;
}

quint32 flagFromId(const QString &id)
{
    for (const FlagInfo &f : kFlags)
        if (id == QLatin1String(f.id))
            return f.flag;
    return 0;
}

QString flagName(ModelFlag flag)
{
    for (const FlagInfo &f : kFlags)
        if (f.flag == flag)
            return QString::fromLatin1(f.name);
    return {};
}

QString ratingId(Rating r)
{
    return ratingName(r).toLower();
}

QString ratingName(Rating r)
{
    switch (r) {
    case Rating::Structure:
        return QStringLiteral("Structure");
    case Rating::Defense:
        return QStringLiteral("Defense");
    case Rating::Sensors:
        return QStringLiteral("Sensors");
    case Rating::Thrusters:
        return QStringLiteral("Thrusters");
    case Rating::Marines:
        return QStringLiteral("Marines");
    case Rating::Fuel:
        return QStringLiteral("Fuel");
    }
    return {};
}

const Track &ModelView::track(Rating r) const
{
    switch (r) {
    case Rating::Structure:
        return m_unit.structure;
    case Rating::Defense:
        return m_unit.defense;
    case Rating::Sensors:
        return m_unit.sensors;
    case Rating::Thrusters:
        return m_unit.thrusters;
    case Rating::Marines:
        return m_unit.marines;
    case Rating::Fuel:
        return m_unit.fuel;
    }
    return m_unit.structure;
}

int ModelView::lost(Rating r) const
{
    switch (r) {
    case Rating::Structure:
        return m_model.structureLost;
    case Rating::Defense:
        return m_model.defenseLost;
    case Rating::Sensors:
        return m_model.sensorsLost;
    case Rating::Thrusters:
        return m_model.thrustersLost;
    case Rating::Marines:
        return m_model.marinesLost;
    case Rating::Fuel:
        return m_model.fuelSpent;
    }
    return 0;
}

int ModelView::rating(Rating r) const
{
    if (r == Rating::Marines && m_unit.isSquadron())
        return m_unit.trait(QStringLiteral("Marines"))
            ? std::max(0, traitValue(QStringLiteral("Marines")) - m_model.marinesLost)
            : 0;
    return track(r).valueAfter(lost(r));
}

int ModelView::starting(Rating r) const
{
    if (r == Rating::Marines && m_unit.isSquadron())
        return traitValue(QStringLiteral("Marines"));
    return track(r).start();
}

int ModelView::fuel() const
{
    return std::max(0, m_unit.fuel.start() - m_model.fuelSpent);
}

int ModelView::fireControl() const
{
    int fc = m_unit.fireControl;
    // Crippled, Captured: "reduced to Fire Control: 1"; Evading: "considered to have
    // Fire Control: 1"; Disrupted: one less, to a minimum of 1.
    if (m_model.has(FlagCrippled) || m_model.has(FlagCaptured) || m_model.has(FlagEvading))
        fc = std::min(fc, 1);
    if (m_model.has(FlagDisrupted))
        fc = std::max(std::min(fc, 1), fc - 1);
    return fc;
}

int ModelView::fireControlLeft() const
{
    return std::max(0, fireControl() - m_model.fireControlSpent);
}

int ModelView::skill() const
{
    int renowned = 0;
    for (const TraitRef &t : m_unit.traits)
        renowned += t.name == QLatin1String("Renowned") ? 1 : 0;
    return m_unit.skill + renowned;
}

int ModelView::speed() const
{
    return m_model.has(FlagStationKeeping) ? 0 : m_unit.speed;
}

int ModelView::minMove() const
{
    if (m_unit.isSquadron() || m_model.has(FlagStationKeeping))
        return 0;
    return std::max(0, m_unit.speed - rating(Rating::Thrusters));
}

int ModelView::maxMove() const
{
    if (m_model.has(FlagStationKeeping) || m_unit.hasTrait(QStringLiteral("Static")))
        return 0;
    if (m_unit.isSquadron())
        return m_unit.speed;
    return m_unit.speed + rating(Rating::Thrusters);
}

int ModelView::maxTurns() const
{
    return std::min(m_unit.turns, rating(Rating::Thrusters));
}

int ModelView::weaponInstancesLeft(int weapon) const
{
    if (weapon < 0 || weapon >= int(m_unit.weapons.size()))
        return 0;
    const int damaged = weapon < int(m_model.weaponsDamaged.size())
        ? m_model.weaponsDamaged[std::size_t(weapon)]
        : 0;
    return std::max(0, m_unit.weapons[std::size_t(weapon)].count - damaged);
}

bool ModelView::traitWorks(const QString &trait) const
{
    for (int i = 0; i < int(m_unit.traits.size()); ++i) {
        const TraitRef &t = m_unit.traits[std::size_t(i)];
        if (t.name != trait)
            continue;
        if (!t.system || !systemDamaged(i))
            return true;
    }
    return false;
}

bool ModelView::systemDamaged(int i) const
{
    const TraitRef &t = m_unit.traits[std::size_t(i)];
    if (!t.system)
        return false;
    const int marked
        = i < int(m_model.traitsDamaged.size()) ? m_model.traitsDamaged[std::size_t(i)] : 0;
    return marked >= t.boxes
        || (t.name == QLatin1String("Countermeasures") && rating(Rating::Defense) == 0);
}

int ModelView::traitValue(const QString &trait) const
{
    int sum = 0; // "Multiple instances of a trait are cumulative"
    for (const TraitRef &t : m_unit.traits)
        if (t.name == trait)
            sum += t.value.value_or(1);
    return sum;
}

int ModelView::systemsAtZero() const
{
    int n = 0;
    for (Rating r : {Rating::Defense, Rating::Sensors, Rating::Thrusters})
        n += rating(r) == 0 ? 1 : 0;
    for (int i = 0; i < int(m_unit.traits.size()); ++i)
        n += systemDamaged(i) ? 1 : 0;
    return n;
}

BaseShape ModelView::base() const
{
    return BaseShape(m_unit.base, m_model.placement);
}

} // namespace jw
