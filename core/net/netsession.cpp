// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/netsession.h"

#include "dice/recordingdice.h"
#include "engine/gamefile.h"
#include "engine/gamejson.h"
#include "engine/maskedview.h"
#include "engine/message.h"
#include "engine/messageids.h"
#include "engine/messagetext.h"
#include "io/textcheck.h"
#include "net/maskedresume.h"

#include <QCryptographicHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpServer>
#include <QTcpSocket>

namespace jw::net {

int ExchangeDice::rollD6()
{
    if (!m_stream)
        throw ScriptedDiceExhausted();
    return m_stream->rollD6();
}

QByteArray setupHash(const GameSetup &setup)
{
    // The setup as a saved game writes it (fleets, units, scenario, terrain, seed).
    const Game game(setup);
    const QJsonObject root = QJsonDocument::fromJson(GameFile::serialize(game)).object();
    return QCryptographicHash::hash(QJsonDocument(root.value(QStringLiteral("setup")).toObject())
                                        .toJson(QJsonDocument::Compact),
                                    QCryptographicHash::Sha256);
}

QByteArray stateHash(const Engine &engine, const GameState &state)
{
    return QCryptographicHash::hash(
        QJsonDocument(stateToJson(engine, state)).toJson(QJsonDocument::Compact),
        QCryptographicHash::Sha256);
}

namespace {

// `out` (not null) set to the English of `why` (the functions' QString forms).
template<typename F>
auto inEnglish(QString *out, F &&f)
{
    DataText why;
    auto result = f(&why);
    if (out && !why.isEmpty())
        *out = why.english();
    return result;
}

} // namespace

std::optional<bool> commandNeedsDice(const Game &game, const Command &command, QString *why)
{
    return inEnglish(why, [&](DataText *w) { return commandNeedsDice(game, command, w); });
}

std::optional<bool> commandNeedsDice(const Game &game, const Command &command, DataText *why)
{
    return commandNeedsDiceAt(game.engine(), game.state(), command, why);
}

std::optional<bool> commandNeedsDiceAt(const Engine &engine, const GameState &state,
                                       const Command &command, QString *why)
{
    return inEnglish(why,
                     [&](DataText *w) { return commandNeedsDiceAt(engine, state, command, w); });
}

std::optional<bool> commandNeedsDiceAt(const Engine &engine, const GameState &state,
                                       const Command &command, DataText *why)
{
    ScriptedDiceSource none;
    const ApplyResult r = engine.apply(state, command, none);
    if (r.ok())
        return false;
    if (r.rejection->rule == QLatin1String("Dice")
        && r.rejection->why.id() == MsgId::ScriptedDiceRanOut)
        return true;
    // The rule stays English (a heading of the English rules text); the sentence is the engine's,
    // typed: it travels as its template and arguments in a refusal sent to another program.
    *why = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: %2"),
                        {r.rejection->rule, messageText(r.rejection->why)});
    return std::nullopt;
}

std::optional<bool> checkPeerCommand(const Game &game, int sender, int seq, const Command &command,
                                     QString *why)
{
    return inEnglish(why,
                     [&](DataText *w) { return checkPeerCommand(game, sender, seq, command, w); });
}

std::optional<bool> checkPeerCommand(const Game &game, int sender, int seq, const Command &command,
                                     DataText *why)
{
    const int toAct = game.state().toAct;
    if (toAct != sender) {
        *why = DataText::of(
            QT_TRANSLATE_NOOP("jw::Data", "command %1 out of turn: player %2 is to act"),
            {seq, toAct});
        return std::nullopt;
    }
    const int next = int(game.history().size()) + 1;
    if (seq != next) {
        *why = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "command %1: the next command is %2"),
                            {seq, next});
        return std::nullopt;
    }
    DataText rule;
    const std::optional<bool> dice = commandNeedsDice(game, command, &rule);
    if (!dice)
        *why = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "command %1 (%2) refused: %3"),
                            {seq, commandId(command), rule});
    return dice;
}

std::optional<SealedFollowUp> sealedFollowUp(const Game &game)
{
    const GameState &s = game.state();
    if (!s.pending || !s.pending->request.secret || s.pending->request.player != s.toAct
        || s.pending->request.optionCount() < 1)
        return std::nullopt;
    std::optional<SealedFollowUp> out;
    for (int i = 0; i < s.pending->request.optionCount(); ++i) {
        ScriptedDiceSource none; // no dice: the answer must roll none
        const ApplyResult r = game.engine().apply(s, AnswerCommand {i, {}}, none);
        if (!r.ok() || !r.state.pending)
            return std::nullopt;
        const DecisionRequest &q = r.state.pending->request;
        if (!q.secret || q.player != 1 - s.toAct || r.state.toAct != q.player)
            return std::nullopt;
        if (!out)
            out = SealedFollowUp {r.state, q};
        else if (!(out->request == q)) // the question would tell the answer
            return std::nullopt;
    }
    return out;
}

std::unique_ptr<Game> startExchangeGame(const GameSetup &setup, ExchangeDice &dice,
                                        const QByteArray &a, const QByteArray &b, QString *why)
{
    return inEnglish(why, [&](DataText *w) { return startExchangeGame(setup, dice, a, b, w); });
}

std::unique_ptr<Game> startExchangeGame(const GameSetup &setup, ExchangeDice &dice,
                                        const QByteArray &a, const QByteArray &b, DataText *why)
{
    dice.use(a, b);
    auto game = std::make_unique<Game>(setup, &dice);
    dice.clear();
    if (const auto &r = game->startRejection()) {
        *why = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the game cannot start: %1"),
                            {DataText::localized(r->message(), r->translatedMessage())});
        return nullptr;
    }
    game->addDiceExchange(DiceExchange {-1, 0, fairdice::commitment(a), a, b});
    return game;
}

ApplyResult applyExchangeCommand(Game &game, ExchangeDice &dice, const Command &command,
                                 const QByteArray *a, const QByteArray *b, int committer,
                                 const QByteArray &commit)
{
    if (a)
        dice.use(*a, *b);
    ApplyResult r = game.apply(command);
    dice.clear();
    if (r.ok() && a)
        game.addDiceExchange(
            DiceExchange {int(game.history().size()) - 1, committer, commit, *a, *b});
    return r;
}

std::unique_ptr<Game> rebuildExchangeGame(const Game &from, int commands, ExchangeDice &dice,
                                          QString *why)
{
    return inEnglish(why,
                     [&](DataText *w) { return rebuildExchangeGame(from, commands, dice, w); });
}

std::unique_ptr<Game> rebuildExchangeGame(const Game &from, int commands, ExchangeDice &dice,
                                          DataText *why)
{
    const DiceExchange *start = nullptr;
    for (const DiceExchange &x : from.diceExchanges())
        if (x.command == -1)
            start = &x;
    if (!start) {
        *why = DataText::of(QT_TRANSLATE_NOOP(
            "jw::Data", "the saved game has no start exchange: not a network game"));
        return nullptr;
    }
    dice.use(start->nonceA, start->nonceB);
    auto game = std::make_unique<Game>(from.setup(), &dice);
    dice.clear();
    if (game->startRejection() || game->startDice() != from.startDice()) {
        *why
            = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the saved game's start does not replay"));
        return nullptr;
    }
    const std::vector<GameRecordEntry> history(from.history().begin(),
                                               from.history().begin() + commands);
    if (auto err = game->replay(history)) {
        *why = *err;
        return nullptr;
    }
    std::vector<DiceExchange> exchanges;
    for (const DiceExchange &x : from.diceExchanges())
        if (x.command < commands)
            exchanges.push_back(x);
    game->setDiceExchanges(std::move(exchanges));
    // Sealed choices whose answer is kept; one cut off with its answer (or before it) is
    // under way again: its sealer reveals what it committed to, never chooses again.
    std::vector<SealedChoice> sealed;
    for (const SealedChoice &x : from.sealedChoices()) {
        if (x.command + 1 < commands)
            sealed.push_back(x);
        else if (x.command == commands)
            game->setSealedPending(Game::SealedPending {
                x.command, from.history()[std::size_t(x.command)].player, x.hash, x.nonce,
                from.history()[std::size_t(x.command)].command});
    }
    game->setSealedChoices(std::move(sealed));
    if (const auto &p = from.sealedPending(); p && p->command == commands)
        game->setSealedPending(p);
    // A command cut off with its dice exchange (applied on this side only): the exchange is
    // open again, with both nonces, so that the command is played again with the same dice.
    for (const DiceExchange &x : from.diceExchanges())
        if (x.command == commands && commands < int(from.history().size()))
            game->setDicePending(Game::DicePending {x.command, x.committer, x.commit,
                                                    from.history()[std::size_t(x.command)].command,
                                                    x.nonceA, x.nonceB});
    if (const auto &p = from.dicePending(); p && p->command == commands)
        game->setDicePending(p);
    return game;
}

NetSession::NetSession(GameSetup setup, int side, QObject *parent)
    : QObject(parent)
    , m_setup(std::move(setup))
    , m_side(side)
{
    m_setupHash = setupHash(m_setup);
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &NetSession::onTimeout);
}

