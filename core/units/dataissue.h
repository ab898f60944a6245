// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace jw {

// A problem found in a data file, with where it is. Printed as
// "file:line:column: message" (the form compilers use, so editors can jump to it).
struct DataIssue
{
    enum class Severity {
        Error,
        Warning
    };

    QString file;
    int line = 0; // 1-based; 0 when unknown
    int column = 0; // 1-based; 0 when unknown
    QString message;
    Severity severity = Severity::Error;

    [[nodiscard]] bool isError() const { return severity == Severity::Error; }
    [[nodiscard]] QString toString() const
    {
        QString where = file;
        if (line > 0) {
            where += QLatin1Char(':') + QString::number(line);
            if (column > 0)
                where += QLatin1Char(':') + QString::number(column);
        }
        return where + (isError() ? QStringLiteral(": error: ") : QStringLiteral(": warning: "))
            + message;
    }
};

} // namespace jw
