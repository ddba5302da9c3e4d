#include "VaultLock.h"

#include <QDir>
#include <QLockFile>

namespace engram {

QString VaultLock::filePath(const QString &vaultPath, Kind kind)
{
    return QDir(vaultPath).filePath(kind == Kind::Index ? QStringLiteral(".engram/index.lock")
                                                        : QStringLiteral(".engram/journal.lock"));
}

VaultLock::VaultLock(std::unique_ptr<QLockFile> file) : m_file(std::move(file)) { }

VaultLock::~VaultLock()
{
    m_file->unlock();
}

Result<std::unique_ptr<VaultLock>> VaultLock::acquire(const QString &vaultPath, Kind kind, int timeoutMs)
{
    const QString path = filePath(vaultPath, kind);
    if (!QDir().mkpath(QDir(vaultPath).filePath(QStringLiteral(".engram"))))
        return Error{QStringLiteral("cannot create the index folder for the lock file; is the vault writable?"), path};
    auto file = std::make_unique<QLockFile>(path);
    // Never stale by age: a long index run is alive however long it takes. A dead holder is
    // recognised by its PID (and program name, against PID reuse) and its lock removed.
    file->setStaleLockTime(0);
    if (file->tryLock(timeoutMs))
        return std::unique_ptr<VaultLock>(new VaultLock(std::move(file)));
    const QString what = kind == Kind::Index ? QStringLiteral("index") : QStringLiteral("journal");
    switch (file->error()) {
    case QLockFile::LockFailedError: {
        qint64 pid = 0;
        QString host;
        QString program;
        const QString holder =
            file->getLockInfo(&pid, &host, &program)
                ? QStringLiteral("%1 (pid %2)").arg(program.isEmpty() ? QStringLiteral("a process") : program).arg(pid)
                : QStringLiteral("another process");
        return Error{QStringLiteral("%1 is writing this vault's %2 and did not finish within %3 s; try again when "
                                    "it is done")
                         .arg(holder, what)
                         .arg(timeoutMs / 1000.0),
                     path};
    }
    case QLockFile::PermissionError:
        return Error{QStringLiteral("cannot create the %1 lock file: permission denied").arg(what), path};
    default: return Error{QStringLiteral("cannot take the %1 lock").arg(what), path};
    }
}

} // namespace engram
