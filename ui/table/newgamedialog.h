#pragma once

#include "engine/gamesetup.h"
#include "engine/scenario.h"
#include "fleet/fleet.h"

#include <QDialog>

#include <array>
#include <optional>

class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QCheckBox;
class QTextBrowser;

namespace jw {

class UnitDatabase;

// New Game: two fleets (files, or the fleet open in the builder), the
// scenario (the shipped ones and a group's own in the data folder's scenarios/,
// each shown with its description and rules), the rules profile, the seed (random unless given) and
// who has Initiative (or Random Selection). Builds the GameSetup; the engine decides the rest.
class NewGameDialog : public QDialog
{
    Q_OBJECT
public:
    NewGameDialog(const UnitDatabase &db, QWidget *parent = nullptr);

    // The builder's fleet, offered as a choice for either player.
    void setBuilderFleet(const Fleet &fleet);
    // Loads a fleet file for a player; false (with the reason shown) if it cannot be read.
    bool setFleetFile(int player, const QString &path);
    void setPlayerName(int player, const QString &name);
    void setSeed(quint64 seed);
    void setInitiative(std::optional<int> player);
    // Selects a scenario by id; false when there is none (or it cannot be played yet).
    bool setScenario(const QString &id);

    // The setup, or why not (a fleet missing, a unit not in the database).
    [[nodiscard]] std::optional<GameSetup> setup(QString *error = nullptr) const;

    void accept() override;

private:
    void browse(int player);
    void showScenario();

    const UnitDatabase &m_db;
    std::optional<Fleet> m_builderFleet;
    std::array<std::optional<Fleet>, 2> m_fleets;
    std::array<QLineEdit *, 2> m_names {};
    std::array<QLabel *, 2> m_fleetLabels {};
    ScenarioLibrary m_scenarios;
    QComboBox *m_scenario = nullptr;
    QTextBrowser *m_scenarioText = nullptr;
    QComboBox *m_rules = nullptr;
    QComboBox *m_initiative = nullptr;
    QLineEdit *m_seed = nullptr;
    QLabel *m_error = nullptr;
};

} // namespace jw
