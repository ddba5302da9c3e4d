// vector_order_bench: does the vector side of recall depend on the order the vectors were added in?
//   vector_order_bench [--sizes 10000,20000,50000,100000] [--widths 96,200,400,800] [--queries 300]
//                      [--k 60] [--seed 42] [--int8-shortlist 200] [--no-int8]
// For each size N: N note/turn-like chunks embedded by the engine's default (offline, hashed) embedder,
// put into two VectorIndex instances in two orders (as written, and a seeded shuffle), then a third
// history on the first: 2 % of the chunks (whole files) removed and added again at the end with new
// ids, as re-indexing edited files does. For each graph search width: recall against the exact answer,
// and how far the orders agree on top-10 and top-k (k = 60, the `fast` mode's vector candidates). The exact scan (the
// floor) and an int8 scan with a float re-score of its top 200 are timed beside them. Times are CPU time of the
// searching thread.
#include "core/Config.h"
#include "core/TextAnalysis.h"
#include "index/Embedder.h"
#include "index/VectorIndex.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QSet>
#include <QTextStream>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <numeric>
#include <time.h>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define ENGRAM_BENCH_AVX2 1
#endif

using namespace engram;

namespace {

QTextStream out(stdout);

constexpr int kTopSmall = 10;
constexpr qint64 kReAddedLabel = qint64(1) << 40; ///< the new id of a chunk added again is its item + this

double threadCpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

double percentile(QList<double> values, double q)
{
    if (values.isEmpty())
        return 0.0;
    std::sort(values.begin(), values.end());
    return values[qMin(values.size() - 1, qsizetype(q * double(values.size() - 1) + 0.5))];
}

// ---- text like bench/gen_vault.py: Zipf-distributed words over common English, jargon and a long tail

const char *const kCommon =
    "the of and to a in is it you that he was for on are with as i his they be at one have this from or had by "
    "hot word but what some we can out other were all there when up use your how said an each she which do their "
    "time if will way about many then them write would like so these her long make thing see him two has look more "
    "day could go come did number sound no most people my over know water than call first who may down side been "
    "now find any new work part take get place made live where after back little only round man year came show "
    "every good me give our under name very through just form sentence great think say help low line differ turn "
    "cause much mean before move right boy old too same tell does set three want air well also play small end put "
    "home read hand port large spell add even land here must big high such follow act why ask men change went "
    "light kind off need house picture try us again animal point mother world near build self earth father head "
    "stand own page should country found answer school grow study still learn plant cover food sun four between "
    "state keep eye never last let thought city tree cross farm hard start might story saw far sea draw left late "
    "run while press close night real life few north open seem together next white children begin got walk "
    "example ease paper group always music those both mark often letter until mile river car feet care second "
    "book carry took science eat room friend began idea fish mountain stop once base hear horse cut sure watch";
const char *const kJargon =
    "index query latency cache vector embedding chunk token budget recall ranking decay strength recency schema "
    "migration sqlite hnsw cosine bm25 stemmer tokenizer parser transcript session digest consolidation journal "
    "watcher thread worker mutex deadlock release deploy rollback branch merge commit review test fixture benchmark "
    "profile allocator heap stack pointer reference lambda template module package build linker compiler warning "
    "error exception timeout retry backoff endpoint server client request response header payload json yaml "
    "markdown frontmatter heading paragraph bullet table widget model view delegate proxy signal slot event loop "
    "timer clipboard hook agent prompt answer tool call result memory focus heuristic learning avoidance reflection "
    "insight feedback pattern mistake decision design architecture interface contract invariant regression golden "
    "alice bob carol dave erin frank grace heidi ivan judy atlas borealis cygnus draco eridanus fornax gemini hydra";

/// Words drawn by a Zipf law (rank r weighs 1/r^1.07): common words and jargon at the head, then a
/// long tail of generated terms, so vector neighbourhoods look like a vault's rather than noise.
class WordSource {
public:
    explicit WordSource(quint64 seed) : m_rng(seed)
    {
        const QStringList common = QString::fromLatin1(kCommon).split(QLatin1Char(' '));
        QStringList head = common.mid(60) + QString::fromLatin1(kJargon).split(QLatin1Char(' '));
        std::shuffle(head.begin(), head.end(), m_rng);
        m_words = common.mid(0, 60) + head;
        const QStringList syllables = {
            QStringLiteral("ka"), QStringLiteral("lo"),  QStringLiteral("mi"),  QStringLiteral("ne"),
            QStringLiteral("su"), QStringLiteral("ta"),  QStringLiteral("ri"),  QStringLiteral("zo"),
            QStringLiteral("pe"), QStringLiteral("qua"), QStringLiteral("vel"), QStringLiteral("dor"),
            QStringLiteral("an"), QStringLiteral("is"),  QStringLiteral("ur"),  QStringLiteral("ex")};
        QSet<QString> tail;
        while (tail.size() < 20000) {
            QString word;
            for (int n = between(2, 4); n > 0; --n)
                word += syllables[int(m_rng.bounded(int(syllables.size())))];
            tail.insert(word);
        }
        QStringList sortedTail(tail.begin(), tail.end());
        std::sort(sortedTail.begin(), sortedTail.end());
        m_words += sortedTail;
        double total = 0.0;
        for (qsizetype rank = 0; rank < m_words.size(); ++rank)
            m_cumulative.push_back(total += 1.0 / std::pow(double(rank + 1), 1.07));
    }

