// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "net/protocol.h"
#include "table/newgamedialog.h"

class QComboBox;
class QLineEdit;
class QRadioButton;
class QSpinBox;

namespace jw {

class Game;

// Game › Host Network Game…: New Game's fields for the host's side (name, fleet) and the
// game (rules, scenario, initiative, seed), the port to listen on and the addresses to give
// the friend. The friend's name and fleet come when they join (setupFor()).
class HostNetworkDialog : public NewGameDialog
{
    Q_OBJECT
public:
    explicit HostNetworkDialog(const UnitDatabase &db, QWidget *parent = nullptr);
    [[nodiscard]] quint16 port() const;
    void setPort(quint16 port);
    [[nodiscard]] QSpinBox *portSpin() const { return m_port; }
    // The game with the joiner's name and fleet as player 2; nullopt, with why, when it
    // cannot be played (a unit this computer's database lacks, no models).
    [[nodiscard]] std::optional<GameSetup> setupFor(const QString &name, const Fleet &fleet,
                                                    QString *why);

private:
    QSpinBox *m_port = nullptr;
};

// Game › Join Network Game…: the host's address and port, the joiner's name and fleet (New
// Game's fields for player 2); the host chooses the rest.
class JoinNetworkDialog : public NewGameDialog
{
    Q_OBJECT
public:
    explicit JoinNetworkDialog(const UnitDatabase &db, QWidget *parent = nullptr);
    [[nodiscard]] QString address() const;
    void setAddress(const QString &address);
    [[nodiscard]] quint16 port() const;
    void setPort(quint16 port);
    [[nodiscard]] QLineEdit *addressEdit() const { return m_address; }
    void accept() override;

private:
    QLineEdit *m_address = nullptr;
    QSpinBox *m_port = nullptr;
    QLabel *m_addressError = nullptr;
};

// Club server › Create Game: New Game's fields for the creator's side (name, fleet) and the
// game (rules, scenario, initiative, seed); the second player is whoever joins on the server.
class ClubCreateDialog : public NewGameDialog
{
    Q_OBJECT
public:
    explicit ClubCreateDialog(const UnitDatabase &db, QWidget *parent = nullptr);
    // The game to offer: player 2 stands in for the joiner (the server puts the joiner's
    // name and fleet there); nullopt, with why.
    [[nodiscard]] std::optional<GameSetup> clubSetup(QString *why);
};

// Club server › Join: the joiner's name and fleet; the game's scenario and rules are the
// creator's (shown, and the fleet is checked against those rules).
class ClubJoinDialog : public NewGameDialog
{
    Q_OBJECT
public:
    ClubJoinDialog(const UnitDatabase &db, const net::ClubGameInfo &game,
                   QWidget *parent = nullptr);
};

// Game › Resume Network Game…: a game between two computers that each saved (the autosave,
// or Save Game's file), resumed another day: which player this computer plays, and whether it
// hosts (the port) or joins (the host's address and port). The other player does the same
// with its own saved game; both go back to the last command both agreed on.
class ResumeNetworkDialog : public QDialog
{
    Q_OBJECT
public:
    ResumeNetworkDialog(const Game &saved, const QString &path, QWidget *parent = nullptr);
    [[nodiscard]] int side() const; // the player this computer plays (0 or 1)
    void setSide(int side);
    [[nodiscard]] bool hosting() const;
    void setHosting(bool host);
    [[nodiscard]] QString address() const;
    void setAddress(const QString &address);
    [[nodiscard]] quint16 port() const;
    void setPort(quint16 port);
    [[nodiscard]] QLabel *summary() const { return m_summary; }
    // True when the saved game says which side this computer played: it is not asked.
    [[nodiscard]] bool sideKnown() const { return m_sideKnown != nullptr; }
    void accept() override;

private:
    void update();

    QLabel *m_summary = nullptr;
    QComboBox *m_side = nullptr; // hidden when the file says the side (m_sideKnown)
    QLabel *m_sideKnown = nullptr;
    QRadioButton *m_host = nullptr;
    QRadioButton *m_join = nullptr;
    QLineEdit *m_address = nullptr;
    QSpinBox *m_port = nullptr;
    QLabel *m_error = nullptr;
};

// The port a network game uses unless the player chooses another.
inline constexpr quint16 kDefaultNetPort = 47474;
// The port of a club server (jwfleet-server's default).
using net::kDefaultClubPort;

} // namespace jw
