// SPDX-License-Identifier: GPL-3.0-or-later
// The engine's typed sentences (core/engine/message.h): one formatter, English
// byte for byte as before, translated through the installed translator, and
// events and refusals carrying them.
#include "dice/dicesource.h"
#include "engine/game.h"
#include "engine/gamescript.h"
#ifndef Q_MOC_RUN // moc cannot read the X-macro catalogue
#include "engine/messageids.h"
#include "engine/rules/context.h"
#endif
#include "samplefleets.h"

#include <QCoreApplication>
#include <QDir>
#include <QLocale>
#include <QRegularExpression>
#include <QSet>
#include <QTest>
#include <QTranslator>

using namespace jw;

namespace {

// Translates every engine template to "<DE>template" (its placeholders kept).
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

} // namespace

class TestMessage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void formatsLikeTheOldSentence()
    {
        const Message m(MsgId::CapitalMoved,
                        {QStringLiteral("Valiant"), QStringLiteral("6\""),
                         Message(MsgId::WithTurns, {2}), QStringLiteral("6\""),
                         QStringLiteral("9\"")});
        QCOMPARE(m.english(),
                 QStringLiteral("Valiant moves 6\" with 2 turn(s) (6\" of at most 9\" this "
                                "activation)."));
        const Message noTurn(MsgId::CapitalMoved,
                             {QStringLiteral("Valiant"), QStringLiteral("6\""), QString(),
                              QStringLiteral("6\""), QStringLiteral("9\"")});
        QCOMPARE(noTurn.english(),
                 QStringLiteral("Valiant moves 6\" (6\" of at most 9\" this activation)."));
    }

    void argumentsAreNotScannedAgain()
    {
        // Chained QString::arg would replace the %2 inside the first name.
        const Message m(MsgId::MandatoryMoveStopsAtPlanet,
                        {QStringLiteral("Ship %2"), QStringLiteral("Io"), QStringLiteral("3\"")});
        QCOMPARE(m.english(),
                 QStringLiteral("Ship %2's mandatory movement stops at the edge of Io after 3\" "
                                "(its minimum counts as made)."));
    }

    void missingArgumentsStayVisible()
    {
        QCOMPARE(Message(MsgId::StaticMayNotMove).english(), QStringLiteral("%1 may not move"));
    }

    void plainTextIsNotTranslated()
    {
        MarkingTranslator tr;
        QCoreApplication::installTranslator(&tr);
        const Message p = Message::plain(QStringLiteral("Valiant"));
        QCOMPARE(p.translated(), QStringLiteral("Valiant"));
        QVERIFY(!p.isEmpty());
        QVERIFY(Message().isEmpty());
        QCoreApplication::removeTranslator(&tr);
    }

    void translatesTemplateAndNestedFragments()
    {
        MarkingTranslator tr;
        QCoreApplication::installTranslator(&tr);
        const Message m(MsgId::CapitalMoved,
                        {QStringLiteral("Valiant"), QStringLiteral("6\""),
                         Message(MsgId::WithTurns, {1}), QStringLiteral("6\""),
                         QStringLiteral("9\"")});
        QCOMPARE(m.translated(),
                 QStringLiteral("<DE>Valiant moves 6\"<DE> with 1 turn(s) (6\" of at most 9\" "
                                "this activation)."));
        // English stays English whatever the translator.
        QVERIFY(!m.english().contains(QStringLiteral("<DE>")));
        QCoreApplication::removeTranslator(&tr);
    }

    void decimalsFollowTheLocaleWhenTranslated()
    {
        // inches() rounds as the old sentences did, and keeps "." in the English.
        QCOMPARE(QString(detail::inches(6.456)), QStringLiteral("6.46\""));
        QCOMPARE(QString(detail::inches(6.456, 1)), QStringLiteral("6.5\""));
        QCOMPARE(QString(detail::inches(6.0)), QStringLiteral("6\""));
        QCOMPARE(QString(decimal(1.4, 1, {}, true)), QStringLiteral("1.4"));
        QCOMPARE(QString(decimal(2.0, 2, {}, true)), QStringLiteral("2.00"));

        const Message m(MsgId::CapitalMoved,
                        {QStringLiteral("Ship 2.0"), detail::inches(6.5), QString(),
                         detail::inches(6.5), detail::inches(9.25)});
        const QLocale before;
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        const QString german = m.translated();
        const QString english = m.english();
        QLocale::setDefault(QLocale(QLocale::French, QLocale::France));
        const QString french = m.translated();
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        const QString american = m.translated();
        QLocale::setDefault(before);
        // Only the numbers change; a name is plain text and keeps its ".".
        QCOMPARE(german,
                 QStringLiteral("Ship 2.0 moves 6,5\" (6,5\" of at most 9,25\" this activation)."));
        QCOMPARE(french, german);
        QCOMPARE(english,
                 QStringLiteral("Ship 2.0 moves 6.5\" (6.5\" of at most 9.25\" this activation)."));
        QCOMPARE(american, english);
    }

    void catalogueIsWellFormed()
    {
        static const QRegularExpression placeholder(QStringLiteral("%(\\d+)"));
        QSet<QString> keys, sources;
        for (int i = 1; i < int(MsgId::Count); ++i) {
            const auto id = MsgId(i);
            const QString key = QString::fromLatin1(Message::key(id));
            const QString src = QString::fromUtf8(Message::source(id));
            QVERIFY2(!src.isEmpty(), qPrintable(key));
            QVERIFY2(!keys.contains(key), qPrintable(key));
            // Two names for one sentence would give translators two entries.
            QVERIFY2(!sources.contains(src), qPrintable(key + QStringLiteral(": ") + src));
            keys.insert(key);
            sources.insert(src);
            QCOMPARE(Message::fromKey(key), id);
            // Placeholders are %1..%n, each at least once (a gap would leave one
            // argument unused).
            int highest = 0;
            QSet<int> seen;
            for (const auto &match : placeholder.globalMatch(src)) {
                const int n = match.captured(1).toInt();
                seen.insert(n);
                highest = std::max(highest, n);
            }
            QVERIFY2(seen.size() == highest, qPrintable(key + QStringLiteral(": ") + src));
        }
        QCOMPARE(Message::fromKey(u"NoSuchMessage"), MsgId::Count);
    }

    void germanIsComplete()
    {
        // "German kept complete": every sentence of the catalogue is translated, with
        // the same placeholders.
        QTranslator de;
        QVERIFY2(de.load(QStringLiteral(JW_DE_QM)), JW_DE_QM);
        static const QRegularExpression placeholder(QStringLiteral("%\\d+"));
        for (int i = 1; i < int(MsgId::Count); ++i) {
            const auto id = MsgId(i);
            const QString src = QString::fromUtf8(Message::source(id));
            const QString t = de.translate("jw::Engine", Message::source(id));
            QVERIFY2(!t.isEmpty(), Message::key(id));
            QStringList a, b;
            for (const auto &m : placeholder.globalMatch(src))
                a << m.captured();
            for (const auto &m : placeholder.globalMatch(t))
                b << m.captured();
            a.sort();
            b.sort();
            QVERIFY2(a == b,
                     qPrintable(QString::fromLatin1(Message::key(id)) + QStringLiteral(": ") + t));
        }
    }

    void eventsAndRefusalsCarryTheirMessage()
    {
        const QByteArray yaml = R"(
rules: v1.2.2
initiative: 1
dice: [3, 3]
players:
  - name: Dave
    fleet: {faction: jovian, points: 250, units: [{unit: alexander}]}
  - name: Eve
    fleet: {faction: venusian, points: 250, units: [{unit: shan-yu}]}
start:
  phase: activation
  models:
    - {model: Alexander, x: 40, y: 44}
    - {model: Shan-Yu, x: 24, y: 10, facing: 180}
commands:
  - activate: {model: Shan-Yu}
)";
        const GameScript script
            = GameScriptReader::parse(yaml, QStringLiteral("inline.yaml"), QString(), test::db());
        QVERIFY2(script.ok(),
                 qPrintable(script.issues.empty() ? QString() : script.issues.front().toString()));
        ScriptedDiceSource dice(*script.dice);
        Game game(script.setup, &dice);
        for (const ScriptCommand &c : script.commands)
            QVERIFY(game.apply(c.command).ok());

        // Too far: a typed refusal whose English is the message.
        const ApplyResult far = game.apply(MoveCapitalCommand {{MoveLeg {30, 0}}});
        QVERIFY(far.rejection);
        QCOMPARE(far.rejection->why.id(), MsgId::CapitalMoveTooFar);
        QCOMPARE(far.rejection->message(), far.rejection->why.english());
        QVERIFY(far.rejection->message().startsWith(QStringLiteral("Shan-Yu may move at most ")));

        const ApplyResult moved = game.apply(MoveCapitalCommand {{MoveLeg {4, 0}}});
        QVERIFY(moved.ok());
        bool found = false;
        for (const GameEvent &e : moved.events) {
            if (e.message.id() != MsgId::CapitalMoved)
                continue;
            found = true;
            QCOMPARE(e.text(), e.message.english());
            QCOMPARE(e.text(),
                     QStringLiteral("Shan-Yu moves 4\" (4\" of at most %1 this activation).")
                         .arg(e.message.args().at(4).text));
            QCOMPARE(e.translatedFor(-1), e.text()); // no translator installed
        }
        QVERIFY(found);
    }

    // Decisions are typed (DecisionRequest::typed): their English is the sentence of
    // before, and the table translates them. Every decision of the scripted games.
    void decisionsCarryTheirMessage()
    {
        // The questions the procedures, damage, movement and terrain ask: typed.
        const QSet<QString> typedKinds {
            QStringLiteral("assault-attack"),   QStringLiteral("bombing-attack"),
            QStringLiteral("dogfight-attack"),  QStringLiteral("bombing-run"),
            QStringLiteral("bombing-end"),      QStringLiteral("dogfight"),
            QStringLiteral("break-off"),        QStringLiteral("dogfight-end"),
            QStringLiteral("assault-end"),      QStringLiteral("boarding-commit"),
            QStringLiteral("assaulting"),       QStringLiteral("boarding-defender"),
            QStringLiteral("boarding-boarder"), QStringLiteral("return-to-base"),
            QStringLiteral("return-fuel"),      QStringLiteral("reactive-interception"),
            QStringLiteral("precise"),          QStringLiteral("mass-driver"),
            QStringLiteral("critical"),         QStringLiteral("take-escape-pod"),
            QStringLiteral("terrain-avoid")};
        MarkingTranslator marking;
        QVERIFY(QCoreApplication::installTranslator(&marking));
        const QDir dir(qEnvironmentVariable("JW_SOURCE_DIR")
                       + QStringLiteral("/tests/engine/scripts"));
        const QStringList files = dir.entryList({QStringLiteral("*.yaml")}, QDir::Files);
        QVERIFY(files.size() > 50);
        QSet<QString> seen;
        bool interception = false;
        for (const QString &f : files) {
            const GameScript script = GameScriptReader::read(dir.filePath(f), test::db());
            QVERIFY2(script.ok(), qPrintable(f));
            std::unique_ptr<DiceSource> dice;
            if (script.dice)
                dice = std::make_unique<ScriptedDiceSource>(*script.dice);
            else
                dice = std::make_unique<SeededDiceSource>(script.setup.seed);
            Game game(script.setup, dice.get());
            for (const ScriptCommand &c : script.commands) {
                if (!game.apply(c.command).ok() || !game.state().pending)
                    continue;
                const DecisionRequest &r = game.state().pending->request;
                const QString where = f + QStringLiteral(": ") + r.kind;
                if (!typedKinds.contains(r.kind))
                    continue;
                seen.insert(r.kind);
                QVERIFY2(!r.questionMessage.isEmpty(), qPrintable(where));
                for (int i = 0; i < r.optionCount(); ++i) {
                    // Dice notation ("[D4]", Mass Driver) is not translated.
                    if (r.kind != QLatin1String("mass-driver"))
                        QVERIFY2(r.translatedOption(i).startsWith(QStringLiteral("<DE>")),
                                 qPrintable(where + QStringLiteral(": ") + r.translatedOption(i)));
                }
                QVERIFY2(r.translatedQuestion().startsWith(QStringLiteral("<DE>")),
                         qPrintable(where));
                if (f == QLatin1String("action-assault-intercepted.yaml")
                    && r.kind == QLatin1String("reactive-interception")) {
                    // The sentence of before, byte for byte, its parts translated.
                    interception = true;
                    QCOMPARE(r.question(),
                             QStringLiteral("Pathfinder (within 3\" of your squadrons) Assaults "
                                            "Uller: intercept it?"));
                    QCOMPARE(r.options(),
                             QStringList({QStringLiteral("Intercept with Wyvern (1.77\" away)"),
                                          QStringLiteral("No interception")}));
                    QCOMPARE(r.translatedQuestion(),
                             QStringLiteral("<DE>Pathfinder (within 3\" of your squadrons) "
                                            "<DE>Assaults Uller: intercept it?"));
                    QCOMPARE(r.data.value(QStringLiteral("trigger")).toString(),
                             QStringLiteral("Assaults Uller"));
                }
            }
        }
        QCoreApplication::removeTranslator(&marking);
        QVERIFY(interception);
        // The scripts reach most of them (18 today): the test is not vacuous.
        QVERIFY2(seen.size() >= 15, qPrintable(QStringList(seen.values()).join(u' ')));
    }
};

QTEST_GUILESS_MAIN(TestMessage)
#include "tst_message.moc"
