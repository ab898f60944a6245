// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleetbuilder/fleetlistmodel.h"
#include "unittypetext.h"

#include "fleetbuilder/fleetdocument.h"
#include "io/textcheck.h"
#include "unitlistmodel.h"

#include "fleet/rulesprofile.h"
#include "fleet/upgrade.h"
#include "units/unitdatabase.h"

#include <QApplication>
#include <QColor>
#include <QFont>
#include <QIcon>
#include <QMimeData>
#include <QPalette>
#include <QStyle>

#include <cmath>
#include <iterator>

namespace jw {

namespace {

struct Category
{
    const char *id;
    const char *name; // translated in the model's context
};
constexpr Category kCategories[] = {
    {"capital", QT_TRANSLATE_NOOP("jw::FleetListModel", "Capital Ships")},
    {"squadron", QT_TRANSLATE_NOOP("jw::FleetListModel", "Squadrons")},
    {"static", QT_TRANSLATE_NOOP("jw::FleetListModel", "Static Defenses")},
    {"unknown", QT_TRANSLATE_NOOP("jw::FleetListModel", "Unknown Units")},
};
constexpr int kCategoryCount = int(std::size(kCategories));

// The heading of an entry: the category the fleet rules count its points in
// (core's pointsCategory(), in kCategories' order), or unknown units last.
int categoryOf(const Unit *u)
{
    if (!u)
        return 3;
    switch (pointsCategory(*u)) {
    case PointsCategory::CapitalShips:
        return 0;
    case PointsCategory::Squadrons:
        return 1;
    case PointsCategory::StaticDefences:
        return 2;
    }
    return 3;
}

// The subtotal of a heading, as the validator counted it (0 for unknown units).
int categoryPoints(const FleetTotals &t, int category)
{
    constexpr PointsCategory kOrder[]
        = {PointsCategory::CapitalShips, PointsCategory::Squadrons, PointsCategory::StaticDefences};
    return category >= 0 && category < int(std::size(kOrder)) ? t.of(kOrder[category]) : 0;
}

} // namespace

FleetListModel::FleetListModel(FleetDocument *doc, QObject *parent)
    : QAbstractItemModel(parent)
    , m_doc(doc)
{
    m_tree = tree(doc->fleet(), doc->database());
    connect(doc, &FleetDocument::reportChanged, this, &FleetListModel::refresh);
}

FleetListModel::Tree FleetListModel::tree(const Fleet &fleet, const UnitDatabase &db)
{
    Tree t;
    t.nodeOfEntry.assign(std::size_t(fleet.size()), -1);
    // An entry sits under its carrier when the carrier is another entry standing on the
    // table itself; anything else (no carrier, a chain, a bad index) under its category.
    const auto carrierOf = [&fleet](int i) {
        const auto &on = fleet.entries[std::size_t(i)].embarkedOn;
        if (!on || *on < 0 || *on >= fleet.size() || *on == i)
            return -1;
        const auto &carrierOn = fleet.entries[std::size_t(*on)].embarkedOn;
        if (carrierOn && *carrierOn >= 0 && *carrierOn < fleet.size() && *carrierOn != *on)
            return -1;
        return *on;
    };
    std::vector<int> categoryNode(kCategoryCount, -1);
    for (int c = 0; c < kCategoryCount; ++c) {
        bool any = false;
        for (int i = 0; i < fleet.size() && !any; ++i)
            any = carrierOf(i) < 0
                && categoryOf(db.unit(fleet.entries[std::size_t(i)].unitId)) == c;
        if (!any)
            continue;
        Node n;
        n.category = c;
        n.row = int(t.top.size());
        categoryNode[std::size_t(c)] = int(t.nodes.size());
        t.top.push_back(int(t.nodes.size()));
        t.nodes.push_back(n);
    }
    const auto addUnder = [&t](int parent, int entry) {
        Node n;
        n.entry = entry;
        n.parent = parent;
        n.row = int(t.nodes[std::size_t(parent)].children.size());
        const int id = int(t.nodes.size());
        t.nodes.push_back(n);
        t.nodes[std::size_t(parent)].children.push_back(id);
        t.nodeOfEntry[std::size_t(entry)] = id;
    };
    for (int i = 0; i < fleet.size(); ++i) {
        if (carrierOf(i) < 0)
            addUnder(categoryNode[std::size_t(
                         categoryOf(db.unit(fleet.entries[std::size_t(i)].unitId)))],
                     i);
    }
    for (int i = 0; i < fleet.size(); ++i) {
        if (const int c = carrierOf(i); c >= 0)
            addUnder(t.nodeOfEntry[std::size_t(c)], i);
    }
    return t;
}

void FleetListModel::refresh()
{
    Tree next = tree(m_doc->fleet(), m_doc->database());
    if (next != m_tree) {
        // The fleet is small: a reset keeps it simple; the builder restores the selection.
        beginResetModel();
        m_tree = std::move(next);
        endResetModel();
        return;
    }
    for (std::size_t i = 0; i < m_tree.nodes.size(); ++i) {
        const Node &n = m_tree.nodes[i];
        const QModelIndex parent = n.parent < 0
            ? QModelIndex()
            : createIndex(m_tree.nodes[std::size_t(n.parent)].row, 0, quintptr(n.parent));
        Q_EMIT dataChanged(index(n.row, 0, parent), index(n.row, ColumnCount - 1, parent));
    }
}

const FleetListModel::Node *FleetListModel::node(const QModelIndex &index) const
{
    if (!index.isValid() || index.model() != this || index.internalId() >= m_tree.nodes.size())
        return nullptr;
    return &m_tree.nodes[index.internalId()];
}

int FleetListModel::entryOf(const QModelIndex &index) const
{
    const Node *n = node(index);
    return n ? n->entry : -1;
}

QModelIndex FleetListModel::indexOfEntry(int entry, int column) const
{
    if (entry < 0 || entry >= int(m_tree.nodeOfEntry.size())
        || m_tree.nodeOfEntry[std::size_t(entry)] < 0)
        return {};
    const int id = m_tree.nodeOfEntry[std::size_t(entry)];
    return createIndex(m_tree.nodes[std::size_t(id)].row, column, quintptr(id));
}

QModelIndex FleetListModel::categoryIndex(const QString &categoryId) const
{
    for (int id : m_tree.top) {
        if (QLatin1String(kCategories[m_tree.nodes[std::size_t(id)].category].id) == categoryId)
            return createIndex(m_tree.nodes[std::size_t(id)].row, 0, quintptr(id));
    }
    return {};
}

std::vector<int> FleetListModel::entriesInViewOrder() const
{
    std::vector<int> out;
    const auto walk = [&](const auto &self, int id) -> void {
        const Node &n = m_tree.nodes[std::size_t(id)];
        if (n.entry >= 0)
            out.push_back(n.entry);
        for (int c : n.children)
            self(self, c);
    };
    for (int id : m_tree.top)
        walk(walk, id);
    return out;
}

std::vector<int> FleetListModel::siblingsOf(int entry) const
{
    std::vector<int> out;
    if (entry < 0 || entry >= int(m_tree.nodeOfEntry.size())
        || m_tree.nodeOfEntry[std::size_t(entry)] < 0)
        return out;
    const Node &n = m_tree.nodes[std::size_t(m_tree.nodeOfEntry[std::size_t(entry)])];
    for (int c : m_tree.nodes[std::size_t(n.parent)].children)
        out.push_back(m_tree.nodes[std::size_t(c)].entry);
    return out;
}

QModelIndex FleetListModel::index(int row, int column, const QModelIndex &parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount)
        return {};
    if (!parent.isValid()) {
        if (row >= int(m_tree.top.size()))
            return {};
        return createIndex(row, column, quintptr(m_tree.top[std::size_t(row)]));
    }
    const Node *p = node(parent);
    if (!p || row >= int(p->children.size()))
        return {};
    return createIndex(row, column, quintptr(p->children[std::size_t(row)]));
}

