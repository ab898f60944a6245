// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleetbuilder/fleetbuilder.h"

#include "fleetbuilder/fleetclipboard.h"
#include "fleetbuilder/fleetdocument.h"
#include "fleetbuilder/fleetlistmodel.h"
#include "fleetbuilder/rulegaugewidget.h"
#include "fleetbuilder/validationpanel.h"
#include "fleetbuilder/weaponoddsview.h"
#include "io/textcheck.h"
#include "layoututil.h"
#include "namevalidator.h"
#include "print/cardview.h"
#include "unitbrowser.h"
#include "unitdetailview.h"
#include "unitlistmodel.h"

#include "fleet/rulesprofile.h"
#include "fleet/upgrade.h"
#include "units/unitdatabase.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QShortcut>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTreeView>
#include <QUndoStack>
#include <QVBoxLayout>

namespace jw {

FleetBuilder::FleetBuilder(FleetDocument *doc, QWidget *parent)
    : QWidget(parent)
    , m_doc(doc)
    , m_db(doc->database())
    , m_model(new FleetListModel(doc, this))
    , m_catalogue(new UnitBrowser(this))
    , m_fleetView(new QTreeView(this))
    , m_validation(new ValidationPanel(doc, this))
    , m_preview(new UnitDetailView(this))
    , m_odds(new WeaponOddsView(this))
    , m_card(new CardView(this))
{
    setObjectName(QStringLiteral("fleetBuilder"));

    // Catalogue (left).
    m_catalogue->setDatabase(&m_db);
    m_catalogue->setDetailVisible(false);
    m_catalogue->view()->setColumnHidden(UnitListModel::FactionColumn, true);
    m_add = new QPushButton(tr("Add to Fleet"), this);
    m_add->setObjectName(QStringLiteral("addUnit"));
    m_add->setIcon(style()->standardIcon(QStyle::SP_ArrowRight));
    m_add->setToolTip(tr("Add the selected unit (or double-click it, or drag it to the fleet)"));
    auto *catalogueBox = new QWidget(this);
    auto *catalogueLayout = new QVBoxLayout(catalogueBox);
    catalogueLayout->setContentsMargins(0, 0, 0, 0);
    auto *catalogueTitle = new QLabel(tr("<b>Units</b>"), this);
    catalogueLayout->addWidget(catalogueTitle);
    catalogueLayout->addWidget(m_catalogue, 1);
    catalogueLayout->addWidget(m_add);

    // Fleet (middle): settings, list, buttons, selected entry, gauges.
    auto *fleetBox = new QWidget(this);
    auto *fleetLayout = new QVBoxLayout(fleetBox);
    fleetLayout->setContentsMargins(0, 0, 0, 0);
    buildSettings(fleetLayout);

    m_fleetView->setObjectName(QStringLiteral("fleetList"));
    m_fleetView->setAccessibleName(tr("Fleet list"));
    m_fleetView->setModel(m_model);
    m_fleetView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_fleetView->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_fleetView->setEditTriggers(QAbstractItemView::DoubleClicked
                                 | QAbstractItemView::EditKeyPressed
                                 | QAbstractItemView::SelectedClicked);
    m_fleetView->setDragDropMode(QAbstractItemView::DragDrop);
    m_fleetView->setDefaultDropAction(Qt::MoveAction);
    m_fleetView->setDragEnabled(true);
    m_fleetView->setAcceptDrops(true);
    m_fleetView->setDropIndicatorShown(true);
    m_fleetView->setUniformRowHeights(true);
    m_fleetView->setItemsExpandable(false); // the categories and carriers stay open
    m_fleetView->setIndentation(m_fleetView->fontMetrics().averageCharWidth() * 2);
    m_fleetView->header()->setStretchLastSection(false);
    m_fleetView->header()->setSectionResizeMode(FleetListModel::NameColumn, QHeaderView::Stretch);
    for (int c = FleetListModel::UnitColumn; c < FleetListModel::ColumnCount; ++c)
        m_fleetView->header()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    m_fleetView->setAlternatingRowColors(true);
    m_fleetView->setWordWrap(false);
    m_card->setObjectName(QStringLiteral("entryCard")); // the selected model's card
    spanCategories();
    // Copy and paste of entries, between fleets too; on the list's context menu as well.
    m_copyAct = new QAction(tr("&Copy"), this);
    m_copyAct->setObjectName(QStringLiteral("copyEntries"));
    m_copyAct->setShortcut(QKeySequence::Copy);
    m_copyAct->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_copyAct->setStatusTip(tr("Copy the selected models, to paste them into another fleet"));
    m_pasteAct = new QAction(tr("&Paste"), this);
    m_pasteAct->setObjectName(QStringLiteral("pasteEntries"));
    m_pasteAct->setShortcut(QKeySequence::Paste);
    m_pasteAct->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_pasteAct->setStatusTip(tr("Add the copied models to this fleet"));
    addAction(m_copyAct);
    addAction(m_pasteAct);
    m_fleetView->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_fleetView->addAction(m_copyAct);
    m_fleetView->addAction(m_pasteAct);
    connect(m_copyAct, &QAction::triggered, this, &FleetBuilder::copySelected);
    connect(m_pasteAct, &QAction::triggered, this, &FleetBuilder::paste);
    const auto clipboardChanged = [this] {
        m_pasteAct->setEnabled(fleetclipboard::hasEntries(QApplication::clipboard()->mimeData()));
    };
    connect(QApplication::clipboard(), &QClipboard::dataChanged, this, clipboardChanged);
    clipboardChanged();
    fleetLayout->addWidget(m_fleetView, 1);

    auto *buttons = new QHBoxLayout;
    m_remove = new QPushButton(tr("Remove"), this);
    m_remove->setObjectName(QStringLiteral("removeUnit"));
    m_remove->setShortcut(QKeySequence::Delete);
    m_up = new QPushButton(tr("Move Up"), this);
    m_down = new QPushButton(tr("Move Down"), this);
    m_duplicate = new QPushButton(tr("Duplicate"), this);
    for (QPushButton *b : {m_remove, m_up, m_down, m_duplicate})
        buttons->addWidget(b);
    buttons->addStretch(1);
    fleetLayout->addLayout(buttons);
    // The total on a line of its own, so that the buttons and it do not add up to a width a
    // small screen lacks (issue 16.2).
    m_total = new QLabel(this);
    m_total->setObjectName(QStringLiteral("fleetTotal"));
    m_total->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_total->setWordWrap(true);
    fleetLayout->addWidget(m_total);

    m_entryBox = new QGroupBox(tr("Selected model"), this);
    auto *entryForm = m_entryForm = new QFormLayout(m_entryBox);
    m_embark = new QComboBox(m_entryBox);
    m_embark->setObjectName(QStringLiteral("embarkCombo"));
    m_embark->setToolTip(tr("Start the game on the table, or embarked on a carrier (Hangers "
                            "for squadrons, Dock for a capital ship)"));
    entryForm->addRow(tr("Starts:"), m_embark);
    auto *upgradeRow = new QHBoxLayout;
    for (const Upgrade &u : Upgrade::all()) {
        auto *check = new QCheckBox(tr("%1 (%2 TV)").arg(u.name).arg(u.tv), m_entryBox);
        check->setProperty("upgradeId", u.id);
        check->setToolTip(u.summary);
        m_upgradeChecks << check;
        upgradeRow->addWidget(check);
        connect(check, &QCheckBox::toggled, this, [this, id = u.id](bool on) {
            if (m_syncing)
                return;
            const QList<int> sel = selectedEntries();
            if (sel.size() != 1)
                return;
            QStringList ups = m_doc->fleet().entries[std::size_t(sel.first())].upgrades;
            ups.removeAll(id);
            if (on)
                ups << id;
            m_doc->setUpgrades(sel.first(), ups);
        });
    }
    upgradeRow->addStretch(1);
    entryForm->addRow(tr("Upgrades:"), upgradeRow);
    fleetLayout->addWidget(m_entryBox);

    // The gauges fold away under their title on a small screen; the choice is remembered.
    m_gaugeSection
        = new CollapsibleSection(tr("Fleet rules"), QStringLiteral("builder/fleetRules"), this);
    m_gaugeSection->setObjectName(QStringLiteral("fleetRulesSection"));
    auto *gaugeBox = new QWidget;
    m_gaugeLayout = new QVBoxLayout(gaugeBox);
    m_gaugeLayout->setContentsMargins(6, 0, 0, 0);
    m_gaugeSection->setContents(gaugeBox);
    fleetLayout->addWidget(m_gaugeSection);

    // Right: preview, weapon odds, problems.
    auto *tabs = new QTabWidget(this);
    tabs->setObjectName(QStringLiteral("builderTabs"));
    auto *cardPage = new QWidget(this);
    auto *cardLayout = new QVBoxLayout(cardPage);
    cardLayout->addWidget(m_card);
    cardLayout->addStretch(1);
    tabs->addTab(cardPage, tr("Card"));
    tabs->addTab(m_preview, tr("Details"));
    tabs->addTab(m_odds, tr("Weapon Odds"));
    auto *right = new QSplitter(Qt::Vertical, this);
    right->addWidget(tabs);
    auto *problemsBox = new QGroupBox(tr("Problems"), this);
    auto *problemsLayout = new QVBoxLayout(problemsBox);
    problemsLayout->addWidget(m_validation);
    right->addWidget(problemsBox);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 2);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(catalogueBox);
    splitter->addWidget(fleetBox);
    splitter->addWidget(right);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 4);
    splitter->setStretchFactor(2, 3);
    splitter->setChildrenCollapsible(false);
    splitter->setSizes({340, 540, 420});
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(splitter);

    // Wiring.
    connect(m_add, &QPushButton::clicked, this, &FleetBuilder::addSelectedUnit);
    connect(m_catalogue, &UnitBrowser::unitActivated, this,
            [this](const QString &id) { m_doc->addUnit(id); });
    connect(m_catalogue, &UnitBrowser::currentUnitChanged, this, [this](const QString &id) {
        m_add->setEnabled(!id.isEmpty());
        showUnit(m_db.unit(id));
    });
    connect(m_remove, &QPushButton::clicked, this, &FleetBuilder::removeSelected);
    connect(m_up, &QPushButton::clicked, this, [this] { moveSelected(-1); });
    connect(m_down, &QPushButton::clicked, this, [this] { moveSelected(+1); });
    connect(m_duplicate, &QPushButton::clicked, this, &FleetBuilder::duplicateSelected);
    connect(m_validation, &ValidationPanel::entriesSelected, this, &FleetBuilder::selectEntries);
    connect(m_fleetView->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        syncEntryPanel();
        const QList<int> sel = selectedEntries();
        if (sel.size() == 1)
            showUnit(m_db.unit(m_doc->fleet().entries[std::size_t(sel.first())].unitId),
                     sel.first());
    });
    // The list is rebuilt when its shape changes (a model added, embarked, removed): the
    // categories open again and the same entries stay selected.
    connect(m_model, &QAbstractItemModel::modelAboutToBeReset, this,
            [this] { m_keptSelection = selectedEntries(); });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        spanCategories();
        QList<int> keep;
        for (int e : std::as_const(m_keptSelection)) {
            if (e < m_doc->fleet().size())
                keep << e;
        }
        selectEntries(keep);
        syncEntryPanel();
    });
    connect(m_embark, &QComboBox::activated, this, [this] {
        const QList<int> sel = selectedEntries();
        if (m_syncing || sel.size() != 1)
            return;
        const int carrier = m_embark->currentData().toInt();
        m_doc->setEmbarkedOn(sel.first(), carrier < 0 ? std::nullopt : std::optional<int>(carrier));
    });
    connect(m_doc, &FleetDocument::reportChanged, this, [this] {
        if (m_doc->fleet().faction != m_shownFaction) {
            m_shownFaction = m_doc->fleet().faction;
            m_catalogue->setFactionFilter(m_shownFaction);
        }
        syncSettings();
        syncGauges();
        syncEntryPanel();
        // An upgrade taken or dropped changes the shown entry's card and odds.
        if (m_shownEntry >= 0 && m_shownEntry < m_doc->fleet().size()
            && m_db.unit(m_doc->fleet().entries[std::size_t(m_shownEntry)].unitId) == m_shownUnit)
            showUnit(m_shownUnit, m_shownEntry);
    });

    syncSettings();
    syncGauges();
    syncEntryPanel();
    m_shownFaction = m_doc->fleet().faction;
    m_catalogue->setFactionFilter(m_shownFaction);
}