NetSession::~NetSession() = default;

bool NetSession::host(quint16 port, QString *error)
{
    m_server = new QTcpServer(this);
    if (!m_server->listen(QHostAddress::Any, port)) {
        if (error)
            *error = QStringLiteral("cannot listen on port %1: %2")
                         .arg(port)
                         .arg(m_server->errorString());
        return false;
    }
    connect(m_server, &QTcpServer::newConnection, this, [this] {
        while (QTcpSocket *s = m_server->nextPendingConnection()) {
            if (m_socket && m_status != Status::Paused) { // one peer a game
                s->write(encodeFrame(
                    Message::withText(MessageType::Bye, QStringLiteral("this game has a peer"))));
                s->disconnectFromHost();
                connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
                continue;
            }
            m_server->pauseAccepting();
            if (m_status == Status::Paused) // the peer back: the game resumes
                log(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the peer reconnected")));
            attach(s);
        }
    });
    return true;
}

quint16 NetSession::serverPort() const
{
    return m_server ? m_server->serverPort() : 0;
}

void NetSession::join(const QString &host, quint16 port)
{
    auto *s = new QTcpSocket(this);
    attach(s);
    s->connectToHost(host, port);
    // No answer to the connection at all: stopped like any silent peer.
    m_timer.start(m_timeoutMs);
}

void NetSession::attach(QTcpSocket *socket)
{
    // A new connection (again, after a drop): nothing of the old one is kept.
    if (m_socket && m_socket != socket) {
        m_socket->disconnect(this);
        m_socket->abort();
        m_socket->deleteLater();
    }
    m_reader = FrameReader();
    m_pending.reset();
    m_status = Status::Connecting;
    m_statusText = DataText();
    socket->setParent(this);
    m_socket = socket;
    connect(socket, &QTcpSocket::readyRead, this, &NetSession::onReadyRead);
    connect(socket, &QTcpSocket::disconnected, this, &NetSession::onDisconnected);
    connect(socket, &QTcpSocket::errorOccurred, this, [this](QAbstractSocket::SocketError) {
        if (m_status == Status::Connecting && m_socket
            && m_socket->state() == QAbstractSocket::UnconnectedState)
            stop(Status::Stopped,
                 DataText::of(QT_TRANSLATE_NOOP("jw::Data", "cannot connect to the peer: %1"),
                              {m_socket->errorString()}));
    });
    if (socket->state() == QAbstractSocket::ConnectedState)
        onConnected();
    else
        connect(socket, &QTcpSocket::connected, this, &NetSession::onConnected);
}

bool NetSession::myTurn() const
{
    if (m_status != Status::Playing || !m_game)
        return false;
    if (m_wait == Wait::SealedAnswer) // the peer's choice sealed: ours is the next answer
        return m_game->sealedPending() && m_game->sealedPending()->sealer != m_side
            && !m_sealedAnswer && m_followUp;
    return m_wait == Wait::Command && m_game->state().toAct == m_side;
}

std::optional<DecisionRequest> NetSession::pendingQuestion() const
{
    const GameState &s = stateToAnswer();
    if (!s.pending)
        return std::nullopt;
    return s.pending->request;
}

const GameState &NetSession::stateToAnswer() const
{
    static const GameState none;
    if (!m_game)
        return none;
    if (m_followUp && m_game->sealedPending() && m_game->sealedPending()->sealer != m_side)
        return m_followUp->state;
    return m_game->state();
}

void NetSession::setMaskedLobby(const MaskedLobby &lobby)
{
    m_lobby = lobby;
    if (lobby.clear)
        return;
    // Neither side has the other's cards: hello compares the setup both know.
    m_offerMasking = true;
    m_setupHash = setupHash(thirdPartySetup(m_setup));
}

bool NetSession::checksThirdPartySetup() const
{
    // A masked game resumed on the whole setup (a script's: the CLI's peers), not on a saved
    // file's, a masked lobby's or a club server's masked setup (which hold the peer's models
    // as stand-ins and say hello with a hash the club server checks).
    return m_maskedGame && m_game && !m_fromSaved && !m_thirdSetupHash.isEmpty()
        && m_thirdSetupHash != m_setupHash && !hasStandIns(m_setup, 1 - m_side)
        && !(m_lobby && !m_lobby->clear);
}

bool NetSession::offersMasking() const
{
    // Resuming: a masked game only (it resumes only masked), never a game in clear.
    return m_offerMasking && m_setup.profile().secretDeployment && (!m_game || m_maskedGame);
}

void NetSession::sendHello(bool withFeatures)
{
    m_sentFeatures = m_sentFeatures || withFeatures;
    QStringList features;
    if (withFeatures && m_offerSealing)
        features << kFeatureSealedChoices;
    if (withFeatures && offersMasking())
        features << kFeatureMaskedSecrets;
    if (withFeatures && offersMasking() && m_offerSealing)
        features << kFeatureMaskedSealedChoices;
    if (withFeatures)
        features << kFeatureErrorWhy;
    if (withFeatures && checksThirdPartySetup())
        features << kFeatureThirdPartySetup;
    send(Message::hello(m_setupHash, m_side, features));
}

void NetSession::onPeerFeatures(const Message &hello)
{
    const bool agreed = m_sentFeatures && !m_plainHelloSent && !m_featureErrorSeen;
    m_masks = agreed && offersMasking() && hello.features.contains(kFeatureMaskedSecrets);
    if (!m_unmaskedLogged && m_setup.profile().secretDeployment) {
        // v1.2.4 secret information: masked when both programs can (docs/network.md, "Masked
        // games"); otherwise both hold the whole state. Said once a session.
        m_unmaskedLogged = true;
        log(m_masks ? DataText::of(QT_TRANSLATE_NOOP(
                "jw::Data",
                "hidden models are masked in this game: each program holds the other "
                "side's models In Reserve or Embarked only as commitments, revealed "
                "when the rules make them public"))
                    : DataText::of(
                        QT_TRANSLATE_NOOP("jw::Data",
                                          "hidden models are not masked in this game: both "
                                          "programs hold the whole v1.2.4 state (which models "
                                          "are In Reserve or Embarked, and their unit cards); "
                                          "each shows its player only what the rules let them "
                                          "see")));
        // A masked game whose lobby sent the fleets in clear (docs/network.md, "A masked
        // lobby": an older program, or an illegal fleet offered where the host can see it).
        if (m_masks && lobbyInClear())
            log(DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                               "but the lobby sent the fleets in clear: both "
                                               "programs have both fleets' cards")));
    }
    // A masked game seals secret choices when both programs can (an older one that masks sends
    // them in clear there).
    m_sealsChoices = agreed && m_offerSealing && hello.features.contains(kFeatureSealedChoices)
        && (!m_masks || hello.features.contains(kFeatureMaskedSealedChoices));
    if (m_masks && !m_sealsChoices) {
        if (!m_clearLogged) {
            m_clearLogged = true;
            log(DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                               "in a masked game a secret choice (the Boarded "
                                               "firefight) is sent in clear")));
        }
        return;
    }
    if (m_sealsChoices) {
        log(DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                           "secret choices are sealed: each is sent as a "
                                           "commitment and revealed after the other's answer")));
        return;
    }
    if (m_sentFeatures && !m_plainHelloSent) {
        // An older program refuses a hello with features: say it again without them.
        m_plainHelloSent = true;
        sendHello(false);
    }
    if (!m_clearLogged) {
        m_clearLogged = true;
        log(DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                           "the peer's program does not seal secret choices: a "
                                           "secret choice (the Boarded firefight) is sent in "
                                           "clear in this game")));
    }
}

void NetSession::onConnected()
{
    // Small frames in lockstep: no Nagle delay (about 40 ms a frame with delayed acks).
    m_socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    m_status = Status::Starting;
    log(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "connected to %1"),
                     {m_socket->peerAddress().toString()}));
    // A new connection: the features are agreed again (the peer may run another program).
    m_sentFeatures = m_plainHelloSent = m_featureErrorSeen = m_sealsChoices = false;
    m_peerErrorWhy = false;
    m_peerHello.reset();
    m_sealedAnswer.reset();
    m_followUp.reset();
    sendHello(m_offerSealing || offersMasking());
    expect(Wait::Hello);
    if (m_socket->bytesAvailable() > 0)
        onReadyRead();
}

void NetSession::send(const Message &m)
{

    if (m_socket && m_socket->state() == QAbstractSocket::ConnectedState)
        m_socket->write(encodeFrame(m));
}

void NetSession::expect(Wait wait)
{
    m_wait = wait;
    // A command, or the second answer of a sealed choice: a person thinks.
    if (wait == Wait::Command || wait == Wait::Nothing || wait == Wait::SealedAnswer
        || (wait == Wait::Hello && m_patientHello))
        m_timer.stop();
    else
        m_timer.start(m_timeoutMs);
}

void NetSession::log(const DataText &text)
{
    Q_EMIT logMessage(text.english(), text.translated());
}

void NetSession::refuse(const DataText &why)
{
    log(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "refused a message of the peer: %1"), {why}));
    Q_EMIT refused(why.english(), why.translated());
    // The peer is told in English (the protocol's text), and in its language if it reads it.
    sendError(why);
}

