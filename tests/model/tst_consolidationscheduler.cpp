// The workbench's consolidation runs: a one-shot job (model/Job.h) on its own engine connection,
// one at a time, reported by signal; the scheduler waits for a run in flight when it goes.
#include "ConsolidationScheduler.h"
#include "EngineFixtures.h"
#include "TestVault.h"
#include "vault/Engine.h"

#include <QFile>
#include <QSignalSpy>
#include <QTest>

using namespace engram;
using test::TestVault;

class TestConsolidationScheduler : public QObject {
    Q_OBJECT
private slots:
    void runNow_runsOffTheCallersThreadAndReportsBySignal()
    {
        TestVault vault;
        test::writeConsolidationSessions(vault);
        auto engine = test::openEngine(vault);
        ConsolidationScheduler scheduler(*engine);
        QSignalSpy started(&scheduler, &ConsolidationScheduler::started);
        QSignalSpy finished(&scheduler, &ConsolidationScheduler::finished);
        QVERIFY(scheduler.runNow());
        QCOMPARE(started.size(), 1);
        QVERIFY(scheduler.isRunning());
        QVERIFY(!scheduler.runNow()); // one run at a time
        QVERIFY(finished.wait(20000));
        QCOMPARE(finished.first().first().value<ConsolidationReport>().digests.size(), 4 + 3 + 2 + 2);
        QVERIFY(!scheduler.isRunning());
        QVERIFY(QFile::exists(vault.filePath(QStringLiteral("consolidated/fact/2026-W02.md"))));
        QVERIFY(scheduler.runNow()); // and again once the first is done
        QVERIFY(finished.wait(20000));
    }

    void destruction_waitsForTheRunInFlight()
    {
        TestVault vault;
        test::writeConsolidationSessions(vault);
        auto engine = test::openEngine(vault);
        {
            ConsolidationScheduler scheduler(*engine);
            QVERIFY(scheduler.runNow());
        } // gone while its run writes: the digests are still complete
        QVERIFY(QFile::exists(vault.filePath(QStringLiteral("consolidated/fact/2026-W02.md"))));
        QVERIFY(QFile::exists(vault.filePath(QStringLiteral("consolidated/daily/2026-01-14.md"))));
    }

    void msecsUntil_theNextHourTodayOrTomorrow()
    {
        const QDateTime evening(QDate(2026, 1, 1), QTime(22, 30));
        QCOMPARE(ConsolidationScheduler::msecsUntil(3, evening), qint64(4.5 * 3600 * 1000));
        QCOMPARE(ConsolidationScheduler::msecsUntil(23, evening), qint64(0.5 * 3600 * 1000));
    }
};

QTEST_GUILESS_MAIN(TestConsolidationScheduler)
#include "tst_consolidationscheduler.moc"
