#pragma once

#include "engine/message.h"

#include <QString>

#include <utility>

namespace jw {

// Why a command is refused: the rule that forbids it (its section in the rules,
// e.g. "Attack › Sensor Range") and a sentence with the particulars.
struct Rejection
{
    Rejection() = default;
    Rejection(QString rule, QString message, Message why = {})
        : rule(std::move(rule))
        , message(std::move(message))
        , why(std::move(why))
    { }
    // A refusal with its sentence typed: `message` is `why.english()`.
    Rejection(QString rule, const Message &why)
        : rule(std::move(rule))
        , message(why.english())
        , why(why)
    { }

    QString rule;
    QString message;
    // `message` typed (message.h): `message` is `why.english()`; empty for a refusal
    // not yet in the catalogue (the UI then shows `message`). The rule stays English:
    // it names a section of the English rules text.
    Message why = {};

    // `why`, or the plain `message` when it has none (to nest in another sentence).
    [[nodiscard]] Message whyMessage() const
    {
        return why.isEmpty() ? Message::plain(message) : why;
    }

    // The sentence in the application's language.
    [[nodiscard]] QString translatedMessage() const
    {
        return why.isEmpty() ? message : why.translated();
    }
    // toString() in the application's language (the rule stays English).
    [[nodiscard]] QString translatedString() const
    {
        return rule + QStringLiteral(": ") + translatedMessage();
    }

    [[nodiscard]] QString toString() const { return rule + QStringLiteral(": ") + message; }
    friend bool operator==(const Rejection &, const Rejection &) = default;
};

} // namespace jw
