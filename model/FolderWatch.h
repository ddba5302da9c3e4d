#pragma once

#include <QHash>
#include <QObject>
#include <QStringList>

#include <functional>

class QSocketNotifier;

namespace engram {

/// A vault's folders watched with Linux inotify, one watch per folder, and the files in them
/// named by the events: a file written in place (IN_MODIFY, IN_CLOSE_WRITE), made, removed or
/// renamed, each as a vault-relative path. A file needs no watch of its own, so a vault of a million
/// memories (72,000 files in 4,392 folders) takes 4,390 watches and still reports an append to a
/// transcript. Qt's QFileSystemWatcher cannot do this: its inotify engine reports a folder's change
/// without the name, and no in-place write at all.
///
/// Folders made or moved in are watched (with everything under them) before they are named, so a
/// file written into them right after is either seen by the comparison that follows or reported.
class FolderWatch : public QObject {
    Q_OBJECT
public:
    /// `watchable(relativeFolder)`: whether a folder of the vault is watched (hidden folders never are).
    using FolderFilter = std::function<bool(const QString &relativeFolder)>;

    /// A watch on the vault at `root`, or nullptr with `whyNot` set: no inotify instance left (or
    /// not Linux). The root itself is watched by watchTree(root).
    static FolderWatch *create(const QString &root, FolderFilter watchable, QObject *parent, QString *whyNot);
    ~FolderWatch() override;

    /// Watches the vault-relative folder ("" for the root) and every folder under it that is
    /// watchable; the folders that cannot be watched (the user's watches used up) are reported
    /// by refused().
    void watchTree(const QString &relativeFolder);
    /// Folders watched now.
    int folderCount() const { return int(m_folderOf.size()); }
    /// Whether a change can happen that no event reports: the folders under a symlinked folder have
    /// no watch (the scanner reads them), and a network or FUSE file system reports only the writes
    /// made on this machine.
    bool missesChanges() const { return m_remoteFileSystem || m_linkedFolders; }

Q_SIGNALS:
    /// A file or folder of the vault was written, made, removed or renamed (vault-relative; "" is the
    /// root, named when the vault itself was moved or removed).
    void changed(const QString &relativePath, bool isFolder);
    /// The kernel's queue overflowed (fs.inotify.max_queued_events): events were lost.
    void overflowed();
    /// These folders have no watch, the first for `why`.
    void refused(const QStringList &relativeFolders, const QString &why);

private:
    FolderWatch(int fd, const QString &root, FolderFilter watchable, QObject *parent);
    void readEvents();
    void handle(int wd, quint32 mask, const QString &name);
    /// Removes the watches on `relativeFolder` and below it (moved away or gone).
    void forgetTree(const QString &relativeFolder);
    QString absolute(const QString &relative) const;

    int m_fd;
    QString m_root;
    FolderFilter m_watchable;
    QSocketNotifier *m_notifier = nullptr;
    bool m_remoteFileSystem = false;
    bool m_linkedFolders = false;
    QHash<int, QString> m_folderOf; ///< watch descriptor → vault-relative folder
    QHash<QString, int> m_watchOf;  ///< vault-relative folder → watch descriptor
};

} // namespace engram
