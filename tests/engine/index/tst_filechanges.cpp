#include "TestVault.h"
#include "index/FileChanges.h"
#include "vault/EngineInternals.h"

#include <QDir>
#include <QFile>
#include <QTest>

using namespace engram;
using test::TestVault;

namespace {

std::unique_ptr<Engine> openEngine(const TestVault &vault)
{
    auto engine = Engine::open(vault.path());
    if (!engine)
        qFatal("cannot open engine: %s", qPrintable(engine.error().toString()));
    return std::move(*engine);
}

QStringList pathsOf(const QList<VaultFile> &files)
{
    QStringList paths;
    for (const VaultFile &f : files)
        paths << f.relativePath;
    paths.sort();
    return paths;
}

void touch(const TestVault &vault, const QString &relative, const QDateTime &when)
{
    QFile f(vault.filePath(relative));
    QVERIFY(f.open(QIODevice::ReadWrite));
    QVERIFY(f.setFileTime(when, QFileDevice::FileModificationTime));
}

QStringList sorted(QStringList paths)
{
    paths.sort();
    return paths;
}

/// notes/ with three files and a subfolder, other/ with one: indexed.
std::unique_ptr<Engine> indexedFolders(TestVault &vault)
{
    vault.write(QStringLiteral("notes/a.md"), QStringLiteral("# A\n\nApples.\n"));
    vault.write(QStringLiteral("notes/b.md"), QStringLiteral("# B\n\nBananas.\n"));
    vault.write(QStringLiteral("notes/c.md"), QStringLiteral("# C\n\nCherries.\n"));
    vault.write(QStringLiteral("notes/sub/deep.md"), QStringLiteral("# Deep\n\nDates.\n"));
    vault.write(QStringLiteral("notes/sub/deeper/z.md"), QStringLiteral("# Z\n\nZucchini.\n"));
    vault.write(QStringLiteral("other/x.md"), QStringLiteral("# X\n\nXigua.\n"));
    vault.write(QStringLiteral("top.md"), QStringLiteral("# Top\n\nTangerines.\n"));
    auto engine = openEngine(vault);
    if (engine->index().indexed != 7)
        qFatal("the fixture vault did not index");
    return engine;
}

} // namespace

class TestFileChanges : public QObject {
    Q_OBJECT
private slots:
    void compare_sortsEachFileIntoOneKind()
    {
        const QList<VaultFile> scanned{{QStringLiteral("same.md"), {}, 10, 1000},
                                       {QStringLiteral("grown.md"), {}, 12, 1000},
                                       {QStringLiteral("touched.md"), {}, 10, 2000},
                                       {QStringLiteral("new.md"), {}, 5, 1000},
                                       {QStringLiteral("broken.md"), {}, 5, 1000}};
        QHash<QString, FileRecord> known;
        for (const QString &path : {QStringLiteral("same.md"), QStringLiteral("grown.md"), QStringLiteral("touched.md"),
                                    QStringLiteral("gone.md")})
            known.insert(path, FileRecord{0, path, 10, 1000, {}, {}, {}, 1});

        const FileChanges changes = FileChanges::compare(scanned, known, {QStringLiteral("broken.md")});

        QCOMPARE(pathsOf(changes.added), QStringList{QStringLiteral("new.md")});
        QCOMPARE(pathsOf(changes.modified), (QStringList{QStringLiteral("grown.md"), QStringLiteral("touched.md")}));
        QCOMPARE(pathsOf(changes.unchanged), QStringList{QStringLiteral("same.md")});
        QCOMPARE(pathsOf(changes.failed), QStringList{QStringLiteral("broken.md")});
        QCOMPARE(changes.removed, QStringList{QStringLiteral("gone.md")});
        QStringList changed = changes.changedPaths();
        changed.sort();
        QCOMPARE(changed, (QStringList{QStringLiteral("gone.md"), QStringLiteral("grown.md"), QStringLiteral("new.md"),
                                       QStringLiteral("touched.md")}));
        QVERIFY(!changes.isEmpty());
        QVERIFY(FileChanges::compare({scanned.first()},
                                     {{QStringLiteral("same.md"), known.value(QStringLiteral("same.md"))}}, {})
                    .isEmpty());
    }

    void changesOnDisk_followsTheVaultAfterAnIndex()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/a.md"), QStringLiteral("# A\n\nApples.\n"));
        vault.write(QStringLiteral("notes/b.md"), QStringLiteral("# B\n\nBananas.\n"));
        auto engine = openEngine(vault);
        QCOMPARE(engine->changesOnDisk().changedPaths().size(), 2); // nothing indexed yet
        QVERIFY(!engine->index().error);
        QVERIFY(engine->changesOnDisk().isEmpty());

