// SPDX-License-Identifier: GPL-3.0-or-later
#include "unitcomparedialog.h"
#include "unittypetext.h"

#include "layoututil.h"
#include "unitlistmodel.h"

#include "units/unitdatabase.h"

#include <QDialogButtonBox>
#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace jw {

namespace {

QString trackText(const Track &t)
{
    if (t.isEmpty())
        return QStringLiteral("–");
    return QStringLiteral("%1  [%2]").arg(t.start()).arg(t.toString());
}

QString weaponText(const Unit &u, const Weapon &w)
{
    QStringList parts;
    if (w.count > 1)
        parts << QStringLiteral("x%1").arg(w.count);
    parts << weaponClassName(w.weaponClass);
    if (u.isCapital())
        parts << arcsToString(w.arcs);
    parts << UnitCompareDialog::tr("AC %1").arg(w.ratingText(w.ac))
          << UnitCompareDialog::tr("AS %1").arg(w.ratingText(w.as));
    if (w.macro)
        parts << UnitCompareDialog::tr("Ma +%1").arg(w.macro);
    for (const TraitRef &t : w.traits)
        parts << t.toString();
    return parts.join(QStringLiteral(" · "));
}

struct Row
{
    QString label;
    QStringList values; // one per unit
    bool section = false; // a heading ("Weapons"), no values
    // Where the row's value comes from (Unit::sourceOf keys): a value that is
    // jwfleet's estimate is shown with "*" (issue 20.2); the rows differ by value only.
    QStringList fields = {};
    QStringList shown = {}; // what the cells show, when not values plus that mark
};

// "*" when `field` of `u` is jwfleet's estimate.
QString estimateMark(const Unit &u, const QString &field)
{
    return u.sourceOf(field).isPublished() ? QString() : QStringLiteral("*");
}

} // namespace

UnitCompareDialog::UnitCompareDialog(const std::vector<const Unit *> &units, const UnitDatabase &db,
                                     QWidget *parent)
    : QDialog(parent)
    , m_units(units)
    , m_db(db)
{
    setObjectName(QStringLiteral("unitCompare"));
    QStringList names;
    for (const Unit *u : m_units)
        names << u->name;
    setWindowTitle(tr("Compare %1").arg(names.join(QStringLiteral(" · "))));

    m_table = new QTableWidget(this);
    m_table->setObjectName(QStringLiteral("compareTable"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setWordWrap(false); // a row as high as its lines, whatever the column widths
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);

    auto *note = new QLabel(tr("Highlighted rows: the units differ there. "
                               "* provisional: values that are jwfleet's estimate, not "
                               "published."),
                            this);
    note->setWordWrap(true);
    note->setForegroundRole(QPalette::PlaceholderText);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_table, 1);
    layout->addWidget(note);
    layout->addWidget(buttons);
    fill();
    resizeWithinScreen(this, QSize(260 + 300 * int(m_units.size()), 760));
}

int UnitCompareDialog::rowOf(const QString &label) const
{
    for (int r = 0; r < m_table->rowCount(); ++r) {
        if (m_table->verticalHeaderItem(r) && m_table->verticalHeaderItem(r)->text() == label)
            return r;
    }
    return -1;
}

void UnitCompareDialog::changeEvent(QEvent *event)
{
    QDialog::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        fill(); // the highlight is a tint of the palette
}

