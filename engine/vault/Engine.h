#pragma once

#include "core/Config.h"
#include "core/Result.h"
#include "core/VaultLock.h"
#include "hygiene/FindingIndex.h"
#include "index/FileChanges.h"
#include "index/IndexReport.h"
#include "index/MemoryCatalog.h"
#include "recall/ContextPack.h"
#include "recall/RecallTypes.h"
#include "redaction/RedactionGate.h"
#include "vault/EngineTypes.h"

#include <atomic>
#include <functional>
#include <memory>

namespace engram {

class Embedder;
class EngineInternals;
class FindingIndex;
class IndexStore;
class Indexer;
class MemoryDynamics;
class Retriever;
class VectorIndex;

/// One open vault: its settings, its derived index (SQLite + vectors), the
/// indexer and the retriever. An Engine and its database connection belong to
/// one thread; `openWorker()` gives another thread its own connection that
/// shares the vector index.
///
/// Front ends (CLI, MCP, workbench) see only this facade and its value types; the parts behind
/// it (index store, vectors, embedder, retriever, indexer, dynamics) are reachable through
/// EngineInternals, by the engine's later layers, tests and benchmarks.
class Engine {
public:
    ~Engine();

    /// Opens (creating `.engram/` if needed) the vault at `vaultPath`. A
    /// damaged or outdated index is set aside and rebuilt on the next index().
    /// `lifetime` decides how the index is read (EngineLifetime); workers inherit it.
    static Result<std::unique_ptr<Engine>> open(const QString &vaultPath,
                                                EngineLifetime lifetime = EngineLifetime::OneShot);
    /// Whether `vaultPath` is an existing folder; the error says how to make one.
    /// For commands that touch state/ without opening the index.
    static Status checkVaultFolder(const QString &vaultPath);

    /// A second Engine on the same vault for another thread: own SQLite
    /// connection, shared vectors and embedder settings.
    Result<std::unique_ptr<Engine>> openWorker() const;
    /// The same with its own copy of `config` for ranking (mode weights, default mode): a preview
    /// of settings not saved yet. It keeps this engine's embedder and vectors, which were made
    /// with the saved settings; it is for asking, not for indexing.
    Result<std::unique_ptr<Engine>> openWorker(const Config &config) const;

    QString vaultPath() const { return m_vaultPath; }
    QString indexDirectory() const;
    const Config &config() const { return *m_config; }

    /// The clock for journal events and decay; tests inject one. Default: current UTC time.
    void setClock(std::function<QDateTime()> clock);
    QDateTime now() const;

    /// Incremental index of the whole vault; saves the vectors at the end. Writers to one vault
    /// take turns (VaultLock): when another one is writing and does not finish within the lock
    /// timeout, nothing is done and the report's `error` says who holds the vault.
    IndexReport index(const IndexProgress &progress = {}, const std::atomic_bool *cancel = nullptr);
    /// Re-indexes one vault-relative path (or removes it when gone).
    IndexReport indexPath(const QString &relativePath);
    /// indexPath() of each path in turn, then records the time as the last index run; one report.
    IndexReport indexPaths(const QStringList &relativePaths, const IndexProgress &progress = {});
    /// Deletes the derived index and indexes everything again.
    Result<IndexReport> rebuild(const IndexProgress &progress = {});
    /// Saves the vector index if it changed since the last save.
    Status saveVectors();
    /// How long a write waits for another writer of the vault (default VaultLock::kDefaultTimeoutMs).
    void setLockTimeout(int milliseconds) { m_lockTimeoutMs = milliseconds; }
    /// Brings the in-memory vectors up to date when another process changed the index since they
    /// were loaded (compares chunk ids; adds and removes only the difference). Recall, pack, stats
    /// and health call it; a writer calls it under the lock before it writes.
    Status syncVectors();

    /// Both stop early with RecallQuery::cancelledError() once `query.cancel` is set, and then record no access.
    Result<QList<RecallResult>> recall(const RecallQuery &query);
    /// Recall + pack: the preamble (when state/cognitive.json exists) and the results within `budget`.
    Result<ContextPack> pack(const RecallQuery &query, int budget = -1);

    /// The preamble a pack of `budget` tokens starts with at `now` (the cognitive state, at most half the budget);
    /// empty when there is none. For a pack built from more than one vault's results (VaultSet).
    QString packPreamble(const QDateTime &now, int budget) const;

