// SPDX-License-Identifier: GPL-3.0-or-later
// Terrain chapter: the data model (JSON, rolls, the unit cards of terrain models), the
// Overlap effects the attack rules read (Defense, ECM, Stealth, Particle Cloud), and a game
// with terrain saved and loaded. The Move effects, the Comet, Mines and Lay Mines are
// scripted games (scripts/terrain-*.yaml).
#include "attacktestutil.h"

#include "engine/game.h"
#include "engine/gamefile.h"
#include "engine/terrain.h"
#include "engine/terraineffects.h"

#include <QTest>

using namespace jw;
using namespace jw::test;

Q_DECLARE_METATYPE(jw::TerrainPiece)

class TestTerrain : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void jsonRoundTrip_data();
    void jsonRoundTrip();
    void stationRolls();
    void uioRolls();
    void mineCard();
    void defenseInArea();
    void ecmInAtmosphere();
    void stealthNearCover();
    void particleCloudHindersBeams();
    void speedAtStart();
    void planetMayNotBeMovedThrough();
    void gameFileRoundTrip();
};

void TestTerrain::jsonRoundTrip_data()
{
    QTest::addColumn<TerrainPiece>("piece");
    const QPolygonF square({{10, 10}, {20, 10}, {20, 20}, {10, 20}});
    QTest::newRow("asteroid field") << TerrainPiece::area(TerrainKind::AsteroidField, square);
    QTest::newRow("particle cloud") << TerrainPiece::area(TerrainKind::ParticleCloud, square);
    QTest::newRow("atmosphere") << TerrainPiece::atmosphere(TableEdge::Left, 4);
    QTest::newRow("planet") << TerrainPiece::planet(TableEdge::Right);
    QTest::newRow("large asteroid") << TerrainPiece::disc(TerrainKind::LargeAsteroid, {30, 24}, 3);
    QTest::newRow("small moon") << TerrainPiece::disc(TerrainKind::SmallMoon, {30, 24}, 8);
    TerrainPiece comet
        = TerrainPiece::comet({40, 24}, 3, QPolygonF({{41.5, 24}, {47, 21}, {47, 27}}));
    comet.stationary = true;
    comet.name = QStringLiteral("Halley");
    QTest::newRow("comet") << comet;
    QTest::newRow("mines") << TerrainPiece::mines({24, 30}, 1);
    TerrainPiece station = TerrainPiece::disc(TerrainKind::SpaceStation, {60, 24}, 3);
    station.owner = 0;
    station.structure = 9;
    station.hangers = 3;
    station.weapons = StationWeapons::BeamProjectors;
    QTest::newRow("space station") << station;
    TerrainPiece wreck = TerrainPiece::disc(TerrainKind::Wreck, {5, 5}, 2);
    wreck.of = QStringLiteral("Uller");
    QTest::newRow("wreck") << wreck;
    TerrainPiece uio = TerrainPiece::disc(TerrainKind::Uio, {36, 24}, 3);
    uio.structure = 4;
    QTest::newRow("uio") << uio;
}

void TestTerrain::jsonRoundTrip()
{
    QFETCH(TerrainPiece, piece);
    QString error;
    const auto back = terrainFromJson(terrainToJson(piece), &error);
    QVERIFY2(back, qPrintable(error));
    QCOMPARE(*back, piece);
    QCOMPARE(terrainKindFromId(terrainKindId(piece.kind)), piece.kind);
}

