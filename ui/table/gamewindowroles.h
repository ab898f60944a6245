// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The item data roles of the Game Table's lists (Actions, weapons, targets, the
// decision's options, embarked models, the log): what model, weapon, target or
// option a row stands for. The game window sets them; tests that click rows read them.
#include <Qt>

namespace jw::GameWindowRole {

enum : int {
    Kind = Qt::UserRole + 1, // a log row's event kind ("roll", ...)
    Model, // a model's id
    Action, // an Action's key
    Weapon, // a weapon's index on its unit
    Target, // a target model's id
    Option, // a decision option's index
    Terrain, // a terrain piece (GameState::terrain index) the Action resolves against
};

} // namespace jw::GameWindowRole
