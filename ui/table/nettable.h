// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fleet/fleet.h"

#include <QObject>

#include <functional>

class QAction;
class QDockWidget;
class QLabel;
class QPushButton;
class QWidget;

namespace jw {

class ChatPanel;
class GameTable;
class NetGame;
class UnitDatabase;

// Network play on the game table (docs/network.md): Game › Host Network Game… and Join
// Network Game…, the banner above the table (connecting, whose turn, paused with Reconnect,
// stopped with why, Leave), and the Chat dock beside the game log. The NetGame does the
// playing; GameWindow locks the table while it waits.
class NetTable : public QObject
{
    Q_OBJECT
public:
    NetTable(GameTable *table, const UnitDatabase &db, std::function<Fleet()> builderFleet);

    [[nodiscard]] NetGame *net() const { return m_net; }
    [[nodiscard]] QWidget *banner() const { return m_banner; }
    [[nodiscard]] QLabel *bannerText() const { return m_bannerText; }
    [[nodiscard]] QPushButton *reconnectButton() const { return m_reconnect; }
    [[nodiscard]] QPushButton *acceptButton() const { return m_accept; }
    // Shown when a game played over the network is opened (Open Game): resume it.
    [[nodiscard]] QPushButton *resumeOfferButton() const { return m_offer; }
    [[nodiscard]] ChatPanel *chat() const { return m_chat; }
    [[nodiscard]] QDockWidget *chatDock() const { return m_chatDock; }
    [[nodiscard]] QAction *hostAction() const { return m_hostAction; }
    [[nodiscard]] QAction *joinAction() const { return m_joinAction; }
    [[nodiscard]] QAction *clubAction() const { return m_clubAction; }
    [[nodiscard]] QAction *resumeAction() const { return m_resumeAction; }

    // The dialogs, then the game (Game › Host / Join Network Game…).
    void hostGame();
    void joinGame();
    // Game › Connect to Club Server…: the lobby, then the game it chose (created, joined or
    // watched).
    void connectToClub();
    // Game › Resume Network Game…: a saved game between two computers (the file, then
    // ResumeNetworkDialog: our side, host or join), resumed with the other player.
    void resumeGame();
    void resumeFrom(const QString &path);

private:
    void update();
    void showTable();

    GameTable *m_table;
    const UnitDatabase &m_db;
    std::function<Fleet()> m_builderFleet;
    NetGame *m_net;
    QWidget *m_banner = nullptr;
    QLabel *m_bannerText = nullptr;
    QPushButton *m_reconnect = nullptr;
    QPushButton *m_accept = nullptr; // the joiner: the host's game offered
    QPushButton *m_leave = nullptr;
    QPushButton *m_offer = nullptr;
    QString m_offerPath; // an opened game played over the network, offered to resume
    ChatPanel *m_chat = nullptr;
    QDockWidget *m_chatDock = nullptr;
    QAction *m_hostAction = nullptr;
    QAction *m_joinAction = nullptr;
    QAction *m_clubAction = nullptr;
    QAction *m_resumeAction = nullptr;
    bool m_chatShown = false; // the dock shown once for this game (then the player's choice)
};

} // namespace jw
