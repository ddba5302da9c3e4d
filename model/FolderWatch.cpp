#include "FolderWatch.h"

#include <QDirIterator>
#include <QFile>
#include <QSocketNotifier>

#include <cerrno>
#include <cstring>

#ifdef Q_OS_LINUX
#include <sys/inotify.h>
#include <sys/vfs.h>
#include <unistd.h>
#endif

namespace engram {

namespace {

#ifdef Q_OS_LINUX
QString systemLimit(const char *name)
{
    QFile file(QStringLiteral("/proc/sys/fs/inotify/") + QLatin1String(name));
    return file.open(QIODevice::ReadOnly) ? QString::fromLatin1(file.readAll().trimmed()) : QStringLiteral("?");
}

QString joined(const QString &folder, const QString &name)
{
    return folder.isEmpty() ? name : folder + QLatin1Char('/') + name;
}

bool isAtOrUnder(const QString &path, const QString &folder)
{
    return folder.isEmpty() || path == folder || (path.startsWith(folder) && path.at(folder.size()) == u'/');
}

/// Whether `path` is on a file system where others write without this machine's kernel knowing:
/// NFS, SMB/CIFS, FUSE (sshfs, rclone), 9p, Ceph, AFS, Coda, GFS2, OCFS2, Lustre (statfs magic numbers).
bool isRemoteFileSystem(const QString &path)
{
    struct statfs info { };
    if (::statfs(QFile::encodeName(path).constData(), &info) != 0)
        return false;
    switch (quint64(quint32(info.f_type))) {
    case 0x6969:     // NFS
    case 0x517B:     // SMB
    case 0xFF534D42: // CIFS
    case 0xFE534D42: // SMB2
    case 0x65735546: // FUSE
    case 0x01021997: // 9p
    case 0x00C36400: // Ceph
    case 0x5346414F: // AFS
    case 0x73757245: // Coda
    case 0x01161970: // GFS2
    case 0x7461636F: // OCFS2
    case 0x0BD00BD0: // Lustre
        return true;
    default: return false;
    }
}

// A folder's own removal or move is reported by its parent's watch (IN_DELETE, IN_MOVED_FROM with
// IN_ISDIR); IN_DELETE_SELF / IN_MOVE_SELF are acted on for the vault's root only, which has no
// parent watched. No IN_ATTRIB: a changed mtime alone (touch) changes nothing an index holds.
constexpr quint32 kEvents = IN_CLOSE_WRITE | IN_MODIFY | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO
                            | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR;
#endif

} // namespace

FolderWatch *FolderWatch::create(const QString &root, FolderFilter watchable, QObject *parent, QString *whyNot)
{
#ifdef Q_OS_LINUX
    const int fd = ::inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
    if (fd >= 0)
        return new FolderWatch(fd, root, std::move(watchable), parent);
    const int error = errno;
    if (error == EMFILE)
        *whyNot = tr("no inotify instance left: the user's %1 (fs.inotify.max_user_instances) are all in use, or "
                     "this program has no file descriptor left: %2")
                      .arg(systemLimit("max_user_instances"), QString::fromLocal8Bit(std::strerror(error)));
    else
        *whyNot = tr("inotify cannot be used: %1").arg(QString::fromLocal8Bit(std::strerror(error)));
#else
    // The workbench is built and tested on Linux only: a second watcher no test runs would be a
    // watcher nobody knows works. The periodic rescan finds every change, later.
    Q_UNUSED(root);
    Q_UNUSED(watchable);
    Q_UNUSED(parent);
    *whyNot = tr("file watching needs Linux inotify");
#endif
    return nullptr;
}

FolderWatch::FolderWatch(int fd, const QString &root, FolderFilter watchable, QObject *parent)
    : QObject(parent), m_fd(fd), m_root(root), m_watchable(std::move(watchable))
{
#ifdef Q_OS_LINUX
    m_remoteFileSystem = isRemoteFileSystem(root);
#endif
    m_notifier = new QSocketNotifier(fd, QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &FolderWatch::readEvents);
}

FolderWatch::~FolderWatch()
{
#ifdef Q_OS_LINUX
    delete m_notifier; // before its descriptor goes
    ::close(m_fd);
#endif
}

QString FolderWatch::absolute(const QString &relative) const
{
    return relative.isEmpty() ? m_root : m_root + QLatin1Char('/') + relative;
}

void FolderWatch::watchTree(const QString &relativeFolder)
{
#ifdef Q_OS_LINUX
    if (!relativeFolder.isEmpty() && !m_watchable(relativeFolder))
        return;
    QStringList folders{relativeFolder};
    const QString top = absolute(relativeFolder);
    // Hidden folders are not listed, and neither they nor symlinked folders are entered (as the
    // scanner reads a vault); a symlinked folder itself is watched, as inotify follows the link.
    QDirIterator it(top, QDir::Dirs | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString relative = it.next().mid(m_root.size() + 1);
        if (!m_watchable(relative))
            continue;
        folders << relative;
        if (it.fileInfo().isSymLink())
            m_linkedFolders = true;
    }
    QStringList refusedFolders;
    QString why;
    for (const QString &folder : std::as_const(folders)) {
        if (m_watchOf.contains(folder))
            continue;
        const int wd = ::inotify_add_watch(m_fd, QFile::encodeName(absolute(folder)).constData(), kEvents);
        if (wd >= 0) {
            // A folder reached under a second name (a symlink) shares the watch of the first, whose
            // name its events keep.
            if (!m_folderOf.contains(wd)) {
                m_folderOf.insert(wd, folder);
                m_watchOf.insert(folder, wd);
            }
            continue;
        }
        const int error = errno;
        if (error == ENOENT || error == ENOTDIR)
            continue; // gone since it was listed: its parent's watch names it
        if (refusedFolders.isEmpty())
            why = error == ENOSPC ? tr("the user's %1 inotify watches (fs.inotify.max_user_watches) are all in use")
                                        .arg(systemLimit("max_user_watches"))
                                  : QString::fromLocal8Bit(std::strerror(error));
        refusedFolders << folder;
    }
    if (!refusedFolders.isEmpty())
        Q_EMIT refused(refusedFolders, why);
#else
    Q_UNUSED(relativeFolder);
#endif
}

void FolderWatch::forgetTree(const QString &relativeFolder)
{
#ifdef Q_OS_LINUX
    // A folder moved within the vault keeps its watches under the old names: they go, and the
    // folder is watched again under its new name (IN_MOVED_TO).
    QList<int> gone;
    for (auto it = m_watchOf.cbegin(); it != m_watchOf.cend(); ++it)
        if (!it.key().isEmpty() && isAtOrUnder(it.key(), relativeFolder))
            gone << it.value();
    for (int wd : std::as_const(gone)) {
        ::inotify_rm_watch(m_fd, wd); // EINVAL for a folder already removed: nothing to undo
        m_watchOf.remove(m_folderOf.take(wd));
    }
#else
    Q_UNUSED(relativeFolder);
#endif
}

void FolderWatch::readEvents()
{
#ifdef Q_OS_LINUX
    // 64 KiB holds ~2,000 events of 16-byte names; the loop reads until the queue is empty.
    alignas(inotify_event) char buffer[64 * 1024];
    for (;;) {
        const ssize_t bytes = ::read(m_fd, buffer, sizeof buffer);
        if (bytes <= 0) {
            if (bytes < 0 && errno == EINTR)
                continue;
            return; // EAGAIN: all read
        }
        for (ssize_t at = 0; at < bytes;) {
            const auto *event = reinterpret_cast<const inotify_event *>(buffer + at);
            at += ssize_t(sizeof(inotify_event) + event->len);
            const QString name = event->len ? QFile::decodeName(event->name) : QString();
            handle(event->wd, event->mask, name);
        }
    }
#endif
}

void FolderWatch::handle(int wd, quint32 mask, const QString &name)
{
#ifdef Q_OS_LINUX
    if (mask & IN_Q_OVERFLOW) {
        Q_EMIT overflowed();
        return;
    }
    const auto folder = m_folderOf.constFind(wd);
    if (folder == m_folderOf.cend())
        return; // a watch already forgotten (its folder moved or removed)
    const QString parent = *folder;
    if (mask & IN_IGNORED) { // the kernel removed the watch: its folder is gone
        m_watchOf.remove(m_folderOf.take(wd));
        return;
    }
    if (name.isEmpty()) {
        // The folder itself moved or was removed: for any folder but the root, its parent's
        // watch said so by name.
        if (parent.isEmpty() && (mask & (IN_DELETE_SELF | IN_MOVE_SELF)))
            Q_EMIT changed(QString(), true);
        return;
    }
    const QString path = joined(parent, name);
    if (!(mask & IN_ISDIR)) {
        Q_EMIT changed(path, false);
        return;
    }
    if (!m_watchable(path))
        return;
    if (mask & (IN_DELETE | IN_MOVED_FROM))
        forgetTree(path);
    if (mask & (IN_CREATE | IN_MOVED_TO))
        watchTree(path); // before it is named: what is written into it from now on is reported
    Q_EMIT changed(path, true);
#else
    Q_UNUSED(wd);
    Q_UNUSED(mask);
    Q_UNUSED(name);
#endif
}

} // namespace engram
