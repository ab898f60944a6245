// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/clicontext.h"

#include "dice/dicesource.h"
#include "dice/odds.h"
#include "dice/roll.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRandomGenerator>

namespace jw::cli {

namespace {

// "4,4,5,6" -> faces; nullopt (and *error) when malformed.
std::optional<std::vector<int>> parseFaces(const QString &text, QString *error)
{
    std::vector<int> faces;
    if (text.trimmed().isEmpty())
        return faces;
    for (const QString &part : text.split(QLatin1Char(','))) {
        bool ok = false;
        const int f = part.trimmed().toInt(&ok);
        if (!ok || f < 1 || f > 6) {
            *error = QStringLiteral("'%1' is not a die face (1 to 6)").arg(part.trimmed());
            return std::nullopt;
        }
        faces.push_back(f);
    }
    return faces;
}

QJsonArray facesJson(const std::vector<int> &faces)
{
    QJsonArray a;
    for (int f : faces)
        a.append(f);
    return a;
}

QJsonArray successesJson(const DiceResult &r)
{
    QJsonArray a;
    for (const Success &s : r.successes())
        a.append(QJsonObject {{QStringLiteral("magnitude"), magnitudeLetter(s.magnitude)},
                              {QStringLiteral("value"), s.value}});
    return a;
}

QString facesText(const std::vector<int> &faces)
{
    QStringList parts;
    for (int f : faces)
        parts << QString::number(f);
    return parts.isEmpty() ? QStringLiteral("-") : parts.join(QLatin1Char(','));
}

int runRoll(Context &ctx, const Command &cmd, const QStringList &args)
{
    QCommandLineParser p;
    const QCommandLineOption dice(QStringLiteral("dice"),
                                  QStringLiteral("The base and flex dice, e.g. 4,4,5,6 "
                                                 "(otherwise rolled)."),
                                  QStringLiteral("FACES"));
    const QCommandLineOption macroDice(
        QStringLiteral("macro-dice"),
        QStringLiteral("The macro dice, e.g. 4,6 (otherwise rolled)."), QStringLiteral("FACES"));
    const QCommandLineOption seed(QStringLiteral("seed"),
                                  QStringLiteral("Seed for the dice that are rolled (a random "
                                                 "seed otherwise; --json reports it)."),
                                  QStringLiteral("N"));
    const QCommandLineOption verbose(QStringLiteral("verbose"),
                                     QStringLiteral("Show the dice and the flex choice."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON."));
    p.addOptions({dice, macroDice, seed, verbose, json});
    p.addPositionalArgument(QStringLiteral("POOL"),
                            QStringLiteral("The pool: 3B+1F+2M, 4B-2M, 2B ..."));
    bool help = false;
    if (!parseArgs(ctx, cmd, p, args, &help))
        return help ? ExitOk : ExitBadInput;
    if (p.positionalArguments().size() != 1)
        return ctx.usageError(cmd.name, QStringLiteral("give exactly one pool, e.g. 3B+1F+2M"));
    QString error;
    const auto pool = DicePool::parse(p.positionalArguments().first(), &error);
    if (!pool)
        return ctx.usageError(cmd.name, error);
    const DicePool eff = pool->effective();

    quint64 seedValue = 0;
    if (p.isSet(seed)) {
        bool ok = false;
        seedValue = p.value(seed).toULongLong(&ok);
        if (!ok)
            return ctx.usageError(cmd.name, QStringLiteral("--seed must be a whole number ≥ 0"));
    } else {
        seedValue = QRandomGenerator::system()->generate64();
    }
    SeededDiceSource source(seedValue);

    RolledDice faces;
    if (p.isSet(dice)) {
        auto f = parseFaces(p.value(dice), &error);
        if (!f)
            return ctx.usageError(cmd.name, QStringLiteral("--dice: ") + error);
        if (int(f->size()) != eff.rolledDice())
            return ctx.usageError(cmd.name,
                                  QStringLiteral("--dice gives %1 dice; %2 rolls %3 base and flex "
                                                 "dice (%4)")
                                      .arg(f->size())
                                      .arg(pool->toString())
                                      .arg(eff.rolledDice())
                                      .arg(eff.toString()));
        faces.dice = *f;
    } else {
        faces.dice = source.roll(eff.rolledDice());
    }
    if (p.isSet(macroDice)) {
        auto f = parseFaces(p.value(macroDice), &error);
        if (!f)
            return ctx.usageError(cmd.name, QStringLiteral("--macro-dice: ") + error);
        if (int(f->size()) != eff.macroDice())
            return ctx.usageError(cmd.name,
                                  QStringLiteral("--macro-dice gives %1 dice; %2 rolls "
                                                 "%3 macro dice")
                                      .arg(f->size())
                                      .arg(eff.toString())
                                      .arg(eff.macroDice()));
        faces.macroDice = *f;
    } else {
        faces.macroDice = source.roll(eff.macroDice());
    }

    const RollOutcome outcome = resolveRollBest(*pool, faces);
    const bool anyRolled = !p.isSet(dice) || (!p.isSet(macroDice) && eff.macroDice() > 0);
    if (p.isSet(json)) {
        QJsonObject o {
            {QStringLiteral("pool"), pool->toString()},
            {QStringLiteral("rolled_pool"), eff.toString()},
            {QStringLiteral("dice"), facesJson(outcome.faces.dice)},
            {QStringLiteral("macro_dice"), facesJson(outcome.faces.macroDice)},
            {QStringLiteral("removed"), facesJson(outcome.removed)},
            {QStringLiteral("result"), outcome.result.toString()},
            {QStringLiteral("successes"), successesJson(outcome.result)},
            {QStringLiteral("success"), outcome.result.isSuccess()},
        };
        if (anyRolled)
            o.insert(QStringLiteral("seed"), QString::number(seedValue));
        printJson(ctx, o);
        return ExitOk;
    }
    if (p.isSet(verbose)) {
        ctx.out << "pool " << pool->toString();
        if (!(eff == *pool))
            ctx.out << " (rolls " << eff.toString() << ")";
        ctx.out << "\ndice " << facesText(outcome.faces.dice) << "\nmacro "
                << facesText(outcome.faces.macroDice) << "\nremoved " << facesText(outcome.removed)
                << '\n';
        if (anyRolled)
            ctx.out << "seed " << seedValue << '\n';
    }
    ctx.out << outcome.result.toString() << '\n';
    return ExitOk;
}

int runOdds(Context &ctx, const Command &cmd, const QStringList &args)
{
    QCommandLineParser p;
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON."));
    p.addOption(json);
    p.addPositionalArgument(QStringLiteral("POOL"),
                            QStringLiteral("The pool: 3B+1F+2M, 4B-2M, 2B ..."));
    bool help = false;
    if (!parseArgs(ctx, cmd, p, args, &help))
        return help ? ExitOk : ExitBadInput;
    if (p.positionalArguments().size() != 1)
        return ctx.usageError(cmd.name, QStringLiteral("give exactly one pool, e.g. 3B+1F+2M"));
    QString error;
    const auto pool = DicePool::parse(p.positionalArguments().first(), &error);
    if (!pool)
        return ctx.usageError(cmd.name, error);
    const DicePool eff = pool->effective();
    if (eff.rolledDice() > 18 || eff.macroDice() > 6)
        return ctx.usageError(cmd.name,
                              QStringLiteral("exact odds are computed for up to 18 base "
                                             "and flex dice and 6 macro dice"));
    const DiceOdds odds = computeOdds(*pool);
    static const char *const keys[] = {"D", "T", "Q"};
    if (p.isSet(json)) {
        QJsonObject at, ex;
        for (int i = 0; i < 3; ++i) {
            at.insert(QLatin1String(keys[i]), odds.pAtLeast[std::size_t(i)]);
            ex.insert(QLatin1String(keys[i]), odds.expected[std::size_t(i)]);
        }
        printJson(ctx,
                  QJsonObject {{QStringLiteral("pool"), pool->toString()},
                               {QStringLiteral("p_at_least"), at},
                               {QStringLiteral("expected"), ex}});
        return ExitOk;
    }
    ctx.out << "pool " << pool->toString();
    if (!(eff == *pool))
        ctx.out << " (rolls " << eff.toString() << ")";
    ctx.out << "\n";
    static const char *const labels[] = {"[D+]", "[T+]", "[Q+]"};
    for (int i = 0; i < 3; ++i) {
        const double pr = odds.pAtLeast[std::size_t(i)];
        ctx.out << "  P(" << labels[i] << ")  " << QString::number(pr, 'f', 6) << "  ("
                << QString::number(pr * 100.0, 'f', 1) << "%)\n";
    }
    ctx.out << "  expected successes:";
    for (int i = 0; i < 3; ++i)
        ctx.out << "  " << keys[i] << " " << QString::number(odds.expected[std::size_t(i)], 'f', 6);
    ctx.out << '\n';
    return ExitOk;
}

} // namespace

void registerDiceCommands(std::vector<Command> &commands)
{
    commands.push_back({QStringLiteral("roll"),
                        QStringLiteral("roll POOL [--dice F,..] [--macro-dice F,..] [--seed N] "
                                       "[--json]"),
                        QStringLiteral("Roll a pool, choosing the best flex dice to drop."),
                        nullptr});
    commands.back().run = [c = commands.back()](Context &ctx, const QStringList &a) {
        return runRoll(ctx, c, a);
    };
    commands.push_back({QStringLiteral("odds"), QStringLiteral("odds POOL [--json]"),
                        QStringLiteral("Exact odds of a pool."), nullptr});
    commands.back().run = [c = commands.back()](Context &ctx, const QStringList &a) {
        return runOdds(ctx, c, a);
    };
}

} // namespace jw::cli
