// SPDX-License-Identifier: GPL-3.0-or-later
// Engine, Special Procedures and the states they lead to: Assault, Boarding,
// Bombing, Dogfight, Ramming; Assaulting, Boarded, Return to Base.
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

// Ramming (Ramming Speed). A Capital Ship may not ram a Squadron.
// - Capital Ship on Capital Ship: a [D+] Skill Test, a legal move bringing its
//   Fore arc onto the target (house ruling: the target is in its Fore arc and
//   within its remaining movement; it is placed in base contact), then each
//   ship rolls its starting Structure and escalates every success; +1B each if
//   the fronts meet; rammed in its side +1B, in its Aft +2B (the example counts
//   the side bonus as a base die: "Structure:4 + 1d6 for side arc").
// - A Squadron on a Capital Ship or a Squadron: it moves into contact, the
//   target's Point Defense rolls, then a [D+] Skill Test (Skill + 1B against a
//   Capital Ship); failing, it is Destroyed; succeeding, it is Destroyed and
//   rolls XB + XF on the target, X half its starting Structure (rounded up).
// Both need room to stand in base contact with the target: checked with the rest before
// any die is rolled (house ruling: with no room there is no legal move to ram with).
std::optional<Rejection> rules::rammingRefusal(const Engine &engine, const GameState &s, int id,
                                               int target)
{
    const QString rule = QStringLiteral("Ramming");
    const ModelState &m = s.models[std::size_t(id)];
    const ModelState *t = s.model(target);
    if (!t || !t->onTable() || t->controller == m.controller)
        return Rejection(rule, Message(MsgId::TargetEnemyModel));
    const Unit &u = engine.unitOf(m);
    if (u.isCapital() && engine.unitOf(*t).isSquadron())
        return Rejection(QStringLiteral("Ramming › Ramming Requirements"),
                         Message(MsgId::CapitalMayNotRamSquadron));
    if (!s.activation->weaponsUsed.empty())
        return Rejection(QStringLiteral("Ramming › Ramming Requirements"),
                         Message(MsgId::RammingNoAttacks));
    if (u.isCapital() && !engine.setup().physical()
        && !targetInArcs(engine.view(s, id).base(), ArcFore, engine.view(s, target).base()))
        return Rejection(rule, Message(MsgId::RamForeArc, {m.name, t->name}));
    if (std::optional<Rejection> why = reachRefusal(engine, s, id, target, rule))
        return why;
    if (!contactSpot(engine, s, id, target))
        return Rejection(rule,
                         u.isCapital() ? Message(MsgId::NoRoomToMeet, {m.name, t->name})
                                       : Message(MsgId::NoRoomNextTo, {t->name}));
    return std::nullopt;
}

