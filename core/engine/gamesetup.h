// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "units/datatext.h"

#include "engine/scenario.h"
#include "engine/terrain.h"
#include "fleet/fleet.h"
#include "fleet/rulesprofile.h"
#include "geometry/zones.h"
#include "units/unit.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

namespace jw {

class UnitDatabase;

// Where a game is played (ARCHITECTURE.md, "One engine, every table").
// Digital: on jwfleet's table; the engine measures every distance, arc and range.
// Physical: with miniatures on a real table (the companion, docs/physical-table.md);
// the engine keeps the cards and enforces every rule it can check without seeing the
// table, and asks the players what only the table shows (range band, arc, terrain, who
// is within 3") as decisions. Models have no positions.
enum class TableKind {
    Digital,
    Physical
};
[[nodiscard]] QString tableKindId(TableKind t); // "digital", "physical"
[[nodiscard]] std::optional<TableKind> tableKindFromId(const QString &id);

struct PlayerSetup
{
    QString name; // "Dave"
    Fleet fleet;
    // Who plays this side: empty, a person at the screen; else the computer opponent's level
    // (aiLevelId: "random", "greedy", "careful"; docs/ai.md). The engine reads
    // none of it: the table asks the computer for this player's commands.
    QString computer = {};
    friend bool operator==(const PlayerSetup &, const PlayerSetup &) = default;
};

// A model placed before the game starts (scripted games: reproducing a rules
// example or a bug report without playing the deployment).
struct ModelStart
{
    int player = 0;
    int entry = 0; // index in that player's fleet
    QString location = QStringLiteral("table"); // "table", "reserve", "embarked", "destroyed", ...
    double x = 0, y = 0, facing = 0;
    int carrier = -1; // embarked: the carrier's model id
    // Boxes marked before the game: structure, defense, sensors, thrusters, marines, fuel.
    std::map<QString, int> lost;
    std::vector<int> weaponsDamaged; // per weapon line
    std::map<QString, int> traitsDamaged; // System Trait boxes marked, by trait name
    QStringList states; // "crippled", "evading", ...
    bool activated = false;
    int boarders = 0; // Boarded: the enemy Marines aboard
    int assaultTarget = -1; // Assaulting: the capital ship's model id
    friend bool operator==(const ModelStart &, const ModelStart &) = default;
};

// Everything a game starts from. With the seed and the commands it reproduces
// the game exactly (ARCHITECTURE.md: the engine contract). The units the fleets
// use are copied in, so a saved game replays the same even if the unit
// database changes later.
// GameSetup::unit()'s index of `units` by id (a hash, where the map compares strings a few
// times a lookup: the engine looks units up thousands of times a decision). Built by the
// Engine on its own setup once it is complete (Engine never changes it afterwards); a copy,
// or a setup moved from, starts without it and looks in the map, so an index never points
// into another setup's units. Not part of a setup's value (== ignores it).
class UnitIndex
{
public:
    UnitIndex() = default;
    UnitIndex(const UnitIndex &) { }
    UnitIndex &operator=(const UnitIndex &)
    {
        m_units.clear();
        m_shared.clear();
        return *this;
    }
    ~UnitIndex() = default;

    void build(const std::map<QString, Unit> &units);
    // `id` (a fleet entry's unit id, which the models' ids are copied from) is looked up first
    // by its string's data, before hashing: see m_shared.
    void share(const QString &id);
    [[nodiscard]] const Unit *find(const QString &id) const
    {
        // The models' unit ids are copies of the setup's own strings (implicitly shared):
        // the same data, of the same length, is the same id. (The setup's strings live and do
        // not change as long as the index does, so no other string has their data.)
        if (!m_shared.empty()) {
            const QChar *data = id.constData();
            const std::size_t mask = m_shared.size() - 1;
            for (std::size_t i = slotOf(data, mask); m_shared[i].data; i = (i + 1) & mask)
                if (m_shared[i].data == data && m_shared[i].size == id.size())
                    return m_shared[i].unit;
        }
        const auto it = m_units.constFind(id);
        return it == m_units.cend() ? nullptr : *it;
    }
    [[nodiscard]] bool isEmpty() const { return m_units.isEmpty(); }