// Space Stations: "roll 2d6 for each station. This is the Structure rating"; Marines and
// Defense half of it; Sensors 3, Speed 0, Turns 0, Skill 2, Hangers 1 + 1d3, Fire Control 2,
// 2x Kinetic Cannon or 2x Beam Projector by Random Selection.
void TestTerrain::stationRolls()
{
    std::vector<TerrainPiece> terrain {TerrainPiece::disc(TerrainKind::SpaceStation, {24, 24}, 3)};
    ScriptedDiceSource dice({3, 4, 5, 6});
    const QStringList log = rollTerrain(terrain, dice);
    QCOMPARE(log.size(), 3);
    QCOMPARE(terrain[0].structure, 7);
    QCOMPARE(terrain[0].hangers, 4); // 1 + 1d3, a 5 is a 3
    QCOMPARE(terrain[0].weapons, StationWeapons::BeamProjectors);
    const Unit u = terrainUnit(terrain[0], 0);
    QCOMPARE(u.id, QStringLiteral("terrain-0"));
    QVERIFY(u.isCapital());
    QCOMPARE(u.structure.start(), 7);
    QCOMPARE(u.defense.start(), 4); // half of 7, rounded up
    QCOMPARE(u.marines.start(), 4);
    QCOMPARE(u.sensors.start(), 3);
    QCOMPARE(u.speed, 0);
    QCOMPARE(u.turns, 0);
    QCOMPARE(u.skill, 2);
    QCOMPARE(u.fireControl, 2);
    QCOMPARE(u.trait(QStringLiteral("Hangers"))->value, 4);
    QCOMPARE(u.weapons.size(), 1u);
    QCOMPARE(u.weapons[0].count, 2);
    QCOMPARE(u.weapons[0].weaponClass, WeaponClass::BeamProjector);
    QCOMPARE(u.weapons[0].ac, 3);
    QCOMPARE(u.weapons[0].as, 3);
    QCOMPARE(u.weapons[0].macro, 2);
    QCOMPARE(u.weapons[0].arcs, quint8(ArcTurret));

    // 1-3: Kinetic Cannons T AC:4/AS:3 Ma:1; a station with its rolls given rolls nothing.
    std::vector<TerrainPiece> second {TerrainPiece::disc(TerrainKind::SpaceStation, {24, 24}, 3)};
    second[0].structure = 2;
    second[0].hangers = 2;
    ScriptedDiceSource one({1});
    QCOMPARE(rollTerrain(second, one).size(), 1);
    QCOMPARE(one.remaining(), 0u);
    const Unit k = terrainUnit(second[0], 1);
    QCOMPARE(k.weapons[0].weaponClass, WeaponClass::KineticCannon);
    QCOMPARE(k.weapons[0].ac, 4);
    QCOMPARE(k.weapons[0].as, 3);
    QCOMPARE(k.weapons[0].macro, 1);
    QCOMPARE(k.defense.start(), 1);
    ScriptedDiceSource none;
    QVERIFY(rollTerrain(second, none).isEmpty());
}

// "Roll 1d6 for the Structure rating of the UIO"; Scavenger Hunt: Hangers:2, no Defense.
void TestTerrain::uioRolls()
{
    std::vector<TerrainPiece> terrain {TerrainPiece::disc(TerrainKind::Uio, {24, 24}, 3)};
    ScriptedDiceSource dice({5});
    QCOMPARE(rollTerrain(terrain, dice).size(), 1);
    QCOMPARE(terrain[0].structure, 5);
    const Unit u = terrainUnit(terrain[0], 3);
    QCOMPARE(u.structure.start(), 5);
    QCOMPARE(u.defense.start(), 0);
    QCOMPARE(u.trait(QStringLiteral("Hangers"))->value, 2);

    // The engine makes the UIO a model nobody controls.
    GameSetup setup;
    setup.players[0].fleet.entries.push_back(FleetEntry {QStringLiteral("alexander")});
    setup.players[1].fleet.entries.push_back(FleetEntry {QStringLiteral("uller")});
    setup.units[QStringLiteral("alexander")] = shipped(QStringLiteral("alexander"));
    setup.units[QStringLiteral("uller")] = shipped(QStringLiteral("uller"));
    setup.initiative = 0;
    setup.terrain = terrain;
    const Engine engine(setup);
    ScriptedDiceSource start;
    const ApplyResult r = engine.start(start);
    QCOMPARE(r.state.models.size(), 3u);
    const ModelState &m = r.state.models[2];
    QCOMPARE(m.controller, -1);
    QCOMPARE(m.terrain, 0);
    QVERIFY(m.onTable());
    QCOMPARE(r.state.terrain[0].model, 2);
    QCOMPARE(engine.view(r.state, 2).structure(), 5);
    QCOMPARE(engine.victoryPoints(r.state),
             (std::array<int, 2> {shipped(QStringLiteral("alexander")).tv,
                                  shipped(QStringLiteral("uller")).tv}));
}

