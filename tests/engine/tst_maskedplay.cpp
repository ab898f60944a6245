// SPDX-License-Identifier: GPL-3.0-or-later
// v1.2.4 secret information played without showing it (issue 19, maskedview.h): each
// player's game, in which the other side's hidden models are commitments, fed the other's
// commands with their reveals, stays in step with the whole game: after every command the
// third party's view of the two is the same, at the end the whole state is; a hidden
// model's card is never in the viewer's JSON before its reveal; a forged reveal is refused
// and changes nothing.
#include "dice/recordingdice.h"
#include "engine/gamejson.h"
#include "engine/gamescript.h"
#include "engine/maskedview.h"
#include "engine/randomplayer.h"
#include "samplefleets.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

#include <memory>

using namespace jw;

namespace {

using test::db;
using test::sample;
using test::scenarios;

GameSetup setupFor(const QString &scenario, int seed, const char *fleet0, const char *fleet1)
{
    GameSetup setup;
    setup.setScenario(*scenarios().byId(scenario));
    setup.rules = QStringLiteral("v1.2.4");
    setup.seed = std::uint64_t(seed);
    setup.players[0] = PlayerSetup {QStringLiteral("A"), sample(fleet0)};
    setup.players[1] = PlayerSetup {QStringLiteral("B"), sample(fleet1)};
    if (GameSetup::fillUnits(setup, db()))
        qFatal("units");
    return setup;
}

std::vector<QString> merged(const std::vector<QString> &a, const std::vector<QString> &b)
{
    std::vector<QString> out = a;
    for (std::size_t i = 0; i < out.size() && i < b.size(); ++i)
        if (out[i].isEmpty())
            out[i] = b[i];
    return out;
}

QByteArray text(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

// A whole game, the full engine's, and each player's masked game beside it.
struct MaskedGame
{
    GameSetup setup;
    Engine full;
    GameState state;
    std::array<ModelSecrets, 2> secrets;
    std::vector<QString> all;
    std::vector<MaskedView> views;
    std::vector<int> startDice; // the faces the start drew

    // `dice`: the game's source; the start's faces are given to the masked games too.
    MaskedGame(GameSetup s, DiceSource &dice)
        : setup(std::move(s))
        , full(setup)
    {
        secrets = {ModelSecrets::generate(setup, 0), ModelSecrets::generate(setup, 1)};
        all = merged(secrets[0].commitments(setup), secrets[1].commitments(setup));
        for (int v = 0; v < 2; ++v)
            views.emplace_back(MaskedView::maskedSetup(setup, v), secrets[std::size_t(v)],
                               secrets[std::size_t(1 - v)].commitments(setup));
        RecordingDiceSource recorded(dice);
        state = full.start(recorded).state;
        startDice = recorded.drawn;
        for (MaskedView &view : views) {
            ScriptedDiceSource again(recorded.drawn);
            if (view.start(again))
                qFatal("masked start refused");
        }
    }
};

struct Stats
{
    int commands = 0;
    int reveals = 0;
    int sealed = 0;
    int revealedAll = 0;
    int games = 0;
    int over = 0;
    int receiverReveals = 0; // between two computers: reveals sent by the player not to act
};

// The unit ids and names of the other player's models `view` may not know yet that no
// known model shares (a card the viewer knows from elsewhere may be in its JSON).
QStringList secretWords(const MaskedGame &g, const MaskedView &view)
{
    QStringList known;
    QStringList secret;
    for (const ModelState &m : g.state.models) {
        if (m.terrain >= 0)
            continue;
        const FleetEntry &e
            = g.setup.players[std::size_t(m.owner)].fleet.entries[std::size_t(m.entry)];
        const Unit *u = g.setup.unit(e.unitId);
        const QStringList words {QStringLiteral("\"%1\"").arg(e.unitId),
                                 QStringLiteral("\"%1\"").arg(u ? u->name : e.unitId)};
        (view.known(m.id) ? known : secret) << words;
    }
    QStringList out;
    for (const QString &w : secret)
        if (!known.contains(w))
            out << w;
    return out;
}

} // namespace

class TestMaskedPlay : public QObject
{
    Q_OBJECT

private:
    // The whole game applies `c` (refused: false); both masked games take it with its
    // reveals and must agree with the whole game's third-party view, and hold no secret card.
    static bool step(MaskedGame &g, const Command &c, DiceSource &source, Stats &stats)
    {
        RecordingDiceSource dice(source);
        const ApplyResult r = g.full.apply(g.state, c, dice);
        if (!r.ok())
            return false;
        const QJsonObject expected = thirdPartyJson(g.full, r.state, g.all);
        const GameState before = g.state;
        g.state = r.state; // secretWords reads the models of the whole game
        for (int v = 0; v < 2; ++v) {
            MaskedView &view = g.views[std::size_t(v)];
            const MaskedMove move
                = MaskedView::prepare(view, g.full, before, r, dice.drawn, c, before.commands,
                                      g.secrets[std::size_t(1 - v)], g.all);
            stats.reveals += int(move.reveals.size());
            stats.sealed += move.sealedHash.isEmpty() ? 0 : 1;
            stats.revealedAll += move.revealedAll ? 1 : 0;
            if (move.revealedAll)
                qInfo("command %d: every hidden model revealed to %d: %s", before.commands, v,
                      qPrintable(move.revealedAllWhy.english()));
            const auto why = view.apply(move);
            [&] {
                QVERIFY2(!why, qPrintable(why.value_or(QString())));
            }();
            if (why)
                return false;
            const bool same = view.thirdParty() == expected;
            if (!same)
                qWarning("%s\n%s", text(view.thirdParty()).constData(), text(expected).constData());
            [&] {
                QVERIFY2(same,
                         qPrintable(QStringLiteral("viewer %1, command %2 (%3)")
                                        .arg(v)
                                        .arg(before.commands)
                                        .arg(commandId(c))));
            }();
            if (!same)
                return false;
            // No secret card in what the viewer's program holds.
            const QByteArray json = text(view.viewJson());
            for (const QString &w : secretWords(g, view)) {
                [&] {
                    QVERIFY2(!json.contains(w.toUtf8()),
                             qPrintable(QStringLiteral("viewer %1 holds %2").arg(v).arg(w)));
                }();
                if (json.contains(w.toUtf8()))
                    return false;
            }
        }
        ++stats.commands;
        return true;
    }

