// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/scenario.h"

#include "units/yamlreader.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>

namespace jw {

namespace {

QString str(const std::string &s)
{
    return QString::fromStdString(s);
}

struct KindInfo
{
    ObjectiveKind kind;
    const char *id;
};
constexpr KindInfo kKinds[] = {
    {ObjectiveKind::MostVictoryPoints, "most-victory-points"},
    {ObjectiveKind::FewestWithdrawnModels, "fewest-withdrawn-models"},
    {ObjectiveKind::FirstToAttack, "first-to-attack"},
    {ObjectiveKind::MostEscapePods, "most-escape-pods"},
    {ObjectiveKind::WaterWithdrawn, "water-withdrawn"},
    {ObjectiveKind::WaterKept, "water-kept"},
    {ObjectiveKind::UioSearched, "uio-searched"},
    {ObjectiveKind::IntelligenceShips, "intelligence-ships"},
    {ObjectiveKind::IntelligenceWithdrawn, "intelligence-withdrawn"},
    {ObjectiveKind::ForcesWithdrawn, "forces-withdrawn"},
    {ObjectiveKind::EnemyForcesLost, "enemy-forces-lost"},
};

QString podsOnId(PodsOn p)
{
    switch (p) {
    case PodsOn::WithdrawnCapitalShips:
        return QStringLiteral("withdrawn-capital-ships");
    case PodsOn::CapitalShipsInPlay:
        return QStringLiteral("capital-ships-in-play");
    case PodsOn::SquadronsNotDestroyed:
        break;
    }
    return QStringLiteral("squadrons-not-destroyed");
}

QString sideId(ObjectiveSide s)
{
    switch (s) {
    case ObjectiveSide::Each:
        return QStringLiteral("each");
    case ObjectiveSide::Attacker:
        return QStringLiteral("attacker");
    case ObjectiveSide::Defender:
        break;
    }
    return QStringLiteral("defender");
}

// The keys a special rule may carry besides its name and text.
const QStringList &switchKeys()
{
    static const QStringList keys {
        QStringLiteral("sensors_short_until_turn"),
        QStringLiteral("no_boarding_until_turn"),
        QStringLiteral("withdraw_at_structure"),
        QStringLiteral("defender_capital_withdraw_from_turn"),
        QStringLiteral("escape_pods"),
        QStringLiteral("escape_edge"),
        QStringLiteral("water"),
        QStringLiteral("uios"),
    };
    return keys;
}

class Parser : public YamlReader
{
public:
    using YamlReader::YamlReader;

