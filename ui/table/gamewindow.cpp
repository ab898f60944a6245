// SPDX-License-Identifier: GPL-3.0-or-later
#include "table/gamewindow.h"
#include "table/gamewindowroles.h"

#include "engine/decisionrule.h"
#include "help/rulelink.h"

#include "print/cardview.h"
#include "table/attackpreview.h"
#include "table/cardviewer.h"
#include "table/computeropponent.h"
#include "table/dicewidget.h"
#include "table/fleetstrip.h"
#include "table/flexpicker.h"
#include "table/gamecontroller.h"
#include "table/modelcard.h"
#include "table/modelitem.h"
#include "table/movepreview.h"
#include "table/netgame.h"
#include "table/tablescene.h"
#include "table/tableterms.h"
#include "table/tableview.h"

#include "layoututil.h"

#include "engine/attack.h"
#include "engine/maskedview.h"
#include "engine/modelstate.h"
#include "engine/terrain.h"
#include "engine/waterreserves.h"
#include "geometry/measure.h"

#include <QBoxLayout>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QListWidget>
#include <QLocale>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QStackedWidget>
#include <QStandardItemModel>
#include <QTreeWidget>

#include <algorithm>
#include <limits>
#include <set>

namespace jw {

namespace {
// A refusal's rule as a link to the Rules Reference (the section refusalRule() says), and
// its sentence (both rich text); both plain when the reference has no section for the rule.
std::pair<QString, QString> linkedRule(const QString &rule, const QString &message)
{
    const QString link = help::ruleLink(refusalRule(rule), rule);
    if (!link.startsWith(QLatin1String("<a ")))
        return {rule, message};
    return {link, help::escaped(message)};
}

constexpr int kKindRole = GameWindowRole::Kind;
constexpr int kModelRole = GameWindowRole::Model;
constexpr int kActionRole = GameWindowRole::Action;
constexpr int kWeaponRole = GameWindowRole::Weapon;
constexpr int kTargetRole = GameWindowRole::Target;
constexpr int kTerrainRole = GameWindowRole::Terrain;
constexpr int kOptionRole = GameWindowRole::Option;
// A squadron dragged within this distance of the model its Action needs contact
// with snaps into base contact (Engine::snapIntoContact): half an inch, half a
// squadron base.
constexpr double kSnapIntoContactInches = 0.5;
// A capital ship's drag this close (screen pixels) to the rest of its minimum move makes it.
constexpr double kSnapMinimumPixels = 6.0;

QColor playerColor(int player)
{
    return player == 0 ? QColor(37, 99, 235) : QColor(220, 38, 38);
}

QString facesText(const QJsonArray &a)
{
    QStringList out;
    for (const QJsonValue &v : a)
        out << QString::number(v.toInt());
    return out.join(QLatin1Char(' '));
}

// Where `other` lies seen from `own` (its facing): which of two models of one
// name is meant. A description, not a rule (arcs are the engine's).
QString bearingText(const Placement &own, const Placement &other)
{
    const QPointF d = other.centre() - own.centre();
    const QPointF f = own.forward();
    const QPointF right(-f.y(), f.x()); // facing is clockwise, y grows downward
    const double angle = qRadiansToDegrees(
        std::atan2(d.x() * right.x() + d.y() * right.y(), d.x() * f.x() + d.y() * f.y()));
    if (std::abs(angle) <= 45)
        return QCoreApplication::translate("jw::GameWindow", "ahead");
    if (std::abs(angle) >= 135)
        return QCoreApplication::translate("jw::GameWindow", "astern");
    return angle > 0 ? QCoreApplication::translate("jw::GameWindow", "to starboard")
                     : QCoreApplication::translate("jw::GameWindow", "to port");
}

// The log filter: a kind ("" for all) and words to look for.
class LogFilter : public QSortFilterProxyModel
{
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    void setKind(const QString &kind)
    {
        m_kind = kind;
        invalidateFilter();
    }

protected:
    bool filterAcceptsRow(int row, const QModelIndex &parent) const override
    {
        const QModelIndex i = sourceModel()->index(row, 0, parent);
        if (!m_kind.isEmpty() && i.data(kKindRole).toString() != m_kind)
            return false;
        return QSortFilterProxyModel::filterAcceptsRow(row, parent);
    }

private:
    QString m_kind;
};

} // namespace

GameWindow::GameWindow(GameController *controller, QWidget *parent)
    : QMainWindow(parent)
    , m_controller(controller)
{
    setWindowFlags(Qt::Widget); // lives in a tab
    buildUi();
    connect(m_controller, &GameController::stateChanged, this, [this] {
        m_inspecting = false;
        setHint(QString()); // advice for a state that is gone
        m_hintButton->setEnabled(true);
        refresh();
    });
    connect(m_controller, &GameController::gameStarted, this, [this] {
        m_selected = m_deployModel = m_measureFrom = -1;
        m_handedTo = -1;
        m_pickingTarget = false;
        m_playerFacing = {};
        m_facingPlayer = -1;
        m_logEntries = 0; // another game's log
        clearMove();
        m_view->fitTable();
        refresh(); // the deployment facing of the new game
    });
    // A masked network game rebuilt on its grown setup: the cards shown point into the engine
    // that is gone; the selection and the view stay (stateChanged() refreshes).
    connect(m_controller, &GameController::setupGrown, this, [this] {
        m_card->setUnit(nullptr);
        m_card->setProperty("jwModel", -1);
        if (m_fleetStrip)
            m_fleetStrip->clearCards();
    });
    connect(m_controller, &GameController::rejected, this, &GameWindow::showRejection);
    refresh();
}

void GameWindow::buildUi()
{
    m_scene = new TableScene(this);
    m_view = new TableView(m_scene, this);
    m_view->setAccessibleName(tr("Game table"));
    m_view->setAccessibleDescription(tableDescription());
    connect(m_scene, &TableScene::modelClicked, this, &GameWindow::onModelClicked);
    connect(m_scene, &TableScene::keyboardModelChanged, this, &GameWindow::onKeyboardModel);
    connect(m_scene, &TableScene::tableClicked, this, &GameWindow::onTableClicked);
    connect(m_scene, &TableScene::dragged, this, &GameWindow::onDragged);
    connect(m_scene, &TableScene::hovered, this, &GameWindow::onHovered);
    connect(m_view, &TableView::rotateRequested, this, &GameWindow::rotatePreview);
    connect(m_view, &TableView::escapePressed, this, [this] {
        cancelTargetPick();
        cancelAttack();
        clearMove();
        if (m_pathOption >= 0) {
            m_pathOption = -1;
            m_pathHint->hide();
            m_scene->setGhost(std::nullopt);
        }
        m_scene->clearMeasure();
        m_measureFrom = -1;
    });

    auto *central = new QWidget;
    auto *cl = new QVBoxLayout(central);
    cl->setContentsMargins(0, 0, 0, 0);
    cl->setSpacing(0);
    m_turnLabel = new QLabel;
    m_turnLabel->setAlignment(Qt::AlignCenter);
    m_turnLabel->setMargin(6);
    QFont big = m_turnLabel->font();
    big.setPointSizeF(big.pointSizeF() * 1.5);
    big.setBold(true);
    m_turnLabel->setFont(big);
    m_turnLabel->setAutoFillBackground(true);
    m_phaseLabel = new QLabel;
    m_phaseLabel->setAlignment(Qt::AlignCenter);
    // Long names and scores wrap rather than widen the window (issue 16.2).
    m_turnLabel->setWordWrap(true);
    m_phaseLabel->setWordWrap(true);
    m_message = new QLabel;
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color: #f87171; padding: 2px 6px;"));
    m_message->setObjectName(QStringLiteral("tableMessage"));
    m_message->setAccessibleName(tr("Table message"));
    help::followRuleLinks(m_message); // a refusal's rule opens in Help › Rules Reference
    cl->addWidget(m_turnLabel);
    cl->addWidget(m_phaseLabel);
    cl->addWidget(m_view, 1);
    {
        // Hint: a button at the right end of the turn line (it takes no room from the table);
        // the computer's advice shows under the table until the game moves on.
        auto *hl = new QHBoxLayout(m_turnLabel);
        hl->setContentsMargins(0, 0, 4, 0);
        hl->addStretch();
        m_hintButton = new QPushButton(tr("Hint"));
        m_hintButton->setObjectName(QStringLiteral("hint"));
        m_hintButton->setToolTip(
            tr("What the computer (Careful) would do now in your place, and why (Game › Hint, "
               "Ctrl+H)"));
        m_hintButton->setFocusPolicy(Qt::NoFocus);
        // Light on the player's colour, not a second headline.
        m_hintButton->setStyleSheet(QStringLiteral(
            "QPushButton#hint { color: white; background: transparent; border: 1px solid "
            "rgba(255, 255, 255, 150); border-radius: 4px; padding: 2px 12px; }"
            "QPushButton#hint:hover { background: rgba(255, 255, 255, 40); }"
            "QPushButton#hint:disabled { color: rgba(255, 255, 255, 110); border-color: "
            "rgba(255, 255, 255, 60); }"));
        connect(m_hintButton, &QPushButton::clicked, this, &GameWindow::hint);
        hl->addWidget(m_hintButton, 0, Qt::AlignVCenter);
        m_hintLabel = new QLabel;
        m_hintLabel->setObjectName(QStringLiteral("hintText"));
        m_hintLabel->setWordWrap(true);
        m_hintLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
        m_hintLabel->setStyleSheet(QStringLiteral("padding: 2px 6px;"));
        m_hintLabel->hide(); // no room taken from the table while there is no hint
        cl->addWidget(m_hintLabel);
    }
    cl->addWidget(m_message);
    setCentralWidget(central);

    // The command panel: one page per situation.
    // The stack is as tall as the page shown, and scrolls in its dock (below): a label or a
    // list that appears never makes the window taller (issue 16.2).
    m_panels = new PageStack;
    m_emptyPanel = new QLabel(tr("No game. Game › New Game… to start one."));
    static_cast<QLabel *>(m_emptyPanel)->setWordWrap(true);
    m_panels->addWidget(m_emptyPanel);

    m_deployPanel = new QWidget;
    {
        auto *outer = new QVBoxLayout(m_deployPanel);
        m_deployTitle = new QLabel;
        m_deployTitle->setWordWrap(true);
        outer->addWidget(m_deployTitle);
        // Water Raid: the size of the Comet's Body ("Comets ... 2-4\""), shown only while
        // the Defender places it.
        m_cometControls = new QWidget;
        {
            auto *cf = new QFormLayout(m_cometControls);
            cf->setContentsMargins(0, 0, 0, 0);
            m_cometSize = new QDoubleSpinBox;
            m_cometSize->setObjectName(QStringLiteral("cometSize"));
            m_cometSize->setRange(2.0, 4.0);
            m_cometSize->setSingleStep(0.5);
            m_cometSize->setDecimals(1);
            m_cometSize->setValue(3.0);
            m_cometSize->setSuffix(QStringLiteral("\""));
            m_cometSize->setToolTip(tr("The Comet's Body, 2\" to 4\" across"));
            cf->addRow(tr("Comet Body:"), m_cometSize);
        }
        outer->addWidget(m_cometControls);
        // The model controls, hidden while the Comet is placed (Water Raid).
        m_deployControls = new QWidget;
        outer->addWidget(m_deployControls, 1);
        outer->addStretch(0);
        auto *l = new QVBoxLayout(m_deployControls);
        l->setContentsMargins(0, 0, 0, 0);
        m_deployList = new QListWidget;
        m_deployList->setAccessibleName(tr("Units to deploy"));
        l->addWidget(m_deployList, 1);
        connect(m_deployList, &QListWidget::currentItemChanged, this, [this](QListWidgetItem *it) {
            if (!m_refreshing && it)
                setDeployModel(it->data(kModelRole).toInt());
        });
        auto *f = new QFormLayout;
        m_facingSpin = new QDoubleSpinBox;
        m_facingSpin->setObjectName(QStringLiteral("facingSpin"));
        m_facingSpin->setRange(0, 359);
        m_facingSpin->setWrapping(true);
        m_facingSpin->setSingleStep(15);
        m_facingSpin->setSuffix(QStringLiteral("°"));
        connect(m_facingSpin, &QDoubleSpinBox::valueChanged, this, [this](double v) {
            m_facing = v;
            if (m_facingPlayer >= 0)
                m_playerFacing[std::size_t(m_facingPlayer)] = v;
            refreshDeployPreview(m_lastHover);
        });
        f->addRow(tr("Facing:"), m_facingSpin);
        m_waterSpin = new QSpinBox;
        m_waterSpin->setObjectName(QStringLiteral("waterSpin"));
        m_waterSpin->setSuffix(tr(" units"));
        m_waterSpin->setToolTip(tr("Water Raid › Water Reserves: the units of water this model "
                                   "carries (pre-filled with what it takes by default)"));
        connect(m_waterSpin, &QSpinBox::valueChanged, this,
                [this] { refreshDeployPreview(m_lastHover); });
        m_waterLeft = new QLabel;
        m_waterLeft->setObjectName(QStringLiteral("waterLeft"));
        auto *wh = new QHBoxLayout;
        wh->addWidget(m_waterSpin);
        wh->addWidget(m_waterLeft, 1);
        m_waterLabel = new QLabel(tr("Water:"));
        f->addRow(m_waterLabel, wh);
        l->addLayout(f);
        auto *eh = new QHBoxLayout;
        m_embarkCombo = new QComboBox;
        m_embarkButton = new QPushButton(tr("Embark"));
        connect(m_embarkButton, &QPushButton::clicked, this, [this] {
            const QVariantList v = m_embarkCombo->currentData().toList();
            if (v.size() == 2)
                embark(v[0].toInt(), v[1].toInt());
        });
        eh->addWidget(m_embarkCombo, 1);
        eh->addWidget(m_embarkButton);
        l->addLayout(eh);
        m_declineButton = new QPushButton(tr("Decline to deploy"));
        connect(m_declineButton, &QPushButton::clicked, this, &GameWindow::decline);
        l->addWidget(m_declineButton);
    }
    m_panels->addWidget(m_deployPanel);

    m_activatePanel = new QWidget;
    {
        auto *l = new QVBoxLayout(m_activatePanel);
        auto *help = new QLabel(tr("<b>Activation</b><br>Click a highlighted model, pick its "
                                   "Action (greyed ones say why not), then Activate."));
        help->setWordWrap(true);
        l->addWidget(help);
        m_activateTitle = new QLabel;
        m_activateTitle->setObjectName(QStringLiteral("activateTitle"));
        l->addWidget(m_activateTitle);
        m_actions = new QListWidget;
        m_actions->setAccessibleName(tr("Actions"));
        l->addWidget(m_actions, 1);
        // Embarked models are off the table: they are picked here, activate,
        // and Launch by a click on the table.
        m_embarkedLabel
            = new QLabel(tr("Embarked (off the table) — pick one to activate it and Launch:"));
        m_embarkedLabel->setWordWrap(true);
        l->addWidget(m_embarkedLabel);
        m_embarked = new QListWidget;
        m_embarked->setObjectName(QStringLiteral("embarkedList"));
        m_embarked->setAccessibleName(tr("Embarked units"));
        m_embarked->setMaximumHeight(m_embarked->fontMetrics().lineSpacing() * 4 + 8);
        connect(m_embarked, &QListWidget::itemClicked, this, [this](QListWidgetItem *it) {
            m_selected = it->data(kModelRole).toInt();
            refresh();
        });
        l->addWidget(m_embarked);
        m_activateButton = new QPushButton(tr("Activate"));
        connect(m_activateButton, &QPushButton::clicked, this, [this] {
            if (QListWidgetItem *it = m_actions->currentItem())
                activate(m_selected, it->data(kActionRole).toString());
        });
        connect(m_actions, &QListWidget::itemDoubleClicked, this, [this](QListWidgetItem *it) {
            if (it->flags() & Qt::ItemIsEnabled)
                activate(m_selected, it->data(kActionRole).toString());
        });
        l->addWidget(m_activateButton);
    }
    m_panels->addWidget(m_activatePanel);

    m_activationPanel = new QWidget;
    {
        auto *l = new QVBoxLayout(m_activationPanel);
        m_activeLabel = new QLabel;
        m_activeLabel->setWordWrap(true);
        l->addWidget(m_activeLabel);
        // The last roll of this activation and what it did, in the rulebook's
        // notation (the engine's events; the log keeps them all).
        m_lastRoll = new QLabel;
        m_lastRoll->setObjectName(QStringLiteral("lastRoll"));
        m_lastRoll->setWordWrap(true);
        m_lastRoll->setTextFormat(Qt::RichText);
        m_lastRoll->setFrameShape(QFrame::StyledPanel);
        m_lastRoll->setMargin(4);
        m_lastRoll->hide();
        l->addWidget(m_lastRoll);
        buildAttackPanels(l);
        auto *move = new QGroupBox(tr("Move"));
        auto *ml = new QVBoxLayout(move);
        m_moveLabel = new QLabel;
        m_moveLabel->setWordWrap(true);
        // The box asks for no more than its minimum in the scrolling panel, where a wrapped
        // label's own height is not counted: room for its usual four lines at a narrow width.
        m_moveLabel->setMinimumHeight(m_moveLabel->fontMetrics().lineSpacing() * 5);
        m_moveLabel->setAlignment(Qt::AlignLeft | Qt::AlignTop);
        ml->addWidget(m_moveLabel);
        auto *th = new QHBoxLayout;
        m_turnSpin = new QDoubleSpinBox;
        m_turnSpin->setObjectName(QStringLiteral("turnSpin"));
        m_turnSpin->setRange(1, 45);
        m_turnSpin->setValue(45);
        m_turnSpin->setSuffix(QStringLiteral("°"));
        m_turnPort = new QPushButton(tr("Turn to Port"));
        m_turnStarboard = new QPushButton(tr("Turn to Starboard"));
        connect(m_turnPort, &QPushButton::clicked, this, [this] { addTurn(-m_turnSpin->value()); });
        connect(m_turnStarboard, &QPushButton::clicked, this,
                [this] { addTurn(m_turnSpin->value()); });
        th->addWidget(m_turnPort);
        th->addWidget(m_turnSpin);
        th->addWidget(m_turnStarboard);
        ml->addLayout(th);
        auto *ch = new QHBoxLayout;
        m_commitMove = new QPushButton(tr("Move"));
        auto *clear = new QPushButton(tr("Clear"));
        connect(m_commitMove, &QPushButton::clicked, this, &GameWindow::commitMove);
        connect(clear, &QPushButton::clicked, this, &GameWindow::clearMove);
        ch->addWidget(m_commitMove);
        ch->addWidget(clear);
        ml->addLayout(ch);
        l->addWidget(move);
        auto *att = new QGroupBox(tr("Attack"));
        auto *al = new QVBoxLayout(att);
        m_weapons = new QTreeWidget;
        m_weapons->setHeaderLabels({tr("Weapon / target"), tr("Range, pool or why not")});
        m_weapons->setRootIsDecorated(true);
        connect(m_weapons, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *it) {
            if (!m_refreshing && it)
                selectWeapon(it->data(0, kWeaponRole).toInt());
        });
        connect(m_weapons, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem *it) {
            const int target = it->data(0, kTargetRole).toInt();
            if (target >= 0)
                (void)previewAttack(it->data(0, kWeaponRole).toInt(), target);
        });
        auto *pick = new QLabel(tr("Pick a weapon, then click a green target."));
        pick->setWordWrap(true);
        al->addWidget(pick);
        al->addWidget(m_weapons);
        l->addWidget(att, 1);
        // Actions resolved on demand (Withdraw, once clear of the enemy): shown
        // when the engine offers the command.
        m_resolveAction = new QPushButton(tr("Resolve Action"));
        m_resolveAction->setObjectName(QStringLiteral("resolveAction"));
        // A refusal is shown by send() itself.
        connect(m_resolveAction, &QPushButton::clicked, this, [this] { (void)resolveAction(); });
        l->addWidget(m_resolveAction);
        // Several targets: the player picks one here or on the table.
        m_resolveTargets = new QListWidget;
        m_resolveTargets->setObjectName(QStringLiteral("resolveTargets"));
        m_resolveTargets->setAccessibleName(tr("Targets"));
        m_resolveTargets->setMaximumHeight(m_resolveTargets->fontMetrics().lineSpacing() * 5 + 8);
        m_resolveTargets->hide();
        m_resolveHint = new QLabel(tr("Click a target marked orange on the table, or here:"));
        m_resolveHint->setWordWrap(true);
        m_resolveHint->hide();
        l->addWidget(m_resolveHint);
        connect(m_resolveTargets, &QListWidget::itemClicked, this, [this](QListWidgetItem *it) {
            if (it->data(kTerrainRole).isValid())
                (void)resolveOnTerrain(it->data(kTerrainRole).toInt());
            else
                (void)resolveOn(it->data(kTargetRole).toInt());
        });
        l->addWidget(m_resolveTargets);
        // Land (a free Action): on the friendly carriers the engine offers.
        m_landButton = new QPushButton(tr("Land…"));
        m_landButton->setObjectName(QStringLiteral("land"));
        m_landButton->setMenu(new QMenu(m_landButton));
        m_landButton->hide();
        l->addWidget(m_landButton);
        auto *end = new QPushButton(tr("End Activation"));
        connect(end, &QPushButton::clicked, this, &GameWindow::endActivation);
        l->addWidget(end);
    }
    m_panels->addWidget(m_activationPanel);

    m_decisionPanel = new QWidget;
    {
        auto *l = new QVBoxLayout(m_decisionPanel);
        m_decisionStack = new PageStack;
        auto *hand = new QWidget;
        auto *hl = new QVBoxLayout(hand);
        m_handOverLabel = new QLabel;
        m_handOverLabel->setWordWrap(true);
        m_handOverLabel->setAlignment(Qt::AlignCenter);
        QFont f = m_handOverLabel->font();
        f.setPointSizeF(f.pointSizeF() * 1.3);
        m_handOverLabel->setFont(f);
        auto *ready = new QPushButton(tr("I am here: show me"));
        connect(ready, &QPushButton::clicked, this, &GameWindow::confirmHandOver);
        hl->addStretch();
        hl->addWidget(m_handOverLabel);
        hl->addWidget(ready);
        hl->addStretch();
        m_decisionStack->addWidget(hand);
        auto *ask = new QWidget;
        auto *al = new QVBoxLayout(ask);
        m_question = new QLabel;
        m_question->setObjectName(QStringLiteral("decisionQuestion"));
        m_question->setWordWrap(true);
        m_question->setTextFormat(Qt::RichText);
        help::followRuleLinks(m_question); // the question's rule opens in the Rules Reference
        m_diceLabel = new QLabel;
        m_diceLabel->setWordWrap(true);
        m_diceLabel->setTextFormat(Qt::RichText);
        m_options = new QListWidget;
        m_options->setAccessibleName(tr("Options"));
        m_options->setWordWrap(true);
        m_flexPicker = new FlexPicker;
        m_flexPicker->setObjectName(QStringLiteral("flexPicker"));
        m_answerButton = new QPushButton(tr("Answer"));
        m_answerButton->setObjectName(QStringLiteral("answer"));
        connect(m_answerButton, &QPushButton::clicked, this,
                [this] { (void)answer(selectedOption()); });
        connect(m_options, &QListWidget::itemDoubleClicked, this, [this](QListWidgetItem *it) {
            if (it->data(kOptionRole).isValid())
                (void)answer(it->data(kOptionRole).toInt());
        });
        connect(m_options, &QListWidget::currentItemChanged, this,
                [this] { m_answerButton->setEnabled(selectedOption() >= 0); });
        connect(m_flexPicker, &FlexPicker::optionChanged, this,
                [this](int option) { m_answerButton->setEnabled(option >= 0); });
        al->addWidget(m_question);
        al->addWidget(m_diceLabel);
        al->addWidget(m_flexPicker);
        al->addWidget(m_options, 1);
        m_pathHint = new QLabel;
        m_pathHint->setObjectName(QStringLiteral("pathHint"));
        m_pathHint->setWordWrap(true);
        m_pathHint->hide();
        al->addWidget(m_pathHint);
        al->addWidget(m_answerButton);
        al->addStretch();
        m_decisionStack->addWidget(ask);
        l->addWidget(m_decisionStack);
    }
    m_panels->addWidget(m_decisionPanel);

    // The computer's turn: who thinks, a busy bar, what it did last; Pause stops it between
    // two commands (a game watched, followed step by step).
    m_computerPanel = new QWidget;
    m_computerPanel->setObjectName(QStringLiteral("computerPanel"));
    {
        auto *l = new QVBoxLayout(m_computerPanel);
        m_computerLabel = new QLabel;
        m_computerLabel->setWordWrap(true);
        QFont f = m_computerLabel->font();
        f.setPointSizeF(f.pointSizeF() * 1.2);
        f.setBold(true);
        m_computerLabel->setFont(f);
        l->addWidget(m_computerLabel);
        m_computerBusy = new QProgressBar;
        m_computerBusy->setRange(0, 0); // busy, no end known
        m_computerBusy->setTextVisible(false);
        m_computerBusy->setMaximumHeight(10);
        l->addWidget(m_computerBusy);
        m_computerLast = new QLabel;
        m_computerLast->setWordWrap(true);
        m_computerLast->setTextInteractionFlags(Qt::TextSelectableByMouse);
        l->addWidget(m_computerLast);
        m_pauseButton = new QPushButton(tr("Pause"));
        m_pauseButton->setObjectName(QStringLiteral("pauseComputer"));
        m_pauseButton->setCheckable(true);
        m_pauseButton->setToolTip(tr("Stop the computer after its current command; click again "
                                     "to let it go on"));
        connect(m_pauseButton, &QPushButton::toggled, this, [this](bool on) {
            if (m_refreshing || !m_computer)
                return;
            m_computer->setPaused(on);
            refreshComputer();
        });
        l->addWidget(m_pauseButton, 0, Qt::AlignLeft);
        l->addStretch();
    }
    m_panels->addWidget(m_computerPanel);

    // The end of the game: how the Victory Points came out, model by model (the engine's
    // victoryShare), and what to do next (GameTable's actions: replay, luck, save, new game).
    m_overPanel = new QWidget;
    m_overPanel->setObjectName(QStringLiteral("gameOverPanel"));
    {
        auto *l = new QVBoxLayout(m_overPanel);
        l->setContentsMargins(0, 0, 0, 0);
        m_overTitle = new QLabel(tr("The final standing"));
        m_overTitle->setWordWrap(true);
        QFont f = m_overTitle->font();
        f.setBold(true);
        f.setPointSizeF(f.pointSizeF() * 1.2);
        m_overTitle->setFont(f);
        l->addWidget(m_overTitle);
        m_overTree = new QTreeWidget;
        m_overTree->setObjectName(QStringLiteral("victoryPoints"));
        m_overTree->setAccessibleName(tr("Victory Points by model"));
        m_overTree->setHeaderLabels({tr("Model"), tr("At the end"), tr("Points")});
        m_overTree->headerItem()->setToolTip(2, tr("What the model counts for in Victory Points"));
        m_overTree->setRootIsDecorated(true);
        m_overTree->setUniformRowHeights(true);
        // The three columns within the dock's width: the names and what became of them share
        // what the points leave (elided, in full in their tooltips).
        m_overTree->header()->setStretchLastSection(false);
        m_overTree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
        m_overTree->header()->setSectionResizeMode(1, QHeaderView::Stretch);
        m_overTree->header()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
        m_overTree->setTextElideMode(Qt::ElideRight);
        m_overTree->setMinimumHeight(m_overTree->fontMetrics().height() * 8);
        l->addWidget(m_overTree, 1);
        // A model's line shows its card (and the model, where it stands).
        connect(m_overTree, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *it) {
            if (!m_refreshing && it && it->data(0, kModelRole).isValid())
                selectModel(it->data(0, kModelRole).toInt());
        });
        m_overButtons = new QGridLayout;
        l->addLayout(m_overButtons);
        l->addStretch();
    }
    m_panels->addWidget(m_overPanel);

    auto *commandDock = new QDockWidget(tr("Commands"), this);
    commandDock->setObjectName(QStringLiteral("commands"));
    // Closable like the others: View › Game Table Panels brings it back.
    auto *panelScroll = new PanelScroll(m_panels);
    panelScroll->setObjectName(QStringLiteral("commandsScroll"));
    panelScroll->setAccessibleName(tr("Commands"));
    commandDock->setWidget(panelScroll);
    addDockWidget(Qt::RightDockWidgetArea, commandDock);

    m_card = new CardView;
    // Small enough for a 1024x640 screen beside the commands; Full Size… shows it large.
    m_card->setMinimumSize(160, 110);
    auto *cardDock = new QDockWidget(tr("Unit Card"), this);
    cardDock->setObjectName(QStringLiteral("card"));
    cardDock->setWidget(m_card);
    addDockWidget(Qt::RightDockWidgetArea, cardDock);

    auto *logWidget = new QWidget;
    auto *ll = new QVBoxLayout(logWidget);
    ll->setContentsMargins(2, 2, 2, 2);
    auto *fh = new QHBoxLayout;
    m_logKind = new QComboBox;
    m_logKind->addItem(tr("All events"), QString());
    m_logSearch = new QLineEdit;
    m_logSearch->setAccessibleName(tr("Filter the game log"));
    m_logSearch->setPlaceholderText(tr("Filter…"));
    m_logSearch->setClearButtonEnabled(true);
    fh->addWidget(m_logKind);
    fh->addWidget(m_logSearch, 1);
    ll->addLayout(fh);
    m_log = new QStandardItemModel(this);
    auto *filter = new LogFilter(this);
    filter->setSourceModel(m_log);
    filter->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_logFilter = filter;
    connect(m_logKind, &QComboBox::currentIndexChanged, this,
            [this, filter] { filter->setKind(m_logKind->currentData().toString()); });
    connect(m_logSearch, &QLineEdit::textChanged, filter,
            &QSortFilterProxyModel::setFilterFixedString);
    m_logView = new QListView;
    m_logView->setAccessibleName(tr("Game log"));
    m_logView->setModel(m_logFilter);
    m_logView->setWordWrap(true);
    m_logView->setUniformItemSizes(false);
    m_logView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    ll->addWidget(m_logView);
    auto *logDock = new QDockWidget(tr("Game Log"), this);
    logDock->setObjectName(QStringLiteral("log"));
    logDock->setWidget(logWidget);
    addDockWidget(Qt::BottomDockWidgetArea, logDock);
    buildCardDocks();
    resetLayout();
}

