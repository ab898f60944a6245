// SPDX-License-Identifier: GPL-3.0-or-later
// Scenarios (Scenarios chapter): the scenario files and their loader, the
// Beacon and Corner Deployment Zones, Escalating Deployment, and the special
// rules, each with the refusals that name them. The scripted game of each
// scenario, up to its Objective Points, is in scripts/scenario-*.yaml.
#include "engine/game.h"
#include "engine/gamefile.h"
#include "engine/gamejson.h"
#include "engine/gamescript.h"
#include "engine/scenario.h"
#include "engine/scenarios/ambush.h"
#include "units/unitdatabase.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

#include <functional>

using namespace jw;

namespace {

const UnitDatabase &db()
{
    static const UnitDatabase d = UnitDatabase::loadShipped();
    return d;
}

// Dave: Alexander, Valiant (Hangers 2), Pathfinder; Eve: Shan-Yu, Ryu.
const char *const kPlayers = R"(
players:
  - name: Dave
    fleet: {faction: jovian, points: 500, units: [{unit: alexander}, {unit: valiant}, {unit: pathfinder}]}
  - name: Eve
    fleet: {faction: venusian, points: 250, units: [{unit: shan-yu}, {unit: ryu}]}
)";
enum {
    Alexander,
    Valiant,
    Pathfinder,
    ShanYu,
    Ryu
};

// Eight Beacon markers, alternating from player 0: Dave's along y 42 and at (42, 30),
// Eve's along y 6 and at (42, 18).
const char *const kBeacons = R"(
  - place-beacon: {x: 6, y: 42}
  - place-beacon: {x: 6, y: 6}
  - place-beacon: {x: 20, y: 42}
  - place-beacon: {x: 20, y: 6}
  - place-beacon: {x: 34, y: 42}
  - place-beacon: {x: 34, y: 6}
  - place-beacon: {x: 42, y: 30}
  - place-beacon: {x: 42, y: 18}
)";

struct Played
{
    std::unique_ptr<Game> game;
    std::optional<Rejection> refused;
    int refusedAt = -1;
    int commands = 0;
    [[nodiscard]] const GameState &state() const { return game->state(); }
};

// A script: the body (scenario, options, commands) after the players.
Played play(const QByteArray &body)
{
    Played p;
    const GameScript script = GameScriptReader::parse(QByteArray(kPlayers) + body,
                                                      QStringLiteral("test.yaml"), QString(), db());
    if (!script.ok()) {
        QStringList all;
        for (const DataIssue &i : script.issues)
            all << i.toString();
        qFatal("script: %s", qPrintable(all.join(QLatin1Char('\n'))));
    }
    static std::unique_ptr<ScriptedDiceSource> forced;
    forced = script.dice ? std::make_unique<ScriptedDiceSource>(*script.dice) : nullptr;
    p.game = std::make_unique<Game>(script.setup, forced.get());
    p.commands = int(script.commands.size());
    for (int i = 0; i < p.commands; ++i) {
        const ApplyResult r = p.game->apply(script.commands[std::size_t(i)].command);
        if (!r.ok()) {
            p.refused = r.rejection;
            p.refusedAt = i;
            break;
        }
    }
    return p;
}

QStringList scriptErrors(const QByteArray &body)
{
    QStringList out;
    for (const DataIssue &i : GameScriptReader::parse(QByteArray(kPlayers) + body,
                                                      QStringLiteral("s.yaml"), QString(), db())
                                  .issues)
        out << i.toString();
    return out;
}

QString loaderErrors(const QByteArray &yaml)
{
    QStringList out;
    for (const DataIssue &i : ScenarioLoader::parse(yaml, QStringLiteral("g.yaml")).issues)
        out << i.toString();
    return out.join(QLatin1Char('\n'));
}

// A group's own scenario, from the same parts as the rulebook's.
const char *const kCustom = R"(schema_version: 1
id: convoy
name: Convoy
deployment_zone: standard
deployment_type: fleet
initiative: attacker-defender
turns: 5
objectives:
  - {kind: most-victory-points, points: 2}
  - {kind: forces-withdrawn, side: defender, percent: 50, points: 3}
special_rules:
  - name: Running Silent
    text: The Defender's capital ships keep going until turn 3.
    defender_capital_withdraw_from_turn: 3
)";

} // namespace

