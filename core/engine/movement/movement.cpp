// SPDX-License-Identifier: GPL-3.0-or-later
// Engine, movement and attacks in an activation; Launch and Land.
#include "engine/engine.h"
#include "engine/rules/rules.h"

#include "dice/dicesource.h"
#include "dice/roll.h"
#include "engine/attack.h"
#include "engine/damage.h"
#include "engine/rounding.h"
#include "engine/terraineffects.h"
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

MoveLimits Engine::moveLimits(const GameState &s, int id) const
{
    MoveLimits l;
    const ModelState *m = s.model(id);
    if (!m)
        return l;
    const ModelView v = view(s, id);
    static const Activation none;
    const Activation &a = s.activation && s.activation->model == id ? *s.activation : none;
    l.model = id;
    l.moved = a.moved;
    // Terrain changes the Speed rating for the activation (Small Moon +2,
    // Atmosphere -1, a Planet ahead +2 or behind -1): both the minimum (Speed -
    // Thrusters) and the maximum (Speed + Thrusters) move with it. Boost
    // multiplies the Speed of a Squadron.
    l.speed = v.unit().speed + a.speedBonus;
    // Station Keeping and Static: Speed 0, whatever the Terrain.
    const bool still = v.maxMove() == 0;
    l.minimum = v.unit().isCapital() && !still ? std::max(0, v.minMove() + a.speedBonus) : 0;
    l.maximum = still ? 0 : std::max(0, v.maxMove() + a.speedBonus) * a.speedFactor;
    // Turns: the lower of Turns and Thrusters (RULINGS.md 1); with Thrusters 0
    // the Turns after a Skill Test; Reorient adds its turns (Sluggish: two,
    // [D+]: one to any direction).
    l.turnsLeft = std::max(0,
                           (v.rating(Rating::Thrusters) == 0 ? v.unit().turns : v.maxTurns())
                               + a.extraTurns + (a.anyFacing ? 1 : 0) - a.turnsUsed);
    l.needsSkillTestToTurn
        = v.unit().isCapital() && v.rating(Rating::Thrusters) == 0 && !a.thrustersTestPassed;
    l.maxTurnDegrees = a.anyFacing && !a.anyFacingUsed ? 180.0 : kMaxTurnDegrees;
    return l;
}

// The model a move command moves: the active model, not Embarked, a Capital Ship
// (`capital`) or a Squadron, as the command says.
static ModelState &movingModel(Context &ctx, bool capital)
{
    ModelState &m = activeModel(ctx.state, ctx.player, QStringLiteral("Movement"));
    if (m.location == Location::Embarked)
        refuse(QStringLiteral("States › Embarked"), Message(MsgId::EmbarkedLaunchFirst, {m.name}));
    const Unit &u = ctx.engine.unitOf(m);
    if (capital && !u.isCapital())
        refuse(QStringLiteral("Movement › Squadron Movement"),
               Message(MsgId::SquadronMovesAlongPath, {m.name}));
    if (!capital && !u.isSquadron())
        refuse(QStringLiteral("Movement › Capital Ship Movement"),
               Message(MsgId::CapitalMovesForwardAndTurns, {m.name}));
    return m;
}