QList<QDockWidget *> GameWindow::docks() const
{
    QList<QDockWidget *> list;
    for (const char *name : {"commands", "card", "log", "fleets"})
        if (auto *d = findChild<QDockWidget *>(QLatin1String(name)))
            list << d;
    return list;
}

void GameWindow::resetLayout()
{
    const QList<QDockWidget *> d = docks();
    if (d.size() != 4)
        return;
    QDockWidget *commands = d[0], *card = d[1], *log = d[2], *fleets = d[3];
    for (QDockWidget *w : d) {
        w->setFloating(false);
        removeDockWidget(w);
    }
    addDockWidget(Qt::RightDockWidgetArea, commands);
    addDockWidget(Qt::RightDockWidgetArea, card);
    addDockWidget(Qt::BottomDockWidgetArea, log);
    addDockWidget(Qt::BottomDockWidgetArea, fleets);
    splitDockWidget(log, fleets, Qt::Horizontal);
    for (QDockWidget *w : d)
        w->show();
    resizeDocks({log}, {130}, Qt::Vertical);
    // The commands take most of the right column and a readable width; the card below them
    // is small (Full Size… shows it large). The user's own sizes are kept (MainWindow).
    resizeDocks({commands, card}, {600, 200}, Qt::Vertical);
    resizeDocks({commands}, {330}, Qt::Horizontal);
    resizeDocks({log, fleets}, {500, 500}, Qt::Horizontal);
}

