// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>

namespace jw {

class Engine;

// Water Reserves: "the Defender must distribute 10 units of water across their Fleet".
inline constexpr int kWaterReserves = 10;
struct GameState;

// Water Raid › Water Reserves, for a table deploying the Defender's models: the water units
// `model` may be issued if it is deployed on the table now (DeployCommand::water), as the
// engine counts them. nullopt: no water to declare (not Water Raid, not the Defender, not
// the first Deployment Phase, the model already deployed).
struct WaterAllowance
{
    int least = 0; // the least it must take so that the rest can still be distributed
    int most = 0; // the most it may take (0: none, e.g. a squadron that is not Exo-Armor)
    int byDefault = 0; // what it takes when DeployCommand::water is not given
    int left = 0; // of the reserves, the units not issued yet
    int reserves = 0; // the units the Defender distributes (10)
};
[[nodiscard]] std::optional<WaterAllowance> waterAllowance(const Engine &engine,
                                                           const GameState &state, int model);

} // namespace jw
