// SPDX-License-Identifier: GPL-3.0-or-later
#include "unitlistmodel.h"
#include "unittypetext.h"

#include "units/traitcatalog.h"

#include <QApplication>
#include <QFont>
#include <QLocale>
#include <QMimeData>
#include <QPalette>

namespace jw {

namespace {

// Armor as on the card (Fore/Sides/Aft); squadrons have none.
QString armorText(const Unit &u)
{
    if (!u.isCapital())
        return QStringLiteral("–");
    return QStringLiteral("%1/%2/%3").arg(u.armor.fore).arg(u.armor.sides).arg(u.armor.aft);
}

// Points paid per box of Structure: how dear each hit the unit can take is.
std::optional<double> tvPerStructure(const Unit &u)
{
    const int boxes = u.structure.size();
    if (boxes <= 0)
        return std::nullopt;
    return double(u.tv) / boxes;
}

} // namespace

QString UnitListModel::searchText(const Unit &u, const QString &factionName)
{
    QStringList parts {u.name,     u.shipClass, u.id, unitTypeName(u.type), unitTypeText(u.type),
                       factionName};
    const TraitCatalog &catalog = TraitCatalog::rules();
    const auto addTrait = [&](const TraitRef &t) {
        parts << t.toString();
        if (const TraitInfo *info = catalog.find(t.name))
            parts << info->name << info->summary;
    };
    for (const Weapon &w : u.weapons) {
        parts << w.name << weaponClassName(w.weaponClass);
        for (const TraitRef &t : w.traits)
            addTrait(t);
    }
    for (const TraitRef &t : u.traits)
        addTrait(t);
    parts << u.description;
    return parts.join(QLatin1Char('\n'));
}

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
            return u->provisional ? u->name + ProvisionalMark : u->name;
        case FactionColumn: {
            const FactionInfo *f = m_db->faction(u->faction);
            return f ? f->name : u->faction;
        }
        case TypeColumn:
            return unitTypeText(u->type);
        case TvColumn:
            return u->tv;
        case UcColumn:
            return u->unitCap > 0 ? QVariant(u->unitCap) : QVariant(QStringLiteral("–"));
        case SpeedColumn:
            return QStringLiteral("%1\"").arg(u->speed);
        case ArmorColumn:
            return armorText(*u);
        case SensorsColumn:
            return u->sensors.start();
        case TvPerStructureColumn:
            if (const auto r = tvPerStructure(*u))
                return QLocale().toString(*r, 'f', 1);
            return QStringLiteral("–");
        }
        break;
    case SortRole:
        switch (index.column()) {
        case TvColumn:
            return u->tv;
        case UcColumn:
            return u->unitCap;
        case SpeedColumn:
            return u->speed;
        case ArmorColumn: // by Fore, then the sides, then Aft; squadrons below every ship
            return u->isCapital() ? 1 + u->armor.fore * 10000 + u->armor.sides * 100 + u->armor.aft
                                  : 0;
        case SensorsColumn:
            return u->sensors.start();
        case TvPerStructureColumn:
            return tvPerStructure(*u).value_or(0.0);
        default:
            return data(index, Qt::DisplayRole);
        }
    case Qt::ToolTipRole:
        if (index.column() == ArmorColumn && u->isCapital())
            return tr("Armor: Fore %1 · Port/Starboard %2 · Aft %3")
                .arg(u->armor.fore)
                .arg(u->armor.sides)
                .arg(u->armor.aft);
        if (index.column() == TvPerStructureColumn && tvPerStructure(*u))
            return tr("%1 TV for %2 Structure boxes").arg(u->tv).arg(u->structure.size());
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
        if (index.column() >= TvColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case UnitIdRole:
        return u->id;
    case FactionIdRole:
        return u->faction;
    case TypeIdRole:
        return unitTypeId(u->type);
    case SearchTextRole: {
        const FactionInfo *f = m_db->faction(u->faction);
        return searchText(*u, f ? f->name : u->faction);
    }
    }
    return {};
}

QVariant UnitListModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case TvColumn:
            return tr("Threat Value: the points the unit costs");
        case UcColumn:
            return tr("Unit Cap: copies allowed per block of the points limit");
        case ArmorColumn:
            return tr("Armor of a Capital Ship: Fore/Port and Starboard/Aft");
        case SensorsColumn:
            return tr("Sensors rating (undamaged)");
        case TvPerStructureColumn:
            return tr("Threat Value per box of Structure: what each hit the unit can take costs");
        }
        return {};
    }
    if (role != Qt::DisplayRole)
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
    case SpeedColumn:
        return tr("Speed");
    case ArmorColumn:
        return tr("Armor");
    case SensorsColumn:
        return tr("Sensors");
    case TvPerStructureColumn:
        return tr("TV/Str.");
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
