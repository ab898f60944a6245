// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/gamesetup.h"
#include "fleet/fleet.h"
#include "net/lobbyconnection.h"
#include "net/netsession.h"

#include <QObject>
#include <QPointer>
#include <QTimer>

#include <functional>
#include <optional>
#include <utility>

class QTcpServer;
class QTcpSocket;

namespace jw {
class UnitDatabase;
}

namespace jw::net {

// The steps of a masked lobby both lobbies take (NetLobby between two computers, ClubClient and
// ClubServer through a club server; docs/network.md, "A masked lobby"): one rule in one place.
//
// A side's fleet offered as commitments: its public part (stand-ins), a commitment a model
// (in the fleet's order) and the nonces (by fleet entry).
struct LobbyCommitment
{
    Fleet publicPart;
    QStringList commitments;
    MaskedSecrets secrets;
};
// `side`'s fleet of `setup` (its cards in setup.units; the other side's fleet may be empty)
// committed to with new nonces.
[[nodiscard]] LobbyCommitment commitFleet(const GameSetup &setup, int side);
// `fleet` with its cards from `db` as `side` (named `name`) of an otherwise empty setup; nullopt,
// with why, when the database lacks a unit (or it is a stand-in).
[[nodiscard]] std::optional<GameSetup> fleetWithCards(int side, const QString &name,
                                                      const Fleet &fleet, const UnitDatabase &db,
                                                      DataText *why);
// Whether `fleet` is a masked lobby's public part of `count` models: stand-ins only (no unit,
// name, upgrade or carrier).
[[nodiscard]] bool isPublicPart(const Fleet &fleet, int count);
// The game a masked lobby answered with (`given`: every hidden model a stand-in,
// thirdPartySetup) with `side`'s own fleet and cards put back from `own` (the setup committed
// to, commitFleet), when it is that game: `side`'s models stand-ins there, the same game
// masked, the same commitments. nullopt when not; else `lobby` is the session's
// (NetSession::setMaskedLobby: our secrets).
[[nodiscard]] std::optional<GameSetup> ownMaskedGame(const GameSetup &given, int side,
                                                     const GameSetup &own,
                                                     const LobbyCommitment &committed,
                                                     MaskedLobby *lobby);

// Before a game between two people who have not agreed on one (the GUI's Host and Join
// Network Game, docs/network.md): the joiner offers its player's name and fleet (`join`);
// the host makes the game's setup with it (its own fleet, scenario and rules) and answers
// with the game (`game-setup`: a saved game of no commands). Then both play that game with a
// NetSession over the same connection (NetSession::attach). The host keeps listening: a
// connection after the game began is the peer coming back after a drop (reconnected()).
// Frames are read one at a time and never beyond the lobby's last: what follows on the
// socket is the session's.
class NetLobby : public QObject
{
    Q_OBJECT
public:
    // The host's setup for a joiner (name, fleet); nullopt, with why, to refuse them.
    using MakeSetup = std::function<std::optional<GameSetup>(const QString &name,
                                                             const Fleet &fleet, QString *why)>;

    explicit NetLobby(QObject *parent = nullptr);
    ~NetLobby() override;