    int between(int low, int high) { return low + int(m_rng.bounded(high - low + 1)); }
    QRandomGenerator &random() { return m_rng; }

    QString word()
    {
        const double x = m_rng.generateDouble() * m_cumulative.back();
        const auto at = std::upper_bound(m_cumulative.begin(), m_cumulative.end(), x) - m_cumulative.begin();
        return m_words[qMin(qsizetype(at), m_words.size() - 1)];
    }

    QString sentence(int low = 6, int high = 18)
    {
        QStringList words;
        for (int n = between(low, high); n > 0; --n)
            words << word();
        words.front()[0] = words.front()[0].toUpper();
        static const char kEnds[] = "...?!";
        return words.join(QLatin1Char(' ')) + QLatin1Char(kEnds[m_rng.bounded(5)]);
    }

    QString paragraph(int sentences)
    {
        QStringList parts;
        while (sentences-- > 0)
            parts << sentence();
        return parts.join(QLatin1Char(' '));
    }

private:
    QRandomGenerator m_rng;
    QStringList m_words;
    std::vector<double> m_cumulative;
};

/// The chunks of a vault in the order a rebuild meets them: sessions of 20–60 turns and notes of 3–8
/// sections, about 70 % of the chunks turns (as bench/gen_vault.py).
struct Corpus {
    QStringList texts;
    QList<int> file; ///< the file each chunk belongs to
    QList<bool> isTurn;
    QList<Vector> vectors;
};

Corpus makeCorpus(int chunks, quint64 seed)
{
    Corpus corpus;
    WordSource words(seed);
    for (int file = 0; corpus.texts.size() < chunks; ++file) {
        const bool session = words.random().generateDouble() < 0.25; // ~40 turns vs ~5.5 sections: 70 % turns
        const int parts = session ? words.between(20, 60) : words.between(3, 8);
        for (int i = 0; i < parts && corpus.texts.size() < chunks; ++i) {
            if (session) {
                corpus.texts << words.paragraph(words.between(1, 3));
            } else {
                QStringList heading;
                for (int n = words.between(1, 4); n > 0; --n)
                    heading << words.word();
                corpus.texts << heading.join(QLatin1Char(' ')) + QStringLiteral("\n\n")
                                    + words.paragraph(words.between(2, 5));
            }
            corpus.file << file;
            corpus.isTurn << session;
        }
    }
    return corpus;
}

/// The engine's default embedder over the corpus, a turn's vector blended with its neighbours' as the
/// Indexer does.
Status embedCorpus(Corpus &corpus, Embedder &embedder)
{
    QList<Vector> own;
    for (qsizetype start = 0; start < corpus.texts.size(); start += 2000) {
        auto embedded = embedder.embed(corpus.texts.mid(start, 2000));
        if (!embedded)
            return embedded.error();
        own += *embedded;
    }
    corpus.vectors = own;
    for (qsizetype i = 0; i < own.size(); ++i) {
        if (!corpus.isTurn[i])
            continue;
        Vector &v = corpus.vectors[i];
        for (qsizetype j : {i - 1, i + 1})
            if (j >= 0 && j < own.size() && corpus.isTurn[j] && corpus.file[j] == corpus.file[i])
                for (qsizetype d = 0; d < v.size(); ++d)
                    v[d] += own[j][d];
        normalize(v);
    }
    return {};
}

/// 2–5 content words from random chunks (as engram_bench's queries).
QStringList makeQueries(const Corpus &corpus, int count, quint64 seed)
{
    QStringList queries;
    QRandomGenerator rng(seed);
    while (queries.size() < count) {
        QStringList words;
        for (const QString &w : TextAnalysis::words(corpus.texts[rng.bounded(int(corpus.texts.size()))]))
            if (!TextAnalysis::isStopWord(w) && w.size() > 2)
                words << w;
        if (words.size() < 3)
            continue;
        QStringList picked;
        for (int n = 2 + int(rng.bounded(4)); n > 0; --n)
            picked << words[rng.bounded(int(words.size()))];
        queries << picked.join(QLatin1Char(' '));
    }
    return queries;
}

// ---- the answers of one index at one width, and how two of them compare

using Ranking = QList<qint64>; ///< items, most similar first

struct Answers {
    QList<Ranking> rankings; ///< one per query
    QList<double> cpuMs;
    QList<double> wallMs;
};

qint64 itemOf(qint64 label)
{
    return label >= kReAddedLabel ? label - kReAddedLabel : label;
}

Answers ask(const VectorIndex &index, const QList<Vector> &queries, int k)
{
    Answers answers;
    for (const Vector &query : queries) {
        QElapsedTimer wall;
        wall.start();
        const double cpu = threadCpuMs();
        const auto hits = index.search(query, k);
        answers.cpuMs << threadCpuMs() - cpu;
        answers.wallMs << double(wall.nsecsElapsed()) / 1e6;
        Ranking ranking;
        for (const auto &hit : hits)
            ranking << itemOf(hit.id);
        answers.rankings << ranking;
    }
    return answers;
}

double sharedShare(const Ranking &a, const Ranking &b, int top)
{
    const QSet<qint64> left(a.begin(), a.begin() + qMin(a.size(), qsizetype(top)));
    int shared = 0;
    for (qsizetype i = 0; i < qMin(b.size(), qsizetype(top)); ++i)
        shared += left.contains(b[i]) ? 1 : 0;
    return double(shared) / double(top);
}

struct Agreement {
    double overlap = 0.0;   ///< mean share of the top `top` both hold
    double sameSet = 0.0;   ///< share of queries whose top `top` hold the same items
    double sameOrder = 0.0; ///< share of queries whose top `top` are identical, in order
};

Agreement agreement(const Answers &a, const Answers &b, int top)
{
    Agreement result;
    for (qsizetype q = 0; q < a.rankings.size(); ++q) {
        const double share = sharedShare(a.rankings[q], b.rankings[q], top);
        result.overlap += share;
        result.sameSet += share == 1.0 ? 1.0 : 0.0;
        result.sameOrder += a.rankings[q].mid(0, top) == b.rankings[q].mid(0, top) ? 1.0 : 0.0;
    }
    const double n = double(qMax(qsizetype(1), a.rankings.size()));
    return {result.overlap / n, result.sameSet / n, result.sameOrder / n};
}

// ---- the exact scan over plain arrays: float (the floor) and int8 with a float re-score

#ifdef ENGRAM_BENCH_AVX2
/// The float32 dot product VectorIndex used before its re-score vectors became float16 (the same sums in
/// the same order as its float16 kernel, engine/index/VectorKernels.cpp, over float32 operands).
__attribute__((target("avx2,fma"))) float dotAvx2(const float *x, const float *y, int n)
{
    __m256 sum0 = _mm256_setzero_ps();
    __m256 sum1 = _mm256_setzero_ps();
    int i = 0;
    for (; i + 16 <= n; i += 16) {
        sum0 = _mm256_fmadd_ps(_mm256_loadu_ps(x + i), _mm256_loadu_ps(y + i), sum0);
        sum1 = _mm256_fmadd_ps(_mm256_loadu_ps(x + i + 8), _mm256_loadu_ps(y + i + 8), sum1);
    }
    for (; i + 8 <= n; i += 8)
        sum0 = _mm256_fmadd_ps(_mm256_loadu_ps(x + i), _mm256_loadu_ps(y + i), sum0);
    const __m256 sum = _mm256_add_ps(sum0, sum1);
    __m128 half = _mm_add_ps(_mm256_castps256_ps128(sum), _mm256_extractf128_ps(sum, 1));
    half = _mm_hadd_ps(half, half);
    half = _mm_hadd_ps(half, half);
    float dot = _mm_cvtss_f32(half);
    for (; i < n; ++i)
        dot += x[i] * y[i];
    return dot;
}

/// Sixteen int8 codes widened to int16 and multiplied pairwise with the int16 query (exact integers).
__attribute__((target("avx2"))) qint32 dotInt8Avx2(const qint8 *codes, const qint16 *query, int n)
{
    __m256i sum = _mm256_setzero_si256();
    int i = 0;
    for (; i + 16 <= n; i += 16) {
        const __m256i wide = _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i *>(codes + i)));
        sum = _mm256_add_epi32(
            sum, _mm256_madd_epi16(wide, _mm256_loadu_si256(reinterpret_cast<const __m256i *>(query + i))));
    }
    __m128i half = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
    half = _mm_hadd_epi32(half, half);
    half = _mm_hadd_epi32(half, half);
    qint32 dot = _mm_cvtsi128_si32(half);
    for (; i < n; ++i)
        dot += qint32(codes[i]) * qint32(query[i]);
    return dot;
}
#endif

