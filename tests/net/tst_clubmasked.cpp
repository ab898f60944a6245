// SPDX-License-Identifier: GPL-3.0-or-later
// Masked v1.2.4 club games that pause and resume (docs/network.md, "Masked games through the
// club server"): a player who drops mid-game, a dice exchange bound, and both take their seats
// again: the game goes on masked to its end, both saved games the same and verifying, and no
// hidden card is sent to a player before the rules reveal it (every frame tapped); a server
// stopped or crashed takes the masked game up from its third party's saved game; a pause past
// the pause timeout ends as a forfeit, written into the campaign only when no model was hidden
// any more.
#include "../engine/samplefleets.h"
#include "campaign/campaignstore.h"
#include "engine/gamefile.h"
#include "engine/gamescript.h"
#include "engine/maskedview.h"
#include "engine/randomplayer.h"
#include "fakepeer.h"
#include "net/clubclient.h"
#include "net/clubserver.h"
#include "net/maskedresume.h"
#include "net/netsession.h"
#include "net/protocol.h"

#include <QDate>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPointer>
#include <QProcess>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <array>
#include <functional>
#include <map>
#include <memory>
#include <set>

#include <csignal>

using namespace jw;
using namespace jw::net;
using NetMessage = jw::net::Message;
using jw::net::test::Tap;
using jw::net::test::waitUntil;

namespace {

using jw::test::db; // the shipped unit database (samplefleets.h)

const GameScript &masked()
{
    static const GameScript s = GameScriptReader::read(QStringLiteral(JW_MASKED_SCRIPT), db());
    if (!s.ok())
        qFatal("the masked test script does not load");
    return s;
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Whether some model of the game is hidden from a player after its first `commands` commands
// (v1.2.4 secret information: the whole game's Engine::isHidden).
bool someHiddenAt(const Game &whole, int commands)
{
    const GameState &st = whole.stateAt(commands);
    for (const ModelState &m : st.models)
        if (m.owner >= 0 && whole.engine().isHidden(st, m.id, 1 - m.owner))
            return true;
    return false;
}

// `jwfleet-cli game FILE --verify`: its output, empty when it does not verify.
QByteArray verified(const QString &file)
{
    QProcess verify;
    verify.start(QStringLiteral(JW_CLI_PATH),
                 {QStringLiteral("game"), file, QStringLiteral("--verify")});
    if (!verify.waitForFinished(30000) || verify.exitCode() != 0)
        return {};
    return verify.readAllStandardOutput();
}

// The two players of a masked club game in this process: the script's Deployment first (the
// Pathfinder Embarked, sealed; the Far Scout held In Reserve: both hidden), then random legal
// play, held when the game has `hold` commands (0: not held). A player whose game paused takes
// its seat again (resume) with its own game, as the CLI's club-host and club-join do.
struct Players
{
    explicit Players(std::uint64_t seed)
        : random {RandomPlayer(seed), RandomPlayer(seed + 1)}
    { }
    std::unique_ptr<NetSession> sessions[2];
    QPointer<QTcpSocket> sockets[2];
    RandomPlayer random[2];
    std::size_t hold = 0;
    static constexpr std::size_t kScripted = 4; // deploy, deploy, embark, decline
    std::function<void(int side, NetSession &)> wire; // more connections, before the start

    void play(NetSession &s)
    {
        if (!s.myTurn() || (hold > 0 && s.game()->history().size() >= hold))
            return;
        const std::size_t n = s.game()->history().size();
        const auto c = n < kScripted
            ? std::optional<Command>(masked().commands[n].command)
            : random[s.side()].choose(s.game()->engine(), s.stateToAnswer());
        if (!c || !s.submit(*c))
            s.finish(QStringLiteral("no command"));
    }
    // A new session for `side` (the game-setup the server sent) on `socket`.
    void seat(const GameSetup &setup, int side, QTcpSocket *socket)
    {
        auto s = std::make_unique<NetSession>(setup, side);
        s->setMaskSecrets(true);
        s->setReplyTimeout(20000);
        NetSession *raw = s.get();
        QObject::connect(raw, &NetSession::turn, raw,
                         [this, raw] { QTimer::singleShot(0, raw, [this, raw] { play(*raw); }); });
        if (wire)
            wire(side, *raw);
        sessions[side] = std::move(s);
        sockets[side] = socket;
        sessions[side]->attach(socket);
    }
    // Its seat again, its own game resumed; false, with why.
    bool back(int side, QTcpSocket *socket, QString *why)
    {
        NetSession &s = *sessions[side];
        s.setPatientHello(true); // the other player may take its seat a moment later
        if (!s.resume(*s.game(), why))
            return false;
        sockets[side] = socket;
        s.attach(socket);
        return true;
    }
    void release()
    {
        hold = 0;
        for (auto &s : sessions)
            if (s)
                play(*s);
    }
    [[nodiscard]] bool both(NetSession::Status status) const
    {
        return sessions[0] && sessions[1] && sessions[0]->status() == status
            && sessions[1]->status() == status;
    }
    [[nodiscard]] QString status() const
    {
        QStringList out;
        for (const auto &s : sessions)
            out << (s ? QStringLiteral("%1 after %2 commands")
                            .arg(s->statusText())
                            .arg(s->game() ? s->game()->history().size() : 0)
                      : QStringLiteral("no session"));
        return out.join(QStringLiteral(" / "));
    }
};

// A game begun between a creator and a joiner, both masking, through `ports` (a tap each, or
// the server's port); the tokens of their seats.
bool begin(Players &t, std::array<ClubClient, 2> &clients, std::array<quint16, 2> ports,
           std::array<QByteArray, 2> *tokens)
{
    for (ClubClient &c : clients) {
        c.setMaskSecrets(true);
        QObject::connect(&c, &ClubClient::ready, &c,
                         [&t](const GameSetup &setup, int side, QTcpSocket *socket) {
                             t.seat(setup, side, socket);
                         });
    }
    clients[0].create(QStringLiteral("127.0.0.1"), ports[0], masked().setup);
    clients[1].join(QStringLiteral("127.0.0.1"), ports[1], 0, masked().setup.players[1].name,
                    masked().setup.players[1].fleet);
    if (!waitUntil(
            [&] {
                return t.sessions[0] && t.sessions[1] && t.sessions[0]->game()
                    && t.sessions[1]->game();
            },
            20000))
        return false;
    *tokens = {clients[0].token(), clients[1].token()};
    return tokens->at(0).size() == 32 && tokens->at(1).size() == 32;
}

// Both players take their seats again with their tokens (through `ports`).
void rejoin(Players &t, std::array<ClubClient, 2> &back, std::array<quint16, 2> ports, int id,
            const std::array<QByteArray, 2> &tokens, QStringList *failures)
{
    for (int side = 0; side < 2; ++side) {
        QObject::connect(&back[std::size_t(side)], &ClubClient::ready, &back[std::size_t(side)],
                         [&t, failures](const GameSetup &, int s, QTcpSocket *socket) {
                             QString why;
                             if (!t.back(s, socket, &why))
                                 *failures << why;
                         });
        QObject::connect(&back[std::size_t(side)], &ClubClient::failed, &back[std::size_t(side)],
                         [failures](const QString &why) { *failures << why; });
        back[std::size_t(side)].rejoin(QStringLiteral("127.0.0.1"), ports[std::size_t(side)], id,
                                       side, tokens[std::size_t(side)]);
    }
}

// Both players' games the same whole game, the server's saved game too; it verifies, every
// hidden model checked against its commitment.
void checkEnd(const Players &t, const ClubServer &server, int id)
{
    QVERIFY2(t.both(NetSession::Status::Over), qPrintable(t.status()));
    for (const auto &s : t.sessions)
        QCOMPARE(s->statusText(), QStringLiteral("the game is over"));
    const QByteArray saved = GameFile::serialize(*t.sessions[0]->game());
    QCOMPARE(GameFile::serialize(*t.sessions[1]->game()), saved);
    QVERIFY(waitUntil([&] { return readFile(server.gamePath(id)) == saved; }, 5000));
    QVERIFY(!saved.contains("jw-hidden")); // no stand-in left
    QVERIFY(!saved.contains("masked_secrets"));
    QCOMPARE(t.sessions[0]->game()->setup().players, masked().setup.players);
    const QByteArray out = verified(server.gamePath(id));
    QVERIFY2(out.contains("hidden models and")
                 && out.contains("verified against their "
                                 "commitments"),
             out.constData());
    QVERIFY(!QFileInfo::exists(server.fleetsPath(id))); // ended: the fleets are not kept
}

// A campaign (SQLite) with the masked script's two players.
std::unique_ptr<CampaignStore> campaign(const QString &file)
{
    auto opened = CampaignStore::open(file);
    if (!opened.ok())
        return nullptr;
    Campaign c;
    c.name = QStringLiteral("Club");
    c.started = QDate(2026, 1, 1);
    if (!opened.value->create(c).ok())
        return nullptr;
    for (const PlayerSetup &side : masked().setup.players) {
        Player p;
        p.name = side.name;
        p.setFleet(side.fleet);
        if (!opened.value->addPlayer(p).ok())
            return nullptr;
    }
    return std::move(opened.value);
}

} // namespace

class TestClubMasked : public QObject
{
    Q_OBJECT