int GameWindow::activeModel() const
{
    if (!m_controller->hasGame() || !m_controller->state().activation)
        return -1;
    return m_controller->state().activation->model;
}

bool GameWindow::activeIsCapital() const
{
    const int id = activeModel();
    const GameState &s = m_controller->state();
    return id >= 0 && m_controller->engine().unitOf(*s.model(id)).isCapital();
}

bool GameWindow::send(const Command &command)
{
    m_message->clear();
    return m_controller->apply(command);
}

void GameWindow::showRejection(const QString &rule, const QString &message)
{
    m_previewMessage = false;
    const auto [ruleText, messageText] = linkedRule(rule, message);
    m_message->setText(tr("Refused — %1: %2").arg(ruleText, messageText));
}

void GameWindow::setStartPage(QWidget *page)
{
    if (!m_centre) {
        QWidget *table = takeCentralWidget();
        m_centre = new QStackedWidget;
        m_centre->addWidget(table);
        setCentralWidget(m_centre);
    }
    if (m_startPage)
        m_centre->removeWidget(m_startPage);
    m_startPage = page;
    m_centre->insertWidget(0, page);
    refresh();
}

bool GameWindow::showsStartPage() const
{
    return m_startPage && m_centre->currentWidget() == m_startPage;
}

void GameWindow::refresh()
{
    m_refreshing = true;
    const bool has = m_controller->hasGame();
    // The start page until there is a game, or a network game is under way (hosting,
    // joining: the table shows its progress).
    if (m_startPage)
        m_centre->setCurrentIndex(has || (m_net && m_net->active()) ? 1 : 0);
    Q_EMIT undoAvailable(m_controller->canUndo());
    if (!has) {
        static_cast<QLabel *>(m_emptyPanel)
            ->setText(m_net && m_net->active() ? m_net->statusText()
                                               : tr("No game. Game › New Game… to start one."));
        m_panels->setCurrentWidget(m_emptyPanel);
        m_hintButton->hide();
        setHint(QString());
        m_turnLabel->setText(tr("No game"));
        m_phaseLabel->clear();
        m_log->clear();
        m_logEntries = 0;
        // The closed game's models left the table with it.
        m_scene->clearState();
        m_selected = m_deployModel = -1;
        m_card->setUnit(nullptr);
        m_card->setProperty("jwModel", -1);
        refreshFleetStrip();
        m_refreshing = false;
        return;
    }
    // Over the network, while the other player's secret choice is sealed, this side answers
    // the next question in a state the session holds (the game waits for the reveal).
    const GameState *sealedView = m_net ? m_net->sealedQuestionState() : nullptr;
    const GameState &s = sealedView ? *sealedView : m_controller->state();
    const Engine &engine = m_controller->engine();
    const LegalCommands legal
        = sealedView ? engine.legalCommands(*sealedView) : m_controller->game()->legalCommands();
    const bool network = m_net && m_net->active();
    m_hintButton->setVisible(m_computer != nullptr && !network);
    m_hintButton->setEnabled(m_computer && m_computer->toDecide() < 0 && s.phase != Phase::Over
                             && !m_hintLabel->text().endsWith(QChar(0x2026)));
    m_scene->setState(engine, s);
    m_scene->clearHighlights();
    m_scene->setTargets(-1, {});
    m_scene->setGhost(std::nullopt);
    m_scene->clearMoveRail();
    m_scene->setActiveZone(s.phase == Phase::Deployment ? s.toAct : -1);

    // Who acts, prominently, in their colour.
    const int who = legal.decision ? legal.decision->player : s.toAct;
    const auto vp = engine.victoryPoints(s);
    // Water Raid: the Defender places the Stationary Comet before any model.
    const bool cometStep
        = s.phase == Phase::Deployment && !s.pending && s.deploymentStep == DeploymentStep::Comet;
    const QString phase = cometStep ? tr("%1 · Place the Comet").arg(TableTerms::phaseName(s.phase))
                                    : TableTerms::phaseName(s.phase);
    if (s.phase == Phase::Over) {
        const QString result = s.winner && *s.winner >= 0
            ? tr("%1 wins").arg(m_controller->playerName(*s.winner))
            : tr("Draw");
        m_turnLabel->setText(tr("Game over: %1").arg(result));
    } else if (network && who != m_net->side()) {
        m_turnLabel->setText(
            legal.decision
                ? tr("%1 (over the network) to answer").arg(m_controller->playerName(who))
                : tr("%1 (over the network) to act").arg(m_controller->playerName(who)));
    } else if (m_computer && m_computer->isComputer(who)) {
        m_turnLabel->setText(
            legal.decision ? tr("%1 (the computer) to answer").arg(m_controller->playerName(who))
                           : tr("%1 (the computer) to act").arg(m_controller->playerName(who)));
    } else {
        m_turnLabel->setText(legal.decision ? tr("%1 to answer").arg(m_controller->playerName(who))
                                 : cometStep
                                 ? tr("%1 to place the Comet").arg(m_controller->playerName(who))
                                 : tr("%1 to act").arg(m_controller->playerName(who)));
    }
    QPalette pal = m_turnLabel->palette();
    pal.setColor(QPalette::Window, playerColor(who).darker(130));
    pal.setColor(QPalette::WindowText, Qt::white);
    m_turnLabel->setPalette(pal);
    QString activation;
    if (s.activation)
        activation = tr(" · activating %1").arg(engine.modelName(s, s.activation->model));
    // A masked network game: a side's Victory Points count its hidden models' points, which
    // this program does not know yet (the stand-ins count none): shown as "?".
    QString vpText[2] = {QString::number(vp[0]), QString::number(vp[1])};
    QStringList secretVp;
    for (int p = 0; p < 2; ++p)
        if (std::any_of(s.models.begin(), s.models.end(), [&](const ModelState &m) {
                return m.owner == p && m.terrain < 0 && isStandInUnit(m.unitId);
            })) {
            vpText[p] = tr("?", "Victory Points not known yet (hidden models)");
            secretVp << m_controller->playerName(p);
        }
    m_phaseLabel->setText(tr("Turn %1 of %2 · %3%4 · Victory Points %5 %6 : %7 %8")
                              .arg(s.turn)
                              .arg(m_controller->game()->setup().turns)
                              .arg(phase, activation, m_controller->playerName(0))
                              .arg(vpText[0], vpText[1])
                              .arg(m_controller->playerName(1)));
    m_phaseLabel->setToolTip(
        secretVp.isEmpty()
            ? QString()
            : tr("%1's Victory Points count models the rules keep secret until they are "
                 "revealed: not known yet.")
                  .arg(secretVp.join(tr(" and "))));

    // The computer's turn, or the table waiting on the network: the same panel, no commands.
    const bool computersTurn
        = (m_computer && m_computer->toDecide() >= 0) || (m_net && m_net->waiting());
    if (computersTurn) {
        m_panels->setCurrentWidget(m_computerPanel);
        refreshComputer();
    } else if (legal.decision) {
        m_panels->setCurrentWidget(m_decisionPanel);
        refreshDecision();
    } else if (s.phase == Phase::Deployment) {
        m_panels->setCurrentWidget(m_deployPanel);
        if (m_facingPlayer != s.toAct) {
            // The player to deploy's own facing; at first toward the enemy's edge.
            m_facingPlayer = -1;
            // Facing 0 is up the table (toward the top edge), clockwise.
            double toward = 0.0;
            switch (engine.tableEdge(s.toAct)) {
            case TableEdge::Bottom:
                toward = 0.0;
                break;
            case TableEdge::Left:
                toward = 90.0;
                break;
            case TableEdge::Top:
                toward = 180.0;
                break;
            case TableEdge::Right:
                toward = 270.0;
                break;
            }
            m_facingSpin->setValue(m_playerFacing[std::size_t(s.toAct)].value_or(toward));
            m_facing = m_facingSpin->value();
            m_facingPlayer = s.toAct;
        }
        m_deployList->clear();
        for (int id : legal.deployable) {
            auto *it = new QListWidgetItem(QStringLiteral("%1 (%2)").arg(
                engine.modelName(s, id), engine.unitOf(*s.model(id)).name));
            it->setData(kModelRole, id);
            m_deployList->addItem(it);
        }
        if (std::find(legal.deployable.begin(), legal.deployable.end(), m_deployModel)
            == legal.deployable.end())
            m_deployModel = legal.deployable.empty() ? -1 : legal.deployable.front();
        for (int i = 0; i < m_deployList->count(); ++i) {
            if (m_deployList->item(i)->data(kModelRole).toInt() == m_deployModel)
                m_deployList->setCurrentRow(i);
        }
        m_embarkCombo->clear();
        bool canDecline = false;
        for (const Command &c : legal.commands) {
            if (const auto *e = std::get_if<EmbarkCommand>(&c)) {
                m_embarkCombo->addItem(
                    tr("%1 on %2")
                        .arg(engine.modelName(s, e->model), engine.modelName(s, e->carrier)),
                    QVariantList {e->model, e->carrier});
            } else if (std::holds_alternative<DeclineCommand>(c)) {
                canDecline = true;
            }
        }
        m_embarkCombo->setEnabled(m_embarkCombo->count() > 0);
        m_embarkButton->setEnabled(m_embarkCombo->count() > 0);
        m_declineButton->setEnabled(canDecline);
        m_deployTitle->setText(
            cometStep ? tr("<b>Water Raid › Water Reserves</b><br>Click in your highlighted "
                           "Deployment Zone to place the Stationary Comet (its Body as large as "
                           "chosen below, its Tail along the zone) before any model is deployed.")
                      : tr("<b>Deployment</b><br>Pick a model, then click in the "
                           "highlighted zone. Q/E or Shift+wheel turn it."));
        m_deployControls->setVisible(!cometStep);
        m_cometControls->setVisible(cometStep);
        refreshWater();
        refreshDeployPreview(m_lastHover);
    } else if (s.phase == Phase::Activation && !s.activation) {
        m_panels->setCurrentWidget(m_activatePanel);
        std::set<int> activatable;
        for (const Command &c : legal.commands) {
            if (const auto *a = std::get_if<ActivateCommand>(&c))
                activatable.insert(a->model);
        }
        m_embarked->clear();
        for (int id : activatable) {
            if (s.models[std::size_t(id)].onTable()) {
                m_scene->setHighlight(id, ModelItem::Activatable);
                continue;
            }
            const ModelState &em = s.models[std::size_t(id)];
            auto *it = new QListWidgetItem(
                tr("%1 (on %2)").arg(em.name, engine.modelName(s, em.carrier)));
            it->setData(kModelRole, id);
            m_embarked->addItem(it);
            if (id == m_selected)
                m_embarked->setCurrentItem(it);
        }
        m_embarked->setVisible(m_embarked->count() > 0);
        m_embarkedLabel->setVisible(m_embarked->count() > 0);
        const bool inspecting
            = m_inspecting && s.model(m_selected) && !activatable.count(m_selected);
        if (!activatable.count(m_selected) && !inspecting) {
            // A model on the table first; Embarked ones are picked in their list.
            m_selected = -1;
            for (int id : activatable)
                if (s.models[std::size_t(id)].onTable()) {
                    m_selected = id;
                    break;
                }
            if (m_selected < 0 && !activatable.empty())
                m_selected = *activatable.begin();
        }
        m_activateTitle->setText(
            inspecting
                ? tr("Selected: <b>%1</b> (cannot activate now)").arg(shownName(s, m_selected))
                : m_selected >= 0 ? tr("Selected: <b>%1</b>").arg(shownName(s, m_selected))
                                  : tr("No model can activate."));
        m_actions->clear();
        if (m_selected >= 0 && !inspecting) {
            auto add = [&](const QString &id, const QString &text, const QString &tip, bool ok) {
                auto *it = new QListWidgetItem(text);
                it->setData(kActionRole, id);
                it->setToolTip(tip);
                if (!ok)
                    it->setFlags(it->flags() & ~Qt::ItemIsEnabled);
                m_actions->addItem(it);
            };
            for (const Command &c : legal.commands) {
                const auto *a = std::get_if<ActivateCommand>(&c);
                if (!a || a->model != m_selected)
                    continue;
                add(a->actionKey(), TableTerms::actionName(a->action), {}, true);
            }
            // The engine asks itself with no dice: an Action that rolls a Skill
            // Test when declared comes back refused for want of dice, which is no
            // rule ("accepted, dice permitting"): it is offered with the others.
            for (bool dice : {true, false}) {
                for (const auto &[c, why] : legal.refused) {
                    const auto *a = std::get_if<ActivateCommand>(&c);
                    if (!a || a->model != m_selected || (why.rule == QLatin1String("Dice")) != dice)
                        continue;
                    const QString name = TableTerms::actionName(a->action);
                    if (dice)
                        add(a->actionKey(), name, {}, true);
                    else
                        add(a->actionKey(), tr("%1 — %2").arg(name, why.translatedMessage()),
                            why.translatedString(), false);
                }
            }
            m_actions->setCurrentRow(0);
        }
        m_activateButton->setEnabled(m_actions->count() > 0);
    } else if (s.activation) {
        m_panels->setCurrentWidget(m_activationPanel);
        const int id = s.activation->model;
        m_scene->setHighlight(id, ModelItem::Active);
        if (m_selected < 0)
            m_selected = id;
        const QString action = !s.activation->action ? tr("no Action")
                                                     : TableTerms::actionName(s.activation->action);
        m_activeLabel->setText(
            tr("<b>%1</b> activating, %2%3")
                .arg(engine.modelName(s, id), action,
                     !s.activation->action
                         ? QString()
                         : (s.activation->actionResolved ? tr(" (resolved)") : QString())));
        // The last command's rolls and their effects.
        QStringList rollLines;
        if (!m_controller->game()->log().empty() && !m_controller->game()->history().empty()) {
            for (const GameEvent &e : m_controller->game()->log().back()) {
                if (e.kind == QLatin1String("roll"))
                    rollLines
                        << QStringLiteral("<b>%1</b>").arg(e.translatedFor(-1).toHtmlEscaped());
                else if (e.kind == QLatin1String("hit") || e.kind == QLatin1String("damage")
                         || e.kind == QLatin1String("critical")
                         || e.kind == QLatin1String("destroyed")
                         || e.kind == QLatin1String("catastrophic")
                         || e.kind == QLatin1String("state"))
                    rollLines << e.translatedFor(-1).toHtmlEscaped();
            }
        }
        m_lastRoll->setText(rollLines.join(QStringLiteral("<br>")));
        m_lastRoll->setVisible(!rollLines.isEmpty());
        refreshAttackPanels();
        // The ways the engine offers to resolve the Action: none, one (one
        // click), or one per target in reach (the player picks).
        m_resolveCommands.clear();
        for (const Command &c : legal.commands)
            if (const auto *r = std::get_if<ResolveActionCommand>(&c))
                m_resolveCommands.push_back(*r);
        if (m_resolveCommands.size() < 2)
            m_pickingTarget = false;
        m_resolveAction->setVisible(!m_resolveCommands.empty());
        m_resolveAction->setCheckable(m_resolveCommands.size() > 1);
        m_resolveAction->setChecked(m_pickingTarget);
        if (layingMines()) {
            m_resolveAction->setText(m_pickingTarget
                                         ? tr("Click beside %1 to lay a Mine token (Esc stops)")
                                               .arg(engine.modelName(s, id))
                                         : tr("Lay Mine tokens…"));
        } else if (m_resolveCommands.size() > 1) {
            m_resolveAction->setText(m_pickingTarget
                                         ? tr("Choose the target of %1 (Esc cancels)").arg(action)
                                         : tr("Resolve %1: choose the target…").arg(action));
        } else if (m_resolveCommands.size() == 1 && m_resolveCommands.front().target) {
            m_resolveAction->setText(
                tr("Resolve %1 on %2")
                    .arg(action, engine.modelName(s, *m_resolveCommands.front().target)));
        } else if (m_resolveCommands.size() == 1 && m_resolveCommands.front().terrain) {
            // Water Raid › Mine the Comet: the Assault is against the Comet.
            m_resolveAction->setText(
                tr("Resolve %1 on the %2")
                    .arg(action,
                         s.terrain[std::size_t(*m_resolveCommands.front().terrain)].displayName()));
        } else {
            m_resolveAction->setText(tr("Resolve %1").arg(action));
        }
        m_resolveTargets->clear();
        if (m_pickingTarget) {
            // Nearest first, each with the distance between the bases (core geometry).
            std::vector<std::pair<double, int>> targets;
            const BaseShape from = engine.view(s, id).base();
            for (const ResolveActionCommand &r : m_resolveCommands)
                if (r.target)
                    targets.emplace_back(distance(from, engine.view(s, *r.target).base()),
                                         *r.target);
            std::sort(targets.begin(), targets.end());
            const Placement own = s.model(id)->placement;
            for (const auto &[d, t] : targets) {
                auto *it = new QListWidgetItem(tr("%1 — %2\" %3")
                                                   .arg(engine.modelName(s, t))
                                                   .arg(QLocale().toString(d, 'f', 1))
                                                   .arg(bearingText(own, s.model(t)->placement)));
                it->setData(kTargetRole, t);
                it->setToolTip(tr("Resolve %1 against %2").arg(action, engine.modelName(s, t)));
                m_resolveTargets->addItem(it);
            }
            // Terrain the engine offers (Water Raid › Mine the Comet), after the models.
            for (const ResolveActionCommand &r : m_resolveCommands) {
                if (!r.terrain || *r.terrain < 0 || *r.terrain >= int(s.terrain.size()))
                    continue;
                const TerrainPiece &piece = s.terrain[std::size_t(*r.terrain)];
                auto *it = new QListWidgetItem(
                    tr("%1 — %2\"")
                        .arg(piece.displayName())
                        .arg(QLocale().toString(distance(from, piece.shape), 'f', 1)));
                it->setData(kTerrainRole, *r.terrain);
                it->setToolTip(tr("Resolve %1 against the %2").arg(action, piece.displayName()));
                m_resolveTargets->addItem(it);
            }
        }
        m_resolveTargets->setFixedHeight(
            std::max(m_resolveTargets->sizeHintForRow(0), fontMetrics().lineSpacing())
                * std::clamp(m_resolveTargets->count(), 1, 5)
            + 2 * m_resolveTargets->frameWidth() + 2);
        m_resolveTargets->setVisible(m_pickingTarget && !layingMines());
        m_resolveHint->setVisible(m_pickingTarget && !layingMines());
        // Land: one menu entry per carrier the engine accepts.
        QMenu *landMenu = m_landButton->menu();
        landMenu->clear();
        for (const Command &c : legal.commands)
            if (const auto *land = std::get_if<LandCommand>(&c)) {
                const int carrier = land->carrier;
                landMenu->addAction(tr("Land on %1").arg(engine.modelName(s, carrier)), this,
                                    [this, carrier] { (void)landOn(carrier); });
            }
        m_landButton->setVisible(!landMenu->isEmpty());
        const bool capital = activeIsCapital();
        m_turnPort->setVisible(capital);
        m_turnStarboard->setVisible(capital);
        m_turnSpin->setVisible(capital);
        // Weapons × targets, allowed or why not.
        m_weapons->clear();
        const Unit &unit = engine.unitOf(*s.model(id));
        const std::vector<AttackOption> options
            = attackOptions(m_controller->game()->setup(), s, id);
        std::map<int, QTreeWidgetItem *> lines;
        auto *any = new QTreeWidgetItem(m_weapons, {tr("Any weapon")});
        any->setData(0, kWeaponRole, -1);
        any->setData(0, kTargetRole, -1);
        for (const AttackOption &o : options) {
            QTreeWidgetItem *&line = lines[o.weapon];
            if (!line) {
                line
                    = new QTreeWidgetItem(m_weapons,
                                          {unit.weapons[std::size_t(o.weapon)].name,
                                           arcsToString(unit.weapons[std::size_t(o.weapon)].arcs)});
                line->setData(0, kWeaponRole, o.weapon);
                line->setData(0, kTargetRole, -1);
            }
            const QString detail = o.check.ok()
                ? QStringLiteral("%1, %2\": %3")
                      .arg(TableTerms::sensorRangeName(o.check.band))
                      .arg(QLocale().toString(o.check.distance, 'f', 1))
                      .arg(o.check.pool.toString())
                : o.check.rejection->translatedMessage();
            auto *t = new QTreeWidgetItem(line, {engine.modelName(s, o.target), detail});
            t->setData(0, kWeaponRole, o.weapon);
            t->setData(0, kTargetRole, o.target);
            t->setToolTip(1,
                          o.check.ok() ? o.check.modifiers.join(QLatin1Char('\n'))
                                       : o.check.rejection->translatedString());
            if (!o.check.ok())
                t->setForeground(1, QColor(150, 150, 150));
        }
        m_weapons->expandAll();
        m_weapons->resizeColumnToContents(0);
        refreshTargets();
        refreshMovePreview();
    } else if (s.phase == Phase::Over) {
        refreshGameOver();
        m_panels->setCurrentWidget(m_overPanel);
    } else {
        static_cast<QLabel *>(m_emptyPanel)->clear();
        m_panels->setCurrentWidget(m_emptyPanel);
    }
    m_scene->setSelectedModel(m_selected);
    refreshCard();
    refreshLog();
    m_refreshing = false;
}

