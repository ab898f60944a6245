// SPDX-License-Identifier: GPL-3.0-or-later
#include "table/clublobby.h"

#include "engine/scenario.h"
#include "net/clubclient.h"
#include "table/netdialogs.h"

#include <QBoxLayout>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTime>
#include <QTimer>
#include <QTreeWidget>

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
    serverRow->addWidget(new QLabel(tr("Port:")));
    m_port = new QSpinBox;
    m_port->setObjectName(QStringLiteral("clubPort"));
    m_port->setRange(1, 65535);
    m_port->setValue(kDefaultClubPort);
    m_port->setGroupSeparatorShown(false);
    serverRow->addWidget(m_port);
    m_connect = new QPushButton(tr("C&onnect"));
    m_connect->setObjectName(QStringLiteral("clubConnect"));
    serverRow->addWidget(m_connect);
    form->addRow(tr("Server:"), serverRow);
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
    layout->addWidget(m_status);

    m_list = new QTreeWidget;
    m_list->setObjectName(QStringLiteral("clubGames"));
    m_list->setRootIsDecorated(false);
    m_list->setAllColumnsShowFocus(true);
    m_list->setHeaderLabels(
        {tr("Game"), tr("Created by"), tr("Scenario"), tr("Rules"), tr("Players")});
    m_list->setAccessibleName(tr("Open games"));
    m_list->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_list->header()->setStretchLastSection(false);
    m_list->header()->setSectionResizeMode(2, QHeaderView::Stretch);
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
    m_watch->setToolTip(tr("Follow a game under way as a spectator: its public events, as late "
                           "as the server holds them back. The server lists only open games: "
                           "ask the players for their game's number."));
    buttons->addWidget(m_watch);
    layout->addLayout(buttons);

    auto *box = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(box, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(box);

    m_timer = new QTimer(this);
    m_timer->setInterval(kRefreshMs);
    connect(m_timer, &QTimer::timeout, this, &ClubLobbyDialog::refresh);
    connect(m_connect, &QPushButton::clicked, this, [this] {
        if (m_listing) { // another server, or the same again: the old question is dropped
            m_listing->disconnect(this);
            m_listing->deleteLater();
            m_listing = nullptr;
        }
        m_connected = false;
        m_list->clear();
        m_games.clear();
        refresh();
    });
    connect(m_address, &QLineEdit::returnPressed, m_connect, &QPushButton::click);
    connect(m_create, &QPushButton::clicked, this, &ClubLobbyDialog::createGame);
    connect(m_join, &QPushButton::clicked, this, &ClubLobbyDialog::joinGame);
    connect(m_list, &QTreeWidget::itemDoubleClicked, this, &ClubLobbyDialog::joinGame);
    connect(m_list, &QTreeWidget::itemSelectionChanged, this, &ClubLobbyDialog::updateButtons);
    connect(m_watch, &QPushButton::clicked, this, [this] { chooseWatch(m_watchId->value()); });
    connect(m_name, &QLineEdit::textChanged, this, &ClubLobbyDialog::updateButtons);
    resize(720, 420);
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
    if (seat)
        m_seatText->setText(
            tr("You have a seat in game %1 on the club server %2, port %3 (with %4).")
                .arg(seat->id)
                .arg(seat->address)
                .arg(seat->port)
                .arg(seat->peer));
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
    if (!m_connected)
        m_status->setText(tr("Connecting to %1, port %2…").arg(address()).arg(port()));
    auto *client = new net::ClubClient(this);
    m_listing = client;
    connect(client, &net::ClubClient::games, this,
            [this, client](const std::vector<net::ClubGameInfo> &games) {
                client->deleteLater();
                showGames(games);
            });
    connect(client, &net::ClubClient::failed, this, [this, client](const QString &why) {
        client->deleteLater();
        showError(why);
    });
    client->list(address(), port());
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
    const int selected
        = m_list->currentItem() ? m_list->currentItem()->data(0, Qt::UserRole).toInt() : 0;
    m_games = games;
    m_list->clear();
    for (const net::ClubGameInfo &g : games) {
        auto *item = new QTreeWidgetItem(
            m_list,
            {QString::number(g.id), g.name, scenarioName(g.scenario), g.rules, tr("1 of 2")});
        item->setData(0, Qt::UserRole, g.id);
        item->setToolTip(2, g.scenario);
        if (g.id == selected)
            m_list->setCurrentItem(item);
    }
    if (!m_list->currentItem() && m_list->topLevelItemCount() > 0)
        m_list->setCurrentItem(m_list->topLevelItem(0)); // Join: the oldest open game
    m_status->setText(
        (games.empty()
             ? tr("Connected to %1: no open game. Create one, or wait for one.").arg(address())
             : games.size() == 1
             ? tr("Connected to %1: one open game.").arg(address())
             : tr("Connected to %1: %2 open games.").arg(address()).arg(games.size()))
        + QLatin1Char(' ')
        + tr("(Asked at %1; asked again every few seconds.)")
              .arg(QTime::currentTime().toString(QStringLiteral("HH:mm:ss"))));
    m_status->setStyleSheet({});
    m_timer->start();
    updateButtons();
    Q_EMIT listed();
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
    m_join->setEnabled(m_connected && named && m_list->currentItem());
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
    m_timer->stop(); // no new list behind the dialog
    if (d.exec() != QDialog::Accepted) {
        m_timer->start();
        return;
    }
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
    const QTreeWidgetItem *item = m_list->currentItem();
    if (!m_connected || !item || playerName().isEmpty())
        return;
    const int id = item->data(0, Qt::UserRole).toInt();
    const auto it = std::find_if(m_games.begin(), m_games.end(),
                                 [id](const net::ClubGameInfo &g) { return g.id == id; });
    if (it == m_games.end())
        return;
    ClubJoinDialog d(m_db, *it, this);
    if (m_builderFleet)
        d.setBuilderFleet(*m_builderFleet);
    d.setPlayerName(1, playerName());
    m_timer->stop();
    if (d.exec() != QDialog::Accepted || !d.fleet(1)) {
        m_timer->start();
        return;
    }
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
    m_events = new QListWidget;
    m_events->setObjectName(QStringLiteral("clubWatchEvents"));
    m_events->setAccessibleName(tr("The game's public events"));
    m_events->setWordWrap(true);
    layout->addWidget(m_events, 1);
    auto *box = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(box, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(box);
    resize(640, 480);

    m_client = new net::ClubClient(this);
    connect(m_client, &net::ClubClient::publicEvent, this,
            [this, id, address](int seq, const QString &, const QString &text, int) {
                if (m_events->count() == 0)
                    m_status->setText(
                        tr("Watching game %1 on %2: its public events, as the server sends "
                           "them (it may hold back the last few commands).")
                            .arg(id)
                            .arg(address));
                const QString where = seq == 0 ? tr("Start") : tr("Command %1").arg(seq);
                m_events->addItem(where + QStringLiteral(" · ") + text);
                m_events->scrollToBottom();
                Q_EMIT eventShown();
            });
    connect(m_client, &net::ClubClient::watchEnded, this, [this](const QString &why) {
        m_ended = true;
        m_status->setText(why.isEmpty() ? tr("The game ended.")
                                        : tr("The game ended: %1.").arg(why));
        Q_EMIT watchEnded();
    });
    connect(m_client, &net::ClubClient::failed, this, [this](const QString &why) {
        m_ended = true;
        m_status->setText(tr("Not watching: %1").arg(why));
        m_status->setStyleSheet(QStringLiteral("color: #ef4444"));
        Q_EMIT watchEnded();
    });
    m_client->watch(address, port, id);
    m_status->setText(tr("Watching game %1 on %2, port %3: waiting for its first events…")
                          .arg(id)
                          .arg(address)
                          .arg(port));
}

} // namespace jw
