// SPDX-License-Identifier: GPL-3.0-or-later
#include "campaign/campaignfile.h"

#include "io/jsonnumber.h"
#include "io/outputfile.h"
#include "io/safeyaml.h"
#include "io/textcheck.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <yaml-cpp/yaml.h>

#include <map>

namespace jw {

namespace {

// ---- Writing ------------------------------------------------------------------

QJsonObject mapJson(const RatingMap &m)
{
    QJsonObject o;
    for (const auto &[k, v] : m)
        o.insert(k, v);
    return o;
}

QJsonValue idJson(const std::optional<qint64> &id)
{
    return id ? QJsonValue(double(*id)) : QJsonValue(QJsonValue::Null);
}

// A YAML scalar: plain when it reads back as the same text, else double-quoted
// (JSON's escapes are YAML's).
QString yamlString(const QString &s)
{
    static const QRegularExpression plain(
        QStringLiteral(R"(^[\p{L}_](?:[\p{L}\p{N} ._'()/+-]*[\p{L}\p{N}._'()/+-])?$)"));
    static const QRegularExpression special(
        QStringLiteral("^(null|true|false|yes|no|on|off|y|n|nan|inf)$"),
        QRegularExpression::CaseInsensitiveOption);
    if (plain.match(s).hasMatch() && !special.match(s).hasMatch())
        return s;
    QString json = QString::fromUtf8(QJsonDocument(QJsonArray {s}).toJson(QJsonDocument::Compact));
    return json.mid(1, json.size() - 2);
}

QString yamlScalar(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double:
        return QString::number(qint64(v.toDouble()));
    case QJsonValue::String:
        return yamlString(v.toString());
    case QJsonValue::Array:
        return v.toArray().isEmpty() ? QStringLiteral("[]") : QString();
    case QJsonValue::Object:
        return v.toObject().isEmpty() ? QStringLiteral("{}") : QString();
    default:
        return QStringLiteral("null");
    }
}

bool isScalar(const QJsonValue &v)
{
    return !yamlScalar(v).isEmpty();
}

void emitYaml(QString &out, const QJsonValue &v, int indent);

void emitObject(QString &out, const QJsonObject &o, int indent, bool firstInline)
{
    const QString pad(indent, QLatin1Char(' '));
    bool first = true;
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (!(first && firstInline))
            out += pad;
        first = false;
        out += yamlString(it.key()) + QLatin1Char(':');
        if (isScalar(it.value())) {
            out += QLatin1Char(' ') + yamlScalar(it.value()) + QLatin1Char('\n');
        } else {
            out += QLatin1Char('\n');
            emitYaml(out, it.value(), indent + 2);
        }
    }
}

void emitYaml(QString &out, const QJsonValue &v, int indent)
{
    const QString pad(indent, QLatin1Char(' '));
    if (v.isObject()) {
        emitObject(out, v.toObject(), indent, false);
        return;
    }
    for (const QJsonValue &item : v.toArray()) {
        out += pad + QStringLiteral("- ");
        if (isScalar(item))
            out += yamlScalar(item) + QLatin1Char('\n');
        else if (item.isObject())
            emitObject(out, item.toObject(), indent + 2, true);
        else {
            out += QLatin1Char('\n');
            emitYaml(out, item, indent + 2);
        }
    }
}

// ---- Reading ------------------------------------------------------------------

// YAML to the JSON tree, with where each value came from.
// io::loadYaml has refused aliases, so the walk is bounded by the file's size.
struct YamlTree
{
    std::map<QString, YAML::Mark> marks; // JSON path -> mark of the value
    std::map<QString, YAML::Mark> keyMarks; // JSON path -> mark of its key

    QJsonValue convert(const YAML::Node &n, const QString &path)
    {
        marks[path] = n.Mark();
        if (n.IsMap()) {
            QJsonObject o;
            for (auto it = n.begin(); it != n.end(); ++it) {
                const QString key = QString::fromStdString(it->first.Scalar());
                const QString sub = path.isEmpty() ? key : path + QLatin1Char('.') + key;
                keyMarks[sub] = it->first.Mark();
                o.insert(key, convert(it->second, sub));
            }
            return o;
        }
        if (n.IsSequence()) {
            QJsonArray a;
            for (std::size_t i = 0; i < n.size(); ++i)
                a.append(convert(n[i], QStringLiteral("%1[%2]").arg(path).arg(i)));
            return a;
        }
        if (n.IsNull())
            return QJsonValue(QJsonValue::Null);
        const QString s = QString::fromStdString(n.Scalar());
        if (n.Tag() == "!") // quoted: always text
            return s;
        bool ok = false;
        const qint64 i = s.toLongLong(&ok);
        if (ok)
            return double(i);
        if (s == QLatin1String("true"))
            return true;
        if (s == QLatin1String("false"))
            return false;
        return s;
    }
};

