// Writers to one vault: the lock that serialises them, vectors that stay the index's under
// concurrent processes, first-sight events committed with the rows, and recall that does not
// depend on the order files were indexed in.
#include "TestVault.h"
#include "WriterFixtures.h"
#include "core/Database.h"
#include "core/VaultLock.h"
#include "dynamics/Journal.h"
#include "dynamics/MemoryDynamics.h"
#include "index/VectorIndex.h"
#include "vault/EngineInternals.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QTest>
#include <QThread>
#include <QTimeZone>

#include <csignal>

using namespace engram;
using namespace engram::test;

namespace {

std::unique_ptr<Engine> open(const QString &vaultPath)
{
    auto engine = Engine::open(vaultPath);
    if (!engine)
        qFatal("cannot open %s: %s", qPrintable(vaultPath), qPrintable(engine.error().toString()));
    (*engine)->setClock([] { return QDateTime(QDate(2026, 11, 1), QTime(9, 0), Qt::UTC); });
    return std::move(*engine);
}

const HealthCheck *findCheck(const QList<HealthCheck> &checks, const QString &name)
{
    for (const HealthCheck &c : checks)
        if (c.name == name)
            return &c;
    return nullptr;
}

/// Kills `process` once the index database holds at least `files` files (a batch committed).
bool killAfterCommittedFiles(QProcess &process, const QString &vaultPath, qint64 files)
{
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < 60000 && process.state() == QProcess::Running) {
        if (indexedFileCount(vaultPath) >= files) {
            ::kill(pid_t(process.processId()), SIGKILL);
            process.waitForFinished();
            return true;
        }
        QThread::msleep(2);
    }
    process.waitForFinished();
    return false;
}

/// Starts two `engram-cli index` runs of the vault at once and waits for both: empty when both exit 0,
/// else what went wrong (the failing run's standard error).
QByteArray twoIndexRuns(const QString &vaultPath)
{
    QProcess runs[2];
    for (QProcess &run : runs)
        startCli(run, {QStringLiteral("index"), QStringLiteral("--vault"), vaultPath});
    for (QProcess &run : runs) {
        if (!run.waitForFinished(120000))
            return "an index run did not finish within 120 s";
        if (run.exitStatus() != QProcess::NormalExit || run.exitCode() != 0)
            return "an index run failed: " + run.readAllStandardError();
    }
    return {};
}

} // namespace

class TestVaultWriters : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void killedIndex_keepsFirstSightOfEveryCommittedFile();
    void index_waitsForAnotherWriterOfTheVault();
    void index_saysWhoHoldsTheVaultWhenItCannotWait();
    void index_takesOverTheLockOfAKilledWriter();
    void concurrentIndexRuns_leaveAVectorFileOfExactlyTheIndexChunks();
    void twoIndexRunsOnANewVault_bothOpenItAndSetNothingAside();
    void writerInOneProcess_keepsTheChunksAnotherProcessIndexed();
    void readerInOneProcess_seesTheChunksAnotherProcessIndexed();
    void health_comparesVectorIdentitiesNotCounts();
    void indexRun_neverDropsAMemoryRememberedWhileItRuns();
    void open_whileAnotherConnectionWritesTheIndex_answersFromItAsItIs();
    void recall_isTheSameWhateverOrderFilesWereIndexedIn_data();
    void recall_isTheSameWhateverOrderFilesWereIndexedIn();
    void journalAppend_endsALineTornByACrashFirst();
    void twoIndexersARecallLoopAndMcpRemember_loseNothingAndAgreeWithARebuild();
};

