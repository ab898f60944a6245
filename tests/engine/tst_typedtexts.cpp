// SPDX-License-Identifier: GPL-3.0-or-later
// Every sentence the engine writes is typed (issue 15: "Typed events, decisions and
// refusals"): each event, refusal and decision of every scripted game and of random
// games in every scenario carries its Message, and the Message's English is the text
// that files, `play` and `--json` carry. An untyped sentence would stay English in a
// translated table; this test names each one.
#include "samplefleets.h"

#include "dice/dicesource.h"
#include "engine/engine.h"
#include "engine/game.h"
#include "engine/gamescript.h"
#include "engine/randomplayer.h"
#include "engine/scenario.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTest>

#include <map>

using namespace jw;
using test::db;
using test::sample;
using test::scenarios;

namespace {

// No catalogue entry: empty, or plain text that is never translated.
bool untyped(const Message &m)
{
    return m.id() == MsgId {};
}

// Dice notation ("[D4]", "T3") is never translated: an option may be plain text when
// it has no words.
bool isProse(const QString &text)
{
    static const QRegularExpression word(QStringLiteral("[a-z]{2,}"));
    return word.match(text).hasMatch();
}

// Untyped or mistyped texts found, with where they were first seen and how often.
class Findings
{
public:
    void event(const GameEvent &e, const QString &where)
    {
        if (untyped(e.message))
            add(QStringLiteral("event '%1' untyped: %2").arg(e.kind, e.text()), where);
        else if (e.message.english() != e.text())
            add(QStringLiteral("event '%1' typed as '%2' but reads: %3")
                    .arg(e.kind, e.message.english(), e.text()),
                where);
        if (e.secretFrom >= 0) {
            if (untyped(e.publicMessage))
                add(QStringLiteral("public text of '%1' untyped: %2").arg(e.kind, e.publicText()),
                    where);
            else if (e.publicMessage.english() != e.publicText())
                add(QStringLiteral("public text of '%1' typed as '%2' but reads: %3")
                        .arg(e.kind, e.publicMessage.english(), e.publicText()),
                    where);
        }
    }
    void refusal(const Rejection &r, const QString &where)
    {
        if (untyped(r.why))
            add(QStringLiteral("refusal untyped (%1): %2").arg(r.rule, r.message()), where);
        else if (r.why.english() != r.message())
            add(QStringLiteral("refusal typed as '%1' but reads: %2")
                    .arg(r.why.english(), r.message()),
                where);
    }
    void decision(const DecisionRequest &d, const QString &where)
    {
        if (untyped(d.questionMessage))
            add(QStringLiteral("decision '%1' untyped: %2").arg(d.kind, d.question()), where);
        for (int i = 0; i < d.optionCount(); ++i)
            if (untyped(d.optionMessages[std::size_t(i)]) && isProse(d.option(i)))
                add(QStringLiteral("decision '%1' option untyped: %2").arg(d.kind, d.option(i)),
                    where);
    }

    // One line per distinct finding, most frequent first.
    [[nodiscard]] QString report() const
    {
        std::vector<std::pair<QString, Seen>> all(m_seen.begin(), m_seen.end());
        std::sort(all.begin(), all.end(),
                  [](const auto &a, const auto &b) { return a.second.count > b.second.count; });
        QStringList lines;
        for (const auto &[what, seen] : all)
            lines << QStringLiteral("%1x %2 (first in %3)").arg(seen.count).arg(what, seen.where);
        return lines.join(QLatin1Char('\n'));
    }
    [[nodiscard]] bool empty() const { return m_seen.empty(); }
    [[nodiscard]] int checked() const { return m_checked; }
    void count() { ++m_checked; }

private:
    struct Seen
    {
        int count = 0;
        QString where;
    };
    void add(QString what, const QString &where)
    {
        // One line per sentence, whatever its numbers.
        static const QRegularExpression number(QStringLiteral("\\d+"));
        what.replace(number, QStringLiteral("N"));
        Seen &s = m_seen[what];
        if (s.count++ == 0)
            s.where = where;
    }
    std::map<QString, Seen> m_seen;
    int m_checked = 0;
};

} // namespace

