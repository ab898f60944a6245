// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QImage>
#include <QPainterPath>
#include <QPointF>
#include <QPolygonF>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <vector>

class QPainter;

namespace jw {

// A state token on a label: a small icon (a glyph on a coloured disc) and the
// state's name in full for its tooltip.
struct LabelToken
{
    QString id; // "crippled", "water", ...
    QString glyph; // "Cr", "W4"
    QColor color;
    QString tip;
    friend bool operator==(const LabelToken &, const LabelToken &) = default;
};

// What the label of one model says; the table scene fills it from the engine's
// state and queries (the labels decide nothing).
struct LabelContent
{
    int model = -1;
    QString name;
    int structure = 0; // left
    int structureMax = 0; // printed; 0: no bar
    std::vector<LabelToken> tokens;
    QStringList extraLines; // a UIO's Marines and Search tokens
    QColor color; // the controlling player's
    bool dimmed = false; // activated this turn
    QRectF base; // the base's bounding rectangle, scene inches
    QString tip; // the model's full status
    friend bool operator==(const LabelContent &, const LabelContent &) = default;
};

// Where a label went, in layout pixels (scene inches times the zoom: the view's
// pixels up to a translation, so panning keeps the layout).
struct PlacedLabel
{
    int model = -1;
    QRectF rect;
    bool compact = false; // the short form (a crowd around it)
    bool leader = false; // away from its base, joined by a line
    QPointF anchor; // on the base's bounding box, where the leader line starts
};

// A caption of a ring the scene draws around the selected model (its sensor
// ranges): at screen size too, on its ring where no label is.
struct RingCaption
{
    QString text; // "AC short 6\""
    QColor color;
    QPainterPath ring; // scene inches
    friend bool operator==(const RingCaption &a, const RingCaption &b)
    {
        return a.text == b.text && a.color == b.color && a.ring == b.ring;
    }
};

// The models' labels at screen size: drawn in device pixels over the scene (so
// that text is never drawn under a scaled painter, and zooming re-renders
// nothing), placed so that no two overlap. Placement is deterministic: the
// priority model (the selected one) first, then the keyboard's ringed model (setRing), then
// capital ships, then by model
// id; each tries the spots around its base, then spots further out with a
// leader line, then the same in its short form; a label with no room left is
// not drawn (its model keeps its tooltip).
//
// The ring captions are placed after the labels, which never move for them
// (pushed away from captions, labels left the fitted view): each goes to the
// point of its ring nearest to the top where it covers no label, no other
// caption and, if it can, no base and nothing off the table.
class TableLabels
{
public:
    // Keeps the rendered pixmaps of the labels whose content did not change.
    void setContents(std::vector<LabelContent> contents);
    void setPriority(int model);
    [[nodiscard]] int priority() const { return m_priority; }
    // The keyboard's ring around `model` (-1: none), its bounding rectangle in scene inches:
    // the model's label is placed around the ring rather than its base, and other labels
    // avoid it as they avoid bases, so that no label covers the ring.
    void setRing(int model, const QRectF &sceneRect);
    [[nodiscard]] const LabelContent *content(int model) const;
    [[nodiscard]] int count() const { return int(m_entries.size()); }

    void setCaptions(std::vector<RingCaption> captions);
    // Other screen-size texts of the scene (a target's range, the move rail's distance, a
    // measure) that captions go around too: rectangles in layout pixels at `zoom` are
    // (scenePos * zoom, size).
    struct Obstacle
    {
        QPointF scenePos;
        QSizeF size;
        friend bool operator==(const Obstacle &, const Obstacle &) = default;
    };
    void setCaptionObstacles(std::vector<Obstacle> obstacles);
    [[nodiscard]] int captionCount() const { return int(m_captions.size()); }

    [[nodiscard]] const std::vector<PlacedLabel> &layout(double zoom);
    // Where the ring captions go at `zoom`, layout pixels, one per caption.
    [[nodiscard]] const std::vector<QRectF> &captionLayout(double zoom);
    // Under the painter's world transform (a scale and a translation), as a
    // scene's drawForeground gets it.
    void paint(QPainter *painter, const QRectF &exposed);
    // The label at a scene point for a view at `zoom`: its model or -1, and
    // the tooltip there (a token's name, or the model's full status).
    [[nodiscard]] int modelAt(QPointF scenePos, double zoom);
    [[nodiscard]] QString toolTipAt(QPointF scenePos, double zoom);
    // Where the tokens are on the full label, label-local pixels, one per token.
    [[nodiscard]] std::vector<QRectF> tokenRects(int model);
    // The label's image as drawn (tests look at it).
    [[nodiscard]] QImage image(int model, bool compact, qreal dpr = 1.0);
    [[nodiscard]] QImage captionImage(int caption, qreal dpr = 1.0);

private:
    struct Form
    {
        QImage image; // opaque: copied, not blended, at every frame
        QSizeF size; // device-independent pixels
        std::vector<QRectF> tokens; // label-local, one per token
    };
    struct Entry
    {
        LabelContent content;
        Form full;
        Form compact;
        qreal dpr = 0; // of the pixmaps; 0: not rendered
    };
    struct Caption
    {
        RingCaption caption;
        QImage image; // opaque, as the labels
        QSizeF size;
        qreal dpr = 0;
        QPolygonF outline; // the ring, flattened
    };
    void render(Entry &e, qreal dpr);
    static void render(Caption &c, qreal dpr);
    void placeCaptions(double zoom);
    [[nodiscard]] const PlacedLabel *placedAt(QPointF scenePos, double zoom);

    std::vector<Entry> m_entries;
    int m_priority = -1;
    int m_ringModel = -1;
    QRectF m_ringRect; // scene inches
    std::vector<PlacedLabel> m_layout;
    double m_layoutZoom = -1; // -1: to compute
    std::vector<Caption> m_captions;
    std::vector<Obstacle> m_obstacles;
    std::vector<QRectF> m_captionLayout;
    double m_captionZoom = -1; // -1: to compute
};

} // namespace jw
