// SPDX-License-Identifier: GPL-3.0-or-later
// Help › Rules Reference, Getting Started, Keyboard Shortcuts and Edit › Preferences.
#include "campaign/campaignwindow.h"
#include "engine/decisionrule.h"
#ifndef Q_MOC_RUN // moc does not follow messageids.h's #include of a macro
#include "engine/messageids.h"
#endif
#include "engine/poolsteprule.h"
#include "fleetbuilder/fleetdocument.h"
#include "fleetbuilder/validationpanel.h"
#include "help/gettingstarted.h"
#include "help/preferences.h"
#include "help/rulelink.h"
#include "help/ruleslibrary.h"
#include "help/rulesreference.h"
#include "help/shortcutsdialog.h"
#include "mainwindow.h"
#include "print/printing.h"
#include "table/gamecontroller.h"
#include "table/gamewindow.h"
#include "table/newgamedialog.h"
#include "tabletestutil.h"
#include "unittypetext.h"

#include "campaign/campaignstore.h"
#include "fleet/fleetfile.h"
#include "fleet/rulesprofile.h"
#include "render/cardsheet.h"
#include "units/dataissuerule.h"
#include "units/unitdatabase.h"
#include "units/unitloader.h"
#include "units/useroverlay.h"

#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMap>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTextDocumentFragment>
#include <QTranslator>
#include <QUrl>

using namespace jw;
using namespace jw::test;

namespace {

QString sourceDir()
{
    const QString dir = qEnvironmentVariable("JW_SOURCE_DIR");
    return dir.isEmpty() ? QStringLiteral(".") : dir;
}

Fleet fleetFile(const QString &name)
{
    const FleetFileResult r = FleetFile::read(sourceDir() + QStringLiteral("/data/fleets/") + name);
    if (!r.ok())
        qFatal("%s", qPrintable(r.errorText()));
    return *r.fleet;
}

#ifndef Q_MOC_RUN
// Every engine message id with its name ("PoolShortRange").
std::vector<std::pair<MsgId, const char *>> allMessageIds()
{
    return {
#define JW_MESSAGE(id, text) {MsgId::id, #id},
#include JW_MESSAGE_LIST
#undef JW_MESSAGE
    };
}
#endif

QString idOf(int index)
{
    return index < 0 ? QString() : RulesLibrary::shipped().sections()[std::size_t(index)].id;
}

} // namespace

