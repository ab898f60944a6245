// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/engine.h"
#include "engine/gamesetup.h"
#include "engine/gamestate.h"

#include <QJsonObject>

#include <optional>

namespace jw::net {

// A spectator's board (club-board, docs/network.md): what a club server sends a spectator who
// asked to see the table, after each agreed command it publishes. Public information only:
// the players' names, the scenario and rules, the units of the models a spectator may know,
// and each such model as it stands (position, damage, states); a model hidden from either
// player (v1.2.4 secret information, Engine::isHidden) is only {id, owner, hidden}, and its
// unit card is not sent. Never the setup's fleets, the commands, the dice or the seed.
[[nodiscard]] QJsonObject publicBoard(const Engine &engine, const GameState &state);

// What a spectator's client draws: an engine's setup (names, scenario, rules, the units
// sent) and the state (hidden models In Reserve, with no unit: never on the table).
struct SpectatorBoard
{
    GameSetup setup;
    GameState state;
    std::array<int, 2> hidden {}; // each player's models a spectator may not know yet
};
// Reads a board; nullopt (and `why`) when it is not one (never throws): every model on the
// table has its unit, every number is in range.
[[nodiscard]] std::optional<SpectatorBoard> boardFromJson(const QJsonObject &board,
                                                          QString *why = nullptr);

} // namespace jw::net
