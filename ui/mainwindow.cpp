// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"

#include "campaign/campaignwindow.h"
#include "companion/companionscreen.h"
#include "engine/game.h"
#include "fleetbuilder/fleetbuilder.h"
#include "fleetbuilder/fleetdocument.h"
#include "fleetbuilder/fleetworkspace.h"
#include "help/helpmenu.h"
#include "help/preferences.h"
#include "help/rulelink.h"
#include "print/printing.h"
#include "printedcarddialog.h"
#include "table/gamecontroller.h"
#include "table/gametable.h"
#include "table/gamewindow.h"
#include "theme.h"
#include "unitbrowser.h"

#include "fleet/fleetexport.h"
#include "fleet/fleetfile.h"
#include "io/outputfile.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QUndoCommand>
#include <QUndoStack>
#include <QVBoxLayout>

namespace jw {

namespace {
constexpr int kMaxRecent = 8;
const QString kRecentKey = QStringLiteral("fleet/recentFiles");
QString fleetFilter()
{
    return QObject::tr("Fleet files (*.jwfleet);;All files (*)");
}

// What Edit › Undo takes back on the Game Table: the last command, and the model
// it was about ("move of Valiant"). Empty when the game has no command.
QString gameCommandText(const Game &game)
{
    const auto &history = game.history();
    if (history.empty())
        return {};
    const Command &command = history.back().command;
    const GameState &s = game.state();
    const Engine &engine = game.engine();
    // A v1.2.4 game keeps deployments secret: the text names no model then.
    const bool secret = game.setup().profile().secretDeployment;
    const int active = game.activeModelAfter(int(history.size()) - 1);
    const auto name = [&](int model) {
        return engine.modelName(s, model);
    };
    const auto ofActive = [&](const QString &withName, const QString &without) {
        return active >= 0 ? withName.arg(name(active)) : without;
    };
    return std::visit(
        Overloaded {
            [&](const DeployCommand &c) {
                return secret ? MainWindow::tr("deployment")
                              : MainWindow::tr("deployment of %1").arg(name(c.model));
            },
            [&](const EmbarkCommand &c) {
                return secret ? MainWindow::tr("embarking")
                              : MainWindow::tr("embarking %1").arg(name(c.model));
            },
            [&](const DeclineCommand &) { return MainWindow::tr("decline to deploy"); },
            [&](const ActivateCommand &c) {
                return MainWindow::tr("activation of %1").arg(name(c.model));
            },
            [&](const MoveCapitalCommand &) {
                return ofActive(MainWindow::tr("move of %1"), MainWindow::tr("move"));
            },
            [&](const MoveSquadronCommand &) {
                return ofActive(MainWindow::tr("move of %1"), MainWindow::tr("move"));
            },
            [&](const AttackCommand &) {
                return ofActive(MainWindow::tr("attack by %1"), MainWindow::tr("attack"));
            },
            [&](const AnswerCommand &) { return MainWindow::tr("answer"); },
            [&](const ResolveActionCommand &) {
                return ofActive(MainWindow::tr("action of %1"), MainWindow::tr("action"));
            },
            [&](const LaunchCommand &) {
                return ofActive(MainWindow::tr("launch from %1"), MainWindow::tr("launch"));
            },
            [&](const LandCommand &) {
                return ofActive(MainWindow::tr("landing of %1"), MainWindow::tr("landing"));
            },
            [&](const EndActivationCommand &) {
                return ofActive(MainWindow::tr("end of %1's activation"),
                                MainWindow::tr("end of activation"));
            },
            [&](const PlaceBeaconCommand &) { return MainWindow::tr("Beacon placement"); },
            [&](const ScenarioSetupCommand &) { return MainWindow::tr("scenario set-up"); },
            [&](const PlaceCometCommand &) { return MainWindow::tr("Comet placement"); },
            [&](const RollCommand &) { return MainWindow::tr("dice roll"); },
            [&](const CorrectCommand &) { return MainWindow::tr("correction"); },
        },
        command);
}
// One change of the user data file (values entered from printed cards): the
// whole file before and after, as fleet edits keep the whole fleet.
class UserDataCommand : public QUndoCommand
{
public:
    UserDataCommand(MainWindow *window, UserOverlay before, UserOverlay after, const QString &text)
        : m_window(window)
        , m_before(std::move(before))
        , m_after(std::move(after))
    {
        setText(text);
    }
    void undo() override { (void)m_window->applyUserData(m_before); }
    void redo() override
    {
        if (m_done) // already written when pushed
            m_done = false;
        else
            (void)m_window->applyUserData(m_after);
    }

private:
    MainWindow *m_window;
    UserOverlay m_before;
    UserOverlay m_after;
    bool m_done = true;
};

} // namespace

MainWindow::MainWindow(UnitDatabase db, QWidget *parent)
    : QMainWindow(parent)
    , m_db(std::move(db))
{
    setObjectName(QStringLiteral("mainWindow"));
    m_shipped = m_db;
    m_unitDataUndo = new QUndoStack(this);
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("mainTabs"));
    m_tabs->setDocumentMode(true);
    m_builder = new FleetWorkspace(m_db, m_tabs);
    m_doc = m_builder->currentDocument();
    m_builder->setCloseGuard([this](FleetDocument *) { return maybeSave(); });
    m_browser = new UnitBrowser(m_tabs);
    m_browser->setDatabase(&m_db);
    // Add to Fleet on the Unit Database tab: into the fleet open in the builder, on its undo.
    connect(m_browser, &UnitBrowser::enterCardValuesRequested, this, &MainWindow::enterPrintedCard);
    connect(m_browser, &UnitBrowser::addToFleetRequested, this, [this](const QStringList &ids) {
        m_doc->addUnits(ids);
        statusBar()->showMessage(tr("%1 added to %2 (Undo on the Fleet Builder takes it back)")
                                     .arg(m_doc->undoStack()->undoText(), m_doc->displayName()),
                                 6000);
    });
    m_tabs->addTab(m_builder, tr("Fleet Builder"));
    m_tabs->addTab(m_browser, tr("Unit Database"));
    {
        // Every tab fits a 1024x640 screen by itself (its panels scroll or fold away, issue
        // 16.2): the tabs fill the window, under the banner of an unfinished game.
        auto *central = new QWidget(this);
        auto *l = new QVBoxLayout(central);
        l->setContentsMargins(0, 0, 0, 0);
        l->setSpacing(0);
        l->addWidget(m_tabs, 1);
        setCentralWidget(central);
    }
    m_companion = new CompanionScreen(m_db, m_tabs);
    createActions();
    m_gameTable = new GameTable(this, m_tabs, m_db, [this] { return m_doc->fleet(); });
    {
        // The companion, next to the Game Table: a game on a physical table.
        m_tabs->insertTab(m_tabs->indexOf(m_gameTable->tab()) + 1, m_companion, tr("Companion"));
        m_companion->setOpenFleets([this] {
            std::vector<Fleet> fleets;
            for (int i = 0; i < m_builder->count(); ++i)
                fleets.push_back(m_builder->document(i)->fleet());
            return fleets;
        });
        m_gameTable->menu()->addSeparator();
        m_companion->addActionsTo(m_gameTable->menu(), [this] {
            if (m_companion->isWindow())
                m_companion->raise();
            else
                m_tabs->setCurrentWidget(m_companion);
        });
        m_companion->installEventFilter(this);
        connect(m_companion, &CompanionScreen::changed, this, &MainWindow::updateUndoActions);
        connect(m_companion, &CompanionScreen::statusMessage, this,
                [this](const QString &text) { statusBar()->showMessage(text, 10000); });
    }
    fillPanelsMenu();
    // The "unfinished game" banner sits above the tabs, so that it is seen at
    // start-up whatever tab opens, like a browser's "restore session" bar; it
    // used to show on the Game Table tab only, where a newcomer may never look
    // before starting a new game (issue 16.6).
    static_cast<QVBoxLayout *>(centralWidget()->layout())
        ->insertWidget(0, m_gameTable->resumeBanner());
    m_campaign = new CampaignWindow(m_db, m_tabs);
    m_tabs->addTab(m_campaign, tr("Campaign"));
    {
        // The Campaign menu, before Help.
        QMenu *menu = m_campaign->createMenu(this);
        const QList<QAction *> menus = menuBar()->actions();
        menuBar()->insertMenu(menus.isEmpty() ? nullptr : menus.last(), menu);
    }
    // The campaign's messages show in the status bar while its tab is shown.
    connect(m_campaign, &CampaignWindow::statusMessage, this, [this](const QString &text) {
        if (text.isEmpty()) {
            if (!m_campaignMessage.isEmpty() && statusBar()->currentMessage() == m_campaignMessage)
                statusBar()->clearMessage();
        } else {
            statusBar()->showMessage(text, 15000);
        }
        m_campaignMessage = text;
    });
    {
        // A game finished on the table goes into the open campaign in one step.
        QMenu *game = m_gameTable->menu();
        game->addSeparator();
        m_addToCampaign = game->addAction(tr("Add Battle to &Campaign"), this,
                                          &MainWindow::addFinishedGameToCampaign);
        m_addToCampaign->setStatusTip(
            tr("Add the finished game to the open campaign, with every unit's outcome"));
        GameController *controller = m_gameTable->controller();
        const auto update = [this, controller] {
            const Game *g = controller->game();
            m_addToCampaign->setEnabled(g && g->state().phase == Phase::Over
                                        && !m_gameAddedToCampaign);
        };
        connect(controller, &GameController::gameStarted, this, [this, update] {
            m_gameAddedToCampaign = false;
            update();
        });
        connect(controller, &GameController::stateChanged, this, update);
        update();
        // New Game and Track a Game offer the open campaign's rosters; a finished
        // tracked game goes into it as one from the table does.
        const auto rosters = [this] {
            CampaignRosters r;
            if (const std::optional<Campaign> &c = m_campaign->campaign()) {
                r.campaign = c->name;
                r.rules = c->rulesProfile;
                for (const Player &p : m_campaign->players())
                    r.players.emplace_back(p.name, p.fleet(c->points, c->rulesProfile));
            }
            return r;
        };
        m_gameTable->setCampaignRosters(rosters);
        m_companion->setCampaignRosters(rosters);
        m_companion->setAddToCampaign([this](const Game &g) {
            if (!m_campaign->hasCampaign())
                showCampaign(); // opens the saved campaign, or says how to make one
            return m_campaign->addFinishedGame(g, QDate::currentDate());
        });
    }
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        if (m_tabs->currentWidget() == m_campaign && !m_campaignTried)
            showCampaign();
        if (m_tabs->currentWidget() != m_campaign && !m_campaignMessage.isEmpty()) {
            if (statusBar()->currentMessage() == m_campaignMessage)
                statusBar()->clearMessage();
            m_campaignMessage.clear();
        }
        updateUndoActions();
    });
    // Edit › Undo and Redo follow the tab and what each tab's history holds.
    for (QUndoStack *stack : {m_campaign->undoStack(), m_unitDataUndo}) {
        connect(stack, &QUndoStack::indexChanged, this, &MainWindow::updateUndoActions);
        connect(stack, &QUndoStack::cleanChanged, this, &MainWindow::updateUndoActions);
    }
    connect(m_gameTable->controller(), &GameController::stateChanged, this,
            &MainWindow::updateUndoActions);
    updateUndoActions();

    connect(m_builder, &FleetWorkspace::currentDocumentChanged, this, &MainWindow::followDocument);
    followDocument(m_builder->currentDocument());

    int provisional = 0;
    for (const Unit &u : m_db.units())
        provisional += u.provisional ? 1 : 0;
    statusBar()->showMessage(tr("%1 factions, %2 units (%3 provisional) · rules %4")
                                 .arg(m_db.factions().size())
                                 .arg(m_db.units().size())
                                 .arg(provisional)
                                 .arg(QStringLiteral(JW_RULES_VERSION)));

    QSettings settings;
    // The Game Table's docks as the user left them (narrowed, moved, closed).
    m_gameTable->gameWindow()->restoreState(
        settings.value(QStringLiteral("gameTable/docks")).toByteArray());
    if (!restoreGeometry(settings.value(QStringLiteral("mainWindow/geometry")).toByteArray())) {
        // 1280x800, or the screen's free area when it is smaller.
        QSize size(1280, 800);
        if (const QScreen *s = screen())
            size = size.boundedTo(s->availableGeometry().size());
        resize(size);
    }
}

