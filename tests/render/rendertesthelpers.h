// SPDX-License-Identifier: GPL-3.0-or-later
// Shared by the render tests: synthetic units that stress the layout, and a
// PDF page counter that needs no tools.
#pragma once

#include "units/unit.h"

#include <QByteArray>
#include <QFile>
#include <QRegularExpression>

namespace jw::test {

// Counts the page objects of a PDF ("/Type /Page", not "/Type /Pages").
inline int pdfPageCount(const QByteArray &pdf)
{
    static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?![A-Za-z])"));
    return int(QString::fromLatin1(pdf).count(page));
}

inline int pdfPageCount(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    return pdfPageCount(f.readAll());
}

// A capital ship with more weapons and traits than any card can hold on its front.
inline Unit monsterUnit(int weapons = 24, int traits = 18)
{
    Unit u;
    u.id = QStringLiteral("monster");
    u.name = QStringLiteral("Leviathan of the Outer Dark");
    u.faction = QStringLiteral("test");
    u.type = UnitType::Capital;
    u.shipClass = QStringLiteral("Dreadnought");
    u.tv = 999;
    u.unitCap = 1;
    u.speed = 3;
    u.turns = 1;
    u.fireControl = 6;
    u.skill = 3;
    u.armor = {3, 2, 1};
    u.structure.boxes = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    u.defense.boxes = {1, 2, 3, 3, 4, 4, 5, 5, 6};
    u.sensors.boxes = {1, 2, 2, 3, 3, 4};
    u.thrusters.boxes = {1, 2, 3};
    u.marines.boxes = {1, 2, 3, 4, 5, 6};
    u.base = {false, 3, 6};
    u.rulesVersion = QStringLiteral("v1.2.4");
    u.provisional = true;
    for (int i = 0; i < weapons; ++i) {
        Weapon w;
        w.name = QStringLiteral("Heavy Experimental Particle Cannon %1").arg(i + 1);
        w.weaponClass = WeaponClass::ParticleCannon;
        w.arcs = i % 3 == 0 ? quint8(ArcTurret) : quint8(ArcFore | ArcPort);
        w.ac = i % 5 == 0 ? std::nullopt : std::optional<int>(i % 7);
        w.as = 4;
        w.macro = i % 4;
        w.count = 1 + i % 6;
        if (i % 2 == 0)
            w.traits = {{QStringLiteral("Link"), {}, false, 0},
                        {QStringLiteral("Precise"), {}, false, 0},
                        {QStringLiteral("Sniper"), {}, false, 0}};
        u.weapons.push_back(w);
    }
    const QStringList names {QStringLiteral("Hangers"),        QStringLiteral("Countermeasures"),
                             QStringLiteral("Reactive Armor"), QStringLiteral("Stealth"),
                             QStringLiteral("Catapult"),       QStringLiteral("Command")};
    for (int i = 0; i < traits; ++i) {
        TraitRef t;
        t.name = names.at(i % names.size());
        if (i % 2 == 0)
            t.value = 1 + i % 3;
        t.system = i % 3 != 2;
        t.boxes = t.system ? t.value.value_or(1) : 0;
        u.traits.push_back(t);
    }
    return u;
}

} // namespace jw::test