void TestVaultWriters::killedIndex_keepsFirstSightOfEveryCommittedFile()
{
    // A run killed after some batches committed: every file in the index has its first-sight event
    // in the journal. They used to be written once at the end of the run, so a killed run lost them
    // and those memories never decayed.
    TestVault vault;
    writeNotes(vault.path(), 1500, 1);
    QProcess cli;
    startCli(cli, {QStringLiteral("index"), QStringLiteral("--vault"), vault.path()});
    QVERIFY2(killAfterCommittedFiles(cli, vault.path(), 64), "the run finished before a batch was seen");
    const QSet<QString> committed = indexedPaths(vault.path());
    QVERIFY(!committed.isEmpty());
    QVERIFY2(committed.size() < 1500, "killed too late to test anything");
    const QSet<QString> seen = journalSeenPaths(vault.path());
    QSet<QString> lost = committed;
    lost.subtract(seen);
    QVERIFY2(lost.isEmpty(), qPrintable(QStringLiteral("%1 of %2 committed files have no first-sight event, e.g. %3")
                                            .arg(lost.size())
                                            .arg(committed.size())
                                            .arg(lost.isEmpty() ? QString() : *lost.cbegin())));

    // The next run recovers: every file indexed, each seen exactly once.
    auto engine = open(vault.path());
    const IndexReport report = engine->index();
    QVERIFY(!report.error);
    QCOMPARE(indexedPaths(vault.path()).size(), 1500);
    QCOMPARE(journalSeenPaths(vault.path()), indexedPaths(vault.path()));
}

void TestVaultWriters::index_waitsForAnotherWriterOfTheVault()
{
    TestVault vault;
    writeNotes(vault.path(), 20, 2);
    auto held = VaultLock::acquire(vault.path(), VaultLock::Kind::Index, 0);
    QVERIFY(held);
    QProcess cli;
    startCli(cli, {QStringLiteral("index"), QStringLiteral("--vault"), vault.path()});
    QVERIFY2(!cli.waitForFinished(1500), "index did not wait for the vault's other writer");
    QCOMPARE(indexedFileCount(vault.path()), 0);
    held->reset();
    QVERIFY(cli.waitForFinished(30000));
    QCOMPARE(cli.exitCode(), 0);
    QCOMPARE(indexedFileCount(vault.path()), 20);
    // A person at a terminal is told why nothing happens for a while.
    const QByteArray said = cli.readAllStandardError();
    QVERIFY2(said.contains("another process is writing this vault's index; waiting for it"), said.constData());
}

void TestVaultWriters::index_saysWhoHoldsTheVaultWhenItCannotWait()
{
    TestVault vault;
    writeNotes(vault.path(), 5, 3);
    auto engine = open(vault.path());
    auto held = VaultLock::acquire(vault.path(), VaultLock::Kind::Index, 0);
    QVERIFY(held);
    engine->setLockTimeout(200);
    QElapsedTimer timer;
    timer.start();
    const IndexReport report = engine->index();
    QVERIFY(report.error);
    QVERIFY(timer.elapsed() < 5000);
    QVERIFY2(report.error->message.contains(QStringLiteral("pid %1").arg(QCoreApplication::applicationPid())),
             qPrintable(report.error->toString()));
    QCOMPARE(report.indexed, 0);
    auto rebuilt = engine->rebuild();
    QVERIFY(!rebuilt);
    held->reset();
    QVERIFY(!engine->index().error);
    QCOMPARE(indexedFileCount(vault.path()), 5);
}

void TestVaultWriters::index_takesOverTheLockOfAKilledWriter()
{
    TestVault vault;
    // A fifth under the sanitizers: the same minutes of indexing as the plain build's whole count.
    const int notes = 1200 / test::kSanitizerShrink;
    writeNotes(vault.path(), notes, 4);
    QProcess cli;
    startCli(cli, {QStringLiteral("index"), QStringLiteral("--vault"), vault.path()});
    QVERIFY(killAfterCommittedFiles(cli, vault.path(), 1));
    // The killed writer's lock is free at once: taken without waiting at all.
    QVERIFY2(VaultLock::acquire(vault.path(), VaultLock::Kind::Index, 0), "the lock of a dead writer is still held");
    // And the next run takes it and finishes the work. Its wait is bounded (10 s, then it fails
    // naming the holder), so its success is the proof; a bound on its time would measure the
    // indexing of 1,200 files, which under a sanitizer on a slow machine takes longer than that.
    QByteArray output;
    QCOMPARE(runCli({QStringLiteral("index"), QStringLiteral("--vault"), vault.path()}, &output), 0);
    QVERIFY2(!output.contains("did not finish within"), output.constData());
    QCOMPARE(indexedFileCount(vault.path()), notes);
}

