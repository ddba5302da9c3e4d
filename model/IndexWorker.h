#pragma once

#include "CatalogDelta.h"
#include "agent/MemoryReview.h"
#include "vault/Engine.h"

#include <QElapsedTimer>
#include <QObject>
#include <QSet>
#include <QStringList>

#include <atomic>
#include <memory>

class QTimer;

namespace engram {

class FolderWatch;

/// The background indexer: lives on its own QThread with its own Engine (its
/// own SQLite connection), watches the vault's folders (FolderWatch) and re-indexes what changed.
/// A change the watcher reports is looked for only where it named (Engine::changesIn: that
/// file, or a folder made or removed); the whole vault is compared at start and whenever the
/// watcher cannot be trusted (a folder it could not watch, more paths at once than
/// kMaxNamedPaths, watcherOverflowed()). A periodic rescan runs only where the watcher can miss a
/// change: no inotify, a folder without a watch, below a symlinked folder, or a network file system
/// (FolderWatch::missesChanges).
/// Everything it learns goes back to the UI thread by signal: after a run
/// that touched a few files, only their rows (catalogChanged); after a
/// rebuild or a large run, the whole catalog (catalogReady).
class IndexWorker : public QObject {
    Q_OBJECT
public:
    /// More folders and files than this named before one run: the whole vault is compared once
    /// (a checkout or a moved tree), not each of them.
    static constexpr int kMaxNamedPaths = 256;
    /// A catalog of more rows than this is announced by its first files first (catalogPreview):
    /// the first pages of the memory list (MemoryTableModel::kPage), read in ~0.1 s, where the whole of a
    /// million-memory vault takes seconds.
    static constexpr int kPreviewRows = 20000;
    /// A run whose files hold more rows than this sends the whole catalog, not a delta: a delta is
    /// applied on the UI thread in one turn (8,000 rows took 83 ms of its CPU under ASan, ~15 ms
    /// plainly), a catalog is laid out off it. A few files can hold that many: a long transcript, a
    /// note of thousands of sections, a first index of a few hundred files.
    static constexpr int kMaxDeltaRows = 5000;

    explicit IndexWorker(std::unique_ptr<Engine> engine);
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
    /// The Review view's work runs here, where the index is written: the open findings (caught up with
    /// the index first), and the actions that resolve one or take one back. Each action re-indexes the
    /// files it touched, sends their rows (catalogChanged) and then the findings as they now stand.
    void refreshFindings();
    void resolveFinding(const QString &id, engram::ReviewAction action, const QString &take);
    void undoReview(const engram::ReviewUndo &undo);
    void setWatching(bool watching);
    /// The watcher lost events (or cannot see everything): the next run compares the whole vault.
    void watcherOverflowed();
    /// Whether the vault is watched, or why not and how often it is rescanned instead (a health check).
    HealthCheck fileWatching() const;
    /// Whether the vault is compared whole on a timer (the watcher can miss changes, or there is none).
    bool isRescanning() const;

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
    /// The open findings, newest and most recalled first; `error` when they could not be read.
    void findingsReady(const QList<engram::ReviewFinding> &findings, const QString &error);
    /// A finding resolved (`undo` takes it back) or not (`error`).
    void reviewResolved(const QString &findingId, const engram::ReviewUndo &undo, const QString &error);
    /// An action taken back, or why not.
    void reviewUndone(const QString &findingId, const QString &error);

private:
    /// After start(): the catalog, the watches and a comparison of the whole vault.
    void catchUp();
    /// "File watching unavailable: rescanning every N s (why)", for the message log.
    QString watchingUnavailable() const;
    /// Seconds between two comparisons of the whole vault (longer for a large vault: indexChanged()).
    int rescanSeconds() const;
    /// Watches every folder of the vault not watched yet.
    void watchFolders();
    /// Folders that cannot be watched (the system's limit) make every run a whole one.
    void watchRefused(const QStringList &relativeFolders, const QString &why);
    /// Runs the periodic rescan only while the watcher can miss a change.
    void updateRescan();
    /// Whether a vault-relative folder is watched: those the scanner reads.
    static bool isWatchable(const QString &relativeFolder);
    void noteChange(const QString &relativePath, bool isFolder);
    void scheduleIndex();
    void rescan();
    /// Indexes `relativePaths` and reports.
    void runPaths(const QStringList &relativePaths);
    /// `touched`: the files the run looked at besides those it reports changed (a file that
    /// failed loses its rows without being reported as changed).
    void report(const IndexReport &report, QStringList touched = {});
    void sendDelta(const QStringList &paths);
    /// After a review action or its undo: the rows of the files it touched, then the findings.
    void followReview(const ReviewUndo &undo);
    IndexProgress progressCallback();

    std::unique_ptr<Engine> m_engine;
    FolderWatch *m_watch = nullptr;
    QTimer *m_debounce = nullptr;
    QTimer *m_rescan = nullptr;
    QElapsedTimer m_pendingSince; ///< since the first change named that no run has looked at yet
    int m_rescanMs = 30000;       ///< as asked; longer while a comparison of the whole vault is long
    QSet<QString> m_named;        ///< vault-relative paths the watcher named since the last run
    bool m_wholeVaultDue = true;  ///< the next run compares the whole vault
    bool m_watchIncomplete = false;
    QString m_watchUnavailable; ///< why there is no watcher at all (no inotify instance)
    QString m_watchRefused;     ///< why some folders have no watch (the user's watches used up)
    bool m_watching = true;
    std::atomic_bool m_cancel{false};
};

} // namespace engram
