#pragma once

#include <QCoreApplication>
#include <QString>

class QFileSystemWatcher;
class QObject;

namespace engram {

/// Whether the file system can be watched, and why not, in words a person can act on.
///
/// QFileSystemWatcher (Qt 6.4) says nothing when inotify_init1() fails (no inotify instance left:
/// fs.inotify.max_user_instances, or no file descriptor left): it quietly watches with its polling
/// engine instead, which stat()s every path once a second, 20,000 stat() calls a second for a vault
/// of 20,000 notes, for ever. So a watcher is made only when inotify works; otherwise the index
/// worker rescans the vault on its timer and says so.
class FileWatchProbe {
    Q_DECLARE_TR_FUNCTIONS(FileWatchProbe)
public:
    /// A watcher on inotify, or nullptr with `whyNot` set.
    static QFileSystemWatcher *createWatcher(QObject *parent, QString *whyNot);
    /// Why `absolutePath` cannot be watched (inotify_add_watch's reason: the user's watches used
    /// up, no permission…); empty when it can be.
    static QString whyNotWatched(const QString &absolutePath);
};

} // namespace engram