    // Listens on `port` (0: any; serverPort() says which) and plays side 0 with the first
    // joiner `make` accepts. False, with why, when it cannot listen.
    bool host(quint16 port, MakeSetup make, QString *error);
    bool host(quint16 port, MakeSetup make, DataText *error);
    [[nodiscard]] quint16 serverPort() const;
    // A game both players saved (resumed another day, as `net-host/net-join --resume`): no
    // lobby. The host listens and plays `side` of `setup` (the saved game's) with the first
    // connection (ready() at once; a later one is the peer back: reconnected()); the joiner
    // connects and plays `side` (ready() once connected, failed() if it cannot within the
    // reply timeout). Each then resumes its own saved game (NetSession::resume).
    bool hostSaved(quint16 port, const GameSetup &setup, int side, QString *error);
    void joinSaved(const QString &host, quint16 port, const GameSetup &setup, int side);
    // Connects and offers `name` and `fleet`; plays side 1.
    void join(const QString &host, quint16 port, const QString &name, const Fleet &fleet);
    // The joiner: show the host's game to its player before it begins (the GUI). The join
    // then says so (feature "offer"); a host that can answers with the game as an offer:
    // offered(), then acceptOffer() or declineOffer(). A host that cannot (an older program)
    // refuses the feature: the joiner joins again without it, and the game begins at once as
    // before. Off by default (the CLI's headless joiner).
    void setAskBeforeStart(bool ask) { m_ask = ask; }
    // The offered game is accepted: ready() (the session's hello tells the host).
    void acceptOffer();
    // Declined: a bye with `why` to the host, which keeps listening for another player.
    void declineOffer(const QString &why);
    [[nodiscard]] bool offerPending() const { return m_offer.has_value(); }
    // A masked lobby for masked v1.2.4 games (docs/network.md, "A masked lobby"): the joiner
    // sends only its fleet's public part (its models as stand-ins: how many, each a capital
    // ship or deployed as a squadron; the fleet's name, faction, points and rules) and a
    // commitment a model, never a card; the host answers with the game masked for both sides
    // (thirdPartySetup). The joiner needs `db` (its cards, which it commits to, and the fleet
    // rules it checks its fleet against first: an illegal fleet is not offered). A host whose
    // game is not masked (not v1.2.4) refuses such a join, and a host that does not know it (an
    // older program) refuses its field: the joiner then joins again with its fleet in clear,
    // and maskedLobby() says so. Off by default (the lobby in clear, as before).
    void setMaskSecrets(bool mask, const UnitDatabase *db = nullptr);
    // What the lobby agreed on for masking (give it to NetSession::setMaskedLobby): nullopt when
    // it was not asked to mask (setMaskSecrets; the host: or its game is not a v1.2.4 one);
    // else the commitments agreed, or that the fleets went in clear (MaskedLobby::clear: the
    // session says so only when it masks the game).
    [[nodiscard]] std::optional<MaskedLobby> maskedLobby() const { return m_maskedLobby; }
    // How long the host's answer may take (and the connection): then failed().
    void setReplyTimeout(int ms) { m_timeoutMs = ms; }
    // Stops listening and drops a handshake under way.
    void close();

Q_SIGNALS:
    // The game agreed: play `setup` as `side` over `socket` (now the receiver's: give it to
    // NetSession::attach).
    void ready(const jw::GameSetup &setup, int side, QTcpSocket *socket);
    // The joiner could not join (cannot connect, refused by the host, a bad answer).
    // Each why in English (the CLI, logs) and in the user's language (the GUI).
    void failed(const QString &why, const QString &localWhy);
    // The host refused a joiner (and keeps listening).
    void peerRefused(const QString &why, const QString &localWhy);
    // The host, after ready(): a new connection (the peer back after a drop).
    void reconnected(QTcpSocket *socket);
    // The joiner (setAskBeforeStart): the host's game, to accept or decline.
    void offered(const jw::GameSetup &setup);
    // The host: the joiner declined the game it was offered (`why`: its bye's text); the host
    // keeps listening.
    void peerDeclined(const QString &name, const QString &why);

private:
    void onHostReadyRead();
    // The host, its game offered: the joiner's answer, its hello (left on the socket for the
    // session) or a bye.
    void onOfferAnswer();
    void onJoinMessage(const Message &m);
    // `quiet`: not a refusal to tell the host's player (kMaskedLobbyRefusal: the joiner joins
    // again in clear).
    void refusePeer(const DataText &why, bool quiet = false);
    // The host: a masked lobby's join (its commitments); the setup it makes, or nullopt (the
    // joiner refused, or asked to join in clear).
    std::optional<GameSetup> takeMaskedJoin(const Message &m);
    // The joiner: the join it sends (masked when it can), or nullopt with the failure emitted.
    std::optional<Message> joinMessage();
    // The joiner: the host's game of a masked lobby made this side's setup (our cards filled
    // in), its secrets restored; false, with the failure emitted.
    bool takeMaskedGame(GameSetup &setup);
    void fail(const DataText &why);

    QTcpServer *m_server = nullptr;
    QPointer<QTcpSocket> m_socket; // the host: the joiner's handshake under way
    LobbyConnection *m_link = nullptr; // the joiner: its connection to the host
    MakeSetup m_make;
    bool m_started = false; // the host: ready() emitted
    std::optional<std::pair<GameSetup, int>> m_saved; // hostSaved: the game and our side
    QPointer<QTcpSocket> m_savedLink; // joinSaved: connecting
    QString m_name;
    Fleet m_fleet;
    bool m_ask = false; // the joiner: ask its player (feature "offer")
    bool m_joinerErrorWhy = false; // the host: the joiner's join had kFeatureErrorWhy
    bool m_plainJoin = false; // the joiner: the host refused the feature; joined without
    QString m_hostAddress; // the joiner: to join again without the feature
    quint16 m_hostPort = 0;
    std::optional<GameSetup> m_offer; // the offered game: the joiner's, or the host's waiting
    // A masked lobby (setMaskSecrets).
    bool m_mask = false;
    const UnitDatabase *m_db = nullptr; // the joiner: its cards
    bool m_clearLobby = false; // the joiner: the host refused the masked join; in clear now
    bool m_maskedJoinSent = false; // the joiner: the join under way is masked
    // The joiner: what it committed to (its fleet with its cards, the commitments it sent).
    std::optional<std::pair<GameSetup, LobbyCommitment>> m_committed;
    std::optional<MaskedLobby> m_maskedLobby;
    QString m_offeredTo; // the host: the joiner's name
    QTimer m_timer;
    int m_timeoutMs = 10'000;
};

} // namespace jw::net
