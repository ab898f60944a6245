// SPDX-License-Identifier: GPL-3.0-or-later
#include "table/clublobby.h"

#include "engine/engine.h"
#include "engine/scenario.h"
#include "net/clubclient.h"
#include "net/spectatorboard.h"
#include "table/netdialogs.h"
#include "table/tablescene.h"
#include "table/tableterms.h"
#include "table/tableview.h"

#include <QBoxLayout>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGuiApplication>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QTime>
#include <QTimer>
#include <QTreeWidget>

#include <algorithm>

namespace jw {

namespace {

const QString kAddressKey = QStringLiteral("club/address");
const QString kPortKey = QStringLiteral("club/port");
const QString kNameKey = QStringLiteral("club/name");

QString scenarioName(const QString &id)
{
    static const ScenarioLibrary shipped = ScenarioLibrary::loadShipped();
    const Scenario *sc = shipped.byId(id);
    return sc ? sc->name : id;
}

} // namespace

ClubLobbyDialog::ClubLobbyDialog(const UnitDatabase &db, QWidget *parent)
    : QDialog(parent)
    , m_db(db)
{
    setWindowTitle(tr("Club Server"));
    setObjectName(QStringLiteral("clubLobby"));
    auto *layout = new QVBoxLayout(this);

    auto *form = new QFormLayout;
    auto *serverRow = new QHBoxLayout;
    m_address = new QLineEdit;
    m_address->setObjectName(QStringLiteral("clubAddress"));
    m_address->setPlaceholderText(tr("e.g. club.example.org or 192.168.1.20"));
    m_address->setMaxLength(255);
    serverRow->addWidget(m_address, 1);
    auto *portLabel = new QLabel(tr("Port:"));
    serverRow->addWidget(portLabel);
    m_port = new QSpinBox;
    m_port->setObjectName(QStringLiteral("clubPort"));
    m_port->setRange(1, 65535);
    m_port->setValue(kDefaultClubPort);
    m_port->setGroupSeparatorShown(false);
    serverRow->addWidget(m_port);
    portLabel->setBuddy(m_port); // its name for a screen reader
    m_connect = new QPushButton(tr("C&onnect"));
    m_connect->setObjectName(QStringLiteral("clubConnect"));
    serverRow->addWidget(m_connect);
    auto *serverLabel = new QLabel(tr("Server:"));
    serverLabel->setBuddy(m_address);
    form->addRow(serverLabel, serverRow);
    m_name = new QLineEdit;
    m_name->setObjectName(QStringLiteral("clubName"));
    m_name->setMaxLength(net::kMaxNameChars);
    m_name->setPlaceholderText(tr("Your name at the club"));
    form->addRow(tr("Your name:"), m_name);
    layout->addLayout(form);

    m_seatRow = new QWidget;
    auto *seatLayout = new QHBoxLayout(m_seatRow);
    seatLayout->setContentsMargins(0, 0, 0, 0);
    m_seatText = new QLabel;
    m_seatText->setObjectName(QStringLiteral("clubSeat"));
    m_seatText->setWordWrap(true);
    m_seatText->setTextFormat(Qt::PlainText);
    seatLayout->addWidget(m_seatText, 1);
    m_resume = new QPushButton(tr("&Take Your Seat Again"));
    m_resume->setObjectName(QStringLiteral("clubResume"));
    m_resume->setToolTip(tr("Go back to your club game where both players last agreed, with the "
                            "game this computer saved."));
    connect(m_resume, &QPushButton::clicked, this, [this] {
        if (m_seat) {
            m_choice = Choice::Resume;
            accept();
        }
    });
    seatLayout->addWidget(m_resume);
    layout->addWidget(m_seatRow);
    m_seatRow->hide();

    m_status = new QLabel(tr("Type the club server's address and connect."));
    m_status->setObjectName(QStringLiteral("clubStatus"));
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *statusRow = new QHBoxLayout;
    statusRow->addWidget(m_status, 1);
    m_retryNow = new QPushButton(tr("Connect &Now"));
    m_retryNow->setObjectName(QStringLiteral("clubRetryNow"));
    m_retryNow->setToolTip(tr("Try to reach the club server at once."));
    m_retryStop = new QPushButton(tr("&Stop"));
    m_retryStop->setObjectName(QStringLiteral("clubRetryStop"));
    m_retryStop->setToolTip(tr("Stop trying to reach the club server (Connect tries again)."));
    statusRow->addWidget(m_retryNow, 0, Qt::AlignTop);
    statusRow->addWidget(m_retryStop, 0, Qt::AlignTop);
    m_retryNow->hide();
    m_retryStop->hide();
    layout->addLayout(statusRow);

    m_list = new QTreeWidget;
    m_list->setObjectName(QStringLiteral("clubGames"));
    m_list->setRootIsDecorated(false);
    m_list->setAllColumnsShowFocus(true);
    m_list->setHeaderLabels({tr("Game"), tr("Status"), tr("Players"), tr("Fleets"), tr("Scenario"),
                             tr("Rules"), tr("Turn"), tr("Spectators")});
    m_list->setAccessibleName(tr("The club's games"));
    m_list->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_list->header()->setStretchLastSection(false);
    m_list->header()->setSectionResizeMode(kFleetsColumn, QHeaderView::Stretch);
    m_list->headerItem()->setToolTip(kSpectatorsColumn, tr("How many watch the game"));
    m_list->setMinimumHeight(160);
    layout->addWidget(m_list, 1);

    auto *buttons = new QHBoxLayout;
    m_create = new QPushButton(tr("&Create Game…"));
    m_create->setObjectName(QStringLiteral("clubCreate"));
    m_create->setToolTip(tr("Offer a game on the server: your fleet, the scenario and the rules; "
                            "the first player who joins plays it with you."));
    m_join = new QPushButton(tr("&Join Game…"));
    m_join->setObjectName(QStringLiteral("clubJoin"));
    m_join->setToolTip(tr("Play the selected open game: choose your fleet."));
    m_join->setStatusTip(m_join->toolTip());
    buttons->addWidget(m_create);
    buttons->addWidget(m_join);
    buttons->addStretch(1);
    auto *watchLabel = new QLabel(tr("Game under way:"));
    buttons->addWidget(watchLabel);
    m_watchId = new QSpinBox;
    m_watchId->setObjectName(QStringLiteral("clubWatchId"));
    m_watchId->setRange(1, 100'000'000);
    m_watchId->setGroupSeparatorShown(false);
    m_watchId->setAccessibleName(tr("Number of the game to watch"));
    watchLabel->setBuddy(m_watchId);
    buttons->addWidget(m_watchId);
    m_watch = new QPushButton(tr("&Watch"));
    m_watch->setObjectName(QStringLiteral("clubWatch"));
    m_watch->setToolTip(tr("Follow a game under way as a spectator: its table and its public "
                           "events, as late as the server holds them back. Select the game in "
                           "the list, or type its number."));
    buttons->addWidget(m_watch);
    layout->addLayout(buttons);

    auto *box = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(box, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(box);

    m_timer = new QTimer(this);
    m_timer->setInterval(kRefreshMs);
    connect(m_timer, &QTimer::timeout, this, &ClubLobbyDialog::refresh);
    m_retryTimer = new QTimer(this);
    m_retryTimer->setInterval(1000);
    connect(m_retryTimer, &QTimer::timeout, this, [this] {
        if (--m_retryLeft <= 0)
            retryNow();
        else
            showRetry();
    });
    connect(m_retryNow, &QPushButton::clicked, this, &ClubLobbyDialog::retryNow);
    connect(m_retryStop, &QPushButton::clicked, this, &ClubLobbyDialog::stopRetrying);
    connect(m_connect, &QPushButton::clicked, this, [this] {
        endRetry(); // a fresh start: a failure now is shown, not tried again
        dropListing(); // another server, or the same again: the old question is dropped
        m_connected = false;
        m_list->clear();
        m_games.clear();
        refresh();
    });
    connect(m_address, &QLineEdit::returnPressed, m_connect, &QPushButton::click);
    connect(m_create, &QPushButton::clicked, this, &ClubLobbyDialog::createGame);
    connect(m_join, &QPushButton::clicked, this, &ClubLobbyDialog::joinGame);
    connect(m_list, &QTreeWidget::itemDoubleClicked, this, &ClubLobbyDialog::activateGame);
    connect(m_list, &QTreeWidget::itemSelectionChanged, this, [this] {
        // A game under way selected: Watch watches it.
        if (const net::ClubGameInfo *g = selectedGame(); g && (g->playing || g->paused))
            m_watchId->setValue(g->id);
        updateButtons();
    });
    connect(m_watch, &QPushButton::clicked, this, [this] { chooseWatch(m_watchId->value()); });
    connect(m_name, &QLineEdit::textChanged, this, &ClubLobbyDialog::updateButtons);
    resize(900, 460);
    updateButtons();
}

ClubLobbyDialog::~ClubLobbyDialog() = default;

void ClubLobbyDialog::loadSettings()
{
    QSettings s;
    m_address->setText(s.value(kAddressKey).toString());
    m_port->setValue(int(s.value(kPortKey, kDefaultClubPort).toUInt()));
    m_name->setText(s.value(kNameKey, s.value(QStringLiteral("network/name"))).toString());
}

void ClubLobbyDialog::setSavedSeat(const std::optional<NetGame::ClubSeat> &seat)
{
    m_seat = seat;
    m_seatRow->setVisible(seat.has_value());
    showSeat();
}

void ClubLobbyDialog::setServer(const QString &address, quint16 port)
{
    m_address->setText(address);
    m_port->setValue(port);
}

void ClubLobbyDialog::setPlayerName(const QString &name)
{
    m_name->setText(name);
}

QString ClubLobbyDialog::address() const
{
    return m_address->text().trimmed();
}

quint16 ClubLobbyDialog::port() const
{
    return quint16(m_port->value());
}

QString ClubLobbyDialog::playerName() const
{
    return m_name->text().trimmed();
}

void ClubLobbyDialog::refresh()
{
    if (m_listing)
        return; // the last question is not answered yet
    if (address().isEmpty() || address().contains(QLatin1Char(' '))) {
        showError(tr("Type the address of the club server."));
        m_address->setFocus();
        return;
    }
    if (!m_connected && !retrying())
        m_status->setText(tr("Connecting to %1, port %2…").arg(address()).arg(port()));
    auto *client = new net::ClubClient(this);
    m_listing = client;
    connect(client, &net::ClubClient::games, this,
            [this, client](const std::vector<net::ClubGameInfo> &games) {
                // A server that announces its changes keeps the connection (and m_listing):
                // no more asking every few seconds.
                m_pushed = client->watchingLobby();
                if (!m_pushed)
                    client->deleteLater();
                m_listedAll = client->listedAll();
                if (m_hold) // a dialog of the lobby is open: the list changes after it
                    m_held = games;
                else
                    showGames(games);
            });
    connect(client, &net::ClubClient::failed, this,
            [this, client](const QString &, const QString &why) {
                client->deleteLater();
                if (m_listing == client)
                    m_listing = nullptr;
                m_pushed = false;
                onFailed(why);
            });
    client->watchLobby(address(), port(), true);
}

void ClubLobbyDialog::onFailed(const QString &why)
{
    if (m_connected || retrying())
        connectionLost(why);
    else
        showError(why);
}

void ClubLobbyDialog::connectionLost(const QString &why)
{
    m_connected = false;
    m_timer->stop();
    m_lostWhy = why;
    m_retryDelay = net::nextRetrySeconds(m_retryDelay);
    m_retryLeft = m_retryDelay;
    m_retryTimer->start();
    m_list->setEnabled(false); // the games as they were: not to join or watch now
    showRetry();
    updateButtons();
    Q_EMIT listed();
}

void ClubLobbyDialog::showRetry()
{
    m_status->setText(
        m_retryLeft > 0
            ? tr("Connection to %1 lost (%2); trying again in %3 s…")
                  .arg(address(), m_lostWhy)
                  .arg(m_retryLeft)
            : tr("Connection to %1 lost (%2); trying again now…").arg(address(), m_lostWhy));
    m_status->setStyleSheet(QStringLiteral("color: #ef4444"));
    m_retryNow->setVisible(true);
    m_retryNow->setEnabled(m_retryLeft > 0);
    m_retryStop->setVisible(true);
}

void ClubLobbyDialog::retryNow()
{
    if (!retrying())
        return;
    m_retryTimer->stop();
    m_retryLeft = 0;
    showRetry();
    refresh();
}

void ClubLobbyDialog::stopRetrying()
{
    if (!retrying())
        return;
    const QString why = m_lostWhy;
    dropListing();
    endRetry();
    showError(why);
}

void ClubLobbyDialog::endRetry()
{
    m_retryTimer->stop();
    m_retryDelay = 0;
    m_retryLeft = 0;
    m_retryNow->hide();
    m_retryStop->hide();
    m_list->setEnabled(true);
}

void ClubLobbyDialog::dropListing()
{
    if (m_listing) {
        m_listing->disconnect(this);
        m_listing->deleteLater();
        m_listing = nullptr;
    }
    m_pushed = false;
    m_held.reset();
}

void ClubLobbyDialog::holdListing(bool hold)
{
    m_hold = hold;
    if (hold) {
        m_timer->stop(); // no new list behind the dialog
        return;
    }
    if (m_held) {
        const std::vector<net::ClubGameInfo> games = std::move(*m_held);
        m_held.reset();
        showGames(games);
    } else if (m_connected && !m_pushed) {
        m_timer->start();
    }
}

void ClubLobbyDialog::done(int result)
{
    dropListing(); // the lobby no longer watched
    m_timer->stop();
    m_retryTimer->stop();
    QDialog::done(result);
}

void ClubLobbyDialog::showGames(const std::vector<net::ClubGameInfo> &games)
{
    if (!m_connected) {
        QSettings s;
        s.setValue(kAddressKey, address());
        s.setValue(kPortKey, port());
        if (!playerName().isEmpty())
            s.setValue(kNameKey, playerName());
    }
    m_connected = true;
    endRetry(); // back: the next loss waits 1 s again
    const int selected
        = m_list->currentItem() ? m_list->currentItem()->data(0, Qt::UserRole).toInt() : 0;
    // Open games first (to join), then those under way (to watch), then the paused ones
    // (their players take their seats again); by number within each.
    m_games = games;
    std::stable_sort(m_games.begin(), m_games.end(),
                     [](const net::ClubGameInfo &a, const net::ClubGameInfo &b) {
                         return statusRank(a) < statusRank(b);
                     });
    m_list->clear();
    // The status colours, legible on the list's base colour (light or dark).
    const bool dark = m_list->palette().color(QPalette::Base).lightness() < 128;
    const QColor pausedColour = dark ? QColor(251, 191, 36) : QColor(180, 83, 9);
    const QColor playingColour = dark ? QColor(96, 165, 250) : QColor(29, 78, 216);
    const QColor openColour = dark ? QColor(74, 222, 128) : QColor(21, 128, 61);
    int open = 0;
    for (const net::ClubGameInfo &g : m_games) {
        open += statusRank(g) == 0 ? 1 : 0;
        QString status;
        QString statusTip;
        QColor colour;
        if (g.paused) {
            status = tr("Paused");
            statusTip = tr("A player dropped (or the server restarted) after command %1: the game "
                           "waits for both players to take their seats again.")
                            .arg(g.commands);
            colour = pausedColour;
        } else if (g.playing) {
            status = tr("Under way");
            statusTip = tr("Being played (commands agreed so far: %1): Watch it.").arg(g.commands);
            colour = playingColour;
        } else {
            status = tr("Open: 1 of 2 seats");
            statusTip = tr("Waiting for a second player: Join it.");
            colour = openColour;
        }
        const QString players = g.opponent.isEmpty()
            ? g.name
            : tr("%1 vs %2", "the two players of a game").arg(g.name, g.opponent);
        QStringList fleets;
        for (const net::ClubFleetInfo &f : g.fleets)
            fleets << (f.name.isEmpty() ? tr("%1 points").arg(f.points)
                                        : tr("%1 (%2 points)").arg(f.name).arg(f.points));
        auto *item = new QTreeWidgetItem(
            m_list,
            {QString::number(g.id), status, players, fleets.join(QStringLiteral(" · ")),
             scenarioName(g.scenario), g.rules,
             g.playing && g.turn > 0 ? QString::number(g.turn) : QString(),
             g.playing ? QString::number(g.spectators) : QString()});
        item->setData(0, Qt::UserRole, g.id);
        item->setForeground(kStatusColumn, colour);
        QFont bold = item->font(kStatusColumn);
        bold.setBold(true);
        item->setFont(kStatusColumn, bold);
        item->setToolTip(kStatusColumn, statusTip);
        item->setToolTip(kFleetsColumn, fleets.join(QLatin1Char('\n')));
        item->setToolTip(kScenarioColumn, g.scenario);
        if (g.id == selected)
            m_list->setCurrentItem(item);
    }
    if (!m_list->currentItem() && m_list->topLevelItemCount() > 0)
        m_list->setCurrentItem(m_list->topLevelItem(0)); // Join: the oldest open game
    const int others = int(m_games.size()) - open;
    QString text = open == 0
        ? tr("Connected to %1: no open game. Create one, or wait for one.").arg(address())
        : open == 1 ? tr("Connected to %1: one open game.").arg(address())
                    : tr("Connected to %1: %2 open games.").arg(address()).arg(open);
    if (others == 1)
        text += QLatin1Char(' ') + tr("One game under way or paused.");
    else if (others > 1)
        text += QLatin1Char(' ') + tr("%1 games under way or paused.").arg(others);
    if (!m_listedAll)
        text += QLatin1Char(' ')
            + tr("This server lists only its open games: ask the players for the number of a "
                 "game to watch.");
    const QString time = QTime::currentTime().toString(QStringLiteral("HH:mm:ss"));
    m_status->setText(text + QLatin1Char(' ')
                      + (m_pushed
                             ? tr("(Updated at %1; the server announces every change.)").arg(time)
                             : tr("(Asked at %1; asked again every few seconds.)").arg(time)));
    m_status->setStyleSheet({});
    showSeat();
    if (m_pushed)
        m_timer->stop();
    else
        m_timer->start();
    updateButtons();
    Q_EMIT listed();
}

int ClubLobbyDialog::statusRank(const net::ClubGameInfo &g)
{
    return g.paused ? 2 : g.playing ? 1 : 0;
}

const net::ClubGameInfo *ClubLobbyDialog::selectedGame() const
{
    const QTreeWidgetItem *item = m_list->currentItem();
    if (!item)
        return nullptr;
    const int id = item->data(0, Qt::UserRole).toInt();
    const auto it = std::find_if(m_games.begin(), m_games.end(),
                                 [id](const net::ClubGameInfo &g) { return g.id == id; });
    return it == m_games.end() ? nullptr : &*it;
}

bool ClubLobbyDialog::isSavedSeat(const net::ClubGameInfo &g) const
{
    return m_seat && m_seat->id == g.id && m_seat->port == port()
        && m_seat->address.compare(address(), Qt::CaseInsensitive) == 0;
}

void ClubLobbyDialog::showSeat()
{
    if (!m_seat)
        return;
    QString text = tr("You have a seat in game %1 on the club server %2, port %3 (with %4).")
                       .arg(m_seat->id)
                       .arg(m_seat->address)
                       .arg(m_seat->port)
                       .arg(m_seat->peer);
    if (m_connected && m_listedAll && m_seat->port == port()
        && m_seat->address.compare(address(), Qt::CaseInsensitive) == 0) {
        const auto it = std::find_if(m_games.begin(), m_games.end(),
                                     [this](const net::ClubGameInfo &g) { return isSavedSeat(g); });
        if (it == m_games.end())
            text += QLatin1Char(' ')
                + tr("The server does not list this game any more: it may have ended.");
        else if (it->paused)
            text += QLatin1Char(' ')
                + tr("It is paused after command %1, waiting for its players.").arg(it->commands);
    }
    m_seatText->setText(text);
}

void ClubLobbyDialog::activateGame()
{
    const net::ClubGameInfo *g = selectedGame();
    if (!g)
        return;
    if (!g->playing && !g->paused)
        return joinGame();
    if (g->paused && isSavedSeat(*g)) { // this computer's seat: take it again
        m_choice = Choice::Resume;
        accept();
        return;
    }
    chooseWatch(g->id);
}

void ClubLobbyDialog::showError(const QString &why)
{
    m_connected = false;
    m_timer->stop();
    m_status->setText(tr("Not connected: %1").arg(why));
    m_status->setStyleSheet(QStringLiteral("color: #ef4444"));
    updateButtons();
    Q_EMIT listed();
}

void ClubLobbyDialog::updateButtons()
{
    const bool named = !playerName().isEmpty();
    m_create->setEnabled(m_connected && named);
    const net::ClubGameInfo *g = selectedGame();
    m_join->setEnabled(m_connected && named && g && !g->playing && !g->paused);
    m_watch->setEnabled(m_connected);
    const QString needName = tr("Type your name first.");
    m_create->setStatusTip(named ? QString() : needName);
}

void ClubLobbyDialog::createGame()
{
    if (!m_connected || playerName().isEmpty())
        return;
    ClubCreateDialog d(m_db, this);
    if (m_builderFleet)
        d.setBuilderFleet(*m_builderFleet);
    d.setPlayerName(0, playerName());
    holdListing(true);
    const bool accepted = d.exec() == QDialog::Accepted;
    holdListing(false);
    if (!accepted)
        return;
    QString why;
    const std::optional<GameSetup> setup = d.clubSetup(&why);
    if (!setup) {
        showError(why);
        return;
    }
    chooseCreate(*setup);
}

void ClubLobbyDialog::joinGame()
{
    const net::ClubGameInfo *g = selectedGame();
    if (!m_connected || !g || g->playing || g->paused || playerName().isEmpty())
        return;
    const int id = g->id;
    ClubJoinDialog d(m_db, *g, this);
    if (m_builderFleet)
        d.setBuilderFleet(*m_builderFleet);
    d.setPlayerName(1, playerName());
    holdListing(true);
    const bool accepted = d.exec() == QDialog::Accepted && d.fleet(1);
    holdListing(false);
    if (!accepted)
        return;
    chooseJoin(id, d.playerName(1), *d.fleet(1));
}

void ClubLobbyDialog::chooseCreate(const GameSetup &setup)
{
    if (!setup.players[0].name.trimmed().isEmpty())
        QSettings().setValue(kNameKey, setup.players[0].name.trimmed());
    m_choice = Choice::Create;
    m_setup = setup;
    accept();
}

void ClubLobbyDialog::chooseJoin(int id, const QString &name, const Fleet &fleet)
{
    if (!name.trimmed().isEmpty())
        QSettings().setValue(kNameKey, name.trimmed());
    m_choice = Choice::Join;
    m_gameId = id;
    m_joinName = name;
    m_fleet = fleet;
    accept();
}

void ClubLobbyDialog::chooseWatch(int id)
{
    m_choice = Choice::Watch;
    m_gameId = id;
    accept();
}

ClubWatchWindow::ClubWatchWindow(const QString &address, quint16 port, int id, QWidget *parent)
    : QDialog(parent)
    , m_address(address)
    , m_id(id)
{
    setWindowTitle(tr("Watching Club Game %1").arg(id));
    setObjectName(QStringLiteral("clubWatchWindow"));
    setAttribute(Qt::WA_DeleteOnClose);
    auto *layout = new QVBoxLayout(this);
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("clubWatchStatus"));
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText);
    layout->addWidget(m_status);
    m_boardLabel = new QLabel;
    m_boardLabel->setObjectName(QStringLiteral("clubWatchBoard"));
    m_boardLabel->setWordWrap(true);
    m_boardLabel->setTextFormat(Qt::PlainText);
    QFont strong = m_boardLabel->font();
    strong.setBold(true);
    m_boardLabel->setFont(strong);
    layout->addWidget(m_boardLabel);