    // At the end: each masked game is the whole game.
    static void compareAtEnd(const MaskedGame &g, Stats &stats)
    {
        ++stats.games;
        if (g.state.phase != Phase::Over)
            return;
        ++stats.over;
        for (const MaskedView &view : g.views) {
            if (!(view.state() == g.state))
                qWarning("%s\n%s", text(stateToJson(view.engine(), view.state())).constData(),
                         text(stateToJson(g.full, g.state)).constData());
            QVERIFY(view.state() == g.state);
            QCOMPARE(view.setup().players, g.full.setup().players);
        }
    }

    // Plays `setup` with random commands.
    static void play(const GameSetup &setup, int cap, Stats &stats)
    {
        SeededDiceSource dice(setup.seed + 99);
        MaskedGame g(setup, dice);
        for (int v = 0; v < 2; ++v)
            QCOMPARE(g.views[std::size_t(v)].thirdParty(), thirdPartyJson(g.full, g.state, g.all));
        RandomPlayer player(setup.seed * 7 + 1);
        int refused = 0;
        while (g.state.phase != Phase::Over && g.state.commands < cap && refused < 40) {
            const auto c = player.choose(g.full, g.state);
            if (!c || !step(g, *c, dice, stats))
                ++refused;
            if (QTest::currentTestFailed())
                return;
        }
        compareAtEnd(g, stats);
    }

