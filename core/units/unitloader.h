// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "units/dataissue.h"
#include "units/unit.h"

#include <QByteArray>

#include <vector>

namespace jw {

struct FactionInfo
{
    QString id; // "jovian"
    QString name; // "Jovian Confederation"
    QString rulesVersion;
    QString file; // where it was read from, for messages
    friend bool operator==(const FactionInfo &, const FactionInfo &) = default;
};

// One faction file, read and checked. When it has any error, `units` is empty:
// a file with errors is never half-loaded.
struct FactionFile
{
    FactionInfo faction;
    std::vector<Unit> units;
    std::vector<DataIssue> issues;

    [[nodiscard]] bool hasErrors() const;
};

// The schema version this program reads (data/factions/README.md).
inline constexpr int kUnitSchemaVersion = 1;

// Reads faction YAML files (data/factions/README.md). Unknown keys, wrong types,
// missing fields, unknown weapon classes or traits and duplicate ids are errors
// naming file, line and column.
class UnitLoader
{
public:
    // `displayName` is used in messages ("data/factions/jovian.yaml").
    [[nodiscard]] static FactionFile parse(const QByteArray &yaml, const QString &displayName);
    [[nodiscard]] static FactionFile parseFile(const QString &path);
};

} // namespace jw
