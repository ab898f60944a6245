// SPDX-License-Identifier: GPL-3.0-or-later
#include "campaign/campaignschema.h"

namespace jw {

QStringList CampaignSchema::migration(int version, Dialect dialect)
{
    // The only differences between the dialects: the auto-numbered key.
    const QString id = dialect == Dialect::Sqlite
        ? QStringLiteral("INTEGER PRIMARY KEY AUTOINCREMENT")
        : QStringLiteral("BIGSERIAL PRIMARY KEY");
    QStringList sql;
    switch (version) {
    case 1:
        // Version 1: campaign, players with their rosters, battles with every
        // unit's outcome. JSON text in the *_json-like columns (damage, lost,
        // upgrades) and the fleet files' YAML in fleet0/fleet1: readable with
        // any SQL client.
        sql << QStringLiteral("CREATE TABLE schema_version (version INTEGER NOT NULL)")
            << QStringLiteral("INSERT INTO schema_version (version) VALUES (0)")
            << QStringLiteral("CREATE TABLE campaign ("
                              "id INTEGER PRIMARY KEY CHECK (id = 1), "
                              "name TEXT NOT NULL, "
                              "points INTEGER NOT NULL, "
                              "rules_profile TEXT NOT NULL, "
                              "house_rules TEXT NOT NULL, "
                              "started TEXT NOT NULL, "
                              "revision INTEGER NOT NULL)")
            << QStringLiteral("CREATE TABLE players (id %1, "
                              "name TEXT NOT NULL UNIQUE, "
                              "faction TEXT NOT NULL, "
                              "fleet_name TEXT NOT NULL, "
                              "revision INTEGER NOT NULL)")
                   .arg(id)
            << QStringLiteral("CREATE TABLE roster (id %1, "
                              "player_id INTEGER NOT NULL REFERENCES players (id), "
                              "position INTEGER NOT NULL, "
                              "unit_id TEXT NOT NULL, "
                              "name TEXT NOT NULL, "
                              "upgrades TEXT NOT NULL, "
                              "embarked_on INTEGER, "
                              "damage TEXT NOT NULL, "
                              "battles INTEGER NOT NULL, "
                              "survived INTEGER NOT NULL, "
                              "kills INTEGER NOT NULL, "
                              "status TEXT NOT NULL, "
                              "captured_from INTEGER)")
                   .arg(id)
            << QStringLiteral("CREATE INDEX roster_player ON roster (player_id, position)")
            << QStringLiteral("CREATE TABLE battles (id %1, "
                              "date TEXT NOT NULL, "
                              "scenario TEXT NOT NULL, "
                              "player0 INTEGER NOT NULL REFERENCES players (id), "
                              "player1 INTEGER NOT NULL REFERENCES players (id), "
                              "fleet0 TEXT NOT NULL, "
                              "fleet1 TEXT NOT NULL, "
                              "vp0 INTEGER NOT NULL, vp1 INTEGER NOT NULL, "
                              "op0 INTEGER NOT NULL, op1 INTEGER NOT NULL, "
                              "winner INTEGER NOT NULL, "
                              "notes TEXT NOT NULL, "
                              "source TEXT NOT NULL, "
                              "revision INTEGER NOT NULL)")
                   .arg(id)
            << QStringLiteral("CREATE TABLE outcomes ("
                              "battle_id INTEGER NOT NULL REFERENCES battles (id), "
                              "side INTEGER NOT NULL, "
                              "entry INTEGER NOT NULL, "
                              "roster_id INTEGER, "
                              "unit_id TEXT NOT NULL, "
                              "name TEXT NOT NULL, "
                              "tv INTEGER NOT NULL, "
                              "fate TEXT NOT NULL, "
                              "lost TEXT NOT NULL, "
                              "remaining TEXT NOT NULL, "
                              "kills INTEGER NOT NULL, "
                              "PRIMARY KEY (battle_id, side, entry))")
            << QStringLiteral("CREATE INDEX outcomes_roster ON outcomes (roster_id)");
        break;
    case 2:
        // Version 2: the Renowned house rule and repairs between battles.
        sql << QStringLiteral("ALTER TABLE roster ADD COLUMN renowned INTEGER NOT NULL DEFAULT 0")
            << QStringLiteral("CREATE TABLE repairs (id %1, "
                              "player_id INTEGER NOT NULL REFERENCES players (id), "
                              "roster_id INTEGER NOT NULL, "
                              "date TEXT NOT NULL, "
                              "method TEXT NOT NULL, "
                              "boxes INTEGER NOT NULL, "
                              "op_cost INTEGER NOT NULL, "
                              "dice TEXT NOT NULL)")
                   .arg(id);
        break;
    case 3:
        // Version 3: standings and charts read the battles by date.
        sql << QStringLiteral("CREATE INDEX battles_date ON battles (date, id)");
        break;
    case 4:
        // Version 4: each side's attack dice against the odds (Battle::luck) of a
        // battle imported from a game; NULL when not recorded.
        sql << QStringLiteral("ALTER TABLE battles ADD COLUMN luck TEXT");
        break;
    default:
        break;
    }
    return sql;
}

} // namespace jw
