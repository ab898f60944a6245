// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The page a screen shows before it has anything to show (no game on the table, no game
// tracked): a title, what the screen is for in a few sentences, and the buttons that start
// something, in a column of reading width in the middle. The Game Table and the Companion
// use it, so that the two look and read alike.

#include <QWidget>

class QAbstractButton;
class QBoxLayout;
class QLabel;

namespace jw {

class StartPage : public QWidget
{
    Q_OBJECT
public:
    StartPage(const QString &title, const QString &text, QWidget *parent = nullptr);

    // A button in the row of buttons, after those added before (the page owns it).
    void addButton(QAbstractButton *button);
    // A widget under the buttons (the page owns it), e.g. an offer to resume.
    void addWidget(QWidget *widget);

    [[nodiscard]] QLabel *title() const { return m_title; }
    [[nodiscard]] QLabel *text() const { return m_text; }

    // `f` at `factor` times its size, bold or not.
    [[nodiscard]] static QFont scaled(QFont f, qreal factor, bool bold = false);

private:
    QLabel *m_title = nullptr;
    QLabel *m_text = nullptr;
    QBoxLayout *m_column = nullptr;
    QBoxLayout *m_buttons = nullptr;
};

} // namespace jw
