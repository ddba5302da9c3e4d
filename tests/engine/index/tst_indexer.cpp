#include "TestVault.h"
#include "index/IndexStore.h"
#include "index/VectorIndex.h"
#include "ingest/DocumentParser.h"
#include "vault/EngineInternals.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
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

QStringList rankedSources(Engine &engine, const QString &text)
{
    RecallQuery q;
    q.text = text;
    q.k = 20;
    q.now = QDateTime(QDate(2026, 1, 1), QTime(0, 0), Qt::UTC);
    auto results = engine.recall(q);
    QStringList out;
    for (const RecallResult &r : *results)
        out << QStringLiteral("%1:%2-%3 %4")
                   .arg(r.chunk.path)
                   .arg(r.chunk.startLine)
                   .arg(r.chunk.endLine)
                   .arg(r.score, 0, 'f', 6);
    return out;
}

/// Whether this process maps the file at `path` (a line of /proc/self/maps ends with its path).
bool isMapped(const QString &path)
{
    QFile maps(QStringLiteral("/proc/self/maps"));
    if (!maps.open(QIODevice::ReadOnly))
        qFatal("cannot read /proc/self/maps");
    const QByteArray suffix = ' ' + QFileInfo(path).absoluteFilePath().toUtf8();
    for (const QByteArray &line : maps.readAll().split('\n'))
        if (line.endsWith(suffix))
            return true;
    return false;
}

/// FTS5's own check of its index against the text it reads (view chunks_content): "ok" or the error.
QString keywordIndexCheck(Engine &engine)
{
    const Status s = internals(engine).store().database().exec(
        QStringLiteral("INSERT INTO chunks_fts(chunks_fts, rank) VALUES('integrity-check', 1)"));
    return s ? QStringLiteral("ok") : s.error().message;
}

/// The chunk ids whose keyword column `column` matches `word`, ascending.
QList<qint64> keywordMatches(Engine &engine, const QString &column, const QString &word)
{
    auto s = internals(engine).store().database().prepare(
        QStringLiteral("SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY rowid"));
    s->bind(1, column + QStringLiteral(" : ") + word);
    QList<qint64> ids;
    while (s->next())
        ids << s->int64(0);
    return ids;
}

void writeSampleVault(TestVault &vault)
{
    vault.write(QStringLiteral("notes/sqlite.md"),
                QStringLiteral("---\ntitle: Storage decision\ncategory: decision\n---\n# Storage\n\n"
                               "We decided to keep the index in SQLite with FTS5 because it is embedded.\n"));
    vault.write(QStringLiteral("notes/garden.md"),
                QStringLiteral("# Garden\n\nTomatoes need sun and water every day.\n"));
    vault.write(QStringLiteral("memories/procedural/deploy.md"),
                QStringLiteral("# Deploy\n\n1. Build the package\n2. Upload it to the server\n"));
    vault.write(QStringLiteral("sessions/2026-01-01/chat.md"),
                QStringLiteral("User: which database do we use?\n\nAssistant: SQLite, with FTS5 for search.\n\n"
                               "User: and vectors?\n\nAssistant: hnswlib beside it.\n"));
}

} // namespace

class TestIndexer : public QObject {
    Q_OBJECT
private slots:
    void index_storesFilesChunksAndVectors()
    {
        TestVault vault;
        writeSampleVault(vault);
        auto engine = openEngine(vault);
        const IndexReport report = engine->index();
        QCOMPARE(report.scanned, 4);
        QCOMPARE(report.indexed, 4);
        QCOMPARE(report.failed, 0);
        QCOMPARE(internals(*engine).store().fileCount(), 4);
        // One paragraph each in sqlite.md, garden.md and deploy.md; chat.md is a transcript of four
        // turns, one chunk a turn (turnsPerChunk 1).
        QCOMPARE(internals(*engine).store().chunkCount(), 7);
        QCOMPARE(internals(*engine).vectors().size(), internals(*engine).store().chunkCount());
        QVERIFY(QFile::exists(vault.filePath(QStringLiteral(".engram/index.db"))));
        QVERIFY(QFile::exists(vault.filePath(QStringLiteral(".engram/vectors.hnsw"))));
    }

