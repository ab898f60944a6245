// SPDX-License-Identifier: GPL-3.0-or-later
#include "units/unitdatabase.h"

#include <QDir>
#include <QFile>

#include <algorithm>

namespace jw {

QStringList UnitDatabase::shippedFiles()
{
    return {QStringLiteral(":/data/factions/cega.yaml"),
            QStringLiteral(":/data/factions/jovian.yaml"),
            QStringLiteral(":/data/factions/venusian.yaml")};
}

UnitDatabase UnitDatabase::loadShipped()
{
    UnitDatabase db;
    for (const QString &res : shippedFiles()) {
        QFile f(res);
        const QString shown = res.mid(2); // "data/factions/cega.yaml"
        if (!f.open(QIODevice::ReadOnly)) {
            db.m_issues.push_back(DataIssue {shown, 0, 0,
                                             QStringLiteral("missing from the program"),
                                             DataIssue::Severity::Error});
            continue;
        }
        db.add(UnitLoader::parse(f.readAll(), shown));
    }
    return db;
}

UnitDatabase UnitDatabase::loadDirectory(const QString &dir)
{
    QDir d(dir);
    QStringList paths;
    const QStringList names
        = d.entryList({QStringLiteral("*.yaml"), QStringLiteral("*.yml")}, QDir::Files, QDir::Name);
    for (const QString &n : names)
        paths << d.filePath(n);
    UnitDatabase db = loadFiles(paths);
    if (!d.exists())
        db.m_issues.push_back(
            DataIssue {dir, 0, 0, QStringLiteral("no such folder"), DataIssue::Severity::Error});
    return db;
}

UnitDatabase UnitDatabase::loadFiles(const QStringList &paths)
{
    UnitDatabase db;
    for (const QString &p : paths)
        db.add(UnitLoader::parseFile(p));
    return db;
}

bool UnitDatabase::hasErrors() const
{
    return std::any_of(m_issues.begin(), m_issues.end(),
                       [](const DataIssue &i) { return i.isError(); });
}

bool UnitDatabase::add(FactionFile file)
{
    // Ids must be unique across every loaded file; a clash rejects the whole file.
    for (const Unit &u : file.units) {
        if (const Unit *other = unit(u.id)) {
            file.issues.push_back(
                DataIssue {u.source.file, u.source.line, u.source.column,
                           QStringLiteral("duplicate unit id '%1': already defined at %2:%3")
                               .arg(u.id, other->source.file)
                               .arg(other->source.line),
                           DataIssue::Severity::Error});
        }
    }
    if (!file.faction.id.isEmpty() && faction(file.faction.id) && !file.hasErrors()) {
        file.issues.push_back(DataIssue {file.faction.file, 0, 0,
                                         QStringLiteral("faction '%1' is already loaded from %2")
                                             .arg(file.faction.id, faction(file.faction.id)->file),
                                         DataIssue::Severity::Error});
    }
    const bool ok = !file.hasErrors();
    m_issues.insert(m_issues.end(), file.issues.begin(), file.issues.end());
    if (!ok)
        return false;
    m_factions.push_back(file.faction);
    for (Unit &u : file.units) {
        m_unitIndex.insert(u.id, m_units.size());
        m_units.push_back(std::move(u));
    }
    return true;
}

bool UnitDatabase::replaceUnit(Unit unit)
{
    const auto it = m_unitIndex.constFind(unit.id);
    if (it == m_unitIndex.cend())
        return false;
    m_units[*it] = std::move(unit);
    return true;
}

const Unit *UnitDatabase::unit(const QString &id) const
{
    const auto it = m_unitIndex.constFind(id);
    return it == m_unitIndex.cend() ? nullptr : &m_units[*it];
}

const FactionInfo *UnitDatabase::faction(const QString &id) const
{
    auto it = std::find_if(m_factions.begin(), m_factions.end(),
                           [&](const FactionInfo &f) { return f.id == id; });
    return it == m_factions.end() ? nullptr : &*it;
}

std::vector<const Unit *> UnitDatabase::unitsOf(const QString &factionId) const
{
    std::vector<const Unit *> out;
    for (const Unit &u : m_units) {
        if (u.faction == factionId)
            out.push_back(&u);
    }
    return out;
}

} // namespace jw
