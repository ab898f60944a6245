#include "table/tablescene.h"

#include "table/modelitem.h"
#include "table/tableterms.h"
#include "table/terrainitem.h"

#include "engine/engine.h"
#include "geometry/arcs.h"
#include "geometry/geometry.h"
#include "geometry/measure.h"
#include "geometry/sensorrange.h"

#include <QGraphicsItemGroup>
#include <QGraphicsSceneMouseEvent>
#include <QGraphicsSimpleTextItem>
#include <QPainter>

namespace jw {

namespace {

constexpr double kMargin = 3.0; // inches of scene around the table

QGraphicsSimpleTextItem *label(const QString &text, const QPointF &pos, const QColor &color,
                               QGraphicsItem *parent)
{
    auto *t = new QGraphicsSimpleTextItem(text, parent);
    t->setBrush(color);
    t->setPos(pos);
    // Labels keep their pixel size at every zoom.
    t->setFlag(QGraphicsItem::ItemIgnoresTransformations);
    QFont f = t->font();
    f.setPointSizeF(8.5);
    t->setFont(f);
    return t;
}

// The search of a UIO (Scavenger Hunt), or nullptr when `model` is not one.
const UioSearch *uioOf(const GameState &state, int model)
{
    for (const UioSearch &u : state.uios)
        if (u.model == model)
            return &u;
    return nullptr;
}

QString compactStatus(const Engine &engine, const GameState &state, const ModelState &m)
{
    const ModelView v = engine.view(state, m.id);
    QStringList parts;
    parts << TableScene::tr("S%1/%2", "Structure left / at the start, under a model")
                 .arg(v.structure())
                 .arg(v.starting(Rating::Structure));
    for (const QString &f : flagIds(m.flags))
        parts << TableTerms::stateShort(f);
    if (m.water > 0)
        parts << TableScene::tr("water %1", "Water Raid: units of water aboard, under a model")
                     .arg(m.water);
    if (m.intelligence > 0)
        parts << TableScene::tr("intel %1", "Scavenger Hunt: Intelligence Tokens aboard")
                     .arg(m.intelligence);
    if (m.activated)
        parts << TableScene::tr("done", "activated this turn, under a model");
    QStringList lines {parts.join(QStringLiteral(" · "))};
    // A UIO (Scavenger Hunt): each player's Marines aboard and Search tokens, one line each.
    if (const UioSearch *u = uioOf(state, m.id)) {
        for (int p = 0; p < 2; ++p) {
            const auto i = std::size_t(p);
            if (u->marines[i] > 0 || u->tokens[i] > 0)
                lines << TableScene::tr("%1: Marines %2 · Search %3",
                                        "a player's Marines aboard a UIO and Search tokens")
                             .arg(engine.setup().players[i].name)
                             .arg(u->marines[i])
                             .arg(u->tokens[i]);
        }
        if (u->searchedBy >= 0)
            lines << TableScene::tr("searched by %1")
                         .arg(engine.setup().players[std::size_t(u->searchedBy)].name);
    }
    return lines.join(QLatin1Char('\n'));
}

// The tooltip of a model: its name, unit, Structure and states in full.
QString fullStatus(const Engine &engine, const GameState &state, const ModelState &m)
{
    const ModelView v = engine.view(state, m.id);
    QStringList lines;
    lines << TableScene::tr("%1 (%2)").arg(engine.modelName(state, m.id), engine.unitOf(m).name);
    lines << TableScene::tr("Structure %1 of %2")
                 .arg(v.structure())
                 .arg(v.starting(Rating::Structure));
    QStringList states;
    for (const QString &f : flagIds(m.flags))
        states << TableTerms::stateName(f);
    if (!states.isEmpty())
        lines << states.join(QStringLiteral(", "));
    if (m.water > 0)
        lines << TableScene::tr("Water: %n unit(s) aboard", nullptr, m.water);
    if (m.intelligence > 0)
        lines << TableScene::tr("Intelligence Tokens: %1").arg(m.intelligence);
    if (const UioSearch *u = uioOf(state, m.id)) {
        for (int p = 0; p < 2; ++p) {
            const auto i = std::size_t(p);
            lines << TableScene::tr("%1: %2 Marines aboard, %3 Search tokens")
                         .arg(engine.setup().players[i].name)
                         .arg(u->marines[i])
                         .arg(u->tokens[i]);
        }
        lines << (u->searchedBy >= 0
                      ? TableScene::tr("Searched by %1")
                            .arg(engine.setup().players[std::size_t(u->searchedBy)].name)
                      : TableScene::tr("Not searched yet"));
    }
    if (m.activated)
        lines << TableScene::tr("Activated this turn");
    return lines.join(QLatin1Char('\n'));
}

} // namespace

TableScene::TableScene(QObject *parent)
    : QGraphicsScene(parent)
{
    const QRectF t = tableRect();
    setSceneRect(t.adjusted(-kMargin, -kMargin, kMargin, kMargin));
    setItemIndexMethod(QGraphicsScene::NoIndex); // few items, often moved
}

QColor TableScene::playerColor(int player) const
{
    if (player < 0)
        return QColor(180, 180, 190); // nobody's (a UIO)
    return player == 0 ? QColor(37, 99, 235) : QColor(220, 38, 38);
}

void TableScene::setState(const Engine &engine, const GameState &state)
{
    m_engine = &engine;
    m_state = state;
    m_zones = {engine.deploymentZone(0), engine.deploymentZone(1)};

    QHash<int, ModelItem *> keep;
    for (const ModelState &m : state.models) {
        if (!m.onTable())
            continue;
        ModelItem *item = m_items.take(m.id);
        if (!item) {
            item = new ModelItem(m.id);
            addItem(item);
        }
        item->setBase(engine.view(state, m.id).base());
        item->setColor(playerColor(m.controller));
        item->setLabel(engine.modelName(state, m.id), compactStatus(engine, state, m));
        item->setSelectedModel(m.id == m_selected);
        item->setToolTip(fullStatus(engine, state, m));
        keep.insert(m.id, item);
    }
    qDeleteAll(m_items); // destroyed, withdrawn, embarked: gone from the table
    m_items = keep;

    for (QGraphicsItem *w : m_wrecks)
        delete w;
    m_wrecks.clear();
    for (const Wreck &w : state.wrecks) {
        const double r = w.diameter / 2;
        auto *e = addEllipse(QRectF(w.centre - QPointF(r, r), QSizeF(w.diameter, w.diameter)),
                             QPen(QColor(160, 160, 160), 0), QBrush(QColor(90, 90, 90, 150)));
        e->setZValue(-1);
        e->setToolTip(tr("Wreck of %1").arg(w.of));
        m_wrecks.push_back(e);
    }
    TerrainItem::sync(this, state);
    if (m_selected >= 0 && !m_items.contains(m_selected))
        m_selected = -1;
    rebuildSelectionOverlay();
    update();
}

void TableScene::setGridVisible(bool on)
{
    m_grid = on;
    update();
}

void TableScene::setZonesVisible(bool on)
{
    m_zonesVisible = on;
    update();
}

void TableScene::setActiveZone(int player)
{
    if (m_activeZone == player)
        return;
    m_activeZone = player;
    update();
}

void TableScene::drawBackground(QPainter *painter, const QRectF &rect)
{
    painter->fillRect(rect, QColor(24, 26, 32));
    const QRectF t = tableRect();
    painter->fillRect(t, QColor(12, 16, 36));
    const qreal px = 1.0 / std::max(painter->worldTransform().m11(), 0.001);

    if (m_zonesVisible) {
        for (int p = 0; p < 2; ++p) {
            if (m_zones[std::size_t(p)].isEmpty())
                continue;
            QColor c = playerColor(p);
            c.setAlpha(m_activeZone == p ? 70 : 28);
            painter->fillRect(m_zones[std::size_t(p)], c);
            c.setAlpha(160);
            painter->setPen(QPen(c, 1.5 * px, Qt::DashLine));
            painter->setBrush(Qt::NoBrush);
            painter->drawRect(m_zones[std::size_t(p)]);
        }
    }
    if (m_grid) {
        const QRectF area = rect & t;
        const qreal scale = painter->worldTransform().m11();
        // 1" lines only when they are at least 6 pixels apart.
        const int step = scale >= 6 ? 1 : 6;
        for (int i = int(std::ceil(area.left())); i <= int(area.right()); ++i) {
            if (i % step)
                continue;
            painter->setPen(QPen(i % 6 ? QColor(255, 255, 255, 18) : QColor(255, 255, 255, 45), 0));
            painter->drawLine(QPointF(i, area.top()), QPointF(i, area.bottom()));
        }
        for (int i = int(std::ceil(area.top())); i <= int(area.bottom()); ++i) {
            if (i % step)
                continue;
            painter->setPen(QPen(i % 6 ? QColor(255, 255, 255, 18) : QColor(255, 255, 255, 45), 0));
            painter->drawLine(QPointF(area.left(), i), QPointF(area.right(), i));
        }
    }
    painter->setPen(QPen(QColor(200, 200, 210), 2 * px));
    painter->setBrush(Qt::NoBrush);
    painter->drawRect(t);
}

void TableScene::clearHighlights()
{
    for (ModelItem *item : std::as_const(m_items))
        item->setHighlight(ModelItem::None);
    for (QGraphicsItem *i : items())
        if (i->type() == TerrainItem::Type)
            static_cast<TerrainItem *>(i)->setTargetHighlight(false);
}

void TableScene::setTerrainHighlight(int terrain)
{
    for (QGraphicsItem *i : items())
        if (i->type() == TerrainItem::Type && static_cast<TerrainItem *>(i)->index() == terrain)
            static_cast<TerrainItem *>(i)->setTargetHighlight(true);
}

bool TableScene::terrainHighlighted(int terrain) const
{
    for (QGraphicsItem *i : items())
        if (i->type() == TerrainItem::Type && static_cast<TerrainItem *>(i)->index() == terrain)
            return static_cast<TerrainItem *>(i)->targetHighlight();
    return false;
}

void TableScene::setHighlight(int model, int highlight)
{
    if (ModelItem *item = m_items.value(model))
        item->setHighlight(ModelItem::Highlight(highlight));
}

void TableScene::setSelectedModel(int model)
{
    if (m_selected == model)
        return;
    if (ModelItem *old = m_items.value(m_selected))
        old->setSelectedModel(false);
    m_selected = m_items.contains(model) ? model : -1;
    if (ModelItem *item = m_items.value(m_selected))
        item->setSelectedModel(true);
    rebuildSelectionOverlay();
}

void TableScene::setRangesVisible(bool on)
{
    m_ranges = on;
    rebuildSelectionOverlay();
}

void TableScene::clearGroup(QGraphicsItemGroup *&group)
{
    delete group;
    group = nullptr;
}

void TableScene::rebuildSelectionOverlay()
{
    clearGroup(m_selectionOverlay);
    if (!m_engine || m_selected < 0 || !m_ranges)
        return;
    const ModelState *m = m_state.model(m_selected);
    if (!m || !m->onTable())
        return;
    const ModelView v = m_engine->view(m_state, m_selected);
    const BaseShape base = v.base();
    m_selectionOverlay = new QGraphicsItemGroup;
    m_selectionOverlay->setZValue(-0.5);
    addItem(m_selectionOverlay);
    const int sensors = v.rating(Rating::Sensors);

    // Arcs of a capital ship, out to its longest AC range.
    const double arcRadius
        = std::max(maxRange(AttackKind::AntiCapital, sensors), shortRange(AttackKind::AntiCapital));
    if (base.isRectangle()) {
        const std::pair<Arc, QColor> arcs[] = {{ArcFore, QColor(250, 204, 21, 26)},
                                               {ArcStarboard, QColor(56, 189, 248, 16)},
                                               {ArcAft, QColor(244, 114, 182, 22)},
                                               {ArcPort, QColor(56, 189, 248, 16)}};
        for (const auto &[arc, color] : arcs) {
            auto *p = new QGraphicsPolygonItem(arcRegion(base, arc, arcRadius), m_selectionOverlay);
            QColor edge = color;
            edge.setAlpha(90);
            p->setPen(QPen(edge, 0));
            p->setBrush(color);
        }
    }
    // Sensor ranges: short and long, against capital ships (AC) and squadrons (AS).
    struct Ring
    {
        AttackKind kind;
        bool longRange;
        QColor color;
        QString text;
    };
    const QColor ac(251, 146, 60), as(45, 212, 191);
    const Ring rings[] = {{AttackKind::AntiCapital, false, ac, tr("AC short")},
                          {AttackKind::AntiCapital, true, ac, tr("AC long")},
                          {AttackKind::AntiSquadron, false, as, tr("AS short")},
                          {AttackKind::AntiSquadron, true, as, tr("AS long")}};
    for (const Ring &r : rings) {
        const double radius = r.longRange ? maxRange(r.kind, sensors) : shortRange(r.kind);
        if (r.longRange && radius <= shortRange(r.kind))
            continue; // no Long Range (Sensors 0)
        auto *p = new QGraphicsPathItem(rangeOutline(base, radius), m_selectionOverlay);
        QPen pen(r.color, 0, r.longRange ? Qt::DashLine : Qt::SolidLine);
        pen.setCosmetic(true);
        pen.setWidthF(1.5);
        p->setPen(pen);
        const QPointF top = base.centre() - QPointF(0, base.boundingRect().height() / 2 + radius);
        label(QStringLiteral("%1 %2\"").arg(r.text).arg(radius), top, r.color, m_selectionOverlay);
    }
}

void TableScene::setTargets(int attacker, const std::vector<TargetMark> &targets)
{
    clearGroup(m_targetOverlay);
    for (const TargetMark &t : m_targets) {
        if (ModelItem *item = m_items.value(t.target)) {
            if (item->highlight() == ModelItem::TargetAllowed
                || item->highlight() == ModelItem::TargetRefused)
                item->setHighlight(ModelItem::None);
        }
    }
    m_attacker = attacker;
    m_targets = targets;
    ModelItem *from = m_items.value(attacker);
    if (!from)
        return;
    m_targetOverlay = new QGraphicsItemGroup;
    m_targetOverlay->setZValue(5);
    addItem(m_targetOverlay);
    for (const TargetMark &t : targets) {
        ModelItem *to = m_items.value(t.target);
        if (!to)
            continue;
        to->setHighlight(t.allowed ? ModelItem::TargetAllowed : ModelItem::TargetRefused);
        to->setToolTip(t.tip);
        if (!t.allowed)
            continue;
        const QLineF seg = closestSegment(from->base(), to->base());
        auto *line = new QGraphicsLineItem(seg, m_targetOverlay);
        QPen pen(QColor(34, 197, 94), 2);
        pen.setCosmetic(true);
        line->setPen(pen);
        label(t.tip.section(QLatin1Char('\n'), 0, 0), seg.center(), QColor(134, 239, 172),
              m_targetOverlay);
    }
}

void TableScene::setGhost(const std::optional<BaseShape> &base, bool legal, const QPolygonF &path)
{
    clearGroup(m_moveOverlay);
    delete m_ghost;
    m_ghost = nullptr;
    if (!base)
        return;
    m_moveOverlay = new QGraphicsItemGroup;
    m_moveOverlay->setZValue(8);
    addItem(m_moveOverlay);
    if (path.size() > 1) {
        auto *p = new QGraphicsPathItem(m_moveOverlay);
        QPainterPath pp;
        pp.addPolygon(path);
        p->setPath(pp);
        QPen pen(legal ? QColor(255, 255, 255, 200) : QColor(239, 68, 68), 2, Qt::DashLine);
        pen.setCosmetic(true);
        p->setPen(pen);
    }
    m_ghost = new ModelItem(-1);
    m_ghost->setBase(*base);
    m_ghost->setColor(legal ? QColor(200, 200, 200) : QColor(239, 68, 68));
    m_ghost->setGhost(true, legal);
    m_ghost->setZValue(9);
    m_ghost->setAcceptedMouseButtons(Qt::NoButton);
    m_ghost->setAcceptHoverEvents(false);
    addItem(m_ghost);
}

void TableScene::setMoveRail(const QPointF &from, const QPointF &direction, double minimum,
                             double maximum, const QString &text)
{
    clearMoveRail();
    m_railOverlay = new QGraphicsItemGroup;
    m_railOverlay->setZValue(7);
    addItem(m_railOverlay);
    const QPointF normal(-direction.y(), direction.x());
    auto tick = [&](double at, const QColor &c) {
        const QPointF p = from + direction * at;
        auto *l = new QGraphicsLineItem(QLineF(p - normal * 0.4, p + normal * 0.4), m_railOverlay);
        QPen pen(c, 2);
        pen.setCosmetic(true);
        l->setPen(pen);
    };
    if (maximum > 0) {
        auto *rail = new QGraphicsLineItem(QLineF(from, from + direction * maximum), m_railOverlay);
        QPen pen(QColor(250, 204, 21, 150), 1.5, Qt::DotLine);
        pen.setCosmetic(true);
        rail->setPen(pen);
        tick(maximum, QColor(239, 68, 68));
    }
    if (minimum > 0)
        tick(minimum, QColor(34, 197, 94));
    label(text, from + direction * std::max(maximum, 0.0) + normal * 0.5, QColor(250, 204, 21),
          m_railOverlay);
}

void TableScene::clearMoveRail()
{
    clearGroup(m_railOverlay);
}

void TableScene::setMeasure(int a, int b)
{
    clearMeasure();
    ModelItem *ia = m_items.value(a);
    ModelItem *ib = m_items.value(b);
    if (!ia || !ib)
        return;
    const QLineF seg = closestSegment(ia->base(), ib->base());
    m_measured = distance(ia->base(), ib->base());
    m_measureOverlay = new QGraphicsItemGroup;
    m_measureOverlay->setZValue(10);
    addItem(m_measureOverlay);
    auto *line = new QGraphicsLineItem(seg, m_measureOverlay);
    QPen pen(QColor(250, 250, 250), 2);
    pen.setCosmetic(true);
    line->setPen(pen);
    for (const QPointF &p : {seg.p1(), seg.p2()}) {
        auto *dot = new QGraphicsEllipseItem(QRectF(p - QPointF(0.1, 0.1), QSizeF(0.2, 0.2)),
                                             m_measureOverlay);
        dot->setBrush(Qt::white);
        dot->setPen(Qt::NoPen);
    }
    label(QStringLiteral("%1\"").arg(*m_measured, 0, 'f', 2), seg.center(), Qt::white,
          m_measureOverlay);
}

void TableScene::clearMeasure()
{
    clearGroup(m_measureOverlay);
    m_measured.reset();
}

int TableScene::modelAt(const QPointF &scenePos) const
{
    for (QGraphicsItem *item : items(scenePos)) {
        if (auto *m = dynamic_cast<ModelItem *>(item); m && m->modelId() >= 0)
            return m->modelId();
    }
    return -1;
}

void TableScene::mousePressEvent(QGraphicsSceneMouseEvent *event)
{
    if (event->button() != Qt::LeftButton) {
        QGraphicsScene::mousePressEvent(event);
        return;
    }
    m_pressed = true;
    m_dragging = false;
    m_pressPos = event->scenePos();
    event->accept();
}

void TableScene::mouseMoveEvent(QGraphicsSceneMouseEvent *event)
{
    if (m_pressed) {
        const QPoint d = event->screenPos() - event->buttonDownScreenPos(Qt::LeftButton);
        if (m_dragging || d.manhattanLength() > 4) {
            m_dragging = true;
            Q_EMIT dragged(m_pressPos, event->scenePos(), false);
        }
    } else {
        Q_EMIT hovered(event->scenePos());
    }
    QGraphicsScene::mouseMoveEvent(event);
}

void TableScene::mouseReleaseEvent(QGraphicsSceneMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || !m_pressed) {
        QGraphicsScene::mouseReleaseEvent(event);
        return;
    }
    m_pressed = false;
    if (m_dragging) {
        m_dragging = false;
        Q_EMIT dragged(m_pressPos, event->scenePos(), true);
        return;
    }
    const int id = modelAt(event->scenePos());
    if (id >= 0)
        Q_EMIT modelClicked(id, event->modifiers());
    else
        Q_EMIT tableClicked(event->scenePos(), event->modifiers());
}

} // namespace jw
