// SPDX-License-Identifier: GPL-3.0-or-later
// The scenario modules (core/engine/scenarios/): the registry knows a module for every
// shipped scenario with special rules, each applies to its scenario and to a group's scenario
// that sets its switch (each hook tested that way), and a module's own state lives in
// GameState's one slot: compared, copied, written in the state's JSON, and rebuilt the same
// by a saved game.
#include "dice/dicesource.h"
#include "engine/game.h"
#include "engine/gamefile.h"
#include "engine/gamejson.h"
#include "engine/gamescript.h"
#include "engine/scenario.h"
#include "engine/scenarios/ambush.h"
#include "engine/scenarios/scenariomodule.h"
#include "units/unitdatabase.h"

#include <QDir>
#include <QTest>

#include <functional>
#include <memory>

using namespace jw;

namespace {

const UnitDatabase &db()
{
    static const UnitDatabase d = UnitDatabase::loadShipped();
    return d;
}

QString scriptPath(const QString &name)
{
    return QDir(qEnvironmentVariable("JW_SOURCE_DIR"))
        .filePath(QStringLiteral("tests/engine/scripts/") + name);
}

// Dave: Alexander, Valiant, Pathfinder; Eve: Shan-Yu, Ryu.
const char *const kPlayers = R"(
players:
  - name: Dave
    fleet: {faction: jovian, points: 500, units: [{unit: alexander}, {unit: valiant}, {unit: pathfinder}]}
  - name: Eve
    fleet: {faction: venusian, points: 250, units: [{unit: shan-yu}, {unit: ryu}]}
)";

struct Played
{
    std::unique_ptr<Game> game;
    std::optional<Rejection> refused;
    int refusedAt = -1;
};

// A script (after the players) whose scenario `ours` changes before the game starts: a
// group's own scenario that sets a switch and names it in no special rule.
Played play(const QByteArray &body, const std::function<void(Scenario &)> &ours = {})
{
    GameScript script = GameScriptReader::parse(QByteArray(kPlayers) + body,
                                                QStringLiteral("test.yaml"), QString(), db());
    if (!script.ok())
        qFatal("script: %s", qPrintable(script.issues.front().toString()));
    if (ours) {
        Scenario &s = script.setup.scenarioRules;
        s.id = QStringLiteral("ours");
        s.name = QStringLiteral("Ours");
        s.specialRules.clear();
        ours(s);
    }
    static std::unique_ptr<ScriptedDiceSource> forced;
    forced = script.dice ? std::make_unique<ScriptedDiceSource>(*script.dice) : nullptr;
    Played p;
    p.game = std::make_unique<Game>(script.setup, forced.get());
    for (int i = 0; i < int(script.commands.size()); ++i) {
        const ApplyResult r = p.game->apply(script.commands[std::size_t(i)].command);
        if (!r.ok()) {
            p.refused = r.rejection;
            p.refusedAt = i;
            break;
        }
    }
    return p;
}

QByteArray arg(const char *body, int turn)
{
    return QString::fromUtf8(body).arg(turn).toUtf8();
}

} // namespace

