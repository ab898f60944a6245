// SPDX-License-Identifier: GPL-3.0-or-later
// Private to core/engine: what the rules ask of the table on a physical table
// (GameSetup::physical(), docs/physical-table.md). Models there have no positions in the
// engine: whatever a rule would measure, the players answer, as decisions of the engine asked
// through the Chooser of the command being resolved (kinds "table-range", "table-arc",
// "table-facing", "table-near", "table-who", "table-through", "table-beacons", "table-move").
// On jwfleet's
// own table the rules measure (geometry/) and nothing here is asked.
#pragma once

#include "engine/attackpool.h"
#include "engine/decision.h"
#include "engine/engine.h"
#include "engine/gamesetup.h"
#include "engine/gamestate.h"
#include "engine/message.h"
#include "geometry/placement.h"
#include "geometry/sensorrange.h"

#include <map>
#include <vector>

namespace jw::rules {

// Where a model stands in the engine on a physical table: a spot of its own, far off the
// table and far from every other model's, so that no rule that measures (overlaps,
// interceptions, terrain, 3" auras) finds anything near it by accident. What the rules need
// to know of the real table, they ask (TableQuestions).
[[nodiscard]] Placement physicalSpot(int model);
// The stand-in of `player`'s `index`-th Beacon marker (from 0) in the engine on a physical
// table: off the table (where the players put it is theirs to see), far from every other
// marker and model, so that counting and alternating the markers works as on jwfleet's table.
[[nodiscard]] QPointF physicalBeaconSpot(int player, int index);
// Where a Stationary Comet the players placed stands in the engine (Water Raid): off the table,
// far from the models' and markers' spots.
[[nodiscard]] QPointF physicalCometSpot();

// The distance between two models' bases for a rule that refuses a command out of reach
// (Boarding within 1", Ramming, a Tug within 3", a Tender within 1"): measured on jwfleet's
// table; 0 on a physical table, where the players vouch for it by giving the command.
[[nodiscard]] double reachDistance(const Engine &engine, const GameState &state, int a, int b);

class TableQuestions;

// The Skill a model makes its Skill Tests with (Traits › Command: the best Skill of a friendly
// Command model within Short Sensor Range of it): skillForTest (attack.h), which on a physical
// table asks through `table` whether each such Command model is within that range.
[[nodiscard]] int skillForTest(const GameSetup &setup, const GameState &state, int model,
                               TableQuestions *table);

// The questions, asked of `player` (who gave the command, or the defender for its own
// defence). Without a Chooser (legalCommands, the attack preview) nobody can be asked: each
// question then gives its permissive answer (in range at Short, in the arc, nothing near, no
// terrain), so the command is offered and its resolution asks.
class TableQuestions
{
public:
    TableQuestions(const GameState &state, Chooser *chooser)
        : m_state(state)
        , m_chooser(chooser)
    { }

    [[nodiscard]] bool asking() const { return m_chooser != nullptr; }

    // Sensor Range (Attack): where the target is from the attacker for this weapon; Short up
    // to `shortRange`, Long up to `maxRange` (the numbers the rules give for this pair, after
    // Sensors, Stealth, Emissions). `longAllowed` false: the scenario allows Short only.
    [[nodiscard]] SensorRange range(int player, int attacker, int target, const QString &weapon,
                                    double shortRange, double maxRange, bool longAllowed);
    // Model Arcs: is `target` in `arcs` of `model` (its weapon's arcs, its Sensor Drone's)?
    [[nodiscard]] bool inArcs(int player, int model, quint8 arcs, int target, const Message &what);
    // The arc of `target` (a Capital Ship) that `attacker` is in (Attack Bonus, Armor).
    [[nodiscard]] Arc facing(int player, int target, int attacker);
    // Is `model` within `inches` of `what` (a terrain description, another model's name)?
    // `effect` names what the answer decides (data "effect": "cover" within 3" of a Large
    // Asteroid..., "ecm" in an Atmosphere, "defense" in an Asteroid Field, Particle Cloud or
    // Comet Tail), so that "is X in Y?" says which of them it is about.
    [[nodiscard]] bool near(int player, int model, double inches, const Message &what,
                            const QString &effect);
    // Is `model` within `inches` of the model `other`? Its data names both ("model",
    // "other"): two models of a fleet may share a name.
    [[nodiscard]] bool nearModel(int player, int model, double inches, int other);
    // Which of `candidates` are within `inches` of `model`: asked one at a time ("which other
    // model ...?", until "none"), so that a list of thirty models asks as many questions as
    // there are models near, plus one; in the order given (the nearest first). `what` says
    // why ("Point Defense support").
    [[nodiscard]] std::vector<int> whoNear(int player, int model, double inches,
                                           std::vector<int> candidates, const Message &what);
    // Kinetic Cannon: which of `candidates` the 1" wide line from `attacker` to `target`
    // touches, in the order they are attacked (farthest from the attacker first).
    [[nodiscard]] std::vector<int> onLine(int player, int attacker, int target,
                                          std::vector<int> candidates);
    // Does the line of fire from `attacker` to `target` pass through `what`, or is the
    // target in it (Particle Cloud)?
    [[nodiscard]] bool through(int player, int attacker, int target, const Message &what);

