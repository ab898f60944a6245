// SPDX-License-Identifier: GPL-3.0-or-later
// The campaign's house rules, standings with tie-breakers, chart series and
// battle reports: pure functions, no database.
#include "campaign/battleimport.h"
#include "campaign/campaignrules.h"
#include "campaign/standings.h"
#include "dice/dicesource.h"
#include "engine/game.h"
#include "engine/gamescript.h"
#include "engine/luckreport.h"
#include "units/unitdatabase.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

#include <cmath>

using namespace jw;

namespace {

Player player(qint64 id, const QString &name, const QStringList &units)
{
    Player p;
    p.id = id;
    p.name = name;
    qint64 rid = id * 100;
    for (const QString &u : units) {
        RosterEntry e;
        e.id = ++rid;
        e.unitId = u;
        p.roster.push_back(e);
    }
    return p;
}

BattleSummary summary(qint64 id, qint64 a, qint64 b, int winner, std::array<int, 2> op,
                      std::array<int, 2> vp, int day)
{
    BattleSummary s;
    s.id = id;
    s.date = QDate(2025, 1, day);
    s.players = {a, b};
    s.op = op;
    s.vp = vp;
    s.winner = winner;
    return s;
}

Battle battleOf(const Player &a, const Player &b)
{
    Battle battle;
    battle.date = QDate(2025, 1, 1);
    battle.sides[0].playerId = a.id;
    battle.sides[0].fleet = a.fleet(250, QStringLiteral("v1.2.2"));
    battle.sides[1].playerId = b.id;
    battle.sides[1].fleet = b.fleet(250, QStringLiteral("v1.2.2"));
    for (int s = 0; s < 2; ++s) {
        const Fleet &f = battle.sides[std::size_t(s)].fleet;
        for (int i = 0; i < f.size(); ++i) {
            UnitOutcome o;
            o.side = s;
            o.entry = i;
            o.unitId = f.entries[std::size_t(i)].unitId;
            battle.outcomes.push_back(o);
        }
    }
    return battle;
}

UnitOutcome &outcome(Battle &b, int side, int entry)
{
    for (UnitOutcome &o : b.outcomes)
        if (o.side == side && o.entry == entry)
            return o;
    qFatal("no outcome");
}

QStringList names(const std::vector<StandingRow> &rows)
{
    QStringList out;
    for (const StandingRow &r : rows)
        out << QStringLiteral("%1:%2").arg(r.rank).arg(r.name);
    return out;
}

} // namespace

