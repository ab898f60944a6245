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

// A decision's question and options as messages (plain English for one not typed yet).
static Message questionOf(const DecisionRequest &r)
{
    return r.questionMessage.isEmpty() ? Message::plain(r.question) : r.questionMessage;
}
static Message optionOf(const DecisionRequest &r, int i)
{
    const std::size_t k = std::size_t(i);
    return k < r.optionMessages.size() && !r.optionMessages[k].isEmpty()
        ? r.optionMessages[k]
        : Message::plain(r.options[i]);
}

Engine::Engine(GameSetup setup)
    : m_setup(std::move(setup))
    , m_profile(m_setup.profile())
{
    prepareTerrain();
    prepareUios();
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

QString Engine::modelName(const GameState &state, int model) const
{
    const ModelState *m = state.model(model);
    return m ? m->name : QStringLiteral("model %1").arg(model);
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
    placeUios(ctx); // Scavenger Hunt: now, or once the quadrants are chosen
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
            m.placement = Placement(QPointF(st.x, st.y), st.facing);
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
        placeUios(ctx);
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
            ctx.event(QStringLiteral("decision"), questionOf(d.request), d.request.data,
                      d.request.player);
        }
    }
    revealAndMaskSecrets(ctx);
    return ApplyResult {ctx.state, ctx.events, std::nullopt, dice.record()};
}

// The state unchanged, with why the command was refused.
static ApplyResult refused(const GameState &state, Rejection why)
{
    return ApplyResult {state, {}, std::move(why), {}};
}

ApplyResult Engine::apply(const GameState &state, const Command &input, DiceSource &live) const
{
    Command command = input;
    std::vector<int> replay;
    std::vector<int> answers;
    std::vector<std::vector<QPointF>> paths;
    int player = state.toAct;
    if (state.phase == Phase::Over)
        return refused(state,
                       Rejection(QStringLiteral("Victory Conditions"), Message(MsgId::GameIsOver)));
    if (state.pending) {
        const auto *answer = std::get_if<AnswerCommand>(&input);
        if (!answer)
            return refused(
                state,
                Rejection(QStringLiteral("Decision"),
                          Message(MsgId::AnswerFirst, {questionOf(state.pending->request)})));
        const DecisionRequest &q = state.pending->request;
        const int option = answer->option.value_or(q.defaultOption);
        if (option < 0 || option >= q.options.size())
            return refused(
                state,
                Rejection(QStringLiteral("Decision"),
                          Message(MsgId::OptionDoesNotExist, {option, q.options.size() - 1})));
        const DecisionRequest::PathOption *moves = q.pathOption(option);
        if (moves && answer->path.empty())
            return refused(
                state,
                Rejection(QStringLiteral("Decision"),
                          Message(MsgId::OptionNeedsPath,
                                  {optionOf(q, option), modelName(state, moves->model)})));
        if (!moves && !answer->path.empty())
            return refused(state,
                           Rejection(QStringLiteral("Decision"),
                                     Message(MsgId::OptionNotMovement, {optionOf(q, option)})));
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

    GameState base = state;
    base.pending.reset();
    base.toAct = player;
    CommandDice dice(live, replay);
    Chooser chooser(answers, false, paths);
    Context ctx {*this, base, {}, dice, chooser, player};
    try {
        applyCommand(ctx, command);
    } catch (const Refused &r) {
        return refused(state, r.rejection);
    } catch (const DecisionNeeded &d) {
        GameState waiting = state;
        waiting.pending = PendingCommand {
            command, player, dice.record(), chooser.answersUsed(), chooser.pathsUsed(), d.request};
        waiting.toAct = d.request.player;
        ++waiting.commands;
        GameEvent asked {QStringLiteral("decision"), d.request.question, d.request.data,
                         d.request.player};
        asked.message = questionOf(d.request);
        return ApplyResult {waiting, {asked}, std::nullopt, dice.record()};
    } catch (const ScriptedDiceExhausted &) {
        return refused(state,
                       Rejection(QStringLiteral("Dice"), Message(MsgId::ScriptedDiceRanOut)));
    }
    ++ctx.state.commands;
    revealAndMaskSecrets(ctx);
    return ApplyResult {ctx.state, ctx.events, std::nullopt, dice.record()};
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
                   [&](const PlaceCometCommand &c) { placeComet(ctx, c); },
               },
               command);
    afterCommand(ctx, command, declared);
}

