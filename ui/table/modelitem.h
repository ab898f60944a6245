#pragma once

#include "geometry/baseshape.h"

#include <QColor>
#include <QGraphicsItem>
#include <QPolygonF>
#include <QString>

#include <array>

namespace jw {

// One model on the table: its base (the outline core geometry gives), the
// facing tick and the four arc lines of a capital ship, its name and a compact
// status line. Item coordinates are table inches relative to the base centre;
// the label stays upright whatever the facing.
class ModelItem : public QGraphicsItem
{
public:
    enum Highlight {
        None,
        Activatable, // may be activated now
        Active, // activating
        TargetAllowed,
        TargetRefused,
        Deployable,
        ActionTarget // may be the target of the declared Action (picking one)
    };

    explicit ModelItem(int id, QGraphicsItem *parent = nullptr);

    [[nodiscard]] int modelId() const { return m_id; }
    void setBase(const BaseShape &base);
    [[nodiscard]] const BaseShape &base() const { return m_base; }
    void setColor(const QColor &color);
    void setLabel(const QString &name, const QString &status);
    [[nodiscard]] const QString &name() const { return m_name; }
    [[nodiscard]] const QString &status() const { return m_status; }
    void setHighlight(Highlight h);
    [[nodiscard]] Highlight highlight() const { return m_highlight; }
    void setSelectedModel(bool on);
    // A ghost (deployment preview, move preview): drawn dashed and translucent.
    void setGhost(bool on, bool legal = true);

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    void updateBounds();

    int m_id = -1;
    BaseShape m_base;
    QPolygonF m_outline; // item coordinates
    std::array<QLineF, 4> m_arcs {};
    QLineF m_facing;
    QColor m_color;
    QString m_name;
    QString m_status;
    Highlight m_highlight = None;
    bool m_selected = false;
    bool m_ghost = false;
    bool m_ghostLegal = true;
    QRectF m_bounds;
};

} // namespace jw
