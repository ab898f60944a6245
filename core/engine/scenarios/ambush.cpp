// SPDX-License-Identifier: GPL-3.0-or-later
// Ambush! (scenario switch `escape_edge`): "The Attacker chooses a table edge that the
// Defender must escape through at the end of the first Deployment Phase", and "The Defender
// may only declare the Withdraw action if they are within 6" of this table edge".
// State: the edge chosen (TableEdge), under "ambush" / "edge".
#include "engine/scenarios/ambush.h"

#include "engine/decision.h"
#include "engine/engine.h"
#include "engine/engineinternal.h"
#include "engine/messageids.h"
#include "engine/scenarios/modules.h"
#include "engine/scenarios/scenariomodule.h"
#include "engine/table/tablequestions.h"
#include "geometry/geometry.h"

#include <algorithm>

namespace jw {

namespace {

const QString kId = QStringLiteral("ambush");
const QString kEdge = QStringLiteral("edge");

constexpr MsgId kEdgeNames[]
    = {MsgId::NamedEdgeTop, MsgId::NamedEdgeRight, MsgId::NamedEdgeBottom, MsgId::NamedEdgeLeft};

class Ambush final : public ScenarioModule
{
public:
    QString id() const override { return kId; }
    bool appliesTo(const Scenario &scenario) const override
    {
        return scenario.switches.escapeEdge > 0;
    }

    // A game that starts in the Activation Phase or after turn 1 has passed the choice: the
    // edge given, else the Defender's own.
    void scriptedStart(ScenarioContext &ctx) const override
    {
        const GameSetup &setup = ctx.engine.setup();
        GameState &s = ctx.state;
        if (s.turn > 1 || setup.startPhase == QLatin1String("activation"))
            s.scenarioStates.set(
                kId, kEdge, int(setup.escapeEdge.value_or(ctx.engine.tableEdge(1 - s.attacker))));
    }

    void endOfDeploymentPhase(ScenarioContext &ctx) const override
    {
        GameState &s = ctx.state;
        if (s.turn != 1 || ambushEscapeEdge(s) >= 0 || s.attacker < 0)
            return;
        const int defender = 1 - s.attacker;
        // The default: the edge farthest from the Defender's fleet on the table (on a physical
        // table, where the engine does not see the fleet: the Defender's own table edge).
        int farthest = int(ctx.engine.tableEdge(defender));
        double best = -1;
        const QRectF t = tableRect();
        for (int e = 0; e < 4 && !ctx.engine.setup().physical(); ++e) {
            double sum = 0;
            int n = 0;
            for (const ModelState &m : s.models) {
                if (m.controller != defender || !m.onTable())
                    continue;
                const QPointF c = m.placement.centre();
                sum += e == 0 ? c.y() - t.top()
                    : e == 1  ? t.right() - c.x()
                    : e == 2  ? t.bottom() - c.y()
                              : c.x() - t.left();
                ++n;
            }
            if (n > 0 && sum / n > best) {
                best = sum / n;
                farthest = e;
            }
        }
        std::vector<Message> options;
        for (const MsgId n : kEdgeNames)
            options.push_back(Message(MsgId::EscapeThroughEdge, {Message(n)}));
        const int edge = ctx.chooser.ask(DecisionRequest::typed(
            s.attacker, QStringLiteral("escape-edge"),
            Message(MsgId::WhichEscapeEdge, {ctx.playerName(defender)}), std::move(options),
            farthest,
            {{QStringLiteral("rule"), ctx.engine.scenarioRule(QStringLiteral("escape_edge"))}}));
        s.scenarioStates.set(kId, kEdge, edge);
        ctx.event(QStringLiteral("escape-edge"),
                  Message(MsgId::MustEscapeThrough,
                          {ctx.playerName(defender), Message(kEdgeNames[edge])}),
                  {{QStringLiteral("edge"), edge}}, s.attacker);
    }

    // Checked with the 6" from the enemy, when the Withdraw is resolved. On a physical table
    // the players say whether the model is within reach of the edge.
    std::optional<Rejection> withdrawRefusal(const Engine &engine, const GameState &s,
                                             const ModelState &m, const BaseShape &base,
                                             rules::TableQuestions &table) const override
    {
        const double reach = engine.scenario().switches.escapeEdge;
        const int edge = ambushEscapeEdge(s);
        if (s.attacker < 0 || m.controller != 1 - s.attacker || edge < 0)
            return std::nullopt;
        const QString rule = engine.scenarioRule(QStringLiteral("escape_edge"));
        if (engine.setup().physical()) {
            const int defender = 1 - s.attacker;
            if (table.nearEscapeEdge(defender, m.id, reach, edge, Message(kEdgeNames[edge]),
                                     engine.setup().players[std::size_t(defender)].name))
                return std::nullopt;
            const Message why(MsgId::TableNotNearEscapeEdge,
                              {m.name, detail::inches(reach), Message(kEdgeNames[edge])});
            return Rejection {rule, why};
        }
        const double d = ambushEdgeDistance(base, edge);
        if (d <= reach + kContactTolerance)
            return std::nullopt;
        const Message why(MsgId::WithdrawEscapeEdge,
                          {m.name, detail::inches(reach), detail::inches(std::max(0.0, d))});
        return Rejection {rule, why};
    }

    void writeJson(const GameState &s, QJsonObject &o) const override
    {
        static const char *const edges[] = {"top", "right", "bottom", "left"};
        const int edge = ambushEscapeEdge(s);
        if (edge >= 0 && edge < 4)
            o.insert(QStringLiteral("escape_edge"), QLatin1String(edges[edge]));
    }
};

} // namespace

double ambushEdgeDistance(const BaseShape &base, int edge)
{
    const QRectF t = tableRect();
    double d = 1e9;
    for (const QPointF &p : base.outline()) {
        const TableEdge e = TableEdge(edge);
        d = std::min(d,
                     e == TableEdge::Top          ? p.y() - t.top()
                         : e == TableEdge::Right  ? t.right() - p.x()
                         : e == TableEdge::Bottom ? t.bottom() - p.y()
                                                  : p.x() - t.left());
    }
    return d;
}

int ambushEscapeEdge(const GameState &state)
{
    return state.scenarioStates.value(kId, kEdge, -1);
}

const ScenarioModule &ambushModule()
{
    static const Ambush module;
    return module;
}

} // namespace jw
