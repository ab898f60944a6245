// SPDX-License-Identifier: GPL-3.0-or-later
#include "campaign/campaignstore.h"

#include "campaign/campaignrules.h"
#include "fleet/fleetfile.h"
#include "io/jsonnumber.h"
#include "io/textcheck.h"

#include <QAtomicInt>
#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QStandardPaths>
#include <QThread>
#include <QUrl>
#include <QUrlQuery>

#include <QRandomGenerator>

#include <algorithm>
#include <limits>
#include <set>

namespace jw {

namespace {

using Dialect = CampaignSchema::Dialect;
using Kind = CampaignError::Kind;

// Thrown inside a transaction; the transaction rolls back and returns it.
// `transient`: the database gave up on the transaction because of another
// writer (a deadlock, a serialization failure, SQLite busy); running it again
// may succeed.
struct Failure
{
    CampaignError error;
    bool transient = false;
};

[[noreturn]] void fail(Kind kind, const DataText &message)
{
    throw Failure {CampaignError {kind, message}};
}

QString jsonText(const QJsonValue &v)
{
    const QJsonDocument doc
        = v.isArray() ? QJsonDocument(v.toArray()) : QJsonDocument(v.toObject());
    return QString::fromUtf8(doc.toJson(QJsonDocument::Compact));
}

QString mapText(const RatingMap &m)
{
    QJsonObject o;
    for (const auto &[k, v] : m)
        o.insert(k, v);
    return jsonText(o);
}

QVariant optId(const std::optional<qint64> &id)
{
    return id ? QVariant(*id) : QVariant(QMetaType::fromType<qint64>());
}

QString fleetText(const Fleet &f)
{
    return QString::fromUtf8(FleetFile::serialize(f));
}

DataText playerLabel(const Player &p)
{
    // A name that is refused is not shown (it may colour a terminal).
    if (!io::nameProblem(p.name).isEmpty())
        return p.id > 0 ? DataText::of(QT_TRANSLATE_NOOP("jw::Data", "player %1"), {p.id})
                        : DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the player"));
    return DataText::of(QT_TRANSLATE_NOOP("jw::Data", "player '%1'"), {p.name});
}

// Changes listed in one sentence ("name 'A' → 'B'; roster 3 → 4 units"), in both languages.
class Changes
{
public:
    Changes &operator<<(const DataText &change)
    {
        m_items.push_back(change);
        return *this;
    }
    [[nodiscard]] DataText joined() const
    {
        if (m_items.empty())
            return DataText::of(QT_TRANSLATE_NOOP("jw::Data", "saved again"));
        QStringList english;
        QStringList local;
        for (const DataText &t : m_items) {
            english << t.english();
            local << t.translated();
        }
        return DataText::localized(english.join(QStringLiteral("; ")),
                                   local.join(QStringLiteral("; ")));
    }

private:
    std::vector<DataText> m_items;
};

// What someone else changed in a player since `mine` was read.
DataText playerChanges(const Player &mine, const Player &now)
{
    Changes what;
    if (mine.name != now.name)
        what << DataText::of(QT_TRANSLATE_NOOP("jw::Data", "name '%1' → '%2'"),
                             {mine.name, now.name});
    if (mine.faction != now.faction)
        what << DataText::of(QT_TRANSLATE_NOOP("jw::Data", "faction '%1' → '%2'"),
                             {mine.faction, now.faction});
    if (mine.fleetName != now.fleetName)
        what << DataText::of(QT_TRANSLATE_NOOP("jw::Data", "fleet name '%1' → '%2'"),
                             {mine.fleetName, now.fleetName});
    if (mine.activeCount() != now.activeCount())
        what << DataText::of(QT_TRANSLATE_NOOP("jw::Data", "roster %1 → %2 units"),
                             {mine.activeCount(), now.activeCount()});
    else if (mine.roster != now.roster)
        what << DataText::of(
            QT_TRANSLATE_NOOP("jw::Data", "roster entries changed (damage, battles or units)"));
    return DataText::of(
        QT_TRANSLATE_NOOP("jw::Data",
                          "%1 was changed by someone else since it was read (revision %2, now "
                          "%3): %4"),
        {playerLabel(mine), mine.revision, now.revision, what.joined()});
}

// ---- Validation --------------------------------------------------------------
//
// Every value the store reads is checked here, once: Row turns a column into a
// value (a number, a date, JSON) and the check*() functions below say whether
// the value may be stored. Writes go through the same check*() functions, so
// the store never writes what it would refuse to read, and a row another
// client wrote that breaks them is an error naming the table, the row and the
// column: never a crash, never a default that the next edit would write back.

// A column and why its value is refused.
struct Problem
{
    QString column;
    DataText why;
};
using Check = std::optional<Problem>;

// What a column is, for people (write errors name the field, not the column).
// Other columns are named as they are: "name", "points" (their English is the column's).
DataText fieldName(const QString &column)
{
    static const std::map<QString, const char *> names {
        {QStringLiteral("fleet_name"), QT_TRANSLATE_NOOP("jw::Data", "fleet name")},
        {QStringLiteral("rules_profile"), QT_TRANSLATE_NOOP("jw::Data", "rules profile")},
        {QStringLiteral("unit_id"), QT_TRANSLATE_NOOP("jw::Data", "unit")},
        {QStringLiteral("vp0"), QT_TRANSLATE_NOOP("jw::Data", "victory points of side 1")},
        {QStringLiteral("vp1"), QT_TRANSLATE_NOOP("jw::Data", "victory points of side 2")},
        {QStringLiteral("op0"), QT_TRANSLATE_NOOP("jw::Data", "objective points of side 1")},
        {QStringLiteral("op1"), QT_TRANSLATE_NOOP("jw::Data", "objective points of side 2")},
        {QStringLiteral("fleet0"), QT_TRANSLATE_NOOP("jw::Data", "fleet of side 1")},
        {QStringLiteral("fleet1"), QT_TRANSLATE_NOOP("jw::Data", "fleet of side 2")},
        {QStringLiteral("player0"), QT_TRANSLATE_NOOP("jw::Data", "player of side 1")},
        {QStringLiteral("player1"), QT_TRANSLATE_NOOP("jw::Data", "player of side 2")},
        {QStringLiteral("op_cost"), QT_TRANSLATE_NOOP("jw::Data", "objective point cost")},
    };
    auto it = names.find(column);
    return it == names.end() ? DataText(column) : DataText::of(it->second);
}

Check nameCheck(const QString &column, const QString &text, bool nonEmpty)
{
    if (const DataText why = io::nameProblemText(text); !why.isEmpty())
        return Problem {column, why};
    if (nonEmpty && text.trimmed().isEmpty())
        return Problem {column, DataText::of(QT_TRANSLATE_NOOP("jw::Data", "is empty"))};
    return std::nullopt;
}

Check textCheck(const QString &column, const QString &text)
{
    if (const DataText why = io::textProblemText(text); !why.isEmpty())
        return Problem {column, why};
    return std::nullopt;
}

Check rangeCheck(const QString &column, qint64 n, qint64 min, qint64 max)
{
    if (n < min || n > max)
        return Problem {column,
                        DataText::of(QT_TRANSLATE_NOOP("jw::Data", "must be from %1 to %2, not %3"),
                                     {min, max, n})};
    return std::nullopt;
}

Check dateCheck(const QString &column, const QDate &d)
{
    if (!d.isValid())
        return Problem {column,
                        DataText::of(QT_TRANSLATE_NOOP("jw::Data", "is not a date (YYYY-MM-DD)"))};
    return std::nullopt;
}

Check ratingsCheck(const QString &column, const RatingMap &m)
{
    for (const auto &[track, n] : m) {
        if (!damageTracks().contains(track))
            return Problem {
                column,
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "names an unknown rating '%1' (%2)"),
                             {track, damageTracks().join(QStringLiteral(", "))})};
        if (auto p = rangeCheck(column, n, 0, kMaxBoxes))
            return Problem {column,
                            DataText::localized(track + QLatin1Char(' ') + p->why.english(),
                                                track + QLatin1Char(' ') + p->why.translated())};
    }
    return std::nullopt;
}

