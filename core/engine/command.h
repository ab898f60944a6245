// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/action.h"
#include "geometry/movement.h"
#include "geometry/placement.h"
#include "units/datatext.h"

#include <QJsonObject>
#include <QPointF>
#include <QString>

#include <optional>
#include <variant>
#include <vector>

namespace jw {

// Every decision a player makes is a Command (ARCHITECTURE.md). Model ids are
// indexes in GameState::models.

// Deployment Phase: place a model wholly within the deployment zone, facing as
// the player wishes.
struct DeployCommand
{
    int model = -1;
    Placement placement;
    // Water Raid › Water Reserves: the units of water the model carries (the Defender, in
    // the first Deployment Phase); nullopt: the default, as much as it may take of what is
    // left of the 10 units.
    std::optional<int> water;
    friend bool operator==(const DeployCommand &, const DeployCommand &) = default;
};
// Deployment Phase: deploy a model Embarked on a carrier with room (Hangers, Dock).
struct EmbarkCommand
{
    int model = -1;
    int carrier = -1;
    friend bool operator==(const EmbarkCommand &, const EmbarkCommand &) = default;
};
// Deployment Phase: decline to deploy (until the next Deployment Phase).
struct DeclineCommand
{
    friend bool operator==(const DeclineCommand &, const DeclineCommand &) = default;
};
// Activation Phase: activate a model and declare its Action (nullopt: none).
struct ActivateCommand
{
    int model = -1;
    std::optional<ActionId> action;
    // A key that names no Action (a typo in a script or a game file), kept as it
    // was given: the engine refuses it by name ("no action 'evad'") when it is
    // applied, in its turn, and the record writes it back unchanged. Empty
    // whenever `action` is set.
    QString unknownAction = {};

