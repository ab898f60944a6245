// SPDX-License-Identifier: GPL-3.0-or-later
#include "table/modelcard.h"

#include "engine/engine.h"
#include "fleet/upgrade.h"

namespace jw {

CardOptions modelCardOptions(const Engine &engine, const GameState &state, int model)
{
    CardOptions options;
    options.modelName = engine.modelName(state, model);
    // Its upgrades named and its TV with theirs, as the fleet's printed card has it.
    const ModelState &m = state.models[std::size_t(model)];
    const auto &players = engine.setup().players;
    if (m.owner >= 0 && m.owner < int(players.size())) {
        const auto &entries = players[std::size_t(m.owner)].fleet.entries;
        if (m.entry >= 0 && m.entry < int(entries.size())
            && entries[std::size_t(m.entry)].unitId == m.unitId) {
            for (const QString &id : entries[std::size_t(m.entry)].upgrades) {
                const Upgrade *u = Upgrade::byId(id);
                options.upgrades << (u ? u->name : id);
                options.upgradeTv += u ? u->tv : 0;
            }
        }
    }
    return options;
}

CardMarks modelCardMarks(const ModelState &m)
{
    CardMarks marks;
    marks.structure = m.structureLost;
    marks.defense = m.defenseLost;
    marks.sensors = m.sensorsLost;
    marks.thrusters = m.thrustersLost;
    marks.marines = m.marinesLost;
    marks.fuel = m.fuelSpent;
    for (std::size_t i = 0; i < m.weaponsDamaged.size(); ++i)
        marks.weapons[int(i)] = m.weaponsDamaged[i];
    for (std::size_t i = 0; i < m.traitsDamaged.size(); ++i)
        marks.traits[int(i)] = m.traitsDamaged[i];
    return marks;
}

} // namespace jw
