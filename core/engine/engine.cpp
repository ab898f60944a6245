#include "engine/engine.h"

#include "dice/dicesource.h"
#include "dice/roll.h"
#include "engine/attack.h"
#include "engine/damage.h"
#include "geometry/measure.h"
#include "geometry/movement.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <deque>

namespace jw {

namespace {

// A refusal thrown from deep inside a command's resolution; the state copy is dropped.
struct Refused
{
    Rejection rejection;
};

[[noreturn]] void refuse(const QString &rule, const QString &message)
{
    throw Refused {Rejection {rule, message}};
}

// Dice for one command: first the faces recorded when the command was started
// (it waited for a decision), then new ones from the live source; all recorded.
class CommandDice final : public DiceSource
{
public:
    CommandDice(DiceSource &live, std::vector<int> replay)
        : m_live(live)
        , m_replay(replay.begin(), replay.end())
    { }
    int rollD6() override
    {
        int f = 0;
        if (!m_replay.empty()) {
            f = m_replay.front();
            m_replay.pop_front();
        } else {
            f = m_live.rollD6();
        }
        m_record.push_back(f);
        return f;
    }
    [[nodiscard]] const std::vector<int> &record() const { return m_record; }

private:
    DiceSource &m_live;
    std::deque<int> m_replay;
    std::vector<int> m_record;
};

QString inches(double d)
{
    return QString::number(std::round(d * 100) / 100) + QLatin1Char('"');
}

const ActionInfo *findAction(const QString &id)
{
    for (const ActionInfo &a : allActions())
        if (a.id == id)
            return &a;
    return nullptr;
}

} // namespace

const std::vector<ActionInfo> &allActions()
{
    // Action chapter. `supported`: resolved by this version; the others are
    // refused with that reason until the engine's second part implements them.
    static const std::vector<ActionInfo> actions {
        {QStringLiteral("concentrated-fire"), QStringLiteral("Concentrated Fire"), false, false,
         false},
        {QStringLiteral("evade"), QStringLiteral("Evade"), false, false, true},
        {QStringLiteral("initiate-boarding"), QStringLiteral("Initiate Boarding"), false, false,
         false},
        {QStringLiteral("land"), QStringLiteral("Land"), false, false, false},
        {QStringLiteral("launch"), QStringLiteral("Launch"), false, false, false},
        {QStringLiteral("lock-on"), QStringLiteral("Lock On"), false, false, false},
        {QStringLiteral("ramming-speed"), QStringLiteral("Ramming Speed"), false, false, false},
        {QStringLiteral("vector-attack"), QStringLiteral("Vector Attack"), false, false, false},
        {QStringLiteral("withdraw"), QStringLiteral("Withdraw"), false, false, false},
        {QStringLiteral("boost"), QStringLiteral("Boost"), true, false, false},
        {QStringLiteral("initiate-assault"), QStringLiteral("Initiate Assault"), true, false,
         false},
        {QStringLiteral("initiate-bombing"), QStringLiteral("Initiate Bombing"), true, false,
         false},
        {QStringLiteral("interception"), QStringLiteral("Interception"), true, false, false},
        {QStringLiteral("damage-control"), QStringLiteral("Damage Control"), false, true, false},
        {QStringLiteral("engage-point-defense"), QStringLiteral("Engage Point Defense"), false,
         true, false},
        {QStringLiteral("long-range-sensors"), QStringLiteral("Long Range Sensors"), false, true,
         false},
        {QStringLiteral("lay-mines"), QStringLiteral("Lay Mines"), false, true, false},
        {QStringLiteral("purge-airlocks"), QStringLiteral("Purge Airlocks"), false, true, false},
        {QStringLiteral("reorient"), QStringLiteral("Reorient"), false, true, false},
        {QStringLiteral("silent-running"), QStringLiteral("Silent Running"), false, true, false},
        {QStringLiteral("station-keep"), QStringLiteral("Station Keep"), false, true, true},
    };
    return actions;
}

struct Engine::Context
{
    GameState state;
    std::vector<GameEvent> events;
    CommandDice &dice;
    Chooser &chooser;
    int player = 0; // who gave the command

    void event(const QString &kind, const QString &text, QJsonObject data = {}, int who = -1)
    {
        events.push_back(GameEvent {kind, text, std::move(data), who});
    }
};

Engine::Engine(GameSetup setup)
    : m_setup(std::move(setup))
    , m_profile(m_setup.profile())
{ }

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

ApplyResult Engine::start(DiceSource &live) const
{
    CommandDice dice(live, {});
    Chooser chooser({}, true);
    Context ctx {GameState {}, {}, dice, chooser, 0};
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
        ctx.event(QStringLiteral("initiative"),
                  QStringLiteral("Random Selection for Initiative: a %1, %2 has Initiative.")
                      .arg(d)
                      .arg(m_setup.players[std::size_t(s.initiative)].name),
                  {{QStringLiteral("die"), d}, {QStringLiteral("player"), s.initiative}});
    }
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
            for (const auto &[rating, n] : st.lost) {
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
            for (const QString &f : st.states)
                m.flags |= flagFromId(f);
            m.activated = st.activated;
        }
        ctx.event(QStringLiteral("turn"), QStringLiteral("Game Turn %1 begins.").arg(s.turn),
                  {{QStringLiteral("turn"), s.turn}});
        if (m_setup.startPhase == QLatin1String("activation"))
            startActivationPhase(ctx);
        else
            startDeploymentPhase(ctx);
        return ApplyResult {ctx.state, ctx.events, std::nullopt, dice.record()};
    }
    ctx.event(QStringLiteral("turn"), QStringLiteral("Game Turn 1 begins."),
              {{QStringLiteral("turn"), 1}});
    startDeploymentPhase(ctx);
    return ApplyResult {ctx.state, ctx.events, std::nullopt, dice.record()};
}

