#pragma once

#include "core/Result.h"
#include "hygiene/FindingJudge.h"
#include "hygiene/MemoryComparison.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QPair>
#include <QString>
#include <QVector>

#include <atomic>
#include <functional>

namespace engram {

class Database;

/// One stored finding: two chunks of the index and how they relate. `older` is the one whose source is
/// older (by its date, then by its chunk id).
struct FindingRow {
    QString id; ///< stable while both texts stay as they are: a verdict is remembered by it
    FindingKind kind = FindingKind::Duplicate;
    qint64 older = 0;
    qint64 newer = 0;
    double similarity = 0.0;
    QString reason;   ///< the detector's, or "judged by <model>: <the model's reason>"
    QString judgedBy; ///< the model whose verdict set the kind; empty: the offline detector's
};

/// What a catch-up did.
struct FindingScan {
    qint64 profiled = 0; ///< chunks read and profiled in this run
    qint64 compared = 0; ///< pairs of memories compared
    qint64 found = 0;    ///< findings stored
    qint64 memories = 0; ///< chunks the detector knows in total
    bool reloaded =
        false;         ///< the profiles were read from the index again (first run, or another process removed chunks)
    qint64 judged = 0; ///< pairs the llm judge gave a verdict on in this run
    qint64 awaitingJudge = 0; ///< stored pairs no model has judged yet (the next runs ask; 0 without a judge)
    QString judgeError;       ///< why the judge stopped or skipped pairs (their offline verdict stands); empty: none
};

/// The derived, incremental side of memory hygiene, in the index database (so a rebuild starts it over
/// and deleting `.engram/` loses nothing): a profile of every chunk (MemoryProfile, table review_profiles)
/// and the pairs found to repeat or contradict each other, or to be about the same subject
/// (review_findings). Both follow the chunks by foreign key: a re-indexed or removed file takes its rows
/// with it, so the indexer does no work of its own for them.
///
/// update() catches up with the index: chunk ids are never reused (IndexStore's AUTOINCREMENT), so the
/// chunks above the highest one profiled are exactly those added since, and only they are compared, each
/// with the memories that share its rarest words (an inverted index kept in memory for the life of this
/// object; a long-lived one, the workbench's, pays for reading the profiles once). A changed file costs
/// its own chunks' comparisons, never a pass over the vault.
///
/// Digests (session, daily, weekly) restate their sources by design and are not profiled; pairs linked by
/// lineage (`derived_from`, `supersedes`) are not findings.
///
/// A model's verdict on a pair (FindingJudge, table review_verdicts) passes through unchanged: every
/// listing here reads the pair as the model called it (a `distinct` duplicate or contradiction is no
/// finding; a related pair it calls a contradiction is one), and an unjudged pair as the detector did.
class FindingIndex {
public:
    explicit FindingIndex(Database &db);

    Status createSchema();
    /// Profiles the chunks added since the last call and stores what they repeat, contradict or relate to.
    /// Stops early, keeping what it stored, when `cancel` is set.
    Result<FindingScan> update(const std::atomic_bool *cancel = nullptr);

    /// Stored findings of `kind` (related pairs are the raw material of Stale).
    enum class Stored { Duplicate, Contradiction, Related };
    Result<QList<FindingRow>> rows(Stored kind);
    /// The findings that name `chunkId` on either side.
    Result<QList<FindingRow>> rowsOf(qint64 chunkId);
    Result<FindingRow> row(const QString &id);

    /// For each of `chunkIds`: the paths of the files that supersede its file, and of the newer memories
    /// that contradict it (open contradictions: not kept both, not superseded). Empty when none, or when
    /// the tables are not there yet.
    struct Successors {
        QStringList supersededBy;
        QStringList contradictedBy;
        QList<qint64> contradictedByChunks;
    };
    QHash<qint64, Successors> successorsOf(const QList<qint64> &chunkIds);
    /// The pairs among `chunkIds` stored as duplicates (each pair once, as {older, newer}).
    QList<QPair<qint64, qint64>> duplicatesAmong(const QList<qint64> &chunkIds);

