// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/command.h"
#include "geometry/movement.h"

#include <QMainWindow>
#include <QPolygonF>
#include <QStringList>

#include <array>
#include <functional>
#include <optional>
#include <vector>

class QBoxLayout;
class QCheckBox;
class QComboBox;
class QDockWidget;
class QDoubleSpinBox;
class QGridLayout;
class QGroupBox;
class QLabel;
class QLineEdit;
class QListView;
class QListWidget;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QSortFilterProxyModel;
class QStackedWidget;
class QStandardItemModel;
class QTreeWidget;
class QWidget;

namespace jw {

class AttackPreviewPanel;
class AttackResultView;
class CardView;
class CardViewer;
class ComputerOpponent;
class FleetStrip;
class FlexPicker;
class GameController;
class NetGame;
class TableScene;
class TableView;

// The match table: the table view in the middle, the panel of what the player
// to act may do (from the engine's legalCommands), the selected model's card
// and the game log in docks, whose turn it is at the top. Every click that
// changes the game becomes a Command sent through the GameController; what is
// refused is shown with its rule.
//
// The public functions below are what the mouse and the buttons call; tests
// call them too.
class GameWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit GameWindow(GameController *controller, QWidget *parent = nullptr);

    [[nodiscard]] GameController *controller() const { return m_controller; }
    // The computer players of the game (GameTable makes it): while the computer is to
    // answer, the commands panel shows it thinking; the log shows its reasons; the person
    // at the screen is always the one who sees (no hand-over); Undo takes back the
    // person's last command with the computer's since.
    void setComputer(ComputerOpponent *computer);
    [[nodiscard]] ComputerOpponent *computer() const { return m_computer; }
    // A game with a person at another computer: while the table waits on the network (the
    // peer's turn, connecting, paused) the computer's panel shows why and the local player's
    // commands are refused, as on the computer's turn; the local player always reads the
    // screen (no hand-over); nothing is undone.
    void setNetGame(NetGame *net);
    [[nodiscard]] NetGame *netGame() const { return m_net; }
    // What the table's place shows while there is no game and no network game under way
    // (GameTable's start page: how to begin one); the docks stay where the user put them.
    void setStartPage(QWidget *page);
    // A button on the panel shown when the game is over (GameTable's Replay This Game, Luck
    // Report, Save Game As, New Game), doing what `action` does.
    void addGameOverAction(QAction *action);
    [[nodiscard]] QWidget *gameOverPanel() const { return m_overPanel; }
    [[nodiscard]] QTreeWidget *victoryPointsTree() const { return m_overTree; }
    [[nodiscard]] bool showsStartPage() const;
    // A line in the game log about the network (a refused message, a dropped connection).
    void addLogNote(const QString &text);
    [[nodiscard]] QWidget *computerPanel() const { return m_computerPanel; }
    [[nodiscard]] QLabel *computerLabel() const { return m_computerLabel; }
    [[nodiscard]] QPushButton *pauseButton() const { return m_pauseButton; }
    // Hint: what the computer would do now for the person to answer (its reason is shown
    // under the table).
    void hint();
    [[nodiscard]] QPushButton *hintButton() const { return m_hintButton; }
    [[nodiscard]] QLabel *hintLabel() const { return m_hintLabel; }
    [[nodiscard]] TableScene *scene() const { return m_scene; }
    [[nodiscard]] TableView *view() const { return m_view; }
    [[nodiscard]] CardView *cardView() const { return m_card; }
    // Both fleets' cards (a dock); the selected model's card in a window of its own.
    [[nodiscard]] FleetStrip *fleetStrip() const { return m_fleetStrip; }
    [[nodiscard]] CardViewer *cardViewer() const { return m_cardViewer; }
    void showCardViewer();
    // The docks (commands, unit card, game log, fleets), in that order: View › Panels
    // shows and hides them.
    [[nodiscard]] QList<QDockWidget *> docks() const;
    // Every dock shown and docked where it was at first, at its first size.
    void resetLayout();
    [[nodiscard]] QLabel *turnLabel() const { return m_turnLabel; }
    [[nodiscard]] QLabel *messageLabel() const { return m_message; }
    [[nodiscard]] QListWidget *actionList() const { return m_actions; }
    [[nodiscard]] QTreeWidget *weaponTree() const { return m_weapons; }
    [[nodiscard]] QListWidget *decisionOptions() const { return m_options; }
    [[nodiscard]] FlexPicker *flexPicker() const { return m_flexPicker; }
    [[nodiscard]] QPushButton *answerButton() const { return m_answerButton; }
    [[nodiscard]] QPushButton *resolveButton() const { return m_resolveAction; }
    [[nodiscard]] QListWidget *resolveTargetList() const { return m_resolveTargets; }
    [[nodiscard]] QStandardItemModel *logModel() const { return m_log; }
    [[nodiscard]] QSortFilterProxyModel *logFilter() const { return m_logFilter; }
    [[nodiscard]] QComboBox *logKindFilter() const { return m_logKind; }

