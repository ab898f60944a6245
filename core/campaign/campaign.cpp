// SPDX-License-Identifier: GPL-3.0-or-later
#include "campaign/campaign.h"

#include "io/jsonnumber.h"

#include <QJsonArray>

#include <algorithm>
#include <tuple>

namespace jw {

namespace {

template<typename E>
struct Named
{
    E value;
    const char *id;
    const char *name;
};

const Named<UnitFate> kFates[] = {
    {UnitFate::Intact, "intact", "Intact"},
    {UnitFate::Damaged, "damaged", "Damaged"},
    {UnitFate::Crippled, "crippled", "Crippled"},
    {UnitFate::Destroyed, "destroyed", "Destroyed"},
    {UnitFate::Withdrawn, "withdrawn", "Withdrawn"},
    {UnitFate::Captured, "captured", "Captured"},
};

// The names are marked for translation (tieBreakerText); the English is the CLI's.
const Named<TieBreaker> kTieBreakers[] = {
    {TieBreaker::ObjectivePoints, "op", QT_TRANSLATE_NOOP("jw::Data", "Objective Points")},
    {TieBreaker::VictoryPoints, "vp", QT_TRANSLATE_NOOP("jw::Data", "Victory Points")},
    {TieBreaker::VictoryPointDifference, "vp-diff",
     QT_TRANSLATE_NOOP("jw::Data", "Victory Point difference")},
    {TieBreaker::Wins, "wins", QT_TRANSLATE_NOOP("jw::Data", "Wins")},
    {TieBreaker::HeadToHead, "head-to-head", QT_TRANSLATE_NOOP("jw::Data", "Head-to-head")},
    {TieBreaker::PointsDestroyed, "destroyed", QT_TRANSLATE_NOOP("jw::Data", "Points destroyed")},
    {TieBreaker::FewerBattles, "fewer-battles", QT_TRANSLATE_NOOP("jw::Data", "Fewer battles")},
};

const Named<RepairMode> kRepairModes[] = {
    {RepairMode::None, "none", "No repairs"},
    {RepairMode::Roll, "roll", "Repair roll"},
    {RepairMode::Cost, "cost", "Repair cost"},
};

template<typename E, std::size_t N>
QString idOf(const Named<E> (&table)[N], E v)
{
    for (const auto &n : table)
        if (n.value == v)
            return QString::fromLatin1(n.id);
    return {};
}

template<typename E, std::size_t N>
QString nameOf(const Named<E> (&table)[N], E v)
{
    for (const auto &n : table)
        if (n.value == v)
            return QString::fromLatin1(n.name);
    return {};
}

template<typename E, std::size_t N>
std::optional<E> fromId(const Named<E> (&table)[N], const QString &id)
{
    for (const auto &n : table)
        if (id == QLatin1String(n.id))
            return n.value;
    return std::nullopt;
}

std::optional<bool> boolFrom(const QString &v)
{
    const QString s = v.trimmed().toLower();
    if (s == QLatin1String("on") || s == QLatin1String("true") || s == QLatin1String("yes")
        || s == QLatin1String("1"))
        return true;
    if (s == QLatin1String("off") || s == QLatin1String("false") || s == QLatin1String("no")
        || s == QLatin1String("0"))
        return false;
    return std::nullopt;
}

} // namespace

QJsonArray battleLuckToJson(const std::array<SideLuck, 2> &luck)
{
    QJsonArray out;
    for (const SideLuck &l : luck)
        out.append(QJsonObject {{QStringLiteral("attacks"), l.attacks},
                                {QStringLiteral("successes"), l.successes},
                                {QStringLiteral("expected_milli"), l.expectedMilli}});
    return out;
}

std::optional<std::array<SideLuck, 2>> battleLuckFromJson(const QJsonValue &v, QString *error)
{
    DataText why;
    auto out = battleLuckFromJson(v, &why);
    if (!out && error)
        *error = why.english();
    return out;
}

std::optional<std::array<SideLuck, 2>> battleLuckFromJson(const QJsonValue &v, DataText *error)
{
    const auto refuse = [&](const DataText &why) {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (!v.isArray() || v.toArray().size() != 2)
        return refuse(DataText::of(
            QT_TRANSLATE_NOOP("jw::Data", "must be a list of the two sides' attack dice")));
    std::array<SideLuck, 2> out;
    for (int side = 0; side < 2; ++side) {
        const QJsonValue sv = v.toArray().at(side);
        if (!sv.isObject())
            return refuse(DataText::of(
                QT_TRANSLATE_NOOP("jw::Data",
                                  "side %1: must be {attacks, successes, expected_milli}"),
                {side}));
        const QJsonObject o = sv.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            if (it.key() != QLatin1String("attacks") && it.key() != QLatin1String("successes")
                && it.key() != QLatin1String("expected_milli"))
                return refuse(
                    DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                   "side %1: unknown key '%2' (allowed: attacks, "
                                                   "successes, expected_milli)"),
                                 {side, it.key().left(40)}));
        SideLuck &l = out[std::size_t(side)];
        for (const auto &[key, max, field] :
             {std::tuple {"attacks", kMaxCampaignNumber, &l.attacks},
              std::tuple {"successes", kMaxCampaignNumber, &l.successes},
              std::tuple {"expected_milli", kMaxCampaignNumber * 1000, &l.expectedMilli}}) {
            const std::optional<qint64> n = io::wholeNumber(o.value(QLatin1String(key)), 0, max);
            if (!n)
                return refuse(
                    DataText::of(QT_TRANSLATE_NOOP(
                                     "jw::Data", "side %1: %2 must be a whole number from 0 to %3"),
                                 {side, QString::fromLatin1(key), max}));
            *field = int(*n);
        }
    }
    return out;
}