void GameWindow::addGameOverAction(QAction *action)
{
    auto *b = new QPushButton(QString(action->text()).remove(QLatin1Char('&')));
    b->setObjectName(action->objectName() + QStringLiteral("Over"));
    b->setToolTip(action->statusTip());
    connect(b, &QPushButton::clicked, action, &QAction::trigger);
    const int n = m_overButtons->count();
    m_overButtons->addWidget(b, n / 2, n % 2);
}

void GameWindow::refreshGameOver()
{
    const Game &game = *m_controller->game();
    const GameState &s = game.state();
    const Engine &engine = game.engine();
    const auto &players = engine.setup().players;
    const std::array<int, 2> vp = engine.victoryPoints(s);
    const auto points = [](double p) {
        return QLocale().toString(p, 'f', std::abs(p - std::round(p)) < 1e-9 ? 0 : 1);
    };
    // The lines first: a player's (its totals, as the engine counts them), then each model of
    // its fleet (id, name, what became of it, what it counts for: to the enemy a model it
    // captured, or a Renowned one it destroyed).
    struct Line
    {
        int model = -1; // -1: the player's line
        QStringList texts;
    };
    std::vector<Line> lines;
    QStringList key;
    for (int player = 0; player < 2; ++player) {
        lines.push_back({-1,
                         {tr("%1: %2 Victory Points, %3 Objective Points")
                              .arg(players[std::size_t(player)].name)
                              .arg(vp[std::size_t(player)])
                              .arg(s.objectivePoints[std::size_t(player)])}});
        for (const ModelState &m : s.models) {
            if (m.terrain >= 0 || m.owner != player)
                continue;
            const Engine::VictoryShare share = engine.victoryShare(m);
            QString fate;
            switch (m.location) {
            case Location::Destroyed:
                fate = tr("Destroyed");
                break;
            case Location::Withdrawn:
                fate = m.has(FlagCrippled) ? tr("Withdrawn, Crippled") : tr("Withdrawn");
                break;
            case Location::Reserve:
                fate = tr("In Reserve");
                break;
            case Location::Embarked:
                fate = tr("Embarked");
                break;
            case Location::Table:
                fate = tr("On the table");
                break;
            }
            if (m.has(FlagCaptured) && m.controller != m.owner)
                fate = tr("Captured by %1").arg(players[std::size_t(m.controller)].name);
            else if (m.has(FlagCrippled) && m.inPlay())
                fate = TableTerms::stateName(QStringLiteral("crippled"));
            QString counted = points(share.points);
            if (share.player >= 0 && share.player != player && share.points > 0)
                counted = tr("%1 for %2").arg(counted, players[std::size_t(share.player)].name);
            lines.push_back({m.id, {engine.modelName(s, m.id), fate, counted}});
        }
    }
    for (const Line &l : lines)
        key << QString::number(l.model) << l.texts;
    // The table refreshes often (a selection, a resize): the tree is built again only when
    // what it shows changed, so that the line chosen and the scrolling stay.
    if (key == m_overKey && m_overTree->topLevelItemCount() > 0)
        return;
    m_overKey = key;
    m_overTree->clear();
    QTreeWidgetItem *top = nullptr;
    for (const Line &l : lines) {
        if (l.model < 0) {
            top = new QTreeWidgetItem(m_overTree, l.texts);
            top->setFirstColumnSpanned(true);
            QFont bold = top->font(0);
            bold.setBold(true);
            top->setFont(0, bold);
            continue;
        }
        auto *item = new QTreeWidgetItem(top, l.texts);
        item->setToolTip(0, l.texts[0]); // in full where the dock is narrow
        item->setToolTip(1, l.texts[1]);
        item->setTextAlignment(2, Qt::AlignRight | Qt::AlignVCenter);
        item->setData(0, kModelRole, l.model);
    }
    m_overTree->expandAll();
}

