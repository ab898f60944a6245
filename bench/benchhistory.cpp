// SPDX-License-Identifier: GPL-3.0-or-later
// The game history (Game): memory kept per command, and the time of undo, of
// stateAfter(i) at random i and of stepping the replay viewer, in random games
// (RandomPlayer) of 20, 50 and 100 models (half a side) that start in the
// Activation Phase, as bench_table's table does.
//   QT_QPA_PLATFORM=offscreen build/bin/bench_history
// JW_BENCH_COMMANDS=N caps each game at N accepted commands (default 600);
// JW_HISTORY_INTERVAL=K keeps a snapshot every K commands (default: Game's).
#include "table/replayviewer.h"

#include "engine/game.h"
#include "engine/randomplayer.h"
#include "units/unitdatabase.h"

#include <QCoreApplication>
#include <QTest>

#include <malloc.h>
#include <time.h>

#include <algorithm>
#include <random>

using namespace jw;

namespace {

// Bytes the heap has handed out and not had back (glibc): small blocks from the
// arenas plus the large ones it maps on their own (a vector of 600 states).
std::size_t heapInUse()
{
    const struct mallinfo2 m = mallinfo2();
    return m.uordblks + m.hblkhd;
}

GameSetup setupWith(int models, std::uint64_t seed)
{
    GameSetup s;
    s.seed = seed;
    const QString units[2][2] = {{QStringLiteral("alexander"), QStringLiteral("pathfinder")},
                                 {QStringLiteral("shan-yu"), QStringLiteral("kitsune")}};
    const QString factions[2] = {QStringLiteral("jovian"), QStringLiteral("venusian")};
    for (int p = 0; p < 2; ++p) {
        s.players[std::size_t(p)].name = p ? QStringLiteral("Eve") : QStringLiteral("Dave");
        s.players[std::size_t(p)].fleet.faction = factions[p];
        s.players[std::size_t(p)].fleet.points = 5000;
        for (int i = 0; i < models / 2; ++i) {
            s.players[std::size_t(p)].fleet.entries.push_back(FleetEntry {units[p][i % 2], {}, {}});
            ModelStart m;
            m.player = p;
            m.entry = i;
            m.x = 2 + (i % 20) * 2.3;
            m.y = (p ? 3 : 30) + (i / 20) * 3.2;
            m.facing = p ? 180 : 0;
            s.starts.push_back(m);
        }
    }
    s.startPhase = QStringLiteral("activation");
    s.initiative = 0;
    return s;
}

// CPU time of this thread (the machine is shared: wall clock measures the neighbours),
// with QElapsedTimer's calls.
class CpuTimer
{
public:
    void start() { m_start = now(); }
    qint64 restart()
    {
        const qint64 n = now();
        const qint64 e = n - m_start;
        m_start = n;
        return e;
    }
    [[nodiscard]] qint64 nsecsElapsed() const { return now() - m_start; }

private:
    static qint64 now()
    {
        timespec ts {};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return qint64(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
    }
    qint64 m_start = now();
};

struct Timing
{
    qint64 totalNs = 0;
    qint64 maxNs = 0;
    int count = 0;
    void add(qint64 ns)
    {
        totalNs += ns;
        maxNs = std::max(maxNs, ns);
        ++count;
    }
    [[nodiscard]] double meanUs() const { return count ? totalNs / 1e3 / count : 0; }
    [[nodiscard]] double maxUs() const { return maxNs / 1e3; }
};

} // namespace

class BenchHistory : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void history_data()
    {
        QTest::addColumn<int>("models");
        QTest::newRow("20 models") << 20;
        QTest::newRow("50 models") << 50;
        QTest::newRow("100 models") << 100;
    }

