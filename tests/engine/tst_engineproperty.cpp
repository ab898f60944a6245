// SPDX-License-Identifier: GPL-3.0-or-later
// Property test: many games of random accepted commands (fixed seeds) keep the
// invariants of the rules after every command, and replay from (setup, seed,
// commands) to the identical state.
#include "dice/dicesource.h"
#include "engine/game.h"
#include "engine/gamefile.h"
#include "engine/gamejson.h"
#include "engine/gamescript.h"
#include "engine/randomplayer.h"
#include "engine/scenario.h"
#include "fleet/fleetfile.h"
#include "geometry/zones.h"
#include "samplefleets.h"
#include "units/unitdatabase.h"

#include <QDir>
#include <QFileInfo>
#include <QTest>

using namespace jw;

namespace {

using test::db;
using test::sample;

const ScenarioLibrary &scenarios()
{
    static const ScenarioLibrary s = ScenarioLibrary::loadShipped();
    return s;
}

// The invariants, as a message naming the first one broken (empty: all hold).
QString brokenInvariant(const Engine &engine, const GameState &s)
{
    for (const ModelState &m : s.models) {
        const ModelView v = engine.view(s, m.id);
        const Unit &u = v.unit();
        for (Rating r : {Rating::Structure, Rating::Defense, Rating::Sensors, Rating::Thrusters,
                         Rating::Marines}) {
            if (v.rating(r) < 0 || v.rating(r) > v.starting(r))
                return QStringLiteral("%1's %2 is %3 (start %4)")
                    .arg(m.name, ratingName(r))
                    .arg(v.rating(r))
                    .arg(v.starting(r));
            if (v.lost(r) < 0 || v.lost(r) > std::max(v.track(r).size(), 0) + 0)
                return QStringLiteral("%1 lost %2 %3 boxes of %4")
                    .arg(m.name)
                    .arg(v.lost(r))
                    .arg(ratingName(r))
                    .arg(v.track(r).size());
        }
        if (v.fireControlLeft() < 0 || m.fireControlSpent > u.fireControl)
            return QStringLiteral("%1 spent %2 Fire Control of %3")
                .arg(m.name)
                .arg(m.fireControlSpent)
                .arg(u.fireControl);
        if (u.isSquadron() && (v.fuel() < 0 || m.fuelSpent > u.fuel.start()))
            return QStringLiteral("%1 has Fuel %2").arg(m.name).arg(v.fuel());
        for (int w = 0; w < int(u.weapons.size()); ++w)
            if (m.weaponsDamaged[std::size_t(w)] < 0
                || m.weaponsDamaged[std::size_t(w)] > u.weapons[std::size_t(w)].count)
                return QStringLiteral("%1's weapon %2 damage out of range").arg(m.name).arg(w);
        if (m.has(FlagCrippled) && (!u.isCapital() || v.structure() != 0))
            return QStringLiteral("%1 is Crippled with Structure %2")
                .arg(m.name)
                .arg(v.structure());
        if (u.isCapital() && m.onTable() && v.structure() == 0 && !m.has(FlagCrippled))
            return QStringLiteral("%1 has Structure 0 but is not Crippled").arg(m.name);
        if (u.isSquadron() && m.inPlay() && v.structure() == 0)
            return QStringLiteral("squadron %1 has Structure 0 but is in play").arg(m.name);
        if (m.location == Location::Embarked) {
            const ModelState *c = s.model(m.carrier);
            if (!c || !c->inPlay())
                return QStringLiteral("%1 is embarked on no carrier in play").arg(m.name);
        }
        if ((m.has(FlagEvading) || m.has(FlagStationKeeping)) && s.phase == Phase::Deployment)
            return QStringLiteral("%1 keeps a state that ends in the End Phase").arg(m.name);
    }
    if (s.activation && !s.model(s.activation->model))
        return QStringLiteral("the activation names no model");
    if (s.phase == Phase::Over && !s.winner)
        return QStringLiteral("the game is over with no result");
    // The scenario: the winner has the most Objective Points (ties: Victory Points).
    if (s.phase == Phase::Over && *s.winner >= 0
        && s.objectivePoints[std::size_t(*s.winner)]
            < s.objectivePoints[std::size_t(1 - *s.winner)])
        return QStringLiteral("the winner has fewer Objective Points");
    int total0 = 0, total1 = 0;
    for (const auto &o : s.objectiveScores) {
        total0 += o[0];
        total1 += o[1];
    }
    if (engine.scenario().objectives.size() == s.objectiveScores.size()
        && std::none_of(engine.scenario().objectives.begin(), engine.scenario().objectives.end(),
                        [](const Objective &o) { return !o.group.isEmpty(); })
        && (total0 != s.objectivePoints[0] || total1 != s.objectivePoints[1]))
        return QStringLiteral("the Objective Points are not the sum of the objectives");
    // Scavenger Hunt: the UIOs' Marines and Search tokens; searched at three tokens.
    if (!s.uios.empty() && !engine.scenario().switches.uios)
        return QStringLiteral("UIOs searched without the uios switch");
    for (const UioSearch &u : s.uios) {
        const ModelState *m = s.model(u.model);
        if (!m || m->terrain < 0)
            return QStringLiteral("a UIO search names no UIO");
        for (int p = 0; p < 2; ++p)
            if (u.marines[std::size_t(p)] < 0 || u.tokens[std::size_t(p)] < 0)
                return QStringLiteral("%1: negative Marines or Search tokens").arg(m->name);
        if (u.searchedBy > 1 || u.searchedBy < -1
            || (u.searchedBy >= 0 && u.tokens[std::size_t(u.searchedBy)] < 3)
            || (u.searchedBy < 0 && (u.tokens[0] >= 3 || u.tokens[1] >= 3)))
            return QStringLiteral("%1: searched by %2 with tokens %3/%4")
                .arg(m->name)
                .arg(u.searchedBy)
                .arg(u.tokens[0])
                .arg(u.tokens[1]);
        if ((u.marines[0] > 0 || u.marines[1] > 0) && m->inPlay() && !m->has(FlagBoarded))
            return QStringLiteral("%1 has Marines aboard but is not Boarded").arg(m->name);
    }
    // Beacon markers: at least 12" apart, four at most each.
    std::vector<QPointF> all;
    for (const auto &mine : s.beacons) {
        if (mine.size() > 4)
            return QStringLiteral("more than four Beacon markers");
        all.insert(all.end(), mine.begin(), mine.end());
    }
    for (std::size_t i = 0; i < all.size(); ++i)
        for (std::size_t j = i + 1; j < all.size(); ++j)
            if (QLineF(all[i], all[j]).length() < 12.0 - 1e-6)
                return QStringLiteral("two Beacon markers closer than 12\"");
    for (const ModelState &m : s.models) {
        if (m.escapePods < 0 || (m.location == Location::Destroyed && m.escapePods > 0))
            return QStringLiteral("%1 has %2 escape pods").arg(m.name).arg(m.escapePods);
        // Water Raid: never negative, lost with a Destroyed model, at most 3 on an
        // Exo-Armor, none on a Fighter.
        if (m.water < 0 || (m.location == Location::Destroyed && m.water > 0)
            || (m.terrain < 0 && engine.unitOf(m).isSquadron()
                && m.water > (engine.unitOf(m).type == UnitType::ExoArmor ? 3 : 0)))
            return QStringLiteral("%1 has %2 units of water").arg(m.name).arg(m.water);
        // Scavenger Hunt: Intelligence Tokens are lost with a Destroyed model, never on
        // terrain, one at most on a squadron.
        if (m.intelligence < 0 || (m.location == Location::Destroyed && m.intelligence > 0)
            || (m.terrain >= 0 && m.intelligence > 0)
            || (engine.unitOf(m).isSquadron() && m.intelligence > 1))
            return QStringLiteral("%1 has %2 Intelligence Tokens").arg(m.name).arg(m.intelligence);
        // Deployed in the scenario's zone (Corner: wholly within the quadrant; Beacon:
        // within 3" of a marker), checked on the turn it was deployed.
        // (A physical table's positions are the players': nothing to check.)
        if (m.onTable() && m.deployedTurn == s.turn && s.phase == Phase::Deployment
            && !engine.setup().physical()) {
            const BaseShape b = engine.view(s, m.id).base();
            if (engine.scenario().zone == DeploymentZoneKind::Beacon) {
                const auto &mine = s.beacons[std::size_t(m.owner)];
                if (!isWithinBeaconZones(b, QList<QPointF>(mine.begin(), mine.end())))
                    return QStringLiteral("%1 deployed away from its Beacons").arg(m.name);
            } else if (!isWhollyWithin(b, engine.deploymentZone(s, m.owner))) {
                return QStringLiteral("%1 deployed outside its zone").arg(m.name);
            }
        }
    }
    return {};
}

} // namespace

