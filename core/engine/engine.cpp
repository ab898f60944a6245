#include "engine/engine.h"

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

// How many more boxes of the Marines track to mark for `n` Marines lost (the
// rating falls by n; redundant boxes go with it).
int marinesLostBoxes(const Unit &u, const ModelState &m, int n)
{
    const Track &t = u.marines;
    const int target = std::max(0, t.valueAfter(m.marinesLost) - n);
    int lost = m.marinesLost;
    while (lost < t.size() && t.valueAfter(lost) > target)
        ++lost;
    return lost - m.marinesLost;
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
         true},
        {QStringLiteral("evade"), QStringLiteral("Evade"), false, false, true},
        {QStringLiteral("initiate-boarding"), QStringLiteral("Initiate Boarding"), false, false,
         true},
        {QStringLiteral("land"), QStringLiteral("Land"), false, false, true},
        {QStringLiteral("launch"), QStringLiteral("Launch"), false, false, true},
        {QStringLiteral("lock-on"), QStringLiteral("Lock On"), false, false, true},
        {QStringLiteral("ramming-speed"), QStringLiteral("Ramming Speed"), false, false, true},
        {QStringLiteral("vector-attack"), QStringLiteral("Vector Attack"), false, false, false},
        {QStringLiteral("withdraw"), QStringLiteral("Withdraw"), false, false, true},
        {QStringLiteral("boost"), QStringLiteral("Boost"), true, false, true},
        {QStringLiteral("initiate-assault"), QStringLiteral("Initiate Assault"), true, false, true},
        {QStringLiteral("initiate-bombing"), QStringLiteral("Initiate Bombing"), true, false, true},
        {QStringLiteral("interception"), QStringLiteral("Interception"), true, false, true},
        {QStringLiteral("damage-control"), QStringLiteral("Damage Control"), false, true, true},
        {QStringLiteral("engage-point-defense"), QStringLiteral("Engage Point Defense"), false,
         true, true},
        {QStringLiteral("long-range-sensors"), QStringLiteral("Long Range Sensors"), false, true,
         true},
        {QStringLiteral("lay-mines"), QStringLiteral("Lay Mines"), false, true, false},
        {QStringLiteral("purge-airlocks"), QStringLiteral("Purge Airlocks"), false, true, true},
        {QStringLiteral("reorient"), QStringLiteral("Reorient"), false, true, true},
        {QStringLiteral("silent-running"), QStringLiteral("Silent Running"), false, true, true},
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
            for (const QString &f : st.states)
                m.flags |= flagFromId(f);
            m.activated = st.activated;
            m.boarders = st.boarders;
            m.assaultTarget = st.assaultTarget;
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
    int player = state.toAct;
    if (state.phase == Phase::Over)
        return refused(
            state,
            Rejection {QStringLiteral("Victory Conditions"), QStringLiteral("the game is over")});
    if (state.pending) {
        const auto *answer = std::get_if<AnswerCommand>(&input);
        if (!answer)
            return refused(
                state,
                Rejection {
                    QStringLiteral("Decision"),
                    QStringLiteral("answer first: %1").arg(state.pending->request.question)});
        const DecisionRequest &q = state.pending->request;
        const int option = answer->option.value_or(q.defaultOption);
        if (option < 0 || option >= q.options.size())
            return refused(state,
                           Rejection {QStringLiteral("Decision"),
                                      QStringLiteral("option %1 does not exist "
                                                     "(0 to %2)")
                                          .arg(option)
                                          .arg(q.options.size() - 1)});
        command = state.pending->command;
        replay = state.pending->dice;
        answers = state.pending->answers;
        answers.push_back(option);
        player = state.pending->player;
    } else if (std::holds_alternative<AnswerCommand>(input)) {
        return refused(
            state,
            Rejection {QStringLiteral("Decision"), QStringLiteral("no decision is waiting")});
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
        return refused(state, r.rejection);
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
        return refused(
            state, Rejection {QStringLiteral("Dice"), QStringLiteral("the scripted dice ran out")});
    }
    ++ctx.state.commands;
    return ApplyResult {ctx.state, ctx.events, std::nullopt, dice.record()};
}