void TestVaultWriters::concurrentIndexRuns_leaveAVectorFileOfExactlyTheIndexChunks()
{
    TestVault vault;
    const int notes = 900 / test::kSanitizerShrink; // the runs overlap at any size; a fifth under the sanitizers
    writeNotes(vault.path(), notes, 5);
    const QByteArray failure = twoIndexRuns(vault.path());
    QVERIFY2(failure.isEmpty(), failure.constData());
    const std::vector<qint64> stored = indexVectorIds(vault.path());
    QVERIFY(stored.size() >= size_t(notes));
    QVERIFY2(vectorFileIds(vault.path()) == stored, "the vector file is not the index's chunks");
}

void TestVaultWriters::twoIndexRunsOnANewVault_bothOpenItAndSetNothingAside()
{
    // The two create the index together: the second used to meet the first's switch to WAL, take
    // the new index for a broken one and rename it away from under the first (5 of 30 pairs failed).
    for (int round = 0; round < 8; ++round) {
        TestVault vault;
        writeNotes(vault.path(), 60, 100 + round);
        const QByteArray failure = twoIndexRuns(vault.path());
        QVERIFY2(failure.isEmpty(), failure.constData());
        const QStringList aside =
            QDir(vault.filePath(QStringLiteral(".engram"))).entryList({QStringLiteral("index.db.broken-*")});
        QVERIFY2(aside.isEmpty(), qPrintable(aside.join(QStringLiteral(", "))));
        QCOMPARE(indexedFileCount(vault.path()), 60);
    }
}

void TestVaultWriters::writerInOneProcess_keepsTheChunksAnotherProcessIndexed()
{
    // The MCP server holds an Engine for hours; meanwhile the CLI (or the workbench) indexes new
    // files. Its next `remember` must not save a vector file without them.
    TestVault vault;
    writeNotes(vault.path(), 40, 6);
    auto server = open(vault.path());
    QVERIFY(!server->index().error);
    const size_t before = indexVectorIds(vault.path()).size();

    writeNotes(vault.path(), 60, 7, QStringLiteral("later"));
    QCOMPARE(runCli({QStringLiteral("index"), QStringLiteral("--vault"), vault.path()}), 0);

    vault.write(QStringLiteral("memories/semantic/new.md"), QByteArray("# New\n\nA lantern by the harbour.\n"));
    QVERIFY(!server->indexPath(QStringLiteral("memories/semantic/new.md")).error);
    QVERIFY(server->saveVectors());
    const std::vector<qint64> stored = indexVectorIds(vault.path());
    QVERIFY(stored.size() > before + 60);
    QVERIFY2(vectorFileIds(vault.path()) == stored, "the saved vector file lacks the other process's chunks");
    QVERIFY(internals(*server).vectors().ids() == stored);
}

void TestVaultWriters::readerInOneProcess_seesTheChunksAnotherProcessIndexed()
{
    TestVault vault;
    writeNotes(vault.path(), 10, 8);
    auto reader = open(vault.path());
    QVERIFY(!reader->index().error);
    vault.write(QStringLiteral("notes/zeppelin.md"), QByteArray("# Zeppelin\n\nThe zeppelin hangar smells of oil.\n"));
    QCOMPARE(runCli({QStringLiteral("index"), QStringLiteral("--vault"), vault.path()}), 0);
    RecallQuery q;
    q.text = QStringLiteral("zeppelin hangar");
    q.reinforce = false;
    auto results = reader->recall(q);
    QVERIFY(results);
    QVERIFY(!results->isEmpty());
    QCOMPARE(results->front().chunk.path, QStringLiteral("notes/zeppelin.md"));
    QVERIFY2(results->front().vectorRank == 1, "the other process's chunk is missing from this process's vectors");
}