    // Between two computers neither side has the whole game: each player X holds its own
    // masked game (views[X]) and its model of the other's (opponentModel), and computes its
    // reveals for every command from those two alone (prepare with its own game as the
    // whole). The player to act sends its command with its reveals; the other player applies
    // them, computes its own reveals for the command (its carrier destroyed with hidden models
    // aboard, an objective its hidden models weigh on) and sends them back; then each applies
    // the other's reveals and the command. After every command both masked games' third
    // party's views equal the whole game's, which the test alone holds.
    static bool twoSidedStep(MaskedGame &g, std::vector<MaskedView> &models, const Command &c,
                             DiceSource &source, Stats &stats)
    {
        RecordingDiceSource dice(source);
        const ApplyResult r = g.full.apply(g.state, c, dice);
        if (!r.ok())
            return false;
        const int index = g.state.commands;
        const int sender = g.state.pending ? g.state.pending->request.player : g.state.toAct;
        const int receiver = 1 - sender;
        auto check = [&](const std::optional<QString> &why, const char *what) {
            [&] {
                QVERIFY2(!why,
                         qPrintable(QStringLiteral("command %1 (%2), %3: %4")
                                        .arg(index)
                                        .arg(commandId(c))
                                        .arg(QLatin1String(what))
                                        .arg(why.value_or(QString()))));
            }();
            return !why;
        };
        // The sender: its game applies its own command; what it sends is prepared from its
        // game and its model of the receiver's.
        MaskedView &viewS = g.views[std::size_t(sender)];
        MaskedView &viewR = g.views[std::size_t(receiver)];
        MaskedView &modelS = models[std::size_t(sender)];
        MaskedView &modelR = models[std::size_t(receiver)];
        ScriptedDiceSource dS(dice.drawn);
        const ApplyResult afterS = viewS.engine().apply(viewS.state(), c, dS);
        if (!check(afterS.ok() ? std::nullopt
                               : std::optional<QString>(afterS.rejection->toString()),
                   "the sender's own game"))
            return false;
        const MaskedMove moveS
            = MaskedView::prepare(modelS, viewS.engine(), viewS.state(), afterS, dice.drawn, c,
                                  index, g.secrets[std::size_t(sender)], viewS.commitments());
        // The receiver: the sender's reveals first, then its own for the command as it got it.
        if (!check(viewR.applyReveals(moveS), "the sender's reveals")
            || !check(modelR.applyReveals(moveS), "the sender's reveals in the model"))
            return false;
        ScriptedDiceSource dR(dice.drawn);
        const ApplyResult afterR = viewR.engine().apply(viewR.state(), moveS.command, dR);
        if (!check(afterR.ok() ? std::nullopt
                               : std::optional<QString>(afterR.rejection->toString()),
                   "the receiver's game"))
            return false;
        const MaskedMove moveR = MaskedView::prepare(
            modelR, viewR.engine(), viewR.state(), afterR, dice.drawn, moveS.command, index,
            g.secrets[std::size_t(receiver)], viewR.commitments());
        stats.reveals += int(moveS.reveals.size() + moveR.reveals.size());
        stats.receiverReveals += int(moveR.reveals.size());
        stats.sealed += moveS.sealedHash.isEmpty() ? 0 : 1;
        stats.revealedAll += (moveS.revealedAll ? 1 : 0) + (moveR.revealedAll ? 1 : 0);
        // Each applies the command with the other's reveals.
        MaskedMove toR {moveS.command, dice.drawn, {}, {}, moveS.sealedHash};
        MaskedMove toS {c, dice.drawn, moveR.reveals, moveR.sealedReveals, {}};
        MaskedMove toModelR {moveS.command, dice.drawn, moveR.reveals, moveR.sealedReveals,
                             moveS.sealedHash};
        if (!check(viewR.apply(toR), "the receiver applies")
            || !check(viewS.apply(toS), "the sender applies")
            || !check(modelR.apply(toModelR), "the receiver's model applies")
            || !check(modelS.applyReveals(moveR), "the receiver's reveals in the model")
            || !check(modelS.apply(moveS), "the sender's model applies"))
            return false;
        g.state = r.state;
        const QJsonObject expected = thirdPartyJson(g.full, r.state, g.all);
        for (int v = 0; v < 2; ++v) {
            const MaskedView &view = g.views[std::size_t(v)];
            const bool same = view.thirdParty() == expected;
            if (!same)
                qWarning("%s\n%s", text(view.thirdParty()).constData(), text(expected).constData());
            [&] {
                QVERIFY2(same,
                         qPrintable(QStringLiteral("viewer %1, command %2 (%3)")
                                        .arg(v)
                                        .arg(index)
                                        .arg(commandId(c))));
            }();
            if (!same)
                return false;
            const QByteArray json = text(view.viewJson());
            for (const QString &w : secretWords(g, view)) {
                [&] {
                    QVERIFY2(!json.contains(w.toUtf8()),
                             qPrintable(QStringLiteral("viewer %1 holds %2").arg(v).arg(w)));
                }();
                if (json.contains(w.toUtf8()))
                    return false;
            }
        }
        ++stats.commands;
        return true;
    }

private Q_SLOTS:
    void betweenTwoComputers_data() { randomGames_data(); }
    void betweenTwoComputers()
    {
        QFETCH(QString, scenario);
        QFETCH(int, seed);
        QFETCH(QByteArray, fleet0);
        QFETCH(QByteArray, fleet1);
        const GameSetup setup = setupFor(scenario, seed, fleet0.constData(), fleet1.constData());
        SeededDiceSource dice(setup.seed + 99);
        MaskedGame g(setup, dice);
        std::vector<MaskedView> models;
        for (int x = 0; x < 2; ++x) {
            models.push_back(MaskedView::opponentModel(g.views[std::size_t(x)].setup(), x,
                                                       g.views[std::size_t(x)].commitments()));
            ScriptedDiceSource again(g.startDice);
            QVERIFY(!models.back().start(again));
        }
        Stats stats;
        RandomPlayer player(setup.seed * 7 + 1);
        int refused = 0;
        while (g.state.phase != Phase::Over && g.state.commands < 3000 && refused < 40) {
            const auto c = player.choose(g.full, g.state);
            if (!c || !twoSidedStep(g, models, *c, dice, stats))
                ++refused;
            if (QTest::currentTestFailed())
                return;
        }
        compareAtEnd(g, stats);
        if (QTest::currentTestFailed())
            return;
        qInfo("%d commands, %d reveals (%d by the player not to act), %d sealed, %d revealed "
              "all, over: %d",
              stats.commands, stats.reveals, stats.receiverReveals, stats.sealed, stats.revealedAll,
              stats.over);
        QCOMPARE(stats.over, 1);
    }

