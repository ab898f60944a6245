// SPDX-License-Identifier: GPL-3.0-or-later
// A masked lobby (docs/network.md, "A masked lobby"): the joiner of a v1.2.4 game sends its
// fleet's public part and a commitment a model, never a card; the host sends the game masked for
// both sides. A frame tap on the connection proves that no unit id or name of a hidden fleet
// crosses the wire before its reveal; the whole game still ends the same on both sides.
#include "../engine/samplefleets.h"
#include "engine/gamefile.h"
#include "engine/gamejson.h"
#include "engine/maskedview.h"
#include "engine/randomplayer.h"
#include "fleet/fleetfile.h"
#include "fleet/fleetvalidator.h"
#include "net/maskedresume.h"
#include "net/netlobby.h"
#include "net/netsession.h"
#include "net/protocol.h"
#include "units/unitdatabase.h"

#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>
#include <QProcess>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <memory>
#include <set>

using namespace jw;
using namespace jw::net;
using NetMessage = jw::net::Message;

namespace {

using jw::test::db;

const QString kHostFleet = QStringLiteral("cega-carrier-group.jwfleet");
const QString kJoinerFleet = QStringLiteral("jovian-battle-group.jwfleet");

// The host's game for a joiner: the sample fleet with carriers against the joiner's, v1.2.4
// (or `rules`), on Fleet Engagement.
NetLobby::MakeSetup makeSetup(const QString &rules = QStringLiteral("v1.2.4"))
{
    return
        [rules](const QString &name, const Fleet &fleet, QString *why) -> std::optional<GameSetup> {
            GameSetup setup;
            setup.setScenario(*jw::test::scenarios().byId(QStringLiteral("fleet-engagement")));
            setup.rules = rules;
            setup.seed = 7;
            setup.players[0] = PlayerSetup {QStringLiteral("Host"), jw::test::sample(kHostFleet)};
            setup.players[1] = PlayerSetup {name, fleet};
            // A network host's game: the joiner's fleet may be stand-ins (as New Game's).
            if (auto err = GameSetup::fillUnits(setup, db(), GameSetup::StandIns::Allowed)) {
                *why = *err;
                return std::nullopt;
            }
            return setup;
        };
}

// A relay between the joiner and the host that keeps every byte each way (the frame tap).
class Tap : public QObject
{
public:
    explicit Tap(quint16 target)
        : m_target(target)
    {
        m_server.listen(QHostAddress::LocalHost, 0);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *in = m_server.nextPendingConnection()) {
                auto *out = new QTcpSocket(this);
                ++connections;
                // The first connection may be answered by `firstAnswer` (an older host).
                if (firstAnswer && connections == 1) {
                    connect(in, &QTcpSocket::readyRead, this, [this, in] {
                        const QByteArray bytes = in->readAll();
                        toHost += bytes;
                        in->write(firstAnswer(bytes));
                        in->disconnectFromHost();
                    });
                    continue;
                }
                m_links << in << out;
                auto pending = std::make_shared<QByteArray>();
                connect(in, &QTcpSocket::readyRead, this, [this, in, out, pending] {
                    const QByteArray bytes = in->readAll();
                    toHost += bytes;
                    if (out->state() == QAbstractSocket::ConnectedState)
                        out->write(bytes);
                    else
                        *pending += bytes;
                });
                connect(out, &QTcpSocket::connected, this, [out, pending] {
                    out->write(*pending);
                    pending->clear();
                });
                connect(out, &QTcpSocket::readyRead, this, [this, in, out] {
                    const QByteArray bytes = out->readAll();
                    toJoiner += bytes;
                    in->write(bytes);
                });
                connect(in, &QTcpSocket::disconnected, out, &QTcpSocket::disconnectFromHost);
                connect(out, &QTcpSocket::disconnected, in, &QTcpSocket::disconnectFromHost);
                out->connectToHost(QHostAddress::LocalHost, m_target);
            }
        });
    }
    [[nodiscard]] quint16 port() const { return m_server.serverPort(); }
    // The connection drops: every relayed socket aborted.
    void drop()
    {
        for (const QPointer<QTcpSocket> &s : std::as_const(m_links))
            if (s)
                s->abort();
    }

    QByteArray toHost; // the joiner's bytes
    QByteArray toJoiner; // the host's bytes
    int connections = 0;
    std::function<QByteArray(const QByteArray &)> firstAnswer;

private:
    QTcpServer m_server;
    quint16 m_target;
    QList<QPointer<QTcpSocket>> m_links;
};

// jwfleet-cli with `args`: its exit code, its standard output in `out`.
int runCli(const QStringList &args, QByteArray *out)
{
    QProcess p;
    p.start(QStringLiteral(JW_CLI_PATH), args);
    if (!p.waitForFinished(60000))
        return -1;
    *out = p.readAllStandardOutput();
    return p.exitCode();
}

