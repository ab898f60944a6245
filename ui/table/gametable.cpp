// SPDX-License-Identifier: GPL-3.0-or-later
#include "table/gametable.h"

#include "companion/luckreportdialog.h"

#include "companion/touchbutton.h"
#include "startpage.h"
#include "table/computeropponent.h"
#include "table/gamecontroller.h"
#include "table/gamewindow.h"
#include "table/netgame.h"
#include "table/nettable.h"
#include "table/newgamedialog.h"
#include "table/replayviewer.h"
#include "theme.h"

#include "engine/game.h"
#include "engine/gamefile.h"

#include <QAction>
#include <QBoxLayout>
#include <QFileDialog>
#include <QLabel>
#include <QMainWindow>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>

namespace jw {

GameTable::GameTable(QMainWindow *window, QTabWidget *tabs, const UnitDatabase &db,
                     std::function<Fleet()> builderFleet)
    : QObject(window)
    , m_window(window)
    , m_tabs(tabs)
    , m_db(db)
    , m_builderFleet(std::move(builderFleet))
{
    m_controller = new GameController(this);
    m_tab = new QWidget;
    auto *l = new QVBoxLayout(m_tab);
    l->setContentsMargins(0, 0, 0, 0);
    l->setSpacing(0);
    m_banner = new QWidget;
    m_banner->setObjectName(QStringLiteral("resumeBanner"));
    // Set apart from the menus and tabs around it, in the theme's own colours.
    m_banner->setAttribute(Qt::WA_StyledBackground);
    theme::setPaletteStyleSheet(
        m_banner,
        QStringLiteral(
            "#resumeBanner { background: palette(alternate-base); border-left: 4px solid "
            "palette(highlight); border-bottom: 1px solid palette(mid); }"));
    auto *bl = new QHBoxLayout(m_banner);
    m_bannerText = new QLabel;
    m_bannerText->setWordWrap(true);
    m_bannerText->setTextFormat(Qt::PlainText);
    bl->addWidget(m_bannerText, 1);
    auto *resumeButton = new QPushButton(tr("Resume It"));
    resumeButton->setObjectName(QStringLiteral("resumeGame"));
    auto *discardButton = new QPushButton(tr("Discard"));
    connect(resumeButton, &QPushButton::clicked, this, &GameTable::resume);
    connect(discardButton, &QPushButton::clicked, this, &GameTable::discardAutosave);
    bl->addWidget(resumeButton);
    bl->addWidget(discardButton);
    updateBanner();
    m_game = new GameWindow(m_controller);
    m_computer = new ComputerOpponent(m_controller, this);
    m_game->setComputer(m_computer);
    m_startPage = new StartPage(
        tr("Play a game on the screen"),
        tr("Both fleets on a digital table, with every rule of the game applied: the ranges, "
           "arcs and exact odds are shown before you commit, and the dice are rolled for you. "
           "Play two at this screen, against the computer (choose it for either side in New "
           "Game), with a friend at another computer, or on your club's server. Games are "
           "saved as you play and can be replayed command by command."));
    m_startPage->setObjectName(QStringLiteral("tableStartPage"));
    m_game->setStartPage(m_startPage);
    l->addWidget(m_banner);
    l->addWidget(m_game, 1);
    tabs->addTab(m_tab, tr("Game Table"));

    // Before the Help menu.
    m_menu = new QMenu(tr("&Game"), window);
    const QList<QAction *> menus = window->menuBar()->actions();
    window->menuBar()->insertMenu(menus.isEmpty() ? nullptr : menus.last(), m_menu);
    m_menu->addAction(tr("&New Game…"), this, &GameTable::newGame);
    m_menu->addAction(tr("&Open Game…"), this, &GameTable::openGame);
    m_save = m_menu->addAction(tr("&Save Game"), this, &GameTable::saveGame);
    m_saveAs = m_menu->addAction(tr("Save Game &As…"), this, &GameTable::saveGameAs);
    m_saveAs->setObjectName(QStringLiteral("saveGameAs"));
    m_saveAs->setStatusTip(tr("Keep the game in a file of your choice, to replay or share."));
    m_menu->addSeparator();
    m_undo = m_menu->addAction(tr("&Undo Command"), m_game, &GameWindow::undo);
    m_hint = m_menu->addAction(tr("H&int"), m_game, &GameWindow::hint);
    m_hint->setObjectName(QStringLiteral("gameHint"));
    m_hint->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_H));
    m_hint->setStatusTip(tr("What the computer would do now in your place, and why."));
    m_menu->addSeparator();
    m_menu->addAction(tr("&Replay…"), this, &GameTable::replay);
    m_replayCurrent
        = m_menu->addAction(tr("Rep&lay This Game"), this, [this] { (void)replayCurrentGame(); });
    m_replayCurrent->setObjectName(QStringLiteral("replayCurrentGame"));
    m_replayCurrent->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    m_replayCurrent->setStatusTip(
        tr("Step through the game being played, command by command; the game goes on."));
    m_luck = m_menu->addAction(tr("Luck R&eport…"), this, &GameTable::showLuckReport);
    m_luck->setObjectName(QStringLiteral("gameLuckReport"));
    m_luck->setStatusTip(tr("Each player's dice against the exact odds of the pools rolled."));
    // When the game is over, its panel offers what comes next.
    for (QAction *a : {m_replayCurrent, m_luck, m_saveAs})
        m_game->addGameOverAction(a);
    auto *another = new QAction(tr("&New Game…"), this);
    another->setObjectName(QStringLiteral("newGameAfter"));
    another->setStatusTip(tr("Set up another game."));
    connect(another, &QAction::triggered, this, &GameTable::newGame);
    m_game->addGameOverAction(another);
    m_menu->addAction(tr("Game &Table"), this, [this] { m_tabs->setCurrentWidget(m_tab); });
    connect(m_controller, &GameController::stateChanged, this, &GameTable::updateActions);
    connect(m_controller, &GameController::autosaveFailed, this, [this](const QString &e) {
        m_window->statusBar()->showMessage(tr("Autosave failed: %1").arg(e), 10000);
    });
    m_net = new NetTable(this, db, m_builderFleet);
    connect(m_net->net(), &NetGame::changed, this, &GameTable::updateActions);
    // The start page's buttons do what the Game menu's items do (the same actions).
    const auto button = [this](const QString &text, const QString &name, auto &&slot) {
        auto *b = new TouchButton(text);
        b->setObjectName(name);
        connect(b, &QPushButton::clicked, this, slot);
        m_startPage->addButton(b);
    };
    button(tr("New Game…"), QStringLiteral("startNewGame"), [this] { newGame(); });
    button(tr("Open Game…"), QStringLiteral("startOpenGame"), [this] { openGame(); });
    for (QAction *a : {m_net->hostAction(), m_net->joinAction(), m_net->clubAction()})
        button(QString(a->text()).remove(QLatin1Char('&')),
               a->objectName() + QStringLiteral("Start"), [a] { a->trigger(); });
    updateActions();
}

