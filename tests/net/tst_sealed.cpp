// SPDX-License-Identifier: GPL-3.0-or-later
// Sealed secret choices over the network (docs/network.md, "Secret choices: a sealed
// answer"): the Boarded firefight's defender answers with a commitment, the boarders answer
// in clear, then the defender reveals. Between two sessions (the wire inspected through a
// tap), against hand-written peers that forge a reveal or speak an older protocol, across a
// dropped connection, in the saved game (--verify), and through the club server.
#include "../engine/samplefleets.h"
#include "dice/fairdice.h"
#include "engine/gamefile.h"
#include "engine/gamescript.h"
#include "fakepeer.h"
#include "fleet/fleetfile.h"
#include "net/clubclient.h"
#include "net/clubserver.h"
#include "net/netsession.h"
#include "net/protocol.h"
#include "units/unitdatabase.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPointer>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace jw;
using namespace jw::net;
using NetMessage = jw::net::Message;
using jw::net::test::FakePeer;
using jw::net::test::Tap;

namespace {

using jw::test::db; // the shipped unit database (samplefleets.h)

// States › Boarded's example: Dave (player 0) has boarded Eve's Valiant (player 1, who has
// Initiative); its activation begins with the firefight.
const GameScript &script()
{
    static const GameScript s = GameScriptReader::read(QStringLiteral(JW_BOARDING_SCRIPT), db());
    if (!s.ok())
        qFatal("the boarding script does not load");
    return s;
}
GameSetup setup()
{
    return script().setup;
}
Command activate()
{
    return script().commands[0].command;
}
Command answer(int option)
{
    return AnswerCommand {option, {}};
}
const QStringList kSeal {kFeatureSealedChoices};
// What a session's hello announces (it reads an error's `why` too).
const QStringList kSessionFeatures {kFeatureSealedChoices, kFeatureErrorWhy};

// Plays `plan`'s commands for the session's side, one on each of its turns (the question
// it answers is the session's pendingQuestion()), then ends the game after `limit` commands.
void drive(NetSession &s, std::vector<Command> plan, std::size_t limit = 3,
           const bool *hold = nullptr)
{
    auto next = std::make_shared<std::size_t>(0);
    QObject::connect(&s, &NetSession::turn, &s, [&s, plan, limit, next, hold] {
        QTimer::singleShot(0, &s, [&s, plan, limit, next, hold] {
            if (!s.myTurn() || (hold && *hold))
                return;
            if (s.game()->history().size() >= limit || *next >= plan.size())
                return s.finish(QStringLiteral("enough"));
            QString why;
            if (!s.submit(plan[(*next)++], &why))
                qWarning("refused: %s", qPrintable(why));
        });
    });
}

bool playedOut(const NetSession &a, const NetSession &b)
{
    return a.status() == NetSession::Status::Over && b.status() == NetSession::Status::Over;
}

// The side-1 hand-written peer's part of the start against a session playing side 0: hello
// (with `features`), the start's dice, state hash 0. The game as both have it into `game`.
bool startAsSide1(FakePeer &fake, const QStringList &features, std::unique_ptr<Game> &game,
                  ExchangeDice &dice)
{
    if (!fake.connected() || !fake.nextOf(MessageType::Hello))
        return false;
    fake.send(NetMessage::hello(setupHash(setup()), 1, features));
    const auto commit = fake.nextOf(MessageType::DiceCommit);
    if (!commit)
        return false;
    const QByteArray b = fairdice::newNonce();
    fake.send(NetMessage::diceReveal(0, b));
    const auto a = fake.nextOf(MessageType::DiceReveal);
    if (!a)
        return false;
    QString why;
    game = startExchangeGame(setup(), dice, a->bytes, b, &why);
    if (!game || !fake.nextOf(MessageType::StateHash))
        return false;
    fake.send(NetMessage::stateHash(0, stateHash(game->engine(), game->state())));
    return true;
}

} // namespace

