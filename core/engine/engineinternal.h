// SPDX-License-Identifier: GPL-3.0-or-later
// Kept for the files that include it by its old name: the rule modules' shared parts
// are rules/context.h now.
#pragma once

#include "engine/rules/context.h"