    std::optional<Scenario> parse(const QByteArray &yaml)
    {
        const std::optional<YAML::Node> loaded = load(yaml);
        if (!loaded)
            return std::nullopt;
        const YAML::Node root = *loaded;
        const DataText what = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "a scenario"));
        if (!checkMap(root,
                      {QStringLiteral("schema_version"), QStringLiteral("id"),
                       QStringLiteral("name"), QStringLiteral("level"),
                       QStringLiteral("description"), QStringLiteral("deployment_zone"),
                       QStringLiteral("deployment_type"), QStringLiteral("initiative"),
                       QStringLiteral("turns"), QStringLiteral("objectives"),
                       QStringLiteral("special_rules")},
                      what))
            return std::nullopt;
        if (auto v = integer(root, "schema_version", what, true, 1);
            v && *v > ScenarioLoader::kSchemaVersion)
            error(value(root, "schema_version"),
                  DataText::of(
                      QT_TRANSLATE_NOOP("jw::Data",
                                        "schema_version %1 is newer than this program reads (%2)"),
                      {*v, ScenarioLoader::kSchemaVersion}));
        Scenario s;
        s.objectives.clear();
        if (auto id = text(root, "id", what, true)) {
            s.id = *id;
            static const QRegularExpression idPattern(QStringLiteral("^[a-z0-9][a-z0-9-]*$"));
            if (!idPattern.match(s.id).hasMatch())
                error(value(root, "id"),
                      DataText::of(
                          QT_TRANSLATE_NOOP("jw::Data",
                                            "'id' is lower-case letters, digits and '-' ('%1')"),
                          {s.id}));
        }
        if (auto n = text(root, "name", what, true))
            s.name = *n;
        s.level = text(root, "level", what, false).value_or(QStringLiteral("custom"));
        s.description = text(root, "description", what, false, true).value_or(QString()).trimmed();
        if (auto z = text(root, "deployment_zone", what, true)) {
            if (*z == QLatin1String("standard"))
                s.zone = DeploymentZoneKind::Standard;
            else if (*z == QLatin1String("beacon"))
                s.zone = DeploymentZoneKind::Beacon;
            else if (*z == QLatin1String("corner"))
                s.zone = DeploymentZoneKind::Corner;
            else
                error(value(root, "deployment_zone"),
                      DataText::of(QT_TRANSLATE_NOOP(
                                       "jw::Data",
                                       "unknown deployment_zone '%1' (standard, beacon, corner)"),
                                   {*z}));
        }
        if (auto t = text(root, "deployment_type", what, true)) {
            if (*t == QLatin1String("fleet"))
                s.deployment = DeploymentTypeKind::Fleet;
            else if (*t == QLatin1String("escalating"))
                s.deployment = DeploymentTypeKind::Escalating;
            else
                error(value(root, "deployment_type"),
                      DataText::of(
                          QT_TRANSLATE_NOOP("jw::Data",
                                            "unknown deployment_type '%1' (fleet, escalating)"),
                          {*t}));
        }
        if (auto i = text(root, "initiative", what, false)) {
            if (*i == QLatin1String("random"))
                s.initiative = InitiativeRule::Random;
            else if (*i == QLatin1String("attacker-defender"))
                s.initiative = InitiativeRule::AttackerDefender;
            else
                error(value(root, "initiative"),
                      DataText::of(
                          QT_TRANSLATE_NOOP("jw::Data",
                                            "unknown initiative '%1' (random, attacker-defender)"),
                          {*i}));
        }
        if (auto t = integer(root, "turns", what, false, 1, 99))
            s.turns = *t;
        // Special rules first: the objectives check the switches they need.
        const YAML::Node rules = value(root, "special_rules");
        if (rules.IsDefined() && !rules.IsNull()) {
            if (!rules.IsSequence())
                error(
                    rules,
                    DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'special_rules' must be a list")));
            else
                for (std::size_t i = 0; i < rules.size(); ++i)
                    specialRule(rules[i], s);
        }
        const YAML::Node objectives = value(root, "objectives");
        if (!objectives.IsDefined())
            missing(root, "objectives", what);
        else if (!objectives.IsSequence() || objectives.size() == 0)
            error(objectives,
                  DataText::of(
                      QT_TRANSLATE_NOOP("jw::Data", "'objectives' must be a list of objectives")));
        else
            for (std::size_t i = 0; i < objectives.size(); ++i)
                objective(objectives[i], s);
        if (std::any_of(issues.begin(), issues.end(),
                        [](const DataIssue &d) { return d.isError(); }))
            return std::nullopt;
        return s;
    }

private:
    void specialRule(const YAML::Node &n, Scenario &s)
    {
        const DataText what = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "a special rule"));
        QStringList allowed {QStringLiteral("name"), QStringLiteral("text")};
        allowed += switchKeys();
        if (!checkMap(n, allowed, what))
            return;
        SpecialRule r;
        r.name = text(n, "name", what, true).value_or(QString());
        r.text = text(n, "text", what, false, true).value_or(QString()).trimmed();
        ScenarioSwitches &w = s.switches;
        for (auto it = n.begin(); it != n.end(); ++it) {
            const QString key = str(it->first.as<std::string>(""));
            if (!switchKeys().contains(key))
                continue;
            const YAML::Node v = it->second;
            if (m_switchesSet.contains(key)) {
                error(it->first,
                      DataText::of(
                          QT_TRANSLATE_NOOP("jw::Data", "switch '%1' is set by two special rules"),
                          {key}));
                continue;
            }
            m_switchesSet << key;
            r.switches << key;
            const QByteArray k = key.toLatin1();
            if (key == QLatin1String("sensors_short_until_turn"))
                w.sensorsShortUntilTurn = integerNode(v, key, 1).value_or(0);
            else if (key == QLatin1String("no_boarding_until_turn"))
                w.noBoardingUntilTurn = integerNode(v, key, 1).value_or(0);
            else if (key == QLatin1String("withdraw_at_structure"))
                w.withdrawAtStructure = integerNode(v, key, 0).value_or(-1);
            else if (key == QLatin1String("defender_capital_withdraw_from_turn"))
                w.defenderCapitalWithdrawFromTurn = integerNode(v, key, 1).value_or(0);
            else if (key == QLatin1String("escape_pods"))
                w.escapePods = boolean(n, k.constData()).value_or(false);
            else if (key == QLatin1String("water"))
                w.water = boolean(n, k.constData()).value_or(false);
            else if (key == QLatin1String("uios"))
                w.uios = boolean(n, k.constData()).value_or(false);
            else if (key == QLatin1String("escape_edge"))
                w.escapeEdge = integerNode(v, key, 1).value_or(0);
        }
        r.switches.sort(); // one order, whatever the file's (a saved game's copy sorts its keys)
        if (key(n, "defender_capital_withdraw_from_turn") && !s.hasAttacker())
            error(value(n, "defender_capital_withdraw_from_turn"),
                  DataText::of(QT_TRANSLATE_NOOP(
                      "jw::Data", "a Defender needs 'initiative: attacker-defender'")));
        if (key(n, "escape_edge") && !s.hasAttacker())
            error(
                value(n, "escape_edge"),
                DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                               "the Attacker chooses the edge: needs 'initiative: "
                                               "attacker-defender'")));
        s.specialRules.push_back(r);
    }

    static bool key(const YAML::Node &n, const char *k) { return value(n, k).IsDefined(); }

    void objective(const YAML::Node &n, Scenario &s)
    {
        const DataText what = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "an objective"));
        if (!checkMap(n,
                      {QStringLiteral("kind"), QStringLiteral("points"), QStringLiteral("side"),
                       QStringLiteral("on"), QStringLiteral("at_least"), QStringLiteral("percent"),
                       QStringLiteral("by_turn"), QStringLiteral("group"), QStringLiteral("text")},
                      what))
            return;
        Objective o;
        bool ok = true;
        if (auto k = text(n, "kind", what, true)) {
            const auto it = std::find_if(std::begin(kKinds), std::end(kKinds),
                                         [&](const auto &i) { return *k == QLatin1String(i.id); });
            if (it == std::end(kKinds)) {
                QStringList known;
                for (const KindInfo &i : kKinds)
                    known << QLatin1String(i.id);
                error(value(n, "kind"),
                      DataText::of(
                          QT_TRANSLATE_NOOP("jw::Data", "unknown objective kind '%1' (known: %2)"),
                          {*k, known.join(QStringLiteral(", "))}));
                ok = false;
            } else {
                o.kind = it->kind;
            }
        } else {
            ok = false;
        }
        if (auto p = integer(n, "points", what, true, -100000, 100000))
            o.points = *p;
        if (auto side = text(n, "side", what, false)) {
            if (*side == QLatin1String("each"))
                o.side = ObjectiveSide::Each;
            else if (*side == QLatin1String("attacker"))
                o.side = ObjectiveSide::Attacker;
            else if (*side == QLatin1String("defender"))
                o.side = ObjectiveSide::Defender;
            else
                error(value(n, "side"),
                      DataText::of(QT_TRANSLATE_NOOP(
                                       "jw::Data", "unknown side '%1' (each, attacker, defender)"),
                                   {*side}));
            if (o.side != ObjectiveSide::Each && !s.hasAttacker())
                error(
                    value(n, "side"),
                    DataText::of(QT_TRANSLATE_NOOP(
                                     "jw::Data", "side '%1' needs 'initiative: attacker-defender'"),
                                 {*side}));
        }
        if (auto on = text(n, "on", what, false)) {
            if (*on == podsOnId(PodsOn::WithdrawnCapitalShips))
                o.on = PodsOn::WithdrawnCapitalShips;
            else if (*on == podsOnId(PodsOn::CapitalShipsInPlay))
                o.on = PodsOn::CapitalShipsInPlay;
            else if (*on == podsOnId(PodsOn::SquadronsNotDestroyed))
                o.on = PodsOn::SquadronsNotDestroyed;
            else
                error(value(n, "on"),
                      DataText::of(
                          QT_TRANSLATE_NOOP("jw::Data",
                                            "unknown 'on' '%1' (withdrawn-capital-ships, "
                                            "capital-ships-in-play, squadrons-not-destroyed)"),
                          {*on}));
        }
        o.atLeast = integer(n, "at_least", what, false, 1, 1000).value_or(0);
        o.percent = integer(n, "percent", what, false, 1, 100).value_or(0);
        o.byTurn = integer(n, "by_turn", what, false, 1, 99).value_or(0);
        o.group = text(n, "group", what, false).value_or(QString());
        o.text = text(n, "text", what, false).value_or(QString()).trimmed();
        if (ok) {
            // What each kind needs.
            auto need = [&](const char *k, const DataText &why) {
                if (!key(n, k))
                    error(n,
                          DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1 needs '%2' (%3)"),
                                       {objectiveKindId(o.kind), QString::fromLatin1(k), why}));
            };
            auto needSwitch = [&](bool on, const QString &sw) {
                if (!on)
                    error(value(n, "kind"),
                          DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                         "%1 needs a special rule with '%2: true'"),
                                       {objectiveKindId(o.kind), sw}));
            };
            switch (o.kind) {
            case ObjectiveKind::MostEscapePods:
                need("on", DataText::of(QT_TRANSLATE_NOOP("jw::Data", "where the pods count")));
                needSwitch(s.switches.escapePods, QStringLiteral("escape_pods"));
                break;
            case ObjectiveKind::WaterWithdrawn:
            case ObjectiveKind::WaterKept:
                need("at_least", DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the water units")));
                needSwitch(s.switches.water, QStringLiteral("water"));
                break;
            case ObjectiveKind::UioSearched:
            case ObjectiveKind::IntelligenceShips:
            case ObjectiveKind::IntelligenceWithdrawn:
                needSwitch(s.switches.uios, QStringLiteral("uios"));
                break;
            case ObjectiveKind::ForcesWithdrawn:
            case ObjectiveKind::EnemyForcesLost:
                need("percent",
                     DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the share of the points")));
                break;
            default:
                break;
            }
            if (o.percent > 100)
                error(value(n, "percent"),
                      DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'percent' is at most 100")));
            if (o.byTurn > s.turns)
                error(value(n, "by_turn"),
                      DataText::of(
                          QT_TRANSLATE_NOOP("jw::Data", "'by_turn' %1 is after the last turn (%2)"),
                          {o.byTurn, s.turns}));
        }
        if (o.text.isEmpty())
            o.text = QStringLiteral("%1 point(s): %2.").arg(o.points).arg(objectiveKindId(o.kind));
        s.objectives.push_back(o);
    }

    QStringList m_switchesSet;
};

} // namespace

