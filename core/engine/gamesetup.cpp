// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/gamesetup.h"

#include "engine/maskedview.h"
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

std::optional<QString> GameSetup::fillUnits(GameSetup &setup, const UnitDatabase &db,
                                            StandIns standIns)
{
    for (const PlayerSetup &p : setup.players) {
        for (const FleetEntry &e : p.fleet.entries) {
            // A stand-in (isStandInUnit) gets its stand-in card when allowed: the other side's
            // fleet as a masked lobby sends it, its public part (docs/network.md, "A masked
            // lobby").
            if (standIns == StandIns::Allowed && isStandInUnit(e.unitId)) {
                const Unit standIn = standInUnit(e.unitId == standInUnit(true).id);
                setup.units[standIn.id] = standIn;
                continue;
            }
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

std::optional<DataText> GameSetup::checkText() const
{
    if (turns < 1 || turns > kMaxTurns)
        return DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'turns' must be from 1 to %1, not %2"),
                            {kMaxTurns, turns});
    if (initiative && *initiative != 0 && *initiative != 1)
        return DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'initiative' must be 0 or 1, not %1"),
                            {*initiative});
    if (typedDice && !physical())
        return DataText::of(QT_TRANSLATE_NOOP(
            "jw::Data", "typed dice are for a physical table ('table: physical')"));
    // A physical table tracks every scenario (docs/physical-table.md): what the rules would
    // place or measure (Beacon markers, quadrants, the escape edge, the Comet, UIOs), the
    // players place and answer.
    int models = 0;
    for (std::size_t p = 0; p < players.size(); ++p) {
        const Fleet &f = players[p].fleet;
        if (f.size() > kMaxModelsPerFleet)
            return DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "player %1's fleet has %2 units, at most %3"),
                {int(p), f.size(), kMaxModelsPerFleet});
        for (int i = 0; i < f.size(); ++i) {
            const FleetEntry &e = f.entries[std::size_t(i)];
            if (!unit(e.unitId))
                return DataText::of(
                    QT_TRANSLATE_NOOP("jw::Data", "the unit card of '%1' is missing"), {e.unitId});
            if (e.embarkedOn
                && (*e.embarkedOn < 0 || *e.embarkedOn >= f.size() || *e.embarkedOn == i))
                return DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                      "player %1's unit %2 is embarked on unit %3, "
                                                      "which is not another unit of the fleet"),
                                    {int(p), i, *e.embarkedOn});
        }
        models += f.size();
    }
    for (const TerrainPiece &t : terrain)
        models += t.isModel() ? 1 : 0;
    if (!starts.empty()) {
        if (startTurn < 1 || startTurn > turns)
            return DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "'start_turn' must be from 1 to %1, not %2"),
                {turns, startTurn});
        if (startPhase != QLatin1String("deployment") && startPhase != QLatin1String("activation"))
            return DataText::of(
                QT_TRANSLATE_NOOP("jw::Data",
                                  "'start_phase' must be deployment or activation, not '%1'"),
                {startPhase});
    }
    // Scavenger Hunt places three UIOs of its own: models too.
    const int anyModel = models + 3;
    for (std::size_t i = 0; i < starts.size(); ++i) {
        const ModelStart &st = starts[i];
        const DataText where
            = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "start model %1"), {int(i)});
        if (st.player != 0 && st.player != 1)
            return DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "%1: 'player' must be 0 or 1, not %2"),
                {where, st.player});
        if (st.entry < 0 || st.entry >= players[std::size_t(st.player)].fleet.size())
            return DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "%1: player %2's fleet has no unit %3"),
                {where, st.player, st.entry});
        if (!locationFromId(st.location))
            return DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: unknown location '%2'"),
                                {where, st.location});
        if (!std::isfinite(st.x) || !std::isfinite(st.y) || !std::isfinite(st.facing))
            return DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "%1: the position must be finite numbers"), {where});
        if (st.carrier < -1 || st.carrier >= anyModel)
            return DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: no carrier %2"),
                                {where, st.carrier});
        if (st.assaultTarget < -1 || st.assaultTarget >= anyModel)
            return DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: no model %2 to assault"),
                                {where, st.assaultTarget});
        if (st.boarders < 0 || st.boarders > 100)
            return DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "%1: 'boarders' must be from 0 to 100"), {where});
        for (const auto &[rating, n] : st.lost)
            if (n < 0 || n > 100)
                return DataText::of(
                    QT_TRANSLATE_NOOP("jw::Data", "%1: '%2' boxes lost must be from 0 to 100"),
                    {where, rating});
        for (int n : st.weaponsDamaged)
            if (n < 0 || n > 100)
                return DataText::of(
                    QT_TRANSLATE_NOOP("jw::Data", "%1: a weapon's damage must be from 0 to 100"),
                    {where});
        for (const auto &[name, n] : st.traitsDamaged)
            if (n < 0 || n > 100)
                return DataText::of(
                    QT_TRANSLATE_NOOP("jw::Data", "%1: trait '%2' boxes must be from 0 to 100"),
                    {where, name});
        for (const QString &f : st.states)
            if (!flagFromId(f))
                return DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: unknown state '%2'"),
                                    {where, f});
    }
    return std::nullopt;
}

std::optional<QString> GameSetup::check() const
{
    if (const std::optional<DataText> why = checkText())
        return why->english();
    return std::nullopt;
}

} // namespace jw
