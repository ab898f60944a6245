// SPDX-License-Identifier: GPL-3.0-or-later
#include "unitfilterproxy.h"

#include "unitlistmodel.h"

namespace jw {

UnitFilterProxy::UnitFilterProxy(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortCaseSensitivity(Qt::CaseInsensitive);
}

void UnitFilterProxy::setFactionFilter(const QString &factionId)
{
    m_faction = factionId;
    invalidateFilter();
}

void UnitFilterProxy::setTypeFilter(const QString &typeId)
{
    m_type = typeId;
    invalidateFilter();
}

void UnitFilterProxy::setSearchText(const QString &text)
{
    m_search = text.simplified();
    invalidateFilter();
}

bool UnitFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex idx = sourceModel()->index(sourceRow, 0, sourceParent);
    if (!m_faction.isEmpty() && idx.data(UnitListModel::FactionIdRole).toString() != m_faction)
        return false;
    if (!m_type.isEmpty()) {
        const QString type = idx.data(UnitListModel::TypeIdRole).toString();
        if (m_type == QLatin1String("squadron") ? type == QLatin1String("capital") : type != m_type)
            return false;
    }
    if (!m_search.isEmpty()) {
        const QString hay = idx.data(UnitListModel::SearchTextRole).toString();
        // Every word of the search must appear (in any order, in any field: "laser
        // hangers" finds a carrier with a laser weapon).
        for (const QString &word : m_search.split(QLatin1Char(' '))) {
            if (!hay.contains(word, Qt::CaseInsensitive))
                return false;
        }
    }
    return true;
}

bool UnitFilterProxy::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    const QVariant l = left.data(UnitListModel::SortRole), r = right.data(UnitListModel::SortRole);
    if (left.column() >= UnitListModel::TvColumn)
        return l.toDouble() < r.toDouble();
    return QString::localeAwareCompare(l.toString(), r.toString()) < 0;
}

} // namespace jw