// ---- Activation Phase -------------------------------------------------------

// Models on the table that have not activated; with `embarked`, also those
// Embarked on a carrier on the table, which may activate to Launch. The phase
// goes on until those have had their activation too ("players alternate
// activating Models until all eligible Models in their Fleets have been
// activated"); a player who does not want to Launch one activates it and ends
// the activation aboard.
std::vector<int> rules::activatableModels(const GameState &s, int player, bool embarked)
{
    std::vector<int> out;
    for (const ModelState &m : s.models)
        if (m.controller == player && !m.activated && activatesAsModel(s, m)
            && (m.onTable()
                || (embarked && m.location == Location::Embarked && s.model(m.carrier)
                    && s.model(m.carrier)->onTable())))
            out.push_back(m.id);
    return out;
}

void rules::startActivationPhase(Context &ctx)
{
    GameState &s = ctx.state;
    s.phase = Phase::Activation;
    s.toAct = s.initiative;
    ctx.event(QStringLiteral("phase"), Message(MsgId::ActivationPhaseOfTurn, {s.turn}),
              {{QStringLiteral("phase"), QStringLiteral("activation")}});
    if (activatableModels(s, s.toAct, true).empty())
        s.toAct = 1 - s.toAct;
    if (activatableModels(s, s.toAct, true).empty())
        endPhase(ctx);
}

// Why `player` may not activate the model declaring the Action (Activation
// Phase, the Action's requirements, the states and the scenario), or nullopt:
// everything activate() checks before it changes anything. legalCommands()
// asks the same function (no state copy), so what it offers is what apply()
// accepts: nothing after these checks refuses an activation.
std::optional<Rejection> rules::activationRefusal(const Engine &engine, const GameState &s,
                                                  int player, const ActivateCommand &c)
{
    if (s.phase != Phase::Activation)
        return Rejection(QStringLiteral("Structure of a Game"),
                         Message(MsgId::ActivateInActivationPhase));
    if (s.activation)
        return Rejection(
            QStringLiteral("Activation Phase"),
            Message(MsgId::CompleteActivationFirst, {engine.modelName(s, s.activation->model)}));
    const ModelState *m = s.model(c.model);
    if (!m)
        return Rejection(QStringLiteral("Activation Phase"),
                         Message(MsgId::NoModelNumber, {c.model}));
    if (m->controller != player)
        return Rejection(QStringLiteral("Activation Phase"),
                         Message(MsgId::NotUnderCommand,
                                 {m->name, engine.setup().players[std::size_t(player)].name}));
    // "all eligible Models in their Fleets": a Mine token (or UIO) is terrain.
    if (!activatesAsModel(s, *m))
        return Rejection(QStringLiteral("Activation Phase"),
                         Message(MsgId::TerrainDoesNotActivate, {m->name}));
    if (!m->onTable()
        && !(m->location == Location::Embarked && s.model(m->carrier)
             && s.model(m->carrier)->onTable()))
        return Rejection(QStringLiteral("States › In Reserve"),
                         Message(MsgId::NotOnTable, {m->name}));
    if (m->activated)
        return Rejection(QStringLiteral("Activation Phase"),
                         Message(MsgId::AlreadyActivated, {m->name}));
    // The Action's own check (action.cpp), the one engine.legalCommands() offers by.
    if (c.action)
        return declareRefusal(engine, s, c.model, *c.action);
    if (!c.unknownAction.isEmpty())
        return Rejection(QStringLiteral("Action"), Message(MsgId::NoSuchAction, {c.unknownAction}));
    return std::nullopt;
}