class TestEngineProperty : public QObject
{
    Q_OBJECT
private:
    std::map<QString, int> m_kinds;
    std::map<QString, int> m_commands; // command ids applied
    std::map<QString, int> m_actions; // Actions declared (accepted)
    std::map<QString, int> m_decisions; // decision kinds answered
    int m_maxTurn = 0;
    int m_over = 0;

    // Plays random accepted commands from the setup's start, checking the
    // invariants after each; then the game must replay from (setup, commands)
    // and save and load to the identical state.
    void playAndCheck(const GameSetup &setup, std::uint64_t playerSeed, int steps, int atLeast)
    {
        Game game(setup);
        RandomPlayer player(playerSeed);
        int applied = 0;
        int refusedInARow = 0;
        for (int step = 0; step < steps && game.state().phase != Phase::Over; ++step) {
            const auto c = player.choose(game.engine(), game.state());
            if (!c)
                break;
            // Engine::trial (the computer's look-ahead): the state, the dice and the refusal
            // apply() gives, to the bit, without events.
            {
                SeededDiceSource d1(std::uint64_t(step) + 1);
                SeededDiceSource d2(std::uint64_t(step) + 1);
                const ApplyResult full = game.engine().apply(game.state(), *c, d1);
                const ApplyResult tried = game.engine().trial(game.state(), *c, d2);
                QCOMPARE(tried.ok(), full.ok());
                QVERIFY(tried.events.empty());
                QCOMPARE(tried.dice, full.dice);
                if (full.ok())
                    QVERIFY(tried.state == full.state);
                else
                    QVERIFY(tried.rejection == full.rejection);
            }
            const ApplyResult r = game.apply(*c);
            if (!r.ok()) {
                // A game must never be stuck: some command is always accepted (the
                // random player tries many; it failing 30 times in a row means none is).
                QVERIFY2(++refusedInARow < 30,
                         qPrintable(QStringLiteral("stuck after command %1: %2 refused: %3")
                                        .arg(applied)
                                        .arg(commandId(*c), r.rejection->message())));
                continue;
            }
            refusedInARow = 0;
            ++applied;
            m_commands[commandId(*c)] += 1;
            if (const auto *a = std::get_if<ActivateCommand>(&*c); a && a->action)
                m_actions[actionKey(*a->action)] += 1;
            const QString broken = brokenInvariant(game.engine(), game.state());
            QVERIFY2(broken.isEmpty(),
                     qPrintable(QStringLiteral("after command %1 (%2): %3")
                                    .arg(applied)
                                    .arg(commandId(*c), broken)));
        }
        // (A scripted situation may be one command from the end of the game.)
        QVERIFY2(applied >= atLeast || game.state().phase == Phase::Over,
                 qPrintable(QString::number(applied)));
        for (const auto &events : game.log())
            for (const GameEvent &e : events)
                m_kinds[e.kind] += 1;
        m_maxTurn = std::max(m_maxTurn, game.state().turn);
        m_over += game.state().phase == Phase::Over ? 1 : 0;
        // Replays to the identical state from the setup and the commands alone.
        Game again(setup);
        std::vector<GameRecordEntry> commandsOnly = game.history();
        const auto error = again.replay(commandsOnly);
        QVERIFY2(!error, error ? qPrintable(*error) : "");
        QCOMPARE(again.state(), game.state());
        QCOMPARE(stateToJson(again.engine(), again.state()),
                 stateToJson(game.engine(), game.state()));
        // Saved and loaded: the identical state.
        const QByteArray saved = GameFile::serialize(game);
        const GameFile::Loaded loaded = GameFile::parse(saved, QStringLiteral("game.jwgame"));
        QVERIFY2(loaded.game, qPrintable(loaded.error));
        QCOMPARE(loaded.game->state(), game.state());
        QCOMPARE(loaded.game->history(), game.history());
    }

private Q_SLOTS:
    // The random games must exercise the rules, not shuffle in the first turn.
    void cleanupTestCase()
    {
        QStringList seen;
        for (const auto &[k, n] : m_kinds)
            seen << QStringLiteral("%1 %2").arg(k).arg(n);
        qInfo("events: %s; furthest turn %d; games over %d",
              qPrintable(seen.join(QStringLiteral(", "))), m_maxTurn, m_over);
        QStringList cmds, acts;
        for (const auto &[k, n] : m_commands)
            cmds << QStringLiteral("%1 %2").arg(k).arg(n);
        for (const auto &[k, n] : m_actions)
            acts << QStringLiteral("%1 %2").arg(k).arg(n);
        qInfo("commands: %s", qPrintable(cmds.join(QStringLiteral(", "))));
        qInfo("actions: %s", qPrintable(acts.join(QStringLiteral(", "))));
        QVERIFY(m_kinds[QStringLiteral("deployed")] > 0);
        QVERIFY(m_kinds[QStringLiteral("moved")] > 0);
        QVERIFY(m_kinds[QStringLiteral("attack")] > 0);
        QVERIFY(m_kinds[QStringLiteral("damage")] > 0);
        QVERIFY(m_maxTurn >= 3);
        // Every command a player sends appears in the random games (scenario-setup
        // is the engine's own, started by Engine::start), and every Action of
        // the Action chapter and the traits is declared in some game (the scenario
        // actions need their scenario).
        for (const char *id : {"deploy", "embark", "decline", "activate", "move", "move-squadron",
                               "attack", "answer", "resolve-action", "launch", "land",
                               "end-activation", "place-beacon", "place-comet"})
            QVERIFY2(m_commands[QLatin1String(id)] > 0, id);
        for (const ActionInfo &a : allActions())
            if (a.scenarioSwitch.isEmpty())
                QVERIFY2(m_actions[a.id] > 0, qPrintable(a.id));
    }

