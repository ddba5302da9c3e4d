#pragma once

#include "CatalogDelta.h"
#include "vault/Engine.h"

#include <QObject>
#include <QStringList>

#include <atomic>
#include <memory>

class QFileSystemWatcher;
class QTimer;

namespace engram {

/// The background indexer: lives on its own QThread with its own Engine (its
/// own SQLite connection), watches the vault (QFileSystemWatcher plus a
/// periodic rescan for what the watcher misses) and re-indexes what changed.
/// Everything it learns goes back to the UI thread by signal: after a run
/// that touched a few files, only their rows (catalogChanged); after a
/// rebuild or a large run, the whole catalog (catalogReady).
class IndexWorker : public QObject {
    Q_OBJECT
public:
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
    void setWatching(bool watching);

Q_SIGNALS:
    void busyChanged(bool busy, const QString &what);
    void progress(int done, int total, const QString &path);
    void indexed(const engram::IndexReport &report);
    void failed(const QString &message);
    void catalogReady(const QList<engram::MemoryRow> &rows, const engram::VaultStats &stats);
    void catalogChanged(const engram::CatalogDelta &delta);
    void healthReady(const QList<engram::HealthCheck> &checks);

private:
    void watchFolders();
    void scheduleIndex();
    /// `touched`: the files the run looked at besides those it reports changed (a file that
    /// failed loses its rows without being reported as changed).
    void report(const IndexReport &report, QStringList touched = {});
    void sendDelta(const QStringList &paths);
    IndexProgress progressCallback();

    std::unique_ptr<Engine> m_engine;
    QFileSystemWatcher *m_watcher = nullptr;
    QTimer *m_debounce = nullptr;
    QTimer *m_rescan = nullptr;
    bool m_watching = true;
    std::atomic_bool m_cancel{false};
};

} // namespace engram