QModelIndex FleetListModel::parent(const QModelIndex &child) const
{
    const Node *n = node(child);
    if (!n || n->parent < 0)
        return {};
    return createIndex(m_tree.nodes[std::size_t(n->parent)].row, 0, quintptr(n->parent));
}

int FleetListModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_tree.top.size());
    if (parent.column() > 0)
        return 0;
    const Node *n = node(parent);
    return n ? int(n->children.size()) : 0;
}

int FleetListModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant FleetListModel::categoryData(const Node &n, int column, int role) const
{
    const Fleet &fleet = m_doc->fleet();
    const UnitDatabase &db = m_doc->database();
    int models = 0, embarked = 0;
    const int tv = categoryPoints(m_doc->report().totals, n.category);
    for (int i = 0; i < fleet.size(); ++i) {
        const Unit *u = db.unit(fleet.entries[std::size_t(i)].unitId);
        if (categoryOf(u) != n.category)
            continue;
        ++models;
        const int parentNode = m_tree.nodes[std::size_t(m_tree.nodeOfEntry[std::size_t(i)])].parent;
        if (m_tree.nodes[std::size_t(parentNode)].category < 0)
            ++embarked;
    }
    const QString name = tr(kCategories[n.category].name);
    const int share = fleet.points > 0 ? int(std::lround(100.0 * tv / fleet.points)) : 0;
    switch (role) {
    case Qt::DisplayRole:
        // The view spans the first column over the row: the subtotal is in the text too.
        if (column == NameColumn)
            return fleet.points > 0
                ? tr("%1 (%2) · %3 TV · %4% of the points").arg(name).arg(models).arg(tv).arg(share)
                : tr("%1 (%2) · %3 TV").arg(name).arg(models).arg(tv);
        if (column == TvColumn)
            return tv;
        break;
    case Qt::ToolTipRole: {
        QString text = tr("%1: %n models, %2 TV", nullptr, models).arg(name).arg(tv);
        if (fleet.points > 0)
            text += tr(" (%1% of the %2 points limit)").arg(share).arg(fleet.points);
        if (embarked > 0)
            text += QLatin1Char('\n')
                + tr("%n of them start embarked and are shown under their carrier", nullptr,
                     embarked);
        text += QLatin1Char('\n') + tr("Upgrades are counted apart, as the fleet rules count them");
        return text;
    }
    case Qt::FontRole: {
        QFont f;
        f.setBold(true);
        return f;
    }
    case Qt::TextAlignmentRole:
        if (column == TvColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case EntryRole:
        return -1;
    case CategoryRole:
        return QString::fromLatin1(kCategories[n.category].id);
    case SeverityRole:
        return 0;
    }
    return {};
}

QVariant FleetListModel::data(const QModelIndex &index, int role) const
{
    const Node *n = node(index);
    if (!n)
        return {};
    if (n->category >= 0)
        return categoryData(*n, index.column(), role);
    const Fleet &fleet = m_doc->fleet();
    const int row = n->entry;
    if (row < 0 || row >= fleet.size())
        return {};
    const FleetEntry &e = fleet.entries[std::size_t(row)];
    const UnitDatabase &db = m_doc->database();
    const Unit *u = db.unit(e.unitId);
    const auto problems = m_doc->report().problemsOf(row);
    int severity = 0;
    for (const FleetProblem *p : problems)
        severity = std::max(severity, p->isError() ? 2 : 1);

    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn:
            return fleet.entryName(row, db);
        case UnitColumn:
            return u ? u->name : tr("unknown unit '%1'").arg(e.unitId);
        case TypeColumn:
            return u ? unitTypeText(u->type) : QString();
        case TvColumn:
            return fleet.entryTv(row, db);
        case CopiesColumn: {
            int copies = 0;
            for (const FleetEntry &other : fleet.entries)
                copies += other.unitId == e.unitId;
            const auto profile = RulesProfile::byId(fleet.rules);
            if (const auto allowed
                = u && profile ? profile->unitCapAllowance(u->unitCap, fleet.points) : std::nullopt)
                return tr("%1 of %2").arg(copies).arg(*allowed);
            return copies;
        }
        case StartColumn:
            // Under its carrier the tree says which one; the column stays narrow.
            if (n->parent >= 0 && m_tree.nodes[std::size_t(n->parent)].entry >= 0)
                return tr("embarked");
            if (e.embarkedOn && *e.embarkedOn >= 0 && *e.embarkedOn < fleet.size())
                return tr("embarked on %1").arg(fleet.entryName(*e.embarkedOn, db));
            return tr("on the table");
        case UpgradesColumn: {
            QStringList names;
            for (const QString &up : e.upgrades) {
                const Upgrade *g = Upgrade::byId(up);
                names << (g ? g->name : up);
            }
            return names.join(QStringLiteral(", "));
        }
        }
        break;
    case Qt::EditRole:
        if (index.column() == NameColumn)
            return e.name.isEmpty() ? (u ? u->name : e.unitId) : e.name;
        break;
    case Qt::DecorationRole:
        if (index.column() == NameColumn && severity > 0)
            return QApplication::style()->standardIcon(
                severity == 2 ? QStyle::SP_MessageBoxCritical : QStyle::SP_MessageBoxWarning);
        break;
    case Qt::BackgroundRole:
        if (severity > 0) {
            // A tint of the palette's base, so it reads in light and dark palettes.
            QColor base = QApplication::palette().color(QPalette::Base);
            const QColor tint = severity == 2 ? QColor(220, 50, 47) : QColor(230, 170, 0);
            return QColor::fromRgbF(base.redF() * 0.8 + tint.redF() * 0.2,
                                    base.greenF() * 0.8 + tint.greenF() * 0.2,
                                    base.blueF() * 0.8 + tint.blueF() * 0.2);
        }
        break;
    case Qt::ToolTipRole: {
        QStringList lines;
        for (const FleetProblem *p : problems)
            lines << p->text.translated();
        if (!lines.isEmpty())
            return lines.join(QLatin1Char('\n'));
        if (index.column() == NameColumn)
            return tr("Double-click or press F2 to rename");
        break;
    }
    case Qt::TextAlignmentRole:
        if (index.column() == TvColumn || index.column() == CopiesColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case SeverityRole:
        return severity;
    case EntryRole:
        return row;
    case CategoryRole:
        return QString::fromLatin1(kCategories[categoryOf(u)].id);
    }
    return {};
}