QString fateId(UnitFate f)
{
    return idOf(kFates, f);
}

QString fateName(UnitFate f)
{
    return nameOf(kFates, f);
}

std::optional<UnitFate> fateFromId(const QString &id)
{
    return fromId(kFates, id);
}

const std::vector<UnitFate> &allFates()
{
    static const std::vector<UnitFate> all {UnitFate::Intact,    UnitFate::Damaged,
                                            UnitFate::Crippled,  UnitFate::Destroyed,
                                            UnitFate::Withdrawn, UnitFate::Captured};
    return all;
}

bool survived(UnitFate f)
{
    return f != UnitFate::Destroyed && f != UnitFate::Captured;
}

const QStringList &damageTracks()
{
    static const QStringList tracks {QStringLiteral("structure"), QStringLiteral("defense"),
                                     QStringLiteral("sensors"), QStringLiteral("thrusters"),
                                     QStringLiteral("marines")};
    return tracks;
}

int boxesMarked(const RatingMap &lost)
{
    int n = 0;
    for (const auto &[k, v] : lost)
        n += v;
    return n;
}

int Battle::winnerFrom(const std::array<int, 2> &op, const std::array<int, 2> &vp)
{
    if (op[0] != op[1])
        return op[0] > op[1] ? 0 : 1;
    if (vp[0] != vp[1])
        return vp[0] > vp[1] ? 0 : 1;
    return -1;
}

std::vector<const UnitOutcome *> Battle::outcomesOf(int side) const
{
    std::vector<const UnitOutcome *> out;
    for (const UnitOutcome &o : outcomes)
        if (o.side == side)
            out.push_back(&o);
    std::stable_sort(out.begin(), out.end(), [](const UnitOutcome *a, const UnitOutcome *b) {
        return a->entry < b->entry;
    });
    return out;
}

int Battle::tvDestroyed(int side) const
{
    int tv = 0;
    for (const UnitOutcome &o : outcomes)
        if (o.side == side && o.fate == UnitFate::Destroyed)
            tv += o.tv;
    return tv;
}

const QStringList &battleSources()
{
    static const QStringList ids {QStringLiteral("manual"), QStringLiteral("report"),
                                  QStringLiteral("game")};
    return ids;
}

QString rosterStatusId(RosterStatus s)
{
    return s == RosterStatus::Active ? QStringLiteral("active") : QStringLiteral("destroyed");
}

