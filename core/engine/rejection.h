// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/message.h"

#include <QString>

#include <utility>

namespace jw {

// Why a command is refused: the rule that forbids it (its section in the rules,
// e.g. "Attack › Sensor Range") and a typed sentence with the particulars
// (message.h), from which the English and translated texts are derived.
struct Rejection
{
    Rejection() = default;
    Rejection(QString rule, Message why)
        : rule(std::move(rule))
        , why(std::move(why))
    { }

    // The rule stays English: it names a section of the English rules text.
    QString rule;
    Message why;

    // The English sentence (play, its --json, the saved game's refusals).
    [[nodiscard]] QString message() const { return why.english(); }
    // The sentence, to nest in another sentence.
    [[nodiscard]] const Message &whyMessage() const { return why; }

    // The sentence in the application's language.
    [[nodiscard]] QString translatedMessage() const { return why.translated(); }
    // toString() in the application's language (the rule stays English).
    [[nodiscard]] QString translatedString() const
    {
        return rule + QStringLiteral(": ") + translatedMessage();
    }

    [[nodiscard]] QString toString() const { return rule + QStringLiteral(": ") + message(); }
    friend bool operator==(const Rejection &, const Rejection &) = default;
};

} // namespace jw
