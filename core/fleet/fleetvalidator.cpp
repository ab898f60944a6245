// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleet/fleetvalidator.h"

#include "engine/messageids.h"
#include "fleet/rulesprofile.h"
#include "fleet/upgrade.h"
#include "units/closestunit.h"
#include "units/unitdatabase.h"

#include <QHash>

#include <algorithm>
#include <limits>
#include <optional>

namespace jw {

namespace {

using Severity = FleetProblem::Severity;

const QString kHangers = QStringLiteral("Hangers");
const QString kDock = QStringLiteral("Dock");

constexpr int kSharePercent = 25; // Fleet › Point Restrictions
constexpr int kUnitCapBlock = 250; // RULINGS.md 2
constexpr int kUnspentPercent = 90; // house ruling: below this, warn

// ceil(value x percent / 100) for a positive value.
int percentOf(int value, int percent)
{
    return int((qint64(value) * percent + 99) / 100);
}

// "1 copy", "2 copies": the catalogue's word for the count.
Message plural(int n, MsgId one, MsgId many)
{
    return Message(n == 1 ? one : many, {n});
}

class Checker
{
public:
    Checker(const Fleet &fleet, const UnitDatabase &db)
        : m_fleet(fleet)
        , m_db(db)
        , m_profile(RulesProfile::byId(fleet.rules))
    {
        for (const FleetEntry &e : fleet.entries)
            m_units.push_back(db.unit(e.unitId));
    }

    FleetReport run()
    {
        m_report.rules = m_fleet.rules;
        m_report.limit = m_fleet.points;
        checkProfile();
        checkUnits();
        countPoints();
        checkPoints();
        checkUnitCap();
        checkUpgrades();
        checkCarriers();
        checkEstimates();
        checkUserEntered();
        sortProblems();
        return std::move(m_report);
    }

private:
    [[nodiscard]] int count() const { return m_fleet.size(); }
    [[nodiscard]] const FleetEntry &entry(int i) const { return m_fleet.entries[std::size_t(i)]; }
    [[nodiscard]] const Unit *unit(int i) const { return m_units[std::size_t(i)]; }

    // "JCS Vigilant (Alexander, unit 1)", "Pathfinder (unit 3)": the name a
    // player knows and its position in the list, counted from 1 as people do.
    [[nodiscard]] Message label(int i) const
    {
        const FleetEntry &e = entry(i);
        const Unit *u = unit(i);
        if (!e.name.isEmpty() && u)
            return Message(MsgId::FleetUnitNamed, {e.name, u->name, i + 1});
        return Message(MsgId::FleetUnitNumbered, {m_fleet.entryName(i, m_db), i + 1});
    }

    [[nodiscard]] QString factionName(const QString &id) const
    {
        const FactionInfo *f = m_db.faction(id);
        return f && !f->name.isEmpty() ? f->name : id;
    }

    // The known unit closest to `typed` ("Path Finder" -> Pathfinder): the same
    // letters and digits, else the fewest edits, within a third of its length.
    [[nodiscard]] Message labels(const std::vector<int> &entries) const
    {
        Message out;
        for (int i : entries)
            out = out.isEmpty() ? label(i) : Message(MsgId::ListPair, {out, label(i)});
        return out;
    }

    void add(const QString &rule, Severity severity, const Message &message,
             std::vector<int> entries = {}, const Message &fix = {})
    {
        const FleetRule *info = FleetRule::byId(rule);
        Q_ASSERT(info);
        FleetProblem p;
        p.rule = rule;
        p.title = info ? info->title : rule;
        p.source = info ? info->source : QString();
        p.severity = severity;
        p.text = message;
        p.entries = std::move(entries);
        p.fixMessage = fix;
        m_report.problems.push_back(std::move(p));
    }

    void checkProfile()
    {
        if (m_profile)
            return;
        add(QStringLiteral("rules-profile"), Severity::Error,
            Message(MsgId::FleetRulesUnknown,
                    {m_fleet.rules, RulesProfile::ids().join(QStringLiteral(", "))}),
            {}, Message(MsgId::FleetRulesFix, {RulesProfile::ids().join(QStringLiteral(", "))}));
    }