    /// The lines `chunk` came from, read from the file now (empty if it is gone), through the gate.
    QString sourceText(const Chunk &chunk) const;
    /// What a person or agent reads for `chunk`: its source lines, except in agent
    /// logs (JSONL), whose lines are raw JSON; there it is the parsed turn. Through the gate.
    QString displayText(const Chunk &chunk) const;
    /// The vault's redaction gate (the settings' extra patterns and allow-list): what enters the vault
    /// through the engine passes it, and so does every memory text recall, packs and display hand out.
    const RedactionGate &redactionGate() const { return m_gate; }

    /// The preamble of a pack; empty unless a provider is installed (the cognitive layer).
    void setPreambleProvider(std::function<QString(const QDateTime &now)> provider)
    {
        m_preamble = std::move(provider);
    }

    VaultStats stats();
    /// stats() from rows already read (one pass, no table scan): the workbench's counts.
    VaultStats statsOf(const QList<MemoryRow> &rows) const;
    QList<HealthCheck> health();

    /// How the vault's files differ from the index now (scan plus one read of the index's records).
    FileChanges changesOnDisk();
    /// The same for only the folders and files a file watcher named (vault-relative, "" for the
    /// root; FileChanges::ofPaths): the files in a folder, not below it, plus subfolders made or
    /// gone. It reads those folders and their rows of the index (a range of its path index), not
    /// the whole vault; `knownFiles` says whether each known file needs a stat() too.
    FileChanges changesIn(const QStringList &relativePaths,
                          FileChanges::KnownFiles knownFiles = FileChanges::KnownFiles::Compare);
    /// The vault-relative paths the index holds.
    QStringList indexedPaths();
    bool isIndexEmpty();
    /// Every chunk as a row of the memory browser (MemoryCatalog).
    Result<QList<MemoryRow>> memoryRows();
    /// memoryRows() in parts of about `partSize` rows, whole files each, handed over as they are read.
    Status memoryRows(qsizetype partSize, const std::function<void(const QList<MemoryRow> &)> &part);
    /// The rows of the files `relativePaths` only (none for a file the index no longer holds), file
    /// by file: what an incremental run changed, for a model that updates by rows.
    Result<QList<MemoryRow>> memoryRows(const QStringList &relativePaths);
    /// How many vectors the vector index holds.
    qint64 vectorCount() const;
    /// When the index was last brought up to date (ISO 8601 UTC; empty: never).
    QString lastIndexed();

    /// Each chunk of an indexed file with its strength, use and associations (`engram-cli memory`).
    Result<QList<MemoryDetail>> memoryDetails(const QString &relativePath);
    /// What the dynamics know of one chunk at `now`.
    MemoryState memoryState(const Chunk &chunk, const QDateTime &now);
    /// The edges of a chunk (`ordinal` >= 0) or of a whole file (-1), with weights at `now`.
    QList<MemoryEdge> memoryEdges(const QString &path, int ordinal, const QDateTime &now);
    /// Every association of the vault with its weight at `now` (the whole-vault graph).
    QList<MemoryEdge> allMemoryEdges(const QDateTime &now);
    /// Where an archived file came from, per the journal; empty when it does not say.
    QString originalOfArchived(const QString &archivePath);
    /// Brings the review findings (duplicates, contradictions, related pairs: hygiene/FindingIndex) up to date
    /// with the index, under the index lock: only the chunks indexed since the last update are compared. An index
    /// run does not (a first scan of 10k memories takes seconds: bench/README.md); whoever shows findings
    /// asks for it first (`review`, the MCP tool, the workbench's worker after each run it sees).
    /// With an `llm` endpoint (and `review.judge`, on by default) and a `judging` other than None, the model is
    /// then asked about stored pairs no model has judged yet, outside the lock (FindingJudge): its verdict
    /// replaces the detector's. A judge that fails leaves the detector's verdict and says why in
    /// FindingScan::judgeError; the update itself still succeeds.
    enum class Judging {
        None,       ///< listings an agent or a person waits for (MCP `review`, `review` without --judge, resolve)
        Background, ///< a few pairs (kBackgroundJudgeBatch): the workbench's worker after a run, between index runs
        Full,       ///< up to `review.judgePerUpdate` pairs: `engram-cli review --judge`
    };
    static constexpr int kBackgroundJudgeBatch = 4;
    Result<FindingScan> updateFindings(const std::atomic_bool *cancel = nullptr, Judging judging = Judging::None);

