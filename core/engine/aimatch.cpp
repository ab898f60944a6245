// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/aimatch.h"

#include "dice/dicesource.h"
#include "engine/engine.h"
#include "io/cputime.h"

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

GameRun playOne(const AiMatchOptions &o, int index)
{
    GameRun run;
    run.game.seed = o.seed + std::uint64_t(index);
    run.game.aSide = index % 2;
    GameSetup setup = o.setup;
    setup.seed = run.game.seed;
    const Engine engine(setup);
    SeededDiceSource dice(run.game.seed);
    ApplyResult start = engine.start(dice);
    if (!start.ok()) {
        run.game.finished = false;
        return run;
    }
    GameState state = std::move(start.state);
    // The players' own seeds: from the game's, but not it (they never see the game's dice).
    std::array<AiPlayer, 2> players {
        AiPlayer(run.game.aSide == 0 ? o.a : o.b, run.game.seed * 2654435761ULL + 11),
        AiPlayer(run.game.aSide == 0 ? o.b : o.a, run.game.seed * 2654435761ULL + 23)};
    for (AiPlayer &p : players)
        p.setBudgetMs(o.budgetMs);
    int refused = 0; // in a row: a choice its own dice let through and the game's did not
    for (int n = 0; n < o.maxCommands && state.phase != Phase::Over && refused < 20; ++n) {
        const int who = aiPlayerToDecide(state);
        const double t0 = io::threadCpuMs();
        const std::optional<AiChoice> c = players[std::size_t(who)].choose(engine, state);
        const double dt = io::threadCpuMs() - t0;
        ++run.decisions;
        run.thinkMs += dt;
        run.maxThinkMs = std::max(run.maxThinkMs, dt);
        if (!c)
            break;
        ApplyResult r = engine.apply(state, c->command, dice);
        if (!r.ok()) {
            // Accepted with its own dice, refused with the game's (a forced move's Skill
            // Test): it chooses again without it.
            players[std::size_t(who)].refused(c->command);
            ++refused;
            continue;
        }
        refused = 0;
        players[std::size_t(who)].refused(std::nullopt);
        state = std::move(r.state);
        ++run.game.commands;
    }
    run.game.finished = state.phase == Phase::Over;
    if (run.game.finished) {
        const int w = state.winner.value_or(-1);
        run.game.result = w < 0 ? 0 : (w == run.game.aSide ? 1 : -1);
    }
    return run;
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
    std::vector<double> scores;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const GameRun &r = runs[i];
        result.games[i] = r.game;
        result.decisions += r.decisions;
        thinkMs += r.thinkMs;
        result.maxThinkMs = std::max(result.maxThinkMs, r.maxThinkMs);
        if (!r.game.finished) {
            ++result.unfinished;
            continue;
        }
        (r.game.result > 0 ? result.wins : r.game.result < 0 ? result.losses : result.draws)++;
        scores.push_back(r.game.result > 0 ? 1.0 : r.game.result < 0 ? 0.0 : 0.5);
    }
    result.meanThinkMs = result.decisions ? thinkMs / result.decisions : 0;
    const double n = double(scores.size());
    if (n > 0) {
        double sum = 0;
        for (double s : scores)
            sum += s;
        result.score = sum / n;
        double var = 0;
        for (double s : scores)
            var += (s - result.score) * (s - result.score);
        var = n > 1 ? var / (n - 1) : 0.25;
        // The normal approximation, with the variance at least that of one coin toss in n
        // games so that 10 wins of 10 still has a width.
        const double se = std::sqrt(std::max(var, 0.25 / n) / n);
        result.low = std::max(0.0, result.score - 1.96 * se);
        result.high = std::min(1.0, result.score + 1.96 * se);
    }
    return result;
}

} // namespace jw
