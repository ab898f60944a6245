// SPDX-License-Identifier: GPL-3.0-or-later
#include "table/computeropponent.h"

#include "engine/messageids.h"

#include "engine/engine.h"
#include "engine/game.h"
#include "io/cputime.h"
#include "table/gamecontroller.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QThread>
#include <QTimer>

namespace jw {

namespace {

// The computer's own seed: never the game's (it must not know the game's dice).
std::uint64_t ownSeed()
{
    return QRandomGenerator::global()->generate64();
}

} // namespace

ComputerOpponent::ComputerOpponent(GameController *controller, QObject *parent)
    : QObject(parent)
    , m_controller(controller)
    , m_timer(new QTimer(this))
{
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, &ComputerOpponent::think);
    connect(m_controller, &GameController::gameStarted, this, &ComputerOpponent::gameStarted);
    connect(m_controller, &GameController::stateChanged, this, [this] {
        m_hint.reset(); // advice for a state that is gone
        schedule();
    });
    if (m_controller->hasGame())
        gameStarted();
}

ComputerOpponent::~ComputerOpponent()
{
    join();
}

std::optional<AiLevel> ComputerOpponent::level(int player) const
{
    if (!m_controller->hasGame() || player < 0 || player > 1)
        return std::nullopt;
    const QString &id = m_controller->game()->setup().players[std::size_t(player)].computer;
    return id.isEmpty() ? std::nullopt : aiLevelFromId(id);
}

int ComputerOpponent::person() const
{
    const bool a = isComputer(0), b = isComputer(1);
    if (a == b)
        return -1;
    return a ? 1 : 0;
}

int ComputerOpponent::toDecide() const
{
    if (!m_controller->hasGame() || m_controller->game()->startRejection())
        return -1;
    const GameState &s = m_controller->state();
    if (s.phase == Phase::Over)
        return -1;
    const int p = aiPlayerToDecide(s);
    return isComputer(p) ? p : -1;
}

void ComputerOpponent::gameStarted()
{
    join(); // a decision of the game before is not answered (its generation is old)
    ++m_generation;
    m_timer->stop();
    m_engine.reset();
    m_players = {};
    m_hint.reset();
    m_hintWanted = false;
    m_stuck.clear();
    m_refusedInARow = 0;
    if (!m_controller->hasGame())
        return;
    m_engine = std::make_shared<const Engine>(m_controller->game()->setup());
    for (int p = 0; p < 2; ++p)
        if (const std::optional<AiLevel> l = level(p))
            m_players[std::size_t(p)] = std::make_unique<AiPlayer>(*l, ownSeed());
}

void ComputerOpponent::schedule()
{
    ++m_generation; // what is being thought about is no longer the state on the table
    m_timer->stop();
    if (!m_controller->hasGame()) {
        setThinking(false);
        return;
    }
    if (toDecide() < 0 || m_paused || !m_stuck.isEmpty()) {
        if (!m_thread.joinable())
            setThinking(false);
        return;
    }
    setThinking(true);
    if (!m_thread.joinable()) // else finished() starts again on the new state
        m_timer->start(m_pace);
}

void ComputerOpponent::setPaused(bool paused)
{
    if (m_paused == paused)
        return;
    m_paused = paused;
    schedule();
}

void ComputerOpponent::think()
{
    if (m_thread.joinable() || !m_engine)
        return; // finished() comes back here
    const bool hint = m_hintWanted && toDecide() < 0;
    const int player = aiPlayerToDecide(m_controller->state());
    AiPlayer *ai = nullptr;
    if (hint) {
        if (!m_hinter)
            m_hinter = std::make_unique<AiPlayer>(AiLevel::Careful, ownSeed());
        ai = m_hinter.get();
    } else if (toDecide() >= 0 && !m_paused && m_stuck.isEmpty()) {
        ai = m_players[std::size_t(player)].get();
    }
    if (!ai) {
        setThinking(false);
        return;
    }
    setThinking(true);
    // Copies: the thread reads nothing of the table's (its engine is its own).
    m_thread = std::thread([this, ai, engine = m_engine, state = m_controller->state(),
                            generation = m_generation, hint] {
        Result r;
        r.generation = generation;
        r.hint = hint;
        const double t0 = io::threadCpuMs();
        r.choice = ai->choose(*engine, state);
        r.cpuMs = io::threadCpuMs() - t0;
        // Queued to this object on the UI thread (the destructor joins first: `this` lives).
        QMetaObject::invokeMethod(
            this, [this, r] { finished(r); }, Qt::QueuedConnection);
    });
}

