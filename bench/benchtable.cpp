// A full repaint of the match table with 200 models (100 a side, capital ships
// and squadrons, the selected model's ranges and arcs drawn) into a 1280x800
// image, as a view repaints it. Goal: under 16 ms (one frame at 60 Hz).
//   build/bin/bench_table -median 5
#include "table/tablescene.h"

#include "engine/game.h"
#include "units/unitdatabase.h"

#include <QApplication>
#include <QImage>
#include <QPainter>
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
};

QTEST_MAIN(BenchTable)
#include "benchtable.moc"
