// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/clicontext.h"

#include "fleet/fleetexport.h"
#include "fleet/fleetfile.h"
#include "fleet/fleetvalidator.h"
#include "io/outputfile.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
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

// The JSON array of `validate --json`, written one element at a time (a
// thousand fleets are not held until the end), byte for byte what
// printJson() writes for the whole array.
class JsonArrayStream
{
public:
    explicit JsonArrayStream(QTextStream &out)
        : m_out(out)
    { }
    void append(const QJsonObject &o)
    {
        QByteArray one = QJsonDocument(QJsonArray {o}).toJson(QJsonDocument::Indented);
        one.chop(3); // "\n]\n"
        write(m_count++ == 0 ? QByteArrayView("[\n") : QByteArrayView(",\n"));
        write(QByteArrayView(one).sliced(2));
    }
    void finish() { write(m_count == 0 ? QByteArrayView("[\n]\n") : QByteArrayView("\n]\n")); }

private:
    // UTF-8 straight to the device: no round trip through QString per fleet.
    void write(QByteArrayView bytes)
    {
        if (QIODevice *d = m_out.device()) {
            m_out.flush();
            d->write(bytes.data(), bytes.size());
        } else {
            m_out << QString::fromUtf8(bytes);
        }
    }

    QTextStream &m_out;
    int m_count = 0;
};

// RFC 4180; a text a spreadsheet would run as a formula (=, +, -, @) gets a
// leading apostrophe.
QString csvField(const QString &text)
{
    QString t = text;
    if (!t.isEmpty() && QStringLiteral("=+-@").contains(t.front()))
        t.prepend(QLatin1Char('\''));
    if (t.contains(QLatin1Char(',')) || t.contains(QLatin1Char('"'))
        || t.contains(QLatin1Char('\n')) || t.contains(QLatin1Char('\r'))) {
        t.replace(QStringLiteral("\""), QStringLiteral("\"\""));
        return QLatin1Char('"') + t + QLatin1Char('"');
    }
    return t;
}

QString markdownCell(const QString &text)
{
    QString out;
    for (const QChar c : text) {
        if (c == QLatin1Char('\n') || c == QLatin1Char('\r'))
            out += QLatin1Char(' ');
        else if (QStringLiteral("\\`*_<>|~[]").contains(c))
            out += QLatin1Char('\\') + c;
        else
            out += c;
    }
    return out;
}

// One row of the organiser's summary (--format csv / markdown).
struct SummaryRow
{
    QString file;
    QString player; // the fleet's name; empty when it has none
    QString faction; // the faction's name
    QString points; // "249/250"
    QString rules;
    QString verdict; // "legal", "NOT LEGAL", "CANNOT READ"
    int errors = 0;
    int warnings = 0;
    bool estimates = false;
    QString firstProblem;
};

enum class ValidateFormat {
    Text,
    Json,
    Csv,
    Markdown
};

void summaryHeader(Context &ctx, ValidateFormat f)
{
    if (f == ValidateFormat::Csv)
        ctx.out << "file,player,faction,points,rules,verdict,errors,warnings,"
                   "unpublished_values,first_problem\n";
    else
        ctx.out << "| File | Player | Faction | Points | Rules | Verdict | Errors | Warnings | "
                   "Estimated values | First problem |\n"
                   "|---|---|---|---|---|---|---|---|---|---|\n";
}

void summaryRow(Context &ctx, ValidateFormat f, const SummaryRow &r)
{
    const QStringList cells {r.file,
                             r.player,
                             r.faction,
                             r.points,
                             r.rules,
                             r.verdict,
                             QString::number(r.errors),
                             QString::number(r.warnings),
                             r.estimates ? QStringLiteral("yes") : QStringLiteral("no"),
                             r.firstProblem};
    if (f == ValidateFormat::Csv) {
        QStringList out;
        for (const QString &c : cells)
            out << csvField(c);
        ctx.out << out.join(QLatin1Char(',')) << '\n';
        return;
    }
    QStringList out;
    for (const QString &c : cells)
        out << markdownCell(c);
    ctx.out << "| " << out.join(QStringLiteral(" | ")) << " |\n";
}

// Per unit of `fleet`, whether its verdict takes its TV or UC on trust.
QJsonArray unitsTrustJson(const Fleet &fleet, const UnitDatabase &db, const FleetReport &report)
{
    QJsonArray units;
    for (int i = 0; i < fleet.size(); ++i) {
        const FleetEntry &e = fleet.entries[std::size_t(i)];
        const Unit *u = db.unit(e.unitId);
        QJsonObject o {{QStringLiteral("unit"), e.unitId},
                       {QStringLiteral("position"), i + 1},
                       {QStringLiteral("display_name"), fleet.entryName(i, db)},
                       {QStringLiteral("tv"), u ? QJsonValue(u->tv) : QJsonValue()}};
        insertSources(o, u);
        const EstimatedEntry *est = report.estimateOf(i);
        o.insert(QStringLiteral("verdict_uses_estimate"), est != nullptr);
        units.append(o);
    }
    return units;
}

