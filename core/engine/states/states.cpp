// SPDX-License-Identifier: GPL-3.0-or-later
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
#include <functional>

namespace jw {

using namespace detail;
using namespace rules;

bool Engine::isHidden(const GameState &s, int model, int viewer) const
{
    const ModelState *m = s.model(model);
    return m && m_profile.secretDeployment && s.phase != Phase::Over && viewer >= 0
        && m->owner != viewer && !m->revealed && !m->onTable();
}

// After each command: models on the table are revealed for good; the events
// about models still hidden from the opponent get a public sentence that gives
// nothing away (secret information, v1.2.4).
void rules::revealAndMaskSecrets(Context &ctx)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    for (ModelState &m : s.models)
        if (m.onTable() || s.phase == Phase::Over)
            m.revealed = true;
    if (!engine.profile().secretDeployment)
        return;
    for (GameEvent &e : ctx.events) {
        for (const char *key : {"model", "carrier"}) {
            const QJsonValue v = e.data.value(QLatin1String(key));
            if (!v.isDouble())
                continue;
            const ModelState *m = s.model(v.toInt());
            if (!m || !engine.isHidden(s, m->id, 1 - m->owner))
                continue;
            e.secretFrom = 1 - m->owner;
            e.publicMessage
                = Message(MsgId::OutOfSight, {engine.setup().players[std::size_t(m->owner)].name});
            break;
        }
    }
}

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
// Return to Base on a physical table: the players move the squadron; they say where it
// heads (its table edge or a friendly model with working Hangers: the nearest, which they
// see), whether it spends Fuel, and whether it got there (Land, or leaving play).
static void physicalReturnToBase(Context &ctx, int id, const std::function<void(int)> &landOn)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    ModelState &m = s.models[std::size_t(id)];
    const Unit &u = engine.unitOf(m);
    const ModelView v(u, m);
    std::vector<int> carriers;
    QJsonArray carrierIds; // option k + 1 heads for carrierIds[k]
    std::vector<Message> options {Message(
        MsgId::TowardTableEdgeOption, {engine.setup().players[std::size_t(m.controller)].name})};
    for (const ModelState &c : s.models)
        if (c.controller == m.controller && c.onTable() && c.id != id
            && engine.view(s, c.id).traitWorks(QStringLiteral("Hangers"))) {
            carriers.push_back(c.id);
            carrierIds.append(c.id);
            options.push_back(Message(MsgId::TowardNearestHangersOnTable, {c.name}));
        }
    const int toward = ctx.chooser.ask(DecisionRequest::typed(
        m.controller, QStringLiteral("return-to-base"), Message(MsgId::WhereReturnToBase, {m.name}),
        std::move(options), carriers.empty() ? 0 : 1,
        {{QStringLiteral("model"), id}, {QStringLiteral("carriers"), carrierIds}}));
    double speed = u.speed;
    if (v.fuel() >= 1
        && ctx.chooser.ask(
               DecisionRequest::typed(m.controller, QStringLiteral("return-fuel"),
                                      Message(MsgId::SpendFuelDoubleSpeed, {m.name}),
                                      {Message(MsgId::NoMoveOption, {inches(u.speed)}),
                                       Message(MsgId::YesMoveOption, {inches(2 * u.speed)})},
                                      0, {{QStringLiteral("model"), id}}))
            == 1) {
        m.fuelSpent += 1;
        speed *= 2;
    }
    const int carrier = toward > 0 ? carriers[std::size_t(toward - 1)] : -1;
    const MessageArg goal = carrier >= 0 ? MessageArg(s.models[std::size_t(carrier)].name)
                                         : MessageArg(Message(MsgId::ItsTableEdge));
    ctx.event(QStringLiteral("moved"),
              Message(MsgId::ReturnsToBaseToward, {m.name, inches(speed), goal}),
              {{QStringLiteral("model"), id}});
    m.set(FlagReturnToBase, false);
    TableQuestions table(s, &ctx.chooser);
    if (carrier < 0 && !engine.profile().withdrawnByLeavingPlay)
        return; // it waits at the edge
    if (!table.confirm(m.controller, QStringLiteral("table-near"),
                       Message(MsgId::TableReachQuestion, {m.name, goal}),
                       {{QStringLiteral("model"), id}, {QStringLiteral("carrier"), carrier}}))
        return;
    if (carrier >= 0) {
        landOn(carrier);
    } else {
        m.location = Location::Withdrawn;
        ctx.event(QStringLiteral("withdrawn"), Message(MsgId::LeavesTableWithdrawn, {m.name}),
                  {{QStringLiteral("model"), id}});
    }
}

void rules::returnToBase(Context &ctx, int id)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    ModelState &m = s.models[std::size_t(id)];
    const Unit &u = engine.unitOf(m);
    const ModelView v(u, m);
    const QPointF from = m.placement.centre();
    // Lands on `carrier`, reached, when it has room.
    const auto landOn = [&](int carrier) {
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
    };
    if (engine.setup().physical())
        return physicalReturnToBase(ctx, id, landOn);

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
    // `carriers`: the carrier option 1 heads for (the same field as on a physical table).
    QJsonArray carrierIds;
    if (carrier >= 0)
        carrierIds.append(carrier);
    const int towardCarrier = ctx.chooser.ask(DecisionRequest::typed(
        m.controller, QStringLiteral("return-to-base"), Message(MsgId::WhereReturnToBase, {m.name}),
        std::move(options), carrier >= 0 ? 1 : 0,
        {{QStringLiteral("model"), id}, {QStringLiteral("carriers"), carrierIds}}));
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
        landOn(carrier);
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

// The active model leaves play Withdrawn (`text`: its event), its Embarked models
// with it; its activation is over.
void rules::withdrawModel(Context &ctx, int id, const Message &text)
{
    GameState &s = ctx.state;
    ModelState &m = s.models[std::size_t(id)];
    m.location = Location::Withdrawn;
    ctx.event(QStringLiteral("withdrawn"), text, {{QStringLiteral("model"), id}}, ctx.player);
    for (ModelState &o : s.models)
        if (o.location == Location::Embarked && o.carrier == id) {
            o.location = Location::Withdrawn;
            ctx.event(QStringLiteral("withdrawn"), Message(MsgId::WithdrawsWithIt, {o.name}),
                      {{QStringLiteral("model"), o.id}});
        }
    m.activated = true;
    s.activation.reset();
    nextActivation(ctx);
}

} // namespace jw
