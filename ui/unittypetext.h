// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "units/unit.h"

#include <QString>

namespace jw {

// A unit type as the interface shows it, in the application's language ("Capital Ship",
// "Großkampfschiff"); unitTypeName() is its English, for files and the CLI.
[[nodiscard]] QString unitTypeText(UnitType type);

} // namespace jw
