// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/command.h"
#include "engine/gamesetup.h"
#include "fleet/fleet.h"
#include "table/newgamedialog.h"

#include <QWidget>

#include <functional>
#include <map>
#include <vector>

class QAction;
class QDoubleSpinBox;
class QLabel;
class QMenu;
class QPushButton;
class QListWidget;
class QScrollArea;
class QSplitter;
class QStackedWidget;
class QVBoxLayout;
class QGridLayout;
class QShortcut;

namespace jw {

class CompanionCard;
class DiceKeypad;
struct MoveLimits;
class Game;
class GameController;
class TouchButton;
class UnitDatabase;

// The companion (docs/physical-table.md, "The companion screen"): the screen a
// player keeps beside a game played with miniatures and real dice. Both fleets as
// unit cards with their damage, states and tokens; a header with the turn, the
// phase, Initiative, whose activation it is and the score; what the player to act
// may do now (the engine's legal commands) and the pending decision as large
// buttons; the game's log. It decides no rule: every step is a command of the
// engine, through its own GameController (with its own autosave file, so a
// tracked game and a game on the digital table never overwrite each other).
//
// Reflows with its shape: side by side on a landscape screen, the cards above the
// controls on a portrait one; both fleets in two columns when there is room.
class CompanionScreen : public QWidget
{
    Q_OBJECT
public:
    explicit CompanionScreen(const UnitDatabase &db, QWidget *parent = nullptr);
    ~CompanionScreen() override;

    [[nodiscard]] GameController *controller() const { return m_controller; }
    // The fleets open in the builder: Track a Game offers them.
    void setOpenFleets(std::function<std::vector<Fleet>()> fleets);
    // The open campaign's rosters: Track a Game offers them (From Campaign).
    void setCampaignRosters(std::function<CampaignRosters()> rosters);
    // Adds a finished game to the open campaign (true: added). Once set, a finished
    // tracked game offers "Add the Battle to the Campaign" (and the Game menu's action).
    void setAddToCampaign(std::function<bool(const Game &)> add);
    // Adds the finished tracked game to the campaign (false: not over, already added, or
    // the campaign refused it, which then says why).
    bool addToCampaign();
    [[nodiscard]] bool addedToCampaign() const { return m_addedToCampaign; }

    // Game › Track a Game…, Open Tracked Game…, Save Tracked Game (As…), Close Tracked
    // Game, added to `menu`; `show` brings the companion to the front.
    void addActionsTo(QMenu *menu, const std::function<void()> &show);
    // Track a Game…: the dialog, then the game (false: cancelled).
    bool trackGame();
    // Starts tracking a game of this setup (made physical if it is not).
    void startTracking(GameSetup setup);
    // Open/Save of tracked games (.jwgame with `table: physical`).
    void openGame();
    // Empty: opened; else why not (a game of the digital table is refused).
    [[nodiscard]] QString openGameFile(const QString &path);
    // The game's log written to `path` (after the game: a battle report): Markdown for
    // .md, JSON for .json, else text, with the luck report's verdicts (core: exportGameLog).
    // Empty: written; else why not.
    [[nodiscard]] QString exportLog(const QString &path) const;
    // Each player's dice against the exact odds (core: luckReport), as text.
    [[nodiscard]] QString luckText() const;
    // Opens the luck report (LuckReportDialog, window-modal, deleted on close).
    void showLuckReport();
    bool saveGame();
    bool saveGameAs();
    // The autosave of an unfinished tracked game (after a crash): resume or discard it.
    [[nodiscard]] static bool hasAutosave();
    bool resume();
    void discardAutosave();
    void closeGame();

    // Every step may be taken back and (on a physical table) done again.
    [[nodiscard]] bool canUndo() const;
    bool undo();
    [[nodiscard]] bool canRedo() const;
    bool redo();