void rules::moveCapital(Context &ctx, const MoveCapitalCommand &c)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    ModelState &m = movingModel(ctx, true);
    const Unit &u = engine.unitOf(m);
    const ModelView v(u, m);
    if (u.hasTrait(QStringLiteral("Static")))
        refuse(QStringLiteral("Traits › Static"), Message(MsgId::StaticMayNotMove, {m.name}));
    CapitalMovePlan plan {c.legs};
    const CapitalMoveResult r = plan.evaluate(m.placement);
    if (!r.forwardOnly)
        refuse(QStringLiteral("Movement › Capital Ship Movement"),
               Message(MsgId::CapitalMovesForward));
    Activation &a = *s.activation;
    if (!r.turnsLegal) {
        // Reorient [D+]: one turn to face any direction.
        int wide = 0;
        for (const MoveLeg &leg : c.legs)
            wide += std::abs(leg.turn) > kMaxTurnDegrees + 1e-9 ? 1 : 0;
        if (!(a.anyFacing && wide == 1 && !a.anyFacingUsed))
            refuse(QStringLiteral("Movement › Capital Ship Movement"), Message(MsgId::TurnUpTo45));
        a.anyFacingUsed = true;
    }
    if (u.hasTrait(QStringLiteral("Sluggish"))) {
        for (std::size_t i = 0; i + 1 < c.legs.size(); ++i)
            if (c.legs[i].turn != 0 && c.legs[i + 1].distance > 0)
                refuse(QStringLiteral("Traits › Sluggish"),
                       Message(MsgId::SluggishTurnsAtEnd, {m.name}));
    }
    if (a.overlapPending)
        refuse(QStringLiteral("Movement › Overlapping"), Message(MsgId::OverlapMustStop, {m.name}));
    const double total = a.moved + r.distance;
    const MoveLimits limits = engine.moveLimits(s, m.id);
    const double minMove = limits.minimum;
    const double maxMove = limits.maximum;
    if (total > maxMove + kContactTolerance && m.has(FlagStationKeeping))
        refuse(QStringLiteral("States › Station Keeping"),
               Message(MsgId::StationKeepingNoMove, {m.name}));
    if (total > maxMove + kContactTolerance)
        refuse(QStringLiteral("Movement › Capital Ship Movement"),
               Message(MsgId::CapitalMoveTooFar,
                       {m.name, inches(maxMove), limits.speed, v.rating(Rating::Thrusters),
                        inches(total)}));
    const int turnsWanted = r.turns;
    if (turnsWanted > 0) {
        const int allowed = limits.turnsLeft + a.turnsUsed;
        if (a.turnsUsed + turnsWanted > allowed)
            refuse(QStringLiteral("Movement › Capital Ship Movement"),
                   Message(MsgId::CapitalTooManyTurns,
                           {m.name, allowed, u.turns, v.rating(Rating::Thrusters), a.turnsUsed}));
        if (v.rating(Rating::Thrusters) == 0 && !a.thrustersTestPassed) {
            // "Ships with 0 Thrusters may only turn after passing a Skill check with a [D+]
            // result."
            TableQuestions table(s, &ctx.chooser);
            const RollOutcome test
                = rollBest(skillTestPool(skillForTest(engine.setup(), s, m.id, &table)), ctx.dice);
            ctx.event(QStringLiteral("roll"),
                      Message(MsgId::ThrustersZeroTurnTest, {m.name, test.result.toString()}),
                      {{QStringLiteral("model"), m.id},
                       {QStringLiteral("pool"), test.rolled.toString()},
                       {QStringLiteral("result"), test.result.toString()}},
                      ctx.player);
            if (!test.result.isSuccess()) {
                // The test is spent; the move is made without its turns (the legs up
                // to the first turn).
                CapitalMovePlan straight;
                for (const MoveLeg &leg : c.legs) {
                    straight.legs.push_back(MoveLeg {leg.distance, 0});
                    if (leg.turn != 0)
                        break;
                }
                const CapitalMoveResult sr = straight.evaluate(m.placement);
                const Placement from = m.placement;
                const int id = m.id;
                if (engine.setup().physical()) {
                    // A physical table: the players move it; the engine counts the inches.
                    a.moved += sr.distance;
                    ctx.event(
                        QStringLiteral("moved"),
                        Message(MsgId::ThrustersZeroTurnFailed, {m.name, inches(sr.distance)}),
                        {{QStringLiteral("model"), id}}, ctx.player);
                    terrainAfterMove(ctx, id); // the players say what it met
                    return;
                }
                const bool mandatory = a.moved + sr.distance <= minMove + kContactTolerance
                    && minimumMoveForced(engine, s, id, minMove - a.moved);
                std::vector<QPolygonF> swept = sweptCapital(engine, s, id, straight);
                Placement to = sr.finalPlacement;
                if (mandatory && planetCrossed(s, swept)) {
                    // As below: mandatory movement stops at a Planet's edge.
                    const CapitalMovePlan cut = stopShortOfPlanet(engine, s, id, straight);
                    swept = sweptCapital(engine, s, id, cut);
                    to = cut.evaluate(m.placement).finalPlacement;
                }
                checkTerrainMove(engine, s, id, swept);
                a.moved += sr.distance;
                ctx.event(
                    QStringLiteral("moved"),
                    Message(MsgId::ThrustersZeroTurnFailed, {m.name, inches(sr.distance)}),
                    {{QStringLiteral("model"), m.id},
                     {QStringLiteral("from"), QJsonArray {from.centre().x(), from.centre().y()}}},
                    ctx.player);
                if (placeAfterCapitalMove(ctx, id, to, mandatory))
                    terrainAfterMove(ctx, id, swept);
                return;
            }
            a.thrustersTestPassed = true;
        }
    }
    const int id = m.id;
    // The event's sentence, built only when the event is kept (not in a trial).
    const auto moved = [&] {
        return Message(
            MsgId::CapitalMoved,
            {m.name, inches(r.distance),
             turnsWanted ? MessageArg(Message(MsgId::WithTurns, {turnsWanted})) : QString(),
             inches(total), inches(maxMove)});
    };
    if (engine.setup().physical()) {
        // A physical table: the players move the model (overlaps and the table's edges are
        // theirs to see); the engine keeps the inches and the turns, and asks what terrain
        // the move met.
        a.moved = total;
        a.turnsUsed += turnsWanted;
        ctx.event(QStringLiteral("moved"), moved(), {{QStringLiteral("model"), id}}, ctx.player);
        terrainAfterMove(ctx, id);
        return;
    }
    const bool mandatory = total <= minMove + kContactTolerance
        && minimumMoveForced(engine, s, id, minMove - a.moved);
    std::vector<QPolygonF> swept = sweptCapital(engine, s, id, plan);
    Placement to = r.finalPlacement;
    Message stopped;
    if (const TerrainPiece *planet = mandatory ? planetCrossed(s, swept) : nullptr) {
        // House ruling: mandatory movement into a Planet ("may not be ... moved
        // through") stops at its edge; the minimum counts as made.
        const CapitalMovePlan cut = stopShortOfPlanet(engine, s, id, plan);
        swept = sweptCapital(engine, s, id, cut);
        to = cut.evaluate(m.placement).finalPlacement;
        stopped = Message(MsgId::MandatoryMoveStopsAtPlanet,
                          {m.name, planet->displayMessage(), inches(cut.totalDistance())});
    }
    checkTerrainMove(engine, s, id, swept);
    a.moved = total;
    a.turnsUsed += turnsWanted;
    if (!detail::eventsDropped()) {
        QJsonArray path;
        for (const QPointF &p : r.path)
            path.append(QJsonArray {p.x(), p.y()});
        ctx.event(QStringLiteral("moved"), moved(),
                  {{QStringLiteral("model"), id}, {QStringLiteral("path"), path}}, ctx.player);
        if (!stopped.isEmpty())
            ctx.event(QStringLiteral("moved"), stopped, {{QStringLiteral("model"), id}},
                      ctx.player);
    }
    if (!placeAfterCapitalMove(ctx, id, to, mandatory))
        return;
    terrainAfterMove(ctx, id, swept);
}

