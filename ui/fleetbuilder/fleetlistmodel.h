// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QAbstractItemModel>

#include <vector>

namespace jw {

class FleetDocument;
class UnitDatabase;
struct Fleet;

// The entries of the edited fleet as players think of them: under their category (Capital
// Ships, Squadrons, Static Defenses) with its subtotal, and a model that starts embarked on
// a carrier under that carrier. Columns: name (editable), unit, type, TV, copies (against
// the Unit Cap), where it starts, upgrades. Rows with problems are marked (icon, tint,
// tooltip). Accepts units dropped from the catalogue and entries dragged to reorder.
class FleetListModel : public QAbstractItemModel
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
        SeverityRole = Qt::UserRole + 1, // 0 none, 1 warning, 2 error
        EntryRole, // the entry's index in the fleet; -1 on a category row
        CategoryRole // the category id ("capital", "squadron", "static", "unknown")
    };

    explicit FleetListModel(FleetDocument *doc, QObject *parent = nullptr);

    // The entry of a row, or -1 (a category row, or no row).
    [[nodiscard]] int entryOf(const QModelIndex &index) const;
    [[nodiscard]] QModelIndex indexOfEntry(int entry, int column = 0) const;
    // The category rows, in order; a category with no entry has no row.
    [[nodiscard]] QModelIndex categoryIndex(const QString &categoryId) const;
    // The entries in the order shown (category by category, each carrier followed by what
    // it carries).
    [[nodiscard]] std::vector<int> entriesInViewOrder() const;
    // The entries shown beside `entry` under the same parent, in order (Move Up/Down).
    [[nodiscard]] std::vector<int> siblingsOf(int entry) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
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
    struct Node
    {
        int category = -1; // index in the category list, on a category row
        int entry = -1; // the fleet entry, on an entry row
        int parent = -1; // node index, -1: top level
        int row = 0; // under its parent
        std::vector<int> children; // node indexes
        friend bool operator==(const Node &, const Node &) = default;
    };
    // The rows of a fleet: what the view shows, computed from the fleet alone.
    struct Tree
    {
        std::vector<Node> nodes;
        std::vector<int> top; // the category nodes
        std::vector<int> nodeOfEntry;
        friend bool operator==(const Tree &, const Tree &) = default;
    };
    [[nodiscard]] static Tree tree(const Fleet &fleet, const UnitDatabase &db);
    void refresh();
    [[nodiscard]] const Node *node(const QModelIndex &index) const;
    [[nodiscard]] QVariant categoryData(const Node &n, int column, int role) const;
    // Where a drop at (row, parent) lands in the fleet: an entry index, or the fleet's size.
    [[nodiscard]] int dropTarget(int row, const QModelIndex &parent) const;

    FleetDocument *m_doc;
    Tree m_tree;
};

} // namespace jw
