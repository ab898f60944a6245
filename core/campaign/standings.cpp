// SPDX-License-Identifier: GPL-3.0-or-later
#include "campaign/standings.h"

#include <algorithm>
#include <functional>
#include <unordered_map>

namespace jw {

namespace {

std::vector<const BattleSummary *> chronological(const std::vector<BattleSummary> &battles)
{
    std::vector<const BattleSummary *> out;
    out.reserve(battles.size());
    for (const BattleSummary &b : battles)
        out.push_back(&b);
    std::stable_sort(out.begin(), out.end(), [](const BattleSummary *a, const BattleSummary *b) {
        return std::pair(a->date, a->id) < std::pair(b->date, b->id);
    });
    return out;
}

class Table
{
public:
    Table(const std::vector<Player> &players, const CampaignRules &rules)
        : m_rules(rules)
    {
        m_rows.reserve(players.size());
        for (const Player &p : players) {
            m_index[p.id] = m_rows.size();
            StandingRow r;
            r.playerId = p.id;
            r.name = p.name;
            m_rows.push_back(r);
        }
    }

    void add(const BattleSummary &b)
    {
        for (int s = 0; s < 2; ++s) {
            auto it = m_index.find(b.players[std::size_t(s)]);
            if (it == m_index.end())
                continue;
            StandingRow &r = m_rows[it->second];
            ++r.battles;
            const int o = 1 - s;
            if (b.winner == s) {
                ++r.wins;
                r.points += m_rules.pointsWin;
            } else if (b.winner == o) {
                ++r.losses;
                r.points += m_rules.pointsLoss;
            } else {
                ++r.draws;
                r.points += m_rules.pointsDraw;
            }
            r.op += b.op[std::size_t(s)];
            r.vp += b.vp[std::size_t(s)];
            r.vpAgainst += b.vp[std::size_t(o)];
            r.destroyed += b.destroyed[std::size_t(s)];
            m_h2h[{b.players[std::size_t(s)], b.players[std::size_t(o)]}] += b.winner == s
                ? m_rules.pointsWin
                : b.winner == o ? m_rules.pointsLoss
                                : m_rules.pointsDraw;
        }
    }

    void add(const RepairRecord &r)
    {
        auto it = m_index.find(r.playerId);
        if (it == m_index.end())
            return;
        m_rows[it->second].op -= r.opCost;
        m_rows[it->second].repairCost += r.opCost;
    }

    std::vector<StandingRow> ranked() const
    {
        std::vector<StandingRow> rows = m_rows;
        std::vector<std::size_t> order(rows.size());
        for (std::size_t i = 0; i < order.size(); ++i)
            order[i] = i;
        // Criteria: campaign points, then the tie-breakers; each splits the groups
        // still tied. Head-to-head depends on the group, so it is computed per group.
        std::vector<std::optional<TieBreaker>> criteria {std::nullopt};
        for (TieBreaker t : m_rules.tieBreakers)
            criteria.push_back(t);
        // Groups of indexes in `order` [begin, end) that are still tied.
        std::vector<int> rank(rows.size(), 0);
        std::function<void(std::size_t, std::size_t, std::size_t)> split
            = [&](std::size_t begin, std::size_t end, std::size_t level) {
                  if (end - begin <= 1 || level >= criteria.size())
                      return;
                  std::unordered_map<std::size_t, int> key;
                  for (std::size_t i = begin; i < end; ++i)
                      key[order[i]] = value(rows, order, begin, end, order[i], criteria[level]);
                  std::stable_sort(order.begin() + qsizetype(begin), order.begin() + qsizetype(end),
                                   [&](std::size_t a, std::size_t b) { return key[a] > key[b]; });
                  std::size_t g = begin;
                  for (std::size_t i = begin + 1; i <= end; ++i) {
                      if (i == end || key[order[i]] != key[order[g]]) {
                          split(g, i, level + 1);
                          g = i;
                      }
                  }
              };
        // Start from the name order so that full ties list alphabetically.
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return rows[a].name.localeAwareCompare(rows[b].name) < 0;
        });
        split(0, order.size(), 0);
        // Ranks: equal when every criterion is equal.
        std::vector<StandingRow> out;
        out.reserve(rows.size());
        for (std::size_t i = 0; i < order.size(); ++i) {
            StandingRow r = rows[order[i]];
            r.rank = int(i) + 1;
            if (i > 0 && tied(rows, order, order[i - 1], order[i], criteria))
                r.rank = out.back().rank;
            out.push_back(r);
        }
        return out;
    }

private:
    int headToHead(const std::vector<StandingRow> &rows, const std::vector<std::size_t> &order,
                   std::size_t begin, std::size_t end, std::size_t who) const
    {
        std::vector<qint64> group;
        for (std::size_t i = begin; i < end; ++i)
            group.push_back(rows[order[i]].playerId);
        const qint64 me = rows[who].playerId;
        int pts = 0;
        for (qint64 opp : group) {
            auto it = m_h2h.find({me, opp});
            if (it != m_h2h.end())
                pts += it->second;
        }
        return pts;
    }

