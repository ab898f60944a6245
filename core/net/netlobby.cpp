// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/netlobby.h"

#include "engine/gamefile.h"
#include "engine/maskedview.h"
#include "fleet/fleetfile.h"
#include "fleet/fleetvalidator.h"
#include "net/lobbyconnection.h"
#include "net/maskedresume.h"
#include "net/protocol.h"
#include "units/unitdatabase.h"

#include <QTcpServer>
#include <QTcpSocket>

namespace jw::net {

NetLobby::NetLobby(QObject *parent)
    : QObject(parent)
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        if (m_server)
            refusePeer(
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the joiner said nothing within %1 ms"),
                             {m_timeoutMs}));
        else
            fail(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the host did not answer within %1 ms"),
                              {m_timeoutMs}));
    });
}

NetLobby::~NetLobby() = default;

bool NetLobby::host(quint16 port, MakeSetup make, QString *error)
{
    DataText why;
    const bool ok = host(port, std::move(make), &why);
    if (!ok && error)
        *error = why.english();
    return ok;
}

bool NetLobby::host(quint16 port, MakeSetup make, DataText *error)
{
    m_make = std::move(make);
    m_server = new QTcpServer(this);
    if (!m_server->listen(QHostAddress::Any, port)) {
        if (error)
            *error = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "cannot listen on port %1: %2"),
                                  {port, m_server->errorString()});
        delete m_server;
        m_server = nullptr;
        return false;
    }
    connect(m_server, &QTcpServer::newConnection, this, [this] {
        while (QTcpSocket *s = m_server->nextPendingConnection()) {
            if (m_started) { // the game is under way: the peer coming back
                s->setParent(nullptr);
                Q_EMIT reconnected(s);
                continue;
            }
            if (m_saved) { // a saved game: no lobby, the peer's session speaks first (hello)
                m_started = true;
                s->setParent(nullptr);
                s->setSocketOption(QAbstractSocket::LowDelayOption, 1);
                Q_EMIT ready(m_saved->first, m_saved->second, s);
                continue;
            }
            if (m_socket) { // one joiner at a time
                s->write(encodeFrame(Message::withText(
                    MessageType::Bye, QStringLiteral("another player is joining this game"))));
                s->disconnectFromHost();
                connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
                continue;
            }
            m_socket = s;
            m_joinerErrorWhy = false;
            connect(s, &QTcpSocket::readyRead, this, &NetLobby::onHostReadyRead);
            connect(s, &QTcpSocket::disconnected, this, [this, s] {
                if (m_socket == s) {
                    m_timer.stop();
                    m_offer.reset(); // an offered game's joiner gone: the next may join
                    m_socket = nullptr;
                    s->deleteLater();
                }
            });
            m_timer.start(m_timeoutMs);
            if (s->bytesAvailable() > 0)
                onHostReadyRead();
        }
    });
    return true;
}

bool NetLobby::hostSaved(quint16 port, const GameSetup &setup, int side, QString *error)
{
    m_saved = std::make_pair(setup, side);
    return host(port, {}, error);
}

void NetLobby::joinSaved(const QString &host, quint16 port, const GameSetup &setup, int side)
{
    auto *s = new QTcpSocket(this);
    m_savedLink = s;
    connect(s, &QTcpSocket::connected, this, [this, s, setup, side] {
        m_timer.stop();
        m_savedLink = nullptr;
        s->disconnect(this);
        s->setParent(nullptr);
        s->setSocketOption(QAbstractSocket::LowDelayOption, 1);
        Q_EMIT ready(setup, side, s);
    });
    connect(s, &QTcpSocket::errorOccurred, this, [this, s] {
        fail(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "cannot connect to the host: %1"),
                          {s->errorString()}));
    });
    m_timer.start(m_timeoutMs);
    s->connectToHost(host, port);
}

quint16 NetLobby::serverPort() const
{
    return m_server ? m_server->serverPort() : 0;
}

void NetLobby::close()
{
    m_timer.stop();
    m_offer.reset();
    if (QTcpSocket *s = m_savedLink) {
        m_savedLink = nullptr;
        s->disconnect(this);
        s->abort();
        s->deleteLater();
    }
    if (m_link)
        m_link->abort();
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->abort();
        m_socket->deleteLater();
        m_socket = nullptr;
    }
    if (m_server) {
        m_server->close();
        m_server->deleteLater();
        m_server = nullptr;
    }
}

