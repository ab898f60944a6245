// SPDX-License-Identifier: GPL-3.0-or-later
// Headless peers (docs/network.md): two jwfleet-cli processes play a game over
// loopback, one hosting and one joining; both saved games are the same and every
// die verifies (`jwfleet-cli game FILE --verify`).
#include "engine/gamefile.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

using jw::GameFile;

// A saved game without its `network` (the side the process played, the only difference
// between the two players' files).
static QJsonObject gameOnly(const QByteArray &bytes)
{
    QJsonObject o = QJsonDocument::fromJson(bytes).object();
    o.remove(QStringLiteral("network"));
    return o;
}

class TestNetPlay : public QObject
{
    Q_OBJECT

private:
    static QString cli() { return QStringLiteral(JW_CLI_PATH); }
    static QString script() { return QStringLiteral(JW_NET_SCRIPT); }

    static int run(const QStringList &args, QByteArray *out = nullptr)
    {
        QProcess p;
        p.start(cli(), args);
        if (!p.waitForFinished(60000))
            return -1;
        if (out)
            *out = p.readAllStandardOutput() + p.readAllStandardError();
        return p.exitCode();
    }

private Q_SLOTS:
    // Usage errors are bad input (2); no peer where one was asked for: stopped (1).
    void usageAndConnection()
    {
        QByteArray out;
        QCOMPARE(run({QStringLiteral("net-host"), script()}, &out), 2);
        QVERIFY2(out.contains("--port"), out.constData());
        QCOMPARE(run({QStringLiteral("net-join"), script(), QStringLiteral("--port"),
                      QStringLiteral("0")}),
                 2);
        QCOMPARE(run({QStringLiteral("net-join"), script(), QStringLiteral("--port"),
                      QStringLiteral("1"), QStringLiteral("--side"), QStringLiteral("2")}),
                 2);
        QCOMPARE(run({QStringLiteral("net-host"), QStringLiteral("/nonexistent.yaml"),
                      QStringLiteral("--port"), QStringLiteral("0")}),
                 2);
        // A port nobody listens on (one just freed): the connection is refused.
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost));
        const QString port = QString::number(probe.serverPort());
        probe.close();
        QCOMPARE(run({QStringLiteral("net-join"), script(), QStringLiteral("--port"), port,
                      QStringLiteral("--timeout"), QStringLiteral("3000")},
                     &out),
                 1);
        QVERIFY2(out.contains("cannot connect") || out.contains("stopped answering"),
                 out.constData());
    }

    // A v1.2.4 game between two processes, its hidden models masked (docs/network.md,
    // "Masked games"): the script's Pathfinder Embarked sealed, then random play to the end;
    // the two saved games are the same whole game, and --verify checks every reveal and the
    // sealed Embark. A joiner with --no-mask plays it in clear, as an older program.
    void maskedBetweenProcesses_data()
    {
        QTest::addColumn<bool>("masked");
        QTest::newRow("masked") << true;
        QTest::newRow("no-mask") << false;
    }
    void maskedBetweenProcesses()
    {
        QFETCH(bool, masked);
        QTemporaryDir dir;
        const QString hostFile = dir.filePath(QStringLiteral("host.jwgame"));
        const QString joinFile = dir.filePath(QStringLiteral("join.jwgame"));
        const QString v124 = QStringLiteral(JW_MASKED_SCRIPT);
        QProcess host;
        host.start(cli(),
                   {QStringLiteral("net-host"), v124, QStringLiteral("--port"), QStringLiteral("0"),
                    QStringLiteral("--save"), hostFile, QStringLiteral("--random"),
                    QStringLiteral("7")});
        QByteArray first;
        QVERIFY(QTest::qWaitFor(
            [&] {
                host.waitForReadyRead(100);
                first += host.readAllStandardOutput();
                return first.contains('\n');
            },
            20000));
        const QString port = QRegularExpression(QStringLiteral("listening on port (\\d+)"))
                                 .match(QString::fromUtf8(first))
                                 .captured(1);
        QVERIFY(!port.isEmpty());
        QStringList join {
            QStringLiteral("net-join"), v124,     QStringLiteral("--port"),   port,
            QStringLiteral("--save"),   joinFile, QStringLiteral("--random"), QStringLiteral("8")};
        if (!masked)
            join << QStringLiteral("--no-mask");
        QByteArray joinOut;
        QCOMPARE(run(join, &joinOut), 0);
        QVERIFY(host.waitForFinished(30000));
        QCOMPARE(host.exitCode(), 0);
        const QByteArray hostOut = first + host.readAllStandardOutput();
        const QByteArray said = masked ? "hidden models are masked in this game"
                                       : "hidden models are not masked in this game";
        QVERIFY2(hostOut.contains(said), hostOut.constData());
        QVERIFY2(joinOut.contains(said), joinOut.constData());
        QVERIFY2(hostOut.contains("over: the game is over"), hostOut.constData());
        QFile a(hostFile), b(joinFile);
        QVERIFY(a.open(QIODevice::ReadOnly));
        QVERIFY(b.open(QIODevice::ReadOnly));
        const QByteArray saved = a.readAll();
        QCOMPARE(gameOnly(saved), gameOnly(b.readAll())); // each also says its side (`network`)
        QCOMPARE(QJsonDocument::fromJson(saved).object().contains(QStringLiteral("masked")),
                 masked);
        QVERIFY(!saved.contains("jw-hidden")); // the whole game: no stand-in left
        QByteArray out;
        QCOMPARE(run({QStringLiteral("game"), hostFile, QStringLiteral("--verify")}, &out), 0);
        QCOMPARE(out.contains("4 hidden models and 1 sealed Embarks verified against their "
                              "commitments"),
                 masked);
        QCOMPARE(run({QStringLiteral("game"), hostFile, QStringLiteral("--verify"),
                      QStringLiteral("--json")},
                     &out),
                 0);
        const QJsonObject check = QJsonDocument::fromJson(out).object();
        QCOMPARE(check.value(QStringLiteral("masked_models")).toInt(), masked ? 4 : 0);
        QCOMPARE(check.value(QStringLiteral("sealed_embarks")).toInt(), masked ? 1 : 0);
        if (!masked)
            return;
        // A changed reveal nonce does not verify (exit 1).
        QJsonObject root = QJsonDocument::fromJson(saved).object();
        QJsonObject record = root.value(QStringLiteral("masked")).toObject();
        QJsonArray reveals = record.value(QStringLiteral("reveals")).toArray();
        QJsonObject r = reveals.at(0).toObject();
        QString nonce = r.value(QStringLiteral("nonce")).toString();
        nonce[0] = nonce[0] == QLatin1Char('0') ? QLatin1Char('1') : QLatin1Char('0');
        r.insert(QStringLiteral("nonce"), nonce);
        reveals[0] = r;
        record.insert(QStringLiteral("reveals"), reveals);
        root.insert(QStringLiteral("masked"), record);
        QFile forged(dir.filePath(QStringLiteral("forged.jwgame")));
        QVERIFY(forged.open(QIODevice::WriteOnly));
        forged.write(QJsonDocument(root).toJson());
        forged.close();
        QCOMPARE(run({QStringLiteral("game"), forged.fileName(), QStringLiteral("--verify")}, &out),
                 1);
        QVERIFY2(out.contains("does not match its commitment"), out.constData());
    }

    // A masked game between two processes cut mid-game (docs/network.md, "Masked games": a
    // drop): the joiner's process killed once its file holds the sealed Embark, run again with
    // --resume on its file (the host waited); or both killed, and both run again another day
    // from their files. Each file held its own secrets and the other side's models as
    // stand-ins; the game ends masked, the two saved games the same, and --verify checks both.
    void maskedKilledAndResumed_data()
    {
        QTest::addColumn<bool>("both");
        QTest::newRow("joiner killed") << false;
        QTest::newRow("both killed, another day") << true;
    }
    void maskedKilledAndResumed()
    {
        QFETCH(bool, both);
        QTemporaryDir dir;
        const QString hostFile = dir.filePath(QStringLiteral("host.jwgame"));
        const QString joinFile = dir.filePath(QStringLiteral("join.jwgame"));
        const QString v124 = QStringLiteral(JW_MASKED_SCRIPT);
        const QStringList hostArgs {QStringLiteral("net-host"),  v124,
                                    QStringLiteral("--port"),    QStringLiteral("0"),
                                    QStringLiteral("--save"),    hostFile,
                                    QStringLiteral("--random"),  QStringLiteral("7"),
                                    QStringLiteral("--timeout"), QStringLiteral("20000")};
        auto listen = [&](QProcess &host, const QStringList &extra) {
            host.start(cli(), hostArgs + extra);
            QByteArray first;
            if (!QTest::qWaitFor(
                    [&] {
                        host.waitForReadyRead(100);
                        first += host.readAllStandardOutput();
                        return first.contains('\n');
                    },
                    20000))
                return QString();
            return QRegularExpression(QStringLiteral("listening on port (\\d+)"))
                .match(QString::fromUtf8(first))
                .captured(1);
        };
        auto joinArgs = [&](const QString &port) {
            return QStringList {QStringLiteral("net-join"), v124,
                                QStringLiteral("--port"),   port,
                                QStringLiteral("--save"),   joinFile,
                                QStringLiteral("--random"), QStringLiteral("8")};
        };
        auto commandsIn = [](const QString &path) {
            QFile f(path);
            return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll())
                                                     .object()
                                                     .value(QStringLiteral("commands"))
                                                     .toArray()
                                                     .size()
                                               : 0;
        };
        QProcess host;
        QString port = listen(host, {});
        QVERIFY(!port.isEmpty());
        QProcess join;
        join.start(cli(),
                   joinArgs(port) + QStringList {QStringLiteral("--delay"), QStringLiteral("150")});
        // Killed once its file holds the sealed Embark (command 3) and a command more.
        QVERIFY(QTest::qWaitFor([&] { return commandsIn(joinFile) >= 5; }, 60000));
        join.kill();
        QVERIFY(join.waitForFinished(10000));
        {
            QFile f(joinFile);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray saved = f.readAll();
            QVERIFY(saved.contains("\"masked_secrets\""));
            QVERIFY(saved.contains("jw-hidden")); // the host's hidden model: a stand-in
        }
        if (both) {
            host.kill();
            QVERIFY(host.waitForFinished(10000));
            QFile f(hostFile);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray saved = f.readAll();
            QVERIFY(saved.contains("\"masked_secrets\""));
            QVERIFY(!saved.contains("Far Scout")); // the joiner's model In Reserve
            port = listen(host, {QStringLiteral("--resume"), hostFile});
            QVERIFY(!port.isEmpty());
        }
        QProcess again;
        again.start(cli(), joinArgs(port) + QStringList {QStringLiteral("--resume"), joinFile});
        QVERIFY(again.waitForFinished(120000));
        QVERIFY(host.waitForFinished(30000));
        const QByteArray againOut = again.readAllStandardOutput() + again.readAllStandardError();
        const QByteArray hostOut = host.readAllStandardOutput() + host.readAllStandardError();
        QVERIFY2(again.exitCode() == 0, againOut.constData());
        QVERIFY2(host.exitCode() == 0, hostOut.constData());
        QVERIFY2(againOut.contains("hidden models are masked in this game"), againOut.constData());
        QVERIFY2(hostOut.contains("over: the game is over"), hostOut.constData());
        QFile a(hostFile), b(joinFile);
        QVERIFY(a.open(QIODevice::ReadOnly));
        QVERIFY(b.open(QIODevice::ReadOnly));
        const QByteArray saved = a.readAll();
        QCOMPARE(gameOnly(saved), gameOnly(b.readAll()));
        QVERIFY(!saved.contains("jw-hidden"));
        QVERIFY(!saved.contains("masked_secrets"));
        for (const QString &file : {hostFile, joinFile}) {
            QByteArray out;
            QCOMPARE(run({QStringLiteral("game"), file, QStringLiteral("--verify")}, &out), 0);
            QVERIFY2(out.contains("4 hidden models and 1 sealed Embarks verified against their "
                                  "commitments"),
                     out.constData());
        }
    }

    // The Boarded firefight's script between two processes: the defender's secret choice is
    // sealed (the script's commands taken in the order they are played), the two saved games
    // are the same, and --verify checks the sealed choice.
    void boardingSealedBetweenProcesses()
    {
        QTemporaryDir dir;
        const QString hostFile = dir.filePath(QStringLiteral("host.jwgame"));
        const QString joinFile = dir.filePath(QStringLiteral("join.jwgame"));
        const QString boarding = QStringLiteral(JW_BOARDING_SCRIPT);
        QProcess host;
        host.start(cli(),
                   {QStringLiteral("net-host"), boarding, QStringLiteral("--port"),
                    QStringLiteral("0"), QStringLiteral("--save"), hostFile});
        QByteArray first;
        QVERIFY(QTest::qWaitFor(
            [&] {
                host.waitForReadyRead(100);
                first += host.readAllStandardOutput();
                return first.contains('\n');
            },
            20000));
        const QString port = QRegularExpression(QStringLiteral("listening on port (\\d+)"))
                                 .match(QString::fromUtf8(first))
                                 .captured(1);
        QVERIFY(!port.isEmpty());
        QByteArray joinOut;
        QCOMPARE(run({QStringLiteral("net-join"), boarding, QStringLiteral("--port"), port,
                      QStringLiteral("--save"), joinFile},
                     &joinOut),
                 0);
        QVERIFY(host.waitForFinished(30000));
        QCOMPARE(host.exitCode(), 0);
        const QByteArray hostOut = first + host.readAllStandardOutput();
        QVERIFY2(hostOut.contains("command 2 is the peer's sealed secret choice"),
                 hostOut.constData());
        QVERIFY2(joinOut.contains("command 2 sealed"), joinOut.constData());
        QFile a(hostFile), b(joinFile);
        QVERIFY(a.open(QIODevice::ReadOnly));
        QVERIFY(b.open(QIODevice::ReadOnly));
        const QByteArray saved = a.readAll();
        QCOMPARE(gameOnly(saved), gameOnly(b.readAll()));
        QCOMPARE(QJsonDocument::fromJson(saved)
                     .object()
                     .value(QStringLiteral("commands"))
                     .toArray()
                     .size(),
                 3);
        QByteArray out;
        QCOMPARE(run({QStringLiteral("game"), hostFile, QStringLiteral("--verify")}, &out), 0);
        QVERIFY2(out.contains("1 sealed secret choices verified against their commitments"),
                 out.constData());
        QCOMPARE(run({QStringLiteral("game"), hostFile, QStringLiteral("--verify"),
                      QStringLiteral("--json")},
                     &out),
                 0);
        QCOMPARE(QJsonDocument::fromJson(out).object().value(QStringLiteral("sealed")).toInt(), 1);
        // The sealed choice's nonce changed: it does not verify (exit 1).
        QJsonObject root = QJsonDocument::fromJson(saved).object();
        QJsonArray sealed = root.value(QStringLiteral("sealed_choices")).toArray();
        QJsonObject entry = sealed.at(0).toObject();
        QString nonce = entry.value(QStringLiteral("nonce")).toString();
        nonce[5] = nonce[5] == QLatin1Char('0') ? QLatin1Char('1') : QLatin1Char('0');
        entry.insert(QStringLiteral("nonce"), nonce);
        sealed[0] = entry;
        root.insert(QStringLiteral("sealed_choices"), sealed);
        const QString tampered = dir.filePath(QStringLiteral("tampered.jwgame"));
        QFile t(tampered);
        QVERIFY(t.open(QIODevice::WriteOnly));
        t.write(QJsonDocument(root).toJson());
        t.close();
        QCOMPARE(run({QStringLiteral("game"), tampered, QStringLiteral("--verify")}, &out), 1);
        QVERIFY2(out.contains("does not verify: command 2 (answer): not the sealed choice its "
                              "hash fixed"),
                 out.constData());
    }

    // The joiner's process dies mid-game; run again with --resume on its autosaved game,
    // it plays on with the host, which waited: both games the same and verified.
    void killedJoinerResumes()
    {
        QTemporaryDir dir;
        const QString hostFile = dir.filePath(QStringLiteral("host.jwgame"));
        const QString joinFile = dir.filePath(QStringLiteral("join.jwgame"));
        QProcess host;
        host.start(cli(),
                   {QStringLiteral("net-host"), script(), QStringLiteral("--port"),
                    QStringLiteral("0"), QStringLiteral("--random"), QStringLiteral("1"),
                    QStringLiteral("--max-commands"), QStringLiteral("40"),
                    QStringLiteral("--timeout"), QStringLiteral("20000"), QStringLiteral("--save"),
                    hostFile});
        QByteArray first;
        QVERIFY(QTest::qWaitFor(
            [&] {
                host.waitForReadyRead(100);
                first += host.readAllStandardOutput();
                return first.contains('\n');
            },
            20000));
        const QString port = QRegularExpression(QStringLiteral("listening on port (\\d+)"))
                                 .match(QString::fromUtf8(first))
                                 .captured(1);
        QVERIFY(!port.isEmpty());
        const QStringList joinArgs {QStringLiteral("net-join"),       script(),
                                    QStringLiteral("--port"),         port,
                                    QStringLiteral("--random"),       QStringLiteral("2"),
                                    QStringLiteral("--max-commands"), QStringLiteral("40"),
                                    QStringLiteral("--save"),         joinFile};
        QProcess join;
        join.start(cli(),
                   joinArgs + QStringList {QStringLiteral("--delay"), QStringLiteral("150")});
        // Killed once its autosave holds a few commands.
        QVERIFY(QTest::qWaitFor(
            [&] {
                QFile f(joinFile);
                return f.open(QIODevice::ReadOnly)
                    && QJsonDocument::fromJson(f.readAll())
                           .object()
                           .value(QStringLiteral("commands"))
                           .toArray()
                           .size()
                    >= 3;
            },
            60000));
        join.kill();
        QVERIFY(join.waitForFinished(10000));
        QProcess again;
        again.start(cli(), joinArgs + QStringList {QStringLiteral("--resume"), joinFile});
        QVERIFY(again.waitForFinished(120000));
        QVERIFY(host.waitForFinished(30000));
        QVERIFY2(again.exitCode() == 0, again.readAllStandardError().constData());
        QVERIFY2(host.exitCode() == 0, host.readAllStandardError().constData());
        QFile a(hostFile), b(joinFile);
        QVERIFY(a.open(QIODevice::ReadOnly));
        QVERIFY(b.open(QIODevice::ReadOnly));
        QCOMPARE(gameOnly(a.readAll()), gameOnly(b.readAll()));
        QCOMPARE(run({QStringLiteral("game"), hostFile, QStringLiteral("--verify")}), 0);
    }

    void twoProcessesPlay()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString hostFile = dir.filePath(QStringLiteral("host.jwgame"));
        const QString joinFile = dir.filePath(QStringLiteral("join.jwgame"));
        QProcess host;
        host.setProcessChannelMode(QProcess::SeparateChannels);
        host.start(cli(),
                   {QStringLiteral("net-host"), script(), QStringLiteral("--port"),
                    QStringLiteral("0"), QStringLiteral("--random"), QStringLiteral("1"),
                    QStringLiteral("--max-commands"), QStringLiteral("60"),
                    QStringLiteral("--save"), hostFile});
        QVERIFY(host.waitForStarted());
        // The port it chose, from its first line.
        QByteArray first;
        QVERIFY(QTest::qWaitFor(
            [&] {
                host.waitForReadyRead(100);
                first += host.readAllStandardOutput();
                return first.contains('\n') || host.state() == QProcess::NotRunning;
            },
            20000));
        const QRegularExpressionMatch m
            = QRegularExpression(QStringLiteral("listening on port (\\d+)"))
                  .match(QString::fromUtf8(first));
        QVERIFY2(m.hasMatch(), first.constData());
        QProcess join;
        join.start(cli(),
                   {QStringLiteral("net-join"), script(), QStringLiteral("--host"),
                    QStringLiteral("127.0.0.1"), QStringLiteral("--port"), m.captured(1),
                    QStringLiteral("--random"), QStringLiteral("2"),
                    QStringLiteral("--max-commands"), QStringLiteral("60"),
                    QStringLiteral("--save"), joinFile});
        QVERIFY(join.waitForFinished(120000));
        QVERIFY(host.waitForFinished(30000));
        QVERIFY2(join.exitCode() == 0, join.readAllStandardError().constData());
        QVERIFY2(host.exitCode() == 0, host.readAllStandardError().constData());

        QFile a(hostFile), b(joinFile);
        QVERIFY(a.open(QIODevice::ReadOnly));
        QVERIFY(b.open(QIODevice::ReadOnly));
        const QByteArray bytes = a.readAll();
        const QByteArray joinBytes = b.readAll();
        // The same game; each file also says which side its process played (`network`).
        QJsonObject game = QJsonDocument::fromJson(bytes).object();
        QJsonObject joined = QJsonDocument::fromJson(joinBytes).object();
        QCOMPARE(game.value(QStringLiteral("network")).toObject(),
                 (QJsonObject {{QStringLiteral("local_player"), 0},
                               {QStringLiteral("role"), QStringLiteral("host")},
                               {QStringLiteral("port"), m.captured(1).toInt()}}));
        QCOMPARE(joined.value(QStringLiteral("network")).toObject(),
                 (QJsonObject {{QStringLiteral("local_player"), 1},
                               {QStringLiteral("role"), QStringLiteral("join")},
                               {QStringLiteral("address"), QStringLiteral("127.0.0.1")},
                               {QStringLiteral("port"), m.captured(1).toInt()}}));
        game.remove(QStringLiteral("network"));
        joined.remove(QStringLiteral("network"));
        QCOMPARE(game, joined);
        {
            const GameFile::Loaded h = GameFile::parse(bytes, QStringLiteral("host.jwgame"));
            QVERIFY2(h.game, qPrintable(h.error));
            QVERIFY(h.game->network());
            QCOMPARE(h.game->network()->localPlayer, 0);
            QVERIFY(h.game->network()->host);
            QCOMPARE(int(h.game->network()->port), m.captured(1).toInt());
            // Written back as read.
            QCOMPARE(GameFile::serialize(*h.game), bytes);
            // Read strictly: each malformed `network` refuses the file with why.
            const QList<QPair<QJsonValue, QString>> bad {
                {QJsonValue(3), QStringLiteral("network: 'local_player'")},
                {QJsonObject {{QStringLiteral("local_player"), 2},
                              {QStringLiteral("role"), QStringLiteral("host")}},
                 QStringLiteral("network: 'local_player' (0 or 1)")},
                {QJsonObject {{QStringLiteral("local_player"), 0},
                              {QStringLiteral("role"), QStringLiteral("watch")}},
                 QStringLiteral("role' (host or join)")},
                {QJsonObject {{QStringLiteral("local_player"), 0},
                              {QStringLiteral("role"), QStringLiteral("host")},
                              {QStringLiteral("side"), 0}},
                 QStringLiteral("network: unknown field 'side'")},
                {QJsonObject {{QStringLiteral("local_player"), 1},
                              {QStringLiteral("role"), QStringLiteral("join")},
                              {QStringLiteral("port"), 70000}},
                 QStringLiteral("'port' must be")},
                {QJsonObject {{QStringLiteral("local_player"), 1},
                              {QStringLiteral("role"), QStringLiteral("join")},
                              {QStringLiteral("address"), QStringLiteral("a b")}},
                 QStringLiteral("'address'")},
                {QJsonObject {{QStringLiteral("local_player"), 0},
                              {QStringLiteral("role"), QStringLiteral("host")},
                              {QStringLiteral("address"), QStringLiteral("10.0.0.1")}},
                 QStringLiteral("for a joiner only")},
            };
            for (const auto &[value, why] : bad) {
                QJsonObject root = QJsonDocument::fromJson(bytes).object();
                root.insert(QStringLiteral("network"), value);
                const GameFile::Loaded l
                    = GameFile::parse(QJsonDocument(root).toJson(), QStringLiteral("x.jwgame"));
                QVERIFY(!l.game);
                QVERIFY2(l.error.startsWith(QStringLiteral("x.jwgame: network: "))
                             && l.error.contains(why),
                         qPrintable(l.error + QStringLiteral(" / ") + why));
            }
            // A file without it (an older version's) opens as before.
            QJsonObject root = QJsonDocument::fromJson(bytes).object();
            root.remove(QStringLiteral("network"));
            const GameFile::Loaded l
                = GameFile::parse(QJsonDocument(root).toJson(), QStringLiteral("old.jwgame"));
            QVERIFY2(l.game, qPrintable(l.error));
            QVERIFY(!l.game->network());
        }
        QVERIFY(game.value(QStringLiteral("commands")).toArray().size() >= 2);
        QVERIFY(game.value(QStringLiteral("dice_exchanges")).toArray().size() >= 2);

        QByteArray out;
        QCOMPARE(run({QStringLiteral("game"), hostFile, QStringLiteral("--verify")}, &out), 0);
        QVERIFY2(out.contains("commit-reveal exchanges"), out.constData());
        // The file still opens as any saved game.
        QCOMPARE(run({QStringLiteral("game"), hostFile}), 0);

        // One revealed nonce changed: it no longer matches its commitment (exit 1). (Not the
        // other side's nonce: an exchange that drew one die gives the same face with a
        // changed nonce_b one time in six, and then the file rightly verifies.)
        QJsonObject tampered = game;
        QJsonArray exchanges = tampered.value(QStringLiteral("dice_exchanges")).toArray();
        QJsonObject x = exchanges.last().toObject();
        QString nonce = x.value(QStringLiteral("nonce_a")).toString();
        nonce[0] = nonce[0] == QLatin1Char('0') ? QLatin1Char('1') : QLatin1Char('0');
        x.insert(QStringLiteral("nonce_a"), nonce);
        exchanges.replace(exchanges.size() - 1, x);
        tampered.insert(QStringLiteral("dice_exchanges"), exchanges);
        const QString bad = dir.filePath(QStringLiteral("bad.jwgame"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(tampered).toJson());
        f.close();
        QCOMPARE(run({QStringLiteral("game"), bad, QStringLiteral("--verify")}, &out), 1);
        QVERIFY2(out.contains("does not verify"), out.constData());
        // A malformed exchange: bad input (exit 2).
        x.insert(QStringLiteral("nonce_b"), QStringLiteral("xyz"));
        exchanges.replace(exchanges.size() - 1, x);
        tampered.insert(QStringLiteral("dice_exchanges"), exchanges);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QJsonDocument(tampered).toJson());
        f.close();
        QCOMPARE(run({QStringLiteral("game"), bad, QStringLiteral("--verify")}), 2);
    }
};

QTEST_GUILESS_MAIN(TestNetPlay)
#include "tst_netplay.moc"