void UnitCompareDialog::fill()
{
    const auto each = [this](const auto &f) {
        QStringList out;
        for (const Unit *u : m_units)
            out << f(*u);
        return out;
    };
    const QString none = QStringLiteral("–");
    std::vector<Row> rows;
    rows.push_back({tr("Faction"), each([this](const Unit &u) {
                        const FactionInfo *f = m_db.faction(u.faction);
                        return f ? f->name : u.faction;
                    })});
    rows.push_back({tr("Type"), each([](const Unit &u) {
                        return u.shipClass.isEmpty()
                            ? unitTypeText(u.type)
                            : unitTypeText(u.type) + QStringLiteral(" · ") + u.shipClass;
                    })});
    rows.push_back({tr("Threat Value"), each([](const Unit &u) { return QString::number(u.tv); })});
    rows.back().fields = {QStringLiteral("tv")};
    rows.push_back({tr("Unit Cap"), each([none](const Unit &u) {
                        return u.unitCap ? QString::number(u.unitCap) : none;
                    })});
    rows.back().fields = {QStringLiteral("uc")};
    rows.push_back(
        {tr("Speed"), each([](const Unit &u) { return QStringLiteral("%1\"").arg(u.speed); })});
    rows.back().fields = {QStringLiteral("speed")};
    rows.push_back({tr("Turns"), each([none](const Unit &u) {
                        return u.isCapital() ? QString::number(u.turns) : none;
                    })});
    rows.back().fields = {QStringLiteral("turns")};
    rows.push_back(
        {tr("Fire Control"), each([](const Unit &u) { return QString::number(u.fireControl); })});
    rows.back().fields = {QStringLiteral("fire_control")};
    rows.push_back({tr("Skill"), each([](const Unit &u) { return QString::number(u.skill); })});
    rows.back().fields = {QStringLiteral("skill")};
    rows.push_back({tr("Armor"), each([none](const Unit &u) {
                        return u.isCapital() ? tr("Fore %1 · Sides %2 · Aft %3")
                                                   .arg(u.armor.fore)
                                                   .arg(u.armor.sides)
                                                   .arg(u.armor.aft)
                                             : none;
                    })});
    // Each arc marked on its own: the Alexander's Fore Armor is the rules', its others not.
    rows.back().shown = each([none](const Unit &u) {
        return u.isCapital()
            ? tr("Fore %1 · Sides %2 · Aft %3")
                  .arg(QString::number(u.armor.fore)
                           + estimateMark(u, QStringLiteral("armor.fore")),
                       QString::number(u.armor.sides)
                           + estimateMark(u, QStringLiteral("armor.sides")),
                       QString::number(u.armor.aft) + estimateMark(u, QStringLiteral("armor.aft")))
            : none;
    });
    rows.push_back({tr("Structure"), each([](const Unit &u) { return trackText(u.structure); })});
    rows.back().fields = {QStringLiteral("structure")};
    rows.push_back({tr("Defense"), each([](const Unit &u) { return trackText(u.defense); })});
    rows.back().fields = {QStringLiteral("defense")};
    rows.push_back({tr("Sensors"), each([](const Unit &u) { return trackText(u.sensors); })});
    rows.back().fields = {QStringLiteral("sensors")};
    rows.push_back({tr("Thrusters"), each([](const Unit &u) { return trackText(u.thrusters); })});
    rows.back().fields = {QStringLiteral("thrusters")};
    rows.push_back({tr("Marines"), each([](const Unit &u) { return trackText(u.marines); })});
    rows.back().fields = {QStringLiteral("marines")};
    rows.push_back({tr("Fuel"), each([](const Unit &u) { return trackText(u.fuel); })});
    rows.back().fields = {QStringLiteral("fuel")};
    rows.push_back({tr("TV per Structure box"), each([none](const Unit &u) {
                        return u.structure.isEmpty()
                            ? none
                            : QLocale().toString(double(u.tv) / u.structure.size(), 'f', 1);
                    })});
    rows.back().fields = {QStringLiteral("tv"), QStringLiteral("structure")};
    rows.push_back({tr("Base"), each([](const Unit &u) { return u.base.toString(); })});
    rows.back().fields = {QStringLiteral("base")};
    rows.push_back({tr("Rules version"), each([](const Unit &u) { return u.rulesVersion; })});
    rows.push_back({tr("Values"), each([](const Unit &u) {
                        return u.provisional ? tr("* provisional (jwfleet's estimate)")
                                             : tr("published");
                    })});

    // One row per weapon name and per trait, in the order the units list them.
    QStringList weaponNames, traitNames;
    for (const Unit *u : m_units) {
        for (const Weapon &w : u->weapons) {
            if (!weaponNames.contains(w.name))
                weaponNames << w.name;
        }
        for (const TraitRef &t : u->traits) {
            if (!traitNames.contains(t.name))
                traitNames << t.name;
        }
    }
    rows.push_back({tr("Weapons"), {}, true});
    for (const QString &name : weaponNames) {
        rows.push_back({name, each([&](const Unit &u) {
                            QStringList texts;
                            for (const Weapon &w : u.weapons) {
                                if (w.name == name)
                                    texts << weaponText(u, w);
                            }
                            return texts.isEmpty() ? none : texts.join(QLatin1Char('\n'));
                        })});
        rows.back().fields = {QStringLiteral("weapons.") + name};
    }
    rows.push_back({tr("Traits"), {}, true});
    for (const QString &name : traitNames) {
        rows.push_back({name, each([&](const Unit &u) {
                            const TraitRef *t = u.trait(name);
                            return t ? t->toString() : none;
                        })});
        rows.back().fields = {QStringLiteral("traits")};
    }

    m_table->clear();
    m_table->clearSpans();
    m_table->setColumnCount(int(m_units.size()));
    m_table->setRowCount(int(rows.size()));
    for (int c = 0; c < int(m_units.size()); ++c) {
        const Unit &u = *m_units[std::size_t(c)];
        m_table->setHorizontalHeaderItem(
            c,
            new QTableWidgetItem(u.provisional ? u.name + UnitListModel::ProvisionalMark : u.name));
    }
    // A tint of the palette's base, so that it reads in light and dark palettes.
    const QColor base = palette().color(QPalette::Base);
    const QColor accent = palette().color(QPalette::Highlight);
    const QColor tint = QColor::fromRgbF(base.redF() * 0.75 + accent.redF() * 0.25,
                                         base.greenF() * 0.75 + accent.greenF() * 0.25,
                                         base.blueF() * 0.75 + accent.blueF() * 0.25);
    for (int r = 0; r < int(rows.size()); ++r) {
        const Row &row = rows[std::size_t(r)];
        auto *head = new QTableWidgetItem(row.label);
        m_table->setVerticalHeaderItem(r, head);
        if (row.section) {
            QFont bold = font();
            bold.setBold(true);
            head->setFont(bold);
            auto *item = new QTableWidgetItem;
            item->setData(DiffersRole, false);
            m_table->setItem(r, 0, item);
            m_table->setSpan(r, 0, 1, m_table->columnCount());
            continue;
        }
        const bool differs = row.values.size() > 1
            && std::any_of(row.values.begin(), row.values.end(),
                           [&](const QString &v) { return v != row.values.first(); });
        for (int c = 0; c < int(row.values.size()); ++c) {
            const Unit &u = *m_units[std::size_t(c)];
            QString text = row.shown.isEmpty() ? row.values[c] : row.shown[c];
            if (row.values[c] != none
                && std::any_of(row.fields.begin(), row.fields.end(),
                               [&](const QString &f) { return !estimateMark(u, f).isEmpty(); }))
                text += QStringLiteral("*");
            auto *item = new QTableWidgetItem(text);
            item->setToolTip(text); // a long weapon line is elided in its cell
            item->setData(DiffersRole, differs);
            if (differs) {
                item->setBackground(tint);
                QFont f = font();
                f.setBold(true);
                item->setFont(f);
            }
            m_table->setItem(r, c, item);
        }
        if (differs) {
            QFont f = font();
            f.setBold(true);
            head->setFont(f);
        }
    }
}

} // namespace jw
