// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/terrain.h"

#include "dice/dicesource.h"
#include "engine/messageids.h"
#include "engine/rounding.h"
#include "io/textcheck.h"

#include <QJsonArray>

#include <cmath>

namespace jw {

namespace {

struct KindInfo
{
    TerrainKind kind;
    const char *id;
    MsgId name; // the catalogue's (messagelist.h, Terrain)
};

constexpr KindInfo kKinds[] = {
    {TerrainKind::AsteroidField, "asteroid-field", MsgId::TerrainAsteroidField},
    {TerrainKind::Atmosphere, "atmosphere", MsgId::TerrainAtmosphere},
    {TerrainKind::Comet, "comet", MsgId::TerrainComet},
    {TerrainKind::LargeAsteroid, "large-asteroid", MsgId::TerrainLargeAsteroid},
    {TerrainKind::Mines, "mines", MsgId::TerrainMines},
    {TerrainKind::ParticleCloud, "particle-cloud", MsgId::TerrainParticleCloud},
    {TerrainKind::Planet, "planet", MsgId::TerrainPlanet},
    {TerrainKind::SmallMoon, "small-moon", MsgId::TerrainSmallMoon},
    {TerrainKind::SpaceStation, "space-station", MsgId::TerrainSpaceStation},
    {TerrainKind::Wreck, "wreck", MsgId::TerrainWreck},
    {TerrainKind::Uio, "uio", MsgId::TerrainUio},
};

// A square base as wide as the piece's disc (house ruling for the models of terrain).
BaseSize squareBase(const TerrainShape &shape)
{
    const double d = std::max(1.0, shape.boundingRect().width());
    return BaseSize {false, d, d};
}

TraitRef systemTrait(const QString &name, int value)
{
    return TraitRef {name, value, true, value};
}

} // namespace

QString tableEdgeId(TableEdge e)
{
    switch (e) {
    case TableEdge::Top:
        return QStringLiteral("top");
    case TableEdge::Right:
        return QStringLiteral("right");
    case TableEdge::Bottom:
        return QStringLiteral("bottom");
    case TableEdge::Left:
        return QStringLiteral("left");
    }
    return {};
}

std::optional<TableEdge> tableEdgeFromId(const QString &id)
{
    for (TableEdge e : {TableEdge::Top, TableEdge::Right, TableEdge::Bottom, TableEdge::Left})
        if (tableEdgeId(e) == id)
            return e;
    return std::nullopt;
}

QString terrainKindId(TerrainKind k)
{
    for (const KindInfo &i : kKinds)
        if (i.kind == k)
            return QString::fromLatin1(i.id);
    return {};
}

QString terrainKindName(TerrainKind k)
{
    return terrainKindMessage(k).english();
}

Message terrainKindMessage(TerrainKind k)
{
    for (const KindInfo &i : kKinds)
        if (i.kind == k)
            return Message(i.name);
    return {};
}

std::optional<TerrainKind> terrainKindFromId(const QString &id)
{
    for (const KindInfo &i : kKinds)
        if (id == QLatin1String(i.id))
            return i.kind;
    return std::nullopt;
}

const std::vector<TerrainKind> &allTerrainKinds()
{
    static const std::vector<TerrainKind> kinds = [] {
        std::vector<TerrainKind> v;
        for (const KindInfo &i : kKinds)
            v.push_back(i.kind);
        return v;
    }();
    return kinds;
}

TerrainPiece TerrainPiece::area(TerrainKind kind, const QPolygonF &outline)
{
    TerrainPiece p;
    p.kind = kind;
    p.shape = TerrainShape::polygon(outline);
    return p;
}

TerrainPiece TerrainPiece::disc(TerrainKind kind, QPointF centre, double diameter)
{
    TerrainPiece p;
    p.kind = kind;
    p.shape = TerrainShape::circle(centre, diameter);
    return p;
}

TerrainPiece TerrainPiece::comet(QPointF centre, double diameter, const QPolygonF &tail)
{
    TerrainPiece p = disc(TerrainKind::Comet, centre, diameter);
    p.tail = TerrainShape::polygon(tail);
    return p;
}

TerrainPiece TerrainPiece::planet(TableEdge edge)
{
    TerrainPiece p;
    p.kind = TerrainKind::Planet;
    p.edge = edge;
    return p;
}

TerrainPiece TerrainPiece::atmosphere(TableEdge edge, double depth)
{
    TerrainPiece p;
    p.kind = TerrainKind::Atmosphere;
    p.edge = edge;
    p.shape = atmosphereBand(edge, depth);
    return p;
}

TerrainPiece TerrainPiece::mines(QPointF centre, int owner)
{
    TerrainPiece p = disc(TerrainKind::Mines, centre, kMineTokenDiameter);
    p.owner = owner;
    p.structure = kMineStructure;
    return p;
}

QString TerrainPiece::displayName() const
{
    return name.isEmpty() ? terrainKindName(kind) : name;
}

Message TerrainPiece::displayMessage() const
{
    if (name.isEmpty())
        return terrainKindMessage(kind);
    // The Wreck of a Dead ship, named by currentTerrain().
    if (kind == TerrainKind::Wreck && !of.isEmpty()
        && name == Message(MsgId::WreckOf, {of}).english())
        return Message(MsgId::WreckOf, {of});
    return Message::plain(name);
}

bool TerrainPiece::isModel() const
{
    return kind == TerrainKind::SpaceStation || kind == TerrainKind::Uio
        || kind == TerrainKind::Mines;
}

bool TerrainPiece::givesCover() const
{
    return kind == TerrainKind::LargeAsteroid || kind == TerrainKind::Wreck
        || kind == TerrainKind::SmallMoon || kind == TerrainKind::Comet;
}

bool TerrainPiece::crushes() const
{
    return kind == TerrainKind::LargeAsteroid || kind == TerrainKind::Wreck
        || kind == TerrainKind::Comet;
}

QString terrainUnitId(const TerrainPiece &piece, int index)
{
    if (piece.kind == TerrainKind::Mines)
        return QStringLiteral("terrain-mines");
    return QStringLiteral("terrain-%1").arg(index);
}

Unit terrainUnit(const TerrainPiece &piece, int index)
{
    Unit u;
    u.id = terrainUnitId(piece, index);
    u.name = piece.kind == TerrainKind::Mines ? QStringLiteral("Mines") : piece.displayName();
    u.faction = QStringLiteral("terrain");
    u.rulesVersion = QStringLiteral("v1.2.2");
    u.provenance = QStringLiteral("Terrain › %1").arg(terrainKindName(piece.kind));
    switch (piece.kind) {
    case TerrainKind::Mines:
        // "Mine Tokens are considered Squadrons for the purposes of being attacked and have
        // a Structure rating of 2."
        u.type = UnitType::Fighter;
        u.structure = Track::ofRating(kMineStructure);
        u.base = BaseSize {true, 1.0, 1.0};
        u.traits.push_back(TraitRef {QStringLiteral("Static"), std::nullopt, false, 0});
        {
            // "Resolve an AC:3 Missile attack on any enemy capital ship that moves within 3\""
            // (the engine makes it; the token never activates to fire it).
            Weapon w;
            w.name = QStringLiteral("Mines");
            w.weaponClass = WeaponClass::Missile;
            w.ac = 3;
            w.as = 0;
            u.weapons.push_back(w);
        }
        break;
    case TerrainKind::SpaceStation: {
        const int s = piece.structure.value_or(7);
        u.type = UnitType::Capital;
        u.structure = Track::ofRating(s);
        u.defense = Track::ofRating(half(s));
        u.marines = Track::ofRating(half(s));
        u.sensors = Track::ofRating(3);
        u.speed = 0;
        u.turns = 0;
        u.skill = 2;
        u.fireControl = 2;
        u.base = squareBase(piece.shape);
        u.traits.push_back(systemTrait(QStringLiteral("Hangers"), piece.hangers.value_or(2)));
        u.traits.push_back(TraitRef {QStringLiteral("Static"), std::nullopt, false, 0});
        Weapon w;
        w.arcs = ArcTurret;
        w.count = 2;
        if (piece.weapons.value_or(StationWeapons::KineticCannons)
            == StationWeapons::KineticCannons) {
            w.name = QStringLiteral("Kinetic Cannon");
            w.weaponClass = WeaponClass::KineticCannon;
            w.ac = 4;
            w.as = 3;
            w.macro = 1;
        } else {
            w.name = QStringLiteral("Beam Projector");
            w.weaponClass = WeaponClass::BeamProjector;
            w.ac = 3;
            w.as = 3;
            w.macro = 2;
        }
        u.weapons.push_back(w);
        break;
    }
    case TerrainKind::Uio:
        u.type = UnitType::Capital;
        u.structure = Track::ofRating(piece.structure.value_or(1));
        u.base = squareBase(piece.shape);
        u.traits.push_back(systemTrait(QStringLiteral("Hangers"), piece.hangers.value_or(2)));
        u.traits.push_back(TraitRef {QStringLiteral("Static"), std::nullopt, false, 0});
        break;
    default:
        break;
    }
    return u;
}

QStringList rollTerrain(std::vector<TerrainPiece> &terrain, DiceSource &dice)
{
    QStringList log;
    for (TerrainPiece &p : terrain) {
        const QString name = p.displayName();
        if (p.kind == TerrainKind::SpaceStation) {
            if (!p.structure) {
                const int a = dice.rollD6();
                const int b = dice.rollD6();
                p.structure = a + b;
                log << QStringLiteral("%1: Structure 2d6 = %2 + %3 = %4.")
                           .arg(name)
                           .arg(a)
                           .arg(b)
                           .arg(a + b);
            }
            if (!p.hangers) {
                const int d = dice.rollD6();
                p.hangers = 1 + (d + 1) / 2; // 1d3: 1-2 → 1, 3-4 → 2, 5-6 → 3
                log << QStringLiteral("%1: Hangers 1 + 1d3 (a %2) = %3.")
                           .arg(name)
                           .arg(d)
                           .arg(*p.hangers);
            }
            if (!p.weapons) {
                const int d = dice.rollD6();
                p.weapons
                    = d <= 3 ? StationWeapons::KineticCannons : StationWeapons::BeamProjectors;
                log << QStringLiteral("%1: weapons by Random Selection (a %2): 2x %3.")
                           .arg(name)
                           .arg(d)
                           .arg(d <= 3 ? QStringLiteral("Kinetic Cannon")
                                       : QStringLiteral("Beam Projector"));
            }
        } else if (p.kind == TerrainKind::Uio && !p.structure) {
            const int d = dice.rollD6();
            p.structure = d;
            log << QStringLiteral("%1: Structure 1d6 = %2.").arg(name).arg(d);
        }
    }
    return log;
}

QJsonObject shapeToJson(const TerrainShape &shape)
{
    if (shape.kind() == TerrainShape::Kind::Circle)
        return QJsonObject {{QStringLiteral("x"), shape.centre().x()},
                            {QStringLiteral("y"), shape.centre().y()},
                            {QStringLiteral("diameter"), 2 * shape.radius()}};
    QJsonArray points;
    for (const QPointF &p : shape.outline())
        points.append(QJsonArray {p.x(), p.y()});
    return QJsonObject {{QStringLiteral("outline"), points}};
}

std::optional<TerrainShape> shapeFromJson(const QJsonObject &o)
{
    if (o.contains(QStringLiteral("outline"))) {
        // Bounded: a damaged file must not reach the geometry with 1e300 or a
        // million corners.
        const QJsonArray outline = o.value(QStringLiteral("outline")).toArray();
        if (outline.size() < 3 || outline.size() > 1000)
            return std::nullopt;
        QPolygonF poly;
        for (const QJsonValue &v : outline) {
            const QJsonArray a = v.toArray();
            if (a.size() != 2 || !a[0].isDouble() || !a[1].isDouble()
                || std::abs(a[0].toDouble()) > 10'000 || std::abs(a[1].toDouble()) > 10'000)
                return std::nullopt;
            poly << QPointF(a[0].toDouble(), a[1].toDouble());
        }
        return TerrainShape::polygon(poly);
    }
    if (o.contains(QStringLiteral("diameter"))) {
        const double x = o.value(QStringLiteral("x")).toDouble();
        const double y = o.value(QStringLiteral("y")).toDouble();
        const double d = o.value(QStringLiteral("diameter")).toDouble();
        if (std::abs(x) > 10'000 || std::abs(y) > 10'000 || !(d > 0) || d > 1000)
            return std::nullopt;
        return TerrainShape::circle(QPointF(x, y), d);
    }
    return std::nullopt;
}

QJsonObject terrainToJson(const TerrainPiece &p)
{
    QJsonObject o {{QStringLiteral("kind"), terrainKindId(p.kind)}};
    if (!p.name.isEmpty())
        o.insert(QStringLiteral("name"), p.name);
    if (p.kind == TerrainKind::Planet || p.kind == TerrainKind::Atmosphere)
        o.insert(QStringLiteral("edge"), tableEdgeId(p.edge));
    if (p.kind != TerrainKind::Planet)
        o.insert(QStringLiteral("shape"), shapeToJson(p.shape));
    if (p.kind == TerrainKind::Comet)
        o.insert(QStringLiteral("tail"), shapeToJson(p.tail));
    if (p.owner >= 0)
        o.insert(QStringLiteral("owner"), p.owner);
    if (p.stationary)
        o.insert(QStringLiteral("stationary"), true);
    if (!p.of.isEmpty())
        o.insert(QStringLiteral("of"), p.of);
    if (p.structure)
        o.insert(QStringLiteral("structure"), *p.structure);
    if (p.hangers)
        o.insert(QStringLiteral("hangers"), *p.hangers);
    if (p.weapons)
        o.insert(QStringLiteral("weapons"),
                 *p.weapons == StationWeapons::KineticCannons ? QStringLiteral("kinetic-cannon")
                                                              : QStringLiteral("beam-projector"));
    if (p.model >= 0)
        o.insert(QStringLiteral("model"), p.model);
    return o;
}

std::optional<TerrainPiece> terrainFromJson(const QJsonObject &o, QString *error, DataText *why)
{
    const auto fail = [&](const DataText &problem) -> std::optional<TerrainPiece> {
        if (error)
            *error = problem.english();
        if (why)
            *why = problem;
        return std::nullopt;
    };
    TerrainPiece p;
    const QString kind = o.value(QStringLiteral("kind")).toString();
    const auto k = terrainKindFromId(kind);
    if (!k)
        return fail(
            DataText::of(QT_TRANSLATE_NOOP("jw::Data", "unknown terrain kind '%1'"), {kind}));
    p.kind = *k;
    p.name = o.value(QStringLiteral("name")).toString();
    if (o.contains(QStringLiteral("edge"))) {
        const auto e = tableEdgeFromId(o.value(QStringLiteral("edge")).toString());
        if (!e)
            return fail(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "unknown table edge '%1'"),
                                     {o.value(QStringLiteral("edge")).toString()}));
        p.edge = *e;
    }
    if (p.kind != TerrainKind::Planet) {
        const auto s = shapeFromJson(o.value(QStringLiteral("shape")).toObject());
        if (!s)
            return fail(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1 needs a shape"),
                                     {terrainKindName(p.kind)}));
        p.shape = *s;
    }
    if (p.kind == TerrainKind::Comet) {
        const auto t = shapeFromJson(o.value(QStringLiteral("tail")).toObject());
        if (!t)
            return fail(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "a Comet needs a tail")));
        p.tail = *t;
    }
    if (const DataText problem = io::nameProblemText(p.name); !problem.isEmpty())
        return fail(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the name %1"), {problem}));
    p.owner = o.value(QStringLiteral("owner")).toInt(-1);
    if (p.owner < -1 || p.owner > 1)
        return fail(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'owner' must be 0 or 1")));
    p.stationary = o.value(QStringLiteral("stationary")).toBool();
    p.of = o.value(QStringLiteral("of")).toString();
    // Rolled 1d6 or 2d6 in play: a card prints at most a dozen boxes.
    if (o.contains(QStringLiteral("structure"))) {
        p.structure = o.value(QStringLiteral("structure")).toInt();
        if (*p.structure < 1 || *p.structure > 20)
            return fail(
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'structure' must be from 1 to 20")));
    }
    if (o.contains(QStringLiteral("hangers"))) {
        p.hangers = o.value(QStringLiteral("hangers")).toInt();
        if (*p.hangers < 0 || *p.hangers > 20)
            return fail(
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'hangers' must be from 0 to 20")));
    }
    if (o.contains(QStringLiteral("weapons"))) {
        const QString w = o.value(QStringLiteral("weapons")).toString();
        if (w == QLatin1String("kinetic-cannon"))
            p.weapons = StationWeapons::KineticCannons;
        else if (w == QLatin1String("beam-projector"))
            p.weapons = StationWeapons::BeamProjectors;
        else
            return fail(DataText::of(QT_TRANSLATE_NOOP(
                "jw::Data", "station weapons are kinetic-cannon or beam-projector")));
    }
    p.model = o.value(QStringLiteral("model")).toInt(-1);
    return p;
}

} // namespace jw
