// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/message.h"

#include <QString>

#include <vector>

namespace jw {

// A rule the fleet validator checks: a stable id (scripts and tests match on
// it), a title, and the rules text it comes from, quoted with its section, or
// RULINGS.md, or "House ruling (jwfleet)" where the rules leave the point open.
struct FleetRule
{
    QString id; // "squadron-share"
    QString title; // "Squadron share"
    QString source; // Fleet › Point Restrictions: "At least 25% of points ..."
    bool houseRuling = false; // ours, not the rulebook's: shown as such in rules help

    // Every rule, in the order a report lists them.
    [[nodiscard]] static const std::vector<FleetRule> &all();
    // nullptr when unknown.
    [[nodiscard]] static const FleetRule *byId(const QString &id);
};

// One thing wrong with a fleet (an error makes it illegal; a warning does not).
struct FleetProblem
{
    enum class Severity {
        Error,
        Warning
    };

    QString rule; // FleetRule id
    QString title; // the rule's title
    QString source; // the rule's source text
    Severity severity = Severity::Error;
    // What is wrong, with the numbers, typed (engine/messagelist.h, "Fleet rules"): the UI
    // shows text.translated(); message() is its English.
    Message text;
    // How to put it right, with the numbers; empty for warnings that need no change.
    Message fixMessage;
    std::vector<int> entries; // indexes in Fleet::entries of the units involved

    // The English the CLI, --json, the exports and the roster print:
    // "Squadrons: 55 of 250 points (22%), ..."
    [[nodiscard]] QString message() const { return text.english(); }
    // "remove 1 Pathfinder (-30), or raise the limit to 251 for 2 Unit Cap blocks"
    [[nodiscard]] QString fix() const { return fixMessage.english(); }
    [[nodiscard]] bool isError() const { return severity == Severity::Error; }
    [[nodiscard]] QString severityText() const; // "error", "warning"
    // "error [squadron-share] Squadrons: 55 of 250 points (22%), ..."
    [[nodiscard]] QString toString() const;
    // "fix: add 8 points of Squadrons" (empty when there is no fix)
    [[nodiscard]] QString fixText() const;

    friend bool operator==(const FleetProblem &, const FleetProblem &) = default;
};

// A share of the points limit that must stay above or below a threshold: what
// a GUI draws as a gauge, and what the CLI prints when the rule holds.
//
// Thresholds round fractions up (Catch-All Rules › Rounding): 25% of 250 is 63.
// The share is shown with at most one decimal, rounded against the fleet (down
// for "at least", up for "at most"), so a failing rule never shows a passing
// percentage: 62 of 250 shows 24.8%, never 25%. The points are what decide.
struct RuleGauge
{
    enum class Bound {
        AtLeast,
        AtMost
    };

    QString rule; // "squadron-share"
    QString label; // "Squadrons"
    Bound bound = Bound::AtLeast;
    int points = 0; // spent on what the rule counts
    int limit = 0; // the fleet's points limit
    int percent = 0; // of the limit: 25 (100 for the total)
    int threshold = 0; // points: ceil(limit x percent / 100)

    [[nodiscard]] bool holds() const;
    // Points to spare before the rule breaks (>= 0 when it holds), or, when
    // negative, how many more are needed (at least) or how many are over (at most).
    [[nodiscard]] int headroom() const;
    // Share of the limit in tenths of a percent, rounded as described above.
    [[nodiscard]] int shareTenths() const;
    [[nodiscard]] QString shareText() const; // "22%", "24.8%"
    // Whether rounding made the threshold: the percentage of the limit is not whole.
    [[nodiscard]] bool rounded() const;
    // "25% of 277 = 69.25, rounded up: 70"; "25% of 200 = 50".
    [[nodiscard]] QString arithmetic() const { return arithmeticText().english(); }
    [[nodiscard]] Message arithmeticText() const;
    // The label, typed ("Squadrons"): FleetTotal, FleetSquadrons, ... by the rule.
    [[nodiscard]] Message labelText() const;
    // "Squadrons: 55 of 250 points (22%), at least 63 needed: 8 more"
    // "Squadrons: 80 of 250 points (32%), at least 63 needed: 17 to spare"
    // followed, where rounding decides (the points are within 1 of the exact
    // share), by the arithmetic: " (25% of 250 = 62.5, rounded up: 63)".
    // In English; text() is the same typed (the UI shows text().translated()).
    [[nodiscard]] QString message() const { return text().english(); }
    [[nodiscard]] Message text() const;

    friend bool operator==(const RuleGauge &, const RuleGauge &) = default;
};

// Where the points went. Every model counts once: a Static model is a static
// defence (not a Capital Ship), an upgrade's TV is an upgrade (not a Squadron).
struct Unit;

// The category of the fleet rules a model's points count in, each model in one
// (Fleet › Point Restrictions): a Static unit is a static defense, else a
// Capital Ship or a Squadron. The validator, the exports and the builder's
// list all ask this.
enum class PointsCategory {
    CapitalShips,
    Squadrons,
    StaticDefences,
};
[[nodiscard]] PointsCategory pointsCategory(const Unit &unit);

struct FleetTotals
{
    int total = 0; // everything, upgrades included
    int squadrons = 0;
    int capitalShips = 0;
    int staticDefences = 0;
    int upgrades = 0;

    [[nodiscard]] int upgradesAndStatic() const { return upgrades + staticDefences; }
    // The models' points in one category (upgrades apart).
    [[nodiscard]] int of(PointsCategory c) const
    {
        return c == PointsCategory::CapitalShips ? capitalShips
            : c == PointsCategory::Squadrons     ? squadrons
                                                 : staticDefences;
    }
    friend bool operator==(const FleetTotals &, const FleetTotals &) = default;
};

// An entry whose verdict rests on a value that is not published (jwfleet's
// estimate): its Threat Value, or its Unit Cap where the profile caps units.
struct EstimatedEntry
{
    int entry = 0; // index in Fleet::entries
    bool tv = false;
    bool unitCap = false;
    friend bool operator==(const EstimatedEntry &, const EstimatedEntry &) = default;
};

// validateFleet()'s answer.
struct FleetReport
{
    QString rules; // the profile id checked against
    int limit = 0;
    FleetTotals totals;
    // points-limit, squadron-share, capital-share, upgrade-share (empty when the
    // limit is not a positive number).
    std::vector<RuleGauge> gauges;
    // Errors first, then warnings; each in the order of FleetRule::all(), then entries.
    std::vector<FleetProblem> problems;
    std::vector<EstimatedEntry> estimates; // in entry order; empty: every value published

    [[nodiscard]] bool legal() const { return errorCount() == 0; }
    [[nodiscard]] int errorCount() const;
    [[nodiscard]] int warningCount() const;
    [[nodiscard]] bool has(const QString &rule) const; // any problem of that rule
    [[nodiscard]] const RuleGauge *gauge(const QString &rule) const;
    [[nodiscard]] std::vector<const FleetProblem *> problemsOf(int entry) const;
    // The verdict uses a value that is jwfleet's estimate, not published.
    [[nodiscard]] bool restsOnEstimates() const { return !estimates.empty(); }
    [[nodiscard]] const EstimatedEntry *estimateOf(int entry) const;
    // "legal", "NOT LEGAL", with ", on jwfleet's estimated values" when it rests on them.
    [[nodiscard]] QString verdictText() const;
};

} // namespace jw
