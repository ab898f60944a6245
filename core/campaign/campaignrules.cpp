// SPDX-License-Identifier: GPL-3.0-or-later
#include "campaign/campaignrules.h"

#include "dice/dicesource.h"

#include <algorithm>

namespace jw {

namespace {

// The roster entry's custom name, else the unit's name as the battle gives it
// (UnitOutcome::name), else the unit id.
QString entryName(const RosterEntry &e, const QString &shown = {})
{
    if (!e.name.isEmpty())
        return e.name;
    return shown.isEmpty() ? e.unitId : shown;
}

} // namespace

void matchRoster(Battle &battle, const std::array<const Player *, 2> &players)
{
    for (int side = 0; side < 2; ++side) {
        const Player *p = players[std::size_t(side)];
        std::vector<qint64> taken;
        // In fleet order, so that two entries of the same unit match in order.
        std::vector<UnitOutcome *> outs;
        for (UnitOutcome &o : battle.outcomes)
            if (o.side == side)
                outs.push_back(&o);
        std::stable_sort(outs.begin(), outs.end(), [](const UnitOutcome *a, const UnitOutcome *b) {
            return a->entry < b->entry;
        });
        const Fleet &fleet = battle.sides[std::size_t(side)].fleet;
        for (UnitOutcome *o : outs) {
            o->rosterId.reset();
            if (!p)
                continue;
            const QString fleetName = o->entry >= 0 && o->entry < fleet.size()
                ? fleet.entries[std::size_t(o->entry)].name
                : o->name;
            for (const RosterEntry &e : p->roster) {
                if (!e.active() || e.unitId != o->unitId || e.name != fleetName
                    || std::find(taken.begin(), taken.end(), e.id) != taken.end())
                    continue;
                o->rosterId = e.id;
                taken.push_back(e.id);
                break;
            }
        }
    }
}

BattleEffects applyBattle(const CampaignRules &rules, const Battle &battle,
                          const std::array<Player, 2> &players)
{
    BattleEffects out {players, {}};
    struct Move
    {
        qint64 id;
        int from;
        QString name;
    };
    std::vector<Move> captured;
    for (const UnitOutcome &o : battle.outcomes) {
        if (!o.rosterId || o.side < 0 || o.side > 1)
            continue;
        Player &owner = out.players[std::size_t(o.side)];
        RosterEntry *e = owner.entry(*o.rosterId);
        if (!e)
            continue;
        ++e->battles;
        e->kills += o.kills;
        const QString name = entryName(*e, o.name);
        switch (o.fate) {
        case UnitFate::Destroyed:
            e->damage.clear();
            if (rules.destroyedLeaveRoster) {
                e->status = RosterStatus::Destroyed;
                e->embarkedOn.reset();
                out.note(DataText::of(
                    QT_TRANSLATE_NOOP("jw::Data", "%1 was Destroyed and leaves %2's roster."),
                    {name, owner.name}));
            } else {
                out.note(
                    DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                   "%1 was Destroyed; it returns to %2's roster "
                                                   "repaired (losses are not permanent)."),
                                 {name, owner.name}));
            }
            break;
        case UnitFate::Captured:
            e->damage = rules.carryDamage ? o.lost : RatingMap {};
            if (rules.captureChangesHands)
                captured.push_back({e->id, o.side, name});
            else
                out.note(DataText::of(
                    QT_TRANSLATE_NOOP("jw::Data",
                                      "%1 was Captured; it returns to %2 (captured ships "
                                      "do not change hands)."),
                    {name, owner.name}));
            break;
        default:
            ++e->survived;
            e->damage = rules.carryDamage ? o.lost : RatingMap {};
            if (rules.carryDamage && boxesMarked(o.lost) > 0)
                out.note(DataText::of(
                    QT_TRANSLATE_NOOP("jw::Data",
                                      "%1 carries %2 marked boxes into the next battle."),
                    {name, boxesMarked(o.lost)}));
            if (rules.renown && !e->renowned && e->survived >= rules.renownAfter) {
                e->renowned = true;
                out.note(DataText::of(
                    QT_TRANSLATE_NOOP("jw::Data", "%1 is Renowned after surviving %2 battles."),
                    {name, e->survived}));
            }
            break;
        }
    }
    for (const Move &m : captured) {
        Player &from = out.players[std::size_t(m.from)];
        Player &to = out.players[std::size_t(1 - m.from)];
        auto it = std::find_if(from.roster.begin(), from.roster.end(),
                               [&](const RosterEntry &e) { return e.id == m.id; });
        if (it == from.roster.end())
            continue;
        RosterEntry e = *it;
        from.roster.erase(it);
        e.embarkedOn.reset();
        e.capturedFrom = from.id;
        out.note(
            DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1 was Captured and joins %2's roster."),
                         {m.name, to.name}));
        // Before the entries that left the roster, after the active ones.
        auto pos = std::find_if(to.roster.begin(), to.roster.end(),
                                [](const RosterEntry &r) { return !r.active(); });
        to.roster.insert(pos, e);
    }
    // Nothing starts embarked on a carrier that left.
    for (Player &p : out.players)
        for (RosterEntry &e : p.roster)
            if (e.embarkedOn) {
                const RosterEntry *c = p.entry(*e.embarkedOn);
                if (!c || !c->active())
                    e.embarkedOn.reset();
            }
    return out;
}

RepairOutcome repairUnit(const CampaignRules &rules, const RosterEntry &entry, DiceSource &dice)
{
    RepairOutcome out {entry, {}, {}};
    out.record.rosterId = entry.id;
    out.record.method = rules.repair;
    const QString name = entryName(entry);
    if (rules.repair == RepairMode::None) {
        out.refuse(DataText::of(QT_TRANSLATE_NOOP(
            "jw::Data", "repairs are off in this campaign (house rule 'repair')")));
        return out;
    }
    if (!entry.active()) {
        out.refuse(
            DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1 is no longer on the roster"), {name}));
        return out;
    }
    if (boxesMarked(entry.damage) == 0) {
        out.refuse(
            DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1 has no damage to repair"), {name}));
        return out;
    }
    RatingMap left;
    for (const auto &[track, marked] : entry.damage) {
        int keep = 0;
        for (int i = 0; i < marked; ++i) {
            if (rules.repair == RepairMode::Cost) {
                ++out.record.boxes;
                continue;
            }
            const int face = dice.rollD6();
            out.record.dice.push_back(face);
            if (face >= rules.repairTarget)
                ++out.record.boxes;
            else
                ++keep;
        }
        if (keep > 0)
            left[track] = keep;
    }
    if (rules.repair == RepairMode::Cost)
        out.record.opCost = out.record.boxes * rules.repairCostOp;
    out.entry.damage = left;
    return out;
}

} // namespace jw
