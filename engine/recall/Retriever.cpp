#include "recall/Retriever.h"

#include "core/PorterStemmer.h"
#include "core/TextAnalysis.h"
#include "index/CitedQuotes.h"
#include "index/Embedder.h"
#include "index/VectorIndex.h"
#include "recall/EvidenceText.h"
#include "recall/QueryTime.h"
#include "recall/RelevanceGauge.h"
#include "recall/TurnContext.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <future>
#include <numeric>

namespace engram {

void SignalSource::signalsFor(const QList<Chunk> &chunks, const QDateTime &, QList<MemorySignals> &out)
{
    out = QList<MemorySignals>(chunks.size());
}

Retriever::Retriever(IndexStore &store, VectorIndex &vectors, Embedder &embedder, const Config &config)
    : m_store(store), m_vectors(vectors), m_embedder(embedder), m_config(config)
{ }

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

namespace {

/// Results longer than this (characters) show only the sentences of their long turns that hold a query
/// word, the sentence after each (and those after it that refer back to it), and a reply's opening.
/// Most of a 500-token pack is hits without the evidence: the shorter each, the more results fit.
/// LoCoMo dev R@500t 78.8 → 80.1 at 200 with the two rules below, answer-in-pack unchanged (90); 150
/// reached 80.2 but cut one answer, 250 gave 79.0 (bench/README.md). 400 gave 77.4 before the reply's
/// opening was kept; at 280 without it 4 answers in 100 were trimmed away.
constexpr int kTrimTurnsOver = 200;
/// In a question–answer pair, the turn beside the hit (no query word in it) over this many characters
/// shows less: the question before the hit the last question it asks, the answer after it its first
/// three sentences. At 140 with every question kept R@500t was 78.8; at 80 with the last question
/// 80.1 (with the trimming above; 140: 79.5, every question kept: 79.5), no answer lost.
constexpr int kTrimBesideOver = 80;
/// A result whose absolute match is under this share of the best result's is left out: it matched
/// the query through a neighbour's words or a hashed-vector collision, not its own. LoCoMo dev
/// R@10 79.4 → 79.8, R@500t 77.4 → 77.7, answer-in-pack unchanged (88.0); 0.10-0.20 give the same
/// figures, 0.25 and 0.30 lose evidence (R@500t 77.3, 76.7; bench/README.md).
constexpr double kTailShare = 0.15;
/// A candidate of the time the query names (QueryTime) has its relevance × (1 + this). LoCoMo dev R@10
/// 80.9 → 81.4, R@500t 80.5 → 80.8 (2 questions gained, none lost); 0.25 and 1.0 gain less (a dated
/// question's own words still decide among that time's turns); consolidated 80.6 / 80.2 → 81.4 / 80.8,
/// equal to raw (bench/README.md).
constexpr double kWhenLift = 0.5;
/// Longer queries are refused: 1000 words is a page, and FTS5 and the embedder would take each one.
constexpr int kMaxQueryWords = 1000;

/// The layers consolidation writes: digests and facts, whose items quote turns.
const QStringList kDigestLayers{QStringLiteral("session"), QStringLiteral("daily"), QStringLiteral("weekly"),
                                QStringLiteral("fact")};

struct Candidate {
    double keyword = 0.0; ///< BM25 / best BM25
    double vector = 0.0;  ///< cosine / best cosine
    double cosine = 0.0;  ///< the raw cosine, for the absolute match
    int keywordRank = 0;
    int vectorRank = 0;
};

/// A memory's match: that of its text, and for a note's section of its own heading too ("##
/// 2026-11-18: SQLite FTS5 plus hnswlib" is what that section is about, though its body never says
/// "SQLite"). Not the headings above it nor the title: those are said of every section of the file
/// alike, as a turn's heading (its session's title) is of every turn.
QString gaugedText(const Chunk &chunk)
{
    if (chunk.isTurn || chunk.heading.isEmpty())
        return chunk.text;
    return ownHeading(chunk.heading) + QLatin1Char('\n') + chunk.text;
}

double matchOf(const RelevanceGauge &gauge, const Chunk &chunk, double cosine)
{
    return gauge.match(gaugedText(chunk), cosine);
}

/// A digest or fact chunk as what it should show, one part per item that carries the match: an item
/// quoting a raw turn (all of it or an excerpt) becomes that turn, to be widened into its exchange like
/// any hit, and the other items stay one digest result. A digest line and the turn it quotes then never
/// both spend a pack's budget, and the quote brings the question or answer beside it. Each part scores
/// the digest's score times its item's share of the digest's match (items far below it go). A mode that
/// weighs the digest's layer over raw turns (`layerWeights`) asked for digests, and a filter the turn fails
/// (`--layer session`) asked for what the digest is: its quotes stay items.
/// Nothing when `digest` is not a digest chunk.
std::optional<QList<RecallResult>> digestParts(const RecallResult &digest, const RelevanceGauge &gauge,
                                               const RankingMode &mode, const RecallFilter &filter, IndexStore &store,
                                               TurnContext &context)
{
    if (digest.chunk.isTurn || !kDigestLayers.contains(digest.chunk.tags.layer.value))
        return std::nullopt;
    const bool quotesAsTurns =
        mode.layerWeight(digest.chunk.tags.layer.value) <= mode.layerWeight(QStringLiteral("raw"));
    const QStringList items = EvidenceText::citedItems(digest.chunk.text);
    const double whole = gauge.match(digest.chunk.text, digest.cosine);
    QList<RecallResult> parts;
    QList<qint64> turnIds;
    QStringList rest;
    double restShare = 0.0;
    for (const QString &item : items) {
        const double match = gauge.match(item, digest.cosine);
        if (whole > 0.0 && match < kTailShare * whole)
            continue; // an item beside the match, not of it
        const double share = whole > 0.0 ? qMin(1.0, match / whole) : 1.0;
        std::optional<EvidenceText::Source> source = quotesAsTurns ? EvidenceText::citedSource(item) : std::nullopt;
        if (quotesAsTurns && !source && &item == &items.last()) {
            // An item the next chunk of the digest ends: its citation is there.
            for (const Chunk &next : store.neighbours({digest.chunk.id}, 1))
                if (next.ordinal == digest.chunk.ordinal + 1)
                    if (const QStringList more = EvidenceText::citedItems(next.text); !more.isEmpty())
                        source = EvidenceText::citedSource(more.front());
        }
        const std::optional<Chunk> turn = source ? store.chunkAt(source->path, source->startLine) : std::nullopt;
        if (turn && turn->isTurn && CitedQuotes::quotes(item, turn->text)
            && (filter.isEmpty() || store.matches(turn->id, filter))) {
            RecallResult part = digest;
            part.chunk = *turn;
            part.score = digest.score * share;
            parts << part;
            turnIds << turn->id;
            context.add({*turn});
            continue;
        }
        rest << item;
        restShare = qMax(restShare, share);
    }
    if (!rest.isEmpty()) {
        RecallResult part = digest;
        part.chunk.text = rest.join(QLatin1Char('\n'));
        part.score = digest.score * restShare;
        parts << part;
    }
    context.add(store.neighbours(turnIds, 1));
    return parts;
}

} // namespace

Retriever::KeywordPlan Retriever::keywordPlan(const QStringList &terms)
{
    // A term in many chunks makes FTS5 score every chunk it occurs in: at 100k chunks that was
    // most of a recall. The rows a query scores are therefore those of its rarer terms: the rarest
    // one if it is in at most 5000 chunks, then others in at most 2500 each while the postings stay
    // within 5000. When even the rarest term is in more than 5000 chunks ("user", a name in every
    // transcript) there are no such rows and the vector side answers (p99 26-35 → 10-14 ms at
    // 100k chunks). The other terms still rank those rows (`rankingOnly`): FTS5 seeks their
    // doclists only at them, and the score is the full query's BM25. Left out of the score, they
    // cost LoCoMo at 1M chunks 11 points of R@10 (a 5000-chunk term is 0.5 % of the vault there:
    // "store", "book", "paint"); ranking, 1M gives 73.1 where 100k gives 75.0. With them ranking,
    // 2500 per term and 5000 per query choose rows as well as 5000 and 10000 did (the same LoCoMo
    // at 100k and 1M) at the CPU the old limits cost without the ranking (fast p50 at 1M 3.6 →
    // 3.1 ms; bench/README.md). Terms in more than a fifth of the chunks rank nothing (their idf
    // is near 0; over half the chunks, FTS5 clamps it to 1e-6), and seeking "user", in 70 % of
    // the chunks, costs as much as reading it. Below 1000 chunks every term chooses rows.
    constexpr double kCommonShare = 0.2;
    constexpr double kRarestPostings = 5000;
    constexpr double kMaxPostings = 2500;
    constexpr double kQueryPostings = 5000;
    constexpr qint64 kSmallVault = 1000;
    const qint64 chunks = terms.isEmpty() ? 0 : m_store.approximateChunkCount();
    if (chunks < kSmallVault)
        return {terms, {}};
    const double common = kCommonShare * double(chunks);
    const double limit = qMin(kMaxPostings, common);
    QStringList stems;
    for (const QString &t : terms)
        stems << PorterStemmer::stem(t);
    const QHash<QString, qint64> frequency = m_store.documentFrequencies(stems);
    QList<qsizetype> rarestFirst(terms.size());
    std::iota(rarestFirst.begin(), rarestFirst.end(), 0);
    std::stable_sort(rarestFirst.begin(), rarestFirst.end(),
                     [&](qsizetype a, qsizetype b) { return frequency.value(stems[a]) < frequency.value(stems[b]); });
    double postings = double(frequency.value(stems[rarestFirst.front()]));
    if (postings > kRarestPostings)
        return {};
    QList<bool> keep(terms.size(), false);
    keep[rarestFirst.front()] = true; // the rarest term stays (a small vault's common word is still cheap)
    for (qsizetype i : rarestFirst.mid(1)) {
        const double f = double(frequency.value(stems[i]));
        if (f > limit || postings + f > kQueryPostings)
            break;
        keep[i] = true;
        postings += f;
    }
    KeywordPlan plan;
    for (qsizetype i = 0; i < terms.size(); ++i) {
        if (keep[i])
            plan.matched << terms[i];
        else if (double(frequency.value(stems[i])) <= common)
            plan.rankingOnly << terms[i];
    }
    return plan;
}

double Retriever::vectorWeight(const RankingMode &mode) const
{
    if (mode.vectorWeight >= 0.0)
        return qMin(1.0, mode.vectorWeight);
    // The offline hashing embedder mostly repeats what BM25 knows, with collisions; a model adds meaning.
    return m_embedder.id().startsWith(QLatin1String("hash")) ? 0.15 : 0.5;
}

Result<QList<RecallResult>> Retriever::recall(const RecallQuery &query)
{
    const QString modeName = query.mode.isEmpty() ? m_config.defaultMode : query.mode;
    if (!m_config.modeNames().contains(modeName))
        return Error{QStringLiteral("there is no ranking mode \"%1\"; engram.json defines %2")
                         .arg(modeName, m_config.modeNames().join(QStringLiteral(", ")))};
    const RankingMode &mode = m_config.mode(modeName);
    const QDateTime now = query.now.isValid() ? query.now : QDateTime::currentDateTimeUtc();
    // Control characters (a pasted terminal escape, a NUL) are spaces to every later stage.
    QString text = query.text;
    for (QChar &c : text)
        if (c.category() == QChar::Other_Control || c.category() == QChar::Other_Format)
            c = QLatin1Char(' ');
    if (text.trimmed().isEmpty())
        return Error{QStringLiteral("the query is empty; say what to recall")};
    const QStringList queryWords = TextAnalysis::words(text);
    if (queryWords.isEmpty())
        return Error{QStringLiteral("the query \"%1\" holds no words (letters or digits); say what to recall")
                         .arg(text.simplified().left(80))};
    if (queryWords.size() > kMaxQueryWords)
        return Error{QStringLiteral("the query has %1 words; recall takes at most %2: say in a sentence or a "
                                    "paragraph what to recall")
                         .arg(queryWords.size())
                         .arg(kMaxQueryWords)};
    if (RelevanceGauge::contentStems(text).isEmpty())
        return Error{QStringLiteral("the query \"%1\" holds only common words; name what to recall")
                         .arg(text.simplified().left(80))};
    if (query.isCancelled())
        return RecallQuery::cancelledError();

    // The kNN search runs on a second thread while FTS5 answers on this one (the two are
    // independent; the hnswlib index takes concurrent searches under a shared lock). The query
    // is embedded here: an HTTP embedder belongs to this thread.
    const double wv = vectorWeight(mode);
    std::future<QList<VectorIndex::Hit>> vectorSearch;
    Vector queryVector;
    if (wv > 0.0) {
        auto embedded = m_embedder.embed({text});
        if (!embedded)
            return embedded.error();
        queryVector = embedded->front();
        const int fetch = query.filter.isEmpty() ? mode.vectorCandidates : mode.vectorCandidates * 4;
        vectorSearch = std::async(std::launch::async,
                                  [this, vector = queryVector, fetch] { return m_vectors.search(vector, fetch); });
    }

    QHash<qint64, Candidate> candidates;
    const QStringList allTerms = keywordTerms(text);
    KeywordPlan plan = keywordPlan(allTerms);
    if (plan.matched.isEmpty() && wv <= 0.0)
        plan = {allTerms, {}}; // no vector side in this mode to leave common words to: slow, but an answer
    // A digest's quotes of turns are the turns' keywords: a search that asks for digests finds them there.
    bool wantsDigests = !query.filter.isEmpty();
    for (const QString &layer : kDigestLayers)
        wantsDigests = wantsDigests || mode.layerWeight(layer) > mode.layerWeight(QStringLiteral("raw"));
    // A term in most chunks of a file (a conversation's participants) ranks that file, not its chunks:
    // LoCoMo inside 1M synthetic chunks R@10 73.1 → 78.7, R@500t 73.5 → 77.3; dev 79.9 → 80.9, 80.1 → 80.5
    // (bench/README.md).
    const auto searched = m_store.keywordSearch(plan.matched, mode.keywordCandidates, query.filter, plan.rankingOnly,
                                                wantsDigests ? IndexStore::Quoters::Include : IndexStore::Quoters::Omit,
                                                IndexStore::Weighting::WithinFiles);
    if (!searched)
        return searched.error();
    const QList<IndexStore::KeywordHit> &keywordHits = *searched;
    const double maxKeyword = keywordHits.isEmpty() ? 1.0 : qMax(1e-9, keywordHits.front().score);
    for (int i = 0; i < keywordHits.size(); ++i) {
        Candidate &c = candidates[keywordHits[i].id];
        c.keyword = keywordHits[i].score / maxKeyword;
        // Equal scores share a rank (the order among them is row-id order, which a rebuild changes).
        c.keywordRank = i > 0 && keywordHits[i].score == keywordHits[i - 1].score
                            ? candidates[keywordHits[i - 1].id].keywordRank
                            : i + 1;
    }

    double background = 0.0; // the median cosine of the neighbours: the vault's answer to any query
    if (vectorSearch.valid()) {
        const auto vectorHits = vectorSearch.get();
        if (!vectorHits.isEmpty()) {
            QList<float> similarities;
            for (const auto &hit : vectorHits)
                similarities << hit.similarity;
            std::nth_element(similarities.begin(), similarities.begin() + similarities.size() / 2, similarities.end());
            background = double(similarities[similarities.size() / 2]);
        }
        float maxSimilarity = 1e-6f;
        for (const auto &hit : vectorHits)
            maxSimilarity = qMax(maxSimilarity, hit.similarity);
        int vectorRank = 0;
        int sharedRank = 0;
        float previous = 0.0f;
        for (const auto &hit : vectorHits) {
            if (!query.filter.isEmpty() && !m_store.matches(hit.id, query.filter))
                continue;
            if (++vectorRank > mode.vectorCandidates)
                break;
            // Equal similarities share a rank, as equal keyword scores do: the order among them is
            // chunk-id order, which a rebuild changes (float16 vectors tie where float32 ones differed
            // in the 7th digit, for a query of a few words).
            if (vectorRank == 1 || hit.similarity != previous)
                sharedRank = vectorRank;
            previous = hit.similarity;
            Candidate &c = candidates[hit.id];
            c.vector = qMax(0.0, double(hit.similarity) / double(maxSimilarity));
            c.cosine = double(hit.similarity);
            c.vectorRank = sharedRank;
        }
    }

    if (query.isCancelled()) // the candidates are gathered; scoring reads every one of them
        return RecallQuery::cancelledError();

    // Normalised-score fusion (measured better than reciprocal-rank fusion on LoCoMo, see bench/README.md).
    QHash<qint64, double> fused;
    double maxFused = 1e-9;
    for (auto it = candidates.cbegin(); it != candidates.cend(); ++it) {
        const double f = (1.0 - wv) * it->keyword + wv * it->vector;
        fused.insert(it.key(), f);
        maxFused = qMax(maxFused, f);
    }
    for (double &f : fused)
        f /= maxFused;

    QList<qint64> ids = candidates.keys();
    std::sort(ids.begin(), ids.end());
    const QList<Chunk> chunks = m_store.chunks(ids);

    // A memory of the time the query names is about what it asks ("in August 2023": a turn of that
    // month's session that names no month). Its relevance is lifted before smoothing, so its exchange
    // moves with it; the absolute match (the gate) still counts only the query's words.
    const std::optional<QueryTime> when = QueryTime::of(text, now.date());
    if (when) {
        double top = 1e-9;
        for (const Chunk &chunk : chunks) {
            double &f = fused[chunk.id];
            if (f > 0.0 && when->contains(chunk.time))
                f *= 1.0 + kWhenLift;
            top = qMax(top, f);
        }
        for (double &f : fused)
            f /= top;
    }

    // Smoothing only needs the candidates (a neighbour that is not one has relevance 0);
    // the text of other neighbours is fetched below for the results that are shown.
    TurnContext context;
    context.add(chunks);

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
        r.cosine = c.cosine;
        const double relevance = context.smoothed(chunk, fused.value(chunk.id), mode.neighbourWeight, fused);
        if (relevance <= 0.0)
            continue; // nothing of the query in it: strength alone must not bring it back
        const QDateTime seen = m.lastAccess.isValid() ? m.lastAccess : chunk.time;
        const double ageDays = seen.isValid() ? qMax<qint64>(0, seen.secsTo(now)) / 86400.0 : 365.0;
        const double recency = std::exp(-std::log(2.0) * ageDays / halfLife);
        // The mode weighs digests against raw turns. The layer weight is folded into every term's
        // weight, so the breakdown sums to the score and a term recomputed later keeps it.
        const double layer = mode.layerWeight(chunk.tags.layer.value);
        // Strength, recency and access say nothing about the query: they reorder what matches it
        // but must not lift what hardly does, so their weight is scaled by the relevance. Added
        // at full weight, they gave a fresh transcript turn at relevance 0.02 a score of 0.5 over
        // a keyword match at relevance 0.43 in an older note (tests/data/golden/README.md).
        // Co-activation and the graph walk come from this query's own top candidates: not scaled.
        const double prior = layer * relevance;
        r.breakdown = {{QStringLiteral("relevance"), relevance, mode.relevance * layer},
                       {QStringLiteral("strength"), m.strength, mode.strength * prior},
                       {QStringLiteral("recency"), recency, mode.recency * prior},
                       {QStringLiteral("access"), m.access, mode.access * prior},
                       {QStringLiteral("coactivation"), m.coactivation, mode.coactivation * layer},
                       {QStringLiteral("graph"), m.graph, mode.graph * layer}};
        for (const ScoreComponent &component : std::as_const(r.breakdown))
            r.score += component.contribution();
        results << r;
    }
    if (query.isCancelled())
        return RecallQuery::cancelledError();
    m_signals->refine(results, mode, now);
    std::sort(results.begin(), results.end(), [](const RecallResult &a, const RecallResult &b) {
        if (a.score != b.score)
            return a.score > b.score;
        // Ties break on the source position, which a rebuild does not change (row ids do).
        if (a.chunk.path != b.chunk.path)
            return a.chunk.path < b.chunk.path;
        return a.chunk.startLine < b.chunk.startLine;
    });

