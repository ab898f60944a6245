// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "help/keyhelp.h"

#include "campaign/standings.h"

#include <QImage>
#include <QString>
#include <QWidget>

#include <map>
#include <set>
#include <vector>

namespace jw {

// The campaign's charts, drawn with QPainter from the series standings.h
// computes (the widgets compute nothing). They follow the palette (light or
// dark) and say so when there is nothing to draw yet.
//
// What they share (CampaignChart): hovering a point or a bar shows its exact
// value and battle in a tooltip; clicking a legend entry hides or shows that
// player's series (the keyboard: Left/Right pick an entry, Space toggles it);
// the context menu (right click, the Menu key) hides and shows series and
// exports the chart as a PNG image.
class CampaignChart : public QWidget
{
    Q_OBJECT
public:
    // The keys its keyPressEvent handles (Help › Keyboard Shortcuts).
    [[nodiscard]] static QList<KeyHelp> keyHelp();
    struct LegendEntry
    {
        qint64 id = 0; // the player
        QString name;
        QColor colour;
    };
    // Something hovering can show: a point or a bar and its text.
    struct HotSpot
    {
        QRectF rect;
        QString text;
    };

    explicit CampaignChart(QWidget *parent = nullptr);

    [[nodiscard]] virtual bool isEmpty() const = 0;
    // The chart's title ("Standings over time"): the accessible name and the
    // suggested file name of an export.
    [[nodiscard]] virtual QString title() const = 0;
    [[nodiscard]] QSize sizeHint() const override { return {640, 320}; }

    // --- Series (the legend) -------------------------------------------------
    [[nodiscard]] const std::vector<LegendEntry> &legend() const { return m_legend; }
    [[nodiscard]] bool isSeriesVisible(qint64 id) const { return !m_hidden.count(id); }
    void setSeriesVisible(qint64 id, bool visible);
    // Where the legend entry of `id` was last drawn (an empty rect: not drawn).
    [[nodiscard]] QRectF legendRect(qint64 id) const;
    // The legend entry the keyboard is on (an index into legend()).
    [[nodiscard]] int currentLegendEntry() const { return m_current; }

    // --- Hover ------------------------------------------------------------------
    // The points and bars as last drawn, with their texts.
    [[nodiscard]] const std::vector<HotSpot> &hotSpots() const { return m_layout.spots; }
    // The text hovering `pos` shows; empty when nothing is there.
    [[nodiscard]] QString valueAt(const QPointF &pos) const;

    // --- Export -----------------------------------------------------------------
    // The chart painted at `size` (logical pixels; empty: the widget's size, its
    // size hint while it is not shown) and
    // `devicePixelRatio` (0: the widget's) on the window colour.
    [[nodiscard]] QImage toImage(QSize size = {}, qreal devicePixelRatio = 0) const;
    // toImage() written to `path` as PNG, atomically (the old file stays whole
    // when anything fails). Empty on success, else "cannot write PATH: why".
    [[nodiscard]] QString exportPng(const QString &path) const;

Q_SIGNALS:
    void seriesVisibilityChanged(qint64 id, bool visible);
    // The user asked to export this chart (its context menu).
    void exportRequested();

protected:
    struct Layout
    {
        bool screen = false; // painting the widget (not an export): may show the focus
        std::vector<HotSpot> spots;
        std::vector<std::pair<qint64, QRectF>> legend;
    };
    // Paints the chart into (0, 0, size) and fills `layout` with what it drew.
    virtual void paintChart(QPainter &p, const QSizeF &size, Layout &layout) const = 0;
    // For setData(): the players in the order of their colours, every one once.
    void setLegend(std::vector<LegendEntry> legend);
    // The figures a screen reader says with the chart (its accessible description):
    // each player's latest value. Empty: none.
    [[nodiscard]] virtual QString summary() const { return {}; }

    // Helpers for the subclasses' paintChart.
    struct Frame
    {
        QRectF plot;
        double min = 0;
        double max = 1;
        [[nodiscard]] double yAt(double v) const
        {
            return plot.bottom() - plot.height() * (v - min) / (max - min);
        }
    };
    // Title, axes, grid and y labels for values from `min` to `max`, with the
    // legend and `footerLines` lines of text under the plot; draws the legend.
    Frame drawFrame(QPainter &p, const QSizeF &size, double min, double max, const QString &yTitle,
                    int footerLines, Layout &layout) const;
    void drawEmpty(QPainter &p, const QSizeF &size, const QString &text) const;
    // x labels 1..n under the plot, thinned to fit; `xAt(i)` is battle i's centre.
    template<typename F>
    void drawBattleLabels(QPainter &p, const Frame &f, int n, F xAt) const;

    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;

private:
    std::vector<LegendEntry> m_legend;
    std::set<qint64> m_hidden;
    int m_current = 0;
    Layout m_layout; // as last painted on screen
};

// Campaign points of every player after each battle: one line per player.
class StandingsChart : public CampaignChart
{
    Q_OBJECT
public:
    explicit StandingsChart(QWidget *parent = nullptr);
    // `names`: player id -> name, for the legend.
    void setData(const StandingsSeries &series, const std::map<qint64, QString> &names);
    [[nodiscard]] bool isEmpty() const override { return m_series.battleIds.empty(); }
    [[nodiscard]] QString title() const override;
    [[nodiscard]] QString summary() const override;

protected:
    void paintChart(QPainter &p, const QSizeF &size, Layout &layout) const override;

private:
    StandingsSeries m_series;
};

// Points (TV) destroyed in each battle by each side: two bars per battle.
class DestroyedChart : public CampaignChart
{
    Q_OBJECT
public:
    explicit DestroyedChart(QWidget *parent = nullptr);
    void setData(const std::vector<DestroyedPoint> &points, const std::map<qint64, QString> &names);
    [[nodiscard]] bool isEmpty() const override { return m_points.empty(); }
    [[nodiscard]] QString title() const override;
    [[nodiscard]] QString summary() const override;

protected:
    void paintChart(QPainter &p, const QSizeF &size, Layout &layout) const override;

private:
    std::vector<DestroyedPoint> m_points;
};

// Each player's luck over the campaign: attack successes above or below the
// exact odds, added up battle by battle (luckOverTime). A battle without
// recorded dice is a hollow point that adds nothing, and the chart says how
// many there are.
class LuckChart : public CampaignChart
{
    Q_OBJECT
public:
    explicit LuckChart(QWidget *parent = nullptr);
    void setData(const LuckSeries &series, const std::map<qint64, QString> &names);
    [[nodiscard]] bool isEmpty() const override { return m_series.battles == 0; }
    [[nodiscard]] QString title() const override;
    [[nodiscard]] QString summary() const override;
    // No battle has recorded dice (the chart shows only why).
    [[nodiscard]] bool hasNoDice() const { return m_series.unrecorded == m_series.battles; }

protected:
    void paintChart(QPainter &p, const QSizeF &size, Layout &layout) const override;

private:
    LuckSeries m_series;
};

// A player's colour in the charts and tables: distinct hues, by position.
[[nodiscard]] QColor campaignPlayerColor(int index);

} // namespace jw
