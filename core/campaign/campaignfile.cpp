#include "campaign/campaignfile.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSaveFile>

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
struct YamlTree
{
    std::map<QString, YAML::Mark> marks; // JSON path -> mark

    QJsonValue convert(const YAML::Node &n, const QString &path)
    {
        marks[path] = n.Mark();
        if (n.IsMap()) {
            QJsonObject o;
            for (auto it = n.begin(); it != n.end(); ++it) {
                const QString key = QString::fromStdString(it->first.Scalar());
                o.insert(key,
                         convert(it->second, path.isEmpty() ? key : path + QLatin1Char('.') + key));
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
    Reader(QString file, const std::map<QString, YAML::Mark> *marks)
        : m_file(std::move(file))
        , m_marks(marks)
    { }

    std::vector<DataIssue> issues;

    void error(const QString &path, const QString &message)
    {
        DataIssue i {m_file, 0, 0, QStringLiteral("%1: %2").arg(path, message),
                     DataIssue::Severity::Error};
        if (m_marks) {
            auto it = m_marks->find(path);
            if (it != m_marks->end() && !it->second.is_null()) {
                i.line = it->second.line + 1;
                i.column = it->second.column + 1;
            }
        }
        issues.push_back(i);
    }

    static QString sub(const QString &path, const QString &key)
    {
        return path.isEmpty() ? key : path + QLatin1Char('.') + key;
    }

    QJsonObject object(const QJsonObject &o, const QString &key, const QString &path)
    {
        const QJsonValue v = o.value(key);
        if (!v.isObject()) {
            error(sub(path, key),
                  v.isUndefined() ? QStringLiteral("missing") : QStringLiteral("must be a map"));
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
                  v.isUndefined() ? QStringLiteral("missing") : QStringLiteral("must be a list"));
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
                error(sub(path, key), QStringLiteral("missing"));
            return {};
        }
        if (v.isDouble())
            return QString::number(qint64(v.toDouble()));
        if (v.isBool())
            return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
        if (!v.isString()) {
            error(sub(path, key), QStringLiteral("must be text"));
            return {};
        }
        return v.toString();
    }

    qint64 number(const QJsonObject &o, const QString &key, const QString &path,
                  std::optional<qint64> fallback = std::nullopt)
    {
        const QJsonValue v = o.value(key);
        if (v.isUndefined() && fallback)
            return *fallback;
        if (!v.isDouble() || v.toDouble() != double(qint64(v.toDouble()))) {
            error(sub(path, key),
                  v.isUndefined() ? QStringLiteral("missing")
                                  : QStringLiteral("must be a whole number"));
            return 0;
        }
        return qint64(v.toDouble());
    }

    std::optional<qint64> optNumber(const QJsonObject &o, const QString &key, const QString &path)
    {
        const QJsonValue v = o.value(key);
        if (v.isUndefined() || v.isNull())
            return std::nullopt;
        return number(o, key, path);
    }

    bool boolean(const QJsonObject &o, const QString &key, const QString &path, bool fallback)
    {
        const QJsonValue v = o.value(key);
        if (v.isUndefined())
            return fallback;
        if (!v.isBool()) {
            error(sub(path, key), QStringLiteral("must be true or false"));
            return fallback;
        }
        return v.toBool();
    }

    QDate date(const QJsonObject &o, const QString &key, const QString &path)
    {
        const QString s = text(o, key, path);
        const QDate d = QDate::fromString(s, Qt::ISODate);
        if (!s.isEmpty() && !d.isValid())
            error(sub(path, key), QStringLiteral("must be a date as YYYY-MM-DD, not '%1'").arg(s));
        return d;
    }

    RatingMap ratings(const QJsonObject &o, const QString &key, const QString &path)
    {
        RatingMap m;
        const QJsonValue v = o.value(key);
        if (v.isUndefined() || v.isNull())
            return m;
        if (!v.isObject()) {
            error(sub(path, key), QStringLiteral("must be a map of rating to number"));
            return m;
        }
        const QJsonObject r = v.toObject();
        for (auto it = r.begin(); it != r.end(); ++it) {
            if (!damageTracks().contains(it.key()))
                error(sub(sub(path, key), it.key()),
                      QStringLiteral("unknown rating (%1)")
                          .arg(damageTracks().join(QStringLiteral(", "))));
            m[it.key()] = int(number(r, it.key(), sub(path, key)));
        }
        return m;
    }

    QStringList strings(const QJsonObject &o, const QString &key, const QString &path)
    {
        QStringList out;
        const QJsonArray a = array(o, key, path, false);
        for (int i = 0; i < a.size(); ++i) {
            if (!a[i].isString())
                error(QStringLiteral("%1[%2]").arg(sub(path, key)).arg(i),
                      QStringLiteral("must be text"));
            out << a[i].toString();
        }
        return out;
    }

    Fleet fleet(const QJsonObject &o, const QString &path)
    {
        Fleet f;
        f.name = text(o, QStringLiteral("name"), path, false);
        f.faction = text(o, QStringLiteral("faction"), path);
        f.points = int(number(o, QStringLiteral("points"), path));
        f.rules = text(o, QStringLiteral("rules"), path);
        const QJsonArray units = array(o, QStringLiteral("units"), path);
        for (int i = 0; i < units.size(); ++i) {
            const QString up = QStringLiteral("%1.units[%2]").arg(path).arg(i);
            const QJsonObject u = units[i].toObject();
            FleetEntry e;
            e.unitId = text(u, QStringLiteral("unit"), up);
            e.name = text(u, QStringLiteral("name"), up, false);
            if (auto c = optNumber(u, QStringLiteral("embarked_on"), up))
                e.embarkedOn = int(*c);
            e.upgrades = strings(u, QStringLiteral("upgrades"), up);
            f.entries.push_back(e);
        }
        return f;
    }

private:
    QString m_file;
    const std::map<QString, YAML::Mark> *m_marks;
};

std::optional<CampaignData> fromJson(Reader &r, const QJsonObject &root)
{
    if (root.value(QStringLiteral("format")).toString() != QLatin1String("jwfleet-campaign")) {
        r.error(QStringLiteral("format"),
                QStringLiteral("not a jwfleet campaign file (format: "
                               "jwfleet-campaign)"));
        return std::nullopt;
    }
    const qint64 version = r.number(root, QStringLiteral("schema_version"), QString());
    if (version > CampaignFile::kSchemaVersion) {
        r.error(QStringLiteral("schema_version"),
                QStringLiteral("%1 is newer than this program reads (%2): update jwfleet")
                    .arg(version)
                    .arg(CampaignFile::kSchemaVersion));
        return std::nullopt;
    }
    CampaignData data;
    const QString cp = QStringLiteral("campaign");
    const QJsonObject c = r.object(root, cp, QString());
    data.campaign.name = r.text(c, QStringLiteral("name"), cp);
    data.campaign.points = int(r.number(c, QStringLiteral("points"), cp));
    data.campaign.rulesProfile = r.text(c, QStringLiteral("rules_profile"), cp);
    data.campaign.started = r.date(c, QStringLiteral("started"), cp);
    QString err;
    if (auto rules = CampaignRules::fromJson(r.object(c, QStringLiteral("house_rules"), cp), &err))
        data.campaign.rules = *rules;
    else
        r.error(QStringLiteral("campaign.house_rules"), err);

    const QJsonArray players = r.array(root, QStringLiteral("players"), QString());
    for (int i = 0; i < players.size(); ++i) {
        const QString pp = QStringLiteral("players[%1]").arg(i);
        const QJsonObject o = players[i].toObject();
        Player p;
        p.id = r.number(o, QStringLiteral("id"), pp);
        p.name = r.text(o, QStringLiteral("name"), pp);
        p.faction = r.text(o, QStringLiteral("faction"), pp, false);
        p.fleetName = r.text(o, QStringLiteral("fleet_name"), pp, false);
        const QJsonArray roster = r.array(o, QStringLiteral("roster"), pp, false);
        for (int j = 0; j < roster.size(); ++j) {
            const QString ep = QStringLiteral("%1.roster[%2]").arg(pp).arg(j);
            const QJsonObject e = roster[j].toObject();
            RosterEntry re;
            re.id = r.number(e, QStringLiteral("id"), ep);
            re.unitId = r.text(e, QStringLiteral("unit"), ep);
            re.name = r.text(e, QStringLiteral("name"), ep, false);
            re.upgrades = r.strings(e, QStringLiteral("upgrades"), ep);
            re.embarkedOn = r.optNumber(e, QStringLiteral("embarked_on"), ep);
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
                    r.error(ep + QStringLiteral(".status"),
                            QStringLiteral("active or destroyed, not '%1'").arg(status));
            }
            re.capturedFrom = r.optNumber(e, QStringLiteral("captured_from"), ep);
            p.roster.push_back(re);
        }
        data.players.push_back(p);
    }

    const QJsonArray battles = r.array(root, QStringLiteral("battles"), QString(), false);
    for (int i = 0; i < battles.size(); ++i) {
        const QString bp = QStringLiteral("battles[%1]").arg(i);
        const QJsonObject o = battles[i].toObject();
        Battle b;
        b.id = r.number(o, QStringLiteral("id"), bp);
        b.date = r.date(o, QStringLiteral("date"), bp);
        b.scenario = r.text(o, QStringLiteral("scenario"), bp);
        b.winner = int(r.number(o, QStringLiteral("winner"), bp));
        b.notes = r.text(o, QStringLiteral("notes"), bp, false);
        b.source = r.text(o, QStringLiteral("source"), bp, false);
        if (b.source.isEmpty())
            b.source = QStringLiteral("manual");
        const QJsonArray sides = r.array(o, QStringLiteral("sides"), bp);
        if (sides.size() != 2 && !sides.isEmpty())
            r.error(bp + QStringLiteral(".sides"), QStringLiteral("a battle has two sides"));
        for (int s = 0; s < std::min<qsizetype>(2, sides.size()); ++s) {
            const QString sp = QStringLiteral("%1.sides[%2]").arg(bp).arg(s);
            const QJsonObject so = sides[s].toObject();
            BattleSide &side = b.sides[std::size_t(s)];
            side.playerId = r.number(so, QStringLiteral("player"), sp);
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
            const QJsonObject u = outs[j].toObject();
            UnitOutcome uo;
            uo.side = int(r.number(u, QStringLiteral("side"), op));
            uo.entry = int(r.number(u, QStringLiteral("entry"), op));
            uo.rosterId = r.optNumber(u, QStringLiteral("roster_id"), op);
            uo.unitId = r.text(u, QStringLiteral("unit"), op);
            uo.name = r.text(u, QStringLiteral("name"), op, false);
            uo.tv = int(r.number(u, QStringLiteral("tv"), op, 0));
            const QString fate = r.text(u, QStringLiteral("fate"), op);
            if (auto f = fateFromId(fate))
                uo.fate = *f;
            else if (!fate.isEmpty())
                r.error(op + QStringLiteral(".fate"),
                        QStringLiteral("unknown fate '%1'").arg(fate));
            uo.lost = r.ratings(u, QStringLiteral("lost"), op);
            uo.remaining = r.ratings(u, QStringLiteral("remaining"), op);
            uo.kills = int(r.number(u, QStringLiteral("kills"), op, 0));
            b.outcomes.push_back(uo);
        }
        data.battles.push_back(b);
    }

    const QJsonArray repairs = r.array(root, QStringLiteral("repairs"), QString(), false);
    for (int i = 0; i < repairs.size(); ++i) {
        const QString rp = QStringLiteral("repairs[%1]").arg(i);
        const QJsonObject o = repairs[i].toObject();
        RepairRecord rr;
        rr.id = r.number(o, QStringLiteral("id"), rp);
        rr.playerId = r.number(o, QStringLiteral("player"), rp);
        rr.rosterId = r.number(o, QStringLiteral("roster_id"), rp);
        rr.date = r.date(o, QStringLiteral("date"), rp);
        const QString m = r.text(o, QStringLiteral("method"), rp);
        if (auto mode = repairModeFromId(m))
            rr.method = *mode;
        else if (!m.isEmpty())
            r.error(rp + QStringLiteral(".method"),
                    QStringLiteral("none, roll or cost, not '%1'").arg(m));
        rr.boxes = int(r.number(o, QStringLiteral("boxes"), rp));
        rr.opCost = int(r.number(o, QStringLiteral("op_cost"), rp, 0));
        const QJsonArray dice = r.array(o, QStringLiteral("dice"), rp, false);
        for (const QJsonValue &d : dice)
            rr.dice.push_back(d.toInt());
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
        battles.append(QJsonObject {{QStringLiteral("id"), double(b.id)},
                                    {QStringLiteral("date"), b.date.toString(Qt::ISODate)},
                                    {QStringLiteral("scenario"), b.scenario},
                                    {QStringLiteral("winner"), b.winner},
                                    {QStringLiteral("notes"), b.notes},
                                    {QStringLiteral("source"), b.source},
                                    {QStringLiteral("sides"), sides},
                                    {QStringLiteral("outcomes"), outs}});
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
                        {QStringLiteral("schema_version"), kSchemaVersion},
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
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return QStringLiteral("cannot write %1: %2").arg(path, f.errorString());
    const QByteArray bytes = serialize(data, formatOf(path));
    if (f.write(bytes) != bytes.size() || !f.commit())
        return QStringLiteral("cannot write %1: %2").arg(path, f.errorString());
    return {};
}

QString CampaignFile::Read::errorText() const
{
    QStringList lines;
    for (const DataIssue &i : issues)
        lines << i.toString();
    return lines.join(QLatin1Char('\n'));
}

CampaignFile::Read CampaignFile::parse(const QByteArray &bytes, const QString &name, Format format)
{
    Read out;
    if (format == Format::Json) {
        QJsonParseError perr;
        const QJsonDocument doc = QJsonDocument::fromJson(bytes, &perr);
        if (perr.error != QJsonParseError::NoError || !doc.isObject()) {
            const QByteArray head = bytes.left(perr.offset);
            out.issues.push_back(DataIssue {
                name, int(head.count('\n')) + 1, int(perr.offset - head.lastIndexOf('\n')),
                perr.error != QJsonParseError::NoError
                    ? QStringLiteral("not valid JSON: %1").arg(perr.errorString())
                    : QStringLiteral("not a campaign file (a JSON "
                                     "object)"),
                DataIssue::Severity::Error});
            return out;
        }
        Reader r(name, nullptr);
        out.data = fromJson(r, doc.object());
        out.issues = std::move(r.issues);
        return out;
    }
    YAML::Node root;
    try {
        root = YAML::Load(bytes.toStdString());
    } catch (const YAML::Exception &e) {
        out.issues.push_back(DataIssue {
            name, e.mark.is_null() ? 0 : e.mark.line + 1, e.mark.is_null() ? 0 : e.mark.column + 1,
            QStringLiteral("not valid YAML: %1").arg(QString::fromStdString(e.msg)),
            DataIssue::Severity::Error});
        return out;
    }
    if (!root.IsMap()) {
        out.issues.push_back(DataIssue {name, 0, 0, QStringLiteral("not a campaign file (a map)"),
                                        DataIssue::Severity::Error});
        return out;
    }
    YamlTree tree;
    const QJsonObject json = tree.convert(root, QString()).toObject();
    Reader r(name, &tree.marks);
    out.data = fromJson(r, json);
    out.issues = std::move(r.issues);
    return out;
}

CampaignFile::Read CampaignFile::read(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        Read out;
        out.issues.push_back(DataIssue {path, 0, 0,
                                        QStringLiteral("cannot read: %1").arg(f.errorString()),
                                        DataIssue::Severity::Error});
        return out;
    }
    return parse(f.readAll(), path, formatOf(path));
}

} // namespace jw
