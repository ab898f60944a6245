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
    return sentence(DataText(file));
}

DataText DataIssue::sentence(const DataText &fileName) const
{
    // file:line:column, the name translated when it is a phrase: the parts joined (no
    // template of its own).
    std::vector<DataText> where {fileName};
    if (line > 0) {
        where.emplace_back(line);
        if (column > 0)
            where.emplace_back(column);
    }
    const DataText word = isError() ? DataText::of(QT_TRANSLATE_NOOP("jw::Data", "error"))
                                    : DataText::of(QT_TRANSLATE_NOOP("jw::Data", "warning"));
    const DataText place = fileName.isTranslatable()
        ? DataText::joined(where, QStringLiteral(":"))
        : DataText(DataText::joined(where, QStringLiteral(":")).english());
    return DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: %2: %3"),
                        {place, word, text.isEmpty() ? DataText(message) : text});
}

DataText issuesSentence(const std::vector<DataIssue> &issues)
{
    std::vector<DataText> lines;
    for (const DataIssue &i : issues)
        lines.push_back(i.sentence());
    return DataText::joined(lines, QStringLiteral("\n"));
}

DataText issuesSentence(const std::vector<DataIssue> &issues, const DataText &fileName)
{
    std::vector<DataText> lines;
    for (const DataIssue &i : issues)
        lines.push_back(i.file == fileName.english() ? i.sentence(fileName) : i.sentence());
    return DataText::joined(lines, QStringLiteral("\n"));
}

} // namespace jw
