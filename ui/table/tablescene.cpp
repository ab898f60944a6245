// SPDX-License-Identifier: GPL-3.0-or-later
#include "table/tablescene.h"
#include "unittypetext.h"

#include "table/modelitem.h"
#include "table/tableterms.h"
#include "table/terrainitem.h"

#include "engine/engine.h"
#include "geometry/arcs.h"
#include "geometry/geometry.h"
#include "geometry/measure.h"
#include "geometry/sensorrange.h"

#include <QGraphicsItemGroup>
#include <QGraphicsSceneHelpEvent>
#include <QGraphicsSceneMouseEvent>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsView>
#include <QLocale>
#include <QPainter>
#include <QScopeGuard>
#include <QToolTip>

#include <algorithm>

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

// A state token's colour: one hue per state, the same in both themes (the table is dark space).
QColor tokenColor(const QString &id)
{
    static const QHash<QString, QColor> colors {
        {QStringLiteral("crippled"), QColor(220, 38, 38)},
        {QStringLiteral("captured"), QColor(168, 85, 247)},
        {QStringLiteral("disrupted"), QColor(234, 179, 8)},
        {QStringLiteral("evading"), QColor(34, 211, 238)},
        {QStringLiteral("station-keeping"), QColor(148, 163, 184)},
        {QStringLiteral("stealthed"), QColor(99, 102, 241)},
        {QStringLiteral("return-to-base"), QColor(249, 115, 22)},
        {QStringLiteral("assaulting"), QColor(244, 63, 94)},
        {QStringLiteral("boarded"), QColor(190, 18, 60)},
    };
    return colors.value(id, QColor(100, 116, 139));
}

// What the label of a model says, from the engine's state and queries.
LabelContent labelContent(const Engine &engine, const GameState &state, const ModelState &m,
                          const QColor &color, const QString &tip)
{
    const ModelView v = engine.view(state, m.id);
    LabelContent c;
    c.model = m.id;
    c.name = engine.modelName(state, m.id);
    c.structure = v.structure();
    c.structureMax = v.starting(Rating::Structure);
    for (const QString &f : flagIds(m.flags))
        c.tokens.push_back({f, TableTerms::stateShort(f), tokenColor(f), TableTerms::stateName(f)});
    if (m.water > 0)
        c.tokens.push_back(
            {QStringLiteral("water"),
             TableScene::tr("W%1", "Water Raid: units of water aboard, on a token").arg(m.water),
             QColor(56, 189, 248), TableScene::tr("Water: %n unit(s) aboard", nullptr, m.water)});
    if (m.intelligence > 0)
        c.tokens.push_back(
            {QStringLiteral("intelligence"),
             TableScene::tr("I%1", "Scavenger Hunt: Intelligence Tokens aboard, on a token")
                 .arg(m.intelligence),
             QColor(250, 204, 21), TableScene::tr("Intelligence Tokens: %1").arg(m.intelligence)});
    if (const UioSearch *u = uioOf(state, m.id)) {
        for (int p = 0; p < 2; ++p) {
            const auto i = std::size_t(p);
            if (u->marines[i] > 0 || u->tokens[i] > 0)
                c.extraLines << TableScene::tr("%1: Marines %2 · Search %3",
                                               "a player's Marines aboard a UIO and Search tokens")
                                    .arg(engine.setup().players[i].name)
                                    .arg(u->marines[i])
                                    .arg(u->tokens[i]);
        }
        if (u->searchedBy >= 0)
            c.extraLines << TableScene::tr("searched by %1")
                                .arg(engine.setup().players[std::size_t(u->searchedBy)].name);
    }
    c.color = color;
    c.dimmed = m.activated;
    c.base = v.base().boundingRect();
    c.tip = tip;
    return c;
}

ModelItem::Kind modelKind(const Engine &engine, const ModelState &m)
{
    const Unit &u = engine.unitOf(m);
    if (m.terrain >= 0)
        return ModelItem::Marker;
    if (u.hasTrait(QStringLiteral("Static")))
        return ModelItem::Static;
    switch (u.type) {
    case UnitType::Capital:
        return ModelItem::Capital;
    case UnitType::ExoArmor:
        return ModelItem::ExoArmor;
    case UnitType::Fighter:
        return ModelItem::Fighter;
    }
    return ModelItem::Capital;
}

