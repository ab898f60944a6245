// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "dice/dicesource.h"
#include "engine/attack.h"
#include "engine/damage.h"
#include "engine/decision.h"
#include "engine/gameevent.h"
#include "engine/gamesetup.h"
#include "engine/gamestate.h"
#include "units/unitdatabase.h"

#include <QPointF>
#include <QTest>

#include <functional>
#include <optional>
#include <vector>

// A table laid out by hand for the attack and damage tests: models from the shipped unit
// database or hand-written cards, placed where the example needs them; and a runner that
// resolves like the engine does (decision.h): again from the start with the same dice each
// time a question is asked, answering from a script (or with the default).
namespace jw::test {

inline const UnitDatabase &db()
{
    static const UnitDatabase d = UnitDatabase::loadShipped();
    return d;
}

inline const Unit &shipped(const QString &id)
{
    const Unit *u = db().unit(id);
    if (!u)
        qFatal("no unit %s in the shipped database", qPrintable(id));
    return *u;
}

// A plain capital ship card: every rating a run of single boxes 1..n unless given.
inline Unit capitalCard(const QString &id, int structure = 4, int defense = 4, int sensors = 3,
                        int thrusters = 3, int marines = 2)
{
    Unit u;
    u.id = id;
    u.name = id;
    u.type = UnitType::Capital;
    u.speed = 6;
    u.turns = 1;
    u.fireControl = 3;
    u.skill = 2;
    u.structure = Track::ofRating(structure);
    u.defense = Track::ofRating(defense);
    u.sensors = Track::ofRating(sensors);
    u.thrusters = Track::ofRating(thrusters);
    u.marines = Track::ofRating(marines);
    u.base = BaseSize {false, 2.0, 2.0};
    return u;
}

inline Unit squadronCard(const QString &id, int structure = 4, int defense = 2, int sensors = 2)
{
    Unit u;
    u.id = id;
    u.name = id;
    u.type = UnitType::ExoArmor;
    u.speed = 10;
    u.fireControl = 2;
    u.skill = 2;
    u.structure = Track::ofRating(structure);
    u.defense = Track::ofRating(defense);
    u.sensors = Track::ofRating(sensors);
    u.fuel = Track::ofRating(3);
    u.base = BaseSize {true, 1.0, 1.0};
    return u;
}

inline Weapon weapon(const QString &name, WeaponClass c, std::optional<int> ac,
                     std::optional<int> as, int macro, quint8 arcs = ArcTurret,
                     QStringList traits = {}, int count = 1)
{
    Weapon w;
    w.name = name;
    w.weaponClass = c;
    w.ac = ac;
    w.as = as;
    w.macro = macro;
    w.arcs = arcs;
    w.count = count;
    for (const QString &t : traits)
        w.traits.push_back(TraitRef {t, std::nullopt, false, 0});
    return w;
}

inline TraitRef systemTrait(const QString &name, int boxes = 1)
{
    return TraitRef {name, boxes > 1 ? std::optional<int>(boxes) : std::nullopt, true, boxes};
}

inline TraitRef trait(const QString &name, std::optional<int> value = std::nullopt)
{
    return TraitRef {name, value, false, 0};
}

struct Table
{
    GameSetup setup;
    GameState state;

    explicit Table(const QString &rules = QStringLiteral("v1.2.2"))
    {
        setup.rules = rules;
        state.phase = Phase::Activation;
    }

    // A model of `unit` (copied into the setup), on the table at `centre`.
    int add(const Unit &unit, int owner, QPointF centre, double facing = 0.0,
            const QString &name = QString())
    {
        setup.units[unit.id] = unit;
        ModelState m;
        m.id = int(state.models.size());
        m.owner = owner;
        m.controller = owner;
        m.entry = -1;
        m.unitId = unit.id;
        m.name = name.isEmpty() ? unit.name : name;
        m.location = Location::Table;
        m.placement = Placement(centre, facing);
        state.models.push_back(m);
        return m.id;
    }
    int add(const QString &unitId, int owner, QPointF centre, double facing = 0.0,
            const QString &name = QString())
    {
        return add(shipped(unitId), owner, centre, facing, name);
    }
    int embark(const Unit &unit, int owner, int carrier, const QString &name = QString())
    {
        const int id = add(unit, owner, QPointF(), 0.0, name);
        state.models[std::size_t(id)].location = Location::Embarked;
        state.models[std::size_t(id)].carrier = carrier;
        return id;
    }
    ModelState &model(int id) { return state.models[std::size_t(id)]; }
    const Unit &unitOf(int id) const { return *setup.unit(state.models[std::size_t(id)].unitId); }
    ModelView view(int id) const { return ModelView(unitOf(id), state.models[std::size_t(id)]); }
    void activate(int id, std::optional<ActionId> action = std::nullopt,
                  std::optional<Magnitude> actionTest = std::nullopt)
    {
        Activation a;
        a.model = id;
        a.action = action;
        a.actionTest = actionTest;
        state.activation = a;
        state.toAct = state.models[std::size_t(id)].controller;
    }
};

struct Run
{
    GameState state;
    std::vector<GameEvent> events;
    std::vector<DecisionRequest> asked; // every question that was not a single option
    std::optional<Rejection> rejection;
    std::size_t diceLeft = 0;

