#include "VaultSession.h"

#include "IndexWorker.h"
#include "QueryWorker.h"

#include <QFutureWatcher>
#include <QThread>
#include <QtConcurrent/QtConcurrentRun>

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
    const int generation = ++m_generation;
    Q_EMIT opening(path);
    auto *watcher = new QFutureWatcher<OpenOutcome>(this);
    connect(watcher, &QFutureWatcher<OpenOutcome>::finished, this, [this, watcher, path, generation] {
        watcher->deleteLater();
        if (generation != m_generation)
            return;
        const OpenOutcome outcome = watcher->result();
        finishOpen(path, outcome.engine, outcome.error);
    });
    watcher->setFuture(QtConcurrent::run([path] {
        auto engine = Engine::open(path);
        if (!engine)
            return OpenOutcome{nullptr, engine.error().toString()};
        return OpenOutcome{std::shared_ptr<Engine>(std::move(*engine)), QString()};
    }));
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
    m_thread = new QThread(this);
    m_thread->setObjectName(QStringLiteral("engram-indexer"));
    m_worker = new IndexWorker(std::move(*workerEngine));
    m_worker->moveToThread(m_thread);
    connect(m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &IndexWorker::busyChanged, this, [this](bool busy, const QString &what) {
        m_busy = busy;
        Q_EMIT busyChanged(busy, what);
    });
    connect(m_worker, &IndexWorker::progress, this, &VaultSession::progress);
    connect(m_worker, &IndexWorker::indexed, this, &VaultSession::indexed);
    connect(m_worker, &IndexWorker::failed, this, &VaultSession::failed);
    connect(m_worker, &IndexWorker::healthReady, this, &VaultSession::healthReady);
    connect(m_worker, &IndexWorker::catalogReady, this, [this](const QList<MemoryRow> &rows, const VaultStats &stats) {
        QList<MemoryRow> previous = std::exchange(m_catalog, rows);
        m_stats = stats;
        Q_EMIT catalogReady(); // the views swap to the new rows here
        // Freeing 100k rows takes tens of milliseconds: let the worker do it.
        if (m_worker)
            QMetaObject::invokeMethod(
                m_worker, [dropped = std::move(previous)] { Q_UNUSED(dropped); }, Qt::QueuedConnection);
    });
    m_thread->start();

    m_queryThread = new QThread(this);
    m_queryThread->setObjectName(QStringLiteral("engram-query"));
    m_queryWorker = new QueryWorker(std::move(*queryEngine));
    m_queryWorker->moveToThread(m_queryThread);
    connect(m_queryThread, &QThread::finished, m_queryWorker, &QObject::deleteLater);
    connect(m_queryWorker, &QueryWorker::recalled, this, &VaultSession::recallReady);
    connect(m_queryWorker, &QueryWorker::packed, this, &VaultSession::packReady);
    m_queryThread->start();
    Q_EMIT opened(path);
    if (!m_watching)
        invoke(&IndexWorker::setWatching, false);
    invoke(&IndexWorker::start, m_rescanMs);
}

void VaultSession::close()
{
    ++m_generation;
    if (m_thread) {
        m_worker->cancel();
        m_thread->quit();
        m_thread->wait(); // shutdown only: the worker finishes the file in flight
        delete m_thread;
        m_thread = nullptr;
        m_worker = nullptr;
    }
    if (m_queryThread) {
        m_queryThread->quit();
        m_queryThread->wait(); // shutdown only: at most the query in flight
        delete m_queryThread;
        m_queryThread = nullptr;
        m_queryWorker = nullptr;
    }
    const bool wasOpen = m_engine != nullptr;
    m_engine.reset();
    m_catalog.clear();
    m_stats = {};
    m_busy = false;
    m_path.clear();
    if (wasOpen)
        Q_EMIT closed();
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

int VaultSession::requestRecall(const RecallQuery &query)
{
    const int id = ++m_nextRequest;
    if (m_queryWorker)
        QMetaObject::invokeMethod(
            m_queryWorker, [worker = m_queryWorker, id, query] { worker->recall(id, query); }, Qt::QueuedConnection);
    return id;
}

int VaultSession::requestPack(const RecallQuery &query, int budget)
{
    const int id = ++m_nextRequest;
    if (m_queryWorker)
        QMetaObject::invokeMethod(
            m_queryWorker, [worker = m_queryWorker, id, query, budget] { worker->pack(id, query, budget); },
            Qt::QueuedConnection);
    return id;
}

void VaultSession::setWatching(bool watching)
{
    m_watching = watching;
    invoke(&IndexWorker::setWatching, watching);
}

} // namespace engram
