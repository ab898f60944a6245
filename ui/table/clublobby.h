// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/gamesetup.h"
#include "fleet/fleet.h"
#include "net/protocol.h"
#include "table/netgame.h"

#include <QDialog>
#include <QJsonObject>
#include <QPointer>

#include <memory>

#include <optional>

class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSpinBox;
class QTimer;
class QTreeWidget;

namespace jw {

class Engine;
class TableScene;
class TableView;
class UnitDatabase;

namespace net {
class ClubClient;
}

// Game › Connect to Club Server… (docs/network.md): the server's address and port and the
// player's name (remembered), then the server's games, kept up to date while the dialog is
// open (the server announces its changes; an older one is asked again every few seconds): the open
// ones (to join), those under way (players, fleets, turn, spectators: to watch) and the paused ones
// (their players take their seats again). Create Game (New Game's fields, ClubCreateDialog), Join
// the selected open game (name and fleet, ClubJoinDialog) or Watch a game under way (selected, or
// by its number). The dialog closes with the player's choice; the table (NetTable) plays it. Errors
// (no server there, refused, another program) are shown in the dialog.
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

    // Asks the server for its games and to announce their changes (club-list with `watch`);
    // a server that does not is asked again every kRefreshMs (Connect, and the timer).
    void refresh();
    // Whether the server announces its changes (no asking again): pushed listings.
    [[nodiscard]] bool pushed() const { return m_pushed; }
    void done(int result) override;
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
    // The list's columns.
    static constexpr int kStatusColumn = 1;
    static constexpr int kPlayersColumn = 2;
    static constexpr int kFleetsColumn = 3;
    static constexpr int kScenarioColumn = 4;
    static constexpr int kRulesColumn = 5;
    static constexpr int kTurnColumn = 6;
    static constexpr int kSpectatorsColumn = 7;
    // Whether the server listed its games under way too (an older one lists only the open).
    [[nodiscard]] bool listedAll() const { return m_listedAll; }

    // The connection lost (the server stopped or restarted) after the lobby was connected:
    // the lobby connects again by itself, after 1 s, then 2, 4, 8… seconds (at most
    // kMaxRetrySeconds) until the server answers; Connect Now tries at once, Stop gives up
    // (Connect starts again). A first Connect that fails is not tried again: the address may
    // be wrong.
    [[nodiscard]] bool retrying() const { return m_retryDelay > 0; }
    [[nodiscard]] int retryDelay() const { return m_retryDelay; } // seconds; 0: not retrying
    [[nodiscard]] int retryIn() const { return m_retryLeft; } // seconds to the next try
    [[nodiscard]] QPushButton *retryNowButton() const { return m_retryNow; }
    [[nodiscard]] QPushButton *retryStopButton() const { return m_retryStop; }
    void retryNow();
    void stopRetrying();
    static constexpr int kFirstRetrySeconds = net::kFirstRetrySeconds;
    static constexpr int kMaxRetrySeconds = net::kMaxRetrySeconds;

Q_SIGNALS:
    void listed(); // an answer (games, or an error) came

private:
    void showGames(const std::vector<net::ClubGameInfo> &games);
    void dropListing();
    // While a dialog of the lobby is open (Create, Join), the list does not change behind it:
    // a listing that comes is shown after it.
    void holdListing(bool hold);
    void showError(const QString &why);
    // A question failed: after a connection, the lobby tries again by itself.
    void onFailed(const QString &why);
    void connectionLost(const QString &why);
    void showRetry();
    void endRetry(); // the retry row hidden, the next loss starts again at 1 s
    void updateButtons();
    void createGame();
    void joinGame();
    // A double click: Join an open game, Watch one under way, take this computer's seat again
    // in its paused game.
    void activateGame();
    void showSeat();
    [[nodiscard]] const net::ClubGameInfo *selectedGame() const;
    [[nodiscard]] bool isSavedSeat(const net::ClubGameInfo &g) const;
    [[nodiscard]] static int statusRank(const net::ClubGameInfo &g); // open, under way, paused

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
    QPushButton *m_retryNow = nullptr;
    QPushButton *m_retryStop = nullptr;
    QTimer *m_retryTimer = nullptr; // each second while waiting to try again
    int m_retryDelay = 0; // the last wait (s); 0: not retrying
    int m_retryLeft = 0; // seconds to the next try; 0: trying now
    QString m_lostWhy;
    QWidget *m_seatRow = nullptr;
    QLabel *m_seatText = nullptr;
    QPushButton *m_resume = nullptr;
    std::optional<NetGame::ClubSeat> m_seat;
    QPointer<net::ClubClient> m_listing; // the list asked for, not answered yet
    bool m_connected = false;
    bool m_listedAll = false;
    bool m_pushed = false;
    bool m_hold = false;
    std::optional<std::vector<net::ClubGameInfo>> m_held;
    std::vector<net::ClubGameInfo> m_games;
    Choice m_choice = Choice::None;
    int m_gameId = 0;
    std::optional<GameSetup> m_setup;
    std::optional<Fleet> m_fleet;
    QString m_joinName;
};

// A spectator of a club game (Watch): its table as it goes (the models moving, their
// damage), read-only, and the public events of its agreed commands, as the server sends them
// (after its spectator delay), until the game ends. Public information only: the server sends
// the board (club-board, net::publicBoard) without the models either player keeps secret
// (v1.2.4). Nothing here sends a command: a spectator only watches. An older server sends no
// board: the events alone are shown.
class ClubWatchWindow : public QDialog
{
    Q_OBJECT
public:
    ClubWatchWindow(const QString &address, quint16 port, int id, QWidget *parent = nullptr);
    ~ClubWatchWindow() override;
    [[nodiscard]] QListWidget *events() const { return m_events; }
    [[nodiscard]] QLabel *statusLabel() const { return m_status; }
    [[nodiscard]] QLabel *boardLabel() const { return m_boardLabel; }
    [[nodiscard]] bool ended() const { return m_ended; }
    // The table shown (read-only), and the board's state and command (-1: no board yet).
    [[nodiscard]] TableScene *scene() const { return m_scene; }
    [[nodiscard]] TableView *view() const { return m_view; }
    [[nodiscard]] const GameState &boardState() const { return m_state; }
    [[nodiscard]] int boardSeq() const { return m_boardSeq; }
    [[nodiscard]] const Engine *boardEngine() const { return m_engine.get(); }

Q_SIGNALS:
    void eventShown();
    void boardShown();
    void watchEnded(); // the game ended, or the connection failed

private:
    void showBoard(int seq, const QJsonObject &board);

    QString m_address;
    int m_id = 0;
    QLabel *m_status = nullptr;
    QLabel *m_boardLabel = nullptr;
    QListWidget *m_events = nullptr;
    TableScene *m_scene = nullptr;
    TableView *m_view = nullptr;
    std::unique_ptr<Engine> m_engine;
    GameState m_state;
    int m_boardSeq = -1;
    net::ClubClient *m_client = nullptr;
    bool m_ended = false;
};

} // namespace jw
