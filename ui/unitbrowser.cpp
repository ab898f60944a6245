// SPDX-License-Identifier: GPL-3.0-or-later
#include "unitbrowser.h"

#include "layoututil.h"
#include "print/cardview.h"
#include "unitcomparedialog.h"
#include "unitdetailview.h"
#include "unitfilterproxy.h"
#include "unitlistmodel.h"

#include "units/unitdatabase.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSplitter>
#include <QStackedLayout>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace jw {

UnitBrowser::UnitBrowser(QWidget *parent)
    : QWidget(parent)
    , m_model(new UnitListModel(this))
    , m_proxy(new UnitFilterProxy(this))
{
    m_proxy->setSourceModel(m_model);

    m_search = new QLineEdit(this);
    m_search->setObjectName(QStringLiteral("unitSearch"));
    m_search->setAccessibleName(tr("Search units"));
    m_search->setPlaceholderText(tr("Search names, weapons, traits, rules text…"));
    m_search->setToolTip(tr("Every word must appear somewhere in the unit: its name, class, "
                            "weapons, traits or their rules (\"laser hangers\")"));
    m_search->setClearButtonEnabled(true);

    m_faction = new ElidingComboBox(this);
    m_faction->setObjectName(QStringLiteral("factionFilter"));
    m_faction->setToolTip(tr("Show the units of one faction"));

    m_type = new ElidingComboBox(this);
    m_type->setObjectName(QStringLiteral("typeFilter"));
    m_type->setToolTip(tr("Show one type of unit"));
    m_type->addItem(tr("All types"), QString());
    m_type->addItem(tr("Capital Ships"), QStringLiteral("capital"));
    m_type->addItem(tr("Squadrons"), QStringLiteral("squadron"));
    m_type->addItem(tr("Exo-Armor"), QStringLiteral("exo-armor"));
    m_type->addItem(tr("Fighters"), QStringLiteral("fighter"));

    m_view = new QTableView(this);
    m_view->setObjectName(QStringLiteral("unitTable"));
    m_view->setAccessibleName(tr("Units"));
    m_view->setTabKeyNavigation(false); // rows: arrows move, Tab leaves the table
    m_view->setModel(m_proxy);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection); // Compare, Add to Fleet
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(UnitListModel::NameColumn, Qt::AscendingOrder);
    m_view->setAlternatingRowColors(true);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setDragEnabled(true);
    m_view->setDragDropMode(QAbstractItemView::DragOnly);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 8);
    m_view->horizontalHeader()->setSectionResizeMode(UnitListModel::NameColumn,
                                                     QHeaderView::Stretch);
    for (int c = UnitListModel::FactionColumn; c < UnitListModel::ColumnCount; ++c)
        m_view->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);

    m_empty = new QLabel(tr("No unit matches the filters."), this);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setEnabled(false);

    m_count = new QLabel(this);
    m_count->setObjectName(QStringLiteral("unitCount"));
    // What the mark after a name means (the printed roster marks those units the same way).
    m_legend = new QLabel(tr("* provisional: values that are jwfleet's estimate, not published "
                             "in the rules or on a printed card"),
                          this);
    m_legend->setObjectName(QStringLiteral("provisionalLegend"));
    m_legend->setWordWrap(true);
    m_legend->setToolTip(tr("The unit's Details say which values; enter a printed card's values "
                            "to replace them."));
    m_legend->setForegroundRole(QPalette::PlaceholderText);

    m_compare = new QPushButton(tr("Compare"), this);
    m_compare->setObjectName(QStringLiteral("compareUnits"));
    m_compare->setToolTip(tr("Select two or three units (Ctrl+click) to see them side by side"));
    m_addToFleet = new QPushButton(tr("Add to Fleet"), this);
    m_addToFleet->setObjectName(QStringLiteral("addToFleet"));
    m_addToFleet->setToolTip(tr("Add the selected units to the fleet open in the Fleet Builder "
                                "(undo it there)"));
    m_enterCard = new QPushButton(tr("Enter Printed Card Values…"), this);
    m_enterCard->setObjectName(QStringLiteral("enterCardValues"));
    m_enterCard->setToolTip(tr("Replace the selected unit's values with those printed on your "
                               "card (Edit › Undo takes it back)"));
    m_enterCard->setVisible(false); // shown when someone handles the request
    m_actions = new QWidget(this);
    auto *actionsLayout = new QHBoxLayout(m_actions);
    actionsLayout->setContentsMargins(0, 0, 0, 0);
    actionsLayout->addWidget(m_count, 1);
    actionsLayout->addWidget(m_compare);
    actionsLayout->addWidget(m_addToFleet);
    actionsLayout->addWidget(m_enterCard);

    m_detail = new UnitDetailView(this);
    m_card = new CardView(this);
    m_detailTabs = new QTabWidget(this);
    m_detailTabs->setObjectName(QStringLiteral("unitDetailTabs"));
    m_detailTabs->addTab(m_detail, tr("Details"));
    auto *cardPage = new QWidget(this);
    auto *cardLayout = new QVBoxLayout(cardPage);
    cardLayout->addWidget(m_card);
    cardLayout->addStretch(1);
    m_detailTabs->addTab(cardPage, tr("Card"));

    auto *filters = new QVBoxLayout;
    filters->addWidget(m_search);
    auto *combos = new QHBoxLayout;
    combos->addWidget(m_faction, 1);
    combos->addWidget(m_type, 1);
    filters->addLayout(combos);

    auto *stack = new QStackedLayout;
    stack->addWidget(m_view);
    stack->addWidget(m_empty);

    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addLayout(filters);
    leftLayout->addLayout(stack, 1);
    leftLayout->addWidget(m_actions);
    leftLayout->addWidget(m_legend);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(left);
    splitter->addWidget(m_detailTabs);
    // The list with its rating columns takes the larger part.
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setSizes({720, 480});
    splitter->setChildrenCollapsible(false);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(splitter);

    connect(m_search, &QLineEdit::textChanged, m_proxy, &UnitFilterProxy::setSearchText);
    connect(m_faction, &QComboBox::currentIndexChanged, this,
            [this] { m_proxy->setFactionFilter(m_faction->currentData().toString()); });
    connect(m_type, &QComboBox::currentIndexChanged, this,
            [this] { m_proxy->setTypeFilter(m_type->currentData().toString()); });
    for (auto signal : {&QSortFilterProxyModel::rowsInserted, &QSortFilterProxyModel::rowsRemoved})
        connect(m_proxy, signal, this, [this, stack] {
            updateCount();
            stack->setCurrentIndex(m_proxy->rowCount() == 0 && m_db ? 1 : 0);
            // Keep a unit selected while any is shown (the fleet builder adds it): the
            // current one, else the first.
            if (!m_view->selectionModel()->hasSelection() && m_proxy->rowCount() > 0)
                selectRow(m_view->currentIndex().isValid() ? m_view->currentIndex()
                                                           : m_proxy->index(0, 0));
        });
    connect(m_proxy, &QSortFilterProxyModel::modelReset, this, [this, stack] {
        updateCount();
        stack->setCurrentIndex(m_proxy->rowCount() == 0 && m_db ? 1 : 0);
    });
    connect(m_proxy, &QSortFilterProxyModel::layoutChanged, this, [this] { updateCount(); });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this] { showCurrent(); });
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &UnitBrowser::updateButtons);
    connect(m_compare, &QPushButton::clicked, this, &UnitBrowser::compareSelected);
    connect(m_addToFleet, &QPushButton::clicked, this, [this] {
        const QStringList ids = selectedUnitIds();
        if (!ids.isEmpty())
            Q_EMIT addToFleetRequested(ids);
    });
    connect(m_enterCard, &QPushButton::clicked, this, [this] {
        if (const Unit *u = currentUnit())
            Q_EMIT enterCardValuesRequested(u->id);
    });
    connect(m_view, &QTableView::activated, this, [this](const QModelIndex &idx) {
        Q_EMIT unitActivated(idx.data(UnitListModel::UnitIdRole).toString());
    });
    updateCount();
    updateButtons();
}