std::optional<RosterStatus> rosterStatusFromId(const QString &id)
{
    if (id == QLatin1String("active"))
        return RosterStatus::Active;
    if (id == QLatin1String("destroyed"))
        return RosterStatus::Destroyed;
    return std::nullopt;
}

Fleet Player::fleet(int points, const QString &rules) const
{
    Fleet f;
    f.name = fleetName;
    f.faction = faction;
    f.points = points;
    f.rules = rules;
    std::map<qint64, int> index;
    for (const RosterEntry &e : roster) {
        if (!e.active())
            continue;
        index[e.id] = int(f.entries.size());
        f.entries.push_back(FleetEntry {e.unitId, e.name, std::nullopt, e.upgrades});
    }
    int i = 0;
    for (const RosterEntry &e : roster) {
        if (!e.active())
            continue;
        if (e.embarkedOn) {
            auto it = index.find(*e.embarkedOn);
            if (it != index.end())
                f.entries[std::size_t(i)].embarkedOn = it->second;
        }
        ++i;
    }
    return f;
}

void Player::setFleet(const Fleet &f)
{
    faction = f.faction;
    fleetName = f.name;
    std::vector<RosterEntry> kept; // the entries that left the roster stay for history
    std::vector<RosterEntry> active;
    for (const RosterEntry &e : roster)
        (e.active() ? active : kept).push_back(e);
    std::vector<bool> used(active.size(), false);
    qint64 nextNew = -1;
    for (const RosterEntry &e : roster)
        nextNew = std::min(nextNew, e.id - 1);
    std::vector<RosterEntry> next;
    for (const FleetEntry &fe : f.entries) {
        RosterEntry r;
        for (std::size_t i = 0; i < active.size(); ++i) {
            if (!used[i] && active[i].unitId == fe.unitId && active[i].name == fe.name) {
                used[i] = true;
                r = active[i];
                break;
            }
        }
        if (r.id == 0 || r.unitId.isEmpty())
            r.id = nextNew--;
        r.unitId = fe.unitId;
        r.name = fe.name;
        r.upgrades = fe.upgrades;
        next.push_back(r);
    }
    for (std::size_t i = 0; i < f.entries.size(); ++i) {
        const auto &c = f.entries[i].embarkedOn;
        next[i].embarkedOn = (c && *c >= 0 && *c < int(next.size()))
            ? std::optional<qint64>(next[std::size_t(*c)].id)
            : std::nullopt;
    }
    next.insert(next.end(), kept.begin(), kept.end());
    roster = std::move(next);
}

RosterEntry *Player::entry(qint64 id)
{
    for (RosterEntry &e : roster)
        if (e.id == id)
            return &e;
    return nullptr;
}

const RosterEntry *Player::entry(qint64 id) const
{
    for (const RosterEntry &e : roster)
        if (e.id == id)
            return &e;
    return nullptr;
}

int Player::activeCount() const
{
    return int(std::count_if(roster.begin(), roster.end(),
                             [](const RosterEntry &e) { return e.active(); }));
}

QString tieBreakerId(TieBreaker t)
{
    return idOf(kTieBreakers, t);
}

DataText tieBreakerText(TieBreaker t)
{
    for (const auto &n : kTieBreakers)
        if (n.value == t)
            return DataText::of(n.name);
    return {};
}

QString tieBreakerName(TieBreaker t)
{
    return tieBreakerText(t).english();
}

std::optional<TieBreaker> tieBreakerFromId(const QString &id)
{
    return fromId(kTieBreakers, id);
}

const std::vector<TieBreaker> &allTieBreakers()
{
    static const std::vector<TieBreaker> all = [] {
        std::vector<TieBreaker> v;
        for (const auto &n : kTieBreakers)
            v.push_back(n.value);
        return v;
    }();
    return all;
}

QString repairModeId(RepairMode m)
{
    return idOf(kRepairModes, m);
}

std::optional<RepairMode> repairModeFromId(const QString &id)
{
    return fromId(kRepairModes, id);
}

