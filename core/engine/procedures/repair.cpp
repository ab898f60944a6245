// SPDX-License-Identifier: GPL-3.0-or-later
// Engine, Actions: declaring an Action (requirements, Skill Tests) and resolving
// those that are not a special procedure; Repair.
#include "engine/engine.h"
#include "engine/rules/rules.h"

#include "dice/dicesource.h"
#include "dice/roll.h"
#include "engine/attack.h"
#include "engine/damage.h"
#include "engine/rounding.h"
#include "fleet/upgrade.h"
#include "geometry/arcs.h"
#include "geometry/geometry.h"
#include "geometry/measure.h"
#include "geometry/movement.h"
#include "geometry/overlapresolution.h"
#include "geometry/sensorrange.h"
#include "geometry/zones.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <deque>

namespace jw {

using namespace detail;
using namespace rules;

// Repair (Special procedures), from the Damage Control action: one Repair
// attempt for the ship itself, any Capital Ship docked on it and each
// embarked Squadron. Ratings never rise above their starting values. Repair
// Capital: X / Repair Squadron: X add to the Skill for those rolls (Repair: X
// is both — house ruling, data/factions/README.md); Drones add a Flex die to
// Repair Tests; Command does not help (Traits › Command).
// - The ship itself: N repairs one Rating (Defense, Sensors or Thrusters); [D]
//   two N results, or one Weapon, or one System Trait; [T+] two [D] results.
//   Never out of Crippled.
// - A docked Capital Ship (Skill Test of the Dock ship with +2 Flex): the same,
//   and [T+] may instead repair one Structure, which ends Crippled.
// - Each embarked Squadron (the ship's Skill): N 1, [D] 2, [T+] 3 Structure
//   (RULINGS.md 1).
// Which box is repaired is the repairing player's choice (the default: the
// most useful, a rating at 0 first).
void rules::repair(Context &ctx, int id)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    const Unit &u = engine.unitOf(s.models[std::size_t(id)]);
    const int player = s.models[std::size_t(id)].controller;
    const int capitalBonus = engine.view(s, id).traitValue(QStringLiteral("Repair Capital"))
        + engine.view(s, id).traitValue(QStringLiteral("Repair"));
    const int squadronBonus = engine.view(s, id).traitValue(QStringLiteral("Repair Squadron"))
        + engine.view(s, id).traitValue(QStringLiteral("Repair"));
    const int drones = engine.view(s, id).traitWorks(QStringLiteral("Drones")) ? 1 : 0;
    Q_UNUSED(u);

    auto test = [&](int skill, int flex, const QString &what) {
        const RollOutcome r = rollBest(skillTestPool(skill, flex), ctx.dice);
        ctx.event(QStringLiteral("roll"),
                  Message(MsgId::RepairTest,
                          {what, r.rolled.toString(), shownFaces(r.faces.dice).text,
                           r.result.toString()}),
                  {{QStringLiteral("model"), id}, {QStringLiteral("result"), r.result.toString()}},
                  player);
        return r.result.best();
    };
    // One N result on `ship`: a Rating box back.
    auto repairRating = [&](int ship) {
        ModelState &m = s.models[std::size_t(ship)];
        std::vector<Rating> damaged;
        std::vector<Message> options;
        int preferred = 0;
        for (Rating r : {Rating::Defense, Rating::Sensors, Rating::Thrusters}) {
            if (engine.view(s, ship).lost(r) == 0)
                continue;
            if (engine.view(s, ship).rating(r) == 0
                && (damaged.empty()
                    || engine.view(s, ship).rating(damaged[std::size_t(preferred)]) > 0))
                preferred = int(damaged.size()); // a rating at 0 first
            damaged.push_back(r);
            options.push_back(Message(MsgId::RepairRatingOption,
                                      {ratingName(r), engine.view(s, ship).rating(r)}));
        }
        if (damaged.empty())
            return false;
        const int pick = ctx.chooser.ask(DecisionRequest::typed(
            player, QStringLiteral("repair-rating"), Message(MsgId::RepairRatingQuestion, {m.name}),
            std::move(options), preferred, {{QStringLiteral("model"), ship}}));
        const Rating r = damaged[std::size_t(pick)];
        int &lost = r == Rating::Defense ? m.defenseLost
            : r == Rating::Sensors       ? m.sensorsLost
                                         : m.thrustersLost;
        --lost;
        ctx.event(
            QStringLiteral("repaired"),
            Message(MsgId::RatingRepaired, {m.name, ratingName(r), engine.view(s, ship).rating(r)}),
            {{QStringLiteral("model"), ship}}, player);
        return true;
    };
    // One [D] result: two N, a Weapon, or a System Trait (or, docked, not here).
    auto repairD = [&](int ship) {
        ModelState &m = s.models[std::size_t(ship)];
        const Unit &su = engine.unitOf(m);
        std::vector<Message> options;
        std::vector<std::pair<int, int>> what; // (kind, index): 0 ratings, 1 weapon, 2 trait
        bool anyRating = m.defenseLost || m.sensorsLost || m.thrustersLost;
        if (anyRating) {
            options.push_back(Message(MsgId::RepairTwoRatings));
            what.push_back({0, -1});
        }
        for (int w = 0; w < int(su.weapons.size()); ++w)
            if (m.weaponsDamaged[std::size_t(w)] > 0) {
                options.push_back(
                    Message(MsgId::RepairWeaponOption, {su.weapons[std::size_t(w)].name}));
                what.push_back({1, w});
            }
        for (int t = 0; t < int(su.traits.size()); ++t)
            if (m.traitsDamaged[std::size_t(t)] > 0) {
                options.push_back(
                    Message(MsgId::RepairTraitOption, {su.traits[std::size_t(t)].name}));
                what.push_back({2, t});
            }
        if (options.empty())
            return;
        const int pick = ctx.chooser.ask(DecisionRequest::typed(
            player, QStringLiteral("repair"), Message(MsgId::RepairQuestion, {m.name}),
            std::move(options), 0, {{QStringLiteral("model"), ship}}));
        const auto [kind, index] = what[std::size_t(pick)];
        if (kind == 0) {
            repairRating(ship);
            repairRating(ship);
        } else if (kind == 1) {
            --m.weaponsDamaged[std::size_t(index)];
            ctx.event(QStringLiteral("repaired"),
                      Message(MsgId::SystemRepaired, {m.name, su.weapons[std::size_t(index)].name}),
                      {{QStringLiteral("model"), ship}}, player);
        } else {
            --m.traitsDamaged[std::size_t(index)];
            ctx.event(QStringLiteral("repaired"),
                      Message(MsgId::SystemRepaired, {m.name, su.traits[std::size_t(index)].name}),
                      {{QStringLiteral("model"), ship}}, player);
        }
    };