void MainWindow::setCompanionWindowed(bool windowed)
{
    if (windowed == m_companion->isWindow())
        return;
    if (windowed) {
        m_tabs->removeTab(m_tabs->indexOf(m_companion));
        m_companion->setParent(nullptr, Qt::Window);
        m_companion->setWindowTitle(tr("Companion – jwfleet"));
        // Portrait, as on a tablet, within the screen.
        QSize size(800, 1280);
        if (const QScreen *s = screen())
            size = size.boundedTo(s->availableGeometry().size());
        m_companion->resize(size);
        m_companion->show();
    } else {
        m_companion->setParent(nullptr);
        m_tabs->insertTab(m_tabs->indexOf(m_gameTable->tab()) + 1, m_companion, tr("Companion"));
        m_tabs->setCurrentWidget(m_companion);
    }
    m_companionWindow->setChecked(windowed);
    updateUndoActions();
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    // The companion's own window closed: back into its tab (the game goes on).
    if (watched == m_companion && event->type() == QEvent::Close && m_companion->isWindow()) {
        event->ignore();
        QMetaObject::invokeMethod(
            this, [this] { setCompanionWindowed(false); }, Qt::QueuedConnection);
        return true;
    }
    return QMainWindow::eventFilter(watched, event);
}

MainWindow::~MainWindow()
{
    // A companion in its own window is deleted with the tabs, as in its tab.
    if (m_companion->isWindow()) {
        m_companion->removeEventFilter(this);
        m_companion->hide();
        m_companion->setParent(m_tabs);
    }
    // Hidden while the unit database (a member) is alive: views ask their models as they
    // hide, and the fleet list's model reads the database.
    hide();
    // The tabs' histories are deleted with the tabs, and a QUndoStack says its
    // index changed as it goes: nothing may reach the half-destroyed window.
    m_builder->disconnect(this);
    m_doc->undoStack()->disconnect(this);
    m_campaign->undoStack()->disconnect(this);
    m_unitDataUndo->disconnect(this); // the Unit Database tab's, a child of this window
    m_gameTable->controller()->disconnect(this);
    m_companion->disconnect(this);
    m_tabs->disconnect(this);
}

