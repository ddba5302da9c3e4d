#pragma once

#include "core/Config.h"
#include "index/IndexStore.h"
#include "ingest/Chunk.h"
#include "recall/RecallTypes.h"

#include <QDateTime>

#include <atomic>
#include <functional>

namespace engram {

class Embedder;
class VectorIndex;

/// What the dynamics know of a chunk at a moment: strength after decay,
/// normalised access frequency, co-activation with the other candidates.
struct MemorySignals {
    double strength = 1.0;
    double access = 0.0;
    double coactivation = 0.0;
    double graph = 0.0;
    QDateTime lastAccess;
    bool archived = false;
};

/// Supplies the non-relevance signals. The default gives every memory full
/// strength and no use; the dynamics layer replaces it.
class SignalSource {
public:
    virtual ~SignalSource() = default;
    /// Fills `signals` for each candidate (same order as `chunks`).
    virtual void signalsFor(const QList<Chunk> &chunks, const QDateTime &now, QList<MemorySignals> &out);
    /// Called with the scored results before they are sorted, for terms that
    /// depend on the ranking itself (the graph walk spreads from the top
    /// candidates). May change breakdown values; must keep score = Σ contributions.
    virtual void refine(QList<RecallResult> &results, const RankingMode &mode, const QDateTime &now)
    {
        Q_UNUSED(results);
        Q_UNUSED(mode);
        Q_UNUSED(now);
    }
};

/// Hybrid recall: BM25 (FTS5) and vector kNN candidates, fused into one
/// relevance (normalised scores), smoothed over neighbouring turns, then
/// re-ranked by the composite score of the active mode. A hit turn comes
/// back widened into its question–answer pair (TurnContext), so that what a
/// pack shows is the exchange, not half of it; lines an earlier result showed
/// are not shown again and long turns keep their matching sentences
/// (EvidenceText). Each result carries its absolute match (RelevanceGauge);
/// when none reaches RelevanceGauge::kRelevant the answer is an empty list.
class Retriever {
public:
    Retriever(IndexStore &store, VectorIndex &vectors, Embedder &embedder, const Config &config);

    void setSignalSource(SignalSource *source) { m_signals = source ? source : &m_defaultSignals; }

    Result<QList<RecallResult>> recall(const RecallQuery &query);

    /// Query terms for the keyword search (stop-words removed unless nothing would remain).
    static QStringList keywordTerms(const QString &query);
    /// How a query's terms reach BM25. `matched` choose the rows: the rarest term unless it is in
    /// more than 5000 chunks (then none: the vector side answers), then the next rarest while
    /// each is in at most 2500 chunks and a fifth of them, up to 5000 postings in all.
    /// `rankingOnly` are the others in at most a fifth of the chunks: they add to the BM25 of
    /// those rows (IndexStore::keywordSearch). Vaults under 1000 chunks match every term.
    struct KeywordPlan {
        QStringList matched;
        QStringList rankingOnly;
    };
    KeywordPlan keywordPlan(const QStringList &terms);

private:
    /// The vector side's share of the fused relevance for `mode` (its `vectorWeight`, else by embedder).
    double vectorWeight(const RankingMode &mode) const;

    IndexStore &m_store;
    VectorIndex &m_vectors;
    Embedder &m_embedder;
    const Config &m_config;
    SignalSource m_defaultSignals;
    SignalSource *m_signals = &m_defaultSignals;
};

} // namespace engram