    void randomGames_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<int>("seed");
        QTest::addColumn<QByteArray>("fleet0");
        QTest::addColumn<QByteArray>("fleet1");
        // One game a scenario (JW_MASKED_GAMES=N: N a scenario), the two sample fleets
        // with carriers taking turns.
        const int games = qEnvironmentVariableIsSet("JW_MASKED_GAMES")
            ? qEnvironmentVariableIntValue("JW_MASKED_GAMES")
            : 1;
        int seed = 1;
        for (const Scenario &sc : scenarios().scenarios())
            for (int k = 0; k < games; ++k, ++seed) {
                const bool swap = (seed % 2) == 0;
                QTest::addRow("%s-%d", qPrintable(sc.id), seed)
                    << sc.id << seed
                    << QByteArray(swap ? "cega-carrier-group.jwfleet" : "io-patrol.jwfleet")
                    << QByteArray(swap ? "jovian-battle-group.jwfleet"
                                       : "cega-carrier-group.jwfleet");
            }
    }
    void randomGames()
    {
        QFETCH(QString, scenario);
        QFETCH(int, seed);
        QFETCH(QByteArray, fleet0);
        QFETCH(QByteArray, fleet1);
        Stats stats;
        play(setupFor(scenario, seed, fleet0.constData(), fleet1.constData()), 3000, stats);
        if (QTest::currentTestFailed())
            return;
        qInfo("%d commands, %d reveals, %d sealed, %d revealed all, over: %d", stats.commands,
              stats.reveals, stats.sealed, stats.revealedAll, stats.over);
        QCOMPARE(stats.over, 1); // every game reaches its end, where the whole state is compared
        QVERIFY(stats.commands > 0);
    }