    // The choices shown now, in order (answers, then commands); keys 1-9 press them.
    [[nodiscard]] const std::vector<TouchButton *> &choices() const { return m_choices; }
    // Presses the choice whose text contains `text` (tests and scripts); false: none.
    bool choose(const QString &text);
    [[nodiscard]] QStringList choiceTexts() const;
    [[nodiscard]] QLabel *header() const { return m_header; }
    [[nodiscard]] QLabel *score() const { return m_score; }
    [[nodiscard]] QLabel *prompt() const { return m_prompt; }
    [[nodiscard]] QLabel *refusal() const { return m_refusal; }
    // The dice of a roll the engine waits for (typed dice): shown while one is pending.
    [[nodiscard]] DiceKeypad *keypad() const { return m_keypad; }
    [[nodiscard]] QPushButton *scoreButton() const { return m_scoreButton; }
    [[nodiscard]] QListWidget *log() const { return m_log; }
    [[nodiscard]] CompanionCard *card(int model) const;
    [[nodiscard]] QSplitter *splitter() const { return m_splitter; }
    [[nodiscard]] bool twoFleetColumns() const { return m_twoColumns; }
    [[nodiscard]] int selectedModel() const { return m_selected; }
    void selectModel(int model);

Q_SIGNALS:
    void statusMessage(const QString &text);
    // A game started, changed, or ended: Edit › Undo and the menus follow.
    void changed();

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void refresh();
    void rebuildCards();
    void layoutCards();
    void fillChoices();
    void fillLog();
    void updateHeader();
    void updateEmptyPage();
    void updateCampaignAction();
    void addAfterGameChoices(); // a finished game: the campaign, the log, the luck report
    void addMoveEntry(const MoveLimits &limits); // inches (and turns) moved on the table
    // A row with a spin box of inches (half-inch steps, 0..maximum) among the choices.
    QDoubleSpinBox *addInchesEntry(double maximum, double value, const QString &accessibleName);
    void reflow();
    void pressChoice(int index);
    bool send(const Command &command);
    // A card corrected by hand (the table is the truth): a CorrectCommand.
    void correctBoxes(int model, int owner, int ownerIndex, int boxes);
    void fillScoreMenu(QMenu *menu);
    TouchButton *addChoice(const QString &text, const std::function<void()> &action);
    void beginGroup(); // the next choices side by side, until the next heading
    void addHeading(const QString &text, const QString &rule = {});
    [[nodiscard]] QString commandLabel(const Command &command) const;
    [[nodiscard]] QString playerName(int player) const;
    // A model as its card names it ("Wyvern (2 of 2)" when names are shared).
    [[nodiscard]] QString shownName(int model) const;

    const UnitDatabase &m_db;
    std::function<std::vector<Fleet>()> m_openFleets;
    std::function<CampaignRosters()> m_campaignRosters;
    std::function<bool(const Game &)> m_addToCampaign;
    bool m_addedToCampaign = false; // the finished game is in the campaign
    QAction *m_addToCampaignAction = nullptr;
    GameController *m_controller = nullptr;
    QStackedWidget *m_pages = nullptr;
    // Empty page
    QWidget *m_emptyPage = nullptr;
    QWidget *m_resumeBox = nullptr;
    QLabel *m_resumeText = nullptr;
    // Game page
    QWidget *m_gamePage = nullptr;
    QLabel *m_header = nullptr;
    QLabel *m_score = nullptr;
    QSplitter *m_splitter = nullptr;
    QScrollArea *m_fleetArea = nullptr;
    QWidget *m_fleetBox = nullptr;
    QGridLayout *m_fleetGrid = nullptr;
    std::array<QLabel *, 2> m_fleetHeadings {};
    std::map<int, CompanionCard *> m_cards;
    QScrollArea *m_sideArea = nullptr;
    QLabel *m_prompt = nullptr;
    QLabel *m_refusal = nullptr; // the engine's last refusal, until the next step
    QVBoxLayout *m_choiceBox = nullptr;
    std::vector<TouchButton *> m_choices;
    std::vector<QWidget *> m_choiceWidgets; // buttons and headings, rebuilt at every step
    QListWidget *m_log = nullptr;
    TouchButton *m_undo = nullptr;
    TouchButton *m_redo = nullptr;
    DiceKeypad *m_keypad = nullptr;
    QPushButton *m_scoreButton = nullptr;
    QShortcut *m_redoKey = nullptr;
    // Ctrl+Z of its own while it is a window of its own (in its tab, Edit › Undo has it).
    QShortcut *m_undoKey = nullptr;
    std::vector<QAction *> m_gameActions; // enabled while a game is tracked
    int m_selected = -1;
    bool m_twoColumns = false;
    bool m_portrait = false;
    bool m_shaped = false; // the splitter shared out once the screen has a size
    QGridLayout *m_group = nullptr; // where the choices go now (nullptr: one a row)
    int m_groupCount = 0;
    int m_shownCommands = -1; // the log shows the game up to this many commands
};

} // namespace jw
