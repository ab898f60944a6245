// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "units/datatext.h"

#include <QString>
#include <QStringList>

#include <vector>

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
    QString message; // English
    Severity severity = Severity::Error;
    // The message as a translatable sentence; empty for a message not yet typed (its
    // English is then shown in every language).
    DataText text;

    // An issue whose message is `text` (its English in `message`); `text` is kept when it can
    // be shown in the user's language (a template, or DataText::localized), not plain English.
    [[nodiscard]] static DataIssue make(const QString &file, int line, int column,
                                        const DataText &text, Severity severity = Severity::Error)
    {
        return DataIssue {file,           line,     column,
                          text.english(), severity, text.hasTranslation() ? text : DataText()};
    }

    [[nodiscard]] bool isError() const { return severity == Severity::Error; }
    // toString() as a sentence: its English is toString(), its translation toLocalString().
    [[nodiscard]] DataText sentence() const; // dataissue.cpp
    // The same with `fileName` (whose English is `file`: a phrase such as "the joiner's
    // fleet", not a path) translated too.
    [[nodiscard]] DataText sentence(const DataText &fileName) const;
    [[nodiscard]] QString toString() const { return format(false); }
    // The same in the user's language (the UI): "Flotte.jwfleet:3:7: Fehler: ...".
    [[nodiscard]] QString toLocalString() const { return format(true); }
    [[nodiscard]] QString localMessage() const
    {
        return text.isEmpty() ? message : text.translated();
    }

private:
    [[nodiscard]] QString format(bool translate) const; // dataissue.cpp
};

// issuesText() as a sentence: each issue's sentence(), one a line (DataText::joined), so that
// another program shows them in its user's language too.
[[nodiscard]] DataText issuesSentence(const std::vector<DataIssue> &issues);
// The same, an issue of the file `fileName` (a phrase, its English the issues' `file`: the
// name a reader was given for text that is not a file, "the joiner's fleet") with the name
// translated too.
[[nodiscard]] DataText issuesSentence(const std::vector<DataIssue> &issues,
                                      const DataText &fileName);

// Every issue, one "file:line:column: error: message" per line; `local`: in the user's
// language (DataIssue::toLocalString).
[[nodiscard]] inline QString issuesText(const std::vector<DataIssue> &issues, bool local)
{
    QStringList lines;
    for (const DataIssue &i : issues)
        lines << (local ? i.toLocalString() : i.toString());
    return lines.join(QLatin1Char('\n'));
}

} // namespace jw
