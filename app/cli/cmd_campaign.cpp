// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/clicontext.h"

#include "campaign/battleimport.h"
#include "campaign/campaignfile.h"
#include "campaign/campaignstore.h"
#include "dice/dicesource.h"
#include "fleet/fleetfile.h"
#include "fleet/rulesprofile.h"
#include "io/textcheck.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QThread>

#include <cmath>
#include <cstdio>

namespace jw::cli {

namespace {

// Exit 1 for a conflict: the edit was refused because someone else changed the
// campaign; running it again on the fresh data may succeed.
int exitFor(const CampaignError &e)
{
    return e.kind == CampaignError::Kind::Conflict ? ExitCheckFailed : ExitBadInput;
}

struct Sub
{
    QString name;
    QString synopsis;
    QString summary;
    std::function<int(Context &, const Command &, const QStringList &)> run;
};

const QCommandLineOption &dbOption()
{
    static const QCommandLineOption o(
        QStringLiteral("db"),
        QStringLiteral("The campaign database: an SQLite file (PATH or sqlite:///PATH) or "
                       "postgresql://user:password@host:port/database. Default: %1.")
            .arg(CampaignLocation::defaultPath()),
        QStringLiteral("URL"));
    return o;
}

const QCommandLineOption &jsonOption()
{
    static const QCommandLineOption o(QStringLiteral("json"),
                                      QStringLiteral("Print JSON (stable keys, for scripts)."));
    return o;
}

int fail(Context &ctx, const Command &cmd, const CampaignError &e)
{
    ctx.err << "jwfleet-cli " << cmd.name << ": " << e.message << Qt::endl;
    return exitFor(e);
}

// Opens --db. `mustExist`: an SQLite file is not created (every command but create and import).
std::unique_ptr<CampaignStore> openStore(Context &ctx, const Command &cmd,
                                         const QCommandLineParser &p, bool mustExist, int *exit)
{
    const QString url = p.isSet(dbOption()) ? p.value(dbOption()) : CampaignLocation::defaultPath();
    CampaignStore::OpenOptions o;
    o.create = !mustExist;
    auto r = CampaignStore::open(url, o);
    if (!r.ok()) {
        *exit = fail(ctx, cmd, r.error);
        return nullptr;
    }
    return std::move(r.value);
}

std::optional<QDate> dateOption(Context &ctx, const Command &cmd, const QCommandLineParser &p,
                                const QCommandLineOption &o, int *exit)
{
    if (!p.isSet(o))
        return QDate::currentDate();
    const QDate d = QDate::fromString(p.value(o), Qt::ISODate);
    if (!d.isValid()) {
        *exit = ctx.usageError(cmd.name,
                               QStringLiteral("'%1' is not a date (YYYY-MM-DD)").arg(p.value(o)));
        return std::nullopt;
    }
    return d;
}

QString entryLabel(const RosterEntry &e)
{
    return e.name.isEmpty() ? e.unitId : QStringLiteral("%1 (%2)").arg(e.name, e.unitId);
}

QString mapLabel(const RatingMap &m)
{
    QStringList parts;
    for (const QString &t : damageTracks()) {
        auto it = m.find(t);
        if (it != m.end() && it->second > 0)
            parts << QStringLiteral("%1 %2").arg(t).arg(it->second);
    }
    return parts.join(QStringLiteral(", "));
}

QJsonObject mapJson(const RatingMap &m)
{
    QJsonObject o;
    for (const auto &[k, v] : m)
        o.insert(k, v);
    return o;
}

QJsonObject rosterEntryJson(const RosterEntry &e)
{
    QJsonObject o {{QStringLiteral("id"), double(e.id)},
                   {QStringLiteral("unit"), e.unitId},
                   {QStringLiteral("name"), e.name},
                   {QStringLiteral("status"), rosterStatusId(e.status)},
                   {QStringLiteral("damage"), mapJson(e.damage)},
                   {QStringLiteral("battles"), e.battles},
                   {QStringLiteral("survived"), e.survived},
                   {QStringLiteral("kills"), e.kills},
                   {QStringLiteral("renowned"), e.renowned},
                   {QStringLiteral("upgrades"), QJsonArray::fromStringList(e.upgrades)}};
    if (e.capturedFrom)
        o.insert(QStringLiteral("captured_from"), double(*e.capturedFrom));
    return o;
}

// Names and notes from the command line: no control characters (they would
// reach the terminal and the tables), not too long. The problem, or nullopt.
std::optional<int> badText(Context &ctx, const Command &cmd, const QString &what,
                           const QString &text, bool freeText = false)
{
    const QString why = freeText ? io::textProblem(text) : io::nameProblem(text);
    if (why.isEmpty())
        return std::nullopt;
    return ctx.usageError(cmd.name, QStringLiteral("%1 %2").arg(what, why));
}

// A player by name, or a usage error.
std::optional<Player> findPlayer(Context &ctx, const Command &cmd, CampaignStore &store,
                                 const QString &name, int *exit)
{
    if (const auto bad = badText(ctx, cmd, QStringLiteral("the player's name"), name)) {
        *exit = *bad;
        return std::nullopt;
    }
    auto r = store.playerByName(name);
    if (!r.ok()) {
        *exit = fail(ctx, cmd, r.error);
        return std::nullopt;
    }
    return r.value;
}

// ---- create -----------------------------------------------------------------

int runCreate(Context &ctx, const Command &cmd, const QStringList &args)
{
    QCommandLineParser p;
    const QCommandLineOption points(QStringLiteral("points"),
                                    QStringLiteral("The points level (default 250)."),
                                    QStringLiteral("N"), QStringLiteral("250"));
    const QCommandLineOption rules(
        QStringLiteral("rules"),
        QStringLiteral("The rules profile (default %1).").arg(RulesProfile::defaultId()),
        QStringLiteral("PROFILE"), RulesProfile::defaultId());
    p.addOptions({dbOption(), points, rules});
    p.addPositionalArgument(QStringLiteral("NAME"), QStringLiteral("The campaign's name."));
    bool help = false;
    if (!parseArgs(ctx, cmd, p, args, &help))
        return help ? ExitOk : ExitBadInput;
    if (p.positionalArguments().size() != 1)
        return ctx.usageError(cmd.name, QStringLiteral("give the campaign's name"));
    if (const auto bad
        = badText(ctx, cmd, QStringLiteral("the campaign's name"), p.positionalArguments().first()))
        return *bad;
    bool ok = false;
    const int pts = p.value(points).toInt(&ok);
    if (!ok || pts <= 0)
        return ctx.usageError(cmd.name, QStringLiteral("--points is a positive whole number"));
    if (!RulesProfile::byId(p.value(rules)))
        return ctx.usageError(
            cmd.name,
            QStringLiteral("unknown rules profile '%1' (%2)")
                .arg(p.value(rules), RulesProfile::ids().join(QStringLiteral(", "))));
    int exit = ExitOk;
    auto store = openStore(ctx, cmd, p, false, &exit);
    if (!store)
        return exit;
    Campaign c;
    c.name = p.positionalArguments().first();
    c.points = pts;
    c.rulesProfile = p.value(rules);
    auto r = store->create(c);
    if (!r.ok())
        return fail(ctx, cmd, r.error);
    ctx.out << "Created campaign '" << r.value.name << "' (" << r.value.points << " points, rules "
            << r.value.rulesProfile << ") in " << store->location().display() << '\n';
    return ExitOk;
}

// ---- info -------------------------------------------------------------------

int runInfo(Context &ctx, const Command &cmd, const QStringList &args)
{
    QCommandLineParser p;
    p.addOptions({dbOption(), jsonOption()});
    bool help = false;
    if (!parseArgs(ctx, cmd, p, args, &help))
        return help ? ExitOk : ExitBadInput;
    int exit = ExitOk;
    auto store = openStore(ctx, cmd, p, true, &exit);
    if (!store)
        return exit;
    const auto c = store->campaign();
    if (!c.ok())
        return fail(ctx, cmd, c.error);
    const auto players = store->players();
    const auto battles = store->battleSummaries();
    if (!players.ok() || !battles.ok())
        return fail(ctx, cmd, players.ok() ? battles.error : players.error);
    if (p.isSet(jsonOption())) {
        printJson(ctx,
                  QJsonObject {{QStringLiteral("name"), c.value.name},
                               {QStringLiteral("points"), c.value.points},
                               {QStringLiteral("rules_profile"), c.value.rulesProfile},
                               {QStringLiteral("started"), c.value.started.toString(Qt::ISODate)},
                               {QStringLiteral("players"), int(players.value.size())},
                               {QStringLiteral("battles"), int(battles.value.size())},
                               {QStringLiteral("schema_version"), store->schemaVersion()},
                               {QStringLiteral("database"), store->location().display()},
                               {QStringLiteral("house_rules"), c.value.rules.toJson()}});
        return ExitOk;
    }
    ctx.out << "Campaign: " << c.value.name << '\n'
            << "Points: " << c.value.points << '\n'
            << "Rules: " << c.value.rulesProfile << '\n'
            << "Started: " << c.value.started.toString(Qt::ISODate) << '\n'
            << "Players: " << players.value.size() << '\n'
            << "Battles: " << battles.value.size() << '\n'
            << "Database: " << store->location().display() << " (schema version "
            << store->schemaVersion() << ")\n";
    return ExitOk;
}

// ---- add-player ---------------------------------------------------------------

int runAddPlayer(Context &ctx, const Command &cmd, const QStringList &args)
{
    QCommandLineParser p;
    const QCommandLineOption fleet(QStringLiteral("fleet"),
                                   QStringLiteral("The player's roster: a fleet file (.jwfleet)."),
                                   QStringLiteral("FILE"));
    p.addOptions({dbOption(), fleet});
    p.addPositionalArgument(QStringLiteral("NAME"), QStringLiteral("The player's name."));
    bool help = false;
    if (!parseArgs(ctx, cmd, p, args, &help))
        return help ? ExitOk : ExitBadInput;
    if (p.positionalArguments().size() != 1)
        return ctx.usageError(cmd.name, QStringLiteral("give the player's name"));
    if (const auto bad
        = badText(ctx, cmd, QStringLiteral("the player's name"), p.positionalArguments().first()))
        return *bad;
    Player player;
    player.name = p.positionalArguments().first();
    if (p.isSet(fleet)) {
        const FleetFileResult f = FleetFile::read(p.value(fleet));
        if (!f.ok()) {
            ctx.err << f.errorText() << Qt::endl;
            return ExitBadInput;
        }
        player.setFleet(*f.fleet);
    }
    int exit = ExitOk;
    auto store = openStore(ctx, cmd, p, true, &exit);
    if (!store)
        return exit;
    auto r = store->addPlayer(player);
    if (!r.ok())
        return fail(ctx, cmd, r.error);
    ctx.out << "Added player '" << r.value.name << "' with " << r.value.activeCount()
            << (r.value.activeCount() == 1 ? " unit" : " units") << '\n';
    return ExitOk;
}

// ---- remove-player ------------------------------------------------------------

int runRemovePlayer(Context &ctx, const Command &cmd, const QStringList &args)
{
    QCommandLineParser p;
    p.addOptions({dbOption()});
    p.addPositionalArgument(QStringLiteral("NAME"), QStringLiteral("The player's name."));
    bool help = false;
    if (!parseArgs(ctx, cmd, p, args, &help))
        return help ? ExitOk : ExitBadInput;
    if (p.positionalArguments().size() != 1)
        return ctx.usageError(cmd.name, QStringLiteral("give the player's name"));
    int exit = ExitOk;
    auto store = openStore(ctx, cmd, p, true, &exit);
    if (!store)
        return exit;
    const auto player = findPlayer(ctx, cmd, *store, p.positionalArguments().first(), &exit);
    if (!player)
        return exit;
    if (const CampaignError e = store->removePlayer(*player); !e.ok())
        return fail(ctx, cmd, e);
    ctx.out << "Removed player '" << player->name << "'\n";
    return ExitOk;
}

// ---- roster -------------------------------------------------------------------

int runRoster(Context &ctx, const Command &cmd, const QStringList &args)
{
    QCommandLineParser p;
    const QCommandLineOption set(QStringLiteral("set"),
                                 QStringLiteral("Replace the roster by a fleet file (.jwfleet): "
                                                "units that stay keep their campaign record."),
                                 QStringLiteral("FILE"));
    const QCommandLineOption save(QStringLiteral("save"),
                                  QStringLiteral("Write the roster's active units as a fleet "
                                                 "file (.jwfleet) to FILE."),
                                  QStringLiteral("FILE"));
    p.addOptions({dbOption(), jsonOption(), set, save});
    p.addPositionalArgument(QStringLiteral("PLAYER"), QStringLiteral("The player's name."));
    bool help = false;
    if (!parseArgs(ctx, cmd, p, args, &help))
        return help ? ExitOk : ExitBadInput;
    if (p.positionalArguments().size() != 1)
        return ctx.usageError(cmd.name, QStringLiteral("give the player's name"));
    std::optional<Fleet> fleet;
    if (p.isSet(set)) {
        const FleetFileResult f = FleetFile::read(p.value(set));
        if (!f.ok()) {
            ctx.err << f.errorText() << Qt::endl;
            return ExitBadInput;
        }
        fleet = *f.fleet;
    }
    int exit = ExitOk;
    auto store = openStore(ctx, cmd, p, true, &exit);
    if (!store)
        return exit;
    const auto c = store->campaign();
    if (!c.ok())
        return fail(ctx, cmd, c.error);
    auto player = findPlayer(ctx, cmd, *store, p.positionalArguments().first(), &exit);
    if (!player)
        return exit;
    if (fleet) {
        Player next = *player;
        next.setFleet(*fleet);
        auto r = store->updatePlayer(*player, next);
        if (!r.ok())
            return fail(ctx, cmd, r.error);
        player = r.value;
    }
    if (p.isSet(save)) {
        const FleetWriteResult w
            = FleetFile::write(player->fleet(c.value.points, c.value.rulesProfile), p.value(save));
        if (!w.ok()) {
            ctx.err << "jwfleet-cli " << cmd.name << ": " << w.error << Qt::endl;
            return ExitBadInput;
        }
    }
    if (p.isSet(jsonOption())) {
        QJsonArray entries;
        for (const RosterEntry &e : player->roster)
            entries.append(rosterEntryJson(e));
        printJson(ctx,
                  QJsonObject {{QStringLiteral("player"), player->name},
                               {QStringLiteral("faction"), player->faction},
                               {QStringLiteral("fleet_name"), player->fleetName},
                               {QStringLiteral("roster"), entries}});
        return ExitOk;
    }
    ctx.out << player->name << "'s roster";
    if (!player->fleetName.isEmpty())
        ctx.out << " (" << player->fleetName << ')';
    ctx.out << ", " << player->faction << ":\n";
    for (const RosterEntry &e : player->roster) {
        ctx.out << "  [" << e.id << "] " << entryLabel(e);
        if (!e.active())
            ctx.out << " — " << rosterStatusId(e.status);
        ctx.out << " · battles " << e.battles << ", survived " << e.survived << ", kills "
                << e.kills;
        if (e.renowned)
            ctx.out << " · Renowned";
        if (!e.damage.empty())
            ctx.out << " · damage: " << mapLabel(e.damage);
        if (e.capturedFrom)
            ctx.out << " · captured";
        ctx.out << '\n';
    }
    return ExitOk;
}

// ---- add-battle -----------------------------------------------------------------

int runAddBattle(Context &ctx, const Command &cmd, const QStringList &args)
{
    QCommandLineParser p;
    const QCommandLineOption game(QStringLiteral("game"),
                                  QStringLiteral("A finished game of the program (.jwgame)."),
                                  QStringLiteral("FILE"));
    const QCommandLineOption report(QStringLiteral("report"),
                                    QStringLiteral("A battle report (YAML; see "
                                                   "docs/battle-reports.md)."),
                                    QStringLiteral("FILE"));
    const QCommandLineOption date(QStringLiteral("date"),
                                  QStringLiteral("The battle's date for --game (default today)."),
                                  QStringLiteral("YYYY-MM-DD"));
    const QCommandLineOption players(QStringLiteral("players"),
                                     QStringLiteral("--game: the campaign players of the game's "
                                                    "two sides (default: the names in the game)."),
                                     QStringLiteral("A,B"));
    const QCommandLineOption notes(QStringLiteral("notes"), QStringLiteral("Notes on the battle."),
                                   QStringLiteral("TEXT"));
    p.addOptions({dbOption(), jsonOption(), game, report, date, players, notes});
    bool help = false;
    if (!parseArgs(ctx, cmd, p, args, &help))
        return help ? ExitOk : ExitBadInput;
    if (p.isSet(game) == p.isSet(report))
        return ctx.usageError(cmd.name, QStringLiteral("give either --game FILE or --report FILE"));
    if (!p.positionalArguments().isEmpty())
        return ctx.usageError(
            cmd.name,
            QStringLiteral("unexpected argument '%1'").arg(p.positionalArguments().first()));
    int exit = ExitOk;
    const auto when = dateOption(ctx, cmd, p, date, &exit);
    if (!when)
        return exit;
    if (p.isSet(notes))
        if (const auto bad = badText(ctx, cmd, QStringLiteral("--notes"), p.value(notes), true))
            return *bad;
    QStringList names;
    if (p.isSet(players)) {
        names = p.value(players).split(QLatin1Char(','));
        if (names.size() != 2 || names[0].trimmed().isEmpty() || names[1].trimmed().isEmpty())
            return ctx.usageError(cmd.name, QStringLiteral("--players takes two names: A,B"));
        for (const QString &n : names)
            if (const auto bad = badText(ctx, cmd, QStringLiteral("a name of --players"), n))
                return *bad;
    }
    auto store = openStore(ctx, cmd, p, true, &exit);
    if (!store)
        return exit;
    const auto c = store->campaign();
    if (!c.ok())
        return fail(ctx, cmd, c.error);

    BattleImport imported;
    if (p.isSet(game)) {
        imported = battleFromGameFile(p.value(game), *when);
    } else {
        auto db = ctx.database();
        if (!db)
            return ExitBadInput;
        CampaignStore &s = *store;
        const Campaign camp = c.value;
        imported = battleReportFile(
            p.value(report),
            [&](const QString &name) -> std::optional<Fleet> {
                auto pl = s.playerByName(name);
                if (!pl.ok())
                    return std::nullopt;
                return pl.value.fleet(camp.points, camp.rulesProfile);
            },
            &*db);
    }
    if (!imported.ok()) {
        ctx.err << imported.errorText() << Qt::endl;
        return ExitBadInput;
    }
    Battle b = *imported.battle;
    for (int i = 0; i < names.size(); ++i)
        b.sides[std::size_t(i)].playerName = names[i].trimmed();
    if (p.isSet(notes))
        b.notes = p.value(notes);

    if (qEnvironmentVariableIntValue("JW_CAMPAIGN_TEST_PAUSE_IN_IMPORT") == 1) {
        // Tests kill the process here, inside the transaction (crash safety).
        store->setBeforeCommitHook([] {
            std::fputs("jwfleet-cli: paused in import (JW_CAMPAIGN_TEST_PAUSE_IN_IMPORT)\n",
                       stderr);
            std::fflush(stderr);
            QThread::sleep(120);
        });
    }
    auto r = store->addBattle(b);
    if (!r.ok())
        return fail(ctx, cmd, r.error);
    const Battle &s = r.value.battle;
    if (p.isSet(jsonOption())) {
        printJson(
            ctx,
            QJsonObject {{QStringLiteral("battle"), double(s.id)},
                         {QStringLiteral("winner"), s.winner},
                         {QStringLiteral("notes"), QJsonArray::fromStringList(r.value.notes)}});
        return ExitOk;
    }
    ctx.out << "Added battle " << s.id << " (" << s.date.toString(Qt::ISODate)
            << "): " << s.sides[0].playerName << ' ' << s.sides[0].victoryPoints << " VP / "
            << s.sides[0].objectivePoints << " OP vs " << s.sides[1].playerName << ' '
            << s.sides[1].victoryPoints << " VP / " << s.sides[1].objectivePoints << " OP — "
            << (s.winner < 0
                    ? QStringLiteral("a draw")
                    : QStringLiteral("%1 wins").arg(s.sides[std::size_t(s.winner)].playerName))
            << '\n';
    for (const QString &n : r.value.notes)
        ctx.out << "  " << n << '\n';
    return ExitOk;
}

// ---- battles --------------------------------------------------------------------

QJsonObject battleJson(const Battle &b)
{
    QJsonArray sides;
    for (int s = 0; s < 2; ++s) {
        const BattleSide &side = b.sides[std::size_t(s)];
        QJsonArray units;
        for (const UnitOutcome *o : b.outcomesOf(s)) {
            QJsonObject u {{QStringLiteral("entry"), o->entry},
                           {QStringLiteral("unit"), o->unitId},
                           {QStringLiteral("name"), o->name},
                           {QStringLiteral("fate"), fateId(o->fate)},
                           {QStringLiteral("tv"), o->tv},
                           {QStringLiteral("lost"), mapJson(o->lost)},
                           {QStringLiteral("remaining"), mapJson(o->remaining)},
                           {QStringLiteral("kills"), o->kills}};
            if (o->rosterId)
                u.insert(QStringLiteral("roster_id"), double(*o->rosterId));
            units.append(u);
        }
        QJsonObject sideJson {{QStringLiteral("player"), side.playerName},
                              {QStringLiteral("victory_points"), side.victoryPoints},
                              {QStringLiteral("objective_points"), side.objectivePoints},
                              {QStringLiteral("fleet"), side.fleet.name},
                              {QStringLiteral("units"), units}};
        // The side's attack dice against the odds, when the battle recorded them (from a game).
        if (b.luck) {
            const SideLuck &l = (*b.luck)[std::size_t(s)];
            sideJson.insert(
                QStringLiteral("luck"),
                QJsonObject {{QStringLiteral("attacks"), l.attacks},
                             {QStringLiteral("successes"), l.successes},
                             {QStringLiteral("expected_successes"), l.expectedMilli / 1000.0}});
        }
        sides.append(sideJson);
    }
    return QJsonObject {{QStringLiteral("id"), double(b.id)},
                        {QStringLiteral("date"), b.date.toString(Qt::ISODate)},
                        {QStringLiteral("scenario"), b.scenario},
                        {QStringLiteral("winner"), b.winner},
                        {QStringLiteral("notes"), b.notes},
                        {QStringLiteral("source"), b.source},
                        {QStringLiteral("sides"), sides}};
}

int runBattles(Context &ctx, const Command &cmd, const QStringList &args)
{
    QCommandLineParser p;
    p.addOptions({dbOption(), jsonOption()});
    p.addPositionalArgument(QStringLiteral("ID"),
                            QStringLiteral("Show one battle in full (default: list them all)."),
                            QStringLiteral("[ID]"));
    bool help = false;
    if (!parseArgs(ctx, cmd, p, args, &help))
        return help ? ExitOk : ExitBadInput;
    if (p.positionalArguments().size() > 1)
        return ctx.usageError(cmd.name, QStringLiteral("give at most one battle id"));
    int exit = ExitOk;
    auto store = openStore(ctx, cmd, p, true, &exit);
    if (!store)
        return exit;
    std::vector<Battle> battles;
    if (p.positionalArguments().size() == 1) {
        bool ok = false;
        const qint64 id = p.positionalArguments().first().toLongLong(&ok);
        if (!ok)
            return ctx.usageError(cmd.name, QStringLiteral("a battle id is a number"));
        auto r = store->battle(id);
        if (!r.ok())
            return fail(ctx, cmd, r.error);
        battles.push_back(r.value);
    } else {
        auto r = store->battles();
        if (!r.ok())
            return fail(ctx, cmd, r.error);
        battles = r.value;
    }
    if (p.isSet(jsonOption())) {
        QJsonArray a;
        for (const Battle &b : battles)
            a.append(battleJson(b));
        printJson(ctx, p.positionalArguments().isEmpty() ? QJsonValue(a) : QJsonValue(a.first()));
        return ExitOk;
    }
    for (const Battle &b : battles) {
        ctx.out << '[' << b.id << "] " << b.date.toString(Qt::ISODate) << ' ' << b.scenario << ": "
                << b.sides[0].playerName << ' ' << b.sides[0].objectivePoints << " OP "
                << b.sides[0].victoryPoints << " VP vs " << b.sides[1].playerName << ' '
                << b.sides[1].objectivePoints << " OP " << b.sides[1].victoryPoints << " VP — "
                << (b.winner < 0 ? QStringLiteral("draw")
                                 : b.sides[std::size_t(b.winner)].playerName)
                << (b.notes.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(b.notes)) << '\n';
        if (p.positionalArguments().isEmpty())
            continue;
        for (int s = 0; s < 2; ++s) {
            ctx.out << "  " << b.sides[std::size_t(s)].playerName << ":\n";
            for (const UnitOutcome *o : b.outcomesOf(s)) {
                ctx.out << "    " << (o->name.isEmpty() ? o->unitId : o->name) << ": "
                        << fateName(o->fate);
                if (!o->lost.empty())
                    ctx.out << " · marked " << mapLabel(o->lost);
                if (!o->remaining.empty() && o->fate != UnitFate::Destroyed)
                    ctx.out << " · left " << mapLabel(o->remaining);
                if (o->kills)
                    ctx.out << " · kills " << o->kills;
                ctx.out << '\n';
            }
        }
    }
    return ExitOk;
}

// ---- standings ------------------------------------------------------------------

int runStandings(Context &ctx, const Command &cmd, const QStringList &args)
{
    QCommandLineParser p;
    p.addOptions({dbOption(), jsonOption()});
    bool help = false;
    if (!parseArgs(ctx, cmd, p, args, &help))
        return help ? ExitOk : ExitBadInput;
    int exit = ExitOk;
    auto store = openStore(ctx, cmd, p, true, &exit);
    if (!store)
        return exit;
    const auto c = store->campaign();
    if (!c.ok())
        return fail(ctx, cmd, c.error);
    const auto rows = store->standings();
    if (!rows.ok())
        return fail(ctx, cmd, rows.error);
    QStringList ties {QStringLiteral("points")};
    for (TieBreaker t : c.value.rules.tieBreakers)
        ties << tieBreakerId(t);
    if (p.isSet(jsonOption())) {
        QJsonArray a;
        for (const StandingRow &r : rows.value)
            a.append(QJsonObject {{QStringLiteral("rank"), r.rank},
                                  {QStringLiteral("player"), r.name},
                                  {QStringLiteral("player_id"), double(r.playerId)},
                                  {QStringLiteral("battles"), r.battles},
                                  {QStringLiteral("wins"), r.wins},
                                  {QStringLiteral("draws"), r.draws},
                                  {QStringLiteral("losses"), r.losses},
                                  {QStringLiteral("points"), r.points},
                                  {QStringLiteral("op"), r.op},
                                  {QStringLiteral("vp"), r.vp},
                                  {QStringLiteral("vp_against"), r.vpAgainst},
                                  {QStringLiteral("destroyed"), r.destroyed},
                                  {QStringLiteral("repair_cost"), r.repairCost}});
        printJson(ctx,
                  QJsonObject {{QStringLiteral("campaign"), c.value.name},
                               {QStringLiteral("order"), QJsonArray::fromStringList(ties)},
                               {QStringLiteral("standings"), a}});
        return ExitOk;
    }
    ctx.out << c.value.name << " — standings (order: " << ties.join(QStringLiteral(", ")) << ")\n";
    int width = 6;
    for (const StandingRow &r : rows.value)
        width = std::max(width, int(r.name.size()));
    ctx.out << QStringLiteral("%1  %2 %3 %4 %5 %6 %7 %8 %9 %10\n")
                   .arg(QStringLiteral("Rank"))
                   .arg(QStringLiteral("Player"), -width)
                   .arg(QStringLiteral("Battles"), 7)
                   .arg(QStringLiteral("W"), 3)
                   .arg(QStringLiteral("D"), 3)
                   .arg(QStringLiteral("L"), 3)
                   .arg(QStringLiteral("Points"), 6)
                   .arg(QStringLiteral("OP"), 5)
                   .arg(QStringLiteral("VP"), 6)
                   .arg(QStringLiteral("Destroyed"), 9);
    for (const StandingRow &r : rows.value)
        ctx.out << QStringLiteral("%1  %2 %3 %4 %5 %6 %7 %8 %9 %10\n")
                       .arg(r.rank, 4)
                       .arg(r.name, -width)
                       .arg(r.battles, 7)
                       .arg(r.wins, 3)
                       .arg(r.draws, 3)
                       .arg(r.losses, 3)
                       .arg(r.points, 6)
                       .arg(r.op, 5)
                       .arg(r.vp, 6)
                       .arg(r.destroyed, 9);
    return ExitOk;
}

// ---- history ----------------------------------------------------------------------

int runHistory(Context &ctx, const Command &cmd, const QStringList &args)
{
    QCommandLineParser p;
    p.addOptions({dbOption(), jsonOption()});
    p.addPositionalArgument(QStringLiteral("PLAYER"), QStringLiteral("The player's name."));
    bool help = false;
    if (!parseArgs(ctx, cmd, p, args, &help))
        return help ? ExitOk : ExitBadInput;
    if (p.positionalArguments().size() != 1)
        return ctx.usageError(cmd.name, QStringLiteral("give the player's name"));
    int exit = ExitOk;
    auto store = openStore(ctx, cmd, p, true, &exit);
    if (!store)
        return exit;
    auto player = findPlayer(ctx, cmd, *store, p.positionalArguments().first(), &exit);
    if (!player)
        return exit;
    const auto h = store->history(player->id);
    if (!h.ok())
        return fail(ctx, cmd, h.error);
    if (p.isSet(jsonOption())) {
        QJsonArray battles;
        for (const PlayerBattle &b : h.value.battles)
            battles.append(QJsonObject {{QStringLiteral("battle"), double(b.battleId)},
                                        {QStringLiteral("date"), b.date.toString(Qt::ISODate)},
                                        {QStringLiteral("opponent"), b.opponent},
                                        {QStringLiteral("result"), QString(b.result)},
                                        {QStringLiteral("vp"), b.vp},
                                        {QStringLiteral("vp_against"), b.vpAgainst},
                                        {QStringLiteral("op"), b.op},
                                        {QStringLiteral("op_against"), b.opAgainst},
                                        {QStringLiteral("destroyed"), b.destroyed},
                                        {QStringLiteral("lost"), b.lost}});
        QJsonArray units;
        for (const UnitHistory &u : h.value.units) {
            QJsonArray fates;
            for (const UnitHistory::Entry &e : u.entries)
                fates.append(QJsonObject {{QStringLiteral("battle"), double(e.battleId)},
                                          {QStringLiteral("fate"), fateId(e.fate)},
                                          {QStringLiteral("kills"), e.kills}});
            units.append(QJsonObject {{QStringLiteral("roster_id"), double(u.rosterId)},
                                      {QStringLiteral("unit"), u.unitId},
                                      {QStringLiteral("name"), u.name},
                                      {QStringLiteral("status"), rosterStatusId(u.status)},
                                      {QStringLiteral("with_player"), u.playerId == player->id},
                                      {QStringLiteral("renowned"), u.renowned},
                                      {QStringLiteral("battles"), u.battles},
                                      {QStringLiteral("survived"), u.survived},
                                      {QStringLiteral("kills"), u.kills},
                                      {QStringLiteral("history"), fates}});
        }
        printJson(ctx,
                  QJsonObject {{QStringLiteral("player"), h.value.name},
                               {QStringLiteral("battles"), battles},
                               {QStringLiteral("units"), units}});
        return ExitOk;
    }
    ctx.out << h.value.name << " — battles:\n";
    for (const PlayerBattle &b : h.value.battles)
        ctx.out << "  [" << b.battleId << "] " << b.date.toString(Qt::ISODate) << ' ' << b.result
                << " vs " << b.opponent << ": " << b.op << '-' << b.opAgainst << " OP, " << b.vp
                << '-' << b.vpAgainst << " VP, destroyed " << b.destroyed << ", lost " << b.lost
                << '\n';
    ctx.out << "Units:\n";
    for (const UnitHistory &u : h.value.units) {
        ctx.out << "  [" << u.rosterId << "] " << u.name << ": battles " << u.battles
                << ", survived " << u.survived << ", kills " << u.kills;
        if (u.renowned)
            ctx.out << ", Renowned";
        if (u.status != RosterStatus::Active)
            ctx.out << " — " << rosterStatusId(u.status);
        else if (u.playerId != player->id)
            ctx.out << " — captured by the enemy";
        ctx.out << '\n';
    }
    return ExitOk;
}

// ---- repair -----------------------------------------------------------------------

int runRepair(Context &ctx, const Command &cmd, const QStringList &args)
{
    QCommandLineParser p;
    const QCommandLineOption seed(QStringLiteral("seed"),
                                  QStringLiteral("Seed of the repair dice (default: random)."),
                                  QStringLiteral("N"));
    const QCommandLineOption date(QStringLiteral("date"),
                                  QStringLiteral("The repair's date (default today)."),
                                  QStringLiteral("YYYY-MM-DD"));
    p.addOptions({dbOption(), seed, date});
    p.addPositionalArgument(QStringLiteral("PLAYER"), QStringLiteral("The player's name."));
    p.addPositionalArgument(QStringLiteral("UNIT"),
                            QStringLiteral("The roster entry: its id (see 'roster') or name."));
    bool help = false;
    if (!parseArgs(ctx, cmd, p, args, &help))
        return help ? ExitOk : ExitBadInput;
    if (p.positionalArguments().size() != 2)
        return ctx.usageError(cmd.name, QStringLiteral("give the player and the unit"));
    int exit = ExitOk;
    const auto when = dateOption(ctx, cmd, p, date, &exit);
    if (!when)
        return exit;
    auto store = openStore(ctx, cmd, p, true, &exit);
    if (!store)
        return exit;
    auto player = findPlayer(ctx, cmd, *store, p.positionalArguments()[0], &exit);
    if (!player)
        return exit;
    const QString unit = p.positionalArguments()[1];
    if (const auto bad = badText(ctx, cmd, QStringLiteral("the unit"), unit))
        return *bad;
    bool isId = false;
    const qint64 id = unit.toLongLong(&isId);
    const RosterEntry *entry = nullptr;
    for (const RosterEntry &e : player->roster)
        if (e.active() && (isId ? e.id == id : (e.name == unit || e.unitId == unit))) {
            entry = &e;
            break;
        }
    if (!entry)
        return ctx.usageError(
            cmd.name, QStringLiteral("%1 has no unit '%2' on the roster").arg(player->name, unit));
    quint64 s = QRandomGenerator::global()->generate64();
    if (p.isSet(seed)) {
        bool ok = false;
        s = p.value(seed).toULongLong(&ok);
        if (!ok)
            return ctx.usageError(cmd.name, QStringLiteral("--seed is a number"));
    }
    SeededDiceSource dice(s);
    auto r = store->repair(player->id, entry->id, dice, *when);
    if (!r.ok())
        return fail(ctx, cmd, r.error);
    const RosterEntry *after = r.value.after.entry(entry->id);
    ctx.out << "Repaired " << r.value.record.boxes << " of " << boxesMarked(entry->damage)
            << " boxes of " << entryLabel(*entry);
    if (!r.value.record.dice.empty()) {
        QStringList faces;
        for (int d : r.value.record.dice)
            faces << QString::number(d);
        ctx.out << " (dice " << faces.join(QLatin1Char(' ')) << ')';
    }
    if (r.value.record.opCost)
        ctx.out << " for " << r.value.record.opCost << " Objective Points";
    ctx.out << "; damage left: "
            << (after && !after->damage.empty() ? mapLabel(after->damage) : QStringLiteral("none"))
            << '\n';
    return ExitOk;
}

// ---- rules ------------------------------------------------------------------------

int runRules(Context &ctx, const Command &cmd, const QStringList &args)
{
    QCommandLineParser p;
    p.addOptions({dbOption(), jsonOption()});
    p.addPositionalArgument(QStringLiteral("KEY=VALUE"),
                            QStringLiteral("Settings to change (none: show them): %1.")
                                .arg(CampaignRules::keys().join(QStringLiteral(", "))),
                            QStringLiteral("[KEY=VALUE...]"));
    bool help = false;
    if (!parseArgs(ctx, cmd, p, args, &help))
        return help ? ExitOk : ExitBadInput;
    int exit = ExitOk;
    auto store = openStore(ctx, cmd, p, true, &exit);
    if (!store)
        return exit;
    auto c = store->campaign();
    if (!c.ok())
        return fail(ctx, cmd, c.error);
    if (!p.positionalArguments().isEmpty()) {
        Campaign next = c.value;
        for (const QString &a : p.positionalArguments()) {
            const qsizetype eq = a.indexOf(QLatin1Char('='));
            if (eq <= 0)
                return ctx.usageError(cmd.name, QStringLiteral("'%1' is not KEY=VALUE").arg(a));
            if (auto e = next.rules.set(a.left(eq).trimmed(), a.mid(eq + 1)))
                return ctx.usageError(cmd.name, *e);
        }
        auto r = store->updateCampaign(c.value, next);
        if (!r.ok())
            return fail(ctx, cmd, r.error);
        c.value = r.value;
    }
    const CampaignRules &rules = c.value.rules;
    if (p.isSet(jsonOption())) {
        printJson(ctx, rules.toJson());
        return ExitOk;
    }
    const QJsonObject o = rules.toJson();
    auto valueText = [&](const QString &key) {
        const QJsonValue v = o.value(key);
        if (v.isBool())
            return v.toBool() ? QStringLiteral("on") : QStringLiteral("off");
        if (v.isDouble())
            return QString::number(v.toInt());
        if (v.isArray()) {
            QStringList parts;
            for (const QJsonValue &x : v.toArray())
                parts << x.toString();
            return parts.join(QLatin1Char(','));
        }
        return v.toString();
    };
    ctx.out << "House rules of '" << c.value.name
            << "' (ours, not the rulebook's: docs/campaign-rules.md):\n";
    for (const HouseRuleInfo &h : houseRules())
        ctx.out << "  " << h.key << " = " << valueText(h.key) << "  — " << h.name << ": "
                << h.summary << '\n';
    ctx.out << "Parameters and scoring:\n";
    for (const QString &k : CampaignRules::keys()) {
        bool isRule = false;
        for (const HouseRuleInfo &h : houseRules())
            isRule = isRule || h.key == k;
        if (!isRule)
            ctx.out << "  " << k << " = " << valueText(k) << '\n';
    }
    return ExitOk;
}

// ---- charts -----------------------------------------------------------------------

int runCharts(Context &ctx, const Command &cmd, const QStringList &args)
{
    QCommandLineParser p;
    p.addOptions({dbOption()});
    bool help = false;
    if (!parseArgs(ctx, cmd, p, args, &help))
        return help ? ExitOk : ExitBadInput;
    int exit = ExitOk;
    auto store = openStore(ctx, cmd, p, true, &exit);
    if (!store)
        return exit;
    const auto c = store->campaign();
    const auto players = store->players();
    const auto battles = store->battleSummaries();
    const auto repairs = store->repairs();
    for (const CampaignError *e : {&c.error, &players.error, &battles.error, &repairs.error})
        if (!e->ok())
            return fail(ctx, cmd, *e);
    const StandingsSeries series
        = standingsOverTime(players.value, battles.value, repairs.value, c.value.rules);
    QJsonArray x;
    for (std::size_t i = 0; i < series.battleIds.size(); ++i)
        x.append(QJsonObject {{QStringLiteral("battle"), double(series.battleIds[i])},
                              {QStringLiteral("date"), series.dates[i].toString(Qt::ISODate)}});
    QJsonArray lines;
    for (const Player &pl : players.value) {
        QJsonArray pts, ranks;
        for (int v : series.points.count(pl.id) ? series.points.at(pl.id) : std::vector<int> {})
            pts.append(v);
        for (int v : series.ranks.count(pl.id) ? series.ranks.at(pl.id) : std::vector<int> {})
            ranks.append(v);
        lines.append(QJsonObject {{QStringLiteral("player"), pl.name},
                                  {QStringLiteral("points"), pts},
                                  {QStringLiteral("ranks"), ranks}});
    }
    std::map<qint64, QString> names;
    for (const Player &pl : players.value)
        names[pl.id] = pl.name;
    QJsonArray destroyed;
    for (const DestroyedPoint &d : pointsDestroyedPerBattle(battles.value))
        destroyed.append(QJsonObject {
            {QStringLiteral("battle"), double(d.battleId)},
            {QStringLiteral("date"), d.date.toString(Qt::ISODate)},
            {QStringLiteral("players"), QJsonArray {names[d.players[0]], names[d.players[1]]}},
            {QStringLiteral("destroyed"), QJsonArray {d.destroyed[0], d.destroyed[1]}}});
    // Luck: each player's attack dice against the odds, battle by battle; a battle
    // without recorded dice (entered by hand or from a report) has "recorded": false.
    const LuckSeries luck = luckOverTime(battles.value);
    QJsonArray luckPlayers;
    for (const Player &pl : players.value) {
        QJsonArray pts;
        if (const auto it = luck.players.find(pl.id); it != luck.players.end())
            for (const LuckPoint &lp : it->second) {
                QJsonObject o {{QStringLiteral("battle"), double(lp.battleId)},
                               {QStringLiteral("date"), lp.date.toString(Qt::ISODate)},
                               {QStringLiteral("recorded"), lp.recorded},
                               {QStringLiteral("total"), std::round(lp.total * 1000) / 1000}};
                if (lp.recorded) {
                    o.insert(QStringLiteral("attacks"), lp.attacks);
                    o.insert(QStringLiteral("successes"), lp.successes);
                    o.insert(QStringLiteral("expected"), std::round(lp.expected * 1000) / 1000);
                }
                pts.append(o);
            }
        luckPlayers.append(
            QJsonObject {{QStringLiteral("player"), pl.name}, {QStringLiteral("battles"), pts}});
    }
    printJson(ctx,
              QJsonObject {{QStringLiteral("standings_over_time"),
                            QJsonObject {{QStringLiteral("battles"), x},
                                         {QStringLiteral("players"), lines}}},
                           {QStringLiteral("points_destroyed"), destroyed},
                           {QStringLiteral("luck"),
                            QJsonObject {{QStringLiteral("unrecorded_battles"), luck.unrecorded},
                                         {QStringLiteral("players"), luckPlayers}}}});
    return ExitOk;
}

// ---- export / import ----------------------------------------------------------------

int runExport(Context &ctx, const Command &cmd, const QStringList &args)
{
    QCommandLineParser p;
    const QCommandLineOption format(QStringLiteral("format"),
                                    QStringLiteral("yaml (default) or json, for the standard "
                                                   "output; a FILE's suffix decides (.json)."),
                                    QStringLiteral("FORMAT"), QStringLiteral("yaml"));
    p.addOptions({dbOption(), format});
    p.addPositionalArgument(QStringLiteral("FILE"),
                            QStringLiteral("Where to write (default: the standard output)."),
                            QStringLiteral("[FILE]"));
    bool help = false;
    if (!parseArgs(ctx, cmd, p, args, &help))
        return help ? ExitOk : ExitBadInput;
    if (p.positionalArguments().size() > 1)
        return ctx.usageError(cmd.name, QStringLiteral("give at most one file"));
    if (p.value(format) != QLatin1String("yaml") && p.value(format) != QLatin1String("json"))
        return ctx.usageError(cmd.name, QStringLiteral("--format is yaml or json"));
    int exit = ExitOk;
    auto store = openStore(ctx, cmd, p, true, &exit);
    if (!store)
        return exit;
    const auto data = store->exportData();
    if (!data.ok())
        return fail(ctx, cmd, data.error);
    if (p.positionalArguments().isEmpty()) {
        ctx.out << QString::fromUtf8(CampaignFile::serialize(
            data.value,
            p.value(format) == QLatin1String("json") ? CampaignFile::Format::Json
                                                     : CampaignFile::Format::Yaml));
        return ExitOk;
    }
    const QString error = CampaignFile::write(data.value, p.positionalArguments().first());
    if (!error.isEmpty()) {
        ctx.err << "jwfleet-cli " << cmd.name << ": " << error << Qt::endl;
        return ExitBadInput;
    }
    ctx.out << "Exported '" << data.value.campaign.name << "' (" << data.value.players.size()
            << " players, " << data.value.battles.size() << " battles) to "
            << p.positionalArguments().first() << '\n';
    return ExitOk;
}

int runImport(Context &ctx, const Command &cmd, const QStringList &args)
{
    QCommandLineParser p;
    const QCommandLineOption replace(QStringLiteral("replace"),
                                     QStringLiteral("Replace the campaign the database holds."));
    p.addOptions({dbOption(), replace});
    p.addPositionalArgument(QStringLiteral("FILE"),
                            QStringLiteral("A campaign file written by export (.yaml or .json)."));
    bool help = false;
    if (!parseArgs(ctx, cmd, p, args, &help))
        return help ? ExitOk : ExitBadInput;
    if (p.positionalArguments().size() != 1)
        return ctx.usageError(cmd.name, QStringLiteral("give one campaign file"));
    const CampaignFile::Read read = CampaignFile::read(p.positionalArguments().first());
    if (!read.ok()) {
        ctx.err << read.errorText() << Qt::endl;
        return ExitBadInput;
    }
    int exit = ExitOk;
    auto store = openStore(ctx, cmd, p, false, &exit);
    if (!store)
        return exit;
    const CampaignError e = store->importData(*read.data, p.isSet(replace));
    if (!e.ok())
        return fail(ctx, cmd, e);
    ctx.out << "Imported '" << read.data->campaign.name << "' (" << read.data->players.size()
            << " players, " << read.data->battles.size() << " battles) into "
            << store->location().display() << '\n';
    return ExitOk;
}

std::vector<Sub> subcommands()
{
    return {
        {QStringLiteral("create"), QStringLiteral("create NAME [--points N] [--rules PROFILE]"),
         QStringLiteral("Start a campaign in the database."), runCreate},
        {QStringLiteral("info"), QStringLiteral("info [--json]"),
         QStringLiteral("The campaign's settings and size."), runInfo},
        {QStringLiteral("add-player"), QStringLiteral("add-player NAME [--fleet FILE.jwfleet]"),
         QStringLiteral("Add a player, with a roster from a fleet file."), runAddPlayer},
        {QStringLiteral("remove-player"), QStringLiteral("remove-player NAME"),
         QStringLiteral("Remove a player who has played no battle."), runRemovePlayer},
        {QStringLiteral("roster"),
         QStringLiteral("roster PLAYER [--set FILE.jwfleet] [--save FILE.jwfleet] [--json]"),
         QStringLiteral("Show a player's roster with its campaign record, or replace it."),
         runRoster},
        {QStringLiteral("add-battle"),
         QStringLiteral("add-battle --game FILE.jwgame | --report FILE.yaml [--date D] "
                        "[--players A,B]"),
         QStringLiteral("Add a battle and apply the house rules to both rosters."), runAddBattle},
        {QStringLiteral("battles"), QStringLiteral("battles [ID] [--json]"),
         QStringLiteral("List the battles, or show one with every unit's outcome."), runBattles},
        {QStringLiteral("standings"), QStringLiteral("standings [--json]"),
         QStringLiteral("The standings with the campaign's tie-breakers."), runStandings},
        {QStringLiteral("history"), QStringLiteral("history PLAYER [--json]"),
         QStringLiteral("A player's battles and every unit's battles, kills and survivals."),
         runHistory},
        {QStringLiteral("repair"), QStringLiteral("repair PLAYER UNIT [--seed N] [--date D]"),
         QStringLiteral("Repair a damaged unit between battles (house rule)."), runRepair},
        {QStringLiteral("rules"), QStringLiteral("rules [KEY=VALUE...] [--json]"),
         QStringLiteral("Show or set the campaign's house rules and scoring."), runRules},
        {QStringLiteral("charts"), QStringLiteral("charts"),
         QStringLiteral("Chart data as JSON: standings over time, points destroyed per battle."),
         runCharts},
        {QStringLiteral("export"), QStringLiteral("export [FILE] [--format yaml|json]"),
         QStringLiteral("Write the whole campaign as YAML or JSON (backups, moving databases)."),
         runExport},
        {QStringLiteral("import"), QStringLiteral("import FILE [--replace]"),
         QStringLiteral("Read a whole campaign from an export, in one transaction."), runImport},
    };
}

void printCampaignHelp(QTextStream &out)
{
    out << "Usage: jwfleet-cli campaign SUBCOMMAND [--db URL] [OPTIONS]\n\n"
           "Campaigns: players with rosters, battles, standings and the house rules\n"
           "(docs/campaigns.md, docs/campaign-rules.md). Every subcommand takes\n"
           "--db URL: an SQLite file (PATH or sqlite:///PATH) or\n"
           "postgresql://user:password@host:port/database; default "
        << CampaignLocation::defaultPath() << ".\n\nSubcommands:\n";
    const auto subs = subcommands();
    for (const Sub &s : subs) {
        printFolded(out, s.synopsis, 2, 8);
        printFolded(out, s.summary, 6, 6);
    }
    out << "\n'jwfleet-cli campaign SUBCOMMAND --help' explains one.\n";
    printFolded(out,
                QStringLiteral("Exit status: 0 ok, 1 a conflict (someone else changed the "
                               "campaign: nothing was written; run it again), 2 bad input, usage "
                               "or database errors."),
                0, 0);
}

int runCampaign(Context &ctx, const QStringList &args)
{
    if (args.isEmpty()) {
        printCampaignHelp(ctx.err);
        return ExitBadInput;
    }
    if (args.first() == QLatin1String("--help") || args.first() == QLatin1String("-h")
        || args.first() == QLatin1String("help")) {
        printCampaignHelp(ctx.out);
        return ExitOk;
    }
    for (const Sub &s : subcommands()) {
        if (s.name != args.first())
            continue;
        const Command cmd {QStringLiteral("campaign ") + s.name,
                           QStringLiteral("campaign ") + s.synopsis, s.summary, nullptr};
        // Files and databases come from outside: whatever escapes a reader is bad
        // input (exit 2), never an abort that loses the user's work. The store
        // rolls back its transaction before anything leaves it.
        try {
            return s.run(ctx, cmd, args.mid(1));
        } catch (const std::exception &e) {
            ctx.err << "jwfleet-cli " << cmd.name << ": " << QString::fromLocal8Bit(e.what())
                    << Qt::endl;
        } catch (...) {
            ctx.err << "jwfleet-cli " << cmd.name << ": unexpected error" << Qt::endl;
        }
        return ExitBadInput;
    }
    ctx.err << "jwfleet-cli campaign: unknown subcommand '" << args.first()
            << "'\nTry 'jwfleet-cli campaign --help'." << Qt::endl;
    return ExitBadInput;
}

} // namespace

void registerCampaignCommands(std::vector<Command> &commands)
{
    commands.push_back({QStringLiteral("campaign"),
                        QStringLiteral("campaign SUBCOMMAND [--db URL] ..."),
                        QStringLiteral("Campaigns: players, rosters, battles, standings "
                                       "('campaign --help')."),
                        [](Context &ctx, const QStringList &a) {
                            return runCampaign(ctx, a);
                        }});
}

} // namespace jw::cli
