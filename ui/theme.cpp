// SPDX-License-Identifier: GPL-3.0-or-later
#include "theme.h"

#include <QApplication>
#include <QEvent>
#include <QPainter>
#include <QPalette>
#include <QProxyStyle>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>
#include <QStyleOption>
#include <QWidget>

#include <algorithm>
#include <cmath>

namespace jw::theme {

namespace {
const QString kKey = QStringLiteral("appearance/theme");
QString g_systemStyle; // the style the platform chose, to go back to it
QString g_current = QStringLiteral("system");

// The platform's style (or Fusion) with the keyboard focus always visible: Fusion draws a
// default push button alike with and without the focus, and no focus on a non-editable combo
// box or a read-only text view or an empty list (issue 21: "every control reachable by keyboard
// with a visible focus"). A ring in the highlight colour inside the control's frame.
class FocusStyle : public QProxyStyle
{
public:
    using QProxyStyle::QProxyStyle;

    void drawControl(ControlElement element, const QStyleOption *option, QPainter *painter,
                     const QWidget *widget) const override
    {
        QProxyStyle::drawControl(element, option, painter, widget);
        if ((element == CE_PushButton || element == CE_ShapedFrame) && hasFocus(option, widget))
            ring(option->rect, option->palette, painter);
    }
    void drawComplexControl(ComplexControl control, const QStyleOptionComplex *option,
                            QPainter *painter, const QWidget *widget) const override
    {
        QProxyStyle::drawComplexControl(control, option, painter, widget);
        if (control == CC_ComboBox && hasFocus(option, widget))
            ring(option->rect, option->palette, painter);
    }

private:
    static bool hasFocus(const QStyleOption *option, const QWidget *widget)
    {
        // The widget's own focus (a frame's option of a scroll area says it only sometimes).
        return (option->state & State_HasFocus) || (widget && widget->hasFocus());
    }
    static void ring(const QRect &rect, const QPalette &palette, QPainter *painter)
    {
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing, false);
        painter->setPen(QPen(palette.color(QPalette::Highlight), 2));
        painter->setBrush(Qt::NoBrush);
        painter->drawRect(rect.adjusted(1, 1, -1, -1));
        painter->restore();
    }
};

QPalette darkPalette()
{
    QPalette p;
    const QColor window(45, 47, 51), base(32, 34, 37), text(225, 227, 230), mid(80, 84, 90);
    const QColor highlight(61, 133, 198), disabled(128, 132, 138);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(40, 42, 46));
    p.setColor(QPalette::ToolTipBase, QColor(60, 63, 68));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::white);
    p.setColor(QPalette::Light, QColor(70, 73, 78));
    p.setColor(QPalette::Midlight, QColor(60, 63, 68));
    p.setColor(QPalette::Mid, mid);
    p.setColor(QPalette::Dark, QColor(25, 26, 28));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(110, 170, 230));
    p.setColor(QPalette::LinkVisited, QColor(170, 140, 220));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    p.setColor(QPalette::Disabled, QPalette::Base, window);
    return p;
}
} // namespace

QStringList ids()
{
    return {QStringLiteral("system"), QStringLiteral("light"), QStringLiteral("dark")};
}

QString current()
{
    return g_current;
}

void apply(const QString &id)
{
    if (g_systemStyle.isEmpty())
        g_systemStyle = QApplication::style()->name();
    g_current = ids().contains(id) ? id : QStringLiteral("system");
    if (g_current == QLatin1String("system")) {
        QApplication::setStyle(new FocusStyle(QStyleFactory::create(g_systemStyle)));
        QApplication::setPalette(QApplication::style()->standardPalette());
    } else {
        QApplication::setStyle(new FocusStyle(QStyleFactory::create(QStringLiteral("Fusion"))));
        QApplication::setPalette(g_current == QLatin1String("dark")
                                     ? darkPalette()
                                     : QApplication::style()->standardPalette());
    }
    QSettings().setValue(kKey, g_current);
}

double contrast(const QColor &a, const QColor &b)
{
    const auto luminance = [](const QColor &c) {
        const auto lin = [](double v) {
            return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
        };
        return 0.2126 * lin(c.redF()) + 0.7152 * lin(c.greenF()) + 0.0722 * lin(c.blueF());
    };
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor markColor(const QPalette &palette)
{
    const QColor base = palette.color(QPalette::Base);
    const bool dark = base.lightnessF() < 0.5;
    const QColor link = palette.color(QPalette::Link);
    // Start from the link hue at a middle lightness, then move away from the
    // page until the mark reads: darker on a light page, lighter on a dark one.
    QColor c = QColor::fromHslF(link.hslHueF() < 0 ? 0.58f : link.hslHueF(), 0.55f, 0.5f);
    for (int i = 0; i < 50 && contrast(c, base) < 4.5; ++i) {
        const float l = c.lightnessF() + (dark ? 0.02f : -0.02f);
        c = QColor::fromHslF(c.hslHueF(), c.hslSaturationF(), std::clamp(l, 0.0f, 1.0f));
    }
    return c;
}

namespace {

// Sets its widget's style sheet again when the application's palette changes (the
// application is told; a widget whose colours its sheet sets may not be).
class PaletteStyleSheet : public QObject
{
public:
    static constexpr const char *kName = "jwPaletteStyleSheet";

    PaletteStyleSheet(QWidget *widget, QString sheet)
        : QObject(widget)
        , m_widget(widget)
        , m_sheet(std::move(sheet))
    {
        setObjectName(QLatin1String(kName));
        widget->setStyleSheet(m_sheet);
        QCoreApplication::instance()->installEventFilter(this);
    }

    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == QCoreApplication::instance()
            && event->type() == QEvent::ApplicationPaletteChange) {
            m_widget->setStyleSheet(QString()); // the same text again would change nothing
            m_widget->setStyleSheet(m_sheet);
        }
        return QObject::eventFilter(watched, event);
    }

private:
    QWidget *m_widget; // the parent: outlives this
    QString m_sheet;
};

} // namespace

void setPaletteStyleSheet(QWidget *widget, const QString &sheet)
{
    const QString name = QLatin1String(PaletteStyleSheet::kName);
    for (QObject *old : widget->findChildren<QObject *>(name, Qt::FindDirectChildrenOnly))
        delete old; // the sheet set before: this one replaces it
    new PaletteStyleSheet(widget, sheet);
}

void applySaved()
{
    const QString saved = QSettings().value(kKey, QStringLiteral("system")).toString();
    if (saved != QLatin1String("system"))
        apply(saved);
}

} // namespace jw::theme
