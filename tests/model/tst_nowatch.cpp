// No inotify left: the index worker makes no file system watcher (Qt's would quietly poll every
// path each second), rescans the vault on its timer instead, and says so in its messages and in
// health. The failure is real: this process gets no new file descriptor while the worker starts
// (RLIMIT_NOFILE at the descriptors open), so inotify_init1() fails with EMFILE in the kernel, in
// the worker's FolderWatch and in QFileSystemWatcher alike. The limit is this process's own: unlike
// using up the user's inotify instances or watches (fs.inotify.max_user_*), it cannot make a test
// running beside this one fail.
#include "EngineFixtures.h"
#include "FolderWatch.h"
#include "HealthText.h"
#include "IndexWorker.h"
#include "TestVault.h"
#include "vault/Engine.h"

#include <QFileSystemWatcher>
#include <QSignalSpy>
#include <QTest>

#include <cerrno>
#include <cstring>
#include <sys/resource.h>
#include <unistd.h>

using namespace engram;
using test::TestVault;

namespace {

/// While it lives, this process can open no file descriptor more.
class NoFileDescriptorLeft {
public:
    NoFileDescriptorLeft()
    {
        QCOMPARE(::getrlimit(RLIMIT_NOFILE, &m_previous), 0);
        const int lowestFree = ::dup(0); // every descriptor below it is open
        QVERIFY(lowestFree > 0);
        ::close(lowestFree);
        const rlimit none{rlim_t(lowestFree), m_previous.rlim_max};
        QCOMPARE(::setrlimit(RLIMIT_NOFILE, &none), 0);
        QCOMPARE(::dup(0), -1);
        QCOMPARE(errno, EMFILE);
    }
    ~NoFileDescriptorLeft() { ::setrlimit(RLIMIT_NOFILE, &m_previous); }

private:
    rlimit m_previous{};
};

QStringList changedIn(const QSignalSpy &spy)
{
    QStringList paths;
    for (const QList<QVariant> &signal : spy)
        paths += signal.at(0).value<IndexReport>().changedPaths;
    return paths;
}

} // namespace

class TestNoWatch : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        qRegisterMetaType<IndexReport>();
        qRegisterMetaType<QList<HealthCheck>>();
    }

    void noInotifyInstance_rescansOnTheTimerAndSaysSo()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/a.md"), QStringLiteral("# A\n\nApples.\n"));
        IndexWorker worker(test::openIndexed(vault));
        QSignalSpy failed(&worker, &IndexWorker::failed);
        QSignalSpy indexed(&worker, &IndexWorker::indexed);
        QSignalSpy health(&worker, &IndexWorker::healthReady);
        {
            const NoFileDescriptorLeft noneLeft;
            // What Qt 6.4 does on its own: no inotify engine, yet a path is accepted, by the polling
            // engine (a stat() of each path every second).
            QFileSystemWatcher qtAlone;
            QVERIFY(qtAlone.children().isEmpty());
            QVERIFY(qtAlone.addPath(vault.path()));
            QCOMPARE(qtAlone.children().size(), 1);
            // The catch-up that follows in start() cannot lock the vault either (it says so and
            // writes nothing); the rescan after the limit is lifted does it.
            worker.start(1000);
        }
        QVERIFY(failed.count() >= 1);
        const QString message = failed.at(0).at(0).toString();
        QVERIFY2(message.startsWith(QStringLiteral("File watching unavailable: rescanning every 1 s (no inotify "
                                                   "instance left")),
                 qPrintable(message));
        QVERIFY2(message.contains(QString::fromLocal8Bit(std::strerror(EMFILE))), qPrintable(message));
        // No watcher, so no polling engine stat()ing each path every second: the rescan instead.
        QVERIFY(worker.findChildren<QFileSystemWatcher *>().isEmpty());
        QVERIFY(worker.findChildren<FolderWatch *>().isEmpty());
        QVERIFY(worker.isRescanning());

        // A note written after the start is found by the rescan, with nothing watching.
        vault.write(QStringLiteral("notes/b.md"), QStringLiteral("# B\n\nBlueberries.\n"));
        QTRY_VERIFY_WITH_TIMEOUT(changedIn(indexed).contains(QStringLiteral("notes/b.md")), 10000);

        worker.refreshHealth();
        QCOMPARE(health.count(), 1);
        const HealthCheck watching =
            test::healthCheck(health.at(0).at(0).value<QList<HealthCheck>>(), HealthCheckId::FileWatching);
        QCOMPARE(watching.id, HealthCheckId::FileWatching);
        QCOMPARE(watching.status, HealthStatus::Stale);
        QVERIFY2(watching.reason.startsWith(QStringLiteral("file watching unavailable: rescanning every 1 s (no "
                                                           "inotify instance left")),
                 qPrintable(watching.reason));
        QCOMPARE(HealthText::detail(watching), message);
        QCOMPARE(watching.advice, HealthAdvice::RaiseWatchLimit);
    }

    void withInotify_theVaultIsWatchedAndHealthSaysHowMuch()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/a.md"), QStringLiteral("# A\n\nApples.\n"));
        IndexWorker worker(test::openIndexed(vault));
        QSignalSpy failed(&worker, &IndexWorker::failed);
        QSignalSpy health(&worker, &IndexWorker::healthReady);
        worker.start(3600 * 1000);
        QTest::qWait(100);
        QCOMPARE(failed.count(), 0);
        QCOMPARE(worker.findChildren<FolderWatch *>().size(), 1);
        // Every folder watched on a local disk: nothing can change unreported, so no periodic rescan.
        QVERIFY(!worker.isRescanning());
        worker.refreshHealth();
        const HealthCheck watching =
            test::healthCheck(health.at(0).at(0).value<QList<HealthCheck>>(), HealthCheckId::FileWatching);
        QCOMPARE(watching.id, HealthCheckId::FileWatching);
        QCOMPARE(watching.status, HealthStatus::Ok);
        // The vault's root and notes/: one watch per folder, none per file.
        QCOMPARE(watching.reason, QStringLiteral("2 folders watched"));
        QCOMPARE(watching.detail, HealthDetail::WatchingFolders);
    }
};

QTEST_GUILESS_MAIN(TestNoWatch)
#include "tst_nowatch.moc"
