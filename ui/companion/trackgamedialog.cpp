// SPDX-License-Identifier: GPL-3.0-or-later
#include "companion/trackgamedialog.h"

#include "engine/gamesetup.h"

#include <QComboBox>
#include <QLabel>

namespace jw {

TrackGameDialog::TrackGameDialog(const UnitDatabase &db, QWidget *parent)
    : NewGameDialog(db, parent)
{
    setObjectName(QStringLiteral("trackGameDialog"));
    setWindowTitle(tr("Track a Game on a Physical Table"));
    setComputerChoiceShown(false); // both sides are people at the real table
    m_dice = new QComboBox;
    m_dice->setObjectName(QStringLiteral("diceSource"));
    m_dice->addItem(tr("Rolled on the table and typed in"), true);
    m_dice->addItem(tr("Rolled by the app"), false);
    m_dice->setToolTip(tr("Typed in: each roll waits for the faces rolled on the table (or "
                          "“Roll for me”). Rolled by the app: from the seed below."));
    addRow(tr("Dice:"), m_dice);
    // The engine's own rule (GameSetup::check) says which scenarios a physical table tracks.
    const QStringList untracked = leaveOutScenarios([](const Scenario &sc) {
        GameSetup probe;
        probe.setScenario(sc);
        probe.table = TableKind::Physical;
        return probe.check();
    });
    if (!untracked.isEmpty()) {
        auto *note = new QLabel(tr("Not tracked on a physical table yet: %1 (their markers, "
                                   "zones or pieces are placed by the engine).")
                                    .arg(untracked.join(QStringLiteral(", "))));
        note->setObjectName(QStringLiteral("untrackedScenarios"));
        note->setWordWrap(true);
        addRow(QString(), note);
    }
    setStartText(tr("Start Tracking"));
}

void TrackGameDialog::setTypedDice(bool typed)
{
    m_dice->setCurrentIndex(m_dice->findData(typed));
}

bool TrackGameDialog::typedDice() const
{
    return m_dice->currentData().toBool();
}

std::optional<GameSetup> TrackGameDialog::trackedSetup(QString *error) const
{
    std::optional<GameSetup> s = setup(error);
    if (s) {
        s->table = TableKind::Physical;
        s->typedDice = typedDice();
    }
    return s;
}

} // namespace jw
