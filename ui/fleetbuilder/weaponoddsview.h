// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>
#include <QWidget>

class QSpinBox;
class QTableWidget;
class QLabel;

namespace jw {

struct Unit;

// For each weapon of a unit, the exact expected damage of one attack against a
// capital ship and a squadron, at short and long range (units/weaponodds.h).
class WeaponOddsView : public QWidget
{
    Q_OBJECT
public:
    explicit WeaponOddsView(QWidget *parent = nullptr);

    // `upgrades`: the fleet entry's upgrade ids (Ace Pilot adds a Flex die).
    void setUnit(const Unit *unit, const QStringList &upgrades = {});
    void setSquadronQPlusDestroys(bool destroys);
    [[nodiscard]] QTableWidget *table() const { return m_table; }

private:
    void refresh();
    const Unit *m_unit = nullptr;
    QStringList m_upgrades;
    bool m_qPlusDestroys = true;
    QSpinBox *m_armor;
    QTableWidget *m_table;
    QLabel *m_note;
};

} // namespace jw
