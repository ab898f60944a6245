// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/command.h"
#include "engine/engine.h"
#include "engine/randomplayer.h"

#include <QString>

#include <array>
#include <limits>
#include <memory>
#include <optional>
#include <random>
#include <vector>

namespace jw {

// The computer opponent's levels (docs/ai.md). A level is what it considers, not how long
// it thinks:
// - Random: any command the engine accepts (RandomPlayer): random legal play, for learning
//   the rules against, and the yardstick the levels are measured against.
// - Greedy: every discrete command the engine offers now and 6 sampled moves and
//   deployments, each tried once with the player's own dice and played on to the end of the
//   activation it is part of, the best one-ply command at each step (an activation judged by
//   the whole activation it leads to, a move by what it then lets the model fire at); the best
//   outcome taken.
// - Careful: what Greedy considers (8 sampled moves and deployments), each judged also by what
//   the two sides' models threaten from where they stand after it (threat(): the enemy's
//   against it, its own for it), so that a move into an enemy's arcs or an attack that leaves
//   a threat standing costs what the enemy could do from there; its best two candidates tried
//   once more with other dice of its own, the better mean of two taken.
// - Expert: what Careful considers with 12 sampled moves and deployments and, for a move,
//   moves aimed at the three enemy models nearest (aimedMoves()), each tried once as Careful
//   tries it but with the threats after a move (threat()'s `moved`: each model's attack also
//   from where its own move could take it first, not only from where it stands); the best four
//   (kExpertFinalists) tried twice more, other dice of its own each time; the best mean of
//   three taken.
// In every level's rollout, a question the enemy must answer during its activation (a
// defence) is answered as the enemy's best one-ply answer, and the activation goes on.
enum class AiLevel {
    Random = 0,
    Greedy = 1,
    Careful = 2,
    Expert = 3
};
// "random", "greedy", "careful", "expert" (saved games and the CLI; never renamed)
[[nodiscard]] QString aiLevelId(AiLevel level);
[[nodiscard]] std::optional<AiLevel> aiLevelFromId(const QString &id);

// The player who must answer now: the pending decision's, else the player to act
// (legalCommands().player is the player to act even while the other one decides).
[[nodiscard]] int aiPlayerToDecide(const GameState &state);

// One command of the computer, with why it chose it (a sentence for the game log).
struct AiChoice
{
    Command command;
    Message reason; // typed: english() for files and the CLI, translated() for the table
    int considered = 0; // candidates judged
    double score = 0; // the evaluation of the chosen candidate
};

// The computer opponent: a one-ply search over what the engine offers. It never
// cheats: its look-ahead rolls its own dice (seeded from its own seed, never the
// game's dice source or seed), and it reads only the state the engine gives every
// player. Deterministic for a seed.
class DiceSource;

class AiPlayer
{
public:
    AiPlayer(AiLevel level, std::uint64_t seed);

    // A command for the player who must answer now (aiPlayerToDecide), or nullopt when
    // the game is over or nothing is accepted.
    [[nodiscard]] std::optional<AiChoice> choose(const Engine &engine, const GameState &state);

    // What `player` may know of `state` (v1.2.4 secret information, Engine::isHidden): every
    // enemy model still hidden from it is In Reserve on no carrier, whether it is Embarked
    // and where being the enemy's to know. choose() thinks about this state only.
    [[nodiscard]] static GameState knownState(const Engine &engine, const GameState &state,
                                              int player);

    // How good `state` is for `player`: a win or a loss outweighs all; then Objective
    // Points, Victory Points (the points of the models in play), the Structure the
    // models have lost (weighted by their TV) and, a little, how close its models on
    // the table are to the enemy's. The enemy models hidden from `player` count for nothing
    // (their unit cards are secret).
    [[nodiscard]] static double evaluate(const Engine &engine, const GameState &state, int player);

    // What `by`'s models threaten from where they stand (Careful and Expert weigh it): for
    // each of its models on the table, the attack it could make now on the one enemy model
    // it harms most (the engine's attack preview: range, arcs, pools, the exact odds; its
    // Fire Control's best weapons), valued as evaluate() values damage (0.6 × TV × the share
    // of Structure, the rest of the TV by the chance to destroy); a model that has already
    // acted this turn counts half (it acts again only next turn, after moving). The models
    // hidden from `viewer` (its hidden vector, by id) neither threaten nor are threatened.
    // `moved` (Expert's threats): each attack valued also from where a move of the attacker's
    // own could take it first (a Capital Ship turned toward the target, or to bring it onto a
    // broadside, as far as its turns allow, then advanced; a squadron straight toward it),
    // the best of those and of where it stands.
    [[nodiscard]] static double threat(const Engine &engine, const GameState &state, int by,
                                       const std::vector<bool> &hidden = {}, bool moved = false);

