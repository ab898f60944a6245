// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "campaign/campaign.h"
#include "campaign/campaignschema.h"
#include "campaign/standings.h"
#include "units/datatext.h"

#include <QString>

#include <array>
#include <functional>
#include <memory>
#include <optional>

namespace jw {

class DiceSource;

// Why a store operation failed. Nothing was written when an operation fails:
// every write is one transaction.
struct CampaignError
{
    enum class Kind {
        None,
        BadLocation, // the URL or path cannot be used
        Database, // the database refused (connection, SQL, disk)
        NewerSchema, // written by a newer program: refused, untouched
        NoCampaign, // the database holds no campaign yet
        NotFound, // no such player, battle, roster entry
        Invalid, // the data breaks a rule (duplicate name, unknown player...)
        Conflict // someone else changed it since it was read (optimistic concurrency)
    };
    CampaignError() = default;
    CampaignError(Kind kind, const DataText &text)
        : kind(kind)
        , message(text.english())
        , text(text)
    { }

    Kind kind = Kind::None;
    QString message; // for people: names what and why, in English (the CLI, the server, logs)
    DataText text; // the same sentence, also in the user's language

    [[nodiscard]] bool ok() const { return kind == Kind::None; }
    // `message` in the user's language (the GUI).
    [[nodiscard]] QString localMessage() const
    {
        return text.english() == message ? text.translated() : message;
    }
};

template<typename T>
struct CampaignResult
{
    T value {};
    CampaignError error;
    [[nodiscard]] bool ok() const { return error.ok(); }
};

// Where a campaign lives: an SQLite file (a path, or sqlite:///path) or a
// PostgreSQL database (postgresql://user:password@host:port/database?options).
struct CampaignLocation
{
    CampaignSchema::Dialect dialect = CampaignSchema::Dialect::Sqlite;
    QString path; // SQLite
    QString host = QStringLiteral("localhost");
    int port = 5432;
    QString user, password, database, options; // PostgreSQL

    [[nodiscard]] static CampaignResult<CampaignLocation> parse(const QString &urlOrPath);
    // The default: campaign.sqlite in the user's data folder (shared by jwfleet
    // and jwfleet-cli).
    [[nodiscard]] static QString defaultPath();
    // For messages: the path or the URL without its password.
    [[nodiscard]] QString display() const;
};

// A battle stored by addBattle, with both players before and after the house
// rules changed their rosters (undoAddBattle restores `before`).
struct AddBattleResult
{
    Battle battle; // as stored: id, revision, outcomes with roster ids
    std::array<Player, 2> before;
    std::array<Player, 2> after;
    QStringList notes; // what the house rules did (English)
    std::vector<DataText> noteTexts; // the same, also in the user's language
};

struct RepairResult
{
    RepairRecord record;
    Player before;
    Player after;
};

// A campaign in a database through QtSql: an SQLite file by default, or a
// PostgreSQL database shared by a club; one campaign per database, the same
// schema and code for both.
//
// - open() applies the numbered migrations (campaignschema.h) in one
//   transaction and refuses a database of a newer schema.
// - Every write is one transaction: all of it or nothing, also when the
//   process dies in the middle.
// - Optimistic concurrency: the campaign, each player (with its roster) and
//   each battle carry a revision. An update names the revision it was read
//   at (the `before` value); when the row has moved on, the update fails with
//   a Conflict that says what the other person changed. Nothing is silently
//   overwritten. A successful write returns the new value with its new revision.
//
// Not thread-safe: one store per thread (each has its own connection).
class CampaignStore
{
public:
    struct OpenOptions
    {
        bool create = true; // SQLite: create the file when missing
        // Migrate up to this version only (tests build old databases).
        int schemaVersion = CampaignSchema::kVersion;
    };

    ~CampaignStore();
    CampaignStore(const CampaignStore &) = delete;
    CampaignStore &operator=(const CampaignStore &) = delete;

