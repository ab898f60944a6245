// SPDX-License-Identifier: GPL-3.0-or-later
// Engine, terrain (Terrain chapter): the pieces placed at the start, the models that stand
// for Space Stations, UIOs and Mine tokens.
#include "engine/engine.h"
#include "engine/rules/rules.h"

#include "dice/dicesource.h"
#include "engine/attack.h"
#include "engine/game.h"
#include "engine/terraineffects.h"
#include "geometry/convex.h"
#include "geometry/geometry.h"
#include "geometry/movement.h"
#include "geometry/overlapresolution.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace jw {

using namespace detail;
using namespace rules;

namespace {

// The terrain rolls of a digital game: a stream of its own, from the seed (the game's
// dice start at position 0 of the seed's stream; these never meet them).
constexpr std::uint64_t kTerrainDiceSalt = 0x7e77a1d5eedull;
// Mines: "any enemy capital ship that moves within 3\" of the token".
constexpr double kMineReach = 3.0;
// Lay Mines: "separated by at least 2\" from one another".
constexpr double kMineSpacing = 2.0;
// Wrecks of Dead ships, in Activation::terrainAttacks.
constexpr int kWreckKey = 1000;
// The Move and Overlap ratings of the Terrain chapter's tables.
constexpr int kTerrainMoveRating = 2; // Asteroid Field AC:2, Atmosphere, Particle Cloud, Tail
constexpr int kCrushRating = 6; // Large Asteroid, Wreck, Comet Body: AC:6
constexpr int kMineRating = 3;

bool attackedAlready(const Activation &a, int key)
{
    return std::find(a.terrainAttacks.begin(), a.terrainAttacks.end(), key)
        != a.terrainAttacks.end();
}

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

int rules::addTerrainModel(const Engine &engine, GameState &s, int piece)
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
    if (const Unit *u = engine.setup().unit(m.unitId)) {
        m.weaponsDamaged.assign(u->weapons.size(), 0);
        m.traitsDamaged.assign(u->traits.size(), 0);
    }
    m.location = Location::Table;
    m.placement = Placement(p.shape.centre(), 0);
    p.model = m.id;
    s.models.push_back(m);
    return m.id;
}

void rules::placeTerrain(Context &ctx)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    s.terrain = engine.setup().terrain;
    for (int i = 0; i < int(s.terrain.size()); ++i) {
        const TerrainPiece &p = s.terrain[std::size_t(i)];
        QJsonObject data = terrainToJson(p);
        if (p.isModel())
            data.insert(QStringLiteral("model"), addTerrainModel(engine, s, i));
        const Message name
            = p.isModel() ? Message::plain(s.models.back().name) : p.displayMessage();
        MessageArg details = QString();
        if (p.kind == TerrainKind::SpaceStation) {
            const Unit &u = *engine.setup().unit(terrainUnitId(p, i));
            details = Message(
                MsgId::SpaceStationDetails,
                {u.structure.start(), u.defense.start(), u.marines.start(), *p.hangers,
                 u.weapons.front().name,
                 p.owner >= 0 ? MessageArg(Message(
                     MsgId::PossessiveOf, {engine.setup().players[std::size_t(p.owner)].name}))
                              : QString()});
        } else if (p.kind == TerrainKind::Uio) {
            details = Message(MsgId::UioStructure, {*p.structure});
        }
        ctx.event(QStringLiteral("terrain"), Message(MsgId::TerrainOnTable, {name, details}), data);
    }
}

bool rules::activatesAsModel(const GameState &s, const ModelState &m)
{
    // A Space Station activates with its controller's models (it may attack); Mine tokens
    // and UIOs never activate.
    return m.terrain < 0 || s.terrain[std::size_t(m.terrain)].kind == TerrainKind::SpaceStation;
}

