// SPDX-License-Identifier: GPL-3.0-or-later
#include "table/modelcard.h"

#include "engine/engine.h"

namespace jw {

CardOptions modelCardOptions(const Engine &engine, const GameState &state, int model)
{
    CardOptions options;
    options.modelName = engine.modelName(state, model);
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
