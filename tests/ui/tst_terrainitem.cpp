// SPDX-License-Identifier: GPL-3.0-or-later
// The table draws the terrain the engine holds (Terrain chapter): one TerrainItem per
// piece, refreshed with the state (a destroyed Mine token disappears). With
// JW_SCREENSHOT_DIR set, the game window with every kind of terrain is saved in the dark
// and the light theme.
#include "table/gamecontroller.h"
#include "table/gamewindow.h"
#include "table/tablescene.h"
#include "table/terrainitem.h"
#include "theme.h"

#include "units/unitdatabase.h"

#include <QStandardPaths>
#include <QTest>

using namespace jw;

namespace {

const UnitDatabase &db()
{
    static const UnitDatabase d = UnitDatabase::loadShipped();
    return d;
}

GameSetup terrainSetup()
{
    GameSetup s;
    s.players[0].name = QStringLiteral("Dave");
    s.players[0].fleet.faction = QStringLiteral("cega");
    s.players[0].fleet.entries = {FleetEntry {QStringLiteral("atlas"), {}, {}},
                                  FleetEntry {QStringLiteral("wyvern"), {}, {}}};
    s.players[1].name = QStringLiteral("Eve");
    s.players[1].fleet.faction = QStringLiteral("venusian");
    s.players[1].fleet.entries = {FleetEntry {QStringLiteral("shan-yu"), {}, {}}};
    s.initiative = 0;
    s.seed = 5;
    ModelStart a;
    a.player = 0;
    a.x = 14;
    a.y = 38;
    ModelStart w;
    w.player = 0;
    w.entry = 1;
    w.x = 30;
    w.y = 30;
    ModelStart b;
    b.player = 1;
    b.x = 30;
    b.y = 8;
    b.facing = 180;
    s.starts = {a, w, b};
    s.startPhase = QStringLiteral("activation");
    s.terrain.push_back(TerrainPiece::planet(TableEdge::Left));
    s.terrain.push_back(TerrainPiece::atmosphere(TableEdge::Left, 4));
    s.terrain.push_back(TerrainPiece::area(
        TerrainKind::AsteroidField, QPolygonF({{18, 16}, {26, 14}, {29, 20}, {24, 25}, {17, 22}})));
    s.terrain.push_back(TerrainPiece::area(TerrainKind::ParticleCloud,
                                           QPolygonF({{34, 30}, {42, 28}, {44, 36}, {37, 39}})));
    s.terrain.push_back(TerrainPiece::comet(
        {36, 18}, 3, QPolygonF({{37.2, 17.1}, {45, 12}, {46, 17}, {37.2, 18.9}})));
    s.terrain.push_back(TerrainPiece::disc(TerrainKind::LargeAsteroid, {10, 28}, 3));
    s.terrain.push_back(TerrainPiece::disc(TerrainKind::SmallMoon, {12, 8}, 7));
    s.terrain.push_back(TerrainPiece::mines({20, 40}, 0));
    s.terrain.push_back(TerrainPiece::mines({24, 42}, 1));
    TerrainPiece station = TerrainPiece::disc(TerrainKind::SpaceStation, {40, 44}, 3);
    station.owner = 1;
    s.terrain.push_back(station);
    s.terrain.push_back(TerrainPiece::disc(TerrainKind::Uio, {24, 31}, 2.5));
    TerrainPiece wreck = TerrainPiece::disc(TerrainKind::Wreck, {6, 44}, 2);
    wreck.of = QStringLiteral("Uller");
    s.terrain.push_back(wreck);
    if (const auto e = GameSetup::fillUnits(s, db()))
        qFatal("%s", qPrintable(*e));
    return s;
}

int terrainItems(const QGraphicsScene *scene)
{
    int n = 0;
    for (const QGraphicsItem *i : scene->items())
        n += i->type() == TerrainItem::Type;
    return n;
}

} // namespace

class TestTerrainItem : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        GameController::discardAutosave();
    }
    void cleanupTestCase() { GameController::discardAutosave(); }

    void drawsEveryPiece_data()
    {
        QTest::addColumn<QString>("theme");
        QTest::newRow("dark") << QStringLiteral("dark");
        QTest::newRow("light") << QStringLiteral("light");
    }
    void drawsEveryPiece()
    {
        QFETCH(QString, theme);
        theme::apply(theme);
        GameController c;
        GameWindow w(&c);
        w.resize(1400, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        c.startGame(terrainSetup());
        QCOMPARE(c.state().terrain.size(), 12u);
        QCOMPARE(terrainItems(w.scene()), 12);
        // Each item draws its piece: the comet's shape covers its Body and its Tail.
        for (const QGraphicsItem *i : w.scene()->items()) {
            if (i->type() != TerrainItem::Type)
                continue;
            const auto *t = static_cast<const TerrainItem *>(i);
            QVERIFY(!t->boundingRect().isEmpty());
            QVERIFY(!t->toolTip().isEmpty());
            if (t->piece().kind == TerrainKind::Comet) {
                QVERIFY(t->shape().contains(QPointF(36, 18)));
                QVERIFY(t->shape().contains(QPointF(43, 15)));
            }
        }
        QTest::qWait(50);
        const QString dir = qEnvironmentVariable("JW_SCREENSHOT_DIR");
        if (!dir.isEmpty())
            w.grab().save(dir + QStringLiteral("/terrain-%1.png").arg(theme));

        // A Mine token destroyed: its piece is no longer drawn.
        GameState s = c.state();
        const int mine = s.terrain[7].model;
        s.models[std::size_t(mine)].location = Location::Destroyed;
        w.scene()->setState(c.game()->engine(), s);
        QCOMPARE(terrainItems(w.scene()), 11);
    }
};

QTEST_MAIN(TestTerrainItem)
#include "tst_terrainitem.moc"
