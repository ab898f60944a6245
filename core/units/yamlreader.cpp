// SPDX-License-Identifier: GPL-3.0-or-later
#include "units/yamlreader.h"

#include "io/safeyaml.h"
#include "io/textcheck.h"

#include <QSet>

#include <utility>

namespace jw {

namespace {

QString str(const std::string &s)
{
    return QString::fromStdString(s);
}

} // namespace

YamlReader::YamlReader(QString file)
    : m_file(std::move(file))
{ }

std::optional<YAML::Node> YamlReader::load(const QByteArray &yaml)
{
    return io::loadYaml(yaml, m_file, issues);
}

void YamlReader::error(const YAML::Mark &mark, const DataText &message)
{
    issues.push_back(io::issueAt(m_file, mark, message));
}

void YamlReader::error(const YAML::Node &node, const DataText &message)
{
    error(node.Mark(), message);
}

bool YamlReader::checkMap(const YAML::Node &map, const QStringList &allowed, const DataText &what)
{
    if (!map.IsMap()) {
        error(map,
              DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1 must be a map of keys to values"),
                           {what}));
        return false;
    }
    QSet<QString> seen;
    for (auto it = map.begin(); it != map.end(); ++it) {
        const YAML::Node key = it->first;
        if (!key.IsScalar()) {
            error(key,
                  DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1: keys must be plain names"),
                               {what}));
            continue;
        }
        const QString k = str(key.Scalar());
        // Never echo a control character to the terminal (issue 14, item 11).
        if (const DataText p = io::nameProblemText(k, 100); !p.isEmpty()) {
            error(key, DataText::of(QT_TRANSLATE_NOOP("jw::Data", "a key of %1 %2"), {what, p}));
        } else if (!allowed.contains(k)) {
            error(
                key,
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "unknown key '%1' in %2 (allowed: %3)"),
                             {k, what, allowed.join(QStringLiteral(", "))}));
        } else if (seen.contains(k)) {
            error(
                key,
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "duplicate key '%1' in %2"), {k, what}));
        }
        seen.insert(k);
    }
    return true;
}

YAML::Node YamlReader::value(const YAML::Node &map, const char *key)
{
    if (map.IsMap()) {
        for (auto it = map.begin(); it != map.end(); ++it) {
            if (it->first.IsScalar() && it->first.Scalar() == key)
                return it->second;
        }
    }
    return YAML::Node(YAML::NodeType::Undefined);
}

void YamlReader::missing(const YAML::Node &map, const char *key, const DataText &what)
{
    error(map,
          DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1 lacks the required key '%2'"),
                       {what, str(key)}));
}

std::optional<QString> YamlReader::text(const YAML::Node &map, const char *key,
                                        const DataText &what, bool required, bool allowEmpty)
{
    const YAML::Node v = value(map, key);
    if (!v.IsDefined()) {
        if (required)
            missing(map, key, what);
        return std::nullopt;
    }
    if (allowEmpty && v.IsNull())
        return QString();
    if (!v.IsScalar() || (!allowEmpty && v.Scalar().empty())) {
        error(v,
              allowEmpty
                  ? DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'%1' must be a text"), {str(key)})
                  : DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'%1' must be a non-empty text"),
                                 {str(key)}));
        return std::nullopt;
    }
    return str(v.Scalar());
}

std::optional<int> YamlReader::integerNode(const YAML::Node &v, const QString &name, int min,
                                           int max)
{
    if (!v.IsScalar()) {
        error(v,
              DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'%1' must be a whole number"), {name}));
        return std::nullopt;
    }
    bool ok = false;
    const int n = str(v.Scalar()).toInt(&ok);
    if (!ok) {
        const QString text = str(v.Scalar());
        if (io::nameProblem(text, 100).isEmpty())
            error(
                v,
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'%1' must be a whole number, not '%2'"),
                             {name, text}));
        else
            error(
                v,
                DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'%1' must be a whole number"), {name}));
        return std::nullopt;
    }
    if (n < min) {
        error(v,
              DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'%1' must be at least %2, not %3"),
                           {name, min, n}));
        return std::nullopt;
    }
    if (n > max) {
        error(v,
              DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'%1' must be at most %2, not %3"),
                           {name, max, n}));
        return std::nullopt;
    }
    return n;
}

std::optional<int> YamlReader::integer(const YAML::Node &map, const char *key, const DataText &what,
                                       bool required, int min, int max)
{
    const YAML::Node v = value(map, key);
    if (!v.IsDefined()) {
        if (required)
            missing(map, key, what);
        return std::nullopt;
    }
    return integerNode(v, str(key), min, max);
}

std::optional<bool> YamlReader::boolean(const YAML::Node &map, const char *key)
{
    const YAML::Node v = value(map, key);
    if (!v.IsDefined())
        return std::nullopt;
    const QString s = v.IsScalar() ? str(v.Scalar()).toLower() : QString();
    if (s == QLatin1String("true") || s == QLatin1String("yes"))
        return true;
    if (s == QLatin1String("false") || s == QLatin1String("no"))
        return false;
    error(v, DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'%1' must be true or false"), {str(key)}));
    return std::nullopt;
}

} // namespace jw
