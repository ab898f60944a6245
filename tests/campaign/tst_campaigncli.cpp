// jwfleet-cli campaign as scripts see it, on SQLite and (JW_TEST_PG_URL) on
// PostgreSQL: the commands, their JSON and exit codes, a battle imported from a
// finished game, and a process killed in the middle of an import.
#include "campaign/campaignstore.h"
#include "campaigntestutil.h"

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
        QVERIFY2(add.out.contains(QStringLiteral("uller was Destroyed and leaves Ann's roster")),
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