void rules::activate(Context &ctx, const ActivateCommand &c)
{
    const Engine &engine = ctx.engine;
    if (const std::optional<Rejection> why = activationRefusal(engine, ctx.state, ctx.player, c))
        throw Refused {*why};
    GameState &s = ctx.state;
    const Unit &u = engine.unitOf(*s.model(c.model));
    s.activation = Activation {};
    s.activation->model = c.model;
    s.activation->action = c.action;
    ModelState &mm = *s.model(c.model);
    mm.fireControlSpent = 0;
    const QString who = engine.setup().players[std::size_t(ctx.player)].name;
    ctx.event(
        QStringLiteral("activated"),
        !c.action ? Message(MsgId::Activates, {who, mm.name})
                  : Message(MsgId::ActivatesAndDeclares, {who, mm.name, actionMessage(*c.action)}),
        {{QStringLiteral("model"), mm.id}, {QStringLiteral("action"), c.actionKey()}}, ctx.player);
    // States that act at the start of an activation.
    assaultingAtActivation(ctx, mm.id);
    if (s.model(c.model)->has(FlagBoarded))
        boardedFirefight(ctx, c.model);
    fuelPods(ctx, c.model);
    // Sensor Drone: "may increase its Sensor rating for weapons in one arc by 1
    // when it activates" (the default: the Fore arc).
    if (mm.onTable() && engine.view(s, c.model).traitWorks(QStringLiteral("Sensor Drone"))) {
        static const quint8 arcs[] = {ArcFore, ArcPort, ArcStarboard, ArcAft};
        static const MsgId arcNames[]
            = {MsgId::ArcFore, MsgId::ArcPort, MsgId::ArcStarboard, MsgId::ArcAft};
        const int pick = ctx.chooser.ask(DecisionRequest::typed(
            ctx.player, QStringLiteral("sensor-drone"),
            Message(MsgId::SensorDroneQuestion, {mm.name}),
            {Message(arcNames[0]), Message(arcNames[1]), Message(arcNames[2]), Message(arcNames[3]),
             Message(MsgId::NoArc)},
            0, {{QStringLiteral("model"), c.model}}));
        if (pick < 4) {
            s.activation->sensorDroneArc = arcs[pick];
            ctx.event(QStringLiteral("action"),
                      Message(MsgId::SensorDroneArc, {mm.name, Message(arcNames[pick])}),
                      {{QStringLiteral("model"), c.model}}, ctx.player);
        }
    }
    // A Squadron declaring an Action may be intercepted (Reactive Interception)
    // before it takes effect; Assault, Bombing and an Interception of its own
    // are intercepted when they are resolved, as their procedures say. If the
    // squadron does not carry on, the Action is lost.
    if (c.action && u.isSquadron() && !actionRules(*c.action).interceptedWhenResolved
        && !reactiveInterception(ctx, c.model,
                                 Message(MsgId::TriggerDeclaresAction, {actionName(*c.action)}))) {
        s.activation->actionResolved = true;
        ctx.event(QStringLiteral("action"),
                  Message(MsgId::ActionLostToInterception,
                          {engine.modelName(s, c.model), actionMessage(*c.action)}),
                  {{QStringLiteral("model"), c.model}}, ctx.player);
        return;
    }
    if (c.action)
        declareAction(ctx, mm.id, *c.action);
    terrainAtActivation(ctx);
}

// Fuel Pods (Traits, or the Fuel Pods upgrade): once per game a Squadron may
// start its activation with +2 Fuel and either resolve a Boost one more time
// or avoid entering the Return to Base state once. House rulings: asked when it
// activates (default: not now); "a Boost one more time" is a Boost resolved
// at once, besides the declared Action (Speed factors multiply when that
// Action is a Boost too); the avoided Return to Base is kept until needed.
bool rules::hasFuelPods(const Engine &engine, const GameState &s, int id)
{
    const ModelState &m = s.models[std::size_t(id)];
    if (engine.unitOf(m).hasTrait(QStringLiteral("Fuel Pods")) || m.waterFuelPods)
        return true;
    const auto &entries = engine.setup().players[std::size_t(m.owner)].fleet.entries;
    return m.entry >= 0 && m.entry < int(entries.size())
        && entries[std::size_t(m.entry)].upgrades.contains(Upgrade::kFuelPods);
}

