// SPDX-License-Identifier: GPL-3.0-or-later
#include "companion/companionscreen.h"

#include "companion/companioncard.h"
#include "companion/dicekeypad.h"
#include "companion/luckreportdialog.h"
#include "companion/touchbutton.h"
#include "companion/trackgamedialog.h"
#include "engine/decisionrule.h"
#include "help/rulelink.h"
#include "startpage.h"
#include "table/gamecontroller.h"
#include "table/tableterms.h"

#include "engine/game.h"
#include "engine/gamefile.h"
#include "engine/gamelogexport.h"
#include "engine/luckreport.h"
#include "engine/waterreserves.h"
#include "io/outputfile.h"

#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QJsonObject>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QResizeEvent>
#include <QScrollArea>
#include <QScrollBar>
#include <QScroller>
#include <QShortcut>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <cmath>
#include <set>

namespace jw {

namespace {

const QString kAutosaveName = QStringLiteral("companion");

QFont scaled(QFont f, qreal factor, bool bold = false)
{
    return StartPage::scaled(std::move(f), factor, bold);
}

// Finger scrolling on a touch screen; the mouse keeps its wheel and scroll bars.
void touchScroll(QAbstractScrollArea *area)
{
    QScroller::grabGesture(area->viewport(), QScroller::TouchGesture);
}

} // namespace

CompanionScreen::CompanionScreen(const UnitDatabase &db, QWidget *parent)
    : QWidget(parent)
    , m_db(db)
{
    setObjectName(QStringLiteral("companionScreen"));
    setAccessibleName(tr("Companion"));
    setFocusPolicy(Qt::StrongFocus);
    m_controller = new GameController(this);
    m_controller->setAutosaveName(kAutosaveName);

    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    m_pages = new QStackedWidget;
    outer->addWidget(m_pages);

    // The page before a game: what the companion is, and how to start.
    {
        auto *page = new StartPage(
            tr("Track a game played on a physical table"),
            tr("Play with your miniatures and dice; keep this screen beside the table. It shows "
               "both fleets' cards with their damage, whose turn it is and the score, offers "
               "only what the rules allow now, and asks you what only the table shows (range, "
               "arc, who is within 3\"). Type in the dice you roll, or let the app roll them. "
               "Every step is saved as you go and can be undone."));
        m_emptyPage = page;
        auto *track = new TouchButton(tr("Track a Game…"));
        track->setObjectName(QStringLiteral("trackGame"));
        connect(track, &QPushButton::clicked, this, [this] { (void)trackGame(); });
        auto *open = new TouchButton(tr("Open Tracked Game…"));
        connect(open, &QPushButton::clicked, this, &CompanionScreen::openGame);
        page->addButton(track);
        page->addButton(open);
        m_resumeBox = new QWidget;
        m_resumeBox->setObjectName(QStringLiteral("companionResume"));
        auto *rl = new QHBoxLayout(m_resumeBox);
        rl->setContentsMargins(0, 16, 0, 0);
        m_resumeText = new QLabel;
        m_resumeText->setWordWrap(true);
        m_resumeText->setFont(scaled(m_resumeText->font(), 1.15, true));
        rl->addWidget(m_resumeText, 1);
        auto *resumeButton = new TouchButton(tr("Resume It"));
        resumeButton->setObjectName(QStringLiteral("resumeTracked"));
        connect(resumeButton, &QPushButton::clicked, this, [this] { (void)resume(); });
        auto *discard = new TouchButton(tr("Discard"));
        connect(discard, &QPushButton::clicked, this, &CompanionScreen::discardAutosave);
        rl->addWidget(resumeButton);
        rl->addWidget(discard);
        page->addWidget(m_resumeBox);
    }
    m_pages->addWidget(m_emptyPage);

    // The game.
    m_gamePage = new QWidget;
    {
        auto *l = new QVBoxLayout(m_gamePage);
        l->setContentsMargins(8, 8, 8, 8);
        m_header = new QLabel;
        m_header->setObjectName(QStringLiteral("companionHeader"));
        m_header->setWordWrap(true);
        m_header->setFont(scaled(m_header->font(), 1.45, true));
        m_score = new QLabel;
        m_score->setObjectName(QStringLiteral("companionScore"));
        m_score->setWordWrap(true);
        m_score->setFont(scaled(m_score->font(), 1.3));
        l->addWidget(m_header);
        auto *scoreRow = new QHBoxLayout;
        scoreRow->addWidget(m_score, 1);
        m_scoreButton = new TouchButton(tr("Correct the Score"));
        m_scoreButton->setObjectName(QStringLiteral("correctScore"));
        m_scoreButton->setToolTip(tr("Change a player's Objective Points by hand (a correction)"));
        m_scoreButton->setMenu(new QMenu(m_scoreButton));
        connect(m_scoreButton->menu(), &QMenu::aboutToShow, this,
                [this] { fillScoreMenu(m_scoreButton->menu()); });
        scoreRow->addWidget(m_scoreButton);
        l->addLayout(scoreRow);
        m_splitter = new QSplitter(Qt::Horizontal);
        m_splitter->setChildrenCollapsible(false);
        m_splitter->installEventFilter(this);
        m_splitter->setHandleWidth(10);
        l->addWidget(m_splitter, 1);

        m_fleetArea = new QScrollArea;
        m_fleetArea->setObjectName(QStringLiteral("companionFleets"));
        m_fleetArea->setAccessibleName(tr("Both fleets' cards"));
        m_fleetArea->setWidgetResizable(true);
        m_fleetArea->setFrameShape(QFrame::NoFrame);
        m_fleetBox = new QWidget;
        m_fleetGrid = new QGridLayout(m_fleetBox);
        m_fleetGrid->setContentsMargins(0, 0, 4, 0);
        m_fleetGrid->setSpacing(10);
        for (int p = 0; p < 2; ++p) {
            m_fleetHeadings[std::size_t(p)] = new QLabel;
            m_fleetHeadings[std::size_t(p)]->setFont(scaled(font(), 1.4, true));
            m_fleetHeadings[std::size_t(p)]->setWordWrap(true);
        }
        m_fleetArea->setWidget(m_fleetBox);
        m_fleetArea->viewport()->installEventFilter(this);
        touchScroll(m_fleetArea);
        m_splitter->addWidget(m_fleetArea);

        m_sideArea = new QScrollArea;
        m_sideArea->setObjectName(QStringLiteral("companionControls"));
        m_sideArea->setAccessibleName(tr("What to do now"));
        m_sideArea->setWidgetResizable(true);
        m_sideArea->setFrameShape(QFrame::NoFrame);
        auto *side = new QWidget;
        auto *sl = new QVBoxLayout(side);
        sl->setContentsMargins(4, 0, 4, 0);
        m_prompt = new QLabel;
        m_prompt->setObjectName(QStringLiteral("companionPrompt"));
        m_prompt->setWordWrap(true);
        m_prompt->setFont(scaled(font(), 1.3, true));
        sl->addWidget(m_prompt);
        m_refusal = new QLabel;
        m_refusal->setObjectName(QStringLiteral("companionRefusal"));
        m_refusal->setWordWrap(true);
        m_refusal->setFont(scaled(font(), 1.1));
        m_refusal->setStyleSheet(QStringLiteral("color: #ef4444"));
        help::followRuleLinks(m_refusal); // the rule opens in Help › Rules Reference
        m_refusal->hide();
        sl->addWidget(m_refusal);
        m_choiceBox = new QVBoxLayout;
        m_choiceBox->setSpacing(6);
        sl->addLayout(m_choiceBox);
        m_keypad = new DiceKeypad;
        m_keypad->hide();
        connect(m_keypad, &DiceKeypad::entered, this,
                [this](const std::vector<int> &faces) { (void)send(RollCommand {faces}); });
        connect(m_keypad, &DiceKeypad::rollForMe, this, [this] { (void)send(RollCommand {}); });
        sl->addWidget(m_keypad);
        auto *logTitle = new QLabel(tr("Game log"));
        logTitle->setFont(scaled(font(), 1.2, true));
        sl->addSpacing(8);
        sl->addWidget(logTitle);
        m_log = new QListWidget;
        m_log->setObjectName(QStringLiteral("companionLog"));
        m_log->setWordWrap(true);
        m_log->setFont(scaled(font(), 1.1));
        m_log->setMinimumHeight(180);
        m_log->setFocusPolicy(Qt::NoFocus);
        touchScroll(m_log);
        sl->addWidget(m_log, 1);
        auto *undoRow = new QHBoxLayout;
        m_undo = new TouchButton(tr("Undo"));
        m_undo->setObjectName(QStringLiteral("companionUndo"));
        m_undo->setToolTip(tr("Take back the last step (Ctrl+Z)"));
        connect(m_undo, &QPushButton::clicked, this, [this] { (void)undo(); });
        undoRow->addWidget(m_undo);
        m_redo = new TouchButton(tr("Redo"));
        m_redo->setObjectName(QStringLiteral("companionRedo"));
        m_redo->setToolTip(tr("Do again the step just undone (Ctrl+Shift+Z)"));
        connect(m_redo, &QPushButton::clicked, this, [this] { (void)redo(); });
        undoRow->addWidget(m_redo);
        undoRow->addStretch(1);
        sl->addLayout(undoRow);
        m_sideArea->setWidget(side);
        touchScroll(m_sideArea);
        m_splitter->addWidget(m_sideArea);
        m_splitter->setStretchFactor(0, 3);
        m_splitter->setStretchFactor(1, 2);
    }
    m_pages->addWidget(m_gamePage);

    // The keyboard alone: 1-9 press the choices in order, Enter the suggested
    // answer, Ctrl+E ends the activation.
    for (int i = 0; i < 9; ++i) {
        auto *key = new QShortcut(QKeySequence(Qt::Key_1 + i), this);
        key->setContext(Qt::WidgetWithChildrenShortcut);
        connect(key, &QShortcut::activated, this, [this, i] {
            if (m_keypad->isVisible()) {
                if (i < 6)
                    m_keypad->type(i + 1);
            } else {
                pressChoice(i);
            }
        });
    }
    auto *erase = new QShortcut(QKeySequence(Qt::Key_Backspace), this);
    erase->setContext(Qt::WidgetWithChildrenShortcut);
    connect(erase, &QShortcut::activated, this, [this] {
        if (m_keypad->isVisible())
            m_keypad->erase();
    });
    // Enter: the typed roll, or the suggested answer to the question asked.
    for (const int k : {int(Qt::Key_Return), int(Qt::Key_Enter)}) {
        auto *enter = new QShortcut(QKeySequence(k), this);
        enter->setContext(Qt::WidgetWithChildrenShortcut);
        connect(enter, &QShortcut::activated, this, [this] {
            if (m_keypad->isVisible())
                m_keypad->enter();
            else if (m_controller->hasGame() && m_controller->state().pending)
                (void)send(AnswerCommand {});
        });
    }
    auto *end = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_E), this);
    end->setContext(Qt::WidgetWithChildrenShortcut);
    connect(end, &QShortcut::activated, this, [this] {
        if (m_controller->hasGame())
            (void)send(EndActivationCommand {});
    });

    m_undoKey = new QShortcut(QKeySequence::Undo, this);
    m_undoKey->setContext(Qt::WindowShortcut);
    m_undoKey->setEnabled(false);
    connect(m_undoKey, &QShortcut::activated, this, [this] { (void)undo(); });
    m_redoKey = new QShortcut(QKeySequence::Redo, this);
    m_redoKey->setContext(Qt::WindowShortcut);
    m_redoKey->setEnabled(false);
    connect(m_redoKey, &QShortcut::activated, this, [this] { (void)redo(); });

    connect(m_controller, &GameController::gameStarted, this, [this] {
        m_addedToCampaign = false;
        rebuildCards();
    });
    connect(m_controller, &GameController::stateChanged, this, &CompanionScreen::refresh);
    connect(m_controller, &GameController::rejected, this,
            [this](const QString &rule, const QString &message) {
                const QString text = rule.isEmpty() ? message : tr("%1 (%2)").arg(message, rule);
                // The rule a link to Help › Rules Reference when it has the section.
                const QString link = help::ruleLink(refusalRule(rule), rule);
                m_refusal->setText(link.startsWith(QLatin1String("<a "))
                                       ? tr("%1 (%2)").arg(help::escaped(message), link)
                                       : text);
                m_refusal->show();
                Q_EMIT statusMessage(text);
            });
    connect(m_controller, &GameController::autosaveFailed, this,
            [this](const QString &e) { Q_EMIT statusMessage(tr("Autosave failed: %1").arg(e)); });
    rebuildCards();
}

