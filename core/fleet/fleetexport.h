// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fleet/fleet.h"
#include "fleet/fleetreport.h"

#include <QJsonObject>
#include <QString>

#include <optional>

namespace jw {

class UnitDatabase;
struct Unit;

// Fleet lists for people (plain text for chat, Markdown for forums) and for
// programs (JSON). Each one shows the fleet name, faction, points used of the
// limit, rules profile and whether it is legal, then the units by category
// (Capital Ships, Squadrons, Upgrades, Static defenses) with TV, custom names,
// upgrades and carriers, then the problems. Same fleet, same bytes.
enum class ExportFormat {
    Text,
    Markdown,
    Json
};

[[nodiscard]] std::optional<ExportFormat> exportFormatFromId(const QString &id); // "text", ...
[[nodiscard]] QString exportFormatId(ExportFormat format);

// Validates `fleet` and writes it in `format`.
[[nodiscard]] QString exportFleet(const Fleet &fleet, const UnitDatabase &db, ExportFormat format);
[[nodiscard]] QString fleetToText(const Fleet &fleet, const UnitDatabase &db,
                                  const FleetReport &report);
[[nodiscard]] QString fleetToMarkdown(const Fleet &fleet, const UnitDatabase &db,
                                      const FleetReport &report);

// JSON: {"fleet": the file's content plus each unit's name, type and TV,
// "totals": the points by category, "report": legal, problems and gauges}.
[[nodiscard]] QJsonObject fleetToJson(const Fleet &fleet, const UnitDatabase &db,
                                      const FleetReport &report);
// {"legal", "rules", "limit", "errors", "warnings", "problems": [...], "gauges": [...]}
[[nodiscard]] QJsonObject reportToJson(const FleetReport &report);
// {"rule", "title", "severity", "message", "units": [indexes], "source"}
[[nodiscard]] QJsonObject problemToJson(const FleetProblem &problem);
// {"rule", "label", "bound", "points", "limit", "percent", "threshold", "headroom",
//  "holds", "share", "message"}
[[nodiscard]] QJsonObject gaugeToJson(const RuleGauge &gauge);
// Adds to a unit's JSON object where its TV and UC come from: "tv_source"
// ("rules", "card", "estimate"), "tv_estimate", "uc", "uc_source", "uc_estimate"
// (when it has a UC) and "estimated_values" (the fields that are jwfleet's).
void insertSources(QJsonObject &o, const Unit *unit);
// {"total", "squadrons", "capital_ships", "static_defenses", "upgrades", "upgrades_and_static"}
[[nodiscard]] QJsonObject totalsToJson(const FleetTotals &totals);

} // namespace jw
