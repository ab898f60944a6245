// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/luckreport.h"

#include "dice/odds.h"
#include "engine/game.h"
#include "engine/messageids.h"

#include <QJsonArray>

#include <cmath>
#include <map>

namespace jw {

namespace {

// The rolls made as part of an attack, after its "attack" event (attack.cpp: resolveShot,
// resolveTerrainAttack, the explosions).
bool isAttackPurpose(const QString &purpose)
{
    return purpose == QLatin1String("attack") || purpose == QLatin1String("attack-reroll")
        || purpose == QLatin1String("terrain") || purpose == QLatin1String("explosion");
}

struct AttackContext
{
    int attacker = -1;
    QString attackerName;
    int target = -1;
    QString weapon;
    bool particleCannon = false;
    QString pool;
};

// What the preview's damage table (attack.cpp: previewAttack) makes of a result.
struct DamageTable
{
    bool capital = true;
    bool particleCannon = false;
    bool qDestroys = true;
    int structureLeft = 0;

    [[nodiscard]] int operator()(int d, int t, int q) const
    {
        if (capital)
            return d + (particleCannon ? t + q : 0) + std::min(t + 2 * q, structureLeft);
        const int points = d + 2 * t + (qDestroys ? 0 : 3 * q);
        const bool destroyed = (qDestroys && q > 0) || (points > 0 && points >= structureLeft);
        return destroyed ? structureLeft : points;
    }
};

Decimal fixed(double v)
{
    return decimal(v, 2, {}, true);
}

// "1 attack roll", "2 attack rolls".
QString counted(int n, const QString &what)
{
    return QStringLiteral("%1 %2%3").arg(n).arg(what, n == 1 ? QString() : QStringLiteral("s"));
}

QString playerName(const LuckReport &r, int player)
{
    return r.players[std::size_t(player)];
}

} // namespace

LuckReport luckReport(const Game &game)
{
    LuckReport report;
    const GameSetup &setup = game.setup();
    for (int p = 0; p < 2; ++p) {
        const QString &name = setup.players[std::size_t(p)].name;
        report.players[std::size_t(p)]
            = name.isEmpty() ? QStringLiteral("Player %1").arg(p + 1) : name;
    }
    const RulesProfile profile = setup.profile();
    const bool qDestroys = profile.squadronQPlus == SquadronQPlusRule::Destroyed;
    const bool particleExplosions = profile.explosion == ExplosionRule::ParticleCannon;
    const std::vector<ModelState> &models = game.state().models; // ids and names never change
    const auto modelName = [&](int id) {
        return id >= 0 && id < int(models.size()) ? models[std::size_t(id)].name : QString();
    };
    const auto &log = game.log();
    int turn = 0;
    for (std::size_t k = 0; k < log.size(); ++k) {
        const int command = int(k); // 1-based; 0: the start
        // The Structure every model had before this command (read once, when a roll needs
        // it), less what the command's own events marked since (Link, Kinetic Cannon).
        std::optional<std::vector<int>> structure;
        const auto structureLeft = [&](int id) {
            if (!structure) {
                structure.emplace();
                const GameState &before = game.stateAt(std::max(command - 1, 0));
                for (const ModelState &m : before.models)
                    structure->push_back(
                        setup.unit(m.unitId) ? game.engine().view(before, m.id).structure() : 0);
            }
            return id >= 0 && id < int(structure->size()) ? (*structure)[std::size_t(id)] : 0;
        };
        std::map<int, int> marked; // Structure boxes marked by this command so far
        std::optional<AttackContext> attack;
        for (const GameEvent &e : log[k]) {
            const QJsonObject &d = e.data;
            if (e.kind == QLatin1String("turn")) {
                turn = d.value(QStringLiteral("turn")).toInt(turn);
                continue;
            }
            if (e.kind == QLatin1String("damage")
                && d.value(QStringLiteral("rating")).toString() == QLatin1String("structure")) {
                marked[d.value(QStringLiteral("model")).toInt(-1)]
                    += d.value(QStringLiteral("boxes")).toInt();
                continue;
            }
            if (e.kind == QLatin1String("attack")) {
                attack.reset();
                if (!d.contains(QStringLiteral("pool")))
                    continue; // no roll follows (the target is gone)
                AttackContext a;
                a.pool = d.value(QStringLiteral("pool")).toString();
                a.target = d.value(QStringLiteral("target")).toInt(-1);
                a.attacker = d.value(QStringLiteral("attacker")).toInt(-1);
                if (d.contains(QStringLiteral("terrain"))) {
                    a.attackerName = d.value(QStringLiteral("terrain")).toString();
                } else if (d.contains(QStringLiteral("explosion"))) {
                    a.attacker = d.value(QStringLiteral("explosion")).toInt(-1);
                    a.attackerName = modelName(a.attacker);
                    a.weapon = QStringLiteral("its explosion");
                    // v1.2.3: the explosion is a Particle Cannon attack (attack.cpp).
                    a.particleCannon = particleExplosions;
                } else {
                    a.attackerName = modelName(a.attacker);
                    const int w = d.value(QStringLiteral("weapon")).toInt(-1);
                    const Unit *u = a.attacker >= 0 && a.attacker < int(models.size())
                        ? setup.unit(models[std::size_t(a.attacker)].unitId)
                        : nullptr;
                    if (u && w >= 0 && w < int(u->weapons.size())) {
                        a.weapon = u->weapons[std::size_t(w)].name;
                        a.particleCannon
                            = u->weapons[std::size_t(w)].weaponClass == WeaponClass::ParticleCannon;
                    }
                }
                attack = a;
                continue;
            }
            if (e.kind != QLatin1String("roll") || e.player < 0 || e.player > 1)
                continue;
            const auto pool = DicePool::parse(d.value(QStringLiteral("pool")).toString());
            const auto result = DiceResult::parse(d.value(QStringLiteral("result")).toString());
            if (!pool || !result)
                continue; // not the roll of a pool (a Random Selection, an opposed result)
            const DicePool rolled = pool->effective();
            if (rolled.rolledDice() > kMaxOddsDice || rolled.macroDice() > kMaxOddsMacroDice)
                continue;
            LuckRoll r;
            r.command = command;
            r.turn = turn;
            r.player = e.player;
            r.purpose = d.value(QStringLiteral("purpose")).toString();
            r.text = e.text();
            r.pool = *pool;
            r.result = *result;
            const DiceOdds odds = computeOdds(*pool);
            r.expectedSuccesses = odds.expected[0] + odds.expected[1] + odds.expected[2];
            r.successes = int(result->successes().size());
            r.pAtLeastOne = odds.pAtLeast[0];
            r.attack = attack && isAttackPurpose(r.purpose) && attack->pool == pool->toString();
            if (r.attack) {
                r.attacker = attack->attacker;
                r.attackerName = attack->attackerName;
                r.target = attack->target;
                r.targetName = modelName(attack->target);
                r.weapon = attack->weapon;
                const Unit *tu = r.target >= 0 && r.target < int(models.size())
                    ? setup.unit(models[std::size_t(r.target)].unitId)
                    : nullptr;
                if (tu) {
                    const DamageTable table {
                        tu->isCapital(), attack->particleCannon, qDestroys,
                        std::max(0, structureLeft(r.target) - marked[r.target])};
                    r.hasDamage = true;
                    for (const DiceOdds::Outcome &o : odds.outcomes)
                        r.expectedDamage += o.p * table(o.d, o.t, o.q);
                    r.damage = table(result->count(Magnitude::D), result->count(Magnitude::T),
                                     result->count(Magnitude::Q));
                }
            }
            LuckTotals &t = report.totals[std::size_t(r.player)];
            if (r.attack) {
                ++t.attacks;
                t.expectedSuccesses += r.expectedSuccesses;
                t.successes += r.successes;
                t.expectedDamage += r.expectedDamage;
                t.damage += r.damage;
            } else {
                ++t.otherRolls;
                t.otherExpectedSuccesses += r.expectedSuccesses;
                t.otherSuccesses += r.successes;
            }
            report.rolls.push_back(std::move(r));
        }
    }
    return report;
}

std::optional<double> LuckReport::deviation(int player) const
{
    const LuckTotals &t = totals[std::size_t(player)];
    if (t.attacks == 0 || t.expectedSuccesses <= 0)
        return std::nullopt;
    return (t.successes - t.expectedSuccesses) / t.expectedSuccesses;
}

Message LuckReport::verdictMessage(int player) const
{
    const LuckTotals &t = totals[std::size_t(player)];
    const std::optional<double> dev = deviation(player);
    const QString &name = players[std::size_t(player)];
    if (!dev)
        return Message(MsgId::LuckNoAttackRolls, {name});
    const long percent = std::lround(std::abs(*dev) * 100);
    const Message how = percent == 0 ? Message(MsgId::LuckAsExpected)
        : *dev > 0                   ? Message(MsgId::LuckAbove, {percent})
                                     : Message(MsgId::LuckBelow, {percent});
    return Message(
        MsgId::LuckVerdict,
        {name, how,
         Message(t.successes == 1 ? MsgId::LuckSuccessOne : MsgId::LuckSuccessMany, {t.successes}),
         Message(t.attacks == 1 ? MsgId::LuckAttackRollOne : MsgId::LuckAttackRollMany,
                 {t.attacks}),
         fixed(t.expectedSuccesses), t.damage, fixed(t.expectedDamage)});
}

QString LuckReport::verdict(int player) const
{
    return verdictMessage(player).english();
}

QString luckReportText(const LuckReport &report)
{
    QString out = QStringLiteral("Luck report: each player's dice against the exact odds of the "
                                 "pools rolled.\n\nAttack rolls:\n");
    bool any = false;
    for (const LuckRoll &r : report.rolls) {
        if (!r.attack)
            continue;
        any = true;
        out += QStringLiteral("  turn %1, %2: %3 at %4%5, %6: %7; successes %8 (%9 expected)")
                   .arg(r.turn)
                   .arg(playerName(report, r.player), r.attackerName, r.targetName,
                        r.weapon.isEmpty() ? QString() : QStringLiteral(" with ") + r.weapon,
                        r.pool.toString(), r.result.toString())
                   .arg(r.successes)
                   .arg(fixed(r.expectedSuccesses));
        if (r.hasDamage)
            out += QStringLiteral(", damage %1 (%2 expected)")
                       .arg(r.damage)
                       .arg(fixed(r.expectedDamage));
        if (r.purpose == QLatin1String("attack-reroll"))
            out += QStringLiteral(", re-roll");
        out += QLatin1Char('\n');
    }
    if (!any)
        out += QStringLiteral("  none\n");
    out += QStringLiteral("\nTotals:\n");
    for (int p = 0; p < 2; ++p) {
        const LuckTotals &t = report.totals[std::size_t(p)];
        out += QStringLiteral("  %1: %2, successes %3 (%4 expected), damage %5 (%6 "
                              "expected); %7, successes %8 (%9 expected)\n")
                   .arg(playerName(report, p), counted(t.attacks, QStringLiteral("attack roll")))
                   .arg(t.successes)
                   .arg(fixed(t.expectedSuccesses))
                   .arg(t.damage)
                   .arg(fixed(t.expectedDamage))
                   .arg(counted(t.otherRolls, QStringLiteral("other roll")))
                   .arg(t.otherSuccesses)
                   .arg(fixed(t.otherExpectedSuccesses));
    }
    out += QLatin1Char('\n');
    for (int p = 0; p < 2; ++p)
        out += report.verdict(p) + QLatin1Char('\n');
    return out;
}

QJsonObject luckReportToJson(const LuckReport &report)
{
    QJsonArray rolls;
    for (const LuckRoll &r : report.rolls) {
        QJsonObject o {{QStringLiteral("command"), r.command},
                       {QStringLiteral("turn"), r.turn},
                       {QStringLiteral("player"), r.player},
                       {QStringLiteral("purpose"), r.purpose},
                       {QStringLiteral("text"), r.text},
                       {QStringLiteral("attack"), r.attack},
                       {QStringLiteral("pool"), r.pool.toString()},
                       {QStringLiteral("result"), r.result.toString()},
                       {QStringLiteral("successes"), r.successes},
                       {QStringLiteral("expected_successes"), r.expectedSuccesses},
                       {QStringLiteral("p_success"), r.pAtLeastOne}};
        if (r.attack) {
            o.insert(QStringLiteral("attacker"), r.attacker);
            o.insert(QStringLiteral("attacker_name"), r.attackerName);
            o.insert(QStringLiteral("target"), r.target);
            o.insert(QStringLiteral("target_name"), r.targetName);
            o.insert(QStringLiteral("weapon"), r.weapon);
        }
        if (r.hasDamage) {
            o.insert(QStringLiteral("damage"), r.damage);
            o.insert(QStringLiteral("expected_damage"), r.expectedDamage);
        }
        rolls.append(o);
    }
    QJsonArray players;
    for (int p = 0; p < 2; ++p) {
        const LuckTotals &t = report.totals[std::size_t(p)];
        const std::optional<double> dev = report.deviation(p);
        players.append(
            QJsonObject {{QStringLiteral("player"), p},
                         {QStringLiteral("name"), report.players[std::size_t(p)]},
                         {QStringLiteral("attacks"), t.attacks},
                         {QStringLiteral("successes"), t.successes},
                         {QStringLiteral("expected_successes"), t.expectedSuccesses},
                         {QStringLiteral("damage"), t.damage},
                         {QStringLiteral("expected_damage"), t.expectedDamage},
                         {QStringLiteral("other_rolls"), t.otherRolls},
                         {QStringLiteral("other_successes"), t.otherSuccesses},
                         {QStringLiteral("other_expected_successes"), t.otherExpectedSuccesses},
                         {QStringLiteral("deviation"), dev ? QJsonValue(*dev) : QJsonValue()},
                         {QStringLiteral("verdict"), report.verdict(p)}});
    }
    return QJsonObject {{QStringLiteral("rolls"), rolls}, {QStringLiteral("players"), players}};
}

} // namespace jw
