// SPDX-License-Identifier: GPL-3.0-or-later
// The attack's and the Actions' sentences are typed (issue 15, "Typed events, decisions and
// refusals"): a refused attack, the attack's events and questions, the preview's reasons and
// the events of resolving an Action carry a catalogue message whose English is the sentence
// of before, and which the German translation turns into German.
#include "attacktestutil.h"

#include "dice/dicesource.h"
#include "engine/game.h"
#include "engine/gamescript.h"
#ifndef Q_MOC_RUN // moc cannot read the X-macro catalogue
#include "engine/messageids.h"
#endif

#include <QCoreApplication>
#include <QTest>
#include <QTranslator>

using namespace jw;
using namespace jw::test;

namespace {

// Two capital ships face to face 10" apart (short range for no weapon, long for a Beam),
// a third one on the attacker's side.
struct Duel
{
    Table t;
    int a = -1;
    int b = -1;
    int friendly = -1;

    Duel()
    {
        Unit attacker = capitalCard(QStringLiteral("Attacker"));
        attacker.weapons.push_back(
            weapon(QStringLiteral("Beam Projector"), WeaponClass::BeamProjector, 4, 2, 1));
        Unit target = capitalCard(QStringLiteral("Target"));
        target.traits.push_back(trait(QStringLiteral("Shield")));
        target.armor.fore = 1;
        target.armor.sides = 1;
        target.armor.aft = 1;
        a = t.add(attacker, 0, QPointF(24, 34));
        b = t.add(target, 1, QPointF(24, 30), 180.0);
        friendly = t.add(capitalCard(QStringLiteral("Friend")), 0, QPointF(10, 34));
        t.activate(a);
    }
};

// Installs the German translation for the life of the object.
class German
{
public:
    German()
    {
        m_ok = m_de.load(QStringLiteral(JW_DE_QM)) && QCoreApplication::installTranslator(&m_de);
    }
    ~German() { QCoreApplication::removeTranslator(&m_de); }
    [[nodiscard]] bool ok() const { return m_ok; }

private:
    QTranslator m_de;
    bool m_ok = false;
};

} // namespace