void rules::terrainAtActivation(Context &ctx)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    const ModelState &m = *s.model(s.activation->model);
    if (!m.onTable() || m.has(FlagStationKeeping)
        || engine.unitOf(m).hasTrait(QStringLiteral("Static")))
        return;
    std::vector<Message> why;
    const bool capital = engine.unitOf(m).isCapital();
    int bonus = 0;
    if (engine.setup().physical()) {
        // A physical table: the players say where it starts (the same rule, asked).
        TableQuestions table(s, &ctx.chooser);
        bonus = terrainSpeedBonus(
            s, capital,
            [&](int index, const TerrainPiece &p, SpeedTerrainTest test) {
                switch (test) {
                case SpeedTerrainTest::In:
                    return table.startsIn(ctx.player, m.id, p.displayMessage(), index);
                case SpeedTerrainTest::PlanetAhead:
                    return table.planetInArc(ctx.player, m.id, p.displayMessage(), ArcFore, index);
                case SpeedTerrainTest::PlanetBehind:
                    return table.planetInArc(ctx.player, m.id, p.displayMessage(), ArcAft, index);
                }
                return false;
            },
            &why);
    } else {
        bonus = terrainSpeedBonus(s, engine.view(s, m.id).base(), capital, &why);
    }
    if (why.empty())
        return;
    s.activation->speedBonus = bonus;
    Message reasons = why.front();
    for (std::size_t i = 1; i < why.size(); ++i)
        reasons = Message(MsgId::ListPair, {reasons, why[i]});
    ctx.event(QStringLiteral("terrain"),
              Message(MsgId::StartsMovementWithSpeed,
                      {m.name, bonus >= 0 ? QStringLiteral("+") : QString(), bonus, reasons}),
              {{QStringLiteral("model"), m.id}, {QStringLiteral("speed"), bonus}}, ctx.player);
}

std::vector<QPolygonF> rules::sweptCapital(const Engine &engine, const GameState &s, int model,
                                           const CapitalMovePlan &plan)
{
    return sweptArea(engine.view(s, model).base(), plan);
}

void rules::checkTerrainMove(const Engine &engine, const GameState &s, int model,
                             const std::vector<QPolygonF> &swept)
{
    if (const TerrainPiece *planet = planetCrossed(s, swept))
        refuse(QStringLiteral("Terrain › Planet or Large Moon"),
               Message(MsgId::PlanetNotOverlapped,
                       {engine.modelMessage(s, model), planet->displayMessage(),
                        tableEdgeId(planet->edge)}));
}

void rules::terrainAfterMove(Context &ctx, int model, const std::vector<QPolygonF> &swept)
{
    terrainAfterMove(ctx, model, [&swept](int, const TerrainShape &area, const Message &, double) {
        return sweptOverlaps(swept, area);
    });
}

void rules::terrainAfterMove(Context &ctx, int model)
{
    TableQuestions table(ctx.state, &ctx.chooser);
    // Asked of the moving model's player (a free Movement may be the other player's model).
    const int player = ctx.state.models[std::size_t(model)].controller;
    terrainAfterMove(ctx, model,
                     [&](int key, const TerrainShape &, const Message &what, double inches) {
                         return table.movedThrough(player, model, what, inches, key);
                     });
}

void rules::terrainAfterMove(Context &ctx, int model, const TerrainMet &met)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    const bool capital = engine.unitOf(*s.model(model)).isCapital();
    // Whether the move met the piece `key` (its `area`; `inches` > 0: came within them of the
    // piece), asked only while the model is on the table and the piece has not attacked it in
    // this activation yet. Another model than the one activating (a free Movement after a
    // Dogfight, a Vector Attack's 3") makes a Movement of its own: each one counts.
    const bool activating = s.activation && s.activation->model == model;
    const auto meets = [&](int key, const TerrainShape &area, const Message &what,
                           double inches = 0.0) {
        return s.model(model)->onTable() && !(activating && attackedAlready(*s.activation, key))
            && met(key, area, what, inches);
    };
    const auto attack = [&](int key, const TerrainAttack &ta, const QString &rule) {
        if (activating)
            s.activation->terrainAttacks.push_back(key);
        ctx.event(
            QStringLiteral("terrain"),
            Message(ta.mine >= 0 ? MsgId::MovesWithin3Of : MsgId::MovesThrough,
                    {engine.modelMessage(s, model),
                     ta.byMessage.isEmpty() ? MessageArg(ta.by) : MessageArg(ta.byMessage), rule}),
            {{QStringLiteral("model"), model}, {QStringLiteral("terrain"), key}});
        resolveTerrainAttack(engine.setup(), s, model, ta, ctx.dice, ctx.chooser, ctx.events);
    };
    for (int i = 0; i < int(s.terrain.size()); ++i) {
        const TerrainPiece p = s.terrain[std::size_t(i)];
        const QString by = p.displayName();
        const Message byMessage = p.displayMessage();
        switch (p.kind) {
        case TerrainKind::AsteroidField:
            // "Squadrons can move through safely, but Capital Ships will suffer an AC:2
            // attack when moving through the Field."
            if (capital && meets(i, p.shape, byMessage))
                attack(i, TerrainAttack {by, kTerrainMoveRating, 0, -1, byMessage},
                       QStringLiteral("Terrain › Asteroid Field: AC:2"));
            break;
        case TerrainKind::Atmosphere:
            if (meets(i, p.shape, byMessage))
                attack(i, TerrainAttack {by, kTerrainMoveRating, kTerrainMoveRating, -1, byMessage},
                       QStringLiteral("Terrain › Atmosphere: AC/AS:2"));
            break;
        case TerrainKind::ParticleCloud:
            // "Any model moving through it will suffer an AC/AS:2 Attack regardless of
            // distance moved through."
            if (meets(i, p.shape, byMessage))
                attack(i, TerrainAttack {by, kTerrainMoveRating, kTerrainMoveRating, -1, byMessage},
                       QStringLiteral("Terrain › Particle Cloud: AC/AS:2"));
            break;
        case TerrainKind::Comet: {
            const Message tail(MsgId::TheTailOf, {byMessage});
            if (meets(i, p.tail, tail)) {
                attack(i,
                       TerrainAttack {tail.english(), kTerrainMoveRating, kTerrainMoveRating, -1,
                                      tail},
                       QStringLiteral("Terrain › Comets: Tail AC/AS:2"));
            }
            break;
        }
        case TerrainKind::Mines: {
            // "Resolve an AC:3 Missile attack on any enemy capital ship that moves within 3\"
            // of the token."
            const ModelState *token = s.model(p.model);
            if (!capital || !token || !token->onTable()
                || token->controller == s.model(model)->controller)
                break;
            const TerrainShape reach
                = TerrainShape::circle(p.shape.centre(), 2 * (p.shape.radius() + kMineReach));
            if (meets(i, reach, Message::plain(token->name), kMineReach))
                attack(i, TerrainAttack {token->name, kMineRating, 0, token->id},
                       QStringLiteral("Terrain › Mines: AC:3 Missile within 3\""));
            break;
        }
        default:
            break;
        }
    }
}

