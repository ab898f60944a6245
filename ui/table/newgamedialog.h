// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/gamesetup.h"
#include "engine/scenario.h"
#include "fleet/fleet.h"

#include <QDialog>

#include <array>
#include <functional>
#include <optional>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QPushButton;
class QLineEdit;
class QSpinBox;
class QCheckBox;
class QFormLayout;
class QTextBrowser;

namespace jw {

class UnitDatabase;

// The rosters of the open campaign, offered by New Game and Track a Game as fleets: each
// player's name with the roster as a fleet list at the campaign's points and rules.
struct CampaignRosters
{
    QString campaign; // its name
    QString rules; // its rules profile
    std::vector<std::pair<QString, Fleet>> players; // name, roster
};

// New Game: two fleets (files, the fleet open in the builder, or a campaign roster), the
// scenario (the shipped ones and a group's own in the data folder's scenarios/,
// each shown with its description and rules), the rules profile, the seed (random unless given) and
// who has Initiative (or Random Selection). Builds the GameSetup; the engine decides the rest.
//
// Each fleet is shown with its points, the rules version it was built for and
// its verdict under the game's rules profile (validateFleet(), the builder's and
// `jwfleet-cli validate`'s check). What cannot be played (no fleet, a fleet with
// no models, a unit the database lacks) is refused with the reason; what can be
// played but is probably a mistake (an illegal fleet, another rules version,
// points far apart or over the other fleet's limit) is listed, and the start
// button then reads "Play Anyway" and is not the default button: an explicit click.
class NewGameDialog : public QDialog
{
    Q_OBJECT
public:
    NewGameDialog(const UnitDatabase &db, QWidget *parent = nullptr);

    // The builder's fleet, offered as a choice for either player.
    void setBuilderFleet(const Fleet &fleet);
    // The open campaign's rosters, offered for either player ("From Campaign"): choosing
    // one sets the player's name and fleet (so that the finished game goes into the
    // campaign under that player) and the campaign's rules profile.
    void setCampaignRosters(const CampaignRosters &rosters);
    // Chooses the roster of the campaign's player `name` for `player`; false: no such roster.
    bool chooseRoster(int player, const QString &name);
    [[nodiscard]] QPushButton *campaignButton(int player) const
    {
        return m_campaignButtons[std::size_t(player)];
    }
    // Loads a fleet file for a player; false (with the reason shown) if it cannot be read.
    bool setFleetFile(int player, const QString &path);
    void setPlayerName(int player, const QString &name);
    // Who plays a side: a person (empty) or the computer at a level (aiLevelId). Shown on the
    // digital table's New Game; Track a Game hides it (setComputerChoiceShown).
    void setComputer(int player, const QString &levelId);
    [[nodiscard]] QComboBox *playedBy(int player) const { return m_playedBy[std::size_t(player)]; }
    void setComputerChoiceShown(bool shown);
    // A fleet for a player (shown as `label`, else its name).
    void setFleet(int player, const Fleet &fleet, const QString &label = {});
    void setRules(const QString &profileId);
    void setSeed(quint64 seed);
    void setInitiative(std::optional<int> player);
    // Selects a scenario by id; false when there is none (or it cannot be played yet).
    bool setScenario(const QString &id);

    // Network play (Host / Join Network Game): `player`'s name and fleet are chosen at the
    // other computer; its row shows `text` instead and its missing fleet stops nothing.
    void setRemotePlayer(int player, const QString &text);
    // The game's rules, scenario, initiative and seed shown (Join: the host chooses them).
    void setGameChoicesShown(bool shown);
    [[nodiscard]] const std::optional<Fleet> &fleet(int player) const
    {
        return m_fleets[std::size_t(player)];
    }
    [[nodiscard]] QString playerName(int player) const;

    // The setup, or why not (a fleet missing, a unit not in the database).
    [[nodiscard]] std::optional<GameSetup> setup(QString *error = nullptr) const;

    // Why the game cannot start (empty: it can), and what is probably a mistake.
    [[nodiscard]] QStringList refusals() const;
    [[nodiscard]] QStringList warnings() const;
    // The fleet's line: points, rules version, verdict under the game's rules.
    [[nodiscard]] QLabel *fleetInfo(int player) const { return m_fleetInfo[std::size_t(player)]; }
    [[nodiscard]] QLabel *checksLabel() const { return m_checks; }
    [[nodiscard]] QPushButton *startButton() const { return m_start; }

    // Starts unless something is refused (the reason is then shown).
    void accept() override;

    // For a dialog built on this one (Track a Game): a row of its own, above the
    // checks, and the start button's text when all is well.
    void addRow(const QString &label, QWidget *field);
    void setStartText(const QString &text);
    // Leaves out the scenarios `refused` gives a reason for (Track a Game: those a physical
    // table does not track); returns their names.
    QStringList
    leaveOutScenarios(const std::function<std::optional<QString>(const Scenario &)> &refused);

private:
    struct Checks
    {
        QStringList missing; // a fleet not chosen yet
        QStringList refusals;
        QStringList warnings;
        // The rule (a Rules Reference reference, "" for none) of each refusal and warning.
        QStringList refusalRules;
        QStringList warningRules;
    };
    [[nodiscard]] Checks check() const;
    void updateChecks();
    void browse(int player);
    void showScenario();

    const UnitDatabase &m_db;
    std::optional<Fleet> m_builderFleet;
    CampaignRosters m_rosters;
    std::array<QPushButton *, 2> m_campaignButtons {};
    std::array<std::optional<Fleet>, 2> m_fleets;
    std::array<QLineEdit *, 2> m_names {};
    std::array<QComboBox *, 2> m_playedBy {};
    bool m_computerChoice = true;
    int m_remote = -1; // setRemotePlayer
    std::array<QList<QWidget *>, 2> m_playerWidgets; // a player's own fields
    std::array<QLabel *, 2> m_fleetLabels {};
    std::array<QLabel *, 2> m_fleetInfo {};
    ScenarioLibrary m_scenarios;
    QComboBox *m_scenario = nullptr;
    QTextBrowser *m_scenarioText = nullptr;
    QComboBox *m_rules = nullptr;
    QComboBox *m_initiative = nullptr;
    QLineEdit *m_seed = nullptr;
    QLabel *m_checks = nullptr;
    QLabel *m_error = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    QPushButton *m_start = nullptr;
    QString m_startText;
};

} // namespace jw