    void index_tagsExplicitAndInferred()
    {
        TestVault vault;
        writeSampleVault(vault);
        auto engine = openEngine(vault);
        engine->index();
        const QList<Chunk> decision = internals(*engine).store().chunksOfFile(QStringLiteral("notes/sqlite.md"));
        QCOMPARE(decision.size(), 1);
        QCOMPARE(decision[0].tags.category.value, QStringLiteral("decision"));
        QVERIFY(decision[0].tags.category.isExplicit);
        QVERIFY(!decision[0].tags.store.isExplicit);
        const QList<Chunk> deploy =
            internals(*engine).store().chunksOfFile(QStringLiteral("memories/procedural/deploy.md"));
        QCOMPARE(deploy[0].tags.store.value, QStringLiteral("procedural"));
        const QList<Chunk> chat =
            internals(*engine).store().chunksOfFile(QStringLiteral("sessions/2026-01-01/chat.md"));
        QCOMPARE(chat[0].tags.region.value, QStringLiteral("episodic"));
        QCOMPARE(chat[0].tags.store.value, QStringLiteral("episodic"));
    }

    void index_secondRunSkipsUnchangedFiles()
    {
        TestVault vault;
        writeSampleVault(vault);
        auto engine = openEngine(vault);
        engine->index();
        const IndexReport again = engine->index();
        QCOMPARE(again.indexed, 0);
        QCOMPARE(again.unchanged, 4);
    }

    void index_withNothingNewKeepsTheVectorFile()
    {
        // A no-op run must not rewrite the vector file (168 MB at 100k chunks), and the file
        // must still count as current for the next open (no rebuild from SQLite).
        TestVault vault;
        writeSampleVault(vault);
        const QString vectors = vault.filePath(QStringLiteral(".engram/vectors.hnsw"));
        openEngine(vault)->index();
        // An old modification time a rewrite (temporary file, rename) would replace.
        const QDateTime old(QDate(2001, 1, 1), QTime(0, 0), Qt::UTC);
        {
            QFile file(vectors);
            QVERIFY(file.open(QIODevice::ReadWrite));
            QVERIFY(file.setFileTime(old, QFileDevice::FileModificationTime));
        }
        {
            auto engine = openEngine(vault);
            QCOMPARE(engine->index().indexed, 0);
            QCOMPARE(engine->indexPath(QStringLiteral("notes/garden.md")).indexed, 0);
        }
        QCOMPARE(QFileInfo(vectors).lastModified().toUTC(), old);
        auto reopened = openEngine(vault);
        QVERIFY2(reopened->openNotes().isEmpty(), qPrintable(reopened->openNotes().join(QLatin1Char('\n'))));
        QCOMPARE(internals(*reopened).store().meta(QStringLiteral("vectors_generation")),
                 internals(*reopened).store().meta(QStringLiteral("generation")));

        // A real change still saves.
        vault.write(QStringLiteral("notes/new.md"), QStringLiteral("# New\n\nA note about kayaks.\n"));
        reopened->index();
        reopened.reset();
        QVERIFY(QFileInfo(vectors).lastModified().toUTC() > old);
    }

    void open_trustsACurrentVectorFileWithoutReadingTheIdList()
    {
        // A file saved after the index's last write holds the index's ids: an open does not read
        // the chunk id list to compare (1,907 page reads of a cold CLI recall at 1M chunks).
        TestVault vault;
        writeSampleVault(vault);
        qint64 chunks = 0;
        {
            auto engine = openEngine(vault);
            QCOMPARE(engine->index().indexed, 4);
            chunks = internals(*engine).store().chunkCount();
            // A row gone behind the engine's back (no generation moved): only a comparison would see it.
            QVERIFY(internals(*engine)
                        .store()
                        .database()
                        .exec(QStringLiteral("DELETE FROM chunks WHERE id = (SELECT max(id) FROM chunks)"))
                        .ok());
        }
        auto engine = openEngine(vault);
        QVERIFY2(engine->openNotes().isEmpty(), qPrintable(engine->openNotes().join(QLatin1Char('\n'))));
        QCOMPARE(internals(*engine).vectors().size(), chunks);
    }

