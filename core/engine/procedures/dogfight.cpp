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

// Active Interception (Action): the squadron, with Fuel 1+, moves into base
// contact with an enemy Squadron (its remaining movement must reach; Return to
// Base squadrons may not intercept) and a Dogfight follows. A third squadron
// may intercept it reactively first (an active model attempting to intercept
// may be intercepted), but not the target it goes for. Its reach, and room next to the
// target, are checked before any reactive interception, which cannot be undone.
std::optional<Rejection> rules::interceptionRefusal(const Engine &engine, const GameState &s,
                                                    int id, int target)
{
    const QString rule = QStringLiteral("Action › Interception");
    const ModelState &m = s.models[std::size_t(id)];
    const ModelState *t = s.model(target);
    if (!t || !t->onTable() || t->controller == m.controller || !engine.unitOf(*t).isSquadron())
        return Rejection(rule, Message(MsgId::TargetEnemySquadron));
    if (m.has(FlagReturnToBase))
        return Rejection(rule, Message(MsgId::ReturnToBaseNoInterception));
    if (engine.view(s, id).fuel() < 1)
        return Rejection(rule, Message(MsgId::NeedsFuel1, {m.name}));
    if (std::optional<Rejection> why = reachRefusal(engine, s, id, target, rule))
        return why;
    return contactRefusal(engine, s, id, target, rule);
}

void rules::resolveInterception(Context &ctx, int target)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    const int id = s.activation->model;
    const QString rule = QStringLiteral("Action › Interception");
    if (const std::optional<Rejection> why = interceptionRefusal(engine, s, id, target))
        refuse(*why);
    if (!reactiveInterception(ctx, id, Message(MsgId::TriggerDeclaresInterception), target))
        return;
    if (!s.models[std::size_t(target)].onTable() || engine.view(s, id).fuel() < 1) {
        s.activation->actionResolved = true;
        ctx.event(QStringLiteral("action"),
                  Message(MsgId::InterceptionDoesNotHappen,
                          {s.models[std::size_t(id)].name, s.models[std::size_t(target)].name}),
                  {{QStringLiteral("model"), id}}, ctx.player);
        return;
    }
    ModelState &m = s.models[std::size_t(id)];
    moveIntoContact(ctx, id, target, rule);
    s.activation->actionResolved = true;
    ctx.event(QStringLiteral("action"),
              Message(MsgId::InterceptsDogfight, {m.name, s.models[std::size_t(target)].name}),
              {{QStringLiteral("model"), id}, {QStringLiteral("target"), target}}, ctx.player);
    assaultingIntercepted(ctx, target);
    dogfight(ctx, id, target, Message(MsgId::StayOption));
}

// States › Assaulting: "Assaulting Exo-Armors may also be intercepted by a Squadron
// in their Active turn. This cancels the Assaulting state, the Assaulting Exo-Armor
// is moved out of base to base contact with the Capital Ship and the Dogfight is
// resolved normally." For an active and a reactive Interception alike.
void rules::assaultingIntercepted(Context &ctx, int squadron)
{
    GameState &s = ctx.state;
    ModelState &am = s.models[std::size_t(squadron)];
    if (!am.has(FlagAssaulting))
        return;
    const int ship = am.assaultTarget;
    am.set(FlagAssaulting, false);
    am.assaultTarget = -1;
    placeAwayFrom(ctx, squadron, ship);
    ctx.event(QStringLiteral("state-ended"), Message(MsgId::InterceptedStopsAssaulting, {am.name}),
              {{QStringLiteral("model"), squadron}});
}