void rules::fuelPods(Context &ctx, int id)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    waterForFuelPods(ctx, id); // Water Raid › Mine the Comet
    ModelState &m = s.models[std::size_t(id)];
    if (m.fuelPodsUsed || !m.onTable() || !engine.unitOf(m).isSquadron()
        || !hasFuelPods(engine, s, id))
        return;
    const int pick = ctx.chooser.ask(DecisionRequest::typed(
        m.controller, QStringLiteral("fuel-pods"), Message(MsgId::FuelPodsQuestion, {m.name}),
        {Message(MsgId::FuelPodsNotNow), Message(MsgId::FuelPodsBoost),
         Message(MsgId::FuelPodsAvoidReturn)},
        0, {{QStringLiteral("model"), id}}));
    if (pick == 0)
        return;
    m.fuelPodsUsed = true;
    m.fuelSpent -= 2;
    ctx.event(QStringLiteral("action"), Message(MsgId::UsesFuelPods, {m.name}),
              {{QStringLiteral("model"), id}}, ctx.player);
    if (pick == 2) {
        m.fuelPodsAvoidReturn = true;
        return;
    }
    const ModelView v = engine.view(s, id);
    std::vector<Message> options {Message(MsgId::FuelPodsDoubleSpeed)};
    if (v.fuel() >= 2)
        options.emplace_back(MsgId::FuelPodsTripleSpeed);
    const int boost = ctx.chooser.ask(DecisionRequest::typed(
        ctx.player, QStringLiteral("boost"), Message(MsgId::BoostQuestion, {m.name}),
        std::move(options), 0, {{QStringLiteral("model"), id}}));
    m.fuelSpent += boost + 1;
    s.activation->speedFactor *= boost + 2;
    ctx.event(QStringLiteral("action"),
              Message(MsgId::BoostsSpeed, {m.name, s.activation->speedFactor}),
              {{QStringLiteral("model"), id}}, ctx.player);
}

// A squadron would enter Return to Base: Fuel Pods may spare it once.
bool rules::sparedReturnToBase(Context &ctx, int id)
{
    ModelState &m = ctx.state.models[std::size_t(id)];
    if (!m.fuelPodsAvoidReturn)
        return false;
    m.fuelPodsAvoidReturn = false;
    ctx.event(QStringLiteral("state"), Message(MsgId::FuelPodsSpareReturn, {m.name}),
              {{QStringLiteral("model"), id}}, m.controller);
    return true;
}

bool Engine::isHidden(const GameState &s, int model, int viewer) const
{
    const ModelState *m = s.model(model);
    return m && m_profile.secretDeployment && s.phase != Phase::Over && viewer >= 0
        && m->owner != viewer && !m->revealed && !m->onTable();
}

// After each command: models on the table are revealed for good; the events
// about models still hidden from the opponent get a public sentence that gives
// nothing away (secret information, v1.2.4).
void rules::revealAndMaskSecrets(Context &ctx)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    for (ModelState &m : s.models)
        if (m.onTable() || s.phase == Phase::Over)
            m.revealed = true;
    if (!engine.profile().secretDeployment)
        return;
    for (GameEvent &e : ctx.events) {
        for (const char *key : {"model", "carrier"}) {
            const QJsonValue v = e.data.value(QLatin1String(key));
            if (!v.isDouble())
                continue;
            const ModelState *m = s.model(v.toInt());
            if (!m || !engine.isHidden(s, m->id, 1 - m->owner))
                continue;
            e.secretFrom = 1 - m->owner;
            e.publicMessage
                = Message(MsgId::OutOfSight, {engine.setup().players[std::size_t(m->owner)].name});
            e.publicText = e.publicMessage.english();
            break;
        }
    }
}