    void open_comparesIdsWhenTheVectorFileIsNotTheOneSaved()
    {
        // The generations agree but the file is another one (an older copy put back): its ids are
        // compared with the index's and the difference is added.
        TestVault vault;
        writeSampleVault(vault);
        const QString vectors = vault.filePath(QStringLiteral(".engram/vectors.hnsw"));
        const QString older = vault.filePath(QStringLiteral(".engram/older.hnsw"));
        QCOMPARE(openEngine(vault)->index().indexed, 4);
        QVERIFY(QFile::copy(vectors, older));
        vault.write(QStringLiteral("notes/new.md"), QStringLiteral("# New\n\nA note about kayaks.\n"));
        QCOMPARE(openEngine(vault)->index().indexed, 1);
        QVERIFY(QFile::remove(vectors));
        QVERIFY(QFile::rename(older, vectors));
        auto engine = openEngine(vault);
        QVERIFY2(engine->openNotes().join(QLatin1Char(' ')).contains(QStringLiteral("brought up to date")),
                 qPrintable(engine->openNotes().join(QLatin1Char('\n'))));
        QCOMPARE(internals(*engine).vectors().size(), internals(*engine).store().chunkCount());
        QVERIFY(!rankedSources(*engine, QStringLiteral("kayaks")).isEmpty());
    }

    void documentFrequencies_seeAnotherConnectionsWrites()
    {
        TestVault vault;
        writeSampleVault(vault);
        auto reader = openEngine(vault);
        reader->index();
        QCOMPARE(
            internals(*reader).store().documentFrequencies({QStringLiteral("kayak")}).value(QStringLiteral("kayak")),
            0);
        {
            auto writer = openEngine(vault); // another connection, as the workbench's indexing thread
            vault.write(QStringLiteral("notes/kayak.md"), QStringLiteral("# Kayak\n\nThe kayak trip.\n"));
            writer->index();
        }
        QCOMPARE(
            internals(*reader).store().documentFrequencies({QStringLiteral("kayak")}).value(QStringLiteral("kayak")),
            1);
    }

    void index_changedFileReplacesItsChunksAndVectors()
    {
        TestVault vault;
        writeSampleVault(vault);
        auto engine = openEngine(vault);
        engine->index();
        const QList<qint64> before = internals(*engine).store().chunkIds(QStringLiteral("notes/garden.md"));
        vault.write(QStringLiteral("notes/garden.md"),
                    QStringLiteral("# Garden\n\nCucumbers climb.\n\n# Shed\n\nTools.\n"));
        const IndexReport report = engine->indexPath(QStringLiteral("notes/garden.md"));
        QCOMPARE(report.indexed, 1);
        const QList<qint64> after = internals(*engine).store().chunkIds(QStringLiteral("notes/garden.md"));
        QCOMPARE(after.size(), 2);
        for (qint64 id : before)
            QVERIFY(!after.contains(id));
        QCOMPARE(internals(*engine).vectors().size(), internals(*engine).store().chunkCount());
        QVERIFY(
            rankedSources(*engine, QStringLiteral("cucumbers")).front().startsWith(QStringLiteral("notes/garden.md")));
        for (const Chunk &c : internals(*engine).store().chunksOfFile(QStringLiteral("notes/garden.md")))
            QVERIFY(!c.text.contains(QStringLiteral("Tomatoes")));
        auto hits = internals(*engine).store().keywordSearch({QStringLiteral("tomatoes")}, 10, {}).value();
        QVERIFY(hits.isEmpty());
    }

    void index_deletedFileIsRemoved()
    {
        TestVault vault;
        writeSampleVault(vault);
        auto engine = openEngine(vault);
        engine->index();
        vault.remove(QStringLiteral("notes/garden.md"));
        const IndexReport report = engine->index();
        QCOMPARE(report.removed, 1);
        QVERIFY(!internals(*engine).store().file(QStringLiteral("notes/garden.md")));
        QCOMPARE(internals(*engine).vectors().size(), internals(*engine).store().chunkCount());
        for (const QString &s : rankedSources(*engine, QStringLiteral("tomatoes garden")))
            QVERIFY(!s.startsWith(QStringLiteral("notes/garden.md")));
    }