// Dogfight. The squadrons alternate Dogfight Actions, the activating one first
// (an Interceptor attacks first unless both are): Engage (Fire Control 1+, 1
// Fuel: an Attack Window on the other, Nuke and Bomb weapons excluded by the
// attack rules), Break Off (1 Fuel, a Skill Test; Fast +1 Flex; Heavy rolls
// 2d6: N may end it at Fuel 0, [D+] may end it), Stay on Target (Heavy, no
// Fuel: one Point Defense attack on the adversary). It goes on while either
// has Fuel and both fly. Afterwards a survivor without Fuel Returns to Base;
// one with Fuel may carry on (`carryOn`: continue the Assault or the Bombing,
// or simply stay), make a free Movement in any direction (up to its Speed; it
// may not be intercepted) or Return to Base. Returns the survivors that carry on.
std::vector<int> rules::dogfight(Context &ctx, int first, int second, const Message &carryOn)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    const bool firstInterceptor
        = engine.unitOf(s.models[std::size_t(first)]).hasTrait(QStringLiteral("Interceptor"));
    const bool secondInterceptor
        = engine.unitOf(s.models[std::size_t(second)]).hasTrait(QStringLiteral("Interceptor"));
    std::array<int, 2> side {first, second};
    if (secondInterceptor && !firstInterceptor)
        std::swap(side[0], side[1]);
    bool over = false;
    int passes = 0;
    for (int turn = 0; !over && turn < 64; ++turn) {
        const int me = side[std::size_t(turn % 2)];
        const int foe = side[std::size_t((turn + 1) % 2)];
        if (!s.models[std::size_t(me)].onTable() || !s.models[std::size_t(foe)].onTable())
            break;
        ModelState &mm = s.models[std::size_t(me)];
        const Unit &mu = engine.unitOf(mm);
        const ModelView mv = engine.view(s, me);
        std::vector<Message> options;
        std::vector<QString> ids;
        if (mv.fuel() >= 1 && mv.fireControl() >= 1) {
            options.push_back(Message(MsgId::EngageOption, {s.models[std::size_t(foe)].name}));
            ids.push_back(QStringLiteral("engage"));
        }
        if (mv.fuel() >= 1) {
            options.push_back(Message(MsgId::BreakOffOption));
            ids.push_back(QStringLiteral("break-off"));
        }
        if (mu.hasTrait(QStringLiteral("Heavy"))) {
            options.push_back(
                Message(MsgId::StayOnTargetOption, {s.models[std::size_t(foe)].name}));
            ids.push_back(QStringLiteral("stay-on-target"));
        }
        if (options.empty()) {
            // Out of Fuel: it has no action; the Dogfight ends when neither has.
            if (++passes >= 2)
                break;
            continue;
        }
        passes = 0;
        const int pick = ctx.chooser.ask(DecisionRequest::typed(
            mm.controller, QStringLiteral("dogfight"), Message(MsgId::DogfightWhatDoes, {mm.name}),
            std::move(options), 0,
            {{QStringLiteral("model"), me}, {QStringLiteral("target"), foe}}));
        const QString what = ids[std::size_t(pick)];
        if (what == QLatin1String("engage")) {
            mm.fuelSpent += 1;
            // A fresh Attack Window for this squadron.
            mm.fireControlSpent = 0;
            mm.weaponsUsed.clear();
            if (s.activation && s.activation->model == me)
                s.activation->weaponsUsed.clear();
            attackWindow(ctx, me, foe, AttackWindow::Dogfight, QStringLiteral("dogfight-attack"),
                         Message(MsgId::EngagesWindow, {mm.name, s.models[std::size_t(foe)].name}));
        } else if (what == QLatin1String("break-off")) {
            mm.fuelSpent += 1;
            const bool heavy = mu.hasTrait(QStringLiteral("Heavy"));
            TableQuestions table(s, &ctx.chooser);
            const DicePool pool {heavy ? 2 : skillForTest(engine.setup(), s, me, &table),
                                 mu.hasTrait(QStringLiteral("Fast")) ? 1 : 0, 0};
            const RollOutcome r = rollBest(pool, ctx.dice);
            ctx.event(
                QStringLiteral("roll"),
                Message(MsgId::TriesToBreakOff,
                        {mm.name, r.rolled.toString(), shownFaces(r.faces.dice).text,
                         r.result.toString()}),
                {{QStringLiteral("model"), me}, {QStringLiteral("result"), r.result.toString()}},
                mm.controller);
            const int end = ctx.chooser.ask(DecisionRequest::typed(
                mm.controller, QStringLiteral("break-off"),
                Message(r.result.isSuccess() ? MsgId::MayEndDogfight : MsgId::MayEndDogfightAllFuel,
                        {mm.name}),
                {Message(MsgId::EndDogfightOption), Message(MsgId::FightOnOption)}, 0,
                {{QStringLiteral("model"), me}}));
            if (end == 0) {
                if (!r.result.isSuccess())
                    mm.fuelSpent = mu.fuel.start();
                over = true;
                ctx.event(QStringLiteral("action"), Message(MsgId::BreaksOff, {mm.name}),
                          {{QStringLiteral("model"), me}}, mm.controller);
            }
        } else {
            resolvePointDefenseAttack(engine.setup(), s, me, foe, ctx.dice, ctx.chooser,
                                      ctx.events);
        }
    }
    ctx.event(QStringLiteral("action"), Message(MsgId::DogfightOver), {}, -1);
    // Its Attack Windows are over: Fire Control and weapons refresh.
    for (int who : side) {
        s.models[std::size_t(who)].fireControlSpent = 0;
        s.models[std::size_t(who)].weaponsUsed.clear();
    }
    if (s.activation)
        s.activation->weaponsUsed.clear();
    std::vector<int> carryingOn;
    for (int who : side) {
        ModelState &q = s.models[std::size_t(who)];
        if (!q.onTable())
            continue;
        int rtb = 0;
        if (engine.view(s, who).fuel() >= 1) {
            DecisionRequest r = DecisionRequest::typed(
                q.controller, QStringLiteral("dogfight-end"),
                Message(MsgId::SurvivesDogfightWhatNow, {q.name}),
                {Message(MsgId::ReturnToBaseOption), carryOn,
                 Message(MsgId::FreeMovementOption, {inches(engine.view(s, who).maxMove())})},
                1, {{QStringLiteral("model"), who}});
            r.paths.push_back({2, who, double(engine.view(s, who).maxMove())});
            const int pick = ctx.chooser.ask(r);
            rtb = pick == 0 ? 1 : 0;
            if (pick == 1)
                carryingOn.push_back(who);
            else if (pick == 2)
                freeMovement(ctx, who, ctx.chooser.lastPath(), engine.view(s, who).maxMove(),
                             QStringLiteral("Dogfight"));
        } else {
            rtb = sparedReturnToBase(ctx, who) ? 0 : 1;
        }
        if (rtb) {
            q.set(FlagReturnToBase);
            q.set(FlagAssaulting, false);
            ctx.event(QStringLiteral("state"), Message(MsgId::ReturnsToBase, {q.name}),
                      {{QStringLiteral("model"), who},
                       {QStringLiteral("state"), QStringLiteral("return-to-base")}});
        }
    }
    return carryingOn;
}

