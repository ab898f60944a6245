// SPDX-License-Identifier: GPL-3.0-or-later
// Keyboard and screen-reader access (issue 21, "High DPI and accessibility"):
// on every tab of the main window, with a game on the table, a game tracked in
// the companion and a campaign with battles, the focus chain is walked. Every
// visible widget Tab reaches that jwfleet paints itself (a jw:: class) has an
// accessible name; the custom widgets a person works with (the table view,
// the dice keypad, the companion's cards, the charts) are among those Tab
// reaches; and Tab moves on from every widget (nothing keeps it).
#include "../campaign/campaigntestutil.h"
#include "campaign/battleentrydialog.h"
#include "campaign/campaigncharts.h"
#include "campaign/campaignwindow.h"
#include "companion/companioncard.h"
#include "companion/companionscreen.h"
#include "companion/dicekeypad.h"
#include "companion/trackgamedialog.h"
#include "help/preferences.h"
#include "mainwindow.h"
#include "table/clublobby.h"
#include "table/gamecontroller.h"
#include "table/gametable.h"
#include "table/modelitem.h"
#include "table/netdialogs.h"
#include "table/newgamedialog.h"
#include "table/tablescene.h"
#include "table/tableview.h"
#include "tabletestutil.h"
#include "theme.h"

#include "units/unitdatabase.h"

#include <QAccessible>
#include <QApplication>
#include <QLineEdit>
#include <QScrollArea>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>
#include <QVBoxLayout>

using namespace jw;

namespace {

// The widgets of `window` Tab reaches, in the focus chain's order: visible,
// enabled, accepting Tab focus (what QWidget::focusNextPrevChild looks for).
QList<QWidget *> tabChain(QWidget *window)
{
    QList<QWidget *> out;
    QWidget *w = window;
    for (int guard = 0; guard < 10000; ++guard) {
        w = w->nextInFocusChain();
        if (!w || w == window)
            break;
        if (w->window() == window && w->isVisible() && w->isEnabled()
            && (w->focusPolicy() & Qt::TabFocus) && !w->focusProxy())
            out << w;
    }
    return out;
}

bool isCustom(const QWidget *w)
{
    return QLatin1String(w->metaObject()->className()).startsWith(QLatin1String("jw::"));
}

// What a screen reader says for `w`: its accessible name, else what Qt derives
// (a button's text, a label that is its buddy).
QString spokenName(QWidget *w)
{
    QAccessibleInterface *a = QAccessible::queryAccessibleInterface(w);
    return a ? a->text(QAccessible::Name) : QString();
}

QString describe(const QWidget *w)
{
    return QStringLiteral("%1 '%2'").arg(QLatin1String(w->metaObject()->className()),
                                         w->objectName());
}

// Tab moves the focus on from `w`: at once, or after the sections of a date
// or a spin box (Tab steps through them first); false when it stays.
bool tabLeaves(QWidget *w)
{
    for (int i = 0; i < 4; ++i) {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        if (QApplication::focusWidget() != w)
            return true;
    }
    return false;
}

// Walks the focus chain of each of `dialogs`: the controls Tab reaches with no name a screen
// reader can say go to `unnamed`, those Tab does not leave to `stuck`, and, with `unframed`,
// those that look the same with and without the focus: every control, Qt's own too (the
// application's style rings a focused push button, combo box or framed view: theme.cpp).
void walkDialogs(const std::vector<std::unique_ptr<QDialog>> &dialogs, QStringList &unnamed,
                 QStringList &stuck, QStringList *unframed = nullptr)
{
    for (const auto &d : dialogs) {
        d->show();
        if (!QTest::qWaitForWindowActive(d.get())) {
            stuck << QLatin1String(d->metaObject()->className()) + QStringLiteral(": not shown");
            continue;
        }
        const QString where = QLatin1String(d->metaObject()->className());
        const QList<QWidget *> chain = tabChain(d.get());
        if (chain.isEmpty())
            stuck << where + QStringLiteral(": nothing takes Tab");
        for (QWidget *w : chain) {
            if (spokenName(w).isEmpty())
                unnamed << where + QStringLiteral(": ") + describe(w);
            if (unframed) {
                // Without the focus (on the dialog itself), then with it.
                d->setFocus(Qt::OtherFocusReason);
                QCoreApplication::processEvents();
                const QImage without = w->grab().toImage();
                w->setFocus(Qt::TabFocusReason);
                QCoreApplication::processEvents();
                if (QApplication::focusWidget() == w && w->grab().toImage() == without)
                    *unframed << where + QStringLiteral(": ") + describe(w);
            }
            w->setFocus(Qt::TabFocusReason);
            QCoreApplication::processEvents();
            if (QApplication::focusWidget() != w)
                continue;
            if (!tabLeaves(w))
                stuck << where + QStringLiteral(": ") + describe(w);
        }
        d->hide();
    }
}

} // namespace