CompanionScreen::~CompanionScreen()
{
    m_controller->disconnect(this);
    // The fleet headings join the grid (and m_fleetBox) only once a game is on; before
    // that nothing owns them (found by LeakSanitizer).
    for (QLabel *heading : m_fleetHeadings)
        if (!heading->parent())
            delete heading;
}

void CompanionScreen::addActionsTo(QMenu *menu, const std::function<void()> &show)
{
    QAction *track = menu->addAction(tr("Track a Game on a &Physical Table…"), this, [this, show] {
        show();
        (void)trackGame();
    });
    track->setObjectName(QStringLiteral("trackGameAction"));
    track->setStatusTip(tr("Keep the cards, the dice and the score of a game played with "
                           "miniatures"));
    menu->addAction(tr("Open Trac&ked Game…"), this, [this, show] {
        show();
        openGame();
    });
    m_gameActions = {
        menu->addAction(tr("Save Tracked Game"), this, [this] { (void)saveGame(); }),
        menu->addAction(tr("Save Tracked Game As…"), this, [this] { (void)saveGameAs(); }),
        menu->addAction(tr("Close Tracked Game"), this, &CompanionScreen::closeGame),
        menu->addAction(tr("Export Tracked Game's Log…"), this,
                        [this] {
                            const QString path = QFileDialog::getSaveFileName(
                                this, tr("Export the Game's Log"), QString(),
                                tr("Markdown (*.md);;Text (*.txt);;JSON (*.json)"));
                            if (path.isEmpty())
                                return;
                            if (const QString e = exportLog(path); !e.isEmpty())
                                QMessageBox::warning(this, tr("Export the Game's Log"), e);
                        }),
        menu->addAction(tr("Luck Report…"), this, &CompanionScreen::showLuckReport),
    };
    for (QAction *a : m_gameActions)
        a->setEnabled(m_controller->hasGame());
    m_addToCampaignAction
        = menu->addAction(tr("Add Tracked Battle to the Campaign"), this, [this, show] {
              show();
              (void)addToCampaign();
          });
    m_addToCampaignAction->setObjectName(QStringLiteral("addTrackedToCampaign"));
    m_addToCampaignAction->setStatusTip(
        tr("Add the finished tracked game to the open campaign, with every unit's outcome"));
    updateCampaignAction();
}