class Reader
{
public:
    Reader(QString file, const YamlTree *tree)
        : m_file(std::move(file))
        , m_tree(tree)
    { }

    std::vector<DataIssue> issues;

    // An error about the value at `path`, "path: message".
    void error(const QString &path, const DataText &message)
    {
        at(m_tree ? &m_tree->marks : nullptr, path,
           DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: %2"), {path, message}));
    }

    static QString sub(const QString &path, const QString &key)
    {
        return path.isEmpty() ? key : path + QLatin1Char('.') + key;
    }

    // Every key of `o` is one of `allowed`: a misspelt key must not make the
    // reader skip what it holds (a replace would then delete it).
    void keys(const QJsonObject &o, const QString &path, const QStringList &allowed,
              const DataText &what)
    {
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (allowed.contains(it.key()))
                continue;
            at(m_tree ? &m_tree->keyMarks : nullptr, sub(path, it.key()),
               DataText::of(QT_TRANSLATE_NOOP("jw::Data", "unknown key '%1' in %2 (allowed: %3)"),
                            {it.key(), what, allowed.join(QStringLiteral(", "))}));
        }
    }

    // The items of a list are maps.
    QJsonObject item(const QJsonValue &v, const QString &path)
    {
        if (!v.isObject()) {
            error(path, DataText::of(QT_TRANSLATE_NOOP("jw::Data", "must be a map")));
            return {};
        }
        return v.toObject();
    }

    QJsonObject object(const QJsonObject &o, const QString &key, const QString &path)
    {
        const QJsonValue v = o.value(key);
        if (!v.isObject()) {
            error(sub(path, key),
                  v.isUndefined() ? DataText::of(QT_TRANSLATE_NOOP("jw::Data", "missing"))
                                  : DataText::of(QT_TRANSLATE_NOOP("jw::Data", "must be a map")));
            return {};
        }
        return v.toObject();
    }

    QJsonArray array(const QJsonObject &o, const QString &key, const QString &path,
                     bool required = true)
    {
        const QJsonValue v = o.value(key);
        if (v.isUndefined() && !required)
            return {};
        if (!v.isArray()) {
            error(sub(path, key),
                  v.isUndefined()
                      ? DataText::of(QT_TRANSLATE_NOOP("jw::Data", "missing (an empty list is [])"))
                      : DataText::of(QT_TRANSLATE_NOOP("jw::Data", "must be a list")));
            return {};
        }
        return v.toArray();
    }

    QString text(const QJsonObject &o, const QString &key, const QString &path,
                 bool required = true)
    {
        const QJsonValue v = o.value(key);
        if (v.isUndefined() || v.isNull()) {
            if (required)
                error(sub(path, key), DataText::of(QT_TRANSLATE_NOOP("jw::Data", "missing")));
            return {};
        }
        if (v.isDouble())
            return QString::number(qint64(v.toDouble()));
        if (v.isBool())
            return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
        if (!v.isString()) {
            error(sub(path, key), DataText::of(QT_TRANSLATE_NOOP("jw::Data", "must be text")));
            return {};
        }
        return v.toString();
    }

    // A name (io::nameProblem): no control characters, not too long.
    QString name(const QJsonObject &o, const QString &key, const QString &path,
                 bool required = true, bool nonEmpty = false)
    {
        const QString s = text(o, key, path, required);
        if (const DataText why = io::nameProblemText(s); !why.isEmpty())
            error(sub(path, key), why);
        else if (nonEmpty && s.trimmed().isEmpty() && o.contains(key))
            error(sub(path, key), DataText::of(QT_TRANSLATE_NOOP("jw::Data", "must not be empty")));
        return s;
    }

    // Free text (io::textProblem): line breaks allowed.
    QString freeText(const QJsonObject &o, const QString &key, const QString &path)
    {
        const QString s = text(o, key, path, false);
        if (const DataText why = io::textProblemText(s); !why.isEmpty())
            error(sub(path, key), why);
        return s;
    }