    auto *split = new QSplitter(Qt::Horizontal);
    m_scene = new TableScene(this);
    m_view = new TableView(m_scene);
    m_view->setObjectName(QStringLiteral("clubWatchTable"));
    m_view->setAccessibleName(tr("The game's table (watching: read-only)"));
    // Read-only: a click only selects a model to show its card's ranges; nothing is sent.
    connect(m_scene, &TableScene::modelClicked, this,
            [this](int model, Qt::KeyboardModifiers) { m_scene->setSelectedModel(model); });
    split->addWidget(m_view);
    m_events = new QListWidget;
    m_events->setObjectName(QStringLiteral("clubWatchEvents"));
    m_events->setAccessibleName(tr("The game's public events"));
    m_events->setWordWrap(true);
    split->addWidget(m_events);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);
    auto *box = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(box, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(box);
    // Large enough for the table: three quarters of the screen, at least 1100 x 700, within
    // the screen (a 1280x720 one too).
    QSize size(1100, 700);
    if (const QScreen *screen = parent ? parent->screen() : QGuiApplication::primaryScreen())
        size = size.expandedTo(screen->availableGeometry().size() * 0.75)
                   .boundedTo(screen->availableGeometry().size() * 0.92);
    resize(size);
    split->setSizes({size.width() * 3 / 5, size.width() * 2 / 5});

    m_client = new net::ClubClient(this);
    connect(m_client, &net::ClubClient::publicEvent, this,
            [this, port](int seq, const QString &kind, const QString &text, int) {
                if (m_events->count() == 0)
                    m_status->setText(
                        tr("Watching game %1 on %2, port %3 (read-only): its table and public "
                           "events, as the server sends them (it may hold back the last few "
                           "commands).")
                            .arg(m_id)
                            .arg(m_address)
                            .arg(port));
                if (kind == QLatin1String("omitted")) {
                    // A late spectator's catch-up left out the game's first events.
                    auto *item = new QListWidgetItem(text, m_events);
                    QFont italic = item->font();
                    italic.setItalic(true);
                    item->setFont(italic);
                } else {
                    const QString where = seq == 0 ? tr("Start") : tr("Command %1").arg(seq);
                    m_events->addItem(where + QStringLiteral(" · ") + text);
                }
                m_events->scrollToBottom();
                Q_EMIT eventShown();
            });
    connect(m_client, &net::ClubClient::board, this, &ClubWatchWindow::showBoard);
    connect(m_client, &net::ClubClient::noBoard, this, [this](const QString &) {
        m_boardLabel->setText(tr("This club server sends no table to spectators: its events "
                                 "only."));
        m_view->hide(); // nothing to draw: the events take the window
    });
    connect(m_client, &net::ClubClient::watchEnded, this, [this](const QString &why) {
        m_ended = true;
        m_status->setText(why.isEmpty() ? tr("The game ended.")
                                        : tr("The game ended: %1.").arg(why));
        Q_EMIT watchEnded();
    });
    connect(m_client, &net::ClubClient::failed, this, [this](const QString &, const QString &why) {
        m_ended = true;
        m_status->setText(tr("Not watching: %1").arg(why));
        m_status->setStyleSheet(QStringLiteral("color: #ef4444"));
        Q_EMIT watchEnded();
    });
    m_client->watch(address, port, id, true);
    m_status->setText(tr("Watching game %1 on %2, port %3: waiting for its first events…")
                          .arg(id)
                          .arg(address)
                          .arg(port));
}