float dotFloat(const float *x, const float *y, int n)
{
#ifdef ENGRAM_BENCH_AVX2
    static const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    if (avx2)
        return dotAvx2(x, y, n);
#endif
    float dot = 0.0f;
    for (int i = 0; i < n; ++i)
        dot += x[i] * y[i];
    return dot;
}

qint32 dotInt8(const qint8 *codes, const qint16 *query, int n)
{
#ifdef ENGRAM_BENCH_AVX2
    static const bool avx2 = __builtin_cpu_supports("avx2");
    if (avx2)
        return dotInt8Avx2(codes, query, n);
#endif
    qint32 dot = 0;
    for (int i = 0; i < n; ++i)
        dot += qint32(codes[i]) * qint32(query[i]);
    return dot;
}

/// Each vector as int8 codes with its own scale (largest magnitude → 127), beside the float originals.
struct FlatVectors {
    int dimensions = 0;
    qsizetype count = 0;
    std::vector<float> values;
    std::vector<qint8> codes;
    std::vector<float> scales;

    FlatVectors(const QList<Vector> &vectors, qsizetype n) : dimensions(int(vectors.front().size())), count(n)
    {
        values.resize(size_t(n) * size_t(dimensions));
        codes.resize(values.size());
        scales.resize(size_t(n));
        for (qsizetype i = 0; i < n; ++i) {
            float largest = 1e-12f;
            for (float x : vectors[i])
                largest = std::max(largest, std::abs(x));
            scales[size_t(i)] = largest / 127.0f;
            for (int d = 0; d < dimensions; ++d) {
                const size_t at = size_t(i) * size_t(dimensions) + size_t(d);
                values[at] = vectors[i][d];
                codes[at] = qint8(std::lround(vectors[i][d] / scales[size_t(i)]));
            }
        }
    }