template<typename... Checks>
Check first(Checks &&...checks)
{
    Check out;
    ((out = out ? out : checks()), ...);
    return out;
}

Check fleetCheck(const QString &column, const Fleet &f)
{
    if (auto p = nameCheck(column, f.name, false))
        return Problem {column,
                        DataText::of(QT_TRANSLATE_NOOP("jw::Data", "fleet name %1"), {p->why})};
    for (const FleetEntry &e : f.entries) {
        for (const QString *s : {&e.unitId, &e.name})
            if (auto p = nameCheck(column, *s, false))
                return Problem {
                    column, DataText::of(QT_TRANSLATE_NOOP("jw::Data", "unit name %1"), {p->why})};
        for (const QString &u : e.upgrades)
            if (auto p = nameCheck(column, u, false))
                return Problem {
                    column, DataText::of(QT_TRANSLATE_NOOP("jw::Data", "upgrade %1"), {p->why})};
    }
    return std::nullopt;
}

Check campaignCheck(const Campaign &c)
{
    return first(
        [&] { return nameCheck(QStringLiteral("name"), c.name, true); },
        [&] { return rangeCheck(QStringLiteral("points"), c.points, 1, kMaxCampaignNumber); },
        [&] { return nameCheck(QStringLiteral("rules_profile"), c.rulesProfile, true); },
        [&] { return dateCheck(QStringLiteral("started"), c.started); });
}

Check playerCheck(const Player &p)
{
    return first([&] { return nameCheck(QStringLiteral("name"), p.name, true); },
                 [&] { return nameCheck(QStringLiteral("faction"), p.faction, false); },
                 [&] { return nameCheck(QStringLiteral("fleet_name"), p.fleetName, false); });
}

Check rosterCheck(const RosterEntry &e)
{
    return first(
        [&] { return nameCheck(QStringLiteral("unit_id"), e.unitId, true); },
        [&] { return nameCheck(QStringLiteral("name"), e.name, false); },
        [&]() -> Check {
            for (const QString &u : e.upgrades)
                if (auto p = nameCheck(QStringLiteral("upgrades"), u, true))
                    return p;
            return std::nullopt;
        },
        [&] { return ratingsCheck(QStringLiteral("damage"), e.damage); },
        [&] { return rangeCheck(QStringLiteral("battles"), e.battles, 0, kMaxCampaignNumber); },
        [&] { return rangeCheck(QStringLiteral("survived"), e.survived, 0, kMaxCampaignNumber); },
        [&] { return rangeCheck(QStringLiteral("kills"), e.kills, 0, kMaxCampaignNumber); });
}

// The battle's own columns (not its outcomes).
Check battleCheck(const Battle &b)
{
    return first(
        [&] { return dateCheck(QStringLiteral("date"), b.date); },
        [&] { return nameCheck(QStringLiteral("scenario"), b.scenario, true); },
        [&]() -> Check {
            if (b.sides[0].playerId == b.sides[1].playerId)
                return Problem {QStringLiteral("player1"),
                                DataText::of(QT_TRANSLATE_NOOP(
                                    "jw::Data",
                                    "is the player of side 1 too: a battle is between "
                                    "two different players"))};
            return std::nullopt;
        },
        [&] { return fleetCheck(QStringLiteral("fleet0"), b.sides[0].fleet); },
        [&] { return fleetCheck(QStringLiteral("fleet1"), b.sides[1].fleet); },
        [&] {
            return rangeCheck(QStringLiteral("vp0"), b.sides[0].victoryPoints, 0,
                              kMaxCampaignNumber);
        },
        [&] {
            return rangeCheck(QStringLiteral("vp1"), b.sides[1].victoryPoints, 0,
                              kMaxCampaignNumber);
        },
        [&] {
            return rangeCheck(QStringLiteral("op0"), b.sides[0].objectivePoints, 0,
                              kMaxCampaignNumber);
        },
        [&] {
            return rangeCheck(QStringLiteral("op1"), b.sides[1].objectivePoints, 0,
                              kMaxCampaignNumber);
        },
        [&]() -> Check {
            if (b.winner < -1 || b.winner > 1)
                return Problem {
                    QStringLiteral("winner"),
                    DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                   "must be side 0, side 1 or -1 (a draw), not %1"),
                                 {b.winner})};
            return std::nullopt;
        },
        [&] { return textCheck(QStringLiteral("notes"), b.notes); },
        [&]() -> Check {
            if (!battleSources().contains(b.source))
                return Problem {
                    QStringLiteral("source"),
                    DataText::of(QT_TRANSLATE_NOOP("jw::Data", "must be %1, not '%2'"),
                                 {battleSources().join(QStringLiteral(", ")), b.source})};
            return std::nullopt;
        },
        [&]() -> Check {
            // The same rule as reading it back.
            DataText why;
            if (b.luck && !battleLuckFromJson(battleLuckToJson(*b.luck), &why))
                return Problem {QStringLiteral("luck"), why};
            return std::nullopt;
        });
}

// `full`: the whole outcome with its battle's fleets (the entry is checked
// against them); otherwise only what standings read (side, entry, TV, fate).
Check outcomeCheck(const UnitOutcome &o, const Battle &b, bool full)
{
    return first(
        [&] { return rangeCheck(QStringLiteral("side"), o.side, 0, 1); },
        [&] {
            const qint64 size
                = full ? b.sides[std::size_t(o.side)].fleet.size() : kMaxCampaignNumber + 1;
            return rangeCheck(QStringLiteral("entry"), o.entry, 0, size - 1);
        },
        [&] { return rangeCheck(QStringLiteral("tv"), o.tv, 0, kMaxCampaignNumber); },
        [&]() -> Check {
            if (!full)
                return std::nullopt;
            return first([&] { return nameCheck(QStringLiteral("unit_id"), o.unitId, true); },
                         [&] { return nameCheck(QStringLiteral("name"), o.name, false); },
                         [&] { return ratingsCheck(QStringLiteral("lost"), o.lost); },
                         [&] { return ratingsCheck(QStringLiteral("remaining"), o.remaining); },
                         [&] {
                             return rangeCheck(QStringLiteral("kills"), o.kills, 0,
                                               kMaxCampaignNumber);
                         });
        });
}