void FleetBuilder::buildSettings(QVBoxLayout *into)
{
    auto *form = new QGridLayout;
    m_name = new QLineEdit(this);
    m_name->setObjectName(QStringLiteral("fleetName"));
    m_name->setAccessibleName(tr("Fleet name"));
    m_name->setPlaceholderText(tr("Fleet name"));
    m_name->setMaxLength(io::kMaxNameLength);
    m_name->setValidator(new NameValidator(m_name));
    m_faction = new ElidingComboBox(this);
    m_faction->setObjectName(QStringLiteral("fleetFaction"));
    for (const FactionInfo &f : m_db.factions())
        m_faction->addItem(f.name, f.id);
    m_points = new QSpinBox(this);
    m_points->setObjectName(QStringLiteral("fleetPoints"));
    m_points->setAccessibleName(tr("Points level"));
    m_points->setRange(1, 10000);
    m_points->setSingleStep(25);
    m_points->setSuffix(tr(" pts"));
    m_points->setKeyboardTracking(false);
    m_size = new ElidingComboBox(this);
    m_size->setObjectName(QStringLiteral("gameSize"));
    m_size->setToolTip(tr("The game sizes of the rules profile"));
    m_rules = new ElidingComboBox(this);
    m_rules->setObjectName(QStringLiteral("fleetRules"));
    for (const RulesProfile &p : RulesProfile::all())
        m_rules->addItem(p.title, p.id);

    // The combo boxes show their whole items when there is room, and may be narrower (the
    // item elided, in full in the tooltip) so that the three columns of the tab fit a small screen
    // (issue 16.2): an explicit minimum width stands in for the one their longest item asks.
    for (QComboBox *combo : {m_faction, m_size, m_rules})
        combo->setMinimumWidth(combo->fontMetrics().averageCharWidth() * 8 + 32);
    form->addWidget(new QLabel(tr("Name:"), this), 0, 0);
    form->addWidget(m_name, 0, 1, 1, 3);
    form->addWidget(new QLabel(tr("Faction:"), this), 0, 4);
    form->addWidget(m_faction, 0, 5);
    form->addWidget(new QLabel(tr("Points:"), this), 1, 0);
    form->addWidget(m_points, 1, 1);
    form->addWidget(m_size, 1, 2, 1, 2);
    form->addWidget(new QLabel(tr("Rules:"), this), 1, 4);
    form->addWidget(m_rules, 1, 5);
    form->setColumnStretch(3, 1);
    into->addLayout(form);

    connect(m_name, &QLineEdit::textEdited, m_doc, &FleetDocument::setName);
    connect(m_faction, &QComboBox::activated, this,
            [this] { m_doc->setFaction(m_faction->currentData().toString()); });
    connect(m_points, &QSpinBox::valueChanged, this, [this](int v) {
        if (!m_syncing)
            m_doc->setPoints(v);
    });
    connect(m_size, &QComboBox::activated, this, [this] {
        const int pts = m_size->currentData().toInt();
        if (pts > 0)
            m_doc->setPoints(pts);
    });
    connect(m_rules, &QComboBox::activated, this,
            [this] { m_doc->setRules(m_rules->currentData().toString()); });
}

