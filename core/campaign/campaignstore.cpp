#include "campaign/campaignstore.h"

#include "campaign/campaignrules.h"
#include "fleet/fleetfile.h"

#include <QAtomicInt>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QUrl>
#include <QUrlQuery>

#include <algorithm>
#include <set>

namespace jw {

namespace {

using Dialect = CampaignSchema::Dialect;
using Kind = CampaignError::Kind;

// Thrown inside a transaction; the transaction rolls back and returns it.
struct Failure
{
    CampaignError error;
};

[[noreturn]] void fail(Kind kind, const QString &message)
{
    throw Failure {CampaignError {kind, message}};
}

QString jsonText(const QJsonValue &v)
{
    const QJsonDocument doc
        = v.isArray() ? QJsonDocument(v.toArray()) : QJsonDocument(v.toObject());
    return QString::fromUtf8(doc.toJson(QJsonDocument::Compact));
}

QJsonValue parseJson(const QString &text)
{
    const QJsonDocument doc = QJsonDocument::fromJson(text.toUtf8());
    return doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object());
}

QString mapText(const RatingMap &m)
{
    QJsonObject o;
    for (const auto &[k, v] : m)
        o.insert(k, v);
    return jsonText(o);
}

RatingMap mapFrom(const QString &text)
{
    RatingMap m;
    const QJsonObject o = parseJson(text).toObject();
    for (auto it = o.begin(); it != o.end(); ++it)
        m[it.key()] = it.value().toInt();
    return m;
}

QVariant optId(const std::optional<qint64> &id)
{
    return id ? QVariant(*id) : QVariant(QMetaType::fromType<qint64>());
}

std::optional<qint64> optIdFrom(const QVariant &v)
{
    return v.isNull() ? std::nullopt : std::optional<qint64>(v.toLongLong());
}

QString fleetText(const Fleet &f)
{
    return QString::fromUtf8(FleetFile::serialize(f));
}

QString playerLabel(const Player &p)
{
    return QStringLiteral("player '%1'").arg(p.name);
}

// What someone else changed in a player since `mine` was read.
QString playerChanges(const Player &mine, const Player &now)
{
    QStringList what;
    if (mine.name != now.name)
        what << QStringLiteral("name '%1' → '%2'").arg(mine.name, now.name);
    if (mine.faction != now.faction)
        what << QStringLiteral("faction '%1' → '%2'").arg(mine.faction, now.faction);
    if (mine.fleetName != now.fleetName)
        what << QStringLiteral("fleet name '%1' → '%2'").arg(mine.fleetName, now.fleetName);
    if (mine.activeCount() != now.activeCount())
        what << QStringLiteral("roster %1 → %2 units")
                    .arg(mine.activeCount())
                    .arg(now.activeCount());
    else if (mine.roster != now.roster)
        what << QStringLiteral("roster entries changed (damage, battles or units)");
    return QStringLiteral("%1 was changed by someone else since it was read (revision %2, now "
                          "%3): %4")
        .arg(playerLabel(mine))
        .arg(mine.revision)
        .arg(now.revision)
        .arg(what.isEmpty() ? QStringLiteral("saved again") : what.join(QStringLiteral("; ")));
}

} // namespace

// ---- CampaignLocation -------------------------------------------------------

CampaignResult<CampaignLocation> CampaignLocation::parse(const QString &text)
{
    CampaignResult<CampaignLocation> out;
    CampaignLocation &l = out.value;
    const QString s = text.trimmed();
    if (s.isEmpty()) {
        out.error = {Kind::BadLocation, QStringLiteral("no database given")};
        return out;
    }
    if (s.startsWith(QLatin1String("postgresql://"))
        || s.startsWith(QLatin1String("postgres://"))) {
        const QUrl url(s, QUrl::StrictMode);
        if (!url.isValid() || url.host().isEmpty()) {
            out.error = {Kind::BadLocation,
                         QStringLiteral("not a PostgreSQL URL: '%1' (postgresql://user:password@"
                                        "host:port/database)")
                             .arg(s)};
            return out;
        }
        l.dialect = Dialect::Postgres;
        l.host = url.host();
        l.port = url.port(5432);
        l.user = url.userName();
        l.password = url.password();
        l.database = url.path().mid(1);
        if (l.database.isEmpty()) {
            out.error = {Kind::BadLocation,
                         QStringLiteral("the PostgreSQL URL names no database: '%1'").arg(s)};
            return out;
        }
        QStringList opts;
        for (const auto &[k, v] : QUrlQuery(url).queryItems(QUrl::FullyDecoded))
            opts << k + QLatin1Char('=') + v;
        l.options = opts.join(QLatin1Char(';'));
        return out;
    }
    if (s.startsWith(QLatin1String("sqlite://"))) {
        l.path = s.mid(int(qstrlen("sqlite://")));
    } else if (s.contains(QLatin1String("://"))) {
        out.error = {Kind::BadLocation,
                     QStringLiteral("unknown database URL '%1': use a file path, sqlite:///path "
                                    "or postgresql://user:password@host:port/database")
                         .arg(s)};
        return out;
    } else {
        l.path = s;
    }
    if (l.path.isEmpty()) {
        out.error = {Kind::BadLocation, QStringLiteral("the SQLite URL names no file")};
        return out;
    }
    return out;
}

QString CampaignLocation::defaultPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation)
        + QStringLiteral("/jwfleet/campaign.sqlite");
}

QString CampaignLocation::display() const
{
    if (dialect == Dialect::Sqlite)
        return path;
    return QStringLiteral("postgresql://%1%2:%3/%4")
        .arg(user.isEmpty() ? QString() : user + QLatin1Char('@'), host)
        .arg(port)
        .arg(database);
}

// ---- Private ----------------------------------------------------------------

class CampaignStore::Private
{
public:
    CampaignLocation location;
    QString connection;
    int version = 0;
    std::function<void()> beforeCommit;

    QSqlDatabase db() const { return QSqlDatabase::database(connection, false); }

    // A prepared statement, executed; throws on failure.
    QSqlQuery exec(const QString &sql, const QVariantList &binds = {}) const
    {
        QSqlQuery q(db());
        q.setForwardOnly(true);
        if (!q.prepare(sql))
            fail(Kind::Database,
                 QStringLiteral("%1: %2").arg(location.display(), q.lastError().text()));
        for (const QVariant &v : binds) {
            // Qt's drivers write a null QString as NULL; the columns want ''.
            if (v.typeId() == QMetaType::QString && v.toString().isNull())
                q.addBindValue(QStringLiteral(""));
            else
                q.addBindValue(v);
        }
        if (!q.exec())
            fail(Kind::Database,
                 QStringLiteral("%1: %2").arg(location.display(), q.lastError().text()));
        return q;
    }