void CompanionScreen::setCampaignRosters(std::function<CampaignRosters()> rosters)
{
    m_campaignRosters = std::move(rosters);
}

void CompanionScreen::setAddToCampaign(std::function<bool(const Game &)> add)
{
    m_addToCampaign = std::move(add);
    refresh();
}

bool CompanionScreen::addToCampaign()
{
    const Game *g = m_controller->game();
    if (!m_addToCampaign || m_addedToCampaign || !g || g->state().phase != Phase::Over)
        return false;
    if (!m_addToCampaign(*g))
        return false;
    m_addedToCampaign = true;
    Q_EMIT statusMessage(tr("The battle is in the campaign."));
    refresh();
    return true;
}

void CompanionScreen::updateCampaignAction()
{
    if (!m_addToCampaignAction)
        return;
    const Game *g = m_controller->game();
    m_addToCampaignAction->setEnabled(m_addToCampaign && g && g->state().phase == Phase::Over
                                      && !m_addedToCampaign);
}

QString CompanionScreen::exportLog(const QString &path) const
{
    if (!m_controller->hasGame())
        return tr("No game is tracked.");
    LogExportOptions options;
    options.translated = true;
    options.format = path.endsWith(QLatin1String(".md"), Qt::CaseInsensitive) ? LogFormat::Markdown
        : path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)          ? LogFormat::Json
                                                                              : LogFormat::Text;
    return io::writeFile(path, exportGameLog(*m_controller->game(), options).toUtf8());
}

QString CompanionScreen::luckText() const
{
    return m_controller->hasGame() ? luckReportText(luckReport(*m_controller->game())) : QString();
}

void CompanionScreen::showLuckReport()
{
    if (!m_controller->hasGame())
        return;
    LuckReportDialog::showFor(*m_controller->game(), this);
}

void CompanionScreen::setOpenFleets(std::function<std::vector<Fleet>()> fleets)
{
    m_openFleets = std::move(fleets);
}

QString CompanionScreen::shownName(int model) const
{
    // The card's title: numbered when models of the fleet share a name.
    if (const CompanionCard *c = card(model))
        return c->titleLabel()->text();
    return m_controller->engine().modelName(m_controller->state(), model);
}

QString CompanionScreen::playerName(int player) const
{
    return m_controller->playerName(player);
}

bool CompanionScreen::trackGame()
{
    TrackGameDialog d(m_db, this);
    if (m_openFleets) {
        // The fleets open in the builder: the shown one is "From Builder"; two or more
        // non-empty ones are proposed as the two sides.
        std::vector<Fleet> open;
        for (Fleet &f : m_openFleets())
            if (!f.entries.empty())
                open.push_back(std::move(f));
        if (!open.empty())
            d.setBuilderFleet(open.front());
        if (open.size() >= 2) {
            d.setFleet(0, open[0]);
            d.setFleet(1, open[1]);
        }
    }
    if (m_campaignRosters)
        d.setCampaignRosters(m_campaignRosters());
    if (d.exec() != QDialog::Accepted)
        return false;
    const auto setup = d.trackedSetup();
    if (!setup)
        return false;
    startTracking(*setup);
    return true;
}

void CompanionScreen::startTracking(GameSetup setup)
{
    setup.table = TableKind::Physical;
    m_selected = -1;
    m_controller->startGame(std::move(setup));
    if (const Game *g = m_controller->game(); g && g->startRejection())
        Q_EMIT statusMessage(g->startRejection()->translatedMessage());
}