void FleetBuilder::syncSettings()
{
    m_syncing = true;
    const Fleet &f = m_doc->fleet();
    if (m_name->text() != f.name)
        m_name->setText(f.name);
    m_faction->setCurrentIndex(m_faction->findData(f.faction));
    if (m_points->value() != f.points)
        m_points->setValue(f.points);
    m_rules->setCurrentIndex(m_rules->findData(f.rules));
    m_size->clear();
    const auto profile = RulesProfile::byId(f.rules);
    bool named = false;
    if (profile) {
        for (const GameSize &g : profile->gameSizes) {
            m_size->addItem(tr("%1 (%2)").arg(g.name).arg(g.points), g.points);
            named |= g.points == f.points;
        }
    }
    m_size->addItem(tr("Agreed limit"), 0);
    const int at = m_size->findData(f.points);
    m_size->setCurrentIndex(named && at >= 0 ? at : m_size->count() - 1);
    m_odds->setSquadronQPlusDestroys(!profile
                                     || profile->squadronQPlus == SquadronQPlusRule::Destroyed);

    const FleetReport &r = m_doc->report();
    const int left = f.points - r.totals.total;
    m_total->setText(
        left >= 0
            ? tr("<b>%1</b> of %2 points · %3 left").arg(r.totals.total).arg(f.points).arg(left)
            : tr("<b>%1</b> of %2 points · <b>%3 over</b>")
                  .arg(r.totals.total)
                  .arg(f.points)
                  .arg(-left));
    m_syncing = false;
}

