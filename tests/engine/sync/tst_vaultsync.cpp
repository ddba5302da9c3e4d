#include "EngineFixtures.h"
#include "GitSandbox.h"
#include "ingest/ConflictMarkers.h"
#include "sync/CommitMessage.h"
#include "sync/VaultSync.h"
#include "vault/Engine.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTest>

using namespace engram;
using test::GitSandbox;

namespace {

using test::readFile;
using test::writeFile;

QString head(const QString &repository)
{
    return QString::fromUtf8(GitSandbox::git(repository, {QStringLiteral("rev-parse"), QStringLiteral("HEAD")}))
        .trimmed();
}

QByteArray describe(const SyncReport &report)
{
    return report.toText().toUtf8();
}

/// A vault made a repository with `remote` as origin and synced once (its first commit pushed).
QString startVault(GitSandbox &sandbox, const QString &name, const QString &remote)
{
    const QString vault = QDir(sandbox.root()).filePath(name);
    QDir().mkpath(vault);
    writeFile(vault, QStringLiteral("notes/start.md"), "# Start\n\nThe first note.\n");
    VaultSync sync(vault);
    auto made = sync.init(remote);
    if (!made)
        qWarning("%s", qPrintable(made.error().toString()));
    return vault;
}

const QByteArray kConflicted = "# A\n\n<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> origin/main\n";

} // namespace

