// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/message.h"

#include <QJsonObject>
#include <QString>

namespace jw {

// Something that happened, for the game log and the replay viewer: a typed
// sentence and its data. `kind` is stable ("deployed", "moved", "attack",
// "roll", "damage", "critical", "state", "destroyed", "turn", "phase", ...).
// The sentence is kept once, typed (message.h); its English and translated
// texts are derived from it by the one formatter (Message::format).
struct GameEvent
{
    QString kind;
    Message message; // "JCS Vigilant moves 8\" and turns 45°."
    QJsonObject data; // ids, dice, numbers
    int player = -1; // whose action it is, -1 for none
    // Secret information (v1.2.4: models starting Embarked or In Reserve and
    // their cards, until they have been on the table): this player is shown
    // `publicMessage` instead of `message`.
    int secretFrom = -1;
    Message publicMessage = {};

    // The English sentence (play, its --json, the saved log).
    [[nodiscard]] QString text() const { return message.english(); }
    [[nodiscard]] QString publicText() const { return publicMessage.english(); }
    [[nodiscard]] bool maskedFor(int viewer) const { return viewer >= 0 && viewer == secretFrom; }

    // The English sentence `viewer` may read (-1: everything, e.g. after the game).
    [[nodiscard]] QString textFor(int viewer) const
    {
        return maskedFor(viewer) ? publicText() : text();
    }

    // The sentence `viewer` may read, in the application's language.
    [[nodiscard]] QString translatedFor(int viewer) const
    {
        return (maskedFor(viewer) ? publicMessage : message).translated();
    }

    friend bool operator==(const GameEvent &, const GameEvent &) = default;
};

} // namespace jw