    // Every v1.2.4 game script with hidden models, replayed from each player's view.
    void scripts_data()
    {
        QTest::addColumn<QString>("path");
        const QDir dir(qEnvironmentVariable("JW_SOURCE_DIR")
                       + QStringLiteral("/tests/engine/scripts"));
        for (const QString &f : dir.entryList({QStringLiteral("*.yaml")}, QDir::Files)) {
            const GameScript script = GameScriptReader::read(dir.filePath(f), db());
            if (script.ok() && script.setup.rules == QLatin1String("v1.2.4")
                && !script.setup.physical() && !script.autoAnswer)
                QTest::newRow(qPrintable(f)) << dir.filePath(f);
        }
    }
    void scripts()
    {
        QFETCH(QString, path);
        const GameScript script = GameScriptReader::read(path, db());
        std::unique_ptr<DiceSource> source;
        if (script.dice)
            source = std::make_unique<ScriptedDiceSource>(*script.dice);
        else
            source = std::make_unique<SeededDiceSource>(script.setup.seed);
        MaskedGame g(script.setup, *source);
        Stats stats;
        bool hidden = false;
        for (const ScriptCommand &c : script.commands) {
            for (const ModelState &m : g.state.models)
                hidden |= g.full.isHidden(g.state, m.id, 1 - m.owner);
            if (!step(g, c.command, *source, stats))
                break; // refused: the script's last command, expected to be
            if (QTest::currentTestFailed())
                return;
        }
        if (QTest::currentTestFailed())
            return;
        QVERIFY(hidden);
        QVERIFY(stats.reveals > 0);
        compareAtEnd(g, stats);
        qInfo("%d commands, %d reveals, %d sealed, %d revealed all", stats.commands, stats.reveals,
              stats.sealed, stats.revealedAll);
    }

    // The sealed Embark: the viewer's stand-in is Embarked on a carrier it is not told; the
    // whole game's engine refuses such a command; the sealed command's reveal is checked.
    void sealedEmbark()
    {
        const GameScript script = GameScriptReader::read(
            qEnvironmentVariable("JW_SOURCE_DIR")
                + QStringLiteral("/tests/engine/scripts/secret-embarked-and-reserve-v124.yaml"),
            db());
        QVERIFY(script.ok());
        SeededDiceSource source(script.setup.seed);
        MaskedGame g(script.setup, source);
        Stats stats;
        const int pathfinder = 1;
        for (int i = 0; i < 2; ++i) // the Valiant, the Shan-Yu
            QVERIFY(step(g, script.commands[std::size_t(i)].command, source, stats));
        {
            // Only a masked setup takes a sealed Embark, not one whose data merely names a
            // unit as a stand-in is named (a saved game or a faction file may carry any id).
            GameSetup setup = g.views[1].setup();
            QVERIFY(setup.masked);
            const GameState before = g.views[1].state();
            const Command sealed = EmbarkCommand {pathfinder, kSealedCarrier};
            ScriptedDiceSource none;
            QVERIFY(Engine(setup).apply(before, sealed, none).ok());
            setup.masked = false;
            QVERIFY(!Engine(setup).apply(before, sealed, none).ok());
        }
        QVERIFY(step(g, script.commands[2].command, source, stats)); // the Pathfinder embarked
        QCOMPARE(stats.sealed, 1);
        const ModelState &seen = g.views[1].state().models[pathfinder];
        QCOMPARE(seen.location, Location::Embarked);
        QCOMPARE(seen.carrier, kSealedCarrier);
        QVERIFY(isStandInUnit(seen.unitId));
        QCOMPARE(g.views[0].state().models[pathfinder], g.state.models[pathfinder]);
        // Not a command of a game with the cards: no model -2.
        ScriptedDiceSource none;
        QVERIFY(!g.full.apply(g.state, EmbarkCommand {pathfinder, kSealedCarrier}, none).ok());
        // The Pathfinder's activation brings its card and its sealed Embark; another carrier
        // in the sealed command is refused.
        RecordingDiceSource dice(source);
        const Command activate = ActivateCommand {pathfinder, {}};
        for (int i = 3; i < 10; ++i)
            QVERIFY(step(g, script.commands[std::size_t(i)].command, source, stats));
        const ApplyResult r = g.full.apply(g.state, activate, dice);
        QVERIFY(r.ok());
        MaskedMove move = MaskedView::prepare(g.views[1], g.full, g.state, r, dice.drawn, activate,
                                              g.state.commands, g.secrets[0], g.all);
        QCOMPARE(move.sealedReveals.size(), std::size_t(1));
        MaskedMove forged = move;
        forged.sealedReveals.front().sealed = EmbarkCommand {pathfinder, 2};
        const QJsonObject before = g.views[1].viewJson();
        const auto why = g.views[1].apply(forged);
        QVERIFY(why);
        QVERIFY2(why->contains(QLatin1String("does not match its commitment")), qPrintable(*why));
        QCOMPARE(g.views[1].viewJson(), before);
        QVERIFY(!g.views[1].apply(move));
        QCOMPARE(g.views[1].state().models[pathfinder].carrier, 0);
        QCOMPARE(g.views[1].thirdParty(), thirdPartyJson(g.full, r.state, g.all));
    }

