#include "vault/Engine.h"

#include "cognition/CognitiveMerge.h"
#include "cognition/CognitiveState.h"
#include "cognition/ToolUsage.h"
#include "core/BoundedRead.h"
#include "core/CrashPoint.h"
#include "core/VaultBoundary.h"
#include "index/MemoryCatalog.h"
#include "ingest/ConflictMarkers.h"
#include "ingest/DocumentParser.h"
#include "vault/EngineInternals.h"
#include "vault/HealthChecks.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

#include <algorithm>
#include <iterator>

namespace engram {

namespace {

const QString kIndexDir = QStringLiteral(".engram");
const QString kDatabaseFile = QStringLiteral("index.db");
const QString kVectorFile = QStringLiteral("vectors.hnsw");

/// Tool calls seen in agent logs go to the tool statistics, never to the embedder. They are
/// collected while a run indexes and written by the returned function once after it: the
/// statistics file is rewritten once per run, not once per agent log.
std::function<Status()> recordToolEvents(Indexer &indexer, const QString &vaultPath)
{
    auto pending = std::make_shared<QList<ToolEvent>>();
    indexer.setDocumentObserver([pending](const Document &doc, const QList<qint64> &) { *pending << doc.toolEvents; });
    return [pending, vaultPath]() -> Status {
        if (pending->isEmpty())
            return {};
        if (auto recorded = ToolUsage(vaultPath).record(std::exchange(*pending, {})); !recorded)
            return recorded.error();
        return {};
    };
}

/// A failure that does not undo an index run, as a warning of its report: `engram-cli index`
/// prints it and the workbench lists it.
void addWarning(IndexReport &report, const Error &error)
{
    report.problems << Problem{error.path, error.line, QStringLiteral("warning"), error.message};
}

/// A failure after which the run's report is not complete (the first one is kept).
void addError(IndexReport &report, const Error &error)
{
    if (!report.error)
        report.error = error;
}

/// The count and a hash of a vector file's ids (ascending): which file was saved, without its ids.
QString idDigest(const std::vector<qint64> &ids)
{
    quint64 hash = 14695981039346656037ull; // FNV-1a over each id
    for (qint64 id : ids)
        hash = (hash ^ quint64(id)) * 1099511628211ull;
    return QStringLiteral("%1:%2").arg(ids.size()).arg(hash, 16, 16, QLatin1Char('0'));
}

FileMapping mappingFor(EngineLifetime lifetime)
{
    return lifetime == EngineLifetime::LongRunning ? FileMapping::Whole : FileMapping::None;
}

} // namespace

QString defaultVaultPath()
{
    const QString fromEnv = qEnvironmentVariable("ENGRAM_VAULT");
    if (!fromEnv.isEmpty())
        return fromEnv;
    return QDir(QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation))
        .filePath(QStringLiteral("engram/vault"));
}

Engine::Engine() : m_store(std::make_unique<IndexStore>()) { }

Engine::~Engine()
{
    // Saved when no other writer is busy; otherwise the next opener brings the file up to date.
    // A worker leaves it to its owner (short-lived workers would each write the whole file).
    // A failure leaves the file marked stale (vectors_generation behind), so the next opener
    // brings it up to date from the stored vectors: nothing is lost, and a destructor cannot report.
    if (m_vectorsDirty && !m_worker)
        if (auto lock = VaultLock::acquire(m_vaultPath, VaultLock::Kind::Index, 0))
            (void)saveVectorsLocked();
}

QString Engine::indexDirectory() const
{
    return QDir(m_vaultPath).filePath(kIndexDir);
}

Status Engine::checkVaultFolder(const QString &vaultPath)
{
    const QFileInfo info(vaultPath);
    if (!info.exists())
        return Error{QStringLiteral("vault folder %1 does not exist; create one with `engram-cli init --vault %1`, "
                                    "or pass --vault DIR")
                         .arg(vaultPath)};
    if (!info.isDir())
        return Error{QStringLiteral("%1 is a file, not a vault folder").arg(vaultPath)};
    return {};
}

Result<std::unique_ptr<Engine>> Engine::open(const QString &vaultPath, EngineLifetime lifetime)
{
    if (Status folder = checkVaultFolder(vaultPath); !folder)
        return folder.error();
    const QFileInfo info(vaultPath);

    std::unique_ptr<Engine> engine(new Engine);
    engine->m_lifetime = lifetime;
    engine->m_vaultPath = info.absoluteFilePath();
    auto config = Config::load(engine->m_vaultPath);
    if (!config)
        return config.error();
    engine->m_config = std::make_shared<Config>(*config);
    engine->m_gate = RedactionGate::forConfig(*engine->m_config);
    auto embedder = Embedder::create(*config);
    if (!embedder)
        return embedder.error();
    engine->m_embedder = std::shared_ptr<Embedder>(std::move(*embedder));
    engine->m_vectors = std::make_shared<VectorIndex>(engine->m_embedder->dimensions(),
                                                      engine->m_embedder->id().startsWith(QLatin1String("hash"))
                                                          ? VectorIndex::kHashBuildEffort
                                                          : VectorIndex::kModelBuildEffort);

    if (Status s = engine->openIndex(); !s)
        return s.error();
    if (Status s = engine->loadOrRebuildVectors(); !s)
        return s.error();
    engine->m_retriever =
        std::make_unique<Retriever>(*engine->m_store, *engine->m_vectors, *engine->m_embedder, *engine->m_config);
    engine->m_indexer = std::make_unique<Indexer>(engine->m_vaultPath, *engine->m_config, *engine->m_store,
                                                  *engine->m_vectors, *engine->m_embedder);
    engine->m_flushToolEvents = recordToolEvents(*engine->m_indexer, engine->m_vaultPath);
    // The cognitive layer's preamble: empty while state/cognitive.json does not exist.
    const QString vault = engine->m_vaultPath;
    engine->m_cognitivePreamble = [vault](const QDateTime &now, int maxTokens) {
        CognitiveStore store(vault);
        const QString text = store.preamble(now, maxTokens);
        // Bookkeeping of which heuristics were shown (for their review); a pack does not fail for it,
        // and a damaged state file is what `health` reports under "cognitive state".
        if (!text.isEmpty())
            (void)CognitiveStore::notePackedHeuristics(vault, store.lastPreambleHeuristics(), now);
        return text;
    };
    if (Status s = engine->attachDynamics(); !s)
        return s.error();
    // Items a git merge of state/cognitive.json found edited on two machines wait in it until
    // they become proposals the person decides on. Not being able to move them now leaves them
    // there (nothing lost); the next index run reports why.
    if (auto adopted = adoptMergeProposals(engine->m_vaultPath, engine->m_dynamics->now()); !adopted)
        engine->m_runWarnings << Error{QStringLiteral("items edited on two machines wait in %1: %2")
                                           .arg(CognitiveStore::relativePath(), adopted.error().message),
                                       CognitiveStore::relativePath(), adopted.error().line};
    return engine;
}

