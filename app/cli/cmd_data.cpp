// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/clicontext.h"

#include "units/useroverlay.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>

namespace jw::cli {

namespace {

int runCheckData(Context &ctx, const Command &cmd, const QStringList &args)
{
    QCommandLineParser p;
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON."));
    p.addOption(json);
    p.addPositionalArgument(QStringLiteral("FILE"),
                            QStringLiteral("Faction files to check (default: the shipped ones, "
                                           "or those of --data)."),
                            QStringLiteral("[FILE...]"));
    bool help = false;
    if (!parseArgs(ctx, cmd, p, args, &help))
        return help ? ExitOk : ExitBadInput;

    QStringList files = p.positionalArguments();
    for (const QString &f : files) {
        if (!QFileInfo(f).isFile()) {
            ctx.err << "jwfleet-cli check-data: " << f << ": no such file" << Qt::endl;
            return ExitBadInput;
        }
    }
    UnitDatabase db;
    if (!files.isEmpty())
        db = UnitDatabase::loadFiles(files);
    else if (!ctx.dataDir.isEmpty())
        db = UnitDatabase::loadDirectory(ctx.dataDir);
    else
        db = UnitDatabase::loadShipped();

    // The user data file (values from printed cards) is read over the shipped
    // data, so it is checked with them: not with FILEs or --data, which are
    // checked as they are (as every other command reads them).
    std::vector<DataIssue> issues = db.issues();
    const QString userFile
        = files.isEmpty() && ctx.dataDir.isEmpty() ? UserOverlay::defaultPath() : QString();
    std::optional<UserOverlay> overlay;
    if (!userFile.isEmpty() && QFileInfo::exists(userFile) && !db.hasErrors()) {
        overlay = UserOverlay::load(userFile, db);
        issues.insert(issues.end(), overlay->issues.begin(), overlay->issues.end());
    }

    int errors = 0, warnings = 0;
    for (const DataIssue &i : issues)
        (i.isError() ? errors : warnings)++;

    if (p.isSet(json)) {
        QJsonArray jsonIssues;
        for (const DataIssue &i : issues)
            jsonIssues.append(
                QJsonObject {{QStringLiteral("file"), i.file},
                             {QStringLiteral("line"), i.line},
                             {QStringLiteral("column"), i.column},
                             {QStringLiteral("severity"),
                              i.isError() ? QStringLiteral("error") : QStringLiteral("warning")},
                             {QStringLiteral("message"), i.message}});
        QJsonObject out {{QStringLiteral("ok"), errors == 0},
                         {QStringLiteral("factions"), int(db.factions().size())},
                         {QStringLiteral("units"), int(db.units().size())},
                         {QStringLiteral("issues"), jsonIssues}};
        // Only when there is a user data file: the output is otherwise as before.
        if (overlay)
            out.insert(QStringLiteral("user_data"),
                       QJsonObject {{QStringLiteral("file"), userFile},
                                    {QStringLiteral("ok"), !overlay->hasErrors()},
                                    {QStringLiteral("units"), int(overlay->units.size())}});
        printJson(ctx, out);
        return errors ? ExitCheckFailed : ExitOk;
    }
    // One line per problem, "file:line:column: message", as compilers print them.
    for (const DataIssue &i : issues) {
        QString where = i.file;
        if (i.line > 0)
            where += QStringLiteral(":%1:%2").arg(i.line).arg(i.column);
        ctx.out << where << ": " << (i.isError() ? QString() : QStringLiteral("warning: "))
                << i.message << '\n';
    }
    ctx.out << (errors ? "FAILED: " : "ok: ") << db.factions().size() << " faction(s), "
            << db.units().size() << " unit(s) loaded";
    if (errors || warnings)
        ctx.out << "; " << errors << " error(s), " << warnings << " warning(s)";
    ctx.out << '\n';
    if (overlay) {
        if (overlay->hasErrors())
            ctx.out << "FAILED: the user data file " << userFile
                    << " has errors: every command ignores it (shipped values only)\n";
        else
            ctx.out << "ok: the user data file " << userFile << ", printed-card values for "
                    << overlay->units.size() << " unit(s)\n";
    }
    return errors ? ExitCheckFailed : ExitOk;
}

} // namespace

void registerDataCommands(std::vector<Command> &commands)
{
    commands.push_back({QStringLiteral("check-data"),
                        QStringLiteral("check-data [FILE...] [--json]"),
                        QStringLiteral("Validate faction data files."), nullptr});
    commands.back().run = [c = commands.back()](Context &ctx, const QStringList &a) {
        return runCheckData(ctx, c, a);
    };
}

} // namespace jw::cli