    void randomGames_data()
    {
        QTest::addColumn<int>("seed");
        QTest::addColumn<QString>("rules");
        QTest::addColumn<QString>("scenario");
        for (int seed = 1; seed <= 12; ++seed)
            QTest::addRow("seed %d", seed) << seed
                                           << (seed % 3 == 0       ? QStringLiteral("v1.2.4")
                                                   : seed % 3 == 1 ? QStringLiteral("v1.2.2")
                                                                   : QStringLiteral("v1.2.3"))
                                           << QStringLiteral("introductory");
        // Fleets with every trait that brings an Action or a deployment rule: a
        // Static fortress and the Atlas (Tug, Minelayer, Tender), an Escort.
        for (int seed = 50; seed < 56; ++seed)
            QTest::addRow("fortress %d", seed)
                << seed << (seed % 2 ? QStringLiteral("v1.2.3") : QStringLiteral("v1.2.2"))
                << QStringLiteral("introductory");
        // Every playable scenario: its zone, deployment type and special rules.
        int seed = 100;
        // Scenarios made playable later take seeds of their own, so the games of the
        // others (and what they cover) stay the same.
        int laterSeed = 300;
        for (const Scenario &sc : scenarios().scenarios()) {
            if (sc.id == QLatin1String("introductory"))
                continue;
            int &next = sc.id == QLatin1String("scavenger-hunt") ? laterSeed : seed;
            for (int i = 0; i < 3; ++i, ++next)
                QTest::addRow("%s %d", qPrintable(sc.id), next)
                    << next << QStringLiteral("v1.2.2") << sc.id;
        }
    }