    qint64 number(const QJsonObject &o, const QString &key, const QString &path,
                  std::optional<qint64> fallback = std::nullopt, qint64 min = 0,
                  qint64 max = kMaxCampaignNumber)
    {
        const QJsonValue v = o.value(key);
        if (v.isUndefined() && fallback)
            return *fallback;
        const double d = v.toDouble();
        // The range first: converting 1e300 to an integer is undefined.
        if (v.isDouble() && (d < double(min) || d > double(max))) {
            error(sub(path, key),
                  DataText::of(QT_TRANSLATE_NOOP("jw::Data", "must be from %1 to %2, not %3"),
                               {min, max, QString::number(d)}));
            return d < double(min) ? min : max;
        }
        if (!v.isDouble() || d != double(qint64(d))) {
            error(sub(path, key),
                  v.isUndefined()
                      ? DataText::of(QT_TRANSLATE_NOOP("jw::Data", "missing"))
                      : DataText::of(QT_TRANSLATE_NOOP("jw::Data", "must be a whole number")));
            return 0;
        }
        return qint64(d);
    }

    qint64 id(const QJsonObject &o, const QString &key, const QString &path)
    {
        return number(o, key, path, std::nullopt, 1, kMaxCampaignId);
    }

    std::optional<qint64> optId(const QJsonObject &o, const QString &key, const QString &path)
    {
        const QJsonValue v = o.value(key);
        if (v.isUndefined() || v.isNull())
            return std::nullopt;
        return id(o, key, path);
    }

    bool boolean(const QJsonObject &o, const QString &key, const QString &path, bool fallback)
    {
        const QJsonValue v = o.value(key);
        if (v.isUndefined())
            return fallback;
        if (!v.isBool()) {
            error(sub(path, key),
                  DataText::of(QT_TRANSLATE_NOOP("jw::Data", "must be true or false")));
            return fallback;
        }
        return v.toBool();
    }

    QDate date(const QJsonObject &o, const QString &key, const QString &path)
    {
        const QString s = text(o, key, path);
        const QDate d = QDate::fromString(s, Qt::ISODate);
        if (!s.isEmpty() && !d.isValid())
            error(
                sub(path, key),
                DataText::of(
                    QT_TRANSLATE_NOOP("jw::Data", "must be a date as YYYY-MM-DD, not '%1'"), {s}));
        return d;
    }

    RatingMap ratings(const QJsonObject &o, const QString &key, const QString &path)
    {
        RatingMap m;
        const QJsonValue v = o.value(key);
        if (v.isUndefined() || v.isNull())
            return m;
        if (!v.isObject()) {
            error(sub(path, key),
                  DataText::of(QT_TRANSLATE_NOOP("jw::Data", "must be a map of rating to number")));
            return m;
        }
        const QJsonObject r = v.toObject();
        for (auto it = r.begin(); it != r.end(); ++it) {
            if (!damageTracks().contains(it.key()))
                at(m_tree ? &m_tree->keyMarks : nullptr, sub(sub(path, key), it.key()),
                   DataText::of(
                       QT_TRANSLATE_NOOP("jw::Data", "%1: unknown rating (%2)"),
                       {sub(sub(path, key), it.key()), damageTracks().join(QStringLiteral(", "))}));
            m[it.key()] = int(number(r, it.key(), sub(path, key), std::nullopt, 0, kMaxBoxes));
        }
        return m;
    }

    QStringList names(const QJsonObject &o, const QString &key, const QString &path)
    {
        QStringList out;
        const QJsonArray a = array(o, key, path, false);
        for (int i = 0; i < a.size(); ++i) {
            const QString ip = QStringLiteral("%1[%2]").arg(sub(path, key)).arg(i);
            if (!a[i].isString())
                error(ip, DataText::of(QT_TRANSLATE_NOOP("jw::Data", "must be text")));
            else if (const DataText why = io::nameProblemText(a[i].toString()); !why.isEmpty())
                error(ip, why);
            out << a[i].toString();
        }
        return out;
    }

