// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "units/unitdatabase.h"

#include <QAbstractTableModel>

namespace jw {

// The units of a database as a table: name (a provisional unit marked "*"), faction, type,
// TV, UC and the ratings players compare (Speed, Armor, Sensors, TV per Structure box).
// The model does not own the database; it must outlive the model.
class UnitListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        NameColumn,
        FactionColumn,
        TypeColumn,
        TvColumn,
        UcColumn,
        SpeedColumn,
        ArmorColumn,
        SensorsColumn,
        TvPerStructureColumn,
        ColumnCount
    };
    enum Role {
        UnitIdRole = Qt::UserRole + 1,
        FactionIdRole,
        TypeIdRole,
        SearchTextRole,
        SortRole // a number for the numeric columns, else the text
    };

    explicit UnitListModel(QObject *parent = nullptr);

    void setDatabase(const UnitDatabase *db);
    [[nodiscard]] const Unit *unitAt(int row) const;
    [[nodiscard]] int rowOf(const QString &unitId) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;
    QMimeData *mimeData(const QModelIndexList &indexes) const override;
    QStringList mimeTypes() const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

    // Everything a search may match: names, class, type, faction, weapon names and classes,
    // trait names and their rules text (the trait catalogue's summaries), the description.
    [[nodiscard]] static QString searchText(const Unit &u, const QString &factionName);
    // The mark after a provisional unit's name, as on the printed roster.
    static constexpr QStringView ProvisionalMark = u" *";

    // Drag and drop of units (to the fleet builder): a list of unit ids.
    static constexpr const char *UnitIdsMimeType = "application/x-jwfleet-unit-ids";

private:
    const UnitDatabase *m_db = nullptr;
};

} // namespace jw
