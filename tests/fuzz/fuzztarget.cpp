// SPDX-License-Identifier: GPL-3.0-or-later
// One libFuzzer target: JW_FUZZ_TARGET names the loader (fuzzentry.h).
#include "fuzzentry.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>

#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString target = QStringLiteral(JW_FUZZ_TARGET);
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    const jw::fuzz::Outcome o = jw::fuzz::run(target, bytes);
    // JW_FUZZ_VERBOSE=1: say what became of each input (checking seeds by hand).
    if (qEnvironmentVariableIntValue("JW_FUZZ_VERBOSE") == 1)
        std::fprintf(stderr, "%s\n",
                     o.accepted ? "accepted" : qPrintable(QStringLiteral("refused: ") + o.error));
    // JW_FUZZ_WRITE_DIR: keep what accepted inputs wrote (saved games, exports)
    // as seeds for the target that reads them (scripts/fuzz does this).
    const QString writeDir = qEnvironmentVariable("JW_FUZZ_WRITE_DIR");
    if (!writeDir.isEmpty() && !o.written.isEmpty()) {
        QFile out(QDir(writeDir).filePath(QString::fromLatin1(
            QCryptographicHash::hash(o.written, QCryptographicHash::Sha1).toHex())));
        if (out.open(QIODevice::WriteOnly))
            out.write(o.written);
    }
    // A refusal must say which file (first, as DataIssue prints it; a saved
    // game's scenario says "fuzz.jwgame (scenario):"); a broken promise on an
    // accepted input is a finding too.
    if (!o.accepted && !o.error.startsWith(jw::fuzz::displayName(target))) {
        std::fprintf(stderr, "refused without a located error: %s\n", qPrintable(o.error));
        std::abort();
    }
    if (!o.broken.isEmpty()) {
        std::fprintf(stderr, "broken promise: %s\n", qPrintable(o.broken));
        std::abort();
    }
    return 0;
}