    void rebuild_fromEmptyIndexGivesIdenticalRecall()
    {
        TestVault vault;
        writeSampleVault(vault);
        QStringList incremental;
        {
            auto engine = openEngine(vault);
            engine->index();
            // an incremental history: change, delete, add
            vault.write(QStringLiteral("notes/garden.md"), QStringLiteral("# Garden\n\nTomatoes and SQLite plots.\n"));
            engine->indexPath(QStringLiteral("notes/garden.md"));
            vault.write(QStringLiteral("notes/new.md"), QStringLiteral("A new note about search ranking and FTS5.\n"));
            engine->index();
            incremental = rankedSources(*engine, QStringLiteral("which database and search do we use"));
        }
        QVERIFY(QDir(vault.filePath(QStringLiteral(".engram"))).removeRecursively());
        auto fresh = openEngine(vault);
        fresh->index();
        QCOMPARE(rankedSources(*fresh, QStringLiteral("which database and search do we use")), incremental);
        auto rebuilt = fresh->rebuild();
        QVERIFY(rebuilt.ok());
        QCOMPARE(rankedSources(*fresh, QStringLiteral("which database and search do we use")), incremental);
    }

    void crashMidIndex_vectorsAreRebuiltFromTheDatabase()
    {
        TestVault vault;
        writeSampleVault(vault);
        QStringList expected;
        {
            auto engine = openEngine(vault);
            engine->index();
            expected = rankedSources(*engine, QStringLiteral("database search"));
        }
        // Simulate a run that bumped the generation and died before saving the vectors.
        {
            Database db;
            QVERIFY(db.open(vault.filePath(QStringLiteral(".engram/index.db"))).ok());
            QVERIFY(db.exec(QStringLiteral("UPDATE meta SET value = value + 1 WHERE key = 'generation'")).ok());
        }
        QFile vectors(vault.filePath(QStringLiteral(".engram/vectors.hnsw")));
        QVERIFY(vectors.open(QIODevice::WriteOnly | QIODevice::Truncate));
        vectors.write("garbage");
        vectors.close();
        auto engine = openEngine(vault);
        QVERIFY(!engine->openNotes().isEmpty());
        QCOMPARE(internals(*engine).vectors().size(), internals(*engine).store().chunkCount());
        QCOMPARE(rankedSources(*engine, QStringLiteral("database search")), expected);
    }

    void corruptDatabase_isSetAsideAndRebuilt()
    {
        TestVault vault;
        writeSampleVault(vault);
        {
            auto engine = openEngine(vault);
            engine->index();
        }
        QFile db(vault.filePath(QStringLiteral(".engram/index.db")));
        QVERIFY(db.open(QIODevice::WriteOnly | QIODevice::Truncate));
        db.write(QByteArray(8192, 'x'));
        db.close();
        QFile::remove(vault.filePath(QStringLiteral(".engram/index.db-wal")));
        auto engine = openEngine(vault);
        QVERIFY(engine->openNotes().join(QLatin1Char(' ')).contains(QStringLiteral("set aside")));
        const IndexReport report = engine->index();
        QCOMPARE(report.indexed, 4);
        QVERIFY(!rankedSources(*engine, QStringLiteral("SQLite")).isEmpty());
    }

