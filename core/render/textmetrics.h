// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QFont>
#include <QRectF>
#include <QSizeF>
#include <QString>
#include <QStringList>

class QPainter;

namespace jw {

// Text on cards and sheets is laid out in millimetres. Glyphs are shaped at a
// fixed pixel size in twips (1/1440 in) with hinting off, and painted under a
// scaling transform, so measuring and painting agree on every device (screen,
// PDF, printer, PNG) whatever its resolution.
inline constexpr qreal kTwipsPerMm = 1440.0 / 25.4;
inline constexpr qreal kMmPerPoint = 25.4 / 72.0;

class TextMetrics
{
public:
    // The default families: DejaVu (fonts-dejavu-core) first so layouts are
    // deterministic, then common sans serifs.
    [[nodiscard]] static QStringList defaultFamilies();

    // A font of `points` typographic points, sized in twips (see above).
    [[nodiscard]] static QFont font(const QStringList &families, qreal points, bool bold = false);
    [[nodiscard]] static qreal points(const QFont &font); // back from twips

    // Single-line height (ascent + descent) and distance between baselines, mm.
    [[nodiscard]] static qreal lineHeight(const QFont &font);
    [[nodiscard]] static qreal lineSpacing(const QFont &font);
    [[nodiscard]] static qreal ascent(const QFont &font);
    // Advance width of one line, mm.
    [[nodiscard]] static qreal width(const QFont &font, const QString &line);
    // Size of text whose lines are separated by '\n', mm.
    [[nodiscard]] static QSizeF size(const QFont &font, const QString &text);

    // Greedy word wrap at spaces into lines no wider than `widthMm`. A word wider
    // than the width stays whole on its own line: check with size().
    [[nodiscard]] static QStringList wrap(const QFont &font, const QString &text, qreal widthMm);

    // Draws text (lines separated by '\n') in `rectMm` (painter units are mm),
    // aligned horizontally and vertically as `align` says. Never clips.
    static void draw(QPainter *painter, const QRectF &rectMm, const QFont &font,
                     Qt::Alignment align, const QString &text);
};

} // namespace jw