// Reactive Interception (Action › Interception): during the activation of an
// enemy Squadron that ends a Movement, declares an Attack or declares an Action
// within 3", a Squadron with Fuel 1+ may interrupt it: it moves into base
// contact and a Dogfight follows, the active Squadron acting first. Not:
// Squadrons Returning to Base, a Squadron that has intercepted in this
// activation already, the target of the active model's own Interception
// (`exclude`). House rulings: an Assaulting squadron (on a ship's hull) does not
// intercept; one that finds no room next to the active model cannot. The
// defending player is asked again after each Dogfight while the active
// Squadron carries on. Returns whether the active Squadron carries on (on the
// table, not Returning to Base, not gone on a free Movement).
std::vector<int> rules::reactiveInterceptors(const Engine &engine, const GameState &s, int squadron,
                                             int exclude)
{
    std::vector<int> out;
    const ModelState &a = s.models[std::size_t(squadron)];
    if (!a.onTable() || !engine.unitOf(a).isSquadron())
        return out;
    const BaseShape ab = engine.view(s, squadron).base();
    for (const ModelState &q : s.models) {
        if (!q.onTable() || q.controller == a.controller || q.id == exclude
            || !engine.unitOf(q).isSquadron() || q.has(FlagReturnToBase) || q.has(FlagAssaulting))
            continue;
        if (engine.view(s, q.id).fuel() < 1)
            continue;
        if (s.activation
            && std::find(s.activation->interceptors.begin(), s.activation->interceptors.end(), q.id)
                != s.activation->interceptors.end())
            continue;
        // A physical table: every squadron that may intercept is offered; the defender
        // knows which are within 3".
        if (!engine.setup().physical()) {
            const BaseShape qb = engine.view(s, q.id).base();
            if (surelyFurtherThan(qb, ab, 3.0 + kContactTolerance)
                || distance(qb, ab) > 3.0 + kContactTolerance)
                continue;
        }
        out.push_back(q.id);
    }
    return out;
}