    void history()
    {
        QFETCH(int, models);
        const int cap = qEnvironmentVariableIsSet("JW_BENCH_COMMANDS")
            ? qEnvironmentVariableIntValue("JW_BENCH_COMMANDS")
            : 600;
        const UnitDatabase db = UnitDatabase::loadShipped();
        GameSetup setup = setupWith(models, 7);
        if (const auto e = GameSetup::fillUnits(setup, db))
            QFAIL(qPrintable(*e));

        // Memory: the heap the Game holds after the commands, less what it held
        // at the start, per command (states, history entries with their dice, log).
        const int interval = qEnvironmentVariableIsSet("JW_HISTORY_INTERVAL")
            ? qEnvironmentVariableIntValue("JW_HISTORY_INTERVAL")
            : Game::defaultSnapshotInterval;
        auto game = std::make_unique<Game>(setup, nullptr, interval);
        const std::size_t heapStart = heapInUse();
        RandomPlayer player {7};
        Timing undo;
        Timing undoFurther; // the second to fourth undo in a row
        Timing apply;
        int commands = 0;
        while (commands < cap && game->state().phase != Phase::Over) {
            const auto c = player.choose(game->engine(), game->state());
            if (!c)
                break;
            CpuTimer t;
            t.start();
            if (!game->apply(*c).ok())
                QFAIL("refused");
            apply.add(t.nsecsElapsed());
            ++commands;
            // Undo what may be undone (up to four commands in a row), and play
            // it again (not timed).
            std::vector<Command> undone;
            while (undone.size() < 4 && game->canUndo()) {
                undone.push_back(game->history().back().command);
                t.restart();
                QVERIFY(game->undo());
                (undone.size() == 1 ? undo : undoFurther).add(t.nsecsElapsed());
            }
            for (auto it = undone.rbegin(); it != undone.rend(); ++it)
                QVERIFY(game->apply(*it).ok());
        }
        const std::size_t heapEnd = heapInUse();
        // One state: sizeof + the heap a copy of it allocates.
        std::size_t stateBytes = 0;
        {
            const std::size_t h0 = heapInUse();
            const GameState copy = game->state();
            stateBytes = sizeof(GameState) + (heapInUse() - h0);
            QVERIFY(copy.turn >= 1);
        }
        qInfo("%d models, snapshot every %d: %d commands (turn %d), apply %.0f us mean, %.0f max",
              models, game->snapshotInterval(), commands, game->state().turn, apply.meanUs(),
              apply.maxUs());
        qInfo("  memory: one state %.1f KB (sizeof %zu B); the Game holds %.1f KB per command",
              stateBytes / 1024.0, sizeof(GameState),
              double(heapEnd - heapStart) / std::max(1, commands) / 1024.0);
        qInfo("  undo of the last command: %.1f us mean, %.1f us max (%d undos)", undo.meanUs(),
              undo.maxUs(), undo.count);
        qInfo("  undo, 2nd to 4th in a row: %.1f us mean, %.1f us max (%d undos)",
              undoFurther.meanUs(), undoFurther.maxUs(), undoFurther.count);

        // stateAfter(i) at random i.
        {
            std::mt19937_64 rng(11);
            Timing at;
            long sink = 0;
            for (int k = 0; k < 300; ++k) {
                const int i = std::uniform_int_distribution<int>(0, commands)(rng);
                CpuTimer t;
                t.start();
                const GameState &s = game->stateAfter(i);
                sink += s.turn + long(s.models.size());
                at.add(t.nsecsElapsed());
            }
            QVERIFY(sink > 0);
            qInfo("  stateAfter(random i): %.1f us mean, %.1f us max", at.meanUs(), at.maxUs());
        }

        // The replay viewer on a copy of the game: opening, then stepping forward
        // through every command and back again.
        {
            CpuTimer t;
            t.start();
            std::unique_ptr<ReplayViewer> v(ReplayViewer::fromGame(*game));
            const qint64 openNs = t.nsecsElapsed();
            v->setPosition(0);
            Timing forward;
            Timing back;
            for (int i = 1; i <= v->commandCount(); ++i) {
                t.restart();
                v->stepForward();
                forward.add(t.nsecsElapsed());
            }
            QCOMPARE(v->position(), v->commandCount());
            for (int i = v->commandCount(); i > 0; --i) {
                t.restart();
                v->stepBack();
                back.add(t.nsecsElapsed());
            }
            QCOMPARE(v->position(), 0);
            qInfo("  replay viewer: open %.1f ms; step forward %.1f us mean (%.1f max), "
                  "back %.1f us mean (%.1f max)",
                  openNs / 1e6, forward.meanUs(), forward.maxUs(), back.meanUs(), back.maxUs());
            // As a person steps: the event loop runs between two key presses (what the
            // viewer does while idle is not timed; the step is).
            Timing idleForward;
            Timing idleBack;
            for (int i = 1; i <= v->commandCount(); ++i) {
                QCoreApplication::processEvents();
                t.restart();
                v->stepForward();
                idleForward.add(t.nsecsElapsed());
            }
            for (int i = v->commandCount(); i > 0; --i) {
                QCoreApplication::processEvents();
                t.restart();
                v->stepBack();
                idleBack.add(t.nsecsElapsed());
            }
            QCOMPARE(v->position(), 0);
            qInfo("  replay viewer, idle between steps: step forward %.1f us mean (%.1f max), "
                  "back %.1f us mean (%.1f max)",
                  idleForward.meanUs(), idleForward.maxUs(), idleBack.meanUs(), idleBack.maxUs());
        }
    }
};

QTEST_MAIN(BenchHistory)
#include "benchhistory.moc"
