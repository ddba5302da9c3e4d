#include "EngineFixtures.h"
#include "OutsideLinks.h"
#include "TestVault.h"
#include "agent/MemoryWriter.h"
#include "core/VaultLock.h"
#include "dynamics/MemoryDynamics.h"
#include "vault/EngineInternals.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTest>

using namespace engram;
using test::openEngine;
using test::OutsideLinks;
using test::recalledPaths;
using test::TestVault;

namespace {

RememberRequest request(const QString &title, const QString &content)
{
    RememberRequest r;
    r.title = title;
    r.content = content;
    return r;
}

} // namespace

class TestMemoryWriter : public QObject {
    Q_OBJECT
private slots:
    void remember_writesFrontMatterAndIndexes()
    {
        TestVault vault;
        auto engine = openEngine(vault);
        engine->setClock([] { return QDateTime(QDate(2026, 3, 1), QTime(9, 30), Qt::UTC); });
        RememberRequest r =
            request(QStringLiteral("Database choice"), QStringLiteral("We chose SQLite with FTS5 for the index."));
        r.store = QStringLiteral("semantic");
        r.category = QStringLiteral("decision");
        r.tags = {QStringLiteral("storage"), QStringLiteral("db")};
        r.valence = 0.5;
        r.confidence = 0.9;
        r.project = QStringLiteral("engram");
        auto path = MemoryWriter(*engine).remember(r);
        QVERIFY2(path.ok(), qPrintable(path.ok() ? QString() : path.error().toString()));
        QCOMPARE(*path, QStringLiteral("memories/semantic/database-choice.md"));
        const QString text = QString::fromUtf8(vault.read(*path));
        QVERIFY(text.startsWith(QLatin1String("---\ntitle: Database choice\nstore: semantic\ncategory: decision\n")));
        QVERIFY(text.contains(QLatin1String("tags: [storage, db]")));
        QVERIFY(text.contains(QLatin1String("created: 2026-03-01T09:30:00Z")));
        QVERIFY(text.contains(QLatin1String("project: engram")));
        QVERIFY(text.endsWith(QLatin1String("We chose SQLite with FTS5 for the index.\n")));
        const QList<Chunk> chunks = internals(*engine).store().chunksOfFile(*path);
        QCOMPARE(chunks.size(), 1);
        QCOMPARE(chunks[0].tags.store.value, QStringLiteral("semantic"));
        QVERIFY(chunks[0].tags.store.isExplicit);
        QCOMPARE(chunks[0].tags.category.value, QStringLiteral("decision"));
        QVERIFY(recalledPaths(*engine, QStringLiteral("which database for the index")).contains(*path));
    }

    void remember_whileAnotherProcessHoldsTheIndex_keepsTheMemoryAndSaysItIsNotSearchableYet()
    {
        TestVault vault;
        auto engine = openEngine(vault);
        auto held = VaultLock::acquire(vault.path(), VaultLock::Kind::Index, 0);
        QVERIFY(held);
        engine->setLockTimeout(100);
        MemoryWriter::Outcome outcome;
        auto path = MemoryWriter(*engine).remember(
            request(QStringLiteral("Heron"), QStringLiteral("The grey heron fishes at the weir at dawn.")), &outcome);
        QVERIFY2(path.ok(), qPrintable(path.ok() ? QString() : path.error().toString()));
        QVERIFY(vault.read(*path).contains("grey heron fishes at the weir"));
        QVERIFY(outcome.notIndexed);
        QVERIFY2(outcome.notIndexed->message.contains(QLatin1String("is writing this vault's index")),
                 qPrintable(outcome.notIndexed->toString()));
        QCOMPARE(outcome.chunks, qint64(0));
        // The next run takes it.
        held->reset();
        QVERIFY(!engine->index().error);
        QVERIFY(recalledPaths(*engine, QStringLiteral("heron at the weir")).contains(*path));
    }

    void cli_rememberWhileTheIndexIsBusy_succeedsAndSaysSo()
    {
        TestVault vault;
        auto held = VaultLock::acquire(vault.path(), VaultLock::Kind::Index, 0);
        QVERIFY(held);
        QProcess cli;
        cli.start(QStringLiteral(ENGRAM_CLI_PATH),
                  {QStringLiteral("remember"), QStringLiteral("--vault"), vault.path(), QStringLiteral("--title"),
                   QStringLiteral("Heron"), QStringLiteral("The heron fishes at the weir.")});
        QVERIFY(cli.waitForFinished(60000)); // the default wait is 10 s
        const QByteArray err = cli.readAllStandardError();
        QVERIFY2(cli.exitCode() == 0, err.constData());
        QVERIFY2(err.contains("memories/episodic/heron.md is written but not searchable yet"), err.constData());
        QVERIFY(QFile::exists(vault.filePath(QStringLiteral("memories/episodic/heron.md"))));
    }

