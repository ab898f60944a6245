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
        QCOMPARE(r.rejection->message, QStringLiteral("no action 'evad'"));
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
};

QTEST_GUILESS_MAIN(TestActions)
#include "tst_actions.moc"