void MainWindow::fillPanelsMenu()
{
    GameWindow *game = m_gameTable->gameWindow();
    const QList<QDockWidget *> docks = game->docks();
    for (int i = 0; i < docks.size(); ++i) {
        QAction *a = docks[i]->toggleViewAction();
        // Alt and the dock's place, as Qt Creator's panes (Ctrl and a digit are the tabs).
        a->setShortcut(QKeySequence(Qt::ALT | (Qt::Key_1 + i)));
        // Shown on the tab it belongs to, not behind another one.
        connect(a, &QAction::triggered, this, [this](bool on) {
            if (on)
                m_tabs->setCurrentWidget(m_gameTable->tab());
        });
        m_panelsMenu->addAction(a);
    }
    m_panelsMenu->addSeparator();
    QAction *reset = m_panelsMenu->addAction(tr("&Reset Layout"), this, [this] {
        m_tabs->setCurrentWidget(m_gameTable->tab());
        m_gameTable->gameWindow()->resetLayout();
    });
    reset->setObjectName(QStringLiteral("resetLayout"));
    reset->setStatusTip(tr("Show every panel of the Game Table where it was at first"));
}

void MainWindow::createActions()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    // A new or opened fleet opens beside the others (in a tab of the Fleet Builder).
    QAction *newAct = file->addAction(tr("&New Fleet"), this, [this] { newFleet(); });
    newAct->setShortcut(QKeySequence::New);
    QAction *openAct = file->addAction(tr("&Open Fleet…"), this, [this] {
        const QString path
            = QFileDialog::getOpenFileName(this, tr("Open Fleet"), QString(), fleetFilter());
        if (!path.isEmpty())
            openFleet(path);
    });
    openAct->setShortcut(QKeySequence::Open);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    rebuildRecentMenu();
    file->addSeparator();
    QAction *saveAct = file->addAction(tr("&Save"), this, [this] { saveFleet(); });
    saveAct->setShortcut(QKeySequence::Save);
    QAction *saveAsAct = file->addAction(tr("Save &As…"), this, [this] { saveFleetAs(); });
    saveAsAct->setShortcut(QKeySequence::SaveAs);
    QAction *closeAct = file->addAction(tr("&Close Fleet"), this, [this] { closeFleet(); });
    closeAct->setObjectName(QStringLiteral("closeFleet"));
    closeAct->setShortcut(QKeySequence::Close);
    file->addSeparator();
    QMenu *exportMenu = file->addMenu(tr("&Export Fleet"));
    exportMenu->addAction(tr("As &Text…"), this, [this] { exportFleet(QStringLiteral("text")); });
    exportMenu->addAction(tr("As &Markdown…"), this,
                          [this] { exportFleet(QStringLiteral("markdown")); });
    exportMenu->addAction(tr("As &JSON…"), this, [this] { exportFleet(QStringLiteral("json")); });
    file->addSeparator();
    QAction *print = file->addAction(tr("&Print Fleet…"), this,
                                     [this] { printing::printFleet(this, m_doc->fleet(), m_db); });
    print->setShortcut(QKeySequence::Print);
    file->addAction(tr("Export Fleet Cards to P&DF…"), this, [this] {
        const QString base = m_doc->filePath().isEmpty()
            ? m_doc->displayName()
            : QFileInfo(m_doc->filePath()).completeBaseName();
        printing::exportFleetPdf(this, m_doc->fleet(), m_db, base);
    });
    QAction *printCard = file->addAction(tr("Print &Unit Card…"), this, [this] {
        if (const Unit *u = currentUnit())
            printing::printUnitCard(this, *u, m_db);
    });
    QAction *pngCard = file->addAction(tr("Export Unit Card as PN&G…"), this, [this] {
        if (const Unit *u = currentUnit())
            printing::exportUnitCardPng(this, *u, m_db);
    });
    connect(file, &QMenu::aboutToShow, this, [this, printCard, pngCard] {
        const Unit *u = currentUnit();
        for (QAction *a : {printCard, pngCard})
            a->setEnabled(u != nullptr);
        printCard->setText(u ? tr("Print Card of %1…").arg(u->name) : tr("Print &Unit Card…"));
        pngCard->setText(u ? tr("Export Card of %1 as PNG…").arg(u->name)
                           : tr("Export Unit Card as PN&G…"));
    });
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    m_undoAct = edit->addAction(tr("&Undo"), this, &MainWindow::undoOnTab);
    m_undoAct->setObjectName(QStringLiteral("editUndo"));
    m_undoAct->setShortcut(QKeySequence::Undo);
    m_redoAct = edit->addAction(tr("&Redo"), this, &MainWindow::redoOnTab);
    m_redoAct->setObjectName(QStringLiteral("editRedo"));
    m_redoAct->setShortcut(QKeySequence::Redo);
    edit->addSeparator();
    // Copy and Paste of models, between fleets too: the current fleet's own actions
    // (their shortcuts work in its list), shown while the Fleet Builder is the tab.
    QAction *modelsEnd = edit->addSeparator();
    connect(edit, &QMenu::aboutToShow, this, [this, edit, modelsEnd] {
        for (const QPointer<QAction> &a : std::as_const(m_editModelActions)) {
            if (a)
                edit->removeAction(a);
        }
        m_editModelActions.clear();
        FleetBuilder *b = m_tabs->currentWidget() == m_builder ? fleetBuilder() : nullptr;
        if (!b)
            return;
        m_editModelActions = {b->copyAction(), b->pasteAction()};
        edit->insertActions(modelsEnd, {b->copyAction(), b->pasteAction()});
    });
    QAction *copy = edit->addAction(tr("&Copy Fleet as Text"), this, &MainWindow::copyFleet);
    copy->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    edit->addSeparator();
    QAction *find = edit->addAction(tr("&Find Unit…"), this, [this] {
        UnitBrowser *b
            = m_tabs->currentWidget() == m_browser ? m_browser : fleetBuilder()->catalogue();
        b->focusSearch();
    });
    find->setShortcut(QKeySequence::Find);
    edit->addSeparator();
    help::addPreferencesAction(edit, this, [this] {
        // A new data folder: its printed-card values now (not with --data, which has none).
        const QString file = preferences::userDataFile();
        if (!m_userDataPath.isEmpty() && file != m_userDataPath)
            setUserDataFile(file);
    });

    // Every tab by Ctrl and its place, in tab order.
    QMenu *view = menuBar()->addMenu(tr("&View"));
    m_tabActions = {
        view->addAction(tr("Fleet &Builder"), this,
                        [this] { m_tabs->setCurrentWidget(m_builder); }),
        view->addAction(tr("Unit &Database"), this,
                        [this] { m_tabs->setCurrentWidget(m_browser); }),
        view->addAction(tr("&Game Table"), this,
                        [this] { m_tabs->setCurrentWidget(m_gameTable->tab()); }),
        view->addAction(tr("Co&mpanion"), this,
                        [this] {
                            if (m_companion->isWindow()) {
                                m_companion->raise();
                                m_companion->activateWindow();
                            } else {
                                m_tabs->setCurrentWidget(m_companion);
                            }
                        }),
        view->addAction(tr("&Campaign"), this, [this] { showCampaign(); }),
    };
    for (int i = 0; i < int(m_tabActions.size()); ++i)
        m_tabActions[i]->setShortcut(QKeySequence(Qt::CTRL | (Qt::Key_1 + i)));
    // The Game Table's docks: a closed one comes back from here (filled once the table exists).
    m_panelsMenu = view->addMenu(tr("Game Table Pa&nels"));
    m_panelsMenu->setObjectName(QStringLiteral("panelsMenu"));
    m_companionWindow = view->addAction(tr("Companion in Its Own &Window"));
    m_companionWindow->setObjectName(QStringLiteral("companionWindow"));
    m_companionWindow->setCheckable(true);
    m_companionWindow->setStatusTip(
        tr("Show the companion in a window of its own, e.g. on a portrait tablet screen"));
    connect(m_companionWindow, &QAction::toggled, this, &MainWindow::setCompanionWindowed);
    view->addSeparator();
    QAction *full = view->addAction(tr("&Full Screen"));
    full->setShortcut(QKeySequence::FullScreen);
    full->setCheckable(true);
    connect(full, &QAction::toggled, this, [this](bool on) {
        setWindowState(on ? windowState() | Qt::WindowFullScreen
                          : windowState() & ~Qt::WindowFullScreen);
    });
    QMenu *themeMenu = view->addMenu(tr("&Theme"));
    auto *themeGroup = new QActionGroup(this);
    const QStringList themeNames {tr("&System"), tr("&Light"), tr("&Dark")};
    for (int i = 0; i < theme::ids().size(); ++i) {
        const QString id = theme::ids()[i];
        QAction *a = themeMenu->addAction(themeNames[i], this, [id] { theme::apply(id); });
        a->setCheckable(true);
        a->setChecked(theme::current() == id);
        themeGroup->addAction(a);
    }
    view->addSeparator();
    view->addAction(tr("Unit Data &Problems…"), this, [this] {
        if (m_db.issues().empty())
            QMessageBox::information(this, tr("Unit data"), tr("The unit data has no problems."));
        else
            reportDataIssues();
    });

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help::addHelpActions(help, this);
    QAction *aboutAct = help->addAction(tr("&About jwfleet"), this, &MainWindow::about);
    aboutAct->setMenuRole(QAction::AboutRole);
    QAction *aboutQt = help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
    aboutQt->setMenuRole(QAction::AboutQtRole);
}

