// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <functional>

class QAction;
class QMainWindow;
class QMenu;

namespace jw::help {

// The Help menu's entries before About: Rules Reference (F1), Getting Started,
// Keyboard Shortcuts (read from `window`'s actions when it opens).
void addHelpActions(QMenu *help, QMainWindow *window);
// Edit › Preferences… (QAction::PreferencesRole); `applied` runs after OK.
QAction *addPreferencesAction(QMenu *menu, QMainWindow *window, std::function<void()> applied);

} // namespace jw::help
