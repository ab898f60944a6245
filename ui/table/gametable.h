// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fleet/fleet.h"
#include "table/newgamedialog.h"

#include <QObject>

#include <functional>

class QAction;
class QLabel;
class QMainWindow;
class QMenu;
class QTabWidget;
class QWidget;

namespace jw {

class GameController;
class ComputerOpponent;
class GameWindow;
class NetTable;
class ReplayViewer;
class StartPage;
class UnitDatabase;

// Puts the match table into the main window: a "Game Table" tab and a "Game"
// menu (New Game…, Open Game…, Save Game, Save Game As…, Undo Command,
// Replay…, Replay This Game). When an autosave is found (a game not finished on purpose, or a
// crash), the tab offers to resume it, without a modal dialog at start-up.
class GameTable : public QObject
{
    Q_OBJECT
public:
    GameTable(QMainWindow *window, QTabWidget *tabs, const UnitDatabase &db,
              std::function<Fleet()> builderFleet);

    [[nodiscard]] GameController *controller() const { return m_controller; }
    [[nodiscard]] GameWindow *gameWindow() const { return m_game; }
    // The computer players of the game on the table (New Game: "Played by").
    [[nodiscard]] ComputerOpponent *computer() const { return m_computer; }
    [[nodiscard]] QWidget *tab() const { return m_tab; }
    // Network play: Host / Join Network Game…, its banner and the chat (docs/network.md).
    [[nodiscard]] NetTable *network() const { return m_net; }
    [[nodiscard]] QMenu *menu() const { return m_menu; }
    [[nodiscard]] QWidget *resumeBanner() const { return m_banner; }
    // What the tab shows before a game: how to start one (New Game, Open Game, the network).
    [[nodiscard]] StartPage *startPage() const { return m_startPage; }
    // The open campaign's rosters: New Game offers them (From Campaign).
    void setCampaignRosters(std::function<CampaignRosters()> rosters)
    {
        m_campaignRosters = std::move(rosters);
    }

    // New Game… (and Open Game…): first, when an unfinished game would be
    // replaced, asks whether to resume it, replace it or cancel; then the New
    // Game dialog (the file dialog).
    void newGame();
    // The unfinished game a new one would replace ("Dave against Eve, Introductory
    // Scenario, turn 3"): the one on the table, else the autosave's; empty when none.
    [[nodiscard]] QString unfinishedGame() const;
    void openGame();
    // Opens the saved game PATH on the table (a file given on the command line, a
    // double-click): first, like Open Game…, asks before an unfinished game is
    // replaced. False when the user kept the unfinished game or the file is bad (a
    // message says why).
    bool openGameFile(const QString &path);
    bool saveGame();
    bool saveGameAs();
    void replay();
    // Game › Luck Report…: the game's dice against the exact odds (LuckReportDialog).
    void showLuckReport();
    // The replay viewer on the game being played (a copy; the game goes on).
    ReplayViewer *replayCurrentGame();
    [[nodiscard]] QAction *replayCurrentAction() const { return m_replayCurrent; }
    void resume();
    void discardAutosave();

private:
    void updateActions();
    void updateBanner();
    enum class Unfinished {
        Resume,
        Replace,
        Cancel
    };
    [[nodiscard]] Unfinished askAboutUnfinished(const QString &game);
    // Before New Game or Open Game replaces an unfinished game: asks; false when
    // the user resumed it or cancelled.
    [[nodiscard]] bool mayReplaceUnfinished();
    // Puts the game of PATH on the table; on a bad file, a message.
    bool loadGame(const QString &path);

    QMainWindow *m_window;
    QTabWidget *m_tabs;
    const UnitDatabase &m_db;
    std::function<Fleet()> m_builderFleet;
    std::function<CampaignRosters()> m_campaignRosters;
    GameController *m_controller = nullptr;
    GameWindow *m_game = nullptr;
    ComputerOpponent *m_computer = nullptr;
    NetTable *m_net = nullptr;
    QAction *m_hint = nullptr;
    QWidget *m_tab = nullptr;
    QWidget *m_banner = nullptr;
    QLabel *m_bannerText = nullptr;
    StartPage *m_startPage = nullptr;
    QMenu *m_menu = nullptr;
    QAction *m_save = nullptr;
    QAction *m_saveAs = nullptr;
    QAction *m_undo = nullptr;
    QAction *m_replayCurrent = nullptr;
    QAction *m_luck = nullptr;
};

} // namespace jw
