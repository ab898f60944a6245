// SPDX-License-Identifier: GPL-3.0-or-later
// Private to core/engine: "the table is the truth" on a physical table (docs/physical-table.md).
#pragma once

#include "engine/command.h"
#include "engine/rules/context.h"

namespace jw::rules {

// A card or the score corrected by hand (CorrectCommand): checked against the card, applied,
// logged as a "correction" event. Refused on a digital table (rule "Physical table").
void correct(Context &ctx, const CorrectCommand &c);

} // namespace jw::rules
