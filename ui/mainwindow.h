#pragma once

#include "units/unitdatabase.h"

#include <QMainWindow>

class QMenu;
class QTabWidget;

namespace jw {

class FleetBuilder;
class FleetDocument;
class GameTable;
class UnitBrowser;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(UnitDatabase db, QWidget *parent = nullptr);

    [[nodiscard]] UnitBrowser *unitBrowser() const { return m_browser; }
    [[nodiscard]] FleetBuilder *fleetBuilder() const { return m_builder; }
    [[nodiscard]] FleetDocument *fleetDocument() const { return m_doc; }
    [[nodiscard]] QTabWidget *tabs() const { return m_tabs; }
    [[nodiscard]] const UnitDatabase &database() const { return m_db; }
    [[nodiscard]] GameTable *gameTable() const { return m_gameTable; }

    // Shows the problems of the unit data, if any (at start-up).
    void reportDataIssues();

    // File actions (also used by tests and the command line).
    bool openFleet(const QString &path);
    bool saveFleet();
    bool saveFleetAs();
    void newFleet();
    // Asks what to do with unsaved changes; false: the user cancelled.
    bool maybeSave();

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void createActions();
    void updateTitle();
    void addRecentFile(const QString &path);
    void rebuildRecentMenu();
    void exportFleet(const QString &format);
    void copyFleet();
    // The unit the user is looking at (unit database tab or fleet builder).
    [[nodiscard]] const Unit *currentUnit() const;
    void about();

    UnitDatabase m_db;
    FleetDocument *m_doc = nullptr;
    QTabWidget *m_tabs = nullptr;
    FleetBuilder *m_builder = nullptr;
    UnitBrowser *m_browser = nullptr;
    QMenu *m_recentMenu = nullptr;
    GameTable *m_gameTable = nullptr;
};

} // namespace jw
