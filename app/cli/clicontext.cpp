// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/clicontext.h"

#include "units/useroverlay.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace {

// The words of `text`: split at spaces, except within square brackets ("[--page a4|letter]" is
// one word).
QStringList foldWords(const QString &text)
{
    QStringList words;
    QString word;
    int depth = 0;
    for (const QChar c : text) {
        if (c == QLatin1Char('['))
            ++depth;
        else if (c == QLatin1Char(']') && depth > 0)
            --depth;
        if (c == QLatin1Char(' ') && depth == 0) {
            if (!word.isEmpty())
                words << word;
            word.clear();
        } else {
            word += c;
        }
    }
    if (!word.isEmpty())
        words << word;
    return words;
}

} // namespace

namespace jw::cli {

std::optional<UnitDatabase> Context::database()
{
    UnitDatabase db
        = dataDir.isEmpty() ? UnitDatabase::loadShipped() : UnitDatabase::loadDirectory(dataDir);
    if (db.hasErrors() || db.units().empty()) {
        for (const DataIssue &i : db.issues())
            err << i.toString() << Qt::endl;
        if (db.units().empty() && !db.hasErrors())
            err << "jwfleet-cli: no units in " << dataDir << Qt::endl;
        err << "jwfleet-cli: the unit data has errors (run 'jwfleet-cli check-data')" << Qt::endl;
        return std::nullopt;
    }
    // Values the user entered from printed cards (the GUI's unit editor) read
    // over the shipped data, as the GUI does; never over --data, which is
    // checked as it is. A bad file is reported and ignored as a whole.
    const QString userFile = dataDir.isEmpty() ? UserOverlay::defaultPath() : QString();
    if (!userFile.isEmpty()) {
        const UserOverlay overlay = UserOverlay::load(userFile, db);
        for (const DataIssue &i : overlay.issues)
            err << i.toString() << Qt::endl;
        if (overlay.hasErrors())
            err << "jwfleet-cli: ignoring the user data file " << userFile
                << " (shipped values only): fix or remove it" << Qt::endl;
        else if (!overlay.isEmpty())
            db = overlay.applyTo(db);
    }
    return db;
}

int Context::usageError(const QString &command, const QString &message)
{
    err << "jwfleet-cli " << command << ": " << message << Qt::endl
        << "Try 'jwfleet-cli " << command << " --help'." << Qt::endl;
    return ExitBadInput;
}

bool parseArgs(Context &ctx, const Command &command, QCommandLineParser &parser,
               const QStringList &args, bool *helpShown)
{
    *helpShown = false;
    parser.setApplicationDescription(command.summary);
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")},
                                  QStringLiteral("Show this help."));
    parser.addOption(help);
    if (!parser.parse(QStringList {QStringLiteral("jwfleet-cli ") + command.name} + args)) {
        ctx.usageError(command.name, parser.errorText());
        return false;
    }
    if (parser.isSet(help)) {
        QString text = parser.helpText();
        // Qt prints "Usage: <program> [options]"; show the real synopsis.
        const qsizetype nl = text.indexOf(QLatin1Char('\n'));
        text = QStringLiteral("Usage: jwfleet-cli ") + command.synopsis + text.mid(nl);
        ctx.out << text;
        *helpShown = true;
        return false;
    }
    return true;
}

// `text` folded between words (foldWords) to lines of at most 79 columns: the first line
// indented by `first` spaces, the others by `rest`. A word longer than a line stays whole.
void printFolded(QTextStream &out, const QString &text, int first, int rest)
{
    constexpr int kColumns = 79;
    QString line(first, QLatin1Char(' '));
    bool empty = true;
    for (const QString &word : foldWords(text)) {
        if (!empty && line.size() + 1 + word.size() > kColumns) {
            out << line << '\n';
            line = QString(rest, QLatin1Char(' '));
            empty = true;
        }
        if (!empty)
            line += QLatin1Char(' ');
        line += word;
        empty = false;
    }
    out << line << '\n';
}

void printJson(Context &ctx, const QJsonValue &value)
{
    QJsonDocument doc
        = value.isArray() ? QJsonDocument(value.toArray()) : QJsonDocument(value.toObject());
    ctx.out << QString::fromUtf8(doc.toJson(QJsonDocument::Indented));
}

} // namespace jw::cli
