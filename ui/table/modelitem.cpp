// SPDX-License-Identifier: GPL-3.0-or-later
#include "table/modelitem.h"

#include "geometry/arcs.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <QWidget>

namespace jw {

namespace {
constexpr double kArcLineLength = 0.6; // inches of arc line drawn past the corners
constexpr double kKeyboardRing = 0.6; // inches between the base and the keyboard's ring

// `a` over `b` at `share` of `a`, opaque.
QColor mix(const QColor &a, const QColor &b, double share)
{
    return QColor::fromRgbF(float(a.redF() * share + b.redF() * (1 - share)),
                            float(a.greenF() * share + b.greenF() * (1 - share)),
                            float(a.blueF() * share + b.blueF() * (1 - share)));
}
} // namespace

ModelItem::ModelItem(int id, QGraphicsItem *parent)
    : QGraphicsItem(parent)
    , m_id(id)
{
    setAcceptHoverEvents(true);
    // Drawn directly, not cached: a base is a few cosmetic lines and fills (the text is in
    // the screen-space labels), about as quick to draw as a cached pixmap is to copy, and a
    // device cache is re-rendered for all 200 models at each zoom change (the first frame
    // after it took 8-16 ms; bench_table viewRepaint, docs/performance.md).
    setCacheMode(QGraphicsItem::NoCache);
}

void ModelItem::setBase(const BaseShape &base)
{
    prepareGeometryChange();
    m_base = base;
    const QPointF c = base.centre();
    setPos(c);
    m_outline = base.outline().translated(-c);
    if (base.isRectangle()) {
        const std::array<QLineF, 4> lines = arcLines(base, kArcLineLength);
        for (std::size_t i = 0; i < lines.size(); ++i)
            m_arcs[i] = lines[i].translated(-c);
        const QLineF fore = base.foreEdge().translated(-c);
        const QPointF mid = fore.center();
        m_facing = QLineF(mid, mid + base.placement().forward() * 0.35);
    } else {
        m_arcs = {};
        m_facing = {};
    }
    updateSilhouette();
    updateBounds();
}

void ModelItem::setKind(Kind kind)
{
    if (kind == m_kind)
        return;
    m_kind = kind;
    updateSilhouette();
    update();
}

void ModelItem::setDimmed(bool on)
{
    if (on == m_dimmed)
        return;
    m_dimmed = on;
    update();
}

void ModelItem::updateSilhouette()
{
    // A frame along the base: x to starboard, y forward, in inches.
    const QPointF f = m_base.placement().forward();
    const QPointF r = m_base.placement().starboard();
    const auto at = [&](double x, double y) {
        return r * x + f * y;
    };
    const auto polygon = [&](std::initializer_list<QPointF> pts) {
        QPolygonF poly;
        for (const QPointF &p : pts)
            poly << at(p.x(), p.y());
        return poly;
    };
    QPainterPath path;
    const double w = m_base.isRectangle() ? m_base.halfWidth() : 0.5;
    const double l = m_base.isRectangle() ? m_base.halfLength() : 0.5;
    switch (m_kind) {
    case Capital:
        // A hull: the bow towards the facing, a bridge aft.
        path.addPolygon(polygon({{0, 0.86 * l},
                                 {0.55 * w, 0.3 * l},
                                 {0.5 * w, -0.8 * l},
                                 {-0.5 * w, -0.8 * l},
                                 {-0.55 * w, 0.3 * l}}));
        path.closeSubpath();
        break;
    case Fighter:
        // Three darts in a vee.
        for (const QPointF &c : {QPointF(0, 0.12), QPointF(-0.2, -0.14), QPointF(0.2, -0.14)}) {
            path.addPolygon(polygon({{c.x(), c.y() + 0.14},
                                     {c.x() + 0.1, c.y() - 0.1},
                                     {c.x(), c.y() - 0.04},
                                     {c.x() - 0.1, c.y() - 0.1}}));
            path.closeSubpath();
        }
        break;
    case ExoArmor: {
        // A walker: head, shoulders, tapering body.
        const QPointF head = at(0, 0.22);
        path.addEllipse(head, 0.07, 0.07);
        path.addPolygon(polygon({{-0.27, 0.12},
                                 {0.27, 0.12},
                                 {0.27, 0.04},
                                 {0.12, 0.02},
                                 {0.06, -0.28},
                                 {-0.06, -0.28},
                                 {-0.12, 0.02},
                                 {-0.27, 0.04}}));
        path.closeSubpath();
        break;
    }
    case Static: {
        // A station: a ring and a hub.
        const double rr = 0.6 * std::min(w, l);
        path.addEllipse(QPointF(), rr, rr);
        path.addEllipse(QPointF(), rr * 0.7, rr * 0.7);
        path.addEllipse(QPointF(), rr * 0.25, rr * 0.25);
        break;
    }
    case Marker: {
        const double rr = 0.55 * std::min(w, l);
        path.addEllipse(QPointF(), rr, rr);
        path.addEllipse(QPointF(), rr * 0.6, rr * 0.6);
        break;
    }
    }
    path.setFillRule(Qt::OddEvenFill);
    m_silhouette = path;
}

void ModelItem::updateBounds()
{
    QRectF r = m_outline.boundingRect();
    for (const QLineF &l : m_arcs)
        r |= QRectF(l.p1(), l.p2()).normalized();
    // Room for the highlight ring and the keyboard's ring around it.
    m_bounds = r.adjusted(-kKeyboardRing - 0.3, -kKeyboardRing - 0.3, kKeyboardRing + 0.3,
                          kKeyboardRing + 0.3);
}

void ModelItem::setColor(const QColor &color)
{
    m_color = color;
    update();
}

void ModelItem::setLabel(const QString &name, const QString &status)
{
    // Not drawn here (TableLabels does): nothing to repaint.
    m_name = name;
    m_status = status;
}

void ModelItem::setHighlight(Highlight h)
{
    if (h == m_highlight)
        return;
    m_highlight = h;
    update();
}

void ModelItem::setSelectedModel(bool on)
{
    if (on == m_selected)
        return;
    m_selected = on;
    update();
}

void ModelItem::setKeyboardFocus(bool on)
{
    if (on == m_keyboard)
        return;
    m_keyboard = on;
    update();
}

void ModelItem::setGhost(bool on, bool legal)
{
    m_ghost = on;
    m_ghostLegal = legal;
    update();
}

QRectF ModelItem::boundingRect() const
{
    return m_bounds;
}

QPainterPath ModelItem::shape() const
{
    QPainterPath p;
    p.addPolygon(m_outline);
    p.closeSubpath();
    return p;
}

QRectF ModelItem::keyboardRingRect() const
{
    return m_outline.boundingRect().adjusted(-kKeyboardRing, -kKeyboardRing, kKeyboardRing,
                                             kKeyboardRing);
}

void ModelItem::paintKeyboardRing(QPainter *painter, const QColor &focus) const
{
    // A rounded frame around the base, white under the focus colour (dashed), so that it
    // shows on the dark table, on a label, and apart from the highlight rings.
    const QRectF r = keyboardRingRect();
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    QPen under(Qt::white, 6);
    under.setCosmetic(true);
    painter->setPen(under);
    painter->setBrush(Qt::NoBrush);
    painter->drawRoundedRect(r, 0.2, 0.2);
    QPen over(focus, 4, Qt::DashLine);
    over.setCosmetic(true);
    painter->setPen(over);
    painter->drawRoundedRect(r, 0.2, 0.2);
    painter->restore();
}

void ModelItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    painter->setRenderHint(QPainter::Antialiasing, lod > 4);