Check repairCheck(const RepairRecord &r)
{
    return first(
        [&] { return dateCheck(QStringLiteral("date"), r.date); },
        [&] { return rangeCheck(QStringLiteral("boxes"), r.boxes, 0, kMaxBoxes); },
        [&] { return rangeCheck(QStringLiteral("op_cost"), r.opCost, 0, kMaxCampaignNumber); },
        [&]() -> Check {
            for (int d : r.dice)
                if (d < 1 || d > 6)
                    return Problem {
                        QStringLiteral("dice"),
                        DataText::of(QT_TRANSLATE_NOOP("jw::Data", "holds %1: a die shows 1 to 6"),
                                     {d})};
            return std::nullopt;
        });
}

// Refuses a value to be written: "player 'Ann': name holds a control character...".
void refuse(const DataText &what, const Check &p)
{
    if (p)
        fail(Kind::Invalid,
             DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: %2 %3"),
                          {what, fieldName(p->column), p->why}));
}

// One row of a query, column by column; a value that cannot be read, or that
// its check refuses, fails naming the table, the row and the column.
class Row
{
public:
    // `key`: how errors name the row, as (label, column) pairs: "id 7",
    // "battle 3, side 1, entry 2".
    Row(const QSqlQuery &q, QString database, QString table,
        std::vector<std::pair<QString, QString>> key
        = {{QStringLiteral("id"), QStringLiteral("id")}})
        : m_q(q)
        , m_database(std::move(database))
        , m_table(std::move(table))
        , m_key(std::move(key))
    {
        const QSqlRecord rec = q.record();
        for (int i = 0; i < rec.count(); ++i)
            m_index.insert(rec.fieldName(i), i);
    }

    [[noreturn]] void bad(const QString &column, const DataText &why) const
    {
        QStringList key;
        for (const auto &[label, keyColumn] : m_key)
            key << label + QLatin1Char(' ') + raw(keyColumn).toString().left(40);
        fail(Kind::Database,
             DataText::of(QT_TRANSLATE_NOOP(
                              "jw::Data",
                              "%1: table %2, row %3, column %4: %5 (the row was not written by "
                              "jwfleet or was changed by hand; fix or remove it with an SQL "
                              "client, nothing was changed)"),
                          {m_database, m_table, key.join(QStringLiteral(", ")), column, why}));
    }
    void check(const Check &p) const
    {
        if (p)
            bad(p->column, p->why);
    }

    [[nodiscard]] QVariant raw(const QString &column) const
    {
        return m_q.value(m_index.value(column, -1));
    }

    [[nodiscard]] qint64 integer(const QString &column, qint64 min, qint64 max) const
    {
        const QVariant v = raw(column);
        if (v.isNull())
            bad(column, DataText::of(QT_TRANSLATE_NOOP("jw::Data", "is NULL")));
        bool ok = false;
        const qint64 n = v.toLongLong(&ok);
        if (!ok || (v.typeId() == QMetaType::Double && double(n) != v.toDouble()))
            bad(column,
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'%1' is not a whole number"),
                             {v.toString().left(40)}));
        if (n < min || n > max)
            bad(column,
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1 is not from %2 to %3"),
                             {n, min, max}));
        return n;
    }
    [[nodiscard]] int number(const QString &column) const
    {
        return int(
            integer(column, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
    }
    [[nodiscard]] qint64 id(const QString &column) const
    {
        return integer(column, 1, kMaxCampaignId);
    }
    [[nodiscard]] std::optional<qint64> optId(const QString &column) const
    {
        if (raw(column).isNull())
            return std::nullopt;
        return id(column);
    }
    [[nodiscard]] QString text(const QString &column) const
    {
        const QVariant v = raw(column);
        if (v.isNull())
            bad(column, DataText::of(QT_TRANSLATE_NOOP("jw::Data", "is NULL")));
        return v.toString();
    }
    [[nodiscard]] QDate date(const QString &column) const
    {
        const QString s = text(column);
        const QDate d = QDate::fromString(s, Qt::ISODate);
        if (!d.isValid())
            bad(column,
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'%1' is not a date (YYYY-MM-DD)"),
                             {s.left(40)}));
        return d;
    }
    [[nodiscard]] QJsonValue json(const QString &column, bool array) const
    {
        QJsonParseError err;
        const QJsonDocument doc = QJsonDocument::fromJson(text(column).toUtf8(), &err);
        if (err.error != QJsonParseError::NoError)
            bad(column,
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "is not JSON (%1)"),
                             {err.errorString()}));
        if (array ? !doc.isArray() : !doc.isObject())
            bad(column,
                array ? DataText::of(QT_TRANSLATE_NOOP("jw::Data", "is not a JSON list"))
                      : DataText::of(QT_TRANSLATE_NOOP("jw::Data", "is not a JSON object")));
        return array ? QJsonValue(doc.array()) : QJsonValue(doc.object());
    }
    [[nodiscard]] RatingMap ratings(const QString &column) const
    {
        RatingMap m;
        const QJsonObject o = json(column, false).toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            const std::optional<qint64> boxes = io::wholeNumber(it.value(), 0, kMaxBoxes);
            if (!boxes)
                bad(column,
                    DataText::of(
                        QT_TRANSLATE_NOOP("jw::Data", "%1 is not a number of boxes from 0 to %2"),
                        {it.key(), kMaxBoxes}));
            m[it.key()] = int(*boxes);
        }
        check(ratingsCheck(column, m));
        return m;
    }
    [[nodiscard]] QStringList strings(const QString &column) const
    {
        QStringList out;
        for (const QJsonValue &v : json(column, true).toArray()) {
            if (!v.isString())
                bad(column,
                    DataText::of(QT_TRANSLATE_NOOP("jw::Data", "holds something other than text")));
            out << v.toString();
        }
        return out;
    }
    template<typename E>
    [[nodiscard]] E choice(const QString &column, std::optional<E> (*from)(const QString &),
                           const QString &allowed) const
    {
        const QString s = text(column);
        const auto e = from(s);
        if (!e)
            bad(column,
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'%1' is not %2"),
                             {s.left(40), allowed}));
        return *e;
    }

private:
    const QSqlQuery &m_q;
    QString m_database;
    QString m_table;
    std::vector<std::pair<QString, QString>> m_key;
    QHash<QString, int> m_index;
};

} // namespace

