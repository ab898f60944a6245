// SPDX-License-Identifier: GPL-3.0-or-later
#include "table/tablelabels.h"

#include "geometry/geometry.h"

#include <QFontMetricsF>
#include <QHash>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace jw {

namespace {

constexpr qreal kPad = 3; // inside the label's frame
constexpr qreal kAccent = 3; // the player's colour on the left
constexpr qreal kGap = 2; // between a base and its label
constexpr qreal kNameMax = 150; // px: longer names are elided
constexpr qreal kCompactNameMax = 64;
constexpr qreal kToken = 13; // a token icon's diameter
constexpr int kMaxBoxes = 12; // more Structure than this: one bar, not boxes

QFont labelFont(int pixelSize, bool bold)
{
    QFont f(QStringLiteral("Sans Serif"));
    f.setPixelSize(pixelSize);
    f.setBold(bold);
    f.setStyleHint(QFont::SansSerif);
    return f;
}

// The Structure boxes: filled for what is left, hollow red for what is lost.
qreal structureWidth(const LabelContent &c, bool compact)
{
    if (c.structureMax <= 0)
        return 0;
    if (compact)
        return 24;
    if (c.structureMax <= kMaxBoxes)
        return c.structureMax * 6 - 1;
    return 48;
}

void paintStructure(QPainter &p, const LabelContent &c, const QRectF &r, bool compact)
{
    const QColor left
        = c.structure * 3 <= c.structureMax ? QColor(248, 113, 113) : QColor(134, 239, 172);
    const QColor lost(127, 29, 29);
    if (compact || c.structureMax > kMaxBoxes) {
        p.fillRect(r, lost);
        QRectF l = r;
        l.setWidth(r.width() * std::clamp(c.structure, 0, c.structureMax) / c.structureMax);
        p.fillRect(l, left);
        return;
    }
    for (int i = 0; i < c.structureMax; ++i) {
        const QRectF box(r.left() + i * 6, r.top(), 5, r.height());
        p.fillRect(box, i < c.structure ? left : lost);
    }
}

// Rectangles of `cell` pixels covering a region, for finding what a rectangle
// may overlap without testing every label and base.
class Grid
{
public:
    explicit Grid(qreal cell)
        : m_cell(cell)
    { }
    void insert(const QRectF &r)
    {
        const int i = int(m_rects.size());
        m_rects.push_back(r);
        forCells(r, [&](quint64 key) {
            m_cells[key].push_back(i);
            return false;
        });
    }
    [[nodiscard]] bool intersects(const QRectF &r) const
    {
        return forCells(r, [&](quint64 key) {
            const auto it = m_cells.constFind(key);
            if (it == m_cells.cend())
                return false;
            for (int i : *it)
                if (m_rects[std::size_t(i)].intersects(r))
                    return true;
            return false;
        });
    }

private:
    template<typename F>
    bool forCells(const QRectF &r, F f) const
    {
        const int x0 = int(std::floor(r.left() / m_cell));
        const int x1 = int(std::floor(r.right() / m_cell));
        const int y0 = int(std::floor(r.top() / m_cell));
        const int y1 = int(std::floor(r.bottom() / m_cell));
        for (int y = y0; y <= y1; ++y)
            for (int x = x0; x <= x1; ++x)
                if (f((quint64(quint32(x)) << 32) | quint32(y)))
                    return true;
        return false;
    }
    qreal m_cell;
    QHash<quint64, std::vector<int>> m_cells;
    std::vector<QRectF> m_rects;
};

// The point of `r` closest to `p`.
QPointF clampTo(const QRectF &r, QPointF p)
{
    return {std::clamp(p.x(), r.left(), r.right()), std::clamp(p.y(), r.top(), r.bottom())};
}

} // namespace

void TableLabels::setContents(std::vector<LabelContent> contents)
{
    std::vector<Entry> next;
    next.reserve(contents.size());
    // Both lists are in model order: keep what did not change.
    std::size_t old = 0;
    for (LabelContent &c : contents) {
        while (old < m_entries.size() && m_entries[old].content.model < c.model)
            ++old;
        if (old < m_entries.size() && m_entries[old].content == c) {
            next.push_back(std::move(m_entries[old]));
            continue;
        }
        Entry e;
        e.content = std::move(c);
        next.push_back(std::move(e));
    }
    m_entries = std::move(next);
    // Moving models or changed text move labels: lay out again (cheap; not every frame).
    m_layoutZoom = -1;
}

