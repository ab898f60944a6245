// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/inlineints.h"
#include "geometry/baseshape.h"
#include "geometry/placement.h"
#include "units/unit.h"

#include <QString>

#include <vector>

namespace jw {

// Where a model is (States: In Reserve, Embarked; Destroyed and Withdrawn are
// out of the game).
enum class Location {
    Reserve,
    Embarked,
    Table,
    Destroyed,
    Withdrawn
};
[[nodiscard]] QString locationId(Location l); // "reserve", "embarked", "table", ...
[[nodiscard]] std::optional<Location> locationFromId(const QString &id);

// The States chapter's states that a model carries between commands (those that
// are locations are Location). Bit flags.
enum ModelFlag : quint32 {
    FlagCrippled = 1u << 0,
    FlagCaptured = 1u << 1,
    FlagDisrupted = 1u << 2,
    FlagEvading = 1u << 3,
    FlagStationKeeping = 1u << 4,
    FlagStealthed = 1u << 5,
    FlagReturnToBase = 1u << 6,
    FlagAssaulting = 1u << 7,
    FlagBoarded = 1u << 8,
};
[[nodiscard]] QStringList flagIds(quint32 flags); // "crippled", "captured", ...
[[nodiscard]] quint32 flagFromId(const QString &id); // 0 when unknown
[[nodiscard]] QString flagName(ModelFlag flag); // "Crippled"

// The rating tracks of a card that take damage.
enum class Rating {
    Structure,
    Defense,
    Sensors,
    Thrusters,
    Marines,
    Fuel
};
[[nodiscard]] QString ratingId(Rating r); // "structure", ...
[[nodiscard]] QString ratingName(Rating r); // "Structure", ...

// A masked game (maskedview.h, v1.2.4 secret information): the carrier of the other
// player's hidden model Embarked where the viewer is not told (a carrier on the table).
inline constexpr int kSealedCarrier = -2;
// Whether `unitId` is the stand-in card of a hidden model in a masked game (maskedview.h).
[[nodiscard]] bool isStandInUnit(const QString &unitId);

// A model's counters per weapon line, per trait, per weapon instance fired: inline up to 8
// (the shipped cards have at most 5 weapon lines, 7 traits and 8 weapon instances;
// unitlimits.h allows 20 of each, which go to the heap), so that copying the state does
// not allocate for each model (docs/performance.md, stop 35).
using ModelCounters = InlineInts<8>;

// One model in a game: which card it is, where it is, what is marked on its card.
// A value (copied with the GameState, compared, saved).
struct ModelState
{
    int id = 0; // index in GameState::models
    int owner = 0; // the player whose fleet it came from (0 or 1)
    int controller = 0; // who commands it now (Captured changes it)
    int entry = 0; // index in the owner's fleet entries
    QString unitId;
    QString name; // the fleet entry's name, or the unit's

    Location location = Location::Reserve;
    int carrier = -1; // Embarked: the model it is embarked on
    Placement placement; // Table: where it stands

    // Boxes marked off each track, from the top (Damage: "marking off the highest
    // unmarked Rating box"). Fuel is spent and refreshed, not damaged.
    int structureLost = 0;
    int defenseLost = 0;
    int sensorsLost = 0;
    int thrustersLost = 0;
    int marinesLost = 0;
    int fuelSpent = 0;
    ModelCounters weaponsDamaged; // damaged instances per weapon line
    ModelCounters traitsDamaged; // marked boxes per trait (System Traits)

    quint32 flags = 0;
    int boarders = 0; // Boarded: the enemy Marines aboard
    int assaultTarget = -1; // Assaulting: the Capital Ship in base contact
    int fireControlSpent = 0; // this Attack Window
    // Weapon lines fired this Attack Window (one entry per instance) when this model is not
    // the activating one (a Dogfight's Engage); the activating model's are in Activation.
    ModelCounters weaponsUsed;
    bool activated = false; // this turn
    bool revealed = false; // has been on the table (v1.2.4 secret information)
    bool fuelPodsUsed = false;
    double towed = 0; // Static: inches moved by a Tug this turn
    bool fuelPodsAvoidReturn = false; // Fuel Pods' option: not entering Return to Base once
    bool catastrophicPending = false; // rolls on the table at the next Deployment Phase
    int deployedTurn = 0; // the turn it was deployed (0: not deployed by a Deployment Phase)
    int escapePods = 0; // Break the Truce: Escape Pods aboard
    int water = 0; // Water Raid: units of water aboard
    bool waterFuelPods = false; // Water Raid: a water unit forfeited for the Fuel Pods trait
    int intelligence = 0; // Scavenger Hunt: Intelligence Tokens aboard
    // A Space Station, UIO or Mine token: its index in GameState::terrain, -1 for the models
    // of the fleets. Such a model is never deployed nor activated (a Space Station is:
    // house ruling, see docs/rules-coverage.md) and is worth no Victory Points.
    int terrain = -1;

    [[nodiscard]] bool has(ModelFlag f) const { return (flags & f) != 0; }
    void set(ModelFlag f, bool on = true) { flags = on ? (flags | f) : (flags & ~quint32(f)); }
    [[nodiscard]] bool onTable() const { return location == Location::Table; }
    [[nodiscard]] bool inPlay() const
    {
        return location != Location::Destroyed && location != Location::Withdrawn;
    }

    friend bool operator==(const ModelState &, const ModelState &) = default;
};

// A model's current ratings, read off its card and its damage (and its states,
// where a state sets a rating: Crippled, Captured and Evading set Fire Control).
class ModelView
{
public:
    ModelView(const Unit &unit, const ModelState &model)
        : m_unit(unit)
        , m_model(model)
    { }
    [[nodiscard]] const Unit &unit() const { return m_unit; }
    [[nodiscard]] const ModelState &model() const { return m_model; }

    [[nodiscard]] const Track &track(Rating r) const;
    [[nodiscard]] int lost(Rating r) const;
    [[nodiscard]] int rating(Rating r) const; // current value
    [[nodiscard]] int starting(Rating r) const; // printed value
    [[nodiscard]] int structure() const { return rating(Rating::Structure); }
    [[nodiscard]] int fuel() const; // starting Fuel minus what was spent
    [[nodiscard]] int fireControl() const; // after states
    [[nodiscard]] int fireControlLeft() const; // this Attack Window
    [[nodiscard]] int skill() const; // with Renowned
    [[nodiscard]] int speed() const; // Station Keeping: 0
    [[nodiscard]] int minMove() const; // Speed - Thrusters (capital ships)
    [[nodiscard]] int maxMove() const; // Speed + Thrusters; squadrons Speed
    [[nodiscard]] int maxTurns() const; // min(Turns, Thrusters) (RULINGS.md 1)
    [[nodiscard]] int weaponInstancesLeft(int weapon) const;
    [[nodiscard]] bool traitWorks(const QString &trait) const; // present, and not systemDamaged
    // A System Trait (index in the unit's traits) is damaged: all its boxes are
    // marked, or it is Countermeasures on a model at Defense 0 ("When a model
    // reaches 0 Defense rating, this System Trait is assumed to be damaged").
    [[nodiscard]] bool systemDamaged(int traitIndex) const;
    [[nodiscard]] int traitValue(const QString &trait) const; // X of Trait: X, 0 if absent
    // Systems at 0 for the Catastrophic Damage Table: Defense, Sensors, Thrusters and
    // System Traits at 0.
    [[nodiscard]] int systemsAtZero() const;
    [[nodiscard]] BaseShape base() const;

private:
    const Unit &m_unit;
    const ModelState &m_model;
};

} // namespace jw
