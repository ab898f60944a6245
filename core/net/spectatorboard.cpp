// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/spectatorboard.h"

#include "engine/scenario.h"
#include "io/jsonnumber.h"
#include "io/textcheck.h"
#include "units/unitjson.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>
#include <set>

namespace jw::net {

namespace {

constexpr int kMaxModels = 2 * GameSetup::kMaxModelsPerFleet + 1000; // fleets and terrain
constexpr int kMaxBoxes = 100;

QJsonArray ints(const std::vector<int> &v)
{
    QJsonArray a;
    for (int i : v)
        a.append(i);
    return a;
}

QJsonObject modelJson(const ModelState &m)
{
    QJsonObject o {{QStringLiteral("id"), m.id},
                   {QStringLiteral("owner"), m.owner},
                   {QStringLiteral("controller"), m.controller},
                   {QStringLiteral("unit"), m.unitId},
                   {QStringLiteral("name"), m.name},
                   {QStringLiteral("location"), locationId(m.location)}};
    if (m.onTable()) {
        o.insert(QStringLiteral("x"), m.placement.centre().x());
        o.insert(QStringLiteral("y"), m.placement.centre().y());
        o.insert(QStringLiteral("facing"), m.placement.facing());
    }
    if (m.carrier >= 0)
        o.insert(QStringLiteral("carrier"), m.carrier);
    o.insert(QStringLiteral("lost"),
             QJsonArray {m.structureLost, m.defenseLost, m.sensorsLost, m.thrustersLost,
                         m.marinesLost, m.fuelSpent});
    o.insert(QStringLiteral("weapons_damaged"), ints(m.weaponsDamaged));
    o.insert(QStringLiteral("traits_damaged"), ints(m.traitsDamaged));
    o.insert(QStringLiteral("states"), QJsonArray::fromStringList(flagIds(m.flags)));
    o.insert(QStringLiteral("activated"), m.activated);
    if (m.boarders > 0)
        o.insert(QStringLiteral("boarders"), m.boarders);
    if (m.terrain >= 0)
        o.insert(QStringLiteral("terrain"), m.terrain);
    return o;
}

// io::wholeNumber as an int (every range here is an int's).
std::optional<int> whole(const QJsonValue &v, int min, int max)
{
    const std::optional<qint64> n = io::wholeNumber(v, min, max);
    return n ? std::optional<int>(int(*n)) : std::nullopt;
}

// A coordinate or a size: a finite number within a million inches.
std::optional<double> finite(const QJsonValue &v)
{
    const double d = v.toDouble();
    if (!v.isDouble() || !std::isfinite(d) || std::abs(d) > 1e6)
        return std::nullopt;
    return d;
}

} // namespace

QJsonObject publicBoard(const Engine &engine, const GameState &s)
{
    const auto hidden = [&](int id) {
        return engine.isHidden(s, id, 0) || engine.isHidden(s, id, 1);
    };
    QJsonArray models;
    std::set<QString> unitIds;
    for (const ModelState &m : s.models) {
        if (hidden(m.id)) { // that it exists and whose it is: nothing more
            models.append(QJsonObject {{QStringLiteral("id"), m.id},
                                       {QStringLiteral("owner"), m.owner},
                                       {QStringLiteral("hidden"), true}});
            continue;
        }
        models.append(modelJson(m));
        unitIds.insert(m.unitId);
    }
    QJsonArray units;
    for (const QString &id : unitIds)
        if (const Unit *u = engine.setup().unit(id))
            units.append(unitToJson(*u));
    QJsonArray wrecks;
    for (const Wreck &w : s.wrecks)
        wrecks.append(QJsonObject {{QStringLiteral("x"), w.centre.x()},
                                   {QStringLiteral("y"), w.centre.y()},
                                   {QStringLiteral("diameter"), w.diameter},
                                   {QStringLiteral("of"), w.of}});
    QJsonArray terrain;
    for (const TerrainPiece &t : s.terrain)
        terrain.append(terrainToJson(t));
    QJsonArray beacons;
    for (const auto &mine : s.beacons) {
        QJsonArray a;
        for (const QPointF &p : mine)
            a.append(QJsonArray {p.x(), p.y()});
        beacons.append(a);
    }
    const GameSetup &setup = engine.setup();
    QJsonObject o {
        {QStringLiteral("players"), QJsonArray {setup.players[0].name, setup.players[1].name}},
        {QStringLiteral("rules"), setup.rules},
        {QStringLiteral("scenario"), setup.scenario},
        {QStringLiteral("scenario_rules"),
         QJsonDocument::fromJson(ScenarioLoader::toJson(setup.scenarioRules)).object()},
        {QStringLiteral("turns"), setup.turns},
        {QStringLiteral("turn"), s.turn},
        {QStringLiteral("phase"), phaseId(s.phase)},
        {QStringLiteral("initiative"), s.initiative},
        {QStringLiteral("to_act"), s.toAct},
        {QStringLiteral("objective_points"),
         QJsonArray {s.objectivePoints[0], s.objectivePoints[1]}},
        {QStringLiteral("units"), units},
        {QStringLiteral("models"), models},
        {QStringLiteral("wrecks"), wrecks},
        {QStringLiteral("terrain"), terrain},
        {QStringLiteral("beacons"), beacons}};
    if (s.winner)
        o.insert(QStringLiteral("winner"), *s.winner);
    if (s.activation && !hidden(s.activation->model))
        o.insert(QStringLiteral("active"), s.activation->model);
    return o;
}

std::optional<SpectatorBoard> boardFromJson(const QJsonObject &o, QString *why)
{
    auto fail = [why](const QString &text) -> std::optional<SpectatorBoard> {
        if (why)
            *why = QStringLiteral("the board: %1").arg(text);
        return std::nullopt;
    };
    SpectatorBoard b;
    GameSetup &setup = b.setup;
    GameState &s = b.state;
    const QJsonArray players = o.value(QStringLiteral("players")).toArray();
    if (players.size() != 2)
        return fail(QStringLiteral("'players' must be two names"));
    for (int i = 0; i < 2; ++i) {
        const QString name = players[i].toString();
        if (!players[i].isString() || !io::nameProblem(name, 120).isEmpty())
            return fail(QStringLiteral("'players' must be two names"));
        setup.players[std::size_t(i)].name = name;
    }
    setup.rules = o.value(QStringLiteral("rules")).toString();
    setup.scenario = o.value(QStringLiteral("scenario")).toString();
    const ScenarioFile sf
        = ScenarioLoader::parse(QJsonDocument(o.value(QStringLiteral("scenario_rules")).toObject())
                                    .toJson(QJsonDocument::Compact),
                                QStringLiteral("the board's scenario"));
    if (!sf.ok())
        return fail(sf.issues.empty() ? QStringLiteral("a bad scenario")
                                      : sf.issues.front().toString());
    setup.scenarioRules = *sf.scenario;
    const auto turns = whole(o.value(QStringLiteral("turns")), 1, GameSetup::kMaxTurns);
    const auto turn = whole(o.value(QStringLiteral("turn")), 1, GameSetup::kMaxTurns);
    const auto phase = phaseFromId(o.value(QStringLiteral("phase")).toString());
    const auto initiative = whole(o.value(QStringLiteral("initiative")), 0, 1);
    const auto toAct = whole(o.value(QStringLiteral("to_act")), 0, 1);
    if (!turns || !turn || !phase || !initiative || !toAct)
        return fail(QStringLiteral("'turns', 'turn', 'phase', 'initiative' or 'to_act' is not "
                                   "one"));
    setup.turns = *turns;
    s.turn = *turn;
    s.phase = *phase;
    s.initiative = *initiative;
    s.toAct = *toAct;
    const QJsonArray op = o.value(QStringLiteral("objective_points")).toArray();
    for (int i = 0; i < 2 && i < op.size(); ++i)
        s.objectivePoints[std::size_t(i)] = whole(op[i], -100000, 100000).value_or(0);
    if (o.contains(QStringLiteral("winner")))
        s.winner = whole(o.value(QStringLiteral("winner")), -1, 1);
    for (const QJsonValue &v : o.value(QStringLiteral("units")).toArray()) {
        QString error;
        const std::optional<Unit> u = unitFromJson(v.toObject(), &error);
        if (!u)
            return fail(error);
        setup.units[u->id] = *u;
    }
    for (const QJsonValue &v : o.value(QStringLiteral("terrain")).toArray()) {
        QString error;
        const std::optional<TerrainPiece> t = terrainFromJson(v.toObject(), &error);
        if (!t)
            return fail(error);
        s.terrain.push_back(*t);
    }
    const QJsonArray models = o.value(QStringLiteral("models")).toArray();
    if (models.size() > kMaxModels)
        return fail(QStringLiteral("too many models"));
    for (int i = 0; i < int(models.size()); ++i) {
        const QJsonObject m = models[i].toObject();
        ModelState ms;
        ms.id = i;
        if (whole(m.value(QStringLiteral("id")), 0, kMaxModels) != i)
            return fail(QStringLiteral("model %1: its 'id' must be %1").arg(i));
        const auto owner = whole(m.value(QStringLiteral("owner")), -1, 1);
        if (!owner)
            return fail(QStringLiteral("model %1: 'owner' must be -1, 0 or 1").arg(i));
        ms.owner = ms.controller = *owner;
        if (m.value(QStringLiteral("hidden")).toBool()) {
            ms.location = Location::Reserve; // off the table: never drawn
            if (*owner >= 0)
                ++b.hidden[std::size_t(*owner)];
            s.models.push_back(ms);
            continue;
        }
        ms.controller = whole(m.value(QStringLiteral("controller")), -1, 1).value_or(*owner);
        ms.unitId = m.value(QStringLiteral("unit")).toString();
        ms.name = m.value(QStringLiteral("name")).toString().left(200);
        const Unit *unit = setup.unit(ms.unitId);
        if (!unit)
            return fail(QStringLiteral("model %1: no unit '%2'").arg(i).arg(ms.unitId.left(40)));
        const auto location = locationFromId(m.value(QStringLiteral("location")).toString());
        if (!location)
            return fail(QStringLiteral("model %1: no location").arg(i));
        ms.location = *location;
        if (ms.onTable()) {
            const auto x = finite(m.value(QStringLiteral("x")));
            const auto y = finite(m.value(QStringLiteral("y")));
            const auto facing = finite(m.value(QStringLiteral("facing")));
            if (!x || !y || !facing)
                return fail(QStringLiteral("model %1: no position").arg(i));
            ms.placement = Placement(QPointF(*x, *y), *facing);
        }
        ms.carrier = whole(m.value(QStringLiteral("carrier")), -1, kMaxModels).value_or(-1);
        // At most the boxes each track has: the card draws them.
        const QJsonArray lost = m.value(QStringLiteral("lost")).toArray();
        const Track *tracks[] = {&unit->structure, &unit->defense, &unit->sensors,
                                 &unit->thrusters, &unit->marines, &unit->fuel};
        int *fields[] = {&ms.structureLost, &ms.defenseLost, &ms.sensorsLost,
                         &ms.thrustersLost, &ms.marinesLost, &ms.fuelSpent};
        for (int k = 0; k < 6; ++k)
            *fields[k] = std::clamp(
                whole(k < lost.size() ? lost[k] : QJsonValue(), 0, kMaxBoxes).value_or(0), 0,
                tracks[k]->size());
        ms.weaponsDamaged.assign(unit->weapons.size(), 0);
        const QJsonArray weapons = m.value(QStringLiteral("weapons_damaged")).toArray();
        for (std::size_t w = 0; w < ms.weaponsDamaged.size() && w < std::size_t(weapons.size());
             ++w)
            ms.weaponsDamaged[w] = whole(weapons[qsizetype(w)], 0, kMaxBoxes).value_or(0);
        ms.traitsDamaged.assign(unit->traits.size(), 0);
        const QJsonArray traits = m.value(QStringLiteral("traits_damaged")).toArray();
        for (std::size_t t = 0; t < ms.traitsDamaged.size() && t < std::size_t(traits.size()); ++t)
            ms.traitsDamaged[t] = std::clamp(whole(traits[qsizetype(t)], 0, kMaxBoxes).value_or(0),
                                             0, unit->traits[t].boxes);
        for (const QJsonValue &f : m.value(QStringLiteral("states")).toArray())
            ms.flags |= flagFromId(f.toString());
        ms.activated = m.value(QStringLiteral("activated")).toBool();
        ms.boarders = whole(m.value(QStringLiteral("boarders")), 0, kMaxBoxes).value_or(0);
        ms.terrain
            = whole(m.value(QStringLiteral("terrain")), -1, int(s.terrain.size()) - 1).value_or(-1);
        ms.revealed = true;
        s.models.push_back(ms);
    }
    for (const QJsonValue &v : o.value(QStringLiteral("wrecks")).toArray()) {
        const QJsonObject w = v.toObject();
        const auto x = finite(w.value(QStringLiteral("x")));
        const auto y = finite(w.value(QStringLiteral("y")));
        const auto d = finite(w.value(QStringLiteral("diameter")));
        if (!x || !y || !d || *d <= 0)
            return fail(QStringLiteral("a wreck needs its place and size"));
        s.wrecks.push_back(Wreck {QPointF(*x, *y), *d, w.value(QStringLiteral("of")).toString()});
    }
    const QJsonArray beacons = o.value(QStringLiteral("beacons")).toArray();
    for (int p = 0; p < 2 && p < beacons.size(); ++p)
        for (const QJsonValue &v : beacons[p].toArray()) {
            const QJsonArray xy = v.toArray();
            if (xy.size() != 2)
                continue;
            const auto x = finite(xy[0]);
            const auto y = finite(xy[1]);
            if (x && y)
                s.beacons[std::size_t(p)].push_back(QPointF(*x, *y));
        }
    if (const auto active = whole(o.value(QStringLiteral("active")), 0, int(s.models.size()) - 1))
        s.activation = Activation {*active};
    return b;
}

} // namespace jw::net