Result<std::unique_ptr<Engine>> Engine::openWorker() const
{
    return openWorker(*m_config);
}

Result<std::unique_ptr<Engine>> Engine::openWorker(const Config &config) const
{
    std::unique_ptr<Engine> engine(new Engine);
    engine->m_worker = true;
    engine->m_lifetime = m_lifetime;
    engine->m_vaultPath = m_vaultPath;
    // The same settings share one object; a preview's differ and get their own.
    engine->m_config = &config == m_config.get() ? m_config : std::make_shared<Config>(config);
    engine->m_gate = RedactionGate::forConfig(*engine->m_config);
    engine->m_embedder = m_embedder;
    engine->m_vectors = m_vectors;
    if (Status s =
            engine->m_store->open(QDir(indexDirectory()).filePath(kDatabaseFile), mappingFor(engine->m_lifetime));
        !s)
        return s.error();
    engine->m_retriever =
        std::make_unique<Retriever>(*engine->m_store, *engine->m_vectors, *engine->m_embedder, *engine->m_config);
    engine->m_indexer = std::make_unique<Indexer>(engine->m_vaultPath, *engine->m_config, *engine->m_store,
                                                  *engine->m_vectors, *engine->m_embedder);
    engine->m_flushToolEvents = recordToolEvents(*engine->m_indexer, engine->m_vaultPath);
    engine->m_preamble = m_preamble;
    engine->m_cognitivePreamble = m_cognitivePreamble;
    if (Status s = engine->attachDynamics(); !s)
        return s.error();
    engine->m_dynamics->setClock(m_dynamics->clock());
    return engine;
}

Status Engine::attachDynamics()
{
    m_dynamics = std::make_unique<MemoryDynamics>(m_vaultPath, *m_store, *m_vectors);
    if (Status s = m_dynamics->open(); !s)
        return Error{QStringLiteral("cannot replay the journal: %1").arg(s.error().toString())};
    m_findings = std::make_unique<FindingIndex>(m_store->database());
    // Its tables are derived and additive: an index that cannot take them now (another process is
    // writing) still recalls, and the next update says what failed.
    if (Status s = m_findings->createSchema(); !s)
        m_openNotes << QStringLiteral("review findings not available yet: %1").arg(s.error().toString());
    // The workbench folds a long journal into a snapshot as it opens; a one-shot command leaves it
    // to the workbench or to the next full index (Engine::index).
    if (m_lifetime == EngineLifetime::LongRunning)
        if (Status s = m_dynamics->compactIfLarge(); !s)
            return Error{QStringLiteral("cannot compact the journal: %1").arg(s.error().toString())};
    m_retriever->setSignalSource(&m_dynamics->signalSource());
    m_indexer->setRemovalObserver([this](const QString &path) {
        if (Status s = m_dynamics->fileRemoved(path); !s)
            m_runWarnings << s.error();
    });
    // A file's first-sight event (and its tool events) reach the vault before its rows commit.
    m_indexer->setBeforeCommit([this] {
        flushToolEvents();
        return m_dynamics->flushPending();
    });
    // Chained, so an observer installed by another part of the engine keeps working.
    m_indexer->setDocumentObserver([this, previous = m_indexer->documentObserver()](const Document &document,
                                                                                    const QList<qint64> &ids) {
        if (Status s = m_dynamics->documentIndexed(document, ids); !s)
            m_runWarnings << Error{
                QStringLiteral("associations not written (engram-cli rebuild writes them): %1").arg(s.error().message),
                s.error().path.isEmpty() ? document.path : s.error().path, s.error().line};
        if (previous)
            previous(document, ids);
    });
    return {};
}

void Engine::setClock(std::function<QDateTime()> clock)
{
    m_dynamics->setClock(std::move(clock));
}

QDateTime Engine::now() const
{
    return m_dynamics->now();
}

