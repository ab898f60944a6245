// SPDX-License-Identifier: GPL-3.0-or-later
#include "table/netdialogs.h"

#include "table/netgame.h"

#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>

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

} // namespace jw
