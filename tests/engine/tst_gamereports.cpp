// SPDX-License-Identifier: GPL-3.0-or-later
// After the game (issue 17): the game log exported (text, Markdown, JSON) and the luck
// report, on scripted games whose dice are forced and on random whole games.
#include "dice/dicesource.h"
#include "engine/game.h"
#include "engine/gamelogexport.h"
#include "engine/gamescript.h"
#include "engine/luckreport.h"
#include "engine/randomplayer.h"
#include "samplefleets.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>
#include <QTranslator>

#include <memory>

using namespace jw;
using namespace jw::test;

namespace {

// A game played as `jwfleet-cli play` plays a script (auto answers included).
struct Played
{
    std::unique_ptr<ScriptedDiceSource> dice;
    std::unique_ptr<Game> game;
};

Played play(const GameScript &script)
{
    if (!script.ok())
        qFatal("script not ok: %s",
               script.issues.empty() ? "" : qPrintable(script.issues.front().toString()));
    Played p;
    if (script.dice)
        p.dice = std::make_unique<ScriptedDiceSource>(*script.dice);
    p.game = std::make_unique<Game>(script.setup, p.dice.get());
    for (const ScriptCommand &c : script.commands) {
        if (!p.game->apply(c.command).ok())
            qFatal("a command of the script was refused");
        while (script.autoAnswer && p.game->state().pending)
            if (!p.game->apply(AnswerCommand {}).ok())
                qFatal("an answer of the script was refused");
    }
    return p;
}

Played playFile(const char *name)
{
    return play(GameScriptReader::read(qEnvironmentVariable("JW_SOURCE_DIR")
                                           + QStringLiteral("/tests/engine/scripts/")
                                           + QString::fromUtf8(name),
                                       db()));
}

// The rulebook's Armor example (tests/engine/scripts/armor-example.yaml): Eve's Wyvern
// attacks Dave's Alexander with its Mass Driver, 2B, with these dice; `table` adds a
// `table:` line (a tracked physical game is an ordinary game with `table: physical`).
Played armorExample(const QByteArray &dice, const QByteArray &table = {})
{
    const QByteArray yaml = "rules: v1.2.2\ninitiative: 1\ndice: " + dice + "\nauto: true\n"
        + (table.isEmpty() ? QByteArray() : "table: " + table + "\n") + R"(players:
  - name: Dave
    fleet: {faction: jovian, points: 250, units: [{unit: alexander}]}
  - name: Eve
    fleet: {faction: cega, points: 250, units: [{unit: wyvern}]}
start:
  phase: activation
  models:
    - {model: Alexander, x: 24, y: 30, facing: 0}
    - {model: Wyvern, x: 24, y: 20}
commands:
  - activate: Wyvern
  - attack: {weapon: 0, target: Alexander}
)";
    return play(GameScriptReader::parse(yaml, QStringLiteral("armor.yaml"), QString(), db()));
}

// Marks every engine sentence it translates.
class MarkingTranslator final : public QTranslator
{
public:
    QString translate(const char *context, const char *source, const char *, int) const override
    {
        if (QByteArray(context) != "jw::Engine")
            return {};
        return QStringLiteral("<DE>") + QString::fromUtf8(source);
    }
    [[nodiscard]] bool isEmpty() const override { return false; }
};

int eventCount(const Game &game)
{
    int n = 0;
    for (const auto &events : game.log())
        n += int(events.size());
    return n;
}

QJsonObject parsed(const QString &json)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json.toUtf8(), &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        qFatal("not a JSON object: %s", qPrintable(error.errorString()));
    return doc.object();
}

} // namespace

