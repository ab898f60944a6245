// SPDX-License-Identifier: GPL-3.0-or-later
// jwfleet-cli: the headless interface of jwfleet, for scripts, tournament
// organisers and tests. Argument parsing and dispatch only.
#include "cli/clicontext.h"

#include <QCoreApplication>
#include <QGuiApplication>

#include <cstdio>
#include <exception>
#include <memory>

using namespace jw::cli;

namespace {

void printHelp(QTextStream &out, const std::vector<Command> &commands)
{
    out << "Usage: jwfleet-cli [--data DIR] COMMAND [OPTIONS]\n\n";
    printFolded(out,
                QStringLiteral("jwfleet " JW_VERSION " for Jovian Wars (rules " JW_RULES_VERSION
                               " by default): the unit database, dice, fleets and games, "
                               "headless."),
                0, 0);
    out << "\nCommands:\n";
    // Each command's synopsis, then what it does indented below it, both folded at 79
    // columns (some synopses are longer than a terminal is wide).
    for (const Command &c : commands) {
        printFolded(out, c.synopsis, 2, 8);
        printFolded(out, c.summary, 6, 6);
    }
    out << "\nGlobal options:\n"
           "  --data DIR      read the faction files (*.yaml) from DIR instead of the\n"
           "                  shipped ones\n"
           "  -h, --help      show this help; 'jwfleet-cli COMMAND --help' for a command\n"
           "  -v, --version   show the version\n\n";
    printFolded(out,
                QStringLiteral("Values entered from printed cards in jwfleet (the user data file, "
                               "~/.local/share/jwfleet/units.yaml, or $JW_USER_DATA/units.yaml) "
                               "replace the shipped ones unless --data is given; set "
                               "JW_NO_USER_DATA=1 to use the shipped values only. A verdict that "
                               "uses them says so."),
                0, 0);
    out << "\nExit status: 0 ok, 1 a check failed, 2 bad input or usage.\n";
}

// Whether the command (the first argument that is not a global option) is "cards".
bool paintsCards(int argc, char *argv[])
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray a(argv[i]);
        if (a == "--data")
            ++i;
        else if (!a.startsWith('-'))
            return a == "cards";
    }
    return false;
}

} // namespace

int main(int argc, char *argv[])
{
    // Printing cards measures and paints text, which needs a QGuiApplication
    // (headless: offscreen unless the caller chose a platform); every other
    // command runs on a plain QCoreApplication.
    std::unique_ptr<QCoreApplication> guard;
    if (paintsCards(argc, argv)) {
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        guard = std::make_unique<QGuiApplication>(argc, argv);
    } else {
        guard = std::make_unique<QCoreApplication>(argc, argv);
    }
    QCoreApplication &app = *guard;
    QCoreApplication::setApplicationName(QStringLiteral("jwfleet-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(JW_VERSION));

    QTextStream out(stdout);
    QTextStream err(stderr);
    Context ctx {out, err, {}};

    std::vector<Command> commands;
    registerUnitCommands(commands);
    registerDiceCommands(commands);
    registerDataCommands(commands);
    registerCardCommands(commands);
    registerFleetCommands(commands);
    registerPlayCommands(commands);
    registerScenarioCommands(commands);
    registerCampaignCommands(commands);
    registerAiCommands(commands);
    registerNetCommands(commands);

    QStringList args = app.arguments().mid(1);
    // Global options come before the command.
    while (!args.isEmpty() && args.first().startsWith(QLatin1Char('-'))) {
        const QString a = args.takeFirst();
        if (a == QLatin1String("-h") || a == QLatin1String("--help")) {
            printHelp(out, commands);
            return ExitOk;
        }
        if (a == QLatin1String("-v") || a == QLatin1String("--version")) {
            out << "jwfleet-cli " JW_VERSION " (rules " JW_RULES_VERSION ")\n";
            return ExitOk;
        }
        if (a == QLatin1String("--data") || a.startsWith(QLatin1String("--data="))) {
            if (a.contains(QLatin1Char('='))) {
                ctx.dataDir = a.section(QLatin1Char('='), 1);
            } else if (!args.isEmpty()) {
                ctx.dataDir = args.takeFirst();
            } else {
                err << "jwfleet-cli: --data needs a folder\n";
                return ExitBadInput;
            }
            continue;
        }
        err << "jwfleet-cli: unknown option '" << a << "'\nTry 'jwfleet-cli --help'.\n";
        return ExitBadInput;
    }
    if (args.isEmpty()) {
        printHelp(err, commands);
        return ExitBadInput;
    }
    const QString name = args.takeFirst();
    if (name == QLatin1String("help")) {
        if (args.isEmpty()) {
            printHelp(out, commands);
            return ExitOk;
        }
        for (const Command &c : commands) {
            if (c.name == args.first())
                return c.run(ctx, {QStringLiteral("--help")});
        }
        err << "jwfleet-cli: unknown command '" << args.first() << "'\n";
        return ExitBadInput;
    }
    for (const Command &c : commands) {
        if (c.name != name)
            continue;
        // The last boundary: every reader reports bad input as an error, but
        // should one ever throw, the user gets a message and exit 2, never an
        // abort (docs/reliability.md).
        try {
            return c.run(ctx, args);
        } catch (const std::exception &e) {
            out.flush();
            err << "jwfleet-cli " << name << ": error: " << QString::fromLocal8Bit(e.what())
                << " (this is a bug in jwfleet-cli: please report it with the input)\n";
        } catch (...) {
            out.flush();
            err << "jwfleet-cli " << name
                << ": error: unexpected failure (this is a bug in jwfleet-cli: please report it "
                   "with the input)\n";
        }
        err.flush();
        return ExitBadInput;
    }
    err << "jwfleet-cli: unknown command '" << name << "'\nTry 'jwfleet-cli --help'.\n";
    return ExitBadInput;
}
