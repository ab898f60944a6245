// SPDX-License-Identifier: GPL-3.0-or-later
#include "table/nettable.h"

#include "engine/gamefile.h"
#include "table/chatpanel.h"
#include "table/clublobby.h"
#include "table/gamecontroller.h"
#include "table/gametable.h"
#include "table/gamewindow.h"
#include "table/netdialogs.h"
#include "table/netgame.h"
#include "theme.h"

#include <QAction>
#include <QBoxLayout>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QSettings>
#include <QTabWidget>
#include <QTimer>

#include <utility>

namespace jw {

NetTable::NetTable(GameTable *table, const UnitDatabase &db, std::function<Fleet()> builderFleet)
    : QObject(table)
    , m_table(table)
    , m_db(db)
    , m_builderFleet(std::move(builderFleet))
    , m_net(new NetGame(table->controller(), this))
{
    // The banner above the table, in the theme's colours like the resume banner.
    m_banner = new QWidget;
    m_banner->setObjectName(QStringLiteral("netBanner"));
    m_banner->setAttribute(Qt::WA_StyledBackground);
    theme::setPaletteStyleSheet(
        m_banner,
        QStringLiteral("#netBanner { background: palette(alternate-base); border-left: 4px solid "
                       "palette(highlight); border-bottom: 1px solid palette(mid); }"));
    auto *bl = new QHBoxLayout(m_banner);
    m_bannerText = new QLabel;
    m_bannerText->setObjectName(QStringLiteral("netStatus"));
    m_bannerText->setWordWrap(true);
    m_bannerText->setTextFormat(Qt::PlainText);
    m_bannerText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    bl->addWidget(m_bannerText, 1);
    m_reconnect = new QPushButton(tr("Reconnect"));
    m_reconnect->setObjectName(QStringLiteral("netReconnect"));
    connect(m_reconnect, &QPushButton::clicked, m_net, &NetGame::reconnect);
    m_leave = new QPushButton(tr("Leave Network Game"));
    m_leave->setObjectName(QStringLiteral("netLeave"));
    m_leave->setToolTip(tr("End the network game; the game stays on the table (save it to keep "
                           "it)."));
    connect(m_leave, &QPushButton::clicked, this, [this] {
        if (!m_net->active() && !m_offerPath.isEmpty()) { // the offer dismissed
            m_offerPath.clear();
            return update();
        }
        if (m_net->stage() == NetGame::Stage::Offered)
            return m_net->declineOffer();
        m_net->leave();
    });
    // The joiner: the host's game shown before it begins.
    m_accept = new QPushButton(tr("Accept Game"));
    m_accept->setObjectName(QStringLiteral("netAccept"));
    m_accept->setToolTip(tr("Play this game: the host's scenario, rules and fleet against yours."));
    connect(m_accept, &QPushButton::clicked, m_net, &NetGame::acceptOffer);
    // A game played over the network, opened with Open Game: offered to resume with the other
    // player (Resume Network Game… with this file).
    m_offer = new QPushButton(tr("Resume over the Network…"));
    m_offer->setObjectName(QStringLiteral("netResumeOffer"));
    m_offer->setToolTip(tr("Go on with this game with the other player: one computer hosts, "
                           "the other joins, each with the game it saved."));
    connect(m_offer, &QPushButton::clicked, this, [this] {
        const QString path = std::exchange(m_offerPath, QString());
        update();
        resumeFrom(path);
    });
    bl->addWidget(m_offer);
    bl->addWidget(m_accept);
    bl->addWidget(m_reconnect);
    bl->addWidget(m_leave);
    if (auto *l = qobject_cast<QBoxLayout *>(table->tab()->layout()))
        l->insertWidget(1, m_banner); // under the resume banner, above the table
    m_banner->hide();

    // The chat, beside the game log.
    GameWindow *window = table->gameWindow();
    m_chat = new ChatPanel;
    m_chatDock = new QDockWidget(tr("Chat"), window);
    m_chatDock->setObjectName(QStringLiteral("chat"));
    m_chatDock->setWidget(m_chat);
    window->addDockWidget(Qt::BottomDockWidgetArea, m_chatDock);
    if (auto *log = window->findChild<QDockWidget *>(QStringLiteral("log")))
        window->splitDockWidget(log, m_chatDock, Qt::Horizontal);
    m_chatDock->hide();
    connect(m_chat, &ChatPanel::sendRequested, m_net, &NetGame::sendChat);
    connect(m_net, &NetGame::chat, m_chat, &ChatPanel::addMessage);
    connect(m_net, &NetGame::note, this, [this, window](const QString &text) {
        m_chat->addNote(text);
        window->addLogNote(text);
    });
    window->setNetGame(m_net);

    // In the Game menu, after Open Game….
    QMenu *menu = table->menu();
    QAction *before = nullptr;
    const QList<QAction *> actions = menu->actions();
    for (int i = 0; i + 1 < actions.size(); ++i)
        if (actions[i]->text() == GameTable::tr("&Open Game…"))
            before = actions[i + 1];
    m_hostAction = new QAction(tr("&Host Network Game…"), this);
    m_hostAction->setObjectName(QStringLiteral("hostNetworkGame"));
    m_hostAction->setStatusTip(
        tr("Play with a friend at another computer: choose your fleet and the game, then wait "
           "for them to join."));
    connect(m_hostAction, &QAction::triggered, this, &NetTable::hostGame);
    m_joinAction = new QAction(tr("&Join Network Game…"), this);
    m_joinAction->setObjectName(QStringLiteral("joinNetworkGame"));
    m_joinAction->setStatusTip(
        tr("Join the game a friend hosts: their address and port, and your fleet."));
    connect(m_joinAction, &QAction::triggered, this, &NetTable::joinGame);
    m_clubAction = new QAction(tr("Connect to Club Ser&ver…"), this);
    m_clubAction->setObjectName(QStringLiteral("connectToClubServer"));
    m_clubAction->setStatusTip(tr("Play or watch games on your club's server (jwfleet-server): "
                                  "its open games, create one or join one."));
    connect(m_clubAction, &QAction::triggered, this, &NetTable::connectToClub);
    // No mnemonic: while it is untranslated, none of its letters is free in the Game menu in
    // English, German and French alike (tst_help); a translation may give it one.
    m_resumeAction = new QAction(tr("Resume Network Game…"), this);
    m_resumeAction->setObjectName(QStringLiteral("resumeNetworkGame"));
    m_resumeAction->setStatusTip(tr("Go on with a network game another day: open the game this "
                                    "computer saved; the other player does the same."));
    connect(m_resumeAction, &QAction::triggered, this, &NetTable::resumeGame);
    menu->insertAction(before, m_hostAction);
    menu->insertAction(before, m_joinAction);
    menu->insertAction(before, m_resumeAction);
    menu->insertAction(before, m_clubAction);

    connect(m_net, &NetGame::changed, this, &NetTable::update);
    connect(table->controller(), &GameController::gameStarted, this, [this] {
        m_offerPath.clear();
        GameController *c = m_table->controller();
        const Game *g = c->game();
        if (!m_net->active() && g && !g->diceExchanges().empty() && g->state().phase != Phase::Over
            && !c->filePath().isEmpty())
            m_offerPath = c->filePath();
        update();
    });
    update();
}

void NetTable::update()
{
    const bool active = m_net->active();
    const bool offer = !active && !m_offerPath.isEmpty();
    m_banner->setVisible(active || offer);
    m_offer->setVisible(offer);
    if (offer) {
        const GameSetup &setup = m_table->controller()->game()->setup();
        const std::optional<Game::NetworkSeat> &seat = m_table->controller()->game()->network();
        m_bannerText->setText(
            seat ? tr("%1 was played over the network (%2 vs %3); you played %4. To go on with "
                      "it together, each player opens the game their computer saved (Resume "
                      "over the Network…).")
                       .arg(QFileInfo(m_offerPath).fileName(), setup.players[0].name,
                            setup.players[1].name,
                            setup.players[std::size_t(seat->localPlayer)].name)
                 : tr("%1 was played over the network (%2 vs %3). To go on with it together, "
                      "each player opens the game their computer saved (Resume over the "
                      "Network…).")
                       .arg(QFileInfo(m_offerPath).fileName(), setup.players[0].name,
                            setup.players[1].name));
        m_reconnect->hide();
        m_accept->hide();
        m_leave->setText(tr("Dismiss"));
        return;
    }
    m_bannerText->setText(m_net->statusText());
    m_reconnect->setVisible(m_net->canReconnect());
    const NetGame::Stage stage = m_net->stage();
    m_accept->setVisible(stage == NetGame::Stage::Offered);
    m_leave->setText(stage == NetGame::Stage::Offered ? tr("Decline")
                         : stage == NetGame::Stage::Hosting || stage == NetGame::Stage::Joining
                         ? tr("Cancel")
                         : stage == NetGame::Stage::Over || stage == NetGame::Stage::Stopped
                         ? tr("Close")
                         : tr("Leave Network Game"));
    if (active && !m_chatShown) {
        m_chatShown = true;
        m_chatDock->show();
    }
    if (!active)
        m_chatShown = false;
}

void NetTable::hostGame()
{
    QWidget *parent = m_table->tab()->window();
    auto *d = new HostNetworkDialog(m_db, parent);
    if (m_builderFleet)
        d->setBuilderFleet(m_builderFleet());
    QSettings settings;
    d->setPort(quint16(settings.value(QStringLiteral("network/port"), kDefaultNetPort).toUInt()));
    if (d->exec() != QDialog::Accepted) {
        d->deleteLater();
        return;
    }
    settings.setValue(QStringLiteral("network/port"), d->port());
    m_chat->clear();
    QString error;
    // The dialog, kept hidden, makes the game when the friend's fleet comes.
    const bool ok = m_net->host(
        d->port(),
        [d = QPointer<HostNetworkDialog>(d)](const QString &name, const Fleet &fleet,
                                             QString *why) -> std::optional<GameSetup> {
            if (!d) {
                *why = tr("the host no longer offers this game");
                return std::nullopt;
            }
            return d->setupFor(name, fleet, why);
        },
        &error);
    if (!ok) {
        d->deleteLater();
        QMessageBox::warning(parent, tr("Host Network Game"), error);
        return;
    }
    // The dialog, hidden, lives while the game may still be made.
    connect(m_net, &NetGame::changed, d, [this, d] {
        if (m_net->stage() != NetGame::Stage::Hosting)
            d->deleteLater();
    });
    showTable();
}

void NetTable::showTable()
{
    QWidget *stack = m_table->tab()->parentWidget();
    if (auto *tabs = qobject_cast<QTabWidget *>(stack ? stack->parentWidget() : nullptr))
        tabs->setCurrentWidget(m_table->tab());
}

void NetTable::joinGame()
{
    QWidget *parent = m_table->tab()->window();
    JoinNetworkDialog d(m_db, parent);
    if (m_builderFleet)
        d.setBuilderFleet(m_builderFleet());
    QSettings settings;
    d.setAddress(settings.value(QStringLiteral("network/address")).toString());
    d.setPort(quint16(settings.value(QStringLiteral("network/port"), kDefaultNetPort).toUInt()));
    const QString name = settings.value(QStringLiteral("network/name")).toString();
    if (!name.isEmpty())
        d.setPlayerName(1, name);
    if (d.exec() != QDialog::Accepted || !d.fleet(1))
        return;
    settings.setValue(QStringLiteral("network/address"), d.address());
    settings.setValue(QStringLiteral("network/port"), d.port());
    settings.setValue(QStringLiteral("network/name"), d.playerName(1));
    m_chat->clear();
    m_net->join(d.address(), d.port(), d.playerName(1), *d.fleet(1), &m_db);
    showTable();
}

void NetTable::connectToClub()
{
    QWidget *parent = m_table->tab()->window();
    ClubLobbyDialog d(m_db, parent);
    if (m_builderFleet)
        d.setBuilderFleet(m_builderFleet());
    d.loadSettings();
    if (GameController::hasAutosave(NetGame::kAutosaveName))
        d.setSavedSeat(NetGame::savedClubSeat());
    if (!d.address().isEmpty())
        QTimer::singleShot(0, &d, &ClubLobbyDialog::refresh);
    if (d.exec() != QDialog::Accepted)
        return;
    switch (d.choice()) {
    case ClubLobbyDialog::Choice::None:
        return;
    case ClubLobbyDialog::Choice::Create:
        m_chat->clear();
        m_net->clubCreate(d.address(), d.port(), *d.createdSetup());
        showTable();
        return;
    case ClubLobbyDialog::Choice::Join:
        m_chat->clear();
        m_net->clubJoin(d.address(), d.port(), d.gameId(), d.joinName(), *d.joinFleet());
        showTable();
        return;
    case ClubLobbyDialog::Choice::Resume: {
        const GameFile::Loaded saved
            = GameFile::read(GameController::autosavePath(NetGame::kAutosaveName));
        if (!saved.game) {
            QMessageBox::warning(
                parent, tr("Club Server"),
                tr("The game this computer saved cannot be read: %1").arg(saved.localError()));
            return;
        }
        m_chat->clear();
        m_net->clubResume(*d.savedSeat(), GameController::autosavePath(NetGame::kAutosaveName));
        showTable();
        return;
    }
    case ClubLobbyDialog::Choice::Watch: {
        auto *w = new ClubWatchWindow(d.address(), d.port(), d.gameId(), parent);
        w->show();
        return;
    }
    }
}

void NetTable::resumeGame()
{
    QWidget *parent = m_table->tab()->window();
    const QString autosave = GameController::autosavePath(NetGame::kAutosaveName);
    const QString path = QFileDialog::getOpenFileName(
        parent, tr("Resume Network Game"), QFileInfo::exists(autosave) ? autosave : QString(),
        tr("Saved games (*.%1)").arg(GameFile::kSuffix));
    if (!path.isEmpty())
        resumeFrom(path);
}

void NetTable::resumeFrom(const QString &path)
{
    QWidget *parent = m_table->tab()->window();
    const GameFile::Loaded saved = GameFile::read(path);
    if (!saved.game) {
        QMessageBox::warning(parent, tr("Resume Network Game"), saved.localError());
        return;
    }
    if (saved.game->diceExchanges().empty()) {
        QMessageBox::warning(parent, tr("Resume Network Game"),
                             tr("%1 was not played over the network (its dice were not rolled "
                                "by both computers): open it with Game › Open Game….")
                                 .arg(QFileInfo(path).fileName()));
        return;
    }
    if (saved.game->state().phase == Phase::Over) {
        QMessageBox::information(
            parent, tr("Resume Network Game"),
            tr("The game in %1 is over: nothing to resume.").arg(QFileInfo(path).fileName()));
        return;
    }
    QSettings settings;
    ResumeNetworkDialog d(*saved.game, path, parent);
    const std::optional<Game::NetworkSeat> &seat = saved.game->network();
    // The file's own connection first (the port it used, the host's address it joined).
    if (!seat || seat->host)
        d.setAddress(settings.value(QStringLiteral("network/address")).toString());
    if (!seat || seat->port == 0)
        d.setPort(
            quint16(settings.value(QStringLiteral("network/port"), kDefaultNetPort).toUInt()));
    if (d.exec() != QDialog::Accepted)
        return;
    settings.setValue(QStringLiteral("network/port"), d.port());
    m_chat->clear();
    m_offerPath.clear();
    if (d.hosting()) {
        QString error;
        if (!m_net->resumeHost(path, d.side(), d.port(), &error)) {
            QMessageBox::warning(parent, tr("Resume Network Game"), error);
            return;
        }
    } else {
        settings.setValue(QStringLiteral("network/address"), d.address());
        m_net->resumeJoin(path, d.side(), d.address(), d.port());
    }
    showTable();
}

} // namespace jw
