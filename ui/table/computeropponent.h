// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/aiplayer.h"

#include <QObject>
#include <QString>

#include <array>
#include <memory>
#include <optional>
#include <thread>

class QTimer;

namespace jw {

class Engine;
class GameController;

// The computer players of the game on the table (New Game: "Played by";
// PlayerSetup::computer). Whenever the player who must answer now is the computer, it
// thinks on a thread of its own (AiPlayer, with an Engine of its own built from the
// game's setup and a copy of the state: the table's engine is never shared), then sends
// its command through the GameController with its reason, which the game log shows. The
// table stays responsive meanwhile: the person may look around, save, quit or undo; a
// state that changed while it thought (an undo, another game) is never answered, it
// thinks again. Decides no rule: the engine refuses what it may not do.
class ComputerOpponent : public QObject
{
    Q_OBJECT
public:
    explicit ComputerOpponent(GameController *controller, QObject *parent = nullptr);
    ~ComputerOpponent() override; // waits for a decision under way (at most about 1 s)

    // Who plays each side of the game on the table (the setup's `computer`).
    [[nodiscard]] std::optional<AiLevel> level(int player) const;
    [[nodiscard]] bool isComputer(int player) const { return level(player).has_value(); }
    [[nodiscard]] bool anyComputer() const { return isComputer(0) || isComputer(1); }
    // The person at the screen when the other side is the computer; -1 when both sides are
    // the computer (a game watched) or both are people (hot-seat: the one to act).
    [[nodiscard]] int person() const;
    // The player the computer answers for now (-1: a person's turn, or the game is over).
    [[nodiscard]] int toDecide() const;

    [[nodiscard]] bool thinking() const { return m_thinking; }
    // Between two commands of the computer, so that a person can follow them (ms; tests: 0).
    void setPace(int ms) { m_pace = ms; }
    [[nodiscard]] int pace() const { return m_pace; }
    // Paused: it sends nothing until resumed (a game watched, step by step).
    void setPaused(bool paused);
    [[nodiscard]] bool paused() const { return m_paused; }
    // Could not find a command the engine accepts: stopped, with the reason (stuck()).
    [[nodiscard]] const QString &stuckReason() const { return m_stuck; }

    // Edit › Undo on a game with the computer: its commands since the person's last one,
    // and that one (while each may be undone: no dice rolled, nothing revealed). False when
    // nothing was undone.
    bool undoOwnLast();
    // What the person's last command was, for Edit › Undo's text; false: none may be undone.
    [[nodiscard]] bool canUndoOwnLast() const;

    // Hint: what the computer (careful level) would do now for the person who must answer,
    // with its reason; hintReady() when found (on its thread, like a move).
    void requestHint();
    [[nodiscard]] const std::optional<AiChoice> &hint() const { return m_hint; }

    // Tests: processes events until the computer has nothing to do (the person's turn, the
    // game over, paused or stuck); false when `ms` ran out first.
    bool waitIdle(int ms);

Q_SIGNALS:
    void thinkingChanged(bool thinking);
    void hintReady(const QString &text);
    void stuck(const QString &why);

private:
    struct Result
    {
        std::uint64_t generation = 0;
        bool hint = false;
        std::optional<AiChoice> choice;
        double cpuMs = 0;
    };
    void gameStarted();
    void schedule();
    void think();
    void finished(Result result);
    void setThinking(bool on);
    void join();

    GameController *m_controller;
    QTimer *m_timer;
    std::shared_ptr<const Engine> m_engine; // its own, built from the game's setup
    std::array<std::unique_ptr<AiPlayer>, 2> m_players;
    std::unique_ptr<AiPlayer> m_hinter;
    std::thread m_thread;
    std::uint64_t m_generation = 0; // the state it may answer; bumped at every change
    bool m_thinking = false;
    bool m_hintWanted = false;
    bool m_paused = false;
    int m_pace = 450;
    int m_refusedInARow = 0;
    QString m_stuck;
    std::optional<AiChoice> m_hint;
};

} // namespace jw