class TestSealed : public QObject
{
    Q_OBJECT

private:
    QByteArray m_saved; // sealedOverLoopback's saved game, for the file tests

private Q_SLOTS:
    // Eve (the defender) seals Defend; Dave answers Sabotage without knowing it: on the wire
    // Eve's choice is a commitment before Dave's answer, and in clear only after it.
    void sealedOverLoopback()
    {
        NetSession dave(setup(), 0);
        NetSession eve(setup(), 1);
        QString error;
        QVERIFY2(dave.host(0, &error), qPrintable(error));
        Tap tap(dave.serverPort());
        drive(eve, {activate(), answer(1)});
        drive(dave, {answer(1)});
        QStringList daveLog;
        connect(&dave, &NetSession::logMessage, this, [&](const QString &l) { daveLog << l; });
        // Dave's question while Eve's choice is sealed: the boarders', in a state that is not
        // the game's (which waits at command 1 for the reveal).
        std::optional<DecisionRequest> asked;
        int agreedWhenAsked = -1;
        connect(&dave, &NetSession::turn, this, [&] {
            if (dave.game()->history().size() == 1) {
                asked = dave.pendingQuestion();
                agreedWhenAsked = int(dave.game()->history().size());
            }
        });
        eve.join(QStringLiteral("127.0.0.1"), tap.port());
        QVERIFY(QTest::qWaitFor([&] { return playedOut(dave, eve); }, 20000));
        QVERIFY(dave.sealsChoices());
        QVERIFY(eve.sealsChoices());
        QVERIFY(asked);
        QCOMPARE(asked->kind, QStringLiteral("boarding-boarder"));
        QCOMPARE(asked->player, 0);
        QCOMPARE(agreedWhenAsked, 1);

        // The wire (0: Eve's frames, 1: Dave's).
        const int commit = tap.indexOf(0, MessageType::ChoiceCommit, 2);
        const int daveAnswer = tap.indexOf(1, MessageType::Command, 3);
        const int reveal = tap.indexOf(0, MessageType::ChoiceReveal, 2);
        QVERIFY(commit >= 0 && daveAnswer > commit && reveal > daveAnswer);
        QCOMPARE(tap.indexOf(0, MessageType::Command, 2), -1); // never a command in clear
        for (int i = 0; i < reveal; ++i) { // nothing before the reveal carries Eve's answer
            const NetMessage &m = tap.frames[std::size_t(i)].message;
            QVERIFY(
                !(tap.frames[std::size_t(i)].from == 0 && m.command && *m.command == answer(1)));
        }
        const NetMessage &r = tap.frames[std::size_t(reveal)].message;
        QVERIFY(*r.command == answer(1));
        QCOMPARE(GameFile::sealedChoiceHash(r.bytes, *r.command),
                 tap.frames[std::size_t(commit)].message.bytes);
        for (const Tap::Frame &f : tap.frames)
            if (f.message.type == MessageType::Hello)
                QCOMPARE(f.message.features, kSessionFeatures);

        // The same game on both sides: the firefight as both chose it.
        QCOMPARE(dave.game()->history().size(), std::size_t(3));
        QVERIFY(dave.game()->history()[1].command == answer(1));
        QCOMPARE(dave.game()->history()[1].player, 1);
        QVERIFY(dave.game()->history()[2].command == answer(1));
        QCOMPARE(dave.game()->history(), eve.game()->history());
        m_saved = GameFile::serialize(*dave.game());
        QCOMPARE(GameFile::serialize(*eve.game()), m_saved);
        QCOMPARE(dave.game()->sealedChoices().size(), std::size_t(1));
        QCOMPARE(dave.game()->sealedChoices()[0].command, 1);
        QVERIFY(!dave.game()->sealedPending());
        const GameFile::DiceCheck check = GameFile::verifyDice(*dave.game());
        QVERIFY2(check.ok(), qPrintable(check.problems.join(QLatin1Char('\n'))));
        QCOMPARE(check.sealed, 1);
        QVERIFY(daveLog.join(QLatin1Char('\n')).contains(QLatin1String("sealed")));
    }

    // The same firefight in a v1.2.4 game whose hidden models are masked (docs/network.md,
    // "Secret choices" and "Masked games"): the choice is sealed there too (both programs say
    // so in their hellos), the masked games take it, and the game goes on masked.
    void sealedInMaskedGame()
    {
        GameSetup v124 = setup();
        v124.rules = QStringLiteral("v1.2.4");
        NetSession dave(v124, 0);
        NetSession eve(v124, 1);
        dave.setMaskSecrets(true);
        eve.setMaskSecrets(true);
        QString error;
        QVERIFY2(dave.host(0, &error), qPrintable(error));
        Tap tap(dave.serverPort());
        drive(eve, {activate(), answer(1)});
        drive(dave, {answer(0)});
        QStringList logs[2];
        connect(&dave, &NetSession::logMessage, this, [&](const QString &l) { logs[0] << l; });
        connect(&eve, &NetSession::logMessage, this, [&](const QString &l) { logs[1] << l; });
        QSignalSpy refused(&dave, &NetSession::refused);
        eve.join(QStringLiteral("127.0.0.1"), tap.port());
        QVERIFY(QTest::qWaitFor([&] { return playedOut(dave, eve); }, 20000));
        QVERIFY2(dave.masksSecrets() && eve.masksSecrets(),
                 qPrintable(logs[0].join(QLatin1Char('\n'))));
        QVERIFY(dave.sealsChoices());
        QVERIFY(eve.sealsChoices());
        QCOMPARE(refused.count(), 0);
        for (const QStringList &log : logs) {
            QCOMPARE(log.filter(QStringLiteral("hidden models are masked in this game")).size(), 1);
            QCOMPARE(log.filter(QStringLiteral("secret choices are sealed")).size(), 1);
            QCOMPARE(log.filter(QStringLiteral("sent in clear")).size(), 0);
        }
        // The wire (0: Eve's frames, 1: Dave's): commitments, then the choice sealed until
        // Dave's answer.
        for (const Tap::Frame &f : tap.frames)
            if (f.message.type == MessageType::Hello)
                QVERIFY(f.message.features.contains(kFeatureMaskedSealedChoices));
        QVERIFY(tap.indexOf(0, MessageType::Commitments, 0) >= 0);
        const int commit = tap.indexOf(0, MessageType::ChoiceCommit, 2);
        const int daveAnswer = tap.indexOf(1, MessageType::Command, 3);
        const int reveal = tap.indexOf(0, MessageType::ChoiceReveal, 2);
        QVERIFY(commit >= 0 && daveAnswer > commit && reveal > daveAnswer);
        QCOMPARE(tap.indexOf(0, MessageType::Command, 2), -1);
        QVERIFY(*tap.frames[std::size_t(reveal)].message.command == answer(1));
        // Both masked games agree (the state hashes after the answers), the same history.
        QCOMPARE(dave.game()->history().size(), std::size_t(3));
        QCOMPARE(dave.game()->history(), eve.game()->history());
        QVERIFY(dave.game()->history()[1].command == answer(1));
        QVERIFY(dave.game()->history()[2].command == answer(0));
        QCOMPARE(dave.game()->sealedChoices().size(), std::size_t(1));
        QCOMPARE(eve.game()->sealedChoices(), dave.game()->sealedChoices());
        QVERIFY(dave.game()->maskedRecord());
        const GameFile::DiceCheck check = GameFile::verifyDice(*dave.game());
        QVERIFY2(check.ok(), qPrintable(check.problems.join(QLatin1Char('\n'))));
        QCOMPARE(check.sealed, 1);
        QVERIFY(check.masked);
    }

