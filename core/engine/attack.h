// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "dice/dicepool.h"
#include "dice/diceresult.h"
#include "dice/odds.h"
#include "engine/attackpool.h" // AttackWindow, the pool from the cards
#include "engine/rejection.h"
#include "geometry/sensorrange.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

// The Attack chapter (v1.2.2 core rules: Attack Window, Armor, Attack Bonus, Fire Control,
// Sensor Range, Model Arcs, Point Defense), the six weapon classes (Weapons) and the traits
// that change attacks. Damage is damage.h.
//
// Declared Actions that change attacks are read from Activation::action (ActionId):
// Concentrated Fire, Lock On, Long Range Sensors, Ramming Speed; their Skill Test
// result (Concentrated Fire, Long Range Sensors) from Activation::actionTest.

namespace jw {

class Chooser;
class DiceSource;
struct DamageContext;
struct GameEvent;
struct GameSetup;
struct GameState;

[[nodiscard]] QString attackWindowName(AttackWindow window); // "Activation", ...

// Whether an attack may be declared, and the pool it would roll.
struct AttackCheck
{
    std::optional<Rejection> rejection; // the rule that forbids it; nullopt: allowed
    SensorRange band = SensorRange::OutOfRange;
    double distance = 0; // inches, base to base
    quint8 arcs = 0; // the target's arc the attacker is in (Arc bits; 0 for squadron targets)
    DicePool pool; // as declared (DicePool::effective() gives what is rolled)
    QStringList modifiers; // "3B Beam Projector AC", "+1F short range", "-1M Fore armor"
    std::vector<PoolStep> steps; // `modifiers` as data
    int ecmRemoved = 0; // Attack Bonus Flex Dice the target's ECM removes (in `steps`)
    int armor = 0; // the Armor that applies (a negative Macro Rating, in `steps`)

    [[nodiscard]] bool ok() const { return !rejection; }
};

struct AttackOption
{
    int weapon = -1;
    int target = -1;
    AttackCheck check;
};

// Whether `attacker` may attack `target` with weapon line `weapon` now (no dice): both on
// the table, an enemy target, the attacker activating (Activation window), an undamaged
// instance of the weapon not used this Attack Window (Array: twice), Fire Control left,
// the weapon's rating against the target type, Sensor Range (Stealth, Emissions, Sensors
// damage, Snooper, Long Range Sensors), the weapon's arcs, Lance only in the Assault,
// Bombing and Dogfight windows, Nuke and Bomb restrictions, Concentrated Fire and Long
// Range Sensors single target, Assaulting targets, a failed Cloak test. Each refusal names
// its rule. Also computes the pool, with its modifiers listed.
[[nodiscard]] AttackCheck checkAttack(const GameSetup &setup, const GameState &state, int attacker,
                                      int weapon, int target,
                                      AttackWindow window = AttackWindow::Activation);

// Every weapon line x enemy model on the table, allowed or not (check.ok()).
[[nodiscard]] std::vector<AttackOption>
attackOptions(const GameSetup &setup, const GameState &state, int attacker,
              AttackWindow window = AttackWindow::Activation);

// Resolves one declared attack (Attack Window steps 1-7): Cloak test, Lock On, Lance Fuel,
// spends Fire Control, marks the weapon used (Link: every unused instance fires, one roll
// each), rolls, asks the attacker's flex dice ("flex") and re-roll ("reroll"), opposes
// Missiles with Point Defense and Kinetic Cannon, Mass Driver and Missile attacks with a
// Barrier ("diminish" asks the defender), applies Swarm, Energy/Reactive Armor and Nuke,
// then the damage (damage.h), then the Kinetic Cannon's secondary targets (-1B, farthest
// first). Returns the rejection, with nothing changed, when checkAttack() refuses.
[[nodiscard]] std::optional<Rejection>
resolveAttack(const GameSetup &setup, GameState &state, int attacker, int weapon, int target,
              DiceSource &dice, Chooser &chooser, std::vector<GameEvent> &events,
              AttackWindow window = AttackWindow::Activation);

// What an attack would roll and what it would do, before any die is rolled: the attack
// preview of the table. Built by the same code as the attack itself (buildShot in
// attack.cpp), so `pool` and `modifiers` are exactly those of the "attack" event that
// resolveAttack() logs for its first roll.
struct AttackDefence
{
    enum Kind : quint8 {
        PointDefense, // the target's, against Missiles
        Barrier // the target's or a friendly model's within 3"
    };
    Kind kind = PointDefense;
    int model = -1; // who rolls it
    DicePool pool;
    QStringList modifiers;
    // `modifiers` as data, one step per line, each with its reason typed (the attack preview
    // lists them with their rules: defenceStepRule, poolsteprule.h).
    std::vector<PoolStep> steps;
    double pSuccess = 0; // the chance it rolls at least one success (then it diminishes)

    friend bool operator==(const AttackDefence &, const AttackDefence &) = default;
};

// What a rule does to the attack's result after the roll (in the order the attack applies
// them), for the preview to list: "Beam Projector: may re-roll", "Swarm: [T+] diminished".
struct ResultRule
{
    QString rule; // "Beam Projector", "Swarm", "Shield"
    QString effect; // "may re-roll the attack once"
    bool inOdds = false; // the odds below account for it
    // `rule` and `effect` typed (message.h): `rule` is `ruleMessage.english()`.
    Message ruleMessage = {};
    Message effectMessage = {};