    const float *vector(qsizetype i) const { return values.data() + size_t(i) * size_t(dimensions); }

    /// Every vector compared in float, top `k` (ties by item, as VectorIndex's exact search).
    Ranking exact(const Vector &query, int k) const
    {
        std::vector<std::pair<float, qint64>> all(static_cast<size_t>(count));
        for (qsizetype i = 0; i < count; ++i)
            all[size_t(i)] = {1.0f - dotFloat(query.constData(), vector(i), dimensions), i};
        return best(all, k);
    }

    /// Every vector compared in int8, then the best `shortlist` re-scored in float.
    Ranking quantized(const Vector &query, int k, int shortlist) const
    {
        float largest = 1e-12f;
        for (float x : query)
            largest = std::max(largest, std::abs(x));
        std::vector<qint16> q(static_cast<size_t>(dimensions));
        for (int d = 0; d < dimensions; ++d)
            q[size_t(d)] = qint16(std::lround(query[d] * 127.0f / largest));
        std::vector<std::pair<float, qint64>> all(static_cast<size_t>(count));
        for (qsizetype i = 0; i < count; ++i)
            all[size_t(i)] = {-float(dotInt8(codes.data() + size_t(i) * size_t(dimensions), q.data(), dimensions))
                                  * scales[size_t(i)],
                              i};
        std::vector<std::pair<float, qint64>> rescored;
        for (qint64 item : best(all, shortlist))
            rescored.emplace_back(1.0f - dotFloat(query.constData(), vector(item), dimensions), item);
        return best(rescored, k);
    }

