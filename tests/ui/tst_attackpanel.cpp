// SPDX-License-Identifier: GPL-3.0-or-later
// The attack at the table (issue 16, "Attack preview, then roll"): a click on a target
// shows the preview (the engine's pool, each modifier with its reason, the odds, the
// expected damage) and changes nothing; Escape or Cancel closes it, Enter or Roll rolls;
// the dice of the roll are then drawn from the events' data, matches grouped, with one
// sentence of what happened. Screenshots of the preview and the dice go to
// JW_SCREENSHOT_DIR when it is set (1280x720 and 1920x1080, light and dark).
#include "help/rulelink.h"
#include "help/ruleslibrary.h"
#include "help/rulesreference.h"
#include "table/attackpreview.h"
#include "table/dicewidget.h"
#include "table/gamecontroller.h"
#include "table/gamewindow.h"
#include "table/tableview.h"
#include "tabletestutil.h"
#include "theme.h"

#include "dice/dicesource.h"
#include "engine/engine.h"
#include "engine/poolsteprule.h"
#include "units/unitdatabase.h"

#include <QApplication>
#include <QJsonArray>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QStandardPaths>
#include <QTest>
#include <QTextDocumentFragment>
#include <QTranslator>
#include <QTreeWidget>
#include <QUrl>

using namespace jw;
using jw::test::db;
using jw::test::duelSetup;
using jw::test::DuelSide;
using jw::test::shot;

namespace {

// A Shan-Yu (Eve, Initiative) 8" from an Uller (Dave), in the Activation Phase: its
// Particle Cannon rolls 4 Base, 1 Flex and a Macro die at the Uller.
GameSetup ullerSetup()
{
    return duelSetup(
        {QStringLiteral("Dave"), QStringLiteral("cega"), QStringLiteral("uller"), 24, 30, 0},
        {QStringLiteral("Eve"), QStringLiteral("venusian"), QStringLiteral("shan-yu"), 24, 22, 180},
        1, 0);
}

// 6 6 3 3 and a 1 to drop, macro 3: [D3,D6], the macro 3 escalates the [D3] to [T3]. Then
// plenty of dice for whatever the damage rolls.
std::unique_ptr<DiceSource> hitDice()
{
    std::vector<int> faces {6, 6, 3, 3, 1, 3};
    for (int i = 0; i < 400; ++i)
        faces.push_back(1 + (i * 5) % 6);
    return std::make_unique<ScriptedDiceSource>(faces);
}

void answerAll(GameWindow &w)
{
    for (int guard = 0; guard < 30 && w.controller()->state().pending; ++guard) {
        if (w.handOverShowing())
            w.confirmHandOver();
        QVERIFY(w.answerButton()->isEnabled());
        const GameState before = w.controller()->state();
        QTest::mouseClick(w.answerButton(), Qt::LeftButton);
        QVERIFY2(!(w.controller()->state() == before), "the answer was refused");
    }
    QVERIFY(!w.controller()->state().pending);
}

// The last command's roll events with the purpose given.
std::vector<QJsonObject> rolls(const Game &game, const QString &purpose)
{
    std::vector<QJsonObject> out;
    for (const GameEvent &e : game.log().back())
        if (e.kind == QLatin1String("roll")
            && e.data.value(QStringLiteral("purpose")).toString() == purpose)
            out.push_back(e.data);
    return out;
}

std::vector<int> ints(const QJsonValue &v)
{
    std::vector<int> out;
    for (const QJsonValue &x : v.toArray())
        out.push_back(x.toInt());
    return out;
}

struct Window
{
    GameController controller;
    GameWindow window {&controller};

    explicit Window(QSize size)
    {
        controller.setAutosaveEnabled(false);
        window.resize(size);
        window.show();
        QApplication::setActiveWindow(&window);
        if (!QTest::qWaitForWindowActive(&window))
            qWarning("the window is not active: shortcuts may not reach it");
        controller.startGame(ullerSetup(), hitDice());
    }
};

} // namespace

