// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/message.h"

#include <QString>

#include <optional>
#include <vector>

namespace jw {

struct Unit;

// An upgrade card bought for one unit of a fleet (RULINGS.md section 2: v1.2.2
// has none, v1.2.3 has Ace Pilot and Fuel Pods, v1.2.4's are not published).
// Its TV counts toward the fleet total and toward the 25% "Upgrades and static
// defenses" share, never toward the Squadrons share.
struct Upgrade
{
    static inline const QString kAcePilot = QStringLiteral("ace-pilot");
    static inline const QString kFuelPods = QStringLiteral("fuel-pods");

    QString id; // "ace-pilot": the spelling of fleet files
    QString name; // "Ace Pilot"
    int tv = 0;
    bool squadronsOnly = false;
    bool notOnDrones = false; // "a non-Drone squadron"
    bool oncePerFleet = false;
    QString grantsTrait; // the trait the unit gains ("Ace")
    QString summary; // one line, for tooltips
    QString source; // where the card's terms come from

    // Why this upgrade cannot be fitted to `unit`, or nullopt when it can.
    // A Drone is a unit with the Drone trait (the Hachi); the Drones trait of
    // the Traits chapter is a capital ship's system and does not count.
    [[nodiscard]] std::optional<Message> refusal(const Unit &unit) const;

    [[nodiscard]] static const std::vector<Upgrade> &all();
    [[nodiscard]] static const Upgrade *byId(const QString &id);

    friend bool operator==(const Upgrade &, const Upgrade &) = default;
};

} // namespace jw
