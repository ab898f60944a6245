// SPDX-License-Identifier: GPL-3.0-or-later
#include "campaign/battleimport.h"

#include "engine/game.h"
#include "engine/gamefile.h"
#include "engine/luckreport.h"
#include "engine/scenario.h"
#include "fleet/fleetfile.h"
#include "fleet/upgrade.h"
#include "io/textcheck.h"
#include "units/unitdatabase.h"
#include "units/yamlreader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <cmath>
#include <set>

namespace jw {

namespace {

const Track *trackOf(const Unit &u, const QString &id)
{
    if (id == QLatin1String("structure"))
        return &u.structure;
    if (id == QLatin1String("defense"))
        return &u.defense;
    if (id == QLatin1String("sensors"))
        return &u.sensors;
    if (id == QLatin1String("thrusters"))
        return &u.thrusters;
    if (id == QLatin1String("marines"))
        return &u.marines;
    return nullptr;
}

int tvWithUpgrades(const Unit &u, const QStringList &upgrades)
{
    int tv = u.tv;
    for (const QString &up : upgrades)
        if (const Upgrade *g = Upgrade::byId(up))
            tv += g->tv;
    return tv;
}

RatingMap remainingOf(const Unit &u, const RatingMap &lost)
{
    RatingMap out;
    for (const QString &id : damageTracks()) {
        const Track *t = trackOf(u, id);
        if (!t || t->isEmpty())
            continue;
        auto it = lost.find(id);
        out[id] = t->valueAfter(it == lost.end() ? 0 : it->second);
    }
    return out;
}

DataIssue issue(const QString &file, const DataText &message)
{
    return DataIssue::make(file, 0, 0, message);
}

} // namespace

QString BattleImport::errorText() const
{
    return issuesText(issues, false);
}

QString BattleImport::localErrorText() const
{
    return issuesText(issues, true);
}

// ---- From a game ------------------------------------------------------------

namespace {

// A finished game's battle, or (`forfeit`) one a player forfeited before its end: the winner
// the forfeit declares, the state where the game stopped.
BattleImport battleOf(const Game &game, const QDate &date, const QString &displayName,
                      const std::optional<int> &forfeitWinner)
{
    BattleImport out;
    const GameState &s = game.state();
    const Engine &engine = game.engine();
    const GameSetup &setup = game.setup();
    if (!forfeitWinner && s.phase != Phase::Over) {
        out.issues.push_back(
            issue(displayName,
                  DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                 "the game is not finished (turn %1, %2 phase): "
                                                 "only a finished game is a battle; enter an "
                                                 "unfinished one as a battle report"),
                               {s.turn, phaseId(s.phase)})));
        return out;
    }
    Battle b;
    b.date = date;
    b.scenario = setup.scenario;
    b.source = QStringLiteral("game");
    const auto vp = engine.victoryPoints(s);
    for (int p = 0; p < 2; ++p) {
        BattleSide &side = b.sides[std::size_t(p)];
        side.playerName = setup.players[std::size_t(p)].name;
        side.fleet = setup.players[std::size_t(p)].fleet;
        side.victoryPoints = vp[std::size_t(p)];
        side.objectivePoints = s.objectivePoints[std::size_t(p)];
    }
    if (forfeitWinner)
        b.winner = *forfeitWinner;
    else
        b.winner = s.winner ? *s.winner
                            : Battle::winnerFrom({s.objectivePoints[0], s.objectivePoints[1]}, vp);

    // Kills: the model activating when an enemy model was Destroyed.
    std::map<int, int> kills;
    const auto &log = game.log();
    for (std::size_t i = 0; i < game.history().size() && i + 1 < log.size(); ++i) {
        // The history keeps which model activates after each command, not every state.
        int actor = game.activeModelAfter(int(i));
        if (actor < 0)
            actor = game.activeModelAfter(int(i) + 1);
        if (actor < 0)
            continue;
        for (const GameEvent &e : log[i + 1]) {
            if (e.kind != QLatin1String("destroyed"))
                continue;
            const int victim = e.data.value(QStringLiteral("model")).toInt(-1);
            const ModelState *v = s.model(victim);
            const ModelState *a = s.model(actor);
            if (v && a && victim != actor && v->owner != a->owner)
                ++kills[actor];
        }
    }

