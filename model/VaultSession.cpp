#include "VaultSession.h"

#include "IndexWorker.h"
#include "QueryWorker.h"

#include <utility>

namespace engram {

namespace {

struct OpenOutcome {
    std::shared_ptr<Engine> engine;
    QString error;
};

} // namespace

VaultSession::VaultSession(QObject *parent) : QObject(parent) { }

VaultSession::~VaultSession()
{
    close();
}

void VaultSession::open(const QString &path)
{
    close();
    m_path = path;
    Q_EMIT opening(path);
    // Another open or a close cancels this one: its engine is then dropped on arrival.
    runJob(
        this, m_opening.next(),
        [path](const CancelFlag &) {
            auto engine = Engine::open(path, EngineLifetime::LongRunning); // recalls again and again
            if (!engine)
                return OpenOutcome{nullptr, engine.error().toString()};
            return OpenOutcome{std::shared_ptr<Engine>(std::move(*engine)), QString()};
        },
        [this, path](const OpenOutcome &outcome) { finishOpen(path, outcome.engine, outcome.error); });
}

void VaultSession::finishOpen(const QString &path, std::shared_ptr<Engine> engine, const QString &error)
{
    if (!engine) {
        m_path.clear();
        Q_EMIT openFailed(path, error);
        return;
    }
    // Three connections: the UI thread's, the indexer's and the query thread's.
    auto workerEngine = engine->openWorker();
    if (!workerEngine) {
        m_path.clear();
        Q_EMIT openFailed(path, workerEngine.error().toString());
        return;
    }
    auto queryEngine = engine->openWorker();
    if (!queryEngine) {
        m_path.clear();
        Q_EMIT openFailed(path, queryEngine.error().toString());
        return;
    }
    m_engine = std::move(engine);
    m_worker = new IndexWorker(std::move(*workerEngine));
    connect(m_worker, &IndexWorker::busyChanged, this, [this](bool busy, const QString &what) {
        m_busy = busy;
        Q_EMIT busyChanged(busy, what);
    });
    connect(m_worker, &IndexWorker::progress, this, &VaultSession::progress);
    connect(m_worker, &IndexWorker::indexed, this, &VaultSession::indexed);
    connect(m_worker, &IndexWorker::failed, this, &VaultSession::failed);
    connect(m_worker, &IndexWorker::healthReady, this, &VaultSession::healthReady);
    connect(m_worker, &IndexWorker::findingsReady, this, &VaultSession::findingsReady);
    connect(m_worker, &IndexWorker::reviewResolved, this, &VaultSession::reviewResolved);
    connect(m_worker, &IndexWorker::reviewUndone, this, &VaultSession::reviewUndone);
    connect(m_worker, &IndexWorker::catalogPreview, this, &VaultSession::catalogPreview);
    connect(m_worker, &IndexWorker::catalogReady, this, &VaultSession::takeCatalog);
    connect(m_worker, &IndexWorker::catalogChanged, this, &VaultSession::takeDelta);
    m_thread = startWorkerThread(m_worker, QStringLiteral("engram-indexer"));

    m_queryWorker = new QueryWorker(std::move(*queryEngine));
    connect(m_queryWorker, &QueryWorker::recalled, this, &VaultSession::recallReady);
    connect(m_queryWorker, &QueryWorker::packed, this, &VaultSession::packReady);
    connect(m_queryWorker, &QueryWorker::warned, this, &VaultSession::failed);
    m_queryThread = startWorkerThread(m_queryWorker, QStringLiteral("engram-query"));
    if (!m_watching)
        invoke(&IndexWorker::setWatching, false);
    invoke(&IndexWorker::start, m_rescanMs);
    // After start is queued: what views ask the worker on "opened" (health, counts) runs after the
    // first index, not before it ("never indexed, 0 vectors" until Check Again).
    Q_EMIT opened(path);
}

void VaultSession::close()
{
    m_opening.cancel();
    m_recall.cancel();
    m_pack.cancel();
    if (m_worker) {
        m_worker->cancel();
        m_thread.reset(); // joins: the worker finishes the file in flight
        m_worker = nullptr;
    }
    m_queryThread.reset(); // joins: the query in flight stops at its next stage
    m_queryWorker = nullptr;
    const bool wasOpen = m_engine != nullptr;
    m_engine.reset();
    m_catalog.clear();
    m_catalogFiles = {};
    m_stats = {};
    m_busy = false;
    m_path.clear();
    if (wasOpen)
        Q_EMIT closed();
}

void VaultSession::takeCatalog(const QList<MemoryRow> &rows, const FileRowIndex &files, const VaultStats &stats)
{
    QList<MemoryRow> previous = std::exchange(m_catalog, rows);
    FileRowIndex previousFiles = std::exchange(m_catalogFiles, files);
    m_stats = stats;
    Q_EMIT catalogReset(); // the views swap to the new rows here
    Q_EMIT catalogReady();
    // Freeing a million rows takes tens of milliseconds: not here.
    releaseOffThread(std::pair{std::move(previous), std::move(previousFiles)});
}

void VaultSession::takeDelta(const CatalogDelta &delta)
{
    const qsizetype rowsBefore = m_catalog.size();
    const CatalogEdit edit = m_catalogFiles.plan(delta);
    edit.apply(m_catalog, delta, &m_stats);
    m_catalogFiles.follow(edit, delta, rowsBefore);
    Q_EMIT catalogChanged(delta);
    Q_EMIT catalogReady();
}

template <typename Method, typename... Args>
void VaultSession::invoke(Method method, Args... args)
{
    if (!m_worker)
        return;
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, method, args...] { (worker->*method)(args...); }, Qt::QueuedConnection);
}

