// SPDX-License-Identifier: GPL-3.0-or-later
#include "units/dataissue.h"

#include <QCoreApplication>

namespace jw {

QString DataIssue::format(bool translate) const
{
    QString out = file;
    if (line > 0) {
        out += QLatin1Char(':') + QString::number(line);
        if (column > 0)
            out += QLatin1Char(':') + QString::number(column);
    }
    const char *word = isError() ? QT_TRANSLATE_NOOP("jw::Data", "error")
                                 : QT_TRANSLATE_NOOP("jw::Data", "warning");
    out += QStringLiteral(": ")
        + (translate ? QCoreApplication::translate(DataText::kContext, word)
                     : QString::fromLatin1(word))
        + QStringLiteral(": ") + (translate ? localMessage() : message);
    return out;
}

DataText DataIssue::sentence() const
{
    QString where = file;
    if (line > 0) {
        where += QLatin1Char(':') + QString::number(line);
        if (column > 0)
            where += QLatin1Char(':') + QString::number(column);
    }
    const DataText word = isError() ? DataText::of(QT_TRANSLATE_NOOP("jw::Data", "error"))
                                    : DataText::of(QT_TRANSLATE_NOOP("jw::Data", "warning"));
    return DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: %2: %3"),
                        {where, word, text.isEmpty() ? DataText(message) : text});
}

DataText issuesSentence(const std::vector<DataIssue> &issues)
{
    if (issues.size() == 1)
        return issues.front().sentence();
    return DataText::localized(issuesText(issues, false), issuesText(issues, true));
}

} // namespace jw