    for (const ModelState &m : s.models) {
        // Only the fleets' units: terrain that is a model (a UIO, owner -1; a
        // Space Station; Mine tokens) is no unit of a roster.
        if (m.owner != 0 && m.owner != 1)
            continue;
        if (m.entry < 0 || m.entry >= setup.players[std::size_t(m.owner)].fleet.size())
            continue;
        UnitOutcome o;
        o.side = m.owner;
        o.entry = m.entry;
        o.unitId = m.unitId;
        const Fleet &fleet = setup.players[std::size_t(m.owner)].fleet;
        const Unit &unit = engine.unitOf(m);
        // As the players know it: the custom name, else the unit's ("Uller", not "uller").
        o.name = m.entry < fleet.size() ? fleet.entries[std::size_t(m.entry)].name : QString();
        if (o.name.isEmpty())
            o.name = unit.name;
        o.tv = tvWithUpgrades(unit,
                              m.entry < fleet.size() ? fleet.entries[std::size_t(m.entry)].upgrades
                                                     : QStringList());
        const std::pair<const char *, int> lost[] = {{"structure", m.structureLost},
                                                     {"defense", m.defenseLost},
                                                     {"sensors", m.sensorsLost},
                                                     {"thrusters", m.thrustersLost},
                                                     {"marines", m.marinesLost}};
        for (const auto &[id, n] : lost)
            if (n > 0)
                o.lost[QString::fromLatin1(id)] = n;
        const ModelView view = engine.view(s, m.id);
        for (const auto &[id, r] :
             {std::pair {"structure", Rating::Structure}, std::pair {"defense", Rating::Defense},
              std::pair {"sensors", Rating::Sensors}, std::pair {"thrusters", Rating::Thrusters},
              std::pair {"marines", Rating::Marines}})
            if (!view.track(r).isEmpty())
                o.remaining[QString::fromLatin1(id)] = view.rating(r);
        if (m.location == Location::Destroyed)
            o.fate = UnitFate::Destroyed;
        else if (m.location == Location::Withdrawn)
            o.fate = UnitFate::Withdrawn;
        else if (m.has(FlagCaptured) && m.controller != m.owner)
            o.fate = UnitFate::Captured;
        else if (m.has(FlagCrippled))
            o.fate = UnitFate::Crippled;
        else if (boxesMarked(o.lost) > 0)
            o.fate = UnitFate::Damaged;
        o.kills = kills.count(m.id) ? kills[m.id] : 0;
        b.outcomes.push_back(o);
    }
    std::sort(b.outcomes.begin(), b.outcomes.end(), [](const UnitOutcome &x, const UnitOutcome &y) {
        return std::pair(x.side, x.entry) < std::pair(y.side, y.entry);
    });
    // The game's log holds every roll: each side's attack dice against the odds.
    const LuckReport luck = luckReport(game);
    std::array<SideLuck, 2> sides;
    for (std::size_t i = 0; i < 2; ++i) {
        const LuckTotals &t = luck.totals[i];
        sides[i]
            = SideLuck {t.attacks, t.successes, int(std::llround(t.expectedSuccesses * 1000.0))};
    }
    b.luck = sides;
    out.battle = b;
    return out;
}

} // namespace

BattleImport battleFromGame(const Game &game, const QDate &date, const QString &displayName)
{
    return battleOf(game, date, displayName, std::nullopt);
}

BattleImport battleFromForfeit(const Game &game, const QDate &date, const QString &displayName,
                               int winner, const QString &notes)
{
    BattleImport out;
    if (winner != 0 && winner != 1) {
        out.issues.push_back(issue(
            displayName,
            DataText::of(QT_TRANSLATE_NOOP("jw::Data", "a forfeit's winner is player 0 or 1"))));
        return out;
    }
    out = battleOf(game, date, displayName, winner);
    if (out.battle)
        out.battle->notes = notes;
    return out;
}

