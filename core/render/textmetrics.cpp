// SPDX-License-Identifier: GPL-3.0-or-later
#include "render/textmetrics.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace jw {

namespace {

constexpr qreal kTwipsPerPoint = 20.0;

// A line's horizontal extent from its origin, twips: the advance, widened by ink
// that overhangs it (the hook of a bold J reaches left of the origin).
struct Extent
{
    qreal left = 0;
    qreal right = 0;
    [[nodiscard]] qreal width() const { return right - left; }
};

Extent extent(const QFontMetricsF &fm, const QString &line)
{
    if (line.isEmpty())
        return {};
    const QRectF ink = fm.tightBoundingRect(line);
    return {std::min(0.0, ink.left()), std::max(fm.horizontalAdvance(line), ink.right())};
}

// Above and below the baseline, twips: ascent and descent, or the ink if taller.
std::pair<qreal, qreal> vertical(const QFontMetricsF &fm, const QStringList &lines)
{
    qreal up = fm.ascent();
    qreal down = fm.descent();
    for (const QString &l : lines) {
        if (l.isEmpty())
            continue;
        const QRectF ink = fm.tightBoundingRect(l);
        up = std::max(up, -ink.top());
        down = std::max(down, ink.bottom());
    }
    return {up, down};
}

} // namespace

QStringList TextMetrics::defaultFamilies()
{
    return {QStringLiteral("DejaVu Sans"), QStringLiteral("Liberation Sans"),
            QStringLiteral("Arial"), QStringLiteral("Helvetica")};
}

QFont TextMetrics::font(const QStringList &families, qreal points, bool bold)
{
    QFont f;
    f.setFamilies(families.isEmpty() ? defaultFamilies() : families);
    f.setStyleHint(QFont::SansSerif);
    f.setPixelSize(std::max(1, int(std::lround(points * kTwipsPerPoint))));
    f.setBold(bold);
    // Hinting would make advances depend on the size on the device.
    f.setHintingPreference(QFont::PreferNoHinting);
    return f;
}

qreal TextMetrics::points(const QFont &font)
{
    return font.pixelSize() / kTwipsPerPoint;
}

qreal TextMetrics::lineHeight(const QFont &font)
{
    return QFontMetricsF(font).height() / kTwipsPerMm;
}

qreal TextMetrics::lineSpacing(const QFont &font)
{
    return QFontMetricsF(font).lineSpacing() / kTwipsPerMm;
}

qreal TextMetrics::ascent(const QFont &font)
{
    return QFontMetricsF(font).ascent() / kTwipsPerMm;
}

qreal TextMetrics::width(const QFont &font, const QString &line)
{
    return extent(QFontMetricsF(font), line).width() / kTwipsPerMm;
}

QSizeF TextMetrics::size(const QFont &font, const QString &text)
{
    const QFontMetricsF fm(font);
    const QStringList lines = text.split(QLatin1Char('\n'));
    qreal w = 0;
    for (const QString &l : lines)
        w = std::max(w, extent(fm, l).width());
    const auto [up, down] = vertical(fm, lines);
    const qreal h = up + down + (lines.size() - 1) * fm.lineSpacing();
    return {w / kTwipsPerMm, h / kTwipsPerMm};
}

QStringList TextMetrics::wrap(const QFont &font, const QString &text, qreal widthMm)
{
    const QFontMetricsF fm(font);
    // A hair of tolerance: a width measured by width() fits itself after the
    // round trip through millimetres.
    const qreal limit = widthMm * kTwipsPerMm + 0.01;
    QStringList lines;
    QString line;
    for (const QString &word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QString candidate = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
        if (line.isEmpty() || extent(fm, candidate).width() <= limit) {
            line = candidate;
        } else {
            lines << line;
            line = word;
        }
    }
    if (!line.isEmpty() || lines.isEmpty())
        lines << line;
    return lines;
}

void TextMetrics::draw(QPainter *painter, const QRectF &rectMm, const QFont &font,
                       Qt::Alignment align, const QString &text)
{
    const QFontMetricsF fm(font);
    const QStringList lines = text.split(QLatin1Char('\n'));
    const auto [up, down] = vertical(fm, lines);
    const qreal blockH = up + down + (lines.size() - 1) * fm.lineSpacing();
    const QRectF r(rectMm.topLeft() * kTwipsPerMm, rectMm.size() * kTwipsPerMm);
    qreal top = r.top();
    if (align & Qt::AlignBottom)
        top = r.bottom() - blockH;
    else if (align & Qt::AlignVCenter)
        top = r.top() + (r.height() - blockH) / 2;

    painter->save();
    painter->scale(1 / kTwipsPerMm, 1 / kTwipsPerMm);
    painter->setFont(font);
    for (int i = 0; i < lines.size(); ++i) {
        const QString &l = lines.at(i);
        const Extent e = extent(fm, l);
        qreal x = r.left() - e.left;
        if (align & Qt::AlignRight)
            x = r.right() - e.right;
        else if (align & Qt::AlignHCenter)
            x = r.left() + (r.width() - e.width()) / 2 - e.left;
        painter->drawText(QPointF(x, top + up + i * fm.lineSpacing()), l);
    }
    painter->restore();
}

} // namespace jw
