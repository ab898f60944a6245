// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/attack.h"
#include "engine/rounding.h"
#include "engine/rules/rules.h"
#include "engine/terraineffects.h"

#include "dice/dicesource.h"
#include "dice/roll.h"
#include "engine/damage.h"
#include "engine/decision.h"
#include "engine/engine.h"
#include "engine/gameevent.h"
#include "engine/gamesetup.h"
#include "engine/gamestate.h"
#include "engine/messageids.h"
#include "engine/scenarios/scenariomodule.h"
#include "engine/table/tablequestions.h"
#include "fleet/upgrade.h"
#include "geometry/arcs.h"
#include "geometry/kineticcorridor.h"
#include "geometry/measure.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <optional>

namespace jw {

using namespace rules;

namespace {

// Long Range Sensors: "Short Range becomes 12\"; Long Range becomes 12\" to 12 + 6\" times
// the model's Sensor Rating".
constexpr double kLongRangeSensorsShort = 12.0;
constexpr double kLongRangeSensorsPerSensor = 6.0;
// Barrier, Tender, Point Defense support, Large Asteroid (Wreck) cover, Explosion: 3".
constexpr double kThreeInches = 3.0;
// Explosion (v1.2.3): every model within 6".
constexpr double kParticleExplosionRange = 6.0;

// Lengths in the attacks' sentences have one decimal.
Decimal inches(double d)
{
    return detail::inches(d, 1);
}

// An event with its typed sentence (`text` is the message's English).
GameEvent typedEvent(const QString &kind, Message m, QJsonObject data, int player)
{
    GameEvent e {kind, std::move(m), std::move(data), player};
    return e;
}

QJsonArray toJson(const std::vector<int> &faces)
{
    QJsonArray a;
    for (int f : faces)
        a.append(f);
    return a;
}

QString facesText(const std::vector<int> &faces)
{
    QStringList parts;
    for (int f : faces)
        parts << QString::number(f);
    return parts.join(u' ');
}

const Unit *unitOf(const GameSetup &setup, const ModelState &m)
{
    return setup.unit(m.unitId);
}

// Weapon lines used this Attack Window: the activating model's in the Activation, any
// other's (a Dogfight's Engage) on the model.
const ModelCounters &usedList(const GameState &s, int attacker)
{
    if (s.activation && s.activation->model == attacker)
        return s.activation->weaponsUsed;
    return s.models[std::size_t(attacker)].weaponsUsed;
}

ModelCounters &usedList(GameState &s, int attacker)
{
    if (s.activation && s.activation->model == attacker)
        return s.activation->weaponsUsed;
    return s.models[std::size_t(attacker)].weaponsUsed;
}

bool activating(const GameState &s, int model)
{
    return s.activation && s.activation->model == model;
}

bool declared(const GameState &s, int model, ActionId action)
{
    return activating(s, model) && s.activation->action == action;
}

template<typename Ints>
bool contains(const Ints &v, int x)
{
    return std::find(v.begin(), v.end(), x) != v.end();
}

// Ace: the weapon's trait, the model's, or the Ace Pilot upgrade of its fleet entry.
bool hasAce(const GameSetup &setup, const ModelState &m, const Unit &u, const Weapon *w)
{
    static const QStringList none;
    const QStringList *upgrades = &none;
    if (m.owner >= 0 && m.owner < int(setup.players.size())) {
        const auto &entries = setup.players[std::size_t(m.owner)].fleet.entries;
        if (m.entry >= 0 && m.entry < int(entries.size()))
            upgrades = &entries[std::size_t(m.entry)].upgrades;
    }
    return hasAce(u, w, *upgrades);
}

// ECM: "removes up to X Flex Dice that would otherwise be granted from various Attack
// Bonuses"; ECCM: "ignores the effects of one ECM trait rating per X rating of ECCM" (read:
// each ECCM point cancels an ECM point).
// Atmosphere: "+1 to their ECM trait or gain ECM:1" (terrainEcmBonus).
// Returns the Flex Dice removed.
// `terrainEcm` >= 0: the Atmosphere's bonus as the players said it (a physical table).
int applyEcm(PoolBuilder &pb, const GameState &state, const ModelView &target, int eccm,
             int terrainEcm = -1)
{
    const int ecm = target.traitValue(QStringLiteral("ECM"))
        + (terrainEcm >= 0 ? terrainEcm : terrainEcmBonus(state, target.base())) - eccm;
    const int removed = std::min(std::max(ecm, 0), pb.bonusFlex);
    if (removed > 0)
        pb.addFlex(-removed, Message(MsgId::PoolEcm, {target.model().name}));
    return std::max(removed, 0);
}

// What earns an attack its Attack Bonuses.
struct BonusCase
{
    AttackWindow window = AttackWindow::Activation;
    SensorRange band = SensorRange::Long;
    quint8 arc = ArcNone; // the target's arc the attack comes from (ArcNone: a Squadron)
    bool arcBonus = true; // Long Range Sensors: "Do not add flank or rear modifiers"
    bool ace = false;
    bool sniper = false; // a Sniper weapon
    int eccm = 0; // the attacker's ECCM
    int terrainEcm = -1; // the Atmosphere's ECM bonus, answered on a physical table; -1: measured
};

// The Attack Bonus table (Flex Dice, each in its windows) and the target's ECM (trait,
// Atmosphere) against them. Every attack that earns Attack Bonuses (a weapon's, the v1.2.3
// Explosion's) takes them here, so none can drop one. Returns the Flex Dice ECM removed.
int addAttackBonuses(PoolBuilder &pb, const GameState &state, const ModelView &target,
                     const BonusCase &c)
{
    addAttackBonusTable(pb,
                        {c.window, c.band == SensorRange::Short, c.arcBonus ? c.arc : quint8(0),
                         target.model().name, target.model().has(FlagStationKeeping), c.ace,
                         c.sniper});
    return applyEcm(pb, state, target, c.eccm, c.terrainEcm);
}

// The memo's value, measured by `measure` when it has none (no memo: measured).
template<typename T, typename F>
T measured(std::optional<T> *memo, F &&measure)
{
    if (!memo)
        return measure();
    if (!*memo)
        *memo = measure();
    return **memo;
}

// Particle Cloud: "Beam or Particle attacks that target a model in a Dust/Ice Cloud, or that
// pass through a Dust/Ice Cloud, suffer -1d6 to the attack roll" (the Base Pool). A weapon's
// attack and the v1.2.3 Explosion (a Particle Cannon attack) both take it here.
// `memo`: whether the cloud hinders and why, kept for the next weapon (nullptr: measured).
void addCloudPenalty(PoolBuilder &pb, const GameState &state, WeaponClass weaponClass,
                     const BaseShape &from, const BaseShape &target,
                     std::optional<std::pair<bool, Message>> *memo = nullptr)
{
    if (weaponClass != WeaponClass::BeamProjector && weaponClass != WeaponClass::ParticleCannon)
        return;
    const std::pair<bool, Message> hinders = measured(memo, [&] {
        Message cloud;
        const bool in = particleCloudHinders(state, from, target, &cloud);
        return std::pair {in, cloud};
    });
    if (hinders.first)
        pb.addBase(-1, hinders.second);
}

// The names of the current pieces of terrain that `which` picks, "A, B, C" (for a
// question on a physical table); empty: none.
Message terrainNames(const GameState &state, const std::function<bool(const TerrainPiece &)> &which)
{
    QStringList seen;
    Message names;
    for (const TerrainPiece &p : currentTerrain(state))
        if (which(p) && !seen.contains(p.displayName())) {
            seen << p.displayName();
            names = names.isEmpty() ? p.displayMessage()
                                    : Message(MsgId::ListPair, {names, p.displayMessage()});
        }
    return names;
}

// terrainStealthBonus on a physical table: asked only when a piece that gives cover is there.
int physicalCover(const GameState &state, rules::TableQuestions &ask, int player, int target)
{
    const Message cover = terrainNames(state, [](const TerrainPiece &p) { return p.givesCover(); });
    return !cover.isEmpty()
            && ask.near(player, target, kThreeInches, cover, QStringLiteral("cover"))
        ? 1
        : 0;
}

// addCloudPenalty on a physical table: asked only of a Beam or Particle attack, when a
// Particle Cloud or a Comet (its Tail) is there.
void addPhysicalCloudPenalty(PoolBuilder &pb, const GameState &state, rules::TableQuestions &ask,
                             int player, WeaponClass weaponClass, int attacker, int target)
{
    if (weaponClass != WeaponClass::BeamProjector && weaponClass != WeaponClass::ParticleCannon)
        return;
    const Message clouds = terrainNames(state, hindersBeams);
    if (!clouds.isEmpty() && ask.through(player, attacker, target, clouds))
        pb.addBase(-1, clouds);
}

// terrainEcmBonus on a physical table: asked only when an Atmosphere is there.
int physicalAtmosphereEcm(const GameState &state, rules::TableQuestions &ask, int player,
                          int target)
{
    const Message air = terrainNames(state, givesEcm);
    return !air.isEmpty() && ask.near(player, target, 0.0, air, QStringLiteral("ecm")) ? 1 : 0;
}

// Evasive: "Reduce the Base Pool of an attack on this model at long range to X, where X is
// the initial Structure rating of this model (X = 2 for Squadrons) ... Add dice to the Macro
// Pool equal to the difference". No effect on Missiles, nor at Thrusters 0 or Fuel 0.
// Evading: the model counts as Evasive; an Evasive model's trait then works at Short
// range too; Overthrust: X while Evading.
void applyEvasive(PoolBuilder &pb, const ModelView &target, SensorRange band, bool missile)
{
    const Unit &u = target.unit();
    const bool evading = target.model().has(FlagEvading);
    const bool trait = u.hasTrait(QStringLiteral("Evasive"));
    if (missile || !(trait || evading))
        return;
    if (band != SensorRange::Long && !(trait && evading))
        return;
    if (u.isCapital() ? target.rating(Rating::Thrusters) == 0 : target.fuel() == 0)
        return;
    int x = u.isSquadron() ? 2 : u.structure.start();
    if (evading && u.hasTrait(QStringLiteral("Overthrust")))
        x = target.traitValue(QStringLiteral("Overthrust"));
    if (pb.pool.base <= x)
        return;
    pb.moveBaseToMacro(x, Message(MsgId::PoolEvasive, {target.model().name}));
}

// One attack roll to make: who, at whom, the pool and everything that changes its result.
struct Shot
{
    int attacker = -1;
    int player = 0; // who rolls and makes the attacker's choices
    int target = -1;
    int weaponIndex = -1;
    const Weapon *weapon = nullptr;
    AttackWindow window = AttackWindow::Activation;
    bool secondary = false; // a Kinetic Cannon's secondary target
    Message by; // "Wyvern's Mass Driver"
    AttackCheck check;
    bool precise = false;
    bool nuke = false;
    bool swarm = false;
    bool pointDefense = false; // Missile: opposed by the target's Point Defense
    bool barrier = false; // Kinetic Cannon, Mass Driver, Missile: a Barrier may oppose
    Message diminishAll; // why every result is Diminished; empty: not
    bool beamReroll = false; // Beam Projector: may re-roll any result
    Message rerollOnN; // why an [N] may be re-rolled (TD, Concentrated Fire)
    bool lockOnAllowed = false;
    // A physical table: the command's questions (asked once: a Link's second roll, the
    // defender's Point Defense support, read the answers already given). nullptr: none.
    rules::TableQuestions *table = nullptr;

