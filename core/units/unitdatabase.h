// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "units/unitloader.h"

#include <QHash>
#include <QStringList>

#include <vector>

namespace jw {

// The units of every faction, loaded from faction files. Ids are unique across
// files; a file with errors contributes nothing (and its issues are kept).
class UnitDatabase
{
public:
    UnitDatabase() = default;

    // The files compiled into the program (data/factions/*.yaml).
    [[nodiscard]] static UnitDatabase loadShipped();
    [[nodiscard]] static QStringList shippedFiles(); // resource paths
    // Every *.yaml file of a folder, sorted by name.
    [[nodiscard]] static UnitDatabase loadDirectory(const QString &dir);
    [[nodiscard]] static UnitDatabase loadFiles(const QStringList &paths);

    [[nodiscard]] const std::vector<FactionInfo> &factions() const { return m_factions; }
    [[nodiscard]] const std::vector<Unit> &units() const { return m_units; }
    [[nodiscard]] const std::vector<DataIssue> &issues() const { return m_issues; }
    [[nodiscard]] bool hasErrors() const;

    [[nodiscard]] const Unit *unit(const QString &id) const;
    [[nodiscard]] const FactionInfo *faction(const QString &id) const;
    [[nodiscard]] std::vector<const Unit *> unitsOf(const QString &factionId) const;

    // Adds a parsed file: checks ids against the units already loaded; on any
    // error nothing of the file is added. Returns whether it was added.
    bool add(FactionFile file);
    // Replaces the unit of the same id (the user data overlay, which is
    // checked before); false when there is no such unit.
    bool replaceUnit(Unit unit);

private:
    std::vector<FactionInfo> m_factions;
    std::vector<Unit> m_units;
    QHash<QString, std::size_t> m_unitIndex; // id -> m_units index: a fleet of thousands
    std::vector<DataIssue> m_issues;
};

} // namespace jw