    void remember_resolvesCollisionsWithoutOverwriting()
    {
        TestVault vault;
        auto engine = openEngine(vault);
        MemoryWriter writer(*engine);
        auto first = writer.remember(request(QStringLiteral("Same title"), QStringLiteral("first")));
        auto second = writer.remember(request(QStringLiteral("Same title"), QStringLiteral("second")));
        auto third = writer.remember(request(QStringLiteral("Same title"), QStringLiteral("third")));
        QVERIFY(first.ok() && second.ok() && third.ok());
        QCOMPARE(*first, QStringLiteral("memories/episodic/same-title.md"));
        QCOMPARE(*second, QStringLiteral("memories/episodic/same-title-2.md"));
        QCOMPARE(*third, QStringLiteral("memories/episodic/same-title-3.md"));
        QVERIFY(vault.read(*first).contains("first"));
        QVERIFY(vault.read(*second).contains("second"));
    }

    void remember_namesCannotEscapeTheVault()
    {
        TestVault vault;
        auto engine = openEngine(vault);
        MemoryWriter writer(*engine);
        auto path = writer.remember(request(QStringLiteral("../../etc/passwd"), QStringLiteral("nope")));
        QVERIFY(path.ok());
        QCOMPARE(*path, QStringLiteral("memories/episodic/etc-passwd.md"));
        auto dots = writer.remember(request(QStringLiteral(".."), QStringLiteral("only dots")));
        QVERIFY(dots.ok());
        QCOMPARE(*dots, QStringLiteral("memories/episodic/memory.md"));
        QCOMPARE(MemoryWriter::slugify(QStringLiteral("Crème brûlée / recipe: v2!")),
                 QStringLiteral("creme-brulee-recipe-v2"));
        QVERIFY(!MemoryWriter::checkRelativePath(QStringLiteral("../outside.md")).ok());
        QVERIFY(!MemoryWriter::checkRelativePath(QStringLiteral("/etc/passwd")).ok());
        QVERIFY(!MemoryWriter::checkRelativePath(QStringLiteral("notes/../../x.md")).ok());
        QVERIFY(!MemoryWriter::checkRelativePath(QStringLiteral(".engram/index.db")).ok());
        QVERIFY(MemoryWriter::checkRelativePath(QStringLiteral("notes/x.md")).ok());
        QVERIFY(!writer.forget(QStringLiteral("../outside.md")).ok());
    }

    void remember_rejectsInvalidRequestsAsValues()
    {
        TestVault vault;
        auto engine = openEngine(vault);
        MemoryWriter writer(*engine);
        RememberRequest r = request(QStringLiteral("x"), QStringLiteral("y"));
        r.store = QStringLiteral("longterm");
        QVERIFY(writer.remember(r).error().message.contains(QLatin1String("store")));
        r = request(QStringLiteral("x"), QStringLiteral("   "));
        QVERIFY(writer.remember(r).error().message.contains(QLatin1String("empty")));
        r = request(QStringLiteral("x"), QStringLiteral("y"));
        r.valence = 1.5;
        QVERIFY(writer.remember(r).error().message.contains(QLatin1String("valence")));
        r = request(QStringLiteral("x"), QStringLiteral("y"));
        r.category = QStringLiteral("gossip");
        QVERIFY(writer.remember(r).error().message.contains(QLatin1String("category")));
        r = request(QStringLiteral("x"), QStringLiteral("y"));
        r.supersedes = QStringLiteral("memories/episodic/missing.md");
        QVERIFY(writer.remember(r).error().message.contains(QLatin1String("does not exist")));
        QVERIFY(!QDir(vault.filePath(QStringLiteral("memories/episodic"))).exists()
                || QDir(vault.filePath(QStringLiteral("memories/episodic"))).isEmpty());
    }