void NetSession::sendError(const DataText &why)
{
    const Message error = Message::error(why);
    send(m_peerErrorWhy ? error : Message::withText(MessageType::Error, error.text));
}

void NetSession::stop(Status status, const DataText &why)
{
    if (m_status == Status::Over || m_status == Status::Stopped || m_status == Status::Paused)
        return;
    m_status = status;
    m_statusText = why;
    m_timer.stop();
    m_wait = Wait::Nothing;
    log(why);
    if (status == Status::Over)
        Q_EMIT over(why.english(), why.translated());
    else
        Q_EMIT stopped(why.english(), why.translated());
    if (status != Status::Paused && m_socket) {
        m_socket->flush();
        m_socket->disconnectFromHost();
    }
}

void NetSession::finish(const QString &why)
{
    send(Message::withText(MessageType::Bye, why.left(kMaxChatChars)));
    if (m_socket)
        m_socket->flush();
    stop(Status::Over,
         why.isEmpty() ? DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the game ended"))
                       : DataText(why));
}

void NetSession::sendChat(const QString &text)
{
    if (io::textProblem(text, kMaxChatChars).isEmpty())
        send(Message::withText(MessageType::Chat, text));
}

void NetSession::onTimeout()
{
    // What was waited for, one name for each Wait (the compiler warns of a Wait left out: a
    // table indexed by it once lacked the masked game's two, and a timeout waiting for the
    // peer's reveals read past its end).
    const auto name = [](Wait wait) -> const char * {
        switch (wait) {
        case Wait::Hello:
            return QT_TRANSLATE_NOOP("jw::Data", "hello");
        case Wait::StartCommit:
        case Wait::Commit:
            return QT_TRANSLATE_NOOP("jw::Data", "dice commitment");
        case Wait::StartNonce:
        case Wait::Nonce:
            return QT_TRANSLATE_NOOP("jw::Data", "dice nonce");
        case Wait::StartReveal:
        case Wait::Reveal:
            return QT_TRANSLATE_NOOP("jw::Data", "dice reveal");
        case Wait::Command:
            return QT_TRANSLATE_NOOP("jw::Data", "command");
        case Wait::Hash:
            return QT_TRANSLATE_NOOP("jw::Data", "state hash");
        case Wait::Resume:
            return QT_TRANSLATE_NOOP("jw::Data", "resume");
        case Wait::SealedAnswer:
            return QT_TRANSLATE_NOOP("jw::Data", "answer");
        case Wait::ChoiceReveal:
            return QT_TRANSLATE_NOOP("jw::Data", "sealed choice's reveal");
        case Wait::Commitments:
            return QT_TRANSLATE_NOOP("jw::Data", "hidden models' commitments");
        case Wait::PeerReveal:
            return QT_TRANSLATE_NOOP("jw::Data", "hidden models' reveals");
        case Wait::Nothing:
            break;
        }
        return QT_TRANSLATE_NOOP("jw::Data", "connection");
    };
    const DataText waited
        = DataText::of(m_status == Status::Connecting ? QT_TRANSLATE_NOOP("jw::Data", "connection")
                                                      : name(m_wait));
    sendError(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "timed out")));
    stop(Status::Stopped,
         DataText::of(
             QT_TRANSLATE_NOOP("jw::Data", "the peer stopped answering: no %1 within %2 ms"),
             {waited, m_timeoutMs}));
}

void NetSession::onDisconnected()
{
    if (m_status == Status::Over || m_status == Status::Stopped || m_status == Status::Paused)
        return;
    const int commands = m_game ? int(m_game->history().size()) : 0;
    // A command under way is dropped with its exchange: it was not agreed. A sealed choice
    // stays committed (the game's sealedPending()): it is revealed after the resume.
    m_pending.reset();
    m_sealedAnswer.reset();
    m_followUp.reset();
    m_dice.clear();
    if (m_server) // the peer may come back
        m_server->resumeAccepting();
    stop(Status::Paused,
         DataText::of(
             QT_TRANSLATE_NOOP("jw::Data",
                               "the connection to the peer was lost after command %1: the game is "
                               "paused (both saved games hold it up to the last agreed command)"),
             {commands}));
}

void NetSession::onReadyRead()
{
    if (!m_socket)
        return;
    for (const FrameReader::Item &item : m_reader.feed(m_socket->readAll())) {
        if (m_status == Status::Over || m_status == Status::Stopped || m_status == Status::Paused)
            return;
        if (!item.error.isEmpty()) {
            refuse(item.why);
            continue;
        }
        const Decoded d = decodePayload(item.payload);
        if (!d.message) {
            refuse(d.why);
            continue;
        }
        handle(*d.message);
    }
}

bool NetSession::submit(const Command &command, QString *why)
{
    return inEnglish(why, [&](DataText *w) { return submit(command, w); });
}

bool NetSession::submit(const Command &command, DataText *why)
{
    DataText dummy;
    DataText &out = why ? *why : dummy;
    if (!myTurn()) {
        out = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "it is not our turn"));
        return false;
    }
    if (m_wait == Wait::SealedAnswer) {
        // The second answer of a sealed pair: in clear (the first is fixed by its hash),
        // judged in the state of its question; applied after the reveal.
        if (!commandNeedsDiceAt(m_game->engine(), m_followUp->state, command, &out))
            return false;
        m_sealedAnswer = command;
        send(Message::commandMessage(int(m_game->history().size()) + 2, command));
        expect(Wait::ChoiceReveal);
        return true;
    }
    const std::optional<bool> dice = commandNeedsDice(*m_game, command, &out);
    if (!dice)
        return false;
    const int seq = int(m_game->history().size()) + 1;
    if (!*dice && m_sealsChoices) {
        if (auto followUp = sealedFollowUp(*m_game)) {
            // A secret choice the other player answers next: sealed, not sent.
            const QByteArray nonce = fairdice::newNonce();
            const QByteArray hash = GameFile::sealedChoiceHash(nonce, command);
            m_game->setSealedPending(Game::SealedPending {seq - 1, m_side, hash, nonce, command});
            m_followUp = std::move(followUp);
            m_sealedAnswer.reset();
            send(Message::choiceCommit(seq, hash));
            log(DataText::of(
                QT_TRANSLATE_NOOP("jw::Data",
                                  "command %1 sealed: our secret choice is revealed after the "
                                  "other player's answer"),
                {seq}));
            expect(Wait::SealedAnswer);
            return true;
        }
    }
    m_pending = command;
    m_pendingPlayer = m_side;
    if (m_masks) {
        send(maskedCommandMessage(seq, command, *dice));
    } else {
        send(Message::commandMessage(seq, command));
    }
    if (*dice)
        commitDice(seq);
    else
        applyPending(nullptr, nullptr, m_side, {});
    return true;
}

Message NetSession::maskedCommandMessage(int seq, const Command &command, bool dice)
{
    // The peer's game gets the command as it may know it: an Embark of a hidden model in
    // the Deployment Phase sealed (no dice: prepare() decides it now), and the reveals of
    // the hidden models it names (the peer judges the command with them).
    m_sentForm = command;
    m_sentSealed.clear();
    if (!dice) {
        ScriptedDiceSource none;
        const ApplyResult after = m_game->engine().apply(m_game->state(), command, none);
        const MaskedMove move
            = MaskedView::prepare(*m_model, m_game->engine(), m_game->state(), after, {}, command,
                                  seq - 1, *m_secrets, m_view->commitments());
        if (!move.sealedHash.isEmpty()) {
            m_sentForm = move.command;
            m_sentSealed = move.sealedHash;
        }
    }
    int except = -1;
    if (!m_sentSealed.isEmpty())
        except = std::get<EmbarkCommand>(command).model;
    m_withCommandSealed.clear();
    m_withCommand = MaskedView::namedReveals(*m_model, m_view->givenSetup(), m_game->state(),
                                             command, *m_secrets, except, &m_withCommandSealed);
    (void)m_model->applyReveals(
        MaskedMove {command, {}, m_withCommand, m_withCommandSealed, {}, false, {}});
    Message out = Message::commandMessage(seq, *m_sentForm);
    out.reveals = m_withCommand;
    out.sealedReveals = m_withCommandSealed;
    out.sealedHash = m_sentSealed;
    return out;
}

bool NetSession::playsOtherThanBound(int seq, const Command &command)
{
    // The peer's dice were being rolled when the connection dropped, our nonce sent: it
    // knew the faces. The same command comes again, to the same dice.
    const auto &open = bindingExchange(seq);
    if (!open || open->play == command)
        return false;
    sendError(DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                             "command %1: not the command whose dice "
                                             "were rolled before the drop"),
                           {seq}));
    stop(Status::Stopped,
         DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                        "command %1: the peer plays another command than the "
                                        "one whose dice were being rolled when the connection "
                                        "dropped (it had seen them); the game stops"),
                      {seq}));
    return true;
}

