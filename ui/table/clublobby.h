// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/gamesetup.h"
#include "fleet/fleet.h"
#include "net/protocol.h"
#include "table/netgame.h"

#include <QDialog>
#include <QPointer>

#include <optional>

class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSpinBox;
class QTimer;
class QTreeWidget;

namespace jw {

class UnitDatabase;

namespace net {
class ClubClient;
}

// Game › Connect to Club Server… (docs/network.md): the server's address and port and the
// player's name (remembered), then the server's open games (creator, scenario, rules,
// seats), asked again every few seconds while the dialog is open. Create Game (New Game's
// fields, ClubCreateDialog), Join the selected game (name and fleet, ClubJoinDialog) or
// Watch a game under way by its number. The dialog closes with the player's choice; the
// table (NetTable) plays it. Errors (no server there, refused, another program) are shown
// in the dialog.
class ClubLobbyDialog : public QDialog
{
    Q_OBJECT
public:
    enum class Choice {
        None,
        Create,
        Join,
        Watch,
        Resume // take the saved seat again (savedSeat())
    };

    ClubLobbyDialog(const UnitDatabase &db, QWidget *parent = nullptr);
    ~ClubLobbyDialog() override;

    void setBuilderFleet(const Fleet &fleet) { m_builderFleet = fleet; }
    // The fields from the settings (club/address, club/port, club/name); saved again when
    // the server answers.
    void loadSettings();
    void setServer(const QString &address, quint16 port);
    void setPlayerName(const QString &name);
    [[nodiscard]] QString address() const;
    [[nodiscard]] quint16 port() const;
    [[nodiscard]] QString playerName() const;

    // A seat this computer kept in a club game (NetGame::savedClubSeat): shown with a button
    // to take it again.
    void setSavedSeat(const std::optional<NetGame::ClubSeat> &seat);
    [[nodiscard]] const std::optional<NetGame::ClubSeat> &savedSeat() const { return m_seat; }
    [[nodiscard]] QPushButton *resumeButton() const { return m_resume; }

    // Asks the server for its open games (Connect, Refresh, and every kRefreshMs).
    void refresh();
    [[nodiscard]] bool connected() const { return m_connected; }
    [[nodiscard]] const std::vector<net::ClubGameInfo> &games() const { return m_games; }
    [[nodiscard]] QTreeWidget *gameList() const { return m_list; }
    [[nodiscard]] QLabel *statusLabel() const { return m_status; }
    [[nodiscard]] QPushButton *joinButton() const { return m_join; }
    [[nodiscard]] QPushButton *createButton() const { return m_create; }
    [[nodiscard]] QPushButton *watchButton() const { return m_watch; }
    [[nodiscard]] QSpinBox *watchNumber() const { return m_watchId; }

    // What the player chose, once the dialog is accepted.
    [[nodiscard]] Choice choice() const { return m_choice; }
    [[nodiscard]] int gameId() const { return m_gameId; } // Join, Watch
    [[nodiscard]] const std::optional<GameSetup> &createdSetup() const { return m_setup; }
    [[nodiscard]] const std::optional<Fleet> &joinFleet() const { return m_fleet; }
    [[nodiscard]] QString joinName() const { return m_joinName; }

    // The choices the buttons make after their dialogs (tests call them directly).
    void chooseCreate(const GameSetup &setup);
    void chooseJoin(int id, const QString &name, const Fleet &fleet);
    void chooseWatch(int id);

    static constexpr int kRefreshMs = 3000;

Q_SIGNALS:
    void listed(); // an answer (games, or an error) came

private:
    void showGames(const std::vector<net::ClubGameInfo> &games);
    void showError(const QString &why);
    void updateButtons();
    void createGame();
    void joinGame();

    const UnitDatabase &m_db;
    std::optional<Fleet> m_builderFleet;
    QLineEdit *m_address = nullptr;
    QSpinBox *m_port = nullptr;
    QLineEdit *m_name = nullptr;
    QPushButton *m_connect = nullptr;
    QLabel *m_status = nullptr;
    QTreeWidget *m_list = nullptr;
    QPushButton *m_create = nullptr;
    QPushButton *m_join = nullptr;
    QPushButton *m_watch = nullptr;
    QSpinBox *m_watchId = nullptr;
    QTimer *m_timer = nullptr;
    QWidget *m_seatRow = nullptr;
    QLabel *m_seatText = nullptr;
    QPushButton *m_resume = nullptr;
    std::optional<NetGame::ClubSeat> m_seat;
    QPointer<net::ClubClient> m_listing; // the list asked for, not answered yet
    bool m_connected = false;
    std::vector<net::ClubGameInfo> m_games;
    Choice m_choice = Choice::None;
    int m_gameId = 0;
    std::optional<GameSetup> m_setup;
    std::optional<Fleet> m_fleet;
    QString m_joinName;
};

// A spectator of a club game (Watch): the public events of its agreed commands, as the
// server sends them (after its spectator delay), until the game ends. The server sends a
// spectator only the events (no board), so they are listed here.
class ClubWatchWindow : public QDialog
{
    Q_OBJECT
public:
    ClubWatchWindow(const QString &address, quint16 port, int id, QWidget *parent = nullptr);
    [[nodiscard]] QListWidget *events() const { return m_events; }
    [[nodiscard]] QLabel *statusLabel() const { return m_status; }
    [[nodiscard]] bool ended() const { return m_ended; }

Q_SIGNALS:
    void eventShown();
    void watchEnded(); // the game ended, or the connection failed

private:
    QLabel *m_status = nullptr;
    QListWidget *m_events = nullptr;
    net::ClubClient *m_client = nullptr;
    bool m_ended = false;
};

} // namespace jw
