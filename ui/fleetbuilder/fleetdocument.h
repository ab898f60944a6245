// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fleet/fleet.h"
#include "fleet/fleetreport.h"

#include <QObject>

#include <optional>

class QUndoStack;

namespace jw {

class UnitDatabase;

// The fleet being edited: its value, its file, its undo history and its
// validation report, kept current after every change. Every edit goes through
// the undo stack as one command holding the fleet before and after (fleets
// are small values; this keeps every edit, present and future, undoable).
class FleetDocument : public QObject
{
    Q_OBJECT
public:
    // The database must outlive the document.
    FleetDocument(const UnitDatabase &db, QObject *parent = nullptr);
    FleetDocument(UnitDatabase &&, QObject * = nullptr) = delete;

    [[nodiscard]] const Fleet &fleet() const { return m_fleet; }
    [[nodiscard]] const FleetReport &report() const { return m_report; }
    [[nodiscard]] const UnitDatabase &database() const { return m_db; }
    [[nodiscard]] QUndoStack *undoStack() const { return m_undo; }
    [[nodiscard]] QString filePath() const { return m_path; }
    [[nodiscard]] bool isModified() const;
    [[nodiscard]] QString displayName() const; // file name, or the fleet's name, or "Untitled"

    // Replaces the document (no undo): a new fleet or one read from a file.
    void reset(const Fleet &fleet, const QString &path = {});
    // The units' values changed (entered from a printed card): the report and
    // every view of the fleet follow, without an edit of the fleet.
    void unitDataChanged();
    // Reads a .jwfleet file; on failure nothing changes and the error is returned.
    [[nodiscard]] std::optional<QString> load(const QString &path);
    // Writes atomically; on success the document is clean and has that path.
    [[nodiscard]] std::optional<QString> save(const QString &path);

    // Edits (each one undoable). `mergeKey` lets repeated edits of one field
    // (typing a name, spinning the points) merge into one undo step.
    void edit(const Fleet &after, const QString &description, int mergeKey = -1);
    void addUnit(const QString &unitId, int at = -1);
    void addUnits(const QStringList &unitIds, int at = -1);
    void removeEntries(QList<int> indexes);
    // Entries from another fleet (pasted) at the end, in one step; their embarkedOn is an
    // index into `entries`.
    void appendEntries(const std::vector<FleetEntry> &entries);
    void moveEntry(int from, int to);
    void duplicateEntry(int index);
    void renameEntry(int index, const QString &name);
    void setEmbarkedOn(int index, std::optional<int> carrier);
    void setUpgrades(int index, const QStringList &upgrades);
    void setName(const QString &name);
    void setFaction(const QString &factionId);
    void setPoints(int points);
    void setRules(const QString &rulesId);

    // Carriers entry `index` may start embarked on (Hangers for squadrons, Dock
    // for capital ships): the choices a UI offers; the validator has the last word.
    [[nodiscard]] std::vector<int> possibleCarriers(int index) const;

Q_SIGNALS:
    void fleetChanged(); // any change of the fleet value
    void reportChanged(); // after fleetChanged, with the new report
    void filePathChanged();
    void modifiedChanged(bool modified);

private:
    friend class FleetEditCommand;
    void setFleet(const Fleet &fleet); // used by undo commands

    const UnitDatabase &m_db;
    Fleet m_fleet;
    FleetReport m_report;
    QString m_path;
    QUndoStack *m_undo;
};

} // namespace jw