    // Widen hits into question–answer pairs; a turn already shown is not shown again, nor a line whose
    // words an earlier result showed (a digest quoting a raw turn, a weekly digest quoting a daily
    // one), nor a chunk that holds only a citation. Long turns keep the sentences that carry the match.
    const RelevanceGauge gauge(m_store, text, wv > 0.0 ? &m_embedder : nullptr, queryVector, background);
    const QStringList queryStems = RelevanceGauge::contentStems(text);
    QSet<qint64> digestsSplit; // a digest's remaining lines are not split again
    QSet<QString> shown;
    QSet<QString> shownUnits;
    QList<RecallResult> out;
    double best = 0.0; // the best absolute match so far
    qsizetype fetchedUpTo = 0;
    for (qsizetype i = 0; i < results.size(); ++i) {
        if (out.size() >= query.k)
            break;
        if (!results[i].chunk.isTurn && !digestsSplit.contains(results[i].chunk.id)) {
            digestsSplit.insert(results[i].chunk.id);
            const auto parts = digestParts(results[i], gauge, mode, query.filter, m_store, context);
            if (parts) {
                // Each part goes where its own score ranks it among the results not yet shown.
                const double top = results[i].score;
                results.remove(i);
                for (const RecallResult &part : *parts) {
                    qsizetype at = i;
                    while (part.score < top && at < results.size() && results[at].score >= part.score)
                        ++at;
                    results.insert(at, part);
                }
                --i; // the result now at i may be another digest
                continue;
            }
        }
        RecallResult &r = results[i];
        if (mode.contextTurns > 0 && i >= fetchedUpTo) {
            // One query for the neighbours of the next batch of results (never of all candidates).
            const qsizetype batch = qMax<qsizetype>(16, 2 * (query.k - out.size()));
            QList<qint64> turnIds;
            for (qsizetype j = i; j < qMin(results.size(), i + batch); ++j)
                if (results[j].chunk.isTurn)
                    turnIds << results[j].chunk.id;
            context.add(m_store.neighbours(turnIds, 1));
            fetchedUpTo = i + batch;
        }
        if (shown.contains(TurnContext::key(r.chunk.path, r.chunk.ordinal)))
            continue;
        if (EvidenceText::isCitationOnly(r.chunk.text))
            continue;
        // A result left out for its weak match leaves its turns to the results after it.
        QSet<QString> taken = shown;
        if (mode.contextTurns > 0)
            context.widen(r.chunk, taken);
        else
            taken.insert(TurnContext::key(r.chunk.path, r.chunk.ordinal));
        // The memory's match is that of all it holds, not of the part an earlier result left to show.
        r.match = matchOf(gauge, r.chunk, r.cosine);
        if (r.match < kTailShare * best)
            continue; // far below what the query found: its place goes to the next result
        shown = std::move(taken);
        const QString fresh = EvidenceText::withoutShown(r.chunk.text, shownUnits);
        if (fresh.isEmpty())
            continue;
        r.chunk.text = EvidenceText::trimmed(fresh, queryStems, kTrimTurnsOver, kTrimBesideOver);
        r.chunk.tokens = TextAnalysis::estimateTokens(r.chunk.text);
        for (const QString &unit : EvidenceText::units(fresh))
            shownUnits.insert(unit);
        best = qMax(best, r.match);
        out << r;
    }

