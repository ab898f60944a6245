// SPDX-License-Identifier: GPL-3.0-or-later
#include "campaign/campaigncharts.h"

#include "io/outputfile.h"

#include <QBuffer>
#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLocale>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

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
double niceStep(double range, int ticks)
{
    if (range <= 0)
        return 1;
    const double raw = range / ticks;
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    for (const double m : {1.0, 2.0, 5.0, 10.0})
        if (raw <= m * mag)
            return m * mag;
    return 10 * mag;
}

QString dateText(const QDate &d)
{
    return QLocale().toString(d, QLocale::ShortFormat);
}

// "+1.98", "−0.40", "0.00"
QString signedText(double v)
{
    const double r = std::round(v * 100) / 100;
    const QString n = QLocale().toString(std::abs(r), 'f', 2);
    return r > 0 ? QStringLiteral("+") + n : r < 0 ? QStringLiteral("\u2212") + n : n;
}

// Colours by the players' order (the names map), the same in every chart.
std::vector<CampaignChart::LegendEntry> legendOf(const std::map<qint64, QString> &names,
                                                 const std::set<qint64> &shown)
{
    std::vector<CampaignChart::LegendEntry> out;
    int index = 0;
    for (const auto &[id, name] : names) {
        const QColor colour = campaignPlayerColor(index++);
        if (shown.count(id))
            out.push_back({id, name, colour});
    }
    // A player id the names do not know (never expected): by id.
    for (qint64 id : shown)
        if (!names.count(id))
            out.push_back({id, QString::number(id), campaignPlayerColor(index++)});
    return out;
}

constexpr double kHotSpot = 12; // hover target of a point, logical pixels

} // namespace

// ---- CampaignChart ----------------------------------------------------------

CampaignChart::CampaignChart(QWidget *parent)
    : QWidget(parent)
{
    setMinimumHeight(140); // two charts fit a 1024x640 screen (issue 16.2)
    setFocusPolicy(Qt::StrongFocus);
}

void CampaignChart::setLegend(std::vector<LegendEntry> legend)
{
    m_legend = std::move(legend);
    // Keep hidden only the players still there.
    std::set<qint64> hidden;
    for (const LegendEntry &e : m_legend)
        if (m_hidden.count(e.id))
            hidden.insert(e.id);
    m_hidden = std::move(hidden);
    m_current = std::clamp(m_current, 0, std::max(0, int(m_legend.size()) - 1));
    QStringList names;
    for (const LegendEntry &e : m_legend)
        names << e.name;
    setAccessibleName(title());
    const QString figures = summary();
    setAccessibleDescription(
        names.isEmpty() ? tr("No data yet.")
                        : (figures.isEmpty() ? QString() : figures + QLatin1Char(' '))
                + tr("Players: %1. Hover a point or a bar for its value. Left and Right "
                     "choose a player of the legend, Space hides or shows their series; "
                     "the context menu exports the chart as an image.")
                      .arg(names.join(QStringLiteral(", "))));
    update();
}

void CampaignChart::setSeriesVisible(qint64 id, bool visible)
{
    if (isSeriesVisible(id) == visible)
        return;
    if (visible)
        m_hidden.erase(id);
    else
        m_hidden.insert(id);
    update();
    Q_EMIT seriesVisibilityChanged(id, visible);
}

QRectF CampaignChart::legendRect(qint64 id) const
{
    for (const auto &[entry, rect] : m_layout.legend)
        if (entry == id)
            return rect;
    return {};
}

QString CampaignChart::valueAt(const QPointF &pos) const
{
    QStringList texts;
    for (const HotSpot &s : m_layout.spots)
        if (s.rect.contains(pos) && !texts.contains(s.text))
            texts << s.text;
    return texts.join(QLatin1Char('\n'));
}

QImage CampaignChart::toImage(QSize size, qreal devicePixelRatio) const
{
    if (size.isEmpty())
        size = isVisible() ? this->size() : sizeHint(); // a chart on a page not shown yet
    if (devicePixelRatio <= 0)
        devicePixelRatio = devicePixelRatioF();
    QImage image((QSizeF(size) * devicePixelRatio).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(devicePixelRatio);
    image.fill(palette().color(QPalette::Window));
    QPainter p(&image);
    p.setFont(font());
    p.setRenderHint(QPainter::Antialiasing);
    Layout layout;
    paintChart(p, QSizeF(size), layout);
    return image;
}

QString CampaignChart::exportPng(const QString &path) const
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!toImage().save(&buffer, "PNG"))
        return tr("cannot write %1: the image could not be encoded as PNG").arg(path);
    return io::writeFile(path, bytes);
}