Status Engine::openIndex()
{
    // The derived index stays inside the vault too: a `.engram` linked elsewhere is refused.
    if (auto folder = VaultBoundary(m_vaultPath).makeFolder(kIndexDir); !folder)
        return Error{QStringLiteral("cannot use the index folder: %1").arg(folder.error().toString())};
    const QString dbPath = QDir(indexDirectory()).filePath(kDatabaseFile);
    // One process opens the index at a time: the first creates a new index and switches it to WAL,
    // or sets a broken one aside, alone. Two `index` runs on a fresh vault raced here (5 of 30 pairs):
    // the second met the first's switch to WAL (SQLITE_BUSY), took the new index for a broken one and
    // renamed it away from under the first, which failed with a disk I/O error. Held for the open only.
    auto opening =
        VaultLock::acquireFile(QDir(indexDirectory()).filePath(QStringLiteral("open.lock")),
                               QStringLiteral("the opening of this vault's index"), VaultLock::kDefaultTimeoutMs);
    if (!opening)
        return opening.error();

    auto setAside = [&](const QString &why) {
        m_store->database().close();
        const QString stamp = QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMddThhmmss"));
        const QString aside = dbPath + QStringLiteral(".broken-") + stamp;
        QFile::rename(dbPath, aside);
        QFile::remove(dbPath + QStringLiteral("-wal"));
        QFile::remove(dbPath + QStringLiteral("-shm"));
        QFile::remove(QDir(indexDirectory()).filePath(kVectorFile));
        m_openNotes << QStringLiteral("the index was set aside as %1 (%2); it is rebuilt from the vault's files")
                           .arg(QFileInfo(aside).fileName(), why);
    };

    Status s = m_store->open(dbPath, mappingFor(m_lifetime));
    // A database another process holds is busy, not broken: never set it aside.
    if (!s && m_store->database().lastFailureWasBusy())
        return s;
    // quick_check reads the whole file (0.3 s at 100k chunks, most of a CLI cold start): run it
    // when that is cheap or the last index run was interrupted; `health` always runs the full check.
    constexpr qint64 kCheapCheckBytes = 64 * 1024 * 1024;
    if (s
        && (QFileInfo(dbPath).size() < kCheapCheckBytes
            || m_store->meta(QStringLiteral("indexing")) == QLatin1String("1"))) {
        const QString check = m_store->database().integrityCheck();
        if (check != QLatin1String("ok"))
            s = Error{QStringLiteral("integrity check failed: %1").arg(check)};
    }
    if (!s) {
        setAside(s.error().message);
        if (Status again = m_store->open(dbPath, mappingFor(m_lifetime)); !again)
            return again;
    }
    const int schema = m_store->meta(QStringLiteral("schema")).toInt();
    if (schema != IndexStore::kSchemaVersion) {
        setAside(QStringLiteral("schema version %1, this Engram uses %2").arg(schema).arg(IndexStore::kSchemaVersion));
        if (Status again = m_store->open(dbPath, mappingFor(m_lifetime)); !again)
            return again;
    }
    const QString embedderId = m_store->meta(QStringLiteral("embedder"));
    if (!embedderId.isEmpty() && embedderId != m_embedder->id()) {
        // Never mix two vector spaces: drop every file so all are embedded again.
        m_openNotes << QStringLiteral("the embedder changed from %1 to %2; every file is embedded again")
                           .arg(embedderId, m_embedder->id());
        if (Status d =
                m_store->database().exec(QStringLiteral("INSERT INTO chunks_fts(chunks_fts) VALUES('delete-all'); "
                                                        "DELETE FROM chunks; DELETE FROM files;"));
            !d)
            return d;
        QFile::remove(QDir(indexDirectory()).filePath(kVectorFile));
    }
    // Written only when it changed: opening a vault on a full disk must not need a write.
    if (embedderId == m_embedder->id())
        return {};
    return m_store->setMeta(QStringLiteral("embedder"), m_embedder->id());
}

Status Engine::loadOrRebuildVectors()
{
    // Vectors this process adds wait for the next save in an unnamed file beside the index, not in
    // memory (a full index of a million chunks: 768 MB less; HalfVectorStore).
    if (Status s = m_vectors->setScratchDirectory(indexDirectory()); !s)
        m_openNotes << s.error().toString();
    const QString path = QDir(indexDirectory()).filePath(kVectorFile);
    const qint64 generation = m_store->meta(QStringLiteral("generation"), QStringLiteral("0")).toLongLong();
    const bool current = m_store->meta(QStringLiteral("vectors_generation")) == QString::number(generation);
    Status loaded = QFile::exists(path) ? m_vectors->load(path) : Status(Error{QStringLiteral("missing"), path});
    if (loaded && current && m_store->meta(QStringLiteral("vectors_ids")) == idDigest(m_vectors->ids())) {
        // Saved after the index's last write, and the file that was saved then (its id list is
        // the one recorded): its ids are the index's, as a running engine assumes (syncVectors).
        // Comparing them read the chunk id list from index.db: 1,907 page reads, most of a cold
        // CLI recall's 0.5 s of vector loading at 1M chunks (bench/README.md).
        m_vectors->setGeneration(generation);
        m_vectorsDirty = false;
        return {};
    }
    if (loaded) {
        // The file is a cache: whatever it holds is checked against the index by chunk id (8 ms at
        // 100k chunks) and only the difference is added or removed. A file left behind by an
        // interrupted run or by another process's write is brought up to date, not rebuilt.
        const VectorDifference difference = reconcileVectors();
        m_vectors->setGeneration(generation);
        m_vectorsDirty = !current || difference.added > 0 || difference.removed > 0;
        if (difference.added > 0 || difference.removed > 0)
            m_openNotes << QStringLiteral("the vector file lacked %1 of the index's vectors and held %2 it no "
                                          "longer has; brought up to date")
                               .arg(difference.added)
                               .arg(difference.removed);
        return {};
    }
    if (m_store->vectorCount() > 0)
        m_openNotes << QStringLiteral("the vector file could not be read (%1); rebuilt from stored vectors")
                           .arg(loaded.error().toString());
    m_vectors->clear();
    m_store->forEachVector([this](qint64 id, const Vector &v) { m_vectors->add(id, v); });
    m_vectors->setGeneration(generation);
    m_vectorsDirty = true;
    // Rebuilding is the expensive case (the whole graph): keep the result unless another writer is busy.
    // A file that cannot be written (a full disk) leaves the vectors in memory, whole: recall works,
    // and the next index run saves them or says why it cannot.
    if (auto lock = VaultLock::acquire(m_vaultPath, VaultLock::Kind::Index, 0))
        if (Status s = saveVectorsLocked(); !s)
            m_openNotes << QStringLiteral("the vector file could not be saved: %1").arg(s.error().toString());
    return {};
}

Engine::VectorDifference Engine::reconcileVectors()
{
    const std::vector<qint64> stored = m_store->vectorIds();
    std::vector<qint64> held = m_vectors->ids();
    QList<qint64> missing;
    std::set_difference(stored.begin(), stored.end(), held.begin(), held.end(), std::back_inserter(missing));
    // After another process's rebuild nearly everything differs: its saved file is the quicker
    // way there (0.3 s at 100k chunks, where adding them one by one builds a graph for 30 s).
    const QString path = QDir(indexDirectory()).filePath(kVectorFile);
    if (missing.size() > kReloadAbove
        && m_store->meta(QStringLiteral("vectors_generation")) == m_store->meta(QStringLiteral("generation"))
        && m_vectors->load(path)) {
        held = m_vectors->ids();
        missing.clear();
        std::set_difference(stored.begin(), stored.end(), held.begin(), held.end(), std::back_inserter(missing));
    }
    std::vector<qint64> extra;
    std::set_difference(held.begin(), held.end(), stored.begin(), stored.end(), std::back_inserter(extra));
    for (qint64 id : extra)
        m_vectors->remove(id);
    constexpr qsizetype kBatch = 4096; // ids per query (bound as one JSON list)
    for (qsizetype i = 0; i < missing.size(); i += kBatch)
        m_store->forEachVector([this](qint64 id, const Vector &v) { m_vectors->add(id, v); }, missing.mid(i, kBatch));
    return VectorDifference{qint64(missing.size()), qint64(extra.size())};
}