class TestAttackMessages : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void refusalsAreTyped()
    {
        Duel d;
        const AttackCheck friendly = checkAttack(d.t.setup, d.t.state, d.a, 0, d.friendly);
        QVERIFY(friendly.rejection);
        QCOMPARE(friendly.rejection->rule, QStringLiteral("Attack"));
        QCOMPARE(friendly.rejection->why.id(), MsgId::IsFriendlyModel);
        QCOMPARE(friendly.rejection->whyMessage().english(),
                 QStringLiteral("Friend is a friendly model"));
        QCOMPARE(friendly.rejection->message(), friendly.rejection->why.english());

        d.t.model(d.a).weaponsDamaged = {1};
        const AttackCheck damaged = checkAttack(d.t.setup, d.t.state, d.a, 0, d.b);
        QVERIFY(damaged.rejection);
        QCOMPARE(damaged.rejection->rule, QStringLiteral("Damage › Weapon Damage"));
        QCOMPARE(damaged.rejection->why.id(), MsgId::WeaponIsDamaged);
        QCOMPARE(damaged.rejection->whyMessage().english(),
                 QStringLiteral("Attacker's Beam Projector is damaged"));

        // Out of range: the reasons are nested fragments, the English unchanged.
        Duel far;
        far.t.model(far.b).placement = Placement(QPointF(24, 2), 180.0);
        far.t.model(far.a).sensorsLost = 2;
        const AttackCheck out = checkAttack(far.t.setup, far.t.state, far.a, 0, far.b);
        QVERIFY(out.rejection);
        QCOMPARE(out.rejection->why.id(), MsgId::OutOfRangeCapital);
        QCOMPARE(out.rejection->message(),
                 QStringLiteral("Target is 30\" away; Attacker reaches 9\" against capital ships "
                                "(Sensors damaged to 1)"));

        German de;
        QVERIFY(de.ok());
        QCOMPARE(friendly.rejection->translatedMessage(),
                 QStringLiteral("Friend ist ein befreundetes Modell"));
        QCOMPARE(damaged.rejection->translatedMessage(),
                 QStringLiteral("Beam Projector von Attacker ist beschädigt"));
        QCOMPARE(out.rejection->translatedMessage(),
                 QStringLiteral("Target ist 30\" entfernt; Attacker reicht 9\" gegen "
                                "Großkampfschiffe (Sensoren auf 1 beschädigt)"));
        // The rule names a section of the English rules text.
        QVERIFY(damaged.rejection->translatedString().startsWith(
            QStringLiteral("Damage › Weapon Damage: ")));
    }

    void previewReasonsAreTranslated()
    {
        Duel d;
        const AttackPreview p = previewAttack(d.t.setup, d.t.state, d.a, 0, d.b);
        QVERIFY(p.ok());
        QVERIFY(!p.check.steps.empty());
        QStringList english;
        for (const PoolStep &s : p.check.steps) {
            QVERIFY2(!s.whyMessage.isEmpty(), qPrintable(s.why));
            QCOMPARE(s.whyMessage.english(), s.why);
            english << s.why;
        }
        // The reasons as they were.
        QVERIFY2(english.contains(QStringLiteral("Beam Projector AC")),
                 qPrintable(english.join('|')));
        QVERIFY2(english.contains(QStringLiteral("short range")), qPrintable(english.join('|')));
        QVERIFY2(english.contains(QStringLiteral("Fore armor")), qPrintable(english.join('|')));
        bool shield = false;
        for (const ResultRule &r : p.resultRules) {
            QVERIFY(!r.effectMessage.isEmpty());
            QCOMPARE(r.ruleMessage.english(), r.rule);
            QCOMPARE(r.effectMessage.english(), r.effect);
            shield = shield || r.rule == QStringLiteral("Target's Shield");
        }
        QVERIFY(shield);

        German de;
        QVERIFY(de.ok());
        QStringList german;
        for (const PoolStep &s : p.check.steps)
            german << s.translatedWhy();
        QVERIFY2(german.contains(QStringLiteral("kurze Reichweite")), qPrintable(german.join('|')));
        QVERIFY2(german.contains(QStringLiteral("Bugpanzerung")), qPrintable(german.join('|')));
        bool translatedShield = false;
        for (const ResultRule &r : p.resultRules)
            translatedShield = translatedShield
                || (r.translatedRule() == QStringLiteral("Schild von Target")
                    && r.translatedEffect().contains(QStringLiteral("einen Schaden weniger")));
        QVERIFY(translatedShield);
    }

    void attackEventsAndQuestionsAreTyped()
    {
        Duel d;
        // Beam Projector AC 4, +1F short range, +1M -1M armor: 5 dice, one dropped. A miss
        // asks the Beam Projector's re-roll.
        const Run r
            = attack(d.t, d.a, 0, d.b, {1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 6, 6, 6, 6, 6, 6}, {1});
        const DecisionRequest *reroll = r.question(QStringLiteral("reroll"));
        QVERIFY(reroll);
        QCOMPARE(reroll->questionMessage.id(), MsgId::RerollQuestion);
        QCOMPARE(reroll->question(),
                 QStringLiteral("Attacker rolled [N]: re-roll (Beam Projector)?"));
        QCOMPARE(reroll->options(),
                 QStringList({QStringLiteral("Keep [N]"), QStringLiteral("Re-roll")}));
        for (const GameEvent &e : r.events) {
            QVERIFY2(!e.message.isEmpty(), qPrintable(e.text()));
            QCOMPARE(e.message.english(), e.text());
        }
        const auto attacks = r.eventsOf(QStringLiteral("attack"));
        QVERIFY(!attacks.empty());
        QCOMPARE(attacks.front()->text().left(41),
                 QStringLiteral("Attacker attacks Target with Beam Project"));

        German de;
        QVERIFY(de.ok());
        QCOMPARE(reroll->translatedQuestion(),
                 QStringLiteral("Attacker hat [N] gewürfelt: neu würfeln (Strahlenprojektor)?"));
        QCOMPARE(reroll->translatedOption(1), QStringLiteral("Neu würfeln"));
        QVERIFY2(attacks.front()->translatedFor(-1).startsWith(
                     QStringLiteral("Attacker greift Target mit Beam Projector an: ")),
                 qPrintable(attacks.front()->translatedFor(-1)));
        QVERIFY(attacks.front()->translatedFor(-1).contains(QStringLiteral(", kurze Reichweite.")));
    }

    void actionEventsAreTyped()
    {
        const QByteArray yaml = R"(
rules: v1.2.2
initiative: 1
dice: [6, 6, 1]
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
  - activate: {model: Shan-Yu, action: silent-running}
)";
        const GameScript script
            = GameScriptReader::parse(yaml, QStringLiteral("inline.yaml"), QString(), test::db());
        QVERIFY2(script.ok(),
                 qPrintable(script.issues.empty() ? QString() : script.issues.front().toString()));
        ScriptedDiceSource dice(*script.dice);
        Game game(script.setup, &dice);
        std::vector<GameEvent> events;
        for (const ScriptCommand &c : script.commands) {
            const ApplyResult r = game.apply(c.command);
            QVERIFY2(r.ok(), qPrintable(r.rejection ? r.rejection->toString() : QString()));
            events.insert(events.end(), r.events.begin(), r.events.end());
        }
        const GameEvent *test = nullptr;
        const GameEvent *stealthed = nullptr;
        for (const GameEvent &e : events) {
            if (e.message.id() == MsgId::ActionSkillTest)
                test = &e;
            if (e.message.id() == MsgId::IsStealthed)
                stealthed = &e;
        }
        QVERIFY(test);
        QVERIFY(stealthed);
        QCOMPARE(test->text(), test->message.english());
        QVERIFY2(test->text().startsWith(
                     QStringLiteral("Shan-Yu makes a Skill Test for Silent Running: ")),
                 qPrintable(test->text()));
        QCOMPARE(stealthed->text(), QStringLiteral("Shan-Yu is Stealthed."));

        // A refused resolution: Silent Running is resolved when it is declared.
        const ApplyResult again = game.apply(ResolveActionCommand {});
        QVERIFY(again.rejection);
        QCOMPARE(again.rejection->why.id(), MsgId::ResolvedWhenDeclared);
        QCOMPARE(again.rejection->message(),
                 QStringLiteral("Silent Running is resolved when it is declared"));

        German de;
        QVERIFY(de.ok());
        QVERIFY2(test->translatedFor(-1).startsWith(
                     QStringLiteral("Shan-Yu legt eine Fertigkeitsprobe für Schleichfahrt ab: ")),
                 qPrintable(test->translatedFor(-1)));
        QCOMPARE(stealthed->translatedFor(-1), QStringLiteral("Shan-Yu ist getarnt."));
    }
};

QTEST_GUILESS_MAIN(TestAttackMessages)
#include "tst_attackmessages.moc"
