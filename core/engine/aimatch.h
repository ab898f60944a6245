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
    // Not empty: the games are split over these setups instead (the same fleets on several
    // scenarios), in order, each a run of consecutive games (of 200 over three: 67, 67, 66).
    std::vector<GameSetup> setups;
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
    int setup = 0; // which of AiMatchOptions::setups it played (0 with one setup)
    int result = 0; // for A: 1 a win, 0 a draw, -1 a loss
    bool finished = true;
    int commands = 0;
    int turn = 0; // the turn the game ended in
    std::array<int, 2> victoryPoints {}; // at its end: A's, B's
    std::array<int, 2> objectivePoints {}; // at its end: A's, B's
    QString saveError; // the game could not be saved (AiMatchOptions::saveDir): why
};

// A's record over some games of a match.
struct AiMatchTally
{
    int games = 0; // played (finished or not)
    int wins = 0, draws = 0, losses = 0, unfinished = 0; // A's
    // A's score (a win 1, a draw 1/2) per finished game, and its 95% confidence interval.
    double score = 0, low = 0, high = 0;
    // A's Victory Points less B's at the end of each finished game: the mean and its 95%
    // confidence interval.
    double margin = 0, marginLow = 0, marginHigh = 0;
};

struct AiMatchResult : AiMatchTally
{
    int decisions = 0; // commands the two computer players chose
    double meanThinkMs = 0; // CPU time of one decision, mean
    double maxThinkMs = 0; // the slowest decision
    std::vector<AiMatchGame> games;
    std::vector<AiMatchTally> perSetup; // one per setup played (AiMatchOptions::setups)
};

[[nodiscard]] AiMatchResult playAiMatch(const AiMatchOptions &options);

} // namespace jw