    // Selection (a click on a model): card, ranges, arcs, its actions.
    void selectModel(int model);
    [[nodiscard]] int selectedModel() const { return m_selected; }

    // Deployment: the model to place, its facing, the click on the table.
    void setDeployModel(int model);
    [[nodiscard]] int deployModel() const { return m_deployModel; }
    void rotatePreview(double degrees);
    [[nodiscard]] double deployFacing() const { return m_facing; }
    // Water Raid › Water Reserves: the units of water the model to place takes (sent as
    // DeployCommand::water), pre-filled with the engine's default; shown for the Defender.
    [[nodiscard]] QSpinBox *waterSpin() const { return m_waterSpin; }
    [[nodiscard]] QDoubleSpinBox *cometSizeSpin() const { return m_cometSize; }
    [[nodiscard]] std::optional<int> deployWater() const;
    bool deployAt(const QPointF &centre);
    bool embark(int model, int carrier);
    bool decline();

    // Activation: declare an Action ("" for none) for the selected model.
    bool activate(int model, const QString &action);

    // Movement of the active model being planned: a drag on the table, a turn
    // point, then commit. Capital ships: forward along the facing with turns.
    // Squadrons: any path (clicks add waypoints, a drag moves the last one).
    void dragMove(const QPointF &to);
    void addTurn(double degrees);
    void addWaypoint(const QPointF &point);
    void clearMove();
    bool commitMove();
    [[nodiscard]] const std::vector<MoveLeg> &plannedLegs() const { return m_legs; }
    [[nodiscard]] const QPolygonF &plannedPath() const { return m_path; }

    // Attack: pick a weapon line (-1: any), then a target. A target clicked (attack()) or
    // double-clicked in the list opens the preview (previewAttack: the pool, the odds, the
    // expected damage; false and the refusal shown when the engine refuses it); Roll or
    // Enter sends it (confirmAttack), Cancel or Esc closes it and changes nothing
    // (cancelAttack). attackWith() previews and rolls in one call.
    void selectWeapon(int weapon);
    bool attack(int target);
    bool attackWith(int weapon, int target);
    bool previewAttack(int weapon, int target);
    bool confirmAttack();
    void cancelAttack();
    [[nodiscard]] bool attackPreviewShowing() const;
    [[nodiscard]] AttackPreviewPanel *attackPreviewPanel() const { return m_attackPreview; }
    // The dice of the last attack and what it did (from the last command's events).
    [[nodiscard]] AttackResultView *attackResultView() const { return m_attackResult; }

    // The declared Action resolved on demand (the Resolve button): at once with
    // no target or one; with several, the player picks one (a click on a
    // highlighted model, or in the list with the distances).
    bool resolveAction();
    bool resolveOn(int target);
    // Water Raid › Mine the Comet: resolve against a terrain piece (its index in
    // GameState::terrain) the engine offers; a click on it while choosing does the same.
    bool resolveOnTerrain(int terrain);
    [[nodiscard]] bool pickingTarget() const { return m_pickingTarget; }
    // Lay Mines: with the Resolve button toggled, a click beside the ship lays a
    // token there (snapped into base contact).
    [[nodiscard]] bool layingMines() const;
    bool layMineNear(const QPointF &click);
    // Land (a free Action) on a friendly carrier: the Land… button's menu.
    bool landOn(int carrier);
    [[nodiscard]] QPushButton *landButton() const { return m_landButton; }
    void cancelTargetPick();

