// SPDX-License-Identifier: GPL-3.0-or-later
// New Game as a newcomer meets it (issue 16.6): each fleet's points, rules
// version and verdict under the game's rules; what cannot be played refused
// with the reason; what is probably a mistake listed and started only by an
// explicit "Play Anyway"; an unfinished game never replaced without asking; the
// "unfinished game" banner seen whatever tab is open.
#include "modaldriver.h"
#include "tabletestutil.h"

#include "mainwindow.h"
#include "table/gamecontroller.h"
#include "table/gametable.h"
#include "table/newgamedialog.h"
#include "theme.h"

#include "dice/dicesource.h"
#include "engine/game.h"
#include "engine/gamefile.h"
#include "engine/gamescript.h"
#include "fleet/fleetfile.h"
#include "fleet/fleetvalidator.h"
#include "units/unitdatabase.h"

#include <QFile>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace jw;
using jw::test::db;
using jw::test::duelSetup;
using jw::test::DuelSide;
using jw::test::shot;

namespace {

QString sourceDir()
{
    const QString dir = qEnvironmentVariable("JW_SOURCE_DIR");
    return dir.isEmpty() ? QStringLiteral(".") : dir;
}

QString fleetPath(const QString &name)
{
    return sourceDir() + QStringLiteral("/data/fleets/") + name;
}

Fleet fleetFile(const QString &name)
{
    const FleetFileResult r = FleetFile::read(fleetPath(name));
    if (!r.ok())
        qFatal("%s", qPrintable(r.errorText()));
    return *r.fleet;
}

bool anyContains(const QStringList &list, const QString &text)
{
    for (const QString &s : list)
        if (s.contains(text))
            return true;
    return false;
}

// An unfinished game left behind, as after a crash: its autosave.
GameState leaveUnfinishedGame()
{
    GameController c;
    c.startGame(duelSetup());
    if (!c.apply(ActivateCommand {0, {}}))
        qFatal("activation refused");
    return c.state();
}

QByteArray autosaveBytes()
{
    QFile f(GameController::autosavePath());
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The "replace the unfinished game?" question, answered with the button `text`.
bool answerReplaceQuestion(QWidget *w, const QString &text, QString *question)
{
    auto *box = qobject_cast<QMessageBox *>(w);
    if (!box || box->objectName() != QLatin1String("replaceUnfinishedGame"))
        return false;
    *question = box->text();
    for (QAbstractButton *b : box->buttons()) {
        if (b->text() == text) {
            b->click();
            return true;
        }
    }
    return false;
}

} // namespace

class TestNewGame : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        GameController::discardAutosave();
        theme::apply(QStringLiteral("dark"));
    }
    void cleanupTestCase() { GameController::discardAutosave(); }

    // Points, rules version and the verdict under the game's rules: the same
    // check as the builder's and `jwfleet-cli validate`'s.
    void eachFleetShowsPointsRulesAndVerdict()
    {
        NewGameDialog d(db());
        QVERIFY(d.setFleetFile(0, fleetPath(QStringLiteral("cega-fortress.jwfleet"))));
        QVERIFY(d.setFleetFile(1, fleetPath(QStringLiteral("jovian-battle-group.jwfleet"))));
        const QString info = d.fleetInfo(0)->text();
        QVERIFY2(info.contains(QStringLiteral("456 of 500 points")), qPrintable(info));
        QVERIFY2(info.contains(QStringLiteral("built for v1.2.2")), qPrintable(info));
        QVERIFY2(info.contains(QStringLiteral("legal under v1.2.2")), qPrintable(info));
        QVERIFY(!info.contains(QStringLiteral("not legal")));
        QVERIFY2(d.fleetInfo(1)->text().contains(QStringLiteral("466 of 500 points")),
                 qPrintable(d.fleetInfo(1)->text()));
        // Two legal fleets of one size and version: nothing to say, an ordinary start.
        QVERIFY2(d.refusals().isEmpty(), qPrintable(d.refusals().join(u'\n')));
        QVERIFY2(d.warnings().isEmpty(), qPrintable(d.warnings().join(u'\n')));
        QVERIFY(d.startButton()->isEnabled());
        QCOMPARE(d.startButton()->text(), QStringLiteral("Start Game"));
        QVERIFY(d.startButton()->isDefault());

        // The sample Europa Picket is not legal (the CLI says so too): the dialog
        // gives validateFleet()'s verdict and its reasons.
        const Fleet picket = fleetFile(QStringLiteral("europa-picket.jwfleet"));
        const FleetReport report = validateFleet(picket, db());
        QVERIFY(!report.legal());
        d.setFleet(1, picket);
        QVERIFY2(d.fleetInfo(1)->text().contains(
                     QStringLiteral("not legal under v1.2.2 (%1 errors)").arg(report.errorCount())),
                 qPrintable(d.fleetInfo(1)->text()));
        QVERIFY2(
            anyContains(d.warnings(), QStringLiteral("Europa Picket is not legal under v1.2.2")),
            qPrintable(d.warnings().join(u'\n')));
        for (const FleetProblem &p : report.problems)
            if (p.isError())
                QVERIFY2(d.fleetInfo(1)->toolTip().contains(p.text.translated()),
                         qPrintable(d.fleetInfo(1)->toolTip()));
    }

    // A fleet with no models cannot be played: refused, the reason in the dialog.
    void emptyFleetIsRefused()
    {
        NewGameDialog d(db());
        d.resize(720, 640);
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        Fleet empty;
        empty.name = QStringLiteral("Draft");
        empty.faction = QStringLiteral("jovian");
        empty.points = 250;
        d.setFleet(0, empty);
        QVERIFY(d.setFleetFile(1, fleetPath(QStringLiteral("io-patrol.jwfleet"))));
        QVERIFY(anyContains(d.refusals(), QStringLiteral("Draft has no models")));
        QVERIFY(d.checksLabel()->isVisible());
        QVERIFY2(d.checksLabel()->text().contains(QStringLiteral("Draft has no models")),
                 qPrintable(d.checksLabel()->text()));
        QVERIFY(d.fleetInfo(0)->text().contains(QStringLiteral("cannot be played")));
        QVERIFY(!d.startButton()->isEnabled());
        shot(&d, QStringLiteral("newgame-refused"));
        d.accept();
        QVERIFY(d.isVisible());
        QVERIFY(d.result() != QDialog::Accepted);
        QString error;
        QVERIFY(!d.setup(&error));
        QVERIFY2(error.contains(QStringLiteral("no models")), qPrintable(error));
    }

    // The open campaign's rosters (From Campaign): hidden with no campaign; a roster sets
    // the player's name (under which the game goes into the campaign), the fleet and the
    // campaign's rules profile; a roster with no units cannot be chosen.
    void campaignRostersAreOffered()
    {
        NewGameDialog d(db());
        d.resize(720, 640);
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        QVERIFY(!d.campaignButton(0)->isVisible());
        CampaignRosters rosters;
        rosters.campaign = QStringLiteral("Ganymede League");
        rosters.rules = QStringLiteral("v1.2.3");
        Fleet ann = fleetFile(QStringLiteral("io-patrol.jwfleet"));
        ann.rules = QStringLiteral("v1.2.3");
        rosters.players = {{QStringLiteral("Ann"), ann}, {QStringLiteral("Bob"), Fleet {}}};
        d.setCampaignRosters(rosters);
        for (int p = 0; p < 2; ++p) {
            QVERIFY(d.campaignButton(p)->isVisible());
            const QList<QAction *> actions = d.campaignButton(p)->menu()->actions();
            QCOMPARE(actions.size(), 2);
            QVERIFY2(actions[0]->text().startsWith(QStringLiteral("Ann's roster")),
                     qPrintable(actions[0]->text()));
            QVERIFY(actions[0]->isEnabled());
            QVERIFY(!actions[1]->isEnabled()); // Bob's roster is empty
        }
        d.campaignButton(1)->menu()->actions()[0]->trigger();
        const auto fleetLabel = d.findChild<QLabel *>(QStringLiteral("fleetName1"));
        QVERIFY(fleetLabel);
        QCOMPARE(fleetLabel->text(), QStringLiteral("Ann's roster (Ganymede League)"));
        QVERIFY(d.setFleetFile(0, fleetPath(QStringLiteral("io-patrol.jwfleet"))));
        const std::optional<GameSetup> setup = d.setup();
        QVERIFY(setup);
        QCOMPARE(setup->players[1].name, QStringLiteral("Ann"));
        QCOMPARE(setup->players[1].fleet.entries, ann.entries);
        QCOMPARE(setup->rules, QStringLiteral("v1.2.3"));
        QVERIFY(!d.chooseRoster(0, QStringLiteral("Nobody")));
        shot(&d, QStringLiteral("newgame-campaign-rosters"));
        d.setCampaignRosters({});
        QVERIFY(!d.campaignButton(0)->isVisible());
    }

    // Another rules version, another game size, points far apart: listed with
    // the reasons; only a click on "Play Anyway" starts (Enter does not).
    void doubtfulChoicesNeedPlayAnyway()
    {
        NewGameDialog d(db());
        d.resize(720, 640);
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        QVERIFY(d.setFleetFile(0, fleetPath(QStringLiteral("io-patrol.jwfleet"))));
        QVERIFY(d.setFleetFile(1, fleetPath(QStringLiteral("venus-strike.jwfleet"))));
        QVERIFY(d.refusals().isEmpty());
        QVERIFY2(anyContains(d.warnings(),
                             QStringLiteral("Venus Strike was built for v1.2.3; this game plays "
                                            "v1.2.2")),
                 qPrintable(d.warnings().join(u'\n')));
        QVERIFY(d.fleetInfo(1)->text().contains(QStringLiteral("built for v1.2.3")));
        QVERIFY(d.checksLabel()->text().contains(QStringLiteral("built for v1.2.3")));
        QCOMPARE(d.startButton()->text(), QStringLiteral("Play Anyway"));
        QVERIFY(!d.startButton()->isDefault());
        shot(&d, QStringLiteral("newgame-play-anyway"));
        QTest::keyClick(&d, Qt::Key_Return);
        QVERIFY(d.isVisible());
        QVERIFY(d.result() != QDialog::Accepted);

        // The game's rules decide which fleet is of another version.
        d.setRules(QStringLiteral("v1.2.3"));
        QVERIFY2(anyContains(d.warnings(),
                             QStringLiteral("Io Patrol was built for v1.2.2; this game plays "
                                            "v1.2.3")),
                 qPrintable(d.warnings().join(u'\n')));
        QVERIFY(!anyContains(d.warnings(), QStringLiteral("Venus Strike was built")));
        d.setRules(QStringLiteral("v1.2.2"));

        // A 500-point fleet against a 250-point one.
        QVERIFY(d.setFleetFile(1, fleetPath(QStringLiteral("jovian-battle-group.jwfleet"))));
        const QStringList w = d.warnings();
        QVERIFY2(anyContains(w, QStringLiteral("different game sizes")), qPrintable(w.join(u'\n')));
        QVERIFY2(anyContains(w,
                             QStringLiteral("Jovian Battle Group has 466 points, over the 250 "
                                            "points Io Patrol was built for")),
                 qPrintable(w.join(u'\n')));
        QVERIFY2(anyContains(w, QStringLiteral("far apart")), qPrintable(w.join(u'\n')));
        QCOMPARE(d.startButton()->text(), QStringLiteral("Play Anyway"));

        // The explicit click starts.
        QTest::mouseClick(d.startButton(), Qt::LeftButton);
        QCOMPARE(d.result(), int(QDialog::Accepted));
        QVERIFY(d.setup());
    }

    // Game › New Game… over an unfinished game asks first: Cancel keeps
    // everything, Resume brings it back, Replace goes on to the New Game dialog,
    // and the autosave changes only when the new game starts. The banner that
    // offers the unfinished game is seen on every tab.
    void unfinishedGameIsNotReplacedWithoutAsking()
    {
        GameController::discardAutosave();
        const GameState expected = leaveUnfinishedGame();
        const QByteArray saved = autosaveBytes();
        QVERIFY(!saved.isEmpty());

        MainWindow mw {UnitDatabase(db())};
        mw.resize(1280, 720);
        mw.show();
        QVERIFY(QTest::qWaitForWindowExposed(&mw));
        GameTable *t = mw.gameTable();
        QVERIFY(t->unfinishedGame().contains(QStringLiteral("Dave against Eve")));
        for (int i = 0; i < mw.tabs()->count(); ++i) {
            mw.tabs()->setCurrentIndex(i);
            QVERIFY2(t->resumeBanner()->isVisible(), qPrintable(mw.tabs()->tabText(i)));
        }
        mw.tabs()->setCurrentIndex(0);
        auto *bannerText = t->resumeBanner()->findChild<QLabel *>();
        QVERIFY(bannerText->text().contains(QStringLiteral("Dave against Eve")));
        shot(&mw, QStringLiteral("newgame-resume-banner"));

        QString question;
        {
            jwtest::ModalDriver cancel([&](QWidget *w) {
                return answerReplaceQuestion(w, QStringLiteral("Cancel"), &question);
            });
            t->newGame();
            QVERIFY2(cancel.unexpected().isEmpty(), qPrintable(cancel.unexpected().join(u' ')));
            QCOMPARE(cancel.dialogs(), 1);
        }
        QVERIFY2(question.contains(QStringLiteral("Dave against Eve")), qPrintable(question));
        QVERIFY(!t->controller()->hasGame());
        QCOMPARE(autosaveBytes(), saved);
        QVERIFY(t->resumeBanner()->isVisible());
        // Open Game… would replace it too: the same question, before the file dialog.
        question.clear();
        {
            jwtest::ModalDriver cancel([&](QWidget *w) {
                return answerReplaceQuestion(w, QStringLiteral("Cancel"), &question);
            });
            t->openGame();
            QCOMPARE(cancel.seen(), QStringList {QStringLiteral("QMessageBox")});
        }
        QVERIFY(question.contains(QStringLiteral("Dave against Eve")));
        QCOMPARE(autosaveBytes(), saved);

        {
            jwtest::ModalDriver resume([&](QWidget *w) {
                return answerReplaceQuestion(w, QStringLiteral("Resume It"), &question);
            });
            t->newGame();
            QCOMPARE(resume.dialogs(), 1);
            QVERIFY(resume.unexpected().isEmpty());
        }
        QVERIFY(t->controller()->hasGame());
        QCOMPARE(t->controller()->state(), expected);
        QCOMPARE(mw.tabs()->currentWidget(), t->tab());
        QVERIFY(!t->resumeBanner()->isVisible());

        // The game on the table is unfinished too: Replace, then the dialog.
        int newGameDialogs = 0;
        {
            jwtest::ModalDriver replace([&](QWidget *w) {
                if (answerReplaceQuestion(w, QStringLiteral("Replace It"), &question))
                    return true;
                auto *d = qobject_cast<NewGameDialog *>(w);
                if (!d)
                    return false;
                ++newGameDialogs;
                if (!d->setFleetFile(0, fleetPath(QStringLiteral("cega-fortress.jwfleet")))
                    || !d->setFleetFile(1,
                                        fleetPath(QStringLiteral("jovian-battle-group.jwfleet"))))
                    return false;
                d->startButton()->click();
                return true;
            });
            t->newGame();
            QVERIFY2(replace.unexpected().isEmpty(), qPrintable(replace.unexpected().join(u' ')));
            QCOMPARE(replace.dialogs(), 2);
        }
        QCOMPARE(newGameDialogs, 1);
        QVERIFY(t->controller()->hasGame());
        QCOMPARE(t->controller()->game()->setup().players[0].fleet.name,
                 QStringLiteral("CEGA Fortress Group"));
        const GameFile::Loaded now = GameFile::read(GameController::autosavePath());
        QVERIFY(now.game);
        QCOMPARE(now.game->setup().players[0].fleet.name, QStringLiteral("CEGA Fortress Group"));
        GameController::discardAutosave();
    }

    // A saved game given on the command line (a double-click on a .jwgame): on the
    // table, after the same question as Open Game… when a game is unfinished; a
    // bad file is refused with a message.
    void gameFileOpensOnTheTable()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("duel.jwgame"));
        GameController::discardAutosave();
        GameState expected;
        {
            GameController c;
            c.startGame(duelSetup());
            QVERIFY(c.apply(ActivateCommand {0, {}}));
            QCOMPARE(c.saveGame(path), QString());
            expected = c.state();
        }
        GameController::discardAutosave();

        {
            MainWindow mw {UnitDatabase(db())};
            mw.show();
            QVERIFY(QTest::qWaitForWindowExposed(&mw));
            GameTable *t = mw.gameTable();
            jwtest::ModalDriver none([](QWidget *) { return false; });
            QVERIFY(t->openGameFile(path));
            QCOMPARE(none.dialogs(), 0);
            QVERIFY(t->controller()->hasGame());
            QCOMPARE(t->controller()->state(), expected);
            QCOMPARE(t->controller()->filePath(), path);
            QCOMPARE(mw.tabs()->currentWidget(), t->tab());
        }

        // Now the autosave holds an unfinished game: Cancel keeps it.
        const QByteArray saved = autosaveBytes();
        QVERIFY(!saved.isEmpty());
        {
            MainWindow mw {UnitDatabase(db())};
            mw.show();
            QVERIFY(QTest::qWaitForWindowExposed(&mw));
            GameTable *t = mw.gameTable();
            QString question;
            jwtest::ModalDriver cancel([&](QWidget *w) {
                return answerReplaceQuestion(w, QStringLiteral("Cancel"), &question);
            });
            QVERIFY(!t->openGameFile(path));
            QCOMPARE(cancel.dialogs(), 1);
            QVERIFY(question.contains(QStringLiteral("Dave against Eve")));
            QVERIFY(!t->controller()->hasGame());
            QCOMPARE(autosaveBytes(), saved);
        }
        GameController::discardAutosave();

        // Not a game: a message names the problem, the table stays empty.
        const QString bad = dir.filePath(QStringLiteral("bad.jwgame"));
        {
            QFile f(bad);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("{ not json");
        }
        MainWindow mw {UnitDatabase(db())};
        mw.show();
        QVERIFY(QTest::qWaitForWindowExposed(&mw));
        GameTable *t = mw.gameTable();
        QString message;
        jwtest::ModalDriver warning([&](QWidget *w) {
            auto *box = qobject_cast<QMessageBox *>(w);
            if (!box)
                return false;
            message = box->text();
            box->accept();
            return true;
        });
        QVERIFY(!t->openGameFile(bad));
        QCOMPARE(warning.dialogs(), 1);
        QVERIFY2(message.contains(QStringLiteral("bad.jwgame")), qPrintable(message));
        QVERIFY(!t->controller()->hasGame());
    }

    // A finished game is nothing to resume: no banner, no question.
    void finishedGameIsNotOffered()
    {
        GameController::discardAutosave();
        {
            const GameScript script = GameScriptReader::read(
                sourceDir() + QStringLiteral("/tests/campaign/data/short-game.yaml"), db());
            QVERIFY(script.ok());
            QVERIFY(script.dice);
            GameController c;
            c.startGame(script.setup, std::make_unique<ScriptedDiceSource>(*script.dice));
            for (const ScriptCommand &sc : script.commands) {
                QVERIFY(c.apply(sc.command));
                while (script.autoAnswer && c.state().pending)
                    QVERIFY(c.apply(AnswerCommand {}));
            }
            QCOMPARE(c.state().phase, Phase::Over);
        }
        QVERIFY(GameController::hasAutosave());
        MainWindow mw {UnitDatabase(db())};
        mw.show();
        QVERIFY(QTest::qWaitForWindowExposed(&mw));
        GameTable *t = mw.gameTable();
        QVERIFY(t->unfinishedGame().isEmpty());
        QVERIFY(!t->resumeBanner()->isVisible());
        jwtest::ModalDriver driver([](QWidget *w) {
            auto *d = qobject_cast<NewGameDialog *>(w);
            if (d)
                d->reject();
            return d != nullptr;
        });
        t->newGame();
        QCOMPARE(driver.seen(), QStringList {QStringLiteral("jw::NewGameDialog")});
        GameController::discardAutosave();
    }
};

QTEST_MAIN(TestNewGame)
#include "tst_newgame.moc"
