// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "campaign/campaign.h"
#include "io/safeyaml.h"
#include "units/dataissue.h"

#include <QByteArray>
#include <QJsonObject>

#include <optional>
#include <vector>

namespace jw {

// A whole campaign as one readable file (docs/campaigns.md, "Export and
// import"): JSON or YAML with the same tree. For backups and for moving a
// campaign between databases (SQLite <-> PostgreSQL). Ids are kept, so that
// the history (which roster entry fought which battle) survives the move.
class CampaignFile
{
public:
    static constexpr int kSchemaVersion = 2; // 2: battles[i].luck

    enum class Format {
        Json,
        Yaml
    };
    // By the file name: .json is JSON, anything else YAML.
    [[nodiscard]] static Format formatOf(const QString &path);

    [[nodiscard]] static QJsonObject toJson(const CampaignData &data);
    [[nodiscard]] static QByteArray serialize(const CampaignData &data, Format format);
    // Through io::writeFile (atomic for a regular file). Empty on success, else why not.
    [[nodiscard]] static QString write(const CampaignData &data, const QString &path);

    struct Read
    {
        std::optional<CampaignData> data;
        std::vector<DataIssue> issues; // file:line:column (line and column for YAML)
        [[nodiscard]] bool ok() const { return data.has_value(); }
        [[nodiscard]] QString errorText() const;
        [[nodiscard]] QString localErrorText() const; // in the user's language
    };
    // What a campaign file may hold: big enough for an export of 10,000
    // battles; no aliases or anchors.
    [[nodiscard]] static io::YamlLimits limits();
    // JSON is read as JSON, anything else as YAML. Every key at every level
    // must be known, `players`, `battles` and `repairs` must be there (empty
    // lists are fine); any error and `data` is empty: a file is read whole or
    // not at all.
    [[nodiscard]] static Read parse(const QByteArray &bytes, const QString &displayName,
                                    Format format);
    [[nodiscard]] static Read read(const QString &path);
};

} // namespace jw
