// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/engine.h"

#include <QJsonArray>
#include <QJsonObject>

namespace jw {

// The state as JSON, for `jwfleet-cli play --json`, game files and tools: the
// turn, phase and who acts; every model with its position, current ratings,
// damage and states; the victory and objective points; the pending decision.
// The state as `viewer` (0 or 1) may see it: with v1.2.4 secret information, a
// model hidden from the viewer is only {id, owner, hidden: true}. -1: all of it.
[[nodiscard]] QJsonObject stateToJson(const Engine &engine, const GameState &state,
                                      int viewer = -1);
[[nodiscard]] QJsonObject modelToJson(const Engine &engine, const GameState &state, int model);
[[nodiscard]] QJsonObject decisionToJson(const DecisionRequest &request);
// The event as `viewer` may read it (-1: all of it; secret information masked otherwise).
[[nodiscard]] QJsonObject eventToJson(const GameEvent &event, int viewer = -1);
[[nodiscard]] QJsonObject rejectionToJson(const Rejection &rejection);
// What the player to act may do (`jwfleet-cli play --legal`, tools, the computer
// opponent): every field of LegalCommands. Commands are in their saved-game form
// (commandToJson), so one can be sent back as is; a field with nothing in it is
// null (move, launch, decision, deployment_zone) or an empty list, never missing.
[[nodiscard]] QJsonObject legalToJson(const LegalCommands &legal);

} // namespace jw
