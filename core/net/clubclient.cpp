// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/clubclient.h"

#include "engine/gamefile.h"
#include "fleet/fleetfile.h"
#include "net/maskedresume.h"

#include <QElapsedTimer>
#include <QTcpSocket>

#include <utility>

namespace jw::net {

ClubClient::ClubClient(QObject *parent)
    : QObject(parent)
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        fail(m_mode == Mode::Join && m_id == 0
                 ? DataText::of(
                     QT_TRANSLATE_NOOP("jw::Data", "no open game on the server within %1 ms"),
                     {m_timeoutMs})
                 : DataText::of(
                     QT_TRANSLATE_NOOP("jw::Data", "the server did not answer within %1 ms"),
                     {m_timeoutMs}));
    });
}

ClubClient::~ClubClient() = default;

void ClubClient::create(const QString &host, quint16 port, const GameSetup &setup)
{
    m_clearLobby = false;
    m_maskedLobby.reset();
    m_mode = Mode::Create;
    m_setup = setup;
    connectTo(host, port);
}

void ClubClient::join(const QString &host, quint16 port, int id, const QString &name,
                      const Fleet &fleet)
{
    m_clearLobby = false;
    m_maskedLobby.reset();
    m_mode = Mode::Join;
    m_id = id;
    m_name = name;
    m_fleet = fleet;
    connectTo(host, port);
}

Message ClubClient::createRequest()
{
    m_committed.reset();
    // A masked lobby: our fleet as stand-ins (the game both sides will know) and commitments.
    if (m_masks && m_lobby && m_features && !m_clearLobby && m_setup.profile().secretDeployment
        && m_setup.starts.empty() && m_setup.players[0].fleet.size() > 0) {
        m_committed = std::make_pair(m_setup, commitFleet(m_setup, 0));
        return Message::clubCreate(GameFile::serialize(Game(thirdPartySetup(m_setup))),
                                   m_committed->second.commitments);
    }
    return Message::clubCreate(GameFile::serialize(Game(m_setup)));
}

Message ClubClient::joinRequest()
{
    m_committed.reset();
    if (m_masks && m_lobby && m_db && m_features && !m_clearLobby && m_fleet.size() > 0) {
        if (std::optional<GameSetup> mine = fleetWithCards(1, m_name, m_fleet, *m_db, nullptr)) {
            m_committed = std::make_pair(*mine, commitFleet(*mine, 1));
            return Message::clubJoin(
                m_id, m_name,
                QString::fromUtf8(FleetFile::serialize(m_committed->second.publicPart)),
                m_committed->second.commitments);
        }
    }
    return Message::clubJoin(m_id, m_name, QString::fromUtf8(FleetFile::serialize(m_fleet)));
}

void ClubClient::rejoin(const QString &host, quint16 port, int id, int side,
                        const QByteArray &token)
{
    m_mode = Mode::Rejoin;
    m_reopened = false;
    m_id = id;
    m_side = side;
    m_token = token;
    connectTo(host, port);
}

void ClubClient::watch(const QString &host, quint16 port, int id, bool board)
{
    m_mode = Mode::Watch;
    m_id = id;
    m_board = board;
    connectTo(host, port);
}

void ClubClient::list(const QString &host, quint16 port, bool all)
{
    m_mode = Mode::List;
    m_all = all;
    m_watchLobby = false;
    m_watchingLobby = false;
    connectTo(host, port);
}

void ClubClient::watchLobby(const QString &host, quint16 port, bool all)
{
    m_mode = Mode::List;
    m_all = all;
    m_watchLobby = true;
    m_watchingLobby = false;
    connectTo(host, port);
}

void ClubClient::send(const Message &m)
{
    if (!m_link)
        return;
    switch (m.type) {
    case MessageType::ClubCreate:
    case MessageType::ClubJoin:
    case MessageType::ClubRejoin:
    case MessageType::ClubWatch:
    case MessageType::ClubList:
        if (m_features) {
            Message with = m;
            with.features = QStringList {kFeatureErrorWhy};
            // The creator can take its open game back after the server restarts.
            if (m.type == MessageType::ClubCreate && m_openSeat)
                with.features.append(kFeatureOpenSeat);
            // Its program masks v1.2.4 hidden models: sent the game masked when both can (an
            // open game taken back after the server's restart too).
            if ((m.type == MessageType::ClubCreate || m.type == MessageType::ClubJoin
                 || (m.type == MessageType::ClubRejoin && m.side == 0))
                && m_masks)
                with.features.append(kFeatureMaskedSecrets);
            if (!m.hashes.isEmpty()) // a masked lobby's request: commitments, not cards
                with.features.append(kFeatureMaskedLobby);
            m_lastRequest = m;
            return m_link->send(with);
        }
        break;
    default:
        break;
    }
    m_link->send(m);
}

