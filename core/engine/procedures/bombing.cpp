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
std::optional<Rejection> rules::bombingRefusal(const Engine &engine, const GameState &s, int id,
                                               int target)
{
    if (std::optional<Rejection> why
        = enemyCapitalRefusal(engine, s, id, target, ActionId::InitiateBombing))
        return why;
    return contactRefusal(engine, s, id, target, QStringLiteral("Bombing"));
}

void rules::resolveBombing(Context &ctx, int target)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    const int id = s.activation->model;
    if (const std::optional<Rejection> why = bombingRefusal(engine, s, id, target))
        refuse(*why);
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
        const DiceResult r
            = actionSkillTest(engine, s, id, Message(MsgId::BombingAfterInterception), ctx.dice,
                              ctx.events, &ctx.chooser);
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

} // namespace jw
