// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "campaign/standings.h"

#include <QString>
#include <QWidget>

#include <map>
#include <vector>

namespace jw {

// The campaign's charts, drawn with QPainter from the series standings.h
// computes (the widgets compute nothing). Both follow the palette (light or
// dark) and say so when there is nothing to draw yet.

// Campaign points of every player after each battle: one line per player.
class StandingsChart : public QWidget
{
    Q_OBJECT
public:
    explicit StandingsChart(QWidget *parent = nullptr);
    // `names`: player id -> name, for the legend.
    void setData(const StandingsSeries &series, const std::map<qint64, QString> &names);
    [[nodiscard]] bool isEmpty() const { return m_series.battleIds.empty(); }
    [[nodiscard]] QSize sizeHint() const override { return {640, 320}; }

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    StandingsSeries m_series;
    std::map<qint64, QString> m_names;
};

// Points (TV) destroyed in each battle by each side: two bars per battle.
class DestroyedChart : public QWidget
{
    Q_OBJECT
public:
    explicit DestroyedChart(QWidget *parent = nullptr);
    void setData(const std::vector<DestroyedPoint> &points, const std::map<qint64, QString> &names);
    [[nodiscard]] bool isEmpty() const { return m_points.empty(); }
    [[nodiscard]] QSize sizeHint() const override { return {640, 320}; }

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    std::vector<DestroyedPoint> m_points;
    std::map<qint64, QString> m_names;
};

// A player's colour in the charts and tables: distinct hues, by position.
[[nodiscard]] QColor campaignPlayerColor(int index);

} // namespace jw
