// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace jw {

class UnitDatabase;
struct Unit;

// The unit a person most likely meant by `typed`, a unit id or name that the database does not
// have ("valient", "Shan Yu", "javelinn"): the one whose id or name is fewest edits away,
// letters and digits only, case ignored; at equal distance a unit of `faction` first. Nullptr
// when nothing is close (more than a third of the letters wrong). Used by the fleet check
// ("did you mean ...?") and by jwfleet-cli's unit and cards commands.
[[nodiscard]] const Unit *closestUnit(const UnitDatabase &db, const QString &typed,
                                      const QString &faction = {});

} // namespace jw
