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
                                      QStringLiteral("Scenario id (default introductory); several, "
                                                     "comma-separated, split the games "
                                                     "between them in that order."),
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
    std::vector<const Scenario *> scenarios;
    for (const QString &id : p.value(scenario).split(QLatin1Char(','))) {
        const Scenario *sc = lib.byId(id.trimmed());
        if (!sc)
            return ctx.usageError(cmd.name,
                                  QStringLiteral("unknown scenario '%1' (known: %2)")
                                      .arg(id.trimmed(), lib.ids().join(QStringLiteral(", "))));
        scenarios.push_back(sc);
    }
    if (int(scenarios.size()) > o.games)
        return ctx.usageError(cmd.name,
                              QStringLiteral("--games must be at least the number of "
                                             "scenarios"));
    o.setup.rules = p.isSet(rules) ? p.value(rules) : o.setup.players[0].fleet.rules;
    if (!RulesProfile::byId(o.setup.rules))
        return ctx.usageError(cmd.name,
                              QStringLiteral("unknown rules profile '%1'").arg(o.setup.rules));
    for (const Scenario *sc : scenarios) {
        GameSetup setup = o.setup;
        setup.setScenario(*sc);
        if (const auto why = GameSetup::fillUnits(setup, *db)) {
            ctx.err << "jwfleet-cli " << cmd.name << ": " << *why << '\n';
            return ExitBadInput;
        }
        if (const auto why = setup.check()) {
            ctx.err << "jwfleet-cli " << cmd.name << ": " << *why << '\n';
            return ExitBadInput;
        }
        o.setups.push_back(setup);
    }
    QStringList ids, names;
    for (const Scenario *s : scenarios) {
        ids << s->id;
        names << s->name;
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
                {QStringLiteral("scenario"), ids.at(g.setup)},
                {QStringLiteral("result"), g.result},
                {QStringLiteral("finished"), g.finished},
                {QStringLiteral("commands"), g.commands},
                {QStringLiteral("turn"), g.turn},
                {QStringLiteral("vp"), QJsonArray {g.victoryPoints[0], g.victoryPoints[1]}},
                {QStringLiteral("op"), QJsonArray {g.objectivePoints[0], g.objectivePoints[1]}}});
        const auto tallyJson = [](const AiMatchTally &t, QJsonObject obj) {
            obj.insert(QStringLiteral("games"), t.games);
            obj.insert(QStringLiteral("wins"), t.wins);
            obj.insert(QStringLiteral("draws"), t.draws);
            obj.insert(QStringLiteral("losses"), t.losses);
            obj.insert(QStringLiteral("unfinished"), t.unfinished);
            obj.insert(QStringLiteral("score"), t.score);
            obj.insert(QStringLiteral("score_low"), t.low);
            obj.insert(QStringLiteral("score_high"), t.high);
            obj.insert(QStringLiteral("vp_margin"), t.margin);
            obj.insert(QStringLiteral("vp_margin_low"), t.marginLow);
            obj.insert(QStringLiteral("vp_margin_high"), t.marginHigh);
            return obj;
        };
        QJsonArray perScenario;
        for (std::size_t s = 0; s < r.perSetup.size(); ++s)
            perScenario.append(tallyJson(r.perSetup[s],
                                         QJsonObject {{QStringLiteral("id"), ids.at(int(s))},
                                                      {QStringLiteral("name"), names.at(int(s))}}));
        printJson(ctx,
                  QJsonObject {{QStringLiteral("a"), aiLevelId(o.a)},
                               {QStringLiteral("b"), aiLevelId(o.b)},
                               {QStringLiteral("scenario"), ids.join(QLatin1Char(','))},
                               {QStringLiteral("scenarios"), perScenario},
                               {QStringLiteral("vp_margin"), r.margin},
                               {QStringLiteral("vp_margin_low"), r.marginLow},
                               {QStringLiteral("vp_margin_high"), r.marginHigh},
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
                << " games of " << names.join(QStringLiteral(", ")) << ", rules " << o.setup.rules;
        if (p.isSet(budget))
            ctx.out << ", " << o.budgetMs << " ms a decision";
        ctx.out << '\n';
        const auto record = [&](const AiMatchTally &t) {
            ctx.out << "A: " << t.wins << " wins, " << t.draws << " draws, " << t.losses
                    << " losses";
            if (t.unfinished)
                ctx.out << ", " << t.unfinished << " unfinished";
            ctx.out << "; score " << QString::number(t.score, 'f', 2) << " (95% CI "
                    << QString::number(t.low, 'f', 2) << "-" << QString::number(t.high, 'f', 2)
                    << ")";
        };
        if (scenarios.size() > 1)
            for (std::size_t s = 0; s < r.perSetup.size(); ++s) {
                const AiMatchTally &t = r.perSetup[s];
                ctx.out << names.at(int(s)) << ", " << t.games
                        << (t.games == 1 ? " game: " : " games: ");
                record(t);
                ctx.out << "; A's Victory Points ahead " << QString::number(t.margin, 'f', 0)
                        << " (95% CI " << QString::number(t.marginLow, 'f', 0) << " to "
                        << QString::number(t.marginHigh, 'f', 0) << ")\n";
            }
        if (scenarios.size() > 1)
            ctx.out << "All " << o.games << " games: ";
        record(r);
        if (scenarios.size() > 1)
            ctx.out << "; A's Victory Points ahead " << QString::number(r.margin, 'f', 0)
                    << " (95% CI " << QString::number(r.marginLow, 'f', 0) << " to "
                    << QString::number(r.marginHigh, 'f', 0) << ")";
        ctx.out << '\n';
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
