// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/gamestate.h"

#include <QDialog>

#include <memory>

class QComboBox;
class QLabel;
class QListWidget;
class QSlider;
class QTimer;

namespace jw {

class Game;
class DiceSource;
class TableScene;
class TableView;

// Replays a game command by command (from a saved game or the one being
// played): step forward and back, jump to any turn or activation. Asks the
// Game for the states (it rebuilds them from its snapshots); plays nothing on it.
class ReplayViewer : public QDialog
{
    Q_OBJECT
public:
    // Shows a copy of `game` (loaded from its file, or the game at the table).
    // `viewer` (0 or 1): the player at the screen, who reads what the other keeps
    // secret (v1.2.4) masked; -1: everything.
    ReplayViewer(std::unique_ptr<Game> game, std::unique_ptr<DiceSource> dice,
                 QWidget *parent = nullptr, int viewer = -1);
    ~ReplayViewer() override;

    // Opens a .jwgame; null (and `error`) when it cannot be read.
    [[nodiscard]] static ReplayViewer *fromFile(const QString &path, QString *error,
                                                QWidget *parent = nullptr);
    // Opens on a copy of the game being played, at its last command: the live
    // game goes on undisturbed (the copy is never played on). Until the game is
    // over, the player to act (or to answer) reads the other's secrets masked.
    [[nodiscard]] static ReplayViewer *fromGame(const Game &game, QWidget *parent = nullptr);

    [[nodiscard]] int position() const { return m_position; } // commands applied
    [[nodiscard]] int commandCount() const;
    void setPosition(int commands);
    void stepForward() { setPosition(m_position + 1); }
    void stepBack() { setPosition(m_position - 1); }
    // The first position of a turn / of the n-th activation (in order of play).
    [[nodiscard]] int turnStart(int turn) const;
    [[nodiscard]] QComboBox *jumpBox() const { return m_jump; }
    [[nodiscard]] QLabel *positionLabel() const { return m_label; }
    [[nodiscard]] QListWidget *eventList() const { return m_events; }
    // The state shown (after position() commands).
    [[nodiscard]] const GameState &shownState() const;
    [[nodiscard]] TableScene *scene() const { return m_scene; }
    [[nodiscard]] TableView *view() const { return m_view; }

private:
    // Idle time after a step: the Game builds the state of the next step the same way
    // (one command applied forwards; the block before, backwards), so that the step
    // itself finds it at hand (docs/performance.md, "Game history").
    void prepareNextStep();
    // The index-th command in words ("Dave activates Alexander: Evade."), played on `before`.
    [[nodiscard]] QString commandText(int index, const GameState &before) const;
    // Whether the viewer may not know `model` (hidden in the game's latest state).
    [[nodiscard]] bool hiddenFromViewer(int model) const;

    std::unique_ptr<DiceSource> m_dice;
    std::unique_ptr<Game> m_game;
    TableScene *m_scene = nullptr;
    TableView *m_view = nullptr;
    QSlider *m_slider = nullptr;
    QLabel *m_label = nullptr;
    QListWidget *m_events = nullptr;
    QComboBox *m_jump = nullptr;
    int m_position = 0;
    int m_direction = 1; // of the last step: where the next one probably goes
    QTimer *m_prepare = nullptr;
    int m_viewer = -1;
};

} // namespace jw
