// SPDX-License-Identifier: GPL-3.0-or-later
#include "units/datatext.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QLocale>
#include <QStringList>

#include <algorithm>
#include <optional>
#include <utility>

namespace jw {

namespace {

// The context of the engine's sentences (engine/message.cpp).
constexpr const char *kEngineContext = "jw::Engine";

// What fromJson() reads at most: the English it writes (an error's text is at most 2,000).
constexpr qsizetype kMaxJsonChars = 10'000;

// The template of a number with a decimal point (decimal()): in no catalogue, written with
// the locale's decimal point.
constexpr const char *kDecimalKey = "%1.%2";

} // namespace

DataText DataText::of(const char *source, std::initializer_list<DataText> args)
{
    DataText t;
    t.m_source = source;
    t.m_args.assign(args.begin(), args.end());
    return t;
}

DataText DataText::localized(const QString &english, const QString &local)
{
    DataText t(english);
    t.m_local = local;
    t.m_hasLocal = true;
    return t;
}

DataText DataText::decimal(const QString &english)
{
    const qsizetype dot = english.indexOf(QLatin1Char('.'));
    if (dot < 0)
        return DataText(english);
    DataText t;
    t.m_source = kDecimalKey;
    t.m_args = {DataText(english.left(dot)), DataText(english.mid(dot + 1))};
    return t;
}

DataText DataText::joined(const std::vector<DataText> &parts, const QString &separator)
{
    if (parts.size() == 1)
        return parts.front();
    if (parts.empty() || int(parts.size()) > kMaxJsonArgs || separator.contains(QLatin1Char('%'))) {
        QStringList english, local;
        for (const DataText &p : parts) {
            english << p.english();
            local << p.translated();
        }
        return localized(english.join(separator), local.join(separator));
    }
    QString key;
    for (std::size_t i = 0; i < parts.size(); ++i)
        key += (i > 0 ? separator : QString()) + QLatin1Char('%') + QString::number(i + 1);
    DataText t;
    t.m_key = key.toUtf8();
    t.m_args = parts;
    return t;
}

bool DataText::isDecimal() const
{
    const char *src = source();
    return src != nullptr && qstrcmp(src, kDecimalKey) == 0 && m_args.size() == 2;
}

DataText DataText::withPlainDecimals() const
{
    if (isDecimal())
        return DataText(english());
    DataText t = *this;
    for (DataText &a : t.m_args)
        a = a.withPlainDecimals();
    return t;
}

QJsonValue DataText::toJson() const
{
    const char *src = source();
    if (src == nullptr)
        return m_plain;
    QJsonObject o {{QStringLiteral("key"), QString::fromUtf8(src)}};
    if (!m_args.empty()) {
        QJsonArray args;
        for (const DataText &a : m_args)
            args.append(a.toJson());
        o.insert(QStringLiteral("args"), args);
    }
    return o;
}

namespace {

// A placeholder "%N" (N 1 to 99, no leading 0) at `i` of `tmpl`: its number N and the index
// after it; nullopt when there is none. The one reading of a placeholder, for substituteArgs
// and for englishLength.
std::optional<std::pair<int, qsizetype>> placeholderAt(const QString &tmpl, qsizetype i)
{
    const qsizetype n = tmpl.size();
    if (tmpl.at(i) != QLatin1Char('%') || i + 1 >= n || !tmpl.at(i + 1).isDigit()
        || tmpl.at(i + 1) == QLatin1Char('0'))
        return std::nullopt;
    int index = tmpl.at(i + 1).digitValue();
    qsizetype end = i + 2;
    if (end < n && tmpl.at(end).isDigit()) {
        index = index * 10 + tmpl.at(end).digitValue();
        ++end;
    }
    return std::pair {index, end};
}

// The length of the English that toJson()'s form `v` writes, computed without writing it
// (a template repeating "%1" over nested arguments would otherwise grow exponentially);
// anything over `cap`, or nested too deep, is cap + 1.
qsizetype englishLength(const QJsonValue &v, qsizetype cap, int depth)
{
    if (v.isString())
        return std::min(v.toString().size(), cap + 1);
    if (depth > DataText::kMaxJsonDepth)
        return cap + 1;
    const QJsonObject o = v.toObject();
    const QString tmpl = o.value(QStringLiteral("key")).toString();
    const QJsonArray args = o.value(QStringLiteral("args")).toArray();
    if (args.size() > DataText::kMaxJsonArgs)
        return cap + 1;
    std::vector<qsizetype> lengths;
    for (const QJsonValue &a : args)
        lengths.push_back(englishLength(a, cap, depth + 1));
    qsizetype total = 0;
    const qsizetype n = tmpl.size();
    for (qsizetype i = 0; i < n && total <= cap; ++i) {
        if (const auto p = placeholderAt(tmpl, i); p && p->first <= int(lengths.size())) {
            total += lengths[std::size_t(p->first - 1)];
            i = p->second - 1;
            continue;
        }
        ++total;
    }
    return std::min(total, cap + 1);
}

} // namespace

std::optional<DataText> DataText::fromJson(const QJsonValue &value)
{
    if (englishLength(value, kMaxJsonChars, 0) > kMaxJsonChars)
        return std::nullopt;
    return fromJson(value, 0);
}

std::optional<DataText> DataText::fromJson(const QJsonValue &value, int depth)
{
    if (value.isString())
        return DataText(value.toString());
    if (!value.isObject() || depth >= kMaxJsonDepth)
        return std::nullopt;
    const QJsonObject o = value.toObject();
    for (auto it = o.begin(); it != o.end(); ++it)
        if (it.key() != QLatin1String("key") && it.key() != QLatin1String("args"))
            return std::nullopt;
    const QJsonValue key = o.value(QStringLiteral("key"));
    const QJsonValue args = o.value(QStringLiteral("args"));
    if (!key.isString() || key.toString().isEmpty() || key.toString().size() > kMaxJsonKeyChars
        || !(args.isUndefined() || args.isArray()) || args.toArray().size() > kMaxJsonArgs)
        return std::nullopt;
    DataText t;
    t.m_key = key.toString().toUtf8();
    for (const QJsonValue &a : args.toArray()) {
        auto arg = fromJson(a, depth + 1);
        if (!arg)
            return std::nullopt;
        t.m_args.push_back(std::move(*arg));
    }
    return t;
}

QString DataText::format(bool translate) const
{
    const char *src = source();
    if (src == nullptr)
        return translate && m_hasLocal ? m_local : m_plain;
    QString tmpl = QString::fromUtf8(src);
    if (translate && isDecimal()) {
        // Not a sentence: the locale's decimal point (the digits are the same in every
        // language the program speaks).
        tmpl = QStringLiteral("%1") + QLocale().decimalPoint() + QStringLiteral("%2");
    } else if (translate) {
        const QString english = tmpl;
        tmpl = QCoreApplication::translate(kContext, src);
        // A key read by fromJson() may be one of the engine's sentences (its refusal of a
        // command nested in a refusal, engine/messagetext.h): not in "jw::Data", it is looked
        // up in the engine's catalogue.
        if (m_source == nullptr && tmpl == english)
            tmpl = QCoreApplication::translate(kEngineContext, src);
    }
    return substituteArgs(tmpl, int(m_args.size()), [&](int index) {
        return m_args[std::size_t(index - 1)].format(translate);
    });
}

QString substituteArgs(const QString &tmpl, int count, const std::function<QString(int)> &argument)
{
    QString out;
    out.reserve(tmpl.size() + 32);
    const qsizetype n = tmpl.size();
    for (qsizetype i = 0; i < n; ++i) {
        if (const auto p = placeholderAt(tmpl, i); p && p->first <= count) {
            out += argument(p->first);
            i = p->second - 1;
            continue;
        }
        out += tmpl.at(i);
    }
    return out;
}

} // namespace jw
