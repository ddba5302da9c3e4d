#pragma once

#include "index/MemoryCatalog.h"
#include "vault/Engine.h"

#include <QObject>
#include <QPointer>

#include <memory>

class QThread;

namespace engram {

class IndexWorker;
class QueryWorker;

/// One open vault in the workbench: the UI thread's Engine (recall, pack)
/// and the background IndexWorker on its own thread. Opening happens off the
/// UI thread too, so a large vault never freezes the window; views connect
/// to the signals and never wait.
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
    void setWatching(bool watching);

    /// Runs a recall (or a pack) on the query thread; the answer arrives by
    /// recallReady (packReady) with the returned id.
    int requestRecall(const RecallQuery &query);
    int requestPack(const RecallQuery &query, int budget);

Q_SIGNALS:
    void opening(const QString &path);
    void opened(const QString &path);
    void openFailed(const QString &path, const QString &message);
    void closed();
    void busyChanged(bool busy, const QString &what);
    void progress(int done, int total, const QString &path);
    void indexed(const engram::IndexReport &report);
    void failed(const QString &message);
    void catalogReady();
    void healthReady(const QList<engram::HealthCheck> &checks);
    void recallReady(int id, const QList<engram::RecallResult> &results, const QString &error);
    void packReady(int id, const engram::ContextPack &pack, const QString &error);

private:
    void finishOpen(const QString &path, std::shared_ptr<Engine> engine, const QString &error);
    template <typename Method, typename... Args>
    void invoke(Method method, Args... args);

    QString m_path;
    std::shared_ptr<Engine> m_engine;
    QThread *m_thread = nullptr;
    IndexWorker *m_worker = nullptr;
    QThread *m_queryThread = nullptr;
    QueryWorker *m_queryWorker = nullptr;
    int m_nextRequest = 0;
    QList<MemoryRow> m_catalog;
    VaultStats m_stats;
    bool m_busy = false;
    bool m_watching = true;
    int m_rescanMs = 30000;
    int m_generation = 0; ///< ignores an open that finishes after another began
};

} // namespace engram
