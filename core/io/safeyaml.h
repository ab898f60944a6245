// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "units/dataissue.h"

#include <QByteArray>
#include <QString>

#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>
#include <vector>

namespace jw::io {

// What one YAML document may hold. Every file jwfleet reads is written by a
// person or by jwfleet itself, so none needs anchors and aliases; refusing
// them removes "billion laughs" (a few hundred bytes that expand to billions
// of nodes in any code that walks the tree). The other limits bound memory
// and time to the size of the file.
struct YamlLimits
{
    qsizetype maxBytes = 8 * 1024 * 1024;
    int maxNodes = 200'000;
    int maxDepth = 64;
};

// An error in `file` at `mark` (line and column 1-based; none for a null mark).
[[nodiscard]] DataIssue issueAt(const QString &file, const YAML::Mark &mark,
                                const DataText &message);

// A yaml-cpp exception's message as a sentence: the parser's messages a file written by hand
// runs into ("end of map not found") translated, their English the library's text byte for
// byte; any other message (or another library version's wording) as plain text.
[[nodiscard]] DataText yamlParserMessage(const std::string &message);

// Parses the first document of `yaml`. On any problem (not YAML, an alias or
// anchor, too big, too many nodes, nested too deeply, empty) returns nullopt
// and appends one error naming `file`, and the line and column where known.
// Never throws.
[[nodiscard]] std::optional<YAML::Node> loadYaml(const QByteArray &yaml, const QString &file,
                                                 std::vector<DataIssue> &issues,
                                                 const YamlLimits &limits = {});

} // namespace jw::io