void NetLobby::setMaskSecrets(bool mask, const UnitDatabase *db)
{
    m_mask = mask;
    m_db = db;
}

void NetLobby::refusePeer(const DataText &why, bool quiet)
{
    m_timer.stop();
    if (QTcpSocket *s = m_socket) {
        m_socket = nullptr;
        s->disconnect(this);
        // The English as before; the sentence too for a joiner that reads it (kFeatureErrorWhy).
        const Message error = Message::error(why);
        s->write(encodeFrame(m_joinerErrorWhy ? error
                                              : Message::withText(MessageType::Error, error.text)));
        s->disconnectFromHost();
        connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
        if (s->state() == QAbstractSocket::UnconnectedState)
            s->deleteLater();
    }
    if (!quiet)
        Q_EMIT peerRefused(why.english(), why.translated());
}

void NetLobby::onHostReadyRead()
{
    if (!m_socket)
        return;
    if (m_offer) // the game offered: the joiner's answer (its hello is the session's)
        return onOfferAnswer();
    DataText error;
    const std::optional<QByteArray> payload = LobbyConnection::nextFrame(m_socket, &error);
    if (!error.isEmpty())
        return refusePeer(error);
    if (!payload)
        return;
    const Decoded d = decodePayload(*payload);
    if (!d.message)
        return refusePeer(d.why);
    m_joinerErrorWhy = d.message->features.contains(kFeatureErrorWhy);
    if (d.message->type != MessageType::Join)
        return refusePeer(DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                         "this host expects a join (a player's "
                                                         "name and fleet) first, not %1"),
                                       {messageTypeId(d.message->type)}));
    std::optional<GameSetup> setup;
    // What the joiner is sent: the game, or in a masked lobby the game both sides know.
    std::optional<GameSetup> sent;
    if (!d.message->hashes.isEmpty()) { // a masked lobby's join: commitments, no cards
        setup = takeMaskedJoin(*d.message);
        if (!setup)
            return;
        sent = thirdPartySetup(*setup);
    } else {
        const DataText fleetName
            = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the joiner's fleet"));
        const FleetFileResult fleet
            = FleetFile::parse(d.message->text.toUtf8(), fleetName.english());
        if (!fleet.ok())
            return refusePeer(issuesSentence(fleet.issues, fleetName));
        QString why;
        setup = m_make(d.message->name, *fleet.fleet, &why);
        if (!setup)
            return refusePeer(why.isEmpty() ? DataText::of(
                                  QT_TRANSLATE_NOOP("jw::Data", "the host refused the fleet"))
                                            : DataText(why));
        sent = setup;
        // A v1.2.4 game of a host that masks, its lobby in clear (the joiner's program cannot
        // commit in the lobby): the game may still be masked; the session says the lobby was not.
        m_maskedLobby.reset();
        if (m_mask && setup->profile().secretDeployment)
            m_maskedLobby = MaskedLobby {true, std::nullopt, {}};
    }
    m_timer.stop();
    if (d.message->features.contains(kFeatureOffer)) {
        // The joiner's player sees the game first: it answers with its hello (accepted) or a
        // bye (declined). A person decides: no time limit (a drop frees the host).
        m_offer = *setup;
        m_offeredTo = d.message->name;
        m_socket->write(encodeFrame(Message::gameSetup(GameFile::serialize(Game(*sent)), true)));
        if (m_socket->bytesAvailable() > 0)
            onOfferAnswer();
        return;
    }
    QTcpSocket *s = m_socket;
    m_socket = nullptr;
    s->disconnect(this);
    s->write(encodeFrame(Message::gameSetup(GameFile::serialize(Game(*sent)))));
    m_started = true;
    s->setParent(nullptr);
    Q_EMIT ready(*setup, 0, s);
}

