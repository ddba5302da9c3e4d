#pragma once

#include "CatalogDelta.h"
#include "Job.h"
#include "OwnedThread.h"
#include "agent/MemoryReview.h"
#include "index/MemoryCatalog.h"
#include "vault/Engine.h"

#include <QObject>

#include <memory>

namespace engram {

class IndexWorker;
class QueryWorker;

/// One open vault in the workbench: the UI thread's Engine (recall, pack)
/// and the background IndexWorker on its own thread. Opening happens off the
/// UI thread too, so a large vault never freezes the window; views connect
/// to the signals and never wait. The two workers are long-lived and own
/// their threads (OwnedThread); opening, recall and pack are one-shot jobs
/// with a cancel flag (Job.h): a newer recall cancels the one before.
class VaultSession : public QObject {
    Q_OBJECT
public:
    explicit VaultSession(QObject *parent = nullptr);
    ~VaultSession() override;

    /// Starts opening `path`; `opened` or `openFailed` follows.
    void open(const QString &path);
    void close();

    bool isOpen() const { return m_engine != nullptr; }
    QString vaultPath() const { return m_path; }
    /// The UI thread's engine; null while no vault is open.
    Engine *engine() const { return m_engine.get(); }
    /// The same, for a job that opens its own connection from it off the UI thread (Engine::openWorker
    /// catches the dynamics journal up: 280-310 ms at a million memories while the indexer writes).
    std::shared_ptr<Engine> sharedEngine() const { return m_engine; }
    const QList<MemoryRow> &catalog() const { return m_catalog; }
    const VaultStats &stats() const { return m_stats; }
    bool isBusy() const { return m_busy; }
    bool isWatching() const { return m_watching; }

    /// Milliseconds between rescans for changes the watcher missed.
    void setRescanInterval(int ms) { m_rescanMs = ms; }

    void requestIndexAll();
    void requestRebuild();
    void requestIndexPaths(const QStringList &relativePaths);
    void requestHealth();
    void requestCatalog();
    /// The Review view's requests, answered by findingsReady, reviewResolved and reviewUndone (each
    /// action is followed by the findings as they then stand). They run where the index is written,
    /// after the index run in flight.
    void requestFindings();
    void requestResolve(const QString &findingId, engram::ReviewAction action, const QString &take);
    void requestUndoReview(const engram::ReviewUndo &undo);
    void setWatching(bool watching);

    /// Runs a recall (or a pack) on the query thread; the answer arrives by
    /// recallReady (packReady) with the returned id. A request cancels the
    /// previous one of its kind: that one answers with RecallQuery::cancelledError().
    int requestRecall(const RecallQuery &query);
    int requestPack(const RecallQuery &query, int budget);

    /// What the index worker sends (public for tests that drive a session without indexing): a whole
    /// catalog, `files` telling where each file's rows are in it; then deltas of a few files each.
    /// A delta costs the UI thread the rows of its files (and, when rows go, a move of the rows below
    /// and one pass over the files), not a look at every row of the catalog.
    void takeCatalog(const QList<MemoryRow> &rows, const FileRowIndex &files, const VaultStats &stats);
    void takeDelta(const CatalogDelta &delta);

Q_SIGNALS:
    void opening(const QString &path);
    void opened(const QString &path);
    void openFailed(const QString &path, const QString &message);
    void closed();
    void busyChanged(bool busy, const QString &what);
    void progress(int done, int total, const QString &path);
    void indexed(const engram::IndexReport &report);
    void failed(const QString &message);
    /// The first files of a whole catalog still being read (a vault of more than a page of memories
    /// opened, rebuilt, or a large run): a list can show them at once. catalogReset follows, with
    /// catalog() then starting with the same rows in the same order.
    void catalogPreview(const QList<engram::MemoryRow> &firstRows);
    /// The whole catalog was replaced (a vault opened, a rebuild, a large run); catalogReady follows.
    void catalogReset();
    /// The rows of a few files were replaced (`delta`, already in catalog()); catalogReady follows.
    void catalogChanged(const engram::CatalogDelta &delta);
    /// catalog() and stats() are current.
    void catalogReady();
    void healthReady(const QList<engram::HealthCheck> &checks);
    void findingsReady(const QList<engram::ReviewFinding> &findings, const QString &error);
    void reviewResolved(const QString &findingId, const engram::ReviewUndo &undo, const QString &error);
    void reviewUndone(const QString &findingId, const QString &error);
    void recallReady(int id, const QList<engram::RecallResult> &results, const QString &error);
    void packReady(int id, const engram::ContextPack &pack, const QString &error);

private:
    void finishOpen(const QString &path, std::shared_ptr<Engine> engine, const QString &error);
    template <typename Method, typename... Args>
    void invoke(Method method, Args... args);

    QString m_path;
    std::shared_ptr<Engine> m_engine;
    IndexWorker *m_worker = nullptr; ///< lives on m_thread, deleted there when it stops
    OwnedThread m_thread;
    QueryWorker *m_queryWorker = nullptr;
    OwnedThread m_queryThread;
    LatestJob m_opening;
    LatestJob m_recall;
    LatestJob m_pack;
    int m_nextRequest = 0;
    QList<MemoryRow> m_catalog;
    FileRowIndex m_catalogFiles; ///< where each file's rows are in m_catalog
    VaultStats m_stats;
    bool m_busy = false;
    bool m_watching = true;
    int m_rescanMs = 30000;
};

} // namespace engram