void GameTable::updateActions()
{
    const bool has = m_controller->hasGame();
    m_save->setEnabled(has);
    m_saveAs->setEnabled(has);
    m_undo->setEnabled(m_controller->canUndo());
    const QString noUndo = m_controller->isNetworkGame()
        ? tr("Undo is not available in a network game: both computers keep every agreed "
             "command.")
        : QString();
    m_undo->setToolTip(noUndo);
    m_undo->setStatusTip(noUndo);
    m_replayCurrent->setEnabled(has);
    m_luck->setEnabled(has);
    m_hint->setEnabled(has && !m_controller->isNetworkGame() && m_computer->toDecide() < 0
                       && m_controller->state().phase != Phase::Over);
}

void GameTable::showLuckReport()
{
    if (!m_controller->hasGame())
        return;
    LuckReportDialog::showFor(*m_controller->game(), m_window);
}

// The autosave's game, described, when it is unfinished; the banner offers it.
void GameTable::updateBanner()
{
    QString game;
    if (!m_controller->hasGame() && GameController::hasAutosave())
        game = unfinishedGame();
    m_bannerText->setText(
        tr("An unfinished game was saved automatically: %1. Resume it, or discard it?").arg(game));
    m_banner->setVisible(!game.isEmpty());
}

QString GameTable::unfinishedGame() const
{
    const auto describe = [this](const Game &g) {
        const GameSetup &s = g.setup();
        const auto name = [&](int p) {
            const QString n = s.players[std::size_t(p)].name;
            return n.isEmpty() ? tr("Player %1").arg(p + 1) : n;
        };
        return tr("%1 against %2, %3, turn %4")
            .arg(name(0), name(1), s.scenarioRules.name)
            .arg(g.state().turn);
    };
    if (m_controller->hasGame())
        return m_controller->state().phase == Phase::Over ? QString()
                                                          : describe(*m_controller->game());
    if (!GameController::hasAutosave())
        return {};
    // A game finished, or a file that cannot be read any more, has nothing to resume.
    const GameFile::Loaded loaded = GameFile::read(GameController::autosavePath());
    if (!loaded.game || loaded.game->state().phase == Phase::Over)
        return {};
    return describe(*loaded.game);
}