void NetSession::handle(const Message &m)
{

    switch (m.type) {
    case MessageType::Chat:
        Q_EMIT chatReceived(m.text);
        return;
    case MessageType::Bye:
        stop(Status::Over,
             m.text.isEmpty()
                 ? DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the peer ended the game"))
                 : DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the peer ended the game: %1"),
                                {m.text}));
        return;
    case MessageType::Error:
        if (m_sentFeatures && !m_featureErrorSeen
            && m.text.contains(QLatin1String("unknown field 'features'"))) {
            // An older program (or club server) refused our hello's features: it reads our
            // hello again without them (onPeerFeatures sends it, once).
            m_featureErrorSeen = true;
            m_sealsChoices = false;
            m_masks = false;
            if (!m_plainHelloSent) {
                m_plainHelloSent = true;
                sendHello(false);
            }
            if (!m_clearLogged) {
                m_clearLogged = true;
                log(DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                   "the peer's program does not seal secret "
                                                   "choices: a secret choice (the Boarded "
                                                   "firefight) is sent in clear in this game")));
            }
            return;
        }
        // Our message refused: an honest peer only refuses when the two games differ.
        stop(Status::Stopped,
             DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the peer refused our message: %1"),
                          {m.why.isEmpty() ? DataText(m.text) : m.why}));
        return;
    default:
        break;
    }
    if (m.type == MessageType::Hello && m_wait != Wait::Hello && m_peerHello && m.features.isEmpty()
        && m.side == m_peerHello->side && m.setupHash == m_peerHello->setupHash)
        return; // said again without features, for an older program (onPeerFeatures)
    const int seq = m_game ? int(m_game->history().size()) + 1 : 0;
    auto unexpected = [&] {
        refuse(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "unexpected %1 (seq %2) now"),
                            {messageTypeId(m.type), m.seq}));
    };
    switch (m_wait) {
    case Wait::Hello: {
        if (m.type != MessageType::Hello)
            return unexpected();
        m_peerErrorWhy = m.features.contains(kFeatureErrorWhy);
        if (m.side == m_side) {
            sendError(
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "both peers play side %1"), {m_side}));
            return stop(Status::Stopped,
                        DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                       "the peer plays side %1 too: one side each"),
                                     {m_side}));
        }
        // Resuming a masked game (docs/network.md, "Resume Network Game… from a masked game's
        // files"): a side on the whole setup takes the hash of the setup both sides know too (a
        // peer resuming from its saved, masked file); a side resuming from its file, which
        // cannot take the whole setup's hash, leaves the check to a peer that says it does it.
        const bool sameGame = m.setupHash == m_setupHash
            || (checksThirdPartySetup() && m.setupHash == m_thirdSetupHash)
            || (m_fromSaved && m_maskedGame && m_game
                && m.features.contains(kFeatureThirdPartySetup));
        if (!sameGame) {
            sendError(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "not the same game")));
            return stop(Status::Stopped,
                        DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                       "the peer's game is not ours: the "
                                                       "setups (fleets, scenario, rules) differ")));
        }
        log(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the peer plays side %1"), {m.side}));
        m_peerHello = m;
        onPeerFeatures(m);
        if (m_game) { // resuming
            // (A masked game over here waits for the peer's count: level, it goes on in clear.)
            if (m_maskedGame && !m_masks && !maskedEndHere()) {
                // A masked game goes on masked or not at all: the peer's program would hold
                // our hidden models in clear.
                sendError(DataText::of(
                    QT_TRANSLATE_NOOP("jw::Data", "a masked game resumes only masked")));
                return stop(Status::Stopped,
                            DataText::of(QT_TRANSLATE_NOOP(
                                "jw::Data",
                                "cannot resume: this game is masked (v1.2.4 hidden models), "
                                "and the peer's program does not mask hidden models now")));
            }
            const int n = int(m_game->history().size());
            send(Message::resume(n, resumeHash(n)));
            return expect(Wait::Resume);
        }
        if (m_lobby && !m_lobby->clear && !m_masks) {
            // A masked lobby's game has stand-ins: it is played masked or not at all.
            sendError(DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "a game of a masked lobby is played only masked")));
            return stop(Status::Stopped,
                        DataText::of(QT_TRANSLATE_NOOP(
                            "jw::Data",
                            "the lobby agreed on a masked game (commitments, not cards), and "
                            "the peer's program does not mask hidden models: the game stops")));
        }
        if (m_masks) {
            // Our models' commitments (not the cards), then the peer's, then the start. A masked
            // lobby's joiner committed there: the same nonces, the same commitments.
            m_secrets = m_lobby && m_lobby->mine ? *m_lobby->mine
                                                 : ModelSecrets::generate(m_setup, m_side);
            QStringList mine;
            for (const QString &c : m_secrets->commitments(m_setup))
                if (!c.isEmpty())
                    mine << c;
            send(Message::commitments(mine));
            return expect(Wait::Commitments);
        }
        return startDice();
    }
    case Wait::Commitments: {
        if (m.type == MessageType::Resume) {
            sendError(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "no game to resume")));
            return stop(Status::Stopped,
                        DataText::of(QT_TRANSLATE_NOOP(
                            "jw::Data", "the peer resumes a game this side does not have")));
        }
        if (m.type != MessageType::Commitments)
            return unexpected();
        const int peer = 1 - m_side;
        const int count = m_setup.players[std::size_t(peer)].fleet.size();
        if (m.hashes.size() != count) {
            sendError(
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "commitments: %1 hashes for %2 models"),
                             {m.hashes.size(), count}));
            return stop(Status::Stopped,
                        DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                       "commitments: the peer committed to %1 "
                                                       "models, its fleet has %2; the game "
                                                       "stops"),
                                     {m.hashes.size(), count}));
        }
        const int first = peer == 0 ? 0 : m_setup.players[0].fleet.size();
        m_peerCommitments.assign(
            std::size_t(m_setup.players[0].fleet.size() + m_setup.players[1].fleet.size()),
            QString());
        for (int i = 0; i < count; ++i)
            m_peerCommitments[std::size_t(first + i)] = m.hashes[i];
        if (m_lobby && !m_lobby->theirs.empty() && m_peerCommitments != m_lobby->theirs) {
            sendError(DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "commitments: not the ones of the lobby")));
            return stop(Status::Stopped,
                        DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                       "commitments: the peer commits to other "
                                                       "models than in the lobby; the game "
                                                       "stops")));
        }
        return startDice();
    }
    case Wait::Resume:
        if (m.type != MessageType::Resume)
            return unexpected();
        return onResume(m);
    case Wait::StartCommit:
        if (m.type == MessageType::Resume) {
            sendError(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "no game to resume")));
            return stop(Status::Stopped,
                        DataText::of(QT_TRANSLATE_NOOP(
                            "jw::Data", "the peer resumes a game this side does not have")));
        }
        if (m.type != MessageType::DiceCommit || m.seq != 0)
            return unexpected();
        m_commit = m.bytes;
        m_myNonce = fairdice::newNonce();
        send(Message::diceReveal(0, m_myNonce));
        return expect(Wait::StartReveal);
    case Wait::StartNonce:
        if (m.type == MessageType::Resume) {
            sendError(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "no game to resume")));
            return stop(Status::Stopped,
                        DataText::of(QT_TRANSLATE_NOOP(
                            "jw::Data", "the peer resumes a game this side does not have")));
        }
        if (m.type != MessageType::DiceReveal || m.seq != 0)
            return unexpected();
        send(Message::diceReveal(0, m_myNonce));
        return startGame(m_myNonce, m.bytes);
    case Wait::StartReveal:
        if (m.type != MessageType::DiceReveal || m.seq != 0)
            return unexpected();
        if (fairdice::commitment(m.bytes) != m_commit)
            return refuse(
                DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                               "dice-reveal 0: the nonce does not match its "
                                               "commitment")));
        return startGame(m.bytes, m_myNonce);
    case Wait::Command: {
        const auto &sealed = m_game->sealedPending();
        const bool sealedDue = sealed && sealed->command == seq - 1 && sealed->sealer != m_side;
        if (m.type == MessageType::ChoiceCommit) {
            if (!m_sealsChoices)
                return refuse(DataText::of(
                    QT_TRANSLATE_NOOP("jw::Data",
                                      "choice-commit %1: secret choices are not sealed "
                                      "in this game"),
                    {m.seq}));
            if (m_game->state().toAct == m_side || m.seq != seq)
                return unexpected();
            if (sealedDue && sealed->hash != m.bytes) {
                sendError(DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                         "choice-commit %1: not the choice "
                                                         "committed before the drop"),
                                       {seq}));
                return stop(Status::Stopped,
                            DataText::of(QT_TRANSLATE_NOOP(
                                             "jw::Data",
                                             "choice-commit %1: the peer commits to another "
                                             "secret choice than the one it committed to before "
                                             "the connection dropped; the game stops"),
                                         {seq}));
            }
            auto followUp = sealedFollowUp(*m_game);
            if (!followUp)
                return refuse(DataText::of(
                    QT_TRANSLATE_NOOP("jw::Data",
                                      "choice-commit %1: the question asked now is not "
                                      "a secret choice answered next by this side"),
                    {seq}));
            m_game->setSealedPending(Game::SealedPending {seq - 1, 1 - m_side, m.bytes, {}, {}});
            m_followUp = std::move(followUp);
            m_sealedAnswer.reset();
            log(DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                               "command %1 is the peer's sealed secret choice: "
                                               "our answer comes next"),
                             {seq}));
            expect(Wait::SealedAnswer);
            Q_EMIT turn();
            return;
        }
        if (m.type != MessageType::Command)
            return unexpected();
        if (!m_masks && (!m.reveals.empty() || !m.sealedHash.isEmpty()))
            return refuse(DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                         "command %1: reveals or a sealed "
                                                         "command in a game that is not masked"),
                                       {m.seq}));
        if (m_masks) {
            // The hidden models the command names first (a reveal that does not match stops
            // the game), then the command judged as any; refused: nothing changes.
            const MaskedView view = *m_view;
            const MaskedView model = *m_model;
            if (!m.reveals.empty() || !m.sealedReveals.empty()) {
                const MaskedMove with {*m.command, {}, m.reveals, m.sealedReveals, {}, false, {}};
                if (const auto bad = m_view->applyRevealsText(with))
                    return stopMasked(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "command %1: %2"),
                                                   {m.seq, *bad}));
                (void)m_model->applyReveals(with);
                for (const SealedReveal &r : m.sealedReveals)
                    m_peerSealedReal.emplace_back(r.command, r.sealed);
                DataText why;
                if (!rebuildMasked(&why))
                    return stop(Status::Stopped, why);
            }
            const auto *embark = std::get_if<EmbarkCommand>(&*m.command);
            DataText why;
            std::optional<bool> dice;
            if (!m.sealedHash.isEmpty() && (!embark || embark->carrier != kSealedCarrier))
                why = DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                     "command %1: a commitment with a command "
                                                     "that is not a sealed Embark"),
                                   {m.seq});
            else
                dice = checkPeerCommand(*m_game, 1 - m_side, m.seq, *m.command, &why);
            if (!dice) {
                if (!m.reveals.empty() || !m.sealedReveals.empty()) {
                    *m_view = view;
                    *m_model = model;
                    m_peerSealedReal.resize(m_peerSealedReal.size() - m.sealedReveals.size());
                    DataText ignored;
                    (void)rebuildMasked(&ignored);
                }
                return refuse(why);
            }
            if (playsOtherThanBound(seq, *m.command))
                return;
            m_withCommand = m.reveals;
            m_withCommandSealed = m.sealedReveals;
            m_sentForm = *m.command;
            m_sentSealed = m.sealedHash;
            m_pending = *m.command;
            m_pendingPlayer = 1 - m_side;
            if (*dice)
                return expect(Wait::Commit);
            return applyPending(nullptr, nullptr, m_pendingPlayer, {});
        }
        if (sealedDue)
            return refuse(DataText::of(
                QT_TRANSLATE_NOOP("jw::Data",
                                  "command %1: the peer's secret choice was committed "
                                  "before the connection dropped: it is committed again "
                                  "and revealed, not sent in clear"),
                {seq}));
        DataText why;
        const std::optional<bool> dice
            = checkPeerCommand(*m_game, 1 - m_side, m.seq, *m.command, &why);
        if (!dice)
            return refuse(why);
        if (playsOtherThanBound(seq, *m.command))
            return;
        m_pending = *m.command;
        m_pendingPlayer = 1 - m_side;
        if (*dice)
            return expect(Wait::Commit);
        return applyPending(nullptr, nullptr, m_pendingPlayer, {});
    }
    case Wait::Commit: {
        if (m.type != MessageType::DiceCommit || m.seq != seq)
            return unexpected();
        // An exchange open at a drop, our nonce sent: the same commitment, and our same nonce
        // again (a new one would be a new roll for a peer who has seen the first).
        const std::optional<Game::DicePending> open = bindingExchange(seq);
        if (open && open->commit != m.bytes) {
            sendError(DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                     "dice-commit %1: not the dice committed to "
                                                     "before the drop"),
                                   {seq}));
            return stop(Status::Stopped,
                        DataText::of(
                            QT_TRANSLATE_NOOP("jw::Data",
                                              "dice-commit %1: the peer commits to other dice than "
                                              "the ones it committed to before the connection "
                                              "dropped (it had seen them); the game stops"),
                            {seq}));
        }
        m_commit = m.bytes;
        m_myNonce = open ? open->responderNonce : fairdice::newNonce();
        // Kept (and saved) before it is sent: from now on the exchange binds both sides.
        m_game->setDicePending(
            Game::DicePending {seq - 1, 1 - m_side, m_commit, *m_pending, {}, m_myNonce});
        Q_EMIT exchangeChanged();
        send(Message::diceReveal(seq, m_myNonce));
        return expect(Wait::Reveal);
    }
    case Wait::Nonce: {
        if (m.type != MessageType::DiceReveal || m.seq != seq)
            return unexpected();
        const QByteArray theirs = m.bytes;
        if (auto open = m_game->dicePending(); open && open->command == seq - 1) {
            open->responderNonce = theirs; // we know the faces now: binding
            m_game->setDicePending(open);
            Q_EMIT exchangeChanged();
        }
        send(Message::diceReveal(seq, m_myNonce));
        return applyPending(&m_myNonce, &theirs, m_side, m_commit);
    }
    case Wait::Reveal: {
        if (m.type != MessageType::DiceReveal || m.seq != seq)
            return unexpected();
        if (fairdice::commitment(m.bytes) != m_commit)
            return refuse(
                DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                               "dice-reveal %1: the nonce does not match its "
                                               "commitment"),
                             {seq}));
        const QByteArray mine = m_myNonce;
        return applyPending(&m.bytes, &mine, 1 - m_side, m_commit);
    }
    case Wait::SealedAnswer: {
        // Our choice is sealed: the peer's answer (in clear), then our reveal.
        const auto &sealed = m_game->sealedPending();
        if (!sealed || sealed->sealer != m_side || m.type != MessageType::Command
            || m.seq != seq + 1)
            return unexpected();
        ScriptedDiceSource none;
        const ApplyResult mine = m_game->engine().apply(m_game->state(), *sealed->choice, none);
        if (!mine.ok() || mine.state.toAct == m_side)
            return refuse(
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "command %1 out of turn"), {m.seq}));
        DataText why;
        const std::optional<bool> dice
            = commandNeedsDiceAt(m_game->engine(), mine.state, *m.command, &why);
        if (!dice)
            return refuse(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "command %1 (%2) refused: %3"),
                                       {m.seq, commandId(*m.command), why}));
        send(Message::choiceReveal(seq, sealed->nonce, *sealed->choice));
        m_pending = *m.command;
        m_pendingPlayer = 1 - m_side;
        const Command choice = *sealed->choice;
        const QByteArray nonce = sealed->nonce;
        return applySealedPair(choice, m_side, nonce);
    }
    case Wait::ChoiceReveal: {
        const auto &sealed = m_game->sealedPending();
        if (m.type != MessageType::ChoiceReveal || m.seq != seq || !sealed || !m_sealedAnswer)
            return unexpected();
        // The hash first, then the rules: the command n+1 of the player who sealed it, rolling
        // no dice (a sealed choice is one only when every answer rolls none).
        DataText why;
        if (GameFile::sealedChoiceHash(m.bytes, *m.command) != sealed->hash) {
            why = DataText::of(
                QT_TRANSLATE_NOOP("jw::Data",
                                  "choice-reveal %1: the revealed choice does not match its "
                                  "commitment"),
                {seq});
        } else {
            const std::optional<bool> dice
                = checkPeerCommand(*m_game, 1 - m_side, seq, *m.command, &why);
            if (dice && *dice)
                why = DataText::of(
                    QT_TRANSLATE_NOOP("jw::Data",
                                      "choice-reveal %1: a sealed choice rolls no dice"),
                    {seq});
        }
        if (!why.isEmpty()) {
            Q_EMIT refused(why.english(), why.translated());
            sendError(why);
            return stop(Status::Stopped,
                        DataText::of(QT_TRANSLATE_NOOP(
                                         "jw::Data",
                                         "%1: the peer's sealed secret choice is refused; the game "
                                         "stops"),
                                     {why}));
        }
        m_pending = *m_sealedAnswer;
        m_pendingPlayer = m_side;
        return applySealedPair(*m.command, 1 - m_side, m.bytes);
    }
    case Wait::Hash:
        if (m.type != MessageType::StateHash || m.seq != m_hashSeq)
            return unexpected();
        if (m.bytes != m_myHash) {
            sendError(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "desync after command %1"),
                                   {m_hashSeq}));
            return stop(Status::Stopped,
                        DataText::of(QT_TRANSLATE_NOOP(
                                         "jw::Data",
                                         "desync after command %1: the peer's state (hash %2) is "
                                         "not ours (hash %3); the game stops"),
                                     {m_hashSeq, QString::fromLatin1(m.bytes.toHex().left(16)),
                                      QString::fromLatin1(m_myHash.toHex().left(16))}));
        }
        return becomeIdle();
    case Wait::PeerReveal:
        if (m.type != MessageType::Reveal || m.seq != seq)
            return unexpected();
        return onPeerReveal(m);
    case Wait::Nothing:
        return unexpected();
    }
}

