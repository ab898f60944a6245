// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "dice/diceresult.h"
#include "engine/gameevent.h"

#include <QWidget>

#include <vector>

class QLabel;
class QVBoxLayout;

namespace jw {

class Engine;
struct GameState;

// One roll as the engine logged it (a "roll" event's data: dice, macro, removed, rolled,
// result, purpose); never read from the event's sentence.
struct RollFaces
{
    QString purpose; // "attack", "attack-reroll", "point-defense", "barrier", ...
    std::vector<int> dice; // base and flex faces as rolled
    std::vector<int> macro; // macro faces
    int macroSign = 0; // +1 escalating, -1 diminishing, 0 none
    std::vector<int> removed; // flex dice dropped
    DiceResult matched; // the kept dice's matches, before the macro dice
    DiceResult result; // after the macro dice

    // From a "roll" event's data; false when it is not a roll with dice.
    bool read(const GameEvent &event);
    // The faces kept (the dice less the dropped ones).
    [[nodiscard]] std::vector<int> kept() const;
    // Whether a macro die of this face changed a match (its value matches a success).
    [[nodiscard]] bool macroHits(int face) const;
};

// The dice of one roll drawn as dice faces: the matching sets grouped side by side, each
// set in its own colour with its result under it ("[T6]"), the dice that match nothing
// plain, the dropped flex dice struck through, and the macro dice apart on the right (warm
// when they escalate, cold when they diminish), outlined when they change a result.
class DiceWidget : public QWidget
{
    Q_OBJECT
public:
    explicit DiceWidget(QWidget *parent = nullptr);

    void setRoll(const RollFaces &roll);
    [[nodiscard]] const RollFaces &roll() const { return m_roll; }

    // The order the dice are drawn in (the faces; grouped matches first), for tests.
    [[nodiscard]] std::vector<int> drawnOrder() const;
    [[nodiscard]] int groupCount() const;

    [[nodiscard]] QSize sizeHint() const override;
    [[nodiscard]] QSize minimumSizeHint() const override;
    [[nodiscard]] bool hasHeightForWidth() const override { return true; }
    [[nodiscard]] int heightForWidth(int width) const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    struct Slot
    {
        int face = 0;
        int group = -1; // index of its matching set, -1 none
        bool dropped = false;
        bool macro = false;
        QRectF rect;
    };
    [[nodiscard]] std::vector<Slot> layout(int width) const;
    [[nodiscard]] QString caption(const Slot &slot) const; // "[T6]", "dropped", "macro +"
    [[nodiscard]] int dieSide() const;

    RollFaces m_roll;
};

// Paints one die face with pips (shared by the dice widgets).
void paintDie(QPainter &p, const QRectF &r, int face, const QColor &fill, const QColor &pips,
              const QColor &edge, qreal edgeWidth = 1.5);

// The colour of the n-th matching set of a roll (readable on light and dark panels).
[[nodiscard]] QColor matchColour(int n);

// What happened in an attack, from the events of the command that resolved it: for each
// roll at its target, the dice (the attack's, a re-roll's, the Point Defense or Barrier
// that opposed it) and one plain sentence. Reads the events' data only.
class AttackResultView : public QWidget
{
    Q_OBJECT
public:
    explicit AttackResultView(QWidget *parent = nullptr);

    // False (and nothing shown) when the events hold no attack roll.
    bool setEvents(const std::vector<GameEvent> &events, const Engine &engine,
                   const GameState &state);
    void clear();

    [[nodiscard]] QStringList sentences() const { return m_sentences; }
    [[nodiscard]] std::vector<DiceWidget *> diceWidgets() const { return m_dice; }

private:
    QVBoxLayout *m_layout = nullptr;
    QStringList m_sentences;
    std::vector<DiceWidget *> m_dice;
};

} // namespace jw
