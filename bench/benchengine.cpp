// Engine throughput: commands per second over random games (RandomPlayer).
// The random player's own probing is not counted: only Game::apply().
//   build/bin/bench_engine
#include "engine/game.h"
#include "engine/randomplayer.h"
#include "fleet/fleetfile.h"
#include "units/unitdatabase.h"

#include <QElapsedTimer>
#include <QTest>

using namespace jw;

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
};

QTEST_GUILESS_MAIN(BenchEngine)
#include "benchengine.moc"