Status Engine::syncVectors()
{
    const qint64 generation = m_store->meta(QStringLiteral("generation"), QStringLiteral("0")).toLongLong();
    // Only another process moves the stored generation past ours: a writer of this process sets
    // the shared generation before it commits the new one.
    if (generation <= m_vectors->generation())
        return {};
    std::lock_guard guard(m_vectors->syncMutex());
    if (generation <= m_vectors->generation())
        return {};
    const VectorDifference difference = reconcileVectors();
    m_vectors->setGeneration(generation);
    if (difference.added > 0 || difference.removed > 0)
        m_vectorsDirty = true;
    return {};
}

Result<std::unique_ptr<VaultLock>> Engine::beginWrite()
{
    auto lock = VaultLock::acquire(m_vaultPath, VaultLock::Kind::Index, m_lockTimeoutMs);
    if (!lock)
        return lock.error();
    if (Status s = syncVectors(); !s)
        return s.error();
    return lock;
}

Status Engine::markVectorsChanged()
{
    // Every write moves the generation on, so other processes see that their vectors are behind;
    // ours are set first (see syncVectors). The file is current again once saved.
    const qint64 generation = m_store->meta(QStringLiteral("generation"), QStringLiteral("0")).toLongLong() + 1;
    m_vectors->setGeneration(generation);
    m_vectorsDirty = true;
    if (Status s = m_store->setMeta(QStringLiteral("generation"), QString::number(generation)); !s)
        return Error{QStringLiteral("cannot record the index generation, so other processes would not see this "
                                    "write: %1")
                         .arg(s.error().toString())};
    return {};
}

void Engine::flushToolEvents()
{
    if (Status s = m_flushToolEvents(); !s)
        m_runWarnings << Error{QStringLiteral("tool calls of this run were not counted: %1").arg(s.error().message),
                               s.error().path, s.error().line};
}

void Engine::finishRun(IndexReport &report)
{
    flushToolEvents();
    for (const Error &warning : std::exchange(m_runWarnings, {}))
        addWarning(report, warning);
    if (Status s = m_dynamics->flushPending(); !s)
        addWriteError(report, s.error());
}

void Engine::addWriteError(IndexReport &report, const Error &error)
{
    if (report.error)
        return;
    report.error = error;
    report.writeFailed = true;
}

void Engine::undoVectorsOfFailedWrite()
{
    // The indexer rolled back the batch it was writing: the vectors it added or removed for those
    // files go back to what the index holds (the same comparison by chunk id as after another
    // process's write; 8 ms at 100k chunks).
    std::lock_guard guard(m_vectors->syncMutex());
    const VectorDifference difference = reconcileVectors();
    if (difference.added > 0 || difference.removed > 0)
        m_vectorsDirty = true;
}

void Engine::noteWriteOutcome(const IndexReport &report)
{
    const QString key = QStringLiteral("write_failure");
    if (report.writeFailed && report.error) {
        // Kept for `health` in this process and, when one more small write still fits (the rolled
        // back batch's pages are free again), for the next process too.
        m_writeFailure = QStringLiteral("%1\t%2").arg(QDateTime::currentDateTimeUtc().toString(Qt::ISODate),
                                                      report.error->toString());
        (void)m_store->setMeta(key, m_writeFailure);
        return;
    }
    if (report.error)
        return; // stopped for another reason (another writer): says nothing about writes
    m_writeFailure.clear();
    if (!m_store->meta(key).isEmpty())
        (void)m_store->setMeta(key, QString()); // a failure here leaves the old note, and health says so
}

Status Engine::saveVectors()
{
    if (!m_vectorsDirty)
        return {};
    auto lock = VaultLock::acquire(m_vaultPath, VaultLock::Kind::Index, m_lockTimeoutMs);
    if (!lock)
        return lock.error();
    // Another writer may have moved on meanwhile: then our vectors are not the index's any more.
    if (Status s = syncVectors(); !s)
        return s;
    return saveVectorsLocked();
}

Status Engine::saveVectorsLocked()
{
    if (!m_vectorsDirty)
        return {};
    const qint64 generation = m_vectors->generation();
    std::optional<Error> notMapped;
    if (Status s = m_vectors->saveAndMap(QDir(indexDirectory()).filePath(kVectorFile), notMapped); !s)
        return s;
    if (notMapped) // saved, but kept in memory: recall works as before
        qWarning("the saved vector file is not mapped; the vectors stay in memory: %s",
                 qPrintable(notMapped->toString()));
    m_vectorsDirty = false;
    crashPoint("vectors:saved");
    // The ids first: stopped between the two, the generation is behind and the next opener compares.
    if (Status s = m_store->setMeta(QStringLiteral("vectors_ids"), idDigest(m_vectors->ids())); !s)
        return s;
    crashPoint("vectors:ids-recorded");
    return m_store->setMeta(QStringLiteral("vectors_generation"), QString::number(generation));
}

IndexReport Engine::index(const IndexProgress &progress, const std::atomic_bool *cancel)
{
    auto lock = beginWrite();
    if (!lock) {
        IndexReport report;
        report.error = lock.error();
        return report;
    }
    return indexLocked(progress, cancel);
}