QJsonObject CampaignRules::toJson() const
{
    QJsonArray ties;
    for (TieBreaker t : tieBreakers)
        ties.append(tieBreakerId(t));
    return QJsonObject {{QStringLiteral("carry_damage"), carryDamage},
                        {QStringLiteral("repair"), repairModeId(repair)},
                        {QStringLiteral("repair_target"), repairTarget},
                        {QStringLiteral("repair_cost_op"), repairCostOp},
                        {QStringLiteral("capture_changes_hands"), captureChangesHands},
                        {QStringLiteral("renown"), renown},
                        {QStringLiteral("renown_after"), renownAfter},
                        {QStringLiteral("destroyed_leave_roster"), destroyedLeaveRoster},
                        {QStringLiteral("points_win"), pointsWin},
                        {QStringLiteral("points_draw"), pointsDraw},
                        {QStringLiteral("points_loss"), pointsLoss},
                        {QStringLiteral("tie_breakers"), ties}};
}

QStringList CampaignRules::keys()
{
    // toJson() sorts its keys; the settings are listed in this (documentation) order.
    return {QStringLiteral("carry_damage"),
            QStringLiteral("repair"),
            QStringLiteral("repair_target"),
            QStringLiteral("repair_cost_op"),
            QStringLiteral("capture_changes_hands"),
            QStringLiteral("renown"),
            QStringLiteral("renown_after"),
            QStringLiteral("destroyed_leave_roster"),
            QStringLiteral("points_win"),
            QStringLiteral("points_draw"),
            QStringLiteral("points_loss"),
            QStringLiteral("tie_breakers")};
}

std::optional<QString> CampaignRules::set(const QString &key, const QString &value)
{
    if (const auto why = setText(key, value))
        return why->english();
    return std::nullopt;
}

std::optional<DataText> CampaignRules::setText(const QString &key, const QString &value)
{
    auto boolKey = [&](bool &field) -> std::optional<DataText> {
        const auto b = boolFrom(value);
        if (!b)
            return DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'%1' is on or off, not '%2'"),
                                {key, value});
        field = *b;
        return std::nullopt;
    };
    auto intKey = [&](int &field, int min, int max) -> std::optional<DataText> {
        bool ok = false;
        const int n = value.trimmed().toInt(&ok);
        if (!ok || n < min || n > max)
            return DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "'%1' is a whole number from %2 to %3, not '%4'"),
                {key, min, max, value});
        field = n;
        return std::nullopt;
    };
    if (key == QLatin1String("carry_damage"))
        return boolKey(carryDamage);
    if (key == QLatin1String("capture_changes_hands"))
        return boolKey(captureChangesHands);
    if (key == QLatin1String("renown"))
        return boolKey(renown);
    if (key == QLatin1String("destroyed_leave_roster"))
        return boolKey(destroyedLeaveRoster);
    if (key == QLatin1String("repair")) {
        const auto m = repairModeFromId(value.trimmed());
        if (!m)
            return DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "'repair' is none, roll or cost, not '%1'"), {value});
        repair = *m;
        return std::nullopt;
    }
    if (key == QLatin1String("repair_target"))
        return intKey(repairTarget, 2, 7);
    if (key == QLatin1String("repair_cost_op"))
        return intKey(repairCostOp, 0, 1000);
    if (key == QLatin1String("renown_after"))
        return intKey(renownAfter, 1, 1000);
    if (key == QLatin1String("points_win"))
        return intKey(pointsWin, -1000, 1000);
    if (key == QLatin1String("points_draw"))
        return intKey(pointsDraw, -1000, 1000);
    if (key == QLatin1String("points_loss"))
        return intKey(pointsLoss, -1000, 1000);
    if (key == QLatin1String("tie_breakers")) {
        std::vector<TieBreaker> ties;
        for (const QString &part : value.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const auto t = tieBreakerFromId(part.trimmed());
            if (!t) {
                QStringList ids;
                for (TieBreaker a : allTieBreakers())
                    ids << tieBreakerId(a);
                return DataText::of(QT_TRANSLATE_NOOP("jw::Data", "unknown tie-breaker '%1' (%2)"),
                                    {part.trimmed(), ids.join(QStringLiteral(", "))});
            }
            if (std::find(ties.begin(), ties.end(), *t) != ties.end())
                return DataText::of(QT_TRANSLATE_NOOP("jw::Data", "tie-breaker '%1' given twice"),
                                    {part.trimmed()});
            ties.push_back(*t);
        }
        tieBreakers = ties;
        return std::nullopt;
    }
    return DataText::of(QT_TRANSLATE_NOOP("jw::Data", "unknown campaign rule '%1' (%2)"),
                        {key, keys().join(QStringLiteral(", "))});
}

