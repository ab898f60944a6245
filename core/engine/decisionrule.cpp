// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/decisionrule.h"

#include <array>
#include <utility>

namespace jw {

QString decisionRule(const QString &kind)
{
    // One line per kind the engine asks (DecisionRequest::typed(..., kind, ...)).
    static const std::array<std::pair<const char *, const char *>, 42> rules {{
        {"assault-end", "States › Assaulting"},
        {"assaulting", "States › Assaulting"},
        {"barrier", "Traits › Barrier"},
        {"boarding-boarder", "Boarding"},
        {"boarding-commit", "Boarding"},
        {"boarding-defender", "Boarding"},
        {"bombing-end", "Bombing"},
        {"bombing-run", "Bombing › Bombing Run"},
        {"boost", "Action › Boost"},
        {"break-off", "Dogfight › Break Off"},
        {"carrier", "Action › Land"},
        {"carriers", "Action › Land"},
        {"critical", "Damage › Critical Hit"},
        {"diminish", "Dice System › Diminish"},
        {"dogfight", "Dogfight"},
        {"dogfight-end", "Dogfight › Dogfight Actions"},
        {"escape-edge", "Action › Withdraw"},
        {"flex", "Dice System › Flex Dice"},
        {"fuel-pods", "Traits › Fuel Pods"},
        {"lance-fuel", "Weapons › Lance"},
        {"lock-on", "Action › Lock On"},
        {"lock-on-value", "Action › Lock On"},
        {"mass-driver", "Weapons › Mass Driver"},
        {"precise", "Traits › Precise"},
        {"quadrant", "Scenarios › Scavenger Hunt"},
        {"reactive-interception", "Action › Reactive Interception"},
        {"repair", "Repair"},
        {"repair-docked", "Repair › Capital Ship Repairing Docked Capital Ship"},
        {"repair-rating", "Repair"},
        {"reroll", "Dice System › Re-Rolls"},
        {"return-fuel", "States › Return to Base"},
        {"return-to-base", "States › Return to Base"},
        {"sensor-drone", "Traits › Sensor Drone"},
        {"table-beacons", "Deployment Zone › Beacon Deployment Zone"},
        {"table-facing", "Attack › Model Arcs"},
        {"table-range", "Attack › Sensor Range"},
        {"take-escape-pod", "Scenarios › Search for Escape Pods"},
        {"take-water", "Scenarios › Water Raid"},
        {"tender-transfer", "Traits › Tender"},
        {"terrain-avoid", "Terrain"},
        {"vector-attack", "Action › Vector Attack"},
        {"water-fuel-pods", "Scenarios › Water Raid"},
    }};
    for (const auto &[k, rule] : rules)
        if (kind == QLatin1String(k))
            return QString::fromUtf8(rule);
    return {};
}

QString refusalRule(const QString &rule)
{
    if (rule == QLatin1String("Dice"))
        return QStringLiteral("Dice System");
    if (rule == QLatin1String("Decision"))
        return {};
    return rule;
}

} // namespace jw
