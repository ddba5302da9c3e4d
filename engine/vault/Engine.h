#pragma once

#include "core/Config.h"
#include "core/Result.h"
#include "core/VaultLock.h"
#include "index/IndexStore.h"
#include "index/Indexer.h"
#include "recall/ContextPack.h"
#include "recall/Retriever.h"

#include <QJsonObject>

#include <memory>

namespace engram {

class Embedder;
class MemoryDynamics;
class VectorIndex;

/// A health check: status is "ok", "stale", "missing" or "error".
struct HealthCheck {
    QString name;
    QString status;
    QString reason;
    QString fix; ///< a command or action that fixes it, when there is one
};

/// Counts for `stats` and the workbench.
struct VaultStats {
    qint64 files = 0;
    qint64 chunks = 0;
    qint64 vectors = 0;
    qint64 problems = 0;
    QString embedder;
    QString lastIndex;
    QHash<QString, qint64> byRegion;
    QHash<QString, qint64> byStore;
    QHash<QString, qint64> byLayer;
    QHash<QString, qint64> byCategory;

    /// The JSON form of `engram-cli stats --json` and the MCP stats tool
    /// (an empty tag value counts as "(none)").
    QJsonObject toJson(const QString &vaultPath) const;
};

/// One open vault: its settings, its derived index (SQLite + vectors), the
/// indexer and the retriever. An Engine and its database connection belong to
/// one thread; `openWorker()` gives another thread its own connection that
/// shares the vector index.
class Engine {
public:
    ~Engine();

    /// Opens (creating `.engram/` if needed) the vault at `vaultPath`. A
    /// damaged or outdated index is set aside and rebuilt on the next index().
    static Result<std::unique_ptr<Engine>> open(const QString &vaultPath);
    /// Whether `vaultPath` is an existing folder; the error says how to make one.
    /// For commands that touch state/ without opening the index.
    static Status checkVaultFolder(const QString &vaultPath);

    /// A second Engine on the same vault for another thread: own SQLite
    /// connection, shared vectors and embedder settings.
    Result<std::unique_ptr<Engine>> openWorker() const;

    QString vaultPath() const { return m_vaultPath; }
    QString indexDirectory() const;
    const Config &config() const { return *m_config; }
    IndexStore &store() { return m_store; }
    VectorIndex &vectors() { return *m_vectors; }
    Embedder &embedder() { return *m_embedder; }
    Retriever &retriever() { return *m_retriever; }
    Indexer &indexer() { return *m_indexer; }
    /// Strength, access, associations, co-activation and the journal.
    MemoryDynamics &dynamics() { return *m_dynamics; }

    /// The clock for journal events and decay; tests inject one. Default: current UTC time.
    void setClock(std::function<QDateTime()> clock);
    QDateTime now() const;

    /// Incremental index of the whole vault; saves the vectors at the end. Writers to one vault
    /// take turns (VaultLock): when another one is writing and does not finish within the lock
    /// timeout, nothing is done and the report's `error` says who holds the vault.
    IndexReport index(const Indexer::Progress &progress = {}, const std::atomic_bool *cancel = nullptr);
    /// Re-indexes one vault-relative path (or removes it when gone).
    IndexReport indexPath(const QString &relativePath);
    /// Deletes the derived index and indexes everything again.
    Result<IndexReport> rebuild(const Indexer::Progress &progress = {});
    /// Saves the vector index if it changed since the last save.
    Status saveVectors();
    /// How long a write waits for another writer of the vault (default VaultLock::kDefaultTimeoutMs).
    void setLockTimeout(int milliseconds) { m_lockTimeoutMs = milliseconds; }
    /// Brings the in-memory vectors up to date when another process changed the index since they
    /// were loaded (compares chunk ids; adds and removes only the difference). Recall, pack, stats
    /// and health call it; a writer calls it under the lock before it writes.
    Status syncVectors();

    /// Both stop early with Retriever::cancelledError() once `query.cancel` is set, and then record no access.
    Result<QList<RecallResult>> recall(const RecallQuery &query);
    /// Recall + pack: the preamble (when state/cognitive.json exists) and the results within `budget`.
    Result<ContextPack> pack(const RecallQuery &query, int budget = -1);

    /// The lines `chunk` came from, read from the file now (empty if it is gone).
    QString sourceText(const Chunk &chunk) const;
    /// What a person or agent reads for `chunk`: its source lines, except in agent
    /// logs (JSONL), whose lines are raw JSON; there it is the parsed turn.
    QString displayText(const Chunk &chunk) const;

    /// The preamble of a pack; empty unless a provider is installed (the cognitive layer).
    void setPreambleProvider(std::function<QString(const QDateTime &now)> provider)
    {
        m_preamble = std::move(provider);
    }

    VaultStats stats();
    QList<HealthCheck> health();
    /// Notes from opening: an index set aside, vectors rebuilt …
    QStringList openNotes() const { return m_openNotes; }

private:
    Engine() = default;
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
    void markVectorsChanged();
    struct VectorsBefore {
        bool dirty = false;
        qint64 changes = 0;
    };
    VectorsBefore vectorsBefore() const;
    /// After a write: the generation moves on when vectors changed; else the saved file stays current.
    void finishWrite(const VectorsBefore &before);
    /// Missing vectors beyond which a current vector file is loaded rather than added to.
    static constexpr qsizetype kReloadAbove = 20000;
    /// saveVectors() for a caller that holds the index lock.
    Status saveVectorsLocked();
    IndexReport indexLocked(const Indexer::Progress &progress, const std::atomic_bool *cancel);
    Status attachDynamics();

    QString m_vaultPath;
    std::shared_ptr<Config> m_config;
    IndexStore m_store;
    std::shared_ptr<VectorIndex> m_vectors;
    std::shared_ptr<Embedder> m_embedder;
    std::unique_ptr<Retriever> m_retriever;
    std::unique_ptr<Indexer> m_indexer;
    std::unique_ptr<MemoryDynamics> m_dynamics;
    std::function<QString(const QDateTime &)> m_preamble;
    /// The default provider (state/cognitive.json), told how many tokens it may use.
    std::function<QString(const QDateTime &, int maxTokens)> m_cognitivePreamble;
    QStringList m_openNotes;
    bool m_vectorsDirty = false;
    bool m_worker = false; ///< made by openWorker(): shares another Engine's vectors
    int m_lockTimeoutMs = VaultLock::kDefaultTimeoutMs;
    /// Writes the tool events of the documents indexed since the last call (one write per run).
    std::function<void()> m_flushToolEvents;
};

/// The default vault: $ENGRAM_VAULT, else <XDG data>/engram/vault.
QString defaultVaultPath();

} // namespace engram
