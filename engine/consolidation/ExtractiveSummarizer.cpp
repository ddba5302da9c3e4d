#include "consolidation/ExtractiveSummarizer.h"

#include "core/TextAnalysis.h"

#include <QHash>
#include <QMap>
#include <QRegularExpression>

#include <cmath>
#include <vector>

namespace engram {

namespace {

// Ordered by term: every sum below runs in the same order in every process. Over a QHash the
// order followed the per-process random seed, and near-ties in floating point then picked a
// different sentence for the same vault (a golden digest changed in about one run in three).
using SparseVector = QMap<QString, double>;

/// A unit with fewer content terms ("Cool.", "Thanks!") carries nothing worth keeping.
constexpr int kMinTerms = 3;

double dot(const SparseVector &a, const SparseVector &b)
{
    const SparseVector &small = a.size() < b.size() ? a : b;
    const SparseVector &large = a.size() < b.size() ? b : a;
    double sum = 0.0;
    for (auto it = small.cbegin(); it != small.cend(); ++it)
        sum += it.value() * large.value(it.key());
    return sum;
}

void normalise(SparseVector &v)
{
    double norm = 0.0;
    for (double x : std::as_const(v))
        norm += x * x;
    norm = std::sqrt(norm);
    if (norm <= 0.0)
        return;
    for (double &x : v)
        x /= norm;
}

} // namespace

bool ExtractiveSummarizer::isKeeper(const SummaryUnit &unit)
{
    static const QStringList categories = {QStringLiteral("decision"), QStringLiteral("lesson"), QStringLiteral("rule"),
                                           QStringLiteral("goal")};
    if (categories.contains(unit.category))
        return true;
    static const QRegularExpression pattern(
        QStringLiteral(
            R"(\b(we decided|i decided|decision:|lesson:|lesson learned|rule:|goal:|we agreed|from now on|never again)\b)"),
        QRegularExpression::CaseInsensitiveOption);
    return pattern.match(unit.text).hasMatch();
}

QList<int> ExtractiveSummarizer::select(const QList<SummaryUnit> &units, const Options &options)
{
    const qsizetype n = units.size();
    if (n == 0)
        return {};

    // TF-IDF vectors over stemmed terms; document frequency across the units of this source.
    QList<QMap<QString, int>> counts(n);
    QHash<QString, int> documentFrequency;
    for (qsizetype i = 0; i < n; ++i) {
        for (const QString &term : TextAnalysis::terms(units[i].text))
            ++counts[i][term];
        for (auto it = counts[i].cbegin(); it != counts[i].cend(); ++it)
            ++documentFrequency[it.key()];
    }
    QList<SparseVector> vectors(n);
    SparseVector centroid;
    for (qsizetype i = 0; i < n; ++i) {
        for (auto it = counts[i].cbegin(); it != counts[i].cend(); ++it) {
            const double idf = std::log(1.0 + double(n) / double(documentFrequency.value(it.key())));
            vectors[i].insert(it.key(), (1.0 + std::log(double(it.value()))) * idf);
        }
        normalise(vectors[i]);
        for (auto it = vectors[i].cbegin(); it != vectors[i].cend(); ++it)
            centroid[it.key()] += it.value();
    }
    normalise(centroid);

    // Informativeness: the summed IDF of a unit's distinct terms, so that a
    // specific turn ("we adopted a dog named Oscar in May") outranks small
    // talk ("Wow, that's cool!"), which is central only because it is common.
    QList<double> information(n, 0.0);
    double maxInformation = 1e-9;
    for (qsizetype i = 0; i < n; ++i) {
        for (auto it = counts[i].cbegin(); it != counts[i].cend(); ++it)
            information[i] += std::log(1.0 + double(n) / double(documentFrequency.value(it.key())));
        maxInformation = std::max(maxInformation, information[i]);
    }
    QList<double> centrality(n);
    for (qsizetype i = 0; i < n; ++i) {
        const bool question = units[i].text.trimmed().endsWith(QLatin1Char('?'));
        centrality[i] =
            (0.5 * dot(vectors[i], centroid) + 0.5 * information[i] / maxInformation) * (question ? 0.8 : 1.0);
    }

    QList<int> chosen;
    std::vector<char> taken(size_t(n), 0);
    int used = 0;
    auto cost = [&](qsizetype i) { return TextAnalysis::estimateTokens(units[i].text); };

    // Keepers first, in source order, while they fit.
    for (qsizetype i = 0; i < n; ++i) {
        if (isKeeper(units[i]) && used + cost(i) <= options.tokenBudget) {
            taken[size_t(i)] = 1;
            used += cost(i);
            chosen << int(i);
        }
    }
    // Then MMR until nothing more fits.
    for (;;) {
        double best = -1e9;
        qsizetype bestIndex = -1;
        for (qsizetype i = 0; i < n; ++i) {
            if (taken[size_t(i)] || vectors[i].size() < kMinTerms || used + cost(i) > options.tokenBudget)
                continue;
            double redundancy = 0.0;
            for (int j : std::as_const(chosen))
                redundancy = std::max(redundancy, dot(vectors[i], vectors[j]));
            const double score = options.lambda * centrality[i] - (1.0 - options.lambda) * redundancy;
            if (score > best) {
                best = score;
                bestIndex = i;
            }
        }
        if (bestIndex < 0 && chosen.isEmpty()) {
            // Nothing fits: a digest still holds the most central unit rather than nothing.
            for (qsizetype i = 0; i < n; ++i)
                if (!vectors[i].isEmpty() && (bestIndex < 0 || centrality[i] > centrality[bestIndex]))
                    bestIndex = i;
        }
        if (bestIndex < 0)
            break;
        taken[size_t(bestIndex)] = 1;
        used += cost(bestIndex);
        chosen << int(bestIndex);
    }
    std::sort(chosen.begin(), chosen.end());
    return chosen;
}

} // namespace engram
