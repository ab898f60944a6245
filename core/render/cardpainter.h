// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "render/cardlayout.h"
#include "render/cardmarks.h"

#include <QImage>
#include <QRectF>
#include <QString>
#include <QTransform>

class QPainter;

namespace jw {

// What writing a file produced: ok, or why not.
struct RenderResult
{
    bool ok = false;
    QString error;
    int pages = 0; // PDF pages written
};

// Paints a CardLayout onto any QPainter: a widget on screen, QPdfWriter,
// QPrinter, QImage. One code path for all of them: what is tested on an image
// is what is printed. Black on white, thin lines, no filled areas.
class CardPainter
{
public:
    explicit CardPainter(const CardLayout &layout)
        : m_layout(layout)
    { }

    // Paints `face` scaled to fit `target` (painter coordinates), centred, keeping
    // the card's proportions; `marks` crosses out boxes.
    void paint(QPainter *painter, const QRectF &target, const CardMarks &marks = {},
               int face = 0) const;

    // Card millimetres to `target` coordinates, as paint() maps them.
    [[nodiscard]] QTransform transform(const QRectF &target) const;

    // The card as an image of `dpi` dots per inch on white.
    [[nodiscard]] QImage toImage(int dpi = 300, const CardMarks &marks = {}, int face = 0) const;
    // The image as a PNG file, written through io::OutputFile (atomic for a
    // regular file; a FIFO or /dev/stdout is written in place).
    [[nodiscard]] RenderResult writePng(const QString &path, int dpi = 300,
                                        const CardMarks &marks = {}, int face = 0) const;

private:
    const CardLayout &m_layout;
};

} // namespace jw
