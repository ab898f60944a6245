// SPDX-License-Identifier: GPL-3.0-or-later
#include "table/netdialogs.h"

#include "table/netgame.h"

#include "engine/game.h"
#include "engine/scenario.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace jw {

namespace {

QSpinBox *portSpinBox(QWidget *parent)
{
    auto *spin = new QSpinBox(parent);
    spin->setObjectName(QStringLiteral("netPort"));
    spin->setRange(1, 65535);
    spin->setValue(kDefaultNetPort);
    spin->setGroupSeparatorShown(false);
    spin->setToolTip(NetGame::tr("The TCP port of the game. Over the internet, the host's "
                                 "router must forward it to the host's computer."));
    return spin;
}

QString scenarioName(const QString &id)
{
    static const ScenarioLibrary shipped = ScenarioLibrary::loadShipped();
    const Scenario *sc = shipped.byId(id);
    return sc ? sc->name : id;
}

} // namespace

HostNetworkDialog::HostNetworkDialog(const UnitDatabase &db, QWidget *parent)
    : NewGameDialog(db, parent)
{
    setWindowTitle(tr("Host Network Game"));
    setObjectName(QStringLiteral("hostNetworkGame"));
    setComputerChoiceShown(false);
    setRemotePlayer(1, tr("Chosen by your friend when they join."));
    m_port = portSpinBox(this);
    addRow(tr("Port:"), m_port);
    const QStringList addresses = NetGame::localAddresses();
    auto *where = new QLabel(
        addresses.isEmpty()
            ? tr("This computer has no network address: check its connection.")
            : tr("Give your friend this computer's address: %1 (on the internet, your router's "
                 "public address and a forwarded port).")
                  .arg(addresses.join(tr(" or "))));
    where->setObjectName(QStringLiteral("netAddresses"));
    where->setWordWrap(true);
    where->setTextInteractionFlags(Qt::TextSelectableByMouse);
    addRow(tr("Address:"), where);
    setStartText(tr("Host Game"));
}

quint16 HostNetworkDialog::port() const
{
    return quint16(m_port->value());
}

void HostNetworkDialog::setPort(quint16 port)
{
    m_port->setValue(port);
}

std::optional<GameSetup> HostNetworkDialog::setupFor(const QString &name, const Fleet &fleet,
                                                     QString *why)
{
    setPlayerName(1, name);
    setFleet(1, fleet);
    return setup(why);
}

JoinNetworkDialog::JoinNetworkDialog(const UnitDatabase &db, QWidget *parent)
    : NewGameDialog(db, parent)
{
    setWindowTitle(tr("Join Network Game"));
    setObjectName(QStringLiteral("joinNetworkGame"));
    setComputerChoiceShown(false);
    setGameChoicesShown(false);
    setRemotePlayer(0, tr("Chosen by the host, with the scenario and the rules."));
    m_address = new QLineEdit;
    m_address->setObjectName(QStringLiteral("netAddress"));
    m_address->setPlaceholderText(tr("e.g. 192.168.1.20 or a host name"));
    m_address->setMaxLength(255);
    addRow(tr("Host address:"), m_address);
    m_port = portSpinBox(this);
    addRow(tr("Port:"), m_port);
    m_addressError = new QLabel;
    m_addressError->setWordWrap(true);
    m_addressError->setStyleSheet(QStringLiteral("color: #ef4444"));
    m_addressError->hide();
    addRow(QString(), m_addressError);
    setStartText(tr("Join Game"));
}

QString JoinNetworkDialog::address() const
{
    return m_address->text().trimmed();
}

void JoinNetworkDialog::setAddress(const QString &address)
{
    m_address->setText(address);
}

quint16 JoinNetworkDialog::port() const
{
    return quint16(m_port->value());
}

void JoinNetworkDialog::setPort(quint16 port)
{
    m_port->setValue(port);
}

void JoinNetworkDialog::accept()
{
    if (address().isEmpty() || address().contains(QLatin1Char(' '))) {
        m_addressError->setText(tr("Type the address of the host's computer."));
        m_addressError->show();
        m_address->setFocus();
        return;
    }
    m_addressError->hide();
    if (!fleet(1)) {
        m_addressError->setText(tr("Choose your fleet."));
        m_addressError->show();
        return;
    }
    NewGameDialog::accept();
}

ClubCreateDialog::ClubCreateDialog(const UnitDatabase &db, QWidget *parent)
    : NewGameDialog(db, parent)
{
    setWindowTitle(tr("Create Club Game"));
    setObjectName(QStringLiteral("clubCreateGame"));
    setComputerChoiceShown(false);
    setRemotePlayer(1, tr("Whoever joins the game on the club server."));
    setStartText(tr("Create Game"));
}

std::optional<GameSetup> ClubCreateDialog::clubSetup(QString *why)
{
    if (!fleet(0)) {
        *why = tr("Choose your fleet.");
        return std::nullopt;
    }
    // A stand-in the server replaces: the setup must be whole to be sent.
    setPlayerName(1, tr("Player 2"));
    setFleet(1, *fleet(0));
    return setup(why);
}

ClubJoinDialog::ClubJoinDialog(const UnitDatabase &db, const net::ClubGameInfo &game,
                               QWidget *parent)
    : NewGameDialog(db, parent)
{
    setWindowTitle(tr("Join Club Game %1").arg(game.id));
    setObjectName(QStringLiteral("clubJoinGame"));
    setComputerChoiceShown(false);
    setRules(game.rules);
    setScenario(game.scenario);
    setGameChoicesShown(false);
    const Scenario *sc = ScenarioLibrary::loadShipped().byId(game.scenario);
    setPlayerName(0, game.name);
    setRemotePlayer(0,
                    tr("Chosen by %1, with the scenario (%2) and the rules (%3).")
                        .arg(game.name, sc ? sc->name : game.scenario, game.rules));
    setStartText(tr("Join Game"));
}

