// The two threading idioms of the workbench: a long-lived worker's thread is
// owned like any resource and joined when its owner goes (OwnedThread); a
// one-shot job carries a cancel flag, and a superseded job's result is never
// delivered (Job.h).
#include "Job.h"
#include "OwnedThread.h"

#include <QCoreApplication>
#include <QPointer>
#include <QSemaphore>
#include <QTest>
#include <QThread>

#include <atomic>

using namespace engram;

namespace {

/// Records that it was destroyed, and on which thread.
class Worker : public QObject {
public:
    explicit Worker(std::atomic<QThread *> *deletedOn) : m_deletedOn(deletedOn) { }
    ~Worker() override { m_deletedOn->store(QThread::currentThread()); }

private:
    std::atomic<QThread *> *m_deletedOn;
};

} // namespace

class TestWorkerThreads : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void ownedThread_resetWaitsForTheJobInFlightAndDeletesTheWorkerOnItsThread()
    {
        std::atomic<QThread *> deletedOn{nullptr};
        std::atomic_bool finishedJob{false};
        QSemaphore started;
        auto *worker = new Worker(&deletedOn);
        OwnedThread thread = startWorkerThread(worker, QStringLiteral("test-worker"));
        QThread *raw = thread.get();
        QCOMPARE(raw->objectName(), QStringLiteral("test-worker"));
        QMetaObject::invokeMethod(
            worker,
            [&] {
                started.release();
                QThread::msleep(300);
                finishedJob = true;
            },
            Qt::QueuedConnection);
        started.acquire(); // the job is running now
        thread.reset();
        // Joined: the job finished before reset() returned, and the worker went with its thread.
        QVERIFY(finishedJob);
        QCOMPARE(deletedOn.load(), raw);
    }

    void runJob_deliversOnTheContextThread()
    {
        QObject context;
        int answer = 0;
        QThread *ranOn = nullptr;
        runJob(
            &context, CancelFlag(),
            [&ranOn](const CancelFlag &) {
                ranOn = QThread::currentThread();
                return 42;
            },
            [&answer](int value) { answer = value; });
        QTRY_COMPARE(answer, 42);
        QVERIFY(ranOn != QThread::currentThread());
    }

    void latestJob_aNewerJobCancelsTheOneBeforeAndItsResultIsDropped()
    {
        QObject context;
        LatestJob jobs;
        QSemaphore release;
        QList<int> delivered;
        std::atomic_bool firstSawCancel{false};
        std::atomic_bool firstDone{false};
        const CancelFlag first = jobs.next();
        runJob(
            &context, first,
            [&](const CancelFlag &flag) {
                release.acquire(); // held until the second job has been started
                firstSawCancel = flag.isCancelled();
                firstDone = true;
                return 1;
            },
            [&delivered](int value) { delivered << value; });
        const CancelFlag second = jobs.next();
        QVERIFY(first.isCancelled());
        QVERIFY(!second.isCancelled());
        runJob(
            &context, second, [](const CancelFlag &) { return 2; }, [&delivered](int value) { delivered << value; });
        release.release();
        QTRY_COMPARE(delivered, QList<int>{2});
        QTRY_VERIFY(firstDone.load());
        QVERIFY(firstSawCancel);
        QTest::qWait(100); // the first job's answer reaches the event loop, and is dropped there
        QCOMPARE(delivered, QList<int>{2});
    }
};

QTEST_GUILESS_MAIN(TestWorkerThreads)
#include "tst_workerthreads.moc"