CampaignChart::Frame CampaignChart::drawFrame(QPainter &p, const QSizeF &size, double min,
                                              double max, const QString &yTitle, int footerLines,
                                              Layout &layout) const
{
    const QFontMetricsF fm(font());
    const QPalette pal = palette();
    const bool integral = std::floor(min) == min && std::floor(max) == max;
    double step = niceStep(max - min, 5);
    if (integral)
        step = std::max(1.0, std::round(step));
    Frame f;
    f.min = std::floor(min / step) * step;
    f.max = std::max(f.min + step, std::ceil(max / step) * step);
    const int decimals = step >= 1 ? 0 : step >= 0.1 ? 1 : 2;
    QStringList labels;
    double left = 0;
    for (int i = 0; f.min + i * step <= f.max + step / 2; ++i) {
        labels << QLocale().toString(f.min + i * step, 'f', decimals);
        left = std::max(left, fm.horizontalAdvance(labels.last()));
    }
    left += 14;
    const double right = size.width() - 16;
    const double top = fm.height() * 1.6;
    const double line = fm.height() * 1.3;

    // The legend's entries, wrapped, from the plot's left.
    std::vector<QRectF> entries;
    {
        double x = left;
        double y = 0;
        for (const LegendEntry &e : m_legend) {
            const double w = fm.height() + 6 + fm.horizontalAdvance(e.name) + 8;
            if (x + w > right && x > left) {
                x = left;
                y += line;
            }
            entries.push_back(QRectF(x - 4, y, w, fm.height() + 4));
            x += w + 10;
        }
    }
    const double legendHeight = entries.empty() ? 0 : entries.back().bottom();
    const double bottom = fm.height() * 1.6 + legendHeight + footerLines * fm.height() * 1.2 + 6;
    f.plot = QRectF(left, top, std::max(10.0, right - left),
                    std::max(10.0, size.height() - top - bottom));

    p.setPen(pal.color(QPalette::WindowText));
    p.drawText(QRectF(0, 0, size.width(), top), Qt::AlignLeft | Qt::AlignVCenter, yTitle);
    QColor grid = pal.color(QPalette::WindowText);
    grid.setAlpha(50);
    for (int i = 0; i < labels.size(); ++i) {
        const double v = f.min + i * step;
        const double y = f.yAt(v);
        QColor c = grid;
        if (std::abs(v) < step / 2 && f.min < 0)
            c.setAlpha(160); // the zero line of a chart that goes below it
        p.setPen(c);
        p.drawLine(QPointF(f.plot.left(), y), QPointF(f.plot.right(), y));
        p.setPen(pal.color(QPalette::WindowText));
        p.drawText(QRectF(0, y - fm.height() / 2.0, left - 6, fm.height()),
                   Qt::AlignRight | Qt::AlignVCenter, labels[i]);
    }
    p.drawLine(f.plot.bottomLeft(), f.plot.bottomRight());
    p.drawLine(f.plot.bottomLeft(), f.plot.topLeft());

    // The legend: a swatch and a name; a hidden series' swatch is hollow and
    // its name faded and struck through.
    const double legendTop = f.plot.bottom() + fm.height() * 1.5;
    for (std::size_t i = 0; i < m_legend.size(); ++i) {
        const LegendEntry &e = m_legend[i];
        const QRectF r = entries[i].translated(0, legendTop);
        const bool shown = isSeriesVisible(e.id);
        const QRectF swatch(r.left() + 4, r.top() + 4, fm.height() - 4, fm.height() - 4);
        if (shown) {
            p.fillRect(swatch, e.colour);
        } else {
            p.setPen(QPen(e.colour, 1.5));
            p.setBrush(Qt::NoBrush);
            p.drawRect(swatch.adjusted(0.75, 0.75, -0.75, -0.75));
        }
        QFont font = p.font();
        font.setStrikeOut(!shown);
        p.save();
        p.setFont(font);
        p.setPen(pal.color(shown ? QPalette::Active : QPalette::Disabled, QPalette::WindowText));
        p.drawText(QPointF(r.left() + 4 + fm.height() + 2, r.top() + 2 + fm.ascent()), e.name);
        p.restore();
        if (layout.screen && hasFocus() && int(i) == m_current) {
            // The keyboard's entry: a frame in the highlight colour, visible in
            // both palettes (the style's dotted focus rect is faint).
            p.setPen(QPen(pal.color(QPalette::Highlight), 2));
            p.setBrush(Qt::NoBrush);
            p.drawRoundedRect(r.adjusted(-1, -1, 1, 1), 3, 3);
        }
        layout.legend.push_back({e.id, r});
    }
    return f;
}

