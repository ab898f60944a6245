// SPDX-License-Identifier: GPL-3.0-or-later
#include "help/shortcutsdialog.h"

#include "campaign/campaigncharts.h"
#include "companion/companioncard.h"
#include "companion/dicekeypad.h"
#include "table/tableview.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QSet>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace jw {

namespace {
// "&File" -> "File"; "Open &Recent" -> "Open Recent"; "Print…" kept.
QString plain(QString text)
{
    text.replace(QStringLiteral("&&"), QStringLiteral("\x01"));
    text.remove(QLatin1Char('&'));
    text.replace(QLatin1Char('\x01'), QLatin1Char('&'));
    return text;
}

QString shortcutsText(const QAction *a)
{
    QStringList keys;
    for (const QKeySequence &k : a->shortcuts())
        keys << k.toString(QKeySequence::NativeText);
    return keys.join(QStringLiteral(", "));
}
} // namespace

ShortcutsDialog::ShortcutsDialog(QWidget *window, QWidget *parent)
    : QDialog(parent)
    , m_search(new QLineEdit(this))
    , m_tree(new QTreeWidget(this))
{
    setWindowTitle(tr("Keyboard Shortcuts"));
    setObjectName(QStringLiteral("shortcutsDialog"));
    m_search->setObjectName(QStringLiteral("shortcutsSearch"));
    m_search->setPlaceholderText(tr("Search actions and keys…"));
    m_search->setClearButtonEnabled(true);
    m_tree->setObjectName(QStringLiteral("shortcutsTree"));
    m_tree->setHeaderLabels({tr("Action"), tr("Shortcut")});
    m_tree->setRootIsDecorated(false);
    m_tree->setAccessibleName(tr("Keyboard shortcuts"));
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_tree->header()->setStretchLastSection(false);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_search);
    layout->addWidget(m_tree, 1);
    layout->addWidget(buttons);
    connect(m_search, &QLineEdit::textChanged, this, &ShortcutsDialog::filter);
    fill(window);
    resize(560, 600);
}

void ShortcutsDialog::addMenu(QMenu *menu, const QString &group, QSet<QAction *> &seen)
{
    // Menus filled when they open (recent files, the fleet's entries) show what they have now.
    for (QAction *a : menu->actions()) {
        if (a->isSeparator() || seen.contains(a))
            continue;
        if (QMenu *sub = a->menu()) {
            addMenu(sub, group, seen);
            continue;
        }
        seen.insert(a);
        if (a->shortcuts().isEmpty())
            continue;
        QTreeWidgetItem *top = nullptr;
        for (int i = 0; i < m_tree->topLevelItemCount(); ++i)
            if (m_tree->topLevelItem(i)->text(0) == group)
                top = m_tree->topLevelItem(i);
        if (!top) {
            top = new QTreeWidgetItem(m_tree, {group});
            QFont f = top->font(0);
            f.setBold(true);
            top->setFont(0, f);
            top->setFirstColumnSpanned(true);
            top->setFlags(Qt::ItemIsEnabled);
        }
        auto *item = new QTreeWidgetItem(top, {plain(a->text()), shortcutsText(a)});
        item->setToolTip(0, a->statusTip().isEmpty() ? a->toolTip() : a->statusTip());
    }
}

void ShortcutsDialog::addKeys(const QString &group, const QList<KeyHelp> &keys)
{
    auto *top = new QTreeWidgetItem(m_tree, {group});
    QFont f = top->font(0);
    f.setBold(true);
    top->setFont(0, f);
    top->setFirstColumnSpanned(true);
    top->setFlags(Qt::ItemIsEnabled);
    for (const KeyHelp &k : keys)
        new QTreeWidgetItem(top, {k.what, k.keys});
}

void ShortcutsDialog::fill(QWidget *window)
{
    QSet<QAction *> seen;
    if (auto *mw = qobject_cast<QMainWindow *>(window)) {
        for (QAction *top : mw->menuBar()->actions())
            if (QMenu *menu = top->menu())
                addMenu(menu, plain(menu->title()), seen);
    }
    // Actions with a shortcut that are in no menu (a window's own, a tab's).
    QMenu others;
    for (QAction *a : window->findChildren<QAction *>())
        if (!seen.contains(a) && !a->shortcuts().isEmpty() && !a->text().isEmpty() && !a->menu())
            others.addAction(a);
    addMenu(&others, tr("Other"), seen);
    // Keys the views handle themselves, declared beside their keyPressEvent.
    addKeys(tr("Game Table: the table"), TableView::keyHelp());
    addKeys(tr("Companion: the dice keypad"), DiceKeypad::keyHelp());
    addKeys(tr("Companion: the cards"), CompanionCard::keyHelp());
    addKeys(tr("Campaign: the charts"), CampaignChart::keyHelp());
    m_tree->expandAll();
}

void ShortcutsDialog::filter(const QString &text)
{
    const QString needle = text.simplified();
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem *top = m_tree->topLevelItem(i);
        int shown = 0;
        for (int j = 0; j < top->childCount(); ++j) {
            QTreeWidgetItem *c = top->child(j);
            const bool match = needle.isEmpty() || c->text(0).contains(needle, Qt::CaseInsensitive)
                || c->text(1).contains(needle, Qt::CaseInsensitive)
                || top->text(0).contains(needle, Qt::CaseInsensitive);
            c->setHidden(!match);
            shown += match ? 1 : 0;
        }
        top->setHidden(shown == 0);
    }
}

QStringList ShortcutsDialog::visibleRows() const
{
    QStringList rows;
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        const QTreeWidgetItem *top = m_tree->topLevelItem(i);
        if (top->isHidden())
            continue;
        for (int j = 0; j < top->childCount(); ++j)
            if (!top->child(j)->isHidden())
                rows << QStringLiteral("%1\t%2\t%3")
                            .arg(top->text(0), top->child(j)->text(0), top->child(j)->text(1));
    }
    return rows;
}

} // namespace jw
