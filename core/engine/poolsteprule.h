// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/attackpool.h"

#include <QString>

namespace jw {

// The section of the rules a step of a pool comes from ("Attack › Attack Bonus",
// "Traits › ECM"), by the kind of its reason (one line per kind, attackpool.cpp), for the
// attack preview's links to the Rules Reference; empty for a reason no section is named for.
[[nodiscard]] QString poolStepRule(const PoolStep &step);

} // namespace jw
