// SPDX-License-Identifier: GPL-3.0-or-later
// The main window's tabs and Edit menu (issue 16.10): Ctrl+1 to Ctrl+4 reach
// every tab in order and are shown in the View menu; Edit › Undo and Redo act
// on the tab being shown and say what they will undo, or that there is nothing;
// View › Game Table Panels brings back a closed dock, and Reset Layout all of them.
#include "campaign/campaignwindow.h"
#include "fleetbuilder/fleetdocument.h"
#include "mainwindow.h"
#include "startpage.h"
#include "table/gamecontroller.h"
#include "table/gametable.h"
#include "table/gamewindow.h"
#include "table/nettable.h"
#include "tabletestutil.h"
#include "theme.h"

#include "engine/game.h"
#include "units/unitdatabase.h"

#include <QAbstractButton>
#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QSignalSpy>
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

    // A dock closed by its title bar's button comes back from View › Game Table Panels,
    // by the menu and by its keys (Alt and its place), on the Game Table tab even when
    // another tab was shown; Reset Layout brings back closed and floated ones where they
    // were at first. No other action takes the same keys.
    void closedDockComesBackFromTheViewMenu()
    {
        MainWindow w {UnitDatabase(db())};
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.tabs()->setCurrentWidget(w.gameTable()->tab());
        QCoreApplication::processEvents();
        GameWindow *g = w.gameTable()->gameWindow();
        const QList<QDockWidget *> docks = g->docks();
        QCOMPARE(docks.size(), 4);
        QMenu *view = menuNamed(w, QStringLiteral("&View"));
        QVERIFY(view);
        QMenu *panels = w.panelsMenu();
        QVERIFY(panels && allActions(view).contains(panels->menuAction()));
        QList<QAction *> everything;
        for (QAction *m : w.menuBar()->actions())
            if (m->menu())
                everything << allActions(m->menu());
        for (int i = 0; i < docks.size(); ++i) {
            QDockWidget *dock = docks[i];
            QVERIFY2(dock->isVisible(), qPrintable(dock->windowTitle()));
            QAction *a = dock->toggleViewAction();
            QVERIFY(panels->actions().contains(a));
            QCOMPARE(a->text(), dock->windowTitle());
            const QKeySequence keys(Qt::ALT | (Qt::Key_1 + i));
            QCOMPARE(a->shortcut(), keys);
            int same = 0;
            for (QAction *o : everything)
                same += o->shortcut() == keys;
            QCOMPARE(same, 1);
            // Closed as a person does, by its title bar's button.
            QVERIFY(dock->features() & QDockWidget::DockWidgetClosable);
            QVERIFY(a->isEnabled());
            auto *button
                = dock->findChild<QAbstractButton *>(QStringLiteral("qt_dockwidget_closebutton"));
            QVERIFY(button && button->isVisible());
            QTest::mouseClick(button, Qt::LeftButton);
            QCoreApplication::processEvents();
            QVERIFY2(!dock->isVisible(), qPrintable(dock->windowTitle()));
            QVERIFY(!a->isChecked());
            // Back from the menu, on another tab.
            w.tabs()->setCurrentIndex(0);
            a->trigger();
            QCoreApplication::processEvents();
            QVERIFY2(dock->isVisible(), qPrintable(dock->windowTitle()));
            QCOMPARE(w.tabs()->currentWidget(), w.gameTable()->tab());
            // And by its keys.
            a->trigger();
            QVERIFY(!dock->isVisible());
            QTest::keySequence(&w, keys);
            QCoreApplication::processEvents();
            QVERIFY2(dock->isVisible(), qPrintable(dock->windowTitle()));
        }
        // Reset Layout: a closed card, floated fleets and the log moved to the left, back.
        QAction *reset = nullptr;
        for (QAction *a : panels->actions())
            if (a->objectName() == QLatin1String("resetLayout"))
                reset = a;
        QVERIFY(reset);
        docks[1]->close();
        docks[3]->setFloating(true);
        g->addDockWidget(Qt::LeftDockWidgetArea, docks[2]);
        w.tabs()->setCurrentIndex(0);
        QCoreApplication::processEvents();
        reset->trigger();
        QCoreApplication::processEvents();
        QCOMPARE(w.tabs()->currentWidget(), w.gameTable()->tab());
        const Qt::DockWidgetArea areas[] = {Qt::RightDockWidgetArea, Qt::RightDockWidgetArea,
                                            Qt::BottomDockWidgetArea, Qt::BottomDockWidgetArea};
        for (int i = 0; i < docks.size(); ++i) {
            QVERIFY2(docks[i]->isVisible(), qPrintable(docks[i]->windowTitle()));
            QVERIFY(!docks[i]->isFloating());
            QCOMPARE(g->dockWidgetArea(docks[i]), areas[i]);
        }
        // The card under the commands, the fleets beside the log.
        QVERIFY(docks[1]->geometry().top() >= docks[0]->geometry().bottom());
        QVERIFY(docks[3]->geometry().left() >= docks[2]->geometry().right());
        shot(&w, QStringLiteral("panels-reset"));
    }

    // The Game Table before a game shows how to begin one (the docks stay where the user put
    // them); its buttons are the Game menu's actions; a game takes its place, and the page
    // comes back when the game is closed.
    void tableStartsWithItsStartPage()
    {
        MainWindow w {UnitDatabase(db())};
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        GameTable *table = w.gameTable();
        table->controller()->setAutosaveEnabled(false);
        w.tabs()->setCurrentWidget(table->tab());
        GameWindow *window = table->gameWindow();
        QVERIFY(window->showsStartPage());
        QVERIFY(table->startPage()->isVisible());
        auto *commands = window->findChild<QDockWidget *>(QStringLiteral("commands"));
        QVERIFY(commands && commands->isVisible());
        // One button for each way to begin, each doing what its Game menu item does.
        QStringList texts;
        for (auto *b : table->startPage()->findChildren<QAbstractButton *>())
            texts << b->text();
        QCOMPARE(
            texts,
            QStringList({QStringLiteral("New Game…"), QStringLiteral("Open Game…"),
                         QStringLiteral("Host Network Game…"), QStringLiteral("Join Network Game…"),
                         QStringLiteral("Connect to Club Server…")}));
        for (QAction *a : {table->network()->hostAction(), table->network()->joinAction(),
                           table->network()->clubAction()}) {
            auto *b = table->startPage()->findChild<QAbstractButton *>(a->objectName()
                                                                       + QStringLiteral("Start"));
            QVERIFY2(b, qPrintable(a->objectName()));
            QObject::disconnect(a, &QAction::triggered, nullptr, nullptr); // no dialog here
            QSignalSpy triggered(a, &QAction::triggered);
            b->click();
            QCOMPARE(triggered.count(), 1);
        }
        // A game takes the page's place, and gives it back when closed.
        table->controller()->startGame(
            duelSetup({QStringLiteral("Dave"), QStringLiteral("jovian"),
                       QStringLiteral("alexander"), 24, 32, 0, QStringLiteral("Valiant")}));
        QVERIFY(!window->showsStartPage());
        QVERIFY(!table->startPage()->isVisible());
        table->controller()->closeGame();
        QVERIFY(window->showsStartPage());
        QVERIFY(table->startPage()->isVisible());
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

        // The Unit Database has its own history (values entered from printed
        // cards), empty here: nothing to undo there, and Ctrl+Z does not reach
        // the fleet behind it.
        w.tabs()->setCurrentIndex(1); // Unit Database
        QVERIFY(!undo->isEnabled());
        QCOMPARE(undo->text(), QStringLiteral("Nothing to Undo in the unit data"));
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
