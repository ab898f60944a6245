// SPDX-License-Identifier: GPL-3.0-or-later
#include "table/replayviewer.h"
#include "layoututil.h"

#include "table/tablescene.h"
#include "table/tableterms.h"
#include "table/tableview.h"

#include "engine/gamefile.h"

#include <QBoxLayout>
#include <QComboBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSlider>
#include <QTimer>

namespace jw {

ReplayViewer::ReplayViewer(std::unique_ptr<Game> game, std::unique_ptr<DiceSource> dice,
                           QWidget *parent, int viewer)
    : QDialog(parent)
    , m_dice(std::move(dice))
    , m_game(std::move(game))
    , m_viewer(viewer)
{
    setWindowTitle(tr("Replay"));
    resizeWithinScreen(this, {1100, 800});
    m_scene = new TableScene(this);
    m_view = new TableView(m_scene, this);
    auto *layout = new QVBoxLayout(this);
    auto *top = new QHBoxLayout;
    auto *back = new QPushButton(tr("◀ Back"));
    back->setObjectName(QStringLiteral("replayBack"));
    auto *next = new QPushButton(tr("Forward ▶"));
    next->setObjectName(QStringLiteral("replayForward"));
    m_slider = new QSlider(Qt::Horizontal);
    m_slider->setRange(0, commandCount());
    m_label = new QLabel;
    m_label->setObjectName(QStringLiteral("replayPosition"));
    m_label->setWordWrap(true);
    m_jump = new QComboBox;
    m_jump->addItem(tr("Jump to…"), -1);
    // Turns and activations, from what the history keeps of each state (models
    // are only ever added, so the latest state names them all).
    int lastTurn = 0;
    int lastActivation = -1;
    for (int i = 0; i <= commandCount(); ++i) {
        const int turn = m_game->turnAfter(i);
        if (turn != lastTurn) {
            m_jump->addItem(tr("Turn %1").arg(turn), i);
            lastTurn = turn;
        }
        const int act = m_game->activeModelAfter(i);
        if (act >= 0 && act != lastActivation)
            m_jump->addItem(QStringLiteral("    ")
                                + tr("Turn %1: %2 activates")
                                      .arg(turn)
                                      .arg(hiddenFromViewer(act)
                                               ? tr("a model out of sight")
                                               : m_game->engine().modelName(m_game->state(), act)),
                            i);
        lastActivation = act;
    }
    connect(back, &QPushButton::clicked, this, &ReplayViewer::stepBack);
    connect(next, &QPushButton::clicked, this, &ReplayViewer::stepForward);
    connect(m_slider, &QSlider::valueChanged, this, &ReplayViewer::setPosition);
    connect(m_jump, &QComboBox::activated, this, [this](int index) {
        const int at = m_jump->itemData(index).toInt();
        if (at >= 0)
            setPosition(at);
    });
    top->addWidget(back);
    top->addWidget(m_slider, 1);
    top->addWidget(next);
    top->addWidget(m_jump);
    layout->addLayout(top);
    layout->addWidget(m_label);
    layout->addWidget(m_view, 1);
    m_events = new QListWidget;
    m_events->setMaximumHeight(140);
    layout->addWidget(m_events);
    m_prepare = new QTimer(this);
    m_prepare->setSingleShot(true);
    m_prepare->setInterval(0);
    connect(m_prepare, &QTimer::timeout, this, &ReplayViewer::prepareNextStep);
    m_position = -1;
    setPosition(0);
    m_view->fitTable();
}

ReplayViewer::~ReplayViewer() = default;

ReplayViewer *ReplayViewer::fromGame(const Game &game, QWidget *parent)
{
    // A Game is a value (states, history, log): the copy shares nothing the
    // table plays on. Its dice source pointer is never used: a replay applies nothing.
    const GameState &now = game.state();
    const int viewer = now.phase == Phase::Over ? -1
        : now.pending                           ? now.pending->request.player
                                                : now.toAct;
    auto *v = new ReplayViewer(std::make_unique<Game>(game), nullptr, parent, viewer);
    v->setWindowTitle(tr("Replay of the Game in Progress"));
    v->setPosition(v->commandCount());
    return v;
}

ReplayViewer *ReplayViewer::fromFile(const QString &path, QString *error, QWidget *parent)
{
    GameFile::Loaded l = GameFile::read(path);
    if (!l.game) {
        if (error)
            *error = l.error;
        return nullptr;
    }
    return new ReplayViewer(std::move(l.game), std::move(l.dice), parent);
}

int ReplayViewer::commandCount() const
{
    return int(m_game->history().size());
}

int ReplayViewer::turnStart(int turn) const
{
    for (int i = 0; i <= commandCount(); ++i) {
        if (m_game->turnAfter(i) >= turn)
            return i;
    }
    return commandCount();
}

void ReplayViewer::setPosition(int commands)
{
    commands = std::clamp(commands, 0, commandCount());
    if (commands == m_position)
        return;
    m_direction = commands < m_position ? -1 : 1;
    m_position = commands;
    // The state before first: asking for it may rebuild the Game's cache, which the
    // reference to the state shown must outlive. No copies: the scene keeps its own.
    const QString what
        = commands > 0 ? commandText(commands - 1, m_game->stateAt(commands - 1)) : QString();
    const GameState &s = m_game->stateAt(commands);
    m_scene->setState(m_game->engine(), s);
    m_scene->setSelectedModel(s.activation ? s.activation->model : -1);
    QString text = tr("Command %1 of %2 · Turn %3 · %4")
                       .arg(commands)
                       .arg(commandCount())
                       .arg(s.turn)
                       .arg(TableTerms::phaseName(s.phase));
    if (commands > 0)
        text += QStringLiteral("\n") + what;
    m_label->setText(text);
    m_events->clear();
    for (const GameEvent &e : m_game->log()[std::size_t(commands)])
        m_events->addItem(e.translatedFor(m_viewer));
    const QSignalBlocker block(m_slider);
    m_slider->setValue(commands);
    m_prepare->start();
}

const GameState &ReplayViewer::shownState() const
{
    return m_game->stateAt(m_position);
}

void ReplayViewer::prepareNextStep()
{
    // The next step asks for the state it shows and the one before it.
    const int next = m_position + m_direction;
    if (next < 0 || next > commandCount())
        return;
    if (next > 0)
        (void)m_game->stateAt(next - 1);
    (void)m_game->stateAt(next);
}

bool ReplayViewer::hiddenFromViewer(int model) const
{
    return m_viewer >= 0 && model >= 0
        && m_game->engine().isHidden(m_game->state(), model, m_viewer);
}

QString ReplayViewer::commandText(int index, const GameState &before) const
{
    const GameRecordEntry &e = m_game->history()[std::size_t(index)];
    const Engine &engine = m_game->engine();
    const QString who = m_game->setup().players[std::size_t(e.player)].name;
    const auto name = [&](int model) {
        return engine.modelName(before, model);
    };
    const int active = before.activation ? before.activation->model : -1;
    // What the other player did with a model the viewer may not know yet.
    if (m_viewer >= 0 && e.player != m_viewer) {
        const int subject = std::visit(Overloaded {[](const DeployCommand &c) { return c.model; },
                                                   [](const EmbarkCommand &c) { return c.model; },
                                                   [](const ActivateCommand &c) { return c.model; },
                                                   [&](const auto &) {
                                                       return active;
                                                   }},
                                       e.command);
        if (subject >= 0 && hiddenFromViewer(subject))
            return tr("%1 does something out of sight (secret information).").arg(who);
    }
    return std::visit(
        Overloaded {
            [&](const DeployCommand &c) { return tr("%1 deploys %2.").arg(who, name(c.model)); },
            [&](const EmbarkCommand &c) {
                return tr("%1 deploys %2 Embarked on %3.").arg(who, name(c.model), name(c.carrier));
            },
            [&](const DeclineCommand &) { return tr("%1 declines to deploy.").arg(who); },
            [&](const ActivateCommand &c) {
                return tr("%1 activates %2: %3.")
                    .arg(who, name(c.model), TableTerms::actionName(c.action));
            },
            [&](const MoveCapitalCommand &) { return tr("%1 moves %2.").arg(who, name(active)); },
            [&](const MoveSquadronCommand &) { return tr("%1 moves %2.").arg(who, name(active)); },
            [&](const AttackCommand &c) {
                const ModelState *m = before.model(active);
                const Unit *u = m ? &engine.unitOf(*m) : nullptr;
                const QString weapon = u && c.weapon >= 0 && c.weapon < int(u->weapons.size())
                    ? u->weapons[std::size_t(c.weapon)].name
                    : QString::number(c.weapon);
                return tr("%1: %2 attacks %3 with %4.")
                    .arg(who, name(active), name(c.target), weapon);
            },
            [&](const AnswerCommand &c) {
                if (!before.pending)
                    return tr("%1 answers.").arg(who);
                const DecisionRequest &r = before.pending->request;
                const int o = c.option.value_or(r.defaultOption);
                return tr("%1 answers “%2”: %3.")
                    .arg(who, r.translatedQuestion(), r.translatedOption(o));
            },
            [&](const ResolveActionCommand &c) {
                const QString action = before.activation
                    ? TableTerms::actionName(before.activation->action)
                    : QString();
                return c.target ? tr("%1 resolves %2 of %3 against %4.")
                                      .arg(who, action, name(active), name(*c.target))
                                : tr("%1 resolves %2 of %3.").arg(who, action, name(active));
            },
            [&](const LaunchCommand &) { return tr("%1 launches %2.").arg(who, name(active)); },
            [&](const LandCommand &c) {
                return tr("%1 lands %2 on %3.").arg(who, name(active), name(c.carrier));
            },
            [&](const EndActivationCommand &) {
                return tr("%1 ends the activation of %2.").arg(who, name(active));
            },
            [&](const PlaceBeaconCommand &c) {
                return tr("%1 places a Beacon marker at (%2, %3).")
                    .arg(who)
                    .arg(c.at.x(), 0, 'f', 1)
                    .arg(c.at.y(), 0, 'f', 1);
            },
            [&](const ScenarioSetupCommand &) { return tr("The scenario is set up."); },
            [&](const PlaceCometCommand &c) {
                return tr("%1 places the Comet at (%2, %3).")
                    .arg(who)
                    .arg(c.at.x(), 0, 'f', 1)
                    .arg(c.at.y(), 0, 'f', 1);
            },
            [&](const RollCommand &) { return tr("%1 rolls the dice.").arg(who); },
            [&](const CorrectCommand &) { return tr("%1 corrects the table.").arg(who); },
        },
        e.command);
}

} // namespace jw
