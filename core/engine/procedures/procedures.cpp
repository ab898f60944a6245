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

// An Attack Window of an Assault or a Bombing Run on one target: the attacker
// fires weapon after weapon (its choice, asked as `kind`) until it stops, its
// Fire Control is spent, nothing can fire, or either model is gone.
void rules::attackWindow(Context &ctx, int id, int target, AttackWindow window, const QString &kind,
                         const Message &what)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    const Unit &u = engine.unitOf(s.models[std::size_t(id)]);
    for (;;) {
        if (!s.models[std::size_t(id)].onTable() || !s.models[std::size_t(target)].onTable())
            return;
        std::vector<int> weapons;
        std::vector<Message> options;
        QJsonArray ids;
        for (int w = 0; w < int(u.weapons.size()); ++w) {
            const AttackCheck check = checkAttack(engine.setup(), s, id, w, target, window);
            if (!check.ok())
                continue;
            weapons.push_back(w);
            ids.append(w);
            options.push_back(Message(MsgId::FireWeaponOption,
                                      {u.weapons[std::size_t(w)].name, check.pool.toString()}));
        }
        if (weapons.empty())
            return;
        options.push_back(Message(MsgId::StopAttackingOption));
        const int choice = ctx.chooser.ask(
            DecisionRequest::typed(s.models[std::size_t(id)].controller, kind,
                                   Message(MsgId::WhichWeaponFires, {what}), std::move(options), 0,
                                   {{QStringLiteral("model"), id},
                                    {QStringLiteral("target"), target},
                                    {QStringLiteral("weapons"), ids}}));
        if (choice >= int(weapons.size()))
            return;
        if (auto r = resolveAttack(engine.setup(), s, id, weapons[std::size_t(choice)], target,
                                   ctx.dice, ctx.chooser, ctx.events, window))
            refuse(*r);
    }
}

// Bombing (Special procedures): the squadron moves into base contact with the
// target Capital Ship (its remaining movement must reach), then makes Bombing
// Runs: each costs 1 Fuel — the first is free when the bomber's Speed is at
// least the target's — starts with the target's Point Defense attack, then
// gives an Attack Window (+1 Flex, Lances allowed, no Armor: attack.cpp) with
// fresh Fire Control. The player chooses to go on while Fuel allows; then the
// squadron Returns to Base. Before the runs, defending squadrons within 3" may
// intercept (reactiveInterception), with the Skill Test after the Dogfight.
void rules::resolveBombing(Context &ctx, int target)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    const int id = s.activation->model;
    const QString rule = QStringLiteral("Bombing");
    ModelState &m = s.models[std::size_t(id)];
    const Unit &u = engine.unitOf(m);
    const Unit &tu = engine.unitOf(s.models[std::size_t(target)]);
    const QString name = m.name;
    const QString shipName = s.models[std::size_t(target)].name;
    if (m.has(FlagAssaulting) && m.assaultTarget != target) {
        // Bombing another ship: it leaves the one it was Assaulting.
        m.set(FlagAssaulting, false);
        m.assaultTarget = -1;
        ctx.event(QStringLiteral("state"), Message(MsgId::StopsAssaulting, {name}),
                  {{QStringLiteral("model"), id}}, ctx.player);
    }
    moveIntoContact(ctx, id, target, rule);
    s.activation->actionResolved = true;
    ctx.event(QStringLiteral("action"), Message(MsgId::BombingBegins, {name, shipName}),
              {{QStringLiteral("model"), id}, {QStringLiteral("target"), target}}, ctx.player);
    // Interception: a bomber that survives the Dogfight with Fuel and carries
    // on makes a Skill Test: N, a single Bombing Run with Fire Control 1;
    // [D+], as normal.
    const std::size_t interceptedBefore = s.activation->interceptors.size();
    if (!reactiveInterception(ctx, id, Message(MsgId::TriggerBeginsBombing, {shipName})))
        return;
    bool hampered = false;
    if (s.activation->interceptors.size() > interceptedBefore) {
        const DiceResult r = actionSkillTest(
            engine, s, id, Message(MsgId::BombingAfterInterception), ctx.dice, ctx.events);
        hampered = !r.isSuccess();
        if (hampered)
            ctx.event(QStringLiteral("action"), Message(MsgId::SingleBombingRun, {name}),
                      {{QStringLiteral("model"), id}}, ctx.player);
    }
    bool freeRun = u.speed >= tu.speed;
    int runsMade = 0;
    for (int run = 1;; ++run) {
        ModelState &b = s.models[std::size_t(id)];
        if (!b.onTable() || !s.models[std::size_t(target)].onTable())
            break;
        if (hampered && run > 1)
            break;
        const int fuel = engine.view(s, id).fuel();
        if (!freeRun && fuel < 1)
            break;
        if (run > 1) {
            const int more = ctx.chooser.ask(DecisionRequest::typed(
                b.controller, QStringLiteral("bombing-run"),
                Message(MsgId::AnotherBombingRun,
                        {name, shipName,
                         freeRun ? Message(MsgId::BombingRunFree)
                                 : Message(MsgId::BombingRunFuel, {fuel})}),
                {Message(MsgId::YesOption), Message(MsgId::NoReturnToBaseOption)}, 0,
                {{QStringLiteral("model"), id}}));
            if (more == 1)
                break;
        }
        if (freeRun)
            freeRun = false;
        else
            b.fuelSpent += 1;
        ctx.event(QStringLiteral("action"), Message(MsgId::BombingRun, {name, run, shipName}),
                  {{QStringLiteral("model"), id}}, ctx.player);
        resolvePointDefenseAttack(engine.setup(), s, target, id, ctx.dice, ctx.chooser, ctx.events);
        if (!s.models[std::size_t(id)].onTable())
            break;
        // A fresh Attack Window: Fire Control and weapons refresh (to 1 only
        // for a bomber hampered by an Interception).
        s.models[std::size_t(id)].fireControlSpent = 0;
        if (hampered)
            s.models[std::size_t(id)].fireControlSpent
                = std::max(0, engine.view(s, id).fireControl() - 1);
        s.activation->weaponsUsed.clear();
        ++runsMade;
        attackWindow(ctx, id, target, AttackWindow::Bombing, QStringLiteral("bombing-attack"),
                     Message(MsgId::BombingRunWindow, {name, shipName}));
    }
    ModelState &b = s.models[std::size_t(id)];
    // States › Assaulting (v1.2.3): an Exo-Armor that completed a Bombing Run
    // may enter the Assaulting state, staying in base contact with the ship,
    // when it can do so without overlapping (house ruling: instead of
    // Returning to Base; the v1.2.3 Bombing text is not in our rules).
    if (b.onTable() && engine.profile().assaulting == AssaultingRule::BombingRun && runsMade > 0
        && u.type == UnitType::ExoArmor && s.models[std::size_t(target)].onTable()) {
        const auto spot = contactSpot(engine, s, id, target);
        if (!spot) {
            b.set(FlagAssaulting, false);
            b.assaultTarget = -1;
            ctx.event(QStringLiteral("action"), Message(MsgId::NoRoomToAssault, {name, shipName}),
                      {{QStringLiteral("model"), id}}, ctx.player);
        } else if (ctx.chooser.ask(DecisionRequest::typed(
                       b.controller, QStringLiteral("bombing-end"),
                       Message(MsgId::BombingOverWhatNow, {name, shipName}),
                       {Message(MsgId::ReturnToBaseOption),
                        Message(MsgId::EnterAssaultingOption, {shipName})},
                       0, {{QStringLiteral("model"), id}, {QStringLiteral("target"), target}}))
                   == 1) {
            b.placement = Placement(*spot, b.placement.facing());
            b.set(FlagReturnToBase, false);
            b.set(FlagAssaulting);
            b.assaultTarget = target;
            ctx.event(QStringLiteral("state"), Message(MsgId::IsAssaulting, {name, shipName}),
                      {{QStringLiteral("model"), id},
                       {QStringLiteral("state"), QStringLiteral("assaulting")}});
            return;
        }
    }
    if (b.onTable() && b.has(FlagAssaulting)) {
        b.set(FlagAssaulting, false);
        b.assaultTarget = -1;
    }
    if (b.onTable() && !sparedReturnToBase(ctx, id)) {
        b.set(FlagReturnToBase);
        ctx.event(QStringLiteral("state"), Message(MsgId::BombingEndsReturnToBase, {name}),
                  {{QStringLiteral("model"), id},
                   {QStringLiteral("state"), QStringLiteral("return-to-base")}},
                  ctx.player);
    }
}

