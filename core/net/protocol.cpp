// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/protocol.h"

#include "io/jsonnumber.h"
#include "io/textcheck.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>
#include <QtEndian>

#include <algorithm>
#include <array>
#include <vector>

namespace jw::net {

namespace {

struct TypeInfo
{
    MessageType type;
    const char *id;
    // Besides "type". A vector, not an initializer_list: the list's array of a temporary
    // TypeInfo copied into the table below died with it (found by fuzzing: a read of freed
    // stack memory when an unknown field was looked up).
    std::vector<const char *> fields;
    // Added later, each optional: a message without them reads as before.
    std::vector<const char *> optional = {};
};

const std::array<TypeInfo, 25> &types()
{
    static const std::array<TypeInfo, 25> all {
        TypeInfo {MessageType::Hello, "hello", {"protocol", "setup", "side"}, {"features"}},
        TypeInfo {MessageType::Command,
                  "command",
                  {"seq", "command"},
                  {"reveals", "sealed_reveals", "sealed"}},
        TypeInfo {MessageType::DiceCommit, "dice-commit", {"seq", "hash"}},
        TypeInfo {MessageType::DiceReveal, "dice-reveal", {"seq", "nonce"}},
        TypeInfo {MessageType::StateHash, "state-hash", {"seq", "hash"}},
        TypeInfo {MessageType::Chat, "chat", {"text"}},
        TypeInfo {MessageType::Bye, "bye", {"text"}},
        TypeInfo {MessageType::Error, "error", {"text"}, {"why"}},
        TypeInfo {MessageType::Resume, "resume", {"seq", "hash"}},
        TypeInfo {MessageType::Join, "join", {"name", "fleet"}, {"features", "commitments"}},
        TypeInfo {MessageType::GameSetup, "game-setup", {"game"}, {"offer"}},
        TypeInfo {MessageType::ClubCreate, "club-create", {"game"}, {"features", "commitments"}},
        TypeInfo {MessageType::ClubCreated, "club-created", {"id"}},
        TypeInfo {MessageType::ClubList, "club-list", {}, {"paused", "all", "watch", "features"}},
        TypeInfo {MessageType::ClubGames, "club-games", {"games"}, {"watch"}},
        TypeInfo {MessageType::ClubJoin,
                  "club-join",
                  {"id", "name", "fleet"},
                  {"features", "commitments"}},
        TypeInfo {MessageType::ClubSeat, "club-seat", {"id", "side", "token"}},
        TypeInfo {MessageType::ClubRejoin, "club-rejoin", {"id", "side", "token"}, {"features"}},
        TypeInfo {MessageType::ClubWatch, "club-watch", {"id"}, {"board", "features"}},
        TypeInfo {MessageType::ClubEvent, "club-event", {"seq", "kind", "text", "player"}},
        TypeInfo {MessageType::ChoiceCommit, "choice-commit", {"seq", "hash"}},
        TypeInfo {MessageType::ChoiceReveal, "choice-reveal", {"seq", "nonce", "command"}},
        TypeInfo {MessageType::ClubBoard, "club-board", {"seq", "board"}},
        TypeInfo {MessageType::Commitments, "commitments", {"hashes"}},
        TypeInfo {MessageType::Reveal, "reveal", {"seq", "models", "sealed"}}};
    return all;
}

const TypeInfo &infoOf(MessageType t)
{
    for (const TypeInfo &i : types())
        if (i.type == t)
            return i;
    return types().front();
}

QString hex(const QByteArray &b)
{
    return QString::fromLatin1(b.toHex());
}

// 64 lower-case hex digits: 32 bytes.
std::optional<QByteArray> bytes32(const QJsonValue &v)
{
    if (!v.isString())
        return std::nullopt;
    const QString s = v.toString();
    if (s.size() != 64)
        return std::nullopt;
    for (QChar c : s)
        if (!((c >= QLatin1Char('0') && c <= QLatin1Char('9'))
              || (c >= QLatin1Char('a') && c <= QLatin1Char('f'))))
            return std::nullopt;
    return QByteArray::fromHex(s.toLatin1());
}

Decoded refuse(const DataText &why)
{
    return Decoded {std::nullopt, why.english(), why};
}

// A masked game's reveals of hidden models: [{model, nonce, entry}], the entry {entry: {unit,
// name, upgrades[, embarked_on]}, unit: {...}} (the card itself is read by MaskedView, which
// checks it against its commitment). Empty: fine; otherwise why not (English only as
// the key, the sentence made by the caller).
std::optional<DataText> readReveals(const QJsonValue &v, const QString &what,
                                    std::vector<HiddenReveal> &out)
{
    const DataText bad = DataText::of(
        QT_TRANSLATE_NOOP("jw::Data",
                          "%1: a list of at most %2 reveals {model, nonce, entry}: a model "
                          "number, 64 lower-case hex digits and {entry: {unit, name, upgrades}, "
                          "unit: {...}}"),
        {what, kMaxReveals});
    if (!v.isArray() || v.toArray().size() > kMaxReveals)
        return bad;
    for (const QJsonValue &r : v.toArray()) {
        const QJsonObject o = r.toObject();
        const auto model = io::wholeNumber(o.value(QStringLiteral("model")), 0, kMaxSeq);
        const auto nonce = bytes32(o.value(QStringLiteral("nonce")));
        const QJsonObject entry = o.value(QStringLiteral("entry")).toObject();
        const QJsonObject fe = entry.value(QStringLiteral("entry")).toObject();
        bool upgrades = fe.value(QStringLiteral("upgrades")).isArray();
        for (const QJsonValue &u : fe.value(QStringLiteral("upgrades")).toArray())
            upgrades = upgrades && u.isString();
        const bool embarked = !fe.contains(QStringLiteral("embarked_on"))
            || io::wholeNumber(fe.value(QStringLiteral("embarked_on")), 0, kMaxSeq).has_value();
        if (!r.isObject() || o.size() != 3 || !model || !nonce
            || !o.value(QStringLiteral("entry")).isObject() || entry.size() != 2
            || !entry.value(QStringLiteral("entry")).isObject()
            || !entry.value(QStringLiteral("unit")).isObject()
            || !fe.value(QStringLiteral("unit")).isString()
            || !fe.value(QStringLiteral("name")).isString() || !upgrades || !embarked
            || fe.size() != (fe.contains(QStringLiteral("embarked_on")) ? 4 : 3))
            return bad;
        out.push_back(HiddenReveal {int(*model), *nonce, entry});
    }
    return std::nullopt;
}

// A masked game's sealed commands revealed: [{command, nonce, play}].
std::optional<DataText> readSealedReveals(const QJsonValue &sv, const QString &what,
                                          std::vector<SealedReveal> &out)
{
    const DataText bad = DataText::of(
        QT_TRANSLATE_NOOP("jw::Data",
                          "%1: a list of at most %2 sealed commands {command, nonce, play}: a "
                          "command number, 64 lower-case hex digits and a command"),
        {what, kMaxReveals});
    if (!sv.isArray() || sv.toArray().size() > kMaxReveals)
        return bad;
    for (const QJsonValue &v : sv.toArray()) {
        const QJsonObject so = v.toObject();
        const auto index = io::wholeNumber(so.value(QStringLiteral("command")), 0, kMaxSeq);
        const auto nonce = bytes32(so.value(QStringLiteral("nonce")));
        QString why;
        const auto play = so.value(QStringLiteral("play")).isObject()
            ? commandFromJson(so.value(QStringLiteral("play")).toObject(), &why)
            : std::nullopt;
        if (!v.isObject() || so.size() != 3 || !index || !nonce || !play)
            return bad;
        out.push_back(SealedReveal {int(*index), *nonce, *play});
    }
    return std::nullopt;
}

QJsonArray sealedJson(const std::vector<SealedReveal> &sealed)
{
    QJsonArray a;
    for (const SealedReveal &r : sealed)
        a.append(QJsonObject {{QStringLiteral("command"), r.command},
                              {QStringLiteral("nonce"), hex(r.nonce)},
                              {QStringLiteral("play"), commandToJson(r.sealed)}});
    return a;
}

QJsonArray revealsJson(const std::vector<HiddenReveal> &reveals)
{
    QJsonArray a;
    for (const HiddenReveal &r : reveals)
        a.append(QJsonObject {{QStringLiteral("model"), r.model},
                              {QStringLiteral("nonce"), hex(r.nonce)},
                              {QStringLiteral("entry"), r.entry}});
    return a;
}

Decoded decodeUnchecked(const QByteArray &payload)
{
    if (payload.size() > kMaxFrameBytes)
        return refuse(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "message of %1 bytes: at most %2"),
                                   {payload.size(), kMaxFrameBytes}));
    QJsonParseError perr;
    const QJsonDocument doc = QJsonDocument::fromJson(payload, &perr);
    if (perr.error != QJsonParseError::NoError)
        return refuse(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "not valid JSON: %1"),
                                   {perr.errorString()}));
    if (!doc.isObject())
        return refuse(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "a message is a JSON object")));
    const QJsonObject o = doc.object();
    const QJsonValue tv = o.value(QStringLiteral("type"));
    if (!tv.isString())
        return refuse(
            DataText::of(QT_TRANSLATE_NOOP("jw::Data", "a message needs a 'type' (text)")));
    const TypeInfo *info = nullptr;
    for (const TypeInfo &i : types())
        if (tv.toString() == QLatin1String(i.id))
            info = &i;
    if (!info)
        return refuse(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "unknown message type '%1'"),
                                   {tv.toString().left(40)}));
    const QString type = tv.toString();
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (it.key() == QLatin1String("type"))
            continue;
        bool known = false;
        for (const char *f : info->fields)
            known = known || it.key() == QLatin1String(f);
        for (const char *f : info->optional)
            known = known || it.key() == QLatin1String(f);
        if (!known)
            return refuse(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: unknown field '%2'"),
                                       {type, it.key().left(40)}));
    }
    for (const char *f : info->fields)
        if (!o.contains(QLatin1String(f)))
            return refuse(
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: the field '%2' is missing"),
                             {type, QString::fromLatin1(f)}));

    Message m;
    m.type = info->type;
    auto seq = [&](int min) -> bool {
        const auto v = io::wholeNumber(o.value(QStringLiteral("seq")), min, kMaxSeq);
        if (v)
            m.seq = int(*v);
        return v.has_value();
    };
    // hello's, and a club request's, optional `features`.
    if (o.contains(QStringLiteral("features"))) {
        const QJsonValue fv = o.value(QStringLiteral("features"));
        if (!fv.isArray() || fv.toArray().size() > kMaxFeatures)
            return refuse(DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "%1: 'features' must be a list of at most %2 names"),
                {type, kMaxFeatures}));
        for (const QJsonValue &f : fv.toArray()) {
            const QString name = f.toString();
            const bool ok = f.isString() && !name.isEmpty() && name.size() <= 40
                && std::all_of(name.begin(), name.end(), [](QChar c) {
                                return (c >= QLatin1Char('a') && c <= QLatin1Char('z'))
                                    || (c >= QLatin1Char('0') && c <= QLatin1Char('9'))
                                    || c == QLatin1Char('-');
                            });
            if (!ok || m.features.contains(name))
                return refuse(DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                             "%1: a feature is a name of "
                                                             "lower-case letters, digits and "
                                                             "'-', once"),
                                           {type}));
            m.features.append(name);
        }
    }
    // A masked lobby's optional `commitments` (join, club-create, club-join; the feature
    // kFeatureMaskedLobby): 1 to kMaxReveals hashes, a model each; the fleet then its public part.
    auto lobbyCommitments = [&]() -> bool {
        if (!o.contains(QStringLiteral("commitments")))
            return true;
        const QJsonValue hv = o.value(QStringLiteral("commitments"));
        if (!hv.isArray() || hv.toArray().isEmpty() || hv.toArray().size() > kMaxReveals
            || !m.features.contains(kFeatureMaskedLobby))
            return false;
        for (const QJsonValue &h : hv.toArray()) {
            if (!bytes32(h))
                return false;
            m.hashes.append(h.toString());
        }
        return true;
    };
    auto badCommitments = [&]() {
        return m.type == MessageType::Join
            ? DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                             "join: 'commitments' must be a list of 1 to %1 "
                                             "hashes of 64 lower-case hex digits, with the "
                                             "feature '%2'"),
                           {kMaxReveals, kFeatureMaskedLobby})
            : DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                             "%1: 'commitments' must be a list of 1 to %2 "
                                             "hashes of 64 lower-case hex digits, with the "
                                             "feature '%3'"),
                           {type, kMaxReveals, kFeatureMaskedLobby});
    };
    switch (m.type) {
    case MessageType::Hello: {
        const auto protocol = io::wholeNumber(o.value(QStringLiteral("protocol")), 1, 1'000'000);
        if (!protocol)
            return refuse(DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "hello: 'protocol' must be a whole number")));
        if (*protocol != kProtocolVersion)
            return refuse(DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "hello: protocol version %1; this program speaks %2"),
                {*protocol, kProtocolVersion}));
        m.protocol = int(*protocol);
        const auto setup = bytes32(o.value(QStringLiteral("setup")));
        if (!setup)
            return refuse(DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "hello: 'setup' must be 64 lower-case hex digits")));
        m.setupHash = *setup;
        const auto side = io::wholeNumber(o.value(QStringLiteral("side")), 0, 1);
        if (!side)
            return refuse(
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "hello: 'side' must be 0 or 1")));
        m.side = int(*side);
        break;
    }
    case MessageType::ChoiceCommit: {
        if (!seq(1))
            return refuse(DataText::of(QT_TRANSLATE_NOOP(
                "jw::Data", "choice-commit: 'seq' must be a whole number from 1")));
        const auto b = bytes32(o.value(QStringLiteral("hash")));
        if (!b)
            return refuse(DataText::of(QT_TRANSLATE_NOOP(
                "jw::Data", "choice-commit: 'hash' must be 64 lower-case hex digits")));
        m.bytes = *b;
        break;
    }
    case MessageType::ChoiceReveal: {
        if (!seq(1))
            return refuse(DataText::of(QT_TRANSLATE_NOOP(
                "jw::Data", "choice-reveal: 'seq' must be a whole number from 1")));
        const auto b = bytes32(o.value(QStringLiteral("nonce")));
        if (!b)
            return refuse(DataText::of(QT_TRANSLATE_NOOP(
                "jw::Data", "choice-reveal: 'nonce' must be 64 lower-case hex digits")));
        m.bytes = *b;
        const QJsonValue cv = o.value(QStringLiteral("command"));
        if (!cv.isObject())
            return refuse(DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "choice-reveal: 'command' must be an object")));
        QString why;
        auto c = commandFromJson(cv.toObject(), &why);
        if (!c)
            return refuse(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "choice-reveal: %1"), {why}));
        m.command = std::move(*c);
        break;
    }
    case MessageType::Command: {
        if (!seq(1))
            return refuse(DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "command: 'seq' must be a whole number from 1")));
        const QJsonValue cv = o.value(QStringLiteral("command"));
        if (!cv.isObject())
            return refuse(DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "command: 'command' must be an object")));
        QString why;
        auto c = commandFromJson(cv.toObject(), &why);
        if (!c)
            return refuse(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "command: %1"), {why}));
        m.command = std::move(*c);
        // Masked games (optional): the hidden models the command names, and a sealed Embark's
        // commitment.
        if (o.contains(QStringLiteral("reveals")))
            if (auto bad = readReveals(o.value(QStringLiteral("reveals")),
                                       QStringLiteral("command: 'reveals'"), m.reveals))
                return refuse(*bad);
        if (o.contains(QStringLiteral("sealed_reveals")))
            if (auto bad
                = readSealedReveals(o.value(QStringLiteral("sealed_reveals")),
                                    QStringLiteral("command: 'sealed_reveals'"), m.sealedReveals))
                return refuse(*bad);
        if (o.contains(QStringLiteral("sealed"))) {
            const auto b = bytes32(o.value(QStringLiteral("sealed")));
            if (!b)
                return refuse(DataText::of(QT_TRANSLATE_NOOP(
                    "jw::Data", "command: 'sealed' must be 64 lower-case hex digits")));
            m.sealedHash = *b;
        }
        break;
    }
    case MessageType::Commitments: {
        const QJsonValue hv = o.value(QStringLiteral("hashes"));
        const DataText bad = DataText::of(
            QT_TRANSLATE_NOOP("jw::Data",
                              "commitments: 'hashes' must be a list of at most %1 hashes of 64 "
                              "lower-case hex digits"),
            {kMaxReveals});
        if (!hv.isArray() || hv.toArray().size() > kMaxReveals)
            return refuse(bad);
        for (const QJsonValue &h : hv.toArray()) {
            if (!bytes32(h))
                return refuse(bad);
            m.hashes.append(h.toString());
        }
        break;
    }
    case MessageType::Reveal: {
        if (!seq(1))
            return refuse(DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "reveal: 'seq' must be a whole number from 1")));
        if (auto bad = readReveals(o.value(QStringLiteral("models")),
                                   QStringLiteral("reveal: 'models'"), m.reveals))
            return refuse(*bad);
        if (auto bad = readSealedReveals(o.value(QStringLiteral("sealed")),
                                         QStringLiteral("reveal: 'sealed'"), m.sealedReveals))
            return refuse(*bad);
        break;
    }
    case MessageType::DiceCommit:
    case MessageType::DiceReveal:
    case MessageType::StateHash:
    case MessageType::Resume: {
        if (!seq(0))
            return refuse(DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "%1: 'seq' must be a whole number from 0"), {type}));
        const char *key = m.type == MessageType::DiceReveal ? "nonce" : "hash";
        const auto b = bytes32(o.value(QLatin1String(key)));
        if (!b)
            return refuse(DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "%1: '%2' must be 64 lower-case hex digits"),
                {type, QString::fromLatin1(key)}));
        m.bytes = *b;
        break;
    }
    case MessageType::Chat:
    case MessageType::Bye:
    case MessageType::Error: {
        const QJsonValue t = o.value(QStringLiteral("text"));
        if (!t.isString())
            return refuse(
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: 'text' must be text"), {type}));
        const DataText why = io::textProblemText(t.toString(), kMaxChatChars);
        if (!why.isEmpty() && !t.toString().isEmpty())
            return refuse(
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: the text %2"), {type, why}));
        m.text = t.toString();
        if (m.type == MessageType::Error && o.contains(QStringLiteral("why"))) {
            const std::optional<DataText> w = DataText::fromJson(o.value(QStringLiteral("why")));
            if (!w || !w->isTranslatable())
                return refuse(DataText::of(
                    QT_TRANSLATE_NOOP("jw::Data", "error: 'why' must be a sentence: {key, args}")));
            if (w->english() != m.text)
                return refuse(DataText::of(
                    QT_TRANSLATE_NOOP("jw::Data", "error: 'why' is not the sentence of 'text'")));
            m.why = *w;
        }
        break;
    }
    case MessageType::Join: {
        const QJsonValue n = o.value(QStringLiteral("name"));
        if (!n.isString() || n.toString().trimmed().isEmpty())
            return refuse(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "join: 'name' must be text")));
        const DataText why = io::nameProblemText(n.toString(), kMaxNameChars);
        if (!why.isEmpty())
            return refuse(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "join: the name %1"), {why}));
        const QJsonValue f = o.value(QStringLiteral("fleet"));
        if (!f.isString() || f.toString().isEmpty())
            return refuse(DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "join: 'fleet' must be text (a fleet file)")));
        m.name = n.toString();
        m.text = f.toString();
        // A masked lobby's join (feature kFeatureMaskedLobby): a commitment a model, the fleet
        // its public part (stand-ins); checked against each other by the host (NetLobby).
        if (!lobbyCommitments())
            return refuse(badCommitments());
        break;
    }
    case MessageType::GameSetup:
    case MessageType::ClubCreate: {
        const QJsonValue g = o.value(QStringLiteral("game"));
        if (!g.isObject())
            return refuse(DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "%1: 'game' must be an object (a saved game)"),
                {type}));
        m.game = QJsonDocument(g.toObject()).toJson(QJsonDocument::Compact);
        if (m.type == MessageType::ClubCreate && !lobbyCommitments())
            return refuse(badCommitments());
        if (o.contains(QStringLiteral("offer"))) {
            if (o.value(QStringLiteral("offer")) != QJsonValue(true))
                return refuse(DataText::of(
                    QT_TRANSLATE_NOOP("jw::Data", "%1: 'offer' is true when sent"), {type}));
            m.offer = true;
        }
        break;
    }
    case MessageType::ClubCreated: {
        const auto id = io::wholeNumber(o.value(QStringLiteral("id")), 1, kMaxSeq);
        if (!id)
            return refuse(DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "club-created: 'id' must be a whole number from 1")));
        m.id = int(*id);
        break;
    }
    case MessageType::ClubList:
        if (o.contains(QStringLiteral("paused"))) {
            if (!o.value(QStringLiteral("paused")).isBool())
                return refuse(DataText::of(
                    QT_TRANSLATE_NOOP("jw::Data", "club-list: 'paused' must be true or false")));
            m.paused = o.value(QStringLiteral("paused")).toBool();
        }
        if (o.contains(QStringLiteral("all"))) {
            if (!o.value(QStringLiteral("all")).isBool())
                return refuse(DataText::of(
                    QT_TRANSLATE_NOOP("jw::Data", "club-list: 'all' must be true or false")));
            m.all = o.value(QStringLiteral("all")).toBool();
        }
        if (o.contains(QStringLiteral("watch"))) {
            if (!o.value(QStringLiteral("watch")).isBool())
                return refuse(DataText::of(
                    QT_TRANSLATE_NOOP("jw::Data", "club-list: 'watch' must be true or false")));
            m.watch = o.value(QStringLiteral("watch")).toBool();
        }
        break;
    case MessageType::ClubWatch: {
        const auto id = io::wholeNumber(o.value(QStringLiteral("id")), 1, kMaxSeq);
        if (!id)
            return refuse(DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "club-watch: 'id' must be a whole number from 1")));
        m.id = int(*id);
        if (o.contains(QStringLiteral("board"))) {
            if (!o.value(QStringLiteral("board")).isBool())
                return refuse(DataText::of(
                    QT_TRANSLATE_NOOP("jw::Data", "club-watch: 'board' must be true or false")));
            m.withBoard = o.value(QStringLiteral("board")).toBool();
        }
        break;
    }
    case MessageType::ClubBoard: {
        if (!seq(0))
            return refuse(DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "club-board: 'seq' must be a whole number from 0")));
        const QJsonValue b = o.value(QStringLiteral("board"));
        if (!b.isObject())
            return refuse(DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "club-board: 'board' must be an object")));
        m.board = b.toObject();
        break;
    }
    case MessageType::ClubEvent: {
        if (!seq(0))
            return refuse(DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "club-event: 'seq' must be a whole number from 0")));
        const QJsonValue k = o.value(QStringLiteral("kind"));
        if (!k.isString() || !io::nameProblem(k.toString(), kMaxNameChars).isEmpty())
            return refuse(
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "club-event: 'kind' must be a name")));
        const QJsonValue t = o.value(QStringLiteral("text"));
        if (!t.isString())
            return refuse(
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "club-event: 'text' must be text")));
        const DataText why = io::textProblemText(t.toString(), kMaxChatChars);
        if (!why.isEmpty() && !t.toString().isEmpty())
            return refuse(
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "club-event: the text %1"), {why}));
        const auto player = io::wholeNumber(o.value(QStringLiteral("player")), -1, 1);
        if (!player)
            return refuse(DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "club-event: 'player' must be -1, 0 or 1")));
        m.name = k.toString();
        m.text = t.toString();
        m.player = int(*player);
        break;
    }
    case MessageType::ClubSeat:
    case MessageType::ClubRejoin: {
        const auto id = io::wholeNumber(o.value(QStringLiteral("id")), 1, kMaxSeq);
        if (!id)
            return refuse(DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "%1: 'id' must be a whole number from 1"), {type}));
        m.id = int(*id);
        const auto side = io::wholeNumber(o.value(QStringLiteral("side")), 0, 1);
        if (!side)
            return refuse(
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: 'side' must be 0 or 1"), {type}));
        m.side = int(*side);
        const auto token = bytes32(o.value(QStringLiteral("token")));
        if (!token)
            return refuse(DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "%1: 'token' must be 64 lower-case hex digits"),
                {type}));
        m.bytes = *token;
        break;
    }
    case MessageType::ClubGames: {
        if (o.contains(QStringLiteral("watch"))) {
            if (!o.value(QStringLiteral("watch")).isBool())
                return refuse(DataText::of(
                    QT_TRANSLATE_NOOP("jw::Data", "club-games: 'watch' must be true or false")));
            m.watch = o.value(QStringLiteral("watch")).toBool();
        }
        const QJsonValue gv = o.value(QStringLiteral("games"));
        if (!gv.isArray())
            return refuse(
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "club-games: 'games' must be a list")));
        const QJsonArray list = gv.toArray();
        if (list.size() > kMaxClubGames)
            return refuse(DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "club-games: at most %1 games"), {kMaxClubGames}));
        for (const QJsonValue &v : list) {
            const DataText at = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "club-games: game %1"),
                                             {m.games.size() + 1});
            if (!v.isObject())
                return refuse(
                    DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1 must be an object"), {at}));
            const QJsonObject g = v.toObject();
            static const char *const keys[]
                = {"id",       "name",    "scenario", "rules",      "paused", "commands",
                   "opponent", "playing", "turn",     "spectators", "fleets"};
            for (auto it = g.begin(); it != g.end(); ++it)
                if (std::find_if(std::begin(keys), std::end(keys),
                                 [&](const char *k) { return it.key() == QLatin1String(k); })
                    == std::end(keys))
                    return refuse(
                        DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: unknown field '%2'"),
                                     {at, it.key().left(40)}));
            ClubGameInfo info;
            const auto id = io::wholeNumber(g.value(QStringLiteral("id")), 1, kMaxSeq);
            if (!id)
                return refuse(DataText::of(
                    QT_TRANSLATE_NOOP("jw::Data", "%1: 'id' must be a whole number from 1"), {at}));
            info.id = int(*id);
            for (const char *k : {"name", "scenario", "rules"}) {
                const QJsonValue t = g.value(QLatin1String(k));
                if (!t.isString() || !io::nameProblem(t.toString(), kMaxNameChars).isEmpty())
                    return refuse(DataText::of(
                        QT_TRANSLATE_NOOP("jw::Data",
                                          "%1: '%2' must be a name (at most %3 characters)"),
                        {at, QString::fromLatin1(k), kMaxNameChars}));
            }
            info.name = g.value(QStringLiteral("name")).toString();
            info.scenario = g.value(QStringLiteral("scenario")).toString();
            info.rules = g.value(QStringLiteral("rules")).toString();
            // Optional (a paused game, listed when club-list asked for them).
            if (g.contains(QStringLiteral("paused"))) {
                if (!g.value(QStringLiteral("paused")).isBool())
                    return refuse(DataText::of(
                        QT_TRANSLATE_NOOP("jw::Data", "%1: 'paused' must be true or false"), {at}));
                info.paused = g.value(QStringLiteral("paused")).toBool();
            }
            if (g.contains(QStringLiteral("commands"))) {
                const auto n = io::wholeNumber(g.value(QStringLiteral("commands")), 0, kMaxSeq);
                if (!n)
                    return refuse(DataText::of(
                        QT_TRANSLATE_NOOP("jw::Data",
                                          "%1: 'commands' must be a whole number from 0"),
                        {at}));
                info.commands = int(*n);
            }
            if (g.contains(QStringLiteral("opponent"))) {
                const QJsonValue t = g.value(QStringLiteral("opponent"));
                if (!t.isString() || !io::nameProblem(t.toString(), kMaxNameChars).isEmpty())
                    return refuse(DataText::of(
                        QT_TRANSLATE_NOOP("jw::Data",
                                          "%1: 'opponent' must be a name (at most %2 characters)"),
                        {at, kMaxNameChars}));
                info.opponent = t.toString();
            }
            // Optional (club-list asked for `all`: the games under way too).
            if (g.contains(QStringLiteral("playing"))) {
                if (!g.value(QStringLiteral("playing")).isBool())
                    return refuse(DataText::of(
                        QT_TRANSLATE_NOOP("jw::Data", "%1: 'playing' must be true or false"),
                        {at}));
                info.playing = g.value(QStringLiteral("playing")).toBool();
            }
            if (g.contains(QStringLiteral("turn"))) {
                const auto n = io::wholeNumber(g.value(QStringLiteral("turn")), 0, kMaxSeq);
                if (!n)
                    return refuse(DataText::of(
                        QT_TRANSLATE_NOOP("jw::Data", "%1: 'turn' must be a whole number from 0"),
                        {at}));
                info.turn = int(*n);
            }
            if (g.contains(QStringLiteral("spectators"))) {
                const auto n
                    = io::wholeNumber(g.value(QStringLiteral("spectators")), 0, kMaxClubSpectators);
                if (!n)
                    return refuse(DataText::of(
                        QT_TRANSLATE_NOOP("jw::Data",
                                          "%1: 'spectators' must be a whole number from 0"),
                        {at}));
                info.spectators = int(*n);
            }
            if (g.contains(QStringLiteral("fleets"))) {
                const QJsonValue fv = g.value(QStringLiteral("fleets"));
                if (!fv.isArray() || fv.toArray().size() > 2)
                    return refuse(
                        DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                       "%1: 'fleets' must be a list of at most two "
                                                       "fleets"),
                                     {at}));
                for (const QJsonValue &f : fv.toArray()) {
                    const QJsonObject fo = f.toObject();
                    const QJsonValue fn = fo.value(QStringLiteral("name"));
                    const auto points
                        = io::wholeNumber(fo.value(QStringLiteral("points")), 0, kMaxSeq);
                    if (!f.isObject() || fo.size() != 2 || !fn.isString() || !points
                        || (!fn.toString().isEmpty()
                            && !io::nameProblem(fn.toString(), kMaxNameChars).isEmpty()))
                        return refuse(DataText::of(
                            QT_TRANSLATE_NOOP("jw::Data",
                                              "%1: a fleet is {name, points}: a name (at "
                                              "most %2 characters) and a whole number"),
                            {at, kMaxNameChars}));
                    info.fleets.push_back(ClubFleetInfo {fn.toString(), int(*points)});
                }
            }
            m.games.push_back(std::move(info));
        }
        break;
    }
    case MessageType::ClubJoin: {
        const auto id = io::wholeNumber(o.value(QStringLiteral("id")), 1, kMaxSeq);
        if (!id)
            return refuse(DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "club-join: 'id' must be a whole number from 1")));
        m.id = int(*id);
        const QJsonValue n = o.value(QStringLiteral("name"));
        if (!n.isString() || n.toString().trimmed().isEmpty())
            return refuse(
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "club-join: 'name' must be text")));
        const DataText why = io::nameProblemText(n.toString(), kMaxNameChars);
        if (!why.isEmpty())
            return refuse(
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "club-join: the name %1"), {why}));
        const QJsonValue f = o.value(QStringLiteral("fleet"));
        if (!f.isString() || f.toString().isEmpty())
            return refuse(DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "club-join: 'fleet' must be text (a fleet file)")));
        m.name = n.toString();
        m.text = f.toString();
        if (!lobbyCommitments())
            return refuse(badCommitments());
        break;
    }
    }
    return Decoded {std::move(m), QString()};
}

} // namespace