void GameWindow::refreshLog()
{
    const Game *game = m_controller->game();
    std::set<QString> kinds;
    int turn = 1;
    // Secret information (v1.2.4): the player at the screen (the one to act or
    // to answer) reads the public sentence of what the other keeps secret;
    // everything shows once the game is over.
    const int viewer = screenViewer();
    // The entries shown are still the game's (no undo, no other game, the same reader):
    // only the new ones are added.
    const auto &history = game->history();
    const auto shownLast = [&] {
        const int n = m_logEntries - 1; // log entry n follows history entry n - 1
        return n >= 1 && n <= int(history.size()) && m_logLastCommand
            && history[std::size_t(n - 1)].command == *m_logLastCommand
            && history[std::size_t(n - 1)].dice == m_logLastDice;
    };
    std::size_t from = 0;
    if (viewer == m_logViewer && m_logEntries > 0 && m_logEntries <= int(game->log().size())
        && (m_logEntries == 1 ? !m_logLastCommand : shownLast()))
        from = std::size_t(m_logEntries);
    else
        m_log->clear();
    m_logViewer = viewer;
    m_logEntries = int(game->log().size());
    m_logLastCommand.reset();
    m_logLastDice.clear();
    if (m_logEntries > 1 && m_logEntries - 2 < int(history.size())) {
        m_logLastCommand = history[std::size_t(m_logEntries - 2)].command;
        m_logLastDice = history[std::size_t(m_logEntries - 2)].dice;
    }
    for (std::size_t i = from; i < game->log().size(); ++i) {
        if (i > 0)
            turn = game->turnAfter(int(i));
        // The computer's command: its reason first, then what the command did.
        if (i > 0 && i - 1 < history.size() && !history[i - 1].reason.isEmpty()) {
            const GameRecordEntry &h = history[i - 1];
            auto *it = new QStandardItem(
                tr("T%1  %2 (the computer): %3", "turn, player, reason")
                    .arg(turn)
                    .arg(m_controller->playerName(h.player), h.reason.translated()));
            it->setData(QStringLiteral("computer"), kKindRole);
            it->setToolTip(tr("Why the computer chose this command"));
            QFont f = it->font();
            f.setItalic(true);
            it->setFont(f);
            it->setForeground(playerColor(h.player).lighter(120));
            m_log->appendRow(it);
            kinds.insert(QStringLiteral("computer"));
        }
        for (const GameEvent &e : game->log()[i]) {
            const bool masked = viewer >= 0 && e.secretFrom == viewer;
            auto *it = new QStandardItem(tr("T%1  %2", "turn number, then the event")
                                             .arg(turn)
                                             .arg(e.translatedFor(viewer)));
            it->setData(e.kind, kKindRole);
            QString tip = TableTerms::eventKindName(e.kind);
            if (!masked && e.data.contains(QStringLiteral("dice")))
                tip += QLatin1Char('\n')
                    + tr("Dice: %1").arg(facesText(e.data.value(QStringLiteral("dice")).toArray()));
            it->setToolTip(tip);
            if (e.player >= 0)
                it->setForeground(playerColor(e.player).lighter(140));
            m_log->appendRow(it);
            kinds.insert(e.kind);
        }
    }
    // Keep the kind filter's choices up to date without losing the selection.
    for (const QString &k : kinds) {
        if (m_logKind->findData(k) < 0)
            m_logKind->addItem(TableTerms::eventKindName(k), k);
    }
    m_logView->scrollToBottom();
}

void GameWindow::refreshCard()
{
    refreshFleetStrip();
    const GameState &s = m_controller->state();
    const ModelState *m = s.model(m_selected);
    if (!m) {
        m_card->setUnit(nullptr);
        m_card->setPlaceholder(QString());
        return;
    }
    if (hiddenHere(s, m->id)) { // nothing of its card
        m_card->setUnit(nullptr);
        m_card->setProperty("jwModel", -1);
        m_card->setPlaceholder(tr("A hidden model: its card is secret until the rules reveal it."));
        return;
    }
    m_card->setPlaceholder(QString());
    const Engine &engine = m_controller->engine();
    const Unit &unit = engine.unitOf(*m);
    if (!m_card->layout() || m_card->property("jwModel").toInt() != m->id) {
        m_card->setUnit(&unit, modelCardOptions(engine, s, m->id));
        m_card->setProperty("jwModel", m->id);
    }
    m_card->setMarks(modelCardMarks(*m));
}

// The card dock gets a button for the card viewer window; a Fleets dock beside
// the log shows both fleets' cards (FleetStrip), a click selects the model.
void GameWindow::buildCardDocks()
{
    if (auto *cardDock = findChild<QDockWidget *>(QStringLiteral("card"))) {
        auto *box = new QWidget;
        auto *l = new QVBoxLayout(box);
        l->setContentsMargins(0, 0, 0, 0);
        l->setSpacing(2);
        auto *bar = new QHBoxLayout;
        bar->addStretch();
        auto *enlarge = new QPushButton(tr("Full Size…"));
        enlarge->setObjectName(QStringLiteral("cardFullSize"));
        enlarge->setToolTip(tr("Show this card in a window of its own, as large as you like "
                               "(or double-click the card)"));
        bar->addWidget(enlarge);
        l->addLayout(bar);
        l->addWidget(m_card, 1);
        cardDock->setWidget(box);
        connect(enlarge, &QPushButton::clicked, this, &GameWindow::showCardViewer);
    }
    connect(m_card, &CardView::enlargeRequested, this, &GameWindow::showCardViewer);
    m_cardViewer = new CardViewer(this);
    m_cardViewer->follow(m_card);

    m_fleetStrip = new FleetStrip;
    // A game started or closed (refresh() does not refresh the card without a game).
    connect(m_controller, &GameController::gameStarted, this, &GameWindow::refreshFleetStrip);
    auto *fleetDock = new QDockWidget(tr("Fleets"), this);
    fleetDock->setObjectName(QStringLiteral("fleets"));
    fleetDock->setWidget(m_fleetStrip);
    addDockWidget(Qt::BottomDockWidgetArea, fleetDock);
    connect(fleetDock, &QDockWidget::dockLocationChanged, this, [this](Qt::DockWidgetArea area) {
        m_fleetStrip->setVertical(area == Qt::LeftDockWidgetArea
                                  || area == Qt::RightDockWidgetArea);
    });
    connect(m_fleetStrip, &FleetStrip::modelChosen, this, [this](int model) {
        // A card is the model: while a target is chosen, a click on the card of a marked
        // target chooses it as a click on its base does; otherwise it selects the model
        // (an enemy too, to look at it).
        const GameState *s = m_controller->hasGame() ? &m_controller->state() : nullptr;
        const ModelItem *item = m_scene->modelItem(model);
        const int mark = item ? item->highlight() : ModelItem::None;
        if (s && s->activation && !s->pending && m_pickingTarget && !layingMines()) {
            if (mark == ModelItem::ActionTarget)
                (void)resolveOn(model);
            else
                m_message->setText(tr("Not a target of the Action: click a model marked in "
                                      "orange, or press Esc."));
            return;
        }
        if (s && s->activation && !s->pending
            && (mark == ModelItem::TargetAllowed || mark == ModelItem::TargetRefused)) {
            (void)attack(model);
            return;
        }
        selectModel(model);
        // Bring it into view when the table is zoomed in elsewhere.
        if (ModelItem *item = m_scene->modelItem(model))
            m_view->ensureVisible(item, 40, 40);
    });
    connect(m_fleetStrip, &FleetStrip::modelOpened, this, [this](int model) {
        selectModel(model);
        showCardViewer();
    });
}

void GameWindow::refreshFleetStrip()
{
    if (!m_fleetStrip)
        return;
    if (!m_controller->hasGame()) {
        m_fleetStrip->clearCards();
        return;
    }
    const GameState &s = m_controller->state();
    m_fleetStrip->setState(m_controller->engine(), s, m_selected, networkViewer());
}

void GameWindow::showCardViewer()
{
    m_cardViewer->show();
    m_cardViewer->raise();
    m_cardViewer->activateWindow();
}

