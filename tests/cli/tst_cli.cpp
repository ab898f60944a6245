// SPDX-License-Identifier: GPL-3.0-or-later
// jwfleet-cli as scripts see it: output, JSON shapes and exit codes.
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <tuple>

namespace {

struct Run
{
    int code = -1;
    QString out;
    QString err;
    [[nodiscard]] QJsonDocument json() const { return QJsonDocument::fromJson(out.toUtf8()); }
};

// Never the tester's own user data file (printed-card values): none, or the
// folder `userData` (JW_USER_DATA).
Run cli(const QStringList &args, const QString &userData = {})
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("JW_USER_DATA"));
    if (userData.isEmpty())
        env.insert(QStringLiteral("JW_NO_USER_DATA"), QStringLiteral("1"));
    else
        env.insert(QStringLiteral("JW_USER_DATA"), userData);
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(JW_CLI_PATH), args);
    // 10 minutes: ai-match's two games take about 10 s, and ten times that under the
    // sanitizers (scripts/sanitize); a hang still ends here.
    if (!p.waitForFinished(600000))
        qFatal("jwfleet-cli did not finish");
    return Run {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
                QString::fromUtf8(p.readAllStandardOutput()),
                QString::fromUtf8(p.readAllStandardError())};
}

// A script in `dir` (a game of Dave's Alexander and Pathfinder against Eve's
// Shan-Yu unless `players` says otherwise) with these commands.
QString writeScript(const QTemporaryDir &dir, const QString &name, const QByteArray &body)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    f.write(body);
    return path;
}

const QByteArray introductory = R"(scenario: introductory
turns: 1
initiative: 0
dice: [4, 4]
players:
  - name: Dave
    fleet: {faction: jovian, points: 250, units: [{unit: alexander}, {unit: pathfinder}]}
  - name: Eve
    fleet: {faction: venusian, points: 250, units: [{unit: shan-yu}]}
commands:
)";
const QByteArray deployed = introductory + R"(  - deploy: {model: Alexander, x: 10, y: 42}
  - deploy: {model: Shan-Yu, x: 40, y: 6, facing: 180}
  - deploy: {model: Pathfinder, x: 16, y: 44}
)";

// `play --json --legal`: the run and its "legal" object.
std::pair<Run, QJsonObject> legalOf(const QString &script)
{
    const Run r = cli(
        {QStringLiteral("play"), QStringLiteral("--json"), QStringLiteral("--legal"), script});
    return {r, r.json().object().value(QStringLiteral("legal")).toObject()};
}

QSet<QString> commandIds(const QJsonObject &legal)
{
    QSet<QString> ids;
    for (const QJsonValue &c : legal.value(QStringLiteral("commands")).toArray())
        ids.insert(c.toObject().value(QStringLiteral("command")).toString());
    return ids;
}

// Every command `legal` offers, appended to the script in its JSON form, is
// accepted (the script plays to the end): legality and resolution agree.
void verifyEachOfferedIsAccepted(const QTemporaryDir &dir, const QByteArray &script,
                                 const QJsonObject &legal)
{
    const QJsonArray commands = legal.value(QStringLiteral("commands")).toArray();
    QVERIFY(!commands.isEmpty());
    for (const QJsonValue &c : commands) {
        const QByteArray line = QJsonDocument(c.toObject()).toJson(QJsonDocument::Compact);
        const Run r
            = cli({QStringLiteral("play"), QStringLiteral("--quiet"),
                   writeScript(dir, QStringLiteral("each.yaml"), script + "  - " + line + "\n")});
        QVERIFY2(r.code == 0, qPrintable(QString::fromUtf8(line) + QLatin1Char(' ') + r.err));
    }
}

} // namespace

