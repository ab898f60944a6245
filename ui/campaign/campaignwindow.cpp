// SPDX-License-Identifier: GPL-3.0-or-later
#include "campaign/campaignwindow.h"

#include "campaign/battleentrydialog.h"
#include "campaign/campaigncharts.h"
#include "help/preferences.h"

#include "campaign/battleimport.h"
#include "campaign/campaignedit.h"
#include "campaign/campaignfile.h"
#include "dice/dicesource.h"
#include "engine/game.h"
#include "engine/scenario.h"
#include "fleet/fleetfile.h"
#include "fleet/rulesprofile.h"
#include "units/unitdatabase.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateEdit>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableWidget>
#include <QTextBrowser>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>

namespace jw {

namespace {

const QString kDatabaseKey = QStringLiteral("campaign/database");
constexpr int kIdRole = Qt::UserRole + 1;

QTableWidgetItem *cell(const QString &text, bool number = false)
{
    auto *it = new QTableWidgetItem(text);
    it->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    if (number)
        it->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return it;
}

QTableWidgetItem *numberCell(int n)
{
    auto *it = cell(QString::number(n), true);
    it->setData(Qt::EditRole, n); // sorts as a number
    return it;
}

QTableWidget *makeTable(const QStringList &headers, const QString &objectName, int stretch = 1)
{
    auto *t = new QTableWidget;
    t->setObjectName(objectName);
    t->setColumnCount(int(headers.size()));
    t->setHorizontalHeaderLabels(headers);
    t->verticalHeader()->hide();
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setSelectionMode(QAbstractItemView::SingleSelection);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setTabKeyNavigation(false); // rows, read-only: arrows move, Tab leaves
    t->setAlternatingRowColors(true);
    t->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    t->horizontalHeader()->setSectionResizeMode(stretch, QHeaderView::Stretch);
    return t;
}

QString damageText(const RatingMap &lost)
{
    QStringList parts;
    for (const QString &track : damageTracks()) {
        const auto it = lost.find(track);
        if (it != lost.end() && it->second > 0)
            parts << QStringLiteral("%1 %2")
                         .arg(track.left(1).toUpper() + track.mid(1))
                         .arg(it->second);
    }
    return parts.join(QStringLiteral(", "));
}

// A line edit for a database location with Browse… (an SQLite file) and the default.
QWidget *locationField(QLineEdit *edit, QWidget *parent)
{
    auto *w = new QWidget(parent);
    auto *l = new QHBoxLayout(w);
    l->setContentsMargins(0, 0, 0, 0);
    l->addWidget(edit, 1);
    auto *browse = new QPushButton(QObject::tr("Browse…"));
    QObject::connect(browse, &QPushButton::clicked, w, [edit, w] {
        const QString path = QFileDialog::getSaveFileName(
            w, QObject::tr("Campaign database (SQLite file)"),
            edit->text().contains(QStringLiteral("://")) ? QString() : edit->text(),
            QObject::tr("Campaign databases (*.sqlite *.db);;All files (*)"), nullptr,
            QFileDialog::DontConfirmOverwrite);
        if (!path.isEmpty())
            edit->setText(path);
    });
    auto *standard = new QPushButton(QObject::tr("Default"));
    standard->setToolTip(CampaignLocation::defaultPath());
    QObject::connect(standard, &QPushButton::clicked, w,
                     [edit] { edit->setText(CampaignLocation::defaultPath()); });
    l->addWidget(browse);
    l->addWidget(standard);
    return w;
}

} // namespace

CampaignWindow::CampaignWindow(const UnitDatabase &db, QWidget *parent)
    : QWidget(parent)
    , m_db(db)
    , m_dice(std::make_unique<SeededDiceSource>(QRandomGenerator::global()->generate64()))
{
    setObjectName(QStringLiteral("campaignWindow"));
    m_undo = new QUndoStack(this);
    connect(m_undo, &QUndoStack::indexChanged, this, [this] {
        if (m_store)
            reload();
    });
    auto *layout = new QVBoxLayout(this);
    m_header = new QLabel;
    m_header->setObjectName(QStringLiteral("campaignHeader"));
    m_header->setTextFormat(Qt::RichText);
    m_header->setWordWrap(true);
    layout->addWidget(m_header);
    m_banner = new QLabel;
    m_banner->setObjectName(QStringLiteral("campaignBanner"));
    m_banner->setWordWrap(true);
    m_banner->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_banner->hide();
    layout->addWidget(m_banner);

    m_stack = new QStackedWidget;
    layout->addWidget(m_stack, 1);

    // No campaign: what to do.
    m_emptyPage = new QWidget;
    {
        auto *l = new QVBoxLayout(m_emptyPage);
        l->addStretch();
        m_emptyText = new QLabel;
        m_emptyText->setAlignment(Qt::AlignCenter);
        m_emptyText->setWordWrap(true);
        l->addWidget(m_emptyText);
        auto *row = new QHBoxLayout;
        row->addStretch();
        m_createHere = new QPushButton(tr("Create a Campaign Here…"));
        connect(m_createHere, &QPushButton::clicked, this, &CampaignWindow::newCampaignDialog);
        auto *create = new QPushButton(tr("New Campaign…"));
        connect(create, &QPushButton::clicked, this, &CampaignWindow::newCampaignDialog);
        auto *open = new QPushButton(tr("Open Campaign…"));
        connect(open, &QPushButton::clicked, this, &CampaignWindow::openCampaignDialog);
        auto *database = new QPushButton(tr("Database Settings…"));
        connect(database, &QPushButton::clicked, this, &CampaignWindow::databaseDialog);
        for (QPushButton *b : {m_createHere, create, open, database})
            row->addWidget(b);
        row->addStretch();
        l->addLayout(row);
        l->addStretch();
    }
    m_stack->addWidget(m_emptyPage);

    m_pages = new QTabWidget;
    m_pages->setObjectName(QStringLiteral("campaignPages"));
    m_stack->addWidget(m_pages);

    // Standings.
    {
        auto *page = new QWidget;
        auto *l = new QVBoxLayout(page);
        m_standings = makeTable({tr("Rank"), tr("Player"), tr("Battles"), tr("Won"), tr("Drawn"),
                                 tr("Lost"), tr("Points"), tr("OP"), tr("VP"), tr("VP against"),
                                 tr("TV destroyed"), tr("Repairs (OP)")},
                                QStringLiteral("campaignStandings"));
        m_standings->setAccessibleName(tr("Standings"));
        l->addWidget(m_standings, 1);
        m_standingsRule = new QLabel;
        m_standingsRule->setObjectName(QStringLiteral("campaignStandingsRule"));
        m_standingsRule->setWordWrap(true);
        l->addWidget(m_standingsRule);
        m_pages->addTab(page, tr("Standings"));
    }
    // Players and rosters.
    {
        auto *page = new QSplitter;
        auto *left = new QWidget;
        auto *ll = new QVBoxLayout(left);
        ll->setContentsMargins(0, 0, 0, 0);
        m_playerList = new QListWidget;
        m_playerList->setObjectName(QStringLiteral("campaignPlayers"));
        m_playerList->setAccessibleName(tr("Players"));
        ll->addWidget(m_playerList, 1);
        auto *add = new QPushButton(tr("Add Player…"));
        connect(add, &QPushButton::clicked, this, &CampaignWindow::addPlayerDialog);
        auto *roster = new QPushButton(tr("Roster from Fleet File…"));
        connect(roster, &QPushButton::clicked, this, &CampaignWindow::setRosterDialog);
        auto *rename = new QPushButton(tr("Rename…"));
        connect(rename, &QPushButton::clicked, this, [this] {
            const Player *p = playerById(selectedPlayer());
            if (!p)
                return;
            bool ok = false;
            const QString name = QInputDialog::getText(this, tr("Rename Player"), tr("Name:"),
                                                       QLineEdit::Normal, p->name, &ok);
            if (ok && !name.trimmed().isEmpty() && name.trimmed() != p->name)
                (void)renamePlayer(p->id, name.trimmed());
        });
        auto *remove = new QPushButton(tr("Remove Player"));
        remove->setObjectName(QStringLiteral("campaignRemovePlayer"));
        remove->setToolTip(tr("Remove a player who has played no battle (undoable)"));
        connect(remove, &QPushButton::clicked, this,
                [this] { (void)removePlayer(selectedPlayer()); });
        for (QPushButton *b : {add, roster, rename, remove})
            ll->addWidget(b);
        page->addWidget(left);
        auto *right = new QWidget;
        auto *rl = new QVBoxLayout(right);
        rl->setContentsMargins(0, 0, 0, 0);
        rl->addWidget(
            new QLabel(tr("<b>Roster</b> (units that left it are kept for the history)")));
        m_roster
            = makeTable({tr("Unit"), tr("Name"), tr("Status"), tr("Battles"), tr("Survived"),
                         tr("Kills"), tr("Damage carried"), tr("Renowned"), tr("Captured from")},
                        QStringLiteral("campaignRoster"));
        m_roster->setAccessibleName(tr("Roster"));
        rl->addWidget(m_roster, 2);
        m_repairButton = new QPushButton(tr("Repair Selected Unit"));
        m_repairButton->setObjectName(QStringLiteral("campaignRepair"));
        connect(m_repairButton, &QPushButton::clicked, this, [this] {
            const int row = m_roster->currentRow();
            if (row < 0 || !m_roster->item(row, 0))
                return;
            (void)repairUnit(selectedPlayer(), m_roster->item(row, 0)->data(kIdRole).toLongLong());
        });
        rl->addWidget(m_repairButton);
        rl->addWidget(new QLabel(tr("<b>Battles</b>")));
        m_playerBattles = makeTable({tr("Date"), tr("Scenario"), tr("Opponent"), tr("Result"),
                                     tr("VP"), tr("VP against"), tr("OP"), tr("OP against"),
                                     tr("TV destroyed"), tr("TV lost")},
                                    QStringLiteral("campaignPlayerBattles"));
        m_playerBattles->setAccessibleName(tr("The player's battles"));
        rl->addWidget(m_playerBattles, 1);
        page->addWidget(right);
        page->setStretchFactor(1, 3);
        connect(m_playerList, &QListWidget::currentRowChanged, this, [this] {
            if (!m_filling)
                fillRoster();
        });
        m_pages->addTab(page, tr("Players"));
    }
    // Battles.
    {
        auto *page = new QWidget;
        auto *l = new QVBoxLayout(page);
        auto *buttons = new QHBoxLayout;
        auto *enter = new QPushButton(tr("Enter Battle…"));
        connect(enter, &QPushButton::clicked, this, &CampaignWindow::enterBattleDialog);
        auto *game = new QPushButton(tr("Import Game…"));
        connect(game, &QPushButton::clicked, this, &CampaignWindow::importGameDialog);
        auto *report = new QPushButton(tr("Import Battle Report…"));
        connect(report, &QPushButton::clicked, this, &CampaignWindow::importReportDialog);
        auto *notes = new QPushButton(tr("Edit Notes…"));
        connect(notes, &QPushButton::clicked, this, [this] {
            const qint64 id = selectedBattle();
            const auto b = std::find_if(m_battles.begin(), m_battles.end(),
                                        [id](const Battle &x) { return x.id == id; });
            if (b == m_battles.end())
                return;
            bool ok = false;
            const QString text = QInputDialog::getMultiLineText(this, tr("Battle Notes"),
                                                                tr("Notes:"), b->notes, &ok);
            if (ok && text != b->notes) {
                Battle after = *b;
                after.notes = text;
                (void)updateBattle(after);
            }
        });
        for (QPushButton *b : {enter, game, report, notes})
            buttons->addWidget(b);
        buttons->addStretch();
        l->addLayout(buttons);
        auto *split = new QSplitter(Qt::Vertical);
        m_battleTable
            = makeTable({tr("Date"), tr("Scenario"), tr("First player"), tr("Second player"),
                         tr("VP"), tr("OP"), tr("Winner"), tr("Entered")},
                        QStringLiteral("campaignBattles"));
        m_battleTable->setAccessibleName(tr("Battles"));
        split->addWidget(m_battleTable);
        m_battleDetail = new QTextBrowser;
        m_battleDetail->setObjectName(QStringLiteral("campaignBattleDetail"));
        m_battleDetail->setAccessibleName(tr("The battle's details"));
        split->addWidget(m_battleDetail);
        split->setStretchFactor(1, 1);
        l->addWidget(split, 1);
        connect(m_battleTable, &QTableWidget::itemSelectionChanged, this, [this] {
            if (!m_filling)
                fillBattleDetail();
        });
        m_pages->addTab(page, tr("Battles"));
    }
    // Charts.
    {
        // Standings and points destroyed side by side, the luck under them: three
        // charts of a readable height on a 1280x720 screen.
        auto *page = new QWidget;
        auto *l = new QGridLayout(page);
        m_standingsChart = new StandingsChart;
        m_standingsChart->setObjectName(QStringLiteral("campaignStandingsChart"));
        m_destroyedChart = new DestroyedChart;
        m_destroyedChart->setObjectName(QStringLiteral("campaignDestroyedChart"));
        m_luckChart = new LuckChart;
        m_luckChart->setObjectName(QStringLiteral("campaignLuckChart"));
        l->addWidget(m_standingsChart, 0, 0);
        l->addWidget(m_destroyedChart, 0, 1);
        l->addWidget(m_luckChart, 1, 0, 1, 2);
        l->setRowStretch(0, 1);
        l->setRowStretch(1, 1);
        for (CampaignChart *chart : std::initializer_list<CampaignChart *> {
                 m_standingsChart, m_destroyedChart, m_luckChart})
            connect(chart, &CampaignChart::exportRequested, this,
                    [this, chart] { exportChartDialog(chart); });
        m_pages->addTab(page, tr("Charts"));
    }
    // Settings: the campaign and its house rules.
    {
        auto *scroll = new QScrollArea;
        scroll->setAccessibleName(tr("Campaign settings"));
        scroll->setWidgetResizable(true);
        auto *page = new QWidget;
        auto *l = new QVBoxLayout(page);
        auto *form = new QFormLayout;
        m_nameEdit = new QLineEdit;
        m_nameEdit->setObjectName(QStringLiteral("campaignName"));
        form->addRow(tr("Name:"), m_nameEdit);
        m_pointsEdit = new QSpinBox;
        m_pointsEdit->setRange(50, 5000);
        m_pointsEdit->setSingleStep(50);
        m_pointsEdit->setSuffix(tr(" points"));
        form->addRow(tr("Points level:"), m_pointsEdit);
        m_rulesEdit = new QComboBox;
        for (const RulesProfile &p : RulesProfile::all())
            m_rulesEdit->addItem(p.title, p.id);
        form->addRow(tr("Rules:"), m_rulesEdit);
        l->addLayout(form);

        auto *house = new QGroupBox(tr("House rules (ours: the rulebook has no campaign rules; "
                                       "see docs/campaign-rules.md)"));
        auto *hl = new QFormLayout(house);
        const QJsonObject defaults = CampaignRules().toJson();
        for (const HouseRuleInfo &info : houseRules()) {
            QWidget *editor = nullptr;
            if (defaults.value(info.key).isBool()) {
                auto *box = new QCheckBox(info.nameText.translated());
                editor = box;
            } else if (info.key == QLatin1String("repair")) {
                auto *combo = new QComboBox;
                combo->addItem(tr("No repairs"), repairModeId(RepairMode::None));
                combo->addItem(tr("A repair roll a box"), repairModeId(RepairMode::Roll));
                combo->addItem(tr("Repairs cost Objective Points"), repairModeId(RepairMode::Cost));
                editor = combo;
            }
            if (!editor)
                continue;
            editor->setToolTip(info.summaryText.translated());
            m_ruleEdits.emplace_back(info.key, editor);
            auto *summary = new QLabel(info.summaryText.translated());
            summary->setWordWrap(true);
            QFont small = summary->font();
            small.setPointSizeF(small.pointSizeF() * 0.9);
            summary->setFont(small);
            auto *box = new QWidget;
            auto *bl = new QVBoxLayout(box);
            bl->setContentsMargins(0, 0, 0, 4);
            bl->addWidget(editor);
            bl->addWidget(summary);
            hl->addRow(qobject_cast<QCheckBox *>(editor)
                           ? QString()
                           : tr("%1:").arg(info.nameText.translated()),
                       box);
        }
        // The numbers of the house rules and the scoring.
        const std::vector<std::pair<QString, QString>> numbers {
            {QStringLiteral("repair_target"), tr("Repair roll: a box is repaired on")},
            {QStringLiteral("repair_cost_op"), tr("Repair cost: Objective Points a box")},
            {QStringLiteral("renown_after"), tr("Renowned after surviving (battles)")},
            {QStringLiteral("points_win"), tr("Campaign points for a win")},
            {QStringLiteral("points_draw"), tr("Campaign points for a draw")},
            {QStringLiteral("points_loss"), tr("Campaign points for a loss")}};
        for (const auto &[key, label] : numbers) {
            auto *spin = new QSpinBox;
            spin->setRange(key == QLatin1String("repair_target") ? 2 : 0,
                           key == QLatin1String("repair_target") ? 6 : 100);
            m_ruleEdits.emplace_back(key, spin);
            hl->addRow(label + QLatin1Char(':'), spin);
        }
        l->addWidget(house);

        auto *ties = new QGroupBox(tr("Tie-breakers, in order (drag to reorder; tick to use)"));
        auto *tl = new QVBoxLayout(ties);
        m_tieBreakers = new QListWidget;
        m_tieBreakers->setObjectName(QStringLiteral("campaignTieBreakers"));
        m_tieBreakers->setAccessibleName(tr("Tie-breakers"));
        m_tieBreakers->setDragDropMode(QAbstractItemView::InternalMove);
        m_tieBreakers->setMaximumHeight(m_tieBreakers->fontMetrics().lineSpacing() * 9);
        tl->addWidget(m_tieBreakers);
        l->addWidget(ties);

        auto *row = new QHBoxLayout;
        row->addStretch();
        auto *revert = new QPushButton(tr("Revert"));
        connect(revert, &QPushButton::clicked, this, &CampaignWindow::fillSettings);
        m_applySettings = new QPushButton(tr("Apply"));
        m_applySettings->setObjectName(QStringLiteral("campaignApplySettings"));
        connect(m_applySettings, &QPushButton::clicked, this, [this] {
            if (const auto after = settingsFromForm())
                (void)updateCampaign(*after);
        });
        row->addWidget(revert);
        row->addWidget(m_applySettings);
        l->addLayout(row);
        l->addStretch();
        scroll->setWidget(page);
        m_pages->addTab(scroll, tr("Settings"));
    }
    closeCampaign();
}

CampaignWindow::~CampaignWindow()
{
    // The undo stack is a child: QObject deletes it after our members are gone,
    // and its clear() emits indexChanged (which reloads). Not any more.
    if (m_undo)
        m_undo->disconnect(this);
}

QString CampaignWindow::savedLocation()
{
    const QString saved = QSettings().value(kDatabaseKey).toString();
    return saved.isEmpty() ? CampaignLocation::defaultPath() : saved;
}

void CampaignWindow::saveLocation(const QString &urlOrPath)
{
    QSettings().setValue(kDatabaseKey, urlOrPath);
}

void CampaignWindow::setDice(std::unique_ptr<DiceSource> dice)
{
    m_dice = std::move(dice);
}

void CampaignWindow::showError(const QString &message)
{
    // The store's messages start in lower case ("there is already a player ..."):
    // in the banner they are a sentence.
    m_lastError = message;
    if (!m_lastError.isEmpty())
        m_lastError[0] = m_lastError[0].toUpper();
    showBanner(m_lastError, BannerKind::Error);
    // A success told in the status bar is old news now.
    Q_EMIT statusMessage(QString());
}

// The banner takes the look of its latest message: an error after a success
// must not stay green (issue 16.9).
void CampaignWindow::showBanner(const QString &message, BannerKind kind)
{
    const bool error = kind == BannerKind::Error;
    m_banner->setProperty("kind", error ? QStringLiteral("error") : QStringLiteral("success"));
    m_banner->setStyleSheet(error ? QStringLiteral("QLabel { background: #7f1d1d; color: #fef2f2; "
                                                   "padding: 6px 10px; border-radius: 4px; }")
                                  : QStringLiteral("QLabel { background: #14532d; color: #f0fdf4; "
                                                   "padding: 6px 10px; border-radius: 4px; }"));
    m_banner->setText(message);
    m_banner->show();
}

void CampaignWindow::clearError()
{
    m_lastError.clear();
    m_banner->hide();
}

bool CampaignWindow::openDatabase(const QString &urlOrPath)
{
    clearError();
    if (urlOrPath.trimmed().isEmpty()) {
        showError(tr("No campaign database given."));
        return false;
    }
    if (!urlOrPath.contains(QStringLiteral("://")))
        QDir().mkpath(QFileInfo(urlOrPath).absolutePath());
    auto opened = CampaignStore::open(urlOrPath);
    if (!opened.ok()) {
        showError(
            tr("The campaign database cannot be opened: %1").arg(opened.error.localMessage()));
        return false;
    }
    m_undo->clear();
    m_store = std::move(opened.value);
    reload();
    return true;
}

bool CampaignWindow::createCampaign(const QString &urlOrPath, const Campaign &campaign)
{
    if (!openDatabase(urlOrPath))
        return false;
    if (m_campaign) {
        showError(tr("%1 already holds the campaign “%2”: a database holds one campaign. Choose "
                     "another file or database.")
                      .arg(m_store->location().display(), m_campaign->name));
        return false;
    }
    const auto created = m_store->create(campaign);
    if (!created.ok()) {
        showError(created.error.localMessage());
        return false;
    }
    reload();
    return true;
}

void CampaignWindow::closeCampaign()
{
    m_undo->clear();
    m_store.reset();
    m_campaign.reset();
    m_players.clear();
    m_battles.clear();
    m_summaries.clear();
    m_repairs.clear();
    reload();
}

void CampaignWindow::reload()
{
    m_campaign.reset();
    m_players.clear();
    m_battles.clear();
    m_summaries.clear();
    m_repairs.clear();
    if (m_store) {
        const auto c = m_store->campaign();
        if (c.ok()) {
            m_campaign = c.value;
            const auto players = m_store->players();
            const auto battles = m_store->battles();
            const auto summaries = m_store->battleSummaries();
            const auto repairs = m_store->repairs();
            for (const CampaignError *e :
                 {&players.error, &battles.error, &summaries.error, &repairs.error})
                if (!e->ok())
                    showError(e->localMessage());
            m_players = players.value;
            m_battles = battles.value;
            std::sort(m_battles.begin(), m_battles.end(), [](const Battle &a, const Battle &b) {
                return std::tie(a.date, a.id) < std::tie(b.date, b.id);
            });
            m_summaries = summaries.value;
            m_repairs = repairs.value;
        } else if (c.error.kind != CampaignError::Kind::NoCampaign) {
            showError(c.error.localMessage());
        }
    }
    if (!m_campaign) {
        m_header->setText(
            m_store ? tr("<b>Campaign</b> · %1").arg(m_store->location().display().toHtmlEscaped())
                    : tr("<b>Campaign</b>"));
        m_emptyText->setText(
            m_store ? tr("%1 holds no campaign yet.").arg(m_store->location().display())
                    : tr("No campaign is open. A campaign follows a club's players, their "
                         "rosters and battles over weeks, with standings and charts.\nIt lives "
                         "in a database: an SQLite file on this computer, or a PostgreSQL "
                         "database a club shares."));
        m_createHere->setVisible(m_store != nullptr);
        m_stack->setCurrentWidget(m_emptyPage);
    } else {
        const Campaign &c = *m_campaign;
        m_header->setText(tr("<b>%1</b> · %2 points · %3 · %4 players · %5 battles · <i>%6</i>")
                              .arg(c.name.toHtmlEscaped())
                              .arg(c.points)
                              .arg(c.rulesProfile.toHtmlEscaped())
                              .arg(m_players.size())
                              .arg(m_battles.size())
                              .arg(m_store->location().display().toHtmlEscaped()));
        m_stack->setCurrentWidget(m_pages);
    }
    m_filling = true;
    fillStandings();
    fillPlayers();
    fillBattles();
    fillCharts();
    fillSettings();
    m_filling = false;
    fillRoster();
    fillBattleDetail();
    for (QAction *a : m_needCampaign)
        a->setEnabled(m_campaign.has_value());
    Q_EMIT campaignChanged();
}

const Player *CampaignWindow::playerById(qint64 id) const
{
    for (const Player &p : m_players)
        if (p.id == id)
            return &p;
    return nullptr;
}

QString CampaignWindow::playerName(qint64 id) const
{
    const Player *p = playerById(id);
    return p ? p->name : tr("player %1").arg(id);
}

void CampaignWindow::fillStandings()
{
    m_standings->setSortingEnabled(false);
    m_standings->setRowCount(0);
    m_standingsRule->clear();
    if (!m_campaign)
        return;
    const std::vector<StandingRow> rows
        = computeStandings(m_players, m_summaries, m_repairs, m_campaign->rules);
    for (const StandingRow &r : rows) {
        const int i = m_standings->rowCount();
        m_standings->insertRow(i);
        int col = 0;
        m_standings->setItem(i, col++, numberCell(r.rank));
        auto *name = cell(r.name);
        name->setData(kIdRole, r.playerId);
        m_standings->setItem(i, col++, name);
        for (int v : {r.battles, r.wins, r.draws, r.losses, r.points, r.op, r.vp, r.vpAgainst,
                      r.destroyed, r.repairCost})
            m_standings->setItem(i, col++, numberCell(v));
    }
    QStringList ties;
    for (TieBreaker t : m_campaign->rules.tieBreakers)
        ties << tieBreakerText(t).translated();
    m_standingsRule->setText(
        tr("Ranked by campaign points (win %1, draw %2, loss %3), then: %4. OP: Objective "
           "Points less repair costs; TV destroyed: the points of enemy units destroyed.")
            .arg(m_campaign->rules.pointsWin)
            .arg(m_campaign->rules.pointsDraw)
            .arg(m_campaign->rules.pointsLoss)
            .arg(ties.isEmpty() ? tr("the name") : ties.join(QStringLiteral(", "))));
}

void CampaignWindow::fillPlayers()
{
    const qint64 keep = selectedPlayer();
    m_playerList->clear();
    for (const Player &p : m_players) {
        auto *it
            = new QListWidgetItem(tr("%1 — %2 (%3 units)")
                                      .arg(p.name, p.fleetName.isEmpty() ? p.faction : p.fleetName)
                                      .arg(p.activeCount()));
        it->setData(kIdRole, p.id);
        m_playerList->addItem(it);
        if (p.id == keep)
            m_playerList->setCurrentItem(it);
    }
    if (!m_playerList->currentItem() && m_playerList->count() > 0)
        m_playerList->setCurrentRow(0);
}

qint64 CampaignWindow::selectedPlayer() const
{
    const QListWidgetItem *it = m_playerList->currentItem();
    return it ? it->data(kIdRole).toLongLong() : 0;
}

void CampaignWindow::selectPlayer(qint64 playerId)
{
    for (int i = 0; i < m_playerList->count(); ++i)
        if (m_playerList->item(i)->data(kIdRole).toLongLong() == playerId)
            m_playerList->setCurrentRow(i);
}

void CampaignWindow::fillRoster()
{
    m_roster->setRowCount(0);
    m_playerBattles->setRowCount(0);
    const Player *p = playerById(selectedPlayer());
    m_repairButton->setEnabled(p && m_campaign && m_campaign->rules.repair != RepairMode::None);
    if (!p)
        return;
    for (const RosterEntry &e : p->roster) {
        const int i = m_roster->rowCount();
        m_roster->insertRow(i);
        const Unit *u = m_db.unit(e.unitId);
        auto *unit = cell(u ? u->name : e.unitId);
        unit->setData(kIdRole, e.id);
        m_roster->setItem(i, 0, unit);
        m_roster->setItem(i, 1, cell(e.name));
        m_roster->setItem(i, 2, cell(e.active() ? tr("Active") : tr("Left the roster")));
        m_roster->setItem(i, 3, numberCell(e.battles));
        m_roster->setItem(i, 4, numberCell(e.survived));
        m_roster->setItem(i, 5, numberCell(e.kills));
        m_roster->setItem(i, 6, cell(damageText(e.damage)));
        m_roster->setItem(i, 7, cell(e.renowned ? tr("★ Renowned") : QString()));
        m_roster->setItem(i, 8, cell(e.capturedFrom ? playerName(*e.capturedFrom) : QString()));
        if (!e.active())
            for (int c = 0; c < m_roster->columnCount(); ++c)
                m_roster->item(i, c)->setForeground(palette().color(QPalette::PlaceholderText));
    }
    const PlayerHistory h = playerHistory(p->id, m_players, m_battles);
    const ScenarioLibrary &scenarios = []() -> const ScenarioLibrary & {
        static const ScenarioLibrary lib = ScenarioLibrary::loadShipped();
        return lib;
    }();
    for (const PlayerBattle &b : h.battles) {
        const int i = m_playerBattles->rowCount();
        m_playerBattles->insertRow(i);
        const Scenario *s = scenarios.byId(b.scenario);
        m_playerBattles->setItem(i, 0, cell(b.date.toString(Qt::ISODate)));
        m_playerBattles->setItem(i, 1, cell(s ? s->name : b.scenario));
        m_playerBattles->setItem(i, 2, cell(b.opponent));
        m_playerBattles->setItem(i, 3,
                                 cell(b.result == QLatin1Char('W')       ? tr("Won")
                                          : b.result == QLatin1Char('L') ? tr("Lost")
                                                                         : tr("Drawn")));
        int col = 4;
        for (int v : {b.vp, b.vpAgainst, b.op, b.opAgainst, b.destroyed, b.lost})
            m_playerBattles->setItem(i, col++, numberCell(v));
    }
}

void CampaignWindow::fillBattles()
{
    const qint64 keep = selectedBattle();
    m_battleTable->setRowCount(0);
    static const ScenarioLibrary scenarios = ScenarioLibrary::loadShipped();
    // Newest first.
    for (auto it = m_battles.rbegin(); it != m_battles.rend(); ++it) {
        const Battle &b = *it;
        const int i = m_battleTable->rowCount();
        m_battleTable->insertRow(i);
        auto *date = cell(b.date.toString(Qt::ISODate));
        date->setData(kIdRole, b.id);
        m_battleTable->setItem(i, 0, date);
        const Scenario *s = scenarios.byId(b.scenario);
        m_battleTable->setItem(i, 1, cell(s ? s->name : b.scenario));
        m_battleTable->setItem(i, 2, cell(b.sides[0].playerName));
        m_battleTable->setItem(i, 3, cell(b.sides[1].playerName));
        m_battleTable->setItem(i, 4,
                               cell(QStringLiteral("%1 – %2")
                                        .arg(b.sides[0].victoryPoints)
                                        .arg(b.sides[1].victoryPoints)));
        m_battleTable->setItem(i, 5,
                               cell(QStringLiteral("%1 – %2")
                                        .arg(b.sides[0].objectivePoints)
                                        .arg(b.sides[1].objectivePoints)));
        m_battleTable->setItem(
            i, 6, cell(b.winner < 0 ? tr("Draw") : b.sides[std::size_t(b.winner)].playerName));
        m_battleTable->setItem(i, 7,
                               cell(b.source == QLatin1String("game")         ? tr("from a game")
                                        : b.source == QLatin1String("report") ? tr("from a report")
                                                                              : tr("by hand")));
        if (b.id == keep)
            m_battleTable->selectRow(i);
    }
    if (m_battleTable->selectedItems().isEmpty() && m_battleTable->rowCount() > 0)
        m_battleTable->selectRow(0);
}

qint64 CampaignWindow::selectedBattle() const
{
    const int row = m_battleTable->currentRow();
    const QList<QTableWidgetItem *> sel = m_battleTable->selectedItems();
    const int r = sel.isEmpty() ? row : sel.front()->row();
    const QTableWidgetItem *it = r >= 0 ? m_battleTable->item(r, 0) : nullptr;
    return it ? it->data(kIdRole).toLongLong() : 0;
}

void CampaignWindow::selectBattle(qint64 battleId)
{
    for (int r = 0; r < m_battleTable->rowCount(); ++r)
        if (m_battleTable->item(r, 0)->data(kIdRole).toLongLong() == battleId)
            m_battleTable->selectRow(r);
}

void CampaignWindow::fillBattleDetail()
{
    const qint64 id = selectedBattle();
    const auto b = std::find_if(m_battles.begin(), m_battles.end(),
                                [id](const Battle &x) { return x.id == id; });
    if (b == m_battles.end()) {
        m_battleDetail->setHtml(m_campaign
                                    ? tr("<p><i>No battle yet: enter one by hand, or "
                                         "import a finished game or a battle report.</i></p>")
                                    : QString());
        return;
    }
    static const ScenarioLibrary scenarios = ScenarioLibrary::loadShipped();
    const Scenario *s = scenarios.byId(b->scenario);
    QString html
        = QStringLiteral("<h3>%1 — %2</h3>")
              .arg(b->date.toString(Qt::ISODate), (s ? s->name : b->scenario).toHtmlEscaped());
    html += QStringLiteral("<p>%1</p>")
                .arg(b->winner < 0
                         ? tr("A draw.")
                         : tr("<b>%1</b> won.")
                               .arg(b->sides[std::size_t(b->winner)].playerName.toHtmlEscaped()));
    html += QStringLiteral("<table cellspacing='0' cellpadding='4'><tr>");
    for (int side = 0; side < 2; ++side) {
        const BattleSide &bs = b->sides[std::size_t(side)];
        html += QStringLiteral("<td valign='top'>");
        html
            += tr("<b>%1</b> — %2<br>Victory Points %3 · Objective Points %4 · TV destroyed %5")
                   .arg(
                       bs.playerName.toHtmlEscaped(),
                       (bs.fleet.name.isEmpty() ? bs.fleet.faction : bs.fleet.name).toHtmlEscaped())
                   .arg(bs.victoryPoints)
                   .arg(bs.objectivePoints)
                   .arg(b->tvDestroyed(1 - side));
        // The dice against the odds (the luck chart's figures), when recorded.
        if (b->luck) {
            const SideLuck &l = (*b->luck)[std::size_t(side)];
            html += QStringLiteral("<br>")
                + tr("Attack dice: %1 successes in %2 rolls, %3 expected")
                      .arg(l.successes)
                      .arg(l.attacks)
                      .arg(QLocale().toString(l.expectedMilli / 1000.0, 'f', 2));
        }
        html += QStringLiteral("<table cellspacing='0' cellpadding='2'>");
        html += tr("<tr><th align='left'>Unit</th><th align='left'>Fate</th><th>TV</th>"
                   "<th align='left'>Boxes marked</th><th>Kills</th></tr>");
        for (const UnitOutcome *o : b->outcomesOf(side)) {
            const Unit *u = m_db.unit(o->unitId);
            const QString name = o->name.isEmpty() ? (u ? u->name : o->unitId) : o->name;
            html += QStringLiteral("<tr><td>%1</td><td>%2</td><td align='right'>%3</td><td>%4</td>"
                                   "<td align='right'>%5</td></tr>")
                        .arg(name.toHtmlEscaped(), fateName(o->fate))
                        .arg(o->tv)
                        .arg(damageText(o->lost).toHtmlEscaped())
                        .arg(o->kills);
        }
        html += QStringLiteral("</table></td>");
    }
    html += QStringLiteral("</tr></table>");
    if (!b->luck)
        html += tr("<p><i>No dice recorded (only a battle imported from a game records its "
                   "rolls): the luck chart does not count this battle.</i></p>");
    if (!b->notes.isEmpty())
        html += tr("<p><b>Notes:</b> %1</p>").arg(b->notes.toHtmlEscaped());
    m_battleDetail->setHtml(html);
}

void CampaignWindow::fillCharts()
{
    std::map<qint64, QString> names;
    for (const Player &p : m_players)
        names[p.id] = p.name;
    if (!m_campaign) {
        m_standingsChart->setData({}, names);
        m_destroyedChart->setData({}, names);
        m_luckChart->setData({}, names);
        return;
    }
    m_standingsChart->setData(
        standingsOverTime(m_players, m_summaries, m_repairs, m_campaign->rules), names);
    m_destroyedChart->setData(pointsDestroyedPerBattle(m_summaries), names);
    m_luckChart->setData(luckOverTime(m_summaries), names);
}

void CampaignWindow::fillSettings()
{
    if (!m_campaign)
        return;
    const Campaign &c = *m_campaign;
    m_nameEdit->setText(c.name);
    m_pointsEdit->setValue(c.points);
    m_rulesEdit->setCurrentIndex(std::max(0, m_rulesEdit->findData(c.rulesProfile)));
    const QJsonObject rules = c.rules.toJson();
    for (const auto &[key, editor] : m_ruleEdits) {
        const QJsonValue v = rules.value(key);
        if (auto *box = qobject_cast<QCheckBox *>(editor))
            box->setChecked(v.toBool());
        else if (auto *combo = qobject_cast<QComboBox *>(editor))
            combo->setCurrentIndex(std::max(0, combo->findData(v.toString())));
        else if (auto *spin = qobject_cast<QSpinBox *>(editor))
            spin->setValue(v.toInt());
    }
    m_tieBreakers->clear();
    std::vector<TieBreaker> order = c.rules.tieBreakers;
    for (TieBreaker t : allTieBreakers())
        if (std::find(order.begin(), order.end(), t) == order.end())
            order.push_back(t);
    for (TieBreaker t : order) {
        auto *it = new QListWidgetItem(tieBreakerText(t).translated());
        it->setData(kIdRole, tieBreakerId(t));
        it->setFlags(it->flags() | Qt::ItemIsUserCheckable | Qt::ItemIsDragEnabled);
        const bool used = std::find(c.rules.tieBreakers.begin(), c.rules.tieBreakers.end(), t)
            != c.rules.tieBreakers.end();
        it->setCheckState(used ? Qt::Checked : Qt::Unchecked);
        m_tieBreakers->addItem(it);
    }
}

std::optional<Campaign> CampaignWindow::settingsFromForm() const
{
    if (!m_campaign)
        return std::nullopt;
    Campaign after = *m_campaign;
    after.name = m_nameEdit->text().trimmed();
    after.points = m_pointsEdit->value();
    after.rulesProfile = m_rulesEdit->currentData().toString();
    for (const auto &[key, editor] : m_ruleEdits) {
        QString value;
        if (auto *box = qobject_cast<QCheckBox *>(editor))
            value = box->isChecked() ? QStringLiteral("on") : QStringLiteral("off");
        else if (auto *combo = qobject_cast<QComboBox *>(editor))
            value = combo->currentData().toString();
        else if (auto *spin = qobject_cast<QSpinBox *>(editor))
            value = QString::number(spin->value());
        if (const auto error = after.rules.setText(key, value)) {
            const_cast<CampaignWindow *>(this)->showError(error->translated());
            return std::nullopt;
        }
    }
    after.rules.tieBreakers.clear();
    for (int i = 0; i < m_tieBreakers->count(); ++i) {
        const QListWidgetItem *it = m_tieBreakers->item(i);
        if (it->checkState() == Qt::Checked)
            if (const auto t = tieBreakerFromId(it->data(kIdRole).toString()))
                after.rules.tieBreakers.push_back(*t);
    }
    if (after.name.isEmpty()) {
        const_cast<CampaignWindow *>(this)->showError(tr("The campaign needs a name."));
        return std::nullopt;
    }
    return after;
}

// ---- Edits ------------------------------------------------------------------

bool CampaignWindow::push(std::unique_ptr<CampaignEdit> edit)
{
    clearError();
    if (!m_store || !m_campaign) {
        showError(tr("No campaign is open."));
        return false;
    }
    bool failed = false;
    auto failedFlag = std::make_shared<bool>(false);
    auto *command = new CampaignUndoCommand(
        *m_store, std::move(edit), [this, failedFlag](const CampaignError &e) {
            *failedFlag = true;
            QString text = e.localMessage();
            if (e.kind == CampaignError::Kind::Conflict)
                text
                    += QLatin1Char(' ') + tr("Nothing was overwritten; the campaign was reloaded.");
            showError(text);
        });
    m_undo->push(command); // runs redo(); a refused edit is dropped by the stack
    failed = *failedFlag;
    if (failed)
        reload();
    return !failed;
}

bool CampaignWindow::addPlayer(const QString &name, const Fleet &roster)
{
    Player p;
    p.name = name.trimmed();
    p.faction = roster.faction;
    p.fleetName = roster.name;
    p.setFleet(roster);
    if (p.name.isEmpty()) {
        showError(tr("A player needs a name."));
        return false;
    }
    return push(std::make_unique<AddPlayerEdit>(p));
}

bool CampaignWindow::setRoster(qint64 playerId, const Fleet &roster)
{
    const Player *p = playerById(playerId);
    if (!p) {
        showError(tr("Choose a player first."));
        return false;
    }
    Player after = *p;
    after.faction = roster.faction;
    after.fleetName = roster.name;
    after.setFleet(roster);
    return push(
        std::make_unique<UpdatePlayerEdit>(*p, after, tr("Set the roster of %1").arg(p->name)));
}

bool CampaignWindow::renamePlayer(qint64 playerId, const QString &name)
{
    const Player *p = playerById(playerId);
    if (!p)
        return false;
    Player after = *p;
    after.name = name;
    return push(
        std::make_unique<UpdatePlayerEdit>(*p, after, tr("Rename %1 to %2").arg(p->name, name)));
}

bool CampaignWindow::removePlayer(qint64 playerId)
{
    const Player *p = playerById(playerId);
    if (!p) {
        showError(tr("Choose a player first."));
        return false;
    }
    return push(std::make_unique<RemovePlayerEdit>(*p));
}

bool CampaignWindow::updateCampaign(const Campaign &after)
{
    if (!m_campaign)
        return false;
    if (after == *m_campaign)
        return true;
    return push(std::make_unique<UpdateCampaignEdit>(*m_campaign, after,
                                                     tr("Change the campaign settings")));
}

bool CampaignWindow::addBattle(const Battle &battle)
{
    // Each unit comes named as the players know it ("Uller", not "uller"): the
    // imports of core/campaign/battleimport.cpp name it (every way here reads one).
    auto edit = std::make_unique<AddBattleEdit>(battle);
    AddBattleEdit *raw = edit.get();
    const int before = m_undo->count();
    if (!push(std::move(edit)))
        return false;
    if (m_undo->count() > before) {
        m_lastNotes.clear();
        for (const DataText &note : raw->result().noteTexts)
            m_lastNotes << note.translated();
    }
    // The notes stay in the banner of this tab; the status bar only tells for a
    // moment (a status tip set on the window stayed on every tab, issue 16.9).
    if (!m_lastNotes.isEmpty()) {
        showBanner(tr("Battle added. %1").arg(m_lastNotes.join(QLatin1Char(' '))),
                   BannerKind::Success);
        Q_EMIT statusMessage(tr("Battle added: %1").arg(m_lastNotes.join(QLatin1Char(' '))));
    } else {
        Q_EMIT statusMessage(tr("Battle added."));
    }
    selectBattle(raw->result().battle.id);
    return true;
}

bool CampaignWindow::importGame(const QString &path, const QDate &date)
{
    BattleImport read = battleFromGameFile(path, date);
    if (!read.ok()) {
        showError(tr("The game cannot be imported:\n%1").arg(read.localErrorText()));
        return false;
    }
    return addBattle(*read.battle);
}

bool CampaignWindow::addFinishedGame(const Game &game, const QDate &date)
{
    if (!m_campaign) {
        showError(tr("No campaign is open: open or create one, then add the game."));
        return false;
    }
    BattleImport read = battleFromGame(game, date, tr("the game on the table"));
    if (!read.ok()) {
        showError(tr("The game cannot be added:\n%1").arg(read.localErrorText()));
        return false;
    }
    return addBattle(*read.battle);
}

bool CampaignWindow::importReport(const QString &path)
{
    if (!m_campaign) {
        showError(tr("No campaign is open."));
        return false;
    }
    const Campaign campaign = *m_campaign;
    const std::vector<Player> players = m_players;
    const BattleImport read = battleReportFile(
        path,
        [&](const QString &name) -> std::optional<Fleet> {
            for (const Player &p : players)
                if (p.name == name)
                    return p.fleet(campaign.points, campaign.rulesProfile);
            return std::nullopt;
        },
        &m_db);
    if (!read.ok()) {
        showError(tr("The battle report cannot be read:\n%1").arg(read.localErrorText()));
        return false;
    }
    return addBattle(*read.battle);
}

bool CampaignWindow::updateBattle(const Battle &after)
{
    const auto b = std::find_if(m_battles.begin(), m_battles.end(),
                                [&after](const Battle &x) { return x.id == after.id; });
    if (b == m_battles.end())
        return false;
    return push(std::make_unique<UpdateBattleEdit>(*b, after));
}

bool CampaignWindow::repairUnit(qint64 playerId, qint64 rosterId)
{
    return push(std::make_unique<RepairEdit>(playerId, rosterId, QDate::currentDate(), *m_dice));
}

bool CampaignWindow::exportCampaign(const QString &path)
{
    clearError();
    if (!m_store)
        return false;
    const auto data = m_store->exportData();
    if (!data.ok()) {
        showError(data.error.localMessage());
        return false;
    }
    const QString error = CampaignFile::write(data.value, path);
    if (!error.isEmpty()) {
        showError(tr("The campaign cannot be exported: %1").arg(error));
        return false;
    }
    return true;
}

bool CampaignWindow::importCampaign(const QString &path)
{
    clearError();
    if (!m_store) {
        showError(tr("Open or create the database to import into first."));
        return false;
    }
    const CampaignFile::Read read = CampaignFile::read(path);
    if (!read.ok()) {
        showError(tr("The campaign file cannot be read:\n%1").arg(read.localErrorText()));
        return false;
    }
    const CampaignError e = m_store->importData(*read.data, true);
    if (!e.ok()) {
        showError(e.localMessage());
        return false;
    }
    // The whole campaign was replaced: earlier edits cannot be undone on it.
    m_undo->clear();
    reload();
    return true;
}

// ---- Menu and dialogs -------------------------------------------------------

QMenu *CampaignWindow::createMenu(QWidget *parent)
{
    auto *menu = new QMenu(tr("&Campaign"), parent);
    menu->addAction(tr("&New Campaign…"), this, &CampaignWindow::newCampaignDialog);
    menu->addAction(tr("&Open Campaign File…"), this, &CampaignWindow::openCampaignDialog);
    menu->addAction(tr("&Database Settings…"), this, &CampaignWindow::databaseDialog);
    menu->addSeparator();
    QAction *undo = m_undo->createUndoAction(menu, tr("&Undo"));
    QAction *redo = m_undo->createRedoAction(menu, tr("&Redo"));
    menu->addAction(undo);
    menu->addAction(redo);
    menu->addSeparator();
    m_needCampaign = {
        menu->addAction(tr("Add &Player…"), this, &CampaignWindow::addPlayerDialog),
        menu->addAction(tr("Player Ro&ster from Fleet File…"), this,
                        &CampaignWindow::setRosterDialog),
        menu->addAction(tr("&Enter Battle…"), this, &CampaignWindow::enterBattleDialog),
        menu->addAction(tr("Import &Game…"), this, &CampaignWindow::importGameDialog),
        menu->addAction(tr("Import &Battle Report…"), this, &CampaignWindow::importReportDialog),
    };
    menu->addSeparator();
    m_needCampaign.push_back(
        menu->addAction(tr("E&xport Campaign…"), this, &CampaignWindow::exportDialog));
    menu->addAction(tr("&Import Campaign…"), this, &CampaignWindow::importDialog);
    QMenu *charts = menu->addMenu(tr("Export C&hart as PNG"));
    for (CampaignChart *chart :
         std::initializer_list<CampaignChart *> {m_standingsChart, m_destroyedChart, m_luckChart})
        charts->addAction(chart->title() + QStringLiteral("…"), this,
                          [this, chart] { exportChartDialog(chart); });
    m_needCampaign.push_back(charts->menuAction());
    menu->addSeparator();
    menu->addAction(tr("&Close Campaign"), this, &CampaignWindow::closeCampaign);
    for (QAction *a : m_needCampaign)
        a->setEnabled(m_campaign.has_value());
    return menu;
}

void CampaignWindow::newCampaignDialog()
{
    QDialog d(this);
    d.setWindowTitle(tr("New Campaign"));
    auto *form = new QFormLayout(&d);
    auto *name = new QLineEdit;
    auto *points = new QSpinBox;
    points->setRange(50, 5000);
    points->setSingleStep(50);
    points->setValue(250);
    points->setSuffix(tr(" points"));
    auto *rules = new QComboBox;
    for (const RulesProfile &p : RulesProfile::all())
        rules->addItem(p.title, p.id);
    rules->setCurrentIndex(std::max(0, rules->findData(preferences::defaultRulesProfile())));
    auto *location = new QLineEdit(m_store ? m_store->location().display() : savedLocation());
    if (m_store && m_campaign)
        location->setText(QString()); // this database is taken: choose another
    form->addRow(tr("Name:"), name);
    form->addRow(tr("Points level:"), points);
    form->addRow(tr("Rules:"), rules);
    form->addRow(tr("Database:"), locationField(location, &d));
    form->addRow(new QLabel(tr("An SQLite file, or postgresql://user:password@host/database "
                               "for a campaign a club shares. One campaign a database.")));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, &d, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &d, &QDialog::reject);
    form->addRow(buttons);
    if (d.exec() != QDialog::Accepted)
        return;
    Campaign c;
    c.name = name->text().trimmed();
    c.points = points->value();
    c.rulesProfile = rules->currentData().toString();
    c.started = QDate::currentDate();
    if (c.name.isEmpty()) {
        showError(tr("The campaign needs a name."));
        return;
    }
    if (createCampaign(location->text().trimmed(), c))
        saveLocation(location->text().trimmed());
}

