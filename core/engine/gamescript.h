// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/command.h"
#include "engine/gamesetup.h"
#include "units/dataissue.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <optional>
#include <vector>

namespace jw {

class UnitDatabase;

// One command of a script, as written (its line, for messages).
struct ScriptCommand
{
    Command command;
    int line = 0;
};

// A scripted game (docs/scripted-games.md): the setup, the dice (forced faces
// or a seed), and the commands. How the rulebook's examples become tests, and
// how any game situation is reproduced from a bug report.
struct GameScript
{
    GameSetup setup;
    std::optional<std::vector<int>> dice; // forced faces, in order; else the seed
    bool autoAnswer = false; // answer every decision with its default
    std::vector<ScriptCommand> commands;
    // What the game must look like after the commands (`expect:`): a subset of
    // the state's JSON (stateToJson), with `models` keyed by model name, and
    // `refused: RULE` when the last command must be refused by that rule.
    QJsonObject expect;
    std::vector<DataIssue> issues; // errors: file, line, column

    [[nodiscard]] bool ok() const;
};

class Engine;
struct GameState;
struct Rejection;

// The expectations that do not hold, one sentence each (empty: all hold).
[[nodiscard]] QStringList checkExpectations(const GameScript &script, const Engine &engine,
                                            const GameState &state,
                                            const std::optional<Rejection> &refused,
                                            const QStringList &log = {});

class GameScriptReader
{
public:
    // `displayName` for messages; `baseDir` resolves fleet file paths.
    [[nodiscard]] static GameScript parse(const QByteArray &yaml, const QString &displayName,
                                          const QString &baseDir, const UnitDatabase &db);
    [[nodiscard]] static GameScript read(const QString &path, const UnitDatabase &db);
};

} // namespace jw
