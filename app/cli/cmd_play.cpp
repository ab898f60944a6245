// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/clicontext.h"

#include "dice/dicesource.h"
#include "engine/game.h"
#include "engine/gamefile.h"
#include "engine/gamejson.h"
#include "engine/gamelogexport.h"
#include "engine/gamescript.h"
#include "engine/luckreport.h"
#include "engine/maskedview.h"
#include "fleet/fleetvalidator.h"
#include "io/outputfile.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace jw::cli {

namespace {

// Whether `fleet` has a stand-in (a masked game's model not revealed).
bool hasStandInEntry(const Fleet &fleet)
{
    return std::any_of(fleet.entries.begin(), fleet.entries.end(),
                       [](const FleetEntry &e) { return isStandInUnit(e.unitId); });
}

// --as PLAYER: 0 or 1; absent: -1 (everything). nullopt after a usage error.
std::optional<int> viewerOption(Context &ctx, const Command &cmd, const QCommandLineParser &p,
                                const QCommandLineOption &as)
{
    if (!p.isSet(as))
        return -1;
    const QString v = p.value(as);
    if (v != QLatin1String("0") && v != QLatin1String("1")) {
        ctx.usageError(cmd.name, QStringLiteral("--as takes 0 or 1, not '%1'").arg(v));
        return std::nullopt;
    }
    return v.toInt();
}

QString modelLine(const Engine &engine, const GameState &s, const ModelState &m, int viewer)
{
    if (engine.isHidden(s, m.id, viewer))
        return QStringLiteral("  [%1] hidden (player %2's; secret until it is on the table)")
            .arg(m.id)
            .arg(m.owner);
    const ModelView v = engine.view(s, m.id);
    QString line = QStringLiteral("  [%1] %2 (%3, player %4) %5")
                       .arg(m.id)
                       .arg(m.name, m.unitId)
                       .arg(m.controller)
                       .arg(locationId(m.location));
    if (m.onTable() && !engine.setup().physical()) // a physical table: the players' to see
        line += QStringLiteral(" at (%1, %2) facing %3")
                    .arg(m.placement.centre().x(), 0, 'f', 2)
                    .arg(m.placement.centre().y(), 0, 'f', 2)
                    .arg(m.placement.facing(), 0, 'f', 0);
    line += QStringLiteral(" · Structure %1/%2")
                .arg(v.structure())
                .arg(v.starting(Rating::Structure));
    if (v.unit().isCapital())
        line += QStringLiteral(" · Defense %1 Sensors %2 Thrusters %3")
                    .arg(v.rating(Rating::Defense))
                    .arg(v.rating(Rating::Sensors))
                    .arg(v.rating(Rating::Thrusters));
    const QStringList states = flagIds(m.flags);
    if (!states.isEmpty())
        line += QStringLiteral(" · ") + states.join(QStringLiteral(", "));
    // What scenarios put aboard (Break the Truce, Water Raid, Scavenger Hunt).
    if (m.escapePods > 0)
        line += QStringLiteral(" · escape pods %1").arg(m.escapePods);
    if (m.water > 0)
        line += QStringLiteral(" · water %1").arg(m.water);
    if (m.intelligence > 0)
        line += QStringLiteral(" · intelligence %1").arg(m.intelligence);
    for (const UioSearch &u : s.uios)
        if (u.model == m.id)
            line += QStringLiteral(" · Marines aboard %1-%2, Search tokens %3-%4%5")
                        .arg(u.marines[0])
                        .arg(u.marines[1])
                        .arg(u.tokens[0])
                        .arg(u.tokens[1])
                        .arg(u.searchedBy < 0
                                 ? QString()
                                 : QStringLiteral(", searched by player %1").arg(u.searchedBy));
    return line;
}

int runPlay(Context &ctx, const Command &cmd, const QStringList &args)
{
    QCommandLineParser p;
    const QCommandLineOption json(
        QStringLiteral("json"),
        QStringLiteral("Print JSON: each command's events and the final state."));
    const QCommandLineOption quiet(QStringLiteral("quiet"),
                                   QStringLiteral("Print only the final state (text)."));
    const QCommandLineOption save(QStringLiteral("save"),
                                  QStringLiteral("Save the game (.jwgame) to FILE."),
                                  QStringLiteral("FILE"));
    const QCommandLineOption as(
        QStringLiteral("as"),
        QStringLiteral("Show the game as PLAYER (0 or 1) sees it: with the v1.2.4 rules, the "
                       "other player's secret models and moves are hidden."),
        QStringLiteral("PLAYER"));
    const QCommandLineOption legal(
        QStringLiteral("legal"),
        QStringLiteral("After the last command, print what the player to act may do (JSON; with "
                       "--json: its field \"legal\")."));
    p.addOptions({json, quiet, save, as, legal});
    p.addPositionalArgument(QStringLiteral("SCRIPT"),
                            QStringLiteral("A game script (YAML; see docs/scripted-games.md)."));
    bool help = false;
    if (!parseArgs(ctx, cmd, p, args, &help))
        return help ? ExitOk : ExitBadInput;
    if (p.positionalArguments().size() != 1)
        return ctx.usageError(cmd.name, QStringLiteral("give exactly one script"));
    const std::optional<int> viewer = viewerOption(ctx, cmd, p, as);
    if (!viewer)
        return ExitBadInput;
    auto db = ctx.database();
    if (!db)
        return ExitBadInput;
    const QString path = p.positionalArguments().first();
    const GameScript script = GameScriptReader::read(path, *db);
    if (!script.ok()) {
        for (const DataIssue &i : script.issues)
            ctx.err << i.toString() << '\n';
        return ExitBadInput;
    }

    std::unique_ptr<ScriptedDiceSource> forced;
    if (script.dice)
        forced = std::make_unique<ScriptedDiceSource>(*script.dice);
    Game game(script.setup, forced.get());
    const Engine &engine = game.engine();

    QJsonArray steps;
    auto record = [&](const QString &label, int line, const std::vector<GameEvent> &events) {
        if (p.isSet(json)) {
            QJsonArray ev;
            for (const GameEvent &e : events)
                ev.append(eventToJson(e, *viewer));
            QJsonObject step {{QStringLiteral("command"), label}, {QStringLiteral("events"), ev}};
            if (line > 0)
                step.insert(QStringLiteral("line"), line);
            steps.append(step);
        } else if (!p.isSet(quiet)) {
            if (line > 0)
                ctx.out << "> " << label << '\n';
            for (const GameEvent &e : events)
                ctx.out << "  " << e.textFor(*viewer) << '\n';
        }
    };
    record(QStringLiteral("start"), 0, game.log().front());

    // Forced dice that run out before the first command: refused like a command.
    std::optional<Rejection> refused = game.startRejection();
    int refusedLine = 0;
    // `auto: true`: the defaults of the decisions the command at `line` asked.
    // A refused answer (forced dice running out in the middle of a Bombing
    // Run, say) is the script's refusal, at that command's line.
    auto answerDefaults = [&](int line) {
        while (script.autoAnswer && game.state().pending) {
            const ApplyResult r = game.apply(AnswerCommand {});
            if (!r.ok()) {
                refused = r.rejection;
                refusedLine = line;
                if (p.isSet(json))
                    steps.append(
                        QJsonObject {{QStringLiteral("command"), QStringLiteral("answer default")},
                                     {QStringLiteral("line"), line},
                                     {QStringLiteral("refused"), rejectionToJson(*r.rejection)}});
                return false;
            }
            record(QStringLiteral("answer default"), -1, r.events);
        }
        return true;
    };
    for (const ScriptCommand &sc : script.commands) {
        if (game.startRejection())
            break;
        const ApplyResult r = game.apply(sc.command);
        const QString label = QString::fromUtf8(
            QJsonDocument(commandToJson(sc.command)).toJson(QJsonDocument::Compact));
        if (!r.ok()) {
            refused = r.rejection;
            refusedLine = sc.line;
            if (p.isSet(json)) {
                QJsonObject step {{QStringLiteral("command"), label},
                                  {QStringLiteral("line"), sc.line},
                                  {QStringLiteral("refused"), rejectionToJson(*r.rejection)}};
                steps.append(step);
            }
            break;
        }
        record(label, sc.line, r.events);
        if (!answerDefaults(sc.line))
            break;
    }

    // A game that could not start is no game to save: the refusal says why.
    if (p.isSet(save) && !game.startRejection()) {
        const QString error = GameFile::write(game, p.value(save));
        if (!error.isEmpty()) {
            ctx.err << "jwfleet-cli play: " << error << Qt::endl;
            return ExitBadInput;
        }
    }
    const GameState &s = game.state();
    // --legal: null when there is no game (it could not start) or when the player to act
    // is not the one `--as` shows the game to (their options would name their secrets).
    QJsonValue legalJson;
    if (p.isSet(legal) && !game.startRejection()) {
        const LegalCommands l = engine.legalCommands(s);
        if (*viewer < 0 || *viewer == l.player)
            legalJson = legalToJson(l);
    }
    if (p.isSet(json)) {
        QJsonObject out {{QStringLiteral("steps"), steps},
                         {QStringLiteral("state"), stateToJson(engine, s, *viewer)},
                         {QStringLiteral("ok"), !refused.has_value()}};
        if (refused)
            out.insert(QStringLiteral("refused"),
                       QJsonObject {{QStringLiteral("line"), refusedLine},
                                    {QStringLiteral("rule"), refused->rule},
                                    {QStringLiteral("message"), refused->message()}});
        if (p.isSet(legal))
            out.insert(QStringLiteral("legal"), legalJson);
        printJson(ctx, out);
    } else {
        if (refused)
            ctx.out << path
                    << (refusedLine > 0 ? QStringLiteral(":%1").arg(refusedLine) : QString())
                    << ": refused: " << refused->rule << ": " << refused->message() << '\n';
        const auto vp = engine.victoryPoints(s);
        ctx.out << "Turn " << s.turn << ", " << phaseId(s.phase) << " phase; player " << s.toAct
                << " to act. Victory Points " << vp[0] << "-" << vp[1] << ", Objective Points "
                << s.objectivePoints[0] << "-" << s.objectivePoints[1] << '\n';
        if (s.pending)
            ctx.out << "Waiting for player " << s.pending->request.player << ": "
                    << s.pending->request.question() << '\n';
        for (const ModelState &m : s.models)
            ctx.out << modelLine(engine, s, m, *viewer) << '\n';
        if (p.isSet(legal)) {
            ctx.out << "Legal commands (JSON):\n";
            if (legalJson.isObject())
                printJson(ctx, legalJson);
            else
                ctx.out << "null\n";
        }
    }
    // A script with expectations passes when they hold (a refusal may be expected).
    if (!script.expect.isEmpty()) {
        QStringList log;
        for (const std::vector<GameEvent> &events : game.log())
            for (const GameEvent &e : events)
                log << e.text();
        const QStringList failures = checkExpectations(script, engine, s, refused, log);
        for (const QString &f : failures)
            ctx.err << path << ": expectation failed: " << f << '\n';
        return failures.isEmpty() ? ExitOk : ExitCheckFailed;
    }
    if (refused) {
        ctx.err << path << (refusedLine > 0 ? QStringLiteral(":%1").arg(refusedLine) : QString())
                << ": refused: " << refused->rule << ": " << refused->message() << Qt::endl;
        return ExitCheckFailed;
    }
    return ExitOk;
}

int runGame(Context &ctx, const Command &cmd, const QStringList &args)
{
    QCommandLineParser p;
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON."));
    const QCommandLineOption log(QStringLiteral("log"), QStringLiteral("Print the game log."));
    const QCommandLineOption reasons(
        QStringLiteral("reasons"),
        QStringLiteral("With --log: before the events of each command the computer chose, its "
                       "reason, as \"NAME (the computer): REASON\" (with --json: a \"reasons\" "
                       "list of {command, player, reason})."));
    const QCommandLineOption as(
        QStringLiteral("as"),
        QStringLiteral("Show the game as PLAYER (0 or 1) sees it (v1.2.4 secret information)."),
        QStringLiteral("PLAYER"));
    const QCommandLineOption exportOpt(
        QStringLiteral("export"),
        QStringLiteral("Export the whole game's log, grouped by turn, phase and activation, with "
                       "the commands, the dice and the score: text, markdown or json."),
        QStringLiteral("FORMAT"));
    const QCommandLineOption luck(
        QStringLiteral("luck"),
        QStringLiteral("Print the luck report: each player's dice against the exact odds of the "
                       "pools rolled (with --json: as JSON)."));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("With --export or --luck: write to OUT instead "
                                                   "of the standard output."),
                                    QStringLiteral("OUT"));
    const QCommandLineOption verify(
        QStringLiteral("verify"),
        QStringLiteral("Re-check every die against the commit-reveal exchange it came from "
                       "(network games; docs/network.md): exit 0 every die verifies, 1 one does "
                       "not (with --json: JSON)."));
    p.addOptions({json, log, reasons, as, exportOpt, luck, output, verify});
    p.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("A saved game (.jwgame)."));
    bool help = false;
    if (!parseArgs(ctx, cmd, p, args, &help))
        return help ? ExitOk : ExitBadInput;
    if (p.positionalArguments().size() != 1)
        return ctx.usageError(cmd.name, QStringLiteral("give exactly one game file"));
    const std::optional<int> viewer = viewerOption(ctx, cmd, p, as);
    if (!viewer)
        return ExitBadInput;
    // The reports are of the whole game, after it: nothing in them is secret any more.
    std::optional<LogFormat> format;
    if (p.isSet(exportOpt)) {
        format = logFormatFromId(p.value(exportOpt));
        if (!format)
            return ctx.usageError(
                cmd.name,
                QStringLiteral("unknown format '%1' for --export (text, markdown, json)")
                    .arg(p.value(exportOpt)));
        if (p.isSet(luck) || p.isSet(json) || p.isSet(log))
            return ctx.usageError(
                cmd.name, QStringLiteral("--export takes neither --luck, --json nor --log"));
    }
    if (p.isSet(luck) && p.isSet(log))
        return ctx.usageError(cmd.name, QStringLiteral("--luck takes no --log"));
    if (p.isSet(reasons) && !p.isSet(log))
        return ctx.usageError(cmd.name, QStringLiteral("--reasons goes with --log"));
    if ((format || p.isSet(luck)) && p.isSet(as))
        return ctx.usageError(cmd.name,
                              QStringLiteral("--export and --luck show the whole game; no --as"));
    if (p.isSet(output) && !format && !p.isSet(luck))
        return ctx.usageError(cmd.name, QStringLiteral("-o goes with --export or --luck"));
    const GameFile::Loaded loaded = GameFile::read(p.positionalArguments().first());
    if (!loaded.game) {
        ctx.err << loaded.error << Qt::endl;
        return ExitBadInput;
    }
    const Game &game = *loaded.game;
    if (p.isSet(verify)) {
        if (format || p.isSet(luck) || p.isSet(log) || p.isSet(as) || p.isSet(output))
            return ctx.usageError(cmd.name, QStringLiteral("--verify takes only --json"));
        const GameFile::DiceCheck check = GameFile::verifyDice(game);
        // A masked game's fleets, revealed at the end, under the fleet rules (docs/network.md,
        // "A masked lobby": nobody but their owner could check them before). Reported, not a
        // verdict on the dice: the exit code stays the check's.
        QJsonArray illegal;
        QStringList illegalLines;
        if (check.masked) {
            const auto db = ctx.database();
            if (!db)
                return ExitBadInput;
            for (int pl = 0; pl < 2; ++pl) {
                const PlayerSetup &ps = game.setup().players[std::size_t(pl)];
                if (hasStandInEntry(ps.fleet))
                    continue; // not revealed (a game ended early)
                const FleetReport report = validateFleet(ps.fleet, *db);
                if (report.legal())
                    continue;
                QStringList problems;
                for (const FleetProblem &pr : report.problems)
                    if (pr.severity == FleetProblem::Severity::Error)
                        problems << pr.message();
                illegal.append(QJsonObject {
                    {QStringLiteral("player"), pl},
                    {QStringLiteral("name"), ps.name},
                    {QStringLiteral("problems"), QJsonArray::fromStringList(problems)}});
                illegalLines << QStringLiteral("the fleet of player %1 (%2), revealed at the end, "
                                               "is not legal under the fleet rules: %3\n")
                                    .arg(pl + 1)
                                    .arg(ps.name, problems.join(QStringLiteral("; ")));
            }
        }
        if (p.isSet(json)) {
            QJsonObject out {
                {QStringLiteral("ok"), check.ok()},
                {QStringLiteral("dice"), check.dice},
                {QStringLiteral("exchanges"), check.exchanges},
                {QStringLiteral("seeded"), check.seeded},
                {QStringLiteral("sealed"), check.sealed},
                {QStringLiteral("masked_models"), check.maskedModels},
                {QStringLiteral("sealed_embarks"), check.sealedEmbarks},
                {QStringLiteral("problems"), QJsonArray::fromStringList(check.problems)}};
            if (check.masked) // added for masked games: the fleets revealed that are illegal
                out.insert(QStringLiteral("illegal_fleets"), illegal);
            printJson(ctx, out);
        } else {
            for (const QString &why : check.problems)
                ctx.out << "does not verify: " << why << '\n';
            if (check.ok())
                ctx.out << (check.seeded
                                ? QStringLiteral("%1 dice, all from the game's seed (checked by "
                                                 "replaying it)\n")
                                      .arg(check.dice)
                                : QStringLiteral("%1 dice verified by %2 commit-reveal exchanges\n")
                                      .arg(check.dice)
                                      .arg(check.exchanges));
            if (check.ok() && check.sealed > 0) // a line more only for such games
                ctx.out << QStringLiteral("%1 sealed secret choices verified against their "
                                          "commitments\n")
                               .arg(check.sealed);
            if (check.ok() && check.masked) // a masked game's: its reveals
                ctx.out << QStringLiteral("%1 hidden models and %2 sealed Embarks verified "
                                          "against their commitments\n")
                               .arg(check.maskedModels)
                               .arg(check.sealedEmbarks);
            for (const QString &line : illegalLines)
                ctx.out << line;
        }
        return check.ok() ? ExitOk : ExitCheckFailed;
    }
    if (format || p.isSet(luck)) {
        QString text;
        if (format)
            text = exportGameLog(game, LogExportOptions {*format});
        else if (p.isSet(json))
            text = QString::fromUtf8(
                QJsonDocument(luckReportToJson(luckReport(game))).toJson(QJsonDocument::Indented));
        else
            text = luckReportText(luckReport(game));
        if (!p.isSet(output)) {
            ctx.out << text;
            return ExitOk;
        }
        if (const QString error = io::writeFile(p.value(output), text.toUtf8()); !error.isEmpty()) {
            ctx.err << "jwfleet-cli game: " << error << Qt::endl;
            return ExitBadInput;
        }
        return ExitOk;
    }
    if (p.isSet(json)) {
        QJsonObject out {
            {QStringLiteral("state"), stateToJson(game.engine(), game.state(), *viewer)},
            {QStringLiteral("commands"), int(game.history().size())}};
        if (p.isSet(log)) {
            QJsonArray all;
            for (const auto &events : game.log())
                for (const GameEvent &e : events)
                    all.append(eventToJson(e, *viewer));
            out.insert(QStringLiteral("log"), all);
        }
        if (p.isSet(reasons)) {
            // The computer's commands (1 is the first command; the log's events of command i
            // are those after its start's).
            QJsonArray list;
            for (std::size_t i = 0; i < game.history().size(); ++i) {
                const GameRecordEntry &h = game.history()[i];
                if (!h.reason.isEmpty())
                    list.append(QJsonObject {{QStringLiteral("command"), int(i) + 1},
                                             {QStringLiteral("player"), h.player},
                                             {QStringLiteral("reason"), h.reason.english()}});
            }
            out.insert(QStringLiteral("reasons"), list);
        }
        printJson(ctx, out);
        return ExitOk;
    }
    if (p.isSet(log))
        for (std::size_t i = 0; i < game.log().size(); ++i) {
            // The computer's command: its reason first (--reasons), then what it did.
            if (p.isSet(reasons) && i > 0 && i - 1 < game.history().size()
                && !game.history()[i - 1].reason.isEmpty() && game.history()[i - 1].player >= 0
                && game.history()[i - 1].player <= 1) {
                const GameRecordEntry &h = game.history()[i - 1];
                const QString name = game.setup().players[std::size_t(h.player)].name;
                ctx.out << (name.isEmpty() ? QStringLiteral("Player %1").arg(h.player + 1) : name)
                        << " (the computer): " << h.reason.english() << '\n';
            }
            for (const GameEvent &e : game.log()[i])
                ctx.out << e.textFor(*viewer) << '\n';
        }
    const GameState &s = game.state();
    const auto vp = game.engine().victoryPoints(s);
    ctx.out << game.history().size() << " commands; turn " << s.turn << ", " << phaseId(s.phase)
            << " phase. Victory Points " << vp[0] << "-" << vp[1] << '\n';
    for (const ModelState &m : s.models)
        ctx.out << modelLine(game.engine(), s, m, *viewer) << '\n';
    return ExitOk;
}

} // namespace

void registerPlayCommands(std::vector<Command> &commands)
{
    commands.push_back(
        {QStringLiteral("play"), QStringLiteral("play SCRIPT [--json] [--legal]"),
         QStringLiteral("Play a scripted game and print its events and final state."), nullptr});
    commands.back().run = [c = commands.back()](Context &ctx, const QStringList &a) {
        return runPlay(ctx, c, a);
    };
    commands.push_back(
        {QStringLiteral("game"),
         QStringLiteral("game FILE [--json] [--log [--reasons]] [--export text|markdown|json] "
                        "[--luck] [-o OUT] [--verify]"),
         QStringLiteral("Load a saved game (checked by replaying it) and show it."), nullptr});
    commands.back().run = [c = commands.back()](Context &ctx, const QStringList &a) {
        return runGame(ctx, c, a);
    };
}

} // namespace jw::cli