    // Terrain met while moving (kind "table-move", asked of the moving model's player; "no"
    // by default and without a Chooser). `terrain` is the piece's key in the rules (its index
    // in GameState::terrain, a Wreck's 1000 + its index), in the data with `test`:
    // "through": did `model`'s move cross `what` or end in it (`inches` 0), "within": come
    // within `inches` of it (Mines).
    [[nodiscard]] bool movedThrough(int player, int model, const Message &what, double inches,
                                    int terrain);
    // "ends": does `model` end its movement overlapping `what` (Large Asteroid, Wreck, Comet
    // Body)?
    [[nodiscard]] bool endsOn(int player, int model, const Message &what, int terrain);
    // "starts": does `model` start its movement in `what` (Small Moon, Atmosphere)?
    [[nodiscard]] bool startsIn(int player, int model, const Message &what, int terrain);
    // "swept": which of `candidates` did the Tail `what` of the Comet `terrain` overlap or
    // pass over as the Comet moved (Terrain › Comets)? Asked one at a time ("No other model"
    // ends it; without a Chooser: none), in the data `terrain`, `test` and `candidates`.
    // `inches`: how far the Comet moved.
    [[nodiscard]] std::vector<int> sweptBy(int player, const Message &what, double inches,
                                           int terrain, std::vector<int> candidates);
    // "fore", "aft": is the table edge of `planet` wholly in `arc` of `model`?
    [[nodiscard]] bool planetInArc(int player, int model, const Message &planet, Arc arc,
                                   int terrain);

    // Beacon Deployment Zone with Fleet Deployment ("at least one model must be deployed
    // within 3" of each player's Beacon markers"): of `who`'s `open` markers with no model
    // within 3" yet, how many `model`, just deployed, is within 3" of (0 to `open`). Without a
    // Chooser: one (the permissive answer, as the default).
    [[nodiscard]] int beaconsCovered(int player, const QString &who, int model, int open);
    // Is `model` within `inches` of the table edge `edge` (TableEdge; `edgeName` names it) that
    // `who` escapes through (Ambush!)? Yes by default, and without a Chooser.
    [[nodiscard]] bool nearEscapeEdge(int player, int model, double inches, int edge,
                                      const Message &edgeName, const QString &who);

    // A yes-or-no question of the table that no other method asks (Return to Base: did it
    // reach its carrier?).
    [[nodiscard]] bool confirm(int player, const QString &kind, const Message &question,
                               QJsonObject data)
    {
        return m_chooser ? yesNo(player, kind, question, std::move(data), false) : false;
    }

private:
    [[nodiscard]] QString name(int model) const;
    [[nodiscard]] std::vector<int> pick(int player, const QString &kind, const Message &question,
                                        std::vector<int> candidates, QJsonObject data);
    // Yes is option 0, No option 1; `byDefault` is the default answer (the program's, for a
    // player who lets it: in range and in arc, nothing near).
    [[nodiscard]] bool yesNo(int player, const QString &kind, const Message &question,
                             QJsonObject data, bool byDefault);

    // Asks once: the same question again in the same command (its check, then its
    // resolution) gets the answer already given.
    [[nodiscard]] int askOnce(const DecisionRequest &request);

    const GameState &m_state;
    Chooser *m_chooser = nullptr;
    std::map<QString, int> m_memo;
};

} // namespace jw::rules