// The tooltip of a model: its name, unit, Structure and states in full.
QString fullStatus(const Engine &engine, const GameState &state, const ModelState &m)
{
    const ModelView v = engine.view(state, m.id);
    QStringList lines;
    const Unit &unit = engine.unitOf(m);
    lines << TableScene::tr("%1 (%2, %3)")
                 .arg(engine.modelName(state, m.id), unit.name, unitTypeText(unit.type));
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

QColor TableScene::playerColor(int player)
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
    std::vector<LabelContent> labels;
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
        item->setKind(modelKind(engine, m));
        item->setDimmed(m.activated);
        item->setLabel(engine.modelName(state, m.id), compactStatus(engine, state, m));
        item->setSelectedModel(m.id == m_selected);
        const QString tip = fullStatus(engine, state, m);
        item->setToolTip(tip);
        labels.push_back(labelContent(engine, state, m, playerColor(m.controller), tip));
        keep.insert(m.id, item);
    }
    m_labels.setContents(std::move(labels));
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
    if (ModelItem *item = m_items.value(m_keyboard))
        item->setKeyboardFocus(true);
    else if (m_keyboard >= 0)
        setKeyboardModel(-1); // gone from the table
    updateLabelRing();
    m_labels.setPriority(m_selected);
    rebuildSelectionOverlay();
    invalidateBackground(); // the zones may have changed
    update();
}

void TableScene::clearState()
{
    m_engine = nullptr;
    m_state = GameState {};
    m_zones = {};
    m_labels.setContents({});
    qDeleteAll(m_items);
    m_items.clear();
    for (QGraphicsItem *w : m_wrecks)
        delete w;
    m_wrecks.clear();
    TerrainItem::sync(this, m_state);
    m_selected = -1;
    if (m_keyboard >= 0) {
        m_keyboard = -1;
        updateLabelRing();
        Q_EMIT keyboardModelChanged(-1);
    }
    m_targets.clear();
    m_attacker = -1;
    clearGroup(m_targetOverlay);
    setGhost(std::nullopt);
    clearMoveRail();
    clearMeasure();
    rebuildSelectionOverlay();
    invalidateBackground();
    update();
}

void TableScene::invalidateBackground()
{
    // Views cache the background (TableView): redraw it there too, beyond the scene's
    // rectangle as well (a long range ring reaches past it, and a wide view shows it).
    invalidate(sceneRect().adjusted(-100, -100, 100, 100), QGraphicsScene::BackgroundLayer);
}

void TableScene::setGridVisible(bool on)
{
    m_grid = on;
    invalidateBackground();
}

void TableScene::setZonesVisible(bool on)
{
    m_zonesVisible = on;
    invalidateBackground();
}

void TableScene::setActiveZone(int player)
{
    if (m_activeZone == player)
        return;
    m_activeZone = player;
    invalidateBackground();
}

namespace {
// `c` seen over `under`, as one opaque colour: opaque fills and lines are
// copied, translucent ones blended, at a much higher cost per pixel.
QColor over(const QColor &c, const QColor &under)
{
    const double a = c.alphaF();
    return QColor::fromRgbF(float(c.redF() * a + under.redF() * (1 - a)),
                            float(c.greenF() * a + under.greenF() * (1 - a)),
                            float(c.blueF() * a + under.blueF() * (1 - a)));
}
} // namespace

