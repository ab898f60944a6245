// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/attack.h"
#include "engine/attackpool.h"

#include <QString>

namespace jw {

// The section of the rules a step of a pool comes from ("Attack › Attack Bonus",
// "Traits › ECM"), by the kind of its reason (one line per kind, attackpool.cpp), for the
// attack preview's links to the Rules Reference; empty for a reason no section is named for.
[[nodiscard]] QString poolStepRule(const PoolStep &step);

// The same for a step of a defence roll's pool (AttackDefence::steps): its Base Pool, the
// defender's Defense rating, comes from the rule of the roll (Attack › Point Defense, or
// Traits › Barrier for a Barrier), the rest as poolStepRule().
[[nodiscard]] QString defenceStepRule(const AttackDefence &defence, const PoolStep &step);

// The section of the rules a rule the attack preview lists "After the roll" comes from
// (AttackPreview::resultRules), by the kind of its name: a name with its model ("Kestrel's
// Shield") opens its trait (Traits › Shield); a name the table does not know, its own
// English (ResultRule::rule).
[[nodiscard]] QString resultRuleSection(const ResultRule &rule);

} // namespace jw