void rules::endActivation(Context &ctx)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    ModelState &m = activeModel(s, ctx.player, QStringLiteral("Activation Phase"));
    const Unit &u = engine.unitOf(m);
    const ModelView v(u, m);
    const MoveLimits limits = engine.moveLimits(s, m.id);
    const double minMove = limits.minimum;
    if (m.onTable() && !s.activation->landed && u.isCapital()
        && s.activation->moved + kContactTolerance < minMove)
        refuse(QStringLiteral("Movement › Capital Ship Movement"),
               Message(MsgId::MustMoveAtLeast,
                       {m.name, inches(minMove), limits.speed, v.rating(Rating::Thrusters),
                        inches(s.activation->moved)}));
    if (s.activation->overlapPending)
        completeOverlappingMove(ctx, m.id);
    terrainAtEndOfMovement(ctx, m.id);
    // Assaulting squadrons that stayed: placed anywhere in base contact again
    // (States › Assaulting), as near as possible to where they were.
    for (int sq : s.activation->assaulters) {
        ModelState &q = s.models[std::size_t(sq)];
        if (!q.onTable() || !q.has(FlagAssaulting))
            continue;
        std::vector<BaseShape> others;
        for (const ModelState &o : s.models)
            if (o.onTable() && o.id != sq && o.id != m.id)
                others.push_back(engine.view(s, o.id).base());
        const auto at = nearestContactCentre(engine.view(s, sq).base(), engine.view(s, m.id).base(),
                                             q.placement.centre(), others);
        if (at) {
            q.placement = Placement(*at, q.placement.facing());
            ctx.event(QStringLiteral("placed"), Message(MsgId::KeepsAssaulting, {q.name, m.name}),
                      {{QStringLiteral("model"), sq}});
        } else {
            q.set(FlagAssaulting, false);
            q.assaultTarget = -1;
            q.set(FlagReturnToBase);
            ctx.event(QStringLiteral("state"),
                      Message(MsgId::NoRoomReturnsToBase, {q.name, m.name}),
                      {{QStringLiteral("model"), sq}});
        }
    }
    m.activated = true;
    // Fire Control refreshes at the end of the Attack Window; Fuel at the end of
    // the activation (Fuel Refresh).
    m.fireControlSpent = 0;
    for (ModelState &o : s.models) {
        o.fuelSpent = 0;
        o.weaponsUsed.clear(); // the Attack Window of this activation is over
        o.fireControlSpent = 0;
    }
    ctx.event(QStringLiteral("activation-ended"), Message(MsgId::EndsActivation, {m.name}),
              {{QStringLiteral("model"), m.id}}, ctx.player);
    s.activation.reset();
    nextActivation(ctx);
}

void rules::nextActivation(Context &ctx)
{
    GameState &s = ctx.state;
    const int other = 1 - ctx.player;
    if (!activatableModels(s, other, true).empty())
        s.toAct = other;
    else if (!activatableModels(s, ctx.player, true).empty())
        s.toAct = ctx.player; // consecutive activations
    else
        endPhase(ctx);
}

