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

} // namespace jw