ApplyResult Engine::apply(const GameState &state, const Command &input, DiceSource &live) const
{
    Command command = input;
    std::vector<int> replay;
    std::vector<int> answers;
    int player = state.toAct;
    if (state.phase == Phase::Over)
        return ApplyResult {
            state,
            {},
            Rejection {QStringLiteral("Victory Conditions"), QStringLiteral("the game is over")},
            {}};
    if (state.pending) {
        const auto *answer = std::get_if<AnswerCommand>(&input);
        if (!answer)
            return ApplyResult {
                state,
                {},
                Rejection {QStringLiteral("Decision"),
                           QStringLiteral("answer first: %1").arg(state.pending->request.question)},
                {}};
        const DecisionRequest &q = state.pending->request;
        const int option = answer->option.value_or(q.defaultOption);
        if (option < 0 || option >= q.options.size())
            return ApplyResult {state,
                                {},
                                Rejection {QStringLiteral("Decision"),
                                           QStringLiteral("option %1 does not exist "
                                                          "(0 to %2)")
                                               .arg(option)
                                               .arg(q.options.size() - 1)},
                                {}};
        command = state.pending->command;
        replay = state.pending->dice;
        answers = state.pending->answers;
        answers.push_back(option);
        player = state.pending->player;
    } else if (std::holds_alternative<AnswerCommand>(input)) {
        return ApplyResult {
            state,
            {},
            Rejection {QStringLiteral("Decision"), QStringLiteral("no decision is waiting")},
            {}};
    }

    GameState base = state;
    base.pending.reset();
    base.toAct = player;
    CommandDice dice(live, replay);
    Chooser chooser(answers, false);
    Context ctx {base, {}, dice, chooser, player};
    try {
        applyCommand(ctx, command);
    } catch (const Refused &r) {
        return ApplyResult {state, {}, r.rejection, {}};
    } catch (const DecisionNeeded &d) {
        GameState waiting = state;
        waiting.pending
            = PendingCommand {command, player, dice.record(), chooser.answersUsed(), d.request};
        waiting.toAct = d.request.player;
        ++waiting.commands;
        return ApplyResult {waiting,
                            {GameEvent {QStringLiteral("decision"), d.request.question,
                                        d.request.data, d.request.player}},
                            std::nullopt,
                            dice.record()};
    } catch (const ScriptedDiceExhausted &) {
        return ApplyResult {
            state,
            {},
            Rejection {QStringLiteral("Dice"), QStringLiteral("the scripted dice ran out")},
            {}};
    }
    ++ctx.state.commands;
    return ApplyResult {ctx.state, ctx.events, std::nullopt, dice.record()};
}

void Engine::applyCommand(Context &ctx, const Command &command) const
{
    GameState &s = ctx.state;
    if (const auto *c = std::get_if<DeployCommand>(&command))
        return deploy(ctx, *c);
    if (const auto *c = std::get_if<EmbarkCommand>(&command))
        return embark(ctx, *c);
    if (std::holds_alternative<DeclineCommand>(command))
        return decline(ctx);
    if (const auto *c = std::get_if<ActivateCommand>(&command))
        return activate(ctx, *c);
    if (const auto *c = std::get_if<MoveCapitalCommand>(&command))
        return moveCapital(ctx, *c);
    if (const auto *c = std::get_if<MoveSquadronCommand>(&command))
        return moveSquadron(ctx, *c);
    if (const auto *c = std::get_if<AttackCommand>(&command))
        return attack(ctx, *c);
    if (std::holds_alternative<EndActivationCommand>(command))
        return endActivation(ctx);
    Q_UNUSED(s);
    refuse(QStringLiteral("Decision"), QStringLiteral("no decision is waiting"));
}

// ---- Deployment Phase -------------------------------------------------------

std::vector<int> Engine::deployableModels(const GameState &s, int player) const
{
    std::vector<int> out;
    if (s.phase != Phase::Deployment || s.declined[std::size_t(player)])
        return out;
    for (const ModelState &m : s.models) {
        if (m.owner != player || m.location != Location::Reserve)
            continue;
        const Unit &u = unitOf(m);
        // Fleet Deployment, first Deployment Phase: capital ships first, then squadrons.
        if (s.turn == 1) {
            const bool capitalStep = s.deploymentStep == DeploymentStep::CapitalShips;
            if (capitalStep != u.isCapital())
                continue;
        }
        out.push_back(m.id);
    }
    return out;
}