    // What `command` does, as the game log's reason begins ("moves Valiant 6.0\"", "Valiant
    // fires Spinal Laser at Shan-Yu"), typed.
    [[nodiscard]] static Message describe(const Engine &engine, const GameState &state,
                                          const Command &command);

    // Expert: moves aimed at the kAimedTargets enemy models nearest to the moving one (a
    // Capital Ship turned toward each as far as it may and closing to 12" or 6", or turned to
    // bring it onto a broadside; a squadron straight toward it, stopping short of contact). The
    // enemy models hidden from it in its last decision are left out.
    [[nodiscard]] std::vector<Command> aimedMoves(const Engine &engine, const GameState &s,
                                                  const LegalCommands &legal) const;
    static constexpr std::size_t kAimedTargets = 3;

    [[nodiscard]] AiLevel level() const { return m_level; }
    // The CPU time it may think per decision before it takes the best candidate judged so far
    // (the bound is 1 s; a level may use less).
    void setBudgetMs(double ms) { m_budgetMs = ms; }
    [[nodiscard]] double budgetMs() const { return m_budgetMs; }
    // The game refused its last choice (its own dice let it through, the game's did not):
    // not chosen again until a command goes through (nullopt: one did).
    void refused(const std::optional<Command> &command);

private:
    // What the player knows of the state it thinks from: the enemy models hidden from it (by
    // id) and the Objective Points then.
    struct Known
    {
        std::vector<bool> hidden;
        bool anyHidden = false;
        std::array<int, 2> objectivePoints {};
    };
    [[nodiscard]] static Known known(const Engine &engine, const GameState &state, int player);
    [[nodiscard]] static double score(const Engine &engine, const GameState &state, int player,
                                      const Known &known);
    // Greedy and Careful: `s` (after one of its candidates) played on while the same activation of
    // `player` goes on, each step the best one-ply command (greedyStep), at most kRolloutSteps.
    [[nodiscard]] GameState rollout(const Engine &engine, GameState s, int player,
                                    DiceSource &dice);
    // What it considers in `s`: every option of a pending decision (but a movement's) or every
    // discrete command the engine offers, and `sampled` moves and deployments sampled within
    // the engine's limits.
    [[nodiscard]] std::vector<Command> candidates(const Engine &engine, const GameState &s,
                                                  const LegalCommands &legal, int sampled);
    [[nodiscard]] std::optional<Command> greedyStep(const Engine &engine, const GameState &s,
                                                    int player);
    static constexpr int kRolloutSteps = 12;
    // The mean score of tries of `c`, each played on to the end of its activation
    // and, `withThreat` (Careful, Expert), with the two sides' threats then (threat()).
    // The tries are those of the decision's dice sets [from, to) (m_sampleSeeds).
    [[nodiscard]] double judge(const Engine &engine, const GameState &state, const Command &c,
                               int player, int from, int to, bool withThreat);
    // Expert: every candidate tried once, the best kExpertFinalists tried kExpertTries times.
    // Careful: every candidate tried once, the best kCarefulFinalists tried kCarefulTries times.
    static constexpr int kExpertTries = 3;
    static constexpr std::size_t kExpertFinalists = 4;
    static constexpr int kCarefulTries = 2;
    static constexpr std::size_t kCarefulFinalists = 2;
    // threat(), with the pairs measured in the decision's state taken again where nothing near
    // them changed (cache: nullptr measures every pair).
    struct ThreatCache;
    [[nodiscard]] static double threatOf(const Engine &engine, const GameState &state, int by,
                                         const std::vector<bool> &hidden, ThreatCache *cache,
                                         bool moved);
    // The weights of the threats in Careful's and Expert's judgement: the enemy's against it,
    // its own for it.
    static constexpr double kEnemyThreat = 0.5;
    static constexpr double kOwnThreat = 0.3;
    // Each point of a "most ..." objective still to score, by how far ahead (score()): an
    // Objective Point there counts as 60 Victory Points, three quarters of it two ahead.
    static constexpr double kTallyWeight = 60;

    AiLevel m_level;
    // Under the 1 s bound with room for the candidate under way when it runs out (one
    // Careful candidate with its two rollouts has taken up to 180 ms at 26 models).
    double m_budgetMs = 700;
    std::vector<Command> m_refused;
    std::vector<std::uint64_t> m_sampleSeeds; // the dice of each try, alike for every candidate
    Known m_known;
    std::shared_ptr<ThreatCache> m_threats; // during a decision of Careful or Expert
    RandomPlayer m_random;
    std::mt19937_64 m_rng;
};

} // namespace jw
