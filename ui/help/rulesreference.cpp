// SPDX-License-Identifier: GPL-3.0-or-later
#include "help/rulesreference.h"

#include "help/ruleslibrary.h"

#include <QApplication>
#include <QDesktopServices>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QScreen>
#include <QScrollBar>
#include <QSplitter>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QUrl>
#include <QVBoxLayout>

namespace jw {

QPointer<RulesReference> RulesReference::s_instance;

namespace {
const QString kRuleScheme = QStringLiteral("jwrule");
}

RulesReference::RulesReference(const RulesLibrary &library, QWidget *parent)
    : QWidget(parent, Qt::Window)
    , m_library(library)
    , m_search(new QLineEdit(this))
    , m_hitCount(new QLabel(this))
    , m_hits(new QListWidget(this))
    , m_tree(new QTreeWidget(this))
    , m_path(new QLabel(this))
    , m_banner(new QLabel(this))
    , m_browser(new QTextBrowser(this))
{
    setWindowTitle(tr("Rules Reference"));
    setObjectName(QStringLiteral("rulesReference"));
    m_search->setObjectName(QStringLiteral("rulesSearch"));
    m_search->setPlaceholderText(tr("Search the rules…"));
    m_search->setClearButtonEnabled(true);
    m_hits->setObjectName(QStringLiteral("rulesHits"));
    m_hits->setWordWrap(true);
    m_hits->setTextElideMode(Qt::ElideNone);
    m_hits->setAccessibleName(tr("Search hits"));
    m_hits->setAlternatingRowColors(true);
    m_tree->setObjectName(QStringLiteral("rulesTree"));
    m_tree->setHeaderHidden(true);
    m_tree->setAccessibleName(tr("Chapters"));
    m_path->setObjectName(QStringLiteral("rulesPath"));
    m_path->setWordWrap(true);
    QFont bold = m_path->font();
    bold.setBold(true);
    m_path->setFont(bold);
    m_banner->setObjectName(QStringLiteral("rulesBanner"));
    m_banner->setWordWrap(true);
    m_banner->setTextFormat(Qt::RichText);
    m_banner->setStyleSheet(
        QStringLiteral("QLabel { background: #fff3cd; color: #4a3500; border: 1px solid #e0b84f; "
                       "border-radius: 3px; padding: 4px 8px; } a { color: #0b4f9c; }"));
    m_browser->setObjectName(QStringLiteral("rulesText"));
    m_browser->setOpenLinks(false);
    m_browser->setAccessibleName(tr("Rules text"));

    // The tree: documents, chapters, sections; house rulings marked.
    const auto &sections = m_library.sections();
    m_items.resize(sections.size(), nullptr);
    for (int i = 0; i < int(sections.size()); ++i) {
        const RulesSection &s = sections[i];
        QTreeWidgetItem *item
            = s.parent < 0 ? new QTreeWidgetItem(m_tree) : new QTreeWidgetItem(m_items[s.parent]);
        item->setText(
            0, s.houseRuling && s.level > 0 ? tr("%1 — house ruling").arg(s.title) : s.title);
        if (s.houseRuling || s.mentionsHouseRuling) {
            item->setToolTip(0,
                             s.houseRuling
                                 ? tr("jwfleet's ruling: the rules are silent or unclear here")
                                 : tr("Gives a house ruling of jwfleet's (marked in the text)"));
            item->setForeground(0, QColor(0xd0, 0x6a, 0x00));
        }
        item->setData(0, Qt::UserRole, i);
        m_items[i] = item;
    }
    m_tree->expandToDepth(0);

    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_search);
    leftLayout->addWidget(m_hitCount);
    auto *leftSplit = new QSplitter(Qt::Vertical, left);
    leftSplit->addWidget(m_hits);
    leftSplit->addWidget(m_tree);
    leftSplit->setStretchFactor(0, 2);
    leftSplit->setStretchFactor(1, 3);
    leftLayout->addWidget(leftSplit, 1);
    m_hits->hide();
    m_hitCount->hide();

    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(m_path);
    rightLayout->addWidget(m_banner);
    rightLayout->addWidget(m_browser, 1);
    m_banner->hide();

    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(split);

    connect(m_tree, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
        if (item)
            showIndex(item->data(0, Qt::UserRole).toInt());
    });
    connect(m_search, &QLineEdit::textChanged, this, &RulesReference::search);
    // Enter opens the first hit and goes on to the list (arrows for the next ones).
    connect(m_search, &QLineEdit::returnPressed, this, [this] {
        if (m_hits->count() == 0)
            return;
        m_hits->setCurrentRow(std::max(0, m_hits->currentRow()));
        m_hits->setFocus();
    });
    connect(m_hits, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0)
            showIndex(m_hits->item(row)->data(Qt::UserRole).toInt());
    });
    auto follow = [this](const QUrl &url) {
        if (url.scheme() == kRuleScheme)
            showSection(url.path());
        else if (url.scheme().startsWith(QLatin1String("http")))
            QDesktopServices::openUrl(url);
    };
    connect(m_browser, &QTextBrowser::anchorClicked, this, follow);
    connect(m_banner, &QLabel::linkActivated, this,
            [follow](const QString &link) { follow(QUrl(link)); });

    resize(1000, 680);
    showIndex(0);
}

RulesReference *RulesReference::instance()
{
    if (!s_instance) {
        s_instance = new RulesReference(RulesLibrary::shipped());
        s_instance->setAttribute(Qt::WA_DeleteOnClose);
        // Not larger than the screen it opens on.
        if (const QScreen *screen = QApplication::primaryScreen()) {
            const QSize avail = screen->availableSize();
            s_instance->resize(std::min(1000, avail.width() - 40),
                               std::min(680, avail.height() - 60));
        }
        // Over the window it is opened from, not wherever the window manager puts it.
        if (const QWidget *from = QApplication::activeWindow()) {
            s_instance->resize(s_instance->size().boundedTo(from->size() - QSize(40, 40)));
            s_instance->move(from->geometry().center() - s_instance->rect().center());
        }
    }
    return s_instance;
}