    static Ranking best(std::vector<std::pair<float, qint64>> &all, int k)
    {
        const auto n = std::ptrdiff_t(std::min(all.size(), size_t(k)));
        std::partial_sort(all.begin(), all.begin() + n, all.end());
        Ranking ranking;
        for (std::ptrdiff_t i = 0; i < n; ++i)
            ranking << all[size_t(i)].second;
        return ranking;
    }
};

template <typename Search>
Answers askFlat(const QList<Vector> &queries, Search search)
{
    Answers answers;
    for (const Vector &query : queries) {
        QElapsedTimer wall;
        wall.start();
        const double cpu = threadCpuMs();
        answers.rankings << search(query);
        answers.cpuMs << threadCpuMs() - cpu;
        answers.wallMs << double(wall.nsecsElapsed()) / 1e6;
    }
    return answers;
}

// ---- the run

QString figure(double share)
{
    return QString::number(100.0 * share, 'f', 1);
}

QString times(const Answers &a)
{
    return QStringLiteral("%1 / %2 (%3)")
        .arg(percentile(a.cpuMs, 0.5), 0, 'f', 2)
        .arg(percentile(a.cpuMs, 0.95), 0, 'f', 2)
        .arg(percentile(a.wallMs, 0.5), 0, 'f', 2);
}

double recall(const Answers &a, const Answers &exact, int top)
{
    double sum = 0.0;
    for (qsizetype q = 0; q < a.rankings.size(); ++q)
        sum += sharedShare(exact.rankings[q], a.rankings[q], top);
    return sum / double(qMax(qsizetype(1), a.rankings.size()));
}

double buildSeconds(VectorIndex &index, const Corpus &corpus, const QList<qint64> &order)
{
    const double cpu = threadCpuMs();
    for (qint64 item : order)
        index.add(item, corpus.vectors[item]);
    return (threadCpuMs() - cpu) / 1e3;
}

/// Whole files, picked at random, until 2 % of the chunks: removed, then added again with new ids.
double reAddTwoPercent(VectorIndex &index, const Corpus &corpus, int n, quint64 seed)
{
    QRandomGenerator rng(seed);
    QSet<int> files;
    int chunks = 0;
    QList<qint64> items;
    while (chunks < n / 50) {
        const int file = corpus.file[rng.bounded(n)];
        if (files.contains(file))
            continue;
        files.insert(file);
        for (qint64 i = 0; i < n; ++i)
            if (corpus.file[i] == file) {
                items << i;
                ++chunks;
            }
    }
    const double cpu = threadCpuMs();
    for (qint64 item : items)
        index.remove(item);
    for (qint64 item : items)
        index.add(item + kReAddedLabel, corpus.vectors[item]);
    return (threadCpuMs() - cpu) / 1e3;
}