class TestAttackPanel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        GameController::discardAutosave();
    }
    void cleanupTestCase() { GameController::discardAutosave(); }

    // A click on the target: the preview shows the engine's pool and reasons; nothing is
    // rolled or changed until Roll.
    void clickShowsThePreviewAndChangesNothing()
    {
        Window t(QSize(1280, 720));
        GameWindow &w = t.window;
        QVERIFY(w.activate(1, QString()));
        const GameState before = t.controller.state();
        const std::size_t commands = t.controller.game()->history().size();
        w.selectWeapon(0);
        const int minimumHeight = w.minimumSizeHint().height();
        QVERIFY(w.attack(0));
        // The preview fits where the panel was: the window asks for no more height.
        QCoreApplication::processEvents();
        QVERIFY2(
            w.minimumSizeHint().height() <= minimumHeight,
            qPrintable(
                QStringLiteral("%1 > %2").arg(w.minimumSizeHint().height()).arg(minimumHeight)));
        QVERIFY(w.attackPreviewShowing());
        QVERIFY(w.attackPreviewPanel()->isVisible());
        QCOMPARE(t.controller.state(), before);
        QCOMPARE(t.controller.game()->history().size(), commands);

        const AttackPreview p = t.controller.engine().previewAttack(before, AttackCommand {0, 0});
        QVERIFY(p.ok());
        AttackPreviewPanel *panel = w.attackPreviewPanel();
        QCOMPARE(panel->preview().check.pool, p.check.pool);
        QVERIFY(panel->poolLabel()->text().contains(p.check.pool.toString()));
        for (const PoolStep &s : p.check.steps)
            QVERIFY2(panel->modifiersLabel()->text().contains(s.why.toHtmlEscaped()),
                     qPrintable(s.why));
        // Each reason the rules name a section for links it: the link opens the Rules
        // Reference there.
        int linked = 0;
        for (const PoolStep &s : p.check.steps) {
            const QString rule = poolStepRule(s);
            if (rule.isEmpty())
                continue;
            const QString href
                = QStringLiteral("jwrule:") + QString::fromUtf8(QUrl::toPercentEncoding(rule));
            QVERIFY2(panel->modifiersLabel()->text().contains(href), qPrintable(rule));
            ++linked;
        }
        QVERIFY(linked > 0);
        const auto link = QRegularExpression(QStringLiteral("href=\"(jwrule:[^\"]+)\""))
                              .match(panel->modifiersLabel()->text());
        QVERIFY(link.hasMatch());
        Q_EMIT panel->modifiersLabel()->linkActivated(link.captured(1));
        RulesReference *ref = RulesReference::instance();
        QVERIFY(ref->isVisible());
        const int section = RulesLibrary::shipped().find(help::ruleOfLink(link.captured(1)));
        QVERIFY(section >= 0);
        QCOMPARE(ref->currentSectionId(),
                 RulesLibrary::shipped().sections()[std::size_t(section)].id);
        ref->close();
        // The odds bar: the shares of the best result, as the engine computed them.
        const auto &shares = panel->oddsBar()->shares();
        QVERIFY(std::abs(shares[0] + shares[1] + shares[2] + shares[3] - 1.0) < 1e-9);
        QVERIFY(std::abs(shares[0] - p.pNone) < 1e-9);
        QVERIFY(panel->damageLabel()->text().contains(QStringLiteral("Expected")));
        QVERIFY(panel->rollButton()->isVisible());
        // While previewing, the rest of the panel steps aside.
        QVERIFY(!w.weaponTree()->isVisible());
    }

    // Escape (from the table view, where the click left the focus) and Cancel close the
    // preview; nothing changed.
    void escapeAndCancelChangeNothing()
    {
        Window t(QSize(1280, 720));
        GameWindow &w = t.window;
        QVERIFY(w.activate(1, QString()));
        const GameState before = t.controller.state();
        QVERIFY(w.previewAttack(0, 0));
        w.view()->setFocus();
        QTest::keyClick(w.view(), Qt::Key_Escape);
        QVERIFY(!w.attackPreviewShowing());
        QCOMPARE(t.controller.state(), before);
        QVERIFY(w.weaponTree()->isVisible());
        QVERIFY(w.previewAttack(0, 0));
        QTest::mouseClick(w.attackPreviewPanel()->cancelButton(), Qt::LeftButton);
        QVERIFY(!w.attackPreviewShowing());
        QCOMPARE(t.controller.state(), before);
        // Roll with nothing previewed: nothing happens.
        QVERIFY(!w.confirmAttack());
        QCOMPARE(t.controller.state(), before);
    }

    // A refused attack is not previewed: the refusal is shown with its rule.
    void refusedAttackIsNotPreviewed()
    {
        Window t(QSize(1280, 720));
        GameWindow &w = t.window;
        QVERIFY(w.activate(1, QString()));
        QVERIFY(!w.previewAttack(0, 1)); // itself
        QVERIFY(!w.attackPreviewShowing());
        QVERIFY(w.messageLabel()->text().contains(QStringLiteral("Attack")));
    }

    // In German the reasons of the pool and the rules after the roll are German (the
    // engine's catalogue messages, translated), the numbers and names as they are.
    void previewInGerman()
    {
        QTranslator german;
        QVERIFY(german.load(QStringLiteral(":/i18n/jwfleet_de.qm")));
        QVERIFY(QCoreApplication::installTranslator(&german));
        {
            Window t(QSize(1280, 720));
            GameWindow &w = t.window;
            QVERIFY(w.activate(1, QString()));
            QVERIFY(w.previewAttack(0, 0));
            const AttackPreviewPanel *panel = w.attackPreviewPanel();
            const AttackPreview &p = panel->preview();
            bool translated = false;
            for (const PoolStep &s : p.check.steps) {
                QVERIFY2(
                    panel->modifiersLabel()->text().contains(s.translatedWhy().toHtmlEscaped()),
                    qPrintable(s.translatedWhy()));
                translated = translated || s.translatedWhy() != s.why;
            }
            QVERIFY(translated);
            QString all;
            QString html;
            for (const QLabel *l : panel->findChildren<QLabel *>()) {
                all += QTextDocumentFragment::fromHtml(l->text()).toPlainText();
                html += l->text();
            }
            QVERIFY2(
                all.contains(QStringLiteral("Partikelkanone: [T+] beschädigt auch einen Wert")),
                qPrintable(all));
            // Shown in German, the rule links its (English) section.
            QVERIFY2(html.contains(QStringLiteral("Partikelkanone</a>")), qPrintable(html));
            QVERIFY(!all.contains(QStringLiteral("also damages a rating")));
        }
        QCoreApplication::removeTranslator(&german);
    }

    // A preview made before the state changed is not rolled.
    void stalePreviewIsNotRolled()
    {
        Window t(QSize(1280, 720));
        GameWindow &w = t.window;
        QVERIFY(w.activate(1, QString()));
        QVERIFY(w.previewAttack(0, 0));
        QVERIFY(w.undo()); // the activation undone
        QVERIFY(!w.attackPreviewShowing());
        QVERIFY(!w.confirmAttack());
    }

    // Enter rolls; the dice are drawn from the roll event's data: the matches grouped
    // first, the dropped die apart, the macro die beside them; one sentence says what
    // happened.
    void enterRollsAndTheDiceAreShown_data()
    {
        QTest::addColumn<QString>("themeId");
        QTest::addColumn<QSize>("size");
        QTest::newRow("light 1280x720") << QStringLiteral("light") << QSize(1280, 720);
        QTest::newRow("dark 1280x720") << QStringLiteral("dark") << QSize(1280, 720);
        QTest::newRow("light 1920x1080") << QStringLiteral("light") << QSize(1920, 1080);
        QTest::newRow("dark 1920x1080") << QStringLiteral("dark") << QSize(1920, 1080);
    }
    void enterRollsAndTheDiceAreShown()
    {
        QFETCH(QString, themeId);
        QFETCH(QSize, size);
        theme::apply(themeId);
        const QString suffix
            = QStringLiteral("-%1-%2x%3").arg(themeId).arg(size.width()).arg(size.height());
        Window t(size);
        GameWindow &w = t.window;
        QVERIFY(w.activate(1, QString()));
        QCoreApplication::processEvents();
        const int minimumHeight = w.minimumSizeHint().height();
        QVERIFY(w.previewAttack(0, 0));
        QCoreApplication::processEvents();
        QVERIFY2(
            w.minimumSizeHint().height() <= minimumHeight,
            qPrintable(
                QStringLiteral("%1 > %2").arg(w.minimumSizeHint().height()).arg(minimumHeight)));
        shot(&w, QStringLiteral("attack-preview") + suffix);
        const AttackPreview p = w.attackPreviewPanel()->preview();
        const std::size_t commands = t.controller.game()->history().size();
        if (QApplication::activeWindow() == &w) {
            QTest::keyClick(&w, Qt::Key_Return);
        } else {
            qWarning("no active window: Roll clicked instead of Enter");
            QTest::mouseClick(w.attackPreviewPanel()->rollButton(), Qt::LeftButton);
        }
        QVERIFY(!w.attackPreviewShowing());
        QVERIFY(t.controller.game()->history().size() > commands);
        answerAll(w);

        // What the engine rolled: 6 6 3 3 1, macro 3, the 1 dropped.
        const std::vector<QJsonObject> attack
            = rolls(*t.controller.game(), QStringLiteral("attack"));
        QCOMPARE(int(attack.size()), 1);
        QCOMPARE(attack.front().value(QStringLiteral("pool")).toString(), p.check.pool.toString());
        QCOMPARE(ints(attack.front().value(QStringLiteral("dice"))),
                 (std::vector<int> {6, 6, 3, 3, 1}));
        QCOMPARE(attack.front().value(QStringLiteral("model")).toInt(), 1);

        AttackResultView *result = w.attackResultView();
        QVERIFY(result->isVisible());
        QCOMPARE(int(result->diceWidgets().size()), 1);
        const DiceWidget *dice = result->diceWidgets().front();
        QCOMPARE(dice->roll().dice, ints(attack.front().value(QStringLiteral("dice"))));
        QCOMPARE(dice->roll().macro, ints(attack.front().value(QStringLiteral("macro"))));
        QCOMPARE(dice->roll().removed, (std::vector<int> {1}));
        QCOMPARE(dice->groupCount(), 2); // the 6s and the 3s
        QCOMPARE(dice->drawnOrder(), (std::vector<int> {6, 6, 3, 3, 1, 3}));
        QVERIFY(dice->roll().macroHits(3));
        QCOMPARE(dice->roll().result.toString(), QStringLiteral("[D6,T3]"));
        QCOMPARE(result->sentences().size(), 1);
        const QString sentence = result->sentences().front();
        QVERIFY2(sentence.contains(QStringLiteral("hits Uller")), qPrintable(sentence));
        QVERIFY2(sentence.contains(QStringLiteral("a Triple of 3s")), qPrintable(sentence));
        QVERIFY2(sentence.contains(QStringLiteral("Uller loses")), qPrintable(sentence));
        shot(&w, QStringLiteral("attack-dice") + suffix);
        theme::apply(QStringLiteral("light"));
    }

    // Missiles: the preview names the Point Defense that may oppose them; after the roll its
    // dice are drawn below the attack's, named by the roll event's model.
    void pointDefenseShownBesideTheAttack()
    {
        GameController c;
        c.setAutosaveEnabled(false);
        GameWindow w(&c);
        w.resize(1280, 720);
        w.show();
        c.startGame(ullerSetup(), std::make_unique<ScriptedDiceSource>(std::vector<int>(300, 6)));
        QVERIFY(w.activate(1, QString()));
        const Unit &shanYu = c.engine().unitOf(c.state().models[1]);
        int missiles = -1;
        for (int i = 0; i < int(shanYu.weapons.size()); ++i)
            if (shanYu.weapons[std::size_t(i)].weaponClass == WeaponClass::Missile && missiles < 0)
                missiles = i;
        QVERIFY(missiles >= 0);
        QVERIFY(w.previewAttack(missiles, 0));
        const AttackPreview &p = w.attackPreviewPanel()->preview();
        QVERIFY(!p.defences.empty());
        QCOMPARE(p.defences.front().kind, AttackDefence::PointDefense);
        QVERIFY(w.attackPreviewPanel()->defencesLabel()->text().contains(
            QStringLiteral("Uller's Point Defense")));
        // Its pool's reasons, each linking its rule (defenceStepRule): the Base Pool, the
        // Uller's Defense, opens Attack › Point Defense.
        const AttackDefence &defence = p.defences.front();
        QVERIFY(!defence.steps.empty());
        const QString defences = w.attackPreviewPanel()->defencesLabel()->text();
        for (const PoolStep &s : defence.steps) {
            QVERIFY2(defences.contains(s.translatedWhy().toHtmlEscaped()), qPrintable(s.why));
            const QString rule = defenceStepRule(defence, s);
            QVERIFY2(!rule.isEmpty(), qPrintable(s.why));
            QVERIFY2(defences.contains(QStringLiteral("jwrule:")
                                       + QString::fromUtf8(QUrl::toPercentEncoding(rule))),
                     qPrintable(rule));
        }
        QCOMPARE(defenceStepRule(defence, defence.steps.front()),
                 QStringLiteral("Attack › Point Defense"));
        if (auto *area = w.attackPreviewPanel()->findChild<QScrollArea *>())
            area->ensureWidgetVisible(w.attackPreviewPanel()->defencesLabel());
        shot(&w, QStringLiteral("attack-point-defense-preview"));
        QTest::mouseClick(w.attackPreviewPanel()->rollButton(), Qt::LeftButton);
        answerAll(w);
        const auto dice = w.attackResultView()->diceWidgets();
        QVERIFY(dice.size() >= 2);
        QCOMPARE(dice[0]->roll().purpose, QStringLiteral("attack"));
        QCOMPARE(dice[1]->roll().purpose, QStringLiteral("point-defense"));
        const std::vector<QJsonObject> pd = rolls(*c.game(), QStringLiteral("point-defense"));
        QCOMPARE(int(pd.size()), 1);
        QCOMPARE(pd.front().value(QStringLiteral("model")).toInt(), 0);
        QCOMPARE(dice[1]->roll().dice, ints(pd.front().value(QStringLiteral("dice"))));
        // The sentence says the defence cut the hit down (the "opposed" event's data).
        const QString sentence = w.attackResultView()->sentences().front();
        QVERIFY2(sentence.contains(QStringLiteral("diminished from [Q6] by Uller's Point Defense")),
                 qPrintable(sentence));
        shot(&w, QStringLiteral("attack-point-defense"));
    }

    // A miss says why: no two dice match.
    void missSaysWhy()
    {
        GameController c;
        c.setAutosaveEnabled(false);
        GameWindow w(&c);
        w.resize(1280, 720);
        w.show();
        std::vector<int> faces {1, 2, 4, 5, 6, 3};
        for (int i = 0; i < 50; ++i)
            faces.push_back(1 + i % 6);
        c.startGame(ullerSetup(), std::make_unique<ScriptedDiceSource>(faces));
        QVERIFY(w.activate(1, QString()));
        QVERIFY(w.previewAttack(0, 0));
        QTest::mouseClick(w.attackPreviewPanel()->rollButton(), Qt::LeftButton);
        answerAll(w);
        QCOMPARE(w.attackResultView()->sentences().size(), 1);
        QVERIFY2(w.attackResultView()->sentences().front().contains(QStringLiteral("misses Uller")),
                 qPrintable(w.attackResultView()->sentences().front()));
        QCOMPARE(w.attackResultView()->diceWidgets().front()->groupCount(), 0);
    }
};

QTEST_MAIN(TestAttackPanel)
#include "tst_attackpanel.moc"