void CampaignWindow::openCampaignDialog()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Campaign"), QFileInfo(savedLocation()).absolutePath(),
        tr("Campaign databases (*.sqlite *.db);;All files (*)"));
    if (path.isEmpty())
        return;
    if (openDatabase(path))
        saveLocation(path);
}

void CampaignWindow::databaseDialog()
{
    QDialog d(this);
    d.setWindowTitle(tr("Campaign Database"));
    auto *form = new QFormLayout(&d);
    auto *location = new QLineEdit(savedLocation());
    location->setMinimumWidth(420);
    form->addRow(tr("Database:"), locationField(location, &d));
    auto *help = new QLabel(
        tr("An SQLite file on this computer (nothing to set up), or a PostgreSQL database a "
           "club shares: postgresql://user:password@host:port/database"));
    help->setWordWrap(true);
    form->addRow(help);
    auto *result = new QLabel;
    result->setWordWrap(true);
    auto *test = new QPushButton(tr("Test Connection"));
    connect(test, &QPushButton::clicked, &d, [location, result] {
        const QString url = location->text().trimmed();
        const auto loc = CampaignLocation::parse(url);
        if (!loc.ok()) {
            result->setText(loc.error.localMessage());
            return;
        }
        if (loc.value.dialect == CampaignSchema::Dialect::Sqlite
            && !QFileInfo::exists(loc.value.path)) {
            result->setText(QObject::tr("The file does not exist yet: it will be created."));
            return;
        }
        CampaignStore::OpenOptions options;
        options.create = false;
        const auto opened = CampaignStore::open(url, options);
        if (!opened.ok()) {
            result->setText(opened.error.localMessage());
            return;
        }
        const auto c = opened.value->campaign();
        result->setText(c.ok() ? QObject::tr("Connected: campaign “%1”.").arg(c.value.name)
                               : QObject::tr("Connected: no campaign in it yet."));
    });
    form->addRow(test, result);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Open"));
    connect(buttons, &QDialogButtonBox::accepted, &d, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &d, &QDialog::reject);
    form->addRow(buttons);
    if (d.exec() != QDialog::Accepted)
        return;
    const QString url = location->text().trimmed();
    if (openDatabase(url))
        saveLocation(url);
}