bool rules::reactiveInterception(Context &ctx, int squadron, const Message &trigger, int exclude)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    const QString rule = QStringLiteral("Action › Reactive Interception");
    bool intercepted = false;
    for (;;) {
        const ModelState &a = s.models[std::size_t(squadron)];
        // Still Embarked (it declares its Action before it Launches): nobody
        // can intercept it there, and its Action stands.
        if (a.location == Location::Embarked)
            return true;
        if (!a.onTable())
            return false;
        // Return to Base moves are never intercepted: a squadron Returning to
        // Base goes on (its Boost or Evade stands); one sent back to base by
        // the Dogfight does not carry on.
        if (a.has(FlagReturnToBase))
            return !intercepted;
        // Candidates with room next to the active squadron.
        std::vector<int> ids;
        std::vector<QPointF> spots;
        for (int q : reactiveInterceptors(engine, s, squadron, exclude)) {
            if (const auto at = contactSpot(engine, s, q, squadron)) {
                ids.push_back(q);
                spots.push_back(*at);
            }
        }
        if (ids.empty())
            return true;
        const int defender = 1 - a.controller;
        std::vector<Message> options;
        QJsonArray candidates;
        for (int q : ids) {
            options.push_back(
                engine.setup().physical()
                    ? Message(MsgId::InterceptWithinOnTable, {s.models[std::size_t(q)].name})
                    : Message(MsgId::InterceptWithOption,
                              {s.models[std::size_t(q)].name,
                               inches(distance(engine.view(s, q).base(),
                                               engine.view(s, squadron).base()))}));
            candidates.append(q);
        }
        options.push_back(Message(MsgId::NoInterceptionOption));
        const int pick = ctx.chooser.ask(
            DecisionRequest::typed(defender, QStringLiteral("reactive-interception"),
                                   Message(MsgId::InterceptItQuestion, {a.name, trigger}),
                                   std::move(options), int(ids.size()),
                                   {{QStringLiteral("model"), squadron},
                                    {QStringLiteral("trigger"), trigger.english()},
                                    {QStringLiteral("candidates"), candidates}}));
        if (pick >= int(ids.size()))
            return true;
        const int q = ids[std::size_t(pick)];
        if (s.activation)
            s.activation->interceptors.push_back(q);
        ModelState &qm = s.models[std::size_t(q)];
        qm.placement = Placement(spots[std::size_t(pick)], qm.placement.facing());
        ModelState &am = s.models[std::size_t(squadron)];
        ctx.event(QStringLiteral("action"), Message(MsgId::InterceptsDogfight, {qm.name, am.name}),
                  {{QStringLiteral("model"), q},
                   {QStringLiteral("target"), squadron},
                   {QStringLiteral("rule"), rule}},
                  defender);
        assaultingIntercepted(ctx, squadron);
        intercepted = true;
        const std::vector<int> on = dogfight(ctx, squadron, q, Message(MsgId::CarryOnOption));
        if (std::find(on.begin(), on.end(), squadron) == on.end())
            return false;
    }
}

} // namespace jw
