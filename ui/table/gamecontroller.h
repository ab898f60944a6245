// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/game.h"
#include "engine/gamefile.h"

#include <QObject>
#include <QString>

#include <functional>
#include <memory>

namespace jw {

// Owns the Game being played at the table and is the only way the widgets
// change it: each player's command goes through apply(), which asks the engine
// and either records it (and autosaves) or reports the rule that refuses it.
// Decides no rule itself.
class GameController : public QObject
{
    Q_OBJECT
public:
    explicit GameController(QObject *parent = nullptr);
    ~GameController() override;

    [[nodiscard]] bool hasGame() const { return m_game != nullptr; }
    [[nodiscard]] const Game *game() const { return m_game.get(); }
    [[nodiscard]] const GameState &state() const { return m_game->state(); }
    [[nodiscard]] const Engine &engine() const { return m_game->engine(); }
    [[nodiscard]] QString playerName(int player) const;

    // A new game from its setup; `dice`: where dice come from (nullptr: the seed).
    void startGame(GameSetup setup, std::unique_ptr<DiceSource> dice = {});
    void closeGame();

    // Sends a command to the engine: true when accepted. A refusal emits
    // rejected() with the rule and the sentence, and changes nothing. `reason`: why the
    // computer opponent chose it (the log shows it; empty for a person's command).
    bool apply(const Command &command, const Message &reason = {});
    [[nodiscard]] bool canUndo() const { return m_game && !m_submit && m_game->canUndo(); }
    bool undo();
    // The last command undone, again (a physical table: Game::redo).
    [[nodiscard]] bool canRedo() const { return m_game && !m_submit && m_game->canRedo(); }
    bool redo();

    // Network play (NetGame): while set, apply() hands the command to `submit` (which sends
    // it to the peer; false, with why, when refused) instead of the engine, and nothing may
    // be undone; the game changes only by followGame(), with what both peers agreed.
    using Submit = std::function<bool(const Command &, QString *why)>;
    void setSubmit(Submit submit) { m_submit = std::move(submit); }
    [[nodiscard]] bool isNetworkGame() const { return bool(m_submit); }
    // Makes the game on the table level with `agreed` (the session's): the commands it lacks
    // replayed with their recorded dice, or, when it differs (a resume went back to the last
    // agreed command, another game, a masked game's setup grown), rebuilt from it. The dice
    // exchanges and a masked game's record are copied.
    // `seat`: the side this table plays and how it connected, kept in the saved game and
    // the autosave (none: a club game, whose seat the settings keep).
    void followGame(const Game &agreed, const std::optional<Game::NetworkSeat> &seat = {});

    // The last refusal (for the status line and tests).
    [[nodiscard]] const std::optional<Rejection> &lastRejection() const { return m_lastRejection; }

    // Game files (.jwgame, the engine's GameFile). Empty string: success, else why not.
    [[nodiscard]] QString saveGame(const QString &path);
    [[nodiscard]] QString openGame(const QString &path);
    [[nodiscard]] const QString &filePath() const { return m_path; }

    // Autosave: written after every accepted command, removed when a game is
    // closed on purpose; still there after a crash. `name`: the file's name, so that
    // two controllers (the game table's "autosave", the companion's) never overwrite
    // each other's.
    [[nodiscard]] static QString autosavePath(const QString &name = kAutosaveName);
    [[nodiscard]] static bool hasAutosave(const QString &name = kAutosaveName);
    [[nodiscard]] QString resumeAutosave();
    static void discardAutosave(const QString &name = kAutosaveName);
    void setAutosaveEnabled(bool on) { m_autosave = on; }
    void setAutosaveName(const QString &name) { m_autosaveName = name; }
    [[nodiscard]] const QString &autosaveName() const { return m_autosaveName; }
    static inline const QString kAutosaveName = QStringLiteral("autosave");

Q_SIGNALS:
    void gameStarted();
    // followGame(): a masked network game's setup grew (the other side's models revealed) or
    // it became the whole game at its end. The same game goes on: the engine (its units)
    // changed, the selection and the view stay. stateChanged() follows.
    void setupGrown();
    void stateChanged();
    void rejected(const QString &rule, const QString &message);
    void autosaveFailed(const QString &error);

private:
    void writeAutosave();
    QString adopt(GameFile::Loaded loaded, const QString &path);

    std::unique_ptr<DiceSource> m_dice; // before m_game: the game points into it
    std::unique_ptr<Game> m_game;
    std::optional<Rejection> m_lastRejection;
    QString m_path;
    Submit m_submit;
    bool m_autosave = true;
    QString m_autosaveName = kAutosaveName;
};

} // namespace jw