void FleetBuilder::syncGauges()
{
    const std::vector<RuleGauge> &gauges = m_doc->report().gauges;
    while (m_gauges.size() > int(gauges.size()))
        delete m_gauges.takeLast();
    while (m_gauges.size() < int(gauges.size())) {
        auto *g = new RuleGaugeWidget(this);
        m_gaugeLayout->addWidget(g);
        m_gauges << g;
    }
    for (int i = 0; i < int(gauges.size()); ++i) {
        m_gauges[i]->setObjectName(QStringLiteral("gauge-") + gauges[std::size_t(i)].rule);
        m_gauges[i]->setGauge(gauges[std::size_t(i)]);
    }
}

void FleetBuilder::syncEntryPanel()
{
    m_syncing = true;
    const QList<int> sel = selectedEntries();
    const bool one = sel.size() == 1;
    m_remove->setEnabled(!sel.isEmpty());
    m_duplicate->setEnabled(one);
    const std::vector<int> siblings = one ? m_model->siblingsOf(sel.first()) : std::vector<int>();
    m_up->setEnabled(!siblings.empty() && siblings.front() != sel.first());
    m_down->setEnabled(!siblings.empty() && siblings.back() != sel.first());
    m_copyAct->setEnabled(!sel.isEmpty());
    m_entryBox->setEnabled(one);
    m_embark->clear();
    if (one) {
        const int index = sel.first();
        const FleetEntry &e = m_doc->fleet().entries[std::size_t(index)];
        m_entryBox->setTitle(tr("Selected model: %1").arg(m_doc->fleet().entryName(index, m_db)));
        m_embark->addItem(tr("On the table (or In Reserve)"), -1);
        for (int c : m_doc->possibleCarriers(index))
            m_embark->addItem(tr("Embarked on %1").arg(m_doc->fleet().entryName(c, m_db)), c);
        if (e.embarkedOn
            && m_embark->findData(*e.embarkedOn) < 0) // not a carrier: shown all the same
            m_embark->addItem(tr("Embarked on %1 (not a carrier)")
                                  .arg(m_doc->fleet().entryName(*e.embarkedOn, m_db)),
                              *e.embarkedOn);
        m_embark->setCurrentIndex(m_embark->findData(e.embarkedOn.value_or(-1)));
        const auto profile = RulesProfile::byId(m_doc->fleet().rules);
        for (QCheckBox *c : m_upgradeChecks) {
            const QString id = c->property("upgradeId").toString();
            c->setChecked(e.upgrades.contains(id));
            const bool offered = profile && profile->offersUpgrade(id);
            c->setVisible(offered || e.upgrades.contains(id));
        }
    } else {
        m_entryBox->setTitle(tr("Selected model"));
        for (QCheckBox *c : m_upgradeChecks)
            c->setChecked(false);
    }
    // v1.2.2 has no upgrades: no empty row.
    const auto rules = RulesProfile::byId(m_doc->fleet().rules);
    bool anyUpgrade = rules && !rules->upgrades.isEmpty();
    for (QCheckBox *c : m_upgradeChecks)
        anyUpgrade |= c->isChecked();
    m_entryForm->setRowVisible(1, anyUpgrade);
    m_syncing = false;
}

