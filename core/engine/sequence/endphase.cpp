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

namespace jw {

using namespace detail;
using namespace rules;

void rules::endPhase(Context &ctx)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    s.phase = Phase::End;
    ctx.event(QStringLiteral("phase"), Message(MsgId::EndPhaseOfTurn, {s.turn}),
              {{QStringLiteral("phase"), QStringLiteral("end")}});
    // Return to Base moves (States › Return to Base), in Initiative order,
    // alternating between the players.
    {
        std::array<std::vector<int>, 2> returning;
        for (const ModelState &m : s.models)
            if (m.onTable() && m.has(FlagReturnToBase))
                returning[std::size_t(m.controller)].push_back(m.id);
        std::size_t i = 0;
        while (i < returning[0].size() || i < returning[1].size()) {
            for (int p : {s.initiative, 1 - s.initiative})
                if (i < returning[std::size_t(p)].size())
                    returnToBase(ctx, returning[std::size_t(p)][i]);
            ++i;
        }
    }
    // The scenario modules' End Phase (Scavenger Hunt: the firefights on the UIOs).
    scenarioEndPhase(ctx);
    // States that end in the End Phase.
    for (ModelState &m : s.models) {
        static const std::pair<ModelFlag, MsgId> ending[]
            = {{FlagDisrupted, MsgId::NoLongerDisrupted},
               {FlagEvading, MsgId::NoLongerEvading},
               {FlagStationKeeping, MsgId::NoLongerStationKeeping},
               {FlagStealthed, MsgId::NoLongerStealthed}};
        for (const auto &[f, ended] : ending)
            if (m.has(f)) {
                m.set(f, false);
                ctx.event(QStringLiteral("state-ended"), Message(ended, {m.name}),
                          {{QStringLiteral("model"), m.id}});
            }
        m.activated = false;
        m.towed = 0; // Tug: "a maximum of 3\" a round"
        m.fireControlSpent = 0;
    }
    // Victory: the turn limit, or a fleet with nothing left in play (house ruling:
    // a player whose whole fleet is gone has lost; the game ends now).
    std::array<bool, 2> alive {false, false};
    for (const ModelState &m : s.models)
        if (m.inPlay() && !m.has(FlagCaptured) && m.terrain < 0)
            alive[std::size_t(m.controller)] = true;
    if (s.turn >= engine.setup().turns || !alive[0] || !alive[1]) {
        finishGame(ctx);
        return;
    }
    // Objective Points: the standing, and the objectives checked at this turn.
    scoreObjectives(ctx, false);
    ++s.turn;
    ctx.event(QStringLiteral("turn"), Message(MsgId::GameTurnBegins, {s.turn}),
              {{QStringLiteral("turn"), s.turn}});
    startDeploymentPhase(ctx);
}

Engine::VictoryShare Engine::victoryShare(const ModelState &m) const
{
    // Victory Conditions › Victory Points: the points of the surviving models,
    // Captured 1.5 to the captor, Crippled 0, Destroyed 0, Withdrawn 0.5.
    // Renowned (house ruling, as the trait's bonus has no other reading under
    // survivor scoring): +20% of its TV per instance to the enemy if Destroyed,
    // +30% per instance to the captor if Captured.
    if (m.terrain >= 0)
        return {}; // terrain is worth nothing
    const Unit &u = unitOf(m);
    const int tv = modelPoints(*this, m);
    int renowned = 0;
    for (const TraitRef &t : u.traits)
        renowned += t.name == QLatin1String("Renowned") ? 1 : 0;
    if (m.location == Location::Destroyed)
        return {1 - m.owner, 0.2 * renowned * tv};
    if (m.location == Location::Withdrawn)
        return {m.controller, 0.5 * tv}; // Crippled or not
    if (m.has(FlagCaptured) && m.controller != m.owner)
        return {m.controller, (1.5 + 0.3 * renowned) * tv};
    if (m.has(FlagCrippled))
        return {m.owner, 0};
    return {m.owner, double(tv)};
}

std::array<int, 2> Engine::victoryPoints(const GameState &s) const
{
    // Each model's share (victoryShare); fractions round up.
    std::array<double, 2> vp {0, 0};
    for (const ModelState &m : s.models) {
        const VictoryShare share = victoryShare(m);
        if (share.player >= 0)
            vp[std::size_t(share.player)] += share.points;
    }
    return {int(std::ceil(vp[0] - 1e-9)), int(std::ceil(vp[1] - 1e-9))};
}

void rules::finishGame(Context &ctx)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    const auto vp = engine.victoryPoints(s);
    scoreObjectives(ctx, true);
    // The most Objective Points wins; ties broken by Victory Points.
    if (s.objectivePoints[0] != s.objectivePoints[1])
        s.winner = s.objectivePoints[0] > s.objectivePoints[1] ? 0 : 1;
    else if (vp[0] != vp[1])
        s.winner = vp[0] > vp[1] ? 0 : 1;
    else
        s.winner = -1;
    s.phase = Phase::Over;
    const Message result = *s.winner < 0
        ? Message(MsgId::ResultDraw)
        : Message(MsgId::PlayerWins, {engine.setup().players[std::size_t(*s.winner)].name});
    ctx.event(QStringLiteral("game-over"),
              Message(MsgId::GameOverAfterTurn,
                      {s.turn, result, s.objectivePoints[0], s.objectivePoints[1], vp[0], vp[1]}),
              {{QStringLiteral("winner"), *s.winner},
               {QStringLiteral("vp"), QJsonArray {vp[0], vp[1]}},
               {QStringLiteral("op"), QJsonArray {s.objectivePoints[0], s.objectivePoints[1]}}});
}

} // namespace jw