std::optional<Rejection> Engine::checkPlacement(const GameState &s, int model, const Placement &p,
                                                bool deploying) const
{
    const ModelState &m = s.models[std::size_t(model)];
    const Unit &u = unitOf(m);
    const BaseShape base(u.base, p);
    if (deploying && !isWhollyWithin(base, deploymentZone(m.owner)))
        return Rejection {QStringLiteral("Deployment Phase"),
                          QStringLiteral("%1 must be wholly within %2's Deployment Zone (the 12\" "
                                         "strip along the %3 edge)")
                              .arg(m.name, m_setup.players[std::size_t(m.owner)].name,
                                   tableEdge(m.owner) == TableEdge::Bottom
                                       ? QStringLiteral("bottom")
                                       : QStringLiteral("top"))};
    if (!isWithinTable(base))
        return Rejection {QStringLiteral("Movement"),
                          QStringLiteral("%1 would leave the 48\" x 48\" table").arg(m.name)};
    for (const ModelState &o : s.models) {
        if (o.id == model || !o.onTable())
            continue;
        const BaseShape other(unitOf(o).base, o.placement);
        if (overlaps(base, other) || touching(base, other))
            return Rejection {
                u.isCapital() ? QStringLiteral("Movement › Capital Ship Movement")
                              : QStringLiteral("Movement › Squadron Movement"),
                QStringLiteral("%1 may not end in base contact with or overlapping %2")
                    .arg(m.name, o.name)};
    }
    return std::nullopt;
}

void Engine::deploy(Context &ctx, const DeployCommand &c) const
{
    GameState &s = ctx.state;
    if (s.phase != Phase::Deployment)
        refuse(QStringLiteral("Structure of a Game"),
               QStringLiteral("models are deployed in the Deployment Phase"));
    const ModelState *m = s.model(c.model);
    if (!m)
        refuse(QStringLiteral("Deployment Phase"), QStringLiteral("no model %1").arg(c.model));
    if (m->owner != ctx.player)
        refuse(QStringLiteral("Deployment Phase"),
               QStringLiteral("%1 is not %2's to deploy")
                   .arg(m->name, m_setup.players[std::size_t(ctx.player)].name));
    const auto eligible = deployableModels(s, ctx.player);
    if (std::find(eligible.begin(), eligible.end(), c.model) == eligible.end())
        refuse(QStringLiteral("Deployment Type › Fleet Deployment"),
               m->location != Location::Reserve
                   ? QStringLiteral("%1 is not In Reserve").arg(m->name)
                   : QStringLiteral("%1 may not be deployed now: all Capital Ships deploy first, "
                                    "then Squadrons")
                         .arg(m->name));
    if (auto r = checkPlacement(s, c.model, c.placement, true))
        refuse(r->rule, r->message);
    ModelState &mm = *s.model(c.model);
    mm.location = Location::Table;
    mm.placement = c.placement;
    ctx.event(QStringLiteral("deployed"),
              QStringLiteral("%1 deploys %2 at (%3, %4) facing %5°.")
                  .arg(m_setup.players[std::size_t(ctx.player)].name, mm.name)
                  .arg(c.placement.centre().x())
                  .arg(c.placement.centre().y())
                  .arg(c.placement.facing()),
              {{QStringLiteral("model"), mm.id}}, ctx.player);
    advanceDeployment(ctx, true);
}

void Engine::embark(Context &ctx, const EmbarkCommand &c) const
{
    GameState &s = ctx.state;
    if (s.phase != Phase::Deployment)
        refuse(QStringLiteral("Deployment Phase"),
               QStringLiteral("models are deployed Embarked in the Deployment Phase; later, "
                              "with the Land action"));
    const ModelState *m = s.model(c.model);
    const ModelState *carrier = s.model(c.carrier);
    if (!m || !carrier)
        refuse(QStringLiteral("Deployment Phase"), QStringLiteral("no such model"));
    const auto eligible = deployableModels(s, ctx.player);
    if (m->owner != ctx.player
        || std::find(eligible.begin(), eligible.end(), c.model) == eligible.end())
        refuse(QStringLiteral("Deployment Phase"),
               QStringLiteral("%1 may not be deployed now").arg(m->name));
    const Unit &u = unitOf(*m);
    if (!u.isSquadron())
        refuse(QStringLiteral("Deployment Type › Fleet Deployment"),
               QStringLiteral("Capital Ships may not be Embarked at deployment"));
    if (carrier->owner != ctx.player || !carrier->onTable())
        refuse(QStringLiteral("States › Embarked"),
               QStringLiteral("%1 must embark on a friendly model on the table").arg(m->name));
    const ModelView cv = view(s, c.carrier);
    if (!cv.traitWorks(QStringLiteral("Hangers")))
        refuse(QStringLiteral("Traits › Hangers"),
               QStringLiteral("%1 has no working Hangers").arg(carrier->name));
    // Capacity: the Hangers rating left (a damaged hangar holds fewer).
    int capacity = 0;
    const Unit &cu = unitOf(*carrier);
    for (int i = 0; i < int(cu.traits.size()); ++i) {
        const TraitRef &t = cu.traits[std::size_t(i)];
        if (t.name == QLatin1String("Hangers"))
            capacity += t.value.value_or(0) - carrier->traitsDamaged[std::size_t(i)];
    }
    int aboard = 0;
    for (const ModelState &o : s.models)
        aboard += o.location == Location::Embarked && o.carrier == c.carrier ? 1 : 0;
    if (aboard >= capacity)
        refuse(QStringLiteral("Traits › Hangers"),
               QStringLiteral("%1's Hangers are full (%2 of %3)")
                   .arg(carrier->name)
                   .arg(aboard)
                   .arg(capacity));
    ModelState &mm = *s.model(c.model);
    mm.location = Location::Embarked;
    mm.carrier = c.carrier;
    ctx.event(QStringLiteral("embarked"),
              QStringLiteral("%1 deploys %2 Embarked on %3.")
                  .arg(m_setup.players[std::size_t(ctx.player)].name, mm.name, carrier->name),
              {{QStringLiteral("model"), mm.id}, {QStringLiteral("carrier"), c.carrier}},
              ctx.player);
    advanceDeployment(ctx, true);
}

