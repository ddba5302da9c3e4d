#include "core/TextAnalysis.h"
#include "index/Embedder.h"

#include <QHash>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace engram {

namespace {

// FNV-1a over UTF-16 code units: stable across platforms and runs.
quint64 hashOf(QStringView text, quint64 seed)
{
    quint64 h = 1469598103934665603ULL ^ seed;
    for (const QChar c : text) {
        h ^= c.unicode();
        h *= 1099511628211ULL;
    }
    return h;
}

struct Feature {
    float weight = 0.0f;
    int count = 0;
};

void addFeature(QHash<quint64, Feature> &features, QStringView feature, quint64 seed, float weight)
{
    Feature &f = features[hashOf(feature, seed)];
    f.weight = weight;
    ++f.count;
}

} // namespace

float dot(const Vector &a, const Vector &b)
{
    const qsizetype n = qMin(a.size(), b.size());
    float sum = 0.0f;
    for (qsizetype i = 0; i < n; ++i)
        sum += a[i] * b[i];
    return sum;
}

void normalize(Vector &v)
{
    double norm = 0.0;
    for (float x : v)
        norm += double(x) * x;
    if (norm <= 0.0)
        return;
    const float inv = float(1.0 / std::sqrt(norm));
    for (float &x : v)
        x *= inv;
}

HashEmbedder::HashEmbedder(int dimensions) : m_dimensions(qMax(16, dimensions)) { }

QString HashEmbedder::id() const
{
    return QStringLiteral("hash-v1:%1").arg(m_dimensions);
}

Vector HashEmbedder::embedOne(const QString &text) const
{
    QHash<quint64, Feature> features;
    const QStringList terms = TextAnalysis::terms(text);
    for (qsizetype i = 0; i < terms.size(); ++i) {
        const QString &term = terms[i];
        addFeature(features, term, 1, 1.0f);
        if (i + 1 < terms.size())
            addFeature(features, QString(term + QLatin1Char(' ') + terms[i + 1]), 2, 0.5f);
        // Character 4-grams of the padded word catch shared stems the stemmer misses.
        if (term.size() >= 5) {
            const QString padded = QLatin1Char('<') + term + QLatin1Char('>');
            for (qsizetype at = 0; at + 4 <= padded.size(); ++at)
                addFeature(features, QStringView(padded).mid(at, 4), 3, 0.25f);
        }
    }
    // Summed in the order of the hashes: a QHash iterates in an order seeded per process, and float
    // sums in another order differ in the last bits, so two processes embedded the same text into
    // vectors that ranked a rebuild's recall differently from the index they rebuilt.
    std::vector<std::pair<quint64, Feature>> ordered(features.constKeyValueBegin(), features.constKeyValueEnd());
    std::sort(ordered.begin(), ordered.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    Vector v(m_dimensions, 0.0f);
    for (const auto &[h, feature] : ordered) {
        const int bucket = int(h % quint64(m_dimensions));
        const float sign = (h >> 63) ? -1.0f : 1.0f;
        v[bucket] += sign * feature.weight * (1.0f + std::log(float(feature.count))); // sublinear tf
    }
    normalize(v);
    return v;
}

Result<QList<Vector>> HashEmbedder::embed(const QStringList &texts)
{
    QList<Vector> out;
    out.reserve(texts.size());
    for (const QString &text : texts)
        out << embedOne(text);
    return out;
}

} // namespace engram