void ComputerOpponent::finished(Result r)
{
    join();
    if (r.hint) {
        m_hintWanted = false;
        if (r.generation == m_generation && r.choice) {
            m_hint = r.choice;
            Q_EMIT hintReady(r.choice->reason.translated());
        } else if (r.generation == m_generation) {
            Q_EMIT hintReady(tr("The computer sees nothing to do."));
        }
        schedule();
        return;
    }
    if (r.generation != m_generation || toDecide() < 0 || m_paused || !m_stuck.isEmpty()) {
        // The table changed while it thought (an undo, the other player's answer): think
        // again about what is there now, if it is still the computer's turn.
        schedule();
        return;
    }
    const int player = toDecide();
    AiPlayer *ai = m_players[std::size_t(player)].get();
    if (!r.choice) {
        m_stuck = tr("The computer found no command the rules accept.");
        setThinking(false);
        Q_EMIT stuck(m_stuck);
        return;
    }
    const Message reason
        = r.choice->reason.isEmpty() ? Message(MsgId::AiItsChoice) : r.choice->reason;
    if (m_controller->apply(r.choice->command, reason)) { // schedules the next one
        m_refusedInARow = 0;
        ai->refused(std::nullopt);
        return;
    }
    // Its own dice let it through, the game's did not (a Skill Test): another choice.
    ai->refused(r.choice->command);
    if (++m_refusedInARow >= 20) {
        m_stuck = tr("The computer's last 20 choices were all refused.");
        setThinking(false);
        Q_EMIT stuck(m_stuck);
        return;
    }
    think();
}

void ComputerOpponent::requestHint()
{
    if (!m_controller->hasGame() || toDecide() >= 0 || m_controller->state().phase == Phase::Over)
        return;
    m_hint.reset();
    m_hintWanted = true;
    if (!m_thread.joinable())
        think();
}

bool ComputerOpponent::canUndoOwnLast() const
{
    return m_controller->canUndo();
}

bool ComputerOpponent::undoOwnLast()
{
    if (!m_controller->hasGame())
        return false;
    const Game *game = m_controller->game();
    if (person() < 0) // watched, or hot-seat: the last command
        return m_controller->undo();
    // Not answered while undoing: each undo reschedules, and bumps the generation.
    const bool wasPaused = m_paused;
    m_paused = true;
    int undone = 0;
    const auto last = [&] {
        return game->history().empty() ? nullptr : &game->history().back();
    };
    while (last() && !last()->reason.isEmpty() && m_controller->undo())
        ++undone;
    bool ok = last() && last()->reason.isEmpty() && m_controller->undo();
    if (!ok) {
        // The person's command stands (a command since rolled dice): the computer's undone
        // commands come back as they were.
        while (undone-- > 0)
            (void)m_controller->redo();
    }
    m_paused = wasPaused;
    schedule();
    return ok;
}

bool ComputerOpponent::waitIdle(int ms)
{
    QElapsedTimer t;
    t.start();
    while (m_thinking || m_timer->isActive() || m_thread.joinable()) {
        if (t.elapsed() > ms)
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
        QThread::msleep(1);
    }
    return true;
}

void ComputerOpponent::setThinking(bool on)
{
    if (m_thinking == on)
        return;
    m_thinking = on;
    Q_EMIT thinkingChanged(on);
}

void ComputerOpponent::join()
{
    if (m_thread.joinable())
        m_thread.join();
}

} // namespace jw