bool FleetListModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    const int entry = entryOf(index);
    if (role != Qt::EditRole || index.column() != NameColumn || entry < 0
        || entry >= m_doc->fleet().size())
        return false;
    const Unit *u = m_doc->database().unit(m_doc->fleet().entries[std::size_t(entry)].unitId);
    QString name = value.toString().trimmed();
    if (!io::nameProblem(name).isEmpty())
        return false; // the file could not be read back
    if (u && name == u->name)
        name.clear(); // the unit's own name is no custom name
    m_doc->renameEntry(entry, name);
    return true;
}

QVariant FleetListModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Name");
    case UnitColumn:
        return tr("Unit");
    case TypeColumn:
        return tr("Type");
    case TvColumn:
        return tr("TV");
    case CopiesColumn:
        return tr("Copies");
    case StartColumn:
        return tr("Starts");
    case UpgradesColumn:
        return tr("Upgrades");
    }
    return {};
}

Qt::ItemFlags FleetListModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::ItemIsDropEnabled;
    if (entryOf(index) < 0) // a category: a place to drop, not a model to select
        return Qt::ItemIsEnabled | Qt::ItemIsDropEnabled;
    Qt::ItemFlags f = QAbstractItemModel::flags(index) | Qt::ItemIsDropEnabled;
    f |= Qt::ItemIsDragEnabled;
    if (index.column() == NameColumn)
        f |= Qt::ItemIsEditable;
    return f;
}