template<typename F>
void CampaignChart::drawBattleLabels(QPainter &p, const Frame &f, int n, F xAt) const
{
    const QFontMetricsF fm(font());
    const double slot = f.plot.width() / std::max(1, n);
    const int every
        = std::max(1, int(std::ceil((fm.horizontalAdvance(QStringLiteral("000")) + 8) / slot)));
    p.setPen(palette().color(QPalette::WindowText));
    for (int i = 0; i <= n; i += every) {
        const double x = xAt(i);
        if (x < f.plot.left() - 1)
            continue;
        p.drawText(QRectF(x - 30, f.plot.bottom() + 2, 60, fm.height()), Qt::AlignHCenter,
                   QString::number(i));
    }
}

void CampaignChart::drawEmpty(QPainter &p, const QSizeF &size, const QString &text) const
{
    QColor c = palette().color(QPalette::WindowText);
    c.setAlpha(150);
    p.setPen(c);
    p.drawText(QRectF(QPointF(12, 0), size - QSizeF(24, 0)), Qt::AlignCenter | Qt::TextWordWrap,
               text);
}

void CampaignChart::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    Layout layout;
    layout.screen = true;
    paintChart(p, QSizeF(size()), layout);
    m_layout = std::move(layout);
    if (hasFocus()) {
        // A visible focus frame round the whole chart.
        p.setRenderHint(QPainter::Antialiasing, false);
        p.setPen(QPen(palette().color(QPalette::Highlight), 1, Qt::DashLine));
        p.setBrush(Qt::NoBrush);
        p.drawRect(rect().adjusted(0, 0, -1, -1));
    }
}

bool CampaignChart::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        QString text = valueAt(help->pos());
        for (std::size_t i = 0; text.isEmpty() && i < m_legend.size(); ++i)
            if (legendRect(m_legend[i].id).contains(help->pos()))
                text = isSeriesVisible(m_legend[i].id)
                    ? tr("Click to hide %1's series").arg(m_legend[i].name)
                    : tr("Click to show %1's series").arg(m_legend[i].name);
        if (text.isEmpty()) {
            QToolTip::hideText();
            event->ignore();
        } else {
            QToolTip::showText(help->globalPos(), text, this);
        }
        return true;
    }
    return QWidget::event(event);
}

void CampaignChart::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton)
        for (std::size_t i = 0; i < m_legend.size(); ++i)
            if (legendRect(m_legend[i].id).contains(event->position())) {
                m_current = int(i);
                setSeriesVisible(m_legend[i].id, !isSeriesVisible(m_legend[i].id));
                return;
            }
    QWidget::mousePressEvent(event);
}

QList<KeyHelp> CampaignChart::keyHelp()
{
    return {{tr("Left / Right"), tr("Choose a player of the legend")},
            {tr("Space or Enter"), tr("Hide or show the chosen player's series")}};
}

void CampaignChart::keyPressEvent(QKeyEvent *event)
{
    const int n = int(m_legend.size());
    if (n > 0) {
        switch (event->key()) {
        case Qt::Key_Left:
        case Qt::Key_Right:
            m_current = (m_current + (event->key() == Qt::Key_Left ? n - 1 : 1)) % n;
            update();
            return;
        case Qt::Key_Space:
        case Qt::Key_Return:
        case Qt::Key_Enter: {
            const qint64 id = m_legend[std::size_t(m_current)].id;
            setSeriesVisible(id, !isSeriesVisible(id));
            return;
        }
        default:
            break;
        }
    }
    QWidget::keyPressEvent(event);
}

void CampaignChart::contextMenuEvent(QContextMenuEvent *event)
{
    QMenu menu(this);
    for (const LegendEntry &e : m_legend) {
        QAction *a = menu.addAction(e.name);
        a->setCheckable(true);
        a->setChecked(isSeriesVisible(e.id));
        const qint64 id = e.id;
        connect(a, &QAction::toggled, this, [this, id](bool on) { setSeriesVisible(id, on); });
    }
    if (!m_legend.empty())
        menu.addSeparator();
    QAction *exportAction = menu.addAction(tr("Export Chart as PNG…"));
    exportAction->setEnabled(!isEmpty());
    connect(exportAction, &QAction::triggered, this, &CampaignChart::exportRequested);
    menu.exec(event->globalPos());
}

