// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/action.h"
#include "engine/attack.h"
#include "engine/command.h"
#include "engine/gameevent.h"
#include "engine/gamesetup.h"
#include "engine/gamestate.h"
#include "engine/rejection.h"
#include "geometry/zones.h"

#include <QRectF>

#include <algorithm>
#include <optional>
#include <vector>

namespace jw {

class DiceSource;

// What apply() gives back: the next state and what happened, or the rule that
// refuses the command (the state is then unchanged). A command that needs a
// player's decision comes back accepted with state.pending set: nothing of it
// has happened yet.
struct ApplyResult
{
    GameState state;
    std::vector<GameEvent> events;
    std::optional<Rejection> rejection;
    std::vector<int> dice; // the faces this command consumed (for the game record)

    [[nodiscard]] bool ok() const { return !rejection.has_value(); }
};

// How far the active model may move in its activation, and how much is left:
// Engine::moveLimits() is the one place that computes it (Movement, Terrain's
// Speed changes, Boost, Station Keeping, Reorient's extra turns); every rule
// that needs "the remaining movement" (moves, Land, Bombing, Interception,
// Ramming, Assault) and the table view read it from there.
struct MoveLimits
{
    int model = -1;
    double moved = 0;
    double minimum = 0; // total for the activation
    double maximum = 0;
    int turnsLeft = 0;
    bool needsSkillTestToTurn = false; // Thrusters 0
    int speed = 0; // the Speed rating this activation (Terrain included), for messages
    double maxTurnDegrees = 45.0; // one turn; Reorient [D+]: any direction (180)

    [[nodiscard]] double left() const { return std::max(0.0, maximum - moved); }
};

// What the player to act may do now (legalCommands): the discrete commands,
// and the continuous ones as limits (where to deploy, how far to move).
struct LegalCommands
{
    int player = 0;
    std::vector<Command> commands; // each one would be accepted (dice permitting)
    std::vector<int> deployable; // models that may be deployed (DeployCommand)
    QRectF deploymentZone; // where they go (Beacon Deployment Zone: the table)
    // Beacon Deployment Zone: a model deploys within 3" of one of these markers.
    std::vector<QPointF> deploymentBeacons;
    std::optional<MoveLimits> move; // the active model's movement
    // Launch (a free Action) of the active Embarked model: a LaunchCommand places
    // it within `reach` of its carrier, clear of other bases.
    struct LaunchReach
    {
        int model = -1;
        int carrier = -1;
        double reach = 0.0;
    };
    std::optional<LaunchReach> launch;
    // Commands the player might look for, refused, with the reason (actions not
    // allowed now, targets out of range, ...): for the UI to explain.
    std::vector<std::pair<Command, Rejection>> refused;
    std::optional<DecisionRequest> decision; // when a decision is pending
};

// An Action a model may declare (Action chapter): its key and name, and whether
// this program resolves it yet; built from the one table in action.cpp (whose
// ActionRules say more).
struct ActionInfo
{
    QString id; // "evade": the public key (actionKey())
    QString name; // "Evade"
    bool squadronOnly = false;
    bool capitalOnly = false;
    bool supported = false;
    // A scenario's action (Search for Escape Pods): the ScenarioSwitches key that
    // offers it; empty for the Action chapter's own.
    QString scenarioSwitch = {};
    ActionId action = {};
};
[[nodiscard]] const std::vector<ActionInfo> &allActions();

// The rules of the game as a function of state and command (ARCHITECTURE.md,
// "The engine contract"). Holds the setup (units, rules profile); no state of
// its own: every call is a pure function of its arguments and the dice.
class Engine
{
public:
    explicit Engine(GameSetup setup);
    // As the implicit ones, and each builds its setup's unit index again (gamesetup.h: an
    // index is never copied).
    Engine(const Engine &other);
    Engine(Engine &&other);
    Engine &operator=(const Engine &other);
    Engine &operator=(Engine &&other);
    ~Engine() = default;

    [[nodiscard]] const GameSetup &setup() const { return m_setup; }
    [[nodiscard]] const RulesProfile &profile() const { return m_profile; }
    [[nodiscard]] const Scenario &scenario() const { return m_setup.scenarioRules; }
    // "Solar Storm › Blinded by the Light": the special rule that sets a switch
    // (scenario.h), for rejections.
    [[nodiscard]] QString scenarioRule(const QString &switchKey) const;

    // Models of both fleets In Reserve (or Embarked as their fleet list says
    // they start? no: the deployment decides), turn 1, Deployment Phase.
    // Initiative from the setup, or Random Selection with a die (1-3: the first
    // player, 4-6: the second).
    // The first state. With dice that can run out (typed in, forced by a
    // script) the start may need more than there are: then the result holds a
    // rejection (rule "Dice") and an empty state, never an exception.
    [[nodiscard]] ApplyResult start(DiceSource &dice) const;

