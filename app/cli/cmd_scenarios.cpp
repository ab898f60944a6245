// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/clicontext.h"

#include "engine/scenario.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace jw::cli {

namespace {

int runScenarios(Context &ctx, const Command &cmd, const QStringList &args)
{
    QCommandLineParser p;
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON."));
    const QCommandLineOption dir(
        QStringLiteral("dir"),
        QStringLiteral("Also read a group's own scenarios (*.yaml) from DIR; errors exit 2."),
        QStringLiteral("DIR"));
    p.addOptions({json, dir});
    p.addPositionalArgument(QStringLiteral("ID"),
                            QStringLiteral("Show one scenario in full (its rules)."),
                            QStringLiteral("[ID]"));
    bool help = false;
    if (!parseArgs(ctx, cmd, p, args, &help))
        return help ? ExitOk : ExitBadInput;
    if (p.positionalArguments().size() > 1)
        return ctx.usageError(cmd.name, QStringLiteral("give at most one scenario id"));
    ScenarioLibrary lib = ScenarioLibrary::loadShipped();
    if (p.isSet(dir))
        lib.addDirectory(p.value(dir));
    bool errors = false;
    for (const DataIssue &i : lib.issues()) {
        ctx.err << i.toString() << '\n';
        errors |= i.isError();
    }
    std::vector<const Scenario *> shown;
    if (!p.positionalArguments().isEmpty()) {
        const QString id = p.positionalArguments().first();
        const Scenario *s = lib.byId(id);
        if (!s)
            return ctx.usageError(cmd.name,
                                  QStringLiteral("unknown scenario '%1' (known: %2)")
                                      .arg(id, lib.ids().join(QStringLiteral(", "))));
        shown.push_back(s);
    } else {
        for (const Scenario &s : lib.scenarios())
            shown.push_back(&s);
    }
    if (p.isSet(json)) {
        QJsonArray a;
        for (const Scenario *s : shown) {
            QJsonObject o = QJsonDocument::fromJson(ScenarioLoader::toJson(*s)).object();
            o.remove(QStringLiteral("schema_version"));
            a.append(o);
        }
        printJson(ctx, a);
    } else if (!p.positionalArguments().isEmpty()) {
        const Scenario &s = *shown.front();
        ctx.out << s.name << " (" << s.id << ", " << s.level << ")\n\n" << s.summary() << '\n';
    } else {
        int idW = 2, nameW = 4;
        for (const Scenario *s : shown) {
            idW = std::max(idW, int(s->id.size()));
            nameW = std::max(nameW, int(s->name.size()));
        }
        ctx.out << QStringLiteral("ID").leftJustified(idW) << "  "
                << QStringLiteral("NAME").leftJustified(nameW)
                << "  ZONE      DEPLOYMENT  INITIATIVE         TURNS\n";
        for (const Scenario *s : shown)
            ctx.out << s->id.leftJustified(idW) << "  " << s->name.leftJustified(nameW) << "  "
                    << zoneId(s->zone).leftJustified(8) << "  "
                    << deploymentTypeId(s->deployment).leftJustified(10) << "  "
                    << initiativeRuleId(s->initiative).leftJustified(17) << "  " << s->turns
                    << '\n';
        ctx.out
            << "\n'jwfleet-cli scenarios ID' shows a scenario's objectives and special rules.\n";
    }
    return errors ? ExitBadInput : ExitOk;
}

} // namespace

void registerScenarioCommands(std::vector<Command> &commands)
{
    commands.push_back({QStringLiteral("scenarios"),
                        QStringLiteral("scenarios [ID] [--dir DIR] [--json]"),
                        QStringLiteral("List the scenarios (shipped, and a group's own from DIR), "
                                       "or show one."),
                        nullptr});
    commands.back().run = [c = commands.back()](Context &ctx, const QStringList &a) {
        return runScenarios(ctx, c, a);
    };
}

} // namespace jw::cli
