// SPDX-License-Identifier: GPL-3.0-or-later
// Fleet Engagement › No Quarter Given (scenario switch `withdraw_at_structure`): a model may
// declare Withdraw only at that Structure or less. A refusal only: no state of its own.
#include "engine/engine.h"
#include "engine/messageids.h"
#include "engine/scenarios/modules.h"
#include "engine/scenarios/scenariomodule.h"

namespace jw {

namespace {

class FleetEngagement final : public ScenarioModule
{
public:
    QString id() const override { return QStringLiteral("fleet-engagement"); }
    bool appliesTo(const Scenario &scenario) const override
    {
        return scenario.switches.withdrawAtStructure >= 0;
    }

    std::optional<Rejection> actionRefusal(const Engine &engine, const GameState &s,
                                           const ModelState &m, ActionId action) const override
    {
        const int most = engine.scenario().switches.withdrawAtStructure;
        if (action != ActionId::Withdraw)
            return std::nullopt;
        const int structure = engine.view(s, m.id).structure();
        if (structure <= most)
            return std::nullopt;
        const Message why(MsgId::WithdrawAtStructure, {m.name, most, structure});
        return Rejection {engine.scenarioRule(QStringLiteral("withdraw_at_structure")), why};
    }
};

} // namespace

const ScenarioModule &fleetEngagementModule()
{
    static const FleetEngagement module;
    return module;
}

} // namespace jw
