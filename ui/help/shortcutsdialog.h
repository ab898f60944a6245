// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "help/keyhelp.h"

#include <QDialog>

class QLineEdit;
class QTreeWidget;
class QMenuBar;
class QMenu;

namespace jw {

// Help › Keyboard Shortcuts: every action of a window that has a shortcut,
// grouped by its menu, read from the window's actions when the dialog opens
// (so the list is never out of date), and filtered by a search field.
class ShortcutsDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ShortcutsDialog(QWidget *window, QWidget *parent = nullptr);

    // The rows shown: "Menu\tAction\tShortcut" (for tests and checks).
    [[nodiscard]] QStringList visibleRows() const;
    [[nodiscard]] QLineEdit *searchField() const { return m_search; }
    [[nodiscard]] QTreeWidget *tree() const { return m_tree; }

private:
    void fill(QWidget *window);
    void addMenu(QMenu *menu, const QString &group, QSet<QAction *> &seen);
    void addKeys(const QString &group, const QList<KeyHelp> &keys);
    void filter(const QString &text);

    QLineEdit *m_search;
    QTreeWidget *m_tree;
};

} // namespace jw
