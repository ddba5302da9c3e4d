#pragma once

#include "core/Config.h"
#include "index/FileChanges.h"
#include "index/IndexReport.h"
#include "ingest/Document.h"
#include "ingest/VaultScanner.h"
#include "redaction/RedactionGate.h"

#include <atomic>
#include <functional>
#include <optional>

namespace engram {

class Embedder;
class IndexStore;
class VectorIndex;

/// The indexing pipeline for one vault: scan → read → parse → chunk → tag →
/// embed → store (SQLite) → vectors (hnswlib). Incremental: files whose size,
/// mtime and content hash are unchanged are skipped; deleted files are removed.
/// Each file is written in its own transaction (a savepoint within a batch of
/// ≤ 64 files during a full run), so a crash loses at most the batch in flight,
/// which the next run indexes again. A write of the index that fails (a full disk) stops the run
/// and undoes its open batch: the index stays the one of the last commit, and says why.
class Indexer {
public:
    using Progress = IndexProgress;

    Indexer(const QString &vaultPath, const Config &config, IndexStore &store, VectorIndex &vectors,
            Embedder &embedder);

    /// Observes every document that is (re)indexed, e.g. to collect tool events or edges.
    void setDocumentObserver(std::function<void(const Document &, const QList<qint64> &chunkIds)> observer)
    {
        m_observer = std::move(observer);
    }

    const std::function<void(const Document &, const QList<qint64> &)> &documentObserver() const { return m_observer; }

    /// Observes every path removed from the index (deleted, moved away, excluded).
    void setRemovalObserver(std::function<void(const QString &path)> observer)
    {
        m_removalObserver = std::move(observer);
    }

    /// Called inside each write transaction, just before it commits: what the files just written
    /// imply outside the index (first-sight journal events, tool events) is written first, so a
    /// run killed at any moment never leaves committed rows whose events are lost. An error rolls
    /// the transaction back.
    void setBeforeCommit(std::function<Status()> beforeCommit) { m_beforeCommit = std::move(beforeCommit); }

    IndexReport run(const Progress &progress = {}, const std::atomic_bool *cancel = nullptr);

    /// Re-indexes (or removes, if it is gone) one vault-relative path.
    IndexReport indexPath(const QString &relativePath);

private:
    /// NotWritten: the index could not be written (IndexReport::writeFailed).
    enum class Outcome { Indexed, Unchanged, Removed, Failed, Skipped, NotWritten };
    Outcome indexFile(const VaultFile &file, bool checkUnchanged, IndexReport &report);
    /// Adds one file's outcome to the report's counts.
    static void tally(Outcome outcome, IndexReport &report);
    /// A write of the index that failed (a problem row not replaced) leaves the run incomplete:
    /// the first such error is the report's.
    static void keep(const Status &status, IndexReport &report);
    void removePath(const QString &relativePath, IndexReport &report);

    QString m_vaultPath;
    const Config &m_config;
    RedactionGate m_gate; ///< finds what a file holds that the gate would redact (a warning, and health's "secrets")
    IndexStore &m_store;
    VectorIndex &m_vectors;
    Embedder &m_embedder;
    std::function<void(const Document &, const QList<qint64> &)> m_observer;
    std::function<void(const QString &)> m_removalObserver;
    std::function<Status()> m_beforeCommit;
};

} // namespace engram