IndexReport Engine::indexLocked(const IndexProgress &progress, const std::atomic_bool *cancel)
{
    // The generation moves before anything is touched (a crash mid-run leaves the vector file
    // marked stale) and again at the end when vectors changed (see finishWrite).
    const VectorsBefore before = vectorsBefore();
    if (Status s = markVectorsChanged(); !s) {
        IndexReport report;
        addWriteError(report, s.error());
        noteWriteOutcome(report);
        return report;
    }
    // Indexes written before first-sight events were committed with their rows may lack some.
    crashPoint("index:generation-moved");
    IndexReport report;
    Status unseen;
    {
        const auto run = m_dynamics->beginRun();
        unseen = m_dynamics->noteUnseenFiles();
        report = m_indexer->run(progress, cancel);
    }
    crashPoint("index:indexed");
    if (report.writeFailed)
        undoVectorsOfFailedWrite();
    if (std::optional<Error> scratch = m_vectors->takeScratchError())
        addWarning(report, *scratch);
    if (!unseen)
        addWarning(report, Error{QStringLiteral("first-sight events of files indexed earlier were not recorded: %1")
                                     .arg(unseen.error().toString())});
    finishRun(report);
    if (Status s = finishWrite(before); !s)
        addError(report, s.error());
    crashPoint("index:finished");
    // The vector file is a cache of the stored vectors: when it cannot be written the index is still
    // whole and the next opener rebuilds the file. On a full disk the run says so, as an error:
    // each later open then rebuilds the graph from the stored vectors (30 s at 100k chunks).
    if (Status s = saveVectorsLocked(); !s)
        addWriteError(report, s.error());
    if (!report.writeFailed)
        if (Status s = m_dynamics->compactIfLarge(); !s)
            addWarning(report, Error{QStringLiteral("the journal was not compacted: %1").arg(s.error().toString())});
    noteWriteOutcome(report);
    return report;
}

IndexReport Engine::indexPath(const QString &relativePath)
{
    auto lock = beginWrite();
    if (!lock) {
        IndexReport report;
        report.error = lock.error();
        return report;
    }
    const VectorsBefore before = vectorsBefore();
    if (Status s = markVectorsChanged(); !s) {
        IndexReport report;
        addWriteError(report, s.error());
        noteWriteOutcome(report);
        return report;
    }
    IndexReport report = m_indexer->indexPath(relativePath);
    crashPoint("index-path:indexed");
    if (report.writeFailed)
        undoVectorsOfFailedWrite();
    finishRun(report);
    if (Status s = finishWrite(before); !s)
        addError(report, s.error());
    noteWriteOutcome(report);
    return report;
}