bool RulesReference::canOpen(const QString &ruleRef)
{
    return RulesLibrary::shipped().find(ruleRef) >= 0;
}

bool RulesReference::open(const QString &ruleRef)
{
    RulesReference *r = instance();
    if (!ruleRef.isEmpty() && !r->showSection(ruleRef))
        return false;
    r->show();
    r->raise();
    r->activateWindow();
    return true;
}

bool RulesReference::showSection(const QString &ruleRef)
{
    const int i = m_library.find(ruleRef);
    if (i < 0)
        return false;
    showIndex(i);
    return true;
}

void RulesReference::showIndex(int index)
{
    const auto &sections = m_library.sections();
    if (index < 0 || index >= int(sections.size()))
        return;
    m_current = index;
    const RulesSection &s = sections[index];
    if (m_tree->currentItem() != m_items[index]) {
        const QSignalBlocker block(m_tree);
        m_tree->setCurrentItem(m_items[index]);
        m_tree->scrollToItem(m_items[index]);
    }
    m_path->setText(m_library.path(index));
    QStringList notes;
    if (s.houseRuling)
        notes << tr("<b>House ruling.</b> jwfleet decides here where the rules are silent or "
                    "unclear; this is not the rulebook's text.");
    else if (s.mentionsHouseRuling)
        notes << tr("<b>Contains a house ruling</b> (marked in the text): there jwfleet decides "
                    "where the rules are silent or unclear.");
    const std::vector<int> versions = m_library.versionsOf(index);
    if (!versions.empty()) {
        QStringList links;
        for (int v : versions)
            links << QStringLiteral("<a href=\"%1:%2\">%3</a>")
                         .arg(kRuleScheme, sections[v].id, m_library.path(v).toHtmlEscaped());
        notes << tr("<b>Differs by version.</b> The same heading in another version's text: "
                    "%1. Help › Rules Reference › Rules profiles shows what jwfleet applies in "
                    "each profile.")
                     .arg(links.join(QStringLiteral(", ")));
    }
    m_banner->setText(notes.join(QStringLiteral("<br>")));
    m_banner->setVisible(!notes.isEmpty());
    m_browser->document()->setMarkdown(m_library.markdownWithSubsections(index),
                                       QTextDocument::MarkdownDialectGitHub);
    // The text cursor to the top too: left at the end of the new text, the view would follow
    // it there once shown (a chapter opened at its last lines).
    m_browser->moveCursor(QTextCursor::Start);
    m_browser->verticalScrollBar()->setValue(0);
    highlight();
}

// The search words and every "house ruling" in the text, marked.
void RulesReference::highlight()
{
    QList<QTextEdit::ExtraSelection> marks;
    auto mark = [&](const QString &text, const QColor &bg, bool boldText) {
        if (text.isEmpty())
            return;
        QTextCursor c(m_browser->document());
        while (true) {
            c = m_browser->document()->find(text, c);
            if (c.isNull())
                break;
            QTextEdit::ExtraSelection sel;
            sel.cursor = c;
            sel.format.setBackground(bg);
            sel.format.setForeground(QColor(Qt::black));
            if (boldText)
                sel.format.setFontWeight(QFont::Bold);
            marks << sel;
        }
    };
    mark(QStringLiteral("house ruling"), QColor(0xf6, 0xc3, 0x8b), true);
    const QString needle = m_search->text().simplified();
    mark(needle, QColor(0xff, 0xe0, 0x66), false);
    m_browser->setExtraSelections(marks);
    if (!needle.isEmpty()) {
        QTextCursor first = m_browser->document()->find(needle);
        if (!first.isNull()) {
            m_browser->setTextCursor(first);
            m_browser->ensureCursorVisible();
            QTextCursor plain = first;
            plain.clearSelection();
            m_browser->setTextCursor(plain);
        }
    }
}

int RulesReference::search(const QString &text)
{
    if (m_search->text() != text) {
        const QSignalBlocker block(m_search);
        m_search->setText(text);
    }
    m_hits->clear();
    const auto hits = m_library.search(text);
    const bool searching = !text.simplified().isEmpty();
    m_hits->setVisible(searching);
    m_hitCount->setVisible(searching);
    m_hitCount->setText(hits.size() >= 500 ? tr("More than 500 sections; showing the first 500")
                                           : tr("%n section(s) found", nullptr, int(hits.size())));
    const auto &sections = m_library.sections();
    for (const RulesLibrary::Hit &h : hits) {
        auto *item = new QListWidgetItem(QStringLiteral("%1\n%2").arg(
            m_library.path(h.section).section(QStringLiteral(" › "), 1), h.snippet));
        if (sections[h.section].level == 0)
            item->setText(QStringLiteral("%1\n%2").arg(sections[h.section].title, h.snippet));
        item->setData(Qt::UserRole, h.section);
        item->setToolTip(m_library.path(h.section));
        m_hits->addItem(item);
    }
    highlight();
    return int(hits.size());
}

QString RulesReference::currentSectionId() const
{
    return m_current >= 0 ? m_library.sections()[m_current].id : QString();
}

QStringList RulesReference::hitIds() const
{
    QStringList ids;
    for (int i = 0; i < m_hits->count(); ++i)
        ids << m_library.sections()[m_hits->item(i)->data(Qt::UserRole).toInt()].id;
    return ids;
}

} // namespace jw
