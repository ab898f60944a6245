// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 16.2: the main window fits a 1280x720 laptop with nothing cut off and is
// usable at 1024x640, whichever tab is shown; it never grows by itself during play
// (the Game Table's panels scroll instead); a section the user folded stays folded;
// the dialogs fit 1024x640 too. The measure() test prints where each minimum comes
// from (the widgets whose minimum is large), for the next person who looks.
#include "campaign/battleentrydialog.h"
#include "campaign/campaignwindow.h"
#include "fleetbuilder/fleetbuilder.h"
#include "layoututil.h"
#include "mainwindow.h"
#include "print/printing.h"
#include "table/attackpreview.h"
#include "table/cardviewer.h"
#include "table/gamecontroller.h"
#include "table/gametable.h"
#include "table/gamewindow.h"
#include "table/newgamedialog.h"
#include "table/replayviewer.h"
#include "tabletestutil.h"
#include "theme.h"

#include "engine/game.h"
#include "fleet/fleetfile.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QGroupBox>
#include <QLabel>
#include <QLayout>
#include <QListWidget>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QStandardPaths>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTranslator>

using namespace jw;
using jw::test::db;
using jw::test::duelSetup;
using jw::test::shot;

namespace {

const QSize kSmall(1024, 640);
const QSize kLaptop(1280, 720);

QString sizeText(QSize s)
{
    return QStringLiteral("%1x%2").arg(s.width()).arg(s.height());
}

bool fits(QSize s, QSize in)
{
    return s.width() <= in.width() && s.height() <= in.height();
}

// The widgets whose minimum is large, outermost first: where a minimum size comes from.
void dump(QWidget *w, int depth = 0)
{
    const QSize m = w->minimumSizeHint().expandedTo(w->minimumSize());
    if (m.width() < 200 && m.height() < 150 && !qobject_cast<QDockWidget *>(w))
        return;
    qInfo().noquote() << QString(depth * 2, QLatin1Char(' ')) + w->metaObject()->className()
            + QLatin1Char(' ') + w->objectName() + QLatin1Char(' ') + sizeText(m)
            + (w->isVisibleTo(w->window()) ? QString() : QStringLiteral(" (hidden)"));
    for (QObject *o : w->children())
        if (auto *c = qobject_cast<QWidget *>(o); c && !c->isWindow())
            dump(c, depth + 1);
}

std::unique_ptr<DiceSource> manyDice()
{
    std::vector<int> faces;
    const int cycle[] = {6, 5, 2, 4, 6, 1, 3, 5, 6, 2};
    for (int i = 0; i < 2000; ++i)
        faces.push_back(cycle[i % 10]);
    return std::make_unique<ScriptedDiceSource>(faces);
}

Fleet fleetFile(const QString &name)
{
    const QString dir = qEnvironmentVariable("JW_SOURCE_DIR", QStringLiteral("."));
    const FleetFileResult r = FleetFile::read(dir + QStringLiteral("/data/fleets/") + name);
    if (!r.ok())
        qFatal("%s", qPrintable(r.errorText()));
    return *r.fleet;
}

// What a window of `w`'s size shows of the tab being shown: every tab's minimum
// fits in the room the window gives it, so nothing is cut off or scrolled away as
// a whole; the window itself may be as small as 1024x640.
QString tabProblem(MainWindow &w)
{
    QWidget *tab = w.tabs()->currentWidget();
    const QString name = w.tabs()->tabText(w.tabs()->currentIndex());
    if (!fits(w.minimumSizeHint(), kSmall) || !fits(w.minimumSize(), kSmall))
        return QStringLiteral("%1: the window needs %2 (minimum size %3)")
            .arg(name, sizeText(w.minimumSizeHint()), sizeText(w.minimumSize()));
    if (!fits(tab->minimumSizeHint(), tab->size()))
        return QStringLiteral("%1: the tab needs %2 and has %3")
            .arg(name, sizeText(tab->minimumSizeHint()), sizeText(tab->size()));
    return {};
}

// The commands' panel of the Game Table is never cut off on the right (it scrolls
// vertically only), and it scrolls rather than grow.
QString commandsProblem(GameWindow *g)
{
    auto *scroll = g->findChild<QScrollArea *>(QStringLiteral("commandsScroll"));
    if (!scroll)
        return QStringLiteral("no scrolling commands panel");
    const int need = scroll->widget()->minimumSizeHint().width();
    if (need > scroll->viewport()->width())
        return QStringLiteral("the commands need %1 px and have %2")
            .arg(need)
            .arg(scroll->viewport()->width());
    return {};
}

// The texts a window shows cut off: a label or button narrower than its text, a
// wrapped label shorter than its lines, a group box narrower than its title. Only
// what is shown, and only within what its scroll area lets one scroll to.
QStringList cutOffTexts(QWidget *root)
{
    QStringList out;
    const auto where = [](QWidget *w) {
        QStringList path;
        for (QWidget *p = w; p && !p->isWindow(); p = p->parentWidget())
            if (!p->objectName().isEmpty() && !p->objectName().startsWith(QLatin1String("qt_")))
                path.prepend(p->objectName());
        return path.join(QLatin1Char('/'));
    };
    for (QWidget *w : root->findChildren<QWidget *>()) {
        if (!w->isVisibleTo(root) || w->window() != root->window())
            continue;
        if (w->width() <= 0 || w->height() <= 0)
            continue;
        QString text;
        bool cut = false;
        if (auto *l = qobject_cast<QLabel *>(w)) {
            text = l->text();
            if (text.isEmpty() || !l->pixmap().isNull())
                continue;
            if (l->wordWrap()) {
                const int need = l->heightForWidth(l->width());
                cut = need > l->height() + 1;
            } else {
                cut = l->sizeHint().width() > l->width() + 1;
            }
        } else if (auto *b = qobject_cast<QAbstractButton *>(w)) {
            text = b->text();
            if (text.isEmpty() || qobject_cast<QToolButton *>(w))
                continue;
            cut = b->sizeHint().width() > b->width() + 1;
        } else if (auto *c = qobject_cast<QComboBox *>(w)) {
            // The chosen item's text in the box's room (its frame and arrow taken off).
            text = c->currentText();
            if (text.isEmpty() || c->isEditable())
                continue;
            // Elided, and in full in its tooltip: not cut off.
            if (auto *e = qobject_cast<ElidingComboBox *>(c)) {
                cut = e->isElided() && !e->shownToolTip().startsWith(text);
                if (e->isElided() && !e->shownText().endsWith(QChar(0x2026)))
                    cut = true;
                if (!cut)
                    continue;
            }
            QStyleOptionComboBox opt;
            opt.initFrom(c);
            const QRect room = c->style()->subControlRect(QStyle::CC_ComboBox, &opt,
                                                          QStyle::SC_ComboBoxEditField, c);
            cut = c->fontMetrics().horizontalAdvance(text) > room.width() + 1;
        } else if (auto *g = qobject_cast<QGroupBox *>(w)) {
            text = g->title();
            if (text.isEmpty())
                continue;
            cut = g->fontMetrics().horizontalAdvance(text) + 16 > g->width();
        }
        if (cut)
            out << QStringLiteral("%1 \"%2\" (%3 at %4x%5, needs %6x%7)")
                       .arg(QLatin1String(w->metaObject()->className()),
                            text.left(60).replace(QLatin1Char('\n'), QLatin1Char(' ')), where(w))
                       .arg(w->width())
                       .arg(w->height())
                       .arg(w->sizeHint().width())
                       .arg(qobject_cast<QLabel *>(w) && static_cast<QLabel *>(w)->wordWrap()
                                ? w->heightForWidth(w->width())
                                : w->sizeHint().height());
    }
    return out;
}

} // namespace

