// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/game.h"
#include "units/datatext.h"

#include <QString>

#include <memory>
#include <optional>

namespace jw {

// Saved games (.jwgame): JSON, human-readable and diff-friendly — the setup
// (rules, scenario, players and their fleets, the units they use, the seed),
// every command with the dice it rolled, and a snapshot of the final state.
// Loading replays the commands and checks the result against the snapshot, so
// a file whose rules or units no longer give the same game is refused, not
// silently changed. Written atomically.
class GameFile
{
public:
    static inline const QString kSuffix = QStringLiteral("jwgame");
    static constexpr int kSchemaVersion = 2; // 2: the scenario's rules and choices
    // A long game at 200 models is a few MB; far more is a mistake.
    static constexpr qsizetype kMaxBytes = 64 * 1024 * 1024;

    [[nodiscard]] static QByteArray serialize(const Game &game);
    // With `network` as the file's `network` (the side this program played between two
    // computers) instead of the game's own (Game::network()).
    [[nodiscard]] static QByteArray serialize(const Game &game,
                                              const std::optional<Game::NetworkSeat> &network);
    // Empty on success, else why the file could not be written.
    [[nodiscard]] static QString write(const Game &game, const QString &path);
    [[nodiscard]] static QString write(const Game &game, const QString &path,
                                       const std::optional<Game::NetworkSeat> &network);

    struct Loaded
    {
        // Dice for the rest of a game whose dice were not the seed's (typed in, or
        // forced by a script): the loaded game replays its recorded dice, and asks
        // this source for new ones (an empty script: further dice are refused).
        std::unique_ptr<DiceSource> dice;
        std::unique_ptr<Game> game; // null on failure
        QString error; // "file: why"; never throws: a damaged file is an error here
        DataText why; // `error` as a sentence that can be translated (empty: not typed)
        [[nodiscard]] QString localError() const; // `error` in the user's language (the UI)
    };
    // `displayName`: the file's name, or a phrase for a game that is not a file ("the created
    // game", translated in the user's language where the problem is shown).
    [[nodiscard]] static Loaded parse(const QByteArray &json, const DataText &displayName);
    [[nodiscard]] static Loaded read(const QString &path);

    // `jwfleet-cli game FILE --verify`: re-checks every die against the commit-reveal
    // exchange it came from (network play, docs/network.md). A seeded game's dice are
    // the seed's (loading checked them); a game with dice typed in or forced has no
    // proof: each of its dice is a problem.
    struct DiceCheck
    {
        int dice = 0; // dice checked
        int exchanges = 0;
        int sealed = 0; // sealed secret choices checked (sealed_choices)
        // A masked game (its record, `masked`): the reveals checked against their
        // commitments, and the sealed Embarks against their hashes.
        bool masked = false;
        int maskedModels = 0;
        int sealedEmbarks = 0;
        bool seeded = false;
        QStringList problems; // one sentence per die or exchange that does not verify
        [[nodiscard]] bool ok() const { return problems.isEmpty(); }
    };
    // Also checks each sealed secret choice (sealed_choices): the command its hash fixed,
    // answered before the other player's answer (the next command, by the other player); and
    // a masked game's record (`masked`): each model's reveal against its commitment, each
    // sealed Embark against its hash.
    [[nodiscard]] static DiceCheck verifyDice(const Game &game);

    // The commitment of a sealed secret choice: SHA-256(nonce ‖ the command's compact JSON,
    // commandToJson), docs/network.md.
    [[nodiscard]] static QByteArray sealedChoiceHash(const QByteArray &nonce,
                                                     const Command &command);

private:
    [[nodiscard]] static Loaded parseUnchecked(const QByteArray &json, const DataText &name);
};

} // namespace jw