void VaultSession::requestIndexAll()
{
    invoke(&IndexWorker::indexAll);
}

void VaultSession::requestRebuild()
{
    invoke(&IndexWorker::rebuild);
}

void VaultSession::requestIndexPaths(const QStringList &relativePaths)
{
    invoke(&IndexWorker::indexPaths, relativePaths);
}

void VaultSession::requestHealth()
{
    invoke(&IndexWorker::refreshHealth);
}

void VaultSession::requestCatalog()
{
    invoke(&IndexWorker::refreshCatalog);
}

void VaultSession::requestFindings()
{
    invoke(&IndexWorker::refreshFindings);
}

void VaultSession::requestResolve(const QString &findingId, ReviewAction action, const QString &take)
{
    invoke(&IndexWorker::resolveFinding, findingId, action, take);
}

void VaultSession::requestUndoReview(const ReviewUndo &undo)
{
    invoke(&IndexWorker::undoReview, undo);
}

int VaultSession::requestRecall(const RecallQuery &query)
{
    const int id = ++m_nextRequest;
    if (!m_queryWorker)
        return id;
    // The lambda keeps the flag alive for as long as the query may read it.
    RecallQuery cancellable = query;
    const CancelFlag flag = m_recall.next();
    cancellable.cancel = flag.get();
    QMetaObject::invokeMethod(
        m_queryWorker, [worker = m_queryWorker, id, cancellable, flag] { worker->recall(id, cancellable); },
        Qt::QueuedConnection);
    return id;
}

int VaultSession::requestPack(const RecallQuery &query, int budget)
{
    const int id = ++m_nextRequest;
    if (!m_queryWorker)
        return id;
    RecallQuery cancellable = query;
    const CancelFlag flag = m_pack.next();
    cancellable.cancel = flag.get();
    QMetaObject::invokeMethod(
        m_queryWorker,
        [worker = m_queryWorker, id, cancellable, budget, flag] { worker->pack(id, cancellable, budget); },
        Qt::QueuedConnection);
    return id;
}

void VaultSession::setWatching(bool watching)
{
    m_watching = watching;
    invoke(&IndexWorker::setWatching, watching);
}

} // namespace engram
