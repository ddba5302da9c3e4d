#include "TestVault.h"
#include "index/FileChanges.h"
#include "vault/EngineInternals.h"

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
};

QTEST_GUILESS_MAIN(TestFileChanges)
#include "tst_filechanges.moc"
