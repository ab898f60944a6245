// SPDX-License-Identifier: GPL-3.0-or-later
#include "table/cardviewer.h"
#include "layoututil.h"

#include "print/cardview.h"

#include "units/unit.h"

#include <QVBoxLayout>

namespace jw {

CardViewer::CardViewer(QWidget *parent)
    : QWidget(parent, Qt::Window)
{
    setObjectName(QStringLiteral("cardViewer"));
    setWindowTitle(tr("Unit Card"));
    auto *l = new QVBoxLayout(this);
    l->setContentsMargins(6, 6, 6, 6);
    m_view = new CardView;
    l->addWidget(m_view);
    // A standard card (127 x 88.9 mm) at about twice its printed size on a 96 dpi screen.
    resizeWithinScreen(this, {900, 640});
}

void CardViewer::follow(CardView *source)
{
    if (m_source)
        disconnect(m_source, nullptr, this, nullptr);
    m_source = source;
    if (source)
        connect(source, &CardView::cardChanged, this, &CardViewer::sync);
    sync();
}

void CardViewer::sync()
{
    if (!m_source)
        return;
    const Unit *unit = m_source->unit();
    if (unit != m_view->unit() || m_source->options().modelName != m_view->options().modelName)
        m_view->setUnit(unit, m_source->options());
    m_view->setMarks(m_source->marks());
    const QString name = m_source->options().modelName.isEmpty() && unit
        ? unit->name
        : m_source->options().modelName;
    setWindowTitle(name.isEmpty() ? tr("Unit Card") : tr("Unit Card – %1").arg(name));
}

} // namespace jw
