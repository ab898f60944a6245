// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/gamestate.h"
#include "engine/terrain.h"

#include <QGraphicsItem>

class QGraphicsScene;

namespace jw {

// One piece of terrain on the table (Terrain chapter), drawn from the state: Area templates
// translucent with a dashed outline, Model terrain as discs, Mine tokens as 40 mm discs in
// their layer's colour, the Comet's Body and its Tail, a Planet as a band beyond its table
// edge. It draws what the engine holds; it decides nothing.
class TerrainItem : public QGraphicsItem
{
public:
    enum {
        Type = UserType + 0x7e1
    };

    explicit TerrainItem(const TerrainPiece &piece, const QString &label = QString());

    [[nodiscard]] int type() const override { return Type; }
    [[nodiscard]] const TerrainPiece &piece() const { return m_piece; }
    // Its index in GameState::terrain (set by sync()).
    [[nodiscard]] int index() const { return m_index; }
    // Outlined in orange: a target of the declared Action (Mine the Comet).
    void setTargetHighlight(bool on);
    [[nodiscard]] bool targetHighlight() const { return m_target; }
    [[nodiscard]] QRectF boundingRect() const override;
    [[nodiscard]] QPainterPath shape() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option,
               QWidget *widget = nullptr) override;

    // Replaces the scene's terrain items with the state's terrain (the pieces whose model,
    // a destroyed Mine token say, is no longer on the table are left out).
    static void sync(QGraphicsScene *scene, const GameState &state);

    // What the piece does, for its tooltip (the chapter's Move and Overlap columns).
    [[nodiscard]] static QString effects(const TerrainPiece &piece);

private:
    [[nodiscard]] QPainterPath planetPath() const;

    TerrainPiece m_piece;
    QString m_label;
    int m_index = -1;
    bool m_target = false;
};

} // namespace jw