QString zoneId(DeploymentZoneKind z)
{
    switch (z) {
    case DeploymentZoneKind::Standard:
        return QStringLiteral("standard");
    case DeploymentZoneKind::Beacon:
        return QStringLiteral("beacon");
    case DeploymentZoneKind::Corner:
        break;
    }
    return QStringLiteral("corner");
}

QString zoneName(DeploymentZoneKind z)
{
    switch (z) {
    case DeploymentZoneKind::Standard:
        return QStringLiteral("Standard Deployment Zone");
    case DeploymentZoneKind::Beacon:
        return QStringLiteral("Beacon Deployment Zone");
    case DeploymentZoneKind::Corner:
        break;
    }
    return QStringLiteral("Corner Deployment Zone");
}

QString deploymentTypeId(DeploymentTypeKind t)
{
    return t == DeploymentTypeKind::Fleet ? QStringLiteral("fleet") : QStringLiteral("escalating");
}

QString deploymentTypeName(DeploymentTypeKind t)
{
    return t == DeploymentTypeKind::Fleet ? QStringLiteral("Fleet Deployment")
                                          : QStringLiteral("Escalating Deployment");
}

QString initiativeRuleId(InitiativeRule r)
{
    return r == InitiativeRule::Random ? QStringLiteral("random")
                                       : QStringLiteral("attacker-defender");
}

