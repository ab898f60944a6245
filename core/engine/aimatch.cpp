// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/aimatch.h"

#include "dice/dicesource.h"
#include "engine/engine.h"
#include "engine/game.h"
#include "engine/gamefile.h"
#include "io/cputime.h"

#include <QDir>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <mutex>
#include <thread>

namespace jw {

namespace {

struct GameRun
{
    AiMatchGame game;
    int decisions = 0;
    double thinkMs = 0;
    double maxThinkMs = 0;
};

// The setup game `index` of `games` plays: the runs of consecutive games of
// AiMatchOptions::setups.
int aiMatchSetupOf(int index, int games, int setups)
{
    if (games <= 0 || setups <= 1)
        return 0;
    // Game i of n plays setup floor(i * k / n): runs of n/k, the longer ones first.
    return int((std::int64_t(index) * setups) / games);
}

GameRun playOne(const AiMatchOptions &o, int index)
{
    GameRun run;
    run.game.seed = o.seed + std::uint64_t(index);
    run.game.aSide = index % 2;
    run.game.setup = o.setups.empty() ? 0 : aiMatchSetupOf(index, o.games, int(o.setups.size()));
    GameSetup setup = o.setups.empty() ? o.setup : o.setups[std::size_t(run.game.setup)];
    setup.seed = run.game.seed;
    const AiLevel levels[2] = {run.game.aSide == 0 ? o.a : o.b, run.game.aSide == 0 ? o.b : o.a};
    for (int p = 0; p < 2; ++p)
        setup.players[std::size_t(p)].computer = aiLevelId(levels[p]);
    // A Game (the seed's dice, the history with the computer's reasons): what the table
    // plays, and what a saved game replays.
    Game game(setup);
    if (game.startRejection()) {
        run.game.finished = false;
        return run;
    }
    const Engine &engine = game.engine();
    // The players' own seeds: from the game's, but not it (they never see the game's dice).
    std::array<AiPlayer, 2> players {AiPlayer(levels[0], run.game.seed * 2654435761ULL + 11),
                                     AiPlayer(levels[1], run.game.seed * 2654435761ULL + 23)};
    for (AiPlayer &p : players)
        p.setBudgetMs(o.budgetMs);
    int refused = 0; // in a row: a choice its own dice let through and the game's did not
    for (int n = 0; n < o.maxCommands && game.state().phase != Phase::Over && refused < 20; ++n) {
        const GameState &state = game.state();
        const int who = aiPlayerToDecide(state);
        const double t0 = io::threadCpuMs();
        const std::optional<AiChoice> c = players[std::size_t(who)].choose(engine, state);
        const double dt = io::threadCpuMs() - t0;
        ++run.decisions;
        run.thinkMs += dt;
        run.maxThinkMs = std::max(run.maxThinkMs, dt);
        if (!c)
            break;
        if (!game.apply(c->command, c->reason).ok()) {
            // Accepted with its own dice, refused with the game's (a forced move's Skill
            // Test): it chooses again without it.
            players[std::size_t(who)].refused(c->command);
            ++refused;
            continue;
        }
        refused = 0;
        players[std::size_t(who)].refused(std::nullopt);
        ++run.game.commands;
    }
    const GameState &state = game.state();
    if (!o.saveDir.isEmpty())
        run.game.saveError = GameFile::write(
            game,
            QDir(o.saveDir).filePath(
                QStringLiteral("game-%1.%2").arg(run.game.seed).arg(GameFile::kSuffix)));
    run.game.finished = state.phase == Phase::Over;
    run.game.turn = state.turn;
    const std::array<int, 2> vp = engine.victoryPoints(state);
    const std::size_t aSide = std::size_t(run.game.aSide);
    run.game.victoryPoints = {vp[aSide], vp[1 - aSide]};
    run.game.objectivePoints = {state.objectivePoints[aSide], state.objectivePoints[1 - aSide]};
    if (run.game.finished) {
        const int w = state.winner.value_or(-1);
        run.game.result = w < 0 ? 0 : (w == run.game.aSide ? 1 : -1);
    }
    return run;
}

// The mean of `xs` and its 95% confidence interval (the normal approximation), the variance
// at least `floorVariance` so that 10 wins of 10 still has a width.
std::array<double, 3> meanInterval(const std::vector<double> &xs, double floorVariance)
{
    const double n = double(xs.size());
    if (n == 0)
        return {0, 0, 0};
    double sum = 0;
    for (double x : xs)
        sum += x;
    const double mean = sum / n;
    double var = 0;
    for (double x : xs)
        var += (x - mean) * (x - mean);
    var = n > 1 ? var / (n - 1) : floorVariance;
    const double se = std::sqrt(std::max(var, floorVariance / n) / n);
    return {mean, mean - 1.96 * se, mean + 1.96 * se};
}

// A's record over the games of setup `setup` (-1: every game).
AiMatchTally tally(const std::vector<AiMatchGame> &games, int setup)
{
    AiMatchTally t;
    std::vector<double> scores, margins;
    for (const AiMatchGame &g : games) {
        if (setup >= 0 && g.setup != setup)
            continue;
        ++t.games;
        if (!g.finished) {
            ++t.unfinished;
            continue;
        }
        (g.result > 0 ? t.wins : g.result < 0 ? t.losses : t.draws)++;
        scores.push_back(g.result > 0 ? 1.0 : g.result < 0 ? 0.0 : 0.5);
        margins.push_back(double(g.victoryPoints[0] - g.victoryPoints[1]));
    }
    if (!scores.empty()) {
        // The score's variance at least that of one coin toss in n games.
        const std::array<double, 3> s = meanInterval(scores, 0.25);
        t.score = s[0];
        t.low = std::max(0.0, s[1]);
        t.high = std::min(1.0, s[2]);
        const std::array<double, 3> m = meanInterval(margins, 0);
        t.margin = m[0];
        t.marginLow = m[1];
        t.marginHigh = m[2];
    }
    return t;
}

} // namespace

AiMatchResult playAiMatch(const AiMatchOptions &o)
{
    AiMatchResult result;
    result.games.resize(std::size_t(std::max(0, o.games)));
    std::vector<GameRun> runs(result.games.size());
    std::atomic<int> next {0};
    const auto work = [&] {
        for (int i = next++; i < o.games; i = next++)
            runs[std::size_t(i)] = playOne(o, i);
    };
    std::vector<std::thread> threads;
    for (int j = 1; j < std::max(1, o.jobs); ++j)
        threads.emplace_back(work);
    work();
    for (std::thread &t : threads)
        t.join();

    double thinkMs = 0;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const GameRun &r = runs[i];
        result.games[i] = r.game;
        result.decisions += r.decisions;
        thinkMs += r.thinkMs;
        result.maxThinkMs = std::max(result.maxThinkMs, r.maxThinkMs);
    }
    result.meanThinkMs = result.decisions ? thinkMs / result.decisions : 0;
    static_cast<AiMatchTally &>(result) = tally(result.games, -1);
    for (int s = 0; s < std::max<int>(1, int(o.setups.size())); ++s)
        result.perSetup.push_back(tally(result.games, s));
    return result;
}

} // namespace jw
