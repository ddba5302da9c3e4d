// The background indexer's watcher: one inotify watch per folder names each file written in place,
// made, removed or renamed, so the worker re-indexes it without a periodic rescan, however many
// files the vault holds; when the kernel's queue overflows, the whole vault is compared.
#include "EngineFixtures.h"
#include "IndexWorker.h"
#include "TestVault.h"
#include "core/VaultBoundary.h"
#include "vault/Engine.h"
#include "vault/EngineTypes.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QSaveFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace engram;
using test::TestVault;

namespace {

constexpr int kNoRescan = 3600 * 1000; // no periodic rescan within a test

/// Adds a line at the end of the file, as an agent's session transcript grows: no rename, no new
/// file, only writes to the one already there.
void append(const TestVault &vault, const QString &relative, const QByteArray &bytes)
{
    QFile file(vault.filePath(relative));
    QVERIFY(file.open(QIODevice::Append));
    QCOMPARE(file.write(bytes), bytes.size());
}

void writeAtomically(const TestVault &vault, const QString &relative, const QByteArray &bytes)
{
    QSaveFile file(vault.filePath(relative));
    QVERIFY(file.open(QIODevice::WriteOnly));
    QCOMPARE(file.write(bytes), bytes.size());
    QVERIFY(file.commit());
}

QStringList changedIn(const QSignalSpy &spy)
{
    QStringList paths;
    for (const QList<QVariant> &signal : spy)
        paths += signal.at(0).value<IndexReport>().changedPaths;
    paths.sort();
    return paths;
}

HealthCheck watchingHealth(IndexWorker &worker)
{
    QSignalSpy health(&worker, &IndexWorker::healthReady);
    worker.refreshHealth();
    return test::healthCheck(health.takeLast().at(0).value<QList<HealthCheck>>(), HealthCheckId::FileWatching);
}

} // namespace

