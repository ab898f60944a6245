// SPDX-License-Identifier: GPL-3.0-or-later
// Break the Truce (scenario switch `escape_pods`): the Escape Pods found by Search for Escape
// Pods (an Action: action.cpp, engineactions.cpp); here their transfer on Launch and Land,
// "A Destroyed model forfeits all its Escape Pods" and the objective that counts them ("Each escape
// pod on Captured ships count as two escape pods for the capturing player"). The pods are per model
// (ModelState::escapePods): no state of its own.
#include "engine/decision.h"
#include "engine/engine.h"
#include "engine/messageids.h"
#include "engine/scenarios/modules.h"
#include "engine/scenarios/scenariomodule.h"

#include <algorithm>

namespace jw {

namespace {

class BreakTheTruce final : public ScenarioModule
{
public:
    QString id() const override { return QStringLiteral("break-the-truce"); }
    bool appliesTo(const Scenario &scenario) const override
    {
        return scenario.switches.escapePods
            || std::any_of(
                   scenario.objectives.begin(), scenario.objectives.end(),
                   [](const Objective &o) { return o.kind == ObjectiveKind::MostEscapePods; });
    }

    // Transfer Escape Pods: "Squadrons making a Launch action may take with them one found
    // escape pod" (asked, default no).
    void launched(ScenarioContext &ctx, int squadron, int carrier) const override
    {
        GameState &s = ctx.state;
        ModelState &m = s.models[std::size_t(squadron)];
        ModelState &from = s.models[std::size_t(carrier)];
        if (!ctx.engine.scenario().switches.escapePods || !ctx.engine.unitOf(m).isSquadron()
            || from.escapePods <= 0)
            return;
        const int take = ctx.chooser.ask(DecisionRequest::typed(
            ctx.player, QStringLiteral("take-escape-pod"),
            Message(MsgId::TakeEscapePod, {m.name, from.name, from.escapePods}),
            {Message(MsgId::LeaveEscapePodsOption, {from.name}),
             Message(MsgId::TakeEscapePodOption)},
            0, {{QStringLiteral("model"), m.id}, {QStringLiteral("carrier"), from.id}}));
        if (take != 1)
            return;
        --from.escapePods;
        ++m.escapePods;
        ctx.event(
            QStringLiteral("escape-pods"), Message(MsgId::TakesEscapePod, {m.name, from.name}),
            {{QStringLiteral("model"), m.id}, {QStringLiteral("pods"), m.escapePods}}, ctx.player);
    }

    // "Squadrons making a Land action automatically transfer their found escape pods to the
    // Capital Ship".
    void landed(ScenarioContext &ctx, int squadron, int carrier) const override
    {
        GameState &s = ctx.state;
        ModelState &m = s.models[std::size_t(squadron)];
        if (m.escapePods <= 0 || !ctx.engine.unitOf(m).isSquadron())
            return;
        ModelState &to = s.models[std::size_t(carrier)];
        to.escapePods += m.escapePods;
        ctx.event(
            QStringLiteral("escape-pods"),
            Message(MsgId::TransfersEscapePods, {m.name, m.escapePods, to.name, to.escapePods}),
            {{QStringLiteral("model"), to.id}, {QStringLiteral("pods"), to.escapePods}},
            ctx.player);
        m.escapePods = 0;
    }

    void afterCommand(ScenarioContext &ctx, const Command &, std::optional<ActionId>) const override
    {
        for (ModelState &m : ctx.state.models)
            if (m.location == Location::Destroyed && m.escapePods > 0) {
                ctx.event(QStringLiteral("escape-pods"),
                          Message(MsgId::EscapePodsLost, {m.name, m.escapePods}),
                          {{QStringLiteral("model"), m.id}, {QStringLiteral("pods"), 0}});
                m.escapePods = 0;
            }
    }

    std::optional<std::array<int, 2>> objectiveTally(const Engine &engine, const GameState &s,
                                                     const Objective &o) const override
    {
        if (o.kind != ObjectiveKind::MostEscapePods)
            return std::nullopt;
        std::array<int, 2> n {0, 0};
        for (const ModelState &m : s.models) {
            if (m.controller < 0 || m.terrain >= 0)
                continue; // terrain (a UIO) carries no pods for anyone
            const bool capital = engine.unitOf(m).isCapital();
            const bool counts = o.on == PodsOn::WithdrawnCapitalShips
                ? capital && m.location == Location::Withdrawn
                : o.on == PodsOn::CapitalShipsInPlay
                ? capital && m.inPlay()
                : !capital && m.location != Location::Destroyed;
            if (counts)
                n[std::size_t(m.controller)] += m.escapePods * (m.controller != m.owner ? 2 : 1);
        }
        return n;
    }

    std::optional<std::array<int, 2>> objective(const Engine &engine, const GameState &s,
                                                const Objective &o, bool) const override
    {
        const std::optional<std::array<int, 2>> n = objectiveTally(engine, s, o);
        if (!n)
            return std::nullopt;
        // "Having the most": the strictly better player scores; a tie scores nobody.
        std::array<int, 2> out {0, 0};
        if ((*n)[0] != (*n)[1])
            out[(*n)[0] > (*n)[1] ? 0 : 1] = o.points;
        return out;
    }
};

} // namespace

const ScenarioModule &breakTheTruceModule()
{
    static const BreakTheTruce module;
    return module;
}

} // namespace jw
