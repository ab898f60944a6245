// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QCheckBox;
class QFormLayout;
class QComboBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QAction;
class QTreeView;
class QVBoxLayout;

namespace jw {

class CardView;
class CollapsibleSection;
class FleetDocument;
class FleetListModel;
class RuleGaugeWidget;
class UnitBrowser;
class UnitDatabase;
class UnitDetailView;
class ValidationPanel;
class WeaponOddsView;
struct Unit;

// The fleet builder: the catalogue, the fleet list with its settings, the
// gauges and problems of the fleet rules, and the selected unit's card and
// weapon odds. It edits a FleetDocument; it decides no rule itself.
class FleetBuilder : public QWidget
{
    Q_OBJECT
public:
    FleetBuilder(FleetDocument *doc, QWidget *parent = nullptr);

    [[nodiscard]] FleetDocument *document() const { return m_doc; }
    [[nodiscard]] UnitBrowser *catalogue() const { return m_catalogue; }
    // The fleet list: categories, each carrier with what it carries under it.
    [[nodiscard]] QTreeView *fleetView() const { return m_fleetView; }
    [[nodiscard]] FleetListModel *fleetModel() const { return m_model; }
    // Edit › Copy and Paste of fleet entries (Ctrl+C, Ctrl+V in the builder).
    [[nodiscard]] QAction *copyAction() const { return m_copyAct; }
    [[nodiscard]] QAction *pasteAction() const { return m_pasteAct; }
    [[nodiscard]] ValidationPanel *validationPanel() const { return m_validation; }
    [[nodiscard]] QList<RuleGaugeWidget *> gauges() const { return m_gauges; }
    [[nodiscard]] QSpinBox *pointsSpin() const { return m_points; }
    [[nodiscard]] QComboBox *rulesCombo() const { return m_rules; }
    [[nodiscard]] QComboBox *factionCombo() const { return m_faction; }
    [[nodiscard]] QPushButton *addButton() const { return m_add; }
    [[nodiscard]] QLabel *totalLabel() const { return m_total; }
    // The fleet rules' gauges, in a section the user may fold away.
    [[nodiscard]] CollapsibleSection *gaugeSection() const { return m_gaugeSection; }
    [[nodiscard]] QList<int> selectedEntries() const;
    // The unit shown in the preview (selected in the fleet, else in the catalogue).
    [[nodiscard]] const Unit *shownUnit() const { return m_shownUnit; }

public Q_SLOTS:
    void addSelectedUnit();
    void removeSelected();
    void moveSelected(int delta);
    void duplicateSelected();
    void selectEntries(const QList<int> &entries);
    // The selected entries on the clipboard (our own type, and the list as plain text).
    void copySelected();
    // Entries from the clipboard at the end of this fleet, selected; one undo step. False
    // when the clipboard holds none.
    bool paste();

private:
    void buildSettings(QVBoxLayout *into);
    void syncSettings();
    void syncGauges();
    void syncEntryPanel();
    void spanCategories();
    // The unit's card and details; for a fleet entry, its own name and upgrades.
    void showUnit(const Unit *unit, int entry = -1);

    FleetDocument *m_doc;
    const UnitDatabase &m_db;
    FleetListModel *m_model;
    UnitBrowser *m_catalogue;
    QTreeView *m_fleetView;
    QAction *m_copyAct = nullptr;
    QAction *m_pasteAct = nullptr;
    QList<int> m_keptSelection; // across a reset of the list
    ValidationPanel *m_validation;
    UnitDetailView *m_preview;
    WeaponOddsView *m_odds;
    CardView *m_card;
    QList<RuleGaugeWidget *> m_gauges;
    QVBoxLayout *m_gaugeLayout = nullptr;
    CollapsibleSection *m_gaugeSection = nullptr;

    QLineEdit *m_name = nullptr;
    QComboBox *m_faction = nullptr;
    QSpinBox *m_points = nullptr;
    QComboBox *m_size = nullptr;
    QComboBox *m_rules = nullptr;
    QLabel *m_total = nullptr;
    QPushButton *m_add = nullptr;
    QPushButton *m_remove = nullptr;
    QPushButton *m_up = nullptr;
    QPushButton *m_down = nullptr;
    QPushButton *m_duplicate = nullptr;

    QGroupBox *m_entryBox = nullptr;
    QFormLayout *m_entryForm = nullptr;
    QComboBox *m_embark = nullptr;
    QList<QCheckBox *> m_upgradeChecks;
    QString m_shownFaction; // the catalogue follows the fleet's faction
    bool m_syncing = false;
    const Unit *m_shownUnit = nullptr;
    int m_shownEntry = -1; // the fleet entry shown, or -1 (a catalogue unit)
};

} // namespace jw