    // Starts jwfleet-server with `args` and returns its port (0: it did not start); `log`: what
    // it wrote, its first line included.
    static quint16 startServer(QProcess &server, const QStringList &args, QByteArray *log)
    {
        server.start(QStringLiteral(JW_SERVER_PATH), args);
        if (!waitUntil(
                [&] {
                    *log += server.readAllStandardOutput();
                    return log->contains('\n') || server.state() == QProcess::NotRunning;
                },
                20000))
            return 0;
        const QByteArray first = log->left(log->indexOf('\n'));
        const int at = first.lastIndexOf("port ");
        return at < 0 ? 0 : quint16(first.mid(at + 5).trimmed().toUInt());
    }

private Q_SLOTS:
    // club-create's and club-join's `commitments` (a masked lobby): decoded strictly, as join's:
    // 1 to kMaxReveals hashes of 64 lower-case hex digits, with the feature masked-lobby; sent
    // only when there are some (an older server reads the request as before).
    void lobbyCommitmentsDecoded()
    {
        const QString h(64, QLatin1Char('a'));
        const NetMessage create = NetMessage::clubCreate(
            GameFile::serialize(Game(thirdPartySetup(masked().setup))), {h, h});
        NetMessage join = NetMessage::clubJoin(3, QStringLiteral("Bea"),
                                               QStringLiteral("name: x\nentries: []\n"), {h});
        for (NetMessage m : {create, join}) {
            m.features = {kFeatureMaskedSecrets, kFeatureMaskedLobby};
            const Decoded d = decodePayload(encodePayload(m));
            QVERIFY2(d.message, qPrintable(d.why.english()));
            QCOMPARE(d.message->hashes, m.hashes);
            // Without the feature; a hash not of 64 lower-case hex digits; none; not a list.
            m.features = {kFeatureMaskedSecrets};
            QVERIFY(!decodePayload(encodePayload(m)).message);
            m.features = {kFeatureMaskedLobby};
            for (const QJsonValue &bad :
                 {QJsonValue(QJsonArray {h.toUpper()}), QJsonValue(QJsonArray {h.left(63)}),
                  QJsonValue(QJsonArray {}), QJsonValue(h), QJsonValue(QJsonArray {1})}) {
                QJsonObject o = QJsonDocument::fromJson(encodePayload(m)).object();
                o.insert(QStringLiteral("commitments"), bad);
                const Decoded d = decodePayload(QJsonDocument(o).toJson(QJsonDocument::Compact));
                QVERIFY(!d.message);
                QVERIFY2(d.why.english().contains(QLatin1String("'commitments' must be a list")),
                         qPrintable(d.why.english()));
            }
        }
        // Not sent when there are none.
        QVERIFY(!encodePayload(NetMessage::clubJoin(3, QStringLiteral("Bea"), QStringLiteral("x")))
                     .contains("commitments"));
        QVERIFY(!encodePayload(NetMessage::clubCreate(GameFile::serialize(Game(masked().setup))))
                     .contains("commitments"));
    }

