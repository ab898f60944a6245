// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace jw {

class ScenarioModule;

// The scenario modules, one per file of this folder; the registry (scenariomodule.cpp) lists
// them. A new scenario with special rules adds its file and one line here and there.
[[nodiscard]] const ScenarioModule &solarStormModule(); // solarstorm.cpp
[[nodiscard]] const ScenarioModule &fleetEngagementModule(); // fleetengagement.cpp
[[nodiscard]] const ScenarioModule &breakTheTruceModule(); // breakthetruce.cpp
[[nodiscard]] const ScenarioModule &ambushModule(); // ambush.cpp
[[nodiscard]] const ScenarioModule &waterRaidModule(); // waterraid.cpp
[[nodiscard]] const ScenarioModule &scavengerHuntModule(); // scavengerhunt.cpp

} // namespace jw