void TestVaultWriters::health_comparesVectorIdentitiesNotCounts()
{
    TestVault vault;
    writeNotes(vault.path(), 10, 9);
    auto engine = open(vault.path());
    QVERIFY(!engine->index().error);
    const QList<HealthCheck> before = engine->health();
    const HealthCheck *ok = findCheck(before, QStringLiteral("vectors = chunks"));
    QVERIFY(ok);
    QCOMPARE(ok->status, HealthStatus::Ok);

    // Same count, other identities: one chunk's vector replaced by one of a chunk that does not exist.
    const std::vector<qint64> ids = internals(*engine).vectors().ids();
    const Vector some(internals(*engine).vectors().dimensions(), 0.05f);
    internals(*engine).vectors().remove(ids.front());
    internals(*engine).vectors().add(ids.back() + 1000, some);
    QCOMPARE(internals(*engine).vectors().size(), qint64(ids.size()));
    const QList<HealthCheck> checks = engine->health();
    const HealthCheck *check = findCheck(checks, QStringLiteral("vectors = chunks"));
    QVERIFY(check);
    QCOMPARE(check->status, HealthStatus::Error);
    QVERIFY2(check->reason.contains(QStringLiteral("lacks 1 ")), qPrintable(check->reason));
    QVERIFY2(check->reason.contains(QStringLiteral("holds 1 ")), qPrintable(check->reason));
}

void TestVaultWriters::open_whileAnotherConnectionWritesTheIndex_answersFromItAsItIs()
{
    // An index run's batch can hold the database past the busy timeout (5 s) on a slow machine;
    // opening the vault then, e.g. for `remember`, used to fail replaying the journal.
    TestVault vault;
    writeNotes(vault.path(), 5, 12);
    QVERIFY(!open(vault.path())->index().error);
    Database writer;
    QVERIFY(writer.open(QDir(vault.path()).filePath(QStringLiteral(".engram/index.db"))));
    Transaction holding(writer);
    QVERIFY(holding.isActive());
    auto opened = Engine::open(vault.path());
    QVERIFY2(opened.ok(), qPrintable(opened.ok() ? QString() : opened.error().toString()));
    RecallQuery q;
    q.text = noteQueries(1, 12).front(); // the first words of the first note
    q.reinforce = false;
    auto answer = (*opened)->recall(q);
    QVERIFY(answer);
    QVERIFY2(!answer->isEmpty(), qPrintable(q.text));
}

void TestVaultWriters::indexRun_neverDropsAMemoryRememberedWhileItRuns()
{
    // Full runs in this process while another process remembers: every memory ends up indexed.
    TestVault vault;
    writeNotes(vault.path(), 200, 10);
    auto engine = open(vault.path());
    QProcess remembering;
    remembering.setStandardInputFile(QProcess::nullDevice());
    QString script;
    for (int i = 0; i < 8; ++i)
        script += QStringLiteral("'%1' remember --vault '%2' --title 'Memory %3' 'The falcon number %3 nests in the "
                                 "canyon.' >/dev/null || exit 1\n")
                      .arg(QStringLiteral(ENGRAM_CLI_PATH), vault.path())
                      .arg(i);
    remembering.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), script});
    QVERIFY(remembering.waitForStarted());
    while (remembering.state() == QProcess::Running) {
        QVERIFY(!engine->index().error);
        writeNotes(vault.path(), 3, 11 + int(QRandomGenerator::global()->bounded(1000)), QStringLiteral("more"));
        // A pause between runs, as the watcher's debounce makes: QLockFile polls, so a writer that
        // takes the lock again at once could keep a waiting one out until its timeout.
        remembering.waitForFinished(50);
    }
    QVERIFY2(remembering.exitCode() == 0, remembering.readAllStandardError().constData());
    QVERIFY(!engine->index().error);
    const QSet<QString> indexed = indexedPaths(vault.path());
    int memories = 0;
    for (const QString &p : indexed)
        memories += p.startsWith(QLatin1String("memories/")) ? 1 : 0;
    QCOMPARE(memories, 8);
    const QList<HealthCheck> checks = engine->health();
    const HealthCheck *check = findCheck(checks, QStringLiteral("index matches files"));
    QVERIFY(check);
    QCOMPARE(check->status, HealthStatus::Ok);
}

