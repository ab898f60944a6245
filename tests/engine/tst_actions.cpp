// SPDX-License-Identifier: GPL-3.0-or-later
// The Action table (core/engine/action.h): one ActionId per Action, its public
// key and English name in one table, its rules (ActionRules) and the one check
// of who may declare it (declareRefusal), which legalCommands() offers by and
// apply() refuses with.
#include "samplefleets.h"

#include "dice/dicesource.h"
#include "engine/action.h"
#include "engine/engine.h"
#include "engine/game.h"
#include "engine/gamescript.h"
#include "engine/randomplayer.h"

#include <QJsonObject>
#include <QSet>
#include <QTest>

#include <algorithm>
#include <random>

using namespace jw;
using test::db;
using test::sample;

namespace {

// The keys and names are a public interface (scripts, game files, `play --json`,
// `--legal`): written out here so that a change to one fails this test.
const std::pair<const char *, const char *> kWire[] = {
    {"concentrated-fire", "Concentrated Fire"},
    {"evade", "Evade"},
    {"initiate-boarding", "Initiate Boarding"},
    {"land", "Land"},
    {"launch", "Launch"},
    {"lock-on", "Lock On"},
    {"ramming-speed", "Ramming Speed"},
    {"vector-attack", "Vector Attack"},
    {"withdraw", "Withdraw"},
    {"boost", "Boost"},
    {"initiate-assault", "Initiate Assault"},
    {"initiate-bombing", "Initiate Bombing"},
    {"interception", "Interception"},
    {"damage-control", "Damage Control"},
    {"engage-point-defense", "Engage Point Defense"},
    {"long-range-sensors", "Long Range Sensors"},
    {"lay-mines", "Lay Mines"},
    {"purge-airlocks", "Purge Airlocks"},
    {"reorient", "Reorient"},
    {"silent-running", "Silent Running"},
    {"station-keep", "Station Keep"},
    {"tug", "Tug"},
    {"tender-transfer", "Tender Transfer"},
    {"search-escape-pods", "Search for Escape Pods"},
};

bool offered(const LegalCommands &legal, const Command &c)
{
    return std::find(legal.commands.begin(), legal.commands.end(), c) != legal.commands.end();
}

const Rejection *explained(const LegalCommands &legal, const Command &c)
{
    for (const auto &[command, why] : legal.refused)
        if (command == c)
            return &why;
    return nullptr;
}

} // namespace