    // The keyboard's ring is drawn by the scene, over the labels (paintKeyboardRing).

    // Highlight ring under the base.
    QColor ring;
    switch (m_highlight) {
    case Activatable:
        ring = QColor(250, 204, 21);
        break;
    case Active:
        ring = QColor(255, 255, 255);
        break;
    case TargetAllowed:
        ring = QColor(34, 197, 94);
        break;
    case TargetRefused:
        ring = QColor(140, 140, 140);
        break;
    case Deployable:
        ring = QColor(56, 189, 248);
        break;
    case ActionTarget:
        ring = QColor(249, 115, 22);
        break;
    case None:
        break;
    }
    if (ring.isValid()) {
        QPen pen(ring, std::max(0.12 * lod, 3.0));
        pen.setCosmetic(true);
        if (m_highlight == TargetRefused)
            pen.setStyle(Qt::DashLine);
        pen.setJoinStyle(Qt::RoundJoin);
        painter->setPen(pen);
        painter->setBrush(Qt::NoBrush);
        painter->drawPolygon(m_outline);
    }

    QColor fill = m_color;
    if (m_dimmed)
        fill = QColor::fromHsv(fill.hsvHue(), fill.hsvSaturation() / 3, fill.value() * 2 / 3);
    // Opaque (as over the dark table) but for ghosts: opaque fills cost far less than blended ones.
    fill = m_ghost ? QColor(fill.red(), fill.green(), fill.blue(), 70)
                   : mix(fill, QColor(12, 16, 36), m_dimmed ? 0.6 : 0.8);
    // Pens in pixels (cosmetic): a 1-pixel cosmetic pen takes the raster
    // engine's fast line drawer, a scaled pen the much slower stroker.
    QPen edge(m_ghost ? (m_ghostLegal ? QColor(255, 255, 255) : QColor(239, 68, 68))
                      : m_color.lighter(160),
              m_selected ? 3 : 1);
    edge.setCosmetic(true);
    if (m_ghost)
        edge.setStyle(Qt::DashLine);
    if (m_selected)
        edge.setColor(Qt::white);
    painter->setPen(edge);
    painter->setBrush(fill);
    painter->drawPolygon(m_outline);

    // Arc lines and the facing tick (capital ships).
    if (m_base.isRectangle()) {
        QPen arcPen(m_color.lighter(170), 1);
        arcPen.setCosmetic(true);
        painter->setPen(arcPen);
        painter->drawLines(m_arcs.data(), int(m_arcs.size()));
        QPen tick(Qt::white, 2, Qt::SolidLine, Qt::FlatCap);
        tick.setCosmetic(true);
        painter->setPen(tick);
        painter->drawLine(m_facing);
    }

    // The silhouette of its kind, light on the player's colour.
    if (!m_ghost && !m_silhouette.isEmpty()) {
        // A few pixels across below 25 px/in: antialiasing would only blur it, at a cost.
        painter->setRenderHint(QPainter::Antialiasing, lod >= 25);
        painter->setPen(Qt::NoPen);
        painter->setBrush(mix(QColor(255, 255, 255), fill, m_dimmed ? 0.35 : 0.8));
        painter->drawPath(m_silhouette);
    }
}

} // namespace jw
