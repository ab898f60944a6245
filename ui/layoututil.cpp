// SPDX-License-Identifier: GPL-3.0-or-later
#include "layoututil.h"

#include <QCoreApplication>
#include <QEvent>
#include <QHelpEvent>
#include <QLayout>
#include <QResizeEvent>
#include <QScreen>
#include <QScrollBar>
#include <QSettings>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QStylePainter>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>

namespace jw {

namespace {
QString collapsedKey(const QString &key)
{
    return QStringLiteral("layout/%1/collapsed").arg(key);
}
// The least height `w` needs at `width`: the wrapped labels of its layout at their height for
// that width, the rest at their minimum (a stack: its page shown).
int minimumHeightFor(const QWidget *w, int width)
{
    if (const auto *stack = qobject_cast<const QStackedWidget *>(w);
        stack && stack->currentWidget())
        return minimumHeightFor(stack->currentWidget(), width);
    const int plain = w->minimumSizeHint().expandedTo(w->minimumSize()).height();
    if (const QLayout *l = w->layout(); l && l->hasHeightForWidth())
        return std::max(plain, l->minimumHeightForWidth(width));
    return plain;
}

// Holds the panel's contents in the scroll area without a layout of its own, so that the
// scroll area gives them the height of the viewport (their lists shrink, their buttons stay
// in view) and only what they need at least when that is more; a layout with wrapped labels
// would be given its preferred height instead (QScrollArea asks heightForWidth).
class ScrollHost : public QWidget
{
public:
    explicit ScrollHost(QWidget *contents)
        : m_contents(contents)
    {
        contents->setParent(this);
    }
    [[nodiscard]] QWidget *contents() const { return m_contents; }
    [[nodiscard]] QSize minimumSizeHint() const override
    {
        const int w = m_contents->minimumSizeHint().width();
        // Measured as if the vertical scroll bar took its room: the labels wrap at the width
        // they will have, not one they had before it showed.
        const int bar = style()->pixelMetric(QStyle::PM_ScrollBarExtent);
        return {w, minimumHeightFor(m_contents, std::max(width() - bar, w))};
    }
    [[nodiscard]] QSize sizeHint() const override { return m_contents->sizeHint(); }

protected:
    void resizeEvent(QResizeEvent *e) override
    {
        m_contents->setGeometry(rect());
        // Another width, another height for the wrapped labels.
        if (e->size().width() != e->oldSize().width())
            QCoreApplication::postEvent(this, new QEvent(QEvent::LayoutRequest));
    }
    bool event(QEvent *e) override
    {
        // The contents changed what they need: the scroll area sizes the host again.
        if (e->type() == QEvent::LayoutRequest)
            updateGeometry();
        return QWidget::event(e);
    }

private:
    QWidget *m_contents;
};

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
    auto *host = new ScrollHost(contents);
    setWidget(host);
    // What the contents need may change (a page shown, a text set): the dock and the scroll
    // area follow.
    contents->installEventFilter(this);
    host->installEventFilter(this);
}

QWidget *PanelScroll::contents() const
{
    return static_cast<ScrollHost *>(widget())->contents();
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
    if ((watched == widget() || watched == contents()) && event->type() == QEvent::LayoutRequest) {
        updateGeometry();
        if (watched == contents())
            QCoreApplication::postEvent(widget(), new QEvent(QEvent::LayoutRequest));
        else
            QCoreApplication::postEvent(this, new QEvent(QEvent::LayoutRequest));
    }
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

ElidingComboBox::ElidingComboBox(QWidget *parent)
    : QComboBox(parent)
{ }

QString ElidingComboBox::shownText() const
{
    QStyleOptionComboBox opt;
    initStyleOption(&opt);
    QRect room
        = style()->subControlRect(QStyle::CC_ComboBox, &opt, QStyle::SC_ComboBoxEditField, this);
    if (!opt.currentIcon.isNull())
        room.setLeft(room.left() + opt.iconSize.width() + 4);
    // The style draws the label 1 px in from each side.
    return fontMetrics().elidedText(currentText(), Qt::ElideRight, room.width() - 2);
}

QString ElidingComboBox::shownToolTip() const
{
    if (!isElided())
        return toolTip();
    return toolTip().isEmpty() ? currentText() : currentText() + QLatin1Char('\n') + toolTip();
}

void ElidingComboBox::paintEvent(QPaintEvent *)
{
    QStylePainter p(this);
    p.setPen(palette().color(QPalette::Text));
    QStyleOptionComboBox opt;
    initStyleOption(&opt);
    p.drawComplexControl(QStyle::CC_ComboBox, opt);
    if (!isEditable()) {
        opt.currentText = shownText();
        p.drawControl(QStyle::CE_ComboBoxLabel, opt);
    }
}

bool ElidingComboBox::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip && isElided()) {
        QToolTip::showText(static_cast<QHelpEvent *>(event)->globalPos(), shownToolTip(), this);
        return true;
    }
    return QComboBox::event(event);
}

} // namespace jw
