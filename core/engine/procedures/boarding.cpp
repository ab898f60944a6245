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

// Exo-Suit: a squadron may board as a Marine model with a Marines rating of 1 for each 2
// damage points (Structure) remaining.
static int boardingMarines(const Unit &u, const ModelState &m)
{
    const bool suit = u.isSquadron() && u.hasTrait(QStringLiteral("Exo-Suit"));
    return suit ? ModelView(u, m).structure() / 2 : ModelView(u, m).rating(Rating::Marines);
}

// Boarding (Initiate Boarding): a model with Marines within 1" of an enemy
// Capital Ship.
// 1. The boarding player commits 1 to all of its current Marines
//    ("boarding-commit", default: all); they leave its Marines track.
// 2. The target's Point Defense against them as a Squadron of Structure equal
//    to the committed Marines: each [D] removes 1, each [T] 2, a [Q+] all.
// 3. The survivors board: the target is Boarded, its Boarders increased by them
//    (several boarding models add up).
// House rulings: the Point Defense pool is pointDefensePool() (at Defense 0 too, as every
// Point Defense attack) rolled for the best
// result (its Flex dice taken by the defender at their best); the boarding
// model's activation goes on (it may still move and attack). Committed Marines
// are off the boarding model's track whether or not any survive.
std::optional<Rejection> rules::boardingRefusal(const Engine &engine, const GameState &s, int id,
                                                int target)
{
    if (std::optional<Rejection> why
        = enemyCapitalRefusal(engine, s, id, target, ActionId::InitiateBoarding))
        return why;
    const ModelState &m = s.models[std::size_t(id)];
    const double d = reachDistance(engine, s, id, target);
    if (d > 1.0 + kContactTolerance)
        return Rejection(QStringLiteral("Boarding"),
                         Message(MsgId::BoardingWithin1,
                                 {m.name, s.models[std::size_t(target)].name, inches(d)}));
    if (boardingMarines(engine.unitOf(m), m) < 1)
        return Rejection(QStringLiteral("Action › Initiate Boarding"),
                         Message(MsgId::NoMarinesLeft, {m.name}));
    return std::nullopt;
}

void rules::resolveBoarding(Context &ctx, int target)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    const int id = s.activation->model;
    if (const std::optional<Rejection> why = boardingRefusal(engine, s, id, target))
        refuse(*why);
    ModelState &m = s.models[std::size_t(id)];
    const Unit &u = engine.unitOf(m);
    const ModelState &t0 = s.models[std::size_t(target)];
    const bool suit = u.isSquadron() && u.hasTrait(QStringLiteral("Exo-Suit"));
    const int marines = boardingMarines(u, m);
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
    // A Point Defense attack as any other: at Defense 0 too (its Base Pool under 2d6 rolls
    // 2d6, Dice Rolls › Less than 2d6), with the friendly support and terrain, which on a
    // physical table the players are asked. A model with no Defense on its card (a UIO) has
    // none: its boarders come unopposed.
    if (engine.view(s, target).starting(Rating::Defense) >= 1) {
        TableQuestions table(s, &ctx.chooser);
        const DicePool pool = pointDefensePool(engine.setup(), s, target, nullptr, &table);
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
    if (scenarioBoards(ctx, target, m.controller, survivors))
        return; // a scenario's own model (Scavenger Hunt: a UIO)
    tm.boarders += survivors;
    tm.set(FlagBoarded);
    ctx.event(QStringLiteral("state"),
              Message(MsgId::MarinesBoard, {survivors, tm.name, tm.boarders}),
              {{QStringLiteral("model"), target},
               {QStringLiteral("state"), QStringLiteral("boarded")},
               {QStringLiteral("boarders"), tm.boarders}});
}

} // namespace jw
