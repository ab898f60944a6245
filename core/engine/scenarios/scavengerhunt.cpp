// Scavenger Hunt (scenario switch `uios`; house rulings at the top of engineuio.cpp). Its
// hooks: the End Phase on each UIO (the Marines' firefight, Search tokens, free Launches),
// Intelligence carried off on Launch and handed over on Land, Intelligence lost with its model,
// the Marines of a UIO no longer in play, and the UIO objectives. The UIOs' placement,
// boarding and Hangers are still Engine members in engineuio.cpp (docs/scenarios.md: what is
// left to move); the state is GameState::uios and ModelState::intelligence.
#include "dice/roll.h"
#include "engine/decision.h"
#include "engine/engine.h"
#include "engine/engineinternal.h"
#include "geometry/overlapresolution.h"
#include "geometry/zones.h"

#include "engine/messageids.h"
#include "engine/scenarios/modules.h"
#include "engine/scenarios/scenariomodule.h"
#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace jw {

namespace {

using namespace detail;

constexpr int kSearchTokensNeeded = 3;

// The search of the UIO `model`; nullptr: it is no UIO.
const UioSearch *searchOf(const GameState &s, int model)
{
    for (const UioSearch &u : s.uios)
        if (u.model == model)
            return &u;
    return nullptr;
}

// Retrieve Intelligence: "Once a UIO has been successfully searched, any Embarked Squadron
// which takes the Launch action is considered to be carrying intelligence".
void intelligenceOnLaunch(ScenarioContext &ctx, int squadron, int carrier)
{
    GameState &s = ctx.state;
    const UioSearch *u = searchOf(s, carrier);
    ModelState &m = s.models[std::size_t(squadron)];
    if (!u || u->searchedBy < 0 || !ctx.engine.unitOf(m).isSquadron() || m.intelligence > 0)
        return;
    m.intelligence = 1;
    ctx.event(QStringLiteral("intelligence"),
              Message(MsgId::LaunchesWithIntelligence, {m.name, ctx.engine.modelName(s, carrier)}),
              {{QStringLiteral("model"), squadron}, {QStringLiteral("intelligence"), 1}},
              m.controller);
}

// "Squadrons may transfer the Intelligence Token to a Capital Ship by taking the Land
// action." (Landing on a UIO or a Space Station, it keeps it.)
void intelligenceOnLand(ScenarioContext &ctx, int squadron, int carrier)
{
    GameState &s = ctx.state;
    ModelState &m = s.models[std::size_t(squadron)];
    ModelState &to = s.models[std::size_t(carrier)];
    if (m.intelligence < 1 || to.terrain >= 0 || !ctx.engine.unitOf(to).isCapital())
        return;
    to.intelligence += m.intelligence;
    ctx.event(
        QStringLiteral("intelligence"),
        Message(MsgId::TransfersIntelligence, {m.name, to.name, to.intelligence}),
        {{QStringLiteral("model"), carrier}, {QStringLiteral("intelligence"), to.intelligence}},
        m.controller);
    m.intelligence = 0;
}

// The End Phase on each UIO: the firefight between the players' Marines, the Search
// tokens, then the free Launch of the squadrons whose player has no Marines aboard.
void uioEndPhase(ScenarioContext &ctx)
{
    GameState &s = ctx.state;
    const GameSetup &setup = ctx.engine.setup();
    if (!ctx.engine.scenario().switches.uios)
        return;
    for (std::size_t i = 0; i < s.uios.size(); ++i) {
        const int id = s.uios[i].model;
        if (!s.models[std::size_t(id)].inPlay())
            continue;
        const QString name = ctx.engine.modelName(s, id);
        // "Marines may engage one another on a UIO": both Engage, simultaneously.
        {
            UioSearch &u = s.uios[i];
            if (u.marines[0] > 0 && u.marines[1] > 0) {
                ctx.event(QStringLiteral("boarding"),
                          Message(MsgId::UioFirefight,
                                  {name, setup.players[0].name, u.marines[0], setup.players[1].name,
                                   u.marines[1], ctx.engine.scenarioRule(QStringLiteral("uios"))}),
                          {{QStringLiteral("model"), id}});
                std::array<int, 2> lost {0, 0};
                for (int p = 0; p < 2; ++p) {
                    const DicePool pool {u.marines[std::size_t(p)], 0, 0};
                    const RollOutcome r = rollBest(pool, ctx.dice);
                    const ShownFaces faces = shownFaces(r.faces.dice);
                    ctx.event(QStringLiteral("roll"),
                              Message(MsgId::UioMarinesRoll,
                                      {setup.players[std::size_t(p)].name, name,
                                       r.rolled.toString(), faces.text, r.result.toString()}),
                              {{QStringLiteral("pool"), pool.toString()},
                               {QStringLiteral("dice"), faces.json},
                               {QStringLiteral("result"), r.result.toString()}},
                              p);
                    // [D] -1, [T] -2, [Q+] all of the opponent's Marines.
                    lost[std::size_t(1 - p)]
                        = marineCasualties(r.result, u.marines[std::size_t(1 - p)]);
                }
                for (int p = 0; p < 2; ++p)
                    u.marines[std::size_t(p)] -= lost[std::size_t(p)];
                ctx.event(QStringLiteral("damage"),
                          Message(MsgId::UioFirefightCosts,
                                  {name, setup.players[0].name, lost[0], setup.players[1].name,
                                   lost[1], u.marines[0], u.marines[1]}),
                          {{QStringLiteral("model"), id},
                           {QStringLiteral("marines"), QJsonArray {u.marines[0], u.marines[1]}}});
                if (u.marines[0] == 0 && u.marines[1] == 0) {
                    s.models[std::size_t(id)].set(FlagBoarded, false);
                    ctx.event(QStringLiteral("state-ended"),
                              Message(MsgId::NoLongerBoarded, {name}),
                              {{QStringLiteral("model"), id}});
                }
            }
        }
        // Search a UIO: "Equal Marines rating: 0 search tokens; One more Marines rating: 1
        // search token; At least two more Marines rating: 2 search tokens."
        {
            UioSearch &u = s.uios[i];
            const int diff = u.marines[0] - u.marines[1];
            if (u.searchedBy < 0 && diff != 0) {
                const int p = diff > 0 ? 0 : 1;
                const int got = std::min(2, std::abs(diff));
                u.tokens[std::size_t(p)] += got;
                const QString who = setup.players[std::size_t(p)].name;
                ctx.event(
                    QStringLiteral("uio-search"),
                    Message(MsgId::UioSearchTokens,
                            {who, std::abs(diff), name,
                             Message(got == 1 ? MsgId::SearchToken : MsgId::SearchTokens, {got}),
                             u.tokens[std::size_t(p)]}),
                    {{QStringLiteral("model"), id},
                     {QStringLiteral("player"), p},
                     {QStringLiteral("tokens"), QJsonArray {u.tokens[0], u.tokens[1]}}},
                    p);
                if (u.tokens[std::size_t(p)] >= kSearchTokensNeeded) {
                    u.searchedBy = p;
                    ctx.event(QStringLiteral("uio-searched"),
                              Message(MsgId::UioSearched, {who, name}),
                              {{QStringLiteral("model"), id}, {QStringLiteral("player"), p}}, p);
                }
            }
        }
        // "If a player has no Marines aboard a UIO, any Embarked squadrons must take a free
        // Launch action during the End Phase."
        for (int p : {s.initiative, 1 - s.initiative}) {
            if (s.uios[i].marines[std::size_t(p)] > 0)
                continue;
            for (int q = 0; q < int(s.models.size()); ++q) {
                const ModelState &sq = s.models[std::size_t(q)];
                if (sq.location != Location::Embarked || sq.carrier != id || sq.controller != p)
                    continue;
                const BaseShape uioBase = ctx.engine.view(s, id).base();
                std::vector<BaseShape> others;
                for (const ModelState &o : s.models)
                    if (o.onTable() && o.id != id && o.id != q)
                        others.push_back(ctx.engine.view(s, o.id).base());
                const QPointF centre = uioBase.centre();
                const double toward = ctx.engine.tableEdge(p) == TableEdge::Bottom ? 1.0 : -1.0;
                const QPointF desired = centre + QPointF(0, toward * (uioBase.halfLength() + 2.0));
                const BaseShape mb(ctx.engine.unitOf(sq).base,
                                   Placement(centre, sq.placement.facing()));
                const auto at = nearestContactCentre(mb, uioBase, desired, others);
                if (!at
                    || !isWithinTable(BaseShape(ctx.engine.unitOf(sq).base,
                                                Placement(*at, sq.placement.facing())))) {
                    ctx.event(QStringLiteral("launched"),
                              Message(MsgId::MustLaunchNoRoom, {sq.name, name}),
                              {{QStringLiteral("model"), q}}, p);
                    continue;
                }
                ModelState &lm = s.models[std::size_t(q)];
                lm.location = Location::Table;
                lm.placement = Placement(*at, lm.placement.facing());
                lm.carrier = -1;
                ctx.event(QStringLiteral("launched"),
                          Message(MsgId::UioFreeLaunch,
                                  {setup.players[std::size_t(p)].name, name, lm.name,
                                   ctx.engine.scenarioRule(QStringLiteral("uios"))}),
                          {{QStringLiteral("model"), q},
                           {QStringLiteral("carrier"), id},
                           {QStringLiteral("x"), at->x()},
                           {QStringLiteral("y"), at->y()}},
                          p);
                intelligenceOnLaunch(ctx, q, id);
            }
        }
    }
}

class ScavengerHunt final : public ScenarioModule
{
public:
    QString id() const override { return QStringLiteral("scavenger-hunt"); }
    bool appliesTo(const Scenario &scenario) const override
    {
        return scenario.switches.uios
            || std::any_of(scenario.objectives.begin(), scenario.objectives.end(),
                           [](const Objective &o) { return ownsObjective(o.kind); });
    }

