// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "campaign/campaign.h"
#include "units/dataissue.h"

#include <QByteArray>
#include <QDate>

#include <functional>
#include <optional>
#include <vector>

namespace jw {

class Game;
class UnitDatabase;

// A battle read from a game file or a battle report, or why it cannot be.
// The sides name their players by name (BattleSide::playerName, playerId 0):
// CampaignStore::addBattle looks them up.
struct BattleImport
{
    std::optional<Battle> battle;
    std::vector<DataIssue> issues; // errors with file, line and column when known

    [[nodiscard]] bool ok() const { return battle.has_value(); }
    [[nodiscard]] QString errorText() const; // one issue a line
    [[nodiscard]] QString localErrorText() const; // the same in the user's language
};

// A finished game of the engine: the setup's scenario, players and fleets;
// every model's final state as its outcome (Destroyed, Withdrawn, Captured by
// the enemy, Crippled, Damaged when boxes are marked, else Intact) with its
// marked boxes and remaining ratings; Victory Points from the engine,
// Objective Points and the winner from the final state. A kill is credited to
// the model activating when the enemy model was Destroyed.
[[nodiscard]] BattleImport battleFromGame(const Game &game, const QDate &date,
                                          const QString &displayName);
// A game a player forfeited before its end (the club server's pause timeout: the player who
// did not come back): as battleFromGame, from the state where the game stopped, with
// `winner` (0 or 1) declared and `notes` saying why.
[[nodiscard]] BattleImport battleFromForfeit(const Game &game, const QDate &date,
                                             const QString &displayName, int winner,
                                             const QString &notes);
[[nodiscard]] BattleImport battleFromGameFile(const QString &path, const QDate &date);

// Battle reports (docs/battle-reports.md): a battle fought on a physical
// table, typed in as YAML. `rosterFleet` gives a player's current roster as a
// fleet (for sides that name no fleet file), nullopt when there is no such
// player. `db` (optional) fills in each unit's TV and remaining ratings.
using RosterFleetLookup = std::function<std::optional<Fleet>(const QString &player)>;
[[nodiscard]] BattleImport battleFromReport(const QByteArray &yaml, const QString &displayName,
                                            const RosterFleetLookup &rosterFleet,
                                            const UnitDatabase *db);
[[nodiscard]] BattleImport
battleReportFile(const QString &path, const RosterFleetLookup &rosterFleet, const UnitDatabase *db);

} // namespace jw
