// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fleet/fleetreport.h"

#include <QWidget>

namespace jw {

// One percentage rule of the fleet as a bar: the share of the points limit,
// the threshold marked, green/red by whether it holds, and the rule's own
// sentence ("Squadrons: 55 of 250 points (22%), at least 63 needed: 8 more").
class RuleGaugeWidget : public QWidget
{
    Q_OBJECT
public:
    explicit RuleGaugeWidget(QWidget *parent = nullptr);

    void setGauge(const RuleGauge &gauge);
    [[nodiscard]] const RuleGauge &gauge() const { return m_gauge; }
    [[nodiscard]] QString text() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    RuleGauge m_gauge;
};

} // namespace jw