    friend bool operator==(const UnitIndex &, const UnitIndex &) { return true; }

private:
    QHash<QString, const Unit *> m_units;
    struct Shared
    {
        const QChar *data = nullptr;
        qsizetype size = 0;
        const Unit *unit = nullptr;
    };
    // The setup's unit ids, by their strings' data: an open-addressed table (a power of two,
    // at least a quarter empty), probed from slotOf().
    std::vector<Shared> m_shared;
    [[nodiscard]] static std::size_t slotOf(const QChar *data, std::size_t mask)
    {
        return (reinterpret_cast<std::uintptr_t>(data) >> 4) & mask;
    }
};

struct GameSetup
{
    QString rules = QStringLiteral("v1.2.2"); // rules profile id
    QString scenario = QStringLiteral("introductory"); // the id of scenarioRules
    // The scenario's rules, copied in (as the units are): a group's own scenario
    // replays the same wherever the saved game is opened. setScenario() sets both.
    Scenario scenarioRules;
    // Choices a scenario leaves to the players, given in advance (scripts): the
    // Initiative player's quadrant (Corner Deployment Zone), and the edge the
    // Defender escapes through (Ambush; needed when the game starts after the
    // first Deployment Phase). nullopt: asked during the game.
    std::optional<TableCorner> corner;
    std::optional<TableEdge> escapeEdge;
    std::array<PlayerSetup, 2> players;
    std::optional<int> initiative; // nullopt: Random Selection at the start
    std::uint64_t seed = 0;
    int turns = 7; // Structure of a Game: "seven Game Turns"
    std::map<QString, Unit> units; // every unit the fleets use, by id
    // A masked game's setup (MaskedView::maskedSetup, v1.2.4 secret information): the other
    // player's hidden models are stand-ins, and a sealed Embark is taken. Set only there, and
    // when a masked game's own saved game is read (its `masked` record, stand-ins in its
    // fleets); never from a script, so that no game of real cards embarks a model on no
    // carrier (only a stand-in may be sealed).
    bool masked = false;
    // Scripted start: when `starts` is not empty, the game begins at `startTurn`
    // and `startPhase` ("deployment" or "activation") with these models placed;
    // models not listed stay In Reserve.
    std::vector<ModelStart> starts;
    int startTurn = 1;
    QString startPhase = QStringLiteral("deployment");
    // Terrain placed before the game (engine/terrain.h). The Engine rolls what a piece
    // leaves open (Space Station and UIO ratings) when it is built, from the seed, and
    // adds the unit cards of the terrain that are models to `units`.
    std::vector<TerrainPiece> terrain;
    // Digital, or a physical table (TableKind).
    TableKind table = TableKind::Digital;
    // Physical table: the dice are rolled on the table and their faces typed in (every roll
    // waits for a RollCommand, which may also ask the app to roll); false: the app rolls
    // them from the seed, as in a digital game.
    bool typedDice = false;

    [[nodiscard]] bool physical() const { return table == TableKind::Physical; }
    [[nodiscard]] RulesProfile profile() const; // the default profile when unknown
    // Plays `s`: its id, its rules and its number of turns.
    void setScenario(const Scenario &s);
    [[nodiscard]] const Unit *unit(const QString &id) const;
    // Builds unitIndex (above): only on a setup whose units no longer change.
    void indexUnits();
    UnitIndex unitIndex;

    // A setup for two fleets, with their units copied from `db`. Returns an
    // error message when a fleet names a unit the database does not have. A stand-in
    // (isStandInUnit: a masked lobby's public part of the other side's fleet, docs/network.md
    // "A masked lobby") gets its stand-in card only when `standIns` allows it (a network host's
    // game); otherwise it is a unit the database does not have (a fleet file, a script).
    enum class StandIns {
        Refused,
        Allowed
    };
    [[nodiscard]] static std::optional<QString> fillUnits(GameSetup &setup, const UnitDatabase &db,
                                                          StandIns standIns = StandIns::Refused);

    // Why the engine cannot start from this setup (a file another program
    // wrote, or a damaged one): a unit card missing, a number of turns or a
    // model index out of range, an unknown state. nullopt when it can. The
    // engine indexes its models with these numbers: every reader of a setup
    // calls this before the setup reaches the engine.
    [[nodiscard]] std::optional<QString> check() const;
    // check() as a sentence to translate (a saved game's problem in the GUI).
    [[nodiscard]] std::optional<DataText> checkText() const;

    static constexpr int kMaxTurns = 99;
    static constexpr int kMaxModelsPerFleet = 10'000;

    friend bool operator==(const GameSetup &, const GameSetup &) = default;
};

} // namespace jw