    void checkUnits()
    {
        const bool factionKnown = m_db.faction(m_fleet.faction) != nullptr;
        if (!factionKnown) {
            QStringList known;
            for (const FactionInfo &f : m_db.factions())
                known << QStringLiteral("%1 (%2)").arg(f.name, f.id);
            add(QStringLiteral("faction"), Severity::Error,
                Message(MsgId::FleetFactionUnknown,
                        {m_fleet.faction, known.join(QStringLiteral(", "))}),
                {}, Message(MsgId::FleetFactionFix));
        }
        for (int i = 0; i < count(); ++i) {
            const Unit *u = unit(i);
            if (!u) {
                Message message(MsgId::FleetUnitUnknown, {i + 1, entry(i).unitId});
                Message fix(MsgId::FleetUnitUnknownFix);
                const Unit *guess = closestUnit(m_db, entry(i).unitId, m_fleet.faction);
                if (guess) {
                    message = Message(MsgId::FleetUnitUnknownGuess,
                                      {i + 1, entry(i).unitId, guess->id});
                    fix = Message(MsgId::FleetUnitWrite,
                                  {guess->id, guess->name, factionName(guess->faction)});
                }
                add(QStringLiteral("unknown-unit"), Severity::Error, message, {i}, fix);
            } else if (factionKnown && u->faction != m_fleet.faction) {
                add(QStringLiteral("faction"), Severity::Error,
                    Message(MsgId::FleetOtherFaction,
                            {label(i), factionName(u->faction), factionName(m_fleet.faction)}),
                    {i}, Message(MsgId::FleetRemoveWorth, {label(i), u->tv}));
            }
        }
    }

    // Every known model counts once, in one category; upgrades separately.
    void countPoints()
    {
        FleetTotals &t = m_report.totals;
        for (int i = 0; i < count(); ++i) {
            if (const Unit *u = unit(i)) {
                switch (pointsCategory(*u)) {
                case PointsCategory::StaticDefences:
                    t.staticDefences += u->tv;
                    m_staticEntries.push_back(i);
                    break;
                case PointsCategory::CapitalShips:
                    t.capitalShips += u->tv;
                    m_capitalEntries.push_back(i);
                    break;
                case PointsCategory::Squadrons:
                    t.squadrons += u->tv;
                    m_squadronEntries.push_back(i);
                    break;
                }
            }
            bool upgraded = false;
            for (const QString &id : entry(i).upgrades) {
                if (const Upgrade *up = Upgrade::byId(id)) {
                    t.upgrades += up->tv;
                    upgraded = true;
                }
            }
            if (upgraded)
                m_upgradedEntries.push_back(i);
        }
        t.total = t.squadrons + t.capitalShips + t.staticDefences + t.upgrades;
    }

    void checkPoints()
    {
        const int limit = m_fleet.points;
        if (limit <= 0) {
            add(QStringLiteral("points-limit"), Severity::Error,
                Message(MsgId::FleetLimitNotPositive, {limit}), {}, Message(MsgId::FleetLimitFix));
            return;
        }
        const FleetTotals &t = m_report.totals;
        auto gauge = [&](const char *rule, RuleGauge::Bound bound, int points, int percent,
                         const std::vector<int> &entries) {
            RuleGauge g;
            g.rule = QString::fromLatin1(rule);
            g.label = g.labelText().english(); // "Squadrons"
            g.bound = bound;
            g.points = points;
            g.limit = limit;
            g.percent = percent;
            g.threshold = percentOf(limit, percent);
            m_report.gauges.push_back(g);
            if (!g.holds())
                add(g.rule, Severity::Error, g.text(), entries, gaugeFix(g, entries));
        };
        using B = RuleGauge::Bound;
        gauge("points-limit", B::AtMost, t.total, 100, {});
        gauge("squadron-share", B::AtLeast, t.squadrons, kSharePercent, m_squadronEntries);
        gauge("capital-share", B::AtLeast, t.capitalShips, kSharePercent, m_capitalEntries);
        std::vector<int> upgradeEntries = m_staticEntries;
        upgradeEntries.insert(upgradeEntries.end(), m_upgradedEntries.begin(),
                              m_upgradedEntries.end());
        std::sort(upgradeEntries.begin(), upgradeEntries.end());
        gauge("upgrade-share", B::AtMost, t.upgradesAndStatic(), kSharePercent, upgradeEntries);

        const int wanted = percentOf(limit, kUnspentPercent);
        if (t.total < wanted)
            add(QStringLiteral("points-unspent"), Severity::Warning,
                Message(MsgId::FleetUnspent, {t.total, limit, limit - t.total, kUnspentPercent}));
    }

