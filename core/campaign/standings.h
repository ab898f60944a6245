// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "campaign/campaign.h"

#include <QDate>

#include <array>
#include <map>
#include <vector>

namespace jw {

// The numbers of a battle that standings and charts need, without fleets and
// outcomes (CampaignStore::battleSummaries reads them in one query).
struct BattleSummary
{
    qint64 id = 0;
    QDate date;
    std::array<qint64, 2> players {};
    std::array<int, 2> vp {};
    std::array<int, 2> op {};
    int winner = -1;
    std::array<int, 2> destroyed {}; // TV each side destroyed (of the other side's units)
    QString source = QStringLiteral("manual"); // Battle::source
    std::optional<std::array<SideLuck, 2>> luck; // Battle::luck

    [[nodiscard]] static BattleSummary of(const Battle &b);
    friend bool operator==(const BattleSummary &, const BattleSummary &) = default;
};

struct StandingRow
{
    qint64 playerId = 0;
    QString name;
    int rank = 0; // 1-based; equal ranks when every criterion is equal
    int battles = 0;
    int wins = 0;
    int draws = 0;
    int losses = 0;
    int points = 0; // campaign points (win/draw/loss)
    int op = 0; // Objective Points scored, less repair costs
    int vp = 0; // Victory Points scored
    int vpAgainst = 0;
    int destroyed = 0; // TV of enemy units destroyed
    int repairCost = 0; // Objective Points spent on repairs

    friend bool operator==(const StandingRow &, const StandingRow &) = default;
};

// The standings: campaign points first, then the campaign's tie-breakers in
// order, then the name (for a stable order; it does not split a rank).
// Head-to-head compares the campaign points of the battles among the players
// still tied at that step. Battles are taken in (date, id) order.
[[nodiscard]] std::vector<StandingRow> computeStandings(const std::vector<Player> &players,
                                                        const std::vector<BattleSummary> &battles,
                                                        const std::vector<RepairRecord> &repairs,
                                                        const CampaignRules &rules);

// Chart data (the GUI only draws it).
// Standings over time: after each battle (chronological), every player's
// campaign points and rank.
struct StandingsSeries
{
    std::vector<qint64> battleIds; // x axis, in order
    std::vector<QDate> dates;
    std::map<qint64, std::vector<int>> points; // player id -> value after each battle
    std::map<qint64, std::vector<int>> ranks;
};
[[nodiscard]] StandingsSeries standingsOverTime(const std::vector<Player> &players,
                                                const std::vector<BattleSummary> &battles,
                                                const std::vector<RepairRecord> &repairs,
                                                const CampaignRules &rules);

// Points destroyed per battle: each side's destroyed TV, chronological.
struct DestroyedPoint
{
    qint64 battleId = 0;
    QDate date;
    std::array<qint64, 2> players {};
    std::array<int, 2> destroyed {};
};
[[nodiscard]] std::vector<DestroyedPoint>
pointsDestroyedPerBattle(const std::vector<BattleSummary> &battles);

// Luck over the campaign: each player's attack dice against the exact odds,
// battle by battle (chronological) and added up. A battle whose dice were not
// recorded (entered by hand or from a battle report) is listed with
// recorded = false and adds nothing: the chart says so, nothing is guessed.
struct LuckPoint
{
    qint64 battleId = 0;
    int index = 0; // 1-based position of the battle in the campaign (the x axis)
    QDate date;
    QString source; // Battle::source
    bool recorded = false;
    int attacks = 0; // this battle's attack rolls
    int successes = 0;
    double expected = 0; // expected successes
    double luck = 0; // successes - expected, this battle
    double total = 0; // the sum of luck up to and including this battle
    int totalAttacks = 0; // attack rolls counted so far
};
struct LuckSeries
{
    int battles = 0; // battles in the campaign (the x axis)
    int unrecorded = 0; // of them, battles without recorded dice
    std::map<qint64, std::vector<LuckPoint>> players; // player id -> the battles they fought
};
[[nodiscard]] LuckSeries luckOverTime(const std::vector<BattleSummary> &battles);

// A player's battles, chronological.
struct PlayerBattle
{
    qint64 battleId = 0;
    QDate date;
    QString scenario;
    qint64 opponentId = 0;
    QString opponent;
    QChar result; // 'W', 'D', 'L'
    int vp = 0, vpAgainst = 0, op = 0, opAgainst = 0;
    int destroyed = 0, lost = 0; // TV destroyed of the enemy / of their own
};

// One roster unit's record over the campaign.
struct UnitHistory
{
    qint64 rosterId = 0;
    qint64 playerId = 0; // its player now
    QString unitId;
    QString name;
    RosterStatus status = RosterStatus::Active;
    bool renowned = false;
    int battles = 0, survived = 0, kills = 0;
    struct Entry
    {
        qint64 battleId = 0;
        QDate date;
        UnitFate fate = UnitFate::Intact;
        int kills = 0;
    };
    std::vector<Entry> entries; // its battles, chronological
};

struct PlayerHistory
{
    qint64 playerId = 0;
    QString name;
    std::vector<PlayerBattle> battles;
    std::vector<UnitHistory> units; // every unit that was on its roster, also those lost
};

// From full battles (outcomes needed for the units); `player` by id.
[[nodiscard]] PlayerHistory playerHistory(qint64 player, const std::vector<Player> &players,
                                          const std::vector<Battle> &battles);

} // namespace jw
