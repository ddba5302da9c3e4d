#pragma once

#include "core/Result.h"

#include <QByteArray>
#include <QFileSystemWatcher>
#include <QObject>

namespace engram {

/// A vault file the workbench edits: read it, write it atomically and only inside the vault,
/// and notice when something else changes it. A save over a file that changed
/// on disk since it was read is refused unless forced, so nobody's edit is lost.
class WatchedFile : public QObject {
    Q_OBJECT
public:
    explicit WatchedFile(QObject *parent = nullptr);

    /// Reads `relativePath` of the vault at `vaultPath` (a missing file reads
    /// as empty) and starts watching it.
    Result<QByteArray> load(const QString &vaultPath, const QString &relativePath);
    /// Writes the file, never outside the vault (VaultBoundary).
    Status save(const QByteArray &bytes, bool overwriteExternalChange = false);
    void close();

    QString path() const { return m_path; }
    /// True when the bytes on disk differ from the last load or save.
    bool changedOnDisk() const;

Q_SIGNALS:
    void changedExternally();

private:
    void onWatcherEvent();
    void rewatch();

    QString m_vaultPath;
    QString m_relativePath;
    QString m_path;
    QByteArray m_hash; ///< of the last bytes loaded or saved (empty for "no file")
    QFileSystemWatcher m_watcher;
};

} // namespace engram