void TestVaultWriters::recall_isTheSameWhateverOrderFilesWereIndexedIn_data()
{
    QTest::addColumn<QString>("mode");
    QTest::newRow("fast") << QStringLiteral("fast");
    QTest::newRow("deep") << QStringLiteral("deep");
    QTest::newRow("creative") << QStringLiteral("creative");
}

void TestVaultWriters::recall_isTheSameWhateverOrderFilesWereIndexedIn()
{
    QFETCH(QString, mode);
    // Three histories of the same files: A then B (with one file of A changed and changed back in
    // between), B then A, and a rebuild. Rankings must agree exactly.
    TestVault first;
    TestVault second;
    writeNotes(first.path(), 120, 21, QStringLiteral("a"));
    {
        auto engine = open(first.path());
        QVERIFY(!engine->index().error);
        const QString changed = QStringLiteral("a/3/note-21-3.md");
        const QByteArray original = first.read(changed);
        first.write(changed, QByteArray("# Interim\n\nCobalt prism quartz.\n"));
        QVERIFY(!engine->indexPath(changed).error);
        first.write(changed, original);
        QVERIFY(!engine->indexPath(changed).error);
        writeNotes(first.path(), 120, 22, QStringLiteral("b"));
        QVERIFY(!engine->index().error);
    }
    writeNotes(second.path(), 120, 22, QStringLiteral("b"));
    {
        auto engine = open(second.path());
        QVERIFY(!engine->index().error);
        writeNotes(second.path(), 120, 21, QStringLiteral("a"));
        QVERIFY(!engine->index().error);
    }
    const QStringList queries = noteQueries(40, 23);
    auto a = open(first.path());
    auto b = open(second.path());
    const QStringList firstLines = recallLines(*a, queries, mode);
    QCOMPARE(recallLines(*b, queries, mode), firstLines);
    QVERIFY(a->rebuild());
    QCOMPARE(recallLines(*a, queries, mode), firstLines);
}

void TestVaultWriters::journalAppend_endsALineTornByACrashFirst()
{
    TestVault vault;
    Journal journal(vault.path());
    QVERIFY(journal.append(QJsonObject{{QStringLiteral("type"), QStringLiteral("seen")},
                                       {QStringLiteral("t"), QStringLiteral("2026-11-01T00:00:00Z")},
                                       {QStringLiteral("path"), QStringLiteral("notes/a.md")}}));
    QFile file(journal.filePath());
    QVERIFY(file.open(QIODevice::Append));
    file.write(R"({"type":"seen","t":"2026-11-01T00:00:00Z","pa)"); // the writer died here
    file.close();
    QVERIFY(journal.append(QJsonObject{{QStringLiteral("type"), QStringLiteral("seen")},
                                       {QStringLiteral("t"), QStringLiteral("2026-11-02T00:00:00Z")},
                                       {QStringLiteral("path"), QStringLiteral("notes/b.md")}}));
    auto read = journal.readFrom(0);
    QVERIFY(read);
    QCOMPARE(read->events.size(), 2);
    QCOMPARE(read->events.back().value(QStringLiteral("path")).toString(), QStringLiteral("notes/b.md"));
    QCOMPARE(read->problems.size(), 1); // the torn line, named
}