void GameWindow::refreshTargets()
{
    const int id = activeModel();
    if (id < 0) {
        m_scene->setTargets(-1, {});
        return;
    }
    if (m_pickingTarget) {
        // Choosing the Action's target: only those are marked (and clickable).
        m_scene->setTargets(-1, {});
        for (const ResolveActionCommand &r : m_resolveCommands) {
            if (r.target)
                m_scene->setHighlight(*r.target, ModelItem::ActionTarget);
            if (r.terrain)
                m_scene->setTerrainHighlight(*r.terrain);
        }
        return;
    }
    const GameState &s = m_controller->state();
    const Engine &engine = m_controller->engine();
    const Unit &unit = engine.unitOf(*s.model(id));
    std::map<int, TargetMark> byTarget;
    for (const AttackOption &o : attackOptions(m_controller->game()->setup(), s, id)) {
        if (m_weapon >= 0 && o.weapon != m_weapon)
            continue;
        TargetMark &t = byTarget[o.target];
        t.target = o.target;
        const QString weapon = unit.weapons[std::size_t(o.weapon)].name;
        if (o.check.ok()) {
            const QString line
                = QStringLiteral("%1\" %2 · %3")
                      .arg(QLocale().toString(o.check.distance, 'f', 1))
                      .arg(TableTerms::sensorRangeName(o.check.band),
                           o.check.arcs ? arcsToString(o.check.arcs) + tr(" arc") : QString());
            if (!t.allowed)
                t.tip = line + QLatin1Char('\n') + t.tip;
            t.allowed = true;
            t.tip += QStringLiteral("%1: %2\n").arg(weapon, o.check.pool.toString());
        } else {
            t.tip += QStringLiteral("%1: %2\n").arg(weapon, o.check.rejection->translatedString());
        }
    }
    std::vector<TargetMark> marks;
    for (auto &[target, mark] : byTarget) {
        mark.tip = mark.tip.trimmed();
        marks.push_back(mark);
    }
    m_scene->setTargets(id, marks);
}

void GameWindow::refreshDecision()
{
    const GameState *sealedView = m_net ? m_net->sealedQuestionState() : nullptr;
    const GameState &s = sealedView ? *sealedView : m_controller->state();
    const DecisionRequest &r = s.pending->request;
    const int commander = s.pending->player;
    // A prompt for the other player, or a secret choice (the Boarded firefight):
    // hand the computer over first, so the one at the screen does not see it.
    // Against the computer the person is always at the screen: nothing to hand over.
    const bool onePerson = (m_computer && m_computer->person() >= 0) || (m_net && m_net->active());
    if (!onePerson && (r.player != commander || r.secret) && m_handedTo != r.player) {
        m_handOverLabel->setText(
            r.secret ? tr("Hand the computer to <b>%1</b>.<br>%1 chooses in secret: the other "
                          "player looks away.")
                           .arg(m_controller->playerName(r.player))
                     : tr("Hand the computer to <b>%1</b>.<br>%1 has a decision to make.")
                           .arg(m_controller->playerName(r.player)));
        m_decisionStack->setCurrentIndex(0);
        return;
    }
    m_decisionStack->setCurrentIndex(1);
    m_pathOption = -1;
    m_pathHint->hide();
    m_scene->setGhost(std::nullopt);
    const Engine &engine = m_controller->engine();
    const int model = r.data.value(QStringLiteral("model")).toInt(-1);
    const bool critical = r.kind == QLatin1String("critical") && s.model(model);
    // The question, and the rule it comes from as a link to the Rules Reference.
    const QString ruleLink = help::ruleLink(decisionRule(r.kind));
    m_question->setText(
        QStringLiteral("<b>%1</b>")
            .arg(critical ? tr("Critical Hit on %1: %2 chooses which one.")
                                .arg(engine.modelName(s, model), m_controller->playerName(r.player))
                                .toHtmlEscaped()
                          : r.translatedQuestion().toHtmlEscaped())
        + (ruleLink.startsWith(QLatin1String("<a "))
               ? QStringLiteral("<br>") + tr("Rule: %1").arg(ruleLink)
               : QString()));
    // The flex dice one by one; what the picker does not understand, as a list.
    const bool flex = m_flexPicker->setRequest(r);
    m_flexPicker->setVisible(flex);
    m_options->setVisible(!flex);
    QString dice;
    if (!flex && r.data.contains(QStringLiteral("dice"))) {
        dice = tr("Pool %1<br>Dice: <b>%2</b>")
                   .arg(r.data.value(QStringLiteral("pool")).toString(),
                        facesText(r.data.value(QStringLiteral("dice")).toArray()));
        const QJsonArray macro = r.data.value(QStringLiteral("macro")).toArray();
        if (!macro.isEmpty())
            dice += tr("<br>Macro dice: <b>%1</b>").arg(facesText(macro));
    }
    m_diceLabel->setText(dice);
    m_diceLabel->setVisible(!dice.isEmpty());
    if (critical) {
        // The card of the ship hit, with its damage, beside the choice.
        m_selected = model;
        m_scene->setSelectedModel(model);
    }
    m_options->clear();
    QListWidgetItem *current = nullptr;
    const auto addOption = [&](int i, const QString &option) {
        const QString text
            = r.pathOption(i) ? tr("%1 — then click on the table").arg(option) : option;
        auto *it
            = new QListWidgetItem(i == r.defaultOption ? tr("%1  (suggested)").arg(text) : text);
        it->setData(kOptionRole, i);
        m_options->addItem(it);
        if (i == r.defaultOption)
            current = it;
    };
    std::optional<std::vector<std::pair<QString, QString>>> groups;
    if (critical) {
        groups.emplace();
        const QJsonArray choices = r.data.value(QStringLiteral("choices")).toArray();
        for (int i = 0; i < r.optionCount(); ++i) {
            const auto g = i < choices.size() ? TableTerms::criticalOption(choices[i].toObject())
                                              : std::nullopt;
            if (!g) {
                groups.reset(); // an option this table does not know: the engine's words
                break;
            }
            groups->push_back(*g);
        }
    }
    if (groups) {
        // Grouped under the rulebook's headings: Rating, System Trait, Weapon Damage, Marines.
        QString heading;
        for (int i = 0; i < r.optionCount(); ++i) {
            const auto &[group, text] = (*groups)[std::size_t(i)];
            if (group != heading) {
                heading = group;
                auto *h = new QListWidgetItem(group);
                QFont f = h->font();
                f.setBold(true);
                h->setFont(f);
                h->setFlags(Qt::ItemIsEnabled);
                m_options->addItem(h);
            }
            addOption(i, QStringLiteral("    ") + text);
        }
    } else {
        for (int i = 0; i < r.optionCount(); ++i)
            addOption(i, r.translatedOption(i));
    }
    m_options->setCurrentItem(current);
    m_answerButton->setEnabled(selectedOption() >= 0);
}

int GameWindow::selectedOption() const
{
    if (!m_flexPicker->isHidden())
        return m_flexPicker->option();
    const QListWidgetItem *it = m_options->currentItem();
    return it && it->data(kOptionRole).isValid() ? it->data(kOptionRole).toInt() : -1;
}

bool GameWindow::layingMines() const
{
    const GameState &s = m_controller->state();
    return s.activation && s.activation->action == ActionId::LayMines
        && std::any_of(m_resolveCommands.begin(), m_resolveCommands.end(),
                       [](const ResolveActionCommand &r) { return r.at.has_value(); });
}

bool GameWindow::landOn(int carrier)
{
    return send(LandCommand {carrier});
}

bool GameWindow::layMineNear(const QPointF &click)
{
    // The token goes in base contact where the player clicked: the nearest point
    // of the ship's base, pushed out by the token's radius (the engine checks).
    const GameState &s = m_controller->state();
    if (!s.activation)
        return false;
    const BaseShape base = m_controller->engine().view(s, s.activation->model).base();
    const QPolygonF outline = base.outline();
    QPointF best;
    double bestD = std::numeric_limits<double>::max();
    for (int i = 0; i < outline.size(); ++i) {
        const QPointF a = outline[i], b = outline[(i + 1) % outline.size()];
        const QPointF ab = b - a;
        const double len2 = QPointF::dotProduct(ab, ab);
        const double t
            = len2 > 0 ? std::clamp(QPointF::dotProduct(click - a, ab) / len2, 0.0, 1.0) : 0.0;
        const QPointF p = a + ab * t;
        const double d = std::hypot(click.x() - p.x(), click.y() - p.y());
        if (d < bestD) {
            bestD = d;
            best = p;
        }
    }
    QPointF out = click - best;
    if (base.contains(click) || bestD < 1e-6)
        out = best - base.centre(); // inside: straight out from the centre
    const double len = std::hypot(out.x(), out.y());
    if (len < 1e-9)
        return false;
    const double r = TerrainPiece::mines(QPointF(), s.toAct).shape.radius();
    const bool ok = send(ResolveActionCommand {std::nullopt, best + out / len * r});
    if (ok)
        m_pickingTarget = true; // lay another, until Esc or the activation ends
    refresh();
    return ok;
}

bool GameWindow::resolveAction()
{
    if (m_resolveCommands.empty())
        return false;
    if (layingMines()) {
        m_pickingTarget = !m_pickingTarget;
        refresh();
        return false;
    }
    if (m_resolveCommands.size() == 1)
        return send(m_resolveCommands.front());
    // Several targets: the button toggles choosing one.
    m_pickingTarget = !m_pickingTarget;
    refresh();
    if (m_pickingTarget)
        m_message->setText(QString());
    return false;
}

bool GameWindow::resolveOnTerrain(int terrain)
{
    return resolveWhere([terrain](const ResolveActionCommand &r) { return r.terrain == terrain; });
}

bool GameWindow::resolveOn(int target)
{
    return resolveWhere([target](const ResolveActionCommand &r) { return r.target == target; });
}

// Sends the first of the engine's legal resolutions that `matches` (false: none does).
bool GameWindow::resolveWhere(const std::function<bool(const ResolveActionCommand &)> &matches)
{
    for (const ResolveActionCommand &r : m_resolveCommands) {
        if (matches(r)) {
            m_pickingTarget = false;
            const bool ok = send(r);
            if (!ok)
                refresh();
            return ok;
        }
    }
    return false;
}

void GameWindow::cancelTargetPick()
{
    if (!m_pickingTarget)
        return;
    m_pickingTarget = false;
    refresh();
}

bool GameWindow::handOverShowing() const
{
    return m_panels->currentWidget() == m_decisionPanel && m_decisionStack->currentIndex() == 0;
}

void GameWindow::confirmHandOver()
{
    if (!m_controller->hasGame() || !m_controller->state().pending)
        return;
    m_handedTo = m_controller->state().pending->request.player;
    refreshDecision();
    refreshCard();
}

bool GameWindow::answer(int option)
{
    if (handOverShowing())
        return false;
    const GameState &s = m_controller->state();
    if (s.pending && option >= 0) {
        if (const auto *p = s.pending->request.pathOption(option)) {
            // An option that is a movement: the player clicks where the model goes.
            m_pathOption = option;
            const ModelState *m = s.model(p->model);
            m_pathHint->setText(tr("Click on the table where %1 moves (up to %2\"), or choose "
                                   "another option.")
                                    .arg(m ? m->name : QString())
                                    .arg(p->distance));
            m_pathHint->show();
            return false;
        }
    }
    const bool ok = send(AnswerCommand {option < 0 ? std::nullopt : std::optional<int>(option)});
    if (ok && !m_controller->state().pending)
        m_handedTo = -1;
    return ok;
}

bool GameWindow::answerWithPath(int option, const std::vector<QPointF> &path)
{
    if (handOverShowing())
        return false;
    m_pathOption = -1;
    m_scene->setGhost(std::nullopt);
    const bool ok = send(AnswerCommand {option, path});
    if (ok && !m_controller->state().pending)
        m_handedTo = -1;
    return ok;
}

void GameWindow::selectModel(int model)
{
    m_selected = model;
    if (m_controller->hasGame() && m_controller->state().phase == Phase::Activation
        && !m_controller->state().activation && !m_controller->state().pending) {
        // A model that cannot activate (an enemy) stays selected to be looked at; one that
        // can gets its Actions.
        m_inspecting = m_controller->state().model(model) != nullptr;
        refresh(); // the Action list is the selected model's
        return;
    }
    m_scene->setSelectedModel(model);
    refreshCard();
}

void GameWindow::setDeployModel(int model)
{
    m_deployModel = model;
    m_selected = -1;
    refreshCard();
    if (m_controller->hasGame()) {
        const GameState &s = m_controller->state();
        if (const ModelState *m = s.model(model)) {
            CardOptions o;
            o.modelName = m_controller->engine().modelName(s, model);
            m_card->setUnit(&m_controller->engine().unitOf(*m), o);
            m_card->setProperty("jwModel", -1);
        }
    }
    refreshWater();
    refreshDeployPreview(m_lastHover);
}

