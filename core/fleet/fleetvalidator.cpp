// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleet/fleetvalidator.h"

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

QString plural(int n, const QString &one, const QString &many)
{
    return QStringLiteral("%1 %2").arg(n).arg(n == 1 ? one : many);
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
    [[nodiscard]] QString label(int i) const
    {
        const FleetEntry &e = entry(i);
        const Unit *u = unit(i);
        if (!e.name.isEmpty() && u)
            return QStringLiteral("%1 (%2, unit %3)").arg(e.name, u->name, QString::number(i + 1));
        return QStringLiteral("%1 (unit %2)")
            .arg(m_fleet.entryName(i, m_db), QString::number(i + 1));
    }

    [[nodiscard]] QString factionName(const QString &id) const
    {
        const FactionInfo *f = m_db.faction(id);
        return f && !f->name.isEmpty() ? f->name : id;
    }

    // The known unit closest to `typed` ("Path Finder" -> Pathfinder): the same
    // letters and digits, else the fewest edits, within a third of its length.
    [[nodiscard]] QString labels(const std::vector<int> &entries) const
    {
        QStringList out;
        for (int i : entries)
            out << label(i);
        return out.join(QStringLiteral(", "));
    }

    void add(const QString &rule, Severity severity, const QString &message,
             std::vector<int> entries = {}, const QString &fix = {})
    {
        const FleetRule *info = FleetRule::byId(rule);
        Q_ASSERT(info);
        FleetProblem p;
        p.rule = rule;
        p.title = info ? info->title : rule;
        p.source = info ? info->source : QString();
        p.severity = severity;
        p.message = message;
        p.entries = std::move(entries);
        p.fix = fix;
        m_report.problems.push_back(std::move(p));
    }

    void checkProfile()
    {
        if (m_profile)
            return;
        add(QStringLiteral("rules-profile"), Severity::Error,
            QStringLiteral("unknown rules profile '%1' (known: %2)")
                .arg(m_fleet.rules, RulesProfile::ids().join(QStringLiteral(", "))),
            {},
            QStringLiteral("set the rules to one of %1")
                .arg(RulesProfile::ids().join(QStringLiteral(", "))));
    }

    void checkUnits()
    {
        const bool factionKnown = m_db.faction(m_fleet.faction) != nullptr;
        if (!factionKnown) {
            QStringList known;
            for (const FactionInfo &f : m_db.factions())
                known << QStringLiteral("%1 (%2)").arg(f.name, f.id);
            add(QStringLiteral("faction"), Severity::Error,
                QStringLiteral("no faction '%1' in the unit database (known: %2)")
                    .arg(m_fleet.faction, known.join(QStringLiteral(", "))),
                {}, QStringLiteral("set the faction to one of the known ids"));
        }
        for (int i = 0; i < count(); ++i) {
            const Unit *u = unit(i);
            if (!u) {
                QString message = QStringLiteral("unit %1: no unit '%2' in the unit database")
                                      .arg(i + 1)
                                      .arg(entry(i).unitId);
                QString fix = QStringLiteral("remove it, or name a unit of the database");
                const Unit *guess = closestUnit(m_db, entry(i).unitId, m_fleet.faction);
                if (guess) {
                    message += QStringLiteral(" (did you mean '%1'?)").arg(guess->id);
                    fix = QStringLiteral("write '%1' (%2, %3)")
                              .arg(guess->id, guess->name, factionName(guess->faction));
                }
                add(QStringLiteral("unknown-unit"), Severity::Error, message, {i}, fix);
            } else if (factionKnown && u->faction != m_fleet.faction) {
                add(QStringLiteral("faction"), Severity::Error,
                    QStringLiteral("%1 is a unit of the %2, not of this %3 fleet")
                        .arg(label(i), factionName(u->faction), factionName(m_fleet.faction)),
                    {i}, QStringLiteral("remove %1 (-%2)").arg(label(i)).arg(u->tv));
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
                QStringLiteral("the points limit must be a positive number, not %1").arg(limit), {},
                QStringLiteral("set the limit to the agreed points (100, 250, 500)"));
            return;
        }
        const FleetTotals &t = m_report.totals;
        auto gauge = [&](const char *rule, const char *label, RuleGauge::Bound bound, int points,
                         int percent, const std::vector<int> &entries) {
            RuleGauge g;
            g.rule = QString::fromLatin1(rule);
            g.label = QString::fromLatin1(label);
            g.bound = bound;
            g.points = points;
            g.limit = limit;
            g.percent = percent;
            g.threshold = percentOf(limit, percent);
            m_report.gauges.push_back(g);
            if (!g.holds())
                add(g.rule, Severity::Error, g.message(), entries, gaugeFix(g, entries));
        };
        using B = RuleGauge::Bound;
        gauge("points-limit", "Total", B::AtMost, t.total, 100, {});
        gauge("squadron-share", "Squadrons", B::AtLeast, t.squadrons, kSharePercent,
              m_squadronEntries);
        gauge("capital-share", "Capital Ships", B::AtLeast, t.capitalShips, kSharePercent,
              m_capitalEntries);
        std::vector<int> upgradeEntries = m_staticEntries;
        upgradeEntries.insert(upgradeEntries.end(), m_upgradedEntries.begin(),
                              m_upgradedEntries.end());
        std::sort(upgradeEntries.begin(), upgradeEntries.end());
        gauge("upgrade-share", "Upgrades and static defenses", B::AtMost, t.upgradesAndStatic(),
              kSharePercent, upgradeEntries);

        const int wanted = percentOf(limit, kUnspentPercent);
        if (t.total < wanted)
            add(QStringLiteral("points-unspent"), Severity::Warning,
                QStringLiteral("Total: %1 of %2 points: %3 unspent (under %4% of the limit)")
                    .arg(t.total)
                    .arg(limit)
                    .arg(limit - t.total)
                    .arg(kUnspentPercent));
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

    [[nodiscard]] QString gaugeFix(const RuleGauge &g, const std::vector<int> &entries) const
    {
        const int n = -g.headroom();
        if (g.rule == QLatin1String("points-limit")) {
            std::vector<int> all;
            for (int i = 0; i < count(); ++i)
                all.push_back(i);
            const int one = cheapestCovering(all, n);
            const QString remove = one >= 0
                ? QStringLiteral("remove %1 (-%2)").arg(label(one)).arg(m_fleet.entryTv(one, m_db))
                : QStringLiteral("remove units worth %1 points").arg(n);
            return QStringLiteral("%1, or raise the limit to %2").arg(remove).arg(g.points);
        }
        if (g.bound == RuleGauge::Bound::AtMost) {
            const int one = cheapestCovering(entries, n);
            if (one >= 0)
                return QStringLiteral("remove %1 (-%2)")
                    .arg(label(one))
                    .arg(m_fleet.entryTv(one, m_db));
            return QStringLiteral("remove %1 points of %2").arg(n).arg(g.label);
        }
        const int room = m_fleet.points - m_report.totals.total;
        if (room >= n)
            return QStringLiteral("add at least %1 points of %2 (%3 points are left under the "
                                  "limit)")
                .arg(n)
                .arg(g.label)
                .arg(room);
        return QStringLiteral("add at least %1 points of %2, and remove %3 points of other units "
                              "to stay within the limit")
            .arg(n)
            .arg(g.label)
            .arg(n - std::max(0, room));
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
                const QString why = u->rulesVersion < m_profile->id
                    ? QStringLiteral("its %1 card prints no Unit Cap and the Unit Cap of its %2 "
                                     "card is not published")
                          .arg(u->rulesVersion, m_profile->id)
                    : QStringLiteral("it has no Unit Cap in the unit data");
                add(QStringLiteral("unit-cap-missing"), Severity::Warning,
                    QStringLiteral("%1: %2: its copies are not limited (check the printed card)")
                        .arg(u->name, why),
                    list);
                continue;
            }
            const int allowed = *m_profile->unitCapAllowance(u->unitCap, m_fleet.points);
            const int blocks = allowed / u->unitCap;
            const int n = int(list.size());
            if (n > allowed)
                add(QStringLiteral("unit-cap"), Severity::Error,
                    QStringLiteral("%1: %2, at most %3 allowed (UC %4 x %5 of %6 points): %7 too "
                                   "many")
                        .arg(u->name, plural(n, QStringLiteral("copy"), QStringLiteral("copies")),
                             QString::number(allowed), QString::number(u->unitCap),
                             plural(blocks, QStringLiteral("block"), QStringLiteral("blocks")),
                             QString::number(kUnitCapBlock), QString::number(n - allowed)),
                    list, unitCapFix(*u, n, allowed));
        }
    }

    [[nodiscard]] QString unitCapFix(const Unit &u, int copies, int allowed) const
    {
        const int over = copies - allowed;
        const int neededBlocks = (copies + u.unitCap - 1) / u.unitCap;
        const int limit = (neededBlocks - 1) * kUnitCapBlock + 1;
        return QStringLiteral("remove %1 %2 (-%3), or raise the limit to %4 for %5")
            .arg(over)
            .arg(u.name)
            .arg(over * u.tv)
            .arg(limit)
            .arg(plural(neededBlocks, QStringLiteral("Unit Cap block"),
                        QStringLiteral("Unit Cap blocks")));
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
                        QStringLiteral("%1: no upgrade '%2' (known: %3)")
                            .arg(label(i), id, known.join(QStringLiteral(", "))),
                        {i}, QStringLiteral("remove '%1' from %2").arg(id, label(i)));
                    continue;
                }
                if (seen.contains(id)) {
                    add(QStringLiteral("upgrade-duplicate"), Severity::Error,
                        QStringLiteral("%1 takes %2 more than once").arg(label(i), up->name), {i},
                        QStringLiteral("remove the second %1").arg(up->name));
                    continue;
                }
                seen << id;
                if (m_profile && !m_profile->offersUpgrade(id) && m_profile->upgradeCardsMissing) {
                    add(QStringLiteral("upgrade-card-missing"), Severity::Warning,
                        QStringLiteral("%1 on %2: jwfleet does not have the %3 upgrade cards, so "
                                       "it cannot check this upgrade (its %4 TV is the v1.2.3 "
                                       "card's): check the printed %3 card")
                            .arg(up->name, label(i), m_profile->id)
                            .arg(up->tv),
                        {i});
                } else if (m_profile && !m_profile->offersUpgrade(id)) {
                    const QString offered = m_profile->upgrades.isEmpty()
                        ? QStringLiteral("it has no upgrades")
                        : QStringLiteral("it offers %1")
                              .arg(m_profile->upgrades.join(QStringLiteral(", ")));
                    add(QStringLiteral("upgrade-not-allowed"), Severity::Error,
                        QStringLiteral("%1 on %2: not in rules %3 (%4)")
                            .arg(up->name, label(i), m_profile->id, offered),
                        {i},
                        QStringLiteral("remove %1 (-%2), or build to rules v1.2.3")
                            .arg(up->name)
                            .arg(up->tv));
                }
                if (u) {
                    if (auto why = up->refusal(*u))
                        add(QStringLiteral("upgrade-target"), Severity::Error,
                            QStringLiteral("%1: %2").arg(label(i), *why), {i},
                            QStringLiteral("remove %1 from %2").arg(up->name, label(i)));
                    else if (u->hasTrait(up->grantsTrait))
                        add(QStringLiteral("upgrade-redundant"), Severity::Warning,
                            QStringLiteral("%1 already has %2: %3 adds nothing")
                                .arg(label(i), up->grantsTrait, up->name),
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
                    QStringLiteral("%1 is taken %2 times, once per fleet allowed: %3")
                        .arg(up.name)
                        .arg(takers.size())
                        .arg(labels(takers)),
                    takers, QStringLiteral("keep %1 on one unit only").arg(up.name));
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
                    QStringLiteral("%1 is embarked on unit %2, but the list has %3")
                        .arg(label(i), QString::number(qint64(c) + 1),
                             plural(count(), QStringLiteral("unit"), QStringLiteral("units"))),
                    {i}, QStringLiteral("embark it on a unit of the list, or deploy it"));
                continue;
            }
            if (c == i) {
                add(QStringLiteral("carrier-index"), Severity::Error,
                    QStringLiteral("%1 is embarked on itself").arg(label(i)), {i},
                    QStringLiteral("embark it on a carrier, or deploy it"));
                continue;
            }
            const Unit *u = unit(i);
            const Unit *carrier = unit(c);
            if (!u || !carrier)
                continue; // already an unknown-unit error
            if (u->hasTrait(kDock))
                add(QStringLiteral("dock-embarked"), Severity::Error,
                    QStringLiteral("%1 has Dock and may not start Embarked (on %2)")
                        .arg(label(i), label(c)),
                    {i, c}, QStringLiteral("deploy %1 on the table").arg(label(i)));
            const QString &needed = u->isSquadron() ? kHangers : kDock;
            if (!carrier->hasTrait(needed)) {
                add(QStringLiteral("not-a-carrier"), Severity::Error,
                    QStringLiteral("%1 cannot embark on %2: a %3 embarks only on a model with %4, "
                                   "and %5 has none")
                        .arg(label(i), label(c),
                             u->isSquadron() ? QStringLiteral("Squadron")
                                             : QStringLiteral("Capital Ship"),
                             needed, carrier->name),
                    {i, c},
                    QStringLiteral("embark %1 on a model with %2, or deploy it")
                        .arg(label(i), needed));
                continue;
            }
            if (!carriers.contains(c))
                carriers << c;
            if (u->isSquadron()) {
                squadronsOn[c].push_back(i);
            } else {
                capitalsOn[c].push_back(i);
                add(QStringLiteral("docked-capital"), Severity::Warning,
                    QStringLiteral("%1 starts docked on %2: only if the scenario allows it")
                        .arg(label(i), label(c)),
                    {i, c});
            }
            if (const std::optional<int> outer = carrierOf(c)) {
                if (u->isSquadron() && carrier->isCapital())
                    add(QStringLiteral("carrier-nested"), Severity::Warning,
                        QStringLiteral("%1 is embarked on %2, itself embarked on %3: only if the "
                                       "scenario allows it")
                            .arg(label(i), label(c), label(*outer)),
                        {i, c, *outer});
                else
                    add(QStringLiteral("carrier-nested"), Severity::Error,
                        QStringLiteral("%1 is embarked on %2, itself embarked on %3: only "
                                       "Squadrons may be on an Embarked Capital Ship")
                            .arg(label(i), label(c), label(*outer)),
                        {i, c, *outer},
                        QStringLiteral("deploy %1 or %2 on the table").arg(label(i), label(c)));
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
                        QStringLiteral("%1 carries %2, Hangers: %3 allows %3: %4 too many (%5)")
                            .arg(label(c),
                                 plural(n, QStringLiteral("Squadron"), QStringLiteral("Squadrons")),
                                 QString::number(capacity), QString::number(n - capacity),
                                 labels(squadrons)),
                        involved,
                        QStringLiteral("deploy %1 of them on the table, or embark them elsewhere")
                            .arg(n - capacity));
                }
            }
            const std::vector<int> capitals = capitalsOn.value(c);
            if (capitals.size() > 1) {
                std::vector<int> involved {c};
                involved.insert(involved.end(), capitals.begin(), capitals.end());
                add(QStringLiteral("dock-capacity"), Severity::Error,
                    QStringLiteral("%1 docks %2 Capital Ships, Dock allows 1: %3 too many (%4)")
                        .arg(label(c), QString::number(capitals.size()),
                             QString::number(capitals.size() - 1), labels(capitals)),
                    involved,
                    QStringLiteral("deploy %1 of them on the table").arg(capitals.size() - 1));
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
        QStringList what;
        if (!tvNames.isEmpty())
            what << QStringLiteral("the Threat Value of %1").arg(list(tvNames, tvCopies));
        if (!ucNames.isEmpty())
            what << QStringLiteral("the Unit Cap of %1").arg(list(ucNames, ucCopies));
        const bool plural = involved.size() > 1 || what.size() > 1;
        add(QStringLiteral("unpublished-values"), Severity::Warning,
            QStringLiteral("this verdict rests on values that are not published: %1 %2 "
                           "jwfleet's %3, not the printed card's")
                .arg(what.join(QStringLiteral(" and ")),
                     plural ? QStringLiteral("are") : QStringLiteral("is"),
                     plural ? QStringLiteral("estimates") : QStringLiteral("estimate")),
            involved,
            QStringLiteral("check these values against the printed cards (`jwfleet-cli unit ID` "
                           "says where each value comes from)"));
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
            QStringLiteral("this verdict uses values entered by the user from a printed card, "
                           "not shipped with jwfleet: %1")
                .arg(parts.join(QStringLiteral(", "))),
            involved,
            QStringLiteral("check these values against the printed cards, or set "
                           "JW_NO_USER_DATA=1 to check with the shipped values only"));
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