void UnitBrowser::setDatabase(const UnitDatabase *db)
{
    m_db = db;
    m_model->setDatabase(db);
    const QSignalBlocker block(m_faction);
    m_faction->clear();
    m_faction->addItem(tr("All factions"), QString());
    if (db) {
        for (const FactionInfo &f : db->factions())
            m_faction->addItem(f.name, f.id);
    }
    m_proxy->setFactionFilter(QString());
    if (m_proxy->rowCount() > 0)
        selectRow(m_proxy->index(0, 0));
    updateCount();
    showCurrent();
}

const Unit *UnitBrowser::currentUnit() const
{
    const QModelIndex idx = m_view->currentIndex();
    if (!idx.isValid())
        return nullptr;
    return m_model->unitAt(m_proxy->mapToSource(idx).row());
}

void UnitBrowser::selectUnit(const QString &unitId)
{
    const int row = m_model->rowOf(unitId);
    if (row < 0)
        return;
    const QModelIndex idx = m_proxy->mapFromSource(m_model->index(row, 0));
    if (idx.isValid())
        selectRow(idx);
}

void UnitBrowser::focusSearch()
{
    m_search->setFocus(Qt::ShortcutFocusReason);
    m_search->selectAll();
}

void UnitBrowser::setDetailVisible(bool visible)
{
    m_detailTabs->setVisible(visible);
    m_compare->setVisible(visible);
    m_addToFleet->setVisible(visible);
    for (int c = UnitListModel::SpeedColumn; c < UnitListModel::ColumnCount; ++c)
        m_view->setColumnHidden(c, !visible);
}

