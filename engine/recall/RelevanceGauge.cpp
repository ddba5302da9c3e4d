#include "recall/RelevanceGauge.h"

#include "core/PorterStemmer.h"
#include "core/TextAnalysis.h"
#include "index/IndexStore.h"

#include <QMutex>
#include <QRegularExpression>

#include <cmath>

namespace engram {

namespace {

/// Sentences on subjects a personal memory rarely holds, in plain wording: a query's best cosine with
/// them is what the embedder gives text that is not about the query (its null level).
const QStringList &probeSentences()
{
    static const QStringList probes = {
        QStringLiteral("The tectonic plates beneath the ocean floor shift a few centimetres every year."),
        QStringLiteral("Configure the load balancer to forward port 443 to the backend pool."),
        QStringLiteral("The medieval guild regulated the price of wool and the training of apprentices."),
        QStringLiteral("Photosynthesis converts carbon dioxide and water into glucose and oxygen."),
        QStringLiteral("The derivative of the sine function is the cosine function."),
        QStringLiteral("A quarterly report showed revenue growth in the logistics segment."),
        QStringLiteral("The referee awarded a penalty kick in the last minute of the match."),
        QStringLiteral("Whisk the eggs with sugar until pale, then fold in the flour."),
        QStringLiteral("The satellite entered a geostationary orbit above the equator."),
        QStringLiteral("Tax returns must be filed before the end of the fiscal year."),
        QStringLiteral("The violin concerto opens with a slow movement in a minor key."),
        QStringLiteral("Hello, how are you today? I am fine, thanks, and you?"),
    };
    return probes;
}

/// Probe vectors per embedder id: embedding them is once per process, not per query.
QList<Vector> probeVectors(Embedder &embedder)
{
    static QMutex mutex;
    static QHash<QString, QList<Vector>> cache;
    const QString id = embedder.id();
    {
        QMutexLocker lock(&mutex);
        if (const auto it = cache.constFind(id); it != cache.constEnd())
            return *it;
    }
    auto embedded = embedder.embed(probeSentences());
    if (!embedded)
        return {}; // no null level: meaning() then counts nothing (coverage still decides)
    QMutexLocker lock(&mutex);
    cache.insert(id, *embedded);
    return *embedded;
}

} // namespace

QStringList RelevanceGauge::contentStems(QStringView text)
{
    QStringList out;
    QString current;
    auto flush = [&] {
        if (current.size() > 1 && !TextAnalysis::isStopWord(current))
            out << PorterStemmer::stem(current);
        current.clear();
    };
    for (const QChar c : text) {
        if (c.isLetterOrNumber())
            current += c.toLower();
        else
            flush();
    }
    flush();
    return out;
}

RelevanceGauge::RelevanceGauge(IndexStore &store, const QString &query, Embedder *embedder, const Vector &queryVector,
                               double background)
{
    // A situation ("task · project · recent file", SessionQuery) is several queries in one: each part
    // is measured on its own and the best counts, or an unknown folder name would outweigh the task.
    QStringList stems = contentStems(query);
    stems.removeDuplicates();
    if (!stems.isEmpty()) {
        // A vault of a few files cannot say how rare a word is (a word in one of two chunks would
        // weigh 0.4 against 1.6 for one it never saw): idf is taken as if among at least 1000 chunks.
        const double chunks = double(qMax<qint64>(1000, store.approximateChunkCount()));
        const QHash<QString, qint64> frequency = store.documentFrequencies(stems);
        for (const QString &part : query.split(QStringLiteral(" · "), Qt::SkipEmptyParts)) {
            Part p;
            QSet<QString> seen;
            for (const QString &s : contentStems(part)) {
                if (seen.contains(s))
                    continue;
                seen.insert(s);
                const double df = double(frequency.value(s));
                // BM25's idf, never below a floor: a word in every chunk still says a little.
                const double idf = qMax(0.05, std::log(1.0 + (chunks - df + 0.5) / (df + 0.5)));
                p.idf.append({s, idf});
                p.max += idf;
            }
            if (p.max > 0.0)
                m_parts << p;
        }
        const QStringList words = query.split(QRegularExpression(QStringLiteral("[^\\w']+")), Qt::SkipEmptyParts);
        for (qsizetype i = 1; i < words.size(); ++i) {
            const QString &w = words[i];
            if (w.size() < 2 || !w.front().isUpper() || w.toUpper() == w)
                continue; // not a name (all capitals is shouting or an acronym)
            for (const QString &s : contentStems(w))
                if (frequency.value(s) > 0)
                    m_names.insert(s);
        }
    }
    // Hashed vectors are the query's own words and n-grams again, with collisions: at the level that
    // decides "anything at all?" their cosine is noise (a runic query met chat turns at 0.3 on LoCoMo),
    // so only a model's cosine counts as evidence of meaning.
    if (embedder && !queryVector.isEmpty() && !embedder->id().startsWith(QLatin1String("hash"))) {
        double best = background;
        for (const Vector &probe : probeVectors(*embedder))
            best = qMax(best, double(dot(queryVector, probe)));
        m_nullCosine = qBound(0.0, best, 0.99);
    }
}

double RelevanceGauge::coverage(const QString &text) const
{
    const QStringList stems = contentStems(text);
    const QSet<QString> present(stems.cbegin(), stems.cend());
    double best = 0.0;
    for (const Part &p : m_parts) {
        double covered = 0.0;
        for (const auto &[stem, idf] : p.idf)
            if (present.contains(stem))
                covered += idf;
        best = qMax(best, covered / p.max);
    }
    for (const QString &name : m_names)
        if (present.contains(name))
            return qMax(best, kRelevant);
    return best;
}

double RelevanceGauge::meaning(double cosine) const
{
    return cosine <= m_nullCosine ? 0.0 : (cosine - m_nullCosine) / (1.0 - m_nullCosine);
}

double RelevanceGauge::match(const QString &text, double cosine) const
{
    return qMax(coverage(text), meaning(cosine));
}

} // namespace engram