// ---- CampaignLocation -------------------------------------------------------

CampaignResult<CampaignLocation> CampaignLocation::parse(const QString &text)
{
    CampaignResult<CampaignLocation> out;
    CampaignLocation &l = out.value;
    const QString s = text.trimmed();
    if (s.isEmpty()) {
        out.error
            = {Kind::BadLocation, DataText::of(QT_TRANSLATE_NOOP("jw::Data", "no database given"))};
        return out;
    }
    if (s.startsWith(QLatin1String("postgresql://"))
        || s.startsWith(QLatin1String("postgres://"))) {
        const QUrl url(s, QUrl::StrictMode);
        if (!url.isValid() || url.host().isEmpty()) {
            out.error = {Kind::BadLocation,
                         DataText::of(QT_TRANSLATE_NOOP(
                                          "jw::Data",
                                          "not a PostgreSQL URL: '%1' (postgresql://user:password@"
                                          "host:port/database)"),
                                      {s})};
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
                         DataText::of(QT_TRANSLATE_NOOP(
                                          "jw::Data", "the PostgreSQL URL names no database: '%1'"),
                                      {s})};
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
                     DataText::of(QT_TRANSLATE_NOOP(
                                      "jw::Data",
                                      "unknown database URL '%1': use a file path, sqlite:///path "
                                      "or postgresql://user:password@host:port/database"),
                                  {s})};
        return out;
    } else {
        l.path = s;
    }
    if (l.path.isEmpty()) {
        out.error = {Kind::BadLocation,
                     DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the SQLite URL names no file"))};
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
    mutable int retries = 0; // transactions run again (tests, measurements)

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
            failed(q.lastError(), QString());
        return q;
    }

    void raw(const QString &sql) const
    {
        QSqlQuery q(db());
        if (!q.exec(sql))
            failed(q.lastError(), sql);
    }

    // A deadlock or serialization failure (PostgreSQL 40P01, 40001), or SQLite
    // busy or locked past its timeout: the transaction is worth running again.
    bool transient(const QSqlError &e) const
    {
        const QString code = e.nativeErrorCode();
        if (location.dialect == Dialect::Postgres)
            return code == QLatin1String("40P01") || code == QLatin1String("40001");
        bool ok = false;
        const int n = code.toInt(&ok);
        return (ok && ((n & 0xff) == 5 || (n & 0xff) == 6))
            || e.text().contains(QLatin1String("database is locked"));
    }

    [[noreturn]] void failed(const QSqlError &e, const QString &sql) const
    {
        throw Failure {
            CampaignError {
                Kind::Database,
                sql.isEmpty()
                    ? QStringLiteral("%1: %2").arg(location.display(), e.text())
                    : QStringLiteral("%1: %2 (%3)").arg(location.display(), e.text(), sql)},
            transient(e)};
    }

    qint64 insert(const QString &sql, const QVariantList &binds) const
    {
        QSqlQuery q = exec(sql + QStringLiteral(" RETURNING id"), binds);
        if (!q.next())
            fail(Kind::Database,
                 DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: no id returned"),
                              {location.display()}));
        return q.value(0).toLongLong();
    }

    // Runs `f` in one transaction: committed when it returns, rolled back when
    // it throws. Writes take the write lock at once (SQLite: BEGIN IMMEDIATE,
    // so two writers wait for each other instead of failing half-way). When
    // the database gives up on it because of another writer (a deadlock, a
    // serialization failure, SQLite still busy after its timeout), `f` runs
    // again from the start, up to kAttempts times after a short random pause;
    // only then is it a Conflict. `f` reads what it needs inside the
    // transaction, so running it again is safe.
    static constexpr int kAttempts = 8;

    template<typename F>
    CampaignError transaction(bool write, F &&f) const
    {
        CampaignError last;
        for (int attempt = 1; attempt <= kAttempts; ++attempt) {
            const std::optional<Failure> failure = once(write, f);
            if (!failure)
                return {};
            if (!failure->transient)
                return failure->error;
            last = failure->error;
            ++retries;
            if (attempt < kAttempts) // 5 to 20 ms at first, up to 0.3 s
                QThread::msleep(5
                                + QRandomGenerator::global()->bounded(15u << std::min(attempt, 4)));
        }
        return CampaignError {
            Kind::Conflict,
            DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                           "the campaign is busy with other writers (tried %1 "
                                           "times; last: %2): nothing was written, run it again"),
                         {kAttempts, last.message})};
    }

    template<typename F>
    std::optional<Failure> once(bool write, F &f) const
    {
        try {
            if (location.dialect == Dialect::Sqlite)
                raw(write ? QStringLiteral("BEGIN IMMEDIATE") : QStringLiteral("BEGIN"));
            else
                raw(write ? QStringLiteral("BEGIN")
                          : QStringLiteral("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY"));
        } catch (const Failure &e) {
            return e;
        }
        std::optional<Failure> failure;
        try {
            f();
            raw(QStringLiteral("COMMIT"));
            return std::nullopt;
        } catch (const Failure &e) {
            failure = e;
        } catch (const std::exception &e) {
            failure = Failure {
                CampaignError {Kind::Database,
                               QStringLiteral("%1: %2").arg(location.display(),
                                                            QString::fromLocal8Bit(e.what()))}};
        }
        QSqlQuery q(db());
        q.exec(QStringLiteral("ROLLBACK"));
        return failure;
    }

    // Locks the players' rows, always in the order of their ids, before a
    // write that changes two of them: two such writes then wait for each other
    // instead of deadlocking (SQLite: BEGIN IMMEDIATE has locked everything).
    void lockPlayers(std::vector<qint64> ids) const
    {
        if (location.dialect != Dialect::Postgres || ids.empty())
            return;
        std::sort(ids.begin(), ids.end());
        QStringList marks;
        QVariantList binds;
        for (qint64 id : ids) {
            marks << QStringLiteral("?");
            binds << id;
        }
        QSqlQuery q = exec(QStringLiteral("SELECT id FROM players WHERE id IN (%1) ORDER BY id "
                                          "FOR UPDATE")
                               .arg(marks.join(QStringLiteral(", "))),
                           binds);
        while (q.next()) { }
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
                 DataText::of(QT_TRANSLATE_NOOP(
                                  "jw::Data",
                                  "%1: this campaign database has schema version %2, newer than "
                                  "this program knows (%3); it was written by a newer jwfleet: "
                                  "update jwfleet to open it (the database was not changed)"),
                              {location.display(), v, CampaignSchema::kVersion}));
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
        QSqlQuery q = exec(QStringLiteral("SELECT id, name, points, rules_profile, house_rules, "
                                          "started, revision FROM campaign WHERE id = 1"));
        if (!q.next())
            return std::nullopt;
        Row row(q, location.display(), QStringLiteral("campaign"));
        Campaign c;
        c.name = row.text(QStringLiteral("name"));
        c.points = row.number(QStringLiteral("points"));
        c.rulesProfile = row.text(QStringLiteral("rules_profile"));
        DataText err;
        auto rules = CampaignRules::fromJson(
            row.json(QStringLiteral("house_rules"), false).toObject(), &err);
        if (!rules)
            row.bad(QStringLiteral("house_rules"), err);
        c.rules = *rules;
        c.started = row.date(QStringLiteral("started"));
        c.revision = row.integer(QStringLiteral("revision"), 0, kMaxCampaignId);
        row.check(campaignCheck(c));
        return c;
    }

    Campaign requireCampaign() const
    {
        auto c = loadCampaign();
        if (!c)
            fail(Kind::NoCampaign,
                 DataText::of(
                     QT_TRANSLATE_NOOP("jw::Data",
                                       "%1 holds no campaign yet: create one first (jwfleet-cli "
                                       "campaign create)"),
                     {location.display()}));
        return *c;
    }

    void insertCampaign(const Campaign &c) const
    {
        refuse(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the campaign")), campaignCheck(c));
        exec(QStringLiteral("INSERT INTO campaign (id, name, points, rules_profile, house_rules, "
                            "started, revision) VALUES (1, ?, ?, ?, ?, ?, 1)"),
             {c.name, c.points, c.rulesProfile, jsonText(c.rules.toJson()),
              c.started.toString(Qt::ISODate)});
    }

    // --- players ---
    // The players' own rows, without their rosters.
    std::vector<Player> playerRows(std::optional<qint64> only = std::nullopt) const
    {
        std::vector<Player> out;
        {
            QSqlQuery q = only ? exec(QStringLiteral("SELECT id, name, faction, fleet_name, "
                                                     "revision FROM players WHERE id = ?"),
                                      {*only})
                               : exec(QStringLiteral("SELECT id, name, faction, fleet_name, "
                                                     "revision FROM players ORDER BY id"));
            Row row(q, location.display(), QStringLiteral("players"));
            while (q.next()) {
                Player p;
                p.id = row.id(QStringLiteral("id"));
                p.name = row.text(QStringLiteral("name"));
                p.faction = row.text(QStringLiteral("faction"));
                p.fleetName = row.text(QStringLiteral("fleet_name"));
                p.revision = row.integer(QStringLiteral("revision"), 0, kMaxCampaignId);
                row.check(playerCheck(p));
                out.push_back(p);
            }
        }
        return out;
    }

    std::vector<Player> loadPlayers(std::optional<qint64> only = std::nullopt) const
    {
        std::vector<Player> out = playerRows(only);
        std::map<qint64, std::size_t> index;
        for (std::size_t i = 0; i < out.size(); ++i)
            index[out[i].id] = i;
        const QString cols = QStringLiteral(
            "SELECT id, player_id, unit_id, name, upgrades, embarked_on, damage, battles, "
            "survived, kills, status, captured_from, renowned FROM roster");
        QSqlQuery q = only
            ? exec(cols + QStringLiteral(" WHERE player_id = ? ORDER BY position"), {*only})
            : exec(cols + QStringLiteral(" ORDER BY player_id, position"));
        Row row(q, location.display(), QStringLiteral("roster"));
        while (q.next()) {
            auto it = index.find(row.id(QStringLiteral("player_id")));
            if (it == index.end())
                row.bad(QStringLiteral("player_id"), QStringLiteral("names no player"));
            RosterEntry e;
            e.id = row.id(QStringLiteral("id"));
            e.unitId = row.text(QStringLiteral("unit_id"));
            e.name = row.text(QStringLiteral("name"));
            e.upgrades = row.strings(QStringLiteral("upgrades"));
            e.embarkedOn = row.optId(QStringLiteral("embarked_on"));
            e.damage = row.ratings(QStringLiteral("damage"));
            e.battles = row.number(QStringLiteral("battles"));
            e.survived = row.number(QStringLiteral("survived"));
            e.kills = row.number(QStringLiteral("kills"));
            e.status = row.choice<RosterStatus>(QStringLiteral("status"), &rosterStatusFromId,
                                                QStringLiteral("active or destroyed"));
            e.capturedFrom = row.optId(QStringLiteral("captured_from"));
            e.renowned = row.integer(QStringLiteral("renowned"), 0, 1) != 0;
            row.check(rosterCheck(e));
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
            fail(Kind::NotFound,
                 DataText::of(
                     QT_TRANSLATE_NOOP("jw::Data", "no player with id %1 in this campaign"), {id}));
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
            fail(Kind::Invalid,
                 DataText::of(QT_TRANSLATE_NOOP("jw::Data", "a player needs a name")));
        refuse(playerLabel(p), playerCheck(p));
        const auto other = playerIdByName(p.name);
        if (other && *other != p.id)
            fail(Kind::Invalid,
                 DataText::of(
                     QT_TRANSLATE_NOOP("jw::Data",
                                       "there is already a player named '%1' in this campaign"),
                     {p.name}));
    }

    // Writes the roster of `playerId`: every entry of `roster` (inserted, updated
    // or moved to this player), then deletes this player's rows not in it.
    void writeRoster(qint64 playerId, const std::vector<RosterEntry> &roster) const
    {
        std::map<qint64, qint64> newIds; // temporary id -> stored id
        std::vector<qint64> ids;
        for (std::size_t i = 0; i < roster.size(); ++i) {
            const RosterEntry &e = roster[i];
            refuse(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "roster entry %1 of player %2"),
                                {i + 1, playerId}),
                   rosterCheck(e));
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
        loadPlayer(mine.id); // never written over when it cannot be read
        const QString sql = QStringLiteral("UPDATE players SET name = ?, faction = ?, fleet_name = "
                                           "?, revision = revision + 1 WHERE id = ? AND revision "
                                           "= ?");
        QSqlQuery q = exec(sql, {next.name, next.faction, next.fleetName, mine.id, mine.revision});
        if (q.numRowsAffected() == 0) {
            const auto now = loadPlayer(mine.id);
            if (!now)
                fail(Kind::Conflict,
                     DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1 was removed by someone else"),
                                  {playerLabel(mine)}));
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
    // `fleets`: also the fleets (standings and charts do without them).
    static QString battleColumns(bool fleets)
    {
        return QStringLiteral("SELECT id, date, scenario, player0, player1, %1vp0, vp1, op0, op1, "
                              "winner, notes, source, luck, revision FROM battles")
            .arg(fleets ? QStringLiteral("fleet0, fleet1, ") : QString());
    }

    std::vector<Battle> loadBattles(std::optional<qint64> only = std::nullopt,
                                    bool fleets = true) const
    {
        std::vector<Battle> out;
        std::map<qint64, std::size_t> index;
        std::map<qint64, QString> names;
        for (const Player &p : playerRows())
            names[p.id] = p.name;
        {
            QSqlQuery q = only
                ? exec(battleColumns(fleets) + QStringLiteral(" WHERE id = ?"), {*only})
                : exec(battleColumns(fleets) + QStringLiteral(" ORDER BY date, id"));
            Row row(q, location.display(), QStringLiteral("battles"));
            while (q.next()) {
                Battle b;
                b.id = row.id(QStringLiteral("id"));
                b.date = row.date(QStringLiteral("date"));
                b.scenario = row.text(QStringLiteral("scenario"));
                for (int s = 0; s < 2; ++s) {
                    BattleSide &side = b.sides[std::size_t(s)];
                    const QString n = QString::number(s);
                    side.playerId = row.id(QStringLiteral("player") + n);
                    if (!names.count(side.playerId))
                        row.bad(QStringLiteral("player") + n,
                                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "names no player (%1)"),
                                             {side.playerId}));
                    side.playerName = names[side.playerId];
                    if (fleets) {
                        const QString column = QStringLiteral("fleet") + n;
                        const FleetFileResult f = FleetFile::parse(
                            row.text(column).toUtf8(),
                            QStringLiteral("battle %1 fleet %2").arg(b.id).arg(s + 1));
                        if (!f.ok())
                            row.bad(column,
                                    DataText::of(
                                        QT_TRANSLATE_NOOP("jw::Data", "is not a fleet: %1"),
                                        {DataText::localized(f.errorText(), f.localErrorText())}));
                        side.fleet = *f.fleet;
                    }
                    side.victoryPoints = row.number(QStringLiteral("vp") + n);
                    side.objectivePoints = row.number(QStringLiteral("op") + n);
                }
                b.winner = row.number(QStringLiteral("winner"));
                b.notes = row.text(QStringLiteral("notes"));
                b.source = row.text(QStringLiteral("source"));
                if (!row.raw(QStringLiteral("luck")).isNull()) {
                    DataText why;
                    b.luck = battleLuckFromJson(row.json(QStringLiteral("luck"), true), &why);
                    if (!b.luck)
                        row.bad(QStringLiteral("luck"), why);
                }
                b.revision = row.integer(QStringLiteral("revision"), 0, kMaxCampaignId);
                row.check(battleCheck(b));
                index[b.id] = out.size();
                out.push_back(b);
            }
        }
        const QString cols = fleets
            ? QStringLiteral("SELECT battle_id, side, entry, roster_id, unit_id, name, tv, fate, "
                             "lost, remaining, kills FROM outcomes")
            : QStringLiteral("SELECT battle_id, side, entry, tv, fate FROM outcomes");
        QSqlQuery q = only
            ? exec(cols + QStringLiteral(" WHERE battle_id = ? ORDER BY side, entry"), {*only})
            : exec(cols + QStringLiteral(" ORDER BY battle_id, side, entry"));
        Row row(q, location.display(), QStringLiteral("outcomes"),
                {{QStringLiteral("battle"), QStringLiteral("battle_id")},
                 {QStringLiteral("side"), QStringLiteral("side")},
                 {QStringLiteral("entry"), QStringLiteral("entry")}});
        QStringList ids;
        for (UnitFate f : allFates())
            ids << fateId(f);
        const QString fates = ids.join(QStringLiteral(", "));
        while (q.next()) {
            auto it = index.find(row.id(QStringLiteral("battle_id")));
            if (it == index.end()) {
                if (only)
                    continue;
                row.bad(QStringLiteral("battle_id"), QStringLiteral("names no battle"));
            }
            const Battle &b = out[it->second];
            UnitOutcome o;
            o.side = row.number(QStringLiteral("side"));
            o.entry = row.number(QStringLiteral("entry"));
            o.tv = row.number(QStringLiteral("tv"));
            o.fate = row.choice<UnitFate>(QStringLiteral("fate"), &fateFromId, fates);
            if (fleets) {
                o.rosterId = row.optId(QStringLiteral("roster_id"));
                o.unitId = row.text(QStringLiteral("unit_id"));
                o.name = row.text(QStringLiteral("name"));
                o.lost = row.ratings(QStringLiteral("lost"));
                o.remaining = row.ratings(QStringLiteral("remaining"));
                o.kills = row.number(QStringLiteral("kills"));
            }
            row.check(outcomeCheck(o, b, fleets));
            out[it->second].outcomes.push_back(o);
        }
        return out;
    }

    Battle requireBattle(qint64 id) const
    {
        auto bs = loadBattles(id);
        if (bs.empty())
            fail(Kind::NotFound,
                 DataText::of(
                     QT_TRANSLATE_NOOP("jw::Data", "no battle with id %1 in this campaign"), {id}));
        return bs.front();
    }

    // Checks a battle's shape and fills in what a form may leave out.
    Battle normalized(const Battle &in) const
    {
        Battle b = in;
        if (!b.date.isValid())
            fail(Kind::Invalid,
                 DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the battle needs a date")));
        if (b.winner < -1 || b.winner > 1)
            fail(Kind::Invalid,
                 DataText::of(
                     QT_TRANSLATE_NOOP("jw::Data",
                                       "winner must be side 0, side 1 or -1 (a draw), not %1"),
                     {b.winner}));
        for (int s = 0; s < 2; ++s) {
            BattleSide &side = b.sides[std::size_t(s)];
            if (side.playerId == 0) {
                refuse(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "side %1"), {s + 1}),
                       nameCheck(QStringLiteral("player"), side.playerName, true));
                const auto id = playerIdByName(side.playerName);
                if (!id)
                    fail(Kind::Invalid,
                         DataText::of(
                             QT_TRANSLATE_NOOP("jw::Data", "no player named '%1' in this campaign"),
                             {side.playerName}));
                side.playerId = *id;
            } else if (!loadPlayer(side.playerId)) {
                fail(Kind::Invalid,
                     DataText::of(
                         QT_TRANSLATE_NOOP("jw::Data", "no player with id %1 in this campaign"),
                         {side.playerId}));
            }
        }
        if (b.sides[0].playerId == b.sides[1].playerId)
            fail(Kind::Invalid,
                 DataText::of(
                     QT_TRANSLATE_NOOP("jw::Data", "a battle is between two different players")));
        std::set<std::pair<int, int>> seen;
        for (const UnitOutcome &o : b.outcomes) {
            if (o.side < 0 || o.side > 1)
                fail(Kind::Invalid,
                     DataText::of(
                         QT_TRANSLATE_NOOP("jw::Data", "an outcome's side must be 0 or 1")));
            const Fleet &f = b.sides[std::size_t(o.side)].fleet;
            if (o.entry < 0 || o.entry >= f.size())
                fail(
                    Kind::Invalid,
                    DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                   "outcome for entry %1 of side %2: the fleet has "
                                                   "%3 entries"),
                                 {o.entry, o.side, f.size()}));
            if (!seen.insert({o.side, o.entry}).second)
                fail(Kind::Invalid,
                     DataText::of(
                         QT_TRANSLATE_NOOP("jw::Data", "two outcomes for entry %1 of side %2"),
                         {o.entry, o.side}));
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
        const DataText what = id ? DataText::of(QT_TRANSLATE_NOOP("jw::Data", "battle %1"), {*id})
                                 : DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the battle"));
        refuse(what, battleCheck(b));
        for (const UnitOutcome &o : b.outcomes)
            refuse(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1, unit %2 of side %3"),
                                {what, o.entry, o.side}),
                   outcomeCheck(o, b, true));
        QVariantList binds {
            b.date.toString(Qt::ISODate),
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
            b.luck ? QVariant(jsonText(battleLuckToJson(*b.luck)))
                   : QVariant(QMetaType::fromType<qint64>()), // NULL (a null QString is '')
            std::max<qint64>(b.revision, 1)};
        qint64 battleId = 0;
        const QString cols = QStringLiteral("date, scenario, player0, player1, fleet0, fleet1, "
                                            "vp0, vp1, op0, op1, winner, notes, source, luck, "
                                            "revision");
        const QString marks = QStringLiteral("?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?");
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
                 DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                "battle %1 was changed or removed by someone else"),
                              {b.id}));
        exec(QStringLiteral("DELETE FROM outcomes WHERE battle_id = ?"), {b.id});
        QSqlQuery q = exec(QStringLiteral("DELETE FROM battles WHERE id = ? AND revision = ?"),
                           {b.id, same.revision});
        if (q.numRowsAffected() == 0)
            fail(Kind::Conflict,
                 DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                "battle %1 was changed or removed by someone else"),
                              {b.id}));
    }

    std::vector<RepairRecord> loadRepairs() const
    {
        std::vector<RepairRecord> out;
        QSqlQuery q = exec(QStringLiteral("SELECT id, player_id, roster_id, date, method, boxes, "
                                          "op_cost, dice FROM repairs ORDER BY date, id"));
        Row row(q, location.display(), QStringLiteral("repairs"));
        while (q.next()) {
            RepairRecord r;
            r.id = row.id(QStringLiteral("id"));
            r.playerId = row.id(QStringLiteral("player_id"));
            r.rosterId = row.id(QStringLiteral("roster_id"));
            r.date = row.date(QStringLiteral("date"));
            r.method = row.choice<RepairMode>(QStringLiteral("method"), &repairModeFromId,
                                              QStringLiteral("none, roll or cost"));
            r.boxes = row.number(QStringLiteral("boxes"));
            r.opCost = row.number(QStringLiteral("op_cost"));
            const QJsonArray dice = row.json(QStringLiteral("dice"), true).toArray();
            for (const QJsonValue &d : dice) {
                // Any whole number here; repairCheck() says which are no die.
                const std::optional<qint64> face = io::wholeNumber(
                    d, std::numeric_limits<int>::min(), std::numeric_limits<int>::max());
                if (!face)
                    row.bad(QStringLiteral("dice"),
                            DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                           "holds something other than "
                                                           "a die")));
                r.dice.push_back(int(*face));
            }
            row.check(repairCheck(r));
            out.push_back(r);
        }
        return out;
    }

    qint64 insertRepair(const RepairRecord &r, std::optional<qint64> id = std::nullopt) const
    {
        refuse(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the repair")), repairCheck(r));
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

    // The battles without their fleets: the same rows, read and checked the
    // same way as for battles() and history().
    std::vector<BattleSummary> loadSummaries() const
    {
        std::vector<BattleSummary> out;
        for (const Battle &b : loadBattles(std::nullopt, false))
            out.push_back(BattleSummary::of(b));
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
        out.error = {
            Kind::Database,
            DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "the Qt SQL driver %1 is not installed (Debian: %2)"),
                {driver,
                 loc.value.dialect == Dialect::Sqlite ? QStringLiteral("libqt6sql6-sqlite")
                                                      : QStringLiteral("libqt6sql6-psql")})};
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
                                 DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                                "%1: no campaign database there"),
                                              {l.path})};
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
            out.error
                = {Kind::Database,
                   DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: cannot open the database: %2"),
                                {l.display(), db.lastError().text()})};
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
                 DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1 already holds a campaign ('%2')"),
                              {d->location.display(), d->loadCampaign()->name}));
        if (c.name.trimmed().isEmpty())
            fail(Kind::Invalid,
                 DataText::of(QT_TRANSLATE_NOOP("jw::Data", "a campaign needs a name")));
        Campaign stored = c;
        if (!stored.started.isValid())
            stored.started = QDate::currentDate();
        refuse(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the campaign")), campaignCheck(stored));
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
            fail(Kind::Invalid,
                 DataText::of(QT_TRANSLATE_NOOP("jw::Data", "a campaign needs a name")));
        refuse(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the campaign")), campaignCheck(after));
        d->requireCampaign(); // never written over when it cannot be read
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
            Changes what;
            if (now.name != before.name)
                what << DataText::of(QT_TRANSLATE_NOOP("jw::Data", "name '%1' → '%2'"),
                                     {before.name, now.name});
            if (now.points != before.points)
                what << DataText::of(QT_TRANSLATE_NOOP("jw::Data", "points %1 → %2"),
                                     {before.points, now.points});
            if (now.rulesProfile != before.rulesProfile)
                what << DataText::of(QT_TRANSLATE_NOOP("jw::Data", "rules %1 → %2"),
                                     {before.rulesProfile, now.rulesProfile});
            for (const QString &k : CampaignRules::keys()) {
                const QJsonValue a = before.rules.toJson().value(k);
                const QJsonValue b = now.rules.toJson().value(k);
                if (a != b)
                    what << DataText::of(QT_TRANSLATE_NOOP("jw::Data", "house rule %1 changed"),
                                         {k});
            }
            fail(Kind::Conflict,
                 DataText::of(QT_TRANSLATE_NOOP(
                                  "jw::Data",
                                  "the campaign settings were changed by someone else since they "
                                  "were read (revision %1, now %2): %3"),
                              {before.revision, now.revision, what.joined()}));
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
        refuse(QStringLiteral("the player"), nameCheck(QStringLiteral("name"), name, true));
        const auto id = d->playerIdByName(name);
        if (!id)
            fail(
                Kind::NotFound,
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "no player named '%1' in this campaign"),
                             {name}));
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
            fail(Kind::Invalid,
                 DataText::of(
                     QT_TRANSLATE_NOOP("jw::Data", "only a removed player can be restored")));
        if (d->loadPlayer(player.id))
            fail(Kind::Conflict,
                 DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1 is already in the campaign"),
                              {playerLabel(player)}));
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
                 DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                "%1 has played battles: a player with battles "
                                                "cannot be removed"),
                              {playerLabel(player)}));
        d->exec(QStringLiteral("DELETE FROM roster WHERE player_id = ?"), {player.id});
        QSqlQuery q = d->exec(QStringLiteral("DELETE FROM players WHERE id = ? AND revision = ?"),
                              {player.id, player.revision});
        if (q.numRowsAffected() == 0) {
            const auto now = d->loadPlayer(player.id);
            fail(Kind::Conflict,
                 now ? playerChanges(player, *now)
                     : DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1 was removed by someone else"),
                                    {playerLabel(player)}));
        }
    });
}

