// The scenario modules (core/engine/scenarios/): the registry knows a module for every
// shipped scenario with special rules (but the ones not moved yet, listed here), each applies
// to its scenario, and a module's own state lives in GameState's one slot: compared, copied,
// written in the state's JSON, and rebuilt the same by a saved game.
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
        // Special rules still played by switches in the Action and attack code (not
        // modules yet): docs/scenarios.md, "What is left to move".
        const QStringList notMovedYet {QStringLiteral("solar-storm"),
                                       QStringLiteral("fleet-engagement")};
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
