#pragma once

#include <QString>

#include <memory>

class QObject;
class QThread;

namespace engram {

/// Quits a thread's event loop, waits for it and deletes it.
struct ThreadJoiner {
    void operator()(QThread *thread) const;
};

/// The thread of a long-lived worker (the indexer, the query worker), owned
/// like any other resource: resetting or destroying the pointer quits and
/// joins it, so no worker outlives its owner and nothing runs on at exit.
/// Ask the worker to stop its current job (its cancel flag) before the reset:
/// the join waits for the job in flight.
using OwnedThread = std::unique_ptr<QThread, ThreadJoiner>;

/// Moves `worker` (parentless) to a new thread named `name`, deletes it on that thread when the
/// thread stops, and starts the thread.
OwnedThread startWorkerThread(QObject *worker, const QString &name);

} // namespace engram
