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
    [[nodiscard]] const CardLayout *layout() const { return m_layout ? &*m_layout : nullptr; }
    [[nodiscard]] int face() const { return m_face; }
    void setFace(int face);

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;

private:
    [[nodiscard]] QRectF cardRect() const;
    std::optional<CardLayout> m_layout;
    CardMarks m_marks;
    int m_face = 0;
};

} // namespace jw