// "Mine Tokens are considered Squadrons for the purposes of being attacked and have a
// Structure rating of 2."
void TestTerrain::mineCard()
{
    const Unit u = terrainUnit(TerrainPiece::mines({10, 10}, 0), 7);
    QCOMPARE(u.id, QStringLiteral("terrain-mines"));
    QVERIFY(u.isSquadron());
    QCOMPARE(u.structure.start(), 2);
    QCOMPARE(u.weapons[0].weaponClass, WeaponClass::Missile);
    QCOMPARE(u.weapons[0].ac, 3);
}

// Asteroid Field, Particle Cloud, Comet Tail: "Defense +1"; "Models in the Asteroid Field
// gain a Defense rating when defending against Attacks".
void TestTerrain::defenseInArea()
{
    Table t;
    const int uller = t.add(QStringLiteral("uller"), 1, {24, 10}, 180);
    const int pathfinder = t.add(QStringLiteral("pathfinder"), 0, {24, 30});
    const DicePool before = pointDefensePool(t.setup, t.state, pathfinder);
    t.state.terrain.push_back(TerrainPiece::area(
        TerrainKind::AsteroidField, QPolygonF({{20, 28}, {28, 28}, {28, 32}, {20, 32}})));
    QStringList mods;
    const DicePool in = pointDefensePool(t.setup, t.state, pathfinder, &mods);
    QCOMPARE(in.base, before.base + 1);
    QVERIFY(mods.contains(QStringLiteral("+1B Defense +1 in Asteroid Field")));
    // A Comet's Tail too (and only one +1 however many pieces).
    t.state.terrain.push_back(
        TerrainPiece::comet({24, 24}, 3, QPolygonF({{24, 25.5}, {20, 34}, {28, 34}})));
    QCOMPARE(pointDefensePool(t.setup, t.state, pathfinder).base, before.base + 1);
    t.state.terrain.erase(t.state.terrain.begin());
    QCOMPARE(pointDefensePool(t.setup, t.state, pathfinder).base, before.base + 1);
    // Out of it: nothing.
    t.model(pathfinder).placement = Placement({5, 30});
    QCOMPARE(pointDefensePool(t.setup, t.state, pathfinder).base, before.base);

    // A model with Defense 0 gains a Defense rating of 1.
    Q_UNUSED(uller);
    Unit bare = squadronCard(QStringLiteral("bare"), 4, 0);
    const int b = t.add(bare, 0, {24, 30});
    QCOMPARE(pointDefensePool(t.setup, t.state, b).base, 1);
}

// Atmosphere: "Models within Atmosphere gain +1 to their ECM trait or gain ECM:1": the
// short-range Flex Die is removed.
void TestTerrain::ecmInAtmosphere()
{
    Table t;
    const int alexander = t.add(QStringLiteral("alexander"), 0, {24, 14}, 0);
    const int uller = t.add(QStringLiteral("uller"), 1, {24, 6}, 0); // 5.5": short range
    t.activate(alexander);
    AttackCheck c = checkAttack(t.setup, t.state, alexander, 0, uller);
    QVERIFY2(c.ok(), qPrintable(c.rejection ? c.rejection->toString() : QString()));
    QVERIFY(c.modifiers.contains(QStringLiteral("+1F short range")));
    const int flex = c.pool.flex;
    t.state.terrain.push_back(TerrainPiece::atmosphere(TableEdge::Top, 6));
    c = checkAttack(t.setup, t.state, alexander, 0, uller);
    QCOMPARE(c.pool.flex, flex - 1);
    QVERIFY(c.modifiers.contains(QStringLiteral("-1F Uller's ECM")));
}