    // The absolute match of what each result shows; when none reaches kRelevant the vault holds
    // nothing on the query, and the least unrelated memories are not worth a reader's time. A result
    // taken before a better one came is held to the final best too.
    if (best < RelevanceGauge::kRelevant)
        out.clear();
    out.removeIf([best](const RecallResult &r) { return r.match < kTailShare * best; });
    // Are the question's specific words here? Matching only its everyday words ("best", "store" of a
    // question on storing basil) is not an answer: recall says nothing. A result holding under kRelevant
    // of what the question asks besides its names is kept but flagged partial: beside an answer (the
    // "best pet store" beside the basil), or alone when a name the vault knows carries it ("Jon" of
    // "When did Jon open the studio?" in a note on Jon's tea). No lower floor lets a partial match of
    // the specific words alone answer: at 0.15 the tuning half's everyday questions got results in
    // 5.0 % of pairs instead of 4.7 %, at 0.05 in 7.8 % (bench/gate/README.md). A model embedder's
    // meaning still answers alone ("destress" for "de-stress").
    QList<bool> partial;
    double bestSpecific = 0.0;
    for (const RecallResult &r : std::as_const(out)) {
        const QString shownText = gaugedText(r.chunk);
        partial << gauge.isPartial(shownText);
        bestSpecific = std::max({bestSpecific, gauge.specificCoverage(shownText), gauge.meaning(r.cosine)});
    }
    if (bestSpecific < RelevanceGauge::kRelevant)
        out.clear();
    for (qsizetype i = 0; i < out.size(); ++i) {
        RecallResult &r = out[i];
        r.breakdown << ScoreComponent{QStringLiteral("match"), r.match, 0.0, true};
        if (partial[i])
            r.breakdown << ScoreComponent{QStringLiteral("partial"), 1.0, 0.0, true};
        if (when) // the lift is in the relevance
            r.breakdown << ScoreComponent{QStringLiteral("when"), when->contains(r.chunk.time) ? 1.0 : 0.0, 0.0, true};
    }
    return out;
}

} // namespace engram
