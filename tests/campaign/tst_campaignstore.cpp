// SPDX-License-Identifier: GPL-3.0-or-later
// CampaignStore on SQLite, and on PostgreSQL when JW_TEST_PG_URL is set:
// every test runs once per backend (initTestCase_data).
#include "campaign/campaignedit.h"
#include "campaign/campaignfile.h"
#include "campaign/campaignstore.h"
#include "campaigntestutil.h"
#include "dice/dicesource.h"

#include <QScopeGuard>
#include <QThread>
#include <QTranslator>
#include <QUndoStack>

#include <atomic>
#include <thread>

using namespace jw;
using jwtest::Databases;
using jwtest::RawDb;

namespace {

Fleet fleetOf(const QString &faction, const QStringList &units)
{
    Fleet f;
    f.faction = faction;
    f.points = 250;
    for (const QString &u : units) {
        FleetEntry e;
        const auto parts = u.split(QLatin1Char(':'));
        e.unitId = parts.first();
        if (parts.size() > 1)
            e.name = parts[1];
        f.entries.push_back(e);
    }
    return f;
}

Player playerWith(const QString &name, const Fleet &fleet)
{
    Player p;
    p.name = name;
    p.setFleet(fleet);
    return p;
}

std::unique_ptr<CampaignStore> openOk(const QString &url)
{
    auto r = CampaignStore::open(url);
    if (!r.ok())
        qFatal("open %s: %s", qPrintable(url), qPrintable(r.error.message));
    return std::move(r.value);
}

// A campaign with Ann (valiant "Vigilant", alexander, pathfinder) and Bob
// (corsair "Morning Star", shan-yu).
struct Fixture
{
    std::unique_ptr<CampaignStore> store;
    Player ann, bob;
};

Fixture fixture(const QString &url)
{
    Fixture f;
    f.store = openOk(url);
    Campaign c;
    c.name = QStringLiteral("Io");
    c.started = QDate(2025, 1, 1);
    if (!f.store->create(c).ok())
        qFatal("create");
    f.ann = f.store
                ->addPlayer(playerWith(
                    QStringLiteral("Ann"),
                    fleetOf(QStringLiteral("jovian"),
                            {QStringLiteral("valiant:Vigilant"), QStringLiteral("alexander"),
                             QStringLiteral("pathfinder")})))
                .value;
    f.bob = f.store
                ->addPlayer(playerWith(
                    QStringLiteral("Bob"),
                    fleetOf(QStringLiteral("venusian"),
                            {QStringLiteral("corsair:Morning Star"), QStringLiteral("shan-yu")})))
                .value;
    return f;
}

// Ann beats Bob: the Vigilant damaged with a kill, the Alexander Destroyed,
// Bob's Morning Star Captured.
Battle firstBattle(const Fixture &f, QDate date = QDate(2025, 2, 1))
{
    Battle b;
    b.date = date;
    b.sides[0].playerId = f.ann.id;
    b.sides[0].fleet = f.ann.fleet(250, QStringLiteral("v1.2.2"));
    b.sides[0].victoryPoints = 180;
    b.sides[0].objectivePoints = 10;
    b.sides[1].playerId = f.bob.id;
    b.sides[1].fleet = f.bob.fleet(250, QStringLiteral("v1.2.2"));
    b.sides[1].victoryPoints = 90;
    b.winner = 0;
    UnitOutcome v;
    v.side = 0;
    v.entry = 0;
    v.unitId = QStringLiteral("valiant");
    v.name = QStringLiteral("Vigilant");
    v.fate = UnitFate::Damaged;
    v.lost = {{QStringLiteral("structure"), 2}, {QStringLiteral("sensors"), 1}};
    v.kills = 1;
    v.tv = 100;
    UnitOutcome a;
    a.side = 0;
    a.entry = 1;
    a.unitId = QStringLiteral("alexander");
    a.fate = UnitFate::Destroyed;
    a.tv = 80;
    UnitOutcome m;
    m.side = 1;
    m.entry = 0;
    m.unitId = QStringLiteral("corsair");
    m.name = QStringLiteral("Morning Star");
    m.fate = UnitFate::Captured;
    m.tv = 90;
    b.outcomes = {v, a, m};
    return b;
}

CampaignData withoutRevisions(CampaignData d)
{
    d.campaign.revision = 0;
    for (Player &p : d.players)
        p.revision = 0;
    for (Battle &b : d.battles)
        b.revision = 0;
    return d;
}

} // namespace