class TestScenario : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // ---- Data --------------------------------------------------------------

    void shippedScenarios()
    {
        const ScenarioLibrary lib = ScenarioLibrary::loadShipped();
        for (const DataIssue &i : lib.issues())
            qWarning("%s", qPrintable(i.toString()));
        QVERIFY(lib.issues().empty());
        QCOMPARE(
            lib.ids(),
            QStringList({QStringLiteral("introductory"), QStringLiteral("escalating-engagement"),
                         QStringLiteral("solar-storm"), QStringLiteral("fleet-engagement"),
                         QStringLiteral("break-the-truce"), QStringLiteral("water-raid"),
                         QStringLiteral("scavenger-hunt"), QStringLiteral("ambush")}));
        // The default Scenario is the Introductory one, as the file says.
        QCOMPARE(*lib.byId(QStringLiteral("introductory")), Scenario {});
        const Scenario &truce = *lib.byId(QStringLiteral("break-the-truce"));
        QCOMPARE(truce.zone, DeploymentZoneKind::Beacon);
        QCOMPARE(truce.deployment, DeploymentTypeKind::Escalating);
        QCOMPARE(truce.objectives.size(), std::size_t(5));
        QCOMPARE(truce.objectives[1].points, -2);
        QVERIFY(truce.switches.escapePods);
        const Scenario &storm = *lib.byId(QStringLiteral("solar-storm"));
        QCOMPARE(storm.switches.sensorsShortUntilTurn, 3);
        QCOMPARE(storm.switches.noBoardingUntilTurn, 3);
        QCOMPARE(lib.byId(QStringLiteral("fleet-engagement"))->switches.withdrawAtStructure, 1);
        QCOMPARE(lib.byId(QStringLiteral("ambush"))->switches.escapeEdge, 6.0);
        QVERIFY(lib.byId(QStringLiteral("ambush"))->hasAttacker());
        // Every scenario survives the trip through a saved game's copy.
        for (const Scenario &s : lib.scenarios()) {
            const ScenarioFile back = ScenarioLoader::parse(ScenarioLoader::toJson(s), s.id);
            QVERIFY2(back.ok(), qPrintable(s.id));
            QVERIFY2(*back.scenario == s,
                     qPrintable(QString::fromUtf8(ScenarioLoader::toJson(*back.scenario))
                                + QStringLiteral("\n")
                                + QString::fromUtf8(ScenarioLoader::toJson(s))));
        }
    }

    void customScenario()
    {
        const ScenarioFile f = ScenarioLoader::parse(kCustom, QStringLiteral("convoy.yaml"));
        QVERIFY(f.ok());
        QCOMPARE(f.scenario->switches.defenderCapitalWithdrawFromTurn, 3);
        QCOMPARE(f.scenario->level, QStringLiteral("custom"));
        // A group's folder adds to the shipped ones; a taken id is refused.
        QTemporaryDir dir;
        QFile out(dir.filePath(QStringLiteral("convoy.yaml")));
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(kCustom);
        out.close();
        ScenarioLibrary lib = ScenarioLibrary::loadShipped();
        lib.addDirectory(dir.path());
        QVERIFY(lib.byId(QStringLiteral("convoy")));
        lib.addDirectory(dir.path());
        QCOMPARE(lib.issues().size(), std::size_t(1));
        QVERIFY(lib.issues().front().message.contains(QStringLiteral("already taken")));
    }

    void loaderErrors_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<QString>("error");
        const QByteArray head = "schema_version: 1\nid: x\nname: X\ndeployment_zone: standard\n"
                                "deployment_type: fleet\n";
        QTest::newRow("unknown key") << head
                + "objectives: [{kind: first-to-attack, points: 1}]\n"
                  "turn: 5\n"
                                     << "g.yaml:7:1: error: unknown key 'turn' in a scenario";
        QTest::newRow("unknown zone")
            << QByteArray("schema_version: 1\nid: x\nname: X\ndeployment_zone: diagonal\n"
                          "deployment_type: fleet\nobjectives: [{kind: first-to-attack, points: "
                          "1}]\n")
            << "g.yaml:4:18: error: unknown deployment_zone 'diagonal'";
        QTest::newRow("unknown objective")
            << head + "objectives:\n  - {kind: most-gold, points: 1}\n"
            << "g.yaml:7:12: error: unknown objective kind 'most-gold'";
        QTest::newRow("no objectives") << head << "lacks the required key 'objectives'";
        QTest::newRow("pods without the rule")
            << head
                + "objectives:\n  - {kind: most-escape-pods, on: withdrawn-capital-ships, "
                  "points: 3}\n"
            << "g.yaml:7:12: error: most-escape-pods needs a special rule with 'escape_pods: "
               "true'";
        QTest::newRow("pods without where") << head
                + "special_rules: [{name: P, escape_pods: true}]\n"
                  "objectives:\n  - {kind: most-escape-pods, points: 3}\n"
                                            << "most-escape-pods needs 'on'";
        QTest::newRow("side without attacker")
            << head
                + "objectives:\n  - {kind: forces-withdrawn, side: defender, percent: 25, "
                  "points: 1}\n"
            << "side 'defender' needs 'initiative: attacker-defender'";
        QTest::newRow("switch twice")
            << head
                + "objectives: [{kind: first-to-attack, points: 1}]\n"
                  "special_rules:\n  - {name: A, no_boarding_until_turn: 3}\n"
                  "  - {name: B, no_boarding_until_turn: 2}\n"
            << "g.yaml:9:15: error: switch 'no_boarding_until_turn' is set by two special "
               "rules";
        QTest::newRow("by_turn after the end")
            << head + "objectives:\n  - {kind: most-victory-points, points: 1, by_turn: 9}\n"
            << "'by_turn' 9 is after the last turn (7)";
        QTest::newRow("newer schema") << QByteArray("schema_version: 7\n") + head.mid(18)
                + "objectives: [{kind: first-to-attack, points: 1}]\n"
                                      << "g.yaml:1:17: error: schema_version 7 is newer";
        QTest::newRow("bad id") << QByteArray(head).replace("id: x", "id: My Scenario")
                + "objectives: [{kind: first-to-attack, points: 1}]\n"
                                << "'id' is lower-case letters";
        QTest::newRow("not yaml") << QByteArray("id: [x\n") << "g.yaml:2:1: error: not valid YAML";
    }

    void loaderErrors()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(QString, error);
        const QString all = ::loaderErrors(yaml);
        QVERIFY2(all.contains(error), qPrintable(all));
        QVERIFY(!ScenarioLoader::parse(yaml, QStringLiteral("g.yaml")).ok());
    }

    void scriptKeys()
    {
        QVERIFY(scriptErrors("scenario: break-the-truce\n").isEmpty());
        QVERIFY(scriptErrors("scenario: nowhere\n")
                    .join(QString())
                    .contains(QStringLiteral("unknown scenario 'nowhere' (known: introductory")));
        // Water Raid is played (the Comet and its water: enginewater.cpp).
        QVERIFY(scriptErrors("scenario: water-raid\nattacker: 1\n").isEmpty());
        // Scavenger Hunt is playable (its UIOs are placed by the engine).
        QVERIFY(scriptErrors("scenario: scavenger-hunt\n").isEmpty());
        QVERIFY(scriptErrors("scenario: introductory\nattacker: 1\n")
                    .join(QString())
                    .contains(QStringLiteral("has no Attacker and Defender")));
        QVERIFY(scriptErrors("scenario: introductory\ncorner: top-left\n")
                    .join(QString())
                    .contains(QStringLiteral("has no Corner Deployment Zone")));
        QVERIFY(scriptErrors("scenario: ambush\nescape_edge: north\n")
                    .join(QString())
                    .contains(QStringLiteral("'escape_edge' is one of top, right")));
        // The scenario's number of turns, unless the script says.
        const GameScript s = GameScriptReader::parse(
            QByteArray(kPlayers) + "scenario: ambush\nturns: 2\n", QStringLiteral("s"), {}, db());
        QCOMPARE(s.setup.turns, 2);
        QCOMPARE(s.setup.scenarioRules.id, QStringLiteral("ambush"));
    }

    // ---- Beacon Deployment Zone ---------------------------------------------

    void beaconPlacement()
    {
        // Alternating from the Initiative player (here player 1).
        Played p = play("scenario: solar-storm\ninitiative: 1\ncommands:\n"
                        "  - place-beacon: {x: 24, y: 24}\n"
                        "  - place-beacon: {x: 24, y: 35}\n");
        QVERIFY(p.refused);
        QCOMPARE(p.refused->rule, QStringLiteral("Deployment Zone › Beacon Deployment Zone"));
        QVERIFY2(p.refused->message().contains(QStringLiteral("at least 12\"")),
                 qPrintable(p.refused->message()));
        QCOMPARE(p.state().beacons[1], std::vector<QPointF> {QPointF(24, 24)});
        QCOMPARE(p.state().toAct, 0);
        // Exactly 12" is allowed; off the table is not.
        p = play("scenario: solar-storm\ninitiative: 1\ncommands:\n"
                 "  - place-beacon: {x: 24, y: 24}\n  - place-beacon: {x: 24, y: 36}\n"
                 "  - place-beacon: {x: 50, y: 2}\n");
        QCOMPARE(p.refusedAt, 2);
        QVERIFY(p.refused->message().contains(QStringLiteral("on the table")));
        // No model before the Beacons; the legal spots are offered.
        p = play("scenario: solar-storm\ninitiative: 0\ncommands:\n"
                 "  - deploy: {model: Alexander, x: 6, y: 42}\n");
        QCOMPARE(p.refusedAt, 0);
        const LegalCommands legal = p.game->legalCommands();
        QVERIFY(legal.deployable.empty());
        QVERIFY(legal.commands.size() > 100);
        QVERIFY(std::holds_alternative<PlaceBeaconCommand>(legal.commands.front()));
        // After eight, the Capital Ships; a ninth is refused.
        p = play("scenario: solar-storm\ninitiative: 0\ncommands:" + QByteArray(kBeacons)
                 + "  - place-beacon: {x: 24, y: 24}\n");
        QCOMPARE(p.refusedAt, 8);
        QCOMPARE(p.state().deploymentStep, DeploymentStep::CapitalShips);
        QCOMPARE(p.state().beacons[0].size(), std::size_t(4));
        QCOMPARE(p.state().beacons[1].size(), std::size_t(4));
        QCOMPARE(p.game->legalCommands().deploymentBeacons, p.state().beacons[0]);
    }

    void beaconZone()
    {
        // Within 3" of one of the player's own markers (any part of the base).
        Played p = play("scenario: solar-storm\ninitiative: 0\ncommands:" + QByteArray(kBeacons)
                        + "  - deploy: {model: Alexander, x: 24, y: 24}\n");
        QCOMPARE(p.refusedAt, 8);
        QCOMPARE(p.refused->rule, QStringLiteral("Deployment Zone › Beacon Deployment Zone"));
        QVERIFY(p.refused->message().contains(QStringLiteral("within 3\" of one of Dave's")));
        // Near Eve's marker is not Dave's zone.
        p = play("scenario: solar-storm\ninitiative: 0\ncommands:" + QByteArray(kBeacons)
                 + "  - deploy: {model: Alexander, x: 6, y: 9}\n");
        QCOMPARE(p.refusedAt, 8);
        // The base's centre 3.5" away, its end within 3": in the zone.
        p = play("scenario: solar-storm\ninitiative: 0\ncommands:" + QByteArray(kBeacons)
                 + "  - deploy: {model: Alexander, x: 6, y: 38.5}\n");
        QVERIFY2(!p.refused, p.refused ? qPrintable(p.refused->toString()) : "");
        QCOMPARE(p.state().models[Alexander].location, Location::Table);
    }

    void beaconFleetDeployment()
    {
        // Fleet Deployment: a model at each of the player's Beacons while models are
        // left. Dave has three models for four markers: each must take a new one.
        const QByteArray head = "scenario: solar-storm\ninitiative: 0\ncommands:"
            + QByteArray(kBeacons) + "  - deploy: {model: Alexander, x: 6, y: 42}\n"
            + "  - deploy: {model: Shan-Yu, x: 6, y: 6, facing: 180}\n";
        Played p = play(head + "  - deploy: {model: Valiant, x: 9.5, y: 41}\n");
        QCOMPARE(p.refusedAt, 10);
        QCOMPARE(p.refused->rule, QStringLiteral("Deployment Zone › Beacon Deployment Zone"));
        QVERIFY2(p.refused->message().contains(QStringLiteral("at least one model must be deployed "
                                                              "within 3\" of each Beacon")),
                 qPrintable(p.refused->message()));
        // At a new marker: accepted. Eve (two models) then covers another; Dave may not
        // decline with markers uncovered.
        p = play(head + "  - deploy: {model: Valiant, x: 20, y: 42}\n  - decline\n");
        QCOMPARE(p.refusedAt, 11);
        QVERIFY(p.refused->message().contains(QStringLiteral("2 of Dave's have none")));
        // Embarking covers no marker: refused while it leaves too few models.
        p = play(head + "  - deploy: {model: Valiant, x: 20, y: 42}\n"
                 + "  - embark: {model: Pathfinder, carrier: Valiant}\n");
        QCOMPARE(p.refusedAt, 11);
        QCOMPARE(p.refused->rule, QStringLiteral("Deployment Zone › Beacon Deployment Zone"));
        // Escalating Deployment (Break the Truce) has no such rule.
        p = play("scenario: break-the-truce\ninitiative: 0\ncommands:" + QByteArray(kBeacons)
                 + "  - deploy: {model: Alexander, x: 6, y: 42}\n"
                 + "  - deploy: {model: Shan-Yu, x: 6, y: 6, facing: 180}\n"
                 + "  - deploy: {model: Pathfinder, x: 7, y: 39}\n  - decline\n");
        QVERIFY2(!p.refused, p.refused ? qPrintable(p.refused->toString()) : "");
    }

    // ---- Corner Deployment Zone ---------------------------------------------

    void cornerChoice()
    {
        // Escalating Engagement's fleets in a group's Corner scenario.
        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("corners.yaml")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("schema_version: 1\nid: corners\nname: Corners\ndeployment_zone: corner\n"
                "deployment_type: fleet\nobjectives: [{kind: most-victory-points, points: 1}]\n");
        f.close();
        const QByteArray scenario
            = "scenario: " + dir.filePath(QStringLiteral("corners.yaml")).toUtf8() + "\n";
        // The game starts waiting for the Initiative player's quadrant.
        Played p = play(scenario + "initiative: 1\n");
        QVERIFY(p.state().pending);
        QCOMPARE(p.state().pending->request.kind, QStringLiteral("quadrant"));
        QCOMPARE(p.state().pending->request.player, 1);
        QCOMPARE(p.state().toAct, 1);
        QCOMPARE(p.state().deploymentStep, DeploymentStep::Setup);
        QVERIFY(!p.game->apply(DeployCommand {ShanYu, Placement(QPointF(40, 6), 0)}).ok());
        // Eve takes the bottom left quadrant; Dave gets the top right.
        QVERIFY(p.game->apply(AnswerCommand {3}).ok());
        QCOMPARE(p.state().corners[1], int(TableCorner::BottomLeft));
        QCOMPARE(p.state().corners[0], int(TableCorner::TopRight));
        QCOMPARE(p.state().toAct, 1);
        QCOMPARE(p.game->legalCommands().deploymentZone, QRectF(0, 24, 24, 24));
        ApplyResult r = p.game->apply(DeployCommand {ShanYu, Placement(QPointF(30, 30), 0)});
        QVERIFY(!r.ok());
        QCOMPARE(r.rejection->rule, QStringLiteral("Deployment Zone › Corner Deployment Zone"));
        QVERIFY(p.game->apply(DeployCommand {ShanYu, Placement(QPointF(10, 40), 0)}).ok());
        r = p.game->apply(DeployCommand {Alexander, Placement(QPointF(10, 40), 0)});
        QVERIFY(!r.ok());
        QVERIFY(p.game->apply(DeployCommand {Alexander, Placement(QPointF(40, 8), 180)}).ok());
        // The choice replays from the saved game, with the scenario copied in.
        const GameFile::Loaded loaded
            = GameFile::parse(GameFile::serialize(*p.game), QStringLiteral("c.jwgame"));
        QVERIFY2(loaded.game, qPrintable(loaded.error));
        QCOMPARE(loaded.game->state(), p.state());
        QCOMPARE(loaded.game->setup().scenarioRules.id, QStringLiteral("corners"));
        // Given in advance (scripts): no question.
        p = play(scenario + "initiative: 0\ncorner: top-left\n");
        QVERIFY(!p.state().pending);
        QCOMPARE(p.state().corners[0], int(TableCorner::TopLeft));
        QCOMPARE(p.state().corners[1], int(TableCorner::BottomRight));
        QCOMPARE(p.state().deploymentStep, DeploymentStep::CapitalShips);
        // A scenario-setup command sent by a player is refused.
        QVERIFY(!p.game->apply(ScenarioSetupCommand {}).ok());
    }

    // ---- Escalating Deployment ----------------------------------------------

    void escalatingFirstPhase()
    {
        const QByteArray head = "scenario: escalating-engagement\ninitiative: 0\ncommands:\n";
        // A Squadron before the Capital Ships.
        Played p = play(head + "  - deploy: {model: Pathfinder, x: 10, y: 44}\n");
        QCOMPARE(p.refusedAt, 0);
        QCOMPARE(p.refused->rule, QStringLiteral("Deployment Type › Escalating Deployment"));
        QVERIFY(p.refused->message().contains(QStringLiteral("one Capital Ship each first")));
        // Declining the one Capital Ship.
        p = play(head + "  - decline\n");
        QCOMPARE(p.refusedAt, 0);
        QVERIFY(p.refused->message().contains(QStringLiteral("one Capital Ship each first")));
        // A second Capital Ship in the first phase: not after the other player's.
        const QByteArray ships = head
            + "  - deploy: {model: Alexander, x: 10, y: 42}\n"
              "  - deploy: {model: Shan-Yu, x: 40, y: 6, facing: 180}\n";
        p = play(ships + "  - deploy: {model: Valiant, x: 30, y: 42}\n");
        QCOMPARE(p.refusedAt, 2);
        QVERIFY(p.refused->message().contains(QStringLiteral("Capital Ships of the first")));
        QCOMPARE(p.state().deploymentStep, DeploymentStep::Squadrons);
        // Squadrons are not Embarked in the first phase.
        p = play(ships + "  - embark: {model: Pathfinder, carrier: Alexander}\n");
        QCOMPARE(p.refusedAt, 2);
        QCOMPARE(p.refused->rule, QStringLiteral("Deployment Type › Escalating Deployment"));
        // Two Squadrons each at most; here Dave has one, so Eve's Ryu, then the Activation
        // Phase with the Valiant still In Reserve.
        p = play(ships + "  - deploy: {model: Pathfinder, x: 16, y: 44}\n"
                 + "  - deploy: {model: Ryu, x: 30, y: 4, facing: 180}\n");
        QVERIFY(!p.refused);
        QCOMPARE(p.state().phase, Phase::Activation);
        QCOMPARE(p.state().models[Valiant].location, Location::Reserve);
    }

    void escalatingLaterPhases()
    {
        // Turn 2: Capital Ships until both decline, then Squadrons, which may Embark only
        // on a Capital Ship deployed in this phase.
        const QByteArray head = R"(scenario: escalating-engagement
initiative: 0
start:
  turn: 2
  phase: deployment
  models:
    - {model: Alexander, x: 10, y: 40}
    - {model: Shan-Yu, x: 40, y: 6, facing: 180}
commands:
)";
        Played p = play(head + "  - deploy: {model: Pathfinder, x: 16, y: 44}\n");
        QCOMPARE(p.refusedAt, 0);
        QCOMPARE(p.state().deploymentStep, DeploymentStep::CapitalShips);
        p = play(head + "  - decline\n  - embark: {model: Pathfinder, carrier: Alexander}\n");
        QCOMPARE(p.refusedAt, 1);
        QVERIFY2(p.refused->message().contains(QStringLiteral("deployed in this Phase")),
                 qPrintable(p.refused->message()));
        QCOMPARE(p.state().deploymentStep, DeploymentStep::Squadrons);
        p = play(head + "  - deploy: {model: Valiant, x: 30, y: 42}\n"
                 + "  - embark: {model: Pathfinder, carrier: Valiant}\n");
        QVERIFY2(!p.refused, p.refused ? qPrintable(p.refused->toString()) : "");
        QCOMPARE(p.state().models[Pathfinder].location, Location::Embarked);
        QCOMPARE(p.state().models[Pathfinder].carrier, int(Valiant));
    }

    // ---- Special rules ------------------------------------------------------

    void blindedByTheLight()
    {
        // The Shan-Yu 12" from the Alexander: Long Range, out of reach in turn 2.
        const QByteArray game = R"(scenario: solar-storm
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
        Played p = play(QString::fromUtf8(game).arg(2).toUtf8());
        QCOMPARE(p.refusedAt, 1);
        QCOMPARE(p.refused->rule, QStringLiteral("Solar Storm › Blinded by the Light"));
        QVERIFY(p.refused->message().contains(QStringLiteral("Short Range only")));
        p = play(QString::fromUtf8(game).arg(3).toUtf8());
        QVERIFY2(!p.refused, p.refused ? qPrintable(p.refused->toString()) : "");
        // Boarding waits for the third turn too.
        const QByteArray boarding = R"(scenario: solar-storm
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
        p = play(QString::fromUtf8(boarding).arg(2).toUtf8());
        QCOMPARE(p.refusedAt, 0);
        QCOMPARE(p.refused->rule, QStringLiteral("Solar Storm › Blinded by the Light"));
        p = play(QString::fromUtf8(boarding).arg(3).toUtf8());
        QVERIFY(!p.refused);
    }

    void noQuarterGiven()
    {
        const QByteArray game = R"(scenario: fleet-engagement
initiative: 0
start:
  phase: activation
  models:
    - {model: Alexander, x: 10, y: 42, lost: {structure: %1}}
    - {model: Shan-Yu, x: 40, y: 6, facing: 180}
commands:
  - activate: {model: Alexander, action: withdraw}
)";
        Played p = play(QString::fromUtf8(game).arg(2).toUtf8());
        QCOMPARE(p.refusedAt, 0);
        QCOMPARE(p.refused->rule, QStringLiteral("Fleet Engagement › No Quarter Given"));
        QVERIFY(p.refused->message().contains(QStringLiteral("Structure 1 or less (it has 2)")));
        p = play(QString::fromUtf8(game).arg(3).toUtf8());
        QVERIFY(!p.refused);
    }

    void surpriseAttack()
    {
        // A group's scenario with the Surprise Attack! switch: the Defender's Capital
        // Ships may not Withdraw before turn 3; its Squadrons and the Attacker may.
        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("convoy.yaml")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kCustom);
        f.close();
        const QByteArray game
            = "scenario: " + dir.filePath(QStringLiteral("convoy.yaml")).toUtf8() + R"(
