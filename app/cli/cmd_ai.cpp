// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/clicontext.h"

#include "engine/aimatch.h"
#include "engine/scenario.h"
#include "fleet/fleetfile.h"
#include "fleet/rulesprofile.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonObject>
#include <QThread>

namespace jw::cli {

namespace {

// ai-match: two computer players (docs/ai.md) play seeded games of one
// setup; A's wins, draws and losses with a 95% confidence interval, and the thinking time.
int runAiMatch(Context &ctx, const Command &cmd, const QStringList &args)
{
    QCommandLineParser p;
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON."));
    const QCommandLineOption a(QStringLiteral("a"),
                               QStringLiteral("Player A's level: random, greedy, careful or "
                                              "expert (default greedy)."),
                               QStringLiteral("LEVEL"), QStringLiteral("greedy"));
    const QCommandLineOption b(QStringLiteral("b"),
                               QStringLiteral("Player B's level (default random)."),
                               QStringLiteral("LEVEL"), QStringLiteral("random"));
    const QCommandLineOption games(QStringLiteral("games"),
                                   QStringLiteral("Games to play, 1-10000 (default 20); A "
                                                  "plays the first fleet in every other one."),
                                   QStringLiteral("N"), QStringLiteral("20"));
    const QCommandLineOption scenario(QStringLiteral("scenario"),
                                      QStringLiteral("Scenario id (default introductory)."),
                                      QStringLiteral("ID"), QStringLiteral("introductory"));
    const QCommandLineOption rules(QStringLiteral("rules"),
                                   QStringLiteral("Rules profile (default: the first fleet's)."),
                                   QStringLiteral("PROFILE"));
    const QCommandLineOption seed(QStringLiteral("seed"),
                                  QStringLiteral("The first game's seed (default 1)."),
                                  QStringLiteral("N"), QStringLiteral("1"));
    const QCommandLineOption jobs(QStringLiteral("jobs"),
                                  QStringLiteral("Games played at once (default: one per core)."),
                                  QStringLiteral("N"));
    const QCommandLineOption budget(QStringLiteral("budget"),
                                    QStringLiteral("Each player's CPU time a decision in ms, "
                                                   "1-1000 (default 700)."),
                                    QStringLiteral("MS"), QStringLiteral("700"));
    const QCommandLineOption saveDir(
        QStringLiteral("save-dir"),
        QStringLiteral(
            "Save each game in DIR as game-SEED.jwgame (the computer's reason "
            "kept with each command; `game FILE --log --reasons` replays it with them)."),
        QStringLiteral("DIR"));
    p.addOptions({json, a, b, games, scenario, rules, seed, jobs, budget, saveDir});
    p.addPositionalArgument(QStringLiteral("FLEET_A"), QStringLiteral("The first fleet file."));
    p.addPositionalArgument(QStringLiteral("FLEET_B"), QStringLiteral("The second fleet file."));
    bool help = false;
    if (!parseArgs(ctx, cmd, p, args, &help))
        return help ? ExitOk : ExitBadInput;
    if (p.positionalArguments().size() != 2)
        return ctx.usageError(cmd.name, QStringLiteral("give two fleet files"));

    AiMatchOptions o;
    const auto level = [&](const QCommandLineOption &opt, AiLevel *out) {
        const std::optional<AiLevel> l = aiLevelFromId(p.value(opt));
        if (l)
            *out = *l;
        return l.has_value();
    };
    if (!level(a, &o.a) || !level(b, &o.b))
        return ctx.usageError(cmd.name,
                              QStringLiteral("a level is random, greedy, careful or expert"));
    bool ok = false;
    o.games = p.value(games).toInt(&ok);
    if (!ok || o.games < 1 || o.games > 10000)
        return ctx.usageError(cmd.name, QStringLiteral("--games must be from 1 to 10000"));
    o.seed = p.value(seed).toULongLong(&ok);
    if (!ok)
        return ctx.usageError(cmd.name, QStringLiteral("--seed must be a whole number"));
    o.budgetMs = p.value(budget).toDouble(&ok);
    if (!ok || o.budgetMs < 1 || o.budgetMs > 1000)
        return ctx.usageError(cmd.name, QStringLiteral("--budget must be from 1 to 1000"));
    o.jobs = std::max(1, QThread::idealThreadCount());
    if (p.isSet(jobs)) {
        o.jobs = p.value(jobs).toInt(&ok);
        if (!ok || o.jobs < 1 || o.jobs > 64)
            return ctx.usageError(cmd.name, QStringLiteral("--jobs must be from 1 to 64"));
    }

    if (p.isSet(saveDir)) {
        o.saveDir = p.value(saveDir);
        if (!QDir().mkpath(o.saveDir)) {
            ctx.err << "jwfleet-cli " << cmd.name << ": cannot create the directory '" << o.saveDir
                    << "'\n";
            return ExitBadInput;
        }
    }

    const std::optional<UnitDatabase> db = ctx.database();
    if (!db)
        return ExitBadInput;
    for (int i = 0; i < 2; ++i) {
        const QString path = p.positionalArguments().at(i);
        const FleetFileResult f = FleetFile::read(path);
        if (!f.ok()) {
            ctx.err << f.errorText() << '\n';
            return ExitBadInput;
        }
        o.setup.players[std::size_t(i)]
            = PlayerSetup {i == 0 ? QStringLiteral("A") : QStringLiteral("B"), *f.fleet};
    }
    const ScenarioLibrary lib = ScenarioLibrary::loadShipped();
    const Scenario *sc = lib.byId(p.value(scenario));
    if (!sc)
        return ctx.usageError(cmd.name,
                              QStringLiteral("unknown scenario '%1' (known: %2)")
                                  .arg(p.value(scenario), lib.ids().join(QStringLiteral(", "))));
    o.setup.setScenario(*sc);
    o.setup.rules = p.isSet(rules) ? p.value(rules) : o.setup.players[0].fleet.rules;
    if (!RulesProfile::byId(o.setup.rules))
        return ctx.usageError(cmd.name,
                              QStringLiteral("unknown rules profile '%1'").arg(o.setup.rules));
    if (const auto why = GameSetup::fillUnits(o.setup, *db)) {
        ctx.err << "jwfleet-cli " << cmd.name << ": " << *why << '\n';
        return ExitBadInput;
    }
    if (const auto why = o.setup.check()) {
        ctx.err << "jwfleet-cli " << cmd.name << ": " << *why << '\n';
        return ExitBadInput;
    }

    const AiMatchResult r = playAiMatch(o);
    int saveErrors = 0;
    for (const AiMatchGame &g : r.games)
        if (!g.saveError.isEmpty()) {
            ctx.err << "jwfleet-cli " << cmd.name << ": game " << g.seed
                    << " not saved: " << g.saveError << '\n';
            ++saveErrors;
        }
    if (p.isSet(json)) {
        QJsonArray list;
        for (const AiMatchGame &g : r.games)
            list.append(QJsonObject {
                {QStringLiteral("seed"), QString::number(g.seed)},
                {QStringLiteral("a_side"), g.aSide},
                {QStringLiteral("result"), g.result},
                {QStringLiteral("finished"), g.finished},
                {QStringLiteral("commands"), g.commands},
                {QStringLiteral("turn"), g.turn},
                {QStringLiteral("vp"), QJsonArray {g.victoryPoints[0], g.victoryPoints[1]}},
                {QStringLiteral("op"), QJsonArray {g.objectivePoints[0], g.objectivePoints[1]}}});
        printJson(ctx,
                  QJsonObject {{QStringLiteral("a"), aiLevelId(o.a)},
                               {QStringLiteral("b"), aiLevelId(o.b)},
                               {QStringLiteral("scenario"), sc->id},
                               {QStringLiteral("rules"), o.setup.rules},
                               {QStringLiteral("wins"), r.wins},
                               {QStringLiteral("draws"), r.draws},
                               {QStringLiteral("losses"), r.losses},
                               {QStringLiteral("unfinished"), r.unfinished},
                               {QStringLiteral("score"), r.score},
                               {QStringLiteral("score_low"), r.low},
                               {QStringLiteral("score_high"), r.high},
                               {QStringLiteral("decisions"), r.decisions},
                               {QStringLiteral("mean_think_ms"), r.meanThinkMs},
                               {QStringLiteral("max_think_ms"), r.maxThinkMs},
                               {QStringLiteral("budget_ms"), o.budgetMs},
                               {QStringLiteral("games"), list}});
    } else {
        ctx.out << aiLevelId(o.a) << " (A) against " << aiLevelId(o.b) << " (B): " << o.games
                << " games of " << sc->name << ", rules " << o.setup.rules;
        if (p.isSet(budget))
            ctx.out << ", " << o.budgetMs << " ms a decision";
        ctx.out << '\n';
        ctx.out << "A: " << r.wins << " wins, " << r.draws << " draws, " << r.losses << " losses";
        if (r.unfinished)
            ctx.out << ", " << r.unfinished << " unfinished";
        ctx.out << "; score " << QString::number(r.score, 'f', 2) << " (95% CI "
                << QString::number(r.low, 'f', 2) << "-" << QString::number(r.high, 'f', 2)
                << ")\n";
        ctx.out << "Thinking (CPU time): " << r.decisions << " decisions, mean "
                << QString::number(r.meanThinkMs, 'f', 1) << " ms, slowest "
                << QString::number(r.maxThinkMs, 'f', 1) << " ms\n";
    }
    return saveErrors ? ExitBadInput : ExitOk;
}

} // namespace

void registerAiCommands(std::vector<Command> &commands)
{
    commands.push_back(
        {QStringLiteral("ai-match"),
         QStringLiteral("ai-match FLEET_A FLEET_B [--a LEVEL] [--b LEVEL] [--games N] "
                        "[--scenario ID] [--rules PROFILE] [--seed N] [--jobs N] [--budget MS] "
                        "[--save-dir DIR] [--json]"),
         QStringLiteral("Play seeded games between two computer players and measure them."),
         nullptr});
    commands.back().run = [c = commands.back()](Context &ctx, const QStringList &a) {
        return runAiMatch(ctx, c, a);
    };
}

} // namespace jw::cli
