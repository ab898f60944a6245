#pragma once

#include <QAbstractTableModel>

namespace jw {

class FleetDocument;

// The entries of the edited fleet: name (editable), unit, type, TV, copies
// (against the Unit Cap), where it starts, upgrades. Rows with problems are
// marked (icon, tint, tooltip). Accepts units dropped from the catalogue and
// rows dragged to reorder.
class FleetListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        NameColumn,
        UnitColumn,
        TypeColumn,
        TvColumn,
        CopiesColumn,
        StartColumn,
        UpgradesColumn,
        ColumnCount
    };
    enum Role {
        SeverityRole = Qt::UserRole + 1
    }; // 0 none, 1 warning, 2 error

    explicit FleetListModel(FleetDocument *doc, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

    QStringList mimeTypes() const override;
    QMimeData *mimeData(const QModelIndexList &indexes) const override;
    Qt::DropActions supportedDropActions() const override;
    bool canDropMimeData(const QMimeData *data, Qt::DropAction action, int row, int column,
                         const QModelIndex &parent) const override;
    bool dropMimeData(const QMimeData *data, Qt::DropAction action, int row, int column,
                      const QModelIndex &parent) override;

    static constexpr const char *EntryMimeType = "application/x-jwfleet-fleet-entry";

private:
    void refresh();
    FleetDocument *m_doc;
    int m_rows = 0;
};

} // namespace jw
