#include "fleetbuilder/fleetlistmodel.h"

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

namespace jw {

FleetListModel::FleetListModel(FleetDocument *doc, QObject *parent)
    : QAbstractTableModel(parent)
    , m_doc(doc)
{
    m_rows = doc->fleet().size();
    connect(doc, &FleetDocument::reportChanged, this, &FleetListModel::refresh);
}

void FleetListModel::refresh()
{
    const int rows = m_doc->fleet().size();
    if (rows != m_rows) {
        // Structure changed (add, remove, undo of either): a reset keeps it simple
        // and the fleet is small; views keep their selection by row where they can.
        beginResetModel();
        m_rows = rows;
        endResetModel();
        return;
    }
    if (rows > 0)
        Q_EMIT dataChanged(index(0, 0), index(rows - 1, ColumnCount - 1));
}

int FleetListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int FleetListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant FleetListModel::data(const QModelIndex &index, int role) const
{
    const Fleet &fleet = m_doc->fleet();
    if (!index.isValid() || index.row() >= fleet.size())
        return {};
    const int row = index.row();
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
            return u ? unitTypeName(u->type) : QString();
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
            lines << p->message;
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
    }
    return {};
}

bool FleetListModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || index.column() != NameColumn)
        return false;
    const Unit *u = m_doc->database().unit(m_doc->fleet().entries[std::size_t(index.row())].unitId);
    QString name = value.toString().trimmed();
    if (!io::nameProblem(name).isEmpty())
        return false; // the file could not be read back
    if (u && name == u->name)
        name.clear(); // the unit's own name is no custom name
    m_doc->renameEntry(index.row(), name);
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
    Qt::ItemFlags f = QAbstractTableModel::flags(index) | Qt::ItemIsDropEnabled;
    if (!index.isValid())
        return f;
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
    for (const QModelIndex &i : indexes)
        row = i.row();
    auto *mime = new QMimeData;
    mime->setData(QString::fromLatin1(EntryMimeType), QByteArray::number(row));
    return mime;
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
    int at = row >= 0 ? row : (parent.isValid() ? parent.row() : rowCount());
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
        m_doc->moveEntry(from, std::min(at, rowCount() - 1));
        // The move is done through the document; tell the view not to remove the source.
        return false;
    }
    return false;
}

} // namespace jw
