// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/gamesetup.h"

#include "engine/modelstate.h"
#include "units/unitdatabase.h"

#include <cmath>

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

void UnitIndex::build(const std::map<QString, Unit> &units)
{
    m_units.clear();
    m_shared.clear();
    m_units.reserve(qsizetype(units.size()));
    for (const auto &[id, unit] : units) {
        m_units.insert(id, &unit);
        share(id);
    }
}

void UnitIndex::share(const QString &id)
{
    const auto it = m_units.constFind(id);
    if (id.isEmpty() || it == m_units.cend())
        return;
    std::vector<Shared> all;
    for (const Shared &s : m_shared) {
        if (s.data == id.constData() && s.size == id.size())
            return; // in already
        if (s.data)
            all.push_back(s);
    }
    all.push_back(Shared {id.constData(), id.size(), *it});
    std::size_t size = 16;
    while (size < all.size() * 4)
        size *= 2;
    m_shared.assign(size, Shared {});
    for (const Shared &s : all) {
        std::size_t i = slotOf(s.data, size - 1);
        while (m_shared[i].data)
            i = (i + 1) & (size - 1);
        m_shared[i] = s;
    }
}

void GameSetup::indexUnits()
{
    unitIndex.build(units);
    for (const PlayerSetup &p : players)
        for (const FleetEntry &e : p.fleet.entries)
            unitIndex.share(e.unitId);
}

const Unit *GameSetup::unit(const QString &id) const
{
    if (const Unit *u = unitIndex.find(id))
        return u;
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

QString tableKindId(TableKind t)
{
    return t == TableKind::Physical ? QStringLiteral("physical") : QStringLiteral("digital");
}

std::optional<TableKind> tableKindFromId(const QString &id)
{
    if (id == QLatin1String("digital"))
        return TableKind::Digital;
    if (id == QLatin1String("physical"))
        return TableKind::Physical;
    return std::nullopt;
}

std::optional<QString> GameSetup::check() const
{
    if (turns < 1 || turns > kMaxTurns)
        return QStringLiteral("'turns' must be from 1 to %1, not %2").arg(kMaxTurns).arg(turns);
    if (initiative && *initiative != 0 && *initiative != 1)
        return QStringLiteral("'initiative' must be 0 or 1, not %1").arg(*initiative);
    if (typedDice && !physical())
        return QStringLiteral("typed dice are for a physical table ('table: physical')");
    // A physical table tracks every scenario (docs/physical-table.md): what the rules would
    // place or measure (Beacon markers, quadrants, the escape edge, the Comet, UIOs), the
    // players place and answer.
    int models = 0;
    for (std::size_t p = 0; p < players.size(); ++p) {
        const Fleet &f = players[p].fleet;
        if (f.size() > kMaxModelsPerFleet)
            return QStringLiteral("player %1's fleet has %2 units, at most %3")
                .arg(p)
                .arg(f.size())
                .arg(kMaxModelsPerFleet);
        for (int i = 0; i < f.size(); ++i) {
            const FleetEntry &e = f.entries[std::size_t(i)];
            if (!unit(e.unitId))
                return QStringLiteral("the unit card of '%1' is missing").arg(e.unitId);
            if (e.embarkedOn
                && (*e.embarkedOn < 0 || *e.embarkedOn >= f.size() || *e.embarkedOn == i))
                return QStringLiteral("player %1's unit %2 is embarked on unit %3, which is not "
                                      "another unit of the fleet")
                    .arg(p)
                    .arg(i)
                    .arg(*e.embarkedOn);
        }
        models += f.size();
    }
    for (const TerrainPiece &t : terrain)
        models += t.isModel() ? 1 : 0;
    if (!starts.empty()) {
        if (startTurn < 1 || startTurn > turns)
            return QStringLiteral("'start_turn' must be from 1 to %1, not %2")
                .arg(turns)
                .arg(startTurn);
        if (startPhase != QLatin1String("deployment") && startPhase != QLatin1String("activation"))
            return QStringLiteral("'start_phase' must be deployment or activation, not '%1'")
                .arg(startPhase);
    }
    // Scavenger Hunt places three UIOs of its own: models too.
    const int anyModel = models + 3;
    for (std::size_t i = 0; i < starts.size(); ++i) {
        const ModelStart &st = starts[i];
        const QString where = QStringLiteral("start model %1").arg(i);
        if (st.player != 0 && st.player != 1)
            return QStringLiteral("%1: 'player' must be 0 or 1, not %2").arg(where).arg(st.player);
        if (st.entry < 0 || st.entry >= players[std::size_t(st.player)].fleet.size())
            return QStringLiteral("%1: player %2's fleet has no unit %3")
                .arg(where)
                .arg(st.player)
                .arg(st.entry);
        if (!locationFromId(st.location))
            return QStringLiteral("%1: unknown location '%2'").arg(where, st.location);
        if (!std::isfinite(st.x) || !std::isfinite(st.y) || !std::isfinite(st.facing))
            return QStringLiteral("%1: the position must be finite numbers").arg(where);
        if (st.carrier < -1 || st.carrier >= anyModel)
            return QStringLiteral("%1: no carrier %2").arg(where).arg(st.carrier);
        if (st.assaultTarget < -1 || st.assaultTarget >= anyModel)
            return QStringLiteral("%1: no model %2 to assault").arg(where).arg(st.assaultTarget);
        if (st.boarders < 0 || st.boarders > 100)
            return QStringLiteral("%1: 'boarders' must be from 0 to 100").arg(where);
        for (const auto &[rating, n] : st.lost)
            if (n < 0 || n > 100)
                return QStringLiteral("%1: '%2' boxes lost must be from 0 to 100")
                    .arg(where, rating);
        for (int n : st.weaponsDamaged)
            if (n < 0 || n > 100)
                return QStringLiteral("%1: a weapon's damage must be from 0 to 100").arg(where);
        for (const auto &[name, n] : st.traitsDamaged)
            if (n < 0 || n > 100)
                return QStringLiteral("%1: trait '%2' boxes must be from 0 to 100")
                    .arg(where, name);
        for (const QString &f : st.states)
            if (!flagFromId(f))
                return QStringLiteral("%1: unknown state '%2'").arg(where, f);
    }
    return std::nullopt;
}

} // namespace jw