QString messageTypeId(MessageType t)
{
    return QLatin1String(infoOf(t).id);
}

Message Message::hello(const QByteArray &setupHash, int side, const QStringList &features)
{
    Message m;
    m.type = MessageType::Hello;
    m.setupHash = setupHash;
    m.side = side;
    m.features = features;
    return m;
}

Message Message::choiceCommit(int seq, const QByteArray &hash)
{
    Message m = diceCommit(seq, hash);
    m.type = MessageType::ChoiceCommit;
    return m;
}

Message Message::choiceReveal(int seq, const QByteArray &nonce, const Command &command)
{
    Message m = diceReveal(seq, nonce);
    m.type = MessageType::ChoiceReveal;
    m.command = command;
    return m;
}

Message Message::commandMessage(int seq, const Command &command)
{
    Message m;
    m.type = MessageType::Command;
    m.seq = seq;
    m.command = command;
    return m;
}

Message Message::diceCommit(int seq, const QByteArray &hash)
{
    Message m;
    m.type = MessageType::DiceCommit;
    m.seq = seq;
    m.bytes = hash;
    return m;
}

Message Message::diceReveal(int seq, const QByteArray &nonce)
{
    Message m;
    m.type = MessageType::DiceReveal;
    m.seq = seq;
    m.bytes = nonce;
    return m;
}

