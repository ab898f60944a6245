// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QString>
#include <QStringList>

class QPalette;
class QWidget;

namespace jw {

// The application's look: the system's palette and style, or Fusion with a
// light or dark palette (for systems whose theme Qt does not follow).
namespace theme {
[[nodiscard]] QStringList ids(); // "system", "light", "dark"
[[nodiscard]] QString current();
void apply(const QString &id); // also remembered in QSettings
void applySaved();

// WCAG contrast ratio of two colours, 1 (same) to 21 (black on white).
[[nodiscard]] double contrast(const QColor &a, const QColor &b);
// The colour of a discreet mark on a page of `palette` (✎ on a value the user
// entered from a printed card): the link hue, quieter than the text but legible
// on the page in light and dark themes alike (a contrast of at least 4.5 with
// QPalette::Base, the WCAG level for normal text).
[[nodiscard]] QColor markColor(const QPalette &palette);

// Sets `sheet` on `widget` and sets it again whenever the palette changes (a theme chosen in
// View › Theme): Qt resolves a style sheet's palette(...) colours once, when it is set, so a
// sheet that names them would keep the old theme's colours otherwise.
void setPaletteStyleSheet(QWidget *widget, const QString &sheet);
} // namespace theme

} // namespace jw
