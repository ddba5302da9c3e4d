#include "Retriever.h"

#include "Embedder.h"
#include "TextAnalysis.h"
#include "VectorIndex.h"

#include <QHash>

#include <cmath>

namespace engram {

void SignalSource::signalsFor(const QList<Chunk> &chunks, const QDateTime &, QList<MemorySignals> &out)
{
    out = QList<MemorySignals>(chunks.size());
}

Retriever::Retriever(IndexStore &store, VectorIndex &vectors, Embedder &embedder, const Config &config)
    : m_store(store), m_vectors(vectors), m_embedder(embedder), m_config(config)
{
}

QStringList Retriever::keywordTerms(const QString &query)
{
    const QStringList words = TextAnalysis::words(query);
    QStringList terms;
    for (const QString &w : words)
        if (!TextAnalysis::isStopWord(w) && !terms.contains(w))
            terms << w;
    if (terms.isEmpty())
        for (const QString &w : words)
            if (!terms.contains(w))
                terms << w;
    return terms;
}

Result<QList<RecallResult>> Retriever::recall(const RecallQuery &query)
{
    const RankingMode &mode = m_config.mode(query.mode.isEmpty() ? m_config.defaultMode : query.mode);
    const QDateTime now = query.now.isValid() ? query.now : QDateTime::currentDateTimeUtc();
    if (query.text.trimmed().isEmpty())
        return Error{QStringLiteral("the query is empty; say what to recall")};

    struct Candidate {
        double keyword = 0.0;
        double vector = 0.0;
        int keywordRank = 0;
        int vectorRank = 0;
    };
    QHash<qint64, Candidate> candidates;

    const auto keywordHits = m_store.keywordSearch(keywordTerms(query.text), mode.keywordCandidates, query.filter);
    const double maxKeyword = keywordHits.isEmpty() ? 1.0 : qMax(1e-9, keywordHits.front().score);
    for (int i = 0; i < keywordHits.size(); ++i) {
        Candidate &c = candidates[keywordHits[i].id];
        c.keyword = keywordHits[i].score / maxKeyword;
        c.keywordRank = i + 1;
    }

    auto embedded = m_embedder.embed({query.text});
    if (!embedded)
        return embedded.error();
    const int fetch = query.filter.isEmpty() ? mode.vectorCandidates : mode.vectorCandidates * 4;
    const auto vectorHits = m_vectors.search(embedded->front(), fetch);
    float maxSimilarity = 1e-6f;
    for (const auto &hit : vectorHits)
        maxSimilarity = qMax(maxSimilarity, hit.similarity);
    int vectorRank = 0;
    for (const auto &hit : vectorHits) {
        if (!query.filter.isEmpty() && !m_store.matches(hit.id, query.filter))
            continue;
        if (++vectorRank > mode.vectorCandidates)
            break;
        Candidate &c = candidates[hit.id];
        c.vector = qMax(0.0, double(hit.similarity) / double(maxSimilarity));
        c.vectorRank = vectorRank;
    }

    QList<qint64> ids = candidates.keys();
    std::sort(ids.begin(), ids.end());
    const QList<Chunk> chunks = m_store.chunks(ids);
    QList<MemorySignals> memory;
    m_signals->signalsFor(chunks, now, memory);

    QList<RecallResult> results;
    results.reserve(chunks.size());
    const double halfLife = qMax(0.1, mode.recencyHalfLifeDays);
    for (qsizetype i = 0; i < chunks.size(); ++i) {
        const Chunk &chunk = chunks[i];
        const Candidate &c = candidates.value(chunk.id);
        const MemorySignals &m = memory.value(i);
        if (m.archived && !query.filter.includeArchived)
            continue;
        RecallResult r;
        r.chunk = chunk;
        r.keywordRank = c.keywordRank;
        r.vectorRank = c.vectorRank;
        const double relevance = 0.5 * c.keyword + 0.5 * c.vector;
        if (relevance <= 0.0)
            continue;  // nothing of the query in it: strength alone must not bring it back
        const QDateTime seen = m.lastAccess.isValid() ? m.lastAccess : chunk.time;
        const double ageDays = seen.isValid() ? qMax<qint64>(0, seen.secsTo(now)) / 86400.0 : 365.0;
        const double recency = std::exp(-std::log(2.0) * ageDays / halfLife);
        r.breakdown = {{QStringLiteral("relevance"), relevance, mode.relevance},
                       {QStringLiteral("strength"), m.strength, mode.strength},
                       {QStringLiteral("recency"), recency, mode.recency},
                       {QStringLiteral("access"), m.access, mode.access},
                       {QStringLiteral("coactivation"), m.coactivation, mode.coactivation},
                       {QStringLiteral("graph"), m.graph, mode.graph}};
        for (const ScoreComponent &component : std::as_const(r.breakdown))
            r.score += component.contribution();
        results << r;
    }
    m_signals->refine(results, mode, now);
    std::sort(results.begin(), results.end(), [](const RecallResult &a, const RecallResult &b) {
        if (a.score != b.score)
            return a.score > b.score;
        // Ties break on the source position, which a rebuild does not change (row ids do).
        if (a.chunk.path != b.chunk.path)
            return a.chunk.path < b.chunk.path;
        return a.chunk.startLine < b.chunk.startLine;
    });
    if (results.size() > query.k)
        results.resize(query.k);
    return results;
}

} // namespace engram