void CompanionScreen::openGame()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Tracked Game"), QString(),
                                                      tr("Games (*.%1)").arg(GameFile::kSuffix));
    if (path.isEmpty())
        return;
    if (const QString error = openGameFile(path); !error.isEmpty())
        QMessageBox::warning(this, tr("Open Tracked Game"), error);
}

QString CompanionScreen::openGameFile(const QString &path)
{
    {
        const GameFile::Loaded loaded = GameFile::read(path);
        if (!loaded.game)
            return loaded.localError();
        if (!loaded.game->setup().physical())
            return tr("%1 is a game of the digital table: open it with Game › Open Game….")
                .arg(QFileInfo(path).fileName());
    }
    m_selected = -1;
    const QString error = m_controller->openGame(path);
    if (error.isEmpty())
        Q_EMIT statusMessage(tr("Opened %1").arg(QDir::toNativeSeparators(path)));
    return error;
}

bool CompanionScreen::saveGame()
{
    if (!m_controller->hasGame())
        return false;
    if (m_controller->filePath().isEmpty())
        return saveGameAs();
    if (const QString error = m_controller->saveGame(m_controller->filePath()); !error.isEmpty()) {
        QMessageBox::warning(this, tr("Save Tracked Game"), error);
        return false;
    }
    Q_EMIT statusMessage(tr("Saved %1").arg(m_controller->filePath()));
    return true;
}

bool CompanionScreen::saveGameAs()
{
    if (!m_controller->hasGame())
        return false;
    QString path
        = QFileDialog::getSaveFileName(this, tr("Save Tracked Game"), m_controller->filePath(),
                                       tr("Games (*.%1)").arg(GameFile::kSuffix));
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += QLatin1Char('.') + GameFile::kSuffix;
    if (const QString error = m_controller->saveGame(path); !error.isEmpty()) {
        QMessageBox::warning(this, tr("Save Tracked Game"), error);
        return false;
    }
    Q_EMIT statusMessage(tr("Saved %1").arg(path));
    return true;
}

bool CompanionScreen::hasAutosave()
{
    return GameController::hasAutosave(kAutosaveName);
}

bool CompanionScreen::resume()
{
    if (!hasAutosave())
        return false;
    m_selected = -1;
    if (const QString error = m_controller->resumeAutosave(); !error.isEmpty()) {
        Q_EMIT statusMessage(tr("The tracked game cannot be resumed: %1").arg(error));
        return false;
    }
    return true;
}

void CompanionScreen::discardAutosave()
{
    GameController::discardAutosave(kAutosaveName);
    updateEmptyPage();
}

void CompanionScreen::closeGame()
{
    m_controller->closeGame();
}

bool CompanionScreen::canUndo() const
{
    return m_controller->canUndo();
}

bool CompanionScreen::undo()
{
    return m_controller->undo();
}

bool CompanionScreen::canRedo() const
{
    return m_controller->canRedo();
}

bool CompanionScreen::redo()
{
    return m_controller->redo();
}

void CompanionScreen::correctBoxes(int model, int owner, int ownerIndex, int boxes)
{
    CorrectCommand c;
    c.model = model;
    c.value = boxes;
    switch (CardBoxOwner(owner)) {
    case CardBoxOwner::Track:
        c.field = cardTrackId(CardTrack(ownerIndex));
        break;
    case CardBoxOwner::Weapon:
        c.field = QStringLiteral("weapon");
        c.index = ownerIndex;
        break;
    case CardBoxOwner::Trait:
        c.field = QStringLiteral("trait");
        c.index = ownerIndex;
        break;
    case CardBoxOwner::None:
        return;
    }
    (void)send(c);
}

void CompanionScreen::fillScoreMenu(QMenu *menu)
{
    menu->clear();
    if (!m_controller->hasGame())
        return;
    const GameState &s = m_controller->state();
    for (int p = 0; p < 2; ++p) {
        const int op = s.objectivePoints[std::size_t(p)];
        for (const int change : {1, -1}) {
            if (op + change < 0)
                continue;
            QAction *a = menu->addAction(
                change > 0 ? tr("%1: Objective Points +1 (to %2)").arg(playerName(p)).arg(op + 1)
                           : tr("%1: Objective Points −1 (to %2)").arg(playerName(p)).arg(op - 1));
            connect(a, &QAction::triggered, this, [this, p, op, change] {
                (void)send(
                    CorrectCommand {-1, QStringLiteral("objective-points"), p, {}, op + change});
            });
        }
    }
}

CompanionCard *CompanionScreen::card(int model) const
{
    const auto it = m_cards.find(model);
    return it == m_cards.end() ? nullptr : it->second;
}

void CompanionScreen::selectModel(int model)
{
    m_selected = model;
    refresh();
}

bool CompanionScreen::send(const Command &command)
{
    return m_controller->apply(command);
}

// Cards for the models of a new game (a game has the same models from start to end).
void CompanionScreen::rebuildCards()
{
    for (auto &[id, c] : m_cards)
        delete c;
    m_cards.clear();
    if (m_controller->hasGame()) {
        const GameState &s = m_controller->state();
        for (const ModelState &m : s.models) {
            if (m.terrain >= 0) // Space Stations, UIOs, Mines: terrain, not the fleets' cards
                continue;
            auto *c = new CompanionCard(m.id, m_fleetBox);
            connect(c, &CompanionCard::selected, this, &CompanionScreen::selectModel);
            // The table is the truth: a box, a state or the Activated flag corrected by hand.
            c->setCorrectable(m_controller->game()->setup().physical());
            connect(c, &CompanionCard::boxClicked, this,
                    [this](int model, CardBoxOwner owner, int ownerIndex, int boxes) {
                        correctBoxes(model, int(owner), ownerIndex, boxes);
                    });
            connect(c, &CompanionCard::stateToggled, this,
                    [this](int model, const QString &state, bool on) {
                        (void)send(state == QLatin1String("activated")
                                       ? CorrectCommand {model, state, 0, {}, on ? 1 : 0}
                                       : CorrectCommand {model, QStringLiteral("state"), 0, state,
                                                         on ? 1 : 0});
                    });
            m_cards[m.id] = c;
        }
        // Models of a fleet that share a name are numbered on their cards, in fleet order.
        std::map<std::pair<int, QString>, std::vector<int>> named;
        for (const ModelState &m : s.models)
            if (m_cards.count(m.id))
                named[{m.owner, m.name}].push_back(m.id);
        for (const auto &[key, ids] : named)
            for (std::size_t i = 0; i < ids.size(); ++i)
                m_cards.at(ids[i])->setNumber(int(i) + 1, int(ids.size()));
    }
    layoutCards();
    refresh();
}

