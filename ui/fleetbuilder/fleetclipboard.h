// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fleet/fleet.h"

#include <QList>

#include <vector>

class QMimeData;

namespace jw {

class UnitDatabase;

// Fleet entries on the clipboard, to paste into another fleet: a type of our own (JSON: the
// unit, its custom name, its upgrades, and which copied entry it starts embarked on) and the
// same list as plain text for anything else.
namespace fleetclipboard {

inline constexpr const char *MimeType = "application/x-jwfleet-entries";
// At most this many entries are read back (a clipboard is anyone's to fill).
inline constexpr int kMaxEntries = 500;

// The entries `indexes` of `fleet`; an entry embarked on one that is not copied starts on
// the table.
[[nodiscard]] QMimeData *toMimeData(const Fleet &fleet, const QList<int> &indexes,
                                    const UnitDatabase &db);
// The entries of our type, their embarkedOn an index into the returned list; nothing when the
// data is not ours or not well formed (a bad entry is left out).
[[nodiscard]] std::vector<FleetEntry> fromMimeData(const QMimeData *mime);
[[nodiscard]] bool hasEntries(const QMimeData *mime);

} // namespace fleetclipboard
} // namespace jw
