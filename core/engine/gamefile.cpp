// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/gamefile.h"

#include "dice/dicesource.h"
#include "engine/aiplayer.h"
#include "engine/gamejson.h"
#include "engine/maskedview.h"
#include "io/inputfile.h"
#include "io/jsonnumber.h"
#include "io/outputfile.h"
#include "io/textcheck.h"
#include "units/unitjson.h"

#include <QCryptographicHash>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace jw {

namespace {

Fleet fleetFrom(const QJsonObject &o)
{
    Fleet f;
    f.name = o.value(QStringLiteral("name")).toString();
    f.faction = o.value(QStringLiteral("faction")).toString();
    f.points = o.value(QStringLiteral("points")).toInt();
    f.rules = o.value(QStringLiteral("rules")).toString();
    for (const QJsonValue &v : o.value(QStringLiteral("units")).toArray()) {
        const QJsonObject u = v.toObject();
        FleetEntry e;
        e.unitId = u.value(QStringLiteral("unit")).toString();
        e.name = u.value(QStringLiteral("name")).toString();
        if (u.contains(QStringLiteral("embarked_on")))
            e.embarkedOn = u.value(QStringLiteral("embarked_on")).toInt();
        for (const QJsonValue &up : u.value(QStringLiteral("upgrades")).toArray())
            e.upgrades << up.toString();
        f.entries.push_back(e);
    }
    return f;
}

QJsonObject startJson(const ModelStart &s)
{
    QJsonObject lost;
    for (const auto &[k, v] : s.lost)
        lost.insert(k, v);
    QJsonArray weapons;
    for (int w : s.weaponsDamaged)
        weapons.append(w);
    QJsonObject traits;
    for (const auto &[k, v] : s.traitsDamaged)
        traits.insert(k, v);
    return QJsonObject {{QStringLiteral("player"), s.player},
                        {QStringLiteral("entry"), s.entry},
                        {QStringLiteral("location"), s.location},
                        {QStringLiteral("x"), s.x},
                        {QStringLiteral("y"), s.y},
                        {QStringLiteral("facing"), s.facing},
                        {QStringLiteral("carrier"), s.carrier},
                        {QStringLiteral("lost"), lost},
                        {QStringLiteral("weapons_damaged"), weapons},
                        {QStringLiteral("traits_damaged"), traits},
                        {QStringLiteral("states"), QJsonArray::fromStringList(s.states)},
                        {QStringLiteral("activated"), s.activated},
                        {QStringLiteral("boarders"), s.boarders},
                        {QStringLiteral("assault_target"), s.assaultTarget}};
}

ModelStart startFrom(const QJsonObject &o)
{
    ModelStart s;
    s.player = o.value(QStringLiteral("player")).toInt();
    s.entry = o.value(QStringLiteral("entry")).toInt();
    s.location = o.value(QStringLiteral("location")).toString();
    s.x = o.value(QStringLiteral("x")).toDouble();
    s.y = o.value(QStringLiteral("y")).toDouble();
    s.facing = o.value(QStringLiteral("facing")).toDouble();
    s.carrier = o.value(QStringLiteral("carrier")).toInt(-1);
    const QJsonObject lost = o.value(QStringLiteral("lost")).toObject();
    for (auto it = lost.begin(); it != lost.end(); ++it)
        s.lost[it.key()] = it.value().toInt();
    for (const QJsonValue &w : o.value(QStringLiteral("weapons_damaged")).toArray())
        s.weaponsDamaged.push_back(w.toInt());
    const QJsonObject traits = o.value(QStringLiteral("traits_damaged")).toObject();
    for (auto it = traits.begin(); it != traits.end(); ++it)
        s.traitsDamaged[it.key()] = it.value().toInt();
    for (const QJsonValue &st : o.value(QStringLiteral("states")).toArray())
        s.states << st.toString();
    s.activated = o.value(QStringLiteral("activated")).toBool();
    s.boarders = o.value(QStringLiteral("boarders")).toInt();
    s.assaultTarget = o.value(QStringLiteral("assault_target")).toInt(-1);
    return s;
}

// The faces of a list of dice, each 1 to 6; why not, naming the die.
std::optional<DataText> faces(const QJsonValue &v, std::vector<int> *out)
{
    if (v.isUndefined() || v.isNull())
        return std::nullopt;
    if (!v.isArray())
        return DataText::of(
            QT_TRANSLATE_NOOP("jw::Data", "the dice must be a list of faces 1 to 6"));
    const QJsonArray a = v.toArray();
    for (qsizetype k = 0; k < a.size(); ++k) {
        const QJsonValue d = a.at(k);
        const std::optional<qint64> f = io::wholeNumber(d, 1, 6);
        if (!f)
            return DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "die %1 shows %2: a die shows 1 to 6"),
                {k + 1,
                 d.isDouble() ? QString::number(d.toDouble())
                              : QString::fromUtf8(
                                    QJsonDocument(QJsonArray {d}).toJson(QJsonDocument::Compact))
                                    .mid(1)
                                    .chopped(1)});
        out->push_back(int(*f));
    }
    return std::nullopt;
}

QJsonObject exchangeJson(const DiceExchange &x)
{
    return QJsonObject {{QStringLiteral("command"), x.command},
                        {QStringLiteral("committer"), x.committer},
                        {QStringLiteral("commit"), QString::fromLatin1(x.commit.toHex())},
                        {QStringLiteral("nonce_a"), QString::fromLatin1(x.nonceA.toHex())},
                        {QStringLiteral("nonce_b"), QString::fromLatin1(x.nonceB.toHex())}};
}

