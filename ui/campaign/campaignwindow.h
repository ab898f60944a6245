// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "campaign/campaignstore.h"
#include "fleet/fleet.h"

#include <QDate>
#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QMenu;
class QPushButton;
class QSpinBox;
class QStackedWidget;
class QTabWidget;
class QTableWidget;
class QTextBrowser;
class QUndoStack;

namespace jw {

class CampaignChart;
class DestroyedChart;
class LuckChart;
class DiceSource;
class Game;
class StandingsChart;
class UnitDatabase;

// The campaign manager's window (docs/campaigns.md, "The campaign window"):
// a campaign in a database (SQLite by default, PostgreSQL for a club), shown
// as Standings, Players (each roster with its campaign record), Battles (list
// and detail), Charts and Settings (house rules, tie-breakers). Every edit is
// an undoable command (core/campaign/campaignedit.h) on undoStack(). An edit
// the store refuses (bad input, or a Conflict: someone else changed the same
// row of a shared campaign) is shown in a banner above the pages, the pages
// are reloaded from the database, and nothing is pushed.
class CampaignWindow : public QWidget
{
    Q_OBJECT
public:
    explicit CampaignWindow(const UnitDatabase &db, QWidget *parent = nullptr);
    ~CampaignWindow() override;

    // --- The database ------------------------------------------------------
    // The location in the settings ("campaign/database"), else the default
    // SQLite file in the user's data folder.
    [[nodiscard]] static QString savedLocation();
    static void saveLocation(const QString &urlOrPath);
    // Opens the campaign of a database; false (and the banner) when it cannot
    // be opened. A database with no campaign yet opens on the "create" page.
    bool openDatabase(const QString &urlOrPath);
    // Creates `campaign` in the database (which must hold none) and opens it.
    bool createCampaign(const QString &urlOrPath, const Campaign &campaign);
    void closeCampaign();
    [[nodiscard]] bool hasCampaign() const { return m_campaign.has_value(); }
    [[nodiscard]] CampaignStore *store() const { return m_store.get(); }
    [[nodiscard]] const std::optional<Campaign> &campaign() const { return m_campaign; }
    [[nodiscard]] const std::vector<Player> &players() const { return m_players; }
    [[nodiscard]] const std::vector<Battle> &battles() const { return m_battles; }
    [[nodiscard]] QUndoStack *undoStack() const { return m_undo; }
    // Reads everything again from the database (what others changed, too).
    void reload();

    // --- Edits: each one an undoable command; false when refused -----------
    bool addPlayer(const QString &name, const Fleet &roster);
    bool setRoster(qint64 playerId, const Fleet &roster);
    bool renamePlayer(qint64 playerId, const QString &name);
    // Only a player with no battle (the store refuses the others, and says why).
    bool removePlayer(qint64 playerId);
    bool updateCampaign(const Campaign &after);
    bool addBattle(const Battle &battle);
    bool importGame(const QString &path, const QDate &date);
    // A game just finished on the table (Game › Add Battle to Campaign).
    bool addFinishedGame(const Game &game, const QDate &date);
    bool importReport(const QString &path);
    bool updateBattle(const Battle &after); // date, scenario, points, winner, notes
    bool repairUnit(qint64 playerId, qint64 rosterId);
    // Whole campaign to a file (JSON or YAML by its name), atomically; and back
    // into this database, replacing what is there (one transaction).
    bool exportCampaign(const QString &path);
    bool importCampaign(const QString &path);

    // The last refusal or failure, as shown in the banner ("" when none).
    [[nodiscard]] QString lastError() const { return m_lastError; }
    // What the last added battle's house rules did (shown in the status line).
    [[nodiscard]] QStringList lastNotes() const { return m_lastNotes; }

    // The dice of repairs (tests set scripted dice).
    void setDice(std::unique_ptr<DiceSource> dice);

    // --- The menu and the dialogs ----------------------------------------
    // The "Campaign" menu: new, open, database settings, players, battles,
    // repairs, export and import, undo and redo.
    [[nodiscard]] QMenu *createMenu(QWidget *parent);
    void newCampaignDialog();
    void openCampaignDialog();
    void databaseDialog();
    void addPlayerDialog();
    void setRosterDialog();
    void enterBattleDialog();
    void importGameDialog();
    void importReportDialog();
    void exportDialog();
    void importDialog();
    // A chart as a PNG image (its size on screen), atomically; false and the
    // banner when it cannot be written. The dialog asks for the file first.
    bool exportChart(CampaignChart *chart, const QString &path);
    void exportChartDialog(CampaignChart *chart);

