// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "render/cardsheet.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QWidget;

namespace jw {

class UnitDatabase;
struct Fleet;
struct FleetReport;
struct Unit;

// How to lay out a printout: cards per page, paper, card size, roster page.
class PrintOptionsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit PrintOptionsDialog(bool hasRoster, QWidget *parent = nullptr);
    [[nodiscard]] SheetOptions sheetOptions() const;
    // Whether the roster page goes first: asked for a fleet only. Read after the
    // dialog closed, so it must not depend on the check box being visible.
    [[nodiscard]] bool includeRoster() const;

private:
    void validate();
    bool m_hasRoster = false;
    QComboBox *m_perPage;
    QComboBox *m_page;
    QComboBox *m_size;
    QCheckBox *m_roster;
    QDialogButtonBox *m_buttons;
    QLabel *m_error;
};

// The print actions of the application, for a fleet or for single units. Each
// asks for the layout, then shows a print preview (print from there) or writes
// the file (atomically). Errors are shown to the user.
namespace printing {
void printFleet(QWidget *parent, const Fleet &fleet, const UnitDatabase &db);
void exportFleetPdf(QWidget *parent, const Fleet &fleet, const UnitDatabase &db,
                    const QString &suggestedName);
void printUnitCard(QWidget *parent, const Unit &unit, const UnitDatabase &db);
void exportUnitCardPng(QWidget *parent, const Unit &unit, const UnitDatabase &db);
// The default paper for this locale (Letter in the US, A4 elsewhere).
[[nodiscard]] PageFormat defaultPageFormat();
} // namespace printing

} // namespace jw
