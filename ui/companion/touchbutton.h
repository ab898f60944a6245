// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QPushButton>

namespace jw {

// A push button for a finger on a table-side screen: at least kMinHeight pixels
// high, a larger font, and its text wrapped over several lines rather than cut
// off (the engine's options can be long sentences).
class TouchButton : public QPushButton
{
    Q_OBJECT
public:
    static constexpr int kMinHeight = 48;

    explicit TouchButton(const QString &text, QWidget *parent = nullptr);

    [[nodiscard]] QSize sizeHint() const override;
    [[nodiscard]] QSize minimumSizeHint() const override;
    [[nodiscard]] bool hasHeightForWidth() const override { return true; }
    [[nodiscard]] int heightForWidth(int width) const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    [[nodiscard]] QRect textRect(const QRect &r) const;
};

} // namespace jw