void rules::endPhase(Context &ctx)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    s.phase = Phase::End;
    ctx.event(QStringLiteral("phase"), Message(MsgId::EndPhaseOfTurn, {s.turn}),
              {{QStringLiteral("phase"), QStringLiteral("end")}});
    // Return to Base moves (States › Return to Base), in Initiative order,
    // alternating between the players.
    {
        std::array<std::vector<int>, 2> returning;
        for (const ModelState &m : s.models)
            if (m.onTable() && m.has(FlagReturnToBase))
                returning[std::size_t(m.controller)].push_back(m.id);
        std::size_t i = 0;
        while (i < returning[0].size() || i < returning[1].size()) {
            for (int p : {s.initiative, 1 - s.initiative})
                if (i < returning[std::size_t(p)].size())
                    returnToBase(ctx, returning[std::size_t(p)][i]);
            ++i;
        }
    }
    // The scenario modules' End Phase (Scavenger Hunt: the firefights on the UIOs).
    scenarioEndPhase(ctx);
    // States that end in the End Phase.
    for (ModelState &m : s.models) {
        static const std::pair<ModelFlag, MsgId> ending[]
            = {{FlagDisrupted, MsgId::NoLongerDisrupted},
               {FlagEvading, MsgId::NoLongerEvading},
               {FlagStationKeeping, MsgId::NoLongerStationKeeping},
               {FlagStealthed, MsgId::NoLongerStealthed}};
        for (const auto &[f, ended] : ending)
            if (m.has(f)) {
                m.set(f, false);
                ctx.event(QStringLiteral("state-ended"), Message(ended, {m.name}),
                          {{QStringLiteral("model"), m.id}});
            }
        m.activated = false;
        m.towed = 0; // Tug: "a maximum of 3\" a round"
        m.fireControlSpent = 0;
    }
    // Victory: the turn limit, or a fleet with nothing left in play (house ruling:
    // a player whose whole fleet is gone has lost; the game ends now).
    std::array<bool, 2> alive {false, false};
    for (const ModelState &m : s.models)
        if (m.inPlay() && !m.has(FlagCaptured) && m.terrain < 0)
            alive[std::size_t(m.controller)] = true;
    if (s.turn >= engine.setup().turns || !alive[0] || !alive[1]) {
        finishGame(ctx);
        return;
    }
    // Objective Points: the standing, and the objectives checked at this turn.
    scoreObjectives(ctx, false);
    ++s.turn;
    ctx.event(QStringLiteral("turn"), Message(MsgId::GameTurnBegins, {s.turn}),
              {{QStringLiteral("turn"), s.turn}});
    startDeploymentPhase(ctx);
}

std::array<int, 2> Engine::victoryPoints(const GameState &s) const
{
    // Victory Conditions › Victory Points: the points of the surviving models,
    // Captured 1.5 to the captor, Crippled 0, Destroyed 0, Withdrawn 0.5.
    // Renowned (house ruling, as the trait's bonus has no other reading under
    // survivor scoring): +20% of its TV per instance to the enemy if Destroyed,
    // +30% per instance to the captor if Captured. Fractions round up.
    std::array<double, 2> vp {0, 0};
    for (const ModelState &m : s.models) {
        if (m.terrain >= 0)
            continue; // terrain is worth nothing
        const Unit &u = unitOf(m);
        const int tv = modelPoints(*this, m);
        int renowned = 0;
        for (const TraitRef &t : u.traits)
            renowned += t.name == QLatin1String("Renowned") ? 1 : 0;
        if (m.location == Location::Destroyed) {
            vp[std::size_t(1 - m.owner)] += 0.2 * renowned * tv;
        } else if (m.location == Location::Withdrawn) {
            vp[std::size_t(m.controller)] += m.has(FlagCrippled) ? 0.5 * tv : 0.5 * tv;
        } else if (m.has(FlagCaptured) && m.controller != m.owner) {
            vp[std::size_t(m.controller)] += (1.5 + 0.3 * renowned) * tv;
        } else if (!m.has(FlagCrippled)) {
            vp[std::size_t(m.owner)] += tv;
        }
    }
    return {int(std::ceil(vp[0] - 1e-9)), int(std::ceil(vp[1] - 1e-9))};
}

