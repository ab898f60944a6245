// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "units/unit.h"
#include "units/useroverlay.h"

#include <QDialog>

#include <vector>

class QCheckBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QToolButton;

namespace jw {

class UnitDatabase;

// Unit › Enter Printed Card Values: the values of one unit as printed on its
// card. Each row is a value: ticked, it is the card's (entered by the user);
// unticked, the shipped value. OK gives the unit's override for the user data
// file (UserOverlay), checked as the file will be read.
class PrintedCardDialog : public QDialog
{
    Q_OBJECT
public:
    // `shipped`: the unit as jwfleet ships it; `current`: the user's override, if any.
    PrintedCardDialog(const Unit &shipped, const UnitOverride *current, const UnitDatabase &db,
                      QWidget *parent = nullptr);

    // The values ticked, with the card's description (empty: no override).
    [[nodiscard]] UnitOverride result() const;

    // For tests.
    [[nodiscard]] QLineEdit *cardEdit() const { return m_card; }
    [[nodiscard]] QSpinBox *spinBox(const QString &field) const;
    [[nodiscard]] QLineEdit *trackEdit(const QString &field) const;
    [[nodiscard]] QCheckBox *fromCard(const QString &field) const;
    [[nodiscard]] QToolButton *revertButton(const QString &field) const;
    // The weapons section: one row per weapon, by its name.
    [[nodiscard]] QCheckBox *weaponFromCard(const QString &weapon) const;
    [[nodiscard]] QLineEdit *weaponArcs(const QString &weapon) const; // capital ships
    // "ac", "as", "macro", "count"; a Lance's ac/as show "Skill" at -1.
    [[nodiscard]] QSpinBox *weaponSpin(const QString &weapon, const QString &rating) const;
    [[nodiscard]] QToolButton *weaponRevertButton(const QString &weapon) const;
    [[nodiscard]] QPushButton *revertAllButton() const { return m_revertAll; }
    [[nodiscard]] QLabel *problemLabel() const { return m_problem; }

    void accept() override;

private:
    struct Row
    {
        QString field;
        QCheckBox *check = nullptr;
        QSpinBox *spin = nullptr; // a value
        QLineEdit *track = nullptr; // or a track: "1 2 3 3"
        QLabel *source = nullptr;
        QToolButton *revert = nullptr;
    };
    struct WeaponRow
    {
        Weapon shipped;
        QCheckBox *check = nullptr;
        QLineEdit *arcs = nullptr; // capital ships
        QSpinBox *ac = nullptr;
        QSpinBox *as = nullptr;
        QSpinBox *macro = nullptr;
        QSpinBox *count = nullptr;
        QLabel *source = nullptr;
        QToolButton *revert = nullptr;
    };
    void addRow(const QString &field, const QString &label);
    void addWeaponRow(const Weapon &w);
    void revert(Row &r);
    void revertWeapon(WeaponRow &r);
    [[nodiscard]] const WeaponRow *weaponRow(const QString &name) const;
    [[nodiscard]] QString kindText(const ValueSource &src) const;
    void check();
    [[nodiscard]] QString trackProblem(const Row &r) const;
    [[nodiscard]] int shippedValue(const QString &field) const;
    [[nodiscard]] const Track *shippedTrack(const QString &field) const;

    Unit m_shipped;
    const UnitDatabase &m_db;
    std::vector<Row> m_rows;
    std::vector<WeaponRow> m_weaponRows;
    QLineEdit *m_card = nullptr;
    QLabel *m_problem = nullptr;
    QPushButton *m_revertAll = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

} // namespace jw