class TestAccessibility : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QAccessible::setActive(true);
        // The style the application runs with (jwfleet's main: the saved theme), which keeps
        // the keyboard focus visible on every control (theme.cpp, FocusStyle).
        theme::apply(QStringLiteral("light"));
    }
    void cleanupTestCase() { GameController::discardAutosave(); }

    void everyTabIsReachableAndNamed()
    {
        jwtest::Databases dbs;
        const QString url = dbs.fresh(QStringLiteral("sqlite"));
        {
            CampaignWindow setup(test::db());
            Campaign c;
            c.name = QStringLiteral("Jupiter Cup");
            c.started = QDate(2026, 10, 1);
            QVERIFY(setup.createCampaign(url, c));
            QVERIFY(setup.addPlayer(QStringLiteral("Ann"), Fleet {}));
            QVERIFY(setup.addPlayer(QStringLiteral("Bob"), Fleet {}));
        }
        MainWindow main(UnitDatabase::loadShipped());
        main.gameTable()->controller()->setAutosaveEnabled(false);
        main.resize(1280, 720);
        main.show();
        QVERIFY(QTest::qWaitForWindowActive(&main));
        main.gameTable()->controller()->startGame(test::duelSetup());
        main.companion()->startTracking(test::duelSetup());
        main.showCampaign(url);

        QStringList unnamed, stuck, unreachable;
        QSet<QString> customSeen;
        for (int tab = 0; tab < main.tabs()->count(); ++tab) {
            main.tabs()->setCurrentIndex(tab);
            QCoreApplication::processEvents();
            // The campaign's pages are tabs too: walk each.
            QTabWidget *pages = main.tabs()->currentWidget() == main.campaignWindow()
                ? main.campaignWindow()->pages()
                : nullptr;
            for (int page = 0; page < (pages ? pages->count() : 1); ++page) {
                if (pages)
                    pages->setCurrentIndex(page);
                QCoreApplication::processEvents();
                const QString where = main.tabs()->tabText(tab)
                    + (pages ? QStringLiteral(" › ") + pages->tabText(page) : QString());
                const QList<QWidget *> chain = tabChain(&main);
                QVERIFY2(!chain.isEmpty(), qPrintable(where));
                for (QWidget *w : chain) {
                    // A custom widget, and every standard one too: a screen reader
                    // must have something to say for each control Tab reaches.
                    if (isCustom(w))
                        customSeen.insert(QLatin1String(w->metaObject()->className()));
                    if (spokenName(w).isEmpty())
                        unnamed << where + QStringLiteral(": ") + describe(w);
                }
                // Tab from each widget moves the focus on (nothing keeps Tab).
                for (QWidget *w : chain) {
                    w->setFocus(Qt::TabFocusReason);
                    QCoreApplication::processEvents();
                    if (QApplication::focusWidget() != w)
                        continue; // e.g. a proxy took it

                    if (!tabLeaves(w))
                        stuck << where + QStringLiteral(": ") + describe(w) + QStringLiteral(" in ")
                                + describe(w->parentWidget());
                }
            }
        }
        QVERIFY2(unnamed.isEmpty(), qPrintable(unnamed.join(u'\n')));
        QVERIFY2(stuck.isEmpty(), qPrintable(stuck.join(u'\n')));
        // Every widget jwfleet paints itself has a name too, also those Tab does
        // not stop at (a card, odds, dice): a screen reader reads them.
        for (int tab = 0; tab < main.tabs()->count(); ++tab) {
            main.tabs()->setCurrentIndex(tab);
            QCoreApplication::processEvents();
            for (QWidget *w : main.findChildren<QWidget *>()) {
                const QLatin1String cls(w->metaObject()->className());
                static const QStringList painted {
                    QStringLiteral("jw::CardView"),        QStringLiteral("jw::OddsBar"),
                    QStringLiteral("jw::DiceWidget"),      QStringLiteral("jw::AttackResultView"),
                    QStringLiteral("jw::DieButton"),       QStringLiteral("jw::FlexPicker"),
                    QStringLiteral("jw::RuleGaugeWidget"), QStringLiteral("jw::CompanionCard"),
                    QStringLiteral("jw::DiceKeypad"),      QStringLiteral("jw::TableView"),
                    QStringLiteral("jw::FleetStrip"),      QStringLiteral("jw::StandingsChart"),
                    QStringLiteral("jw::DestroyedChart"),  QStringLiteral("jw::LuckChart")};
                if (w->isVisible() && painted.contains(cls) && spokenName(w).isEmpty())
                    unnamed << main.tabs()->tabText(tab) + QStringLiteral(": ") + describe(w);
            }
        }
        QVERIFY2(unnamed.isEmpty(), qPrintable(unnamed.join(u'\n')));
        // The custom widgets a person works with are among those Tab reaches.
        for (const char *cls : {"jw::TableView", "jw::CompanionCard", "jw::StandingsChart",
                                "jw::DestroyedChart", "jw::LuckChart"})
            if (!customSeen.contains(QLatin1String(cls)))
                unreachable << QLatin1String(cls);
        QVERIFY2(unreachable.isEmpty(), qPrintable(unreachable.join(u'\n')));

        // The focus is visible on the custom widgets: the table view and a
        // companion card look different with it.
        const auto differs = [](QWidget *w) {
            w->setFocus(Qt::TabFocusReason);
            QCoreApplication::processEvents();
            const QImage with = w->grab().toImage();
            w->clearFocus();
            QCoreApplication::processEvents();
            const QImage without = w->grab().toImage();
            return with != without;
        };
        main.tabs()->setCurrentWidget(main.gameTable()->tab());
        TableView *view = main.findChild<TableView *>();
        QVERIFY(view);
        QVERIFY(differs(view));
        main.tabs()->setCurrentWidget(main.companion());
        CompanionCard *card = main.companion()->findChild<CompanionCard *>();
        QVERIFY(card);
        QVERIFY(!card->accessibleName().isEmpty());
        QVERIFY(differs(card));
        // Space on a card selects its model, as a click does.
        QSignalSpy selected(card, &CompanionCard::selected);
        card->setFocus();
        QTest::keyClick(card, Qt::Key_Space);
        QCOMPARE(selected.size(), 1);
        QCOMPARE(selected.front().front().toInt(), card->model());
    }

    // A whole action from the keyboard alone: on the game table a model is picked (N and P
    // move a ring from model to model, Space picks it as a click does), and on a companion
    // card of a physical table a damage box is marked and cleared (arrows, Home/End, Space,
    // Enter, + and -), through the same engine command as a click; the ring and the box
    // show the focus, and the descriptions say which model and which box.
    void keyboardAlonePicksAndMarks()
    {
        MainWindow main(UnitDatabase::loadShipped());
        main.gameTable()->controller()->setAutosaveEnabled(false);
        main.companion()->controller()->setAutosaveEnabled(false);
        main.resize(1280, 720);
        main.show();
        QVERIFY(QTest::qWaitForWindowActive(&main));
        main.gameTable()->controller()->startGame(test::duelSetup());
        GameSetup physical = test::duelSetup();
        physical.table = TableKind::Physical;
        main.companion()->startTracking(physical);

        // The table: Dave's Alexander (model 0) may activate, the Shan-Yu (1) may not.
        main.tabs()->setCurrentWidget(main.gameTable()->tab());
        QCoreApplication::processEvents();
        auto *view = main.findChild<TableView *>();
        QVERIFY(view);
        auto *scene = qobject_cast<TableScene *>(view->scene());
        QVERIFY(scene);
        view->setFocus(Qt::TabFocusReason);
        QCoreApplication::processEvents();
        QCOMPARE(scene->keyboardModel(), -1);
        const QImage noRing = view->grab().toImage();
        QTest::keyClick(view, Qt::Key_N);
        QCOMPARE(scene->keyboardModel(), 0); // the one to act with comes first
        QVERIFY(scene->modelItem(0)->keyboardFocus());
        QCOMPARE(scene->modelItem(0)->highlight(), ModelItem::Activatable);
        QCoreApplication::processEvents();
        QVERIFY(view->grab().toImage() != noRing); // the ring shows
        test::shot(&main, QStringLiteral("table-keyboard-ring"));
        const QString name0 = scene->modelItem(0)->name();
        QVERIFY2(view->accessibleDescription().startsWith(name0),
                 qPrintable(view->accessibleDescription()));
        QTest::keyClick(view, Qt::Key_N);
        QCOMPARE(scene->keyboardModel(), 1);
        QVERIFY(!scene->modelItem(0)->keyboardFocus());
        QVERIFY2(view->accessibleDescription().startsWith(scene->modelItem(1)->name()),
                 qPrintable(view->accessibleDescription()));
        QTest::keyClick(view, Qt::Key_N); // round again
        QCOMPARE(scene->keyboardModel(), 0);
        QTest::keyClick(view, Qt::Key_P);
        QCOMPARE(scene->keyboardModel(), 1);
        QTest::keyClick(view, Qt::Key_N, Qt::ShiftModifier); // Shift+N: back too
        QCOMPARE(scene->keyboardModel(), 0);
        // Space picks it as a click would: the model is selected, its card shown.
        QTest::keyClick(view, Qt::Key_Space);
        QCOMPARE(scene->selectedModel(), 0);
        // Esc takes the ring off.
        QTest::keyClick(view, Qt::Key_Escape);
        QCOMPARE(scene->keyboardModel(), -1);
        QVERIFY(!scene->modelItem(0)->keyboardFocus());
        QVERIFY(view->hasFocus()); // no key moved the focus off the table

        // The companion: the Shan-Yu's card, its Structure track from the keyboard.
        main.tabs()->setCurrentWidget(main.companion());
        QCoreApplication::processEvents();
        CompanionCard *card = main.companion()->card(1);
        QVERIFY(card);
        card->setFocus(Qt::TabFocusReason);
        QCoreApplication::processEvents();
        QVERIFY(!card->keyboardBox());
        const QImage noBox = card->grab().toImage();
        QTest::keyClick(card, Qt::Key_Down);
        QVERIFY(card->keyboardBox());
        QCoreApplication::processEvents();
        QVERIFY(card->grab().toImage() != noBox); // the box is framed
        for (int guard = 0; guard < 40
             && !(card->keyboardBox()->owner == CardBoxOwner::Track
                  && card->keyboardBox()->ownerIndex == int(CardTrack::Structure));
             ++guard)
            QTest::keyClick(card, Qt::Key_Down);
        QCOMPARE(card->keyboardBox()->owner, CardBoxOwner::Track);
        QCOMPARE(card->keyboardBox()->ownerIndex, int(CardTrack::Structure));
        QTest::keyClick(card, Qt::Key_End); // the top of the track: the first to mark
        const int top = card->keyboardBox()->boxIndex;
        QVERIFY(top > 0);
        // The cards scrolled to show the box.
        QScrollArea *area = nullptr;
        for (QWidget *p = card->parentWidget(); p && !area; p = p->parentWidget())
            area = qobject_cast<QScrollArea *>(p);
        QVERIFY(area);
        const QRect box = card->boxRect(CardBoxOwner::Track, int(CardTrack::Structure), top);
        QVERIFY(area->viewport()->rect().contains(
            QRect(card->mapTo(area->viewport(), box.topLeft()), box.size())));
        QTest::keyClick(card, Qt::Key_Home);
        QCOMPARE(card->keyboardBox()->boxIndex, 0);
        QTest::keyClick(card, Qt::Key_End);
        QTest::keyClick(card, Qt::Key_Left);
        QCOMPARE(card->keyboardBox()->boxIndex, top - 1);
        QTest::keyClick(card, Qt::Key_Right);
        QCOMPARE(card->keyboardBox()->boxIndex, top);
        QVERIFY2(card->accessibleDescription().contains(
                     QStringLiteral("Structure, box %1 of %2").arg(top + 1).arg(top + 1)),
                 qPrintable(card->accessibleDescription()));
        QVERIFY2(card->accessibleDescription().contains(QStringLiteral("not marked")),
                 qPrintable(card->accessibleDescription()));
        const GameController *companion = main.companion()->controller();
        const int before = companion->state().models[1].structureLost;
        const qsizetype history = companion->game()->history().size();
        // Space marks the box (a correction the engine takes, as after a click).
        QTest::keyClick(card, Qt::Key_Space);
        QCOMPARE(companion->state().models[1].structureLost, before + 1);
        QCOMPARE(qsizetype(companion->game()->history().size()), history + 1);
        QCOMPARE(card->marks().structure, before + 1);
        QVERIFY2(card->accessibleDescription().contains(QStringLiteral(": marked; 1 of")),
                 qPrintable(card->accessibleDescription()));
        test::shot(&main, QStringLiteral("companion-keyboard-box"));
        QTest::keyClick(card, Qt::Key_Minus); // one fewer
        QCOMPARE(companion->state().models[1].structureLost, before);
        QTest::keyClick(card, Qt::Key_Plus); // one more
        QCOMPARE(companion->state().models[1].structureLost, before + 1);
        // Enter on a marked box clears it (the box's, not the companion's Enter).
        QTest::keyClick(card, Qt::Key_Return);
        QCOMPARE(companion->state().models[1].structureLost, before);
        QVERIFY(card->hasFocus());
        // Esc leaves the boxes; Space selects the card's model again.
        QTest::keyClick(card, Qt::Key_Escape);
        QVERIFY(!card->keyboardBox());
        QSignalSpy selected(card, &CompanionCard::selected);
        QTest::keyClick(card, Qt::Key_Space);
        QCOMPARE(selected.size(), 1);
        QCOMPARE(companion->state().models[1].structureLost, before);
    }

    // The dialogs a game or a campaign starts with: every control Tab reaches
    // has a name, and Tab moves on from each.
    void dialogsAreReachableAndNamed()
    {
        const UnitDatabase &db = test::db();
        Campaign campaign;
        campaign.name = QStringLiteral("Jupiter Cup");
        Player ann, bob;
        ann.id = 1;
        ann.name = QStringLiteral("Ann");
        bob.id = 2;
        bob.name = QStringLiteral("Bob");
        std::vector<std::unique_ptr<QDialog>> dialogs;
        dialogs.push_back(std::make_unique<NewGameDialog>(db));
        dialogs.push_back(std::make_unique<TrackGameDialog>(db));
        dialogs.push_back(std::make_unique<PreferencesDialog>());
        dialogs.push_back(
            std::make_unique<BattleEntryDialog>(campaign, std::vector<Player> {ann, bob}, db));
        QStringList unnamed, stuck, unframed;
        walkDialogs(dialogs, unnamed, stuck, &unframed);
        QVERIFY2(unnamed.isEmpty(), qPrintable(unnamed.join(u'\n')));
        QVERIFY2(stuck.isEmpty(), qPrintable(stuck.join(u'\n')));
        QVERIFY2(unframed.isEmpty(), qPrintable(unframed.join(u'\n')));
    }

    // The network and club dialogs and windows (Host, Join and Resume Network Game, the club
    // server's lobby, Create and Join, the spectator window): every control Tab reaches has
    // a name, Tab moves on from each, and the ones jwfleet paints (the spectator's table)
    // look different with the focus.
    void networkDialogsAreReachableAndNamed()
    {
        const UnitDatabase &db = test::db();
        const Game saved(test::duelSetup());
        net::ClubGameInfo open;
        open.id = 7;
        open.name = QStringLiteral("Dave");
        open.scenario = QStringLiteral("fleet-engagement");
        open.rules = QStringLiteral("v1.2.2");
        std::vector<std::unique_ptr<QDialog>> dialogs;
        dialogs.push_back(std::make_unique<HostNetworkDialog>(db));
        dialogs.push_back(std::make_unique<JoinNetworkDialog>(db));
        dialogs.push_back(std::make_unique<ResumeNetworkDialog>(saved, QStringLiteral("x.jwgame")));
        dialogs.push_back(std::make_unique<ClubLobbyDialog>(db));
        dialogs.push_back(std::make_unique<ClubCreateDialog>(db));
        dialogs.push_back(std::make_unique<ClubJoinDialog>(db, open));
        // A server that is not there: the window shows why, its controls stay.
        auto watch = std::make_unique<ClubWatchWindow>(QStringLiteral("127.0.0.1"), 1, 7);
        ClubWatchWindow *watching = watch.get();
        dialogs.push_back(std::move(watch));
        QStringList unnamed, stuck, unframed;
        walkDialogs(dialogs, unnamed, stuck, &unframed);
        // The spectator's table is among what Tab reaches, named, and framed with the focus.
        watching->show();
        QVERIFY(QTest::qWaitForWindowActive(watching));
        QVERIFY(tabChain(watching).contains(watching->view()));
        QVERIFY(!spokenName(watching->view()).isEmpty());
        watching->hide();
        QVERIFY2(unnamed.isEmpty(), qPrintable(unnamed.join(u'\n')));
        QVERIFY2(stuck.isEmpty(), qPrintable(stuck.join(u'\n')));
        QVERIFY2(unframed.isEmpty(), qPrintable(unframed.join(u'\n')));
    }

    // The dice keypad (shown when the players type in their dice): Tab reaches
    // it, it has a name, and a frame shows it has the keyboard; it takes the faces.
    void diceKeypadIsReachable()
    {
        QWidget host;
        auto *before = new QLineEdit(&host);
        auto *pad = new DiceKeypad(&host);
        auto *l = new QVBoxLayout(&host);
        l->addWidget(before);
        l->addWidget(pad);
        pad->setRoll(DicePool {3, 1, 0}, 4, QStringLiteral("Attack"));
        host.resize(500, 600);
        host.show();
        QVERIFY(QTest::qWaitForWindowActive(&host));
        before->setFocus();
        QTest::keyClick(before, Qt::Key_Tab);
        QCOMPARE(QApplication::focusWidget(), pad);
        QVERIFY(!spokenName(pad).isEmpty());
        const QImage with = pad->grab().toImage();
        before->setFocus();
        QCoreApplication::processEvents();
        QVERIFY(pad->grab().toImage() != with);
        pad->setFocus();
        QTest::keyClick(pad, Qt::Key_4);
        QTest::keyClick(pad, Qt::Key_6);
        QCOMPARE(pad->faces(), (std::vector<int> {4, 6}));
    }
};

QTEST_MAIN(TestAccessibility)
#include "tst_accessibility.moc"
