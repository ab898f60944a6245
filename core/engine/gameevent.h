#pragma once

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

    friend bool operator==(const GameEvent &, const GameEvent &) = default;
};

} // namespace jw
