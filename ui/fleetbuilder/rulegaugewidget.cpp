// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleetbuilder/rulegaugewidget.h"

#include <QPainter>
#include <QPainterPath>

namespace jw {

RuleGaugeWidget::RuleGaugeWidget(QWidget *parent)
    : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void RuleGaugeWidget::setGauge(const RuleGauge &gauge)
{
    m_gauge = gauge;
    // The rule's line in the interface's language ("Staffeln: 0 von 250 Punkten ...").
    setToolTip(text());
    setAccessibleName(gauge.labelText().translated());
    setAccessibleDescription(text());
    update();
}

QString RuleGaugeWidget::text() const
{
    return m_gauge.text().translated();
}

QSize RuleGaugeWidget::sizeHint() const
{
    const QFontMetrics fm(font());
    return {fm.horizontalAdvance(text()) + 16, fm.height() * 2 + 10};
}

QSize RuleGaugeWidget::minimumSizeHint() const
{
    const QFontMetrics fm(font());
    return {fm.horizontalAdvance(QStringLiteral("Squadrons: 100%")) + 16, fm.height() * 2 + 10};
}

void RuleGaugeWidget::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    const QFontMetrics fm(font());
    const bool holds = m_gauge.holds();

    // Text line: the rule's sentence, elided to the width.
    const QRect textRect(0, 0, width(), fm.height());
    p.setPen(pal.color(QPalette::WindowText));
    p.drawText(textRect, Qt::AlignLeft | Qt::AlignVCenter,
               fm.elidedText(text(), Qt::ElideRight, width()));

    // Bar: 0..limit (or a bit beyond when over), the threshold as a tick.
    const int barTop = fm.height() + 3;
    const QRectF bar(0.5, barTop + 0.5, width() - 1.0, height() - barTop - 3.0);
    const double scaleMax = std::max({double(m_gauge.limit), double(m_gauge.points), 1.0});
    auto x = [&](double points) {
        return bar.left() + bar.width() * points / scaleMax;
    };

    QPainterPath frame;
    frame.addRoundedRect(bar, 3, 3);
    p.fillPath(frame, pal.color(QPalette::Base));
    const QColor good(46, 160, 67), bad(218, 54, 51);
    QColor fill = holds ? good : bad;
    fill.setAlphaF(0.75);
    const QRectF filled(bar.left(), bar.top(), x(m_gauge.points) - bar.left(), bar.height());
    p.save();
    p.setClipPath(frame);
    p.fillRect(filled, fill);
    p.restore();
    p.setPen(pal.color(QPalette::Mid));
    p.drawPath(frame);

    if (m_gauge.limit > 0 && m_gauge.threshold < m_gauge.limit) {
        const double tx = x(m_gauge.threshold);
        QPen tick(pal.color(QPalette::WindowText), 2);
        p.setPen(tick);
        p.drawLine(QPointF(tx, bar.top() - 2), QPointF(tx, bar.bottom() + 2));
    }
}

} // namespace jw