    void keywords_ofNeighbourTurnsFollowTheirFile()
    {
        // A turn's neighbouring turns are keyword-indexed with it (column `context`), read from the
        // neighbours' rows: the index must lose them exactly when the file changes or goes.
        TestVault vault;
        writeSampleVault(vault);
        auto engine = openEngine(vault);
        QCOMPARE(engine->index().indexed, 4);
        const QString chat = QStringLiteral("sessions/2026-01-01/chat.md");
        const QList<Chunk> turns = internals(*engine).store().chunksOfFile(chat);
        QCOMPARE(turns.size(), 4);
        // "hnswlib" is in the last turn's text and in its one neighbour's context.
        QCOMPARE(keywordMatches(*engine, QStringLiteral("text"), QStringLiteral("hnswlib")),
                 QList<qint64>{turns[3].id});
        QCOMPARE(keywordMatches(*engine, QStringLiteral("context"), QStringLiteral("hnswlib")),
                 QList<qint64>{turns[2].id});
        // "vectors" (turn 3) is the context of turns 2 and 4.
        QCOMPARE(keywordMatches(*engine, QStringLiteral("context"), QStringLiteral("vectors")),
                 (QList<qint64>{turns[1].id, turns[3].id}));
        QCOMPARE(keywordIndexCheck(*engine), QStringLiteral("ok"));
        QCOMPARE(internals(*engine).store().approximateChunkCount(), internals(*engine).store().chunkCount());

        vault.write(chat, QStringLiteral("User: which editor?\n\nAssistant: Kate, with its terminal.\n\n"
                                         "User: and the shell?\n\nAssistant: fish.\n"));
        QCOMPARE(engine->index().indexed, 1);
        QVERIFY(keywordMatches(*engine, QStringLiteral("context"), QStringLiteral("hnswlib")).isEmpty());
        QVERIFY(keywordMatches(*engine, QStringLiteral("context"), QStringLiteral("vectors")).isEmpty());
        const QList<Chunk> changed = internals(*engine).store().chunksOfFile(chat);
        QCOMPARE(changed.size(), 4);
        QCOMPARE(keywordMatches(*engine, QStringLiteral("context"), QStringLiteral("kate")),
                 (QList<qint64>{changed[0].id, changed[2].id}));
        QCOMPARE(keywordIndexCheck(*engine), QStringLiteral("ok"));

        QVERIFY(vault.remove(chat));
        QCOMPARE(engine->index().removed, 1);
        QVERIFY(keywordMatches(*engine, QStringLiteral("context"), QStringLiteral("kate")).isEmpty());
        QVERIFY(keywordMatches(*engine, QStringLiteral("text"), QStringLiteral("editor")).isEmpty());
        QCOMPARE(keywordIndexCheck(*engine), QStringLiteral("ok"));
        // Read from FTS5's row count, not count(*): the same number after changes and removals.
        QCOMPARE(internals(*engine).store().approximateChunkCount(), internals(*engine).store().chunkCount());
        QVERIFY(!rankedSources(*engine, QStringLiteral("SQLite")).isEmpty());
    }

    void olderSchema_isSetAsideAndRebuiltWithAMessage()
    {
        TestVault vault;
        writeSampleVault(vault);
        {
            auto engine = openEngine(vault);
            QCOMPARE(engine->index().indexed, 4);
            // What an index of schema 5 had: the neighbours' text stored in each turn's row.
            QVERIFY(internals(*engine)
                        .store()
                        .database()
                        .exec(QStringLiteral("ALTER TABLE chunks ADD COLUMN context TEXT NOT NULL DEFAULT '';"
                                             "UPDATE meta SET value = '5' WHERE key = 'schema';"))
                        .ok());
        }
        auto engine = openEngine(vault);
        const QString notes = engine->openNotes().join(QLatin1Char(' '));
        QVERIFY2(notes.contains(QStringLiteral("schema version 5, this Engram uses %1").arg(IndexStore::kSchemaVersion))
                     && notes.contains(QStringLiteral("rebuilt")),
                 qPrintable(notes));
        QVERIFY(!QDir(vault.filePath(QStringLiteral(".engram")))
                     .entryList({QStringLiteral("index.db.broken-*")}, QDir::Files)
                     .isEmpty());
        QCOMPARE(engine->index().indexed, 4);
        QCOMPARE(keywordIndexCheck(*engine), QStringLiteral("ok"));
        QVERIFY(!rankedSources(*engine, QStringLiteral("SQLite")).isEmpty());
    }

