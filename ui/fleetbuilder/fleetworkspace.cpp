// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleetbuilder/fleetworkspace.h"

#include "fleetbuilder/fleetbuilder.h"
#include "fleetbuilder/fleetdocument.h"

#include <QFileInfo>
#include <QTabBar>
#include <QTabWidget>
#include <QVBoxLayout>

namespace jw {

FleetWorkspace::FleetWorkspace(const UnitDatabase &db, QWidget *parent)
    : QWidget(parent)
    , m_db(db)
    , m_tabs(new QTabWidget(this))
{
    setObjectName(QStringLiteral("fleetWorkspace"));
    m_tabs->setObjectName(QStringLiteral("fleetTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->setTabsClosable(true);
    m_tabs->setMovable(true);
    // One fleet needs no tab bar (and no height for it on a small screen).
    m_tabs->setTabBarAutoHide(true);
    // Tab reaches the tab bar itself when it shows. The tab widget's own focus goes to
    // its tab bar (its focus proxy): hidden, it kept Tab from moving on (Qt 6.4).
    m_tabs->setFocusPolicy(Qt::NoFocus);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs);
    addFleet();
    connect(m_tabs, &QTabWidget::tabCloseRequested, this, &FleetWorkspace::closeFleet);
    connect(m_tabs, &QTabWidget::currentChanged, this,
            [this] { Q_EMIT currentDocumentChanged(currentDocument()); });
}

int FleetWorkspace::count() const
{
    return m_tabs->count();
}

FleetBuilder *FleetWorkspace::builder(int index) const
{
    return qobject_cast<FleetBuilder *>(m_tabs->widget(index));
}

FleetDocument *FleetWorkspace::document(int index) const
{
    FleetBuilder *b = builder(index);
    return b ? b->document() : nullptr;
}

int FleetWorkspace::currentIndex() const
{
    return m_tabs->currentIndex();
}

FleetBuilder *FleetWorkspace::currentBuilder() const
{
    return builder(m_tabs->currentIndex());
}

FleetDocument *FleetWorkspace::currentDocument() const
{
    return document(m_tabs->currentIndex());
}

int FleetWorkspace::indexOfPath(const QString &path) const
{
    const QString wanted = QFileInfo(path).absoluteFilePath();
    for (int i = 0; i < count(); ++i) {
        const QString p = document(i)->filePath();
        if (!p.isEmpty() && QFileInfo(p).absoluteFilePath() == wanted)
            return i;
    }
    return -1;
}

bool FleetWorkspace::isPristine(int index) const
{
    const FleetDocument *d = document(index);
    return d && d->filePath().isEmpty() && !d->isModified() && d->fleet().entries.empty()
        && d->fleet().name.isEmpty();
}

void FleetWorkspace::setCurrentIndex(int index)
{
    m_tabs->setCurrentIndex(index);
}

FleetBuilder *FleetWorkspace::addFleet()
{
    // The document belongs to its builder: both go when the tab closes.
    auto *doc = new FleetDocument(m_db);
    auto *b = new FleetBuilder(doc, m_tabs);
    doc->setParent(b);
    const auto retitle = [this, doc] {
        updateTabText(doc);
    };
    connect(doc, &FleetDocument::modifiedChanged, this, retitle);
    connect(doc, &FleetDocument::filePathChanged, this, retitle);
    connect(doc, &FleetDocument::fleetChanged, this, retitle);
    const int at = m_tabs->addTab(b, QString());
    updateTabText(doc);
    m_tabs->setCurrentIndex(at);
    return b;
}

FleetDocument *FleetWorkspace::newFleet(const Fleet &fleet)
{
    FleetDocument *doc = isPristine(currentIndex()) ? currentDocument() : addFleet()->document();
    doc->reset(fleet);
    return doc;
}

bool FleetWorkspace::closeFleet(int index)
{
    FleetBuilder *b = builder(index);
    if (!b)
        return false;
    if (b->document()->isModified() && m_guard) {
        m_tabs->setCurrentIndex(index);
        if (!m_guard(b->document()))
            return false;
    }
    if (count() == 1) {
        // The last fleet: an empty one of the same faction, points and rules takes its place.
        Fleet f;
        f.faction = b->document()->fleet().faction;
        f.points = b->document()->fleet().points;
        f.rules = b->document()->fleet().rules;
        b->document()->reset(f);
        return true;
    }
    m_tabs->removeTab(index);
    b->deleteLater();
    return true;
}

void FleetWorkspace::updateTabText(FleetDocument *doc)
{
    for (int i = 0; i < count(); ++i) {
        if (document(i) != doc)
            continue;
        m_tabs->setTabText(
            i, doc->isModified() ? doc->displayName() + QStringLiteral(" •") : doc->displayName());
        m_tabs->setTabToolTip(i, doc->filePath().isEmpty() ? doc->displayName() : doc->filePath());
    }
}

} // namespace jw