    Fleet fleet(const QJsonObject &o, const QString &path)
    {
        keys(o, path,
             {QStringLiteral("name"), QStringLiteral("faction"), QStringLiteral("points"),
              QStringLiteral("rules"), QStringLiteral("units")},
             DataText::of(QT_TRANSLATE_NOOP("jw::Data", "a fleet")));
        Fleet f;
        f.name = name(o, QStringLiteral("name"), path, false);
        f.faction = name(o, QStringLiteral("faction"), path);
        f.points = int(number(o, QStringLiteral("points"), path));
        f.rules = name(o, QStringLiteral("rules"), path);
        const QJsonArray units = array(o, QStringLiteral("units"), path);
        for (int i = 0; i < units.size(); ++i) {
            const QString up = QStringLiteral("%1.units[%2]").arg(path).arg(i);
            const QJsonObject u = item(units[i], up);
            keys(u, up,
                 {QStringLiteral("unit"), QStringLiteral("name"), QStringLiteral("embarked_on"),
                  QStringLiteral("upgrades")},
                 DataText::of(QT_TRANSLATE_NOOP("jw::Data", "a fleet's unit")));
            FleetEntry e;
            e.unitId = name(u, QStringLiteral("unit"), up, true, true);
            e.name = name(u, QStringLiteral("name"), up, false);
            const QJsonValue carrier = u.value(QStringLiteral("embarked_on"));
            if (!carrier.isUndefined() && !carrier.isNull())
                e.embarkedOn = int(number(u, QStringLiteral("embarked_on"), up, std::nullopt, 0,
                                          units.size() - 1));
            e.upgrades = names(u, QStringLiteral("upgrades"), up);
            f.entries.push_back(e);
        }
        return f;
    }

private:
    void at(const std::map<QString, YAML::Mark> *marks, const QString &path,
            const DataText &message)
    {
        DataIssue i = DataIssue::make(m_file, 0, 0, message);
        if (marks) {
            auto it = marks->find(path);
            if (it != marks->end() && !it->second.is_null()) {
                i.line = it->second.line + 1;
                i.column = it->second.column + 1;
            }
        }
        issues.push_back(i);
    }

    QString m_file;
    const YamlTree *m_tree;
};