Message Message::stateHash(int seq, const QByteArray &hash)
{
    Message m;
    m.type = MessageType::StateHash;
    m.seq = seq;
    m.bytes = hash;
    return m;
}

Message Message::resume(int seq, const QByteArray &hash)
{
    Message m = stateHash(seq, hash);
    m.type = MessageType::Resume;
    return m;
}

Message Message::withText(MessageType type, const QString &text)
{
    Message m;
    m.type = type;
    m.text = text;
    return m;
}

Message Message::error(const DataText &why)
{
    Message m = withText(MessageType::Error, why.english().left(kMaxChatChars));
    // Only a sentence the receiver reads back (not nested too deep): otherwise it would refuse
    // the whole error.
    if (why.isTranslatable() && m.text.size() == why.english().size()) {
        if (DataText::fromJson(why.toJson()))
            m.why = why;
        else if (const DataText flat = why.withPlainDecimals(); DataText::fromJson(flat.toJson()))
            m.why = flat; // its decimals (one level deeper each) as their English
    }
    return m;
}

Message Message::join(const QString &name, const QString &fleetYaml, const QStringList &features,
                      const QStringList &commitments)
{
    Message m;
    m.type = MessageType::Join;
    m.name = name;
    m.text = fleetYaml;
    m.features = features;
    m.hashes = commitments;
    return m;
}

