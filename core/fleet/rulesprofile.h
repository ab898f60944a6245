// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace jw {

// A game size named by the rules (Fleet: "Skirmish - 100 points per fleet").
struct GameSize
{
    QString id; // "skirmish"
    QString name; // "Skirmish"
    int points = 0;
    friend bool operator==(const GameSize &, const GameSize &) = default;
};

// Explosion (States › Crippled, Explode): v1.2.2 rolls AC/AS pools from the
// starting Structure; v1.2.3 makes it a Turret-arc Particle Cannon attack within 6".
enum class ExplosionRule {
    StructurePools, // v1.2.2
    ParticleCannon // v1.2.3 and later
};

// Assaulting state: v1.2.2 enters it after a successful Assault action; v1.2.3
// after a Bombing Run, in base contact, instead of the free 4" move.
enum class AssaultingRule {
    AssaultAction, // v1.2.2
    BombingRun // v1.2.3 and later
};

// A [Q+] damage result on a Squadron (RULINGS.md 1, Squadron Damage; 2).
enum class SquadronQPlusRule {
    Destroyed, // v1.2.2 (v1.2.3: not found, so the same)
    MinusThreeStructure // v1.2.4
};

// The switches in which the rules versions differ (RULINGS.md section 2). A
// fleet file, a game and a campaign record the profile they use; fleet building
// reads the first block, the engine the second.
struct RulesProfile
{
    QString id; // "v1.2.2"
    QString title; // "Jovian Wars v1.2.2"

    // Fleet building.
    std::vector<GameSize> gameSizes; // smallest first; any other agreed limit is allowed too
    bool unitCap = false; // copies <= UC x ceil(limit / 250)
    QStringList upgrades; // ids of the upgrades this version offers (upgrade.h)
    // The version has upgrade cards, but jwfleet does not have them (v1.2.4):
    // an upgrade is then a warning that it cannot be checked, not an error.
    bool upgradeCardsMissing = false;

    // Game engine (defined here so every part reads the same table).
    ExplosionRule explosion = ExplosionRule::StructurePools;
    AssaultingRule assaulting = AssaultingRule::AssaultAction;
    bool boardedMayBoard = true; // v1.2.3: "a Boarded ship may not Initiate Boarding!"
    bool withdrawnByLeavingPlay = false; // v1.2.3/v1.2.4: leaving play also Withdraws
    bool secretDeployment = false; // v1.2.4: Embarked/In Reserve and unit cards are secret
    SquadronQPlusRule squadronQPlus = SquadronQPlusRule::Destroyed;

    [[nodiscard]] bool offersUpgrade(const QString &upgradeId) const
    {
        return upgrades.contains(upgradeId);
    }
    // Copies of a unit allowed at a points limit: UC x ceil(points / 250), or
    // nullopt when the profile has no Unit Cap or the unit has no UC.
    [[nodiscard]] std::optional<int> unitCapAllowance(int unitCap, int points) const;
    // The named size with exactly `points`, if any ("Engagement" for 250).
    [[nodiscard]] const GameSize *gameSize(int points) const;

    // Every profile, oldest first.
    [[nodiscard]] static const std::vector<RulesProfile> &all();
    [[nodiscard]] static std::optional<RulesProfile> byId(const QString &id);
    [[nodiscard]] static QStringList ids();
    // The profile a fleet file without `rules` uses (JW_RULES_VERSION, "v1.2.2").
    [[nodiscard]] static QString defaultId();

    friend bool operator==(const RulesProfile &, const RulesProfile &) = default;
};

} // namespace jw