std::optional<CampaignData> fromJson(Reader &r, const QJsonObject &root)
{
    if (root.value(QStringLiteral("format")).toString() != QLatin1String("jwfleet-campaign")) {
        r.error(QStringLiteral("format"),
                DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                               "not a jwfleet campaign file (format: "
                                               "jwfleet-campaign)")));
        return std::nullopt;
    }
    const qint64 version = r.number(root, QStringLiteral("schema_version"), QString(), std::nullopt,
                                    1, std::numeric_limits<int>::max());
    if (version > CampaignFile::kSchemaVersion) {
        r.error(QStringLiteral("schema_version"),
                DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                               "%1 is newer than this program reads (%2): update "
                                               "jwfleet"),
                             {version, CampaignFile::kSchemaVersion}));
        return std::nullopt;
    }
    r.keys(root, QString(),
           {QStringLiteral("format"), QStringLiteral("schema_version"), QStringLiteral("campaign"),
            QStringLiteral("players"), QStringLiteral("battles"), QStringLiteral("repairs")},
           DataText::of(QT_TRANSLATE_NOOP("jw::Data", "a campaign file")));
    CampaignData data;
    const QString cp = QStringLiteral("campaign");
    const QJsonObject c = r.object(root, cp, QString());
    r.keys(c, cp,
           {QStringLiteral("name"), QStringLiteral("points"), QStringLiteral("rules_profile"),
            QStringLiteral("started"), QStringLiteral("house_rules")},
           QStringLiteral("campaign"));
    data.campaign.name = r.name(c, QStringLiteral("name"), cp, true, true);
    data.campaign.points = int(r.number(c, QStringLiteral("points"), cp, std::nullopt, 1));
    data.campaign.rulesProfile = r.name(c, QStringLiteral("rules_profile"), cp);
    data.campaign.started = r.date(c, QStringLiteral("started"), cp);
    DataText err;
    if (auto rules = CampaignRules::fromJson(r.object(c, QStringLiteral("house_rules"), cp), &err))
        data.campaign.rules = *rules;
    else
        r.error(QStringLiteral("campaign.house_rules"), err);

    const QJsonArray players = r.array(root, QStringLiteral("players"), QString());
    for (int i = 0; i < players.size(); ++i) {
        const QString pp = QStringLiteral("players[%1]").arg(i);
        const QJsonObject o = r.item(players[i], pp);
        r.keys(o, pp,
               {QStringLiteral("id"), QStringLiteral("name"), QStringLiteral("faction"),
                QStringLiteral("fleet_name"), QStringLiteral("roster")},
               DataText::of(QT_TRANSLATE_NOOP("jw::Data", "a player")));
        Player p;
        p.id = r.id(o, QStringLiteral("id"), pp);
        p.name = r.name(o, QStringLiteral("name"), pp, true, true);
        p.faction = r.name(o, QStringLiteral("faction"), pp, false);
        p.fleetName = r.name(o, QStringLiteral("fleet_name"), pp, false);
        const QJsonArray roster = r.array(o, QStringLiteral("roster"), pp, false);
        for (int j = 0; j < roster.size(); ++j) {
            const QString ep = QStringLiteral("%1.roster[%2]").arg(pp).arg(j);
            const QJsonObject e = r.item(roster[j], ep);
            r.keys(e, ep,
                   {QStringLiteral("id"), QStringLiteral("unit"), QStringLiteral("name"),
                    QStringLiteral("upgrades"), QStringLiteral("embarked_on"),
                    QStringLiteral("damage"), QStringLiteral("battles"), QStringLiteral("survived"),
                    QStringLiteral("kills"), QStringLiteral("renowned"), QStringLiteral("status"),
                    QStringLiteral("captured_from")},
                   DataText::of(QT_TRANSLATE_NOOP("jw::Data", "a roster entry")));
            RosterEntry re;
            re.id = r.id(e, QStringLiteral("id"), ep);
            re.unitId = r.name(e, QStringLiteral("unit"), ep, true, true);
            re.name = r.name(e, QStringLiteral("name"), ep, false);
            re.upgrades = r.names(e, QStringLiteral("upgrades"), ep);
            re.embarkedOn = r.optId(e, QStringLiteral("embarked_on"), ep);
            re.damage = r.ratings(e, QStringLiteral("damage"), ep);
            re.battles = int(r.number(e, QStringLiteral("battles"), ep, 0));
            re.survived = int(r.number(e, QStringLiteral("survived"), ep, 0));
            re.kills = int(r.number(e, QStringLiteral("kills"), ep, 0));
            re.renowned = r.boolean(e, QStringLiteral("renowned"), ep, false);
            const QString status = r.text(e, QStringLiteral("status"), ep, false);
            if (!status.isEmpty()) {
                if (auto s = rosterStatusFromId(status))
                    re.status = *s;
                else
                    r.error(
                        ep + QStringLiteral(".status"),
                        DataText::of(QT_TRANSLATE_NOOP("jw::Data", "active or destroyed, not '%1'"),
                                     {status}));
            }
            re.capturedFrom = r.optId(e, QStringLiteral("captured_from"), ep);
            p.roster.push_back(re);
        }
        data.players.push_back(p);
    }

    const QJsonArray battles = r.array(root, QStringLiteral("battles"), QString());
    for (int i = 0; i < battles.size(); ++i) {
        const QString bp = QStringLiteral("battles[%1]").arg(i);
        const QJsonObject o = r.item(battles[i], bp);
        r.keys(o, bp,
               {QStringLiteral("id"), QStringLiteral("date"), QStringLiteral("scenario"),
                QStringLiteral("winner"), QStringLiteral("notes"), QStringLiteral("source"),
                QStringLiteral("sides"), QStringLiteral("outcomes"), QStringLiteral("luck")},
               DataText::of(QT_TRANSLATE_NOOP("jw::Data", "a battle")));
        Battle b;
        b.id = r.id(o, QStringLiteral("id"), bp);
        b.date = r.date(o, QStringLiteral("date"), bp);
        b.scenario = r.name(o, QStringLiteral("scenario"), bp, true, true);
        b.winner = int(r.number(o, QStringLiteral("winner"), bp, std::nullopt, -1, 1));
        b.notes = r.freeText(o, QStringLiteral("notes"), bp);
        b.source = r.text(o, QStringLiteral("source"), bp, false);
        if (b.source.isEmpty())
            b.source = QStringLiteral("manual");
        else if (!battleSources().contains(b.source))
            r.error(bp + QStringLiteral(".source"),
                    DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1, not '%2'"),
                                 {battleSources().join(QStringLiteral(", ")), b.source}));
        if (o.contains(QStringLiteral("luck"))) {
            DataText why;
            b.luck = battleLuckFromJson(o.value(QStringLiteral("luck")), &why);
            if (!b.luck)
                r.error(bp + QStringLiteral(".luck"), why);
        }
        const QJsonArray sides = r.array(o, QStringLiteral("sides"), bp);
        if (sides.size() != 2)
            r.error(bp + QStringLiteral(".sides"),
                    DataText::of(QT_TRANSLATE_NOOP("jw::Data", "a battle has two sides")));
        for (int s = 0; s < std::min<qsizetype>(2, sides.size()); ++s) {
            const QString sp = QStringLiteral("%1.sides[%2]").arg(bp).arg(s);
            const QJsonObject so = r.item(sides[s], sp);
            r.keys(so, sp,
                   {QStringLiteral("player"), QStringLiteral("victory_points"),
                    QStringLiteral("objective_points"), QStringLiteral("fleet")},
                   DataText::of(QT_TRANSLATE_NOOP("jw::Data", "a battle's side")));
            BattleSide &side = b.sides[std::size_t(s)];
            side.playerId = r.id(so, QStringLiteral("player"), sp);
            for (const Player &pl : data.players)
                if (pl.id == side.playerId)
                    side.playerName = pl.name;
            side.victoryPoints = int(r.number(so, QStringLiteral("victory_points"), sp));
            side.objectivePoints = int(r.number(so, QStringLiteral("objective_points"), sp));
            side.fleet
                = r.fleet(r.object(so, QStringLiteral("fleet"), sp), sp + QStringLiteral(".fleet"));
        }
        const QJsonArray outs = r.array(o, QStringLiteral("outcomes"), bp);
        for (int j = 0; j < outs.size(); ++j) {
            const QString op = QStringLiteral("%1.outcomes[%2]").arg(bp).arg(j);
            const QJsonObject u = r.item(outs[j], op);
            r.keys(u, op,
                   {QStringLiteral("side"), QStringLiteral("entry"), QStringLiteral("roster_id"),
                    QStringLiteral("unit"), QStringLiteral("name"), QStringLiteral("tv"),
                    QStringLiteral("fate"), QStringLiteral("lost"), QStringLiteral("remaining"),
                    QStringLiteral("kills")},
                   DataText::of(QT_TRANSLATE_NOOP("jw::Data", "a unit's outcome")));
            UnitOutcome uo;
            uo.side = int(r.number(u, QStringLiteral("side"), op, std::nullopt, 0, 1));
            uo.entry = int(r.number(u, QStringLiteral("entry"), op));
            uo.rosterId = r.optId(u, QStringLiteral("roster_id"), op);
            uo.unitId = r.name(u, QStringLiteral("unit"), op, true, true);
            uo.name = r.name(u, QStringLiteral("name"), op, false);
            uo.tv = int(r.number(u, QStringLiteral("tv"), op, 0));
            const QString fate = r.text(u, QStringLiteral("fate"), op);
            if (auto f = fateFromId(fate))
                uo.fate = *f;
            else if (!fate.isEmpty())
                r.error(op + QStringLiteral(".fate"),
                        DataText::of(QT_TRANSLATE_NOOP("jw::Data", "unknown fate '%1'"), {fate}));
            uo.lost = r.ratings(u, QStringLiteral("lost"), op);
            uo.remaining = r.ratings(u, QStringLiteral("remaining"), op);
            uo.kills = int(r.number(u, QStringLiteral("kills"), op, 0));
            if (uo.entry >= b.sides[std::size_t(uo.side)].fleet.size())
                r.error(op + QStringLiteral(".entry"),
                        DataText::of(
                            QT_TRANSLATE_NOOP("jw::Data", "side %1's fleet has %2 units (from 0)"),
                            {uo.side, b.sides[std::size_t(uo.side)].fleet.size()}));
            b.outcomes.push_back(uo);
        }
        data.battles.push_back(b);
    }

    const QJsonArray repairs = r.array(root, QStringLiteral("repairs"), QString());
    for (int i = 0; i < repairs.size(); ++i) {
        const QString rp = QStringLiteral("repairs[%1]").arg(i);
        const QJsonObject o = r.item(repairs[i], rp);
        r.keys(o, rp,
               {QStringLiteral("id"), QStringLiteral("player"), QStringLiteral("roster_id"),
                QStringLiteral("date"), QStringLiteral("method"), QStringLiteral("boxes"),
                QStringLiteral("op_cost"), QStringLiteral("dice")},
               DataText::of(QT_TRANSLATE_NOOP("jw::Data", "a repair")));
        RepairRecord rr;
        rr.id = r.id(o, QStringLiteral("id"), rp);
        rr.playerId = r.id(o, QStringLiteral("player"), rp);
        rr.rosterId = r.id(o, QStringLiteral("roster_id"), rp);
        rr.date = r.date(o, QStringLiteral("date"), rp);
        const QString m = r.text(o, QStringLiteral("method"), rp);
        if (auto mode = repairModeFromId(m))
            rr.method = *mode;
        else if (!m.isEmpty())
            r.error(
                rp + QStringLiteral(".method"),
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "none, roll or cost, not '%1'"), {m}));
        rr.boxes = int(r.number(o, QStringLiteral("boxes"), rp, std::nullopt, 0, kMaxBoxes));
        rr.opCost = int(r.number(o, QStringLiteral("op_cost"), rp, 0));
        const QJsonArray dice = r.array(o, QStringLiteral("dice"), rp, false);
        for (int k = 0; k < dice.size(); ++k) {
            const QString dp = QStringLiteral("%1.dice[%2]").arg(rp).arg(k);
            const std::optional<qint64> face = io::wholeNumber(dice[k], 1, 6);
            if (!face)
                r.error(dp, DataText::of(QT_TRANSLATE_NOOP("jw::Data", "a die shows 1 to 6")));
            rr.dice.push_back(int(face.value_or(0)));
        }
        data.repairs.push_back(rr);
    }
    if (!r.issues.empty())
        return std::nullopt;
    return data;
}

} // namespace

