// SPDX-License-Identifier: GPL-3.0-or-later
#include "campaign/campaigncharts.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace jw {

QColor campaignPlayerColor(int index)
{
    // Hues spread by the golden angle; saturated enough for both palettes.
    const int hue = int(std::fmod(210.0 + index * 137.508, 360.0));
    return QColor::fromHsv(hue, 170, 225);
}

namespace {

// A "nice" step for an axis of `range` with about `ticks` ticks: 1, 2 or 5 × 10^n.
int niceStep(int range, int ticks)
{
    if (range <= 0)
        return 1;
    const double raw = double(range) / ticks;
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    for (const double m : {1.0, 2.0, 5.0, 10.0})
        if (raw <= m * mag)
            return std::max(1, int(m * mag));
    return std::max(1, int(10 * mag));
}

struct Frame
{
    QRectF plot;
    int maxValue = 1;
    int step = 1;
};

// Axes, grid and the y labels; returns the plot rectangle.
Frame drawAxes(QPainter &p, const QWidget &w, int maxValue, const QString &yTitle, int legendLines)
{
    const QFontMetrics fm = w.fontMetrics();
    const QPalette pal = w.palette();
    Frame f;
    f.step = niceStep(std::max(1, maxValue), 5);
    f.maxValue = std::max(f.step, (std::max(1, maxValue) + f.step - 1) / f.step * f.step);
    const double left = fm.horizontalAdvance(QString::number(f.maxValue)) + 14;
    const double top = fm.height() * 1.6;
    const double bottom = fm.height() * (2.2 + legendLines);
    f.plot = QRectF(left, top, w.width() - left - 16, w.height() - top - bottom);
    p.setPen(pal.color(QPalette::WindowText));
    p.drawText(QRectF(0, 0, w.width(), top), Qt::AlignLeft | Qt::AlignVCenter, yTitle);
    QColor grid = pal.color(QPalette::WindowText);
    grid.setAlpha(50);
    for (int v = 0; v <= f.maxValue; v += f.step) {
        const double y = f.plot.bottom() - f.plot.height() * v / f.maxValue;
        p.setPen(grid);
        p.drawLine(QPointF(f.plot.left(), y), QPointF(f.plot.right(), y));
        p.setPen(pal.color(QPalette::WindowText));
        p.drawText(QRectF(0, y - fm.height() / 2.0, left - 6, fm.height()),
                   Qt::AlignRight | Qt::AlignVCenter, QString::number(v));
    }
    p.drawLine(f.plot.bottomLeft(), f.plot.bottomRight());
    p.drawLine(f.plot.bottomLeft(), f.plot.topLeft());
    return f;
}

// A legend under the plot: a swatch and a name per entry, wrapped.
void drawLegend(QPainter &p, const QWidget &w, const QRectF &plot,
                const std::vector<std::pair<QString, QColor>> &entries)
{
    const QFontMetrics fm = w.fontMetrics();
    double x = plot.left();
    double y = plot.bottom() + fm.height() * 1.3;
    for (const auto &[name, colour] : entries) {
        const double width = fm.height() + 6 + fm.horizontalAdvance(name) + 18;
        if (x + width > w.width() && x > plot.left()) {
            x = plot.left();
            y += fm.height() * 1.2;
        }
        p.fillRect(QRectF(x, y + 2, fm.height() - 4, fm.height() - 4), colour);
        p.setPen(w.palette().color(QPalette::WindowText));
        p.drawText(QPointF(x + fm.height() + 2, y + fm.ascent()), name);
        x += width;
    }
}

void drawEmpty(QPainter &p, const QWidget &w, const QString &text)
{
    QColor c = w.palette().color(QPalette::WindowText);
    c.setAlpha(150);
    p.setPen(c);
    p.drawText(w.rect(), Qt::AlignCenter | Qt::TextWordWrap, text);
}

} // namespace

StandingsChart::StandingsChart(QWidget *parent)
    : QWidget(parent)
{
    setMinimumHeight(140); // two charts fit a 1024x640 screen (issue 16.2)
}

void StandingsChart::setData(const StandingsSeries &series, const std::map<qint64, QString> &names)
{
    m_series = series;
    m_names = names;
    update();
}

