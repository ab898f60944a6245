// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "units/unit.h"

#include <QJsonObject>

#include <optional>

namespace jw {

// Every field of a unit as JSON (the CLI's `unit --json`; stable key names,
// the same as the YAML schema's where one exists).
[[nodiscard]] QJsonObject unitToJson(const Unit &unit);
// The reverse of unitToJson (saved games carry the units they were played
// with). Nullopt, with *error set, when a field is missing or of the wrong type.
[[nodiscard]] std::optional<Unit> unitFromJson(const QJsonObject &o, QString *error = nullptr);

// The short form of `units --json`: id, name, faction, type, tv, uc, provisional.
[[nodiscard]] QJsonObject unitSummaryJson(const Unit &unit);
// {"default": {"kind": "estimate"}, "tv": {"kind": "card", "where": "v1.2.3"}, ...}
[[nodiscard]] QJsonObject sourcesJson(const Unit &unit);

} // namespace jw
