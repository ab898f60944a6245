// Scavenger Hunt (scenario switch `uios`). Its hooks: Intelligence Tokens lost with their
// model, the Marines of a UIO no longer in play, and the UIO objectives. The UIOs' placement,
// boarding, Hangers, the End Phase firefights and Search tokens are still Engine members in
// engineuio.cpp (docs/scenarios.md: what is left to move); their state is
// GameState::uios and ModelState::intelligence.
#include "engine/engine.h"
#include "engine/messageids.h"
#include "engine/scenarios/modules.h"
#include "engine/scenarios/scenariomodule.h"

#include <algorithm>

namespace jw {

namespace {

class ScavengerHunt final : public ScenarioModule
{
public:
    QString id() const override { return QStringLiteral("scavenger-hunt"); }
    bool appliesTo(const Scenario &scenario) const override
    {
        return scenario.switches.uios
            || std::any_of(scenario.objectives.begin(), scenario.objectives.end(),
                           [](const Objective &o) { return ownsObjective(o.kind); });
    }

    void afterCommand(ScenarioContext &ctx, const Command &, std::optional<ActionId>) const override
    {
        GameState &s = ctx.state;
        for (ModelState &m : s.models)
            if (m.location == Location::Destroyed && m.intelligence > 0) {
                ctx.event(QStringLiteral("intelligence"),
                          Message(MsgId::IntelligenceLost, {m.name}),
                          {{QStringLiteral("model"), m.id}, {QStringLiteral("intelligence"), 0}});
                m.intelligence = 0;
            }
        for (UioSearch &u : s.uios)
            if (!s.models[std::size_t(u.model)].inPlay() && (u.marines[0] || u.marines[1]))
                u.marines = {0, 0};
    }

    std::optional<std::array<int, 2>> objective(const Engine &engine, const GameState &s,
                                                const Objective &o, bool) const override
    {
        if (!ownsObjective(o.kind))
            return std::nullopt;
        std::array<int, 2> out {0, 0};
        auto add = [&](int p, int n) {
            if (p < 0 || p > 1)
                return;
            if (o.side == ObjectiveSide::Attacker && p != s.attacker)
                return;
            if (o.side == ObjectiveSide::Defender && (s.attacker < 0 || p == s.attacker))
                return;
            out[std::size_t(p)] += n * o.points;
        };
        if (o.kind == ObjectiveKind::UioSearched) {
            // "1 point for each Unidentified Object successfully searched by a player."
            for (const UioSearch &u : s.uios)
                add(u.searchedBy, 1);
            return out;
        }
        // "1 point for each Capital Ship with an Intelligence Token aboard" (Withdrawn or
        // not); "1 point for each Intelligence Token aboard a Withdrawn Capital Ship".
        for (const ModelState &m : s.models) {
            if (m.terrain >= 0 || m.intelligence < 1 || !engine.unitOf(m).isCapital()
                || m.location == Location::Destroyed)
                continue;
            if (o.kind == ObjectiveKind::IntelligenceShips)
                add(m.controller, 1);
            else if (m.location == Location::Withdrawn)
                add(m.controller, m.intelligence);
        }
        return out;
    }

private:
    static bool ownsObjective(ObjectiveKind k)
    {
        return k == ObjectiveKind::UioSearched || k == ObjectiveKind::IntelligenceShips
            || k == ObjectiveKind::IntelligenceWithdrawn;
    }
};

} // namespace

const ScenarioModule &scavengerHuntModule()
{
    static const ScavengerHunt module;
    return module;
}

} // namespace jw