void MainWindow::showCampaign(const QString &urlOrPath)
{
    m_tabs->setCurrentWidget(m_campaign);
    if (!urlOrPath.isEmpty()) {
        m_campaignTried = true;
        (void)m_campaign->openDatabase(urlOrPath);
        return;
    }
    if (m_campaignTried || m_campaign->store())
        return;
    m_campaignTried = true;
    // The saved database: a PostgreSQL URL, or an SQLite file that exists (no
    // file is created until the user creates a campaign).
    const QString saved = CampaignWindow::savedLocation();
    if (saved.contains(QStringLiteral("://")) && !saved.startsWith(QStringLiteral("sqlite:")))
        (void)m_campaign->openDatabase(saved);
    else if (QFileInfo::exists(saved.startsWith(QStringLiteral("sqlite://"))
                                   ? saved.mid(int(qstrlen("sqlite://")))
                                   : saved))
        (void)m_campaign->openDatabase(saved);
}

bool MainWindow::addFinishedGameToCampaign()
{
    const Game *game = m_gameTable->controller()->game();
    if (!game || game->state().phase != Phase::Over)
        return false;
    showCampaign();
    if (!m_campaign->addFinishedGame(*game, QDate::currentDate()))
        return false;
    m_gameAddedToCampaign = true;
    m_addToCampaign->setEnabled(false);
    return true;
}