Message Message::gameSetup(const QByteArray &savedGame, bool offer)
{
    Message m;
    m.type = MessageType::GameSetup;
    m.game = savedGame;
    m.offer = offer;
    return m;
}

Message Message::clubCreate(const QByteArray &savedGame, const QStringList &commitments)
{
    Message m = gameSetup(savedGame);
    m.type = MessageType::ClubCreate;
    m.hashes = commitments;
    return m;
}

Message Message::clubCreated(int id)
{
    Message m;
    m.type = MessageType::ClubCreated;
    m.id = id;
    return m;
}

Message Message::clubList(bool paused, bool all, bool watch)
{
    Message m;
    m.type = MessageType::ClubList;
    m.paused = paused;
    m.all = all;
    m.watch = watch;
    return m;
}

Message Message::clubGames(std::vector<ClubGameInfo> games, bool watch)
{
    Message m;
    m.type = MessageType::ClubGames;
    m.games = std::move(games);
    m.watch = watch;
    return m;
}

Message Message::clubJoin(int id, const QString &name, const QString &fleetYaml,
                          const QStringList &commitments)
{
    Message m = join(name, fleetYaml, {}, commitments);
    m.type = MessageType::ClubJoin;
    m.id = id;
    return m;
}

Message Message::clubRejoin(int id, int side, const QByteArray &token)
{
    Message m;
    m.type = MessageType::ClubRejoin;
    m.id = id;
    m.side = side;
    m.bytes = token;
    return m;
}

