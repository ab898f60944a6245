// The main window's tabs and Edit menu (issue 16.10): Ctrl+1 to Ctrl+4 reach
// every tab in order and are shown in the View menu; Edit › Undo and Redo act
// on the tab being shown and say what they will undo, or that there is nothing.
#include "campaign/campaignwindow.h"
#include "fleetbuilder/fleetdocument.h"
#include "mainwindow.h"
#include "table/gamecontroller.h"
#include "table/gametable.h"
#include "tabletestutil.h"
#include "theme.h"

#include "engine/game.h"
#include "units/unitdatabase.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>
#include <QUndoStack>

using namespace jw;
using jw::test::db;
using jw::test::duelSetup;
using jw::test::DuelSide;
using jw::test::shot;

namespace {

QList<QAction *> allActions(const QMenu *menu)
{
    QList<QAction *> out;
    for (QAction *a : menu->actions()) {
        out << a;
        if (a->menu())
            out << allActions(a->menu());
    }
    return out;
}

QMenu *menuNamed(const MainWindow &w, const QString &title)
{
    for (QAction *a : w.menuBar()->actions())
        if (a->text() == title)
            return a->menu();
    return nullptr;
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        GameController::discardAutosave();
        theme::apply(QStringLiteral("light"));
    }
    void cleanupTestCase() { GameController::discardAutosave(); }

    // Every tab by Ctrl and its place, in the View menu; no other action takes
    // the same keys.
    void everyTabHasItsShortcut()
    {
        MainWindow w {UnitDatabase(db())};
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(w.tabActions().size(), w.tabs()->count());
        QMenu *view = menuNamed(w, QStringLiteral("&View"));
        QVERIFY(view);
        QList<QAction *> everything;
        for (QAction *m : w.menuBar()->actions())
            if (m->menu())
                everything << allActions(m->menu());
        for (int i = w.tabs()->count() - 1; i >= 0; --i) {
            QAction *a = w.tabActions()[i];
            const QKeySequence keys(Qt::CTRL | (Qt::Key_1 + i));
            QCOMPARE(a->shortcut(), keys);
            QVERIFY(view->actions().contains(a));
            int same = 0;
            for (QAction *o : everything)
                same += o->shortcut() == keys;
            QCOMPARE(same, 1);
            // The keys themselves, as a person presses them.
            QTest::keySequence(&w, keys);
            QCOMPARE(w.tabs()->currentIndex(), i);
            // The menu's name is the tab's, less the accelerator.
            QCOMPARE(QString(a->text()).remove(u'&'), w.tabs()->tabText(i));
        }
    }

    // Edit › Undo follows the tab: the fleet's edits on the Fleet Builder, the
    // game's commands on the Game Table, nothing on the Unit Database; each time
    // saying what it will undo.
    void undoFollowsTheTab()
    {
        MainWindow w {UnitDatabase(db())};
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.gameTable()->controller()->setAutosaveEnabled(false);
        QAction *undo = w.undoAction();
        QAction *redo = w.redoAction();
        QCOMPARE(undo->shortcut(), QKeySequence(QKeySequence::Undo));
        QCOMPARE(redo->shortcut(), QKeySequence(QKeySequence::Redo));

        w.tabs()->setCurrentIndex(0); // Fleet Builder
        QVERIFY(!undo->isEnabled());
        QCOMPARE(undo->text(), QStringLiteral("Nothing to Undo in the fleet"));
        w.fleetDocument()->addUnit(QStringLiteral("alexander"));
        QVERIFY(undo->isEnabled());
        QCOMPARE(undo->text(), QStringLiteral("&Undo Add Alexander"));
        QCOMPARE(redo->text(), QStringLiteral("Nothing to Redo in the fleet"));

        // The Unit Database has no history: nothing to undo there, and Ctrl+Z
        // does not reach the fleet behind it.
        w.tabs()->setCurrentIndex(1); // Unit Database
        QVERIFY(!undo->isEnabled());
        QCOMPARE(undo->text(), QStringLiteral("Nothing to Undo on this tab"));
        QTest::keySequence(&w, QKeySequence::Undo);
        QCOMPARE(w.fleetDocument()->fleet().size(), 1);

        // The Game Table: the game's last command, by the model it moved.
        w.tabs()->setCurrentWidget(w.gameTable()->tab());
        QVERIFY(!undo->isEnabled());
        QCOMPARE(undo->text(), QStringLiteral("Nothing to Undo in the game"));
        GameController *c = w.gameTable()->controller();
        c->startGame(
            duelSetup({QStringLiteral("Dave"), QStringLiteral("jovian"),
                       QStringLiteral("alexander"), 24, 32, 0, QStringLiteral("Valiant")}));
        QVERIFY(c->apply(ActivateCommand {0, {}}));
        QCOMPARE(undo->text(), QStringLiteral("&Undo activation of Valiant"));
        const auto move = c->game()->legalCommands().move;
        QVERIFY(move);
        QVERIFY(c->apply(MoveCapitalCommand {{MoveLeg {move->minimum, 0}}}));
        QVERIFY(undo->isEnabled());
        QCOMPARE(undo->text(), QStringLiteral("&Undo move of Valiant"));
        QVERIFY(!redo->isEnabled());
        QCOMPARE(redo->text(), QStringLiteral("Nothing to Redo in the game"));
        // Ctrl+Z takes back the move, not the fleet's edit.
        const std::size_t commands = c->game()->history().size();
        QTest::keySequence(&w, QKeySequence::Undo);
        QCOMPARE(c->game()->history().size(), commands - 1);
        QCOMPARE(w.fleetDocument()->fleet().size(), 1);
        QCOMPARE(undo->text(), QStringLiteral("&Undo activation of Valiant"));

        // The Campaign: its own (empty) history.
        w.tabs()->setCurrentWidget(w.campaignWindow());
        QVERIFY(!undo->isEnabled());
        QCOMPARE(undo->text(), QStringLiteral("Nothing to Undo in the campaign"));

        // Back on the Fleet Builder, its edit is still there to undo, then redo.
        w.tabs()->setCurrentIndex(0);
        QCOMPARE(undo->text(), QStringLiteral("&Undo Add Alexander"));
        undo->trigger();
        QCOMPARE(w.fleetDocument()->fleet().size(), 0);
        QVERIFY(redo->isEnabled());
        QCOMPARE(redo->text(), QStringLiteral("&Redo Add Alexander"));
        redo->trigger();
        QCOMPARE(w.fleetDocument()->fleet().size(), 1);
        w.fleetDocument()->reset(Fleet {}); // no "unsaved changes" question at the end
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