QString objectiveKindId(ObjectiveKind k)
{
    for (const KindInfo &i : kKinds)
        if (i.kind == k)
            return QLatin1String(i.id);
    return {};
}

QString Scenario::summary() const
{
    QStringList lines;
    if (!description.isEmpty())
        lines << description << QString();
    lines << QStringLiteral("Deployment Zone: %1").arg(zoneName(zone));
    lines << QStringLiteral("Deployment Type: %1").arg(deploymentTypeName(deployment));
    lines << QStringLiteral("Initiative: %1")
                 .arg(hasAttacker() ? QStringLiteral("Attacker/Defender chosen by Random "
                                                     "Selection (the Attacker has Initiative)")
                                    : QStringLiteral("Random Selection"));
    lines << QStringLiteral("Game length: %1 turns").arg(turns);
    lines << QStringLiteral("Objective Points:");
    for (const Objective &o : objectives)
        lines << QStringLiteral("  - %1").arg(o.text);
    for (const SpecialRule &r : specialRules) {
        lines << QString() << r.name;
        if (!r.text.isEmpty())
            lines << r.text;
    }
    return lines.join(QLatin1Char('\n'));
}

ScenarioFile ScenarioLoader::parse(const QByteArray &yaml, const QString &displayName)
{
    Parser p(displayName);
    ScenarioFile out;
    out.scenario = p.parse(yaml);
    out.issues = std::move(p.issues);
    return out;
}