void TestVaultWriters::twoIndexersARecallLoopAndMcpRemember_loseNothingAndAgreeWithARebuild()
{
    TestVault vault;
    writeNotes(vault.path(), 300, 41);
    QCOMPARE(runCli({QStringLiteral("index"), QStringLiteral("--vault"), vault.path()}), 0);
    writeNotes(vault.path(), 500, 42, QStringLiteral("incoming"));

    QProcess mcp;
    startCli(mcp, {QStringLiteral("mcp"), QStringLiteral("--vault"), vault.path()}, true);
    auto send = [&](const QJsonObject &message) {
        mcp.write(QJsonDocument(message).toJson(QJsonDocument::Compact) + '\n');
        mcp.waitForBytesWritten();
    };
    send(QJsonObject{
        {QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
        {QStringLiteral("id"), 1},
        {QStringLiteral("method"), QStringLiteral("initialize")},
        {QStringLiteral("params"),
         QJsonObject{{QStringLiteral("protocolVersion"), QStringLiteral("2025-06-18")},
                     {QStringLiteral("capabilities"), QJsonObject{}},
                     {QStringLiteral("clientInfo"), QJsonObject{{QStringLiteral("name"), QStringLiteral("t")},
                                                                {QStringLiteral("version"), QStringLiteral("1")}}}}}});
    send(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                     {QStringLiteral("method"), QStringLiteral("notifications/initialized")}});

    QProcess first;
    QProcess second;
    startCli(first, {QStringLiteral("index"), QStringLiteral("--vault"), vault.path()});
    startCli(second, {QStringLiteral("index"), QStringLiteral("--vault"), vault.path()});
    constexpr int kMemories = 5;
    for (int i = 0; i < kMemories; ++i)
        send(QJsonObject{
            {QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
            {QStringLiteral("id"), 10 + i},
            {QStringLiteral("method"), QStringLiteral("tools/call")},
            {QStringLiteral("params"),
             QJsonObject{
                 {QStringLiteral("name"), QStringLiteral("remember")},
                 {QStringLiteral("arguments"),
                  QJsonObject{{QStringLiteral("title"), QStringLiteral("Pylon %1").arg(i)},
                              {QStringLiteral("content"),
                               QStringLiteral("Pylon %1 stands where the gravel road meets the lagoon.").arg(i)}}}}}});

    // A reader in this process recalls the whole time.
    auto reader = open(vault.path());
    int recalls = 0;
    while (first.state() == QProcess::Running || second.state() == QProcess::Running) {
        RecallQuery q;
        q.text = QStringLiteral("gravel road lagoon");
        q.reinforce = false;
        QVERIFY(reader->recall(q));
        ++recalls;
        first.waitForFinished(5);
        second.waitForFinished(5);
    }
    QVERIFY2(first.exitCode() == 0, first.readAllStandardError().constData());
    QVERIFY2(second.exitCode() == 0, second.readAllStandardError().constData());
    QByteArray answers;
    QElapsedTimer timer;
    timer.start();
    while (answers.count("\"id\":1") < 1 + kMemories && timer.elapsed() < 60000) {
        mcp.waitForReadyRead(200);
        answers += mcp.readAllStandardOutput();
    }
    mcp.closeWriteChannel();
    QVERIFY2(mcp.waitForFinished(30000), answers.constData());
    QVERIFY2(recalls > 0, "no recall ran while the indexers did");

    // Nothing lost: every file indexed, each memory among them, the vector file the index's.
    auto engine = open(vault.path());
    QVERIFY(!engine->index().error);
    const QSet<QString> indexed = indexedPaths(vault.path());
    int memories = 0;
    for (const QString &p : indexed)
        memories += p.startsWith(QLatin1String("memories/")) ? 1 : 0;
    QCOMPARE(memories, kMemories);
    QCOMPARE(indexed.size(), 300 + 500 + kMemories);
    QVERIFY2(vectorFileIds(vault.path()) == indexVectorIds(vault.path()), "the vector file is not the index's chunks");
    QSet<QString> unseen = indexed;
    unseen.subtract(journalSeenPaths(vault.path()));
    QVERIFY(unseen.isEmpty());

    // Recall equals a rebuild of the same files.
    const QStringList queries = noteQueries(30, 43) << QStringLiteral("gravel road lagoon");
    const QStringList before = recallLines(*engine, queries);
    QVERIFY(engine->rebuild());
    QCOMPARE(recallLines(*engine, queries), before);
}

QTEST_GUILESS_MAIN(TestVaultWriters)
#include "tst_vaultwriters.moc"
