// SPDX-License-Identifier: GPL-3.0-or-later
// The turn sequence, deployment, movement and victory, through scripted games
// (docs/scripted-games.md): each rulebook example of these chapters is a row.
#include "engine/game.h"
#include "engine/gamefile.h"
#include "engine/gamejson.h"
#include "engine/gamescript.h"
#include "engine/rounding.h"
#include "units/unitdatabase.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>

using namespace jw;

namespace {

const UnitDatabase &db()
{
    static const UnitDatabase d = UnitDatabase::loadShipped();
    return d;
}

// Two small fleets: a Jovian Alexander + Valiant + Pathfinder, a Venusian Shan-Yu + Ryu.
const char *const kPlayers = R"(
players:
  - name: Dave
    fleet:
      faction: jovian
      points: 250
      units:
        - unit: alexander
        - unit: valiant
        - unit: pathfinder
  - name: Eve
    fleet:
      faction: venusian
      points: 250
      units:
        - unit: shan-yu
        - unit: ryu
)";

struct Played
{
    GameScript script;
    std::unique_ptr<Game> game;
    std::optional<Rejection> refused;
    int refusedAt = -1; // command index
};

Played play(const QByteArray &body, bool autoAnswer = true)
{
    Played p;
    p.script = GameScriptReader::parse(QByteArray(kPlayers) + body, QStringLiteral("test.yaml"),
                                       QString(), db());
    if (!p.script.ok()) {
        QStringList all;
        for (const DataIssue &i : p.script.issues)
            all << i.toString();
        qFatal("script: %s", qPrintable(all.join(QLatin1Char('\n'))));
    }
    static std::unique_ptr<ScriptedDiceSource> forced;
    forced = p.script.dice ? std::make_unique<ScriptedDiceSource>(*p.script.dice) : nullptr;
    p.game = std::make_unique<Game>(p.script.setup, forced.get());
    for (int i = 0; i < int(p.script.commands.size()); ++i) {
        const ApplyResult r = p.game->apply(p.script.commands[std::size_t(i)].command);
        if (!r.ok()) {
            p.refused = r.rejection;
            p.refusedAt = i;
            break;
        }
        while (autoAnswer && p.game->state().pending)
            if (!p.game->apply(AnswerCommand {}).ok())
                break;
    }
    return p;
}

// Shan-Yu (Speed 6, Thrusters 1 2 3 3 4, Turns 1) alone in its activation.
QByteArray shanYuAt(const char *lost = "{}")
{
    return QByteArray(R"(
initiative: 1
start:
  phase: activation
  models:
    - {model: Alexander, x: 24, y: 44, facing: 0}
    - {model: Shan-Yu, x: 24, y: 24, facing: 90, lost: )")
        + lost + "}\n";
}

} // namespace

