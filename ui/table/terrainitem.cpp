// SPDX-License-Identifier: GPL-3.0-or-later
#include "table/terrainitem.h"

#include "geometry/geometry.h"
#include "geometry/zones.h"

#include <QGraphicsScene>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace jw {

namespace {

constexpr double kPlanetBand = 3.0; // inches drawn beyond the edge (the scene's margin)

QColor playerTint(int player)
{
    if (player == 0)
        return QColor(37, 99, 235);
    if (player == 1)
        return QColor(220, 38, 38);
    return QColor(180, 180, 190);
}

struct Look
{
    QColor fill;
    QColor line;
    Qt::PenStyle style = Qt::SolidLine;
    Qt::BrushStyle pattern = Qt::SolidPattern;
};

Look lookOf(const TerrainPiece &p)
{
    switch (p.kind) {
    case TerrainKind::AsteroidField:
        return {QColor(150, 120, 90, 70), QColor(200, 170, 130, 200), Qt::DashLine,
                Qt::Dense6Pattern};
    case TerrainKind::Atmosphere:
        return {QColor(90, 170, 230, 55), QColor(120, 190, 240, 170), Qt::DashLine};
    case TerrainKind::ParticleCloud:
        return {QColor(190, 190, 230, 60), QColor(210, 210, 245, 180), Qt::DashLine,
                Qt::Dense5Pattern};
    case TerrainKind::Comet:
        return {QColor(200, 235, 255, 230), QColor(240, 250, 255)};
    case TerrainKind::LargeAsteroid:
        return {QColor(120, 105, 90, 230), QColor(180, 160, 140)};
    case TerrainKind::Wreck:
        return {QColor(90, 90, 90, 200), QColor(160, 160, 160)};
    case TerrainKind::SmallMoon:
        return {QColor(150, 150, 160, 120), QColor(200, 200, 210, 220)};
    case TerrainKind::Mines: {
        QColor c = playerTint(p.owner);
        QColor f = c;
        f.setAlpha(150);
        return {f, c.lighter(140), Qt::SolidLine, Qt::DiagCrossPattern};
    }
    case TerrainKind::SpaceStation:
    case TerrainKind::Uio: {
        QColor c = playerTint(p.kind == TerrainKind::Uio ? -1 : p.owner);
        QColor f = c;
        f.setAlpha(45);
        return {f, c, Qt::DotLine};
    }
    case TerrainKind::Planet:
        return {QColor(70, 130, 180, 170), QColor(140, 200, 240)};
    }
    return {};
}

} // namespace

TerrainItem::TerrainItem(const TerrainPiece &piece, const QString &label)
    : m_piece(piece)
    , m_label(label.isEmpty() ? piece.displayName() : label)
{
    // Under the models, over the table's background.
    setZValue(-2);
    setToolTip(QStringLiteral("%1\n%2").arg(m_label, effects(piece)));
}

void TerrainItem::setTargetHighlight(bool on)
{
    if (on == m_target)
        return;
    m_target = on;
    update();
}

QPainterPath TerrainItem::planetPath() const
{
    const QRectF t = tableRect();
    QRectF band;
    switch (m_piece.edge) {
    case TableEdge::Top:
        band = QRectF(t.left(), t.top() - kPlanetBand, t.width(), kPlanetBand);
        break;
    case TableEdge::Bottom:
        band = QRectF(t.left(), t.bottom(), t.width(), kPlanetBand);
        break;
    case TableEdge::Left:
        band = QRectF(t.left() - kPlanetBand, t.top(), kPlanetBand, t.height());
        break;
    case TableEdge::Right:
        band = QRectF(t.right(), t.top(), kPlanetBand, t.height());
        break;
    }
    QPainterPath p;
    p.addRect(band);
    return p;
}

QPainterPath TerrainItem::shape() const
{
    if (m_piece.kind == TerrainKind::Planet)
        return planetPath();
    QPainterPath p = m_piece.shape.path();
    if (m_piece.kind == TerrainKind::Comet)
        p.addPath(m_piece.tail.path());
    return p;
}

QRectF TerrainItem::boundingRect() const
{
    return shape().boundingRect().adjusted(-0.2, -0.2, 0.2, 0.2);
}

void TerrainItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const qreal px
        = 1.0 / std::max(option->levelOfDetailFromTransform(painter->worldTransform()), 0.001);
    const Look look = lookOf(m_piece);
    painter->setRenderHint(QPainter::Antialiasing);
    if (m_piece.kind == TerrainKind::Planet) {
        const QRectF band = planetPath().boundingRect();
        QLinearGradient g;
        const QLineF edge = tableEdgeLine(m_piece.edge);
        const QPointF mid = (edge.p1() + edge.p2()) / 2;
        const QPointF out = band.center() - mid;
        g.setStart(mid);
        g.setFinalStop(mid + out * 2);
        g.setColorAt(0, look.fill);
        g.setColorAt(1, QColor(20, 50, 90, 200));
        painter->fillRect(band, g);
        painter->setPen(QPen(look.line, 3 * px));
        painter->drawLine(edge);
        return;
    }
    if (m_piece.kind == TerrainKind::Comet) {
        // The Tail, a particle cloud fading away from the Body.
        const QRectF tr = m_piece.tail.boundingRect();
        QLinearGradient g(m_piece.shape.centre(), tr.center() * 2 - m_piece.shape.centre());
        g.setColorAt(0, QColor(170, 220, 255, 140));
        g.setColorAt(1, QColor(170, 220, 255, 20));
        painter->setPen(QPen(QColor(170, 220, 255, 160), 1 * px, Qt::DashLine));
        painter->setBrush(g);
        painter->drawPath(m_piece.tail.path());
    }
    QPen pen(look.line, (m_piece.kind == TerrainKind::Mines ? 2.5 : 1.5) * px, look.style);
    painter->setPen(pen);
    if (look.pattern != Qt::SolidPattern) {
        // A translucent wash with a hatch over it.
        QColor wash = look.fill;
        wash.setAlpha(wash.alpha() / 2);
        painter->setBrush(wash);
        painter->drawPath(m_piece.shape.path());
        QColor hatch = look.line;
        hatch.setAlpha(90);
        QBrush b(hatch, look.pattern);
        b.setTransform(QTransform::fromScale(px, px));
        painter->setBrush(b);
    } else if (m_piece.kind == TerrainKind::Comet || m_piece.kind == TerrainKind::LargeAsteroid
               || m_piece.kind == TerrainKind::SmallMoon) {
        const QPointF c = m_piece.shape.centre();
        const double r = m_piece.shape.radius();
        QRadialGradient g(c - QPointF(r / 3, r / 3), r * 1.3);
        g.setColorAt(0, look.fill.lighter(150));
        g.setColorAt(1, look.fill.darker(130));
        painter->setBrush(g);
    } else {
        painter->setBrush(look.fill);
    }
    painter->drawPath(m_piece.shape.path());
    if (m_target) {
        // The same orange ring as a model that may be the Action's target.
        QPen ring(QColor(249, 115, 22), 3 * px);
        ring.setJoinStyle(Qt::RoundJoin);
        painter->setPen(ring);
        painter->setBrush(Qt::NoBrush);
        painter->drawPath(m_piece.shape.path());
    }
    // The name, small, in the middle of an Area (Model terrain has its model's label).
    if (!m_piece.isModel() && m_piece.kind != TerrainKind::Comet) {
        QFont f = painter->font();
        f.setPixelSize(11);
        painter->save();
        const QPointF at = m_piece.shape.boundingRect().center();
        painter->translate(at);
        painter->scale(px, px);
        painter->setFont(f);
        painter->setPen(QColor(235, 235, 240, 200));
        const QRectF box(-120, -8, 240, 16);
        painter->drawText(box, Qt::AlignCenter, m_label);
        painter->restore();
    }
}

QString TerrainItem::effects(const TerrainPiece &p)
{
    switch (p.kind) {
    case TerrainKind::AsteroidField:
        return QObject::tr("Area. Move: AC:2 (Capital Ships). Overlap: Defense +1.");
    case TerrainKind::Atmosphere:
        return QObject::tr("Area. Move: AC/AS:2, Speed -1. Overlap: ECM +1.");
    case TerrainKind::Comet:
        return QObject::tr("Body: Model, Overlap AC:6, Stealth +1 within 3\". Tail: Area, Move "
                           "AC/AS:2, Overlap Defense +1. Moves 2d6 away from its Tail at the end "
                           "of each Deployment Phase%1.")
            .arg(p.stationary ? QObject::tr(" (this one is Stationary)") : QString());
    case TerrainKind::LargeAsteroid:
    case TerrainKind::Wreck:
        return QObject::tr("Model. Stealth +1 within 3\"; a Capital Ship ending its move on it: "
                           "AC:6.");
    case TerrainKind::Mines:
        return QObject::tr("Token (40 mm). AC:3 Missile attack on an enemy Capital Ship moving "
                           "within 3\". A Squadron with Structure 2 to attack.");
    case TerrainKind::ParticleCloud:
        return QObject::tr("Area. Move: AC/AS:2. Overlap: Defense +1; Beam and Particle attacks "
                           "on or through it -1d6.");
    case TerrainKind::Planet:
        return QObject::tr("Edge. Capital Ships: Speed +2 with it in the Fore arc, -1 in the "
                           "Aft arc. May not be overlapped or moved through.");
    case TerrainKind::SmallMoon:
        return QObject::tr("Area. Stealth +1 within 3\"; Speed +2 starting a move on it; no "
                           "damage.");
    case TerrainKind::SpaceStation:
        return QObject::tr("Model: Structure %1, Hangers %2.")
            .arg(p.structure.value_or(0))
            .arg(p.hangers.value_or(0));
    case TerrainKind::Uio:
        return QObject::tr("Model: Structure %1; may be boarded.").arg(p.structure.value_or(0));
    }
    return {};
}

void TerrainItem::sync(QGraphicsScene *scene, const GameState &state)
{
    const QList<QGraphicsItem *> all = scene->items();
    for (QGraphicsItem *i : all)
        if (i->type() == Type)
            delete i;
    for (int i = 0; i < int(state.terrain.size()); ++i) {
        const TerrainPiece &p = state.terrain[std::size_t(i)];
        QString label;
        if (p.model >= 0) {
            const ModelState *m = state.model(p.model);
            if (!m || !m->onTable())
                continue;
            label = m->name;
        }
        auto *item = new TerrainItem(p, label);
        item->m_index = i;
        scene->addItem(item);
    }
}

} // namespace jw
