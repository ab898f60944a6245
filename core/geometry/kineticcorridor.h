// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "geometry/baseshape.h"

#include <QLineF>
#include <QPolygonF>

#include <vector>

// The Kinetic Cannon line (Weapons: Kinetic Cannon): a 1" wide line drawn along the
// shortest distance between the attacker's and the Primary Target's bases. Every other
// model the line contacts is a Secondary Target, attacked from the farthest to the nearest.

namespace jw {

inline constexpr double kKineticCannonLineWidth = 1.0;

// The centre line of the corridor: closestSegment(attacker, primary).
[[nodiscard]] QLineF corridorAxis(const BaseShape &attacker, const BaseShape &primary);

// The corridor: a rectangle `width` wide centred on the closest segment, from the
// attacker's base to the primary target's. Empty when the bases touch (no line to draw:
// nothing can stand between them). House ruling: where facing parallel edges give many
// shortest lines, the line is drawn through the middle of the stretch they share (the
// rules assume one shortest line).
[[nodiscard]] QPolygonF corridor(const BaseShape &attacker, const BaseShape &primary,
                                 double width = kKineticCannonLineWidth);

// The indexes into `others` of the bases the corridor contacts (touching counts: "touched
// by the line"), ordered from the farthest to the nearest from the attacker (the order the
// Secondary Targets are attacked in; distance base to base, ties by index). Entries equal
// to the attacker or the primary target are skipped, so a caller may pass every model.
[[nodiscard]] std::vector<int> basesTouchingCorridor(const BaseShape &attacker,
                                                     const BaseShape &primary,
                                                     const std::vector<BaseShape> &others,
                                                     double width = kKineticCannonLineWidth);

} // namespace jw
