// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/engine.h"

#include <optional>

namespace jw {

// What the table shows while the active model's move is planned (each mouse move
// of a drag): how far it may still move, and why the planned move would be
// refused. Read from the engine, which computes it; no rule here.
struct MovePreview
{
    std::optional<MoveLimits> limits; // nullopt: no model is moving
    std::optional<Rejection> refusal; // the planned move, when the engine refuses it
};

// `planned`: the move as far as it is planned (a MoveCapitalCommand or a
// MoveSquadronCommand), or nullopt when nothing is planned yet.
[[nodiscard]] MovePreview previewMove(const Engine &engine, const GameState &state,
                                      const std::optional<Command> &planned);

} // namespace jw