    // An older server, which does not know club-create's `commitments` (it refuses the unknown
    // field, as the strict decoder does): the creator asks again with its fleet in clear, and
    // reads the game as before (no masked lobby).
    void olderServerCreatedInClear()
    {
        QTcpServer older;
        QVERIFY(older.listen(QHostAddress::LocalHost, 0));
        std::vector<NetMessage> asked;
        FrameReader reader;
        QObject::connect(&older, &QTcpServer::newConnection, &older, [&] {
            QTcpSocket *s = older.nextPendingConnection();
            QObject::connect(s, &QTcpSocket::readyRead, s, [&, s] {
                for (const FrameReader::Item &i : reader.feed(s->readAll())) {
                    const Decoded d = decodePayload(i.payload);
                    if (!d.message)
                        continue;
                    asked.push_back(*d.message);
                    s->write(encodeFrame(
                        d.message->hashes.isEmpty()
                            ? NetMessage::clubCreated(1)
                            : NetMessage::withText(MessageType::Error,
                                                   QStringLiteral("club-create: unknown field "
                                                                  "'commitments'"))));
                }
            });
        });
        ClubClient client;
        client.setMaskSecrets(true);
        client.setMaskedLobby(true, &db());
        QSignalSpy created(&client, &ClubClient::created);
        QSignalSpy failed(&client, &ClubClient::failed);
        client.create(QStringLiteral("127.0.0.1"), older.serverPort(), masked().setup);
        QVERIFY(created.count() > 0 || created.wait(10000));
        QCOMPARE(failed.count(), 0);
        QCOMPARE(asked.size(), std::size_t(2));
        QVERIFY(asked[0].features.contains(kFeatureMaskedLobby));
        QCOMPARE(asked[0].hashes.size(), qsizetype(masked().setup.players[0].fleet.size()));
        QVERIFY(
            !asked[0].game.contains(masked().setup.players[0].fleet.entries[0].unitId.toUtf8()));
        QVERIFY(asked[1].hashes.isEmpty()); // in clear, as before
        QVERIFY(!asked[1].features.contains(kFeatureMaskedLobby));
        QVERIFY(asked[1].features.contains(kFeatureMaskedSecrets));
        QVERIFY(asked[1].game.contains(masked().setup.players[0].fleet.entries[0].unitId.toUtf8()));
        QVERIFY(!client.maskedLobby());
    }

    // A masked lobby through the club server (docs/network.md, "Masked games through the club
    // server"): the creator's club-create and the joiner's club-join carry their fleets' public
    // parts (stand-ins) and commitments, never a card. A tap on each player's connection to the
    // server: no unit id or model name of either fleet reaches the server before the frame that
    // reveals a model of it; the server's fleets file holds none. The game is played to its end:
    // both saved games and the server's the same whole game, verified, and written into the
    // campaign with the fleets revealed.
    void maskedLobbySendsNoCards()
    {
        QTemporaryDir dir;
        const QString campaignFile = dir.filePath(QStringLiteral("club.jwcampaign"));
        auto store = campaign(campaignFile);
        QVERIFY(store);
        ClubServer server(db());
        server.setGamesDir(dir.path());
        server.setCampaign(std::move(store));
        QStringList log;
        QObject::connect(&server, &ClubServer::logLine, [&](const QString &l) { log << l; });
        QString error;
        QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        QSignalSpy ended(&server, &ClubServer::gameEnded);
        Tap tap0(server.port()), tap1(server.port());
        const Tap *taps[2] = {&tap0, &tap1};
        Players t(61);
        std::array<ClubClient, 2> clients;
        for (ClubClient &c : clients)
            c.setMaskedLobby(true, &db());
        // Each session plays from the lobby's commitments (NetSession::setMaskedLobby).
        bool fromLobby[2] = {false, false};
        t.wire = [&](int side, NetSession &s) {
            if (const auto lobby = clients[std::size_t(side)].maskedLobby();
                lobby && !lobby->clear) {
                fromLobby[side] = true;
                s.setMaskedLobby(*lobby);
            }
        };
        QByteArray fleetsFile;
        QObject::connect(&server, &ClubServer::logLine, &server, [&](const QString &line) {
            if (fleetsFile.isEmpty() && line.contains(QLatin1String("game 1 starts")))
                fleetsFile = readFile(server.fleetsPath(1));
        });
        std::array<QByteArray, 2> tokens;
        QVERIFY(begin(t, clients, {tap0.port(), tap1.port()}, &tokens));
        QVERIFY(fromLobby[0] && fromLobby[1]);
        QVERIFY2(waitUntil([&] { return t.both(NetSession::Status::Over); }, 120000),
                 qPrintable(t.status() + QLatin1Char('\n') + log.join(QLatin1Char('\n'))));
        QVERIFY(ended.count() == 1 || ended.wait(5000));
        checkEnd(t, server, 1);
        QCOMPARE(server.refusedMessages(), 0);
        const QString all = log.join(QLatin1Char('\n'));
        QVERIFY2(all.contains(QStringLiteral("game 1: hidden models are masked")), qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("game 1: both fleets came as commitments (a masked "
                                             "lobby): the server holds no hidden card of either")),
                 qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("game 1 written into the campaign as battle")),
                 qPrintable(all));

        // What each player sent the server: a unit id or name of one of its models only from
        // the frame that reveals a model with it on (a command's reveals, a reveal).
        const GameSetup &whole = t.sessions[0]->game()->setup();
        QVERIFY(!fleetsFile.isEmpty());
        int checked = 0;
        for (int side = 0; side < 2; ++side) {
            const int first = side == 0 ? 0 : whole.players[0].fleet.size();
            const auto &entries = whole.players[std::size_t(side)].fleet.entries;
            std::set<int> revealed;
            for (const Tap::Frame &f : taps[side]->frames) {
                if (f.from != 0)
                    continue;
                for (const HiddenReveal &r : f.message.reveals)
                    revealed.insert(r.model);
                // What may be known now: the units and names of the models revealed.
                std::set<QString> known;
                for (int m : revealed)
                    if (m >= first && m < first + int(entries.size())) {
                        known.insert(entries[std::size_t(m - first)].unitId);
                        known.insert(entries[std::size_t(m - first)].name);
                    }
                for (std::size_t i = 0; i < entries.size(); ++i) {
                    for (const QString &secret : {entries[i].unitId, entries[i].name}) {
                        if (secret.isEmpty() || known.count(secret))
                            continue;
                        ++checked;
                        QVERIFY2(
                            !f.payload.contains(secret.toUtf8()),
                            qPrintable(QStringLiteral("player %1 sent '%2' before its "
                                                      "reveal, in %3")
                                           .arg(side)
                                           .arg(secret, QString::fromUtf8(f.payload.left(300)))));
                    }
                }
                // The lobby's requests: the public part and the commitments.
                if (f.message.type == MessageType::ClubCreate
                    || f.message.type == MessageType::ClubJoin) {
                    QVERIFY(f.message.features.contains(kFeatureMaskedLobby));
                    QCOMPARE(f.message.hashes.size(), qsizetype(entries.size()));
                }
            }
            QCOMPARE(revealed.size() >= entries.size(), true); // every model revealed by the end
            // The server's file of the fleets the players came with: nothing secret.
            for (const FleetEntry &e : entries) {
                QVERIFY2(!fleetsFile.contains(e.unitId.toUtf8()), qPrintable(e.unitId));
                if (!e.name.isEmpty())
                    QVERIFY2(!fleetsFile.contains(e.name.toUtf8()), qPrintable(e.name));
            }
        }
        QVERIFY(checked > 0);

