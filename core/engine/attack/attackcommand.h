// SPDX-License-Identifier: GPL-3.0-or-later
// Private to core/engine: the rule modules of Attack (an AttackCommand of the active model).
#pragma once

#include "engine/rules/context.h"

#include "geometry/movement.h"

namespace jw::rules {

void attack(Context &ctx, const AttackCommand &c);

} // namespace jw::rules
