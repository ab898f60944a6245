// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleetbuilder/weaponoddsview.h"

#include "units/weaponodds.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

namespace jw {

WeaponOddsView::WeaponOddsView(QWidget *parent)
    : QWidget(parent)
    , m_armor(new QSpinBox(this))
    , m_table(new QTableWidget(this))
    , m_note(new QLabel(this))
{
    m_armor->setRange(0, 4);
    m_armor->setValue(1);
    m_armor->setToolTip(tr("Armor of the capital ship's arc that is hit: its value is taken "
                           "from the Macro Pool"));
    auto *top = new QHBoxLayout;
    auto *title = new QLabel(tr("<b>Expected damage per attack</b>"), this);
    title->setWordWrap(true); // a narrow pane (a small screen) wraps it
    top->addWidget(title, 1);
    auto *armorLabel = new QLabel(tr("Target armor:"), this);
    armorLabel->setBuddy(m_armor); // its name for a screen reader
    top->addWidget(armorLabel);
    top->addWidget(m_armor);

    m_table->setObjectName(QStringLiteral("weaponOdds"));
    m_table->setAccessibleName(tr("Expected damage per attack"));
    // Two header rows in the table itself: "vs Capital Ship" over short/long,
    // "vs Squadron" over short/long (narrow panes have no room for four titles).
    m_table->setColumnCount(5);
    m_table->horizontalHeader()->hide();
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);

    m_note->setWordWrap(true);
    m_note->setText(tr("All damage boxes marked against a capital ship (Structure, ratings, "
                       "critical hits); Structure lost by a squadron, and its chance of being "
                       "destroyed. Hover a cell for the pool and the details."));
    QFont small = m_note->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    m_note->setFont(small);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_note);
    connect(m_armor, &QSpinBox::valueChanged, this, &WeaponOddsView::refresh);
    refresh();
}

void WeaponOddsView::setUnit(const Unit *unit, const QStringList &upgrades)
{
    m_unit = unit;
    m_upgrades = upgrades;
    refresh();
}

void WeaponOddsView::setSquadronQPlusDestroys(bool destroys)
{
    m_qPlusDestroys = destroys;
    refresh();
}

void WeaponOddsView::refresh()
{
    m_table->clearContents();
    m_table->clearSpans();
    if (!m_unit) {
        m_table->setRowCount(0);
        return;
    }
    constexpr int headerRows = 2;
    m_table->setRowCount(int(m_unit->weapons.size()) + headerRows);
    auto header = [this](int row, int col, const QString &text) {
        auto *item = new QTableWidgetItem(text);
        QFont f = item->font();
        f.setBold(true);
        item->setFont(f);
        item->setTextAlignment(Qt::AlignCenter);
        item->setBackground(palette().color(QPalette::Button));
        m_table->setItem(row, col, item);
    };
    header(0, 0, QString());
    header(0, 1, tr("vs Capital Ship"));
    header(0, 3, tr("vs Squadron"));
    m_table->setSpan(0, 1, 1, 2);
    m_table->setSpan(0, 3, 1, 2);
    header(1, 0, tr("Weapon"));
    for (int c : {1, 3}) {
        header(1, c, tr("short"));
        header(1, c + 1, tr("long"));
    }
    for (int r = 0; r < int(m_unit->weapons.size()); ++r) {
        const Weapon &w = m_unit->weapons[std::size_t(r)];
        m_table->setItem(
            r + headerRows, 0,
            new QTableWidgetItem(w.count > 1 ? QStringLiteral("%1 ×%2").arg(w.name).arg(w.count)
                                             : w.name));
        int col = 1;
        for (TargetKind target : {TargetKind::CapitalShip, TargetKind::Squadron}) {
            for (RangeBand range : {RangeBand::Short, RangeBand::Long}) {
                const AttackContext ctx {target, range, m_armor->value(), m_qPlusDestroys,
                                         m_upgrades};
                const WeaponDamageOdds o = weaponDamageOdds(*m_unit, w, ctx);
                auto *item = new QTableWidgetItem;
                item->setTextAlignment(Qt::AlignCenter);
                if (!o.usable) {
                    item->setText(QStringLiteral("–"));
                    item->setToolTip(tr("No dice against this target"));
                } else {
                    QString text = QLocale().toString(o.total(), 'f', 2);
                    QString tip = tr("Pool %1 · success %2%")
                                      .arg(o.pool.toString())
                                      .arg(QLocale().toString(o.pSuccess * 100, 'f', 1));
                    if (target == TargetKind::CapitalShip) {
                        tip += tr("\nStructure %1 · rating damage %2 · critical hits %3")
                                   .arg(QLocale().toString(o.structure, 'f', 2))
                                   .arg(QLocale().toString(o.rating, 'f', 2))
                                   .arg(QLocale().toString(o.criticals, 'f', 2));
                    } else if (o.pDestroyed > 0) {
                        text += o.pDestroyed < 0.005
                            ? tr("\n<1% kill")
                            : tr("\n+%1% kill").arg(QLocale().toString(o.pDestroyed * 100, 'f', 0));
                        tip += tr("\nStructure %1 · destroyed by a [Q+]: %2%")
                                   .arg(QLocale().toString(o.structure, 'f', 2))
                                   .arg(QLocale().toString(o.pDestroyed * 100, 'f', 1));
                    }
                    if (!o.notes.isEmpty())
                        tip += QLatin1Char('\n') + o.notes.join(QStringLiteral("; "));
                    item->setText(text);
                    item->setToolTip(tip);
                }
                m_table->setItem(r + headerRows, col++, item);
            }
        }
    }
}

} // namespace jw
