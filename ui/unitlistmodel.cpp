#include "unitlistmodel.h"

#include <QApplication>
#include <QFont>
#include <QMimeData>
#include <QPalette>

namespace jw {

UnitListModel::UnitListModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void UnitListModel::setDatabase(const UnitDatabase *db)
{
    beginResetModel();
    m_db = db;
    endResetModel();
}

const Unit *UnitListModel::unitAt(int row) const
{
    if (!m_db || row < 0 || row >= int(m_db->units().size()))
        return nullptr;
    return &m_db->units()[std::size_t(row)];
}

int UnitListModel::rowOf(const QString &unitId) const
{
    if (!m_db)
        return -1;
    for (int i = 0; i < int(m_db->units().size()); ++i) {
        if (m_db->units()[std::size_t(i)].id == unitId)
            return i;
    }
    return -1;
}

int UnitListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_db ? 0 : int(m_db->units().size());
}

int UnitListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant UnitListModel::data(const QModelIndex &index, int role) const
{
    const Unit *u = unitAt(index.row());
    if (!u)
        return {};
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn:
            return u->name;
        case FactionColumn: {
            const FactionInfo *f = m_db->faction(u->faction);
            return f ? f->name : u->faction;
        }
        case TypeColumn:
            return unitTypeName(u->type);
        case TvColumn:
            return u->tv;
        case UcColumn:
            return u->unitCap > 0 ? QVariant(u->unitCap) : QVariant(QStringLiteral("–"));
        }
        break;
    case Qt::ToolTipRole:
        if (u->provisional)
            return tr("%1: provisional values (%2)").arg(u->name, u->provenance);
        return tr("%1: values from %2").arg(u->name, u->provenance);
    case Qt::FontRole:
        if (index.column() == NameColumn && u->provisional) {
            QFont f;
            f.setItalic(true);
            return f;
        }
        break;
    case Qt::TextAlignmentRole:
        if (index.column() == TvColumn || index.column() == UcColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case UnitIdRole:
        return u->id;
    case FactionIdRole:
        return u->faction;
    case TypeIdRole:
        return unitTypeId(u->type);
    case SearchTextRole:
        return QString(u->name + QLatin1Char(' ') + u->shipClass + QLatin1Char(' ') + u->id);
    }
    return {};
}

QVariant UnitListModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Name");
    case FactionColumn:
        return tr("Faction");
    case TypeColumn:
        return tr("Type");
    case TvColumn:
        return tr("TV");
    case UcColumn:
        return tr("UC");
    }
    return {};
}

Qt::ItemFlags UnitListModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid())
        f |= Qt::ItemIsDragEnabled;
    return f;
}

QStringList UnitListModel::mimeTypes() const
{
    return {QString::fromLatin1(UnitIdsMimeType)};
}

QMimeData *UnitListModel::mimeData(const QModelIndexList &indexes) const
{
    QStringList ids;
    for (const QModelIndex &i : indexes) {
        if (i.column() != NameColumn)
            continue;
        if (const Unit *u = unitAt(i.row()))
            ids << u->id;
    }
    auto *mime = new QMimeData;
    mime->setData(QString::fromLatin1(UnitIdsMimeType), ids.join(QLatin1Char('\n')).toUtf8());
    mime->setText(ids.join(QLatin1Char('\n')));
    return mime;
}

} // namespace jw
