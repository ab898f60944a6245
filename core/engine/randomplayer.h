// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/command.h"
#include "engine/engine.h"

#include <optional>
#include <random>

namespace jw {

// Picks a random command the engine accepts now: for property tests, the
// engine benchmark and soak runs (and the simplest opponent there is). The
// continuous commands (where to deploy, how far to move) are sampled within the
// limits legalCommands() gives, and tried until the engine accepts one.
class RandomPlayer
{
public:
    explicit RandomPlayer(std::uint64_t seed)
        : m_rng(seed)
    { }

    // A command for the player to act, or nullopt when the game is over or no
    // accepted command was found in `attempts` tries.
    [[nodiscard]] std::optional<Command> choose(const Engine &engine, const GameState &state,
                                                int attempts = 40);
    // The same, with the state's legalCommands() already at hand (the computer player
    // samples several commands of one state).
    [[nodiscard]] std::optional<Command> choose(const Engine &engine, const GameState &state,
                                                const LegalCommands &legal, int attempts = 40);

    // A continuous command sampled within the limits `legal` gives (a deployment, a move, a
    // launch, a movement's path), not checked against the engine (whoever tries it does):
    // nullopt when none came in `attempts` draws. The computer player's sampled moves.
    [[nodiscard]] std::optional<Command> sampleContinuous(const Engine &engine,
                                                          const GameState &state,
                                                          const LegalCommands &legal,
                                                          int attempts = 10);

private:
    [[nodiscard]] Command candidate(const Engine &engine, const GameState &state,
                                    const LegalCommands &legal);
    double uniform(double lo, double hi)
    {
        return std::uniform_real_distribution<double>(lo, hi)(m_rng);
    }
    int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(m_rng); }

    std::mt19937_64 m_rng;
};

} // namespace jw