    // Cheapest single entry of `entries` worth at least `points`, else -1.
    [[nodiscard]] int cheapestCovering(const std::vector<int> &entries, int points) const
    {
        int best = -1;
        for (int i : entries) {
            const int tv = m_fleet.entryTv(i, m_db);
            if (tv >= points && (best < 0 || tv < m_fleet.entryTv(best, m_db)))
                best = i;
        }
        return best;
    }

    [[nodiscard]] Message gaugeFix(const RuleGauge &g, const std::vector<int> &entries) const
    {
        const int n = -g.headroom();
        if (g.rule == QLatin1String("points-limit")) {
            std::vector<int> all;
            for (int i = 0; i < count(); ++i)
                all.push_back(i);
            const int one = cheapestCovering(all, n);
            const Message remove = one >= 0
                ? Message(MsgId::FleetRemoveWorth, {label(one), m_fleet.entryTv(one, m_db)})
                : Message(MsgId::FleetRemoveUnitsWorth, {n});
            return Message(MsgId::FleetOrRaiseLimit, {remove, g.points});
        }
        if (g.bound == RuleGauge::Bound::AtMost) {
            const int one = cheapestCovering(entries, n);
            if (one >= 0)
                return Message(MsgId::FleetRemoveWorth, {label(one), m_fleet.entryTv(one, m_db)});
            return Message(MsgId::FleetRemovePointsOf, {n, g.labelText()});
        }
        const int room = m_fleet.points - m_report.totals.total;
        if (room >= n)
            return Message(MsgId::FleetAddPointsOf, {n, g.labelText(), room});
        return Message(MsgId::FleetAddPointsOfAndRemove, {n, g.labelText(), n - std::max(0, room)});
    }

    void checkUnitCap()
    {
        if (!m_profile || !m_profile->unitCap || m_fleet.points <= 0)
            return;
        // Copies per unit id, in the order the units first appear.
        QStringList order;
        QHash<QString, std::vector<int>> copies;
        for (int i = 0; i < count(); ++i) {
            if (!unit(i))
                continue;
            if (!copies.contains(entry(i).unitId))
                order << entry(i).unitId;
            copies[entry(i).unitId].push_back(i);
        }
        for (const QString &id : order) {
            const Unit *u = m_db.unit(id);
            const std::vector<int> &list = copies.value(id);
            if (u->unitCap <= 0) {
                // A card older than the profile prints no Unit Cap (UC first appears
                // on v1.2.3 cards): the newer card's UC is what is missing.
                const Message why = u->rulesVersion < m_profile->id
                    ? Message(MsgId::FleetUnitCapOlderCard, {u->rulesVersion, m_profile->id})
                    : Message(MsgId::FleetUnitCapNoData);
                add(QStringLiteral("unit-cap-missing"), Severity::Warning,
                    Message(MsgId::FleetUnitCapMissing, {u->name, why}), list);
                continue;
            }
            const int allowed = *m_profile->unitCapAllowance(u->unitCap, m_fleet.points);
            const int blocks = allowed / u->unitCap;
            const int n = int(list.size());
            if (n > allowed)
                add(QStringLiteral("unit-cap"), Severity::Error,
                    Message(MsgId::FleetUnitCapOver,
                            {u->name, plural(n, MsgId::FleetCopy, MsgId::FleetCopies), allowed,
                             u->unitCap, plural(blocks, MsgId::FleetBlock, MsgId::FleetBlocks),
                             kUnitCapBlock, n - allowed}),
                    list, unitCapFix(*u, n, allowed));
        }
    }

    [[nodiscard]] Message unitCapFix(const Unit &u, int copies, int allowed) const
    {
        const int over = copies - allowed;
        const int neededBlocks = (copies + u.unitCap - 1) / u.unitCap;
        const int limit = (neededBlocks - 1) * kUnitCapBlock + 1;
        return Message(MsgId::FleetUnitCapFix,
                       {over, u.name, over * u.tv, limit,
                        plural(neededBlocks, MsgId::FleetUnitCapBlock, MsgId::FleetUnitCapBlocks)});
    }

