#pragma once

#include "CatalogDelta.h"
#include "vault/Engine.h"

#include <QObject>
#include <QSet>
#include <QStringList>

#include <atomic>
#include <memory>

class QFileSystemWatcher;
class QTimer;

namespace engram {

/// The background indexer: lives on its own QThread with its own Engine (its
/// own SQLite connection), watches the vault (QFileSystemWatcher plus a
/// periodic rescan for what the watcher misses) and re-indexes what changed.
/// A change the watcher reports is looked for only where it named (Engine::changesIn: that
/// folder or file); the whole vault is compared at start, on the periodic rescan, and whenever
/// the watcher cannot be trusted (a folder it could not watch, more folders at once than
/// kMaxNamedPaths, watcherOverflowed()).
/// Everything it learns goes back to the UI thread by signal: after a run
/// that touched a few files, only their rows (catalogChanged); after a
/// rebuild or a large run, the whole catalog (catalogReady).
class IndexWorker : public QObject {
    Q_OBJECT
public:
    /// Up to this many indexed files each file gets a watch of its own: a folder's watch does not
    /// report a file written in place, only files added, removed or renamed (an atomic save).
    /// A quarter of the system's watches, 4,000 to 50,000.
    static int defaultFileWatchLimit();
    /// More folders and files than this named before one run: the whole vault is compared once
    /// (a checkout or a moved tree), not each of them.
    static constexpr int kMaxNamedPaths = 256;
    /// A catalog of more rows than this is announced by its first files first (catalogPreview):
    /// the first pages of the memory list (MemoryTableModel::kPage), read in ~0.1 s, where the whole of a
    /// million-memory vault takes seconds.
    static constexpr int kPreviewRows = 20000;

    /// `fileWatchLimit` < 0: defaultFileWatchLimit().
    explicit IndexWorker(std::unique_ptr<Engine> engine, int fileWatchLimit = -1);
    ~IndexWorker() override;

    /// Asks a running full index to stop at the next file (any thread).
    void cancel() { m_cancel = true; }

    // Called through queued invocations from the UI thread.
    void start(int rescanIntervalMs);
    void indexChanged();
    void indexAll();
    void rebuild();
    void indexPaths(const QStringList &relativePaths);
    void refreshCatalog();
    void refreshHealth();
    void setWatching(bool watching);
    /// The watcher lost events (or cannot see everything): the next run compares the whole vault.
    void watcherOverflowed();
    /// Whether the vault is watched, or why not and how often it is rescanned instead (a health check).
    HealthCheck fileWatching() const;

Q_SIGNALS:
    void busyChanged(bool busy, const QString &what);
    void progress(int done, int total, const QString &path);
    void indexed(const engram::IndexReport &report);
    void failed(const QString &message);
    /// The first files of the catalog that catalogReady will bring (only when it holds more than kPreviewRows).
    void catalogPreview(const QList<engram::MemoryRow> &firstRows);
    /// The whole catalog, with where each file's rows are in it (a pass over every row: done here).
    void catalogReady(const QList<engram::MemoryRow> &rows, const engram::FileRowIndex &files,
                      const engram::VaultStats &stats);
    void catalogChanged(const engram::CatalogDelta &delta);
    void healthReady(const QList<engram::HealthCheck> &checks);

private:
    /// After start(): the catalog, the watches and a comparison of the whole vault.
    void catchUp();
    /// "File watching unavailable: rescanning every N s (why)", for the message log.
    QString watchingUnavailable() const;
    /// Seconds between two comparisons of the whole vault (longer for a large vault: indexChanged()).
    int rescanSeconds() const;
    /// Watches every folder of the vault, and each indexed file while they are few.
    void watchFolders();
    /// After a run that looked only where the watcher named: watches the folders that are new and
    /// watches the files named again (an atomic save replaced the file its watch was on).
    void watchAgain(const QStringList &relativePaths, const QStringList &newFolders);
    /// Adds watches; a path that cannot be watched (the system's limit) makes every run a whole one.
    void addWatches(const QStringList &absolutePaths);
    void noteChange(const QString &absolutePath);
    void scheduleIndex();
    void rescan();
    /// Indexes `relativePaths` and reports (indexPaths() without watching anything new).
    void runPaths(const QStringList &relativePaths);
    /// `touched`: the files the run looked at besides those it reports changed (a file that
    /// failed loses its rows without being reported as changed).
    void report(const IndexReport &report, QStringList touched = {});
    void sendDelta(const QStringList &paths);
    void addFileWatchSlice();
    IndexProgress progressCallback();

    std::unique_ptr<Engine> m_engine;
    QFileSystemWatcher *m_watcher = nullptr;
    QTimer *m_debounce = nullptr;
    QTimer *m_rescan = nullptr;
    int m_fileWatchLimit;
    int m_rescanMs = 30000;      ///< as asked; longer while a comparison of the whole vault is long
    QSet<QString> m_watched;     ///< absolute paths given to m_watcher (its own lists are copies)
    QSet<QString> m_named;       ///< vault-relative paths the watcher named since the last run
    bool m_wholeVaultDue = true; ///< the next run compares the whole vault
    bool m_watchIncomplete = false;
    bool m_watchEachFile = false; ///< fewer indexed files than m_fileWatchLimit: each has a watch
    /// Files still to be given a watch, a slice per turn of the event loop (20,000 watches take
    /// about 1 s; added at once, they held back the first change after a vault's first index).
    QStringList m_pendingFileWatches;
    bool m_fileWatchRefused = false;
    QString m_watchUnavailable; ///< why there is no watcher at all (no inotify instance)
    QString m_watchRefused;     ///< why some folders have no watch (the user's watches used up)
    bool m_watching = true;
    std::atomic_bool m_cancel{false};
};

} // namespace engram