    [[nodiscard]] static CampaignResult<std::unique_ptr<CampaignStore>>
    open(const QString &urlOrPath, const OpenOptions &options);
    [[nodiscard]] static CampaignResult<std::unique_ptr<CampaignStore>>
    open(const QString &urlOrPath)
    {
        return open(urlOrPath, OpenOptions {});
    }

    [[nodiscard]] const CampaignLocation &location() const;
    [[nodiscard]] int schemaVersion() const;

    // --- The campaign ----------------------------------------------------
    [[nodiscard]] CampaignResult<Campaign> create(const Campaign &campaign);
    [[nodiscard]] CampaignResult<Campaign> campaign() const;
    [[nodiscard]] CampaignResult<Campaign> updateCampaign(const Campaign &before,
                                                          const Campaign &after);

    // --- Players and rosters --------------------------------------------
    [[nodiscard]] CampaignResult<std::vector<Player>> players() const;
    [[nodiscard]] CampaignResult<Player> player(qint64 id) const;
    [[nodiscard]] CampaignResult<Player> playerByName(const QString &name) const;
    [[nodiscard]] CampaignResult<Player> addPlayer(const Player &player);
    // Name, faction, fleet name and the whole roster (Player::setFleet).
    [[nodiscard]] CampaignResult<Player> updatePlayer(const Player &before, const Player &after);
    // Refused for a player who has battles.
    [[nodiscard]] CampaignError removePlayer(const Player &player);
    // Puts a removed player back (undo of a removal): the same id, revision and
    // roster entry ids, so the edits before the removal still apply. Refused when
    // the id or the name is taken meanwhile.
    [[nodiscard]] CampaignResult<Player> restorePlayer(const Player &player);

    // --- Battles -----------------------------------------------------------
    // Stores the battle and applies the house rules to both rosters, in one
    // transaction. Sides name their player by id, or by playerName when the id
    // is 0. Fleet entries without an outcome are added as Intact.
    [[nodiscard]] CampaignResult<AddBattleResult> addBattle(const Battle &battle);
    // Removes the battle and restores both rosters as they were before it.
    // Refused (Conflict) when the battle or either roster changed since.
    [[nodiscard]] CampaignError undoAddBattle(const AddBattleResult &added);
    // Date, scenario, points, winner and notes; fleets and outcomes are fixed
    // once the house rules have applied them.
    [[nodiscard]] CampaignResult<Battle> updateBattle(const Battle &before, const Battle &after);
    [[nodiscard]] CampaignResult<std::vector<Battle>> battles() const;
    [[nodiscard]] CampaignResult<Battle> battle(qint64 id) const;
    // What standings and charts need, in one query.
    [[nodiscard]] CampaignResult<std::vector<BattleSummary>> battleSummaries() const;

    // --- Repairs (house rule) ----------------------------------------------
    [[nodiscard]] CampaignResult<RepairResult> repair(qint64 playerId, qint64 rosterId,
                                                      DiceSource &dice, const QDate &date);
    [[nodiscard]] CampaignError undoRepair(const RepairResult &repair);
    [[nodiscard]] CampaignResult<std::vector<RepairRecord>> repairs() const;

    // --- Reports -----------------------------------------------------------
    [[nodiscard]] CampaignResult<std::vector<StandingRow>> standings() const;
    [[nodiscard]] CampaignResult<PlayerHistory> history(qint64 playerId) const;

    // --- Whole campaign ----------------------------------------------------
    [[nodiscard]] CampaignResult<CampaignData> exportData() const;
    // Into an empty database, or replacing what is there (`replace`); ids are
    // kept. One transaction.
    [[nodiscard]] CampaignError importData(const CampaignData &data, bool replace);

    // Called inside addBattle's transaction after everything is written and
    // before the commit (tests kill the process there).
    void setBeforeCommitHook(std::function<void()> hook);

private:
    class Private;
    explicit CampaignStore(std::unique_ptr<Private> d);
    std::unique_ptr<Private> d;
};

} // namespace jw
