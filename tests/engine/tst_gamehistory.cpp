// SPDX-License-Identifier: GPL-3.0-or-later
// Game's history keeps a state only every few commands and rebuilds the others
// by replaying the recorded commands with their recorded dice: every state it
// rebuilds must be the state play reached, whatever the order of the questions,
// across undo, with the seed's dice and with dice from an outside source.
#include "engine/game.h"
#include "engine/gamefile.h"
#include "engine/randomplayer.h"
#include "fleet/fleetfile.h"
#include "samplefleets.h"
#include "units/unitdatabase.h"

#include <QTest>

#include <random>

using namespace jw;

namespace {

using test::db;
using test::sample;

GameSetup setupFor(int seed)
{
    GameSetup setup;
    setup.seed = std::uint64_t(seed);
    setup.rules = seed % 2 ? QStringLiteral("v1.2.2") : QStringLiteral("v1.2.4");
    setup.players[0] = PlayerSetup {QStringLiteral("A"), sample("io-patrol.jwfleet")};
    setup.players[1]
        = PlayerSetup {QStringLiteral("B"),
                       sample(seed % 2 ? "venus-strike.jwfleet" : "cega-carrier-group.jwfleet")};
    if (GameSetup::fillUnits(setup, db()))
        qFatal("units");
    return setup;
}

// Faces from a PRNG, as a person at a physical table would type them in; counts
// how many were asked for.
class TypedDice final : public DiceSource
{
public:
    explicit TypedDice(std::uint64_t seed)
        : m_rng(seed)
    { }
    int rollD6() override
    {
        ++m_asked;
        return std::uniform_int_distribution<int>(1, 6)(m_rng);
    }
    int m_asked = 0;

private:
    std::mt19937_64 m_rng;
};

} // namespace

class TestGameHistory : public QObject
{
    Q_OBJECT
private:
    // Plays `commands` random commands; after each one, undoes as many as may be
    // undone (up to `undoDepth`, checking each state against the one play
    // reached) and plays them again, or plays another command instead. Returns
    // the states play reached, index i: after i commands.
    static std::vector<GameState> play(Game &game, std::uint64_t seed, int commands, int undoDepth,
                                       int *deepestUndo)
    {
        std::vector<GameState> reached {game.state()};
        RandomPlayer player(seed);
        std::mt19937_64 rng(seed);
        int refused = 0;
        while (int(game.history().size()) < commands && game.state().phase != Phase::Over
               && refused < 50) {
            const auto c = player.choose(game.engine(), game.state());
            if (!c || !game.apply(*c).ok()) {
                ++refused;
                continue;
            }
            reached.push_back(game.state());
            std::vector<Command> undone;
            while (int(undone.size()) < undoDepth && game.canUndo()) {
                undone.push_back(game.history().back().command);
                if (!game.undo())
                    qFatal("canUndo() but undo() refused");
                reached.pop_back();
                if (!(game.state() == reached.back()))
                    qFatal("undo gave another state than play reached at command %d",
                           int(game.history().size()));
            }
            *deepestUndo = std::max(*deepestUndo, int(undone.size()));
            // Half the time play the undone commands again, else go another way.
            if (std::uniform_int_distribution<int>(0, 1)(rng) == 0) {
                for (auto it = undone.rbegin(); it != undone.rend(); ++it) {
                    if (!game.apply(*it).ok())
                        qFatal("an undone command is refused when played again");
                    reached.push_back(game.state());
                }
            }
        }
        return reached;
    }

    // Every stateAfter(i) equals what play reached: forwards, backwards, at random.
    static void checkEveryState(const Game &game, const std::vector<GameState> &reached)
    {
        QCOMPARE(int(reached.size()), int(game.history().size()) + 1);
        const int n = int(reached.size());
        for (int i = 0; i < n; ++i) {
            QVERIFY2(game.stateAfter(i) == reached[std::size_t(i)], qPrintable(QString::number(i)));
            QCOMPARE(game.turnAfter(i), reached[std::size_t(i)].turn);
            const auto &a = reached[std::size_t(i)].activation;
            QCOMPARE(game.activeModelAfter(i), a ? a->model : -1);
        }
        for (int i = n - 1; i >= 0; --i)
            QVERIFY2(game.stateAfter(i) == reached[std::size_t(i)], qPrintable(QString::number(i)));
        std::mt19937_64 rng(n);
        for (int k = 0; k < n; ++k) {
            const int i = std::uniform_int_distribution<int>(0, n - 1)(rng);
            QVERIFY2(game.stateAfter(i) == reached[std::size_t(i)], qPrintable(QString::number(i)));
        }
        QVERIFY(game.stateAfter(n - 1) == game.state());
    }

private Q_SLOTS:
    void stateAfterIsThePlayedState_data()
    {
        QTest::addColumn<int>("seed");
        QTest::addColumn<bool>("typed"); // dice from an outside source, not the seed
        QTest::addColumn<int>("interval");
        for (int seed = 1; seed <= 3; ++seed)
            for (const bool typed : {false, true})
                for (const int interval : {1, 3, Game::defaultSnapshotInterval})
                    QTest::addRow("seed %d %s every %d", seed, typed ? "typed" : "seeded", interval)
                        << seed << typed << interval;
    }

