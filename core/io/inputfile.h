// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

namespace jw::io {

// A whole file read into memory, at most `maxBytes` of it: a file larger than
// that (or an endless device such as /dev/zero) is refused without reading it
// all, so that no file can make a reader take all the memory.
struct InputFile
{
    QByteArray bytes;
    QString error; // "cannot read: why" or "the file is too big: ..."; empty on success
    [[nodiscard]] bool ok() const { return error.isEmpty(); }
};

inline constexpr qsizetype kDefaultMaxInput = 64 * 1024 * 1024;

[[nodiscard]] InputFile readFile(const QString &path, qsizetype maxBytes = kDefaultMaxInput);

} // namespace jw::io