void CampaignChart::focusInEvent(QFocusEvent *event)
{
    update();
    QWidget::focusInEvent(event);
}

void CampaignChart::focusOutEvent(QFocusEvent *event)
{
    update();
    QWidget::focusOutEvent(event);
}

// ---- StandingsChart -----------------------------------------------------------

StandingsChart::StandingsChart(QWidget *parent)
    : CampaignChart(parent)
{
    setAccessibleName(title());
}

QString StandingsChart::title() const
{
    return tr("Standings over time");
}

void StandingsChart::setData(const StandingsSeries &series, const std::map<qint64, QString> &names)
{
    m_series = series;
    std::set<qint64> shown;
    for (const auto &[id, values] : m_series.points)
        if (!m_series.battleIds.empty())
            shown.insert(id);
    setLegend(legendOf(names, shown));
}

QString StandingsChart::summary() const
{
    QStringList parts;
    for (const LegendEntry &e : legend())
        if (const auto it = m_series.points.find(e.id);
            it != m_series.points.end() && !it->second.empty())
            parts << tr("%1 %2").arg(e.name).arg(it->second.back());
    return parts.isEmpty() ? QString()
                           : tr("Campaign points after battle %1: %2.")
                                 .arg(m_series.battleIds.size())
                                 .arg(parts.join(QStringLiteral(", ")));
}

void StandingsChart::paintChart(QPainter &p, const QSizeF &size, Layout &layout) const
{
    if (m_series.battleIds.empty()) {
        drawEmpty(p, size, tr("Standings over time: no battles yet."));
        return;
    }
    int maxValue = 1;
    for (const auto &[id, values] : m_series.points)
        if (isSeriesVisible(id))
            for (int v : values)
                maxValue = std::max(maxValue, v);
    const Frame f
        = drawFrame(p, size, 0, maxValue, tr("Campaign points after each battle"), 0, layout);
    const int n = int(m_series.battleIds.size());
    const auto xAt = [&](int i) {
        // Battle i (1-based) along the axis; 0 is the start (everyone at 0).
        return f.plot.left() + f.plot.width() * i / std::max(1, n);
    };
    drawBattleLabels(p, f, n, xAt);
    for (const LegendEntry &e : legend()) {
        if (!isSeriesVisible(e.id))
            continue;
        const std::vector<int> &values = m_series.points.at(e.id);
        const auto ranks = m_series.ranks.find(e.id);
        QPainterPath path(QPointF(xAt(0), f.yAt(0)));
        for (int i = 0; i < int(values.size()); ++i)
            path.lineTo(xAt(i + 1), f.yAt(values[std::size_t(i)]));
        p.setPen(QPen(e.colour, 2));
        p.setBrush(Qt::NoBrush);
        p.drawPath(path);
        p.setBrush(e.colour);
        for (int i = 0; i < int(values.size()); ++i) {
            const QPointF at(xAt(i + 1), f.yAt(values[std::size_t(i)]));
            if (n <= 60)
                p.drawEllipse(at, 2.5, 2.5);
            const int rank = ranks != m_series.ranks.end() && std::size_t(i) < ranks->second.size()
                ? ranks->second[std::size_t(i)]
                : 0;
            layout.spots.push_back(
                {QRectF(at - QPointF(kHotSpot / 2, kHotSpot / 2), QSizeF(kHotSpot, kHotSpot)),
                 tr("%1: %2 campaign points after battle %3 (%4), rank %5")
                     .arg(e.name)
                     .arg(values[std::size_t(i)])
                     .arg(i + 1)
                     .arg(dateText(m_series.dates[std::size_t(i)]))
                     .arg(rank)});
        }
    }
}

// ---- DestroyedChart -------------------------------------------------------------

DestroyedChart::DestroyedChart(QWidget *parent)
    : CampaignChart(parent)
{
    setAccessibleName(title());
}

QString DestroyedChart::title() const
{
    return tr("Points destroyed per battle");
}