class TestCampaignStore : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data()
    {
        QTest::addColumn<QString>("backend");
        for (const QString &b : jwtest::backends())
            QTest::newRow(qPrintable(b)) << b;
    }

    void locations()
    {
        auto pg = CampaignLocation::parse(QStringLiteral("postgresql://u:secret@db.club:6543/io"));
        QVERIFY(pg.ok());
        QCOMPARE(pg.value.dialect, CampaignSchema::Dialect::Postgres);
        QCOMPARE(pg.value.host, QStringLiteral("db.club"));
        QCOMPARE(pg.value.port, 6543);
        QCOMPARE(pg.value.user, QStringLiteral("u"));
        QCOMPARE(pg.value.password, QStringLiteral("secret"));
        QCOMPARE(pg.value.database, QStringLiteral("io"));
        QVERIFY(!pg.value.display().contains(QStringLiteral("secret")));
        auto sq = CampaignLocation::parse(QStringLiteral("sqlite:///tmp/x.sqlite"));
        QVERIFY(sq.ok());
        QCOMPARE(sq.value.path, QStringLiteral("/tmp/x.sqlite"));
        QCOMPARE(CampaignLocation::parse(QStringLiteral("camp.db")).value.path,
                 QStringLiteral("camp.db"));
        QVERIFY(!CampaignLocation::parse(QStringLiteral("mysql://x/y")).ok());
        QVERIFY(!CampaignLocation::parse(QStringLiteral("postgresql://host")).ok());
    }

    void createPlayersAndRosters()
    {
        QFETCH_GLOBAL(QString, backend);
        Databases dbs;
        const QString url = dbs.fresh(backend);
        Fixture f = fixture(url);
        QCOMPARE(f.store->schemaVersion(), CampaignSchema::kVersion);
        QCOMPARE(f.store->campaign().value.name, QStringLiteral("Io"));
        QCOMPARE(f.ann.activeCount(), 3);
        QVERIFY(f.ann.roster[0].id > 0);
        QCOMPARE(f.ann.fleet(250, QStringLiteral("v1.2.2")).entries[0].name,
                 QStringLiteral("Vigilant"));
        // Read back from a second connection: the same values.
        auto other = openOk(url);
        QCOMPARE(other->playerByName(QStringLiteral("Ann")).value, f.ann);
        QCOMPARE(other->players().value.size(), std::size_t(2));
        // A duplicate name and a second campaign are refused.
        auto dup = f.store->addPlayer(playerWith(QStringLiteral("Ann"), Fleet {}));
        QCOMPARE(dup.error.kind, CampaignError::Kind::Invalid);
        QVERIFY2(dup.error.message.contains(QStringLiteral("already a player named 'Ann'")),
                 qPrintable(dup.error.message));
        Campaign c2;
        c2.name = QStringLiteral("Again");
        QCOMPARE(f.store->create(c2).error.kind, CampaignError::Kind::Invalid);
        // Setting the roster from a fleet keeps the record of the units that stay.
        Player next = f.ann;
        next.setFleet(fleetOf(QStringLiteral("jovian"),
                              {QStringLiteral("valiant:Vigilant"), QStringLiteral("godfire")}));
        auto upd = f.store->updatePlayer(f.ann, next);
        QVERIFY2(upd.ok(), qPrintable(upd.error.message));
        QCOMPARE(upd.value.activeCount(), 2);
        QCOMPARE(upd.value.roster[0].id, f.ann.roster[0].id);
        QVERIFY(upd.value.roster[1].id > f.bob.roster.back().id);
        QCOMPARE(upd.value.revision, f.ann.revision + 1);
    }

    void battleAppliesHouseRules()
    {
        QFETCH_GLOBAL(QString, backend);
        Databases dbs;
        Fixture f = fixture(dbs.fresh(backend));
        auto r = f.store->addBattle(firstBattle(f));
        QVERIFY2(r.ok(), qPrintable(r.error.message));
        const Battle &b = r.value.battle;
        QVERIFY(b.id > 0);
        // Every fleet entry has an outcome (the unlisted ones Intact), matched to the roster.
        QCOMPARE(b.outcomes.size(), std::size_t(5));
        for (const UnitOutcome &o : b.outcomes)
            QVERIFY(o.rosterId.has_value());
        QCOMPARE(b.outcomes[2].fate, UnitFate::Intact);

        const Player ann = f.store->player(f.ann.id).value;
        const Player bob = f.store->player(f.bob.id).value;
        const RosterEntry *vigilant = ann.entry(f.ann.roster[0].id);
        QCOMPARE(vigilant->damage,
                 (RatingMap {{QStringLiteral("sensors"), 1}, {QStringLiteral("structure"), 2}}));
        QCOMPARE(vigilant->kills, 1);
        QCOMPARE(vigilant->survived, 1);
        QCOMPARE(ann.entry(f.ann.roster[1].id)->status, RosterStatus::Destroyed);
        // The Morning Star changed hands.
        QVERIFY(!bob.entry(f.bob.roster[0].id));
        const RosterEntry *captured = ann.entry(f.bob.roster[0].id);
        QVERIFY(captured);
        QCOMPARE(captured->capturedFrom, std::optional<qint64>(f.bob.id));
        QCOMPARE(ann.activeCount(), 3); // Vigilant, pathfinder, Morning Star
        QCOMPARE(bob.activeCount(), 1);
        QCOMPARE(r.value.after[0], ann);

        // Standings and history from the database.
        const auto rows = f.store->standings().value;
        QCOMPARE(rows.size(), std::size_t(2));
        QCOMPARE(rows[0].name, QStringLiteral("Ann"));
        QCOMPARE(rows[0].points, 3);
        QCOMPARE(rows[0].op, 10);
        QCOMPARE(rows[1].destroyed, 80);
        const PlayerHistory h = f.store->history(f.ann.id).value;
        QCOMPARE(h.battles.size(), std::size_t(1));
        QCOMPARE(h.battles[0].result, QLatin1Char('W'));
        QCOMPARE(h.battles[0].lost, 80);
        // Battle read back = battle stored.
        QCOMPARE(f.store->battle(b.id).value, b);
        QCOMPARE(f.store->battleSummaries().value.front(), BattleSummary::of(b));
    }

    void undoAddBattleRestoresRosters()
    {
        QFETCH_GLOBAL(QString, backend);
        Databases dbs;
        Fixture f = fixture(dbs.fresh(backend));
        AddBattleEdit edit(firstBattle(f));
        QVERIFY(edit.redo(*f.store).ok());
        QCOMPARE(f.store->battles().value.size(), std::size_t(1));
        const CampaignError e = edit.undo(*f.store);
        QVERIFY2(e.ok(), qPrintable(e.message));
        QCOMPARE(f.store->battles().value.size(), std::size_t(0));
        Player ann = f.store->player(f.ann.id).value;
        Player bob = f.store->player(f.bob.id).value;
        QCOMPARE(ann.roster, f.ann.roster);
        QCOMPARE(bob.roster, f.bob.roster);
        // Redo stores it again.
        QVERIFY(edit.redo(*f.store).ok());
        QCOMPARE(f.store->battles().value.size(), std::size_t(1));
    }

    void conflictingEditsAreDetected()
    {
        QFETCH_GLOBAL(QString, backend);
        Databases dbs;
        const QString url = dbs.fresh(backend);
        Fixture f = fixture(url);
        auto other = openOk(url); // a second person, own connection
        const Player mine = f.store->player(f.ann.id).value;
        const Player theirs = other->player(f.ann.id).value;

        Player renamed = theirs;
        renamed.name = QStringLiteral("Annie");
        QVERIFY(other->updatePlayer(theirs, renamed).ok());

        Player edited = mine;
        edited.setFleet(fleetOf(QStringLiteral("jovian"), {QStringLiteral("godfire")}));
        auto r = f.store->updatePlayer(mine, edited);
        QCOMPARE(r.error.kind, CampaignError::Kind::Conflict);
        QVERIFY2(r.error.message.contains(QStringLiteral("name 'Ann' → 'Annie'")),
                 qPrintable(r.error.message));
        // Nothing of the stale edit was written.
        const Player now = f.store->player(f.ann.id).value;
        QCOMPARE(now.name, QStringLiteral("Annie"));
        QCOMPARE(now.roster, mine.roster);

        // The campaign settings too.
        const Campaign c = f.store->campaign().value;
        Campaign c1 = c;
        c1.rules.renownAfter = 5;
        QVERIFY(other->updateCampaign(c, c1).ok());
        Campaign c2 = c;
        c2.points = 300;
        auto rc = f.store->updateCampaign(c, c2);
        QCOMPARE(rc.error.kind, CampaignError::Kind::Conflict);
        QVERIFY2(rc.error.message.contains(QStringLiteral("renown_after")),
                 qPrintable(rc.error.message));
        QCOMPARE(f.store->campaign().value.points, 250);

        // An undo after someone else's change is refused, not forced.
        UpdatePlayerEdit edit(now, [&] {
            Player p = now;
            p.fleetName = QStringLiteral("Io Patrol");
            return p;
        }());
        QVERIFY(edit.redo(*f.store).ok());
        const Player base = other->player(f.ann.id).value;
        Player again = base;
        again.faction = QStringLiteral("cega");
        QVERIFY(other->updatePlayer(base, again).ok());
        const CampaignError undo = edit.undo(*f.store);
        QCOMPARE(undo.kind, CampaignError::Kind::Conflict);
        QVERIFY2(undo.message.contains(QStringLiteral("faction 'jovian' → 'cega'")),
                 qPrintable(undo.message));
        QCOMPARE(f.store->player(f.ann.id).value.fleetName, QStringLiteral("Io Patrol"));
    }

    void concurrentWritersLoseNothing()
    {
        // Two writers, each with its own connection, add battles between the
        // same two players at once. A write that meets the other's change is
        // refused as a Conflict and retried on fresh data; in the end every
        // battle is there and every unit counted every battle.
        QFETCH_GLOBAL(QString, backend);
        Databases dbs;
        const QString url = dbs.fresh(backend);
        Fixture f = fixture(url);
        {
            Campaign c = f.store->campaign().value;
            Campaign next = c;
            next.rules.destroyedLeaveRoster = false;
            next.rules.captureChangesHands = false;
            QVERIFY(f.store->updateCampaign(c, next).ok());
        }
        constexpr int kPerWriter = 8;
        std::atomic<int> conflicts {0};
        std::atomic<int> failures {0};
        auto writer = [&](int id) {
            auto r = CampaignStore::open(url);
            if (!r.ok()) {
                ++failures;
                return;
            }
            CampaignStore &s = *r.value;
            for (int i = 0; i < kPerWriter; ++i) {
                for (int attempt = 0; attempt < 100; ++attempt) {
                    Fixture view {nullptr, s.player(f.ann.id).value, s.player(f.bob.id).value};
                    Battle b = firstBattle(view, QDate(2025, 3, 1 + i));
                    b.outcomes.clear(); // all Intact: every unit survives
                    b.notes = QStringLiteral("writer %1 battle %2").arg(id).arg(i);
                    auto added = s.addBattle(b);
                    if (added.ok())
                        break;
                    if (added.error.kind == CampaignError::Kind::Conflict)
                        ++conflicts;
                    else {
                        qWarning("writer %d: %s", id, qPrintable(added.error.message));
                        ++failures;
                        return;
                    }
                }
            }
        };
        std::thread a(writer, 1), b(writer, 2);
        a.join();
        b.join();
        QCOMPARE(failures.load(), 0);
        QCOMPARE(f.store->battles().value.size(), std::size_t(2 * kPerWriter));
        for (const Player &p : f.store->players().value)
            for (const RosterEntry &e : p.roster)
                QCOMPARE(e.battles, 2 * kPerWriter);
        qInfo("%s: %d conflicts detected and retried", qPrintable(backend), conflicts.load());
    }

    void concurrentWritersInBothOrders()
    {
        // Eight writers, each with its own connection, add six battles each at
        // once, half with Ann as side 1 and half with Bob: the store locks the
        // players in a fixed order (no deadlock) and runs again what the
        // database gave up on, so every battle goes in at the first call.
        QFETCH_GLOBAL(QString, backend);
        Databases dbs;
        const QString url = dbs.fresh(backend);
        Fixture f = fixture(url);
        {
            Campaign c = f.store->campaign().value;
            Campaign next = c;
            next.rules.destroyedLeaveRoster = false;
            next.rules.captureChangesHands = false;
            QVERIFY(f.store->updateCampaign(c, next).ok());
        }
        constexpr int kWriters = 8;
        constexpr int kPerWriter = 6;
        std::atomic<int> added {0};
        std::vector<QString> errors(kWriters);
        auto writer = [&](int id) {
            auto r = CampaignStore::open(url);
            if (!r.ok()) {
                errors[std::size_t(id)] = r.error.message;
                return;
            }
            for (int i = 0; i < kPerWriter; ++i) {
                Battle b;
                b.date = QDate(2025, 3, 1 + i);
                b.sides[0].playerName = id % 2 ? QStringLiteral("Ann") : QStringLiteral("Bob");
                b.sides[1].playerName = id % 2 ? QStringLiteral("Bob") : QStringLiteral("Ann");
                for (int s = 0; s < 2; ++s)
                    b.sides[std::size_t(s)].fleet
                        = r.value->playerByName(b.sides[std::size_t(s)].playerName)
                              .value.fleet(250, QStringLiteral("v1.2.2"));
                const auto a = r.value->addBattle(b);
                if (!a.ok()) {
                    errors[std::size_t(id)] = a.error.message;
                    return;
                }
                ++added;
            }
        };
        std::vector<std::thread> threads;
        for (int i = 0; i < kWriters; ++i)
            threads.emplace_back(writer, i);
        for (std::thread &t : threads)
            t.join();
        for (const QString &e : errors)
            QVERIFY2(e.isEmpty(), qPrintable(e));
        QCOMPARE(added.load(), kWriters * kPerWriter);
        QCOMPARE(f.store->battles().value.size(), std::size_t(kWriters * kPerWriter));
        for (const Player &p : f.store->players().value)
            for (const RosterEntry &e : p.roster)
                QCOMPARE(e.battles, kWriters * kPerWriter);
    }

    void deadlockIsRunAgain()
    {
        // Another client holds Bob's row and then asks for Ann's while the
        // store's addBattle holds Ann's and waits for Bob's: PostgreSQL breaks
        // the deadlock by failing the store's transaction (40P01); the store
        // runs it again and the battle goes in. On SQLite the other client
        // holds the write lock for a while: the store waits for it.
        QFETCH_GLOBAL(QString, backend);
        Databases dbs;
        const QString url = dbs.fresh(backend);
        Fixture f = fixture(url);
        RawDb other(url);
        const bool pg = backend == QLatin1String("postgresql");
        other.exec(pg ? QStringLiteral("BEGIN") : QStringLiteral("BEGIN IMMEDIATE"));
        if (pg) {
            // The store starts waiting first, so its deadlock check (after
            // deadlock_timeout) runs first and fails its own transaction.
            other.exec(QStringLiteral("SELECT id FROM players WHERE id = ? FOR UPDATE"),
                       {f.bob.id});
        }
        CampaignResult<AddBattleResult> result;
        std::thread writer([&] {
            auto s = CampaignStore::open(url);
            if (s.ok())
                result = s.value->addBattle(firstBattle(f));
            else
                result.error = s.error;
        });
        QThread::msleep(500); // the store now holds Ann and waits for Bob (or the lock)
        if (pg)
            other.exec(QStringLiteral("SELECT id FROM players WHERE id = ? FOR UPDATE"),
                       {f.ann.id});
        other.exec(QStringLiteral("COMMIT"));
        writer.join();
        QVERIFY2(result.ok(), qPrintable(result.error.message));
        QCOMPARE(f.store->battles().value.size(), std::size_t(1));
    }

    void badRowsAreErrors_data()
    {
        QTest::addColumn<QString>("sql");
        QTest::addColumn<QString>("table");
        QTest::addColumn<QString>("column");
        // {ann}, {vigilant}: ids of the fixture.
        QTest::newRow("winner") << QStringLiteral("UPDATE battles SET winner = 5")
                                << QStringLiteral("battles") << QStringLiteral("winner");
        QTest::newRow("battle date") << QStringLiteral("UPDATE battles SET date = 'yesterday'")
                                     << QStringLiteral("battles") << QStringLiteral("date");
        QTest::newRow("victory points") << QStringLiteral("UPDATE battles SET vp1 = -40")
                                        << QStringLiteral("battles") << QStringLiteral("vp1");
        QTest::newRow("house rules")
            << QStringLiteral("UPDATE campaign SET house_rules = 'not json'")
            << QStringLiteral("campaign") << QStringLiteral("house_rules");
        QTest::newRow("house rule value")
            << QStringLiteral("UPDATE campaign SET house_rules = '{\"repair_target\": 99}'")
            << QStringLiteral("campaign") << QStringLiteral("house_rules");
        QTest::newRow("damage") << QStringLiteral(
            "UPDATE roster SET damage = '{\"structure\": \"x\"}' WHERE id = "
            "{vigilant}") << QStringLiteral("roster")
                                << QStringLiteral("damage");
        QTest::newRow("upgrades") << QStringLiteral(
            "UPDATE roster SET upgrades = '{}' WHERE id = {vigilant}")
                                  << QStringLiteral("roster") << QStringLiteral("upgrades");
        QTest::newRow("roster status")
            << QStringLiteral("UPDATE roster SET status = 'lost' WHERE id = {vigilant}")
            << QStringLiteral("roster") << QStringLiteral("status");
        QTest::newRow("player name")
            << QStringLiteral("UPDATE players SET name = 'A' || '\x1b' || '[31mnn' WHERE id = "
                              "{ann}")
            << QStringLiteral("players") << QStringLiteral("name");
        QTest::newRow("lost") << QStringLiteral("UPDATE outcomes SET lost = '[1]'")
                              << QStringLiteral("outcomes") << QStringLiteral("lost");
        QTest::newRow("remaining") << QStringLiteral("UPDATE outcomes SET remaining = 'oops'")
                                   << QStringLiteral("outcomes") << QStringLiteral("remaining");
        QTest::newRow("fate") << QStringLiteral("UPDATE outcomes SET fate = 'vaporised'")
                              << QStringLiteral("outcomes") << QStringLiteral("fate");
        QTest::newRow("outcome side")
            << QStringLiteral("UPDATE outcomes SET side = 7 WHERE side = 1")
            << QStringLiteral("outcomes") << QStringLiteral("side");
        QTest::newRow("repair dice") << QStringLiteral("UPDATE repairs SET dice = '[9]'")
                                     << QStringLiteral("repairs") << QStringLiteral("dice");
        QTest::newRow("luck") << QStringLiteral(
            "UPDATE battles SET luck = '[{\"attacks\": 2, \"successes\": -1, "
            "\"expected_milli\": 0}, {\"attacks\": 0, \"successes\": 0, "
            "\"expected_milli\": 0}]'")
                              << QStringLiteral("battles") << QStringLiteral("luck");
        QTest::newRow("luck of one side") << QStringLiteral("UPDATE battles SET luck = '[]'")
                                          << QStringLiteral("battles") << QStringLiteral("luck");
    }
    void badRowsAreErrors()
    {
        // A row another client wrote that jwfleet would not write: every read
        // of it is the same error naming the table, the row and the column
        // (never a crash, never a default), and no edit writes over it.
        QFETCH_GLOBAL(QString, backend);
        QFETCH(QString, sql);
        QFETCH(QString, table);
        QFETCH(QString, column);
        Databases dbs;
        const QString url = dbs.fresh(backend);
        Fixture f = fixture(url);
        const auto added = f.store->addBattle(firstBattle(f));
        QVERIFY2(added.ok(), qPrintable(added.error.message));
        const qint64 vigilant = f.ann.roster[0].id;
        ScriptedDiceSource dice({6, 3, 4});
        QVERIFY(f.store->repair(f.ann.id, vigilant, dice, QDate(2025, 2, 2)).ok());
        const Campaign campaign = f.store->campaign().value;
        const Player ann = f.store->player(f.ann.id).value;
        const Battle battle = f.store->battle(added.value.battle.id).value;

        RawDb raw(url);
        raw.exec(QString(sql)
                     .replace(QStringLiteral("{ann}"), QString::number(f.ann.id))
                     .replace(QStringLiteral("{vigilant}"), QString::number(vigilant)));
        const QString snapshot = QStringLiteral("SELECT %1 FROM %2").arg(column, table);
        const QVariant stored = raw.value(snapshot);

        std::vector<std::pair<const char *, CampaignError>> reads;
        reads.emplace_back("export", f.store->exportData().error);
        // Standings and summaries read every row but not the outcomes' lost and remaining.
        const bool summaries
            = column != QLatin1String("lost") && column != QLatin1String("remaining");
        if (summaries)
            reads.emplace_back("standings", f.store->standings().error);
        if (table == QLatin1String("campaign"))
            reads.emplace_back("campaign", f.store->campaign().error);
        if (table == QLatin1String("players") || table == QLatin1String("roster")) {
            reads.emplace_back("players", f.store->players().error);
            reads.emplace_back("history", f.store->history(f.ann.id).error);
        }
        if (table == QLatin1String("players") || table == QLatin1String("battles")
            || table == QLatin1String("outcomes")) {
            reads.emplace_back("battles", f.store->battles().error);
            if (summaries)
                reads.emplace_back("summaries", f.store->battleSummaries().error);
            reads.emplace_back("history", f.store->history(f.bob.id).error);
        }
        if (table == QLatin1String("repairs"))
            reads.emplace_back("repairs", f.store->repairs().error);
        const QString expected = QStringLiteral("table %1, row ").arg(table);
        for (const auto &[what, e] : reads) {
            QVERIFY2(e.kind == CampaignError::Kind::Database, what);
            QVERIFY2(e.message.contains(expected)
                         && e.message.contains(QStringLiteral(", column %1: ").arg(column)),
                     qPrintable(QStringLiteral("%1: %2").arg(QLatin1String(what), e.message)));
            QCOMPARE(e.message, reads.front().second.message); // read the same way everywhere
            QVERIFY(!e.message.contains(QLatin1Char('\x1b')));
        }

        // Edits of the row: refused, the row as it was.
        CampaignError edit;
        if (table == QLatin1String("campaign")) {
            Campaign next = campaign;
            next.name = QStringLiteral("Callisto");
            edit = f.store->updateCampaign(campaign, next).error;
        } else if (table == QLatin1String("players") || table == QLatin1String("roster")) {
            Player next = ann;
            next.fleetName = QStringLiteral("Io Patrol");
            edit = f.store->updatePlayer(ann, next).error;
        } else if (table == QLatin1String("battles") || table == QLatin1String("outcomes")) {
            Battle next = battle;
            next.notes = QStringLiteral("edited");
            edit = f.store->updateBattle(battle, next).error;
        }
        if (table != QLatin1String("repairs")) {
            QCOMPARE(edit.kind, CampaignError::Kind::Database);
            QVERIFY2(edit.message.contains(expected), qPrintable(edit.message));
        }
        QCOMPARE(raw.value(snapshot), stored);
    }

    void writesRefuseBadNames()
    {
        // The store's own write API (the campaign window's path) checks names
        // and notes like the command line and the files do.
        QFETCH_GLOBAL(QString, backend);
        Databases dbs;
        Fixture f = fixture(dbs.fresh(backend));
        Player bad = f.ann;
        bad.name = QStringLiteral("An\x1b[31mn");
        auto r = f.store->updatePlayer(f.ann, bad);
        QCOMPARE(r.error.kind, CampaignError::Kind::Invalid);
        QVERIFY2(r.error.message.contains(QStringLiteral("control character")),
                 qPrintable(r.error.message));
        QVERIFY(!r.error.message.contains(QLatin1Char('\x1b')));
        Player longName;
        longName.name = QString(200, QLatin1Char('z'));
        QCOMPARE(f.store->addPlayer(longName).error.kind, CampaignError::Kind::Invalid);
        Player badUnit = f.ann;
        badUnit.roster[0].name = QStringLiteral("Vigi\alant");
        QCOMPARE(f.store->updatePlayer(f.ann, badUnit).error.kind, CampaignError::Kind::Invalid);

        Battle b = firstBattle(f);
        b.notes = QString(30'000, QLatin1Char('n'));
        auto added = f.store->addBattle(b);
        QCOMPARE(added.error.kind, CampaignError::Kind::Invalid);
        QVERIFY2(added.error.message.contains(QStringLiteral("notes is too long")),
                 qPrintable(added.error.message));
        b.notes.clear();
        b.sides[0].victoryPoints = 2'000'000'000;
        QCOMPARE(f.store->addBattle(b).error.kind, CampaignError::Kind::Invalid);
        b.sides[0].victoryPoints = 10;
        b.sides[0].fleet.entries[0].name = QStringLiteral("Vigi\x7flant");
        QCOMPARE(f.store->addBattle(b).error.kind, CampaignError::Kind::Invalid);
        b.sides[0].fleet.entries[0].name = QStringLiteral("Vigilant");
        added = f.store->addBattle(b);
        QVERIFY2(added.ok(), qPrintable(added.error.message));
        Battle next = added.value.battle;
        next.notes = QStringLiteral("\x1b]0;owned\x07");
        QCOMPARE(f.store->updateBattle(added.value.battle, next).error.kind,
                 CampaignError::Kind::Invalid);
        Campaign c = f.store->campaign().value;
        Campaign renamed = c;
        renamed.name = QStringLiteral("Io\tCup");
        QCOMPARE(f.store->updateCampaign(c, renamed).error.kind, CampaignError::Kind::Invalid);
        // Nothing of it was written.
        QCOMPARE(f.store->player(f.ann.id).value.name, QStringLiteral("Ann"));
        QCOMPARE(f.store->battles().value.size(), std::size_t(1));
        QCOMPARE(f.store->campaign().value.name, QStringLiteral("Io"));
    }

    // The store's errors: English as before (the command line, the server), and in the user's
    // language for the campaign window (localMessage(), the German catalogue loaded).
    void errorsInGerman()
    {
        QFETCH_GLOBAL(QString, backend);
        QTranslator de;
        QVERIFY2(de.load(QStringLiteral(JW_DE_QM)), JW_DE_QM);
        QCoreApplication::installTranslator(&de);
        const auto uninstall = qScopeGuard([&] { QCoreApplication::removeTranslator(&de); });
        Databases dbs;
        Fixture f = fixture(dbs.fresh(backend));

        // The tie-breakers' names (the standings' footnote, the Settings list); their English
        // is the CLI's.
        QCOMPARE(tieBreakerName(TieBreaker::HeadToHead), QStringLiteral("Head-to-head"));
        QCOMPARE(tieBreakerText(TieBreaker::HeadToHead).translated(),
                 QStringLiteral("Direkter Vergleich"));
        for (TieBreaker t : allTieBreakers())
            QVERIFY2(tieBreakerText(t).translated() != tieBreakerName(t),
                     qPrintable(tieBreakerName(t)));

        const auto dup = f.store->addPlayer(playerWith(QStringLiteral("Ann"), Fleet {}));
        QCOMPARE(dup.error.message,
                 QStringLiteral("there is already a player named 'Ann' in this campaign"));
        QCOMPARE(dup.error.localMessage(),
                 QStringLiteral("in dieser Kampagne gibt es schon einen Spieler namens 'Ann'"));

        Player bad = f.ann;
        bad.roster[0].battles = -1;
        const auto r = f.store->updatePlayer(f.ann, bad);
        QCOMPARE(r.error.kind, CampaignError::Kind::Invalid);
        QVERIFY2(r.error.message.startsWith(QStringLiteral("roster entry 1 of player ")),
                 qPrintable(r.error.message));
        QVERIFY2(r.error.message.contains(QStringLiteral("battles must be from 0 to")),
                 qPrintable(r.error.message));
        QVERIFY2(r.error.localMessage().startsWith(QStringLiteral("Kadereintrag 1 von Spieler ")),
                 qPrintable(r.error.localMessage()));
        QVERIFY2(!r.error.localMessage().contains(QStringLiteral("must be")),
                 qPrintable(r.error.localMessage()));

        // Someone else changed Ann since she was read: a conflict naming what changed.
        Player renamed = f.ann;
        renamed.name = QStringLiteral("Anna");
        QVERIFY(f.store->updatePlayer(f.ann, renamed).ok());
        Player mine = f.ann;
        mine.faction = QStringLiteral("venusian");
        const auto late = f.store->updatePlayer(f.ann, mine);
        QCOMPARE(late.error.kind, CampaignError::Kind::Conflict);
        QVERIFY2(late.error.message.contains(
                     QStringLiteral("was changed by someone else since it was read (revision ")),
                 qPrintable(late.error.message));
        QVERIFY2(late.error.message.contains(QStringLiteral("name 'Ann' → 'Anna'")),
                 qPrintable(late.error.message));
        QVERIFY2(late.error.localMessage().contains(
                     QStringLiteral("wurde seit dem Lesen von jemand anderem geändert")),
                 qPrintable(late.error.localMessage()));
        QVERIFY2(late.error.localMessage().contains(QStringLiteral("Name 'Ann' → 'Anna'")),
                 qPrintable(late.error.localMessage()));

        // What the house rules did to the rosters: English notes (the command line), the same
        // sentences in German for the campaign window.
        const auto added = f.store->addBattle(firstBattle(f));
        QVERIFY2(added.ok(), qPrintable(added.error.message));
        QVERIFY(!added.value.notes.isEmpty());
        QCOMPARE(added.value.noteTexts.size(), std::size_t(added.value.notes.size()));
        for (std::size_t i = 0; i < added.value.noteTexts.size(); ++i) {
            const DataText &note = added.value.noteTexts[i];
            QCOMPARE(note.english(), added.value.notes[qsizetype(i)]);
            QVERIFY2(note.translated() != note.english(), qPrintable(note.translated()));
        }
        QVERIFY2(
            added.value.notes.join(QLatin1Char('|')).contains(QStringLiteral(" was Destroyed")),
            qPrintable(added.value.notes.join(QLatin1Char('|'))));

        // The house rules' names and a refused setting.
        QCOMPARE(houseRules().front().name, QStringLiteral("Damage carried over"));
        QCOMPARE(houseRules().front().nameText.translated(),
                 QStringLiteral("Schaden bleibt bestehen"));
        CampaignRules rules;
        QCOMPARE(rules.set(QStringLiteral("renown"), QStringLiteral("maybe")),
                 std::optional<QString>(QStringLiteral("'renown' is on or off, not 'maybe'")));
        const auto refused = rules.setText(QStringLiteral("renown"), QStringLiteral("maybe"));
        QVERIFY(refused);
        QCOMPARE(refused->translated(), QStringLiteral("'renown' ist on oder off, nicht 'maybe'"));
    }

    void migrationsFromEveryEarlierVersion()
    {
        QFETCH_GLOBAL(QString, backend);
        for (int version = 1; version < CampaignSchema::kVersion; ++version) {
            Databases dbs;
            const QString url = dbs.fresh(backend);
            {
                CampaignStore::OpenOptions o;
                o.schemaVersion = version;
                auto old = CampaignStore::open(url, o);
                QVERIFY2(old.ok(), qPrintable(old.error.message));
                QCOMPARE(old.value->schemaVersion(), version);
            }
            {
                // Data as a program of that version wrote it (version 1's columns).
                RawDb raw(url);
                QCOMPARE(raw.value(QStringLiteral("SELECT version FROM schema_version")).toInt(),
                         version);
                raw.exec(QStringLiteral("INSERT INTO campaign VALUES (1, 'Old', 200, 'v1.2.2', "
                                        "'{\"renown_after\": 2}', '2024-05-01', 1)"));
                raw.exec(QStringLiteral("INSERT INTO players (id, name, faction, fleet_name, "
                                        "revision) VALUES (1, 'Ann', 'jovian', '', 1), (2, "
                                        "'Bob', 'cega', '', 1)"));
                raw.exec(QStringLiteral(
                    "INSERT INTO roster (id, player_id, position, unit_id, name, upgrades, "
                    "embarked_on, damage, battles, survived, kills, status, captured_from) "
                    "VALUES (1, 1, 0, 'valiant', 'Vigilant', '[]', NULL, '{\"structure\": 1}', "
                    "1, 1, 0, 'active', NULL), (2, 2, 0, 'uller', '', '[]', NULL, '{}', 1, 0, "
                    "0, 'destroyed', NULL)"));
                raw.exec(
                    QStringLiteral(
                        "INSERT INTO battles (id, date, scenario, player0, player1, fleet0, "
                        "fleet1, "
                        "vp0, vp1, op0, op1, winner, notes, source, revision) VALUES (1, "
                        "'2024-05-02', 'introductory', 1, 2, ?, ?, 100, 0, 10, 0, 0, 'old', "
                        "'manual', 1)"),
                    {QStringLiteral("faction: jovian\npoints: 200\nunits:\n  - unit: valiant\n  "
                                    "  name: Vigilant\n"),
                     QStringLiteral("faction: cega\npoints: 200\nunits:\n  - unit: uller\n")});
                raw.exec(QStringLiteral(
                    "INSERT INTO outcomes VALUES (1, 0, 0, 1, 'valiant', 'Vigilant', 100, "
                    "'damaged', '{\"structure\": 1}', '{}', 1), (1, 1, 0, 2, 'uller', '', 80, "
                    "'destroyed', '{}', '{}', 0)"));
                if (backend == QLatin1String("postgresql"))
                    for (const char *t : {"players", "roster", "battles"}) // as a program would
                        raw.exec(QStringLiteral("SELECT setval(pg_get_serial_sequence('%1', "
                                                "'id'), (SELECT MAX(id) FROM %1))")
                                     .arg(QLatin1String(t)));
            }
            auto store = CampaignStore::open(url);
            QVERIFY2(store.ok(), qPrintable(store.error.message));
            QCOMPARE(store.value->schemaVersion(), CampaignSchema::kVersion);
            const Campaign c = store.value->campaign().value;
            QCOMPARE(c.name, QStringLiteral("Old"));
            QCOMPARE(c.rules.renownAfter, 2);
            const Player ann = store.value->playerByName(QStringLiteral("Ann")).value;
            QCOMPARE(ann.roster.size(), std::size_t(1));
            QCOMPARE(ann.roster[0].damage.at(QStringLiteral("structure")), 1);
            QCOMPARE(ann.roster[0].renowned, false); // a column of version 2
            const auto battles = store.value->battles().value;
            QCOMPARE(battles.size(), std::size_t(1));
            QCOMPARE(battles[0].sides[0].fleet.entries[0].name, QStringLiteral("Vigilant"));
            QCOMPARE(battles[0].tvDestroyed(1), 80);
            QVERIFY(!battles[0].luck); // version 4: no dice recorded before it
            QVERIFY(store.value->repairs().ok()); // a table of version 2
            QCOMPARE(store.value->standings().value.front().name, QStringLiteral("Ann"));
            // New ids do not collide with the old rows.
            auto carl = store.value->addPlayer(playerWith(QStringLiteral("Carl"), Fleet {}));
            QVERIFY2(carl.ok(), qPrintable(carl.error.message));
            QVERIFY(carl.value.id > 2);
        }
    }

    void newerSchemaIsRefused()
    {
        QFETCH_GLOBAL(QString, backend);
        Databases dbs;
        const QString url = dbs.fresh(backend);
        fixture(url);
        {
            RawDb raw(url);
            raw.exec(QStringLiteral("UPDATE schema_version SET version = 99"));
        }
        auto r = CampaignStore::open(url);
        QVERIFY(!r.ok());
        QCOMPARE(r.error.kind, CampaignError::Kind::NewerSchema);
        QVERIFY2(r.error.message.contains(QStringLiteral("schema version 99, newer than this "
                                                         "program knows (%1)")
                                              .arg(CampaignSchema::kVersion)),
                 qPrintable(r.error.message));
        RawDb raw(url);
        QCOMPARE(raw.value(QStringLiteral("SELECT version FROM schema_version")).toInt(), 99);
        QCOMPARE(raw.value(QStringLiteral("SELECT COUNT(*) FROM players")).toInt(), 2);
    }

    void exportImportRoundTrip()
    {
        QFETCH_GLOBAL(QString, backend);
        Databases dbs;
        Fixture f = fixture(dbs.fresh(backend));
        // The first battle with its dice (as imported from a game), the second without.
        Battle first = firstBattle(f);
        first.luck = std::array {SideLuck {9, 13, 11020}, SideLuck {4, 1, 2667}};
        QVERIFY(f.store->addBattle(first).ok());
        QCOMPARE(f.store->battles().value.front().luck, first.luck);
        ScriptedDiceSource dice({6, 2, 5});
        auto rep = f.store->repair(f.ann.id, f.ann.roster[0].id, dice, QDate(2025, 2, 2));
        QVERIFY2(rep.ok(), qPrintable(rep.error.message));
        Battle second = firstBattle(f, QDate(2025, 2, 3));
        second.outcomes.clear();
        second.sides[0].fleet = f.store->player(f.ann.id).value.fleet(250, QStringLiteral("v1"));
        second.sides[1].fleet = f.store->player(f.bob.id).value.fleet(250, QStringLiteral("v1"));
        second.winner = -1;
        second.notes = QStringLiteral("a \"quoted\" note: with colons\nand two lines");
        QVERIFY(f.store->addBattle(second).ok());
        const CampaignData data = f.store->exportData().value;
        QCOMPARE(data.repairs.size(), std::size_t(1));
        QCOMPARE(data.battles[0].luck, first.luck);
        QVERIFY(!data.battles[1].luck);

        for (auto format : {CampaignFile::Format::Yaml, CampaignFile::Format::Json}) {
            const QByteArray text = CampaignFile::serialize(data, format);
            const CampaignFile::Read back
                = CampaignFile::parse(text, QStringLiteral("export"), format);
            QVERIFY2(back.ok(), qPrintable(back.errorText()));
            // Everything but the revisions (they belong to a database, not to the file).
            QCOMPARE(*back.data, withoutRevisions(data));

            // Into a fresh database of each backend: the same campaign.
            for (const QString &to : jwtest::backends()) {
                auto target = openOk(dbs.fresh(to));
                const CampaignError e = target->importData(*back.data, false);
                QVERIFY2(e.ok(), qPrintable(e.message));
                QCOMPARE(withoutRevisions(target->exportData().value), withoutRevisions(data));
                QCOMPARE(target->standings().value, f.store->standings().value);
                // New rows after an import get new ids.
                auto carl = target->addPlayer(playerWith(QStringLiteral("Carl"), Fleet {}));
                QVERIFY2(carl.ok(), qPrintable(carl.error.message));
            }
        }
    }

    void importIsAtomic()
    {
        QFETCH_GLOBAL(QString, backend);
        Databases dbs;
        Fixture f = fixture(dbs.fresh(backend));
        QVERIFY(f.store->addBattle(firstBattle(f)).ok());
        CampaignData data = f.store->exportData().value;
        // Into a non-empty database: refused without --replace.
        const CampaignError e = f.store->importData(data, false);
        QCOMPARE(e.kind, CampaignError::Kind::Invalid);
        QVERIFY2(e.message.contains(QStringLiteral("already holds a campaign")),
                 qPrintable(e.message));
        // A bad battle at the end: nothing of the import stays.
        CampaignData bad = data;
        bad.campaign.name = QStringLiteral("Replaced");
        Battle b = bad.battles.front();
        b.id = 99;
        b.sides[1].playerId = 77;
        bad.battles.push_back(b);
        const CampaignError e2 = f.store->importData(bad, true);
        QCOMPARE(e2.kind, CampaignError::Kind::Invalid);
        QVERIFY2(e2.message.contains(QStringLiteral("player id 77")), qPrintable(e2.message));
        QCOMPARE(withoutRevisions(f.store->exportData().value), withoutRevisions(data));
        auto fresh = openOk(dbs.fresh(backend));
        QVERIFY(!fresh->importData(bad, false).ok());
        QCOMPARE(fresh->campaign().error.kind, CampaignError::Kind::NoCampaign);
    }

    void repairsAndTheirCost()
    {
        QFETCH_GLOBAL(QString, backend);
        Databases dbs;
        Fixture f = fixture(dbs.fresh(backend));
        QVERIFY(f.store->addBattle(firstBattle(f)).ok());
        const qint64 vigilant = f.ann.roster[0].id;
        // Roll: structure 2, sensors 1 -> dice 6 (repaired), 3 (stays), 4 (repaired).
        ScriptedDiceSource dice({6, 3, 4});
        auto r = f.store->repair(f.ann.id, vigilant, dice, QDate(2025, 2, 2));
        QVERIFY2(r.ok(), qPrintable(r.error.message));
        QCOMPARE(r.value.record.boxes, 2);
        QCOMPARE(r.value.record.dice, (std::vector<int> {6, 3, 4}));
        QCOMPARE(r.value.after.entry(vigilant)->damage,
                 (RatingMap {{QStringLiteral("structure"), 1}}));
        // Undo puts the damage back and removes the record.
        QVERIFY(f.store->undoRepair(r.value).ok());
        QCOMPARE(f.store->player(f.ann.id).value.entry(vigilant)->damage.size(), std::size_t(2));
        QVERIFY(f.store->repairs().value.empty());
        // Cost: every box, 2 OP a box, taken from the standings' OP.
        Campaign c = f.store->campaign().value;
        Campaign next = c;
        next.rules.repair = RepairMode::Cost;
        next.rules.repairCostOp = 2;
        QVERIFY(f.store->updateCampaign(c, next).ok());
        auto cost = f.store->repair(f.ann.id, vigilant, dice, QDate(2025, 2, 2));
        QVERIFY2(cost.ok(), qPrintable(cost.error.message));
        QCOMPARE(cost.value.record.opCost, 6);
        QVERIFY(cost.value.after.entry(vigilant)->damage.empty());
        const auto rows = f.store->standings().value;
        QCOMPARE(rows[0].op, 10 - 6);
        QCOMPARE(rows[0].repairCost, 6);
        // Nothing left to repair.
        auto again = f.store->repair(f.ann.id, vigilant, dice, QDate(2025, 2, 2));
        QCOMPARE(again.error.kind, CampaignError::Kind::Invalid);
        QVERIFY(again.error.message.contains(QStringLiteral("no damage")));
    }

    void undoStack()
    {
        QFETCH_GLOBAL(QString, backend);
        Databases dbs;
        Fixture f = fixture(dbs.fresh(backend));
        QUndoStack stack;
        QStringList errors;
        auto onError = [&](const CampaignError &e) {
            errors << e.message;
        };
        Player renamed = f.ann;
        renamed.name = QStringLiteral("Anne");
        stack.push(new CampaignUndoCommand(
            *f.store, std::make_unique<UpdatePlayerEdit>(f.ann, renamed), onError));
        stack.push(new CampaignUndoCommand(
            *f.store, std::make_unique<AddBattleEdit>(firstBattle(f)), onError));
        QCOMPARE(stack.count(), 2);
        QCOMPARE(f.store->player(f.ann.id).value.name, QStringLiteral("Anne"));
        QCOMPARE(f.store->battles().value.size(), std::size_t(1));
        stack.undo();
        QCOMPARE(f.store->battles().value.size(), std::size_t(0));
        stack.undo();
        QCOMPARE(f.store->player(f.ann.id).value.name, QStringLiteral("Ann"));
        stack.redo();
        stack.redo();
        QCOMPARE(f.store->player(f.ann.id).value.name, QStringLiteral("Anne"));
        QCOMPARE(f.store->battles().value.size(), std::size_t(1));
        QVERIFY(errors.isEmpty());
        // A refused edit is not pushed, and says why.
        const int before = stack.count();
        stack.push(new CampaignUndoCommand(
            *f.store, std::make_unique<AddPlayerEdit>(playerWith(QStringLiteral("Bob"), Fleet {})),
            onError));
        QCOMPARE(stack.count(), before);
        QCOMPARE(errors.size(), 1);
        QVERIFY(errors.first().contains(QStringLiteral("already a player named 'Bob'")));
    }

    // A player without battles may be removed; undo puts them back with the same id,
    // roster and revision, so the edits before the removal still undo. A player with
    // battles is refused.
    void removeAndRestorePlayer()
    {
        QFETCH_GLOBAL(QString, backend);
        Databases dbs;
        Fixture f = fixture(dbs.fresh(backend));
        QUndoStack stack;
        QStringList errors;
        auto onError = [&](const CampaignError &e) {
            errors << e.message;
        };
        stack.push(new CampaignUndoCommand(
            *f.store,
            std::make_unique<AddPlayerEdit>(playerWith(
                QStringLiteral("Cleo"),
                fleetOf(QStringLiteral("jovian"),
                        {QStringLiteral("valiant:Io Star"), QStringLiteral("godfire")}))),
            onError));
        const Player cleo = f.store->playerByName(QStringLiteral("Cleo")).value;
        QCOMPARE(cleo.activeCount(), 2);
        Player renamed = cleo;
        renamed.name = QStringLiteral("Cleopatra");
        stack.push(new CampaignUndoCommand(
            *f.store, std::make_unique<UpdatePlayerEdit>(cleo, renamed), onError));
        const Player now = f.store->player(cleo.id).value;
        stack.push(
            new CampaignUndoCommand(*f.store, std::make_unique<RemovePlayerEdit>(now), onError));
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
        QVERIFY(!f.store->player(cleo.id).ok());
        QCOMPARE(f.store->players().value.size(), std::size_t(2));
        stack.undo(); // the removal
        const Player back = f.store->player(cleo.id).value;
        QCOMPARE(back, now);
        QCOMPARE(back.roster[0].id, cleo.roster[0].id);
        stack.undo(); // the rename, on the restored row
        QCOMPARE(f.store->player(cleo.id).value.name, QStringLiteral("Cleo"));
        stack.undo(); // the addition
        QVERIFY(!f.store->playerByName(QStringLiteral("Cleo")).ok());
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
        stack.redo();
        stack.redo();
        stack.redo();
        QVERIFY(!f.store->playerByName(QStringLiteral("Cleopatra")).ok());
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));

        // Ann has played a battle: refused, and the refusal says why.
        QVERIFY(f.store->addBattle(firstBattle(f)).ok());
        const Player ann = f.store->player(f.ann.id).value;
        const int count = stack.count();
        stack.push(
            new CampaignUndoCommand(*f.store, std::make_unique<RemovePlayerEdit>(ann), onError));
        QCOMPARE(stack.count(), count);
        QCOMPARE(errors.size(), 1);
        QVERIFY2(errors.first().contains(QStringLiteral("has played battles")),
                 qPrintable(errors.first()));
        QVERIFY(f.store->player(f.ann.id).ok());
        // Restoring a player who is there is refused.
        QCOMPARE(f.store->restorePlayer(ann).error.kind, CampaignError::Kind::Conflict);
    }
};

QTEST_GUILESS_MAIN(TestCampaignStore)
#include "tst_campaignstore.moc"
