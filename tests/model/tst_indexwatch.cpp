// The background indexer's watcher: a change it reports is looked for where it named only, and
// the whole vault is compared again when the watcher is said to have lost events.
#include "EngineFixtures.h"
#include "IndexWorker.h"
#include "TestVault.h"
#include "vault/Engine.h"
#include "vault/EngineTypes.h"

#include <QFile>
#include <QSaveFile>
#include <QSignalSpy>
#include <QTest>

using namespace engram;
using test::TestVault;

namespace {

void writeAtomically(const TestVault &vault, const QString &relative, const QByteArray &bytes)
{
    QSaveFile file(vault.filePath(relative));
    QVERIFY(file.open(QIODevice::WriteOnly));
    QCOMPARE(file.write(bytes), bytes.size());
    QVERIFY(file.commit());
}

/// Writes over the file's own bytes, as an editor that saves in place does: its folder's watch
/// says nothing (only a watch on the file itself would).
void writeInPlace(const TestVault &vault, const QString &relative, const QByteArray &bytes)
{
    QFile file(vault.filePath(relative));
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(file.write(bytes), bytes.size());
}

QStringList changedIn(const QSignalSpy &spy)
{
    QStringList paths;
    for (const QList<QVariant> &signal : spy)
        paths += signal.at(0).value<IndexReport>().changedPaths;
    paths.sort();
    return paths;
}

} // namespace

class TestIndexWatch : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { qRegisterMetaType<IndexReport>(); }

    void aWatchedChangeIsLookedForInItsFolderOnly_anOverflowComparesTheWholeVault()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/a.md"), QStringLiteral("# A\n\nApples.\n"));
        vault.write(QStringLiteral("other/b.md"), QStringLiteral("# B\n\nBananas.\n"));
        // No file has a watch of its own (limit 0): only folders are watched.
        IndexWorker worker(test::openIndexed(vault), 0);
        QSignalSpy indexed(&worker, &IndexWorker::indexed);
        worker.start(3600 * 1000); // no periodic rescan within the test
        QTest::qWait(100);
        QCOMPARE(indexed.count(), 0); // nothing to catch up on

        writeInPlace(vault, QStringLiteral("other/b.md"), "# B\n\nBananas, ripe and yellow.\n");
        writeAtomically(vault, QStringLiteral("notes/c.md"), "# C\n\nCherries.\n");
        QTRY_COMPARE(changedIn(indexed), QStringList{QStringLiteral("notes/c.md")});
        QTest::qWait(200); // no second run looks anywhere else
        QCOMPARE(changedIn(indexed), QStringList{QStringLiteral("notes/c.md")});

        // Renamed and deleted in the folder named: found too.
        indexed.clear();
        QVERIFY(
            QFile::rename(vault.filePath(QStringLiteral("notes/c.md")), vault.filePath(QStringLiteral("notes/d.md"))));
        QVERIFY(vault.remove(QStringLiteral("notes/a.md")));
        QTRY_COMPARE(changedIn(indexed), (QStringList{QStringLiteral("notes/a.md"), QStringLiteral("notes/c.md"),
                                                      QStringLiteral("notes/d.md")}));

        indexed.clear();
        worker.watcherOverflowed();
        QTRY_COMPARE(changedIn(indexed), QStringList{QStringLiteral("other/b.md")});
    }

    void aFolderMadeAfterTheStartIsWatchedToo()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/a.md"), QStringLiteral("# A\n\nApples.\n"));
        IndexWorker worker(test::openIndexed(vault), 0);
        QSignalSpy indexed(&worker, &IndexWorker::indexed);
        worker.start(3600 * 1000);
        QTest::qWait(100);

        QVERIFY(QDir(vault.path()).mkpath(QStringLiteral("notes/new/deeper")));
        QTest::qWait(200); // the empty folders are seen and watched
        writeAtomically(vault, QStringLiteral("notes/new/deeper/e.md"), "# E\n\nElderberries.\n");
        QTRY_COMPARE(changedIn(indexed), QStringList{QStringLiteral("notes/new/deeper/e.md")});
    }

    void healthCountsTheFileWatchesStillBeingAdded()
    {
        TestVault vault;
        for (int i = 0; i < 30; ++i)
            vault.write(QStringLiteral("notes/n%1.md").arg(i), QStringLiteral("# N\n\nNote %1.\n").arg(i));
        IndexWorker worker(test::openIndexed(vault));
        QSignalSpy health(&worker, &IndexWorker::healthReady);
        auto watching = [&health] {
            return test::healthCheck(health.takeLast().at(0).value<QList<HealthCheck>>(), HealthCheckId::FileWatching);
        };
        worker.start(3600 * 1000);
        // The files' watches are added a slice per turn of the event loop, none yet: the check says
        // how many are still coming instead of a count that looks short.
        worker.refreshHealth();
        const HealthCheck early = watching();
        QCOMPARE(early.detail, HealthDetail::WatchingPathsPending);
        QCOMPARE(early.detailArgs.value(1), QStringLiteral("30"));
        QTest::qWait(100);
        worker.refreshHealth();
        const HealthCheck settled = watching();
        QCOMPARE(settled.detail, HealthDetail::WatchingPaths);
        QVERIFY2(settled.detailArgs.value(0).toInt() >= 30 + 2, qPrintable(settled.reason)); // + vault, notes/
    }
};

QTEST_MAIN(TestIndexWatch)
#include "tst_indexwatch.moc"
