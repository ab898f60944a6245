// SPDX-License-Identifier: GPL-3.0-or-later
// Private to core/engine: the rule modules of States (Assaulting, Boarded, Return to Base,
// Withdrawn; secret information).
#pragma once

#include "engine/rules/context.h"

#include "geometry/movement.h"

namespace jw::rules {

void withdrawModel(Context &ctx, int model, const Message &text);

void returnToBase(Context &ctx, int model);

void assaultingAtActivation(Context &ctx, int model);

void boardedFirefight(Context &ctx, int model);

void revealAndMaskSecrets(Context &ctx);

} // namespace jw::rules
