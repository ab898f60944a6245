// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class QLabel;

namespace jw::help {

// A rule's name as rich text: a link that opens the Rules Reference at its
// section ("jwrule:Attack › Sensor Range"), or the escaped name alone when the
// reference has no such section.
[[nodiscard]] QString ruleLink(const QString &rule);
// The rule a ruleLink() link names ("" for another link).
[[nodiscard]] QString ruleOfLink(const QString &link);
// `text` for a rich-text label: <, > and & escaped (quotes, such as inches, kept).
[[nodiscard]] QString escaped(QString text);
// Lets `label` follow rule links (mouse and keyboard) to the Rules Reference.
void followRuleLinks(QLabel *label);

} // namespace jw::help
