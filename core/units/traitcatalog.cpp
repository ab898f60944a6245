// SPDX-License-Identifier: GPL-3.0-or-later
#include "units/traitcatalog.h"

namespace jw {

namespace {
using S = TraitInfo::Scope;
using P = TraitInfo::Parameter;

TraitInfo t(const char *name, S scope, P param, bool system, const char *summary,
            QStringList aliases = {})
{
    return TraitInfo {QString::fromUtf8(name), scope, param, system, QString::fromUtf8(summary),
                      std::move(aliases)};
}
} // namespace

TraitCatalog::TraitCatalog()
{
    m_traits = {
        // Model traits
        t("Barrier", S::Model, P::None, false,
          "Defends itself and friends within 3\" against Kinetic Cannon, Mass Driver and Missile "
          "attacks with an Opposed Roll of its Defense."),
        t("Catapult", S::Model, P::None, true, "Launched models deploy within 6\" instead of 1\"."),
        t("Cloak", S::Model, P::None, true,
          "Attackers at Long Sensor Range must pass a [D+] Skill Test to target it."),
        t("Command", S::Model, P::None, false,
          "Friendly models in its Short Sensor Range may use its Skill (not for Repair)."),
        t("Comms", S::Model, P::None, false, "Squadrons may declare the Vector Attack action."),
        t("Countermeasures", S::Model, P::None, true,
          "May re-roll Point Defense rolls against Missile attacks.", {QStringLiteral("Counters")}),
        t("Dock", S::Model, P::None, false,
          "May embark and repair one Capital Ship; may not itself start Embarked."),
        // Not in the Traits chapter: RULINGS.md 2 names it in the v1.2.3 Ace Pilot upgrade
        // ("a non-Drone squadron"). It marks an uncrewed model; it has no rule of its own.
        t("Drone", S::Model, P::None, false,
          "An uncrewed model: it may not take the Ace Pilot upgrade."),
        t("Drones", S::Model, P::None, true,
          "+1 Flex Die on Repair Tests and on rolls using its Defense as the Base Pool."),
        t("ECCM", S::Model, P::Required, false, "Ignores one ECM rating per X.",
          {QStringLiteral("Electronic Counter-Counter Measures")}),
        t("ECM", S::Model, P::Required, false,
          "Removes up to X Flex Dice granted to attackers by Attack Bonuses.",
          {QStringLiteral("Electronic Counter Measures")}),
        t("Exo-Suit", S::Model, P::None, false,
          "May board as Marines (1 per 2 damage points remaining).", {QStringLiteral("Exo Suit")}),
        t("Emissions", S::Model, P::Required, false,
          "Attackers targeting it add X to their Sensors rating.",
          {QStringLiteral("Electronic Emissions")}),
        t("Energy Armor", S::Model, P::None, false,
          "Diminishes Beam Projector and Particle Cannon results with Value 1, 3 or 5."),
        t("Escort", S::Model, P::None, false,
          "Counts as a Squadron for deployment and In Reserve under the Deployment Types."),
        t("Evasive", S::Model, P::None, false,
          "At long range, attacks' Base Pool is reduced to its starting Structure; the "
          "difference goes to the Macro Pool."),
        t("Expendable", S::Model, P::None, false,
          "Worth no Victory Points for being Crippled or Destroyed."),
        t("Fast", S::Model, P::None, false, "+1 Flex Die to Break Off or Withdraw."),
        t("Fire Ship", S::Model, P::None, false,
          "May take Ramming Speed with more than one Structure remaining."),
        t("Fuel Pods", S::Model, P::None, false,
          "Once per game: +2 Fuel and an extra Boost, or avoid Return to Base once."),
        t("Grapplers", S::Model, P::None, false,
          "Diminishes the boarded model's Point Defense result when it initiates Boarding."),
        t("Hangers", S::Model, P::Required, true, "Up to X Squadrons Embarked.",
          {QStringLiteral("Hanger"), QStringLiteral("Squadron Hangers")}),
        t("Heavy", S::Model, P::None, false,
          "Rolls 2d6 to Break Off; +1 Skill to continue Bombing after an Interception."),
        t("Interceptor", S::Model, P::None, false, "Attacks first in a Dogfight."),
        t("Launchers", S::Model, P::None, true,
          "Launched models deploy within 3\" instead of 1\"."),
        t("Marines", S::Model, P::Required, false, "Carries Marines with a rating of X."),
        t("Minelayer", S::Model, P::None, true, "May declare the Lay Mines action."),
        t("Overthrust", S::Model, P::Required, false,
          "While Evading, counts as Evasive with Structure X."),
        t("Reactive Armor", S::Model, P::None, false,
          "Diminishes Mass Driver, Kinetic Cannon and Missile results with Value 1, 3 or 5."),
        t("Renowned", S::Model, P::None, false,
          "+1 Skill; +20% Victory Points if Destroyed, +30% if Captured (per instance)."),
        t("Ring Module", S::Model, P::None, false,
          "+1 Base die for defending Marines while at least 2 Marines remain."),
        t("Sensor Drone", S::Model, P::None, false,
          "+1 Sensors for weapons in one arc when it activates."),
        t("Sluggish", S::Model, P::None, false,
          "Turns only at the end of a move; Reorient makes two turns."),
        t("Snooper", S::Model, P::None, true,
          "Ignores the Stealth of one model in Sensor Range; Flex Dice against Cloaked targets.",
          {QStringLiteral("Advanced Sensor Suite")}),
        t("Shield", S::Model, P::None, false, "[D+] results with Value 1 or 2 do one less damage."),
        t("Static", S::Model, P::None, false, "May not move."),
        t("Stealth", S::Model, P::Required, false,
          "Reduces the Sensors of any model attacking it by X."),
        t("Sweeper", S::Model, P::None, false, "+2 Base dice when attacking Mines.",
          {QStringLiteral("Mine Sweeper Array")}),
        t("TD", S::Model, P::None, true,
          "Friendly Missile attacks at ships in its Sensor Range may re-roll an [N].",
          {QStringLiteral("Target Designator")}),
        t("Tender", S::Model, P::None, false,
          "+1 Flex Die to friendly Missile and Kinetic Cannon attacks within 3\"; transfers "
          "ratings as an action.",
          {QStringLiteral("Fleet Resupply Tender")}),
        t("Tug", S::Model, P::None, false, "Moves a Static model within 3\" as an Action."),
        // Printed on the Shan-Yu card (UNITS.md). House ruling: Repair: X counts as
        // both Repair Capital: X and Repair Squadron: X.
        t("Repair", S::Model, P::Required, false,
          "+X Skill for Repair rolls on Capital Ships and Embarked Squadrons."),
        // Weapon traits (Repair Capital / Squadron are listed there but improve the model).
        t("Ace", S::Both, P::None, false, "+1 Flex Die on each attack roll."),
        t("Array", S::Weapon, P::None, false,
          "Two attacks each activation, each needing a Fire Control."),
        t("Bomb", S::Weapon, P::None, false,
          "May attack planetary surfaces from orbit; not in a Dogfight."),
        t("Link", S::Weapon, P::None, false,
          "Every weapon of the entry may attack the same target for one Fire Control.",
          {QStringLiteral("Linked")}),
        t("Nuke", S::Weapon, P::None, false,
          "Escalates [D+] damage one level; not in a Dogfight or Assault.",
          {QStringLiteral("Nuclear Missile")}),
        t("Precise", S::Weapon, P::None, false,
          "[D] damage may go to any System Trait or to Defense, Sensors or Thrusters."),
        t("Repair Capital", S::Both, P::Required, false,
          "+X Skill for Repair rolls on a Capital Ship."),
        t("Repair Squadron", S::Both, P::Required, false,
          "+X Skill for Repair rolls on an Embarked Squadron."),
        t("Sniper", S::Weapon, P::None, false,
          "+1 Flex Die and Precise in the Activation Attack Window."),
        t("Swarm", S::Weapon, P::None, false, "Diminishes [T+] results (never below [D])."),
    };
}

const TraitCatalog &TraitCatalog::rules()
{
    static const TraitCatalog catalog;
    return catalog;
}

const TraitInfo *TraitCatalog::find(const QString &name) const
{
    const QString n = name.trimmed();
    for (const TraitInfo &info : m_traits) {
        if (info.name.compare(n, Qt::CaseInsensitive) == 0)
            return &info;
        for (const QString &alias : info.aliases) {
            if (alias.compare(n, Qt::CaseInsensitive) == 0)
                return &info;
        }
    }
    return nullptr;
}

} // namespace jw
