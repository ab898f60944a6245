#include "table/replayviewer.h"

#include "table/tablescene.h"
#include "table/tableview.h"

#include "engine/gamefile.h"

#include <QBoxLayout>
#include <QComboBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSlider>

namespace jw {

ReplayViewer::ReplayViewer(std::unique_ptr<Game> game, std::unique_ptr<DiceSource> dice,
                           QWidget *parent)
    : QDialog(parent)
    , m_dice(std::move(dice))
    , m_game(std::move(game))
{
    setWindowTitle(tr("Replay"));
    resize(1100, 800);
    m_scene = new TableScene(this);
    m_view = new TableView(m_scene, this);
    auto *layout = new QVBoxLayout(this);
    auto *top = new QHBoxLayout;
    auto *back = new QPushButton(tr("◀ Back"));
    auto *next = new QPushButton(tr("Forward ▶"));
    m_slider = new QSlider(Qt::Horizontal);
    m_slider->setRange(0, commandCount());
    m_label = new QLabel;
    m_jump = new QComboBox;
    m_jump->addItem(tr("Jump to…"), -1);
    // Turns and activations, found from the recorded states.
    int lastTurn = 0;
    int lastActivation = -1;
    for (int i = 0; i <= commandCount(); ++i) {
        const GameState &s = m_game->stateAfter(i);
        if (s.turn != lastTurn) {
            m_jump->addItem(tr("Turn %1").arg(s.turn), i);
            lastTurn = s.turn;
        }
        const int act = s.activation ? s.activation->model : -1;
        if (act >= 0 && act != lastActivation)
            m_jump->addItem(QStringLiteral("    ")
                                + tr("Turn %1: %2 activates")
                                      .arg(s.turn)
                                      .arg(m_game->engine().modelName(s, act)),
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
    m_position = -1;
    setPosition(0);
    m_view->fitTable();
}

ReplayViewer::~ReplayViewer() = default;

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
        if (m_game->stateAfter(i).turn >= turn)
            return i;
    }
    return commandCount();
}

void ReplayViewer::setPosition(int commands)
{
    commands = std::clamp(commands, 0, commandCount());
    if (commands == m_position)
        return;
    m_position = commands;
    const GameState &s = m_game->stateAfter(commands);
    m_scene->setState(m_game->engine(), s);
    if (s.activation)
        m_scene->setSelectedModel(s.activation->model);
    QString phase = phaseId(s.phase);
    m_label->setText(tr("Command %1 of %2 · Turn %3 · %4")
                         .arg(commands)
                         .arg(commandCount())
                         .arg(s.turn)
                         .arg(phase));
    m_events->clear();
    for (const GameEvent &e : m_game->log()[std::size_t(commands)])
        m_events->addItem(e.text);
    const QSignalBlocker block(m_slider);
    m_slider->setValue(commands);
}

} // namespace jw