    int value(const std::vector<StandingRow> &rows, const std::vector<std::size_t> &order,
              std::size_t begin, std::size_t end, std::size_t who,
              std::optional<TieBreaker> c) const
    {
        const StandingRow &r = rows[who];
        if (!c)
            return r.points;
        switch (*c) {
        case TieBreaker::ObjectivePoints:
            return r.op;
        case TieBreaker::VictoryPoints:
            return r.vp;
        case TieBreaker::VictoryPointDifference:
            return r.vp - r.vpAgainst;
        case TieBreaker::Wins:
            return r.wins;
        case TieBreaker::HeadToHead:
            return headToHead(rows, order, begin, end, who);
        case TieBreaker::PointsDestroyed:
            return r.destroyed;
        case TieBreaker::FewerBattles:
            return -r.battles;
        }
        return 0;
    }

    // Whether two neighbours are tied on every criterion (head-to-head between
    // the two of them).
    bool tied(const std::vector<StandingRow> &rows, const std::vector<std::size_t> &order,
              std::size_t a, std::size_t b,
              const std::vector<std::optional<TieBreaker>> &criteria) const
    {
        const std::vector<std::size_t> pair {a, b};
        for (const auto &c : criteria)
            if (value(rows, pair, 0, 2, a, c) != value(rows, pair, 0, 2, b, c))
                return false;
        (void)order;
        return true;
    }

    const CampaignRules &m_rules;
    std::vector<StandingRow> m_rows;
    std::unordered_map<qint64, std::size_t> m_index;
    std::map<std::pair<qint64, qint64>, int> m_h2h; // (player, opponent) -> campaign points
};

} // namespace

BattleSummary BattleSummary::of(const Battle &b)
{
    BattleSummary s;
    s.id = b.id;
    s.date = b.date;
    for (int i = 0; i < 2; ++i) {
        s.players[std::size_t(i)] = b.sides[std::size_t(i)].playerId;
        s.vp[std::size_t(i)] = b.sides[std::size_t(i)].victoryPoints;
        s.op[std::size_t(i)] = b.sides[std::size_t(i)].objectivePoints;
        s.destroyed[std::size_t(i)] = b.tvDestroyed(1 - i);
    }
    s.winner = b.winner;
    s.source = b.source;
    s.luck = b.luck;
    return s;
}

std::vector<StandingRow> computeStandings(const std::vector<Player> &players,
                                          const std::vector<BattleSummary> &battles,
                                          const std::vector<RepairRecord> &repairs,
                                          const CampaignRules &rules)
{
    Table t(players, rules);
    for (const BattleSummary *b : chronological(battles))
        t.add(*b);
    for (const RepairRecord &r : repairs)
        t.add(r);
    return t.ranked();
}

StandingsSeries standingsOverTime(const std::vector<Player> &players,
                                  const std::vector<BattleSummary> &battles,
                                  const std::vector<RepairRecord> &repairs,
                                  const CampaignRules &rules)
{
    StandingsSeries out;
    Table t(players, rules);
    std::vector<const RepairRecord *> rs;
    for (const RepairRecord &r : repairs)
        rs.push_back(&r);
    std::stable_sort(rs.begin(), rs.end(), [](const RepairRecord *a, const RepairRecord *b) {
        return std::pair(a->date, a->id) < std::pair(b->date, b->id);
    });
    std::size_t nextRepair = 0;
    for (const BattleSummary *b : chronological(battles)) {
        // Repairs count from their date: those up to this battle's date.
        while (nextRepair < rs.size() && rs[nextRepair]->date <= b->date)
            t.add(*rs[nextRepair++]);
        t.add(*b);
        out.battleIds.push_back(b->id);
        out.dates.push_back(b->date);
        for (const StandingRow &r : t.ranked()) {
            out.points[r.playerId].push_back(r.points);
            out.ranks[r.playerId].push_back(r.rank);
        }
    }
    return out;
}

