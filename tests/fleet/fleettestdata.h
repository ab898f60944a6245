// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A small unit database built for the fleet tests, so that their numbers do not
// depend on the shipped data, and a compact way to write a fleet's units.
#include "fleet/fleet.h"
#include "units/unitdatabase.h"

#include <QRegularExpression>
#include <QTest>

namespace jw::test {

inline QByteArray capital(const char *id, int tv, int uc, const char *traits = "[]")
{
    return QStringLiteral("  - {id: %1, name: %2, type: capital, tv: %3%4, speed: 6, turns: 1, "
                          "fire_control: 2, skill: 2, armor: {fore: 1, sides: 1, aft: 0}, "
                          "structure: 4, defense: 3, sensors: 3, thrusters: 3, base: 2x3, "
                          "weapons: [], traits: %5, provenance: test}\n")
        .arg(QString::fromLatin1(id), QString::fromLatin1(id).toUpper())
        .arg(tv)
        .arg(uc ? QStringLiteral(", uc: %1").arg(uc) : QString())
        .arg(QString::fromLatin1(traits))
        .toUtf8();
}

inline QByteArray squadron(const char *id, int tv, int uc, const char *traits = "[]")
{
    return QStringLiteral("  - {id: %1, name: %2, type: fighter, tv: %3%4, speed: 10, "
                          "fire_control: 2, skill: 2, structure: 3, defense: 2, sensors: 2, "
                          "fuel: 3, weapons: [], traits: %5, provenance: test}\n")
        .arg(QString::fromLatin1(id), QString::fromLatin1(id).toUpper())
        .arg(tv)
        .arg(uc ? QStringLiteral(", uc: %1").arg(uc) : QString())
        .arg(QString::fromLatin1(traits))
        .toUtf8();
}

// Unit names are the ids in capitals ("CAP-10"), so messages are easy to predict.
inline QByteArray testersYaml()
{
    QByteArray y = "schema_version: 1\nfaction: {id: testers, name: Test Fleet}\nunits:\n";
    y += capital("cap-1", 1, 99);
    y += capital("cap-10", 10, 99);
    y += capital("cap-100", 100, 99);
    y += squadron("sq-1", 1, 99);
    y += squadron("sq-10", 10, 99);
    y += capital("static-1", 1, 99, "[Static]");
    y += capital("static-10", 10, 99, "[Static]");
    y += capital("static-hangar", 1, 99, "[Static, Hangers: 1]");
    y += capital("capped", 1, 2);
    y += capital("uncapped", 1, 0);
    y += capital("carrier", 1, 99, "[Hangers: 2]");
    y += capital("dock", 1, 99, "[Dock]");
    y += capital("dock-carrier", 1, 99, "[Dock, Hangers: 1]");
    y += capital("escort", 1, 99, "[Escort]");
    y += squadron("sq-carrier", 1, 99, "[Hangers: 1]");
    y += squadron("fuelled", 1, 99, "[Fuel Pods]");
    y += squadron("drone", 1, 99, "[Drone]");
    // Provisional units: every value is jwfleet's estimate, or all but the TV.
    y += "  - {id: guess, name: GUESS, type: fighter, tv: 7, uc: 3, speed: 10, fire_control: 2, "
         "skill: 2, structure: 3, defense: 2, sensors: 2, fuel: 3, weapons: [], "
         "provisional: true, provenance: test}\n";
    y += "  - {id: guess-uc, name: GUESS-UC, type: fighter, tv: 7, uc: 3, speed: 10, "
         "fire_control: 2, skill: 2, structure: 3, defense: 2, sensors: 2, fuel: 3, weapons: [], "
         "provisional: true, provenance: test, sources: {tv: {card: v1.2.3}}}\n";
    return y;
}

inline QByteArray othersYaml()
{
    QByteArray y = "schema_version: 1\nfaction: {id: others, name: Other Fleet}\nunits:\n";
    y += capital("alien", 1, 99);
    return y;
}

inline UnitDatabase testDatabase()
{
    UnitDatabase db;
    const bool a = db.add(UnitLoader::parse(testersYaml(), QStringLiteral("testers.yaml")));
    const bool b = db.add(UnitLoader::parse(othersYaml(), QStringLiteral("others.yaml")));
    if (!a || !b) {
        for (const DataIssue &i : db.issues())
            qWarning("%s", qPrintable(i.toString()));
        qFatal("the fleet test database does not load");
    }
    return db;
}

// Units written as "carrier sq-1>0 sq-1>0+ace-pilot": a unit id per entry,
// ">N" embarked on entry N, "+id" an upgrade, "=Name" a custom name (no spaces).
inline std::vector<FleetEntry> entries(const QString &spec)
{
    std::vector<FleetEntry> out;
    static const QRegularExpression part(QStringLiteral(R"(([>+=])([^>+=]+))"));
    for (const QString &token : spec.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        FleetEntry e;
        const qsizetype end = token.indexOf(QRegularExpression(QStringLiteral("[>+=]")));
        e.unitId = token.left(end);
        auto it = part.globalMatch(token, end < 0 ? token.size() : end);
        while (it.hasNext()) {
            const auto m = it.next();
            if (m.captured(1) == QLatin1String(">"))
                e.embarkedOn = m.captured(2).toInt();
            else if (m.captured(1) == QLatin1String("+"))
                e.upgrades << m.captured(2);
            else
                e.name = m.captured(2);
        }
        out.push_back(e);
    }
    return out;
}

inline Fleet fleet(int points, const QString &rules, const QString &spec,
                   const QString &faction = QStringLiteral("testers"))
{
    Fleet f;
    f.faction = faction;
    f.points = points;
    f.rules = rules;
    f.entries = entries(spec);
    return f;
}

// Entries worth `points`, from units of 100 (capital ships only), 10 and 1 TV.
// `kind` is "cap", "sq" or "static".
inline QString worth(const char *kind, int points)
{
    const QString k = QString::fromLatin1(kind);
    const QList<int> values
        = k == QLatin1String("cap") ? QList<int> {100, 10, 1} : QList<int> {10, 1};
    QStringList out;
    for (int value : values) {
        for (; points >= value; points -= value)
            out << QStringLiteral("%1-%2").arg(k).arg(value);
    }
    return out.join(QLatin1Char(' '));
}

} // namespace jw::test
