// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>

#include <vector>

class QTableWidget;

namespace jw {

class UnitDatabase;
struct Unit;

// Two or three units side by side, one column each: the ratings, every weapon (one row per
// weapon name) and every trait (one row per trait), so that a player researching a list sees
// what one unit has that another lacks. The rows where the units differ are highlighted.
class UnitCompareDialog : public QDialog
{
    Q_OBJECT
public:
    // The database must outlive the dialog (it names the factions).
    UnitCompareDialog(const std::vector<const Unit *> &units, const UnitDatabase &db,
                      QWidget *parent = nullptr);

    [[nodiscard]] QTableWidget *table() const { return m_table; }
    // The data role of a row's first cell: true where the units differ.
    static constexpr int DiffersRole = Qt::UserRole + 1;
    // The row of `label` (its header text), or -1.
    [[nodiscard]] int rowOf(const QString &label) const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void fill();

    std::vector<const Unit *> m_units;
    const UnitDatabase &m_db;
    QTableWidget *m_table = nullptr;
};

} // namespace jw