bool NetSession::resume(const Game &saved, QString *why, int commands)
{
    return inEnglish(why, [&](DataText *w) { return resume(saved, w, commands); });
}

bool NetSession::resume(const Game &saved, DataText *why, int commands)
{
    DataText dummy;
    DataText &out = why ? *why : dummy;
    if (isMaskedUnderWay(saved) || isMaskedEndNotAgreed(saved)) {
        // A masked game saved before its end (its setup the masked one, or the record of one),
        // or over on this side only (the peer dropped before the last command reached it): it
        // resumes masked, from this side's secrets in it.
        if (!m_offerMasking) {
            out = DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                 "a masked game (v1.2.4 hidden models) resumes "
                                                 "only where hidden models are masked "
                                                 "(jwfleet-cli net-host and net-join)"));
            return false;
        }
        if (!restoreMasked(saved, commands, &out))
            return false;
        m_maskedGame = true;
        // Both sides know the setup where every hidden model is a stand-in: a side resuming
        // from its saved file (its setup masked: the other side's hidden models stand-ins) says
        // hello with its hash, as a masked lobby does.
        m_thirdSetupHash = setupHash(thirdPartySetup(m_setup));
        if (m_fromSaved)
            m_setupHash = m_thirdSetupHash;
        // Over here: held as the whole game (as the peer has it when it is level), with our
        // secrets, until the peer agrees on the end or goes back with us (onResume).
        if (m_game->state().phase == Phase::Over && !wholeFromMasked(&out))
            return false;
        return true;
    }
    if (setupHash(saved.setup()) != m_setupHash) {
        out = DataText::of(
            QT_TRANSLATE_NOOP("jw::Data", "the saved game is not this game (another setup)"));
        return false;
    }
    const int n = commands < 0 ? int(saved.history().size())
                               : std::min(commands, int(saved.history().size()));
    auto game = rebuildExchangeGame(saved, n, m_dice, &out);
    if (!game)
        return false;
    m_game = std::move(game);
    m_maskedGame = false; // a game in clear goes on in clear
    return true;
}