void Engine::decline(Context &ctx) const
{
    GameState &s = ctx.state;
    if (s.phase != Phase::Deployment)
        refuse(QStringLiteral("Deployment Phase"), QStringLiteral("there is nothing to decline"));
    if (s.turn == 1 && s.deploymentStep == DeploymentStep::CapitalShips)
        refuse(QStringLiteral("Deployment Type › Fleet Deployment"),
               QStringLiteral("players deploy all their Capital Ships first"));
    s.declined[std::size_t(ctx.player)] = true;
    ctx.event(
        QStringLiteral("declined"),
        QStringLiteral("%1 declines to deploy.").arg(m_setup.players[std::size_t(ctx.player)].name),
        {}, ctx.player);
    advanceDeployment(ctx, true);
}

void Engine::startDeploymentPhase(Context &ctx) const
{
    GameState &s = ctx.state;
    s.phase = Phase::Deployment;
    s.declined = {false, false};
    s.deploymentStep = DeploymentStep::CapitalShips;
    s.toAct = s.initiative;
    ctx.event(QStringLiteral("phase"), QStringLiteral("Deployment Phase of turn %1.").arg(s.turn),
              {{QStringLiteral("phase"), QStringLiteral("deployment")}});
    // Crippled ships roll on the Catastrophic Damage Table at the start of the
    // Deployment Phase (States › Crippled).
    if (s.turn > 1) {
        for (int id = 0; id < int(s.models.size()); ++id) {
            if (s.models[std::size_t(id)].onTable()
                && s.models[std::size_t(id)].has(FlagCrippled)) {
                DamageContext dc {m_setup, s, ctx.dice, ctx.chooser, ctx.events};
                rollCatastrophicDamage(dc, id);
            }
        }
    }
    advanceDeployment(ctx, false);
}

// Who deploys next, or the Activation Phase when nobody can. After a player's
// deployment or decline, the other player goes next if they still may; a player
// with more to deploy goes on alone once the other is done.
void Engine::advanceDeployment(Context &ctx, bool afterAction) const
{
    GameState &s = ctx.state;
    auto canDeploy = [&](int p) {
        return !deployableModels(s, p).empty();
    };
    if (s.turn == 1 && s.deploymentStep == DeploymentStep::CapitalShips && !canDeploy(0)
        && !canDeploy(1)) {
        s.deploymentStep = DeploymentStep::Squadrons;
        s.declined = {false, false};
        s.toAct = s.initiative;
        afterAction = false;
    }
    // Players with nothing to deploy are obliged to decline.
    for (int p = 0; p < 2; ++p)
        if (!canDeploy(p))
            s.declined[std::size_t(p)] = true;
    if (s.declined[0] && s.declined[1]) {
        startActivationPhase(ctx);
        return;
    }
    if (afterAction)
        s.toAct = 1 - ctx.player;
    if (s.declined[std::size_t(s.toAct)])
        s.toAct = 1 - s.toAct;
}

// ---- Activation Phase -------------------------------------------------------

std::vector<int> Engine::activatableModels(const GameState &s, int player) const
{
    std::vector<int> out;
    for (const ModelState &m : s.models)
        if (m.controller == player && m.onTable() && !m.activated)
            out.push_back(m.id);
    return out;
}

void Engine::startActivationPhase(Context &ctx) const
{
    GameState &s = ctx.state;
    s.phase = Phase::Activation;
    s.toAct = s.initiative;
    ctx.event(QStringLiteral("phase"), QStringLiteral("Activation Phase of turn %1.").arg(s.turn),
              {{QStringLiteral("phase"), QStringLiteral("activation")}});
    if (activatableModels(s, s.toAct).empty())
        s.toAct = 1 - s.toAct;
    if (activatableModels(s, s.toAct).empty())
        endPhase(ctx);
}

