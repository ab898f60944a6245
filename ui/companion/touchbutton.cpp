// SPDX-License-Identifier: GPL-3.0-or-later
#include "companion/touchbutton.h"

#include <QStyleOptionButton>
#include <QStylePainter>

namespace jw {

namespace {
constexpr int kPadX = 12;
constexpr int kPadY = 8;
constexpr int kMenuArrow = 20;
} // namespace

TouchButton::TouchButton(const QString &text, QWidget *parent)
    : QPushButton(text, parent)
{
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() * 1.15);
    setFont(f);
    QSizePolicy p(QSizePolicy::Preferred, QSizePolicy::Minimum);
    p.setHeightForWidth(true);
    setSizePolicy(p);
    setMinimumHeight(kMinHeight);
}

QRect TouchButton::textRect(const QRect &r) const
{
    // Room on the right for the arrow of a button with a menu.
    return r.adjusted(kPadX, kPadY, -kPadX - (menu() ? kMenuArrow : 0), -kPadY);
}

QSize TouchButton::sizeHint() const
{
    // As wide as the text on one line, up to a reasonable column; then it wraps.
    const int w = std::min(
        fontMetrics().horizontalAdvance(text()) + 2 * kPadX + 4 + (menu() ? kMenuArrow : 0), 420);
    return {std::max(w, 2 * kMinHeight), heightForWidth(w)};
}

QSize TouchButton::minimumSizeHint() const
{
    return {kMinHeight, kMinHeight};
}

int TouchButton::heightForWidth(int width) const
{
    const QRect r = fontMetrics().boundingRect(textRect(QRect(0, 0, width, 10000)),
                                               Qt::TextWordWrap | Qt::AlignCenter, text());
    return std::max(kMinHeight, r.height() + 2 * kPadY);
}

void TouchButton::paintEvent(QPaintEvent *)
{
    QStylePainter p(this);
    QStyleOptionButton option;
    initStyleOption(&option);
    const QString label = option.text;
    option.text.clear();
    p.drawControl(QStyle::CE_PushButton, option);
    p.setPen(
        palette().color(isEnabled() ? QPalette::Active : QPalette::Disabled, QPalette::ButtonText));
    p.drawText(textRect(rect()), Qt::TextWordWrap | Qt::AlignCenter, label);
}

} // namespace jw
