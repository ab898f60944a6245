// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fleet/fleet.h"
#include "units/dataissue.h"

#include <QByteArray>

#include <optional>
#include <vector>

namespace YAML {
class Node;
}

namespace jw {

// The fleet file schema this program reads and writes. A file without
// `schema_version` is version 1; a newer one is refused.
inline constexpr int kFleetSchemaVersion = 1;

// A fleet file read, or why it cannot be read. "Cannot be read" means its shape
// is wrong: not YAML, not a map, a required key (faction, points, units)
// missing, an unknown or duplicate key, a value of the wrong type. Values of the
// right type that name nothing known (a unit id, a carrier index, a rules
// profile, a faction) are read fine and left to validateFleet().
struct FleetFileResult
{
    std::optional<Fleet> fleet; // nullopt when the file cannot be read
    std::vector<DataIssue> issues; // with file, line and column

    [[nodiscard]] bool ok() const { return fleet.has_value(); }
    // Every issue, one "file:line:column: error: message" per line.
    [[nodiscard]] QString errorText() const;
    // The same in the user's language (the UI).
    [[nodiscard]] QString localErrorText() const;
};

struct FleetWriteResult
{
    QString error; // empty on success
    [[nodiscard]] bool ok() const { return error.isEmpty(); }
};

// `.jwfleet` files: human-readable YAML that diffs well.
//
//   schema_version: 1
//   name: Io Patrol            # optional
//   faction: jovian
//   points: 250
//   rules: v1.2.2              # optional, default v1.2.2
//   units:
//     - unit: valiant
//       name: JCS Vigilant     # optional custom name
//     - unit: pathfinder
//       embarked_on: 0         # optional: index (from 0) in this list of the carrier
//       upgrades: [ace-pilot]  # optional
//
// Writing always gives the same text for the same Fleet (keys in this order,
// schema_version and rules always written), and reading it back gives an equal Fleet.
class FleetFile
{
public:
    static inline const QString kSuffix = QStringLiteral("jwfleet");

    // `displayName` is used in messages ("lists/io-patrol.jwfleet").
    [[nodiscard]] static FleetFileResult parse(const QByteArray &yaml, const QString &displayName);
    [[nodiscard]] static FleetFileResult read(const QString &path);
    // A fleet written inside another YAML file (a game script's inline fleet):
    // the issues carry the lines and columns of that file.
    [[nodiscard]] static FleetFileResult fromNode(const YAML::Node &root,
                                                  const QString &displayName);

    [[nodiscard]] static QByteArray serialize(const Fleet &fleet);
    // Through io::OutputFile: an existing file is replaced only once the new one is complete.
    [[nodiscard]] static FleetWriteResult write(const Fleet &fleet, const QString &path);
};

} // namespace jw
