#include "layoututil.h"

#include <QEvent>
#include <QScreen>
#include <QScrollBar>
#include <QSettings>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

namespace jw {

namespace {
QString collapsedKey(const QString &key)
{
    return QStringLiteral("layout/%1/collapsed").arg(key);
}
} // namespace

void resizeWithinScreen(QWidget *w, QSize wanted)
{
    const QWidget *anchor = w->parentWidget() ? w->parentWidget()->window() : w;
    if (const QScreen *s = anchor->screen()) {
        // The window frame and title bar are outside the size given to resize().
        const QSize free = s->availableGeometry().size() - QSize(16, 48);
        wanted = wanted.boundedTo(free).expandedTo(w->minimumSizeHint());
    }
    w->resize(wanted);
}

PanelScroll::PanelScroll(QWidget *contents, QWidget *parent)
    : QScrollArea(parent)
{
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setWidget(contents);
    // The contents' minimum width may change (a page shown, a text set): the dock follows.
    contents->installEventFilter(this);
}

QSize PanelScroll::minimumSizeHint() const
{
    const QWidget *w = widget();
    const int frame = 2 * frameWidth();
    const int bar = verticalScrollBar()->sizeHint().width();
    const int width = (w ? w->minimumSizeHint().width() : 0) + frame + bar;
    // A few lines: enough to see that there is more, and to scroll to it.
    return {width, fontMetrics().lineSpacing() * 5 + frame};
}

QSize PanelScroll::sizeHint() const
{
    const QWidget *w = widget();
    if (!w)
        return QScrollArea::sizeHint();
    const int frame = 2 * frameWidth();
    const QSize s = w->sizeHint();
    return {s.width() + frame + verticalScrollBar()->sizeHint().width(), s.height() + frame};
}

bool PanelScroll::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == widget() && event->type() == QEvent::LayoutRequest)
        updateGeometry();
    return QScrollArea::eventFilter(watched, event);
}

PageStack::PageStack(QWidget *parent)
    : QStackedWidget(parent)
{
    connect(this, &QStackedWidget::currentChanged, this, [this] { updateGeometry(); });
}

QSize PageStack::minimumSizeHint() const
{
    const QWidget *page = currentWidget();
    if (!page)
        return QStackedWidget::minimumSizeHint();
    return page->minimumSizeHint().expandedTo(page->minimumSize());
}

QSize PageStack::sizeHint() const
{
    const QWidget *page = currentWidget();
    return page ? page->sizeHint() : QStackedWidget::sizeHint();
}

CollapsibleSection::CollapsibleSection(const QString &title, const QString &settingsKey,
                                       QWidget *parent)
    : QWidget(parent)
    , m_key(settingsKey)
{
    auto *l = new QVBoxLayout(this);
    l->setContentsMargins(0, 0, 0, 0);
    l->setSpacing(2);
    m_header = new QToolButton;
    m_header->setObjectName(QStringLiteral("sectionHeader"));
    m_header->setText(title);
    m_header->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_header->setAutoRaise(true);
    QFont bold = m_header->font();
    bold.setBold(true);
    m_header->setFont(bold);
    l->addWidget(m_header);
    m_collapsed = QSettings().value(collapsedKey(m_key), false).toBool();
    connect(m_header, &QToolButton::clicked, this, [this] { setCollapsed(!m_collapsed); });
    apply();
}

void CollapsibleSection::setContents(QWidget *contents)
{
    delete m_contents;
    m_contents = contents;
    layout()->addWidget(contents);
    apply();
}

void CollapsibleSection::setCollapsed(bool collapsed)
{
    if (collapsed == m_collapsed)
        return;
    m_collapsed = collapsed;
    QSettings().setValue(collapsedKey(m_key), collapsed);
    apply();
    Q_EMIT collapsedChanged(collapsed);
}

void CollapsibleSection::apply()
{
    m_header->setArrowType(m_collapsed ? Qt::RightArrow : Qt::DownArrow);
    m_header->setToolTip(m_collapsed ? tr("Show this section") : tr("Hide this section"));
    if (m_contents)
        m_contents->setVisible(!m_collapsed);
}

} // namespace jw