void Engine::activate(Context &ctx, const ActivateCommand &c) const
{
    GameState &s = ctx.state;
    if (s.phase != Phase::Activation)
        refuse(QStringLiteral("Structure of a Game"),
               QStringLiteral("models activate in the Activation Phase"));
    if (s.activation)
        refuse(QStringLiteral("Activation Phase"),
               QStringLiteral("%1 must complete its activation first")
                   .arg(modelName(s, s.activation->model)));
    const ModelState *m = s.model(c.model);
    if (!m)
        refuse(QStringLiteral("Activation Phase"), QStringLiteral("no model %1").arg(c.model));
    if (m->controller != ctx.player)
        refuse(QStringLiteral("Activation Phase"),
               QStringLiteral("%1 is not under %2's command")
                   .arg(m->name, m_setup.players[std::size_t(ctx.player)].name));
    if (!m->onTable())
        refuse(QStringLiteral("States › In Reserve"),
               QStringLiteral("%1 is not on the table").arg(m->name));
    if (m->activated)
        refuse(QStringLiteral("Activation Phase"),
               QStringLiteral("%1 has already activated this turn").arg(m->name));
    const Unit &u = unitOf(*m);
    const ModelView v(u, *m);
    if (!c.action.isEmpty()) {
        const ActionInfo *a = findAction(c.action);
        if (!a)
            refuse(QStringLiteral("Action"), QStringLiteral("no action '%1'").arg(c.action));
        if (a->squadronOnly && !u.isSquadron())
            refuse(QStringLiteral("Action › Squadron Special Actions"),
                   QStringLiteral("only Squadrons may declare %1").arg(a->name));
        if (a->capitalOnly && !u.isCapital())
            refuse(QStringLiteral("Action › Capital Ship Special Actions"),
                   QStringLiteral("only Capital Ships may declare %1").arg(a->name));
        // Crippled and Captured ships may only Repair (Damage Control) or Withdraw.
        if ((m->has(FlagCrippled) || m->has(FlagCaptured))
            && c.action != QLatin1String("damage-control") && c.action != QLatin1String("withdraw"))
            refuse(m->has(FlagCrippled) ? QStringLiteral("States › Crippled")
                                        : QStringLiteral("States › Captured"),
                   QStringLiteral("%1 may only declare Damage Control (Repair) or Withdraw")
                       .arg(m->name));
        if (!a->supported)
            refuse(QStringLiteral("Action › %1").arg(a->name),
                   QStringLiteral("this version of jwfleet does not resolve %1 yet").arg(a->name));
        if (c.action == QLatin1String("evade")) {
            if (u.hasTrait(QStringLiteral("Sluggish")))
                refuse(QStringLiteral("Action › Evade"),
                       QStringLiteral("a model with the Sluggish trait may not Evade"));
            if (!(u.isCapital() ? v.rating(Rating::Thrusters) >= 1 : v.fuel() >= 2))
                refuse(QStringLiteral("Action › Evade"),
                       QStringLiteral("requires Thrusters 1+ or Fuel 2+"));
        }
        if (c.action == QLatin1String("station-keep") && v.rating(Rating::Thrusters) < 1)
            refuse(QStringLiteral("Action › Station Keep"),
                   QStringLiteral("requires Thrusters 1+"));
    }
    s.activation = Activation {};
    s.activation->model = c.model;
    s.activation->action = c.action;
    ModelState &mm = *s.model(c.model);
    mm.fireControlSpent = 0;
    const QString who = m_setup.players[std::size_t(ctx.player)].name;
    ctx.event(QStringLiteral("activated"),
              c.action.isEmpty() ? QStringLiteral("%1 activates %2.").arg(who, mm.name)
                                 : QStringLiteral("%1 activates %2 and declares %3.")
                                       .arg(who, mm.name, findAction(c.action)->name),
              {{QStringLiteral("model"), mm.id}, {QStringLiteral("action"), c.action}}, ctx.player);
    // The states these actions enter (States chapter); they last until the End Phase.
    if (c.action == QLatin1String("evade")) {
        mm.set(FlagEvading);
        s.activation->actionResolved = true;
        ctx.event(QStringLiteral("state"), QStringLiteral("%1 is Evading.").arg(mm.name),
                  {{QStringLiteral("model"), mm.id},
                   {QStringLiteral("state"), QStringLiteral("evading")}});
    } else if (c.action == QLatin1String("station-keep")) {
        mm.set(FlagStationKeeping);
        s.activation->actionResolved = true;
        ctx.event(QStringLiteral("state"),
                  QStringLiteral("%1 is Station Keeping (Speed 0).").arg(mm.name),
                  {{QStringLiteral("model"), mm.id},
                   {QStringLiteral("state"), QStringLiteral("station-keeping")}});
    }
}

static ModelState &activeModel(GameState &s, int player, const QString &rule)
{
    if (s.phase != Phase::Activation || !s.activation)
        refuse(rule, QStringLiteral("no model is activating: activate one first"));
    Q_UNUSED(player);
    return *s.model(s.activation->model);
}