    void forget_archivesAndRestoreBringsBack()
    {
        TestVault vault;
        auto engine = openEngine(vault);
        MemoryWriter writer(*engine);
        auto path = writer.remember(
            request(QStringLiteral("Pelican"), QStringLiteral("The pelican named Gus lives by the pier.")));
        QVERIFY(path.ok());
        const QByteArray content = vault.read(*path);
        QVERIFY(recalledPaths(*engine, QStringLiteral("pelican Gus")).contains(*path));

        QVERIFY(writer.forget(*path).ok());
        QVERIFY(!QFile::exists(vault.filePath(*path)));
        const QString archived = QStringLiteral("archive/") + *path;
        QCOMPARE(vault.read(archived), content);
        QVERIFY(!recalledPaths(*engine, QStringLiteral("pelican Gus"), true).contains(*path));
        QVERIFY(vault.read(Journal(vault.path()).relativePath()).contains("\"type\":\"forget\""));
        QCOMPARE(internals(*engine).dynamics().originalOfArchived(archived), *path);
        // a full index run does not bring the archive back
        engine->index();
        QVERIFY(recalledPaths(*engine, QStringLiteral("pelican Gus"), true).isEmpty());

        QVERIFY(writer.restore(archived).ok());
        QCOMPARE(vault.read(*path), content);
        QVERIFY(!QFile::exists(vault.filePath(archived)));
        QVERIFY(recalledPaths(*engine, QStringLiteral("pelican Gus")).contains(*path));
        QVERIFY(!writer.restore(archived).ok());
    }

    void purge_deletesForGood()
    {
        TestVault vault;
        auto engine = openEngine(vault);
        MemoryWriter writer(*engine);
        auto path = writer.remember(request(QStringLiteral("Secret"), QStringLiteral("The vault code is 4711.")));
        QVERIFY(path.ok());
        QVERIFY(writer.forget(*path).ok());
        QVERIFY(writer.purge(QStringLiteral("archive/") + *path).ok());
        QVERIFY(!QFile::exists(vault.filePath(QStringLiteral("archive/") + *path)));
        QVERIFY(internals(*engine).dynamics().originalOfArchived(QStringLiteral("archive/") + *path).isEmpty());
        auto live = writer.remember(request(QStringLiteral("Other"), QStringLiteral("Another vault code 1234.")));
        QVERIFY(writer.purge(*live).ok());
        QVERIFY(!QFile::exists(vault.filePath(*live)));
        QVERIFY(recalledPaths(*engine, QStringLiteral("vault code"), true).isEmpty());
    }

