// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fleet/fleet.h"
#include "fleet/fleetreport.h"
#include "render/cardlayout.h"
#include "render/rosterpainter.h"

#include <QStringList>

#include <vector>

namespace jw {

class UnitDatabase;

// The cards of a fleet: one per model, in list order.
struct FleetCards
{
    std::vector<CardLayout> layouts;
    std::vector<int> entries; // the Fleet::entries index of each layout
    QStringList skipped; // entries not printed (unknown unit), one message each
};

// A fleet list made ready to print: the roster page's data and the cards. Every
// model gets its own card (damage is tracked per model), headed by the model's
// own name when it has one, with its upgrades listed after the traits.
class FleetPrint
{
public:
    [[nodiscard]] static RosterData roster(const Fleet &fleet, const FleetReport &report,
                                           const UnitDatabase &db);
    // `options`: the size and style of every card (names and upgrades are set here).
    [[nodiscard]] static FleetCards cards(const Fleet &fleet, const UnitDatabase &db,
                                          const CardOptions &options = {});
};

} // namespace jw