void StandingsChart::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    if (m_series.battleIds.empty()) {
        drawEmpty(p, *this, tr("Standings over time: no battles yet."));
        return;
    }
    int maxValue = 1;
    for (const auto &[id, values] : m_series.points)
        for (int v : values)
            maxValue = std::max(maxValue, v);
    const int lines = 1 + int(m_series.points.size()) / 6;
    const Frame f = drawAxes(p, *this, maxValue, tr("Campaign points after each battle"), lines);
    const int n = int(m_series.battleIds.size());
    const auto xAt = [&](int i) {
        // Battle i (1-based) along the axis; 0 is the start (everyone at 0).
        return f.plot.left() + f.plot.width() * i / std::max(1, n);
    };
    const auto yAt = [&](int v) {
        return f.plot.bottom() - f.plot.height() * v / f.maxValue;
    };
    // x labels: the battle number, thinned to fit.
    const QFontMetrics fm = fontMetrics();
    const int every = std::max(1,
                               int(std::ceil(n * (fm.horizontalAdvance(QStringLiteral("000")) + 8)
                                             / std::max(1.0, f.plot.width()))));
    p.setPen(palette().color(QPalette::WindowText));
    for (int i = 0; i <= n; i += every)
        p.drawText(QRectF(xAt(i) - 30, f.plot.bottom() + 2, 60, fm.height()), Qt::AlignHCenter,
                   QString::number(i));
    std::vector<std::pair<QString, QColor>> legend;
    int index = 0;
    for (const auto &[id, values] : m_series.points) {
        const QColor colour = campaignPlayerColor(index++);
        QPainterPath path(QPointF(xAt(0), yAt(0)));
        for (int i = 0; i < int(values.size()); ++i)
            path.lineTo(xAt(i + 1), yAt(values[std::size_t(i)]));
        p.setPen(QPen(colour, 2));
        p.setBrush(Qt::NoBrush);
        p.drawPath(path);
        if (n <= 60) {
            p.setBrush(colour);
            for (int i = 0; i < int(values.size()); ++i)
                p.drawEllipse(QPointF(xAt(i + 1), yAt(values[std::size_t(i)])), 2.5, 2.5);
        }
        const auto name = m_names.find(id);
        legend.push_back({name != m_names.end() ? name->second : QString::number(id), colour});
    }
    drawLegend(p, *this, f.plot, legend);
}

DestroyedChart::DestroyedChart(QWidget *parent)
    : QWidget(parent)
{
    setMinimumHeight(140); // two charts fit a 1024x640 screen (issue 16.2)
}

void DestroyedChart::setData(const std::vector<DestroyedPoint> &points,
                             const std::map<qint64, QString> &names)
{
    m_points = points;
    m_names = names;
    update();
}

void DestroyedChart::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    if (m_points.empty()) {
        drawEmpty(p, *this, tr("Points destroyed per battle: no battles yet."));
        return;
    }
    int maxValue = 1;
    for (const DestroyedPoint &d : m_points)
        maxValue = std::max({maxValue, d.destroyed[0], d.destroyed[1]});
    // Each player keeps a colour (by order of the names map), as in the standings.
    std::map<qint64, int> colourIndex;
    for (const auto &[id, name] : m_names)
        colourIndex.emplace(id, int(colourIndex.size()));
    const int lines = 1 + int(m_names.size()) / 6;
    const Frame f = drawAxes(p, *this, maxValue, tr("Points (TV) destroyed in each battle"), lines);
    const int n = int(m_points.size());
    const double slot = f.plot.width() / n;
    const double bar = std::max(1.0, slot * 0.38);
    std::map<qint64, QColor> used;
    for (int i = 0; i < n; ++i) {
        const DestroyedPoint &d = m_points[std::size_t(i)];
        for (int side = 0; side < 2; ++side) {
            const auto ci = colourIndex.find(d.players[std::size_t(side)]);
            const QColor colour = campaignPlayerColor(ci != colourIndex.end() ? ci->second : side);
            used.emplace(d.players[std::size_t(side)], colour);
            const double h = f.plot.height() * d.destroyed[std::size_t(side)] / f.maxValue;
            const double x = f.plot.left() + slot * i + slot * 0.1 + side * bar;
            p.fillRect(QRectF(x, f.plot.bottom() - h, bar, h), colour);
        }
    }
    const QFontMetrics fm = fontMetrics();
    const int every = std::max(
        1, int(std::ceil((fm.horizontalAdvance(QStringLiteral("000")) + 8) / std::max(1.0, slot))));
    p.setPen(palette().color(QPalette::WindowText));
    for (int i = 0; i < n; i += every)
        p.drawText(QRectF(f.plot.left() + slot * i, f.plot.bottom() + 2, slot * every, fm.height()),
                   Qt::AlignLeft, QString::number(i + 1));
    std::vector<std::pair<QString, QColor>> legend;
    for (const auto &[id, colour] : used) {
        const auto name = m_names.find(id);
        legend.push_back({name != m_names.end() ? name->second : QString::number(id), colour});
    }
    drawLegend(p, *this, f.plot, legend);
}

} // namespace jw
