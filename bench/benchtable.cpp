// SPDX-License-Identifier: GPL-3.0-or-later
// The table with many models (docs/performance.md):
// - fullRepaint200Models: a full repaint of the match table with 200 models
//   (100 a side, capital ships and squadrons, the selected model's ranges and
//   arcs drawn) into a 1280x800 image, as a view repaints it. Goal: under 16 ms
//   (one frame at 60 Hz).
// - dragPreview: what one mouse move of a drag of the active model costs
//   (previewMove(), as GameWindow::refreshMovePreview calls it), with 20, 50,
//   100 and 200 models on the table, in CPU time. Goal: under 2 ms at 200.
// - viewRepaint: what a person sees, frame after frame: a 1280x800 TableView
//   showing 200 models (bench::tableSetup) repainted many times at each zoom,
//   the first frame after the zoom change included, in CPU time per frame.
//   Goal: every frame under 8 ms.
//   build/bin/bench_table -median 5 fullRepaint200Models
//   build/bin/bench_table dragPreview
//   build/bin/bench_table viewRepaint
#include "table/movepreview.h"
#include "table/tablescene.h"
#include "table/tableview.h"

#include "benchsetup.h"

#include "engine/game.h"
#include "units/unitdatabase.h"

#include <QApplication>
#include <QImage>
#include <QPainter>
#include <QScrollBar>
#include <QTest>

using namespace jw;

