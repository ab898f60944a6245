// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

namespace jw {

class CardView;

// A window showing one unit card at full size or larger, following another
// card view (the game table's card dock): the same CardView, so the same
// CardPainter as every other card, with its damage marks. Resizable; the card
// scales to fill it.
class CardViewer : public QWidget
{
    Q_OBJECT
public:
    explicit CardViewer(QWidget *parent = nullptr);

    [[nodiscard]] CardView *cardView() const { return m_view; }
    // Shows what `source` shows, now and whenever it changes.
    void follow(CardView *source);

private:
    void sync();

    CardView *m_view = nullptr;
    CardView *m_source = nullptr;
};

} // namespace jw