    [[nodiscard]] std::optional<WeaponClass> weaponClass() const
    {
        return weapon ? std::optional(weapon->weaponClass) : std::nullopt;
    }
    [[nodiscard]] bool is(WeaponClass c) const { return weapon && weapon->weaponClass == c; }
};

// What buildShot measures on jwfleet's table between one attacker and one target, whatever the
// weapon: taken once for all of the attacker's weapons (attackOptions: every weapon against
// every target), each when first needed. The same functions of the same bases in the same
// state, so the same results (docs/performance.md, stop 35).
struct PairMeasures
{
    std::optional<double> distance;
    std::optional<quint8> attackerArc;
    std::optional<int> stealthBonus;
    std::optional<std::pair<bool, Message>> cloud; // particleCloudHinders, its reason
    // targetInArcs by the arcs asked (a weapon's, the Sensor Drone's): the first few.
    std::array<std::pair<quint8, bool>, 8> inArcs {};
    int inArcsKnown = 0;
};

bool inArcsMeasured(PairMeasures *memo, const BaseShape &ship, quint8 arcs, const BaseShape &target)
{
    if (!memo)
        return targetInArcs(ship, arcs, target);
    for (int i = 0; i < memo->inArcsKnown; ++i)
        if (memo->inArcs[std::size_t(i)].first == arcs)
            return memo->inArcs[std::size_t(i)].second;
    const bool in = targetInArcs(ship, arcs, target);
    if (memo->inArcsKnown < int(memo->inArcs.size()))
        memo->inArcs[std::size_t(memo->inArcsKnown++)] = {arcs, in};
    return in;
}

// `table`: on a physical table, the players' answers to what the rules measure (nullptr:
// nobody can be asked now, the permissive answers; tablequestions.h).
// `measures`: what is measured between these two models in this state, kept for the next
// weapon (nullptr: measured afresh).
Shot buildShot(const GameSetup &setup, const GameState &state, int attacker, int weaponIndex,
               int target, AttackWindow window, bool secondary,
               rules::TableQuestions *table = nullptr, PairMeasures *measures = nullptr)
{
    Shot shot;
    shot.table = table;
    shot.attacker = attacker;
    shot.target = target;
    shot.weaponIndex = weaponIndex;
    shot.window = window;
    shot.secondary = secondary;
    AttackCheck &c = shot.check;
    const auto reject = [&](const QString &rule, const Message &why) -> Shot {
        c.rejection = Rejection(rule, why);
        return std::move(shot); // (returned at once: not copied)
    };
    const QString attackRule = QStringLiteral("Attack");

    const ModelState *am = state.model(attacker);
    if (!am)
        return reject(attackRule, Message(MsgId::NoModelWithId, {attacker}));
    const Unit *au = unitOf(setup, *am);
    if (!au)
        return reject(attackRule, Message(MsgId::UnitCardMissing, {am->name}));
    if (weaponIndex < 0 || weaponIndex >= int(au->weapons.size()))
        return reject(attackRule, Message(MsgId::NoWeaponIndex, {am->name, weaponIndex}));
    const ModelState *tm = state.model(target);
    if (!tm)
        return reject(attackRule, Message(MsgId::NoModelWithId, {target}));
    const Unit *tu = unitOf(setup, *tm);
    if (!tu)
        return reject(attackRule, Message(MsgId::UnitCardMissing, {tm->name}));
    const ModelView av(*au, *am);
    const ModelView tv(*tu, *tm);
    const Weapon &w = au->weapons[std::size_t(weaponIndex)];
    shot.weapon = &w;
    shot.player = am->controller;
    shot.by = Message(MsgId::AttackBy, {am->name, w.name});
    const bool lance = w.weaponClass == WeaponClass::Lance;
    const bool missile = w.weaponClass == WeaponClass::Missile;
    const bool activation = window == AttackWindow::Activation;
    const bool capitalTarget = tu->isCapital();
    const bool lrs = activation && declared(state, attacker, ActionId::LongRangeSensors);
    const bool concentrated = activation && declared(state, attacker, ActionId::ConcentratedFire);

    if (!secondary) {
        // States › Embarked: "considered to be off the table until they are placed
        // on the table with a Launch action".
        if (am->location == Location::Embarked)
            return reject(QStringLiteral("States › Embarked"),
                          Message(MsgId::EmbarkedLaunchFirst, {am->name}));
        if (!am->onTable())
            return reject(attackRule,
                          Message(MsgId::NotOnTableAt, {am->name, locationId(am->location)}));
        if (attacker == target)
            return reject(attackRule, Message(MsgId::CannotAttackItself, {am->name}));
        if (!tm->onTable())
            return reject(attackRule,
                          Message(MsgId::NotOnTableAt, {tm->name, locationId(tm->location)}));
        if (tm->controller == am->controller)
            return reject(attackRule, Message(MsgId::IsFriendlyModel, {tm->name}));
        if (activation) {
            if (!activating(state, attacker))
                return reject(QStringLiteral("Attack › Attack Window"),
                              Message(MsgId::NotActivating, {am->name}));
            if (state.activation->action == ActionId::RammingSpeed)
                return reject(QStringLiteral("Ramming › Ramming Requirements"),
                              Message(MsgId::RammingNoAttacks));
        }
        const int left = av.weaponInstancesLeft(weaponIndex);
        if (left == 0)
            return reject(QStringLiteral("Damage › Weapon Damage"),
                          Message(MsgId::WeaponIsDamaged, {am->name, w.name}));
        const int perInstance = w.hasTrait(QStringLiteral("Array")) ? 2 : 1;
        const auto &used = usedList(state, attacker);
        if (std::count(used.begin(), used.end(), weaponIndex) >= left * perInstance)
            return reject(QStringLiteral("Attack › Attack Window"),
                          Message(MsgId::WeaponUsedThisWindow,
                                  {am->name, w.name,
                                   perInstance == 2 ? MessageArg(Message(MsgId::ArrayTwice))
                                                    : MessageArg(QString())}));
        if (av.fireControlLeft() < 1)
            return reject(QStringLiteral("Attack › Fire Control"),
                          Message(MsgId::FireControlSpent,
                                  {am->name, am->fireControlSpent, av.fireControl()}));
        if (lance && activation)
            return reject(QStringLiteral("Weapons › Lance"), Message(MsgId::LanceOnlyIn));
        if (w.hasTrait(QStringLiteral("Nuke"))
            && (window == AttackWindow::Dogfight || window == AttackWindow::Assault))
            return reject(QStringLiteral("Traits › Nuke"),
                          Message(MsgId::NukeNotInDogfightAssault, {w.name}));
        if (w.hasTrait(QStringLiteral("Bomb")) && window == AttackWindow::Dogfight)
            return reject(QStringLiteral("Traits › Bomb"),
                          Message(MsgId::BombNotInDogfight, {w.name}));
        if ((window == AttackWindow::Assault || window == AttackWindow::Bombing) && !capitalTarget)
            return reject(QStringLiteral("Attack › Attack Window"),
                          Message(window == AttackWindow::Assault
                                      ? MsgId::AssaultAttacksOnCapital
                                      : MsgId::BombingAttacksOnCapital));
        if (window == AttackWindow::Dogfight && capitalTarget)
            return reject(QStringLiteral("Dogfight"), Message(MsgId::DogfightAttacksOnSquadron));
    }

    // Weapon Attributes (attackpool.h).
    const AttackKind kind = attackKindAgainst(tu->type);
    PoolBuilder pb;
    const int rating = setWeaponBase(pb, w, av.skill(), am->name, capitalTarget, window);
    // House ruling (as the fleet builder's odds): a rating of 0 rolls nothing, rather than
    // the 2d6 of the Base Pool of 1 rule ("Missiles: AC" with AS 0 cannot attack squadrons).
    if (!lance && rating <= 0)
        return reject(
            QStringLiteral("Weapons › Weapon Attributes"),
            Message(capitalTarget ? MsgId::WeaponAcZero : MsgId::WeaponAsZero, {am->name, w.name}));
    if (secondary)
        pb.addBase(-1, Message(MsgId::PoolKineticSecondary));

    // The checks of the target that measure nothing. On jwfleet's table they come where they
    // always did, around Sensor Range and the arcs (the refusal named is the same); on a
    // physical table before any question of the table, which is asked only of an attack
    // these allow.
    const auto lrsTargetCheck = [&]() -> std::optional<Rejection> {
        if (lrs && !capitalTarget)
            return Rejection(QStringLiteral("Actions › Long Range Sensors"),
                             Message(MsgId::LongRangeSensorsSameTarget, {am->name}));
        return std::nullopt;
    };
    const auto targetCheck = [&]() -> std::optional<Rejection> {
        if (concentrated || lrs) {
            const QString rule = concentrated ? QStringLiteral("Actions › Concentrated Fire")
                                              : QStringLiteral("Actions › Long Range Sensors");
            if (!capitalTarget)
                return Rejection(rule, Message(MsgId::OnlyCapitalThisActivation, {am->name}));
            for (int t : state.activation->targets)
                if (t != target)
                    return Rejection(
                        rule,
                        Message(MsgId::SingleTargetChosen,
                                {am->name,
                                 state.model(t) ? state.model(t)->name : QString::number(t)}));
        }
        if (contains(state.activation->cloakFailed, target))
            return Rejection(QStringLiteral("Traits › Cloak"),
                             Message(MsgId::CloakTestFailedThisTurn, {am->name, tm->name}));
        return std::nullopt;
    };
    const auto assaultingCheck = [&]() -> std::optional<Rejection> {
        if (!secondary && tm->has(FlagAssaulting) && w.macro != 0)
            return Rejection(QStringLiteral("States › Assaulting"),
                             Message(MsgId::AssaultingMacroZeroOnly, {w.name, w.macro}));
        return std::nullopt;
    };
    if (setup.physical()) {
        std::optional<Rejection> why;
        if (!secondary && activation && !(why = lrsTargetCheck()))
            why = targetCheck();
        if (!why)
            why = assaultingCheck();
        if (why)
            return reject(why->rule, why->why);
    }

    // Geometry: measured on jwfleet's table; on a physical table the players answer
    // (TableQuestions), each question only where its answer changes something.
    const bool physical = setup.physical();
    rules::TableQuestions permissive(state, nullptr);
    rules::TableQuestions &ask = table ? *table : permissive;
    const int asked = shot.player; // who answers: the attacker's player
    const BaseShape aBase = av.base();
    const BaseShape tBase = tv.base();
    c.distance = physical ? 0.0 : measured(measures ? &measures->distance : nullptr, [&] {
        return distance(aBase, tBase);
    });
    if (!physical)
        c.arcs = capitalTarget ? measured(measures ? &measures->attackerArc : nullptr,
                                          [&] { return quint8(attackerArc(tBase, aBase)); })
                               : quint8(ArcNone);

    // Sensor Range: Sensors (after damage) + the target's Emissions - its Stealth (trait,
    // Stealthed +1, within 3" of a Wreck +1: "Wrecks ... are mechanically the same as Large
    // Asteroids"). House ruling for Snooper ("may ignore the Stealth trait of one model
    // within Sensor Range"): the model it attacks is that one.
    // Sensor Drone: +1 Sensors for the weapons firing into the arc chosen when
    // the model activated (house ruling: the arc the target is in).
    const quint8 droneArc = activation && state.activation && state.activation->model == attacker
        ? state.activation->sensorDroneArc
        : quint8(0);
    const bool droneSees = droneArc != 0
        && (physical
                ? ask.inArcs(asked, attacker, droneArc, target,
                             Message(MsgId::AttackBy, {am->name, QStringLiteral("Sensor Drone")}))
                : inArcsMeasured(measures, aBase, droneArc, tBase));
    const int sensors = av.rating(Rating::Sensors) + (droneSees ? 1 : 0);
    const int emissions = tv.traitValue(QStringLiteral("Emissions"));
    // Terrain: within 3" of a Large Asteroid, Wreck, Small Moon or Comet Body.
    int stealth = tv.traitValue(QStringLiteral("Stealth")) + (tm->has(FlagStealthed) ? 1 : 0)
        + (physical ? physicalCover(state, ask, asked, target)
                    : measured(measures ? &measures->stealthBonus : nullptr,
                               [&] { return terrainStealthBonus(state, tBase); }));
    const bool snooper = av.traitWorks(QStringLiteral("Snooper")) && stealth > 0;
    const int effectiveSensors = std::max(0, sensors + emissions - (snooper ? 0 : stealth));
    double shortRange = jw::shortRange(kind);
    double maxRange = jw::maxRange(kind, effectiveSensors);
    if (lrs && capitalTarget) {
        shortRange = kLongRangeSensorsShort;
        maxRange = kLongRangeSensorsShort + kLongRangeSensorsPerSensor * effectiveSensors;
    }
    // Solar Storm › Blinded by the Light: "All models are reduced to Short [Sensors
    // Range] only until the third turn."
    // (A scenario module's rule: scenarios/solarstorm.cpp.)
    const std::optional<Rejection> storm = scenarioShortSensorRangeOnly(
        setup.scenarioRules, state, tm->name, physical ? shortRange + 1.0 : c.distance, shortRange);
    if (storm)
        maxRange = std::min(maxRange, shortRange);
    if (activation && physical && !secondary) {
        c.band = ask.range(asked, attacker, target, w.name, shortRange, maxRange, !storm);
        if (c.band == SensorRange::OutOfRange)
            throw detail::TableForbids {
                Rejection(QStringLiteral("Attack › Sensor Range"),
                          Message(MsgId::TableOutOfRange,
                                  {tm->name, am->name, inches(storm ? shortRange : maxRange)}))};
    } else if (activation && physical) {
        // A Kinetic Cannon's secondary target: asked, and attacked wherever it is (below).
        c.band = ask.range(asked, attacker, target, w.name, shortRange, maxRange, !storm);
        if (c.band == SensorRange::OutOfRange)
            c.band = SensorRange::Long;
    } else if (activation) {
        c.band = sensorRange(c.distance, shortRange, maxRange);
        // House ruling: a model on the Kinetic Cannon's line is attacked wherever it is.
        if (secondary && c.band == SensorRange::OutOfRange)
            c.band = SensorRange::Long;
    } else {
        // Assault, Bombing Run, Dogfight: in base contact, whatever the tape says.
        c.band = SensorRange::Short;
    }

    if (!secondary && activation) {
        if (auto why = !physical ? lrsTargetCheck() : std::nullopt)
            return reject(why->rule, why->why);
        if (c.band == SensorRange::OutOfRange) {
            Message why;
            const auto add = [&](const Message &m) {
                why = why.isEmpty() ? m : Message(MsgId::ListPair, {why, m});
            };
            if (stealth > 0 && !snooper)
                add(Message(MsgId::RangeStealth, {stealth}));
            if (emissions > 0)
                add(Message(MsgId::RangeEmissions, {emissions}));
            if (sensors < av.starting(Rating::Sensors))
                add(Message(MsgId::RangeSensorsDamaged, {sensors}));
            if (storm) {
                c.rejection = *storm;
                return shot;
            }
            return reject(
                QStringLiteral("Attack › Sensor Range"),
                Message(capitalTarget ? MsgId::OutOfRangeCapital : MsgId::OutOfRangeSquadron,
                        {tm->name, inches(c.distance), am->name, inches(maxRange),
                         why.isEmpty() ? MessageArg(QString())
                                       : MessageArg(Message(MsgId::InParentheses, {why}))}));
        }
        if (au->isCapital() && physical && w.arcs != ArcTurret
            && !ask.inArcs(asked, attacker, w.arcs, target, shot.by))
            throw detail::TableForbids {Rejection(
                QStringLiteral("Attack › Model Arcs"),
                Message(MsgId::TableNotInArc, {tm->name, arcsToString(w.arcs), am->name, w.name}))};
        if (au->isCapital() && !physical && !inArcsMeasured(measures, aBase, w.arcs, tBase))
            return reject(
                QStringLiteral("Attack › Model Arcs"),
                Message(MsgId::NotInWeaponArc, {tm->name, arcsToString(w.arcs), am->name, w.name}));
        if (auto why = !physical ? targetCheck() : std::nullopt)
            return reject(why->rule, why->why);
    }
    if (auto why = !physical ? assaultingCheck() : std::nullopt)
        return reject(why->rule, why->why);

    // The target's arc the attack comes from: asked once the attack is in range and arc.
    int atmosphereEcm = -1;
    if (physical) {
        // Asked only where the arc counts: the Attack Bonus and Armor (not in the Assault
        // and Bombing windows).
        c.arcs = capitalTarget && window != AttackWindow::Assault && window != AttackWindow::Bombing
            ? quint8(ask.facing(asked, target, attacker))
            : quint8(ArcNone);
        atmosphereEcm = physicalAtmosphereEcm(state, ask, asked, target);
    }
    c.ecmRemoved
        = addAttackBonuses(pb, state, tv,
                           BonusCase {window, c.band, c.arcs, !lrs, hasAce(setup, *am, *au, &w),
                                      w.hasTrait(QStringLiteral("Sniper")),
                                      av.traitValue(QStringLiteral("ECCM")), atmosphereEcm});

    if (physical)
        addPhysicalCloudPenalty(pb, state, ask, asked, w.weaponClass, attacker, target);
    else
        addCloudPenalty(pb, state, w.weaponClass, aBase, tBase,
                        measures ? &measures->cloud : nullptr);
    // Mine Sweeper Array: "+2d6 to the Base Pool of the attack roll when targeting Mines".
    if (tm->terrain >= 0 && state.terrain[std::size_t(tm->terrain)].kind == TerrainKind::Mines
        && av.traitWorks(QStringLiteral("Mine Sweeper Array")))
        pb.addBase(2, Message(MsgId::PoolMineSweeper));

    // Flex Dice that are not Attack Bonuses.
    if (missile || w.weaponClass == WeaponClass::KineticCannon) {
        // Tender: "Friendly models ... within 3\" of a model with the Tender trait" (house
        // ruling: another model; the Tender's own attacks do not count). Does not stack.
        for (const ModelState &o : state.models) {
            const Unit *ou = unitOf(setup, o);
            if (o.id == attacker || !o.onTable() || o.controller != am->controller || !ou
                || !ou->hasTrait(QStringLiteral("Tender")))
                continue;
            if (physical ? ask.nearModel(asked, attacker, kThreeInches, o.id)
                         : isWithin(BaseShape(ou->base, o.placement), aBase, kThreeInches)) {
                pb.addFlex(1, Message(MsgId::PoolTender, {o.name}));
                break;
            }
        }
    }
    // Concentrated Fire: any Skill Test result "adds +/- 1d6 Flex Dice to a non-Missile
    // attack".
    if (concentrated && !missile && state.activation->actionTest)
        pb.addFlex(1, Message(MsgId::ActionConcentratedFire));

    // Macro Pool, Armor (attackpool.h).
    addMacroAndArmor(pb, w, capitalTarget, window, armorOfArc(*tu, c.arcs), c.arcs);
    if (capitalTarget && window != AttackWindow::Assault && window != AttackWindow::Bombing)
        c.armor = std::max(0, armorOfArc(*tu, c.arcs));
    applyEvasive(pb, tv, c.band, missile);
    c.pool = pb.pool;
    c.modifiers = pb.mods;
    c.steps = pb.steps;

    // What changes the result.
    shot.precise = w.hasTrait(QStringLiteral("Precise")) || missile
        || (activation && w.hasTrait(QStringLiteral("Sniper"))) || window == AttackWindow::Assault;
    shot.nuke = w.hasTrait(QStringLiteral("Nuke"));
    shot.swarm = w.hasTrait(QStringLiteral("Swarm"));
    // "The Capital Ship under Assault may not defend against Missile attacks fired as part
    // of an Assault." Barrier: "this does not apply to Assault, Boarding, or Dogfight".
    shot.pointDefense = missile && window != AttackWindow::Assault;
    shot.barrier = (missile || w.weaponClass == WeaponClass::KineticCannon
                    || w.weaponClass == WeaponClass::MassDriver)
        && window != AttackWindow::Assault && window != AttackWindow::Dogfight;
    // v1.2.2: attacks on an Assaulting squadron have their results Diminished;
    // v1.2.3 keeps only the Macro 0 restriction (RULINGS.md 2).
    if (tm->has(FlagAssaulting) && setup.profile().assaulting == AssaultingRule::AssaultAction)
        shot.diminishAll = Message(MsgId::TargetIsAssaulting, {tm->name});
    if (lrs && state.activation->actionTest == Magnitude::N)
        shot.diminishAll = Message(MsgId::LongRangeSensorsTestN);
    shot.beamReroll = w.weaponClass == WeaponClass::BeamProjector && !secondary;
    if (!secondary) {
        if (concentrated && !missile && state.activation->actionTest
            && *state.activation->actionTest >= Magnitude::D)
            shot.rerollOnN = Message(MsgId::ActionConcentratedFire);
        // TD: "Models firing Missiles at ships in this model's Sensor Range may re-roll their
        // attack roll if the result is N. This only applies in the Activation Attack Window."
        if (missile && activation) {
            for (const ModelState &o : state.models) {
                const Unit *ou = unitOf(setup, o);
                if (!o.onTable() || o.controller != am->controller || !ou)
                    continue;
                const ModelView ov(*ou, o);
                if (ov.traitWorks(QStringLiteral("TD"))
                    && (physical ? ask.nearModel(
                            asked, target, jw::maxRange(kind, ov.rating(Rating::Sensors)), o.id)
                                 : sensorRange(ov.base(), tBase, kind, ov.rating(Rating::Sensors))
                                != SensorRange::OutOfRange)) {
                    shot.rerollOnN = Message(MsgId::RerollTd, {o.name});
                    break;
                }
            }
        }
        shot.lockOnAllowed = activation && declared(state, attacker, ActionId::LockOn);
    }
    return shot;
}

// Rolls a pool, asks its roller which flex dice to drop (only when the choice changes the
// result), logs the roll.
// `model`: who rolls (the event's "model", for the dice display), -1 when no model does.
RollOutcome rollPool(DamageContext &ctx, const DicePool &pool, int player, const Message &who,
                     const QString &purpose, int model = -1)
{
    const RolledDice faces = rollFaces(pool, ctx.dice);
    const std::vector<FlexChoice> choices = flexChoices(pool, faces);
    int pick = 0;
    bool different = false;
    for (const FlexChoice &fc : choices)
        different = different || !(fc.result == choices.front().result);
    // Answered without building the question when the answer is known (recorded, or the
    // default).
    const std::optional<int> known
        = different ? ctx.chooser.answerUnasked(int(choices.size()), player, 0) : std::nullopt;
    if (known) {
        pick = *known;
    } else if (different) {
        std::vector<Message> options;
        QJsonArray data; // each option as data: the faces it removes, its result
        for (const FlexChoice &fc : choices) {
            options.push_back(
                Message(MsgId::FlexRemoveOption, {facesText(fc.removed), fc.result.toString()}));
            data.append(QJsonObject {{QStringLiteral("removed"), toJson(fc.removed)},
                                     {QStringLiteral("result"), fc.result.toString()}});
        }
        pick = ctx.chooser.ask(DecisionRequest::typed(
            player, QStringLiteral("flex"),
            Message(pool.effective().flex == 1 ? MsgId::FlexQuestionDie : MsgId::FlexQuestionDice,
                    {who, facesText(faces.dice)}),
            std::move(options), 0,
            QJsonObject {{QStringLiteral("purpose"), purpose},
                         {QStringLiteral("pool"), pool.toString()},
                         {QStringLiteral("dice"), toJson(faces.dice)},
                         {QStringLiteral("macro"), toJson(faces.macroDice)},
                         {QStringLiteral("choices"), data}}));
    }
    RollOutcome out = resolveRoll(pool, faces, choices[std::size_t(pick)].removed);
    if (detail::eventsDropped())
        return out;
    Message text(MsgId::Rolls,
                 {who, out.rolled.toString(), facesText(faces.dice),
                  faces.macroDice.empty()
                      ? MessageArg(QString())
                      : MessageArg(Message(MsgId::RollMacroFaces, {facesText(faces.macroDice)})),
                  out.removed.empty()
                      ? MessageArg(QString())
                      : MessageArg(Message(MsgId::RollRemovesFaces, {facesText(out.removed)})),
                  out.result.toString()});
    QJsonObject data {{QStringLiteral("purpose"), purpose},
                      {QStringLiteral("pool"), pool.toString()},
                      {QStringLiteral("rolled"), out.rolled.toString()},
                      {QStringLiteral("dice"), toJson(faces.dice)},
                      {QStringLiteral("macro"), toJson(faces.macroDice)},
                      {QStringLiteral("removed"), toJson(out.removed)},
                      {QStringLiteral("result"), out.result.toString()}};
    if (model >= 0)
        data.insert(QStringLiteral("model"), model);
    ctx.events.push_back(
        typedEvent(QStringLiteral("roll"), std::move(text), std::move(data), player));
    return out;
}

// "reroll": keep or re-roll (default: re-roll only an [N]).
bool askReroll(DamageContext &ctx, int player, const Message &who, const DiceResult &result,
               const Message &why)
{
    // Answered without building the question when the answer is known.
    if (const std::optional<int> known
        = ctx.chooser.answerUnasked(2, player, result.isSuccess() ? 0 : 1))
        return *known == 1;
    return ctx.chooser.ask(DecisionRequest::typed(
               player, QStringLiteral("reroll"),
               Message(MsgId::RerollQuestion, {who, result.toString(), why}),
               {Message(MsgId::KeepResult, {result.toString()}), Message(MsgId::Reroll)},
               result.isSuccess() ? 0 : 1,
               QJsonObject {{QStringLiteral("result"), result.toString()}}))
        == 1;
}

struct Defence
{
    int model = -1;
    DicePool pool;
    QStringList mods;
    std::vector<PoolStep> steps; // `mods` as data
    bool barrier = false;
    Message text;
};

// A model's Defense rating when it defends against an attack: the rating, +1 on the table in
// an Asteroid Field, Particle Cloud or Comet Tail (`why` names it). Point Defense and Barrier
// both read it here.
// On a physical table (`table` given) the players say whether the model is in such a piece.
int defenseAgainstAttack(const GameState &state, const ModelView &v, Message *why = nullptr,
                         rules::TableQuestions *table = nullptr)
{
    if (!v.model().onTable())
        return v.rating(Rating::Defense);
    if (!table)
        return v.rating(Rating::Defense) + terrainDefenseBonus(state, v.base(), why);
    const Message pieces = terrainNames(state, givesDefense);
    const bool in = !pieces.isEmpty()
        && table->near(v.model().controller, v.model().id, 0.0, pieces, QStringLiteral("defense"));
    if (in && why)
        *why = pieces;
    return v.rating(Rating::Defense) + (in ? 1 : 0);
}

// `table`: on a physical table, who answers what the rules measure (tablequestions.h).
DicePool defensePool(const GameSetup &setup, const GameState &state, int defender, bool withSupport,
                     QStringList *mods, rules::TableQuestions *table = nullptr,
                     std::vector<PoolStep> *steps = nullptr)
{
    const bool physical = setup.physical();
    const ModelState &d = state.models[std::size_t(defender)];
    const Unit *du = unitOf(setup, d);
    if (!du)
        return {};
    const ModelView dv(*du, d);
    PoolBuilder pb;
    const int rating = dv.rating(Rating::Defense);
    pb.setBase(rating, Message(MsgId::PoolDefense, {d.name}));
    Message in;
    if (const int terrain
        = defenseAgainstAttack(state, dv, &in, physical && table ? table : nullptr) - rating;
        terrain > 0)
        pb.addBase(terrain, Message(MsgId::PoolDefenseTerrain, {terrain, in}));
    if (withSupport && physical) {
        std::vector<int> able;
        for (const ModelState &o : state.models) {
            const Unit *ou = unitOf(setup, o);
            if (o.id != defender && o.onTable() && o.controller == d.controller && ou
                && ModelView(*ou, o).rating(Rating::Defense) >= 1)
                able.push_back(o.id);
        }
        if (table)
            for (int id : table->whoNear(d.controller, defender, kThreeInches, able,
                                         Message(MsgId::TablePointDefenseSupport)))
                pb.addFlex(1,
                           Message(MsgId::PoolFriendWithin3, {state.models[std::size_t(id)].name}));
    } else if (withSupport) {
        // "+1 Flex Die for each friendly ship within 3\"" (house ruling: any friendly model,
        // Capital Ship or Squadron, whose Defense is 1+: "A ship [with] 0 Defense rating may
        // not support friendly Models that are the target of Missile attacks").
        const BaseShape dBase = dv.base();
        for (const ModelState &o : state.models) {
            const Unit *ou = unitOf(setup, o);
            if (o.id == defender || !o.onTable() || o.controller != d.controller || !ou)
                continue;
            const ModelView ov(*ou, o);
            if (ov.rating(Rating::Defense) >= 1 && isWithin(ov.base(), dBase, kThreeInches))
                pb.addFlex(1, Message(MsgId::PoolFriendWithin3, {o.name}));
        }
    }
    // Drones: "+1 Flex Dice when ... making a roll that uses its Defense rating as the Base
    // Pool."
    if (dv.traitWorks(QStringLiteral("Drones")))
        pb.addFlex(1, Message(MsgId::PoolDrones));
    if (mods)
        *mods = pb.mods;
    if (steps)
        *steps = pb.steps;
    return pb.pool;
}

// The defences the target's player may oppose `shot` with (the attack preview lists them,
// oppose() rolls one).
std::vector<Defence> defenceOptions(const GameSetup &setup, const GameState &s, const Shot &shot,
                                    rules::TableQuestions *table = nullptr)
{
    const ModelState &tm = s.models[std::size_t(shot.target)];
    const int defender = tm.controller;
    std::vector<Defence> options;
    const auto defenseOf = [&](const ModelState &m) {
        const Unit *u = unitOf(setup, m);
        if (!u)
            return 0;
        return defenseAgainstAttack(s, ModelView(*u, m));
    };
    // Point Defense rolls the Defense rating; at Defense 0 the Base Pool is less
    // than 2d6: "roll 2d6, regardless of the modified Base Pool size" (no Flex,
    // Macro 0: DicePool::effective()).
    if (shot.pointDefense) {
        Defence d;
        d.model = shot.target;
        d.pool = defensePool(setup, s, shot.target, true, &d.mods, table, &d.steps);
        d.text = Message(MsgId::PointDefenseOption, {tm.name, d.pool.toString()});
        options.push_back(d);
    }
    if (shot.barrier) {
        // Barrier: "against itself or friendly targets within 3\"", with its own Defense,
        // no help from others. "Multiple Barrier traits do not stack. The owning player may
        // choose which Barrier to resolve." House ruling: against a Missile the defender
        // rolls either its Point Defense or one Barrier, its choice ("barrier").
        const Unit *tu = unitOf(setup, tm);
        const BaseShape tBase(tu->base, tm.placement);
        for (const ModelState &o : s.models) {
            const Unit *ou = unitOf(setup, o);
            if (!o.onTable() || o.controller != defender || !ou
                || !ou->hasTrait(QStringLiteral("Barrier")) || defenseOf(o) < 1)
                continue;
            if (o.id != shot.target
                && (setup.physical()
                        ? !(table && table->nearModel(defender, o.id, kThreeInches, tm.id))
                        : !isWithin(BaseShape(ou->base, o.placement), tBase, kThreeInches)))
                continue;
            Defence d;
            d.model = o.id;
            d.barrier = true;
            d.pool = defensePool(setup, s, o.id, false, &d.mods, table, &d.steps);
            d.text = Message(MsgId::BarrierOption, {o.name, d.pool.toString()});
            options.push_back(d);
        }
    }
    return options;
}

// The Opposed Roll against Missiles (Point Defense) or Kinetic Cannon, Mass Driver and
// Missile attacks (Barrier).
DiceResult oppose(DamageContext &ctx, const Shot &shot, const DiceResult &primary)
{
    // Nothing to diminish: no defence is rolled (it could change nothing).
    if (!primary.isSuccess())
        return primary;
    const GameState &s = ctx.state;
    const ModelState &tm = s.models[std::size_t(shot.target)];
    const int defender = tm.controller;
    rules::TableQuestions own(s, &ctx.chooser);
    const std::vector<Defence> options
        = defenceOptions(ctx.setup, s, shot, shot.table ? shot.table : &own);
    if (options.empty())
        return primary;
    int pick = 0;
    if (options.size() > 1) {
        std::vector<Message> texts;
        for (std::size_t i = 0; i < options.size(); ++i) {
            texts.push_back(options[i].text);
            const DicePool &a = options[i].pool;
            const DicePool &b = options[std::size_t(pick)].pool;
            if (std::pair(a.base, a.flex) > std::pair(b.base, b.flex))
                pick = int(i);
        }
        pick = ctx.chooser.ask(DecisionRequest::typed(
            defender, QStringLiteral("barrier"),
            Message(MsgId::DefenceQuestion,
                    {s.models[std::size_t(shot.attacker)].name, shot.weapon->name, tm.name}),
            std::move(texts), pick, QJsonObject {{QStringLiteral("target"), shot.target}}));
    }
    const Defence &d = options[std::size_t(pick)];
    const Message who = Message::plain(s.models[std::size_t(d.model)].name);
    const QString purpose = d.barrier ? QStringLiteral("barrier") : QStringLiteral("point-defense");
    RollOutcome out = rollPool(ctx, d.pool, defender, who, purpose, d.model);
    // Countermeasures: "may re-roll Point Defense rolls against Missile attacks".
    const ModelState &dm = s.models[std::size_t(d.model)];
    const Unit *du = unitOf(ctx.setup, dm);
    if (shot.is(WeaponClass::Missile) && du
        && ModelView(*du, dm).traitWorks(QStringLiteral("Countermeasures"))
        && askReroll(ctx, defender, who, out.result, Message(MsgId::Countermeasures)))
        out = rollPool(ctx, d.pool, defender, who, purpose + QStringLiteral("-reroll"), d.model);
    const DiceResult secondary = out.result;
    const std::vector<DiceResult> outcomes = opposedOutcomes(primary, secondary);
    int chosen = 0;
    if (outcomes.size() > 1) {
        std::vector<Message> texts;
        for (const DiceResult &r : outcomes)
            texts.push_back(Message(MsgId::BecomesOption, {primary.toString(), r.toString()}));
        chosen = ctx.chooser.ask(DecisionRequest::typed(
            defender, QStringLiteral("diminish"),
            Message(MsgId::DiminishQuestion, {who, secondary.toString(), primary.toString()}),
            std::move(texts), 0,
            QJsonObject {{QStringLiteral("primary"), primary.toString()},
                         {QStringLiteral("secondary"), secondary.toString()}}));
    }
    const DiceResult after = outcomes[std::size_t(chosen)];
    if (!(after == primary))
        ctx.events.push_back(
            typedEvent(QStringLiteral("roll"),
                       Message(MsgId::Diminishes,
                               {who, secondary.toString(), primary.toString(), after.toString()}),
                       QJsonObject {{QStringLiteral("purpose"), QStringLiteral("opposed")},
                                    {QStringLiteral("primary"), primary.toString()},
                                    {QStringLiteral("secondary"), secondary.toString()},
                                    {QStringLiteral("result"), after.toString()}},
                       defender));
    return after;
}

DiceResult diminishWhere(const DiceResult &r, const std::function<bool(const Success &)> &which,
                         bool floorAtD = false)
{
    std::vector<Success> out = r.successes();
    for (Success &s : out) {
        if (which(s))
            s = diminished(s, floorAtD);
    }
    return DiceResult(std::move(out));
}

void logChange(DamageContext &ctx, const DiceResult &before, const DiceResult &after,
               const Message &why, int player)
{
    if (before == after || detail::eventsDropped())
        return;
    ctx.events.push_back(
        typedEvent(QStringLiteral("roll"),
                   Message(MsgId::ResultChanged, {why, before.toString(), after.toString()}),
                   QJsonObject {{QStringLiteral("purpose"), QStringLiteral("modifier")},
                                {QStringLiteral("why"), why.english()},
                                {QStringLiteral("before"), before.toString()},
                                {QStringLiteral("result"), after.toString()}},
                   player));
}

void resolveShot(DamageContext &ctx, const Shot &shot, int lanceFuel, bool lockOn)
{
    const ModelState &am = ctx.state.models[std::size_t(shot.attacker)];
    const ModelState &tm = ctx.state.models[std::size_t(shot.target)];
    const QString attackerName = am.name;
    const QString targetName = tm.name;
    DicePool pool = shot.check.pool;
    if (lanceFuel > 0)
        pool.base += lanceFuel;
    if (!detail::eventsDropped()) {
        QStringList mods = shot.check.modifiers;
        if (lanceFuel > 0)
            mods << QStringLiteral("+%1B Fuel spent on the Lance").arg(lanceFuel);
        QJsonArray modArray;
        for (const QString &m : mods)
            modArray.append(m);
        const MessageArg where = shot.check.band == SensorRange::Short
            ? MessageArg(Message(MsgId::ShortRangeSuffix))
            : shot.check.band == SensorRange::Long ? MessageArg(Message(MsgId::LongRangeSuffix))
                                                   : MessageArg(QString());
        ctx.events.push_back(typedEvent(
            QStringLiteral("attack"),
            shot.secondary
                ? Message(MsgId::SecondaryTarget, {targetName, shot.by, pool.toString(), where})
                : Message(MsgId::AttacksWith,
                          {attackerName, targetName, shot.weapon->name, pool.toString(), where}),
            QJsonObject {{QStringLiteral("attacker"), shot.attacker},
                         {QStringLiteral("weapon"), shot.weaponIndex},
                         {QStringLiteral("target"), shot.target},
                         {QStringLiteral("window"), attackWindowName(shot.window).toLower()},
                         {QStringLiteral("secondary"), shot.secondary},
                         {QStringLiteral("pool"), pool.toString()},
                         {QStringLiteral("distance"), shot.check.distance},
                         {QStringLiteral("band"), sensorRangeName(shot.check.band)},
                         {QStringLiteral("arc"), arcsToString(shot.check.arcs)},
                         {QStringLiteral("modifiers"), modArray}},
            shot.player));
    }

    const Message attackerWho = Message::plain(attackerName);
    RollOutcome out
        = rollPool(ctx, pool, shot.player, attackerWho, QStringLiteral("attack"), shot.attacker);
    // Re-Rolls: "You may only re-roll once, even if multiple effects would generate multiple
    // re-rolls."
    Message rerollWhy;
    if (shot.beamReroll)
        rerollWhy = Message(MsgId::BeamProjector);
    else if (!out.result.isSuccess() && lockOn)
        rerollWhy = Message(MsgId::ActionLockOn);
    else if (!out.result.isSuccess() && !shot.rerollOnN.isEmpty())
        rerollWhy = shot.rerollOnN;
    if (!rerollWhy.isEmpty() && askReroll(ctx, shot.player, attackerWho, out.result, rerollWhy))
        out = rollPool(ctx, pool, shot.player, attackerWho, QStringLiteral("attack-reroll"),
                       shot.attacker);
    DiceResult result = out.result;

    // Lock On: "the attacker may choose the value of D or T results" ("lock-on-value").
    if (lockOn) {
        std::vector<Success> successes = result.successes();
        for (Success &s : successes) {
            if (s.magnitude != Magnitude::D && s.magnitude != Magnitude::T)
                continue;
            std::vector<Message> options;
            for (int v = 1; v <= 6; ++v)
                options.push_back(Message::plain(
                    QStringLiteral("%1%2").arg(magnitudeLetter(s.magnitude)).arg(v)));
            s.value = 1
                + ctx.chooser.ask(DecisionRequest::typed(
                    shot.player, QStringLiteral("lock-on-value"),
                    Message(
                        MsgId::LockOnValueQuestion,
                        {QStringLiteral("%1%2").arg(magnitudeLetter(s.magnitude)).arg(s.value)}),
                    std::move(options), s.value - 1,
                    QJsonObject {{QStringLiteral("result"), result.toString()}}));
        }
        const DiceResult chosen(std::move(successes));
        logChange(ctx, result, chosen, Message(MsgId::ActionLockOn), shot.player);
        result = chosen;
    }
    // Swarm: "Diminish [T+] results" (v1.2.4: never below [D]; the same effect).
    if (shot.swarm) {
        const DiceResult after = diminishWhere(
            result, [](const Success &s) { return s.magnitude >= Magnitude::T; }, true);
        logChange(ctx, result, after, Message(MsgId::Swarm), shot.player);
        result = after;
    }
    // House ruling on the order of what changes a result: the attacker's own (re-roll, Lock
    // On, Swarm), then the defender's Opposed Roll, then "all results are Diminished", then
    // Energy/Reactive Armor, then Nuke on what still damages ("attacks that damage a target
    // escalate").
    if (shot.pointDefense || shot.barrier)
        result = oppose(ctx, shot, result);
    if (!shot.diminishAll.isEmpty()) {
        const DiceResult after = diminishWhere(result, [](const Success &) { return true; });
        logChange(ctx, result, after, shot.diminishAll, shot.player);
        result = after;
    }
    const Unit *tu = unitOf(ctx.setup, tm);
    const auto odd = [](const Success &s) {
        return s.value % 2 == 1;
    };
    if (tu && (shot.is(WeaponClass::BeamProjector) || shot.is(WeaponClass::ParticleCannon))
        && tu->hasTrait(QStringLiteral("Energy Armor"))) {
        const DiceResult after = diminishWhere(result, odd);
        logChange(ctx, result, after, Message(MsgId::EnergyArmorOf, {targetName}), shot.player);
        result = after;
    }
    if (tu
        && (shot.is(WeaponClass::MassDriver) || shot.is(WeaponClass::KineticCannon)
            || shot.is(WeaponClass::Missile))
        && tu->hasTrait(QStringLiteral("Reactive Armor"))) {
        const DiceResult after = diminishWhere(result, odd);
        logChange(ctx, result, after, Message(MsgId::ReactiveArmorOf, {targetName}), shot.player);
        result = after;
    }
    if (shot.nuke) {
        std::vector<Success> up = result.successes();
        for (Success &s : up)
            s = escalated(s);
        const DiceResult after(std::move(up));
        logChange(ctx, result, after, Message(MsgId::Nuke), shot.player);
        result = after;
    }
    if (!detail::eventsDropped())
        ctx.events.push_back(typedEvent(
            QStringLiteral("hit"),
            result.isSuccess() ? Message(MsgId::Hits, {shot.by, targetName, result.toString()})
                               : Message(MsgId::Misses, {shot.by, targetName}),
            QJsonObject {{QStringLiteral("attacker"), shot.attacker},
                         {QStringLiteral("target"), shot.target},
                         {QStringLiteral("result"), result.toString()}},
            shot.player));
    if (result.isSuccess())
        applyAttackResult(ctx, shot.target, result,
                          DamageSource {shot.player, shot.by.english(), shot.weaponClass(),
                                        shot.precise, shot.by});
}

// Cloak: the Skill Test comes first when the target has a working Cloak, at Long Sensor
// Range in the Activation, and this model has not passed it against it yet.
bool needsCloakTest(const GameState &state, const Shot &shot, const ModelView &target)
{
    return shot.window == AttackWindow::Activation && shot.check.band == SensorRange::Long
        && target.traitWorks(QStringLiteral("Cloak")) && state.activation
        && !contains(state.activation->cloakPassed, shot.target);
}

// Link: the rolls one attack makes, every undamaged instance of the line not yet used.
int linkedShots(const GameState &state, const ModelView &attacker, int id, int weapon)
{
    const Weapon &w = attacker.unit().weapons[std::size_t(weapon)];
    if (!w.hasTrait(QStringLiteral("Link")))
        return 1;
    const ModelCounters &used = usedList(state, id);
    const int left = attacker.weaponInstancesLeft(weapon);
    const int perInstance = w.hasTrait(QStringLiteral("Array")) ? 2 : 1;
    const int usedNow = int(std::count(used.begin(), used.end(), weapon));
    return std::clamp(left * perInstance - usedNow, 1, left);
}

// Kinetic Cannon: the models on the 1" line drawn when the attack is declared.
std::vector<int> kineticSecondaries(const GameSetup &setup, const GameState &state,
                                    const Shot &shot, rules::TableQuestions &table)
{
    std::vector<int> secondaries;
    if (!shot.is(WeaponClass::KineticCannon))
        return secondaries;
    if (setup.physical()) {
        std::vector<int> others;
        for (const ModelState &o : state.models)
            if (o.id != shot.attacker && o.id != shot.target && o.onTable() && unitOf(setup, o))
                others.push_back(o.id);
        return table.onLine(shot.player, shot.attacker, shot.target, others);
    }
    std::vector<BaseShape> bases;
    std::vector<int> ids;
    for (const ModelState &o : state.models) {
        const Unit *ou = unitOf(setup, o);
        if (o.id == shot.attacker || o.id == shot.target || !o.onTable() || !ou)
            continue;
        bases.emplace_back(ou->base, o.placement);
        ids.push_back(o.id);
    }
    const ModelState &am = state.models[std::size_t(shot.attacker)];
    const ModelState &tm = state.models[std::size_t(shot.target)];
    const BaseShape aBase(unitOf(setup, am)->base, am.placement);
    const BaseShape tBase(unitOf(setup, tm)->base, tm.placement);
    for (int index : basesTouchingCorridor(aBase, tBase, bases))
        secondaries.push_back(ids[std::size_t(index)]);
    return secondaries;
}

} // namespace

QString attackWindowName(AttackWindow window)
{
    switch (window) {
    case AttackWindow::Activation:
        return QStringLiteral("Activation");
    case AttackWindow::Assault:
        return QStringLiteral("Assault");
    case AttackWindow::Bombing:
        return QStringLiteral("Bombing");
    case AttackWindow::Dogfight:
        return QStringLiteral("Dogfight");
    }
    return {};
}

AttackCheck checkAttack(const GameSetup &setup, const GameState &state, int attacker, int weapon,
                        int target, AttackWindow window)
{
    return buildShot(setup, state, attacker, weapon, target, window, false).check;
}

std::vector<AttackOption> attackOptions(const GameSetup &setup, const GameState &state,
                                        int attacker, AttackWindow window)
{
    std::vector<AttackOption> out;
    const ModelState *am = state.model(attacker);
    const Unit *au = am ? unitOf(setup, *am) : nullptr;
    if (!au)
        return out;
    // What is measured between the attacker and a target, kept for its next weapon.
    std::vector<PairMeasures> measures(au->weapons.size() > 1 ? state.models.size() : 0);
    for (int w = 0; w < int(au->weapons.size()); ++w) {
        for (const ModelState &t : state.models) {
            if (t.id == attacker || !t.onTable() || t.controller == am->controller)
                continue;
            PairMeasures *memo = measures.empty() ? nullptr : &measures[std::size_t(t.id)];
            out.push_back(
                {w, t.id,
                 buildShot(setup, state, attacker, w, t.id, window, false, nullptr, memo).check});
        }
    }
    return out;
}

namespace {

// resolveAttack, asking the table's questions through `table` (a physical table: the answers
// the command has given already are not asked again).
// `built`: the shot buildShot() gives for these arguments in this state, when the caller has it.
std::optional<Rejection> resolveAttackAsking(const GameSetup &setup, GameState &state, int attacker,
                                             int weapon, int target, DiceSource &dice,
                                             Chooser &chooser, std::vector<GameEvent> &events,
                                             AttackWindow window, rules::TableQuestions &table,
                                             std::optional<Shot> built = std::nullopt)
{
    const Shot shot = built
        ? std::move(*built)
        : buildShot(setup, state, attacker, weapon, target, window, false, &table);
    if (shot.check.rejection)
        return shot.check.rejection;
    DamageContext ctx {setup, state, dice, chooser, events};
    ModelState &am = state.models[std::size_t(attacker)];
    const Unit &au = *unitOf(setup, am);
    const ModelView av(au, am);
    const ModelState &tm = state.models[std::size_t(target)];
    const Unit &tu = *unitOf(setup, tm);
    const Weapon &w = *shot.weapon;
    const QString name = am.name;
    const Message who = Message::plain(name);

    // Cloak: "A model must pass a Skill Test with a result of [D+] to target a model with a
    // Cloak at Long Sensor Range. Make one test per target; if the test fails the Fire
    // Control rating may be used to attack another target and the attacking model may not
    // attack the target with other weapons this turn." Snooper: "gain Flex Dice to attack
    // Cloaked targets" (house ruling: one).
    if (needsCloakTest(state, shot, ModelView(tu, tm))) {
        const int flex = av.traitWorks(QStringLiteral("Snooper")) ? 1 : 0;
        const RollOutcome test = rollPool(
            ctx, skillTestPool(rules::skillForTest(setup, state, attacker, &table), flex),
            am.controller, who, QStringLiteral("cloak"));
        if (!test.result.isSuccess()) {
            state.activation->cloakFailed.push_back(target);
            events.push_back(typedEvent(QStringLiteral("attack"),
                                        Message(MsgId::CloakTargetFailed, {name, tm.name}),
                                        QJsonObject {{QStringLiteral("attacker"), attacker},
                                                     {QStringLiteral("target"), target},
                                                     {QStringLiteral("cloak"), false}},
                                        am.controller));
            return std::nullopt;
        }
        state.activation->cloakPassed.push_back(target);
    }

    // Lock On: "A model may spend 1 extra Fire Control rating when making an attack."
    bool lockOn = false;
    if (shot.lockOnAllowed && av.fireControlLeft() >= 2)
        lockOn = chooser.ask(DecisionRequest::typed(
                     am.controller, QStringLiteral("lock-on"),
                     Message(MsgId::LockOnQuestion, {name, w.name}),
                     {Message(MsgId::LockOnOption), Message(MsgId::AttackWithoutLockOn)}, 0,
                     QJsonObject {{QStringLiteral("weapon"), weapon}}))
            == 0;
    // Lance: "may choose to spend a rating of Fuel to modify the Base Pool by +1d6 per fuel
    // expended" ("lance-fuel", default none).
    int fuel = 0;
    if (w.weaponClass == WeaponClass::Lance && av.fuel() > 0) {
        std::vector<Message> options;
        for (int f = 0; f <= av.fuel(); ++f)
            options.push_back(f == 0 ? Message(MsgId::SpendNoFuel)
                                     : Message(MsgId::SpendFuel, {f}));
        fuel = chooser.ask(DecisionRequest::typed(
            am.controller, QStringLiteral("lance-fuel"),
            Message(MsgId::LanceFuelQuestion, {name, w.name}), std::move(options), 0,
            QJsonObject {{QStringLiteral("weapon"), weapon}}));
    }

    // Steps 1-2: the weapon is used, Fire Control expended (Link: all instances of the line
    // for one; house ruling: every undamaged instance not yet used fires, one roll each).
    am.fireControlSpent += lockOn ? 2 : 1;
    am.fuelSpent += fuel;
    if (am.has(FlagStealthed)) {
        am.set(FlagStealthed, false);
        events.push_back(typedEvent(
            QStringLiteral("state"), Message(MsgId::ExpendsFireControlNoLongerStealthed, {name}),
            QJsonObject {{QStringLiteral("model"), attacker},
                         {QStringLiteral("state"), QStringLiteral("stealthed")},
                         {QStringLiteral("on"), false}},
            am.controller));
    }
    const int instances = linkedShots(state, av, attacker, weapon);
    ModelCounters &used = usedList(state, attacker);
    for (int i = 0; i < instances; ++i)
        used.push_back(weapon);
    if (activating(state, attacker) && !contains(state.activation->targets, target))
        state.activation->targets.push_back(target);

    // Kinetic Cannon: the 1" line is drawn when the attack is declared.
    const std::vector<int> secondaries = kineticSecondaries(setup, state, shot, table);

    for (int i = 0; i < instances; ++i) {
        if (!state.models[std::size_t(target)].onTable()) {
            events.push_back(typedEvent(QStringLiteral("attack"),
                                        Message(MsgId::TargetGoneHoldFire, {tm.name, name, w.name}),
                                        QJsonObject {{QStringLiteral("attacker"), attacker},
                                                     {QStringLiteral("weapon"), weapon}},
                                        am.controller));
            break;
        }
        resolveShot(ctx, shot, fuel, lockOn);
        // "After resolving the Kinetic Cannon attack on the Primary Target, resolve an Attack
        // on each Secondary Target with a -1d6 penalty to the Base Pool", farthest first.
        for (int id : secondaries) {
            if (!state.models[std::size_t(id)].onTable())
                continue;
            const Shot second = buildShot(setup, state, attacker, weapon, id, window, true, &table);
            if (second.check.rejection)
                continue; // e.g. AS 0 against a squadron on the line: no dice
            resolveShot(ctx, second, 0, false);
        }
    }
    return std::nullopt;
}

} // namespace

std::optional<Rejection> resolveAttack(const GameSetup &setup, GameState &state, int attacker,
                                       int weapon, int target, DiceSource &dice, Chooser &chooser,
                                       std::vector<GameEvent> &events, AttackWindow window)
{
    rules::TableQuestions table(state, &chooser);
    return resolveAttackAsking(setup, state, attacker, weapon, target, dice, chooser, events,
                               window, table);
}

namespace {

// The odds of a result after re-rolling an [N] once, then changing every success by
// magnitude (`change`: the final magnitude of a success, N to drop it), from `odds`.
DiceOdds changedOdds(const DiceOdds &odds, bool rerollN,
                     const std::function<Magnitude(Magnitude)> &change)
{
    double pN = 0;
    for (const DiceOdds::Outcome &o : odds.outcomes)
        pN += o.d + o.t + o.q == 0 ? o.p : 0;
    std::map<std::array<int, 3>, double> merged;
    for (const DiceOdds::Outcome &o : odds.outcomes) {
        const bool none = o.d + o.t + o.q == 0;
        // Re-roll an [N]: an [N] stays one only when the second roll is one too.
        const double p = rerollN ? (none ? o.p * pN : o.p * (1.0 + pN)) : o.p;
        std::array<int, 3> n {};
        const int counts[3] = {o.d, o.t, o.q};
        for (int m = 0; m < 3; ++m) {
            const Magnitude to = change ? change(Magnitude(m + 1)) : Magnitude(m + 1);
            if (to != Magnitude::N)
                n[std::size_t(int(to) - 1)] += counts[m];
        }
        merged[n] += p;
    }
    DiceOdds out;
    for (const auto &[n, p] : merged) {
        if (p <= 0)
            continue;
        out.outcomes.push_back({n[0], n[1], n[2], p});
        for (int m = 0; m < 3; ++m) {
            out.expected[std::size_t(m)] += p * n[std::size_t(m)];
            // At least this magnitude: the best success reaches it.
            bool reaches = false;
            for (int k = m; k < 3; ++k)
                reaches = reaches || n[std::size_t(k)] > 0;
            if (reaches)
                out.pAtLeast[std::size_t(m)] += p;
        }
    }
    return out;
}

bool oddsComputable(const DicePool &pool)
{
    const DicePool rolled = pool.effective();
    return rolled.rolledDice() <= kMaxOddsDice && rolled.macroDice() <= kMaxOddsMacroDice;
}

} // namespace

AttackPreview previewAttack(const GameSetup &setup, const GameState &state, int attacker,
                            int weapon, int target, AttackWindow window)
{
    AttackPreview p;
    p.attacker = attacker;
    p.weapon = weapon;
    p.target = target;
    p.window = window;
    // The same function the attack builds its roll with.
    const Shot shot = buildShot(setup, state, attacker, weapon, target, window, false);
    p.check = shot.check;
    if (shot.check.rejection)
        return p;
    const ModelState &am = state.models[std::size_t(attacker)];
    const Unit &au = *unitOf(setup, am);
    const ModelView av(au, am);
    const ModelState &tm = state.models[std::size_t(target)];
    const Unit &tu = *unitOf(setup, tm);
    const ModelView tv(tu, tm);

    p.shots = linkedShots(state, av, attacker, weapon);
    rules::TableQuestions nobody(state, nullptr); // a preview asks nobody
    p.secondaryTargets = kineticSecondaries(setup, state, shot, nobody);
    p.mayBeIntercepted = window == AttackWindow::Activation && au.isSquadron();
    p.cloakTest = needsCloakTest(state, shot, tv);
    for (const Defence &d : defenceOptions(setup, state, shot)) {
        AttackDefence out;
        out.kind = d.barrier ? AttackDefence::Barrier : AttackDefence::PointDefense;
        out.model = d.model;
        out.pool = d.pool;
        out.modifiers = d.mods;
        out.steps = d.steps;
        if (oddsComputable(d.pool))
            out.pSuccess = computeOdds(d.pool).pAtLeast[0];
        p.defences.push_back(out);
    }

    // What changes the result, in the order resolveShot() applies it.
    const auto rule = [&](const Message &name, const Message &effect, bool inOdds) {
        p.resultRules.push_back({name.english(), effect.english(), inOdds, name, effect});
    };
    const bool lockOn = shot.lockOnAllowed && av.fireControlLeft() >= 2;
    bool rerollN = false;
    if (shot.beamReroll) {
        rule(Message(MsgId::BeamProjector), Message(MsgId::RuleBeamReroll), true);
        rerollN = true;
    } else if (!shot.rerollOnN.isEmpty()) {
        rule(shot.rerollOnN, Message(MsgId::RuleRerollN), true);
        rerollN = true;
    }
    if (lockOn)
        rule(Message(MsgId::ActionLockOn), Message(MsgId::RuleLockOn), false);
    if (shot.swarm)
        rule(Message(MsgId::Swarm), Message(MsgId::RuleSwarm), true);
    if (!shot.diminishAll.isEmpty())
        rule(shot.diminishAll, Message(MsgId::RuleDiminishAll), true);
    const Message odd(MsgId::RuleOddDiminished);
    if ((shot.is(WeaponClass::BeamProjector) || shot.is(WeaponClass::ParticleCannon))
        && tu.hasTrait(QStringLiteral("Energy Armor")))
        rule(Message(MsgId::EnergyArmorOf, {tm.name}), odd, false);
    if ((shot.is(WeaponClass::MassDriver) || shot.is(WeaponClass::KineticCannon)
         || shot.is(WeaponClass::Missile))
        && tu.hasTrait(QStringLiteral("Reactive Armor")))
        rule(Message(MsgId::ReactiveArmorOf, {tm.name}), odd, false);
    if (shot.nuke)
        rule(Message(MsgId::Nuke), Message(MsgId::RuleNuke), true);
    if (tu.hasTrait(QStringLiteral("Shield")))
        rule(Message(MsgId::ShieldOf, {tm.name}), Message(MsgId::RuleShield), false);
    if (shot.precise && tu.isCapital())
        rule(Message(MsgId::Precise), Message(MsgId::RulePrecise), true);
    if (shot.is(WeaponClass::ParticleCannon))
        rule(Message(MsgId::ParticleCannon),
             Message(tu.isSquadron() ? MsgId::RuleParticleSquadron : MsgId::RuleParticleCapital),
             true);
    if (shot.is(WeaponClass::MassDriver) && tu.isCapital())
        rule(Message(MsgId::MassDriver), Message(MsgId::RuleMassDriver), true);

    // The odds: the flex choice knows Swarm and Nuke (computeOdds' modifier); "all results
    // are Diminished" comes after Swarm and before Nuke, so with it both are applied here.
    if (!oddsComputable(shot.check.pool))
        return p;
    const bool diminishAll = !shot.diminishAll.isEmpty();
    ResultModifier modifier = ResultModifier::None;
    if (!diminishAll && shot.nuke)
        modifier = ResultModifier::EscalateAll;
    else if (!diminishAll && shot.swarm)
        modifier = ResultModifier::DiminishTPlus;
    const DiceOdds raw = computeOdds(shot.check.pool, modifier);
    const bool swarm = diminishAll && shot.swarm;
    const bool nuke = diminishAll && shot.nuke;
    p.odds = changedOdds(raw, rerollN, [&](Magnitude m) {
        if (swarm && m >= Magnitude::T)
            m = Magnitude(int(m) - 1);
        if (diminishAll)
            m = Magnitude(int(m) - 1);
        if (nuke && m != Magnitude::N && m < Magnitude::Q)
            m = Magnitude(int(m) + 1);
        return m;
    });
    p.pNone = 1.0 - p.odds.pAtLeast[0];

    // Expected damage to the target as it is now.
    p.structureLeft = tv.structure();
    const bool qDestroys = setup.profile().squadronQPlus == SquadronQPlusRule::Destroyed;
    for (const DiceOdds::Outcome &o : p.odds.outcomes) {
        if (tu.isCapital()) {
            p.rating += o.p * (o.d + (shot.is(WeaponClass::ParticleCannon) ? o.t + o.q : 0));
            const int structure = o.t + 2 * o.q;
            p.structure += o.p * std::min(structure, p.structureLeft);
            p.criticals
                += o.p * (structure + (shot.is(WeaponClass::MassDriver) && o.d > 0 ? 1 : 0));
            if (structure > 0 && structure >= p.structureLeft)
                p.pDestroyed += o.p;
        } else {
            const int points = o.d + 2 * o.t + (qDestroys ? 0 : 3 * o.q);
            const bool destroyed
                = (qDestroys && o.q > 0) || (points > 0 && points >= p.structureLeft);
            // Destroyed: all that is left is lost.
            p.structure += o.p * (destroyed ? p.structureLeft : points);
            if (destroyed)
                p.pDestroyed += o.p;
        }
    }
    return p;
}

AttackPreview Engine::previewAttack(const GameState &state, const AttackCommand &command) const
{
    if (state.pending || state.phase != Phase::Activation || !state.activation) {
        AttackPreview p;
        p.weapon = command.weapon;
        p.target = command.target;
        const Message why(state.pending ? MsgId::DecisionPending : MsgId::NoModelActivating);
        p.check.rejection = Rejection(QStringLiteral("Attack"), why);
        return p;
    }
    AttackPreview p = jw::previewAttack(m_setup, state, state.activation->model, command.weapon,
                                        command.target);
    // Only when an enemy squadron could intercept (the list Engine::attack() asks).
    p.mayBeIntercepted
        = p.mayBeIntercepted && !reactiveInterceptors(*this, state, p.attacker, -1).empty();
    return p;
}

DicePool pointDefensePool(const GameSetup &setup, const GameState &state, int defender,
                          QStringList *modifiers, rules::TableQuestions *table)
{
    return defensePool(setup, state, defender, true, modifiers, table);
}

DiceResult resolvePointDefenseAttack(const GameSetup &setup, GameState &state, int defender,
                                     int target, DiceSource &dice, Chooser &chooser,
                                     std::vector<GameEvent> &events, bool engaged)
{
    DamageContext ctx {setup, state, dice, chooser, events};
    const ModelState &d = state.models.at(std::size_t(defender));
    if (!unitOf(setup, d))
        return {};
    // At Defense 0 too: a Base Pool under 2d6 rolls 2d6 (Dice Rolls › Less than 2d6).
    const Message by(MsgId::PointDefenseOf, {d.name});
    const int player = d.controller;
    rules::TableQuestions table(state, &chooser);
    const DicePool pool = defensePool(setup, state, defender, true, nullptr, &table);
    const RollOutcome out
        = rollPool(ctx, pool, player, Message::plain(d.name), QStringLiteral("point-defense"));
    DiceResult result = out.result;
    // v1.2.2 States › Assaulting: "may be targeted by weapons with a 0 Macro Rating
    // before Armor is applied or the Engage Point Defense action, but all results are
    // Diminished" (the weapons: fireWeapon's diminishAll).
    const ModelState &t = state.models.at(std::size_t(target));
    if (engaged && result.isSuccess() && t.has(FlagAssaulting)
        && setup.profile().assaulting == AssaultingRule::AssaultAction) {
        const DiceResult after = diminishWhere(result, [](const Success &) { return true; });
        logChange(ctx, result, after, Message(MsgId::TargetIsAssaulting, {t.name}), player);
        result = after;
    }
    if (result.isSuccess())
        applyAttackResult(ctx, target, result,
                          DamageSource {player, by.english(), std::nullopt, false, by});
    return result;
}

void resolveTerrainAttack(const GameSetup &setup, GameState &state, int target,
                          const TerrainAttack &attack, DiceSource &dice, Chooser &chooser,
                          std::vector<GameEvent> &events)
{
    DamageContext ctx {setup, state, dice, chooser, events};
    const ModelState &tm = state.models.at(std::size_t(target));
    const Unit *tu = unitOf(setup, tm);
    if (!tu || !tm.onTable())
        return;
    const int rating = tu->isCapital() ? attack.ac : attack.as;
    if (rating <= 0)
        return;
    const int player = tm.controller < 0 ? state.initiative : 1 - tm.controller;
    PoolBuilder pb;
    pb.setBase(rating,
               Message(tu->isCapital() ? MsgId::PoolTerrainAc : MsgId::PoolTerrainAs,
                       {attack.by, rating}));
    QJsonArray mods;
    for (const QString &m : pb.mods)
        mods.append(m);
    const Message by = attack.byMessage.isEmpty() ? Message::plain(attack.by) : attack.byMessage;
    events.push_back(typedEvent(QStringLiteral("attack"),
                                Message(MsgId::TerrainAttacks, {by, tm.name, pb.pool.toString()}),
                                QJsonObject {{QStringLiteral("terrain"), attack.by},
                                             {QStringLiteral("attacker"), attack.mine},
                                             {QStringLiteral("target"), target},
                                             {QStringLiteral("pool"), pb.pool.toString()},
                                             {QStringLiteral("modifiers"), mods}},
                                player));
    if (attack.mine >= 0) {
        // A Mine token's Missile attack: as a Missile, Precise and opposed by the target.
        const ModelState &mm = state.models.at(std::size_t(attack.mine));
        const Unit *mu = unitOf(setup, mm);
        Shot shot;
        shot.attacker = attack.mine;
        shot.player = player;
        shot.target = target;
        shot.weaponIndex = 0;
        shot.weapon = mu && !mu->weapons.empty() ? &mu->weapons.front() : nullptr;
        shot.by = by;
        shot.precise = true;
        shot.pointDefense = true;
        shot.barrier = true;
        RollOutcome out = rollPool(ctx, pb.pool, player, by, QStringLiteral("terrain"));
        DiceResult result = out.result;
        if (shot.weapon)
            result = oppose(ctx, shot, result);
        events.push_back(typedEvent(QStringLiteral("hit"),
                                    result.isSuccess()
                                        ? Message(MsgId::Hits, {by, tm.name, result.toString()})
                                        : Message(MsgId::Misses, {by, tm.name}),
                                    QJsonObject {{QStringLiteral("attacker"), attack.mine},
                                                 {QStringLiteral("target"), target},
                                                 {QStringLiteral("result"), result.toString()}},
                                    player));
        if (result.isSuccess())
            applyAttackResult(ctx, target, result,
                              DamageSource {player, attack.by, WeaponClass::Missile, true});
        return;
    }
    const RollOutcome out = rollPool(ctx, pb.pool, player, by, QStringLiteral("terrain"));
    events.push_back(typedEvent(QStringLiteral("hit"),
                                out.result.isSuccess()
                                    ? Message(MsgId::Hits, {by, tm.name, out.result.toString()})
                                    : Message(MsgId::Misses, {by, tm.name}),
                                QJsonObject {{QStringLiteral("target"), target},
                                             {QStringLiteral("result"), out.result.toString()}},
                                player));
    if (out.result.isSuccess())
        applyAttackResult(ctx, target, out.result,
                          DamageSource {player, attack.by, std::nullopt, false});
}

void resolveExplosion(DamageContext &ctx, int ship)
{
    const ModelState &m = ctx.state.models.at(std::size_t(ship));
    const Unit *u = unitOf(ctx.setup, m);
    if (!u)
        return;
    const QString name = m.name;
    const BaseShape base(u->base, m.placement);
    const int structure = u->structure.start();
    const bool particle = ctx.setup.profile().explosion == ExplosionRule::ParticleCannon;
    const Message by(MsgId::ExplosionOf, {name});

    struct Victim
    {
        int id;
        double distance;
        DicePool pool;
        QStringList mods;
        double order; // nearest first: the distance, or where the players named it
    };
    std::vector<Victim> victims;
    double reach = particle ? kParticleExplosionRange : kThreeInches;
    int outerPool = 0;
    if (!particle) {
        // v1.2.2: "within 3\" + 1d6\"" (one die for the explosion); "half of the ship's
        // starting Structure", rounded up (Catch-All Rules).
        const int extra = ctx.dice.rollD6();
        reach += extra;
        outerPool = half(structure);
        ctx.events.push_back(
            typedEvent(QStringLiteral("explosion"),
                       Message(MsgId::Explodes, {name, structure + 1, outerPool, extra}),
                       QJsonObject {{QStringLiteral("model"), ship},
                                    {QStringLiteral("die"), extra},
                                    {QStringLiteral("reach"), reach}},
                       -1));
    } else {
        ctx.events.push_back(typedEvent(
            QStringLiteral("explosion"), Message(MsgId::ExplodesParticle, {name}),
            QJsonObject {{QStringLiteral("model"), ship}, {QStringLiteral("reach"), reach}}, -1));
    }
    // A physical table: the players say who is within 3", then who else within the reach
    // (asked of the player whose command caused the explosion).
    const bool physical = ctx.setup.physical();
    const int asker = ctx.state.toAct;
    rules::TableQuestions table(ctx.state, &ctx.chooser);
    std::vector<int> innerIds;
    std::vector<int> outerIds;
    if (physical) {
        std::vector<int> candidates;
        for (const ModelState &o : ctx.state.models)
            if (o.id != ship && o.onTable() && unitOf(ctx.setup, o))
                candidates.push_back(o.id);
        innerIds = table.whoNear(asker, ship, kThreeInches, candidates,
                                 Message(MsgId::TableExplosionReach));
        std::erase_if(candidates, [&](int id) { return contains(innerIds, id); });
        if (reach > kThreeInches)
            outerIds = table.whoNear(asker, ship, reach, candidates,
                                     Message(MsgId::TableExplosionReach));
    }
    for (const ModelState &o : ctx.state.models) {
        const Unit *ou = unitOf(ctx.setup, o);
        if (o.id == ship || !o.onTable() || !ou)
            continue;
        const ModelView ov(*ou, o);
        const BaseShape oBase = ov.base();
        if (physical && !contains(innerIds, o.id) && !contains(outerIds, o.id))
            continue;
        // On a physical table, the distance as the players said it: within 3", or the reach.
        const double d
            = physical ? (contains(innerIds, o.id) ? kThreeInches : reach) : distance(base, oBase);
        if (d > reach + kContactTolerance)
            continue;
        const bool inner = d <= kThreeInches + kContactTolerance;
        PoolBuilder pb;
        if (!particle) {
            // v1.2.2: an AC/AS attack of that Base Pool, nothing else (house ruling: it is
            // no weapon, so no Attack Bonus, Armor or weapon class rule applies).
            if (inner)
                pb.setBase(structure + 1, Message(MsgId::PoolExplosionInner));
            else
                pb.setBase(outerPool, Message(MsgId::PoolExplosionOuter));
        } else {
            // v1.2.3: "a Particle Cannon attack as if the exploding ship was armed with
            // Turret arc Particle Cannons for the purposes of calculating arcs and range for
            // Attack Bonus and Armor effects": AC = AS = starting Structure, Macro 2 within
            // 3", 0 beyond.
            const AttackKind kind = attackKindAgainst(ou->type);
            const SensorRange band = d <= jw::shortRange(kind) + kContactTolerance
                ? SensorRange::Short
                : SensorRange::Long;
            pb.setBase(structure, Message(MsgId::PoolStartingStructure));
            const quint8 arc = !ou->isCapital() ? quint8(ArcNone)
                : physical                      ? quint8(table.facing(asker, o.id, ship))
                                                : quint8(attackerArc(oBase, base));
            BonusCase bonus;
            bonus.band = band;
            bonus.arc = arc;
            if (physical) {
                // The Atmosphere's ECM +1 of the victim, asked (as for a weapon's attack).
                bonus.terrainEcm = physicalAtmosphereEcm(ctx.state, table, asker, o.id);
            }
            addAttackBonuses(pb, ctx.state, ov, bonus);
            if (physical)
                addPhysicalCloudPenalty(pb, ctx.state, table, asker, WeaponClass::ParticleCannon,
                                        ship, o.id);
            else
                addCloudPenalty(pb, ctx.state, WeaponClass::ParticleCannon, base, oBase);
            if (inner)
                pb.addMacro(2, Message(MsgId::PoolWithin3));
            if (ou->isCapital())
                addArmor(pb, *ou, arc);
            applyEvasive(pb, ov, band, false);
        }
        // On a physical table the players named them the nearest first (within 3", then
        // within the reach): that order.
        double order = d;
        if (physical) {
            const auto inner = std::find(innerIds.begin(), innerIds.end(), o.id);
            order = inner != innerIds.end() ? double(inner - innerIds.begin())
                                            : double(innerIds.size())
                    + double(std::find(outerIds.begin(), outerIds.end(), o.id) - outerIds.begin());
        }
        victims.push_back({o.id, d, pb.pool, pb.mods, order});
    }
    // House ruling: the models are attacked nearest first (ties by id).
    std::stable_sort(victims.begin(), victims.end(),
                     [](const Victim &a, const Victim &b) { return a.order < b.order; });
    for (const Victim &v : victims) {
        const ModelState &o = ctx.state.models[std::size_t(v.id)];
        if (!o.onTable())
            continue; // destroyed by an earlier explosion of the cascade
        // The damaged model's opponent rolls and chooses, as an attacker would (damage.h).
        const int player = o.controller < 0 ? ctx.state.initiative : 1 - o.controller;
        QJsonArray mods;
        for (const QString &s : v.mods)
            mods.append(s);
        ctx.events.push_back(typedEvent(
            QStringLiteral("attack"),
            physical ? Message(MsgId::ExplosionAttacksWithin,
                               {name, o.name, inches(v.distance), v.pool.toString()})
                     : Message(MsgId::ExplosionAttacks,
                               {name, o.name, decimal(v.distance, 1), v.pool.toString()}),
            QJsonObject {{QStringLiteral("explosion"), ship},
                         {QStringLiteral("target"), v.id},
                         {QStringLiteral("pool"), v.pool.toString()},
                         {QStringLiteral("modifiers"), mods}},
            player));
        const RollOutcome out = rollPool(ctx, v.pool, player, by, QStringLiteral("explosion"));
        DiceResult result = out.result;
        const Unit *ou = unitOf(ctx.setup, o);
        if (particle && ou && ou->hasTrait(QStringLiteral("Energy Armor"))) {
            const DiceResult after
                = diminishWhere(result, [](const Success &s) { return s.value % 2 == 1; });
            logChange(ctx, result, after, Message(MsgId::EnergyArmorOf, {o.name}), player);
            result = after;
        }
        if (result.isSuccess())
            applyAttackResult(
                ctx, v.id, result,
                DamageSource {-1, by.english(),
                              particle ? std::optional(WeaponClass::ParticleCannon) : std::nullopt,
                              false, by});
    }
}

int skillForTest(const GameSetup &setup, const GameState &state, int model)
{
    return rules::skillForTest(setup, state, model, nullptr);
}

int rules::skillForTest(const GameSetup &setup, const GameState &state, int model,
                        TableQuestions *table)
{
    const ModelState &m = state.models[std::size_t(model)];
    const Unit *u = setup.unit(m.unitId);
    if (!u)
        return 0;
    const ModelView mv(*u, m);
    int best = mv.skill();
    if (!m.onTable())
        return best;
    const AttackKind kind = u->isCapital() ? AttackKind::AntiCapital : AttackKind::AntiSquadron;
    for (const ModelState &o : state.models) {
        if (o.id == model || !o.onTable() || o.controller != m.controller)
            continue;
        const Unit *ou = setup.unit(o.unitId);
        if (!ou)
            continue;
        const ModelView ov(*ou, o);
        if (!ov.traitWorks(QStringLiteral("Command")) || ov.skill() <= best)
            continue;
        // A physical table: the players say whether it is within that Short Range (nobody
        // asked: its own Skill).
        if (setup.physical()
                ? table && table->nearModel(m.controller, model, jw::shortRange(kind), o.id)
                : sensorRange(ov.base(), mv.base(), kind, ov.rating(Rating::Sensors))
                    == SensorRange::Short)
            best = ov.skill();
    }
    return best;
}

void rules::attack(Context &ctx, const AttackCommand &c)
{
    const Engine &engine = ctx.engine;
    GameState &s = ctx.state;
    ModelState &m = detail::activeModel(s, ctx.player, QStringLiteral("Attack"));
    // A physical table: the questions of the table first (range, arc: an answer may end the
    // attack), before any Interception; the resolution below reads the same answers.
    // Off a physical table `table` asks nothing (the shot checkAttack() builds), and the shot
    // is built once: the attack resolves it when nothing moved in between (no Interception: a
    // Capital Ship's attack). A physical table's is built again (as it always was).
    rules::TableQuestions table(s, &ctx.chooser);
    std::optional<Shot> shot = buildShot(engine.setup(), s, m.id, c.weapon, c.target,
                                         AttackWindow::Activation, false, &table);
    if (shot->check.rejection)
        detail::refuse(*shot->check.rejection);
    if (engine.setup().physical())
        shot.reset();
    // A Squadron declaring an Attack may be intercepted first; the attack
    // happens only if it carries on and the attack is still possible.
    const int id = m.id;
    // A model that moved in the Interception (a Dogfight's free Movement) changed what the tape
    // measures: on a physical table the attack's questions are asked again after it.
    std::optional<rules::TableQuestions> afterMove;
    if (engine.unitOf(m).isSquadron()) {
        shot.reset();
        const std::size_t before = ctx.events.size();
        if (!reactiveInterception(
                ctx, id, Message(MsgId::TriggerAttacks, {engine.modelMessage(s, c.target)})))
            return;
        if (engine.setup().physical()
            && std::any_of(ctx.events.begin() + std::ptrdiff_t(before), ctx.events.end(),
                           [](const GameEvent &e) { return e.kind == QLatin1String("moved"); }))
            afterMove.emplace(s, &ctx.chooser);
        const AttackCheck again = checkAttack(engine.setup(), s, id, c.weapon, c.target);
        if (again.rejection) {
            ctx.event(QStringLiteral("action"),
                      Message(MsgId::AttackDoesNotHappen,
                              {engine.modelMessage(s, id), engine.modelMessage(s, c.target),
                               again.rejection->whyMessage()}),
                      {{QStringLiteral("model"), id}}, ctx.player);
            return;
        }
    }
    if (auto r = resolveAttackAsking(engine.setup(), s, id, c.weapon, c.target, ctx.dice,
                                     ctx.chooser, ctx.events, AttackWindow::Activation,
                                     afterMove ? *afterMove : table, std::move(shot)))
        detail::refuse(*r);
    // Destroying the last enemy model may end the game at once (checked in the End Phase).
}

} // namespace jw