    void embedderChange_reembedsEverything()
    {
        TestVault vault;
        writeSampleVault(vault);
        {
            auto engine = openEngine(vault);
            engine->index();
        }
        vault.write(QStringLiteral("engram.json"), QByteArray(R"({"embedder": {"kind": "hash", "dimensions": 128}})"));
        auto engine = openEngine(vault);
        QCOMPARE(internals(*engine).embedder().dimensions(), 128);
        const IndexReport report = engine->index();
        QCOMPARE(report.indexed, 4); // nothing kept from the other vector space
        QCOMPARE(internals(*engine).vectors().size(), internals(*engine).store().chunkCount());
    }

    void olderParserVersion_readsEveryFileAgain()
    {
        TestVault vault;
        writeSampleVault(vault);
        vault.write(
            QStringLiteral("sessions/2025-01-01/0b6c9e1a.jsonl"),
            QByteArray(
                R"({"type":"user","sessionId":"s","cwd":"/home/ann/shop","timestamp":"2025-01-01T09:00:00Z","message":{"role":"user","content":"Why does checkout time out?"}}
{"type":"assistant","sessionId":"s","timestamp":"2025-01-01T09:00:04Z","message":{"role":"assistant","content":[{"type":"text","text":"The payment call has no deadline."}]}}
)"));
        const QString path = QStringLiteral("sessions/2025-01-01/0b6c9e1a.jsonl");
        {
            auto engine = openEngine(vault);
            engine->index();
            QCOMPARE(internals(*engine).store().meta(QStringLiteral("parser")),
                     QString::number(DocumentParser::kVersion));
            // As an index written by the parser before titles were derived from the session.
            QVERIFY(internals(*engine).store().database().exec(QStringLiteral(
                "UPDATE chunks SET title = '0b6c9e1a'; UPDATE meta SET value = '1' WHERE key = 'parser';")));
        }
        auto engine = openEngine(vault);
        QCOMPARE(internals(*engine).store().chunksOfFile(path).first().title, QStringLiteral("0b6c9e1a"));
        const IndexReport report = engine->index();
        QCOMPARE(report.indexed, 5); // unchanged files too
        QVERIFY(internals(*engine).store().chunksOfFile(path).first().title.startsWith(
            QStringLiteral("Why does checkout time out? — shop, ")));
        QCOMPARE(internals(*engine).store().meta(QStringLiteral("parser")), QString::number(DocumentParser::kVersion));
        QCOMPARE(engine->index().indexed, 0); // and once only
    }

    void agentLog_toolEventsReachTheObserverButAreNotEmbedded()
    {
        TestVault vault;
        vault.write(
            QStringLiteral("sessions/2025-01-01/s.jsonl"),
            QByteArray(
                R"({"type":"user","sessionId":"s","timestamp":"2025-01-01T00:00:00Z","message":{"role":"user","content":"please list files"}}
{"type":"assistant","sessionId":"s","timestamp":"2025-01-01T00:00:01Z","message":{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"ls"}}]}}
{"type":"user","sessionId":"s","timestamp":"2025-01-01T00:00:02Z","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"unique_tool_output_marker"}]}}
{"type":"assistant","sessionId":"s","timestamp":"2025-01-01T00:00:03Z","message":{"role":"assistant","content":[{"type":"text","text":"There are two files."}]}}
)"));
        auto engine = openEngine(vault);
        int events = 0;
        internals(*engine).indexer().setDocumentObserver(
            [&](const Document &doc, const QList<qint64> &) { events += int(doc.toolEvents.size()); });
        engine->index();
        QCOMPARE(events, 1);
        QCOMPARE(internals(*engine).store().chunkCount(), 2);
        QVERIFY(
            rankedSources(*engine, QStringLiteral("unique_tool_output_marker")).isEmpty()
            || !internals(*engine).store().chunksOfFile(QStringLiteral("sessions/2025-01-01/s.jsonl"))[0].text.contains(
                QStringLiteral("unique_tool_output_marker")));
    }