void FleetBuilder::showUnit(const Unit *unit, int entry)
{
    m_shownUnit = unit;
    m_shownEntry = entry;
    const FactionInfo *faction = unit ? m_db.faction(unit->faction) : nullptr;
    m_preview->showUnit(unit, faction);
    const bool isEntry = entry >= 0 && entry < m_doc->fleet().size();
    // The entry's upgrades change its attacks (Ace Pilot: Ace).
    m_odds->setUnit(unit,
                    isEntry ? m_doc->fleet().entries[std::size_t(entry)].upgrades : QStringList());
    CardOptions options;
    if (faction)
        options.factionName = faction->name;
    if (entry >= 0 && entry < m_doc->fleet().size()) {
        const FleetEntry &e = m_doc->fleet().entries[std::size_t(entry)];
        options.modelName = e.name;
        // The model's card: its upgrades named, its TV with theirs (as printed).
        for (const QString &id : e.upgrades) {
            const Upgrade *u = Upgrade::byId(id);
            options.upgrades << (u ? u->name : id);
            options.upgradeTv += u ? u->tv : 0;
        }
    }
    m_card->setUnit(unit, options);
}

QList<int> FleetBuilder::selectedEntries() const
{
    QList<int> rows;
    for (const QModelIndex &i : m_fleetView->selectionModel()->selectedRows()) {
        if (const int e = m_model->entryOf(i); e >= 0)
            rows << e;
    }
    std::sort(rows.begin(), rows.end());
    return rows;
}

