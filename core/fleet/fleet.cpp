// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleet/fleet.h"

#include "fleet/upgrade.h"
#include "units/unitdatabase.h"

#include <QJsonArray>

#include <algorithm>

namespace jw {

QString Fleet::entryName(int index, const UnitDatabase &db) const
{
    if (index < 0 || index >= size())
        return QString();
    const FleetEntry &e = entries[std::size_t(index)];
    if (!e.name.isEmpty())
        return e.name;
    if (const Unit *u = db.unit(e.unitId))
        return u->name;
    return e.unitId;
}

std::vector<int> Fleet::embarkedOn(int index) const
{
    std::vector<int> out;
    for (int i = 0; i < size(); ++i) {
        if (entries[std::size_t(i)].embarkedOn == index)
            out.push_back(i);
    }
    return out;
}

void Fleet::insertEntry(int index, const FleetEntry &entry)
{
    index = std::clamp(index, 0, size());
    for (FleetEntry &e : entries) {
        if (e.embarkedOn && *e.embarkedOn >= index)
            ++*e.embarkedOn;
    }
    entries.insert(entries.begin() + index, entry);
}

void Fleet::removeEntry(int index)
{
    if (index < 0 || index >= size())
        return;
    entries.erase(entries.begin() + index);
    for (FleetEntry &e : entries) {
        if (!e.embarkedOn)
            continue;
        if (*e.embarkedOn == index)
            e.embarkedOn.reset();
        else if (*e.embarkedOn > index)
            --*e.embarkedOn;
    }
}

void Fleet::moveEntry(int from, int to)
{
    if (from < 0 || from >= size() || to < 0 || to >= size() || from == to)
        return;
    // Old index -> new index for every entry, then rewrite the references.
    std::vector<int> newIndex(entries.size());
    for (int i = 0; i < size(); ++i) {
        int n = i;
        if (i == from)
            n = to;
        else if (from < to && i > from && i <= to)
            n = i - 1;
        else if (from > to && i >= to && i < from)
            n = i + 1;
        newIndex[std::size_t(i)] = n;
    }
    for (FleetEntry &e : entries) {
        if (e.embarkedOn && *e.embarkedOn >= 0 && *e.embarkedOn < size())
            e.embarkedOn = newIndex[std::size_t(*e.embarkedOn)];
    }
    FleetEntry moved = entries[std::size_t(from)];
    entries.erase(entries.begin() + from);
    entries.insert(entries.begin() + to, moved);
}

int Fleet::entryTv(int index, const UnitDatabase &db) const
{
    if (index < 0 || index >= size())
        return 0;
    const FleetEntry &e = entries[std::size_t(index)];
    const Unit *u = db.unit(e.unitId);
    int tv = u ? u->tv : 0;
    for (const QString &id : e.upgrades)
        if (const Upgrade *up = Upgrade::byId(id))
            tv += up->tv;
    return tv;
}

std::vector<int> Fleet::carrierCandidates(int index, const UnitDatabase &db) const
{
    std::vector<int> out;
    if (index < 0 || index >= size())
        return out;
    const Unit *u = db.unit(entries[std::size_t(index)].unitId);
    if (!u)
        return out;
    for (int i = 0; i < size(); ++i) {
        const Unit *c = i == index ? nullptr : db.unit(entries[std::size_t(i)].unitId);
        if (c && c->isCapital()
            && c->hasTrait(u->isSquadron() ? QStringLiteral("Hangers") : QStringLiteral("Dock")))
            out.push_back(i);
    }
    return out;
}

QJsonObject fleetToJson(const Fleet &f)
{
    QJsonArray units;
    for (const FleetEntry &e : f.entries) {
        QJsonObject u {{QStringLiteral("unit"), e.unitId}};
        if (!e.name.isEmpty())
            u.insert(QStringLiteral("name"), e.name);
        if (e.embarkedOn)
            u.insert(QStringLiteral("embarked_on"), *e.embarkedOn);
        if (!e.upgrades.isEmpty())
            u.insert(QStringLiteral("upgrades"), QJsonArray::fromStringList(e.upgrades));
        units.append(u);
    }
    return QJsonObject {{QStringLiteral("name"), f.name},
                        {QStringLiteral("faction"), f.faction},
                        {QStringLiteral("points"), f.points},
                        {QStringLiteral("rules"), f.rules},
                        {QStringLiteral("units"), units}};
}

} // namespace jw
