// SPDX-License-Identifier: GPL-3.0-or-later
// Scavenger Hunt (scenario switch `uios`): the three Valuable UIOs placed after the quadrants,
// Marines of both players aboard them, their Hangers, the Search tokens, and the Intelligence
// Tokens squadrons carry off them to Capital Ships. The searches are GameState::uios (the
// table and the state's JSON read them); the tokens are per model (ModelState::intelligence).
//
// Our readings and house rulings (docs/scenarios.md, Scavenger Hunt):
// - The UIOs' size (2-4") is rolled, 1d6: 1-2 2", 3-4 3", 5-6 4"; their Structure 1d6
//   (Terrain › Unidentified Object). Both from the seed when the engine is built.
// - UIO 1 stands at the centre of the table, UIO 2 and UIO 3 at the centres of the two
//   quadrants not chosen, in the order top left, top right, bottom right, bottom left.
//   A setup that places UIOs itself (terrain:) keeps them: the engine adds none.
// - Marines board a UIO unopposed and stay aboard, each player's counted apart. In the
//   End Phase, where both players have Marines aboard, they fight: both Engage
//   (Defend is the defending ship's crew's and Sabotage would damage the object being
//   searched), simultaneous Unopposed Rolls as in States › Boarded. Then the Search
//   tokens, then the free Launches.
// - Hangers:2 is the UIO's, shared: at most two Squadrons aboard, of either player.
// - "Any Embarked Squadron which takes the Launch action" once the UIO is searched carries
//   an Intelligence Token: either player's (not only the searcher's); a free Launch of the
//   End Phase too. A squadron carries one token at most.
// - The End Phase's free Launch places the squadron in base contact with the UIO, on the
//   side facing its player's table edge, clear of every base (no decision).
#include "dice/roll.h"
#include "engine/decision.h"
#include "engine/engine.h"
#include "engine/engineinternal.h"
#include "engine/game.h"
#include "engine/messageids.h"
#include "engine/scenarios/modules.h"
#include "engine/scenarios/scenariomodule.h"
#include "engine/table/tablequestions.h"
#include "engine/terrain.h"
#include "geometry/overlapresolution.h"
#include "geometry/zones.h"

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

// The UIO rolls: a stream of their own from the seed (the terrain's and the game's dice
// never meet them).
constexpr std::uint64_t kUioDiceSalt = 0x5ca7e9e7u;
constexpr int kUioCount = 3;

constexpr MsgId kQuadrantNames[] = {MsgId::QuadrantTopLeft, MsgId::QuadrantTopRight,
                                    MsgId::QuadrantBottomRight, MsgId::QuadrantBottomLeft};

// The three UIOs of `setup` (not placed yet), their size and Structure rolled from the seed;
// none when the setup places UIOs itself (terrain:) or plays without them. The same every
// time it is asked: prepare() adds their units, placePieces() puts them on the table.
std::vector<TerrainPiece> rolledUios(const GameSetup &setup)
{
    std::vector<TerrainPiece> out;
    if (!setup.scenarioRules.switches.uios)
        return out;
    for (const TerrainPiece &p : setup.terrain)
        if (p.kind == TerrainKind::Uio)
            return out; // the setup placed them
    CounterDiceSource dice(setup.seed ^ kUioDiceSalt, 0);
    for (int k = 0; k < kUioCount; ++k) {
        // "The UIOs may range in size from 2-4\"": 1d6, 1-2 → 2", 3-4 → 3", 5-6 → 4".
        const int size = 2 + (dice.rollD6() - 1) / 2;
        TerrainPiece p = TerrainPiece::disc(TerrainKind::Uio, QPointF(), size);
        p.name = QStringLiteral("UIO %1").arg(k + 1);
        p.structure = dice.rollD6(); // Terrain › Unidentified Object: 1d6
        p.hangers = 2; // "UIOs are considered to have the Hangers:2 trait"
        out.push_back(p);
    }
    return out;
}

void prepareUios(GameSetup &setup)
{
    const int first = int(setup.terrain.size());
    const std::vector<TerrainPiece> uios = rolledUios(setup);
    for (int k = 0; k < int(uios.size()); ++k)
        setup.units[terrainUnitId(uios[std::size_t(k)], first + k)]
            = terrainUnit(uios[std::size_t(k)], first + k);
}

