// SPDX-License-Identifier: GPL-3.0-or-later
// The sentences of the game flow (engine.cpp), deployment (enginedeploy.cpp) and
// declaring Actions (action.cpp) are typed: every event they write carries its
// Message, every refusal its `why`, every question and option its Message, and the
// English of each is the text the files and `play --json` carry.
#include "samplefleets.h"

#include "dice/dicesource.h"
#include "engine/action.h"
#include "engine/game.h"
#include "engine/gamescript.h"
#include "engine/randomplayer.h"
#ifndef Q_MOC_RUN // moc cannot read the X-macro catalogue
#include "engine/messageids.h"
#endif

#include <QCoreApplication>
#include <QDir>
#include <QSet>
#include <QTest>
#include <QTranslator>

using namespace jw;
using test::db;
using test::sample;

namespace {

// The event kinds only the game flow and deployment write.
const QSet<QString> kFlowKinds {
    QStringLiteral("initiative"),
    QStringLiteral("turn"),
    QStringLiteral("phase"),
    QStringLiteral("deployed"),
    QStringLiteral("embarked"),
    QStringLiteral("declined"),
    QStringLiteral("deployment-step"),
    QStringLiteral("activated"),
    QStringLiteral("activation-ended"),
    QStringLiteral("game-over"),
};

// Translates every engine template to "<DE>template".
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

// A refusal with a sentence from the catalogue, whose English is the refusal's text.
bool typedRefusal(const ApplyResult &r, MsgId expected = MsgId::Count)
{
    if (r.ok() || r.rejection->why.isEmpty() || r.rejection->why.id() == MsgId {})
        return false;
    if (expected != MsgId::Count && r.rejection->why.id() != expected)
        return false;
    return r.rejection->message() == r.rejection->why.english();
}

QString describe(const ApplyResult &r)
{
    return r.ok() ? QStringLiteral("accepted")
                  : r.rejection->toString() + QStringLiteral(" [")
            + QLatin1String(Message::key(r.rejection->why.id())) + QLatin1Char(']');
}

} // namespace

class TestTypedFlow : public QObject
{
    Q_OBJECT

    // Every event: its message (if any) is its text; the flow's own kinds always have
    // one, from the catalogue (a decision's question may still be plain English).
    void checkEvents(const std::vector<GameEvent> &events, const QString &where,
                     QSet<QString> &kinds)
    {
        for (const GameEvent &e : events) {
            const QString at = where + QStringLiteral(": ") + e.text();
            if (!e.message.isEmpty())
                QVERIFY2(e.message.english() == e.text(), qPrintable(at));
            if (!e.publicText().isEmpty()) {
                QVERIFY2(e.publicMessage.id() == MsgId::OutOfSight, qPrintable(at));
                QCOMPARE(e.publicMessage.english(), e.publicText());
                kinds.insert(QStringLiteral("secret"));
            }
            if (e.kind == QLatin1String("decision")) {
                QVERIFY2(!e.message.isEmpty(), qPrintable(at));
                kinds.insert(e.kind);
            }
            if (!kFlowKinds.contains(e.kind))
                continue;
            QVERIFY2(e.message.id() != MsgId {}, qPrintable(at));
            kinds.insert(e.kind);
        }
    }

private Q_SLOTS:
    void actionNamesAreCatalogueEntries()
    {
        QSet<MsgId> ids;
        for (const ActionId id : allActionIds()) {
            const Message m = actionMessage(id);
            QVERIFY(m.id() != MsgId {});
            QCOMPARE(m.english(), actionName(id));
            ids.insert(m.id());
        }
        QCOMPARE(int(ids.size()), kActionCount);
        // In a sentence, the name is translated with it.
        MarkingTranslator tr;
        QCoreApplication::installTranslator(&tr);
        const Message m(MsgId::OnlySquadronsMayDeclare, {actionMessage(ActionId::Boost)});
        QCOMPARE(m.english(), QStringLiteral("only Squadrons may declare Boost"));
        QCOMPARE(m.translated(), QStringLiteral("<DE>only Squadrons may declare <DE>Boost"));
        QCoreApplication::removeTranslator(&tr);
    }