class TestActions : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void keysRoundTrip()
    {
        QCOMPARE(int(std::size(kWire)), kActionCount);
        QCOMPARE(int(allActionIds().size()), kActionCount);
        QSet<QString> keys;
        for (int i = 0; i < kActionCount; ++i) {
            const ActionId id = allActionIds()[std::size_t(i)];
            QCOMPARE(int(id), i);
            QCOMPARE(actionKey(id), QLatin1String(kWire[i].first));
            QCOMPARE(actionName(id), QLatin1String(kWire[i].second));
            QCOMPARE(actionFromKey(actionKey(id)), std::optional<ActionId>(id));
            keys.insert(actionKey(id));
        }
        QCOMPARE(keys.size(), kActionCount);
        // Keys are exact: no name, no other case, no padding, no empty key.
        QCOMPARE(actionFromKey(u""), std::nullopt);
        QCOMPARE(actionFromKey(u"Evade"), std::nullopt);
        QCOMPARE(actionFromKey(u"evade "), std::nullopt);
        QCOMPARE(actionFromKey(u"Search for Escape Pods"), std::nullopt);
        QCOMPARE(actionFromKey(u"evad"), std::nullopt);
    }

    // Every ActionInfo (the public list) is an ActionId with its rules, in order.
    void everyActionHasRules()
    {
        const std::vector<ActionInfo> &infos = allActions();
        QCOMPARE(int(infos.size()), kActionCount);
        for (int i = 0; i < kActionCount; ++i) {
            const ActionInfo &info = infos[std::size_t(i)];
            const ActionRules &rules = actionRules(info.action);
            QCOMPARE(int(info.action), i);
            QCOMPARE(rules.id, info.action);
            QCOMPARE(info.id, actionKey(info.action));
            QCOMPARE(info.name, actionName(info.action));
            QVERIFY(info.supported);
            QCOMPARE(info.squadronOnly, rules.models == ActionModels::Squadrons);
            QCOMPARE(info.capitalOnly, rules.models == ActionModels::CapitalShips);
            QCOMPARE(info.scenarioSwitch, rules.scenarioSwitch);
            // An Action resolved against a model says which; the others name none.
            QCOMPARE(rules.resolve == ActionResolve::Target, rules.target != ActionTarget::None);
        }
        QCOMPARE(actionRules(ActionId::SearchEscapePods).scenarioSwitch,
                 QStringLiteral("escape_pods"));
        QVERIFY(actionRules(ActionId::Withdraw).whileCrippled);
        QVERIFY(actionRules(ActionId::DamageControl).whileCrippled);
        QVERIFY(!actionRules(ActionId::Evade).whileCrippled);
    }

    // The command carries an ActionId; a key that names none is kept as given, so
    // the record writes back what was played and the engine refuses it by name.
    void activateCommandJson()
    {
        for (const ActionId id : allActionIds()) {
            const Command c = ActivateCommand {3, id};
            const QJsonObject o = commandToJson(c);
            QCOMPARE(o.value(QStringLiteral("action")).toString(), actionKey(id));
            QString error;
            QCOMPARE(commandFromJson(o, &error), std::optional<Command>(c));
            QCOMPARE(ActivateCommand::fromKey(3, actionKey(id)), std::get<ActivateCommand>(c));
        }
        const ActivateCommand none = ActivateCommand::fromKey(3, QString());
        QCOMPARE(none, (ActivateCommand {3, std::nullopt}));
        QVERIFY(!commandToJson(none).contains(QStringLiteral("action")));
        const ActivateCommand typo = ActivateCommand::fromKey(3, QStringLiteral("evad"));
        QCOMPARE(typo.action, std::nullopt);
        QCOMPARE(typo.actionKey(), QStringLiteral("evad"));
        const QJsonObject o = commandToJson(typo);
        QCOMPARE(o.value(QStringLiteral("action")).toString(), QStringLiteral("evad"));
        QString error;
        QCOMPARE(commandFromJson(o, &error), std::optional<Command>(typo));
    }

    // An unknown key in a script (or a game file) is refused when it is played,
    // by the rule "Action", naming the key, as before ActionId.
    void unknownKeyRefusedByName()
    {
        const GameScript script
            = GameScriptReader::parse(R"(
players:
  - name: Dave
    fleet: {faction: jovian, points: 250, units: [{unit: alexander}]}
  - name: Eve
    fleet: {faction: venusian, points: 250, units: [{unit: shan-yu}]}
initiative: 0
start:
  phase: activation
  models:
    - {model: Alexander, x: 20, y: 40}
    - {model: Shan-Yu, x: 24, y: 4, facing: 180}
commands:
  - activate: {model: Alexander, action: evad}
)",
                                      QStringLiteral("typo.yaml"), QString(), db());
        QVERIFY(script.ok());
        QCOMPARE(script.commands.size(), std::size_t(1));
        Game game(script.setup);
        const ApplyResult r = game.apply(script.commands[0].command);
        QVERIFY(!r.ok());
        QCOMPARE(r.rejection->rule, QStringLiteral("Action"));
        QCOMPARE(r.rejection->message(), QStringLiteral("no action 'evad'"));
        // A known key in the same place is accepted (the refusal is the key's).
        const ApplyResult ok = game.apply(ActivateCommand::fromKey(0, QStringLiteral("evade")));
        QVERIFY2(ok.ok(), qPrintable(ok.rejection ? ok.rejection->toString() : QString()));
        QCOMPARE(game.state().activation->action, std::optional<ActionId>(ActionId::Evade));
    }

    // declareRefusal() is the check: over random games, whenever a model may
    // activate, each Action is offered by legalCommands() exactly when
    // declareRefusal() allows it, listed as refused with its very rejection, and
    // apply() refuses it with that rejection too.
    void declareCheckIsLegalCommands()
    {
        const std::pair<const char *, const char *> matches[] = {
            {"io-patrol.jwfleet", "venus-strike.jwfleet"},
            {"cega-carrier-group.jwfleet", "jovian-battle-group.jwfleet"},
            {"europa-picket.jwfleet", "cega-fortress.jwfleet"},
        };
        std::map<ActionId, std::pair<int, int>> seen; // allowed, refused
        int states = 0;
        for (int seed = 1; seed <= 6; ++seed) {
            const auto &[a, b] = matches[(seed - 1) % 3];
            GameSetup setup;
            setup.seed = std::uint64_t(seed);
            setup.players[0] = PlayerSetup {QStringLiteral("A"), sample(a)};
            setup.players[1] = PlayerSetup {QStringLiteral("B"), sample(b)};
            QVERIFY(!GameSetup::fillUnits(setup, db()));
            Game game(setup);
            RandomPlayer player(std::uint64_t(seed) * 7);
            for (int step = 0; step < 300 && game.state().phase != Phase::Over; ++step) {
                const GameState &s = game.state();
                if (s.phase == Phase::Activation && !s.activation && !s.pending) {
                    ++states;
                    const Engine &engine = game.engine();
                    const LegalCommands legal = engine.legalCommands(s);
                    for (const ModelState &m : s.models) {
                        if (!offered(legal, ActivateCommand {m.id, std::nullopt}))
                            continue;
                        for (const ActionId id : allActionIds()) {
                            const ActivateCommand c {m.id, id};
                            const std::optional<Rejection> why
                                = declareRefusal(engine, s, m.id, id);
                            const QString where = QStringLiteral("seed %1 step %2 %3 %4")
                                                      .arg(seed)
                                                      .arg(step)
                                                      .arg(m.name, actionKey(id));
                            QVERIFY2(offered(legal, c) == !why, qPrintable(where));
                            if (const Rejection *listed = explained(legal, c))
                                QVERIFY2(why && *listed == *why, qPrintable(where));
                            ScriptedDiceSource dice(std::vector<int>(64, 3));
                            const ApplyResult r = engine.apply(s, c, dice);
                            if (why) {
                                QVERIFY2(!r.ok() && *r.rejection == *why, qPrintable(where));
                                ++seen[id].second;
                            } else {
                                QVERIFY2(r.ok(),
                                         qPrintable(where + QStringLiteral(": ")
                                                    + r.rejection->toString()));
                                ++seen[id].first;
                            }
                        }
                    }
                }
                const auto c = player.choose(game.engine(), s);
                if (!c)
                    break;
                (void)game.apply(*c);
                while (game.state().pending && game.apply(AnswerCommand {}).ok()) { }
            }
        }
        QVERIFY(states > 20);
        // Every Action was checked, and the check both allowed and refused most.
        QCOMPARE(int(seen.size()), kActionCount);
        int both = 0;
        for (const auto &[id, counts] : seen)
            both += counts.first > 0 && counts.second > 0 ? 1 : 0;
        qInfo("%d states, %d of %d Actions both allowed and refused", states, both, kActionCount);
        QVERIFY2(both >= kActionCount / 2, qPrintable(QString::number(both)));
    }

    // An attack in the activation ends the chance to Assault (house ruling: the Assault's
    // Attack Window is the activation's): the target offered before the attack (the
    // squadron in base contact with it) is neither offered nor accepted after it. (A
    // ramming model may not attack at all: Ramming Requirements.)
    void assaultTargetAfterAnAttack()
    {
        const QString yaml = QStringLiteral(R"(
players:
  - name: Dave
    fleet: {faction: jovian, points: 250, units: [{unit: pathfinder}, {unit: alexander}]}
  - name: Eve
    fleet: {faction: cega, points: 250, units: [{unit: uller}]}
initiative: 0
start:
  phase: activation
  models:
    - {model: Pathfinder, x: 25.57735, y: 24}
    - {model: Alexander, x: 40, y: 44}
    - {model: Uller, x: 24, y: 24, facing: 0}
)");
        const GameScript script = GameScriptReader::parse(
            yaml.toUtf8(), QStringLiteral("attack.yaml"), QString(), db());
        QVERIFY(script.ok());
        const Engine engine(script.setup);
        SeededDiceSource dice(5);
        const ApplyResult started = engine.start(dice);
        QVERIFY(started.ok());
        const int attacker = 0;
        const int target = int(started.state.models.size()) - 1;
        ApplyResult r = engine.apply(started.state,
                                     ActivateCommand {attacker, ActionId::InitiateAssault}, dice);
        QVERIFY2(r.ok(), qPrintable(r.rejection ? r.rejection->toString() : QString()));
        GameState s = r.state;
        const ResolveActionCommand resolve {target};
        QVERIFY(offered(engine.legalCommands(s), resolve));
        {
            SeededDiceSource probe(7);
            const ApplyResult before = engine.apply(s, resolve, probe);
            QVERIFY2(before.ok(),
                     qPrintable(before.rejection ? before.rejection->toString() : QString()));
        }
        // An attack on the target, as offered; the decisions it asks take their defaults.
        std::optional<Command> attack;
        for (const Command &c : engine.legalCommands(s).commands)
            if (const auto *a = std::get_if<AttackCommand>(&c); a && a->target == target)
                attack = c;
        QVERIFY(attack);
        r = engine.apply(s, *attack, dice);
        QVERIFY2(r.ok(), qPrintable(r.rejection ? r.rejection->toString() : QString()));
        s = r.state;
        while (s.pending) {
            r = engine.apply(s, AnswerCommand {}, dice);
            QVERIFY(r.ok());
            s = r.state;
        }
        QVERIFY(s.activation && s.activation->model == attacker);
        QVERIFY(s.models[std::size_t(target)].onTable());
        QVERIFY(!offered(engine.legalCommands(s), resolve));
        SeededDiceSource probe(7);
        const ApplyResult after = engine.apply(s, resolve, probe);
        QVERIFY(!after.ok());
        QCOMPARE(after.rejection->rule, QStringLiteral("Assault"));
        QCOMPARE(after.rejection->message(),
                 QStringLiteral("Pathfinder has attacked already this activation: the Assault's "
                                "Attack Window is its Attack Window"));
    }

    // The targets of the Actions resolved against a model (Initiate Assault, Initiate
    // Boarding, Initiate Bombing, Interception, Ramming Speed, Tug): over seeded random
    // games whose fleets start close together (a grid 6" apart, jittered, any facing),
    // on a digital and a physical table, at every state where one of them is declared
    // and unresolved, a target is offered by legalCommands() exactly when apply()
    // accepts it (dice permitting: seeded probe dice; a "Dice" refusal means the
    // checks passed). Each model is tried after declaring each of these Actions, and
    // again after every command the random player sends in that activation (a move,
    // an attack), so that targets at the edge of the reach, in and out of arc, before
    // and after an attack, are met.
    void targetsOfferedExactlyWhenAccepted_data()
    {
        QTest::addColumn<bool>("physical");
        QTest::newRow("digital") << false;
        QTest::newRow("physical") << true;
    }
    void targetsOfferedExactlyWhenAccepted()
    {
        QFETCH(bool, physical);
        const ActionId targeted[]
            = {ActionId::InitiateAssault, ActionId::InitiateBoarding, ActionId::InitiateBombing,
               ActionId::Interception,    ActionId::RammingSpeed,     ActionId::Tug};
        const std::pair<const char *, const char *> matches[] = {
            {"io-patrol.jwfleet", "venus-strike.jwfleet"},
            {"cega-carrier-group.jwfleet", "jovian-battle-group.jwfleet"},
            {"europa-picket.jwfleet", "cega-fortress.jwfleet"},
            {"venus-strike.jwfleet", "cega-carrier-group.jwfleet"},
        };
        std::map<ActionId, std::pair<int, int>> seen; // targets offered, targets refused
        QStringList failures;
        for (int seed = 1; seed <= 10; ++seed) {
            const auto &[a, b] = matches[(seed - 1) % std::size(matches)];
            GameSetup setup;
            setup.seed = std::uint64_t(seed);
            setup.initiative = seed % 2;
            setup.players[0] = PlayerSetup {QStringLiteral("A"), sample(a)};
            setup.players[1] = PlayerSetup {QStringLiteral("B"), sample(b)};
            if (physical)
                setup.table = TableKind::Physical;
            QVERIFY(!GameSetup::fillUnits(setup, db()));
            // Every model on the table, in the cells of a grid 6" apart in the middle of
            // the table, shuffled, jittered by up to 1", facing anywhere.
            std::mt19937_64 rng(std::uint64_t(seed) * 104729);
            std::vector<QPointF> cells;
            for (int x = 0; x < 6; ++x)
                for (int y = 0; y < 6; ++y)
                    cells.emplace_back(9.0 + 6.0 * x, 9.0 + 6.0 * y);
            std::shuffle(cells.begin(), cells.end(), rng);
            std::uniform_real_distribution<double> jitter(-1.0, 1.0);
            std::uniform_real_distribution<double> facing(0.0, 360.0);
            std::size_t cell = 0;
            for (int p = 0; p < 2; ++p)
                for (int e = 0; e < int(setup.players[std::size_t(p)].fleet.entries.size()); ++e) {
                    QVERIFY(cell < cells.size());
                    ModelStart st;
                    st.player = p;
                    st.entry = e;
                    st.x = cells[cell].x() + jitter(rng);
                    st.y = cells[cell].y() + jitter(rng);
                    st.facing = facing(rng);
                    ++cell;
                    setup.starts.push_back(st);
                }
            setup.startPhase = QStringLiteral("activation");
            QVERIFY2(!setup.check(), qPrintable(setup.check().value_or(QString())));
            const Engine engine(setup);
            SeededDiceSource dice(setup.seed);
            const ApplyResult started = engine.start(dice);
            QVERIFY2(started.ok(),
                     qPrintable(started.rejection ? started.rejection->toString() : QString()));
            std::uint64_t probeSeed = std::uint64_t(seed) * 1000003;
            // Both directions for every model as the target, in state `s`.
            const auto check = [&](const GameState &s, const QString &where) {
                if (!s.activation || s.pending || !s.activation->action
                    || s.activation->actionResolved
                    || std::find(std::begin(targeted), std::end(targeted), *s.activation->action)
                        == std::end(targeted))
                    return;
                const ActionId action = *s.activation->action;
                const LegalCommands legal = engine.legalCommands(s);
                for (const ModelState &t : s.models) {
                    const ResolveActionCommand c {t.id};
                    SeededDiceSource probe(++probeSeed);
                    const ApplyResult r = engine.apply(s, c, probe);
                    const bool accepted = r.ok() || r.rejection->rule == QLatin1String("Dice");
                    const bool isOffered = offered(legal, c);
                    if (isOffered != accepted)
                        failures << QStringLiteral("%1, %2 of %3 at %4: offered %5, apply %6")
                                        .arg(where, actionKey(action),
                                             s.models[std::size_t(s.activation->model)].name,
                                             t.name)
                                        .arg(isOffered)
                                        .arg(r.ok() ? QStringLiteral("accepts it")
                                                    : r.rejection->toString());
                    (isOffered ? seen[action].first : seen[action].second) += 1;
                }
            };
            GameState state = started.state;
            RandomPlayer player(std::uint64_t(seed) * 31);
            RandomPlayer within(std::uint64_t(seed) * 37);
            for (int step = 0; step < 100 && state.phase != Phase::Over; ++step) {
                const QString where = QStringLiteral("%1 seed %2 step %3")
                                          .arg(physical ? "physical" : "digital")
                                          .arg(seed)
                                          .arg(step);
                check(state, where);
                if (state.phase == Phase::Activation && !state.activation && !state.pending) {
                    const LegalCommands legal = engine.legalCommands(state);
                    for (const ModelState &m : state.models)
                        for (const ActionId action : targeted) {
                            const ActivateCommand declare {m.id, action};
                            if (!offered(legal, declare))
                                continue;
                            SeededDiceSource probe(++probeSeed);
                            const ApplyResult r = engine.apply(state, declare, probe);
                            if (!r.ok())
                                continue; // the Action's own Skill Test, say
                            GameState s = r.state;
                            for (int more = 0; more < 4; ++more) {
                                check(s,
                                      where
                                          + QStringLiteral(" (%1 declares %2, then %3)")
                                                .arg(m.name, actionKey(action))
                                                .arg(more));
                                if (!s.activation || s.activation->model != m.id
                                    || s.activation->actionResolved)
                                    break;
                                const auto c = within.choose(engine, s);
                                if (!c)
                                    break;
                                SeededDiceSource next(++probeSeed);
                                const ApplyResult n = engine.apply(s, *c, next);
                                if (!n.ok())
                                    break;
                                s = n.state;
                                while (s.pending) {
                                    const ApplyResult answered
                                        = engine.apply(s, AnswerCommand {}, next);
                                    if (!answered.ok())
                                        break;
                                    s = answered.state;
                                }
                            }
                        }
                }
                const auto c = player.choose(engine, state);
                if (!c)
                    break;
                const ApplyResult r = engine.apply(state, *c, dice);
                if (r.ok())
                    state = r.state;
                while (state.pending) {
                    const ApplyResult answered = engine.apply(state, AnswerCommand {}, dice);
                    if (!answered.ok())
                        break;
                    state = answered.state;
                }
            }
        }
        for (const QString &f : failures)
            qWarning("%s", qPrintable(f));
        for (const ActionId action : targeted)
            qInfo("%s: %d targets offered, %d refused", qPrintable(actionKey(action)),
                  seen[action].first, seen[action].second);
        QVERIFY2(failures.isEmpty(),
                 qPrintable(QStringLiteral("%1 disagreement(s):\n").arg(failures.size())
                            + failures.mid(0, 40).join(QLatin1Char('\n'))));
        // Each Action was met with targets both offered and refused (Tug but rarely: a
        // Static model within 3"; script trait-tug has one).
        for (const ActionId action : targeted)
            if (action != ActionId::Tug)
                QVERIFY2(seen[action].first > 0 && seen[action].second > 0,
                         qPrintable(actionKey(action)));
    }
};

QTEST_GUILESS_MAIN(TestActions)
#include "tst_actions.moc"