    void raw(const QString &sql) const
    {
        QSqlQuery q(db());
        if (!q.exec(sql))
            fail(Kind::Database,
                 QStringLiteral("%1: %2 (%3)").arg(location.display(), q.lastError().text(), sql));
    }

    qint64 insert(const QString &sql, const QVariantList &binds) const
    {
        QSqlQuery q = exec(sql + QStringLiteral(" RETURNING id"), binds);
        if (!q.next())
            fail(Kind::Database, QStringLiteral("%1: no id returned").arg(location.display()));
        return q.value(0).toLongLong();
    }

    // Runs `f` in one transaction: committed when it returns, rolled back when
    // it throws. Writes take the write lock at once (SQLite: BEGIN IMMEDIATE,
    // so two writers wait for each other instead of failing half-way).
    template<typename F>
    CampaignError transaction(bool write, F &&f) const
    {
        try {
            if (location.dialect == Dialect::Sqlite)
                raw(write ? QStringLiteral("BEGIN IMMEDIATE") : QStringLiteral("BEGIN"));
            else
                raw(write ? QStringLiteral("BEGIN")
                          : QStringLiteral("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY"));
        } catch (const Failure &e) {
            return e.error;
        }
        try {
            f();
            raw(QStringLiteral("COMMIT"));
        } catch (const Failure &e) {
            QSqlQuery q(db());
            q.exec(QStringLiteral("ROLLBACK"));
            return e.error;
        }
        return {};
    }

    template<typename T, typename F>
    CampaignResult<T> read(F &&f) const
    {
        CampaignResult<T> out;
        out.error = transaction(false, [&] { out.value = f(); });
        return out;
    }

    template<typename T, typename F>
    CampaignResult<T> write(F &&f) const
    {
        CampaignResult<T> out;
        out.error = transaction(true, [&] { out.value = f(); });
        if (!out.ok())
            out.value = T {};
        return out;
    }

    // --- migrations ---
    int currentVersion() const
    {
        const QStringList tables = db().tables();
        if (!tables.contains(QStringLiteral("schema_version")))
            return 0;
        QSqlQuery q = exec(QStringLiteral("SELECT version FROM schema_version"));
        return q.next() ? q.value(0).toInt() : 0;
    }

    void migrate(int target)
    {
        if (location.dialect == Dialect::Postgres)
            exec(QStringLiteral("SELECT pg_advisory_xact_lock(7142001)")); // one migrator at a time
        int v = currentVersion();
        if (v > CampaignSchema::kVersion)
            fail(Kind::NewerSchema,
                 QStringLiteral("%1: this campaign database has schema version %2, newer than "
                                "this program knows (%3); it was written by a newer jwfleet: "
                                "update jwfleet to open it (the database was not changed)")
                     .arg(location.display())
                     .arg(v)
                     .arg(CampaignSchema::kVersion));
        for (++v; v <= target; ++v) {
            for (const QString &sql : CampaignSchema::migration(v, location.dialect))
                raw(sql);
            exec(QStringLiteral("UPDATE schema_version SET version = ?"), {v});
        }
        version = std::max(currentVersion(), 0);
    }

    // --- campaign ---
    std::optional<Campaign> loadCampaign() const
    {
        QSqlQuery q = exec(QStringLiteral("SELECT name, points, rules_profile, house_rules, "
                                          "started, revision FROM campaign WHERE id = 1"));
        if (!q.next())
            return std::nullopt;
        Campaign c;
        c.name = q.value(0).toString();
        c.points = q.value(1).toInt();
        c.rulesProfile = q.value(2).toString();
        QString err;
        auto rules = CampaignRules::fromJson(parseJson(q.value(3).toString()).toObject(), &err);
        if (!rules)
            fail(Kind::Database,
                 QStringLiteral("%1: the campaign's house rules cannot be read: %2")
                     .arg(location.display(), err));
        c.rules = *rules;
        c.started = QDate::fromString(q.value(4).toString(), Qt::ISODate);
        c.revision = q.value(5).toLongLong();
        return c;
    }

    Campaign requireCampaign() const
    {
        auto c = loadCampaign();
        if (!c)
            fail(Kind::NoCampaign,
                 QStringLiteral("%1 holds no campaign yet: create one first (jwfleet-cli "
                                "campaign create)")
                     .arg(location.display()));
        return *c;
    }

    void insertCampaign(const Campaign &c) const
    {
        exec(QStringLiteral("INSERT INTO campaign (id, name, points, rules_profile, house_rules, "
                            "started, revision) VALUES (1, ?, ?, ?, ?, ?, 1)"),
             {c.name, c.points, c.rulesProfile, jsonText(c.rules.toJson()),
              c.started.toString(Qt::ISODate)});
    }

    // --- players ---
    std::vector<Player> loadPlayers(std::optional<qint64> only = std::nullopt) const
    {
        std::vector<Player> out;
        std::map<qint64, std::size_t> index;
        {
            QSqlQuery q = only ? exec(QStringLiteral("SELECT id, name, faction, fleet_name, "
                                                     "revision FROM players WHERE id = ?"),
                                      {*only})
                               : exec(QStringLiteral("SELECT id, name, faction, fleet_name, "
                                                     "revision FROM players ORDER BY id"));
            while (q.next()) {
                Player p;
                p.id = q.value(0).toLongLong();
                p.name = q.value(1).toString();
                p.faction = q.value(2).toString();
                p.fleetName = q.value(3).toString();
                p.revision = q.value(4).toLongLong();
                index[p.id] = out.size();
                out.push_back(p);
            }
        }
        const QString cols = QStringLiteral(
            "SELECT id, player_id, unit_id, name, upgrades, embarked_on, damage, battles, "
            "survived, kills, status, captured_from, renowned FROM roster");
        QSqlQuery q = only
            ? exec(cols + QStringLiteral(" WHERE player_id = ? ORDER BY position"), {*only})
            : exec(cols + QStringLiteral(" ORDER BY player_id, position"));
        while (q.next()) {
            auto it = index.find(q.value(1).toLongLong());
            if (it == index.end())
                continue;
            RosterEntry e;
            e.id = q.value(0).toLongLong();
            e.unitId = q.value(2).toString();
            e.name = q.value(3).toString();
            for (const QJsonValue &u : parseJson(q.value(4).toString()).toArray())
                e.upgrades << u.toString();
            e.embarkedOn = optIdFrom(q.value(5));
            e.damage = mapFrom(q.value(6).toString());
            e.battles = q.value(7).toInt();
            e.survived = q.value(8).toInt();
            e.kills = q.value(9).toInt();
            e.status = rosterStatusFromId(q.value(10).toString()).value_or(RosterStatus::Active);
            e.capturedFrom = optIdFrom(q.value(11));
            e.renowned = q.value(12).toInt() != 0;
            out[it->second].roster.push_back(e);
        }
        return out;
    }