    // Every script of tests/engine/scripts played as `play` does: the flow's events
    // are typed, and each English is the text.
    void scriptsAreTyped()
    {
        const QDir dir(qEnvironmentVariable("JW_SOURCE_DIR")
                       + QStringLiteral("/tests/engine/scripts"));
        const QStringList files = dir.entryList({QStringLiteral("*.yaml")}, QDir::Files);
        QVERIFY(files.size() > 50);
        QSet<QString> kinds;
        int refusals = 0;
        for (const QString &f : files) {
            const GameScript script = GameScriptReader::read(dir.filePath(f), db());
            QVERIFY2(script.ok(), qPrintable(f));
            std::optional<ScriptedDiceSource> forced;
            if (script.dice)
                forced.emplace(*script.dice);
            Game game(script.setup, forced ? &*forced : nullptr);
            if (game.startRejection())
                continue;
            checkEvents(game.log().front(), f, kinds);
            for (const ScriptCommand &c : script.commands) {
                ApplyResult r = game.apply(c.command);
                if (!r.ok()) {
                    // A refusal with a message has it as its text.
                    if (!r.rejection->why.isEmpty()) {
                        QCOMPARE(r.rejection->message(), r.rejection->why.english());
                        ++refusals;
                    }
                    break;
                }
                checkEvents(r.events, f, kinds);
                while (script.autoAnswer && game.state().pending) {
                    r = game.apply(AnswerCommand {});
                    if (!r.ok())
                        break;
                    checkEvents(r.events, f, kinds);
                }
            }
        }
        QVERIFY(refusals > 10);
        // (The scripts give the Initiative: no roll for it.)
        for (const QString &k : kFlowKinds)
            QVERIFY2(kinds.contains(k) || k == QLatin1String("initiative"), qPrintable(k));
        QVERIFY(kinds.contains(QStringLiteral("decision")));
    }

    // Whole random games, from the start to the end: the flow's events are typed,
    // and so are the refusals of deployment, activation and the declare check.
    void randomGamesAreTyped()
    {
        const std::pair<const char *, const char *> matches[] = {
            {"io-patrol.jwfleet", "venus-strike.jwfleet"},
            {"cega-carrier-group.jwfleet", "jovian-battle-group.jwfleet"},
        };
        QSet<QString> kinds;
        QSet<MsgId> refusedBy;
        int declareRefusals = 0;
        for (int seed = 1; seed <= 4; ++seed) {
            const auto &[a, b] = matches[(seed - 1) % 2];
            GameSetup setup;
            setup.seed = std::uint64_t(seed);
            setup.turns = 2;
            // v1.2.4: models deployed Embarked are secret (the masked sentence is typed).
            if (seed > 2)
                setup.rules = QStringLiteral("v1.2.4");
            setup.players[0] = PlayerSetup {QStringLiteral("A"), sample(a)};
            setup.players[1] = PlayerSetup {QStringLiteral("B"), sample(b)};
            QVERIFY(!GameSetup::fillUnits(setup, db()));
            Game game(setup);
            const QString where = QStringLiteral("seed %1").arg(seed);
            checkEvents(game.log().front(), where, kinds);
            RandomPlayer player(std::uint64_t(seed) * 11);
            ScriptedDiceSource none;
            for (int step = 0; step < 400 && game.state().phase != Phase::Over; ++step) {
                const GameState &s = game.state();
                const Engine &engine = game.engine();
                const QString at = where + QStringLiteral(" step %1").arg(step);
                auto refused = [&](const Command &c) {
                    const ApplyResult r = engine.apply(s, c, none);
                    QVERIFY2(typedRefusal(r), qPrintable(at + QStringLiteral(": ") + describe(r)));
                    refusedBy.insert(r.rejection->why.id());
                };
                if (!s.pending && s.phase == Phase::Deployment) {
                    refused(ActivateCommand {0, std::nullopt});
                    refused(EndActivationCommand {});
                    // Off the table: refused by the zone (or by who may deploy now).
                    for (const ModelState &m : s.models)
                        if (m.owner == s.toAct && m.location == Location::Reserve)
                            refused(DeployCommand {m.id, Placement(QPointF(-20, -20), 0)});
                }
                if (!s.pending && s.phase == Phase::Activation && !s.activation) {
                    refused(DeclineCommand {});
                    refused(DeployCommand {0, Placement(QPointF(24, 24), 0)});
                    refused(AnswerCommand {});
                    for (const ModelState &m : s.models)
                        if (m.controller != s.toAct || m.activated)
                            refused(ActivateCommand {m.id, std::nullopt});
                    for (const auto &[c, why] : engine.legalCommands(s).refused) {
                        if (!std::holds_alternative<ActivateCommand>(c))
                            continue;
                        QVERIFY2(!why.why.isEmpty() && why.message() == why.why.english(),
                                 qPrintable(at + QStringLiteral(": ") + why.toString()));
                        ++declareRefusals;
                    }
                }
                const auto c = player.choose(engine, s);
                if (!c)
                    break;
                ApplyResult r = game.apply(*c);
                QVERIFY(r.ok());
                checkEvents(r.events, at, kinds);
                while (game.state().pending) {
                    r = game.apply(AnswerCommand {});
                    QVERIFY(r.ok());
                    checkEvents(r.events, at, kinds);
                }
            }
            QCOMPARE(game.state().phase, Phase::Over);
            QVERIFY(typedRefusal(game.apply(DeclineCommand {}), MsgId::GameIsOver));
        }
        for (const QString &k : kFlowKinds)
            QVERIFY2(kinds.contains(k), qPrintable(k));
        QVERIFY(kinds.contains(QStringLiteral("secret")));
        QVERIFY(declareRefusals > 50);
        for (const MsgId id : {MsgId::ActivateInActivationPhase, MsgId::NothingToDecline,
                               MsgId::DeployInDeploymentPhase, MsgId::NoDecisionWaiting,
                               MsgId::NotUnderCommand, MsgId::AlreadyActivated})
            QVERIFY2(refusedBy.contains(id), Message::key(id));
    }

