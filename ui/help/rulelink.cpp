// SPDX-License-Identifier: GPL-3.0-or-later
#include "help/rulelink.h"

#include "help/rulesreference.h"

#include <QCoreApplication>
#include <QLabel>
#include <QUrl>

namespace jw::help {

namespace {
const QString kPrefix = QStringLiteral("jwrule:");
}

QString ruleLink(const QString &rule)
{
    if (!RulesReference::canOpen(rule))
        return escaped(rule);
    return QStringLiteral("<a href=\"%1%2\" title=\"%3\">%4</a>")
        .arg(kPrefix, QString::fromUtf8(QUrl::toPercentEncoding(rule)),
             QCoreApplication::translate("jw::HelpMenu", "Open this rule in the Rules Reference")
                 .toHtmlEscaped(),
             escaped(rule));
}

QString escaped(QString text)
{
    text.replace(QLatin1Char('&'), QStringLiteral("&amp;"));
    text.replace(QLatin1Char('<'), QStringLiteral("&lt;"));
    text.replace(QLatin1Char('>'), QStringLiteral("&gt;"));
    return text;
}

QString ruleOfLink(const QString &link)
{
    if (!link.startsWith(kPrefix))
        return {};
    return QUrl::fromPercentEncoding(link.mid(kPrefix.size()).toUtf8());
}

void followRuleLinks(QLabel *label)
{
    label->setTextInteractionFlags(label->textInteractionFlags() | Qt::LinksAccessibleByMouse
                                   | Qt::LinksAccessibleByKeyboard);
    label->setOpenExternalLinks(false);
    QObject::connect(label, &QLabel::linkActivated, label, [](const QString &link) {
        const QString rule = ruleOfLink(link);
        if (!rule.isEmpty())
            RulesReference::open(rule);
    });
}

} // namespace jw::help