ClubWatchWindow::~ClubWatchWindow()
{
    m_scene->clearState(); // before the engine it points to goes
}

void ClubWatchWindow::showBoard(int seq, const QJsonObject &board)
{
    QString why;
    std::optional<net::SpectatorBoard> b = net::boardFromJson(board, &why);
    if (!b) {
        m_boardLabel->setText(tr("The server's table cannot be shown: %1").arg(why));
        return;
    }
    auto engine = std::make_unique<Engine>(b->setup);
    m_state = std::move(b->state);
    m_scene->setState(*engine, m_state); // the old engine goes only after this
    m_engine = std::move(engine);
    if (m_boardSeq < 0)
        m_view->fitTable();
    m_boardSeq = seq;
    const GameSetup &setup = m_engine->setup();
    QString text = tr("Watching %1 vs %2 (read-only)", "the two players")
                       .arg(setup.players[0].name, setup.players[1].name);
    text += QStringLiteral(" — ");
    if (m_state.phase == Phase::Over)
        text += !m_state.winner || *m_state.winner < 0
            ? tr("the game is over: a draw")
            : tr("the game is over: %1 wins").arg(setup.players[std::size_t(*m_state.winner)].name);
    else
        text += tr("turn %1 of %2, %3; %4 to act")
                    .arg(m_state.turn)
                    .arg(setup.turns)
                    .arg(TableTerms::phaseName(m_state.phase))
                    .arg(setup.players[std::size_t(m_state.toAct)].name);
    text += QStringLiteral(" — ")
        + (seq == 0 ? tr("after the start") : tr("after command %1").arg(seq));
    if (b->hidden[0] + b->hidden[1] > 0)
        text += QStringLiteral(" — ")
            + tr("models not yet seen (secret): %1 of %2, %3 of %4")
                  .arg(b->hidden[0])
                  .arg(setup.players[0].name)
                  .arg(b->hidden[1])
                  .arg(setup.players[1].name);
    m_boardLabel->setText(text);
    setWindowTitle(tr("Watching Club Game %1: %2 vs %3")
                       .arg(m_id)
                       .arg(setup.players[0].name, setup.players[1].name));
    Q_EMIT boardShown();
}

} // namespace jw