class TestCli : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void help()
    {
        const Run r = cli({QStringLiteral("--help")});
        QCOMPARE(r.code, 0);
        for (const char *cmd : {"units", "unit ID", "roll POOL", "odds POOL", "check-data"})
            QVERIFY2(r.out.contains(QString::fromLatin1(cmd)), cmd);
        QVERIFY(r.out.contains(QStringLiteral("Exit status")));
        const Run sub = cli({QStringLiteral("roll"), QStringLiteral("--help")});
        QCOMPARE(sub.code, 0);
        QVERIFY(sub.out.startsWith(QStringLiteral("Usage: jwfleet-cli roll POOL")));
        QVERIFY(sub.out.contains(QStringLiteral("--macro-dice")));
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("no command") << QStringList {};
        QTest::newRow("unknown command") << QStringList {QStringLiteral("fly")};
        QTest::newRow("unknown option")
            << QStringList {QStringLiteral("units"), QStringLiteral("--colour")};
        QTest::newRow("bad pool") << QStringList {QStringLiteral("roll"), QStringLiteral("3X")};
        QTest::newRow("dice count")
            << QStringList {QStringLiteral("roll"), QStringLiteral("3B+1F"),
                            QStringLiteral("--dice"), QStringLiteral("4,4,5")};
        QTest::newRow("bad face") << QStringList {QStringLiteral("roll"), QStringLiteral("2B"),
                                                  QStringLiteral("--dice"), QStringLiteral("4,7")};
        QTest::newRow("unknown unit")
            << QStringList {QStringLiteral("unit"), QStringLiteral("nope")};
        QTest::newRow("unknown faction") << QStringList {
            QStringLiteral("units"), QStringLiteral("--faction"), QStringLiteral("martian")};
        QTest::newRow("missing file")
            << QStringList {QStringLiteral("check-data"), QStringLiteral("/nonexistent.yaml")};
    }
    // play --as PLAYER: the v1.2.4 secret information hidden from that player.
    void playAsPlayer()
    {
        QTemporaryDir dir;
        const QString script = dir.filePath(QStringLiteral("secret.yaml"));
        QFile f(script);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"(rules: v1.2.4
initiative: 0
seed: 4
players:
  - name: Dave
    fleet: {faction: jovian, points: 250, units: [{unit: valiant}, {unit: pathfinder}]}
  - name: Eve
    fleet: {faction: venusian, points: 250, units: [{unit: shan-yu}]}
start:
  phase: deployment
  models:
    - {model: Valiant, x: 28, y: 40}
    - {model: Shan-Yu, x: 24, y: 6, facing: 180}
commands:
  - embark: {model: Pathfinder, carrier: Valiant}
)");
        f.close();
        const Run eve = cli({QStringLiteral("play"), QStringLiteral("--json"),
                             QStringLiteral("--as"), QStringLiteral("1"), script});
        QCOMPARE(eve.code, 0);
        const QJsonObject hidden = eve.json()
                                       .object()
                                       .value(QStringLiteral("state"))
                                       .toObject()
                                       .value(QStringLiteral("models"))
                                       .toArray()[1]
                                       .toObject();
        QCOMPARE(hidden.value(QStringLiteral("hidden")).toBool(), true);
        QVERIFY(!eve.out.contains(QStringLiteral("Pathfinder")));
        const Run dave = cli({QStringLiteral("play"), QStringLiteral("--quiet"),
                              QStringLiteral("--as"), QStringLiteral("0"), script});
        QCOMPARE(dave.code, 0);
        QVERIFY(dave.out.contains(QStringLiteral("Pathfinder")));
        const Run text = cli({QStringLiteral("play"), QStringLiteral("--quiet"),
                              QStringLiteral("--as"), QStringLiteral("1"), script});
        QVERIFY(text.out.contains(QStringLiteral("hidden (player 0's")));
        const Run bad
            = cli({QStringLiteral("play"), QStringLiteral("--as"), QStringLiteral("2"), script});
        QCOMPARE(bad.code, 2);
    }
    // Inputs that once aborted or crashed jwfleet-cli (issue 14): each is a
    // clear error with its place, and exit 2.
    void badInputIsAnError_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("error");
        const QByteArray players = "players:\n"
                                   "  - {name: Dave, fleet: {faction: jovian, points: 250, units: "
                                   "[{unit: valiant}]}}\n"
                                   "  - {name: Eve, fleet: {faction: venusian, points: 250, units: "
                                   "[{unit: shan-yu}]}}\n";
        auto row = [](const char *name, const char *command, const QByteArray &content,
                      const char *error) {
            QTest::newRow(name) << QString::fromLatin1(command) << content
                                << QString::fromLatin1(error);
        };
        row("scalar leg", "play", players + "commands:\n  - move: {legs: [{forward: 5}, 7]}\n",
            "bad.yaml:5:33: error: a leg must be a map of keys to values");
        row("start id past the fleets", "play",
            players
                + "terrain:\n  - {kind: large-asteroid, x: 24, y: 24, diameter: 3}\n"
                  "start:\n  models:\n    - {model: 2147483647, x: 1, y: 1}\n",
            "bad.yaml:8:15: error: no model 2147483647 (0 to 1)");
        QByteArray bomb = "  a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
        for (char c = 'b'; c <= 'i'; ++c)
            bomb += QByteArray("  ") + c + ": &" + c + " [*" + char(c - 1) + ", *" + char(c - 1)
                + ", *" + char(c - 1) + ", *" + char(c - 1) + ", *" + char(c - 1) + "]\n";
        row("alias bomb in expect", "play", players + "expect:\n" + bomb,
            "bad.yaml:5:6: error: anchors (&name) are not accepted");
        row("anchor in terrain", "play",
            players
                + "terrain:\n  - kind: large-asteroid\n    x: 1\n    y: 1\n    diameter: 1\n"
                  "    name: &a Rock\n",
            "bad.yaml:9:11: error: anchors (&name) are not accepted");
        row("recursive alias in a fleet", "validate",
            "faction: jovian\npoints: 250\nunits: &u [*u]\n",
            "bad.yaml:3:8: error: anchors (&name) are not accepted");
    }

    void badInputIsAnError()
    {
        QFETCH(QString, command);
        QFETCH(QByteArray, content);
        QFETCH(QString, error);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.yaml"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content);
        f.close();
        const Run r = cli({command, path});
        QCOMPARE(r.code, 2);
        const QString all = r.err + r.out;
        QVERIFY2(all.contains(error), qPrintable(all));
    }

    // A saved game with a die face outside 1..6 (issue 14: it aborted with
    // std::invalid_argument): 'game' says which command and which die.
    void savedGameWithBadDie()
    {
        QTemporaryDir dir;
        const QString saved = dir.filePath(QStringLiteral("g.jwgame"));
        const Run play = cli({QStringLiteral("play"), QStringLiteral("--quiet"),
                              QStringLiteral("--save"), saved,
                              qEnvironmentVariable("JW_SOURCE_DIR")
                                  + QStringLiteral("/tests/engine/scripts/armor-example.yaml")});
        QCOMPARE(play.code, 0);
        QFile f(saved);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
        f.close();
        QJsonArray commands = root.value(QStringLiteral("commands")).toArray();
        int rolled = -1;
        for (int i = 0; i < commands.size() && rolled < 0; ++i)
            if (!commands[i].toObject().value(QStringLiteral("dice")).toArray().isEmpty())
                rolled = i;
        QVERIFY(rolled >= 0);
        QJsonObject c = commands[rolled].toObject();
        QJsonArray dice = c.value(QStringLiteral("dice")).toArray();
        dice[0] = 7;
        c.insert(QStringLiteral("dice"), dice);
        commands[rolled] = c;
        root.insert(QStringLiteral("commands"), commands);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QJsonDocument(root).toJson());
        f.close();
        const Run r = cli({QStringLiteral("game"), saved});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("g.jwgame: command %1 (").arg(rolled + 1)),
                 qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("die 1 shows 7: a die shows 1 to 6")),
                 qPrintable(r.err));
    }

    // Output to a FIFO is written through it; a folder is refused; neither is
    // replaced by a regular file (issue 14).
    void exportToSpecialFiles()
    {
        QTemporaryDir dir;
        const QString fleet = qEnvironmentVariable("JW_SOURCE_DIR")
            + QStringLiteral("/data/fleets/io-patrol.jwfleet");
        const Run folder = cli({QStringLiteral("export"), fleet, QStringLiteral("-o"), dir.path()});
        QCOMPARE(folder.code, 2);
        QVERIFY2(folder.err.contains(QStringLiteral("it is a folder")), qPrintable(folder.err));
        QVERIFY(QFileInfo(dir.path()).isDir());
        const Run null = cli(
            {QStringLiteral("export"), fleet, QStringLiteral("-o"), QStringLiteral("/dev/null")});
        QCOMPARE(null.code, 0);
        QVERIFY(!QFileInfo(QStringLiteral("/dev/null")).isFile());
    }

    void usageErrors()
    {
        QFETCH(QStringList, args);
        const Run r = cli(args);
        QCOMPARE(r.code, 2);
        QVERIFY(!r.err.isEmpty());
    }

    void unitsJson()
    {
        const Run r = cli({QStringLiteral("units"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonArray units = r.json().array();
        QVERIFY(units.size() >= 24);
        for (const QJsonValue &v : units) {
            const QJsonObject o = v.toObject();
            for (const char *key : {"id", "name", "faction", "type", "tv"})
                QVERIFY2(o.contains(QLatin1String(key)), key);
            QVERIFY(QStringList({QStringLiteral("capital"), QStringLiteral("exo-armor"),
                                 QStringLiteral("fighter")})
                        .contains(o.value(QStringLiteral("type")).toString()));
        }
        const Run v = cli({QStringLiteral("units"), QStringLiteral("--faction"),
                           QStringLiteral("venusian"), QStringLiteral("--json")});
        QCOMPARE(v.code, 0);
        QVERIFY(v.json().array().size() >= 8);
        for (const QJsonValue &u : v.json().array())
            QCOMPARE(u.toObject().value(QStringLiteral("faction")).toString(),
                     QStringLiteral("venusian"));
    }

    void unitText()
    {
        const Run r = cli({QStringLiteral("unit"), QStringLiteral("shan-yu")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.startsWith(QStringLiteral("Shan-Yu")));
        QVERIFY(r.out.contains(QStringLiteral("1 2 3 4 4 5 5")));
        QVERIFY(r.out.contains(QStringLiteral("Hangers: 2")));
    }

    // A unit id or name mistyped: exit 2 with the unit most likely meant, by its id or its name
    // (a few letters wrong, the case and punctuation ignored); nothing offered when nothing is
    // close. The cards command says the same.
    void unitSuggestsTheClosestName()
    {
        const QList<std::pair<QString, QString>> typos {
            {QStringLiteral("valient"), QStringLiteral("valiant")},
            {QStringLiteral("Shan Yu"), QStringLiteral("shan-yu")},
            {QStringLiteral("shanyu"), QStringLiteral("shan-yu")},
            {QStringLiteral("javelinn"), QStringLiteral("javelin")},
            {QStringLiteral("ALEXANDR"), QStringLiteral("alexander")},
        };
        for (const auto &[typed, meant] : typos) {
            const Run r = cli({QStringLiteral("unit"), typed});
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains(
                         QStringLiteral("no unit '%1' (did you mean '%2'?)").arg(typed, meant)),
                     qPrintable(r.err));
        }
        const Run far = cli({QStringLiteral("unit"), QStringLiteral("battlestar-galactica")});
        QCOMPARE(far.code, 2);
        QVERIFY2(!far.err.contains(QStringLiteral("did you mean")), qPrintable(far.err));
        const Run cards = cli({QStringLiteral("cards"), QStringLiteral("--units"),
                               QStringLiteral("valiant,valient"), QStringLiteral("-o"),
                               QDir::temp().filePath(QStringLiteral("jw-closest.pdf"))});
        QCOMPARE(cards.code, 2);
        QVERIFY2(cards.err.contains(QStringLiteral("(did you mean 'valiant'?)")),
                 qPrintable(cards.err));
    }

    void unitJson()
    {
        const Run r
            = cli({QStringLiteral("unit"), QStringLiteral("shan-yu"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonObject o = r.json().object();
        QCOMPARE(o.value(QStringLiteral("tv")).toInt(), 111);
        QCOMPARE(o.value(QStringLiteral("type")).toString(), QStringLiteral("capital"));
        QCOMPARE(o.value(QStringLiteral("defense")).toArray().size(), 7);
        QCOMPARE(o.value(QStringLiteral("weapons")).toArray().size(), 4);
        QCOMPARE(o.value(QStringLiteral("weapons"))
                     .toArray()[1]
                     .toObject()
                     .value(QStringLiteral("count"))
                     .toInt(),
                 4);
        QCOMPARE(o.value(QStringLiteral("armor")).toObject().value(QStringLiteral("fore")).toInt(),
                 1);
    }

    // The rulebook's examples through the command line.
    // play --legal, Deployment Phase: who deploys what, where; the text output
    // ends with the same JSON; without --legal the JSON has no "legal" field.
    void playLegalDeployment()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("deploy.yaml"), introductory);
        const auto [r, legal] = legalOf(script);
        QCOMPARE(r.code, 0);
        QCOMPARE(legal.value(QStringLiteral("player")).toInt(), 0);
        // Fleet Deployment: the Capital Ship first, not the Pathfinder.
        QCOMPARE(legal.value(QStringLiteral("deployable")).toArray(), QJsonArray {0});
        QCOMPARE(legal.value(QStringLiteral("deployment_zone")).toObject(),
                 (QJsonObject {{QStringLiteral("x"), 0},
                               {QStringLiteral("y"), 36},
                               {QStringLiteral("width"), 48},
                               {QStringLiteral("height"), 12}}));
        for (const char *key : {"move", "launch", "decision"})
            QVERIFY2(legal.value(QLatin1String(key)).isNull(), key);
        QCOMPARE(legal.value(QStringLiteral("deployment_beacons")).toArray(), QJsonArray {});
        QVERIFY(legal.value(QStringLiteral("refused")).isArray());

        const Run text = cli({QStringLiteral("play"), QStringLiteral("--legal"), script});
        QCOMPARE(text.code, 0);
        QVERIFY(text.out.contains(QStringLiteral("Turn 1, deployment phase")));
        const qsizetype at = text.out.indexOf(QStringLiteral("Legal commands (JSON):\n"));
        QVERIFY(at > 0);
        QCOMPARE(QJsonDocument::fromJson(text.out.mid(at + 23).toUtf8()).object(), legal);

        const Run plain = cli({QStringLiteral("play"), QStringLiteral("--json"), script});
        QCOMPARE(plain.code, 0);
        QVERIFY(!plain.json().object().contains(QStringLiteral("legal")));
        QVERIFY(!cli({QStringLiteral("play"), script}).out.contains(QStringLiteral("Legal")));
    }

    // Activation Phase, no model active: an activation per model and Action, each
    // in the saved-game form, which a script takes back as it is.
    void playLegalActivation()
    {
        QTemporaryDir dir;
        const auto [r, legal] = legalOf(writeScript(dir, QStringLiteral("a.yaml"), deployed));
        QCOMPARE(r.code, 0);
        QCOMPARE(legal.value(QStringLiteral("player")).toInt(), 0);
        QCOMPARE(commandIds(legal), QSet<QString> {QStringLiteral("activate")});
        const QJsonArray commands = legal.value(QStringLiteral("commands")).toArray();
        const QJsonObject withdraw {{QStringLiteral("command"), QStringLiteral("activate")},
                                    {QStringLiteral("model"), 0},
                                    {QStringLiteral("action"), QStringLiteral("withdraw")}};
        QVERIFY(commands.contains(withdraw));
        QVERIFY(
            commands.contains(QJsonObject {{QStringLiteral("command"), QStringLiteral("activate")},
                                           {QStringLiteral("model"), 1}}));
        QVERIFY(legal.value(QStringLiteral("deployable")).toArray().isEmpty());
        QVERIFY(legal.value(QStringLiteral("deployment_zone")).isNull());
        QVERIFY(legal.value(QStringLiteral("move")).isNull());
        // Refused Actions, each with its rule and reason (the Alexander may not ram).
        bool ramming = false;
        for (const QJsonValue &v : legal.value(QStringLiteral("refused")).toArray()) {
            const QJsonObject o = v.toObject();
            QVERIFY(!o.value(QStringLiteral("rule")).toString().isEmpty());
            QVERIFY(!o.value(QStringLiteral("message")).toString().isEmpty());
            ramming |= o.value(QStringLiteral("command")).toObject()
                    == QJsonObject {{QStringLiteral("command"), QStringLiteral("activate")},
                                    {QStringLiteral("model"), 0},
                                    {QStringLiteral("action"), QStringLiteral("ramming-speed")}}
                && o.value(QStringLiteral("rule")).toString().startsWith(QStringLiteral("Ramming"));
        }
        QVERIFY(ramming);
        // Pasted back into the script (one JSON line), the offered command is accepted.
        const QByteArray line
            = "  - " + QJsonDocument(withdraw).toJson(QJsonDocument::Compact) + "\n";
        const Run pasted = cli({QStringLiteral("play"), QStringLiteral("--json"),
                                writeScript(dir, QStringLiteral("b.yaml"), deployed + line)});
        QCOMPARE(pasted.code, 0);
        const QJsonObject activation = pasted.json()
                                           .object()
                                           .value(QStringLiteral("state"))
                                           .toObject()
                                           .value(QStringLiteral("activation"))
                                           .toObject();
        QCOMPARE(activation.value(QStringLiteral("model")).toInt(), 0);
        QCOMPARE(activation.value(QStringLiteral("action")).toString(), QStringLiteral("withdraw"));
        // A command in that form with a bad value is bad input, at its line.
        const Run bad = cli({QStringLiteral("play"),
                             writeScript(dir, QStringLiteral("c.yaml"),
                                         deployed + "  - {command: activate, model: nan}\n")});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains(QStringLiteral("c.yaml:14:5: error")), qPrintable(bad.err));
    }

    // A model in the middle of its move: its limits, and how to go on.
    void playLegalMidMove()
    {
        QTemporaryDir dir;
        const auto [r, legal] = legalOf(
            writeScript(dir, QStringLiteral("m.yaml"),
                        deployed + "  - activate: {model: Alexander}\n  - move: {forward: 3}\n"));
        QCOMPARE(r.code, 0);
        const QJsonObject move = legal.value(QStringLiteral("move")).toObject();
        QCOMPARE(move.value(QStringLiteral("model")).toInt(), 0);
        QCOMPARE(move.value(QStringLiteral("moved")).toDouble(), 3.0);
        QVERIFY(move.value(QStringLiteral("minimum")).toDouble() > 0);
        QVERIFY(move.value(QStringLiteral("maximum")).toDouble() > 3.0);
        QVERIFY(move.value(QStringLiteral("turns_left")).isDouble());
        QVERIFY(move.value(QStringLiteral("needs_skill_test_to_turn")).isBool());
        QVERIFY(commandIds(legal).contains(QStringLiteral("move")));
        QVERIFY(!commandIds(legal).contains(QStringLiteral("activate")));
        // 3" of its 4" minimum (Speed 7 - Thrusters 3): ending the activation is not
        // offered (tst_legality found it offered and refused), the rest is accepted.
        QCOMPARE(move.value(QStringLiteral("minimum")).toDouble(), 4.0);
        QVERIFY(!commandIds(legal).contains(QStringLiteral("end-activation")));
        const QByteArray movedThree
            = deployed + "  - activate: {model: Alexander}\n  - move: {forward: 3}\n";
        verifyEachOfferedIsAccepted(dir, movedThree, legal);
        QCOMPARE(
            cli({QStringLiteral("play"),
                 writeScript(dir, QStringLiteral("e.yaml"), movedThree + "  - end-activation\n")})
                .code,
            1);
        const auto [four, afterFour] = legalOf(
            writeScript(dir, QStringLiteral("f.yaml"), movedThree + "  - move: {forward: 1}\n"));
        QCOMPARE(four.code, 0);
        QVERIFY(commandIds(afterFour).contains(QStringLiteral("end-activation")));
    }

    // Withdraw is offered once the ship is 6" clear of the enemy, not before
    // (tst_legality found it offered and refused).
    void playLegalWithdraw()
    {
        QTemporaryDir dir;
        const QByteArray close = R"(initiative: 0
players:
  - name: Dave
    fleet: {faction: jovian, points: 250, units: [{unit: alexander}]}
  - name: Eve
    fleet: {faction: venusian, points: 250, units: [{unit: shan-yu}]}
start:
  phase: activation
  models:
    - {model: Alexander, x: 24, y: 30}
    - {model: Shan-Yu, x: 24, y: 22, facing: 180}
commands:
  - activate: {model: Alexander, action: withdraw}
)";
        const QJsonObject withdraw {{QStringLiteral("command"), QStringLiteral("resolve-action")}};
        const auto [r, legal] = legalOf(writeScript(dir, QStringLiteral("w.yaml"), close));
        QCOMPARE(r.code, 0);
        QVERIFY(!legal.value(QStringLiteral("commands")).toArray().contains(withdraw));
        QByteArray clear = close;
        clear.replace("x: 24, y: 22", "x: 24, y: 4");
        const auto [c, legalClear] = legalOf(writeScript(dir, QStringLiteral("c.yaml"), clear));
        QCOMPARE(c.code, 0);
        QVERIFY(legalClear.value(QStringLiteral("commands")).toArray().contains(withdraw));
    }

    // Engage Point Defense is offered while Fire Control is left, Interception
    // while the squadron may intercept, Mine the Comet with a working Lance: not
    // after three attacks spent the Alexander's, nor once the Pathfinder Returns
    // to Base (it stopped Assaulting by declaring another Action), nor to a
    // Wyvern. tst_legality found each offered and refused.
    void playLegalResolveChecks_data()
    {
        QTest::addColumn<QByteArray>("script");
        QTest::addColumn<QByteArray>("command");
        QTest::addColumn<QString>("rule");
        QTest::newRow("engage point defense") << QByteArray(R"(initiative: 0
seed: 2
auto: true
players:
  - name: Dave
    fleet: {faction: jovian, points: 250, units: [{unit: alexander}]}
  - name: Eve
    fleet: {faction: cega, points: 250, units: [{unit: uller}, {unit: wyvern}]}
start:
  phase: activation
  models:
    - {model: Alexander, x: 24, y: 34}
    - {model: Uller, x: 24, y: 24, facing: 180}
    - {model: Wyvern, x: 30, y: 33}
commands:
  - activate: {model: Alexander, action: engage-point-defense}
  - attack: {weapon: 0, target: Uller}
  - attack: {weapon: 1, target: Uller}
  - attack: {weapon: 2, target: Uller}
)") << QByteArray("{\"command\": \"resolve-action\"}")
                                              << QStringLiteral("Action › Engage Point Defense");
        QTest::newRow("interception") << QByteArray(R"(initiative: 0
players:
  - name: Dave
    fleet: {faction: jovian, points: 250, units: [{unit: pathfinder}]}
  - name: Eve
    fleet: {faction: cega, points: 250, units: [{unit: uller}, {unit: wyvern}]}
start:
  phase: activation
  models:
    - {model: Pathfinder, x: 25.5774, y: 24, states: [assaulting], assaulting: Uller}
    - {model: Uller, x: 24, y: 24, facing: 0}
    - {model: Wyvern, x: 30, y: 24}
commands:
  - activate: {model: Pathfinder, action: interception}
)") << QByteArray("{\"command\": \"resolve-action\", \"target\": 2}")
                                      << QStringLiteral("Action › Interception");
        // Water Raid: Mine the Comet needs a working Lance (a Wyvern has none).
        QTest::newRow("mine the comet") << QByteArray(R"(scenario: water-raid
attacker: 1
auto: true
seed: 3
players:
  - name: Dave
    fleet: {faction: cega, points: 300, units: [{unit: uller}, {unit: wyvern}]}
  - name: Eve
    fleet: {faction: venusian, points: 250, units: [{unit: shan-yu}]}
terrain:
  - {kind: comet, x: 24, y: 30, diameter: 3, tail: [[25.5, 30], [31, 27], [31, 33]], stationary: true}
start:
  phase: activation
  models:
    - {model: Uller, x: 10, y: 44}
    - {model: Wyvern, x: 24, y: 36}
    - {model: Shan-Yu, x: 24, y: 4, facing: 180}
commands:
  - activate: Shan-Yu
  - move: {forward: 4}
  - end-activation
  - activate: {model: Wyvern, action: initiate-assault}
  - move: {path: [[24, 31]]}
)") << QByteArray("{\"command\": \"resolve-action\", \"terrain\": 0}")
                                        << QStringLiteral("Water Raid › Mine the Comet");
    }
    void playLegalResolveChecks()
    {
        QFETCH(QByteArray, script);
        QFETCH(QByteArray, command);
        QFETCH(QString, rule);
        QTemporaryDir dir;
        const auto [r, legal] = legalOf(writeScript(dir, QStringLiteral("s.yaml"), script));
        QCOMPARE(r.code, 0);
        QVERIFY(!commandIds(legal).contains(QStringLiteral("resolve-action")));
        verifyEachOfferedIsAccepted(dir, script, legal);
        const Run sent
            = cli({QStringLiteral("play"),
                   writeScript(dir, QStringLiteral("t.yaml"), script + "  - " + command + "\n")});
        QCOMPARE(sent.code, 1);
        QVERIFY2(sent.err.contains(QStringLiteral("refused: ") + rule), qPrintable(sent.err));
    }

    // v1.2.4 secret information: the legal commands of the player to act, shown
    // to that player, name none of the other player's hidden models.
    void playLegalHidesSecrets()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("s.yaml"), R"(rules: v1.2.4
initiative: 1
seed: 4
players:
  - name: Dave
    fleet: {faction: jovian, points: 250, units: [{unit: valiant}, {unit: pathfinder}]}
  - name: Eve
    fleet: {faction: venusian, points: 250, units: [{unit: shan-yu}]}
start:
  phase: activation
  models:
    - {model: Valiant, x: 28, y: 30}
    - {model: Pathfinder, location: embarked, carrier: Valiant}
    - {model: Shan-Yu, x: 24, y: 20, facing: 180}
commands:
  - activate: Shan-Yu
)");
        const Run eve = cli({QStringLiteral("play"), QStringLiteral("--legal"),
                             QStringLiteral("--as"), QStringLiteral("1"), script});
        QCOMPARE(eve.code, 0);
        const qsizetype at = eve.out.indexOf(QStringLiteral("Legal commands (JSON):"));
        QVERIFY(at > 0);
        const QJsonObject legal = QJsonDocument::fromJson(eve.out.mid(at + 23).toUtf8()).object();
        QVERIFY(commandIds(legal).contains(QStringLiteral("attack")));
        for (const QJsonValue &c : legal.value(QStringLiteral("commands")).toArray())
            QVERIFY(c.toObject().value(QStringLiteral("target")).toInt(-1) != 1);
        QVERIFY(!eve.out.contains(QStringLiteral("Pathfinder")));
    }

    // A decision whose options are movements (Vector Attack): those options need
    // a path, so they are the decision's `paths`, not commands (tst_legality found
    // them offered without a path and refused); the other answers are accepted.
    void playLegalPathOptions()
    {
        QTemporaryDir dir;
        const QByteArray script = R"(initiative: 0
dice: [5, 5]
players:
  - name: Dave
    fleet: {faction: jovian, points: 250, units: [{unit: alexander}, {unit: javelin}, {unit: godfire}]}
  - name: Eve
    fleet: {faction: cega, points: 250, units: [{unit: uller}]}
start:
  phase: activation
  models:
    - {model: Alexander, x: 24, y: 40}
    - {model: Javelin, x: 20, y: 36}
    - {model: Godfire, x: 28, y: 36}
    - {model: Uller, x: 24, y: 6, facing: 180}
commands:
  - activate: {model: Alexander, action: vector-attack}
)";
        const auto [r, legal] = legalOf(writeScript(dir, QStringLiteral("v.yaml"), script));
        QCOMPARE(r.code, 0);
        const QJsonObject decision = legal.value(QStringLiteral("decision")).toObject();
        const QJsonArray paths = decision.value(QStringLiteral("paths")).toArray();
        QVERIFY(!paths.isEmpty());
        QSet<int> pathOptions;
        for (const QJsonValue &p : paths)
            pathOptions.insert(p.toObject().value(QStringLiteral("option")).toInt());
        for (const QJsonValue &c : legal.value(QStringLiteral("commands")).toArray())
            QVERIFY(!pathOptions.contains(c.toObject().value(QStringLiteral("option")).toInt(-1)));
        verifyEachOfferedIsAccepted(dir, script, legal);
    }

    // A pending decision: addressed to the other player, with its options; the
    // answers are the commands. With --as, only the player to act sees it.
    void playLegalDecision()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("d.yaml"), R"(initiative: 0