// One column of cards (player 1's fleet, then player 2's), or both fleets side by
// side when the area is wide enough for two readable cards.
void CompanionScreen::layoutCards()
{
    while (m_fleetGrid->count() > 0)
        delete m_fleetGrid->takeAt(0);
    for (int r = 0; r < m_fleetGrid->rowCount(); ++r)
        m_fleetGrid->setRowStretch(r, 0);
    if (!m_controller->hasGame())
        return;
    const GameState &s = m_controller->state();
    std::array<int, 2> row {0, 0};
    int next = 0;
    for (int p = 0; p < 2; ++p) {
        const int col = m_twoColumns ? p : 0;
        int &r = m_twoColumns ? row[std::size_t(p)] : next;
        m_fleetGrid->addWidget(m_fleetHeadings[std::size_t(p)], r++, col);
        for (const ModelState &m : s.models)
            if (m.owner == p && m_cards.count(m.id))
                m_fleetGrid->addWidget(m_cards.at(m.id), r++, col);
    }
    const int last = std::max({row[0], row[1], next});
    m_fleetGrid->setRowStretch(last, 1);
    m_fleetGrid->setColumnStretch(0, 1);
    m_fleetGrid->setColumnStretch(1, m_twoColumns ? 1 : 0);
}

void CompanionScreen::refresh()
{
    updateEmptyPage();
    updateCampaignAction();
    if (!m_controller->hasGame()) {
        for (QAction *a : m_gameActions)
            a->setEnabled(false);
        m_pages->setCurrentWidget(m_emptyPage);
        Q_EMIT changed();
        return;
    }
    for (QAction *a : m_gameActions)
        a->setEnabled(true);
    m_pages->setCurrentWidget(m_gamePage);
    const GameState &s = m_controller->state();
    const Engine &engine = m_controller->engine();
    if (!m_controller->lastRejection())
        m_refusal->hide();
    const int active = s.activation ? s.activation->model : -1;
    for (int p = 0; p < 2; ++p) {
        const int vp = engine.victoryPoints(s)[std::size_t(p)];
        m_fleetHeadings[std::size_t(p)]->setText(
            tr("%1's fleet · Victory Points: %2").arg(playerName(p)).arg(vp));
    }
    // The models the pending question is about (its data names them).
    std::set<int> asked;
    if (s.pending)
        for (const char *key : {"model", "target", "other", "carrier"})
            if (const int id = s.pending->request.data.value(QLatin1String(key)).toInt(-1); id >= 0)
                asked.insert(id);
    for (auto &[id, c] : m_cards)
        c->showModel(engine, s, id == active, id == m_selected && id != active,
                     asked.count(id) > 0);
    updateHeader();
    fillChoices();
    fillLog();
    m_undo->setEnabled(m_controller->canUndo());
    m_redo->setEnabled(m_controller->canRedo());
    m_scoreButton->setVisible(m_controller->game()->setup().physical());
    // In sight: the model a question is about (other than the active one), else the active.
    int inSight = active;
    for (int id : asked)
        if (id != active && card(id)) {
            inSight = id;
            break;
        }
    if (inSight >= 0)
        if (CompanionCard *c = card(inSight))
            m_fleetArea->ensureWidgetVisible(c, 0, 0);
    Q_EMIT changed();
}

void CompanionScreen::updateEmptyPage()
{
    const bool has = !m_controller->hasGame() && hasAutosave();
    if (has) {
        QString what;
        const GameFile::Loaded loaded = GameFile::read(GameController::autosavePath(kAutosaveName));
        if (loaded.game) {
            const GameSetup &s = loaded.game->setup();
            const auto name = [&](int p) {
                const QString n = s.players[std::size_t(p)].name;
                return n.isEmpty() ? tr("Player %1").arg(p + 1) : n;
            };
            what = tr("%1 against %2, %3, turn %4")
                       .arg(name(0), name(1), s.scenarioRules.name)
                       .arg(loaded.game->state().turn);
        }
        m_resumeText->setText(what.isEmpty()
                                  ? tr("A tracked game was saved automatically, but it cannot be "
                                       "read any more.")
                                  : tr("A tracked game was saved automatically: %1.").arg(what));
    }
    m_resumeBox->setVisible(has);
}

void CompanionScreen::updateHeader()
{
    const GameState &s = m_controller->state();
    const Engine &engine = m_controller->engine();
    QStringList parts;
    parts << tr("Turn %1 of %2").arg(s.turn).arg(m_controller->game()->setup().turns);
    parts << TableTerms::phaseName(s.phase);
    if (s.phase != Phase::Over)
        parts << tr("Initiative: %1").arg(playerName(s.initiative));
    m_header->setText(parts.join(QStringLiteral(" · ")));

    const std::array<int, 2> vp = engine.victoryPoints(s);
    QString score = tr("Victory Points: %1 %2, %3 %4")
                        .arg(playerName(0))
                        .arg(vp[0])
                        .arg(playerName(1))
                        .arg(vp[1]);
    if (!engine.scenario().objectives.empty() || s.objectivePoints != std::array<int, 2> {})
        score += QStringLiteral(" · ")
            + tr("Objective Points: %1 %2, %3 %4")
                  .arg(playerName(0))
                  .arg(s.objectivePoints[0])
                  .arg(playerName(1))
                  .arg(s.objectivePoints[1]);
    m_score->setText(score);

    QString prompt;
    if (s.phase == Phase::Over) {
        const int w = s.winner.value_or(-1);
        prompt = w < 0 ? tr("The game is over: a draw.")
                       : tr("The game is over: %1 wins.").arg(playerName(w));
    } else if (s.pending) {
        prompt = tr("%1 decides:").arg(playerName(s.pending->request.player));
    } else if (s.activation) {
        const QString action = TableTerms::actionName(s.activation->action);
        prompt = tr("%1's activation: %2 (%3)")
                     .arg(playerName(s.toAct), shownName(s.activation->model), action);
    } else {
        prompt = tr("%1 to act").arg(playerName(s.toAct));
    }
    m_prompt->setText(prompt);
}