CampaignFile::Format CampaignFile::formatOf(const QString &path)
{
    return path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive) ? Format::Json : Format::Yaml;
}

QJsonObject CampaignFile::toJson(const CampaignData &data)
{
    const Campaign &c = data.campaign;
    QJsonArray players;
    for (const Player &p : data.players) {
        QJsonArray roster;
        for (const RosterEntry &e : p.roster)
            roster.append(
                QJsonObject {{QStringLiteral("id"), double(e.id)},
                             {QStringLiteral("unit"), e.unitId},
                             {QStringLiteral("name"), e.name},
                             {QStringLiteral("upgrades"), QJsonArray::fromStringList(e.upgrades)},
                             {QStringLiteral("embarked_on"), idJson(e.embarkedOn)},
                             {QStringLiteral("damage"), mapJson(e.damage)},
                             {QStringLiteral("battles"), e.battles},
                             {QStringLiteral("survived"), e.survived},
                             {QStringLiteral("kills"), e.kills},
                             {QStringLiteral("renowned"), e.renowned},
                             {QStringLiteral("status"), rosterStatusId(e.status)},
                             {QStringLiteral("captured_from"), idJson(e.capturedFrom)}});
        players.append(QJsonObject {{QStringLiteral("id"), double(p.id)},
                                    {QStringLiteral("name"), p.name},
                                    {QStringLiteral("faction"), p.faction},
                                    {QStringLiteral("fleet_name"), p.fleetName},
                                    {QStringLiteral("roster"), roster}});
    }
    QJsonArray battles;
    bool anyLuck = false;
    for (const Battle &b : data.battles) {
        QJsonArray sides;
        for (const BattleSide &s : b.sides)
            sides.append(QJsonObject {{QStringLiteral("player"), double(s.playerId)},
                                      {QStringLiteral("victory_points"), s.victoryPoints},
                                      {QStringLiteral("objective_points"), s.objectivePoints},
                                      {QStringLiteral("fleet"), fleetToJson(s.fleet)}});
        QJsonArray outs;
        for (const UnitOutcome &o : b.outcomes)
            outs.append(QJsonObject {{QStringLiteral("side"), o.side},
                                     {QStringLiteral("entry"), o.entry},
                                     {QStringLiteral("roster_id"), idJson(o.rosterId)},
                                     {QStringLiteral("unit"), o.unitId},
                                     {QStringLiteral("name"), o.name},
                                     {QStringLiteral("tv"), o.tv},
                                     {QStringLiteral("fate"), fateId(o.fate)},
                                     {QStringLiteral("lost"), mapJson(o.lost)},
                                     {QStringLiteral("remaining"), mapJson(o.remaining)},
                                     {QStringLiteral("kills"), o.kills}});
        QJsonObject battle {{QStringLiteral("id"), double(b.id)},
                            {QStringLiteral("date"), b.date.toString(Qt::ISODate)},
                            {QStringLiteral("scenario"), b.scenario},
                            {QStringLiteral("winner"), b.winner},
                            {QStringLiteral("notes"), b.notes},
                            {QStringLiteral("source"), b.source},
                            {QStringLiteral("sides"), sides},
                            {QStringLiteral("outcomes"), outs}};
        if (b.luck) {
            battle.insert(QStringLiteral("luck"), battleLuckToJson(*b.luck));
            anyLuck = true;
        }
        battles.append(battle);
    }
    QJsonArray repairs;
    for (const RepairRecord &r : data.repairs) {
        QJsonArray dice;
        for (int d : r.dice)
            dice.append(d);
        repairs.append(QJsonObject {{QStringLiteral("id"), double(r.id)},
                                    {QStringLiteral("player"), double(r.playerId)},
                                    {QStringLiteral("roster_id"), double(r.rosterId)},
                                    {QStringLiteral("date"), r.date.toString(Qt::ISODate)},
                                    {QStringLiteral("method"), repairModeId(r.method)},
                                    {QStringLiteral("boxes"), r.boxes},
                                    {QStringLiteral("op_cost"), r.opCost},
                                    {QStringLiteral("dice"), dice}});
    }
    return QJsonObject {{QStringLiteral("format"), QStringLiteral("jwfleet-campaign")},
                        // Version 2 added the battles' luck: a file without it stays
                        // version 1, which older programs read.
                        {QStringLiteral("schema_version"), anyLuck ? kSchemaVersion : 1},
                        {QStringLiteral("campaign"),
                         QJsonObject {{QStringLiteral("name"), c.name},
                                      {QStringLiteral("points"), c.points},
                                      {QStringLiteral("rules_profile"), c.rulesProfile},
                                      {QStringLiteral("started"), c.started.toString(Qt::ISODate)},
                                      {QStringLiteral("house_rules"), c.rules.toJson()}}},
                        {QStringLiteral("players"), players},
                        {QStringLiteral("battles"), battles},
                        {QStringLiteral("repairs"), repairs}};
}

