// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "render/cardlayout.h"
#include "render/cardmarks.h"
#include "render/cardpainter.h"
#include "render/rosterpainter.h"

#include <QRectF>
#include <QSizeF>
#include <QString>

#include <optional>
#include <vector>

class QPagedPaintDevice;

namespace jw {

enum class PageFormat {
    A4,
    Letter
};

[[nodiscard]] QString pageFormatId(PageFormat f); // "a4", "letter"
[[nodiscard]] std::optional<PageFormat> pageFormatFromId(const QString &id);
[[nodiscard]] QSizeF pageFormatMm(PageFormat f); // portrait

struct SheetOptions
{
    PageFormat page = PageFormat::A4;
    int cardsPerPage = 4; // 1, 2 or 4
    std::optional<CardSize> cardSize; // default: CardSheet::defaultCardSize(cardsPerPage)
    qreal marginMm = 10; // page margin, also keeps clear of printers' unprintable edges
    qreal gapMm = 4; // between cards, room to cut
};

// Where the cards go on a page.
struct SheetGeometry
{
    QString error; // empty when the cards fit
    CardSize cardSize = CardSize::Standard;
    QSizeF pageMm; // as oriented
    bool landscape = false;
    // Card rects on the page, mm, row by row: the card's size, or (1 per page)
    // the card scaled to fill the page.
    std::vector<QRectF> slots;

    [[nodiscard]] bool isValid() const { return error.isEmpty(); }
};

// One card face in one slot of one page.
struct SheetPlacement
{
    int card = 0; // index into the cards printed
    int face = 0;
    int slot = 0;
};

// Pages of cards, 1, 2 or 4 to a page on A4 or Letter, and an optional roster
// page first. A card is never split: a card with a back (CardLayout::faceCount()
// > 1) keeps its faces on one page when the page holds them. The defaults:
//   1 per page: Jumbo (7 x 5 in) laid out, then scaled to fill the page inside
//               its margins (proportions kept; landscape on A4 and Letter)
//   2 per page: Large (6 x 4 in), stacked, portrait
//   4 per page: Standard (5 x 3.5 in), 2 x 2, landscape
// Painting goes through CardPainter and RosterPainter, onto any paged device
// (QPdfWriter here; QPrinter in the print dialog).
class CardSheet
{
public:
    explicit CardSheet(const SheetOptions &options = {});

    [[nodiscard]] static CardSize defaultCardSize(int cardsPerPage);

    [[nodiscard]] const SheetOptions &options() const { return m_options; }
    [[nodiscard]] const SheetGeometry &geometry() const { return m_geometry; }
    [[nodiscard]] bool isValid() const { return m_geometry.isValid(); }
    [[nodiscard]] QString error() const { return m_geometry.error; }
    [[nodiscard]] CardSize cardSize() const { return m_geometry.cardSize; }
    // The page area inside the margins, mm (where the roster goes).
    [[nodiscard]] QRectF contentRect() const;

    [[nodiscard]] std::vector<std::vector<SheetPlacement>>
    paginate(const std::vector<CardLayout> &cards) const;
    [[nodiscard]] int pageCount(const std::vector<CardLayout> &cards,
                                const RosterData *roster = nullptr) const;

    // Paints the roster (when given) and the cards onto `device`, one page after
    // another: sets the device's page layout and calls newPage(). The device's
    // painter is opened and closed here. `marks` (optional) go with `cards`.
    [[nodiscard]] RenderResult print(QPagedPaintDevice *device,
                                     const std::vector<CardLayout> &cards,
                                     const RosterData *roster = nullptr,
                                     const std::vector<CardMarks> &marks = {}) const;
    // The same, as a PDF file written through io::OutputFile (atomic for a
    // regular file; a FIFO or /dev/stdout is written in place).
    [[nodiscard]] RenderResult writePdf(const QString &path, const std::vector<CardLayout> &cards,
                                        const RosterData *roster = nullptr,
                                        const QString &title = {},
                                        const std::vector<CardMarks> &marks = {}) const;
    // One card as a PDF page of the card's own size (for print shops).
    [[nodiscard]] static RenderResult writeCardPdf(const QString &path, const CardLayout &card,
                                                   const CardMarks &marks = {});

private:
    SheetOptions m_options;
    SheetGeometry m_geometry;
};

} // namespace jw