    [[nodiscard]] std::vector<const GameEvent *> eventsOf(const QString &kind) const
    {
        std::vector<const GameEvent *> out;
        for (const GameEvent &e : events)
            if (e.kind == kind)
                out.push_back(&e);
        return out;
    }
    [[nodiscard]] const DecisionRequest *question(const QString &kind) const
    {
        for (const DecisionRequest &r : asked)
            if (r.kind == kind)
                return &r;
        return nullptr;
    }
    [[nodiscard]] QString log() const
    {
        QStringList lines;
        for (const GameEvent &e : events)
            lines << e.kind + QStringLiteral(": ") + e.text();
        return lines.join(u'\n');
    }
};

using Resolution = std::function<std::optional<Rejection>(GameState &, DiceSource &, Chooser &,
                                                          std::vector<GameEvent> &)>;

// Resolves like the engine: on each question, starts again with the same dice and one
// more answer (answers[i] for the i-th question asked, the default when -1 or missing).
inline Run run(const Table &t, const Resolution &resolve, const std::vector<int> &dice,
               const std::vector<int> &answers = {})
{
    Run r;
    std::vector<int> given;
    for (int attempt = 0; attempt < 100; ++attempt) {
        GameState state = t.state;
        ScriptedDiceSource source(dice);
        Chooser chooser(given, false);
        std::vector<GameEvent> events;
        try {
            r.rejection = resolve(state, source, chooser, events);
            r.state = std::move(state);
            r.events = std::move(events);
            r.diceLeft = source.remaining();
            if (qEnvironmentVariableIsSet("JW_TEST_LOG")) // the game log, for a reader
                qInfo("%s\n", qPrintable(r.log()));
            return r;
        } catch (const ScriptedDiceExhausted &) {
            r.events = std::move(events);
            qWarning("%s", qPrintable(r.log()));
            throw;
        } catch (const DecisionNeeded &n) {
            const std::size_t k = r.asked.size();
            r.asked.push_back(n.request);
            given = chooser.answersUsed(); // single-option questions take a place too
            given.push_back(k < answers.size() && answers[k] >= 0 ? answers[k]
                                                                  : n.request.defaultOption);
        }
    }
    qFatal("too many questions");
    return r;
}

inline Run attack(const Table &t, int attacker, int weapon, int target,
                  const std::vector<int> &dice, const std::vector<int> &answers = {},
                  AttackWindow window = AttackWindow::Activation)
{
    return run(
        t,
        [&](GameState &s, DiceSource &d, Chooser &c, std::vector<GameEvent> &e) {
            return resolveAttack(t.setup, s, attacker, weapon, target, d, c, e, window);
        },
        dice, answers);
}

inline Run damage(const Table &t, int target, const QString &result, const DamageSource &source,
                  const std::vector<int> &dice = {}, const std::vector<int> &answers = {})
{
    const auto parsed = DiceResult::parse(result);
    if (!parsed)
        qFatal("bad result %s", qPrintable(result));
    return run(
        t,
        [&](GameState &s, DiceSource &d, Chooser &c, std::vector<GameEvent> &e) {
            DamageContext ctx {t.setup, s, d, c, e};
            applyAttackResult(ctx, target, *parsed, source);
            return std::optional<Rejection>();
        },
        dice, answers);
}

inline int optionIndex(const DecisionRequest *r, const QString &startsWith)
{
    if (!r)
        return -1;
    for (int i = 0; i < r->optionCount(); ++i)
        if (r->option(i).startsWith(startsWith))
            return i;
    return -1;
}

} // namespace jw::test