void TableLabels::setPriority(int model)
{
    if (m_priority == model)
        return;
    m_priority = model;
    m_layoutZoom = -1;
}

void TableLabels::setRing(int model, const QRectF &sceneRect)
{
    const QRectF r = model >= 0 ? sceneRect : QRectF();
    if (m_ringModel == model && m_ringRect == r)
        return;
    m_ringModel = model;
    m_ringRect = r;
    m_layoutZoom = -1;
}

void TableLabels::setCaptions(std::vector<RingCaption> captions)
{
    const bool same = captions.size() == m_captions.size()
        && std::equal(captions.begin(), captions.end(), m_captions.begin(),
                      [](const RingCaption &a, const Caption &b) { return a == b.caption; });
    if (same)
        return;
    m_captions.clear();
    for (RingCaption &c : captions)
        m_captions.push_back({std::move(c), {}, {}, 0, {}});
    m_captionZoom = -1;
}

void TableLabels::setCaptionObstacles(std::vector<Obstacle> obstacles)
{
    if (obstacles == m_obstacles)
        return;
    m_obstacles = std::move(obstacles);
    m_captionZoom = -1;
}

void TableLabels::render(Caption &c, qreal dpr)
{
    const QFont font = labelFont(10, true);
    const QFontMetricsF fm(font);
    const QSizeF size(std::ceil(fm.horizontalAdvance(c.caption.text)) + 8,
                      std::ceil(fm.height()) + 2);
    c.size = size;
    c.image = QImage((size * dpr).toSize(), QImage::Format_RGB32);
    c.image.setDevicePixelRatio(dpr);
    c.image.fill(QColor(12, 15, 28));
    QPainter p(&c.image);
    p.setRenderHint(QPainter::TextAntialiasing);
    // Framed in the ring's colour: the ring's line runs into the frame.
    p.setPen(QPen(c.caption.color.darker(130), 1));
    p.drawRect(QRectF(QPointF(0.5, 0.5), size - QSizeF(1, 1)));
    p.setFont(font);
    p.setPen(c.caption.color.lighter(115));
    p.drawText(QRectF(QPointF(0, 0), size), Qt::AlignCenter, c.caption.text);
    c.dpr = dpr;
}

QImage TableLabels::captionImage(int caption, qreal dpr)
{
    if (caption < 0 || caption >= int(m_captions.size()))
        return {};
    Caption &c = m_captions[std::size_t(caption)];
    if (c.dpr != dpr)
        render(c, dpr);
    return c.image;
}

const std::vector<QRectF> &TableLabels::captionLayout(double zoom)
{
    (void)layout(zoom);
    if (zoom != m_captionZoom)
        placeCaptions(zoom);
    return m_captionLayout;
}

