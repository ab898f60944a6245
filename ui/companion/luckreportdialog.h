// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/luckreport.h"

#include <QDialog>

class QTableWidget;

namespace jw {

// The luck report of a game (core/engine/luckreport.h), in the interface's language: each
// player's verdict, their totals, and every attack roll against its exact odds, in a table
// that a long game does not push off the screen. "Copy as Text" puts the English text of
// `jwfleet-cli game --luck` on the clipboard.
class LuckReportDialog : public QDialog
{
    Q_OBJECT

public:
    explicit LuckReportDialog(LuckReport report, QWidget *parent = nullptr);
    // Opens the report of `game` over `parent`, window-modal, deleted on close (object name
    // "luckReportDialog").
    static LuckReportDialog *showFor(const Game &game, QWidget *parent);

    [[nodiscard]] const QTableWidget *rollsTable() const { return m_rolls; }
    [[nodiscard]] const QTableWidget *totalsTable() const { return m_totals; }

private:
    LuckReport m_report;
    QTableWidget *m_rolls = nullptr;
    QTableWidget *m_totals = nullptr;
};

} // namespace jw