    // The saved game's sealed_choices: read back and verified; a changed nonce, hash or
    // answer does not verify; malformed entries refuse the file; a file without them loads.
    void savedSealedChoicesVerify()
    {
        QVERIFY(!m_saved.isEmpty());
        const GameFile::Loaded loaded = GameFile::parse(m_saved, QStringLiteral("s.jwgame"));
        QVERIFY2(loaded.game, qPrintable(loaded.error));
        QCOMPARE(loaded.game->sealedChoices().size(), std::size_t(1));
        QVERIFY(GameFile::verifyDice(*loaded.game).ok());
        QCOMPARE(GameFile::serialize(*loaded.game), m_saved);

        const QJsonObject root = QJsonDocument::fromJson(m_saved).object();
        auto withSealed = [&](const std::function<void(QJsonObject &)> &change) {
            QJsonObject r = root;
            QJsonArray list = r.value(QStringLiteral("sealed_choices")).toArray();
            QJsonObject e = list.at(0).toObject();
            change(e);
            list[0] = e;
            r.insert(QStringLiteral("sealed_choices"), list);
            return QJsonDocument(r).toJson();
        };
        auto flip = [](const QString &hex) {
            QString out = hex;
            out[0] = out[0] == QLatin1Char('0') ? QLatin1Char('1') : QLatin1Char('0');
            return out;
        };
        for (const char *field : {"nonce", "hash"}) {
            const GameFile::Loaded t = GameFile::parse(
                withSealed([&](QJsonObject &e) {
                    e.insert(QLatin1String(field), flip(e.value(QLatin1String(field)).toString()));
                }),
                QStringLiteral("t.jwgame"));
            QVERIFY2(t.game, qPrintable(t.error));
            const GameFile::DiceCheck c = GameFile::verifyDice(*t.game);
            QVERIFY(!c.ok());
            QVERIFY2(c.problems.join(QLatin1Char(' ')).contains(QLatin1String("sealed choice")),
                     qPrintable(c.problems.join(QLatin1Char(' '))));
        }
        // The sealed entry moved to the boarders' answer: not the command its hash fixed.
        {
            const GameFile::Loaded t = GameFile::parse(
                withSealed([](QJsonObject &e) { e.insert(QStringLiteral("command"), 2); }),
                QStringLiteral("t.jwgame"));
            QVERIFY(t.game);
            QVERIFY(!GameFile::verifyDice(*t.game).ok());
        }
        // The defender's answer changed in the file: refused on load (its snapshot differs)
        // or, when the outcome is the same, it does not verify.
        QJsonObject changed = root;
        QJsonArray commands = changed.value(QStringLiteral("commands")).toArray();
        QJsonObject c1 = commands.at(1).toObject();
        QCOMPARE(c1.value(QStringLiteral("option")).toInt(), 1);
        c1.insert(QStringLiteral("option"), 0);
        commands[1] = c1;
        changed.insert(QStringLiteral("commands"), commands);
        {
            const GameFile::Loaded t
                = GameFile::parse(QJsonDocument(changed).toJson(), QStringLiteral("t"));
            if (t.game) { // the snapshot may not tell (the same dice, the same outcome)
                const GameFile::DiceCheck c = GameFile::verifyDice(*t.game);
                QVERIFY(!c.ok());
                QVERIFY(c.problems.join(QLatin1Char(' ')).contains(QLatin1String("sealed")));
            }
        }
        // Malformed: refused with the entry's number.
        for (const auto &[key, value] : std::vector<std::pair<QString, QJsonValue>> {
                 {QStringLiteral("nonce"), QStringLiteral("ab")},
                 {QStringLiteral("command"), -1},
                 {QStringLiteral("extra"), 1}}) {
            const GameFile::Loaded t = GameFile::parse(
                withSealed([&](QJsonObject &e) { e.insert(key, value); }), QStringLiteral("t"));
            QVERIFY(!t.game);
            QVERIFY2(t.error.contains(QLatin1String("sealed choice 1")), qPrintable(t.error));
        }
        // Without the list (a file of an older program): loads, the dice still verify.
        QJsonObject old = root;
        old.remove(QStringLiteral("sealed_choices"));
        const GameFile::Loaded o
            = GameFile::parse(QJsonDocument(old).toJson(), QStringLiteral("o"));
        QVERIFY2(o.game, qPrintable(o.error));
        QVERIFY(o.game->sealedChoices().empty());
        QVERIFY(GameFile::verifyDice(*o.game).ok());
    }