QByteArray CampaignFile::serialize(const CampaignData &data, Format format)
{
    const QJsonObject root = toJson(data);
    if (format == Format::Json)
        return QJsonDocument(root).toJson(QJsonDocument::Indented);
    QString out = QStringLiteral("# Jovian Wars campaign (jwfleet campaign export)\n");
    emitYaml(out, root, 0);
    return out.toUtf8();
}

QString CampaignFile::write(const CampaignData &data, const QString &path)
{
    return io::writeFile(path, serialize(data, formatOf(path)));
}

QString CampaignFile::Read::errorText() const
{
    return issuesText(issues, false);
}

QString CampaignFile::Read::localErrorText() const
{
    return issuesText(issues, true);
}

io::YamlLimits CampaignFile::limits()
{
    // An export of 10,000 battles of 8 units is 28 MB and 3 million values
    // (keys included); twice that leaves room for bigger fleets. Aliases stay
    // refused (io::loadYaml), so the tree is no bigger than the file.
    io::YamlLimits l;
    l.maxBytes = 128 * 1024 * 1024;
    l.maxNodes = 8'000'000;
    return l;
}

CampaignFile::Read CampaignFile::parse(const QByteArray &bytes, const QString &name, Format format)
{
    Read out;
    if (bytes.size() > limits().maxBytes) {
        out.issues.push_back(DataIssue::make(
            name, 0, 0,
            DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the file is too big: %1 bytes, at most %2"),
                         {bytes.size(), limits().maxBytes})));
        return out;
    }
    YamlTree tree;
    QJsonObject json;
    if (format == Format::Json) {
        QJsonParseError perr;
        const QJsonDocument doc = QJsonDocument::fromJson(bytes, &perr);
        if (perr.error != QJsonParseError::NoError || !doc.isObject()) {
            const QByteArray head = bytes.left(perr.offset);
            out.issues.push_back(DataIssue::make(
                name, int(head.count('\n')) + 1, int(perr.offset - head.lastIndexOf('\n')),
                perr.error != QJsonParseError::NoError
                    ? DataText::of(QT_TRANSLATE_NOOP("jw::Data", "not valid JSON: %1"),
                                   {perr.errorString()})
                    : DataText::of(
                        QT_TRANSLATE_NOOP("jw::Data", "not a campaign file (a JSON object)"))));
            return out;
        }
        json = doc.object();
        // JSON is YAML: read again as YAML only for the lines and columns of
        // the errors (when that fails, the errors name the path only).
        std::vector<DataIssue> ignored;
        if (const auto root = io::loadYaml(bytes, name, ignored, limits()); root && root->IsMap())
            tree.convert(*root, QString());
    } else {
        const std::optional<YAML::Node> root = io::loadYaml(bytes, name, out.issues, limits());
        if (!root)
            return out;
        if (!root->IsMap()) {
            out.issues.push_back(DataIssue::make(
                name, root->Mark().line + 1, root->Mark().column + 1,
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "not a campaign file (a map)"))));
            return out;
        }
        json = tree.convert(*root, QString()).toObject();
    }
    Reader r(name, &tree);
    out.data = fromJson(r, json);
    out.issues = std::move(r.issues);
    if (!out.issues.empty())
        out.data.reset(); // all of the file or nothing
    return out;
}

CampaignFile::Read CampaignFile::read(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        Read out;
        out.issues.push_back(DataIssue::make(
            path, 0, 0,
            DataText::of(QT_TRANSLATE_NOOP("jw::Data", "cannot read: %1"), {f.errorString()})));
        return out;
    }
    if (f.size() > limits().maxBytes) { // not read into memory
        Read out;
        out.issues.push_back(DataIssue::make(
            path, 0, 0,
            DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the file is too big: %1 bytes, at most %2"),
                         {f.size(), limits().maxBytes})));
        return out;
    }
    // A pipe has no size: read at most one byte more than the limit.
    const QByteArray bytes = f.read(limits().maxBytes + 1);
    return parse(bytes, path, formatOf(path));
}

} // namespace jw
