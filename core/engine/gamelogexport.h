// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QString>

#include <optional>

namespace jw {

class Game;

// The log of a whole game exported (docs/physical-table.md, "After the game"): every
// event of Game::log() with the command that caused it (Game::history()) and the dice it
// rolled, grouped by turn, phase and activation, then the score.
enum class LogFormat {
    Text, // greppable: one line per command and per event, each naming its turn and phase
    Markdown, // a battle report to post on a forum
    Json // for programs (the shape: docs/physical-table.md)
};

[[nodiscard]] QString logFormatId(LogFormat f); // "text", "markdown", "json"
[[nodiscard]] std::optional<LogFormat> logFormatFromId(const QString &id);

struct LogExportOptions
{
    LogFormat format = LogFormat::Text;
    // The sentences in the application's language (GameEvent::translatedFor); false: the
    // English of the log. Headings and labels are English either way.
    bool translated = false;
    // Markdown: end with the luck report's verdicts (luckreport.h).
    bool luck = true;
};

// The whole game, every secret shown: the export is made after the game. UTF-8 text;
// JSON indented.
[[nodiscard]] QString exportGameLog(const Game &game, const LogExportOptions &options);
// The JSON export as an object.
[[nodiscard]] QJsonObject gameLogToJson(const Game &game, bool translated = false);

} // namespace jw
