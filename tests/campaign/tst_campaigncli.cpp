// SPDX-License-Identifier: GPL-3.0-or-later
// jwfleet-cli campaign as scripts see it, on SQLite and (JW_TEST_PG_URL) on
// PostgreSQL: the commands, their JSON and exit codes, a battle imported from a
// finished game, and a process killed in the middle of an import.
#include "campaign/campaignstore.h"
#include "campaigntestutil.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace jw;

namespace {

struct Run
{
    int code = -1;
    QString out;
    QString err;
    [[nodiscard]] QJsonObject json() const
    {
        return QJsonDocument::fromJson(out.toUtf8()).object();
    }
};

Run cli(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(JW_CLI_PATH), args);
    if (!p.waitForFinished(120000))
        qFatal("jwfleet-cli did not finish");
    return Run {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
                QString::fromUtf8(p.readAllStandardOutput()),
                QString::fromUtf8(p.readAllStandardError())};
}

Run campaign(const QString &db, QStringList args)
{
    args.prepend(QStringLiteral("campaign"));
    args << QStringLiteral("--db") << db;
    return cli(args);
}

void writeFile(const QString &path, const QByteArray &text)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size())
        qFatal("cannot write %s", qPrintable(path));
}

// A campaign with the two players of tests/campaign/data/short-game.yaml.
void setUp(const QString &db, const QString &dir)
{
    writeFile(dir + QStringLiteral("/ann.jwfleet"),
              "faction: cega\npoints: 250\nunits:\n  - unit: uller\n  - unit: uller\n    name: "
              "CSS Resolute\n");
    writeFile(dir + QStringLiteral("/bob.jwfleet"),
              "faction: venusian\npoints: 250\nunits:\n  - unit: shan-yu\n");
    const Run c = campaign(db, {QStringLiteral("create"), QStringLiteral("Jupiter Cup")});
    QVERIFY2(c.code == 0, qPrintable(c.err));
    const Run a = campaign(db,
                           {QStringLiteral("add-player"), QStringLiteral("Ann"),
                            QStringLiteral("--fleet"), dir + QStringLiteral("/ann.jwfleet")});
    QVERIFY2(a.code == 0, qPrintable(a.err));
    const Run b = campaign(db,
                           {QStringLiteral("add-player"), QStringLiteral("Bob"),
                            QStringLiteral("--fleet"), dir + QStringLiteral("/bob.jwfleet")});
    QVERIFY2(b.code == 0, qPrintable(b.err));
}

const QByteArray kReport = "date: 2025-02-01\n"
                           "sides:\n"
                           "  - player: Ann\n"
                           "    victory_points: 160\n"
                           "    objective_points: 10\n"
                           "    units:\n"
                           "      - name: CSS Resolute\n"
                           "        lost: {structure: 1}\n"
                           "  - player: Bob\n"
                           "    victory_points: 111\n";

} // namespace