void TableLabels::placeCaptions(double zoom)
{
    m_captionZoom = zoom;
    m_captionLayout.clear();
    if (m_captions.empty())
        return;
    const qreal cell = 48;
    Grid labels(cell);
    for (const PlacedLabel &p : m_layout)
        labels.insert(p.rect.adjusted(-1, -1, 1, 1));
    Grid bases(cell);
    for (const Entry &e : m_entries)
        bases.insert(QRectF(e.content.base.topLeft() * zoom, e.content.base.bottomRight() * zoom));
    Grid taken(cell); // other captions and the scene's other texts
    for (const Obstacle &o : m_obstacles)
        taken.insert(QRectF(o.scenePos * zoom, o.size).adjusted(-1, -1, 1, 1));
    const QRectF t = tableRect();
    const QRectF table(t.topLeft() * zoom, t.bottomRight() * zoom);

    for (Caption &c : m_captions) {
        if (c.dpr <= 0)
            render(c, 1.0);
        if (c.outline.isEmpty()) {
            const QList<QPolygonF> rings = c.caption.ring.toSubpathPolygons();
            if (!rings.isEmpty())
                c.outline = rings.first();
        }
        const QPointF centre = c.caption.ring.boundingRect().center();
        // Points of the ring (flattened) every few pixels, nearest to its top first, then
        // clockwise first: the top is where a reader looks for a ring's caption.
        struct Spot
        {
            QPointF at; // layout pixels
            QPointF out; // away from the centre, unit
            double away; // radians from the top
            bool left;
        };
        std::vector<Spot> spots;
        const auto addSpot = [&](QPointF p) {
            const QPointF d = p - centre;
            const double a = std::atan2(d.x(), -d.y());
            const qreal len = std::hypot(d.x(), d.y());
            spots.push_back({p * zoom, len > 1e-9 ? d / len : QPointF(0, -1), std::abs(a), a < 0});
        };
        const QPolygonF &ring = c.outline;
        qreal perimeter = 0;
        for (int k = 1; k < ring.size(); ++k)
            perimeter += QLineF(ring[k - 1], ring[k]).length();
        const qreal spacing = std::max(4 / zoom, perimeter / 512);
        qreal carried = 0; // along the ring since the last spot
        for (int k = 1; k < ring.size(); ++k) {
            const QLineF edge(ring[k - 1], ring[k]);
            const qreal len = edge.length();
            if (len <= 0)
                continue;
            qreal at = spacing - carried;
            for (; at <= len; at += spacing)
                addSpot(edge.pointAt(at / len));
            carried = len - (at - spacing);
        }
        if (spots.empty() && !ring.isEmpty())
            addSpot(ring.first());
        std::stable_sort(spots.begin(), spots.end(), [](const Spot &a, const Spot &b) {
            return std::tie(a.away, a.left) < std::tie(b.away, b.left);
        });
        // Never over a label; if it can be, over no other caption or text, on the table and clear
        // of the bases, giving these up in the reverse order. On the ring first; where a crowd
        // covers it all round, beside it, a caption's height out or in at a time.
        const auto fits = [&](const QRectF &r, int level) {
            if (labels.intersects(r))
                return false;
            if (level <= 2 && taken.intersects(r))
                return false;
            if (level <= 1 && !table.contains(r))
                return false;
            return level > 0 || !bases.intersects(r);
        };
        const qreal step = c.size.height() + 2;
        static const int kOffsets[] = {0, 1, -1, 2, -2, 3, -3, 4, -4};
        const auto rectAt = [&](const Spot &s, int offset) {
            const QPointF px = s.at + s.out * (offset * step);
            return QRectF(QPointF(std::round(px.x() - c.size.width() / 2),
                                  std::round(px.y() - c.size.height() / 2)),
                          c.size);
        };
        QRectF chosen = spots.empty() ? QRectF() : rectAt(spots.front(), 0);
        bool found = false;
        for (int level = 0; level <= 3 && !found; ++level) {
            for (const int offset : kOffsets) {
                for (const Spot &s : spots) {
                    const QRectF r = rectAt(s, offset);
                    if (fits(r, level)) {
                        chosen = r;
                        found = true;
                        break;
                    }
                }
                if (found)
                    break;
            }
        }
        taken.insert(chosen.adjusted(-1, -1, 1, 1));
        m_captionLayout.push_back(chosen);
    }
}

const LabelContent *TableLabels::content(int model) const
{
    for (const Entry &e : m_entries)
        if (e.content.model == model)
            return &e.content;
    return nullptr;
}