// Active Interception (Action): the squadron, with Fuel 1+, moves into base
// contact with an enemy Squadron (its remaining movement must reach; Return to
// Base squadrons may not intercept) and a Dogfight follows. A third squadron
// may intercept it reactively first (an active model attempting to intercept
// may be intercepted), but not the target it goes for.
void rules::resolveInterception(Context &ctx, int target)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    const int id = s.activation->model;
    const QString rule = QStringLiteral("Action › Interception");
    if (s.models[std::size_t(id)].has(FlagReturnToBase))
        refuse(rule, Message(MsgId::ReturnToBaseNoInterception));
    if (engine.view(s, id).fuel() < 1)
        refuse(rule, Message(MsgId::NeedsFuel1, {s.models[std::size_t(id)].name}));
    // Checked before any reactive interception, which cannot be undone.
    checkReach(engine, s, id, target, rule);
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
            const DicePool pool {heavy ? 2 : skillForTest(engine.setup(), s, me),
                                 mu.hasTrait(QStringLiteral("Fast")) ? 1 : 0, 0};
            const RollOutcome r = rollBest(pool, ctx.dice);
            QStringList faces;
            for (int f : r.faces.dice)
                faces << QString::number(f);
            ctx.event(
                QStringLiteral("roll"),
                Message(MsgId::TriesToBreakOff,
                        {mm.name, r.rolled.toString(), faces.join(QLatin1Char(' ')),
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
void rules::resolveRamming(Context &ctx, int target)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    const int id = s.activation->model;
    const QString rule = QStringLiteral("Ramming");
    ModelState &m = s.models[std::size_t(id)];
    const Unit &u = engine.unitOf(m);
    const Unit &tu = engine.unitOf(s.models[std::size_t(target)]);
    const QString name = m.name;
    const QString targetName = s.models[std::size_t(target)].name;
    if (u.isCapital() && tu.isSquadron())
        refuse(QStringLiteral("Ramming › Ramming Requirements"),
               Message(MsgId::CapitalMayNotRamSquadron));
    if (!s.activation->weaponsUsed.empty())
        refuse(QStringLiteral("Ramming › Ramming Requirements"), Message(MsgId::RammingNoAttacks));
    const BaseShape tb = engine.view(s, target).base();
    const double d = distance(engine.view(s, id).base(), tb);
    const double left = engine.moveLimits(s, id).left();
    if (u.isCapital() && !targetInArcs(engine.view(s, id).base(), ArcFore, tb))
        refuse(rule, Message(MsgId::RamForeArc, {name, targetName}));
    if (d > left + kContactTolerance)
        refuse(rule,
               Message(MsgId::CannotReach,
                       {name, targetName, inches(d), inches(std::max(0.0, left))}));
    s.activation->actionResolved = true;
    const auto skillTest = [&](int extra) {
        const DicePool pool = skillTestPool(skillForTest(engine.setup(), s, id) + extra);
        const RollOutcome r = rollBest(pool, ctx.dice);
        QStringList faces;
        for (int f : r.faces.dice)
            faces << QString::number(f);
        ctx.event(
            QStringLiteral("roll"),
            Message(MsgId::RamSkillTest,
                    {name, r.rolled.toString(), faces.join(QLatin1Char(' ')), r.result.toString()}),
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
        QStringList faces;
        for (int f : r.faces.dice)
            faces << QString::number(f);
        ctx.event(
            QStringLiteral("roll"),
            Message(MsgId::RamRoll,
                    {by, r.rolled.toString(), faces.join(QLatin1Char(' ')), r.result.toString(),
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
        const Arc hit = attackerArc(tb, rb);
        const bool headOn = hit == ArcFore && attackerArc(rb, tb) == ArcFore;
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

// Assault (Initiate Assault, Squadron Special Actions): "After an Exo-Armor moves
// into base to base with a Capital Ship ... initiate an Assault". Its move may end
// in contact (checkPlacement); one that stops short moves into contact now, as a
// Bombing does, when its remaining movement reaches (moveIntoContact).
// 1. Defending Squadrons within 3" may intercept: NOT resolved by this version
//    (Interception is not implemented yet).
// 2. The target's Point Defense attack on the squadron; [T+] drives it off and
//    its activation ends.
// 3. A single Attack Window against the target (attack.cpp: +2F, AS as AC,
//    Precise, Lance, no Armor, no Point Defense against its Missiles): the
//    attacker fires weapon after weapon ("assault-attack") until it stops or
//    nothing more may fire.
// 4. The squadron enters Assaulting (default) or Return to Base ("assault-end").
// House rulings: the Assault's Attack Window is the squadron's Attack Window of
// the activation, so a squadron that has attacked already this activation may not
// Assault; and the Assault is the last thing the squadron does: its activation
// ends with it (it has moved already; "resolving either as appropriate").
// "Driven off" ends the activation and sets no other state.
void rules::resolveAssault(Context &ctx, int target)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    const int id = s.activation->model;
    const QString rule = QStringLiteral("Assault");
    {
        const ModelState &m = s.models[std::size_t(id)];
        if (!s.activation->weaponsUsed.empty())
            refuse(rule, Message(MsgId::AssaultAfterAttack, {m.name}));
    }
    moveIntoContact(ctx, id, target, rule);
    s.activation->actionResolved = true;
    const QString name = s.models[std::size_t(id)].name;
    const QString shipName = s.models[std::size_t(target)].name;
    ctx.event(QStringLiteral("action"), Message(MsgId::AssaultsShip, {name, shipName}),
              {{QStringLiteral("model"), id}, {QStringLiteral("target"), target}}, ctx.player);
    // 1. Defending Squadrons within 3" may intercept; the Assault goes on only
    // if the Exo-Armor survives, carries on and is still in base contact.
    if (!reactiveInterception(ctx, id, Message(MsgId::TriggerAssaults, {shipName})))
        return endActivation(ctx);
    if (!s.models[std::size_t(target)].onTable()
        || !touching(engine.view(s, id).base(), engine.view(s, target).base())) {
        ctx.event(QStringLiteral("action"), Message(MsgId::AssaultBrokenUp, {name, shipName}),
                  {{QStringLiteral("model"), id}}, ctx.player);
        return endActivation(ctx);
    }
    // 2. Point Defense.
    const DiceResult pd = resolvePointDefenseAttack(engine.setup(), s, target, id, ctx.dice,
                                                    ctx.chooser, ctx.events);
    if (!s.models[std::size_t(id)].onTable())
        return endActivation(ctx);
    if (pd.best() >= Magnitude::T) {
        ctx.event(QStringLiteral("action"),
                  Message(MsgId::DrivenOffByPointDefense, {name, shipName}),
                  {{QStringLiteral("model"), id}}, ctx.player);
        return endActivation(ctx);
    }
    // 3. The Assault Attack Window.
    attackWindow(ctx, id, target, AttackWindow::Assault, QStringLiteral("assault-attack"),
                 Message(MsgId::AssaultsWindow, {name, shipName}));
    // 4. Assaulting or Return to Base.
    ModelState &m = s.models[std::size_t(id)];
    if (!m.onTable())
        return endActivation(ctx);
    int stay = 1;
    if (s.models[std::size_t(target)].onTable())
        stay = ctx.chooser.ask(DecisionRequest::typed(
            m.controller, QStringLiteral("assault-end"),
            Message(MsgId::AssaultOverWhatNow, {name, shipName}),
            {Message(MsgId::EnterAssaultingOption, {shipName}), Message(MsgId::ReturnToBaseOption)},
            0, {{QStringLiteral("model"), id}, {QStringLiteral("target"), target}}));
    if (stay == 0) {
        m.set(FlagReturnToBase, false);
        m.set(FlagAssaulting);
        m.assaultTarget = target;
        ctx.event(QStringLiteral("state"), Message(MsgId::IsAssaulting, {name, shipName}),
                  {{QStringLiteral("model"), id},
                   {QStringLiteral("state"), QStringLiteral("assaulting")}});
    } else {
        m.set(FlagAssaulting, false);
        m.assaultTarget = -1;
        m.set(FlagReturnToBase);
        ctx.event(QStringLiteral("state"), Message(MsgId::ReturnsToBase, {name}),
                  {{QStringLiteral("model"), id},
                   {QStringLiteral("state"), QStringLiteral("return-to-base")}});
    }
    endActivation(ctx);
}

// Boarding (Initiate Boarding): a model with Marines within 1" of an enemy
// Capital Ship.
// 1. The boarding player commits 1 to all of its current Marines
//    ("boarding-commit", default: all); they leave its Marines track.
// 2. The target's Point Defense against them as a Squadron of Structure equal
//    to the committed Marines: each [D] removes 1, each [T] 2, a [Q+] all.
// 3. The survivors board: the target is Boarded, its Boarders increased by them
//    (several boarding models add up).
// House rulings: the Point Defense pool is pointDefensePool() rolled for the best
// result (its Flex dice taken by the defender at their best); the boarding
// model's activation goes on (it may still move and attack). Committed Marines
// are off the boarding model's track whether or not any survive.
void rules::resolveBoarding(Context &ctx, int target)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    const int id = s.activation->model;
    ModelState &m = s.models[std::size_t(id)];
    const Unit &u = engine.unitOf(m);
    const QString rule = QStringLiteral("Boarding");
    const ModelState &t0 = s.models[std::size_t(target)];
    const double d = distance(engine.view(s, id).base(), engine.view(s, target).base());
    if (d > 1.0 + kContactTolerance)
        refuse(rule, Message(MsgId::BoardingWithin1, {m.name, t0.name, inches(d)}));
    // Exo-Suit: a squadron may board as a Marine model with a Marines rating
    // of 1 for each 2 damage points (Structure) remaining.
    const bool suit = u.isSquadron() && u.hasTrait(QStringLiteral("Exo-Suit"));
    const int marines
        = suit ? ModelView(u, m).structure() / 2 : ModelView(u, m).rating(Rating::Marines);
    if (marines < 1)
        refuse(QStringLiteral("Action › Initiate Boarding"),
               Message(MsgId::NoMarinesLeft, {m.name}));
    std::vector<Message> options;
    for (int n = 1; n <= marines; ++n)
        options.push_back(Message(n == 1 ? MsgId::CommitOneMarine : MsgId::CommitMarines, {n}));
    const int committed = 1
        + ctx.chooser.ask(DecisionRequest::typed(
            m.controller, QStringLiteral("boarding-commit"),
            Message(MsgId::HowManyMarinesBoard, {m.name, t0.name}), std::move(options), marines - 1,
            {{QStringLiteral("model"), id}, {QStringLiteral("target"), target}}));
    s.activation->actionResolved = true;
    if (suit) {
        // House ruling: the Exo-Suits that board leave the squadron, 2 Structure
        // for each Marine committed; with none left it is gone (Destroyed).
        m.structureLost += 2 * committed;
    } else {
        m.marinesLost += marinesLostBoxes(u, m, committed);
    }
    ctx.event(QStringLiteral("action"),
              Message(MsgId::SendsMarinesToBoard, {m.name, committed, t0.name}),
              {{QStringLiteral("model"), id},
               {QStringLiteral("target"), target},
               {QStringLiteral("marines"), committed}},
              ctx.player);
    // 2. Point Defense against the committed Marines.
    int lost = 0;
    const ModelState &t = s.models[std::size_t(target)];
    if (engine.view(s, target).rating(Rating::Defense) >= 1) {
        const DicePool pool = pointDefensePool(engine.setup(), s, target);
        const RollOutcome r = rollBest(pool, ctx.dice);
        const ShownFaces faces = shownFaces(r.faces.dice);
        ctx.event(QStringLiteral("roll"),
                  Message(MsgId::PointDefenseAgainstBoarders,
                          {t.name, r.rolled.toString(), faces.text, r.result.toString()}),
                  {{QStringLiteral("purpose"), QStringLiteral("point-defense")},
                   {QStringLiteral("pool"), pool.toString()},
                   {QStringLiteral("dice"), faces.json},
                   {QStringLiteral("result"), r.result.toString()}},
                  t.controller);
        // Grapplers: the boarding model diminishes the Point Defense Result
        // (each of its successes one step; house ruling for a Result of several).
        DiceResult result = r.result;
        if (u.hasTrait(QStringLiteral("Grapplers")) && result.isSuccess()) {
            std::vector<Success> less;
            for (const Success &x : result.successes())
                less.push_back(diminished(x));
            result = DiceResult(less);
            ctx.event(QStringLiteral("roll"),
                      Message(MsgId::GrapplersDiminish, {m.name, result.toString()}),
                      {{QStringLiteral("result"), result.toString()}}, m.controller);
        }
        for (const Success &x : result.successes())
            lost += x.magnitude == Magnitude::D ? 1 : x.magnitude == Magnitude::T ? 2 : committed;
        lost = std::min(lost, committed);
    } else {
        ctx.event(QStringLiteral("roll"), Message(MsgId::NoPointDefenseAtDefense0, {t.name}),
                  {{QStringLiteral("purpose"), QStringLiteral("point-defense")}}, t.controller);
    }
    const int survivors = committed - lost;
    if (suit && engine.view(s, id).structure() <= 0) {
        DamageContext dc {engine.setup(), s, ctx.dice, ctx.chooser, ctx.events};
        destroyModel(dc, id, Message(MsgId::AllExoSuitsBoard, {t.name}));
    }
    ModelState &tm = s.models[std::size_t(target)];
    if (survivors == 0) {
        ctx.event(QStringLiteral("boarding"), Message(MsgId::NoMarineReaches, {m.name, tm.name}),
                  {{QStringLiteral("model"), target}});
        return;
    }
    if (uioSearch(s, target)) {
        boardUio(ctx, target, m.controller, survivors); // Scavenger Hunt (engineuio.cpp)
        return;
    }
    tm.boarders += survivors;
    tm.set(FlagBoarded);
    ctx.event(QStringLiteral("state"),
              Message(MsgId::MarinesBoard, {survivors, tm.name, tm.boarders}),
              {{QStringLiteral("model"), target},
               {QStringLiteral("state"), QStringLiteral("boarded")},
               {QStringLiteral("boarders"), tm.boarders}});
}

// ---- End Phase, victory -----------------------------------------------------

// States › Assaulting. When the Capital Ship under assault activates, each
// Assaulting squadron's owner chooses: stay Assaulting (re-placed in base
// contact once the ship has moved) or cancel into Return to Base (it stays
// where it is as the ship moves away). When the Assaulting squadron itself
// activates it stays only by declaring an Assault; otherwise the state is
// cancelled and it is placed 1" away from the ship, returning to base.
void rules::assaultingAtActivation(Context &ctx, int id)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    ModelState &m = s.models[std::size_t(id)];
    const bool v123 = engine.profile().assaulting == AssaultingRule::BombingRun;
    if (m.has(FlagAssaulting)) {
        // v1.2.2: it stays by declaring an Assault; v1.2.3: it must declare a
        // Bombing (checked at activation) and stays until the Bombing ends.
        if (s.activation->action == (v123 ? ActionId::InitiateBombing : ActionId::InitiateAssault))
            return;
        const int ship = m.assaultTarget;
        m.set(FlagAssaulting, false);
        m.assaultTarget = -1;
        m.set(FlagReturnToBase);
        placeAwayFrom(ctx, id, ship);
        ctx.event(QStringLiteral("state"), Message(MsgId::StopsAssaultingPlacedAway, {m.name}),
                  {{QStringLiteral("model"), id},
                   {QStringLiteral("state"), QStringLiteral("return-to-base")}});
        return;
    }
    if (!engine.unitOf(m).isCapital())
        return;
    for (ModelState &q : s.models) {
        if (!q.onTable() || !q.has(FlagAssaulting) || q.assaultTarget != id)
            continue;
        DecisionRequest r = DecisionRequest::typed(
            q.controller, QStringLiteral("assaulting"),
            Message(MsgId::KeepAssaultingQuestion, {m.name, q.name}),
            {Message(MsgId::KeepAssaultingOption, {m.name}),
             Message(v123 ? MsgId::DisengageOption : MsgId::StopAssaultingOption, {m.name})},
            0, {{QStringLiteral("model"), q.id}, {QStringLiteral("ship"), id}});
        if (v123)
            r.paths.push_back({1, q.id, 4.0});
        const int stay = ctx.chooser.ask(r);
        if (stay == 0) {
            s.activation->assaulters.push_back(q.id);
        } else if (v123) {
            // Disengage (v1.2.3): "makes a 4\" move to disengage from the
            // Capital Ship at the beginning of the Capital Ship's activation"
            // (house ruling: it does not Return to Base).
            q.set(FlagAssaulting, false);
            q.assaultTarget = -1;
            ctx.event(QStringLiteral("state"),
                      Message(MsgId::StopsAssaultingDisengages, {q.name, m.name}),
                      {{QStringLiteral("model"), q.id},
                       {QStringLiteral("state"), QStringLiteral("disengaged")}});
            if (!ctx.chooser.lastPath().empty())
                freeMovement(ctx, q.id, ctx.chooser.lastPath(), 4.0,
                             QStringLiteral("States › Assaulting"));
        } else {
            q.set(FlagAssaulting, false);
            q.assaultTarget = -1;
            q.set(FlagReturnToBase);
            ctx.event(QStringLiteral("state"),
                      Message(MsgId::StopsAssaultingReturnsToBase, {q.name}),
                      {{QStringLiteral("model"), q.id},
                       {QStringLiteral("state"), QStringLiteral("return-to-base")}});
        }
    }
}

// States › Boarded: at the start of its activation a Boarded model resolves a
// firefight between the Boarders and its Marines. Each player chooses in
// secret (defender: Engage or Defend; boarders: Engage or Sabotage):
// - Engage/Engage: both roll their rating; [D] -1, [T] -2, [Q+] all of the
//   opponent's rating.
// - Sabotage/Engage: the defender's Engage, and at the same time the Boarders'
//   roll applied to the ship as a Precise weapon.
// - Engage/Defend: both as Engage; the defender's results are Diminished
//   (our reading of "the defending player, however, Diminishes their results":
//   defending is the cautious choice).
// - Sabotage/Defend: an Opposed Roll, Boarders primary; what remains is applied
//   as a Precise weapon.
// Ring Module: +1B for the defending Marines while at least 2 remain.
// Marines at 0 with Boarders left: Captured (the Boarders become its Marines, up
// to the original rating); Boarders at 0: the state ends.
void rules::boardedFirefight(Context &ctx, int id)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    ModelState &m = s.models[std::size_t(id)];
    const Unit &u = engine.unitOf(m);
    const int defender = m.controller;
    const int boarder = 1 - defender;
    const QString who = engine.setup().players[std::size_t(boarder)].name;
    // Both chosen in secret (DecisionRequest::secret).
    DecisionRequest defenderAsked = DecisionRequest::typed(
        defender, QStringLiteral("boarding-defender"), Message(MsgId::BoardersHowFight, {m.name}),
        {Message(MsgId::MarinesEngageOption), Message(MsgId::MarinesDefendOption)}, 0,
        {{QStringLiteral("model"), id}});
    defenderAsked.secret = true;
    const int defendChoice = ctx.chooser.ask(defenderAsked);
    DecisionRequest boarderAsked = DecisionRequest::typed(
        boarder, QStringLiteral("boarding-boarder"), Message(MsgId::BoardersWhatDo, {who, m.name}),
        {Message(MsgId::BoardersEngageOption), Message(MsgId::BoardersSabotageOption)}, 0,
        {{QStringLiteral("model"), id}});
    boarderAsked.secret = true;
    const int boardChoice = ctx.chooser.ask(boarderAsked);
    const bool defend = defendChoice == 1;
    const bool sabotage = boardChoice == 1;
    ctx.event(QStringLiteral("boarding"),
              Message(MsgId::FirefightChoices,
                      {m.name, Message(defend ? MsgId::FirefightDefend : MsgId::FirefightEngage),
                       Message(sabotage ? MsgId::FirefightSabotage : MsgId::FirefightEngage)}),
              {{QStringLiteral("model"), id}});

    const ModelView v(u, m);
    const int marines = v.rating(Rating::Marines);
    const int boarders = m.boarders;
    const int ring = u.hasTrait(QStringLiteral("Ring Module")) && marines >= 2 ? 1 : 0;
    const DicePool defPool {marines + ring, 0, 0};
    const DicePool boardPool {boarders, 0, 0};
    auto roll = [&](const DicePool &pool, const Message &by, int player) {
        const RollOutcome r = rollBest(pool, ctx.dice);
        const ShownFaces faces = shownFaces(r.faces.dice);
        ctx.event(QStringLiteral("roll"),
                  Message(MsgId::FirefightRoll,
                          {by, r.rolled.toString(), faces.text, r.result.toString()}),
                  {{QStringLiteral("pool"), pool.toString()},
                   {QStringLiteral("dice"), faces.json},
                   {QStringLiteral("result"), r.result.toString()}},
                  player);
        return r.result;
    };
    // What an Engage result takes off the opponent's rating.
    const auto casualties = marineCasualties;
    auto diminishAll = [](const DiceResult &r) {
        std::vector<Success> out;
        for (const Success &x : r.successes()) {
            const Success d = diminished(x);
            if (d.magnitude != Magnitude::N)
                out.push_back(d);
        }
        return DiceResult(out);
    };
    int boardersLost = 0;
    int marinesLost = 0;
    std::optional<DiceResult> sabotageResult;
    if (!sabotage || !defend) {
        // The defender's Engage (diminished when Defending against an Engage).
        DiceResult d = roll(defPool, Message(MsgId::MarinesOf, {m.name}), defender);
        if (defend)
            d = diminishAll(d);
        boardersLost = casualties(d, boarders);
    }
    if (!sabotage) {
        const DiceResult b = roll(boardPool, Message(MsgId::TheBoarders), boarder);
        marinesLost = casualties(b, marines);
    } else if (!defend) {
        sabotageResult = roll(boardPool, Message(MsgId::TheBoardersSabotage), boarder);
    } else {
        const DiceResult primary = roll(boardPool, Message(MsgId::TheBoardersSabotage), boarder);
        const DiceResult secondary = roll(defPool, Message(MsgId::MarinesOf, {m.name}), defender);
        sabotageResult = applyOpposition(primary, secondary, worstForPrimary(primary, secondary));
    }
    // Simultaneous: both losses from the ratings before the firefight.
    m.boarders = std::max(0, boarders - boardersLost);
    m.marinesLost += marinesLostBoxes(u, m, marinesLost);
    if (boardersLost || marinesLost)
        ctx.event(QStringLiteral("damage"),
                  Message(MsgId::FirefightCosts, {boardersLost, m.name, marinesLost}),
                  {{QStringLiteral("model"), id}});
    if (sabotageResult && sabotageResult->isSuccess()) {
        DamageContext dc {engine.setup(), s, ctx.dice, ctx.chooser, ctx.events};
        const Message by(MsgId::BoardersSabotageBy);
        applyAttackResult(dc, id, *sabotageResult,
                          DamageSource {boarder, by.english(), std::nullopt, true, by});
    }
    ModelState &after = s.models[std::size_t(id)];
    const int marinesLeft = ModelView(u, after).rating(Rating::Marines);
    if (after.boarders == 0) {
        after.set(FlagBoarded, false);
        ctx.event(QStringLiteral("state-ended"), Message(MsgId::NoLongerBoarded, {after.name}),
                  {{QStringLiteral("model"), id}});
    } else if (marinesLeft == 0 && after.inPlay()) {
        after.set(FlagBoarded, false);
        after.set(FlagCaptured);
        after.controller = boarder;
        // The Boarders become its Marines, up to the original rating.
        const int crew = std::min(after.boarders, u.marines.start());
        after.marinesLost = 0;
        while (after.marinesLost < u.marines.size()
               && u.marines.valueAfter(after.marinesLost) > crew)
            ++after.marinesLost;
        after.boarders = 0;
        // "The new owner may choose whether or not to resolve the chosen action":
        // the captor goes on with this activation.
        if (s.activation && s.activation->model == id) {
            s.toAct = boarder;
            ctx.player = boarder;
        }
        ctx.event(
            QStringLiteral("state"), Message(MsgId::CapturedBy, {after.name, who}),
            {{QStringLiteral("model"), id}, {QStringLiteral("state"), QStringLiteral("captured")}});
    }
}

// States › Return to Base: "must make a Returning to Base move during the End
// Phase directly towards the controlling player's table edge or the nearest
// model with the Hangers trait, owning player's choice", may spend 1 Fuel to
// double its Speed, must move all of its Speed if possible, may Land on a
// friendly Hangers model it reaches; the state is then cancelled.
// House rulings: the move stops short of any base it would end touching (the
// closest clear point along the line); a squadron reaching its own table edge
// leaves play: Withdrawn where the profile says leaving play withdraws
// (v1.2.3+), otherwise it stops at the edge and waits there.
void rules::returnToBase(Context &ctx, int id)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    ModelState &m = s.models[std::size_t(id)];
    const Unit &u = engine.unitOf(m);
    const ModelView v(u, m);
    const QPointF from = m.placement.centre();

    // The nearest friendly model with working Hangers, if any.
    int carrier = -1;
    double best = 1e9;
    for (const ModelState &c : s.models) {
        if (c.controller != m.controller || !c.onTable() || c.id == id)
            continue;
        if (!engine.view(s, c.id).traitWorks(QStringLiteral("Hangers")))
            continue;
        const double d = distance(v.base(), engine.view(s, c.id).base());
        if (d < best) {
            best = d;
            carrier = c.id;
        }
    }
    const QLineF edge = tableEdgeLine(engine.tableEdge(m.controller));
    const QPointF edgePoint = engine.tableEdge(m.controller) == TableEdge::Bottom
        ? QPointF(from.x(), edge.p1().y())
        : engine.tableEdge(m.controller) == TableEdge::Top ? QPointF(from.x(), edge.p1().y())
                                                           : edge.center();
    std::vector<Message> options {Message(
        MsgId::TowardTableEdgeOption, {engine.setup().players[std::size_t(m.controller)].name})};
    if (carrier >= 0)
        options.push_back(Message(MsgId::TowardHangersOption,
                                  {s.models[std::size_t(carrier)].name, inches(best)}));
    const int towardCarrier = ctx.chooser.ask(DecisionRequest::typed(
        m.controller, QStringLiteral("return-to-base"), Message(MsgId::WhereReturnToBase, {m.name}),
        std::move(options), carrier >= 0 ? 1 : 0, {{QStringLiteral("model"), id}}));
    double speed = u.speed;
    if (v.fuel() >= 1) {
        const int spend = ctx.chooser.ask(
            DecisionRequest::typed(m.controller, QStringLiteral("return-fuel"),
                                   Message(MsgId::SpendFuelDoubleSpeed, {m.name}),
                                   {Message(MsgId::NoMoveOption, {inches(u.speed)}),
                                    Message(MsgId::YesMoveOption, {inches(2 * u.speed)})},
                                   0, {{QStringLiteral("model"), id}}));
        if (spend == 1) {
            m.fuelSpent += 1;
            speed *= 2;
        }
    }
    QPointF goal = edgePoint;
    if (towardCarrier == 1) {
        const BaseShape cb = engine.view(s, carrier).base();
        goal = closestPoint(cb, from);
    }
    QLineF line(from, goal);
    const double length = line.length();
    // Stop at contact with the carrier (Land), or after the full Speed.
    double travel = std::min(speed, length);
    auto clearAt = [&](double t) {
        const QPointF c = length > 0 ? from + (goal - from) * (t / length) : from;
        const BaseShape b(u.base, Placement(c, m.placement.facing()));
        for (const ModelState &o : s.models) {
            if (o.id == id || !o.onTable())
                continue;
            const BaseShape ob = engine.view(s, o.id).base();
            if (overlaps(b, ob))
                return false;
            if (touching(b, ob) && !(towardCarrier == 1 && o.id == carrier))
                return false;
        }
        return isWithinTable(b);
    };
    // Back off in small steps to the last point clear of other bases.
    while (travel > 0 && !clearAt(travel))
        travel = std::max(0.0, travel - 0.05);
    const QPointF end = length > 0 ? from + (goal - from) * (travel / length) : from;
    m.placement = Placement(end, m.placement.facing());
    ctx.event(QStringLiteral("moved"),
              Message(MsgId::ReturnsToBaseToward,
                      {m.name, inches(travel),
                       towardCarrier == 1 ? MessageArg(s.models[std::size_t(carrier)].name)
                                          : MessageArg(Message(MsgId::ItsTableEdge))}),
              {{QStringLiteral("model"), id},
               {QStringLiteral("path"),
                QJsonArray {QJsonArray {from.x(), from.y()}, QJsonArray {end.x(), end.y()}}}});
    m.set(FlagReturnToBase, false);
    // Land on the carrier it reached, if it has room.
    if (towardCarrier == 1 && touching(v.base(), engine.view(s, carrier).base())) {
        int capacity = 0;
        const Unit &cu = engine.unitOf(s.models[std::size_t(carrier)]);
        for (int t = 0; t < int(cu.traits.size()); ++t)
            if (cu.traits[std::size_t(t)].name == QLatin1String("Hangers"))
                capacity += cu.traits[std::size_t(t)].value.value_or(0)
                    - s.models[std::size_t(carrier)].traitsDamaged[std::size_t(t)];
        int aboard = 0;
        for (const ModelState &o : s.models)
            aboard += o.location == Location::Embarked && o.carrier == carrier ? 1 : 0;
        if (aboard < capacity) {
            m.location = Location::Embarked;
            m.carrier = carrier;
            ctx.event(QStringLiteral("embarked"),
                      Message(MsgId::Lands, {m.name, s.models[std::size_t(carrier)].name}),
                      {{QStringLiteral("model"), id}, {QStringLiteral("carrier"), carrier}});
        }
    } else if (towardCarrier == 0) {
        const BaseShape b = v.base();
        const bool atEdge = distance(b, edgePoint) < 0.06;
        if (atEdge && engine.profile().withdrawnByLeavingPlay) {
            m.location = Location::Withdrawn;
            ctx.event(QStringLiteral("withdrawn"), Message(MsgId::LeavesTableWithdrawn, {m.name}),
                      {{QStringLiteral("model"), id}});
        }
    }
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
        if (distance(engine.view(s, q.id).base(), ab) > 3.0 + kContactTolerance)
            continue;
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
            options.push_back(Message(
                MsgId::InterceptWithOption,
                {s.models[std::size_t(q)].name,
                 inches(distance(engine.view(s, q).base(), engine.view(s, squadron).base()))}));
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

// A Squadron's Movement out of the activation sequence (the free Movement
// after a Dogfight, a Vector Attack's 3"): along `path`, at most `limit`
// inches, ending where a Squadron may; nobody may intercept it.
void rules::freeMovement(Context &ctx, int model, const std::vector<QPointF> &path, double limit,
                         const QString &rule)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    ModelState &m = s.models[std::size_t(model)];
    if (!m.onTable() || !engine.unitOf(m).isSquadron())
        refuse(rule, Message(MsgId::NotSquadronOnTable, {m.name}));
    if (path.empty())
        refuse(rule, Message(MsgId::PathEmpty));
    QPolygonF line;
    line << m.placement.centre();
    for (const QPointF &p : path)
        line << p;
    const double length = pathLength(line);
    if (length > limit + kContactTolerance)
        refuse(rule, Message(MsgId::FreeMoveTooFar, {m.name, inches(limit), inches(length)}));
    const Placement end(line.last(), m.placement.facing());
    if (auto rej = checkPlacement(engine, s, model, end, false))
        refuse(*rej);
    m.placement = end;
    QJsonArray jp;
    for (const QPointF &p : line)
        jp.append(QJsonArray {p.x(), p.y()});
    ctx.event(QStringLiteral("moved"), Message(MsgId::FreeMovement, {m.name, inches(length), rule}),
              {{QStringLiteral("model"), model}, {QStringLiteral("path"), jp}}, m.controller);
}

// "Place the Squadron 1\" away from the Capital Ship" (house ruling for
// "1\" away": the nearest clear spot 1" from the ship's base, on the side it was).
void rules::placeAwayFrom(Context &ctx, int id, int ship)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    ModelState &m = s.models[std::size_t(id)];
    const ModelState *t = s.model(ship);
    if (!t || !t->onTable())
        return;
    std::vector<BaseShape> others;
    for (const ModelState &o : s.models)
        if (o.onTable() && o.id != id && o.id != ship)
            others.push_back(engine.view(s, o.id).base());
    const BaseShape shipBase = engine.view(s, ship).base();
    const QPointF centre = m.placement.centre();
    const QPointF near = closestPoint(shipBase, centre);
    QPointF dir = centre - near;
    const double len = std::hypot(dir.x(), dir.y());
    dir = len > 1e-9 ? dir / len : QPointF(0, 1);
    const BaseShape mb = engine.view(s, id).base();
    const QPointF away = centre + dir * (1.0 + 1e-3);
    const BaseShape moved(mb.size(), Placement(away, m.placement.facing()));
    others.push_back(shipBase);
    const auto clear = nearestClearCentre(moved, others, kBreakContactGap, tableRect());
    if (clear)
        m.placement = Placement(*clear, m.placement.facing());
}

// Where `mover` may stand in base contact with `target`, nearest to where it
// is, overlapping nobody; nullopt when there is no room.
std::optional<QPointF> rules::contactSpot(const Engine &engine, const GameState &s, int mover,
                                          int target)
{
    std::vector<BaseShape> others;
    for (const ModelState &o : s.models)
        if (o.onTable() && o.id != mover && o.id != target)
            others.push_back(engine.view(s, o.id).base());
    return nearestContactCentre(engine.view(s, mover).base(), engine.view(s, target).base(),
                                s.models[std::size_t(mover)].placement.centre(), others);
}

// The active model's remaining movement must reach `target`.
void rules::checkReach(const Engine &engine, const GameState &s, int id, int target,
                       const QString &rule)
{
    const double d = distance(engine.view(s, id).base(), engine.view(s, target).base());
    const double left = engine.moveLimits(s, id).left();
    if (d > left + kContactTolerance)
        refuse(rule,
               Message(MsgId::CannotReach,
                       {s.models[std::size_t(id)].name, s.models[std::size_t(target)].name,
                        inches(d), inches(std::max(0.0, left))}));
}

// Into base contact with `target` (Bombing, Interception), straight towards it:
// the movement it takes counts against the activation's.
void rules::moveIntoContact(Context &ctx, int id, int target, const QString &rule)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    if (touching(engine.view(s, id).base(), engine.view(s, target).base()))
        return;
    checkReach(engine, s, id, target, rule);
    const auto at = contactSpot(engine, s, id, target);
    if (!at)
        refuse(rule, Message(MsgId::NoRoomNextTo, {s.models[std::size_t(target)].name}));
    s.activation->moved += distance(engine.view(s, id).base(), engine.view(s, target).base());
    ModelState &m = s.models[std::size_t(id)];
    m.placement = Placement(*at, m.placement.facing());
}

} // namespace jw