ScenarioFile ScenarioLoader::parseFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        ScenarioFile out;
        out.issues.push_back(DataIssue {path, 0, 0,
                                        QStringLiteral("cannot read: %1").arg(f.errorString()),
                                        DataIssue::Severity::Error});
        return out;
    }
    return parse(f.readAll(), path);
}

QByteArray ScenarioLoader::toJson(const Scenario &s)
{
    QJsonArray objectives;
    for (const Objective &o : s.objectives) {
        QJsonObject j {{QStringLiteral("kind"), objectiveKindId(o.kind)},
                       {QStringLiteral("points"), o.points},
                       {QStringLiteral("side"), sideId(o.side)},
                       {QStringLiteral("text"), o.text}};
        if (o.kind == ObjectiveKind::MostEscapePods)
            j.insert(QStringLiteral("on"), podsOnId(o.on));
        if (o.atLeast > 0)
            j.insert(QStringLiteral("at_least"), o.atLeast);
        if (o.percent > 0)
            j.insert(QStringLiteral("percent"), o.percent);
        if (o.byTurn > 0)
            j.insert(QStringLiteral("by_turn"), o.byTurn);
        if (!o.group.isEmpty())
            j.insert(QStringLiteral("group"), o.group);
        objectives.append(j);
    }
    QJsonArray rules;
    for (const SpecialRule &r : s.specialRules) {
        QJsonObject j {{QStringLiteral("name"), r.name}, {QStringLiteral("text"), r.text}};
        const ScenarioSwitches &w = s.switches;
        for (const QString &k : r.switches) {
            if (k == QLatin1String("sensors_short_until_turn"))
                j.insert(k, w.sensorsShortUntilTurn);
            else if (k == QLatin1String("no_boarding_until_turn"))
                j.insert(k, w.noBoardingUntilTurn);
            else if (k == QLatin1String("withdraw_at_structure"))
                j.insert(k, w.withdrawAtStructure);
            else if (k == QLatin1String("defender_capital_withdraw_from_turn"))
                j.insert(k, w.defenderCapitalWithdrawFromTurn);
            else if (k == QLatin1String("escape_pods"))
                j.insert(k, w.escapePods);
            else if (k == QLatin1String("escape_edge"))
                j.insert(k, int(w.escapeEdge));
            else if (k == QLatin1String("water"))
                j.insert(k, w.water);
            else if (k == QLatin1String("uios"))
                j.insert(k, w.uios);
        }
        rules.append(j);
    }
    QJsonObject root {{QStringLiteral("schema_version"), kSchemaVersion},
                      {QStringLiteral("id"), s.id},
                      {QStringLiteral("name"), s.name},
                      {QStringLiteral("level"), s.level},
                      {QStringLiteral("description"), s.description},
                      {QStringLiteral("deployment_zone"), zoneId(s.zone)},
                      {QStringLiteral("deployment_type"), deploymentTypeId(s.deployment)},
                      {QStringLiteral("initiative"), initiativeRuleId(s.initiative)},
                      {QStringLiteral("turns"), s.turns},
                      {QStringLiteral("objectives"), objectives}};
    if (!rules.isEmpty())
        root.insert(QStringLiteral("special_rules"), rules);
    return QJsonDocument(root).toJson(QJsonDocument::Compact);
}