// Exactly the fields exchangeJson() writes, each of its type and size.
std::optional<DiceExchange> exchangeFrom(const QJsonValue &v, DataText *why)
{
    if (!v.isObject()) {
        *why = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "an exchange must be an object"));
        return std::nullopt;
    }
    const QJsonObject o = v.toObject();
    static const QStringList known {QStringLiteral("command"), QStringLiteral("committer"),
                                    QStringLiteral("commit"), QStringLiteral("nonce_a"),
                                    QStringLiteral("nonce_b")};
    for (auto it = o.begin(); it != o.end(); ++it)
        if (!known.contains(it.key())) {
            *why = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "unknown field '%1'"), {it.key()});
            return std::nullopt;
        }
    DiceExchange x;
    const auto command = io::wholeNumber(o.value(QStringLiteral("command")), -1, 100'000'000);
    const auto committer = io::wholeNumber(o.value(QStringLiteral("committer")), 0, 1);
    if (!command || !committer) {
        *why = DataText::of(QT_TRANSLATE_NOOP(
            "jw::Data", "'command' must be -1 or a command's index, 'committer' 0 or 1"));
        return std::nullopt;
    }
    x.command = int(*command);
    x.committer = int(*committer);
    auto bytes = [&](const char *key, QByteArray *out) {
        const QJsonValue b = o.value(QLatin1String(key));
        const QByteArray hex = b.toString().toLatin1();
        static const QByteArray digits("0123456789abcdef");
        if (!b.isString() || hex.size() != 2 * fairdice::kNonceBytes
            || !std::all_of(hex.begin(), hex.end(), [](char c) { return digits.contains(c); })) {
            *why = DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "'%1' must be %2 lower-case hex digits"),
                {QString::fromLatin1(key), 2 * fairdice::kNonceBytes});
            return false;
        }
        *out = QByteArray::fromHex(hex);
        return true;
    };
    if (!bytes("commit", &x.commit) || !bytes("nonce_a", &x.nonceA) || !bytes("nonce_b", &x.nonceB))
        return std::nullopt;
    return x;
}

bool hex32(const QJsonValue &b, QByteArray *out)
{
    const QByteArray hex = b.toString().toLatin1();
    static const QByteArray digits("0123456789abcdef");
    if (!b.isString() || hex.size() != 2 * fairdice::kNonceBytes
        || !std::all_of(hex.begin(), hex.end(), [](char c) { return digits.contains(c); }))
        return false;
    *out = QByteArray::fromHex(hex);
    return true;
}

// sealed_choices: {command, hash, nonce}, exactly, each of its type and size.
std::optional<SealedChoice> sealedFrom(const QJsonValue &v, DataText *why)
{
    const QJsonObject o = v.toObject();
    static const QStringList known {QStringLiteral("command"), QStringLiteral("hash"),
                                    QStringLiteral("nonce")};
    for (auto it = o.begin(); it != o.end(); ++it)
        if (!known.contains(it.key())) {
            *why = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "unknown field '%1'"), {it.key()});
            return std::nullopt;
        }
    SealedChoice x;
    const auto command = io::wholeNumber(o.value(QStringLiteral("command")), 0, 100'000'000);
    if (!v.isObject() || !command) {
        *why = DataText::of(
            QT_TRANSLATE_NOOP("jw::Data", "an object whose 'command' is a command's index"));
        return std::nullopt;
    }
    x.command = int(*command);
    if (!hex32(o.value(QStringLiteral("hash")), &x.hash)
        || !hex32(o.value(QStringLiteral("nonce")), &x.nonce)) {
        *why = DataText::of(
            QT_TRANSLATE_NOOP("jw::Data", "'hash' and 'nonce' must be 64 lower-case hex digits"));
        return std::nullopt;
    }
    return x;
}

// masked: {commitments: [hex], reveals: [{command, model, nonce}], sealed_embarks: [{command,
// hash, nonce}]}, exactly; a nonce not known yet (a game saved before its end) is absent.
std::optional<MaskedRecord> maskedFrom(const QJsonValue &v, DataText *why)
{
    const QJsonObject o = v.toObject();
    for (auto it = o.begin(); it != o.end(); ++it)
        if (it.key() != QLatin1String("commitments") && it.key() != QLatin1String("reveals")
            && it.key() != QLatin1String("sealed_embarks")) {
            *why = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "unknown field '%1'"), {it.key()});
            return std::nullopt;
        }
    if (!v.isObject() || !o.value(QStringLiteral("commitments")).isArray()
        || !o.value(QStringLiteral("reveals")).isArray()
        || !o.value(QStringLiteral("sealed_embarks")).isArray()) {
        *why = DataText::of(QT_TRANSLATE_NOOP(
            "jw::Data", "an object of three lists: commitments, reveals, sealed_embarks"));
        return std::nullopt;
    }
    MaskedRecord r;
    for (const QJsonValue &c : o.value(QStringLiteral("commitments")).toArray()) {
        QByteArray bytes;
        if (!hex32(c, &bytes)) {
            *why = DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "a commitment must be 64 lower-case hex digits"));
            return std::nullopt;
        }
        r.commitments.push_back(c.toString());
    }
    for (const QJsonValue &x : o.value(QStringLiteral("reveals")).toArray()) {
        const QJsonObject xo = x.toObject();
        const auto command = io::wholeNumber(xo.value(QStringLiteral("command")), 0, 100'000'000);
        const auto model = io::wholeNumber(xo.value(QStringLiteral("model")), 0, 100'000'000);
        MaskedRecord::Reveal rv;
        if (!x.isObject() || xo.size() != 3 || !command || !model
            || !hex32(xo.value(QStringLiteral("nonce")), &rv.nonce)) {
            *why = DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                  "a reveal is {command, model, nonce}: two whole "
                                                  "numbers and 64 lower-case hex digits"));
            return std::nullopt;
        }
        rv.command = int(*command);
        rv.model = int(*model);
        r.reveals.push_back(rv);
    }
    for (const QJsonValue &x : o.value(QStringLiteral("sealed_embarks")).toArray()) {
        const QJsonObject xo = x.toObject();
        const auto command = io::wholeNumber(xo.value(QStringLiteral("command")), 0, 100'000'000);
        MaskedRecord::Sealed se;
        const bool hasNonce = xo.contains(QStringLiteral("nonce"));
        if (!x.isObject() || xo.size() != (hasNonce ? 3 : 2) || !command
            || !hex32(xo.value(QStringLiteral("hash")), &se.hash)
            || (hasNonce && !hex32(xo.value(QStringLiteral("nonce")), &se.nonce))) {
            *why = DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                  "a sealed Embark is {command, hash[, nonce]}: a "
                                                  "whole number and 64 lower-case hex digits"));
            return std::nullopt;
        }
        se.command = int(*command);
        r.sealed.push_back(se);
    }
    return r;
}

