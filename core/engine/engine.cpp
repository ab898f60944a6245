// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/engine.h"
#include "engine/rules/rules.h"

#include "dice/dicesource.h"
#include "dice/roll.h"
#include "engine/attack.h"
#include "engine/damage.h"
#include "engine/rounding.h"
#include "fleet/upgrade.h"
#include "geometry/arcs.h"
#include "geometry/geometry.h"
#include "geometry/measure.h"
#include "geometry/movement.h"
#include "geometry/overlapresolution.h"
#include "geometry/sensorrange.h"
#include "geometry/zones.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <deque>

namespace jw {

using namespace detail;
using namespace rules;

constinit thread_local bool detail::t_eventsDropped = false;

Engine::Engine(GameSetup setup)
    : m_setup(std::move(setup))
    , m_profile(m_setup.profile())
{
    prepareTerrain();
    scenarioPrepare(); // the scenario modules' own pieces (Scavenger Hunt's UIOs)
    m_setup.indexUnits(); // the units are all in, and m_setup does not change any more
}

Engine::Engine(const Engine &other)
    : m_setup(other.m_setup)
    , m_profile(other.m_profile)
{
    m_setup.indexUnits();
}

Engine::Engine(Engine &&other)
    : m_setup(std::move(other.m_setup))
    , m_profile(std::move(other.m_profile))
{
    other.m_setup.unitIndex = {}; // its pointers are into the units moved here
    m_setup.indexUnits();
}

Engine &Engine::operator=(const Engine &other)
{
    if (this != &other) {
        m_setup = other.m_setup;
        m_profile = other.m_profile;
        m_setup.indexUnits();
    }
    return *this;
}

Engine &Engine::operator=(Engine &&other)
{
    if (this != &other) {
        m_setup = std::move(other.m_setup);
        m_profile = std::move(other.m_profile);
        other.m_setup.unitIndex = {};
        m_setup.indexUnits();
    }
    return *this;
}

const Unit &Engine::unitOf(const ModelState &model) const
{
    const Unit *u = m_setup.unit(model.unitId);
    Q_ASSERT(u);
    return *u;
}

ModelView Engine::view(const GameState &state, int model) const
{
    const ModelState &m = state.models[std::size_t(model)];
    return ModelView(unitOf(m), m);
}

Message Engine::modelMessage(const GameState &state, int model) const
{
    const ModelState *m = state.model(model);
    return m ? Message::plain(m->name) : Message(MsgId::ModelNumber, {model});
}

QString Engine::modelName(const GameState &state, int model) const
{
    return modelMessage(state, model).english();
}

TableEdge Engine::tableEdge(int player) const
{
    // House ruling for "opposed table edges randomly or by mutual agreement":
    // the first player's edge is the bottom of the table, the second's the top.
    return player == 0 ? TableEdge::Bottom : TableEdge::Top;
}

QRectF Engine::deploymentZone(int player) const
{
    return standardDeploymentZone(tableEdge(player));
}

QRectF Engine::deploymentZone(const GameState &state, int player) const
{
    switch (scenario().zone) {
    case DeploymentZoneKind::Standard:
        break;
    case DeploymentZoneKind::Beacon:
        return tableRect();
    case DeploymentZoneKind::Corner: {
        const int c = state.corners[std::size_t(player)];
        return c < 0 ? QRectF() : cornerDeploymentZone(TableCorner(c));
    }
    }
    return deploymentZone(player);
}

ApplyResult Engine::start(DiceSource &live) const
{
    try {
        return startUnchecked(live);
    } catch (const ScriptedDiceExhausted &) {
        return ApplyResult {
            GameState {},
            {},
            Rejection(QStringLiteral("Dice"), Message(MsgId::ScriptedDiceRanOutBeforeStart)),
            {}};
    }
}

ApplyResult Engine::startUnchecked(DiceSource &live) const
{
    CommandDice dice(live, {});
    Chooser chooser({}, true);
    Context ctx {*this, GameState {}, {}, dice, chooser, 0};
    GameState &s = ctx.state;
    for (int p = 0; p < 2; ++p) {
        const Fleet &fleet = m_setup.players[std::size_t(p)].fleet;
        for (int e = 0; e < fleet.size(); ++e) {
            const FleetEntry &entry = fleet.entries[std::size_t(e)];
            ModelState m;
            m.id = int(s.models.size());
            m.owner = m.controller = p;
            m.entry = e;
            m.unitId = entry.unitId;
            const Unit *u = m_setup.unit(entry.unitId);
            m.name = entry.name.isEmpty() ? (u ? u->name : entry.unitId) : entry.name;
            if (u) {
                m.weaponsDamaged.assign(u->weapons.size(), 0);
                m.traitsDamaged.assign(u->traits.size(), 0);
            }
            s.models.push_back(m);
        }
    }
    if (m_setup.initiative) {
        s.initiative = std::clamp(*m_setup.initiative, 0, 1);
    } else {
        // Initiative: Random Selection, "rolling a die as appropriate". (Out of
        // typed-in dice: the first player.)
        int d = 1;
        try {
            d = dice.rollD6();
        } catch (const ScriptedDiceExhausted &) { }
        s.initiative = d <= 3 ? 0 : 1;
        ctx.event(
            QStringLiteral("initiative"),
            Message(scenario().hasAttacker() ? MsgId::InitiativeAttacker : MsgId::InitiativeRandom,
                    {d, m_setup.players[std::size_t(s.initiative)].name}),
            {{QStringLiteral("die"), d}, {QStringLiteral("player"), s.initiative}});
    }
    // Attacker/Defender scenarios: "The Attacker generally has Initiative".
    if (scenario().hasAttacker())
        s.attacker = s.initiative;
    s.objectiveScores.assign(scenario().objectives.size(), {0, 0});
    s.objectivesSettled.assign(scenario().objectives.size(), false);
    placeTerrain(ctx);
    scenarioPlacePieces(ctx); // a module's own pieces: now, or once the quadrants are chosen
    if (!m_setup.starts.empty()) {
        // A scripted start: models placed as given, the game from the given turn and phase.
        s.turn = std::clamp(m_setup.startTurn, 1, std::max(1, m_setup.turns));
        for (const ModelStart &st : m_setup.starts) {
            int id = -1;
            for (const ModelState &m : s.models)
                if (m.owner == st.player && m.entry == st.entry)
                    id = m.id;
            if (id < 0)
                continue;
            ModelState &m = s.models[std::size_t(id)];
            m.location = locationFromId(st.location).value_or(Location::Table);
            // A physical table: the model stands where the players put it; the engine keeps
            // it apart (tablequestions.h).
            m.placement
                = m_setup.physical() ? physicalSpot(id) : Placement(QPointF(st.x, st.y), st.facing);
            m.carrier = st.carrier;
            // Boxes lost, at most the boxes the track has.
            const Unit *su = m_setup.unit(m.unitId);
            auto boxes = [&](const QString &rating, int n) {
                if (!su)
                    return n;
                const Track &t = rating == QLatin1String("structure") ? su->structure
                    : rating == QLatin1String("defense")              ? su->defense
                    : rating == QLatin1String("sensors")              ? su->sensors
                    : rating == QLatin1String("thrusters")            ? su->thrusters
                    : rating == QLatin1String("marines")              ? su->marines
                                                                      : su->fuel;
                return std::clamp(n, 0, t.size());
            };
            for (const auto &[rating, given] : st.lost) {
                const int n = boxes(rating, given);
                if (rating == QLatin1String("structure"))
                    m.structureLost = n;
                else if (rating == QLatin1String("defense"))
                    m.defenseLost = n;
                else if (rating == QLatin1String("sensors"))
                    m.sensorsLost = n;
                else if (rating == QLatin1String("thrusters"))
                    m.thrustersLost = n;
                else if (rating == QLatin1String("marines"))
                    m.marinesLost = n;
                else if (rating == QLatin1String("fuel"))
                    m.fuelSpent = n;
            }
            for (std::size_t w = 0; w < st.weaponsDamaged.size() && w < m.weaponsDamaged.size();
                 ++w)
                m.weaponsDamaged[w] = st.weaponsDamaged[w];
            for (const auto &[name, marked] : st.traitsDamaged)
                for (std::size_t t = 0; su && t < su->traits.size(); ++t)
                    if (su->traits[t].name == name) {
                        m.traitsDamaged[t] = std::clamp(marked, 0, su->traits[t].boxes);
                        break;
                    }
            for (const QString &f : st.states)
                m.flags |= flagFromId(f);
            m.activated = st.activated;
            m.boarders = st.boarders;
            m.assaultTarget = st.assaultTarget;
        }
        // The scenario's choices made before the game, as given (scripts); otherwise
        // their defaults: a game that starts here has passed them.
        if (scenario().zone == DeploymentZoneKind::Corner) {
            const TableCorner c = m_setup.corner.value_or(
                s.initiative == 0 ? TableCorner::BottomLeft : TableCorner::TopRight);
            s.corners[std::size_t(s.initiative)] = int(c);
            s.corners[std::size_t(1 - s.initiative)] = int(oppositeCorner(c));
        }
        scenarioPlacePieces(ctx);
        scenarioScriptedStart(ctx); // scenario modules: the choices the start has passed
        ctx.event(QStringLiteral("turn"), Message(MsgId::GameTurnBegins, {s.turn}),
                  {{QStringLiteral("turn"), s.turn}});
        if (m_setup.startPhase == QLatin1String("activation"))
            startActivationPhase(ctx);
        else
            startDeploymentPhase(ctx);
        revealAndMaskSecrets(ctx);
        return ApplyResult {ctx.state, ctx.events, std::nullopt, dice.record()};
    }
    ctx.event(QStringLiteral("turn"), Message(MsgId::GameTurnBegins, {1}),
              {{QStringLiteral("turn"), 1}});
    startDeploymentPhase(ctx);
    // The scenario's set-up waits for the Initiative player's decisions (the
    // quadrant): the game starts with it pending, as a command that asked.
    if (s.phase == Phase::Deployment && s.deploymentStep == DeploymentStep::Setup) {
        Chooser asking({}, false);
        CommandDice none(dice, {});
        Context setup {*this, s, {}, none, asking, s.initiative};
        try {
            scenarioSetup(setup);
            s = setup.state;
            ctx.events.insert(ctx.events.end(), setup.events.begin(), setup.events.end());
        } catch (const DecisionNeeded &d) {
            s.pending
                = PendingCommand {ScenarioSetupCommand {}, s.initiative, {}, {}, {}, d.request};
            s.toAct = d.request.player;
            ctx.event(QStringLiteral("decision"), d.request.questionMessage, d.request.data,
                      d.request.player);
        }
    }
    revealAndMaskSecrets(ctx);
    return ApplyResult {ctx.state, ctx.events, std::nullopt, dice.record()};
}

// The state unchanged, with why the command was refused.
static ApplyResult unchanged(const GameState &state, Rejection why)
{
    return ApplyResult {state, {}, std::move(why), {}};
}

// Typed dice: the decision of kind "roll" for the dice `need` asks of `command` (what for: the
// attack, the activation, the phase). Its data: count, base, flex, macro (signed), pool
// ("3B+1F", empty for plain dice), command.
static DecisionRequest rollRequest(const Engine &engine, const GameState &s, const Command &command,
                                   int player, const RollNeeded &need)
{
    Message what;
    const int active = s.activation ? s.activation->model : -1;
    const auto *attack = std::get_if<AttackCommand>(&command);
    const ModelState *attacker = s.model(active);
    if (attack && attacker && attack->weapon >= 0
        && attack->weapon < int(engine.unitOf(*attacker).weapons.size()))
        what = Message(MsgId::RollForAttack,
                       {engine.modelMessage(s, active),
                        engine.unitOf(*attacker).weapons[std::size_t(attack->weapon)].name,
                        engine.modelMessage(s, attack->target)});
    else if (active >= 0 && s.activation->action)
        what = Message(MsgId::AttackBy,
                       {engine.modelMessage(s, active), actionMessage(*s.activation->action)});
    else if (active >= 0)
        what = Message(MsgId::RollForActivation, {engine.modelMessage(s, active)});
    else if (s.phase == Phase::Deployment)
        what = Message(MsgId::RollForDeployment);
    else
        what = Message(MsgId::RollForEndPhase);
    QJsonObject data {{QStringLiteral("count"), need.count},
                      {QStringLiteral("command"), commandId(command)}};
    if (need.pool) {
        data.insert(QStringLiteral("base"), need.pool->base);
        data.insert(QStringLiteral("flex"), need.pool->flex);
        data.insert(QStringLiteral("macro"), need.pool->macro);
        data.insert(QStringLiteral("pool"), need.pool->toString());
    } else {
        data.insert(QStringLiteral("base"), need.count);
        data.insert(QStringLiteral("flex"), 0);
        data.insert(QStringLiteral("macro"), 0);
        data.insert(QStringLiteral("pool"), QString());
    }
    const Message question = need.pool
        ? Message(MsgId::RollPoolQuestion, {need.count, need.pool->toString(), what})
        : need.count == 1 ? Message(MsgId::RollOneDieQuestion, {what})
                          : Message(MsgId::RollDiceQuestion, {need.count, what});
    return DecisionRequest::typed(player, QStringLiteral("roll"), question,
                                  {Message(MsgId::AppRollsOption)}, 0, data);
}

ApplyResult Engine::apply(const GameState &state, const Command &command, DiceSource &dice) const
{
    return applyTo(state, command, dice, false);
}

ApplyResult Engine::trial(const GameState &state, const Command &command, DiceSource &dice) const
{
    return applyTo(state, command, dice, true);
}

ApplyResult Engine::applyTo(const GameState &state, const Command &input, DiceSource &live,
                            bool trial) const
{
    // A trial: no events (the rules skip building them where it costs: detail::eventsDropped),
    // and a refusal gives back no state. A physical table's rules read their own events (a
    // model moved in an Interception): they are kept there.
    const detail::DroppedEvents dropped(trial && !m_setup.physical());
    const auto refused = [trial](const GameState &state, Rejection why) {
        return trial ? ApplyResult {GameState {}, {}, std::move(why), {}}
                     : unchanged(state, std::move(why));
    };
    Command command = input;
    std::vector<int> replay;
    std::vector<int> answers;
    std::vector<std::vector<QPointF>> paths;
    int player = state.toAct;
    if (state.phase == Phase::Over)
        return refused(state,
                       Rejection(QStringLiteral("Victory Conditions"), Message(MsgId::GameIsOver)));
    // Typed dice: the roll waiting is answered with the faces rolled on the table, or with
    // none (a `roll` without faces, or the decision's default answer): the app rolls them.
    if (state.pending && state.pending->request.kind == QLatin1String("roll")) {
        const auto *roll = std::get_if<RollCommand>(&input);
        if (!roll && !std::holds_alternative<AnswerCommand>(input))
            return refused(
                state,
                Rejection(QStringLiteral("Decision"),
                          Message(MsgId::AnswerFirst, {state.pending->request.questionMessage})));
        if (const auto *answer = std::get_if<AnswerCommand>(&input)) {
            const int option = answer->option.value_or(0);
            if (option != 0)
                return refused(state,
                               Rejection(QStringLiteral("Decision"),
                                         Message(MsgId::OptionDoesNotExist, {option, 0})));
            if (!answer->path.empty())
                return refused(state,
                               Rejection(QStringLiteral("Decision"),
                                         Message(MsgId::OptionNotMovement,
                                                 {state.pending->request.optionMessage(0)})));
        }
        const int count = state.pending->request.data.value(QStringLiteral("count")).toInt();
        std::vector<int> faces = roll ? roll->faces : std::vector<int> {};
        for (int f : faces)
            if (f < 1 || f > 6)
                return refused(
                    state,
                    Rejection(QStringLiteral("Dice"), Message(MsgId::RollFaceOutOfRange, {f})));
        if (!faces.empty() && int(faces.size()) != count)
            return refused(state,
                           Rejection(QStringLiteral("Dice"),
                                     Message(MsgId::RollWrongCount,
                                             {int(faces.size()), count,
                                              state.pending->request.questionMessage})));
        try {
            if (faces.empty())
                faces = live.roll(count);
        } catch (const ScriptedDiceExhausted &) {
            return refused(state,
                           Rejection(QStringLiteral("Dice"), Message(MsgId::ScriptedDiceRanOut)));
        }
        command = state.pending->command;
        replay = state.pending->dice;
        replay.insert(replay.end(), faces.begin(), faces.end());
        answers = state.pending->answers;
        paths = state.pending->paths;
        player = state.pending->player;
    } else if (state.pending) {
        const auto *answer = std::get_if<AnswerCommand>(&input);
        if (!answer)
            return refused(
                state,
                Rejection(QStringLiteral("Decision"),
                          Message(MsgId::AnswerFirst, {state.pending->request.questionMessage})));
        const DecisionRequest &q = state.pending->request;
        const int option = answer->option.value_or(q.defaultOption);
        if (option < 0 || option >= q.optionCount())
            return refused(
                state,
                Rejection(QStringLiteral("Decision"),
                          Message(MsgId::OptionDoesNotExist, {option, q.optionCount() - 1})));
        const DecisionRequest::PathOption *moves = q.pathOption(option);
        if (moves && answer->path.empty())
            return refused(
                state,
                Rejection(QStringLiteral("Decision"),
                          Message(MsgId::OptionNeedsPath,
                                  {q.optionMessage(option), modelMessage(state, moves->model)})));
        if (!moves && !answer->path.empty())
            return refused(state,
                           Rejection(QStringLiteral("Decision"),
                                     Message(MsgId::OptionNotMovement, {q.optionMessage(option)})));
        command = state.pending->command;
        replay = state.pending->dice;
        answers = state.pending->answers;
        answers.push_back(option);
        paths = state.pending->paths;
        paths.push_back(answer->path);
        player = state.pending->player;
    } else if (std::holds_alternative<AnswerCommand>(input)) {
        return refused(state,
                       Rejection(QStringLiteral("Decision"), Message(MsgId::NoDecisionWaiting)));
    }

    // The state before the command, as the command sees it: made in ctx.state itself (one
    // copy of the state, not two), and made again where a rare ending needs it.
    const auto baseOf = [&state, player] {
        GameState base = state;
        base.pending.reset();
        base.toAct = player;
        return base;
    };
    CommandDice dice(live, replay, m_setup.physical() && m_setup.typedDice);
    Chooser chooser(answers, false, paths);
    Context ctx {*this, baseOf(), {}, dice, chooser, player};
    const auto wait = [&](const DecisionRequest &request) {
        GameState waiting = state;
        waiting.pending = PendingCommand {
            command, player, dice.record(), chooser.answersUsed(), chooser.pathsUsed(), request};
        waiting.toAct = request.player;
        ++waiting.commands;
        if (trial)
            return ApplyResult {std::move(waiting), {}, std::nullopt, dice.record()};
        GameEvent asked {QStringLiteral("decision"), request.questionMessage, request.data,
                         request.player};
        return ApplyResult {std::move(waiting), {asked}, std::nullopt, dice.record()};
    };
    try {
        applyCommand(ctx, command);
    } catch (const Refused &r) {
        return refused(state, r.rejection);
    } catch (const DecisionNeeded &d) {
        return wait(d.request);
    } catch (const RollNeeded &need) {
        // Typed dice: the state as it was before the command (like a decision), the command
        // waiting for the roll; the player who gave it rolls.
        return wait(rollRequest(*this, baseOf(), command, player, need));
    } catch (const TableForbids &t) {
        // A physical table: the players' answer (out of range, not in the arc) ends the
        // command with nothing of it done; the answer is taken (it is not asked again).
        GameState after = baseOf();
        ++after.commands;
        GameEvent told {QStringLiteral("not-done"),
                        Message(MsgId::TableNotDone, {t.rejection.whyMessage()}),
                        {{QStringLiteral("rule"), t.rejection.rule}},
                        player};
        if (trial)
            return ApplyResult {std::move(after), {}, std::nullopt, dice.record()};
        return ApplyResult {std::move(after), {told}, std::nullopt, dice.record()};
    } catch (const ScriptedDiceExhausted &) {
        return refused(state,
                       Rejection(QStringLiteral("Dice"), Message(MsgId::ScriptedDiceRanOut)));
    }
    ++ctx.state.commands;
    if (trial)
        ctx.events.clear(); // those a rule still built (a physical table's are all built)
    revealAndMaskSecrets(ctx);
    return ApplyResult {std::move(ctx.state), std::move(ctx.events), std::nullopt, dice.record()};
}

void rules::applyCommand(Context &ctx, const Command &command)
{
    const std::optional<ActionId> declared
        = ctx.state.activation ? ctx.state.activation->action : std::nullopt;
    std::visit(Overloaded {
                   [&](const DeployCommand &c) { deploy(ctx, c); },
                   [&](const EmbarkCommand &c) { embark(ctx, c); },
                   [&](const DeclineCommand &) { decline(ctx); },
                   [&](const ActivateCommand &c) { activate(ctx, c); },
                   [&](const MoveCapitalCommand &c) { moveCapital(ctx, c); },
                   [&](const MoveSquadronCommand &c) { moveSquadron(ctx, c); },
                   [&](const AttackCommand &c) { attack(ctx, c); },
                   [&](const AnswerCommand &) {
                       refuse(QStringLiteral("Decision"), Message(MsgId::NoDecisionWaiting));
                   },
                   [&](const ResolveActionCommand &c) { resolveDeclaredAction(ctx, c); },
                   [&](const LaunchCommand &c) { launch(ctx, c); },
                   [&](const LandCommand &c) { land(ctx, c); },
                   [&](const EndActivationCommand &) { endActivation(ctx); },
                   [&](const PlaceBeaconCommand &c) { placeBeacon(ctx, c); },
                   [&](const ScenarioSetupCommand &) { scenarioSetup(ctx); },
                   [&](const PlaceCometCommand &) { scenarioCommand(ctx, command); },
                   [&](const RollCommand &) {
                       refuse(QStringLiteral("Dice"), Message(MsgId::NoRollWaiting));
                   },
                   [&](const CorrectCommand &c) { correct(ctx, c); },
               },
               command);
    afterCommand(ctx, command, declared);
}

// ---- Legal commands ---------------------------------------------------------

std::optional<MoveLimits> Engine::moveLimits(const GameState &s) const
{
    if (s.phase != Phase::Activation || s.pending || !s.activation)
        return std::nullopt;
    return moveLimits(s, s.activation->model);
}

LegalCommands Engine::legalCommands(const GameState &s) const
{
    LegalCommands out;
    out.player = s.toAct;
    if (s.phase == Phase::Over)
        return out;
    if (s.pending) {
        out.decision = s.pending->request;
        // An option answered with a movement needs its path: continuous, like a
        // move (the decision's `paths` give its reach), so not one of the commands.
        for (int i = 0; i < s.pending->request.optionCount(); ++i)
            if (!s.pending->request.pathOption(i))
                out.commands.push_back(AnswerCommand {i});
        return out;
    }
    if (s.phase == Phase::Deployment) {
        ScriptedDiceSource none;
        if (s.deploymentStep == DeploymentStep::Beacons) {
            // A physical table: the players place the marker; one command, without a spot.
            if (m_setup.physical()) {
                out.commands.push_back(PlaceBeaconCommand {});
                return out;
            }
            // A choice of legal spots on a 4" grid (any legal point is accepted).
            for (const QPointF &p : beaconSpots(s, 4.0))
                out.commands.push_back(PlaceBeaconCommand {p});
            return out;
        }
        if (s.deploymentStep == DeploymentStep::Comet) {
            for (const Command &c : scenarioSetUpCommands(*this, s))
                out.commands.push_back(c);
            return out;
        }
        out.deployable = deployableModels(*this, s, s.toAct);
        out.deploymentZone = deploymentZone(s, s.toAct);
        if (scenario().zone == DeploymentZoneKind::Beacon && !m_setup.physical())
            out.deploymentBeacons = s.beacons[std::size_t(s.toAct)];
        if (trial(s, DeclineCommand {}, none).ok())
            out.commands.push_back(DeclineCommand {});
        // Embarking: squadrons on friendly carriers with room.
        for (int id : out.deployable) {
            if (!unitOf(s.models[std::size_t(id)]).isSquadron())
                continue;
            for (const ModelState &c : s.models) {
                if (c.owner != s.toAct || !c.onTable()
                    || !unitOf(c).hasTrait(QStringLiteral("Hangers")))
                    continue;
                if (trial(s, EmbarkCommand {id, c.id}, none).ok())
                    out.commands.push_back(EmbarkCommand {id, c.id});
            }
        }
        return out;
    }
    if (s.phase != Phase::Activation)
        return out;
    if (!s.activation) {
        for (int id : activatableModels(s, s.toAct, true)) {
            out.commands.push_back(ActivateCommand {id, {}});
            const Unit &u = unitOf(s.models[std::size_t(id)]);
            for (const ActionId action : allActionIds()) {
                const ActivateCommand c {id, action};
                const ActionRules &a = actionRules(action);
                // The checks activate() makes (Actions that roll a Skill Test when
                // declared are accepted whatever the dice).
                const std::optional<Rejection> why = activationRefusal(*this, s, s.toAct, c);
                if (!why)
                    out.commands.push_back(c);
                else if (!(a.models == ActionModels::Squadrons && u.isCapital())
                         && !(a.models == ActionModels::CapitalShips && u.isSquadron())
                         && (a.scenarioSwitch.isEmpty() || why->rule != QLatin1String("Scenarios")))
                    out.refused.emplace_back(c, *why);
            }
        }
        return out;
    }
    const int id = s.activation->model;
    const ModelState &m = s.models[std::size_t(id)];
    const ModelView v = view(s, id);
    const MoveLimits limits = moveLimits(s, id);
    out.move = limits;
    for (const AttackOption &o : attackOptions(m_setup, s, id)) {
        const Command c = AttackCommand {o.weapon, o.target};
        if (o.check.rejection)
            out.refused.emplace_back(c, *o.check.rejection);
        else
            out.commands.push_back(c);
    }
    // The declared Action, when it is resolved on demand: Withdraw, Engage Point
    // Defense (no target), the Actions resolved against a model (their targets), Lay
    // Mines (below).
    const Activation &act = *s.activation;
    if (!act.actionResolved) {
        // The engine's own check (Withdraw once clear of the enemy, Engage Point
        // Defense with Fire Control left, no Interception once Returning to Base,
        // no Mine the Comet without a working Lance or after an attack);
        // probe dice running out means it got past the checks.
        const auto mayResolve = [&](const ResolveActionCommand &c) {
            ScriptedDiceSource none;
            const ApplyResult r = trial(s, c, none);
            return r.ok() || r.rejection->rule == QLatin1String("Dice");
        };
        const ActionResolve resolve
            = act.action ? actionRules(*act.action).resolve : ActionResolve::Nothing;
        if (resolve == ActionResolve::NoTarget && mayResolve(ResolveActionCommand {}))
            out.commands.push_back(ResolveActionCommand {});
        // An Action resolved against a model: the targets its resolution accepts, by its
        // own check (targetRefusal: Tug, Tender Transfer, Ramming, Interception, Assault,
        // Bombing, Boarding); what it refuses after that depends on the dice.
        if (resolve == ActionResolve::Target && m.onTable())
            for (const ModelState &t : s.models)
                if (!targetRefusal(*this, s, id, *act.action, t.id))
                    out.commands.push_back(ResolveActionCommand {t.id});
        // Terrain a scenario's rules make a target (Water Raid: the Comet, for an Assault).
        if (act.action == ActionId::InitiateAssault)
            for (int i : scenarioTerrainTargets(*this, s, id, ActionId::InitiateAssault))
                if (mayResolve(ResolveActionCommand {std::nullopt, std::nullopt, i}))
                    out.commands.push_back(ResolveActionCommand {std::nullopt, std::nullopt, i});
    }
    ScriptedDiceSource probe(std::vector<int>(64, 3));
    // The rest of the minimum move, the ways the engine accepts (when none is
    // clear, the forced one: Movement › Overlapping).
    for (const MoveCapitalCommand &c : minimumMoves(s, id))
        if (trial(s, c, probe).ok())
            out.commands.push_back(c);
    // Launch and Land (free Actions; not both in one activation). Launch is placed
    // anywhere within the reach (continuous, like a move); Land names a carrier.
    if (m.location == Location::Embarked && !act.landed && !act.launched && s.model(m.carrier)) {
        out.launch = LegalCommands::LaunchReach {id, m.carrier, launchReach(s, m.carrier)};
        // A physical table: the players place it, so Launch is one discrete command.
        if (m_setup.physical())
            out.commands.push_back(LaunchCommand {});
    }
    if (m.onTable() && !act.launched && !act.landed) {
        // checkLand() refuses a carrier whose card has no Hangers (for a squadron) or Dock
        // (for a Capital Ship), whatever else holds: those are not asked (a refusal is an
        // exception, and most models carry nothing).
        const QString bay
            = unitOf(m).isSquadron() ? QStringLiteral("Hangers") : QStringLiteral("Dock");
        for (const ModelState &c : s.models)
            if (c.id != id && c.onTable()
                && (c.controller == m.controller || scenarioOpenCarrier(*this, s, c.id))
                && unitOf(c).hasTrait(bay)) {
                // What land() checks (nothing after them refuses), without a state copy.
                try {
                    checkLand(*this, s, LandCommand {c.id});
                    out.commands.push_back(LandCommand {c.id});
                } catch (const Refused &) { }
            }
    }
    // Lay Mines: spots in base contact around the ship (any other legal point is
    // accepted too): the middle and the quarters of each side.
    if (act.action == ActionId::LayMines && m.onTable()) {
        const QPolygonF outline = v.base().outline();
        const double r = TerrainPiece::mines(QPointF(), m.controller).shape.radius();
        for (int i = 0; i < outline.size(); ++i) {
            const QLineF side(outline[i], outline[(i + 1) % outline.size()]);
            // Outward: the outline runs clockwise on screen (y down), so
            // QLineF::normalVector() (dy, -dx) points out of the base.
            const QLineF n = side.normalVector().unitVector();
            const QPointF out1 = side.p1() + (n.p2() - n.p1()) * r;
            const QPointF out2 = side.p2() + (n.p2() - n.p1()) * r;
            for (const double t : {0.25, 0.5, 0.75}) {
                const ResolveActionCommand c {std::nullopt, out1 + (out2 - out1) * t};
                if (trial(s, c, probe).ok())
                    out.commands.push_back(c);
            }
        }
    }
    // Not before the minimum move (Movement), the engine's own check; the End
    // Phase it may start rolls dice: running out of probe dice is no refusal.
    const ApplyResult end = trial(s, EndActivationCommand {}, probe);
    if (end.ok() || end.rejection->rule == QLatin1String("Dice"))
        out.commands.push_back(EndActivationCommand {});
    return out;
}

} // namespace jw