CampaignResult<AddBattleResult> CampaignStore::addBattle(const Battle &battle)
{
    return d->write<AddBattleResult>([&] {
        const Campaign c = d->requireCampaign();
        AddBattleResult r;
        Battle b = d->normalized(battle);
        d->lockPlayers({b.sides[0].playerId, b.sides[1].playerId});
        for (int s = 0; s < 2; ++s)
            r.before[std::size_t(s)] = d->requirePlayer(b.sides[std::size_t(s)].playerId);
        matchRoster(b, {&r.before[0], &r.before[1]});
        const BattleEffects fx = applyBattle(c.rules, b, r.before);
        r.notes = fx.notes;
        r.noteTexts = fx.noteTexts;
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
        d->lockPlayers({added.battle.sides[0].playerId, added.battle.sides[1].playerId});
        d->deleteBattle(added.battle);
        for (int s = 0; s < 2; ++s)
            d->writePlayer(added.after[std::size_t(s)], added.before[std::size_t(s)]);
    });
}

CampaignResult<Battle> CampaignStore::updateBattle(const Battle &before, const Battle &after)
{
    return d->write<Battle>([&] {
        if (!after.date.isValid())
            fail(Kind::Invalid,
                 DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the battle needs a date")));
        if (after.winner < -1 || after.winner > 1)
            fail(Kind::Invalid,
                 DataText::of(QT_TRANSLATE_NOOP("jw::Data", "winner must be 0, 1 or -1 (a draw)")));
        {
            // Never written over when it cannot be read; what is written is checked.
            const auto stored = d->loadBattles(before.id);
            if (stored.empty())
                fail(Kind::Conflict,
                     DataText::of(
                         QT_TRANSLATE_NOOP("jw::Data", "battle %1 was removed by someone else"),
                         {before.id}));
            Battle next = stored.front();
            next.date = after.date;
            next.scenario = after.scenario;
            next.winner = after.winner;
            next.notes = after.notes;
            for (std::size_t s = 0; s < 2; ++s) {
                next.sides[s].victoryPoints = after.sides[s].victoryPoints;
                next.sides[s].objectivePoints = after.sides[s].objectivePoints;
            }
            refuse(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "battle %1"), {before.id}),
                   battleCheck(next));
        }
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
                     DataText::of(
                         QT_TRANSLATE_NOOP("jw::Data", "battle %1 was removed by someone else"),
                         {before.id}));
            const Battle &n = now.front();
            Battle same = before;
            same.revision = n.revision;
            if (same == n && update(n.revision) > 0)
                return d->requireBattle(before.id);
            Changes what;
            if (n.date != before.date)
                what << DataText::of(
                    QT_TRANSLATE_NOOP("jw::Data", "date %1 → %2"),
                    {before.date.toString(Qt::ISODate), n.date.toString(Qt::ISODate)});
            if (n.scenario != before.scenario)
                what << DataText::of(QT_TRANSLATE_NOOP("jw::Data", "scenario '%1' → '%2'"),
                                     {before.scenario, n.scenario});
            if (n.notes != before.notes)
                what << QStringLiteral("notes");
            if (n.winner != before.winner)
                what << QStringLiteral("winner");
            for (int s = 0; s < 2; ++s)
                if (n.sides[std::size_t(s)].victoryPoints
                        != before.sides[std::size_t(s)].victoryPoints
                    || n.sides[std::size_t(s)].objectivePoints
                        != before.sides[std::size_t(s)].objectivePoints)
                    what << DataText::of(QT_TRANSLATE_NOOP("jw::Data", "points of side %1"),
                                         {s + 1});
            fail(Kind::Conflict,
                 DataText::of(
                     QT_TRANSLATE_NOOP("jw::Data",
                                       "battle %1 was changed by someone else since it was read "
                                       "(revision %2, now %3): %4"),
                     {before.id, before.revision, n.revision, what.joined()}));
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
                 DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1 has no roster entry %2"),
                              {playerLabel(r.before), rosterId}));
        const RepairOutcome o = repairUnit(c.rules, *e, dice);
        if (!o.ok())
            fail(Kind::Invalid, o.errorText);
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
            fail(
                Kind::Conflict,
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "repair %1 was removed by someone else"),
                             {repair.record.id}));
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
                     DataText::of(
                         QT_TRANSLATE_NOOP("jw::Data",
                                           "%1 already holds a campaign ('%2'): import into a new "
                                           "database, or replace it"),
                         {d->location.display(), existing->name}));
            for (const char *t :
                 {"outcomes", "battles", "repairs", "roster", "players", "campaign"})
                d->raw(QStringLiteral("DELETE FROM %1").arg(QLatin1String(t)));
        }
        if (data.campaign.name.trimmed().isEmpty())
            fail(Kind::Invalid,
                 DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the campaign has no name")));
        d->insertCampaign(data.campaign);
        std::set<qint64> ids;
        for (const Player &p : data.players) {
            if (p.id <= 0 || !ids.insert(p.id).second)
                fail(Kind::Invalid,
                     DataText::of(
                         QT_TRANSLATE_NOOP("jw::Data", "player '%1': missing or duplicate id %2"),
                         {p.name, p.id}));
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
                         DataText::of(
                             QT_TRANSLATE_NOOP("jw::Data",
                                               "player '%1': roster entry '%2' has a missing or "
                                               "duplicate id %3"),
                             {p.name, e.name.isEmpty() ? e.unitId : e.name, e.id}));
            d->writeRoster(p.id, p.roster);
        }
        std::set<qint64> battleIds;
        for (const Battle &b : data.battles) {
            if (b.id <= 0 || !battleIds.insert(b.id).second)
                fail(Kind::Invalid,
                     DataText::of(
                         QT_TRANSLATE_NOOP("jw::Data", "battle with a missing or duplicate id %1"),
                         {b.id}));
            for (const BattleSide &s : b.sides)
                if (!ids.count(s.playerId))
                    fail(Kind::Invalid,
                         DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                        "battle %1 names player id %2, which is "
                                                        "not in the campaign"),
                                      {b.id, s.playerId}));
            Battle n = d->normalized(b);
            n.revision = 1;
            d->insertBattle(n, b.id);
        }
        for (const RepairRecord &r : data.repairs) {
            if (!ids.count(r.playerId))
                fail(Kind::Invalid,
                     DataText::of(QT_TRANSLATE_NOOP(
                                      "jw::Data",
                                      "repair %1 names player id %2, which is not in the campaign"),
                                  {r.id, r.playerId}));
            d->insertRepair(r, r.id > 0 ? std::optional<qint64>(r.id) : std::nullopt);
        }
        d->resetSequences();
    });
}

} // namespace jw
