// SPDX-License-Identifier: GPL-3.0-or-later
#include "table/chatpanel.h"

#include "net/protocol.h"

#include <QBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QTextBrowser>

namespace jw {

ChatPanel::ChatPanel(QWidget *parent)
    : QWidget(parent)
    , m_view(new QTextBrowser)
    , m_input(new QLineEdit)
    , m_send(new QPushButton(tr("Send")))
{
    setObjectName(QStringLiteral("chatPanel"));
    auto *l = new QVBoxLayout(this);
    l->setContentsMargins(2, 2, 2, 2);
    m_view->setObjectName(QStringLiteral("chatView"));
    m_view->setOpenLinks(false);
    l->addWidget(m_view, 1);
    auto *row = new QHBoxLayout;
    m_input->setObjectName(QStringLiteral("chatInput"));
    m_input->setPlaceholderText(tr("Message to the other player…"));
    m_input->setMaxLength(net::kMaxChatChars);
    m_input->setClearButtonEnabled(true);
    m_send->setObjectName(QStringLiteral("chatSend"));
    row->addWidget(m_input, 1);
    row->addWidget(m_send);
    l->addLayout(row);
    connect(m_input, &QLineEdit::returnPressed, this, &ChatPanel::send);
    connect(m_send, &QPushButton::clicked, this, &ChatPanel::send);
}

void ChatPanel::send()
{
    const QString text = m_input->text().trimmed();
    if (text.isEmpty())
        return;
    m_input->clear();
    Q_EMIT sendRequested(text);
}

void ChatPanel::addMessage(const QString &who, const QString &text, bool mine)
{
    // The names and words are the players': escaped, never read as markup.
    m_view->append(QStringLiteral("<p><b style=\"color:%1\">%2:</b> %3</p>")
                       .arg(mine ? palette().color(QPalette::Link).name()
                                 : (palette().color(QPalette::Base).lightness() < 128
                                        ? QStringLiteral("#fbbf24")
                                        : QStringLiteral("#b45309")),
                            who.toHtmlEscaped(), text.toHtmlEscaped()));
    m_view->verticalScrollBar()->setValue(m_view->verticalScrollBar()->maximum());
}

void ChatPanel::addNote(const QString &text)
{
    m_view->append(QStringLiteral("<p><i>%1</i></p>").arg(text.toHtmlEscaped()));
    m_view->verticalScrollBar()->setValue(m_view->verticalScrollBar()->maximum());
}

void ChatPanel::clear()
{
    m_view->clear();
}

QString ChatPanel::transcript() const
{
    return m_view->toPlainText();
}

} // namespace jw
