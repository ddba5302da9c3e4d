#pragma once

#include <QCoreApplication>
#include <QFutureWatcher>
#include <QObject>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>
#include <memory>
#include <type_traits>
#include <utility>

namespace engram {

/// A one-shot job's cancel flag, shared by whoever may cancel the job and
/// the code that runs it (which checks it between stages). Copies share the flag.
class CancelFlag {
public:
    void cancel() const { m_flag->store(true); }
    bool isCancelled() const { return m_flag->load(); }
    /// For engine calls that take one (RecallQuery::cancel); valid while a copy of this flag lives.
    const std::atomic_bool *get() const { return m_flag.get(); }

private:
    std::shared_ptr<std::atomic_bool> m_flag = std::make_shared<std::atomic_bool>(false);
};

/// The latest job of one kind: starting the next one cancels the one before
/// (a superseded recall stops at its next stage; an insight computed from an
/// older catalog is dropped), and closing the vault cancels the last.
class LatestJob {
public:
    CancelFlag next()
    {
        m_current.cancel();
        m_current = CancelFlag();
        return m_current;
    }
    void cancel() const { m_current.cancel(); }

private:
    CancelFlag m_current;
};

/// The pool every job and release below runs on: not Qt's global pool, which QPainter's raster
/// engine uses to fill and convert images in parallel while it paints, waiting for its pieces on
/// the UI thread. With the global pool's threads (one per core) busy with a minute's insights and a
/// catalog's layout, a paint waited 712 ms for them at a million memories.
inline QThreadPool *jobPool()
{
    static QThreadPool *pool = [] {
        auto *created = new QThreadPool;
        // As the global pool's: jobs end while the application is destroyed, not after it (the pool
        // itself lives as long as the process, as jobs may be started until then).
        qAddPostRoutine([] { jobPool()->waitForDone(); });
        return created;
    }();
    return pool;
}

/// The one-shot job idiom: runs `work(flag)` on jobPool() and
/// hands its result to `done` on `context`'s thread, unless the job was
/// cancelled meanwhile or `context` is gone. Jobs that need the engine
/// open their own connection (Engine::openWorker) and capture it. Returns the job's future, for an
/// owner that must wait for a job that writes (a consolidation run).
template <typename Work, typename Done>
auto runJob(QObject *context, const CancelFlag &flag, Work work, Done done)
{
    using T = std::invoke_result_t<Work, const CancelFlag &>;
    auto *watcher = new QFutureWatcher<T>(context);
    QObject::connect(watcher, &QFutureWatcher<T>::finished, context, [watcher, flag, done = std::move(done)]() mutable {
        watcher->deleteLater();
        if (!flag.isCancelled())
            done(watcher->result());
    });
    QFuture<T> future = QtConcurrent::run(jobPool(), [flag, work = std::move(work)]() mutable { return work(flag); });
    watcher->setFuture(future);
    return future;
}

/// Lets `value` go on jobPool(). The last copy of a catalog-sized structure (the rows of
/// a million memories, a graph of as many nodes, their strengths) takes 50–300 ms to free: too long
/// for the UI thread, which only hands it over. Copies elsewhere (implicitly shared) stay valid.
template <typename T>
void releaseOffThread(T &&value)
{
    // The only reference goes with the task: a copy kept here until return would be the last one
    // whenever the pool ran the task first, and free the value on this thread after all.
    auto held = std::make_shared<std::decay_t<T>>(std::forward<T>(value));
    jobPool()->start([held = std::move(held)]() mutable { held.reset(); });
}

} // namespace engram