class TestGameReports : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void formatIds()
    {
        for (LogFormat f : {LogFormat::Text, LogFormat::Markdown, LogFormat::Json})
            QCOMPARE(logFormatFromId(logFormatId(f)), std::optional(f));
        QCOMPARE(logFormatId(LogFormat::Markdown), QStringLiteral("markdown"));
        QVERIFY(!logFormatFromId(QStringLiteral("html")));
    }

    // Text: one line per command and event, each saying where it happened; the score last.
    void textExport()
    {
        const Played p = playFile("scenario-introductory.yaml");
        const Game &game = *p.game;
        QCOMPARE(game.state().phase, Phase::Over);
        const QString text = exportGameLog(game, {LogFormat::Text});
        const QStringList lines = text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        // The header, a line per command, per event and per roll at the start, the score.
        QCOMPARE(int(lines.size()), 1 + int(game.history().size()) + eventCount(game) + 1);
        QVERIFY(lines.contains(QStringLiteral(
            "turn 1 | activation | Alexander | #6 | > Dave: {\"command\":\"resolve-action\"} | "
            "dice 4 4")));
        QVERIFY(lines.contains(
            QStringLiteral("turn 1 | activation | Alexander | #6 | Alexander makes a Skill Test "
                           "for Withdraw: 4 4: [D4].")));
        // The deployment of the last squadron starts the Activation Phase: the event is in it.
        QVERIFY(lines.contains(
            QStringLiteral("turn 1 | activation | - | #3 | Activation Phase of turn 1.")));
        QVERIFY(lines.contains(
            QStringLiteral("turn 1 | deployment | - | #1 | Dave deploys Alexander at (10, 42) "
                           "facing 0°.")));
        QCOMPARE(lines.first(),
                 QStringLiteral("game | Dave (jovian, 250 points) against Eve (venusian, 250 "
                                "points); Introductory Scenario, rules v1.2.2, digital table; "
                                "11 commands"));
        QCOMPARE(lines.last(),
                 QStringLiteral("score | Victory Points 70-111 | Objective Points "
                                "0-10 | Eve wins."));
    }

    void markdownExport()
    {
        const Played p = playFile("scenario-introductory.yaml");
        const QString md = exportGameLog(*p.game, {LogFormat::Markdown});
        QVERIFY(md.startsWith(QStringLiteral("# Battle report: Introductory Scenario\n")));
        // The result first, as a forum reader wants it.
        QVERIFY(md.contains(QStringLiteral("| Victory Points | 70 | 111 |\n")));
        QVERIFY(md.contains(QStringLiteral("| Objective Points | 0 | 10 |\n")));
        QVERIFY(md.contains(QStringLiteral("**Eve wins.**")));
        QVERIFY(md.indexOf(QStringLiteral("## Result")) < md.indexOf(QStringLiteral("## Turn 1")));
        // Phases in order, activations under them, commands with their events.
        const qsizetype deployment = md.indexOf(QStringLiteral("\n### Deployment Phase\n"));
        const qsizetype activation = md.indexOf(QStringLiteral("\n### Activation Phase\n"));
        const qsizetype end = md.indexOf(QStringLiteral("\n### End Phase\n"));
        QVERIFY(deployment > 0 && deployment < activation && activation < end);
        const qsizetype alexander = md.indexOf(QStringLiteral("\n#### Alexander (Dave)\n"));
        const qsizetype shanYu = md.indexOf(QStringLiteral("\n#### Shan-Yu (Eve)\n"));
        QVERIFY(activation < alexander && alexander < shanYu && shanYu < end);
        QVERIFY(md.contains(QStringLiteral("- **Dave**: `{\"command\":\"resolve-action\"}` (dice "
                                           "4 4)\n  - Alexander makes a Skill Test for "
                                           "Withdraw: 4 4: [D4].\n")));
        QVERIFY(md.contains(QStringLiteral("\n## Luck\n\n- Dave made no attack rolls.\n  - Other "
                                           "rolls (defence, Skill Tests, ...): 1 roll, 1 success "
                                           "(0.17 expected).\n- Eve made no attack rolls.\n")));
        // No luck section when asked so.
        QVERIFY(!exportGameLog(*p.game, {LogFormat::Markdown, false, false})
                     .contains(QStringLiteral("## Luck")));
    }

    // An activation whose first command asks a decision (Water Raid: forfeit water for Fuel
    // Pods?) before the "activated" event: the command is under its activation.
    void markdownActivationAskingFirst()
    {
        const Played p = playFile("scenario-water-raid-mined.yaml");
        const QString md = exportGameLog(*p.game, {LogFormat::Markdown});
        QVERIFY2(md.contains(QStringLiteral(
                     "#### Pathfinder (Dave)\n\n- **Dave**: "
                     "`{\"action\":\"initiate-assault\",\"command\":\"activate\",\"model\":2}`\n"
                     "  - Does Pathfinder forfeit a unit of water to gain the Fuel Pods trait "
                     "(once per game)?\n- **Dave**: `{\"command\":\"answer\",\"option\":0}`\n"
                     "  - Dave activates Pathfinder and declares Initiate Assault.\n")),
                 qPrintable(md));
        QVERIFY(!md.contains(QStringLiteral("Between activations")));
    }

    // Markdown: what would turn a name into formatting is escaped.
    void markdownEscapes()
    {
        const Played p = armorExample("[2, 2]");
        GameSetup setup = p.game->setup();
        setup.players[1].name = QStringLiteral("*Eve*_");
        ScriptedDiceSource none;
        const Game game(setup, &none);
        const QString md = exportGameLog(game, {LogFormat::Markdown});
        QVERIFY2(md.contains(QStringLiteral("| \\*Eve\\*\\_ |")), qPrintable(md));
    }

    // `translated`: the sentences in the application's language; the default is English.
    void translatedSentences()
    {
        const Played p = armorExample("[2, 2]");
        MarkingTranslator tr;
        QCoreApplication::installTranslator(&tr);
        const QString english = exportGameLog(*p.game, {LogFormat::Text});
        const QString text = exportGameLog(*p.game, {LogFormat::Text, true});
        const QJsonObject json = gameLogToJson(*p.game, true);
        QCoreApplication::removeTranslator(&tr);
        QVERIFY(english.contains(QStringLiteral("| Wyvern rolls 2B: 2 2: [D2].\n")));
        QVERIFY2(text.contains(QStringLiteral("| <DE>Wyvern rolls 2B: 2 2: [D2].\n")),
                 qPrintable(text));
        const QJsonObject first = json.value(QStringLiteral("turns"))
                                      .toArray()[0]
                                      .toObject()
                                      .value(QStringLiteral("phases"))
                                      .toArray()[0]
                                      .toObject()
                                      .value(QStringLiteral("activations"))
                                      .toArray()[0]
                                      .toObject()
                                      .value(QStringLiteral("steps"))
                                      .toArray()[0]
                                      .toObject()
                                      .value(QStringLiteral("events"))
                                      .toArray()[0]
                                      .toObject();
        QCOMPARE(first.value(QStringLiteral("text")).toString(),
                 QStringLiteral("<DE>Game Turn 1 begins."));
    }

    // JSON: the documented shape (docs/physical-table.md), every event once.
    void jsonExport()
    {
        const Played p = playFile("scenario-introductory.yaml");
        const Game &game = *p.game;
        const QJsonObject o = parsed(exportGameLog(game, {LogFormat::Json}));
        QCOMPARE(o.value(QStringLiteral("format")).toString(), QStringLiteral("jwfleet-game-log"));
        QCOMPARE(o.value(QStringLiteral("version")).toInt(), 1);
        QCOMPARE(o.value(QStringLiteral("commands")).toInt(), int(game.history().size()));
        const QJsonObject setup = o.value(QStringLiteral("setup")).toObject();
        QCOMPARE(setup.value(QStringLiteral("table")).toString(), QStringLiteral("digital"));
        QCOMPARE(setup.value(QStringLiteral("players"))
                     .toArray()
                     .at(1)
                     .toObject()
                     .value(QStringLiteral("name")),
                 QJsonValue(QStringLiteral("Eve")));
        const QJsonObject score = o.value(QStringLiteral("score")).toObject();
        QCOMPARE(score.value(QStringLiteral("victory_points")).toArray(), (QJsonArray {70, 111}));
        QCOMPARE(score.value(QStringLiteral("objective_points")).toArray(), (QJsonArray {0, 10}));
        QCOMPARE(score.value(QStringLiteral("winner")).toInt(-2), 1);
        QCOMPARE(score.value(QStringLiteral("over")).toBool(), true);
        QVERIFY(o.value(QStringLiteral("luck")).toObject().contains(QStringLiteral("players")));

        const QJsonArray turns = o.value(QStringLiteral("turns")).toArray();
        QCOMPARE(turns.size(), 1);
        const QJsonArray phases = turns[0].toObject().value(QStringLiteral("phases")).toArray();
        QStringList phaseIds;
        for (const QJsonValue &ph : phases)
            phaseIds << ph.toObject().value(QStringLiteral("phase")).toString();
        QCOMPARE(phaseIds,
                 (QStringList {QStringLiteral("deployment"), QStringLiteral("activation"),
                               QStringLiteral("end"), QStringLiteral("over")}));
        // Every event exactly once; every command once as the input of a step.
        int events = 0;
        QList<int> inputs;
        QStringList activated;
        for (const QJsonValue &ph : phases)
            for (const QJsonValue &a :
                 ph.toObject().value(QStringLiteral("activations")).toArray()) {
                const QJsonObject act = a.toObject();
                if (!act.value(QStringLiteral("name")).isNull())
                    activated << act.value(QStringLiteral("name")).toString();
                for (const QJsonValue &s : act.value(QStringLiteral("steps")).toArray()) {
                    const QJsonObject step = s.toObject();
                    events += int(step.value(QStringLiteral("events")).toArray().size());
                    if (!step.value(QStringLiteral("input")).isNull())
                        inputs << step.value(QStringLiteral("command")).toInt();
                }
            }
        QCOMPARE(events, eventCount(game));
        QCOMPARE(int(inputs.size()), int(game.history().size()));
        for (int i = 0; i < int(inputs.size()); ++i)
            QCOMPARE(inputs[i], i + 1);
        QCOMPARE(activated,
                 (QStringList {QStringLiteral("Alexander"), QStringLiteral("Shan-Yu"),
                               QStringLiteral("Pathfinder")}));
        // The Activation Phase opens outside any activation (the deployment that ended the
        // Deployment Phase, continued); then the Alexander's. A step: the command's JSON form, who
        // gave it, the dice it rolled, its events.
        const QJsonObject withdraw = phases[1]
                                         .toObject()
                                         .value(QStringLiteral("activations"))
                                         .toArray()[1]
                                         .toObject()
                                         .value(QStringLiteral("steps"))
                                         .toArray()[2]
                                         .toObject();
        QCOMPARE(withdraw.value(QStringLiteral("command")).toInt(), 6);
        QCOMPARE(withdraw.value(QStringLiteral("input"))
                     .toObject()
                     .value(QStringLiteral("command"))
                     .toString(),
                 QStringLiteral("resolve-action"));
        QCOMPARE(withdraw.value(QStringLiteral("player")).toInt(-1), 0);
        QCOMPARE(withdraw.value(QStringLiteral("dice")).toArray(), (QJsonArray {4, 4}));
        QCOMPARE(withdraw.value(QStringLiteral("events"))
                     .toArray()[0]
                     .toObject()
                     .value(QStringLiteral("text"))
                     .toString(),
                 QStringLiteral("Alexander makes a Skill Test for Withdraw: 4 4: [D4]."));
    }

    // 2B: a success only on a pair, P = 6/36 = 1/6, and two dice make one success at most;
    // against a Capital Ship a Mass Driver's [D] marks one Rating box: 1/6 expected damage.
    void luckAboveExpectation()
    {
        const Played p = armorExample("[2, 2]");
        const LuckReport r = luckReport(*p.game);
        QCOMPARE(r.players[1], QStringLiteral("Eve"));
        QCOMPARE(int(r.rolls.size()), 1);
        const LuckRoll &roll = r.rolls.front();
        QVERIFY(roll.attack);
        QCOMPARE(roll.player, 1);
        QCOMPARE(roll.attackerName, QStringLiteral("Wyvern"));
        QCOMPARE(roll.targetName, QStringLiteral("Alexander"));
        QCOMPARE(roll.weapon, QStringLiteral("Mass Driver"));
        QCOMPARE(roll.pool.toString(), QStringLiteral("2B"));
        QCOMPARE(roll.result.toString(), QStringLiteral("[D2]"));
        QCOMPARE(roll.command, 3); // the answer that resolved the attack
        QCOMPARE(roll.expectedSuccesses, 1.0 / 6);
        QCOMPARE(roll.successes, 1);
        QVERIFY(roll.hasDamage);
        QCOMPARE(roll.expectedDamage, 1.0 / 6);
        QCOMPARE(roll.damage, 1);
        const LuckTotals &eve = r.totals[1];
        QCOMPARE(eve.attacks, 1);
        QCOMPARE(eve.successes, 1);
        QCOMPARE(eve.damage, 1);
        // (1 - 1/6) / (1/6) = 5.
        QVERIFY(qFuzzyCompare(*r.deviation(1), 5.0));
        QCOMPARE(r.verdict(1),
                 QStringLiteral("Eve rolled 500% above expectation: 1 success in "
                                "1 attack roll (0.17 expected); damage 1 (0.17 "
                                "expected)."));
        QVERIFY(!r.deviation(0));
        QCOMPARE(r.verdict(0), QStringLiteral("Dave made no attack rolls."));
    }

    void luckBelowExpectation()
    {
        const Played p = armorExample("[1, 2]");
        const LuckReport r = luckReport(*p.game);
        QCOMPARE(int(r.rolls.size()), 1);
        QCOMPARE(r.rolls.front().result.toString(), QStringLiteral("[N]"));
        QCOMPARE(r.totals[1].successes, 0);
        QCOMPARE(r.totals[1].expectedSuccesses, 1.0 / 6);
        QCOMPARE(r.totals[1].damage, 0);
        QCOMPARE(*r.deviation(1), -1.0);
        QVERIFY(r.verdict(1).startsWith(QStringLiteral("Eve rolled 100% below expectation: 0 "
                                                       "successes in 1 attack roll")));
    }

    // Weapons › Kinetic Cannon (tests/engine/scripts/kinetic-cannon-godfire.yaml): 3B-1M at
    // the Uller rolls 1 2 3, macro 5: [N]; then 3B at the Syreen (a Squadron, Structure 4)
    // rolls 4 4 4: [T4], 2 Structure.
    void luckByHand()
    {
        const Played p = playFile("kinetic-cannon-godfire.yaml");
        const LuckReport r = luckReport(*p.game);
        QCOMPARE(int(r.rolls.size()), 2);
        // 3B: a pair 6*5*3/216 = 90/216, a triple 6/216. The macro die (-1M) matches the
        // pair's value 1 time in 6 (the [D] is lost) and the triple's (the [T] becomes a [D]):
        // [D] 90/216 * 5/6 + 6/216 * 1/6 = 76/216, [T] 5/216.
        const LuckRoll &uller = r.rolls[0];
        QCOMPARE(uller.targetName, QStringLiteral("Uller"));
        QCOMPARE(uller.pool.toString(), QStringLiteral("3B-1M"));
        QVERIFY(qFuzzyCompare(uller.expectedSuccesses, 81.0 / 216));
        // A Capital Ship: [D] 1 Rating box, [T] 1 Structure.
        QVERIFY(qFuzzyCompare(uller.expectedDamage, 81.0 / 216));
        QCOMPARE(uller.successes, 0);
        QCOMPARE(uller.damage, 0);
        // A Squadron of Structure 4: [D] 1, [T] 2.
        const LuckRoll &syreen = r.rolls[1];
        QCOMPARE(syreen.targetName, QStringLiteral("Syreen"));
        QCOMPARE(syreen.pool.toString(), QStringLiteral("3B"));
        QVERIFY(qFuzzyCompare(syreen.expectedSuccesses, 96.0 / 216));
        QVERIFY(qFuzzyCompare(syreen.expectedDamage, (90.0 + 2 * 6) / 216));
        QCOMPARE(syreen.result.toString(), QStringLiteral("[T4]"));
        QCOMPARE(syreen.damage, 2);
        const LuckTotals &dave = r.totals[0];
        QCOMPARE(dave.attacks, 2);
        QVERIFY(qFuzzyCompare(dave.expectedSuccesses, 177.0 / 216));
        QVERIFY(qFuzzyCompare(dave.expectedDamage, 183.0 / 216));
        // (1 - 177/216) / (177/216) = 39/177: 22% above.
        QVERIFY(qFuzzyCompare(*r.deviation(0), 39.0 / 177));
        QVERIFY(r.verdict(0).startsWith(QStringLiteral("Dave rolled 22% above expectation")));
        QCOMPARE(r.totals[1].attacks, 0);
    }

    // The damage is capped at the Structure the target had left: the same game with the
    // Syreen at 1 Structure. 3B: [D] 90/216 and [T] 6/216 each destroy it (1 box).
    void luckCapsAtStructureLeft()
    {
        const QByteArray yaml = R"(rules: v1.2.2
initiative: 0
dice: [1, 2, 3, 5, 4, 4, 4]
auto: true
players:
  - name: Dave
    fleet: {faction: jovian, points: 250, units: [{unit: godfire}]}
  - name: Eve
    fleet: {faction: cega, points: 250, units: [{unit: uller}, {unit: syreen}]}
start:
  phase: activation
  models:
    - {model: Godfire, x: 24, y: 40}
    - {model: Uller, x: 24, y: 30, facing: 180}
    - {model: Syreen, x: 24, y: 35.5, lost: {structure: 3}}
commands:
  - activate: Godfire
  - attack: {weapon: 0, target: Uller}
)";
        const Played p
            = play(GameScriptReader::parse(yaml, QStringLiteral("capped.yaml"), QString(), db()));
        const LuckReport r = luckReport(*p.game);
        QCOMPARE(int(r.rolls.size()), 2);
        const LuckRoll &syreen = r.rolls[1];
        QCOMPARE(syreen.targetName, QStringLiteral("Syreen"));
        QCOMPARE(syreen.result.toString(), QStringLiteral("[T4]"));
        QCOMPARE(syreen.damage, 1);
        QVERIFY(qFuzzyCompare(syreen.expectedDamage, 96.0 / 216));
    }

    // Link: both Beam Projectors roll in one command; the second is capped at what the
    // first left (the state before the command had 3). With 1 Structure left any success
    // destroys the Syreen: the expected damage is the chance of a success.
    void luckLinkWithinOneCommand()
    {
        const QByteArray yaml = R"(rules: v1.2.2
initiative: 0
dice: [4, 4, 4, 1, 6, 5, 5, 5, 2, 6]
auto: true
players:
  - name: Dave
    fleet: {faction: jovian, points: 250, units: [{unit: alexander}]}
  - name: Eve
    fleet: {faction: cega, points: 250, units: [{unit: syreen}]}
start:
  phase: activation
  models:
    - {model: Alexander, x: 24, y: 24}
    - {model: Syreen, x: 24, y: 19, lost: {structure: 1}}
commands:
  - activate: Alexander
  - attack: {weapon: 0, target: Syreen}
)";
        const Played p
            = play(GameScriptReader::parse(yaml, QStringLiteral("link.yaml"), QString(), db()));
        const LuckReport r = luckReport(*p.game);
        QCOMPARE(int(r.rolls.size()), 2);
        QCOMPARE(r.rolls[0].command, r.rolls[1].command);
        QCOMPARE(r.rolls[0].result.toString(), QStringLiteral("[T4]"));
        QCOMPARE(r.rolls[0].damage, 2);
        QCOMPARE(r.rolls[1].result.toString(), QStringLiteral("[T5]"));
        QCOMPARE(r.rolls[1].damage, 1);
        QVERIFY(qFuzzyCompare(r.rolls[1].expectedDamage, r.rolls[1].pAtLeastOne));
        QVERIFY(r.rolls[0].expectedDamage > r.rolls[1].expectedDamage);
    }

    // An explosion's attack (v1.2.3: a Particle Cannon attack) is rolled by the damaged
    // model's opponent: Eve's roll, the exploding Uller's attack on the Tengu.
    void luckExplosion()
    {
        const Played p = playFile("explosion-particle-cloud-v123.yaml");
        const LuckReport r = luckReport(*p.game);
        QCOMPARE(int(r.rolls.size()), 2);
        const LuckRoll &blast = r.rolls[1];
        QVERIFY(blast.attack);
        QCOMPARE(blast.purpose, QStringLiteral("explosion"));
        QCOMPARE(blast.player, 1);
        QCOMPARE(blast.attackerName, QStringLiteral("Uller"));
        QCOMPARE(blast.weapon, QStringLiteral("its explosion"));
        QCOMPARE(blast.targetName, QStringLiteral("Tengu"));
        QCOMPARE(blast.result.toString(), QStringLiteral("[D5]"));
        QCOMPARE(blast.damage, 1); // a Rating box
        QCOMPARE(r.totals[1].attacks, 2);
    }

    // A roll of a pool that is no attack (a Skill Test) counts among the other rolls.
    void luckOtherRolls()
    {
        const Played p = playFile("scenario-introductory.yaml");
        const LuckReport r = luckReport(*p.game);
        QCOMPARE(int(r.rolls.size()), 1);
        QVERIFY(!r.rolls.front().attack);
        QCOMPARE(r.totals[0].attacks, 0);
        QCOMPARE(r.totals[0].otherRolls, 1);
        QCOMPARE(r.totals[0].otherSuccesses, 1);
        // Skill 2 (the Alexander's, 2B by the Base Pool of 1 rule at worst): a pair, 1/6.
        QCOMPARE(r.rolls.front().pool.effective().rolledDice(), 2);
        QCOMPARE(r.totals[0].otherExpectedSuccesses, 1.0 / 6);
    }

    // A tracked physical game is an ordinary game: its typed dice are measured alike.
    void physicalTable()
    {
        // On a physical table the players answer the range (Long: 2B, as in the example) and
        // the Alexander's arc the Wyvern is in (Fore); then the Critical Hit, by default.
        const Played p
            = play(GameScriptReader::parse(R"(rules: v1.2.2
initiative: 1
dice: [3, 3]
table: physical
players:
  - name: Dave
    fleet: {faction: jovian, points: 250, units: [{unit: alexander}]}
  - name: Eve
    fleet: {faction: cega, points: 250, units: [{unit: wyvern}]}
start:
  phase: activation
  models:
    - {model: Alexander}
    - {model: Wyvern}
commands:
  - activate: Wyvern
  - attack: {weapon: 0, target: Alexander}
  - answer: 1
  - answer: 0
  - answer: default
)",
                                           QStringLiteral("armor.yaml"), QString(), db()));
        QCOMPARE(p.game->setup().table, TableKind::Physical);
        const LuckReport r = luckReport(*p.game);
        QCOMPARE(int(r.rolls.size()), 1);
        QCOMPARE(r.rolls.front().result.toString(), QStringLiteral("[D3]"));
        QCOMPARE(r.totals[1].expectedSuccesses, 1.0 / 6);
        const QString text = exportGameLog(*p.game, {LogFormat::Text});
        QVERIFY(text.contains(QStringLiteral("physical table")));
        QVERIFY(text.contains(QStringLiteral("| Wyvern rolls 2B: 3 3: [D3].\n")));
        const QJsonObject o = parsed(exportGameLog(*p.game, {LogFormat::Json}));
        QCOMPARE(o.value(QStringLiteral("setup")).toObject().value(QStringLiteral("table")),
                 QJsonValue(QStringLiteral("physical")));
    }

    // Whole random games: every export holds every event, the JSON parses, and the luck
    // report's totals are the sums of its rolls.
    void randomGames()
    {
        for (int seed = 1; seed <= 2; ++seed) {
            GameSetup setup;
            setup.seed = std::uint64_t(seed);
            setup.turns = 2;
            setup.players[0] = PlayerSetup {QStringLiteral("A"), sample("io-patrol.jwfleet")};
            setup.players[1] = PlayerSetup {QStringLiteral("B"), sample("venus-strike.jwfleet")};
            QVERIFY(!GameSetup::fillUnits(setup, db()));
            Game game(setup);
            RandomPlayer player(std::uint64_t(seed) * 7);
            for (int step = 0; step < 600 && game.state().phase != Phase::Over; ++step) {
                const auto c = player.choose(game.engine(), game.state());
                if (!c)
                    break;
                QVERIFY(game.apply(*c).ok());
            }
            QCOMPARE(game.state().phase, Phase::Over);
            const QString text = exportGameLog(game, {LogFormat::Text});
            QCOMPARE(int(text.count(QLatin1Char('\n'))),
                     2 + int(game.history().size()) + eventCount(game)
                         + (game.startDice().empty() ? 0 : 1));
            const QJsonObject o = parsed(exportGameLog(game, {LogFormat::Json}));
            QCOMPARE(o.value(QStringLiteral("turns")).toArray().size(), 2);
            const QString md = exportGameLog(game, {LogFormat::Markdown});
            QVERIFY(md.contains(QStringLiteral("\n## Turn 2\n")));
            // A command continued is in another group than its start: under a heading.
            QString previous;
            int continued = 0;
            for (const QString &line : md.split(QLatin1Char('\n'))) {
                if (line.startsWith(QStringLiteral("- *Command"))) {
                    ++continued;
                    QVERIFY2(previous.startsWith(QLatin1Char('#')), qPrintable(line));
                }
                if (!line.trimmed().isEmpty())
                    previous = line;
            }
            QVERIFY(continued > 0);

            const LuckReport r = luckReport(game);
            std::array<LuckTotals, 2> sums {};
            int attacks = 0;
            for (const LuckRoll &roll : r.rolls) {
                QVERIFY(roll.player == 0 || roll.player == 1);
                QVERIFY(roll.expectedSuccesses > 0);
                QVERIFY(roll.damage >= 0 && roll.expectedDamage >= 0);
                LuckTotals &t = sums[std::size_t(roll.player)];
                if (roll.attack) {
                    ++attacks;
                    ++t.attacks;
                    t.successes += roll.successes;
                    t.expectedSuccesses += roll.expectedSuccesses;
                } else {
                    ++t.otherRolls;
                }
            }
            for (int pl = 0; pl < 2; ++pl) {
                QCOMPARE(r.totals[std::size_t(pl)].attacks, sums[std::size_t(pl)].attacks);
                QCOMPARE(r.totals[std::size_t(pl)].successes, sums[std::size_t(pl)].successes);
                QVERIFY(qFuzzyCompare(1 + r.totals[std::size_t(pl)].expectedSuccesses,
                                      1 + sums[std::size_t(pl)].expectedSuccesses));
                QCOMPARE(r.totals[std::size_t(pl)].otherRolls, sums[std::size_t(pl)].otherRolls);
            }
            // Every attack roll of the log is in the report, once.
            int rolled = 0;
            for (const auto &events : game.log())
                for (const GameEvent &e : events) {
                    const QString purpose = e.data.value(QStringLiteral("purpose")).toString();
                    if (e.kind == QLatin1String("roll")
                        && (QStringList {QStringLiteral("attack"), QStringLiteral("attack-reroll"),
                                         QStringLiteral("terrain"), QStringLiteral("explosion")})
                               .contains(purpose))
                        ++rolled;
                }
            QVERIFY(rolled > 0);
            QCOMPARE(attacks, rolled);
        }
    }
};

QTEST_GUILESS_MAIN(TestGameReports)
#include "tst_gamereports.moc"