        // The battle: the fleets revealed, the players' own.
        auto opened = CampaignStore::open(campaignFile);
        QVERIFY(opened.ok());
        const auto battles = opened.value->battles();
        QVERIFY(battles.ok());
        QCOMPARE(battles.value.size(), std::size_t(1));
        for (std::size_t side = 0; side < 2; ++side) {
            const auto &got = battles.value[0].sides[side].fleet.entries;
            const auto &want = masked().setup.players[side].fleet.entries;
            QCOMPARE(got.size(), want.size());
            for (std::size_t i = 0; i < got.size(); ++i)
                QCOMPARE(got[i].unitId, want[i].unitId);
        }
    }

    // Older programs: a joiner without the masked lobby (it masks, its fleet in clear, as
    // before) plays a masked lobby creator's game to its end; a joiner that does not mask is
    // refused (the creator's cards are not on the server to send it); a joiner whose
    // commitments go to a game not masked (its creator does not mask) joins again in clear, and
    // the game is played in clear as before.
    void olderClientsAndClearGames_data()
    {
        QTest::addColumn<int>("kind");
        QTest::newRow("joiner masks, lobby in clear") << 0;
        QTest::newRow("joiner does not mask") << 1;
        QTest::newRow("creator does not mask") << 2;
        QTest::newRow("creator masks, lobby in clear; joiner commits") << 3;
    }
    void olderClientsAndClearGames()
    {
        QFETCH(int, kind);
        QTemporaryDir dir;
        ClubServer server(db());
        server.setGamesDir(dir.path());
        QStringList log;
        QObject::connect(&server, &ClubServer::logLine, [&](const QString &l) { log << l; });
        QString error;
        QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        Tap tap1(server.port());
        Players t(71);
        std::array<ClubClient, 2> clients;
        auto masks = [kind](int side) {
            return kind == 2 ? side == 1 : !(kind == 1 && side == 1);
        };
        for (int side = 0; side < 2; ++side) {
            ClubClient &c = clients[std::size_t(side)];
            // Kind 0, 1: the creator commits in the lobby; the joiner is an older program.
            // Kind 2: the joiner commits, the creator does not mask.
            // Kind 3: the joiner commits, the creator masks with its fleet in clear.
            const bool lobby = kind >= 2 ? side == 1 : side == 0;
            c.setMaskSecrets(masks(side));
            c.setMaskedLobby(lobby, &db());
            QObject::connect(&c, &ClubClient::ready, &c,
                             [&t](const GameSetup &setup, int s, QTcpSocket *socket) {
                                 t.seat(setup, s, socket);
                             });
        }
        t.wire = [&](int side, NetSession &s) {
            s.setMaskSecrets(masks(side));
            if (const auto lobby = clients[std::size_t(side)].maskedLobby(); lobby)
                s.setMaskedLobby(*lobby);
        };
        QStringList failures;
        QObject::connect(&clients[1], &ClubClient::failed, &clients[1],
                         [&](const QString &why) { failures << why; });
        clients[0].create(QStringLiteral("127.0.0.1"), server.port(), masked().setup);
        clients[1].join(QStringLiteral("127.0.0.1"), tap1.port(), 0, masked().setup.players[1].name,
                        masked().setup.players[1].fleet);
        if (kind == 1) {
            QVERIFY(waitUntil([&] { return !failures.empty(); }, 20000));
            QVERIFY2(failures.first().contains(
                         QStringLiteral("only a program that masks hidden models can join it")),
                     qPrintable(failures.first()));
            QVERIFY(!t.sessions[1]);
            return;
        }
        QVERIFY2(waitUntil([&] { return t.both(NetSession::Status::Over); }, 120000),
                 qPrintable(t.status() + QLatin1Char('\n') + failures.join(QLatin1Char('\n'))
                            + QLatin1Char('\n') + log.join(QLatin1Char('\n'))));
        const QByteArray saved = GameFile::serialize(*t.sessions[0]->game());
        QCOMPARE(GameFile::serialize(*t.sessions[1]->game()), saved);
        QVERIFY(waitUntil([&] { return readFile(server.gamePath(1)) == saved; }, 5000));
        QCOMPARE(t.sessions[0]->game()->setup().players, masked().setup.players);
        QVERIFY(!verified(server.gamePath(1)).isEmpty());
        const QString all = log.join(QLatin1Char('\n'));
        int joins = 0;
        for (const Tap::Frame &f : tap1.frames)
            if (f.from == 0 && f.message.type == MessageType::ClubJoin)
                ++joins;
        if (kind == 0 || kind == 3) {
            QVERIFY2(all.contains(QStringLiteral("game 1: hidden models are masked")),
                     qPrintable(all));
            QCOMPARE(joins, 1); // in clear, as before; or as commitments, taken
            QCOMPARE(clients[1].maskedLobby().has_value(), kind == 3);
            QVERIFY(t.sessions[0]->masksSecrets() && t.sessions[1]->masksSecrets());
        } else {
            QVERIFY2(all.contains(QStringLiteral("game 1: hidden models are not masked")),
                     qPrintable(all));
            QCOMPARE(joins, 2); // as commitments, refused; again in clear
            QVERIFY(!clients[1].maskedLobby());
            QVERIFY(!t.sessions[0]->masksSecrets() && !t.sessions[1]->masksSecrets());
        }
    }

    // The joiner's connection drops once a dice exchange binds it, models still hidden: the
    // masked game pauses (the server keeps its third party's game at the last agreed command),
    // both players take their seats again with their tokens and resume their own games, masked;
    // the command under way is played again with the same dice, and the game goes on to its
    // end. Both saved games and the server's are the same whole game and verify. What each
    // player was sent (a tap on each connection, the rejoin's included): no card of the other's
    // hidden models before its reveal.
    // Row "end on one side": the connection of the player behind is cut when the server has
    // applied the game's last command (over there and on the side that played it, the whole
    // game replayed, not on the other): the server goes back from the whole game to its third
    // party's game a command short, and the last command is played again, masked.
    void dropMidGameResumes_data()
    {
        QTest::addColumn<bool>("atTheEnd");
        QTest::newRow("dice bound") << false;
        QTest::newRow("end on one side") << true;
    }
    void dropMidGameResumes()
    {
        QFETCH(bool, atTheEnd);
        QTemporaryDir dir;
        ClubServer server(db());
        server.setGamesDir(dir.path());
        QStringList log;
        QObject::connect(&server, &ClubServer::logLine, [&](const QString &l) { log << l; });
        QString error;
        QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        QSignalSpy paused(&server, &ClubServer::gamePaused);
        QSignalSpy ended(&server, &ClubServer::gameEnded);
        Tap tap0(server.port()), tap1(server.port());
        const Tap *taps[2] = {&tap0, &tap1};
        Players t(31);
        std::optional<Game::DicePending> bound;
        int cutAt = -1;
        int behind = -1; // "end on one side": the player cut
        // At the end: once the server has the whole game (the last reveal in), the player it
        // has not reached yet is cut.
        QObject::connect(&server, &ClubServer::logLine, &server, [&](const QString &line) {
            if (!atTheEnd || behind >= 0
                || !line.contains(QLatin1String("the masked game is over")))
                return;
            for (int side = 0; side < 2; ++side)
                if (t.sessions[side]->game()->state().phase != Phase::Over)
                    behind = side;
            if (behind < 0)
                return;
            cutAt = int(t.sessions[behind]->game()->history().size());
            if (t.sockets[behind])
                t.sockets[behind]->abort();
        });
        t.wire = [&](int side, NetSession &s) {
            if (atTheEnd || side != 1)
                return;
            NetSession *raw = &s;
            QObject::connect(raw, &NetSession::exchangeChanged, raw, [&, raw] {
                const Game *g = t.sessions[1] ? t.sessions[1]->game() : nullptr;
                if (bound || !g || !g->dicePending() || g->dicePending()->responderNonce.isEmpty())
                    return;
                // A model of the other still a stand-in here: hidden.
                if (!hasStandIns(g->setup(), 0))
                    return;
                bound = g->dicePending();
                cutAt = int(g->history().size());
                QTimer::singleShot(0, raw, [&] {
                    if (t.sockets[1])
                        t.sockets[1]->abort();
                });
            });
        };
        std::array<ClubClient, 2> clients;
        std::array<QByteArray, 2> tokens;
        QVERIFY(begin(t, clients, {tap0.port(), tap1.port()}, &tokens));
        QVERIFY2(paused.count() > 0 || paused.wait(60000),
                 qPrintable(t.status() + QLatin1Char('\n') + log.join(QLatin1Char('\n'))));
        QVERIFY(atTheEnd ? behind >= 0 : bound.has_value());
        QVERIFY(waitUntil([&] { return t.both(NetSession::Status::Paused); }, 10000));
        QCOMPARE(ended.count(), 0); // paused, not ended
        QCOMPARE(server.runningGames(), 1);
        // Kept as its third party's game at its last agreed command: the record, no secrets;
        // its fleets beside it, for the server's user only.
        {
            const GameFile::Loaded kept = GameFile::read(server.gamePath(1));
            QVERIFY2(kept.game, qPrintable(kept.error));
            QVERIFY(!kept.game->maskedSecrets());
            QVERIFY(
                atTheEnd
                || (isMaskedUnderWay(*kept.game)
                    && (hasStandIns(kept.game->setup(), 0) || hasStandIns(kept.game->setup(), 1))));
            QCOMPARE(QFileInfo(server.fleetsPath(1)).permissions()
                         & (QFileDevice::ReadGroup | QFileDevice::ReadOther),
                     QFileDevice::Permissions());
        }
        const std::size_t framesAtDrop[2] = {tap0.frames.size(), tap1.frames.size()};
        std::array<ClubClient, 2> back;
        QStringList failures;
        rejoin(t, back, {tap0.port(), tap1.port()}, 1, tokens, &failures);
        QVERIFY2(waitUntil([&] { return t.both(NetSession::Status::Over) || !failures.empty(); },
                           120000),
                 qPrintable(t.status() + QLatin1Char('\n') + failures.join(QLatin1Char('\n'))
                            + QLatin1Char('\n') + log.join(QLatin1Char('\n'))));
        QVERIFY2(failures.empty(), qPrintable(failures.join(QLatin1Char('\n'))));
        QVERIFY(ended.count() == 1 || ended.wait(5000));
        QCOMPARE(ended.first().at(2).toString(), QStringLiteral("the game is over"));
        checkEnd(t, server, 1);
        const QString all = log.join(QLatin1Char('\n'));
        QVERIFY2(all.contains(QStringLiteral("game 1 paused: player %1 disconnected after command")
                                  .arg(atTheEnd ? behind : 1)),
                 qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("game 1 resumed after command %1").arg(cutAt)),
                 qPrintable(all));
        QCOMPARE(server.refusedMessages(), 0);

        const Game &whole = *t.sessions[0]->game();
        if (atTheEnd) {
            // The last command played again (the same dice when they had bound; a command
            // without dice may be another, and the game go on).
            QVERIFY(int(whole.history().size()) > cutAt);
            QVERIFY2(all.contains(QStringLiteral("game 1 paused: player %1 disconnected after "
                                                 "command %2")
                                      .arg(behind)
                                      .arg(cutAt + 1)),
                     qPrintable(all)); // the server had the whole game, and went back
            qInfo("the end on one side only, after %d commands (the server's log: %s)", cutAt,
                  qPrintable(log.filter(QStringLiteral("game 1 paused")).join(QLatin1Char(' '))));
            QVERIFY2(all.contains(QStringLiteral("game 1: the masked game is over: every model "
                                                 "revealed")),
                     qPrintable(all));
            return;
        }
        // The command under way at the drop: played again with the dice bound then.
        QVERIFY(someHiddenAt(whole, cutAt));
        bool same = false;
        for (const DiceExchange &x : whole.diceExchanges())
            if (x.command == bound->command)
                same = x.commit == bound->commit && x.nonceB == bound->responderNonce;
        QVERIFY2(same, qPrintable(QStringLiteral("command %1").arg(bound->command + 1)));

        // What each player was sent: no card of the other's hidden models before its reveal,
        // before the drop or after it; at the rejoin some were still hidden from it.
        const GameSetup &full = masked().setup;
        const int first1 = full.players[0].fleet.size();
        int hiddenAtRejoin = 0;
        for (int c = 0; c < 2; ++c) {
            QStringList own;
            for (const FleetEntry &e : full.players[std::size_t(c)].fleet.entries)
                own << QStringLiteral("\"%1\"").arg(e.unitId)
                    << QStringLiteral("\"%1\"").arg(full.unit(e.unitId)->name)
                    << QStringLiteral("\"%1\"").arg(e.name);
            std::map<int, QStringList> secret; // by model id: words no card of its own has
            const auto &entries = full.players[std::size_t(1 - c)].fleet.entries;
            for (std::size_t i = 0; i < entries.size(); ++i) {
                const FleetEntry &e = entries[i];
                QStringList words {QStringLiteral("\"%1\"").arg(e.unitId),
                                   QStringLiteral("\"%1\"").arg(full.unit(e.unitId)->name)};
                if (!e.name.isEmpty())
                    words << QStringLiteral("\"%1\"").arg(e.name);
                for (const QString &w : words)
                    if (!own.contains(w))
                        secret[(c == 1 ? 0 : first1) + int(i)] << w;
            }
            QVERIFY(!secret.empty());
            std::set<int> revealed;
            int setups = 0;
            for (std::size_t k = 0; k < taps[c]->frames.size(); ++k) {
                const Tap::Frame &f = taps[c]->frames[k];
                if (k == framesAtDrop[c])
                    for (const auto &[model, words] : secret)
                        hiddenAtRejoin += revealed.count(model) ? 0 : 1;
                if (f.from != 1)
                    continue;
                setups += f.message.type == MessageType::GameSetup ? 1 : 0;
                for (const HiddenReveal &r : f.message.reveals)
                    revealed.insert(r.model);
                for (const auto &[model, words] : secret)
                    for (const QString &w : words)
                        QVERIFY2(revealed.count(model) || !f.payload.contains(w.toUtf8()),
                                 qPrintable(QStringLiteral("player %1 was sent %2 (model %3) "
                                                           "before its reveal (frame %4 of %5, "
                                                           "the drop at %6): %7")
                                                .arg(c)
                                                .arg(w)
                                                .arg(model)
                                                .arg(k)
                                                .arg(taps[c]->frames.size())
                                                .arg(framesAtDrop[c])
                                                .arg(QString::fromUtf8(f.payload.left(300)))));
            }
            QCOMPARE(setups, 2); // the game, and the game again at the rejoin
            for (const auto &[model, words] : secret)
                QVERIFY(revealed.count(model)); // revealed by the end
        }
        QVERIFY(hiddenAtRejoin > 0); // the check after the rejoin means something
        qInfo("dropped with command %d's dice bound, after %d commands; %zu commands in all",
              bound->command + 1, cutAt, whole.history().size());
    }

    // The server stopped (SIGTERM: shutdown) or crashed (gone without a word) with a masked
    // game under way, models still hidden: the server started again on its games folder takes
    // it up from its third party's saved game and its fleets, paused; both players take their
    // seats again and finish it, masked.
    void takenUpAfterRestart_data()
    {
        QTest::addColumn<bool>("crash");
        QTest::newRow("shutdown") << false;
        QTest::newRow("crash") << true;
    }
    void takenUpAfterRestart()
    {
        QFETCH(bool, crash);
        QTemporaryDir dir;
        auto first = std::make_unique<ClubServer>(db());
        first->setGamesDir(dir.path());
        QStringList log;
        QObject::connect(first.get(), &ClubServer::logLine, [&](const QString &l) { log << l; });
        QString error;
        QVERIFY2(first->listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        const std::size_t at = 6; // held there: the Far Scout and the Pathfinder still hidden
        Players t(41);
        t.hold = at;
        std::array<ClubClient, 2> clients;
        std::array<QByteArray, 2> tokens;
        QVERIFY(begin(t, clients, {first->port(), first->port()}, &tokens));
        // Held, agreed and saved (within half a second: a crash loses no agreed command here).
        QVERIFY2(waitUntil(
                     [&] {
                         const GameFile::Loaded saved = GameFile::read(first->gamePath(1));
                         return saved.game && saved.game->history().size() == at
                             && t.sessions[0]->game()->history().size() == at
                             && t.sessions[1]->game()->history().size() == at;
                     },
                     30000),
                 qPrintable(t.status()));
        QVERIFY(QFileInfo::exists(first->fleetsPath(1)));
        if (crash) {
            first.reset(); // gone, its connections with it: no bye, no last save
            QVERIFY(waitUntil([&] { return t.both(NetSession::Status::Paused); }, 10000));
        } else {
            QSignalSpy closed(first.get(), &ClubServer::closed);
            first->shutdown();
            QVERIFY(closed.count() == 1 || closed.wait(5000));
            QVERIFY(waitUntil([&] { return t.both(NetSession::Status::Over); }, 10000));
            QVERIFY2(t.sessions[0]->statusText().contains(QStringLiteral("take your seat again")),
                     qPrintable(t.sessions[0]->statusText()));
            QVERIFY2(
                log.join(QLatin1Char('\n'))
                    .contains(QStringLiteral("game 1 saved after command %1: the server shut down")
                                  .arg(at)),
                qPrintable(log.join(QLatin1Char('\n'))));
            first.reset();
        }
        {
            const GameFile::Loaded kept
                = GameFile::read(dir.filePath(QStringLiteral("game-1.jwgame")));
            QVERIFY2(kept.game, qPrintable(kept.error));
            QVERIFY(isMaskedUnderWay(*kept.game));
            QVERIFY(!kept.game->maskedSecrets());
        }

        ClubServer second(db());
        second.setGamesDir(dir.path());
        QStringList log2;
        QObject::connect(&second, &ClubServer::logLine, [&](const QString &l) { log2 << l; });
        const int taken = second.takeUpSavedGames();
        QVERIFY2(taken == 1, qPrintable(log2.join(QLatin1Char('\n'))));
        QVERIFY2(log2.join(QLatin1Char('\n'))
                     .contains(QStringLiteral("game 1 taken up: paused after command %1").arg(at)),
                 qPrintable(log2.join(QLatin1Char('\n'))));
        QVERIFY2(second.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        QSignalSpy ended(&second, &ClubServer::gameEnded);
        t.hold = 0;
        std::array<ClubClient, 2> back;
        QStringList failures;
        rejoin(t, back, {second.port(), second.port()}, 1, tokens, &failures);
        QVERIFY2(waitUntil([&] { return t.both(NetSession::Status::Over) || !failures.empty(); },
                           120000),
                 qPrintable(t.status() + QLatin1Char('\n') + failures.join(QLatin1Char('\n'))
                            + QLatin1Char('\n') + log2.join(QLatin1Char('\n'))));
        QVERIFY2(failures.empty(), qPrintable(failures.join(QLatin1Char('\n'))));
        QVERIFY(ended.count() == 1 || ended.wait(5000));
        QCOMPARE(ended.first().at(2).toString(), QStringLiteral("the game is over"));
        checkEnd(t, second, 1);
        QVERIFY(someHiddenAt(*t.sessions[0]->game(), int(at)));
        QVERIFY2(log2.join(QLatin1Char('\n'))
                     .contains(QStringLiteral("game 1 resumed after command %1").arg(at)),
                 qPrintable(log2.join(QLatin1Char('\n'))));
        QVERIFY2(log2.join(QLatin1Char('\n'))
                     .contains(QStringLiteral("the masked game is over: every model "
                                              "revealed")),
                 qPrintable(log2.join(QLatin1Char('\n'))));
        QCOMPARE(second.refusedMessages(), 0);
    }

    // jwfleet-server killed (SIGKILL: no bye, no last save) during a masked game of the CLI's
    // club-host and club-join, models still hidden, and started again on the same folder and
    // port: it takes the game up from its third party's saved game and fleets, the clients wait
    // for it, take their seats again by themselves and go on masked to the command limit; every
    // saved game verifies.
    void cliClientsAfterServerKilled()
    {
        QTemporaryDir dir;
        QProcess server;
        QByteArray log;
        const quint16 port = startServer(
            server,
            {QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--games"), dir.path()},
            &log);
        QVERIFY(port != 0);
        const QString files[2] = {dir.filePath(QStringLiteral("host.jwgame")),
                                  dir.filePath(QStringLiteral("join.jwgame"))};
        // Slower than the server's save (within half a second of each command): the server
        // killed has the last agreed command on disk.
        auto args = [&](const char *mode, int side) {
            return QStringList {QString::fromLatin1(mode),         QStringLiteral(JW_MASKED_SCRIPT),
                                QStringLiteral("--port"),          QString::number(port),
                                QStringLiteral("--delay"),         QStringLiteral("800"),
                                QStringLiteral("--max-commands"),  QStringLiteral("8"),
                                QStringLiteral("--timeout"),       QStringLiteral("1500"),
                                QStringLiteral("--reconnect-for"), QStringLiteral("60"),
                                QStringLiteral("--random"),        QString::number(side + 3),
                                QStringLiteral("--save"),          files[side]};
        };
        QProcess host, join;
        host.start(QStringLiteral(JW_CLI_PATH), args("club-host", 0));
        QVERIFY(host.waitForReadyRead(20000));
        join.start(QStringLiteral(JW_CLI_PATH), args("club-join", 1));
        QVERIFY(waitUntil(
            [&] {
                log += server.readAllStandardOutput();
                return log.contains("game 1: command 4 agreed");
            },
            30000));
        QTest::qWait(650); // saved
        server.kill();
        QVERIFY(server.waitForFinished(10000));
        QVERIFY(log.contains("game 1: hidden models are masked"));
        // The CLI's clients commit in the lobby: the server was never sent a hidden card.
        QVERIFY2(log.contains("game 1: both fleets came as commitments (a masked lobby)"),
                 log.constData());
        QByteArray hostOut;
        QVERIFY(waitUntil(
            [&] {
                hostOut += host.readAllStandardOutput();
                return hostOut.contains("waiting up to 60 s for the club server to come back");
            },
            20000));
        QProcess again;
        QByteArray log2;
        QCOMPARE(startServer(again,
                             {QStringLiteral("--games"), dir.path(), QStringLiteral("--port"),
                              QString::number(port)},
                             &log2),
                 port);
        QVERIFY(waitUntil(
            [&] {
                return host.state() == QProcess::NotRunning && join.state() == QProcess::NotRunning;
            },
            90000));
        hostOut += host.readAllStandardOutput();
        const QByteArray joinOut = join.readAllStandardOutput();
        log2 += again.readAllStandardOutput();
        QVERIFY2(host.exitCode() == 0,
                 QByteArray(hostOut + host.readAllStandardError()).constData());
        QVERIFY2(join.exitCode() == 0,
                 QByteArray(joinOut + join.readAllStandardError()).constData());
        QVERIFY2(log2.contains("game 1 taken up: paused after command 4"), log2.constData());
        QVERIFY2(log2.contains("game 1 resumed after command 4"), log2.constData());
        for (const QByteArray &out : {hostOut, joinOut}) {
            QVERIFY2(out.contains("back in game 1"), out.constData());
            QVERIFY2(out.contains("hidden models are masked in this game"), out.constData());
            QVERIFY2(out.contains("command 8 (player"), out.constData());
        }
        for (const QString &file :
             {files[0], files[1], dir.filePath(QStringLiteral("game-1.jwgame"))}) {
            const GameFile::Loaded loaded = GameFile::read(file);
            QVERIFY2(loaded.game, qPrintable(loaded.error));
            QCOMPARE(loaded.game->history().size(), std::size_t(8));
            QVERIFY2(!verified(file).isEmpty(), qPrintable(file));
        }
        ::kill(pid_t(again.processId()), SIGTERM);
        QVERIFY(again.waitForFinished(10000));
        QCOMPARE(again.exitCode(), 0);
    }

    // The CLI's club-join, its fleet sent as commitments (a masked lobby), killed mid-game and
    // run again with --resume and its seat token: the server sends it the game both sides know
    // (its own models stand-ins too), it plays on with its own cards, and the host, paused,
    // takes its seat again by itself; both reach the command limit, their saved games verify.
    void cliMaskedLobbyClientResumes()
    {
        QTemporaryDir dir;
        QProcess server;
        QByteArray log;
        const quint16 port = startServer(
            server,
            {QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--games"), dir.path()},
            &log);
        QVERIFY(port != 0);
        const QString hostFile = dir.filePath(QStringLiteral("host.jwgame"));
        const QString joinFile = dir.filePath(QStringLiteral("join.jwgame"));
        const QStringList common {
            QStringLiteral(JW_MASKED_SCRIPT), QStringLiteral("--port"), QString::number(port),
            QStringLiteral("--max-commands"), QStringLiteral("30"),     QStringLiteral("--timeout"),
            QStringLiteral("20000")};
        QProcess host, join;
        host.start(QStringLiteral(JW_CLI_PATH),
                   QStringList {QStringLiteral("club-host")} + common
                       + QStringList {QStringLiteral("--random"), QStringLiteral("1"),
                                      QStringLiteral("--save"), hostFile});
        QVERIFY(host.waitForReadyRead(20000));
        const QStringList joinArgs = QStringList {QStringLiteral("club-join")} + common
            + QStringList {QStringLiteral("--random"), QStringLiteral("2"),
                           QStringLiteral("--save"),   joinFile,
                           QStringLiteral("--delay"),  QStringLiteral("100")};
        join.start(QStringLiteral(JW_CLI_PATH), joinArgs);
        QByteArray out;
        QVERIFY(waitUntil(
            [&] {
                out += join.readAllStandardOutput();
                return out.contains("command 7 ");
            },
            30000));
        join.kill();
        QVERIFY(join.waitForFinished(10000));
        const int at = out.indexOf("seat token: ");
        QVERIFY(at >= 0);
        const QString token = QString::fromLatin1(out.mid(at + 12, 64));
        join.start(QStringLiteral(JW_CLI_PATH),
                   joinArgs
                       + QStringList {QStringLiteral("--resume"), joinFile,
                                      QStringLiteral("--game"), QStringLiteral("1"),
                                      QStringLiteral("--token"), token});
        QVERIFY(waitUntil(
            [&] {
                log += server.readAllStandardOutput();
                return host.state() == QProcess::NotRunning && join.state() == QProcess::NotRunning;
            },
            90000));
        const QByteArray hostOut = host.readAllStandardOutput();
        QVERIFY2(join.exitCode() == 0, join.readAllStandardError().constData());
        QVERIFY2(host.exitCode() == 0, hostOut.constData());
        QVERIFY2(hostOut.contains("back in game 1"), hostOut.constData());
        QVERIFY2(log.contains("game 1: both fleets came as commitments (a masked lobby)"),
                 log.constData());
        QCOMPARE(server.state(), QProcess::Running);
        for (const QString &file : {hostFile, joinFile}) {
            const GameFile::Loaded loaded = GameFile::read(file);
            QVERIFY2(loaded.game, qPrintable(loaded.error));
            QCOMPARE(loaded.game->history().size(), std::size_t(30));
            QVERIFY2(!verified(file).isEmpty(), qPrintable(file));
        }
        server.terminate();
        QVERIFY(server.waitForFinished(10000));
    }

    // A masked game paused, one player back and the other not: at the pause timeout the one who
    // did not come back forfeits. With models still hidden the forfeit is not written into the
    // club's campaign (a battle needs the fleets' cards, which the rules keep secret); once every
    // model was revealed it is, from the whole game (the fleets revealed).
    void pauseTimeoutForfeits_data()
    {
        QTest::addColumn<bool>("revealed");
        QTest::newRow("models hidden") << false;
        QTest::newRow("every model revealed") << true;
    }
    void pauseTimeoutForfeits()
    {
        QFETCH(bool, revealed);
        QTemporaryDir dir;
        const QString campaignFile = dir.filePath(QStringLiteral("club.jwcampaign"));
        auto store = campaign(campaignFile);
        QVERIFY(store);
        ClubServer server(db());
        server.setGamesDir(dir.path());
        server.setPauseTimeout(1000);
        server.setCampaign(std::move(store));
        QStringList log;
        QObject::connect(&server, &ClubServer::logLine, [&](const QString &l) { log << l; });
        QString error;
        QVERIFY2(server.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
        QSignalSpy paused(&server, &ClubServer::gamePaused);
        QSignalSpy ended(&server, &ClubServer::gameEnded);
        Players t(51);
        t.hold = 4; // models hidden: the Pathfinder Embarked (sealed), the Far Scout In Reserve
        if (revealed) {
            // Held once both players know every model of the other (the game not over).
            t.hold = 0;
            t.wire = [&](int, NetSession &s) {
                QObject::connect(&s, &NetSession::applied, &s, [&t] {
                    if (t.hold > 0 || !t.sessions[0] || !t.sessions[1])
                        return;
                    const Game *g0 = t.sessions[0]->game();
                    const Game *g1 = t.sessions[1]->game();
                    if (!g0 || !g1 || g0->state().phase == Phase::Over
                        || g0->history().size() != g1->history().size()
                        || hasStandIns(g0->setup(), 1) || hasStandIns(g1->setup(), 0))
                        return;
                    for (const Game *g : {g0, g1})
                        for (const auto &x : g->maskedRecord()->sealed)
                            if (x.nonce.isEmpty())
                                return;
                    t.hold = g0->history().size();
                });
            };
        }
        std::array<ClubClient, 2> clients;
        std::array<QByteArray, 2> tokens;
        QVERIFY(begin(t, clients, {server.port(), server.port()}, &tokens));
        std::size_t at = 0;
        QVERIFY2(waitUntil(
                     [&] {
                         at = t.hold;
                         return at > 0 && t.sessions[0]->game()->history().size() == at
                             && t.sessions[1]->game()->history().size() == at
                             && log.join(QLatin1Char('\n'))
                                    .contains(QStringLiteral("game 1: command %1 agreed").arg(at));
                     },
                     60000),
                 qPrintable(t.status()));
        t.sockets[1]->abort(); // the joiner drops, and does not come back
        QVERIFY(paused.count() > 0 || paused.wait(10000));
        QVERIFY(waitUntil([&] { return t.both(NetSession::Status::Paused); }, 10000));
        ClubClient back;
        QString why;
        QObject::connect(&back, &ClubClient::ready, &back,
                         [&](const GameSetup &, int, QTcpSocket *socket) {
                             QVERIFY2(t.back(0, socket, &why), qPrintable(why));
                         });
        back.rejoin(QStringLiteral("127.0.0.1"), server.port(), 1, 0, tokens[0]);
        QVERIFY(ended.count() > 0 || ended.wait(10000));
        QVERIFY2(ended.first().at(2).toString().startsWith(
                     QStringLiteral("player 1 forfeits: it did not come back within 1 s")),
                 qPrintable(ended.first().at(2).toString()));
        QVERIFY(
            waitUntil([&] { return t.sessions[0]->status() == NetSession::Status::Over; }, 5000));
        QVERIFY2(t.sessions[0]->statusText().contains(
                     QStringLiteral("player 1 forfeits: it did not come back")),
                 qPrintable(t.sessions[0]->statusText()));
        QVERIFY(!QFileInfo::exists(server.fleetsPath(1)));
        const QString all = log.join(QLatin1Char('\n'));
        auto opened = CampaignStore::open(campaignFile);
        QVERIFY(opened.ok());
        const auto battles = opened.value->battles();
        QVERIFY(battles.ok());
        if (!revealed) {
            QVERIFY2(all.contains(QStringLiteral("game 1: the forfeit is not written into the "
                                                 "campaign: in a masked game")),
                     qPrintable(all));
            QVERIFY(battles.value.empty());
            // The saved game: the third party's, its hidden models stand-ins, no secrets.
            const GameFile::Loaded saved = GameFile::read(server.gamePath(1));
            QVERIFY2(saved.game, qPrintable(saved.error));
            QVERIFY(hasStandIns(saved.game->setup(), 0) || hasStandIns(saved.game->setup(), 1));
            QVERIFY(!saved.game->maskedSecrets());
            return;
        }
        QVERIFY2(all.contains(QStringLiteral("game 1 written into the campaign as battle")),
                 qPrintable(all));
        QCOMPARE(battles.value.size(), std::size_t(1));
        const Battle &b = battles.value[0];
        QCOMPARE(b.winner, 0);
        QVERIFY2(b.notes.contains(QStringLiteral("Forfeit")), qPrintable(b.notes));
        for (std::size_t side = 0; side < 2; ++side) {
            const auto &got = b.sides[side].fleet.entries;
            const auto &want = masked().setup.players[side].fleet.entries;
            QCOMPARE(got.size(), want.size());
            for (std::size_t i = 0; i < got.size(); ++i)
                QCOMPARE(got[i].unitId, want[i].unitId);
        }
        qInfo("every model revealed after %zu commands", at);
    }
};

QTEST_GUILESS_MAIN(TestClubMasked)
#include "tst_clubmasked.moc"
