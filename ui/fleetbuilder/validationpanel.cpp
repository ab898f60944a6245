// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleetbuilder/validationpanel.h"

#include "fleetbuilder/fleetdocument.h"
#include "help/rulesreference.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

namespace jw {

ValidationPanel::ValidationPanel(FleetDocument *doc, QWidget *parent)
    : QWidget(parent)
    , m_doc(doc)
    , m_status(new QLabel(this))
    , m_list(new QListWidget(this))
    , m_ruleButton(new QPushButton(tr("Rule…"), this))
{
    m_status->setObjectName(QStringLiteral("validationStatus"));
    m_status->setWordWrap(true);
    QFont f = m_status->font();
    f.setBold(true);
    m_status->setFont(f);
    m_list->setObjectName(QStringLiteral("validationList"));
    m_list->setAccessibleName(tr("Fleet problems"));
    // Whole sentences with their numbers: wrap, never elide.
    m_list->setWordWrap(true);
    m_list->setTextElideMode(Qt::ElideNone);
    m_list->setResizeMode(QListView::Adjust);
    m_list->setUniformItemSizes(false);
    m_list->setSpacing(2);
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_status);
    layout->addWidget(m_list, 1);
    m_ruleButton->setObjectName(QStringLiteral("validationRule"));
    m_ruleButton->setToolTip(tr("Open the selected problem's rule in Help › Rules Reference"));
    m_ruleButton->setEnabled(false);
    auto *buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_ruleButton);
    layout->addLayout(buttons);
    connect(m_ruleButton, &QPushButton::clicked, this, [this] { (void)openSelectedRule(); });
    connect(m_list, &QListWidget::itemSelectionChanged, this,
            [this] { m_ruleButton->setEnabled(RulesReference::canOpen(selectedRule())); });

    connect(doc, &FleetDocument::reportChanged, this, &ValidationPanel::refresh);
    connect(m_list, &QListWidget::itemSelectionChanged, this, [this] {
        QList<int> entries;
        for (QListWidgetItem *item : m_list->selectedItems())
            for (const QVariant &v : item->data(Qt::UserRole).toList())
                entries << v.toInt();
        if (!entries.isEmpty())
            Q_EMIT entriesSelected(entries);
    });
    refresh();
}

QString ValidationPanel::selectedRule() const
{
    const QList<QListWidgetItem *> items = m_list->selectedItems();
    return items.isEmpty() ? QString() : items.front()->data(Qt::UserRole + 1).toString();
}

bool ValidationPanel::openSelectedRule()
{
    return RulesReference::canOpen(selectedRule()) && RulesReference::open(selectedRule());
}

QString ValidationPanel::statusText() const
{
    return m_status->text();
}

void ValidationPanel::refresh()
{
    const FleetReport &r = m_doc->report();
    m_list->clear();
    m_ruleButton->setEnabled(false);
    const int errors = r.errorCount();
    const int warnings = r.warningCount();
    const QString points = tr("%1 of %2 points").arg(r.totals.total).arg(r.limit);
    if (errors == 0) {
        m_status->setText(warnings == 0
                              ? tr("✔ Legal fleet · %1").arg(points)
                              : tr("✔ Legal fleet · %1 · %2 warning(s)").arg(points).arg(warnings));
    } else {
        const QString counts = warnings == 0
            ? tr("%1 error(s)").arg(errors)
            : tr("%1 error(s), %2 warning(s)").arg(errors).arg(warnings);
        m_status->setText(tr("✘ Not legal · %1 · %2").arg(points, counts));
    }
    // The verdict says when it rests on values that are jwfleet's estimate (issue 20).
    if (r.restsOnEstimates()) {
        m_status->setText(m_status->text() + tr(" · on jwfleet's estimated values"));
        m_status->setToolTip(tr("Some Threat Values or Unit Caps this verdict uses are "
                                "jwfleet's estimate, not published in the rules or on a "
                                "printed card (the units marked *)."));
    } else {
        m_status->setToolTip(QString());
    }
    const QIcon errorIcon = style()->standardIcon(QStyle::SP_MessageBoxCritical);
    const QIcon warningIcon = style()->standardIcon(QStyle::SP_MessageBoxWarning);
    for (const FleetProblem &p : r.problems) {
        auto *item = new QListWidgetItem(m_list);
        item->setIcon(p.isError() ? errorIcon : warningIcon);
        // Each error with its fix, with the numbers ("remove 1 Pathfinder (-30), ...").
        // The two fixes that name command-line means (`jwfleet-cli unit ID`,
        // JW_NO_USER_DATA) say where the same is found in the program.
        // The problem and its fix in the interface's language (issue 21).
        QString fix = p.fixMessage.translated();
        if (p.rule == QLatin1String("unpublished-values"))
            fix = tr("check these values against the printed cards (a unit's Details on the Unit "
                     "Database tab mark each value; Enter Printed Card Values… replaces them)");
        else if (p.rule == QLatin1String("user-entered-values"))
            fix = tr("check these values against the printed cards (Enter Printed Card Values… "
                     "on the Unit Database tab changes them or reverts them to jwfleet's)");
        const QString message = p.text.translated();
        item->setText(fix.isEmpty() ? message
                                    : message + QLatin1Char('\n') + tr("Fix: %1").arg(fix));
        item->setToolTip(QStringLiteral("<b>%1</b> (%2)<br>%3")
                             .arg(p.title.toHtmlEscaped(), p.rule, p.source.toHtmlEscaped()));
        QVariantList entries;
        for (int e : p.entries)
            entries << e;
        item->setData(Qt::UserRole, entries);
        item->setData(Qt::UserRole + 1, p.source);
    }
    if (r.problems.empty()) {
        auto *item = new QListWidgetItem(m_list);
        item->setText(tr("No problems: every fleet rule of %1 holds.").arg(r.rules));
        item->setFlags(Qt::ItemIsEnabled);
    }
}

} // namespace jw
