// SPDX-License-Identifier: GPL-3.0-or-later
// Engine, Deployment Phase: placing, embarking, declining, the order of deployment.
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
#include <limits>

namespace jw {

using namespace detail;
using namespace rules;

// Squadron Movement: "Squadrons may not be placed or end a movement in base to base
// with an enemy model unless they are initiating a Dogfight, Boarding, or Land
// action"; the Actions that need base contact (Assault, Bombing, Ramming) are
// initiated the same way. So the active Squadron's move may end touching (never
// overlapping) the model its declared, unresolved Action is aimed at, or a friendly
// carrier it could Land on. Every other contact is refused (house ruling: friendly
// bases too, as before).
bool Engine::mayEndInContact(const GameState &s, int model, int other) const
{
    if (!s.activation || s.activation->model != model)
        return false;
    const ModelState &m = s.models[std::size_t(model)];
    const ModelState &o = s.models[std::size_t(other)];
    const Unit &u = unitOf(m);
    const Unit &ou = unitOf(o);
    if (!u.isSquadron())
        return false;
    const Activation &a = *s.activation;
    if (o.controller == m.controller)
        return !a.landed && !a.launched && view(s, other).traitWorks(QStringLiteral("Hangers"))
            && carrierRoom(*this, s, other, true) > 0;
    if (a.actionResolved)
        return false;
    // The enemy model the declared Action is resolved against (action.cpp).
    switch (a.action ? actionRules(*a.action).target : ActionTarget::None) {
    case ActionTarget::EnemyCapitalShip:
        return ou.isCapital();
    case ActionTarget::EnemySquadron:
        return ou.isSquadron();
    case ActionTarget::EnemyModel:
        return true;
    case ActionTarget::None:
    case ActionTarget::Friendly:
        break;
    }
    return false;
}

std::optional<QPointF> Engine::snapIntoContact(const GameState &s, int model, QPointF centre,
                                               double within) const
{
    const ModelState *m = s.model(model);
    if (!m || !m->onTable() || !s.activation || s.activation->model != model)
        return std::nullopt;
    const BaseShape planned(unitOf(*m).base, Placement(centre, m->placement.facing()));
    std::optional<QPointF> best;
    double bestDistance = std::numeric_limits<double>::infinity();
    for (const ModelState &o : s.models) {
        if (o.id == model || !o.onTable() || !mayEndInContact(s, model, o.id))
            continue;
        const BaseShape target = view(s, o.id).base();
        if (distance(planned, target) > within)
            continue;
        std::vector<BaseShape> others;
        for (const ModelState &x : s.models)
            if (x.onTable() && x.id != model && x.id != o.id)
                others.push_back(view(s, x.id).base());
        const auto spot = nearestContactCentre(planned, target, centre, others);
        if (!spot)
            continue;
        const double d = std::hypot(spot->x() - centre.x(), spot->y() - centre.y());
        if (d < bestDistance) {
            bestDistance = d;
            best = spot;
        }
    }
    return best;
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
    // A physical table: the path is measured from (0, 0) (as a squadron's move there); the
    // players move the model.
    const bool physical = engine.setup().physical();
    QPolygonF line;
    line << (physical ? QPointF(0, 0) : m.placement.centre());
    for (const QPointF &p : path)
        line << p;
    const double length = pathLength(line);
    if (length > limit + kContactTolerance)
        refuse(rule, Message(MsgId::FreeMoveTooFar, {m.name, inches(limit), inches(length)}));
    // Terrain met on the way attacks as in any Movement (Terrain: "If a Move or Overlap effect
    // has an AC or AS rating, resolve an Attack on the model moving through"); on a physical
    // table the players say what it met.
    if (physical) {
        ctx.event(QStringLiteral("moved"),
                  Message(MsgId::FreeMovement, {m.name, inches(length), rule}),
                  {{QStringLiteral("model"), model}}, m.controller);
        terrainAfterMove(ctx, model);
        return;
    }
    const Placement end(line.last(), m.placement.facing());
    if (auto rej = checkPlacement(engine, s, model, end, false))
        refuse(*rej);
    const std::vector<QPolygonF> swept = sweptArea(engine.view(s, model).base(), line);
    m.placement = end;
    QJsonArray jp;
    for (const QPointF &p : line)
        jp.append(QJsonArray {p.x(), p.y()});
    ctx.event(QStringLiteral("moved"), Message(MsgId::FreeMovement, {m.name, inches(length), rule}),
              {{QStringLiteral("model"), model}, {QStringLiteral("path"), jp}}, m.controller);
    terrainAfterMove(ctx, model, swept);
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
// Only the bases near the target can be in the way: a spot in contact has its centre at
// most the mover's reach (centre to farthest corner) from the target's base, so a base
// farther than twice that from it cannot overlap the mover there.
std::optional<QPointF> rules::contactSpot(const Engine &engine, const GameState &s, int mover,
                                          int target)
{
    const BaseShape moverBase = engine.view(s, mover).base();
    const BaseShape targetBase = engine.view(s, target).base();
    double reach = 0;
    for (const QPointF &p : moverBase.outline())
        reach = std::max(
            reach, std::hypot(p.x() - moverBase.centre().x(), p.y() - moverBase.centre().y()));
    const double margin = 2 * reach + 0.1;
    const QRectF near = targetBase.boundingRect().adjusted(-margin, -margin, margin, margin);
    std::vector<BaseShape> others;
    for (const ModelState &o : s.models)
        if (o.onTable() && o.id != mover && o.id != target) {
            BaseShape b = engine.view(s, o.id).base();
            if (b.boundingRect().intersects(near))
                others.push_back(std::move(b));
        }
    return nearestContactCentre(moverBase, targetBase,
                                s.models[std::size_t(mover)].placement.centre(), others);
}

// The active model's remaining movement must reach `target`.
std::optional<Rejection> rules::reachRefusal(const Engine &engine, const GameState &s, int id,
                                             int target, const QString &rule)
{
    const double d = reachDistance(engine, s, id, target); // a physical table: vouched for
    const double left = engine.moveLimits(s, id).left();
    if (d > left + kContactTolerance)
        return Rejection(
            rule,
            Message(MsgId::CannotReach,
                    {s.models[std::size_t(id)].name, s.models[std::size_t(target)].name, inches(d),
                     inches(std::max(0.0, left))}));
    return std::nullopt;
}

void rules::checkReach(const Engine &engine, const GameState &s, int id, int target,
                       const QString &rule)
{
    if (const std::optional<Rejection> why = reachRefusal(engine, s, id, target, rule))
        refuse(*why);
}

// What moveIntoContact() needs: in base contact already, or the remaining movement
// reaches `target` and there is room next to it.
std::optional<Rejection> rules::contactRefusal(const Engine &engine, const GameState &s, int id,
                                               int target, const QString &rule)
{
    if (touching(engine.view(s, id).base(), engine.view(s, target).base()))
        return std::nullopt;
    if (std::optional<Rejection> why = reachRefusal(engine, s, id, target, rule))
        return why;
    if (!contactSpot(engine, s, id, target))
        return Rejection(rule, Message(MsgId::NoRoomNextTo, {s.models[std::size_t(target)].name}));
    return std::nullopt;
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
    // A physical table: the players moved it there; the engine puts its spot in contact.
    s.activation->moved += reachDistance(engine, s, id, target);
    ModelState &m = s.models[std::size_t(id)];
    m.placement = Placement(*at, m.placement.facing());
}

} // namespace jw