void GameWindow::refreshWater()
{
    // What the engine would issue the model to place (Water Raid, the Defender's first
    // Deployment Phase); hidden otherwise.
    std::optional<WaterAllowance> a;
    if (m_controller->hasGame() && m_deployModel >= 0)
        a = waterAllowance(m_controller->engine(), m_controller->state(), m_deployModel);
    m_waterLabel->setVisible(a.has_value());
    m_waterSpin->setVisible(a.has_value());
    m_waterLeft->setVisible(a.has_value());
    if (!a) {
        m_waterModel = -1;
        return;
    }
    const QSignalBlocker block(m_waterSpin);
    m_waterSpin->setRange(0, a->most);
    m_waterSpin->setEnabled(a->most > 0);
    if (m_waterModel != m_deployModel)
        m_waterSpin->setValue(a->byDefault); // what is shown is what is sent
    m_waterModel = m_deployModel;
    m_waterLeft->setText(tr("%1 of %2 left").arg(a->left).arg(a->reserves));
}

std::optional<int> GameWindow::deployWater() const
{
    if (m_waterModel < 0 || m_waterModel != m_deployModel || m_waterSpin->isHidden())
        return std::nullopt;
    return m_waterSpin->value();
}

void GameWindow::rotatePreview(double degrees)
{
    double f = std::fmod(m_facing + degrees, 360.0);
    if (f < 0)
        f += 360;
    m_facingSpin->setValue(f); // refreshes the preview
}

void GameWindow::refreshDeployPreview(const QPointF &at)
{
    if (!m_controller->hasGame() || m_controller->state().phase != Phase::Deployment
        || m_controller->state().pending || m_deployModel < 0 || at.isNull()) {
        m_scene->setGhost(std::nullopt);
        return;
    }
    const GameState &s = m_controller->state();
    const Unit &unit = m_controller->engine().unitOf(*s.model(m_deployModel));
    const Placement p(at, m_facing);
    // Ask the engine (no dice) whether it would take this placement, and why not.
    CounterDiceSource none(0, 0);
    const ApplyResult r
        = m_controller->engine().apply(s, DeployCommand {m_deployModel, p, deployWater()}, none);
    m_scene->setGhost(BaseShape(unit.base, p), r.ok());
    m_view->viewport()->setToolTip(r.ok() ? QString() : r.rejection->translatedString());
}

bool GameWindow::deployAt(const QPointF &centre)
{
    if (m_deployModel < 0)
        return false;
    const bool ok = send(DeployCommand {m_deployModel, Placement(centre, m_facing), deployWater()});
    if (ok) {
        m_deployModel = -1;
        m_waterModel = -1;
    }
    refresh();
    return ok;
}

bool GameWindow::embark(int model, int carrier)
{
    return send(EmbarkCommand {model, carrier});
}

bool GameWindow::decline()
{
    return send(DeclineCommand {});
}

bool GameWindow::activate(int model, const QString &action)
{
    clearMove();
    m_weapon = -1;
    m_pickingTarget = false;
    const bool ok = send(ActivateCommand::fromKey(model, action));
    if (ok)
        m_selected = model;
    return ok;
}

void GameWindow::clearMove()
{
    m_legs.clear();
    m_path.clear();
    if (m_controller->hasGame())
        refreshMovePreview();
}

void GameWindow::dragMove(const QPointF &to)
{
    const int id = activeModel();
    if (id < 0)
        return;
    const Placement start = m_controller->state().model(id)->placement;
    if (activeIsCapital()) {
        if (m_legs.empty())
            m_legs.push_back({});
        // Distance of the current stretch: the drag projected on its direction.
        CapitalMovePlan before {std::vector<MoveLeg>(m_legs.begin(), m_legs.end() - 1)};
        const Placement from = before.evaluate(start).finalPlacement;
        const QPointF d = to - from.centre();
        const QPointF f = from.forward();
        m_legs.back().distance = std::max(0.0, d.x() * f.x() + d.y() * f.y());
        // The rest of a minimum move the engine offers (the way blocked, or a hair's breadth
        // left) may be shorter than a pixel: a drag near it makes it exactly. Without this a
        // ship left 0.01" of its minimum could neither move it nor end its activation.
        const double snap = kSnapMinimumPixels / std::max(1.0, m_view->zoom());
        for (const MoveCapitalCommand &o :
             m_controller->engine().minimumMoves(m_controller->state(), id)) {
            if (o.legs.size() != m_legs.size()
                || !std::equal(o.legs.begin(), o.legs.end() - 1, m_legs.begin())
                || std::abs(o.legs.back().distance - m_legs.back().distance) > snap)
                continue;
            m_legs.back().distance = o.legs.back().distance;
            break;
        }
    } else {
        // Near the model its Action needs contact with (or its carrier), the path
        // ends in base contact: the engine says where.
        const QPointF end
            = m_controller->engine()
                  .snapIntoContact(m_controller->state(), id, to, kSnapIntoContactInches)
                  .value_or(to);
        if (m_path.isEmpty())
            m_path << start.centre() << end;
        else if (m_path.size() == 1)
            m_path << end;
        else
            m_path.last() = end;
    }
    refreshMovePreview();
}

void GameWindow::addTurn(double degrees)
{
    if (!activeIsCapital())
        return;
    if (m_legs.empty())
        m_legs.push_back({});
    m_legs.back().turn = degrees;
    m_legs.push_back({});
    refreshMovePreview();
}

void GameWindow::addWaypoint(const QPointF &point)
{
    const int id = activeModel();
    if (id < 0 || activeIsCapital())
        return;
    if (m_path.isEmpty())
        m_path << m_controller->state().model(id)->placement.centre();
    m_path << m_controller->engine()
                  .snapIntoContact(m_controller->state(), id, point, kSnapIntoContactInches)
                  .value_or(point);
    refreshMovePreview();
}

bool GameWindow::commitMove()
{
    if (activeModel() < 0)
        return false;
    bool ok = false;
    if (activeIsCapital()) {
        std::vector<MoveLeg> legs = m_legs;
        while (!legs.empty() && legs.back().distance == 0 && legs.back().turn == 0)
            legs.pop_back();
        if (legs.empty())
            return false;
        ok = send(MoveCapitalCommand {legs});
    } else {
        if (m_path.size() < 2)
            return false;
        ok = send(MoveSquadronCommand {std::vector<QPointF>(m_path.begin() + 1, m_path.end())});
    }
    if (ok)
        clearMove();
    return ok;
}

void GameWindow::refreshMovePreview()
{
    const int id = activeModel();
    const GameState &s = m_controller->state();
    // The move as planned so far: the engine says whether it would accept it.
    std::optional<Command> plannedMove;
    if (id >= 0 && activeIsCapital()) {
        if (!m_legs.empty()
            && CapitalMovePlan {m_legs}.evaluate(s.model(id)->placement).distance > 0)
            plannedMove = MoveCapitalCommand {m_legs};
    } else if (id >= 0 && m_path.size() > 1) {
        plannedMove = MoveSquadronCommand {std::vector<QPointF>(m_path.begin() + 1, m_path.end())};
    }
    const MovePreview preview = previewMove(m_controller->engine(), s, plannedMove);
    if (id < 0 || !preview.limits || s.pending) {
        m_scene->setGhost(std::nullopt);
        m_scene->clearMoveRail();
        if (m_previewMessage) {
            m_message->clear();
            m_previewMessage = false;
        }
        return;
    }
    const MoveLimits &lim = *preview.limits;
    // Reorient [D+] allows one turn to any direction: the box goes to 180.
    m_turnSpin->setMaximum(lim.maxTurnDegrees);
    const ModelView v = m_controller->engine().view(s, id);
    if (s.models[std::size_t(id)].location == Location::Embarked) {
        // Off the table: the only way on is Launch (a click on the table).
        const ModelState &carrier = s.models[std::size_t(s.models[std::size_t(id)].carrier)];
        const double reach = m_controller->engine().launchReach(s, carrier.id);
        m_moveLabel->setText(tr("%1 is Embarked on %2.\nClick on the table within %3\" of %2 to "
                                "Launch it, or end the activation to stay aboard.")
                                 .arg(s.models[std::size_t(id)].name, carrier.name)
                                 .arg(reach));
        return;
    }
    const BaseShape base = v.base();
    const std::optional<Rejection> why = preview.refusal;
    // The planned move's refusal, while it is planned; cleared once the plan is
    // legal or gone (it stayed after a legal move; issue 16.5).
    if (why) {
        const auto [ruleText, messageText] = linkedRule(why->rule, why->translatedMessage());
        m_message->setText(tr("This move would be refused — %1")
                               .arg(ruleText + QStringLiteral(": ") + messageText));
        m_previewMessage = true;
    } else if (m_previewMessage) {
        m_message->clear();
        m_previewMessage = false;
    }
    if (activeIsCapital()) {
        const CapitalMovePlan plan {m_legs};
        const CapitalMoveResult r = plan.evaluate(base.placement());
        const double planned = r.distance;
        const double minLeft = std::max(0.0, lim.minimum - lim.moved - planned);
        const double maxLeft = std::max(0.0, lim.maximum - lim.moved - planned);
        const int turnsLeft = lim.turnsLeft - r.turns;
        m_moveLabel->setText(
            tr("Planned %1\" · moved %2\" · this activation %3–%4\" · %5 "
               "turn(s) left%6\nDrag forward from the ship; turn buttons add "
               "a turn point.")
                .arg(QLocale().toString(planned, 'f', 1))
                .arg(QLocale().toString(lim.moved, 'f', 1))
                .arg(lim.minimum)
                .arg(lim.maximum)
                .arg(turnsLeft)
                .arg(lim.needsSkillTestToTurn ? tr(" (Skill Test to turn)") : QString()));
        m_turnPort->setEnabled(turnsLeft > 0);
        m_turnStarboard->setEnabled(turnsLeft > 0);
        m_commitMove->setEnabled(planned > 0 || r.turns > 0);
        if (planned > 0 || r.turns > 0)
            m_scene->setGhost(BaseShape(base.size(), r.finalPlacement), !why, r.path);
        else
            m_scene->setGhost(std::nullopt);
        m_scene->setMoveRail(r.finalPlacement.centre(), r.finalPlacement.forward(), minLeft,
                             maxLeft,
                             tr("min %1\" · max %2\"")
                                 .arg(QLocale().toString(minLeft, 'f', 1))
                                 .arg(QLocale().toString(maxLeft, 'f', 1)));
    } else {
        const double length = m_path.size() > 1 ? pathLength(m_path) : 0.0;
        const double left = std::max(0.0, lim.maximum - lim.moved);
        m_moveLabel->setText(tr("Path %1\" of %2\" left (Speed %3)\nClick to add waypoints, "
                                "drag to move the last one.")
                                 .arg(QLocale().toString(length, 'f', 1))
                                 .arg(QLocale().toString(left, 'f', 1))
                                 .arg(lim.maximum));
        m_commitMove->setEnabled(m_path.size() > 1);
        m_scene->clearMoveRail();
        if (m_path.size() > 1)
            m_scene->setGhost(BaseShape(base.size(), Placement(m_path.last())), !why, m_path);
        else
            m_scene->setGhost(std::nullopt);
    }
}

void GameWindow::selectWeapon(int weapon)
{
    m_weapon = weapon;
    refreshTargets();
}

bool GameWindow::attack(int target)
{
    const int id = activeModel();
    if (id < 0)
        return false;
    if (m_weapon >= 0)
        return previewAttack(m_weapon, target);
    // Any weapon: the first one the engine allows against this target.
    for (const AttackOption &o :
         attackOptions(m_controller->game()->setup(), m_controller->state(), id)) {
        if (o.target == target && o.check.ok())
            return previewAttack(o.weapon, target);
    }
    for (const AttackOption &o :
         attackOptions(m_controller->game()->setup(), m_controller->state(), id)) {
        if (o.target == target)
            return previewAttack(o.weapon, target); // refused: says why
    }
    return false;
}

bool GameWindow::attackWith(int weapon, int target)
{
    return previewAttack(weapon, target) && confirmAttack();
}

bool GameWindow::endActivation()
{
    cancelAttack();
    clearMove();
    m_weapon = -1;
    m_pickingTarget = false;
    // Cleared before the command: the refresh it triggers selects the next model
    // to activate (clearing it afterwards left "Selected: X" on the panel with
    // nothing selected, and Activate refused; issue 16.1).
    const int was = m_selected;
    m_selected = -1;
    const bool ok = send(EndActivationCommand {});
    if (!ok)
        m_selected = was;
    return ok;
}

bool GameWindow::undo()
{
    cancelAttack();
    clearMove();
    if (m_controller->isNetworkGame()) {
        showRejection(QString(),
                      tr("Undo is not available in a network game: both computers "
                         "keep every agreed command."));
        return false;
    }
    if (m_computer && m_computer->anyComputer())
        return m_computer->undoOwnLast();
    return m_controller->undo();
}

void GameWindow::setComputer(ComputerOpponent *computer)
{
    m_computer = computer;
    connect(computer, &ComputerOpponent::thinkingChanged, this, &GameWindow::refreshComputer);
    connect(computer, &ComputerOpponent::hintReady, this, [this](const QString &text) {
        setHint(tr("Hint: %1").arg(text));
        m_hintButton->setEnabled(true);
        if (m_computer->hint())
            showHintOnTable(m_computer->hint()->command);
    });
    connect(computer, &ComputerOpponent::stuck, this, [this](const QString &why) {
        showRejection(QString(), why);
        refreshComputer();
    });
    refresh();
}