void NetLobby::onOfferAnswer()
{
    QTcpSocket *s = m_socket;
    if (!s || !m_offer)
        return;
    // Peeked, not read: a hello stays on the socket for the session.
    const QByteArray head = s->peek(4);
    if (head.size() < 4)
        return;
    const quint32 length = (quint32(quint8(head[0])) << 24) | (quint32(quint8(head[1])) << 16)
        | (quint32(quint8(head[2])) << 8) | quint32(quint8(head[3]));
    if (length > quint32(kMaxFrameBytes)) {
        m_offer.reset();
        return refusePeer(
            DataText::of(QT_TRANSLATE_NOOP("jw::Data", "a message of %1 bytes: at most %2"),
                         {qint64(length), kMaxFrameBytes}));
    }
    if (s->bytesAvailable() < qint64(length) + 4)
        return;
    const Decoded d = decodePayload(s->peek(qint64(length) + 4).mid(4));
    const GameSetup setup = *m_offer;
    if (d.message && d.message->type == MessageType::Hello) { // accepted
        m_offer.reset();
        m_socket = nullptr;
        s->disconnect(this);
        m_started = true;
        s->setParent(nullptr);
        Q_EMIT ready(setup, 0, s);
        return;
    }
    m_offer.reset();
    if (d.message && d.message->type == MessageType::Bye) { // declined: listen on
        (void)s->read(qint64(length) + 4);
        m_socket = nullptr;
        s->disconnect(this);
        s->disconnectFromHost();
        connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
        if (s->state() == QAbstractSocket::UnconnectedState)
            s->deleteLater();
        Q_EMIT peerDeclined(m_offeredTo, d.message->text);
        return;
    }
    // (The detail in English: a program's mistake, not a person's.)
    refusePeer(d.message ? DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: %2"),
                                        {messageTypeId(d.message->type),
                                         QStringLiteral("the joiner answers the game offered "
                                                        "with hello (accepted) or bye (declined)")})
                         : d.why);
}

void NetLobby::join(const QString &host, quint16 port, const QString &name, const Fleet &fleet)
{
    m_name = name;
    m_fleet = fleet;
    m_hostAddress = host;
    m_hostPort = port;
    m_offer.reset();
    if (m_link) { // a second try: the first connection goes
        m_link->disconnect(this);
        m_link->abort();
        m_link->deleteLater();
    }
    m_link = new LobbyConnection(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the host")), this);
    connect(m_link, &LobbyConnection::connected, this, [this] {
        const std::optional<Message> m = joinMessage();
        if (!m)
            return;
        m_link->send(*m);
        m_timer.start(m_timeoutMs);
    });
    connect(m_link, &LobbyConnection::message, this, &NetLobby::onJoinMessage);
    connect(m_link, &LobbyConnection::failed, this,
            [this](const QString &why, const QString &local) {
                fail(DataText::localized(why, local));
            });
    m_link->connectTo(host, port);
    m_timer.start(m_timeoutMs);
}

void NetLobby::fail(const DataText &why)
{
    m_timer.stop();
    if (m_link)
        m_link->abort();
    if (QTcpSocket *s = m_savedLink) {
        m_savedLink = nullptr;
        s->disconnect(this);
        s->abort();
        s->deleteLater();
    }
    Q_EMIT failed(why.english(), why.translated());
}

std::optional<Message> NetLobby::joinMessage()
{
    m_maskedJoinSent = false;
    if (!m_mask || !m_db || m_clearLobby) {
        if (m_mask && m_clearLobby)
            m_maskedLobby = MaskedLobby {true, std::nullopt, {}};
        return Message::join(m_name, QString::fromUtf8(FleetFile::serialize(m_fleet)),
                             m_ask && !m_plainJoin ? QStringList {kFeatureOffer, kFeatureErrorWhy}
                                                   : QStringList {});
    }
    // A masked lobby: the host cannot check our cards before the game, so our program does: a
    // fleet illegal under the fleet rules is not offered as commitments; it goes in clear, as
    // before, where the host sees it (and may refuse it).
    if (!validateFleet(m_fleet, *m_db).legal()) {
        m_clearLobby = true;
        return joinMessage();
    }
    // Our fleet as player 1 of a game whose host's fleet we do not know.
    DataText why;
    const std::optional<GameSetup> mine = fleetWithCards(1, m_name, m_fleet, *m_db, &why);
    if (!mine) {
        fail(why);
        return std::nullopt;
    }
    m_committed = std::make_pair(*mine, commitFleet(*mine, 1));
    m_maskedJoinSent = true;
    QStringList features {kFeatureMaskedSecrets, kFeatureMaskedLobby, kFeatureErrorWhy};
    if (m_ask)
        features.prepend(kFeatureOffer);
    return Message::join(m_name,
                         QString::fromUtf8(FleetFile::serialize(m_committed->second.publicPart)),
                         features, m_committed->second.commitments);
}

LobbyCommitment commitFleet(const GameSetup &setup, int side)
{
    const ModelSecrets secrets = ModelSecrets::generate(setup, side);
    LobbyCommitment c;
    c.secrets = secrets.saved();
    for (const QString &h : secrets.commitments(setup))
        if (!h.isEmpty()) // the other player's models
            c.commitments << h;
    c.publicPart = MaskedView::maskedSetup(setup, 1 - side).players[std::size_t(side)].fleet;
    return c;
}

std::optional<GameSetup> fleetWithCards(int side, const QString &name, const Fleet &fleet,
                                        const UnitDatabase &db, DataText *why)
{
    GameSetup mine;
    mine.players[std::size_t(side)] = PlayerSetup {name, fleet};
    for (const FleetEntry &e : fleet.entries) {
        const Unit *u = db.unit(e.unitId);
        if (!u || isStandInUnit(e.unitId)) {
            if (why)
                *why = DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                      "this side's fleet uses the unit '%1', "
                                                      "which the unit database does not have"),
                                    {e.unitId});
            return std::nullopt;
        }
        mine.units[u->id] = *u;
    }
    return mine;
}

