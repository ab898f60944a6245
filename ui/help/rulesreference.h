// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QPointer>
#include <QWidget>

class QLabel;
class QLineEdit;
class QListWidget;
class QTextBrowser;
class QTreeWidget;
class QTreeWidgetItem;

namespace jw {

class RulesLibrary;

// Help › Rules Reference: the rules texts as a tree of chapters and sections, a
// search across all of them, the section shown with its house rulings marked
// and the other versions of it linked. Refusals and fleet problems open it at
// their rule (open()).
class RulesReference : public QWidget
{
    Q_OBJECT

public:
    explicit RulesReference(const RulesLibrary &library, QWidget *parent = nullptr);

    // The application's reference window (made on first use, raised after).
    [[nodiscard]] static RulesReference *instance();
    // Shows the window at the section `ruleRef` names (RulesLibrary::find); false,
    // and the window not shown, when no section matches.
    static bool open(const QString &ruleRef);
    // Whether a rule reference names a section (to enable a "Rule…" button).
    [[nodiscard]] static bool canOpen(const QString &ruleRef);

    bool showSection(const QString &ruleRef); // false when no section matches
    void showIndex(int index);
    // Fills the hit list; returns the number of hits.
    int search(const QString &text);

    [[nodiscard]] QString currentSectionId() const;
    [[nodiscard]] QStringList hitIds() const;
    [[nodiscard]] QTextBrowser *browser() const { return m_browser; }
    [[nodiscard]] QTreeWidget *tree() const { return m_tree; }
    [[nodiscard]] QListWidget *hits() const { return m_hits; }
    [[nodiscard]] QLineEdit *searchField() const { return m_search; }
    [[nodiscard]] QLabel *banner() const { return m_banner; }

private:
    void highlight();

    const RulesLibrary &m_library;
    QLineEdit *m_search;
    QLabel *m_hitCount;
    QListWidget *m_hits;
    QTreeWidget *m_tree;
    QLabel *m_path;
    QLabel *m_banner;
    QTextBrowser *m_browser;
    std::vector<QTreeWidgetItem *> m_items; // by section index
    int m_current = -1;
    static QPointer<RulesReference> s_instance;
};

} // namespace jw