// masked_secrets: {player, nonces: [hex, by fleet entry], seals: [{command, nonce, play}]},
// exactly: a masked game's own secrets (a player's file, before the end).
std::optional<MaskedSecrets> maskedSecretsFrom(const QJsonValue &v, DataText *why)
{
    const QJsonObject o = v.toObject();
    for (auto it = o.begin(); it != o.end(); ++it)
        if (it.key() != QLatin1String("player") && it.key() != QLatin1String("nonces")
            && it.key() != QLatin1String("seals")) {
            *why = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "unknown field '%1'"), {it.key()});
            return std::nullopt;
        }
    const auto player = io::wholeNumber(o.value(QStringLiteral("player")), 0, 1);
    if (!v.isObject() || !player || !o.value(QStringLiteral("nonces")).isArray()
        || !o.value(QStringLiteral("seals")).isArray()) {
        *why = DataText::of(QT_TRANSLATE_NOOP(
            "jw::Data", "an object of 'player' (0 or 1) and two lists, nonces and seals"));
        return std::nullopt;
    }
    MaskedSecrets out;
    out.player = int(*player);
    for (const QJsonValue &n : o.value(QStringLiteral("nonces")).toArray()) {
        QByteArray bytes;
        if (!hex32(n, &bytes)) {
            *why = DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "a nonce must be 64 lower-case hex digits"));
            return std::nullopt;
        }
        out.nonces.push_back(bytes);
    }
    for (const QJsonValue &x : o.value(QStringLiteral("seals")).toArray()) {
        const QJsonObject xo = x.toObject();
        const auto command = io::wholeNumber(xo.value(QStringLiteral("command")), 0, 100'000'000);
        MaskedSecrets::Seal seal;
        DataText err;
        const std::optional<Command> play = xo.value(QStringLiteral("play")).isObject()
            ? commandFromJson(xo.value(QStringLiteral("play")).toObject(), nullptr, &err)
            : std::nullopt;
        if (!x.isObject() || xo.size() != 3 || !command
            || !hex32(xo.value(QStringLiteral("nonce")), &seal.nonce) || !play) {
            *why
                = DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                 "a seal is {command, nonce, play}: a whole "
                                                 "number, 64 lower-case hex digits and a command"));
            return std::nullopt;
        }
        seal.command = int(*command);
        seal.play = *play;
        out.seals.push_back(seal);
    }
    return out;
}

// dice_pending: {command, committer, commit, play[, nonce][, responder_nonce]}: the dice
// exchange of the next command, open when the game was saved.
std::optional<Game::DicePending> dicePendingFrom(const QJsonValue &v, DataText *why)
{
    const QJsonObject o = v.toObject();
    static const QStringList known {QStringLiteral("command"), QStringLiteral("committer"),
                                    QStringLiteral("commit"),  QStringLiteral("play"),
                                    QStringLiteral("nonce"),   QStringLiteral("responder_nonce")};
    for (auto it = o.begin(); it != o.end(); ++it)
        if (!known.contains(it.key())) {
            *why = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "unknown field '%1'"), {it.key()});
            return std::nullopt;
        }
    Game::DicePending p;
    const auto command = io::wholeNumber(o.value(QStringLiteral("command")), 0, 100'000'000);
    const auto committer = io::wholeNumber(o.value(QStringLiteral("committer")), 0, 1);
    if (!v.isObject() || !command || !committer
        || !hex32(o.value(QStringLiteral("commit")), &p.commit)
        || !o.value(QStringLiteral("play")).isObject()) {
        *why = DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                              "'command' (an index), 'committer' (0 or 1), "
                                              "'commit' (64 hex digits) and 'play' (a command) "
                                              "are needed"));
        return std::nullopt;
    }
    p.command = int(*command);
    p.committer = int(*committer);
    DataText err;
    const std::optional<Command> play
        = commandFromJson(o.value(QStringLiteral("play")).toObject(), nullptr, &err);
    if (!play) {
        *why = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "play: %1"), {err});
        return std::nullopt;
    }
    p.play = *play;
    if ((o.contains(QStringLiteral("nonce")) && !hex32(o.value(QStringLiteral("nonce")), &p.nonce))
        || (o.contains(QStringLiteral("responder_nonce"))
            && !hex32(o.value(QStringLiteral("responder_nonce")), &p.responderNonce))) {
        *why = DataText::of(QT_TRANSLATE_NOOP(
            "jw::Data", "'nonce' and 'responder_nonce' must be 64 lower-case hex digits"));
        return std::nullopt;
    }
    return p;
}

// sealed_pending: {command, sealer, hash[, nonce, choice]}: the sealed choice under way.
std::optional<Game::SealedPending> sealedPendingFrom(const QJsonValue &v, DataText *why)
{
    const QJsonObject o = v.toObject();
    static const QStringList known {QStringLiteral("command"), QStringLiteral("sealer"),
                                    QStringLiteral("hash"), QStringLiteral("nonce"),
                                    QStringLiteral("choice")};
    for (auto it = o.begin(); it != o.end(); ++it)
        if (!known.contains(it.key())) {
            *why = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "unknown field '%1'"), {it.key()});
            return std::nullopt;
        }
    Game::SealedPending p;
    const auto command = io::wholeNumber(o.value(QStringLiteral("command")), 0, 100'000'000);
    const auto sealer = io::wholeNumber(o.value(QStringLiteral("sealer")), 0, 1);
    if (!v.isObject() || !command || !sealer || !hex32(o.value(QStringLiteral("hash")), &p.hash)) {
        *why = DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                              "'command' (an index), 'sealer' (0 or 1) and "
                                              "'hash' (64 hex digits) are needed"));
        return std::nullopt;
    }
    p.command = int(*command);
    p.sealer = int(*sealer);
    const bool hasNonce = o.contains(QStringLiteral("nonce"));
    if (hasNonce != o.contains(QStringLiteral("choice"))
        || (hasNonce && !hex32(o.value(QStringLiteral("nonce")), &p.nonce))) {
        *why = DataText::of(
            QT_TRANSLATE_NOOP("jw::Data", "'nonce' (64 hex digits) and 'choice' come together"));
        return std::nullopt;
    }
    if (hasNonce) {
        DataText err;
        p.choice = commandFromJson(o.value(QStringLiteral("choice")).toObject(), nullptr, &err);
        if (!p.choice) {
            *why = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "choice: %1"), {err});
            return std::nullopt;
        }
        if (GameFile::sealedChoiceHash(p.nonce, *p.choice) != p.hash) {
            *why = DataText::of(
                QT_TRANSLATE_NOOP("jw::Data", "the choice is not the one its hash fixed"));
            return std::nullopt;
        }
    }
    return p;
}