    void checkUpgrades()
    {
        QStringList known;
        for (const Upgrade &u : Upgrade::all())
            known << u.id;
        QHash<QString, std::vector<int>> perFleet; // once-per-fleet upgrades: who took them
        for (int i = 0; i < count(); ++i) {
            const Unit *u = unit(i);
            QStringList seen;
            for (const QString &id : entry(i).upgrades) {
                const Upgrade *up = Upgrade::byId(id);
                if (!up) {
                    add(QStringLiteral("unknown-upgrade"), Severity::Error,
                        Message(MsgId::FleetUpgradeUnknown,
                                {label(i), id, known.join(QStringLiteral(", "))}),
                        {i}, Message(MsgId::FleetRemoveFrom, {id, label(i)}));
                    continue;
                }
                if (seen.contains(id)) {
                    add(QStringLiteral("upgrade-duplicate"), Severity::Error,
                        Message(MsgId::FleetUpgradeTwice, {label(i), up->name}), {i},
                        Message(MsgId::FleetRemoveSecond, {up->name}));
                    continue;
                }
                seen << id;
                if (m_profile && !m_profile->offersUpgrade(id) && m_profile->upgradeCardsMissing) {
                    add(QStringLiteral("upgrade-card-missing"), Severity::Warning,
                        Message(MsgId::FleetUpgradeCardMissing,
                                {up->name, label(i), m_profile->id, up->tv}),
                        {i});
                } else if (m_profile && !m_profile->offersUpgrade(id)) {
                    const Message offered = m_profile->upgrades.isEmpty()
                        ? Message(MsgId::FleetNoUpgrades)
                        : Message(MsgId::FleetOffers,
                                  {m_profile->upgrades.join(QStringLiteral(", "))});
                    add(QStringLiteral("upgrade-not-allowed"), Severity::Error,
                        Message(MsgId::FleetUpgradeNotInRules,
                                {up->name, label(i), m_profile->id, offered}),
                        {i}, Message(MsgId::FleetUpgradeNotInRulesFix, {up->name, up->tv}));
                }
                if (u) {
                    if (auto why = up->refusal(*u))
                        add(QStringLiteral("upgrade-target"), Severity::Error,
                            Message(MsgId::FleetUpgradeMisfit, {label(i), *why}), {i},
                            Message(MsgId::FleetRemoveUpgradeFrom, {up->name, label(i)}));
                    else if (u->hasTrait(up->grantsTrait))
                        add(QStringLiteral("upgrade-redundant"), Severity::Warning,
                            Message(MsgId::FleetUpgradeRedundant,
                                    {label(i), up->grantsTrait, up->name}),
                            {i});
                }
                if (up->oncePerFleet)
                    perFleet[id].push_back(i);
            }
        }
        for (const Upgrade &up : Upgrade::all()) {
            const std::vector<int> takers = perFleet.value(up.id);
            if (takers.size() > 1)
                add(QStringLiteral("upgrade-limit"), Severity::Error,
                    Message(MsgId::FleetUpgradeOnce,
                            {up.name, qint64(takers.size()), labels(takers)}),
                    takers, Message(MsgId::FleetUpgradeOnceFix, {up.name}));
        }
    }

    // Whether entry `i` is validly embarked somewhere (an index in range, not itself).
    [[nodiscard]] std::optional<int> carrierOf(int i) const
    {
        const std::optional<int> c = entry(i).embarkedOn;
        if (!c || *c < 0 || *c >= count() || *c == i)
            return std::nullopt;
        return c;
    }

