// SPDX-License-Identifier: GPL-3.0-or-later
#include "units/dataissuerule.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>

#include <array>
#include <utility>

namespace jw {

namespace {

// The rule of the first sentence (the issue's, then its arguments') that has one; "%1" in a
// rule is the sentence's first argument (a trait's name).
QString ruleOf(const QJsonValue &sentence, int depth)
{
    // One line per kind of sentence the unit loader writes (unitloader.cpp).
    static const std::array<std::pair<const char *, const char *>, 10> rules {{
        {"unknown trait '%1'", "Traits"},
        {"'%1' is a model trait, not a weapon trait", "Traits › %1"},
        {"'%1' is a weapon trait: put it on a weapon", "Traits › %1"},
        {"'%1' needs a value: '%1: X'", "Traits › %1"},
        {"'%1' takes no value", "Traits › %1"},
        {"'%1': only a System Trait has boxes", "Traits"},
        {"unknown weapon class '%1' (known: %2)", "Weapons"},
        {"only a Lance rolls the model's Skill", "Weapons › Lance"},
        {"squadron weapons have no arcs", "Attack › Model Arcs"},
        {"unknown rules version '%1' (known: %2)", "profiles"},
    }};
    if (depth > 8 || !sentence.isObject())
        return {};
    const QJsonObject o = sentence.toObject();
    const QString key = o.value(QStringLiteral("key")).toString();
    const QJsonArray args = o.value(QStringLiteral("args")).toArray();
    for (const auto &[k, rule] : rules) {
        if (key != QLatin1String(k))
            continue;
        QString r = QString::fromUtf8(rule);
        if (r.contains(QLatin1String("%1"))) {
            const QJsonValue first = args.isEmpty() ? QJsonValue() : args.first();
            if (!first.isString() || first.toString().isEmpty())
                return QStringLiteral("Traits");
            r.replace(QLatin1String("%1"), first.toString());
        }
        return r;
    }
    for (const QJsonValue &a : args)
        if (const QString r = ruleOf(a, depth + 1); !r.isEmpty())
            return r;
    return {};
}

} // namespace

QString dataIssueRule(const DataIssue &issue)
{
    if (issue.text.isEmpty())
        return {};
    return ruleOf(issue.text.toJson(), 0);
}

} // namespace jw
