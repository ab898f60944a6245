// SPDX-License-Identifier: GPL-3.0-or-later
#include "help/gettingstarted.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QLocale>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace jw {

GettingStarted::GettingStarted(QWidget *parent)
    : QWidget(parent, Qt::Window)
    , m_browser(new QTextBrowser(this))
{
    setWindowTitle(tr("Getting Started"));
    setObjectName(QStringLiteral("gettingStarted"));
    m_browser->setObjectName(QStringLiteral("gettingStartedText"));
    m_browser->setOpenExternalLinks(true);
    m_browser->setAccessibleName(tr("Getting Started"));
    QFile f(resourceFor(QLocale()));
    if (f.open(QIODevice::ReadOnly))
        m_browser->document()->setMarkdown(QString::fromUtf8(f.readAll()),
                                           QTextDocument::MarkdownDialectGitHub);
    // Room between the paragraphs of a text to read, not a form.
    m_browser->document()->setDocumentMargin(16);
    m_browser->moveCursor(QTextCursor::Start); // open at the top, not where the text ends
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QWidget::close);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_browser, 1);
    layout->addWidget(buttons);
    resize(760, 640);
}

QString GettingStarted::resourceFor(const QLocale &locale)
{
    for (const QString &lang : locale.uiLanguages()) {
        const QString code = lang.section(QLatin1Char('-'), 0, 0).toLower();
        const QString path = QStringLiteral(":/help/getting-started.%1.md").arg(code);
        if (QFile::exists(path))
            return path;
    }
    return QStringLiteral(":/help/getting-started.md");
}

} // namespace jw
