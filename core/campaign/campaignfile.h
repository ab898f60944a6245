#pragma once

#include "campaign/campaign.h"
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
    static constexpr int kSchemaVersion = 1;

    enum class Format {
        Json,
        Yaml
    };
    // By the file name: .json is JSON, anything else YAML.
    [[nodiscard]] static Format formatOf(const QString &path);

    [[nodiscard]] static QJsonObject toJson(const CampaignData &data);
    [[nodiscard]] static QByteArray serialize(const CampaignData &data, Format format);
    // Atomic (QSaveFile). Empty on success, else why not.
    [[nodiscard]] static QString write(const CampaignData &data, const QString &path);

    struct Read
    {
        std::optional<CampaignData> data;
        std::vector<DataIssue> issues; // file:line:column (line and column for YAML)
        [[nodiscard]] bool ok() const { return data.has_value(); }
        [[nodiscard]] QString errorText() const;
    };
    // JSON is read as JSON, anything else as YAML.
    [[nodiscard]] static Read parse(const QByteArray &bytes, const QString &displayName,
                                    Format format);
    [[nodiscard]] static Read read(const QString &path);
};

} // namespace jw