class TestEngineTurns : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // Issue 15.6: legalCommands() reports the turns and movement the engine
    // allows (Engine::moveLimits, the one place): Reorient's extra turns
    // included (N: one more, [D+]: one more to any direction; Sluggish: two);
    // and the movement left after a part of the move.
    void moveLimitsCountReorient_data()
    {
        QTest::addColumn<QByteArray>("dice");
        QTest::addColumn<int>("turnsLeft");
        QTest::addColumn<double>("maxTurn");
        // Shan-Yu: Turns 1, Thrusters 4: one turn; Reorient adds one.
        QTest::newRow("Reorient [N]: one more turn") << QByteArray("[1, 2]") << 2 << 45.0;
        QTest::newRow("Reorient [D+]: one more, to any direction")
            << QByteArray("[3, 3]") << 2 << 180.0;
    }
    void moveLimitsCountReorient()
    {
        QFETCH(QByteArray, dice);
        QFETCH(int, turnsLeft);
        QFETCH(double, maxTurn);
        Played p = play(shanYuAt() + "dice: " + dice
                        + "\ncommands:\n  - activate: {model: Shan-Yu, action: reorient}\n"
                          "  - move: {forward: 2}\n");
        QVERIFY2(!p.refused, p.refused ? qPrintable(p.refused->message()) : "");
        const LegalCommands legal = p.game->legalCommands();
        QVERIFY(legal.move);
        QCOMPARE(legal.move->turnsLeft, turnsLeft);
        QCOMPARE(legal.move->maxTurnDegrees, maxTurn); // the table's turn box
        QCOMPARE(legal.move->moved, 2.0);
        QCOMPARE(legal.move->maximum, 10.0); // Speed 6 + Thrusters 4
        QCOMPARE(legal.move->left(), 8.0);
        // The engine accepts exactly that many turns.
        const GameState before = p.game->state();
        std::vector<MoveLeg> legs;
        for (int i = 0; i < turnsLeft; ++i)
            legs.push_back(MoveLeg {0.5, 45.0});
        QVERIFY(p.game->apply(MoveCapitalCommand {legs}).ok());
        QCOMPARE(p.game->legalCommands().move->turnsLeft, 0);
        QVERIFY(!p.game->apply(MoveCapitalCommand {{MoveLeg {0.5, 45.0}}}).ok());
    }

    // Catch-All Rules › Rounding example: halving Fire Control 3 gives 2; every
    // fraction rounds up.
    void rounding_data()
    {
        QTest::addColumn<int>("value");
        QTest::addColumn<int>("half");
        QTest::newRow("the example: 3 -> 2") << 3 << 2;
        QTest::newRow("even") << 4 << 2;
        QTest::newRow("1 -> 1") << 1 << 1;
        QTest::newRow("0") << 0 << 0;
        QTest::newRow("explosion pool, Structure 5") << 5 << 3;
    }
    void rounding()
    {
        QFETCH(int, value);
        QFETCH(int, half);
        QCOMPARE(jw::half(value), half);
        QCOMPARE(roundUpDivide(value * 3, 4), (value * 3 + 3) / 4);
    }

    // Movement › Capital Ship Movement, the Shan-Yu example: Thrusters 4 moves
    // 2" to 10"; reduced to Thrusters 2 it moves 4" to 8".
    void capitalShipMoveLimits_data()
    {
        QTest::addColumn<QByteArray>("lost");
        QTest::addColumn<QByteArray>("moves");
        QTest::addColumn<QString>("refusedRule"); // empty: accepted
        QTest::newRow("10 of max 10")
            << QByteArray("{}") << QByteArray("  - move: {forward: 10}\n") << QString();
        QTest::newRow("10.5 over max 10")
            << QByteArray("{}") << QByteArray("  - move: {forward: 10.5}\n")
            << "Movement › Capital Ship Movement";
        QTest::newRow("2 of min 2")
            << QByteArray("{}") << QByteArray("  - move: {forward: 2}\n") << QString();
        QTest::newRow("1.9 under min 2")
            << QByteArray("{}") << QByteArray("  - move: {forward: 1.9}\n")
            << "Movement › Capital Ship Movement";
        QTest::newRow("Thrusters 2: 8 of max 8")
            << QByteArray("{thrusters: 3}") << QByteArray("  - move: {forward: 8}\n") << QString();
        QTest::newRow("Thrusters 2: 8.1 over max 8")
            << QByteArray("{thrusters: 3}") << QByteArray("  - move: {forward: 8.1}\n")
            << "Movement › Capital Ship Movement";
        QTest::newRow("Thrusters 2: 3.9 under min 4")
            << QByteArray("{thrusters: 3}") << QByteArray("  - move: {forward: 3.9}\n")
            << "Movement › Capital Ship Movement";
        QTest::newRow("split move 4 + 5")
            << QByteArray("{}") << QByteArray("  - move: {forward: 4}\n  - move: {forward: 5}\n")
            << QString();
        QTest::newRow("split move 6 + 5")
            << QByteArray("{}") << QByteArray("  - move: {forward: 6}\n  - move: {forward: 5}\n")
            << "Movement › Capital Ship Movement";
        // Turning: Turns 1 (the lower of Turns and Thrusters), up to 45 degrees.
        QTest::newRow("one turn of 45")
            << QByteArray("{}")
            << QByteArray("  - move: {legs: [{forward: 3, turn: 45}, {forward: 3}]}\n")
            << QString();
        QTest::newRow("a turn of 50")
            << QByteArray("{}")
            << QByteArray("  - move: {legs: [{forward: 3, turn: 50}, {forward: 3}]}\n")
            << "Movement › Capital Ship Movement";
        QTest::newRow("two turns, Turns 1")
            << QByteArray("{}")
            << QByteArray("  - move: {legs: [{forward: 2, turn: 45}, {forward: 2, turn: -45}, "
                          "{forward: 2}]}\n")
            << "Movement › Capital Ship Movement";
        QTest::newRow("turn then turn again in a second move")
            << QByteArray("{}")
            << QByteArray("  - move: {legs: [{forward: 2, turn: 45}]}\n  - move: {legs: [{forward: "
                          "2, turn: 45}]}\n")
            << "Movement › Capital Ship Movement";
    }
    void capitalShipMoveLimits()
    {
        QFETCH(QByteArray, lost);
        QFETCH(QByteArray, moves);
        QFETCH(QString, refusedRule);
        const Played p = play(shanYuAt(lost.constData()) + "commands:\n  - activate: Shan-Yu\n"
                              + moves + "  - end-activation\n");
        if (refusedRule.isEmpty()) {
            QVERIFY2(!p.refused, p.refused ? qPrintable(p.refused->toString()) : "");
        } else {
            QVERIFY(p.refused);
            QCOMPARE(p.refused->rule, refusedRule);
        }
    }

    // The ship advances along its facing (90: toward +x) and turns at the corner.
    void capitalShipPath()
    {
        const Played p = play(shanYuAt() + R"(commands:
  - activate: Shan-Yu
  - move: {legs: [{forward: 4, turn: 45}, {forward: 2}]}
)");
        QVERIFY(!p.refused);
        const ModelState &s = p.game->state().models[3];
        QCOMPARE(s.placement.facing(), 135.0);
        QVERIFY(qAbs(s.placement.centre().x() - (28 + 2 * std::sqrt(0.5))) < 1e-9);
        QVERIFY(qAbs(s.placement.centre().y() - (24 + 2 * std::sqrt(0.5))) < 1e-9);
        QCOMPARE(p.game->state().activation->moved, 6.0);
    }

    // Dice System › Skill Test example: an Alexander at Thrusters 0 must pass a
    // Skill Test (Skill 2) to turn; it rolls 1, 4: [N], and cannot turn.
    void thrustersZeroSkillTest()
    {
        const Played fail = play(R"(
initiative: 0
dice: [1, 4]
start:
  phase: activation
  models:
    - {model: Alexander, x: 24, y: 30, facing: 0, lost: {thrusters: 9}}
    - {model: Shan-Yu, x: 24, y: 4, facing: 180}
commands:
  - activate: Alexander
  - move: {legs: [{forward: 3, turn: 45}, {forward: 3}]}
)");
        QVERIFY(!fail.refused);
        const GameState &s = fail.game->state();
        QCOMPARE(s.models[0].placement.facing(), 0.0); // no turn
        QCOMPARE(s.activation->moved, 3.0); // stopped at the failed turn
        QVERIFY(fail.game->log().back().size() >= 2);
        QVERIFY(fail.game->log().back()[0].text().contains(QStringLiteral("[N]")));

        const Played pass = play(R"(
initiative: 0
dice: [4, 4]
start:
  phase: activation
  models:
    - {model: Alexander, x: 24, y: 30, facing: 0, lost: {thrusters: 9}}
    - {model: Shan-Yu, x: 24, y: 4, facing: 180}
commands:
  - activate: Alexander
  - move: {legs: [{forward: 3, turn: 45}, {forward: 3}]}
)");
        QVERIFY(!pass.refused);
        QCOMPARE(pass.game->state().models[0].placement.facing(), 45.0);
    }

    void squadronMove()
    {
        const Played ok = play(R"(
initiative: 0
start:
  phase: activation
  models:
    - {model: Pathfinder, x: 10, y: 40}
    - {model: Shan-Yu, x: 24, y: 4, facing: 180}
commands:
  - activate: Pathfinder
  - move: {path: [[10, 35], [14, 35]]}
)");
        QVERIFY(!ok.refused);
        QCOMPARE(ok.game->state().models[2].placement.centre(), QPointF(14, 35));
        const Played far = play(R"(
initiative: 0
start:
  phase: activation
  models:
    - {model: Pathfinder, x: 10, y: 40}
    - {model: Shan-Yu, x: 24, y: 4, facing: 180}
commands:
  - activate: Pathfinder
  - move: {path: [[10, 20]]}
)");
        QVERIFY(far.refused);
        QCOMPARE(far.refused->rule, QStringLiteral("Movement › Squadron Movement"));
        // No ending in base contact.
        const Played contact = play(R"(
initiative: 0
start:
  phase: activation
  models:
    - {model: Pathfinder, x: 10, y: 40}
    - {model: Alexander, x: 12, y: 40}
    - {model: Shan-Yu, x: 24, y: 4, facing: 180}
commands:
  - activate: Pathfinder
  - move: {path: [[10.9, 40]]}
)");
        QVERIFY(contact.refused);
        QVERIFY(contact.refused->message().contains(QStringLiteral("base contact")));
    }

    // Structure of a Game and Fleet Deployment: capital ships first, alternating
    // from the player with Initiative, then squadrons until both decline.
    void fleetDeployment()
    {
        const Played p = play(R"(
initiative: 1
commands:
  - deploy: {model: Shan-Yu, x: 24, y: 6, facing: 180}
  - deploy: {model: Alexander, x: 20, y: 42, facing: 0}
  - deploy: {model: Valiant, x: 30, y: 42, facing: 0}
  - deploy: {model: Ryu, x: 24, y: 10}
  - embark: {model: Pathfinder, carrier: Valiant}
)");
        QVERIFY2(!p.refused, p.refused ? qPrintable(p.refused->toString()) : "");
        const GameState &s = p.game->state();
        QCOMPARE(s.phase, Phase::Activation);
        QCOMPARE(s.toAct, 1); // Initiative
        QCOMPARE(s.models[2].location, Location::Embarked);
        QCOMPARE(s.models[2].carrier, 1);
    }

    void deploymentRefusals_data()
    {
        QTest::addColumn<QByteArray>("commands");
        QTest::addColumn<QString>("rule");
        QTest::newRow("out of turn")
            << QByteArray("  - deploy: {model: Alexander, x: 20, y: 42}\n") << "Deployment Phase";
        QTest::newRow("outside the zone")
            << QByteArray("  - deploy: {model: Shan-Yu, x: 24, y: 13, facing: 180}\n")
            << "Deployment Phase";
        QTest::newRow("half outside the zone")
            << QByteArray("  - deploy: {model: Shan-Yu, x: 24, y: 11.5, facing: 180}\n")
            << "Deployment Phase";
        QTest::newRow("squadron before capital ships")
            << QByteArray("  - deploy: {model: Ryu, x: 24, y: 6}\n")
            << "Deployment Type › Fleet Deployment";
        QTest::newRow("decline in the capital ship step")
            << QByteArray("  - decline\n") << "Deployment Type › Fleet Deployment";
        QTest::newRow("squadron embarked on a ship without Hangers")
            << QByteArray("  - deploy: {model: Shan-Yu, x: 24, y: 6, facing: 180}\n"
                          "  - deploy: {model: Alexander, x: 20, y: 42}\n"
                          "  - deploy: {model: Valiant, x: 30, y: 42}\n"
                          "  - decline\n"
                          "  - embark: {model: Pathfinder, carrier: Alexander}\n")
            << "Traits › Hangers";
    }
    void deploymentRefusals()
    {
        QFETCH(QByteArray, commands);
        QFETCH(QString, rule);
        const Played p = play("initiative: 1\ncommands:\n" + commands);
        QVERIFY(p.refused);
        QCOMPARE(p.refused->rule, rule);
    }

    // Seven Game Turns, then Victory Points: Introductory Scenario's 10 Objective
    // Points for the most Victory Points.
    void sevenTurnsAndVictory()
    {
        QByteArray cmds = "commands:\n";
        for (int turn = 0; turn < 7; ++turn)
            cmds += "  - activate: Shan-Yu\n  - move: {forward: 0}\n  - end-activation\n"
                    "  - activate: Alexander\n  - end-activation\n";
        const Played p = play(R"(
initiative: 1
start:
  phase: activation
  models:
    - {model: Alexander, x: 24, y: 44, facing: 0}
    - {model: Shan-Yu, x: 24, y: 4, facing: 180}
)" + cmds);
        // The Shan-Yu must move 2"; moving 0 is refused at once.
        QVERIFY(p.refused);
        QCOMPARE(p.refused->rule, QStringLiteral("Movement › Capital Ship Movement"));

        QByteArray ok = "commands:\n";
        for (int turn = 0; turn < 7; ++turn)
            ok += "  - activate: {model: Shan-Yu, action: station-keep}\n  - end-activation\n"
                  "  - activate: {model: Alexander, action: station-keep}\n  - end-activation\n";
        const Played q = play(R"(
initiative: 1
start:
  phase: activation
  models:
    - {model: Alexander, x: 24, y: 44, facing: 0}
    - {model: Shan-Yu, x: 24, y: 4, facing: 180}
    - {model: Valiant, location: destroyed}
    - {model: Pathfinder, location: withdrawn}
    - {model: Ryu, location: destroyed}
)" + ok);
        QVERIFY2(!q.refused, q.refused ? qPrintable(q.refused->toString()) : "");
        const GameState &s = q.game->state();
        QCOMPARE(s.phase, Phase::Over);
        QCOMPARE(s.turn, 7);
        // Dave: the Alexander (80) survives, the Pathfinder withdrew (30 x 0.5),
        // the Valiant is destroyed. Eve: the Shan-Yu (111); the Ryu is destroyed.
        const auto vp = q.game->engine().victoryPoints(s);
        QCOMPARE(vp[0], 80 + 15);
        QCOMPARE(vp[1], 111);
        QCOMPARE(s.objectivePoints[1], 10);
        QCOMPARE(s.objectivePoints[0], 0);
        QCOMPARE(s.winner, std::optional<int>(1));
    }

    // Victory Points multipliers: Captured 1.5 to the captor, Crippled 0,
    // Destroyed 0, Withdrawn 0.5; fractions round up.
    void victoryPointMultipliers()
    {
        const Played p = play(R"(
initiative: 0
start:
  phase: activation
  models:
    - {model: Alexander, location: withdrawn}
    - {model: Valiant, x: 20, y: 40, states: [crippled]}
    - {model: Pathfinder, location: destroyed}
    - {model: Shan-Yu, x: 24, y: 4, facing: 180}
    - {model: Ryu, location: withdrawn}
)");
        const auto vp = p.game->engine().victoryPoints(p.game->state());
        QCOMPARE(vp[0], 40); // Alexander 80 x 0.5
        QCOMPARE(vp[1], 111 + 17);
        // Model by model (what the table's end panel shows).
        const Engine &engine = p.game->engine();
        const GameState &s = p.game->state();
        const auto share = [&](const char *name) {
            for (const ModelState &m : s.models)
                if (engine.modelName(s, m.id) == QLatin1String(name))
                    return engine.victoryShare(m);
            return Engine::VictoryShare {};
        };
        QCOMPARE(share("Alexander").player, 0);
        QCOMPARE(share("Alexander").points, 40.0);
        QCOMPARE(share("Valiant").points, 0.0); // Crippled
        QCOMPARE(share("Pathfinder").points, 0.0); // Destroyed, not Renowned
        QCOMPARE(share("Pathfinder").player, 1); // what the enemy would get for Renowned
        QCOMPARE(share("Shan-Yu").player, 1);
        QCOMPARE(share("Shan-Yu").points, 111.0);
        QCOMPARE(share("Ryu").points, 17.0); // Withdrawn: 34 x 0.5
        double total = 0;
        for (const ModelState &m : s.models)
            if (engine.victoryShare(m).player == 1)
                total += engine.victoryShare(m).points;
        QCOMPARE(int(std::ceil(total)), vp[1]);
    }

    // Crippled and Captured ships may only declare Repair or Withdraw.
    void crippledActions()
    {
        const Played p = play(R"(
initiative: 0
start:
  phase: activation
  models:
    - {model: Alexander, x: 20, y: 40, states: [crippled]}
    - {model: Shan-Yu, x: 24, y: 4, facing: 180}
commands:
  - activate: {model: Alexander, action: station-keep}
)");
        QVERIFY(p.refused);
        QCOMPARE(p.refused->rule, QStringLiteral("States › Crippled"));
    }

    // The legal commands list the Actions whose Skill Test is rolled when they
    // are declared (Silent Running, Reorient, ...): no dice are needed to know
    // they may be declared.
    void legalActionsWithSkillTests()
    {
        const Played p = play(R"(
initiative: 0
dice: []
start:
  phase: activation
  models:
    - {model: Alexander, x: 20, y: 40}
    - {model: Shan-Yu, x: 24, y: 4, facing: 180}
)");
        const LegalCommands legal = p.game->legalCommands();
        const int alexander = 0;
        QStringList offered;
        for (const Command &c : legal.commands)
            if (const auto *a = std::get_if<ActivateCommand>(&c); a && a->model == alexander)
                offered << a->actionKey();
        for (const char *id : {"silent-running", "reorient", "concentrated-fire",
                               "long-range-sensors", "damage-control", "vector-attack"})
            QVERIFY2(offered.contains(QLatin1String(id)), id);
        for (const auto &[c, why] : legal.refused)
            QVERIFY2(why.rule != QLatin1String("Dice"), qPrintable(why.toString()));
    }

    // Secret information (v1.2.4, States › Embarked): a squadron deployed
    // Embarked is hidden from the opponent (state, events) until it has been on
    // the table; its owner sees it; v1.2.2 hides nothing.
    void secretInformation()
    {
        const QByteArray body = R"(
initiative: 0
seed: 4
start:
  phase: deployment
  models:
    - {model: Alexander, x: 20, y: 40}
    - {model: Valiant, x: 28, y: 40}
    - {model: Shan-Yu, x: 24, y: 6, facing: 180}
commands:
  - embark: {model: Pathfinder, carrier: Valiant}
)";
        const Played p = play("rules: v1.2.4\n" + body);
        QVERIFY(!p.refused);
        const Engine &engine = p.game->engine();
        const GameState &s = p.game->state();
        const int pathfinder = 2;
        QCOMPARE(s.models[pathfinder].location, Location::Embarked);
        QVERIFY(engine.isHidden(s, pathfinder, 1));
        QVERIFY(!engine.isHidden(s, pathfinder, 0));
        QVERIFY(!engine.isHidden(s, 0, 1)); // on the table
        // The state as Eve sees it: only that a model of Dave's exists.
        const QJsonObject eve = stateToJson(engine, s, 1)
                                    .value(QStringLiteral("models"))
                                    .toArray()[pathfinder]
                                    .toObject();
        QCOMPARE(eve.value(QStringLiteral("hidden")).toBool(), true);
        QVERIFY(!eve.contains(QStringLiteral("name")));
        QVERIFY(!eve.contains(QStringLiteral("location")));
        const QJsonObject dave = stateToJson(engine, s, 0)
                                     .value(QStringLiteral("models"))
                                     .toArray()[pathfinder]
                                     .toObject();
        QCOMPARE(dave.value(QStringLiteral("name")).toString(), QStringLiteral("Pathfinder"));
        // The embark event: Eve reads a sentence that names nothing.
        bool found = false;
        for (const GameEvent &e : p.game->log().back()) {
            if (e.kind != QLatin1String("embarked"))
                continue;
            found = true;
            QVERIFY(e.textFor(0).contains(QStringLiteral("Pathfinder")));
            QVERIFY(!e.textFor(1).contains(QStringLiteral("Pathfinder")));
            QVERIFY(!e.textFor(1).contains(QStringLiteral("Valiant")));
            QVERIFY(!eventToJson(e, 1).contains(QStringLiteral("data")));
        }
        QVERIFY(found);
        // v1.2.2: no secret information.
        const Played open = play("rules: v1.2.2\n" + body);
        QVERIFY(!open.game->engine().isHidden(open.game->state(), pathfinder, 1));
    }

    // Undo takes back nothing the opponent has seen (issue 15.11): in v1.2.4 a
    // model from the reserve deployed onto the table shows its card.
    void undoRevealsNothing()
    {
        const QByteArray body = R"(
initiative: 0
seed: 4
start:
  phase: deployment
  models:
    - {model: Valiant, x: 28, y: 40}
    - {model: Shan-Yu, x: 24, y: 6, facing: 180}
commands: []
)";
        for (const QByteArray &rules : {QByteArray("v1.2.4"), QByteArray("v1.2.2")}) {
            const Played p = play("rules: " + rules + "\n" + body);
            QVERIFY2(!p.refused, p.refused ? qPrintable(p.refused->toString()) : "");
            Game &g = *p.game;
            const int alexander = 0;
            QCOMPARE(g.state().models[alexander].location, Location::Reserve);
            QVERIFY(g.apply(DeployCommand {alexander, Placement(QPointF(20, 40), 0)}).ok());
            if (rules == "v1.2.4") {
                QVERIFY(g.state().models[alexander].revealed);
                QVERIFY(!g.canUndo());
                QVERIFY(!g.undo());
            } else {
                QVERIFY(g.canUndo());
            }
        }
    }

    // Alternation: when one player has no model left, the other activates the
    // rest consecutively; then the End Phase clears the turn's states.
    void alternationAndEndPhase()
    {
        const Played p = play(R"(
initiative: 0
start:
  phase: activation
  models:
    - {model: Alexander, x: 10, y: 40}
    - {model: Valiant, x: 30, y: 40}
    - {model: Shan-Yu, x: 24, y: 4, facing: 180}
commands:
  - activate: {model: Alexander, action: station-keep}
  - end-activation
  - activate: {model: Shan-Yu, action: station-keep}
  - end-activation
  - activate: {model: Valiant, action: evade}
)");
        QVERIFY2(!p.refused, p.refused ? qPrintable(p.refused->toString()) : "");
        const GameState &s = p.game->state();
        QCOMPARE(s.toAct, 0);
        QVERIFY(s.models[1].has(FlagEvading));
        QVERIFY(s.models[0].has(FlagStationKeeping));
        // Finish the turn: the states end in the End Phase; turn 2 deploys the rest.
        Game &g = *p.game;
        QVERIFY(g.apply(MoveCapitalCommand {{MoveLeg {4, 0}}}).ok());
        QVERIFY(g.apply(EndActivationCommand {}).ok());
        QCOMPARE(g.state().turn, 2);
        QVERIFY(!g.state().models[0].has(FlagStationKeeping));
        QVERIFY(!g.state().models[1].has(FlagEvading));
        QCOMPARE(g.state().phase, Phase::Deployment);
    }

    // A faulty script is refused with every problem, each at its line and column
    // (the wording is the one the unit and fleet files use).
    void scriptErrors_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("message");
        // kPlayers is lines 1-17; the body starts on line 18.
        QTest::newRow("unknown key") << QByteArray("\ninitiative: 0\ncolour: red\n") << 20 << 1
                                     << "unknown key 'colour' in a game script";
        QTest::newRow("duplicate key") << QByteArray("\nseed: 1\nseed: 2\n") << 20 << 1
                                       << "duplicate key 'seed' in a game script";
        QTest::newRow("not a number")
            << QByteArray("\nstart:\n  models:\n    - {model: Pathfinder, x: ten, y: 4}\n") << 21
            << 30 << "'x' must be a number, not 'ten'";
        QTest::newRow("not YAML") << QByteArray("\ncommands: [\n") << 20 << 1
                                  << "not valid YAML: end of sequence flow not found";
        QTest::newRow("command not a map")
            << QByteArray("\ncommands:\n  - move: [1, 2]\n") << 20 << 11 << "move";
        // Shapes that once crashed 'play' (issue 14): each is a located error now.
        QTest::newRow("scalar leg")
            << QByteArray("\ncommands:\n  - move: {legs: [{forward: 5}, 7]}\n") << 20 << 33
            << "a leg must be a map of keys to values";
        QTest::newRow("legs not a list") << QByteArray("\ncommands:\n  - move: {legs: 7}\n") << 20
                                         << 18 << "'legs' is a list of {forward, turn}";
        QTest::newRow("start model past the fleets")
            << QByteArray("\nterrain:\n  - {kind: large-asteroid, x: 24, y: 24, diameter: 3}\n"
                          "start:\n  models:\n    - {model: 2147483647, x: 1, y: 1}\n")
            << 23 << 15 << "no model 2147483647 (0 to 4)";
        QTest::newRow("start model is terrain")
            << QByteArray("\nterrain:\n  - {kind: space-station, x: 24, y: 24, diameter: 3, "
                          "owner: 0}\nstart:\n  models:\n    - {model: 5, x: 1, y: 1}\n")
            << 23 << 15 << "a start model is one of the fleets' models (0 to 4), not 5";
        QTest::newRow("alias in expect") << QByteArray("\nexpect:\n  a: &x [1, 2]\n  b: *x\n") << 20
                                         << 6 << "anchors (&name) are not accepted";
        QTest::newRow("too many turns")
            << QByteArray("\nturns: 2147483647\n") << 19 << 8 << "'turns' must be from 1 to 99";
        QTest::newRow("coordinate not finite")
            << QByteArray("\nstart:\n  models:\n    - {model: Pathfinder, x: nan, y: 4}\n") << 21
            << 30 << "'x' must be a number, not 'nan'";
        QTest::newRow("coordinate too far")
            << QByteArray("\nstart:\n  models:\n    - {model: Pathfinder, x: 1e300, y: 4}\n") << 21
            << 30 << "'x' must be between -10000 and 10000";
        QTest::newRow("nested too deeply")
            << (QByteArray("\nexpect: ") + QByteArray(100, '[') + QByteArray(100, ']') + "\n") << 19
            << 72 << "nested too deeply: more than 64 levels";
    }

    void scriptErrors()
    {
        QFETCH(QByteArray, body);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, message);
        const GameScript s = GameScriptReader::parse(QByteArray(kPlayers) + body,
                                                     QStringLiteral("bad.yaml"), QString(), db());
        QVERIFY(!s.ok());
        QStringList all;
        for (const DataIssue &i : s.issues)
            all << i.toString();
        const auto hit = std::find_if(s.issues.begin(), s.issues.end(), [&](const DataIssue &i) {
            return i.message.contains(message);
        });
        QVERIFY2(hit != s.issues.end(), qPrintable(all.join(QLatin1Char('\n'))));
        QCOMPARE(hit->file, QStringLiteral("bad.yaml"));
        QCOMPARE(hit->line, line);
        QCOMPARE(hit->column, column);
    }

    // The problems of a fleet written inside the script are at the script's own
    // lines and columns (not in a re-emitted copy), and names are checked.
    void inlineFleetErrorsAtTheirLines()
    {
        const QByteArray script = "players:\n" // 1
                                  "  - name: Dave\n" // 2
                                  "    fleet:\n" // 3
                                  "      faction: jovian\n" // 4
                                  "      points: 250\n" // 5
                                  "      units:\n" // 6
                                  "        - unit: valiant\n" // 7
                                  "        - {unit: ryu, colour: red}\n" // 8
                                  "  - name: \"Eve\\e[31m\"\n" // 9
                                  "    fleet: {faction: venusian, points: 250, units: []}\n";
        const GameScript s
            = GameScriptReader::parse(script, QStringLiteral("inline.yaml"), QString(), db());
        QVERIFY(!s.ok());
        QStringList all;
        for (const DataIssue &i : s.issues)
            all << i.toString();
        QVERIFY2(all.contains(QStringLiteral(
                     "inline.yaml:8:23: error: unknown key 'colour' in units[1] (allowed: unit, "
                     "name, embarked_on, upgrades)")),
                 qPrintable(all.join(QLatin1Char('\n'))));
        QVERIFY2(all.contains(QStringLiteral("inline.yaml:9:11: error: 'name' holds a control "
                                             "character (U+001B) at character 4")),
                 qPrintable(all.join(QLatin1Char('\n'))));
    }

    // A saved game another program wrote (or a damaged one) is refused with
    // the command and the die, never an abort (issue 14: a face of 7 aborted
    // jwfleet-cli game, campaign add-battle --game and the GUI's Open).
    void savedGameWithBadValues_data()
    {
        QTest::addColumn<QString>("path"); // where to put the bad value
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QString>("error");
        QTest::newRow("die of 7") << "commands/0/dice" << QJsonValue(QJsonArray {7})
                                  << "game.jwgame: command 1 (deploy): die 1 shows 7: a die shows "
                                     "1 to 6";
        QTest::newRow("die of 0 among others")
            << "commands/0/dice" << QJsonValue(QJsonArray {3, 0})
            << "game.jwgame: command 1 (deploy): die 2 shows 0: a die shows 1 to 6";
        QTest::newRow("die not a number") << "commands/0/dice" << QJsonValue(QJsonArray {"six"})
                                          << "command 1 (deploy): die 1 shows \"six\"";
        QTest::newRow("die of 1e300") << "commands/0/dice" << QJsonValue(QJsonArray {1e300})
                                      << "command 1 (deploy): die 1 shows 1e+300";
        QTest::newRow("dice not a list")
            << "commands/0/dice" << QJsonValue(6) << "command 1 (deploy): the dice must be a list";
        QTest::newRow("start die of 9") << "start_dice" << QJsonValue(QJsonArray {9})
                                        << "game.jwgame: start_dice: die 1 shows 9";
        QTest::newRow("player 2") << "commands/0/player" << QJsonValue(2)
                                  << "command 1 (deploy): 'player' must be 0 or 1";
        QTest::newRow("start entry past the fleet")
            << "setup/starts" << QJsonValue(QJsonArray {QJsonObject {{"player", 0}, {"entry", 99}}})
            << "game.jwgame: setup: start model 0: player 0's fleet has no unit 99";
        QTest::newRow("start carrier past the models")
            << "setup/starts"
            << QJsonValue(QJsonArray {QJsonObject {
                   {"player", 0}, {"entry", 0}, {"location", "table"}, {"carrier", 2147483647}}})
            << "setup: start model 0: no carrier 2147483647";
        QTest::newRow("table unknown")
            << "setup/table" << QJsonValue("round") << "setup: 'table' must be digital or physical";
        QTest::newRow("typed dice not a boolean") << "setup/typed_dice" << QJsonValue("yes")
                                                  << "setup: 'typed_dice' must be true or false";
        QTest::newRow("typed dice on a digital table")
            << "setup/typed_dice" << QJsonValue(true) << "typed dice are for a physical table";
        QTest::newRow("turns") << "setup/turns" << QJsonValue(2147483647)
                               << "setup: 'turns' must be from 1 to 99";
        QTest::newRow("initiative")
            << "setup/initiative" << QJsonValue(5) << "setup: 'initiative' must be 0, 1 or random";
        QTest::newRow("name with escape")
            << "setup/players/1/name" << QJsonValue("Eve\x1b[2J")
            << "player 1: a name holds a control character (U+001B) at character 4";
        QTest::newRow("coordinate 1e300") << "commands/0/x" << QJsonValue(1e300)
                                          << "command 1: 'x' must be between -10000 and 10000";
        QTest::newRow("station structure")
            << "setup/terrain"
            << QJsonValue(QJsonArray {
                   QJsonObject {{"kind", "space-station"},
                                {"owner", 0},
                                {"structure", 2147483647},
                                {"shape", QJsonObject {{"x", 1}, {"y", 1}, {"diameter", 3}}}}})
            << "terrain: 'structure' must be from 1 to 20";
        QTest::newRow("terrain of a million corners")
            << "setup/terrain"
            << QJsonValue(QJsonArray {QJsonObject {
                   {"kind", "asteroid-field"},
                   {"shape", QJsonObject {{"outline", QJsonArray {QJsonArray {1, 1}}}}}}})
            << "terrain: Asteroid Field needs a shape";
        QTest::newRow("not an object")
            << "" << QJsonValue(QJsonArray {1}) << "game.jwgame: not a jwfleet game file";
    }

    void savedGameWithBadValues()
    {
        QFETCH(QString, path);
        QFETCH(QJsonValue, value);
        QFETCH(QString, error);
        // A game with typed-in dice (recorded in the file): Random Selection rolls one.
        const GameScript s = GameScriptReader::parse(QByteArray(kPlayers) + "initiative: random\n",
                                                     QStringLiteral("t.yaml"), QString(), db());
        QVERIFY(s.ok());
        ScriptedDiceSource dice({2});
        Game game(s.setup, &dice);
        const LegalCommands legal = game.legalCommands();
        QVERIFY(!legal.deployable.empty());
        QVERIFY(game.apply(DeployCommand {legal.deployable.front(),
                                          Placement(legal.deploymentZone.center(), 0)})
                    .ok());
        const QByteArray good = GameFile::serialize(game);
        QVERIFY(GameFile::parse(good, QStringLiteral("game.jwgame")).game);

        // Put `value` at `path` (keys and indexes separated by '/').
        std::function<QJsonValue(QJsonValue, QStringList)> put
            = [&](QJsonValue at, QStringList keys) {
                  if (keys.isEmpty())
                      return value;
                  const QString k = keys.takeFirst();
                  if (at.isArray()) {
                      QJsonArray a = at.toArray();
                      a[k.toInt()] = put(a[k.toInt()], keys);
                      return QJsonValue(a);
                  }
                  QJsonObject o = at.toObject();
                  o[k] = put(o[k], keys);
                  return QJsonValue(o);
              };
        const QJsonValue root = QJsonDocument::fromJson(good).object();
        const QJsonValue bad = path.isEmpty() ? value : put(root, path.split(QLatin1Char('/')));
        const QByteArray bytes = bad.isArray() ? QJsonDocument(bad.toArray()).toJson()
                                               : QJsonDocument(bad.toObject()).toJson();
        const GameFile::Loaded loaded = GameFile::parse(bytes, QStringLiteral("game.jwgame"));
        QVERIFY(!loaded.game);
        QVERIFY2(loaded.error.contains(error), qPrintable(loaded.error));
    }

    // Replays: the same setup, seed and commands give the same state; undo takes
    // back a command that rolled no dice.
    void replayAndUndo()
    {
        const Played p = play(R"(
initiative: random
seed: 99
commands:
)");
        Game &g = *p.game;
        const int first = g.state().toAct;
        const int shanYu = 3;
        const int alexander = 0;
        const Command deployFirst = first == 1
            ? Command(DeployCommand {shanYu, Placement(QPointF(24, 6), 180)})
            : Command(DeployCommand {alexander, Placement(QPointF(20, 42), 0)});
        QVERIFY(g.apply(deployFirst).ok());
        QVERIFY(g.canUndo());
        const GameState after = g.state();
        QVERIFY(g.undo());
        QCOMPARE(g.state().commands, 0);
        QVERIFY(g.apply(deployFirst).ok());
        QCOMPARE(g.state(), after);

        Game again(p.script.setup);
        QVERIFY(!again.replay(g.history()).has_value());
        QCOMPARE(again.state(), g.state());
        QCOMPARE(stateToJson(again.engine(), again.state()), stateToJson(g.engine(), g.state()));
    }
};

QTEST_GUILESS_MAIN(TestEngineTurns)
#include "tst_engineturns.moc"