void MainWindow::updateUndoActions()
{
    if (!m_undoAct)
        return;
    QWidget *tab = m_tabs->currentWidget();
    QString undoWhat, redoWhat; // empty: nothing
    bool canUndo = false, canRedo = false;
    QString where;
    QUndoStack *stack = nullptr;
    if (tab == m_builder) {
        stack = m_doc->undoStack();
        where = tr("in the fleet");
    } else if (m_campaign && tab == m_campaign) {
        stack = m_campaign->undoStack();
        where = tr("in the campaign");
    } else if (tab == m_browser) {
        stack = m_unitDataUndo;
        where = tr("in the unit data");
    } else if (m_gameTable && tab == m_gameTable->tab()) {
        where = tr("in the game");
        const GameController *c = m_gameTable->controller();
        if (c->hasGame()) {
            undoWhat = gameCommandText(*c->game());
            canUndo = c->canUndo();
        }
    } else if (m_companion && tab == m_companion) {
        where = tr("in the game");
        if (const Game *g = m_companion->controller()->game()) {
            undoWhat = gameCommandText(*g);
            canUndo = m_companion->canUndo();
            canRedo = m_companion->canRedo();
        }
    } else {
        where = tr("on this tab");
    }
    if (stack) {
        canUndo = stack->canUndo();
        canRedo = stack->canRedo();
        undoWhat = stack->undoText();
        redoWhat = stack->redoText();
    }
    if (canUndo)
        m_undoAct->setText(undoWhat.isEmpty() ? tr("&Undo") : tr("&Undo %1").arg(undoWhat));
    else if (!undoWhat.isEmpty())
        // The game's last command rolled dice or revealed something: it stands.
        m_undoAct->setText(
            tr("Cannot Undo the %1 (dice rolled or something revealed)").arg(undoWhat));
    else
        m_undoAct->setText(tr("Nothing to Undo %1").arg(where));
    m_undoAct->setEnabled(canUndo);
    m_redoAct->setText(canRedo ? (redoWhat.isEmpty() ? tr("&Redo") : tr("&Redo %1").arg(redoWhat))
                               : tr("Nothing to Redo %1").arg(where));
    m_redoAct->setEnabled(canRedo);
}