    /// Stored pairs no model has judged yet, at most `limit`: contradictions first, then related pairs,
    /// then duplicates.
    Result<QList<FindingRow>> unjudged(int limit);
    qint64 unjudgedCount();
    /// Remembers the model's verdict on finding `findingId` (review_verdicts): rows(), successorsOf() and
    /// duplicatesAmong() read the pair as the model called it from now on.
    Status storeVerdict(const QString &findingId, const Judgement &judgement);
    /// Drops the verdicts of pairs no longer stored (a text changed, a file went).
    Status forgetOrphanVerdicts();

    /// The weight of a term or value key: log(1 + N / df) over the profiled memories; 1 when unknown.
    double weight(const QString &feature) const;
    /// How many profiled memories lead with `name` (MemoryProfile::lead, lower case): a name that is what memories
    /// are about, not a value they state.
    int leads(const QString &name) const;

    /// The chunks that `chunkId`'s memory is compared with, best first (at most kCandidates), as update() picks
    /// them; empty before the first update() or for a chunk without a profile. For a reader that asks why a pair
    /// was never compared (bench/hygiene_explain).
    QList<qint64> candidateChunksOf(qint64 chunkId) const;

    /// How many candidates each new memory is compared with, at most.
    static constexpr int kCandidates = 24;
    /// The rarest features of a memory that pick its candidates.
    static constexpr int kProbeFeatures = 8;
    /// A chunk whose profile has fewer subject words and values than this says too little to compare ("ok,
    /// thanks"); "No meetings for me on Friday" says enough (a word and a day).
    static constexpr int kMinimumFeatures = 2;

private:
    struct Entry {
        qint64 chunkId = 0;
        qint64 fileId = 0;
        qint64 time = 0; ///< seconds since the epoch: the chunk's date, else its file's
        MemoryProfile profile;
        QVector<int> features;
    };
    Status loadProfiles();
    /// Empties the profiles and findings that another version of the detector stored (kDetectorVersion).
    Status startOverForAnotherDetector();
    /// The index's `meta` value for `key`: empty when it has none or cannot be read.
    QString metaValue(const QString &key);
    Status setMetaValue(const QString &key, const QString &value);
    int addEntry(Entry entry);
    int featureId(const QString &feature);
    /// The features that pick `entry`'s candidates: its kProbeFeatures rarest, then its same-text key.
    QVector<int> probeOf(int entry) const;
    /// The kCandidates entries that share the most weight of `features` with `entry`, best first: not `entry`'s file,
    /// nor an entry `passOver` names.
    QVector<int> sharingMost(int entry, const QVector<int> &features, const std::function<bool(int)> &passOver) const;
    /// The entries that share the most weight of `entry`'s rarest features, best first.
    QVector<int> candidatesOf(int entry) const;
    /// The entries, other than `isNew`'s and those `entry` picked, that pick `entry` among their candidates: an older
    /// memory whose rarest words a new one holds picks it, where the new one's own rarest words may lie elsewhere.
    /// Asked of the kCandidates older entries that share the most weight of all of `entry`'s features.
    QVector<int> pickersOf(int entry, const QVector<int> &picked, const QSet<int> &isNew) const;
    /// An upper bound of compare()'s subject coverage for two entries, from their feature ids alone.
    double coverageBound(const Entry &a, const Entry &b) const;
    bool linkedByLineage(qint64 fileA, qint64 fileB);
    Status store(const FindingRow &row);

    Database &m_db;
    QVector<Entry> m_entries;
    QHash<qint64, int> m_entryOfChunk;
    QHash<QString, int> m_featureIds;
    QHash<QString, int> m_leadCount; ///< how many memories lead with a name (MemoryProfile::lead)
    QVector<QString> m_featureNames;
    QVector<bool> m_featureIsValue;      ///< a value ("day:friday", "name:maria"), not a subject term
    QVector<bool> m_featureIsSubjectKey; ///< a person's life slot ("1>otto", MemoryProfile::subjectKeys)
    QVector<QVector<int>> m_postings;    ///< feature → entries
    mutable QVector<double> m_score;     ///< candidatesOf's accumulator, one slot per entry, kept at 0 between calls
    qint64 m_highWater = -1;             ///< the highest chunk id profiled; -1 before loadProfiles()
};

} // namespace engram
