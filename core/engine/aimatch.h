// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/aiplayer.h"
#include "engine/gamesetup.h"

#include <array>
#include <vector>

namespace jw {

// A match between two computer players (docs/ai.md): `games` seeded
// games of one setup, the sides swapped every other game, played on `jobs` threads.
struct AiMatchOptions
{
    GameSetup setup; // the fleets, scenario and rules (its seed is replaced per game)
    AiLevel a = AiLevel::Greedy;
    AiLevel b = AiLevel::Random;
    int games = 20;
    std::uint64_t seed = 1; // game g plays with seed + g; the players' seeds derive from it
    int jobs = 1;
    int maxCommands = 6000; // a game still going after this many is counted unfinished
    double budgetMs = 700; // each player's CPU budget a decision (AiPlayer::setBudgetMs)
    // Not empty: each game is saved there as game-SEED.jwgame (GameFile; `jwfleet-cli game`
    // shows it with the computer's reasons).
    QString saveDir;
};

struct AiMatchGame
{
    std::uint64_t seed = 0;
    int aSide = 0; // the player A is (0: the first fleet)
    int result = 0; // for A: 1 a win, 0 a draw, -1 a loss
    bool finished = true;
    int commands = 0;
    int turn = 0; // the turn the game ended in
    std::array<int, 2> victoryPoints {}; // at its end: A's, B's
    std::array<int, 2> objectivePoints {}; // at its end: A's, B's
    QString saveError; // the game could not be saved (AiMatchOptions::saveDir): why
};

struct AiMatchResult
{
    int wins = 0, draws = 0, losses = 0, unfinished = 0; // A's
    // A's score (a win 1, a draw 1/2) per game, and its 95% confidence interval.
    double score = 0, low = 0, high = 0;
    int decisions = 0; // commands the two computer players chose
    double meanThinkMs = 0; // CPU time of one decision, mean
    double maxThinkMs = 0; // the slowest decision
    std::vector<AiMatchGame> games;
};

[[nodiscard]] AiMatchResult playAiMatch(const AiMatchOptions &options);

} // namespace jw
