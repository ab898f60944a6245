// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fleet/fleet.h"

#include <QWidget>

#include <functional>

class QTabWidget;

namespace jw {

class FleetBuilder;
class FleetDocument;
class UnitDatabase;

// The Fleet Builder tab: every open fleet in a tab of its own (the tab bar shows when two or
// more are open), each a FleetDocument with its own undo history and its own FleetBuilder.
// The File menu acts on the current one; closing a fleet with unsaved changes asks (the
// close guard). There is always one fleet open.
class FleetWorkspace : public QWidget
{
    Q_OBJECT
public:
    // The database must outlive the workspace.
    explicit FleetWorkspace(const UnitDatabase &db, QWidget *parent = nullptr);

    [[nodiscard]] int count() const;
    [[nodiscard]] FleetBuilder *builder(int index) const;
    [[nodiscard]] FleetDocument *document(int index) const;
    [[nodiscard]] int currentIndex() const;
    [[nodiscard]] FleetBuilder *currentBuilder() const;
    [[nodiscard]] FleetDocument *currentDocument() const;
    [[nodiscard]] QTabWidget *tabs() const { return m_tabs; }
    // The open fleet read from `path`, or -1.
    [[nodiscard]] int indexOfPath(const QString &path) const;
    // An untitled fleet without changes and without models, which a new or opened fleet may
    // take the place of.
    [[nodiscard]] bool isPristine(int index) const;

    void setCurrentIndex(int index);
    // Opens `fleet` in a new tab (or in the current one when that is pristine); current.
    FleetDocument *newFleet(const Fleet &fleet);
    // Asked before a fleet with unsaved changes closes (it is current then); false keeps it.
    void setCloseGuard(std::function<bool(FleetDocument *)> guard) { m_guard = std::move(guard); }
    // Closes the fleet at `index` (asking first); the last one is replaced by an empty fleet.
    bool closeFleet(int index);

Q_SIGNALS:
    // The current fleet changed (another tab, or one opened or closed).
    void currentDocumentChanged(FleetDocument *doc);

private:
    FleetBuilder *addFleet();
    void updateTabText(FleetDocument *doc);

    const UnitDatabase &m_db;
    QTabWidget *m_tabs = nullptr;
    std::function<bool(FleetDocument *)> m_guard;
};

} // namespace jw