void TableScene::drawBackground(QPainter *painter, const QRectF &rect)
{
    // Straight lines and fills: no antialiasing needed, and it costs much per frame.
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, false);
    painter->fillRect(rect, QColor(24, 26, 32));
    const QRectF t = tableRect();
    const QColor space(12, 16, 36);
    painter->fillRect(t, space);
    if (m_zonesVisible) {
        for (int p = 0; p < 2; ++p) {
            if (m_zones[std::size_t(p)].isEmpty())
                continue;
            QColor c = playerColor(p);
            c.setAlpha(m_activeZone == p ? 70 : 28);
            painter->fillRect(m_zones[std::size_t(p)], over(c, space));
            c.setAlpha(160);
            // Cosmetic 1-pixel pens here and below: the raster engine's fast line drawer.
            QPen zonePen(over(c, space), 1, Qt::DashLine);
            zonePen.setCosmetic(true);
            painter->setPen(zonePen);
            painter->setBrush(Qt::NoBrush);
            painter->drawRect(m_zones[std::size_t(p)]);
        }
    }
    drawArcShapes(painter);
    if (m_grid) {
        const QRectF area = rect & t;
        const qreal scale = painter->worldTransform().m11();
        // 1" lines only when they are at least 6 pixels apart.
        const int step = scale >= 6 ? 1 : 6;
        QVector<QLineF> minor;
        QVector<QLineF> major;
        for (int i = int(std::ceil(area.left())); i <= int(area.right()); ++i) {
            if (i % step == 0)
                (i % 6 ? minor : major) << QLineF(i, area.top(), i, area.bottom());
        }
        for (int i = int(std::ceil(area.top())); i <= int(area.bottom()); ++i) {
            if (i % step == 0)
                (i % 6 ? minor : major) << QLineF(area.left(), i, area.right(), i);
        }
        painter->setPen(QPen(over(QColor(255, 255, 255, 18), space), 0));
        painter->drawLines(minor);
        painter->setPen(QPen(over(QColor(255, 255, 255, 45), space), 0));
        painter->drawLines(major);
    }
    QPen edge(QColor(200, 200, 210), 2);
    edge.setCosmetic(true);
    painter->setPen(edge);
    painter->setBrush(Qt::NoBrush);
    painter->drawRect(t);
    drawRangeShapes(painter);
    painter->restore();
}

void TableScene::updateLabelRing()
{
    const ModelItem *item = m_items.value(m_keyboard);
    m_labels.setRing(item ? m_keyboard : -1,
                     item ? item->mapRectToScene(item->keyboardRingRect()) : QRectF());
}

void TableScene::drawForeground(QPainter *painter, const QRectF &rect)
{
    m_labels.paint(painter, rect);
    // The keyboard's ring over the labels: a label placed by its model never hides it.
    if (const ModelItem *item = m_items.value(m_keyboard); item && item->isVisible()) {
        painter->save();
        painter->setTransform(item->sceneTransform(), true);
        item->paintKeyboardRing(painter, palette().color(QPalette::Highlight));
        painter->restore();
    }
}

namespace {
// The zoom of the view a scene event came through (pixels per inch), or 0.
double eventZoom(QWidget *viewport)
{
    const auto *view = viewport ? qobject_cast<QGraphicsView *>(viewport->parentWidget()) : nullptr;
    return view ? view->transform().m11() : 0.0;
}
} // namespace

void TableScene::helpEvent(QGraphicsSceneHelpEvent *event)
{
    const QString tip = m_labels.toolTipAt(event->scenePos(), eventZoom(event->widget()));
    if (tip.isEmpty()) {
        QGraphicsScene::helpEvent(event);
        return;
    }
    QToolTip::showText(event->screenPos(), tip, event->widget());
    event->setAccepted(true);
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
    m_labels.setPriority(m_selected);
    update();
    rebuildSelectionOverlay();
}

void TableScene::setKeyboardModel(int model)
{
    if (!m_items.contains(model))
        model = -1;
    if (model == m_keyboard)
        return;
    if (ModelItem *old = m_items.value(m_keyboard))
        old->setKeyboardFocus(false);
    m_keyboard = model;
    if (ModelItem *item = m_items.value(m_keyboard))
        item->setKeyboardFocus(true);
    updateLabelRing();
    update();
    Q_EMIT keyboardModelChanged(m_keyboard);
}

