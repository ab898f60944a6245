// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/gamelogexport.h"

#include "engine/game.h"
#include "engine/gamejson.h"
#include "engine/luckreport.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace jw {

namespace {

// Where an event happened: the turn, the phase and the activation (model -1: outside one).
struct Group
{
    int turn = 0;
    QString phase;
    int model = -1;
    friend bool operator==(const Group &, const Group &) = default;
};

// A command's events in one group: a command whose events run into the next phase or turn
// (ending the last activation ends the phase) has one segment per group, the later ones
// `continued`.
struct Segment
{
    Group group;
    int command = 0; // 1-based, as jwfleet-cli names commands; 0: the start of the game
    bool continued = false;
    std::vector<const GameEvent *> events;
};

std::vector<Segment> segmentsOf(const Game &game)
{
    std::vector<Segment> out;
    Group at {game.setup().startTurn, game.setup().startPhase, -1};
    const auto &log = game.log();
    for (std::size_t k = 0; k < log.size(); ++k) {
        // An activate command opens its activation, also when a decision it asks comes
        // before the "activated" event (that comes with the answer).
        if (k > 0) {
            const QJsonObject c = commandToJson(game.history()[k - 1].command);
            if (c.value(QStringLiteral("command")) == QLatin1String("activate"))
                at.model = c.value(QStringLiteral("model")).toInt(at.model);
        }
        Segment seg {at, int(k), false, {}};
        bool ending = false; // the last event ended the activation
        for (const GameEvent &e : log[k]) {
            Group next = at;
            if (ending)
                next.model = -1;
            ending = false;
            if (e.kind == QLatin1String("turn")) {
                next.turn = e.data.value(QStringLiteral("turn")).toInt(next.turn);
                next.model = -1;
            } else if (e.kind == QLatin1String("phase")) {
                next.phase = e.data.value(QStringLiteral("phase")).toString(next.phase);
                next.model = -1;
            } else if (e.kind == QLatin1String("game-over")) {
                next.phase = QStringLiteral("over");
                next.model = -1;
            } else if (e.kind == QLatin1String("activated")) {
                next.model = e.data.value(QStringLiteral("model")).toInt(-1);
            } else if (e.kind == QLatin1String("activation-ended")) {
                ending = true;
            }
            if (!(next == at)) {
                at = next;
                if (seg.events.empty() && !seg.continued) {
                    seg.group = at; // the command opens the new group
                } else {
                    out.push_back(std::move(seg));
                    seg = Segment {at, int(k), true, {}};
                }
            }
            seg.events.push_back(&e);
        }
        if (ending)
            at.model = -1;
        out.push_back(std::move(seg));
    }
    return out;
}

QString playerName(const Game &game, int player)
{
    if (player < 0 || player > 1)
        return QString();
    const QString &name = game.setup().players[std::size_t(player)].name;
    return name.isEmpty() ? QStringLiteral("Player %1").arg(player + 1) : name;
}

QString modelName(const Game &game, int id)
{
    const GameState &s = game.state();
    return id >= 0 && id < int(s.models.size()) ? s.models[std::size_t(id)].name : QString();
}

// "activation" -> "Activation Phase"; "over" -> "Game over".
QString phaseTitle(const QString &phase)
{
    if (phase == QLatin1String("over"))
        return QStringLiteral("Game over");
    if (phase.isEmpty())
        return QStringLiteral("Start");
    return phase.left(1).toUpper() + phase.mid(1) + QStringLiteral(" Phase");
}

QString eventText(const GameEvent &e, bool translated)
{
    return translated ? e.translatedFor(-1) : e.textFor(-1);
}

QString commandText(const Command &c)
{
    return QString::fromUtf8(QJsonDocument(commandToJson(c)).toJson(QJsonDocument::Compact));
}

QString diceText(const std::vector<int> &dice)
{
    QStringList faces;
    for (int f : dice)
        faces << QString::number(f);
    return faces.join(QLatin1Char(' '));
}

// The dice a segment's command rolled (only on its first segment).
const std::vector<int> *diceOf(const Game &game, const Segment &seg)
{
    if (seg.continued)
        return nullptr;
    if (seg.command == 0)
        return &game.startDice();
    return &game.history()[std::size_t(seg.command - 1)].dice;
}

struct Score
{
    std::array<int, 2> vp {};
    std::array<int, 2> op {};
    bool over = false;
    std::optional<int> winner;
};

Score scoreOf(const Game &game)
{
    const GameState &s = game.state();
    return Score {game.engine().victoryPoints(s), s.objectivePoints, s.phase == Phase::Over,
                  s.winner};
}

QString resultSentence(const Game &game, const Score &score)
{
    const GameState &s = game.state();
    if (!score.over || !score.winner)
        return QStringLiteral("The game is not over: turn %1, %2.")
            .arg(s.turn)
            .arg(phaseTitle(phaseId(s.phase)).toLower());
    if (*score.winner < 0)
        return QStringLiteral("A draw.");
    return QStringLiteral("%1 wins.").arg(playerName(game, *score.winner));
}

QString fleetLine(const Game &game, int p)
{
    const Fleet &f = game.setup().players[std::size_t(p)].fleet;
    return QStringLiteral("%1 (%2, %3 points)").arg(playerName(game, p), f.faction).arg(f.points);
}

QString setupLine(const Game &game)
{
    const GameSetup &setup = game.setup();
    return QStringLiteral("%1 against %2; %3, rules %4, %5 table%6; %7 commands")
        .arg(fleetLine(game, 0), fleetLine(game, 1), setup.scenarioRules.name, setup.rules,
             tableKindId(setup.table),
             setup.typedDice ? QStringLiteral(", dice typed in") : QString())
        .arg(game.history().size());
}

// Markdown: the characters that would change a sentence into formatting.
QString md(const QString &text)
{
    QString out;
    out.reserve(text.size());
    for (QChar c : text) {
        if (c == QLatin1Char('\\') || c == QLatin1Char('`') || c == QLatin1Char('*')
            || c == QLatin1Char('_') || c == QLatin1Char('<') || c == QLatin1Char('|'))
            out += QLatin1Char('\\');
        out += c;
    }
    return out;
}

QString activationLabel(const Game &game, int model)
{
    const GameState &s = game.state();
    const int owner
        = model >= 0 && model < int(s.models.size()) ? s.models[std::size_t(model)].controller : -1;
    return owner < 0
        ? modelName(game, model)
        : QStringLiteral("%1 (%2)").arg(modelName(game, model), playerName(game, owner));
}

QString exportText(const Game &game, const LogExportOptions &o)
{
    QString out = QStringLiteral("game | %1\n").arg(setupLine(game));
    for (const Segment &seg : segmentsOf(game)) {
        const QString where
            = QStringLiteral("turn %1 | %2 | %3 | %4")
                  .arg(seg.group.turn)
                  .arg(seg.group.phase.isEmpty() ? QStringLiteral("start") : seg.group.phase,
                       seg.group.model < 0 ? QStringLiteral("-") : modelName(game, seg.group.model),
                       seg.command == 0 ? QStringLiteral("start")
                                        : QStringLiteral("#%1").arg(seg.command));
        if (!seg.continued && seg.command > 0) {
            const GameRecordEntry &entry = game.history()[std::size_t(seg.command - 1)];
            out += QStringLiteral("%1 | > %2: %3")
                       .arg(where, playerName(game, entry.player), commandText(entry.command));
            if (!entry.dice.empty())
                out += QStringLiteral(" | dice %1").arg(diceText(entry.dice));
            out += QLatin1Char('\n');
        } else if (seg.command == 0 && !game.startDice().empty()) {
            out += QStringLiteral("%1 | dice %2\n").arg(where, diceText(game.startDice()));
        }
        for (const GameEvent *e : seg.events)
            out += QStringLiteral("%1 | %2\n").arg(where, eventText(*e, o.translated));
    }
    const Score score = scoreOf(game);
    out += QStringLiteral("score | Victory Points %1-%2 | Objective Points %3-%4 | %5\n")
               .arg(score.vp[0])
               .arg(score.vp[1])
               .arg(score.op[0])
               .arg(score.op[1])
               .arg(resultSentence(game, score));
    return out;
}

QString exportMarkdown(const Game &game, const LogExportOptions &o)
{
    const GameSetup &setup = game.setup();
    const Score score = scoreOf(game);
    QString out = QStringLiteral("# Battle report: %1\n\n").arg(md(setup.scenarioRules.name));
    out += md(setupLine(game)) + QStringLiteral(".\n\n## Result\n\n");
    out += QStringLiteral("| | %1 | %2 |\n|---|---:|---:|\n")
               .arg(md(playerName(game, 0)), md(playerName(game, 1)));
    out += QStringLiteral("| Victory Points | %1 | %2 |\n").arg(score.vp[0]).arg(score.vp[1]);
    out += QStringLiteral("| Objective Points | %1 | %2 |\n\n").arg(score.op[0]).arg(score.op[1]);
    out += QStringLiteral("**%1**\n").arg(md(resultSentence(game, score)));

    std::optional<Group> shown;
    for (const Segment &seg : segmentsOf(game)) {
        const Group &g = seg.group;
        if (!shown || shown->turn != g.turn)
            out += QStringLiteral("\n## Turn %1\n").arg(g.turn);
        if (!shown || shown->turn != g.turn || shown->phase != g.phase)
            out += QStringLiteral("\n### %1\n\n").arg(phaseTitle(g.phase));
        if (shown && shown->turn == g.turn && shown->phase == g.phase && shown->model != g.model)
            out += QLatin1Char('\n');
        if (g.model >= 0 && (!shown || !(*shown == g)))
            out += QStringLiteral("#### %1\n\n").arg(md(activationLabel(game, g.model)));
        else if (g.model < 0 && shown && shown->turn == g.turn && shown->phase == g.phase
                 && shown->model >= 0)
            out += QStringLiteral("#### Between activations\n\n");
        shown = g;
        if (seg.command == 0) {
            out += QStringLiteral("- *Start of the game*");
        } else if (seg.continued) {
            out += QStringLiteral("- *Command %1, continued*").arg(seg.command);
        } else {
            const GameRecordEntry &entry = game.history()[std::size_t(seg.command - 1)];
            out += QStringLiteral("- **%1**: `%2`")
                       .arg(md(playerName(game, entry.player)), commandText(entry.command));
        }
        if (const std::vector<int> *dice = diceOf(game, seg); dice && !dice->empty())
            out += QStringLiteral(" (dice %1)").arg(diceText(*dice));
        out += QLatin1Char('\n');
        for (const GameEvent *e : seg.events)
            out += QStringLiteral("  - %1\n").arg(md(eventText(*e, o.translated)));
    }
    if (o.luck) {
        const LuckReport luck = luckReport(game);
        out += QStringLiteral("\n## Luck\n\n");
        for (int p = 0; p < 2; ++p) {
            out += QStringLiteral("- %1\n").arg(md(luck.verdict(p)));
            const LuckTotals &t = luck.totals[std::size_t(p)];
            if (t.otherRolls > 0)
                out += QStringLiteral("  - Other rolls (defence, Skill Tests, ...): %1 %2, %3 "
                                      "%4 (%5 expected).\n")
                           .arg(t.otherRolls)
                           .arg(t.otherRolls == 1 ? QStringLiteral("roll")
                                                  : QStringLiteral("rolls"))
                           .arg(t.otherSuccesses)
                           .arg(t.otherSuccesses == 1 ? QStringLiteral("success")
                                                      : QStringLiteral("successes"))
                           .arg(t.otherExpectedSuccesses, 0, 'f', 2);
        }
    }
    return out;
}

} // namespace

