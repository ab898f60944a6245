// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/messageids.h"
#include "units/datatext.h"

#include <QCoreApplication>
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
    : nested {m}
{ }

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

bool operator==(const Message &a, const Message &b)
{
    return a.m_id == b.m_id && a.m_plain == b.m_plain && a.m_args == b.m_args;
}

} // namespace jw
