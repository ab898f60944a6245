// Water Raid (scenario switch `water`). Its hooks: water lost with its model, and the water
// objectives. The Comet's placement, the Water Reserves at deployment, Mine the Comet, Fuel
// Pods for water and Transfer Water are still Engine members in enginewater.cpp, called from
// the deployment, Action and Launch/Land code (docs/scenarios.md: what is left to move).
// The water is per model (ModelState::water).
#include "engine/engine.h"
#include "engine/messageids.h"
#include "engine/scenarios/modules.h"
#include "engine/scenarios/scenariomodule.h"
#include "engine/waterreserves.h"

#include <algorithm>

namespace jw {

namespace {

class WaterRaid final : public ScenarioModule
{
public:
    QString id() const override { return QStringLiteral("water-raid"); }
    bool appliesTo(const Scenario &scenario) const override
    {
        return scenario.switches.water || scenario.switches.defenderCapitalWithdrawFromTurn > 0
            || std::any_of(scenario.objectives.begin(), scenario.objectives.end(),
                           [](const Objective &o) {
                               return o.kind == ObjectiveKind::WaterWithdrawn
                                   || o.kind == ObjectiveKind::WaterKept;
                           });
    }

    // Water is lost with a Destroyed model (as Break the Truce's Escape Pods).
    void afterCommand(ScenarioContext &ctx, const Command &, std::optional<ActionId>) const override
    {
        for (ModelState &m : ctx.state.models)
            if (m.location == Location::Destroyed && m.water > 0) {
                ctx.event(QStringLiteral("water"), Message(MsgId::WaterLost, {m.name, m.water}),
                          {{QStringLiteral("model"), m.id}, {QStringLiteral("water"), 0}});
                m.water = 0;
            }
    }

    // Surprise Attack!: "The Defending Player may not withdraw Capital Ships until Turn 4."
    std::optional<Rejection> actionRefusal(const Engine &engine, const GameState &s,
                                           const ModelState &m, ActionId action) const override
    {
        const int from = engine.scenario().switches.defenderCapitalWithdrawFromTurn;
        if (action != ActionId::Withdraw || !engine.unitOf(m).isCapital() || s.attacker < 0
            || m.controller != 1 - s.attacker || s.turn >= from)
            return std::nullopt;
        const Message why(MsgId::DefenderWithdrawFromTurn, {from});
        return Rejection {
            engine.scenarioRule(QStringLiteral("defender_capital_withdraw_from_turn")),
            why.english(), why};
    }

    // "at least N water units Withdrawn on non-Crippled Capital Ships"; "kept from
    // Withdrawing": of the 10, those not Withdrawn by the Defender and (until the end) not
    // still in play with the Defender.
    std::optional<std::array<int, 2>> objective(const Engine &engine, const GameState &s,
                                                const Objective &o, bool final) const override
    {
        if (o.kind != ObjectiveKind::WaterWithdrawn && o.kind != ObjectiveKind::WaterKept)
            return std::nullopt;
        std::array<int, 2> out {0, 0};
        if (s.attacker < 0)
            return out;
        const int defender = 1 - s.attacker;
        std::array<int, 2> withdrawn {0, 0};
        int inReach = 0;
        for (const ModelState &m : s.models) {
            if (m.controller < 0 || m.controller > 1 || m.terrain >= 0)
                continue;
            if (m.location == Location::Withdrawn && engine.unitOf(m).isCapital()
                && !m.has(FlagCrippled))
                withdrawn[std::size_t(m.controller)] += m.water;
            if (m.inPlay() && m.controller == defender)
                inReach += m.water;
        }
        auto scores = [&](int p) {
            return o.side == ObjectiveSide::Each
                || (o.side == ObjectiveSide::Attacker ? p == s.attacker : p == defender);
        };
        for (int p = 0; p < 2; ++p) {
            if (!scores(p))
                continue;
            int n = 0;
            if (o.kind == ObjectiveKind::WaterWithdrawn)
                n = withdrawn[std::size_t(p)];
            else if (p != defender)
                n = std::max(
                    0, kWaterReserves - withdrawn[std::size_t(defender)] - (final ? 0 : inReach));
            if (n > 0 && n >= o.atLeast)
                out[std::size_t(p)] = o.points;
        }
        return out;
    }
};

} // namespace

const ScenarioModule &waterRaidModule()
{
    static const WaterRaid module;
    return module;
}

} // namespace jw
