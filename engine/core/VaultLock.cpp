#include "core/VaultLock.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QThread>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace engram {

QString VaultLock::filePath(const QString &vaultPath, Kind kind)
{
    return QDir(vaultPath).filePath(kind == Kind::Index ? QStringLiteral(".engram/index.lock")
                                                        : QStringLiteral(".engram/journal.lock"));
}

VaultLock::~VaultLock()
{
    // The holder's name goes first, so a waiter never reads a finished holder as the current one.
    if (ftruncate(m_descriptor, 0) != 0) {
    } // informational only
    flock(m_descriptor, LOCK_UN);
    close(m_descriptor);
}

Result<std::unique_ptr<VaultLock>> VaultLock::acquire(const QString &vaultPath, Kind kind, int timeoutMs)
{
    const QString path = filePath(vaultPath, kind);
    const QString what =
        kind == Kind::Index ? QStringLiteral("this vault's index") : QStringLiteral("this vault's journal");
    if (!QDir().mkpath(QDir(vaultPath).filePath(QStringLiteral(".engram"))))
        return Error{
            QStringLiteral("cannot create the index folder for the lock of %1; is the vault writable?").arg(what),
            path};
    return acquireFile(path, what, timeoutMs);
}

Result<std::unique_ptr<VaultLock>> VaultLock::acquireFile(const QString &path, const QString &what, int timeoutMs)
{
    // O_CLOEXEC: a process this one starts must not inherit (and so keep) the lock. The holder's
    // name is written into the file, so it must be the vault's own: O_NOFOLLOW refuses a link in its
    // place (it would write through it, wherever it leads), and a file with a second hard link may
    // be one from outside.
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd < 0) {
        const QString why = errno == ELOOP ? QStringLiteral("it is a link; a lock file must be the vault's own file")
                                           : QString::fromLocal8Bit(strerror(errno));
        return Error{QStringLiteral("cannot open the lock file of %1: %2").arg(what, why), path};
    }
    struct stat status { };
    if (fstat(fd, &status) != 0 || !S_ISREG(status.st_mode) || status.st_nlink != 1) {
        close(fd);
        return Error{QStringLiteral("cannot use the lock file of %1: it is not a plain file of the vault's own "
                                    "(a link or a second name of another file)")
                         .arg(what),
                     path};
    }
    // Each open() is its own open file description, so two threads of one process exclude each
    // other too. Waiting polls (1 ms, doubling to 20 ms): flock has no timeout of its own.
    QElapsedTimer waited;
    waited.start();
    int pause = 1;
    while (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        if (errno != EWOULDBLOCK && errno != EINTR) {
            const QString why = QString::fromLocal8Bit(strerror(errno));
            close(fd);
            return Error{QStringLiteral("cannot take the lock of %1: %2").arg(what, why), path};
        }
        if (timeoutMs >= 0 && waited.elapsed() >= timeoutMs) {
            QFile holderFile(path);
            QByteArray holder = holderFile.open(QIODevice::ReadOnly) ? holderFile.readAll().trimmed() : QByteArray();
            close(fd);
            if (holder.isEmpty())
                holder = "another process";
            return Error{QStringLiteral("%1 is writing %2 and did not finish within %3 s; try again when it is done")
                             .arg(QString::fromUtf8(holder), what)
                             .arg(timeoutMs / 1000.0),
                         path};
        }
        QThread::msleep(ulong(pause));
        pause = qMin(pause * 2, 20);
    }
    const QByteArray holder =
        QStringLiteral("%1 (pid %2)")
            .arg(QCoreApplication::applicationName().isEmpty() ? QStringLiteral("a process")
                                                               : QCoreApplication::applicationName())
            .arg(QCoreApplication::applicationPid())
            .toUtf8();
    if (ftruncate(fd, 0) != 0 || pwrite(fd, holder.constData(), size_t(holder.size()), 0) < 0) {
    } // informational
    return std::unique_ptr<VaultLock>(new VaultLock(fd));
}

} // namespace engram
