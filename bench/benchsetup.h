// SPDX-License-Identifier: GPL-3.0-or-later
// What the engine and table benchmarks share: CPU time, and a table of N models.
#pragma once

#include "engine/gamesetup.h"
#include "units/unitdatabase.h"

#include <QtGlobal>

#include <algorithm>
#include <ctime>

namespace jw::bench {

// CPU time of the process (all threads), in milliseconds: the machine is shared.
inline double cpuMs()
{
    timespec t {};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

// `models` models on the table, half a side, from the shipped units (capital
// ships and squadrons, carriers among them), spread over each player's half
// of the table in rows, facing the enemy; the game starts in the Activation
// Phase of turn 1 with the first player to act.
inline GameSetup tableSetup(const UnitDatabase &db, int models)
{
    static const char *const units[2][10]
        = {{"alexander", "valiant", "pathfinder", "godfire", "thunderbolt", "stormrider", "aegis",
            "javelin", "hector", "pathfinder"},
           {"tengu", "atlas", "wyvern", "wraith", "uller", "syreen", "bastion", "fury",
            "dragon-striker", "minotaur"}};
    static const char *const factions[2] = {"jovian", "cega"};
    GameSetup s;
    s.seed = 7;
    const int side = models / 2;
    const int cols = std::min(20, side);
    const int rows = (side + cols - 1) / cols;
    const double dx = 46.0 / cols;
    const double dy = std::min(4.0, 20.0 / rows);
    for (int p = 0; p < 2; ++p) {
        PlayerSetup &player = s.players[std::size_t(p)];
        player.name = p ? QStringLiteral("Eve") : QStringLiteral("Dave");
        player.fleet.faction = QLatin1String(factions[p]);
        player.fleet.points = 100000;
        for (int i = 0; i < side; ++i) {
            player.fleet.entries.push_back(FleetEntry {QLatin1String(units[p][i % 10]), {}, {}});
            ModelStart m;
            m.player = p;
            m.entry = i;
            m.x = 1 + dx * (i % cols + 0.5);
            const double row = dy * (i / cols + 0.5);
            m.y = p ? 22 - row : 26 + row;
            m.facing = p ? 180 : 0;
            s.starts.push_back(m);
        }
    }
    s.startPhase = QStringLiteral("activation");
    s.initiative = 0;
    if (const auto e = GameSetup::fillUnits(s, db))
        qFatal("%s", qPrintable(*e));
    return s;
}

} // namespace jw::bench
