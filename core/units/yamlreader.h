// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "units/dataissue.h"

#include <QString>
#include <QStringList>

#include <yaml-cpp/yaml.h>

#include <limits>
#include <optional>
#include <vector>

namespace jw {

// Reads one YAML file, collecting every problem with its line and column
// instead of stopping at the first. Shared by the unit loader, the fleet file
// reader and the game script reader, so that all of them word the same
// mistake the same way.
class YamlReader
{
public:
    explicit YamlReader(QString file);

    std::vector<DataIssue> issues;

    [[nodiscard]] const QString &file() const { return m_file; }

    // The document in `yaml`; nullopt, with the problem reported, when it is
    // not valid YAML, holds nothing or breaks the limits of io::loadYaml
    // (aliases, size, nesting).
    std::optional<YAML::Node> load(const QByteArray &yaml);

    void error(const YAML::Mark &mark, const DataText &message);
    void error(const YAML::Node &node, const DataText &message);

    // `map` is a map whose keys are all in `allowed`, each once. Unknown and
    // duplicate keys are reported; false only when `map` is not a map at all.
    bool checkMap(const YAML::Node &map, const QStringList &allowed, const DataText &what);

    // The value node of `key` in `map`, or an undefined node.
    static YAML::Node value(const YAML::Node &map, const char *key);
    static bool present(const YAML::Node &map, const char *key)
    {
        return value(map, key).IsDefined();
    }

    void missing(const YAML::Node &map, const char *key, const DataText &what);

    // A text value; `allowEmpty` accepts "" and a null (read as empty).
    std::optional<QString> text(const YAML::Node &map, const char *key, const DataText &what,
                                bool required, bool allowEmpty = false);

    // A whole number from `min` to `max`; `name` is the key as the user wrote it.
    std::optional<int> integerNode(const YAML::Node &v, const QString &name, int min,
                                   int max = std::numeric_limits<int>::max());
    std::optional<int> integer(const YAML::Node &map, const char *key, const DataText &what,
                               bool required, int min = 0,
                               int max = std::numeric_limits<int>::max());

    // true/false/yes/no; nullopt (no error) when the key is absent.
    std::optional<bool> boolean(const YAML::Node &map, const char *key);

    static constexpr int kAnyInt = std::numeric_limits<int>::min();

private:
    QString m_file;
};

} // namespace jw
