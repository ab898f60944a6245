// SPDX-License-Identifier: GPL-3.0-or-later
// Solar Storm › Blinded by the Light (scenario switches `sensors_short_until_turn` and
// `no_boarding_until_turn`): "All models are reduced to Short [Sensors Range] only until the
// third turn", and no Boarding until then. Refusals only: no state of its own.
#include "engine/engine.h"
#include "engine/messageids.h"
#include "engine/scenarios/modules.h"
#include "engine/scenarios/scenariomodule.h"

#include <cmath>

namespace jw {

namespace {

// Inches as the Attack chapter's refusals write them (to a tenth, attack.cpp).
QString tenths(double d)
{
    return QString::number(std::round(d * 10.0) / 10.0) + u'"';
}

class SolarStorm final : public ScenarioModule
{
public:
    QString id() const override { return QStringLiteral("solar-storm"); }
    bool appliesTo(const Scenario &scenario) const override
    {
        return scenario.switches.sensorsShortUntilTurn > 0
            || scenario.switches.noBoardingUntilTurn > 0;
    }

    std::optional<Rejection> actionRefusal(const Engine &engine, const GameState &s,
                                           const ModelState &, ActionId action) const override
    {
        const int until = engine.scenario().switches.noBoardingUntilTurn;
        if (action != ActionId::InitiateBoarding || s.turn >= until)
            return std::nullopt;
        const Message why(MsgId::NoBoardingUntilTurn, {until});
        return Rejection {engine.scenarioRule(QStringLiteral("no_boarding_until_turn")), why};
    }

    std::optional<Rejection> shortSensorRangeOnly(const Scenario &scenario, const GameState &s,
                                                  const QString &target, double distance,
                                                  double shortRange) const override
    {
        const int until = scenario.switches.sensorsShortUntilTurn;
        if (s.turn >= until)
            return std::nullopt;
        // The special rule that sets the switch; a group's scenario without one: the
        // Attack chapter's rule it changes.
        QString rule = QStringLiteral("Attack › Sensor Range");
        for (const SpecialRule &r : scenario.specialRules)
            if (r.switches.contains(QStringLiteral("sensors_short_until_turn"))) {
                rule = QStringLiteral("%1 › %2").arg(scenario.name, r.name);
                break;
            }
        const Message why(MsgId::SensorsShortUntilTurn,
                          {target, tenths(distance), tenths(shortRange), until});
        return Rejection {rule, why};
    }
};

} // namespace

const ScenarioModule &solarStormModule()
{
    static const SolarStorm module;
    return module;
}

} // namespace jw
