// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "units/datatext.h"

#include <QString>

namespace jw::io {

// Names (players, fleets, campaigns, units, scenarios' sides) are shown in
// tables, cards and a terminal: a control character breaks the table or
// colours the terminal, and a name of 100 KB is a mistake. Free text (notes)
// may hold line breaks and tabs.
inline constexpr int kMaxNameLength = 120;
inline constexpr int kMaxTextLength = 20'000;

// Why `text` may not be a name: a control character (with its code), a
// character that reorders text (bidirectional overrides), a broken UTF-16
// pair, or more than `maxLength` characters. Empty when it may be.
[[nodiscard]] QString nameProblem(const QString &text, int maxLength = kMaxNameLength);

// The same for free text: line breaks and tabs are allowed.
[[nodiscard]] QString textProblem(const QString &text, int maxLength = kMaxTextLength);

// The same as sentences that can be translated (empty when there is no problem).
[[nodiscard]] DataText nameProblemText(const QString &text, int maxLength = kMaxNameLength);
[[nodiscard]] DataText textProblemText(const QString &text, int maxLength = kMaxTextLength);

} // namespace jw::io