dice: [4, 4, 4, 1, 2, 3, 5, 6, 1, 2]
players:
  - name: Dave
    fleet: {faction: cega, points: 250, units: [{unit: wyvern}]}
  - name: Eve
    fleet: {faction: jovian, points: 250, units: [{unit: aegis}, {unit: pathfinder}]}
start:
  phase: activation
  models:
    - {model: Wyvern, x: 10, y: 30, lost: {structure: 4, fuel: 2}}
    - {model: Aegis, x: 10, y: 26, facing: 180}
    - {model: Pathfinder, x: 12, y: 31}
commands:
  - activate: {model: Wyvern}
  - attack: {weapon: 0, target: Aegis}
)");
        const auto [r, legal] = legalOf(script);
        QCOMPARE(r.code, 0);
        QCOMPARE(legal.value(QStringLiteral("player")).toInt(), 1);
        const QJsonObject decision = legal.value(QStringLiteral("decision")).toObject();
        QCOMPARE(decision,
                 r.json()
                     .object()
                     .value(QStringLiteral("state"))
                     .toObject()
                     .value(QStringLiteral("decision")));
        QCOMPARE(decision.value(QStringLiteral("player")).toInt(), 1);
        const int options = int(decision.value(QStringLiteral("options")).toArray().size());
        QVERIFY(options >= 2);
        QCOMPARE(commandIds(legal), QSet<QString> {QStringLiteral("answer")});
        QVERIFY(legal.value(QStringLiteral("commands"))
                    .toArray()
                    .contains(QJsonObject {{QStringLiteral("command"), QStringLiteral("answer")},
                                           {QStringLiteral("option"), 0}}));
        for (const char *as : {"0", "1"}) {
            const Run seen
                = cli({QStringLiteral("play"), QStringLiteral("--json"), QStringLiteral("--legal"),
                       QStringLiteral("--as"), QLatin1String(as), script});
            QCOMPARE(seen.code, 0);
            const QJsonValue l = seen.json().object().value(QStringLiteral("legal"));
            QCOMPARE(l.isObject(), QByteArray(as) == "1");
            QCOMPARE(l.isNull(), QByteArray(as) == "0");
        }
    }

    // Game over: nothing to do. A refused command: the legal commands of the
    // state before it, and the exit code stays 1.
    void playLegalGameOverAndRefused()
    {
        QTemporaryDir dir;
        const auto [r, legal]
            = legalOf(writeScript(dir, QStringLiteral("o.yaml"),
                                  deployed + R"(  - activate: {model: Alexander, action: withdraw}
  - move: {forward: 3}
  - resolve-action
  - activate: Shan-Yu
  - move: {forward: 4}
  - end-activation
  - activate: Pathfinder
  - end-activation
)"));
        QCOMPARE(r.code, 0);
        QCOMPARE(r.json()
                     .object()
                     .value(QStringLiteral("state"))
                     .toObject()
                     .value(QStringLiteral("phase")),
                 QStringLiteral("over"));
        QCOMPARE(legal.value(QStringLiteral("commands")).toArray(), QJsonArray {});
        QVERIFY(legal.value(QStringLiteral("decision")).isNull());
        QVERIFY(legal.value(QStringLiteral("move")).isNull());
        QVERIFY(legal.value(QStringLiteral("deployable")).toArray().isEmpty());

        const auto [refused, before] = legalOf(
            writeScript(dir, QStringLiteral("r.yaml"),
                        introductory + "  - deploy: {model: Pathfinder, x: 16, y: 44}\n"));
        QCOMPARE(refused.code, 1);
        QCOMPARE(before.value(QStringLiteral("deployable")).toArray(), QJsonArray {0});
        const Run text
            = cli({QStringLiteral("play"), QStringLiteral("--legal"),
                   writeScript(dir, QStringLiteral("r.yaml"),
                               introductory + "  - deploy: {model: Pathfinder, x: 16, y: 44}\n")});
        QCOMPARE(text.code, 1);
        QVERIFY(text.out.contains(QStringLiteral("Legal commands (JSON):")));
        // Forced dice that run out at the start: no game, legal is null.
        const auto [noGame, none]
            = legalOf(qEnvironmentVariable("JW_SOURCE_DIR")
                      + QStringLiteral("/tests/engine/scripts/dice-run-out-at-start.yaml"));
        QCOMPARE(noGame.code, 0); // its expect: the refusal
        QVERIFY(noGame.json().object().contains(QStringLiteral("legal")));
        QVERIFY(noGame.json().object().value(QStringLiteral("legal")).isNull());
        QVERIFY(none.isEmpty());
    }

    void roll_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("result");
        QTest::newRow("Dave's flex")
            << QStringList {QStringLiteral("3B+1F"), QStringLiteral("--dice"),
                            QStringLiteral("4,4,5,6")}
            << "[D4]";
        QTest::newRow("flex ties to higher")
            << QStringList {QStringLiteral("3B+1F"), QStringLiteral("--dice"),
                            QStringLiteral("4,4,6,6")}
            << "[D6]";
        QTest::newRow("macro T4") << QStringList {
            QStringLiteral("3B+2M"), QStringLiteral("--dice"), QStringLiteral("4,4,6"),
            QStringLiteral("--macro-dice"),
            QStringLiteral("4,6")} << "[T4]";
        QTest::newRow("macro Q4") << QStringList {
            QStringLiteral("3B+2M"), QStringLiteral("--dice"), QStringLiteral("4,4,6"),
            QStringLiteral("--macro-dice"),
            QStringLiteral("4,4")} << "[Q4]";
        QTest::newRow("negative macro")
            << QStringList {QStringLiteral("3B-2M"), QStringLiteral("--dice"),
                            QStringLiteral("4,4,6"), QStringLiteral("--macro-dice"),
                            QStringLiteral("4,6")}
            << "[N]";
        QTest::newRow("two successes")
            << QStringList {QStringLiteral("5B"), QStringLiteral("--dice"),
                            QStringLiteral("1,1,3,3,3")}
            << "[D1,T3]";
        QTest::newRow("skill test")
            << QStringList {QStringLiteral("2B"), QStringLiteral("--dice"), QStringLiteral("1,4")}
            << "[N]";
    }
    void roll()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, result);
        const Run r = cli(QStringList {QStringLiteral("roll")} + args);
        QCOMPARE(r.code, 0);
        QCOMPARE(r.out.trimmed(), result);
    }

    void rollJsonAndSeed()
    {
        const QStringList args {QStringLiteral("roll"), QStringLiteral("4B+2F+1M"),
                                QStringLiteral("--seed"), QStringLiteral("42"),
                                QStringLiteral("--json")};
        const Run a = cli(args);
        const Run b = cli(args);
        QCOMPARE(a.code, 0);
        QCOMPARE(a.out, b.out); // seeded: reproducible
        const QJsonObject o = a.json().object();
        QCOMPARE(o.value(QStringLiteral("pool")).toString(), QStringLiteral("4B+2F+1M"));
        QCOMPARE(o.value(QStringLiteral("dice")).toArray().size(), 6);
        QCOMPARE(o.value(QStringLiteral("macro_dice")).toArray().size(), 1);
        QCOMPARE(o.value(QStringLiteral("removed")).toArray().size(), 2);
        QCOMPARE(o.value(QStringLiteral("seed")).toString(), QStringLiteral("42"));
        QVERIFY(o.value(QStringLiteral("result")).toString().startsWith(QLatin1Char('[')));

        const Run dave
            = cli({QStringLiteral("roll"), QStringLiteral("3B+1F"), QStringLiteral("--dice"),
                   QStringLiteral("4,4,5,6"), QStringLiteral("--json")});
        const QJsonObject d = dave.json().object();
        QCOMPARE(d.value(QStringLiteral("removed")).toArray(), QJsonArray({6}));
        QCOMPARE(d.value(QStringLiteral("result")).toString(), QStringLiteral("[D4]"));
        QVERIFY(!d.contains(QStringLiteral("seed"))); // nothing was rolled
    }

    void oddsJson()
    {
        const Run r = cli({QStringLiteral("odds"), QStringLiteral("2B"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonObject o = r.json().object();
        QCOMPARE(o.value(QStringLiteral("pool")).toString(), QStringLiteral("2B"));
        const QJsonObject at = o.value(QStringLiteral("p_at_least")).toObject();
        const QJsonObject ex = o.value(QStringLiteral("expected")).toObject();
        QVERIFY(qAbs(at.value(QStringLiteral("D")).toDouble() - 1.0 / 6.0) < 1e-12);
        QCOMPARE(at.value(QStringLiteral("T")).toDouble(), 0.0);
        QCOMPARE(at.value(QStringLiteral("Q")).toDouble(), 0.0);
        QVERIFY(qAbs(ex.value(QStringLiteral("D")).toDouble() - 1.0 / 6.0) < 1e-12);
        // 3 dice: P(no pair) = 6*5*4/216 = 120/216; P(triple) = 6/216.
        const Run t = cli({QStringLiteral("odds"), QStringLiteral("3B"), QStringLiteral("--json")});
        const QJsonObject tat = t.json().object().value(QStringLiteral("p_at_least")).toObject();
        QVERIFY(qAbs(tat.value(QStringLiteral("D")).toDouble() - 96.0 / 216.0) < 1e-12);
        QVERIFY(qAbs(tat.value(QStringLiteral("T")).toDouble() - 6.0 / 216.0) < 1e-12);
    }

    // game FILE --export FORMAT [-o OUT] and --luck [--json] (issue 17: after the game);
    // the plain `game` output stays as it was.
    void gameReports()
    {
        QTemporaryDir dir;
        const QString saved = dir.filePath(QStringLiteral("g.jwgame"));
        const Run play = cli({QStringLiteral("play"), QStringLiteral("--quiet"),
                              QStringLiteral("--save"), saved,
                              qEnvironmentVariable("JW_SOURCE_DIR")
                                  + QStringLiteral("/tests/engine/scripts/armor-example.yaml")});
        QCOMPARE(play.code, 0);
        const Run plain = cli({QStringLiteral("game"), saved});
        QCOMPARE(plain.code, 0);
        QVERIFY2(plain.out.startsWith(QStringLiteral("3 commands; turn 1, activation phase. "
                                                     "Victory Points 80-32\n")),
                 qPrintable(plain.out));

        const Run text = cli(
            {QStringLiteral("game"), saved, QStringLiteral("--export"), QStringLiteral("text")});
        QCOMPARE(text.code, 0);
        QVERIFY2(text.out.contains(QStringLiteral("turn 1 | activation | Wyvern | #2 | > Eve: "
                                                  "{\"command\":\"attack\",\"target\":0,"
                                                  "\"weapon\":0} | dice 2 2\n")),
                 qPrintable(text.out));
        QVERIFY(text.out.contains(
            QStringLiteral("turn 1 | activation | Wyvern | #3 | Wyvern rolls 2B: 2 2: [D2].\n")));
        QVERIFY(text.out.endsWith(QStringLiteral("score | Victory Points 80-32 | Objective Points "
                                                 "0-0 | The game is not over: turn 1, "
                                                 "activation phase.\n")));

        const Run md = cli({QStringLiteral("game"), saved, QStringLiteral("--export"),
                            QStringLiteral("markdown")});
        QCOMPARE(md.code, 0);
        QVERIFY(md.out.startsWith(QStringLiteral("# Battle report: Introductory Scenario\n")));
        QVERIFY(md.out.contains(QStringLiteral("\n#### Wyvern (Eve)\n")));

        const QString out = dir.filePath(QStringLiteral("log.json"));
        const Run json = cli({QStringLiteral("game"), saved, QStringLiteral("--export"),
                              QStringLiteral("json"), QStringLiteral("-o"), out});
        QCOMPARE(json.code, 0);
        QVERIFY(json.out.isEmpty());
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject log = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(log.value(QStringLiteral("format")).toString(),
                 QStringLiteral("jwfleet-game-log"));
        QCOMPARE(log.value(QStringLiteral("score"))
                     .toObject()
                     .value(QStringLiteral("victory_points"))
                     .toArray(),
                 (QJsonArray {80, 32}));

        const Run luck = cli({QStringLiteral("game"), saved, QStringLiteral("--luck")});
        QCOMPARE(luck.code, 0);
        QVERIFY2(luck.out.contains(QStringLiteral("Eve rolled 500% above expectation: 1 success "
                                                  "in 1 attack roll (0.17 expected); damage 1 "
                                                  "(0.17 expected).\n")),
                 qPrintable(luck.out));
        QVERIFY(luck.out.contains(QStringLiteral("Dave made no attack rolls.\n")));
        const Run luckJson = cli(
            {QStringLiteral("game"), saved, QStringLiteral("--luck"), QStringLiteral("--json")});
        QCOMPARE(luckJson.code, 0);
        const QJsonObject eve
            = luckJson.json().object().value(QStringLiteral("players")).toArray()[1].toObject();
        QCOMPARE(eve.value(QStringLiteral("attacks")).toInt(), 1);
        QVERIFY(qAbs(eve.value(QStringLiteral("expected_successes")).toDouble() - 1.0 / 6) < 1e-12);

        // Bad input: exit 2, nothing written.
        const QList<QStringList> bad {
            {QStringLiteral("--export"), QStringLiteral("html")},
            {QStringLiteral("--export"), QStringLiteral("text"), QStringLiteral("--json")},
            {QStringLiteral("--export"), QStringLiteral("text"), QStringLiteral("--luck")},
            {QStringLiteral("--luck"), QStringLiteral("--as"), QStringLiteral("0")},
            {QStringLiteral("-o"), dir.filePath(QStringLiteral("x.txt"))},
            {QStringLiteral("--export"), QStringLiteral("text"), QStringLiteral("-o"), dir.path()},
        };
        for (const QStringList &args : bad) {
            const Run r = cli(QStringList {QStringLiteral("game"), saved} + args);
            QVERIFY2(r.code == 2, qPrintable(args.join(QLatin1Char(' '))));
            QVERIFY(!r.err.isEmpty());
        }
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("x.txt"))));
        const Run folder = cli({QStringLiteral("game"), saved, QStringLiteral("--luck"),
                                QStringLiteral("-o"), dir.path()});
        QVERIFY2(folder.err.contains(QStringLiteral("it is a folder")), qPrintable(folder.err));
    }

    // A tracked physical game, saved and read back: the same reports.
    void gameReportsPhysical()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("physical.yaml"), R"(table: physical