    void indexPath_refusesAPathThatLeavesTheVault_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("absolute") << QStringLiteral("ABSOLUTE");
        QTest::newRow("dot-dot") << QStringLiteral("../outside/secret.md");
        QTest::newRow("dot-dot inside") << QStringLiteral("notes/../../outside/secret.md");
    }

    void indexPath_refusesAPathThatLeavesTheVault()
    {
        QFETCH(QString, path);
        QTemporaryDir root;
        QDir(root.path()).mkpath(QStringLiteral("vault"));
        QDir(root.path()).mkpath(QStringLiteral("outside"));
        QFile secret(root.filePath(QStringLiteral("outside/secret.md")));
        QVERIFY(secret.open(QIODevice::WriteOnly));
        secret.write("The launch code is in the drawer.\n");
        secret.close();
        if (path == QLatin1String("ABSOLUTE"))
            path = secret.fileName();
        auto opened = Engine::open(root.filePath(QStringLiteral("vault")));
        QVERIFY(opened.ok());
        auto &engine = *opened;
        const IndexReport report = engine->indexPath(path);
        QCOMPARE(report.failed, 1);
        QCOMPARE(report.indexed, 0);
        QCOMPARE(internals(*engine).store().fileCount(), qint64(0));
    }

    void indexReport_addsUpSeveralPaths()
    {
        TestVault vault;
        writeSampleVault(vault);
        auto engine = openEngine(vault);
        IndexReport total;
        total += engine->indexPath(QStringLiteral("notes/sqlite.md"));
        total += engine->indexPath(QStringLiteral("notes/garden.md"));
        total += engine->indexPath(QStringLiteral("notes/garden.md"));
        QCOMPARE(total.scanned, 3);
        QCOMPARE(total.indexed, 2);
        QCOMPARE(total.unchanged, 1);
        QCOMPARE(total.changedPaths.size(), 2);
        QCOMPARE(total.chunks, 2); // one section each; the unchanged garden adds none
    }

    void open_oneShotEngineReadsTheIndexWithoutMappingIt()
    {
        // A CLI command or an MCP server opens the vault for a few recalls: a map of index.db
        // would read ahead megabytes around every page a cold recall touches (bench/README.md).
        TestVault vault;
        writeSampleVault(vault);
        const QString database = vault.filePath(QStringLiteral(".engram/index.db"));
        {
            auto engine = openEngine(vault); // EngineLifetime::OneShot, as engram-cli opens it
            QCOMPARE(engine->index().indexed, 4);
            QVERIFY(!engine->recall(RecallQuery{QStringLiteral("database"), {}, 5, {}, {}, false})->isEmpty());
            QVERIFY2(!isMapped(database), "a one-shot engine maps no part of index.db");
            auto worker = engine->openWorker();
            QVERIFY(worker);
            QVERIFY(!(*worker)->recall(RecallQuery{QStringLiteral("database"), {}, 5, {}, {}, false})->isEmpty());
            QVERIFY2(!isMapped(database), "its workers neither");
        }
        auto opened = Engine::open(vault.path(), EngineLifetime::LongRunning); // the workbench
        QVERIFY(opened);
        QVERIFY(!(*opened)->recall(RecallQuery{QStringLiteral("database"), {}, 5, {}, {}, false})->isEmpty());
        QVERIFY2(isMapped(database), "a long-running engine reads index.db through a map");
    }

    void index_saysWhenTheVectorFileCannotBeSaved_andTheIndexStaysWhole()
    {
        TestVault vault;
        writeSampleVault(vault);
        auto engine = openEngine(vault);
        // A folder where the vector file goes: the save fails. The vector file is a cache of the
        // stored vectors, so the index is whole; the run fails and names the file (on a full disk,
        // every later open would rebuild the graph until space is freed).
        const QString vectorFile = vault.filePath(QStringLiteral(".engram/vectors.hnsw"));
        QFile::remove(vectorFile);
        QVERIFY(QDir().mkpath(vectorFile));
        const IndexReport report = engine->index();
        QVERIFY(report.error);
        QVERIFY(report.writeFailed);
        QVERIFY2(report.error->toString().contains(vectorFile), qPrintable(report.error->toString()));
        QCOMPARE(report.indexed, 4);
        QVERIFY(!engine->recall(RecallQuery{QStringLiteral("database"), {}, 5, {}, {}, false})->isEmpty());
        QVERIFY(QDir(vectorFile).removeRecursively());
    }
};

QTEST_GUILESS_MAIN(TestIndexer)
#include "tst_indexer.moc"