class BenchTable : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void fullRepaint200Models_data()
    {
        QTest::addColumn<double>("zoom"); // pixels per inch
        QTest::newRow("whole table") << 16.0;
        QTest::newRow("close up") << 60.0;
    }

    void fullRepaint200Models()
    {
        QFETCH(double, zoom);
        const UnitDatabase db = UnitDatabase::loadShipped();
        GameSetup s;
        const QString units[2][2] = {{QStringLiteral("alexander"), QStringLiteral("pathfinder")},
                                     {QStringLiteral("shan-yu"), QStringLiteral("kitsune")}};
        const QString factions[2] = {QStringLiteral("jovian"), QStringLiteral("venusian")};
        for (int p = 0; p < 2; ++p) {
            s.players[std::size_t(p)].name = p ? QStringLiteral("Eve") : QStringLiteral("Dave");
            s.players[std::size_t(p)].fleet.faction = factions[p];
            s.players[std::size_t(p)].fleet.points = 5000;
            for (int i = 0; i < 100; ++i) {
                s.players[std::size_t(p)].fleet.entries.push_back(
                    FleetEntry {units[p][i % 2], {}, {}});
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
        if (const auto e = GameSetup::fillUnits(s, db))
            QFAIL(qPrintable(*e));
        const Engine engine(s);
        CounterDiceSource dice(1, 0);
        const ApplyResult start = engine.start(dice);
        TableScene scene;
        scene.setState(engine, start.state);
        QCOMPARE(scene.modelItemCount(), 200);
        scene.setSelectedModel(0);
        QImage image(1280, 800, QImage::Format_ARGB32_Premultiplied);
        const QRectF source(24 - 640 / zoom, 24 - 400 / zoom, 1280 / zoom, 800 / zoom);
        QBENCHMARK
        {
            QPainter painter(&image);
            painter.setRenderHint(QPainter::Antialiasing);
            scene.render(&painter, QRectF(0, 0, 1280, 800), source);
        }
    }

    void viewRepaint_data()
    {
        QTest::addColumn<double>("zoom"); // pixels per inch
        QTest::newRow("8 px/in") << 8.0;
        QTest::newRow("13 px/in (fit at 1280x720)") << 13.0;
        QTest::newRow("20 px/in (fit at 1920x1080)") << 20.0;
        QTest::newRow("40 px/in") << 40.0;
        QTest::newRow("80 px/in") << 80.0;
    }

    // Frames as a person makes them: zoom to the row's zoom (from a nearby one,
    // so that nothing painted before is reused), then 40 full repaints while
    // panning a few pixels; five times. Reports the first frame after each zoom
    // change apart from the others: that one used to be the slow one.
    void viewRepaint()
    {
        QFETCH(double, zoom);
        const UnitDatabase db = UnitDatabase::loadShipped();
        const Engine engine(bench::tableSetup(db, 200));
        CounterDiceSource dice(1, 0);
        const ApplyResult start = engine.start(dice);
        QVERIFY(start.ok());
        TableScene scene;
        scene.setState(engine, start.state);
        QCOMPARE(scene.modelItemCount(), 200);
        scene.setSelectedModel(0);
        // The labels' placement, redone at each zoom change (their images are not).
        (void)scene.labels().layout(zoom * 1.01);
        const double l0 = bench::cpuMs();
        const std::vector<PlacedLabel> &placed = scene.labels().layout(zoom);
        const double layoutMs = bench::cpuMs() - l0;
        int leaders = 0;
        int compact = 0;
        for (const PlacedLabel &p : placed) {
            leaders += p.leader ? 1 : 0;
            compact += p.compact ? 1 : 0;
        }
        qInfo("labels at %.0f px/in: %zu placed (%d with a leader line, %d short), placing %.2f ms",
              zoom, placed.size(), leaders, compact, layoutMs);
        TableView view(&scene);
        view.resize(1280, 800);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QWidget *viewport = view.viewport();
        std::vector<double> first;
        std::vector<double> others;
        for (int round = 0; round < 5; ++round) {
            view.zoomBy((round % 2 ? zoom * 1.15 : zoom * 0.87) / view.zoom());
            viewport->repaint();
            QCoreApplication::processEvents();
            view.zoomBy(zoom / view.zoom());
            view.centerOn(24, 24);
            for (int frame = 0; frame < 40; ++frame) {
                if (frame > 0) {
                    QScrollBar *h = view.horizontalScrollBar();
                    h->setValue(h->value() + (frame % 2 ? 3 : -3));
                }
                const double t0 = bench::cpuMs();
                viewport->repaint();
                const double t = bench::cpuMs() - t0;
                (frame == 0 ? first : others).push_back(t);
            }
        }
        const auto mean = [](const std::vector<double> &v) {
            double sum = 0;
            for (double x : v)
                sum += x;
            return sum / double(v.size());
        };
        std::sort(others.begin(), others.end());
        qInfo("view repaint, 200 models, %.0f px/in: first frame after a zoom change %.2f ms "
              "(max %.2f); other frames mean %.2f ms, median %.2f, max %.2f (%zu frames), CPU",
              zoom, mean(first), *std::max_element(first.begin(), first.end()), mean(others),
              others[others.size() / 2], others.back(), others.size());
    }

    void dragPreview_data()
    {
        QTest::addColumn<int>("models");
        QTest::addColumn<bool>("capital");
        for (int n : {20, 50, 100, 200}) {
            QTest::addRow("%d models, capital ship", n) << n << true;
            QTest::addRow("%d models, squadron", n) << n << false;
        }
    }

    // A model in the middle of the first player's rows activates; the drag
    // then plans moves of every length up to its maximum, forward (a capital
    // ship) or diagonally (a squadron), one preview per mouse move.
    void dragPreview()
    {
        QFETCH(int, models);
        QFETCH(bool, capital);
        const UnitDatabase db = UnitDatabase::loadShipped();
        const Engine engine(bench::tableSetup(db, models));
        CounterDiceSource dice(1, 0);
        const ApplyResult start = engine.start(dice);
        QVERIFY(start.ok());
        int id = -1;
        for (const ModelState &m : start.state.models)
            if (m.controller == 0 && engine.unitOf(m).isCapital() == capital
                && (id < 0 || m.id <= models / 4))
                id = m.id;
        const ApplyResult active = engine.apply(start.state, ActivateCommand {id, {}}, dice);
        QVERIFY(active.ok());
        const GameState &s = active.state;
        const QPointF from = s.models[std::size_t(id)].placement.centre();
        int events = 0;
        int refused = 0;
        const double t0 = bench::cpuMs();
        double t = t0;
        while (events < 20 || (t - t0 < 500 && events < 20000)) {
            const double d = 0.25 * (events % 40);
            std::optional<Command> planned;
            if (capital)
                planned = MoveCapitalCommand {{MoveLeg {d, 0}}};
            else
                planned = MoveSquadronCommand {{from + QPointF(d * 0.6, -d * 0.8)}};
            const MovePreview p = previewMove(engine, s, planned);
            if (!p.limits)
                QFAIL("no move limits");
            refused += p.refusal ? 1 : 0;
            ++events;
            t = bench::cpuMs();
        }
        qInfo("drag preview, %d models, %s: %.3f ms CPU per mouse move (mean of %d; %d refused)",
              models, capital ? "capital ship" : "squadron", (t - t0) / events, events, refused);
    }
};

QTEST_MAIN(BenchTable)
#include "benchtable.moc"
