// Engine, Scavenger Hunt (scenario switch `uios`): the three Valuable UIOs placed after the
// quadrants, Marines of both players aboard them, their Hangers, the Search tokens, and
// the Intelligence Tokens squadrons carry off them to Capital Ships.
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
#include "engine/engine.h"
#include "engine/rules/rules.h"

#include "dice/roll.h"
#include "engine/game.h"
#include "geometry/zones.h"

#include <QJsonArray>

#include <algorithm>

namespace jw {

using namespace detail;
using namespace rules;

namespace {

// The UIO rolls: a stream of their own from the seed (the terrain's and the game's dice
// never meet them).
constexpr std::uint64_t kUioDiceSalt = 0x5ca7e9e7u;
constexpr int kUioCount = 3;

constexpr MsgId kQuadrantNames[] = {MsgId::QuadrantTopLeft, MsgId::QuadrantTopRight,
                                    MsgId::QuadrantBottomRight, MsgId::QuadrantBottomLeft};

} // namespace

void Engine::prepareUios()
{
    m_uios.clear();
    if (!scenario().switches.uios)
        return;
    for (const TerrainPiece &p : m_setup.terrain)
        if (p.kind == TerrainKind::Uio)
            return; // the setup placed them
    CounterDiceSource dice(m_setup.seed ^ kUioDiceSalt, 0);
    const int first = int(m_setup.terrain.size());
    for (int k = 0; k < kUioCount; ++k) {
        // "The UIOs may range in size from 2-4\"": 1d6, 1-2 → 2", 3-4 → 3", 5-6 → 4".
        const int size = 2 + (dice.rollD6() - 1) / 2;
        TerrainPiece p = TerrainPiece::disc(TerrainKind::Uio, QPointF(), size);
        p.name = QStringLiteral("UIO %1").arg(k + 1);
        p.structure = dice.rollD6(); // Terrain › Unidentified Object: 1d6
        p.hangers = 2; // "UIOs are considered to have the Hangers:2 trait"
        m_setup.units[terrainUnitId(p, first + k)] = terrainUnit(p, first + k);
        m_uios.push_back(p);
    }
}

// "After quadrants have been chosen, place 3 Unidentified Object (UIO) markers on the table,
// one in the center of the table and one each in the center of the two quadrants that are
// not chosen as deployment zones." Called when the terrain is placed and again once the
// quadrants are chosen; places them once.
void rules::placeUios(Context &ctx)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    if (!engine.scenario().switches.uios || !s.uios.empty())
        return;
    if (engine.uios().empty()) {
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
        TerrainPiece p = engine.uios()[std::size_t(k)];
        p.shape = p.shape.translated(spots[std::size_t(k)].first - p.shape.centre());
        s.terrain.push_back(p);
        const int piece = int(s.terrain.size()) - 1;
        const int id = addTerrainModel(engine, s, piece);
        s.uios.push_back(UioSearch {id, {}, {}, -1});
        QJsonObject data = terrainToJson(s.terrain[std::size_t(piece)]);
        data.insert(QStringLiteral("model"), id);
        data.insert(QStringLiteral("terrain"), piece);
        ctx.event(QStringLiteral("terrain"),
                  Message(MsgId::UioPlaced,
                          {p.displayName(), spots[std::size_t(k)].second,
                           engine.scenarioRule(QStringLiteral("uios")),
                           QStringLiteral("%1").arg(2 * p.shape.radius()), *p.structure}),
                  data);
    }
}

const UioSearch *rules::uioSearch(const GameState &s, int model)
{
    for (const UioSearch &u : s.uios)
        if (u.model == model)
            return &u;
    return nullptr;
}

// "Both players may have Squadrons Embarked simultaneously so long as they have Marines
// aboard the UIO."
void rules::checkLandOnUio(const Engine &engine, const GameState &s, int squadron, int uio)
{
    const UioSearch *u = uioSearch(s, uio);
    const ModelState &m = s.models[std::size_t(squadron)];
    if (!u || !engine.unitOf(m).isSquadron() || m.controller < 0)
        return; // a Capital Ship: refused for want of a Dock
    if (u->marines[std::size_t(m.controller)] < 1)
        refuse(engine.scenarioRule(QStringLiteral("uios")),
               Message(MsgId::UioEmbarkNeedsMarines,
                       {engine.modelName(s, uio),
                        engine.setup().players[std::size_t(m.controller)].name}));
}

// "UIOs may be the target of Boarding actions. Assume the UIOs do not have a Defense rating,
// so the Marines board unopposed. UIOs may enter the Boarded state."
void rules::boardUio(Context &ctx, int uio, int player, int marines)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    auto it = std::find_if(s.uios.begin(), s.uios.end(),
                           [uio](const UioSearch &x) { return x.model == uio; });
    if (it == s.uios.end())
        return;
    UioSearch &u = *it;
    u.marines[std::size_t(player)] += marines;
    ModelState &m = s.models[std::size_t(uio)];
    m.set(FlagBoarded);
    ctx.event(QStringLiteral("state"),
              Message(MsgId::UioBoardedUnopposed,
                      {marines, engine.setup().players[std::size_t(player)].name, m.name,
                       engine.scenarioRule(QStringLiteral("uios")), engine.setup().players[0].name,
                       u.marines[0], engine.setup().players[1].name, u.marines[1]}),
              {{QStringLiteral("model"), uio},
               {QStringLiteral("state"), QStringLiteral("boarded")},
               {QStringLiteral("marines"), QJsonArray {u.marines[0], u.marines[1]}}},
              player);
}

} // namespace jw
