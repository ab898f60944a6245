#pragma once

#include "engine/message.h"

#include <QJsonObject>
#include <QString>

namespace jw {

// Something that happened, for the game log and the replay viewer: a readable
// sentence and its data. `kind` is stable ("deployed", "moved", "attack",
// "roll", "damage", "critical", "state", "destroyed", "turn", "phase", ...).
struct GameEvent
{
    QString kind;
    QString text; // "JCS Vigilant moves 8\" and turns 45°."
    QJsonObject data; // ids, dice, numbers
    int player = -1; // whose action it is, -1 for none
    // Secret information (v1.2.4: models starting Embarked or In Reserve and
    // their cards, until they have been on the table): this player is shown
    // `publicText` instead of `text`.
    int secretFrom = -1;
    QString publicText;
    // `text` and `publicText` typed (message.h): `text` is `message.english()`. Empty
    // for an event of before the catalogue (the UI then shows `text`).
    Message message = {};
    Message publicMessage = {};

    // The sentence `viewer` may read (-1: everything, e.g. after the game).
    [[nodiscard]] const QString &textFor(int viewer) const
    {
        return viewer >= 0 && viewer == secretFrom ? publicText : text;
    }

    // The sentence `viewer` may read, in the application's language.
    [[nodiscard]] QString translatedFor(int viewer) const
    {
        const bool masked = viewer >= 0 && viewer == secretFrom;
        const Message &m = masked ? publicMessage : message;
        return m.isEmpty() ? textFor(viewer) : m.translated();
    }

    friend bool operator==(const GameEvent &, const GameEvent &) = default;
};

} // namespace jw