    void endPhase(ScenarioContext &ctx) const override { uioEndPhase(ctx); }
    void launched(ScenarioContext &ctx, int squadron, int carrier) const override
    {
        intelligenceOnLaunch(ctx, squadron, carrier);
    }
    void landed(ScenarioContext &ctx, int squadron, int carrier) const override
    {
        intelligenceOnLand(ctx, squadron, carrier);
    }

    void afterCommand(ScenarioContext &ctx, const Command &, std::optional<ActionId>) const override
    {
        GameState &s = ctx.state;
        for (ModelState &m : s.models)
            if (m.location == Location::Destroyed && m.intelligence > 0) {
                ctx.event(QStringLiteral("intelligence"),
                          Message(MsgId::IntelligenceLost, {m.name}),
                          {{QStringLiteral("model"), m.id}, {QStringLiteral("intelligence"), 0}});
                m.intelligence = 0;
            }
        for (UioSearch &u : s.uios)
            if (!s.models[std::size_t(u.model)].inPlay() && (u.marines[0] || u.marines[1]))
                u.marines = {0, 0};
    }

    std::optional<std::array<int, 2>> objective(const Engine &engine, const GameState &s,
                                                const Objective &o, bool) const override
    {
        if (!ownsObjective(o.kind))
            return std::nullopt;
        std::array<int, 2> out {0, 0};
        auto add = [&](int p, int n) {
            if (p < 0 || p > 1)
                return;
            if (o.side == ObjectiveSide::Attacker && p != s.attacker)
                return;
            if (o.side == ObjectiveSide::Defender && (s.attacker < 0 || p == s.attacker))
                return;
            out[std::size_t(p)] += n * o.points;
        };
        if (o.kind == ObjectiveKind::UioSearched) {
            // "1 point for each Unidentified Object successfully searched by a player."
            for (const UioSearch &u : s.uios)
                add(u.searchedBy, 1);
            return out;
        }
        // "1 point for each Capital Ship with an Intelligence Token aboard" (Withdrawn or
        // not); "1 point for each Intelligence Token aboard a Withdrawn Capital Ship".
        for (const ModelState &m : s.models) {
            if (m.terrain >= 0 || m.intelligence < 1 || !engine.unitOf(m).isCapital()
                || m.location == Location::Destroyed)
                continue;
            if (o.kind == ObjectiveKind::IntelligenceShips)
                add(m.controller, 1);
            else if (m.location == Location::Withdrawn)
                add(m.controller, m.intelligence);
        }
        return out;
    }

private:
    static bool ownsObjective(ObjectiveKind k)
    {
        return k == ObjectiveKind::UioSearched || k == ObjectiveKind::IntelligenceShips
            || k == ObjectiveKind::IntelligenceWithdrawn;
    }
};

} // namespace

const ScenarioModule &scavengerHuntModule()
{
    static const ScavengerHunt module;
    return module;
}

} // namespace jw