void NetSession::onResume(const Message &m)
{
    const int mine = int(m_game->history().size());
    // Our masked game is over and the peer did not have its end: we go back to its count,
    // masked, which only a peer that masks now can do (level with us, it has the whole game).
    const bool endHere = maskedEndHere();
    if (endHere && m.seq < mine && !m_masks) {
        sendError(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "a masked game resumes only masked")));
        return stop(Status::Stopped,
                    DataText::of(QT_TRANSLATE_NOOP(
                        "jw::Data",
                        "cannot resume: this game is masked (v1.2.4 hidden models), "
                        "and the peer's program does not mask hidden models now")));
    }
    if (m.seq > mine) { // the peer is ahead: it comes back to us, and checks our hash
        log(DataText::of(
            QT_TRANSLATE_NOOP("jw::Data", "resuming after command %1 (the peer had %2)"),
            {mine, m.seq}));
    } else {
        if (resumeHash(m.seq) != m.bytes) {
            sendError(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "desync at command %1"), {m.seq}));
            return stop(Status::Stopped,
                        DataText::of(QT_TRANSLATE_NOOP(
                                         "jw::Data",
                                         "cannot resume: after command %1 the peer's state is not "
                                         "ours (desync)"),
                                     {m.seq}));
        }
        if (m.seq < mine) {
            DataText why;
            auto game = m_maskedGame ? nullptr : rebuildExchangeGame(*m_game, m.seq, m_dice, &why);
            if (m_maskedGame ? !restoreMasked(*m_game, m.seq, &why) : !game)
                return stop(
                    Status::Stopped,
                    DataText::of(QT_TRANSLATE_NOOP("jw::Data", "cannot resume: %1"), {why}));
            if (game)
                m_game = std::move(game);
            log(DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                               "back to command %1, the last agreed (command %2 "
                                               "was not)"),
                             {m.seq, m.seq + 1}));
        } else {
            log(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "resuming after command %1"), {mine}));
        }
    }
    if (endHere && m.seq >= mine) {
        endAgreed(); // both at the end: the same whole game, no secrets
    } else if (m_maskedGame && m.seq >= mine) {
        // Kept when the connection dropped: what the command under way revealed is forgotten
        // (it is revealed again with it).
        DataText why;
        if (!restoreMasked(*m_game, mine, &why))
            return stop(Status::Stopped,
                        DataText::of(QT_TRANSLATE_NOOP("jw::Data", "cannot resume: %1"), {why}));
    }
    m_status = Status::Playing;
    Q_EMIT started();
    const auto &sealed = m_game->sealedPending();
    if (sealed && sealed->command != int(m_game->history().size()))
        m_game->setSealedPending(std::nullopt); // of a command not agreed: gone with it
    if (sealed && sealed->sealer == m_side && m_game->state().phase != Phase::Over) {
        continueSealed();
        return;
    }
    const auto &open = m_game->dicePending();
    if (open && open->command != int(m_game->history().size()))
        m_game->setDicePending(std::nullopt); // of a command agreed since, or another game
    if (open && open->committer == m_side && m_game->state().phase != Phase::Over) {
        continueExchange();
        return;
    }
    becomeIdle();
}

std::optional<Game::DicePending> NetSession::bindingExchange(int seq) const
{
    const auto &open = m_game->dicePending();
    if (open && open->command == seq - 1 && open->committer == 1 - m_side
        && !open->responderNonce.isEmpty())
        return open;
    return std::nullopt;
}

void NetSession::commitDice(int seq)
{
    m_myNonce = fairdice::newNonce();
    m_commit = fairdice::commitment(m_myNonce);
    // Kept (and saved) before it is sent: after a drop this side commits to the same dice.
    m_game->setDicePending(
        Game::DicePending {seq - 1, m_side, m_commit, *m_pending, m_myNonce, {}});
    Q_EMIT exchangeChanged();
    send(Message::diceCommit(seq, m_commit));
    expect(Wait::Nonce);
}

void NetSession::continueExchange()
{
    // Our command's dice were being rolled when the connection dropped (the peer may have
    // sent its nonce, and then we may have seen the faces): the same command and the same
    // commitment again, revealed as before. Never a new roll.
    const Game::DicePending open = *m_game->dicePending();
    const int seq = open.command + 1;
    if (open.nonce.isEmpty()) {
        sendError(DataText::of(
            QT_TRANSLATE_NOOP("jw::Data", "cannot reveal the dice of command %1"), {seq}));
        return stop(Status::Stopped,
                    DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                   "cannot resume: the dice of command %1 were "
                                                   "committed to, and this saved game lacks "
                                                   "the nonce to reveal them"),
                                 {seq}));
    }
    m_pending = open.play;
    m_pendingPlayer = m_side;
    m_myNonce = open.nonce;
    m_commit = open.commit;
    send(m_masks ? maskedCommandMessage(seq, open.play, true)
                 : Message::commandMessage(seq, open.play));
    send(Message::diceCommit(seq, open.commit));
    log(DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                       "command %1: its dice were being rolled when the "
                                       "connection dropped; committed to the same dice again"),
                     {seq}));
    expect(Wait::Nonce);
}

void NetSession::continueSealed()
{
    // Our choice was committed before the drop: committed again (the same hash: the peer
    // may have seen its answer's question since), never chosen again.
    const Game::SealedPending sealed = *m_game->sealedPending();
    m_followUp = sealedFollowUp(*m_game);
    if (!sealed.choice || !m_followUp || !m_sealsChoices) {
        m_game->setSealedPending(std::nullopt);
        m_followUp.reset();
        sendError(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "cannot reveal sealed choice %1"),
                               {sealed.command + 1}));
        return stop(
            Status::Stopped,
            DataText::of(
                QT_TRANSLATE_NOOP("jw::Data",
                                  "cannot resume: command %1 is our sealed secret choice, and "
                                  "it cannot be revealed here (%2)"),
                {sealed.command + 1,
                 !sealed.choice
                     ? DataText::of(QT_TRANSLATE_NOOP("jw::Data", "this saved game lacks it"))
                     : DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                      "the peer does not seal choices "
                                                      "now"))}));
    }
    m_sealedAnswer.reset();
    send(Message::choiceCommit(sealed.command + 1, sealed.hash));
    log(DataText::of(
        QT_TRANSLATE_NOOP("jw::Data", "command %1: our sealed secret choice committed again"),
        {sealed.command + 1}));
    expect(Wait::SealedAnswer);
}