ResumeNetworkDialog::ResumeNetworkDialog(const Game &saved, const QString &path, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Resume Network Game"));
    setObjectName(QStringLiteral("resumeNetworkGame"));
    auto *layout = new QVBoxLayout(this);
    const GameSetup &setup = saved.setup();
    const int n = int(saved.history().size());
    const QString commands = n == 0 ? tr("no command agreed yet")
        : n == 1                    ? tr("one command agreed")
                                    : tr("%1 commands agreed").arg(n);
    m_summary
        = new QLabel(tr("%1 vs %2 · %3 · %4 · %5")
                         .arg(setup.players[0].name, setup.players[1].name,
                              scenarioName(setup.scenario), commands, QFileInfo(path).fileName()));
    m_summary->setObjectName(QStringLiteral("resumeSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    QFont bold = m_summary->font();
    bold.setBold(true);
    m_summary->setFont(bold);
    layout->addWidget(m_summary);
    auto *explain = new QLabel(
        tr("The other player opens the game their computer saved and does the same: one hosts, "
           "the other joins. Both go back to the last command both agreed on."));
    explain->setWordWrap(true);
    layout->addWidget(explain);
    auto *form = new QFormLayout;
    m_side = new QComboBox(this); // a child even when hidden (the file says the side)
    m_side->setObjectName(QStringLiteral("resumeSide"));
    for (int side = 0; side < 2; ++side)
        m_side->addItem(
            tr("%1 (player %2)").arg(setup.players[std::size_t(side)].name).arg(side + 1));
    // The file says which side this computer played (saved by this version): not asked.
    const std::optional<Game::NetworkSeat> &seat = saved.network();
    if (seat) {
        m_side->setCurrentIndex(seat->localPlayer);
        m_side->hide();
        m_sideKnown = new QLabel(tr("%1 (player %2), as this computer saved it")
                                     .arg(setup.players[std::size_t(seat->localPlayer)].name)
                                     .arg(seat->localPlayer + 1));
        m_sideKnown->setObjectName(QStringLiteral("resumeSideKnown"));
        m_sideKnown->setTextFormat(Qt::PlainText);
        m_sideKnown->setWordWrap(true);
        form->addRow(tr("You play:"), m_sideKnown);
    } else {
        form->addRow(tr("You play:"), m_side);
    }
    m_host = new QRadioButton(tr("&Host: wait for the other player to join"));
    m_host->setObjectName(QStringLiteral("resumeHost"));
    m_join = new QRadioButton(tr("&Join the other player's computer"));
    m_join->setObjectName(QStringLiteral("resumeJoin"));
    m_host->setChecked(true);
    form->addRow(tr("Connection:"), m_host);
    form->addRow(QString(), m_join);
    m_address = new QLineEdit;
    m_address->setObjectName(QStringLiteral("netAddress"));
    m_address->setPlaceholderText(tr("e.g. 192.168.1.20 or a host name"));
    m_address->setMaxLength(255);
    form->addRow(tr("Host address:"), m_address);
    m_port = portSpinBox(this);
    form->addRow(tr("Port:"), m_port);
    layout->addLayout(form);
    m_error = new QLabel;
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #ef4444"));
    m_error->hide();
    layout->addWidget(m_error);
    layout->addStretch(1);
    auto *box = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    box->button(QDialogButtonBox::Ok)->setText(tr("Resume Game"));
    connect(box, &QDialogButtonBox::accepted, this, &ResumeNetworkDialog::accept);
    connect(box, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(box);
    connect(m_host, &QRadioButton::toggled, this, &ResumeNetworkDialog::update);
    // The GUI's host plays player 1 and its joiner player 2: the usual choice follows.
    connect(m_side, &QComboBox::currentIndexChanged, this,
            [this](int side) { setHosting(side == 0); });
    if (seat) { // as it connected the first day: the other player may swap, so it may change
        setHosting(seat->host);
        if (seat->port != 0)
            setPort(seat->port);
        if (!seat->host)
            setAddress(seat->address);
    }
    update();
    resize(560, sizeHint().height());
}

int ResumeNetworkDialog::side() const
{
    return m_side->currentIndex();
}

void ResumeNetworkDialog::setSide(int side)
{
    m_side->setCurrentIndex(side);
}

bool ResumeNetworkDialog::hosting() const
{
    return m_host->isChecked();
}

void ResumeNetworkDialog::setHosting(bool host)
{
    (host ? m_host : m_join)->setChecked(true);
    update();
}

QString ResumeNetworkDialog::address() const
{
    return m_address->text().trimmed();
}

void ResumeNetworkDialog::setAddress(const QString &address)
{
    m_address->setText(address);
}

quint16 ResumeNetworkDialog::port() const
{
    return quint16(m_port->value());
}

void ResumeNetworkDialog::setPort(quint16 port)
{
    m_port->setValue(port);
}

void ResumeNetworkDialog::update()
{
    m_address->setEnabled(!hosting());
    m_error->hide();
}

void ResumeNetworkDialog::accept()
{
    if (!hosting() && (address().isEmpty() || address().contains(QLatin1Char(' ')))) {
        m_error->setText(tr("Type the address of the other player's computer."));
        m_error->show();
        m_address->setFocus();
        return;
    }
    QDialog::accept();
}

} // namespace jw
