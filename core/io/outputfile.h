// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

#include <memory>

class QFile;
class QIODevice;
class QSaveFile;

namespace jw::io {

// Where every file jwfleet writes goes. A missing or regular target (or a
// symbolic link to one) is written atomically through QSaveFile: a crash or
// a full disk leaves the old file whole. A FIFO or a character device
// (/dev/stdout, a pipe made with mkfifo) is written to directly, as a user
// who names one expects; QSaveFile would rename a regular file over it. So is
// a path under /dev/ or /proc/ (/dev/stdout redirected to a file by the
// shell). A directory, a socket or a block device is refused.
class OutputFile
{
public:
    explicit OutputFile(QString path);
    ~OutputFile();
    OutputFile(const OutputFile &) = delete;
    OutputFile &operator=(const OutputFile &) = delete;

    // Opens for writing; false with errorString() set.
    [[nodiscard]] bool open();
    // The device to write to, after a successful open().
    [[nodiscard]] QIODevice *device() const;
    // Writes all of `bytes`; false with errorString() set.
    [[nodiscard]] bool write(const QByteArray &bytes);
    // Makes the write final (the rename for an atomic write); false with
    // errorString() set, and then nothing of the old file is changed.
    [[nodiscard]] bool commit();
    // Drops what was written (the old file stays as it was).
    void cancel();

    [[nodiscard]] const QString &path() const { return m_path; }
    // "cannot write PATH: why", for the user.
    [[nodiscard]] QString errorString() const;

private:
    QString m_path;
    QString m_error;
    std::unique_ptr<QSaveFile> m_atomic;
    std::unique_ptr<QFile> m_direct;
    bool m_cancelled = false;
};

// Writes `bytes` to `path` as OutputFile does; an empty string on success,
// otherwise "cannot write PATH: why".
[[nodiscard]] QString writeFile(const QString &path, const QByteArray &bytes);

} // namespace jw::io
