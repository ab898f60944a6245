// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "render/cardlayout.h"
#include "render/cardmarks.h"

namespace jw {

class Engine;
struct GameState;
struct ModelState;

// A model's unit card as the table shows it: the card of its unit headed by
// the model's name, with what is marked off in the game (from its ModelState).
[[nodiscard]] CardOptions modelCardOptions(const Engine &engine, const GameState &state, int model);
[[nodiscard]] CardMarks modelCardMarks(const ModelState &model);

} // namespace jw