std::optional<CampaignRules> CampaignRules::fromJson(const QJsonObject &o, QString *error)
{
    DataText why;
    auto out = fromJson(o, &why);
    if (!out && error)
        *error = why.english();
    return out;
}

std::optional<CampaignRules> CampaignRules::fromJson(const QJsonObject &o, DataText *error)
{
    CampaignRules r;
    for (auto it = o.begin(); it != o.end(); ++it) {
        QString text;
        const QJsonValue v = it.value();
        if (v.isBool())
            text = v.toBool() ? QStringLiteral("on") : QStringLiteral("off");
        else if (v.isDouble())
            text = QString::number(v.toDouble());
        else if (v.isArray()) {
            QStringList parts;
            for (const QJsonValue &p : v.toArray()) {
                if (!p.isString()) {
                    if (error)
                        *error = DataText::of(
                            QT_TRANSLATE_NOOP("jw::Data", "'%1' is a list of names"), {it.key()});
                    return std::nullopt;
                }
                parts << p.toString();
            }
            text = parts.join(QLatin1Char(','));
        } else if (v.isString()) {
            text = v.toString();
        } else {
            if (error)
                *error = DataText::of(
                    QT_TRANSLATE_NOOP("jw::Data", "'%1' has a value of the wrong kind"),
                    {it.key()});
            return std::nullopt;
        }
        if (auto e = r.setText(it.key(), text)) {
            if (error)
                *error = *e;
            return std::nullopt;
        }
    }
    return r;
}

const std::vector<HouseRuleInfo> &houseRules()
{
    const auto rule = [](const char *key, const char *name, const char *summary, const char *doc) {
        HouseRuleInfo i;
        i.key = QString::fromLatin1(key);
        i.nameText = DataText::of(name);
        i.summaryText = DataText::of(summary);
        i.name = i.nameText.english();
        i.summary = i.summaryText.english();
        i.doc = QString::fromLatin1(doc);
        return i;
    };
    static const std::vector<HouseRuleInfo> rules {
        rule("carry_damage", QT_TRANSLATE_NOOP("jw::Data", "Damage carried over"),
             QT_TRANSLATE_NOOP("jw::Data",
                               "Boxes marked at the end of a battle stay marked in "
                               "the next one unless repaired."),
             "damage-carried-over"),
        rule("repair", QT_TRANSLATE_NOOP("jw::Data", "Repairs between battles"),
             QT_TRANSLATE_NOOP("jw::Data",
                               "Between battles a damaged unit may be repaired: a d6 "
                               "a box (repair roll), or every box for Objective "
                               "Points (repair cost)."),
             "repairs-between-battles"),
        rule("capture_changes_hands", QT_TRANSLATE_NOOP("jw::Data", "Captured ships change hands"),
             QT_TRANSLATE_NOOP("jw::Data",
                               "A unit Captured at the end of a battle joins the captor's roster."),
             "captured-ships-change-hands"),
        rule("renown", QT_TRANSLATE_NOOP("jw::Data", "Renowned veterans"),
             QT_TRANSLATE_NOOP("jw::Data",
                               "A unit that survives a number of battles becomes "
                               "Renowned (the rulebook trait)."),
             "renowned-veterans"),
        rule("destroyed_leave_roster", QT_TRANSLATE_NOOP("jw::Data", "Losses are permanent"),
             QT_TRANSLATE_NOOP("jw::Data",
                               "A unit Destroyed in a battle leaves its player's roster."),
             "losses-are-permanent"),
    };
    return rules;
}

} // namespace jw
