// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fleet/fleet.h"
#include "units/datatext.h"

#include <QDate>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <array>
#include <limits>
#include <map>
#include <optional>
#include <vector>

namespace jw {

// The campaign manager's value types (docs/campaigns.md). Values: copy them,
// compare them, keep them in undo commands. CampaignStore (campaignstore.h)
// reads and writes them; the functions of campaignrules.h and standings.h
// compute on them without a database.

// Bounds of what a campaign stores. The store refuses other values when it
// writes and when it reads (another client may have written them), and so do
// the campaign file and battle report readers: a value the store would refuse
// to read is never written.
inline constexpr qint64 kMaxCampaignNumber = 1'000'000; // points, VP, OP, TV, kills, battles
inline constexpr qint64 kMaxBoxes = 1'000; // boxes marked or a rating left, per track
inline constexpr qint64 kMaxCampaignId = std::numeric_limits<qint64>::max() / 2;

// Where a battle came from: "manual", "report", "game".
[[nodiscard]] const QStringList &battleSources();

// How a unit came out of a battle.
enum class UnitFate {
    Intact,
    Damaged, // boxes marked, not Crippled
    Crippled,
    Destroyed,
    Withdrawn,
    Captured // now under the enemy's control
};
[[nodiscard]] QString fateId(UnitFate f); // "intact", "damaged", ...
[[nodiscard]] QString fateName(UnitFate f); // "Intact", "Damaged", ...
[[nodiscard]] std::optional<UnitFate> fateFromId(const QString &id);
[[nodiscard]] const std::vector<UnitFate> &allFates();
// Survived the battle under its owner's control (Intact, Damaged, Crippled, Withdrawn).
[[nodiscard]] bool survived(UnitFate f);

// Rating track id ("structure", "defense", "sensors", "thrusters", "marines")
// to a number: boxes marked, or the rating left.
using RatingMap = std::map<QString, int>;
[[nodiscard]] const QStringList &damageTracks(); // the ids above, in card order
[[nodiscard]] int boxesMarked(const RatingMap &lost);

// One unit of one side in one battle.
struct UnitOutcome
{
    int side = 0; // 0 or 1: whose fleet it came in
    int entry = 0; // index in that side's fleet
    QString unitId;
    QString name; // as in the fleet (custom name or the unit's)
    int tv = 0; // TV with upgrades (points destroyed, captured)
    UnitFate fate = UnitFate::Intact;
    RatingMap lost; // boxes marked per track at the end
    RatingMap remaining; // the ratings left at the end, when known (import from a game)
    int kills = 0; // enemy units this one destroyed
    // The campaign roster entry this unit was; set by CampaignStore::addBattle
    // (nullopt: the unit was not on its player's roster).
    std::optional<qint64> rosterId;

    friend bool operator==(const UnitOutcome &, const UnitOutcome &) = default;
};

struct BattleSide
{
    qint64 playerId = 0;
    QString playerName; // filled in when read; a report names its players
    Fleet fleet; // the fleet used: an immutable copy
    int victoryPoints = 0;
    int objectivePoints = 0;

    friend bool operator==(const BattleSide &, const BattleSide &) = default;
};

// One side's attack dice in a battle against the exact odds of the pools
// rolled (core/engine/luckreport.h): recorded when the battle is imported
// from a game of the engine, which logs every roll; a battle entered by hand
// or from a report has none (its dice were never typed in).
struct SideLuck
{
    int attacks = 0; // attack rolls
    int successes = 0;
    int expectedMilli = 0; // expected successes, in thousandths (exact odds, rounded)