int runValidate(Context &ctx, const Command &cmd, const QStringList &args)
{
    QCommandLineParser p;
    const QCommandLineOption json(QStringLiteral("json"),
                                  QStringLiteral("Print JSON: one object per file."));
    const QCommandLineOption format(
        QStringLiteral("format"),
        QStringLiteral("text (default), json, or a one-page summary for an organiser: csv or "
                       "markdown (one row per file: player, faction, points, verdict, the first "
                       "problem)."),
        QStringLiteral("FORMAT"), QStringLiteral("text"));
    const QCommandLineOption quiet({QStringLiteral("q"), QStringLiteral("quiet")},
                                   QStringLiteral("Print only the problems, not the headroom of "
                                                  "the rules that hold."));
    p.addOptions({json, format, quiet});
    p.addPositionalArgument(QStringLiteral("FILE"),
                            QStringLiteral("Fleet files (.jwfleet), or folders of them."),
                            QStringLiteral("FILE..."));
    bool help = false;
    if (!parseArgs(ctx, cmd, p, args, &help))
        return help ? ExitOk : ExitBadInput;
    ValidateFormat fmt = ValidateFormat::Text;
    const QString f = p.value(format);
    if (f == QLatin1String("json"))
        fmt = ValidateFormat::Json;
    else if (f == QLatin1String("csv"))
        fmt = ValidateFormat::Csv;
    else if (f == QLatin1String("markdown"))
        fmt = ValidateFormat::Markdown;
    else if (f != QLatin1String("text"))
        return ctx.usageError(
            cmd.name, QStringLiteral("unknown format '%1' (text, json, csv, markdown)").arg(f));
    if (p.isSet(json)) {
        if (p.isSet(format) && fmt != ValidateFormat::Json)
            return ctx.usageError(cmd.name,
                                  QStringLiteral("--json and --format %1 together").arg(f));
        fmt = ValidateFormat::Json;
    }
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

    const bool summary = fmt == ValidateFormat::Csv || fmt == ValidateFormat::Markdown;
    int exit = emptyDirs.isEmpty() ? ExitOk : ExitBadInput;
    int legal = 0, illegal = 0, unreadable = 0, onEstimates = 0;
    JsonArrayStream results(ctx.out);
    if (summary)
        summaryHeader(ctx, fmt);
    for (const QString &file : files) {
        const FleetFileResult read = FleetFile::read(file);
        if (!read.ok()) {
            ++unreadable;
            exit = ExitBadInput;
            if (fmt == ValidateFormat::Json) {
                results.append(QJsonObject {{QStringLiteral("file"), file},
                                            {QStringLiteral("legal"), false},
                                            {QStringLiteral("error"), read.errorText()},
                                            {QStringLiteral("issues"), issuesJson(read.issues)}});
            } else if (summary) {
                SummaryRow row;
                row.file = file;
                row.verdict = QStringLiteral("CANNOT READ");
                row.errors = 1;
                row.firstProblem
                    = read.issues.empty() ? read.errorText() : read.issues.front().toString();
                summaryRow(ctx, fmt, row);
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
        onEstimates += report.restsOnEstimates() ? 1 : 0;
        const FactionInfo *faction = db->faction(fleet.faction);
        if (fmt == ValidateFormat::Json) {
            // The report as the export writes it, with where it came from.
            QJsonObject o = reportToJson(report);
            o.insert(QStringLiteral("file"), file);
            o.insert(QStringLiteral("name"), fleet.name);
            o.insert(QStringLiteral("faction"), fleet.faction);
            o.insert(QStringLiteral("faction_name"),
                     faction ? QJsonValue(faction->name) : QJsonValue());
            o.insert(QStringLiteral("points"), report.totals.total);
            o.insert(QStringLiteral("totals"), totalsToJson(report.totals));
            o.insert(QStringLiteral("units"), unitsTrustJson(fleet, *db, report));
            results.append(o);
            continue;
        }
        if (summary) {
            SummaryRow row;
            row.file = file;
            row.player = fleet.name;
            row.faction = faction ? faction->name : fleet.faction;
            row.points = QStringLiteral("%1/%2").arg(report.totals.total).arg(fleet.points);
            row.rules = fleet.rules;
            row.verdict = report.legal() ? QStringLiteral("legal") : QStringLiteral("NOT LEGAL");
            row.errors = report.errorCount();
            row.warnings = report.warningCount();
            row.estimates = report.restsOnEstimates();
            if (!report.problems.empty())
                row.firstProblem = report.problems.front().toString();
            summaryRow(ctx, fmt, row);
            continue;
        }
        ctx.out << file << ": " << report.verdictText() << " (" << report.totals.total << '/'
                << fleet.points << " points, rules " << fleet.rules;
        if (report.errorCount())
            ctx.out << ", " << report.errorCount()
                    << (report.errorCount() == 1 ? " error" : " errors");
        if (report.warningCount())
            ctx.out << ", " << report.warningCount()
                    << (report.warningCount() == 1 ? " warning" : " warnings");
        ctx.out << ")\n";
        for (const FleetProblem &pr : report.problems) {
            ctx.out << "  " << pr.toString() << '\n';
            if (!pr.fix().isEmpty())
                ctx.out << "    " << pr.fixText() << '\n';
        }
        if (!p.isSet(quiet)) {
            for (const RuleGauge &g : report.gauges) {
                if (g.holds())
                    ctx.out << "  ok [" << g.rule << "] " << g.message() << '\n';
            }
        }
    }
    if (fmt == ValidateFormat::Json) {
        results.finish();
    } else if (fmt == ValidateFormat::Text && files.size() > 1) {
        ctx.out << files.size() << " fleets: " << legal << " legal, " << illegal << " not legal, "
                << unreadable << " unreadable";
        if (onEstimates)
            ctx.out << "; " << onEstimates << " on jwfleet's estimated values";
        ctx.out << '\n';
    } else if (fmt == ValidateFormat::Markdown) {
        ctx.out << '\n'
                << files.size() << (files.size() == 1 ? " fleet: " : " fleets: ") << legal
                << " legal, " << illegal << " not legal, " << unreadable << " unreadable; "
                << onEstimates
                << " rest on jwfleet's estimated values (not published Threat Values or Unit "
                   "Caps).\n";
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
    commands.push_back(
        {QStringLiteral("validate"),
         QStringLiteral("validate FILE... [--json | --format text|json|csv|markdown]"),
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