void CampaignWindow::addPlayerDialog()
{
    if (!m_campaign)
        return;
    bool ok = false;
    const QString name = QInputDialog::getText(this, tr("Add Player"), tr("Player's name:"),
                                               QLineEdit::Normal, QString(), &ok);
    if (!ok || name.trimmed().isEmpty())
        return;
    const QString path = QFileDialog::getOpenFileName(
        this, tr("%1's Roster (a fleet file; cancel for an empty roster)").arg(name.trimmed()),
        QString(), tr("Fleet files (*.jwfleet);;All files (*)"));
    Fleet roster;
    roster.points = m_campaign->points;
    roster.rules = m_campaign->rulesProfile;
    if (!path.isEmpty()) {
        const FleetFileResult read = FleetFile::read(path);
        if (!read.ok()) {
            showError(read.localErrorText());
            return;
        }
        roster = *read.fleet;
    }
    (void)addPlayer(name, roster);
}

void CampaignWindow::setRosterDialog()
{
    const Player *p = playerById(selectedPlayer());
    if (!p) {
        showError(tr("Choose a player on the Players page first."));
        return;
    }
    const QString path
        = QFileDialog::getOpenFileName(this, tr("%1's Roster").arg(p->name), QString(),
                                       tr("Fleet files (*.jwfleet);;All files (*)"));
    if (path.isEmpty())
        return;
    const FleetFileResult read = FleetFile::read(path);
    if (!read.ok()) {
        showError(read.localErrorText());
        return;
    }
    (void)setRoster(p->id, *read.fleet);
}