// The hint on the table: where a deployment or a move would put the model (its ghost), the
// model an activation would choose selected.
void GameWindow::showHintOnTable(const Command &command)
{
    const GameState &s = m_controller->state();
    const Engine &engine = m_controller->engine();
    if (const auto *d = std::get_if<DeployCommand>(&command)) {
        setDeployModel(d->model);
        if (const ModelState *m = s.model(d->model))
            m_scene->setGhost(BaseShape(engine.unitOf(*m).base, d->placement), true);
    } else if (std::holds_alternative<MoveCapitalCommand>(command)
               || std::holds_alternative<MoveSquadronCommand>(command)) {
        CounterDiceSource none(0, 0);
        const ApplyResult r = engine.apply(s, command, none);
        const int active = s.activation ? s.activation->model : -1;
        const ModelState *after = r.ok() ? r.state.model(active) : nullptr;
        if (after && after->onTable()) {
            QPolygonF path;
            if (const auto *sq = std::get_if<MoveSquadronCommand>(&command))
                path = QPolygonF(QList<QPointF>(sq->path.begin(), sq->path.end()));
            m_scene->setGhost(BaseShape(engine.unitOf(*after).base, after->placement), true, path);
        }
    } else if (const auto *a = std::get_if<ActivateCommand>(&command)) {
        selectModel(a->model);
    }
}

void GameWindow::setHint(const QString &text)
{
    m_hintLabel->setText(text);
    m_hintLabel->setVisible(!text.isEmpty());
}

int GameWindow::screenViewer() const
{
    const GameState &now = m_controller->state();
    if (now.phase == Phase::Over)
        return -1;
    if (m_net && m_net->active())
        return m_net->side(); // the person at this computer
    if (m_computer && m_computer->anyComputer())
        return m_computer->person(); // -1: both sides the computer, a game watched
    return now.pending ? now.pending->request.player : now.toAct;
}

int GameWindow::networkViewer() const
{
    return m_net && m_net->active() ? m_net->side() : -1;
}

bool GameWindow::hiddenHere(const GameState &state, int model) const
{
    return m_controller->hasGame()
        && isKeptFrom(m_controller->engine(), state, model, networkViewer());
}

QString GameWindow::shownName(const GameState &state, int model) const
{
    return hiddenHere(state, model) ? tr("Hidden model")
                                    : m_controller->engine().modelName(state, model);
}

void GameWindow::hint()
{
    if (!m_computer || !m_controller->hasGame())
        return;
    if (m_computer->toDecide() >= 0 || m_controller->state().phase == Phase::Over) {
        setHint(tr("A hint is for the person who must answer now."));
        return;
    }
    setHint(tr("Hint: the computer is thinking…"));
    m_hintButton->setEnabled(false);
    m_computer->requestHint();
}

void GameWindow::setNetGame(NetGame *net)
{
    m_net = net;
    connect(net, &NetGame::changed, this, &GameWindow::refresh);
    refresh();
}

void GameWindow::addLogNote(const QString &text)
{
    auto *it = new QStandardItem(text);
    it->setData(QStringLiteral("network"), kKindRole);
    it->setToolTip(tr("The network game"));
    QFont f = it->font();
    f.setItalic(true);
    it->setFont(f);
    m_log->appendRow(it);
    if (m_logKind->findData(QStringLiteral("network")) < 0)
        m_logKind->addItem(tr("Network"), QStringLiteral("network"));
    m_logView->scrollToBottom();
}

void GameWindow::refreshComputer()
{
    if (m_net && m_net->waiting() && m_controller->hasGame()) {
        // The table waits on the network: why, and the last command both agreed.
        const bool was = m_refreshing;
        m_refreshing = true;
        m_computerLabel->setText(m_net->statusText());
        m_computerBusy->setVisible(m_net->stage() == NetGame::Stage::Playing
                                   || m_net->stage() == NetGame::Stage::Starting);
        const QString last = m_net->lastAgreed();
        m_computerLast->setText(last.isEmpty() ? QString() : tr("Last agreed: %1").arg(last));
        m_pauseButton->hide();
        m_refreshing = was;
        return;
    }
    m_pauseButton->show();
    if (!m_computer || !m_controller->hasGame())
        return;
    const bool was = m_refreshing;
    m_refreshing = true;
    const int who = m_computer->toDecide();
    const Game *game = m_controller->game();
    if (who >= 0) {
        const std::optional<AiLevel> level = m_computer->level(who);
        const QString levelName = level == AiLevel::Random ? tr("Random")
            : level == AiLevel::Greedy                     ? tr("Greedy")
            : level == AiLevel::Expert                     ? tr("Expert")
                                                           : tr("Careful");
        if (!m_computer->stuckReason().isEmpty())
            m_computerLabel->setText(
                tr("%1 (the computer, %2) is stuck: %3 Undo, or save the game and report it.")
                    .arg(m_controller->playerName(who), levelName, m_computer->stuckReason()));
        else if (m_computer->paused())
            m_computerLabel->setText(tr("%1 (the computer, %2) is paused.")
                                         .arg(m_controller->playerName(who), levelName));
        else
            m_computerLabel->setText(tr("%1 (the computer, %2) is thinking…")
                                         .arg(m_controller->playerName(who), levelName));
    }
    m_computerBusy->setVisible(m_computer->thinking() && !m_computer->paused());
    // Its last command and why.
    QString last;
    const auto &history = game->history();
    for (auto it = history.rbegin(); it != history.rend(); ++it)
        if (!it->reason.isEmpty()) {
            last = tr("Last: %1 (the computer): %2")
                       .arg(m_controller->playerName(it->player), it->reason.translated());
            break;
        }
    m_computerLast->setText(last);
    m_pauseButton->setChecked(m_computer->paused());
    m_pauseButton->setText(m_computer->paused() ? tr("Resume") : tr("Pause"));
    m_refreshing = was;
}

void GameWindow::measure(int a, int b)
{
    m_scene->setMeasure(a, b);
    if (const auto d = m_scene->measuredDistance()) {
        const GameState &s = m_controller->state();
        m_message->setStyleSheet(QStringLiteral("padding: 2px 6px;"));
        m_message->setText(
            tr("%1 to %2: %3\"")
                .arg(m_controller->engine().modelName(s, a), m_controller->engine().modelName(s, b))
                .arg(QLocale().toString(*d, 'f', 2)));
    }
}

void GameWindow::onKeyboardModel(int model)
{
    const ModelItem *item = m_scene->modelItem(model);
    if (!item) {
        m_view->setAccessibleDescription(tableDescription());
        return;
    }
    QString what;
    switch (item->highlight()) {
    case ModelItem::Activatable:
        what = tr("it may activate now: Space selects it");
        break;
    case ModelItem::Active:
        what = tr("it is activating");
        break;
    case ModelItem::TargetAllowed:
    case ModelItem::TargetRefused: {
        QString tip;
        for (const TargetMark &t : m_scene->targets())
            if (t.target == model)
                tip = t.tip;
        what = item->highlight() == ModelItem::TargetAllowed
            ? tr("a target: Space attacks it (%1)").arg(tip)
            : tr("not a target now: %1").arg(tip);
        break;
    }
    case ModelItem::ActionTarget:
        what = tr("a target of the Action: Space picks it");
        break;
    case ModelItem::Deployable:
        what = tr("it may be deployed");
        break;
    case ModelItem::None:
        what = tr("Space shows its card");
        break;
    }
    const QString text = item->status().isEmpty()
        ? tr("%1: %2").arg(item->name(), what)
        : tr("%1 (%2): %3").arg(item->name(), item->status(), what);
    m_message->setStyleSheet(QStringLiteral("padding: 2px 6px;"));
    m_message->setText(text);
    m_view->setAccessibleDescription(text + QStringLiteral(". ") + tableDescription());
}

QString GameWindow::tableDescription()
{
    return tr("The table seen from above. Arrow keys scroll, + and - zoom; N and P go from "
              "model to model, Space picks one; Tab moves to the commands.");
}

void GameWindow::onModelClicked(int model, Qt::KeyboardModifiers modifiers)
{
    m_message->setStyleSheet(QStringLiteral("color: #f87171; padding: 2px 6px;"));
    if (modifiers & Qt::ShiftModifier) {
        if (m_measureFrom < 0 || m_measureFrom == model) {
            m_measureFrom = model;
            m_message->setText(tr("Measure: shift-click a second model."));
        } else {
            measure(m_measureFrom, model);
            m_measureFrom = -1;
        }
        return;
    }
    if (!m_controller->hasGame())
        return;
    const GameState &s = m_controller->state();
    if (m_pickingTarget && layingMines() && !s.pending) {
        // A click on a base while laying mines: the token goes beside the ship.
        (void)layMineNear(m_lastHover.isNull() ? s.model(model)->placement.centre() : m_lastHover);
        return;
    }
    if (m_pickingTarget && s.activation && !s.pending) {
        if (ModelItem *it = m_scene->modelItem(model);
            it && it->highlight() == ModelItem::ActionTarget) {
            (void)resolveOn(model);
        } else {
            m_message->setText(tr("Not a target of the Action: click a model marked in orange, "
                                  "or press Esc."));
        }
        return;
    }
    if (s.activation && !s.pending) {
        if (ModelItem *it = m_scene->modelItem(model); it
            && (it->highlight() == ModelItem::TargetAllowed
                || it->highlight() == ModelItem::TargetRefused)) {
            attack(model);
            return;
        }
    }
    if (s.phase == Phase::Deployment && m_deployModel >= 0 && !s.pending) {
        // A click on a model while placing: place there (the engine says why not).
        deployAt(m_lastHover.isNull() ? s.model(model)->placement.centre() : m_lastHover);
        return;
    }
    selectModel(model);
}

void GameWindow::onTableClicked(const QPointF &pos, Qt::KeyboardModifiers)
{
    if (m_controller->hasGame() && m_controller->state().pending && m_pathOption >= 0) {
        (void)answerWithPath(m_pathOption, {pos});
        return;
    }
    if (!m_controller->hasGame() || m_controller->state().pending)
        return;
    const GameState &s = m_controller->state();
    if (s.phase == Phase::Deployment && s.deploymentStep == DeploymentStep::Beacons) {
        // Beacon Deployment Zone: a click places the player's next Beacon marker.
        (void)send(PlaceBeaconCommand {pos});
        refresh();
    } else if (s.phase == Phase::Deployment && s.deploymentStep == DeploymentStep::Comet) {
        // Water Raid: a click places the Defender's Stationary Comet (the Body's size from
        // the panel, the engine's default Tail).
        (void)send(PlaceCometCommand {pos, m_cometSize->value(), {}});
        refresh();
    } else if (s.phase == Phase::Deployment) {
        deployAt(pos);
    } else if (s.activation && m_pickingTarget && layingMines()) {
        (void)layMineNear(pos);
    } else if (s.activation && m_pickingTarget) {
        // A click on terrain the Action may be resolved against (Mine the Comet).
        for (const ResolveActionCommand &r : m_resolveCommands) {
            if (r.terrain && *r.terrain >= 0 && *r.terrain < int(s.terrain.size())
                && s.terrain[std::size_t(*r.terrain)].shape.contains(pos)) {
                (void)resolveOnTerrain(*r.terrain);
                return;
            }
        }
        m_message->setText(tr("Not a target of the Action: click a model marked in orange, "
                              "or press Esc."));
    } else if (s.activation && s.model(s.activation->model)->location == Location::Embarked) {
        // Launch: placed where clicked, facing the enemy; the engine checks the reach.
        const bool bottom = m_controller->engine().tableEdge(s.toAct) == TableEdge::Bottom;
        (void)send(LaunchCommand {Placement(pos, bottom ? 0.0 : 180.0)});
    } else if (s.activation && !activeIsCapital()) {
        addWaypoint(pos);
    } else {
        selectModel(-1);
    }
}

void GameWindow::onDragged(const QPointF &, const QPointF &to, bool)
{
    if (m_controller->hasGame() && m_controller->state().activation
        && !m_controller->state().pending)
        dragMove(to);
}

void GameWindow::onHovered(const QPointF &pos)
{
    m_lastHover = pos;
    if (m_controller->hasGame() && m_controller->state().pending && m_pathOption >= 0) {
        // The ghost of the model where it would go: red beyond its distance.
        const GameState &s = m_controller->state();
        if (const auto *p = s.pending->request.pathOption(m_pathOption); p && s.model(p->model)) {
            const BaseShape base = m_controller->engine().view(s, p->model).base();
            const QPointF from = base.centre();
            const double d = std::hypot(pos.x() - from.x(), pos.y() - from.y());
            const BaseShape at = base.placedAt(Placement(pos, base.facing()));
            m_scene->setGhost(at, d <= p->distance + 1e-9, QPolygonF {from, pos});
        }
        return;
    }
    if (m_controller->hasGame() && m_controller->state().phase == Phase::Deployment)
        refreshDeployPreview(pos);
}

} // namespace jw
