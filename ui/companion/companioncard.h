// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "help/keyhelp.h"

#include "render/cardlayout.h"
#include "render/cardmarks.h"

#include <QFrame>

#include <optional>

class QLabel;
class QToolButton;

namespace jw {

class Engine;
struct GameState;

// One model of a tracked game, large enough to read from a metre away: its name,
// where it is and what it carries (Activated, Fire Control used, Fuel, its States,
// tokens), and its unit card painted by the one CardPainter with the boxes the
// game has marked (render/cardmarks.h). A click on the card selects the model; a
// click on a damage box asks to mark or clear it (a correction: the table is the
// truth). Shows the game; changes nothing itself.
// The boxes a track, weapon line or trait is to have marked after a click on its box
// `boxIndex` (printed order) of `boxCount`: marks run from the top of a track or trait
// and from the first box of a weapon line (render/cardmarks.h), so a click on an
// unmarked box marks it and every box before it in that order, and a click on a
// marked box clears it and every box after it.
[[nodiscard]] int boxesAfterClick(CardBoxOwner owner, int boxIndex, int boxCount, bool marked);

class CompanionCard : public QFrame
{
    Q_OBJECT
public:
    explicit CompanionCard(int model, QWidget *parent = nullptr);

    [[nodiscard]] int model() const { return m_model; }
    // `asked`: the pending question is about this model (outlined, and said so).
    void showModel(const Engine &engine, const GameState &state, bool active, bool selected,
                   bool asked = false);
    // Two models of a fleet may share a name ("Wyvern"): their cards are numbered after it,
    // "Wyvern (2 of 2)", so that the players know which miniature a card is.
    void setNumber(int number, int of);

    [[nodiscard]] const CardMarks &marks() const { return m_marks; }
    [[nodiscard]] const CardLayout *cardLayout() const { return m_layout ? &*m_layout : nullptr; }
    [[nodiscard]] QLabel *titleLabel() const { return m_title; }
    [[nodiscard]] QLabel *statusLabel() const { return m_status; }
    [[nodiscard]] QToolButton *statesButton() const { return m_states; }
    // Corrections offered (the engine takes them): the boxes and the States menu react.
    void setCorrectable(bool on);
    // Where a box is drawn in this widget (for tests and the keyboard); empty when not shown.
    [[nodiscard]] QRect boxRect(CardBoxOwner owner, int ownerIndex, int boxIndex) const;

    // The keys its keyPressEvent handles (Help › Keyboard Shortcuts).
    [[nodiscard]] static QList<KeyHelp> keyHelp();

    // The box the keyboard is on (arrows move it, Space/Enter toggle it as a click does,
    // + and - mark one more or one fewer of its track): none until an arrow key.
    struct BoxKey
    {
        CardBoxOwner owner = CardBoxOwner::None;
        int ownerIndex = -1;
        int boxIndex = -1;
        bool operator==(const BoxKey &) const = default;
    };
    [[nodiscard]] std::optional<BoxKey> keyboardBox() const { return m_box; }
    // What a screen reader says of the keyboard's box: the track (weapon line, trait) as the
    // card prints it, the box's place and whether it is marked; empty without one.
    [[nodiscard]] QString keyboardBoxText() const;

Q_SIGNALS:
    void selected(int model);
    // A damage box was clicked: the track (weapon line, trait) of `owner`/`ownerIndex` is
    // to have `boxes` boxes marked (boxesAfterClick).
    void boxClicked(int model, CardBoxOwner owner, int ownerIndex, int boxes);
    // A state chosen in the States menu: set (`on`) or cleared; "activated": the flag.
    void stateToggled(int model, const QString &state, bool on);

protected:
    void mousePressEvent(QMouseEvent *event) override;
    // Tab reaches a card (a frame shows it); Space selects its model.
    void keyPressEvent(QKeyEvent *event) override;
    // Enter on a box toggles it rather than answering the companion's question.
    bool event(QEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;

private:
    class Face;
    friend class Face;
    void faceClicked(QPointF at);
    // The boxes that can be corrected, grouped by their track (weapon line, trait) in the
    // card's order, each group in printed order.
    [[nodiscard]] std::vector<std::vector<const CardField *>> boxGroups() const;
    [[nodiscard]] const CardField *boxField(const BoxKey &key) const;
    // How many boxes of the track (weapon line, trait) that `box` is on are marked.
    [[nodiscard]] int markedOnTrackOf(const CardField &box) const;
    // Moves the keyboard's box: `groupStep` tracks, `boxStep` boxes.
    void moveBox(int groupStep, int boxStep);
    void updateDescription();

    std::optional<BoxKey> m_box;
    QString m_statusText; // the status line as plain text (the accessible description)

    int m_model = -1;
    QLabel *m_title = nullptr;
    QLabel *m_status = nullptr;
    QToolButton *m_states = nullptr;
    Face *m_face = nullptr;
    std::optional<CardLayout> m_layout;
    QString m_layoutKey; // unit and name the layout was made for
    CardMarks m_marks;
    quint32 m_flags = 0;
    bool m_activated = false;
    int m_number = 0; // of m_numberOf models of the fleet with its name (0: its name is its own)
    int m_numberOf = 0;
    bool m_correctable = false;
};

} // namespace jw
