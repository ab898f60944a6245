// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "units/unitdatabase.h"

#include <QCommandLineParser>
#include <QStringList>
#include <QTextStream>

#include <functional>
#include <optional>

namespace jw::cli {

// Exit codes of jwfleet-cli (a public interface: scripts rely on them).
enum Exit : int {
    ExitOk = 0,
    ExitCheckFailed = 1,
    ExitBadInput = 2
};

struct Context
{
    QTextStream &out;
    QTextStream &err;
    QString dataDir; // --data: faction files from here instead of the shipped ones

    // The unit database; on errors prints them and returns nullopt (bad input).
    [[nodiscard]] std::optional<UnitDatabase> database();

    // Prints "jwfleet-cli COMMAND: message" and a hint; returns ExitBadInput.
    int usageError(const QString &command, const QString &message);
};

struct Command
{
    QString name;
    QString synopsis; // "units [--faction ID] [--json]"
    QString summary; // one line
    std::function<int(Context &, const QStringList &args)> run;
};

// Parses `args` (without the program and command names) with `parser`; on
// failure prints the error and returns false. Handles --help for the command.
[[nodiscard]] bool parseArgs(Context &ctx, const Command &command, QCommandLineParser &parser,
                             const QStringList &args, bool *helpShown);

// Registered commands, in the order `--help` lists them.
void registerUnitCommands(std::vector<Command> &commands);
void registerDiceCommands(std::vector<Command> &commands);
void registerDataCommands(std::vector<Command> &commands);
void registerCardCommands(std::vector<Command> &commands);
void registerFleetCommands(std::vector<Command> &commands);
void registerPlayCommands(std::vector<Command> &commands);
void registerScenarioCommands(std::vector<Command> &commands);
void registerCampaignCommands(std::vector<Command> &commands);
void registerAiCommands(std::vector<Command> &commands);
void registerNetCommands(std::vector<Command> &commands);

// `text` folded between words (a [bracketed group] is one word) to lines of at most 79
// columns: the first line indented by `first` spaces, the others by `rest`. A help text's
// commands and their summaries.
void printFolded(QTextStream &out, const QString &text, int first, int rest);

// JSON out, indented, keys sorted (QJsonObject sorts them): stable output.
void printJson(Context &ctx, const class QJsonValue &value);

} // namespace jw::cli