    void randomGames()
    {
        QFETCH(int, seed);
        QFETCH(QString, rules);
        QFETCH(QString, scenario);
        GameSetup setup;
        setup.setScenario(*scenarios().byId(scenario));
        setup.rules = rules;
        setup.seed = std::uint64_t(seed);
        const bool fortress = QByteArray(QTest::currentDataTag()).startsWith("fortress");
        setup.players[0]
            = PlayerSetup {QStringLiteral("A"),
                           sample(fortress ? "jovian-battle-group.jwfleet" : "io-patrol.jwfleet")};
        setup.players[1] = PlayerSetup {QStringLiteral("B"),
                                        sample(fortress       ? "cega-fortress.jwfleet"
                                                   : seed % 2 ? "venus-strike.jwfleet"
                                                              : "cega-carrier-group.jwfleet")};
        QVERIFY(!GameSetup::fillUnits(setup, db()));
        playAndCheck(setup, std::uint64_t(seed) * 7919, 600, 20);
    }

    // Random play from every situation the scripted games set up (a Boarded
    // ship, Assaulting squadrons, a Crippled ship, terrain, a scenario...): the
    // states the random games above rarely reach.
    void randomFromScriptedSituations_data()
    {
        QTest::addColumn<QString>("path");
        const QDir dir(qEnvironmentVariable("JW_SOURCE_DIR")
                       + QStringLiteral("/tests/engine/scripts"));
        const QStringList files = dir.entryList({QStringLiteral("*.yaml")}, QDir::Files);
        QVERIFY(files.size() > 50);
        for (const QString &f : files)
            QTest::newRow(qPrintable(f)) << dir.filePath(f);
    }

