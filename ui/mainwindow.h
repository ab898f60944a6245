// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "units/unitdatabase.h"
#include "units/useroverlay.h"

#include <QMainWindow>
#include <QPointer>

#include <utility>

class QAction;
class QMenu;
class QTabWidget;
class QUndoStack;

namespace jw {

class CampaignWindow;
class CompanionScreen;
class FleetBuilder;
class FleetDocument;
class FleetWorkspace;
class GameTable;
class UnitBrowser;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(UnitDatabase db, QWidget *parent = nullptr);
    ~MainWindow() override;

    [[nodiscard]] UnitBrowser *unitBrowser() const { return m_browser; }
    // The fleet shown on the Fleet Builder tab (several may be open: fleetWorkspace()).
    [[nodiscard]] FleetBuilder *fleetBuilder() const;
    [[nodiscard]] FleetDocument *fleetDocument() const { return m_doc; }
    [[nodiscard]] FleetWorkspace *fleetWorkspace() const { return m_builder; }
    [[nodiscard]] QTabWidget *tabs() const { return m_tabs; }
    [[nodiscard]] const UnitDatabase &database() const { return m_db; }
    [[nodiscard]] GameTable *gameTable() const { return m_gameTable; }
    [[nodiscard]] CampaignWindow *campaignWindow() const { return m_campaign; }
    // The Companion tab: a game tracked on a physical table.
    [[nodiscard]] CompanionScreen *companion() const { return m_companion; }
    // View › Companion in Its Own Window: the companion as a window of its own (a
    // portrait tablet, a second screen), back into its tab when closed or unchecked.
    void setCompanionWindowed(bool windowed);
    [[nodiscard]] QAction *companionWindowAction() const { return m_companionWindow; }
    // Shows the Campaign tab on the campaign of `urlOrPath` (the --db option);
    // empty: the database of the settings, when it exists.
    void showCampaign(const QString &urlOrPath = {});
    // Game › Add Battle to Campaign: the finished game on the table into the
    // open campaign (once per game); false when refused (the campaign's banner
    // says why).
    bool addFinishedGameToCampaign();
    [[nodiscard]] QAction *addToCampaignAction() const { return m_addToCampaign; }

    // Edit › Undo and Redo act on the tab being shown: the fleet's edits on the
    // Fleet Builder, the game's commands on the Game Table, the campaign's edits
    // on Campaign; their text says what they will undo ("Undo Add Uller"), or
    // that there is nothing to undo on this tab.
    [[nodiscard]] QAction *undoAction() const { return m_undoAct; }
    [[nodiscard]] QAction *redoAction() const { return m_redoAct; }
    // View › the tabs, Ctrl+1 to Ctrl+5 in tab order.
    [[nodiscard]] const QList<QAction *> &tabActions() const { return m_tabActions; }
    // View › Game Table Panels: each dock's show/hide (Alt+1 to Alt+4), then Reset Layout.
    [[nodiscard]] QMenu *panelsMenu() const { return m_panelsMenu; }

    // Shows the problems of the unit data, if any (at start-up).
    void reportDataIssues();

    // The user data file (values entered from printed cards): read over the
    // shipped units now and written by Enter Printed Card Values…; empty: none
    // (--data). A file with errors is reported (reportDataIssues) and ignored.
    void setUserDataFile(const QString &path);
    [[nodiscard]] QString userDataFile() const { return m_userDataPath; }
    [[nodiscard]] const UserOverlay &userData() const { return m_userData; }
    // Enter Printed Card Values… for `unitId`: the dialog, then setUnitOverride().
    void enterPrintedCard(const QString &unitId);
    // The user's values of one unit (empty: back to the shipped ones) as one
    // step of the Unit Database tab's history (Edit › Undo there); false, with
    // a message, when the file cannot be written.
    bool setUnitOverride(const UnitOverride &o);
    // Writes `overlay` to the user data file and shows its values everywhere:
    // the lists, details, cards and every open fleet's totals and checks.
    bool applyUserData(const UserOverlay &overlay);
    [[nodiscard]] QUndoStack *unitDataUndoStack() const { return m_unitDataUndo; }
    // File actions (also used by tests and the command line).
    bool openFleet(const QString &path);
    bool saveFleet();
    bool saveFleetAs();
    void newFleet();
    // Asks what to do with the current fleet's unsaved changes; false: the user cancelled.
    bool maybeSave();
    // File › Close Fleet: the current fleet (asking about unsaved changes).
    bool closeFleet();

protected:
    void closeEvent(QCloseEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void createActions();
    void fillPanelsMenu();
    void updateTitle();
    void addRecentFile(const QString &path);
    void rebuildRecentMenu();
    void exportFleet(const QString &format);
    void copyFleet();
    // The unit the user is looking at (unit database tab or fleet builder).
    [[nodiscard]] const Unit *currentUnit() const;
    void about();
    void updateUndoActions();
    void undoOnTab();
    void redoOnTab();
    // Edit › Undo, the title and the game's fleet follow the fleet shown.
    void followDocument(FleetDocument *doc);

    // The units with the user's values shown in place: views keep pointers
    // into m_db, so a unit is replaced, never the database.
    void showUserData(const UserOverlay &overlay);

    UnitDatabase m_db;
    UnitDatabase m_shipped; // as shipped (or --data), without the user's values
    UserOverlay m_userData;
    QString m_userDataPath;
    std::vector<DataIssue> m_userDataIssues; // the ignored file's errors
    QUndoStack *m_unitDataUndo = nullptr; // the Unit Database tab's history
    FleetDocument *m_doc = nullptr; // the current fleet of m_builder
    QTabWidget *m_tabs = nullptr;
    FleetWorkspace *m_builder = nullptr; // the Fleet Builder tab: every open fleet
    UnitBrowser *m_browser = nullptr;
    QMenu *m_recentMenu = nullptr;
    QMenu *m_panelsMenu = nullptr; // View › Game Table Panels: the Game Table's docks
    GameTable *m_gameTable = nullptr;
    CampaignWindow *m_campaign = nullptr;
    CompanionScreen *m_companion = nullptr;
    QAction *m_companionWindow = nullptr;
    bool m_campaignTried = false; // the saved campaign is opened when the tab is first shown
    QAction *m_addToCampaign = nullptr;
    bool m_gameAddedToCampaign = false;
    QAction *m_undoAct = nullptr;
    // The current fleet's Copy and Paste, shown in Edit (a closed fleet's go with it).
    QList<QPointer<QAction>> m_editModelActions;
    QAction *m_redoAct = nullptr;
    QList<QAction *> m_tabActions;
    QString m_campaignMessage; // the campaign's last status message, while shown
};

} // namespace jw
