// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/message.h"
#include "units/datatext.h"

namespace jw {

// An engine's sentence as a DataText, for a sentence sent to another program (the engine's
// refusal of a command nested in a refusal sent over the network): the same English, its
// translation, and as DataText::toJson() the engine's template and arguments, so that the
// other program shows it in its user's language (DataText looks a key it does not have among
// the data sentences up among the engine's). A Decimal argument goes as DataText::decimal():
// the reader writes its own locale's decimal point ("6,5" in German), an older reader its
// English ("6.5"). A sentence DataText::fromJson() would not read (nested too deep, too long)
// is tried with its decimals as their English (one level less deep), then is its English and
// translation, sent as its English.
[[nodiscard]] DataText messageText(const Message &m);

} // namespace jw