QString logFormatId(LogFormat f)
{
    switch (f) {
    case LogFormat::Text:
        return QStringLiteral("text");
    case LogFormat::Markdown:
        return QStringLiteral("markdown");
    case LogFormat::Json:
        return QStringLiteral("json");
    }
    return QStringLiteral("text");
}

std::optional<LogFormat> logFormatFromId(const QString &id)
{
    for (LogFormat f : {LogFormat::Text, LogFormat::Markdown, LogFormat::Json})
        if (logFormatId(f) == id)
            return f;
    return std::nullopt;
}

QJsonObject gameLogToJson(const Game &game, bool translated)
{
    const GameSetup &setup = game.setup();
    QJsonArray players;
    for (int p = 0; p < 2; ++p) {
        const Fleet &f = setup.players[std::size_t(p)].fleet;
        players.append(QJsonObject {{QStringLiteral("player"), p},
                                    {QStringLiteral("name"), playerName(game, p)},
                                    {QStringLiteral("faction"), f.faction},
                                    {QStringLiteral("points"), f.points}});
    }
    QJsonObject setupJson {{QStringLiteral("scenario"), setup.scenario},
                           {QStringLiteral("scenario_name"), setup.scenarioRules.name},
                           {QStringLiteral("rules"), setup.rules},
                           {QStringLiteral("table"), tableKindId(setup.table)},
                           {QStringLiteral("typed_dice"), setup.typedDice},
                           {QStringLiteral("turns"), setup.turns},
                           {QStringLiteral("players"), players}};

    // turns > phases > activations > steps, each level opened when the group changes.
    QJsonArray turns;
    QJsonObject turn;
    QJsonArray phases;
    QJsonObject phase;
    QJsonArray activations;
    QJsonObject activation;
    QJsonArray steps;
    std::optional<Group> open;
    const auto closeActivation = [&] {
        activation.insert(QStringLiteral("steps"), steps);
        activations.append(activation);
        steps = QJsonArray();
    };
    const auto closePhase = [&] {
        closeActivation();
        phase.insert(QStringLiteral("activations"), activations);
        phases.append(phase);
        activations = QJsonArray();
    };
    const auto closeTurn = [&] {
        closePhase();
        turn.insert(QStringLiteral("phases"), phases);
        turns.append(turn);
        phases = QJsonArray();
    };
    for (const Segment &seg : segmentsOf(game)) {
        const Group &g = seg.group;
        const bool newTurn = !open || open->turn != g.turn;
        const bool newPhase = newTurn || open->phase != g.phase;
        const bool newActivation = newPhase || open->model != g.model;
        if (open) {
            if (newTurn)
                closeTurn();
            else if (newPhase)
                closePhase();
            else if (newActivation)
                closeActivation();
        }
        if (newTurn)
            turn = QJsonObject {{QStringLiteral("turn"), g.turn}};
        if (newPhase)
            phase = QJsonObject {{QStringLiteral("phase"), g.phase}};
        if (newActivation) {
            activation = QJsonObject {{QStringLiteral("model"), QJsonValue()},
                                      {QStringLiteral("name"), QJsonValue()},
                                      {QStringLiteral("player"), QJsonValue()}};
            if (g.model >= 0) {
                activation.insert(QStringLiteral("model"), g.model);
                activation.insert(QStringLiteral("name"), modelName(game, g.model));
                const GameState &s = game.state();
                if (g.model < int(s.models.size()))
                    activation.insert(QStringLiteral("player"),
                                      s.models[std::size_t(g.model)].controller);
            }
        }
        open = g;
        QJsonObject step {{QStringLiteral("command"), seg.command},
                          {QStringLiteral("continued"), seg.continued},
                          {QStringLiteral("input"), QJsonValue()},
                          {QStringLiteral("player"), QJsonValue()}};
        if (seg.command > 0 && !seg.continued) {
            const GameRecordEntry &entry = game.history()[std::size_t(seg.command - 1)];
            step.insert(QStringLiteral("input"), commandToJson(entry.command));
            step.insert(QStringLiteral("player"), entry.player);
        }
        QJsonArray dice;
        if (const std::vector<int> *d = diceOf(game, seg))
            for (int f : *d)
                dice.append(f);
        step.insert(QStringLiteral("dice"), dice);
        QJsonArray events;
        for (const GameEvent *e : seg.events) {
            QJsonObject ev = eventToJson(*e, -1);
            if (translated)
                ev.insert(QStringLiteral("text"), eventText(*e, true));
            events.append(ev);
        }
        step.insert(QStringLiteral("events"), events);
        steps.append(step);
    }
    if (open)
        closeTurn();

    const Score score = scoreOf(game);
    const GameState &s = game.state();
    const QJsonObject scoreJson {
        {QStringLiteral("turn"), s.turn},
        {QStringLiteral("phase"), phaseId(s.phase)},
        {QStringLiteral("over"), score.over},
        {QStringLiteral("victory_points"), QJsonArray {score.vp[0], score.vp[1]}},
        {QStringLiteral("objective_points"), QJsonArray {score.op[0], score.op[1]}},
        {QStringLiteral("winner"), score.winner ? QJsonValue(*score.winner) : QJsonValue()},
        {QStringLiteral("result"), resultSentence(game, score)}};
    return QJsonObject {{QStringLiteral("format"), QStringLiteral("jwfleet-game-log")},
                        {QStringLiteral("version"), 1},
                        {QStringLiteral("setup"), setupJson},
                        {QStringLiteral("commands"), int(game.history().size())},
                        {QStringLiteral("turns"), turns},
                        {QStringLiteral("score"), scoreJson},
                        {QStringLiteral("luck"), luckReportToJson(luckReport(game))}};
}

QString exportGameLog(const Game &game, const LogExportOptions &options)
{
    switch (options.format) {
    case LogFormat::Text:
        return exportText(game, options);
    case LogFormat::Markdown:
        return exportMarkdown(game, options);
    case LogFormat::Json:
        return QString::fromUtf8(
            QJsonDocument(gameLogToJson(game, options.translated)).toJson(QJsonDocument::Indented));
    }
    return QString();
}

} // namespace jw