void Engine::applyCommand(Context &ctx, const Command &command) const
{
    std::visit(Overloaded {
                   [&](const DeployCommand &c) { deploy(ctx, c); },
                   [&](const EmbarkCommand &c) { embark(ctx, c); },
                   [&](const DeclineCommand &) { decline(ctx); },
                   [&](const ActivateCommand &c) { activate(ctx, c); },
                   [&](const MoveCapitalCommand &c) { moveCapital(ctx, c); },
                   [&](const MoveSquadronCommand &c) { moveSquadron(ctx, c); },
                   [&](const AttackCommand &c) { attack(ctx, c); },
                   [&](const AnswerCommand &) {
                       refuse(QStringLiteral("Decision"), QStringLiteral("no decision is waiting"));
                   },
                   [&](const ResolveActionCommand &c) { resolveDeclaredAction(ctx, c); },
                   [&](const LaunchCommand &c) { launch(ctx, c); },
                   [&](const LandCommand &c) { land(ctx, c); },
                   [&](const EndActivationCommand &) { endActivation(ctx); },
               },
               command);
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

// Models on the table that have not activated; with `embarked`, also those
// Embarked on a carrier on the table, which may activate to Launch but need not
// (house ruling: the phase ends when every model on the table has activated).
std::vector<int> Engine::activatableModels(const GameState &s, int player, bool embarked) const
{
    std::vector<int> out;
    for (const ModelState &m : s.models)
        if (m.controller == player && !m.activated
            && (m.onTable()
                || (embarked && m.location == Location::Embarked && s.model(m.carrier)
                    && s.model(m.carrier)->onTable())))
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

static ModelState &activeModel(GameState &s, int player, const QString &rule)
{
    if (s.phase != Phase::Activation || !s.activation)
        refuse(rule, QStringLiteral("no model is activating: activate one first"));
    Q_UNUSED(player);
    return *s.model(s.activation->model);
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
    if (!m->onTable()
        && !(m->location == Location::Embarked && s.model(m->carrier)
             && s.model(m->carrier)->onTable()))
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
        if (c.action == QLatin1String("ramming-speed")) {
            // Ramming Requirements: only 1 Structure left (Fire Ship: any), and
            // no attacks declared this activation (checked by the attacks).
            if (v.structure() != 1
                && !(u.hasTrait(QStringLiteral("Fire Ship")) && v.structure() > 1))
                refuse(QStringLiteral("Ramming › Ramming Requirements"),
                       QStringLiteral("%1 must have only 1 Structure left to ram (it has %2)")
                           .arg(m->name)
                           .arg(v.structure()));
        }
        if (c.action == QLatin1String("engage-point-defense") && v.rating(Rating::Defense) < 1)
            refuse(QStringLiteral("Action › Engage Point Defense"),
                   QStringLiteral("requires Defense 1+"));
        if (c.action == QLatin1String("lock-on") && v.fireControl() < 2)
            refuse(QStringLiteral("Action › Lock On"), QStringLiteral("requires Fire Control 2+"));
        if (c.action == QLatin1String("boost") && v.fuel() < 1)
            refuse(QStringLiteral("Action › Boost"), QStringLiteral("requires Fuel 1+"));
        if (c.action == QLatin1String("long-range-sensors") && v.rating(Rating::Sensors) < 1)
            refuse(QStringLiteral("Action › Long Range Sensors"),
                   QStringLiteral("requires Sensors 1+"));
        if (c.action == QLatin1String("reorient") && v.rating(Rating::Thrusters) < 1)
            refuse(QStringLiteral("Action › Reorient"), QStringLiteral("requires Thrusters 1+"));
        if (c.action == QLatin1String("silent-running")
            && (v.rating(Rating::Defense) < 1 || v.rating(Rating::Sensors) < 1
                || v.rating(Rating::Thrusters) < 1))
            refuse(QStringLiteral("Action › Silent Running"),
                   QStringLiteral("requires Defense 1+, Sensors 1+ and Thrusters 1+"));
        // Initiate Assault: "Exo-Armor" (base contact with the target is checked
        // when it is resolved, after the move).
        if (c.action == QLatin1String("initiate-assault") && u.type != UnitType::ExoArmor)
            refuse(QStringLiteral("Action › Initiate Assault"),
                   QStringLiteral("only an Exo-Armor may Assault"));
        // Initiate Boarding: "Marines: 1+" (within 1" of the target: when resolved).
        if (c.action == QLatin1String("initiate-boarding") && v.rating(Rating::Marines) < 1)
            refuse(QStringLiteral("Action › Initiate Boarding"),
                   QStringLiteral("requires Marines 1+"));
        if (c.action == QLatin1String("purge-airlocks") && !m->has(FlagBoarded))
            refuse(QStringLiteral("Action › Purge Airlocks"),
                   QStringLiteral("%1 is not Boarded").arg(m->name));
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
    // States that act at the start of an activation.
    assaultingAtActivation(ctx, mm.id);
    if (s.model(c.model)->has(FlagBoarded))
        boardedFirefight(ctx, c.model);
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
    } else {
        declareAction(ctx, mm.id, c.action);
    }
}

// The Skill Test of an Action (Dice System › Skill Test), logged. Fast adds a
// Flex die to Withdraw (Traits › Fast).
static DiceResult actionSkillTest(const Engine &engine, GameState &s, int model,
                                  const QString &what, DiceSource &dice,
                                  std::vector<GameEvent> &events, int flex = 0)
{
    const ModelView v = engine.view(s, model);
    const DicePool pool = skillTestPool(v.skill(), flex);
    const RollOutcome r = rollBest(pool, dice);
    QStringList faces;
    for (int f : r.faces.dice)
        faces << QString::number(f);
    events.push_back(GameEvent {QStringLiteral("roll"),
                                QStringLiteral("%1 makes a Skill Test for %2: %3: %4.")
                                    .arg(s.models[std::size_t(model)].name, what,
                                         faces.join(QLatin1Char(' ')), r.result.toString()),
                                {{QStringLiteral("model"), model},
                                 {QStringLiteral("pool"), r.rolled.toString()},
                                 {QStringLiteral("result"), r.result.toString()}},
                                s.models[std::size_t(model)].controller});
    return r.result;
}

// Actions resolved when they are declared (house ruling: an Action whose Skill
// Test changes the rest of the activation rolls it at once).
void Engine::declareAction(Context &ctx, int id, const QString &action) const
{
    GameState &s = ctx.state;
    ModelState &m = s.models[std::size_t(id)];
    const Unit &u = unitOf(m);
    Activation &a = *s.activation;
    auto note = [&](const QString &text) {
        ctx.event(QStringLiteral("action"), text,
                  {{QStringLiteral("model"), id}, {QStringLiteral("action"), action}}, ctx.player);
    };
    if (action == QLatin1String("concentrated-fire")
        || action == QLatin1String("long-range-sensors")) {
        // Concentrated Fire: N +1 Flex to non-Missile attacks, [D+] also re-roll an
        // [N]; Long Range Sensors: N diminishes every result (attack.cpp reads it).
        const DiceResult r
            = actionSkillTest(*this, s, id, findAction(action)->name, ctx.dice, ctx.events);
        a.actionTest = r.best();
        a.actionResolved = true;
    } else if (action == QLatin1String("silent-running")) {
        const DiceResult r
            = actionSkillTest(*this, s, id, QStringLiteral("Silent Running"), ctx.dice, ctx.events);
        a.actionResolved = true;
        if (r.isSuccess()) {
            m.set(FlagStealthed);
            ctx.event(QStringLiteral("state"), QStringLiteral("%1 is Stealthed.").arg(m.name),
                      {{QStringLiteral("model"), id},
                       {QStringLiteral("state"), QStringLiteral("stealthed")}});
        } else {
            note(QStringLiteral("%1 fails to go silent.").arg(m.name));
        }
    } else if (action == QLatin1String("reorient")) {
        // N: one turn more than the Turns rating; [D+]: turn to face any direction.
        const DiceResult r
            = actionSkillTest(*this, s, id, QStringLiteral("Reorient"), ctx.dice, ctx.events);
        a.actionResolved = true;
        if (r.isSuccess()) {
            a.anyFacing = true;
            note(QStringLiteral("%1 may turn to face any direction this activation.").arg(m.name));
        } else {
            a.extraTurns = 1;
            note(QStringLiteral("%1 may make one turn more than its Turns rating.").arg(m.name));
        }
    } else if (action == QLatin1String("boost")) {
        // Double the Speed for 1 Fuel, triple it for 2 (the player's choice).
        const ModelView v(u, m);
        QStringList options {QStringLiteral("Double Speed (%1\", 1 Fuel)").arg(u.speed * 2)};
        if (v.fuel() >= 2)
            options << QStringLiteral("Triple Speed (%1\", 2 Fuel)").arg(u.speed * 3);
        const int choice = ctx.chooser.ask(
            DecisionRequest {ctx.player,
                             QStringLiteral("boost"),
                             QStringLiteral("How hard does %1 boost?").arg(m.name),
                             options,
                             0,
                             {{QStringLiteral("model"), id}}});
        m.fuelSpent += choice + 1;
        a.speedFactor = choice + 2;
        a.actionResolved = true;
        note(QStringLiteral("%1 boosts: Speed x%2 for %3 Fuel.")
                 .arg(m.name)
                 .arg(a.speedFactor)
                 .arg(choice + 1));
    } else if (action == QLatin1String("purge-airlocks")) {
        // N: Marines and Boarders both lose half; [D]: the Boarders lose half;
        // [T+]: the Boarders are all lost. Halves round up (RULINGS.md 1).
        const DiceResult r
            = actionSkillTest(*this, s, id, QStringLiteral("Purge Airlocks"), ctx.dice, ctx.events);
        a.actionResolved = true;
        const int before = m.boarders;
        if (r.best() >= Magnitude::T) {
            m.boarders = 0;
        } else {
            m.boarders -= half(m.boarders);
            if (!r.isSuccess()) {
                const ModelView v(u, m);
                const int marines = v.rating(Rating::Marines);
                const int target = marines - half(marines);
                while (m.marinesLost < u.marines.size()
                       && u.marines.valueAfter(m.marinesLost) > target)
                    ++m.marinesLost;
            }
        }
        note(QStringLiteral("%1 purges its airlocks: Boarders %2 -> %3.")
                 .arg(m.name)
                 .arg(before)
                 .arg(m.boarders));
        if (m.boarders == 0 && m.has(FlagBoarded)) {
            m.set(FlagBoarded, false);
            ctx.event(QStringLiteral("state-ended"),
                      QStringLiteral("%1 is no longer Boarded.").arg(m.name),
                      {{QStringLiteral("model"), id}});
        }
    } else if (action == QLatin1String("damage-control")) {
        a.actionResolved = true;
        repair(ctx, id);
    }
    // Lock On is read by the attacks; Withdraw is resolved by ResolveActionCommand.
}

// Repair (Special procedures), from the Damage Control action: one Repair
// attempt for the ship itself, any Capital Ship docked on it and each
// embarked Squadron. Ratings never rise above their starting values. Repair
// Capital: X / Repair Squadron: X add to the Skill for those rolls (Repair: X
// is both — house ruling, data/factions/README.md); Drones add a Flex die to
// Repair Tests; Command does not help (Traits › Command).
// - The ship itself: N repairs one Rating (Defense, Sensors or Thrusters); [D]
//   two N results, or one Weapon, or one System Trait; [T+] two [D] results.
//   Never out of Crippled.
// - A docked Capital Ship (Skill Test of the Dock ship with +2 Flex): the same,
//   and [T+] may instead repair one Structure, which ends Crippled.
// - Each embarked Squadron (the ship's Skill): N 1, [D] 2, [T+] 3 Structure
//   (RULINGS.md 1).
// Which box is repaired is the repairing player's choice (the default: the
// most useful, a rating at 0 first).
void Engine::repair(Context &ctx, int id) const
{
    GameState &s = ctx.state;
    const Unit &u = unitOf(s.models[std::size_t(id)]);
    const int player = s.models[std::size_t(id)].controller;
    const int capitalBonus = view(s, id).traitValue(QStringLiteral("Repair Capital"))
        + view(s, id).traitValue(QStringLiteral("Repair"));
    const int squadronBonus = view(s, id).traitValue(QStringLiteral("Repair Squadron"))
        + view(s, id).traitValue(QStringLiteral("Repair"));
    const int drones = view(s, id).traitWorks(QStringLiteral("Drones")) ? 1 : 0;
    Q_UNUSED(u);

    auto test = [&](int skill, int flex, const QString &what) {
        const RollOutcome r = rollBest(skillTestPool(skill, flex), ctx.dice);
        QStringList faces;
        for (int f : r.faces.dice)
            faces << QString::number(f);
        ctx.event(
            QStringLiteral("roll"),
            QStringLiteral("Repair of %1: %2: %3: %4.")
                .arg(what, r.rolled.toString(), faces.join(QLatin1Char(' ')), r.result.toString()),
            {{QStringLiteral("model"), id}, {QStringLiteral("result"), r.result.toString()}},
            player);
        return r.result.best();
    };
    // One N result on `ship`: a Rating box back.
    auto repairRating = [&](int ship) {
        ModelState &m = s.models[std::size_t(ship)];
        std::vector<Rating> damaged;
        QStringList options;
        int preferred = 0;
        for (Rating r : {Rating::Defense, Rating::Sensors, Rating::Thrusters}) {
            if (view(s, ship).lost(r) == 0)
                continue;
            if (view(s, ship).rating(r) == 0
                && (damaged.empty() || view(s, ship).rating(damaged[std::size_t(preferred)]) > 0))
                preferred = int(damaged.size()); // a rating at 0 first
            damaged.push_back(r);
            options
                << QStringLiteral("%1 (%2 now)").arg(ratingName(r)).arg(view(s, ship).rating(r));
        }
        if (damaged.empty())
            return false;
        const int pick = ctx.chooser.ask(
            DecisionRequest {player,
                             QStringLiteral("repair-rating"),
                             QStringLiteral("Which Rating of %1 is repaired?").arg(m.name),
                             options,
                             preferred,
                             {{QStringLiteral("model"), ship}}});
        const Rating r = damaged[std::size_t(pick)];
        int &lost = r == Rating::Defense ? m.defenseLost
            : r == Rating::Sensors       ? m.sensorsLost
                                         : m.thrustersLost;
        --lost;
        ctx.event(QStringLiteral("repaired"),
                  QStringLiteral("%1: %2 repaired (%3).")
                      .arg(m.name, ratingName(r))
                      .arg(view(s, ship).rating(r)),
                  {{QStringLiteral("model"), ship}}, player);
        return true;
    };
    // One [D] result: two N, a Weapon, or a System Trait (or, docked, not here).
    auto repairD = [&](int ship) {
        ModelState &m = s.models[std::size_t(ship)];
        const Unit &su = unitOf(m);
        QStringList options;
        std::vector<std::pair<int, int>> what; // (kind, index): 0 ratings, 1 weapon, 2 trait
        bool anyRating = m.defenseLost || m.sensorsLost || m.thrustersLost;
        if (anyRating) {
            options << QStringLiteral("Two Rating repairs");
            what.push_back({0, -1});
        }
        for (int w = 0; w < int(su.weapons.size()); ++w)
            if (m.weaponsDamaged[std::size_t(w)] > 0) {
                options << QStringLiteral("Weapon: %1").arg(su.weapons[std::size_t(w)].name);
                what.push_back({1, w});
            }
        for (int t = 0; t < int(su.traits.size()); ++t)
            if (m.traitsDamaged[std::size_t(t)] > 0) {
                options << QStringLiteral("System Trait: %1").arg(su.traits[std::size_t(t)].name);
                what.push_back({2, t});
            }
        if (options.isEmpty())
            return;
        const int pick = ctx.chooser.ask(
            DecisionRequest {player,
                             QStringLiteral("repair"),
                             QStringLiteral("What does the Repair fix on %1?").arg(m.name),
                             options,
                             0,
                             {{QStringLiteral("model"), ship}}});
        const auto [kind, index] = what[std::size_t(pick)];
        if (kind == 0) {
            repairRating(ship);
            repairRating(ship);
        } else if (kind == 1) {
            --m.weaponsDamaged[std::size_t(index)];
            ctx.event(
                QStringLiteral("repaired"),
                QStringLiteral("%1: %2 repaired.").arg(m.name, su.weapons[std::size_t(index)].name),
                {{QStringLiteral("model"), ship}}, player);
        } else {
            --m.traitsDamaged[std::size_t(index)];
            ctx.event(
                QStringLiteral("repaired"),
                QStringLiteral("%1: %2 repaired.").arg(m.name, su.traits[std::size_t(index)].name),
                {{QStringLiteral("model"), ship}}, player);
        }
    };

    // The ship itself.
    const ModelView sv = view(s, id);
    const Magnitude self = test(sv.skill() + capitalBonus, drones, s.models[std::size_t(id)].name);
    if (self == Magnitude::N)
        repairRating(id);
    else
        for (int i = 0; i < (self >= Magnitude::T ? 2 : 1); ++i)
            repairD(id);

    // Docked Capital Ships and embarked Squadrons.
    for (int other = 0; other < int(s.models.size()); ++other) {
        ModelState &o = s.models[std::size_t(other)];
        if (o.location != Location::Embarked || o.carrier != id)
            continue;
        const Unit &ou = unitOf(o);
        if (ou.isCapital()) {
            const Magnitude r = test(sv.skill() + capitalBonus, 2 + drones, o.name);
            if (r >= Magnitude::T && o.structureLost > 0) {
                const int pick = ctx.chooser.ask(DecisionRequest {
                    player,
                    QStringLiteral("repair-docked"),
                    QStringLiteral("How is %1 repaired?").arg(o.name),
                    {QStringLiteral("Two [D] repairs"), QStringLiteral("One Structure")},
                    o.has(FlagCrippled) ? 1 : 0,
                    {{QStringLiteral("model"), other}}});
                if (pick == 1) {
                    --o.structureLost;
                    ctx.event(QStringLiteral("repaired"),
                              QStringLiteral("%1: one Structure repaired.").arg(o.name),
                              {{QStringLiteral("model"), other}}, player);
                    if (o.has(FlagCrippled) && view(s, other).structure() > 0) {
                        o.set(FlagCrippled, false);
                        ctx.event(QStringLiteral("state-ended"),
                                  QStringLiteral("%1 is no longer Crippled.").arg(o.name),
                                  {{QStringLiteral("model"), other}}, player);
                    }
                    continue;
                }
            }
            if (r == Magnitude::N)
                repairRating(other);
            else
                for (int i = 0; i < (r >= Magnitude::T ? 2 : 1); ++i)
                    repairD(other);
        } else {
            const Magnitude r = test(sv.skill() + squadronBonus, drones, o.name);
            const int points = r == Magnitude::N ? 1 : r == Magnitude::D ? 2 : 3;
            const int before = o.structureLost;
            o.structureLost = std::max(0, o.structureLost - points);
            if (before != o.structureLost)
                ctx.event(QStringLiteral("repaired"),
                          QStringLiteral("%1: %2 Structure repaired (%3).")
                              .arg(o.name)
                              .arg(before - o.structureLost)
                              .arg(view(s, other).structure()),
                          {{QStringLiteral("model"), other}}, player);
        }
    }
}

// The declared Action resolved by ResolveActionCommand: Withdraw (after moving
// clear of the enemy), Initiate Assault and Initiate Boarding (against `target`).
void Engine::resolveDeclaredAction(Context &ctx, const ResolveActionCommand &c) const
{
    GameState &s = ctx.state;
    ModelState &m = activeModel(s, ctx.player, QStringLiteral("Action"));
    const Activation &a = *s.activation;
    const bool targeted = a.action == QLatin1String("initiate-assault")
        || a.action == QLatin1String("initiate-boarding")
        || a.action == QLatin1String("initiate-bombing")
        || a.action == QLatin1String("ramming-speed") || a.action == QLatin1String("interception");
    if (a.action == QLatin1String("engage-point-defense") && !a.actionResolved)
        return resolveEngagePointDefense(ctx);
    if (a.action != QLatin1String("withdraw") && !targeted)
        refuse(QStringLiteral("Action"),
               a.action.isEmpty() ? QStringLiteral("%1 declared no Action").arg(m.name)
                                  : QStringLiteral("%1 is resolved when it is declared")
                                        .arg(findAction(a.action)->name));
    const QString name = findAction(a.action)->name;
    if (a.actionResolved)
        refuse(QStringLiteral("Action › %1").arg(name),
               QStringLiteral("the %1 has been resolved already").arg(name));
    if (!targeted)
        return resolveWithdraw(ctx);
    if (!c.target)
        refuse(QStringLiteral("Action › %1").arg(name),
               QStringLiteral("%1 needs a target Capital Ship").arg(name));
    const ModelState *t = s.model(*c.target);
    if (a.action == QLatin1String("interception")) {
        if (!t || !t->onTable() || t->controller == m.controller || !unitOf(*t).isSquadron())
            refuse(QStringLiteral("Action › Interception"),
                   QStringLiteral("the target must be an enemy Squadron on the table"));
        return resolveInterception(ctx, *c.target);
    }
    if (a.action == QLatin1String("ramming-speed")) {
        if (!t || !t->onTable() || t->controller == m.controller)
            refuse(QStringLiteral("Ramming"),
                   QStringLiteral("the target must be an enemy model on the table"));
        return resolveRamming(ctx, *c.target);
    }
    if (!t || !t->onTable() || t->controller == m.controller || !unitOf(*t).isCapital())
        refuse(QStringLiteral("Action › %1").arg(name),
               QStringLiteral("the target must be an enemy Capital Ship on the table"));
    if (a.action == QLatin1String("initiate-assault"))
        return resolveAssault(ctx, *c.target);
    if (a.action == QLatin1String("initiate-bombing"))
        return resolveBombing(ctx, *c.target);
    resolveBoarding(ctx, *c.target);
}

// Engage Point Defense (Action): one Fire Control for the whole Action, then a
// separate Point Defense attack on every enemy Squadron within short range
// (3", the anti-squadron Short Range), nearest first.
void Engine::resolveEngagePointDefense(Context &ctx) const
{
    GameState &s = ctx.state;
    ModelState &m = *s.model(s.activation->model);
    const ModelView v = view(s, m.id);
    if (v.fireControlLeft() < 1)
        refuse(QStringLiteral("Action › Engage Point Defense"),
               QStringLiteral("%1 has no Fire Control left").arg(m.name));
    m.fireControlSpent += 1;
    if (m.has(FlagStealthed)) {
        m.set(FlagStealthed, false); // cancelled by spending Fire Control
        ctx.event(QStringLiteral("state-ended"),
                  QStringLiteral("%1 is no longer Stealthed.").arg(m.name),
                  {{QStringLiteral("model"), m.id}}, ctx.player);
    }
    s.activation->actionResolved = true;
    std::vector<std::pair<double, int>> targets;
    const BaseShape base = v.base();
    for (const ModelState &o : s.models) {
        if (!o.onTable() || o.controller == m.controller || !unitOf(o).isSquadron())
            continue;
        const double d = distance(base, view(s, o.id).base());
        if (d <= shortRange(AttackKind::AntiSquadron) + 1e-9)
            targets.push_back({d, o.id});
    }
    std::sort(targets.begin(), targets.end());
    ctx.event(QStringLiteral("action"),
              QStringLiteral("%1 engages its Point Defense against %2 squadron(s) within 3\".")
                  .arg(m.name)
                  .arg(targets.size()),
              {{QStringLiteral("model"), m.id}}, ctx.player);
    for (const auto &[d, target] : targets) {
        Q_UNUSED(d);
        if (s.models[std::size_t(target)].onTable())
            resolvePointDefenseAttack(m_setup, s, m.id, target, ctx.dice, ctx.chooser, ctx.events);
    }
}

// An Attack Window of an Assault or a Bombing Run on one target: the attacker
// fires weapon after weapon (its choice, asked as `kind`) until it stops, its
// Fire Control is spent, nothing can fire, or either model is gone.
void Engine::attackWindow(Context &ctx, int id, int target, AttackWindow window,
                          const QString &kind, const QString &what) const
{
    GameState &s = ctx.state;
    const Unit &u = unitOf(s.models[std::size_t(id)]);
    for (;;) {
        if (!s.models[std::size_t(id)].onTable() || !s.models[std::size_t(target)].onTable())
            return;
        std::vector<int> weapons;
        QStringList options;
        QJsonArray ids;
        for (int w = 0; w < int(u.weapons.size()); ++w) {
            const AttackCheck check = checkAttack(m_setup, s, id, w, target, window);
            if (!check.ok())
                continue;
            weapons.push_back(w);
            ids.append(w);
            options << QStringLiteral("Fire %1 (%2)")
                           .arg(u.weapons[std::size_t(w)].name, check.pool.toString());
        }
        if (weapons.empty())
            return;
        options << QStringLiteral("Stop attacking");
        const int choice = ctx.chooser.ask(
            DecisionRequest {s.models[std::size_t(id)].controller,
                             kind,
                             QStringLiteral("%1: which weapon does it fire?").arg(what),
                             options,
                             0,
                             {{QStringLiteral("model"), id},
                              {QStringLiteral("target"), target},
                              {QStringLiteral("weapons"), ids}}});
        if (choice >= int(weapons.size()))
            return;
        if (auto r = resolveAttack(m_setup, s, id, weapons[std::size_t(choice)], target, ctx.dice,
                                   ctx.chooser, ctx.events, window))
            refuse(r->rule, r->message);
    }
}

// Bombing (Special procedures): the squadron moves into base contact with the
// target Capital Ship (its remaining movement must reach), then makes Bombing
// Runs: each costs 1 Fuel — the first is free when the bomber's Speed is at
// least the target's — starts with the target's Point Defense attack, then
// gives an Attack Window (+1 Flex, Lances allowed, no Armor: attack.cpp) with
// fresh Fire Control. The player chooses to go on while Fuel allows; then the
// squadron Returns to Base. (Interception before the runs is not implemented.)
void Engine::resolveBombing(Context &ctx, int target) const
{
    GameState &s = ctx.state;
    const int id = s.activation->model;
    const QString rule = QStringLiteral("Bombing");
    ModelState &m = s.models[std::size_t(id)];
    const Unit &u = unitOf(m);
    const Unit &tu = unitOf(s.models[std::size_t(target)]);
    const QString name = m.name;
    const QString shipName = s.models[std::size_t(target)].name;
    // Into base contact, straight toward the target.
    const BaseShape tb = view(s, target).base();
    if (!touching(view(s, id).base(), tb)) {
        const double d = distance(view(s, id).base(), tb);
        const double left = view(s, id).maxMove() * s.activation->speedFactor - s.activation->moved;
        if (d > left + 1e-9)
            refuse(rule,
                   QStringLiteral("%1 cannot reach %2: it is %3 away, %4 of movement left")
                       .arg(name, shipName, inches(d), inches(std::max(0.0, left))));
        std::vector<BaseShape> others;
        for (const ModelState &o : s.models)
            if (o.onTable() && o.id != id && o.id != target)
                others.push_back(view(s, o.id).base());
        const auto at = nearestContactCentre(view(s, id).base(), tb, m.placement.centre(), others);
        if (!at)
            refuse(rule, QStringLiteral("there is no room next to %1").arg(shipName));
        s.activation->moved += d;
        m.placement = Placement(*at, m.placement.facing());
    }
    s.activation->actionResolved = true;
    ctx.event(QStringLiteral("action"),
              QStringLiteral("%1 begins a Bombing on %2.").arg(name, shipName),
              {{QStringLiteral("model"), id}, {QStringLiteral("target"), target}}, ctx.player);
    bool freeRun = u.speed >= tu.speed;
    for (int run = 1;; ++run) {
        ModelState &b = s.models[std::size_t(id)];
        if (!b.onTable() || !s.models[std::size_t(target)].onTable())
            break;
        const int fuel = view(s, id).fuel();
        if (!freeRun && fuel < 1)
            break;
        if (run > 1) {
            const int more = ctx.chooser.ask(
                DecisionRequest {b.controller,
                                 QStringLiteral("bombing-run"),
                                 QStringLiteral("Does %1 make another Bombing Run on %2 (%3)?")
                                     .arg(name, shipName,
                                          freeRun ? QStringLiteral("free")
                                                  : QStringLiteral("1 Fuel of %1").arg(fuel)),
                                 {QStringLiteral("Yes"), QStringLiteral("No: Return to Base")},
                                 0,
                                 {{QStringLiteral("model"), id}}});
            if (more == 1)
                break;
        }
        if (freeRun)
            freeRun = false;
        else
            b.fuelSpent += 1;
        ctx.event(QStringLiteral("action"),
                  QStringLiteral("%1's Bombing Run %2 on %3.").arg(name).arg(run).arg(shipName),
                  {{QStringLiteral("model"), id}}, ctx.player);
        resolvePointDefenseAttack(m_setup, s, target, id, ctx.dice, ctx.chooser, ctx.events);
        if (!s.models[std::size_t(id)].onTable())
            break;
        // A fresh Attack Window: Fire Control and weapons refresh.
        s.models[std::size_t(id)].fireControlSpent = 0;
        s.activation->weaponsUsed.clear();
        attackWindow(ctx, id, target, AttackWindow::Bombing, QStringLiteral("bombing-attack"),
                     QStringLiteral("%1's Bombing Run on %2").arg(name, shipName));
    }
    ModelState &b = s.models[std::size_t(id)];
    if (b.onTable()) {
        b.set(FlagReturnToBase);
        ctx.event(QStringLiteral("state"),
                  QStringLiteral("%1 ends its Bombing and Returns to Base.").arg(name),
                  {{QStringLiteral("model"), id},
                   {QStringLiteral("state"), QStringLiteral("return-to-base")}},
                  ctx.player);
    }
}

// Active Interception (Action): the squadron, with Fuel 1+, moves into base
// contact with an enemy Squadron (its remaining movement must reach; Return to
// Base squadrons may not intercept) and a Dogfight follows. House ruling:
// this version takes Interception as the declared Action; Reactive
// Interception (during the enemy's activation) is not implemented yet.
void Engine::resolveInterception(Context &ctx, int target) const
{
    GameState &s = ctx.state;
    const int id = s.activation->model;
    ModelState &m = s.models[std::size_t(id)];
    const QString rule = QStringLiteral("Action › Interception");
    if (m.has(FlagReturnToBase))
        refuse(rule,
               QStringLiteral(
                   "Squadrons in the Return to Base state may not declare an Interception"));
    if (view(s, id).fuel() < 1)
        refuse(rule, QStringLiteral("%1 needs Fuel 1+").arg(m.name));
    const BaseShape tb = view(s, target).base();
    const double d = distance(view(s, id).base(), tb);
    const double left = view(s, id).maxMove() * s.activation->speedFactor - s.activation->moved;
    if (d > left + 1e-9)
        refuse(rule,
               QStringLiteral("%1 cannot reach %2: it is %3 away, %4 of movement left")
                   .arg(m.name, s.models[std::size_t(target)].name, inches(d),
                        inches(std::max(0.0, left))));
    if (!touching(view(s, id).base(), tb)) {
        std::vector<BaseShape> others;
        for (const ModelState &o : s.models)
            if (o.onTable() && o.id != id && o.id != target)
                others.push_back(view(s, o.id).base());
        const auto at = nearestContactCentre(view(s, id).base(), tb, m.placement.centre(), others);
        if (!at)
            refuse(rule,
                   QStringLiteral("there is no room next to %1")
                       .arg(s.models[std::size_t(target)].name));
        s.activation->moved += d;
        m.placement = Placement(*at, m.placement.facing());
    }
    s.activation->actionResolved = true;
    ctx.event(QStringLiteral("action"),
              QStringLiteral("%1 intercepts %2: Dogfight!")
                  .arg(m.name, s.models[std::size_t(target)].name),
              {{QStringLiteral("model"), id}, {QStringLiteral("target"), target}}, ctx.player);
    dogfight(ctx, id, target);
}

// Dogfight. The squadrons alternate Dogfight Actions, the activating one first
// (an Interceptor attacks first unless both are): Engage (Fire Control 1+, 1
// Fuel: an Attack Window on the other, Nuke and Bomb weapons excluded by the
// attack rules), Break Off (1 Fuel, a Skill Test; Fast +1 Flex; Heavy rolls
// 2d6: N may end it at Fuel 0, [D+] may end it), Stay on Target (Heavy, no
// Fuel: one Point Defense attack on the adversary). It goes on while either
// has Fuel and both fly. Afterwards a survivor without Fuel Returns to Base;
// one with Fuel may Return to Base or stay (house ruling: the free Movement
// "in any direction" is not offered yet; the squadron stays where it is).
void Engine::dogfight(Context &ctx, int first, int second) const
{
    GameState &s = ctx.state;
    const bool firstInterceptor
        = unitOf(s.models[std::size_t(first)]).hasTrait(QStringLiteral("Interceptor"));
    const bool secondInterceptor
        = unitOf(s.models[std::size_t(second)]).hasTrait(QStringLiteral("Interceptor"));
    std::array<int, 2> side {first, second};
    if (secondInterceptor && !firstInterceptor)
        std::swap(side[0], side[1]);
    bool over = false;
    int passes = 0;
    for (int turn = 0; !over && turn < 64; ++turn) {
        const int me = side[std::size_t(turn % 2)];
        const int foe = side[std::size_t((turn + 1) % 2)];
        if (!s.models[std::size_t(me)].onTable() || !s.models[std::size_t(foe)].onTable())
            break;
        ModelState &mm = s.models[std::size_t(me)];
        const Unit &mu = unitOf(mm);
        const ModelView mv = view(s, me);
        QStringList options;
        std::vector<QString> ids;
        if (mv.fuel() >= 1 && mv.fireControl() >= 1) {
            options << QStringLiteral("Engage: attack %1 (1 Fuel)")
                           .arg(s.models[std::size_t(foe)].name);
            ids.push_back(QStringLiteral("engage"));
        }
        if (mv.fuel() >= 1) {
            options << QStringLiteral("Break Off (1 Fuel, Skill Test)");
            ids.push_back(QStringLiteral("break-off"));
        }
        if (mu.hasTrait(QStringLiteral("Heavy"))) {
            options << QStringLiteral("Stay on Target: Point Defense on %1")
                           .arg(s.models[std::size_t(foe)].name);
            ids.push_back(QStringLiteral("stay-on-target"));
        }
        if (options.isEmpty()) {
            // Out of Fuel: it has no action; the Dogfight ends when neither has.
            if (++passes >= 2)
                break;
            continue;
        }
        passes = 0;
        const int pick = ctx.chooser.ask(
            DecisionRequest {mm.controller,
                             QStringLiteral("dogfight"),
                             QStringLiteral("Dogfight: what does %1 do?").arg(mm.name),
                             options,
                             0,
                             {{QStringLiteral("model"), me}, {QStringLiteral("target"), foe}}});
        const QString what = ids[std::size_t(pick)];
        if (what == QLatin1String("engage")) {
            mm.fuelSpent += 1;
            // A fresh Attack Window for this squadron.
            mm.fireControlSpent = 0;
            mm.weaponsUsed.clear();
            if (s.activation && s.activation->model == me)
                s.activation->weaponsUsed.clear();
            attackWindow(
                ctx, me, foe, AttackWindow::Dogfight, QStringLiteral("dogfight-attack"),
                QStringLiteral("%1 engages %2").arg(mm.name, s.models[std::size_t(foe)].name));
        } else if (what == QLatin1String("break-off")) {
            mm.fuelSpent += 1;
            const bool heavy = mu.hasTrait(QStringLiteral("Heavy"));
            const DicePool pool {heavy ? 2 : mv.skill(),
                                 mu.hasTrait(QStringLiteral("Fast")) ? 1 : 0, 0};
            const RollOutcome r = rollBest(pool, ctx.dice);
            QStringList faces;
            for (int f : r.faces.dice)
                faces << QString::number(f);
            ctx.event(
                QStringLiteral("roll"),
                QStringLiteral("%1 tries to Break Off: %2: %3: %4.")
                    .arg(mm.name, r.rolled.toString(), faces.join(QLatin1Char(' ')),
                         r.result.toString()),
                {{QStringLiteral("model"), me}, {QStringLiteral("result"), r.result.toString()}},
                mm.controller);
            const int end = ctx.chooser.ask(DecisionRequest {
                mm.controller,
                QStringLiteral("break-off"),
                r.result.isSuccess()
                    ? QStringLiteral("%1 may end the Dogfight: does it?").arg(mm.name)
                    : QStringLiteral("%1 may end the Dogfight by spending all its Fuel: does it?")
                          .arg(mm.name),
                {QStringLiteral("Yes, end the Dogfight"), QStringLiteral("No, fight on")},
                0,
                {{QStringLiteral("model"), me}}});
            if (end == 0) {
                if (!r.result.isSuccess())
                    mm.fuelSpent = mu.fuel.start();
                over = true;
                ctx.event(QStringLiteral("action"), QStringLiteral("%1 breaks off.").arg(mm.name),
                          {{QStringLiteral("model"), me}}, mm.controller);
            }
        } else {
            resolvePointDefenseAttack(m_setup, s, me, foe, ctx.dice, ctx.chooser, ctx.events);
        }
    }
    ctx.event(QStringLiteral("action"), QStringLiteral("The Dogfight is over."), {}, -1);
    // Its Attack Windows are over: Fire Control and weapons refresh.
    for (int who : side) {
        s.models[std::size_t(who)].fireControlSpent = 0;
        s.models[std::size_t(who)].weaponsUsed.clear();
    }
    if (s.activation)
        s.activation->weaponsUsed.clear();
    for (int who : side) {
        ModelState &q = s.models[std::size_t(who)];
        if (!q.onTable())
            continue;
        int rtb = 0;
        if (view(s, who).fuel() >= 1)
            rtb = ctx.chooser.ask(DecisionRequest {
                      q.controller,
                      QStringLiteral("dogfight-end"),
                      QStringLiteral("%1 survives the Dogfight with Fuel: what now?").arg(q.name),
                      {QStringLiteral("Return to Base"), QStringLiteral("Stay")},
                      1,
                      {{QStringLiteral("model"), who}}})
                    == 0
                ? 1
                : 0;
        else
            rtb = 1;
        if (rtb) {
            q.set(FlagReturnToBase);
            q.set(FlagAssaulting, false);
            ctx.event(QStringLiteral("state"), QStringLiteral("%1 Returns to Base.").arg(q.name),
                      {{QStringLiteral("model"), who},
                       {QStringLiteral("state"), QStringLiteral("return-to-base")}});
        }
    }
}

// Ramming (Ramming Speed). A Capital Ship may not ram a Squadron.
// - Capital Ship on Capital Ship: a [D+] Skill Test, a legal move bringing its
//   Fore arc onto the target (house ruling: the target is in its Fore arc and
//   within its remaining movement; it is placed in base contact), then each
//   ship rolls its starting Structure and escalates every success; +1B each if
//   the fronts meet; rammed in its side +1B, in its Aft +2B (the example counts
//   the side bonus as a base die: "Structure:4 + 1d6 for side arc").
// - A Squadron on a Capital Ship or a Squadron: it moves into contact, the
//   target's Point Defense rolls, then a [D+] Skill Test (Skill + 1B against a
//   Capital Ship); failing, it is Destroyed; succeeding, it is Destroyed and
//   rolls XB + XF on the target, X half its starting Structure (rounded up).
void Engine::resolveRamming(Context &ctx, int target) const
{
    GameState &s = ctx.state;
    const int id = s.activation->model;
    const QString rule = QStringLiteral("Ramming");
    ModelState &m = s.models[std::size_t(id)];
    const Unit &u = unitOf(m);
    const Unit &tu = unitOf(s.models[std::size_t(target)]);
    const QString name = m.name;
    const QString targetName = s.models[std::size_t(target)].name;
    if (u.isCapital() && tu.isSquadron())
        refuse(QStringLiteral("Ramming › Ramming Requirements"),
               QStringLiteral("a Capital Ship may not ram a Squadron"));
    if (!s.activation->weaponsUsed.empty())
        refuse(QStringLiteral("Ramming › Ramming Requirements"),
               QStringLiteral("the ramming model may not declare any attacks"));
    const BaseShape tb = view(s, target).base();
    const double d = distance(view(s, id).base(), tb);
    const double left = view(s, id).maxMove() * s.activation->speedFactor - s.activation->moved;
    if (u.isCapital() && !targetInArcs(view(s, id).base(), ArcFore, tb))
        refuse(rule, QStringLiteral("%1 must bring its Fore arc onto %2").arg(name, targetName));
    if (d > left + 1e-9)
        refuse(rule,
               QStringLiteral("%1 cannot reach %2: it is %3 away, %4 of movement left")
                   .arg(name, targetName, inches(d), inches(std::max(0.0, left))));
    s.activation->actionResolved = true;
    const auto skillTest = [&](int extra) {
        const DicePool pool = skillTestPool(view(s, id).skill() + extra);
        const RollOutcome r = rollBest(pool, ctx.dice);
        QStringList faces;
        for (int f : r.faces.dice)
            faces << QString::number(f);
        ctx.event(
            QStringLiteral("roll"),
            QStringLiteral("%1 makes a Skill Test to ram: %2: %3: %4.")
                .arg(name, r.rolled.toString(), faces.join(QLatin1Char(' ')), r.result.toString()),
            {{QStringLiteral("model"), id}, {QStringLiteral("result"), r.result.toString()}},
            ctx.player);
        return r.result.isSuccess();
    };
    const auto placeInContact = [&] {
        std::vector<BaseShape> others;
        for (const ModelState &o : s.models)
            if (o.onTable() && o.id != id && o.id != target)
                others.push_back(view(s, o.id).base());
        if (const auto at
            = nearestContactCentre(view(s, id).base(), tb, m.placement.centre(), others)) {
            s.activation->moved += d;
            m.placement = Placement(*at, m.placement.facing());
            return true;
        }
        return false;
    };
    DamageContext dc {m_setup, s, ctx.dice, ctx.chooser, ctx.events};
    const auto rollOn = [&](int attacker, const DicePool &pool, bool escalate, const QString &by) {
        const RollOutcome r = rollBest(pool, ctx.dice);
        DiceResult result = r.result;
        if (escalate) {
            std::vector<Success> up;
            for (const Success &x : result.successes())
                up.push_back(escalated(x));
            result = DiceResult(up);
        }
        QStringList faces;
        for (int f : r.faces.dice)
            faces << QString::number(f);
        ctx.event(
            QStringLiteral("roll"),
            QStringLiteral("%1 rolls %2 for the ram: %3: %4%5.")
                .arg(by, r.rolled.toString(), faces.join(QLatin1Char(' ')), r.result.toString(),
                     escalate ? QStringLiteral(", escalated to %1").arg(result.toString())
                              : QString()),
            {{QStringLiteral("model"), attacker}, {QStringLiteral("result"), result.toString()}},
            s.models[std::size_t(attacker)].controller);
        return result;
    };

    if (u.isCapital()) {
        if (!skillTest(0)) {
            ctx.event(QStringLiteral("action"), QStringLiteral("%1's ram fails.").arg(name),
                      {{QStringLiteral("model"), id}}, ctx.player);
            return;
        }
        if (!placeInContact())
            refuse(rule,
                   QStringLiteral("there is no room for %1 to meet %2").arg(name, targetName));
        const BaseShape rb = view(s, id).base();
        const Arc hit = attackerArc(tb, rb);
        const bool headOn = hit == ArcFore && attackerArc(rb, tb) == ArcFore;
        const int bonus = headOn ? 1 : 0;
        const int flank = hit == ArcPort || hit == ArcStarboard ? 1 : hit == ArcAft ? 2 : 0;
        const DiceResult onTarget
            = rollOn(id, DicePool {u.structure.start() + bonus + flank, 0, 0}, true, name);
        const DiceResult onRammer
            = rollOn(target, DicePool {tu.structure.start() + bonus, 0, 0}, true, targetName);
        // Simultaneous: both rolls are made before the damage.
        applyAttackResult(dc, target, onTarget,
                          DamageSource {m.controller, QStringLiteral("%1's ram").arg(name)});
        if (s.models[std::size_t(id)].inPlay())
            applyAttackResult(
                dc, id, onRammer,
                DamageSource {s.models[std::size_t(target)].controller,
                              QStringLiteral("the collision with %1").arg(targetName)});
        return;
    }
    // A Squadron rams.
    if (!placeInContact())
        refuse(rule, QStringLiteral("there is no room next to %1").arg(targetName));
    resolvePointDefenseAttack(m_setup, s, target, id, ctx.dice, ctx.chooser, ctx.events);
    if (!s.models[std::size_t(id)].inPlay())
        return;
    const bool rammed = skillTest(tu.isCapital() ? 1 : 0);
    destroyModel(dc, id, rammed ? QStringLiteral("in its ram") : QStringLiteral("failing its ram"));
    if (!rammed)
        return;
    const int x = half(u.structure.start());
    const DiceResult onTarget = rollOn(id, DicePool {x, x, 0}, false, name);
    applyAttackResult(dc, target, onTarget,
                      DamageSource {m.controller, QStringLiteral("%1's ram").arg(name)});
}

// Withdraw (Action): at least 6" from every enemy model, a [D+] Skill Test
// (Fast: +1 Flex) and the model and those Embarked on it are Withdrawn.
void Engine::resolveWithdraw(Context &ctx) const
{
    GameState &s = ctx.state;
    ModelState &m = *s.model(s.activation->model);
    Activation &a = *s.activation;
    const BaseShape base = view(s, m.id).base();
    for (const ModelState &o : s.models) {
        if (!o.onTable() || o.controller == m.controller)
            continue;
        const double d = distance(base, view(s, o.id).base());
        if (d < 6.0 - 1e-9)
            refuse(QStringLiteral("Action › Withdraw"),
                   QStringLiteral("%1 must be 6\" from enemy models; %2 is %3 away")
                       .arg(m.name, o.name, inches(d)));
    }
    const int fast = unitOf(m).hasTrait(QStringLiteral("Fast")) ? 1 : 0;
    const DiceResult r
        = actionSkillTest(*this, s, m.id, QStringLiteral("Withdraw"), ctx.dice, ctx.events, fast);
    a.actionResolved = true;
    if (!r.isSuccess()) {
        ctx.event(QStringLiteral("action"), QStringLiteral("%1 fails to Withdraw.").arg(m.name),
                  {{QStringLiteral("model"), m.id}}, ctx.player);
        return;
    }
    m.location = Location::Withdrawn;
    ctx.event(QStringLiteral("withdrawn"), QStringLiteral("%1 Withdraws.").arg(m.name),
              {{QStringLiteral("model"), m.id}}, ctx.player);
    for (ModelState &o : s.models)
        if (o.location == Location::Embarked && o.carrier == m.id) {
            o.location = Location::Withdrawn;
            ctx.event(QStringLiteral("withdrawn"),
                      QStringLiteral("%1 Withdraws with it.").arg(o.name),
                      {{QStringLiteral("model"), o.id}});
        }
    // A Withdrawn model's activation is over.
    m.activated = true;
    s.activation.reset();
    nextActivation(ctx);
}

// Assault (Initiate Assault, Squadron Special Actions): an Exo-Armor that has moved
// into base contact with an enemy Capital Ship.
// 1. Defending Squadrons within 3" may intercept: NOT resolved by this version
//    (Interception is not implemented yet).
// 2. The target's Point Defense attack on the squadron; [T+] drives it off and
//    its activation ends.
// 3. A single Attack Window against the target (attack.cpp: +2F, AS as AC,
//    Precise, Lance, no Armor, no Point Defense against its Missiles): the
//    attacker fires weapon after weapon ("assault-attack") until it stops or
//    nothing more may fire.
// 4. The squadron enters Assaulting (default) or Return to Base ("assault-end").
// House rulings: the Assault's Attack Window is the squadron's Attack Window of
// the activation, so a squadron that has attacked already this activation may not
// Assault; and the Assault is the last thing the squadron does: its activation
// ends with it (it has moved already; "resolving either as appropriate").
// "Driven off" ends the activation and sets no other state.
void Engine::resolveAssault(Context &ctx, int target) const
{
    GameState &s = ctx.state;
    const int id = s.activation->model;
    const QString rule = QStringLiteral("Assault");
    {
        const ModelState &m = s.models[std::size_t(id)];
        const ModelState &t = s.models[std::size_t(target)];
        if (!touching(view(s, id).base(), view(s, target).base()))
            refuse(rule,
                   QStringLiteral("%1 must first move into base contact with %2 (%3 away)")
                       .arg(m.name, t.name,
                            inches(distance(view(s, id).base(), view(s, target).base()))));
        if (!s.activation->weaponsUsed.empty())
            refuse(rule,
                   QStringLiteral("%1 has attacked already this activation: the Assault's "
                                  "Attack Window is its Attack Window")
                       .arg(m.name));
    }
    s.activation->actionResolved = true;
    const QString name = s.models[std::size_t(id)].name;
    const QString shipName = s.models[std::size_t(target)].name;
    ctx.event(QStringLiteral("action"), QStringLiteral("%1 Assaults %2.").arg(name, shipName),
              {{QStringLiteral("model"), id}, {QStringLiteral("target"), target}}, ctx.player);
    // 2. Point Defense.
    const DiceResult pd
        = resolvePointDefenseAttack(m_setup, s, target, id, ctx.dice, ctx.chooser, ctx.events);
    if (!s.models[std::size_t(id)].onTable())
        return endActivation(ctx);
    if (pd.best() >= Magnitude::T) {
        ctx.event(QStringLiteral("action"),
                  QStringLiteral("%1 is driven off by %2's Point Defense.").arg(name, shipName),
                  {{QStringLiteral("model"), id}}, ctx.player);
        return endActivation(ctx);
    }
    // 3. The Assault Attack Window.
    attackWindow(ctx, id, target, AttackWindow::Assault, QStringLiteral("assault-attack"),
                 QStringLiteral("%1 Assaults %2").arg(name, shipName));
    // 4. Assaulting or Return to Base.
    ModelState &m = s.models[std::size_t(id)];
    if (!m.onTable())
        return endActivation(ctx);
    int stay = 1;
    if (s.models[std::size_t(target)].onTable())
        stay = ctx.chooser.ask(DecisionRequest {
            m.controller,
            QStringLiteral("assault-end"),
            QStringLiteral("%1's Assault on %2 is over: what does it do?").arg(name, shipName),
            {QStringLiteral("Enter the Assaulting state (stay on %1)").arg(shipName),
             QStringLiteral("Return to Base")},
            0,
            {{QStringLiteral("model"), id}, {QStringLiteral("target"), target}}});
    if (stay == 0) {
        m.set(FlagReturnToBase, false);
        m.set(FlagAssaulting);
        m.assaultTarget = target;
        ctx.event(QStringLiteral("state"),
                  QStringLiteral("%1 is Assaulting %2.").arg(name, shipName),
                  {{QStringLiteral("model"), id},
                   {QStringLiteral("state"), QStringLiteral("assaulting")}});
    } else {
        m.set(FlagAssaulting, false);
        m.assaultTarget = -1;
        m.set(FlagReturnToBase);
        ctx.event(QStringLiteral("state"), QStringLiteral("%1 Returns to Base.").arg(name),
                  {{QStringLiteral("model"), id},
                   {QStringLiteral("state"), QStringLiteral("return-to-base")}});
    }
    endActivation(ctx);
}

// Boarding (Initiate Boarding): a model with Marines within 1" of an enemy
// Capital Ship.
// 1. The boarding player commits 1 to all of its current Marines
//    ("boarding-commit", default: all); they leave its Marines track.
// 2. The target's Point Defense against them as a Squadron of Structure equal
//    to the committed Marines: each [D] removes 1, each [T] 2, a [Q+] all.
// 3. The survivors board: the target is Boarded, its Boarders increased by them
//    (several boarding models add up).
// House rulings: the Point Defense pool is pointDefensePool() rolled for the best
// result (its Flex dice taken by the defender at their best); the boarding
// model's activation goes on (it may still move and attack). Committed Marines
// are off the boarding model's track whether or not any survive.
void Engine::resolveBoarding(Context &ctx, int target) const
{
    GameState &s = ctx.state;
    const int id = s.activation->model;
    ModelState &m = s.models[std::size_t(id)];
    const Unit &u = unitOf(m);
    const QString rule = QStringLiteral("Boarding");
    const ModelState &t0 = s.models[std::size_t(target)];
    const double d = distance(view(s, id).base(), view(s, target).base());
    if (d > 1.0 + kContactTolerance)
        refuse(rule,
               QStringLiteral("%1 must be within 1\" of %2 (%3 away)")
                   .arg(m.name, t0.name, inches(d)));
    const int marines = ModelView(u, m).rating(Rating::Marines);
    if (marines < 1)
        refuse(QStringLiteral("Action › Initiate Boarding"),
               QStringLiteral("%1 has no Marines left").arg(m.name));
    QStringList options;
    for (int n = 1; n <= marines; ++n)
        options << QStringLiteral("Commit %1 Marine%2").arg(n).arg(n == 1 ? "" : "s");
    const int committed = 1
        + ctx.chooser.ask(DecisionRequest {
            m.controller,
            QStringLiteral("boarding-commit"),
            QStringLiteral("How many Marines does %1 send to board %2?").arg(m.name, t0.name),
            options,
            marines - 1,
            {{QStringLiteral("model"), id}, {QStringLiteral("target"), target}}});
    s.activation->actionResolved = true;
    m.marinesLost += marinesLostBoxes(u, m, committed);
    ctx.event(
        QStringLiteral("action"),
        QStringLiteral("%1 sends %2 Marines to board %3.").arg(m.name).arg(committed).arg(t0.name),
        {{QStringLiteral("model"), id},
         {QStringLiteral("target"), target},
         {QStringLiteral("marines"), committed}},
        ctx.player);
    // 2. Point Defense against the committed Marines.
    int lost = 0;
    const ModelState &t = s.models[std::size_t(target)];
    if (view(s, target).rating(Rating::Defense) >= 1) {
        const DicePool pool = pointDefensePool(m_setup, s, target);
        const RollOutcome r = rollBest(pool, ctx.dice);
        QStringList shown;
        QJsonArray faces;
        for (int f : r.faces.dice) {
            shown << QString::number(f);
            faces.append(f);
        }
        ctx.event(QStringLiteral("roll"),
                  QStringLiteral("%1's Point Defense %2 against the boarders: %3: %4.")
                      .arg(t.name, r.rolled.toString(), shown.join(QLatin1Char(' ')),
                           r.result.toString()),
                  {{QStringLiteral("purpose"), QStringLiteral("point-defense")},
                   {QStringLiteral("pool"), pool.toString()},
                   {QStringLiteral("dice"), faces},
                   {QStringLiteral("result"), r.result.toString()}},
                  t.controller);
        for (const Success &x : r.result.successes())
            lost += x.magnitude == Magnitude::D ? 1 : x.magnitude == Magnitude::T ? 2 : committed;
        lost = std::min(lost, committed);
    } else {
        ctx.event(QStringLiteral("roll"),
                  QStringLiteral("%1 has no Point Defense (Defense 0).").arg(t.name),
                  {{QStringLiteral("purpose"), QStringLiteral("point-defense")}}, t.controller);
    }
    const int survivors = committed - lost;
    ModelState &tm = s.models[std::size_t(target)];
    if (survivors == 0) {
        ctx.event(QStringLiteral("boarding"),
                  QStringLiteral("No Marine of %1 reaches %2.").arg(m.name, tm.name),
                  {{QStringLiteral("model"), target}});
        return;
    }
    tm.boarders += survivors;
    tm.set(FlagBoarded);
    ctx.event(QStringLiteral("state"),
              QStringLiteral("%1 Marines board %2: it is Boarded (Boarders %3).")
                  .arg(survivors)
                  .arg(tm.name)
                  .arg(tm.boarders),
              {{QStringLiteral("model"), target},
               {QStringLiteral("state"), QStringLiteral("boarded")},
               {QStringLiteral("boarders"), tm.boarders}});
}

void Engine::moveCapital(Context &ctx, const MoveCapitalCommand &c) const
{
    GameState &s = ctx.state;
    ModelState &m = activeModel(s, ctx.player, QStringLiteral("Movement"));
    if (m.location == Location::Embarked)
        refuse(QStringLiteral("States › Embarked"),
               QStringLiteral("%1 is Embarked: Launch it first").arg(m.name));
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
    Activation &a = *s.activation;
    if (!r.turnsLegal) {
        // Reorient [D+]: one turn to face any direction.
        int wide = 0;
        for (const MoveLeg &leg : c.legs)
            wide += std::abs(leg.turn) > kMaxTurnDegrees + 1e-9 ? 1 : 0;
        if (!(a.anyFacing && wide == 1 && !a.anyFacingUsed))
            refuse(QStringLiteral("Movement › Capital Ship Movement"),
                   QStringLiteral("each turn changes direction by up to 45 degrees"));
        a.anyFacingUsed = true;
    }
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
        const int allowed = (v.rating(Rating::Thrusters) == 0 ? u.turns : v.maxTurns())
            + a.extraTurns + (a.anyFacing ? 1 : 0);
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
    if (m.location == Location::Embarked)
        refuse(QStringLiteral("States › Embarked"),
               QStringLiteral("%1 is Embarked: Launch it first").arg(m.name));
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
    const double maxMove = v.maxMove() * a.speedFactor; // Boost
    if (total > maxMove + 1e-9)
        refuse(QStringLiteral("Movement › Squadron Movement"),
               QStringLiteral("%1 may move up to its Speed, %2; this path would make %3")
                   .arg(m.name, inches(maxMove), inches(total)));
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
    if (m.location == Location::Embarked)
        refuse(QStringLiteral("States › Embarked"),
               QStringLiteral("%1 is Embarked: Launch it first").arg(m.name));
    const AttackCheck check = checkAttack(m_setup, s, m.id, c.weapon, c.target);
    if (check.rejection)
        refuse(check.rejection->rule, check.rejection->message);
    if (auto r
        = resolveAttack(m_setup, s, m.id, c.weapon, c.target, ctx.dice, ctx.chooser, ctx.events))
        refuse(r->rule, r->message);
    // Destroying the last enemy model may end the game at once (checked in the End Phase).
}

double Engine::launchReach(const GameState &s, int carrier) const
{
    const ModelView cv = view(s, carrier);
    if (cv.traitWorks(QStringLiteral("Catapult")))
        return 6.0;
    if (cv.traitWorks(QStringLiteral("Launchers")))
        return 3.0;
    return 1.0;
}

int Engine::carrierRoom(const GameState &s, int carrier, bool squadron) const
{
    const ModelState &c = s.models[std::size_t(carrier)];
    const Unit &cu = unitOf(c);
    int capacity = 0;
    for (int t = 0; t < int(cu.traits.size()); ++t) {
        const TraitRef &tr = cu.traits[std::size_t(t)];
        if (squadron && tr.name == QLatin1String("Hangers"))
            capacity += tr.value.value_or(0) - c.traitsDamaged[std::size_t(t)];
        if (!squadron && tr.name == QLatin1String("Dock"))
            capacity = 1;
    }
    int aboard = 0;
    for (const ModelState &o : s.models)
        if (o.location == Location::Embarked && o.carrier == carrier
            && unitOf(o).isSquadron() == squadron)
            ++aboard;
    return capacity - aboard;
}

// Action › Launch: "leave the Model it is currently being carried by and be
// placed within 1\" of the carrying model" (Launchers: 3", Catapult: 6"; they do
// not stack). A free Action, not in the same activation as Land.
void Engine::launch(Context &ctx, const LaunchCommand &c) const
{
    GameState &s = ctx.state;
    ModelState &m = activeModel(s, ctx.player, QStringLiteral("Action › Launch"));
    if (m.location != Location::Embarked)
        refuse(QStringLiteral("Action › Launch"), QStringLiteral("%1 is not Embarked").arg(m.name));
    if (s.activation->landed)
        refuse(QStringLiteral("Action › Launch"),
               QStringLiteral("Launch may not be declared in the same activation as Land"));
    const ModelState &carrier = s.models[std::size_t(m.carrier)];
    const ModelView cv = view(s, carrier.id);
    const double reach = launchReach(s, carrier.id);
    const BaseShape placed(unitOf(m).base, c.placement);
    const double d = distance(placed, cv.base());
    if (d > reach + 1e-9)
        refuse(QStringLiteral("Action › Launch"),
               QStringLiteral("%1 must be placed within %2 of %3; this is %4 away")
                   .arg(m.name, inches(reach), carrier.name, inches(d)));
    if (auto r = checkPlacement(s, m.id, c.placement, false))
        refuse(r->rule, r->message);
    m.location = Location::Table;
    m.placement = c.placement;
    m.carrier = -1;
    s.activation->launched = true;
    ctx.event(QStringLiteral("launched"),
              QStringLiteral("%1 launches from %2.").arg(m.name, carrier.name),
              {{QStringLiteral("model"), m.id}, {QStringLiteral("carrier"), carrier.id}},
              ctx.player);
}

// Action › Land: a squadron in base contact with a friendly model with Hangers
// (a Capital Ship: with Dock) becomes Embarked on it. House ruling: the model
// moves straight into contact as part of Land if its remaining movement
// reaches; landing ends its movement and attacks this activation (it is off
// the table).
void Engine::land(Context &ctx, const LandCommand &c) const
{
    GameState &s = ctx.state;
    ModelState &m = activeModel(s, ctx.player, QStringLiteral("Action › Land"));
    if (!m.onTable())
        refuse(QStringLiteral("Action › Land"),
               QStringLiteral("%1 is not on the table").arg(m.name));
    if (s.activation->launched)
        refuse(QStringLiteral("Action › Land"),
               QStringLiteral("Land may not be declared in the same activation as Launch"));
    const ModelState *carrier = s.model(c.carrier);
    if (!carrier || !carrier->onTable() || carrier->controller != m.controller
        || carrier->id == m.id)
        refuse(QStringLiteral("Action › Land"),
               QStringLiteral("land on a friendly model on the table"));
    const Unit &u = unitOf(m);
    const bool squadron = u.isSquadron();
    const ModelView cv = view(s, carrier->id);
    if (squadron ? !cv.traitWorks(QStringLiteral("Hangers"))
                 : !cv.unit().hasTrait(QStringLiteral("Dock")))
        refuse(
            squadron ? QStringLiteral("Traits › Hangers") : QStringLiteral("Traits › Dock"),
            QStringLiteral("%1 has no working %2")
                .arg(carrier->name, squadron ? QStringLiteral("Hangers") : QStringLiteral("Dock")));
    if (carrierRoom(s, carrier->id, squadron) <= 0)
        refuse(squadron ? QStringLiteral("Traits › Hangers") : QStringLiteral("Traits › Dock"),
               QStringLiteral("%1 has no room left").arg(carrier->name));
    const ModelView v(u, m);
    const double d = distance(v.base(), cv.base());
    const double left = v.maxMove() * s.activation->speedFactor - s.activation->moved;
    if (d > left + 1e-9)
        refuse(
            QStringLiteral("Action › Land"),
            QStringLiteral("%1 must reach base contact with %2: it is %3 away, %4 of movement left")
                .arg(m.name, carrier->name, inches(d), inches(std::max(0.0, left))));
    s.activation->moved += d;
    m.location = Location::Embarked;
    m.carrier = carrier->id;
    s.activation->landed = true;
    ctx.event(
        QStringLiteral("embarked"), QStringLiteral("%1 lands on %2.").arg(m.name, carrier->name),
        {{QStringLiteral("model"), m.id}, {QStringLiteral("carrier"), carrier->id}}, ctx.player);
}

void Engine::endActivation(Context &ctx) const
{
    GameState &s = ctx.state;
    ModelState &m = activeModel(s, ctx.player, QStringLiteral("Activation Phase"));
    const Unit &u = unitOf(m);
    const ModelView v(u, m);
    if (m.onTable() && !s.activation->landed && u.isCapital()
        && s.activation->moved + 1e-9 < v.minMove() && !m.has(FlagCrippled))
        refuse(QStringLiteral("Movement › Capital Ship Movement"),
               QStringLiteral("%1 must move at least %2 (Speed %3 - Thrusters %4); it moved %5")
                   .arg(m.name, inches(v.minMove()))
                   .arg(u.speed)
                   .arg(v.rating(Rating::Thrusters))
                   .arg(inches(s.activation->moved)));
    // Assaulting squadrons that stayed: placed anywhere in base contact again
    // (States › Assaulting), as near as possible to where they were.
    for (int sq : s.activation->assaulters) {
        ModelState &q = s.models[std::size_t(sq)];
        if (!q.onTable() || !q.has(FlagAssaulting))
            continue;
        std::vector<BaseShape> others;
        for (const ModelState &o : s.models)
            if (o.onTable() && o.id != sq && o.id != m.id)
                others.push_back(view(s, o.id).base());
        const auto at = nearestContactCentre(view(s, sq).base(), view(s, m.id).base(),
                                             q.placement.centre(), others);
        if (at) {
            q.placement = Placement(*at, q.placement.facing());
            ctx.event(QStringLiteral("placed"),
                      QStringLiteral("%1 keeps Assaulting %2: placed in base contact again.")
                          .arg(q.name, m.name),
                      {{QStringLiteral("model"), sq}});
        } else {
            q.set(FlagAssaulting, false);
            q.assaultTarget = -1;
            q.set(FlagReturnToBase);
            ctx.event(
                QStringLiteral("state"),
                QStringLiteral("%1 finds no room on %2 and Returns to Base.").arg(q.name, m.name),
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

// States › Assaulting. When the Capital Ship under assault activates, each
// Assaulting squadron's owner chooses: stay Assaulting (re-placed in base
// contact once the ship has moved) or cancel into Return to Base (it stays
// where it is as the ship moves away). When the Assaulting squadron itself
// activates it stays only by declaring an Assault; otherwise the state is
// cancelled and it is placed 1" away from the ship, returning to base.
void Engine::assaultingAtActivation(Context &ctx, int id) const
{
    GameState &s = ctx.state;
    ModelState &m = s.models[std::size_t(id)];
    if (m.has(FlagAssaulting)) {
        if (s.activation->action == QLatin1String("initiate-assault"))
            return;
        const int ship = m.assaultTarget;
        m.set(FlagAssaulting, false);
        m.assaultTarget = -1;
        m.set(FlagReturnToBase);
        if (const ModelState *t = s.model(ship); t && t->onTable()) {
            // 1" away, on the side it was (house ruling for "1\" away": the nearest
            // clear spot 1" from the ship's base).
            std::vector<BaseShape> others;
            for (const ModelState &o : s.models)
                if (o.onTable() && o.id != id && o.id != ship)
                    others.push_back(view(s, o.id).base());
            const BaseShape shipBase = view(s, ship).base();
            const QPointF centre = m.placement.centre();
            const QPointF near = closestPoint(shipBase, centre);
            QPointF dir = centre - near;
            const double len = std::hypot(dir.x(), dir.y());
            dir = len > 1e-9 ? dir / len : QPointF(0, 1);
            const BaseShape mb = view(s, id).base();
            const QPointF away = centre + dir * (1.0 + 1e-3);
            const BaseShape moved(mb.size(), Placement(away, m.placement.facing()));
            others.push_back(shipBase);
            const auto clear = nearestClearCentre(moved, others, kBreakContactGap, tableRect());
            if (clear)
                m.placement = Placement(*clear, m.placement.facing());
        }
        ctx.event(QStringLiteral("state"),
                  QStringLiteral("%1 stops Assaulting: it is placed 1\" away and Returns to Base.")
                      .arg(m.name),
                  {{QStringLiteral("model"), id},
                   {QStringLiteral("state"), QStringLiteral("return-to-base")}});
        return;
    }
    if (!unitOf(m).isCapital())
        return;
    for (ModelState &q : s.models) {
        if (!q.onTable() || !q.has(FlagAssaulting) || q.assaultTarget != id)
            continue;
        const int stay = ctx.chooser.ask(DecisionRequest {
            q.controller,
            QStringLiteral("assaulting"),
            QStringLiteral("%1 activates: does %2 keep Assaulting it?").arg(m.name, q.name),
            {QStringLiteral("Keep Assaulting (placed in base contact again after %1 moves)")
                 .arg(m.name),
             QStringLiteral("Stop: Return to Base (stay here as %1 moves away)").arg(m.name)},
            0,
            {{QStringLiteral("model"), q.id}, {QStringLiteral("ship"), id}}});
        if (stay == 0) {
            s.activation->assaulters.push_back(q.id);
        } else {
            q.set(FlagAssaulting, false);
            q.assaultTarget = -1;
            q.set(FlagReturnToBase);
            ctx.event(QStringLiteral("state"),
                      QStringLiteral("%1 stops Assaulting and Returns to Base.").arg(q.name),
                      {{QStringLiteral("model"), q.id},
                       {QStringLiteral("state"), QStringLiteral("return-to-base")}});
        }
    }
}

// States › Boarded: at the start of its activation a Boarded model resolves a
// firefight between the Boarders and its Marines. Each player chooses in
// secret (defender: Engage or Defend; boarders: Engage or Sabotage):
// - Engage/Engage: both roll their rating; [D] -1, [T] -2, [Q+] all of the
//   opponent's rating.
// - Sabotage/Engage: the defender's Engage, and at the same time the Boarders'
//   roll applied to the ship as a Precise weapon.
// - Engage/Defend: both as Engage; the defender's results are Diminished
//   (our reading of "the defending player, however, Diminishes their results":
//   defending is the cautious choice).
// - Sabotage/Defend: an Opposed Roll, Boarders primary; what remains is applied
//   as a Precise weapon.
// Ring Module: +1B for the defending Marines while at least 2 remain.
// Marines at 0 with Boarders left: Captured (the Boarders become its Marines, up
// to the original rating); Boarders at 0: the state ends.
void Engine::boardedFirefight(Context &ctx, int id) const
{
    GameState &s = ctx.state;
    ModelState &m = s.models[std::size_t(id)];
    const Unit &u = unitOf(m);
    const int defender = m.controller;
    const int boarder = 1 - defender;
    const QString who = m_setup.players[std::size_t(boarder)].name;
    const int defendChoice = ctx.chooser.ask(
        DecisionRequest {defender,
                         QStringLiteral("boarding-defender"),
                         QStringLiteral("Boarders on %1: how do its Marines fight?").arg(m.name),
                         {QStringLiteral("Engage: attack the Boarders"),
                          QStringLiteral("Defend: secure the ship's systems")},
                         0,
                         {{QStringLiteral("model"), id}},
                         true});
    const int boardChoice = ctx.chooser.ask(
        DecisionRequest {boarder,
                         QStringLiteral("boarding-boarder"),
                         QStringLiteral("%1's Boarders on %2: what do they do?").arg(who, m.name),
                         {QStringLiteral("Engage: attack the defending Marines"),
                          QStringLiteral("Sabotage: damage a system")},
                         0,
                         {{QStringLiteral("model"), id}},
                         true});
    const bool defend = defendChoice == 1;
    const bool sabotage = boardChoice == 1;
    ctx.event(QStringLiteral("boarding"),
              QStringLiteral("Firefight on %1: the Marines %2, the Boarders %3.")
                  .arg(m.name, defend ? QStringLiteral("Defend") : QStringLiteral("Engage"),
                       sabotage ? QStringLiteral("Sabotage") : QStringLiteral("Engage")),
              {{QStringLiteral("model"), id}});

    const ModelView v(u, m);
    const int marines = v.rating(Rating::Marines);
    const int boarders = m.boarders;
    const int ring = u.hasTrait(QStringLiteral("Ring Module")) && marines >= 2 ? 1 : 0;
    const DicePool defPool {marines + ring, 0, 0};
    const DicePool boardPool {boarders, 0, 0};
    auto roll = [&](const DicePool &pool, const QString &by, int player) {
        const RollOutcome r = rollBest(pool, ctx.dice);
        QJsonArray faces;
        for (int f : r.faces.dice)
            faces.append(f);
        QStringList shown;
        for (int f : r.faces.dice)
            shown << QString::number(f);
        ctx.event(
            QStringLiteral("roll"),
            QStringLiteral("%1 roll %2: %3: %4.")
                .arg(by, r.rolled.toString(), shown.join(QLatin1Char(' ')), r.result.toString()),
            {{QStringLiteral("pool"), pool.toString()},
             {QStringLiteral("dice"), faces},
             {QStringLiteral("result"), r.result.toString()}},
            player);
        return r.result;
    };
    // What an Engage result takes off the opponent's rating.
    auto casualties = [](const DiceResult &r, int rating) {
        int n = 0;
        for (const Success &x : r.successes())
            n += x.magnitude == Magnitude::D ? 1 : x.magnitude == Magnitude::T ? 2 : rating;
        return std::min(n, rating);
    };
    auto diminishAll = [](const DiceResult &r) {
        std::vector<Success> out;
        for (const Success &x : r.successes()) {
            const Success d = diminished(x);
            if (d.magnitude != Magnitude::N)
                out.push_back(d);
        }
        return DiceResult(out);
    };
    int boardersLost = 0;
    int marinesLost = 0;
    std::optional<DiceResult> sabotageResult;
    if (!sabotage || !defend) {
        // The defender's Engage (diminished when Defending against an Engage).
        DiceResult d = roll(defPool, QStringLiteral("%1's Marines").arg(m.name), defender);
        if (defend)
            d = diminishAll(d);
        boardersLost = casualties(d, boarders);
    }
    if (!sabotage) {
        const DiceResult b = roll(boardPool, QStringLiteral("The Boarders"), boarder);
        marinesLost = casualties(b, marines);
    } else if (!defend) {
        sabotageResult = roll(boardPool, QStringLiteral("The Boarders' sabotage"), boarder);
    } else {
        const DiceResult primary
            = roll(boardPool, QStringLiteral("The Boarders' sabotage"), boarder);
        const DiceResult secondary
            = roll(defPool, QStringLiteral("%1's Marines").arg(m.name), defender);
        sabotageResult = applyOpposition(primary, secondary, worstForPrimary(primary, secondary));
    }
    // Simultaneous: both losses from the ratings before the firefight.
    m.boarders = std::max(0, boarders - boardersLost);
    m.marinesLost += marinesLostBoxes(u, m, marinesLost);
    if (boardersLost || marinesLost)
        ctx.event(QStringLiteral("damage"),
                  QStringLiteral("The firefight costs the Boarders %1 and %2's Marines %3.")
                      .arg(boardersLost)
                      .arg(m.name)
                      .arg(marinesLost),
                  {{QStringLiteral("model"), id}});
    if (sabotageResult && sabotageResult->isSuccess()) {
        DamageContext dc {m_setup, s, ctx.dice, ctx.chooser, ctx.events};
        applyAttackResult(
            dc, id, *sabotageResult,
            DamageSource {boarder, QStringLiteral("the Boarders' sabotage"), std::nullopt, true});
    }
    ModelState &after = s.models[std::size_t(id)];
    const int marinesLeft = ModelView(u, after).rating(Rating::Marines);
    if (after.boarders == 0) {
        after.set(FlagBoarded, false);
        ctx.event(QStringLiteral("state-ended"),
                  QStringLiteral("%1 is no longer Boarded.").arg(after.name),
                  {{QStringLiteral("model"), id}});
    } else if (marinesLeft == 0 && after.inPlay()) {
        after.set(FlagBoarded, false);
        after.set(FlagCaptured);
        after.controller = boarder;
        // The Boarders become its Marines, up to the original rating.
        const int crew = std::min(after.boarders, u.marines.start());
        after.marinesLost = 0;
        while (after.marinesLost < u.marines.size()
               && u.marines.valueAfter(after.marinesLost) > crew)
            ++after.marinesLost;
        after.boarders = 0;
        // "The new owner may choose whether or not to resolve the chosen action":
        // the captor goes on with this activation.
        if (s.activation && s.activation->model == id) {
            s.toAct = boarder;
            ctx.player = boarder;
        }
        ctx.event(
            QStringLiteral("state"), QStringLiteral("%1 is Captured by %2.").arg(after.name, who),
            {{QStringLiteral("model"), id}, {QStringLiteral("state"), QStringLiteral("captured")}});
    }
}

// States › Return to Base: "must make a Returning to Base move during the End
// Phase directly towards the controlling player's table edge or the nearest
// model with the Hangers trait, owning player's choice", may spend 1 Fuel to
// double its Speed, must move all of its Speed if possible, may Land on a
// friendly Hangers model it reaches; the state is then cancelled.
// House rulings: the move stops short of any base it would end touching (the
// closest clear point along the line); a squadron reaching its own table edge
// leaves play: Withdrawn where the profile says leaving play withdraws
// (v1.2.3+), otherwise it stops at the edge and waits there.
void Engine::returnToBase(Context &ctx, int id) const
{
    GameState &s = ctx.state;
    ModelState &m = s.models[std::size_t(id)];
    const Unit &u = unitOf(m);
    const ModelView v(u, m);
    const QPointF from = m.placement.centre();

    // The nearest friendly model with working Hangers, if any.
    int carrier = -1;
    double best = 1e9;
    for (const ModelState &c : s.models) {
        if (c.controller != m.controller || !c.onTable() || c.id == id)
            continue;
        if (!view(s, c.id).traitWorks(QStringLiteral("Hangers")))
            continue;
        const double d = distance(v.base(), view(s, c.id).base());
        if (d < best) {
            best = d;
            carrier = c.id;
        }
    }
    const QLineF edge = tableEdgeLine(tableEdge(m.controller));
    const QPointF edgePoint = tableEdge(m.controller) == TableEdge::Bottom
        ? QPointF(from.x(), edge.p1().y())
        : tableEdge(m.controller) == TableEdge::Top ? QPointF(from.x(), edge.p1().y())
                                                    : edge.center();
    QStringList options {QStringLiteral("Toward %1's table edge")
                             .arg(m_setup.players[std::size_t(m.controller)].name)};
    if (carrier >= 0)
        options << QStringLiteral("Toward %1, the nearest model with Hangers (%2)")
                       .arg(s.models[std::size_t(carrier)].name, inches(best));
    const int towardCarrier = ctx.chooser.ask(
        DecisionRequest {m.controller,
                         QStringLiteral("return-to-base"),
                         QStringLiteral("Where does %1 return to base?").arg(m.name),
                         options,
                         carrier >= 0 ? 1 : 0,
                         {{QStringLiteral("model"), id}}});
    double speed = u.speed;
    if (v.fuel() >= 1) {
        const int spend = ctx.chooser.ask(DecisionRequest {
            m.controller,
            QStringLiteral("return-fuel"),
            QStringLiteral("Does %1 spend 1 Fuel to double its Speed?").arg(m.name),
            {QStringLiteral("No: move %1").arg(inches(u.speed)),
             QStringLiteral("Yes: move %1").arg(inches(2 * u.speed))},
            0,
            {{QStringLiteral("model"), id}}});
        if (spend == 1) {
            m.fuelSpent += 1;
            speed *= 2;
        }
    }
    QPointF goal = edgePoint;
    if (towardCarrier == 1) {
        const BaseShape cb = view(s, carrier).base();
        goal = closestPoint(cb, from);
    }
    QLineF line(from, goal);
    const double length = line.length();
    // Stop at contact with the carrier (Land), or after the full Speed.
    double travel = std::min(speed, length);
    auto clearAt = [&](double t) {
        const QPointF c = length > 0 ? from + (goal - from) * (t / length) : from;
        const BaseShape b(u.base, Placement(c, m.placement.facing()));
        for (const ModelState &o : s.models) {
            if (o.id == id || !o.onTable())
                continue;
            const BaseShape ob = view(s, o.id).base();
            if (overlaps(b, ob))
                return false;
            if (touching(b, ob) && !(towardCarrier == 1 && o.id == carrier))
                return false;
        }
        return isWithinTable(b);
    };
    // Back off in small steps to the last point clear of other bases.
    while (travel > 0 && !clearAt(travel))
        travel = std::max(0.0, travel - 0.05);
    const QPointF end = length > 0 ? from + (goal - from) * (travel / length) : from;
    m.placement = Placement(end, m.placement.facing());
    ctx.event(QStringLiteral("moved"),
              QStringLiteral("%1 returns to base: %2 toward %3.")
                  .arg(m.name, inches(travel),
                       towardCarrier == 1 ? s.models[std::size_t(carrier)].name
                                          : QStringLiteral("its table edge")),
              {{QStringLiteral("model"), id},
               {QStringLiteral("path"),
                QJsonArray {QJsonArray {from.x(), from.y()}, QJsonArray {end.x(), end.y()}}}});
    m.set(FlagReturnToBase, false);
    // Land on the carrier it reached, if it has room.
    if (towardCarrier == 1 && touching(v.base(), view(s, carrier).base())) {
        int capacity = 0;
        const Unit &cu = unitOf(s.models[std::size_t(carrier)]);
        for (int t = 0; t < int(cu.traits.size()); ++t)
            if (cu.traits[std::size_t(t)].name == QLatin1String("Hangers"))
                capacity += cu.traits[std::size_t(t)].value.value_or(0)
                    - s.models[std::size_t(carrier)].traitsDamaged[std::size_t(t)];
        int aboard = 0;
        for (const ModelState &o : s.models)
            aboard += o.location == Location::Embarked && o.carrier == carrier ? 1 : 0;
        if (aboard < capacity) {
            m.location = Location::Embarked;
            m.carrier = carrier;
            ctx.event(
                QStringLiteral("embarked"),
                QStringLiteral("%1 lands on %2.").arg(m.name, s.models[std::size_t(carrier)].name),
                {{QStringLiteral("model"), id}, {QStringLiteral("carrier"), carrier}});
        }
    } else if (towardCarrier == 0) {
        const BaseShape b = v.base();
        const bool atEdge = distance(b, edgePoint) < 0.06;
        if (atEdge && m_profile.withdrawnByLeavingPlay) {
            m.location = Location::Withdrawn;
            ctx.event(QStringLiteral("withdrawn"),
                      QStringLiteral("%1 leaves the table and is Withdrawn.").arg(m.name),
                      {{QStringLiteral("model"), id}});
        }
    }
}

void Engine::endPhase(Context &ctx) const
{
    GameState &s = ctx.state;
    s.phase = Phase::End;
    ctx.event(QStringLiteral("phase"), QStringLiteral("End Phase of turn %1.").arg(s.turn),
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
        // The model's TV with its upgrades.
        int tv = u.tv;
        const Fleet &fleet = m_setup.players[std::size_t(m.owner)].fleet;
        if (m.entry < fleet.size())
            for (const QString &up : fleet.entries[std::size_t(m.entry)].upgrades)
                if (const Upgrade *g = Upgrade::byId(up))
                    tv += g->tv;
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
        for (int id : activatableModels(s, s.toAct, true)) {
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
    limits.maximum = v.maxMove() * s.activation->speedFactor;
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
    // The declared Action, when it is resolved on demand: Withdraw (no target),
    // Initiate Assault (an enemy Capital Ship in base contact), Initiate Boarding
    // (one within 1"). The engine checks the rest when it is sent.
    const Activation &act = *s.activation;
    if (!act.actionResolved) {
        if (act.action == QLatin1String("withdraw")
            || act.action == QLatin1String("engage-point-defense"))
            out.commands.push_back(ResolveActionCommand {});
        const bool assault = act.action == QLatin1String("initiate-assault");
        const bool boarding = act.action == QLatin1String("initiate-boarding");
        if (act.action == QLatin1String("interception") && m.onTable()) {
            const double left = v.maxMove() * act.speedFactor - act.moved;
            for (const ModelState &t : s.models)
                if (t.onTable() && t.controller != m.controller && unitOf(t).isSquadron()
                    && distance(v.base(), view(s, t.id).base()) <= left + 1e-9)
                    out.commands.push_back(ResolveActionCommand {t.id});
        }
        if (act.action == QLatin1String("ramming-speed") && m.onTable()) {
            const double left = v.maxMove() * act.speedFactor - act.moved;
            for (const ModelState &t : s.models) {
                if (!t.onTable() || t.controller == m.controller)
                    continue;
                const BaseShape tb = view(s, t.id).base();
                if (v.unit().isCapital()
                    && (unitOf(t).isSquadron() || !targetInArcs(v.base(), ArcFore, tb)))
                    continue;
                if (distance(v.base(), tb) <= left + 1e-9)
                    out.commands.push_back(ResolveActionCommand {t.id});
            }
        }
        if (act.action == QLatin1String("initiate-bombing") && m.onTable()) {
            const double left = v.maxMove() * act.speedFactor - act.moved;
            for (const ModelState &t : s.models)
                if (t.onTable() && t.controller != m.controller && unitOf(t).isCapital()
                    && distance(v.base(), view(s, t.id).base()) <= left + 1e-9)
                    out.commands.push_back(ResolveActionCommand {t.id});
        }
        if ((assault || boarding) && m.onTable()) {
            const BaseShape base = v.base();
            for (const ModelState &t : s.models) {
                if (!t.onTable() || t.controller == m.controller || !unitOf(t).isCapital())
                    continue;
                const BaseShape tb = view(s, t.id).base();
                if (assault ? touching(base, tb) : distance(base, tb) <= 1.0 + 1e-9)
                    out.commands.push_back(ResolveActionCommand {t.id});
            }
        }
    }
    out.commands.push_back(EndActivationCommand {});
    return out;
}

} // namespace jw