void Engine::moveCapital(Context &ctx, const MoveCapitalCommand &c) const
{
    GameState &s = ctx.state;
    ModelState &m = activeModel(s, ctx.player, QStringLiteral("Movement"));
    const Unit &u = unitOf(m);
    if (!u.isCapital())
        refuse(QStringLiteral("Movement › Squadron Movement"),
               QStringLiteral("%1 is a Squadron: it moves along a path").arg(m.name));
    const ModelView v(u, m);
    if (u.hasTrait(QStringLiteral("Static")))
        refuse(QStringLiteral("Traits › Static"), QStringLiteral("%1 may not move").arg(m.name));
    CapitalMovePlan plan {c.legs};
    const CapitalMoveResult r = plan.evaluate(m.placement);
    if (!r.forwardOnly)
        refuse(QStringLiteral("Movement › Capital Ship Movement"),
               QStringLiteral("Capital Ships move by advancing directly forward"));
    if (!r.turnsLegal)
        refuse(QStringLiteral("Movement › Capital Ship Movement"),
               QStringLiteral("each turn changes direction by up to 45 degrees"));
    Activation &a = *s.activation;
    if (u.hasTrait(QStringLiteral("Sluggish"))) {
        for (std::size_t i = 0; i + 1 < c.legs.size(); ++i)
            if (c.legs[i].turn != 0 && c.legs[i + 1].distance > 0)
                refuse(QStringLiteral("Traits › Sluggish"),
                       QStringLiteral("%1 only makes turns at the end of a move").arg(m.name));
    }
    const double total = a.moved + r.distance;
    if (total > v.maxMove() + 1e-9)
        refuse(QStringLiteral("Movement › Capital Ship Movement"),
               QStringLiteral("%1 may move at most %2 (Speed %3 + Thrusters %4); this move would "
                              "make %5")
                   .arg(m.name, inches(v.maxMove()))
                   .arg(u.speed)
                   .arg(v.rating(Rating::Thrusters))
                   .arg(inches(total)));
    const int turnsWanted = r.turns;
    if (turnsWanted > 0) {
        const int allowed = v.rating(Rating::Thrusters) == 0 ? u.turns : v.maxTurns();
        if (a.turnsUsed + turnsWanted > allowed)
            refuse(QStringLiteral("Movement › Capital Ship Movement"),
                   QStringLiteral("%1 may turn %2 time(s) this activation (the lower of Turns %3 "
                                  "and Thrusters %4); %5 already made")
                       .arg(m.name)
                       .arg(allowed)
                       .arg(u.turns)
                       .arg(v.rating(Rating::Thrusters))
                       .arg(a.turnsUsed));
        if (v.rating(Rating::Thrusters) == 0 && !a.thrustersTestPassed) {
            // "Ships with 0 Thrusters may only turn after passing a Skill check with a [D+]
            // result."
            const RollOutcome test = rollBest(skillTestPool(v.skill()), ctx.dice);
            ctx.event(QStringLiteral("roll"),
                      QStringLiteral("%1 has Thrusters 0 and makes a Skill Test to turn: %2.")
                          .arg(m.name, test.result.toString()),
                      {{QStringLiteral("model"), m.id},
                       {QStringLiteral("pool"), skillTestPool(v.skill()).toString()},
                       {QStringLiteral("result"), test.result.toString()}},
                      ctx.player);
            if (!test.result.isSuccess()) {
                // The test is spent; the move is made without its turns (the legs up
                // to the first turn).
                CapitalMovePlan straight;
                for (const MoveLeg &leg : c.legs) {
                    straight.legs.push_back(MoveLeg {leg.distance, 0});
                    if (leg.turn != 0)
                        break;
                }
                const CapitalMoveResult sr = straight.evaluate(m.placement);
                const Placement from = m.placement;
                if (auto rej = checkPlacement(s, m.id, sr.finalPlacement, false))
                    refuse(rej->rule, rej->message);
                m.placement = sr.finalPlacement;
                a.moved += sr.distance;
                ctx.event(
                    QStringLiteral("moved"),
                    QStringLiteral("%1 fails the Skill Test and cannot turn; it moves %2 "
                                   "straight ahead.")
                        .arg(m.name, inches(sr.distance)),
                    {{QStringLiteral("model"), m.id},
                     {QStringLiteral("from"), QJsonArray {from.centre().x(), from.centre().y()}}},
                    ctx.player);
                return;
            }
            a.thrustersTestPassed = true;
        }
    }
    if (auto rej = checkPlacement(s, m.id, r.finalPlacement, false))
        refuse(rej->rule, rej->message);
    m.placement = r.finalPlacement;
    a.moved = total;
    a.turnsUsed += turnsWanted;
    QJsonArray path;
    for (const QPointF &p : r.path)
        path.append(QJsonArray {p.x(), p.y()});
    ctx.event(
        QStringLiteral("moved"),
        QStringLiteral("%1 moves %2%3 (%4 of at most %5 this activation).")
            .arg(m.name, inches(r.distance),
                 turnsWanted ? QStringLiteral(" with %1 turn(s)").arg(turnsWanted) : QString(),
                 inches(total), inches(v.maxMove())),
        {{QStringLiteral("model"), m.id}, {QStringLiteral("path"), path}}, ctx.player);
}