class TestTypedTexts : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // Every scripted game as `play` runs it: its events, its refusal, its open question.
    void everyScriptedGame()
    {
        const QDir dir(qEnvironmentVariable("JW_SOURCE_DIR")
                       + QStringLiteral("/tests/engine/scripts"));
        const QStringList files = dir.entryList({QStringLiteral("*.yaml")}, QDir::Files);
        QVERIFY(files.size() > 100);
        Findings found;
        int refusals = 0;
        int decisions = 0;
        for (const QString &f : files) {
            const GameScript script = GameScriptReader::read(dir.filePath(f), db());
            if (!script.ok())
                continue; // scripts of bad input are refused before any game
            std::unique_ptr<ScriptedDiceSource> forced;
            if (script.dice)
                forced = std::make_unique<ScriptedDiceSource>(*script.dice);
            Game game(script.setup, forced.get());
            if (const std::optional<Rejection> r = game.startRejection()) {
                found.refusal(*r, f);
                ++refusals;
            }
            for (const ScriptCommand &sc : script.commands) {
                if (game.startRejection())
                    break;
                ApplyResult r = game.apply(sc.command);
                const QString where = QStringLiteral("%1:%2").arg(f).arg(sc.line);
                if (!r.ok()) {
                    found.refusal(*r.rejection, where);
                    ++refusals;
                    break;
                }
                bool refused = false;
                while (script.autoAnswer && game.state().pending && !refused) {
                    found.decision(game.state().pending->request, where);
                    ++decisions;
                    r = game.apply(AnswerCommand {});
                    if (!r.ok()) {
                        found.refusal(*r.rejection, where);
                        ++refusals;
                        refused = true;
                    }
                }
                if (refused)
                    break;
            }
            if (game.state().pending) {
                found.decision(game.state().pending->request, f);
                ++decisions;
            }
            for (const std::vector<GameEvent> &events : game.log())
                for (const GameEvent &e : events) {
                    found.event(e, f);
                    found.count();
                }
        }
        QVERIFY(found.checked() > 1000);
        QVERIFY(refusals > 50);
        QVERIFY(decisions > 20);
        if (!found.empty())
            qWarning().noquote() << found.report();
        QVERIFY2(found.empty(), "untyped texts (listed above)");
    }

    // Random games in every scenario: every event, every question, and every refusal
    // legalCommands lists for the table to explain.
    void randomGamesInEveryScenario()
    {
        Findings found;
        const std::pair<const char *, const char *> pairs[]
            = {{"io-patrol.jwfleet", "venus-strike.jwfleet"},
               {"jovian-battle-group.jwfleet", "cega-fortress.jwfleet"},
               {"europa-picket.jwfleet", "cega-carrier-group.jwfleet"}};
        int seed = 11;
        for (const Scenario &sc : scenarios().scenarios()) {
            for (const auto &[fleet0, fleet1] : pairs) {
                ++seed;
                GameSetup setup;
                setup.setScenario(sc);
                setup.rules = seed % 2 ? QStringLiteral("v1.2.4") : QStringLiteral("v1.2.2");
                setup.seed = std::uint64_t(seed);
                setup.players[0] = PlayerSetup {QStringLiteral("A"), sample(fleet0)};
                setup.players[1] = PlayerSetup {QStringLiteral("B"), sample(fleet1)};
                QVERIFY(!GameSetup::fillUnits(setup, db()));
                const Engine engine(setup);
                SeededDiceSource dice(setup.seed);
                ApplyResult r = engine.start(dice);
                QVERIFY(r.ok());
                GameState state = r.state;
                for (const GameEvent &e : r.events)
                    found.event(e, sc.id);
                RandomPlayer player(std::uint64_t(seed) * 7919);
                for (int step = 0; step < 400 && state.phase != Phase::Over; ++step) {
                    const QString where
                        = QStringLiteral("%1 seed %2 step %3").arg(sc.id).arg(seed).arg(step);
                    const LegalCommands legal = engine.legalCommands(state);
                    for (const auto &[c, why] : legal.refused)
                        found.refusal(why, where);
                    if (state.pending)
                        found.decision(state.pending->request, where);
                    const std::optional<Command> c = player.choose(engine, state);
                    if (!c)
                        break;
                    r = engine.apply(state, *c, dice);
                    if (!r.ok()) {
                        found.refusal(*r.rejection, where);
                        break;
                    }
                    state = r.state;
                    for (const GameEvent &e : r.events) {
                        found.event(e, where);
                        found.count();
                    }
                }
            }
        }
        QVERIFY(found.checked() > 1000);
        if (!found.empty())
            qWarning().noquote() << found.report();
        QVERIFY2(found.empty(), "untyped texts (listed above)");
    }
};

QTEST_GUILESS_MAIN(TestTypedTexts)
#include "tst_typedtexts.moc"