    // From the public key ("evade"; empty: no Action), as scripts and game files give it.
    [[nodiscard]] static ActivateCommand fromKey(int model, const QString &key);
    // The public key: the Action's, the unknown one as given, or empty.
    [[nodiscard]] QString actionKey() const;
    friend bool operator==(const ActivateCommand &, const ActivateCommand &) = default;
};
// Capital ship movement: forward stretches with turns between (may be given in
// several commands during one activation: attacks may interrupt a move).
struct MoveCapitalCommand
{
    std::vector<MoveLeg> legs;
    friend bool operator==(const MoveCapitalCommand &, const MoveCapitalCommand &) = default;
};
// Squadron movement: the path's points after the current position.
struct MoveSquadronCommand
{
    std::vector<QPointF> path;
    friend bool operator==(const MoveSquadronCommand &, const MoveSquadronCommand &) = default;
};
// Spend Fire Control to attack a target with one weapon.
struct AttackCommand
{
    int weapon = -1; // index in the unit's weapons
    int target = -1;
    friend bool operator==(const AttackCommand &, const AttackCommand &) = default;
};
// The answer to the pending decision (DecisionRequest): an option index, or the
// default option.
struct AnswerCommand
{
    std::optional<int> option; // nullopt: the default
    // For an option answered with a movement (DecisionRequest::paths): the
    // points the model moves through, from where it stands.
    std::vector<QPointF> path;
    friend bool operator==(const AnswerCommand &, const AnswerCommand &) = default;
};
// Launch (a free Action): an Embarked model leaves its carrier and is placed
// within 1" of it (Launchers 3", Catapult 6").
struct LaunchCommand
{
    Placement placement;
    friend bool operator==(const LaunchCommand &, const LaunchCommand &) = default;
};
// Land (a free Action): the active model moves into base contact with a friendly
// carrier (Hangers for a squadron, Dock for a capital ship) and is Embarked.
struct LandCommand
{
    int carrier = -1;
    friend bool operator==(const LandCommand &, const LandCommand &) = default;
};
// Resolve the declared Action now (Withdraw: after moving clear of the enemy;
// Assault, Bombing, Boarding, Damage Control...: against `target` where it has one).
// Lay Mines: one Mine token centred at `at`, in base contact with the ship where it is now
// (the ship moves, lays, moves on, lays again).
// Water Raid › Mine the Comet: an Initiate Assault against the Comet, `terrain` being its
// index in GameState::terrain.
struct ResolveActionCommand
{
    std::optional<int> target;
    std::optional<QPointF> at;
    std::optional<int> terrain;
    friend bool operator==(const ResolveActionCommand &, const ResolveActionCommand &) = default;
};
struct EndActivationCommand
{
    friend bool operator==(const EndActivationCommand &, const EndActivationCommand &) = default;
};
// Beacon Deployment Zone: place one of the player's four Beacon markers, at
// least 12" from every other Beacon marker (first Deployment Phase, before models).
struct PlaceBeaconCommand
{
    QPointF at;
    friend bool operator==(const PlaceBeaconCommand &, const PlaceBeaconCommand &) = default;
};
// The scenario's set-up before the first models are deployed (Corner Deployment
// Zone: the Initiative player's quadrant). The engine starts a game with it
// waiting for its decisions; sent by a player it is refused.
struct ScenarioSetupCommand
{
    friend bool operator==(const ScenarioSetupCommand &, const ScenarioSetupCommand &) = default;
};

// Water Raid › Water Reserves: the Defender places the Stationary Comet in their
// Deployment Zone (first Deployment Phase, before any model): the Body (2-4") centred at
// `at`, the Tail a polygon touching it (empty: a default tail along the zone).
struct PlaceCometCommand
{
    QPointF at;
    double diameter = 3.0;
    std::vector<QPointF> tail;
    friend bool operator==(const PlaceCometCommand &, const PlaceCometCommand &) = default;
};

// Physical table, typed dice (GameSetup::typedDice): the faces rolled on the table for the roll
// the engine waits for (a pending decision of kind "roll", whose data says how many dice of which
// kinds); empty: the app rolls them (from the game's dice source).
struct RollCommand
{
    std::vector<int> faces;
    friend bool operator==(const RollCommand &, const RollCommand &) = default;
};
// Physical table: "the table is the truth": a card or the score corrected by hand, at any time
// no decision is pending, by either player; recorded as a correction event; undoable. Refused on
// a digital table. The fields (docs/physical-table.md, "The table is the truth"):
// "structure", "defense", "sensors", "thrusters", "marines", "fuel": `value` boxes marked (fuel:
// spent); "weapon": `index` the weapon line, `value` its damaged instances; "trait": `index` the
// trait, `value` its boxes marked; "state": `key` a flag id (flagIds()), `value` 0/1;
// "activated": `value` 0/1; "fire-control": `value` spent this Attack Window; "location": `key`
// a locationId (table, reserve, destroyed, withdrawn, embarked with `index` the carrier);
// "objective-points" (model -1): `index` the player, `value` the points.
struct CorrectCommand
{
    int model = -1; // the model whose card is corrected; -1: the game (objective-points)
    QString field;
    int index = 0;
    QString key;
    int value = 0;
    friend bool operator==(const CorrectCommand &, const CorrectCommand &) = default;
};

// One callable from several lambdas, for std::visit over a Command: a new
// command type that nobody handles is then a compile error.
template<class... Ts>
struct Overloaded : Ts...
{
    using Ts::operator()...;
};
template<class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

using Command = std::variant<DeployCommand, EmbarkCommand, DeclineCommand, ActivateCommand,
                             MoveCapitalCommand, MoveSquadronCommand, AttackCommand, AnswerCommand,
                             ResolveActionCommand, LaunchCommand, LandCommand, EndActivationCommand,
                             PlaceBeaconCommand, ScenarioSetupCommand, PlaceCometCommand,
                             RollCommand, CorrectCommand>;

// Stable ids: "deploy", "embark", "decline", "activate", "move", "move-squadron",
// "attack", "answer", "resolve-action", "launch", "land", "end-activation",
// "place-beacon", "scenario-setup", "place-comet", "roll", "correct".
[[nodiscard]] QString commandId(const Command &c);

// JSON form (game files, scripts, network play): {"command": id, ...fields}.
[[nodiscard]] QJsonObject commandToJson(const Command &c);
// `error`: why not, in English (scripts, the CLI); `why`: the same as a sentence to translate
// (a saved game's problem in the GUI). Either may be null.
[[nodiscard]] std::optional<Command> commandFromJson(const QJsonObject &o, QString *error,
                                                     DataText *why = nullptr);

// Bounds of the physical table's commands, checked wherever they are read (JSON, scripts).
inline constexpr int kMaxRollFaces = 64; // far more than any pool
inline constexpr int kMaxCorrectValue = 1000; // |value|, index: beyond any card or score
inline constexpr int kMaxCorrectText = 40; // field and key

} // namespace jw
