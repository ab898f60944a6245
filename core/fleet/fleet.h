// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace jw {

class UnitDatabase;

// One model of a fleet list: a unit card, optionally renamed, with its upgrades
// and where it starts the game (on the table or embarked on another entry).
struct FleetEntry
{
    QString unitId; // "alexander"
    QString name; // custom name ("JCS Vigilant"); empty: the unit's name
    std::optional<int> embarkedOn; // index in Fleet::entries of the carrier
    QStringList upgrades; // upgrade ids ("ace-pilot"), in the order taken

    friend bool operator==(const FleetEntry &, const FleetEntry &) = default;
};

// A fleet list: what a player brings to a game of an agreed points value. A
// value: copy it, compare it, keep it in an undo stack. Whether it is legal is
// validateFleet()'s answer (fleetvalidator.h); a Fleet may be any draft.
struct Fleet
{
    QString name; // may be empty
    QString faction; // faction id ("jovian")
    int points = 0; // the agreed limit
    QString rules = QStringLiteral(JW_RULES_VERSION); // rules profile id; see RulesProfile
    std::vector<FleetEntry> entries;

    [[nodiscard]] int size() const { return int(entries.size()); }

    // The name shown for entry `index`: its custom name, else the unit's name,
    // else the unit id (an unknown unit).
    [[nodiscard]] QString entryName(int index, const UnitDatabase &db) const;
    // The entries embarked on entry `index`.
    [[nodiscard]] std::vector<int> embarkedOn(int index) const;
    // The threat value of entry `index`: its unit's TV plus its upgrades' (0 for
    // an unknown unit).
    [[nodiscard]] int entryTv(int index, const UnitDatabase &db) const;
    // The entries entry `index` could start embarked on: Capital Ships with
    // Hangers for a Squadron, with Dock for a Capital Ship (States › Embarked).
    // What a UI offers; validateFleet() has the last word on capacity.
    [[nodiscard]] std::vector<int> carrierCandidates(int index, const UnitDatabase &db) const;

    // Edits that keep every embarkedOn pointing at the same entry: inserting
    // shifts the indexes after `index`; removing an entry puts whatever was
    // embarked on it back on the table.
    void insertEntry(int index, const FleetEntry &entry);
    void removeEntry(int index);
    void moveEntry(int from, int to);

    friend bool operator==(const Fleet &, const Fleet &) = default;
};

// The fleet as a JSON object (name, faction, points, rules, units with name,
// embarked_on and upgrades when set): how game files and campaign files keep
// the fleets they copy.
[[nodiscard]] QJsonObject fleetToJson(const Fleet &fleet);

} // namespace jw