    // The questions of the activation (Sensor Drone, Fuel Pods, their Boost) are typed,
    // options too; the answer's event names the option's message.
    void activationQuestionsAreTyped()
    {
        const QByteArray yaml = R"(
rules: v1.2.2
initiative: 0
seed: 3
players:
  - name: Dave
    fleet: {faction: cega, points: 250, units: [{unit: dragon-striker}]}
  - name: Eve
    fleet: {faction: venusian, points: 250, units: [{unit: kitsune}]}
start:
  phase: activation
  models:
    - {model: Dragon Striker, x: 2, y: 46}
    - {model: Kitsune, x: 24, y: 10, facing: 180}
)";
        const GameScript script
            = GameScriptReader::parse(yaml, QStringLiteral("inline.yaml"), QString(), db());
        QVERIFY(script.ok());
        Game game(script.setup);
        ApplyResult r = game.apply(ActivateCommand {0, ActionId::Boost});
        QVERIFY(r.ok());
        const DecisionRequest pods = *game.legalCommands().decision;
        QCOMPARE(pods.questionMessage.id(), MsgId::FuelPodsQuestion);
        QCOMPARE(pods.question(),
                 QStringLiteral("Does Dragon Striker use its Fuel Pods (once per "
                                "game: +2 Fuel)?"));
        QCOMPARE(int(pods.optionMessages.size()), 3);
        QCOMPARE(pods.optionMessages[2].id(), MsgId::FuelPodsAvoidReturn);
        QCOMPARE(r.events.back().message, pods.questionMessage);
        // An answer that is no movement, given a path: refused, naming the option typed.
        const ApplyResult path = game.apply(AnswerCommand {1, {QPointF(1, 1), QPointF(2, 2)}});
        QVERIFY(typedRefusal(path, MsgId::OptionNotMovement));
        QCOMPARE(path.rejection->message(),
                 QStringLiteral("\"Use them: +2 Fuel and a Boost\" is not a movement: no path"));
        QVERIFY(typedRefusal(game.apply(AnswerCommand {7}), MsgId::OptionDoesNotExist));
        QVERIFY(typedRefusal(game.apply(EndActivationCommand {}), MsgId::AnswerFirst));
        r = game.apply(AnswerCommand {1});
        QVERIFY(r.ok());
        const DecisionRequest boost = *game.legalCommands().decision;
        QCOMPARE(boost.questionMessage.id(), MsgId::BoostQuestion);
        QCOMPARE(boost.optionMessages.front().id(), MsgId::FuelPodsDoubleSpeed);
        // The command's events come once its last question is answered.
        bool used = false;
        while (game.state().pending) {
            r = game.apply(AnswerCommand {0});
            QVERIFY(r.ok());
            for (const GameEvent &e : r.events)
                used |= e.message.id() == MsgId::UsesFuelPods;
        }
        QVERIFY(used);
        // The Kitsune's Sensor Drone, in its own activation.
        QVERIFY(game.apply(EndActivationCommand {}).ok());
        r = game.apply(ActivateCommand {1, std::nullopt});
        QVERIFY(r.ok());
        const DecisionRequest drone = *game.legalCommands().decision;
        QCOMPARE(drone.questionMessage.id(), MsgId::SensorDroneQuestion);
        QCOMPARE(drone.options(),
                 (QStringList {QStringLiteral("Fore"), QStringLiteral("Port"),
                               QStringLiteral("Starboard"), QStringLiteral("Aft"),
                               QStringLiteral("None")}));
        r = game.apply(AnswerCommand {1});
        QVERIFY(r.ok());
        const auto arc = std::find_if(r.events.begin(), r.events.end(), [](const GameEvent &e) {
            return e.message.id() == MsgId::SensorDroneArc;
        });
        QVERIFY(arc != r.events.end());
        QCOMPARE(arc->text(),
                 QStringLiteral("Kitsune's Sensor Drone: Sensors +1 in its Port arc."));
        QCOMPARE(arc->message.args().at(1).nested.front().id(), MsgId::ArcPort);
    }
};

QTEST_GUILESS_MAIN(TestTypedFlow)
#include "tst_typedflow.moc"
