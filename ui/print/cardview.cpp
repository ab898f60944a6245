// SPDX-License-Identifier: GPL-3.0-or-later
#include "print/cardview.h"

#include "render/cardpainter.h"

#include <QMouseEvent>
#include <QPainter>

namespace jw {

CardView::CardView(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("cardView"));
    setAccessibleName(tr("Unit card"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    setMinimumSize(240, 170);
}

void CardView::setUnit(const Unit *unit, const CardOptions &options)
{
    m_face = 0;
    m_marks = {};
    m_unit = unit;
    m_options = options;
    setAccessibleName(unit ? tr("Unit card: %1").arg(unit->name) : tr("Unit card"));
    if (unit)
        m_layout = CardLayout::compute(*unit, options);
    else
        m_layout.reset();
    setToolTip(m_layout && m_layout->faceCount() > 1 ? tr("Click to turn the card over")
                                                     : QString());
    updateGeometry();
    update();
    Q_EMIT cardChanged();
}

void CardView::setPlaceholder(const QString &text)
{
    if (text == m_placeholder)
        return;
    m_placeholder = text;
    update();
}

void CardView::setMarks(const CardMarks &marks)
{
    if (marks == m_marks)
        return;
    m_marks = marks;
    update();
    Q_EMIT cardChanged();
}

void CardView::setFace(int face)
{
    if (!m_layout)
        return;
    m_face = std::clamp(face, 0, m_layout->faceCount() - 1);
    update();
}

int CardView::heightForWidth(int width) const
{
    const QSizeF mm = m_layout ? m_layout->size() : QSizeF(127, 88.9);
    return int(width * mm.height() / mm.width()) + 8;
}

QSize CardView::sizeHint() const
{
    return {480, heightForWidth(480)};
}

QRectF CardView::cardRect() const
{
    const QSizeF mm = m_layout ? m_layout->size() : QSizeF(127, 88.9);
    QSizeF s = mm;
    s.scale(QSizeF(width() - 8, height() - 8), Qt::KeepAspectRatio);
    return QRectF(QPointF((width() - s.width()) / 2, (height() - s.height()) / 2), s);
}

void CardView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    if (!m_layout) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect().adjusted(8, 8, -8, -8), Qt::AlignCenter | Qt::TextWordWrap,
                   m_placeholder.isEmpty() ? tr("Select a unit to see its card.") : m_placeholder);
        return;
    }
    // The card is paper: white, whatever the palette.
    const QRectF r = cardRect();
    p.fillRect(r.translated(2, 2), palette().color(QPalette::Shadow));
    p.fillRect(r, Qt::white);
    CardPainter(*m_layout).paint(&p, r, m_marks, m_face);
    if (m_layout->faceCount() > 1) {
        p.setPen(Qt::darkGray);
        p.drawText(r.adjusted(4, 4, -4, -4), Qt::AlignBottom | Qt::AlignHCenter,
                   tr("side %1 of %2 – click to turn").arg(m_face + 1).arg(m_layout->faceCount()));
    }
}

void CardView::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (m_layout && event->button() == Qt::LeftButton)
        Q_EMIT enlargeRequested();
    QWidget::mouseDoubleClickEvent(event);
}

void CardView::mousePressEvent(QMouseEvent *event)
{
    if (m_layout && m_layout->faceCount() > 1 && event->button() == Qt::LeftButton)
        setFace((m_face + 1) % m_layout->faceCount());
    QWidget::mousePressEvent(event);
}

} // namespace jw
