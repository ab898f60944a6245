// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QModelIndex;
class QPushButton;
class QTableView;
class QTabWidget;

namespace jw {

class CardView;
class UnitDatabase;
class UnitDetailView;
class UnitFilterProxy;
class UnitListModel;
struct Unit;

// The unit database: filter by faction and type, search any text (names, weapons, traits and
// their rules), the ratings in sortable columns, every rating, weapon and trait of the
// selected unit; two or three selected units side by side (Compare); the selected units into
// the fleet open in the Fleet Builder (Add to Fleet).
class UnitBrowser : public QWidget
{
    Q_OBJECT
public:
    explicit UnitBrowser(QWidget *parent = nullptr);

    void setDatabase(const UnitDatabase *db);
    [[nodiscard]] const Unit *currentUnit() const;
    void selectUnit(const QString &unitId);
    void focusSearch();
    // The catalogue of the fleet builder shows its own preview and its own Add button, and
    // has no room for the rating columns.
    void setDetailVisible(bool visible);
    // The selected units, in the order shown.
    [[nodiscard]] QStringList selectedUnitIds() const;
    // Compares the selected units (two or three) in a dialog; false when not two or three.
    bool compareSelected();
    // Restricts the faction filter (the fleet builder's faction); empty: all.
    void setFactionFilter(const QString &factionId);
    // Shows "Enter Printed Card Values…" (enterCardValuesRequested) for the current unit.
    void setCardEntryEnabled(bool enabled);
    // The database's units changed in place (values entered from a printed card):
    // the list, the details and the card show them, on the same unit.
    void refreshUnits();

    // For tests and the fleet builder.
    [[nodiscard]] QLineEdit *searchEdit() const { return m_search; }
    [[nodiscard]] QComboBox *factionCombo() const { return m_faction; }
    [[nodiscard]] QComboBox *typeCombo() const { return m_type; }
    [[nodiscard]] QTableView *view() const { return m_view; }
    [[nodiscard]] UnitDetailView *detailView() const { return m_detail; }
    [[nodiscard]] CardView *cardView() const { return m_card; }
    [[nodiscard]] QPushButton *compareButton() const { return m_compare; }
    [[nodiscard]] QPushButton *addToFleetButton() const { return m_addToFleet; }
    [[nodiscard]] QPushButton *enterCardButton() const { return m_enterCard; }
    [[nodiscard]] QLabel *legendLabel() const { return m_legend; }
    [[nodiscard]] int visibleUnitCount() const;

Q_SIGNALS:
    void currentUnitChanged(const QString &unitId);
    void unitActivated(const QString &unitId); // double-click or Enter
    void addToFleetRequested(const QStringList &unitIds); // the Add to Fleet button
    void enterCardValuesRequested(const QString &unitId); // Enter Printed Card Values…

private:
    void updateCount();
    void showCurrent();
    void updateButtons();
    void selectRow(const QModelIndex &index);

    const UnitDatabase *m_db = nullptr;
    UnitListModel *m_model = nullptr;
    UnitFilterProxy *m_proxy = nullptr;
    QLineEdit *m_search = nullptr;
    QComboBox *m_faction = nullptr;
    QComboBox *m_type = nullptr;
    QTableView *m_view = nullptr;
    QLabel *m_count = nullptr;
    QLabel *m_empty = nullptr;
    UnitDetailView *m_detail = nullptr;
    CardView *m_card = nullptr;
    QTabWidget *m_detailTabs = nullptr;
    QPushButton *m_enterCard = nullptr;
    QWidget *m_actions = nullptr; // Compare, Add to Fleet
    QPushButton *m_compare = nullptr;
    QPushButton *m_addToFleet = nullptr;
    QLabel *m_legend = nullptr;
};

} // namespace jw
