// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "units/dataissue.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace jw {

// A scenario (Scenarios chapter) as data: its deployment zone and type, how
// Initiative is decided, its length, its objective points from a small
// vocabulary, and the switches of its special rules. The eight scenarios of the
// rulebook are shipped as data/scenarios/*.yaml; a group writes its own from the
// same parts (docs/scenarios.md). A game copies its scenario into the GameSetup,
// as it copies the unit cards, so a saved game replays the same.

// Scenarios › Deployment Zone.
enum class DeploymentZoneKind {
    Standard, // 12" strip along the player's table edge
    Beacon, // within 3" of one of the player's four Beacon markers
    Corner // a 2' x 2' quadrant; the opponent gets the diagonally opposite one
};
// Scenarios › Deployment Type.
enum class DeploymentTypeKind {
    Fleet,
    Escalating
};
// Initiative: "Random Selection", or "Attacker/Defender chosen by Random
// Selection" (the Attacker has Initiative).
enum class InitiativeRule {
    Random,
    AttackerDefender
};

// What an objective counts (the vocabulary of `objectives:` in a scenario file).
enum class ObjectiveKind {
    MostVictoryPoints, // the most Victory Points at the end
    FewestWithdrawnModels, // the fewest Withdrawn models
    FirstToAttack, // the first player to attack (points usually negative)
    MostEscapePods, // the most Escape Pods on `on`
    WaterWithdrawn, // at least `atLeast` water units Withdrawn on non-Crippled Capital Ships
    WaterKept, // at least `atLeast` water units kept from Withdrawing on Capital Ships
    UioSearched, // per Unidentified Object the player has searched
    IntelligenceShips, // per Capital Ship with an Intelligence Token aboard
    IntelligenceWithdrawn, // per Intelligence Token aboard a Withdrawn Capital Ship
    ForcesWithdrawn, // at least `percent` of the player's own points Withdrawn
    EnemyForcesLost // at least `percent` of the opponent's points Captured, Crippled or Destroyed
};
// Where MostEscapePods counts them.
enum class PodsOn {
    WithdrawnCapitalShips,
    CapitalShipsInPlay, // not Withdrawn (Destroyed ships have lost theirs)
    SquadronsNotDestroyed
};
// Who may score an objective.
enum class ObjectiveSide {
    Each, // both players (the "most" kinds compare them)
    Attacker,
    Defender
};

struct Objective
{
    ObjectiveKind kind = ObjectiveKind::MostVictoryPoints;
    int points = 0;
    ObjectiveSide side = ObjectiveSide::Each;
    PodsOn on = PodsOn::WithdrawnCapitalShips;
    int atLeast = 0; // WaterWithdrawn, WaterKept
    int percent = 0; // ForcesWithdrawn, EnemyForcesLost
    int byTurn = 0; // checked in the End Phase of this turn (0: at the end of the game)
    // Objectives of one group are tiers: a player scores only the best one reached.
    QString group;
    QString text; // "10 points for having the most Victory Points after seven turns."

    friend bool operator==(const Objective &, const Objective &) = default;
};

// The switches special rules are made of (a rule may set several; each is set
// by at most one rule of a scenario).
struct ScenarioSwitches
{
    int sensorsShortUntilTurn = 0; // Blinded by the Light: Short Sensor Range only before this turn
    int noBoardingUntilTurn = 0; // Blinded by the Light: no Boarding before this turn
    int withdrawAtStructure = -1; // No Quarter Given: Withdraw only at this Structure or less
    int defenderCapitalWithdrawFromTurn = 0; // Surprise Attack!: not before this turn
    bool escapePods = false; // Break the Truce: Search for Escape Pods, carry, transfer
    double escapeEdge = 0; // Ambush!: the Defender withdraws within this of the chosen edge
    bool water = false; // Water Raid: Water Reserves, Mine the Comet, transfers (needs terrain)
    bool uios = false; // Scavenger Hunt: UIOs, Search tokens, intelligence (needs terrain)

