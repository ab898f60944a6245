// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "render/cardlayout.h"
#include "render/cardmarks.h"

#include <QWidget>

#include <optional>

namespace jw {

// A unit card on screen, painted by the same CardPainter as PDF, printer and
// PNG. Keeps the card's proportions; a card with a back flips on click.
class CardView : public QWidget
{
    Q_OBJECT
public:
    explicit CardView(QWidget *parent = nullptr);

    void setUnit(const Unit *unit, const CardOptions &options = {});
    void setMarks(const CardMarks &marks);
    [[nodiscard]] const Unit *unit() const { return m_unit; }
    [[nodiscard]] const CardOptions &options() const { return m_options; }
    [[nodiscard]] const CardMarks &marks() const { return m_marks; }
    [[nodiscard]] const CardLayout *layout() const { return m_layout ? &*m_layout : nullptr; }
    [[nodiscard]] int face() const { return m_face; }
    // What it says with no card (empty: "Select a unit to see its card.").
    void setPlaceholder(const QString &text);
    void setFace(int face);

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;

Q_SIGNALS:
    // Another unit, other options or other marks (a viewer showing the same card follows).
    void cardChanged();
    // Double-clicked: the card wanted larger.
    void enlargeRequested();

protected:
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;

private:
    [[nodiscard]] QRectF cardRect() const;
    std::optional<CardLayout> m_layout;
    const Unit *m_unit = nullptr;
    CardOptions m_options;
    CardMarks m_marks;
    QString m_placeholder;
    int m_face = 0;
};

} // namespace jw
