// SPDX-License-Identifier: GPL-3.0-or-later
#include "campaign/campaignedit.h"

namespace jw {

// ---- UpdateCampaignEdit ----------------------------------------------------------

UpdateCampaignEdit::UpdateCampaignEdit(Campaign before, Campaign after, QString text)
    : m_before(std::move(before))
    , m_after(std::move(after))
    , m_current(m_before)
    , m_text(std::move(text))
{ }

QString UpdateCampaignEdit::text() const
{
    return m_text.isEmpty() ? QStringLiteral("Change the campaign settings") : m_text;
}

CampaignError UpdateCampaignEdit::redo(CampaignStore &store)
{
    auto r = store.updateCampaign(m_current, m_after);
    if (r.ok())
        m_current = r.value;
    return r.error;
}

CampaignError UpdateCampaignEdit::undo(CampaignStore &store)
{
    Campaign old = m_before;
    auto r = store.updateCampaign(m_current, old);
    if (r.ok())
        m_current = r.value;
    return r.error;
}

// ---- AddPlayerEdit ---------------------------------------------------------------

namespace {

// Removes `player` when the row holds it as it was, at whatever revision: the edits
// undone or redone around this one each raise the revision without changing it.
// Anything else is someone else's change (removePlayer reports it as a Conflict).
// On success `player` becomes the removed row, to be restored as it was.
CampaignError removeAsStored(CampaignStore &store, Player &player)
{
    const auto now = store.player(player.id);
    if (!now.ok())
        return store.removePlayer(player);
    Player expected = player;
    expected.revision = now.value.revision;
    if (!(now.value == expected))
        return store.removePlayer(player);
    const CampaignError e = store.removePlayer(now.value);
    if (e.ok())
        player = now.value;
    return e;
}

} // namespace

AddPlayerEdit::AddPlayerEdit(Player player)
    : m_player(std::move(player))
{ }

QString AddPlayerEdit::text() const
{
    return QStringLiteral("Add player %1").arg(m_player.name);
}

CampaignError AddPlayerEdit::redo(CampaignStore &store)
{
    // Again after an undo: the same id, roster ids and revision, so the edits after
    // this one (kept for redo) still apply to the row.
    auto r = m_stored.id > 0 ? store.restorePlayer(m_stored) : store.addPlayer(m_player);
    if (r.ok())
        m_stored = r.value;
    return r.error;
}

CampaignError AddPlayerEdit::undo(CampaignStore &store)
{
    return removeAsStored(store, m_stored);
}

// ---- RemovePlayerEdit --------------------------------------------------------------

RemovePlayerEdit::RemovePlayerEdit(Player player)
    : m_player(std::move(player))
{ }

QString RemovePlayerEdit::text() const
{
    return QStringLiteral("Remove player %1").arg(m_player.name);
}

CampaignError RemovePlayerEdit::redo(CampaignStore &store)
{
    return removeAsStored(store, m_player);
}

CampaignError RemovePlayerEdit::undo(CampaignStore &store)
{
    auto r = store.restorePlayer(m_player);
    if (r.ok())
        m_player = r.value;
    return r.error;
}

// ---- UpdatePlayerEdit --------------------------------------------------------------

UpdatePlayerEdit::UpdatePlayerEdit(Player before, Player after, QString text)
    : m_before(std::move(before))
    , m_after(std::move(after))
    , m_current(m_before)
    , m_text(std::move(text))
{ }

QString UpdatePlayerEdit::text() const
{
    return m_text.isEmpty() ? QStringLiteral("Edit player %1").arg(m_before.name) : m_text;
}

CampaignError UpdatePlayerEdit::redo(CampaignStore &store)
{
    auto r = store.updatePlayer(m_current, m_after);
    if (r.ok()) {
        m_current = r.value;
        // New roster entries got their ids: redo after undo keeps them.
        m_after.roster = r.value.roster;
    }
    return r.error;
}

CampaignError UpdatePlayerEdit::undo(CampaignStore &store)
{
    auto r = store.updatePlayer(m_current, m_before);
    if (r.ok())
        m_current = r.value;
    return r.error;
}

// ---- AddBattleEdit ---------------------------------------------------------------

AddBattleEdit::AddBattleEdit(Battle battle)
    : m_battle(std::move(battle))
{ }

QString AddBattleEdit::text() const
{
    return QStringLiteral("Add the battle of %1").arg(m_battle.date.toString(Qt::ISODate));
}

CampaignError AddBattleEdit::redo(CampaignStore &store)
{
    auto r = store.addBattle(m_battle);
    if (r.ok())
        m_result = r.value;
    return r.error;
}

CampaignError AddBattleEdit::undo(CampaignStore &store)
{
    return store.undoAddBattle(m_result);
}

// ---- UpdateBattleEdit ------------------------------------------------------------

UpdateBattleEdit::UpdateBattleEdit(Battle before, Battle after)
    : m_before(std::move(before))
    , m_after(std::move(after))
    , m_current(m_before)
{ }

QString UpdateBattleEdit::text() const
{
    return QStringLiteral("Edit the battle of %1").arg(m_before.date.toString(Qt::ISODate));
}

CampaignError UpdateBattleEdit::redo(CampaignStore &store)
{
    auto r = store.updateBattle(m_current, m_after);
    if (r.ok())
        m_current = r.value;
    return r.error;
}

CampaignError UpdateBattleEdit::undo(CampaignStore &store)
{
    auto r = store.updateBattle(m_current, m_before);
    if (r.ok())
        m_current = r.value;
    return r.error;
}

// ---- RepairEdit ------------------------------------------------------------------

RepairEdit::RepairEdit(qint64 playerId, qint64 rosterId, QDate date, DiceSource &dice)
    : m_player(playerId)
    , m_roster(rosterId)
    , m_date(date)
    , m_dice(dice)
{ }

QString RepairEdit::text() const
{
    return QStringLiteral("Repair");
}

CampaignError RepairEdit::redo(CampaignStore &store)
{
    auto r = store.repair(m_player, m_roster, m_dice, m_date);
    if (r.ok())
        m_result = r.value;
    return r.error;
}

CampaignError RepairEdit::undo(CampaignStore &store)
{
    return store.undoRepair(m_result);
}

// ---- CampaignUndoCommand -----------------------------------------------------------

CampaignUndoCommand::CampaignUndoCommand(CampaignStore &store, std::unique_ptr<CampaignEdit> edit,
                                         ErrorHandler onError, QUndoCommand *parent)
    : QUndoCommand(edit->text(), parent)
    , m_store(store)
    , m_edit(std::move(edit))
    , m_onError(std::move(onError))
{ }

void CampaignUndoCommand::redo()
{
    m_error = m_edit->redo(m_store);
    if (m_error.ok())
        return;
    setObsolete(true);
    if (m_onError)
        m_onError(m_error);
}

void CampaignUndoCommand::undo()
{
    m_error = m_edit->undo(m_store);
    if (m_error.ok())
        return;
    setObsolete(true);
    if (m_onError)
        m_onError(m_error);
}

} // namespace jw
