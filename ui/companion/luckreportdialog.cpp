// SPDX-License-Identifier: GPL-3.0-or-later
#include "companion/luckreportdialog.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QScreen>
#include <QTableWidget>
#include <QVBoxLayout>

namespace jw {

namespace {

QString expected(double v)
{
    return QLocale().toString(v, 'f', 2);
}

QTableWidgetItem *cell(const QString &text, Qt::Alignment align = Qt::AlignLeft | Qt::AlignVCenter)
{
    auto *item = new QTableWidgetItem(text);
    item->setTextAlignment(align);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    return item;
}

QTableWidgetItem *number(const QString &text)
{
    return cell(text, Qt::AlignRight | Qt::AlignVCenter);
}

QTableWidget *table(const QStringList &headings, int rows, QWidget *parent)
{
    auto *t = new QTableWidget(rows, int(headings.size()), parent);
    t->setHorizontalHeaderLabels(headings);
    t->verticalHeader()->hide();
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setAlternatingRowColors(true);
    t->setWordWrap(false);
    return t;
}

} // namespace

LuckReportDialog *LuckReportDialog::showFor(const Game &game, QWidget *parent)
{
    auto *dialog = new LuckReportDialog(luckReport(game), parent);
    dialog->setObjectName(QStringLiteral("luckReportDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
    return dialog;
}

LuckReportDialog::LuckReportDialog(LuckReport report, QWidget *parent)
    : QDialog(parent)
    , m_report(std::move(report))
{
    setWindowTitle(tr("Luck Report"));
    auto *layout = new QVBoxLayout(this);

    auto *intro = new QLabel(tr("Each player's dice against the exact odds of the pools they "
                                "rolled: the successes and the damage expected, and what the "
                                "dice gave."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    for (int p = 0; p < 2; ++p) {
        auto *verdict = new QLabel(m_report.verdictMessage(p).translated(), this);
        verdict->setWordWrap(true);
        verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
        QFont f = verdict->font();
        f.setBold(true);
        verdict->setFont(f);
        layout->addWidget(verdict);
    }

    // One row a player: attack rolls, then every other roll of a pool.
    m_totals = table({tr("Player"), tr("Attack rolls"), tr("Successes"), tr("Expected successes"),
                      tr("Damage"), tr("Expected damage"), tr("Other rolls"), tr("Their successes"),
                      tr("Expected")},
                     2, this);
    m_totals->setObjectName(QStringLiteral("luckTotals"));
    m_totals->setAccessibleName(tr("Totals"));
    for (int p = 0; p < 2; ++p) {
        const LuckTotals &t = m_report.totals[std::size_t(p)];
        m_totals->setItem(p, 0, cell(m_report.players[std::size_t(p)]));
        m_totals->setItem(p, 1, number(QLocale().toString(t.attacks)));
        m_totals->setItem(p, 2, number(QLocale().toString(t.successes)));
        m_totals->setItem(p, 3, number(expected(t.expectedSuccesses)));
        m_totals->setItem(p, 4, number(QLocale().toString(t.damage)));
        m_totals->setItem(p, 5, number(expected(t.expectedDamage)));
        m_totals->setItem(p, 6, number(QLocale().toString(t.otherRolls)));
        m_totals->setItem(p, 7, number(QLocale().toString(t.otherSuccesses)));
        m_totals->setItem(p, 8, number(expected(t.otherExpectedSuccesses)));
    }
    m_totals->resizeColumnsToContents();
    m_totals->horizontalHeader()->setStretchLastSection(true);
    m_totals->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_totals->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_totals->setFixedHeight(m_totals->horizontalHeader()->sizeHint().height()
                             + m_totals->rowHeight(0) + m_totals->rowHeight(1)
                             + 2 * m_totals->frameWidth());
    m_totals->horizontalHeaderItem(8)->setToolTip(
        tr("Every other roll of a pool: defence, Skill Tests, firefights"));
    m_totals->horizontalHeaderItem(6)->setToolTip(m_totals->horizontalHeaderItem(8)->toolTip());
    layout->addWidget(m_totals);

    auto *heading = new QLabel(tr("Attack rolls"), this);
    QFont hf = heading->font();
    hf.setBold(true);
    heading->setFont(hf);
    layout->addWidget(heading);

    int attacks = 0;
    for (const LuckRoll &r : m_report.rolls)
        attacks += r.attack ? 1 : 0;
    m_rolls = table({tr("Turn"), tr("Player"), tr("Attacker"), tr("Target"), tr("Weapon"),
                     tr("Pool"), tr("Rolled"), tr("Successes"), tr("Expected successes"),
                     tr("Damage"), tr("Expected damage")},
                    attacks, this);
    m_rolls->setObjectName(QStringLiteral("luckRolls"));
    m_rolls->setAccessibleName(tr("Attack rolls"));
    int row = 0;
    for (const LuckRoll &r : m_report.rolls) {
        if (!r.attack)
            continue;
        QString weapon = r.weapon;
        if (r.purpose == QLatin1String("attack-reroll"))
            weapon = weapon.isEmpty() ? tr("re-roll") : tr("%1 (re-roll)").arg(weapon);
        m_rolls->setItem(row, 0, number(QLocale().toString(r.turn)));
        m_rolls->setItem(row, 1, cell(m_report.players[std::size_t(std::clamp(r.player, 0, 1))]));
        m_rolls->setItem(row, 2, cell(r.attackerName));
        m_rolls->setItem(row, 3, cell(r.targetName));
        m_rolls->setItem(row, 4, cell(weapon));
        m_rolls->setItem(row, 5, cell(r.pool.toString()));
        m_rolls->setItem(row, 6, cell(r.result.toString()));
        m_rolls->setItem(row, 7, number(QLocale().toString(r.successes)));
        m_rolls->setItem(row, 8, number(expected(r.expectedSuccesses)));
        m_rolls->setItem(row, 9, number(r.hasDamage ? QLocale().toString(r.damage) : QString()));
        m_rolls->setItem(row, 10, number(r.hasDamage ? expected(r.expectedDamage) : QString()));
        m_rolls->item(row, 0)->setToolTip(r.text);
        ++row;
    }
    m_rolls->resizeColumnsToContents();
    m_rolls->horizontalHeader()->setStretchLastSection(true);
    layout->addWidget(m_rolls, 1);
    if (attacks == 0) {
        m_rolls->hide();
        auto *none = new QLabel(tr("No attack has been rolled yet."), this);
        none->setObjectName(QStringLiteral("luckNoRolls"));
        layout->addWidget(none);
        layout->addStretch(1);
    }

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton *copy = buttons->addButton(tr("&Copy as Text"), QDialogButtonBox::ActionRole);
    copy->setToolTip(tr("Copy the report in English, as jwfleet-cli prints it"));
    connect(copy, &QPushButton::clicked, this,
            [this] { QGuiApplication::clipboard()->setText(luckReportText(m_report)); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    // Wide enough for both tables' columns, within the screen.
    const QRect avail = (parent ? parent->screen() : screen())->availableGeometry();
    const int wanted = std::max({720, m_rolls->horizontalHeader()->length(),
                                 m_totals->horizontalHeader()->length()})
        + 2 * layout->contentsMargins().left() + 40;
    resize(std::min(avail.width() * 9 / 10, wanted), std::min(avail.height() * 8 / 10, 640));
}

} // namespace jw
