// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fleet/fleet.h"
#include "fleet/fleetreport.h"

namespace jw {

class UnitDatabase;

// Checks a fleet against the fleet rules of its rules profile (Fleet chapter,
// RULINGS.md 2) and its carrier plan (States › Embarked, Traits › Hangers, Dock).
// Every problem names its rule (FleetRule), the entries involved and the numbers.
//
// Where the rules leave a point open, the ruling is ours (FleetRule::houseRuling):
// - Percentages are of the points limit; thresholds round up (25% of 250 = 63),
//   both for "at least" and "at most" (Catch-All Rules › Rounding).
// - A model with the Static trait counts toward "Upgrades and static defenses"
//   only: not toward the Capital Ships share. An upgrade's TV counts toward that
//   share only, not toward Squadrons.
// - Escort changes when a ship deploys, nothing else: an Escort ship is a Capital
//   Ship for the shares and embarks only on a Dock.
// - A unit of another faction is an error; so is an unknown unit, faction,
//   upgrade or rules profile.
// - A unit with no UC in the data is not capped (a warning in Unit Cap profiles).
// - A limit must be a positive number. A total under 90% of the limit is a warning.
// - An upgrade a profile does not offer is an error naming the profile; v1.2.4
//   has upgrade cards jwfleet does not have: a warning that it cannot check them.
// - A verdict resting on jwfleet's estimates (a Threat Value, or a Unit Cap in
//   a Unit Cap profile, that no rules text or card publishes) is a warning
//   (unpublished-values) and FleetReport::estimates lists the entries.
// - Every error carries a fix with the numbers (FleetProblem::fix).
// - A Capital Ship starting docked is allowed with a warning: the rules allow it
//   "if the scenario allows", and the standard deployment types forbid it.
//   Squadrons on a docked Capital Ship: the same ("if the scenario allows").
//   Anything else embarked on an embarked model is an error.
[[nodiscard]] FleetReport validateFleet(const Fleet &fleet, const UnitDatabase &db);

} // namespace jw
