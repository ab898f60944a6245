// Headless peers (docs/network.md): two jwfleet-cli processes play a game over
// loopback, one hosting and one joining; both saved games are the same and every
// die verifies (`jwfleet-cli game FILE --verify`).
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

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
        QCOMPARE(bytes, b.readAll());
        const QJsonObject game = QJsonDocument::fromJson(bytes).object();
        QVERIFY(game.value(QStringLiteral("commands")).toArray().size() >= 2);
        QVERIFY(game.value(QStringLiteral("dice_exchanges")).toArray().size() >= 2);

        QByteArray out;
        QCOMPARE(run({QStringLiteral("game"), hostFile, QStringLiteral("--verify")}, &out), 0);
        QVERIFY2(out.contains("commit-reveal exchanges"), out.constData());
        // The file still opens as any saved game.
        QCOMPARE(run({QStringLiteral("game"), hostFile}), 0);

        // One nonce changed: its dice no longer verify (exit 1).
        QJsonObject tampered = game;
        QJsonArray exchanges = tampered.value(QStringLiteral("dice_exchanges")).toArray();
        QJsonObject x = exchanges.last().toObject();
        QString nonce = x.value(QStringLiteral("nonce_b")).toString();
        nonce[0] = nonce[0] == QLatin1Char('0') ? QLatin1Char('1') : QLatin1Char('0');
        x.insert(QStringLiteral("nonce_b"), nonce);
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