// Movement › Overlapping: "mandatory movement will result in a model ending its
// movement with its base occupying the same space as that of another model's ...
// Players may not intentionally cause overlapping except through Actions." The
// minimum move of a Capital Ship is mandatory movement. House ruling: it is
// forced into another base (or off the table, or into a Planet) when none of
// minimumMoves() can be made clear of every base, on the table and out of any
// Planet: straight ahead, and after a first turn of 22.5 or 45 degrees either
// way (when the ship has a turn left); only then may a move that goes no
// further than the minimum end on another model.
std::vector<MoveCapitalCommand> Engine::minimumMoves(const GameState &s, int id) const
{
    std::vector<MoveCapitalCommand> out;
    // A physical table: the players make the minimum move on the table; no way of making it
    // is the engine's to offer.
    if (!s.activation || s.activation->model != id || s.activation->overlapPending
        || m_setup.physical())
        return out;
    const ModelView v = view(s, id);
    const Activation &a = *s.activation;
    const MoveLimits limits = moveLimits(s, id);
    const double need = limits.minimum - a.moved;
    if (!v.unit().isCapital() || need <= kContactTolerance
        || v.unit().hasTrait(QStringLiteral("Static")))
        return out;
    const int turnsLeft = limits.turnsLeft;
    out.push_back(MoveCapitalCommand {{MoveLeg {need, 0.0}}});
    if (turnsLeft > 0 && !v.unit().hasTrait(QStringLiteral("Sluggish"))
        && v.rating(Rating::Thrusters) > 0)
        for (const double turn : {-45.0, -22.5, 22.5, 45.0})
            out.push_back(MoveCapitalCommand {{MoveLeg {0.0, turn}, MoveLeg {need, 0.0}}});
    return out;
}

