// SPDX-License-Identifier: GPL-3.0-or-later
#include "table/tableview.h"

#include "table/modelitem.h"
#include "table/tablescene.h"

#include "geometry/geometry.h"

#include <QKeyEvent>
#include <QPainter>
#include <QScrollBar>
#include <QWheelEvent>

namespace jw {

TableView::TableView(TableScene *scene, QWidget *parent)
    : QGraphicsView(scene, parent)
    , m_scene(scene)
{
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setResizeAnchor(QGraphicsView::AnchorViewCenter);
    setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setBackgroundBrush(Qt::NoBrush);
    // The table, its zones and grid change rarely: one pixmap, redrawn when the
    // zoom or the scene's background changes (TableScene invalidates it).
    setCacheMode(QGraphicsView::CacheBackground);
    scale(12, 12);
}

void TableView::drawForeground(QPainter *painter, const QRectF &rect)
{
    QGraphicsView::drawForeground(painter, rect);
    if (!hasFocus())
        return;
    painter->save();
    painter->resetTransform(); // viewport pixels
    painter->setRenderHint(QPainter::Antialiasing, false);
    painter->setPen(QPen(palette().color(QPalette::Highlight), 3));
    painter->setBrush(Qt::NoBrush);
    painter->drawRect(QRectF(viewport()->rect()).adjusted(1.5, 1.5, -1.5, -1.5));
    painter->restore();
}

void TableView::focusInEvent(QFocusEvent *event)
{
    QGraphicsView::focusInEvent(event);
    viewport()->update();
}

void TableView::focusOutEvent(QFocusEvent *event)
{
    QGraphicsView::focusOutEvent(event);
    viewport()->update();
}

double TableView::zoom() const
{
    return transform().m11();
}

void TableView::zoomBy(double factor)
{
    const double next = std::clamp(zoom() * factor, 2.0, 300.0);
    const double f = next / zoom();
    setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    scale(f, f);
    m_fitted = false;
}

void TableView::fitTable()
{
    // Fitted, the whole table is in view: no scroll bars. With them as needed, a size where
    // the fitted scene rect (the table and its margin) needs one bar and, once shown, no longer
    // does, hid and showed it forever (each resize refits): the table hung in a whole game.
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    fitInView(tableRect().adjusted(-1, -1, 1, 1), Qt::KeepAspectRatio);
    m_fitted = true;
}

void TableView::resizeEvent(QResizeEvent *event)
{
    QGraphicsView::resizeEvent(event);
    // A view fitted before it had its size (a dialog being built) stays fitted.
    if (m_fitted && !m_refitting) {
        m_refitting = true;
        fitTable();
        m_refitting = false;
    }
}

void TableView::wheelEvent(QWheelEvent *event)
{
    if (event->modifiers() & (Qt::ShiftModifier | Qt::AltModifier)) {
        // Shift+wheel turns the deployment preview.
        Q_EMIT rotateRequested(event->angleDelta().y() > 0 ? -15 : 15);
        event->accept();
        return;
    }
    const double steps = event->angleDelta().y() / 120.0;
    zoomBy(std::pow(1.2, steps));
    event->accept();
}

void TableView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::RightButton || event->button() == Qt::MiddleButton) {
        m_panning = true;
        m_panFrom = event->position().toPoint();
        viewport()->setCursor(Qt::ClosedHandCursor);
        event->accept();
        return;
    }
    QGraphicsView::mousePressEvent(event);
}

void TableView::mouseMoveEvent(QMouseEvent *event)
{
    if (m_panning) {
        const QPoint d = event->position().toPoint() - m_panFrom;
        m_panFrom = event->position().toPoint();
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - d.x());
        verticalScrollBar()->setValue(verticalScrollBar()->value() - d.y());
        event->accept();
        return;
    }
    QGraphicsView::mouseMoveEvent(event);
}

void TableView::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_panning && (event->button() == Qt::RightButton || event->button() == Qt::MiddleButton)) {
        m_panning = false;
        viewport()->unsetCursor();
        event->accept();
        return;
    }
    QGraphicsView::mouseReleaseEvent(event);
}

QList<KeyHelp> TableView::keyHelp()
{
    return {{tr("+ / -"), tr("Zoom in / out")},
            {QStringLiteral("F"), tr("Fit the table in the view")},
            {tr("Arrow keys"), tr("Scroll the table")},
            {tr("Q / E"), tr("Turn the planned move 15° left / right")},
            {tr("Shift+Q / Shift+E"), tr("Turn the planned move 45° left / right")},
            {tr("N / P"),
             tr("Put the keyboard's ring on the next / previous model (first those you may "
                "act with or on now)")},
            {tr("Space / Enter"),
             tr("Pick the model in the ring, as a click on it does (with the attack preview "
                "open, Enter rolls)")},
            {tr("Shift+Space"), tr("Measure from or to the model in the ring, as a shift-click")},
            {tr("Esc"),
             tr("Cancel the planned move, the target to pick or the measurement, and take the "
                "ring off")}};
}

void TableView::keyPressEvent(QKeyEvent *event)
{
    const int pan = 40;
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomBy(1.25);
        break;
    case Qt::Key_Minus:
        zoomBy(0.8);
        break;
    case Qt::Key_F:
        fitTable();
        break;
    case Qt::Key_Left:
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - pan);
        break;
    case Qt::Key_Right:
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() + pan);
        break;
    case Qt::Key_Up:
        verticalScrollBar()->setValue(verticalScrollBar()->value() - pan);
        break;
    case Qt::Key_Down:
        verticalScrollBar()->setValue(verticalScrollBar()->value() + pan);
        break;
    case Qt::Key_Q:
        Q_EMIT rotateRequested(event->modifiers() & Qt::ShiftModifier ? -45 : -15);
        break;
    case Qt::Key_E:
        Q_EMIT rotateRequested(event->modifiers() & Qt::ShiftModifier ? 45 : 15);
        break;
    case Qt::Key_N:
    case Qt::Key_P: {
        const bool back = event->key() == Qt::Key_P || (event->modifiers() & Qt::ShiftModifier);
        const int model = m_scene->stepKeyboardModel(back ? -1 : 1);
        if (ModelItem *item = m_scene->modelItem(model))
            ensureVisible(item, 40, 40);
        break;
    }
    case Qt::Key_Space:
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (m_scene->keyboardModel() < 0) {
            QGraphicsView::keyPressEvent(event);
            return;
        }
        Q_EMIT m_scene->modelClicked(m_scene->keyboardModel(),
                                     event->modifiers() & Qt::ShiftModifier);
        break;
    case Qt::Key_Escape:
        Q_EMIT escapePressed();
        m_scene->setKeyboardModel(-1);
        break;
    default:
        QGraphicsView::keyPressEvent(event);
        return;
    }
    event->accept();
}

} // namespace jw