// Large Asteroid: "Any model within 3\" of a Large Asteroid gains the Stealth:1 trait"
// (Small Moon: "follows the rules for Large Asteroids"; a Comet's Body is one).
void TestTerrain::stealthNearCover()
{
    for (TerrainKind kind : {TerrainKind::LargeAsteroid, TerrainKind::SmallMoon, TerrainKind::Wreck,
                             TerrainKind::Comet}) {
        Table t;
        const int alexander = t.add(QStringLiteral("alexander"), 0, {24, 40});
        const int uller = t.add(QStringLiteral("uller"), 1, {24, 38.5 - 13.0 - 1.0}); // 13"
        t.activate(alexander);
        QVERIFY(checkAttack(t.setup, t.state, alexander, 0, uller).ok());
        // 3" from the Uller's base edge (x 25): Sensors 3 - 1, 12" of reach.
        TerrainPiece cover = kind == TerrainKind::Comet
            ? TerrainPiece::comet({29, 24.5}, 2, QPolygonF({{30, 24.5}, {34, 22}, {34, 27}}))
            : TerrainPiece::disc(kind, {29, 24.5}, 2);
        t.state.terrain.push_back(cover);
        const AttackCheck c = checkAttack(t.setup, t.state, alexander, 0, uller);
        QVERIFY2(!c.ok(), qPrintable(terrainKindId(kind)));
        QCOMPARE(c.rejection->rule, QStringLiteral("Attack › Sensor Range"));
        QVERIFY(c.rejection->message().contains(QStringLiteral("Stealth 1")));
        // Farther than 3": no cover.
        t.state.terrain.back() = kind == TerrainKind::Comet
            ? TerrainPiece::comet({29.2, 24.5}, 2, QPolygonF({{30.2, 24.5}, {34, 22}, {34, 27}}))
            : TerrainPiece::disc(kind, {29.2, 24.5}, 2);
        QVERIFY(checkAttack(t.setup, t.state, alexander, 0, uller).ok());
    }
}

// Particle Cloud: "Beam or Particle attacks that target a model in a Dust/Ice Cloud, or that
// pass through a Dust/Ice Cloud, suffer -1d6 to the attack roll."
void TestTerrain::particleCloudHindersBeams()
{
    Table t;
    Unit ship = capitalCard(QStringLiteral("gunship"));
    ship.weapons
        = {weapon(QStringLiteral("Beam Projector"), WeaponClass::BeamProjector, 4, 4, 0),
           weapon(QStringLiteral("Mass Driver"), WeaponClass::MassDriver, 4, 4, 0),
           weapon(QStringLiteral("Particle Cannon"), WeaponClass::ParticleCannon, 4, 4, 0)};
    const int gunship = t.add(ship, 0, {24, 40});
    const int target = t.add(capitalCard(QStringLiteral("target")), 1, {24, 30}, 180);
    t.activate(gunship);
    const int base = checkAttack(t.setup, t.state, gunship, 0, target).pool.base;
    // A cloud between them: the line passes through it.
    t.state.terrain.push_back(TerrainPiece::area(
        TerrainKind::ParticleCloud, QPolygonF({{22, 34}, {26, 34}, {26, 36}, {22, 36}})));
    AttackCheck c = checkAttack(t.setup, t.state, gunship, 0, target);
    QCOMPARE(c.pool.base, base - 1);
    QVERIFY(c.modifiers.contains(QStringLiteral("-1B Particle Cloud")));
    QCOMPARE(checkAttack(t.setup, t.state, gunship, 2, target).pool.base, base - 1);
    QCOMPARE(checkAttack(t.setup, t.state, gunship, 1, target).pool.base, base); // Mass Driver
    // The cloud beside the line: nothing; around the target: -1d6.
    t.state.terrain.back() = TerrainPiece::area(
        TerrainKind::ParticleCloud, QPolygonF({{30, 34}, {34, 34}, {34, 36}, {30, 36}}));
    QCOMPARE(checkAttack(t.setup, t.state, gunship, 0, target).pool.base, base);
    t.state.terrain.back() = TerrainPiece::area(
        TerrainKind::ParticleCloud, QPolygonF({{20, 29}, {28, 29}, {28, 31}, {20, 31}}));
    QCOMPARE(checkAttack(t.setup, t.state, gunship, 0, target).pool.base, base - 1);
}