bool rules::minimumMoveForced(const Engine &engine, const GameState &s, int id, double need)
{
    if (need <= kContactTolerance)
        return false;
    const ModelState &m = s.models[std::size_t(id)];
    for (const MoveCapitalCommand &c : engine.minimumMoves(s, id)) {
        const CapitalMovePlan plan {c.legs};
        if (!planetCrossed(s, sweptCapital(engine, s, id, plan))
            && !checkPlacement(engine, s, id, plan.evaluate(m.placement).finalPlacement, false))
            return false;
    }
    return true;
}

// The longest start of `plan` that does not reach into a Planet (to 1e-7").
CapitalMovePlan rules::stopShortOfPlanet(const Engine &engine, const GameState &s, int id,
                                         const CapitalMovePlan &plan)
{
    const auto cut = [&plan](double d) {
        CapitalMovePlan out;
        for (const MoveLeg &leg : plan.legs) {
            if (d <= 0)
                break;
            out.legs.push_back(MoveLeg {std::min(leg.distance, d), leg.turn});
            d -= leg.distance;
        }
        return out;
    };
    double lo = 0.0, hi = plan.totalDistance();
    while (hi - lo > 1e-7) {
        const double mid = (lo + hi) / 2;
        (planetCrossed(s, sweptCapital(engine, s, id, cut(mid))) ? hi : lo) = mid;
    }
    return cut(lo);
}