class TestCampaignCli : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data()
    {
        QTest::addColumn<QString>("backend");
        for (const QString &b : jwtest::backends())
            QTest::newRow(qPrintable(b)) << b;
    }

    void help()
    {
        const Run top = cli({QStringLiteral("--help")});
        QCOMPARE(top.code, 0);
        QVERIFY(top.out.contains(QStringLiteral("campaign SUBCOMMAND")));
        const Run r = cli({QStringLiteral("campaign"), QStringLiteral("--help")});
        QCOMPARE(r.code, 0);
        for (const char *s : {"create NAME", "add-player NAME", "remove-player NAME",
                              "roster PLAYER", "add-battle", "standings [--json]", "history PLAYER",
                              "export", "import FILE", "rules", "--db URL", "Exit status"})
            QVERIFY2(r.out.contains(QString::fromLatin1(s)), s);
        const Run sub = cli(
            {QStringLiteral("campaign"), QStringLiteral("add-battle"), QStringLiteral("--help")});
        QCOMPARE(sub.code, 0);
        QVERIFY(sub.out.startsWith(QStringLiteral("Usage: jwfleet-cli campaign add-battle")));
        QVERIFY(sub.out.contains(QStringLiteral("--report")));
        QCOMPARE(cli({QStringLiteral("campaign"), QStringLiteral("fly")}).code, 2);
        QCOMPARE(cli({QStringLiteral("campaign")}).code, 2);
    }

    void gameToStandings()
    {
        QFETCH_GLOBAL(QString, backend);
        QTemporaryDir dir;
        jwtest::Databases dbs;
        const QString db = dbs.fresh(backend);
        setUp(db, dir.path());
        // A finished game of the engine, imported as a battle.
        const QString game = dir.filePath(QStringLiteral("g.jwgame"));
        const Run play = cli({QStringLiteral("play"), QStringLiteral("--quiet"),
                              QStringLiteral(JW_CAMPAIGN_TEST_DATA "/short-game.yaml"),
                              QStringLiteral("--save"), game});
        QVERIFY2(play.code == 0, qPrintable(play.err + play.out));
        const Run add = campaign(db,
                                 {QStringLiteral("add-battle"), QStringLiteral("--game"), game,
                                  QStringLiteral("--date"), QStringLiteral("2025-01-02")});
        QVERIFY2(add.code == 0, qPrintable(add.err));
        // The unit by its name, as the players know it (was the unit id "uller").
        QVERIFY2(add.out.contains(QStringLiteral("Uller was Destroyed and leaves Ann's roster")),
                 qPrintable(add.out));

        const Run st = campaign(db, {QStringLiteral("standings"), QStringLiteral("--json")});
        QCOMPARE(st.code, 0);
        const QJsonArray rows = st.json().value(QStringLiteral("standings")).toArray();
        QCOMPARE(rows.size(), 2);
        const QJsonObject bob = rows[0].toObject();
        QCOMPARE(bob.value(QStringLiteral("player")).toString(), QStringLiteral("Bob"));
        QCOMPARE(bob.value(QStringLiteral("rank")).toInt(), 1);
        QCOMPARE(bob.value(QStringLiteral("points")).toInt(), 3);
        QCOMPARE(bob.value(QStringLiteral("op")).toInt(), 10);
        QCOMPARE(bob.value(QStringLiteral("vp")).toInt(), 111);
        QCOMPARE(bob.value(QStringLiteral("destroyed")).toInt(), 80); // the Uller's TV
        QCOMPARE(rows[1].toObject().value(QStringLiteral("losses")).toInt(), 1);

        // Removing players: one who never played goes; those with battles stay (exit 2).
        QCOMPARE(campaign(db, {QStringLiteral("add-player"), QStringLiteral("Zed")}).code, 0);
        const Run zed = campaign(db, {QStringLiteral("remove-player"), QStringLiteral("Zed")});
        QVERIFY2(zed.code == 0, qPrintable(zed.err));
        QVERIFY(zed.out.contains(QStringLiteral("Removed player 'Zed'")));
        const Run ann = campaign(db, {QStringLiteral("remove-player"), QStringLiteral("Ann")});
        QCOMPARE(ann.code, 2);
        QVERIFY2(ann.err.contains(QStringLiteral("has played battles")), qPrintable(ann.err));
        QCOMPARE(campaign(db, {QStringLiteral("remove-player"), QStringLiteral("Zed")}).code, 2);

        const Run battle = campaign(
            db, {QStringLiteral("battles"), QStringLiteral("1"), QStringLiteral("--json")});
        QCOMPARE(battle.code, 0);
        const QJsonArray annUnits = battle.json()
                                        .value(QStringLiteral("sides"))
                                        .toArray()[0]
                                        .toObject()
                                        .value(QStringLiteral("units"))
                                        .toArray();
        QCOMPARE(annUnits[0].toObject().value(QStringLiteral("fate")).toString(),
                 QStringLiteral("destroyed"));
        QCOMPARE(annUnits[1].toObject().value(QStringLiteral("fate")).toString(),
                 QStringLiteral("damaged"));
        QCOMPARE(annUnits[1]
                     .toObject()
                     .value(QStringLiteral("remaining"))
                     .toObject()
                     .value(QStringLiteral("sensors"))
                     .toInt(),
                 2);

        const Run hist = campaign(
            db, {QStringLiteral("history"), QStringLiteral("Bob"), QStringLiteral("--json")});
        QCOMPARE(hist.code, 0);
        const QJsonObject shanYu
            = hist.json().value(QStringLiteral("units")).toArray()[0].toObject();
        QCOMPARE(shanYu.value(QStringLiteral("kills")).toInt(), 1);
        QCOMPARE(shanYu.value(QStringLiteral("survived")).toInt(), 1);

        // A battle report: the damaged Resolute's damage carries over, per the house rule.
        writeFile(dir.filePath(QStringLiteral("r.yaml")), kReport);
        const Run rep = campaign(db,
                                 {QStringLiteral("add-battle"), QStringLiteral("--report"),
                                  dir.filePath(QStringLiteral("r.yaml"))});
        QVERIFY2(rep.code == 0, qPrintable(rep.err));
        const Run roster = campaign(
            db, {QStringLiteral("roster"), QStringLiteral("Ann"), QStringLiteral("--json")});
        QJsonObject resolute;
        for (const QJsonValue &e : roster.json().value(QStringLiteral("roster")).toArray())
            if (e.toObject().value(QStringLiteral("name")).toString()
                == QLatin1String("CSS Resolute"))
                resolute = e.toObject();
        QCOMPARE(resolute.value(QStringLiteral("battles")).toInt(), 2);
        QCOMPARE(resolute.value(QStringLiteral("damage")).toObject(),
                 (QJsonObject {{QStringLiteral("structure"), 1}}));

        // Rules: set and show.
        const Run set = campaign(db,
                                 {QStringLiteral("rules"), QStringLiteral("renown_after=2"),
                                  QStringLiteral("tie_breakers=vp,op"), QStringLiteral("--json")});
        QVERIFY2(set.code == 0, qPrintable(set.err));
        QCOMPARE(set.json().value(QStringLiteral("renown_after")).toInt(), 2);
        QCOMPARE(campaign(db, {QStringLiteral("rules"), QStringLiteral("renown_after=x")}).code, 2);
        const Run shown = campaign(db, {QStringLiteral("rules")});
        QVERIFY(shown.out.contains(QStringLiteral("renown = on")));
        QVERIFY(shown.out.contains(QStringLiteral("House rules of 'Jupiter Cup'")));

        // Export, import elsewhere, the same standings.
        for (const QString &name : {QStringLiteral("c.yaml"), QStringLiteral("c.json")}) {
            const QString file = dir.filePath(name);
            QCOMPARE(campaign(db, {QStringLiteral("export"), file}).code, 0);
            const QString other = dbs.fresh(backend);
            const Run imp = campaign(other, {QStringLiteral("import"), file});
            QVERIFY2(imp.code == 0, qPrintable(imp.err));
            QCOMPARE(campaign(other, {QStringLiteral("standings"), QStringLiteral("--json")}).out,
                     campaign(db, {QStringLiteral("standings"), QStringLiteral("--json")}).out);
            // Into a database that holds a campaign: refused (2) without --replace.
            QCOMPARE(campaign(other, {QStringLiteral("import"), file}).code, 2);
            QCOMPARE(
                campaign(other, {QStringLiteral("import"), file, QStringLiteral("--replace")}).code,
                0);
        }
        const Run charts = campaign(db, {QStringLiteral("charts")});
        QCOMPARE(charts.code, 0);
        QCOMPARE(charts.json().value(QStringLiteral("points_destroyed")).toArray().size(), 2);
        // Luck: the battle from the game has its dice (in battles --json too); the
        // others are counted as not recorded.
        const Run battles = campaign(db, {QStringLiteral("battles"), QStringLiteral("--json")});
        QCOMPARE(battles.code, 0);
        int fromGames = 0, sidesWithDice = 0;
        const QJsonArray list = QJsonDocument::fromJson(battles.out.toUtf8()).isArray()
            ? QJsonDocument::fromJson(battles.out.toUtf8()).array()
            : battles.json().value(QStringLiteral("battles")).toArray();
        QCOMPARE(list.size(), 2);
        for (const QJsonValue &b : list) {
            const bool game = b[QStringLiteral("source")].toString() == QLatin1String("game");
            fromGames += game ? 1 : 0;
            for (const QJsonValue &side : b[QStringLiteral("sides")].toArray()) {
                QCOMPARE(side.toObject().contains(QStringLiteral("luck")), game);
                sidesWithDice += game ? 1 : 0;
            }
        }
        QCOMPARE(fromGames, 1);
        QCOMPARE(sidesWithDice, 2);
        const QJsonObject luck = charts.json().value(QStringLiteral("luck")).toObject();
        QCOMPARE(luck.value(QStringLiteral("unrecorded_battles")).toInt(), 2 - fromGames);
        int recorded = 0;
        for (const QJsonValue &pl : luck.value(QStringLiteral("players")).toArray())
            for (const QJsonValue &pt : pl[QStringLiteral("battles")].toArray())
                recorded += pt[QStringLiteral("recorded")].toBool() ? 1 : 0;
        QCOMPARE(recorded, 2); // both sides of the game
    }

    void badInput()
    {
        QFETCH_GLOBAL(QString, backend);
        QTemporaryDir dir;
        jwtest::Databases dbs;
        const QString db = dbs.fresh(backend);
        // No campaign yet.
        const Run none = campaign(db, {QStringLiteral("standings")});
        QCOMPARE(none.code, 2);
        // (SQLite: no file yet; PostgreSQL: an empty database.)
        QVERIFY2(none.err.contains(QStringLiteral("holds no campaign yet"))
                     || none.err.contains(QStringLiteral("no campaign database there")),
                 qPrintable(none.err));
        setUp(db, dir.path());
        // A report with a mistake: file:line:column, nothing written.
        const QString bad = dir.filePath(QStringLiteral("bad.yaml"));
        writeFile(bad,
                  "date: 2025-02-01\nsides:\n  - player: Ann\n    victory_points: -3\n  - "
                  "player: Bob\n    victory_points: 1\n");
        const Run r = campaign(db, {QStringLiteral("add-battle"), QStringLiteral("--report"), bad});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(bad + QStringLiteral(":4:21: error:")), qPrintable(r.err));
        QCOMPARE(campaign(db, {QStringLiteral("battles"), QStringLiteral("--json")}).out.trimmed(),
                 QStringLiteral("[\n]"));
        QCOMPARE(campaign(db, {QStringLiteral("add-battle")}).code, 2);
        QCOMPARE(campaign(db, {QStringLiteral("add-player"), QStringLiteral("Ann")}).code, 2);
        QCOMPARE(campaign(db, {QStringLiteral("history"), QStringLiteral("Zed")}).code, 2);
        QCOMPARE(cli({QStringLiteral("campaign"), QStringLiteral("info"), QStringLiteral("--db"),
                      QStringLiteral("mysql://x/y")})
                     .code,
                 2);
        // A missing SQLite file is not created by a reading command.
        const QString missing = dir.filePath(QStringLiteral("none.sqlite"));
        QCOMPARE(campaign(missing, {QStringLiteral("info")}).code, 2);
        QVERIFY(!QFile::exists(missing));
        // A database of a newer program.
        {
            jwtest::RawDb raw(db);
            raw.exec(QStringLiteral("UPDATE schema_version SET version = 42"));
        }
        const Run newer = campaign(db, {QStringLiteral("info")});
        QCOMPARE(newer.code, 2);
        QVERIFY2(newer.err.contains(QStringLiteral("schema version 42, newer than this program")),
                 qPrintable(newer.err));
    }

    void concurrentAddBattles()
    {
        // Eight jwfleet-cli processes add six battles each at once, half with
        // the players in the other side order: none deadlocks, none is refused
        // (the store locks in a fixed order and runs again what the database
        // gave up on).
        QFETCH_GLOBAL(QString, backend);
        QTemporaryDir dir;
        jwtest::Databases dbs;
        const QString db = dbs.fresh(backend);
        setUp(db, dir.path());
        const QString ab = dir.filePath(QStringLiteral("ab.yaml"));
        const QString ba = dir.filePath(QStringLiteral("ba.yaml"));
        writeFile(ab, kReport);
        writeFile(ba,
                  "date: 2025-02-01\nsides:\n  - player: Bob\n    victory_points: 10\n"
                  "  - player: Ann\n    victory_points: 20\n");
        constexpr int kWriters = 8;
        constexpr int kRounds = 6;
        int ok = 0;
        QStringList errors;
        for (int round = 0; round < kRounds; ++round) {
            std::vector<std::unique_ptr<QProcess>> ps;
            for (int w = 0; w < kWriters; ++w) {
                auto p = std::make_unique<QProcess>();
                p->start(QStringLiteral(JW_CLI_PATH),
                         {QStringLiteral("campaign"), QStringLiteral("add-battle"),
                          QStringLiteral("--report"), w % 2 ? ba : ab, QStringLiteral("--db"), db});
                ps.push_back(std::move(p));
            }
            for (auto &p : ps) {
                QVERIFY(p->waitForFinished(120000));
                if (p->exitStatus() == QProcess::NormalExit && p->exitCode() == 0)
                    ++ok;
                else
                    errors << QString::fromUtf8(p->readAllStandardError());
            }
        }
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
        QCOMPARE(ok, kWriters * kRounds);
        const Run battles = campaign(db, {QStringLiteral("battles"), QStringLiteral("--json")});
        QCOMPARE(QJsonDocument::fromJson(battles.out.toUtf8()).array().size(), kWriters * kRounds);
    }

    void importReplaceReadsTheWholeFile()
    {
        // A misspelt key is an error, and a replace does not start: the
        // battles are all still there.
        QFETCH_GLOBAL(QString, backend);
        QTemporaryDir dir;
        jwtest::Databases dbs;
        const QString db = dbs.fresh(backend);
        setUp(db, dir.path());
        writeFile(dir.filePath(QStringLiteral("r.yaml")), kReport);
        QCOMPARE(campaign(db,
                          {QStringLiteral("add-battle"), QStringLiteral("--report"),
                           dir.filePath(QStringLiteral("r.yaml"))})
                     .code,
                 0);
        const QString file = dir.filePath(QStringLiteral("c.yaml"));
        QCOMPARE(campaign(db, {QStringLiteral("export"), file}).code, 0);
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QByteArray text = f.readAll();
        f.close();
        const qsizetype at = text.indexOf("\nbattles:");
        QVERIFY(at >= 0);
        text.replace(at, 9, "\nbatles:");
        writeFile(file, text);
        const Run imp = campaign(db, {QStringLiteral("import"), file, QStringLiteral("--replace")});
        QCOMPARE(imp.code, 2);
        const QByteArray head = text.left(at + 1);
        QVERIFY2(imp.err.contains(
                     QStringLiteral("%1:%2:1: error: unknown key 'batles' in a campaign file")
                         .arg(file)
                         .arg(head.count('\n') + 1)),
                 qPrintable(imp.err));
        const Run battles = campaign(db, {QStringLiteral("battles"), QStringLiteral("--json")});
        QCOMPARE(QJsonDocument::fromJson(battles.out.toUtf8()).array().size(), 1);

        // An alias bomb: refused at once, located.
        QByteArray bomb
            = "format: jwfleet-campaign\nschema_version: 1\n"
              "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n";
        for (char c = 'b'; c <= 'j'; ++c) {
            const QByteArray prev = QByteArray("*") + char(c - 1);
            bomb += QByteArray(1, c) + ": &" + c + " [" + prev + "," + prev + "," + prev + ","
                + prev + "," + prev + "," + prev + "," + prev + "," + prev + "]\n";
        }
        const QString bombFile = dir.filePath(QStringLiteral("bomb.yaml"));
        writeFile(bombFile, bomb);
        QElapsedTimer t;
        t.start();
        const Run b
            = campaign(db, {QStringLiteral("import"), bombFile, QStringLiteral("--replace")});
        QVERIFY(t.elapsed() < 5000); // a process start included; the parse itself: tst_campaignfile
        QCOMPARE(b.code, 2);
        QVERIFY2(b.err.contains(bombFile + QStringLiteral(":3:4: error: anchors")),
                 qPrintable(b.err));
    }

    void badRowsExitTwo()
    {
        // Rows another client wrote that jwfleet would not: every command
        // that reads them exits 2 naming table, row and column; none crashes;
        // an edit leaves the row as it was.
        QFETCH_GLOBAL(QString, backend);
        QTemporaryDir dir;
        jwtest::Databases dbs;
        const QString db = dbs.fresh(backend);
        setUp(db, dir.path());
        writeFile(dir.filePath(QStringLiteral("r.yaml")), kReport);
        QCOMPARE(campaign(db,
                          {QStringLiteral("add-battle"), QStringLiteral("--report"),
                           dir.filePath(QStringLiteral("r.yaml"))})
                     .code,
                 0);
        jwtest::RawDb raw(db);
        raw.exec(QStringLiteral("UPDATE battles SET winner = 5"));
        const QString winner = QStringLiteral("table battles, row id 1, column winner: ");
        for (const QStringList &args :
             {QStringList {QStringLiteral("battles")},
              QStringList {QStringLiteral("battles"), QStringLiteral("1")},
              QStringList {QStringLiteral("standings")},
              QStringList {QStringLiteral("history"), QStringLiteral("Ann")},
              QStringList {QStringLiteral("charts")}, QStringList {QStringLiteral("export")}}) {
            const Run r = campaign(db, args);
            QVERIFY2(r.code == 2 && r.err.contains(winner),
                     qPrintable(args.join(QLatin1Char(' ')) + QStringLiteral(": ")
                                + QString::number(r.code) + QLatin1Char(' ') + r.err));
        }
        raw.exec(QStringLiteral("UPDATE battles SET winner = 0"));
        QCOMPARE(campaign(db, {QStringLiteral("battles")}).code, 0);

        // Unreadable house rules: not replaced by the defaults, not written back.
        raw.exec(QStringLiteral("UPDATE campaign SET house_rules = '{\"renown\": \"maybe\"}'"));
        const Run rules = campaign(db, {QStringLiteral("rules"), QStringLiteral("renown_after=2")});
        QCOMPARE(rules.code, 2);
        QVERIFY2(
            rules.err.contains(QStringLiteral("table campaign, row id 1, column house_rules: ")),
            qPrintable(rules.err));
        QCOMPARE(raw.value(QStringLiteral("SELECT house_rules FROM campaign")).toString(),
                 QStringLiteral("{\"renown\": \"maybe\"}"));
        QCOMPARE(campaign(db, {QStringLiteral("standings")}).code, 2);
        raw.exec(QStringLiteral("UPDATE campaign SET house_rules = '{}'"));

        // An unreadable roster entry: the roster is not replaced over it.
        raw.exec(QStringLiteral("UPDATE roster SET damage = 'oops' WHERE name = 'CSS Resolute'"));
        const Run set
            = campaign(db,
                       {QStringLiteral("roster"), QStringLiteral("Ann"), QStringLiteral("--set"),
                        dir.filePath(QStringLiteral("bob.jwfleet"))});
        QCOMPARE(set.code, 2);
        QVERIFY2(set.err.contains(QStringLiteral("table roster, row id ")), qPrintable(set.err));
        QVERIFY2(set.err.contains(QStringLiteral("column damage: is not JSON")),
                 qPrintable(set.err));
        QCOMPARE(raw.value(QStringLiteral("SELECT damage FROM roster WHERE name = 'CSS Resolute'"))
                     .toString(),
                 QStringLiteral("oops"));
        QCOMPARE(campaign(db, {QStringLiteral("history"), QStringLiteral("Ann")}).code, 2);
    }

    void namesAndBadGames()
    {
        QFETCH_GLOBAL(QString, backend);
        QTemporaryDir dir;
        jwtest::Databases dbs;
        const QString db = dbs.fresh(backend);
        const Run bad = campaign(db, {QStringLiteral("create"), QStringLiteral("Io\x1b[31m")});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains(QStringLiteral("control character (U+001B)")),
                 qPrintable(bad.err));
        QVERIFY(!bad.err.contains(QLatin1Char('\x1b')));
        setUp(db, dir.path());
        const Run longName
            = campaign(db, {QStringLiteral("add-player"), QString(300, QLatin1Char('z'))});
        QCOMPARE(longName.code, 2);
        QVERIFY2(longName.err.contains(QStringLiteral("too long")), qPrintable(longName.err));
        writeFile(dir.filePath(QStringLiteral("r.yaml")), kReport);
        const Run notes = campaign(db,
                                   {QStringLiteral("add-battle"), QStringLiteral("--report"),
                                    dir.filePath(QStringLiteral("r.yaml")),
                                    QStringLiteral("--notes"), QStringLiteral("ding\x07")});
        QCOMPARE(notes.code, 2);
        QVERIFY2(notes.err.contains(QStringLiteral("notes")), qPrintable(notes.err));
        const Run players = campaign(db,
                                     {QStringLiteral("add-battle"), QStringLiteral("--report"),
                                      dir.filePath(QStringLiteral("r.yaml")),
                                      QStringLiteral("--players"), QStringLiteral("Ann,B\x7fob")});
        QCOMPARE(players.code, 2);
        QCOMPARE(
            QJsonDocument::fromJson(
                campaign(db, {QStringLiteral("battles"), QStringLiteral("--json")}).out.toUtf8())
                .array()
                .size(),
            0);

        // A saved game whose dice are not dice: an error, never an abort.
        const QString game = dir.filePath(QStringLiteral("g.jwgame"));
        const Run play = cli({QStringLiteral("play"), QStringLiteral("--quiet"),
                              QStringLiteral(JW_CAMPAIGN_TEST_DATA "/short-game.yaml"),
                              QStringLiteral("--save"), game});
        QVERIFY2(play.code == 0, qPrintable(play.err));
        QFile f(game);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QByteArray text = f.readAll();
        f.close();
        const qsizetype at = text.indexOf("\"dice\": [\n                4,");
        QVERIFY(at >= 0);
        text.replace(at, qsizetype(qstrlen("\"dice\": [\n                4,")),
                     "\"dice\": [\n                9,");
        writeFile(game, text);
        const Run add
            = campaign(db, {QStringLiteral("add-battle"), QStringLiteral("--game"), game});
        QCOMPARE(add.code, 2);
        QVERIFY2(add.err.contains(game), qPrintable(add.err));
    }

    void killedInTheMiddleOfAnImport()
    {
        // The process dies inside the import's transaction (after every row is
        // written, before the commit): reopened, the campaign has all of the
        // battle or none of it; here none, and the rosters are as they were.
        QFETCH_GLOBAL(QString, backend);
        QTemporaryDir dir;
        jwtest::Databases dbs;
        const QString db = dbs.fresh(backend);
        setUp(db, dir.path());
        const QString report = dir.filePath(QStringLiteral("r.yaml"));
        writeFile(report, kReport);
        const QString rosterBefore
            = campaign(db,
                       {QStringLiteral("roster"), QStringLiteral("Ann"), QStringLiteral("--json")})
                  .out;

        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("JW_CAMPAIGN_TEST_PAUSE_IN_IMPORT"), QStringLiteral("1"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(JW_CLI_PATH),
                {QStringLiteral("campaign"), QStringLiteral("add-battle"),
                 QStringLiteral("--report"), report, QStringLiteral("--db"), db});
        QVERIFY(p.waitForStarted());
        QByteArray err;
        QElapsedTimer t;
        t.start();
        while (!err.contains("paused in import") && t.elapsed() < 60000) {
            p.waitForReadyRead(1000);
            err += p.readAllStandardError();
            QVERIFY2(p.state() == QProcess::Running, err.constData());
        }
        QVERIFY2(err.contains("paused in import"), err.constData());
        p.kill(); // SIGKILL: no destructor, no rollback by the program
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitStatus(), QProcess::CrashExit);

        // Reopened: nothing of the battle.
        auto store = CampaignStore::open(db);
        QVERIFY2(store.ok(), qPrintable(store.error.message));
        QCOMPARE(store.value->battles().value.size(), std::size_t(0));
        store.value.reset();
        QCOMPARE(
            campaign(db,
                     {QStringLiteral("roster"), QStringLiteral("Ann"), QStringLiteral("--json")})
                .out,
            rosterBefore);
        // And the same import, not killed, is all there.
        const Run again
            = campaign(db, {QStringLiteral("add-battle"), QStringLiteral("--report"), report});
        QVERIFY2(again.code == 0, qPrintable(again.err));
        auto reopened = CampaignStore::open(db);
        const auto battles = reopened.value->battles().value;
        QCOMPARE(battles.size(), std::size_t(1));
        QCOMPARE(battles[0].outcomes.size(), std::size_t(3));
        QVERIFY(campaign(
                    db, {QStringLiteral("roster"), QStringLiteral("Ann"), QStringLiteral("--json")})
                    .out
                != rosterBefore);
    }
};

QTEST_GUILESS_MAIN(TestCampaignCli)
#include "tst_campaigncli.moc"