void NetSession::applySealedPair(const Command &sealedCommand, int sealer, const QByteArray &nonce)
{
    const QByteArray hash = m_game->sealedPending()->hash;
    const ApplyResult r
        = applyExchangeCommand(*m_game, m_dice, sealedCommand, nullptr, nullptr, sealer, {});
    m_game->setSealedPending(std::nullopt);
    m_followUp.reset();
    m_sealedAnswer.reset();
    if (!r.ok()) {
        m_pending.reset();
        return stop(
            Status::Stopped,
            DataText::of(
                QT_TRANSLATE_NOOP("jw::Data",
                                  "the sealed secret choice is refused: %1: %2; the game stops"),
                {r.rejection->rule,
                 DataText::localized(r.rejection->message(), r.rejection->translatedMessage())}));
    }
    if (m_masks && !applySealedMasked(sealedCommand))
        return;
    const int index = int(m_game->history().size()) - 1;
    m_game->addSealedChoice(SealedChoice {index, hash, nonce});
    Q_EMIT applied(index, sealer);
    if (m_status != Status::Playing)
        return;
    // The other answer, with its dice exchange as any command (its sender the committer).
    DataText why;
    const int seq = index + 2;
    const std::optional<bool> dice
        = checkPeerCommand(*m_game, m_pendingPlayer, seq, *m_pending, &why);
    if (!dice) {
        m_pending.reset();
        return stop(
            Status::Stopped,
            DataText::of(
                QT_TRANSLATE_NOOP("jw::Data",
                                  "the answer to a sealed choice is refused: %1; the game stops"),
                {why}));
    }
    if (!*dice)
        return applyPending(nullptr, nullptr, m_pendingPlayer, {});
    if (m_pendingPlayer == m_side)
        return commitDice(seq);
    expect(Wait::Commit);
}

void NetSession::startDice()
{
    if (m_side == 0) {
        m_myNonce = fairdice::newNonce();
        m_commit = fairdice::commitment(m_myNonce);
        send(Message::diceCommit(0, m_commit));
        return expect(Wait::StartNonce);
    }
    expect(Wait::StartCommit);
}

void NetSession::startGame(const QByteArray &a, const QByteArray &b)
{
    DataText why;
    if (m_masks) {
        // Our game is the masked one: the peer's models stand-ins until revealed.
        const GameSetup masked = MaskedView::maskedSetup(m_setup, m_side);
        m_game = startExchangeGame(masked, m_dice, a, b, &why);
        if (!m_game)
            return stop(Status::Stopped, why);
        m_view.emplace(masked, *m_secrets, m_peerCommitments);
        m_model = MaskedView::opponentModel(masked, m_side, m_view->commitments());
        for (MaskedView *v : {&*m_view, &*m_model}) {
            m_dice.use(a, b);
            const auto refused = v->startText(m_dice);
            m_dice.clear();
            if (refused)
                return stop(Status::Stopped,
                            DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the game cannot start: %1"),
                                         {*refused}));
        }
        m_record = MaskedRecord {m_view->commitments(), {}, {}};
        m_game->setMaskedRecord(m_record);
        m_game->setMaskedSecrets(m_secrets->saved()); // our file only: a resume needs them
        m_maskedGame = true;
        m_peerSealedReal.clear();
    } else {
        m_game = startExchangeGame(m_setup, m_dice, a, b, &why);
    }
    if (!m_game)
        return stop(Status::Stopped, why);
    m_status = Status::Playing;
    Q_EMIT started();
    m_hashSeq = 0;
    afterApplied();
}

void NetSession::applyPending(const QByteArray *a, const QByteArray *b, int committer,
                              const QByteArray &commit)
{
    if (m_masks)
        return maskedDiceKnown(a, b, committer, commit);
    applyPendingNow(a, b, committer, commit);
}

void NetSession::applyPendingNow(const QByteArray *a, const QByteArray *b, int committer,
                                 const QByteArray &commit)
{
    const ApplyResult r
        = applyExchangeCommand(*m_game, m_dice, *m_pending, a, b, committer, commit);
    const int player = m_pendingPlayer;
    m_pending.reset();
    if (m_game->dicePending()) {
        m_game->setDicePending(std::nullopt); // closed: the exchange is the game's now
        Q_EMIT exchangeChanged();
    }
    if (!r.ok()) {
        // Refused by its dice (both sides alike: the engine is deterministic).
        log(DataText::of(
            QT_TRANSLATE_NOOP("jw::Data", "command refused: %1: %2"),
            {r.rejection->rule,
             DataText::localized(r.rejection->message(), r.rejection->translatedMessage())}));
        return becomeIdle();
    }
    const int index = int(m_game->history().size()) - 1;
    Q_EMIT applied(index, player);
    m_hashSeq = index + 1;
    afterApplied();
}

void NetSession::afterApplied()
{
    if (m_masks) {
        if (!(m_game->state() == m_view->state()))
            return stop(
                Status::Stopped,
                DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                               "after command %1 the masked game is not its record "
                                               "(a fault of this program); the game stops"),
                             {m_hashSeq}));
        if (m_game->state().phase == Phase::Over && !finishMasked())
            return;
    }
    m_myHash = m_masks && m_game->state().phase != Phase::Over
        ? maskedHash()
        : stateHash(m_game->engine(), m_game->state());
    send(Message::stateHash(m_hashSeq, m_myHash));
    expect(Wait::Hash);
}

void NetSession::becomeIdle()
{
    if (m_game->state().phase == Phase::Over) {
        if (maskedEndHere())
            endAgreed(); // the peer's last hash, or a resume level at the end
        expect(Wait::Nothing);
        return stop(Status::Over, DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the game is over")));
    }
    expect(Wait::Command);
    Q_EMIT agreed();
    if (m_game->state().toAct == m_side)
        Q_EMIT turn();
}

// ---- Masked games (docs/network.md, "Masked games") --------------------------

QByteArray NetSession::maskedHash() const
{
    return maskedStateHash(m_game->engine(), m_game->state(), m_view->commitments());
}

ApplyResult NetSession::tryPending(const Command &c, std::vector<int> *drawn) const
{
    std::optional<FairDiceSource> fair;
    ScriptedDiceSource none;
    if (m_pdice)
        fair.emplace(m_pa, m_pb);
    DiceSource &source = fair ? static_cast<DiceSource &>(*fair) : none;
    RecordingDiceSource dice(source);
    ApplyResult r = m_game->engine().apply(m_game->state(), c, dice);
    *drawn = dice.drawn;
    return r;
}

void NetSession::maskedDiceKnown(const QByteArray *a, const QByteArray *b, int committer,
                                 const QByteArray &commit)
{
    m_pdice = a != nullptr;
    m_pa = a ? *a : QByteArray();
    m_pb = b ? *b : QByteArray();
    m_pcommitter = committer;
    m_pcommit = commit;
    m_myMove.reset();
    m_revealRound = 0;
    if (m_pendingPlayer == m_side) {
        // Ours: what the rules reveal with it, prepared from our game and our model of the
        // peer's (neither side has the whole game).
        const int index = int(m_game->history().size());
        const ApplyResult after = tryPending(*m_pending, &m_pdrawn);
        if (after.ok())
            m_myMove
                = MaskedView::prepare(*m_model, m_game->engine(), m_game->state(), after, m_pdrawn,
                                      *m_pending, index, *m_secrets, m_view->commitments());
        else
            m_myMove = MaskedMove {*m_sentForm, m_pdrawn, {}, {}, {}, false, {}};
        if (m_myMove->revealedAll)
            log(DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                               "command %1: every hidden model of ours is "
                                               "revealed with it (%2)"),
                             {index + 1, m_myMove->revealedAllWhy}));
        send(Message::reveal(index + 1, m_myMove->reveals, m_myMove->sealedReveals));
    }
    expect(Wait::PeerReveal);
}

