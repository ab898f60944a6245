// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/messageids.h"
#include "engine/messagetext.h"
#include "units/datatext.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QLocale>

#include <cmath>

#include <array>

namespace jw {

namespace {

struct Entry
{
    const char *key;
    const char *source;
};

constexpr std::array<Entry, std::size_t(MsgId::Count)> kCatalogue {{
    {"None", ""},
#define JW_MESSAGE(id, text) {#id, text},
#include JW_MESSAGE_LIST
#undef JW_MESSAGE
}};

// QT_TRANSLATE_NOOP in the list expands to its text; this is its context.
constexpr const char *kContext = "jw::Engine";

} // namespace

MessageArg::MessageArg(const QString &text)
    : text(text)
{ }

MessageArg::MessageArg(const Message &m)
{
    // A plain message (a name, a data file's sentence) is its text: the same argument as
    // that text, and as what toJson()/fromJson() make of it.
    if (m.id() == MsgId::None)
        text = m.english();
    else
        nested = {m};
}

MessageArg::MessageArg(const Decimal &d)
    : text(d.text)
    , decimal(true)
{ }

Decimal decimal(double value, int places, QStringView suffix, bool fixed)
{
    if (fixed)
        return {QString::number(value, 'f', places) + suffix};
    const double scale = std::pow(10.0, places);
    return {QString::number(std::round(value * scale) / scale) + suffix};
}

namespace {

// A Decimal's English in the application's locale: its one "." becomes the locale's
// decimal point (the digits are the same in every language the program speaks).
QString localized(const QString &english)
{
    const QString point = QLocale().decimalPoint();
    if (point == QLatin1String("."))
        return english;
    QString out = english;
    const qsizetype dot = out.indexOf(QLatin1Char('.'));
    if (dot >= 0)
        out.replace(dot, 1, point);
    return out;
}

} // namespace

bool operator==(const MessageArg &a, const MessageArg &b)
{
    return a.text == b.text && a.nested == b.nested;
}

Message::Message(MsgId id, std::initializer_list<MessageArg> args)
    : m_id(id)
    , m_args(args)
{ }

Message::Message(MsgId id, std::vector<MessageArg> args)
    : m_id(id)
    , m_args(std::move(args))
{ }

Message Message::plain(const QString &text)
{
    Message m;
    m.m_plain = text;
    return m;
}

const char *Message::key(MsgId id)
{
    return std::size_t(id) < kCatalogue.size() ? kCatalogue[std::size_t(id)].key : "";
}

const char *Message::source(MsgId id)
{
    return std::size_t(id) < kCatalogue.size() ? kCatalogue[std::size_t(id)].source : "";
}

MsgId Message::fromKey(QStringView key)
{
    for (std::size_t i = 1; i < kCatalogue.size(); ++i)
        if (key == QLatin1String(kCatalogue[i].key))
            return MsgId(i);
    return MsgId::Count;
}

QString Message::english() const
{
    return format(false);
}

QString Message::translated() const
{
    return format(true);
}

QString Message::format(bool translate) const
{
    if (m_id == MsgId::None)
        return m_plain;
    const char *src = source(m_id);
    const QString tmpl
        = translate ? QCoreApplication::translate(kContext, src) : QString::fromUtf8(src);
    return substituteArgs(tmpl, int(m_args.size()), [&](int index) {
        const MessageArg &a = m_args[std::size_t(index - 1)];
        if (!a.nested.empty())
            return a.nested.front().format(translate);
        return translate && a.decimal ? localized(a.text) : a.text;
    });
}

namespace {

// The sentence in DataText::toJson()'s form: the engine's template as its key, each argument
// its English text or such an object (a Decimal as DataText::decimal's, or `decimals` false:
// its English).
QJsonValue dataJson(const Message &m, bool decimals)
{
    if (m.id() == MsgId::None)
        return m.english();
    QJsonObject o {{QStringLiteral("key"), QString::fromUtf8(Message::source(m.id()))}};
    if (!m.args().empty()) {
        QJsonArray args;
        for (const MessageArg &a : m.args())
            args.append(!a.nested.empty()           ? dataJson(a.nested.front(), decimals)
                            : a.decimal && decimals ? DataText::decimal(a.text).toJson()
                                                    : QJsonValue(a.text));
        o.insert(QStringLiteral("args"), args);
    }
    return o;
}

} // namespace

DataText messageText(const Message &m)
{
    if (auto t = DataText::fromJson(dataJson(m, true)))
        return *t;
    // One level less deep: its decimals as their English.
    if (auto t = DataText::fromJson(dataJson(m, false)))
        return *t;
    return DataText::localized(m.english(), m.translated()); // too long or nested too deep
}

QJsonValue Message::toJson() const
{
    if (m_id == MsgId::None)
        return m_plain;
    QJsonObject o {{QStringLiteral("key"), QLatin1String(key(m_id))}};
    if (!m_args.empty()) {
        QJsonArray args;
        for (const MessageArg &a : m_args) {
            if (!a.nested.empty())
                args.append(a.nested.front().toJson());
            else if (a.decimal)
                args.append(QJsonObject {{QStringLiteral("decimal"), a.text}});
            else
                args.append(a.text);
        }
        o.insert(QStringLiteral("args"), args);
    }
    return o;
}

namespace {

constexpr int kMaxJsonArgs = 20;
constexpr int kMaxJsonDepth = 4;
// The messages and the characters of text one reason may hold (a reason is at most 2,000
// characters): a damaged file cannot have the reader build a huge sentence.
constexpr int kMaxJsonNodes = 200;
constexpr qsizetype kMaxJsonText = 4000;

struct Budget
{
    int nodes = 0;
    qsizetype text = 0;
    [[nodiscard]] bool take(qsizetype chars)
    {
        text += chars;
        return ++nodes <= kMaxJsonNodes && text <= kMaxJsonText;
    }
};

std::optional<Message> messageFromJson(const QJsonValue &value, int depth, Budget &budget)
{
    if (!budget.take(value.isString() ? value.toString().size() : 0))
        return std::nullopt;
    if (value.isString())
        return Message::plain(value.toString());
    if (!value.isObject() || depth >= kMaxJsonDepth)
        return std::nullopt;
    const QJsonObject o = value.toObject();
    for (auto it = o.begin(); it != o.end(); ++it)
        if (it.key() != QLatin1String("key") && it.key() != QLatin1String("args"))
            return std::nullopt;
    const QJsonValue args = o.value(QStringLiteral("args"));
    const MsgId id = Message::fromKey(o.value(QStringLiteral("key")).toString());
    if (id == MsgId::Count || id == MsgId::None || !(args.isUndefined() || args.isArray())
        || args.toArray().size() > kMaxJsonArgs)
        return std::nullopt;
    std::vector<MessageArg> out;
    for (const QJsonValue &a : args.toArray()) {
        if (a.isString()) {
            if (!budget.take(a.toString().size()))
                return std::nullopt;
            out.emplace_back(a.toString());
            continue;
        }
        const QJsonObject ao = a.toObject();
        if (ao.size() == 1 && ao.value(QStringLiteral("decimal")).isString()) {
            if (!budget.take(ao.value(QStringLiteral("decimal")).toString().size()))
                return std::nullopt;
            out.emplace_back(Decimal {ao.value(QStringLiteral("decimal")).toString()});
            continue;
        }
        auto nested = messageFromJson(a, depth + 1, budget);
        if (!nested)
            return std::nullopt;
        out.emplace_back(*nested);
    }
    return Message(id, std::move(out));
}

} // namespace

std::optional<Message> Message::fromJson(const QJsonValue &value)
{
    Budget budget;
    return messageFromJson(value, 0, budget);
}

bool operator==(const Message &a, const Message &b)
{
    return a.m_id == b.m_id && a.m_plain == b.m_plain && a.m_args == b.m_args;
}

} // namespace jw
