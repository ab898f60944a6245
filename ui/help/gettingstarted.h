// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QTextBrowser;

namespace jw {

// Help › Getting Started: a short guide (the first fleet, the first game, a
// game on a physical table, a campaign) in the application's language.
class GettingStarted : public QWidget
{
    Q_OBJECT

public:
    explicit GettingStarted(QWidget *parent = nullptr);

    // The guide's resource for a language: ":/help/getting-started.de.md", or
    // the English one when there is none for it.
    [[nodiscard]] static QString resourceFor(const QLocale &locale);
    [[nodiscard]] QTextBrowser *browser() const { return m_browser; }

private:
    QTextBrowser *m_browser;
};

} // namespace jw