QString CompanionScreen::commandLabel(const Command &command) const
{
    const GameState &s = m_controller->state();
    const Engine &engine = m_controller->engine();
    const auto name = [&](int model) {
        return shownName(model);
    };
    const int active = s.activation ? s.activation->model : -1;
    return std::visit(
        Overloaded {
            [&](const DeployCommand &c) { return tr("Deploy %1").arg(name(c.model)); },
            [&](const EmbarkCommand &c) {
                return tr("Deploy %1 Embarked on %2").arg(name(c.model), name(c.carrier));
            },
            [&](const DeclineCommand &) { return tr("Decline to deploy for now"); },
            [&](const ActivateCommand &c) {
                return c.action ? TableTerms::actionName(c.action) : tr("No Action");
            },
            [&](const AttackCommand &c) {
                const ModelState *m = s.model(active);
                const Unit &unit = engine.unitOf(*m);
                const QString weapon = c.weapon >= 0 && c.weapon < int(unit.weapons.size())
                    ? unit.weapons[std::size_t(c.weapon)].name
                    : QString::number(c.weapon);
                return tr("Attack %1 with %2").arg(name(c.target), weapon);
            },
            [&](const ResolveActionCommand &c) {
                const QString action
                    = TableTerms::actionName(s.activation ? s.activation->action : std::nullopt);
                return c.target ? tr("Resolve %1 against %2").arg(action, name(*c.target))
                                : tr("Resolve %1").arg(action);
            },
            [&](const LaunchCommand &) { return tr("Launch %1").arg(name(active)); },
            [&](const LandCommand &c) {
                return tr("Land %1 on %2").arg(name(active), name(c.carrier));
            },
            [&](const EndActivationCommand &) {
                return active >= 0 ? tr("End %1's Activation").arg(name(active))
                                   : tr("End the Activation");
            },
            [&](const MoveCapitalCommand &c) {
                // The legs as the players measure them on the table.
                QStringList legs;
                for (const MoveLeg &leg : c.legs) {
                    if (leg.distance > 0)
                        legs << tr("%1\" ahead").arg(leg.distance, 0, 'g', 3);
                    if (leg.turn > 0)
                        legs << tr("turn %1° to starboard").arg(leg.turn, 0, 'g', 3);
                    else if (leg.turn < 0)
                        legs << tr("turn %1° to port").arg(-leg.turn, 0, 'g', 3);
                }
                return legs.isEmpty()
                    ? tr("Move %1").arg(name(active))
                    : tr("Move %1: %2").arg(name(active), legs.join(QStringLiteral(", ")));
            },
            [&](const MoveSquadronCommand &) { return tr("Move %1").arg(name(active)); },
            [&](const PlaceBeaconCommand &) { return tr("Place a Beacon marker"); },
            [&](const ScenarioSetupCommand &) { return tr("Set up the scenario"); },
            [&](const PlaceCometCommand &) { return tr("Place the Comet"); },
            [&](const auto &) { return commandId(command); },
        },
        command);
}

void CompanionScreen::addHeading(const QString &text, const QString &rule)
{
    m_group = nullptr;
    // The rule a question comes from, as a link to Help › Rules Reference.
    const QString link = help::ruleLink(rule);
    auto *l = new QLabel(link.startsWith(QLatin1String("<a "))
                             ? help::escaped(text) + QStringLiteral("<br><small>")
                                 + tr("Rule: %1").arg(link) + QStringLiteral("</small>")
                             : text);
    if (link.startsWith(QLatin1String("<a "))) {
        l->setTextFormat(Qt::RichText);
        help::followRuleLinks(l);
    }
    l->setWordWrap(true);
    l->setFont(scaled(font(), 1.15, true));
    m_choiceBox->addWidget(l);
    m_choiceWidgets.push_back(l);
}

void CompanionScreen::beginGroup()
{
    // Two buttons a row where the panel is wide enough: more of them in sight.
    auto *box = new QWidget;
    m_group = new QGridLayout(box);
    m_group->setContentsMargins(0, 0, 0, 0);
    m_group->setSpacing(6);
    m_groupCount = 0;
    m_choiceBox->addWidget(box);
    m_choiceWidgets.push_back(box);
}

TouchButton *CompanionScreen::addChoice(const QString &text, const std::function<void()> &action)
{
    const int n = int(m_choices.size()) + 1;
    auto *b = new TouchButton(n <= 9 ? tr("%1 · %2").arg(n).arg(text) : text);
    b->setObjectName(QStringLiteral("choice%1").arg(n));
    b->setFocusPolicy(Qt::TabFocus);
    connect(b, &QPushButton::clicked, this, action);
    if (m_group) {
        const int columns = m_sideArea->viewport()->width() >= 480 ? 2 : 1;
        m_group->addWidget(b, m_groupCount / columns, m_groupCount % columns);
        ++m_groupCount;
    } else {
        m_choiceBox->addWidget(b);
        m_choiceWidgets.push_back(b);
    }
    m_choices.push_back(b);
    return b;
}

