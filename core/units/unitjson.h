// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "units/datatext.h"

#include "units/unit.h"

#include <QJsonObject>

#include <optional>

namespace jw {

// Every field of a unit as JSON (the CLI's `unit --json`; stable key names,
// the same as the YAML schema's where one exists).
[[nodiscard]] QJsonObject unitToJson(const Unit &unit);
// The reverse of unitToJson (saved games carry the units they were played
// with). Nullopt, with *error set, when a field is missing or of the wrong type.
// `error`: why not, in English; `why`: the same as a sentence to translate. Either may be null.
[[nodiscard]] std::optional<Unit> unitFromJson(const QJsonObject &o, QString *error = nullptr,
                                               DataText *why = nullptr);

// The short form of `units --json`: id, name, faction, type, tv, uc, provisional.
[[nodiscard]] QJsonObject unitSummaryJson(const Unit &unit);
// {"default": {"kind": "estimate"}, "tv": {"kind": "card", "where": "v1.2.3"}, ...}
[[nodiscard]] QJsonObject sourcesJson(const Unit &unit);

} // namespace jw