    // A hand-written defender reveals another answer than the one it committed to: the
    // session refuses it, and the game stops with the report.
    void forgedRevealStops()
    {
        NetSession dave(setup(), 0);
        QString error;
        QVERIFY(dave.host(0, &error));
        QSignalSpy stopped(&dave, &NetSession::stopped);
        FakePeer eve(dave.serverPort());
        std::unique_ptr<Game> game;
        ExchangeDice dice;
        QVERIFY(startAsSide1(eve, kSeal, game, dice));
        eve.send(NetMessage::commandMessage(1, activate()));
        QVERIFY(game->apply(activate()).ok());
        QVERIFY(eve.nextOf(MessageType::StateHash));
        eve.send(NetMessage::stateHash(1, stateHash(game->engine(), game->state())));
        const QByteArray nonce = fairdice::newNonce();
        eve.send(NetMessage::choiceCommit(2, GameFile::sealedChoiceHash(nonce, answer(0))));
        QVERIFY(QTest::qWaitFor([&] { return dave.myTurn(); }, 5000));
        QCOMPARE(dave.pendingQuestion()->kind, QStringLiteral("boarding-boarder"));
        QVERIFY(dave.submit(answer(0)));
        const auto daves = eve.nextOf(MessageType::Command);
        QVERIFY(daves);
        QCOMPARE(daves->seq, 3);
        eve.send(NetMessage::choiceReveal(2, nonce, answer(1))); // not what it committed to
        QVERIFY(stopped.wait(5000));
        QCOMPARE(dave.status(), NetSession::Status::Stopped);
        QVERIFY2(dave.statusText().contains(QLatin1String("does not match its commitment")),
                 qPrintable(dave.statusText()));
        QCOMPARE(dave.game()->history().size(), std::size_t(1));
        const auto err = eve.nextOf(MessageType::Error);
        QVERIFY(err);
    }

    // A commitment where no secret choice is asked, or in a game that does not seal, and a
    // command in clear where a commitment is due: refused.
    void choiceCommitOutOfPlaceRefused()
    {
        NetSession dave(setup(), 0);
        QString error;
        QVERIFY(dave.host(0, &error));
        QSignalSpy refused(&dave, &NetSession::refused);
        FakePeer eve(dave.serverPort());
        std::unique_ptr<Game> game;
        ExchangeDice dice;
        QVERIFY(startAsSide1(eve, kSeal, game, dice));
        QVERIFY(
            QTest::qWaitFor([&] { return dave.status() == NetSession::Status::Playing; }, 5000));
        // Command 1 is the activation, not a secret choice.
        eve.send(NetMessage::choiceCommit(1, QByteArray(32, 'x')));
        QVERIFY(QTest::qWaitFor([&] { return refused.count() == 1; }, 5000));
        QVERIFY2(refused.first().first().toString().contains(QLatin1String("not a secret")),
                 qPrintable(refused.first().first().toString()));
        QCOMPARE(dave.status(), NetSession::Status::Playing);
        QVERIFY(dave.game()->history().empty());
    }

    // A program without the feature: the game is played in clear (the defender's answer a
    // command), and the other side's log says so once.
    void olderPeerPlaysInClear()
    {
        NetSession dave(setup(), 0);
        NetSession eve(setup(), 1);
        eve.setSealChoices(false);
        QString error;
        QVERIFY(dave.host(0, &error));
        Tap tap(dave.serverPort());
        drive(eve, {activate(), answer(1)});
        drive(dave, {answer(0)});
        QStringList daveLog;
        connect(&dave, &NetSession::logMessage, this, [&](const QString &l) { daveLog << l; });
        eve.join(QStringLiteral("127.0.0.1"), tap.port());
        QVERIFY(QTest::qWaitFor([&] { return playedOut(dave, eve); }, 20000));
        QVERIFY(!dave.sealsChoices());
        QVERIFY(tap.indexOf(0, MessageType::Command, 2) >= 0);
        QCOMPARE(tap.indexOf(0, MessageType::ChoiceCommit, 2), -1);
        QCOMPARE(dave.game()->history().size(), std::size_t(3));
        QVERIFY(dave.game()->sealedChoices().empty());
        QCOMPARE(daveLog.filter(QStringLiteral("does not seal secret choices")).size(), 1);
        QCOMPARE(GameFile::serialize(*dave.game()), GameFile::serialize(*eve.game()));
    }

    // An older program refuses a hello with features (its decoder knows no such field) and
    // says its own hello: the session says hello again without them, once, and plays on.
    void olderProgramRefusesFeatures()
    {
        NetSession dave(setup(), 0);
        QString error;
        QVERIFY(dave.host(0, &error));
        QStringList log;
        connect(&dave, &NetSession::logMessage, this, [&](const QString &l) { log << l; });
        FakePeer old(dave.serverPort());
        QVERIFY(old.connected());
        const auto first = old.expect(MessageType::Hello);
        QVERIFY(first);
        QCOMPARE(first->features, kSessionFeatures);
        // As protocol 1's decoder answers the features field.
        old.send(NetMessage::hello(setupHash(setup()), 1));
        old.send(NetMessage::withText(MessageType::Error,
                                      QStringLiteral("hello: unknown field 'features'")));
        const auto again = old.expect(MessageType::Hello);
        QVERIFY(again);
        QVERIFY(again->features.isEmpty());
        QVERIFY(old.expect(MessageType::DiceCommit)); // the start goes on
        QTest::qWait(100);
        QCOMPARE(dave.status(), NetSession::Status::Starting);
        QVERIFY(!dave.sealsChoices());
        QCOMPARE(log.filter(QStringLiteral("does not seal secret choices")).size(), 1);
        QVERIFY(old.quiet());
    }

