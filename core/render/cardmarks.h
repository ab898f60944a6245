// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <map>
#include <vector>

namespace jw {

// The rating tracks printed on a card (Unit Cards; Damage). Capital ships have
// Structure, Defense, Sensors, Thrusters and Marines; squadrons Structure and Fuel.
enum class CardTrack {
    Structure,
    Defense,
    Sensors,
    Thrusters,
    Marines,
    Fuel
};

[[nodiscard]] inline QString cardTrackId(CardTrack t)
{
    switch (t) {
    case CardTrack::Structure:
        return QStringLiteral("structure");
    case CardTrack::Defense:
        return QStringLiteral("defense");
    case CardTrack::Sensors:
        return QStringLiteral("sensors");
    case CardTrack::Thrusters:
        return QStringLiteral("thrusters");
    case CardTrack::Marines:
        return QStringLiteral("marines");
    case CardTrack::Fuel:
        return QStringLiteral("fuel");
    }
    return {};
}

[[nodiscard]] inline QString cardTrackName(CardTrack t)
{
    QString id = cardTrackId(t);
    if (!id.isEmpty())
        id[0] = id[0].toUpper();
    return id;
}

// The damage marked on a card, independent of the engine: the game table and the
// physical-game tracker fill it from their own state. Default: a fresh card.
//
// Rating tracks and System Traits are marked from the top (the highest unmarked
// box, Damage: Rating Damage); weapon boxes from the first instance.
struct CardMarks
{
    int structure = 0;
    int defense = 0;
    int sensors = 0;
    int thrusters = 0;
    int marines = 0;
    int fuel = 0;
    std::map<int, int> weapons; // index into Unit::weapons -> damaged instances
    std::map<int, int> traits; // index into Unit::traits -> marked boxes

    [[nodiscard]] int marked(CardTrack t) const
    {
        switch (t) {
        case CardTrack::Structure:
            return structure;
        case CardTrack::Defense:
            return defense;
        case CardTrack::Sensors:
            return sensors;
        case CardTrack::Thrusters:
            return thrusters;
        case CardTrack::Marines:
            return marines;
        case CardTrack::Fuel:
            return fuel;
        }
        return 0;
    }

    void setMarked(CardTrack t, int boxes)
    {
        switch (t) {
        case CardTrack::Structure:
            structure = boxes;
            break;
        case CardTrack::Defense:
            defense = boxes;
            break;
        case CardTrack::Sensors:
            sensors = boxes;
            break;
        case CardTrack::Thrusters:
            thrusters = boxes;
            break;
        case CardTrack::Marines:
            marines = boxes;
            break;
        case CardTrack::Fuel:
            fuel = boxes;
            break;
        }
    }

    [[nodiscard]] int weaponDamaged(int weaponIndex) const
    {
        const auto it = weapons.find(weaponIndex);
        return it == weapons.end() ? 0 : it->second;
    }

    [[nodiscard]] int traitMarked(int traitIndex) const
    {
        const auto it = traits.find(traitIndex);
        return it == traits.end() ? 0 : it->second;
    }

    [[nodiscard]] bool isFresh() const
    {
        auto none = [](const std::map<int, int> &m) {
            for (const auto &[index, count] : m) {
                if (count > 0)
                    return false;
            }
            return true;
        };
        return structure <= 0 && defense <= 0 && sensors <= 0 && thrusters <= 0 && marines <= 0
            && fuel <= 0 && none(weapons) && none(traits);
    }

    friend bool operator==(const CardMarks &, const CardMarks &) = default;
};

} // namespace jw