bool waitUntil(const std::function<bool()> &done, int ms)
{
    QEventLoop loop;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (done())
            loop.quit();
    });
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    poll.start(20);
    if (!done())
        loop.exec();
    return done();
}

void driveRandom(NetSession &s, RandomPlayer &r, std::size_t cap)
{
    QObject::connect(&s, &NetSession::turn, &s, [&s, &r, cap] {
        QTimer::singleShot(0, &s, [&s, &r, cap] {
            if (!s.myTurn())
                return;
            if (s.game()->history().size() >= cap)
                return s.finish(QStringLiteral("enough"));
            const auto c = r.choose(s.game()->engine(), s.game()->state());
            if (!c || !s.submit(*c))
                s.finish(QStringLiteral("no command"));
        });
    });
}

// The words that name `player`'s entry `e` of `fleet` (its unit id, the unit's name, its own
// name), quoted as JSON and YAML write them, or bare in a YAML fleet file.
QStringList wordsOf(const Fleet &fleet, int e)
{
    const FleetEntry &entry = fleet.entries[std::size_t(e)];
    const Unit *u = db().unit(entry.unitId);
    QStringList w {entry.unitId};
    if (u)
        w << u->name;
    if (!entry.name.isEmpty())
        w << entry.name;
    return w;
}

// The frames of `stream` in which a word of one of `fleet`'s models (model ids from `first`)
// appears before that model's reveal (a word another model already revealed shares aside).
QStringList leaksIn(const QByteArray &stream, const Fleet &fleet, int first)
{
    FrameReader reader;
    std::set<int> revealed;
    QStringList leaks;
    int index = 0;
    for (const auto &item : reader.feed(stream)) {
        ++index;
        const Decoded d = decodePayload(item.payload);
        if (d.message)
            for (const HiddenReveal &r : d.message->reveals)
                revealed.insert(r.model);
        QStringList allowed;
        for (int m : revealed)
            if (m >= first && m < first + fleet.size())
                allowed << wordsOf(fleet, m - first);
        for (int e = 0; e < fleet.size(); ++e) {
            if (revealed.count(first + e))
                continue;
            for (const QString &w : wordsOf(fleet, e))
                if (!allowed.contains(w) && item.payload.contains(w.toUtf8()))
                    leaks << QStringLiteral("frame %1 (%2): '%3' of model %4")
                                 .arg(index)
                                 .arg(d.message ? messageTypeId(d.message->type) : d.error)
                                 .arg(w)
                                 .arg(first + e);
        }
    }
    return leaks;
}

// A host and a joiner of the lobby, then their sessions, through a tap.
struct Match
{
    NetLobby host;
    NetLobby joiner;
    std::unique_ptr<Tap> tap;
    std::unique_ptr<NetSession> sessions[2];
    std::optional<MaskedLobby> agreed[2];
    QStringList logs[2];
    GameSetup setups[2];
    QString failed;
    QStringList refused;
    RandomPlayer players[2] {RandomPlayer {11}, RandomPlayer {12}};
    std::size_t cap = 3000;
    // Changes the joiner's agreement before its session starts (a forged game).
    std::function<void(MaskedLobby &)> forge;
    bool masks[2] {true, true};
    bool ask = false; // the joiner shows the game first (the GUI's): accepted at once
    std::optional<GameSetup> offered;

    bool start(bool hostMasks, bool joinerMasks, const Fleet &fleet, NetLobby::MakeSetup make)
    {
        QString error;
        masks[0] = hostMasks;
        masks[1] = joinerMasks;
        host.setMaskSecrets(hostMasks);
        if (!host.host(0, std::move(make), &error))
            return false;
        tap = std::make_unique<Tap>(host.serverPort());
        joiner.setMaskSecrets(joinerMasks, &db());
        joiner.setAskBeforeStart(ask);
        QObject::connect(&joiner, &NetLobby::offered, &joiner, [this](const GameSetup &setup) {
            offered = setup;
            joiner.acceptOffer();
        });
        auto ready = [this](NetLobby *lobby, const GameSetup &setup, int side, QTcpSocket *s) {
            setups[side] = setup;
            sessions[side] = std::make_unique<NetSession>(setup, side);
            NetSession &session = *sessions[side];
            session.setMaskSecrets(masks[side]); // as the GUI: the lobby's and the session's
            // the same
            agreed[side] = lobby->maskedLobby();
            if (agreed[side] && side == 1 && forge)
                forge(*agreed[side]);
            if (agreed[side])
                session.setMaskedLobby(*agreed[side]);
            QObject::connect(&session, &NetSession::logMessage, &session,
                             [this, side](const QString &t) { logs[side] << t; });
            driveRandom(session, players[side], cap);
            session.attach(s);
        };
        QObject::connect(&host, &NetLobby::ready, &host,
                         [this, ready](const GameSetup &setup, int side, QTcpSocket *s) {
                             ready(&host, setup, side, s);
                         });
        QObject::connect(&joiner, &NetLobby::ready, &joiner,
                         [this, ready](const GameSetup &setup, int side, QTcpSocket *s) {
                             ready(&joiner, setup, side, s);
                         });
        QObject::connect(&joiner, &NetLobby::failed, &joiner,
                         [this](const QString &why) { failed = why; });
        QObject::connect(&host, &NetLobby::peerRefused, &host,
                         [this](const QString &why) { refused << why; });
        joiner.join(QStringLiteral("127.0.0.1"), tap->port(), QStringLiteral("Joiner"), fleet);
        return true;
    }
    [[nodiscard]] bool ended() const
    {
        auto done = [](const NetSession *s) {
            return s
                && (s->status() == NetSession::Status::Over
                    || s->status() == NetSession::Status::Stopped);
        };
        return !failed.isEmpty() || (done(sessions[0].get()) && done(sessions[1].get()));
    }
    [[nodiscard]] QString report() const
    {
        QString out = failed;
        for (int side = 0; side < 2; ++side)
            if (sessions[side])
                out += QStringLiteral("\nside %1: %2\n%3")
                           .arg(side)
                           .arg(sessions[side]->statusText(), logs[side].join(QLatin1Char('\n')));
        return out;
    }
};

} // namespace