// network: {local_player, role[, address][, port]}: the side this program played between
// two computers, and how it connected (a host has no address).
std::optional<Game::NetworkSeat> networkFrom(const QJsonValue &v, DataText *why)
{
    const QJsonObject o = v.toObject();
    static const QStringList known {QStringLiteral("local_player"), QStringLiteral("role"),
                                    QStringLiteral("address"), QStringLiteral("port")};
    for (auto it = o.begin(); it != o.end(); ++it)
        if (!known.contains(it.key())) {
            *why = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "network: unknown field '%1'"),
                                {it.key()});
            return std::nullopt;
        }
    const auto player = io::wholeNumber(o.value(QStringLiteral("local_player")), 0, 1);
    const QString role = o.value(QStringLiteral("role")).toString();
    if (!v.isObject() || !player
        || (role != QStringLiteral("host") && role != QStringLiteral("join"))) {
        *why = DataText::of(QT_TRANSLATE_NOOP(
            "jw::Data", "network: 'local_player' (0 or 1) and 'role' (host or join) are needed"));
        return std::nullopt;
    }
    Game::NetworkSeat seat;
    seat.localPlayer = int(*player);
    seat.host = role == QStringLiteral("host");
    if (o.contains(QStringLiteral("port"))) {
        const auto port = io::wholeNumber(o.value(QStringLiteral("port")), 1, 65535);
        if (!port) {
            *why = DataText::of(QT_TRANSLATE_NOOP(
                "jw::Data", "network: 'port' must be a whole number from 1 to 65535"));
            return std::nullopt;
        }
        seat.port = quint16(*port);
    }
    if (o.contains(QStringLiteral("address"))) {
        const QJsonValue a = o.value(QStringLiteral("address"));
        seat.address = a.toString();
        const bool control = std::any_of(seat.address.begin(), seat.address.end(), [](QChar c) {
            return c.category() == QChar::Other_Control || c.isSpace();
        });
        if (seat.host || !a.isString() || seat.address.isEmpty() || seat.address.size() > 255
            || control) {
            *why = DataText::of(
                QT_TRANSLATE_NOOP("jw::Data",
                                  "network: 'address' (the host's, for a joiner only) must be a "
                                  "host name or an address of at most 255 characters, without "
                                  "spaces"));
            return std::nullopt;
        }
    }
    return seat;
}

QJsonObject networkJson(const Game::NetworkSeat &seat)
{
    QJsonObject o {
        {QStringLiteral("local_player"), seat.localPlayer},
        {QStringLiteral("role"), seat.host ? QStringLiteral("host") : QStringLiteral("join")}};
    if (!seat.host && !seat.address.isEmpty())
        o.insert(QStringLiteral("address"), seat.address);
    if (seat.port != 0)
        o.insert(QStringLiteral("port"), int(seat.port));
    return o;
}

} // namespace

QByteArray GameFile::sealedChoiceHash(const QByteArray &nonce, const Command &command)
{
    return QCryptographicHash::hash(
        QByteArray(nonce + QJsonDocument(commandToJson(command)).toJson(QJsonDocument::Compact)),
        QCryptographicHash::Sha256);
}

namespace {

// A masked game's record against the game: each reveal against its model's commitment (the
// model's entry and card in the game's setup), each sealed Embark against its hash.
void verifyMasked(const Game &game, GameFile::DiceCheck &out)
{
    const MaskedRecord &r = *game.maskedRecord();
    out.masked = true;
    const GameSetup &setup = game.setup();
    const int first = setup.players[0].fleet.size();
    const int models = first + setup.players[1].fleet.size();
    for (const MaskedRecord::Reveal &x : r.reveals) {
        ++out.maskedModels;
        if (x.model >= models || x.model >= int(r.commitments.size())) {
            out.problems << QStringLiteral("reveal of model %1: no model of a fleet has this "
                                           "number")
                                .arg(x.model);
            continue;
        }
        const int owner = x.model < first ? 0 : 1;
        const int entry = owner == 0 ? x.model : x.model - first;
        if (hiddenCommitment(x.nonce, hiddenEntryJson(setup, owner, entry))
            != r.commitments[std::size_t(x.model)])
            out.problems << QStringLiteral("reveal of model %1 (command %2): the model's entry "
                                           "does not match its commitment")
                                .arg(x.model)
                                .arg(x.command + 1);
    }
    const auto &history = game.history();
    for (const MaskedRecord::Sealed &x : r.sealed) {
        if (x.nonce.isEmpty())
            continue; // not revealed yet (a game ended before its end): nothing to check
        ++out.sealedEmbarks;
        if (x.command >= int(history.size())) {
            out.problems << QStringLiteral("sealed Embark %1: the game has %2 commands")
                                .arg(x.command + 1)
                                .arg(history.size());
            continue;
        }
        const Command &c = history[std::size_t(x.command)].command;
        if (!std::holds_alternative<EmbarkCommand>(c)
            || GameFile::sealedChoiceHash(x.nonce, c) != x.hash)
            out.problems << QStringLiteral("command %1 (%2): not the sealed Embark its hash "
                                           "fixed")
                                .arg(x.command + 1)
                                .arg(commandId(c));
    }
}

} // namespace

