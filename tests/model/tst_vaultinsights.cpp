// The views' insights (strengths, graph, tool statistics) are recomputed after catalog changes,
// but never back to back: a run is followed by a rest, and no request is dropped.
#include "TestVault.h"
#include "VaultInsights.h"
#include "VaultSession.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>

using namespace engram;
using test::TestVault;

namespace {

void writeNotes(TestVault &vault, int count)
{
    for (int i = 0; i < count; ++i)
        vault.write(QStringLiteral("notes/n%1.md").arg(i),
                    QStringLiteral("# Note %1\n\nThe heron waits by the weir, number %1.\n\nA second part.\n").arg(i));
}

} // namespace

class TestVaultInsights : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void refresh_asOftenAsTheCatalogChanges_takesAShareOfACoreNotAllOfIt()
    {
        TestVault vault;
        writeNotes(vault, 400);
        VaultSession session;
        VaultInsights insights(&session);
        QList<qint64> runs; // the wall time of each run, as it ends
        connect(&insights, &VaultInsights::ready, this, [&] { runs << insights.lastRunMs(); });
        session.open(vault.path());
        QTRY_VERIFY_WITH_TIMEOUT(insights.data().graph.memoriesInVault == 400 && !insights.isPending(), 30000);
        runs.clear();

        // A session transcript growing: the catalog changes every 5 ms for two seconds.
        QElapsedTimer elapsed;
        elapsed.start();
        while (elapsed.elapsed() < 2000) {
            insights.refresh();
            QTest::qWait(5);
        }
        QTRY_VERIFY_WITH_TIMEOUT(!insights.isPending(), 30000);
        qint64 busy = 0;
        for (qint64 ms : std::as_const(runs))
            busy += ms;
        const double share = double(busy) / double(elapsed.elapsed());
        // Back to back (as before the rest), the runs filled the whole time: a share near 1.
        QVERIFY2(runs.size() >= 2, qPrintable(QString::number(runs.size())));
        QVERIFY2(share <= 1.5 / (1.0 + VaultInsights::kRestFactor),
                 qPrintable(
                     QStringLiteral("%1 runs, %2 ms busy of %3 ms").arg(runs.size()).arg(busy).arg(elapsed.elapsed())));
    }

    void refresh_duringARest_isServedWhenTheRestEnds()
    {
        TestVault vault;
        writeNotes(vault, 400);
        VaultSession session;
        VaultInsights insights(&session);
        session.open(vault.path());
        QTRY_VERIFY_WITH_TIMEOUT(insights.data().graph.memoriesInVault == 400 && !insights.isPending(), 30000);
        const int before = insights.runsStarted();
        const qint64 memories = insights.data().graph.memoriesInVault;
        QVERIFY(insights.lastRunMs() > 0);

        // A note arrives and is indexed; the catalog's change asks for insights during a rest of
        // about 1.5 s.
        insights.setRestFactor(1500.0 / double(insights.lastRunMs()));
        vault.write(QStringLiteral("notes/late.md"), QStringLiteral("# Late\n\nThe kingfisher came last.\n"));
        QElapsedTimer sinceRequest;
        sinceRequest.start();
        session.requestIndexPaths({QStringLiteral("notes/late.md")});
        QTRY_COMPARE_WITH_TIMEOUT(insights.runsStarted(), before + 1, 30000);
        QVERIFY2(sinceRequest.elapsed() >= 500, qPrintable(QString::number(sinceRequest.elapsed())));
        QTRY_VERIFY_WITH_TIMEOUT(!insights.isLoading(), 30000);
        QCOMPARE(insights.data().graph.memoriesInVault, memories + 1); // the late note is in it
        insights.refresh();
        insights.refresh();
        QTest::qWait(200);
        QCOMPARE(insights.runsStarted(), before + 1);                         // resting again: asked twice, not run yet
        QTRY_COMPARE_WITH_TIMEOUT(insights.runsStarted(), before + 2, 30000); // one run serves both
        QTest::qWait(100);
        QCOMPARE(insights.runsStarted(), before + 2);
    }
};

QTEST_MAIN(TestVaultInsights)
#include "tst_vaultinsights.moc"