void rules::resolveRamming(Context &ctx, int target)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    const int id = s.activation->model;
    if (const std::optional<Rejection> why = rammingRefusal(engine, s, id, target))
        refuse(*why);
    const QString rule = QStringLiteral("Ramming");
    ModelState &m = s.models[std::size_t(id)];
    const Unit &u = engine.unitOf(m);
    const Unit &tu = engine.unitOf(s.models[std::size_t(target)]);
    const QString name = m.name;
    const QString targetName = s.models[std::size_t(target)].name;
    const BaseShape tb = engine.view(s, target).base();
    const double d = reachDistance(engine, s, id, target);
    s.activation->actionResolved = true;
    const auto skillTest = [&](int extra) {
        TableQuestions table(s, &ctx.chooser);
        const DicePool pool = skillTestPool(skillForTest(engine.setup(), s, id, &table) + extra);
        const RollOutcome r = rollBest(pool, ctx.dice);
        ctx.event(QStringLiteral("roll"),
                  Message(MsgId::RamSkillTest,
                          {name, r.rolled.toString(), shownFaces(r.faces.dice).text,
                           r.result.toString()}),
                  {{QStringLiteral("model"), id}, {QStringLiteral("result"), r.result.toString()}},
                  ctx.player);
        return r.result.isSuccess();
    };
    const auto placeInContact = [&] {
        if (const auto at = contactSpot(engine, s, id, target)) {
            s.activation->moved += d;
            m.placement = Placement(*at, m.placement.facing());
            return true;
        }
        return false;
    };
    DamageContext dc {engine.setup(), s, ctx.dice, ctx.chooser, ctx.events};
    const Message ramBy(MsgId::RamBy, {name});
    const DamageSource ram {m.controller, ramBy.english(), std::nullopt, false, ramBy};
    const auto rollOn = [&](int attacker, const DicePool &pool, bool escalate, const QString &by) {
        const RollOutcome r = rollBest(pool, ctx.dice);
        DiceResult result = r.result;
        if (escalate) {
            std::vector<Success> up;
            for (const Success &x : result.successes())
                up.push_back(escalated(x));
            result = DiceResult(up);
        }
        ctx.event(
            QStringLiteral("roll"),
            Message(MsgId::RamRoll,
                    {by, r.rolled.toString(), shownFaces(r.faces.dice).text, r.result.toString(),
                     escalate ? MessageArg(Message(MsgId::EscalatedTo, {result.toString()}))
                              : QString()}),
            {{QStringLiteral("model"), attacker}, {QStringLiteral("result"), result.toString()}},
            s.models[std::size_t(attacker)].controller);
        return result;
    };

    if (u.isCapital()) {
        if (!skillTest(0)) {
            ctx.event(QStringLiteral("action"), Message(MsgId::RamFails, {name}),
                      {{QStringLiteral("model"), id}}, ctx.player);
            return;
        }
        if (!placeInContact())
            refuse(rule, Message(MsgId::NoRoomToMeet, {name, targetName}));
        const BaseShape rb = engine.view(s, id).base();
        // A physical table: the players say which arc of the target the ram meets; the
        // target is in the rammer's Fore arc (vouched for by ramming), so the fronts meet
        // when the rammer is in the target's Fore arc.
        TableQuestions table(s, &ctx.chooser);
        const Arc hit = engine.setup().physical() ? table.facing(ctx.player, target, id)
                                                  : attackerArc(tb, rb);
        const bool headOn
            = hit == ArcFore && (engine.setup().physical() || attackerArc(rb, tb) == ArcFore);
        const int bonus = headOn ? 1 : 0;
        const int flank = hit == ArcPort || hit == ArcStarboard ? 1 : hit == ArcAft ? 2 : 0;
        const DiceResult onTarget
            = rollOn(id, DicePool {u.structure.start() + bonus + flank, 0, 0}, true, name);
        const DiceResult onRammer
            = rollOn(target, DicePool {tu.structure.start() + bonus, 0, 0}, true, targetName);
        // Simultaneous: both rolls are made before the damage.
        applyAttackResult(dc, target, onTarget, ram);
        if (s.models[std::size_t(id)].inPlay()) {
            const Message collision(MsgId::CollisionWith, {targetName});
            applyAttackResult(dc, id, onRammer,
                              DamageSource {s.models[std::size_t(target)].controller,
                                            collision.english(), std::nullopt, false, collision});
        }
        return;
    }
    // A Squadron rams.
    if (!placeInContact())
        refuse(rule, Message(MsgId::NoRoomNextTo, {targetName}));
    resolvePointDefenseAttack(engine.setup(), s, target, id, ctx.dice, ctx.chooser, ctx.events);
    if (!s.models[std::size_t(id)].inPlay())
        return;
    const bool rammed = skillTest(tu.isCapital() ? 1 : 0);
    destroyModel(dc, id, Message(rammed ? MsgId::InItsRam : MsgId::FailingItsRam));
    if (!rammed)
        return;
    const int x = half(u.structure.start());
    const DiceResult onTarget = rollOn(id, DicePool {x, x, 0}, false, name);
    applyAttackResult(dc, target, onTarget, ram);
}

} // namespace jw
