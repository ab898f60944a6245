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

// Assault (Initiate Assault, Squadron Special Actions): "After an Exo-Armor moves
// into base to base with a Capital Ship ... initiate an Assault". Its move may end
// in contact (checkPlacement); one that stops short moves into contact now, as a
// Bombing does, when its remaining movement reaches (moveIntoContact).
// 1. Defending Squadrons within 3" may intercept (reactiveInterception, dogfight.cpp);
//    the Assault goes on only if the Exo-Armor is still in base contact after it.
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
std::optional<Rejection> rules::assaultRefusal(const Engine &engine, const GameState &s, int id,
                                               int target)
{
    const QString rule = QStringLiteral("Assault");
    if (std::optional<Rejection> why
        = enemyCapitalRefusal(engine, s, id, target, ActionId::InitiateAssault))
        return why;
    if (!s.activation->weaponsUsed.empty())
        return Rejection(rule,
                         Message(MsgId::AssaultAfterAttack, {s.models[std::size_t(id)].name}));
    return contactRefusal(engine, s, id, target, rule);
}

void rules::resolveAssault(Context &ctx, int target)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    const int id = s.activation->model;
    const QString rule = QStringLiteral("Assault");
    if (const std::optional<Rejection> why = assaultRefusal(engine, s, id, target))
        refuse(*why);
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

} // namespace jw
