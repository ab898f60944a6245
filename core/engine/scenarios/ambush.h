#pragma once

namespace jw {

struct GameState;

// Ambush!: the TableEdge the Defender escapes through (chosen at the end of the first
// Deployment Phase); -1: not chosen yet, or not Ambush!.
[[nodiscard]] int ambushEscapeEdge(const GameState &state);

} // namespace jw