void DestroyedChart::setData(const std::vector<DestroyedPoint> &points,
                             const std::map<qint64, QString> &names)
{
    m_points = points;
    std::set<qint64> shown;
    for (const DestroyedPoint &d : m_points)
        shown.insert(d.players.begin(), d.players.end());
    setLegend(legendOf(names, shown));
}

QString DestroyedChart::summary() const
{
    std::map<qint64, int> total;
    for (const DestroyedPoint &d : m_points)
        for (std::size_t side = 0; side < 2; ++side)
            total[d.players[side]] += d.destroyed[side];
    QStringList parts;
    for (const LegendEntry &e : legend())
        parts << tr("%1 %2").arg(e.name).arg(total[e.id]);
    return parts.isEmpty() ? QString()
                           : tr("TV destroyed in all: %1.").arg(parts.join(QStringLiteral(", ")));
}

void DestroyedChart::paintChart(QPainter &p, const QSizeF &size, Layout &layout) const
{
    if (m_points.empty()) {
        drawEmpty(p, size, tr("Points destroyed per battle: no battles yet."));
        return;
    }
    std::map<qint64, const LegendEntry *> entries;
    for (const LegendEntry &e : legend())
        entries[e.id] = &e;
    const auto nameOf = [&](qint64 id) {
        const auto it = entries.find(id);
        return it != entries.end() ? it->second->name : QString::number(id);
    };
    int maxValue = 1;
    for (const DestroyedPoint &d : m_points)
        for (std::size_t side = 0; side < 2; ++side)
            if (isSeriesVisible(d.players[side]))
                maxValue = std::max(maxValue, d.destroyed[side]);
    const Frame f
        = drawFrame(p, size, 0, maxValue, tr("Points (TV) destroyed in each battle"), 0, layout);
    const int n = int(m_points.size());
    const double slot = f.plot.width() / n;
    const double bar = std::max(1.0, slot * 0.38);
    for (int i = 0; i < n; ++i) {
        const DestroyedPoint &d = m_points[std::size_t(i)];
        for (std::size_t side = 0; side < 2; ++side) {
            if (!isSeriesVisible(d.players[side]))
                continue;
            const auto it = entries.find(d.players[side]);
            const QColor colour
                = it != entries.end() ? it->second->colour : campaignPlayerColor(int(side));
            const double h = f.plot.height() * d.destroyed[side] / f.max;
            const double x = f.plot.left() + slot * i + slot * 0.1 + double(side) * bar;
            const QRectF r(x, f.plot.bottom() - h, bar, h);
            p.fillRect(r, colour);
            // A bar of 0 can be hovered too: its target is a few pixels tall.
            layout.spots.push_back({r.height() < 6 ? QRectF(x, f.plot.bottom() - 6, bar, 6) : r,
                                    tr("%1 destroyed %2 TV of %3's fleet in battle %4 (%5)")
                                        .arg(nameOf(d.players[side]))
                                        .arg(d.destroyed[side])
                                        .arg(nameOf(d.players[1 - side]))
                                        .arg(i + 1)
                                        .arg(dateText(d.date))});
        }
    }
    // Labels 1..n centred under each pair of bars.
    drawBattleLabels(p, f, n, [&](int i) {
        return i == 0 ? f.plot.left() - 100 : f.plot.left() + slot * (i - 0.5);
    });
}

// ---- LuckChart -----------------------------------------------------------------

LuckChart::LuckChart(QWidget *parent)
    : CampaignChart(parent)
{
    setAccessibleName(title());
}

QString LuckChart::title() const
{
    return tr("Luck over the campaign");
}

void LuckChart::setData(const LuckSeries &series, const std::map<qint64, QString> &names)
{
    m_series = series;
    std::set<qint64> shown;
    if (!hasNoDice())
        for (const auto &[id, points] : m_series.players)
            shown.insert(id);
    setLegend(legendOf(names, shown));
}

QString LuckChart::summary() const
{
    QStringList parts;
    for (const LegendEntry &e : legend())
        if (const auto it = m_series.players.find(e.id);
            it != m_series.players.end() && !it->second.empty())
            parts << tr("%1 %2 in %3 attack rolls")
                         .arg(e.name, signedText(it->second.back().total))
                         .arg(it->second.back().totalAttacks);
    return parts.isEmpty() ? QString()
                           : tr("Successes above or below the odds over the campaign: %1.")
                                 .arg(parts.join(QStringLiteral(", ")));
}

