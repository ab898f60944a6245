// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/textcheck.h"

namespace jw::io {

namespace {

QString hex(char16_t u)
{
    return QString::number(u, 16).rightJustified(4, QLatin1Char('0')).toUpper();
}

QString problem(const QString &text, int maxLength, bool freeText)
{
    if (text.size() > maxLength) {
        return QStringLiteral("is too long: %1 characters, at most %2")
            .arg(text.size())
            .arg(maxLength);
    }
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        const char16_t u = c.unicode();
        if (freeText && (u == u'\n' || u == u'\t' || u == u'\r'))
            continue;
        if (c.category() == QChar::Other_Control) {
            return QStringLiteral("holds a control character (U+%1) at character %2")
                .arg(hex(u))
                .arg(i + 1);
        }
        if ((u >= 0x202A && u <= 0x202E) || (u >= 0x2066 && u <= 0x2069)) {
            return QStringLiteral("holds a character that reorders text (U+%1) at character %2")
                .arg(hex(u))
                .arg(i + 1);
        }
        if (c.isHighSurrogate()) {
            if (i + 1 < text.size() && text.at(i + 1).isLowSurrogate()) {
                ++i;
                continue;
            }
            return QStringLiteral("is not valid text at character %1").arg(i + 1);
        }
        if (c.isLowSurrogate())
            return QStringLiteral("is not valid text at character %1").arg(i + 1);
    }
    return {};
}

} // namespace

QString nameProblem(const QString &text, int maxLength)
{
    return problem(text, maxLength, false);
}

QString textProblem(const QString &text, int maxLength)
{
    return problem(text, maxLength, true);
}

} // namespace jw::io
