#pragma once

#include "engine/engine.h"

#include <QJsonArray>
#include <QJsonObject>

namespace jw {

// The state as JSON, for `jwfleet-cli play --json`, game files and tools: the
// turn, phase and who acts; every model with its position, current ratings,
// damage and states; the victory and objective points; the pending decision.
[[nodiscard]] QJsonObject stateToJson(const Engine &engine, const GameState &state);
[[nodiscard]] QJsonObject modelToJson(const Engine &engine, const GameState &state, int model);
[[nodiscard]] QJsonObject decisionToJson(const DecisionRequest &request);
[[nodiscard]] QJsonObject eventToJson(const GameEvent &event);
[[nodiscard]] QJsonObject rejectionToJson(const Rejection &rejection);

} // namespace jw