bool isPublicPart(const Fleet &fleet, int count)
{
    return fleet.size() == count
        && std::all_of(fleet.entries.begin(), fleet.entries.end(), [](const FleetEntry &e) {
               return isStandInUnit(e.unitId) && e.name.isEmpty() && e.upgrades.isEmpty()
                   && !e.embarkedOn;
           });
}

std::optional<GameSetup> ownMaskedGame(const GameSetup &given, int side, const GameSetup &own,
                                       const LobbyCommitment &committed, MaskedLobby *lobby)
{
    // The game both sides know (every hidden model a stand-in): ours is it with our cards.
    GameSetup ours = given;
    const Fleet &fleet = own.players[std::size_t(side)].fleet;
    ours.players[std::size_t(side)].fleet = fleet;
    for (const FleetEntry &e : fleet.entries)
        if (const Unit *u = own.unit(e.unitId))
            ours.units[u->id] = *u;
    ours.masked = true;
    const std::optional<ModelSecrets> secrets = ModelSecrets::restore(ours, committed.secrets);
    if (!secrets || !hasStandIns(given, side)
        || setupHash(thirdPartySetup(ours)) != setupHash(given))
        return std::nullopt;
    QStringList hashes;
    for (const QString &h : secrets->commitments(ours))
        if (!h.isEmpty())
            hashes << h;
    if (hashes != committed.commitments)
        return std::nullopt;
    if (lobby)
        *lobby = MaskedLobby {false, secrets, {}};
    return ours;
}

std::optional<GameSetup> NetLobby::takeMaskedJoin(const Message &m)
{
    if (!m_mask) { // this host does not mask: the fleet in clear, as an older joiner's
        refusePeer(DataText::of(QT_TRANSLATE_NOOP(
                       "jw::Data", "this game is not masked: join with the fleet in clear")),
                   true);
        return std::nullopt;
    }
    // The public part: stand-ins only (no unit, name, upgrade or carrier), one a commitment.
    const DataText fleetName = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the joiner's fleet"));
    const FleetFileResult parsed = FleetFile::parse(m.text.toUtf8(), fleetName.english());
    if (!parsed.ok()) {
        refusePeer(issuesSentence(parsed.issues, fleetName));
        return std::nullopt;
    }
    const Fleet &fleet = *parsed.fleet;
    if (!isPublicPart(fleet, int(m.hashes.size()))) {
        refusePeer(DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                  "a masked join: the fleet must be %1 "
                                                  "stand-ins (one a commitment) and nothing "
                                                  "else of its models; it has %2 entries"),
                                {int(m.hashes.size()), fleet.size()}));
        return std::nullopt;
    }
    QString why;
    std::optional<GameSetup> setup = m_make(m.name, fleet, &why);
    if (!setup) {
        refusePeer(why.isEmpty()
                       ? DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the host refused the fleet"))
                       : DataText(why));
        return std::nullopt;
    }
    // A game not masked (not v1.2.4; a scripted start): the joiner joins again in clear.
    if (!setup->profile().secretDeployment || !setup->starts.empty()
        || !(setup->players[1].fleet == fleet)) {
        refusePeer(DataText::of(QT_TRANSLATE_NOOP(
                       "jw::Data", "this game is not masked: join with the fleet in clear")),
                   true);
        return std::nullopt;
    }
    setup->masked = true; // the joiner's models are stand-ins (MaskedView::maskedSetup)
    const int first = setup->players[0].fleet.size();
    std::vector<QString> theirs(std::size_t(first + fleet.size()));
    for (int i = 0; i < fleet.size(); ++i)
        theirs[std::size_t(first + i)] = m.hashes[i];
    m_maskedLobby = MaskedLobby {false, std::nullopt, std::move(theirs)};
    return setup;
}

