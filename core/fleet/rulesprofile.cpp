// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleet/rulesprofile.h"

#include "fleet/upgrade.h"

#include <algorithm>

namespace jw {

namespace {

std::vector<RulesProfile> makeProfiles()
{
    const GameSize engagement {QStringLiteral("engagement"), QStringLiteral("Engagement"), 250};
    const GameSize fleetBattle {QStringLiteral("fleet-battle"), QStringLiteral("Fleet Battle"),
                                500};

    // v1.2.2: the complete rulebook (Fleet chapter). No Unit Cap, no upgrades
    // ("Upgrades are temporarily removed from the game").
    RulesProfile v122;
    v122.id = QStringLiteral("v1.2.2");
    v122.title = QStringLiteral("Jovian Wars v1.2.2");
    v122.gameSizes
        = {{QStringLiteral("skirmish"), QStringLiteral("Skirmish"), 100}, engagement, fleetBattle};

    // v1.2.3: Skirmish 150, Unit Cap, Ace Pilot and Fuel Pods; the states text's
    // Explosion, Assaulting, Boarded and Withdrawn changes.
    RulesProfile v123 = v122;
    v123.id = QStringLiteral("v1.2.3");
    v123.title = QStringLiteral("Jovian Wars v1.2.3");
    v123.gameSizes.front().points = 150;
    v123.unitCap = true;
    v123.upgrades = {Upgrade::kAcePilot, Upgrade::kFuelPods};
    v123.explosion = ExplosionRule::ParticleCannon;
    v123.assaulting = AssaultingRule::BombingRun;
    v123.boardedMayBoard = false;
    v123.withdrawnByLeavingPlay = true;

    // v1.2.4: as v1.2.3 where its (shorter) states text is silent; secret
    // deployment; Squadron [Q+] is -3 Structure. Its upgrade cards are not
    // published (RULINGS.md 2), so it offers none until they are.
    RulesProfile v124 = v123;
    v124.id = QStringLiteral("v1.2.4");
    v124.title = QStringLiteral("Jovian Wars v1.2.4");
    v124.upgrades.clear();
    v124.upgradeCardsMissing = true;
    v124.secretDeployment = true;
    v124.squadronQPlus = SquadronQPlusRule::MinusThreeStructure;

    return {v122, v123, v124};
}

} // namespace

const GameSize *RulesProfile::gameSize(int points) const
{
    auto it = std::find_if(gameSizes.begin(), gameSizes.end(),
                           [&](const GameSize &s) { return s.points == points; });
    return it == gameSizes.end() ? nullptr : &*it;
}

const std::vector<RulesProfile> &RulesProfile::all()
{
    static const std::vector<RulesProfile> profiles = makeProfiles();
    return profiles;
}

std::optional<RulesProfile> RulesProfile::byId(const QString &id)
{
    for (const RulesProfile &p : all()) {
        if (p.id == id)
            return p;
    }
    return std::nullopt;
}

QStringList RulesProfile::ids()
{
    QStringList out;
    for (const RulesProfile &p : all())
        out << p.id;
    return out;
}

QString RulesProfile::defaultId()
{
    return QStringLiteral(JW_RULES_VERSION);
}

std::optional<int> RulesProfile::unitCapAllowance(int cap, int points) const
{
    constexpr int kBlock = 250; // RULINGS.md 2: copies per started block of 250 points
    if (!unitCap || cap <= 0 || points <= 0)
        return std::nullopt;
    return cap * ((points + kBlock - 1) / kBlock);
}

} // namespace jw
