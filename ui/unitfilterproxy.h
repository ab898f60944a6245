// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSortFilterProxyModel>

namespace jw {

// Filters a UnitListModel by faction, type and a search text: every word must appear in the
// unit's names, weapons, traits or their rules text (UnitListModel::searchText), in any case.
class UnitFilterProxy : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit UnitFilterProxy(QObject *parent = nullptr);

    void setFactionFilter(const QString &factionId); // empty: all
    void setTypeFilter(const QString &typeId); // empty: all; "squadron": both squadron types
    void setSearchText(const QString &text);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    QString m_faction;
    QString m_type;
    QString m_search;
};

} // namespace jw