void TableLabels::render(Entry &e, qreal dpr)
{
    const LabelContent &c = e.content;
    const QFont nameFont = labelFont(11, true);
    const QFont smallFont = labelFont(9, false);
    const QFont tokenFont = labelFont(8, true);
    const QFontMetricsF nameFm(nameFont);
    const QFontMetricsF smallFm(smallFont);
    const QFontMetricsF tokenFm(tokenFont);

    auto draw = [&](Form &form, bool compact) {
        const QString name
            = nameFm.elidedText(c.name, Qt::ElideRight, compact ? kCompactNameMax : kNameMax);
        const qreal nameW = nameFm.horizontalAdvance(name);
        const qreal nameH = std::ceil(nameFm.height());
        const QString count = c.structureMax > 0
            ? QStringLiteral("%1/%2").arg(c.structure).arg(c.structureMax)
            : QString();
        qreal statusW = 0;
        const qreal barW = structureWidth(c, compact);
        form.tokens.clear();
        std::vector<qreal> tokenW;
        if (!compact) {
            statusW = barW;
            if (!count.isEmpty())
                statusW += 4 + smallFm.horizontalAdvance(count);
            for (const LabelToken &t : c.tokens) {
                const qreal w = std::max(kToken, tokenFm.horizontalAdvance(t.glyph) + 6);
                tokenW.push_back(w);
                statusW += 3 + w;
            }
        }
        qreal extraW = 0;
        if (!compact)
            for (const QString &l : c.extraLines)
                extraW = std::max(extraW, smallFm.horizontalAdvance(l));
        const qreal inner = std::ceil(std::max({nameW, statusW, extraW, compact ? barW : 0.0}));
        const qreal statusH = compact ? (barW > 0 ? 3 : 0) : (statusW > 0 ? kToken : 0);
        const qreal extraH = compact ? 0 : c.extraLines.size() * std::ceil(smallFm.height());
        const QSizeF size(kAccent + 2 * kPad + inner,
                          2 * kPad + nameH + (statusH > 0 ? 1 + statusH : 0) + extraH);
        form.size = size;
        // Opaque and square: a label is then copied to the screen, not blended
        // (200 blended labels cost milliseconds a frame).
        form.image = QImage((size * dpr).toSize(), QImage::Format_RGB32);
        form.image.setDevicePixelRatio(dpr);
        // Dark whatever the theme: the table is always dark space.
        form.image.fill(QColor(12, 15, 28));
        QPainter p(&form.image);
        p.setRenderHint(QPainter::Antialiasing);
        p.setRenderHint(QPainter::TextAntialiasing);
        // Activated this turn: everything at about half its brightness.
        if (c.dimmed)
            p.setOpacity(0.55);
        p.setPen(QPen(c.color.lighter(130), 1));
        p.setBrush(Qt::NoBrush);
        p.drawRect(QRectF(QPointF(0.5, 0.5), size - QSizeF(1, 1)));
        p.fillRect(QRectF(1, 1, kAccent, size.height() - 2), c.color);
        const qreal x = kAccent + kPad;
        qreal y = kPad;
        p.setFont(nameFont);
        p.setPen(Qt::white);
        p.drawText(QRectF(x, y, inner, nameH), Qt::AlignLeft | Qt::AlignVCenter, name);
        y += nameH + 1;
        if (compact) {
            if (barW > 0)
                paintStructure(p, c, QRectF(x, y, inner, 3), true);
            return;
        }
        qreal sx = x;
        if (barW > 0) {
            paintStructure(p, c, QRectF(sx, y + 3, barW, kToken - 6), false);
            sx += barW + 4;
        }
        if (!count.isEmpty()) {
            p.setFont(smallFont);
            p.setPen(QColor(226, 232, 240));
            const qreal w = smallFm.horizontalAdvance(count);
            p.drawText(QRectF(sx, y, w + 1, kToken), Qt::AlignLeft | Qt::AlignVCenter, count);
            sx += w + 3;
        }
        p.setFont(tokenFont);
        for (std::size_t i = 0; i < c.tokens.size(); ++i) {
            const LabelToken &t = c.tokens[i];
            const QRectF r(sx, y, tokenW[i], kToken);
            p.setPen(Qt::NoPen);
            p.setBrush(t.color);
            p.drawRoundedRect(r, kToken / 2, kToken / 2);
            // Light glyphs on dark discs, dark on light ones.
            p.setPen(t.color.lightness() > 150 ? QColor(15, 23, 42) : Qt::white);
            p.drawText(r, Qt::AlignCenter, t.glyph);
            form.tokens.push_back(r);
            sx += r.width() + 3;
        }
        y += statusH;
        p.setFont(smallFont);
        p.setPen(QColor(226, 232, 240));
        for (const QString &l : c.extraLines) {
            const qreal h = std::ceil(smallFm.height());
            p.drawText(QRectF(x, y, inner + 1, h), Qt::AlignLeft | Qt::AlignVCenter, l);
            y += h;
        }
    };
    draw(e.full, false);
    draw(e.compact, true);
    e.dpr = dpr;
}

QImage TableLabels::image(int model, bool compact, qreal dpr)
{
    for (Entry &e : m_entries) {
        if (e.content.model != model)
            continue;
        if (e.dpr != dpr)
            render(e, dpr);
        return compact ? e.compact.image : e.full.image;
    }
    return {};
}

std::vector<QRectF> TableLabels::tokenRects(int model)
{
    for (Entry &e : m_entries) {
        if (e.content.model != model)
            continue;
        if (e.dpr <= 0)
            render(e, 1.0);
        return e.full.tokens;
    }
    return {};
}