IndexReport Engine::indexPaths(const QStringList &relativePaths, const IndexProgress &progress)
{
    IndexReport total;
    int done = 0;
    {
        const auto run = m_dynamics->beginRun(); // files that came together are first seen together
        for (const QString &path : relativePaths) {
            total += indexPath(path);
            if (progress)
                progress(++done, int(relativePaths.size()), path);
            if (total.writeFailed)
                break; // the disk is full: each further path would fail the same way (the next rescan has them)
        }
    }
    total.scanned = int(relativePaths.size());
    if (total.writeFailed)
        return total; // not brought up to date
    if (Status s =
            m_store->setMeta(QStringLiteral("last_index"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
        !s)
        addError(total, s.error());
    return total;
}

Engine::VectorsBefore Engine::vectorsBefore() const
{
    return VectorsBefore{m_vectorsDirty, m_vectors->changeCount()};
}

Status Engine::finishWrite(const VectorsBefore &before)
{
    if (m_vectors->changeCount() != before.changes) {
        // Moved on again at the end, so a process that caught up in the middle of the run catches up
        // with the rest of it too.
        return markVectorsChanged();
    }
    // A run that found nothing new touched no vector: the saved file is still the index's, so it
    // is marked current again instead of being rewritten (168 MB at 100k chunks) on every check.
    if (!before.dirty
        && m_store->setMeta(QStringLiteral("vectors_generation"), QString::number(m_vectors->generation())))
        m_vectorsDirty = false; // else it stays dirty and is saved, which marks it current then
    return {};
}

Result<IndexReport> Engine::rebuild(const IndexProgress &progress)
{
    auto lock = beginWrite();
    if (!lock)
        return lock.error();
    // The generation moves before any row goes: stopped after the delete, the saved vector file is
    // marked stale and the next opener compares it with the index by chunk id. Moved after it (as it
    // was), a kill in between left the old file marked current over an emptied index; the next run
    // trusted it, added the new chunks to it and saved the old ids with them (tst_crashrecovery,
    // "rebuild killed after 62 ms: the vector file is not the index's chunks", 1 run in 8).
    if (Status s = markVectorsChanged(); !s)
        return s.error();
    crashPoint("rebuild:generation-moved");
    if (Status s =
            m_store->database().exec(QStringLiteral("DELETE FROM chunks; DELETE FROM files; DELETE FROM problems; "
                                                    "INSERT INTO chunks_fts(chunks_fts) VALUES('rebuild');"));
        !s)
        return s.error();
    crashPoint("rebuild:rows-deleted");
    if (Status s = m_dynamics->clearIndexRows(); !s)
        return s.error();
    if (Status s = m_dynamics->replayAll(); !s)
        return s.error();
    crashPoint("rebuild:replayed");
    // VACUUM only gives the freed pages back to the file system; it fails while another connection
    // reads (the workbench's), which leaves a larger file and nothing wrong.
    (void)m_store->database().exec(QStringLiteral("VACUUM"));
    crashPoint("rebuild:vacuumed");
    m_vectors->clear();
    return indexLocked(progress, nullptr);
}

Result<QList<RecallResult>> Engine::recall(const RecallQuery &request)
{
    if (request.isCancelled()) // superseded while it waited in the queue
        return RecallQuery::cancelledError();
    if (Status s = syncVectors(); !s)
        return s.error();
    RecallQuery query = request;
    if (!query.now.isValid())
        query.now = now(); // decay and recency follow the engine's clock
    auto results = m_retriever->recall(query);
    if (results && query.isCancelled()) // finished, but no longer wanted: not an access either
        return RecallQuery::cancelledError();
    if (results) {
        redact(*results);
        applyFindings(*results, false);
    }
    if (results && query.reinforce && m_config->reinforceOn == QLatin1String("recall")) {
        // Only what a reader sees counts: the top ten, not the tail of a wide recall.
        QList<Chunk> chunks;
        for (const RecallResult &r : results->mid(0, 10))
            chunks << r.chunk;
        // On a full disk the answer still stands; not counting it as a use is said, not fatal.
        if (Status s = m_dynamics->recordAccess(chunks, QStringLiteral("recall"), query.now); !s)
            qWarning("recall was not recorded as a use of its memories: %s", qPrintable(s.error().toString()));
    }
    return results;
}

Result<ContextPack> Engine::pack(const RecallQuery &query, int budget)
{
    if (query.isCancelled())
        return RecallQuery::cancelledError();
    if (Status s = syncVectors(); !s)
        return s.error();
    if (budget <= 0)
        budget = m_config->packBudget;
    RecallQuery wide = query;
    wide.k = qMax(query.k, 50); // a pack takes what fits, so rank more than it will hold
    if (!wide.now.isValid())
        wide.now = now();
    auto results = m_retriever->recall(wide);
    if (!results)
        return results.error();
    if (query.isCancelled())
        return RecallQuery::cancelledError();
    const QDateTime now = query.now.isValid() ? query.now : this->now();
    redact(*results);
    applyFindings(*results, true);
    ContextPack pack = ContextPack::build(query.text, packPreamble(now, budget), *results, budget);
    pack.markdown = m_gate.clean(pack.markdown); // the query echoed in it too (a hook builds it from the focus)
    if (query.reinforce) {
        // An exported pack is an access of each memory in it, and co-activates them.
        QList<Chunk> chunks;
        for (const RecallResult &r : std::as_const(pack.included))
            chunks << r.chunk;
        Status recorded = m_dynamics->recordAccess(chunks, QStringLiteral("pack"), now);
        if (recorded)
            recorded = m_dynamics->recordCoactivation(chunks, now);
        if (!recorded)
            qWarning("pack was not recorded as a use of its memories: %s", qPrintable(recorded.error().toString()));
    }
    return pack;
}

QString Engine::packPreamble(const QDateTime &now, int budget) const
{
    if (m_preamble)
        return m_gate.clean(m_preamble(now));
    if (m_cognitivePreamble) // a pack gives the preamble at most half its budget
        return m_gate.clean(m_cognitivePreamble(now, qMin(m_config->preambleBudget, budget / 2)));
    return {};
}

void Engine::redact(QList<RecallResult> &results) const
{
    for (RecallResult &r : results) {
        r.chunk.text = m_gate.clean(r.chunk.text);
        r.chunk.title = m_gate.clean(r.chunk.title);
        r.chunk.heading = m_gate.clean(r.chunk.heading);
    }
}

QString Engine::sourceText(const Chunk &chunk) const
{
    const QString path = QDir(m_vaultPath).filePath(chunk.path);
    if (!VaultScanner::specialFileProblem(path).isEmpty())
        return {}; // replaced by a FIFO since it was indexed: opening it would wait for ever
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    // Lines are counted as the parser counts them: LF, CRLF and a lone CR each end one.
    // The whole file through the gate before the lines are cut: a key's lines out of its context are not
    // recognisable as one. Redaction keeps line breaks, so the lines are the chunk's.
    QString text = DocumentParser::withLineFeeds(
        QString::fromUtf8(m_gate.clean(readAtMost(file, m_config->maxFileBytes).left(m_config->maxFileBytes))));
    if (text.startsWith(QChar(0xFEFF)))
        text.remove(0, 1);
    const QStringList lines = text.split(QLatin1Char('\n'));
    if (chunk.startLine < 1 || chunk.startLine > lines.size())
        return {};
    return lines.mid(chunk.startLine - 1, chunk.endLine - chunk.startLine + 1).join(QLatin1Char('\n'));
}

QString Engine::displayText(const Chunk &chunk) const
{
    if (chunk.path.endsWith(QLatin1String(".jsonl"), Qt::CaseInsensitive))
        return m_gate.clean(chunk.text);
    const QString source = sourceText(chunk);
    return source.isEmpty() ? chunk.text : source;
}

VaultStats Engine::stats()
{
    // syncVectors() cannot fail today (it only compares ids); if it ever does, the counts are those
    // of the vectors this process holds, and `health` says whether they match the index.
    (void)syncVectors();
    VaultStats s;
    s.files = m_store->fileCount();
    s.chunks = m_store->chunkCount();
    s.vectors = m_vectors->size();
    s.problems = m_store->problems().size();
    s.embedder = m_embedder->id();
    s.lastIndex = m_store->meta(QStringLiteral("last_index"));
    s.byRegion = m_store->countBy(QStringLiteral("region"));
    s.byStore = m_store->countBy(QStringLiteral("store"));
    s.byLayer = m_store->countBy(QStringLiteral("layer"));
    s.byCategory = m_store->countBy(QStringLiteral("category"));
    return s;
}

VaultStats Engine::statsOf(const QList<MemoryRow> &rows) const
{
    VaultStats stats;
    QSet<QString> paths;
    for (const MemoryRow &row : rows) {
        paths.insert(row.path);
        ++stats.byRegion[row.region];
        ++stats.byStore[row.store];
        ++stats.byLayer[row.layer];
        ++stats.byCategory[row.category];
    }
    stats.files = paths.size();
    stats.chunks = rows.size();
    stats.vectors = m_vectors->size();
    stats.embedder = m_embedder->id();
    stats.lastIndex = m_store->meta(QStringLiteral("last_index"));
    return stats;
}

FileChanges Engine::changesOnDisk()
{
    return FileChanges::ofVault(*m_store, m_vaultPath, m_config->maxFileBytes);
}

FileChanges Engine::changesIn(const QStringList &relativePaths, FileChanges::KnownFiles knownFiles)
{
    return FileChanges::ofPaths(*m_store, m_vaultPath, relativePaths, m_config->maxFileBytes, knownFiles);
}

QStringList Engine::indexedPaths()
{
    return m_store->files().keys();
}

bool Engine::isIndexEmpty()
{
    return m_store->fileCount() == 0;
}

Result<QList<MemoryRow>> Engine::memoryRows()
{
    return MemoryCatalog(*m_store).rows();
}

Status Engine::memoryRows(qsizetype partSize, const std::function<void(const QList<MemoryRow> &)> &part)
{
    return MemoryCatalog(*m_store).rows(partSize, part);
}

Result<QList<MemoryRow>> Engine::memoryRows(const QStringList &relativePaths)
{
    return MemoryCatalog(*m_store).rows(relativePaths);
}

qint64 Engine::vectorCount() const
{
    return m_vectors->size();
}

QString Engine::lastIndexed()
{
    return m_store->meta(QStringLiteral("last_index"));
}

Result<QList<MemoryDetail>> Engine::memoryDetails(const QString &relativePath)
{
    const QList<Chunk> chunks = m_store->chunksOfFile(relativePath);
    if (chunks.isEmpty())
        return Error{QStringLiteral("%1 is not in the index (engram-cli index?)").arg(relativePath)};
    QList<MemoryDetail> details;
    details.reserve(chunks.size());
    for (const Chunk &chunk : chunks)
        details << MemoryDetail{chunk, m_dynamics->state(chunk), m_dynamics->edges(chunk.path, chunk.ordinal)};
    return details;
}

MemoryState Engine::memoryState(const Chunk &chunk, const QDateTime &now)
{
    return m_dynamics->state(chunk, now);
}

QList<MemoryEdge> Engine::memoryEdges(const QString &path, int ordinal, const QDateTime &now)
{
    return m_dynamics->edges(path, ordinal, now);
}

QList<MemoryEdge> Engine::allMemoryEdges(const QDateTime &now)
{
    return m_dynamics->allEdges(now);
}

QString Engine::originalOfArchived(const QString &archivePath)
{
    return m_dynamics->originalOfArchived(archivePath);
}

Status Engine::compactJournal()
{
    return m_dynamics->compact();
}

HealthCheck Engine::syncConflicts(const QList<Problem> &problems) const
{
    // Found by the indexer, which refuses such files: no second read of the vault.
    QStringList conflicted;
    for (const Problem &p : problems)
        if (p.message == ConflictMarkers::problemMessage())
            conflicted << QStringLiteral("%1:%2").arg(p.path).arg(p.line);
    const bool merging = QFileInfo::exists(QDir(m_vaultPath).filePath(QStringLiteral(".git/MERGE_HEAD")));
    HealthCheck c;
    c.id = HealthCheckId::SyncConflicts;
    c.name = QStringLiteral("sync conflicts");
    if (conflicted.isEmpty()) {
        c.reason = merging ? QStringLiteral("no file holds conflict markers; a merge is still open (engram-cli sync "
                                            "completes it)")
                           : QStringLiteral("no file holds conflict markers");
        c.found(HealthDetail::NoSyncConflicts);
        return c;
    }
    c.status = HealthStatus::Error;
    c.reason = QStringLiteral("%1 file(s) hold git conflict markers from a sync and are not indexed:\n  %2")
                   .arg(conflicted.size())
                   .arg(conflicted.join(QStringLiteral("\n  ")));
    c.found(HealthDetail::SyncConflicts, {QString::number(conflicted.size())});
    c.detailLines = conflicted;
    c.fix = HealthFix::ResolveConflicts;
    c.fixText = QStringLiteral("engram-cli sync --resolve PATH --take mine|theirs|FILE (or Sync › Resolve Conflicts "
                               "in the workbench), then engram-cli sync");
    c.advice = HealthAdvice::ResolveConflicts;
    return c;
}

HealthCheck Engine::secrets(const QList<Problem> &problems)
{
    QStringList found;
    QSet<QString> files;
    for (const Problem &p : problems)
        if (QString kind; RedactionGate::isSecretProblem(p.message, &kind)) {
            found << QStringLiteral("%1:%2 %3").arg(p.path).arg(p.line).arg(kind);
            files.insert(p.path);
        }
    HealthCheck c;
    c.id = HealthCheckId::Secrets;
    c.name = QStringLiteral("secrets");
    if (found.isEmpty()) {
        c.reason = QStringLiteral("no file holds a secret");
        c.found(HealthDetail::NoSecrets);
        return c;
    }
    c.status = HealthStatus::Error;
    c.reason = QStringLiteral("%1 secret(s) in %2 file(s); recall and packs redact them, sync does not commit "
                              "the files:\n  %3")
                   .arg(found.size())
                   .arg(files.size())
                   .arg(found.join(QStringLiteral("\n  ")));
    c.found(HealthDetail::SecretsFound, {QString::number(found.size()), QString::number(files.size())});
    c.detailLines = found;
    c.fix = HealthFix::Manual;
    c.fixText = QStringLiteral("engram-cli redact --scan lists them; engram-cli redact --apply rewrites the files");
    c.advice = HealthAdvice::RedactSecrets;
    return c;
}

QList<HealthCheck> Engine::health()
{
    const QString rebuild = QStringLiteral("engram-cli rebuild");
    const QString reindex = QStringLiteral("engram-cli index");
    auto check = [](HealthCheckId id, const QString &name, bool ok, HealthStatus failure, const QString &reason,
                    HealthFix fix, const QString &fixText, HealthAdvice advice) {
        HealthCheck c;
        c.name = name;
        c.status = ok ? HealthStatus::Ok : failure;
        c.reason = reason;
        c.fix = fix;
        c.fixText = fixText;
        c.id = id;
        c.advice = advice;
        return c;
    };
    auto count = [](auto n) { return QString::number(n); };
    QList<HealthCheck> checks;
    const Status synced = syncVectors();
    const QString integrity = m_store->database().integrityCheck(true);
    const bool intact = integrity == QLatin1String("ok");
    checks << check(HealthCheckId::IndexIntegrity, QStringLiteral("index integrity"), intact, HealthStatus::Error,
                    intact ? QStringLiteral("SQLite integrity_check passed") : integrity, HealthFix::Rebuild, rebuild,
                    HealthAdvice::Rebuild)
                  .found(intact ? HealthDetail::IntegrityPassed : HealthDetail::Verbatim);

    // The same chunks, not the same count: a vector file that lacks 700 chunks and holds 700 others
    // has the right count. Compared after syncVectors(), which brought this process's copy up to date.
    const std::vector<qint64> stored = m_store->vectorIds();
    const std::vector<qint64> held = m_vectors->ids();
    std::vector<qint64> lacking;
    std::vector<qint64> extra;
    std::set_difference(stored.begin(), stored.end(), held.begin(), held.end(), std::back_inserter(lacking));
    std::set_difference(held.begin(), held.end(), stored.begin(), stored.end(), std::back_inserter(extra));
    const bool same = lacking.empty() && extra.empty() && synced;
    HealthCheck vectors =
        check(HealthCheckId::VectorsMatchChunks, QStringLiteral("vectors = chunks"), same, HealthStatus::Error,
              !synced ? QStringLiteral("the vectors could not be brought up to date: %1").arg(synced.error().toString())
              : same  ? QStringLiteral("the vector index holds exactly the %1 chunks' vectors").arg(held.size())
                      : QStringLiteral("the vector index lacks %1 of the %2 chunks' vectors and holds %3 of "
                                        "chunks that are gone")
                           .arg(lacking.size())
                           .arg(stored.size())
                           .arg(extra.size()),
              HealthFix::Rebuild, rebuild, HealthAdvice::Rebuild);
    if (!synced)
        vectors.found(HealthDetail::VectorsUnsynced, {synced.error().toString()});
    else if (same)
        vectors.found(HealthDetail::VectorsMatch, {count(held.size())});
    else
        vectors.found(HealthDetail::VectorsDiffer, {count(lacking.size()), count(stored.size()), count(extra.size())});
    checks << vectors;

    // Index consistent with the files: same set of paths, same sizes and mtimes. Files with an
    // error problem are expected to be missing from the index.
    const FileChanges changes = changesOnDisk();
    const qsizetype indexed = changes.modified.size() + changes.unchanged.size() + changes.removed.size();
    checks << check(HealthCheckId::IndexMatchesFiles, QStringLiteral("index matches files"), changes.isEmpty(),
                    HealthStatus::Stale,
                    changes.isEmpty() ? QStringLiteral("%1 files indexed").arg(indexed)
                                      : QStringLiteral("%1 new, %2 changed, %3 deleted since the last index")
                                            .arg(changes.added.size())
                                            .arg(changes.modified.size())
                                            .arg(changes.removed.size()),
                    HealthFix::Reindex, reindex, HealthAdvice::Reindex)
                  .found(changes.isEmpty() ? HealthDetail::FilesIndexed : HealthDetail::FilesChanged,
                         changes.isEmpty() ? QStringList{count(indexed)}
                                           : QStringList{count(changes.added.size()), count(changes.modified.size()),
                                                         count(changes.removed.size())});

    const QString last = m_store->meta(QStringLiteral("last_index"));
    checks << check(HealthCheckId::LastReindex, QStringLiteral("last re-index"), !last.isEmpty(), HealthStatus::NotYet,
                    last.isEmpty() ? QStringLiteral("the vault has never been indexed") : last, HealthFix::Reindex,
                    reindex, HealthAdvice::Reindex)
                  .found(last.isEmpty() ? HealthDetail::NeverIndexed : HealthDetail::LastIndexed,
                         last.isEmpty() ? QStringList{} : QStringList{last});

    const QList<Problem> problems = m_store->problems();
    int errors = 0;
    for (const Problem &p : problems)
        if (p.severity == QLatin1String("error"))
            ++errors;
    QString reason =
        QStringLiteral("%1 file(s) could not be indexed, %2 warning(s)").arg(errors).arg(problems.size() - errors);
    QStringList problemLines;
    for (const Problem &p : problems.mid(0, 5))
        problemLines << QStringLiteral("%1%2: %3")
                            .arg(p.path, p.line > 0 ? QStringLiteral(":%1").arg(p.line) : QString(), p.message);
    for (const QString &line : std::as_const(problemLines))
        reason += QStringLiteral("\n  ") + line;
    if (problems.size() > 5)
        reason += QStringLiteral("\n  … and %1 more").arg(problems.size() - 5);
    HealthCheck indexing =
        check(HealthCheckId::IndexingProblems, QStringLiteral("indexing problems"), errors == 0, HealthStatus::Error,
              reason, HealthFix::Reindex, QStringLiteral("fix or remove the files named, then engram-cli index"),
              HealthAdvice::FixFilesThenReindex)
            .found(HealthDetail::IndexingProblems,
                   {count(errors), count(problems.size() - errors), count(qMax<qsizetype>(0, problems.size() - 5))});
    indexing.detailLines = problemLines;
    checks << indexing;
    checks << syncConflicts(problems);
    checks << secrets(problems);
    checks += HealthChecks::run(m_vaultPath, *m_config, QDateTime::currentDateTime());

    // The failure could not be recorded either when not one page more fit: then a run that stopped
    // before its end, with no writer busy now, is what is left of it.
    const QString writeFailure =
        m_writeFailure.isEmpty() ? m_store->meta(QStringLiteral("write_failure")) : m_writeFailure;
    const bool unfinished = writeFailure.isEmpty() && m_store->meta(QStringLiteral("indexing")) == QLatin1String("1")
                            && VaultLock::acquire(m_vaultPath, VaultLock::Kind::Index, 0);
    checks << HealthChecks::indexWrites(indexDirectory(), writeFailure, unfinished);

    const QStringList journalProblems = m_dynamics->problems();
    checks << check(HealthCheckId::Journal, QStringLiteral("journal"), journalProblems.isEmpty(), HealthStatus::Error,
                    journalProblems.isEmpty() ? QStringLiteral("state/journal/ replayed")
                                              : journalProblems.mid(0, 5).join(QLatin1Char('\n')),
                    HealthFix::Rebuild,
                    QStringLiteral("fix or remove the lines named in state/journal/, then engram-cli rebuild"),
                    HealthAdvice::FixJournalThenRebuild)
                  .found(journalProblems.isEmpty() ? HealthDetail::JournalReplayed : HealthDetail::Verbatim);
    return checks;
}

} // namespace engram
