// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Small building blocks that keep the windows within small screens (issue 16.2: every tab
// works at 1280x720 and is usable at 1024x640): a panel that scrolls instead of asking the
// window for more height, a stack whose size is that of the page shown, and a section the
// user can collapse (remembered in the settings).

#include <QComboBox>
#include <QScrollArea>
#include <QStackedWidget>
#include <QWidget>

class QToolButton;

namespace jw {

// Resizes the window `w` to `wanted`, or to its screen's free area when that is smaller (a
// margin left for the frame): a viewer or dialog opens whole on a 1024x640 screen.
void resizeWithinScreen(QWidget *w, QSize wanted);

// A side panel that scrolls vertically: its minimum height is a few lines, whatever it holds,
// so that a label or a list that appears never makes the window taller; it is as narrow as
// its contents allow (never cut off on the right: no horizontal scroll bar).
class PanelScroll : public QScrollArea
{
    Q_OBJECT
public:
    explicit PanelScroll(QWidget *contents, QWidget *parent = nullptr);
    [[nodiscard]] QWidget *contents() const;
    [[nodiscard]] QSize minimumSizeHint() const override;
    [[nodiscard]] QSize sizeHint() const override;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
};

// A stack of pages whose size hints are those of the page shown, not of the largest page:
// a short page does not inherit the height of a tall one.
class PageStack : public QStackedWidget
{
    Q_OBJECT
public:
    explicit PageStack(QWidget *parent = nullptr);
    [[nodiscard]] QSize minimumSizeHint() const override;
    [[nodiscard]] QSize sizeHint() const override;
};

// A combo box that may be narrower than its items on a small screen: the chosen item's text
// is elided ("CEGA (Earth/Mo…") rather than clipped, and the tooltip then begins with it
// in full.
class ElidingComboBox : public QComboBox
{
    Q_OBJECT
public:
    explicit ElidingComboBox(QWidget *parent = nullptr);
    // What the box shows of the chosen item's text in the room it has.
    [[nodiscard]] QString shownText() const;
    [[nodiscard]] bool isElided() const { return shownText() != currentText(); }
    // The tooltip shown: the item's text in full first when elided, then toolTip().
    [[nodiscard]] QString shownToolTip() const;

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;
};

// A titled section whose contents fold away under its header (an arrow button); the choice
// is kept in the settings under `settingsKey` ("layout/<key>/collapsed") and restored.
class CollapsibleSection : public QWidget
{
    Q_OBJECT
public:
    CollapsibleSection(const QString &title, const QString &settingsKey, QWidget *parent = nullptr);
    // The contents (owned by the section).
    void setContents(QWidget *contents);
    [[nodiscard]] QWidget *contents() const { return m_contents; }
    [[nodiscard]] QToolButton *header() const { return m_header; }
    [[nodiscard]] bool isCollapsed() const { return m_collapsed; }
    void setCollapsed(bool collapsed);
    [[nodiscard]] QString settingsKey() const { return m_key; }

Q_SIGNALS:
    void collapsedChanged(bool collapsed);

private:
    void apply();
    QToolButton *m_header = nullptr;
    QWidget *m_contents = nullptr;
    QString m_key;
    bool m_collapsed = false;
};

} // namespace jw
