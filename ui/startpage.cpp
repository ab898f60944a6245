// SPDX-License-Identifier: GPL-3.0-or-later
#include "startpage.h"

#include <QAbstractButton>
#include <QBoxLayout>
#include <QLabel>

namespace jw {

QFont StartPage::scaled(QFont f, qreal factor, bool bold)
{
    f.setPointSizeF(f.pointSizeF() * factor);
    f.setBold(bold);
    return f;
}

StartPage::StartPage(const QString &title, const QString &text, QWidget *parent)
    : QWidget(parent)
{
    // A column of reading width, centred.
    auto *centre = new QHBoxLayout(this);
    auto *inner = new QWidget;
    inner->setMaximumWidth(960);
    centre->addStretch(1);
    centre->addWidget(inner, 100);
    centre->addStretch(1);
    m_column = new QVBoxLayout(inner);
    m_column->setContentsMargins(32, 32, 32, 32);
    m_column->addStretch(1);
    m_title = new QLabel(title);
    m_title->setFont(scaled(m_title->font(), 1.8, true));
    m_title->setWordWrap(true);
    m_title->setAccessibleName(title);
    m_column->addWidget(m_title);
    m_text = new QLabel(text);
    m_text->setWordWrap(true);
    m_text->setFont(scaled(m_text->font(), 1.15));
    m_column->addWidget(m_text);
    m_buttons = new QHBoxLayout;
    m_buttons->addStretch(1);
    m_column->addLayout(m_buttons);
    m_column->addStretch(2);
}

void StartPage::addButton(QAbstractButton *button)
{
    m_buttons->insertWidget(m_buttons->count() - 1, button);
}

void StartPage::addWidget(QWidget *widget)
{
    m_column->insertWidget(m_column->count() - 1, widget);
}

} // namespace jw
