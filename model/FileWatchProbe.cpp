#include "FileWatchProbe.h"

#include <QFile>
#include <QFileSystemWatcher>

#include <cerrno>
#include <cstring>

#ifdef Q_OS_LINUX
#include <sys/inotify.h>
#include <unistd.h>
#endif

namespace engram {

namespace {

QString systemLimit(const char *name)
{
    QFile file(QStringLiteral("/proc/sys/fs/inotify/") + QLatin1String(name));
    return file.open(QIODevice::ReadOnly) ? QString::fromLatin1(file.readAll().trimmed()) : QStringLiteral("?");
}

#ifdef Q_OS_LINUX
QString whyNoInstance(int error)
{
    if (error == EMFILE)
        return FileWatchProbe::tr("no inotify instance left: the user's %1 (fs.inotify.max_user_instances) are all in "
                                  "use, or this program has no file descriptor left: %2")
            .arg(systemLimit("max_user_instances"), QString::fromLocal8Bit(std::strerror(error)));
    return FileWatchProbe::tr("inotify cannot be used: %1").arg(QString::fromLocal8Bit(std::strerror(error)));
}
#endif

} // namespace

QFileSystemWatcher *FileWatchProbe::createWatcher(QObject *parent, QString *whyNot)
{
#ifdef Q_OS_LINUX
    const int probe = ::inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
    if (probe < 0) {
        *whyNot = whyNoInstance(errno);
        return nullptr;
    }
    ::close(probe);
#endif
    auto *watcher = new QFileSystemWatcher(parent);
    // Its inotify engine is its one child; without it (the instance failed between the probe and
    // now) every path would go to the polling engine.
    if (watcher->children().isEmpty()) {
        delete watcher;
        *whyNot = tr("the system gave no file watcher (inotify)");
        return nullptr;
    }
    return watcher;
}

QString FileWatchProbe::whyNotWatched(const QString &absolutePath)
{
#ifdef Q_OS_LINUX
    const int probe = ::inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
    if (probe < 0)
        return whyNoInstance(errno);
    const int watch = ::inotify_add_watch(probe, QFile::encodeName(absolutePath).constData(), IN_ATTRIB);
    const int error = errno;
    ::close(probe);
    if (watch >= 0)
        return {};
    if (error == ENOSPC)
        return tr("the user's %1 inotify watches (fs.inotify.max_user_watches) are all in use")
            .arg(systemLimit("max_user_watches"));
    return QString::fromLocal8Bit(std::strerror(error));
#else
    Q_UNUSED(absolutePath);
    return {};
#endif
}

} // namespace engram