class TestHelp : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        GameController::discardAutosave();
    }
    void cleanupTestCase()
    {
        QSettings().clear();
        GameController::discardAutosave();
    }

    // The shipped texts are all there, as a tree: the rulebook's chapters, the
    // later versions' chapters, the rulings, the house rulings, the profiles.
    void shippedTexts()
    {
        const RulesLibrary &lib = RulesLibrary::shipped();
        for (const char *id :
             {"core-rules-v1.2.2", "states", "states/crippled", "attack/sensor-range",
              "traits/hangers", "scenarios/water-raid", "states-v1.2.3", "states-v1.2.4/crippled",
              "dice-system-v1.2.4/flex-pool", "rulings", "profiles", "house-rulings", "units"})
            QVERIFY2(lib.indexOfId(QString::fromLatin1(id)) >= 0, id);
        const int crippled = lib.indexOfId(QStringLiteral("states/crippled"));
        QCOMPARE(lib.sections()[std::size_t(crippled)].level, 2);
        QCOMPARE(lib.path(crippled),
                 QStringLiteral("Jovian Wars Rules v1.2.2 › States › Crippled"));
        QVERIFY(lib.markdownWithSubsections(lib.indexOfId(QStringLiteral("states")))
                    .contains(QStringLiteral("## Crippled")));
    }

    // A rule as the engine and the fleet rules name it opens its section.
    void findsRuleReferences_data()
    {
        QTest::addColumn<QString>("ref");
        QTest::addColumn<QString>("id");
        QTest::newRow("section") << "Attack › Sensor Range"
                                 << "attack/sensor-range";
        QTest::newRow("particulars") << "Terrain › Comets: Tail AC/AS:2"
                                     << "terrain/comets";
        QTest::newRow("plural") << "Actions › Concentrated Fire"
                                << "action/concentrated-fire";
        QTest::newRow("chapter") << "Ramming"
                                 << "ramming";
        QTest::newRow("section alone") << "Deployment Phase"
                                       << "sequence/deployment-phase";
        QTest::newRow("scenario rule") << "Water Raid › Water Reserves"
                                       << "scenarios/water-raid";
        QTest::newRow("fleet source")
            << "Fleet › Point Restrictions: \"At least 25% of points must be spent on Squadrons.\""
            << "fleet/point-restrictions";
        QTest::newRow("trait with X") << "Traits › Hangers: \"This model may have ...\""
                                      << "traits/hangers";
        QTest::newRow("rulings part") << "RULINGS.md 2 (v1.2.3 and later): \"Unit Cap ...\""
                                      << "rulings/2.-where-v1.2.3-and-v1.2.4-differ-from-v1.2.2-"
                                         "rules-profile-switches";
        QTest::newRow("house ruling") << "House ruling (jwfleet): a fleet ..."
                                      << "house-rulings";
        QTest::newRow("an id") << "states-v1.2.4/crippled"
                               << "states-v1.2.4/crippled";
        QTest::newRow("unknown") << "Decision"
                                 << "";
    }
    void findsRuleReferences()
    {
        QFETCH(QString, ref);
        QFETCH(QString, id);
        QCOMPARE(idOf(RulesLibrary::shipped().find(ref)), id);
    }

    // The rules the engine's refusals name (the literals in core/engine) open the
    // section of that name.
    void everyEngineRuleLinks()
    {
        const QStringList rules {"Movement › Capital Ship Movement",
                                 "Deployment Zone › Beacon Deployment Zone",
                                 "Deployment Zone › Corner Deployment Zone",
                                 "Deployment Type › Fleet Deployment",
                                 "Deployment Phase",
                                 "Activation Phase",
                                 "Structure of a Game",
                                 "Victory Conditions",
                                 "Movement",
                                 "Movement › Squadron Movement",
                                 "Movement › Overlapping",
                                 "Attack",
                                 "Attack › Sensor Range",
                                 "Attack › Attack Window",
                                 "Attack › Model Arcs",
                                 "Attack › Fire Control",
                                 "Weapons › Weapon Attributes",
                                 "Weapons › Lance",
                                 "Damage › Weapon Damage",
                                 "States › Embarked",
                                 "States › Assaulting",
                                 "States › Station Keeping",
                                 "States › Return to Base",
                                 "States › In Reserve",
                                 "States › Crippled",
                                 "States › Captured",
                                 "States › Boarded",
                                 "Action › Land",
                                 "Action › Launch",
                                 "Action › Vector Attack",
                                 "Action › Lay Mines",
                                 "Action › Interception",
                                 "Action › Initiate Boarding",
                                 "Action › Evade",
                                 "Action › Engage Point Defense",
                                 "Action › Withdraw",
                                 "Action › Station Keep",
                                 "Action › Squadron Special Actions",
                                 "Action › Capital Ship Special Actions",
                                 "Action › Silent Running",
                                 "Action › Reorient",
                                 "Action › Reactive Interception",
                                 "Action › Purge Airlocks",
                                 "Action › Long Range Sensors",
                                 "Action › Lock On",
                                 "Action › Initiate Assault",
                                 "Action › Boost",
                                 "Actions › Long Range Sensors",
                                 "Actions › Concentrated Fire",
                                 "Assault",
                                 "Bombing",
                                 "Boarding",
                                 "Ramming",
                                 "Ramming › Ramming Requirements",
                                 "Traits › Hangers",
                                 "Traits › Tug",
                                 "Traits › Tender",
                                 "Traits › Dock",
                                 "Traits › Static",
                                 "Traits › Sluggish",
                                 "Traits › Nuke",
                                 "Traits › Cloak",
                                 "Traits › Bomb",
                                 "Terrain › Comets",
                                 "Terrain › Planet or Large Moon",
                                 "Terrain › Particle Cloud: AC/AS:2",
                                 "Terrain › Asteroid Field: AC:2",
                                 "Scenarios › Ambush",
                                 "Solar Storm › Sensor Range"};
        const RulesLibrary &lib = RulesLibrary::shipped();
        for (const QString &rule : rules) {
            const int i = lib.find(rule);
            QVERIFY2(i >= 0, qPrintable(rule));
            // The section the name ends with, in the v1.2.2 rulebook.
            const QString last
                = rule.section(QStringLiteral(" › "), -1).section(QLatin1Char(':'), 0, 0);
            QVERIFY2(lib.sections()[std::size_t(i)].title.startsWith(last.left(6)),
                     qPrintable(rule + QStringLiteral(" -> ") + lib.path(i)));
            QCOMPARE(lib.sections()[std::size_t(i)].documentIndex, 0);
        }
    }

    // Every question the engine asks names the section of the rules it comes from, and that
    // section opens (the kinds of DecisionRequest::typed in core/engine).
    void everyDecisionRuleLinks()
    {
        const QStringList kinds {"assault-end",     "assaulting",
                                 "barrier",         "boarding-boarder",
                                 "boarding-commit", "boarding-defender",
                                 "bombing-end",     "bombing-run",
                                 "boost",           "break-off",
                                 "carrier",         "carriers",
                                 "critical",        "diminish",
                                 "dogfight",        "dogfight-end",
                                 "escape-edge",     "flex",
                                 "fuel-pods",       "lance-fuel",
                                 "lock-on",         "lock-on-value",
                                 "mass-driver",     "precise",
                                 "quadrant",        "reactive-interception",
                                 "repair",          "repair-docked",
                                 "repair-rating",   "reroll",
                                 "return-fuel",     "return-to-base",
                                 "sensor-drone",    "table-beacons",
                                 "table-facing",    "table-range",
                                 "take-escape-pod", "take-water",
                                 "tender-transfer", "terrain-avoid",
                                 "vector-attack",   "water-fuel-pods"};
        const RulesLibrary &lib = RulesLibrary::shipped();
        for (const QString &kind : kinds) {
            const QString rule = decisionRule(kind);
            QVERIFY2(!rule.isEmpty(), qPrintable(kind));
            const int i = lib.find(rule);
            QVERIFY2(i >= 0, qPrintable(kind + QStringLiteral(": ") + rule));
            const QString last = rule.section(QStringLiteral(" › "), -1);
            QVERIFY2(lib.sections()[std::size_t(i)].title.startsWith(last.left(6)),
                     qPrintable(rule + QStringLiteral(" -> ") + lib.path(i)));
            QVERIFY(help::ruleLink(rule).startsWith(QLatin1String("<a ")));
        }
        // A generic choice is no rule's own.
        for (const char *kind : {"choices", "model", "roll", "target", "value", "weapon"})
            QVERIFY2(decisionRule(QLatin1String(kind)).isEmpty(), kind);
    }

    // Every reason an attack pool or a defence roll's pool is built with (PoolBuilder's
    // MsgId::Pool...) names the section of the rules it comes from (poolStepRule), and that
    // section opens: the attack preview links each reason. Only the terrain attacks' reasons,
    // which the preview does not list, have none.
    void everyPoolStepRuleLinks()
    {
        const auto all = allMessageIds();
        const QStringList notInPreview {QStringLiteral("PoolTerrainAc"),
                                        QStringLiteral("PoolTerrainAs")};
        const RulesLibrary &lib = RulesLibrary::shipped();
        int checked = 0;
        for (const auto &[id, name] : all) {
            const QString n = QLatin1String(name);
            if (!n.startsWith(QLatin1String("Pool")))
                continue;
            PoolStep step;
            step.whyMessage = Message(id);
            const QString rule = poolStepRule(step);
            if (notInPreview.contains(n)) {
                QVERIFY2(rule.isEmpty(), qPrintable(n));
                continue;
            }
            QVERIFY2(!rule.isEmpty(), qPrintable(n));
            const int i = lib.find(rule);
            QVERIFY2(i >= 0, qPrintable(n + QStringLiteral(": ") + rule));
            const QString last = rule.section(QStringLiteral(" › "), -1);
            QVERIFY2(lib.sections()[std::size_t(i)].title.startsWith(last.left(6)),
                     qPrintable(rule + QStringLiteral(" -> ") + lib.path(i)));
            QVERIFY(help::ruleLink(rule, QStringLiteral("x")).startsWith(QLatin1String("<a ")));
            ++checked;
        }
        QVERIFY(checked >= 25);
        QVERIFY(poolStepRule(PoolStep {}).isEmpty()); // a plain reason: no link
    }

    // The reasons of a defence roll's pool (Point Defense, Barrier) link their sections: the
    // Base Pool, the defender's Defense, the rule of the roll (defenceStepRule), the rest as
    // an attack's (poolStepRule): friends within 3" Point Defense, a terrain piece Terrain.
    void everyDefenceStepRuleLinks()
    {
        const RulesLibrary &lib = RulesLibrary::shipped();
        const auto opens = [&](const QString &rule, const QString &title) {
            const int i = lib.find(rule);
            return i >= 0 && lib.sections()[std::size_t(i)].title == title
                && help::ruleLink(rule, QStringLiteral("x")).startsWith(QLatin1String("<a "));
        };
        const auto step = [](MsgId id, std::initializer_list<MessageArg> args) {
            PoolStep s;
            s.whyMessage = Message(id, args);
            s.why = s.whyMessage.english();
            return s;
        };
        AttackDefence pd;
        pd.kind = AttackDefence::PointDefense;
        AttackDefence barrier;
        barrier.kind = AttackDefence::Barrier;
        const PoolStep base = step(MsgId::PoolDefense, {QStringLiteral("Kestrel")});
        QCOMPARE(defenceStepRule(pd, base), QStringLiteral("Attack › Point Defense"));
        QVERIFY(opens(defenceStepRule(pd, base), QStringLiteral("Point Defense")));
        QCOMPARE(defenceStepRule(barrier, base), QStringLiteral("Traits › Barrier"));
        QVERIFY(opens(defenceStepRule(barrier, base), QStringLiteral("Barrier")));
        const PoolStep friendNear = step(MsgId::PoolFriendWithin3, {QStringLiteral("Io")});
        QVERIFY(opens(defenceStepRule(pd, friendNear), QStringLiteral("Point Defense")));
        const PoolStep terrain = step(MsgId::PoolDefenseTerrain,
                                      {1, Message::plain(QStringLiteral("Asteroid Field"))});
        QVERIFY(opens(defenceStepRule(pd, terrain), QStringLiteral("Terrain")));
        QVERIFY(opens(defenceStepRule(barrier, terrain), QStringLiteral("Terrain")));
        const PoolStep drones = step(MsgId::PoolDrones, {});
        QVERIFY(opens(defenceStepRule(barrier, drones), QStringLiteral("Drones")));
        QVERIFY(defenceStepRule(pd, PoolStep {}).isEmpty()); // a plain reason: no link
    }

    // Each rule the attack preview lists "After the roll" (previewAttack's resultRules) opens
    // its section, those named with their model ("Kestrel's Shield") too (resultRuleSection).
    void everyResultRuleLinks()
    {
        const RulesLibrary &lib = RulesLibrary::shipped();
        const QString k = QStringLiteral("Kestrel");
        const std::vector<std::pair<Message, QString>> rules {
            {Message(MsgId::BeamProjector), QStringLiteral("Beam Projector")},
            {Message(MsgId::ActionConcentratedFire), QStringLiteral("Concentrated Fire")},
            {Message(MsgId::RerollTd, {k}), QStringLiteral("TD")},
            {Message(MsgId::ActionLockOn), QStringLiteral("Lock On")},
            {Message(MsgId::Swarm), QStringLiteral("Swarm")},
            {Message(MsgId::TargetIsAssaulting, {k}), QStringLiteral("Assaulting")},
            {Message(MsgId::LongRangeSensorsTestN), QStringLiteral("Long Range Sensors")},
            {Message(MsgId::EnergyArmorOf, {k}), QStringLiteral("Energy Armor")},
            {Message(MsgId::ReactiveArmorOf, {k}), QStringLiteral("Reactive Armor")},
            {Message(MsgId::Nuke), QStringLiteral("Nuke")},
            {Message(MsgId::ShieldOf, {k}), QStringLiteral("Shield")},
            {Message(MsgId::Precise), QStringLiteral("Precise")},
            {Message(MsgId::ParticleCannon), QStringLiteral("Particle Cannon")},
            {Message(MsgId::MassDriver), QStringLiteral("Mass Driver")}};
        for (const auto &[name, title] : rules) {
            const ResultRule r {name.english(), QString(), false, name, Message()};
            const QString section = resultRuleSection(r);
            const int i = lib.find(section);
            QVERIFY2(i >= 0, qPrintable(name.english() + QStringLiteral(": ") + section));
            QVERIFY2(lib.sections()[std::size_t(i)].title == title,
                     qPrintable(name.english() + QStringLiteral(" -> ") + lib.path(i)));
            QVERIFY(help::ruleLink(section, r.translatedRule()).startsWith(QLatin1String("<a ")));
        }
        // Not named in the table: its English, linked when a heading has it.
        QCOMPARE(resultRuleSection(ResultRule {QStringLiteral("Swarm"), QString(), false, {}, {}}),
                 QStringLiteral("Swarm"));
    }

    // A refusal whose rule is not a heading of the rules texts: "Dice" opens Dice System,
    // "Decision" (the program's questions) none; any other rule opens itself (refusalRule).
    void refusalRulesWithoutHeadings()
    {
        const RulesLibrary &lib = RulesLibrary::shipped();
        const int dice = lib.find(refusalRule(QStringLiteral("Dice")));
        QVERIFY(dice >= 0);
        QCOMPARE(lib.sections()[std::size_t(dice)].title, QStringLiteral("Dice System"));
        QCOMPARE(lib.sections()[std::size_t(dice)].documentIndex, 0);
        QVERIFY(refusalRule(QStringLiteral("Decision")).isEmpty());
        QCOMPARE(refusalRule(QStringLiteral("Attack › Sensor Range")),
                 QStringLiteral("Attack › Sensor Range"));

        // On the table: a roll's faces typed out of range are refused under "Dice", shown
        // with "Dice" linking Dice System; a refusal under "Decision" stays plain text.
        GameController c;
        GameWindow w(&c);
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        GameSetup s;
        s.players[0]
            = PlayerSetup {QStringLiteral("Dave"), fleetFile(QStringLiteral("io-patrol.jwfleet"))};
        s.players[1] = PlayerSetup {QStringLiteral("Eve"),
                                    fleetFile(QStringLiteral("europa-picket.jwfleet"))};
        s.initiative = 0;
        s.seed = 3;
        QVERIFY(!GameSetup::fillUnits(s, db()));
        c.startGame(s);
        QVERIFY(!c.apply(AnswerCommand {}));
        QVERIFY(c.lastRejection());
        QCOMPARE(c.lastRejection()->rule, QStringLiteral("Decision"));
        QVERIFY2(!w.messageLabel()->text().contains(QLatin1String("href=")),
                 qPrintable(w.messageLabel()->text()));
        QVERIFY(!c.apply(RollCommand {{7}}));
        QCOMPARE(c.lastRejection()->rule, QStringLiteral("Dice"));
        const auto m = QRegularExpression(QStringLiteral("href=\"(jwrule:[^\"]+)\""))
                           .match(w.messageLabel()->text());
        QVERIFY2(m.hasMatch(), qPrintable(w.messageLabel()->text()));
        QCOMPARE(help::ruleOfLink(m.captured(1)), QStringLiteral("Dice System"));
    }

    // The New Game dialog's refusals and checks say the rule they come from, a link that
    // opens the Rules Reference there; one about the unit data (no section) has none.
    void newGameChecksLinkTheirRules()
    {
        NewGameDialog d(db());
        d.show();
        Fleet empty;
        empty.name = QStringLiteral("Nothing Yet");
        empty.faction = QStringLiteral("jovian");
        empty.points = 250;
        empty.rules = QStringLiteral("v1.2.2");
        Fleet lonely = empty; // one capital ship: not legal (no squadrons)
        lonely.name = QStringLiteral("Lonely");
        lonely.entries = {FleetEntry {QStringLiteral("alexander"), QString(), {}}};
        lonely.rules = QStringLiteral("v1.2.3"); // and built for other rules
        d.setRules(QStringLiteral("v1.2.2"));
        d.setFleet(0, empty);
        d.setFleet(1, lonely);
        auto *checks = d.findChild<QLabel *>(QStringLiteral("newGameChecks"));
        QVERIFY(checks);
        QVERIFY(checks->isVisible());
        const QString text = checks->text();
        QStringList rules;
        auto it = QRegularExpression(QStringLiteral("href=\"(jwrule:[^\"]+)\"")).globalMatch(text);
        while (it.hasNext())
            rules << help::ruleOfLink(it.next().captured(1));
        // "Nothing Yet has no models" (the Fleet chapter), "Lonely is not legal" (its first
        // error's rule), "Lonely was built for v1.2.3" (the rules profiles).
        QVERIFY2(rules.size() >= 3, qPrintable(text));
        // As shown: each line ends with its rule's name, the link's text.
        const QString shown = QTextDocumentFragment::fromHtml(text).toPlainText();
        QVERIFY2(shown.contains(QStringLiteral("choose another fleet. Rule: Fleet\n")),
                 qPrintable(shown));
        QVERIFY2(shown.contains(QStringLiteral(". Rule: Rules profiles")), qPrintable(shown));
        QVERIFY2(rules.contains(QStringLiteral("profiles")), qPrintable(rules.join(u'|')));
        shot(&d, QStringLiteral("newgame-rule-links"));
        for (const QString &rule : rules) {
            QVERIFY2(RulesLibrary::shipped().find(rule) >= 0, qPrintable(rule));
            Q_EMIT checks->linkActivated(QStringLiteral("jwrule:")
                                         + QString::fromUtf8(QUrl::toPercentEncoding(rule)));
            RulesReference *ref = RulesReference::instance();
            QVERIFY(ref->isVisible());
            QCOMPARE(ref->currentSectionId(), idOf(RulesLibrary::shipped().find(rule)));
            ref->close();
        }
        // A unit the data does not have: a refusal about the data, no rule to link.
        Fleet unknown = empty;
        unknown.name = QStringLiteral("Ghosts");
        unknown.entries = {FleetEntry {QStringLiteral("no-such-unit"), QString(), {}}};
        d.setFleet(0, unknown);
        const QString line = checks->text().section(QStringLiteral("<br>"), 0, 0);
        QVERIFY2(line.contains(QStringLiteral("no-such-unit")), qPrintable(line));
        QVERIFY2(!line.contains(QStringLiteral("href=")), qPrintable(line));
    }

    // A data file's problem about a rule (a weapon trait on a model, an unknown rules
    // version) names its section (dataIssueRule), and the start-up box's links open it; a
    // problem of the file's form names none.
    void dataIssuesLinkTheirRules()
    {
        const QByteArray yaml = R"(schema_version: 1
faction:
  id: testers
  name: Test Fleet
  rules_version: v1.2.2
units:
  - name: Pathfinder
    type: exo-armor
    tv: 30
    speed: 10
    fire_control: 2
    skill: 2
    structure: 6
    defense: 2
    sensors: 2
    fuel: 3
    traits: [Sniper]
    rules_version: v9
    weapons:
      - name: Plasma Lance
        class: lance
        ac: skill
        as: skill
    provisional: true
    provenance: test
  - name: Wyvern
    type: fighter
    tv: lots
)";
        const FactionFile f = UnitLoader::parse(yaml, QStringLiteral("testers.yaml"));
        QStringList rules;
        bool formOnly = false;
        for (const DataIssue &i : f.issues) {
            const QString rule = dataIssueRule(i);
            if (rule.isEmpty())
                formOnly = true; // 'tv' must be a whole number
            else
                rules << rule;
        }
        QVERIFY2(rules.contains(QStringLiteral("Traits › Sniper")), qPrintable(rules.join(u'|')));
        QVERIFY2(rules.contains(QStringLiteral("profiles")), qPrintable(rules.join(u'|')));
        QVERIFY(formOnly);
        const QString links = help::dataIssueRuleLinks(f.issues);
        QLabel label(links);
        help::followRuleLinks(&label);
        int opened = 0;
        auto it = QRegularExpression(QStringLiteral("href=\"(jwrule:[^\"]+)\"")).globalMatch(links);
        while (it.hasNext()) {
            const QString href = it.next().captured(1);
            const QString rule = help::ruleOfLink(href);
            Q_EMIT label.linkActivated(href);
            RulesReference *ref = RulesReference::instance();
            QVERIFY(ref->isVisible());
            QCOMPARE(ref->currentSectionId(), idOf(RulesLibrary::shipped().find(rule)));
            if (rule == QLatin1String("Traits › Sniper"))
                QVERIFY2(ref->currentSectionId().endsWith(QLatin1String("sniper")),
                         qPrintable(ref->currentSectionId()));
            ref->close();
            ++opened;
        }
        QCOMPARE(opened, 2);
    }

    // Every fleet rule's source opens a section (or is the unit database's, which has none).
    void everyFleetRuleLinks()
    {
        for (const FleetRule &r : FleetRule::all()) {
            const bool data = r.source.startsWith(QLatin1String("The unit database"))
                || r.source.startsWith(QLatin1String("data/factions"))
                || r.source.startsWith(QLatin1String("rules/README.md"));
            QVERIFY2(data || RulesLibrary::shipped().find(r.source) >= 0, qPrintable(r.id));
        }
    }

    // The window finds a word across chapters, lists the hits and opens one; a
    // section opens by id; house rulings and other versions are marked.
    void referenceSearchesAndOpens()
    {
        RulesReference r(RulesLibrary::shipped());
        r.resize(1280, 720);
        r.show();
        QVERIFY(QTest::qWaitForWindowExposed(&r));
        // It opens at the top of the text (the first book, whole): not scrolled to its end.
        QCoreApplication::processEvents();
        QVERIFY(r.browser()->verticalScrollBar()->maximum() > 0);
        QCOMPARE(r.browser()->verticalScrollBar()->value(), 0);
        QVERIFY(r.showSection(QStringLiteral("states/crippled")));
        QCoreApplication::processEvents();
        QCOMPARE(r.browser()->verticalScrollBar()->value(), 0);
        QTest::keyClicks(r.searchField(), QStringLiteral("Purge Airlocks"));
        const QStringList hits = r.hitIds();
        // The section of that name first, then every other that has the words.
        QCOMPARE(hits.value(0), QStringLiteral("action/purge-airlocks"));
        QVERIFY(hits.contains(QStringLiteral("rulings")) // "half" in Purge Airlocks
                || hits.size() >= 2);
        QVERIFY(r.hits()->isVisible());
        r.hits()->setCurrentRow(int(hits.indexOf(QStringLiteral("action/purge-airlocks"))));
        QCOMPARE(r.currentSectionId(), QStringLiteral("action/purge-airlocks"));
        QVERIFY(r.browser()->toPlainText().contains(QStringLiteral("Purge Airlocks")));
        QVERIFY(!r.browser()->extraSelections().isEmpty()); // the word marked
        QCOMPARE(r.search(QStringLiteral("no such words in any rule")), 0);

        QVERIFY(r.showSection(QStringLiteral("states/crippled")));
        QCOMPARE(r.currentSectionId(), QStringLiteral("states/crippled"));
        QVERIFY(r.banner()->isVisible());
        QVERIFY(r.banner()->text().contains(QStringLiteral("states-v1.2.4/crippled")));
        Q_EMIT r.banner()->linkActivated(QStringLiteral("jwrule:states-v1.2.4/crippled"));
        QCOMPARE(r.currentSectionId(), QStringLiteral("states-v1.2.4/crippled"));

        QVERIFY(r.showSection(QStringLiteral("house-rulings")));
        QVERIFY(r.banner()->text().contains(QStringLiteral("House ruling")));
        QVERIFY(r.browser()->toPlainText().contains(QStringLiteral("Fleet building")));
        QVERIFY(!r.showSection(QStringLiteral("Decision")));
        QCOMPARE(r.currentSectionId(), QStringLiteral("house-rulings"));
        shot(&r, QStringLiteral("rules-reference"));
    }

    // A refusal on the table links its rule; the link opens the reference there.
    void refusalLinksItsRule()
    {
        GameController c;
        GameWindow w(&c);
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        GameSetup s;
        s.players[0]
            = PlayerSetup {QStringLiteral("Dave"), fleetFile(QStringLiteral("io-patrol.jwfleet"))};
        s.players[1] = PlayerSetup {QStringLiteral("Eve"),
                                    fleetFile(QStringLiteral("europa-picket.jwfleet"))};
        s.initiative = 0;
        s.seed = 3;
        QVERIFY(!GameSetup::fillUnits(s, db()));
        c.startGame(s);
        const LegalCommands first = c.game()->legalCommands();
        QVERIFY(!first.deployable.empty());
        w.setDeployModel(first.deployable.front());
        QVERIFY(!w.deployAt(QPointF(24, 24)));
        QVERIFY(c.lastRejection());
        const QString rule = c.lastRejection()->rule;
        const QString text = w.messageLabel()->text();
        const auto m = QRegularExpression(QStringLiteral("href=\"(jwrule:[^\"]+)\"")).match(text);
        QVERIFY2(m.hasMatch(), qPrintable(text));
        QCOMPARE(help::ruleOfLink(m.captured(1)), rule);
        shot(&w, QStringLiteral("table-refusal-link"));
        Q_EMIT w.messageLabel()->linkActivated(m.captured(1));
        RulesReference *ref = RulesReference::instance();
        QVERIFY(ref->isVisible());
        QCOMPARE(ref->currentSectionId(), idOf(RulesLibrary::shipped().find(rule)));
        QVERIFY(!ref->currentSectionId().isEmpty());
        ref->close();
    }

    // A fleet problem's Rule… opens the rule it quotes.
    void validationProblemLinksItsRule()
    {
        FleetDocument doc(db());
        Fleet f;
        f.faction = QStringLiteral("jovian");
        f.points = 250;
        f.rules = QStringLiteral("v1.2.2");
        f.entries = {FleetEntry {QStringLiteral("alexander"), QString(), {}}};
        doc.reset(f);
        ValidationPanel panel(&doc);
        panel.show();
        QVERIFY(!panel.ruleButton()->isEnabled());
        int row = -1;
        for (int i = 0; i < int(doc.report().problems.size()); ++i)
            if (doc.report().problems[std::size_t(i)].rule == QLatin1String("squadron-share"))
                row = i;
        QVERIFY(row >= 0);
        panel.list()->setCurrentRow(row);
        QVERIFY(panel.ruleButton()->isEnabled());
        shot(&panel, QStringLiteral("validation-rule-button"));
        QTest::mouseClick(panel.ruleButton(), Qt::LeftButton);
        RulesReference *ref = RulesReference::instance();
        QVERIFY(ref->isVisible());
        QCOMPARE(ref->currentSectionId(), QStringLiteral("fleet/point-restrictions"));
        ref->close();
    }

    // Keyboard Shortcuts lists the main window's actions with their keys, by menu.
    void shortcutsListTheActions()
    {
        MainWindow w {UnitDatabase(db())};
        ShortcutsDialog d(&w);
        const QStringList rows = d.visibleRows();
        const QString save = QKeySequence(QKeySequence::Save).toString(QKeySequence::NativeText);
        QVERIFY2(rows.contains(QStringLiteral("File\tSave\t%1").arg(save)),
                 qPrintable(rows.join(QLatin1Char('\n'))));
        QVERIFY(rows.contains(QStringLiteral("Help\tRules Reference\tF1")));
        QVERIFY(rows.contains(QStringLiteral("View\tFleet Builder\tCtrl+1")));
        // The keys the views handle themselves: the table, the dice keypad, the cards, the charts.
        QVERIFY(rows.contains(QStringLiteral("Game Table: the table\tZoom in / out\t+ / -")));
        QVERIFY(rows.contains(
            QStringLiteral("Companion: the dice keypad\tType the face of the next die\t1 … 6")));
        QVERIFY(
            rows.contains(QStringLiteral("Companion: the cards\tSelect the card's model\tSpace")));
        QVERIFY(rows.contains(QStringLiteral(
            "Campaign: the charts\tHide or show the chosen player's series\tSpace or Enter")));
        // A shortcut set on an action later shows the next time the dialog opens.
        QAction *about = nullptr;
        for (QAction *a : w.findChildren<QAction *>())
            if (a->text() == QLatin1String("&About jwfleet"))
                about = a;
        QVERIFY(about);
        about->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_A));
        ShortcutsDialog again(&w);
        QVERIFY(again.visibleRows().contains(QStringLiteral("Help\tAbout jwfleet\t%1")
                                                 .arg(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_A)
                                                          .toString(QKeySequence::NativeText))));
        // The search keeps the matching rows (by name or key).
        again.searchField()->setText(QStringLiteral("ctrl+1"));
        QCOMPARE(again.visibleRows(), QStringList {QStringLiteral("View\tFleet Builder\tCtrl+1")});
        again.searchField()->setText(QStringLiteral("rules ref"));
        QCOMPARE(again.visibleRows(), QStringList {QStringLiteral("Help\tRules Reference\tF1")});
    }

    // Each preference, set in the dialog, is what the code that uses it reads.
    void preferencesTakeEffect()
    {
        QSettings().clear();
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        qunsetenv("JW_USER_DATA");
        qunsetenv("JW_NO_USER_DATA");
        {
            PreferencesDialog d;
            d.rulesBox()->setCurrentIndex(d.rulesBox()->findData(QStringLiteral("v1.2.4")));
            d.paperBox()->setCurrentIndex(d.paperBox()->findData(QStringLiteral("letter")));
            d.layoutBox()->setCurrentIndex(d.layoutBox()->findData(2));
            d.languageBox()->setCurrentIndex(d.languageBox()->findData(QStringLiteral("de")));
            d.dataFolderEdit()->setText(dir.path());
            d.campaignEdit()->setText(dir.filePath(QStringLiteral("club.sqlite")));
            d.apply();
        }
        // Rules: a new fleet, the New Game dialog.
        QCOMPARE(preferences::defaultRulesProfile(), QStringLiteral("v1.2.4"));
        FleetDocument doc(db());
        QCOMPARE(doc.fleet().rules, QStringLiteral("v1.2.4"));
        {
            NewGameDialog ng(db());
            auto *rules = ng.findChild<QComboBox *>(QStringLiteral("rules"));
            QVERIFY(rules);
            QCOMPARE(rules->currentData().toString(), QStringLiteral("v1.2.4"));
        }
        // Paper and layout: the print dialog's own keys.
        {
            PrintOptionsDialog p(false);
            QCOMPARE(p.sheetOptions().page, PageFormat::Letter);
            QCOMPARE(p.sheetOptions().cardsPerPage, 2);
        }
        // Language: the locale the translator loads at the next start.
        QCOMPARE(preferences::uiLocale().language(), QLocale::German);
        QCOMPARE(GettingStarted::resourceFor(preferences::uiLocale()),
                 QStringLiteral(":/help/getting-started.de.md"));
        // Data folder: the user data file; the environment still wins.
        QCOMPARE(preferences::userDataFile(),
                 QDir(dir.path()).filePath(QStringLiteral("units.yaml")));
        qputenv("JW_NO_USER_DATA", "1");
        QVERIFY(preferences::userDataFile().isEmpty());
        qunsetenv("JW_NO_USER_DATA");
        // Campaign database: what the Campaign tab opens.
        QCOMPARE(CampaignWindow::savedLocation(), dir.filePath(QStringLiteral("club.sqlite")));

        // The dialog shows what is set, and Restore Defaults + apply goes back.
        {
            PreferencesDialog d;
            QCOMPARE(d.rulesBox()->currentData().toString(), QStringLiteral("v1.2.4"));
            QCOMPARE(d.paperBox()->currentData().toString(), QStringLiteral("letter"));
            QCOMPARE(d.layoutBox()->currentData().toInt(), 2);
            QCOMPARE(d.languageBox()->currentData().toString(), QStringLiteral("de"));
            QCOMPARE(QDir::fromNativeSeparators(d.dataFolderEdit()->text()), dir.path());
            d.restoreDefaults();
            d.apply();
        }
        QCOMPARE(preferences::defaultRulesProfile(), RulesProfile::defaultId());
        QCOMPARE(FleetDocument(db()).fleet().rules, RulesProfile::defaultId());
        QCOMPARE(preferences::cardsPerPage(), 4);
        QVERIFY(preferences::language().isEmpty());
        QCOMPARE(preferences::userDataFile(), UserOverlay::defaultPath());
        QCOMPARE(CampaignWindow::savedLocation(), CampaignLocation::defaultPath());
    }

    // The languages offered are the translations built in, each in its own name; a
    // setting that names no translation (an old or hand-edited one) follows the system.
    void languagesFromTranslations()
    {
        QCOMPARE(preferences::availableLanguages(),
                 (QStringList {QStringLiteral("de"), QStringLiteral("en"), QStringLiteral("fr")}));
        PreferencesDialog d;
        QStringList names;
        for (int i = 1; i < d.languageBox()->count(); ++i)
            names << d.languageBox()->itemText(i);
        QCOMPARE(names,
                 (QStringList {QStringLiteral("Deutsch"), QStringLiteral("English"),
                               QStringLiteral("Français")}));
        QCOMPARE(d.languageBox()->itemData(0).toString(), QString());
        preferences::setLanguage(QStringLiteral("fr"));
        QCOMPARE(preferences::uiLocale().language(), QLocale::French);
        // The French built in: the unit types as the lists show them, English for files.
        {
            QTranslator fr;
            QVERIFY(fr.load(QStringLiteral(":/i18n/jwfleet_fr.qm")));
            QVERIFY(QCoreApplication::installTranslator(&fr));
            const QString capital = unitTypeText(UnitType::Capital);
            const QString fighter = unitTypeText(UnitType::Fighter);
            QCoreApplication::removeTranslator(&fr);
            QCOMPARE(capital, QStringLiteral("Vaisseau Capital"));
            QCOMPARE(fighter, QStringLiteral("Chasseur"));
            QCOMPARE(unitTypeName(UnitType::Capital), QStringLiteral("Capital Ship"));
        }
        QSettings().setValue(QStringLiteral("ui/language"), QStringLiteral("xx"));
        QVERIFY(preferences::language().isEmpty());
        preferences::setLanguage(QString());
    }

    // In every language, no two entries of the menu bar, or of one menu, share an Alt key.
    void menuAcceleratorsDoNotClash_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("en") << QString();
        QTest::newRow("de") << QStringLiteral("de");
        QTest::newRow("fr") << QStringLiteral("fr");
    }
    void menuAcceleratorsDoNotClash()
    {
        QFETCH(QString, language);
        QTranslator tr;
        if (!language.isEmpty()) {
            QVERIFY(tr.load(QStringLiteral(":/i18n/jwfleet_%1.qm").arg(language)));
            QVERIFY(QCoreApplication::installTranslator(&tr));
        }
        QStringList clashes;
        {
            MainWindow w {UnitDatabase(db())};
            const auto check = [&](const QList<QAction *> &actions, const QString &where) {
                QMap<QChar, QString> seen;
                for (QAction *a : actions) {
                    if (a->isSeparator() || !a->isVisible())
                        continue;
                    const QString text = a->text();
                    const qsizetype amp
                        = text.indexOf(QRegularExpression(QStringLiteral("(?<!&)&(?!&)")));
                    if (amp < 0 || amp + 1 >= text.size())
                        continue;
                    const QChar key = text.at(amp + 1).toLower();
                    if (seen.contains(key)) {
                        QString taken;
                        for (const QChar c : seen.keys())
                            taken += c;
                        clashes << QStringLiteral("%1: '%2' and '%3' (taken: %4)")
                                       .arg(where, seen[key], text, taken);
                    }
                    seen.insert(key, text);
                }
            };
            check(w.menuBar()->actions(), QStringLiteral("menu bar"));
            for (QAction *top : w.menuBar()->actions())
                if (QMenu *m = top->menu())
                    check(m->actions(), m->title());
        }
        QCoreApplication::removeTranslator(&tr);
        QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(QLatin1Char('\n'))));
    }

    // Getting Started shows the guide; English when there is no translation.
    void gettingStarted()
    {
        GettingStarted g;
        QVERIFY(g.browser()->toPlainText().contains(QStringLiteral("Your first fleet")));
        QCOMPARE(GettingStarted::resourceFor(QLocale(QLocale::French)),
                 QStringLiteral(":/help/getting-started.fr.md"));
        QCOMPARE(GettingStarted::resourceFor(QLocale(QLocale::Italian)),
                 QStringLiteral(":/help/getting-started.md"));
    }
};

QTEST_MAIN(TestHelp)
#include "tst_help.moc"