BattleImport battleFromGameFile(const QString &path, const QDate &date)
{
    // A file from outside: whatever goes wrong reading or replaying it is an
    // error about the file, never an exception out of here.
    try {
        const GameFile::Loaded loaded = GameFile::read(path);
        if (!loaded.game) {
            // The file's name is the issue's: cut from the sentence, in English and in the
            // user's language alike.
            const auto withoutPath = [&](const QString &text) {
                return text.startsWith(path) ? text.mid(path.size() + 2) : text;
            };
            BattleImport out;
            out.issues.push_back(issue(
                path,
                DataText::localized(withoutPath(loaded.error), withoutPath(loaded.localError()))));
            return out;
        }
        return battleFromGame(*loaded.game, date, path);
    } catch (const std::exception &e) {
        BattleImport out;
        out.issues.push_back(
            issue(path,
                  DataText::of(QT_TRANSLATE_NOOP("jw::Data", "cannot read the game: %1"),
                               {QString::fromLocal8Bit(e.what())})));
        return out;
    }
}

// ---- From a battle report ----------------------------------------------------

namespace {

const QStringList kRootKeys {QStringLiteral("date"), QStringLiteral("scenario"),
                             QStringLiteral("notes"), QStringLiteral("winner"),
                             QStringLiteral("sides")};
const QStringList kSideKeys {QStringLiteral("player"), QStringLiteral("fleet"),
                             QStringLiteral("victory_points"), QStringLiteral("objective_points"),
                             QStringLiteral("units")};
const QStringList kUnitKeys {QStringLiteral("entry"), QStringLiteral("unit"),
                             QStringLiteral("name"),  QStringLiteral("fate"),
                             QStringLiteral("lost"),  QStringLiteral("kills")};

QString shownName(const FleetEntry &e, const UnitDatabase *db)
{
    if (!e.name.isEmpty())
        return e.name;
    if (db)
        if (const Unit *u = db->unit(e.unitId))
            return u->name;
    return e.unitId;
}

} // namespace

