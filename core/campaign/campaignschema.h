// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

namespace jw {

// The campaign database schema as numbered migrations. Migration N turns a
// version N-1 database into version N (1 creates the tables). The SQL of
// every version stays here unchanged, so that tests can build a database of
// any earlier version and open it with the current program. A new version
// appends a migration; never edit a released one.
class CampaignSchema
{
public:
    enum class Dialect {
        Sqlite,
        Postgres
    };

    // The schema version this program writes.
    static constexpr int kVersion = 4;

    // The statements of migration `version` (1..kVersion) for `dialect`.
    [[nodiscard]] static QStringList migration(int version, Dialect dialect);
};

} // namespace jw