void rules::terrainAtEndOfMovement(Context &ctx, int model)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    const ModelState &m = *s.model(model);
    if (!m.onTable() || !engine.unitOf(m).isCapital()
        || engine.unitOf(m).hasTrait(QStringLiteral("Static")))
        return;
    // "A Capital ship model that ends its movement overlapping a Large Asteroid will suffer
    // a AC:6 attack" (a Wreck and a Comet's Body likewise; a Small Moon "may be overlapped
    // without causing damage").
    std::vector<std::pair<int, TerrainPiece>> pieces;
    for (int i = 0; i < int(s.terrain.size()); ++i)
        pieces.push_back({i, s.terrain[std::size_t(i)]});
    for (int j = 0; j < int(s.wrecks.size()); ++j) {
        const Wreck &w = s.wrecks[std::size_t(j)];
        TerrainPiece p = TerrainPiece::disc(TerrainKind::Wreck, w.centre, w.diameter);
        p.name = Message(MsgId::TheWreckOf, {w.of}).english();
        pieces.push_back({kWreckKey + j, p});
    }
    const bool physical = engine.setup().physical();
    TableQuestions table(s, &ctx.chooser);
    for (const auto &[key, p] : pieces) {
        if (!p.crushes() || !s.model(model)->onTable())
            continue;
        // A Wreck's name is a sentence fragment: typed, so that the table translates it.
        const Message name = key >= kWreckKey
            ? Message(MsgId::TheWreckOf, {s.wrecks[std::size_t(key - kWreckKey)].of})
            : p.displayMessage();
        // A physical table: the players say whether it ends overlapping the piece.
        if (physical ? !table.endsOn(ctx.player, model, name, key)
                     : !isIn(engine.view(s, model).base(), p))
            continue;
        if (avoidTerrain(ctx, model, name, pieces))
            continue;
        ctx.event(
            QStringLiteral("terrain"),
            Message(MsgId::EndsMovementOverlapping, {m.name, name, terrainKindMessage(p.kind)}),
            {{QStringLiteral("model"), model}, {QStringLiteral("terrain"), key}});
        resolveTerrainAttack(engine.setup(), s, model,
                             TerrainAttack {p.displayName(), kCrushRating, 0, -1, name}, ctx.dice,
                             ctx.chooser, ctx.events);
    }
}