Message Message::clubSeat(int id, int side, const QByteArray &token)
{
    Message m = clubRejoin(id, side, token);
    m.type = MessageType::ClubSeat;
    return m;
}

Message Message::clubWatch(int id, bool board)
{
    Message m;
    m.type = MessageType::ClubWatch;
    m.id = id;
    m.withBoard = board;
    return m;
}

Message Message::clubBoard(int seq, const QJsonObject &board)
{
    Message m;
    m.type = MessageType::ClubBoard;
    m.seq = seq;
    m.board = board;
    return m;
}

Message Message::commitments(const QStringList &hashes)
{
    Message m;
    m.type = MessageType::Commitments;
    m.hashes = hashes;
    return m;
}

Message Message::reveal(int seq, std::vector<HiddenReveal> models, std::vector<SealedReveal> sealed)
{
    Message m;
    m.type = MessageType::Reveal;
    m.seq = seq;
    m.reveals = std::move(models);
    m.sealedReveals = std::move(sealed);
    return m;
}

Message Message::clubEvent(int seq, const QString &kind, const QString &text, int player)
{
    Message m;
    m.type = MessageType::ClubEvent;
    m.seq = seq;
    m.name = kind;
    m.text = text;
    m.player = player;
    return m;
}

QByteArray encodePayload(const Message &m)
{
    QJsonObject o {{QStringLiteral("type"), messageTypeId(m.type)}};
    switch (m.type) {
    case MessageType::Hello:
        o.insert(QStringLiteral("protocol"), m.protocol);
        o.insert(QStringLiteral("setup"), hex(m.setupHash));
        o.insert(QStringLiteral("side"), m.side);
        break;
    case MessageType::ChoiceCommit:
        o.insert(QStringLiteral("seq"), m.seq);
        o.insert(QStringLiteral("hash"), hex(m.bytes));
        break;
    case MessageType::ChoiceReveal:
        o.insert(QStringLiteral("seq"), m.seq);
        o.insert(QStringLiteral("nonce"), hex(m.bytes));
        o.insert(QStringLiteral("command"), m.command ? commandToJson(*m.command) : QJsonObject());
        break;
    case MessageType::Command:
        o.insert(QStringLiteral("seq"), m.seq);
        o.insert(QStringLiteral("command"), m.command ? commandToJson(*m.command) : QJsonObject());
        if (!m.reveals.empty()) // only in a masked game: an older peer never reads them
            o.insert(QStringLiteral("reveals"), revealsJson(m.reveals));
        if (!m.sealedHash.isEmpty())
            o.insert(QStringLiteral("sealed"), hex(m.sealedHash));
        if (!m.sealedReveals.empty())
            o.insert(QStringLiteral("sealed_reveals"), sealedJson(m.sealedReveals));
        break;
    case MessageType::Commitments:
        o.insert(QStringLiteral("hashes"), QJsonArray::fromStringList(m.hashes));
        break;
    case MessageType::Reveal: {
        o.insert(QStringLiteral("seq"), m.seq);
        o.insert(QStringLiteral("models"), revealsJson(m.reveals));
        o.insert(QStringLiteral("sealed"), sealedJson(m.sealedReveals));
        break;
    }
    case MessageType::DiceCommit:
    case MessageType::StateHash:
    case MessageType::Resume:
        o.insert(QStringLiteral("seq"), m.seq);
        o.insert(QStringLiteral("hash"), hex(m.bytes));
        break;
    case MessageType::DiceReveal:
        o.insert(QStringLiteral("seq"), m.seq);
        o.insert(QStringLiteral("nonce"), hex(m.bytes));
        break;
    case MessageType::Chat:
    case MessageType::Bye:
    case MessageType::Error:
        o.insert(QStringLiteral("text"), m.text);
        // Only then: an older program reads the error as before.
        if (m.type == MessageType::Error && m.why.isTranslatable())
            o.insert(QStringLiteral("why"), m.why.toJson());
        break;
    case MessageType::Join:
        o.insert(QStringLiteral("name"), m.name);
        o.insert(QStringLiteral("fleet"), m.text);
        if (!m.features.isEmpty()) // only then: an older host reads the join as before
            o.insert(QStringLiteral("features"), QJsonArray::fromStringList(m.features));
        if (!m.hashes.isEmpty()) // a masked lobby's join only
            o.insert(QStringLiteral("commitments"), QJsonArray::fromStringList(m.hashes));
        break;
    case MessageType::GameSetup:
    case MessageType::ClubCreate:
        o.insert(QStringLiteral("game"), QJsonDocument::fromJson(m.game).object());
        if (m.type == MessageType::ClubCreate && !m.hashes.isEmpty()) // a masked lobby's only
            o.insert(QStringLiteral("commitments"), QJsonArray::fromStringList(m.hashes));
        if (m.offer && m.type == MessageType::GameSetup)
            o.insert(QStringLiteral("offer"), true);
        break;
    case MessageType::ClubCreated:
        o.insert(QStringLiteral("id"), m.id);
        break;
    case MessageType::ClubList:
        if (m.paused) // only then: an older server reads the rest as before
            o.insert(QStringLiteral("paused"), true);
        if (m.all)
            o.insert(QStringLiteral("all"), true);
        if (m.watch)
            o.insert(QStringLiteral("watch"), true);
        break;
    case MessageType::ClubGames: {
        QJsonArray list;
        for (const ClubGameInfo &g : m.games) {
            QJsonObject e {{QStringLiteral("id"), g.id},
                           {QStringLiteral("name"), g.name},
                           {QStringLiteral("scenario"), g.scenario},
                           {QStringLiteral("rules"), g.rules}};
            // Only for a paused game: an open game's entry is what every client reads.
            if (g.paused) {
                e.insert(QStringLiteral("paused"), true);
                e.insert(QStringLiteral("commands"), g.commands);
                if (!g.opponent.isEmpty())
                    e.insert(QStringLiteral("opponent"), g.opponent);
            }
            // Only for a client that asked for `all` (the server fills them only then).
            if (g.playing) {
                e.insert(QStringLiteral("playing"), true);
                e.insert(QStringLiteral("turn"), g.turn);
                e.insert(QStringLiteral("commands"), g.commands);
                if (!g.opponent.isEmpty())
                    e.insert(QStringLiteral("opponent"), g.opponent);
            }
            if (g.playing || g.spectators > 0)
                e.insert(QStringLiteral("spectators"), g.spectators);
            if (!g.fleets.empty()) {
                QJsonArray fleets;
                for (const ClubFleetInfo &f : g.fleets)
                    fleets.append(QJsonObject {{QStringLiteral("name"), f.name},
                                               {QStringLiteral("points"), f.points}});
                e.insert(QStringLiteral("fleets"), fleets);
            }
            list.append(e);
        }
        o.insert(QStringLiteral("games"), list);
        if (m.watch) // only to a client that asked to watch the lobby
            o.insert(QStringLiteral("watch"), true);
        break;
    }
    case MessageType::ClubSeat:
    case MessageType::ClubRejoin:
        o.insert(QStringLiteral("id"), m.id);
        o.insert(QStringLiteral("side"), m.side);
        o.insert(QStringLiteral("token"), hex(m.bytes));
        break;
    case MessageType::ClubWatch:
        o.insert(QStringLiteral("id"), m.id);
        if (m.withBoard) // only then: an older server reads the rest as before
            o.insert(QStringLiteral("board"), true);
        break;
    case MessageType::ClubBoard:
        o.insert(QStringLiteral("seq"), m.seq);
        o.insert(QStringLiteral("board"), m.board);
        break;
    case MessageType::ClubEvent:
        o.insert(QStringLiteral("seq"), m.seq);
        o.insert(QStringLiteral("kind"), m.name);
        o.insert(QStringLiteral("text"), m.text);
        o.insert(QStringLiteral("player"), m.player);
        break;
    case MessageType::ClubJoin:
        o.insert(QStringLiteral("id"), m.id);
        o.insert(QStringLiteral("name"), m.name);
        o.insert(QStringLiteral("fleet"), m.text);
        if (!m.hashes.isEmpty()) // a masked lobby's only
            o.insert(QStringLiteral("commitments"), QJsonArray::fromStringList(m.hashes));
        break;
    }
    // hello's and a club request's features: only when there are some (an older program reads
    // the message as before), and only for a type that has them.
    const std::vector<const char *> &optional = infoOf(m.type).optional;
    if (!m.features.isEmpty() && std::any_of(optional.begin(), optional.end(), [](const char *f) {
            return qstrcmp(f, "features") == 0;
        }))
        o.insert(QStringLiteral("features"), QJsonArray::fromStringList(m.features));
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QByteArray encodeFrame(const Message &m)
{
    const QByteArray payload = encodePayload(m);
    QByteArray frame(4, '\0');
    qToBigEndian(quint32(payload.size()), frame.data());
    return frame + payload;
}

Decoded decodePayload(const QByteArray &payload)
{
    try {
        return decodeUnchecked(payload);
    } catch (const std::exception &e) {
        return refuse(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "cannot read the message: %1"),
                                   {QString::fromLocal8Bit(e.what())}));
    } catch (...) {
        return refuse(DataText::of(QT_TRANSLATE_NOOP("jw::Data", "cannot read the message")));
    }
}

