// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "units/dataissue.h"
#include "units/unit.h"

#include <QByteArray>
#include <QString>

#include <map>
#include <optional>
#include <vector>

namespace jw {

class UnitDatabase;

// One weapon's ratings copied from a printed card, the weapon named as the
// shipped unit names it. A rating not given stays as shipped.
struct WeaponOverride
{
    // ac/as: the model's Skill (a Lance: `ac: skill`).
    static constexpr int kSkillDice = -1;

    QString name; // the shipped weapon's `name`
    std::optional<quint8> arcs; // capital ships only
    std::optional<int> ac; // base dice, or kSkillDice
    std::optional<int> as;
    std::optional<int> macro;
    std::optional<int> count;

    [[nodiscard]] bool isEmpty() const { return !arcs && !ac && !as && !macro && !count; }
    friend bool operator==(const WeaponOverride &, const WeaponOverride &) = default;
};

// One unit's values copied by the user from a printed card: each replaces the
// shipped value, and its source becomes that card, entered by the user.
struct UnitOverride
{
    QString unitId;
    QString card; // which card: "v1.2.3 printed card"; may be empty
    // Keyed as `sources` names them: "tv", "uc", "speed", "turns",
    // "fire_control", "skill", "armor.fore", "armor.sides", "armor.aft".
    std::map<QString, int> values;
    // "structure", "defense", "sensors", "thrusters", "marines", "fuel".
    std::map<QString, Track> tracks;
    // Weapons' ratings, in the unit's weapon order; the source of each becomes
    // "weapons.NAME".
    std::vector<WeaponOverride> weapons;
    SourceLocation source; // where in the overlay file, for messages

    [[nodiscard]] bool isEmpty() const
    {
        return values.empty() && tracks.empty() && weapons.empty();
    }
    [[nodiscard]] const WeaponOverride *weapon(const QString &name) const;
    // The field names overridden, in card order ("weapons.NAME" for a weapon).
    [[nodiscard]] QStringList fields() const;

    friend bool operator==(const UnitOverride &a, const UnitOverride &b)
    {
        return a.unitId == b.unitId && a.card == b.card && a.values == b.values
            && a.tracks == b.tracks && a.weapons == b.weapons;
    }
};

// The user data file (data/factions/README.md, "Values from a printed card"):
// per unit, values entered from a printed card, read over the shipped data.
// All or nothing: an overlay with any error changes no unit.
struct UserOverlay
{
    QString file; // shown in messages
    std::vector<UnitOverride> units; // in file order
    std::vector<DataIssue> issues;

    [[nodiscard]] bool hasErrors() const;
    [[nodiscard]] bool isEmpty() const { return units.empty(); }
    [[nodiscard]] const UnitOverride *unit(const QString &id) const;
    // Sets (or, when `o` is empty, removes) the override of o.unitId.
    void set(const UnitOverride &o);

    // The values of the overlay as one entry of `values`/`tracks` for each
    // field it may hold: the scalar ones and the tracks.
    [[nodiscard]] static const QStringList &valueFields();
    [[nodiscard]] static const QStringList &trackFields();

    // Reads and checks `yaml` against `db` (the shipped units): unknown units
    // and keys, wrong types and values out of the unit limits are errors with
    // file, line and column; any error leaves `units` empty.
    [[nodiscard]] static UserOverlay parse(const QByteArray &yaml, const QString &displayName,
                                           const UnitDatabase &db);
    // A missing file is an empty overlay, without issues.
    [[nodiscard]] static UserOverlay load(const QString &path, const UnitDatabase &db);
    [[nodiscard]] QByteArray toYaml() const;
    // Atomic (io::OutputFile); the error in words, nullopt when written.
    [[nodiscard]] std::optional<QString> save(const QString &path) const;

    // `db` with every override applied (sources: card, userEntered); a unit
    // whose estimated values are all replaced is no longer provisional.
    [[nodiscard]] UnitDatabase applyTo(const UnitDatabase &db) const;
    [[nodiscard]] static Unit applied(const Unit &shipped, const UnitOverride &o);

    // The overlay file: $JW_USER_DATA/units.yaml when JW_USER_DATA is set (a
    // folder), else jwfleet/units.yaml in the user's data folder
    // (~/.local/share/jwfleet/units.yaml on Linux), the same for jwfleet and
    // jwfleet-cli. Empty when
    // JW_NO_USER_DATA is set to anything but 0: shipped data only.
    [[nodiscard]] static QString defaultPath();
};

} // namespace jw
