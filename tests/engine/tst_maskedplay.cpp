// SPDX-License-Identifier: GPL-3.0-or-later
// v1.2.4 secret information played without showing it (issue 19, maskedview.h): each
// player's game, in which the other side's hidden models are commitments, fed the other's
// commands with their reveals, stays in step with the whole game: after every command the
// third party's view of the two is the same, at the end the whole state is; a hidden
// model's card is never in the viewer's JSON before its reveal; a forged reveal is refused
// and changes nothing.
#include "dice/dicesource.h"
#include "engine/gamejson.h"
#include "engine/maskedview.h"
#include "engine/randomplayer.h"
#include "samplefleets.h"

#include <QJsonDocument>
#include <QTest>

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

    explicit MaskedGame(GameSetup s)
        : setup(std::move(s))
        , full(setup)
    {
        secrets = {ModelSecrets::generate(setup, 0), ModelSecrets::generate(setup, 1)};
        all = merged(secrets[0].commitments(setup), secrets[1].commitments(setup));
        for (int v = 0; v < 2; ++v)
            views.emplace_back(MaskedView::maskedSetup(setup, v), secrets[std::size_t(v)],
                               secrets[std::size_t(1 - v)].commitments(setup));
        SeededDiceSource dice(setup.seed);
        state = full.start(dice).state;
        for (MaskedView &view : views) {
            SeededDiceSource again(setup.seed);
            if (view.start(again))
                qFatal("masked start refused");
        }
    }
};

// The faces a command drew, as Game records them.
class RecordedDice final : public DiceSource
{
public:
    explicit RecordedDice(std::uint64_t seed)
        : m_source(seed)
    { }
    int rollD6() override
    {
        const int f = m_source.rollD6();
        drawn.push_back(f);
        return f;
    }
    std::vector<int> drawn;

private:
    SeededDiceSource m_source;
};

struct Stats
{
    int commands = 0;
    int reveals = 0;
    int sealed = 0;
    int revealedAll = 0;
    int games = 0;
    int over = 0;
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
    // Plays `setup` with random commands; after each, both masked games take it with its
    // reveals and must agree with the whole game's third-party view.
    static void play(const GameSetup &setup, int cap, Stats &stats)
    {
        MaskedGame g(setup);
        for (int v = 0; v < 2; ++v)
            QCOMPARE(g.views[std::size_t(v)].thirdParty(), thirdPartyJson(g.full, g.state, g.all));
        RandomPlayer player(setup.seed * 7 + 1);
        RecordedDice dice(setup.seed + 99);
        int refused = 0;
        while (g.state.phase != Phase::Over && g.state.commands < cap && refused < 40) {
            const auto c = player.choose(g.full, g.state);
            if (!c) {
                ++refused;
                continue;
            }
            dice.drawn.clear();
            const ApplyResult r = g.full.apply(g.state, *c, dice);
            if (!r.ok()) {
                ++refused;
                continue;
            }
            const QJsonObject expected = thirdPartyJson(g.full, r.state, g.all);
            const GameState before = g.state;
            for (int v = 0; v < 2; ++v) {
                MaskedView &view = g.views[std::size_t(v)];
                const MaskedMove move
                    = MaskedView::prepare(view, g.full, g.state, r, dice.drawn, *c,
                                          g.state.commands, g.secrets[std::size_t(1 - v)], g.all);
                stats.reveals += int(move.reveals.size());
                stats.sealed += move.sealedHash.isEmpty() ? 0 : 1;
                stats.revealedAll += move.revealedAll ? 1 : 0;
                if (move.revealedAll)
                    qInfo("command %d: every hidden model revealed to %d: %s", before.commands, v,
                          qPrintable(move.revealedAllWhy));
                const auto why = view.apply(move);
                if (why)
                    qWarning("%s\nbefore: %s\nafter: %s", text(commandToJson(*c)).constData(),
                             text(stateToJson(g.full, before)).constData(),
                             text(stateToJson(view.engine(), view.state())).constData());
                QVERIFY2(!why, qPrintable(why.value_or(QString())));
                if (view.thirdParty() != expected)
                    qWarning("%s\n%s", text(view.thirdParty()).constData(),
                             text(expected).constData());
                QVERIFY2(view.thirdParty() == expected,
                         qPrintable(QStringLiteral("viewer %1, command %2 (%3)")
                                        .arg(v)
                                        .arg(before.commands)
                                        .arg(commandId(*c))));
                // No secret card in what the viewer's program holds.
                g.state = r.state; // secretWords reads the models of the whole game
                const QByteArray json = text(view.viewJson());
                for (const QString &w : secretWords(g, view))
                    QVERIFY2(!json.contains(w.toUtf8()),
                             qPrintable(QStringLiteral("viewer %1 holds %2").arg(v).arg(w)));
            }
            g.state = r.state;
            ++stats.commands;
        }
        ++stats.games;
        if (g.state.phase == Phase::Over) {
            ++stats.over;
            for (const MaskedView &view : g.views) {
                if (!(view.state() == g.state))
                    qWarning("%s\n%s", text(stateToJson(view.engine(), view.state())).constData(),
                             text(stateToJson(g.full, g.state)).constData());
                QVERIFY(view.state() == g.state);
                QCOMPARE(view.setup().players, g.full.setup().players);
            }
        }
    }

private Q_SLOTS:
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

    // A forged reveal (another nonce, another card) is refused with the reason and changes
    // nothing; the true one is then taken.
    void forgedReveal()
    {
        MaskedGame g(setupFor(QStringLiteral("fleet-engagement"), 5, "io-patrol.jwfleet",
                              "cega-carrier-group.jwfleet"));
        RandomPlayer player(5);
        RecordedDice dice(5);
        bool tried = false;
        while (!tried && g.state.phase != Phase::Over && g.state.commands < 400) {
            const auto c = player.choose(g.full, g.state);
            QVERIFY(c);
            dice.drawn.clear();
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
