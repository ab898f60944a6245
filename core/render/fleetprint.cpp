// SPDX-License-Identifier: GPL-3.0-or-later
#include "render/fleetprint.h"

#include "fleet/fleetreport.h"
#include "fleet/rulesprofile.h"
#include "fleet/upgrade.h"
#include "units/unitdatabase.h"

namespace jw {

namespace {

QString typeText(const Unit &u)
{
    // A static defense says so: the validator counts it under "Upgrades and static
    // defenses", not Capital Ships, and the subtotals under the table follow it.
    if (pointsCategory(u) == PointsCategory::StaticDefences)
        return unitTypeName(u.type) + QStringLiteral(" (static defense)");
    return u.isCapital() ? unitTypeName(u.type)
                         : unitTypeName(u.type) + QStringLiteral(" Squadron");
}

QStringList upgradeNames(const FleetEntry &e)
{
    QStringList names;
    for (const QString &id : e.upgrades) {
        const Upgrade *up = Upgrade::byId(id);
        names << (up ? up->name : id);
    }
    return names;
}

} // namespace

RosterData FleetPrint::roster(const Fleet &fleet, const FleetReport &report, const UnitDatabase &db)
{
    RosterData r;
    r.fleetName = fleet.name;
    const FactionInfo *faction = db.faction(fleet.faction);
    r.factionName = faction ? faction->name : fleet.faction;
    r.points = report.totals.total;
    r.limit = fleet.points;
    const std::optional<RulesProfile> profile = RulesProfile::byId(fleet.rules);
    r.rules = profile ? profile->title : fleet.rules;
    r.legal = report.legal();
    r.verdict = report.verdictText();
    for (const FleetProblem &p : report.problems)
        r.problems << QStringLiteral("%1: %2%3")
                          .arg(p.severityText(), p.message(),
                               p.fix().isEmpty() ? QString()
                                                 : QStringLiteral(" - fix: %1").arg(p.fix()));
    // The validator's own counting (a static defense is not a Capital Ship).
    for (const RuleGauge &g : report.gauges)
        r.subtotals << g.message();
    for (int i = 0; i < fleet.size(); ++i) {
        const FleetEntry &e = fleet.entries[std::size_t(i)];
        const Unit *u = db.unit(e.unitId);
        RosterRow row;
        row.name = fleet.entryName(i, db);
        row.unitName = u ? u->name : QStringLiteral("unknown unit '%1'").arg(e.unitId);
        // Each upgrade with its TV: "Ryu + Ace Pilot (5 TV)".
        for (const QString &id : e.upgrades) {
            const Upgrade *up = Upgrade::byId(id);
            row.unitName += up ? QStringLiteral(" + %1 (%2 TV)").arg(up->name).arg(up->tv)
                               : QStringLiteral(" + %1").arg(id);
        }
        row.type = u ? typeText(*u) : QString();
        row.tv = u ? u->tv : 0;
        for (const QString &id : e.upgrades) {
            if (const Upgrade *up = Upgrade::byId(id))
                row.upgradeTv += up->tv;
        }
        row.tv += row.upgradeTv;
        if (u) {
            row.unitCap = u->unitCap;
            row.tvEstimate = u->tvIsEstimate();
            row.unitCapEstimate = u->unitCapIsEstimate();
        }
        if (e.embarkedOn && *e.embarkedOn >= 0 && *e.embarkedOn < fleet.size())
            row.embarkedOn = fleet.entryName(*e.embarkedOn, db);
        row.provisional = u && u->provisional;
        r.rows.push_back(row);
    }
    return r;
}

FleetCards FleetPrint::cards(const Fleet &fleet, const UnitDatabase &db, const CardOptions &options)
{
    FleetCards out;
    for (int i = 0; i < fleet.size(); ++i) {
        const FleetEntry &e = fleet.entries[std::size_t(i)];
        const Unit *u = db.unit(e.unitId);
        if (!u) {
            out.skipped
                << QStringLiteral("unit %1: unknown unit '%2', no card").arg(i + 1).arg(e.unitId);
            continue;
        }
        CardOptions o = options;
        if (const FactionInfo *f = db.faction(u->faction))
            o.factionName = f->name;
        o.modelName = e.name;
        o.upgrades = upgradeNames(e);
        o.upgradeTv = 0;
        for (const QString &id : e.upgrades) {
            if (const Upgrade *up = Upgrade::byId(id))
                o.upgradeTv += up->tv;
        }
        out.layouts.push_back(CardLayout::compute(*u, o));
        out.entries.push_back(i);
    }
    return out;
}

} // namespace jw