void ClubClient::connectTo(const QString &host, quint16 port)
{
    if (m_link) { // a new question: the old connection goes
        m_link->abort();
        m_link->deleteLater();
    }
    m_features = true;
    m_lastRequest.reset();
    m_link
        = new LobbyConnection(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the club server")), this);
    connect(m_link, &LobbyConnection::connected, this, [this] {
        switch (m_mode) {
        case Mode::Create:
            send(createRequest());
            break;
        case Mode::Join:
            if (m_id > 0)
                send(joinRequest());
            else
                send(Message::clubList());
            break;
        case Mode::Rejoin:
            send(Message::clubRejoin(m_id, m_side, m_token));
            break;
        case Mode::Watch:
            send(Message::clubWatch(m_id, m_board));
            m_timer.stop(); // a game lasts as long as it lasts
            break;
        case Mode::List:
            send(Message::clubList(m_all, m_all, m_watchLobby));
            break;
        }
    });
    connect(m_link, &LobbyConnection::message, this, &ClubClient::onMessage);
    connect(m_link, &LobbyConnection::failed, this,
            [this](const QString &why, const QString &local) {
                fail(DataText::localized(why, local));
            });
    m_link->connectTo(host, port);
    m_timer.start(m_timeoutMs);
}

void ClubClient::fail(const DataText &why)
{
    m_timer.stop();
    m_watchingLobby = false;
    (void)closeLink(LinkEnd::Abort);
    Q_EMIT failed(why.english(), why.translated());
}

QTcpSocket *ClubClient::closeLink(LinkEnd end)
{
    LobbyConnection *link = std::exchange(m_link, nullptr);
    if (!link)
        return nullptr;
    link->disconnect(this);
    link->deleteLater(); // not at once: this may run within its message()
    switch (end) {
    case LinkEnd::Abort:
        link->abort();
        return nullptr;
    case LinkEnd::Finish:
        link->finish();
        return nullptr;
    case LinkEnd::Take:
        return link->take();
    }
    return nullptr;
}

void ClubClient::onMessage(const Message &m)
{
    if (m_mode == Mode::Watch && m.type == MessageType::ClubEvent)
        return Q_EMIT publicEvent(m.seq, m.name, m.text, m.player);
    if (m_mode == Mode::Watch && m.type == MessageType::ClubBoard && m_board)
        return Q_EMIT board(m.seq, m.board);
    // A masked lobby's request the server does not take (an older server does not know the
    // field or the features; the game is not masked): asked again in clear, as before.
    if (m.type == MessageType::Error && m_committed
        && (m.text == kMaskedLobbyRefusal
            || m.text.contains(QLatin1String("unknown field 'commitments'"))
            || m.text.contains(QLatin1String("unknown field 'features'")))) {
        m_clearLobby = true;
        if (m.text.contains(QLatin1String("unknown field 'features'")))
            m_features = false;
        return send(m_mode == Mode::Create ? createRequest() : joinRequest());
    }
    // An older server refuses the optional fields it does not know: asked again without.
    // One field at a time (the newest first): each asked again without it. The features first:
    // a server without them sends its refusals in English only (as before).
    if (m.type == MessageType::Error && m_features && m_lastRequest
        && m.text.contains(QLatin1String("unknown field 'features'"))) {
        m_features = false;
        return send(*std::exchange(m_lastRequest, std::nullopt));
    }
    if (m.type == MessageType::Error && m_mode == Mode::List && !m_watchingLobby
        && m.text.contains(QLatin1String("unknown field"))) {
        if (m_watchLobby) {
            m_watchLobby = false;
            return send(Message::clubList(m_all, m_all));
        }
        if (m_all) {
            m_all = false;
            return send(Message::clubList());
        }
    }
    if (m.type == MessageType::Error && m_mode == Mode::Watch && m_board
        && m.text.contains(QLatin1String("unknown field 'board'"))) {
        m_board = false;
        send(Message::clubWatch(m_id));
        return Q_EMIT noBoard(m.text);
    }
    if (m_mode == Mode::Watch && m.type == MessageType::Bye) {
        (void)closeLink(LinkEnd::Finish);
        return Q_EMIT watchEnded(m.text);
    }
    if (m_watchingLobby && m.type == MessageType::Bye)
        return fail(
            DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the club server stopped: %1"), {m.text}));
    if (m.type == MessageType::Error || m.type == MessageType::Bye)
        return fail(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the club server refused: %1"),
                                 {m.why.isEmpty() ? DataText(m.text) : m.why}));
    switch (m.type) {
    case MessageType::ClubCreated:
        if (m_mode == Mode::Rejoin && m_side == 0 && m.id == m_id) {
            // Our open game, taken back after the server restarted: open again.
            m_reopened = true;
            m_timer.stop(); // waiting for a joiner takes as long as it takes
            return Q_EMIT created(m.id);
        }
        if (m_mode != Mode::Create)
            return fail(DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "the club server answered club-created unasked")));
        m_id = m.id;
        m_timer.stop(); // waiting for a joiner takes as long as it takes
        return Q_EMIT created(m.id);
    case MessageType::ClubGames:
        if (m_mode == Mode::List) {
            m_timer.stop();
            // Watching the lobby: the connection stays, the listing comes again on changes.
            m_watchingLobby = m_watchLobby && m.watch;
            if (!m_watchingLobby)
                (void)closeLink(LinkEnd::Finish);
            return Q_EMIT games(m.games);
        }
        if (m_mode == Mode::Join && m_id == 0) {
            if (m.games.empty()) { // none yet: ask again soon, until the timeout
                QTimer::singleShot(100, this, [this] { send(Message::clubList()); });
                return;
            }
            m_id = m.games.front().id;
            return send(joinRequest());
        }
        return fail(DataText::of(
            QT_TRANSLATE_NOOP("jw::Data", "the club server answered club-games unasked")));
    case MessageType::ClubSeat:
        if (m_mode == Mode::List || m_mode == Mode::Watch)
            return fail(
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the club server sent a seat unasked")));
        m_id = m.id;
        m_token = m.bytes;
        return;
    case MessageType::GameSetup: {
        if (m_mode == Mode::List || (m_mode == Mode::Create && m_id == 0))
            return fail(
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the club server sent a game unasked")));
        const GameFile::Loaded loaded = GameFile::parse(
            m.game, DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the club server's game")));
        if (!loaded.game)
            return fail(loaded.why.isEmpty() ? DataText(loaded.error) : loaded.why);
        if (!loaded.game->history().empty())
            return fail(DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "the club server's game has commands already")));
        GameSetup setup = loaded.game->setup();
        // Our fleet went as commitments: the game is the one both sides know; our cards back.
        if (m_committed && (m_mode != Mode::Rejoin || m_reopened)) {
            MaskedLobby lobby;
            const std::optional<GameSetup> own
                = ownMaskedGame(setup,
                                m_mode == Mode::Create       ? 0
                                    : m_mode == Mode::Rejoin ? m_side
                                                             : 1,
                                m_committed->first, m_committed->second, &lobby);
            if (!own)
                return fail(DataText::of(
                    QT_TRANSLATE_NOOP("jw::Data",
                                      "the club server's game is not a masked game of this "
                                      "side's fleet as it was offered (its models as "
                                      "stand-ins)")));
            setup = *own;
            m_maskedLobby = lobby;
        }
        m_timer.stop();
        // What follows on the socket (the other player's hello) is the session's.
        QTcpSocket *s = closeLink(LinkEnd::Take);
        Q_EMIT ready(setup, m_mode == Mode::Create ? 0 : m_mode == Mode::Rejoin ? m_side : 1, s);
        return;
    }
    default:
        return fail(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the club server answered %1"),
                                 {messageTypeId(m.type)}));
    }
}

} // namespace jw::net