void FleetBuilder::addSelectedUnit()
{
    if (const Unit *u = m_catalogue->currentUnit()) {
        m_doc->addUnit(u->id);
        selectEntries({m_doc->fleet().size() - 1});
    }
}

void FleetBuilder::removeSelected()
{
    const QList<int> sel = selectedEntries();
    if (sel.isEmpty())
        return;
    m_doc->removeEntries(sel);
    const int next = std::min(sel.first(), m_doc->fleet().size() - 1);
    if (next >= 0)
        selectEntries({next});
}

void FleetBuilder::moveSelected(int delta)
{
    const QList<int> sel = selectedEntries();
    if (sel.size() != 1)
        return;
    // Up and down among the models shown beside it (its category, or its carrier).
    const std::vector<int> siblings = m_model->siblingsOf(sel.first());
    const auto at = std::find(siblings.begin(), siblings.end(), sel.first());
    const auto to = at + delta;
    if (at == siblings.end() || to < siblings.begin() || to >= siblings.end())
        return;
    m_doc->moveEntry(sel.first(), *to);
    selectEntries({*to});
}

void FleetBuilder::duplicateSelected()
{
    const QList<int> sel = selectedEntries();
    if (sel.size() != 1)
        return;
    m_doc->duplicateEntry(sel.first());
    selectEntries({sel.first() + 1});
}

void FleetBuilder::selectEntries(const QList<int> &entries)
{
    QItemSelection selection;
    for (int e : entries) {
        const QModelIndex first = m_model->indexOfEntry(e);
        if (first.isValid())
            selection.select(first, m_model->indexOfEntry(e, FleetListModel::ColumnCount - 1));
    }
    m_fleetView->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    if (!entries.isEmpty()) {
        const QModelIndex first = m_model->indexOfEntry(entries.first());
        if (first.isValid()) {
            m_fleetView->selectionModel()->setCurrentIndex(first, QItemSelectionModel::NoUpdate);
            m_fleetView->scrollTo(first);
        }
    }
}

void FleetBuilder::spanCategories()
{
    // A category's heading and subtotal read across the row.
    for (int r = 0; r < m_model->rowCount(); ++r)
        m_fleetView->setFirstColumnSpanned(r, {}, true);
    m_fleetView->expandAll();
}

void FleetBuilder::copySelected()
{
    const QList<int> sel = selectedEntries();
    if (sel.isEmpty())
        return;
    QApplication::clipboard()->setMimeData(fleetclipboard::toMimeData(m_doc->fleet(), sel, m_db));
}

bool FleetBuilder::paste()
{
    const std::vector<FleetEntry> entries
        = fleetclipboard::fromMimeData(QApplication::clipboard()->mimeData());
    if (entries.empty())
        return false;
    const int first = m_doc->fleet().size();
    m_doc->appendEntries(entries);
    QList<int> added;
    for (int i = first; i < m_doc->fleet().size(); ++i)
        added << i;
    selectEntries(added);
    return true;
}

} // namespace jw
