// SPDX-License-Identifier: GPL-3.0-or-later
// Engine speed (docs/performance.md, "Engine"), with 20, 50, 100 and 200 models
// on the table (half a side), CPU time of the process:
// - commandsPerSecond: throughput of Game::apply() over random games of two
//   small shipped fleets (the random player's own probing is not counted);
// - legalActivation: Engine::legalCommands() in the Activation Phase with no
//   model active;
// - legalDeclared: Engine::legalCommands() with a model active that declared an Action
//   resolved against a model (Ramming Speed, Bombing, Interception, Assault, Boarding);
// - randomGame: a RandomPlayer plays the first commands of a game (choosing
//   and applying), from the Activation Phase of turn 1.
//   build/bin/bench_engine            (all)
//   build/bin/bench_engine legalActivation randomGame
#include "benchsetup.h"
#include "engine/action.h"
#include "engine/game.h"
#include "engine/randomplayer.h"
#include "fleet/fleetfile.h"
#include "units/unitdatabase.h"

#include <QElapsedTimer>
#include <QTest>

using namespace jw;
using namespace jw::bench;

class BenchEngine : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void commandsPerSecond()
    {
        const UnitDatabase db = UnitDatabase::loadShipped();
        const QString dir = QStringLiteral(JW_SOURCE_DIR "/data/fleets/");
        const Fleet a = *FleetFile::read(dir + QStringLiteral("io-patrol.jwfleet")).fleet;
        const Fleet b = *FleetFile::read(dir + QStringLiteral("cega-carrier-group.jwfleet")).fleet;
        qint64 applyNs = 0;
        int commands = 0;
        int games = 0;
        for (int seed = 1; seed <= 40; ++seed) {
            GameSetup setup;
            setup.seed = std::uint64_t(seed);
            setup.players[0] = PlayerSetup {QStringLiteral("A"), a};
            setup.players[1] = PlayerSetup {QStringLiteral("B"), b};
            if (GameSetup::fillUnits(setup, db))
                QFAIL("units");
            Game game(setup);
            RandomPlayer player {std::uint64_t(seed)};
            for (int step = 0; step < 2000 && game.state().phase != Phase::Over; ++step) {
                const auto c = player.choose(game.engine(), game.state());
                if (!c)
                    break;
                QElapsedTimer t;
                t.start();
                const bool ok = game.apply(*c).ok();
                applyNs += t.nsecsElapsed();
                commands += ok ? 1 : 0;
            }
            ++games;
        }
        const double perSecond = commands / (applyNs / 1e9);
        qInfo("%d games, %d commands applied in %.1f ms: %.0f commands per second (%.1f us each)",
              games, commands, applyNs / 1e6, perSecond, applyNs / 1e3 / std::max(1, commands));
        QVERIFY(commands > 0);
    }

    void legalActivation_data()
    {
        QTest::addColumn<int>("models");
        for (int n : {20, 50, 100, 200})
            QTest::addRow("%d models", n) << n;
    }

    void legalActivation()
    {
        QFETCH(int, models);
        const UnitDatabase db = UnitDatabase::loadShipped();
        const Engine engine(tableSetup(db, models));
        CounterDiceSource dice(1, 0);
        const ApplyResult start = engine.start(dice);
        QVERIFY(start.ok());
        QCOMPARE(start.state.phase, Phase::Activation);
        QVERIFY(!start.state.activation);
        // Several repetitions, at least 0.5 s of CPU; the figure is the mean.
        int reps = 0;
        std::size_t offered = 0;
        const double t0 = cpuMs();
        double t = t0;
        while (reps < 3 || (t - t0 < 500 && reps < 2000)) {
            offered = engine.legalCommands(start.state).commands.size();
            ++reps;
            t = cpuMs();
        }
        qInfo("legalCommands, Activation Phase, none active, %d models: %.3f ms CPU (mean of %d), "
              "%zu commands",
              models, (t - t0) / reps, reps, offered);
        QVERIFY(offered > std::size_t(models / 2));
    }

    // legalCommands() with a model active that declared an Action resolved against a
    // model (Ramming Speed, Initiate Bombing, Interception, Initiate Assault, Initiate
    // Boarding): the first model of the first row (facing the enemy, 1 Structure left) that
    // may declare it.
    void legalDeclared_data()
    {
        QTest::addColumn<int>("models");
        for (int n : {20, 50, 100, 200})
            QTest::addRow("%d models", n) << n;
    }

    void legalDeclared()
    {
        QFETCH(int, models);
        const UnitDatabase db = UnitDatabase::loadShipped();
        GameSetup setup = tableSetup(db, models);
        // The first player's first row has 1 Structure left (Ramming Speed needs it).
        for (ModelStart &m : setup.starts)
            if (m.player == 0 && m.entry < 20) {
                const QString id = setup.players[0].fleet.entries[std::size_t(m.entry)].unitId;
                m.lost[QStringLiteral("structure")] = setup.unit(id)->structure.size() - 1;
            }
        const Engine engine(setup);
        CounterDiceSource dice(1, 0);
        const ApplyResult start = engine.start(dice);
        QVERIFY(start.ok());
        const LegalCommands idle = engine.legalCommands(start.state);
        for (const ActionId action :
             {ActionId::RammingSpeed, ActionId::InitiateBombing, ActionId::Interception,
              ActionId::InitiateAssault, ActionId::InitiateBoarding}) {
            std::optional<GameState> declared;
            for (const Command &c : idle.commands) {
                const auto *a = std::get_if<ActivateCommand>(&c);
                if (!a || a->action != action)
                    continue;
                CounterDiceSource d(1, 0);
                const ApplyResult r = engine.apply(start.state, c, d);
                if (r.ok() && !r.state.pending) {
                    declared = r.state;
                    break;
                }
            }
            QVERIFY2(declared, qPrintable(actionKey(action)));
            int reps = 0;
            std::size_t targets = 0;
            const double t0 = cpuMs();
            double t = t0;
            while (reps < 3 || (t - t0 < 300 && reps < 2000)) {
                targets = 0;
                for (const Command &c : engine.legalCommands(*declared).commands)
                    targets += std::holds_alternative<ResolveActionCommand>(c) ? 1 : 0;
                ++reps;
                t = cpuMs();
            }
            qInfo("legalCommands, %s declared, %d models: %.3f ms CPU (mean of %d), %zu targets",
                  qPrintable(actionKey(action)), models, (t - t0) / reps, reps, targets);
        }
    }

    void randomGame_data()
    {
        QTest::addColumn<int>("models");
        for (int n : {20, 50, 100, 200})
            QTest::addRow("%d models", n) << n;
    }

    // The first 200 commands the random player sends (about a third of a turn
    // at 200 models), choosing and applying, from the Activation Phase.
    void randomGame()
    {
        QFETCH(int, models);
        const UnitDatabase db = UnitDatabase::loadShipped();
        Game game(tableSetup(db, models));
        QVERIFY(!game.startRejection());
        RandomPlayer player {11};
        int commands = 0;
        const double t0 = cpuMs();
        for (int step = 0; step < 200 && game.state().phase != Phase::Over; ++step) {
            const auto c = player.choose(game.engine(), game.state());
            if (!c)
                break;
            commands += game.apply(*c).ok() ? 1 : 0;
        }
        const double ms = cpuMs() - t0;
        qInfo("random game, %d models: %d commands in %.0f ms CPU (%.2f ms each), turn %d", models,
              commands, ms, ms / std::max(1, commands), game.state().turn);
        QVERIFY(commands > 0);
    }
};

QTEST_GUILESS_MAIN(BenchEngine)
#include "benchengine.moc"
