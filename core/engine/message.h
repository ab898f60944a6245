// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

#include <initializer_list>
#include <optional>
#include <type_traits>
#include <vector>

class QJsonValue;

namespace jw {

// The engine's sentences (events, refusals, decisions) are typed: a MsgId from the
// one catalogue (messagelist.h, the enum in messageids.h) and its arguments. One formatter
// (message.cpp) turns them into text: English for files, the CLI and `play --json` (byte for byte
// the sentences of before), or translated for the UI (QCoreApplication::translate with the context
// "jw::Engine"; the templates are in translations/*.ts like the UI's).
//
// The ids are declared opaque here so that adding a sentence to the catalogue
// recompiles only the files that name one (they include engine/messageids.h).
enum class MsgId : quint16; // MsgId{} (0): no message

class Message;

// A number written with a decimal point, as a sentence's argument ("6.5", "12.25\""): the
// English (files, the CLI) keeps ".", a translated sentence writes the decimal point of the
// application's locale ("6,5\"" in German and French). Converts to its English text, so it
// may be used wherever a QString is.
struct Decimal
{
    QString text;
    operator QString() const { return text; } // NOLINT: implicit, the English
};
// `value` rounded to at most `places` decimals, trailing zeros dropped ("6", "6.5"), then
// `suffix` ("\"" for inches). `fixed`: always `places` decimals ("1.40").
[[nodiscard]] Decimal decimal(double value, int places, QStringView suffix = {},
                              bool fixed = false);

// An argument of a message: plain text (a name, a number, dice notation: never
// translated) or a nested message (a fragment or a term that is translated too).
struct MessageArg
{
    MessageArg(const QString &text); // NOLINT: implicit, as QString::arg takes it
    MessageArg(const char *) = delete; // a literal would escape translation
    MessageArg(double) = delete; // say how to write it (inches(), rounding.h)
    template<typename T>
    requires std::is_integral_v<T> &&(!std::is_same_v<T, bool>)
        MessageArg(T n) // NOLINT: as QString::arg(int)
        : MessageArg(QString::number(n))
    { }
    MessageArg(const Message &m); // NOLINT
    MessageArg(const Decimal &d); // NOLINT

    QString text;
    std::vector<Message> nested; // zero or one
    bool decimal = false; // `text` is a Decimal's English
};

class Message
{
public:
    Message() = default;
    Message(MsgId id, std::initializer_list<MessageArg> args = {});
    Message(MsgId id, std::vector<MessageArg> args);
    // Text that is not translated (a name, a sentence of the data files).
    [[nodiscard]] static Message plain(const QString &text);

    [[nodiscard]] MsgId id() const { return m_id; }
    [[nodiscard]] bool isEmpty() const { return m_id == MsgId {} && m_plain.isEmpty(); }
    [[nodiscard]] const std::vector<MessageArg> &args() const { return m_args; }

    // The sentence in English, as files, the CLI and `play --json` carry it.
    [[nodiscard]] QString english() const;
    // The sentence in the application's language.
    [[nodiscard]] QString translated() const;

    // The stable name of a message ("CapitalMoved"), for data and tests; its English
    // template ("%1 moves %2%3 ..."); MsgId::Count (messageids.h) when the name is
    // unknown.
    [[nodiscard]] static const char *key(MsgId id);
    [[nodiscard]] static const char *source(MsgId id);
    [[nodiscard]] static MsgId fromKey(QStringView key);

    // The message as JSON (a saved game's `reason_message`): {"key": its name
    // ("AiAttackBest"), "args": [...]} (args left out when none), each argument text, a
    // {"decimal": text} or a nested message; a plain message is its text. fromJson() reads it
    // back: nullopt for anything else (an unknown key, over 20 arguments, deeper than 4).
    [[nodiscard]] QJsonValue toJson() const;
    [[nodiscard]] static std::optional<Message> fromJson(const QJsonValue &value);

    friend bool operator==(const Message &a, const Message &b);

private:
    [[nodiscard]] QString format(bool translate) const;

    MsgId m_id = MsgId {};
    QString m_plain;
    std::vector<MessageArg> m_args;
};

bool operator==(const MessageArg &a, const MessageArg &b);

} // namespace jw