void Engine::moveSquadron(Context &ctx, const MoveSquadronCommand &c) const
{
    GameState &s = ctx.state;
    ModelState &m = activeModel(s, ctx.player, QStringLiteral("Movement"));
    const Unit &u = unitOf(m);
    if (!u.isSquadron())
        refuse(QStringLiteral("Movement › Capital Ship Movement"),
               QStringLiteral("%1 is a Capital Ship: it moves forward and turns").arg(m.name));
    if (c.path.empty())
        refuse(QStringLiteral("Movement › Squadron Movement"), QStringLiteral("the path is empty"));
    QPolygonF path;
    path << m.placement.centre();
    for (const QPointF &p : c.path)
        path << p;
    const double length = pathLength(path);
    const ModelView v(u, m);
    Activation &a = *s.activation;
    const double total = a.moved + length;
    if (total > v.maxMove() + 1e-9)
        refuse(QStringLiteral("Movement › Squadron Movement"),
               QStringLiteral("%1 may move up to its Speed, %2; this path would make %3")
                   .arg(m.name, inches(v.maxMove()), inches(total)));
    const Placement end(path.last(), m.placement.facing());
    if (auto rej = checkPlacement(s, m.id, end, false))
        refuse(rej->rule, rej->message);
    m.placement = end;
    a.moved = total;
    QJsonArray jp;
    for (const QPointF &p : path)
        jp.append(QJsonArray {p.x(), p.y()});
    ctx.event(QStringLiteral("moved"),
              QStringLiteral("%1 moves %2 (%3 of %4).")
                  .arg(m.name, inches(length), inches(total), inches(v.maxMove())),
              {{QStringLiteral("model"), m.id}, {QStringLiteral("path"), jp}}, ctx.player);
}

void Engine::attack(Context &ctx, const AttackCommand &c) const
{
    GameState &s = ctx.state;
    ModelState &m = activeModel(s, ctx.player, QStringLiteral("Attack"));
    const AttackCheck check = checkAttack(m_setup, s, m.id, c.weapon, c.target);
    if (check.rejection)
        refuse(check.rejection->rule, check.rejection->message);
    if (auto r
        = resolveAttack(m_setup, s, m.id, c.weapon, c.target, ctx.dice, ctx.chooser, ctx.events))
        refuse(r->rule, r->message);
    // Destroying the last enemy model may end the game at once (checked in the End Phase).
}

void Engine::endActivation(Context &ctx) const
{
    GameState &s = ctx.state;
    ModelState &m = activeModel(s, ctx.player, QStringLiteral("Activation Phase"));
    const Unit &u = unitOf(m);
    const ModelView v(u, m);
    if (m.onTable() && u.isCapital() && s.activation->moved + 1e-9 < v.minMove()
        && !m.has(FlagCrippled))
        refuse(QStringLiteral("Movement › Capital Ship Movement"),
               QStringLiteral("%1 must move at least %2 (Speed %3 - Thrusters %4); it moved %5")
                   .arg(m.name, inches(v.minMove()))
                   .arg(u.speed)
                   .arg(v.rating(Rating::Thrusters))
                   .arg(inches(s.activation->moved)));
    m.activated = true;
    // Fire Control refreshes at the end of the Attack Window; Fuel at the end of
    // the activation (Fuel Refresh).
    m.fireControlSpent = 0;
    for (ModelState &o : s.models) {
        o.fuelSpent = 0;
        o.weaponsUsed.clear(); // the Attack Window of this activation is over
        o.fireControlSpent = 0;
    }
    ctx.event(QStringLiteral("activation-ended"),
              QStringLiteral("%1 ends its activation.").arg(m.name),
              {{QStringLiteral("model"), m.id}}, ctx.player);
    s.activation.reset();
    nextActivation(ctx);
}

void Engine::nextActivation(Context &ctx) const
{
    GameState &s = ctx.state;
    const int other = 1 - ctx.player;
    if (!activatableModels(s, other).empty())
        s.toAct = other;
    else if (!activatableModels(s, ctx.player).empty())
        s.toAct = ctx.player; // consecutive activations
    else
        endPhase(ctx);
}

// ---- End Phase, victory -----------------------------------------------------