const std::vector<PlacedLabel> &TableLabels::layout(double zoom)
{
    if (zoom == m_layoutZoom)
        return m_layout;
    m_layoutZoom = zoom;
    m_captionZoom = -1; // the captions go around the labels
    m_layout.clear();
    std::vector<std::size_t> order(m_entries.size());
    for (std::size_t i = 0; i < order.size(); ++i) {
        order[i] = i;
        if (m_entries[i].dpr <= 0)
            render(m_entries[i], 1.0);
    }
    const auto rank = [&](std::size_t i) {
        const LabelContent &c = m_entries[i].content;
        const bool capital = c.base.width() > 1.2 || c.base.height() > 1.2;
        return std::tuple(c.model == m_priority        ? 0
                              : c.model == m_ringModel ? 1
                                                       : 2,
                          capital ? 0 : 1, c.model);
    };
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return rank(a) < rank(b); });

    const qreal cell = 48;
    Grid bases(cell);
    std::vector<QRectF> baseRects(m_entries.size());
    for (std::size_t i = 0; i < m_entries.size(); ++i) {
        const QRectF b = m_entries[i].content.base;
        baseRects[i] = QRectF(b.topLeft() * zoom, b.bottomRight() * zoom);
        // The keyboard's ring (its pen is 6 pixels wide, centred on the rectangle).
        if (m_entries[i].content.model == m_ringModel && !m_ringRect.isEmpty())
            baseRects[i] |= QRectF(m_ringRect.topLeft() * zoom, m_ringRect.bottomRight() * zoom)
                                .adjusted(-3, -3, 3, 3);
        bases.insert(baseRects[i].adjusted(-1, -1, 1, 1));
    }
    Grid labels(cell);

    // Spots around a base: below, above, right, left, then the corners; further
    // rings at the same directions and between them.
    static const std::array<QPointF, 8> near {QPointF(0, 1),  QPointF(0, -1), QPointF(1, 0),
                                              QPointF(-1, 0), QPointF(1, 1),  QPointF(-1, 1),
                                              QPointF(1, -1), QPointF(-1, -1)};
    static const std::array<QPointF, 16> far = [] {
        std::array<QPointF, 16> d {};
        for (int i = 0; i < 16; ++i) {
            const double a = (90 + i * 22.5) * M_PI / 180;
            d[std::size_t(i)] = QPointF(std::cos(a), std::sin(a));
        }
        return d;
    }();

    for (std::size_t i : order) {
        const Entry &e = m_entries[i];
        const QRectF b = baseRects[i];
        const QPointF bc = b.center();
        auto spot = [&](const QSizeF &s, QPointF dir, qreal out) {
            // Along `dir` from the base's centre until the label clears the base, then `out` more.
            const qreal ax = std::abs(dir.x());
            const qreal ay = std::abs(dir.y());
            const qreal hx = b.width() / 2 + s.width() / 2 + kGap + out;
            const qreal hy = b.height() / 2 + s.height() / 2 + kGap + out;
            const qreal t = std::min(ax > 1e-6 ? hx / ax : 1e9, ay > 1e-6 ? hy / ay : 1e9);
            const QPointF c = bc + dir * t;
            return QRectF(
                QPointF(std::round(c.x() - s.width() / 2), std::round(c.y() - s.height() / 2)), s);
        };
        auto tryForm = [&](bool compact, bool avoidBases) -> bool {
            const QSizeF s = compact ? e.compact.size : e.full.size;
            auto free = [&](const QRectF &r) {
                return !labels.intersects(r) && (!avoidBases || !bases.intersects(r));
            };
            auto place = [&](const QRectF &r, bool leader) {
                PlacedLabel pl;
                pl.model = e.content.model;
                pl.rect = r;
                pl.compact = compact;
                pl.leader = leader;
                pl.anchor = clampTo(b, r.center());
                labels.insert(r.adjusted(-1, -1, 1, 1));
                m_layout.push_back(pl);
            };
            for (const QPointF &d : near) {
                const QRectF r = spot(s, d, 0);
                if (free(r)) {
                    place(r, false);
                    return true;
                }
            }
            const qreal step = std::max<qreal>(s.height(), 12) + 4;
            for (int ring = 1; ring <= 5; ++ring) {
                for (const QPointF &d : far) {
                    const QRectF r = spot(s, d, ring * step);
                    if (free(r)) {
                        place(r, true);
                        return true;
                    }
                }
            }
            return false;
        };
        if (tryForm(false, true) || tryForm(true, true) || tryForm(true, false))
            continue;
    }
    // Drawn in model order, so the picture does not depend on the placing order.
    std::sort(m_layout.begin(), m_layout.end(),
              [](const PlacedLabel &a, const PlacedLabel &b) { return a.model < b.model; });
    return m_layout;
}

