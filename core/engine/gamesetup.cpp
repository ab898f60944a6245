#include "engine/gamesetup.h"

#include "units/unitdatabase.h"

namespace jw {

RulesProfile GameSetup::profile() const
{
    if (auto p = RulesProfile::byId(rules))
        return *p;
    return *RulesProfile::byId(RulesProfile::defaultId());
}

void GameSetup::setScenario(const Scenario &s)
{
    scenario = s.id;
    scenarioRules = s;
    turns = s.turns;
}

const Unit *GameSetup::unit(const QString &id) const
{
    auto it = units.find(id);
    return it == units.end() ? nullptr : &it->second;
}

std::optional<QString> GameSetup::fillUnits(GameSetup &setup, const UnitDatabase &db)
{
    for (const PlayerSetup &p : setup.players) {
        for (const FleetEntry &e : p.fleet.entries) {
            const Unit *u = db.unit(e.unitId);
            if (!u)
                return QStringLiteral("unknown unit '%1' in %2's fleet").arg(e.unitId, p.name);
            setup.units[u->id] = *u;
        }
    }
    return std::nullopt;
}

} // namespace jw