void UnitBrowser::selectRow(const QModelIndex &index)
{
    // Current and selected (setCurrentIndex alone does not select in an extended selection
    // without a key or click): Add to Fleet acts on the unit shown.
    m_view->selectionModel()->setCurrentIndex(
        index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

QStringList UnitBrowser::selectedUnitIds() const
{
    QModelIndexList rows = m_view->selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end(),
              [](const QModelIndex &a, const QModelIndex &b) { return a.row() < b.row(); });
    QStringList ids;
    for (const QModelIndex &i : rows)
        ids << i.data(UnitListModel::UnitIdRole).toString();
    return ids;
}

bool UnitBrowser::compareSelected()
{
    std::vector<const Unit *> units;
    for (const QString &id : selectedUnitIds()) {
        if (const Unit *u = m_db ? m_db->unit(id) : nullptr)
            units.push_back(u);
    }
    if (units.size() < 2 || units.size() > 3)
        return false;
    auto *dialog = new UnitCompareDialog(units, *m_db, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return true;
}

void UnitBrowser::updateButtons()
{
    const int n = int(m_view->selectionModel()->selectedRows().size());
    m_compare->setEnabled(n >= 2 && n <= 3);
    m_compare->setText(n >= 2 && n <= 3 ? tr("Compare %n Units", nullptr, n) : tr("Compare"));
    m_addToFleet->setEnabled(n > 0);
    m_enterCard->setEnabled(currentUnit() != nullptr);
}

void UnitBrowser::setCardEntryEnabled(bool enabled)
{
    m_enterCard->setVisible(enabled);
}

void UnitBrowser::refreshUnits()
{
    const Unit *u = currentUnit();
    const QString id = u ? u->id : QString();
    m_model->setDatabase(m_db);
    if (!id.isEmpty())
        selectUnit(id);
    updateCount();
    showCurrent();
}

void UnitBrowser::setFactionFilter(const QString &factionId)
{
    const int i = m_faction->findData(factionId);
    m_faction->setCurrentIndex(i < 0 ? 0 : i);
}

int UnitBrowser::visibleUnitCount() const
{
    return m_proxy->rowCount();
}

void UnitBrowser::updateCount()
{
    const int total = m_model->rowCount();
    const int shown = m_proxy->rowCount();
    m_count->setText(shown == total ? tr("%1 units").arg(total)
                                    : tr("%1 of %2 units").arg(shown).arg(total));
}

void UnitBrowser::showCurrent()
{
    const Unit *u = currentUnit();
    const FactionInfo *faction = u && m_db ? m_db->faction(u->faction) : nullptr;
    m_detail->showUnit(u, faction);
    m_enterCard->setEnabled(u != nullptr);
    if (!m_detailTabs->isHidden()) { // the fleet builder shows its own card
        CardOptions options;
        if (faction)
            options.factionName = faction->name;
        m_card->setUnit(u, options);
    }
    Q_EMIT currentUnitChanged(u ? u->id : QString());
}

} // namespace jw