class TestMaskedLobby : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // A stand-in's card is given only to a network host's game (a masked lobby's public part):
    // a fleet file or a script naming one (jwfleet-cli ai-match, New Game) names a unit the
    // database does not have.
    void standInsOnlyWhereAllowed()
    {
        GameSetup setup;
        setup.players[0] = PlayerSetup {QStringLiteral("Host"), jw::test::sample(kHostFleet)};
        Fleet sneaky;
        sneaky.faction = QStringLiteral("jovian");
        sneaky.entries = {FleetEntry {standInUnit(false).id, QString(), {}}};
        setup.players[1] = PlayerSetup {QStringLiteral("Eve"), sneaky};
        GameSetup refused = setup;
        const auto why = GameSetup::fillUnits(refused, db());
        QVERIFY(why);
        QCOMPARE(*why, QStringLiteral("unknown unit 'jw-hidden-capital' in Eve's fleet"));
        QVERIFY(!GameSetup::fillUnits(setup, db(), GameSetup::StandIns::Allowed));
        QVERIFY(setup.unit(standInUnit(false).id));
    }

    // The joiner's join of a masked lobby: the public part (stand-ins), the commitments, no
    // card; the decoder takes it back, and refuses a malformed one with a sentence.
    void maskedJoinDecodes()
    {
        const QString hash(64, QLatin1Char('a'));
        const NetMessage join
            = NetMessage::join(QStringLiteral("Joiner"), QStringLiteral("units: []\n"),
                               {kFeatureMaskedSecrets, kFeatureMaskedLobby}, {hash, hash});
        const Decoded d = decodePayload(encodePayload(join));
        QVERIFY2(d.message, qPrintable(d.error));
        QCOMPARE(d.message->hashes, QStringList({hash, hash}));
        QCOMPARE(encodePayload(*d.message), encodePayload(join));
        // A join without commitments reads as before (no field added).
        QVERIFY(!encodePayload(NetMessage::join(QStringLiteral("J"), QStringLiteral("x")))
                     .contains("commitments"));
        auto refusal = [](const QJsonObject &o) {
            const Decoded r = decodePayload(QJsonDocument(o).toJson(QJsonDocument::Compact));
            return r.message ? QString() : r.error;
        };
        QJsonObject base = QJsonDocument::fromJson(encodePayload(join)).object();
        const QString expected = QStringLiteral(
            "join: 'commitments' must be a list of 1 to 1000 hashes of 64 lower-case hex digits, "
            "with the feature 'masked-lobby'");
        QJsonObject o = base;
        o.insert(QStringLiteral("commitments"), QJsonArray {QString(64, QLatin1Char('A'))});
        QCOMPARE(refusal(o), expected); // upper-case hex
        o.insert(QStringLiteral("commitments"), QJsonArray {QString(63, QLatin1Char('a'))});
        QCOMPARE(refusal(o), expected); // a digit short
        o.insert(QStringLiteral("commitments"), QJsonArray {});
        QCOMPARE(refusal(o), expected); // none
        o.insert(QStringLiteral("commitments"), QStringLiteral("x"));
        QCOMPARE(refusal(o), expected); // not a list
        QJsonArray many;
        for (int i = 0; i < 1001; ++i)
            many.append(hash);
        o.insert(QStringLiteral("commitments"), many);
        QCOMPARE(refusal(o), expected); // over 1,000
        o = base;
        o.insert(QStringLiteral("features"), QJsonArray {kFeatureMaskedSecrets});
        QCOMPARE(refusal(o), expected); // without the feature
        // The host's refusal of a masked join for a game that is not masked is the sentence the
        // joiner knows.
        QCOMPARE(kMaskedLobbyRefusal,
                 QStringLiteral("this game is not masked: join with the fleet in clear"));
    }

    // A v1.2.4 game from a masked lobby, played to its end: no unit id or name of either hidden
    // fleet crosses the wire before its reveal (the join and the game-setup included); both
    // saved games are the same whole game, whose dice and reveals verify; the commitments of
    // the lobby are the game's.
    void maskedLobbyPlays()
    {
        Match match;
        const Fleet joinerFleet = jw::test::sample(kJoinerFleet);
        QVERIFY(match.start(true, true, joinerFleet, makeSetup()));
        QVERIFY2(waitUntil([&] { return match.ended(); }, 300000), qPrintable(match.report()));
        QVERIFY2(match.failed.isEmpty(), qPrintable(match.failed));
        NetSession &host = *match.sessions[0];
        NetSession &guest = *match.sessions[1];
        QVERIFY2(host.status() == NetSession::Status::Over, qPrintable(match.report()));
        QVERIFY2(guest.status() == NetSession::Status::Over, qPrintable(match.report()));
        QVERIFY(host.masksSecrets() && guest.masksSecrets());
        QVERIFY(!host.lobbyInClear() && !guest.lobbyInClear());
        // The lobby's agreements: the host has the joiner's commitments, the joiner its secrets.
        QVERIFY(match.agreed[0] && !match.agreed[0]->clear && !match.agreed[0]->theirs.empty());
        QVERIFY(match.agreed[1] && !match.agreed[1]->clear && match.agreed[1]->mine);
        // Each side was given the other's models as stand-ins.
        QVERIFY(hasStandIns(match.setups[0], 1) && !hasStandIns(match.setups[0], 0));
        QVERIFY(hasStandIns(match.setups[1], 0) && !hasStandIns(match.setups[1], 1));
        // The whole game, the same on both sides; its commitments those of the lobby.
        QCOMPARE(GameFile::serialize(*host.game()), GameFile::serialize(*guest.game()));
        const GameFile::DiceCheck check = GameFile::verifyDice(*host.game());
        QVERIFY2(check.ok(), qPrintable(check.problems.join(QLatin1Char('\n'))));
        QVERIFY(check.masked);
        const Fleet hostFleet = jw::test::sample(kHostFleet);
        const int first = hostFleet.size();
        QCOMPARE(check.maskedModels, first + joinerFleet.size());
        const std::vector<QString> &commitments = host.game()->maskedRecord()->commitments;
        for (int i = 0; i < joinerFleet.size(); ++i)
            QCOMPARE(commitments[std::size_t(first + i)],
                     match.agreed[0]->theirs[std::size_t(first + i)]);
        QCOMPARE(host.game()->setup().players[1].fleet, joinerFleet);
        QCOMPARE(guest.game()->setup().players[0].fleet, hostFleet);
        // The tap: no card of a hidden model before its reveal, either way.
        QVERIFY(!match.tap->toHost.isEmpty() && !match.tap->toJoiner.isEmpty());
        const QStringList toHost = leaksIn(match.tap->toHost, joinerFleet, first);
        QVERIFY2(toHost.isEmpty(), qPrintable(toHost.join(QLatin1Char('\n'))));
        const QStringList toJoiner = leaksIn(match.tap->toJoiner, hostFleet, 0);
        QVERIFY2(toJoiner.isEmpty(), qPrintable(toJoiner.join(QLatin1Char('\n'))));
        // (The check finds a card: the game's last frames carry them all, revealed.)
        QVERIFY(match.tap->toHost.contains(joinerFleet.entries.front().unitId.toUtf8()));
        for (const QStringList &log : match.logs)
            QCOMPARE(
                log.filter(QStringLiteral("hidden models are masked in this game: each")).size(),
                1);
        // `game --verify` checks the fleets revealed under the fleet rules: legal here; a file
        // whose fleet's points value is changed (not committed to: public, in the lobby) keeps
        // its reveals verified, and the illegal fleet is reported.
        QTemporaryDir tmp;
        const QString path = tmp.filePath(QStringLiteral("lobby.jwgame"));
        QVERIFY(GameFile::write(*host.game(), path).isEmpty());
        QByteArray out;
        QCOMPARE(runCli({QStringLiteral("game"), path, QStringLiteral("--verify"),
                         QStringLiteral("--json")},
                        &out),
                 0);
        QJsonObject verified = QJsonDocument::fromJson(out).object();
        QVERIFY2(verified.value(QStringLiteral("ok")).toBool(), out.constData());
        QCOMPARE(verified.value(QStringLiteral("illegal_fleets")).toArray().size(), 0);
        QJsonObject root = QJsonDocument::fromJson(GameFile::serialize(*host.game())).object();
        QJsonObject setupJson = root.value(QStringLiteral("setup")).toObject();
        QJsonArray playersJson = setupJson.value(QStringLiteral("players")).toArray();
        QJsonObject joinerJson = playersJson[1].toObject();
        QJsonObject fleetJson = joinerJson.value(QStringLiteral("fleet")).toObject();
        QVERIFY(fleetJson.contains(QStringLiteral("points")));
        fleetJson.insert(QStringLiteral("points"), 10);
        joinerJson.insert(QStringLiteral("fleet"), fleetJson);
        playersJson[1] = joinerJson;
        setupJson.insert(QStringLiteral("players"), playersJson);
        root.insert(QStringLiteral("setup"), setupJson);
        const QString illegalPath = tmp.filePath(QStringLiteral("illegal.jwgame"));
        QFile f(illegalPath);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(root).toJson());
        f.close();
        QCOMPARE(runCli({QStringLiteral("game"), illegalPath, QStringLiteral("--verify")}, &out),
                 0);
        QVERIFY2(out.contains("hidden models and"), out.constData());
        QVERIFY2(out.contains("the fleet of player 2 (Joiner), revealed at the end, is not legal "
                              "under the fleet rules: "),
                 out.constData());
        QVERIFY(!out.contains("the fleet of player 1"));
        QCOMPARE(runCli({QStringLiteral("game"), illegalPath, QStringLiteral("--verify"),
                         QStringLiteral("--json")},
                        &out),
                 0);
        verified = QJsonDocument::fromJson(out).object();
        const QJsonArray illegal = verified.value(QStringLiteral("illegal_fleets")).toArray();
        QCOMPARE(illegal.size(), 1);
        QCOMPARE(illegal[0].toObject().value(QStringLiteral("player")).toInt(), 1);
        QVERIFY(!illegal[0].toObject().value(QStringLiteral("problems")).toArray().isEmpty());
        qInfo("%zu commands; %lld bytes to the host, %lld to the joiner",
              host.game()->history().size(), qint64(match.tap->toHost.size()),
              qint64(match.tap->toJoiner.size()));
    }

    // A masked lobby's game whose connection drops mid-way: the joiner connects again (as the
    // table's Reconnect does, the same session), the host's lobby hands the connection to its
    // session, both resume masked from the last agreed command and play to the end; both saved
    // games the same whole game.
    void dropAndReconnect()
    {
        Match match;
        int dropAt = 40;
        bool dropped = false;
        QVERIFY(match.start(true, true, jw::test::sample(kJoinerFleet), makeSetup()));
        QObject::connect(&match.host, &NetLobby::reconnected, &match.host,
                         [&](QTcpSocket *s) { match.sessions[0]->attach(s); });
        QVERIFY(waitUntil([&] { return match.sessions[1] != nullptr; }, 20000));
        QObject::connect(match.sessions[1].get(), &NetSession::applied, match.sessions[1].get(),
                         [&](int index) {
                             if (!dropped && index + 1 >= dropAt) {
                                 dropped = true;
                                 match.tap->drop();
                             }
                         });
        QVERIFY2(waitUntil(
                     [&] {
                         return dropped
                             && match.sessions[1]->status() == NetSession::Status::Paused;
                     },
                     120000),
                 qPrintable(match.report()));
        auto *s = new QTcpSocket;
        s->connectToHost(QHostAddress::LocalHost, match.host.serverPort());
        match.sessions[1]->attach(s);
        QVERIFY2(waitUntil([&] { return match.ended(); }, 300000), qPrintable(match.report()));
        NetSession &host = *match.sessions[0];
        NetSession &guest = *match.sessions[1];
        QVERIFY2(host.status() == NetSession::Status::Over, qPrintable(match.report()));
        QVERIFY2(guest.status() == NetSession::Status::Over, qPrintable(match.report()));
        QVERIFY(host.masksSecrets() && guest.masksSecrets());
        QCOMPARE(GameFile::serialize(*host.game()), GameFile::serialize(*guest.game()));
        const GameFile::DiceCheck check = GameFile::verifyDice(*host.game());
        QVERIFY2(check.ok(), qPrintable(check.problems.join(QLatin1Char('\n'))));
        QVERIFY(check.masked);
    }

    // The joiner of the GUI asks its player first (`offer`): the game offered is the masked one
    // (the host's models stand-ins, the joiner's own cards), accepted, and played masked.
    void maskedOfferAccepted()
    {
        Match match;
        match.ask = true;
        match.cap = 12;
        QVERIFY(match.start(true, true, jw::test::sample(kJoinerFleet), makeSetup()));
        QVERIFY2(waitUntil([&] { return match.ended(); }, 120000), qPrintable(match.report()));
        QVERIFY2(match.failed.isEmpty(), qPrintable(match.failed));
        QVERIFY(match.offered);
        QVERIFY(hasStandIns(*match.offered, 0) && !hasStandIns(*match.offered, 1));
        QCOMPARE(match.offered->players[1].fleet, jw::test::sample(kJoinerFleet));
        QCOMPARE(match.offered->players[0].fleet.name, jw::test::sample(kHostFleet).name);
        QCOMPARE(match.offered->players[0].fleet.points, jw::test::sample(kHostFleet).points);
        QVERIFY(match.sessions[0]->masksSecrets() && match.sessions[1]->masksSecrets());
        QVERIFY(match.sessions[0]->game()->history().size() >= 12);
        const QStringList leaks = leaksIn(match.tap->toHost, jw::test::sample(kJoinerFleet),
                                          jw::test::sample(kHostFleet).size());
        QVERIFY2(leaks.isEmpty(), qPrintable(leaks.join(QLatin1Char('\n'))));
    }

    // jwfleet-cli net-join --fleet joins a host's masked lobby as the GUI does: its fleet's cards
    // do not cross the wire before their reveals, the game ends masked, both saved games the same.
    void cliJoinsMasked()
    {
        NetLobby host;
        host.setMaskSecrets(true);
        QString error;
        QVERIFY(host.host(0, makeSetup(), &error));
        Tap tap(host.serverPort());
        std::unique_ptr<NetSession> session;
        RandomPlayer random(31);
        QObject::connect(&host, &NetLobby::ready, &host,
                         [&](const GameSetup &setup, int side, QTcpSocket *s) {
                             session = std::make_unique<NetSession>(setup, side);
                             session->setMaskSecrets(true);
                             if (const auto lobby = host.maskedLobby())
                                 session->setMaskedLobby(*lobby);
                             driveRandom(*session, random, 3000);
                             session->attach(s);
                         });
        QTemporaryDir tmp;
        const QString fleetPath = tmp.filePath(QStringLiteral("eve.jwfleet"));
        const Fleet fleet = jw::test::sample(kJoinerFleet);
        QVERIFY(FleetFile::write(fleet, fleetPath).ok());
        const QString savePath = tmp.filePath(QStringLiteral("eve.jwgame"));
        QProcess cli;
        cli.start(QStringLiteral(JW_CLI_PATH),
                  {QStringLiteral("net-join"), QStringLiteral("--fleet"), fleetPath,
                   QStringLiteral("--name"), QStringLiteral("Eve"), QStringLiteral("--host"),
                   QStringLiteral("127.0.0.1"), QStringLiteral("--port"),
                   QString::number(tap.port()), QStringLiteral("--random"), QStringLiteral("5"),
                   QStringLiteral("--save"), savePath});
        QVERIFY(cli.waitForStarted(10000));
        QVERIFY(waitUntil([&] { return cli.state() == QProcess::NotRunning; }, 300000));
        const QByteArray said = cli.readAllStandardOutput() + cli.readAllStandardError();
        QVERIFY2(cli.exitCode() == 0, said.constData());
        QVERIFY(session);
        QVERIFY2(waitUntil([&] { return session->status() == NetSession::Status::Over; }, 30000),
                 qPrintable(session->statusText()));
        QVERIFY(session->masksSecrets() && !session->lobbyInClear());
        QVERIFY2(said.contains("hidden models are masked in this game: each"), said.constData());
        QVERIFY(!said.contains("but the lobby sent the fleets in clear"));
        const GameFile::Loaded theirs = GameFile::read(savePath);
        QVERIFY2(theirs.game, qPrintable(theirs.error));
        QCOMPARE(GameFile::serialize(*theirs.game, std::nullopt),
                 GameFile::serialize(*session->game(), std::nullopt));
        QVERIFY(GameFile::verifyDice(*theirs.game).ok());
        const int first = jw::test::sample(kHostFleet).size();
        const QStringList leaks = leaksIn(tap.toHost, fleet, first);
        QVERIFY2(leaks.isEmpty(), qPrintable(leaks.join(QLatin1Char('\n'))));
        const QStringList back = leaksIn(tap.toJoiner, jw::test::sample(kHostFleet), 0);
        QVERIFY2(back.isEmpty(), qPrintable(back.join(QLatin1Char('\n'))));
    }

    // An older host (it does not know the join's field 'commitments'): the joiner joins again
    // with its fleet in clear, as before; the game is masked, and both logs say the fleets went
    // in clear in the lobby.
    void olderHostFallsBack()
    {
        Match match;
        match.cap = 6;
        const Fleet joinerFleet = jw::test::sample(kJoinerFleet);
        QVERIFY(match.start(true, true, joinerFleet, makeSetup()));
        // The tap answers the first connection as a host of an older program does.
        match.tap->firstAnswer = [](const QByteArray &) {
            return encodeFrame(NetMessage::withText(
                MessageType::Error, QStringLiteral("join: unknown field 'commitments'")));
        };
        QVERIFY2(waitUntil([&] { return match.ended(); }, 120000), qPrintable(match.report()));
        QVERIFY2(match.failed.isEmpty(), qPrintable(match.failed));
        QCOMPARE(match.tap->connections, 2);
        // The second join is the fleet in clear.
        FrameReader reader;
        const auto frames = reader.feed(match.tap->toHost);
        QVERIFY(frames.size() >= 2);
        const Decoded first = decodePayload(frames[0].payload);
        QVERIFY(first.message && !first.message->hashes.isEmpty());
        const Decoded second = decodePayload(frames[1].payload);
        QVERIFY(second.message && second.message->type == MessageType::Join);
        QVERIFY(second.message->hashes.isEmpty());
        QVERIFY(!second.message->features.contains(kFeatureMaskedLobby));
        QVERIFY(second.message->text.contains(joinerFleet.entries.front().unitId));
        QVERIFY(match.agreed[0] && match.agreed[0]->clear);
        QVERIFY(match.agreed[1] && match.agreed[1]->clear);
        for (int side = 0; side < 2; ++side) {
            QVERIFY(match.sessions[side]->masksSecrets());
            QVERIFY(match.sessions[side]->lobbyInClear());
            QCOMPARE(match.logs[side]
                         .filter(QStringLiteral("hidden models are masked in this game: each"))
                         .size(),
                     1);
            QCOMPARE(match.logs[side]
                         .filter(QStringLiteral("but the lobby sent the fleets in clear: both "
                                                "programs have both fleets' cards"))
                         .size(),
                     1);
        }
        QVERIFY(match.refused.isEmpty());
    }

    // A host whose game is not masked (v1.2.2, or a host that does not mask) refuses the masked
    // join without a word to its player; the joiner joins again in clear, and the game is the
    // one of a lobby in clear.
    void gameNotMaskedJoinsInClear_data()
    {
        QTest::addColumn<QString>("rules");
        QTest::addColumn<bool>("hostMasks");
        QTest::addRow("v1.2.2") << QStringLiteral("v1.2.2") << true;
        QTest::addRow("host does not mask") << QStringLiteral("v1.2.4") << false;
    }
    void gameNotMaskedJoinsInClear()
    {
        QFETCH(QString, rules);
        QFETCH(bool, hostMasks);
        Match match;
        match.cap = 4;
        QVERIFY(match.start(hostMasks, true, jw::test::sample(kJoinerFleet), makeSetup(rules)));
        QVERIFY2(waitUntil([&] { return match.ended(); }, 120000), qPrintable(match.report()));
        QVERIFY2(match.failed.isEmpty(), qPrintable(match.failed));
        QCOMPARE(match.tap->connections, 2);
        QVERIFY(match.refused.isEmpty()); // not a refusal the host's player is told of
        QVERIFY(!hasStandIns(match.setups[0], 1));
        QVERIFY(!hasStandIns(match.setups[1], 0));
        QVERIFY(!match.sessions[0]->masksSecrets());
        QCOMPARE(match.sessions[0]->status(), NetSession::Status::Over);
    }

    // Forged masked joins are refused with why, and change nothing: the host keeps listening and
    // agrees on nothing; a joiner whose game commits to other models than its join did is
    // stopped by the host's session.
    void forgedMaskedJoinRefused_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("why");
        QTest::addRow("count") << QStringLiteral("count")
                               << QStringLiteral("a masked join: the fleet must be 2 stand-ins");
        QTest::addRow("card") << QStringLiteral("card")
                              << QStringLiteral("a masked join: the fleet must be 1 stand-ins");
        QTest::addRow("named") << QStringLiteral("named")
                               << QStringLiteral("a masked join: the fleet must be 1 stand-ins");
        QTest::addRow("bad hash") << QStringLiteral("hash")
                                  << QStringLiteral("join: 'commitments' must be a list");
    }
    void forgedMaskedJoinRefused()
    {
        QFETCH(QString, kind);
        QFETCH(QString, why);
        NetLobby host;
        host.setMaskSecrets(true);
        QString error;
        int made = 0;
        NetLobby::MakeSetup make = makeSetup();
        QVERIFY(host.host(
            0,
            [&](const QString &n, const Fleet &f, QString *w) {
                ++made;
                return make(n, f, w);
            },
            &error));
        QSignalSpy refused(&host, &NetLobby::peerRefused);
        QSignalSpy ready(&host, &NetLobby::ready);
        Fleet fleet;
        fleet.faction = QStringLiteral("jovian");
        fleet.points = 500;
        fleet.entries.push_back(FleetEntry {standInUnit(false).id, {}, std::nullopt, {}});
        const QString hash(64, QLatin1Char('b'));
        QStringList hashes {hash};
        if (kind == QLatin1String("count")) // two commitments, one model
            hashes << hash;
        if (kind == QLatin1String("card"))
            fleet.entries.front().unitId = jw::test::sample(kJoinerFleet).entries.front().unitId;
        if (kind == QLatin1String("named"))
            fleet.entries.front().name = QStringLiteral("JCS Vigilant");
        QByteArray frame = encodeFrame(NetMessage::join(
            QStringLiteral("Forger"), QString::fromUtf8(FleetFile::serialize(fleet)),
            {kFeatureMaskedSecrets, kFeatureMaskedLobby}, hashes));
        if (kind == QLatin1String("hash"))
            frame.replace(hash.toUtf8(), QByteArray(64, 'g'));
        QTcpSocket s;
        s.connectToHost(QHostAddress::LocalHost, host.serverPort());
        QVERIFY(s.waitForConnected(5000));
        s.write(frame);
        QVERIFY(waitUntil([&] { return refused.count() > 0; }, 10000));
        QVERIFY2(refused.first().first().toString().contains(why),
                 qPrintable(refused.first().first().toString()));
        QCOMPARE(ready.count(), 0);
        QCOMPARE(made, 0); // the host's game was not made for it
        QVERIFY(!host.maskedLobby());
        // The forger is told why.
        QVERIFY(waitUntil([&] { return s.bytesAvailable() > 4; }, 5000));
        FrameReader reader;
        const auto items = reader.feed(s.readAll());
        QVERIFY(!items.empty());
        const Decoded d = decodePayload(items.front().payload);
        QVERIFY(d.message && d.message->type == MessageType::Error);
        QVERIFY2(d.message->text.contains(why), qPrintable(d.message->text));
        // The host still takes an honest joiner.
        NetLobby joiner;
        joiner.setMaskSecrets(true, &db());
        QSignalSpy joined(&joiner, &NetLobby::ready);
        joiner.join(QStringLiteral("127.0.0.1"), host.serverPort(), QStringLiteral("Joiner"),
                    jw::test::sample(kJoinerFleet));
        QSignalSpy failed(&joiner, &NetLobby::failed);
        QVERIFY2(waitUntil([&] { return joined.count() == 1 && ready.count() == 1; }, 10000),
                 qPrintable(failed.isEmpty() ? QStringLiteral("no answer")
                                             : failed.first().first().toString()));
        QVERIFY(host.maskedLobby() && !host.maskedLobby()->clear);
        QVERIFY(joined.first().at(2).value<QTcpSocket *>());
        delete joined.first().at(2).value<QTcpSocket *>();
        delete ready.first().at(2).value<QTcpSocket *>();
    }

    // A joiner whose game commits to other models than its join did (other nonces: a second
    // set) is stopped by the host's session before the start, with why; nothing is played.
    void otherCommitmentsStop()
    {
        Match match;
        const Fleet joinerFleet = jw::test::sample(kJoinerFleet);
        // Fresh nonces for every model: commitments the lobby did not see.
        match.forge = [&match](MaskedLobby &lobby) {
            lobby.mine = ModelSecrets::generate(match.setups[1], 1);
        };
        QVERIFY(match.start(true, true, joinerFleet, makeSetup()));
        QVERIFY2(waitUntil([&] { return match.ended(); }, 60000), qPrintable(match.report()));
        QVERIFY2(match.sessions[0]->status() == NetSession::Status::Stopped,
                 qPrintable(match.report()));
        QCOMPARE(match.sessions[0]->statusText(),
                 QStringLiteral("commitments: the peer commits to other models than in the "
                                "lobby; the game stops"));
        QVERIFY(!match.sessions[0]->game()); // nothing started
    }

    // The joiner's program does not offer an illegal fleet as commitments (nobody could check
    // it before the end): it joins in clear, as before, where the host sees the fleet and may
    // refuse it; the game is masked, and the logs say the fleets went in clear.
    void illegalFleetGoesInClear()
    {
        Match match;
        match.cap = 4;
        Fleet fleet = jw::test::sample(kJoinerFleet);
        fleet.points = 10; // far under the fleet's cost
        QVERIFY(!validateFleet(fleet, db()).legal());
        QVERIFY(match.start(true, true, fleet, makeSetup()));
        QVERIFY2(waitUntil([&] { return match.ended(); }, 120000), qPrintable(match.report()));
        QVERIFY2(match.failed.isEmpty(), qPrintable(match.failed));
        QCOMPARE(match.tap->connections, 1);
        FrameReader reader;
        const auto frames = reader.feed(match.tap->toHost);
        QVERIFY(!frames.empty());
        const Decoded join = decodePayload(frames[0].payload);
        QVERIFY(join.message && join.message->type == MessageType::Join);
        QVERIFY(join.message->hashes.isEmpty());
        QVERIFY(join.message->text.contains(fleet.entries.front().unitId));
        QVERIFY(match.sessions[0]->masksSecrets() && match.sessions[0]->lobbyInClear());
        QVERIFY(match.sessions[1]->lobbyInClear());
        QCOMPARE(match.logs[1]
                     .filter(QStringLiteral("but the lobby sent the fleets in clear: both "
                                            "programs have both fleets' cards"))
                     .size(),
                 1);
    }
};

QTEST_GUILESS_MAIN(TestMaskedLobby)
#include "tst_maskedlobby.moc"
