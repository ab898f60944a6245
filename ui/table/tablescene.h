// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "table/tablelabels.h"

#include "engine/gamestate.h"
#include "geometry/baseshape.h"

#include <QGraphicsScene>
#include <QHash>
#include <QPainterPath>
#include <QPointF>
#include <QPolygonF>

#include <optional>
#include <vector>

class QGraphicsItemGroup;
class QGraphicsPathItem;

namespace jw {

class Engine;
class ModelItem;

// A target as the engine judges it for the table: allowed or refused (why).
struct TargetMark
{
    int target = -1;
    bool allowed = false;
    QString tip; // "Short, 4.2\": 3B+1F" or the rejection
};

// The table in inches (0,0 top left, 48 x 48): background, optional grid,
// deployment zones, wrecks, one ModelItem per model on the table and the
// overlays of the selected model (sensor ranges, arcs, targets with their
// measured segments), of a move being planned and of the measure tool. It draws
// what the engine and core geometry compute; the mouse only reports clicks and
// drags (signals) for the game window to turn into commands.
class TableScene : public QGraphicsScene
{
    Q_OBJECT
public:
    explicit TableScene(QObject *parent = nullptr);

    // Brings the models, wrecks and zones in line with the state.
    void setState(const Engine &engine, const GameState &state);
    // No game: an empty table (the closed game's models, wrecks, terrain and overlays gone,
    // and its engine forgotten: it is destroyed with the game).
    void clearState();
    [[nodiscard]] ModelItem *modelItem(int id) const { return m_items.value(id); }
    [[nodiscard]] int modelItemCount() const { return int(m_items.size()); }

    void setGridVisible(bool on);
    [[nodiscard]] bool gridVisible() const { return m_grid; }
    void setZonesVisible(bool on);
    void setActiveZone(int player); // -1: both drawn alike

    // Highlights (activatable models, the active one, deployable ghosts...).
    void clearHighlights();
    void setHighlight(int model, int highlight);
    // Terrain pieces (indexes in GameState::terrain) that may be the Action's target.
    void setTerrainHighlight(int terrain);
    [[nodiscard]] bool terrainHighlighted(int terrain) const;

    // The selected model: its card is shown; ranges and arcs drawn.
    void setSelectedModel(int model);
    [[nodiscard]] int selectedModel() const { return m_selected; }
    void setRangesVisible(bool on);

    // Targets of the active model, each with the measured segment.
    void setTargets(int attacker, const std::vector<TargetMark> &targets);
    [[nodiscard]] const std::vector<TargetMark> &targets() const { return m_targets; }

    // Previews: a base (deployment, end of a move) and the path there; the rail
    // of the distance left (min and max marks from the end placement).
    void setGhost(const std::optional<BaseShape> &base, bool legal = true,
                  const QPolygonF &path = {});
    void setMoveRail(const QPointF &from, const QPointF &direction, double minimum, double maximum,
                     const QString &text);
    void clearMoveRail();

    // Measure tool: the segment between the closest points of two bases.
    void setMeasure(int a, int b);
    void clearMeasure();
    [[nodiscard]] std::optional<double> measuredDistance() const { return m_measured; }

    // The model the keyboard is on (a ring shows it; TableView picks it as a click would).
    [[nodiscard]] int keyboardModel() const { return m_keyboard; }
    void setKeyboardModel(int model); // -1: none
    // Moves the keyboard to the next (`step` 1) or previous (-1) model on the table: first
    // those the highlights mark (what the player may act with or on now), then the others,
    // each in the game's order; returns it (-1: no model on the table).
    int stepKeyboardModel(int step);

    [[nodiscard]] int modelAt(const QPointF &scenePos) const;
    // A player's colour on the table (-1: nobody's, a UIO), also the fleet strip's.
    [[nodiscard]] static QColor playerColor(int player);

    // The models' labels (names, Structure, state tokens) at screen size.
    [[nodiscard]] TableLabels &labels() { return m_labels; }
    // The selected model's range captions ("AC short 6\"") as a view at `zoom` shows
    // them: their rectangles in layout pixels (scene inches times the zoom, as labels).
    [[nodiscard]] std::vector<QRectF> rangeCaptionRects(double zoom);

Q_SIGNALS:
    void modelClicked(int model, Qt::KeyboardModifiers modifiers);
    void tableClicked(const QPointF &pos, Qt::KeyboardModifiers modifiers);
    void dragged(const QPointF &from, const QPointF &to, bool finished);
    void hovered(const QPointF &pos);
    void keyboardModelChanged(int model);

protected:
    void drawBackground(QPainter *painter, const QRectF &rect) override;
    void drawForeground(QPainter *painter, const QRectF &rect) override;
    void helpEvent(QGraphicsSceneHelpEvent *event) override;
    void mousePressEvent(QGraphicsSceneMouseEvent *event) override;
    void mouseMoveEvent(QGraphicsSceneMouseEvent *event) override;
    void mouseReleaseEvent(QGraphicsSceneMouseEvent *event) override;

private:
    void rebuildSelectionOverlay();
    // The labels go around the keyboard's ring (TableLabels::setRing).
    void updateLabelRing();
    // The range captions go around the overlays' texts (targets, move rail, measure).
    void updateCaptionObstacles();
    void clearGroup(QGraphicsItemGroup *&group);
    void invalidateBackground();
    void drawArcShapes(QPainter *painter) const;
    void drawRangeShapes(QPainter *painter) const;

    const Engine *m_engine = nullptr;
    GameState m_state;
    QHash<int, ModelItem *> m_items;
    TableLabels m_labels;
    std::vector<QGraphicsItem *> m_wrecks;
    std::array<QRectF, 2> m_zones {};
    bool m_grid = true;
    bool m_zonesVisible = true;
    int m_activeZone = -1;
    int m_selected = -1;
    int m_keyboard = -1;
    bool m_ranges = true;
    int m_attacker = -1;
    std::vector<TargetMark> m_targets;
    // The selected model's arcs and sensor ranges, drawn with the background.
    struct ArcShape
    {
        QPolygonF polygon;
        QColor color;
    };
    struct RangeShape
    {
        QPainterPath path;
        QColor color;
        bool dashed = false;
    };
    std::vector<ArcShape> m_arcShapes;
    std::vector<RangeShape> m_rangeShapes;
    QGraphicsItemGroup *m_targetOverlay = nullptr;
    QGraphicsItemGroup *m_moveOverlay = nullptr;
    QGraphicsItemGroup *m_railOverlay = nullptr;
    QGraphicsItemGroup *m_measureOverlay = nullptr;
    ModelItem *m_ghost = nullptr;
    std::optional<double> m_measured;
    bool m_pressed = false;
    QPointF m_pressPos;
    bool m_dragging = false;
};

} // namespace jw
