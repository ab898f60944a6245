// SPDX-License-Identifier: GPL-3.0-or-later
#include "help/rulelink.h"

#include "help/ruleslibrary.h"
#include "help/rulesreference.h"

#include "units/dataissuerule.h"

#include <QCoreApplication>
#include <QLabel>
#include <QStringList>
#include <QUrl>

namespace jw::help {

namespace {
const QString kPrefix = QStringLiteral("jwrule:");
}

QString ruleLink(const QString &rule)
{
    return ruleLink(rule, rule);
}

QString ruleLink(const QString &rule, const QString &shown)
{
    if (rule.isEmpty() || !RulesReference::canOpen(rule))
        return escaped(shown);
    return QStringLiteral("<a href=\"%1%2\" title=\"%3\">%4</a>")
        .arg(kPrefix, QString::fromUtf8(QUrl::toPercentEncoding(rule)),
             QCoreApplication::translate("jw::HelpMenu", "Open this rule in the Rules Reference")
                 .toHtmlEscaped(),
             escaped(shown));
}

QString sectionLink(const QString &rule)
{
    const RulesLibrary &lib = RulesLibrary::shipped();
    const int i = rule.isEmpty() ? -1 : lib.find(rule);
    if (i < 0 || !RulesReference::canOpen(rule))
        return {};
    const RulesSection &s = lib.sections()[std::size_t(i)];
    const QString name = s.chapter.isEmpty() || s.chapter == s.title
        ? s.title
        : s.chapter + QStringLiteral(" › ") + s.title;
    return ruleLink(rule, name);
}

QString dataIssueRuleLinks(const std::vector<DataIssue> &issues)
{
    QStringList links;
    for (const DataIssue &i : issues) {
        const QString link = sectionLink(dataIssueRule(i));
        if (!link.isEmpty() && !links.contains(link))
            links << link;
    }
    return links.join(QStringLiteral(", "));
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
