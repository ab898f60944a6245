// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/scenarios/scenariomodule.h"

#include "engine/engine.h"
#include "engine/scenarios/modules.h"

namespace jw {

void ScenarioContext::event(const QString &kind, const Message &m, QJsonObject data, int who)
{
    GameEvent e {kind, m, std::move(data), who};
    events.push_back(std::move(e));
}

QString ScenarioContext::playerName(int p) const
{
    return p >= 0 && p < 2 ? engine.setup().players[std::size_t(p)].name : QString();
}

const std::vector<const ScenarioModule *> &scenarioModules()
{
    // The order the hooks run in (the order the engine ran these rules before they were
    // modules: the game log reads the same).
    static const std::vector<const ScenarioModule *> all {
        &solarStormModule(), &fleetEngagementModule(), &breakTheTruceModule(),
        &ambushModule(),     &waterRaidModule(),       &scavengerHuntModule(),
    };
    return all;
}

const ScenarioModule *scenarioModule(const QString &id)
{
    for (const ScenarioModule *m : scenarioModules())
        if (m->id() == id)
            return m;
    return nullptr;
}

std::vector<const ScenarioModule *> scenarioModulesFor(const Scenario &scenario)
{
    std::vector<const ScenarioModule *> out;
    for (const ScenarioModule *m : scenarioModules())
        if (m->appliesTo(scenario))
            out.push_back(m);
    return out;
}

std::optional<Rejection> scenarioActionRefusal(const Engine &engine, const GameState &state,
                                               const ModelState &model, ActionId id)
{
    for (const ScenarioModule *m : scenarioModules())
        if (m->appliesTo(engine.scenario()))
            if (auto why = m->actionRefusal(engine, state, model, id))
                return why;
    return std::nullopt;
}

std::optional<Rejection> scenarioShortSensorRangeOnly(const Scenario &scenario,
                                                      const GameState &state, const QString &target,
                                                      double distance, double shortRange)
{
    for (const ScenarioModule *m : scenarioModules())
        if (m->appliesTo(scenario))
            if (auto why = m->shortSensorRangeOnly(scenario, state, target, distance, shortRange))
                return why;
    return std::nullopt;
}

} // namespace jw