    // Successes above (> 0) or below the expectation.
    [[nodiscard]] double luck() const { return successes - expectedMilli / 1000.0; }
    friend bool operator==(const SideLuck &, const SideLuck &) = default;
};

// Battle::luck as JSON (the store's "luck" column, the campaign file's
// battles[i].luck): a list of the two sides, [{attacks, successes,
// expected_milli}, ...], whole numbers from 0 to kMaxCampaignNumber (expected
// successes in thousandths up to 1000 times that).
[[nodiscard]] QJsonArray battleLuckToJson(const std::array<SideLuck, 2> &luck);
// nullopt and `error` set ("side 1: successes must be ...") when it is not that.
[[nodiscard]] std::optional<std::array<SideLuck, 2>> battleLuckFromJson(const QJsonValue &v,
                                                                        QString *error);
// The same, `error` also in the user's language.
[[nodiscard]] std::optional<std::array<SideLuck, 2>> battleLuckFromJson(const QJsonValue &v,
                                                                        DataText *error);

struct Battle
{
    qint64 id = 0; // 0: not stored yet
    qint64 revision = 0; // for conflict detection (CampaignStore)
    QDate date;
    QString scenario = QStringLiteral("introductory");
    std::array<BattleSide, 2> sides;
    std::vector<UnitOutcome> outcomes; // every unit of both fleets
    int winner = -1; // 0, 1, or -1 for a draw
    QString notes;
    QString source = QStringLiteral("manual"); // "manual", "report", "game"
    // Each side's attack dice (SideLuck); nullopt: not recorded.
    std::optional<std::array<SideLuck, 2>> luck;

    // The engine's rule: the most Objective Points, then the most Victory Points.
    [[nodiscard]] static int winnerFrom(const std::array<int, 2> &op, const std::array<int, 2> &vp);
    // Outcomes of `side`, in fleet order.
    [[nodiscard]] std::vector<const UnitOutcome *> outcomesOf(int side) const;
    // TV of side `side`'s units destroyed (the points side 1 - side destroyed).
    [[nodiscard]] int tvDestroyed(int side) const;

    friend bool operator==(const Battle &, const Battle &) = default;
};

enum class RosterStatus {
    Active,
    Destroyed // left the roster (house rule); kept for the history
};
[[nodiscard]] QString rosterStatusId(RosterStatus s); // "active", "destroyed"
[[nodiscard]] std::optional<RosterStatus> rosterStatusFromId(const QString &id);

// One unit of a player's campaign roster, with what the campaign did to it.
struct RosterEntry
{
    // Stable across edits and battles (history refers to it). 0 or negative: not
    // stored yet; a negative id may be used by embarkedOn of another new entry.
    qint64 id = 0;
    QString unitId;
    QString name; // custom name; empty: the unit's
    QStringList upgrades;
    std::optional<qint64> embarkedOn; // roster id of the carrier it starts on
    RatingMap damage; // boxes still marked, carried from its last battle
    int battles = 0;
    int survived = 0;
    int kills = 0;
    bool renowned = false;
    RosterStatus status = RosterStatus::Active;
    std::optional<qint64> capturedFrom; // the player it was captured from

    [[nodiscard]] bool active() const { return status == RosterStatus::Active; }
    friend bool operator==(const RosterEntry &, const RosterEntry &) = default;
};

struct Player
{
    qint64 id = 0; // 0: not stored yet
    qint64 revision = 0;
    QString name;
    QString faction; // of the roster
    QString fleetName; // the roster's name
    std::vector<RosterEntry> roster; // active entries and those that left it

    // The roster as a fleet list (active entries, in order) for `points` and `rules`.
    [[nodiscard]] Fleet fleet(int points, const QString &rules) const;
    // Sets the active roster from a fleet list: an entry that matches an active
    // one (same unit and name, in order) keeps its id and campaign state;
    // others are new; active entries not in `fleet` are dropped.
    void setFleet(const Fleet &fleet);
    [[nodiscard]] RosterEntry *entry(qint64 id);
    [[nodiscard]] const RosterEntry *entry(qint64 id) const;
    [[nodiscard]] int activeCount() const;