    // The pending decision: the hand-over screen when it is the other player's,
    // then the options (the dice one by one for a flex decision).
    [[nodiscard]] bool handOverShowing() const;
    void confirmHandOver();
    // An option that is a movement (DecisionRequest::paths) waits for a click on
    // the table (answerWithPath); any other is sent at once.
    bool answer(int option);
    bool answerWithPath(int option, const std::vector<QPointF> &path);
    [[nodiscard]] int pathOption() const { return m_pathOption; }
    // The option the panel has selected (the flex picker's dice, or the list's
    // current option); -1 when none.
    [[nodiscard]] int selectedOption() const;

    bool endActivation();
    bool undo();

    // Measure tool: between the closest points of two bases.
    void measure(int a, int b);

Q_SIGNALS:
    void undoAvailable(bool on);

private:
    bool resolveWhere(const std::function<bool(const ResolveActionCommand &)> &matches);
    void buildUi();
    void buildAttackPanels(QBoxLayout *layout);
    void refreshAttackPanels();
    void refresh();
    void refreshLog();
    void refreshGameOver();
    void refreshCard();
    void buildCardDocks();
    void refreshFleetStrip();
    void refreshTargets();
    void refreshDecision();
    void refreshMovePreview();
    void refreshDeployPreview(const QPointF &at);
    void refreshWater();
    void onModelClicked(int model, Qt::KeyboardModifiers modifiers);
    // The keyboard's ring moved (TableView: N, P): the message line and the view's
    // description say which model and what picking it does (from the highlights, which are
    // the engine's answers).
    void onKeyboardModel(int model);
    [[nodiscard]] static QString tableDescription();
    void onTableClicked(const QPointF &pos, Qt::KeyboardModifiers modifiers);
    void onDragged(const QPointF &from, const QPointF &to, bool finished);
    void onHovered(const QPointF &pos);
    void showRejection(const QString &rule, const QString &message);
    void refreshComputer();
    void setHint(const QString &text);
    void showHintOnTable(const Command &command);
    // Who reads the game at the screen (secrets, the log): the person against the computer,
    // everyone in a game watched or over, else the player to act or to answer.
    [[nodiscard]] int screenViewer() const;
    // Whether `model` is shown as hidden: a stand-in of a masked network game, or over the
    // network a model the rules keep from this screen's player (v1.2.4 secret information).
    [[nodiscard]] bool hiddenHere(const GameState &state, int model) const;
    // This computer's player in a network game (whose secrets it keeps), else -1.
    [[nodiscard]] int networkViewer() const;
    // The model's name as this screen shows it ("Hidden model" when hiddenHere()).
    [[nodiscard]] QString shownName(const GameState &state, int model) const;
    [[nodiscard]] bool send(const Command &command);
    [[nodiscard]] int activeModel() const;
    [[nodiscard]] bool activeIsCapital() const;