void Engine::endPhase(Context &ctx) const
{
    GameState &s = ctx.state;
    s.phase = Phase::End;
    ctx.event(QStringLiteral("phase"), QStringLiteral("End Phase of turn %1.").arg(s.turn),
              {{QStringLiteral("phase"), QStringLiteral("end")}});
    // States that end in the End Phase.
    for (ModelState &m : s.models) {
        for (ModelFlag f : {FlagDisrupted, FlagEvading, FlagStationKeeping, FlagStealthed})
            if (m.has(f)) {
                m.set(f, false);
                ctx.event(QStringLiteral("state-ended"),
                          QStringLiteral("%1 is no longer %2.").arg(m.name, flagName(f)),
                          {{QStringLiteral("model"), m.id}});
            }
        m.activated = false;
        m.fireControlSpent = 0;
    }
    // Victory: the turn limit, or a fleet with nothing left in play (house ruling:
    // a player whose whole fleet is gone has lost; the game ends now).
    std::array<bool, 2> alive {false, false};
    for (const ModelState &m : s.models)
        if (m.inPlay() && !m.has(FlagCaptured))
            alive[std::size_t(m.controller)] = true;
    if (s.turn >= m_setup.turns || !alive[0] || !alive[1]) {
        finishGame(ctx);
        return;
    }
    ++s.turn;
    ctx.event(QStringLiteral("turn"), QStringLiteral("Game Turn %1 begins.").arg(s.turn),
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
        const Unit &u = unitOf(m);
        int tv = u.tv;
        const Fleet &fleet = m_setup.players[std::size_t(m.owner)].fleet;
        if (m.entry < fleet.size())
            for (const QString &up : fleet.entries[std::size_t(m.entry)].upgrades)
                tv += up == QLatin1String("ace-pilot") ? 5
                    : up == QLatin1String("fuel-pods") ? 1
                                                       : 0;
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

void Engine::finishGame(Context &ctx) const
{
    GameState &s = ctx.state;
    const auto vp = victoryPoints(s);
    // Introductory Scenario: 10 Objective Points for the most Victory Points.
    if (vp[0] != vp[1])
        s.objectivePoints[vp[0] > vp[1] ? 0 : 1] += 10;
    // The most Objective Points wins; ties broken by Victory Points.
    if (s.objectivePoints[0] != s.objectivePoints[1])
        s.winner = s.objectivePoints[0] > s.objectivePoints[1] ? 0 : 1;
    else if (vp[0] != vp[1])
        s.winner = vp[0] > vp[1] ? 0 : 1;
    else
        s.winner = -1;
    s.phase = Phase::Over;
    const QString result = *s.winner < 0
        ? QStringLiteral("a draw")
        : QStringLiteral("%1 wins").arg(m_setup.players[std::size_t(*s.winner)].name);
    ctx.event(QStringLiteral("game-over"),
              QStringLiteral("The game is over after turn %1: %2 (Objective Points %3–%4, Victory "
                             "Points %5–%6).")
                  .arg(s.turn)
                  .arg(result)
                  .arg(s.objectivePoints[0])
                  .arg(s.objectivePoints[1])
                  .arg(vp[0])
                  .arg(vp[1]),
              {{QStringLiteral("winner"), *s.winner},
               {QStringLiteral("vp"), QJsonArray {vp[0], vp[1]}},
               {QStringLiteral("op"), QJsonArray {s.objectivePoints[0], s.objectivePoints[1]}}});
}

// ---- Legal commands ---------------------------------------------------------

LegalCommands Engine::legalCommands(const GameState &s) const
{
    LegalCommands out;
    out.player = s.toAct;
    if (s.phase == Phase::Over)
        return out;
    if (s.pending) {
        out.decision = s.pending->request;
        for (int i = 0; i < s.pending->request.options.size(); ++i)
            out.commands.push_back(AnswerCommand {i});
        return out;
    }
    if (s.phase == Phase::Deployment) {
        out.deployable = deployableModels(s, s.toAct);
        out.deploymentZone = deploymentZone(s.toAct);
        if (!(s.turn == 1 && s.deploymentStep == DeploymentStep::CapitalShips))
            out.commands.push_back(DeclineCommand {});
        // Embarking: squadrons on friendly carriers with room.
        for (int id : out.deployable) {
            if (!unitOf(s.models[std::size_t(id)]).isSquadron())
                continue;
            for (const ModelState &c : s.models) {
                if (c.owner != s.toAct || !c.onTable()
                    || !unitOf(c).hasTrait(QStringLiteral("Hangers")))
                    continue;
                out.commands.push_back(EmbarkCommand {id, c.id});
            }
        }
        return out;
    }
    if (s.phase != Phase::Activation)
        return out;
    if (!s.activation) {
        for (int id : activatableModels(s, s.toAct)) {
            out.commands.push_back(ActivateCommand {id, {}});
            for (const ActionInfo &a : allActions()) {
                const Command c = ActivateCommand {id, a.id};
                // Ask the engine itself (no dice are rolled when activating).
                ScriptedDiceSource none;
                const ApplyResult r = apply(s, c, none);
                if (r.ok())
                    out.commands.push_back(c);
                else if (!(a.squadronOnly && unitOf(s.models[std::size_t(id)]).isCapital())
                         && !(a.capitalOnly && unitOf(s.models[std::size_t(id)]).isSquadron()))
                    out.refused.emplace_back(c, *r.rejection);
            }
        }
        return out;
    }
    const int id = s.activation->model;
    const ModelState &m = s.models[std::size_t(id)];
    const ModelView v = view(s, id);
    MoveLimits limits;
    limits.model = id;
    limits.moved = s.activation->moved;
    limits.minimum = v.minMove();
    limits.maximum = v.maxMove();
    limits.turnsLeft = std::max(0,
                                (v.rating(Rating::Thrusters) == 0 ? v.unit().turns : v.maxTurns())
                                    - s.activation->turnsUsed);
    limits.needsSkillTestToTurn = v.unit().isCapital() && v.rating(Rating::Thrusters) == 0
        && !s.activation->thrustersTestPassed;
    out.move = limits;
    for (const AttackOption &o : attackOptions(m_setup, s, id)) {
        const Command c = AttackCommand {o.weapon, o.target};
        if (o.check.rejection)
            out.refused.emplace_back(c, *o.check.rejection);
        else
            out.commands.push_back(c);
    }
    Q_UNUSED(m);
    out.commands.push_back(EndActivationCommand {});
    return out;
}

} // namespace jw
