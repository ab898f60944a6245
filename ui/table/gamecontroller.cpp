// SPDX-License-Identifier: GPL-3.0-or-later
#include "table/gamecontroller.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

namespace jw {

GameController::GameController(QObject *parent)
    : QObject(parent)
{ }

GameController::~GameController() = default;

QString GameController::playerName(int player) const
{
    if (!m_game || player < 0 || player > 1)
        return {};
    const QString name = m_game->setup().players[std::size_t(player)].name;
    return name.isEmpty() ? tr("Player %1").arg(player + 1) : name;
}

void GameController::startGame(GameSetup setup, std::unique_ptr<DiceSource> dice)
{
    m_game.reset();
    m_dice = std::move(dice);
    m_game = std::make_unique<Game>(std::move(setup), m_dice.get());
    m_path.clear();
    m_lastRejection.reset();
    writeAutosave();
    Q_EMIT gameStarted();
    Q_EMIT stateChanged();
}

void GameController::closeGame()
{
    m_game.reset();
    m_dice.reset();
    m_path.clear();
    discardAutosave(m_autosaveName);
    Q_EMIT gameStarted();
    Q_EMIT stateChanged();
}

bool GameController::apply(const Command &command, const Message &reason)
{
    if (!m_game)
        return false;
    if (m_submit) {
        QString why;
        if (m_submit(command, &why))
            return true;
        Q_EMIT rejected(tr("Network game"), why);
        return false;
    }
    const ApplyResult r = m_game->apply(command, reason);
    if (!r.ok()) {
        m_lastRejection = r.rejection;
        Q_EMIT rejected(r.rejection->rule, r.rejection->translatedMessage());
        return false;
    }
    m_lastRejection.reset();
    writeAutosave();
    Q_EMIT stateChanged();
    return true;
}

void GameController::followGame(const Game &agreed, const std::optional<Game::NetworkSeat> &seat)
{
    const auto &theirs = agreed.history();
    const bool extends = m_game && m_game->setup() == agreed.setup()
        && m_game->startDice() == agreed.startDice() && m_game->history().size() <= theirs.size()
        && std::equal(m_game->history().begin(), m_game->history().end(), theirs.begin());
    // A masked game (v1.2.4 hidden models between two computers) whose setup grew as the other
    // side's models were revealed, or the whole game it became at its end: the same game for
    // the table (rebuilt on the new setup; the selection and the view stay).
    const bool grown = !extends && m_game && m_game->setup().masked
        && m_game->startDice() == agreed.startDice() && m_game->history().size() <= theirs.size();
    if (!extends) {
        m_game.reset();
        // Recorded dice only: the table's game never rolls one of its own.
        m_dice = std::make_unique<ScriptedDiceSource>(agreed.startDice());
        m_game = std::make_unique<Game>(agreed.setup(), m_dice.get());
        m_path.clear();
    }
    const std::vector<GameRecordEntry> missing(theirs.begin() + qsizetype(m_game->history().size()),
                                               theirs.end());
    if (const auto error = m_game->replay(missing))
        Q_EMIT rejected(tr("Network game"), *error);
    m_game->setDiceExchanges(agreed.diceExchanges());
    // Sealed secret choices (their proof) and the one under way (this side's to reveal after
    // a restart): in the table's saved game and autosave too.
    m_game->setSealedChoices(agreed.sealedChoices());
    m_game->setSealedPending(agreed.sealedPending());
    // The dice exchange open now (this side's nonces): a restart completes it, never rolls anew.
    m_game->setDicePending(agreed.dicePending());
    // A masked game's commitments, reveals and sealed Embarks: saved as the peers save them.
    m_game->setMaskedRecord(agreed.maskedRecord());
    // And this side's own secrets of it (its nonces, its sealed Embarks): a masked game
    // resumes from them (the table's saved game and autosave are this player's file).
    m_game->setMaskedSecrets(agreed.maskedSecrets());
    m_game->setNetwork(seat);
    m_lastRejection.reset();
    writeAutosave();
    if (grown)
        Q_EMIT setupGrown();
    else if (!extends)
        Q_EMIT gameStarted();
    Q_EMIT stateChanged();
}

bool GameController::undo()
{
    if (!m_game || m_submit || !m_game->undo())
        return false;
    m_lastRejection.reset();
    writeAutosave();
    Q_EMIT stateChanged();
    return true;
}

bool GameController::redo()
{
    if (!m_game || m_submit || !m_game->redo())
        return false;
    m_lastRejection.reset();
    writeAutosave();
    Q_EMIT stateChanged();
    return true;
}

QString GameController::saveGame(const QString &path)
{
    if (!m_game)
        return tr("No game to save.");
    const QString error = GameFile::write(*m_game, path);
    if (error.isEmpty())
        m_path = path;
    return error;
}

QString GameController::adopt(GameFile::Loaded loaded, const QString &path)
{
    if (!loaded.game)
        return loaded.localError();
    m_game.reset();
    m_dice = std::move(loaded.dice);
    m_game = std::move(loaded.game);
    m_path = path;
    m_lastRejection.reset();
    writeAutosave();
    Q_EMIT gameStarted();
    Q_EMIT stateChanged();
    return {};
}

QString GameController::openGame(const QString &path)
{
    return adopt(GameFile::read(path), path);
}

QString GameController::autosavePath(const QString &name)
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QLatin1Char('/')
        + name + QLatin1Char('.') + GameFile::kSuffix;
}

bool GameController::hasAutosave(const QString &name)
{
    return QFileInfo::exists(autosavePath(name));
}

QString GameController::resumeAutosave()
{
    return adopt(GameFile::read(autosavePath(m_autosaveName)), {});
}

void GameController::discardAutosave(const QString &name)
{
    QFile::remove(autosavePath(name));
}

void GameController::writeAutosave()
{
    if (!m_autosave || !m_game)
        return;
    const QString path = autosavePath(m_autosaveName);
    QDir().mkpath(QFileInfo(path).absolutePath());
    const QString error = GameFile::write(*m_game, path);
    if (!error.isEmpty())
        Q_EMIT autosaveFailed(error);
}

} // namespace jw