// What the player to act may do now, as buttons: the pending decision's options,
// else the engine's legal commands (which model activates, with which Action; which
// weapon at which target; launch, land, resolve, end).
void CompanionScreen::fillChoices()
{
    // Out of the layout at once (a button may be the one whose click led here: it
    // goes once its signal has returned).
    for (QWidget *w : m_choiceWidgets) {
        w->hide();
        m_choiceBox->removeWidget(w);
        w->deleteLater();
    }
    m_choiceWidgets.clear();
    m_choices.clear();
    m_group = nullptr;
    m_keypad->hide();
    const GameState &s = m_controller->state();
    const Engine &engine = m_controller->engine();
    if (s.phase == Phase::Over) {
        addAfterGameChoices();
        return;
    }
    if (s.models.empty())
        return;
    if (s.pending && s.pending->request.kind == QLatin1String("roll")) {
        // Typed dice: the pool to roll, its odds, and a keypad for the faces.
        const QJsonObject &d = s.pending->request.data;
        std::optional<DicePool> pool;
        if (!d.value(QStringLiteral("pool")).toString().isEmpty())
            pool = DicePool {d.value(QStringLiteral("base")).toInt(),
                             d.value(QStringLiteral("flex")).toInt(),
                             d.value(QStringLiteral("macro")).toInt()};
        m_keypad->setRoll(pool, d.value(QStringLiteral("count")).toInt(),
                          s.pending->request.translatedQuestion());
        m_keypad->show();
        return;
    }
    if (s.pending) {
        const DecisionRequest &r = s.pending->request;
        addHeading(r.translatedQuestion(), decisionRule(r.kind));
        for (int i = 0; i < r.optionCount(); ++i) {
            // An option answered with a movement (a free Movement, a Vector Attack's move):
            // how far the model went on the table, measured from (0, 0) as the engine takes it.
            QDoubleSpinBox *inches = nullptr;
            if (const DecisionRequest::PathOption *path = r.pathOption(i))
                inches = addInchesEntry(path->distance, path->distance,
                                        tr("Inches moved for “%1”").arg(r.translatedOption(i)));
            TouchButton *b = addChoice(r.translatedOption(i), [this, i, inches] {
                AnswerCommand a {i, {}};
                if (inches)
                    a.path.push_back(QPointF(inches->value(), 0.0));
                (void)send(a);
            });
            if (i == r.defaultOption) {
                b->setFont(scaled(b->font(), 1.0, true));
                b->setToolTip(tr("The suggested answer"));
            }
        }
        return;
    }
    const LegalCommands legal = m_controller->game()->legalCommands();
    // Deployment: each model that may be deployed (placed on the table by the players).
    for (int model : legal.deployable) {
        // Water Raid › Water Reserves: the Defender says how much water the model carries
        // (the engine's allowance: at most what it may take of what is left, at least what
        // leaves the rest enough room).
        QSpinBox *water = nullptr;
        if (const auto allowance = waterAllowance(engine, s, model);
            allowance && allowance->most > 0) {
            auto *row = new QWidget;
            auto *l = new QHBoxLayout(row);
            l->setContentsMargins(0, 0, 0, 0);
            auto *label = new QLabel(tr("Water for %1 · %2 of %3 left:")
                                         .arg(shownName(model))
                                         .arg(allowance->left)
                                         .arg(allowance->reserves));
            label->setWordWrap(true);
            water = new QSpinBox;
            water->setObjectName(QStringLiteral("deployWater%1").arg(model));
            water->setAccessibleName(tr("Water units %1 carries").arg(shownName(model)));
            water->setRange(allowance->least, allowance->most);
            water->setValue(allowance->byDefault);
            water->setMinimumHeight(48);
            water->setMinimumWidth(120);
            water->setFont(scaled(font(), 1.3, true));
            l->addWidget(label, 1);
            l->addWidget(water);
            m_choiceBox->addWidget(row);
            m_choiceWidgets.push_back(row);
        }
        addChoice(commandLabel(DeployCommand {model, {}, {}}), [this, model, water] {
            (void)send(DeployCommand {
                model, {}, water ? std::optional<int>(water->value()) : std::nullopt});
        });
    }

    std::set<int> activatable;
    for (const Command &c : legal.commands)
        if (const auto *a = std::get_if<ActivateCommand>(&c))
            activatable.insert(a->model);
    if (!activatable.empty()) {
        if (!activatable.count(m_selected))
            m_selected = *activatable.begin();
        if (activatable.size() > 1) {
            addHeading(tr("Which model activates?"));
            beginGroup();
            for (int id : activatable) {
                TouchButton *b = addChoice(shownName(id), [this, id] { selectModel(id); });
                b->setCheckable(true);
                b->setChecked(id == m_selected);
            }
        }
        addHeading(tr("%1 activates, declaring:").arg(shownName(m_selected)));
        beginGroup();
        for (const Command &c : legal.commands)
            if (const auto *a = std::get_if<ActivateCommand>(&c); a && a->model == m_selected)
                addChoice(commandLabel(c), [this, c] { (void)send(c); });
    }
    // The move, once the model is on the table (an Embarked one launches first).
    if (legal.move && s.activation && legal.move->model == s.activation->model
        && legal.move->left() > 0.0 && s.model(legal.move->model)
        && s.model(legal.move->model)->onTable())
        addMoveEntry(*legal.move);
    bool attacks = false;
    for (const Command &c : legal.commands) {
        if (std::holds_alternative<ActivateCommand>(c))
            continue;
        if (std::holds_alternative<AttackCommand>(c) && !attacks) {
            addHeading(tr("Attack (spends 1 Fire Control):"));
            beginGroup();
            attacks = true;
        } else if (!std::holds_alternative<AttackCommand>(c) && attacks) {
            m_group = nullptr; // the commands after the attacks, one a row
            attacks = false;
        }
        addChoice(commandLabel(c), [this, c] { (void)send(c); });
    }
}

