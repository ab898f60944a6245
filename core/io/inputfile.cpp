// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/inputfile.h"

#include <QFile>
#include <QFileInfo>

namespace jw::io {

InputFile readFile(const QString &path, qsizetype maxBytes)
{
    InputFile out;
    if (QFileInfo(path).isDir()) {
        out.error = QStringLiteral("cannot read: it is a folder");
        return out;
    }
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        out.error = QStringLiteral("cannot read: %1").arg(f.errorString());
        return out;
    }
    // One byte more than allowed tells "too big" without reading the rest.
    out.bytes = f.read(maxBytes + 1);
    if (f.error() != QFileDevice::NoError) {
        out.error = QStringLiteral("cannot read: %1").arg(f.errorString());
        out.bytes.clear();
    } else if (out.bytes.size() > maxBytes) {
        out.error = QStringLiteral("the file is too big: more than %1 bytes").arg(maxBytes);
        out.bytes.clear();
    }
    return out;
}

} // namespace jw::io
