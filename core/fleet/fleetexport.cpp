// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleet/fleetexport.h"

#include "fleet/fleetvalidator.h"
#include "fleet/rulesprofile.h"
#include "fleet/upgrade.h"
#include "units/unitdatabase.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace jw {

namespace {

// One unit as the lists show it.
struct Line
{
    int tv = -1; // the unit's own TV; -1: unknown unit
    bool tvEstimate = false; // jwfleet's estimate, not published
    QString name; // custom name or unit name
    QString unitName; // the card's name when a custom name is shown
    QStringList upgrades; // upgrade names
    QString carrier; // name of the model it starts embarked on
};

struct Group
{
    QString title;
    int points = 0;
    std::vector<Line> lines;
};

// What every text format shows, in order.
struct Layout
{
    QString title;
    QString faction;
    QString points; // "249/250 points (Engagement)"
    QString rules;
    QString legality; // "legal", "NOT LEGAL (2 errors)"
    std::vector<Group> groups;
    bool anyEstimate = false; // a line's TV is jwfleet's estimate
};

QString upgradeName(const QString &id)
{
    const Upgrade *u = Upgrade::byId(id);
    return u ? u->name : id;
}

Layout layout(const Fleet &fleet, const UnitDatabase &db, const FleetReport &report)
{
    Layout l;
    const FactionInfo *faction = db.faction(fleet.faction);
    l.faction = faction ? faction->name : fleet.faction;
    l.title = fleet.name.isEmpty() ? QStringLiteral("%1 fleet").arg(l.faction) : fleet.name;
    l.points = QStringLiteral("%1/%2 points").arg(report.totals.total).arg(fleet.points);
    if (auto profile = RulesProfile::byId(fleet.rules)) {
        if (const GameSize *size = profile->gameSize(fleet.points))
            l.points += QStringLiteral(" (%1)").arg(size->name);
    }
    l.rules = QStringLiteral("rules %1").arg(fleet.rules);
    QStringList counts;
    if (const int errors = report.errorCount())
        counts << QStringLiteral("%1 error%2").arg(errors).arg(errors == 1 ? "" : "s");
    if (const int warnings = report.warningCount())
        counts << QStringLiteral("%1 warning%2").arg(warnings).arg(warnings == 1 ? "" : "s");
    l.legality = report.verdictText();
    if (!counts.isEmpty())
        l.legality += QStringLiteral(" (%1)").arg(counts.join(QStringLiteral(", ")));

    Group capitals {QStringLiteral("Capital Ships"), report.totals.capitalShips, {}};
    Group squadrons {QStringLiteral("Squadrons"), report.totals.squadrons, {}};
    Group statics {QStringLiteral("Static defenses"), report.totals.staticDefences, {}};
    Group upgrades {QStringLiteral("Upgrades"), report.totals.upgrades, {}};
    Group unknown {QStringLiteral("Unknown units"), 0, {}};
    for (int i = 0; i < fleet.size(); ++i) {
        const FleetEntry &e = fleet.entries[std::size_t(i)];
        const Unit *u = db.unit(e.unitId);
        Line line;
        line.tv = u ? u->tv : -1;
        line.tvEstimate = u && u->tvIsEstimate();
        l.anyEstimate |= line.tvEstimate;
        line.name = fleet.entryName(i, db);
        if (!e.name.isEmpty())
            line.unitName = u ? u->name : e.unitId;
        for (const QString &id : e.upgrades) {
            line.upgrades << upgradeName(id);
            const Upgrade *up = Upgrade::byId(id);
            upgrades.lines.push_back(
                Line {up ? up->tv : -1,
                      false,
                      QStringLiteral("%1 on %2").arg(upgradeName(id), line.name),
                      {},
                      {},
                      {}});
        }
        if (e.embarkedOn && *e.embarkedOn >= 0 && *e.embarkedOn < fleet.size())
            line.carrier = fleet.entryName(*e.embarkedOn, db);
        else if (e.embarkedOn)
            line.carrier
                = QStringLiteral("unit %1 (not in the list)").arg(qint64(*e.embarkedOn) + 1);
        if (!u)
            unknown.lines.push_back(line);
        else if (pointsCategory(*u) == PointsCategory::StaticDefences)
            statics.lines.push_back(line);
        else if (pointsCategory(*u) == PointsCategory::CapitalShips)
            capitals.lines.push_back(line);
        else
            squadrons.lines.push_back(line);
    }
    for (Group *g : {&capitals, &squadrons, &upgrades, &statics, &unknown}) {
        if (!g->lines.empty())
            l.groups.push_back(std::move(*g));
    }
    return l;
}

QString tvText(int tv)
{
    return tv < 0 ? QStringLiteral("?") : QString::number(tv);
}

// "(Valiant)" after a custom name.
QString cardName(const Line &line, QString (*esc)(const QString &))
{
    return line.unitName.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(esc(line.unitName));
}

// ", with Ace Pilot, embarked on JCS Vigilant".
QString details(const Line &line, QString (*esc)(const QString &))
{
    QString s;
    if (!line.upgrades.isEmpty())
        s += QStringLiteral(", with %1").arg(esc(line.upgrades.join(QStringLiteral(", "))));
    if (!line.carrier.isEmpty())
        s += QStringLiteral(", embarked on %1").arg(esc(line.carrier));
    return s;
}

QString markdownEscape(const QString &s)
{
    QString out;
    for (const QChar c : s) {
        if (QStringLiteral("\\`*_<>|~").contains(c))
            out += QLatin1Char('\\');
        out += c;
    }
    return out;
}

QString noEscape(const QString &s)
{
    return s;
}

const QString kEstimateNote = QStringLiteral(
    "Threat Value estimated by jwfleet, not published: check it against the printed card.");

} // namespace

