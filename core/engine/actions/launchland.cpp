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

double Engine::launchReach(const GameState &s, int carrier) const
{
    const ModelView cv = view(s, carrier);
    if (cv.traitWorks(QStringLiteral("Catapult")))
        return 6.0;
    if (cv.traitWorks(QStringLiteral("Launchers")))
        return 3.0;
    return 1.0;
}

int rules::carrierRoom(const Engine &engine, const GameState &s, int carrier, bool squadron)
{
    const ModelState &c = s.models[std::size_t(carrier)];
    const Unit &cu = engine.unitOf(c);
    int capacity = 0;
    for (int t = 0; t < int(cu.traits.size()); ++t) {
        const TraitRef &tr = cu.traits[std::size_t(t)];
        if (squadron && tr.name == QLatin1String("Hangers"))
            capacity += tr.value.value_or(0) - c.traitsDamaged[std::size_t(t)];
        if (!squadron && tr.name == QLatin1String("Dock"))
            capacity = 1;
    }
    int aboard = 0;
    for (const ModelState &o : s.models)
        if (o.location == Location::Embarked && o.carrier == carrier
            && engine.unitOf(o).isSquadron() == squadron)
            ++aboard;
    return capacity - aboard;
}

// Action › Launch: "leave the Model it is currently being carried by and be
// placed within 1\" of the carrying model" (Launchers: 3", Catapult: 6"; they do
// not stack). A free Action, not in the same activation as Land.
void rules::launch(Context &ctx, const LaunchCommand &c)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    ModelState &m = activeModel(s, ctx.player, QStringLiteral("Action › Launch"));
    if (m.location != Location::Embarked)
        refuse(QStringLiteral("Action › Launch"), Message(MsgId::NotEmbarked, {m.name}));
    if (s.activation->landed)
        refuse(QStringLiteral("Action › Launch"), Message(MsgId::LaunchNotWithLand));
    const ModelState &carrier = s.models[std::size_t(m.carrier)];
    // A physical table: the players place it within reach; the coordinates are ignored.
    const bool physical = engine.setup().physical();
    if (!physical) {
        const ModelView cv = engine.view(s, carrier.id);
        const double reach = engine.launchReach(s, carrier.id);
        const BaseShape placed(engine.unitOf(m).base, c.placement);
        const double d = distance(placed, cv.base());
        if (d > reach + kContactTolerance)
            refuse(QStringLiteral("Action › Launch"),
                   Message(MsgId::LaunchTooFar, {m.name, inches(reach), carrier.name, inches(d)}));
        if (auto r = checkPlacement(engine, s, m.id, c.placement, false))
            refuse(*r);
    }
    m.location = Location::Table;
    m.placement = physical ? physicalSpot(m.id) : c.placement;
    m.carrier = -1;
    s.activation->launched = true;
    ctx.event(QStringLiteral("launched"), Message(MsgId::Launched, {m.name, carrier.name}),
              {{QStringLiteral("model"), m.id}, {QStringLiteral("carrier"), carrier.id}},
              ctx.player);
    // Scenario modules: what it carries off (Escape Pods, water, Intelligence).
    scenarioLaunched(ctx, m.id, carrier.id);
}

// Action › Land: a squadron in base contact with a friendly model with Hangers
// (a Capital Ship: with Dock) becomes Embarked on it. House ruling: the model
// moves straight into contact as part of Land if its remaining movement
// reaches; landing ends its movement and attacks this activation (it is off
// the table).
// What land() checks before it changes anything; legalCommands() asks it too.
void rules::checkLand(const Engine &engine, const GameState &s, const LandCommand &c)
{
    const ModelState &m = activeModel(s, QStringLiteral("Action › Land"));
    if (!m.onTable())
        refuse(QStringLiteral("Action › Land"), Message(MsgId::NotOnTable, {m.name}));
    if (s.activation->launched)
        refuse(QStringLiteral("Action › Land"), Message(MsgId::LandNotWithLaunch));
    const ModelState *carrier = s.model(c.carrier);
    if (!carrier || !carrier->onTable()
        || (carrier->controller != m.controller && !scenarioOpenCarrier(engine, s, carrier->id))
        || carrier->id == m.id)
        refuse(QStringLiteral("Action › Land"), Message(MsgId::LandOnFriendly));
    checkScenarioLand(engine, s, m.id,
                      carrier->id); // scenario modules (Scavenger Hunt: Marines aboard)
    const Unit &u = engine.unitOf(m);
    const bool squadron = u.isSquadron();
    const ModelView cv = engine.view(s, carrier->id);
    if (squadron ? !cv.traitWorks(QStringLiteral("Hangers"))
                 : !cv.unit().hasTrait(QStringLiteral("Dock")))
        refuse(squadron ? QStringLiteral("Traits › Hangers") : QStringLiteral("Traits › Dock"),
               Message(
                   MsgId::NoWorkingTrait,
                   {carrier->name, squadron ? QStringLiteral("Hangers") : QStringLiteral("Dock")}));
    if (carrierRoom(engine, s, carrier->id, squadron) <= 0)
        refuse(squadron ? QStringLiteral("Traits › Hangers") : QStringLiteral("Traits › Dock"),
               Message(MsgId::NoRoomLeft, {carrier->name}));
    if (engine.setup().physical())
        return; // the players move it into contact on the table
    const ModelView v(u, m);
    const double d = distance(v.base(), cv.base());
    const double left = engine.moveLimits(s, m.id).left();
    if (d > left + kContactTolerance)
        refuse(QStringLiteral("Action › Land"),
               Message(MsgId::LandOutOfReach,
                       {m.name, carrier->name, inches(d), inches(std::max(0.0, left))}));
}

void rules::land(Context &ctx, const LandCommand &c)
{
    const Engine &engine = ctx.engine;
    checkLand(engine, ctx.state, c);
    GameState &s = ctx.state;
    ModelState &m = *s.model(s.activation->model);
    const ModelState *carrier = s.model(c.carrier);
    if (!engine.setup().physical())
        s.activation->moved
            += distance(engine.view(s, m.id).base(), engine.view(s, carrier->id).base());
    m.location = Location::Embarked;
    m.carrier = carrier->id;
    s.activation->landed = true;
    ctx.event(QStringLiteral("embarked"), Message(MsgId::Lands, {m.name, carrier->name}),
              {{QStringLiteral("model"), m.id}, {QStringLiteral("carrier"), carrier->id}},
              ctx.player);
    // Scenario modules: what it hands over (Escape Pods, water, Intelligence).
    scenarioLanded(ctx, m.id, carrier->id);
}

} // namespace jw