    void checkCarriers()
    {
        QHash<int, std::vector<int>> squadronsOn; // carrier -> squadrons on its Hangers
        QHash<int, std::vector<int>> capitalsOn; // carrier -> capital ships on its Dock
        QList<int> carriers; // in the order first used
        for (int i = 0; i < count(); ++i) {
            const std::optional<int> target = entry(i).embarkedOn;
            if (!target)
                continue;
            const int c = *target;
            if (c < 0 || c >= count()) {
                add(QStringLiteral("carrier-index"), Severity::Error,
                    Message(MsgId::FleetCarrierOutside,
                            {label(i), qint64(c) + 1,
                             plural(count(), MsgId::FleetUnitCount, MsgId::FleetUnitsCount)}),
                    {i}, Message(MsgId::FleetCarrierOutsideFix));
                continue;
            }
            if (c == i) {
                add(QStringLiteral("carrier-index"), Severity::Error,
                    Message(MsgId::FleetCarrierSelf, {label(i)}), {i},
                    Message(MsgId::FleetCarrierSelfFix));
                continue;
            }
            const Unit *u = unit(i);
            const Unit *carrier = unit(c);
            if (!u || !carrier)
                continue; // already an unknown-unit error
            if (u->hasTrait(kDock))
                add(QStringLiteral("dock-embarked"), Severity::Error,
                    Message(MsgId::FleetDockEmbarked, {label(i), label(c)}), {i, c},
                    Message(MsgId::FleetDeployOnTable, {label(i)}));
            const QString &needed = u->isSquadron() ? kHangers : kDock;
            if (!carrier->hasTrait(needed)) {
                add(QStringLiteral("not-a-carrier"), Severity::Error,
                    Message(MsgId::FleetNotACarrier,
                            {label(i), label(c),
                             Message(u->isSquadron() ? MsgId::FleetASquadron
                                                     : MsgId::FleetACapitalShip),
                             needed, carrier->name}),
                    {i, c}, Message(MsgId::FleetNotACarrierFix, {label(i), needed}));
                continue;
            }
            if (!carriers.contains(c))
                carriers << c;
            if (u->isSquadron()) {
                squadronsOn[c].push_back(i);
            } else {
                capitalsOn[c].push_back(i);
                add(QStringLiteral("docked-capital"), Severity::Warning,
                    Message(MsgId::FleetDockedCapital, {label(i), label(c)}), {i, c});
            }
            if (const std::optional<int> outer = carrierOf(c)) {
                if (u->isSquadron() && carrier->isCapital())
                    add(QStringLiteral("carrier-nested"), Severity::Warning,
                        Message(MsgId::FleetNestedAllowed, {label(i), label(c), label(*outer)}),
                        {i, c, *outer});
                else
                    add(QStringLiteral("carrier-nested"), Severity::Error,
                        Message(MsgId::FleetNestedRefused, {label(i), label(c), label(*outer)}),
                        {i, c, *outer},
                        Message(MsgId::FleetDeployEitherOnTable, {label(i), label(c)}));
            }
        }
        for (int c : carriers) {
            const Unit *carrier = unit(c);
            const std::vector<int> squadrons = squadronsOn.value(c);
            if (!squadrons.empty()) {
                const int capacity = carrier->trait(kHangers)->value.value_or(0);
                const int n = int(squadrons.size());
                if (n > capacity) {
                    std::vector<int> involved {c};
                    involved.insert(involved.end(), squadrons.begin(), squadrons.end());
                    add(QStringLiteral("carrier-capacity"), Severity::Error,
                        Message(MsgId::FleetHangersFull,
                                {label(c),
                                 plural(n, MsgId::FleetSquadronCount, MsgId::FleetSquadronsCount),
                                 capacity, n - capacity, labels(squadrons)}),
                        involved, Message(MsgId::FleetHangersFullFix, {n - capacity}));
                }
            }
            const std::vector<int> capitals = capitalsOn.value(c);
            if (capitals.size() > 1) {
                std::vector<int> involved {c};
                involved.insert(involved.end(), capitals.begin(), capitals.end());
                add(QStringLiteral("dock-capacity"), Severity::Error,
                    Message(MsgId::FleetDockFull,
                            {label(c), qint64(capitals.size()), qint64(capitals.size() - 1),
                             labels(capitals)}),
                    involved, Message(MsgId::FleetDockFullFix, {qint64(capitals.size() - 1)}));
            }
        }
    }