    friend bool operator==(const Player &, const Player &) = default;
};

// Ordered tie-breakers after campaign points (standings.h).
enum class TieBreaker {
    ObjectivePoints, // "op": more Objective Points (less repair costs)
    VictoryPoints, // "vp": more Victory Points
    VictoryPointDifference, // "vp-diff": VP scored minus VP conceded
    Wins, // "wins"
    HeadToHead, // "head-to-head": campaign points in battles among the tied players
    PointsDestroyed, // "destroyed": TV of enemy units destroyed
    FewerBattles // "fewer-battles"
};
[[nodiscard]] QString tieBreakerId(TieBreaker t);
[[nodiscard]] QString tieBreakerName(TieBreaker t); // English
[[nodiscard]] DataText tieBreakerText(TieBreaker t); // translatable (the GUI's)
[[nodiscard]] std::optional<TieBreaker> tieBreakerFromId(const QString &id);
[[nodiscard]] const std::vector<TieBreaker> &allTieBreakers();

enum class RepairMode {
    None, // damage stays until the unit is destroyed
    Roll, // a d6 per marked box: repairTarget or more removes it
    Cost // every box repaired, repairCostOp Objective Points a box
};
[[nodiscard]] QString repairModeId(RepairMode m); // "none", "roll", "cost"
[[nodiscard]] std::optional<RepairMode> repairModeFromId(const QString &id);

// The campaign's house rules (docs/campaign-rules.md), each switchable, and
// the scoring. The rulebook has no campaign rules: all of this is ours.
struct CampaignRules
{
    bool carryDamage = true; // damage carried into the next battle
    RepairMode repair = RepairMode::Roll; // repair between battles
    int repairTarget = 4; // Roll: a box is repaired on this or more
    int repairCostOp = 1; // Cost: Objective Points a box
    bool captureChangesHands = true; // captured ships join the captor's roster
    bool renown = true; // survivors become Renowned
    int renownAfter = 3; // battles survived
    bool destroyedLeaveRoster = true; // a destroyed unit leaves the roster

    int pointsWin = 3;
    int pointsDraw = 1;
    int pointsLoss = 0;
    std::vector<TieBreaker> tieBreakers {TieBreaker::ObjectivePoints, TieBreaker::VictoryPoints,
                                         TieBreaker::HeadToHead};

    [[nodiscard]] QJsonObject toJson() const;
    // Unknown keys and wrong values: an error naming the key; missing keys keep the default.
    [[nodiscard]] static std::optional<CampaignRules> fromJson(const QJsonObject &o,
                                                               QString *error);
    [[nodiscard]] static std::optional<CampaignRules> fromJson(const QJsonObject &o,
                                                               DataText *error);
    // One setting by its key as toJson() names it ("renown_after", "repair"...),
    // from text ("on", "off", "3", "roll", "op,vp,head-to-head").
    [[nodiscard]] std::optional<QString> set(const QString &key, const QString &value);
    // The same, the refusal also in the user's language (the campaign window).
    [[nodiscard]] std::optional<DataText> setText(const QString &key, const QString &value);
    // The keys set() takes, in toJson() order.
    [[nodiscard]] static QStringList keys();

    friend bool operator==(const CampaignRules &, const CampaignRules &) = default;
};

// One house rule as the app shows it.
struct HouseRuleInfo
{
    QString key; // the CampaignRules key that switches it ("carry_damage")
    QString name; // "Damage carried over" (English: the command line)
    QString summary; // one sentence (English)
    QString doc; // anchor in docs/campaign-rules.md
    DataText nameText; // name and summary, also in the user's language (the campaign window)
    DataText summaryText;
};
[[nodiscard]] const std::vector<HouseRuleInfo> &houseRules();

struct Campaign
{
    qint64 revision = 0; // 0: not stored yet
    QString name;
    int points = 250; // the points level
    QString rulesProfile = QStringLiteral(JW_RULES_VERSION);
    CampaignRules rules;
    QDate started;

    friend bool operator==(const Campaign &, const Campaign &) = default;
};

// A repair between battles (house rule "repair").
struct RepairRecord
{
    qint64 id = 0;
    qint64 playerId = 0;
    qint64 rosterId = 0;
    QDate date;
    RepairMode method = RepairMode::Roll;
    int boxes = 0; // boxes repaired
    int opCost = 0; // Objective Points it cost
    std::vector<int> dice; // Roll: the faces

    friend bool operator==(const RepairRecord &, const RepairRecord &) = default;
};

// A whole campaign: what export and import move between databases.
struct CampaignData
{
    Campaign campaign;
    std::vector<Player> players;
    std::vector<Battle> battles;
    std::vector<RepairRecord> repairs;

    friend bool operator==(const CampaignData &, const CampaignData &) = default;
};

} // namespace jw
