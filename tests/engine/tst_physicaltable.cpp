// SPDX-License-Identifier: GPL-3.0-or-later
// The physical table (issue 17, docs/physical-table.md): typed dice (every roll waits for
// the faces rolled on the table, announced with its pool), "the table is the truth"
// (corrections by hand), and undo/redo of any command.
#include "dice/dicepool.h"
#include "dice/dicesource.h"
#include "dice/roll.h"
#include "engine/command.h"
#include "engine/game.h"
#include "engine/gamefile.h"
#include "engine/gamejson.h"
#include "engine/gamescript.h"
#include "samplefleets.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

#include <deque>

using namespace jw;

namespace {

// The Armor example (tests/engine/scripts/armor-example.yaml): the Wyvern's Mass Driver
// rolls 2B against the Alexander. %1: the table's keys.
const char *const kDuel = R"(
initiative: 1
%1
players:
  - name: Dave
    fleet: {faction: jovian, points: 250, units: [{unit: alexander}]}
  - name: Eve
    fleet: {faction: cega, points: 250, units: [{unit: wyvern}]}
start:
  phase: activation
  models:
    - {model: Alexander, x: 24, y: 30, facing: 0}
    - {model: Wyvern, x: 24, y: 20}
%2
)";

constexpr int kAlexander = 0;
constexpr int kWyvern = 1;

GameScript duelScript(const QString &table, const QString &commands = {})
{
    const QString yaml = QString::fromUtf8(kDuel).arg(table, commands);
    GameScript s = GameScriptReader::parse(yaml.toUtf8(), QStringLiteral("duel.yaml"), QString(),
                                           test::db());
    for (const DataIssue &i : s.issues)
        qWarning("%s", qPrintable(i.toString()));
    return s;
}

GameSetup duel(const QString &table)
{
    const GameScript s = duelScript(table);
    if (!s.ok())
        qFatal("the duel does not parse");
    return s.setup;
}

// The duel's fleets from the first Deployment Phase (Eve has Initiative).
GameSetup deploymentSetup(const QString &table)
{
    const QString yaml = QStringLiteral(R"(initiative: 1
%1
players:
  - name: Dave
    fleet: {faction: jovian, points: 250, units: [{unit: alexander}]}
  - name: Eve
    fleet: {faction: cega, points: 250, units: [{unit: wyvern}]}
)")
                             .arg(table);
    const GameScript s = GameScriptReader::parse(yaml.toUtf8(), QStringLiteral("deploy.yaml"),
                                                 QString(), test::db());
    if (!s.ok())
        qFatal("the deployment set-up does not parse");
    return s.setup;
}

const QString kTyped = QStringLiteral("table: physical\ntyped_dice: true");
const QString kPhysical = QStringLiteral("table: physical");
const QString kDigital = QStringLiteral("table: digital");

// The answer to a question that is not a roll: what the duel's table shows (the Wyvern 10"
// from the Alexander: Long range, as the digital table measures it), else the default (in
// the arc, the Fore arc, nothing near; the best flex dice, the first Critical Hit).
AnswerCommand tableAnswer(const DecisionRequest &q)
{
    if (q.kind == QLatin1String("table-range"))
        return AnswerCommand {1};
    return AnswerCommand {};
}

// Answers the questions before the next roll (none when a roll waits).
bool untilRoll(Game &game)
{
    while (game.state().pending && game.state().pending->request.kind != QLatin1String("roll"))
        if (!game.apply(tableAnswer(game.state().pending->request)).ok())
            return false;
    return true;
}

// Answers what the command left waiting: a roll with the next faces of `faces`, any other
// decision as tableAnswer() does.
bool settle(Game &game, std::deque<int> &faces)
{
    while (game.state().pending) {
        const DecisionRequest &q = game.state().pending->request;
        ApplyResult r;
        if (q.kind == QLatin1String("roll")) {
            const int count = q.data.value(QStringLiteral("count")).toInt();
            if (int(faces.size()) < count)
                return false;
            RollCommand roll;
            for (int i = 0; i < count; ++i) {
                roll.faces.push_back(faces.front());
                faces.pop_front();
            }
            r = game.apply(roll);
        } else {
            r = game.apply(tableAnswer(q));
        }
        if (!r.ok())
            return false;
    }
    return true;
}

// The models' cards and states, without where they stand (a physical table keeps no
// positions: the engine sets its models apart).
std::vector<ModelState> cards(std::vector<ModelState> models)
{
    for (ModelState &m : models)
        m.placement = Placement();
    return models;
}

QStringList texts(const Game &game)
{
    QStringList out;
    for (const auto &events : game.log())
        for (const GameEvent &e : events)
            out << e.text();
    return out;
}

// Records the hook's calls (the pool announced before its dice).
class AnnouncedDice final : public DiceSource
{
public:
    int rollD6() override { return 4; }
    void expectPool(const DicePool &pool) override { pools.push_back(pool); }
    void expectDice(int count) override { counts.push_back(count); }
    std::vector<DicePool> pools;
    std::vector<int> counts;
};

} // namespace

