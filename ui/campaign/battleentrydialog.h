// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "campaign/campaign.h"

#include <QDialog>

#include <optional>
#include <vector>

class QComboBox;
class QDateEdit;
class QLabel;
class QPlainTextEdit;
class QSpinBox;
class QTableWidget;

namespace jw {

class UnitDatabase;

// A battle fought on a physical table, entered by hand: date, scenario, the
// two players, their Victory and Objective Points, the winner (or by the
// points), notes, and every unit's outcome (fate, boxes marked, kills). The
// form is turned into a battle report (docs/battle-reports.md) and read by
// the same code as a report file, so it is checked the same way; a mistake is
// shown in the form, which stays open.
class BattleEntryDialog : public QDialog
{
    Q_OBJECT
public:
    BattleEntryDialog(const Campaign &campaign, std::vector<Player> players, const UnitDatabase &db,
                      QWidget *parent = nullptr);

    // After accept(): the battle, ready for CampaignStore::addBattle.
    [[nodiscard]] const std::optional<Battle> &battle() const { return m_battle; }

    // The form's parts (tests fill them in as a user would).
    [[nodiscard]] QDateEdit *dateEdit() const { return m_date; }
    [[nodiscard]] QComboBox *scenarioBox() const { return m_scenario; }
    [[nodiscard]] QComboBox *playerBox(int side) const { return m_player[side]; }
    [[nodiscard]] QSpinBox *vpBox(int side) const { return m_vp[side]; }
    [[nodiscard]] QSpinBox *opBox(int side) const { return m_op[side]; }
    [[nodiscard]] QComboBox *winnerBox() const { return m_winner; }
    [[nodiscard]] QPlainTextEdit *notesEdit() const { return m_notes; }
    [[nodiscard]] QTableWidget *unitsTable() const { return m_units; }
    [[nodiscard]] QLabel *errorLabel() const { return m_error; }
    // The row of the units table for `side`'s fleet entry `entry`, or -1.
    [[nodiscard]] int rowOf(int side, int entry) const;
    // Table columns.
    enum Column {
        ColPlayer,
        ColUnit,
        ColTv,
        ColFate,
        ColFirstTrack
    };

    // The report the form makes (JSON, which is YAML), and reading it.
    [[nodiscard]] QByteArray report() const;
    bool tryAccept();

private:
    void fillUnits();
    void updateWinnerNames();

    Campaign m_campaign;
    std::vector<Player> m_players;
    const UnitDatabase &m_db;
    std::optional<Battle> m_battle;
    QDateEdit *m_date = nullptr;
    QComboBox *m_scenario = nullptr;
    QComboBox *m_player[2] {};
    QSpinBox *m_vp[2] {};
    QSpinBox *m_op[2] {};
    QComboBox *m_winner = nullptr;
    QPlainTextEdit *m_notes = nullptr;
    QTableWidget *m_units = nullptr;
    QLabel *m_error = nullptr;
};

} // namespace jw
