// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace jw {

// The section of the rules a question of the engine comes from (DecisionRequest::kind):
// "Damage › Critical Hit" for "critical", in the form refusals name their rule
// (Rejection::rule), so that the table links it to the Rules Reference the same way.
// Empty for a kind that is no rule's own (a generic choice of model or weapon).
[[nodiscard]] QString decisionRule(const QString &kind);

} // namespace jw