void MainWindow::undoOnTab()
{
    QWidget *tab = m_tabs->currentWidget();
    if (tab == m_builder)
        m_doc->undoStack()->undo();
    else if (tab == m_campaign)
        m_campaign->undoStack()->undo();
    else if (tab == m_browser)
        m_unitDataUndo->undo();
    else if (tab == m_gameTable->tab())
        (void)m_gameTable->gameWindow()->undo();
    else if (tab == m_companion)
        (void)m_companion->undo();
    updateUndoActions();
}

void MainWindow::redoOnTab()
{
    QWidget *tab = m_tabs->currentWidget();
    if (tab == m_builder)
        m_doc->undoStack()->redo();
    else if (tab == m_campaign)
        m_campaign->undoStack()->redo();
    else if (tab == m_browser)
        m_unitDataUndo->redo();
    else if (tab == m_companion)
        (void)m_companion->redo();
    updateUndoActions();
}

void MainWindow::updateTitle()
{
    // "[*]" is where Qt puts the modified marker.
    setWindowTitle(tr("%1[*] – jwfleet").arg(m_doc->displayName()));
    setWindowModified(m_doc->isModified());
    setWindowFilePath(m_doc->filePath());
}

FleetBuilder *MainWindow::fleetBuilder() const
{
    return m_builder->currentBuilder();
}

void MainWindow::followDocument(FleetDocument *doc)
{
    if (!doc)
        return;
    if (m_doc) {
        m_doc->undoStack()->disconnect(this);
        m_doc->disconnect(this);
    }
    m_doc = doc;
    connect(doc->undoStack(), &QUndoStack::indexChanged, this, &MainWindow::updateUndoActions);
    connect(doc->undoStack(), &QUndoStack::cleanChanged, this, &MainWindow::updateUndoActions);
    connect(doc, &FleetDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(doc, &FleetDocument::filePathChanged, this, &MainWindow::updateTitle);
    connect(doc, &FleetDocument::fleetChanged, this, &MainWindow::updateTitle);
    updateTitle();
    updateUndoActions();
}

void MainWindow::newFleet()
{
    Fleet f;
    f.faction = m_doc->fleet().faction;
    f.points = m_doc->fleet().points;
    f.rules = m_doc->fleet().rules;
    m_builder->newFleet(f);
    m_tabs->setCurrentWidget(m_builder);
}

bool MainWindow::closeFleet()
{
    return m_builder->closeFleet(m_builder->currentIndex());
}

bool MainWindow::openFleet(const QString &path)
{
    // A fleet open already is shown; another opens in a tab of its own (or in the place of
    // an untouched empty fleet).
    if (const int open = m_builder->indexOfPath(path); open >= 0) {
        m_builder->setCurrentIndex(open);
        m_tabs->setCurrentWidget(m_builder);
        return true;
    }
    const int before = m_builder->currentIndex();
    const bool reuse = m_builder->isPristine(before);
    if (!reuse)
        m_builder->newFleet(Fleet {});
    if (const auto error = m_doc->load(path)) {
        if (!reuse) { // the tab opened for it goes again
            (void)m_builder->closeFleet(m_builder->currentIndex());
            m_builder->setCurrentIndex(before);
        }
        QMessageBox box(QMessageBox::Warning, tr("Open Fleet"),
                        tr("%1 cannot be read.").arg(QFileInfo(path).fileName()), QMessageBox::Ok,
                        this);
        box.setInformativeText(*error);
        box.exec();
        return false;
    }
    addRecentFile(path);
    m_tabs->setCurrentWidget(m_builder);
    statusBar()->showMessage(tr("Opened %1").arg(QDir::toNativeSeparators(path)), 5000);
    return true;
}

bool MainWindow::saveFleet()
{
    if (m_doc->filePath().isEmpty())
        return saveFleetAs();
    if (const auto error = m_doc->save(m_doc->filePath())) {
        QMessageBox::warning(this, tr("Save Fleet"), *error);
        return false;
    }
    addRecentFile(m_doc->filePath());
    statusBar()->showMessage(tr("Saved %1").arg(m_doc->filePath()), 5000);
    return true;
}

bool MainWindow::saveFleetAs()
{
    QString suggested = m_doc->filePath();
    if (suggested.isEmpty()) {
        const QString base = m_doc->fleet().name.isEmpty()
            ? tr("fleet")
            : m_doc->fleet().name.toLower().replace(QLatin1Char(' '), QLatin1Char('-'));
        suggested = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation)
            + QLatin1Char('/') + base + QStringLiteral(".jwfleet");
    }
    QString path = QFileDialog::getSaveFileName(this, tr("Save Fleet"), suggested, fleetFilter());
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".jwfleet");
    if (const auto error = m_doc->save(path)) {
        QMessageBox::warning(this, tr("Save Fleet"), *error);
        return false;
    }
    addRecentFile(path);
    return true;
}

