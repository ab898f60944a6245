// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/message.h"

namespace jw {

// Every sentence of the engine's catalogue (messagelist.h), by name. Included by
// the files that write one; the others see the opaque declaration of message.h.
//
// The list is included through a macro so that lupdate, which follows literal
// #includes and then skips the file, reads it once as a source of its own.
#define JW_MESSAGE_LIST "engine/messagelist.h"
enum class MsgId : quint16 {
    None, // no message: the text is plain (a name, a fragment computed elsewhere)
#define JW_MESSAGE(id, text) id,
#include JW_MESSAGE_LIST
#undef JW_MESSAGE
    Count
};

} // namespace jw
