// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleet/fleetreport.h"

#include "engine/messageids.h"
#include "units/unit.h"

#include <algorithm>

namespace jw {

namespace {

const QString kPointRestrictions = QStringLiteral("Fleet › Point Restrictions: ");
const QString kOfTheLimit = QStringLiteral(
    " RULINGS.md 2: the percentages are of the game's points limit. Catch-All Rules › "
    "Rounding: \"All fractions will be rounded up to the nearest whole number.\"");
const QString kHouse = QStringLiteral("House ruling (jwfleet): ");
const QString kEmbarked = QStringLiteral(
    "States › Embarked: \"Squadrons may be Embarked on any model with the Hangers trait. If "
    "the scenario allows, Capital Ships may be similarly Embarked on models with the Dock "
    "trait.\"");

std::vector<FleetRule> makeRules()
{
    auto rule = [](const char *id, const char *title, const QString &source, bool house = false) {
        return FleetRule {QString::fromLatin1(id), QString::fromLatin1(title), source, house};
    };
    return {
        rule("rules-profile", "Rules profile",
             QStringLiteral("rules/README.md: a profile named after each rules version (v1.2.2, "
                            "v1.2.3, v1.2.4) sets the fleet rules a list is built to.")),
        rule("faction", "One faction",
             kHouse
                 + QStringLiteral("a fleet is built from the units of its own faction (the unit "
                                  "cards are published per faction; no rule mixes them)."),
             true),
        rule("unknown-unit", "Known units",
             QStringLiteral("The unit database (data/factions): every model of a fleet is a "
                            "unit card the program knows.")),
        rule("points-limit", "Points limit",
             QStringLiteral("Fleet: \"Jovian Wars is designed to be played at three levels: "
                            "Skirmish - 100 points per fleet; Engagement - 250 points per "
                            "fleet; Fleet Battle - 500 points per fleet.\" RULINGS.md 2: v1.2.3 "
                            "and v1.2.4 Skirmish is 150 points; any other agreed limit may be "
                            "played. The total threat value may not exceed the limit.")),
        rule("points-unspent", "Points spent",
             kHouse
                 + QStringLiteral("a fleet using less than 90% of its limit is probably "
                                  "unfinished: a warning, never an error."),
             true),
        rule("squadron-share", "Squadron share",
             kPointRestrictions
                 + QStringLiteral("\"At least 25% of points must be spent on Squadrons.\"")
                 + kOfTheLimit),
        rule("capital-share", "Capital Ship share",
             kPointRestrictions
                 + QStringLiteral("\"At least 25% of points must be spent on Capital Ships.\" "
                                  "House ruling: a model with the Static trait is a static "
                                  "defense, not a Capital Ship, for this share.")
                 + kOfTheLimit),
        rule("upgrade-share", "Upgrades and static defenses share",
             kPointRestrictions
                 + QStringLiteral("\"A maximum of 25% of points may be spent on Upgrades and "
                                  "static defenses.\" House ruling: a static defense is a model "
                                  "with the Static trait (Traits › Static: \"This model may not "
                                  "move.\").")
                 + kOfTheLimit),
        rule("unit-cap", "Unit Cap",
             QStringLiteral("RULINGS.md 2 (v1.2.3 and later): \"Unit Cap: copies allowed = UC x "
                            "ceil(fleet points / 250).\"")),
        rule("unit-cap-missing", "Unit Cap known",
             kHouse
                 + QStringLiteral("a unit whose data gives no UC is not capped; its printed card "
                                  "may have one: a warning."),
             true),
        rule("unknown-upgrade", "Known upgrades",
             QStringLiteral("RULINGS.md 2: the upgrades are Ace Pilot (ace-pilot) and Fuel Pods "
                            "(fuel-pods), in v1.2.3.")),
        rule("upgrade-not-allowed", "Upgrades of the rules version",
             QStringLiteral("Fleet › Upgrades (v1.2.2): \"Upgrades are temporarily removed from "
                            "the game. They will return in v1.2.3.\" RULINGS.md 2: v1.2.3 has Ace "
                            "Pilot and Fuel Pods; the v1.2.4 upgrade cards are not published.")),
        rule("upgrade-card-missing", "Upgrade cards of the rules version",
             QStringLiteral("RULINGS.md 2: v1.2.4 has upgrade cards, but they are not published "
                            "here: jwfleet does not have them, so it cannot check an upgrade "
                            "in v1.2.4 (its TV counts as in v1.2.3). A warning the organiser "
                            "must check against the printed card.")),
        rule("upgrade-target", "Upgrade fits the unit",
             QStringLiteral("RULINGS.md 2: \"Ace Pilot (squadron, 5 TV: a non-Drone squadron "
                            "gains Ace), Fuel Pods (squadron, 1 TV, once per fleet: gains Fuel "
                            "Pods)\".")),
        rule("upgrade-duplicate", "One of each upgrade per unit",
             kHouse
                 + QStringLiteral("a unit takes each upgrade once; a second copy would grant "
                                  "the same trait again, and traits of one name do not stack."),
             true),
        rule("upgrade-limit", "Once per fleet",
             QStringLiteral("RULINGS.md 2: Fuel Pods \"(squadron, 1 TV, once per fleet: gains "
                            "Fuel Pods)\".")),
        rule("upgrade-redundant", "Upgrade adds something",
             kHouse
                 + QStringLiteral("an upgrade granting a trait the unit's card already has adds "
                                  "nothing: a warning."),
             true),
        rule("carrier-index", "Carrier exists",
             kEmbarked
                 + QStringLiteral(" A fleet file's embarked_on is the index (from 0) of the "
                                  "carrier in its units list, and not the unit itself.")),
        rule("not-a-carrier", "Carrier can carry it", kEmbarked),
        rule("carrier-capacity", "Hangers capacity",
             QStringLiteral("Traits › Hangers: \"This model may have up to X Squadrons Embarked, "
                            "including during deployment.\"")),
        rule("dock-capacity", "Dock capacity",
             QStringLiteral("Traits › Dock: \"This model may embark one Capital Ship.\"")),
        rule("dock-embarked", "Dock ships start outside",
             QStringLiteral("Traits › Dock: \"A model with the Dock trait may not be Embarked "
                            "during deployment.\"")),
        rule("docked-capital", "Docked Capital Ships need the scenario",
             QStringLiteral("States › Embarked: \"If the scenario allows, Capital Ships may be "
                            "similarly Embarked on models with the Dock trait.\" Fleet › "
                            "Deployment Type (Fleet and Escalating Deployment): \"Capital Ships "
                            "may not be Embarked.\" Escort only changes when a ship deploys.")),
        rule("carrier-nested", "Nested carriers need the scenario",
             QStringLiteral("States › Embarked: \"If the scenario allows, it is possible to have "
                            "Squadrons Embarked on Capital Ship that is itself Embarked.\" Nothing "
                            "else may be carried by an Embarked model.")),
        rule("unpublished-values", "Published values",
             QStringLiteral("rules/UNITS.md: the official unit cards are not available to "
                            "jwfleet; a Threat Value or Unit Cap the rules do not state is "
                            "jwfleet's estimate (data/factions, `sources`). A verdict that "
                            "rests on one says so: check those values against the printed "
                            "cards.")),
        rule("user-entered-values", "Values entered by the user",
             QStringLiteral("data/factions/README.md, \"Values from a printed card\": values a "
                            "user entered from a printed card (the user data file) replace the "
                            "shipped ones. A verdict that uses one says so, so that an organiser "
                            "can check it against the card (JW_NO_USER_DATA=1 uses the shipped "
                            "values only).")),
    };
}

} // namespace

const std::vector<FleetRule> &FleetRule::all()
{
    static const std::vector<FleetRule> rules = makeRules();
    return rules;
}

const FleetRule *FleetRule::byId(const QString &id)
{
    for (const FleetRule &r : all()) {
        if (r.id == id)
            return &r;
    }
    return nullptr;
}

QString FleetProblem::severityText() const
{
    return isError() ? QStringLiteral("error") : QStringLiteral("warning");
}

QString FleetProblem::toString() const
{
    return QStringLiteral("%1 [%2] %3").arg(severityText(), rule, message());
}

QString FleetProblem::fixText() const
{
    return fixMessage.isEmpty() ? QString() : QStringLiteral("fix: ") + fix();
}

bool RuleGauge::rounded() const
{
    return (qint64(limit) * percent) % 100 != 0;
}

Message RuleGauge::arithmeticText() const
{
    const qint64 hundredths = qint64(limit) * percent; // the exact share, in hundredths
    QString exact = QString::number(hundredths / 100);
    if (const int frac = int(hundredths % 100); frac != 0) {
        QString digits = QStringLiteral("%1").arg(frac, 2, 10, QLatin1Char('0'));
        if (digits.endsWith(QLatin1Char('0')))
            digits.chop(1);
        exact += QLatin1Char('.') + digits;
        return Message(MsgId::FleetGaugeRounded, {percent, limit, exact, threshold});
    }
    return Message(MsgId::FleetGaugeExact, {percent, limit, exact});
}

Message RuleGauge::labelText() const
{
    if (rule == QLatin1String("points-limit"))
        return Message(MsgId::FleetTotal);
    if (rule == QLatin1String("squadron-share"))
        return Message(MsgId::FleetSquadrons);
    if (rule == QLatin1String("capital-share"))
        return Message(MsgId::FleetCapitalShips);
    if (rule == QLatin1String("upgrade-share"))
        return Message(MsgId::FleetUpgradesStatic);
    return Message::plain(label);
}

bool RuleGauge::holds() const
{
    return headroom() >= 0;
}

int RuleGauge::headroom() const
{
    return bound == Bound::AtLeast ? points - threshold : threshold - points;
}

int RuleGauge::shareTenths() const
{
    if (limit <= 0)
        return 0;
    const qint64 num = qint64(points) * 1000;
    // Against the fleet: down for a minimum, up for a maximum.
    if (bound == Bound::AtLeast || num <= 0)
        return int(num / limit);
    return int((num + limit - 1) / limit);
}

QString RuleGauge::shareText() const
{
    const int t = shareTenths();
    if (t % 10 == 0)
        return QStringLiteral("%1%").arg(t / 10);
    return QStringLiteral("%1.%2%").arg(t / 10).arg(std::abs(t % 10));
}

Message RuleGauge::text() const
{
    const int h = headroom();
    // Rounding decides when the points are within one of the exact share.
    const MessageArg why = rounded() && std::abs(points - threshold) <= 1
        ? MessageArg(Message(MsgId::InParentheses, {arithmeticText()}))
        : MessageArg(QString());
    const Message left = h >= 0   ? Message(MsgId::FleetGaugeSpare, {h})
        : bound == Bound::AtLeast ? Message(MsgId::FleetGaugeMore, {-h})
                                  : Message(MsgId::FleetGaugeOver, {-h});
    return Message(bound == Bound::AtLeast ? MsgId::FleetGaugeAtLeast : MsgId::FleetGaugeAtMost,
                   {labelText(), points, limit, shareText(), threshold, why, left});
}

int FleetReport::errorCount() const
{
    return int(std::count_if(problems.begin(), problems.end(),
                             [](const FleetProblem &p) { return p.isError(); }));
}

int FleetReport::warningCount() const
{
    return int(problems.size()) - errorCount();
}

bool FleetReport::has(const QString &rule) const
{
    return std::any_of(problems.begin(), problems.end(),
                       [&](const FleetProblem &p) { return p.rule == rule; });
}

const RuleGauge *FleetReport::gauge(const QString &rule) const
{
    auto it = std::find_if(gauges.begin(), gauges.end(),
                           [&](const RuleGauge &g) { return g.rule == rule; });
    return it == gauges.end() ? nullptr : &*it;
}

std::vector<const FleetProblem *> FleetReport::problemsOf(int entry) const
{
    std::vector<const FleetProblem *> out;
    for (const FleetProblem &p : problems) {
        if (std::find(p.entries.begin(), p.entries.end(), entry) != p.entries.end())
            out.push_back(&p);
    }
    return out;
}

const EstimatedEntry *FleetReport::estimateOf(int entry) const
{
    for (const EstimatedEntry &e : estimates) {
        if (e.entry == entry)
            return &e;
    }
    return nullptr;
}

QString FleetReport::verdictText() const
{
    QString s = legal() ? QStringLiteral("legal") : QStringLiteral("NOT LEGAL");
    if (restsOnEstimates())
        s += QStringLiteral(" on jwfleet's estimated values");
    return s;
}

PointsCategory pointsCategory(const Unit &unit)
{
    if (unit.hasTrait(QStringLiteral("Static")))
        return PointsCategory::StaticDefences;
    return unit.isCapital() ? PointsCategory::CapitalShips : PointsCategory::Squadrons;
}

} // namespace jw