// Where a Capital Ship's move ends. A move that leaves the table or ends on
// another base is refused, unless it is mandatory movement (above): then it
// leaves the table Withdrawn (as v1.2.3 says of leaving play; v1.2.2 has no
// rule for it), or the Overlapping rules place the models: a Squadron moves the
// minimum distance to break base contact; of two Capital Ships the smaller
// base (by area; the moving one when they are the same size) is repositioned,
// the back of its base touching the other, facing as it was; the moving ship
// when it is that one stops and is repositioned as its activation ends. In the
// v1.2.3 and v1.2.4 profiles any move may leave the table: the ship is
// Withdrawn ("leaving play"). Returns false when the ship left the table (its
// activation is over).
bool rules::placeAfterCapitalMove(Context &ctx, int id, const Placement &to, bool mandatory)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    ModelState &m = s.models[std::size_t(id)];
    const Unit &u = engine.unitOf(m);
    const BaseShape base(u.base, to);
    if (!isWithinTable(base)) {
        if (!mandatory && !engine.profile().withdrawnByLeavingPlay)
            refuse(QStringLiteral("Movement"), Message(MsgId::WouldLeaveTable, {m.name}));
        m.placement = to;
        withdrawModel(
            ctx, id,
            Message(mandatory ? MsgId::CannotMakeMinimumMoveWithdrawn : MsgId::LeavesTableWithdrawn,
                    {m.name}));
        return false; // the activation is over
    }
    if (!mandatory) {
        if (auto rej = checkPlacement(engine, s, id, to, false))
            refuse(*rej);
        m.placement = to;
        return true;
    }
    m.placement = to;
    std::vector<int> overlapped;
    for (const ModelState &o : s.models)
        if (o.id != id && o.onTable() && overlaps(base, engine.view(s, o.id).base()))
            overlapped.push_back(o.id);
    for (int o : overlapped) {
        ModelState &other = s.models[std::size_t(o)];
        const BaseShape ob = engine.view(s, o).base();
        if (engine.unitOf(other).isSquadron()) {
            // Squadron Overlapping: the minimum distance out of base contact, clear
            // of every other base, on the table.
            std::vector<BaseShape> obstacles;
            for (const ModelState &x : s.models)
                if (x.id != o && x.onTable())
                    obstacles.push_back(engine.view(s, x.id).base());
            const auto at = nearestClearCentre(ob, obstacles, kBreakContactGap, tableRect());
            if (!at)
                continue; // nowhere on the table: it stays (no rule for it)
            other.placement = Placement(*at, other.placement.facing());
            ctx.event(QStringLiteral("placed"),
                      Message(MsgId::OverlappedMovesAway, {other.name, m.name}),
                      {{QStringLiteral("model"), o}});
        } else if (other.terrain >= 0
                   && s.terrain[std::size_t(other.terrain)].kind != TerrainKind::Mines) {
            // A Space Station or a UIO is terrain: never moved. The ship stops and
            // is repositioned clear of it as its activation ends; a Space Station's
            // Overlap effect is an AC/AS:2 attack (Terrain › Space Stations).
            if (s.terrain[std::size_t(other.terrain)].kind == TerrainKind::SpaceStation) {
                ctx.event(QStringLiteral("terrain"),
                          Message(MsgId::MandatoryMoveEndsOnStation, {m.name, other.name}),
                          {{QStringLiteral("model"), id}, {QStringLiteral("terrain"), o}});
                resolveTerrainAttack(engine.setup(), s, id, TerrainAttack {other.name, 2, 2, -1},
                                     ctx.dice, ctx.chooser, ctx.events);
                if (!s.models[std::size_t(id)].onTable())
                    return false;
            }
            s.activation->overlapPending = true;
            ctx.event(QStringLiteral("placed"),
                      Message(MsgId::MandatoryMoveStopsOnModel, {m.name, other.name}),
                      {{QStringLiteral("model"), id}}, ctx.player);
        } else if (isMoverRepositioned(u.base, engine.unitOf(other).base)) {
            s.activation->overlapPending = true;
            ctx.event(QStringLiteral("placed"),
                      Message(MsgId::MandatoryMoveStopsOnModel, {m.name, other.name}),
                      {{QStringLiteral("model"), id}}, ctx.player);
        } else if (const auto spot = clearCapitalSpot(engine, s, o, ob)) {
            other.placement = *spot;
            ctx.event(QStringLiteral("placed"),
                      Message(MsgId::OverlappedRepositioned, {other.name, m.name}),
                      {{QStringLiteral("model"), o}});
        }
    }
    return true;
}

