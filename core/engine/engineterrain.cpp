// Engine, terrain (Terrain chapter): the pieces placed at the start, the models that stand
// for Space Stations, UIOs and Mine tokens.
#include "engine/engine.h"
#include "engine/engineinternal.h"

#include "engine/game.h"

#include <QJsonArray>

namespace jw {

using namespace detail;

namespace {

// The terrain rolls of a digital game: a stream of its own, from the seed (the game's
// dice start at position 0 of the seed's stream; these never meet them).
constexpr std::uint64_t kTerrainDiceSalt = 0x7e77a1d5eedull;

} // namespace

void Engine::prepareTerrain()
{
    // "Before a game players must roll 2d6 for each station" (UIO: 1d6): whatever the setup
    // leaves open is rolled now, from the seed, so the setup saved with the game holds it.
    CounterDiceSource dice(m_setup.seed ^ kTerrainDiceSalt, 0);
    (void)rollTerrain(m_setup.terrain, dice);
    bool mines = false;
    for (int i = 0; i < int(m_setup.terrain.size()); ++i) {
        const TerrainPiece &p = m_setup.terrain[std::size_t(i)];
        mines = mines || p.kind == TerrainKind::Mines;
        if (p.isModel() && p.kind != TerrainKind::Mines)
            m_setup.units[terrainUnitId(p, i)] = terrainUnit(p, i);
    }
    for (const auto &[id, u] : m_setup.units)
        mines = mines || u.hasTrait(QStringLiteral("Minelayer"));
    if (mines) {
        const TerrainPiece token = TerrainPiece::mines({}, 0);
        m_setup.units[terrainUnitId(token, 0)] = terrainUnit(token, 0);
    }
}

int Engine::addTerrainModel(GameState &s, int piece) const
{
    TerrainPiece &p = s.terrain[std::size_t(piece)];
    ModelState m;
    m.id = int(s.models.size());
    // A Space Station is its controller's; a Mine token its layer's; a UIO nobody's (-1:
    // every model may attack or board it).
    m.owner = m.controller = p.kind == TerrainKind::Uio ? -1 : p.owner;
    m.entry = -1;
    m.terrain = piece;
    // Mines laid in the game have no setup index: they share one card.
    m.unitId = terrainUnitId(p, piece);
    m.name = p.displayName();
    if (p.kind == TerrainKind::Mines) {
        int n = 0;
        for (const ModelState &o : s.models)
            n += o.terrain >= 0 && s.terrain[std::size_t(o.terrain)].kind == TerrainKind::Mines;
        m.name = QStringLiteral("Mines %1").arg(n + 1);
    }
    if (const Unit *u = m_setup.unit(m.unitId)) {
        m.weaponsDamaged.assign(u->weapons.size(), 0);
        m.traitsDamaged.assign(u->traits.size(), 0);
    }
    m.location = Location::Table;
    m.placement = Placement(p.shape.centre(), 0);
    p.model = m.id;
    s.models.push_back(m);
    return m.id;
}

void Engine::placeTerrain(Context &ctx) const
{
    GameState &s = ctx.state;
    s.terrain = m_setup.terrain;
    for (int i = 0; i < int(s.terrain.size()); ++i) {
        const TerrainPiece &p = s.terrain[std::size_t(i)];
        QJsonObject data = terrainToJson(p);
        if (p.isModel())
            data.insert(QStringLiteral("model"), addTerrainModel(s, i));
        QString text = QStringLiteral("%1 is on the table").arg(p.displayName());
        if (p.kind == TerrainKind::SpaceStation) {
            const Unit &u = *m_setup.unit(terrainUnitId(p, i));
            text += QStringLiteral(" (Structure %1, Defense %2, Marines %3, Hangers %4, 2x %5%6)")
                        .arg(u.structure.start())
                        .arg(u.defense.start())
                        .arg(u.marines.start())
                        .arg(*p.hangers)
                        .arg(u.weapons.front().name)
                        .arg(p.owner >= 0 ? QStringLiteral(", %1's").arg(
                                 m_setup.players[std::size_t(p.owner)].name)
                                          : QString());
        } else if (p.kind == TerrainKind::Uio) {
            text += QStringLiteral(" (Structure %1)").arg(*p.structure);
        }
        ctx.event(QStringLiteral("terrain"), text + QLatin1Char('.'), data);
    }
}

bool Engine::activatesAsModel(const GameState &s, const ModelState &m) const
{
    // A Space Station activates with its controller's models (it may attack); Mine tokens
    // and UIOs never activate.
    return m.terrain < 0 || s.terrain[std::size_t(m.terrain)].kind == TerrainKind::SpaceStation;
}

} // namespace jw