QStringList FleetListModel::mimeTypes() const
{
    return {QString::fromLatin1(EntryMimeType),
            QString::fromLatin1(UnitListModel::UnitIdsMimeType)};
}

QMimeData *FleetListModel::mimeData(const QModelIndexList &indexes) const
{
    int row = -1;
    for (const QModelIndex &i : indexes) {
        if (entryOf(i) >= 0)
            row = entryOf(i);
    }
    auto *mime = new QMimeData;
    mime->setData(QString::fromLatin1(EntryMimeType), QByteArray::number(row));
    return mime;
}

int FleetListModel::dropTarget(int row, const QModelIndex &parent) const
{
    const int end = m_doc->fleet().size();
    const Node *p = node(parent);
    if (!p) { // between the categories: before the first model of the next one
        if (row < 0 || row >= int(m_tree.top.size()))
            return end;
        p = &m_tree.nodes[std::size_t(m_tree.top[std::size_t(row)])];
        row = 0;
    }
    if (row < 0) // onto a row: an entry takes its place, a category its first place
        return p->entry >= 0
            ? p->entry
            : (p->children.empty() ? end : m_tree.nodes[std::size_t(p->children.front())].entry);
    if (row < int(p->children.size()))
        return m_tree.nodes[std::size_t(p->children[std::size_t(row)])].entry;
    if (p->children.empty())
        return p->entry >= 0 ? p->entry + 1 : end;
    return m_tree.nodes[std::size_t(p->children.back())].entry + 1;
}

Qt::DropActions FleetListModel::supportedDropActions() const
{
    return Qt::MoveAction | Qt::CopyAction;
}

bool FleetListModel::canDropMimeData(const QMimeData *data, Qt::DropAction, int, int,
                                     const QModelIndex &) const
{
    return data->hasFormat(QString::fromLatin1(EntryMimeType))
        || data->hasFormat(QString::fromLatin1(UnitListModel::UnitIdsMimeType));
}

bool FleetListModel::dropMimeData(const QMimeData *data, Qt::DropAction action, int row, int,
                                  const QModelIndex &parent)
{
    if (action == Qt::IgnoreAction)
        return true;
    int at = dropTarget(row, parent);
    if (data->hasFormat(QString::fromLatin1(UnitListModel::UnitIdsMimeType))) {
        const QString ids
            = QString::fromUtf8(data->data(QString::fromLatin1(UnitListModel::UnitIdsMimeType)));
        m_doc->addUnits(ids.split(QLatin1Char('\n'), Qt::SkipEmptyParts), at);
        return true;
    }
    if (data->hasFormat(QString::fromLatin1(EntryMimeType))) {
        const int from = data->data(QString::fromLatin1(EntryMimeType)).toInt();
        if (at > from)
            --at; // the row leaves its place before it lands
        m_doc->moveEntry(from, std::min(at, m_doc->fleet().size() - 1));
        // The move is done through the document; tell the view not to remove the source.
        return false;
    }
    return false;
}

} // namespace jw