GameFile::DiceCheck GameFile::verifyDice(const Game &game)
{
    DiceCheck out;
    out.seeded = game.usesSeed();
    out.exchanges = int(game.diceExchanges().size());
    // The dice of the start (-1) and of each command, by index + 1.
    std::vector<const DiceExchange *> of(game.history().size() + 1, nullptr);
    for (const DiceExchange &x : game.diceExchanges()) {
        if (x.command + 1 >= int(of.size())) {
            out.problems << QStringLiteral("exchange for command %1: the game has %2 commands")
                                .arg(x.command + 1)
                                .arg(game.history().size());
            continue;
        }
        if (of[std::size_t(x.command + 1)]) {
            out.problems << QStringLiteral("command %1 has two exchanges").arg(x.command + 1);
            continue;
        }
        of[std::size_t(x.command + 1)] = &x;
    }
    for (std::size_t i = 0; i < of.size(); ++i) {
        const std::vector<int> &dice = i == 0 ? game.startDice() : game.history()[i - 1].dice;
        const QString where = i == 0 ? QStringLiteral("the start")
                                     : QStringLiteral("command %1 (%2)")
                                           .arg(i)
                                           .arg(commandId(game.history()[i - 1].command));
        out.dice += int(dice.size());
        if (out.seeded || dice.empty())
            continue; // the seed's: replaying the file checked them
        if (!of[i]) {
            out.problems << QStringLiteral("%1: %2 dice with no commit-reveal exchange")
                                .arg(where)
                                .arg(dice.size());
            continue;
        }
        if (auto why = verifyExchange(*of[i], dice))
            out.problems << QStringLiteral("%1: %2").arg(where, *why);
    }
    if (game.maskedRecord())
        verifyMasked(game, out);
    const auto &history = game.history();
    for (const SealedChoice &x : game.sealedChoices()) {
        ++out.sealed;
        if (x.command + 1 >= int(history.size())) {
            out.problems << QStringLiteral("sealed choice %1: the game has no answer after it")
                                .arg(x.command + 1);
            continue;
        }
        const GameRecordEntry &mine = history[std::size_t(x.command)];
        const GameRecordEntry &other = history[std::size_t(x.command + 1)];
        if (sealedChoiceHash(x.nonce, mine.command) != x.hash)
            out.problems << QStringLiteral("command %1 (%2): not the sealed choice its hash "
                                           "fixed")
                                .arg(x.command + 1)
                                .arg(commandId(mine.command));
        else if (other.player == mine.player)
            out.problems << QStringLiteral("command %1: a sealed choice followed by its own "
                                           "player's command, not the other player's answer")
                                .arg(x.command + 1);
    }
    return out;
}

QByteArray GameFile::serialize(const Game &game)
{
    return serialize(game, game.network());
}

