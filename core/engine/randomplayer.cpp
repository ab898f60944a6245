// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/randomplayer.h"

#include "engine/waterreserves.h"

#include "dice/dicesource.h"
#include "geometry/geometry.h"
#include "geometry/measure.h"

#include <QLineF>

#include <algorithm>
#include <cmath>

namespace jw {

namespace {

// The enemy model on the table nearest to `model` (centre to centre), or null;
// only Capital Ships when `capital`.
const ModelState *nearestEnemy(const Engine &engine, const GameState &s, const ModelState &model,
                               bool capital)
{
    const ModelState *nearest = nullptr;
    double best = 1e9;
    for (const ModelState &o : s.models) {
        const double d = QLineF(model.placement.centre(), o.placement.centre()).length();
        if (o.onTable() && o.controller >= 0 && o.controller != model.controller && d < best
            && (!capital || engine.unitOf(o).isCapital())) {
            best = d;
            nearest = &o;
        }
    }
    return nearest;
}

} // namespace

Command RandomPlayer::candidate(const Engine &engine, const GameState &s,
                                const LegalCommands &legal)
{
    if (legal.decision) {
        const int option = pick(legal.decision->optionCount());
        AnswerCommand a {option, {}};
        // A movement answer: a random point within its reach.
        if (const DecisionRequest::PathOption *p = legal.decision->pathOption(option)) {
            const double angle = uniform(0, 2 * M_PI);
            const double d = uniform(0, p->distance);
            // A physical table measures a path from (0, 0) (docs/physical-table.md).
            const QPointF from = engine.setup().physical()
                ? QPointF()
                : s.models[std::size_t(p->model)].placement.centre();
            a.path.push_back(from + QPointF(std::cos(angle) * d, std::sin(angle) * d));
        }
        return a;
    }
    if (s.phase == Phase::Deployment) {
        if (!legal.deployable.empty() && (legal.commands.empty() || pick(5) > 0)) {
            const int model = legal.deployable[std::size_t(pick(int(legal.deployable.size())))];
            const QRectF z = legal.deploymentZone;
            // Water Raid › Water Reserves: the Defender issues water as it deploys, mostly as
            // much as the model may take of what is left of the 10 units.
            std::optional<int> water;
            if (const auto allowance = waterAllowance(engine, s, model)) {
                water = allowance->most;
                if (pick(5) == 0)
                    water = pick(*water + 1);
            }
            const double facing = engine.tableEdge(s.toAct) == TableEdge::Bottom ? 0.0 : 180.0;
            if (!legal.deploymentBeacons.empty()) {
                // Beacon Deployment Zone: near one of the player's markers.
                const QPointF b = legal.deploymentBeacons[std::size_t(
                    pick(int(legal.deploymentBeacons.size())))];
                const double angle = uniform(0, 2 * M_PI);
                const double r = uniform(0, 3.5);
                return DeployCommand {
                    model, Placement(b + QPointF(std::cos(angle) * r, std::sin(angle) * r), facing),
                    water};
            }
            return DeployCommand {model,
                                  Placement(QPointF(uniform(z.left() + 1, z.right() - 1),
                                                    uniform(z.top() + 1, z.bottom() - 1)),
                                            facing),
                                  water};
        }
        return legal.commands[std::size_t(pick(int(legal.commands.size())))];
    }
    // An Embarked active model: Launch somewhere within reach of its carrier.
    if (legal.launch && pick(2) == 0) {
        if (engine.setup().physical())
            return LaunchCommand {}; // the players place it
        const ModelState &carrier = s.models[std::size_t(legal.launch->carrier)];
        const BaseShape cb = engine.view(s, carrier.id).base();
        const double angle = uniform(0, 2 * M_PI);
        const double d
            = std::max(cb.halfWidth(), cb.halfLength()) + uniform(0.6, legal.launch->reach + 0.6);
        return LaunchCommand {Placement(
            cb.centre() + QPointF(std::cos(angle) * d, std::sin(angle) * d), uniform(0, 360))};
    }
    if (legal.move && s.activation) {
        const MoveLimits &m = *legal.move;
        const ModelState &model = s.models[std::size_t(m.model)];
        const bool capital = engine.unitOf(model).isCapital();
        const double left = std::max(0.0, m.maximum - m.moved);
        if (left > 0.01 && pick(3) == 0) {
            const ModelState *nearest = nearestEnemy(engine, s, model, capital);
            if (capital && nearest && m.turnsLeft > 0 && pick(2) == 0) {
                // Turn towards the nearest enemy (at most 45 degrees), then close in
                // to about an inch (boarding needs 1", ramming contact).
                const QPointF from = model.placement.centre();
                const QPointF v = nearest->placement.centre() - from;
                const QPointF f0 = facingVector(0.0), f90 = facingVector(90.0);
                const double bearing
                    = std::atan2(QPointF::dotProduct(v, f90), QPointF::dotProduct(v, f0)) * 180.0
                    / M_PI;
                const double turn = std::clamp(
                    std::remainder(bearing - model.placement.facing(), 360.0), -45.0, 45.0);
                const BaseShape mine = engine.view(s, model.id).base();
                const BaseShape theirs = engine.view(s, nearest->id).base();
                const double need = std::max(0.0, m.minimum - m.moved);
                const double d = std::clamp(distance(mine, theirs) - uniform(0.2, 1.0), need, left);
                MoveCapitalCommand c;
                c.legs.push_back(MoveLeg {0.0, turn});
                c.legs.push_back(MoveLeg {d, 0});
                return c;
            }
            if (capital) {
                MoveCapitalCommand c;
                const double need = std::max(0.0, m.minimum - m.moved);
                const double d = uniform(need, left);
                const double turn = m.turnsLeft > 0 && pick(2) == 0 ? uniform(-45, 45) : 0.0;
                c.legs.push_back(MoveLeg {d / 2, turn});
                c.legs.push_back(MoveLeg {d / 2, 0});
                return c;
            }
            const bool physical = engine.setup().physical();
            const QPointF from = physical ? QPointF() : model.placement.centre();
            // Half the time towards the nearest enemy, stopping short of contact
            // (boarding within 1", dogfights and assaults need them close).
            if (nearest && !physical && pick(2) == 0) {
                const double best = QLineF(from, nearest->placement.centre()).length();
                {
                    const BaseShape nb = engine.view(s, nearest->id).base();
                    const double gap
                        = std::max(nb.halfWidth(), nb.halfLength()) + uniform(0.6, 1.4);
                    const double d = std::clamp(best - gap, 0.0, left);
                    const QLineF towards(from, nearest->placement.centre());
                    return MoveSquadronCommand {{towards.pointAt(best > 0 ? d / best : 0.0)}};
                }
            }
            const double angle = uniform(0, 2 * M_PI);
            const double d = uniform(0, left);
            return MoveSquadronCommand {{from + QPointF(std::cos(angle) * d, std::sin(angle) * d)}};
        }
        // Capital ships must move their minimum before they end the activation.
        if (capital && m.moved + 1e-9 < m.minimum) {
            // The minimum moves the engine offers (always one when the way is blocked).
            std::vector<const Command *> offered;
            for (const Command &c : legal.commands)
                if (std::holds_alternative<MoveCapitalCommand>(c))
                    offered.push_back(&c);
            if (!offered.empty() && pick(2) == 0)
                return *offered[std::size_t(pick(int(offered.size())))];
            MoveCapitalCommand c;
            // Turning first when the way ahead is blocked.
            if (m.turnsLeft > 0 && pick(2) == 0)
                c.legs.push_back(MoveLeg {0.0, uniform(-45, 45)});
            c.legs.push_back(MoveLeg {
                m.minimum - m.moved + uniform(0, std::max(0.0, left - (m.minimum - m.moved))), 0});
            return c;
        }
    }
    // The declared Action resolved against a target, when one is offered, more
    // often than any one attack (they would drown it out).
    if (s.activation && pick(2) == 0) {
        std::vector<const Command *> resolve;
        for (const Command &c : legal.commands)
            if (std::holds_alternative<ResolveActionCommand>(c))
                resolve.push_back(&c);
        if (!resolve.empty())
            return *resolve[std::size_t(pick(int(resolve.size())))];
    }
    return legal.commands[std::size_t(pick(int(legal.commands.size())))];
}

std::optional<Command> RandomPlayer::choose(const Engine &engine, const GameState &state,
                                            int attempts)
{
    if (state.phase == Phase::Over)
        return std::nullopt;
    return choose(engine, state, engine.legalCommands(state), attempts);
}

std::optional<Command> RandomPlayer::choose(const Engine &engine, const GameState &state,
                                            const LegalCommands &legal, int attempts)
{
    if (state.phase == Phase::Over)
        return std::nullopt;
    for (int i = 0; i < attempts; ++i) {
        if (legal.commands.empty() && legal.deployable.empty() && !legal.move)
            return std::nullopt;
        const Command c = candidate(engine, state, legal);
        // An activation or a Land that legalCommands() offers is accepted (it asks
        // the checks apply() makes; tst_legalityreference proves it): no probe.
        if ((std::holds_alternative<ActivateCommand>(c) || std::holds_alternative<LandCommand>(c))
            && std::find(legal.commands.begin(), legal.commands.end(), c) != legal.commands.end())
            return c;
        // Dice do not matter for acceptance here: a scripted source with plenty of
        // faces lets the engine check the command without touching the game's dice.
        std::vector<int> faces(256, 1);
        for (int &f : faces)
            f = pick(6) + 1;
        ScriptedDiceSource probe(faces);
        if (engine.trial(state, c, probe).ok())
            return c;
    }
    // End the activation if nothing else was found (it may still be refused).
    if (state.activation)
        return EndActivationCommand {};
    if (!legal.commands.empty())
        return legal.commands.front();
    return std::nullopt;
}

std::optional<Command> RandomPlayer::sampleContinuous(const Engine &engine, const GameState &state,
                                                      const LegalCommands &legal, int attempts)
{
    if (state.phase == Phase::Over)
        return std::nullopt;
    for (int i = 0; i < attempts; ++i) {
        if (legal.commands.empty() && legal.deployable.empty() && !legal.move)
            return std::nullopt;
        Command c = candidate(engine, state, legal);
        const auto *a = std::get_if<AnswerCommand>(&c);
        if (std::holds_alternative<DeployCommand>(c) || std::holds_alternative<LaunchCommand>(c)
            || std::holds_alternative<MoveCapitalCommand>(c)
            || std::holds_alternative<MoveSquadronCommand>(c) || (a && !a->path.empty()))
            return c;
    }
    return std::nullopt;
}

} // namespace jw