bool NetLobby::takeMaskedGame(GameSetup &setup)
{
    MaskedLobby lobby;
    const std::optional<GameSetup> own = m_committed
        ? ownMaskedGame(setup, 1, m_committed->first, m_committed->second, &lobby)
        : std::nullopt;
    if (!own) {
        fail(DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                            "the host's game is not a masked game of this "
                                            "side's fleet as it was offered (its models as "
                                            "stand-ins)")));
        return false;
    }
    m_maskedLobby = lobby;
    setup = *own;
    return true;
}

void NetLobby::onJoinMessage(const Message &m)
{
    // A host that does not take a masked lobby's join (its game is not masked; an older program
    // that does not know the field): join again with the fleet in clear.
    if (m.type == MessageType::Error && m_maskedJoinSent
        && (m.text == kMaskedLobbyRefusal
            || m.text.contains(QLatin1String("unknown field 'commitments'"))
            || m.text.contains(QLatin1String("unknown field 'features'")))) {
        m_clearLobby = true;
        const QString host = m_hostAddress;
        return join(host, m_hostPort, m_name, m_fleet);
    }
    // An older host does not know the feature: join again without it (the game then begins
    // at once, as before).
    if (m.type == MessageType::Error && m_ask && !m_plainJoin
        && m.text.contains(QLatin1String("unknown field 'features'"))) {
        m_plainJoin = true;
        const QString host = m_hostAddress;
        return join(host, m_hostPort, m_name, m_fleet);
    }
    if (m.type == MessageType::Error || m.type == MessageType::Bye)
        return fail(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the host refused: %1"),
                                 {m.why.isEmpty() ? DataText(m.text) : m.why}));
    if (m.type != MessageType::GameSetup)
        return fail(
            DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the host answered %1, not the game"),
                         {messageTypeId(m.type)}));
    const GameFile::Loaded loaded
        = GameFile::parse(m.game, DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the host's game")));
    if (!loaded.game)
        return fail(loaded.why.isEmpty() ? DataText(loaded.error) : loaded.why);
    if (!loaded.game->history().empty())
        return fail(DataText::of(
            QT_TRANSLATE_NOOP("jw::Data", "the host's game has commands already: not a new game")));
    m_timer.stop();
    GameSetup setup = loaded.game->setup();
    if (m_maskedJoinSent && !takeMaskedGame(setup))
        return;
    if (m.offer) { // the host waits for our player's answer
        m_offer = setup;
        Q_EMIT offered(setup);
        return;
    }
    // What the host sent after its answer (its hello) is the session's.
    QTcpSocket *s = m_link->take();
    Q_EMIT ready(setup, 1, s);
}

void NetLobby::acceptOffer()
{
    if (!m_offer || !m_link)
        return;
    const GameSetup setup = *m_offer;
    m_offer.reset();
    QTcpSocket *s = m_link->take(); // our session's hello tells the host
    Q_EMIT ready(setup, 1, s);
}

void NetLobby::declineOffer(const QString &why)
{
    if (!m_offer || !m_link)
        return;
    m_offer.reset();
    QTcpSocket *s = m_link->take();
    if (!s)
        return;
    // Written out before the connection closes (the host reads why), then gone: on its own
    // (this lobby may go first), within 10 s at the latest.
    QTimer::singleShot(10'000, s, [s] {
        s->abort();
        s->deleteLater();
    });
    s->write(encodeFrame(Message::withText(MessageType::Bye, why.left(kMaxChatChars))));
    s->flush();
    connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
    s->disconnectFromHost();
    if (s->state() == QAbstractSocket::UnconnectedState)
        s->deleteLater();
}

} // namespace jw::net
