#pragma once

#include "core/Result.h"
#include "dynamics/AssociationExtractor.h"
#include "dynamics/Journal.h"
#include "dynamics/MemoryTypes.h"
#include "ingest/Chunk.h"

#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QScopeGuard>
#include <QSet>

#include <functional>
#include <memory>

namespace engram {

class IndexStore;
class SignalSource;
class VectorIndex;

/// The living side of memory (DESIGN.md "Dynamics"): strength that decays
/// from timestamps and is restored by access, association edges, and
/// co-activation. Everything that is not in a note is recorded in the
/// journal first and applied to tables of the derived index second, so a
/// rebuild replays it. Index-time edges (wiki links, derived_from,
/// supersedes, prompt→answer, image→caption) come from the files themselves.
class MemoryDynamics {
public:
    MemoryDynamics(const QString &vaultPath, IndexStore &store, VectorIndex &vectors);
    ~MemoryDynamics();

    /// The clock for events and decay (tests inject one). Default: current UTC time.
    void setClock(std::function<QDateTime()> clock);
    QDateTime now() const;
    std::function<QDateTime()> clock() const { return m_clock; }

    /// Creates the tables, moves a single `state/journal.jsonl` of an older vault into this
    /// device's file (once), and applies the journal lines of every device the index has not
    /// seen yet, in the merged order (JournalMerge; all of them after a rebuild, a compaction,
    /// or a sync that brought events belonging before those replayed).
    Status open();
    /// Forgets every derived dynamic row and replays the journal from its start.
    Status replayAll();
    /// Drops the index-time rows (edges stated by files, file facts) before a rebuild.
    Status clearIndexRows();

    /// Appends an event to this device's journal and applies it. `t` is set from the clock when
    /// missing; `o` when `t` would sort before what was replayed (this clock behind another's).
    Status record(QJsonObject event);
    /// Writes the first-sight events of files indexed since the last call (the
    /// engine calls it after each index run; record() calls it first, so the
    /// journal keeps its order). One write per run instead of one per file.
    Status flushPending();
    /// One index run's moment of first sight: every file the run sees first is first seen when the
    /// run began, so memories of one run do not rank apart by the second in which each was reached
    /// (strength decays from first sight: twelve equal notes ranked by the order the index read them
    /// when a slow run crossed a second). Until the returned guard goes, on every path out of the run;
    /// then each file at its own time again.
    [[nodiscard]] auto beginRun()
    {
        m_runStart = now();
        return qScopeGuard([this] { m_runStart = {}; });
    }
    /// Queues a first-sight event for every indexed file the journal has none for (an index
    /// written by a run that was killed before such events were committed with the rows).
    Status noteUnseenFiles();
    /// Access events: the chunks were returned (recall) or exported (pack).
    Status recordAccess(const QList<Chunk> &chunks, const QString &via, const QDateTime &at = {});
    /// Co-activation: chunks exported together gain pairwise co_activated edges.
    Status recordCoactivation(const QList<Chunk> &chunks, const QDateTime &at = {});
    /// Sets a chunk's strength by hand (the workbench).
    Status recordStrength(const Chunk &chunk, double strength, const QDateTime &at = {});

    /// Rewrites this device's journal as a snapshot of its own events with the same meaning
    /// (same strengths, access counts, edges, archive entries after replay; merged with other
    /// devices' files, counts add up and the later strength wins, as before). Other devices'
    /// files are theirs to compact. Leaves it alone when the snapshot would not be smaller.
    Status compact();
    /// compact() once this device's journal is past 8 MiB and twice its last snapshot: a long
    /// history folds into a snapshot without a daily job. Not part of open(): at a million
    /// memories it took 8.6 s, which a one-shot recall (an agent's hook) must not pay.
    Status compactIfLarge();
    static constexpr qint64 kCompactAboveBytes = 8 * 1024 * 1024;

    MemoryState state(const Chunk &chunk, const QDateTime &now = {});
    /// state() of each chunk, in a few queries for all of them (a recall's candidates).
    QList<MemoryState> states(const QList<Chunk> &chunks, const QDateTime &now = {});
    /// Edges touching a chunk (and its file), or a whole file when `ordinal` < 0.
    QList<MemoryEdge> edges(const QString &path, int ordinal = -1, const QDateTime &now = {});
    /// Where a forgotten file was: archive path → original path (from the journal).
    QString originalOfArchived(const QString &archivePath);

    /// The ranking signals (strength, access, co-activation, graph walk) for the Retriever.
    SignalSource &signalSource();

    /// Indexer hooks: derive edges and file facts from a (re)indexed document; drop them for a removed file.
    /// Writes the facts and stated edges of a file just indexed (one transaction: all or none) and
    /// queues its first-sight event; an error says what was not written.
    Status documentIndexed(const Document &document, const QList<qint64> &chunkIds);
    /// Drops the facts and stated edges of a file gone from the index.
    Status fileRemoved(const QString &path);

    /// For each key (chunk key or file path): its edges as edges() lists them for that key alone
    /// (wiki links resolved, project mates last), the first `limit`, from two queries for all keys.
    QHash<QString, QList<MemoryEdge>> edgesOfMany(const QStringList &keys, const QDateTime &now, int limit);
    /// Every edge of the vault, as edges() states them (wiki links resolved, co-activation faded
    /// to `now`, each file related to its project's first mates), from two queries: the
    /// association graph's overview, where edges() per file scanned the table once per file.
    QList<MemoryEdge> allEdges(const QDateTime &now = {});

    static QString chunkKey(const QString &path, int ordinal);
    /// The file of a key: "notes/x.md#3" → "notes/x.md"; a file key is its own file.
    static QString pathOfKey(const QString &key);
    /// Problems met while replaying (bad journal lines), for health.
    QStringList problems() const { return m_problems; }

private:
    friend class DynamicSignals;
    struct Private;
    /// Applies the journal lines the index has not seen. `busy` (when given) says it could not start
    /// because another connection was writing the index past the busy timeout.
    Status catchUp(bool *busy = nullptr);
    Status apply(const QJsonObject &event);
    void autoAssociate(const QList<Chunk> &chunks);
    /// documentIndexed()'s rows: the file's facts and the edges its content states.
    Status writeFacts(const Document &document, const QList<Chunk> &chunks);
    /// Edges with `key` (a chunk key or a file path) at one end; wiki links resolved, project mates added.
    QList<MemoryEdge> edgesOf(const QString &key, const QDateTime &now, bool chunksOfFile);

    static constexpr int kNeighbours = 6;

    QString m_vaultPath;
    IndexStore &m_store;
    VectorIndex &m_vectors;
    Journal m_journal;
    std::function<QDateTime()> m_clock;
    std::unique_ptr<Private> d;
    QStringList m_problems;
    QList<QJsonObject> m_pendingSeen;
    QSet<QString> m_pendingPaths;
    QDateTime m_runStart; ///< beginRun()'s moment: first sight of every file of the run

    QDateTime seenNow() const { return m_runStart.isValid() ? m_runStart : now(); }
};

} // namespace engram