void TableLabels::paint(QPainter *painter, const QRectF &exposed)
{
    if (m_entries.empty() && m_captions.empty())
        return;
    const QTransform world = painter->worldTransform();
    const double zoom = world.m11();
    if (zoom <= 0)
        return;
    const qreal dpr = painter->device() ? painter->device()->devicePixelRatioF() : 1.0;
    for (Entry &e : m_entries)
        if (e.dpr != dpr)
            render(e, dpr);
    const std::vector<PlacedLabel> &placed = layout(zoom);
    const QPointF shift(world.dx(), world.dy());
    const QRectF area = world.mapRect(exposed).adjusted(-2, -2, 2, 2);

    painter->save();
    painter->resetTransform();
    // Aliased: antialiased lines cost about 30 µs each here (a leader per label at the fit zoom).
    painter->setRenderHint(QPainter::Antialiasing, false);
    // Leader lines in one call: drawn one by one they cost more than the labels.
    QVector<QLineF> leaders;
    for (const PlacedLabel &p : placed) {
        if (!p.leader)
            continue;
        const QRectF r = p.rect.translated(shift);
        const QLineF line(p.anchor + shift, clampTo(r, p.anchor + shift));
        if (area.intersects(QRectF(line.p1(), line.p2()).normalized().adjusted(-1, -1, 1, 1)))
            leaders << line;
    }
    // A cosmetic pen takes the raster engine's fast line drawer.
    QPen leaderPen(QColor(160, 168, 184), 1);
    leaderPen.setCosmetic(true);
    painter->setPen(leaderPen);
    painter->drawLines(leaders);
    // The ring captions, over the leader lines (never under a label).
    for (Caption &c : m_captions)
        if (c.dpr != dpr)
            render(c, dpr);
    const std::vector<QRectF> &captions = captionLayout(zoom);
    for (std::size_t i = 0; i < captions.size(); ++i) {
        const QRectF r = captions[i].translated(shift);
        if (area.intersects(r))
            painter->drawImage(QPointF(std::round(r.left()), std::round(r.top())),
                               m_captions[i].image);
    }
    std::size_t at = 0;
    for (const PlacedLabel &p : placed) {
        while (at < m_entries.size() && m_entries[at].content.model < p.model)
            ++at;
        if (at >= m_entries.size())
            break;
        const QRectF r = p.rect.translated(shift);
        if (!area.intersects(r))
            continue;
        const Entry &e = m_entries[at];
        painter->drawImage(QPointF(std::round(r.left()), std::round(r.top())),
                           p.compact ? e.compact.image : e.full.image);
    }
    painter->restore();
}

const PlacedLabel *TableLabels::placedAt(QPointF scenePos, double zoom)
{
    if (zoom <= 0)
        return nullptr;
    const QPointF px = scenePos * zoom;
    const std::vector<PlacedLabel> &placed = layout(zoom);
    for (const PlacedLabel &p : placed)
        if (p.rect.contains(px))
            return &p;
    return nullptr;
}

int TableLabels::modelAt(QPointF scenePos, double zoom)
{
    const PlacedLabel *p = placedAt(scenePos, zoom);
    return p ? p->model : -1;
}

QString TableLabels::toolTipAt(QPointF scenePos, double zoom)
{
    const PlacedLabel *p = placedAt(scenePos, zoom);
    if (!p)
        return {};
    for (const Entry &e : m_entries) {
        if (e.content.model != p->model)
            continue;
        const QPointF local = scenePos * zoom - p->rect.topLeft();
        if (!p->compact)
            for (std::size_t i = 0; i < e.full.tokens.size() && i < e.content.tokens.size(); ++i)
                if (e.full.tokens[i].contains(local))
                    return e.content.tokens[i].tip;
        return e.content.tip;
    }
    return {};
}

} // namespace jw
