// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "help/keyhelp.h"

#include <QGraphicsView>

namespace jw {

class TableScene;

// The view on the table: wheel zooms about the cursor, the right or middle
// button drags the table, keys pan (arrows), zoom (+, -) and fit (F); the left
// button belongs to the scene (commands). Q and E report rotations for the
// deployment preview. N and P move a ring from model to model (TableScene::
// stepKeyboardModel), Space or Enter picks the ringed model as a click on it would
// (Shift: as a shift-click, the measure tool), Esc takes the ring off. A fitted
// view stays fitted when resized, until zoomed.
class TableView : public QGraphicsView
{
    Q_OBJECT
public:
    explicit TableView(TableScene *scene, QWidget *parent = nullptr);

    void zoomBy(double factor);
    void fitTable();
    [[nodiscard]] double zoom() const; // pixels per inch

    // The keys its keyPressEvent handles (Help › Keyboard Shortcuts).
    [[nodiscard]] static QList<KeyHelp> keyHelp();

Q_SIGNALS:
    void rotateRequested(double degrees);
    void escapePressed();

protected:
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    // With the keyboard's focus the view is framed in the highlight colour.
    void drawForeground(QPainter *painter, const QRectF &rect) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;

private:
    TableScene *m_scene = nullptr;
    bool m_fitted = false; // fitTable() and not zoomed since: a resize fits again
    bool m_refitting = false;
    bool m_panning = false;
    QPoint m_panFrom;
};

} // namespace jw
