#pragma once

#include <QString>
#include <QStringList>

namespace jw {

// The application's look: the system's palette and style, or Fusion with a
// light or dark palette (for systems whose theme Qt does not follow).
namespace theme {
[[nodiscard]] QStringList ids(); // "system", "light", "dark"
[[nodiscard]] QString current();
void apply(const QString &id); // also remembered in QSettings
void applySaved();
} // namespace theme

} // namespace jw