class TestCampaignRules : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // A Scavenger Hunt game has three UIOs, models owned by nobody (owner -1):
    // they are no units of a roster (found by fuzzing, issue 14: the import
    // indexed the players with -1).
    void gameWithTerrainModels()
    {
        const UnitDatabase db = UnitDatabase::loadShipped();
        const GameScript script = GameScriptReader::read(
            qEnvironmentVariable("JW_SOURCE_DIR")
                + QStringLiteral("/tests/engine/scripts/scenario-scavenger-hunt-search.yaml"),
            db);
        QVERIFY(script.ok());
        std::unique_ptr<ScriptedDiceSource> dice;
        if (script.dice)
            dice = std::make_unique<ScriptedDiceSource>(*script.dice);
        Game game(script.setup, dice.get());
        for (const ScriptCommand &c : script.commands) {
            QVERIFY(game.apply(c.command).ok());
            while (script.autoAnswer && game.state().pending)
                QVERIFY(game.apply(AnswerCommand {}).ok());
        }
        int uios = 0;
        for (const ModelState &m : game.state().models)
            uios += m.owner < 0 ? 1 : 0;
        QCOMPARE(uios, 3);
        const BattleImport b = battleFromGame(game, QDate(2026, 11, 25), QStringLiteral("g"));
        QVERIFY2(b.ok(), qPrintable(b.errorText()));
        QCOMPARE(int(b.battle->outcomes.size()),
                 script.setup.players[0].fleet.size() + script.setup.players[1].fleet.size());
        for (const UnitOutcome &o : b.battle->outcomes)
            QVERIFY(o.side == 0 || o.side == 1);
    }

    // A battle imported from a game keeps each side's attack dice against the
    // odds: the luck report's totals, the expectation in thousandths.
    void gameBattleRecordsTheLuck()
    {
        const UnitDatabase db = UnitDatabase::loadShipped();
        const GameScript script
            = GameScriptReader::read(qEnvironmentVariable("JW_SOURCE_DIR")
                                         + QStringLiteral("/tests/campaign/data/short-game.yaml"),
                                     db);
        QVERIFY(script.ok());
        QVERIFY(script.dice);
        ScriptedDiceSource dice(*script.dice);
        Game game(script.setup, &dice);
        for (const ScriptCommand &c : script.commands) {
            QVERIFY(game.apply(c.command).ok());
            while (script.autoAnswer && game.state().pending)
                QVERIFY(game.apply(AnswerCommand {}).ok());
        }
        const LuckReport report = luckReport(game);
        QVERIFY(report.totals[0].attacks + report.totals[1].attacks > 0);
        const BattleImport b = battleFromGame(game, QDate(2026, 11, 25), QStringLiteral("g"));
        QVERIFY2(b.ok(), qPrintable(b.errorText()));
        QVERIFY(b.battle->luck);
        for (std::size_t side = 0; side < 2; ++side) {
            const SideLuck &l = (*b.battle->luck)[side];
            QCOMPARE(l.attacks, report.totals[side].attacks);
            QCOMPARE(l.successes, report.totals[side].successes);
            QCOMPARE(l.expectedMilli,
                     int(std::llround(report.totals[side].expectedSuccesses * 1000)));
        }
    }

    // Luck per player over the campaign from known dice: each battle's successes
    // above the odds, added up in date order; a battle without recorded dice is
    // listed as not recorded and adds nothing.
    void luckOverTheCampaign()
    {
        // Ann (1) and Bob (2), then Ann and Cat (3); the second battle was entered
        // by hand (no dice); the third (dated before the second) from a game.
        BattleSummary b1 = summary(10, 1, 2, 0, {0, 0}, {0, 0}, 5);
        b1.source = QStringLiteral("game");
        b1.luck = std::array {SideLuck {9, 13, 11020}, SideLuck {6, 2, 4500}};
        BattleSummary b2 = summary(11, 1, 3, 1, {0, 0}, {0, 0}, 20);
        BattleSummary b3 = summary(12, 2, 1, -1, {0, 0}, {0, 0}, 12);
        b3.source = QStringLiteral("game");
        b3.luck = std::array {SideLuck {4, 4, 2000}, SideLuck {3, 0, 1500}};
        const LuckSeries s = luckOverTime({b1, b2, b3});
        QCOMPARE(s.battles, 3);
        QCOMPARE(s.unrecorded, 1);
        QCOMPARE(s.players.size(), std::size_t(3));
        const std::vector<LuckPoint> &ann = s.players.at(1);
        QCOMPARE(ann.size(), std::size_t(3));
        // Battle 10 (x = 1): 13 successes, 11.02 expected.
        QCOMPARE(ann[0].battleId, qint64(10));
        QCOMPARE(ann[0].index, 1);
        QVERIFY(ann[0].recorded);
        QCOMPARE(ann[0].attacks, 9);
        QCOMPARE(ann[0].luck, 13 - 11.02);
        QCOMPARE(ann[0].total, 13 - 11.02);
        // Battle 12 (x = 2, by date): side 1, 0 successes of 1.5 expected.
        QCOMPARE(ann[1].battleId, qint64(12));
        QCOMPARE(ann[1].index, 2);
        QCOMPARE(ann[1].luck, -1.5);
        QCOMPARE(ann[1].total, 13 - 11.02 - 1.5);
        QCOMPARE(ann[1].totalAttacks, 12);
        // Battle 11 (x = 3): entered by hand, not recorded; the total stays.
        QCOMPARE(ann[2].battleId, qint64(11));
        QVERIFY(!ann[2].recorded);
        QCOMPARE(ann[2].source, QStringLiteral("manual"));
        QCOMPARE(ann[2].luck, 0.0);
        QCOMPARE(ann[2].total, ann[1].total);
        QCOMPARE(ann[2].totalAttacks, 12);
        const std::vector<LuckPoint> &bob = s.players.at(2);
        QCOMPARE(bob.size(), std::size_t(2));
        QCOMPARE(bob[0].total, 2 - 4.5);
        QCOMPARE(bob[1].total, 2 - 4.5 + 4 - 2.0);
        const std::vector<LuckPoint> &cat = s.players.at(3);
        QCOMPARE(cat.size(), std::size_t(1));
        QVERIFY(!cat[0].recorded);
        QCOMPARE(cat[0].total, 0.0);
    }

    // Battle::luck as JSON: written and read back; anything else refused with why.
    void luckJson()
    {
        const std::array luck {SideLuck {9, 13, 11020}, SideLuck {0, 0, 0}};
        QString why;
        QCOMPARE(battleLuckFromJson(battleLuckToJson(luck), &why), std::optional(luck));
        const auto refused = [](const QByteArray &json) {
            QString why;
            const auto r = battleLuckFromJson(QJsonDocument::fromJson(json).array(), &why);
            return r ? QStringLiteral("accepted") : why;
        };
        QCOMPARE(refused("[]"), QStringLiteral("must be a list of the two sides' attack dice"));
        QCOMPARE(refused(R"([{"attacks": 1, "successes": 0, "expected_milli": 5}, 3])"),
                 QStringLiteral("side 1: must be {attacks, successes, expected_milli}"));
        QCOMPARE(refused(R"([{"attacks": 1.5, "successes": 0, "expected_milli": 5},
                            {"attacks": 0, "successes": 0, "expected_milli": 0}])"),
                 QStringLiteral("side 0: attacks must be a whole number from 0 to 1000000"));
        QCOMPARE(refused(R"([{"attacks": 1, "successes": 0, "expected_milli": 5, "seed": 1},
                            {"attacks": 0, "successes": 0, "expected_milli": 0}])"),
                 QStringLiteral("side 0: unknown key 'seed' (allowed: attacks, successes, "
                                "expected_milli)"));
        QCOMPARE(refused(R"([{"attacks": 1, "successes": 0},
                            {"attacks": 0, "successes": 0, "expected_milli": 0}])"),
                 QStringLiteral("side 0: expected_milli must be a whole number from 0 to "
                                "1000000000"));
    }

    void tieBreakersInOrder_data()
    {
        QTest::addColumn<QString>("ties");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("op, vp") << QStringLiteral("op,vp")
                                << QStringList {QStringLiteral("1:Bob"), QStringLiteral("2:Ann"),
                                                QStringLiteral("3:Cat")};
        QTest::newRow("vp") << QStringLiteral("vp")
                            << QStringList {QStringLiteral("1:Cat"), QStringLiteral("2:Bob"),
                                            QStringLiteral("3:Ann")};
        QTest::newRow("vp-diff") << QStringLiteral("vp-diff")
                                 << QStringList {QStringLiteral("1:Bob"), QStringLiteral("2:Cat"),
                                                 QStringLiteral("3:Ann")};
        QTest::newRow("op, then head-to-head of the two left")
            << QStringLiteral("op,head-to-head")
            << QStringList {QStringLiteral("1:Ann"), QStringLiteral("2:Bob"),
                            QStringLiteral("3:Cat")};
        QTest::newRow("head-to-head of three is a tie; then op, vp")
            << QStringLiteral("head-to-head,op,vp")
            << QStringList {QStringLiteral("1:Bob"), QStringLiteral("2:Ann"),
                            QStringLiteral("3:Cat")};
        QTest::newRow("none: one shared rank, listed by name")
            << QString()
            << QStringList {QStringLiteral("1:Ann"), QStringLiteral("1:Bob"),
                            QStringLiteral("1:Cat")};
    }
    void tieBreakersInOrder()
    {
        // A cycle: Ann beat Bob, Bob beat Cat, Cat beat Ann: 3 points each.
        // Ann: OP 10+10=20, VP 150+150=300; Bob: OP 0+20=20, VP 100+250=350;
        // Cat: OP 0+10=10, VP 100+300=400.
        QFETCH(QString, ties);
        QFETCH(QStringList, expected);
        const std::vector<Player> players {player(1, QStringLiteral("Ann"), {}),
                                           player(2, QStringLiteral("Bob"), {}),
                                           player(3, QStringLiteral("Cat"), {})};
        const std::vector<BattleSummary> battles {
            summary(1, 1, 2, 0, {10, 0}, {150, 100}, 1),
            summary(2, 2, 3, 0, {20, 0}, {250, 100}, 2),
            summary(3, 3, 1, 0, {10, 10}, {300, 150}, 3),
        };
        CampaignRules rules;
        QVERIFY(!rules.set(QStringLiteral("tie_breakers"), ties));
        const auto rows = computeStandings(players, battles, {}, rules);
        QCOMPARE(names(rows), expected);
        for (const StandingRow &r : rows) {
            QCOMPARE(r.points, 3);
            QCOMPARE(r.wins, 1);
            QCOMPARE(r.losses, 1);
        }
    }

    void scoringAndRepairCosts()
    {
        const std::vector<Player> players {player(1, QStringLiteral("Ann"), {}),
                                           player(2, QStringLiteral("Bob"), {})};
        std::vector<BattleSummary> battles {summary(1, 1, 2, -1, {5, 5}, {100, 100}, 1),
                                            summary(2, 2, 1, 0, {10, 0}, {200, 50}, 2)};
        battles[1].destroyed = {120, 0};
        CampaignRules rules;
        QVERIFY(!rules.set(QStringLiteral("points_win"), QStringLiteral("2")));
        RepairRecord rep;
        rep.playerId = 2;
        rep.opCost = 4;
        rep.date = QDate(2025, 1, 3);
        const auto rows = computeStandings(players, battles, {rep}, rules);
        QCOMPARE(rows[0].name, QStringLiteral("Bob"));
        QCOMPARE(rows[0].points, 2 + 1);
        QCOMPARE(rows[0].draws, 1);
        QCOMPARE(rows[0].op, 15 - 4);
        QCOMPARE(rows[0].repairCost, 4);
        QCOMPARE(rows[0].destroyed, 120);
        QCOMPARE(rows[1].points, 1);
        QCOMPARE(rows[1].vpAgainst, 300);
        // Charts.
        const StandingsSeries series = standingsOverTime(players, battles, {rep}, rules);
        QCOMPARE(series.battleIds, (std::vector<qint64> {1, 2}));
        QCOMPARE(series.points.at(2), (std::vector<int> {1, 3}));
        QCOMPARE(series.points.at(1), (std::vector<int> {1, 1}));
        QCOMPARE(series.ranks.at(2), (std::vector<int> {1, 1}));
        const auto destroyed = pointsDestroyedPerBattle(battles);
        QCOMPARE(destroyed.size(), std::size_t(2));
        QCOMPARE(destroyed[1].destroyed, (std::array<int, 2> {120, 0}));
    }

    void houseRules_data()
    {
        QTest::addColumn<QString>("rule");
        QTest::addColumn<bool>("on");
        for (const char *r : {"carry_damage", "capture_changes_hands", "destroyed_leave_roster"}) {
            QTest::newRow(qPrintable(QStringLiteral("%1 on").arg(QLatin1String(r))))
                << QString::fromLatin1(r) << true;
            QTest::newRow(qPrintable(QStringLiteral("%1 off").arg(QLatin1String(r))))
                << QString::fromLatin1(r) << false;
        }
    }
    void houseRules()
    {
        QFETCH(QString, rule);
        QFETCH(bool, on);
        CampaignRules rules;
        QVERIFY(!rules.set(rule, on ? QStringLiteral("on") : QStringLiteral("off")));
        Player ann = player(1, QStringLiteral("Ann"),
                            {QStringLiteral("valiant"), QStringLiteral("alexander")});
        Player bob = player(2, QStringLiteral("Bob"), {QStringLiteral("corsair")});
        Battle b = battleOf(ann, bob);
        outcome(b, 0, 0).fate = UnitFate::Damaged;
        outcome(b, 0, 0).lost = {{QStringLiteral("structure"), 2}};
        outcome(b, 0, 1).fate = UnitFate::Destroyed;
        outcome(b, 1, 0).fate = UnitFate::Captured;
        outcome(b, 1, 0).lost = {{QStringLiteral("marines"), 3}};
        matchRoster(b, {&ann, &bob});
        const BattleEffects fx = applyBattle(rules, b, {ann, bob});
        const Player &a = fx.players[0];
        const Player &o = fx.players[1];
        if (rule == QLatin1String("carry_damage")) {
            QCOMPARE(a.entry(101)->damage.size(), std::size_t(on ? 1 : 0));
        } else if (rule == QLatin1String("capture_changes_hands")) {
            QCOMPARE(a.entry(201) != nullptr, on);
            QCOMPARE(o.entry(201) != nullptr, !on);
            const RosterEntry *c = on ? a.entry(201) : o.entry(201);
            QCOMPARE(c->damage.at(QStringLiteral("marines")), 3); // damage comes along
            QCOMPARE(c->capturedFrom.has_value(), on);
        } else {
            QCOMPARE(a.entry(102)->active(), !on);
            QVERIFY(a.entry(102)->damage.empty());
        }
        QCOMPARE(a.entry(101)->battles, 1);
        QCOMPARE(a.entry(101)->survived, 1);
        QVERIFY(!fx.notes.isEmpty());
    }

    void renownAfterSurvivedBattles()
    {
        CampaignRules rules;
        QVERIFY(!rules.set(QStringLiteral("renown_after"), QStringLiteral("2")));
        Player ann = player(1, QStringLiteral("Ann"), {QStringLiteral("valiant")});
        Player bob = player(2, QStringLiteral("Bob"), {QStringLiteral("corsair")});
        for (int i = 1; i <= 3; ++i) {
            Battle b = battleOf(ann, bob);
            outcome(b, 1, 0).fate = i == 3 ? UnitFate::Withdrawn : UnitFate::Crippled;
            matchRoster(b, {&ann, &bob});
            const BattleEffects fx = applyBattle(rules, b, {ann, bob});
            ann = fx.players[0];
            bob = fx.players[1];
            QCOMPARE(ann.roster[0].renowned, i >= 2);
            QCOMPARE(bob.roster[0].survived, i);
            if (i == 2)
                QVERIFY(fx.notes.join(QLatin1Char('\n')).contains(QStringLiteral("Renowned")));
        }
        QVERIFY(!rules.set(QStringLiteral("renown"), QStringLiteral("off")));
        Player carl = player(3, QStringLiteral("Carl"), {QStringLiteral("uller")});
        for (int i = 0; i < 3; ++i) {
            Battle b = battleOf(carl, bob);
            matchRoster(b, {&carl, &bob});
            carl = applyBattle(rules, b, {carl, bob}).players[0];
        }
        QVERIFY(!carl.roster[0].renowned);
    }

    void matchingSkipsUnitsNotOnTheRoster()
    {
        Player ann
            = player(1, QStringLiteral("Ann"), {QStringLiteral("hachi"), QStringLiteral("hachi")});
        Player bob = player(2, QStringLiteral("Bob"), {});
        Battle b = battleOf(ann, bob);
        b.sides[0].fleet.entries.push_back(FleetEntry {QStringLiteral("hachi"), {}, {}, {}});
        UnitOutcome extra;
        extra.side = 0;
        extra.entry = 2;
        extra.unitId = QStringLiteral("hachi");
        b.outcomes.push_back(extra);
        matchRoster(b, {&ann, &bob});
        QCOMPARE(outcome(b, 0, 0).rosterId, std::optional<qint64>(101));
        QCOMPARE(outcome(b, 0, 1).rosterId, std::optional<qint64>(102));
        QVERIFY(!outcome(b, 0, 2).rosterId); // a third Hachi was not on the roster
    }

    void repairRollAndCost()
    {
        CampaignRules rules;
        RosterEntry e;
        e.id = 7;
        e.unitId = QStringLiteral("valiant");
        e.damage = {{QStringLiteral("structure"), 2}, {QStringLiteral("thrusters"), 1}};
        ScriptedDiceSource dice({3, 4, 1});
        const RepairOutcome r = repairUnit(rules, e, dice);
        QVERIFY(r.ok());
        QCOMPARE(r.record.boxes, 1);
        QCOMPARE(r.entry.damage,
                 (RatingMap {{QStringLiteral("structure"), 1}, {QStringLiteral("thrusters"), 1}}));
        QVERIFY(!rules.set(QStringLiteral("repair"), QStringLiteral("cost")));
        const RepairOutcome c = repairUnit(rules, e, dice);
        QCOMPARE(c.record.opCost, 3);
        QVERIFY(c.entry.damage.empty());
        QVERIFY(c.record.dice.empty());
        QVERIFY(!rules.set(QStringLiteral("repair"), QStringLiteral("none")));
        QVERIFY(repairUnit(rules, e, dice).error.contains(QStringLiteral("house rule 'repair'")));
    }

    void rulesSettings()
    {
        CampaignRules r;
        QCOMPARE(r.set(QStringLiteral("renown_after"), QStringLiteral("zero")).value_or(QString()),
                 QStringLiteral("'renown_after' is a whole number from 1 to 1000, not 'zero'"));
        QVERIFY(r.set(QStringLiteral("tie_breakers"), QStringLiteral("op,coin"))
                    ->contains(QStringLiteral("unknown tie-breaker 'coin'")));
        QVERIFY(r.set(QStringLiteral("colour"), QStringLiteral("red"))
                    ->contains(QStringLiteral("unknown campaign rule 'colour'")));
        QVERIFY(!r.set(QStringLiteral("carry_damage"), QStringLiteral("off")));
        QString err;
        const auto back = CampaignRules::fromJson(r.toJson(), &err);
        QVERIFY2(back, qPrintable(err));
        QCOMPARE(*back, r);
        // Every house rule is a setting and is documented.
        for (const HouseRuleInfo &h : jw::houseRules())
            QVERIFY(CampaignRules::keys().contains(h.key));
    }

    void setFleetKeepsRecords()
    {
        Player p = player(1, QStringLiteral("Ann"),
                          {QStringLiteral("valiant"), QStringLiteral("pathfinder")});
        p.roster[0].battles = 4;
        p.roster[1].embarkedOn = p.roster[0].id;
        Fleet f = p.fleet(250, QStringLiteral("v1.2.2"));
        QCOMPARE(f.entries[1].embarkedOn, std::optional<int>(0));
        f.insertEntry(0, FleetEntry {QStringLiteral("godfire"), {}, {}, {}});
        p.setFleet(f);
        QCOMPARE(p.roster.size(), std::size_t(3));
        QVERIFY(p.roster[0].id < 0); // new
        QCOMPARE(p.roster[1].battles, 4); // the valiant kept its record
        QCOMPARE(p.roster[2].embarkedOn, std::optional<qint64>(p.roster[1].id));
        QCOMPARE(p.fleet(250, QStringLiteral("v1.2.2")), f);
    }

    void battleReports_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<QString>("error");
        const QByteArray sides = "sides:\n"
                                 "  - player: Ann\n"
                                 "    victory_points: 100\n"
                                 "  - player: Bob\n"
                                 "    victory_points: 50\n";
        QTest::newRow("no date")
            << QByteArray(sides)
            << QStringLiteral("r.yaml:1:1: error: a battle report lacks the required key 'date'");
        QTest::newRow("bad date") << QByteArray("date: 2025-13-01\n" + sides)
                                  << QStringLiteral("r.yaml:1:7: error: 'date' must be a date");
        QTest::newRow("unknown player")
            << QByteArray("date: 2025-01-01\nsides:\n  - player: Zed\n    victory_points: 1\n  - "
                          "player: Bob\n    victory_points: 0\n")
            << QStringLiteral("r.yaml:3:13: error: no player named 'Zed'");
        QTest::newRow("unknown fate")
            << QByteArray("date: 2025-01-01\n" + sides
                          + "    units:\n      - unit: corsair\n        fate: sunk\n")
            << QStringLiteral("r.yaml:9:15: error: unknown fate 'sunk'");
        QTest::newRow("no such unit")
            << QByteArray("date: 2025-01-01\n" + sides + "    units:\n      - name: Nemo\n")
            << QStringLiteral("r.yaml:8:9: error: Bob's fleet has no unit named 'Nemo' left");
        QTest::newRow("unknown key") << QByteArray("date: 2025-01-01\nwiner: Ann\n" + sides)
                                     << QStringLiteral("r.yaml:2:1: error:");
    }
    void battleReports()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(QString, error);
        auto lookup = [](const QString &name) -> std::optional<Fleet> {
            if (name == QLatin1String("Zed"))
                return std::nullopt;
            Fleet f;
            f.faction = QStringLiteral("x");
            f.entries.push_back(FleetEntry {QStringLiteral("corsair"), {}, {}, {}});
            return f;
        };
        const BattleImport r = battleFromReport(yaml, QStringLiteral("r.yaml"), lookup, nullptr);
        QVERIFY(!r.ok());
        QVERIFY2(r.errorText().startsWith(error), qPrintable(r.errorText()));
    }

    void battleReportFillsOutcomes()
    {
        const QByteArray yaml = "date: 2025-01-05\n"
                                "scenario: introductory\n"
                                "notes: close one\n"
                                "sides:\n"
                                "  - player: Ann\n"
                                "    victory_points: 100\n"
                                "    objective_points: 10\n"
                                "    units:\n"
                                "      - name: Vigilant\n"
                                "        lost: {structure: 2}\n"
                                "        kills: 1\n"
                                "      - entry: 2\n"
                                "        fate: destroyed\n"
                                "  - player: Bob\n"
                                "    victory_points: 120\n";
        auto lookup = [](const QString &) -> std::optional<Fleet> {
            Fleet f;
            f.faction = QStringLiteral("jovian");
            f.entries = {FleetEntry {QStringLiteral("valiant"), QStringLiteral("Vigilant"), {}, {}},
                         FleetEntry {QStringLiteral("hachi"), {}, {}, {}},
                         FleetEntry {QStringLiteral("hachi"), {}, {}, {}}};
            return f;
        };
        const BattleImport r = battleFromReport(yaml, QStringLiteral("r.yaml"), lookup, nullptr);
        QVERIFY2(r.ok(), qPrintable(r.errorText()));
        const Battle &b = *r.battle;
        QCOMPARE(b.winner, 0); // more OP, though fewer VP
        QCOMPARE(b.outcomes.size(), std::size_t(6));
        QCOMPARE(b.outcomes[0].fate, UnitFate::Damaged);
        QCOMPARE(b.outcomes[0].kills, 1);
        QCOMPARE(b.outcomes[1].fate, UnitFate::Intact);
        QCOMPARE(b.outcomes[2].fate, UnitFate::Destroyed);
        QCOMPARE(b.sides[1].playerName, QStringLiteral("Bob"));
        QCOMPARE(b.notes, QStringLiteral("close one"));
        // Each unit by the name the players know: the custom one, else the unit's
        // (with a database; the notes of the campaign rules read it).
        QCOMPARE(b.outcomes[0].name, QStringLiteral("Vigilant"));
        const UnitDatabase db = UnitDatabase::loadShipped();
        const BattleImport named = battleFromReport(yaml, QStringLiteral("r.yaml"), lookup, &db);
        QVERIFY2(named.ok(), qPrintable(named.errorText()));
        QCOMPARE(named.battle->outcomes[0].name, QStringLiteral("Vigilant"));
        QCOMPARE(named.battle->outcomes[2].name, QStringLiteral("Hachi"));
    }
};

QTEST_GUILESS_MAIN(TestCampaignRules)
#include "tst_campaignrules.moc"
