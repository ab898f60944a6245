// SPDX-License-Identifier: GPL-3.0-or-later
#include "units/unitjson.h"

#include "io/textcheck.h"
#include "units/unitlimits.h"

#include <QJsonArray>

namespace jw {

namespace {

QJsonArray trackJson(const Track &t)
{
    QJsonArray a;
    for (int b : t.boxes)
        a.append(b);
    return a;
}

QJsonArray traitsJson(const std::vector<TraitRef> &traits)
{
    QJsonArray a;
    for (const TraitRef &t : traits) {
        QJsonObject o {{QStringLiteral("name"), t.name}, {QStringLiteral("system"), t.system}};
        if (t.value)
            o.insert(QStringLiteral("value"), *t.value);
        if (t.system)
            o.insert(QStringLiteral("boxes"), t.boxes);
        a.append(o);
    }
    return a;
}

QJsonValue ratingJson(std::optional<int> r)
{
    return r ? QJsonValue(*r) : QJsonValue(QStringLiteral("skill"));
}

QJsonObject sourceJson(const ValueSource &s)
{
    QJsonObject o {{QStringLiteral("kind"), s.kindId()}};
    if (!s.where.isEmpty())
        o.insert(QStringLiteral("where"), s.where);
    if (s.userEntered) // only then: the JSON of shipped units stays as it was
        o.insert(QStringLiteral("user_entered"), true);
    return o;
}

} // namespace

QJsonObject sourcesJson(const Unit &u)
{
    QJsonObject o {{QStringLiteral("default"), sourceJson(u.defaultSource)}};
    for (const auto &[field, source] : u.sources)
        o.insert(field, sourceJson(source));
    return o;
}

QJsonObject unitSummaryJson(const Unit &u)
{
    return QJsonObject {
        {QStringLiteral("id"), u.id},
        {QStringLiteral("name"), u.name},
        {QStringLiteral("faction"), u.faction},
        {QStringLiteral("type"), unitTypeId(u.type)},
        {QStringLiteral("tv"), u.tv},
        {QStringLiteral("uc"), u.unitCap > 0 ? QJsonValue(u.unitCap) : QJsonValue()},
        {QStringLiteral("provisional"), u.provisional},
    };
}

QJsonObject unitToJson(const Unit &u)
{
    QJsonObject o = unitSummaryJson(u);
    o.insert(QStringLiteral("class"), u.shipClass);
    o.insert(QStringLiteral("speed"), u.speed);
    o.insert(QStringLiteral("fire_control"), u.fireControl);
    o.insert(QStringLiteral("skill"), u.skill);
    o.insert(QStringLiteral("structure"), trackJson(u.structure));
    o.insert(QStringLiteral("defense"), trackJson(u.defense));
    o.insert(QStringLiteral("sensors"), trackJson(u.sensors));
    if (u.isCapital()) {
        o.insert(QStringLiteral("turns"), u.turns);
        o.insert(QStringLiteral("armor"),
                 QJsonObject {{QStringLiteral("fore"), u.armor.fore},
                              {QStringLiteral("sides"), u.armor.sides},
                              {QStringLiteral("aft"), u.armor.aft}});
        o.insert(QStringLiteral("thrusters"), trackJson(u.thrusters));
        o.insert(QStringLiteral("marines"), trackJson(u.marines));
    } else {
        o.insert(QStringLiteral("fuel"), trackJson(u.fuel));
    }
    QJsonArray weapons;
    for (const Weapon &w : u.weapons) {
        QJsonObject wo {
            {QStringLiteral("name"), w.name},
            {QStringLiteral("class"), weaponClassId(w.weaponClass)},
            {QStringLiteral("ac"), ratingJson(w.ac)},
            {QStringLiteral("as"), ratingJson(w.as)},
            {QStringLiteral("macro"), w.macro},
            {QStringLiteral("count"), w.count},
            {QStringLiteral("traits"), traitsJson(w.traits)},
        };
        if (u.isCapital())
            wo.insert(QStringLiteral("arcs"), arcsToString(w.arcs));
        weapons.append(wo);
    }
    o.insert(QStringLiteral("weapons"), weapons);
    o.insert(QStringLiteral("traits"), traitsJson(u.traits));
    o.insert(QStringLiteral("base"),
             u.base.hex ? QStringLiteral("hex")
                        : QStringLiteral("%1x%2").arg(u.base.width).arg(u.base.length));
    o.insert(QStringLiteral("rules_version"), u.rulesVersion);
    o.insert(QStringLiteral("provenance"), u.provenance);
    o.insert(QStringLiteral("description"), u.description);
    o.insert(QStringLiteral("sources"), sourcesJson(u));
    return o;
}

namespace {

Track trackFrom(const QJsonValue &v)
{
    Track t;
    for (const QJsonValue &b : v.toArray())
        t.boxes.push_back(b.toInt());
    return t;
}

std::vector<TraitRef> traitsFrom(const QJsonValue &v)
{
    std::vector<TraitRef> out;
    for (const QJsonValue &x : v.toArray()) {
        const QJsonObject o = x.toObject();
        TraitRef t;
        t.name = o.value(QStringLiteral("name")).toString();
        if (o.contains(QStringLiteral("value")))
            t.value = o.value(QStringLiteral("value")).toInt();
        t.system = o.value(QStringLiteral("system")).toBool();
        t.boxes = o.value(QStringLiteral("boxes")).toInt();
        out.push_back(t);
    }
    return out;
}

std::optional<int> ratingFrom(const QJsonValue &v)
{
    if (v.isString() && v.toString() == QLatin1String("skill"))
        return std::nullopt;
    return v.toInt();
}

} // namespace

std::optional<Unit> unitFromJson(const QJsonObject &o, QString *error, DataText *why)
{
    const auto fail = [&](const DataText &problem) -> std::optional<Unit> {
        if (error)
            *error = problem.english();
        if (why)
            *why = problem;
        return std::nullopt;
    };
    for (const char *key : {"id", "name", "faction", "type", "tv", "weapons", "structure"}) {
        if (!o.contains(QLatin1String(key))) {
            return fail(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "unit lacks '%1'"),
                                     {QString::fromLatin1(key)}));
        }
    }
    const auto type = unitTypeFromId(o.value(QStringLiteral("type")).toString());
    if (!type) {
        return fail(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "unknown unit type '%1'"),
                                 {o.value(QStringLiteral("type")).toString()}));
    }
    Unit u;
    u.id = o.value(QStringLiteral("id")).toString();
    u.name = o.value(QStringLiteral("name")).toString();
    u.faction = o.value(QStringLiteral("faction")).toString();
    u.type = *type;
    u.shipClass = o.value(QStringLiteral("class")).toString();
    u.tv = o.value(QStringLiteral("tv")).toInt();
    u.unitCap = o.value(QStringLiteral("uc")).toInt();
    u.provisional = o.value(QStringLiteral("provisional")).toBool();
    u.speed = o.value(QStringLiteral("speed")).toInt();
    u.fireControl = o.value(QStringLiteral("fire_control")).toInt();
    u.skill = o.value(QStringLiteral("skill")).toInt();
    u.structure = trackFrom(o.value(QStringLiteral("structure")));
    u.defense = trackFrom(o.value(QStringLiteral("defense")));
    u.sensors = trackFrom(o.value(QStringLiteral("sensors")));
    if (u.isCapital()) {
        u.turns = o.value(QStringLiteral("turns")).toInt();
        const QJsonObject a = o.value(QStringLiteral("armor")).toObject();
        u.armor = Armor {a.value(QStringLiteral("fore")).toInt(),
                         a.value(QStringLiteral("sides")).toInt(),
                         a.value(QStringLiteral("aft")).toInt()};
        u.thrusters = trackFrom(o.value(QStringLiteral("thrusters")));
        u.marines = trackFrom(o.value(QStringLiteral("marines")));
    } else {
        u.fuel = trackFrom(o.value(QStringLiteral("fuel")));
    }
    for (const QJsonValue &wv : o.value(QStringLiteral("weapons")).toArray()) {
        const QJsonObject wo = wv.toObject();
        Weapon w;
        w.name = wo.value(QStringLiteral("name")).toString();
        const auto cls = weaponClassFromId(wo.value(QStringLiteral("class")).toString());
        if (!cls) {
            return fail(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "unknown weapon class '%1'"),
                                     {wo.value(QStringLiteral("class")).toString()}));
        }
        w.weaponClass = *cls;
        w.ac = ratingFrom(wo.value(QStringLiteral("ac")));
        w.as = ratingFrom(wo.value(QStringLiteral("as")));
        w.macro = wo.value(QStringLiteral("macro")).toInt();
        w.count = wo.value(QStringLiteral("count")).toInt(1);
        w.traits = traitsFrom(wo.value(QStringLiteral("traits")));
        const QString arcs = wo.value(QStringLiteral("arcs")).toString();
        for (const QString &a : arcs.split(QLatin1Char('/'), Qt::SkipEmptyParts))
            w.arcs |= a == QLatin1String("F") ? ArcFore
                : a == QLatin1String("P")     ? ArcPort
                : a == QLatin1String("S")     ? ArcStarboard
                : a == QLatin1String("A")     ? ArcAft
                : a == QLatin1String("T")     ? ArcTurret
                                              : ArcNone;
        u.weapons.push_back(w);
    }
    u.traits = traitsFrom(o.value(QStringLiteral("traits")));
    const QString base = o.value(QStringLiteral("base")).toString();
    if (base != QLatin1String("hex")) {
        const QStringList wl = base.split(QLatin1Char('x'));
        u.base = BaseSize {false, wl.value(0).toDouble(), wl.value(1).toDouble()};
    }
    u.rulesVersion = o.value(QStringLiteral("rules_version")).toString();
    u.provenance = o.value(QStringLiteral("provenance")).toString();
    u.description = o.value(QStringLiteral("description")).toString();
    // Files from before `sources` existed: the default of the faction files.
    u.defaultSource.kind = u.provisional ? ValueSource::Kind::Estimate : ValueSource::Kind::Card;
    const QJsonObject sources = o.value(QStringLiteral("sources")).toObject();
    for (auto it = sources.begin(); it != sources.end(); ++it) {
        const QJsonObject so = it.value().toObject();
        const auto kind = ValueSource::kindFromId(so.value(QStringLiteral("kind")).toString());
        if (!kind)
            continue; // unknown kinds from a newer program: keep the default
        const ValueSource source {*kind, so.value(QStringLiteral("where")).toString(),
                                  so.value(QStringLiteral("user_entered")).toBool()};
        if (it.key() == QLatin1String("default"))
            u.defaultSource = source;
        else
            u.sources[it.key()] = source;
    }
    // A saved game's card is held to what a faction file may say: a rating of
    // 2147483647 would have the engine and the cards work for minutes.
    if (const DataText p = unitLimitProblemText(u); !p.isEmpty()) {
        return fail(
            DataText::of(QT_TRANSLATE_NOOP("jw::Data", "unit '%1': %2"),
                         {io::nameProblem(u.id).isEmpty() ? u.id : QStringLiteral("?"), p}));
    }
    return u;
}

} // namespace jw