QStringList ScenarioLibrary::shippedFiles()
{
    return {QStringLiteral(":/data/scenarios/introductory.yaml"),
            QStringLiteral(":/data/scenarios/escalating-engagement.yaml"),
            QStringLiteral(":/data/scenarios/solar-storm.yaml"),
            QStringLiteral(":/data/scenarios/fleet-engagement.yaml"),
            QStringLiteral(":/data/scenarios/break-the-truce.yaml"),
            QStringLiteral(":/data/scenarios/water-raid.yaml"),
            QStringLiteral(":/data/scenarios/scavenger-hunt.yaml"),
            QStringLiteral(":/data/scenarios/ambush.yaml")};
}

ScenarioLibrary ScenarioLibrary::loadShipped()
{
    ScenarioLibrary lib;
    for (const QString &res : shippedFiles()) {
        QFile f(res);
        const QString shown = res.mid(2); // "data/scenarios/ambush.yaml"
        if (!f.open(QIODevice::ReadOnly)) {
            lib.m_issues.push_back(DataIssue {shown, 0, 0,
                                              QStringLiteral("missing from the program"),
                                              DataIssue::Severity::Error});
            continue;
        }
        lib.add(ScenarioLoader::parse(f.readAll(), shown), shown);
    }
    return lib;
}

void ScenarioLibrary::addDirectory(const QString &dir)
{
    QDir d(dir);
    if (!d.exists()) {
        m_issues.push_back(
            DataIssue {dir, 0, 0, QStringLiteral("no such folder"), DataIssue::Severity::Error});
        return;
    }
    for (const QString &n :
         d.entryList({QStringLiteral("*.yaml"), QStringLiteral("*.yml")}, QDir::Files, QDir::Name))
        add(ScenarioLoader::parseFile(d.filePath(n)), d.filePath(n));
}

bool ScenarioLibrary::add(ScenarioFile file, const QString &displayName)
{
    m_issues.insert(m_issues.end(), file.issues.begin(), file.issues.end());
    if (!file.scenario)
        return false;
    if (byId(file.scenario->id)) {
        m_issues.push_back(
            DataIssue {displayName, 0, 0,
                       QStringLiteral("scenario id '%1' is already taken").arg(file.scenario->id),
                       DataIssue::Severity::Error});
        return false;
    }
    m_scenarios.push_back(*file.scenario);
    return true;
}

const Scenario *ScenarioLibrary::byId(const QString &id) const
{
    for (const Scenario &s : m_scenarios)
        if (s.id == id)
            return &s;
    return nullptr;
}

QStringList ScenarioLibrary::ids() const
{
    QStringList out;
    for (const Scenario &s : m_scenarios)
        out << s.id;
    return out;
}

} // namespace jw