    [[nodiscard]] ApplyResult apply(const GameState &state, const Command &command,
                                    DiceSource &dice) const;
    // As apply(), for a look-ahead that reads only the state (the computer's trials, the
    // probes of legalCommands()): the same state, dice and rejection, to the bit, but no
    // events (`events` is empty: they are not built), and a refused command gives back no
    // state (an empty one) rather than a copy of `state`.
    [[nodiscard]] ApplyResult trial(const GameState &state, const Command &command,
                                    DiceSource &dice) const;
    [[nodiscard]] LegalCommands legalCommands(const GameState &state) const;
    // What an attack the player to act could give now would roll and do, before it is
    // rolled (the table's attack preview): the pool as the attack builds it, each modifier
    // with its reason, the defences, the exact odds and the expected damage (attack.h).
    // check.rejection: the rule that would refuse it.
    [[nodiscard]] AttackPreview previewAttack(const GameState &state,
                                              const AttackCommand &command) const;
    // The active model's movement: legalCommands().move without the rest (the
    // table asks it at every mouse move of a drag).
    [[nodiscard]] std::optional<MoveLimits> moveLimits(const GameState &state) const;

    // Helpers the views use (they compute nothing themselves).
    [[nodiscard]] const Unit &unitOf(const ModelState &model) const;
    [[nodiscard]] ModelView view(const GameState &state, int model) const;
    // The Standard Deployment Zone of a player (the 12" strip along their edge).
    [[nodiscard]] QRectF deploymentZone(int player) const;
    // The scenario's zone now: the strip, the chosen quadrant, or (Beacon) the
    // whole table, the markers being in state.beacons.
    [[nodiscard]] QRectF deploymentZone(const GameState &state, int player) const;
    [[nodiscard]] TableEdge tableEdge(int player) const;
    [[nodiscard]] std::array<int, 2> victoryPoints(const GameState &state) const;
    // What one model counts for in victoryPoints() and to whom (the rule is there): its
    // points before the totals are rounded up; `player` -1 for terrain. Crippled or
    // Destroyed, a model counts 0 (for the enemy, but for Renowned).
    struct VictoryShare
    {
        int player = -1;
        double points = 0;
    };
    [[nodiscard]] VictoryShare victoryShare(const ModelState &model) const;
    // How far from `carrier` a launched model is placed (Action › Launch: 1",
    // Launchers 3", Catapult 6").
    [[nodiscard]] double launchReach(const GameState &state, int carrier) const;
    // A model's name, or "model N" for an id the state does not have: typed for a
    // sentence (modelMessage), in English (modelName: modelMessage().english()).
    [[nodiscard]] Message modelMessage(const GameState &state, int model) const;
    [[nodiscard]] QString modelName(const GameState &state, int model) const;
    // Secret information (rules profile v1.2.4, States › Embarked and In
    // Reserve): whether a model starts Embarked or In Reserve, and its unit
    // card, are secret until it has been on the table. True when `viewer`
    // (0 or 1) may not know `model` yet; never when the profile has no secret
    // information or the game is over.
    [[nodiscard]] bool isHidden(const GameState &state, int model, int viewer) const;
    // The rest of the active Capital Ship's minimum move, straight ahead and
    // after a first turn of 22.5 or 45 degrees either way (when it may turn):
    // the moves legalCommands() offers so a ship always has a way to make its
    // mandatory movement. Empty when it has made it.
    [[nodiscard]] std::vector<MoveCapitalCommand> minimumMoves(const GameState &state,
                                                               int model) const;
    // Squadron Movement: whether the active `model`'s move may end in base contact
    // with `other` (the model its declared Action needs contact with, or a
    // friendly carrier it could Land on).
    [[nodiscard]] bool mayEndInContact(const GameState &state, int model, int other) const;
    // The movement of `model` in the activation under way (its own when it is the
    // active model; otherwise as if it were activated now, with no Terrain or
    // Boost change).
    [[nodiscard]] MoveLimits moveLimits(const GameState &state, int model) const;
    // The table's snap into base contact: where the active squadron, planned to
    // end at `centre`, stands in contact with the nearest model its move may end
    // touching (the target of its declared Action, a friendly carrier:
    // mayEndInContact), when it would come within `within` inches of that model
    // or overlap it; nullopt otherwise. Clear of every other base.
    [[nodiscard]] std::optional<QPointF> snapIntoContact(const GameState &state, int model,
                                                         QPointF centre, double within) const;

private:
    [[nodiscard]] ApplyResult startUnchecked(DiceSource &dice) const;
    // apply() and trial() (`trial`).
    [[nodiscard]] ApplyResult applyTo(const GameState &state, const Command &command,
                                      DiceSource &dice, bool trial) const;

    // Terrain (terrain/terrainrules.cpp) and the scenario modules' own pieces
    // (enginescenario.cpp): prepared when the engine is built.
    void prepareTerrain();
    void scenarioPrepare();

    GameSetup m_setup;
    RulesProfile m_profile;
};

} // namespace jw
