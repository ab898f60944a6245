// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/outputfile.h"

#include <QFile>
#include <QSaveFile>

#include <cerrno>
#include <cstring>
#include <sys/stat.h>

namespace jw::io {

namespace {

enum class Target {
    Missing,
    Regular,
    Stream, // a FIFO or a character device: written in place
    Refused,
};

Target classify(const QString &path, QString *why)
{
    struct stat st
    { };
    // stat() follows symbolic links: a link to a regular file is written
    // atomically (QSaveFile resolves the link and replaces its target).
    if (::stat(QFile::encodeName(path).constData(), &st) != 0) {
        if (errno == ENOENT)
            return Target::Missing;
        *why = QString::fromLocal8Bit(std::strerror(errno));
        return Target::Refused;
    }
    // /dev/stdout, /dev/fd/N, /proc/self/fd/N: the caller's open descriptor,
    // even when the shell points it at a regular file (`-o /dev/stdout > x`):
    // renaming a new file over that one would detach it from the descriptor
    // (an append `>>` would be lost).
    const bool descriptor
        = path.startsWith(QLatin1String("/dev/")) || path.startsWith(QLatin1String("/proc/"));
    if (S_ISREG(st.st_mode))
        return descriptor ? Target::Stream : Target::Regular;
    if (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode))
        return Target::Stream;
    if (S_ISDIR(st.st_mode))
        *why = QStringLiteral("it is a folder");
    else
        *why = QStringLiteral("it is not a regular file");
    return Target::Refused;
}

// The descriptor a path names: /dev/stdout 1, /dev/stderr 2, /dev/fd/N and
// /proc/self/fd/N N; -1 for any other path.
int descriptorOf(const QString &path)
{
    if (path == QLatin1String("/dev/stdout"))
        return 1;
    if (path == QLatin1String("/dev/stderr"))
        return 2;
    for (const QLatin1String prefix :
         {QLatin1String("/dev/fd/"), QLatin1String("/proc/self/fd/")}) {
        if (path.startsWith(prefix)) {
            bool ok = false;
            const int fd = path.mid(prefix.size()).toInt(&ok);
            return ok && fd >= 0 ? fd : -1;
        }
    }
    return -1;
}

} // namespace

OutputFile::OutputFile(QString path)
    : m_path(std::move(path))
{ }

OutputFile::~OutputFile()
{
    if (m_atomic && m_atomic->isOpen())
        m_atomic->cancelWriting();
}

bool OutputFile::open()
{
    if (m_path.isEmpty()) {
        m_error = QStringLiteral("no file name");
        return false;
    }
    QString why;
    switch (classify(m_path, &why)) {
    case Target::Missing:
    case Target::Regular:
        m_atomic = std::make_unique<QSaveFile>(m_path);
        if (!m_atomic->open(QIODevice::WriteOnly)) {
            m_error = m_atomic->errorString();
            m_atomic.reset();
            return false;
        }
        return true;
    case Target::Stream:
        m_direct = std::make_unique<QFile>(m_path);
        // The caller's own descriptor when the path names one (its append
        // mode kept); else opened without truncating (Append: no O_TRUNC).
        if (const int fd = descriptorOf(m_path); fd >= 0) {
            if (!m_direct->open(fd, QIODevice::WriteOnly | QIODevice::Unbuffered,
                                QFileDevice::DontCloseHandle)) {
                m_error = m_direct->errorString();
                m_direct.reset();
                return false;
            }
            return true;
        }
        if (!m_direct->open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Unbuffered)) {
            m_error = m_direct->errorString();
            m_direct.reset();
            return false;
        }
        return true;
    case Target::Refused:
        m_error = why;
        return false;
    }
    return false;
}

QIODevice *OutputFile::device() const
{
    if (m_atomic)
        return m_atomic.get();
    return m_direct.get();
}

bool OutputFile::write(const QByteArray &bytes)
{
    QIODevice *d = device();
    if (!d) {
        if (m_error.isEmpty())
            m_error = QStringLiteral("not open");
        return false;
    }
    if (d->write(bytes) != bytes.size()) {
        m_error = d->errorString();
        return false;
    }
    return true;
}

bool OutputFile::commit()
{
    if (m_atomic) {
        if (m_cancelled) {
            m_atomic->cancelWriting();
            m_atomic->commit();
            m_error = QStringLiteral("the write was cancelled");
            return false;
        }
        const bool ok = m_atomic->commit();
        if (!ok)
            m_error = m_atomic->errorString();
        m_atomic.reset();
        return ok;
    }
    if (m_direct) {
        const bool ok = m_direct->flush() && m_direct->error() == QFileDevice::NoError;
        if (!ok)
            m_error = m_direct->errorString();
        m_direct->close();
        m_direct.reset();
        return ok && !m_cancelled;
    }
    if (m_error.isEmpty())
        m_error = QStringLiteral("not open");
    return false;
}

void OutputFile::cancel()
{
    m_cancelled = true;
    if (m_atomic)
        m_atomic->cancelWriting();
}

QString OutputFile::errorString() const
{
    return QStringLiteral("cannot write %1: %2").arg(m_path, m_error);
}

QString writeFile(const QString &path, const QByteArray &bytes)
{
    OutputFile f(path);
    if (!f.open() || !f.write(bytes) || !f.commit())
        return f.errorString();
    return {};
}

} // namespace jw::io