BattleImport battleFromReport(const QByteArray &yaml, const QString &file,
                              const RosterFleetLookup &rosterFleet, const UnitDatabase *db)
{
    BattleImport out;
    YamlReader r(file);
    const std::optional<YAML::Node> loaded = r.load(yaml);
    if (!loaded) {
        out.issues = std::move(r.issues);
        return out;
    }
    const YAML::Node &root = *loaded;
    const DataText what = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "a battle report"));
    if (!r.checkMap(root, kRootKeys, what)) {
        out.issues = std::move(r.issues);
        return out;
    }
    Battle b;
    b.source = QStringLiteral("report");
    if (auto d = r.text(root, "date", what, true)) {
        b.date = QDate::fromString(*d, Qt::ISODate);
        if (!b.date.isValid())
            r.error(YamlReader::value(root, "date"),
                    DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                   "'date' must be a date as YYYY-MM-DD, not '%1'"),
                                 {*d}));
    }
    b.scenario = r.text(root, "scenario", what, false).value_or(QStringLiteral("introductory"));
    if (YamlReader::present(root, "scenario")) {
        // The scenarios the battle entry form offers: the shipped ones.
        static const QStringList known = ScenarioLibrary::loadShipped().ids();
        if (!known.contains(b.scenario))
            r.error(YamlReader::value(root, "scenario"),
                    DataText::of(QT_TRANSLATE_NOOP("jw::Data", "unknown scenario '%1' (%2)"),
                                 {b.scenario, known.join(QStringLiteral(", "))}));
    }
    b.notes = r.text(root, "notes", what, false, true).value_or(QString());
    if (const DataText why = io::textProblemText(b.notes); !why.isEmpty())
        r.error(YamlReader::value(root, "notes"),
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'notes' %1"), {why}));
    // Where each unit of the battle was named, for the errors found later.
    std::map<std::pair<int, int>, YAML::Mark> unitMarks;

    const YAML::Node sides = YamlReader::value(root, "sides");
    if (!sides.IsDefined()) {
        r.missing(root, "sides", what);
    } else if (!sides.IsSequence() || sides.size() != 2) {
        r.error(
            sides,
            DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'sides' must be a list of the two sides")));
    } else {
        for (std::size_t s = 0; s < 2; ++s) {
            const YAML::Node node = sides[s];
            const QString sw = QStringLiteral("sides[%1]").arg(s);
            if (!r.checkMap(node, kSideKeys, sw))
                continue;
            BattleSide &side = b.sides[s];
            side.playerName = r.text(node, "player", sw, true).value_or(QString());
            if (const DataText why = io::nameProblemText(side.playerName); !why.isEmpty())
                r.error(YamlReader::value(node, "player"),
                        DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'player' %1"), {why}));
            side.victoryPoints = r.integer(node, "victory_points", sw, true, 0).value_or(0);
            side.objectivePoints = r.integer(node, "objective_points", sw, false, 0).value_or(0);
            for (const char *key : {"victory_points", "objective_points"}) {
                const int n = key[0] == 'v' ? side.victoryPoints : side.objectivePoints;
                if (n > kMaxCampaignNumber)
                    r.error(YamlReader::value(node, key),
                            DataText::of(
                                QT_TRANSLATE_NOOP("jw::Data", "'%1' must be at most %2, not %3"),
                                {QString::fromLatin1(key), kMaxCampaignNumber, n}));
            }
            bool haveFleet = false;
            if (auto path = r.text(node, "fleet", sw, false)) {
                const QString full = QDir(QFileInfo(file).absolutePath()).filePath(*path);
                const FleetFileResult f = FleetFile::read(full);
                if (!f.ok()) {
                    r.error(YamlReader::value(node, "fleet"),
                            DataText::of(
                                QT_TRANSLATE_NOOP("jw::Data", "the fleet file cannot be read:\n%1"),
                                {f.errorText()}));
                } else {
                    side.fleet = *f.fleet;
                    haveFleet = true;
                }
            } else if (!side.playerName.isEmpty()) {
                if (auto f = rosterFleet ? rosterFleet(side.playerName) : std::nullopt) {
                    side.fleet = *f;
                    haveFleet = true;
                } else {
                    r.error(YamlReader::value(node, "player"),
                            DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                           "no player named '%1' in this campaign"),
                                         {side.playerName}));
                }
            }
            if (!haveFleet)
                continue;
            // Units not listed are named by the side's fleet file, or its player's roster.
            const YAML::Mark sideMark = YamlReader::present(node, "fleet")
                ? YamlReader::value(node, "fleet").Mark()
                : YamlReader::value(node, "player").Mark();
            // Outcomes: listed units; the others are Intact.
            std::set<int> taken;
            const YAML::Node units = YamlReader::value(node, "units");
            if (units.IsDefined() && !units.IsNull() && !units.IsSequence()) {
                r.error(units,
                        DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                       "'units' must be a list of unit outcomes")));
            } else if (units.IsDefined() && units.IsSequence()) {
                for (std::size_t i = 0; i < units.size(); ++i) {
                    const YAML::Node u = units[i];
                    const QString uw = QStringLiteral("%1.units[%2]").arg(sw).arg(i);
                    if (!r.checkMap(u, kUnitKeys, uw))
                        continue;
                    int entry = -1;
                    const auto byEntry = r.integer(u, "entry", uw, false, 0);
                    const auto byName = r.text(u, "name", uw, false);
                    const auto byUnit = r.text(u, "unit", uw, false);
                    bool refused = false;
                    for (auto [key, value] : {std::pair {"name", &byName}, {"unit", &byUnit}}) {
                        if (!*value)
                            continue;
                        if (const DataText why = io::nameProblemText(**value); !why.isEmpty()) {
                            r.error(YamlReader::value(u, key),
                                    DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'%1' %2"),
                                                 {QString::fromLatin1(key), why}));
                            refused = true;
                        }
                    }
                    if (refused)
                        continue;
                    if (byEntry) {
                        if (*byEntry >= side.fleet.size())
                            r.error(YamlReader::value(u, "entry"),
                                    DataText::of(QT_TRANSLATE_NOOP(
                                                     "jw::Data",
                                                     "entry %1: %2's fleet has %3 units (from 0)"),
                                                 {*byEntry, side.playerName, side.fleet.size()}));
                        else
                            entry = *byEntry;
                    } else if (byName || byUnit) {
                        for (int e = 0; e < side.fleet.size() && entry < 0; ++e) {
                            const FleetEntry &fe = side.fleet.entries[std::size_t(e)];
                            if (taken.count(e))
                                continue;
                            if (byName && shownName(fe, db) != *byName)
                                continue;
                            if (byUnit && fe.unitId != *byUnit)
                                continue;
                            entry = e;
                        }
                        if (entry < 0)
                            r.error(
                                u,
                                DataText::of(QT_TRANSLATE_NOOP(
                                                 "jw::Data", "%1's fleet has no %2 left to match"),
                                             {side.playerName,
                                              byName ? DataText::of(
                                                  QT_TRANSLATE_NOOP("jw::Data", "unit named '%1'"),
                                                  {*byName})
                                                     : DataText::of(
                                                         QT_TRANSLATE_NOOP("jw::Data", "unit '%1'"),
                                                         {*byUnit})}));
                    } else {
                        r.error(u,
                                DataText::of(
                                    QT_TRANSLATE_NOOP("jw::Data",
                                                      "%1 names no unit: give 'entry', 'name' or "
                                                      "'unit'"),
                                    {uw}));
                    }
                    if (entry < 0)
                        continue;
                    if (!taken.insert(entry).second) {
                        r.error(
                            u,
                            DataText::of(QT_TRANSLATE_NOOP(
                                             "jw::Data", "entry %1 of %2's fleet is listed twice"),
                                         {entry, side.playerName}));
                        continue;
                    }
                    UnitOutcome o;
                    o.side = int(s);
                    o.entry = entry;
                    unitMarks[{int(s), entry}] = u.Mark();
                    const FleetEntry &fe = side.fleet.entries[std::size_t(entry)];
                    o.unitId = fe.unitId;
                    o.name = shownName(fe, db);
                    const YAML::Node lost = YamlReader::value(u, "lost");
                    if (lost.IsDefined() && !lost.IsNull()) {
                        if (r.checkMap(lost, damageTracks(),
                                       QString(uw + QStringLiteral(".lost")))) {
                            for (const QString &t : damageTracks()) {
                                const QByteArray key = t.toUtf8();
                                auto n = r.integer(lost, key.constData(),
                                                   QString(uw + QStringLiteral(".lost")), false, 0);
                                if (n && *n > kMaxBoxes)
                                    r.error(YamlReader::value(lost, key.constData()),
                                            DataText::of(
                                                QT_TRANSLATE_NOOP(
                                                    "jw::Data", "'%1' must be at most %2, not %3"),
                                                {t, kMaxBoxes, *n}));
                                else if (n && *n > 0)
                                    o.lost[t] = *n;
                            }
                        }
                    }
                    o.kills = r.integer(u, "kills", uw, false, 0).value_or(0);
                    if (o.kills > kMaxCampaignNumber)
                        r.error(YamlReader::value(u, "kills"),
                                DataText::of(QT_TRANSLATE_NOOP(
                                                 "jw::Data", "'kills' must be at most %1, not %2"),
                                             {kMaxCampaignNumber, o.kills}));
                    if (auto f = r.text(u, "fate", uw, false)) {
                        const auto fate = fateFromId(*f);
                        if (!fate) {
                            QStringList ids;
                            for (UnitFate x : allFates())
                                ids << fateId(x);
                            r.error(YamlReader::value(u, "fate"),
                                    DataText::of(
                                        QT_TRANSLATE_NOOP("jw::Data", "unknown fate '%1' (%2)"),
                                        {*f, ids.join(QStringLiteral(", "))}));
                        } else {
                            o.fate = *fate;
                        }
                        if (fate == UnitFate::Intact && boxesMarked(o.lost) > 0)
                            r.error(YamlReader::value(u, "fate"),
                                    QStringLiteral("an intact unit has no marked boxes: use "
                                                   "'damaged'"));
                    } else {
                        o.fate = boxesMarked(o.lost) > 0 ? UnitFate::Damaged : UnitFate::Intact;
                    }
                    b.outcomes.push_back(o);
                }
            }
            for (int e = 0; e < side.fleet.size(); ++e) {
                if (taken.count(e))
                    continue;
                UnitOutcome o;
                o.side = int(s);
                o.entry = e;
                unitMarks[{int(s), e}] = sideMark;
                o.unitId = side.fleet.entries[std::size_t(e)].unitId;
                o.name = shownName(side.fleet.entries[std::size_t(e)], db);
                b.outcomes.push_back(o);
            }
        }
        const std::array<int, 2> op {b.sides[0].objectivePoints, b.sides[1].objectivePoints};
        const std::array<int, 2> vp {b.sides[0].victoryPoints, b.sides[1].victoryPoints};
        b.winner = Battle::winnerFrom(op, vp);
        if (auto w = r.text(root, "winner", what, false)) {
            if (*w == QLatin1String("draw"))
                b.winner = -1;
            else if (*w == b.sides[0].playerName)
                b.winner = 0;
            else if (*w == b.sides[1].playerName)
                b.winner = 1;
            else
                r.error(YamlReader::value(root, "winner"),
                        DataText::of(
                            QT_TRANSLATE_NOOP(
                                "jw::Data", "'winner' is one of the two players or draw, not '%1'"),
                            {*w}));
        }
        if (!b.sides[0].playerName.isEmpty() && b.sides[0].playerName == b.sides[1].playerName)
            r.error(sides[1],
                    DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                   "a battle is between two different players")));
    }

    // TV and remaining ratings from the unit database.
    if (db) {
        for (UnitOutcome &o : b.outcomes) {
            const Unit *u = db->unit(o.unitId);
            if (!u) {
                const auto m = unitMarks.find({o.side, o.entry});
                r.error(
                    m == unitMarks.end() ? YAML::Mark::null_mark() : m->second,
                    DataText::of(QT_TRANSLATE_NOOP(
                                     "jw::Data",
                                     "unit '%1' (side %2, entry %3) is not in the unit database"),
                                 {o.unitId, o.side + 1, o.entry}));
                continue;
            }
            o.tv = tvWithUpgrades(
                *u, b.sides[std::size_t(o.side)].fleet.entries[std::size_t(o.entry)].upgrades);
            o.remaining = remainingOf(*u, o.lost);
        }
    }
    std::sort(b.outcomes.begin(), b.outcomes.end(), [](const UnitOutcome &x, const UnitOutcome &y) {
        return std::pair(x.side, x.entry) < std::pair(y.side, y.entry);
    });
    std::stable_sort(r.issues.begin(), r.issues.end(), [](const DataIssue &x, const DataIssue &y) {
        return std::pair(x.line, x.column) < std::pair(y.line, y.column);
    });
    out.issues = std::move(r.issues);
    if (out.issues.empty())
        out.battle = b;
    return out;
}

BattleImport battleReportFile(const QString &path, const RosterFleetLookup &rosterFleet,
                              const UnitDatabase *db)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        BattleImport out;
        out.issues.push_back(issue(
            path,
            DataText::of(QT_TRANSLATE_NOOP("jw::Data", "cannot read: %1"), {f.errorString()})));
        return out;
    }
    return battleFromReport(f.readAll(), path, rosterFleet, db);
}

} // namespace jw