// Small Moon: "A model starting a Movement while overlapping a Moon gains Speed +2";
// Atmosphere: "reduce their Speed rating by 1"; Planet: "If at the start of a Movement the
// table edge is entirely within the Front Arc of a Capital Ship, that ship gains Speed +2
// ... Aft Arc ... Speed -1".
void TestTerrain::speedAtStart()
{
    GameState s;
    const BaseShape ship = BaseShape::rectangle(2, 3, {24, 24}, 0); // facing the top edge
    QCOMPARE(terrainSpeedBonus(s, ship, true), 0);
    s.terrain.push_back(TerrainPiece::disc(TerrainKind::SmallMoon, {24, 26}, 6));
    std::vector<Message> why;
    QCOMPARE(terrainSpeedBonus(s, ship, true, &why), 2);
    QCOMPARE(why.size(), std::size_t(1));
    QCOMPARE(why[0].english(), QStringLiteral("+2 starting on Small Moon"));
    // Typed: the reason and the kind's name are the catalogue's (translated).
    QCOMPARE(QLatin1String(Message::key(why[0].id())), QLatin1String("SpeedStartingOn"));
    QCOMPARE(why[0].args().size(), std::size_t(1));
    QCOMPARE(QLatin1String(Message::key(why[0].args()[0].nested.at(0).id())),
             QLatin1String("TerrainSmallMoon"));
    s.terrain.clear();
    s.terrain.push_back(TerrainPiece::planet(TableEdge::Top));
    // Near the edge the 72" edge is not wholly in the Fore arc; 44" from it, it is.
    QCOMPARE(terrainSpeedBonus(s, ship, true), 0);
    const BaseShape far = BaseShape::rectangle(2, 3, {36, 44}, 0);
    QCOMPARE(terrainSpeedBonus(s, far, true), 2);
    std::vector<Message> planet;
    QCOMPARE(terrainSpeedBonus(s, far, true, &planet), 2);
    QCOMPARE(planet.size(), std::size_t(1));
    QCOMPARE(planet[0].english(), QStringLiteral("+2 with Planet in the Fore arc"));
    planet.clear();
    QCOMPARE(terrainSpeedBonus(s, BaseShape::rectangle(2, 3, {36, 44}, 180), true, &planet), -1);
    QCOMPARE(planet.size(), std::size_t(1));
    QCOMPARE(planet[0].english(), QStringLiteral("-1 with Planet in the Aft arc"));
    QCOMPARE(terrainSpeedBonus(s, BaseShape::hex({36, 44}), false), 0); // squadrons: no arcs
    QCOMPARE(terrainSpeedBonus(s, BaseShape::rectangle(2, 3, {36, 44}, 180), true), -1);
    QCOMPARE(terrainSpeedBonus(s, BaseShape::rectangle(2, 3, {36, 44}, 90), true), 0);
    s.terrain.push_back(TerrainPiece::atmosphere(TableEdge::Top, 3));
    QCOMPARE(terrainSpeedBonus(s, BaseShape::rectangle(2, 3, {24, 3}, 0), true), -1);
    QCOMPARE(terrainSpeedBonus(s, BaseShape::hex({24, 2}), false), -1);
}