    /// Rewrites the journal without the events a rebuild no longer needs.
    Status compactJournal();
    /// Notes from opening: an index set aside, vectors rebuilt …
    QStringList openNotes() const { return m_openNotes; }

private:
    friend class EngineInternals;
    Engine();
    Status openIndex();
    Status loadOrRebuildVectors();
    /// Adds the stored vectors the vector index lacks and removes those the index no longer has.
    struct VectorDifference {
        qint64 added = 0;
        qint64 removed = 0;
    };
    VectorDifference reconcileVectors();
    /// Takes the index lock for one write and brings the vectors up to date under it.
    Result<std::unique_ptr<VaultLock>> beginWrite();
    /// Bumps the index generation: every write does, so other processes notice it.
    Status markVectorsChanged();
    struct VectorsBefore {
        bool dirty = false;
        qint64 changes = 0;
    };
    VectorsBefore vectorsBefore() const;
    /// After a write: the generation moves on when vectors changed; else the saved file stays current.
    Status finishWrite(const VectorsBefore &before);
    /// Writes the tool events collected so far; a failure is kept for the run's report.
    void flushToolEvents();
    /// Files the indexer refused for git conflict markers, and whether a merge is open.
    HealthCheck syncConflicts(const QList<Problem> &problems) const;
    /// What the vault's files hold that the gate would redact, as the indexer found it (no second read).
    static HealthCheck secrets(const QList<Problem> &problems);
    /// After the indexer ran: tool events and pending journal events written, failures in `report`.
    void finishRun(IndexReport &report);
    /// A write that failed (the journal, the vector file) as the run's error, unless it has one.
    static void addWriteError(IndexReport &report, const Error &error);
    /// After a run whose write failed: the shared vectors are brought back to what the index holds.
    void undoVectorsOfFailedWrite();
    /// Remembers (meta write_failure, and in memory) the last run's failed write, or clears it.
    void noteWriteOutcome(const IndexReport &report);
    /// Missing vectors beyond which a current vector file is loaded rather than added to.
    static constexpr qsizetype kReloadAbove = 20000;
    /// saveVectors() for a caller that holds the index lock.
    Status saveVectorsLocked();
    IndexReport indexLocked(const IndexProgress &progress, const std::atomic_bool *cancel);
    Status attachDynamics();
    /// updateFindings() for a caller that holds the index lock.
    Result<FindingScan> updateFindingsLocked(const std::atomic_bool *cancel);
    /// Asks the llm judge about unjudged pairs and stores its verdicts (see updateFindings).
    void judgeFindings(FindingScan &scan, const std::atomic_bool *cancel, int atMost);
    /// A memory as the judge shows it to the model: its display text through the gate, date and source.
    JudgedMemory judgedMemory(const Chunk &chunk) const;
    /// Each result's text, title and heading through the gate (a secret a person wrote into a note reaches
    /// no agent).
    void redact(QList<RecallResult> &results) const;
    /// What the review knows of each result (supersededBy, contradictedBy), the newer side of a
    /// contradiction moved before the older; for a pack, the lower ranked of two duplicates left out.
    void applyFindings(QList<RecallResult> &results, bool dropDuplicates);

    QString m_vaultPath;
    std::shared_ptr<Config> m_config;
    RedactionGate m_gate;
    std::unique_ptr<IndexStore> m_store;
    std::shared_ptr<VectorIndex> m_vectors;
    std::shared_ptr<Embedder> m_embedder;
    std::unique_ptr<Retriever> m_retriever;
    std::unique_ptr<Indexer> m_indexer;
    std::unique_ptr<MemoryDynamics> m_dynamics;
    std::unique_ptr<FindingIndex> m_findings;
    std::function<QString(const QDateTime &)> m_preamble;
    /// The default provider (state/cognitive.json), told how many tokens it may use.
    std::function<QString(const QDateTime &, int maxTokens)> m_cognitivePreamble;
    QStringList m_openNotes;
    bool m_vectorsDirty = false;
    bool m_worker = false; ///< made by openWorker(): shares another Engine's vectors
    EngineLifetime m_lifetime = EngineLifetime::OneShot;
    int m_lockTimeoutMs = VaultLock::kDefaultTimeoutMs;
    /// Writes the tool events of the documents indexed since the last call (one write per run).
    std::function<Status()> m_flushToolEvents;
    /// Failures inside a write that do not undo it (tool events, associations), for finishRun().
    QList<Error> m_runWarnings;
    /// "<ISO time>\t<error>" of the last write of the index that failed in this process; empty after a
    /// run that wrote everything.
    QString m_writeFailure;
};

/// The default vault: $ENGRAM_VAULT, else <XDG data>/engram/vault.
QString defaultVaultPath();

} // namespace engram
