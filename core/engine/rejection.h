#pragma once

#include <QString>

namespace jw {

// Why a command is refused: the rule that forbids it (its section in the rules,
// e.g. "Attack › Sensor Range") and a sentence with the particulars.
struct Rejection
{
    QString rule;
    QString message;

    [[nodiscard]] QString toString() const { return rule + QStringLiteral(": ") + message; }
    friend bool operator==(const Rejection &, const Rejection &) = default;
};

} // namespace jw