void insertSources(QJsonObject &o, const Unit *u)
{
    if (!u)
        return;
    o.insert(QStringLiteral("tv_source"), u->sourceOf(QStringLiteral("tv")).kindId());
    o.insert(QStringLiteral("tv_estimate"), u->tvIsEstimate());
    if (u->unitCap > 0) {
        o.insert(QStringLiteral("uc"), u->unitCap);
        o.insert(QStringLiteral("uc_source"), u->sourceOf(QStringLiteral("uc")).kindId());
        o.insert(QStringLiteral("uc_estimate"), u->unitCapIsEstimate());
    }
    o.insert(QStringLiteral("estimated_values"), QJsonArray::fromStringList(u->estimatedFields()));
    // Only when there are some: the output of shipped data stays as it was.
    if (const QStringList user = u->userEnteredFields(); !user.isEmpty())
        o.insert(QStringLiteral("user_entered_values"), QJsonArray::fromStringList(user));
}

std::optional<ExportFormat> exportFormatFromId(const QString &id)
{
    if (id == QLatin1String("text"))
        return ExportFormat::Text;
    if (id == QLatin1String("markdown"))
        return ExportFormat::Markdown;
    if (id == QLatin1String("json"))
        return ExportFormat::Json;
    return std::nullopt;
}

QString exportFormatId(ExportFormat format)
{
    switch (format) {
    case ExportFormat::Text:
        return QStringLiteral("text");
    case ExportFormat::Markdown:
        return QStringLiteral("markdown");
    case ExportFormat::Json:
        return QStringLiteral("json");
    }
    return QString();
}

QString exportFleet(const Fleet &fleet, const UnitDatabase &db, ExportFormat format)
{
    const FleetReport report = validateFleet(fleet, db);
    switch (format) {
    case ExportFormat::Text:
        return fleetToText(fleet, db, report);
    case ExportFormat::Markdown:
        return fleetToMarkdown(fleet, db, report);
    case ExportFormat::Json:
        return QString::fromUtf8(
            QJsonDocument(fleetToJson(fleet, db, report)).toJson(QJsonDocument::Indented));
    }
    return QString();
}