    // `rule` and `effect` in the application's language (the attack preview shows them).
    [[nodiscard]] QString translatedRule() const
    {
        return ruleMessage.isEmpty() ? rule : ruleMessage.translated();
    }
    [[nodiscard]] QString translatedEffect() const
    {
        return effectMessage.isEmpty() ? effect : effectMessage.translated();
    }

    friend bool operator==(const ResultRule &, const ResultRule &) = default;
};

struct AttackPreview
{
    AttackCheck check; // rejection, range band, distance, arc, pool, modifiers, steps
    int attacker = -1;
    int weapon = -1;
    int target = -1;
    AttackWindow window = AttackWindow::Activation;
    int shots = 1; // rolls this one command makes (Link: every unused instance)
    std::vector<int> secondaryTargets; // Kinetic Cannon: the models on its 1" line
    bool mayBeIntercepted = false; // a Squadron's attack: enemy squadrons may intercept first
    bool cloakTest = false; // a Skill Test [D+] comes first (Cloak at Long range)
    // The target may oppose a successful roll with one of these (its choice).
    std::vector<AttackDefence> defences;
    std::vector<ResultRule> resultRules;
    // The odds of the final result of one roll: the pool as rolled (DicePool::effective()),
    // the best flex choice, the re-roll of an [N] when a rule allows one, Swarm, Nuke and
    // "all results are Diminished"; not the defences nor the rules marked !inOdds.
    DiceOdds odds;
    double pNone = 0; // the chance of [N]
    // Expected damage to the target as it is now, from `odds` (one roll; RULINGS.md 1):
    // Capital Ship: Rating Damage ([D]; Particle Cannon [T+]), Structure and Critical Hits
    // ([T] 1, [Q+] 2; Mass Driver +1 Critical Hit on a [D]); Squadron: Structure ([D] 1,
    // [T] 2, [Q+] Destroyed or 3 by the rules profile), capped at what it has left.
    double structure = 0;
    double rating = 0;
    double criticals = 0;
    double pDestroyed = 0; // a Squadron destroyed, a Capital Ship brought to Structure 0
    int structureLeft = 0;

    [[nodiscard]] bool ok() const { return check.ok(); }
};

// The preview of `attacker`'s attack on `target` with weapon line `weapon` now (no dice,
// nothing changed); check.rejection says why it may not be made.
[[nodiscard]] AttackPreview previewAttack(const GameSetup &setup, const GameState &state,
                                          int attacker, int weapon, int target,
                                          AttackWindow window = AttackWindow::Activation);

// Point Defense (Attack: Point Defense): Defense as the Base Pool, +1F for each friendly
// ship with Defense 1+ within 3", +1F for working Drones.
// The Skill a model's Skill Tests use (Traits › Command): its own, or that of a
// friendly model with a working Command trait whose Short Sensor Range reaches
// it (6" to a Capital Ship, 3" to a Squadron), whichever is higher. Not for
// Repair rolls (the callers of Repair use their own Skill).
[[nodiscard]] int skillForTest(const GameSetup &setup, const GameState &state, int model);

namespace rules {
class TableQuestions;
}
// On a physical table, `table` asks the players what the pool needs (who supports it,
// the terrain it is in); without it, a physical table's pool has neither.
[[nodiscard]] DicePool pointDefensePool(const GameSetup &setup, const GameState &state,
                                        int defender, QStringList *modifiers = nullptr,
                                        rules::TableQuestions *table = nullptr);

// A Point Defense attack of `defender` on `target` (Assault, Bombing Run, Engage Point
// Defense, Stay on Target, ramming): an unopposed roll of pointDefensePool(), its damage
// applied. Returns the Result (the caller reads e.g. "[T+]: driven off").
// `engaged`: the Engage Point Defense Action (v1.2.2 Assaulting: its results on an
// Assaulting squadron are Diminished).
DiceResult resolvePointDefenseAttack(const GameSetup &setup, GameState &state, int defender,
                                     int target, DiceSource &dice, Chooser &chooser,
                                     std::vector<GameEvent> &events, bool engaged = false);

// An attack that no weapon makes: a terrain piece's Move or Overlap effect ("If a Move or
// Overlap effect has an AC or AS rating, resolve an Attack on the model moving through or
// overlapping the terrain"). House ruling: the Base Pool is the rating (AC against a
// Capital Ship, AS against a Squadron), with no Flex Dice, Macro Pool or Armor (terrain has
// no arc nor range), rolled by the target's opponent (who also makes the attacker's
// choices; a UIO's: the player with Initiative). `mine`: a Mine token's model: the attack
// is a Missile attack of that model (Precise, opposed by Point Defense or a Barrier).
struct TerrainAttack
{
    QString by; // "Asteroid Field", "Mines 1"
    int ac = 0;
    int as = 0;
    int mine = -1; // the Mine token's model, or -1
    Message byMessage = {}; // `by` typed (a kind's name, "the Tail of %1"); empty: `by` is a name
};
void resolveTerrainAttack(const GameSetup &setup, GameState &state, int target,
                          const TerrainAttack &attack, DiceSource &dice, Chooser &chooser,
                          std::vector<GameEvent> &events);

// Explosion of a ship that rolled Explode (States: Crippled), per the profile's explosion
// rule, on every model in range; the damage may cascade into further explosions.
void resolveExplosion(DamageContext &ctx, int ship);

} // namespace jw
