// SPDX-License-Identifier: GPL-3.0-or-later
#include "units/datatext.h"

#include <QCoreApplication>

namespace jw {

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

QString DataText::format(bool translate) const
{
    if (m_source == nullptr)
        return translate && m_hasLocal ? m_local : m_plain;
    const QString tmpl
        = translate ? QCoreApplication::translate(kContext, m_source) : QString::fromUtf8(m_source);
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
        const QChar c = tmpl.at(i);
        if (c == QLatin1Char('%') && i + 1 < n && tmpl.at(i + 1).isDigit()
            && tmpl.at(i + 1) != QLatin1Char('0')) {
            int index = tmpl.at(i + 1).digitValue();
            qsizetype end = i + 2;
            if (end < n && tmpl.at(end).isDigit()) {
                index = index * 10 + tmpl.at(end).digitValue();
                ++end;
            }
            if (index <= count) {
                out += argument(index);
                i = end - 1;
                continue;
            }
        }
        out += c;
    }
    return out;
}

} // namespace jw