class TestPhysicalTable : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void poolsAreAnnounced()
    {
        AnnouncedDice dice;
        const RolledDice faces = rollFaces(DicePool {3, 1, 2}, dice);
        QCOMPARE(faces.dice.size(), 4u);
        QCOMPARE(faces.macroDice.size(), 2u);
        QCOMPARE(dice.pools.size(), 1u);
        QCOMPARE(dice.pools.front(), (DicePool {3, 1, 2}));
        QCOMPARE(dice.counts, (std::vector<int> {4, 2}));
        // Base Pool of 1: the pool rolled (2B) is the one announced.
        AnnouncedDice small;
        (void)rollFaces(DicePool {1, 2, -1}, small);
        QCOMPARE(small.pools.front(), (DicePool {2, 0, 0}));
        AnnouncedDice plain;
        (void)plain.roll(3);
        QVERIFY(plain.pools.empty());
        QCOMPARE(plain.counts, (std::vector<int> {3}));
    }

    void typedDiceThroughAnAttack()
    {
        Game game(duel(kTyped));
        QVERIFY(!game.startRejection());
        QVERIFY(game.apply(ActivateCommand {kWyvern, {}}).ok());
        const ApplyResult asked = game.apply(AttackCommand {0, kAlexander});
        QVERIFY(asked.ok());
        // The table's questions first (the range, the arc): answered as the table shows.
        QVERIFY(untilRoll(game));
        QVERIFY(game.state().pending);
        const DecisionRequest &q = game.state().pending->request;
        QCOMPARE(q.kind, QStringLiteral("roll"));
        QCOMPARE(q.player, 1);
        QCOMPARE(q.question(),
                 QStringLiteral("Roll 2 dice (2B) for Wyvern's Mass Driver attack on Alexander"));
        QCOMPARE(q.data.value(QStringLiteral("count")).toInt(), 2);
        QCOMPARE(q.data.value(QStringLiteral("base")).toInt(), 2);
        QCOMPARE(q.data.value(QStringLiteral("flex")).toInt(), 0);
        QCOMPARE(q.data.value(QStringLiteral("macro")).toInt(), 0);
        QCOMPARE(q.data.value(QStringLiteral("pool")).toString(), QStringLiteral("2B"));
        QCOMPARE(q.data.value(QStringLiteral("command")).toString(), QStringLiteral("attack"));
        // Nothing is rolled, nothing damaged yet.
        QCOMPARE(game.state().models[kAlexander].defenseLost, 0);
        QVERIFY(game.history().back().dice.empty());
        QCOMPARE(game.legalCommands().decision->kind, QStringLiteral("roll"));

        std::deque<int> faces {2, 2};
        QVERIFY(settle(game, faces));
        QVERIFY(faces.empty());
        // No die came from the seed: the faces are in the command.
        for (const GameRecordEntry &e : game.history())
            QVERIFY(e.dice.empty());
        QVERIFY(texts(game).contains(QStringLiteral("Wyvern rolls 2B: 2 2: [D2].")));

        // The same faces on the digital table give exactly the same cards.
        ScriptedDiceSource forced({2, 2});
        Game digital(duel(kDigital), &forced);
        QVERIFY(digital.apply(ActivateCommand {kWyvern, {}}).ok());
        QVERIFY(digital.apply(AttackCommand {0, kAlexander}).ok());
        while (digital.state().pending)
            QVERIFY(digital.apply(AnswerCommand {}).ok());
        QCOMPARE(cards(game.state().models), cards(digital.state().models));
        QCOMPARE(game.state().models[kAlexander].defenseLost, 1);
    }

    // A pool with macro dice (the Alexander's Beam Projector: 3B+1M) and whatever the attack
    // rolls after it: the faces typed give exactly what the same faces give on the digital
    // table, and the table is asked for as many dice as the digital game draws.
    void typedPoolsMatchTheDigitalTable_data()
    {
        QTest::addColumn<std::vector<int>>("faces");
        QTest::newRow("misses") << std::vector<int> {1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1};
        QTest::newRow("hits") << std::vector<int> {6, 6, 5, 6, 4, 3, 2, 6, 5, 4, 3, 2};
        QTest::newRow("mixed") << std::vector<int> {3, 5, 6, 2, 6, 1, 4, 4, 2, 5, 6, 3};
    }
    void typedPoolsMatchTheDigitalTable()
    {
        QFETCH(std::vector<int>, faces);
        // Enough for the re-rolls and whatever the hits roll.
        for (int i = 0; i < 36; ++i)
            faces.push_back(faces[std::size_t(i)]);
        Game game(duel(kTyped));
        // Player 1 has Initiative in the duel: the Wyvern ends its activation first.
        QVERIFY(game.apply(ActivateCommand {kWyvern, {}}).ok());
        QVERIFY(game.apply(EndActivationCommand {}).ok());
        QVERIFY(game.apply(ActivateCommand {kAlexander, {}}).ok());
        QVERIFY(game.apply(AttackCommand {0, kWyvern}).ok());
        QVERIFY(untilRoll(game));
        const QJsonObject data = game.state().pending->request.data;
        QCOMPARE(data.value(QStringLiteral("pool")).toString(), QStringLiteral("3B+1M"));
        QCOMPARE(data.value(QStringLiteral("count")).toInt(), 4);
        QCOMPARE(data.value(QStringLiteral("macro")).toInt(), 1);
        std::deque<int> typed(faces.begin(), faces.end());
        QVERIFY(settle(game, typed));

        ScriptedDiceSource forced(faces);
        Game digital(duel(kDigital), &forced);
        QVERIFY(digital.apply(ActivateCommand {kWyvern, {}}).ok());
        QVERIFY(digital.apply(EndActivationCommand {}).ok());
        QVERIFY(digital.apply(ActivateCommand {kAlexander, {}}).ok());
        QVERIFY(digital.apply(AttackCommand {0, kWyvern}).ok());
        while (digital.state().pending)
            QVERIFY(digital.apply(AnswerCommand {}).ok());
        QCOMPARE(typed.size(), forced.remaining());
        QCOMPARE(cards(game.state().models), cards(digital.state().models));
    }

    // A roll that is no pool (a Random Selection of a die) asks for one plain die.
    void aSingleDie()
    {
        Game game(duel(kTyped));
        // The Alexander's Defense boxes all marked: the [D2] goes to Sensors or Thrusters,
        // by Random Selection.
        QVERIFY(game.apply(CorrectCommand {kAlexander, QStringLiteral("defense"), 0, {}, 4}).ok());
        QVERIFY(game.apply(ActivateCommand {kWyvern, {}}).ok());
        QVERIFY(game.apply(AttackCommand {0, kAlexander}).ok());
        QVERIFY(untilRoll(game));
        QVERIFY(game.apply(RollCommand {{2, 2}}).ok());
        QVERIFY(untilRoll(game));
        QVERIFY(game.state().pending);
        const DecisionRequest &q = game.state().pending->request;
        QCOMPARE(q.question(),
                 QStringLiteral("Roll 1 die for Wyvern's Mass Driver attack on Alexander"));
        QCOMPARE(q.data.value(QStringLiteral("count")).toInt(), 1);
        QCOMPARE(q.data.value(QStringLiteral("pool")).toString(), QString());
        // 5: the second of two choices (1-3, 4-6): Thrusters.
        QVERIFY(game.apply(RollCommand {{5}}).ok());
        std::deque<int> none;
        QVERIFY(settle(game, none));
        QCOMPARE(game.state().models[kAlexander].sensorsLost, 0);
        QCOMPARE(game.state().models[kAlexander].thrustersLost, 1);
    }

    void wrongRollsAreRefused()
    {
        Game game(duel(kTyped));
        QVERIFY(game.apply(ActivateCommand {kWyvern, {}}).ok());
        QVERIFY(game.apply(AttackCommand {0, kAlexander}).ok());
        QVERIFY(untilRoll(game));
        const GameState waiting = game.state();
        const ApplyResult few = game.apply(RollCommand {{2}});
        QVERIFY(!few.ok());
        QCOMPARE(few.rejection->rule, QStringLiteral("Dice"));
        QVERIFY(
            few.rejection->message().startsWith(QStringLiteral("1 face(s) given: roll exactly 2")));
        const ApplyResult many = game.apply(RollCommand {{2, 2, 2}});
        QVERIFY(!many.ok());
        QCOMPARE(many.rejection->rule, QStringLiteral("Dice"));
        for (const int bad : {0, 7, -3}) {
            const ApplyResult r = game.apply(RollCommand {{2, bad}});
            QVERIFY(!r.ok());
            QCOMPARE(r.rejection->rule, QStringLiteral("Dice"));
        }
        // Nothing else while the roll waits, not even a correction (it would change the card
        // the roll is resolved against).
        const ApplyResult other = game.apply(EndActivationCommand {});
        QVERIFY(!other.ok());
        QCOMPARE(other.rejection->rule, QStringLiteral("Decision"));
        const ApplyResult correction
            = game.apply(CorrectCommand {kAlexander, QStringLiteral("structure"), 0, {}, 1});
        QVERIFY(!correction.ok());
        QCOMPARE(correction.rejection->rule, QStringLiteral("Decision"));
        QCOMPARE(game.state(), waiting);
        // A roll with nothing waiting.
        Game fresh(duel(kTyped));
        const ApplyResult none = fresh.apply(RollCommand {{3}});
        QVERIFY(!none.ok());
        QCOMPARE(none.rejection->rule, QStringLiteral("Dice"));
        QCOMPARE(none.rejection->message(), QStringLiteral("no roll is waiting"));
    }

    void theAppRolls()
    {
        // A roll without faces, or the decision's default answer: the game's dice.
        for (const bool byAnswer : {false, true}) {
            Game game(duel(kTyped));
            QVERIFY(game.apply(ActivateCommand {kWyvern, {}}).ok());
            QVERIFY(game.apply(AttackCommand {0, kAlexander}).ok());
            QVERIFY(untilRoll(game));
            const ApplyResult r
                = byAnswer ? game.apply(AnswerCommand {}) : game.apply(RollCommand {});
            QVERIFY(r.ok());
            QCOMPARE(game.history().back().dice.size(), 2u);
            QVERIFY(!game.state().pending
                    || game.state().pending->request.kind != QLatin1String("roll"));
        }
        // The same seed: the same dice either way.
        const auto play = [](bool byAnswer) {
            auto game = std::make_unique<Game>(duel(kTyped));
            (void)game->apply(ActivateCommand {kWyvern, {}});
            (void)game->apply(AttackCommand {0, kAlexander});
            while (game->state().pending)
                (void)(byAnswer ? game->apply(AnswerCommand {})
                           : game->state().pending->request.kind == QLatin1String("roll")
                           ? game->apply(RollCommand {})
                           : game->apply(AnswerCommand {}));
            return game;
        };
        QCOMPARE(play(true)->state(), play(false)->state());
        // Forced dice that run out: refused like any roll of forced dice.
        ScriptedDiceSource one({5});
        Game game(duel(kTyped), &one);
        QVERIFY(game.apply(ActivateCommand {kWyvern, {}}).ok());
        QVERIFY(game.apply(AttackCommand {0, kAlexander}).ok());
        QVERIFY(untilRoll(game));
        const ApplyResult out = game.apply(RollCommand {});
        QVERIFY(!out.ok());
        QCOMPARE(out.rejection->rule, QStringLiteral("Dice"));
    }

    void savedReopenedReplayed()
    {
        Game game(duel(kTyped));
        QVERIFY(game.apply(ActivateCommand {kWyvern, {}}).ok());
        QVERIFY(game.apply(AttackCommand {0, kAlexander}).ok());
        std::deque<int> faces {2, 2};
        QVERIFY(settle(game, faces));
        // A second attack, its dice rolled by the app.
        QVERIFY(game.apply(AttackCommand {1, kAlexander}).ok());
        while (game.state().pending)
            QVERIFY(game.apply(game.state().pending->request.kind == QLatin1String("roll")
                                   ? Command(RollCommand {})
                                   : Command(AnswerCommand {}))
                        .ok());
        QVERIFY(game.apply(CorrectCommand {kAlexander, QStringLiteral("sensors"), 0, {}, 2}).ok());
        const QByteArray saved = GameFile::serialize(game);
        QVERIFY(saved.contains("\"command\": \"roll\""));
        QVERIFY(saved.contains("\"command\": \"correct\""));
        const GameFile::Loaded loaded = GameFile::parse(saved, QStringLiteral("typed.jwgame"));
        QVERIFY2(loaded.game, qPrintable(loaded.error));
        QCOMPARE(loaded.game->setup().typedDice, true);
        QCOMPARE(loaded.game->history(), game.history());
        QCOMPARE(loaded.game->state(), game.state());
        QCOMPARE(texts(*loaded.game), texts(game));
        QCOMPARE(GameFile::serialize(*loaded.game), saved);
    }

    void everyCorrection()
    {
        Game game(duel(kPhysical));
        const Unit &alexander = game.engine().unitOf(game.state().models[kAlexander]);
        const auto correct = [&](CorrectCommand c, const QString &text) -> QString {
            const ApplyResult r = game.apply(c);
            if (!r.ok())
                return QStringLiteral("refused: ") + r.rejection->message();
            if (r.events.empty() || r.events.front().kind != QLatin1String("correction"))
                return QStringLiteral("no correction event");
            const QJsonObject d = r.events.front().data;
            if (d.value(QStringLiteral("field")).toString() != c.field
                || d.value(QStringLiteral("value")).toInt() != c.value
                || d.value(QStringLiteral("model")).toInt() != c.model)
                return QStringLiteral("data: ") + r.events.front().text();
            return r.events.front().text() == text ? QString() : r.events.front().text();
        };
        const auto &a = [&]() -> const ModelState & {
            return game.state().models[kAlexander];
        };
        QCOMPARE(
            correct({kAlexander, QStringLiteral("structure"), 0, {}, 1},
                    QStringLiteral("Correction: Alexander's Structure: 1 box(es) marked (was 0).")),
            QString());
        QCOMPARE(a().structureLost, 1);
        QCOMPARE(
            correct({kAlexander, QStringLiteral("defense"), 0, {}, 2},
                    QStringLiteral("Correction: Alexander's Defense: 2 box(es) marked (was 0).")),
            QString());
        QCOMPARE(a().defenseLost, 2);
        QCOMPARE(
            correct({kAlexander, QStringLiteral("sensors"), 0, {}, 4},
                    QStringLiteral("Correction: Alexander's Sensors: 4 box(es) marked (was 0).")),
            QString());
        QCOMPARE(a().sensorsLost, 4);
        QCOMPARE(
            correct({kAlexander, QStringLiteral("thrusters"), 0, {}, 1},
                    QStringLiteral("Correction: Alexander's Thrusters: 1 box(es) marked (was 0).")),
            QString());
        QCOMPARE(a().thrustersLost, 1);
        QCOMPARE(
            correct({kAlexander, QStringLiteral("marines"), 0, {}, 2},
                    QStringLiteral("Correction: Alexander's Marines: 2 box(es) marked (was 0).")),
            QString());
        QCOMPARE(a().marinesLost, 2);
        QCOMPARE(correct({kWyvern, QStringLiteral("fuel"), 0, {}, 1},
                         QStringLiteral("Correction: Wyvern's Fuel: 1 spent (was 0).")),
                 QString());
        QCOMPARE(game.state().models[kWyvern].fuelSpent, 1);
        QCOMPARE(
            correct({kAlexander, QStringLiteral("weapon"), 0, {}, 2},
                    QStringLiteral(
                        "Correction: Alexander's Beam Projector: 2 instance(s) damaged (was 0).")),
            QString());
        QCOMPARE(a().weaponsDamaged[0], 2);
        int trait = -1;
        for (std::size_t i = 0; i < alexander.traits.size(); ++i)
            if (alexander.traits[i].boxes > 0)
                trait = int(i);
        QVERIFY(trait >= 0);
        QCOMPARE(correct({kAlexander, QStringLiteral("trait"), trait, {}, 1},
                         QStringLiteral("Correction: Alexander's %1: 1 box(es) marked (was 0).")
                             .arg(alexander.traits[std::size_t(trait)].name)),
                 QString());
        QCOMPARE(a().traitsDamaged[std::size_t(trait)], 1);
        QCOMPARE(correct({kAlexander, QStringLiteral("state"), 0, QStringLiteral("crippled"), 1},
                         QStringLiteral("Correction: Alexander is Crippled.")),
                 QString());
        QVERIFY(a().has(FlagCrippled));
        QCOMPARE(correct({kAlexander, QStringLiteral("state"), 0, QStringLiteral("crippled"), 0},
                         QStringLiteral("Correction: Alexander is no longer Crippled.")),
                 QString());
        QVERIFY(!a().has(FlagCrippled));
        QCOMPARE(correct({kAlexander, QStringLiteral("activated"), 0, {}, 1},
                         QStringLiteral("Correction: Alexander has activated this turn.")),
                 QString());
        QVERIFY(a().activated);
        QCOMPARE(correct({kAlexander, QStringLiteral("activated"), 0, {}, 0},
                         QStringLiteral("Correction: Alexander has not activated this turn.")),
                 QString());
        QCOMPARE(correct({kAlexander, QStringLiteral("fire-control"), 0, {}, 2},
                         QStringLiteral("Correction: Alexander's Fire Control: 2 spent (was 0).")),
                 QString());
        QCOMPARE(a().fireControlSpent, 2);
        QCOMPARE(
            correct(
                {kWyvern, QStringLiteral("location"), kAlexander, QStringLiteral("embarked"), 0},
                QStringLiteral(
                    "Correction: Wyvern is now Embarked on Alexander (was on the table).")),
            QString());
        QCOMPARE(game.state().models[kWyvern].location, Location::Embarked);
        QCOMPARE(game.state().models[kWyvern].carrier, kAlexander);
        QCOMPARE(correct({kWyvern, QStringLiteral("location"), 0, QStringLiteral("reserve"), 0},
                         QStringLiteral(
                             "Correction: Wyvern is now In Reserve (was Embarked on Alexander).")),
                 QString());
        QCOMPARE(game.state().models[kWyvern].carrier, -1);
        QCOMPARE(correct({kWyvern, QStringLiteral("location"), 0, QStringLiteral("withdrawn"), 0},
                         QStringLiteral("Correction: Wyvern is now Withdrawn (was In Reserve).")),
                 QString());
        QCOMPARE(correct({kWyvern, QStringLiteral("location"), 0, QStringLiteral("table"), 0},
                         QStringLiteral("Correction: Wyvern is now on the table (was Withdrawn).")),
                 QString());
        QCOMPARE(correct({-1, QStringLiteral("objective-points"), 1, {}, 4},
                         QStringLiteral("Correction: player 1's objective points: 4 (was 0).")),
                 QString());
        QCOMPARE(game.state().objectivePoints[1], 4);
        // The last Structure box: Destroyed, logged.
        const ApplyResult last
            = game.apply(CorrectCommand {kAlexander, QStringLiteral("structure"), 0, {}, 4});
        QVERIFY(last.ok());
        QCOMPARE(a().location, Location::Destroyed);
        QCOMPARE(last.events.back().kind, QStringLiteral("destroyed"));
        QCOMPARE(last.events.back().text(),
                 QStringLiteral("Alexander has no Structure left and is Destroyed."));
        // Undone like any command on a physical table.
        QVERIFY(game.canUndo());
        QVERIFY(game.undo());
        QCOMPARE(a().location, Location::Table);
        QCOMPARE(a().structureLost, 1);
    }

    // A model In Reserve put on the table by hand stands where the engine keeps a physical
    // table's models (apart from every other), not at the corner of the table.
    void correctedOntoTheTable()
    {
        const QByteArray yaml = R"(
initiative: 1
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
)";
        const GameScript script
            = GameScriptReader::parse(yaml, QStringLiteral("reserve.yaml"), QString(), test::db());
        QVERIFY(script.ok());
        Game game(script.setup);
        QCOMPARE(game.state().models[kWyvern].location, Location::Reserve);
        QVERIFY(game.apply(CorrectCommand {kWyvern, QStringLiteral("location"), 0,
                                           QStringLiteral("table"), 0})
                    .ok());
        QCOMPARE(game.state().models[kWyvern].location, Location::Table);
        QCOMPARE(game.state().models[kWyvern].placement,
                 Game(duel(kPhysical)).state().models[kWyvern].placement);
    }

    void correctionsRefused_data()
    {
        QTest::addColumn<int>("model");
        QTest::addColumn<QString>("field");
        QTest::addColumn<int>("index");
        QTest::addColumn<QString>("key");
        QTest::addColumn<int>("value");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown field")
            << kAlexander << "hull" << 0 << "" << 1 << "no field 'hull' to correct";
        QTest::newRow("no model") << 9 << "structure" << 0 << "" << 1 << "no model 9 to correct";
        QTest::newRow("model field on the game")
            << -1 << "structure" << 0 << "" << 1 << "'structure' is corrected on a model";
        QTest::newRow("more boxes than the card") << kAlexander << "structure" << 0 << "" << 5
                                                  << "structure of Alexander is from 0 to 4, not 5";
        QTest::newRow("negative boxes") << kAlexander << "defense" << 0 << "" << -1
                                        << "defense of Alexander is from 0 to 4, not -1";
        QTest::newRow("no thrusters on a squadron") << kWyvern << "thrusters" << 0 << "" << 1
                                                    << "thrusters of Wyvern is from 0 to 0, not 1";
        QTest::newRow("no such weapon")
            << kAlexander << "weapon" << 3 << "" << 1 << "Alexander has no weapon line 3";
        QTest::newRow("more instances than the line")
            << kAlexander << "weapon" << 1 << "" << 2
            << "Missiles: AC of Alexander is from 0 to 1, not 2";
        QTest::newRow("no such trait")
            << kAlexander << "trait" << 7 << "" << 1 << "Alexander has no trait 7 with boxes";
        QTest::newRow("unknown state")
            << kAlexander << "state" << 0 << "sleepy" << 1 << "no state 'sleepy'";
        QTest::newRow("state not 0/1") << kAlexander << "state" << 0 << "crippled" << 2
                                       << "crippled of Alexander is from 0 to 1, not 2";
        QTest::newRow("fire control beyond the card")
            << kAlexander << "fire-control" << 0 << "" << 4
            << "fire-control of Alexander is from 0 to 3, not 4";
        QTest::newRow("unknown location")
            << kAlexander << "location" << 0 << "moon" << 0 << "no location 'moon'";
        QTest::newRow("embarked on itself") << kWyvern << "location" << kWyvern << "embarked" << 0
                                            << "Wyvern cannot be Embarked on model 1";
        QTest::newRow("objective points on a model")
            << kAlexander << "objective-points" << 0 << "" << 1
            << "'objective-points' is corrected on the game (model -1), not on Alexander";
        QTest::newRow("no player 2")
            << -1 << "objective-points" << 2 << "" << 1 << "no player 2 (0 or 1)";
        QTest::newRow("negative points") << -1 << "objective-points" << 0 << "" << -2
                                         << "objective-points of 0 is from 0 to 1000, not -2";
        QTest::newRow("nothing changes") << kAlexander << "structure" << 0 << "" << 0
                                         << "nothing to correct: structure is already 0";
    }
    void correctionsRefused()
    {
        QFETCH(int, model);
        QFETCH(QString, field);
        QFETCH(int, index);
        QFETCH(QString, key);
        QFETCH(int, value);
        QFETCH(QString, message);
        Game game(duel(kPhysical));
        const GameState before = game.state();
        const ApplyResult r = game.apply(CorrectCommand {model, field, index, key, value});
        QVERIFY(!r.ok());
        QCOMPARE(r.rejection->rule, QStringLiteral("Physical table"));
        QVERIFY2(r.rejection->message().startsWith(message), qPrintable(r.rejection->message()));
        QCOMPARE(game.state(), before);
    }

    void correctionsRefusedOnADigitalTable()
    {
        Game game(duel(kDigital));
        const ApplyResult r
            = game.apply(CorrectCommand {kAlexander, QStringLiteral("structure"), 0, {}, 1});
        QVERIFY(!r.ok());
        QCOMPARE(r.rejection->rule, QStringLiteral("Physical table"));
        QCOMPARE(game.state().models[kAlexander].structureLost, 0);
    }

    void undoAndRedo()
    {
        Game game(duel(kTyped));
        const GameState start = game.state();
        QVERIFY(!game.canRedo());
        QVERIFY(game.apply(ActivateCommand {kWyvern, {}}).ok());
        QVERIFY(game.apply(AttackCommand {0, kAlexander}).ok());
        std::deque<int> faces {2, 2};
        QVERIFY(settle(game, faces));
        const GameState end = game.state();
        const auto history = game.history();
        const int commands = int(history.size());
        QVERIFY(commands >= 3);
        // Every command is undone, the rolled ones too.
        for (int i = 0; i < commands; ++i) {
            QVERIFY(game.canUndo());
            QVERIFY(game.undo());
            QCOMPARE(game.state(), game.stateAfter(int(game.history().size())));
        }
        QCOMPARE(game.state(), start);
        QVERIFY(!game.canUndo());
        // Redone with the faces they had: the same game.
        for (int i = 0; i < commands; ++i) {
            QVERIFY(game.canRedo());
            QVERIFY(game.redo());
        }
        QVERIFY(!game.canRedo());
        QCOMPARE(game.state(), end);
        QCOMPARE(game.history(), history);
    }

    void newCommandClearsRedo()
    {
        Game game(duel(kPhysical));
        QVERIFY(
            game.apply(CorrectCommand {kAlexander, QStringLiteral("structure"), 0, {}, 1}).ok());
        QVERIFY(game.undo());
        QVERIFY(game.canRedo());
        QVERIFY(game.apply(CorrectCommand {kAlexander, QStringLiteral("defense"), 0, {}, 1}).ok());
        QVERIFY(!game.canRedo());
        QVERIFY(!game.redo());
    }

    void digitalUndoUnchanged()
    {
        // Dice rolled on the digital table are not taken back; a command without dice is, and
        // is redone.
        Game game(duel(kDigital));
        QVERIFY(game.apply(ActivateCommand {kWyvern, {}}).ok());
        QVERIFY(game.canUndo());
        const GameState activated = game.state();
        QVERIFY(game.undo());
        QVERIFY(game.redo());
        QCOMPARE(game.state(), activated);
        QVERIFY(game.apply(AttackCommand {0, kAlexander}).ok());
        QVERIFY(!game.canUndo());
    }

    void jsonForms()
    {
        const Command roll = RollCommand {{3, 5, 6}};
        const QJsonObject rj = commandToJson(roll);
        QCOMPARE(rj.value(QStringLiteral("command")).toString(), QStringLiteral("roll"));
        QCOMPARE(commandFromJson(rj, nullptr), std::optional<Command>(roll));
        const Command app = RollCommand {};
        QCOMPARE(commandFromJson(commandToJson(app), nullptr), std::optional<Command>(app));
        const Command correct
            = CorrectCommand {2, QStringLiteral("location"), 1, QStringLiteral("embarked"), 0};
        QCOMPARE(commandId(correct), QStringLiteral("correct"));
        QCOMPARE(commandFromJson(commandToJson(correct), nullptr), std::optional<Command>(correct));
        const Command score = CorrectCommand {-1, QStringLiteral("objective-points"), 0, {}, 7};
        QCOMPARE(commandFromJson(commandToJson(score), nullptr), std::optional<Command>(score));

        const auto refused = [](const char *json) {
            QString error;
            const auto c = commandFromJson(QJsonDocument::fromJson(json).object(), &error);
            return !c && !error.isEmpty();
        };
        QVERIFY(refused(R"({"command": "roll", "faces": [7]})"));
        QVERIFY(refused(R"({"command": "roll", "faces": [0]})"));
        QVERIFY(refused(R"({"command": "roll", "faces": [2.5]})"));
        QVERIFY(refused(R"({"command": "roll", "faces": "3"})"));
        QVERIFY(refused(R"({"command": "roll", "faces": ["3"]})"));
        QJsonArray tooMany;
        for (int i = 0; i <= kMaxRollFaces; ++i)
            tooMany.append(3);
        QString error;
        QVERIFY(!commandFromJson(QJsonObject {{QStringLiteral("command"), QStringLiteral("roll")},
                                              {QStringLiteral("faces"), tooMany}},
                                 &error));
        QVERIFY(refused(R"({"command": "correct", "model": 0})"));
        QVERIFY(refused(R"({"command": "correct", "model": 0, "field": ""})"));
        QVERIFY(refused(R"({"command": "correct", "model": 0, "field": 3})"));
        QVERIFY(refused(R"({"command": "correct", "model": -2, "field": "structure"})"));
        QVERIFY(refused(R"({"command": "correct", "model": 5000, "field": "structure"})"));
        QVERIFY(
            refused(R"({"command": "correct", "model": 0, "field": "structure", "value": 1e9})"));
        QVERIFY(
            refused(R"({"command": "correct", "model": 0, "field": "structure", "value": 1.5})"));
        QVERIFY(
            refused(R"({"command": "correct", "model": 0, "field": "structure", "index": -1})"));
        QVERIFY(refused(R"({"command": "correct", "model": 0, "field": "state", "key": ""})"));
        QVERIFY(refused(
            R"({"command": "correct", "model": 0, "field": "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"})"));
    }

    void scriptForms()
    {
        const GameScript s = duelScript(kTyped, QStringLiteral(R"(commands:
  - roll: [3, 5, 6]
  - roll: []
  - roll
  - correct: {model: Alexander, field: structure, value: 2}
  - correct: {field: objective-points, index: 1, value: 2}
  - correct: {model: 1, field: state, key: crippled, value: 1}
  - {"command": "roll", "faces": [1, 2]})"));
        QVERIFY(s.ok());
        QCOMPARE(s.commands.size(), 7u);
        QCOMPARE(s.commands[0].command, Command(RollCommand {{3, 5, 6}}));
        QCOMPARE(s.commands[1].command, Command(RollCommand {}));
        QCOMPARE(s.commands[2].command, Command(RollCommand {}));
        QCOMPARE(s.commands[3].command,
                 Command(CorrectCommand {kAlexander, QStringLiteral("structure"), 0, {}, 2}));
        QCOMPARE(s.commands[4].command,
                 Command(CorrectCommand {-1, QStringLiteral("objective-points"), 1, {}, 2}));
        QCOMPARE(s.commands[5].command,
                 Command(CorrectCommand {kWyvern, QStringLiteral("state"), 0,
                                         QStringLiteral("crippled"), 1}));
        QCOMPARE(s.commands[6].command, Command(RollCommand {{1, 2}}));

        const QStringList bad {
            QStringLiteral("  - roll: [7]"),
            QStringLiteral("  - roll: [3, x]"),
            QStringLiteral("  - roll: {faces: 3}"),
            QStringLiteral("  - correct: {model: Alexander}"),
            QStringLiteral("  - correct: {model: Alexander, field: structure, value: 5000}"),
            QStringLiteral("  - correct: {model: Nobody, field: structure, value: 1}"),
            QStringLiteral("  - correct: {model: Alexander, field: structure, colour: red}"),
            QStringLiteral("  - correct: {model: Alexander, field: structure, index: -1}"),
        };
        for (const QString &line : bad) {
            const GameScript b = duelScript(kTyped, QStringLiteral("commands:\n") + line);
            QVERIFY2(!b.ok(), qPrintable(line));
            QVERIFY(b.issues.front().toString().contains(QStringLiteral("duel.yaml:")));
        }
    }

    // Every shipped scenario is tracked on a physical table (GameSetup::check, which the
    // companion's Track a Game dialog asks): its game starts, and what the scenario places or
    // measures is the players' (Beacons, quadrants, the escape edge, the Comet, the UIOs).
    void scenariosTracked()
    {
        const auto &all = test::scenarios().scenarios();
        QVERIFY(all.size() >= 8);
        for (const Scenario &sc : all) {
            GameSetup setup = deploymentSetup(kPhysical);
            setup.setScenario(sc);
            const std::optional<QString> why = setup.check();
            QVERIFY2(!why, qPrintable(sc.id + QStringLiteral(": ") + why.value_or(QString())));
            const Game g(setup);
            QVERIFY2(!g.startRejection(), qPrintable(sc.id));
            QCOMPARE(g.state().phase, Phase::Deployment);
        }
    }

    // A Corner Deployment Zone (a group's scenario; Scavenger Hunt, the shipped one, is refused
    // for its UIOs): the Initiative player chooses the quadrant, as on jwfleet's table, and the
    // players place the models in it: deploy has no coordinates, the engine checks the order.
    void cornerZone()
    {
        Scenario corner = *test::scenarios().byId(QStringLiteral("introductory"));
        corner.zone = DeploymentZoneKind::Corner;
        GameSetup setup = deploymentSetup(kPhysical);
        setup.setScenario(corner);
        QVERIFY(!setup.check());
        Game g(setup);
        QVERIFY(!g.startRejection());
        QVERIFY(g.state().pending);
        QCOMPARE(g.state().pending->request.kind, QStringLiteral("quadrant"));
        QCOMPARE(g.state().pending->request.player, 1); // Initiative: Eve
        QVERIFY(g.apply(AnswerCommand {2}).ok()); // bottom right
        QCOMPARE(g.state().corners[1], int(TableCorner::BottomRight));
        QCOMPARE(g.state().corners[0], int(TableCorner::TopLeft));
        const QJsonObject json = stateToJson(g.engine(), g.state());
        QCOMPARE(json.value(QStringLiteral("quadrants")).toArray(),
                 QJsonArray({QStringLiteral("top-left"), QStringLiteral("bottom-right")}));
        // Capital Ships first: Dave's Alexander (Eve has none), wherever the players put it.
        QCOMPARE(g.state().toAct, 0);
        QVERIFY(!g.apply(DeployCommand {kWyvern, Placement(), {}}).ok()); // Eve's, and later
        const ApplyResult alexander = g.apply(DeployCommand {kAlexander, Placement(), {}});
        QVERIFY2(alexander.ok(),
                 qPrintable(alexander.rejection ? alexander.rejection->message() : QString()));
        QCOMPARE(g.state().toAct, 1);
        QVERIFY(g.apply(DeployCommand {kWyvern, Placement(), {}}).ok());
        QCOMPARE(g.state().phase, Phase::Activation);

        // jwfleet's table measures the quadrant: (40, 40) is in Eve's, not in Dave's.
        GameSetup digital = setup;
        digital.table = TableKind::Digital;
        Game d(digital);
        QVERIFY(d.apply(AnswerCommand {2}).ok());
        const ApplyResult outside
            = d.apply(DeployCommand {kAlexander, Placement(QPointF(40, 40), 0), {}});
        QVERIFY(!outside.ok());
        QCOMPARE(outside.rejection->rule,
                 QStringLiteral("Deployment Zone › Corner Deployment Zone"));
    }

    // Beacon markers on a physical table: one place-beacon command offered (no spots), the
    // markers counted and alternated; no marker position in the state's JSON.
    void beaconMarkers()
    {
        GameSetup setup = deploymentSetup(kPhysical);
        setup.setScenario(*test::scenarios().byId(QStringLiteral("solar-storm")));
        Game g(setup);
        QVERIFY(!g.startRejection());
        QCOMPARE(g.state().deploymentStep, DeploymentStep::Beacons);
        for (int i = 0; i < 8; ++i) {
            const LegalCommands legal = g.legalCommands();
            QCOMPARE(legal.commands.size(), std::size_t(1));
            QCOMPARE(legal.commands.front(), Command(PlaceBeaconCommand {}));
            QCOMPARE(g.state().toAct, (i % 2 == 0) ? 1 : 0); // from the Initiative player
            // Where the players put it is theirs: the coordinates are not checked.
            QVERIFY(g.apply(PlaceBeaconCommand {QPointF(-100, 5000)}).ok());
        }
        QCOMPARE(g.state().deploymentStep, DeploymentStep::CapitalShips);
        QVERIFY(!g.apply(PlaceBeaconCommand {}).ok()); // four each, no more
        const QJsonObject json = stateToJson(g.engine(), g.state());
        QVERIFY(!json.contains(QStringLiteral("beacons")));
        QCOMPARE(json.value(QStringLiteral("beacon_markers")).toArray(), QJsonArray({4, 4}));
        QCOMPARE(json.value(QStringLiteral("beacons_covered")).toArray(), QJsonArray({0, 0}));
        // The legal commands name no markers to deploy near (the players see them).
        QVERIFY(g.legalCommands().deploymentBeacons.empty());
        // Dave's Alexander: how many of his four markers it covers is asked (default one).
        QCOMPARE(g.state().toAct, 0);
        QVERIFY(g.apply(DeployCommand {kAlexander, Placement(), {}}).ok());
        QVERIFY(g.state().pending);
        QCOMPARE(g.state().pending->request.kind, QStringLiteral("table-beacons"));
        QCOMPARE(g.state().pending->request.player, 0);
        QCOMPARE(int(g.state().pending->request.optionCount()), 5); // none, 1 to 4
        QCOMPARE(g.state().pending->request.defaultOption, 1);
        QVERIFY(g.apply(AnswerCommand {2}).ok());
        QCOMPARE(g.state().beaconsCovered, (std::array<int, 2> {2, 0}));
        QCOMPARE(g.state().models[kAlexander].location, Location::Table);
    }
};

QTEST_GUILESS_MAIN(TestPhysicalTable)
#include "tst_physicaltable.moc"
