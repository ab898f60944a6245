#include "cli/clicontext.h"

#include "fleet/fleetexport.h"
#include "fleet/fleetfile.h"
#include "fleet/fleetvalidator.h"
#include "io/outputfile.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>

namespace jw::cli {

namespace {

// FILE arguments: files as given; a folder stands for its *.jwfleet files, by name.
QStringList expandFleetPaths(const QStringList &args, QStringList *emptyDirs)
{
    QStringList out;
    for (const QString &a : args) {
        const QFileInfo info(a);
        if (!info.isDir()) {
            out << a;
            continue;
        }
        const QDir dir(a);
        const QStringList names
            = dir.entryList({QStringLiteral("*.") + FleetFile::kSuffix}, QDir::Files, QDir::Name);
        if (names.isEmpty())
            *emptyDirs << a;
        for (const QString &n : names)
            out << dir.filePath(n);
    }
    return out;
}

QJsonArray issuesJson(const std::vector<DataIssue> &issues)
{
    QJsonArray a;
    for (const DataIssue &i : issues)
        a.append(QJsonObject {{QStringLiteral("line"), i.line},
                              {QStringLiteral("column"), i.column},
                              {QStringLiteral("message"), i.message}});
    return a;
}

int runValidate(Context &ctx, const Command &cmd, const QStringList &args)
{
    QCommandLineParser p;
    const QCommandLineOption json(QStringLiteral("json"),
                                  QStringLiteral("Print JSON: one object per file."));
    const QCommandLineOption quiet({QStringLiteral("q"), QStringLiteral("quiet")},
                                   QStringLiteral("Print only the problems, not the headroom of "
                                                  "the rules that hold."));
    p.addOptions({json, quiet});
    p.addPositionalArgument(QStringLiteral("FILE"),
                            QStringLiteral("Fleet files (.jwfleet), or folders of them."),
                            QStringLiteral("FILE..."));
    bool help = false;
    if (!parseArgs(ctx, cmd, p, args, &help))
        return help ? ExitOk : ExitBadInput;
    if (p.positionalArguments().isEmpty())
        return ctx.usageError(cmd.name, QStringLiteral("give at least one fleet file"));
    QStringList emptyDirs;
    const QStringList files = expandFleetPaths(p.positionalArguments(), &emptyDirs);
    for (const QString &d : emptyDirs)
        ctx.err << "jwfleet-cli validate: " << d << ": no ." << FleetFile::kSuffix
                << " files in this folder" << Qt::endl;
    if (files.isEmpty())
        return ExitBadInput;
    auto db = ctx.database();
    if (!db)
        return ExitBadInput;

    int exit = emptyDirs.isEmpty() ? ExitOk : ExitBadInput;
    int legal = 0, illegal = 0, unreadable = 0;
    QJsonArray results;
    for (const QString &file : files) {
        const FleetFileResult read = FleetFile::read(file);
        if (!read.ok()) {
            ++unreadable;
            exit = ExitBadInput;
            if (p.isSet(json)) {
                results.append(QJsonObject {{QStringLiteral("file"), file},
                                            {QStringLiteral("legal"), false},
                                            {QStringLiteral("error"), read.errorText()},
                                            {QStringLiteral("issues"), issuesJson(read.issues)}});
            } else {
                ctx.out << file << ": CANNOT READ\n";
                for (const DataIssue &i : read.issues)
                    ctx.out << "  " << i.toString() << '\n';
            }
            continue;
        }
        const Fleet &fleet = *read.fleet;
        const FleetReport report = validateFleet(fleet, *db);
        if (report.legal()) {
            ++legal;
        } else {
            ++illegal;
            exit = std::max(exit, int(ExitCheckFailed));
        }
        if (p.isSet(json)) {
            // The report as the export writes it, with where it came from.
            QJsonObject o = reportToJson(report);
            o.insert(QStringLiteral("file"), file);
            o.insert(QStringLiteral("name"), fleet.name);
            o.insert(QStringLiteral("faction"), fleet.faction);
            o.insert(QStringLiteral("points"), report.totals.total);
            o.insert(QStringLiteral("totals"), totalsToJson(report.totals));
            results.append(o);
            continue;
        }
        ctx.out << file << ": " << (report.legal() ? "legal" : "NOT LEGAL") << " ("
                << report.totals.total << '/' << fleet.points << " points, rules " << fleet.rules;
        if (report.errorCount())
            ctx.out << ", " << report.errorCount()
                    << (report.errorCount() == 1 ? " error" : " errors");
        if (report.warningCount())
            ctx.out << ", " << report.warningCount()
                    << (report.warningCount() == 1 ? " warning" : " warnings");
        ctx.out << ")\n";
        for (const FleetProblem &pr : report.problems)
            ctx.out << "  " << pr.toString() << '\n';
        if (!p.isSet(quiet)) {
            for (const RuleGauge &g : report.gauges) {
                if (g.holds())
                    ctx.out << "  ok [" << g.rule << "] " << g.message() << '\n';
            }
        }
    }
    if (p.isSet(json)) {
        printJson(ctx, results);
    } else if (files.size() > 1) {
        ctx.out << files.size() << " fleets: " << legal << " legal, " << illegal << " not legal, "
                << unreadable << " unreadable\n";
    }
    return exit;
}

int runExport(Context &ctx, const Command &cmd, const QStringList &args)
{
    QCommandLineParser p;
    const QCommandLineOption format(QStringLiteral("format"),
                                    QStringLiteral("text (default), markdown or json."),
                                    QStringLiteral("FORMAT"), QStringLiteral("text"));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("Write to OUT instead of the standard output."),
                                    QStringLiteral("OUT"));
    p.addOptions({format, output});
    p.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("A fleet file (.jwfleet)."));
    bool help = false;
    if (!parseArgs(ctx, cmd, p, args, &help))
        return help ? ExitOk : ExitBadInput;
    if (p.positionalArguments().size() != 1)
        return ctx.usageError(cmd.name, QStringLiteral("give exactly one fleet file"));
    const auto fmt = exportFormatFromId(p.value(format));
    if (!fmt)
        return ctx.usageError(
            cmd.name,
            QStringLiteral("unknown format '%1' (text, markdown, json)").arg(p.value(format)));
    const FleetFileResult read = FleetFile::read(p.positionalArguments().first());
    if (!read.ok()) {
        ctx.err << read.errorText() << Qt::endl;
        return ExitBadInput;
    }
    auto db = ctx.database();
    if (!db)
        return ExitBadInput;
    const QString text = exportFleet(*read.fleet, *db, *fmt);
    if (!p.isSet(output)) {
        ctx.out << text;
        return ExitOk;
    }
    if (const QString error = io::writeFile(p.value(output), text.toUtf8()); !error.isEmpty()) {
        ctx.err << "jwfleet-cli export: " << error << Qt::endl;
        return ExitBadInput;
    }
    return ExitOk;
}

} // namespace

void registerFleetCommands(std::vector<Command> &commands)
{
    commands.push_back({QStringLiteral("validate"), QStringLiteral("validate FILE... [--json]"),
                        QStringLiteral("Check fleet lists against the fleet rules (exit 1: not "
                                       "legal)."),
                        nullptr});
    commands.back().run = [c = commands.back()](Context &ctx, const QStringList &a) {
        return runValidate(ctx, c, a);
    };
    commands.push_back({QStringLiteral("export"),
                        QStringLiteral("export FILE [--format text|markdown|json] [-o OUT]"),
                        QStringLiteral("Print a fleet list for chat, forums or programs."),
                        nullptr});
    commands.back().run = [c = commands.back()](Context &ctx, const QStringList &a) {
        return runExport(ctx, c, a);
    };
}

} // namespace jw::cli
