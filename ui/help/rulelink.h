// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "units/dataissue.h"

#include <QString>

#include <vector>

class QLabel;

namespace jw::help {

// A rule's name as rich text: a link that opens the Rules Reference at its
// section ("jwrule:Attack › Sensor Range"), or the escaped name alone when the
// reference has no such section.
[[nodiscard]] QString ruleLink(const QString &rule);
// `shown` (plain text, in the user's language: a reason, a trait's name) as a link to the
// section of `rule`; `shown` escaped alone when the reference has no such section.
[[nodiscard]] QString ruleLink(const QString &rule, const QString &shown);
// A link to the section `rule` names, shown as that section's name in the Rules Reference
// ("Traits › Sniper", "Rules profiles" for "profiles"); "" when the reference has none.
[[nodiscard]] QString sectionLink(const QString &rule);
// The sections of the rules data file problems are about (dataIssueRule), each once, as
// sectionLink()s joined by ", "; "" when none is about a rule.
[[nodiscard]] QString dataIssueRuleLinks(const std::vector<DataIssue> &issues);
// The rule a ruleLink() link names ("" for another link).
[[nodiscard]] QString ruleOfLink(const QString &link);
// `text` for a rich-text label: <, > and & escaped (quotes, such as inches, kept).
[[nodiscard]] QString escaped(QString text);
// Lets `label` follow rule links (mouse and keyboard) to the Rules Reference.
void followRuleLinks(QLabel *label);

} // namespace jw::help