    void randomFromScriptedSituations()
    {
        QFETCH(QString, path);
        const GameScript script = GameScriptReader::read(path, db());
        QVERIFY2(script.ok(), qPrintable(path));
        GameSetup setup = script.setup;
        setup.seed = qHash(QFileInfo(path).fileName()) | 1u; // the same in every checkout
        playAndCheck(setup, setup.seed, 150, 3);
    }

    // A saved game whose commands no longer give its snapshot is refused, and a
    // broken file names where it breaks.
    void tamperedGameFiles()
    {
        GameSetup setup;
        setup.seed = 5;
        setup.initiative = 0;
        setup.players[0] = PlayerSetup {QStringLiteral("A"), sample("io-patrol.jwfleet")};
        setup.players[1] = PlayerSetup {QStringLiteral("B"), sample("venus-strike.jwfleet")};
        QVERIFY(!GameSetup::fillUnits(setup, db()));
        Game game(setup);
        RandomPlayer player {3};
        // Play until some command has rolled dice (the seed must matter).
        const auto rolled = [&] {
            for (const GameRecordEntry &e : game.history())
                if (!e.dice.empty())
                    return true;
            return false;
        };
        for (int i = 0; i < 600 && (i < 60 || !rolled()); ++i)
            if (auto c = player.choose(game.engine(), game.state()))
                (void)game.apply(*c);
        QVERIFY(rolled());
        QByteArray saved = GameFile::serialize(game);
        QVERIFY(GameFile::parse(saved, QStringLiteral("g")).game);
        // Another seed: other dice than recorded.
        QByteArray otherSeed = saved;
        otherSeed.replace("\"seed\": \"5\"", "\"seed\": \"6\"");
        QVERIFY(otherSeed != saved);
        const auto bad = GameFile::parse(otherSeed, QStringLiteral("g.jwgame"));
        QVERIFY(!bad.game);
        QVERIFY(bad.error.startsWith(QStringLiteral("g.jwgame: ")));
        const auto broken = GameFile::parse("{\n  \"format\": \"jwfleet-game\",\n  oops\n}",
                                            QStringLiteral("b.jwgame"));
        QVERIFY(!broken.game);
        QVERIFY2(broken.error.startsWith(QStringLiteral("b.jwgame:3:")), qPrintable(broken.error));
    }
};

QTEST_GUILESS_MAIN(TestEngineProperty)
#include "tst_engineproperty.moc"