// Terrain: "Any model may choose to avoid terrain by treating it as an
// overlapping model which is larger." Asked of the ship's owner when its
// movement ends overlapping a piece that would attack it (decision
// "terrain-avoid", default: stay). Avoiding, it is repositioned as a smaller
// overlapping ship would be: house ruling, at the nearest spot (same facing,
// on the table) clear of every base and every such piece. Returns whether it
// avoided the piece.
bool rules::avoidTerrain(Context &ctx, int model, const Message &name,
                         const std::vector<std::pair<int, TerrainPiece>> &pieces)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    ModelState &m = s.models[std::size_t(model)];
    const int choice = ctx.chooser.ask(DecisionRequest::typed(
        m.controller, QStringLiteral("terrain-avoid"),
        Message(MsgId::AvoidTerrainQuestion, {m.name, name}),
        {Message(MsgId::StayOnTerrainOption, {name}), Message(MsgId::AvoidTerrainOption, {name})},
        0, {{QStringLiteral("model"), model}}));
    if (choice != 1)
        return false;
    if (engine.setup().physical()) {
        // A physical table: the players move it clear (the engine has no position).
        ctx.event(QStringLiteral("placed"), Message(MsgId::AvoidsTerrain, {m.name, name}),
                  {{QStringLiteral("model"), model}}, m.controller);
        return true;
    }
    std::vector<QPolygonF> obstacles;
    for (const ModelState &o : s.models)
        if (o.onTable() && o.id != model)
            obstacles.push_back(engine.view(s, o.id).base().outline());
    for (const auto &entry : pieces)
        if (entry.second.crushes())
            obstacles.push_back(entry.second.shape.obstacleOutline());
    const BaseShape base = engine.view(s, model).base();
    const auto at = nearestClearCentre(base, obstacles, kBreakContactGap, tableRect());
    if (!at) {
        ctx.event(QStringLiteral("terrain"), Message(MsgId::NoClearSpotToAvoid, {m.name, name}),
                  {{QStringLiteral("model"), model}}, m.controller);
        return false;
    }
    m.placement = Placement(*at, m.placement.facing());
    ctx.event(QStringLiteral("placed"), Message(MsgId::AvoidsTerrain, {m.name, name}),
              {{QStringLiteral("model"), model}}, m.controller);
    return true;
}

// Lay Mines: "This model may lay a minefield as it moves by placing tokens representing
// Mines in base contact. Tokens placed in this way must be separated by at least 2\" from
// one another." House rulings: a token at a time, any time in the activation (before, during
// or after the move), on the table, touching the ship's base without overlapping it, at
// least 2\" (edge to edge) from every Mine token on the table; as many as the player likes.
void rules::layMine(Context &ctx, QPointF at)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    const int ship = s.activation->model;
    const QString rule = QStringLiteral("Action › Lay Mines");
    const ModelState &m = *s.model(ship);
    if (!m.onTable())
        refuse(rule, Message(MsgId::NotOnTable, {m.name}));
    if (engine.setup().physical()) {
        // A physical table: the players place the token in contact and 2" from the others;
        // the engine keeps its model apart (tablequestions.h).
        const int next = int(s.models.size());
        s.terrain.push_back(TerrainPiece::mines(physicalSpot(next).centre(), m.controller));
        const int id = addTerrainModel(engine, s, int(s.terrain.size()) - 1);
        s.activation->actionResolved = true;
        ctx.event(QStringLiteral("mines-laid"),
                  Message(MsgId::LaysMinesOnTable,
                          {s.models[std::size_t(ship)].name, s.models[std::size_t(id)].name}),
                  {{QStringLiteral("model"), ship},
                   {QStringLiteral("mines"), id},
                   {QStringLiteral("terrain"), int(s.terrain.size()) - 1}},
                  ctx.player);
        return;
    }
    const TerrainPiece token = TerrainPiece::mines(at, m.controller);
    const BaseShape base = engine.view(s, ship).base();
    if (overlaps(base, token.shape) || distance(base, token.shape) > kContactTolerance)
        refuse(rule,
               Message(MsgId::MineTokenContact,
                       {m.name, inches(distance(base, token.shape)),
                        overlaps(base, token.shape) ? MessageArg(Message(MsgId::Overlapping))
                                                    : QString()}));
    if (!tableRect().contains(token.shape.boundingRect()))
        refuse(rule, Message(MsgId::MineTokenOnTable));
    for (const TerrainPiece &p : currentTerrain(s)) {
        if (p.kind != TerrainKind::Mines)
            continue;
        const double gap = std::hypot(p.shape.centre().x() - at.x(), p.shape.centre().y() - at.y())
            - p.shape.radius() - token.shape.radius();
        if (gap < kMineSpacing - kContactTolerance)
            refuse(rule,
                   Message(MsgId::MineTokensApart,
                           {p.model >= 0 ? engine.modelMessage(s, p.model) : p.displayMessage(),
                            inches(std::max(0.0, gap))}));
    }
    s.terrain.push_back(token);
    const int id = addTerrainModel(engine, s, int(s.terrain.size()) - 1);
    s.activation->actionResolved = true;
    ctx.event(QStringLiteral("mines-laid"),
              Message(MsgId::LaysMinesAt,
                      {s.models[std::size_t(ship)].name, s.models[std::size_t(id)].name,
                       QStringLiteral("%1").arg(at.x(), 0, 'f', 2),
                       QStringLiteral("%1").arg(at.y(), 0, 'f', 2)}),
              {{QStringLiteral("model"), ship},
               {QStringLiteral("mines"), id},
               {QStringLiteral("terrain"), int(s.terrain.size()) - 1},
               {QStringLiteral("x"), at.x()},
               {QStringLiteral("y"), at.y()}},
              ctx.player);
}

