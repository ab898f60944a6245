// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/textcheck.h"

namespace jw::io {

namespace {

QString hex(char16_t u)
{
    return QString::number(u, 16).rightJustified(4, QLatin1Char('0')).toUpper();
}

DataText problem(const QString &text, int maxLength, bool freeText)
{
    if (text.size() > maxLength) {
        return DataText::of(QT_TRANSLATE_NOOP("jw::Data", "is too long: %1 characters, at most %2"),
                            {text.size(), maxLength});
    }
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        const char16_t u = c.unicode();
        if (freeText && (u == u'\n' || u == u'\t' || u == u'\r'))
            continue;
        if (c.category() == QChar::Other_Control) {
            return DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "holds a control character (U+%1) at character %2"),
                {hex(u), i + 1});
        }
        if ((u >= 0x202A && u <= 0x202E) || (u >= 0x2066 && u <= 0x2069)) {
            return DataText::of(
                QT_TRANSLATE_NOOP("jw::Data",
                                  "holds a character that reorders text (U+%1) at character %2"),
                {hex(u), i + 1});
        }
        if (c.isHighSurrogate()) {
            if (i + 1 < text.size() && text.at(i + 1).isLowSurrogate()) {
                ++i;
                continue;
            }
            return DataText::of(QT_TRANSLATE_NOOP("jw::Data", "is not valid text at character %1"),
                                {i + 1});
        }
        if (c.isLowSurrogate())
            return DataText::of(QT_TRANSLATE_NOOP("jw::Data", "is not valid text at character %1"),
                                {i + 1});
    }
    return {};
}

} // namespace

DataText nameProblemText(const QString &text, int maxLength)
{
    return problem(text, maxLength, false);
}

DataText textProblemText(const QString &text, int maxLength)
{
    return problem(text, maxLength, true);
}

QString nameProblem(const QString &text, int maxLength)
{
    return nameProblemText(text, maxLength).english();
}

QString textProblem(const QString &text, int maxLength)
{
    return textProblemText(text, maxLength).english();
}

} // namespace jw::io