    GameController *m_controller;
    ComputerOpponent *m_computer = nullptr;
    NetGame *m_net = nullptr;
    TableScene *m_scene = nullptr;
    TableView *m_view = nullptr;
    CardView *m_card = nullptr;
    FleetStrip *m_fleetStrip = nullptr;
    CardViewer *m_cardViewer = nullptr;
    QLabel *m_turnLabel = nullptr;
    QLabel *m_phaseLabel = nullptr;
    QLabel *m_message = nullptr;
    QStackedWidget *m_panels = nullptr;
    QStackedWidget *m_centre = nullptr; // the start page, or the table
    QWidget *m_startPage = nullptr;
    QWidget *m_emptyPanel = nullptr;
    // Deployment
    QWidget *m_deployPanel = nullptr;
    QListWidget *m_deployList = nullptr;
    QLabel *m_deployTitle = nullptr;
    QWidget *m_deployControls = nullptr;
    QDoubleSpinBox *m_facingSpin = nullptr;
    QWidget *m_cometControls = nullptr;
    QDoubleSpinBox *m_cometSize = nullptr;
    QLabel *m_waterLabel = nullptr;
    QSpinBox *m_waterSpin = nullptr;
    QLabel *m_waterLeft = nullptr;
    int m_waterModel = -1; // the model the Water spin box was filled for
    QComboBox *m_embarkCombo = nullptr;
    QPushButton *m_embarkButton = nullptr;
    QPushButton *m_declineButton = nullptr;
    // Choosing a model to activate
    QWidget *m_activatePanel = nullptr;
    QListWidget *m_actions = nullptr;
    QPushButton *m_activateButton = nullptr;
    // The activation
    QWidget *m_activationPanel = nullptr;
    QLabel *m_activeLabel = nullptr;
    QLabel *m_activateTitle = nullptr;
    QLabel *m_embarkedLabel = nullptr;
    QListWidget *m_embarked = nullptr;
    QLabel *m_lastRoll = nullptr;
    QPushButton *m_resolveAction = nullptr;
    QListWidget *m_resolveTargets = nullptr;
    QLabel *m_resolveHint = nullptr;
    std::vector<ResolveActionCommand> m_resolveCommands; // what the engine offers now
    bool m_pickingTarget = false;
    int m_pathOption = -1; // a decision option that is a movement, waiting for a click
    QLabel *m_pathHint = nullptr;
    QPushButton *m_landButton = nullptr;
    QLabel *m_moveLabel = nullptr;
    QDoubleSpinBox *m_turnSpin = nullptr;
    QPushButton *m_turnPort = nullptr;
    QPushButton *m_turnStarboard = nullptr;
    QPushButton *m_commitMove = nullptr;
    QTreeWidget *m_weapons = nullptr;
    QWidget *m_attackArea = nullptr; // scrolls the dice of the last attack
    AttackPreviewPanel *m_attackPreview = nullptr;
    AttackResultView *m_attackResult = nullptr;
    // Decisions
    QWidget *m_decisionPanel = nullptr;
    QStackedWidget *m_decisionStack = nullptr;
    QLabel *m_handOverLabel = nullptr;
    QLabel *m_question = nullptr;
    QLabel *m_diceLabel = nullptr;
    QListWidget *m_options = nullptr;
    FlexPicker *m_flexPicker = nullptr;
    QPushButton *m_answerButton = nullptr;
    // The computer's turn
    QWidget *m_overPanel = nullptr; // the game is over: the Victory Points, what next
    QLabel *m_overTitle = nullptr;
    QTreeWidget *m_overTree = nullptr;
    QStringList m_overKey; // what the tree shows (refreshGameOver)
    QGridLayout *m_overButtons = nullptr;
    QWidget *m_computerPanel = nullptr;
    QLabel *m_computerLabel = nullptr;
    QProgressBar *m_computerBusy = nullptr;
    QLabel *m_computerLast = nullptr;
    QPushButton *m_pauseButton = nullptr;
    QPushButton *m_hintButton = nullptr;
    QLabel *m_hintLabel = nullptr;
    // Log
    QStandardItemModel *m_log = nullptr;
    QSortFilterProxyModel *m_logFilter = nullptr;
    QComboBox *m_logKind = nullptr;
    QLineEdit *m_logSearch = nullptr;
    QListView *m_logView = nullptr;

    int m_selected = -1;
    // The player chose a model that cannot activate now (an enemy, to look at its card and
    // ranges) while a model to activate is being chosen: kept selected until the game moves on.
    bool m_inspecting = false;
    int m_deployModel = -1;
    double m_facing = 0;
    // Each player's deployment facing: by default toward the enemy's edge (the
    // bottom player faces up, 0; the top one down, 180), then what they chose.
    std::array<std::optional<double>, 2> m_playerFacing;
    int m_facingPlayer = -1; // whose facing the box shows
    bool m_previewMessage = false; // the message line shows the planned move's refusal
    QPointF m_lastHover;
    std::vector<MoveLeg> m_legs;
    QPolygonF m_path;
    int m_weapon = -1;
    int m_handedTo = -1; // who confirmed being at the screen for the pending decision
    int m_measureFrom = -1;
    // What the log shows: its entries, for whom, and the last command's record. Only new
    // entries are added while those hold (rebuilding it all at every command made a long
    // game slower with every step: each row's wrapped text laid out again).
    int m_logEntries = 0;
    int m_logViewer = -2;
    std::optional<Command> m_logLastCommand;
    std::vector<int> m_logLastDice;
    bool m_refreshing = false;
};

} // namespace jw