    // Which values the verdict takes on trust: jwfleet's estimated Threat
    // Values, and Unit Caps where the profile caps units.
    void checkEstimates()
    {
        const bool capped = m_profile && m_profile->unitCap && m_fleet.points > 0;
        QStringList tvNames, ucNames; // "Alexander x2", in order of first appearance
        QHash<QString, int> tvCopies, ucCopies;
        std::vector<int> involved;
        for (int i = 0; i < count(); ++i) {
            const Unit *u = unit(i);
            if (!u)
                continue;
            EstimatedEntry e {i, u->tvIsEstimate(), capped && u->unitCapIsEstimate()};
            if (!e.tv && !e.unitCap)
                continue;
            m_report.estimates.push_back(e);
            involved.push_back(i);
            if (e.tv && tvCopies[u->name]++ == 0)
                tvNames << u->name;
            if (e.unitCap && ucCopies[u->name]++ == 0)
                ucNames << u->name;
        }
        if (involved.empty())
            return;
        auto list = [](const QStringList &names, const QHash<QString, int> &copies) {
            QStringList out;
            for (const QString &n : names)
                out << (copies.value(n) > 1 ? QStringLiteral("%1 x%2").arg(n).arg(copies.value(n))
                                            : n);
            return out.join(QStringLiteral(", "));
        };
        std::vector<Message> what;
        if (!tvNames.isEmpty())
            what.push_back(Message(MsgId::FleetTvOf, {list(tvNames, tvCopies)}));
        if (!ucNames.isEmpty())
            what.push_back(Message(MsgId::FleetUcOf, {list(ucNames, ucCopies)}));
        const bool plural = involved.size() > 1 || what.size() > 1;
        const Message values
            = what.size() > 1 ? Message(MsgId::FleetAnd, {what[0], what[1]}) : what.front();
        add(QStringLiteral("unpublished-values"), Severity::Warning,
            Message(plural ? MsgId::FleetEstimates : MsgId::FleetEstimate, {values}), involved,
            Message(MsgId::FleetEstimatesFix));
    }

    // Which values were entered by the user from a printed card (the user data
    // overlay), not shipped: an organiser must see that the verdict uses them.
    void checkUserEntered()
    {
        QStringList names;
        QHash<QString, int> copies;
        QHash<QString, QString> what;
        std::vector<int> involved;
        for (int i = 0; i < count(); ++i) {
            const Unit *u = unit(i);
            if (!u)
                continue;
            const QStringList fields = u->userEnteredFields();
            if (fields.isEmpty())
                continue;
            involved.push_back(i);
            if (copies[u->name]++ == 0) {
                names << u->name;
                const QString card = u->sourceOf(fields.front()).where;
                what.insert(u->name,
                            fields.join(QStringLiteral(", "))
                                + (card.isEmpty() ? QString() : QStringLiteral("; ") + card));
            }
        }
        if (involved.empty())
            return;
        QStringList parts;
        for (const QString &n : names) {
            parts << QStringLiteral("%1%2 (%3)")
                         .arg(n,
                              copies.value(n) > 1 ? QStringLiteral(" x%1").arg(copies.value(n))
                                                  : QString(),
                              what.value(n));
        }
        add(QStringLiteral("user-entered-values"), Severity::Warning,
            Message(MsgId::FleetUserEntered, {parts.join(QStringLiteral(", "))}), involved,
            Message(MsgId::FleetUserEnteredFix));
    }

    // Errors before warnings; each in the order of FleetRule::all(), then as found.
    void sortProblems()
    {
        QHash<QString, int> rank;
        const std::vector<FleetRule> &rules = FleetRule::all();
        for (std::size_t i = 0; i < rules.size(); ++i)
            rank.insert(rules[i].id, int(i));
        std::stable_sort(m_report.problems.begin(), m_report.problems.end(),
                         [&](const FleetProblem &a, const FleetProblem &b) {
                             if (a.isError() != b.isError())
                                 return a.isError();
                             return rank.value(a.rule) < rank.value(b.rule);
                         });
    }

    const Fleet &m_fleet;
    const UnitDatabase &m_db;
    std::optional<RulesProfile> m_profile;
    std::vector<const Unit *> m_units; // per entry; nullptr: unknown unit
    std::vector<int> m_squadronEntries;
    std::vector<int> m_capitalEntries;
    std::vector<int> m_staticEntries;
    std::vector<int> m_upgradedEntries;
    FleetReport m_report;
};

} // namespace

FleetReport validateFleet(const Fleet &fleet, const UnitDatabase &db)
{
    return Checker(fleet, db).run();
}

} // namespace jw