QString fleetToText(const Fleet &fleet, const UnitDatabase &db, const FleetReport &report)
{
    const Layout l = layout(fleet, db, report);
    QString s = l.title + QLatin1Char('\n');
    s += QStringLiteral("%1 - %2 - %3 - %4\n").arg(l.faction, l.points, l.rules, l.legality);
    for (const Group &g : l.groups) {
        s += QStringLiteral("\n%1: %2 points\n").arg(g.title).arg(g.points);
        for (const Line &line : g.lines)
            s += QStringLiteral("  %1%2 %3%4%5\n")
                     .arg(tvText(line.tv).rightJustified(4),
                          line.tvEstimate ? QStringLiteral("*") : QStringLiteral(" "), line.name,
                          cardName(line, noEscape), details(line, noEscape));
    }
    if (l.anyEstimate)
        s += QStringLiteral("\n* %1\n").arg(kEstimateNote);
    if (!report.problems.empty()) {
        s += QStringLiteral("\nProblems:\n");
        for (const FleetProblem &p : report.problems) {
            s += QStringLiteral("  %1\n").arg(p.toString());
            if (!p.fix().isEmpty())
                s += QStringLiteral("    %1\n").arg(p.fixText());
        }
    }
    return s;
}

QString fleetToMarkdown(const Fleet &fleet, const UnitDatabase &db, const FleetReport &report)
{
    const Layout l = layout(fleet, db, report);
    QString s = QStringLiteral("## %1\n\n").arg(markdownEscape(l.title));
    s += QStringLiteral("**%1** | %2 | %3 | **%4**\n")
             .arg(markdownEscape(l.faction), l.points, l.rules, l.legality);
    for (const Group &g : l.groups) {
        s += QStringLiteral("\n### %1 (%2 points)\n\n").arg(g.title).arg(g.points);
        for (const Line &line : g.lines)
            s += QStringLiteral("- **%1**%2: %3%4%5\n")
                     .arg(markdownEscape(line.name), cardName(line, markdownEscape),
                          tvText(line.tv), line.tvEstimate ? QStringLiteral("\\*") : QString(),
                          details(line, markdownEscape));
    }
    if (l.anyEstimate)
        s += QStringLiteral("\n\\* %1\n").arg(kEstimateNote);
    if (!report.problems.empty()) {
        s += QStringLiteral("\n### Problems\n\n");
        for (const FleetProblem &p : report.problems) {
            s += QStringLiteral("- %1 `%2`: %3")
                     .arg(p.severityText(), p.rule, markdownEscape(p.message()));
            if (!p.fix().isEmpty())
                s += QStringLiteral(" (%1)").arg(markdownEscape(p.fixText()));
            s += QLatin1Char('\n');
        }
    }
    return s;
}

QJsonObject totalsToJson(const FleetTotals &t)
{
    return QJsonObject {{QStringLiteral("total"), t.total},
                        {QStringLiteral("squadrons"), t.squadrons},
                        {QStringLiteral("capital_ships"), t.capitalShips},
                        {QStringLiteral("static_defenses"), t.staticDefences},
                        {QStringLiteral("upgrades"), t.upgrades},
                        {QStringLiteral("upgrades_and_static"), t.upgradesAndStatic()}};
}

QJsonObject problemToJson(const FleetProblem &p)
{
    QJsonArray units;
    for (int i : p.entries)
        units.append(i);
    return QJsonObject {{QStringLiteral("rule"), p.rule},
                        {QStringLiteral("title"), p.title},
                        {QStringLiteral("severity"), p.severityText()},
                        {QStringLiteral("message"), p.message()},
                        {QStringLiteral("units"), units},
                        {QStringLiteral("source"), p.source},
                        {QStringLiteral("fix"), p.fix()}};
}

