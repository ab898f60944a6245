// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleet/upgrade.h"

#include "engine/messageids.h"

#include "units/unit.h"

namespace jw {

namespace {

const QString kDrone = QStringLiteral("Drone");

std::vector<Upgrade> makeUpgrades()
{
    const QString source = QStringLiteral(
        "RULINGS.md 2 (v1.2.3 published pages): \"Ace Pilot (squadron, 5 TV: a non-Drone "
        "squadron gains Ace), Fuel Pods (squadron, 1 TV, once per fleet: gains Fuel Pods)\"");
    Upgrade ace;
    ace.id = Upgrade::kAcePilot;
    ace.name = QStringLiteral("Ace Pilot");
    ace.tv = 5;
    ace.squadronsOnly = true;
    ace.notOnDrones = true;
    ace.grantsTrait = QStringLiteral("Ace");
    ace.summary
        = QStringLiteral("A non-Drone squadron gains Ace (+1 Flex Die on each attack roll).");
    ace.source = source;

    Upgrade pods;
    pods.id = Upgrade::kFuelPods;
    pods.name = QStringLiteral("Fuel Pods");
    pods.tv = 1;
    pods.squadronsOnly = true;
    pods.oncePerFleet = true;
    pods.grantsTrait = QStringLiteral("Fuel Pods");
    pods.summary = QStringLiteral("A squadron gains Fuel Pods (once per game: +2 Fuel and an "
                                  "extra Boost or no Return to Base). Once per fleet.");
    pods.source = source;
    return {ace, pods};
}

} // namespace

std::optional<Message> Upgrade::refusal(const Unit &unit) const
{
    if (squadronsOnly && !unit.isSquadron())
        return Message(MsgId::UpgradeForSquadrons, {name, unit.name});
    if (notOnDrones && unit.hasTrait(kDrone))
        return Message(MsgId::UpgradeForNonDrones, {name, unit.name});
    return std::nullopt;
}

const std::vector<Upgrade> &Upgrade::all()
{
    static const std::vector<Upgrade> upgrades = makeUpgrades();
    return upgrades;
}

const Upgrade *Upgrade::byId(const QString &id)
{
    for (const Upgrade &u : all()) {
        if (u.id == id)
            return &u;
    }
    return nullptr;
}

} // namespace jw
