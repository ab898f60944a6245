// SPDX-License-Identifier: GPL-3.0-or-later
#include "render/cardsheet.h"

#include "io/outputfile.h"

#include <QPageLayout>
#include <QPageSize>
#include <QPagedPaintDevice>
#include <QPainter>
#include <QPdfWriter>

#include <algorithm>

namespace jw {

QString pageFormatId(PageFormat f)
{
    return f == PageFormat::Letter ? QStringLiteral("letter") : QStringLiteral("a4");
}

std::optional<PageFormat> pageFormatFromId(const QString &id)
{
    if (id.compare(QLatin1String("a4"), Qt::CaseInsensitive) == 0)
        return PageFormat::A4;
    if (id.compare(QLatin1String("letter"), Qt::CaseInsensitive) == 0)
        return PageFormat::Letter;
    return std::nullopt;
}

QSizeF pageFormatMm(PageFormat f)
{
    return f == PageFormat::Letter ? QSizeF(215.9, 279.4) : QSizeF(210.0, 297.0);
}

namespace {

QPageSize pageSize(PageFormat f)
{
    return QPageSize(f == PageFormat::Letter ? QPageSize::Letter : QPageSize::A4);
}

// Maps page millimetres onto the device's painter coordinates, whatever the
// device's resolution and (for printers) unprintable margins.
void pageTransform(QPainter *p, QPagedPaintDevice *device)
{
    const QRectF paint = device->pageLayout().paintRect(QPageLayout::Millimeter);
    p->resetTransform();
    p->scale(device->logicalDpiX() / 25.4, device->logicalDpiY() / 25.4);
    p->translate(-paint.topLeft());
}

} // namespace

CardSize CardSheet::defaultCardSize(int cardsPerPage)
{
    switch (cardsPerPage) {
    case 1:
        return CardSize::Jumbo;
    case 2:
        return CardSize::Large;
    default:
        return CardSize::Standard;
    }
}

CardSheet::CardSheet(const SheetOptions &options)
    : m_options(options)
{
    SheetGeometry &g = m_geometry;
    g.cardSize = options.cardSize.value_or(defaultCardSize(options.cardsPerPage));
    const int n = options.cardsPerPage;
    if (n != 1 && n != 2 && n != 4) {
        g.error = QStringLiteral("%1 cards per page: choose 1, 2 or 4").arg(n);
        return;
    }
    const CardSizeInfo &info = cardSizeInfo(g.cardSize);
    const QSizeF card = info.mm;
    const QSizeF portrait = pageFormatMm(options.page);
    // Columns x rows to try, in order of preference; portrait pages first.
    std::vector<std::pair<int, int>> grids;
    if (n == 1)
        grids = {{1, 1}};
    else if (n == 2)
        grids = {{1, 2}, {2, 1}};
    else
        grids = {{2, 2}};
    if (n == 1) {
        // One card to a page uses the page: the card scaled to fill the area
        // inside the margins, its proportions kept, on the page's orientation
        // that makes it largest (portrait when both do equally).
        qreal best = 0;
        for (const bool landscape : {false, true}) {
            const QSizeF page = landscape ? portrait.transposed() : portrait;
            const qreal availW = page.width() - 2 * options.marginMm;
            const qreal availH = page.height() - 2 * options.marginMm;
            const qreal scale = std::min(availW / card.width(), availH / card.height());
            if (scale <= best + 1e-9)
                continue;
            best = scale;
            g.pageMm = page;
            g.landscape = landscape;
            const QSizeF size = card * scale;
            g.slots = {QRectF(
                QPointF((page.width() - size.width()) / 2, (page.height() - size.height()) / 2),
                size)};
        }
        if (best > 0)
            return;
    }
    for (const bool landscape : {false, true}) {
        const QSizeF page = landscape ? portrait.transposed() : portrait;
        const qreal availW = page.width() - 2 * options.marginMm;
        const qreal availH = page.height() - 2 * options.marginMm;
        for (const auto &[cols, rows] : grids) {
            const qreal needW = cols * card.width() + (cols - 1) * options.gapMm;
            const qreal needH = rows * card.height() + (rows - 1) * options.gapMm;
            if (needW > availW + 1e-6 || needH > availH + 1e-6)
                continue;
            g.pageMm = page;
            g.landscape = landscape;
            const qreal x0 = (page.width() - needW) / 2;
            const qreal y0 = (page.height() - needH) / 2;
            for (int r = 0; r < rows; ++r) {
                for (int c = 0; c < cols; ++c)
                    g.slots.emplace_back(x0 + c * (card.width() + options.gapMm),
                                         y0 + r * (card.height() + options.gapMm), card.width(),
                                         card.height());
            }
            return;
        }
    }
    g.error = QStringLiteral("%1 %2 cards (%3 x %4 mm) do not fit on one %5 page")
                  .arg(n)
                  .arg(info.id)
                  .arg(card.width())
                  .arg(card.height())
                  .arg(options.page == PageFormat::Letter ? QStringLiteral("Letter")
                                                          : QStringLiteral("A4"));
}

QRectF CardSheet::contentRect() const
{
    const qreal m = m_options.marginMm;
    return QRectF(QPointF(m, m), m_geometry.pageMm - QSizeF(2 * m, 2 * m));
}

std::vector<std::vector<SheetPlacement>>
CardSheet::paginate(const std::vector<CardLayout> &cards) const
{
    std::vector<std::vector<SheetPlacement>> pages;
    const int perPage = int(m_geometry.slots.size());
    if (perPage == 0)
        return pages;
    int used = perPage; // forces a first page
    for (int i = 0; i < int(cards.size()); ++i) {
        const int faces = cards[std::size_t(i)].faceCount();
        // Keep a card's faces together when a page can hold them.
        if (used + faces > perPage && faces <= perPage)
            used = perPage;
        for (int f = 0; f < faces; ++f) {
            if (used == perPage) {
                pages.emplace_back();
                used = 0;
            }
            pages.back().push_back({i, f, used++});
        }
    }
    return pages;
}

int CardSheet::pageCount(const std::vector<CardLayout> &cards, const RosterData *roster) const
{
    int n = int(paginate(cards).size());
    if (roster)
        n += RosterPainter(*roster).pageCount(contentRect().size());
    return n;
}

RenderResult CardSheet::print(QPagedPaintDevice *device, const std::vector<CardLayout> &cards,
                              const RosterData *roster, const std::vector<CardMarks> &marks) const
{
    RenderResult result;
    if (!isValid()) {
        result.error = error();
        return result;
    }
    if (cards.empty() && !roster) {
        result.error = QStringLiteral("nothing to print");
        return result;
    }
    const QPageLayout layout(pageSize(m_options.page),
                             m_geometry.landscape ? QPageLayout::Landscape : QPageLayout::Portrait,
                             QMarginsF(0, 0, 0, 0), QPageLayout::Millimeter);
    if (!device->setPageLayout(layout)) {
        // A printer with unprintable edges: keep its margins (ours are wider).
        device->setPageSize(layout.pageSize());
        device->setPageOrientation(layout.orientation());
    }

    QPainter p;
    if (!p.begin(device)) {
        result.error = QStringLiteral("cannot paint on the output device");
        return result;
    }
    bool first = true;
    auto nextPage = [&]() {
        if (!first)
            device->newPage();
        first = false;
        pageTransform(&p, device);
        ++result.pages;
    };
    if (roster) {
        const RosterPainter rp(*roster);
        const int n = rp.pageCount(contentRect().size());
        for (int i = 0; i < n; ++i) {
            nextPage();
            rp.paint(&p, contentRect(), i);
        }
    }
    static const CardMarks fresh;
    for (const std::vector<SheetPlacement> &page : paginate(cards)) {
        nextPage();
        for (const SheetPlacement &pl : page) {
            const CardMarks &m = pl.card < int(marks.size()) ? marks[std::size_t(pl.card)] : fresh;
            CardPainter(cards[std::size_t(pl.card)])
                .paint(&p, m_geometry.slots[std::size_t(pl.slot)], m, pl.face);
        }
    }
    if (!p.end()) {
        result.error = QStringLiteral("painting failed");
        return result;
    }
    result.ok = true;
    return result;
}

namespace {

// Writes a PDF through io::OutputFile (atomic for a regular file, in place for
// a FIFO or /dev/stdout; a folder is refused): `draw` paints on the writer; a
// regular file is replaced only when it succeeded.
template<class Draw>
RenderResult savePdf(const QString &path, const QString &title, Draw &&draw)
{
    RenderResult result;
    io::OutputFile file(path);
    if (!file.open()) {
        result.error = file.errorString();
        return result;
    }
    {
        QPdfWriter writer(file.device());
        writer.setCreator(QStringLiteral("jwfleet " JW_VERSION));
        if (!title.isEmpty())
            writer.setTitle(title);
        result = draw(writer);
    }
    if (!result.ok) {
        file.cancel();
        return result;
    }
    if (!file.commit()) {
        result.ok = false;
        result.error = file.errorString();
    }
    return result;
}

} // namespace

RenderResult CardSheet::writePdf(const QString &path, const std::vector<CardLayout> &cards,
                                 const RosterData *roster, const QString &title,
                                 const std::vector<CardMarks> &marks) const
{
    if (!isValid()) {
        RenderResult result;
        result.error = error();
        return result;
    }
    return savePdf(path, title,
                   [&](QPdfWriter &writer) { return print(&writer, cards, roster, marks); });
}

RenderResult CardSheet::writeCardPdf(const QString &path, const CardLayout &card,
                                     const CardMarks &marks)
{
    return savePdf(path, card.unitName(), [&](QPdfWriter &writer) {
        RenderResult result;
        writer.setPageLayout(QPageLayout(QPageSize(card.size(), QPageSize::Millimeter,
                                                   QStringLiteral("Card"), QPageSize::ExactMatch),
                                         QPageLayout::Portrait, QMarginsF(0, 0, 0, 0),
                                         QPageLayout::Millimeter));
        QPainter p;
        if (!p.begin(&writer)) {
            result.error = QStringLiteral("cannot paint on the PDF");
            return result;
        }
        for (int face = 0; face < card.faceCount(); ++face) {
            if (face > 0)
                writer.newPage();
            pageTransform(&p, &writer);
            CardPainter(card).paint(&p, card.rect(), marks, face);
            ++result.pages;
        }
        p.end();
        result.ok = true;
        return result;
    });
}

} // namespace jw
