// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonValue>

#include <optional>

namespace jw::io {

// The whole number a JSON value holds when it is one from `min` to `max`;
// nullopt for anything else (a string, 2.5, 1e300, a value out of range).
// The range is checked before any conversion: converting a double outside
// the range of an integer type is undefined behaviour.
[[nodiscard]] std::optional<qint64> wholeNumber(const QJsonValue &v, qint64 min, qint64 max);

} // namespace jw::io