class TestLayout : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        GameController::discardAutosave();
        theme::apply(QStringLiteral("light"));
    }
    void cleanupTestCase()
    {
        GameController::discardAutosave();
        QSettings().clear();
    }

    // Where the minimum of each tab comes from (printed; the tests below assert).
    void measure()
    {
        MainWindow w {UnitDatabase(db())};
        w.resize(kLaptop);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.gameTable()->controller()->startGame(duelSetup());
        for (int i = 0; i < w.tabs()->count(); ++i) {
            w.tabs()->setCurrentIndex(i);
            QCoreApplication::processEvents();
            qInfo().noquote() << w.tabs()->tabText(i) << "window minimum"
                              << sizeText(w.minimumSizeHint()) << "tab minimum"
                              << sizeText(w.tabs()->widget(i)->minimumSizeHint());
            dump(w.tabs()->widget(i));
        }
    }

    // Every tab, at 1280x720 and at 1024x640: the window may be that small, and the
    // tab's contents fit in what it gets.
    void everyTabFitsSmallScreens_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("game");
        QTest::newRow("1280x720") << kLaptop << false;
        QTest::newRow("1024x640") << kSmall << false;
        QTest::newRow("1280x720, a game") << kLaptop << true;
        QTest::newRow("1024x640, a game") << kSmall << true;
    }
    void everyTabFitsSmallScreens()
    {
        QFETCH(QSize, size);
        QFETCH(bool, game);
        QTemporaryDir dir;
        MainWindow w {UnitDatabase(db())};
        w.resize(size);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        if (game)
            w.gameTable()->controller()->startGame(duelSetup());
        // A campaign open, with its pages (standings, players, battles, charts, settings).
        Campaign campaign;
        campaign.name = QStringLiteral("Jupiter Cup");
        campaign.points = 500;
        QVERIFY2(
            w.campaignWindow()->createCampaign(dir.filePath(QStringLiteral("c.sqlite")), campaign),
            qPrintable(w.campaignWindow()->lastError()));
        for (int i = 0; i < w.tabs()->count(); ++i) {
            w.tabs()->setCurrentIndex(i);
            QCoreApplication::processEvents();
            QCOMPARE(w.size(), size);
            const QString problem = tabProblem(w);
            QVERIFY2(problem.isEmpty(), qPrintable(problem));
            shot(&w,
                 QStringLiteral("layout-%1-%2%3")
                     .arg(sizeText(size))
                     .arg(i)
                     .arg(game ? QStringLiteral("-game") : QString()));
        }
        if (game) {
            w.tabs()->setCurrentWidget(w.gameTable()->tab());
            QCoreApplication::processEvents();
            const QString problem = commandsProblem(w.gameTable()->gameWindow());
            QVERIFY2(problem.isEmpty(), qPrintable(problem));
        }
        // Each page of the campaign.
        w.tabs()->setCurrentWidget(w.campaignWindow());
        QTabWidget *pages
            = w.campaignWindow()->findChild<QTabWidget *>(QStringLiteral("campaignPages"));
        QVERIFY(pages);
        for (int i = 0; i < pages->count(); ++i) {
            pages->setCurrentIndex(i);
            QCoreApplication::processEvents();
            const QString problem = tabProblem(w);
            QVERIFY2(problem.isEmpty(),
                     qPrintable(pages->tabText(i) + QStringLiteral(": ") + problem));
            QCOMPARE(w.size(), size);
        }
    }

    // No text is cut off on any tab, campaign page or Game Table panel (a game on, a
    // model activated), in English and in German, at 1280x720 and 1024x640.
    void noTextCutOff_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QString>("language");
        for (const QString &l : {QStringLiteral("en"), QStringLiteral("de")}) {
            QTest::addRow("1280x720 %s", qPrintable(l)) << kLaptop << l;
            QTest::addRow("1024x640 %s", qPrintable(l)) << kSmall << l;
        }
    }
    void noTextCutOff()
    {
        QFETCH(QSize, size);
        QFETCH(QString, language);
        QTranslator german;
        if (language == QLatin1String("de")) {
            QVERIFY(german.load(QStringLiteral(":/i18n/jwfleet_de.qm")));
            QVERIFY(QCoreApplication::installTranslator(&german));
        }
        QTemporaryDir dir;
        QStringList problems;
        {
            MainWindow w {UnitDatabase(db())};
            w.resize(size);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            w.gameTable()->controller()->startGame(duelSetup(), manyDice());
            Campaign campaign;
            campaign.name = QStringLiteral("Jupiter Cup");
            campaign.points = 500;
            QVERIFY(w.campaignWindow()->createCampaign(dir.filePath(QStringLiteral("c.sqlite")),
                                                       campaign));
            const auto look = [&](const QString &where) {
                QCoreApplication::processEvents();
                QCoreApplication::processEvents();
                for (const QString &p : cutOffTexts(&w))
                    problems << where + QStringLiteral(": ") + p;
                shot(&w,
                     QStringLiteral("text-%1-%2-%3")
                         .arg(language, sizeText(size), QString(where).replace(u' ', u'-')));
            };
            for (int i = 0; i < w.tabs()->count(); ++i) {
                w.tabs()->setCurrentIndex(i);
                look(QStringLiteral("tab %1").arg(i));
            }
            QTabWidget *pages
                = w.campaignWindow()->findChild<QTabWidget *>(QStringLiteral("campaignPages"));
            w.tabs()->setCurrentWidget(w.campaignWindow());
            for (int i = 0; pages && i < pages->count(); ++i) {
                pages->setCurrentIndex(i);
                look(QStringLiteral("campaign page %1").arg(i));
            }
            w.tabs()->setCurrentWidget(w.gameTable()->tab());
            GameWindow *g = w.gameTable()->gameWindow();
            g->selectModel(0);
            look(QStringLiteral("selected"));
            QVERIFY(g->activate(0, QString()));
            look(QStringLiteral("activated"));
            QVERIFY(g->previewAttack(-1, 1) || g->previewAttack(0, 1));
            look(QStringLiteral("attack preview"));
        }
        QCoreApplication::removeTranslator(&german);
        QVERIFY2(problems.isEmpty(), qPrintable(QStringLiteral("\n") + problems.join(u'\n')));
    }

    // Issue 16.2: the window grew by itself during play (807 to 850 px tall) as
    // panels and labels appeared. At 1280x720 it keeps its size through a whole
    // activation (select, activate, move, attack preview, roll, a decision, a
    // refusal, end), and its minimum stays within 1024x640.
    void gameTableNeverGrows()
    {
        MainWindow w {UnitDatabase(db())};
        w.resize(kLaptop);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        GameController *c = w.gameTable()->controller();
        GameWindow *g = w.gameTable()->gameWindow();
        w.tabs()->setCurrentWidget(w.gameTable()->tab());
        c->startGame(duelSetup(), manyDice());
        int step = 0;
        const auto check = [&](const char *what) {
            QCoreApplication::processEvents();
            QCoreApplication::processEvents();
            QVERIFY2(w.size() == kLaptop,
                     qPrintable(QStringLiteral("after %1: %2").arg(what, sizeText(w.size()))));
            const QString problem = tabProblem(w);
            QVERIFY2(problem.isEmpty(),
                     qPrintable(QStringLiteral("after %1: ").arg(what) + problem));
            const QString commands = commandsProblem(g);
            QVERIFY2(commands.isEmpty(),
                     qPrintable(QStringLiteral("after %1: ").arg(what) + commands));
            shot(&w, QStringLiteral("layout-play-%1").arg(++step));
        };
        check("the start");
        g->selectModel(0);
        check("a selection");
        QVERIFY(g->activate(0, QString()));
        check("the activation");
        const LegalCommands legal = c->game()->legalCommands();
        QVERIFY(legal.move);
        const double go = std::max(legal.move->minimum, 1.0);
        g->dragMove(QPointF(24, 32 - legal.move->maximum - 3));
        check("a move that would be refused");
        g->clearMove();
        g->dragMove(QPointF(24, 32 - go));
        QVERIFY(g->commitMove());
        check("the move");
        QVERIFY(g->previewAttack(-1, 1) || g->previewAttack(0, 1));
        QVERIFY(g->attackPreviewShowing());
        check("the attack preview");
        QVERIFY(g->confirmAttack());
        check("the roll");
        for (int guard = 0; guard < 10 && c->state().pending; ++guard) {
            if (g->handOverShowing()) {
                check("the hand-over");
                g->confirmHandOver();
            }
            check("a decision");
            QVERIFY(g->answer(g->selectedOption()));
        }
        check("the answers");
        // A long refusal in the message line.
        QVERIFY(!g->activate(1, QStringLiteral("ramming-speed")));
        check("a refusal");
        QVERIFY(g->endActivation());
        check("the end of the activation");
        // The same at 1024x640.
        w.resize(kSmall);
        QCoreApplication::processEvents();
        QCOMPARE(w.size(), kSmall);
        QVERIFY2(tabProblem(w).isEmpty(), qPrintable(tabProblem(w)));
    }

    // A folded section stays folded when the program starts again (QSettings), and
    // folding it gives its height back.
    void collapsedSectionStaysCollapsed()
    {
        QSettings().remove(QStringLiteral("layout"));
        int openHeight = 0;
        {
            MainWindow w {UnitDatabase(db())};
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            CollapsibleSection *s = w.fleetBuilder()->gaugeSection();
            QVERIFY(!s->isCollapsed());
            QVERIFY(s->contents()->isVisible());
            openHeight = w.fleetBuilder()->minimumSizeHint().height();
            QTest::mouseClick(s->header(), Qt::LeftButton);
            QVERIFY(s->isCollapsed());
            QVERIFY(!s->contents()->isVisible());
            QCoreApplication::processEvents();
            QVERIFY2(w.fleetBuilder()->minimumSizeHint().height() < openHeight,
                     qPrintable(QStringLiteral("%1 then %2")
                                    .arg(openHeight)
                                    .arg(w.fleetBuilder()->minimumSizeHint().height())));
        }
        {
            MainWindow w {UnitDatabase(db())};
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            CollapsibleSection *s = w.fleetBuilder()->gaugeSection();
            QVERIFY(s->isCollapsed());
            QVERIFY(!s->contents()->isVisible());
            QTest::mouseClick(s->header(), Qt::LeftButton);
            QVERIFY(!s->isCollapsed());
            QVERIFY(s->contents()->isVisible());
        }
        {
            MainWindow w {UnitDatabase(db())};
            QVERIFY(!w.fleetBuilder()->gaugeSection()->isCollapsed());
        }
    }

    // The Game Table's docks keep the size the user gave them after a restart (a
    // narrowed or widened commands panel).
    void dockSizesKeptAfterRestart()
    {
        QSettings().remove(QStringLiteral("gameTable"));
        int width = 0;
        {
            MainWindow w {UnitDatabase(db())};
            w.resize(kLaptop);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            w.tabs()->setCurrentWidget(w.gameTable()->tab());
            QCoreApplication::processEvents();
            GameWindow *g = w.gameTable()->gameWindow();
            auto *dock = g->findChild<QDockWidget *>(QStringLiteral("commands"));
            QVERIFY(dock);
            const int before = dock->width();
            g->resizeDocks({dock}, {before + 120}, Qt::Horizontal);
            QCoreApplication::processEvents();
            width = dock->width();
            QVERIFY2(width > before + 60,
                     qPrintable(QStringLiteral("%1 then %2").arg(before).arg(width)));
            QVERIFY(w.close());
        }
        MainWindow w {UnitDatabase(db())};
        w.resize(kLaptop);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.tabs()->setCurrentWidget(w.gameTable()->tab());
        QCoreApplication::processEvents();
        auto *dock
            = w.gameTable()->gameWindow()->findChild<QDockWidget *>(QStringLiteral("commands"));
        QCOMPARE(dock->width(), width);
        QSettings().remove(QStringLiteral("gameTable"));
        QSettings().remove(QStringLiteral("mainWindow"));
    }

    // The dialogs fit 1024x640: their minimum, and the size they open with.
    void dialogsFitSmallScreens()
    {
        QWidget parent;
        parent.resize(kSmall);
        parent.show();
        QVERIFY(QTest::qWaitForWindowExposed(&parent));
        const auto check = [](QWidget *d, const char *name) {
            d->show();
            QVERIFY(QTest::qWaitForWindowExposed(d));
            QCoreApplication::processEvents();
            QVERIFY2(fits(d->minimumSizeHint(), kSmall) && fits(d->minimumSize(), kSmall),
                     qPrintable(QStringLiteral("%1 needs %2")
                                    .arg(QLatin1String(name), sizeText(d->minimumSizeHint()))));
            // It opens whole on its screen (the offscreen screen is 800x800).
            const QSize free = d->screen()->availableGeometry().size();
            QVERIFY2(
                fits(d->size(), free),
                qPrintable(QStringLiteral("%1 opens at %2 on a screen of %3")
                               .arg(QLatin1String(name), sizeText(d->size()), sizeText(free))));
            d->resize(kSmall);
            QCoreApplication::processEvents();
            QVERIFY(fits(d->size(), kSmall));
            d->hide();
        };
        {
            NewGameDialog d(db(), &parent);
            d.setFleet(0, fleetFile(QStringLiteral("jovian-battle-group.jwfleet")));
            d.setFleet(1, fleetFile(QStringLiteral("venus-strike.jwfleet")));
            check(&d, "New Game");
        }
        {
            PrintOptionsDialog d(true, &parent);
            check(&d, "print options");
        }
        {
            Campaign campaign;
            campaign.points = 500;
            Player ann;
            ann.id = 1;
            ann.name = QStringLiteral("Ann");
            ann.setFleet(fleetFile(QStringLiteral("jovian-battle-group.jwfleet")));
            Player bob;
            bob.id = 2;
            bob.name = QStringLiteral("Bob");
            bob.setFleet(fleetFile(QStringLiteral("venus-strike.jwfleet")));
            BattleEntryDialog d(campaign, {ann, bob}, db(), &parent);
            check(&d, "battle entry");
        }
        {
            CardViewer v(&parent);
            check(&v, "card viewer");
        }
        {
            GameController c;
            c.startGame(duelSetup());
            std::unique_ptr<ReplayViewer> v(ReplayViewer::fromGame(*c.game(), &parent));
            check(v.get(), "replay viewer");
        }
    }
};

QTEST_MAIN(TestLayout)
#include "tst_layout.moc"