    // A forged reveal (another nonce, another card) is refused with the reason and changes
    // nothing; the true one is then taken.
    void forgedReveal()
    {
        SeededDiceSource source(5);
        MaskedGame g(setupFor(QStringLiteral("fleet-engagement"), 5, "io-patrol.jwfleet",
                              "cega-carrier-group.jwfleet"),
                     source);
        RandomPlayer player(5);
        bool tried = false;
        while (!tried && g.state.phase != Phase::Over && g.state.commands < 400) {
            const auto c = player.choose(g.full, g.state);
            QVERIFY(c);
            RecordingDiceSource dice(source);
            const ApplyResult r = g.full.apply(g.state, *c, dice);
            if (!r.ok())
                continue;
            for (int v = 0; v < 2; ++v) {
                MaskedView &view = g.views[std::size_t(v)];
                const MaskedMove move
                    = MaskedView::prepare(view, g.full, g.state, r, dice.drawn, *c,
                                          g.state.commands, g.secrets[std::size_t(1 - v)], g.all);
                if (!move.reveals.empty() && !tried) {
                    tried = true;
                    const QJsonObject before = view.viewJson();
                    MaskedMove forged = move;
                    forged.reveals.front().nonce[0] = char(forged.reveals.front().nonce[0] ^ 1);
                    const auto why = view.apply(forged);
                    QVERIFY(why);
                    QVERIFY2(why->contains(QLatin1String("does not match its commitment")),
                             qPrintable(*why));
                    QCOMPARE(view.viewJson(), before);
                    // The same typed, to show in the user's language: the English the same.
                    const auto typed = view.applyText(forged);
                    QVERIFY(typed && typed->isTranslatable());
                    QCOMPARE(typed->english(), *why);
                    QCOMPARE(typed->toJson().toObject().value(QStringLiteral("key")).toString(),
                             QStringLiteral("reveal of model %1: the entry does not match its "
                                            "commitment: refused"));
                    QCOMPARE(view.viewJson(), before);
                    // A command the engine refuses: its rule English, its sentence the
                    // engine's template (messageText), nested in the masked game's sentence.
                    const MaskedMove refused {DeployCommand {}, {}, {}, {}, {}, false, {}};
                    const auto english = view.apply(refused);
                    const auto refusedText = view.applyText(refused);
                    QVERIFY(english && refusedText);
                    QCOMPARE(refusedText->english(), *english);
                    const QJsonObject outer = refusedText->toJson().toObject();
                    QCOMPARE(outer.value(QStringLiteral("key")).toString(),
                             QStringLiteral("command %1: %2"));
                    const QJsonObject inner
                        = outer.value(QStringLiteral("args")).toArray().at(1).toObject();
                    QCOMPARE(inner.value(QStringLiteral("key")).toString(),
                             QStringLiteral("%1: %2"));
                    QVERIFY(inner.value(QStringLiteral("args")).toArray().at(1).isObject());
                    QCOMPARE(view.viewJson(), before);
                    forged = move;
                    QJsonObject entry
                        = forged.reveals.front().entry.value(QStringLiteral("entry")).toObject();
                    entry.insert(QStringLiteral("name"), QStringLiteral("Forged"));
                    forged.reveals.front().entry.insert(QStringLiteral("entry"), entry);
                    QVERIFY(view.apply(forged));
                    QCOMPARE(view.viewJson(), before);
                    QVERIFY(!view.known(move.reveals.front().model));
                }
                const auto why = view.apply(move);
                QVERIFY2(!why, qPrintable(why.value_or(QString())));
            }
            g.state = r.state;
        }
        QVERIFY(tried);
    }
};

QTEST_GUILESS_MAIN(TestMaskedPlay)
#include "tst_maskedplay.moc"