attacker: 1
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
  - activate: {model: %2, action: withdraw}
)";
        Played p = play(QString::fromUtf8(game).arg(2).arg(QStringLiteral("Alexander")).toUtf8());
        QCOMPARE(p.refusedAt, 3);
        QCOMPARE(p.refused->rule, QStringLiteral("Convoy › Running Silent"));
        p = play(QString::fromUtf8(game).arg(2).arg(QStringLiteral("Pathfinder")).toUtf8());
        QVERIFY(!p.refused);
        p = play(QString::fromUtf8(game).arg(3).arg(QStringLiteral("Alexander")).toUtf8());
        QVERIFY(!p.refused);
    }

    void ambushEscapeEdge()
    {
        // Dave defends; the escape edge is the left one. Far from it, no Withdraw.
        const QByteArray game = R"(scenario: ambush
attacker: 1
escape_edge: left
dice: [4, 4]
start:
  phase: activation
  models:
    - {model: Alexander, x: %1, y: 40}
    - {model: Shan-Yu, x: 40, y: 6, facing: 180}
commands:
  - activate: Shan-Yu
  - move: {forward: 2}
  - end-activation
  - activate: {model: Alexander, action: withdraw}
  - move: {forward: 4}
  - resolve-action
)";
        Played p = play(QString::fromUtf8(game).arg(24).toUtf8());
        QCOMPARE(p.refusedAt, 5);
        QCOMPARE(p.refused->rule, QStringLiteral("Ambush › Ambush!"));
        QVERIFY(p.refused->message().contains(QStringLiteral("within 6\" of the escape edge")));
        QCOMPARE(QLatin1String(Message::key(p.refused->why.id())),
                 QLatin1String("WithdrawEscapeEdge")); // typed (Ambush! module)
        p = play(QString::fromUtf8(game).arg(5).toUtf8());
        QVERIFY2(!p.refused, p.refused ? qPrintable(p.refused->toString()) : "");
        QCOMPARE(p.state().models[Alexander].location, Location::Withdrawn);
        QCOMPARE(jw::ambushEscapeEdge(p.state()), int(TableEdge::Left));
        // The Attacker is not bound by the edge.
        QCOMPARE(p.state().attacker, 1);
    }

    void escapePods()
    {
        // The Pathfinder finds a pod ([D]) and Lands on the Valiant: the pod goes
        // aboard. Next turn it Launches and takes it along (its decision).
        const QByteArray game = R"(scenario: break-the-truce
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
        Played p = play(game);
        QVERIFY2(!p.refused,
                 p.refused ? qPrintable(QString::number(p.refusedAt) + p.refused->toString()) : "");
        QVERIFY(p.state().pending);
        QCOMPARE(p.state().pending->request.kind, QStringLiteral("take-escape-pod"));
        QCOMPARE(p.state().models[Valiant].escapePods, 1);
        QVERIFY(p.game->apply(AnswerCommand {1}).ok());
        QCOMPARE(p.state().models[Valiant].escapePods, 0);
        QCOMPARE(p.state().models[Pathfinder].escapePods, 1);
        // Only in a scenario with escape pods, and from the table.
        p = play("scenario: introductory\ninitiative: 0\nstart:\n  phase: activation\n"
                 "  models: [{model: Alexander, x: 10, y: 40}]\ncommands:\n"
                 "  - activate: {model: Alexander, action: search-escape-pods}\n");
        QCOMPARE(p.refusedAt, 0);
        QCOMPARE(p.refused->rule, QStringLiteral("Scenarios"));
        const LegalCommands legal = p.game->legalCommands();
        for (const auto &[c, why] : legal.refused)
            QVERIFY(why.rule != QStringLiteral("Scenarios"));
    }

    // ---- Water Raid (the scripted games are scripts/scenario-water-raid*.yaml) ----

    void waterRaidComet()
    {
        // Before any model, the game waits for the Defender's Comet; the engine offers a few
        // legal spots in the Defender's zone and refuses any model first.
        Played p = play("scenario: water-raid\nattacker: 1\n");
        QVERIFY(!p.refused);
        QCOMPARE(p.state().deploymentStep, DeploymentStep::Comet);
        QCOMPARE(p.state().toAct, 0);
        const LegalCommands legal = p.game->legalCommands();
        QVERIFY(legal.deployable.empty());
        QCOMPARE(legal.commands.size(), std::size_t(3));
        for (const Command &c : legal.commands) {
            QVERIFY(std::holds_alternative<PlaceCometCommand>(c));
            ScriptedDiceSource none;
            QVERIFY(p.game->engine().apply(p.state(), c, none).ok());
        }
        QCOMPARE(stateToJson(p.game->engine(), p.state())
                     .value(QStringLiteral("deployment_step"))
                     .toString(),
                 QStringLiteral("comet"));
        // Placed (default tail), it is Stationary: it has not moved at the end of the
        // Deployment Phase, and the Defender's water is on his ships.
        p = play(R"(scenario: water-raid
attacker: 1
commands:
  - place-comet: {x: 30, y: 42, diameter: 4}
  - deploy: {model: Shan-Yu, x: 24, y: 4, facing: 180}
  - deploy: {model: Alexander, x: 10, y: 44, water: 5}
  - deploy: {model: Valiant, x: 20, y: 44, water: 5}
  - decline
  - decline
)");
        QVERIFY2(!p.refused, p.refused ? qPrintable(p.refused->toString()) : "");
        QCOMPARE(p.state().phase, Phase::Activation);
        QCOMPARE(p.state().terrain.size(), std::size_t(1));
        const TerrainPiece &comet = p.state().terrain.front();
        QCOMPARE(comet.kind, TerrainKind::Comet);
        QVERIFY(comet.stationary);
        QCOMPARE(comet.shape.centre(), QPointF(30, 42));
        QCOMPARE(comet.shape.radius(), 2.0);
        QVERIFY(comet.tail.outline().size() >= 3);
        QCOMPARE(p.state().models[Alexander].water, 5);
        QCOMPARE(p.state().models[Valiant].water, 5);
        // Declining with water left to issue is refused (the Pathfinder could take 1).
        p = play(R"(scenario: water-raid
attacker: 1
commands:
  - place-comet: {x: 30, y: 42}
  - deploy: {model: Shan-Yu, x: 24, y: 4, facing: 180}
  - deploy: {model: Alexander, x: 10, y: 44, water: 5}
  - deploy: {model: Valiant, x: 20, y: 44, water: 4}
  - decline
  - decline
)");
        QCOMPARE(p.refusedAt, 5);
        QCOMPARE(p.refused->rule, QStringLiteral("Water Raid › Water Reserves"));
        // An Exo-Armor of the Defender in contact with the Comet, having declared Initiate
        // Assault, is offered the Assault on the Comet (Mine the Comet).
        p = play(R"(scenario: water-raid
attacker: 1
terrain:
  - {kind: comet, x: 24, y: 30, diameter: 3, tail: [[25.5, 30], [31, 27], [31, 33]], stationary: true}
start:
  phase: activation
  models:
    - {model: Pathfinder, x: 24, y: 36}
    - {model: Shan-Yu, x: 24, y: 4, facing: 180}
commands:
  - activate: Shan-Yu
  - move: {forward: 4}
  - end-activation
  - activate: {model: Pathfinder, action: initiate-assault}
  - move: {path: [[24, 31]]}
)");
        QVERIFY2(!p.refused, p.refused ? qPrintable(p.refused->toString()) : "");
        const LegalCommands mining = p.game->legalCommands();
        QVERIFY(std::find(mining.commands.begin(), mining.commands.end(),
                          Command(ResolveActionCommand {std::nullopt, std::nullopt, 0}))
                != mining.commands.end());
        // A Stationary Comet given with the terrain counts as placed: no Comet step.
        p = play(R"(scenario: water-raid
attacker: 1
terrain:
  - {kind: comet, x: 30, y: 42, diameter: 3, tail: [[31.5, 42], [37, 40.5], [37, 43.5]], stationary: true}
commands:
  - deploy: {model: Shan-Yu, x: 24, y: 4, facing: 180}
)");
        QVERIFY2(!p.refused, p.refused ? qPrintable(p.refused->toString()) : "");
        QCOMPARE(p.state().deploymentStep, DeploymentStep::CapitalShips);
        QCOMPARE(p.state().terrain.size(), std::size_t(1));
        // Water is a Water Raid matter: another scenario refuses it.
        p = play(R"(scenario: introductory
initiative: 0
commands:
  - deploy: {model: Alexander, x: 10, y: 44, water: 1}
)");
        QCOMPARE(p.refusedAt, 0);
        QCOMPARE(p.refused->rule, QStringLiteral("Scenarios"));
    }

    void waterObjectives()
    {
        // Dave defends. Objectives: 0 the most Victory Points; 1, 2 water-withdrawn 5 and
        // 10 (Defender); 3, 4 water-kept 5 and 10 (Attacker).
        const QByteArray game = R"(scenario: water-raid
attacker: 1
turns: %1
start:
  phase: activation
  models:
    - {model: Alexander, x: 10, y: 40, activated: true}
    - {model: Valiant, x: 30, y: 40, activated: true}
    - {model: Shan-Yu, x: 40, y: 6, facing: 180}
commands:
  - activate: Shan-Yu
  - move: {forward: 2}
  - end-activation
)";
        auto run = [&](int turns, const std::function<void(GameState &)> &set) {
            GameScript script = GameScriptReader::parse(
                QByteArray(kPlayers) + QString::fromUtf8(game).arg(turns).toUtf8(),
                QStringLiteral("t"), {}, db());
            Engine engine(script.setup);
            CounterDiceSource dice(1, 0);
            GameState s = engine.start(dice).state;
            set(s);
            for (const ScriptCommand &c : script.commands) {
                const ApplyResult r = engine.apply(s, c.command, dice);
                if (!r.ok())
                    qFatal("%s", qPrintable(r.rejection->toString()));
                s = r.state;
            }
            return s;
        };
        using Score = std::array<int, 2>;
        // 5 Withdrawn on the Valiant; the Alexander's 5 Withdrawn Crippled do not count for
        // the Defender, so the Attacker kept them.
        GameState s = run(1, [](GameState &s) {
            s.models[Valiant].water = 5;
            s.models[Valiant].location = Location::Withdrawn;
            s.models[Alexander].water = 5;
            s.models[Alexander].location = Location::Withdrawn;
            s.models[Alexander].set(FlagCrippled);
        });
        QCOMPARE(s.phase, Phase::Over);
        QCOMPARE(s.objectiveScores[1], (Score {3, 0}));
        QCOMPARE(s.objectiveScores[2], (Score {0, 0}));
        QCOMPARE(s.objectiveScores[3], (Score {0, 3}));
        QCOMPARE(s.objectiveScores[4], (Score {0, 0}));
        // All 10 Withdrawn: the Defender's better tier only (4, not 3 + 4); nothing kept.
        s = run(1, [](GameState &s) {
            for (int id : {int(Valiant), int(Alexander)}) {
                s.models[std::size_t(id)].water = 5;
                s.models[std::size_t(id)].location = Location::Withdrawn;
            }
        });
        QCOMPARE(s.objectiveScores[1], (Score {3, 0}));
        QCOMPARE(s.objectiveScores[2], (Score {4, 0}));
        QCOMPARE(s.objectiveScores[3], (Score {0, 0}));
        QCOMPARE(s.objectiveScores[4], (Score {0, 0}));
        QCOMPARE(s.objectivePoints[0], s.objectiveScores[0][0] + 4);
        // The Alexander Captured by Eve and Withdrawn: its water counts for the captor, not
        // the Defender; the Valiant's is lost with it: all 10 kept.
        s = run(1, [](GameState &s) {
            s.models[Alexander].water = 5;
            s.models[Alexander].controller = 1;
            s.models[Alexander].set(FlagCaptured);
            s.models[Alexander].location = Location::Withdrawn;
            s.models[Valiant].water = 5;
            s.models[Valiant].location = Location::Destroyed;
        });
        QCOMPARE(s.models[Valiant].water, 0);
        QCOMPARE(s.objectiveScores[1], (Score {0, 0}));
        QCOMPARE(s.objectiveScores[3], (Score {0, 3}));
        QCOMPARE(s.objectiveScores[4], (Score {0, 4}));
        QCOMPARE(s.objectivePoints[1], s.objectiveScores[0][1] + 4);
        // The standing after turn 1 of 2: water still in play may yet be Withdrawn, so it
        // is not kept yet.
        s = run(2, [](GameState &s) {
            s.models[Alexander].water = 5;
            s.models[Alexander].location = Location::Withdrawn;
            s.models[Valiant].water = 5;
        });
        QCOMPARE(s.turn, 2);
        QCOMPARE(s.objectiveScores[1], (Score {3, 0}));
        QCOMPARE(s.objectiveScores[3], (Score {0, 0}));
    }

    void capturedPodsCountDouble()
    {
        // A Captured ship's pods count twice for the captor; a Destroyed model's are lost.
        const QByteArray game = R"(scenario: break-the-truce
initiative: 0
turns: 1
start:
  phase: activation
  models:
    - {model: Alexander, x: 10, y: 40, activated: true}
    - {model: Valiant, x: 30, y: 40, activated: true}
    - {model: Shan-Yu, x: 40, y: 6, facing: 180}
commands:
  - activate: Shan-Yu
  - move: {forward: 2}
  - end-activation
)";
        GameScript script
            = GameScriptReader::parse(QByteArray(kPlayers) + game, QStringLiteral("t"), {}, db());
        QVERIFY(script.ok());
        Engine engine(script.setup);
        CounterDiceSource dice(1, 0);
        GameState s = engine.start(dice).state;
        s.models[Alexander].escapePods = 2; // Captured by Eve
        s.models[Alexander].controller = 1;
        s.models[Alexander].set(FlagCaptured);
        s.models[ShanYu].escapePods = 3;
        s.models[Valiant].escapePods = 4;
        s.models[Valiant].location = Location::Destroyed;
        for (const ScriptCommand &c : script.commands) {
            const ApplyResult r = engine.apply(s, c.command, dice);
            QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.rejection->toString()));
            s = r.state;
        }
        QCOMPARE(s.phase, Phase::Over);
        QCOMPARE(s.models[Valiant].escapePods, 0);
        // Capital ships in play: Eve 3 + 2 x 2 = 7, Dave 0.
        QCOMPARE(s.objectiveScores[3], (std::array<int, 2> {0, 2}));
    }

    // Scavenger Hunt › Capturing Intelligence: "If a Model carrying an Intelligence Token is
    // Destroyed, the token is lost. Captured ships carrying an Intelligence Token transfer
    // ownership of the token to the captor." And the objectives count them.
    void capturedIntelligence()
    {
        const QByteArray game = R"(scenario: scavenger-hunt
initiative: 0
turns: 1
start:
  phase: activation
  models:
    - {model: Alexander, x: 10, y: 40, activated: true}
    - {model: Valiant, x: 30, y: 40, activated: true}
    - {model: Shan-Yu, x: 40, y: 6, facing: 180}
commands:
  - activate: Shan-Yu
  - move: {forward: 2}
  - end-activation
)";
        GameScript script
            = GameScriptReader::parse(QByteArray(kPlayers) + game, QStringLiteral("t"), {}, db());
        QVERIFY(script.ok());
        Engine engine(script.setup);
        CounterDiceSource dice(1, 0);
        GameState s = engine.start(dice).state;
        QCOMPARE(s.uios.size(), std::size_t(3));
        s.models[Alexander].intelligence = 1; // Captured by Eve: hers now
        s.models[Alexander].controller = 1;
        s.models[Alexander].set(FlagCaptured);
        s.models[Valiant].intelligence = 2; // Withdrawn with two tokens
        s.models[Valiant].location = Location::Withdrawn;
        s.models[Pathfinder].intelligence = 1; // Destroyed: lost
        s.models[Pathfinder].location = Location::Destroyed;
        s.uios[1].tokens = {0, 3};
        s.uios[1].searchedBy = 1;
        for (const ScriptCommand &c : script.commands) {
            const ApplyResult r = engine.apply(s, c.command, dice);
            QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.rejection->toString()));
            s = r.state;
        }
        QCOMPARE(s.phase, Phase::Over);
        QCOMPARE(s.models[Pathfinder].intelligence, 0);
        QCOMPARE(s.objectiveScores[1], (std::array<int, 2> {0, 1})); // UIO 2 searched by Eve
        // A Capital Ship with Intelligence: the Valiant (Withdrawn) for Dave, the Captured
        // Alexander for Eve.
        QCOMPARE(s.objectiveScores[2], (std::array<int, 2> {1, 1}));
        QCOMPARE(s.objectiveScores[3], (std::array<int, 2> {2, 0})); // two tokens Withdrawn
    }
};

QTEST_GUILESS_MAIN(TestScenario)
#include "tst_scenario.moc"