void NetSession::onPeerReveal(const Message &m)
{
    const int index = int(m_game->history().size());
    const MaskedMove theirs {*m_sentForm, {}, m.reveals, m.sealedReveals, {}, false, {}};
    DataText why;
    // The peer's reveals into our game and our model of the peer's: a reveal that does not
    // match stops the game.
    if (const auto bad = m_view->applyRevealsText(theirs))
        return stopMasked(
            DataText::of(QT_TRANSLATE_NOOP("jw::Data", "reveal %1: %2"), {m.seq, *bad}));
    if (const auto bad = m_model->applyRevealsText(theirs))
        return stopMasked(
            DataText::of(QT_TRANSLATE_NOOP("jw::Data", "reveal %1: %2"), {m.seq, *bad}));
    for (const SealedReveal &r : m.sealedReveals)
        m_peerSealedReal.emplace_back(r.command, r.sealed);
    if ((!m.reveals.empty() || !m.sealedReveals.empty()) && !rebuildMasked(&why))
        return stop(Status::Stopped, why);
    auto failed = [&](const std::optional<DataText> &v, const std::optional<DataText> &w) {
        stop(Status::Stopped,
             DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                            "command %1 refused by the masked game: %2; the "
                                            "game stops"),
                          {m.seq, v ? *v : *w}));
    };
    if (m_pendingPlayer != m_side && m_revealRound == 0) {
        // The peer's command, its first reveals: ours for it, then its second ones.
        m_theirFirst = theirs;
        const ApplyResult after = tryPending(*m_sentForm, &m_pdrawn);
        MaskedMove mine {*m_sentForm, m_pdrawn, {}, {}, {}, false, {}};
        if (after.ok())
            mine = MaskedView::prepare(*m_model, m_game->engine(), m_game->state(), after, m_pdrawn,
                                       *m_sentForm, index, *m_secrets, m_view->commitments());
        if (mine.revealedAll)
            log(DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                               "command %1: every hidden model of ours is "
                                               "revealed with it (%2)"),
                             {index + 1, mine.revealedAllWhy}));
        send(Message::reveal(m.seq, mine.reveals, mine.sealedReveals));
        m_myMove = mine;
        m_revealRound = 1;
        return expect(Wait::PeerReveal);
    }
    if (m_pendingPlayer != m_side) {
        // Its second reveals (what ours made public in turn): the command.
        std::vector<int> drawn;
        if (tryPending(*m_sentForm, &drawn).ok()) {
            const auto v = m_view->applyText(
                MaskedMove {*m_sentForm, drawn, {}, {}, m_sentSealed, false, {}});
            const auto w = m_model->applyText(MaskedMove {*m_sentForm,
                                                          drawn,
                                                          m_myMove->reveals,
                                                          m_myMove->sealedReveals,
                                                          m_sentSealed,
                                                          false,
                                                          {}});
            if (v || w)
                return failed(v, w);
        }
        recordReveals(index, m_withCommand, m_withCommandSealed);
        recordReveals(index, m_theirFirst->reveals, m_theirFirst->sealedReveals);
        recordReveals(index, m_myMove->reveals, m_myMove->sealedReveals);
        recordReveals(index, m.reveals, m.sealedReveals);
    } else {
        // Ours: the peer's reveals for it; then what they make public of ours in turn (an
        // objective both sides' hidden models weigh on), sent, and the command.
        (void)m_model->applyReveals(*m_myMove);
        std::vector<int> drawn;
        const ApplyResult after = tryPending(*m_pending, &drawn);
        MaskedMove second {*m_sentForm, drawn, {}, {}, {}, false, {}};
        if (after.ok())
            second = MaskedView::prepare(*m_model, m_game->engine(), m_game->state(), after, drawn,
                                         *m_pending, index, *m_secrets, m_view->commitments());
        if (second.revealedAll)
            log(DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                               "command %1: every hidden model of ours is "
                                               "revealed with it (%2)"),
                             {index + 1, second.revealedAllWhy}));
        send(Message::reveal(m.seq, second.reveals, second.sealedReveals));
        if (after.ok()) {
            const auto v = m_view->applyText(MaskedMove {*m_pending, drawn, {}, {}, {}, false, {}});
            const auto w = m_model->applyText(MaskedMove {
                *m_sentForm, drawn, second.reveals, second.sealedReveals, m_sentSealed, false, {}});
            if (v || w)
                return failed(v, w);
        }
        recordReveals(index, m_withCommand, m_withCommandSealed);
        recordReveals(index, m_myMove->reveals, m_myMove->sealedReveals);
        recordReveals(index, m.reveals, m.sealedReveals);
        recordReveals(index, second.reveals, second.sealedReveals);
    }
    if (!m_sentSealed.isEmpty())
        m_record.sealed.push_back(MaskedRecord::Sealed {index, m_sentSealed, {}});
    m_revealRound = 0;
    m_game->setMaskedRecord(m_record);
    m_game->setMaskedSecrets(m_secrets->saved());
    // The command as our game takes it: ours in full, the peer's as sent.
    m_pending = m_pendingPlayer == m_side ? *m_pending : *m_sentForm;
    const QByteArray a = m_pa, b = m_pb, commit = m_pcommit;
    m_withCommand.clear();
    m_withCommandSealed.clear();
    applyPendingNow(m_pdice ? &a : nullptr, m_pdice ? &b : nullptr, m_pcommitter, commit);
}

void NetSession::recordReveals(int index, const std::vector<HiddenReveal> &reveals,
                               const std::vector<SealedReveal> &sealed)
{
    recordMaskedReveals(m_record, index, reveals, sealed);
}

void NetSession::stopMasked(const DataText &why)
{
    m_pending.reset();
    sendError(why);
    Q_EMIT refused(why.english(), why.translated());
    stop(Status::Stopped,
         DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                        "%1: the peer's hidden model is refused; the game stops"),
                      {why}));
}

bool NetSession::rebuildMasked(DataText *why)
{
    auto rebuilt = rebuildMaskedGame(m_view->givenSetup(), *m_game, m_peerSealedReal, m_dice, why);
    if (!rebuilt)
        return false;
    *m_game = std::move(*rebuilt);
    return true;
}

bool NetSession::finishMasked()
{
    // Every model is revealed at the end: the whole game, replayed from the agreed setup,
    // must be the masked game's (the same state; the fleets revealed the agreed ones).
    auto fail = [&](const DataText &why) {
        stop(Status::Stopped, why);
        return false;
    };
    DataText why;
    if (!wholeFromMasked(&why))
        return fail(why);
    log(DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                       "the masked game is over: every model revealed, the "
                                       "whole game replayed and the same")));
    return true;
}

bool NetSession::wholeFromMasked(DataText *why)
{
    auto fail = [&](const DataText &w) {
        *why = w;
        return false;
    };
    // A program given the peer's hidden models as stand-ins (a club server's masked game)
    // agreed on them as commitments: the setup is the one the reveals filled in (its own fleet
    // as given).
    GameSetup agreed = m_setup;
    if (hasStandIns(m_setup, 1 - m_side)) {
        agreed = m_view->givenSetup();
        agreed.masked = false;
        if (!(agreed.players[std::size_t(m_side)] == m_setup.players[std::size_t(m_side)])
            || hasStandIns(agreed, 1 - m_side))
            return fail(DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                       "the fleets revealed at the end are not "
                                                       "the agreed ones; the game stops")));
    } else if (!(m_view->givenSetup().players == m_setup.players)) {
        return fail(DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                   "the fleets revealed at the end are not the "
                                                   "agreed ones; the game stops")));
    }
    QString err;
    DataText errText;
    auto whole
        = wholeMaskedGame(agreed, *m_game, m_peerSealedReal, m_record, m_dice, &err, &errText);
    if (!whole)
        return fail(DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                   "the masked game does not end as the whole "
                                                   "game replayed from the agreed setup (%1); the "
                                                   "game stops"),
                                 {errText}));
    // The same on both sides once the peer has the end too (endAgreed: no secrets of either);
    // until then our secrets stay, in our saved game too: a peer that dropped before the last
    // command reached it resumes behind us, and we go back with it, masked.
    whole->setMaskedSecrets(m_game->maskedSecrets());
    *m_game = std::move(*whole);
    return true;
}

void NetSession::endAgreed()
{
    m_game->setMaskedSecrets(std::nullopt);
    m_maskedGame = false;
}

bool NetSession::maskedEndHere() const
{
    return m_maskedGame && m_game && m_game->state().phase == Phase::Over;
}

bool NetSession::applySealedMasked(const Command &sealedCommand)
{
    // A sealed choice of a masked game (an answer: it names no model, rolls no dice and
    // reveals nothing): both masked games take it as the game did. The other answer then goes
    // as any command of a masked game, in clear (its reveals, if the rules call for any).
    const auto v = m_view->applyText(MaskedMove {sealedCommand, {}, {}, {}, {}, false, {}});
    const auto w
        = v ? v : m_model->applyText(MaskedMove {sealedCommand, {}, {}, {}, {}, false, {}});
    if (v || w || !(m_game->state() == m_view->state())) {
        m_pending.reset();
        stop(
            Status::Stopped,
            DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                           "the sealed secret choice is refused by the masked "
                                           "game: %1; the game stops"),
                         {v       ? *v
                              : w ? *w
                                  : DataText::of(QT_TRANSLATE_NOOP("jw::Data", "another state"))}));
        return false;
    }
    m_sentForm = m_pending;
    m_sentSealed.clear();
    m_withCommand.clear();
    m_withCommandSealed.clear();
    return true;
}

QByteArray NetSession::resumeHash(int commands) const
{
    const GameState &s = m_game->stateAt(commands);
    if (!m_maskedGame || s.phase == Phase::Over || !m_game->maskedRecord())
        return stateHash(m_game->engine(), s);
    return QCryptographicHash::hash(
        QJsonDocument(thirdPartyJson(m_game->engine(), s, m_game->maskedRecord()->commitments))
            .toJson(QJsonDocument::Compact),
        QCryptographicHash::Sha256);
}

bool NetSession::restoreMasked(const Game &from, int commands, DataText *why)
{
    std::optional<MaskedResume> r = restoreMaskedGame(m_setup, m_side, from, commands, m_dice, why);
    if (!r)
        return false;
    m_game = std::move(r->game);
    m_view = std::move(r->view);
    m_model = std::move(r->model);
    m_secrets = std::move(r->secrets);
    m_record = std::move(r->record);
    m_peerCommitments = std::move(r->peerCommitments);
    m_peerSealedReal = std::move(r->peerSealedReal);
    // Nothing of a command under way is kept.
    m_pending.reset();
    m_sentForm.reset();
    m_sentSealed.clear();
    m_withCommand.clear();
    m_withCommandSealed.clear();
    m_myMove.reset();
    m_theirFirst.reset();
    m_revealRound = 0;
    return true;
}

} // namespace jw::net