void rules::finishGame(Context &ctx)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    const auto vp = engine.victoryPoints(s);
    scoreObjectives(ctx, true);
    // The most Objective Points wins; ties broken by Victory Points.
    if (s.objectivePoints[0] != s.objectivePoints[1])
        s.winner = s.objectivePoints[0] > s.objectivePoints[1] ? 0 : 1;
    else if (vp[0] != vp[1])
        s.winner = vp[0] > vp[1] ? 0 : 1;
    else
        s.winner = -1;
    s.phase = Phase::Over;
    const Message result = *s.winner < 0
        ? Message(MsgId::ResultDraw)
        : Message(MsgId::PlayerWins, {engine.setup().players[std::size_t(*s.winner)].name});
    ctx.event(QStringLiteral("game-over"),
              Message(MsgId::GameOverAfterTurn,
                      {s.turn, result, s.objectivePoints[0], s.objectivePoints[1], vp[0], vp[1]}),
              {{QStringLiteral("winner"), *s.winner},
               {QStringLiteral("vp"), QJsonArray {vp[0], vp[1]}},
               {QStringLiteral("op"), QJsonArray {s.objectivePoints[0], s.objectivePoints[1]}}});
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
        for (int i = 0; i < s.pending->request.options.size(); ++i)
            if (!s.pending->request.pathOption(i))
                out.commands.push_back(AnswerCommand {i});
        return out;
    }
    if (s.phase == Phase::Deployment) {
        ScriptedDiceSource none;
        if (s.deploymentStep == DeploymentStep::Beacons) {
            // A choice of legal spots on a 4" grid (any legal point is accepted).
            for (const QPointF &p : beaconSpots(s, 4.0))
                out.commands.push_back(PlaceBeaconCommand {p});
            return out;
        }
        if (s.deploymentStep == DeploymentStep::Comet) {
            for (const PlaceCometCommand &c : cometSpots(*this, s))
                out.commands.push_back(c);
            return out;
        }
        out.deployable = deployableModels(*this, s, s.toAct);
        out.deploymentZone = deploymentZone(s, s.toAct);
        if (scenario().zone == DeploymentZoneKind::Beacon)
            out.deploymentBeacons = s.beacons[std::size_t(s.toAct)];
        if (apply(s, DeclineCommand {}, none).ok())
            out.commands.push_back(DeclineCommand {});
        // Embarking: squadrons on friendly carriers with room.
        for (int id : out.deployable) {
            if (!unitOf(s.models[std::size_t(id)]).isSquadron())
                continue;
            for (const ModelState &c : s.models) {
                if (c.owner != s.toAct || !c.onTable()
                    || !unitOf(c).hasTrait(QStringLiteral("Hangers")))
                    continue;
                if (apply(s, EmbarkCommand {id, c.id}, none).ok())
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
    // The declared Action, when it is resolved on demand: Withdraw (no target),
    // Initiate Assault (an enemy Capital Ship in base contact), Initiate Boarding
    // (one within 1"). The engine checks the rest when it is sent.
    const Activation &act = *s.activation;
    if (!act.actionResolved) {
        // The engine's own check (Withdraw once clear of the enemy, Engage Point
        // Defense with Fire Control left, no Interception once Returning to Base,
        // no Mine the Comet without a working Lance or after an attack);
        // probe dice running out means it got past the checks.
        const auto mayResolve = [&](const ResolveActionCommand &c) {
            ScriptedDiceSource none;
            const ApplyResult r = apply(s, c, none);
            return r.ok() || r.rejection->rule == QLatin1String("Dice");
        };
        const ActionResolve resolve
            = act.action ? actionRules(*act.action).resolve : ActionResolve::Nothing;
        if (resolve == ActionResolve::NoTarget && mayResolve(ResolveActionCommand {}))
            out.commands.push_back(ResolveActionCommand {});
        const bool assault = act.action == ActionId::InitiateAssault;
        const bool boarding = act.action == ActionId::InitiateBoarding;
        if (act.action == ActionId::Interception && m.onTable()) {
            const double left = limits.left();
            for (const ModelState &t : s.models)
                if (t.onTable() && t.controller != m.controller && unitOf(t).isSquadron()
                    && distance(v.base(), view(s, t.id).base()) <= left + kContactTolerance
                    && mayResolve(ResolveActionCommand {t.id}))
                    out.commands.push_back(ResolveActionCommand {t.id});
        }
        if (act.action == ActionId::TenderTransfer && m.onTable())
            for (const ModelState &t : s.models)
                if (t.id != id && t.onTable() && t.controller == m.controller
                    && !tenderTransfers(*this, s, id, t.id).empty())
                    out.commands.push_back(ResolveActionCommand {t.id});
        if (act.action == ActionId::Tug && m.onTable())
            for (const ModelState &t : s.models)
                if (t.onTable() && t.controller == m.controller
                    && unitOf(t).hasTrait(QStringLiteral("Static"))
                    && t.towed < 3.0 - kContactTolerance
                    && distance(v.base(), view(s, t.id).base()) <= 3.0 + kContactTolerance)
                    out.commands.push_back(ResolveActionCommand {t.id});
        if (act.action == ActionId::RammingSpeed && m.onTable()) {
            const double left = limits.left();
            for (const ModelState &t : s.models) {
                if (!t.onTable() || t.controller == m.controller)
                    continue;
                const BaseShape tb = view(s, t.id).base();
                if (v.unit().isCapital()
                    && (unitOf(t).isSquadron() || !targetInArcs(v.base(), ArcFore, tb)))
                    continue;
                if (distance(v.base(), tb) <= left + kContactTolerance)
                    out.commands.push_back(ResolveActionCommand {t.id});
            }
        }
        if (act.action == ActionId::InitiateBombing && m.onTable()) {
            const double left = limits.left();
            for (const ModelState &t : s.models)
                if (t.onTable() && t.controller != m.controller && unitOf(t).isCapital()
                    && distance(v.base(), view(s, t.id).base()) <= left + kContactTolerance)
                    out.commands.push_back(ResolveActionCommand {t.id});
        }
        if ((assault || boarding) && m.onTable()) {
            const BaseShape base = v.base();
            for (const ModelState &t : s.models) {
                if (!t.onTable() || t.controller == m.controller || !unitOf(t).isCapital())
                    continue;
                const BaseShape tb = view(s, t.id).base();
                // Assault: in contact, or the remaining movement reaches (it moves
                // into contact when resolved).
                // (moveIntoContact may find no room: the engine's own check.)
                if (distance(base, tb) <= (assault ? limits.left() : 1.0) + kContactTolerance
                    && (!assault || touching(base, tb) || mayResolve(ResolveActionCommand {t.id})))
                    out.commands.push_back(ResolveActionCommand {t.id});
            }
        }
        // Water Raid › Mine the Comet: an Assault against the Comet.
        if (assault)
            for (int i = 0; i < int(s.terrain.size()); ++i)
                if (mayMineComet(*this, s, id, i)
                    && mayResolve(ResolveActionCommand {std::nullopt, std::nullopt, i}))
                    out.commands.push_back(ResolveActionCommand {std::nullopt, std::nullopt, i});
    }
    ScriptedDiceSource probe(std::vector<int>(64, 3));
    // The rest of the minimum move, the ways the engine accepts (when none is
    // clear, the forced one: Movement › Overlapping).
    for (const MoveCapitalCommand &c : minimumMoves(s, id))
        if (apply(s, c, probe).ok())
            out.commands.push_back(c);
    // Launch and Land (free Actions; not both in one activation). Launch is placed
    // anywhere within the reach (continuous, like a move); Land names a carrier.
    if (m.location == Location::Embarked && !act.landed && !act.launched && s.model(m.carrier))
        out.launch = LegalCommands::LaunchReach {id, m.carrier, launchReach(s, m.carrier)};
    if (m.onTable() && !act.launched && !act.landed)
        for (const ModelState &c : s.models)
            if (c.id != id && c.onTable() && (c.controller == m.controller || uioSearch(s, c.id))) {
                // What land() checks (nothing after them refuses), without a state copy.
                try {
                    checkLand(*this, s, LandCommand {c.id});
                    out.commands.push_back(LandCommand {c.id});
                } catch (const Refused &) { }
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
                if (apply(s, c, probe).ok())
                    out.commands.push_back(c);
            }
        }
    }
    // Not before the minimum move (Movement), the engine's own check; the End
    // Phase it may start rolls dice: running out of probe dice is no refusal.
    const ApplyResult end = apply(s, EndActivationCommand {}, probe);
    if (end.ok() || end.rejection->rule == QLatin1String("Dice"))
        out.commands.push_back(EndActivationCommand {});
    return out;
}

} // namespace jw
