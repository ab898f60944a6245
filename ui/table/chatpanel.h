// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QLineEdit;
class QPushButton;
class QTextBrowser;

namespace jw {

// The chat of a network game: the messages both ways and what happened on the connection
// (in italics), a line to type in, and Send (or Enter). Sends nothing itself: sendRequested().
class ChatPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ChatPanel(QWidget *parent = nullptr);

    void addMessage(const QString &who, const QString &text, bool mine);
    void addNote(const QString &text);
    void clear();
    [[nodiscard]] QLineEdit *input() const { return m_input; }
    [[nodiscard]] QPushButton *sendButton() const { return m_send; }
    // The text shown, plain (tests).
    [[nodiscard]] QString transcript() const;

Q_SIGNALS:
    void sendRequested(const QString &text);

private:
    void send();

    QTextBrowser *m_view;
    QLineEdit *m_input;
    QPushButton *m_send;
};

} // namespace jw