int TableScene::stepKeyboardModel(int step)
{
    std::vector<std::pair<bool, int>> order; // (not highlighted, id)
    for (auto it = m_items.cbegin(); it != m_items.cend(); ++it)
        order.emplace_back(it.value()->highlight() == ModelItem::None, it.key());
    if (order.empty()) {
        setKeyboardModel(-1);
        return -1;
    }
    std::sort(order.begin(), order.end());
    const auto at = std::find_if(order.begin(), order.end(),
                                 [this](const auto &o) { return o.second == m_keyboard; });
    const int n = int(order.size());
    const int i = at == order.end() ? (step > 0 ? 0 : n - 1)
                                    : ((int(at - order.begin()) + step) % n + n) % n;
    setKeyboardModel(order[std::size_t(i)].second);
    return m_keyboard;
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
    const bool hadShapes = !m_arcShapes.empty() || !m_rangeShapes.empty();
    m_arcShapes.clear();
    m_rangeShapes.clear();
    if (hadShapes)
        invalidateBackground();
    if (m_labels.captionCount() > 0) {
        m_labels.setCaptions({});
        update(); // the captions are drawn in the foreground
    }
    if (!m_engine || m_selected < 0 || !m_ranges)
        return;
    const ModelState *m = m_state.model(m_selected);
    if (!m || !m->onTable())
        return;
    const ModelView v = m_engine->view(m_state, m_selected);
    const BaseShape base = v.base();
    const int sensors = v.rating(Rating::Sensors);

    // The arcs and rings are large translucent shapes, costly to draw at every
    // frame: they go into the background, which the view caches.
    // Arcs of a capital ship, out to its longest AC range.
    const double arcRadius
        = std::max(maxRange(AttackKind::AntiCapital, sensors), shortRange(AttackKind::AntiCapital));
    if (base.isRectangle()) {
        const std::pair<Arc, QColor> arcs[] = {{ArcFore, QColor(250, 204, 21, 26)},
                                               {ArcStarboard, QColor(56, 189, 248, 16)},
                                               {ArcAft, QColor(244, 114, 182, 22)},
                                               {ArcPort, QColor(56, 189, 248, 16)}};
        for (const auto &[arc, color] : arcs)
            m_arcShapes.push_back({arcRegion(base, arc, arcRadius), color});
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
    std::vector<RingCaption> captions;
    for (const Ring &r : rings) {
        const double radius = r.longRange ? maxRange(r.kind, sensors) : shortRange(r.kind);
        if (r.longRange && radius <= shortRange(r.kind))
            continue; // no Long Range (Sensors 0)
        m_rangeShapes.push_back({rangeOutline(base, radius), r.color, r.longRange});
        // At screen size with the labels, which leave them room on their rings.
        captions.push_back({QStringLiteral("%1 %2\"").arg(r.text).arg(radius), r.color,
                            m_rangeShapes.back().path});
    }
    m_labels.setCaptions(std::move(captions));
    update();
    invalidateBackground();
}

std::vector<QRectF> TableScene::rangeCaptionRects(double zoom)
{
    return m_labels.captionLayout(zoom);
}

void TableScene::updateCaptionObstacles()
{
    std::vector<TableLabels::Obstacle> obstacles;
    for (QGraphicsItemGroup *g : {m_targetOverlay, m_railOverlay, m_measureOverlay}) {
        if (!g)
            continue;
        for (QGraphicsItem *i : g->childItems())
            if (auto *t = dynamic_cast<QGraphicsSimpleTextItem *>(i))
                obstacles.push_back({t->pos(), t->boundingRect().size()});
    }
    m_labels.setCaptionObstacles(std::move(obstacles));
    update();
}

void TableScene::drawArcShapes(QPainter *painter) const
{
    for (const ArcShape &a : m_arcShapes) {
        QColor edge = a.color;
        edge.setAlpha(90);
        painter->setPen(QPen(edge, 0));
        painter->setBrush(a.color);
        painter->drawPolygon(a.polygon);
    }
}

void TableScene::drawRangeShapes(QPainter *painter) const
{
    painter->setBrush(Qt::NoBrush);
    painter->setRenderHint(QPainter::Antialiasing, true);
    for (const RangeShape &r : m_rangeShapes) {
        QPen pen(r.color, 1, r.dashed ? Qt::DashLine : Qt::SolidLine);
        pen.setCosmetic(true);
        painter->setPen(pen);
        painter->drawPath(r.path);
    }
    painter->setRenderHint(QPainter::Antialiasing, false);
}

void TableScene::setTargets(int attacker, const std::vector<TargetMark> &targets)
{
    const auto obstacles = qScopeGuard([this] { updateCaptionObstacles(); });
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
    updateCaptionObstacles();
}

void TableScene::clearMoveRail()
{
    clearGroup(m_railOverlay);
    updateCaptionObstacles();
}

void TableScene::setMeasure(int a, int b)
{
    const auto obstacles = qScopeGuard([this] { updateCaptionObstacles(); });
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
    label(QLocale().toString(*m_measured, 'f', 2) + QLatin1Char('"'), seg.center(), Qt::white,
          m_measureOverlay);
}

void TableScene::clearMeasure()
{
    clearGroup(m_measureOverlay);
    m_measured.reset();
    updateCaptionObstacles();
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