void LuckChart::paintChart(QPainter &p, const QSizeF &size, Layout &layout) const
{
    if (m_series.battles == 0) {
        drawEmpty(p, size, tr("Luck over the campaign: no battles yet."));
        return;
    }
    if (hasNoDice()) {
        drawEmpty(p, size,
                  tr("Luck over the campaign: no battle has recorded dice. Only a battle "
                     "imported from a game of jwfleet (Import Game…, Game › Add Battle to "
                     "Campaign) records its rolls; a battle entered by hand or from a battle "
                     "report has none."));
        return;
    }
    double lo = 0, hi = 0;
    for (const auto &[id, points] : m_series.players)
        if (isSeriesVisible(id))
            for (const LuckPoint &lp : points) {
                lo = std::min(lo, lp.total);
                hi = std::max(hi, lp.total);
            }
    if (hi - lo < 1)
        hi = lo + 1;
    // The note under the legend, wrapped: as many lines as it takes at this width.
    const QString note = m_series.unrecorded == 0
        ? QString()
        : tr("Battles without recorded dice (entered by hand or from a battle report): %1 of "
             "%2, drawn as hollow points and not counted.")
              .arg(m_series.unrecorded)
              .arg(m_series.battles);
    const QFontMetricsF noteMetrics(font());
    const int footer = note.isEmpty()
        ? 0
        : std::max(
            1,
            int(std::ceil(noteMetrics
                              .boundingRect(QRectF(0, 0, std::max(40.0, size.width() - 64), 1e6),
                                            Qt::TextWordWrap, note)
                              .height()
                          / noteMetrics.lineSpacing())));
    const Frame f
        = drawFrame(p, size, lo, hi,
                    tr("Luck: attack successes above (+) or below (\u2212) the odds, added up"),
                    footer, layout);
    const int n = m_series.battles;
    const auto xAt = [&](int i) {
        return f.plot.left() + f.plot.width() * i / std::max(1, n);
    };
    drawBattleLabels(p, f, n, xAt);
    const auto sourceText = [](const QString &source) {
        if (source == QLatin1String("report"))
            return tr("from a battle report");
        if (source == QLatin1String("game"))
            return tr("imported before jwfleet recorded dice");
        return tr("entered by hand");
    };
    for (const LegendEntry &e : legend()) {
        if (!isSeriesVisible(e.id))
            continue;
        const std::vector<LuckPoint> &points = m_series.players.at(e.id);
        QPainterPath path(QPointF(xAt(0), f.yAt(0)));
        for (const LuckPoint &lp : points)
            path.lineTo(xAt(lp.index), f.yAt(lp.total));
        p.setPen(QPen(e.colour, 2));
        p.setBrush(Qt::NoBrush);
        p.drawPath(path);
        for (const LuckPoint &lp : points) {
            const QPointF at(xAt(lp.index), f.yAt(lp.total));
            // Recorded: a filled point; not recorded: hollow (nothing was added).
            p.setBrush(lp.recorded ? QBrush(e.colour) : QBrush(palette().color(QPalette::Window)));
            p.drawEllipse(at, 3.5, 3.5);
            const QString head
                = tr("%1, battle %2 (%3)").arg(e.name).arg(lp.index).arg(dateText(lp.date));
            const QString text = lp.recorded
                ? tr("%1: %2 successes in %3 attack rolls, %4 expected (%5); campaign so far: %6")
                      .arg(head)
                      .arg(lp.successes)
                      .arg(lp.attacks)
                      .arg(QLocale().toString(lp.expected, 'f', 2))
                      .arg(signedText(lp.luck), signedText(lp.total))
                : tr("%1: no dice recorded (%2), not counted; campaign so far: %3")
                      .arg(head, sourceText(lp.source), signedText(lp.total));
            layout.spots.push_back(
                {QRectF(at - QPointF(kHotSpot / 2, kHotSpot / 2), QSizeF(kHotSpot, kHotSpot)),
                 text});
        }
    }
    if (footer > 0) {
        const QFontMetricsF fm(font());
        QColor c = palette().color(QPalette::WindowText);
        c.setAlpha(190);
        p.setPen(c);
        p.drawText(QRectF(f.plot.left(), size.height() - footer * fm.height() * 1.2 - 4,
                          size.width() - f.plot.left() - 16, footer * fm.height() * 1.2),
                   Qt::AlignLeft | Qt::AlignBottom | Qt::TextWordWrap, note);
    }
}

} // namespace jw