initiative: 1
dice: [5, 5]
players:
  - name: Dave
    fleet: {faction: jovian, points: 250, units: [{unit: alexander}]}
  - name: Eve
    fleet: {faction: cega, points: 250, units: [{unit: wyvern}]}
start:
  phase: activation
  models:
    - {model: Alexander}
    - {model: Wyvern}
commands:
  - activate: Wyvern
  - attack: {weapon: 0, target: Alexander}
  - answer: 1 # on the table: Long range
  - answer: 0 # the Wyvern is in the Alexander's Fore arc
  - answer: default # the Mass Driver's Critical Hit
)");
        const QString saved = dir.filePath(QStringLiteral("p.jwgame"));
        QCOMPARE(cli({QStringLiteral("play"), QStringLiteral("--quiet"), QStringLiteral("--save"),
                      saved, script})
                     .code,
                 0);
        const Run text = cli(
            {QStringLiteral("game"), saved, QStringLiteral("--export"), QStringLiteral("text")});
        QCOMPARE(text.code, 0);
        QVERIFY2(text.out.startsWith(QStringLiteral("game | Dave (jovian, 250 points) against Eve "
                                                    "(cega, 250 points); Introductory Scenario, "
                                                    "rules v1.2.2, physical table; 5 commands\n")),
                 qPrintable(text.out));
        QVERIFY(text.out.contains(QStringLiteral("| Wyvern rolls 2B: 5 5: [D5].\n")));
        const Run luck = cli({QStringLiteral("game"), saved, QStringLiteral("--luck")});
        QCOMPARE(luck.code, 0);
        QVERIFY2(luck.out.contains(QStringLiteral("Eve rolled 500% above expectation")),
                 qPrintable(luck.out));
    }

    // A physical table's markers placed by the players (`place-beacon: {}`, `place-comet:
    // {}`); a spot half given is a located error, not ignored.
    void physicalPlacementHalfGiven()
    {
        QTemporaryDir dir;
        const QString src = qEnvironmentVariable("JW_SOURCE_DIR");
        for (const auto &[file, from, to, error] :
             {std::tuple {"physical-solar-storm.yaml", "place-beacon: {}", "place-beacon: {y: 3}",
                          "error: 'place-beacon' needs 'x'"},
              std::tuple {"physical-water-raid.yaml", "place-comet: {}", "place-comet: {x: 3}",
                          "error: 'place-comet' needs 'x' and 'y'"}}) {
            QFile in(src + QStringLiteral("/tests/engine/scripts/") + QLatin1String(file));
            QVERIFY(in.open(QIODevice::ReadOnly));
            QByteArray body = in.readAll();
            const qsizetype at = body.indexOf(QByteArray("  - ").append(from));
            QVERIFY(at >= 0);
            body.replace(at + 4, qsizetype(qstrlen(from)), to);
            const Run ok
                = cli({QStringLiteral("play"),
                       src + QStringLiteral("/tests/engine/scripts/") + QLatin1String(file)});
            QCOMPARE(ok.code, 0);
            const Run r
                = cli({QStringLiteral("play"), writeScript(dir, QLatin1String(file), body)});
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains(QLatin1String(error)), qPrintable(r.err));
        }
    }

    // ai-match: two computer players, A's record with its interval, --json; usage errors 2.
    void aiMatch()
    {
        const QString src = qEnvironmentVariable("JW_SOURCE_DIR");
        const QString a = src + QStringLiteral("/data/fleets/jovian-battle-group.jwfleet");
        const QString b = src + QStringLiteral("/data/fleets/cega-fortress.jwfleet");
        const Run r = cli({QStringLiteral("ai-match"), a, b, QStringLiteral("--games"),
                           QStringLiteral("2"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonObject o = r.json().object();
        QCOMPARE(o.value(QStringLiteral("a")).toString(), QStringLiteral("greedy"));
        QCOMPARE(o.value(QStringLiteral("b")).toString(), QStringLiteral("random"));
        QCOMPARE(o.value(QStringLiteral("games")).toArray().size(), 2);
        QCOMPARE(o.value(QStringLiteral("budget_ms")).toDouble(), 700.0);
        QCOMPARE(o.value(QStringLiteral("wins")).toInt() + o.value(QStringLiteral("draws")).toInt()
                     + o.value(QStringLiteral("losses")).toInt()
                     + o.value(QStringLiteral("unfinished")).toInt(),
                 2);
        // The score is A's result (a win 1, a draw 1/2) over the finished games, inside its
        // interval.
        const int finished = 2 - o.value(QStringLiteral("unfinished")).toInt();
        const double score = o.value(QStringLiteral("score")).toDouble();
        if (finished > 0)
            QCOMPARE(score,
                     (o.value(QStringLiteral("wins")).toInt()
                      + 0.5 * o.value(QStringLiteral("draws")).toInt())
                         / finished);
        QVERIFY(o.value(QStringLiteral("score_low")).toDouble() <= score);
        QVERIFY(score <= o.value(QStringLiteral("score_high")).toDouble());
        // Each game's end (added fields): the turn, A's and B's Victory and Objective Points.
        for (const QJsonValue &g : o.value(QStringLiteral("games")).toArray()) {
            const QJsonObject game = g.toObject();
            QCOMPARE(game.value(QStringLiteral("vp")).toArray().size(), 2);
            QCOMPARE(game.value(QStringLiteral("op")).toArray().size(), 2);
            if (game.value(QStringLiteral("finished")).toBool())
                QVERIFY(game.value(QStringLiteral("turn")).toInt() >= 1);
        }
        // --save-dir: every game saved, a game file `game` loads (replayed and checked).
        QTemporaryDir saved;
        QVERIFY(saved.isValid());
        const QString dir = saved.filePath(QStringLiteral("games"));
        const Run text
            = cli({QStringLiteral("ai-match"), a, b, QStringLiteral("--games"), QStringLiteral("1"),
                   QStringLiteral("--a"), QStringLiteral("random"), QStringLiteral("--b"),
                   QStringLiteral("greedy"), QStringLiteral("--seed"), QStringLiteral("5"),
                   QStringLiteral("--save-dir"), dir});
        QCOMPARE(text.code, 0);
        const QString file = dir + QStringLiteral("/game-5.jwgame");
        QVERIFY2(QFileInfo::exists(file), qPrintable(text.err));
        const Run shown = cli({QStringLiteral("game"), file, QStringLiteral("--json")});
        QCOMPARE(shown.code, 0);
        // game --log --reasons: the computer's reason before each of its commands' events; the
        // other lines are --log's, unchanged.
        const Run logged = cli({QStringLiteral("game"), file, QStringLiteral("--log")});
        const Run reasons = cli(
            {QStringLiteral("game"), file, QStringLiteral("--log"), QStringLiteral("--reasons")});
        QCOMPARE(logged.code, 0);
        QCOMPARE(reasons.code, 0);
        QVERIFY(!logged.out.contains(QStringLiteral(" (the computer): ")));
        QStringList rest;
        int said = 0;
        for (const QString &line : reasons.out.split(u'\n')) {
            if (line.startsWith(QStringLiteral("A (the computer): "))
                || line.startsWith(QStringLiteral("B (the computer): ")))
                ++said;
            else
                rest << line;
        }
        QCOMPARE(rest.join(u'\n'), logged.out);
        QVERIFY(reasons.out.contains(QStringLiteral("B (the computer): deploys ")));
        // --json: a "reasons" list, one for each of the computer's commands (here every one).
        const Run json = cli({QStringLiteral("game"), file, QStringLiteral("--json"),
                              QStringLiteral("--log"), QStringLiteral("--reasons")});
        QCOMPARE(json.code, 0);
        const QJsonObject shownJson = json.json().object();
        const QJsonArray list = shownJson.value(QStringLiteral("reasons")).toArray();
        QCOMPARE(list.size(), said);
        QCOMPARE(list.size(), shownJson.value(QStringLiteral("commands")).toInt());
        QCOMPARE(list.first().toObject().value(QStringLiteral("command")).toInt(), 1);
        QVERIFY(!list.first().toObject().value(QStringLiteral("reason")).toString().isEmpty());
        QVERIFY(!shown.json().object().contains(QStringLiteral("reasons")));
        QCOMPARE(cli({QStringLiteral("game"), file, QStringLiteral("--reasons")}).code, 2);
        QVERIFY2(text.out.startsWith(QStringLiteral("random (A) against greedy (B): 1 games")),
                 qPrintable(text.out));
        QVERIFY(text.out.contains(QStringLiteral("95% CI")));
        for (const QStringList &bad :
             {QStringList {QStringLiteral("ai-match"), a},
              QStringList {QStringLiteral("ai-match"), a, b, QStringLiteral("--a"),
                           QStringLiteral("cheater")},
              QStringList {QStringLiteral("ai-match"), a, b, QStringLiteral("--games"),
                           QStringLiteral("0")},
              QStringList {QStringLiteral("ai-match"), a, b, QStringLiteral("--budget"),
                           QStringLiteral("0")},
              QStringList {QStringLiteral("ai-match"), a, b, QStringLiteral("--scenario"),
                           QStringLiteral("nowhere")},
              QStringList {QStringLiteral("ai-match"), a, b, QStringLiteral("--scenario"),
                           QStringLiteral("introductory,nowhere")},
              QStringList {QStringLiteral("ai-match"), a, b, QStringLiteral("--games"),
                           QStringLiteral("1"), QStringLiteral("--scenario"),
                           QStringLiteral("introductory,fleet-engagement")},
              QStringList {QStringLiteral("ai-match"), a, src + QStringLiteral("/missing")}}) {
            const Run e = cli(bad);
            QVERIFY2(e.code == 2, qPrintable(bad.join(u' ') + QStringLiteral(": ") + e.err));
            QVERIFY(!e.err.isEmpty());
        }
    }

    // ai-match over several scenarios: the games split between them in order (runs of
    // consecutive seeds), each scenario's record and A's Victory Point margin, and the whole.
    void aiMatchOverScenarios()
    {
        const QString src = qEnvironmentVariable("JW_SOURCE_DIR");
        const QString a = src + QStringLiteral("/data/fleets/jovian-battle-group.jwfleet");
        const QStringList args {QStringLiteral("ai-match"),
                                a,
                                a,
                                QStringLiteral("--a"),
                                QStringLiteral("random"),
                                QStringLiteral("--games"),
                                QStringLiteral("5"),
                                QStringLiteral("--seed"),
                                QStringLiteral("40"),
                                QStringLiteral("--scenario"),
                                QStringLiteral("introductory,break-the-truce")};
        const Run r = cli(args + QStringList {QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonObject o = r.json().object();
        QCOMPARE(o.value(QStringLiteral("scenario")).toString(),
                 QStringLiteral("introductory,break-the-truce"));
        // Five games over two scenarios: the first three on the first, two on the second.
        const QJsonArray games = o.value(QStringLiteral("games")).toArray();
        QCOMPARE(games.size(), 5);
        QStringList played;
        std::array<QList<double>, 2> margins;
        std::array<int, 2> wins {0, 0};
        for (const QJsonValue &g : games) {
            const QJsonObject game = g.toObject();
            played << game.value(QStringLiteral("scenario")).toString();
            const int s = played.size() <= 3 ? 0 : 1;
            if (!game.value(QStringLiteral("finished")).toBool())
                continue;
            const QJsonArray vp = game.value(QStringLiteral("vp")).toArray();
            margins[std::size_t(s)] << double(vp.at(0).toInt() - vp.at(1).toInt());
            wins[std::size_t(s)] += game.value(QStringLiteral("result")).toInt() > 0 ? 1 : 0;
        }
        QCOMPARE(played,
                 (QStringList {QStringLiteral("introductory"), QStringLiteral("introductory"),
                               QStringLiteral("introductory"), QStringLiteral("break-the-truce"),
                               QStringLiteral("break-the-truce")}));
        const QJsonArray per = o.value(QStringLiteral("scenarios")).toArray();
        QCOMPARE(per.size(), 2);
        QCOMPARE(per.at(0).toObject().value(QStringLiteral("id")).toString(),
                 QStringLiteral("introductory"));
        QCOMPARE(per.at(1).toObject().value(QStringLiteral("name")).toString(),
                 QStringLiteral("Break the Truce"));
        int total = 0;
        for (int s = 0; s < 2; ++s) {
            const QJsonObject t = per.at(s).toObject();
            QCOMPARE(t.value(QStringLiteral("games")).toInt(), s == 0 ? 3 : 2);
            QCOMPARE(t.value(QStringLiteral("wins")).toInt(), wins[std::size_t(s)]);
            total += t.value(QStringLiteral("wins")).toInt();
            double sum = 0;
            for (double m : margins[std::size_t(s)])
                sum += m;
            if (!margins[std::size_t(s)].isEmpty())
                QCOMPARE(t.value(QStringLiteral("vp_margin")).toDouble(),
                         sum / double(margins[std::size_t(s)].size()));
            QVERIFY(t.value(QStringLiteral("vp_margin_low")).toDouble()
                    <= t.value(QStringLiteral("vp_margin")).toDouble());
            QVERIFY(t.value(QStringLiteral("vp_margin")).toDouble()
                    <= t.value(QStringLiteral("vp_margin_high")).toDouble());
        }
        QCOMPARE(o.value(QStringLiteral("wins")).toInt(), total);
        // The same games as each scenario played alone from its first seed (seed 43 is the
        // fourth game: the second scenario's first).
        const Run alone
            = cli({QStringLiteral("ai-match"), a, a, QStringLiteral("--a"),
                   QStringLiteral("random"), QStringLiteral("--games"), QStringLiteral("1"),
                   QStringLiteral("--seed"), QStringLiteral("43"), QStringLiteral("--scenario"),
                   QStringLiteral("break-the-truce"), QStringLiteral("--json")});
        QCOMPARE(alone.code, 0);
        const QJsonObject first
            = alone.json().object().value(QStringLiteral("games")).toArray().at(0).toObject();
        // Game 4 of the split plays A on the second side (it alternates by the game's index),
        // the game alone on the first: the same game, A's and B's points swapped.
        const QJsonArray splitVp = games.at(3).toObject().value(QStringLiteral("vp")).toArray();
        const QJsonArray aloneVp = first.value(QStringLiteral("vp")).toArray();
        QCOMPARE(splitVp.at(0).toInt(), aloneVp.at(1).toInt());
        QCOMPARE(splitVp.at(1).toInt(), aloneVp.at(0).toInt());
        QCOMPARE(games.at(3).toObject().value(QStringLiteral("commands")).toInt(),
                 first.value(QStringLiteral("commands")).toInt());
        // The text: a line per scenario, then the whole.
        const Run text = cli(args);
        QCOMPARE(text.code, 0);
        QVERIFY2(text.out.contains(QStringLiteral("\nIntroductory Scenario, 3 games: A: ")),
                 qPrintable(text.out));
        QVERIFY2(text.out.contains(QStringLiteral("\nBreak the Truce, 2 games: A: ")),
                 qPrintable(text.out));
        QVERIFY2(text.out.contains(QStringLiteral("\nAll 5 games: A: ")), qPrintable(text.out));
    }

    void checkData()
    {
        const Run ok = cli({QStringLiteral("check-data")});
        QCOMPARE(ok.code, 0);
        QVERIFY(ok.out.startsWith(QStringLiteral("ok: 3 faction(s)")));

        QTemporaryDir dir;
        const QString bad = dir.filePath(QStringLiteral("bad.yaml"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("schema_version: 1\nfaction: {id: x, name: X}\nunits:\n  - name: Gnat\n"
                "    type: fighter\n    tvv: 3\n");
        f.close();
        const Run r = cli({QStringLiteral("check-data"), bad});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.out.contains(bad + QStringLiteral(":6:5: unknown key 'tvv'")),
                 qPrintable(r.out));
    }

    // The user data file (values from printed cards) is checked with the
    // shipped data: located errors, exit 1, and in --json.
    void checkDataChecksTheUserDataFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString file = dir.filePath(QStringLiteral("units.yaml"));
        const auto write = [&](const QByteArray &yaml) {
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(yaml);
        };
        // No file: the output is as before.
        const Run none = cli({QStringLiteral("check-data")}, dir.path());
        QCOMPARE(none.code, 0);
        QVERIFY(!none.out.contains(QStringLiteral("user data")));
        QVERIFY(!cli({QStringLiteral("check-data"), QStringLiteral("--json")}, dir.path())
                     .json()
                     .object()
                     .contains(QStringLiteral("user_data")));

        write("schema_version: 1\nunits:\n  alexander:\n    tv: 85\n"
              "    weapons:\n      Kinetic Cannon: {ac: 2}\n");
        const Run good = cli({QStringLiteral("check-data")}, dir.path());
        QCOMPARE(good.code, 0);
        QVERIFY2(good.out.startsWith(QStringLiteral("ok: 3 faction(s)")), qPrintable(good.out));
        QVERIFY2(good.out.contains(QStringLiteral("ok: the user data file %1, printed-card values "
                                                  "for 1 unit(s)")
                                       .arg(file)),
                 qPrintable(good.out));
        const QJsonObject goodJson
            = cli({QStringLiteral("check-data"), QStringLiteral("--json")}, dir.path())
                  .json()
                  .object();
        QVERIFY(goodJson.value(QStringLiteral("ok")).toBool());
        const QJsonObject ud = goodJson.value(QStringLiteral("user_data")).toObject();
        QCOMPARE(ud.value(QStringLiteral("file")).toString(), file);
        QVERIFY(ud.value(QStringLiteral("ok")).toBool());
        QCOMPARE(ud.value(QStringLiteral("units")).toInt(), 1);

        write("schema_version: 1\nunits:\n  alexander:\n    tv: 85\n"
              "    weapons:\n      Kinetic Cannon: {ac: 99}\n");
        const Run bad = cli({QStringLiteral("check-data")}, dir.path());
        QCOMPARE(bad.code, 1);
        QVERIFY2(
            bad.out.contains(file + QStringLiteral(":6:28: 'ac' must be from 0 to 20, not 99")),
            qPrintable(bad.out));
        QVERIFY2(bad.out.contains(QStringLiteral("FAILED: the user data file")),
                 qPrintable(bad.out));
        const Run badJson
            = cli({QStringLiteral("check-data"), QStringLiteral("--json")}, dir.path());
        QCOMPARE(badJson.code, 1);
        const QJsonObject o = badJson.json().object();
        QVERIFY(!o.value(QStringLiteral("ok")).toBool());
        QVERIFY(
            !o.value(QStringLiteral("user_data")).toObject().value(QStringLiteral("ok")).toBool());
        bool found = false;
        for (const QJsonValue v : o.value(QStringLiteral("issues")).toArray()) {
            const QJsonObject i = v.toObject();
            if (i.value(QStringLiteral("file")).toString() == file) {
                QCOMPARE(i.value(QStringLiteral("line")).toInt(), 6);
                QCOMPARE(i.value(QStringLiteral("column")).toInt(), 28);
                QCOMPARE(i.value(QStringLiteral("severity")).toString(), QStringLiteral("error"));
                found = true;
            }
        }
        QVERIFY(found);
        // FILEs given: those are checked, not the user data file.
        const QString cega
            = qEnvironmentVariable("JW_SOURCE_DIR") + QStringLiteral("/data/factions/cega.yaml");
        const Run files = cli({QStringLiteral("check-data"), cega}, dir.path());
        QCOMPARE(files.code, 0);
        QVERIFY(!files.out.contains(file));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
