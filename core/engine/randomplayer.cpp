#include "engine/randomplayer.h"

#include "dice/dicesource.h"
#include "geometry/geometry.h"

#include <cmath>

namespace jw {

Command RandomPlayer::candidate(const Engine &engine, const GameState &s,
                                const LegalCommands &legal)
{
    if (legal.decision) {
        const int option = pick(int(legal.decision->options.size()));
        AnswerCommand a {option, {}};
        // A movement answer: a random point within its reach.
        if (const DecisionRequest::PathOption *p = legal.decision->pathOption(option)) {
            const double angle = uniform(0, 2 * M_PI);
            const double d = uniform(0, p->distance);
            const QPointF from = s.models[std::size_t(p->model)].placement.centre();
            a.path.push_back(from + QPointF(std::cos(angle) * d, std::sin(angle) * d));
        }
        return a;
    }
    if (s.phase == Phase::Deployment) {
        if (!legal.deployable.empty() && (legal.commands.empty() || pick(5) > 0)) {
            const int model = legal.deployable[std::size_t(pick(int(legal.deployable.size())))];
            const QRectF z = legal.deploymentZone;
            const double facing = engine.tableEdge(s.toAct) == TableEdge::Bottom ? 0.0 : 180.0;
            if (!legal.deploymentBeacons.empty()) {
                // Beacon Deployment Zone: near one of the player's markers.
                const QPointF b = legal.deploymentBeacons[std::size_t(
                    pick(int(legal.deploymentBeacons.size())))];
                const double angle = uniform(0, 2 * M_PI);
                const double r = uniform(0, 3.5);
                return DeployCommand {
                    model,
                    Placement(b + QPointF(std::cos(angle) * r, std::sin(angle) * r), facing)};
            }
            return DeployCommand {model,
                                  Placement(QPointF(uniform(z.left() + 1, z.right() - 1),
                                                    uniform(z.top() + 1, z.bottom() - 1)),
                                            facing)};
        }
        return legal.commands[std::size_t(pick(int(legal.commands.size())))];
    }
    if (legal.move && s.activation) {
        const MoveLimits &m = *legal.move;
        const ModelState &model = s.models[std::size_t(m.model)];
        const bool capital = engine.unitOf(model).isCapital();
        const double left = std::max(0.0, m.maximum - m.moved);
        if (left > 0.01 && pick(3) == 0) {
            if (capital) {
                MoveCapitalCommand c;
                const double need = std::max(0.0, m.minimum - m.moved);
                const double d = uniform(need, left);
                const double turn = m.turnsLeft > 0 && pick(2) == 0 ? uniform(-45, 45) : 0.0;
                c.legs.push_back(MoveLeg {d / 2, turn});
                c.legs.push_back(MoveLeg {d / 2, 0});
                return c;
            }
            const double angle = uniform(0, 2 * M_PI);
            const double d = uniform(0, left);
            const QPointF from = model.placement.centre();
            return MoveSquadronCommand {{from + QPointF(std::cos(angle) * d, std::sin(angle) * d)}};
        }
        // Capital ships must move their minimum before they end the activation.
        if (capital && m.moved + 1e-9 < m.minimum) {
            MoveCapitalCommand c;
            c.legs.push_back(MoveLeg {
                m.minimum - m.moved + uniform(0, std::max(0.0, left - (m.minimum - m.moved))), 0});
            return c;
        }
    }
    return legal.commands[std::size_t(pick(int(legal.commands.size())))];
}

std::optional<Command> RandomPlayer::choose(const Engine &engine, const GameState &state,
                                            int attempts)
{
    if (state.phase == Phase::Over)
        return std::nullopt;
    const LegalCommands legal = engine.legalCommands(state);
    for (int i = 0; i < attempts; ++i) {
        if (legal.commands.empty() && legal.deployable.empty() && !legal.move)
            return std::nullopt;
        const Command c = candidate(engine, state, legal);
        // Dice do not matter for acceptance here: a scripted source with plenty of
        // faces lets the engine check the command without touching the game's dice.
        std::vector<int> faces(256, 1);
        for (int &f : faces)
            f = pick(6) + 1;
        ScriptedDiceSource probe(faces);
        if (engine.apply(state, c, probe).ok())
            return c;
    }
    // End the activation if nothing else was found (it may still be refused).
    if (state.activation)
        return EndActivationCommand {};
    if (!legal.commands.empty())
        return legal.commands.front();
    return std::nullopt;
}

} // namespace jw