class TestScenarioModules : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void registryIdsAreUnique()
    {
        QStringList ids;
        for (const ScenarioModule *m : scenarioModules()) {
            QVERIFY2(!ids.contains(m->id()), qPrintable(m->id()));
            ids << m->id();
            QCOMPARE(scenarioModule(m->id()), m);
        }
        QCOMPARE(scenarioModule(QStringLiteral("no-such-scenario")), nullptr);
    }

    // Every shipped scenario with special rules has its module, which applies to it; a
    // scenario without special rules gets none.
    void everyShippedScenarioWithSpecialRulesHasItsModule()
    {
        // Every shipped special rule is a module's (none left to move).
        const QStringList notMovedYet;
        const ScenarioLibrary lib = ScenarioLibrary::loadShipped();
        QVERIFY(lib.issues().empty());
        QVERIFY(lib.scenarios().size() >= 8);
        for (const Scenario &s : lib.scenarios()) {
            const ScenarioModule *own = scenarioModule(s.id);
            const auto active = scenarioModulesFor(s);
            if (s.specialRules.empty()) {
                QVERIFY2(!own, qPrintable(s.id));
                QVERIFY2(active.empty(), qPrintable(s.id));
                continue;
            }
            if (notMovedYet.contains(s.id)) {
                QVERIFY2(!own, qPrintable(s.id + QStringLiteral(": moved? update notMovedYet")));
                continue;
            }
            QVERIFY2(own, qPrintable(s.id + QStringLiteral(" has special rules but no module")));
            QVERIFY2(own->appliesTo(s), qPrintable(s.id));
            QVERIFY2(std::find(active.begin(), active.end(), own) != active.end(),
                     qPrintable(s.id));
            // A module applies to its own scenario only (the shipped ones share no rule).
            for (const ScenarioModule *m : active)
                QVERIFY2(m == own, qPrintable(s.id + QStringLiteral(" also gets ") + m->id()));
        }
    }

    // A group's scenario that reuses a switch gets that module's rules.
    void aGroupsScenarioReusingASwitchGetsTheModule()
    {
        Scenario s;
        s.id = QStringLiteral("our-ambush");
        QVERIFY(scenarioModulesFor(s).empty());
        s.switches.escapeEdge = 4;
        const auto active = scenarioModulesFor(s);
        QCOMPARE(active.size(), std::size_t(1));
        QCOMPARE(active.front(), scenarioModule(QStringLiteral("ambush")));
    }

    // ---- The refusal hooks, each for a group's scenario that sets only the switch ----

    // Solar Storm › Blinded by the Light (shortSensorRangeOnly): an attack beyond Short
    // Range is refused before the turn the switch names, by the Attack chapter's rule
    // when no special rule names the switch.
    void sensorsShortOnlyBeforeTheSwitchsTurn()
    {
        // The Shan-Yu 14" from the Alexander: Long Range.
        const char *game = R"(scenario: introductory
initiative: 1
dice: [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6]
start:
  turn: %1
  phase: activation
  models:
    - {model: Alexander, x: 24, y: 24.5}
    - {model: Shan-Yu, x: 24, y: 10, facing: 180}
commands:
  - activate: Shan-Yu
  - attack: {weapon: 0, target: Alexander}
)";
        const auto storm = [](Scenario &s) {
            s.switches.sensorsShortUntilTurn = 3;
        };
        Played p = play(arg(game, 2), storm);
        QCOMPARE(p.refusedAt, 1);
        QCOMPARE(p.refused->rule, QStringLiteral("Attack › Sensor Range"));
        QVERIFY2(p.refused->message().contains(QStringLiteral("Short Range only")),
                 qPrintable(p.refused->message()));
        QVERIFY(!play(arg(game, 3), storm).refused);
        QVERIFY(!play(arg(game, 2)).refused); // the same attack without the switch
        // The module applies by its switch.
        Scenario s;
        storm(s);
        QCOMPARE(
            scenarioModulesFor(s),
            std::vector<const ScenarioModule *> {scenarioModule(QStringLiteral("solar-storm"))});
    }

    // Solar Storm's no Boarding (actionRefusal): Initiate Boarding refused before the turn.
    void noBoardingBeforeTheSwitchsTurn()
    {
        const char *game = R"(scenario: introductory
initiative: 0
start:
  turn: %1
  phase: activation
  models:
    - {model: Valiant, x: 24, y: 30}
    - {model: Shan-Yu, x: 24, y: 26, facing: 180}
commands:
  - activate: {model: Valiant, action: initiate-boarding}
)";
        const auto storm = [](Scenario &s) {
            s.switches.noBoardingUntilTurn = 3;
        };
        Played p = play(arg(game, 2), storm);
        QCOMPARE(p.refusedAt, 0);
        QCOMPARE(p.refused->rule, QStringLiteral("Scenarios › Ours"));
        QVERIFY2(p.refused->message().contains(QStringLiteral("turn 3")),
                 qPrintable(p.refused->message()));
        QVERIFY(!play(arg(game, 3), storm).refused);
        QVERIFY(!play(arg(game, 2)).refused);
    }

    // Fleet Engagement › No Quarter Given (actionRefusal): Withdraw only at the Structure.
    void withdrawOnlyAtTheSwitchsStructure()
    {
        const char *game = R"(scenario: introductory
initiative: 0
start:
  phase: activation
  models:
    - {model: Alexander, x: 10, y: 42, lost: {structure: %1}}
    - {model: Shan-Yu, x: 40, y: 6, facing: 180}
commands:
  - activate: {model: Alexander, action: withdraw}
)";
        const auto noQuarter = [](Scenario &s) {
            s.switches.withdrawAtStructure = 1;
        };
        Played p = play(arg(game, 2), noQuarter);
        QCOMPARE(p.refusedAt, 0);
        QCOMPARE(p.refused->rule, QStringLiteral("Scenarios › Ours"));
        QVERIFY2(p.refused->message().contains(QStringLiteral("Structure 1 or less (it has 2)")),
                 qPrintable(p.refused->message()));
        QVERIFY(!play(arg(game, 3), noQuarter).refused);
        QVERIFY(!play(arg(game, 2)).refused);
    }

    // Water Raid › Surprise Attack! (actionRefusal): the Defender's Capital Ships may not
    // Withdraw before the turn; its squadrons may. The switch alone, without `water`.
    void defenderCapitalShipsWithdrawFromTheSwitchsTurn()
    {
        const char *game = R"(scenario: introductory
initiative: 1
start:
  turn: %1
  phase: activation
  models:
    - {model: Alexander, x: 10, y: 42}
    - {model: Pathfinder, x: 30, y: 44}
    - {model: Shan-Yu, x: 40, y: 6, facing: 180}
commands:
  - activate: Shan-Yu
  - move: {forward: 2}
  - end-activation
  - activate: {model: MODEL, action: withdraw}
)";
        const auto surprise = [](Scenario &s) {
            s.initiative = InitiativeRule::AttackerDefender; // Eve (initiative 1) attacks
            s.switches.defenderCapitalWithdrawFromTurn = 3;
        };
        const auto with = [&](int turn, const char *model) {
            return arg(game, turn).replace("MODEL", model);
        };
        Played p = play(with(2, "Alexander"), surprise);
        QCOMPARE(p.refusedAt, 3);
        QCOMPARE(p.refused->rule, QStringLiteral("Scenarios › Ours"));
        QVERIFY(!play(with(2, "Pathfinder"), surprise).refused);
        QVERIFY(!play(with(3, "Alexander"), surprise).refused);
        QVERIFY(!play(with(2, "Alexander")).refused);
    }

    // ---- Water Raid, Scavenger Hunt, Break the Truce: every hook, by its scripts ----

    // Each scripted game of a scenario whose rules are a module plays the same in a group's
    // copy of the scenario that keeps the switches and objectives but names no special rule:
    // the modules apply by switch. The shipped game meets its script's expectations (so the
    // hooks play the rules: without one, a script's expectation fails), and the copy ends
    // in the same state, refused at the same command. Before a command only a hook offers
    // (the Comet's placement: setUpCommands; Mine the Comet: terrainTargets) the engine's
    // legal commands offer one of its kind, in both games. Hooks and the scripts that need
    // them: setUpStep, setUpCommands, command (water-raid-comet-*), deployed and
    // deploymentRefusal (water-raid-default-water, -capital-water-max, -water-left-over),
    // activated (water-raid-mined: the Fuel Pods decision), givesTrait (water-raid-mine-comet-q:
    // the Fuel Pods used after a forfeit), terrainTargets and
    // resolveOnTerrain (water-raid-mine-comet*), launched and landed (water-raid-transfer-
    // water, scavenger-hunt-intelligence), prepare and placePieces (scavenger-hunt-uios),
    // openCarrier and landRefusal (scavenger-hunt-hangers, -land-no-marines), boards
    // (scavenger-hunt-boarding).
    void groupCopiesPlayTheScriptsTheSame_data()
    {
        QTest::addColumn<QString>("file");
        const QDir dir(scriptPath(QString()));
        for (const QString &f : dir.entryList({QStringLiteral("scenario-water-raid*.yaml"),
                                               QStringLiteral("scenario-scavenger-hunt*.yaml"),
                                               QStringLiteral("scenario-break-the-truce*.yaml")},
                                              QDir::Files, QDir::Name))
            QTest::newRow(qPrintable(f)) << f;
        QVERIFY(dir.entryList({QStringLiteral("scenario-water-raid*.yaml")}).size() >= 10);
    }
    void groupCopiesPlayTheScriptsTheSame()
    {
        QFETCH(QString, file);
        const GameScript shipped = GameScriptReader::read(scriptPath(file), db());
        QVERIFY2(shipped.ok(), qPrintable(file));
        GameScript copy = shipped;
        Scenario &ours = copy.setup.scenarioRules;
        ours.id = QStringLiteral("ours");
        ours.name = QStringLiteral("Ours");
        ours.specialRules.clear();
        QVERIFY(!scenarioModulesFor(ours).empty());

        struct Run
        {
            std::unique_ptr<ScriptedDiceSource> dice;
            std::unique_ptr<Game> game;
            std::optional<Rejection> refused;
            int refusedAt = -1;
            int cometsOffered = 0, terrainTargetsOffered = 0;
        };
        const auto run = [](const GameScript &script) {
            Run r;
            r.dice = script.dice ? std::make_unique<ScriptedDiceSource>(*script.dice) : nullptr;
            r.game = std::make_unique<Game>(script.setup, r.dice.get());
            for (int i = 0; i < int(script.commands.size()); ++i) {
                const Command &c = script.commands[std::size_t(i)].command;
                const auto *resolve = std::get_if<ResolveActionCommand>(&c);
                if (std::holds_alternative<PlaceCometCommand>(c) || (resolve && resolve->terrain)) {
                    for (const Command &legal : r.game->legalCommands().commands) {
                        r.cometsOffered += std::holds_alternative<PlaceCometCommand>(legal);
                        const auto *l = std::get_if<ResolveActionCommand>(&legal);
                        r.terrainTargetsOffered += l && l->terrain.has_value();
                    }
                }
                ApplyResult a = r.game->apply(c);
                // `auto: true`: every decision answered with its default (as `play` does).
                while (a.ok() && script.autoAnswer && r.game->state().pending)
                    a = r.game->apply(AnswerCommand {});
                if (!a.ok()) {
                    r.refused = a.rejection;
                    r.refusedAt = i;
                    break;
                }
            }
            return r;
        };
        const Run a = run(shipped);
        QStringList log;
        for (const std::vector<GameEvent> &events : a.game->log())
            for (const GameEvent &e : events)
                log << e.text();
        const QStringList failures
            = checkExpectations(shipped, a.game->engine(), a.game->state(), a.refused, log);
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QLatin1Char('\n'))));
        const Run b = run(copy);
        QCOMPARE(b.refusedAt, a.refusedAt);
        QCOMPARE(b.game->state(), a.game->state());
        QCOMPARE(b.cometsOffered, a.cometsOffered);
        QCOMPARE(b.terrainTargetsOffered, a.terrainTargetsOffered);
        for (const ScriptCommand &c : shipped.commands) {
            const auto *resolve = std::get_if<ResolveActionCommand>(&c.command);
            if (std::holds_alternative<PlaceCometCommand>(c.command) && a.refusedAt < 0)
                QVERIFY2(a.cometsOffered > 0, "the Comet's placement is a legal command");
            if (resolve && resolve->terrain && a.refusedAt < 0)
                QVERIFY2(a.terrainTargetsOffered > 0, "Mine the Comet is a legal command");
        }
    }

    // Break the Truce's transfers (launched, landed) in a group's scenario with only the
    // switch: Land hands the pod to the carrier, Launch asks whether to take it.
    void escapePodsTransferByTheSwitch()
    {
        const char *game = R"(scenario: introductory
initiative: 0
turns: 3
dice: [3, 3]
start:
  phase: activation
  models:
    - {model: Valiant, x: 10, y: 40}
    - {model: Pathfinder, x: 10, y: 36}
    - {model: Shan-Yu, x: 40, y: 6, facing: 180}
commands:
  - activate: {model: Pathfinder, action: search-escape-pods}
  - land: {carrier: Valiant}
  - end-activation
  - activate: Shan-Yu
  - move: {forward: 2}
  - end-activation
  - activate: Valiant
  - move: {forward: 3}
  - end-activation
  - decline
  - decline
  - activate: Pathfinder
  - launch: {x: 10, y: 34}
)";
        Played p = play(game, [](Scenario &s) { s.switches.escapePods = true; });
        QVERIFY2(!p.refused, p.refused ? qPrintable(p.refused->toString()) : "");
        const GameState &s = p.game->state();
        QVERIFY(s.pending);
        QCOMPARE(s.pending->request.kind, QStringLiteral("take-escape-pod"));
        QCOMPARE(s.models[1].escapePods, 1); // aboard the Valiant since the Land
        QVERIFY(p.game->apply(AnswerCommand {1}).ok());
        QCOMPARE(p.game->state().models[1].escapePods, 0);
        QCOMPARE(p.game->state().models[2].escapePods, 1);
    }

    // Ambush!: the escape edge chosen at the end of the first Deployment Phase is the
    // module's state in the slot; the state's JSON shows it as before (escape_edge), and
    // a saved game rebuilds the same state, slot included.
    void moduleStateRoundTripsThroughSaveAndLoad()
    {
        const GameScript script
            = GameScriptReader::read(scriptPath(QStringLiteral("scenario-ambush.yaml")), db());
        QVERIFY(script.ok());
        ScriptedDiceSource forced(*script.dice);
        Game game(script.setup, &forced);
        QCOMPARE(ambushEscapeEdge(game.state()), -1);
        QVERIFY(game.state().scenarioStates.isEmpty());
        for (const ScriptCommand &c : script.commands)
            QVERIFY(game.apply(c.command).ok());
        const GameState &s = game.state();
        QCOMPARE(ambushEscapeEdge(s), int(TableEdge::Left));
        QCOMPARE(
            s.scenarioStates.get(QStringLiteral("ambush")).value(QStringLiteral("edge")).toInt(),
            int(TableEdge::Left));
        QCOMPARE(stateToJson(game.engine(), s, -1).value(QStringLiteral("escape_edge")).toString(),
                 QStringLiteral("left"));

        // The slot is part of the value: another edge is another state.
        GameState other = s;
        QCOMPARE(other, s);
        other.scenarioStates.set(QStringLiteral("ambush"), QStringLiteral("edge"),
                                 int(TableEdge::Right));
        QVERIFY(!(other == s));
        QCOMPARE(ScenarioStates::fromJson(s.scenarioStates.toJson()), s.scenarioStates);

        const GameFile::Loaded loaded
            = GameFile::parse(GameFile::serialize(game), QStringLiteral("ambush.jwgame"));
        QVERIFY2(loaded.game, qPrintable(loaded.error));
        QCOMPARE(loaded.game->state().scenarioStates, s.scenarioStates);
        QCOMPARE(loaded.game->state(), s);
    }
};

QTEST_GUILESS_MAIN(TestScenarioModules)
#include "tst_scenariomodules.moc"