// A repositioned Capital Ship: "the back of its base is touching the other ship
// and it remains in the same orientation": on along its facing until it
// overlaps no base (CapitalOverlapReading::PassThrough); where that leaves the
// table, backed off along its axis; where neither is clear, the nearest clear
// spot (house ruling).
std::optional<Placement> rules::clearCapitalSpot(const Engine &engine, const GameState &s, int id,
                                                 const BaseShape &from)
{
    std::vector<BaseShape> obstacles;
    for (const ModelState &x : s.models)
        if (x.id != id && x.onTable())
            obstacles.push_back(engine.view(s, x.id).base());
    for (const double way : {0.0, 180.0}) {
        const double d = clearanceDistance(from, from.facing() + way, obstacles);
        const Placement p(from.centre()
                              + facingVector(from.facing() + way) * (d + kBreakContactGap),
                          from.facing());
        if (isWithinTable(from.placedAt(p)))
            return p;
    }
    if (const auto at = nearestClearCentre(from, obstacles, kBreakContactGap, tableRect()))
        return Placement(*at, from.facing());
    return std::nullopt;
}

// The moving ship that stopped on another Capital Ship (overlapPending)
// completes its overlapping movement as its activation ends.
void rules::completeOverlappingMove(Context &ctx, int id)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    ModelState &m = s.models[std::size_t(id)];
    s.activation->overlapPending = false;
    if (!m.onTable())
        return;
    if (const auto spot = clearCapitalSpot(engine, s, id, engine.view(s, id).base())) {
        m.placement = *spot;
        ctx.event(QStringLiteral("placed"), Message(MsgId::OverlapCompleted, {m.name}),
                  {{QStringLiteral("model"), id}}, ctx.player);
    }
}

void rules::moveSquadron(Context &ctx, const MoveSquadronCommand &c)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    ModelState &m = movingModel(ctx, false);
    const Unit &u = engine.unitOf(m);
    if (c.path.empty())
        refuse(QStringLiteral("Movement › Squadron Movement"), Message(MsgId::PathEmpty));
    // A physical table: the engine has no position; the path is measured from (0, 0), so
    // that `path: [[5, 0]]` is a move of 5" (docs/physical-table.md).
    const bool physical = engine.setup().physical();
    QPolygonF path;
    path << (physical ? QPointF(0, 0) : m.placement.centre());
    for (const QPointF &p : c.path)
        path << p;
    const double length = pathLength(path);
    const ModelView v(u, m);
    Activation &a = *s.activation;
    const double total = a.moved + length;
    const double maxMove = engine.moveLimits(s, m.id).maximum; // Terrain, Boost
    if (total > maxMove + kContactTolerance)
        refuse(QStringLiteral("Movement › Squadron Movement"),
               Message(MsgId::SquadronMoveTooFar, {m.name, inches(maxMove), inches(total)}));
    if (physical) {
        a.moved = total;
        ctx.event(
            QStringLiteral("moved"),
            Message(MsgId::SquadronMoved, {m.name, inches(length), inches(total), inches(maxMove)}),
            {{QStringLiteral("model"), m.id}}, ctx.player);
        // The players say what terrain it met on the way (docs/physical-table.md); an
        // Interception is offered as on jwfleet's table (the defender says which squadron is
        // within 3").
        terrainAfterMove(ctx, m.id);
        reactiveInterception(ctx, m.id, Message(MsgId::TriggerEndsMovement));
        return;
    }
    const Placement end(path.last(), m.placement.facing());
    const std::vector<QPolygonF> swept = sweptArea(v.base(), path);
    checkTerrainMove(engine, s, m.id, swept);
    if (auto rej = checkPlacement(engine, s, m.id, end, false))
        refuse(*rej);
    m.placement = end;
    a.moved = total;
    if (!detail::eventsDropped()) {
        QJsonArray jp;
        for (const QPointF &p : path)
            jp.append(QJsonArray {p.x(), p.y()});
        ctx.event(
            QStringLiteral("moved"),
            Message(MsgId::SquadronMoved, {m.name, inches(length), inches(total), inches(maxMove)}),
            {{QStringLiteral("model"), m.id}, {QStringLiteral("path"), jp}}, ctx.player);
    }
    terrainAfterMove(ctx, m.id, swept);
    reactiveInterception(ctx, m.id, Message(MsgId::TriggerEndsMovement));
}

} // namespace jw