// "After quadrants have been chosen, place 3 Unidentified Object (UIO) markers on the table,
// one in the center of the table and one each in the center of the two quadrants that are
// not chosen as deployment zones." Called when the terrain is placed and again once the
// quadrants are chosen; places them once.
void placeUios(ScenarioContext &ctx)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    if (!engine.scenario().switches.uios || !s.uios.empty())
        return;
    const std::vector<TerrainPiece> uios = rolledUios(engine.setup());
    if (uios.empty()) {
        // The setup placed the UIOs: they are searched where they are.
        for (const TerrainPiece &p : s.terrain)
            if (p.kind == TerrainKind::Uio && p.model >= 0)
                s.uios.push_back(UioSearch {p.model, {}, {}, -1});
        return;
    }
    const bool corner = engine.scenario().zone == DeploymentZoneKind::Corner;
    if (corner && s.corners[0] < 0)
        return; // once the quadrants are chosen
    std::vector<std::pair<QPointF, Message>> spots {
        {tableRect().center(), Message(MsgId::CentreOfTable)}};
    for (int c = 0; c < 4; ++c) {
        // Without a Corner zone (a group's own scenario): the top left and bottom right.
        const bool chosen = corner ? (c == s.corners[0] || c == s.corners[1]) : (c % 2 == 1);
        if (!chosen)
            spots.push_back({cornerDeploymentZone(TableCorner(c)).center(),
                             Message(MsgId::CentreOf, {Message(kQuadrantNames[c])})});
    }
    for (int k = 0; k < kUioCount && k < int(spots.size()); ++k) {
        TerrainPiece p = uios[std::size_t(k)];
        p.shape = p.shape.translated(spots[std::size_t(k)].first - p.shape.centre());
        s.terrain.push_back(p);
        const int piece = int(s.terrain.size()) - 1;
        const int id = ctx.addTerrainModel(piece);
        s.uios.push_back(UioSearch {id, {}, {}, -1});
        QJsonObject data = terrainToJson(s.terrain[std::size_t(piece)]);
        data.insert(QStringLiteral("model"), id);
        data.insert(QStringLiteral("terrain"), piece);
        ctx.event(QStringLiteral("terrain"),
                  Message(MsgId::UioPlaced,
                          {p.displayMessage(), spots[std::size_t(k)].second,
                           engine.scenarioRule(QStringLiteral("uios")),
                           QStringLiteral("%1").arg(2 * p.shape.radius()), *p.structure}),
                  data);
    }
}

// "UIOs may be the target of Boarding actions. Assume the UIOs do not have a Defense rating,
// so the Marines board unopposed. UIOs may enter the Boarded state."
bool boardUio(ScenarioContext &ctx, int uio, int player, int marines)
{
    const GameSetup &setup = ctx.engine.setup();
    GameState &s = ctx.state;
    auto it = std::find_if(s.uios.begin(), s.uios.end(),
                           [uio](const UioSearch &x) { return x.model == uio; });
    if (it == s.uios.end())
        return false;
    UioSearch &u = *it;
    u.marines[std::size_t(player)] += marines;
    ModelState &m = s.models[std::size_t(uio)];
    m.set(FlagBoarded);
    ctx.event(QStringLiteral("state"),
              Message(MsgId::UioBoardedUnopposed,
                      {marines, setup.players[std::size_t(player)].name, m.name,
                       ctx.engine.scenarioRule(QStringLiteral("uios")), setup.players[0].name,
                       u.marines[0], setup.players[1].name, u.marines[1]}),
              {{QStringLiteral("model"), uio},
               {QStringLiteral("state"), QStringLiteral("boarded")},
               {QStringLiteral("marines"), QJsonArray {u.marines[0], u.marines[1]}}},
              player);
    return true;
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
    ctx.event(
        QStringLiteral("intelligence"),
        Message(MsgId::LaunchesWithIntelligence, {m.name, ctx.engine.modelMessage(s, carrier)}),
        {{QStringLiteral("model"), squadron}, {QStringLiteral("intelligence"), 1}}, m.controller);
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
        const Message name = ctx.engine.modelMessage(s, id);
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
                if (setup.physical()) {
                    // The players place it in base contact with the UIO (vouched for).
                    ModelState &lm = s.models[std::size_t(q)];
                    lm.location = Location::Table;
                    lm.placement = rules::physicalSpot(q);
                    lm.carrier = -1;
                    ctx.event(QStringLiteral("launched"),
                              Message(MsgId::UioFreeLaunch,
                                      {setup.players[std::size_t(p)].name, name, lm.name,
                                       ctx.engine.scenarioRule(QStringLiteral("uios"))}),
                              {{QStringLiteral("model"), q}, {QStringLiteral("carrier"), id}}, p);
                    intelligenceOnLaunch(ctx, q, id);
                    continue;
                }
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

    void prepare(GameSetup &setup) const override { prepareUios(setup); }
    void placePieces(ScenarioContext &ctx) const override { placeUios(ctx); }
    // A UIO's Hangers take either player's squadrons.
    bool openCarrier(const Engine &, const GameState &s, int carrier) const override
    {
        return searchOf(s, carrier) != nullptr;
    }
    // "Both players may have Squadrons Embarked simultaneously so long as they have Marines
    // aboard the UIO."
    std::optional<Rejection> landRefusal(const Engine &engine, const GameState &s, int squadron,
                                         int carrier) const override
    {
        const UioSearch *u = searchOf(s, carrier);
        const ModelState &m = s.models[std::size_t(squadron)];
        if (!u || !engine.unitOf(m).isSquadron() || m.controller < 0)
            return std::nullopt; // a Capital Ship: refused for want of a Dock
        if (u->marines[std::size_t(m.controller)] >= 1)
            return std::nullopt;
        const Message why(MsgId::UioEmbarkNeedsMarines,
                          {engine.modelMessage(s, carrier),
                           engine.setup().players[std::size_t(m.controller)].name});
        return Rejection {engine.scenarioRule(QStringLiteral("uios")), why};
    }
    bool boards(ScenarioContext &ctx, int target, int player, int marines) const override
    {
        return boardUio(ctx, target, player, marines);
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
