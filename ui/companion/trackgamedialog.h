// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "table/newgamedialog.h"

class QComboBox;

namespace jw {

// Track a Game: the New Game dialog (fleets, players, scenario, rules profile,
// Initiative, its checks) for a game played with miniatures on a physical table,
// plus where the dice come from: rolled on the table and typed in, or rolled by
// the app. Its setup is the New Game setup with GameSetup::table Physical.
class TrackGameDialog : public NewGameDialog
{
    Q_OBJECT
public:
    explicit TrackGameDialog(const UnitDatabase &db, QWidget *parent = nullptr);

    // True: the dice are rolled on the table and typed in (the default).
    void setTypedDice(bool typed);
    [[nodiscard]] bool typedDice() const;
    [[nodiscard]] QComboBox *diceChoice() const { return m_dice; }

    // The New Game setup, on a physical table.
    [[nodiscard]] std::optional<GameSetup> trackedSetup(QString *error = nullptr) const;

private:
    QComboBox *m_dice = nullptr;
};

} // namespace jw