class TestIndexWatch : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { qRegisterMetaType<IndexReport>(); }

    void aFileAppendedInPlaceIsIndexedWithinSeconds_oneWatchPerFolder()
    {
        // 60 files in 3 folders: 4 watches (root, 3 folders), none per file. A folder's watch
        // reports the append by the file's name; Qt's QFileSystemWatcher reported nothing for a
        // file without a watch of its own, and past ~48,000 files (a quarter of the user's inotify
        // watches here) no file had one.
        TestVault vault;
        for (int i = 0; i < 60; ++i)
            vault.write(QStringLiteral("f%1/n%2.md").arg(i % 3).arg(i), QStringLiteral("# N\n\nNote %1.\n").arg(i));
        IndexWorker worker(test::openIndexed(vault));
        QSignalSpy indexed(&worker, &IndexWorker::indexed);
        worker.start(kNoRescan);
        QTest::qWait(100);
        QCOMPARE(indexed.count(), 0); // nothing to catch up on
        QVERIFY(!worker.isRescanning());
        const HealthCheck watching = watchingHealth(worker);
        QCOMPARE(watching.detail, HealthDetail::WatchingFolders);
        QCOMPARE(watching.reason, QStringLiteral("4 folders watched"));

        QElapsedTimer clock;
        clock.start();
        append(vault, QStringLiteral("f1/n4.md"), "\nA line appended in place.\n");
        QTRY_COMPARE_WITH_TIMEOUT(changedIn(indexed), QStringList{QStringLiteral("f1/n4.md")}, 5000);
        QVERIFY2(clock.elapsed() < 5000, qPrintable(QString::number(clock.elapsed())));

        // Written over in place (truncated, not renamed) too.
        indexed.clear();
        QFile file(vault.filePath(QStringLiteral("f2/n5.md")));
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        QVERIFY(file.write("# N\n\nRewritten in place.\n") > 0);
        file.close();
        QTRY_COMPARE_WITH_TIMEOUT(changedIn(indexed), QStringList{QStringLiteral("f2/n5.md")}, 5000);
    }

    void aFileItsWriterKeepsOpenIsIndexedWhileStillOpen()
    {
        // A log appended through one descriptor held for the whole session: each write is an
        // in-place modification, and the close that would say "written" comes only at the end.
        TestVault vault;
        vault.write(QStringLiteral("notes/log.md"), QStringLiteral("# Log\n\nStart.\n"));
        IndexWorker worker(test::openIndexed(vault));
        QSignalSpy indexed(&worker, &IndexWorker::indexed);
        worker.start(kNoRescan);
        QTest::qWait(100);
        QFile file(vault.filePath(QStringLiteral("notes/log.md")));
        QVERIFY(file.open(QIODevice::Append | QIODevice::Unbuffered));
        QCOMPARE(file.write("\nA line, the file still open.\n"), 30);
        QTRY_COMPARE_WITH_TIMEOUT(changedIn(indexed), QStringList{QStringLiteral("notes/log.md")}, 5000);
        file.close();
    }

    void aFileWrittenWithoutPauseIsIndexedWhileItGrows()
    {
        // An agent's transcript gains a line every 20 ms: each write restarts the 30 ms wait that
        // gathers a burst, yet the file is looked at while the writing goes on.
        TestVault vault;
        vault.write(QStringLiteral("notes/log.md"), QStringLiteral("# Log\n\nStart.\n"));
        IndexWorker worker(test::openIndexed(vault));
        QSignalSpy indexed(&worker, &IndexWorker::indexed);
        worker.start(kNoRescan);
        QTest::qWait(100);
        for (int i = 0; i < 100 && indexed.isEmpty(); ++i) { // 2 s of writing at most
            append(vault, QStringLiteral("notes/log.md"), "\nAnother line.\n");
            QTest::qWait(20);
        }
        QVERIFY2(!indexed.isEmpty(), "not indexed while it was written");
    }

    void filesMadeRemovedAndRenamed_inNewFoldersToo()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/a.md"), QStringLiteral("# A\n\nApples.\n"));
        vault.write(QStringLiteral("gone/g.md"), QStringLiteral("# G\n\nGrapes.\n"));
        IndexWorker worker(test::openIndexed(vault));
        QSignalSpy indexed(&worker, &IndexWorker::indexed);
        worker.start(kNoRescan);
        QTest::qWait(100);

        // A file in a folder made just now, written at once (before any event was read).
        QVERIFY(QDir(vault.path()).mkpath(QStringLiteral("notes/new/deeper")));
        vault.write(QStringLiteral("notes/new/deeper/e.md"), QStringLiteral("# E\n\nElderberries.\n"));
        QTRY_COMPARE(changedIn(indexed), QStringList{QStringLiteral("notes/new/deeper/e.md")});
        // … and its folders are watched from then on: an append there is reported.
        indexed.clear();
        append(vault, QStringLiteral("notes/new/deeper/e.md"), "\nRipe.\n");
        QTRY_COMPARE(changedIn(indexed), QStringList{QStringLiteral("notes/new/deeper/e.md")});

        // Renamed and deleted: the old names leave, the new one comes.
        indexed.clear();
        writeAtomically(vault, QStringLiteral("notes/c.md"), "# C\n\nCherries.\n");
        QTRY_COMPARE(changedIn(indexed), QStringList{QStringLiteral("notes/c.md")});
        indexed.clear();
        QVERIFY(
            QFile::rename(vault.filePath(QStringLiteral("notes/c.md")), vault.filePath(QStringLiteral("notes/d.md"))));
        QVERIFY(vault.remove(QStringLiteral("notes/a.md")));
        QTRY_COMPARE(changedIn(indexed), (QStringList{QStringLiteral("notes/a.md"), QStringLiteral("notes/c.md"),
                                                      QStringLiteral("notes/d.md")}));

        // A folder removed takes its files with it.
        indexed.clear();
        QVERIFY(QDir(vault.filePath(QStringLiteral("gone"))).removeRecursively());
        QTRY_COMPARE(changedIn(indexed), QStringList{QStringLiteral("gone/g.md")});
    }

    void aFolderMovedWithinTheVaultIsWatchedUnderItsNewName()
    {
        TestVault vault;
        vault.write(QStringLiteral("old/sub/m.md"), QStringLiteral("# M\n\nMangoes.\n"));
        IndexWorker worker(test::openIndexed(vault));
        QSignalSpy indexed(&worker, &IndexWorker::indexed);
        worker.start(kNoRescan);
        QTest::qWait(100);

        QVERIFY(QDir(vault.path()).rename(QStringLiteral("old"), QStringLiteral("new")));
        QTRY_COMPARE(changedIn(indexed), (QStringList{QStringLiteral("new/sub/m.md"), QStringLiteral("old/sub/m.md")}));
        QTest::qWait(100);
        indexed.clear();
        // The watch on sub/ followed the folder: the append is named by the new path, not the old.
        append(vault, QStringLiteral("new/sub/m.md"), "\nSweet.\n");
        QTRY_COMPARE(changedIn(indexed), QStringList{QStringLiteral("new/sub/m.md")});
        QTest::qWait(200);
        QCOMPARE(changedIn(indexed), QStringList{QStringLiteral("new/sub/m.md")});
    }

    void aFolderMovedAway_leavesTheWatchOfAFolderWhoseNameStartsTheSame()
    {
        // notes/ moves away: its watch goes, notes-old/'s stays (a name that starts the same is no
        // folder under it). Watches after the move: the root, moved/ and notes-old/.
        TestVault vault;
        vault.write(QStringLiteral("notes/a.md"), QStringLiteral("# A\n\nApples.\n"));
        vault.write(QStringLiteral("notes-old/b.md"), QStringLiteral("# B\n\nBlueberries.\n"));
        IndexWorker worker(test::openIndexed(vault));
        QSignalSpy indexed(&worker, &IndexWorker::indexed);
        worker.start(kNoRescan);
        QTest::qWait(100);
        QCOMPARE(watchingHealth(worker).reason, QStringLiteral("3 folders watched"));

        QVERIFY(QDir(vault.path()).rename(QStringLiteral("notes"), QStringLiteral("moved")));
        QTRY_COMPARE(changedIn(indexed), (QStringList{QStringLiteral("moved/a.md"), QStringLiteral("notes/a.md")}));
        QCOMPARE(watchingHealth(worker).reason, QStringLiteral("3 folders watched"));
        indexed.clear();
        append(vault, QStringLiteral("notes-old/b.md"), "\nStill watched.\n");
        QTRY_COMPARE(changedIn(indexed), QStringList{QStringLiteral("notes-old/b.md")});
    }

    void aHiddenFolderMadeAfterTheStart_takesNoWatch()
    {
        // `git init` in a watched vault makes .git/ and folders under it: none of it is read by the
        // scanner, so none of it takes a watch of the user's limited supply. The note written after
        // it is reported after the folder's own event (one queue), so the count below is taken then.
        TestVault vault;
        vault.write(QStringLiteral("notes/a.md"), QStringLiteral("# A\n\nApples.\n"));
        IndexWorker worker(test::openIndexed(vault));
        QSignalSpy indexed(&worker, &IndexWorker::indexed);
        worker.start(kNoRescan);
        QTest::qWait(100);
        QCOMPARE(watchingHealth(worker).reason, QStringLiteral("2 folders watched"));

        QVERIFY(QDir(vault.path()).mkpath(QStringLiteral(".git/objects/pack")));
        vault.write(QStringLiteral("notes/b.md"), QStringLiteral("# B\n\nBlueberries.\n"));
        QTRY_COMPARE(changedIn(indexed), QStringList{QStringLiteral("notes/b.md")});
        QCOMPARE(watchingHealth(worker).reason, QStringLiteral("2 folders watched"));
    }

    void aFolderMovedOverAnother_itsFilesOfTheSameNamesAreReadAgain()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/a.md"), QStringLiteral("# A\n\nApples.\n"));
        vault.write(QStringLiteral("incoming/a.md"),
                    QStringLiteral("# A\n\nApricots, a longer note than the first.\n"));
        IndexWorker worker(test::openIndexed(vault));
        QSignalSpy indexed(&worker, &IndexWorker::indexed);
        worker.start(kNoRescan);
        QTest::qWait(100);

        // notes/ gets another folder's files under the same names: no file was written in place.
        QVERIFY(QDir(vault.path()).rename(QStringLiteral("notes"), QStringLiteral("before")));
        QVERIFY(QDir(vault.path()).rename(QStringLiteral("incoming"), QStringLiteral("notes")));
        QTRY_COMPARE(changedIn(indexed), (QStringList{QStringLiteral("before/a.md"), QStringLiteral("incoming/a.md"),
                                                      QStringLiteral("notes/a.md")}));
    }

    void aNoteWrittenWhileWatchingWasPaused_isIndexedWhenItResumes()
    {
        // With "Watch Vault for Changes" unchecked the watcher's events are not listened to;
        // resuming compares the whole vault at once, so the note written meanwhile is indexed then.
        TestVault vault;
        vault.write(QStringLiteral("notes/a.md"), QStringLiteral("# A\n\nApples.\n"));
        IndexWorker worker(test::openIndexed(vault));
        QSignalSpy indexed(&worker, &IndexWorker::indexed);
        worker.start(kNoRescan);
        QTest::qWait(100);

        worker.setWatching(false);
        vault.write(QStringLiteral("notes/b.md"), QStringLiteral("# B\n\nBlueberries.\n"));
        QTest::qWait(200); // the watcher's events come and are let go
        QCOMPARE(indexed.count(), 0);
        worker.setWatching(true);
        QCOMPARE(changedIn(indexed), QStringList{QStringLiteral("notes/b.md")});
    }

    void aSymlinkedFolder_keepsThePeriodicRescan()
    {
        // The scanner reads the folders under a symlinked folder; they have no watch of their own
        // (a link may loop back), so what changes there is found by the rescan.
        TestVault vault;
        vault.write(QStringLiteral("notes/a.md"), QStringLiteral("# A\n\nApples.\n"));
        QTemporaryDir elsewhere;
        QVERIFY(QDir(elsewhere.path()).mkpath(QStringLiteral("deeper")));
        QVERIFY(QFile::link(elsewhere.path(), vault.filePath(QStringLiteral("linked"))));
        IndexWorker worker(test::openIndexed(vault));
        worker.start(1000);
        QVERIFY(worker.isRescanning());

        QFile note(elsewhere.filePath(QStringLiteral("deeper/l.md")));
        QVERIFY(note.open(QIODevice::WriteOnly));
        QVERIFY(note.write("# L\n\nLimes.\n") > 0);
        note.close();
        QSignalSpy indexed(&worker, &IndexWorker::indexed);
        QTRY_VERIFY_WITH_TIMEOUT(changedIn(indexed).contains(QStringLiteral("linked/deeper/l.md")), 10000);
    }

    void theWorkbenchsAtomicSaveIsIndexedOnce()
    {
        // VaultBoundary writes a temporary and renames it over the note: the temporary's events
        // are not the index's business, and the note is indexed once.
        TestVault vault;
        vault.write(QStringLiteral("notes/a.md"), QStringLiteral("# A\n\nApples.\n"));
        IndexWorker worker(test::openIndexed(vault));
        QSignalSpy indexed(&worker, &IndexWorker::indexed);
        worker.start(kNoRescan);
        QTest::qWait(100);

        QVERIFY(VaultBoundary(vault.path()).writeFile(QStringLiteral("notes/a.md"), "# A\n\nApples, green.\n"));
        QTRY_COMPARE(changedIn(indexed), QStringList{QStringLiteral("notes/a.md")});
        QTest::qWait(300);
        QCOMPARE(changedIn(indexed), QStringList{QStringLiteral("notes/a.md")});
        QCOMPARE(QDir(vault.filePath(QStringLiteral("notes"))).entryList(QDir::Files),
                 QStringList{QStringLiteral("a.md")});
    }

    void anOverflowOfTheKernelsQueue_comparesTheWholeVault()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/a.md"), QStringLiteral("# A\n\nApples.\n"));
        vault.write(QStringLiteral("notes/b.md"), QStringLiteral("# B\n\nBananas.\n"));
        IndexWorker worker(test::openIndexed(vault));
        QSignalSpy indexed(&worker, &IndexWorker::indexed);
        worker.start(kNoRescan);
        QTest::qWait(100);

        // While the worker's thread reads nothing, more events than the kernel queues for one
        // inotify instance (fs.inotify.max_queued_events): two files in turn, as identical events
        // in a row are merged. What comes after the overflow is dropped, the new note's events too.
        QFile limit(QStringLiteral("/proc/sys/fs/inotify/max_queued_events"));
        QVERIFY(limit.open(QIODevice::ReadOnly));
        const int queued = limit.readAll().trimmed().toInt();
        QVERIFY2(queued > 0 && queued <= 1 << 20, qPrintable(QString::number(queued)));
        QFile a(vault.filePath(QStringLiteral("notes/a.md")));
        QFile b(vault.filePath(QStringLiteral("notes/b.md")));
        QVERIFY(a.open(QIODevice::Append | QIODevice::Unbuffered));
        QVERIFY(b.open(QIODevice::Append | QIODevice::Unbuffered));
        for (int i = 0; i < queued / 2 + 100; ++i) {
            QCOMPARE(a.write("a"), 1);
            QCOMPARE(b.write("b"), 1);
        }
        a.close();
        b.close();
        vault.write(QStringLiteral("notes/c.md"), QStringLiteral("# C\n\nCherries.\n"));

        // Only the whole comparison finds c.md: no event named it.
        QTRY_COMPARE_WITH_TIMEOUT(
            changedIn(indexed),
            (QStringList{QStringLiteral("notes/a.md"), QStringLiteral("notes/b.md"), QStringLiteral("notes/c.md")}),
            10000);
    }
};

QTEST_MAIN(TestIndexWatch)
#include "tst_indexwatch.moc"
