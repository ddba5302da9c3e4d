// VectorIndex's search widths: the exact scan answers the same whatever order the vectors came in,
// the graph does not (bench/README.md, "Vector search and insertion order").
#include "index/Embedder.h"
#include "index/VectorIndex.h"
#include "index/VectorKernels.h"

#include <QRandomGenerator>
#include <QTest>

#include <algorithm>

using namespace engram;

namespace {

constexpr int kChunks = 3000;
constexpr int kQueries = 20;
constexpr int kTop = 30;

/// Short sentences over a small vocabulary, so that neighbourhoods are crowded as a vault's are.
QStringList sentences(int count, quint32 seed)
{
    static const QStringList vocabulary =
        QStringLiteral("index query latency cache vector chunk token recall ranking decay "
                       "schema sqlite parser session digest journal thread worker release "
                       "deploy branch merge commit review test build error timeout server "
                       "client request memory agent prompt answer tool design pattern")
            .split(QLatin1Char(' '));
    QRandomGenerator rng(seed);
    QStringList out;
    for (int i = 0; i < count; ++i) {
        QStringList words;
        for (int n = 3 + int(rng.bounded(6)); n > 0; --n)
            words << vocabulary[rng.bounded(int(vocabulary.size()))];
        out << words.join(QLatin1Char(' '));
    }
    return out;
}

struct Fixture {
    QList<Vector> vectors = *HashEmbedder().embed(sentences(kChunks, 1));
    QList<Vector> queries = *HashEmbedder().embed(sentences(kQueries, 2));

    void fill(VectorIndex &index, bool reversed) const
    {
        for (int i = 0; i < kChunks; ++i) {
            const int id = reversed ? kChunks - 1 - i : i;
            index.add(id, vectors[id]);
        }
    }
};

/// The similarity the index gives: the float query with the stored float16 vector, in double.
double storedSimilarity(const Vector &query, const Vector &vector)
{
    double sum = 0.0;
    for (qsizetype i = 0; i < query.size(); ++i)
        sum += double(query[i]) * double(VectorKernels::fromHalf(VectorKernels::toHalf(vector[i])));
    return sum;
}

QList<qint64> ids(const QList<VectorIndex::Hit> &hits)
{
    QList<qint64> out;
    for (const auto &hit : hits)
        out << hit.id;
    return out;
}

} // namespace

class TestVectorIndex : public QObject {
    Q_OBJECT
private slots:
    void exactSearch_isTheBruteForceAnswerWhateverTheInsertionOrder()
    {
        const Fixture fixture;
        VectorIndex forward(HashEmbedder().dimensions(), VectorIndex::kHashBuildEffort);
        VectorIndex backward(HashEmbedder().dimensions(), VectorIndex::kHashBuildEffort);
        fixture.fill(forward, false);
        fixture.fill(backward, true);
        forward.setSearchWidth(VectorIndex::kExactSearch);
        backward.setSearchWidth(VectorIndex::kExactSearch);
        for (const Vector &query : fixture.queries) {
            std::vector<std::pair<double, qint64>> all;
            std::vector<std::pair<float, qint64>> float32;
            for (int id = 0; id < kChunks; ++id) {
                all.emplace_back(-storedSimilarity(query, fixture.vectors[id]), id);
                float32.emplace_back(-dot(query, fixture.vectors[id]), id);
            }
            std::sort(all.begin(), all.end());
            std::sort(float32.begin(), float32.end());
            const auto hits = forward.search(query, kTop);
            QCOMPARE(ids(backward.search(query, kTop)), ids(hits));
            QCOMPARE(hits.size(), kTop);
            for (int i = 0; i < kTop; ++i) { // similarities agree; ids may swap only within a tie
                QVERIFY2(std::abs(double(hits[i].similarity) + all[size_t(i)].first) < 1e-5,
                         qPrintable(QString::number(i)));
                // float16 moves a similarity by ~1e-4 from the float32 one (hashed 384-dim vectors).
                QVERIFY2(std::abs(hits[i].similarity + float32[size_t(i)].first) < 1e-3f,
                         qPrintable(QString::number(i)));
            }
        }
    }

    void int8Scan_answersAsTheExactScanWhateverTheInsertionOrder()
    {
        const Fixture fixture;
        VectorIndex forward(HashEmbedder().dimensions(), VectorIndex::kHashBuildEffort);
        VectorIndex backward(HashEmbedder().dimensions(), VectorIndex::kHashBuildEffort);
        fixture.fill(forward, false);
        fixture.fill(backward, true);
        for (const Vector &query : fixture.queries) {
            forward.setSearchWidth(VectorIndex::kExactSearch);
            const auto exact = forward.search(query, kTop);
            forward.setSearchWidth(VectorIndex::kScanSearch);
            backward.setSearchWidth(VectorIndex::kScanSearch);
            const auto scanned = forward.search(query, kTop);
            QCOMPARE(ids(backward.search(query, kTop)), ids(scanned));
            QCOMPARE(ids(scanned), ids(exact));
            for (int i = 0; i < kTop; ++i)
                QCOMPARE(scanned[i].similarity, exact[i].similarity);
        }
    }

    void graphSearch_dependsOnTheInsertionOrderAndAutomaticSearchDoesNot()
    {
        const Fixture fixture;
        VectorIndex forward(HashEmbedder().dimensions(), VectorIndex::kHashBuildEffort);
        VectorIndex backward(HashEmbedder().dimensions(), VectorIndex::kHashBuildEffort);
        fixture.fill(forward, false);
        fixture.fill(backward, true);
        auto disagreements = [&] {
            int count = 0;
            for (const Vector &query : fixture.queries)
                count += ids(forward.search(query, kTop)) != ids(backward.search(query, kTop)) ? 1 : 0;
            return count;
        };
        forward.setSearchWidth(16); // the graph, though 3000 vectors are below kExactBelow
        backward.setSearchWidth(16);
        QVERIFY(disagreements() > 0);
        forward.setSearchWidth(VectorIndex::kAutomaticSearch);
        backward.setSearchWidth(VectorIndex::kAutomaticSearch);
        QCOMPARE(disagreements(), 0);
    }
};

QTEST_GUILESS_MAIN(TestVectorIndex)
#include "tst_vectorindex.moc"