// "A planet may not be overlapped or moved through."
void TestTerrain::planetMayNotBeMovedThrough()
{
    GameState s;
    s.terrain.push_back(TerrainPiece::planet(TableEdge::Left));
    const BaseShape hex = BaseShape::hex({2, 24});
    QVERIFY(!planetCrossed(s, sweptArea(hex, QPolygonF({{2, 24}, {10, 24}}))));
    QVERIFY(planetCrossed(s, sweptArea(hex, QPolygonF({{2, 24}, {-1, 24}, {2, 20}}))));
    QVERIFY(
        !planetCrossed(s, sweptArea(BaseShape::hex({70, 24}), QPolygonF({{70, 24}, {73, 24}}))));
}

// A game with terrain is saved and loaded: the setup (with the rolled station), the state
// (terrain models included) replay the same.
void TestTerrain::gameFileRoundTrip()
{
    GameSetup setup;
    setup.players[0].name = QStringLiteral("Dave");
    setup.players[1].name = QStringLiteral("Eve");
    setup.players[0].fleet.entries.push_back(FleetEntry {QStringLiteral("alexander")});
    setup.players[1].fleet.entries.push_back(FleetEntry {QStringLiteral("atlas")});
    QVERIFY(!GameSetup::fillUnits(setup, db()));
    setup.seed = 1234;
    setup.terrain.push_back(
        TerrainPiece::area(TerrainKind::ParticleCloud, QPolygonF({{20, 20}, {30, 20}, {25, 28}})));
    setup.terrain.push_back(
        TerrainPiece::comet({40, 24}, 3, QPolygonF({{41.5, 24}, {47, 21}, {47, 27}})));
    TerrainPiece station = TerrainPiece::disc(TerrainKind::SpaceStation, {60, 24}, 3);
    station.owner = 1;
    setup.terrain.push_back(station);
    setup.terrain.push_back(TerrainPiece::mines({10, 10}, 1));
    Game game(setup);
    // The station was rolled from the seed when the engine was built.
    const TerrainPiece &rolled = game.setup().terrain[2];
    QVERIFY(rolled.structure && *rolled.structure >= 2 && *rolled.structure <= 12);
    QVERIFY(rolled.hangers && *rolled.hangers >= 2 && *rolled.hangers <= 4);
    QVERIFY(rolled.weapons);
    QVERIFY(game.setup().unit(QStringLiteral("terrain-2")));
    QVERIFY(game.setup().unit(QStringLiteral("terrain-mines"))); // the Atlas is a Minelayer
    QCOMPARE(game.state().terrain.size(), 4u);
    QCOMPARE(game.state().models.size(), 4u); // two ships, the station, the mines
    // Play the deployment: the Comet moves at its end.
    while (game.state().phase == Phase::Deployment) {
        const LegalCommands legal = game.legalCommands();
        if (!legal.deployable.empty()) {
            const int p = legal.player;
            QVERIFY(game.apply(DeployCommand {
                                   legal.deployable.front(),
                                   Placement(legal.deploymentZone.center(), p == 0 ? 0.0 : 180.0)})
                        .ok());
            continue;
        }
        QVERIFY(!legal.commands.empty());
        QVERIFY(game.apply(legal.commands.front()).ok());
    }
    const QByteArray saved = GameFile::serialize(game);
    const GameFile::Loaded loaded = GameFile::parse(saved, QStringLiteral("terrain.jwgame"));
    QVERIFY2(loaded.game, qPrintable(loaded.error));
    QCOMPARE(loaded.game->setup().terrain, game.setup().terrain);
    // The terrain's unit cards (a fleet unit's source location is not saved).
    for (const QString &id : {QStringLiteral("terrain-2"), QStringLiteral("terrain-mines")})
        QVERIFY2(loaded.game->setup().units.at(id) == game.setup().units.at(id), qPrintable(id));
    QCOMPARE(loaded.game->state(), game.state());
    QVERIFY(loaded.game->state().terrain[1].shape.centre() != QPointF(40, 24)); // moved
}

QTEST_GUILESS_MAIN(TestTerrain)
#include "tst_terrain.moc"