    std::optional<Player> loadPlayer(qint64 id) const
    {
        auto ps = loadPlayers(id);
        if (ps.empty())
            return std::nullopt;
        return ps.front();
    }

    Player requirePlayer(qint64 id) const
    {
        auto p = loadPlayer(id);
        if (!p)
            fail(Kind::NotFound, QStringLiteral("no player with id %1 in this campaign").arg(id));
        return *p;
    }

    std::optional<qint64> playerIdByName(const QString &name) const
    {
        QSqlQuery q = exec(QStringLiteral("SELECT id FROM players WHERE name = ?"), {name});
        if (!q.next())
            return std::nullopt;
        return q.value(0).toLongLong();
    }

    void checkName(const Player &p) const
    {
        if (p.name.trimmed().isEmpty())
            fail(Kind::Invalid, QStringLiteral("a player needs a name"));
        const auto other = playerIdByName(p.name);
        if (other && *other != p.id)
            fail(Kind::Invalid,
                 QStringLiteral("there is already a player named '%1' in this campaign")
                     .arg(p.name));
    }

    // Writes the roster of `playerId`: every entry of `roster` (inserted, updated
    // or moved to this player), then deletes this player's rows not in it.
    void writeRoster(qint64 playerId, const std::vector<RosterEntry> &roster) const
    {
        std::map<qint64, qint64> newIds; // temporary id -> stored id
        std::vector<qint64> ids;
        for (std::size_t i = 0; i < roster.size(); ++i) {
            const RosterEntry &e = roster[i];
            QJsonArray ups;
            for (const QString &u : e.upgrades)
                ups.append(u);
            const QVariant embarked = e.embarkedOn && *e.embarkedOn > 0
                ? QVariant(*e.embarkedOn)
                : QVariant(QMetaType::fromType<qint64>());
            const QVariantList values {playerId,
                                       int(i),
                                       e.unitId,
                                       e.name,
                                       jsonText(ups),
                                       embarked,
                                       mapText(e.damage),
                                       e.battles,
                                       e.survived,
                                       e.kills,
                                       rosterStatusId(e.status),
                                       optId(e.capturedFrom),
                                       e.renowned ? 1 : 0};
            qint64 id = e.id;
            bool stored = false;
            if (e.id > 0) {
                QVariantList binds = values;
                binds << e.id;
                QSqlQuery q = exec(
                    QStringLiteral("UPDATE roster SET player_id = ?, position = ?, unit_id = ?, "
                                   "name = ?, upgrades = ?, embarked_on = ?, damage = ?, "
                                   "battles = ?, survived = ?, kills = ?, status = ?, "
                                   "captured_from = ?, renowned = ? WHERE id = ?"),
                    binds);
                stored = q.numRowsAffected() > 0;
            }
            const QString insertSql = QStringLiteral(
                "INSERT INTO roster (%1player_id, position, unit_id, name, upgrades, "
                "embarked_on, damage, battles, survived, kills, status, captured_from, renowned) "
                "VALUES (%2?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
            if (!stored && e.id > 0) {
                // Restoring an entry that was deleted (undo): it keeps its id.
                QVariantList binds {e.id};
                binds += values;
                exec(insertSql.arg(QStringLiteral("id, "), QStringLiteral("?, ")), binds);
            } else if (!stored) {
                id = insert(insertSql.arg(QString(), QString()), values);
                newIds[e.id] = id;
            }
            ids.push_back(id);
        }
        // Carriers that were new entries.
        for (std::size_t i = 0; i < roster.size(); ++i) {
            const auto &c = roster[i].embarkedOn;
            if (c && *c <= 0 && newIds.count(*c))
                exec(QStringLiteral("UPDATE roster SET embarked_on = ? WHERE id = ?"),
                     {newIds[*c], ids[i]});
        }
        QSqlQuery q = exec(QStringLiteral("SELECT id FROM roster WHERE player_id = ?"), {playerId});
        std::vector<qint64> gone;
        while (q.next()) {
            const qint64 id = q.value(0).toLongLong();
            if (std::find(ids.begin(), ids.end(), id) == ids.end())
                gone.push_back(id);
        }
        q.finish();
        for (qint64 id : gone)
            exec(QStringLiteral("DELETE FROM roster WHERE id = ?"), {id});
    }

    // Updates a stored player whose revision is still `mine.revision`.
    Player writePlayer(const Player &mine, const Player &next) const
    {
        checkName(next);
        const QString sql = QStringLiteral("UPDATE players SET name = ?, faction = ?, fleet_name = "
                                           "?, revision = revision + 1 WHERE id = ? AND revision "
                                           "= ?");
        QSqlQuery q = exec(sql, {next.name, next.faction, next.fleetName, mine.id, mine.revision});
        if (q.numRowsAffected() == 0) {
            const auto now = loadPlayer(mine.id);
            if (!now)
                fail(Kind::Conflict,
                     QStringLiteral("%1 was removed by someone else").arg(playerLabel(mine)));
            // A conflict is a change of content: a row saved again with the same
            // values (an undo and a redo in between) is not one.
            Player same = mine;
            same.revision = now->revision;
            if (same != *now
                || exec(sql, {next.name, next.faction, next.fleetName, mine.id, now->revision})
                        .numRowsAffected()
                    == 0)
                fail(Kind::Conflict, playerChanges(mine, *now));
        }
        writeRoster(mine.id, next.roster);
        return requirePlayer(mine.id);
    }

    bool playerHasBattles(qint64 id) const
    {
        QSqlQuery q
            = exec(QStringLiteral("SELECT COUNT(*) FROM battles WHERE player0 = ? OR player1 = ?"),
                   {id, id});
        return q.next() && q.value(0).toLongLong() > 0;
    }

    // --- battles ---
    static QString battleColumns()
    {
        return QStringLiteral("SELECT id, date, scenario, player0, player1, fleet0, fleet1, vp0, "
                              "vp1, op0, op1, winner, notes, source, revision FROM battles");
    }

    std::vector<Battle> loadBattles(std::optional<qint64> only = std::nullopt) const
    {
        std::vector<Battle> out;
        std::map<qint64, std::size_t> index;
        std::map<qint64, QString> names;
        {
            QSqlQuery q = exec(QStringLiteral("SELECT id, name FROM players"));
            while (q.next())
                names[q.value(0).toLongLong()] = q.value(1).toString();
        }
        {
            QSqlQuery q = only ? exec(battleColumns() + QStringLiteral(" WHERE id = ?"), {*only})
                               : exec(battleColumns() + QStringLiteral(" ORDER BY date, id"));
            while (q.next()) {
                Battle b;
                b.id = q.value(0).toLongLong();
                b.date = QDate::fromString(q.value(1).toString(), Qt::ISODate);
                b.scenario = q.value(2).toString();
                for (int s = 0; s < 2; ++s) {
                    BattleSide &side = b.sides[std::size_t(s)];
                    side.playerId = q.value(3 + s).toLongLong();
                    side.playerName = names[side.playerId];
                    const FleetFileResult f = FleetFile::parse(
                        q.value(5 + s).toString().toUtf8(),
                        QStringLiteral("battle %1 fleet %2").arg(b.id).arg(s + 1));
                    if (!f.ok())
                        fail(Kind::Database, f.errorText());
                    side.fleet = *f.fleet;
                    side.victoryPoints = q.value(7 + s).toInt();
                    side.objectivePoints = q.value(9 + s).toInt();
                }
                b.winner = q.value(11).toInt();
                b.notes = q.value(12).toString();
                b.source = q.value(13).toString();
                b.revision = q.value(14).toLongLong();
                index[b.id] = out.size();
                out.push_back(b);
            }
        }
        const QString cols = QStringLiteral("SELECT battle_id, side, entry, roster_id, unit_id, "
                                            "name, tv, fate, lost, remaining, kills FROM outcomes");
        QSqlQuery q = only
            ? exec(cols + QStringLiteral(" WHERE battle_id = ? ORDER BY side, entry"), {*only})
            : exec(cols + QStringLiteral(" ORDER BY battle_id, side, entry"));
        while (q.next()) {
            auto it = index.find(q.value(0).toLongLong());
            if (it == index.end())
                continue;
            UnitOutcome o;
            o.side = q.value(1).toInt();
            o.entry = q.value(2).toInt();
            o.rosterId = optIdFrom(q.value(3));
            o.unitId = q.value(4).toString();
            o.name = q.value(5).toString();
            o.tv = q.value(6).toInt();
            o.fate = fateFromId(q.value(7).toString()).value_or(UnitFate::Intact);
            o.lost = mapFrom(q.value(8).toString());
            o.remaining = mapFrom(q.value(9).toString());
            o.kills = q.value(10).toInt();
            out[it->second].outcomes.push_back(o);
        }
        return out;
    }

    Battle requireBattle(qint64 id) const
    {
        auto bs = loadBattles(id);
        if (bs.empty())
            fail(Kind::NotFound, QStringLiteral("no battle with id %1 in this campaign").arg(id));
        return bs.front();
    }

    // Checks a battle's shape and fills in what a form may leave out.
    Battle normalized(const Battle &in) const
    {
        Battle b = in;
        if (!b.date.isValid())
            fail(Kind::Invalid, QStringLiteral("the battle needs a date"));
        if (b.winner < -1 || b.winner > 1)
            fail(Kind::Invalid,
                 QStringLiteral("winner must be side 0, side 1 or -1 (a draw), not %1")
                     .arg(b.winner));
        for (int s = 0; s < 2; ++s) {
            BattleSide &side = b.sides[std::size_t(s)];
            if (side.playerId == 0) {
                const auto id = playerIdByName(side.playerName);
                if (!id)
                    fail(Kind::Invalid,
                         QStringLiteral("no player named '%1' in this campaign")
                             .arg(side.playerName));
                side.playerId = *id;
            } else if (!loadPlayer(side.playerId)) {
                fail(Kind::Invalid,
                     QStringLiteral("no player with id %1 in this campaign").arg(side.playerId));
            }
        }
        if (b.sides[0].playerId == b.sides[1].playerId)
            fail(Kind::Invalid, QStringLiteral("a battle is between two different players"));
        std::set<std::pair<int, int>> seen;
        for (const UnitOutcome &o : b.outcomes) {
            if (o.side < 0 || o.side > 1)
                fail(Kind::Invalid, QStringLiteral("an outcome's side must be 0 or 1"));
            const Fleet &f = b.sides[std::size_t(o.side)].fleet;
            if (o.entry < 0 || o.entry >= f.size())
                fail(Kind::Invalid,
                     QStringLiteral("outcome for entry %1 of side %2: the fleet has "
                                    "%3 entries")
                         .arg(o.entry)
                         .arg(o.side)
                         .arg(f.size()));
            if (!seen.insert({o.side, o.entry}).second)
                fail(Kind::Invalid,
                     QStringLiteral("two outcomes for entry %1 of side %2")
                         .arg(o.entry)
                         .arg(o.side));
        }
        for (int s = 0; s < 2; ++s) {
            const Fleet &f = b.sides[std::size_t(s)].fleet;
            for (int i = 0; i < f.size(); ++i) {
                if (seen.count({s, i}))
                    continue;
                UnitOutcome o;
                o.side = s;
                o.entry = i;
                o.unitId = f.entries[std::size_t(i)].unitId;
                o.name = f.entries[std::size_t(i)].name;
                b.outcomes.push_back(o);
            }
        }
        std::sort(b.outcomes.begin(), b.outcomes.end(),
                  [](const UnitOutcome &x, const UnitOutcome &y) {
                      return std::pair(x.side, x.entry) < std::pair(y.side, y.entry);
                  });
        return b;
    }

    qint64 insertBattle(const Battle &b, std::optional<qint64> id = std::nullopt) const
    {
        QVariantList binds {b.date.toString(Qt::ISODate),
                            b.scenario,
                            b.sides[0].playerId,
                            b.sides[1].playerId,
                            fleetText(b.sides[0].fleet),
                            fleetText(b.sides[1].fleet),
                            b.sides[0].victoryPoints,
                            b.sides[1].victoryPoints,
                            b.sides[0].objectivePoints,
                            b.sides[1].objectivePoints,
                            b.winner,
                            b.notes,
                            b.source,
                            std::max<qint64>(b.revision, 1)};
        qint64 battleId = 0;
        const QString cols = QStringLiteral("date, scenario, player0, player1, fleet0, fleet1, "
                                            "vp0, vp1, op0, op1, winner, notes, source, revision");
        const QString marks = QStringLiteral("?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?");
        if (id) {
            binds.prepend(*id);
            exec(QStringLiteral("INSERT INTO battles (id, %1) VALUES (?, %2)").arg(cols, marks),
                 binds);
            battleId = *id;
        } else {
            battleId = insert(
                QStringLiteral("INSERT INTO battles (%1) VALUES (%2)").arg(cols, marks), binds);
        }
        for (const UnitOutcome &o : b.outcomes)
            exec(QStringLiteral("INSERT INTO outcomes (battle_id, side, entry, roster_id, unit_id, "
                                "name, tv, fate, lost, remaining, kills) VALUES (?, ?, ?, ?, ?, "
                                "?, ?, ?, ?, ?, ?)"),
                 {battleId, o.side, o.entry, optId(o.rosterId), o.unitId, o.name, o.tv,
                  fateId(o.fate), mapText(o.lost), mapText(o.remaining), o.kills});
        return battleId;
    }

    void deleteBattle(const Battle &b) const
    {
        const auto now = loadBattles(b.id);
        Battle same = b;
        if (!now.empty())
            same.revision = now.front().revision;
        if (now.empty() || now.front() != same)
            fail(Kind::Conflict,
                 QStringLiteral("battle %1 was changed or removed by someone else").arg(b.id));
        exec(QStringLiteral("DELETE FROM outcomes WHERE battle_id = ?"), {b.id});
        QSqlQuery q = exec(QStringLiteral("DELETE FROM battles WHERE id = ? AND revision = ?"),
                           {b.id, same.revision});
        if (q.numRowsAffected() == 0)
            fail(Kind::Conflict,
                 QStringLiteral("battle %1 was changed or removed by someone else").arg(b.id));
    }

    std::vector<RepairRecord> loadRepairs() const
    {
        std::vector<RepairRecord> out;
        QSqlQuery q = exec(QStringLiteral("SELECT id, player_id, roster_id, date, method, boxes, "
                                          "op_cost, dice FROM repairs ORDER BY date, id"));
        while (q.next()) {
            RepairRecord r;
            r.id = q.value(0).toLongLong();
            r.playerId = q.value(1).toLongLong();
            r.rosterId = q.value(2).toLongLong();
            r.date = QDate::fromString(q.value(3).toString(), Qt::ISODate);
            r.method = repairModeFromId(q.value(4).toString()).value_or(RepairMode::Roll);
            r.boxes = q.value(5).toInt();
            r.opCost = q.value(6).toInt();
            for (const QJsonValue &d : parseJson(q.value(7).toString()).toArray())
                r.dice.push_back(d.toInt());
            out.push_back(r);
        }
        return out;
    }

    qint64 insertRepair(const RepairRecord &r, std::optional<qint64> id = std::nullopt) const
    {
        QJsonArray dice;
        for (int d : r.dice)
            dice.append(d);
        QVariantList binds {r.playerId,
                            r.rosterId,
                            r.date.toString(Qt::ISODate),
                            repairModeId(r.method),
                            r.boxes,
                            r.opCost,
                            jsonText(dice)};
        const QString cols
            = QStringLiteral("player_id, roster_id, date, method, boxes, op_cost, dice");
        if (id) {
            binds.prepend(*id);
            exec(QStringLiteral("INSERT INTO repairs (id, %1) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
                     .arg(cols),
                 binds);
            return *id;
        }
        return insert(
            QStringLiteral("INSERT INTO repairs (%1) VALUES (?, ?, ?, ?, ?, ?, ?)").arg(cols),
            binds);
    }

    std::vector<BattleSummary> loadSummaries() const
    {
        std::vector<BattleSummary> out;
        std::map<qint64, std::size_t> index;
        {
            QSqlQuery q = exec(QStringLiteral("SELECT id, date, player0, player1, vp0, vp1, op0, "
                                              "op1, winner FROM battles ORDER BY date, id"));
            while (q.next()) {
                BattleSummary s;
                s.id = q.value(0).toLongLong();
                s.date = QDate::fromString(q.value(1).toString(), Qt::ISODate);
                s.players = {q.value(2).toLongLong(), q.value(3).toLongLong()};
                s.vp = {q.value(4).toInt(), q.value(5).toInt()};
                s.op = {q.value(6).toInt(), q.value(7).toInt()};
                s.winner = q.value(8).toInt();
                index[s.id] = out.size();
                out.push_back(s);
            }
        }
        // TV destroyed, by the side that lost it.
        QSqlQuery q = exec(QStringLiteral("SELECT battle_id, side, SUM(tv) FROM outcomes WHERE "
                                          "fate = 'destroyed' GROUP BY battle_id, side"));
        while (q.next()) {
            auto it = index.find(q.value(0).toLongLong());
            const int side = q.value(1).toInt();
            if (it != index.end() && (side == 0 || side == 1))
                out[it->second].destroyed[std::size_t(1 - side)] = q.value(2).toInt();
        }
        return out;
    }

    void resetSequences() const
    {
        if (location.dialect != Dialect::Postgres)
            return;
        for (const char *t : {"players", "roster", "battles", "repairs"})
            raw(QStringLiteral("SELECT setval(pg_get_serial_sequence('%1', 'id'), "
                               "COALESCE((SELECT MAX(id) FROM %1), 0) + 1, false)")
                    .arg(QLatin1String(t)));
    }
};

// ---- CampaignStore ----------------------------------------------------------

CampaignStore::CampaignStore(std::unique_ptr<Private> p)
    : d(std::move(p))
{ }

CampaignStore::~CampaignStore()
{
    {
        QSqlDatabase db = d->db();
        if (db.isValid())
            db.close();
    }
    QSqlDatabase::removeDatabase(d->connection);
}

CampaignResult<std::unique_ptr<CampaignStore>> CampaignStore::open(const QString &urlOrPath,
                                                                   const OpenOptions &options)
{
    CampaignResult<std::unique_ptr<CampaignStore>> out;
    const auto loc = CampaignLocation::parse(urlOrPath);
    if (!loc.ok()) {
        out.error = loc.error;
        return out;
    }
    static QAtomicInt counter;
    auto p = std::make_unique<Private>();
    p->location = loc.value;
    p->connection = QStringLiteral("jwcampaign-%1").arg(counter.fetchAndAddRelaxed(1));
    const QString driver = loc.value.dialect == Dialect::Sqlite ? QStringLiteral("QSQLITE")
                                                                : QStringLiteral("QPSQL");
    if (!QSqlDatabase::isDriverAvailable(driver)) {
        out.error
            = {Kind::Database,
               QStringLiteral("the Qt SQL driver %1 is not installed (Debian: %2)")
                   .arg(driver,
                        loc.value.dialect == Dialect::Sqlite ? QStringLiteral("libqt6sql6-sqlite")
                                                             : QStringLiteral("libqt6sql6-psql"))};
        return out;
    }
    std::unique_ptr<CampaignStore> store(new CampaignStore(std::move(p)));
    Private &d = *store->d;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(driver, d.connection);
        const CampaignLocation &l = d.location;
        if (l.dialect == Dialect::Sqlite) {
            const QFileInfo info(l.path);
            if (!info.exists()) {
                if (!options.create) {
                    out.error = {Kind::BadLocation,
                                 QStringLiteral("%1: no campaign database there").arg(l.path)};
                    return out;
                }
                QDir().mkpath(info.absolutePath());
            }
            db.setDatabaseName(l.path);
            // Two programs on one file wait for each other's write instead of failing.
            db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=10000"));
        } else {
            db.setHostName(l.host);
            db.setPort(l.port);
            db.setUserName(l.user);
            db.setPassword(l.password);
            db.setDatabaseName(l.database);
            db.setConnectOptions(l.options);
        }
        if (!db.open()) {
            out.error = {Kind::Database,
                         QStringLiteral("%1: cannot open the database: %2")
                             .arg(l.display(), db.lastError().text())};
            return out;
        }
    }
    const int target = std::clamp(options.schemaVersion, 1, CampaignSchema::kVersion);
    out.error = d.transaction(true, [&] { d.migrate(target); });
    if (!out.ok())
        return out;
    if (d.location.dialect == Dialect::Sqlite) {
        // After the schema check: a refused (newer) file is left as it was.
        try {
            d.raw(QStringLiteral("PRAGMA journal_mode = WAL"));
            d.raw(QStringLiteral("PRAGMA synchronous = NORMAL"));
        } catch (const Failure &e) {
            out.error = e.error;
            return out;
        }
    }
    out.value = std::move(store);
    return out;
}

const CampaignLocation &CampaignStore::location() const
{
    return d->location;
}

int CampaignStore::schemaVersion() const
{
    return d->version;
}

void CampaignStore::setBeforeCommitHook(std::function<void()> hook)
{
    d->beforeCommit = std::move(hook);
}

CampaignResult<Campaign> CampaignStore::create(const Campaign &c)
{
    return d->write<Campaign>([&] {
        if (d->loadCampaign())
            fail(Kind::Invalid,
                 QStringLiteral("%1 already holds a campaign ('%2')")
                     .arg(d->location.display(), d->loadCampaign()->name));
        if (c.name.trimmed().isEmpty())
            fail(Kind::Invalid, QStringLiteral("a campaign needs a name"));
        Campaign stored = c;
        if (!stored.started.isValid())
            stored.started = QDate::currentDate();
        d->insertCampaign(stored);
        return d->requireCampaign();
    });
}

CampaignResult<Campaign> CampaignStore::campaign() const
{
    return d->read<Campaign>([&] { return d->requireCampaign(); });
}

CampaignResult<Campaign> CampaignStore::updateCampaign(const Campaign &before,
                                                       const Campaign &after)
{
    return d->write<Campaign>([&] {
        if (after.name.trimmed().isEmpty())
            fail(Kind::Invalid, QStringLiteral("a campaign needs a name"));
        const QString sql = QStringLiteral(
            "UPDATE campaign SET name = ?, points = ?, rules_profile = ?, house_rules = ?, "
            "started = ?, revision = revision + 1 WHERE id = 1 AND revision = ?");
        auto update = [&](qint64 revision) {
            return d
                ->exec(sql,
                       {after.name, after.points, after.rulesProfile,
                        jsonText(after.rules.toJson()), after.started.toString(Qt::ISODate),
                        revision})
                .numRowsAffected();
        };
        if (update(before.revision) == 0) {
            const Campaign now = d->requireCampaign();
            Campaign same = before;
            same.revision = now.revision;
            if (same == now && update(now.revision) > 0)
                return d->requireCampaign();
            QStringList what;
            if (now.name != before.name)
                what << QStringLiteral("name '%1' → '%2'").arg(before.name, now.name);
            if (now.points != before.points)
                what << QStringLiteral("points %1 → %2").arg(before.points).arg(now.points);
            if (now.rulesProfile != before.rulesProfile)
                what << QStringLiteral("rules %1 → %2").arg(before.rulesProfile, now.rulesProfile);
            for (const QString &k : CampaignRules::keys()) {
                const QJsonValue a = before.rules.toJson().value(k);
                const QJsonValue b = now.rules.toJson().value(k);
                if (a != b)
                    what << QStringLiteral("house rule %1 changed").arg(k);
            }
            fail(Kind::Conflict,
                 QStringLiteral("the campaign settings were changed by someone else since they "
                                "were read (revision %1, now %2): %3")
                     .arg(before.revision)
                     .arg(now.revision)
                     .arg(what.isEmpty() ? QStringLiteral("saved again")
                                         : what.join(QStringLiteral("; "))));
        }
        return d->requireCampaign();
    });
}

CampaignResult<std::vector<Player>> CampaignStore::players() const
{
    return d->read<std::vector<Player>>([&] {
        d->requireCampaign();
        return d->loadPlayers();
    });
}

CampaignResult<Player> CampaignStore::player(qint64 id) const
{
    return d->read<Player>([&] { return d->requirePlayer(id); });
}

CampaignResult<Player> CampaignStore::playerByName(const QString &name) const
{
    return d->read<Player>([&] {
        d->requireCampaign();
        const auto id = d->playerIdByName(name);
        if (!id)
            fail(Kind::NotFound, QStringLiteral("no player named '%1' in this campaign").arg(name));
        return d->requirePlayer(*id);
    });
}

CampaignResult<Player> CampaignStore::addPlayer(const Player &player)
{
    return d->write<Player>([&] {
        d->requireCampaign();
        Player p = player;
        p.id = 0;
        d->checkName(p);
        const qint64 id = d->insert(QStringLiteral("INSERT INTO players (name, faction, "
                                                   "fleet_name, revision) VALUES (?, ?, ?, 1)"),
                                    {p.name, p.faction, p.fleetName});
        d->writeRoster(id, p.roster);
        return d->requirePlayer(id);
    });
}

CampaignResult<Player> CampaignStore::updatePlayer(const Player &before, const Player &after)
{
    return d->write<Player>([&] {
        Player next = after;
        next.id = before.id;
        return d->writePlayer(before, next);
    });
}

CampaignResult<Player> CampaignStore::restorePlayer(const Player &player)
{
    return d->write<Player>([&] {
        d->requireCampaign();
        if (player.id <= 0)
            fail(Kind::Invalid, QStringLiteral("only a removed player can be restored"));
        if (d->loadPlayer(player.id))
            fail(Kind::Conflict,
                 QStringLiteral("%1 is already in the campaign").arg(playerLabel(player)));
        d->checkName(player);
        d->exec(QStringLiteral("INSERT INTO players (id, name, faction, fleet_name, revision) "
                               "VALUES (?, ?, ?, ?, ?)"),
                {player.id, player.name, player.faction, player.fleetName,
                 std::max<qint64>(1, player.revision)});
        d->writeRoster(player.id, player.roster);
        return d->requirePlayer(player.id);
    });
}

CampaignError CampaignStore::removePlayer(const Player &player)
{
    return d->transaction(true, [&] {
        if (d->playerHasBattles(player.id))
            fail(Kind::Invalid,
                 QStringLiteral("%1 has played battles: a player with battles "
                                "cannot be removed")
                     .arg(playerLabel(player)));
        d->exec(QStringLiteral("DELETE FROM roster WHERE player_id = ?"), {player.id});
        QSqlQuery q = d->exec(QStringLiteral("DELETE FROM players WHERE id = ? AND revision = ?"),
                              {player.id, player.revision});
        if (q.numRowsAffected() == 0) {
            const auto now = d->loadPlayer(player.id);
            fail(Kind::Conflict,
                 now ? playerChanges(player, *now)
                     : QStringLiteral("%1 was removed by someone else").arg(playerLabel(player)));
        }
    });
}

CampaignResult<AddBattleResult> CampaignStore::addBattle(const Battle &battle)
{
    return d->write<AddBattleResult>([&] {
        const Campaign c = d->requireCampaign();
        AddBattleResult r;
        Battle b = d->normalized(battle);
        for (int s = 0; s < 2; ++s)
            r.before[std::size_t(s)] = d->requirePlayer(b.sides[std::size_t(s)].playerId);
        matchRoster(b, {&r.before[0], &r.before[1]});
        const BattleEffects fx = applyBattle(c.rules, b, r.before);
        r.notes = fx.notes;
        b.revision = 1;
        b.id = d->insertBattle(b);
        for (int s = 0; s < 2; ++s)
            d->writePlayer(r.before[std::size_t(s)], fx.players[std::size_t(s)]);
        for (int s = 0; s < 2; ++s)
            r.after[std::size_t(s)] = d->requirePlayer(b.sides[std::size_t(s)].playerId);
        r.battle = d->requireBattle(b.id);
        if (d->beforeCommit)
            d->beforeCommit();
        return r;
    });
}

CampaignError CampaignStore::undoAddBattle(const AddBattleResult &added)
{
    return d->transaction(true, [&] {
        d->deleteBattle(added.battle);
        for (int s = 0; s < 2; ++s)
            d->writePlayer(added.after[std::size_t(s)], added.before[std::size_t(s)]);
    });
}

CampaignResult<Battle> CampaignStore::updateBattle(const Battle &before, const Battle &after)
{
    return d->write<Battle>([&] {
        if (!after.date.isValid())
            fail(Kind::Invalid, QStringLiteral("the battle needs a date"));
        if (after.winner < -1 || after.winner > 1)
            fail(Kind::Invalid, QStringLiteral("winner must be 0, 1 or -1 (a draw)"));
        const QString sql = QStringLiteral(
            "UPDATE battles SET date = ?, scenario = ?, vp0 = ?, vp1 = ?, op0 = ?, op1 = ?, "
            "winner = ?, notes = ?, revision = revision + 1 WHERE id = ? AND revision = ?");
        auto update = [&](qint64 revision) {
            return d
                ->exec(sql,
                       {after.date.toString(Qt::ISODate), after.scenario,
                        after.sides[0].victoryPoints, after.sides[1].victoryPoints,
                        after.sides[0].objectivePoints, after.sides[1].objectivePoints,
                        after.winner, after.notes, before.id, revision})
                .numRowsAffected();
        };
        if (update(before.revision) == 0) {
            const auto now = d->loadBattles(before.id);
            if (now.empty())
                fail(Kind::Conflict,
                     QStringLiteral("battle %1 was removed by someone else").arg(before.id));
            const Battle &n = now.front();
            Battle same = before;
            same.revision = n.revision;
            if (same == n && update(n.revision) > 0)
                return d->requireBattle(before.id);
            QStringList what;
            if (n.date != before.date)
                what << QStringLiteral("date %1 → %2")
                            .arg(before.date.toString(Qt::ISODate), n.date.toString(Qt::ISODate));
            if (n.scenario != before.scenario)
                what << QStringLiteral("scenario '%1' → '%2'").arg(before.scenario, n.scenario);
            if (n.notes != before.notes)
                what << QStringLiteral("notes");
            if (n.winner != before.winner)
                what << QStringLiteral("winner");
            for (int s = 0; s < 2; ++s)
                if (n.sides[std::size_t(s)].victoryPoints
                        != before.sides[std::size_t(s)].victoryPoints
                    || n.sides[std::size_t(s)].objectivePoints
                        != before.sides[std::size_t(s)].objectivePoints)
                    what << QStringLiteral("points of side %1").arg(s + 1);
            fail(Kind::Conflict,
                 QStringLiteral("battle %1 was changed by someone else since it was read "
                                "(revision %2, now %3): %4")
                     .arg(before.id)
                     .arg(before.revision)
                     .arg(n.revision)
                     .arg(what.isEmpty() ? QStringLiteral("saved again")
                                         : what.join(QStringLiteral("; "))));
        }
        return d->requireBattle(before.id);
    });
}

CampaignResult<std::vector<Battle>> CampaignStore::battles() const
{
    return d->read<std::vector<Battle>>([&] { return d->loadBattles(); });
}

CampaignResult<Battle> CampaignStore::battle(qint64 id) const
{
    return d->read<Battle>([&] { return d->requireBattle(id); });
}

CampaignResult<std::vector<BattleSummary>> CampaignStore::battleSummaries() const
{
    return d->read<std::vector<BattleSummary>>([&] { return d->loadSummaries(); });
}

CampaignResult<RepairResult> CampaignStore::repair(qint64 playerId, qint64 rosterId,
                                                   DiceSource &dice, const QDate &date)
{
    return d->write<RepairResult>([&] {
        const Campaign c = d->requireCampaign();
        RepairResult r;
        r.before = d->requirePlayer(playerId);
        const RosterEntry *e = r.before.entry(rosterId);
        if (!e)
            fail(Kind::NotFound,
                 QStringLiteral("%1 has no roster entry %2")
                     .arg(playerLabel(r.before))
                     .arg(rosterId));
        const RepairOutcome o = repairUnit(c.rules, *e, dice);
        if (!o.ok())
            fail(Kind::Invalid, o.error);
        Player next = r.before;
        *next.entry(rosterId) = o.entry;
        r.record = o.record;
        r.record.playerId = playerId;
        r.record.date = date.isValid() ? date : QDate::currentDate();
        r.record.id = d->insertRepair(r.record);
        r.after = d->writePlayer(r.before, next);
        return r;
    });
}

CampaignError CampaignStore::undoRepair(const RepairResult &repair)
{
    return d->transaction(true, [&] {
        QSqlQuery q
            = d->exec(QStringLiteral("DELETE FROM repairs WHERE id = ?"), {repair.record.id});
        if (q.numRowsAffected() == 0)
            fail(Kind::Conflict,
                 QStringLiteral("repair %1 was removed by someone else").arg(repair.record.id));
        d->writePlayer(repair.after, repair.before);
    });
}

CampaignResult<std::vector<RepairRecord>> CampaignStore::repairs() const
{
    return d->read<std::vector<RepairRecord>>([&] { return d->loadRepairs(); });
}

CampaignResult<std::vector<StandingRow>> CampaignStore::standings() const
{
    return d->read<std::vector<StandingRow>>([&] {
        const Campaign c = d->requireCampaign();
        return computeStandings(d->loadPlayers(), d->loadSummaries(), d->loadRepairs(), c.rules);
    });
}

CampaignResult<PlayerHistory> CampaignStore::history(qint64 playerId) const
{
    return d->read<PlayerHistory>([&] {
        d->requirePlayer(playerId);
        return playerHistory(playerId, d->loadPlayers(), d->loadBattles());
    });
}

CampaignResult<CampaignData> CampaignStore::exportData() const
{
    return d->read<CampaignData>([&] {
        CampaignData data;
        data.campaign = d->requireCampaign();
        data.players = d->loadPlayers();
        data.battles = d->loadBattles();
        data.repairs = d->loadRepairs();
        return data;
    });
}

CampaignError CampaignStore::importData(const CampaignData &data, bool replace)
{
    return d->transaction(true, [&] {
        if (const auto existing = d->loadCampaign()) {
            if (!replace)
                fail(Kind::Invalid,
                     QStringLiteral("%1 already holds a campaign ('%2'): import into a new "
                                    "database, or replace it")
                         .arg(d->location.display(), existing->name));
            for (const char *t :
                 {"outcomes", "battles", "repairs", "roster", "players", "campaign"})
                d->raw(QStringLiteral("DELETE FROM %1").arg(QLatin1String(t)));
        }
        if (data.campaign.name.trimmed().isEmpty())
            fail(Kind::Invalid, QStringLiteral("the campaign has no name"));
        d->insertCampaign(data.campaign);
        std::set<qint64> ids;
        for (const Player &p : data.players) {
            if (p.id <= 0 || !ids.insert(p.id).second)
                fail(Kind::Invalid,
                     QStringLiteral("player '%1': missing or duplicate id %2")
                         .arg(p.name)
                         .arg(p.id));
            d->checkName(p);
            d->exec(QStringLiteral("INSERT INTO players (id, name, faction, fleet_name, "
                                   "revision) VALUES (?, ?, ?, ?, 1)"),
                    {p.id, p.name, p.faction, p.fleetName});
        }
        std::set<qint64> rosterIds;
        for (const Player &p : data.players) {
            for (const RosterEntry &e : p.roster)
                if (e.id <= 0 || !rosterIds.insert(e.id).second)
                    fail(Kind::Invalid,
                         QStringLiteral("player '%1': roster entry '%2' has a missing or "
                                        "duplicate id %3")
                             .arg(p.name, e.name.isEmpty() ? e.unitId : e.name)
                             .arg(e.id));
            d->writeRoster(p.id, p.roster);
        }
        std::set<qint64> battleIds;
        for (const Battle &b : data.battles) {
            if (b.id <= 0 || !battleIds.insert(b.id).second)
                fail(Kind::Invalid,
                     QStringLiteral("battle with a missing or duplicate id %1").arg(b.id));
            for (const BattleSide &s : b.sides)
                if (!ids.count(s.playerId))
                    fail(Kind::Invalid,
                         QStringLiteral("battle %1 names player id %2, which is "
                                        "not in the campaign")
                             .arg(b.id)
                             .arg(s.playerId));
            Battle n = d->normalized(b);
            n.revision = 1;
            d->insertBattle(n, b.id);
        }
        for (const RepairRecord &r : data.repairs) {
            if (!ids.count(r.playerId))
                fail(Kind::Invalid,
                     QStringLiteral("repair %1 names player id %2, which is not in the campaign")
                         .arg(r.id)
                         .arg(r.playerId));
            d->insertRepair(r, r.id > 0 ? std::optional<qint64>(r.id) : std::nullopt);
        }
        d->resetSequences();
    });
}

} // namespace jw