    // The ship itself.
    const ModelView sv = engine.view(s, id);
    const Magnitude self = test(sv.skill() + capitalBonus, drones, s.models[std::size_t(id)].name);
    if (self == Magnitude::N)
        repairRating(id);
    else
        for (int i = 0; i < (self >= Magnitude::T ? 2 : 1); ++i)
            repairD(id);

    // Docked Capital Ships and embarked Squadrons.
    for (int other = 0; other < int(s.models.size()); ++other) {
        ModelState &o = s.models[std::size_t(other)];
        if (o.location != Location::Embarked || o.carrier != id)
            continue;
        const Unit &ou = engine.unitOf(o);
        if (ou.isCapital()) {
            const Magnitude r = test(sv.skill() + capitalBonus, 2 + drones, o.name);
            if (r >= Magnitude::T && o.structureLost > 0) {
                const int pick = ctx.chooser.ask(DecisionRequest::typed(
                    player, QStringLiteral("repair-docked"),
                    Message(MsgId::RepairDockedQuestion, {o.name}),
                    {Message(MsgId::RepairTwoD), Message(MsgId::RepairOneStructure)},
                    o.has(FlagCrippled) ? 1 : 0, {{QStringLiteral("model"), other}}));
                if (pick == 1) {
                    --o.structureLost;
                    ctx.event(QStringLiteral("repaired"),
                              Message(MsgId::OneStructureRepaired, {o.name}),
                              {{QStringLiteral("model"), other}}, player);
                    if (o.has(FlagCrippled) && engine.view(s, other).structure() > 0) {
                        o.set(FlagCrippled, false);
                        ctx.event(QStringLiteral("state-ended"),
                                  Message(MsgId::NoLongerCrippled, {o.name}),
                                  {{QStringLiteral("model"), other}}, player);
                    }
                    continue;
                }
            }
            if (r == Magnitude::N)
                repairRating(other);
            else
                for (int i = 0; i < (r >= Magnitude::T ? 2 : 1); ++i)
                    repairD(other);
        } else {
            const Magnitude r = test(sv.skill() + squadronBonus, drones, o.name);
            const int points = r == Magnitude::N ? 1 : r == Magnitude::D ? 2 : 3;
            const int before = o.structureLost;
            o.structureLost = std::max(0, o.structureLost - points);
            if (before != o.structureLost)
                ctx.event(
                    QStringLiteral("repaired"),
                    Message(MsgId::StructureRepaired,
                            {o.name, before - o.structureLost, engine.view(s, other).structure()}),
                    {{QStringLiteral("model"), other}}, player);
        }
    }
}

} // namespace jw
