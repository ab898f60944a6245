#include "units/unitjson.h"

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

} // namespace

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
    return o;
}

} // namespace jw