void rules::moveComets(Context &ctx)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    for (int i = 0; i < int(s.terrain.size()); ++i) {
        if (s.terrain[std::size_t(i)].kind != TerrainKind::Comet
            || s.terrain[std::size_t(i)].stationary)
            continue;
        const TerrainPiece before = s.terrain[std::size_t(i)];
        // "Its speed is 2d6, and it moves in a direction directly opposite the tail": from
        // the middle of the Tail through the centre of the Body.
        const int a = ctx.dice.rollD6();
        const int b = ctx.dice.rollD6();
        const QPolygonF tail = before.tail.outline();
        QPointF middle;
        for (const QPointF &p : tail)
            middle += p;
        if (!tail.isEmpty())
            middle /= double(tail.size());
        QPointF dir = before.shape.centre() - middle;
        const double len = std::hypot(dir.x(), dir.y());
        dir = len > 0 ? dir / len : QPointF(0, -1);
        const QPointF offset = dir * double(a + b);
        TerrainPiece &c = s.terrain[std::size_t(i)];
        c.shape = before.shape.translated(offset);
        c.tail = before.tail.translated(offset);
        ctx.event(
            QStringLiteral("comet"),
            Message(MsgId::CometMoves, {before.displayMessage(), a, b, a + b}),
            {{QStringLiteral("terrain"), i},
             {QStringLiteral("dice"), QJsonArray {a, b}},
             {QStringLiteral("to"), QJsonArray {c.shape.centre().x(), c.shape.centre().y()}}});
        // "Models that would be overlapped by the Body are moved out of the way": the
        // nearest spot clear of it (house ruling, as Squadron Overlapping: the shortest way
        // out, same facing). On a physical table the players move them.
        const bool physical = engine.setup().physical();
        const QPolygonF body = c.shape.obstacleOutline();
        for (ModelState &m : s.models) {
            if (!m.onTable() || m.terrain >= 0 || physical)
                continue;
            const BaseShape base = engine.view(s, m.id).base();
            if (!overlaps(base, c.shape))
                continue;
            if (const auto at = nearestClearCentre(base, std::vector<QPolygonF> {body},
                                                   kBreakContactGap, tableRect())) {
                m.placement = Placement(*at, m.placement.facing());
                ctx.event(QStringLiteral("placed"),
                          Message(MsgId::MovedOutOfTheWay, {m.name, before.displayMessage()}),
                          {{QStringLiteral("model"), m.id},
                           {QStringLiteral("x"), at->x()},
                           {QStringLiteral("y"), at->y()}});
            }
        }
        // "Models overlapped or moved over by the Tail are attacked as if they had moved
        // through the tail themselves": the area the Tail sweeps (its hull before and after).
        // A physical table: the players say which models it swept (attacked in the fleets'
        // order, as here).
        QPolygonF sweptTail = tail;
        for (const QPointF &p : c.tail.outline())
            sweptTail << p;
        const TerrainShape swept = TerrainShape::polygon(convex::hull(sweptTail));
        std::vector<int> named;
        if (physical) {
            std::vector<int> candidates;
            for (const ModelState &m : s.models)
                if (m.onTable() && m.terrain < 0)
                    candidates.push_back(m.id);
            TableQuestions table(s, &ctx.chooser);
            named = table.sweptBy(ctx.player, Message(MsgId::TheTailOf, {before.displayMessage()}),
                                  double(a + b), i, std::move(candidates));
        }
        for (int id = 0; id < int(s.models.size()); ++id) {
            const ModelState &m = s.models[std::size_t(id)];
            if (!m.onTable() || m.terrain >= 0)
                continue;
            if (physical ? std::find(named.begin(), named.end(), id) == named.end()
                         : !overlaps(engine.view(s, id).base(), swept))
                continue;
            resolveTerrainAttack(
                engine.setup(), s, id,
                TerrainAttack {Message(MsgId::TheTailOf, {before.displayMessage()}).english(),
                               kTerrainMoveRating, kTerrainMoveRating, -1,
                               Message(MsgId::TheTailOf, {before.displayMessage()})},
                ctx.dice, ctx.chooser, ctx.events);
        }
    }
}

} // namespace jw
