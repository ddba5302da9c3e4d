#pragma once

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

/// The one-shot job idiom: runs `work(flag)` on the global thread pool and
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
    QFuture<T> future = QtConcurrent::run([flag, work = std::move(work)]() mutable { return work(flag); });
    watcher->setFuture(future);
    return future;
}

/// Lets `value` go on the global thread pool. The last copy of a catalog-sized structure (the rows of
/// a million memories, a graph of as many nodes, their strengths) takes 50–300 ms to free: too long
/// for the UI thread, which only hands it over. Copies elsewhere (implicitly shared) stay valid.
template <typename T>
void releaseOffThread(T &&value)
{
    auto held = std::make_shared<std::decay_t<T>>(std::forward<T>(value));
    QThreadPool::globalInstance()->start([held]() mutable { held.reset(); });
}

} // namespace engram