std::vector<FrameReader::Item> FrameReader::feed(const QByteArray &bytes)
{
    std::vector<Item> out;
    QByteArray in = bytes;
    if (m_skip > 0) {
        const qsizetype drop = qsizetype(std::min<quint64>(m_skip, quint64(in.size())));
        m_skip -= quint64(drop);
        in.remove(0, drop);
    }
    m_buffer += in;
    for (;;) {
        if (m_skip > 0) {
            const qsizetype drop = qsizetype(std::min<quint64>(m_skip, quint64(m_buffer.size())));
            m_skip -= quint64(drop);
            m_buffer.remove(0, drop);
            if (m_skip > 0)
                break;
        }
        if (m_buffer.size() < 4)
            break;
        const quint32 length = qFromBigEndian<quint32>(m_buffer.constData());
        if (length > quint32(kMaxFrameBytes)) {
            m_buffer.remove(0, 4);
            m_skip = length;
            const DataText why
                = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "a message of %1 bytes: at most %2"),
                               {length, kMaxFrameBytes});
            out.push_back(Item {QByteArray(), why.english(), why});
            continue;
        }
        if (m_buffer.size() < 4 + qsizetype(length))
            break;
        out.push_back(Item {m_buffer.mid(4, qsizetype(length)), QString(), DataText()});
        m_buffer.remove(0, 4 + qsizetype(length));
    }
    return out;
}

} // namespace jw::net
