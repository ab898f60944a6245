// SPDX-License-Identifier: GPL-3.0-or-later
// legalCommands() asks the checks that resolution makes (activationRefusal(),
// checkLand()) instead of applying every candidate to a copy of the state. This
// test proves the two agree: over seeded random games, at every step, the
// commands offered are exactly those a slow reference accepts, the reference
// being apply() of every candidate, as legalCommands() used to do. (That every
// command offered is accepted, whatever its kind, is another property: End
// Activation, for one, is offered before the minimum move is made.)
#include "engine/game.h"
#include "engine/gamescript.h"
#include "engine/randomplayer.h"
#include "engine/scenario.h"
#include "fleet/fleetfile.h"
#include "samplefleets.h"
#include "units/unitdatabase.h"

#include <QDir>
#include <QFileInfo>
#include <QTest>

using namespace jw;

namespace {

using test::db;
using test::sample;

// apply() with the probe dice legalCommands() used (their faces do not matter
// for acceptance).
ApplyResult probe(const Engine &engine, const GameState &s, const Command &c)
{
    ScriptedDiceSource dice(std::vector<int>(64, 3));
    return engine.apply(s, c, dice);
}

QString describe(const Command &c)
{
    if (const auto *a = std::get_if<ActivateCommand>(&c))
        return QStringLiteral("activate %1 %2").arg(a->model).arg(a->actionKey());
    if (const auto *l = std::get_if<LandCommand>(&c))
        return QStringLiteral("land on %1").arg(l->carrier);
    return QStringLiteral("command #%1").arg(c.index());
}

// What `offered` and `accepted` do not share, described.
QString mismatch(const std::vector<Command> &offered, const std::vector<Command> &accepted)
{
    QStringList onlyOffered, onlyAccepted;
    for (const Command &c : offered)
        if (std::find(accepted.begin(), accepted.end(), c) == accepted.end())
            onlyOffered << describe(c);
    for (const Command &c : accepted)
        if (std::find(offered.begin(), offered.end(), c) == offered.end())
            onlyAccepted << describe(c);
    return QStringLiteral("offered, refused: [%1]; accepted, not offered: [%2]; %3 offered")
        .arg(onlyOffered.join(QStringLiteral(", ")), onlyAccepted.join(QStringLiteral(", ")))
        .arg(offered.size());
}

// What differs between legalCommands() and the slow reference in state `s`
// (empty: nothing).
QString difference(const Engine &engine, const GameState &s)
{
    const LegalCommands legal = engine.legalCommands(s);
    if (s.pending || s.phase != Phase::Activation)
        return {};
    if (!s.activation) {
        // The reference: every model that may activate (those offered without an
        // Action, a list this change leaves alone) with every Action, applied.
        std::vector<Command> accepted;
        std::vector<std::pair<Command, Rejection>> refused;
        for (const Command &bare : legal.commands) {
            const auto *b = std::get_if<ActivateCommand>(&bare);
            if (!b || b->action)
                continue;
            const ModelState &m = s.models[std::size_t(b->model)];
            accepted.push_back(bare);
            const bool capital = engine.unitOf(m).isCapital();
            for (const ActionInfo &a : allActions()) {
                const Command c = ActivateCommand {m.id, a.action};
                const ApplyResult r = probe(engine, s, c);
                if (r.ok())
                    accepted.push_back(c);
                else if (!(a.squadronOnly && capital) && !(a.capitalOnly && !capital)
                         && (a.scenarioSwitch.isEmpty()
                             || r.rejection->rule != QLatin1String("Scenarios")))
                    refused.emplace_back(c, *r.rejection);
            }
        }
        std::vector<Command> offered;
        for (const Command &c : legal.commands)
            if (std::holds_alternative<ActivateCommand>(c))
                offered.push_back(c);
        if (offered != accepted)
            return QStringLiteral("activations: %1").arg(mismatch(offered, accepted));
        std::vector<std::pair<Command, Rejection>> explained;
        for (const auto &r : legal.refused)
            if (std::holds_alternative<ActivateCommand>(r.first))
                explained.push_back(r);
        if (explained != refused)
            return QStringLiteral("the refused activations differ (%1 explained, %2 refused)")
                .arg(explained.size())
                .arg(refused.size());
        return {};
    }
    // Land: every model as the carrier, applied.
    std::vector<Command> accepted;
    for (const ModelState &m : s.models)
        if (probe(engine, s, LandCommand {m.id}).ok())
            accepted.push_back(LandCommand {m.id});
    std::vector<Command> offered;
    for (const Command &c : legal.commands)
        if (std::holds_alternative<LandCommand>(c))
            offered.push_back(c);
    if (offered != accepted)
        return QStringLiteral("Land: %1").arg(mismatch(offered, accepted));
    return {};
}

} // namespace

