// SPDX-License-Identifier: GPL-3.0-or-later
#include "render/cardpainter.h"

#include "render/textmetrics.h"

#include "io/outputfile.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace jw {

namespace {

constexpr qreal kOutline = 0.25; // mm: the card's edge (the cut line)
constexpr qreal kBoxPen = 0.2; // mm
constexpr qreal kCrossPen = 0.35; // mm

QPen pen(qreal widthMm, Qt::PenCapStyle cap = Qt::SquareCap)
{
    QPen p(Qt::black);
    p.setWidthF(widthMm);
    p.setCapStyle(cap);
    p.setJoinStyle(Qt::MiterJoin);
    return p;
}

void paintBox(QPainter *p, const CardLayout &layout, const CardField &f, bool marked)
{
    const QRectF r = f.rect;
    p->setBrush(Qt::NoBrush);
    p->setPen(pen(kBoxPen));
    // Strokes stay inside the field: the rect is what tests check.
    p->drawRect(r.adjusted(kBoxPen / 2, kBoxPen / 2, -kBoxPen / 2, -kBoxPen / 2));
    if (f.redundant) {
        const qreal in = std::max(0.12 * r.width(), 2.5 * kBoxPen);
        p->drawRect(r.adjusted(in, in, -in, -in));
    }
    if (!f.text.isEmpty())
        TextMetrics::draw(p, r, layout.font(f.role), Qt::AlignCenter, f.text);
    if (marked) {
        p->save();
        p->setClipRect(r, Qt::IntersectClip);
        p->setPen(pen(kCrossPen, Qt::RoundCap));
        const QRectF x = r.adjusted(0.12 * r.width(), 0.12 * r.height(), -0.12 * r.width(),
                                    -0.12 * r.height());
        p->drawLine(x.topLeft(), x.bottomRight());
        p->drawLine(x.bottomLeft(), x.topRight());
        p->restore();
    }
}

void paintRule(QPainter *p, const QRectF &r)
{
    const bool horizontal = r.width() >= r.height();
    p->setPen(pen(horizontal ? r.height() : r.width(), Qt::FlatCap));
    if (horizontal)
        p->drawLine(QPointF(r.left(), r.center().y()), QPointF(r.right(), r.center().y()));
    else
        p->drawLine(QPointF(r.center().x(), r.top()), QPointF(r.center().x(), r.bottom()));
}

} // namespace

QTransform CardPainter::transform(const QRectF &target) const
{
    const QSizeF card = m_layout.size();
    if (card.isEmpty() || target.isEmpty())
        return {};
    const qreal s = std::min(target.width() / card.width(), target.height() / card.height());
    const QPointF origin(target.left() + (target.width() - card.width() * s) / 2,
                         target.top() + (target.height() - card.height() * s) / 2);
    QTransform t;
    t.translate(origin.x(), origin.y());
    t.scale(s, s);
    return t;
}

void CardPainter::paint(QPainter *p, const QRectF &target, const CardMarks &marks, int face) const
{
    if (m_layout.size().isEmpty())
        return;
    p->save();
    p->setRenderHint(QPainter::Antialiasing);
    p->setRenderHint(QPainter::TextAntialiasing);
    p->setTransform(transform(target), true);

    // White card, thin black edge: the cut line when printed.
    const QRectF card = m_layout.rect();
    p->fillRect(card, Qt::white);
    p->setPen(pen(kOutline));
    p->setBrush(Qt::NoBrush);
    p->drawRect(card.adjusted(kOutline / 2, kOutline / 2, -kOutline / 2, -kOutline / 2));

    for (const CardField *f : m_layout.fieldsOn(face)) {
        switch (f->kind) {
        case CardFieldKind::Frame:
            break;
        case CardFieldKind::Rule:
            paintRule(p, f->rect);
            break;
        case CardFieldKind::Box:
            paintBox(p, m_layout, *f, CardLayout::isMarked(*f, marks));
            break;
        case CardFieldKind::Text:
            if (f->boxed) {
                p->setPen(pen(kBoxPen));
                p->setBrush(Qt::NoBrush);
                p->drawRect(f->rect.adjusted(kBoxPen / 2, kBoxPen / 2, -kBoxPen / 2, -kBoxPen / 2));
            }
            p->setPen(Qt::black);
            TextMetrics::draw(p, f->rect, m_layout.font(f->role), f->align, f->text);
            break;
        }
    }
    p->restore();
}

QImage CardPainter::toImage(int dpi, const CardMarks &marks, int face) const
{
    const QSizeF mm = m_layout.size();
    const QSize px(int(std::lround(mm.width() / 25.4 * dpi)),
                   int(std::lround(mm.height() / 25.4 * dpi)));
    QImage image(px, QImage::Format_RGB32);
    image.fill(Qt::white);
    const int dpm = int(std::lround(dpi / 0.0254));
    image.setDotsPerMeterX(dpm);
    image.setDotsPerMeterY(dpm);
    QPainter p(&image);
    paint(&p, QRectF(QPointF(0, 0), QSizeF(px)), marks, face);
    p.end();
    return image;
}

RenderResult CardPainter::writePng(const QString &path, int dpi, const CardMarks &marks,
                                   int face) const
{
    RenderResult r;
    const QImage image = toImage(dpi, marks, face);
    io::OutputFile file(path);
    if (!file.open()) {
        r.error = file.errorString();
        return r;
    }
    if (!image.save(file.device(), "PNG")) {
        file.cancel();
        r.error = QStringLiteral("cannot write %1: PNG encoding failed").arg(path);
        return r;
    }
    if (!file.commit()) {
        r.error = file.errorString();
        return r;
    }
    r.ok = true;
    r.pages = 1;
    return r;
}

} // namespace jw