void CampaignWindow::enterBattleDialog()
{
    if (!m_campaign)
        return;
    if (m_players.size() < 2) {
        showError(tr("A battle needs two players: add them on the Players page."));
        return;
    }
    BattleEntryDialog d(*m_campaign, m_players, m_db, this);
    if (d.exec() == QDialog::Accepted && d.battle())
        (void)addBattle(*d.battle());
}

void CampaignWindow::importGameDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import a Finished Game"), QString(),
                                                      tr("Saved games (*.jwgame);;All files (*)"));
    if (path.isEmpty())
        return;
    (void)importGame(path, QDate::currentDate());
}

void CampaignWindow::importReportDialog()
{
    const QString path
        = QFileDialog::getOpenFileName(this, tr("Import a Battle Report"), QString(),
                                       tr("Battle reports (*.yaml *.yml);;All files (*)"));
    if (path.isEmpty())
        return;
    (void)importReport(path);
}

void CampaignWindow::exportDialog()
{
    if (!m_campaign)
        return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Campaign"),
                                                      m_campaign->name + QStringLiteral(".yaml"),
                                                      tr("YAML (*.yaml);;JSON (*.json)"));
    if (!path.isEmpty() && exportCampaign(path)) {
        m_banner->hide();
        Q_EMIT statusMessage(tr("Exported to %1").arg(QDir::toNativeSeparators(path)));
    }
}

