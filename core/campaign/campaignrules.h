// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "campaign/campaign.h"

#include <array>
#include <vector>

namespace jw {

class DiceSource;

// The house rules applied to the two rosters after a battle
// (docs/campaign-rules.md). Pure functions: CampaignStore calls them inside
// its transactions, tests call them directly.

// Which roster entry each unit of the battle was: the first active entry of
// that side's player with the same unit and name, not yet taken (a fleet made
// from the roster matches entry for entry). Sets UnitOutcome::rosterId;
// units with no match stay nullopt (they were not on the roster).
void matchRoster(Battle &battle, const std::array<const Player *, 2> &players);

struct BattleEffects
{
    std::array<Player, 2> players; // both rosters after the battle
    QStringList notes; // what the house rules did, one sentence each (English: the CLI)
    std::vector<DataText> noteTexts; // the same, also in the user's language
    void note(const DataText &text)
    {
        notes << text.english();
        noteTexts.push_back(text);
    }
};

// `battle` must have its outcomes matched (matchRoster). `players` are the
// two sides' players, in side order.
[[nodiscard]] BattleEffects applyBattle(const CampaignRules &rules, const Battle &battle,
                                        const std::array<Player, 2> &players);

struct RepairOutcome
{
    RosterEntry entry; // after the repair
    RepairRecord record; // what it cost; playerId and date left to the caller
    QString error; // why it cannot be repaired (nothing changed), in English
    DataText errorText; // the same, also in the user's language
    void refuse(const DataText &why)
    {
        error = why.english();
        errorText = why;
    }
    [[nodiscard]] bool ok() const { return error.isEmpty(); }
};

// Repair between battles: the Roll rule rolls a d6 for each marked box and
// removes it on rules.repairTarget or more; the Cost rule removes every box
// for rules.repairCostOp Objective Points a box.
[[nodiscard]] RepairOutcome repairUnit(const CampaignRules &rules, const RosterEntry &entry,
                                       DiceSource &dice);

} // namespace jw