bool MainWindow::maybeSave()
{
    if (!m_doc->isModified())
        return true;
    const auto answer = QMessageBox::warning(
        this, tr("Unsaved changes"),
        tr("The fleet \"%1\" has changes that are not saved.").arg(m_doc->displayName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return saveFleet();
    return answer == QMessageBox::Discard;
}

void MainWindow::addRecentFile(const QString &path)
{
    QSettings settings;
    QStringList files = settings.value(kRecentKey).toStringList();
    const QString abs = QFileInfo(path).absoluteFilePath();
    files.removeAll(abs);
    files.prepend(abs);
    while (files.size() > kMaxRecent)
        files.removeLast();
    settings.setValue(kRecentKey, files);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = QSettings().value(kRecentKey).toStringList();
    for (const QString &f : files) {
        QAction *a
            = m_recentMenu->addAction(QFileInfo(f).fileName(), this, [this, f] { openFleet(f); });
        a->setToolTip(f);
        a->setEnabled(QFileInfo::exists(f));
    }
    if (files.isEmpty())
        m_recentMenu->addAction(tr("No recent fleets"))->setEnabled(false);
    else {
        m_recentMenu->addSeparator();
        m_recentMenu->addAction(tr("Clear List"), this, [this] {
            QSettings().remove(kRecentKey);
            rebuildRecentMenu();
        });
    }
}

void MainWindow::exportFleet(const QString &formatId)
{
    const auto format = exportFormatFromId(formatId);
    if (!format)
        return;
    const QString suffix = formatId == QLatin1String("markdown") ? QStringLiteral("md")
        : formatId == QLatin1String("json")                      ? QStringLiteral("json")
                                                                 : QStringLiteral("txt");
    QString base = m_doc->filePath().isEmpty() ? m_doc->displayName()
                                               : QFileInfo(m_doc->filePath()).completeBaseName();
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Fleet"), base + QLatin1Char('.') + suffix,
        tr("%1 files (*.%2);;All files (*)").arg(suffix.toUpper(), suffix));
    if (path.isEmpty())
        return;
    if (const QString error
        = io::writeFile(path, jw::exportFleet(m_doc->fleet(), m_db, *format).toUtf8());
        !error.isEmpty()) {
        QMessageBox::warning(this, tr("Export Fleet"), error);
        return;
    }
    statusBar()->showMessage(tr("Exported to %1").arg(path), 5000);
}

const Unit *MainWindow::currentUnit() const
{
    return m_tabs->currentWidget() == m_browser ? m_browser->currentUnit()
                                                : fleetBuilder()->shownUnit();
}

void MainWindow::copyFleet()
{
    QApplication::clipboard()->setText(jw::exportFleet(m_doc->fleet(), m_db, ExportFormat::Text));
    statusBar()->showMessage(tr("The fleet list is on the clipboard"), 4000);
}

void MainWindow::setUserDataFile(const QString &path)
{
    m_userDataPath = path;
    m_userDataIssues.clear();
    m_browser->setCardEntryEnabled(!path.isEmpty());
    UserOverlay overlay;
    if (!path.isEmpty()) {
        overlay = UserOverlay::load(path, m_shipped);
        if (overlay.hasErrors()) {
            // All or nothing: the shipped values, and the file left for the user to fix.
            m_userDataIssues = overlay.issues;
            overlay = UserOverlay {};
            overlay.file = path;
            statusBar()->showMessage(
                tr("Your printed card values in %1 have errors and were not loaded").arg(path));
        }
    }
    m_unitDataUndo->clear();
    showUserData(overlay);
}

void MainWindow::enterPrintedCard(const QString &unitId)
{
    const Unit *shipped = m_shipped.unit(unitId);
    if (!shipped)
        return;
    PrintedCardDialog dialog(*shipped, m_userData.unit(unitId), m_shipped, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    (void)setUnitOverride(dialog.result());
}

bool MainWindow::setUnitOverride(const UnitOverride &o)
{
    const UserOverlay before = m_userData;
    UserOverlay after = m_userData;
    after.set(o);
    if (after.units == before.units)
        return true;
    if (!applyUserData(after))
        return false;
    const Unit *u = m_shipped.unit(o.unitId);
    const QString name = u ? u->name : o.unitId;
    m_unitDataUndo->push(new UserDataCommand(this, before, after,
                                             o.isEmpty() ? tr("Shipped Values of %1").arg(name)
                                                         : tr("Card Values of %1").arg(name)));
    statusBar()->showMessage(o.isEmpty()
                                 ? tr("%1 is back to the shipped values").arg(name)
                                 : tr("%1: %n value(s) from your printed card (Edit › Undo on "
                                      "this tab takes them back)",
                                      nullptr, int(o.fields().size()))
                                       .arg(name),
                             8000);
    return true;
}

bool MainWindow::applyUserData(const UserOverlay &overlay)
{
    if (!m_userDataPath.isEmpty()) {
        if (const auto problem = overlay.save(m_userDataPath)) {
            QMessageBox::warning(this, tr("Printed Card Values"),
                                 tr("Your values could not be saved: %1").arg(*problem));
            return false;
        }
    }
    showUserData(overlay);
    return true;
}

void MainWindow::showUserData(const UserOverlay &overlay)
{
    QStringList ids;
    for (const UnitOverride &o : m_userData.units)
        ids << o.unitId;
    for (const UnitOverride &o : overlay.units)
        ids << o.unitId;
    m_userData = overlay;
    for (const QString &id : ids) {
        const Unit *shipped = m_shipped.unit(id);
        if (!shipped)
            continue;
        const UnitOverride *o = m_userData.unit(id);
        m_db.replaceUnit(o ? UserOverlay::applied(*shipped, *o) : *shipped);
    }
    m_browser->refreshUnits();
    for (int i = 0; i < m_builder->count(); ++i) {
        if (FleetBuilder *b = m_builder->builder(i))
            b->catalogue()->refreshUnits();
        m_builder->document(i)->unitDataChanged();
    }
}

namespace {

// The sections of the rules the problems are about, as links under the box's text (the
// problems themselves are its details, plain text).
void showRuleLinks(QMessageBox *box, const std::vector<DataIssue> &issues)
{
    const QString links = help::dataIssueRuleLinks(issues);
    if (links.isEmpty())
        return;
    box->setInformativeText(
        MainWindow::tr("The rules some of these problems are about: %1").arg(links));
    if (auto *label = box->findChild<QLabel *>(QStringLiteral("qt_msgbox_informativelabel")))
        help::followRuleLinks(label);
}

} // namespace

void MainWindow::reportDataIssues()
{
    if (m_db.issues().empty() && !m_userDataIssues.empty()) {
        QStringList lines;
        for (const DataIssue &i : m_userDataIssues)
            lines << i.toLocalString();
        QMessageBox box(QMessageBox::Warning, tr("Problems in your printed card values"),
                        tr("The file of the values you entered from printed cards, %1, has "
                           "errors: it was not loaded, and jwfleet shows the shipped values. "
                           "Fix the file (see the details) or remove it.")
                            .arg(m_userDataPath),
                        QMessageBox::Ok, this);
        box.setDetailedText(lines.join(QLatin1Char('\n')));
        showRuleLinks(&box, m_userDataIssues);
        box.exec();
        return;
    }
    if (m_db.issues().empty())
        return;
    QStringList lines;
    for (const DataIssue &i : m_db.issues())
        lines << i.toLocalString();
    QMessageBox box(QMessageBox::Warning, tr("Problems in the unit data"),
                    m_db.hasErrors()
                        ? tr("Some faction files have errors and were not loaded. Fix them and "
                             "restart, or check them with 'jwfleet-cli check-data'.")
                        : tr("The unit data has warnings."),
                    QMessageBox::Ok, this);
    box.setDetailedText(lines.join(QLatin1Char('\n')));
    showRuleLinks(&box, m_db.issues());
    box.exec();
}

void MainWindow::about()
{
    QMessageBox::about(
        this, tr("About jwfleet"),
        tr("<h3>jwfleet %1</h3>"
           "<p>Fleet builder, unit cards and game table for <i>Jovian Wars</i>.</p>"
           "<p>Rules version: <b>%2</b> (the default profile; v1.2.3 and v1.2.4 are "
           "available as rules profiles).</p>"
           "<p>Units marked <i>provisional</i> carry values of our own where the rules give "
           "none; replace them with the printed cards' values.</p>"
           "<p>Built with Qt %3.</p>")
            .arg(QStringLiteral(JW_VERSION), QStringLiteral(JW_RULES_VERSION),
                 QString::fromLatin1(qVersion())));
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    // Every open fleet with unsaved changes asks, shown in turn.
    for (int i = 0; i < m_builder->count(); ++i) {
        if (!m_builder->document(i)->isModified())
            continue;
        m_tabs->setCurrentWidget(m_builder);
        m_builder->setCurrentIndex(i);
        if (!maybeSave()) {
            event->ignore();
            return;
        }
    }
    QSettings settings;
    settings.setValue(QStringLiteral("mainWindow/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("gameTable/docks"), m_gameTable->gameWindow()->saveState());
    event->accept();
}

} // namespace jw
