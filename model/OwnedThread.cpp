#include "OwnedThread.h"

#include <QThread>

namespace engram {

void ThreadJoiner::operator()(QThread *thread) const
{
    thread->quit();
    thread->wait();
    delete thread;
}

OwnedThread startWorkerThread(QObject *worker, const QString &name)
{
    OwnedThread thread(new QThread);
    thread->setObjectName(name);
    worker->moveToThread(thread.get());
    // The worker's last events run, then it goes: on its own thread, before wait() returns.
    QObject::connect(thread.get(), &QThread::finished, worker, &QObject::deleteLater);
    thread->start();
    return thread;
}

} // namespace engram
