// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "geometry/baseshape.h"

#include <QColor>
#include <QGraphicsItem>
#include <QPainterPath>
#include <QPolygonF>
#include <QString>

#include <array>

namespace jw {

// One model on the table: its base (the outline core geometry gives), the
// facing tick and the four arc lines of a capital ship, and inside the base a
// silhouette of its kind (a hull, fighters, an exo-armor, a station). Item
// coordinates are table inches relative to the base centre. Its name and status
// are kept here for the tooltip and tests; the table's labels (TableLabels)
// show them at screen size.
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

    // What the silhouette inside the base shows.
    enum Kind {
        Capital,
        Fighter,
        ExoArmor,
        Static, // the Static trait: a station
        Marker // a Space Station, UIO or Mine token of the scenario
    };

    explicit ModelItem(int id, QGraphicsItem *parent = nullptr);

    [[nodiscard]] int modelId() const { return m_id; }
    void setBase(const BaseShape &base);
    [[nodiscard]] const BaseShape &base() const { return m_base; }
    void setColor(const QColor &color);
    void setLabel(const QString &name, const QString &status);
    [[nodiscard]] const QString &name() const { return m_name; }
    [[nodiscard]] const QString &status() const { return m_status; }
    void setKind(Kind kind);
    [[nodiscard]] Kind kind() const { return m_kind; }
    // Activated this turn: drawn faded.
    void setDimmed(bool on);
    [[nodiscard]] bool dimmed() const { return m_dimmed; }
    void setHighlight(Highlight h);
    [[nodiscard]] Highlight highlight() const { return m_highlight; }
    void setSelectedModel(bool on);
    // The model the keyboard is on (TableView: N, P): a ring around the base in the focus
    // colour, apart from the highlight rings.
    void setKeyboardFocus(bool on);
    [[nodiscard]] bool keyboardFocus() const { return m_keyboard; }
    // A ghost (deployment preview, move preview): drawn dashed and translucent.
    void setGhost(bool on, bool legal = true);

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;
    // The keyboard's ring (setKeyboardFocus), under the painter's transform to item
    // coordinates, in `focus` (the focus colour) over white. The scene draws it in its
    // foreground, over the models' labels (TableScene::drawForeground), not paint().
    void paintKeyboardRing(QPainter *painter, const QColor &focus) const;
    // Where that ring goes, item coordinates.
    [[nodiscard]] QRectF keyboardRingRect() const;

private:
    void updateBounds();
    void updateSilhouette();

    int m_id = -1;
    BaseShape m_base;
    QPolygonF m_outline; // item coordinates
    std::array<QLineF, 4> m_arcs {};
    QLineF m_facing;
    QPainterPath m_silhouette; // item coordinates, filled
    Kind m_kind = Capital;
    bool m_dimmed = false;
    QColor m_color;
    QString m_name;
    QString m_status;
    Highlight m_highlight = None;
    bool m_selected = false;
    bool m_keyboard = false;
    bool m_ghost = false;
    bool m_ghostLegal = true;
    QRectF m_bounds;
};

} // namespace jw