class TestVaultSync : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void conflictMarkers_needAllThreeLinesInOrder()
    {
        QCOMPARE(ConflictMarkers::firstConflictLine(kConflicted), 3);
        QCOMPARE(ConflictMarkers::firstConflictLine(QByteArray(kConflicted).replace('\n', "\r\n")), 3);
        // A Markdown heading underlined with ======= is no conflict, nor are markers out of order.
        QCOMPARE(ConflictMarkers::firstConflictLine("Title\n=======\n\ntext\n"), 0);
        QCOMPARE(ConflictMarkers::firstConflictLine(">>>>>>> x\n=======\n<<<<<<< y\n"), 0);
        QCOMPARE(ConflictMarkers::firstConflictLine("<<<<<<< HEAD\nonly the start\n"), 0);
    }

    void commitMessage_saysWhatChangedInTheVaultsWords()
    {
        const QList<StagedChange> changes = CommitMessage::parseNameStatus(
            {QStringLiteral("A"), QStringLiteral("notes/a.md"), QStringLiteral("A"), QStringLiteral("notes/b.md"),
             QStringLiteral("A"), QStringLiteral("notes/c.md"), QStringLiteral("M"), QStringLiteral("notes/d.md"),
             QStringLiteral("M"), QStringLiteral("state/journal.jsonl")});
        const QString message = CommitMessage::compose(changes, QStringLiteral("laptop"));
        QCOMPARE(message.section(u'\n', 0, 0),
                 QStringLiteral("engram: 3 notes added, 1 edited (notes/a.md, notes/b.md, +2 more); journal"));
        QVERIFY(message.contains(QLatin1String("Synced from laptop.")));
        QVERIFY(message.contains(QLatin1String("M notes/d.md")));
    }

    void ignoreBlock_isReplacedInPlaceAndKeepsThePersonsRules()
    {
        const QString mine = QStringLiteral("drafts/\n");
        const QString once = VaultSync::withBlock(mine, VaultSync::ignoreBlock());
        QVERIFY(once.startsWith(mine));
        QVERIFY(once.contains(QLatin1String("/.engram/")));
        QCOMPARE(VaultSync::withBlock(once, VaultSync::ignoreBlock()), once);
        const QString otherBlock = QStringLiteral("# engram: begin (kept by Engram; edit outside this block)\n"
                                                  "X\n"
                                                  "# engram: end");
        const QString changed = VaultSync::withBlock(once + QStringLiteral("later/\n"), otherBlock);
        QVERIFY(changed.startsWith(mine));
        QVERIFY(changed.endsWith(QLatin1String("later/\n")));
        QVERIFY(!changed.contains(QLatin1String("/.engram/")));
    }

    void sync_notARepository_saysHowToMakeOneAndCreatesNothing()
    {
        GitSandbox sandbox;
        const QString vault = QDir(sandbox.root()).filePath(QStringLiteral("plain"));
        writeFile(vault, QStringLiteral("notes/a.md"), "# A\n");
        const SyncReport report = VaultSync(vault).sync();
        QCOMPARE(report.outcome, SyncReport::Outcome::Failed);
        QVERIFY2(report.error.message.contains(QLatin1String("not a git repository yet")), describe(report));
        QVERIFY2(report.error.message.contains(QLatin1String("sync --init")), describe(report));
        QVERIFY(!QFileInfo::exists(QDir(vault).filePath(QStringLiteral(".git"))));
        QVERIFY(!QFileInfo::exists(QDir(vault).filePath(QStringLiteral(".gitignore"))));
    }

    void sync_noRemote_commitsLocallyWithoutTheIndexAndSaysPushSkipped()
    {
        GitSandbox sandbox;
        const QString vault = QDir(sandbox.root()).filePath(QStringLiteral("local"));
        writeFile(vault, QStringLiteral("notes/a.md"), "# A\n\nalpha\n");
        auto engine = test::openEngine(vault); // makes .engram/
        QVERIFY(engine->index().error == std::nullopt);
        VaultSync sync(vault);
        QVERIFY(sync.init());
        const SyncReport report = sync.sync();
        QCOMPARE(report.outcome, SyncReport::Outcome::LocalOnly);
        QVERIFY2(report.pushSkipped.contains(QLatin1String("no remote")), describe(report));
        const QString tracked = QString::fromUtf8(GitSandbox::git(vault, {QStringLiteral("ls-files")}));
        QVERIFY2(tracked.contains(QLatin1String("notes/a.md")), qPrintable(tracked));
        QVERIFY2(tracked.contains(QLatin1String(".gitattributes")), qPrintable(tracked));
        QVERIFY2(!tracked.contains(QLatin1String(".engram")), qPrintable(tracked));
        QVERIFY(readFile(vault, QStringLiteral(".gitattributes")).contains("state/cognitive.json merge=engram-state"));
        // Nothing changed since: up to date, no empty commit.
        const QString before = head(vault);
        QCOMPARE(sync.sync().outcome, SyncReport::Outcome::UpToDate);
        QCOMPARE(head(vault), before);
    }

    void sync_detachedHead_refusesAndCommitsNothing()
    {
        GitSandbox sandbox;
        const QString remote = sandbox.bareRemote();
        const QString vault = startVault(sandbox, QStringLiteral("a"), remote);
        QVERIFY(VaultSync(vault).sync().ok());
        GitSandbox::git(vault, {QStringLiteral("checkout"), QStringLiteral("-q"), QStringLiteral("--detach")});
        writeFile(vault, QStringLiteral("notes/new.md"), "# New\n");
        const QString before = head(vault);
        const SyncReport report = VaultSync(vault).sync();
        QCOMPARE(report.outcome, SyncReport::Outcome::Failed);
        QVERIFY2(report.error.message.contains(QLatin1String("HEAD is detached")), describe(report));
        QCOMPARE(head(vault), before);
        QCOMPARE(readFile(vault, QStringLiteral("notes/new.md")), QByteArray("# New\n"));
    }

    void sync_unrelatedHistories_refusesAndMergesNothing()
    {
        GitSandbox sandbox;
        const QString remote = sandbox.bareRemote();
        const QString a = startVault(sandbox, QStringLiteral("a"), remote);
        QVERIFY(VaultSync(a).sync().ok());
        // A second vault started on its own, then pointed at the same remote.
        const QString b = startVault(sandbox, QStringLiteral("b"), remote);
        writeFile(b, QStringLiteral("notes/own.md"), "# Own\n");
        const SyncReport report = VaultSync(b).sync();
        QCOMPARE(report.outcome, SyncReport::Outcome::Failed);
        QVERIFY2(report.error.message.contains(QLatin1String("share no commit")), describe(report));
        QVERIFY2(report.error.message.contains(QLatin1String("--allow-unrelated-histories")), describe(report));
        QVERIFY(!QFileInfo::exists(QDir(b).filePath(QStringLiteral(".git/MERGE_HEAD"))));
        QCOMPARE(readFile(b, QStringLiteral("notes/own.md")), QByteArray("# Own\n"));
        // The remote still holds a's history only.
        QCOMPARE(
            QString::fromUtf8(GitSandbox::git(remote, {QStringLiteral("rev-parse"), QStringLiteral("main")})).trimmed(),
            head(a));
    }

    void sync_fileOverTheLimit_isNotCommittedAndNamed()
    {
        GitSandbox sandbox;
        const QString remote = sandbox.bareRemote();
        const QString vault = startVault(sandbox, QStringLiteral("a"), remote);
        // 100 MB, sparse: no disk is spent, the size is what the limit sees.
        QFile big(QDir(vault).filePath(QStringLiteral("attachments/video.bin")));
        QDir().mkpath(QFileInfo(big).absolutePath());
        QVERIFY(big.open(QIODevice::WriteOnly));
        QVERIFY(big.resize(100LL * 1024 * 1024));
        big.close();
        const SyncReport report = VaultSync(vault).sync();
        QVERIFY2(!report.ok(), describe(report));
        QCOMPARE(report.refusedFiles.size(), 1);
        QVERIFY2(report.refusedFiles.front().startsWith(QLatin1String("attachments/video.bin (100.0 MiB")),
                 describe(report));
        QVERIFY2(report.toText().contains(QLatin1String("not committed: attachments/video.bin")), describe(report));
        // Everything else went: the note is on the remote, the big file is not, and still on disk.
        const QString onRemote =
            QString::fromUtf8(GitSandbox::git(remote, {QStringLiteral("ls-tree"), QStringLiteral("-r"),
                                                       QStringLiteral("--name-only"), QStringLiteral("main")}));
        QVERIFY2(onRemote.contains(QLatin1String("notes/start.md")), qPrintable(onRemote));
        QVERIFY2(!onRemote.contains(QLatin1String("video.bin")), qPrintable(onRemote));
        QCOMPARE(QFileInfo(big).size(), 100LL * 1024 * 1024);
    }

    void sync_pushRefusedByTheRemote_saysSoAndKeepsTheCommit()
    {
        GitSandbox sandbox;
        const QString remote = sandbox.bareRemote();
        const QString vault = startVault(sandbox, QStringLiteral("a"), remote);
        writeFile(remote, QStringLiteral("hooks/pre-receive"),
                  "#!/bin/sh\necho 'pushes are closed today' >&2\nexit 1\n");
        QVERIFY(QFile::setPermissions(QDir(remote).filePath(QStringLiteral("hooks/pre-receive")),
                                      QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        const SyncReport report = VaultSync(vault).sync();
        QCOMPARE(report.outcome, SyncReport::Outcome::Failed);
        QVERIFY2(report.error.message.contains(QLatin1String("origin refused the push")), describe(report));
        QVERIFY2(report.error.message.contains(QLatin1String("pushes are closed today")), describe(report));
        QVERIFY2(report.error.message.contains(QLatin1String("nothing was lost")), describe(report));
        QVERIFY(!report.commitSubject.isEmpty());
        QCOMPARE(GitSandbox::git(vault, {QStringLiteral("status"), QStringLiteral("--porcelain")}), QByteArray());
    }

    void sync_remoteMovedOnBeforeThePush_mergesAndPushesAgain()
    {
        GitSandbox sandbox;
        const QString remote = sandbox.bareRemote();
        const QString a = startVault(sandbox, QStringLiteral("a"), remote);
        QVERIFY(VaultSync(a).sync().ok());
        const QString b = sandbox.clone(remote, QStringLiteral("b"));
        writeFile(b, QStringLiteral("notes/from-b.md"), "# From B\n");
        GitSandbox::git(b, {QStringLiteral("add"), QStringLiteral("-A")});
        GitSandbox::git(b, {QStringLiteral("commit"), QStringLiteral("-qm"), QStringLiteral("from b")});
        GitSandbox::git(
            b, {QStringLiteral("push"), QStringLiteral("-q"), QStringLiteral("origin"), QStringLiteral("HEAD:main")});
        // Right after a's fetch brings that commit, b pushes another: a's first push finds the remote moved on.
        const QString flag = QDir(sandbox.root()).filePath(QStringLiteral("b-pushed"));
        writeFile(a, QStringLiteral(".git/hooks/reference-transaction"),
                  QStringLiteral("#!/bin/sh\n[ \"$1\" = committed ] || exit 0\ngrep -q refs/remotes/ || exit 0\n"
                                 "[ -e '%1' ] && exit 0\ntouch '%1'\n"
                                 "unset GIT_DIR GIT_INDEX_FILE GIT_WORK_TREE GIT_PREFIX\n"
                                 "cd '%2' && echo '# Later' > notes/later.md && git add -A && git commit -qm later && "
                                 "git push -q origin HEAD:main\n")
                      .arg(flag, b)
                      .toUtf8());
        QVERIFY(QFile::setPermissions(QDir(a).filePath(QStringLiteral(".git/hooks/reference-transaction")),
                                      QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        writeFile(a, QStringLiteral("notes/from-a.md"), "# From A\n");
        const SyncReport report = VaultSync(a).sync();
        QVERIFY2(QFileInfo::exists(flag), describe(report));
        QVERIFY2(report.ok() && report.pushed, describe(report));
        QVERIFY2(report.toText().contains(QLatin1String("moved on meanwhile")), describe(report));
        QCOMPARE(readFile(a, QStringLiteral("notes/from-b.md")), QByteArray("# From B\n"));
        QCOMPARE(readFile(a, QStringLiteral("notes/later.md")), QByteArray("# Later\n"));
        QCOMPARE(
            QString::fromUtf8(GitSandbox::git(remote, {QStringLiteral("rev-parse"), QStringLiteral("main")})).trimmed(),
            head(a));
    }

    void sync_noteEditedOnBothSides_stopsWithTheMergeOpenUntilResolved()
    {
        GitSandbox sandbox;
        const QString remote = sandbox.bareRemote();
        const QString a = startVault(sandbox, QStringLiteral("a"), remote);
        QVERIFY(VaultSync(a).sync().ok());
        const QString b = sandbox.clone(remote, QStringLiteral("b"));
        writeFile(a, QStringLiteral("notes/start.md"), "# Start\n\nEdited on A.\n");
        writeFile(a, QStringLiteral("notes/from-a.md"), "# From A\n\nOnly on A.\n");
        writeFile(b, QStringLiteral("notes/start.md"), "# Start\n\nEdited on B.\n");
        writeFile(b, QStringLiteral("notes/from-b.md"), "# From B\n\nOnly on B.\n");
        QVERIFY(VaultSync(a).sync().ok());
        VaultSync syncB(b);
        const SyncReport report = syncB.sync();
        QCOMPARE(report.outcome, SyncReport::Outcome::Conflicts);
        QCOMPARE(report.conflicts, QStringList{QStringLiteral("notes/start.md")});
        // Received is what the remote brought, not this machine's own new note.
        QVERIFY(report.receivedPaths.contains(QStringLiteral("notes/from-a.md")));
        QVERIFY(!report.receivedPaths.contains(QStringLiteral("notes/from-b.md")));
        QVERIFY(ConflictMarkers::contains(readFile(b, QStringLiteral("notes/start.md"))));
        // Syncing again changes nothing: the merge waits for the person.
        QCOMPARE(syncB.sync().outcome, SyncReport::Outcome::Conflicts);

        auto sides = syncB.sides(QStringLiteral("notes/start.md"));
        QVERIFY(sides);
        QCOMPARE(sides->mine, QByteArray("# Start\n\nEdited on B.\n"));
        QCOMPARE(sides->theirs, QByteArray("# Start\n\nEdited on A.\n"));
        QCOMPARE(sides->base, QByteArray("# Start\n\nThe first note.\n"));
        // A merged text that still holds markers is refused, and nothing is written.
        auto refused = syncB.resolveWith(QStringLiteral("notes/start.md"), kConflicted);
        QVERIFY(!refused);
        QVERIFY(refused.error().message.contains(QLatin1String("still holds conflict markers")));
        auto notInConflict = syncB.resolve(QStringLiteral("notes/other.md"), VaultSync::Side::Mine);
        QVERIFY(!notInConflict);
        // A path out of the vault is never written or removed, whichever way it is asked for.
        const QString outside = QDir(QFileInfo(b).absolutePath()).filePath(QStringLiteral("outside.md"));
        QVERIFY(!syncB.resolveWith(QStringLiteral("../outside.md"), "# Escaped\n"));
        QVERIFY(!syncB.resolve(QStringLiteral("../outside.md"), VaultSync::Side::Theirs));
        QVERIFY(!syncB.resolveWith(outside, "# Escaped\n"));
        QVERIFY(!QFileInfo::exists(outside));

        auto resolved = syncB.resolveWith(QStringLiteral("notes/start.md"), "# Start\n\nEdited on A and B.\n");
        QVERIFY2(resolved, qPrintable(resolved ? QString() : resolved.error().toString()));
        QVERIFY(resolved->join(u'\n').contains(QLatin1String("completed the merge")));
        QVERIFY(!QFileInfo::exists(QDir(b).filePath(QStringLiteral(".git/MERGE_HEAD"))));
        const SyncReport after = syncB.sync();
        QVERIFY2(after.ok() && after.pushed, describe(after));
        QVERIFY(VaultSync(a).sync().ok());
        QCOMPARE(readFile(a, QStringLiteral("notes/start.md")), QByteArray("# Start\n\nEdited on A and B.\n"));
    }

    void indexer_skipsAFileWithConflictMarkers_andHealthNamesIt()
    {
        GitSandbox sandbox;
        const QString vault = QDir(sandbox.root()).filePath(QStringLiteral("v"));
        writeFile(vault, QStringLiteral("notes/clash.md"), "# Clash\n\nthe original wording of the clash note\n");
        auto engine = test::openEngine(vault);
        QVERIFY(engine->index().error == std::nullopt);
        QVERIFY(test::recalledPaths(*engine, QStringLiteral("original wording clash"))
                    .contains(QStringLiteral("notes/clash.md")));
        writeFile(vault, QStringLiteral("notes/clash.md"),
                  "# Clash\n\n<<<<<<< HEAD\nthe original wording of the clash note\n=======\nanother wording\n"
                  ">>>>>>> origin/main\n");
        const IndexReport report = engine->index();
        QCOMPARE(report.failed, 1);
        QVERIFY2(test::problemList(report.problems).contains(QLatin1String("notes/clash.md:3")),
                 qPrintable(test::problemList(report.problems)));
        QVERIFY(!test::recalledPaths(*engine, QStringLiteral("original wording clash"))
                     .contains(QStringLiteral("notes/clash.md")));
        const HealthCheck check = test::healthCheck(*engine, QStringLiteral("sync conflicts"));
        QCOMPARE(check.id, HealthCheckId::SyncConflicts);
        QCOMPARE(check.status, HealthStatus::Error);
        QCOMPARE(check.detailLines, QStringList{QStringLiteral("notes/clash.md:3")});
        QVERIFY(check.fixText.contains(QLatin1String("sync --resolve")));
        QCOMPARE(check.fix, HealthFix::ResolveConflicts);
        // Resolved: indexed again, and health is content.
        writeFile(vault, QStringLiteral("notes/clash.md"), "# Clash\n\nthe original wording of the clash note\n");
        QCOMPARE(engine->index().failed, 0);
        QCOMPARE(test::healthCheck(*engine, QStringLiteral("sync conflicts")).status, HealthStatus::Ok);
    }
};

QTEST_GUILESS_MAIN(TestVaultSync)
#include "tst_vaultsync.moc"