std::vector<DestroyedPoint> pointsDestroyedPerBattle(const std::vector<BattleSummary> &battles)
{
    std::vector<DestroyedPoint> out;
    for (const BattleSummary *b : chronological(battles))
        out.push_back(DestroyedPoint {b->id, b->date, b->players, b->destroyed});
    return out;
}

LuckSeries luckOverTime(const std::vector<BattleSummary> &battles)
{
    LuckSeries out;
    std::map<qint64, std::pair<double, int>> totals; // player -> (luck, attack rolls) so far
    for (const BattleSummary *b : chronological(battles)) {
        ++out.battles;
        if (!b->luck)
            ++out.unrecorded;
        for (std::size_t side = 0; side < 2; ++side) {
            LuckPoint p;
            p.battleId = b->id;
            p.index = out.battles;
            p.date = b->date;
            p.source = b->source;
            auto &[total, attacks] = totals[b->players[side]];
            if (b->luck) {
                const SideLuck &l = (*b->luck)[side];
                p.recorded = true;
                p.attacks = l.attacks;
                p.successes = l.successes;
                p.expected = l.expectedMilli / 1000.0;
                p.luck = l.luck();
                total += p.luck;
                attacks += l.attacks;
            }
            p.total = total;
            p.totalAttacks = attacks;
            out.players[b->players[side]].push_back(p);
        }
    }
    return out;
}

PlayerHistory playerHistory(qint64 player, const std::vector<Player> &players,
                            const std::vector<Battle> &battles)
{
    PlayerHistory out;
    out.playerId = player;
    std::map<qint64, QString> names;
    for (const Player &p : players) {
        names[p.id] = p.name;
        if (p.id == player)
            out.name = p.name;
    }
    std::vector<const Battle *> order;
    for (const Battle &b : battles)
        order.push_back(&b);
    std::stable_sort(order.begin(), order.end(), [](const Battle *a, const Battle *b) {
        return std::pair(a->date, a->id) < std::pair(b->date, b->id);
    });
    // Units: every roster entry of this player now, and every one that ever
    // fought for it (captured away since).
    std::map<qint64, UnitHistory> units;
    std::vector<qint64> unitOrder;
    auto unit = [&](qint64 rosterId) -> UnitHistory & {
        auto [it, fresh] = units.try_emplace(rosterId);
        if (fresh) {
            it->second.rosterId = rosterId;
            unitOrder.push_back(rosterId);
        }
        return it->second;
    };
    for (const Player &p : players) {
        for (const RosterEntry &e : p.roster) {
            if (p.id != player && e.capturedFrom != player)
                continue;
            UnitHistory &u = unit(e.id);
            u.playerId = p.id;
            u.unitId = e.unitId;
            u.name = e.name.isEmpty() ? e.unitId : e.name;
            u.status = e.status;
            u.renowned = e.renowned;
        }
    }
    for (const Battle *b : order) {
        for (int s = 0; s < 2; ++s) {
            if (b->sides[std::size_t(s)].playerId != player)
                continue;
            const BattleSide &me = b->sides[std::size_t(s)];
            const BattleSide &them = b->sides[std::size_t(1 - s)];
            PlayerBattle pb;
            pb.battleId = b->id;
            pb.date = b->date;
            pb.scenario = b->scenario;
            pb.opponentId = them.playerId;
            pb.opponent = names.count(them.playerId) ? names[them.playerId] : them.playerName;
            pb.result = b->winner == s ? QLatin1Char('W')
                : b->winner < 0        ? QLatin1Char('D')
                                       : QLatin1Char('L');
            pb.vp = me.victoryPoints;
            pb.vpAgainst = them.victoryPoints;
            pb.op = me.objectivePoints;
            pb.opAgainst = them.objectivePoints;
            pb.destroyed = b->tvDestroyed(1 - s);
            pb.lost = b->tvDestroyed(s);
            out.battles.push_back(pb);
            for (const UnitOutcome &o : b->outcomes) {
                if (o.side != s || !o.rosterId)
                    continue;
                UnitHistory &u = unit(*o.rosterId);
                if (u.unitId.isEmpty()) {
                    u.unitId = o.unitId;
                    u.name = o.name;
                }
                ++u.battles;
                u.survived += survived(o.fate) ? 1 : 0;
                u.kills += o.kills;
                u.entries.push_back({b->id, b->date, o.fate, o.kills});
            }
        }
    }
    for (qint64 id : unitOrder)
        out.units.push_back(units[id]);
    return out;
}

} // namespace jw