    // The defender's program goes away after committing (its saved game holds the sealed
    // choice); run again from that file it resumes at the reveal: it commits to the same
    // choice again, the boarders answer, and it reveals what it first committed to.
    void dropBetweenCommitAndRevealResumes()
    {
        NetSession dave(setup(), 0);
        QString error;
        QVERIFY(dave.host(0, &error));
        bool hold = true;
        drive(dave, {answer(0)}, 3, &hold);
        QByteArray saved;
        QByteArray committed;
        {
            NetSession eve(setup(), 1);
            drive(eve, {activate(), answer(1)});
            eve.join(QStringLiteral("127.0.0.1"), dave.serverPort());
            QVERIFY(QTest::qWaitFor([&] { return dave.myTurn() && dave.game()->sealedPending(); },
                                    10000));
            committed = dave.game()->sealedPending()->hash;
            QVERIFY(eve.game()->sealedPending());
            QVERIFY(eve.game()->sealedPending()->choice);
            saved = GameFile::serialize(*eve.game());
        } // Eve's program is gone
        QVERIFY(saved.contains("\"sealed_pending\""));
        QVERIFY(QTest::qWaitFor([&] { return dave.status() == NetSession::Status::Paused; }, 5000));
        QVERIFY(dave.game()->sealedPending()); // the commitment stays
        const GameFile::Loaded loaded = GameFile::parse(saved, QStringLiteral("eve.jwgame"));
        QVERIFY2(loaded.game, qPrintable(loaded.error));
        QVERIFY(loaded.game->sealedPending());
        NetSession again(setup(), 1);
        QVERIFY2(again.resume(*loaded.game, &error), qPrintable(error));
        drive(again, {}); // it has nothing to choose: the reveal is its own
        hold = false;
        again.join(QStringLiteral("127.0.0.1"), dave.serverPort());
        QVERIFY(QTest::qWaitFor(
            [&] {
                return dave.game()->history().size() == 3 && again.game()->history().size() == 3;
            },
            10000));
        QTest::qWait(100);
        QVERIFY(dave.game()->history()[1].command == answer(1));
        QCOMPARE(dave.game()->sealedChoices().size(), std::size_t(1));
        QCOMPARE(dave.game()->sealedChoices()[0].hash, committed);
        QCOMPARE(GameFile::serialize(*dave.game()), GameFile::serialize(*again.game()));
        QVERIFY(GameFile::verifyDice(*dave.game()).ok());
    }

    // The other side's saved game tampered with: it commits to another choice after the
    // drop than before it. The peer that kept the first commitment stops the game.
    void recommitToAnotherChoiceStops()
    {
        NetSession dave(setup(), 0);
        QString error;
        QVERIFY(dave.host(0, &error));
        bool hold = true;
        drive(dave, {answer(0)}, 3, &hold);
        QByteArray saved;
        {
            NetSession eve(setup(), 1);
            drive(eve, {activate(), answer(1)});
            eve.join(QStringLiteral("127.0.0.1"), dave.serverPort());
            QVERIFY(QTest::qWaitFor([&] { return dave.myTurn() && dave.game()->sealedPending(); },
                                    10000));
            saved = GameFile::serialize(*eve.game());
        }
        QVERIFY(QTest::qWaitFor([&] { return dave.status() == NetSession::Status::Paused; }, 5000));
        // Another choice, with a hash and nonce of its own (the file is consistent).
        QJsonObject root = QJsonDocument::fromJson(saved).object();
        QJsonObject p = root.value(QStringLiteral("sealed_pending")).toObject();
        const QByteArray nonce = fairdice::newNonce();
        p.insert(QStringLiteral("nonce"), QString::fromLatin1(nonce.toHex()));
        p.insert(QStringLiteral("choice"),
                 QJsonObject {{QStringLiteral("command"), QStringLiteral("answer")},
                              {QStringLiteral("option"), 0}});
        p.insert(QStringLiteral("hash"),
                 QString::fromLatin1(GameFile::sealedChoiceHash(nonce, answer(0)).toHex()));
        root.insert(QStringLiteral("sealed_pending"), p);
        const GameFile::Loaded loaded
            = GameFile::parse(QJsonDocument(root).toJson(), QStringLiteral("eve.jwgame"));
        QVERIFY2(loaded.game, qPrintable(loaded.error));
        NetSession again(setup(), 1);
        QVERIFY(again.resume(*loaded.game, &error));
        QSignalSpy stopped(&dave, &NetSession::stopped);
        again.join(QStringLiteral("127.0.0.1"), dave.serverPort());
        QVERIFY(stopped.wait(5000));
        QVERIFY2(dave.statusText().contains(QLatin1String("another secret choice")),
                 qPrintable(dave.statusText()));
        QCOMPARE(dave.game()->history().size(), std::size_t(1));
    }

