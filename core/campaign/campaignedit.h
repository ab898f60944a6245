// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "campaign/campaignstore.h"

#include <QUndoCommand>

#include <functional>
#include <memory>

namespace jw {

// Undoable edits of a campaign: each one a do/undo pair on a CampaignStore,
// each half one transaction with the store's conflict check. An edit keeps
// the values it wrote (with their revisions), so that its undo restores the
// old value only if nobody changed the row since; otherwise the undo fails
// with a Conflict and changes nothing.
//
// The GUI pushes CampaignUndoCommand(edit) on a QUndoStack; the CLI and
// tests call redo()/undo() directly.
class CampaignEdit
{
public:
    virtual ~CampaignEdit() = default;
    [[nodiscard]] virtual QString text() const = 0; // "Rename player Ann"
    [[nodiscard]] virtual CampaignError redo(CampaignStore &store) = 0;
    [[nodiscard]] virtual CampaignError undo(CampaignStore &store) = 0;
};

// The campaign's name, points, rules profile and house rules.
class UpdateCampaignEdit final : public CampaignEdit
{
public:
    UpdateCampaignEdit(Campaign before, Campaign after, QString text = {});
    QString text() const override;
    CampaignError redo(CampaignStore &store) override;
    CampaignError undo(CampaignStore &store) override;
    [[nodiscard]] const Campaign &current() const { return m_current; }

private:
    Campaign m_before, m_after, m_current;
    QString m_text;
};

class AddPlayerEdit final : public CampaignEdit
{
public:
    explicit AddPlayerEdit(Player player);
    QString text() const override;
    CampaignError redo(CampaignStore &store) override;
    CampaignError undo(CampaignStore &store) override;
    [[nodiscard]] const Player &stored() const { return m_stored; }

private:
    Player m_player, m_stored;
};

// Name, faction and roster of a player (Player::setFleet for a new roster).
class UpdatePlayerEdit final : public CampaignEdit
{
public:
    UpdatePlayerEdit(Player before, Player after, QString text = {});
    QString text() const override;
    CampaignError redo(CampaignStore &store) override;
    CampaignError undo(CampaignStore &store) override;
    [[nodiscard]] const Player &current() const { return m_current; }

private:
    Player m_before, m_after, m_current;
    QString m_text;
};

// A player who has no battles (added by mistake, left before playing); undo puts
// them back with the same id and roster.
class RemovePlayerEdit final : public CampaignEdit
{
public:
    explicit RemovePlayerEdit(Player player);
    QString text() const override;
    CampaignError redo(CampaignStore &store) override;
    CampaignError undo(CampaignStore &store) override;

private:
    Player m_player;
};

// A battle with its house rules; undo removes it and restores both rosters.
class AddBattleEdit final : public CampaignEdit
{
public:
    explicit AddBattleEdit(Battle battle);
    QString text() const override;
    CampaignError redo(CampaignStore &store) override;
    CampaignError undo(CampaignStore &store) override;
    [[nodiscard]] const AddBattleResult &result() const { return m_result; }

private:
    Battle m_battle;
    AddBattleResult m_result;
};

// Date, scenario, points, winner, notes of a stored battle.
class UpdateBattleEdit final : public CampaignEdit
{
public:
    UpdateBattleEdit(Battle before, Battle after);
    QString text() const override;
    CampaignError redo(CampaignStore &store) override;
    CampaignError undo(CampaignStore &store) override;

private:
    Battle m_before, m_after, m_current;
};

// A repair between battles; the dice come from `dice` (kept by the caller).
// Redo after undo rolls again.
class RepairEdit final : public CampaignEdit
{
public:
    RepairEdit(qint64 playerId, qint64 rosterId, QDate date, DiceSource &dice);
    QString text() const override;
    CampaignError redo(CampaignStore &store) override;
    CampaignError undo(CampaignStore &store) override;
    [[nodiscard]] const RepairResult &result() const { return m_result; }

private:
    qint64 m_player, m_roster;
    QDate m_date;
    DiceSource &m_dice;
    RepairResult m_result;
};

// An edit on a QUndoStack. QUndoStack::push() calls redo(): when that fails
// the command makes itself obsolete (the stack drops it) and reports the
// error through `onError`; a failed undo or redo later also reports it and
// leaves the database as it was.
class CampaignUndoCommand final : public QUndoCommand
{
public:
    using ErrorHandler = std::function<void(const CampaignError &)>;
    CampaignUndoCommand(CampaignStore &store, std::unique_ptr<CampaignEdit> edit,
                        ErrorHandler onError, QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;
    [[nodiscard]] const CampaignError &lastError() const { return m_error; }
    [[nodiscard]] CampaignEdit &edit() { return *m_edit; }

private:
    CampaignStore &m_store;
    std::unique_ptr<CampaignEdit> m_edit;
    ErrorHandler m_onError;
    CampaignError m_error;
};

} // namespace jw
