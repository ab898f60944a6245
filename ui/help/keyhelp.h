// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>

namespace jw {

// A key a view handles itself (in its keyPressEvent, not through a QAction), as Help ›
// Keyboard Shortcuts lists it. Each view declares its keys beside the code that handles
// them (TableView::keyHelp(), DiceKeypad::keyHelp(), ...), so the two are read together.
struct KeyHelp
{
    QString keys; // "+ / −", "1 … 6", "Shift+Q"
    QString what; // "Zoom in / out"
};

} // namespace jw