QJsonObject gaugeToJson(const RuleGauge &g)
{
    return QJsonObject {
        {QStringLiteral("rule"), g.rule},
        {QStringLiteral("label"), g.label},
        {QStringLiteral("bound"),
         g.bound == RuleGauge::Bound::AtLeast ? QStringLiteral("at-least")
                                              : QStringLiteral("at-most")},
        {QStringLiteral("points"), g.points},
        {QStringLiteral("limit"), g.limit},
        {QStringLiteral("percent"), g.percent},
        {QStringLiteral("threshold"), g.threshold},
        {QStringLiteral("headroom"), g.headroom()},
        {QStringLiteral("holds"), g.holds()},
        {QStringLiteral("share"), g.shareText()},
        {QStringLiteral("message"), g.message()},
        {QStringLiteral("arithmetic"), g.arithmetic()},
    };
}

QJsonObject reportToJson(const FleetReport &report)
{
    QJsonArray problems;
    for (const FleetProblem &p : report.problems)
        problems.append(problemToJson(p));
    QJsonArray gauges;
    for (const RuleGauge &g : report.gauges)
        gauges.append(gaugeToJson(g));
    QJsonArray estimated;
    for (const EstimatedEntry &e : report.estimates)
        estimated.append(QJsonObject {{QStringLiteral("unit"), e.entry},
                                      {QStringLiteral("tv"), e.tv},
                                      {QStringLiteral("uc"), e.unitCap}});
    return QJsonObject {{QStringLiteral("legal"), report.legal()},
                        {QStringLiteral("unpublished_values"), report.restsOnEstimates()},
                        {QStringLiteral("estimated"), estimated},
                        {QStringLiteral("verdict"), report.verdictText()},
                        {QStringLiteral("rules"), report.rules},
                        {QStringLiteral("limit"), report.limit},
                        {QStringLiteral("errors"), report.errorCount()},
                        {QStringLiteral("warnings"), report.warningCount()},
                        {QStringLiteral("problems"), problems},
                        {QStringLiteral("gauges"), gauges}};
}

QJsonObject fleetToJson(const Fleet &fleet, const UnitDatabase &db, const FleetReport &report)
{
    QJsonArray units;
    for (int i = 0; i < fleet.size(); ++i) {
        const FleetEntry &e = fleet.entries[std::size_t(i)];
        const Unit *u = db.unit(e.unitId);
        QJsonObject o {{QStringLiteral("unit"), e.unitId},
                       {QStringLiteral("display_name"), fleet.entryName(i, db)},
                       {QStringLiteral("unit_name"), u ? QJsonValue(u->name) : QJsonValue()},
                       {QStringLiteral("type"), u ? QJsonValue(unitTypeId(u->type)) : QJsonValue()},
                       {QStringLiteral("tv"), u ? QJsonValue(u->tv) : QJsonValue()}};
        if (!e.name.isEmpty())
            o.insert(QStringLiteral("name"), e.name);
        insertSources(o, u);
        if (e.embarkedOn)
            o.insert(QStringLiteral("embarked_on"), *e.embarkedOn);
        if (!e.upgrades.isEmpty())
            o.insert(QStringLiteral("upgrades"), QJsonArray::fromStringList(e.upgrades));
        units.append(o);
    }
    const FactionInfo *faction = db.faction(fleet.faction);
    QJsonObject f {
        {QStringLiteral("faction"), fleet.faction},
        {QStringLiteral("faction_name"), faction ? QJsonValue(faction->name) : QJsonValue()},
        {QStringLiteral("points"), fleet.points},
        {QStringLiteral("rules"), fleet.rules},
        {QStringLiteral("units"), units}};
    if (!fleet.name.isEmpty())
        f.insert(QStringLiteral("name"), fleet.name);
    return QJsonObject {{QStringLiteral("fleet"), f},
                        {QStringLiteral("totals"), totalsToJson(report.totals)},
                        {QStringLiteral("report"), reportToJson(report)}};
}

} // namespace jw