    void stateAfterIsThePlayedState()
    {
        QFETCH(int, seed);
        QFETCH(bool, typed);
        QFETCH(int, interval);
        TypedDice dice(std::uint64_t(seed) * 31);
        Game game(setupFor(seed), typed ? &dice : nullptr, interval);
        QVERIFY(!game.startRejection());
        QCOMPARE(game.snapshotInterval(), interval);
        int deepest = 0;
        const std::vector<GameState> reached = play(game, std::uint64_t(seed), 200, 1, &deepest);
        QVERIFY(game.history().size() >= 150);
        QVERIFY(deepest >= 1); // some command was undone on the way
        const int asked = dice.m_asked;
        checkEveryState(game, reached);
        if (QTest::currentTestFailed())
            return;
        // Rebuilding states rolls nothing: it replays the recorded dice.
        QCOMPARE(dice.m_asked, asked);
        // A copy (the replay viewer's) and a saved and loaded game rebuild the same states.
        const Game copy = game;
        checkEveryState(copy, reached);
        if (QTest::currentTestFailed())
            return;
        const GameFile::Loaded loaded
            = GameFile::parse(GameFile::serialize(game), QStringLiteral("game.jwgame"));
        QVERIFY2(loaded.game, qPrintable(loaded.error));
        checkEveryState(*loaded.game, reached);
        if (QTest::currentTestFailed())
            return;
    }

    // Many undos in a row (the Deployment Phase rolls no dice) reach back past
    // several snapshots, then play goes on: every state is still the one reached.
    void undoAfterManyCommands_data()
    {
        QTest::addColumn<int>("seed");
        QTest::addColumn<bool>("typed");
        QTest::addColumn<int>("interval");
        for (int seed = 4; seed <= 5; ++seed)
            for (const bool typed : {false, true})
                for (const int interval : {2, 3, Game::defaultSnapshotInterval})
                    QTest::addRow("seed %d %s every %d", seed, typed ? "typed" : "seeded", interval)
                        << seed << typed << interval;
    }

    void undoAfterManyCommands()
    {
        QFETCH(int, seed);
        QFETCH(bool, typed);
        QFETCH(int, interval);
        // Past the snapshot before (small intervals), and past the few recent states
        // play keeps for undo (the default one). How deep a random game undoes
        // depends on its moves: the first of a few seeds that goes deep enough.
        std::optional<TypedDice> dice;
        std::optional<Game> game;
        std::vector<GameState> reached;
        int deepest = 0;
        for (int attempt = 0; attempt < 8 && deepest <= std::min(interval + 1, 6); ++attempt) {
            const int s = seed + 100 * attempt;
            game.reset();
            dice.emplace(std::uint64_t(s) * 31);
            game.emplace(setupFor(s), typed ? &*dice : nullptr, interval);
            deepest = 0;
            reached = play(*game, std::uint64_t(s), 150, 40, &deepest);
        }
        QVERIFY2(deepest > std::min(interval + 1, 6), qPrintable(QString::number(deepest)));
        checkEveryState(*game, reached);
        if (QTest::currentTestFailed())
            return;

        // From the end, undo all that may be undone; each state is the one reached.
        while (game->canUndo()) {
            QVERIFY(game->undo());
            reached.pop_back();
            QVERIFY(game->state() == reached.back());
        }
        QCOMPARE(int(game->history().size()) + 1, int(reached.size()));
        QCOMPARE(int(game->log().size()), int(reached.size()));
        checkEveryState(*game, reached);
    }
};

QTEST_GUILESS_MAIN(TestGameHistory)
#include "tst_gamehistory.moc"
