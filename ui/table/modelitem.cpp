#include "table/modelitem.h"

#include "geometry/arcs.h"

#include <QFont>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace jw {

namespace {
// Labels are drawn in a frame scaled up by this much, so fonts get whole pixel
// sizes (fonts of a fraction of a unit render badly).
constexpr qreal kTextScale = 40.0;
constexpr double kArcLineLength = 0.6; // inches of arc line drawn past the corners
constexpr qreal kStatusLine = 0.28 * kTextScale; // one status line, in the scaled frame
} // namespace

ModelItem::ModelItem(int id, QGraphicsItem *parent)
    : QGraphicsItem(parent)
    , m_id(id)
{
    setAcceptHoverEvents(true);
    // Repainting 200 models is blitting 200 cached pixmaps; the cache follows
    // zoom and is dropped by update() whenever the model changes.
    setCacheMode(QGraphicsItem::DeviceCoordinateCache);
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
    updateBounds();
}

void ModelItem::updateBounds()
{
    QRectF r = m_outline.boundingRect();
    for (const QLineF &l : m_arcs)
        r |= QRectF(l.p1(), l.p2()).normalized();
    // Room for the highlight ring and the label below the base (more status lines: a UIO's).
    const double bottom = m_outline.boundingRect().bottom();
    const int extra = int(m_status.count(QLatin1Char('\n')));
    m_bounds = r.adjusted(-0.3, -0.3, 0.3, 0.3)
        | QRectF(-3, bottom, 6, 0.9 + extra * kStatusLine / kTextScale);
}

void ModelItem::setColor(const QColor &color)
{
    m_color = color;
    update();
}

void ModelItem::setLabel(const QString &name, const QString &status)
{
    if (name == m_name && status == m_status)
        return;
    const bool lines = status.count(QLatin1Char('\n')) != m_status.count(QLatin1Char('\n'));
    if (lines)
        prepareGeometryChange();
    m_name = name;
    m_status = status;
    if (lines)
        updateBounds();
    update();
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

void ModelItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const qreal px = 1.0 / std::max(lod, 0.01); // one screen pixel in inches
    painter->setRenderHint(QPainter::Antialiasing, lod > 4);

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
        QPen pen(ring, std::max(0.12, 3 * px));
        if (m_highlight == TargetRefused)
            pen.setStyle(Qt::DashLine);
        pen.setJoinStyle(Qt::RoundJoin);
        painter->setPen(pen);
        painter->setBrush(Qt::NoBrush);
        painter->drawPolygon(m_outline);
    }

    QColor fill = m_color;
    fill.setAlpha(m_ghost ? 70 : 200);
    QPen edge(m_ghost ? (m_ghostLegal ? QColor(255, 255, 255) : QColor(239, 68, 68))
                      : m_color.lighter(160),
              (m_selected ? 3 : 1.2) * px);
    if (m_ghost)
        edge.setStyle(Qt::DashLine);
    if (m_selected)
        edge.setColor(Qt::white);
    painter->setPen(edge);
    painter->setBrush(fill);
    painter->drawPolygon(m_outline);

    // Arc lines and the facing tick (capital ships).
    if (m_base.isRectangle()) {
        painter->setPen(QPen(m_color.lighter(170), 1 * px));
        for (const QLineF &l : m_arcs)
            painter->drawLine(l);
        painter->setPen(QPen(Qt::white, std::max(2 * px, 0.08), Qt::SolidLine, Qt::RoundCap));
        painter->drawLine(m_facing);
    }

    // Name and status: upright, skipped when too small to read.
    const qreal textPx = 0.30 * lod; // screen pixels of the name's height
    if (m_ghost || textPx < 6 || m_name.isEmpty())
        return;
    painter->save();
    painter->scale(1 / kTextScale, 1 / kTextScale);
    QFont nameFont = painter->font();
    nameFont.setPixelSize(int(0.30 * kTextScale));
    nameFont.setBold(true);
    QFont statusFont = nameFont;
    statusFont.setBold(false);
    statusFont.setPixelSize(int(0.24 * kTextScale));
    constexpr int flags = Qt::AlignHCenter | Qt::AlignTop;
    const QRectF nameRect(-3 * kTextScale, m_outline.boundingRect().bottom() * kTextScale + 2,
                          6 * kTextScale, 0.4 * kTextScale);
    QRectF statusRect = nameRect.translated(0, 0.36 * kTextScale);
    statusRect.setHeight((int(m_status.count(QLatin1Char('\n'))) + 1) * kStatusLine);
    // A dark backdrop keeps the label readable over light terrain (a Comet's Body, a UIO).
    painter->setFont(nameFont);
    QRectF back = painter->boundingRect(nameRect, flags, m_name);
    if (!m_status.isEmpty()) {
        painter->setFont(statusFont);
        back |= painter->boundingRect(statusRect, flags, m_status);
    }
    painter->setPen(Qt::NoPen);
    painter->setBrush(QColor(8, 10, 20, 130));
    painter->drawRoundedRect(back.adjusted(-3, 0, 3, 1), 3, 3);
    painter->setFont(nameFont);
    painter->setPen(QColor(0, 0, 0, 160));
    painter->drawText(nameRect.translated(1, 1), flags, m_name);
    painter->setPen(Qt::white);
    painter->drawText(nameRect, flags, m_name);
    if (!m_status.isEmpty()) {
        painter->setFont(statusFont);
        painter->setPen(QColor(0, 0, 0, 160));
        painter->drawText(statusRect.translated(1, 1), flags, m_status);
        painter->setPen(QColor(230, 230, 230));
        painter->drawText(statusRect, flags, m_status);
    }
    painter->restore();
}

} // namespace jw