QByteArray GameFile::serialize(const Game &game, const std::optional<Game::NetworkSeat> &network)
{
    const GameSetup &s = game.setup();
    QJsonArray players;
    for (const PlayerSetup &p : s.players) {
        QJsonObject po {{QStringLiteral("name"), p.name},
                        {QStringLiteral("fleet"), fleetToJson(p.fleet)}};
        if (!p.computer.isEmpty()) // absent: a person (files written before the computer)
            po.insert(QStringLiteral("computer"), p.computer);
        players.append(po);
    }
    QJsonArray units;
    for (const auto &[id, unit] : s.units)
        units.append(unitToJson(unit));
    QJsonArray starts;
    for (const ModelStart &st : s.starts)
        starts.append(startJson(st));
    QJsonObject setup {
        {QStringLiteral("rules"), s.rules},
        {QStringLiteral("scenario"), s.scenario},
        {QStringLiteral("turns"), s.turns},
        // The seed as text: JSON numbers lose 64-bit precision.
        {QStringLiteral("seed"), QString::number(s.seed)},
        {QStringLiteral("initiative"),
         s.initiative ? QJsonValue(*s.initiative) : QJsonValue(QStringLiteral("random"))},
        {QStringLiteral("players"), players},
        {QStringLiteral("units"), units}};
    // The scenario's rules themselves (a group's own scenario replays anywhere).
    setup.insert(QStringLiteral("scenario_rules"),
                 QJsonDocument::fromJson(ScenarioLoader::toJson(s.scenarioRules)).object());
    if (s.physical()) { // absent: digital (files written before the companion)
        setup.insert(QStringLiteral("table"), tableKindId(s.table));
        setup.insert(QStringLiteral("typed_dice"), s.typedDice);
    }
    if (s.corner)
        setup.insert(QStringLiteral("corner"), int(*s.corner));
    if (s.escapeEdge)
        setup.insert(QStringLiteral("escape_edge"), int(*s.escapeEdge));
    QJsonArray terrain;
    for (const TerrainPiece &t : s.terrain)
        terrain.append(terrainToJson(t));
    if (!terrain.isEmpty())
        setup.insert(QStringLiteral("terrain"), terrain);
    if (!starts.isEmpty()) {
        setup.insert(QStringLiteral("starts"), starts);
        setup.insert(QStringLiteral("start_turn"), s.startTurn);
        setup.insert(QStringLiteral("start_phase"), s.startPhase);
    }
    QJsonArray commands;
    for (const GameRecordEntry &e : game.history()) {
        QJsonObject c = commandToJson(e.command);
        c.insert(QStringLiteral("player"), e.player);
        QJsonArray dice;
        for (int d : e.dice)
            dice.append(d);
        c.insert(QStringLiteral("dice"), dice);
        if (!e.reason.isEmpty()) {
            c.insert(QStringLiteral("reason"), e.reason.english());
            // The same typed, for the log of a loaded game in the user's language.
            if (e.reason.id() != MsgId {})
                c.insert(QStringLiteral("reason_message"), e.reason.toJson());
        }
        commands.append(c);
    }
    QJsonObject root {{QStringLiteral("format"), QStringLiteral("jwfleet-game")},
                      {QStringLiteral("schema_version"), kSchemaVersion},
                      {QStringLiteral("setup"), setup},
                      {QStringLiteral("dice"),
                       game.usesSeed() ? QStringLiteral("seed") : QStringLiteral("recorded")},
                      {QStringLiteral("start_dice"),
                       [&] {
                           QJsonArray a;
                           for (int d : game.startDice())
                               a.append(d);
                           return a;
                       }()},
                      {QStringLiteral("commands"), commands},
                      {QStringLiteral("snapshot"), stateToJson(game.engine(), game.state())}};
    if (!game.diceExchanges().empty()) { // absent: not a network game (older files too)
        QJsonArray exchanges;
        for (const DiceExchange &x : game.diceExchanges())
            exchanges.append(exchangeJson(x));
        root.insert(QStringLiteral("dice_exchanges"), exchanges);
    }
    if (!game.sealedChoices().empty()) { // absent: no secret choice sealed (older files too)
        QJsonArray sealed;
        for (const SealedChoice &x : game.sealedChoices())
            sealed.append(
                QJsonObject {{QStringLiteral("command"), x.command},
                             {QStringLiteral("hash"), QString::fromLatin1(x.hash.toHex())},
                             {QStringLiteral("nonce"), QString::fromLatin1(x.nonce.toHex())}});
        root.insert(QStringLiteral("sealed_choices"), sealed);
    }
    if (const auto &m = game.maskedRecord()) { // absent: not a masked game (older files too)
        QJsonArray reveals;
        for (const MaskedRecord::Reveal &x : m->reveals)
            reveals.append(
                QJsonObject {{QStringLiteral("command"), x.command},
                             {QStringLiteral("model"), x.model},
                             {QStringLiteral("nonce"), QString::fromLatin1(x.nonce.toHex())}});
        QJsonArray sealed;
        for (const MaskedRecord::Sealed &x : m->sealed) {
            QJsonObject o {{QStringLiteral("command"), x.command},
                           {QStringLiteral("hash"), QString::fromLatin1(x.hash.toHex())}};
            if (!x.nonce.isEmpty())
                o.insert(QStringLiteral("nonce"), QString::fromLatin1(x.nonce.toHex()));
            sealed.append(o);
        }
        QJsonArray commitments;
        for (const QString &c : m->commitments)
            commitments.append(c);
        root.insert(QStringLiteral("masked"),
                    QJsonObject {{QStringLiteral("commitments"), commitments},
                                 {QStringLiteral("reveals"), reveals},
                                 {QStringLiteral("sealed_embarks"), sealed}});
    }
    if (const auto &m = game.maskedSecrets()) { // a player's own file of a masked game
        QJsonArray nonces;
        for (const QByteArray &n : m->nonces)
            nonces.append(QString::fromLatin1(n.toHex()));
        QJsonArray seals;
        for (const MaskedSecrets::Seal &x : m->seals)
            seals.append(
                QJsonObject {{QStringLiteral("command"), x.command},
                             {QStringLiteral("nonce"), QString::fromLatin1(x.nonce.toHex())},
                             {QStringLiteral("play"), commandToJson(x.play)}});
        root.insert(QStringLiteral("masked_secrets"),
                    QJsonObject {{QStringLiteral("player"), m->player},
                                 {QStringLiteral("nonces"), nonces},
                                 {QStringLiteral("seals"), seals}});
    }
    if (const auto &p = game.sealedPending()) { // a player's own file, mid-choice
        QJsonObject o {{QStringLiteral("command"), p->command},
                       {QStringLiteral("sealer"), p->sealer},
                       {QStringLiteral("hash"), QString::fromLatin1(p->hash.toHex())}};
        if (p->choice) {
            o.insert(QStringLiteral("nonce"), QString::fromLatin1(p->nonce.toHex()));
            o.insert(QStringLiteral("choice"), commandToJson(*p->choice));
        }
        root.insert(QStringLiteral("sealed_pending"), o);
    }
    if (const auto &p = game.dicePending()) { // a player's own file, mid-exchange
        QJsonObject o {{QStringLiteral("command"), p->command},
                       {QStringLiteral("committer"), p->committer},
                       {QStringLiteral("commit"), QString::fromLatin1(p->commit.toHex())},
                       {QStringLiteral("play"), commandToJson(p->play)}};
        if (!p->nonce.isEmpty())
            o.insert(QStringLiteral("nonce"), QString::fromLatin1(p->nonce.toHex()));
        if (!p->responderNonce.isEmpty())
            o.insert(QStringLiteral("responder_nonce"),
                     QString::fromLatin1(p->responderNonce.toHex()));
        root.insert(QStringLiteral("dice_pending"), o);
    }
    if (network) // a player's own file of a game between two computers: its side
        root.insert(QStringLiteral("network"), networkJson(*network));
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

QString GameFile::write(const Game &game, const QString &path)
{
    return io::writeFile(path, serialize(game));
}

QString GameFile::write(const Game &game, const QString &path,
                        const std::optional<Game::NetworkSeat> &network)
{
    return io::writeFile(path, serialize(game, network));
}

namespace {

void fail(GameFile::Loaded &out, const DataText &why)
{
    out.error = why.english();
    out.why = why;
}

// The same, the issue's file a phrase (`fileName`, its English the issue's file).
void fail(GameFile::Loaded &out, const DataIssue &issue, const DataText &fileName)
{
    out.error = issue.toString();
    out.why = issue.sentence(fileName);
}

} // namespace

QString GameFile::Loaded::localError() const
{
    return why.isEmpty() ? error : why.translated();
}

GameFile::Loaded GameFile::parse(const QByteArray &json, const DataText &name)
{
    try {
        return parseUnchecked(json, name);
    } catch (const std::exception &e) {
        // A shape no check foresaw: refused, never a crash (docs/reliability.md).
        Loaded out;
        fail(out,
             DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: cannot read the game: %2"),
                          {name, QString::fromLocal8Bit(e.what())}));
        return out;
    }
}