    friend bool operator==(const ScenarioSwitches &, const ScenarioSwitches &) = default;
};

struct SpecialRule
{
    QString name; // "Blinded by the Light"
    QString text; // the rule as written, for the players
    QStringList switches; // the switch keys it sets (for showing)
    friend bool operator==(const SpecialRule &, const SpecialRule &) = default;
};

struct Scenario
{
    QString id = QStringLiteral("introductory");
    QString name = QStringLiteral("Introductory Scenario");
    QString level = QStringLiteral("basic"); // basic, advanced, or a group's own word
    QString description = QStringLiteral("This is the introduction scenario, where you learn the "
                                         "mechanics!");
    DeploymentZoneKind zone = DeploymentZoneKind::Standard;
    DeploymentTypeKind deployment = DeploymentTypeKind::Fleet;
    InitiativeRule initiative = InitiativeRule::Random;
    int turns = 7;
    std::vector<Objective> objectives {
        Objective {ObjectiveKind::MostVictoryPoints, 10, ObjectiveSide::Each,
                   PodsOn::WithdrawnCapitalShips, 0, 0, 0, QString(),
                   QStringLiteral("10 points for having the most Victory Points after seven "
                                  "turns.")}};
    std::vector<SpecialRule> specialRules;
    ScenarioSwitches switches;

    [[nodiscard]] bool hasAttacker() const
    {
        return initiative == InitiativeRule::AttackerDefender;
    }
    // The readable summary: zone, type, initiative, objectives, special rules.
    [[nodiscard]] QString summary() const;

    friend bool operator==(const Scenario &, const Scenario &) = default;
};

[[nodiscard]] QString zoneId(DeploymentZoneKind z); // "standard", "beacon", "corner"
[[nodiscard]] QString zoneName(DeploymentZoneKind z); // "Beacon Deployment Zone"
[[nodiscard]] QString deploymentTypeId(DeploymentTypeKind t); // "fleet", "escalating"
[[nodiscard]] QString deploymentTypeName(DeploymentTypeKind t); // "Escalating Deployment"
[[nodiscard]] QString objectiveKindId(ObjectiveKind k); // "most-victory-points", ...
[[nodiscard]] QString initiativeRuleId(InitiativeRule r); // "random", "attacker-defender"

struct ScenarioFile
{
    std::optional<Scenario> scenario;
    std::vector<DataIssue> issues;
    [[nodiscard]] bool ok() const { return scenario.has_value(); }
};

// Reads scenario files (docs/scenarios.md). Unknown keys, wrong values and
// switches set twice are errors with file, line and column. JSON is YAML, so
// the same reader reads the copy a saved game keeps (ScenarioLoader::toJson).
class ScenarioLoader
{
public:
    static constexpr int kSchemaVersion = 1;
    [[nodiscard]] static ScenarioFile parse(const QByteArray &yaml, const QString &displayName);
    [[nodiscard]] static ScenarioFile parseFile(const QString &path);
    // The scenario in the file format (as JSON), for saved games.
    [[nodiscard]] static QByteArray toJson(const Scenario &scenario);
};

// The scenarios a program knows: the shipped ones and a group's own.
class ScenarioLibrary
{
public:
    [[nodiscard]] static ScenarioLibrary loadShipped();
    [[nodiscard]] static QStringList shippedFiles(); // resource paths
    // Adds every *.yaml of a folder (a group's scenarios); ids must be new.
    void addDirectory(const QString &dir);
    bool add(ScenarioFile file, const QString &displayName);

    [[nodiscard]] const std::vector<Scenario> &scenarios() const { return m_scenarios; }
    [[nodiscard]] const std::vector<DataIssue> &issues() const { return m_issues; }
    [[nodiscard]] const Scenario *byId(const QString &id) const;
    [[nodiscard]] QStringList ids() const;

private:
    std::vector<Scenario> m_scenarios;
    std::vector<DataIssue> m_issues;
};

} // namespace jw
