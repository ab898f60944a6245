// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "units/dataissue.h"

#include <QString>

namespace jw {

// The section of the rules a problem of a data file is about, as a Rules Reference
// reference ("Traits › Sniper" for a weapon trait put on a model, "Weapons › Lance",
// "profiles"), by the kind of its sentence (one line per kind, dataissuerule.cpp); empty for
// a problem of the file's form (a key, a number, the YAML), which no section of the rules is
// about.
[[nodiscard]] QString dataIssueRule(const DataIssue &issue);

} // namespace jw
