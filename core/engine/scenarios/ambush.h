// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace jw {

struct GameState;
class BaseShape;

// Ambush!: the TableEdge the Defender escapes through (chosen at the end of the first
// Deployment Phase); -1: not chosen yet, or not Ambush!.
[[nodiscard]] int ambushEscapeEdge(const GameState &state);

// Ambush!: how far `base` is from the TableEdge `edge` (its nearest point; negative beyond it).
// The rule's measure on jwfleet's table (what a physical table asks the players instead).
[[nodiscard]] double ambushEdgeDistance(const BaseShape &base, int edge);

} // namespace jw