    // --- Parts (tests, screenshots) ----------------------------------------
    [[nodiscard]] QTabWidget *pages() const { return m_pages; }
    [[nodiscard]] QWidget *emptyPage() const { return m_emptyPage; }
    [[nodiscard]] QLabel *banner() const { return m_banner; }
    [[nodiscard]] QLabel *header() const { return m_header; }
    [[nodiscard]] QTableWidget *standingsTable() const { return m_standings; }
    [[nodiscard]] QListWidget *playerList() const { return m_playerList; }
    [[nodiscard]] QTableWidget *rosterTable() const { return m_roster; }
    [[nodiscard]] QTableWidget *playerBattlesTable() const { return m_playerBattles; }
    [[nodiscard]] QTableWidget *battleTable() const { return m_battleTable; }
    [[nodiscard]] QTextBrowser *battleDetail() const { return m_battleDetail; }
    [[nodiscard]] StandingsChart *standingsChart() const { return m_standingsChart; }
    [[nodiscard]] DestroyedChart *destroyedChart() const { return m_destroyedChart; }
    [[nodiscard]] LuckChart *luckChart() const { return m_luckChart; }
    [[nodiscard]] QLineEdit *nameEdit() const { return m_nameEdit; }
    [[nodiscard]] QListWidget *tieBreakerList() const { return m_tieBreakers; }
    void selectPlayer(qint64 playerId);
    void selectBattle(qint64 battleId);
    [[nodiscard]] qint64 selectedPlayer() const;
    [[nodiscard]] qint64 selectedBattle() const;

Q_SIGNALS:
    void campaignChanged(); // opened, closed, or reloaded
    // A short message for the main window's status bar (shown for a while, on
    // this tab only); the banner keeps what must stay. Empty: take back the last.
    void statusMessage(const QString &text);

private:
    bool push(std::unique_ptr<class CampaignEdit> edit);
    enum class BannerKind {
        Error,
        Success
    };
    void showError(const QString &message);
    void showBanner(const QString &message, BannerKind kind);
    void clearError();
    void fillStandings();
    void fillPlayers();
    void fillRoster();
    void fillBattles();
    void fillBattleDetail();
    void fillCharts();
    void fillSettings();
    [[nodiscard]] std::optional<Campaign> settingsFromForm() const;
    [[nodiscard]] const Player *playerById(qint64 id) const;
    [[nodiscard]] QString playerName(qint64 id) const;

    const UnitDatabase &m_db;
    std::unique_ptr<CampaignStore> m_store;
    std::unique_ptr<DiceSource> m_dice;
    std::optional<Campaign> m_campaign;
    std::vector<Player> m_players;
    std::vector<Battle> m_battles;
    std::vector<BattleSummary> m_summaries;
    std::vector<RepairRecord> m_repairs;
    QString m_lastError;
    QStringList m_lastNotes;
    bool m_filling = false;

    QUndoStack *m_undo = nullptr;
    QLabel *m_header = nullptr;
    QLabel *m_banner = nullptr;
    QStackedWidget *m_stack = nullptr;
    QWidget *m_emptyPage = nullptr;
    QLabel *m_emptyText = nullptr;
    QPushButton *m_createHere = nullptr;
    QTabWidget *m_pages = nullptr;
    QTableWidget *m_standings = nullptr;
    QLabel *m_standingsRule = nullptr;
    QListWidget *m_playerList = nullptr;
    QTableWidget *m_roster = nullptr;
    QTableWidget *m_playerBattles = nullptr;
    QPushButton *m_repairButton = nullptr;
    QTableWidget *m_battleTable = nullptr;
    QTextBrowser *m_battleDetail = nullptr;
    StandingsChart *m_standingsChart = nullptr;
    DestroyedChart *m_destroyedChart = nullptr;
    LuckChart *m_luckChart = nullptr;
    QLineEdit *m_nameEdit = nullptr;
    QSpinBox *m_pointsEdit = nullptr;
    QComboBox *m_rulesEdit = nullptr;
    std::vector<std::pair<QString, QWidget *>> m_ruleEdits; // CampaignRules key -> editor
    QListWidget *m_tieBreakers = nullptr;
    QPushButton *m_applySettings = nullptr;
    std::vector<QAction *> m_needCampaign; // menu actions enabled with a campaign
};

} // namespace jw