GameFile::Loaded GameFile::parseUnchecked(const QByteArray &json, const DataText &name)
{
    Loaded out;
    if (json.size() > kMaxBytes) {
        fail(out,
             DataText::of(
                 QT_TRANSLATE_NOOP("jw::Data", "%1: the file is too big: %2 bytes, at most %3"),
                 {name, json.size(), kMaxBytes}));
        return out;
    }
    QJsonParseError perr;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &perr);
    if (perr.error != QJsonParseError::NoError) {
        // Line and column of the offset, for the message.
        const QByteArray head = json.left(perr.offset);
        const int line = int(head.count('\n')) + 1;
        const int column = int(perr.offset - head.lastIndexOf('\n'));
        fail(out,
             DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1:%2:%3: not valid JSON: %4"),
                          {name, line, column, perr.errorString()}));
        return out;
    }
    if (!doc.isObject()) {
        fail(out,
             DataText::of(
                 QT_TRANSLATE_NOOP("jw::Data", "%1: not a jwfleet game file (a JSON object)"),
                 {name}));
        return out;
    }
    const QJsonObject root = doc.object();
    if (root.value(QStringLiteral("format")).toString() != QLatin1String("jwfleet-game")) {
        fail(out,
             DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: not a jwfleet game file"), {name}));
        return out;
    }
    if (root.value(QStringLiteral("schema_version")).toInt() > kSchemaVersion) {
        fail(out,
             DataText::of(
                 QT_TRANSLATE_NOOP("jw::Data",
                                   "%1: schema_version %2 is newer than this program "
                                   "reads (%3)"),
                 {name, root.value(QStringLiteral("schema_version")).toInt(), kSchemaVersion}));
        return out;
    }
    const QJsonObject so = root.value(QStringLiteral("setup")).toObject();
    GameSetup setup;
    setup.rules = so.value(QStringLiteral("rules")).toString();
    setup.scenario = so.value(QStringLiteral("scenario")).toString();
    if (so.contains(QStringLiteral("scenario_rules"))) {
        const ScenarioFile sf = ScenarioLoader::parse(
            QJsonDocument(so.value(QStringLiteral("scenario_rules")).toObject())
                .toJson(QJsonDocument::Compact),
            name.english() + QStringLiteral(" (scenario)"));
        if (!sf.ok()) {
            if (sf.issues.empty())
                fail(out, DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: bad scenario"), {name}));
            else // the issue's file is "NAME (scenario)"
                fail(out, sf.issues.front(),
                     DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1 (scenario)"), {name}));
            return out;
        }
        setup.scenarioRules = *sf.scenario;
    }
    setup.turns = so.value(QStringLiteral("turns")).toInt(7);
    const QJsonValue initiativeValue = so.value(QStringLiteral("initiative"));
    if (initiativeValue.isDouble() && initiativeValue.toDouble() != 0
        && initiativeValue.toDouble() != 1) {
        fail(out,
             DataText::of(
                 QT_TRANSLATE_NOOP("jw::Data", "%1: setup: 'initiative' must be 0, 1 or random"),
                 {name}));
        return out;
    }
    if (so.contains(QStringLiteral("corner")))
        setup.corner = TableCorner(std::clamp(so.value(QStringLiteral("corner")).toInt(), 0, 3));
    if (so.contains(QStringLiteral("escape_edge")))
        setup.escapeEdge
            = TableEdge(std::clamp(so.value(QStringLiteral("escape_edge")).toInt(), 0, 3));
    setup.seed = so.value(QStringLiteral("seed")).toString().toULongLong();
    if (so.contains(QStringLiteral("table"))) {
        const auto t = tableKindFromId(so.value(QStringLiteral("table")).toString());
        if (!t) {
            fail(out,
                 DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                "%1: setup: 'table' must be digital or physical"),
                              {name}));
            return out;
        }
        setup.table = *t;
    }
    if (so.contains(QStringLiteral("typed_dice"))
        && !so.value(QStringLiteral("typed_dice")).isBool()) {
        fail(out,
             DataText::of(
                 QT_TRANSLATE_NOOP("jw::Data", "%1: setup: 'typed_dice' must be true or false"),
                 {name}));
        return out;
    }
    setup.typedDice = so.value(QStringLiteral("typed_dice")).toBool();
    const QJsonValue ini = so.value(QStringLiteral("initiative"));
    if (ini.isDouble())
        setup.initiative = ini.toInt();
    const QJsonArray players = so.value(QStringLiteral("players")).toArray();
    if (players.size() != 2) {
        fail(out,
             DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: a game has two players"), {name}));
        return out;
    }
    for (int p = 0; p < 2; ++p) {
        const QJsonObject po = players[p].toObject();
        setup.players[std::size_t(p)]
            = PlayerSetup {po.value(QStringLiteral("name")).toString(),
                           fleetFrom(po.value(QStringLiteral("fleet")).toObject())};
        const PlayerSetup &ps = setup.players[std::size_t(p)];
        DataText why = io::nameProblemText(ps.name);
        for (const FleetEntry &e : ps.fleet.entries)
            if (why.isEmpty())
                why = io::nameProblemText(e.name);
        if (!why.isEmpty()) {
            fail(out,
                 DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: player %2: a name %3"),
                              {name, p, why}));
            return out;
        }
        if (po.contains(QStringLiteral("computer"))) {
            const QJsonValue cv = po.value(QStringLiteral("computer"));
            if (!cv.isString() || !aiLevelFromId(cv.toString())) {
                fail(out,
                     DataText::of(
                         QT_TRANSLATE_NOOP(
                             "jw::Data",
                             "%1: player %2: 'computer' must be random, greedy, careful or expert"),
                         {name, p}));
                return out;
            }
            setup.players[std::size_t(p)].computer = cv.toString();
        }
    }
    for (const QJsonValue &uv : so.value(QStringLiteral("units")).toArray()) {
        DataText err;
        auto u = unitFromJson(uv.toObject(), nullptr, &err);
        if (!u) {
            fail(out, DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: %2"), {name, err}));
            return out;
        }
        setup.units[u->id] = *u;
    }
    for (const PlayerSetup &p : setup.players)
        for (const FleetEntry &e : p.fleet.entries)
            if (!setup.unit(e.unitId)) {
                fail(out,
                     DataText::of(
                         QT_TRANSLATE_NOOP("jw::Data", "%1: the file lacks the unit card of '%2'"),
                         {name, e.unitId}));
                return out;
            }
    for (const QJsonValue &tv : so.value(QStringLiteral("terrain")).toArray()) {
        DataText err;
        auto t = terrainFromJson(tv.toObject(), nullptr, &err);
        if (!t) {
            fail(out, DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: terrain: %2"), {name, err}));
            return out;
        }
        setup.terrain.push_back(*t);
    }
    for (const QJsonValue &sv : so.value(QStringLiteral("starts")).toArray())
        setup.starts.push_back(startFrom(sv.toObject()));
    setup.startTurn = so.value(QStringLiteral("start_turn")).toInt(1);
    setup.startPhase
        = so.value(QStringLiteral("start_phase")).toString(QStringLiteral("deployment"));

    std::vector<GameRecordEntry> history;
    const QJsonArray commands = root.value(QStringLiteral("commands")).toArray();
    for (int i = 0; i < commands.size(); ++i) {
        const QJsonObject co = commands[i].toObject();
        DataText err;
        auto c = commandFromJson(co, nullptr, &err);
        if (!c) {
            fail(out,
                 DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: command %2: %3"),
                              {name, i + 1, err}));
            return out;
        }
        GameRecordEntry e {*c, co.value(QStringLiteral("player")).toInt(), {}};
        if (e.player != 0 && e.player != 1) {
            fail(out,
                 DataText::of(
                     QT_TRANSLATE_NOOP("jw::Data", "%1: command %2 (%3): 'player' must be 0 or 1"),
                     {name, i + 1, commandId(*c)}));
            return out;
        }
        const DataText where = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "command %1 (%2)"),
                                            {i + 1, commandId(*c)});
        if (auto why = faces(co.value(QStringLiteral("dice")), &e.dice)) {
            fail(out,
                 DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: %2: %3"), {name, where, *why}));
            return out;
        }
        if (co.contains(QStringLiteral("reason"))) {
            const QJsonValue rv = co.value(QStringLiteral("reason"));
            const DataText why = rv.isString()
                ? io::textProblemText(rv.toString(), 2000)
                : DataText::of(QT_TRANSLATE_NOOP("jw::Data", "is not text"));
            if (!why.isEmpty()) {
                fail(out,
                     DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: %2: the reason %3"),
                                  {name, where, why}));
                return out;
            }
            e.reason = Message::plain(rv.toString());
            // Its typed form, when it says the same (a file of another version, a key this
            // program does not know: the English, as before).
            if (const auto typed = Message::fromJson(co.value(QStringLiteral("reason_message")));
                typed && typed->english() == rv.toString())
                e.reason = *typed;
        }
        history.push_back(e);
    }
    if (auto why = setup.checkText()) {
        fail(out, DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: setup: %2"), {name, *why}));
        return out;
    }
    if (root.value(QStringLiteral("dice")).toString() == QLatin1String("recorded")) {
        std::vector<int> startDice;
        if (auto why = faces(root.value(QStringLiteral("start_dice")), &startDice)) {
            fail(out,
                 DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: start_dice: %2"), {name, *why}));
            return out;
        }
        out.dice = std::make_unique<ScriptedDiceSource>(startDice);
    }
    // A masked game saved before its end (its record, and the other side's hidden models as
    // stand-ins): its setup is the masked one, where a stand-in may be Embarked sealed.
    if (root.contains(QStringLiteral("masked")))
        for (const PlayerSetup &p : setup.players)
            for (const FleetEntry &e : p.fleet.entries)
                setup.masked = setup.masked || isStandInUnit(e.unitId);
    auto game = std::make_unique<Game>(setup, out.dice.get());
    if (const auto &r = game->startRejection()) {
        fail(out,
             DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: start_dice: %2"),
                          {name, r->message()}));
        return out;
    }
    DataText replayed;
    if (game->replay(history, &replayed)) {
        fail(out, DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: %2"), {name, replayed}));
        return out;
    }
    const QJsonObject snapshot = root.value(QStringLiteral("snapshot")).toObject();
    if (!snapshot.isEmpty() && snapshot != stateToJson(game->engine(), game->state())) {
        fail(out,
             DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                            "%1: replaying the commands does not give the saved "
                                            "state: the rules changed since the game was saved"),
                          {name}));
        return out;
    }
    if (root.contains(QStringLiteral("dice_exchanges"))) {
        const QJsonValue xv = root.value(QStringLiteral("dice_exchanges"));
        if (!xv.isArray()) {
            fail(out,
                 DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: dice_exchanges must be a list"),
                              {name}));
            return out;
        }
        std::vector<DiceExchange> exchanges;
        const QJsonArray xa = xv.toArray();
        for (qsizetype k = 0; k < xa.size(); ++k) {
            DataText why;
            auto x = exchangeFrom(xa.at(k), &why);
            if (!x) {
                fail(out,
                     DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: dice exchange %2: %3"),
                                  {name, k + 1, why}));
                return out;
            }
            exchanges.push_back(*x);
        }
        game->setDiceExchanges(std::move(exchanges));
    }
    if (root.contains(QStringLiteral("sealed_choices"))) {
        const QJsonValue sv = root.value(QStringLiteral("sealed_choices"));
        if (!sv.isArray()) {
            fail(out,
                 DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: sealed_choices must be a list"),
                              {name}));
            return out;
        }
        std::vector<SealedChoice> sealed;
        const QJsonArray sa = sv.toArray();
        for (qsizetype k = 0; k < sa.size(); ++k) {
            DataText why;
            auto x = sealedFrom(sa.at(k), &why);
            if (!x) {
                fail(out,
                     DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: sealed choice %2: %3"),
                                  {name, k + 1, why}));
                return out;
            }
            sealed.push_back(*x);
        }
        game->setSealedChoices(std::move(sealed));
    }
    if (root.contains(QStringLiteral("masked"))) {
        DataText why;
        auto m = maskedFrom(root.value(QStringLiteral("masked")), &why);
        if (!m) {
            fail(out, DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: masked: %2"), {name, why}));
            return out;
        }
        game->setMaskedRecord(std::move(m));
    }
    if (root.contains(QStringLiteral("masked_secrets"))) {
        DataText why;
        auto m = maskedSecretsFrom(root.value(QStringLiteral("masked_secrets")), &why);
        if (!m) {
            fail(
                out,
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: masked_secrets: %2"), {name, why}));
            return out;
        }
        game->setMaskedSecrets(std::move(m));
    }
    if (root.contains(QStringLiteral("sealed_pending"))) {
        DataText why;
        auto p = sealedPendingFrom(root.value(QStringLiteral("sealed_pending")), &why);
        if (!p) {
            fail(
                out,
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: sealed_pending: %2"), {name, why}));
            return out;
        }
        game->setSealedPending(std::move(p));
    }
    if (root.contains(QStringLiteral("dice_pending"))) {
        DataText why;
        auto p = dicePendingFrom(root.value(QStringLiteral("dice_pending")), &why);
        if (!p) {
            fail(out,
                 DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: dice_pending: %2"), {name, why}));
            return out;
        }
        game->setDicePending(std::move(p));
    }
    if (root.contains(QStringLiteral("network"))) {
        DataText why;
        auto seat = networkFrom(root.value(QStringLiteral("network")), &why);
        if (!seat) {
            fail(out, DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: %2"), {name, why}));
            return out;
        }
        game->setNetwork(std::move(seat));
    }
    out.game = std::move(game);
    return out;
}

GameFile::Loaded GameFile::read(const QString &path)
{
    const io::InputFile in = io::readFile(path, kMaxBytes);
    if (!in.ok()) {
        Loaded out;
        fail(out, DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: %2"), {path, in.error}));
        return out;
    }
    return parse(in.bytes, path);
}

} // namespace jw