    void cli_purgeNeedsConfirmation()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/keep.md"), QStringLiteral("# Keep\n\nImportant.\n"));
        QProcess cli;
        cli.setStandardInputFile(QProcess::nullDevice());
        cli.start(QStringLiteral(ENGRAM_CLI_PATH), {QStringLiteral("forget"), QStringLiteral("--vault"), vault.path(),
                                                    QStringLiteral("--purge"), QStringLiteral("notes/keep.md")});
        QVERIFY(cli.waitForFinished(30000));
        QVERIFY(cli.exitCode() != 0);
        QVERIFY(QFile::exists(vault.filePath(QStringLiteral("notes/keep.md"))));
        cli.start(QStringLiteral(ENGRAM_CLI_PATH),
                  {QStringLiteral("forget"), QStringLiteral("--vault"), vault.path(), QStringLiteral("--purge"),
                   QStringLiteral("--yes"), QStringLiteral("notes/keep.md")});
        QVERIFY(cli.waitForFinished(30000));
        QCOMPARE(cli.exitCode(), 0);
        QVERIFY(!QFile::exists(vault.filePath(QStringLiteral("notes/keep.md"))));
    }

    void cli_rememberPrintsThePath()
    {
        TestVault vault;
        QProcess cli;
        cli.start(QStringLiteral(ENGRAM_CLI_PATH),
                  {QStringLiteral("remember"), QStringLiteral("--vault"), vault.path(), QStringLiteral("--store"),
                   QStringLiteral("procedural"), QStringLiteral("--title"), QStringLiteral("Deploy"),
                   QStringLiteral("Build, then upload.")});
        QVERIFY(cli.waitForFinished(30000));
        QCOMPARE(cli.exitCode(), 0);
        QVERIFY(cli.readAllStandardOutput().contains("memories/procedural/deploy.md"));
        QVERIFY(QFile::exists(vault.filePath(QStringLiteral("memories/procedural/deploy.md"))));
    }

    // The vault boundary: nothing outside the vault is
    // moved, deleted or written, whichever link leads there.

    void forget_refusesPathThroughFolderLinkOutsideVault()
    {
        TestVault vault;
        OutsideLinks outside;
        outside.linkFolder(vault, QStringLiteral("notes/linked"));
        auto engine = openEngine(vault);
        const Status s = MemoryWriter(*engine).forget(QStringLiteral("notes/linked/keep.md"));
        QVERIFY(!s.ok());
        QVERIFY2(s.error().toString().contains(QLatin1String("notes/linked/keep.md resolves to "))
                     && s.error().toString().contains(QLatin1String("outside the vault")),
                 qPrintable(s.error().toString()));
        QVERIFY2(outside.untouched(), qPrintable(outside.listing()));
        QVERIFY(!QFileInfo::exists(vault.filePath(QStringLiteral("archive/notes/linked/keep.md"))));
    }

    void forget_movesAFileLinkItselfNeverItsTarget()
    {
        TestVault vault;
        OutsideLinks outside;
        outside.linkKeep(vault, QStringLiteral("notes/keep-link.md"));
        auto engine = openEngine(vault);
        QVERIFY(MemoryWriter(*engine).forget(QStringLiteral("notes/keep-link.md")).ok());
        QVERIFY2(outside.untouched(), qPrintable(outside.listing()));
        const QFileInfo archived(vault.filePath(QStringLiteral("archive/notes/keep-link.md")));
        QVERIFY(archived.isSymLink());
        QCOMPARE(archived.symLinkTarget(), outside.keepPath());
    }

    void forget_refusesArchiveFolderLinkedOutside()
    {
        TestVault vault;
        OutsideLinks outside;
        auto engine = openEngine(vault);
        MemoryWriter writer(*engine);
        auto path = writer.remember(request(QStringLiteral("Heron"), QStringLiteral("A heron stands in the reeds.")));
        QVERIFY(path.ok());
        outside.linkFolder(vault, QStringLiteral("archive"));
        const Status s = writer.forget(*path);
        QVERIFY(!s.ok());
        QVERIFY2(s.error().toString().contains(QLatin1String("outside the vault")), qPrintable(s.error().toString()));
        QVERIFY2(outside.untouched(), qPrintable(outside.listing()));
        QVERIFY(QFileInfo::exists(vault.filePath(*path)));
    }

    void restore_refusesFolderLinkedOutside()
    {
        TestVault vault;
        OutsideLinks outside;
        auto engine = openEngine(vault);
        MemoryWriter writer(*engine);
        auto path = writer.remember(request(QStringLiteral("Egret"), QStringLiteral("An egret fishes at dawn.")));
        QVERIFY(path.ok());
        QVERIFY(writer.forget(*path).ok());
        QVERIFY(QDir(vault.filePath(QStringLiteral("memories/episodic"))).removeRecursively());
        outside.linkFolder(vault, QStringLiteral("memories/episodic"));
        const QString archived = QStringLiteral("archive/") + *path;
        const Status s = writer.restore(archived);
        QVERIFY(!s.ok());
        QVERIFY2(s.error().toString().contains(*path)
                     && s.error().toString().contains(QLatin1String("outside the vault")),
                 qPrintable(s.error().toString()));
        QVERIFY2(outside.untouched(), qPrintable(outside.listing()));
        QVERIFY(QFileInfo::exists(vault.filePath(archived)));
    }

    void purge_refusesPathThroughFolderLinkOutsideVault()
    {
        TestVault vault;
        OutsideLinks outside;
        outside.linkFolder(vault, QStringLiteral("notes/linked"));
        auto engine = openEngine(vault);
        const Status s = MemoryWriter(*engine).purge(QStringLiteral("notes/linked/keep.md"));
        QVERIFY(!s.ok());
        QVERIFY2(s.error().toString().contains(QLatin1String("notes/linked/keep.md resolves to ")),
                 qPrintable(s.error().toString()));
        QVERIFY2(outside.untouched(), qPrintable(outside.listing()));
    }

    void purge_deletesAFileLinkItselfNeverItsTarget()
    {
        TestVault vault;
        OutsideLinks outside;
        outside.linkKeep(vault, QStringLiteral("notes/keep-link.md"));
        auto engine = openEngine(vault);
        QVERIFY(MemoryWriter(*engine).purge(QStringLiteral("notes/keep-link.md")).ok());
        QVERIFY(!QFileInfo(vault.filePath(QStringLiteral("notes/keep-link.md"))).isSymLink());
        QVERIFY2(outside.untouched(), qPrintable(outside.listing()));
    }

    void remember_refusesStoreFolderLinkedOutside()
    {
        TestVault vault;
        OutsideLinks outside;
        outside.linkFolder(vault, QStringLiteral("memories/episodic"));
        auto engine = openEngine(vault);
        auto path =
            MemoryWriter(*engine).remember(request(QStringLiteral("Crane"), QStringLiteral("Cranes fly south.")));
        QVERIFY(!path.ok());
        QVERIFY2(path.error().toString().contains(QLatin1String("memories/episodic resolves to "))
                     && path.error().toString().contains(QLatin1String("outside the vault")),
                 qPrintable(path.error().toString()));
        QVERIFY2(outside.untouched(), qPrintable(outside.listing()));
    }

    void remember_neverWritesThroughABrokenLinkOutside()
    {
        TestVault vault;
        OutsideLinks outside;
        OutsideLinks::link(vault, QStringLiteral("memories/episodic/stork.md"),
                           outside.folder() + QStringLiteral("/stork.md"));
        auto engine = openEngine(vault);
        auto path = MemoryWriter(*engine).remember(request(QStringLiteral("Stork"), QStringLiteral("Storks nest.")));
        QVERIFY2(path.ok(), qPrintable(path.ok() ? QString() : path.error().toString()));
        QCOMPARE(*path,
                 QStringLiteral("memories/episodic/stork-2.md")); // the link's name is taken, not written through
        QVERIFY2(outside.untouched(), qPrintable(outside.listing()));
    }

    void cli_forgetAndPurgeRefusePathThroughFolderLinkOutsideVault()
    {
        TestVault vault;
        OutsideLinks outside;
        outside.linkFolder(vault, QStringLiteral("linked"));
        for (const QStringList &extra :
             {QStringList{}, QStringList{QStringLiteral("--purge"), QStringLiteral("--yes")}}) {
            QProcess cli;
            cli.setStandardInputFile(QProcess::nullDevice());
            cli.start(QStringLiteral(ENGRAM_CLI_PATH),
                      QStringList{QStringLiteral("forget"), QStringLiteral("--vault"), vault.path()} + extra
                          + QStringList{QStringLiteral("linked/keep.md")});
            QVERIFY(cli.waitForFinished(30000));
            const QString err = QString::fromUtf8(cli.readAllStandardError());
            QVERIFY2(cli.exitCode() != 0, qPrintable(extra.join(QLatin1Char(' '))));
            QVERIFY2(err.contains(QLatin1String("linked/keep.md resolves to ")), qPrintable(err));
            QVERIFY2(outside.untouched(), qPrintable(outside.listing()));
        }
    }

    void cli_rememberAndRestoreRefuseFolderLinkedOutside()
    {
        TestVault vault;
        OutsideLinks outside;
        auto run = [](const QStringList &arguments) {
            QProcess cli;
            cli.setStandardInputFile(QProcess::nullDevice());
            cli.start(QStringLiteral(ENGRAM_CLI_PATH), arguments);
            if (!cli.waitForFinished(30000))
                qFatal("engram-cli did not finish");
            return std::make_pair(cli.exitCode(), QString::fromUtf8(cli.readAllStandardError()));
        };
        const QString vaultPath = vault.path();
        // A memory written and forgotten through the CLI, then its folder swapped for a link out.
        QCOMPARE(run({QStringLiteral("remember"), QStringLiteral("--vault"), vaultPath, QStringLiteral("--title"),
                      QStringLiteral("Ibis"), QStringLiteral("An ibis probes the mud.")})
                     .first,
                 0);
        QCOMPARE(run({QStringLiteral("forget"), QStringLiteral("--vault"), vaultPath,
                      QStringLiteral("memories/episodic/ibis.md")})
                     .first,
                 0);
        QVERIFY(QDir(vault.filePath(QStringLiteral("memories/episodic"))).removeRecursively());
        outside.linkFolder(vault, QStringLiteral("memories/episodic"));
        const auto restored = run({QStringLiteral("restore"), QStringLiteral("--vault"), vaultPath,
                                   QStringLiteral("archive/memories/episodic/ibis.md")});
        QVERIFY(restored.first != 0);
        QVERIFY2(restored.second.contains(QLatin1String("memories/episodic/ibis.md resolves to ")),
                 qPrintable(restored.second));
        const auto remembered =
            run({QStringLiteral("remember"), QStringLiteral("--vault"), vaultPath, QStringLiteral("--title"),
                 QStringLiteral("Spoonbill"), QStringLiteral("A spoonbill sweeps the shallows.")});
        QVERIFY(remembered.first != 0);
        QVERIFY2(remembered.second.contains(QLatin1String("memories/episodic resolves to ")),
                 qPrintable(remembered.second));
        QVERIFY2(outside.untouched(), qPrintable(outside.listing()));
        QVERIFY(QFileInfo::exists(vault.filePath(QStringLiteral("archive/memories/episodic/ibis.md"))));
    }
};

QTEST_GUILESS_MAIN(TestMemoryWriter)
#include "tst_memorywriter.moc"
