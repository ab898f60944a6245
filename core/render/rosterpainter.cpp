// SPDX-License-Identifier: GPL-3.0-or-later
#include "render/rosterpainter.h"

#include "render/textmetrics.h"

#include <QPainter>

#include <algorithm>

namespace jw {

namespace {

constexpr qreal kTitlePoints = 16;
constexpr qreal kBodyPoints = 9.5;
constexpr qreal kSmallPoints = 8;
constexpr qreal kRule = 0.2; // mm
constexpr qreal kThin = 0.12; // mm

struct Item
{
    QRectF rect; // x from the area's left, y from the block's top, mm
    QString text; // empty: a rule
    QFont font;
    Qt::Alignment align = Qt::AlignLeft | Qt::AlignTop;
    qreal rule = 0; // rule thickness
};

} // namespace

struct RosterPainter::Block
{
    qreal height = 0;
    bool tableHeader = false;
    bool tableRow = false;
    std::vector<Item> items;
};

RosterPainter::RosterPainter(const RosterData &data, const QStringList &families)
    : m_data(data)
    , m_families(families.isEmpty() ? TextMetrics::defaultFamilies() : families)
{ }

std::vector<RosterPainter::Block> RosterPainter::blocks(qreal width) const
{
    const QFont title = TextMetrics::font(m_families, kTitlePoints, true);
    const QFont body = TextMetrics::font(m_families, kBodyPoints);
    const QFont bold = TextMetrics::font(m_families, kBodyPoints, true);
    const QFont small = TextMetrics::font(m_families, kSmallPoints);
    const QFont smallBold = TextMetrics::font(m_families, kSmallPoints, true);
    const qreal lb = TextMetrics::lineHeight(body);
    std::vector<Block> out;

    auto textBlock = [&](const QString &t, const QFont &f, qreal gapAfter, qreal indent = 0) {
        const QString wrapped = TextMetrics::wrap(f, t, width - indent).join(QLatin1Char('\n'));
        const QSizeF s = TextMetrics::size(f, wrapped);
        Block b;
        b.items.push_back({QRectF(indent, 0, s.width(), s.height()), wrapped, f});
        b.height = s.height() + gapAfter;
        out.push_back(std::move(b));
    };

    textBlock(m_data.fleetName.isEmpty() ? QStringLiteral("Fleet") : m_data.fleetName, title,
              0.4 * lb);
    QStringList info;
    if (!m_data.factionName.isEmpty())
        info << QStringLiteral("Faction: %1").arg(m_data.factionName);
    info << (m_data.limit > 0
                 ? QStringLiteral("Points: %1 / %2").arg(m_data.points).arg(m_data.limit)
                 : QStringLiteral("Points: %1").arg(m_data.points));
    if (!m_data.rules.isEmpty())
        info << QStringLiteral("Rules: %1").arg(m_data.rules);
    textBlock(info.join(QStringLiteral("  \u00b7  ")), body, 0.4 * lb);
    const QString verdict = !m_data.verdict.isEmpty()
        ? m_data.verdict
        : (m_data.legal ? QStringLiteral("legal") : QStringLiteral("NOT LEGAL"));
    if (m_data.legal && m_data.problems.isEmpty()) {
        textBlock(QStringLiteral("Validation: %1 fleet").arg(verdict), bold, 0.8 * lb);
    } else {
        textBlock(m_data.legal ? QStringLiteral("Validation: %1, with remarks:").arg(verdict)
                               : QStringLiteral("Validation: %1").arg(verdict),
                  bold, 0.2 * lb);
        for (const QString &p : m_data.problems)
            textBlock(QStringLiteral("- ") + p, body, 0.1 * lb, 2.0);
        out.back().height += 0.7 * lb;
    }

    // The table: Name, Unit, Type, TV, UC, Embarked on ("*": jwfleet's estimate).
    const QStringList headers {QStringLiteral("Name"), QStringLiteral("Unit"),
                               QStringLiteral("Type"), QStringLiteral("TV"),
                               QStringLiteral("UC"),   QStringLiteral("Embarked on")};
    const int cols = int(headers.size());
    std::vector<qreal> w(std::size_t(cols), 0);
    auto cellsOf = [](const RosterRow &r) {
        const QString star = QStringLiteral("*");
        return QStringList {r.name,
                            r.unitName,
                            r.type,
                            QString::number(r.tv) + (r.tvEstimate ? star : QString()),
                            r.unitCap > 0 ? QString::number(r.unitCap)
                                    + (r.unitCapEstimate ? star : QString())
                                          : QStringLiteral("-"),
                            r.embarkedOn};
    };
    for (int c = 0; c < cols; ++c)
        w[std::size_t(c)] = TextMetrics::width(smallBold, headers.at(c));
    for (const RosterRow &r : m_data.rows) {
        const QStringList cells = cellsOf(r);
        for (int c = 0; c < cols; ++c)
            w[std::size_t(c)] = std::max(w[std::size_t(c)], TextMetrics::width(body, cells.at(c)));
    }
    const qreal pad = 1.5 * lb;
    // Text columns share what is left when they are too wide; TV keeps its width.
    qreal total = pad * (cols - 1);
    for (qreal x : w)
        total += x;
    if (total > width) {
        const qreal fixed = w[3] + w[4] + pad * (cols - 1);
        const qreal scale = (width - fixed) / (total - fixed);
        for (int c = 0; c < cols; ++c) {
            if (c != 3 && c != 4)
                w[std::size_t(c)] *= scale;
        }
    }
    std::vector<qreal> x(std::size_t(cols), 0);
    for (int c = 1; c < cols; ++c)
        x[std::size_t(c)] = x[std::size_t(c - 1)] + w[std::size_t(c - 1)] + pad;
    auto align = [](int c) {
        return c == 3 || c == 4 ? Qt::AlignRight | Qt::AlignTop : Qt::AlignLeft | Qt::AlignTop;
    };

    Block header;
    header.tableHeader = true;
    const qreal hh = TextMetrics::lineHeight(smallBold);
    for (int c = 0; c < cols; ++c)
        header.items.push_back({QRectF(x[std::size_t(c)], 0, w[std::size_t(c)], hh), headers.at(c),
                                smallBold, align(c)});
    header.items.push_back({QRectF(0, hh + 0.3 * lb, width, kRule), {}, {}, {}, kRule});
    header.height = hh + 0.3 * lb + kRule + 0.3 * lb;
    out.push_back(header);

    int sum = 0;
    for (const RosterRow &r : m_data.rows) {
        const QStringList cells = cellsOf(r);
        Block row;
        row.tableRow = true;
        qreal h = lb;
        for (int c = 0; c < cols; ++c) {
            const QString t
                = TextMetrics::wrap(body, cells.at(c), w[std::size_t(c)]).join(QLatin1Char('\n'));
            const QSizeF s = TextMetrics::size(body, t);
            row.items.push_back({QRectF(x[std::size_t(c)], 0.15 * lb,
                                        std::max(w[std::size_t(c)], s.width()), s.height()),
                                 t, body, align(c)});
            h = std::max(h, s.height());
        }
        row.items.push_back({QRectF(0, h + 0.3 * lb, width, kThin), {}, {}, {}, kThin});
        row.height = h + 0.3 * lb + kThin;
        out.push_back(std::move(row));
        sum += r.tv;
    }
    bool anyEstimate = false;
    for (const RosterRow &r : m_data.rows)
        anyEstimate |= r.tvEstimate || r.unitCapEstimate;
    Block spacer;
    spacer.height = 0.3 * lb;
    out.push_back(spacer);
    textBlock(QStringLiteral("%1 models, %2 TV").arg(m_data.rows.size()).arg(sum), bold, 0.6 * lb);
    // Subtotals against each percentage rule, as the validator counts them.
    for (const QString &s : m_data.subtotals)
        textBlock(s, body, 0.1 * lb);
    if (!m_data.subtotals.isEmpty())
        out.back().height += 0.5 * lb;
    if (anyEstimate)
        textBlock(QStringLiteral("* jwfleet's estimate, not a published value: check it against "
                                 "the printed card"),
                  small, 0);
    return out;
}

std::vector<std::vector<int>> RosterPainter::paginate(const std::vector<Block> &bs, qreal height)
{
    std::vector<std::vector<int>> pages(1);
    int header = -1;
    qreal y = 0;
    for (int i = 0; i < int(bs.size()); ++i) {
        const Block &b = bs[std::size_t(i)];
        if (b.tableHeader)
            header = i;
        if (y + b.height > height && !pages.back().empty()) {
            pages.emplace_back();
            y = 0;
            if (b.tableRow && header >= 0) {
                pages.back().push_back(header);
                y += bs[std::size_t(header)].height;
            }
        }
        pages.back().push_back(i);
        y += b.height;
    }
    return pages;
}

struct RosterPainter::Layout
{
    QSizeF area;
    std::vector<Block> blocks;
    std::vector<std::vector<int>> pages; // indices into blocks
};

const RosterPainter::Layout &RosterPainter::layout(const QSizeF &area) const
{
    if (!m_layout || m_layout->area != area) {
        auto l = std::make_shared<Layout>();
        l->area = area;
        l->blocks = blocks(area.width());
        // Room for the footer ("Roster, page 1 of 3").
        const qreal footer
            = 2 * TextMetrics::lineHeight(TextMetrics::font(m_families, kSmallPoints));
        l->pages = paginate(l->blocks, area.height() - footer);
        m_layout = std::move(l);
    }
    return *m_layout;
}

int RosterPainter::pageCount(const QSizeF &area) const
{
    return int(layout(area).pages.size());
}

void RosterPainter::paint(QPainter *p, const QRectF &area, int page) const
{
    const QFont small = TextMetrics::font(m_families, kSmallPoints);
    const qreal smallH = TextMetrics::lineHeight(small);
    const Layout &l = layout(area.size());
    const auto &pages = l.pages;
    if (page < 0 || page >= int(pages.size()))
        return;
    p->save();
    p->setRenderHint(QPainter::Antialiasing);
    p->setRenderHint(QPainter::TextAntialiasing);
    qreal y = area.top();
    for (const int index : pages[std::size_t(page)]) {
        const Block *b = &l.blocks[std::size_t(index)];
        for (const Item &i : b->items) {
            const QRectF r = i.rect.translated(area.left(), y);
            if (i.text.isEmpty() && i.rule > 0) {
                QPen pen(Qt::black);
                pen.setWidthF(i.rule);
                pen.setCapStyle(Qt::FlatCap);
                p->setPen(pen);
                p->drawLine(QPointF(r.left(), r.center().y()), QPointF(r.right(), r.center().y()));
            } else {
                p->setPen(Qt::black);
                TextMetrics::draw(p, r, i.font, i.align, i.text);
            }
        }
        y += b->height;
    }
    if (pages.size() > 1) {
        const QString t = QStringLiteral("Roster, page %1 of %2").arg(page + 1).arg(pages.size());
        p->setPen(Qt::black);
        TextMetrics::draw(p, QRectF(area.left(), area.bottom() - smallH, area.width(), smallH),
                          small, Qt::AlignRight | Qt::AlignVCenter, t);
    }
    p->restore();
}

} // namespace jw