        vault.write(QStringLiteral("notes/c.md"), QStringLiteral("# C\n\nCherries.\n"));
        vault.write(QStringLiteral("notes/a.md"), QStringLiteral("# A\n\nApples, and more apples.\n"));
        touch(vault, QStringLiteral("notes/a.md"), QDateTime::currentDateTime().addSecs(60));
        QVERIFY(vault.remove(QStringLiteral("notes/b.md")));
        const FileChanges changes = engine->changesOnDisk();
        QCOMPARE(pathsOf(changes.added), QStringList{QStringLiteral("notes/c.md")});
        QCOMPARE(pathsOf(changes.modified), QStringList{QStringLiteral("notes/a.md")});
        QCOMPARE(changes.removed, QStringList{QStringLiteral("notes/b.md")});

        // The indexer acts on the same answer: what it (re)indexes and removes is what was listed.
        const IndexReport report = engine->index();
        QCOMPARE(report.indexed, 2);
        QCOMPARE(report.removed, 1);
        QCOMPARE(report.unchanged, 0);
        QVERIFY(engine->changesOnDisk().isEmpty());
    }

    void changesOnDisk_doesNotRetryAFileThatFailed()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/ok.md"), QStringLiteral("# Fine\n\nText.\n"));
        vault.write(QStringLiteral("notes/bad.md"), QByteArray("# Bad\n\nBroken \xff\xfe bytes.\n")); // not UTF-8
        auto engine = openEngine(vault);
        const IndexReport report = engine->index();
        QCOMPARE(report.failed, 1);
        // A file that failed stays out of the index; the workbench does not re-index it on every rescan,
        // and health does not count it as new.
        const FileChanges changes = engine->changesOnDisk();
        QVERIFY2(changes.isEmpty(), qPrintable(changes.changedPaths().join(u' ')));
        QCOMPARE(pathsOf(changes.failed), QStringList{QStringLiteral("notes/bad.md")});
    }

    void changesIn_findsAddModifyDeleteAndRenameInTheFolderNamedAndNothingElse()
    {
        TestVault vault;
        auto engine = indexedFolders(vault);
        vault.write(QStringLiteral("notes/new.md"), QStringLiteral("# New\n\nNectarines.\n"));
        vault.write(QStringLiteral("notes/a.md"), QStringLiteral("# A\n\nApples, and more apples.\n"));
        QVERIFY(vault.remove(QStringLiteral("notes/b.md")));
        QVERIFY(QDir(vault.path()).rename(QStringLiteral("notes/c.md"), QStringLiteral("notes/c2.md")));
        // Elsewhere: another folder, a subfolder the index knows, the root.
        vault.write(QStringLiteral("other/x.md"), QStringLiteral("# X\n\nXigua, sliced.\n"));
        vault.write(QStringLiteral("other/y.md"), QStringLiteral("# Y\n\nYuzu.\n"));
        vault.write(QStringLiteral("notes/sub/deep.md"), QStringLiteral("# Deep\n\nDates, dried.\n"));
        vault.write(QStringLiteral("top.md"), QStringLiteral("# Top\n\nTangerines, peeled.\n"));

        const FileChanges changes = engine->changesIn({QStringLiteral("notes")});

        QCOMPARE(pathsOf(changes.added), (QStringList{QStringLiteral("notes/c2.md"), QStringLiteral("notes/new.md")}));
        QCOMPARE(pathsOf(changes.modified), QStringList{QStringLiteral("notes/a.md")});
        QCOMPARE(changes.removed, (QStringList{QStringLiteral("notes/b.md"), QStringLiteral("notes/c.md")}));
        QVERIFY(changes.newFolders.isEmpty());
        // The whole vault has more to say: what the scope left out was really there.
        QCOMPARE(engine->changesOnDisk().changedPaths().size(), 9);
    }

    void changesIn_takesASubfolderMadeOrGoneWhole()
    {
        TestVault vault;
        auto engine = indexedFolders(vault);
        QVERIFY(QDir(vault.path()).rename(QStringLiteral("notes/sub"), QStringLiteral("notes/moved")));
        QVERIFY(QDir(vault.path()).mkpath(QStringLiteral("notes/empty")));

        const FileChanges changes = engine->changesIn({QStringLiteral("notes")});

        QCOMPARE(pathsOf(changes.added),
                 (QStringList{QStringLiteral("notes/moved/deep.md"), QStringLiteral("notes/moved/deeper/z.md")}));
        QCOMPARE(changes.removed,
                 (QStringList{QStringLiteral("notes/sub/deep.md"), QStringLiteral("notes/sub/deeper/z.md")}));
        QVERIFY(changes.modified.isEmpty());
        QCOMPARE(sorted(changes.newFolders),
                 (QStringList{QStringLiteral("notes/empty"), QStringLiteral("notes/moved")}));
    }

    void changesIn_comparesAFileAloneAndEmptiesAFolderThatIsGone()
    {
        TestVault vault;
        auto engine = indexedFolders(vault);
        vault.write(QStringLiteral("other/x.md"), QStringLiteral("# X\n\nXigua, sliced.\n"));
        vault.write(QStringLiteral("notes/a.md"), QStringLiteral("# A\n\nApples, and more apples.\n"));
        const FileChanges one = engine->changesIn({QStringLiteral("other/x.md")});
        QCOMPARE(pathsOf(one.modified), QStringList{QStringLiteral("other/x.md")});
        QCOMPARE(one.changedPaths().size(), 1);

        QVERIFY(QDir(vault.filePath(QStringLiteral("notes/sub"))).removeRecursively());
        const FileChanges gone = engine->changesIn({QStringLiteral("notes/sub")});
        QCOMPARE(gone.removed,
                 (QStringList{QStringLiteral("notes/sub/deep.md"), QStringLiteral("notes/sub/deeper/z.md")}));
        QCOMPARE(gone.changedPaths().size(), 2);
    }

    void changesIn_theRootIsItsOwnFilesAndHiddenFoldersAreNeverLookedAt()
    {
        TestVault vault;
        auto engine = indexedFolders(vault);
        vault.write(QStringLiteral("top.md"), QStringLiteral("# Top\n\nTangerines, peeled.\n"));
        vault.write(QStringLiteral("notes/a.md"), QStringLiteral("# A\n\nApples, and more apples.\n"));
        vault.write(QStringLiteral(".hidden/h.md"), QStringLiteral("# H\n\nHidden.\n"));
        vault.write(QStringLiteral("state/s.md"), QStringLiteral("# S\n\nState.\n"));

        const FileChanges root = engine->changesIn({QString()});
        QCOMPARE(pathsOf(root.modified), QStringList{QStringLiteral("top.md")});
        QCOMPARE(root.changedPaths().size(), 1);
        QVERIFY2(root.newFolders.isEmpty(), qPrintable(root.newFolders.join(u' '))); // not .hidden/, not state/
        QVERIFY(engine->changesIn({QStringLiteral(".hidden"), QStringLiteral("state"), QStringLiteral("../x")})
                    .changedPaths()
                    .isEmpty());
    }

    void changesIn_withAWatchOnEachFileReadsOnlyTheNamesOfKnownOnes()
    {
        TestVault vault;
        auto engine = indexedFolders(vault);
        vault.write(QStringLiteral("notes/a.md"), QStringLiteral("# A\n\nApples, and more apples.\n"));
        vault.write(QStringLiteral("notes/new.md"), QStringLiteral("# New\n\nNectarines.\n"));
        QVERIFY(vault.remove(QStringLiteral("notes/b.md")));

        const FileChanges changes = engine->changesIn({QStringLiteral("notes")}, FileChanges::KnownFiles::WatchedEach);

        // a.md changed in place: its own watch names it (and then it is compared alone).
        QVERIFY(changes.modified.isEmpty());
        QCOMPARE(pathsOf(changes.unchanged), (QStringList{QStringLiteral("notes/a.md"), QStringLiteral("notes/c.md")}));
        QCOMPARE(pathsOf(changes.added), QStringList{QStringLiteral("notes/new.md")});
        QVERIFY(changes.added.first().size > 0);
        QCOMPARE(changes.removed, QStringList{QStringLiteral("notes/b.md")});
        // Named by its watch as well as by its folder's: compared, in whichever order they come.
        for (const QStringList &named : {QStringList{QStringLiteral("notes"), QStringLiteral("notes/a.md")},
                                         QStringList{QStringLiteral("notes/a.md"), QStringLiteral("notes")}})
            QCOMPARE(pathsOf(engine->changesIn(named, FileChanges::KnownFiles::WatchedEach).modified),
                     QStringList{QStringLiteral("notes/a.md")});
    }
};

QTEST_GUILESS_MAIN(TestFileChanges)
#include "tst_filechanges.moc"
