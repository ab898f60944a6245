// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleetbuilder/fleetdocument.h"

#include "fleet/fleetfile.h"
#include "fleet/fleetvalidator.h"
#include "fleet/rulesprofile.h"
#include "help/preferences.h"
#include "units/unitdatabase.h"

#include <QFileInfo>
#include <QUndoCommand>
#include <QUndoStack>

#include <algorithm>

namespace jw {

// One edit: the fleet before and after.
class FleetEditCommand : public QUndoCommand
{
public:
    FleetEditCommand(FleetDocument *doc, Fleet before, Fleet after, const QString &text, int key)
        : QUndoCommand(text)
        , m_doc(doc)
        , m_before(std::move(before))
        , m_after(std::move(after))
        , m_key(key)
    { }
    void undo() override { m_doc->setFleet(m_before); }
    void redo() override { m_doc->setFleet(m_after); }
    int id() const override { return m_key; }
    bool mergeWith(const QUndoCommand *other) override
    {
        if (other->id() != m_key || m_key < 0)
            return false;
        m_after = static_cast<const FleetEditCommand *>(other)->m_after;
        return true;
    }

private:
    FleetDocument *m_doc;
    Fleet m_before;
    Fleet m_after;
    int m_key;
};

namespace {
enum MergeKeys {
    NameKey = 1,
    PointsKey,
    RenameKeyBase = 1000
};
} // namespace

FleetDocument::FleetDocument(const UnitDatabase &db, QObject *parent)
    : QObject(parent)
    , m_db(db)
    , m_undo(new QUndoStack(this))
{
    connect(m_undo, &QUndoStack::cleanChanged, this,
            [this](bool clean) { Q_EMIT modifiedChanged(!clean); });
    Fleet f;
    f.points = 250;
    f.rules = preferences::defaultRulesProfile(); // Edit › Preferences
    if (!db.factions().empty())
        f.faction = db.factions().front().id;
    reset(f);
}

bool FleetDocument::isModified() const
{
    return !m_undo->isClean();
}

QString FleetDocument::displayName() const
{
    if (!m_path.isEmpty())
        return QFileInfo(m_path).fileName();
    if (!m_fleet.name.isEmpty())
        return m_fleet.name;
    return tr("Untitled");
}

void FleetDocument::reset(const Fleet &fleet, const QString &path)
{
    m_undo->clear();
    m_path = path;
    setFleet(fleet);
    m_undo->setClean();
    Q_EMIT filePathChanged();
    Q_EMIT modifiedChanged(false);
}

std::optional<QString> FleetDocument::load(const QString &path)
{
    const FleetFileResult r = FleetFile::read(path);
    if (!r.ok())
        return r.localErrorText();
    reset(*r.fleet, path);
    return std::nullopt;
}

std::optional<QString> FleetDocument::save(const QString &path)
{
    const FleetWriteResult r = FleetFile::write(m_fleet, path);
    if (!r.ok())
        return r.error;
    m_path = path;
    m_undo->setClean();
    Q_EMIT filePathChanged();
    return std::nullopt;
}

void FleetDocument::unitDataChanged()
{
    setFleet(m_fleet);
}

void FleetDocument::setFleet(const Fleet &fleet)
{
    m_fleet = fleet;
    m_report = validateFleet(m_fleet, m_db);
    Q_EMIT fleetChanged();
    Q_EMIT reportChanged();
}

void FleetDocument::edit(const Fleet &after, const QString &description, int mergeKey)
{
    if (after == m_fleet)
        return;
    m_undo->push(new FleetEditCommand(this, m_fleet, after, description, mergeKey));
}

void FleetDocument::addUnit(const QString &unitId, int at)
{
    addUnits({unitId}, at);
}

void FleetDocument::addUnits(const QStringList &unitIds, int at)
{
    if (unitIds.isEmpty())
        return;
    Fleet f = m_fleet;
    int index = at < 0 || at > f.size() ? f.size() : at;
    QStringList names;
    for (const QString &id : unitIds) {
        FleetEntry e;
        e.unitId = id;
        f.insertEntry(index++, e);
        const Unit *u = m_db.unit(id);
        names << (u ? u->name : id);
    }
    edit(f,
         unitIds.size() == 1 ? tr("Add %1").arg(names.first())
                             : tr("Add %1 units").arg(unitIds.size()));
}

void FleetDocument::appendEntries(const std::vector<FleetEntry> &entries)
{
    if (entries.empty())
        return;
    Fleet f = m_fleet;
    const int base = f.size();
    const int n = int(entries.size());
    for (FleetEntry e : entries) {
        if (e.embarkedOn && *e.embarkedOn >= 0 && *e.embarkedOn < n)
            e.embarkedOn = base + *e.embarkedOn;
        else
            e.embarkedOn.reset();
        f.entries.push_back(e);
    }
    edit(f, tr("Paste %n models", nullptr, n));
}

void FleetDocument::removeEntries(QList<int> indexes)
{
    std::sort(indexes.begin(), indexes.end(), std::greater<int>());
    indexes.erase(std::unique(indexes.begin(), indexes.end()), indexes.end());
    if (indexes.isEmpty())
        return;
    Fleet f = m_fleet;
    const QString first = f.entryName(indexes.last(), m_db);
    for (int i : indexes) {
        if (i >= 0 && i < f.size())
            f.removeEntry(i);
    }
    edit(f,
         indexes.size() == 1 ? tr("Remove %1").arg(first)
                             : tr("Remove %1 units").arg(indexes.size()));
}

void FleetDocument::moveEntry(int from, int to)
{
    if (from < 0 || from >= m_fleet.size() || to < 0 || to >= m_fleet.size() || from == to)
        return;
    Fleet f = m_fleet;
    f.moveEntry(from, to);
    edit(f, tr("Move %1").arg(m_fleet.entryName(from, m_db)));
}

void FleetDocument::duplicateEntry(int index)
{
    if (index < 0 || index >= m_fleet.size())
        return;
    Fleet f = m_fleet;
    FleetEntry copy = f.entries[std::size_t(index)];
    copy.name.clear();
    f.insertEntry(index + 1, copy);
    edit(f, tr("Duplicate %1").arg(m_fleet.entryName(index, m_db)));
}

void FleetDocument::renameEntry(int index, const QString &name)
{
    if (index < 0 || index >= m_fleet.size())
        return;
    Fleet f = m_fleet;
    f.entries[std::size_t(index)].name = name.trimmed();
    edit(f, tr("Rename %1").arg(m_fleet.entryName(index, m_db)), RenameKeyBase + index);
}

void FleetDocument::setEmbarkedOn(int index, std::optional<int> carrier)
{
    if (index < 0 || index >= m_fleet.size())
        return;
    Fleet f = m_fleet;
    f.entries[std::size_t(index)].embarkedOn = carrier;
    edit(f,
         carrier ? tr("Embark %1 on %2")
                       .arg(m_fleet.entryName(index, m_db), m_fleet.entryName(*carrier, m_db))
                 : tr("Deploy %1 on the table").arg(m_fleet.entryName(index, m_db)));
}

void FleetDocument::setUpgrades(int index, const QStringList &upgrades)
{
    if (index < 0 || index >= m_fleet.size())
        return;
    Fleet f = m_fleet;
    f.entries[std::size_t(index)].upgrades = upgrades;
    edit(f, tr("Change upgrades of %1").arg(m_fleet.entryName(index, m_db)));
}

void FleetDocument::setName(const QString &name)
{
    Fleet f = m_fleet;
    f.name = name;
    edit(f, tr("Rename fleet"), NameKey);
}

void FleetDocument::setFaction(const QString &factionId)
{
    Fleet f = m_fleet;
    f.faction = factionId;
    const FactionInfo *info = m_db.faction(factionId);
    edit(f, tr("Change faction to %1").arg(info ? info->name : factionId));
}

void FleetDocument::setPoints(int points)
{
    Fleet f = m_fleet;
    f.points = points;
    edit(f, tr("Set points to %1").arg(points), PointsKey);
}

void FleetDocument::setRules(const QString &rulesId)
{
    Fleet f = m_fleet;
    f.rules = rulesId;
    edit(f, tr("Use rules %1").arg(rulesId));
}

std::vector<int> FleetDocument::possibleCarriers(int index) const
{
    return m_fleet.carrierCandidates(index, m_db);
}

} // namespace jw
