#pragma once

#include "core/Result.h"
#include "index/RecallFilter.h"
#include "ingest/Chunk.h"

#include <QDateTime>
#include <QList>
#include <QString>

#include <atomic>

namespace engram {

/// One term of the composite score: its normalised value (0..1) and the
/// weight the active mode gives it, times the mode's weight for the chunk's
/// layer and, for the terms that do not depend on the query (strength,
/// recency, access), times the relevance. contribution = value × weight; the
/// contributions sum to the score.
struct ScoreComponent {
    QString name;
    double value = 0.0;
    double weight = 0.0;
    /// Says something about the result without being a term of its score (the gate's absolute
    /// match; whether it is of the time the query names): every front end shows it beside the sum.
    bool informative = false;
    double contribution() const { return informative ? 0.0 : value * weight; }
};

struct RecallResult {
    Chunk chunk;
    double score = 0.0;
    QList<ScoreComponent> breakdown;
    int keywordRank = 0; ///< 1-based rank in the BM25 list, 0 when absent
    int vectorRank = 0;  ///< 1-based rank in the kNN list, 0 when absent
    double cosine = 0.0; ///< vector cosine with the query, 0 when not a kNN candidate
    /// Absolute, calibrated relevance (RelevanceGauge, 0..1): comparable across queries, where the
    /// ranking's relevance is relative to the best candidate. In the breakdown as "match", weight 0.
    double match = 0.0;
    /// The linked vault it came from when recall drew on several (agent/VaultSet); empty: the vault that
    /// ranked it. A pack cites it before the path: `[team] notes/a.md:3-9`.
    QString vault;
    /// Memories that replace this one (their `supersedes:` names its file), vault-relative paths.
    QStringList supersededBy;
    /// Newer memories the review finds saying otherwise (a contradiction not yet resolved): an agent reads
    /// "a newer memory says otherwise" and the newer one ranks before it.
    QStringList contradictedBy;
};

struct RecallQuery {
    QString text;
    QString mode; ///< empty = the config's default mode
    int k = 10;
    RecallFilter filter;
    QDateTime now;         ///< the clock (tests inject it); invalid = current time
    bool reinforce = true; ///< counts as access (per Config::reinforceOn); false for previews and benchmarks
    /// Set from another thread when the answer is no longer wanted (a newer query superseded it):
    /// recall and pack then stop at the next stage (candidates, scoring, packing) with
    /// RecallQuery::cancelledError() and record no access. Null: the query runs to the end.
    const std::atomic_bool *cancel = nullptr;

    bool isCancelled() const { return cancel && cancel->load(std::memory_order_relaxed); }
    /// What a cancelled recall or pack returns.
    static Error cancelledError() { return Error{QStringLiteral("cancelled: a newer query superseded this one")}; }
};

} // namespace engram
