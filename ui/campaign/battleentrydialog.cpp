// SPDX-License-Identifier: GPL-3.0-or-later
#include "campaign/battleentrydialog.h"
#include "layoututil.h"

#include "campaign/battleimport.h"
#include "engine/scenario.h"
#include "units/unitdatabase.h"

#include <QComboBox>
#include <QDateEdit>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

namespace jw {

namespace {
constexpr int kSideRole = Qt::UserRole + 1;
constexpr int kEntryRole = Qt::UserRole + 2;
} // namespace

BattleEntryDialog::BattleEntryDialog(const Campaign &campaign, std::vector<Player> players,
                                     const UnitDatabase &db, QWidget *parent)
    : QDialog(parent)
    , m_campaign(campaign)
    , m_players(std::move(players))
    , m_db(db)
{
    setWindowTitle(tr("Enter a Battle"));
    setObjectName(QStringLiteral("battleEntryDialog"));
    auto *layout = new QVBoxLayout(this);

    auto *top = new QFormLayout;
    m_date = new QDateEdit(QDate::currentDate());
    m_date->setCalendarPopup(true);
    m_date->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
    top->addRow(tr("&Date:"), m_date);
    m_scenario = new QComboBox;
    const ScenarioLibrary scenarios = ScenarioLibrary::loadShipped();
    for (const Scenario &s : scenarios.scenarios())
        m_scenario->addItem(s.name, s.id);
    top->addRow(tr("&Scenario:"), m_scenario);
    layout->addLayout(top);

    auto *sides = new QHBoxLayout;
    for (int side = 0; side < 2; ++side) {
        auto *box = new QGroupBox(side == 0 ? tr("First player") : tr("Second player"));
        auto *form = new QFormLayout(box);
        m_player[side] = new QComboBox;
        for (const Player &p : m_players)
            m_player[side]->addItem(p.name, p.id);
        if (int(m_players.size()) > side)
            m_player[side]->setCurrentIndex(side);
        m_vp[side] = new QSpinBox;
        m_vp[side]->setRange(0, 100000);
        m_op[side] = new QSpinBox;
        m_op[side]->setRange(0, 1000);
        form->addRow(tr("Player:"), m_player[side]);
        form->addRow(tr("Victory Points:"), m_vp[side]);
        form->addRow(tr("Objective Points:"), m_op[side]);
        sides->addWidget(box);
        connect(m_player[side], &QComboBox::currentIndexChanged, this, [this] {
            fillUnits();
            updateWinnerNames();
        });
    }
    layout->addLayout(sides);

    auto *result = new QFormLayout;
    m_winner = new QComboBox;
    result->addRow(tr("&Winner:"), m_winner);
    layout->addLayout(result);

    layout->addWidget(new QLabel(tr("Units (those not changed came out Intact):")));
    m_units = new QTableWidget;
    m_units->setObjectName(QStringLiteral("battleUnits"));
    m_units->setAccessibleName(tr("Units and how they came out"));
    QStringList headers {tr("Player"), tr("Unit"), tr("TV"), tr("Fate")};
    for (const QString &track : damageTracks())
        headers << tr("%1 lost").arg(track.left(1).toUpper() + track.mid(1));
    headers << tr("Kills");
    m_units->setColumnCount(int(headers.size()));
    m_units->setHorizontalHeaderLabels(headers);
    m_units->verticalHeader()->hide();
    m_units->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_units->horizontalHeader()->setSectionResizeMode(ColUnit, QHeaderView::Stretch);
    m_units->setSelectionMode(QAbstractItemView::NoSelection);
    layout->addWidget(m_units, 1);

    auto *notesLabel = new QLabel(tr("&Notes:"));
    layout->addWidget(notesLabel);
    m_notes = new QPlainTextEdit;
    m_notes->setTabChangesFocus(true); // Tab leaves the notes (a keyboard user is not kept)
    notesLabel->setBuddy(m_notes);
    m_notes->setMaximumHeight(70);
    layout->addWidget(m_notes);

    m_error = new QLabel;
    m_error->setObjectName(QStringLiteral("battleError"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #ef4444;"));
    m_error->hide();
    layout->addWidget(m_error);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Add Battle"));
    connect(buttons, &QDialogButtonBox::accepted, this, [this] { (void)tryAccept(); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    fillUnits();
    updateWinnerNames();
    resizeWithinScreen(this, {900, 640});
}

void BattleEntryDialog::updateWinnerNames()
{
    const QVariant keep = m_winner->currentData();
    m_winner->clear();
    m_winner->addItem(tr("By the points (most Objective Points, then Victory Points)"),
                      QStringLiteral("auto"));
    for (int side = 0; side < 2; ++side)
        m_winner->addItem(m_player[side]->currentText(), m_player[side]->currentText());
    m_winner->addItem(tr("Draw"), QStringLiteral("draw"));
    const int i = m_winner->findData(keep);
    m_winner->setCurrentIndex(i >= 0 ? i : 0);
}

void BattleEntryDialog::fillUnits()
{
    m_units->setRowCount(0);
    for (int side = 0; side < 2; ++side) {
        const qint64 id = m_player[side]->currentData().toLongLong();
        const auto p = std::find_if(m_players.begin(), m_players.end(),
                                    [id](const Player &x) { return x.id == id; });
        if (p == m_players.end())
            continue;
        const Fleet fleet = p->fleet(m_campaign.points, m_campaign.rulesProfile);
        for (int e = 0; e < fleet.size(); ++e) {
            const int row = m_units->rowCount();
            m_units->insertRow(row);
            auto *who = new QTableWidgetItem(p->name);
            who->setData(kSideRole, side);
            who->setData(kEntryRole, e);
            who->setFlags(Qt::ItemIsEnabled);
            m_units->setItem(row, ColPlayer, who);
            auto *unit = new QTableWidgetItem(fleet.entryName(e, m_db));
            unit->setFlags(Qt::ItemIsEnabled);
            m_units->setItem(row, ColUnit, unit);
            auto *tv = new QTableWidgetItem(QString::number(fleet.entryTv(e, m_db)));
            tv->setFlags(Qt::ItemIsEnabled);
            tv->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_units->setItem(row, ColTv, tv);
            auto *fate = new QComboBox;
            for (UnitFate f : allFates())
                fate->addItem(fateName(f), fateId(f));
            m_units->setCellWidget(row, ColFate, fate);
            int col = ColFirstTrack;
            for (int t = 0; t <= int(damageTracks().size()); ++t) {
                auto *spin = new QSpinBox;
                spin->setRange(0, 99);
                spin->setFrame(false);
                m_units->setCellWidget(row, col++, spin);
            }
        }
    }
}

int BattleEntryDialog::rowOf(int side, int entry) const
{
    for (int r = 0; r < m_units->rowCount(); ++r) {
        const QTableWidgetItem *it = m_units->item(r, ColPlayer);
        if (it && it->data(kSideRole).toInt() == side && it->data(kEntryRole).toInt() == entry)
            return r;
    }
    return -1;
}

QByteArray BattleEntryDialog::report() const
{
    QJsonObject o;
    o.insert(QStringLiteral("date"), m_date->date().toString(Qt::ISODate));
    o.insert(QStringLiteral("scenario"), m_scenario->currentData().toString());
    const QString notes = m_notes->toPlainText().trimmed();
    if (!notes.isEmpty())
        o.insert(QStringLiteral("notes"), notes);
    const QString winner = m_winner->currentData().toString();
    if (winner != QLatin1String("auto"))
        o.insert(QStringLiteral("winner"), winner);
    QJsonArray sides;
    for (int side = 0; side < 2; ++side) {
        QJsonObject s;
        s.insert(QStringLiteral("player"), m_player[side]->currentText());
        s.insert(QStringLiteral("victory_points"), m_vp[side]->value());
        s.insert(QStringLiteral("objective_points"), m_op[side]->value());
        QJsonArray units;
        for (int r = 0; r < m_units->rowCount(); ++r) {
            const QTableWidgetItem *it = m_units->item(r, ColPlayer);
            if (!it || it->data(kSideRole).toInt() != side)
                continue;
            QJsonObject u;
            const QString fate = static_cast<QComboBox *>(m_units->cellWidget(r, ColFate))
                                     ->currentData()
                                     .toString();
            if (fate != fateId(UnitFate::Intact))
                u.insert(QStringLiteral("fate"), fate);
            QJsonObject lost;
            int col = ColFirstTrack;
            for (const QString &track : damageTracks()) {
                const int n = static_cast<QSpinBox *>(m_units->cellWidget(r, col++))->value();
                if (n > 0)
                    lost.insert(track, n);
            }
            if (!lost.isEmpty())
                u.insert(QStringLiteral("lost"), lost);
            const int kills = static_cast<QSpinBox *>(m_units->cellWidget(r, col))->value();
            if (kills > 0)
                u.insert(QStringLiteral("kills"), kills);
            if (u.isEmpty())
                continue; // Intact: the report's default
            u.insert(QStringLiteral("entry"), it->data(kEntryRole).toInt());
            units.append(u);
        }
        if (!units.isEmpty())
            s.insert(QStringLiteral("units"), units);
        sides.append(s);
    }
    o.insert(QStringLiteral("sides"), sides);
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

bool BattleEntryDialog::tryAccept()
{
    m_battle.reset();
    QStringList problems;
    if (m_player[0]->currentIndex() < 0 || m_player[1]->currentIndex() < 0)
        problems << tr("Choose both players.");
    else if (m_player[0]->currentData() == m_player[1]->currentData())
        problems << tr("A battle is between two different players.");
    if (problems.isEmpty()) {
        const Campaign campaign = m_campaign;
        const std::vector<Player> players = m_players;
        const BattleImport read = battleFromReport(
            report(), tr("the battle form"),
            [&players, &campaign](const QString &name) -> std::optional<Fleet> {
                for (const Player &p : players)
                    if (p.name == name)
                        return p.fleet(campaign.points, campaign.rulesProfile);
                return std::nullopt;
            },
            &m_db);
        if (read.ok())
            m_battle = read.battle;
        else
            problems << read.localErrorText();
    }
    if (!m_battle) {
        m_error->setText(problems.join(QLatin1Char('\n')));
        m_error->show();
        return false;
    }
    m_battle->source = QStringLiteral("manual");
    m_error->hide();
    accept();
    return true;
}

} // namespace jw