// The move the players made on the table, in inches (and turns, for a Capital Ship): the
// engine counts it against the model's Speed, Thrusters and turns (and, for a squadron,
// offers the enemy's Interception); where it went is the table's.
void CompanionScreen::addMoveEntry(const MoveLimits &limits)
{
    const GameState &s = m_controller->state();
    const Engine &engine = m_controller->engine();
    const ModelState *m = s.model(limits.model);
    if (!m)
        return;
    const bool capital = !engine.unitOf(*m).isSquadron();
    const auto inches = [](double d) -> QString {
        return QLocale().toString(d, 'f', 1) + QLatin1Char('"');
    };
    QString heading = tr("Movement: %1 moved so far, at most %2 more")
                          .arg(inches(limits.moved), inches(limits.left()));
    if (capital)
        heading += tr(", %n turn(s) left", nullptr, limits.turnsLeft);
    addHeading(heading);
    QDoubleSpinBox *distance = addInchesEntry(
        limits.left(), std::max(0.0, limits.minimum - limits.moved), tr("Inches moved"));
    distance->setObjectName(QStringLiteral("moveInches"));
    QSpinBox *turns = nullptr;
    if (capital) {
        turns = new QSpinBox;
        turns->setObjectName(QStringLiteral("moveTurns"));
        turns->setAccessibleName(tr("Turns made"));
        turns->setRange(0, std::max(0, limits.turnsLeft));
        turns->setSuffix(tr(" turn(s)"));
        turns->setMinimumHeight(48);
        turns->setFont(scaled(font(), 1.3, true));
        distance->parentWidget()->layout()->addWidget(turns);
    }
    TouchButton *enter = addChoice(tr("Enter the Move"), [this, distance, turns, capital] {
        const double d = distance->value();
        const int t = turns ? turns->value() : 0;
        if (capital) {
            // The stretches between the turns share the inches; each turn is one (45°).
            MoveCapitalCommand c;
            for (int i = 0; i <= t; ++i)
                c.legs.push_back(MoveLeg {d / (t + 1), i < t ? 45.0 : 0.0});
            (void)send(c);
        } else {
            (void)send(MoveSquadronCommand {{QPointF(d, 0.0)}});
        }
    });
    enter->setObjectName(QStringLiteral("enterMove"));
    enter->setToolTip(tr("Tell the engine how far the model moved on the table"));
}

QDoubleSpinBox *CompanionScreen::addInchesEntry(double maximum, double value,
                                                const QString &accessibleName)
{
    auto *row = new QWidget;
    row->setObjectName(QStringLiteral("inchesEntry"));
    auto *l = new QHBoxLayout(row);
    l->setContentsMargins(0, 0, 0, 0);
    auto *inches = new QDoubleSpinBox;
    inches->setAccessibleName(accessibleName);
    // Half inches: what a tape measure on the table gives.
    inches->setRange(0.0, std::floor(maximum * 2.0 + 1e-6) / 2.0);
    inches->setSingleStep(0.5);
    inches->setDecimals(1);
    inches->setSuffix(QStringLiteral("\""));
    inches->setValue(std::min(inches->maximum(), value));
    inches->setMinimumHeight(48);
    inches->setFont(scaled(font(), 1.3, true));
    l->addWidget(inches, 1);
    m_choiceBox->addWidget(row);
    m_choiceWidgets.push_back(row);
    return inches;
}

void CompanionScreen::addAfterGameChoices()
{
    addHeading(tr("After the game:"));
    if (m_addToCampaign) {
        TouchButton *add = addChoice(m_addedToCampaign ? tr("The Battle Is in the Campaign")
                                                       : tr("Add the Battle to the Campaign"),
                                     [this] { (void)addToCampaign(); });
        add->setObjectName(QStringLiteral("addToCampaign"));
        add->setEnabled(!m_addedToCampaign);
        add->setToolTip(tr("Every unit's fate, the Victory Points and the Objective Points go "
                           "into the open campaign as a battle"));
    }
    addChoice(tr("Export the Log…"), [this] {
        const QString path
            = QFileDialog::getSaveFileName(this, tr("Export the Game's Log"), QString(),
                                           tr("Markdown (*.md);;Text (*.txt);;JSON (*.json)"));
        if (path.isEmpty())
            return;
        if (const QString e = exportLog(path); !e.isEmpty())
            QMessageBox::warning(this, tr("Export the Game's Log"), e);
    });
    addChoice(tr("Luck Report…"), [this] { showLuckReport(); });
}

void CompanionScreen::fillLog()
{
    const Game *g = m_controller->game();
    const int commands = int(g->history().size());
    if (commands == m_shownCommands && m_log->count() > 0)
        return;
    m_shownCommands = commands;
    m_log->clear();
    const auto &log = g->log();
    for (std::size_t i = 0; i < log.size(); ++i)
        for (const GameEvent &e : log[i]) {
            const QString text = e.translatedFor(-1);
            if (!text.isEmpty())
                m_log->addItem(text);
        }
    m_log->scrollToBottom();
    // Again once the list has laid its wrapped lines out: else the newest is half cut off.
    QTimer::singleShot(0, m_log, &QListWidget::scrollToBottom);
}

void CompanionScreen::pressChoice(int index)
{
    if (index >= 0 && index < int(m_choices.size()) && m_choices[std::size_t(index)]->isEnabled())
        m_choices[std::size_t(index)]->click();
}

bool CompanionScreen::choose(const QString &text)
{
    for (TouchButton *b : m_choices) {
        if (b->text().contains(text)) {
            b->click();
            return true;
        }
    }
    return false;
}

QStringList CompanionScreen::choiceTexts() const
{
    QStringList texts;
    for (const TouchButton *b : m_choices)
        texts << b->text();
    return texts;
}

void CompanionScreen::reflow()
{
    // A portrait screen: the cards above, the controls below.
    const bool portrait = width() < height();
    if (portrait != m_portrait
        || m_splitter->orientation() != (portrait ? Qt::Vertical : Qt::Horizontal)) {
        m_portrait = portrait;
        m_splitter->setOrientation(portrait ? Qt::Vertical : Qt::Horizontal);
        // The splitter has not been laid out yet: share out the screen's size.
        const int total = std::max(100, portrait ? height() - 80 : width());
        m_splitter->setSizes({total * 58 / 100, total * 42 / 100});
    }
}

void CompanionScreen::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::ParentChange) {
        m_undoKey->setEnabled(isWindow());
        m_redoKey->setEnabled(isWindow());
    }
}

void CompanionScreen::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    reflow();
}

bool CompanionScreen::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_splitter && event->type() == QEvent::Resize && !m_shaped) {
        // Once the splitter has its size: the cards get the larger share.
        const int total = m_portrait ? m_splitter->height() : m_splitter->width();
        if (total > 200) {
            m_shaped = true;
            m_splitter->setSizes({total * 58 / 100, total * 42 / 100});
        }
    }
    if (m_fleetArea && watched == m_fleetArea->viewport() && event->type() == QEvent::Resize) {
        // Two cards side by side only when each stays readable.
        const bool two = m_fleetArea->viewport()->width() >= 1000;
        if (two != m_twoColumns) {
            m_twoColumns = two;
            layoutCards();
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace jw