GameTable::Unfinished GameTable::askAboutUnfinished(const QString &game)
{
    QMessageBox box(QMessageBox::Question, tr("New Game"),
                    tr("A new game replaces the unfinished one: %1.").arg(game),
                    QMessageBox::NoButton, m_window);
    box.setObjectName(QStringLiteral("replaceUnfinishedGame"));
    box.setInformativeText(
        m_controller->hasGame()
            ? tr("Its autosave is overwritten when the new game starts; it cannot be resumed "
                 "afterwards. Save it first (Game › Save Game As…) to keep it.")
            : tr("Its autosave is overwritten when the new game starts; it cannot be resumed "
                 "afterwards. To keep it, resume it and save it (Game › Save Game As…)."));
    QPushButton *resumeButton = box.addButton(tr("Resume It"), QMessageBox::AcceptRole);
    QPushButton *replaceButton = box.addButton(tr("Replace It"), QMessageBox::DestructiveRole);
    box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(resumeButton);
    box.exec();
    if (box.clickedButton() == resumeButton)
        return Unfinished::Resume;
    if (box.clickedButton() == replaceButton)
        return Unfinished::Replace;
    return Unfinished::Cancel;
}

bool GameTable::mayReplaceUnfinished()
{
    const QString old = unfinishedGame();
    if (old.isEmpty())
        return true;
    switch (askAboutUnfinished(old)) {
    case Unfinished::Cancel:
        return false;
    case Unfinished::Resume:
        if (m_controller->hasGame())
            m_tabs->setCurrentWidget(m_tab);
        else
            resume();
        return false;
    case Unfinished::Replace:
        break; // the autosave is overwritten only when the other game starts
    }
    return true;
}

void GameTable::newGame()
{
    if (!mayReplaceUnfinished())
        return;
    NewGameDialog d(m_db, m_window);
    if (m_builderFleet)
        d.setBuilderFleet(m_builderFleet());
    if (m_campaignRosters)
        d.setCampaignRosters(m_campaignRosters());
    // Who played each side last time (a person alone plays the computer game after game).
    QSettings settings;
    for (int p = 0; p < 2; ++p)
        d.setComputer(p, settings.value(QStringLiteral("newGame/playedBy%1").arg(p)).toString());
    if (d.exec() != QDialog::Accepted)
        return;
    if (const auto setup = d.setup()) {
        for (int p = 0; p < 2; ++p)
            settings.setValue(QStringLiteral("newGame/playedBy%1").arg(p),
                              setup->players[std::size_t(p)].computer);
        m_banner->hide();
        m_controller->startGame(*setup);
        m_tabs->setCurrentWidget(m_tab);
    }
}

void GameTable::openGame()
{
    if (!mayReplaceUnfinished())
        return;
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open Game"), QString(),
                                                      tr("Games (*.%1)").arg(GameFile::kSuffix));
    if (path.isEmpty())
        return;
    loadGame(path);
}

bool GameTable::openGameFile(const QString &path)
{
    return mayReplaceUnfinished() && loadGame(path);
}

bool GameTable::loadGame(const QString &path)
{
    const QString error = m_controller->openGame(path);
    if (!error.isEmpty()) {
        QMessageBox::warning(m_window, tr("Open Game"), error);
        return false;
    }
    m_banner->hide();
    m_tabs->setCurrentWidget(m_tab);
    return true;
}

bool GameTable::saveGame()
{
    if (m_controller->filePath().isEmpty())
        return saveGameAs();
    const QString error = m_controller->saveGame(m_controller->filePath());
    if (!error.isEmpty())
        QMessageBox::warning(m_window, tr("Save Game"), error);
    return error.isEmpty();
}

bool GameTable::saveGameAs()
{
    QString path = QFileDialog::getSaveFileName(m_window, tr("Save Game"), QString(),
                                                tr("Games (*.%1)").arg(GameFile::kSuffix));
    if (path.isEmpty())
        return false;
    if (!path.endsWith(QLatin1Char('.') + GameFile::kSuffix))
        path += QLatin1Char('.') + GameFile::kSuffix;
    const QString error = m_controller->saveGame(path);
    if (!error.isEmpty())
        QMessageBox::warning(m_window, tr("Save Game"), error);
    return error.isEmpty();
}

void GameTable::replay()
{
    QString path = QFileDialog::getOpenFileName(m_window, tr("Replay Game"), QString(),
                                                tr("Games (*.%1)").arg(GameFile::kSuffix));
    if (path.isEmpty())
        return;
    QString error;
    ReplayViewer *v = ReplayViewer::fromFile(path, &error, m_window);
    if (!v) {
        QMessageBox::warning(m_window, tr("Replay"), error);
        return;
    }
    v->setAttribute(Qt::WA_DeleteOnClose);
    v->show();
}

ReplayViewer *GameTable::replayCurrentGame()
{
    if (!m_controller->hasGame())
        return nullptr;
    ReplayViewer *v = ReplayViewer::fromGame(*m_controller->game(), m_window);
    v->setAttribute(Qt::WA_DeleteOnClose);
    v->show();
    return v;
}

void GameTable::resume()
{
    const QString error = m_controller->resumeAutosave();
    if (!error.isEmpty())
        QMessageBox::warning(m_window, tr("Resume Game"), error);
    m_banner->hide();
    m_tabs->setCurrentWidget(m_tab);
}

void GameTable::discardAutosave()
{
    GameController::discardAutosave();
    m_banner->hide();
}

} // namespace jw
