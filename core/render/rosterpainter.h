// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QRectF>
#include <QSizeF>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

class QPainter;

namespace jw {

// One line of the roster: a model of the fleet.
struct RosterRow
{
    QString name; // the model's own name, or the unit's name
    QString unitName; // "Shan-Yu"
    QString type; // "Capital Ship", "Exo-Armor Squadron"
    int tv = 0; // the model's, upgrades included
    QString embarkedOn; // carrier plan: the carrier's name, or empty
    bool provisional = false; // the unit's values are not all from the rules
    // (After the first fields, so that brace-initialised rows keep compiling.)
    int upgradeTv = 0; // of tv, its upgrades'
    int unitCap = 0; // 0: none
    bool tvEstimate = false; // jwfleet's estimate, not published: marked "*"
    bool unitCapEstimate = false;
};

// What the roster page shows. Filled by the fleet module (core/fleet); plain
// data here so that rendering does not depend on it.
struct RosterData
{
    QString fleetName;
    QString factionName;
    int points = 0; // used
    int limit = 0; // 0: none
    QString rules; // rules profile: "v1.2.2"
    bool legal = true;
    QString verdict; // "NOT LEGAL on jwfleet's estimated values"; empty: from `legal`
    // Validation messages, one a line, errors first, each labelled "error: " or
    // "warning: ", a fix after " - fix: ".
    QStringList problems;
    // Where the points went, against each percentage rule:
    // "Squadrons: 64 of 250 points (25.6%), at least 63 needed: 1 to spare".
    QStringList subtotals;
    std::vector<RosterRow> rows;
};

// Paints a RosterData onto pages: fleet name, faction, points used and limit,
// rules profile, validation status and problems, then the units with their
// threat values and carrier plan. Long rosters continue on further pages, the
// table header repeated. Painter units are millimetres.
class RosterPainter
{
public:
    explicit RosterPainter(const RosterData &data, const QStringList &families = {});

    [[nodiscard]] int pageCount(const QSizeF &areaMm) const;
    void paint(QPainter *painter, const QRectF &areaMm, int page) const;

private:
    struct Block;
    struct Layout;
    [[nodiscard]] std::vector<Block> blocks(qreal widthMm) const;
    [[nodiscard]] static std::vector<std::vector<int>> paginate(const std::vector<Block> &blocks,
                                                                qreal heightMm);
    // The blocks and pages for `areaMm`, laid out on first use and kept: painting
    // page after page must not lay the whole roster out again for each (that made
    // a roster of thousands of models quadratic).
    [[nodiscard]] const Layout &layout(const QSizeF &areaMm) const;

    const RosterData &m_data;
    QStringList m_families;
    mutable std::shared_ptr<const Layout> m_layout; // not for use from several threads at once
};

} // namespace jw