bool CampaignWindow::exportChart(CampaignChart *chart, const QString &path)
{
    const QString error = chart->exportPng(path);
    if (!error.isEmpty()) {
        showError(tr("The chart was not exported: %1").arg(error));
        return false;
    }
    return true;
}

void CampaignWindow::exportChartDialog(CampaignChart *chart)
{
    if (!m_campaign)
        return;
    QString name = m_campaign->name + QStringLiteral(" - ") + chart->title();
    name.replace(QRegularExpression(QStringLiteral("[/\\\\:*?\"<>|]")), QStringLiteral("_"));
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Chart as PNG"), name + QStringLiteral(".png"), tr("PNG images (*.png)"));
    if (!path.isEmpty() && exportChart(chart, path)) {
        m_banner->hide();
        Q_EMIT statusMessage(tr("Chart exported to %1").arg(QDir::toNativeSeparators(path)));
    }
}

void CampaignWindow::importDialog()
{
    if (!m_store) {
        showError(tr("Open or create the database to import into first (Database Settings…)."));
        return;
    }
    const QString path = QFileDialog::getOpenFileName(this, tr("Import Campaign"), QString(),
                                                      tr("Campaign files (*.yaml *.yml *.json)"));
    if (path.isEmpty())
        return;
    if (m_campaign
        && QMessageBox::question(
               this, tr("Import Campaign"),
               tr("Importing replaces the campaign “%1” in %2 with the file's. This cannot be "
                  "undone: export it first to keep a copy. Replace it?")
                   .arg(m_campaign->name, m_store->location().display()))
            != QMessageBox::Yes)
        return;
    (void)importCampaign(path);
}

} // namespace jw