    // Through the club server: the same game, the three saved games the same, verified.
    void clubServerRelaysSealedChoices()
    {
        QTemporaryDir dir;
        ClubServer server(db());
        server.setGamesDir(dir.path());
        QString error;
        QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        QStringList log;
        connect(&server, &ClubServer::logLine, this, [&](const QString &l) { log << l; });
        QSignalSpy ended(&server, &ClubServer::gameEnded);
        std::unique_ptr<NetSession> sessions[2];
        ClubClient creator, joiner;
        const std::vector<Command> plans[2] {{answer(1)}, {activate(), answer(0)}};
        for (ClubClient *c : {&creator, &joiner})
            connect(c, &ClubClient::ready, c,
                    [&](const GameSetup &s, int side, QTcpSocket *socket) {
                        sessions[side] = std::make_unique<NetSession>(s, side);
                        drive(*sessions[side], plans[side]);
                        sessions[side]->attach(socket);
                    });
        QSignalSpy created(&creator, &ClubClient::created);
        creator.create(QStringLiteral("127.0.0.1"), server.port(), setup());
        QVERIFY(created.wait(5000));
        joiner.join(QStringLiteral("127.0.0.1"), server.port(), 0, setup().players[1].name,
                    setup().players[1].fleet);
        QVERIFY(QTest::qWaitFor(
            [&] { return sessions[0] && sessions[1] && playedOut(*sessions[0], *sessions[1]); },
            20000));
        QVERIFY(QTest::qWaitFor([&] { return ended.count() == 1; }, 5000));
        QVERIFY(sessions[0]->sealsChoices());
        const QByteArray mine = GameFile::serialize(*sessions[0]->game());
        QCOMPARE(GameFile::serialize(*sessions[1]->game()), mine);
        QFile f(server.gamePath(1));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), mine);
        const GameFile::Loaded loaded = GameFile::read(server.gamePath(1));
        QVERIFY(loaded.game);
        QCOMPARE(GameFile::verifyDice(*loaded.game).sealed, 1);
        QVERIFY(GameFile::verifyDice(*loaded.game).ok());
        QVERIFY2(log.join(QLatin1Char('\n')).contains(QLatin1String("command 2 revealed")),
                 qPrintable(log.join(QLatin1Char('\n'))));
    }

    // The Boarded firefight of a masked v1.2.4 game through the club server (both clients and
    // their sessions mask): the server relays hellos with masked-sealed-choices, the
    // commitments and reveals, the defender's choice sealed until the boarders' answer; the
    // server's third party's game takes the sealed choice too, nothing is refused, and both
    // players agree on the same history and sealed choice (the game ended by a bye after the
    // answers: the server's saved game is its masked game, whose sealed choice verifies).
    void clubSealedInMaskedGame()
    {
        QTemporaryDir dir;
        ClubServer server(db());
        server.setGamesDir(dir.path());
        QString error;
        QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        QStringList log;
        connect(&server, &ClubServer::logLine, this, [&](const QString &l) { log << l; });
        QSignalSpy ended(&server, &ClubServer::gameEnded);
        GameSetup v124 = setup();
        v124.rules = QStringLiteral("v1.2.4");
        std::unique_ptr<NetSession> sessions[2];
        ClubClient creator, joiner;
        Tap tap(server.port()); // the joiner's connection
        const std::vector<Command> plans[2] {{answer(1)}, {activate(), answer(0)}};
        for (ClubClient *c : {&creator, &joiner}) {
            c->setMaskSecrets(true);
            connect(c, &ClubClient::ready, c,
                    [&](const GameSetup &s, int side, QTcpSocket *socket) {
                        sessions[side] = std::make_unique<NetSession>(s, side);
                        sessions[side]->setMaskSecrets(true);
                        drive(*sessions[side], plans[side]);
                        sessions[side]->attach(socket);
                    });
        }
        QSignalSpy created(&creator, &ClubClient::created);
        creator.create(QStringLiteral("127.0.0.1"), server.port(), v124);
        QVERIFY(created.wait(5000));
        joiner.join(QStringLiteral("127.0.0.1"), tap.port(), 0, v124.players[1].name,
                    v124.players[1].fleet);
        QVERIFY(QTest::qWaitFor(
            [&] { return sessions[0] && sessions[1] && playedOut(*sessions[0], *sessions[1]); },
            20000));
        QVERIFY(QTest::qWaitFor([&] { return ended.count() == 1; }, 5000));
        const QString all = log.join(QLatin1Char('\n'));
        QVERIFY2(all.contains(QLatin1String("game 1: hidden models are masked")), qPrintable(all));
        QVERIFY2(all.contains(QLatin1String("command 2 revealed")), qPrintable(all));
        QCOMPARE(server.refusedMessages(), 0);
        for (const auto &session : sessions) {
            QVERIFY(session->masksSecrets());
            QVERIFY(session->sealsChoices());
        }
        // The joiner's wire (0: its frames, 1: to it): the relayed hello masks and seals, its
        // commitments, its choice committed before the other answer and revealed after it.
        const int hello = tap.indexOf(1, MessageType::Hello, 0);
        QVERIFY(hello >= 0);
        QVERIFY(
            tap.frames[std::size_t(hello)].message.features.contains(kFeatureMaskedSealedChoices));
        QVERIFY(tap.indexOf(0, MessageType::Commitments, 0) >= 0);
        QVERIFY(tap.indexOf(1, MessageType::Commitments, 0) >= 0);
        const int commit = tap.indexOf(0, MessageType::ChoiceCommit, 2);
        const int answer0 = tap.indexOf(1, MessageType::Command, 3);
        const int reveal = tap.indexOf(0, MessageType::ChoiceReveal, 2);
        QVERIFY(commit >= 0 && answer0 > commit && reveal > answer0);
        QCOMPARE(tap.indexOf(0, MessageType::Command, 2), -1);
        QCOMPARE(sessions[0]->game()->history(), sessions[1]->game()->history());
        QCOMPARE(sessions[0]->game()->history().size(), std::size_t(3));
        QCOMPARE(sessions[0]->game()->sealedChoices(), sessions[1]->game()->sealedChoices());
        const GameFile::Loaded loaded = GameFile::read(server.gamePath(1));
        QVERIFY2(loaded.game, qPrintable(loaded.error));
        QCOMPARE(loaded.game->history().size(), std::size_t(3));
        QCOMPARE(loaded.game->sealedChoices(), sessions[0]->game()->sealedChoices());
        QVERIFY(loaded.game->maskedRecord());
        const GameFile::DiceCheck check = GameFile::verifyDice(*loaded.game);
        QVERIFY2(check.ok(), qPrintable(check.problems.join(QLatin1Char('\n'))));
        QCOMPARE(check.sealed, 1);
    }

    // Through the club server, the boarder's connection cut while the defender's choice is
    // sealed: the game pauses, both take their seats again, the defender commits to the same
    // choice again (the server kept the commitment), the boarders answer, and it is revealed.
    void clubDropBetweenCommitAndReveal()
    {
        QTemporaryDir dir;
        ClubServer server(db());
        server.setGamesDir(dir.path());
        QString error;
        QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        QSignalSpy paused(&server, &ClubServer::gamePaused);
        std::unique_ptr<NetSession> sessions[2];
        QPointer<QTcpSocket> sockets[2];
        bool hold = true;
        ClubClient creator, joiner;
        const std::vector<Command> plans[2] {{answer(0)}, {activate(), answer(1)}};
        for (ClubClient *c : {&creator, &joiner})
            connect(c, &ClubClient::ready, c,
                    [&](const GameSetup &s, int side, QTcpSocket *socket) {
                        sessions[side] = std::make_unique<NetSession>(s, side);
                        sessions[side]->setPatientHello(true);
                        drive(*sessions[side], plans[side], 3, side == 0 ? &hold : nullptr);
                        sockets[side] = socket;
                        sessions[side]->attach(socket);
                    });
        creator.create(QStringLiteral("127.0.0.1"), server.port(), setup());
        joiner.join(QStringLiteral("127.0.0.1"), server.port(), 0, setup().players[1].name,
                    setup().players[1].fleet);
        QVERIFY(QTest::qWaitFor(
            [&] {
                return sessions[0] && sessions[0]->myTurn() && sessions[0]->game()->sealedPending();
            },
            10000));
        const QByteArray committed = sessions[0]->game()->sealedPending()->hash;
        sockets[0]->abort();
        QVERIFY(paused.wait(5000));
        QVERIFY(QTest::qWaitFor(
            [&] {
                return sessions[0]->status() == NetSession::Status::Paused
                    && sessions[1]->status() == NetSession::Status::Paused;
            },
            5000));
        hold = false;
        ClubClient back[2];
        for (int side = 0; side < 2; ++side) {
            connect(&back[side], &ClubClient::ready, &back[side],
                    [&](const GameSetup &, int s, QTcpSocket *socket) {
                        QString why;
                        QVERIFY2(sessions[s]->resume(*sessions[s]->game(), &why), qPrintable(why));
                        sessions[s]->attach(socket);
                    });
            back[side].rejoin(QStringLiteral("127.0.0.1"), server.port(), 1, side,
                              (side == 0 ? creator : joiner).token());
        }
        QVERIFY(QTest::qWaitFor([&] { return playedOut(*sessions[0], *sessions[1]); }, 20000));
        const Game &g = *sessions[0]->game();
        QCOMPARE(g.history().size(), std::size_t(3));
        QVERIFY(g.history()[1].command == answer(1));
        QCOMPARE(g.sealedChoices().size(), std::size_t(1));
        QCOMPARE(g.sealedChoices()[0].hash, committed);
        QCOMPARE(GameFile::serialize(*sessions[1]->game()), GameFile::serialize(g));
        QVERIFY(GameFile::verifyDice(g).ok());
    }

    // Hand-written players through the server: an older client gets a hello without
    // features (and so does the other); a forged reveal is refused (not relayed), and the
    // defender who then goes away with its reveal due forfeits at the pause timeout.
    void clubForgedRevealForfeits()
    {
        QTemporaryDir dir;
        ClubServer server(db());
        server.setGamesDir(dir.path());
        server.setPauseTimeout(300);
        QString error;
        QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        QSignalSpy ended(&server, &ClubServer::gameEnded);
        FakePeer p0(server.port()), p1(server.port());
        QVERIFY(p0.connected() && p1.connected());
        p0.send(NetMessage::clubCreate(GameFile::serialize(Game(setup()))));
        QVERIFY(p0.expect(MessageType::ClubCreated));
        p1.send(NetMessage::clubJoin(
            1, setup().players[1].name,
            QString::fromUtf8(FleetFile::serialize(setup().players[1].fleet))));
        QVERIFY(p0.expect(MessageType::ClubSeat) && p1.expect(MessageType::ClubSeat));
        const auto g = p0.expect(MessageType::GameSetup);
        QVERIFY(g && p1.expect(MessageType::GameSetup));
        const GameSetup s = GameFile::parse(g->game, QStringLiteral("g")).game->setup();
        p0.send(NetMessage::hello(setupHash(s), 0, kSeal));
        p1.send(NetMessage::hello(setupHash(s), 1, kSeal));
        const auto h0 = p0.expect(MessageType::Hello), h1 = p1.expect(MessageType::Hello);
        QVERIFY(h0 && h1);
        QCOMPARE(h0->features, kSeal); // both can: each told so
        QCOMPARE(h1->features, kSeal);
        const QByteArray a = fairdice::newNonce(), b = fairdice::newNonce();
        p0.send(NetMessage::diceCommit(0, fairdice::commitment(a)));
        QVERIFY(p1.expect(MessageType::DiceCommit));
        p1.send(NetMessage::diceReveal(0, b));
        QVERIFY(p0.expect(MessageType::DiceReveal));
        p0.send(NetMessage::diceReveal(0, a));
        QVERIFY(p1.expect(MessageType::DiceReveal));
        ExchangeDice dice;
        auto game = startExchangeGame(s, dice, a, b, &error);
        QVERIFY(game);
        auto hashes = [&](int seq) {
            const QByteArray h = stateHash(game->engine(), game->state());
            p0.send(NetMessage::stateHash(seq, h));
            p1.send(NetMessage::stateHash(seq, h));
            return p0.expect(MessageType::StateHash) && p1.expect(MessageType::StateHash);
        };
        QVERIFY(hashes(0));
        p1.send(NetMessage::commandMessage(1, activate()));
        QVERIFY(p0.expect(MessageType::Command));
        QVERIFY(game->apply(activate()).ok());
        QVERIFY(hashes(1));
        // The defender seals its answer: the commitment is relayed.
        const QByteArray nonce = fairdice::newNonce();
        p1.send(NetMessage::choiceCommit(2, GameFile::sealedChoiceHash(nonce, answer(0))));
        const auto relayedCommit = p0.expect(MessageType::ChoiceCommit);
        QVERIFY(relayedCommit);
        QCOMPARE(relayedCommit->seq, 2);
        // The boarders' answer, in clear, relayed; then a reveal that is not what was sealed.
        p0.send(NetMessage::commandMessage(3, answer(1)));
        QVERIFY(p1.expect(MessageType::Command));
        p1.send(NetMessage::choiceReveal(2, nonce, answer(1))); // forged
        const auto err = p1.expect(MessageType::Error);
        QVERIFY(err);
        QVERIFY2(err->text.contains(QLatin1String("does not match its commitment")),
                 qPrintable(err->text));
        QVERIFY(p0.quiet()); // nothing relayed
        p1.m_socket.abort(); // gone, its reveal due
        QVERIFY(ended.wait(5000));
        QVERIFY2(ended.first().at(2).toString().contains(QLatin1String("player 1 forfeits")),
                 qPrintable(ended.first().at(2).toString()));
        // Its own reason: the reveal of its sealed choice was due, not a dice reveal.
        QVERIFY2(ended.first().at(2).toString().contains(
                     QLatin1String("the reveal of its sealed secret choice due")),
                 qPrintable(ended.first().at(2).toString()));
        QVERIFY(!ended.first().at(2).toString().contains(QLatin1String("dice")));
        const GameFile::Loaded saved = GameFile::read(server.gamePath(1));
        QVERIFY2(saved.game, qPrintable(saved.error));
        QCOMPARE(saved.game->history().size(), std::size_t(1));
    }

    // A player whose program has no features: the server relays both hellos without them
    // (the older program never reads a field it does not know), and a commitment is refused.
    void clubOlderClientInClear()
    {
        ClubServer server(db());
        QString error;
        QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        FakePeer p0(server.port()), p1(server.port());
        QVERIFY(p0.connected() && p1.connected());
        p0.send(NetMessage::clubCreate(GameFile::serialize(Game(setup()))));
        QVERIFY(p0.expect(MessageType::ClubCreated));
        p1.send(NetMessage::clubJoin(
            1, setup().players[1].name,
            QString::fromUtf8(FleetFile::serialize(setup().players[1].fleet))));
        QVERIFY(p0.expect(MessageType::ClubSeat) && p1.expect(MessageType::ClubSeat));
        const auto g = p0.expect(MessageType::GameSetup);
        QVERIFY(g && p1.expect(MessageType::GameSetup));
        const GameSetup s = GameFile::parse(g->game, QStringLiteral("g")).game->setup();
        p0.send(NetMessage::hello(setupHash(s), 0, kSeal));
        QVERIFY(p1.quiet()); // held until both said hello
        p1.send(NetMessage::hello(setupHash(s), 1));
        const auto h0 = p0.expect(MessageType::Hello), h1 = p1.expect(MessageType::Hello);
        QVERIFY(h0 && h1);
        QVERIFY(h0->features.isEmpty());
        QVERIFY(h1->features.isEmpty());
        // The new client says hello again without features (as NetSession does): ignored.
        p0.send(NetMessage::hello(setupHash(s), 0));
        QVERIFY(p1.quiet());
        QVERIFY(p0.quiet());
    }

    // A player's kFeatureErrorWhy goes to the other through the server when that one reads
    // features (it is told the other's refusals may carry `why`); a refusal with `why` is
    // relayed as it is. An older player is never told.
    void clubRelaysErrorWhy()
    {
        ClubServer server(db());
        QString error;
        QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        FakePeer p0(server.port()), p1(server.port());
        QVERIFY(p0.connected() && p1.connected());
        p0.send(NetMessage::clubCreate(GameFile::serialize(Game(setup()))));
        QVERIFY(p0.expect(MessageType::ClubCreated));
        p1.send(NetMessage::clubJoin(
            1, setup().players[1].name,
            QString::fromUtf8(FleetFile::serialize(setup().players[1].fleet))));
        QVERIFY(p0.expect(MessageType::ClubSeat) && p1.expect(MessageType::ClubSeat));
        const auto g = p0.expect(MessageType::GameSetup);
        QVERIFY(g && p1.expect(MessageType::GameSetup));
        const GameSetup s = GameFile::parse(g->game, QStringLiteral("g")).game->setup();
        p0.send(NetMessage::hello(setupHash(s), 0, kSessionFeatures));
        p1.send(NetMessage::hello(setupHash(s), 1, kSeal));
        const auto h0 = p0.expect(MessageType::Hello), h1 = p1.expect(MessageType::Hello);
        QVERIFY(h0 && h1);
        QCOMPARE(h0->features, kSeal); // player 1 does not read `why`
        QCOMPARE(h1->features, kSessionFeatures); // player 0 does: player 1 may send it
        const NetMessage refusal = NetMessage::error(
            DataText::of(QT_TRANSLATE_NOOP("jw::Data", "desync after command %1"), {0}));
        QVERIFY(!refusal.why.isEmpty());
        p1.send(refusal);
        const auto relayed = p0.nextOf(MessageType::Error);
        QVERIFY(relayed);
        QCOMPARE(relayed->text, QStringLiteral("desync after command 0"));
        QCOMPARE(relayed->why.english(), relayed->text);
        QVERIFY(relayed->why.isTranslatable());
    }
};

QTEST_GUILESS_MAIN(TestSealed)
#include "tst_sealed.moc"