QList<int> numbers(const QString &list)
{
    QList<int> values;
    for (const QString &part : list.split(QLatin1Char(','), Qt::SkipEmptyParts))
        values << part.toInt();
    return values;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QList<int> sizes = {10000, 20000, 50000, 100000};
    QList<int> widths = {96, 200, 400, 800};
    int queryCount = 300;
    int candidates = 60; // RankingMode::vectorCandidates of the default `fast` mode (deep: 200)
    int shortlist = 200;
    quint64 seed = 42;
    bool int8 = true;
    QStringList args = app.arguments().mid(1);
    while (!args.isEmpty()) {
        const QString a = args.takeFirst();
        if (a == QLatin1String("--sizes") && !args.isEmpty())
            sizes = numbers(args.takeFirst());
        else if (a == QLatin1String("--widths") && !args.isEmpty())
            widths = numbers(args.takeFirst());
        else if (a == QLatin1String("--queries") && !args.isEmpty())
            queryCount = args.takeFirst().toInt();
        else if (a == QLatin1String("--seed") && !args.isEmpty())
            seed = args.takeFirst().toULongLong();
        else if (a == QLatin1String("--k") && !args.isEmpty())
            candidates = args.takeFirst().toInt();
        else if (a == QLatin1String("--int8-shortlist") && !args.isEmpty())
            shortlist = args.takeFirst().toInt();
        else if (a == QLatin1String("--no-int8"))
            int8 = false;
        else {
            fprintf(stderr, "usage: vector_order_bench [--sizes 10000,20000,50000,100000] [--widths 96,200,400,800] "
                            "[--queries 300] [--k 60] [--seed 42] [--int8-shortlist 200] [--no-int8]\n");
            return 2;
        }
    }
    if (sizes.isEmpty() || widths.isEmpty() || queryCount <= 0 || candidates < kTopSmall || shortlist < candidates
        || *std::min_element(sizes.begin(), sizes.end()) < 100) {
        fprintf(stderr, "vector_order_bench: sizes must be at least 100, widths and queries not empty, k at least 10 "
                        "and the int8 shortlist at least k\n");
        return 2;
    }

    const Config config;
    auto embedder = Embedder::create(config);
    if (!embedder) {
        fprintf(stderr, "vector_order_bench: %s\n", qPrintable(embedder.error().message));
        return 1;
    }
    const int largest = *std::max_element(sizes.begin(), sizes.end());
    QElapsedTimer clock;
    clock.start();
    Corpus corpus = makeCorpus(largest, seed);
    if (Status s = embedCorpus(corpus, **embedder); !s) {
        fprintf(stderr, "vector_order_bench: %s\n", qPrintable(s.error().message));
        return 1;
    }
    auto embeddedQueries = (*embedder)->embed(makeQueries(corpus, queryCount, seed + 1));
    if (!embeddedQueries) {
        fprintf(stderr, "vector_order_bench: %s\n", qPrintable(embeddedQueries.error().message));
        return 1;
    }
    const QList<Vector> queries = *embeddedQueries;
    const int buildEffort = (*embedder)->id().startsWith(QLatin1String("hash")) ? VectorIndex::kHashBuildEffort
                                                                                : VectorIndex::kModelBuildEffort;
    out << "embedder " << (*embedder)->id() << ", " << largest << " chunks and " << queries.size()
        << " queries embedded in " << clock.elapsed() / 1000.0 << " s; efConstruction " << buildEffort
        << ", k = " << candidates << "; times: CPU p50 / p95 (wall p50) ms per query\n\n";
    out << "| N | search | R@10 vs exact (natural / shuffled / re-added) | R@" << candidates
        << " natural | top-10 overlap nat↔shuf | top-10 same order | top-" << candidates << " overlap nat↔shuf | top-"
        << candidates << " same set nat↔shuf / nat↔re-added | time |\n"
        << "|---|---|---|---|---|---|---|---|---|\n";
    out.flush();

    for (int n : sizes) {
        QList<qint64> natural(n);
        std::iota(natural.begin(), natural.end(), qint64(0));
        QList<qint64> shuffled = natural;
        QRandomGenerator shuffle(seed + quint64(n));
        std::shuffle(shuffled.begin(), shuffled.end(), shuffle);

        VectorIndex first((*embedder)->dimensions(), buildEffort);
        VectorIndex second((*embedder)->dimensions(), buildEffort);
        const double firstBuild = buildSeconds(first, corpus, natural);
        const double secondBuild = buildSeconds(second, corpus, shuffled);

        first.setSearchWidth(VectorIndex::kExactSearch);
        second.setSearchWidth(VectorIndex::kExactSearch);
        const Answers exact = ask(first, queries, candidates);
        const Answers exactShuffled = ask(second, queries, candidates);

        QList<Answers> naturalByWidth;
        for (int width : widths) {
            first.setSearchWidth(width);
            naturalByWidth << ask(first, queries, candidates);
        }
        // The third history: the first index after a round of re-indexed files.
        const double reAdd = reAddTwoPercent(first, corpus, n, seed + 2);
        first.setSearchWidth(VectorIndex::kExactSearch);
        const Answers exactReAdded = ask(first, queries, candidates);

        auto line = [&](const QString &search, const Answers &a, const Answers &b, const Answers &c) {
            const Agreement small = agreement(a, b, kTopSmall);
            const Agreement large = agreement(a, b, candidates);
            out << "| " << n << " | " << search << " | " << figure(recall(a, exact, kTopSmall)) << " / "
                << figure(recall(b, exact, kTopSmall)) << " / " << figure(recall(c, exact, kTopSmall)) << " | "
                << figure(recall(a, exact, candidates)) << " | " << figure(small.overlap) << " | "
                << figure(small.sameOrder) << " | " << figure(large.overlap) << " | " << figure(large.sameSet) << " / "
                << figure(agreement(a, c, candidates).sameSet) << " | " << times(a) << " |\n";
            out.flush();
        };
        line(QStringLiteral("exact (VectorIndex)"), exact, exactShuffled, exactReAdded);
        for (qsizetype w = 0; w < widths.size(); ++w) {
            first.setSearchWidth(widths[w]);
            second.setSearchWidth(widths[w]);
            line(QStringLiteral("graph ef %1").arg(widths[w]), naturalByWidth[w], ask(second, queries, candidates),
                 ask(first, queries, candidates));
        }

        const FlatVectors flat(corpus.vectors, n);
        const Answers floor = askFlat(queries, [&](const Vector &q) { return flat.exact(q, candidates); });
        out << "| " << n << " | floor: float scan of a plain array | top-" << candidates
            << " = VectorIndex exact: " << figure(agreement(floor, exact, candidates).sameOrder)
            << " % of queries (in order) | | | | | | " << times(floor) << " |\n";
        if (int8) {
            const Answers quantized =
                askFlat(queries, [&](const Vector &q) { return flat.quantized(q, candidates, shortlist); });
            out << "| " << n << " | int8 scan, float re-score of top " << shortlist << " | "
                << figure(recall(quantized, exact, kTopSmall)) << " | " << figure(recall(quantized, exact, candidates))
                << " | | top-" << candidates
                << " = float exact, same set / same order: " << figure(agreement(quantized, exact, candidates).sameSet)
                << " / " << figure(agreement(quantized, exact, candidates).sameOrder) << " | | | " << times(quantized)
                << " |\n";
        }
        out << "| " << n << " | (build CPU s: natural " << QString::number(firstBuild, 'f', 1) << ", shuffled "
            << QString::number(secondBuild, 'f', 1) << ", 2 % re-added " << QString::number(reAdd, 'f', 2)
            << "; elapsed " << clock.elapsed() / 1000 << " s) | | | | | | | |\n";
        out.flush();
    }
    return 0;
}
