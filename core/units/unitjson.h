#pragma once

#include "units/unit.h"

#include <QJsonObject>

namespace jw {

// Every field of a unit as JSON (the CLI's `unit --json`; stable key names,
// the same as the YAML schema's where one exists).
[[nodiscard]] QJsonObject unitToJson(const Unit &unit);
// The short form of `units --json`: id, name, faction, type, tv, uc, provisional.
[[nodiscard]] QJsonObject unitSummaryJson(const Unit &unit);

} // namespace jw