class TestLegalityReference : public QObject
{
    Q_OBJECT
private:
    int m_activationStates = 0;
    int m_landOffered = 0;

    void play(const GameSetup &setup, std::uint64_t seed, int steps)
    {
        Game game(setup);
        QVERIFY(!game.startRejection());
        RandomPlayer player(seed);
        for (int step = 0; step < steps && game.state().phase != Phase::Over; ++step) {
            const GameState &s = game.state();
            const QString diff = difference(game.engine(), s);
            QVERIFY2(diff.isEmpty(), qPrintable(QStringLiteral("step %1: %2").arg(step).arg(diff)));
            if (s.phase == Phase::Activation && !s.pending && !s.activation)
                ++m_activationStates;
            for (const Command &c : game.legalCommands().commands)
                m_landOffered += std::holds_alternative<LandCommand>(c) ? 1 : 0;
            const auto c = player.choose(game.engine(), s);
            if (!c)
                break;
            (void)game.apply(*c);
        }
    }

private Q_SLOTS:
    // The comparison must have had something to compare.
    void cleanupTestCase()
    {
        qInfo("%d states with no model active; Land offered %d times", m_activationStates,
              m_landOffered);
        QVERIFY(m_activationStates > 100);
        QVERIFY(m_landOffered > 0);
    }

    void randomGames_data()
    {
        QTest::addColumn<int>("seed");
        QTest::addColumn<QString>("rules");
        QTest::addColumn<QString>("fleet");
        QTest::addRow("v1.2.2 carriers")
            << 1 << QStringLiteral("v1.2.2") << QStringLiteral("cega-carrier-group.jwfleet");
        QTest::addRow("v1.2.3 venus")
            << 2 << QStringLiteral("v1.2.3") << QStringLiteral("venus-strike.jwfleet");
        QTest::addRow("v1.2.4 carriers")
            << 3 << QStringLiteral("v1.2.4") << QStringLiteral("cega-carrier-group.jwfleet");
        QTest::addRow("v1.2.2 fortress")
            << 4 << QStringLiteral("v1.2.2") << QStringLiteral("cega-fortress.jwfleet");
    }

    void randomGames()
    {
        QFETCH(int, seed);
        QFETCH(QString, rules);
        QFETCH(QString, fleet);
        GameSetup setup;
        setup.rules = rules;
        setup.seed = std::uint64_t(seed);
        setup.players[0] = PlayerSetup {QStringLiteral("A"), sample("io-patrol.jwfleet")};
        setup.players[1] = PlayerSetup {QStringLiteral("B"), sample(qPrintable(fleet))};
        QVERIFY(!GameSetup::fillUnits(setup, db()));
        play(setup, std::uint64_t(seed) * 31, 400);
    }

    // From the situations the scripted games set up (Boarded, Assaulting,
    // Crippled, Embarked, terrain, scenarios), a short random game each.
    void scriptedSituations_data()
    {
        QTest::addColumn<QString>("path");
        const QDir dir(qEnvironmentVariable("JW_SOURCE_DIR")
                       + QStringLiteral("/tests/engine/scripts"));
        const QStringList files = dir.entryList({QStringLiteral("*.yaml")}, QDir::Files);
        QVERIFY(files.size() > 50);
        for (const QString &f : files)
            QTest::newRow(qPrintable(f)) << dir.filePath(f);
    }

    void scriptedSituations()
    {
        QFETCH(QString, path);
        const GameScript script = GameScriptReader::read(path, db());
        QVERIFY2(script.ok(), qPrintable(path));
        GameSetup setup = script.setup;
        setup.seed = qHash(QFileInfo(path).fileName()) | 1u;
        play(setup, setup.seed, 40);
    }
};

QTEST_GUILESS_MAIN(TestLegalityReference)
#include "tst_legalityreference.moc"
