// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/terraineffects.h"

#include "engine/messageids.h"

#include "geometry/arcs.h"
#include "geometry/convex.h"
#include "geometry/terrainshape.h"
#include "geometry/zones.h"

#include <QLineF>

namespace jw {

namespace {

constexpr double kCoverRange = 3.0; // Large Asteroid: "within 3\""

bool defends(TerrainKind k)
{
    return k == TerrainKind::AsteroidField || k == TerrainKind::ParticleCloud;
}

// A thin convex strip along the segment (for "passes through").
QPolygonF strip(QPointF a, QPointF b)
{
    const QLineF l(a, b);
    QPointF n(-(b.y() - a.y()), b.x() - a.x());
    const double len = l.length();
    if (len <= 0)
        return QPolygonF({a, a + QPointF(1e-3, 0), a + QPointF(0, 1e-3)});
    n /= len;
    n *= 1e-3;
    return QPolygonF({a + n, b + n, b - n, a - n});
}

} // namespace

std::vector<TerrainPiece> currentTerrain(const GameState &state)
{
    std::vector<TerrainPiece> out;
    for (const TerrainPiece &p : state.terrain) {
        if (p.model >= 0) {
            const ModelState *m = state.model(p.model);
            if (!m || !m->onTable())
                continue;
        }
        out.push_back(p);
    }
    for (const Wreck &w : state.wrecks) {
        TerrainPiece p = TerrainPiece::disc(TerrainKind::Wreck, w.centre, w.diameter);
        p.of = w.of;
        p.name = Message(MsgId::WreckOf, {w.of}).english(); // displayMessage(): typed
        out.push_back(p);
    }
    return out;
}

bool isIn(const BaseShape &base, const TerrainPiece &piece)
{
    if (piece.kind == TerrainKind::Planet)
        return false;
    return overlaps(base, piece.shape);
}

bool isInTail(const BaseShape &base, const TerrainPiece &comet)
{
    return comet.kind == TerrainKind::Comet && overlaps(base, comet.tail);
}

bool givesDefense(const TerrainPiece &piece)
{
    return defends(piece.kind) || piece.kind == TerrainKind::Comet;
}

bool hindersBeams(const TerrainPiece &piece)
{
    return piece.kind == TerrainKind::ParticleCloud || piece.kind == TerrainKind::Comet;
}

bool givesEcm(const TerrainPiece &piece)
{
    return piece.kind == TerrainKind::Atmosphere;
}

int terrainDefenseBonus(const GameState &state, const BaseShape &base, Message *why)
{
    for (const TerrainPiece &p : currentTerrain(state)) {
        if ((defends(p.kind) && isIn(base, p)) || isInTail(base, p)) {
            if (why)
                *why = Message(p.kind == TerrainKind::Comet ? MsgId::InTheTailOf : MsgId::InPiece,
                               {p.displayMessage()});
            return 1;
        }
    }
    return 0;
}

int terrainEcmBonus(const GameState &state, const BaseShape &base)
{
    for (const TerrainPiece &p : currentTerrain(state))
        if (givesEcm(p) && isIn(base, p))
            return 1;
    return 0;
}

int terrainStealthBonus(const GameState &state, const BaseShape &base, Message *why)
{
    for (const TerrainPiece &p : currentTerrain(state)) {
        if (p.givesCover() && isWithin(base, p.shape, kCoverRange)) {
            if (why)
                *why = Message(MsgId::Within3Of, {p.displayMessage()});
            return 1;
        }
    }
    return 0;
}

bool particleCloudHinders(const GameState &state, const BaseShape &attacker,
                          const BaseShape &target, Message *why)
{
    const QPolygonF line = strip(attacker.centre(), target.centre());
    for (const TerrainPiece &p : currentTerrain(state)) {
        if (p.kind == TerrainKind::ParticleCloud && (isIn(target, p) || overlaps(line, p.shape))) {
            if (why)
                *why = p.displayMessage();
            return true;
        }
        // A Comet's Tail "is essentially a Particle Cloud".
        if (p.kind == TerrainKind::Comet && (isInTail(target, p) || overlaps(line, p.tail))) {
            if (why)
                *why = Message(MsgId::TheTailOf, {p.displayMessage()});
            return true;
        }
    }
    return false;
}

int terrainSpeedBonus(const GameState &state, const BaseShape &base, bool capital,
                      std::vector<Message> *why)
{
    return terrainSpeedBonus(
        state, capital,
        [&](int, const TerrainPiece &p, SpeedTerrainTest test) {
            switch (test) {
            case SpeedTerrainTest::In:
                return isIn(base, p);
            case SpeedTerrainTest::PlanetAhead:
                return isLineWhollyInArc(base, ArcFore, tableEdgeLine(p.edge));
            case SpeedTerrainTest::PlanetBehind:
                return isLineWhollyInArc(base, ArcAft, tableEdgeLine(p.edge));
            }
            return false;
        },
        why);
}

int terrainSpeedBonus(
    const GameState &state, bool capital,
    const std::function<bool(int index, const TerrainPiece &, SpeedTerrainTest)> &met,
    std::vector<Message> *why)
{
    int bonus = 0;
    bool moon = false;
    bool atmosphere = false;
    for (int i = 0; i < int(state.terrain.size()); ++i) {
        const TerrainPiece &p = state.terrain[std::size_t(i)];
        if (p.model >= 0) { // as currentTerrain(): a piece that is a model, while on the table
            const ModelState *m = state.model(p.model);
            if (!m || !m->onTable())
                continue;
        }
        if (p.kind == TerrainKind::SmallMoon && !moon && met(i, p, SpeedTerrainTest::In)) {
            moon = true;
            bonus += 2;
            if (why)
                why->push_back(Message(MsgId::SpeedStartingOn, {p.displayMessage()}));
        } else if (p.kind == TerrainKind::Atmosphere && !atmosphere
                   && met(i, p, SpeedTerrainTest::In)) {
            atmosphere = true;
            bonus -= 1;
            if (why)
                why->push_back(Message(MsgId::SpeedInAtmosphere, {p.displayMessage()}));
        } else if (p.kind == TerrainKind::Planet && capital) {
            if (met(i, p, SpeedTerrainTest::PlanetAhead)) {
                bonus += 2;
                if (why)
                    why->push_back(Message(MsgId::SpeedPlanetAhead, {p.displayMessage()}));
            } else if (met(i, p, SpeedTerrainTest::PlanetBehind)) {
                bonus -= 1;
                if (why)
                    why->push_back(Message(MsgId::SpeedPlanetBehind, {p.displayMessage()}));
            }
        }
    }
    return bonus;
}

const TerrainPiece *planetCrossed(const GameState &state, const std::vector<QPolygonF> &swept)
{
    for (const TerrainPiece &p : state.terrain) {
        if (p.kind != TerrainKind::Planet)
            continue;
        // The planet is everything beyond its table edge: a band outside the table.
        const QRectF t = tableRect();
        constexpr double kBeyond = 1000.0;
        QRectF beyond;
        switch (p.edge) {
        case TableEdge::Top:
            beyond
                = QRectF(t.left() - kBeyond, t.top() - kBeyond, t.width() + 2 * kBeyond, kBeyond);
            break;
        case TableEdge::Bottom:
            beyond = QRectF(t.left() - kBeyond, t.bottom(), t.width() + 2 * kBeyond, kBeyond);
            break;
        case TableEdge::Left:
            beyond
                = QRectF(t.left() - kBeyond, t.top() - kBeyond, kBeyond, t.height() + 2 * kBeyond);
            break;
        case TableEdge::Right:
            beyond = QRectF(t.right(), t.top() - kBeyond, kBeyond, t.height() + 2 * kBeyond);
            break;
        }
        if (sweptOverlaps(swept, TerrainShape::rectangle(beyond)))
            return &p;
    }
    return nullptr;
}

bool sweptOverlaps(const std::vector<QPolygonF> &swept, const TerrainShape &shape)
{
    for (const QPolygonF &piece : swept)
        if (piece.size() >= 3 && overlaps(piece, shape))
            return true;
    return false;
}

} // namespace jw
