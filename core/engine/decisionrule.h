// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace jw {

// The section of the rules a question of the engine comes from (DecisionRequest::kind):
// "Damage › Critical Hit" for "critical", in the form refusals name their rule
// (Rejection::rule), so that the table links it to the Rules Reference the same way.
// Empty for a kind that is no rule's own (a generic choice of model or weapon).
[[nodiscard]] QString decisionRule(const QString &kind);

// The section the Rules Reference opens for a refusal's rule (Rejection::rule, which stays as
// it is: it is part of the refusal's English): the rule itself, except the two names that are
// not headings of the rules texts. "Dice" (a face that is not 1 to 6, more or fewer faces than
// the roll has dice, no roll waiting) opens Dice System, the chapter that says what a roll is.
// "Decision" (an answer to a question of the engine that is not one of its options, or comes
// when none is asked, or another command while one waits) is "": it is about the program's
// questions, which no section of the rules is about; the question itself links the rule it
// comes from (decisionRule()).
[[nodiscard]] QString refusalRule(const QString &rule);

} // namespace jw
